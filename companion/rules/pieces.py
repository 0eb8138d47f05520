"""Pieces as data: a piece type is a name, a FEN letter and a list of movement atoms.

Codes: on the board every piece is a small int ``code = 2 * kind_number + color`` (kind
numbers start at 1, so 0 is an empty cell); ``code & 1`` is the colour.

>>> from companion.rules.atoms import Slide, ORTHOGONAL
>>> rook = PieceType("rook", "R", (Slide(ORTHOGONAL),))
>>> rook.letter, rook.royal
('R', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from companion.rules.atoms import (
    ALL_EIGHT, DIAGONAL, KNIGHT_LEAPS, ORTHOGONAL, Atom, Leap, Mode, Slide,
)


class Color(IntEnum):
    """The two sides. Due Re's red is WHITE and blue is BLACK."""

    WHITE = 0
    BLACK = 1

    @property
    def other(self) -> "Color":
        return Color(1 - self)

    @property
    def letter(self) -> str:
        return "wb"[self]


@dataclass(frozen=True)
class PieceType:
    """A kind of piece: ``name`` (its family in the game's words), ``letter`` (white's FEN
    letter; black's is lower case), its atoms, and whether it is royal (its loss matters).

    ``state`` tells apart pieces of one family that move differently, e.g. Magici's turned
    pawn: family ``pawn``, state ``turned``. ``value`` is the piece's price where a game has
    prices (Magici's army purchase).
    """

    name: str
    letter: str
    atoms: tuple[Atom, ...]
    royal: bool = False
    state: str = ""
    value: int = 0

    @property
    def key(self) -> str:
        return f"{self.name}:{self.state}" if self.state else self.name


@dataclass(frozen=True)
class Piece:
    """A piece as the outside world sees it: ``color``, ``kind`` (the family name, e.g.
    ``"pawn"``), ``symbol`` (``"K"``, ``"q"``), ``state`` (``""`` or e.g. ``"turned"``)."""

    color: Color
    kind: str
    symbol: str
    state: str = ""


# The ordinary chess men, shared by Due Re and Scacchi Magici (and Elolbia's chess pieces).
KING = PieceType("king", "K", (Leap(ALL_EIGHT),), royal=True)
QUEEN = PieceType("queen", "Q", (Slide(ORTHOGONAL), Slide(DIAGONAL)), value=4)
ROOK = PieceType("rook", "R", (Slide(ORTHOGONAL),), value=2)
BISHOP = PieceType("bishop", "B", (Slide(DIAGONAL),), value=3)
KNIGHT = PieceType("knight", "N", (Leap(KNIGHT_LEAPS),), value=2)

_FORWARD = ((0, 1),)
_FORWARD_DIAGONALS = ((1, 1), (-1, 1))
_BACK = ((0, -1),)
_BACK_DIAGONALS = ((1, -1), (-1, -1))


def pawn_atoms(forward: bool, double_step: bool, ranks: int = 8) -> tuple[Atom, ...]:
    """A chess pawn's atoms, facing its own forward or back; ``double_step`` from rank 2."""
    step = _FORWARD if forward else _BACK
    diag = _FORWARD_DIAGONALS if forward else _BACK_DIAGONALS
    if not double_step:
        return (Leap(step, Mode.MOVE_ONLY, True), Leap(diag, Mode.CAPTURE_ONLY, True))
    others = frozenset(range(ranks)) - {1}
    return (
        Leap(step, Mode.MOVE_ONLY, True, others),
        Slide(step, Mode.MOVE_ONLY, True, frozenset({1}), maximum=2, en_passant=True),
        Leap(diag, Mode.CAPTURE_ONLY, True),
    )


PAWN = PieceType("pawn", "P", pawn_atoms(True, True), value=1)
