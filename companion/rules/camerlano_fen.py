"""Camerlano's position string: reading, checking and writing it (documented in
:mod:`companion.rules.camerlano_rules` and ``FORMATS.md``).

>>> from companion.rules import get_variant
>>> get_variant("camerlano").from_fen("11/11/11/11/11/11/11/11/11/K10[-k] b - 0,1 9").fen()
'11/11/11/11/11/11/11/11/11/K10[-k] b - 0,1 9'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from companion.rules.errors import PositionError
from companion.rules.fen import field_starts
from companion.rules.pieces import Color

if TYPE_CHECKING:
    from companion.rules.camerlano import CamerlanoVariant
    from companion.rules.variant import Variant

_EXCHANGE_LETTERS = "Kk"
_SOLDIER_NAME_SET = frozenset({"rook", "knight", "bishop", "giraffe", "general", "shah", "vizier"})


class CamerlanoStrings:
    """The position-string half of :class:`~companion.rules.camerlano_rules.CamerlanoPosition`."""

    variant: "CamerlanoVariant"
    board: list[int]
    pieces: list[set[int]]
    royals: list[set[int]]
    side: int
    fullmove: int
    exchange_left: list[bool]
    arrivals: list[int]
    geometry: Any

    # -- the position string --------------------------------------------------------------
    @classmethod
    def from_fen(cls, variant: "Variant", text: str) -> Self:
        pos = cls(variant)  # type: ignore[arg-type]
        v = pos.variant
        fields = text.split()
        starts = field_starts(text)
        if len(fields) not in (5, 6):
            raise PositionError("a Camerlano position is '<board> <w|b> <exchanges> <arrivals>"
                                f" <move number> [<soldier names>]', e.g. '... w Kk 0,0 1'; got"
                                f" {len(fields)} fields")
        pos.parse_board_field(fields[0], starts[0])
        if fields[1] not in ("w", "b"):
            raise PositionError(f"side to move is 'w' or 'b', not {fields[1]!r}", field=2,
                                column=starts[1])
        pos.side = 0 if fields[1] == "w" else 1
        if fields[2] != "-":
            pos.exchange_left = [False, False]
            for j, ch in enumerate(fields[2]):
                k = _EXCHANGE_LETTERS.find(ch)
                if k < 0 or pos.exchange_left[k]:
                    raise PositionError(f"exchanges are '-' or letters from Kk, each once; {ch!r}"
                                        " is not", field=3, column=starts[2] + j)
                pos.exchange_left[k] = True
        else:
            pos.exchange_left = [False, False]
        counts = fields[3].split(",")
        if len(counts) != 2 or not all(c.isdigit() for c in counts):
            raise PositionError(f"Shah-file arrivals are two whole numbers, White's then Black's,"
                                f" like 0,0; not {fields[3]!r}", field=4, column=starts[3])
        pos.arrivals = [int(counts[0]), int(counts[1])]
        if not fields[4].isdigit() or int(fields[4]) < 1:
            raise PositionError(f"the move number must be a whole number >= 1, not"
                                f" {fields[4]!r}", field=5, column=starts[4])
        pos.fullmove = int(fields[4])
        pos._check_pieces(starts[0])
        if v.by_name:
            pos._name_soldiers(fields[5] if len(fields) == 6 else "-",
                               starts[5] if len(fields) == 6 else len(text))
        elif len(fields) == 6:
            raise PositionError("soldier names (field 6) apply only with the rule option"
                                " promotion=name", field=6, column=starts[5])
        return pos

    def _name_soldiers(self, text: str, column: int) -> None:
        """Give every soldier its name: the one listed in ``text`` (``e5:N,c4:k``: the
        letter of the piece it is named after, in its colour's case), else its file's."""
        v = self.variant
        g = self.geometry
        board = self.board
        for cell in range(v.grid_size):
            code = board[cell]
            if code in v.soldier_code:
                color = code & 1
                board[cell] = v.code(f"soldier:{v.file_name(g.coord(cell)[0], color)}",
                                     Color(color))
        if text == "-":
            return
        for token in text.split(","):
            name, _, letter = token.partition(":")
            code = board[g.index(name)] if g.has(name) else 0
            piece = v.pieces[code] if code else None
            target = v.code_by_letter.get(letter, 0)
            kind = v.pieces[target].kind if target else ""  # type: ignore[union-attr]
            if piece is None or piece.kind != "soldier" or kind not in _SOLDIER_NAME_SET \
                    or (target & 1) != (code & 1):
                raise PositionError(f"soldier name {token!r} must be like e5:N (a soldier's"
                                    " cell, then the letter of the piece it is named after, in"
                                    " its colour's case)", field=6, column=column)
            board[g.index(name)] = v.code(f"soldier:{kind}", Color(code & 1))
            column += len(token) + 1

    def soldier_names_field(self) -> str:
        """Field 6: the soldiers not named after the file they stand on, in cell order."""
        v = self.variant
        g = self.geometry
        marks = []
        for cell in range(v.grid_size):
            piece = v.pieces[self.board[cell]]
            if piece is None or piece.kind != "soldier" or not piece.state:
                continue
            if piece.state != v.file_name(g.coord(cell)[0], piece.color):
                letter = v.pieces[v.code(piece.state, piece.color)].symbol  # type: ignore[union-attr]
                marks.append(f"{g.name(cell)}:{letter}")
        return ",".join(marks) or "-"

    def _check_pieces(self, column: int) -> None:
        v = self.variant
        for color in Color:
            side = color.name.lower()
            for code, name in ((v.shah_code[color], "Shah"), (v.prince_code[color], "Prince")):
                count = sum(1 for c in self.pieces[color] if self.board[c] == code)
                if count > 1:
                    raise PositionError(f"{side} has {count} {name}s; at most one", field=1,
                                        column=column)
        if not self.royals[0] and not self.royals[1]:
            raise PositionError("neither side has a Shah or a Prince", field=1, column=column)
        for cell, owner in v.citadel_owner.items():
            code = self.board[cell]
            if not code:
                continue
            name = self.geometry.name(cell)
            if (code & 1) == owner and not v.royal[code]:
                # (An enemy piece may stand there: it has just taken the royal piece.)
                raise PositionError(f"the citadel {name} may hold only"
                                    f" {Color(owner).name.lower()}'s Shah or Prince",
                                    field=1, column=column)
            if (code & 1) != owner and v.royal[code] and v.options["citadel"] != "classical":
                raise PositionError(f"the citadel {name} belongs to"
                                    f" {Color(owner).name.lower()}: the other side's royal"
                                    " piece may not stand there", field=1, column=column)

    def fen(self) -> str:
        exchanges = "".join(ch for k, ch in enumerate(_EXCHANGE_LETTERS) if self.exchange_left[k])
        text = (f"{self.board_field()} {'wb'[self.side]} {exchanges or '-'}"
                f" {self.arrivals[0]},{self.arrivals[1]} {self.fullmove}")
        if self.variant.by_name:
            names = self.soldier_names_field()
            if names != "-":
                text += f" {names}"
        return text
