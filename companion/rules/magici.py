"""Scacchi Magici: chess with check, castling, en passant, and Pawns that turn round.

**Position string.** Standard chess FEN (six fields; a four-field FEN is read with clocks
``0 1``); any chess FEN is a Magici position with every Pawn facing forward. Two optional
fields follow, written only when they are not empty:

7. *Pawn facings*: ``-`` or a comma-separated list ``cell:f`` where ``f`` is ``b`` for a Pawn
   that has turned and faces back towards its own side, or ``r`` for a Pawn that has turned
   twice (or any even number of times) and faces forward again: it moves like a Pawn but never
   double-steps. A white Pawn on rank 8 must be ``b`` and on rank 1 must be ``r`` (black:
   mirrored). Pawns not listed face forward as in chess. Written in board order (rank 8
   first, file a first), like the board field.
8. *Spells used*: ``-`` or the letters of the spells already cast, White's upper case,
   Black's lower case: ``H``/``h`` Hostile, ``D``/``d`` Defensive, ``T``/``t`` Tactical.

>>> from companion.rules import get_variant
>>> pos = get_variant("magici").from_fen("4k3/8/8/8/8/8/8/4K2P w - - 0 1 h1:r Hd")
>>> pos.piece_at("h1").state, pos.fen()
('returned', '4k3/8/8/8/8/8/8/4K2P w - - 0 1 h1:r Hd')
"""

from __future__ import annotations

from typing import Any

from companion.rules.check import CheckPosition
from companion.rules.errors import IllegalMove, OptionError, PositionError
from companion.rules.fen import field_starts
from companion.rules.moves import Move
from companion.rules.pieces import (
    BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, Color, PieceType, pawn_atoms,
)
from companion.rules.refusal import Refusal
from companion.rules.variant import Variant

TURNED_PAWN = PieceType("pawn", "P", pawn_atoms(False, False), state="turned", value=1)
RETURNED_PAWN = PieceType("pawn", "P", pawn_atoms(True, False), state="returned", value=1)
RETURNED_PAWN_DOUBLE = PieceType("pawn", "P", pawn_atoms(True, True), state="returned", value=1)

CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SPELL_LETTERS = "HDT"
_FACING_MARK = {"turned": "b", "returned": "r"}
_CASTLE_LETTERS = "KQkq"  # bits 1, 2, 4, 8


class MagiciVariant(Variant):
    name = "magici"
    title = "Scacchi Magici"
    piece_types = (KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN, TURNED_PAWN, RETURNED_PAWN)
    start_fen = CHESS_START
    with_attack_probes = True
    option_defaults = {
        # Ruling: the double step is only a Pawn's first move from its starting square, so a
        # Pawn that has turned twice and stands on its second rank again may not double-step.
        "returned_pawn_double_step": False,
        # Ruling: en passant may be taken by any Pawn attacking the skipped cell, turned too.
        "turned_pawns_take_en_passant": True,
        # Army purchase (section 3): points, and the piece limit besides the King.
        "army_points": 12,
        "army_max_pieces": 9,
        # Referee station timing rulings (section 3): the 30 s running out while the team on
        # move is in check loses the game as if checkmated ("loses"), or stops both clocks and
        # asks the referee ("referee"); both clocks of a board pause while a spell is recorded.
        "timeout_in_check": "loses",
        "pause_during_spell": True,
    }
    option_values = {"timeout_in_check": ("loses", "referee")}

    def declare_pieces(self) -> tuple[PieceType, ...]:
        returned = (RETURNED_PAWN_DOUBLE if self.options["returned_pawn_double_step"]
                    else RETURNED_PAWN)
        return (KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN, TURNED_PAWN, returned)

    def build_rule_tables(self) -> None:
        g = self.geometry
        n = len(g)
        last = g.ranks - 1
        for color in Color:
            pawn = self.code("pawn", color)
            turned = self.code("pawn:turned", color)
            returned = self.code("pawn:returned", color)
            far = last if color == Color.WHITE else 0
            near = last - far
            for code, rank, becomes in ((pawn, far, turned), (returned, far, turned),
                                        (turned, near, returned)):
                table = [0] * n
                for f in range(g.files):
                    table[rank * g.files + f] = becomes
                self.arrival[code] = table
            for code in (pawn, turned, returned):
                self.resets_halfmove[code] = True
        i = g.index
        self.castle_rook = {i("g1"): (i("h1"), i("f1")), i("c1"): (i("a1"), i("d1")),
                            i("g8"): (i("h8"), i("f8")), i("c8"): (i("a8"), i("d8"))}
        mask = [15] * n
        mask[i("h1")], mask[i("a1")], mask[i("e1")] = 15 & ~1, 15 & ~2, 15 & ~3
        mask[i("h8")], mask[i("a8")], mask[i("e8")] = 15 & ~4, 15 & ~8, 15 & ~12
        self.castle_mask = mask
        # (right bit, king from, king to, cells that must be empty, cells not attacked)
        self.castle_specs = [
            [(1, i("e1"), i("g1"), (i("f1"), i("g1")), (i("f1"), i("g1"))),
             (2, i("e1"), i("c1"), (i("b1"), i("c1"), i("d1")), (i("d1"), i("c1")))],
            [(4, i("e8"), i("g8"), (i("f8"), i("g8")), (i("f8"), i("g8"))),
             (8, i("e8"), i("c8"), (i("b8"), i("c8"), i("d8")), (i("d8"), i("c8")))],
        ]
        takers = ["pawn", "pawn:returned"]
        if self.options["turned_pawns_take_en_passant"]:
            takers.append("pawn:turned")
        for color in Color:
            for key in takers:
                self.ep_capable[self.code(key, color)] = True

    def check_option(self, key: str, value: Any) -> Any:
        if key in ("returned_pawn_double_step", "turned_pawns_take_en_passant", "pause_during_spell") \
                and not isinstance(value, bool):
            raise OptionError(f"{key} is true or false, not {value!r}")
        if key in ("army_points", "army_max_pieces") and (not isinstance(value, int) or value < 0):
            raise OptionError(f"{key} is a whole number >= 0, not {value!r}")
        if key == "timeout_in_check" and value not in self.option_values[key]:
            raise OptionError(f"{key} is one of {', '.join(self.option_values[key])}, not {value!r}")
        return value


class MagiciPosition(CheckPosition):
    """A Scacchi Magici position (see the module docstring for the position string)."""

    variant: MagiciVariant

    def __init__(self, variant: MagiciVariant) -> None:
        super().__init__(variant)
        self.spells_used: set[str] = set()  # "H" white hostile, "d" black defensive...
        self._passes: list[tuple[int, int, int]] = []  # (ep, ep_victim, halfmove) per pass

    def _copy_extra(self, new: "MagiciPosition") -> None:  # type: ignore[override]
        new.spells_used = set(self.spells_used)
        new._passes = self._passes[:]

    # -- the turn passing without a move -------------------------------------------------
    def push_pass(self) -> None:
        """The turn passes without a move: the 30 seconds ran out and the team did not move.

        Ruling (the text is silent): a team in check cannot let the turn pass, since the
        other team would then take its King; the referee must have it get out of check.
        On the move stack a pass is a :class:`PassMove` (written ``0000``, the UCI null move).
        """
        outcome = self.outcome()
        if outcome is not None:
            raise IllegalMove(Refusal(f"the game is over ({outcome.termination.value})", "move.game_over",
                                      termination=outcome.termination.value))
        if self.is_check():
            raise IllegalMove(Refusal("a team in check cannot let the turn pass: it must get out of check",
                                      "pass.in_check"))
        self._passes.append((self.ep, self.ep_victim, self.halfmove))
        self.ep = self.ep_victim = -1
        self.halfmove += 1
        self.fullmove += self.side
        self.side ^= 1
        self._moves.append(PassMove("", ""))

    def pop(self) -> Move:
        """Take back the last move or pass."""
        if self._moves and isinstance(self._moves[-1], PassMove):
            self.side ^= 1
            self.fullmove -= self.side
            self.ep, self.ep_victim, self.halfmove = self._passes.pop()
            return self._moves.pop()
        return super().pop()

    # -- the position string ------------------------------------------------------------
    @classmethod
    def from_fen(cls, variant: Variant, text: str) -> "MagiciPosition":
        assert isinstance(variant, MagiciVariant)
        pos = cls(variant)
        fields = text.split()
        starts = field_starts(text)
        if len(fields) not in (4, 6, 7, 8):
            raise PositionError(
                f"a Magici position has 6 fields (board, side, castling, en passant, halfmove,"
                f" fullmove), optionally 4, or 7-8 with pawn facings and spells; got {len(fields)}"
            )
        if len(fields) == 4:
            fields += ["0", "1"]
            starts += [len(text), len(text)]
        pos.parse_board_field(fields[0], starts[0])
        g = variant.geometry
        if fields[1] not in ("w", "b"):
            raise PositionError(f"side to move is 'w' or 'b', not {fields[1]!r}", field=2,
                                column=starts[1])
        pos.side = 0 if fields[1] == "w" else 1
        if len(fields) > 6:
            pos._parse_facings(fields[6], starts[6])
        if len(fields) > 7:
            pos._parse_spells(fields[7], starts[7])
        for color in Color:
            kings = [c for c in pos.royals[color]]
            if len(kings) != 1:
                raise PositionError(
                    f"{color.name.lower()} has {len(kings)} Kings; Magici needs exactly one",
                    field=1, column=starts[0],
                )
        for cell in pos.pieces[0] | pos.pieces[1]:
            piece = variant.pieces[pos.board[cell]]
            assert piece is not None
            rank = g.rank_of(cell)
            if piece.kind == "pawn" and rank in (0, g.ranks - 1):
                white = piece.color == Color.WHITE
                need = "b" if (rank == g.ranks - 1) == white else "r"
                if _FACING_MARK.get(piece.state) != need:
                    raise PositionError(
                        f"the {piece.color.name.lower()} Pawn on {g.name(cell)} must be marked"
                        f" {g.name(cell)}:{need} in the pawn facings field", field=7,
                    )
        pos._parse_castling(fields[2], starts[2])
        pos._parse_ep(fields[3], starts[3])
        for k in (4, 5):
            if not fields[k].isdigit():
                raise PositionError(f"the {'halfmove' if k == 4 else 'fullmove'} number must be"
                                    f" a whole number, not {fields[k]!r}", field=k + 1,
                                    column=starts[k])
        pos.halfmove, pos.fullmove = int(fields[4]), int(fields[5])
        if pos.fullmove < 1:
            raise PositionError("the fullmove number starts at 1", field=6, column=starts[5])
        them = pos.side ^ 1
        if pos._attacked(next(iter(pos.royals[them])), pos.side):
            raise PositionError(
                f"the side not to move ({Color(them).name.lower()}) is in check", field=2,
                column=starts[1],
            )
        return pos

    def _parse_facings(self, text: str, start: int) -> None:
        if text == "-":
            return
        g = self.geometry
        col = start
        for token in text.split(","):
            name, _, mark = token.partition(":")
            if not g.has(name) or mark not in ("b", "r"):
                raise PositionError(f"pawn facing {token!r} must be like e5:b or e1:r", field=7,
                                    column=col)
            cell = g.index(name)
            code = self.board[cell]
            piece = self.variant.pieces[code] if code else None
            if piece is None or piece.kind != "pawn" or piece.state:
                raise PositionError(f"pawn facing {token!r}: no unmarked Pawn on {name}", field=7,
                                    column=col)
            state = "pawn:turned" if mark == "b" else "pawn:returned"
            self.board[cell] = self.variant.code(state, piece.color)
            col += len(token) + 1

    def _parse_spells(self, text: str, start: int) -> None:
        if text == "-":
            return
        for j, ch in enumerate(text):
            if ch.upper() not in SPELL_LETTERS or ch in self.spells_used:
                raise PositionError(
                    f"spells used are letters from HDThdt, each at most once; {ch!r} is not",
                    field=8, column=start + j,
                )
            self.spells_used.add(ch)

    def _parse_castling(self, text: str, start: int) -> None:
        if text == "-":
            return
        home = {"K": ("e1", "h1", "K", "R"), "Q": ("e1", "a1", "K", "R"),
                "k": ("e8", "h8", "k", "r"), "q": ("e8", "a8", "k", "r")}
        for j, ch in enumerate(text):
            bit_index = _CASTLE_LETTERS.find(ch)
            if bit_index < 0 or self.castling & (1 << bit_index):
                raise PositionError(f"castling rights are letters from KQkq, each once; {ch!r}"
                                    " is not", field=3, column=start + j)
            king, rook, ks, rs = home[ch]
            for cell, sym in ((king, ks), (rook, rs)):
                piece = self.piece_at(cell)
                if piece is None or piece.symbol != sym:
                    raise PositionError(f"castling right {ch!r} needs {sym} on {cell}", field=3,
                                        column=start + j)
            self.castling |= 1 << bit_index

    def _parse_ep(self, text: str, start: int) -> None:
        if text == "-":
            return
        g = self.geometry
        if not g.has(text):
            raise PositionError(f"en passant cell {text!r} is not a cell", field=4, column=start)
        cell = g.index(text)
        rank = g.rank_of(cell)
        want = 5 if self.side == 0 else 2
        victim = cell - g.files if self.side == 0 else cell + g.files
        behind = cell + g.files if self.side == 0 else cell - g.files
        them = self.side ^ 1
        code = self.board[victim] if 0 <= victim < len(g) else 0
        if (rank != want or self.board[cell] or self.board[behind]
                or code != self.variant.code("pawn", Color(them))):
            raise PositionError(
                f"en passant cell {text} does not follow a double step of a"
                f" {Color(them).name.lower()} Pawn", field=4, column=start,
            )
        self.ep, self.ep_victim = cell, victim

    def fen(self) -> str:
        castling = "".join(c for b, c in enumerate(_CASTLE_LETTERS) if self.castling & (1 << b))
        ep = self.geometry.name(self.ep) if self.ep >= 0 else "-"
        parts = [self.board_field(), "wb"[self.side], castling or "-", ep,
                 str(self.halfmove), str(self.fullmove)]
        facings = self.facings_field()
        spells = "".join(sorted(self.spells_used, key=lambda s: ("HDThdt".index(s))))
        if facings != "-" or spells:
            parts.append(facings)
        if spells:
            parts.append(spells)
        return " ".join(parts)

    def facings_field(self) -> str:
        marks = []
        g = self.geometry
        for cell in sorted(self.pieces[0] | self.pieces[1], key=lambda c: (-g.rank_of(c), c)):
            piece = self.variant.pieces[self.board[cell]]
            assert piece is not None
            if piece.state in _FACING_MARK:
                marks.append(f"{self.geometry.name(cell)}:{_FACING_MARK[piece.state]}")
        return ",".join(marks) or "-"

class PassMove(Move):
    """The turn passing without a move, on the move stack; written ``0000``."""

    def __str__(self) -> str:
        return "0000"


MagiciVariant.position_class = MagiciPosition
