"""Scacchi di Clupso: Elolbia's men and chess pieces without Kings; capture every piece to win.

**Position string**: ``<board> <side> [<move number> [draw]]``; letters Q R B N for the chess
pieces and M for a man. White sets up on ranks 8-6 and moves first; Black on ranks 1-3
(RULES.md section 5). The start::

    RNBQ1BNR/MMMMMMMM/2MMMM2/8/8/2mmmm2/mmmmmmmm/rnbq1bnr w 1

The optional last word ``draw`` marks a game ended by agreement (the referee action
:meth:`ClupsoPosition.agree_draw`); such a position has no moves.

**Moves**: from-to, chains listing every landing cell (``c6a4c2``), as in Elolbia. A man whose
move **ends** on its promotion rank (rank 1 for White, rank 8 for Black) may become one of its
own chess piece types of which fewer stand on the board than at the start (Q 1, R 2, B 2,
N 2): each choice is a move written with ``=`` and the letter (``a2a1=Q``, ``c3a1=R``), and
staying a man is the move without a suffix. Capturing is never compulsory; no check.

**End** (RULES.md section 5): as soon as a side has **no pieces at all** on the board, chess
pieces and men alike, the other side wins (``all_pieces_captured``); a side left with its Queen
and no men plays on. Option ``clupso_end``: ``"all"`` (the default, the seed's "tutte le
pedine"), or ``"men"``: a side with no men on the board loses even if its last man has just
promoted (``men_captured``). If neither side has any, the side that has just moved wins (it
took the last one). Ruling (the text is silent): a side with pieces but no legal move is a
draw (stalemate).

>>> from companion.rules import get_variant
>>> pos = get_variant("clupso").start_position()
>>> pos.turn.name, len(pos.legal_moves())
('WHITE', 14)
"""

from __future__ import annotations

from typing import Any

from companion.rules.draughts import MAN, DraughtsPosition, Key
from companion.rules.errors import IllegalMove, OptionError, PositionError
from companion.rules.fen import field_starts
from companion.rules.moves import Outcome, Termination
from companion.rules.pieces import BISHOP, KNIGHT, QUEEN, ROOK, Color
from companion.rules.refusal import Refusal
from companion.rules.variant import Variant

DRAW_MARK = "draw"
START_COUNTS: dict[str, int] = {"queen": 1, "rook": 2, "bishop": 2, "knight": 2}


class ClupsoVariant(Variant):
    name = "clupso"
    title = "Scacchi di Clupso"
    piece_types = (QUEEN, ROOK, BISHOP, KNIGHT, MAN)
    start_fen = "RNBQ1BNR/MMMMMMMM/2MMMM2/8/8/2mmmm2/mmmmmmmm/rnbq1bnr w 1"
    option_defaults = {
        # Ruling: promotion is optional (staying a man is a move of its own).
        "promotion_optional": True,
        # The game ends when a side has no pieces at all ("all") or no men ("men").
        "clupso_end": "all",
    }
    option_values = {"clupso_end": ("all", "men")}

    def check_option(self, key: str, value: Any) -> Any:
        if key in self.option_values:
            allowed = self.option_values[key]
            if value not in allowed:
                raise OptionError(f"clupso option {key} is one of {list(allowed)}, not {value!r}")
            return value
        if not isinstance(value, bool):
            raise OptionError(f"{key} is true or false, not {value!r}")
        return value

    def build_rule_tables(self) -> None:
        g = self.geometry
        self.man_code = (self.code("man", Color.WHITE), self.code("man", Color.BLACK))
        # White's promotion rank is rank 1, Black's rank 8 (the seed's own words).
        self.promotion_rank = (0, g.ranks - 1)
        self.chess_codes: tuple[tuple[int, ...], tuple[int, ...]] = tuple(  # type: ignore[assignment]
            tuple(self.code(kind, color) for kind in START_COUNTS) for color in Color)
        self.men_only_end = self.options["clupso_end"] == "men"


class ClupsoPosition(DraughtsPosition):
    """A Clupso position (see the module docstring)."""

    variant: ClupsoVariant

    def __init__(self, variant: ClupsoVariant) -> None:
        super().__init__(variant)
        self.agreed_draw = False

    # -- the position string --------------------------------------------------------------
    @classmethod
    def from_fen(cls, variant: Variant, text: str) -> "ClupsoPosition":
        assert isinstance(variant, ClupsoVariant)
        pos = cls(variant)
        fields = text.split()
        starts = field_starts(text)
        if len(fields) not in (2, 3, 4):
            raise PositionError(f"a Clupso position is '<board> <w|b> [<move number> [draw]]',"
                                f" got {len(fields)} fields")
        pos.parse_board_field(fields[0], starts[0])
        if fields[1] not in ("w", "b"):
            raise PositionError(f"side to move is 'w' or 'b', not {fields[1]!r}", field=2,
                                column=starts[1])
        pos.side = 0 if fields[1] == "w" else 1
        if len(fields) >= 3:
            if not fields[2].isdigit() or int(fields[2]) < 1:
                raise PositionError(f"the move number must be a whole number >= 1, not"
                                    f" {fields[2]!r}", field=3, column=starts[2])
            pos.fullmove = int(fields[2])
        if len(fields) == 4:
            if fields[3] != DRAW_MARK:
                raise PositionError(f"the fourth field can only be {DRAW_MARK!r} (a draw by"
                                    f" agreement), not {fields[3]!r}", field=4, column=starts[3])
            pos.agreed_draw = True
        return pos

    def fen(self) -> str:
        text = f"{self.board_field()} {'wb'[self.side]} {self.fullmove}"
        return f"{text} {DRAW_MARK}" if self.agreed_draw else text

    def _copy_extra(self, new: "ClupsoPosition") -> None:  # type: ignore[override]
        new.agreed_draw = self.agreed_draw

    # -- rules ---------------------------------------------------------------------------
    def men_count(self, color: int) -> int:
        man = self.variant.man_code[color]
        board = self.board
        return sum(1 for c in self.pieces[color] if board[c] == man)

    def promotion_choices(self, color: int) -> list[int]:
        """The codes a man of ``color`` may become now: own chess types below their count at
        the start (each captured piece can come back once)."""
        board = self.board
        counts = {code: 0 for code in self.variant.chess_codes[color]}
        for c in self.pieces[color]:
            if board[c] in counts:
                counts[board[c]] += 1
        out = []
        for code, start in zip(self.variant.chess_codes[color], START_COUNTS.values()):
            if counts[code] < start:
                out.append(code)
        return out

    def left(self, color: int) -> int:
        """What keeps ``color`` in the game: its pieces of any kind (its men with
        ``clupso_end = men``)."""
        return self.men_count(color) if self.variant.men_only_end else len(self.pieces[color])

    def _legal(self) -> list[Key]:  # type: ignore[override]
        if self.agreed_draw:
            return []
        us = self.side
        if not self.left(0) or not self.left(1):
            return []
        moves: list[Key] = self._pseudo(us)  # type: ignore[assignment]
        moves.extend(self._chain_keys(us))
        man = self.variant.man_code[us]
        rank = self.variant.promotion_rank[us]
        choices = None
        board = self.board
        geometry = self.geometry
        out: list[Key] = []
        optional = self.variant.options["promotion_optional"]
        for m in moves:
            if board[m[0]] == man and geometry.rank_of(m[1]) == rank:
                if choices is None:
                    choices = self.promotion_choices(us)
                if optional or not choices:
                    out.append(m)
                out.extend(m[:2] + (code,) + m[3:] for code in choices)
            else:
                out.append(m)
        return out

    def outcome(self) -> Outcome | None:
        if self.agreed_draw:
            return Outcome(Termination.DRAW_AGREED, None)
        white, black = self.left(0), self.left(1)
        if not white or not black:
            if white or black:
                winner = Color.WHITE if white else Color.BLACK
            else:
                winner = Color(self.side ^ 1)
            why = Termination.MEN_CAPTURED if self.variant.men_only_end else Termination.ALL_PIECES_CAPTURED
            return Outcome(why, winner)
        if not self._legal():
            return Outcome(Termination.STALEMATE, None)
        return None

    # -- the referee's action ----------------------------------------------------------------
    def agree_draw(self) -> "ClupsoPosition":
        """The position after both players agree to a draw (RULES.md section 5: when the pieces
        cannot all be captured): a copy marked ``draw`` (the last field of its string), whose
        outcome is a draw by agreement. ``ValueError`` if the game is already over.

        >>> from companion.rules import get_variant
        >>> get_variant("clupso").start_position().agree_draw().fen().split()[-1]
        'draw'
        """
        outcome = self.outcome()
        if outcome is not None:
            raise ValueError(f"the game is already over ({outcome.termination.value})")
        new = self.copy()
        new.agreed_draw = True
        return new

    # -- reasons ---------------------------------------------------------------------------
    def explain_illegal(self, text: str) -> str:
        text = text.strip()
        base, sep, letter = text.partition("=")
        if sep and self.outcome() is None:
            cells = self.split_cells(base)
            if len(cells) >= 2:
                frm, to = cells[0], cells[-1]
                us = self.side
                if self.board[frm] == self.variant.man_code[us]:
                    names = self.geometry.cells
                    if self.geometry.rank_of(to) != self.variant.promotion_rank[us]:
                        return Refusal(f"a man becomes a piece only when its move ends on your"
                                       f" promotion rank, and {names[to]} is not on it", "move.promotion_rank",
                                       cell=names[to])
                    kinds = {self.variant.pieces[c].symbol.upper(): self.variant.pieces[c].kind
                             for c in self.variant.chess_codes[us]}  # type: ignore[union-attr]
                    if letter.upper() not in kinds:
                        return Refusal(f"a man may become Q, R, B or N, not {letter!r}", "move.promotion_letter",
                                       letter=letter)
                    codes = self.promotion_choices(us)
                    if not any(self.variant.pieces[c].symbol.upper() == letter.upper()  # type: ignore[union-attr]
                               for c in codes):
                        return Refusal(f"no captured {kinds[letter.upper()]} to bring back: a man becomes"
                                       " only a piece of its own that the opponent has captured",
                                       "move.promotion_none_captured", kind=kinds[letter.upper()])
                    try:
                        self.parse_move(base)
                    except IllegalMove as exc:
                        return str(exc)
        return super().explain_illegal(base if sep else text)

    def explain_pseudo_illegal(self, frm: int, to: int) -> str:
        names = self.geometry.cells
        if not self.variant.options["promotion_optional"]:
            return Refusal(f"{names[frm]}{names[to]} must name the piece the man becomes"
                           " (e.g. =Q): promotion is compulsory under this rule option", "move.promotion_compulsory",
                           move=f"{names[frm]}{names[to]}")
        return super().explain_pseudo_illegal(frm, to)


ClupsoVariant.position_class = ClupsoPosition
