"""The referee's decisions on a board screen: agreed draw, resignation, and Elolbia's queen
replacement (by agreement, when only Kings, perhaps Bishops, and more than 4 men a side
remain, a side replaces 3 of its men with a Queen standing on one of their squares).

The replacement is recorded as a ``referee`` event carrying the position after it, built by
editing the board field of the position string (:func:`replace_men_with_queen`).

>>> from companion.rules import get_variant
>>> pos = get_variant("magici").from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
>>> set_cells(pos, {"a2": "P", "e1": None, "e2": "K"}).split()[0]
'4k3/8/8/8/8/8/P3K3/8'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion.rules import Color, Position
from companion.ui.board.session import RefereeAction, Refused

if TYPE_CHECKING:
    from companion.ui.board.screen import GameScreen

QUEEN_GAMES = frozenset({"elolbia"})
MEN_TO_REPLACE = 3


def set_cells(pos: Position, changes: Mapping[str, str | None]) -> str:
    """The position string with some cells changed (a letter, or ``None`` to empty them);
    the other fields are kept as they are."""
    g = pos.geometry
    grid: dict[tuple[int, int], str] = {}
    for i, name in enumerate(g.cells):
        f, r = g.coord(i)
        if not (0 <= f < g.files and 0 <= r < g.ranks):
            continue
        piece = pos.piece_at(name)
        if piece is not None:
            grid[(f, r)] = piece.symbol
    for name, letter in changes.items():
        f, r = g.coord(g.index(name))
        if letter is None:
            grid.pop((f, r), None)
        else:
            grid[(f, r)] = letter
    rows = []
    for r in range(g.ranks - 1, -1, -1):
        row, empty = "", 0
        for f in range(g.files):
            if (f, r) in grid:
                row += (str(empty) if empty else "") + grid[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    fields = pos.fen().split()
    fields[0] = "/".join(rows)
    return " ".join(fields)


def queen_replacement_allowed(pos: Position) -> bool:
    """Only Kings (and maybe Bishops) besides the men, and more than 4 men a side."""
    men = [0, 0]
    for name in pos.geometry.cells:
        piece = pos.piece_at(name)
        if piece is None:
            continue
        if piece.kind == "man":
            men[int(piece.color)] += 1
        elif piece.kind not in ("king", "bishop"):
            return False
    return men[0] > 4 and men[1] > 4


def replace_men_with_queen(pos: Position, men: list[str], queen_cell: str) -> str:
    """The position after ``men`` (3 cells of one side's men) become a Queen on
    ``queen_cell`` (one of them); ``ValueError`` naming the cell if a man is missing."""
    if len(set(men)) != MEN_TO_REPLACE or queen_cell not in men:
        raise ValueError(f"pick {MEN_TO_REPLACE} different men and put the Queen on one of them")
    colors = set()
    for cell in men:
        piece = pos.piece_at(cell)
        if piece is None or piece.kind != "man":
            raise ValueError(f"{cell}: no man there")
        colors.add(piece.color)
    if len(colors) != 1:
        raise ValueError("the 3 men must be of the same side")
    color = colors.pop()
    queen = "Q" if color == Color.WHITE else "q"
    changes: dict[str, str | None] = {cell: None for cell in men}
    changes[queen_cell] = queen
    return set_cells(pos, changes)


def referee_items(screen: "GameScreen") -> list[tuple[str, Callable[[], None]]]:
    """The referee menu's entries for this screen's game."""
    session = screen.session
    t = screen.t

    def decide(action: RefereeAction, side: Color) -> Callable[[], None]:
        def run() -> None:
            screen.close_overlay()
            try:
                session.referee(action, side)
            except Refused as exc:
                screen.refuse(exc.reason)
                return
            screen.after_change()
            screen.layout()
        return run

    items: list[tuple[str, Callable[[], None]]] = [
        (t("board.ref.draw"), decide(RefereeAction.DRAW_AGREED, session.position.turn)),
        (t("board.ref.resign", side=screen.side_name(Color.WHITE)), decide(RefereeAction.RESIGN, Color.WHITE)),
        (t("board.ref.resign", side=screen.side_name(Color.BLACK)), decide(RefereeAction.RESIGN, Color.BLACK)),
    ]
    if hasattr(session.position, "push_pass"):
        side = session.position.turn
        items.insert(0, (t("board.ref.pass", side=screen.side_name(side)), decide(RefereeAction.PASS_TURN, side)))
    if session.game in QUEEN_GAMES:
        items.append((t("board.ref.queen"), lambda: start_queen_replacement(screen)))
    items.append((t("board.new_game"), lambda: screen.ask(t("board.new_game_confirm"),
                                                          [(t("board.new_game"), screen.new_game)])))
    return items


def start_queen_replacement(screen: "GameScreen") -> None:
    screen.close_overlay()
    if not queen_replacement_allowed(screen.session.position):
        screen.say(screen.t("board.ref.queen_not_allowed"), "warn")
        return
    picked: list[str] = []
    screen.say(screen.t("board.ref.queen_hint", n=0))

    def pick(cell: str) -> None:
        pos = screen.session.position
        piece = pos.piece_at(cell)
        first = pos.piece_at(picked[0]) if picked else None
        if piece is None or piece.kind != "man" or cell in picked or (first is not None and first.color != piece.color):
            screen.say(screen.t("board.ref.queen_not_man", cell=cell), "warn")
            return
        picked.append(cell)
        screen.say(screen.t("board.ref.queen_hint", n=len(picked)))
        if len(picked) == MEN_TO_REPLACE:
            screen.picker = None
            screen.ask(screen.t("board.ref.queen_where"),
                       [(screen.t("board.ref.queen_on", cell=c), _placer(screen, list(picked), c)) for c in picked])

    screen.picker = pick
    screen.picked = picked


def _placer(screen: "GameScreen", men: list[str], cell: str) -> Callable[[], None]:
    def place() -> None:
        screen.close_overlay()
        session = screen.session
        fen = replace_men_with_queen(session.position, men, cell)
        side = session.position.piece_at(men[0]).color  # type: ignore[union-attr]
        data: dict[str, Any] = {"fen": fen, "men": men, "queen": cell}
        session.referee(RefereeAction.QUEEN_REPLACEMENT, side, **data)
        screen.picked = []
        screen.after_change()
        screen.layout()
    return place
