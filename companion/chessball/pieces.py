"""Sides, piece kinds and how each kind steps on the lattice.

>>> PieceKind.parse("Knight"), Side.WHITE.other
(<PieceKind.KNIGHT: 'knight'>, <Side.BLACK: 'black'>)
>>> goal_line_y(Side.BLACK)
16
"""

from __future__ import annotations

from collections import Counter
from enum import Enum

from companion.chessball.lattice import DIAGONAL, DIRECTIONS, LAST, ORTHOGONAL, Point


class Side(str, Enum):
    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> "Side":
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @classmethod
    def parse(cls, value: object, what: str = "side") -> "Side":
        try:
            return cls(str(value).lower())
        except ValueError:
            raise ValueError(f"{what}: expected 'white' or 'black', got {value!r}") from None


class PieceKind(str, Enum):
    KING = "king"
    QUEEN = "queen"
    ROOK = "rook"
    BISHOP = "bishop"
    KNIGHT = "knight"
    PAWN = "pawn"

    @classmethod
    def parse(cls, value: object, what: str = "piece") -> "PieceKind":
        try:
            return cls(str(value).lower())
        except ValueError:
            names = ", ".join(k.value for k in cls)
            raise ValueError(f"{what}: expected one of {names}, got {value!r}") from None


# Unit steps each stepping kind may take (the Knight jumps instead, the King keeps to its line).
STEPS: dict[PieceKind, tuple[Point, ...]] = {
    PieceKind.QUEEN: DIRECTIONS,
    PieceKind.ROOK: ORTHOGONAL,
    PieceKind.BISHOP: DIAGONAL,
    PieceKind.PAWN: DIRECTIONS,
    PieceKind.KING: ((1, 0), (-1, 0)),
    PieceKind.KNIGHT: (),
}
PAWN_MAX_STEPS = 2
KNIGHT_JUMP_COST = 3

# On the field at the start and after every goal (besides the King).
STARTING_LINEUP: tuple[PieceKind, ...] = (PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.ROOK)
# A whole chess set without the King: what the field and the bench share.
CHESS_SET: Counter[PieceKind] = Counter(
    {PieceKind.QUEEN: 1, PieceKind.ROOK: 2, PieceKind.BISHOP: 2, PieceKind.KNIGHT: 2, PieceKind.PAWN: 8}
)


def goal_line_y(side: Side) -> int:
    """The y of the goal line a side defends: White the bottom edge, Black the top."""
    return 0 if side is Side.WHITE else LAST


def in_own_half(side: Side, p: Point) -> bool:
    """Own half, the halfway line (y = 8) included."""
    return p[1] <= 8 if side is Side.WHITE else p[1] >= 8


def forward(side: Side) -> int:
    """+1 if the side attacks up the board (White), -1 otherwise."""
    return 1 if side is Side.WHITE else -1
