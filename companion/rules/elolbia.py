"""Scacchi di Elolbia: chess pieces without Pawns or castling, and twelve draughts men a side.

**Position string**: ``<board> <side> [<move number>]``; letters K Q R B N for the chess
pieces and M for a man (White upper case, moves first). The start (RULES.md section 4)::

    rnbqkbnr/mmmmmmmm/2mmmm2/8/8/2MMMM2/MMMMMMMM/RNBQKBNR w 1

Exactly one King a side; the side not to move may not be in check.

**Moves**: from-to (``e1e2``, ``c3c4``); a man's capture lists every landing cell
(``c3e5g3``), see :mod:`companion.rules.draughts`. Check, checkmate and stalemate as in chess;
a King is attacked by a man when some chain of that man could take it.

**The edge-squares rule** (option ``edge_rule``, default on): while a player has no Queen, no
Rook and at most one Knight, the opponent may not have more than half of its men on edge
cells; a move that would leave it so is illegal unless no other legal move exists.

**The agreed queen replacement** is a referee action:
:meth:`ElolbiaPosition.agreed_queen_replacement`. It needs more than 4 men a side; option
``queen_replacement_men = 4`` (the seed's "3 delle 4") lowers the minimum to 4 men.

>>> from companion.rules import get_variant
>>> pos = get_variant("elolbia").start_position()
>>> len(pos.legal_moves())
12
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.rules.check import CheckPosition
from companion.rules.draughts import MAN, DraughtsPosition, Key
from companion.rules.errors import OptionError, PositionError
from companion.rules.fen import field_starts
from companion.rules.moves import Outcome, Termination
from companion.rules.pieces import BISHOP, KING, KNIGHT, QUEEN, ROOK, Color
from companion.rules.refusal import Refusal
from companion.rules.variant import Variant

MEN_TO_REPLACE = 3
MIN_MEN_FOR_REPLACEMENT = 5  # "more than 4 men a side"


class ElolbiaVariant(Variant):
    name = "elolbia"
    title = "Scacchi di Elolbia"
    piece_types = (KING, QUEEN, ROOK, BISHOP, KNIGHT, MAN)
    start_fen = "rnbqkbnr/mmmmmmmm/2mmmm2/8/8/2MMMM2/MMMMMMMM/RNBQKBNR w 1"
    with_attack_probes = True
    option_defaults = {
        # Ruling: a move that breaks the edge-squares rule is illegal unless no other exists.
        "edge_rule": True,
        # The agreed queen replacement needs "more than 4" men a side (5); the seed's "3 delle
        # 4" lowers the minimum to 4.
        "queen_replacement_men": MIN_MEN_FOR_REPLACEMENT,
    }
    option_values = {"queen_replacement_men": (MIN_MEN_FOR_REPLACEMENT, MEN_TO_REPLACE + 1)}

    def check_option(self, key: str, value: Any) -> Any:
        if key == "queen_replacement_men":
            allowed = self.option_values[key]
            if isinstance(value, bool) or value not in allowed:
                raise OptionError(f"elolbia option {key} (the least men a side for the agreed queen"
                                  f" replacement) is one of {list(allowed)}, not {value!r}")
            return value
        if not isinstance(value, bool):
            raise OptionError(f"{key} is true or false, not {value!r}")
        return value

    def build_rule_tables(self) -> None:
        g = self.geometry
        self.on_edge: list[bool] = [
            g.coord(c)[0] in (0, g.files - 1) or g.coord(c)[1] in (0, g.ranks - 1)
            for c in range(len(g))]
        self.man_code = (self.code("man", Color.WHITE), self.code("man", Color.BLACK))
        # For each cell: the (from, landing) pairs of a jump over it; a King on the edge has
        # none, so no man can ever attack it.
        self.jumped_by: list[list[tuple[int, int]]] = [[] for _ in range(len(g))]
        for frm, pairs in enumerate(self.jumps[self.man_code[0]]):
            for over, land in pairs:
                self.jumped_by[over].append((frm, land))


class ElolbiaPosition(DraughtsPosition, CheckPosition):
    """An Elolbia position (see the module docstring)."""

    variant: ElolbiaVariant

    # -- the position string --------------------------------------------------------------
    @classmethod
    def from_fen(cls, variant: Variant, text: str) -> "ElolbiaPosition":
        assert isinstance(variant, ElolbiaVariant)
        pos = cls(variant)
        fields = text.split()
        starts = field_starts(text)
        if len(fields) not in (2, 3):
            raise PositionError(f"an Elolbia position is '<board> <w|b> [<move number>]', got"
                                f" {len(fields)} fields")
        pos.parse_board_field(fields[0], starts[0])
        if fields[1] not in ("w", "b"):
            raise PositionError(f"side to move is 'w' or 'b', not {fields[1]!r}", field=2,
                                column=starts[1])
        pos.side = 0 if fields[1] == "w" else 1
        if len(fields) == 3:
            if not fields[2].isdigit() or int(fields[2]) < 1:
                raise PositionError(f"the move number must be a whole number >= 1, not"
                                    f" {fields[2]!r}", field=3, column=starts[2])
            pos.fullmove = int(fields[2])
        for color in Color:
            if len(pos.royals[color]) != 1:
                raise PositionError(f"{color.name.lower()} has {len(pos.royals[color])} Kings;"
                                    " Elolbia needs exactly one", field=1, column=starts[0])
        if pos._king_attacked(pos.side ^ 1):
            raise PositionError(f"the side not to move ({Color(pos.side ^ 1).name.lower()}) is"
                                " in check", field=2, column=starts[1])
        return pos

    def fen(self) -> str:
        return f"{self.board_field()} {'wb'[self.side]} {self.fullmove}"

    # -- attacks -----------------------------------------------------------------------------
    def _men_attack(self, cell: int, by: int) -> bool:
        """Whether a man of side ``by`` could take the piece on ``cell`` by some chain."""
        board = self.board
        man = self.variant.man_code[by]
        reachable = False
        for frm, land in self.variant.jumped_by[cell]:
            if (not board[land] or board[land] == man) and (not board[frm] or board[frm] == man):
                reachable = True
                break
        if not reachable:
            return False
        return any(board[c] == man and self._man_takes(c, cell) for c in list(self.pieces[by]))

    def _king_attacked(self, color: int) -> bool:
        ksq = next(iter(self.royals[color]))
        them = color ^ 1
        return self._attacked(ksq, them) or self._men_attack(ksq, them)

    def is_check(self) -> bool:
        return self._king_attacked(self.side)

    # -- legality ------------------------------------------------------------------------
    def _legal(self) -> list[Key]:  # type: ignore[override]
        us = self.side
        if not self.royals[0] or not self.royals[1]:
            return []
        candidates: list[Key] = self._pseudo(us)
        candidates.extend(self._chain_keys(us))
        legal: list[Key] = []
        make, unmake, attacked = self._make, self._unmake, self._king_attacked
        for m in candidates:
            make(m)
            if not attacked(us):
                legal.append(m)
            unmake()
        if self.variant.options["edge_rule"] and legal:
            kept = [m for m in legal if not self._breaks_edge_rule(m)]
            if kept:
                return kept
        return legal

    def edge_rule_applies(self, opponent: int, captured: Sequence[int] = ()) -> bool:
        """Whether ``opponent`` has no Queen, no Rook and at most one Knight (ignoring the
        pieces on ``captured``), so that the other side's men are held off the edges."""
        board = self.board
        pieces = self.variant.pieces
        knights = 0
        for c in self.pieces[opponent]:
            if c in captured:
                continue
            piece = pieces[board[c]]
            assert piece is not None
            if piece.kind in ("queen", "rook"):
                return False
            if piece.kind == "knight":
                knights += 1
                if knights > 1:
                    return False
        return True

    def _breaks_edge_rule(self, m: Key) -> bool:
        us = self.side
        captured: tuple[int, ...] = m[5] if len(m) > 4 else ((m[1],) if self.board[m[1]] else ())
        if not self.edge_rule_applies(us ^ 1, captured):
            return False
        man = self.variant.man_code[us]
        edge = self.variant.on_edge
        men = on_edge = 0
        for c in self.pieces[us]:
            if self.board[c] == man:
                men += 1
                on_edge += edge[c]
        if self.board[m[0]] == man:
            on_edge += edge[m[1]] - edge[m[0]]
        return 2 * on_edge > men

    def outcome(self) -> Outcome | None:
        if self._legal():
            return None
        if self.is_check():
            return Outcome(Termination.CHECKMATE, Color(self.side ^ 1))
        return Outcome(Termination.STALEMATE, None)

    def _explain_castling(self, frm: int, to: int) -> str:
        return Refusal("a King moves one cell: there is no castling in Elolbia", "move.no_castling")

    def explain_pseudo_illegal(self, frm: int, to: int) -> str:
        for m in self._pseudo(self.side, (frm,)) + [
                k for k in self._chain_keys(self.side) if k[0] == frm]:
            if m[1] != to:
                continue
            self._make(m)
            unsafe = self._king_attacked(self.side ^ 1)
            self._unmake()
            if not unsafe and self._breaks_edge_rule(m):
                return Refusal("the edge-squares rule: more than half of your men would stand on edge"
                               " cells while you have another move", "move.edge_rule")
        return super().explain_pseudo_illegal(frm, to)

    # -- the referee's action ----------------------------------------------------------------
    def queen_replacement_allowed(self) -> str | None:
        """``None`` when the agreed queen replacement may be made now, else the reason."""
        if self.outcome() is not None:
            return Refusal("the game is over", "move.game_over")
        men = [0, 0]
        for cell in self.pieces[0] | self.pieces[1]:
            piece = self.variant.pieces[self.board[cell]]
            assert piece is not None
            if piece.kind == "man":
                men[piece.color] += 1
            elif piece.kind not in ("king", "bishop"):
                return Refusal(f"only the Kings, Bishops and men may be on the board, but there is a"
                               f" {piece.kind} on {self.geometry.name(cell)}", "queen.other_piece",
                               kind=piece.kind, cell=self.geometry.name(cell))
        least = self.variant.options["queen_replacement_men"]
        for color in Color:
            if men[color] < least:
                return Refusal(f"{color.name.lower()} has {men[color]} men; each side needs more than"
                               f" {least - 1}", "queen.few_men", side=color.name.lower(),
                               n=men[color], min=least)
        return None

    def agreed_queen_replacement(
        self, replacements: Mapping[Color, tuple[Sequence[str], str]],
    ) -> "ElolbiaPosition":
        """The position after the agreed replacement (RULES.md section 4): for each side
        given, three of its men (cell names) leave the board and a Queen of that side stands on
        one of their cells. Both sides are normally given together (the condition, only Kings,
        Bishops and more than 4 men a side, is checked on this position, before either Queen
        appears). Returns a new position (same side to move and move number, no move stack);
        ``ValueError`` says what is wrong.

        >>> from companion.rules import get_variant
        >>> pos = get_variant("elolbia").from_fen("4k3/mmmmm3/8/8/8/8/MMMMM3/4K3 w 1")
        >>> pos.agreed_queen_replacement({Color.WHITE: (["a2", "b2", "c2"], "b2"),
        ...                               Color.BLACK: (["a7", "b7", "c7"], "a7")}).fen()
        '4k3/q2mm3/8/8/8/8/1Q1MM3/4K3 w 1'
        """
        reason = self.queen_replacement_allowed()
        if reason is not None:
            raise ValueError(f"the queen replacement is not allowed: {reason}")
        if not replacements:
            raise ValueError("name the men of at least one side to replace")
        board = self.board[:]
        g = self.geometry
        for color, (men, queen_cell) in replacements.items():
            color = Color(color)
            side = color.name.lower()
            if len(set(men)) != MEN_TO_REPLACE:
                raise ValueError(f"{side}: name {MEN_TO_REPLACE} different men, not {list(men)}")
            if queen_cell not in men:
                raise ValueError(f"{side}: the Queen stands on one of the men's cells, not on"
                                 f" {queen_cell}")
            for name in men:
                if not g.has(name):
                    raise ValueError(f"{side}: {name!r} is not a cell")
                code = board[g.index(name)]
                if code != self.variant.man_code[color]:
                    raise ValueError(f"{side}: there is no {side} man on {name}")
                board[g.index(name)] = 0
            board[g.index(queen_cell)] = self.variant.code("queen", color)
        new = type(self)(self.variant)
        for cell, code in enumerate(board):
            if code:
                new.put(cell, code)
        new.side, new.fullmove = self.side, self.fullmove
        if new._king_attacked(new.side ^ 1):
            raise ValueError("the new Queen would give check to the side that has just moved")
        return new


ElolbiaVariant.position_class = ElolbiaPosition
