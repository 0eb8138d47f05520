"""The referee's decisions on a board screen: a turn passed on time (Magici), agreed draw,
resignation, a new game, and Elolbia's agreed queen replacement.

The queen replacement (RULES.md section 4: by agreement, when only Kings, perhaps Bishops, and
more than 4 men a side remain, each side replaces 3 of its men with a Queen standing on one of
their squares) is entered on the board: the referee taps 3 men of one side, or of each side,
confirms, and says on which of each side's squares its Queen stands. The engine
(``agreed_queen_replacement``) checks the condition and builds the position, which is recorded
in a ``referee`` event (the replay starts again from it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.rules import Color
from companion.rules.session import Reason, RefereeAction, Refused

if TYPE_CHECKING:
    from companion.ui.board.screen import GameScreen

MEN_TO_REPLACE = 3


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

    items: list[tuple[str, Callable[[], None]]] = []
    if hasattr(session.position, "push_pass"):
        side = session.position.turn
        items.append((t("board.ref.pass", side=screen.side_name(side)), decide(RefereeAction.PASS_TURN, side)))
    items += [
        (t("board.ref.draw"), decide(RefereeAction.DRAW_AGREED, session.position.turn)),
        (t("board.ref.resign", side=screen.side_name(Color.WHITE)), decide(RefereeAction.RESIGN, Color.WHITE)),
        (t("board.ref.resign", side=screen.side_name(Color.BLACK)), decide(RefereeAction.RESIGN, Color.BLACK)),
    ]
    if hasattr(session.position, "agreed_queen_replacement"):
        items.append((t("board.ref.queen"), lambda: QueenReplacement.start(screen)))
    items.append((t("board.new_game"), lambda: screen.ask(t("board.new_game_confirm"),
                                                          [(t("board.new_game"), screen.new_game)])))
    return items


class QueenReplacement:
    """Picking the men to replace on the board (the screen's ``picker`` while it lasts)."""

    def __init__(self, screen: "GameScreen") -> None:
        self.screen = screen
        self.men: dict[Color, list[str]] = {Color.WHITE: [], Color.BLACK: []}
        self.queens: dict[Color, str] = {}

    @classmethod
    def start(cls, screen: "GameScreen") -> None:
        screen.close_overlay()
        reason = screen.session.position.queen_replacement_allowed()  # type: ignore[attr-defined]
        if reason is not None:
            screen.refuse(Reason.engine(reason))
            return
        picker = cls(screen)
        screen.picker = picker
        screen.entered = []
        picker.hint()
        screen.layout()

    @property
    def cells(self) -> list[str]:
        return [*self.men[Color.WHITE], *self.men[Color.BLACK]]

    def hint(self) -> None:
        self.screen.say(self.screen.t("board.ref.queen_hint", white=len(self.men[Color.WHITE]),
                                      black=len(self.men[Color.BLACK])))

    def pick(self, cell: str) -> None:
        """A tap on the board: add or remove a man of either side."""
        piece = self.screen.session.position.piece_at(cell)
        if piece is None or piece.kind != "man":
            self.screen.say(self.screen.t("board.ref.queen_not_man", cell=cell), "warn")
            return
        chosen = self.men[piece.color]
        if cell in chosen:
            chosen.remove(cell)
        elif len(chosen) < MEN_TO_REPLACE:
            chosen.append(cell)
        else:
            self.screen.say(self.screen.t("board.ref.queen_three"), "warn")
            return
        self.hint()
        self.screen.layout()

    def ready(self) -> bool:
        counts = [len(v) for v in self.men.values()]
        return all(n in (0, MEN_TO_REPLACE) for n in counts) and MEN_TO_REPLACE in counts

    def cancel(self) -> None:
        self.screen.picker = None
        self.screen.message = ""
        self.screen.layout()

    def confirm(self) -> None:
        """Ask where each side's Queen stands, then record the replacement."""
        waiting = [c for c in Color if len(self.men[c]) == MEN_TO_REPLACE and c not in self.queens]
        if not waiting:
            self._record()
            return
        color = waiting[0]
        title = self.screen.t("board.ref.queen_where", side=self.screen.side_name(color))
        self.screen.ask(title, [(self.screen.t("board.ref.queen_on", cell=c), self._placer(color, c))
                                for c in self.men[color]])

    def _placer(self, color: Color, cell: str) -> Callable[[], None]:
        def place() -> None:
            self.queens[color] = cell
            self.screen.close_overlay()
            self.confirm()
        return place

    def _record(self) -> None:
        screen = self.screen
        session = screen.session
        pos = session.position
        replacements = {c: (list(self.men[c]), self.queens[c]) for c in self.queens}
        try:
            after = pos.agreed_queen_replacement(replacements)  # type: ignore[attr-defined]
        except ValueError as exc:
            screen.picker = None
            screen.refuse(Reason.engine(exc))
            screen.layout()
            return
        men = {c.letter: self.men[c] for c in self.queens}
        queens = {c.letter: q for c, q in self.queens.items()}
        session.referee(RefereeAction.QUEEN_REPLACEMENT, pos.turn, fen=after.fen(), men=men, queens=queens)
        screen.picker = None
        screen.after_change()
        screen.layout()
