"""The words of a Scacchi Magici game: Houses, sides, pieces and results.

>>> GameResult(ResultKind.ENCHANTED, Side.BLACK).ranking_points(Side.BLACK)
2
>>> Piece.parse("Nc3"), Piece.parse("e4").text
(Piece(kind=<PieceKind.KNIGHT: 'N'>, square='c3'), 'Pe4')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Any


class Side(Enum):
    """The two teams of one game, by the chess colour they play."""

    WHITE = "white"
    BLACK = "black"

    @property
    def other(self) -> "Side":
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @classmethod
    def parse(cls, value: Any, where: str = "side") -> "Side":
        try:
            return cls(str(value).lower())
        except ValueError:
            raise ValueError(f"{where}: expected 'white' or 'black', got {value!r}") from None


_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class House:
    """A team of the championship: a name (editable) and a colour for the screen and LEDs."""

    name: str
    colour: str = "#808080"

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("a House needs a name")
        if not _COLOUR.match(self.colour):
            raise ValueError(f"House {self.name!r}: colour must look like '#RRGGBB', got {self.colour!r}")

    def to_data(self) -> dict[str, str]:
        return {"name": self.name, "colour": self.colour}

    @classmethod
    def from_data(cls, data: Any, where: str = "house") -> "House":
        if isinstance(data, str):
            return cls(data)
        if not isinstance(data, dict) or "name" not in data:
            raise ValueError(f"{where}: expected a name or {{'name': ..., 'colour': ...}}, got {data!r}")
        return cls(str(data["name"]), str(data.get("colour", "#808080")))


#: The seed's four Houses, in the order the championship schedule numbers them.
DEFAULT_HOUSES: tuple[House, ...] = (
    House("Grifondoro", "#ae0001"),
    House("Serpeverde", "#2a623d"),
    House("Tassorosso", "#ecb939"),
    House("Corvonero", "#222f5b"),
)


class PieceKind(Enum):
    KING = "K"
    QUEEN = "Q"
    ROOK = "R"
    BISHOP = "B"
    KNIGHT = "N"
    PAWN = "P"


_SQUARE = re.compile(r"^[a-h][1-8]$")


@dataclass(frozen=True)
class Piece:
    """A piece on the human chessboard, named by its kind and the square it stands on."""

    kind: PieceKind
    square: str

    def __post_init__(self) -> None:
        if not _SQUARE.match(self.square):
            raise ValueError(f"piece {self.kind.value}: {self.square!r} is not a square a1..h8")

    @property
    def text(self) -> str:
        return f"{self.kind.value}{self.square}"

    @property
    def is_king(self) -> bool:
        return self.kind is PieceKind.KING

    @classmethod
    def parse(cls, text: Any, where: str = "piece") -> "Piece":
        """``"Nc3"``; a bare square (``"e4"``) is a Pawn."""
        s = str(text).strip()
        if len(s) == 2:
            s = "P" + s
        if len(s) != 3 or s[0].upper() not in {k.value for k in PieceKind}:
            raise ValueError(f"{where}: expected a piece such as 'Nc3' or 'e4', got {text!r}")
        return cls(PieceKind(s[0].upper()), s[1:].lower())


class ResultKind(Enum):
    """How a game ended (section 3, Results)."""

    CHECKMATE = "checkmate"
    ENCHANTED = "enchanted"  # checkmate following a spell
    RESIGNATION = "resignation"
    DRAW_TIME = "draw_time"
    DRAW_STALEMATE = "draw_stalemate"
    DRAW_AGREEMENT = "draw_agreement"

    @property
    def is_draw(self) -> bool:
        return self in (ResultKind.DRAW_TIME, ResultKind.DRAW_STALEMATE, ResultKind.DRAW_AGREEMENT)

    @property
    def winner_points(self) -> int:
        """Ranking points for the winner (victory 3, enchanted victory 2); a draw gives 1 each."""
        if self is ResultKind.ENCHANTED:
            return 2
        return 1 if self.is_draw else 3

    @classmethod
    def parse(cls, value: Any, where: str = "result") -> "ResultKind":
        try:
            return cls(str(value).lower())
        except ValueError:
            names = ", ".join(k.value for k in cls)
            raise ValueError(f"{where}: unknown result {value!r} (one of {names})") from None


@dataclass(frozen=True)
class GameResult:
    """A result with its winner (None for a draw)."""

    kind: ResultKind
    winner: Side | None = None

    def __post_init__(self) -> None:
        if self.kind.is_draw and self.winner is not None:
            raise ValueError(f"a {self.kind.value} has no winner")
        if not self.kind.is_draw and self.winner is None:
            raise ValueError(f"a {self.kind.value} needs a winner")

    def ranking_points(self, side: Side) -> int:
        if self.winner is None:
            return self.kind.winner_points
        return self.kind.winner_points if side is self.winner else 0

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "winner": self.winner.value if self.winner else None}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "GameResult":
        winner = data.get("winner")
        return cls(ResultKind.parse(data.get("kind")), Side.parse(winner, "winner") if winner else None)


@dataclass(frozen=True)
class SideStats:
    """One House's figures in one game, for the tie-breaks.

    ``spells`` cast, ``captured`` enemy pieces taken, ``remaining`` own pieces not captured
    (the King included).
    """

    spells: int = 0
    captured: int = 0
    remaining: int = 0

    def __post_init__(self) -> None:
        for name, value, top in (("spells", self.spells, 3), ("captured", self.captured, 9), ("remaining", self.remaining, 10)):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
                raise ValueError(f"{name} must be a whole number 0..{top}, got {value!r}")

    def to_data(self) -> dict[str, int]:
        return {"spells": self.spells, "captured": self.captured, "remaining": self.remaining}

    @classmethod
    def from_data(cls, data: Any, where: str = "stats") -> "SideStats":
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected {{'spells': n, 'captured': n, 'remaining': n}}, got {data!r}")
        unknown = set(data) - {"spells", "captured", "remaining"}
        if unknown:
            raise ValueError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        try:
            return cls(**{k: data.get(k, 0) for k in ("spells", "captured", "remaining")})
        except ValueError as exc:
            raise ValueError(f"{where}: {exc}") from None


def parse_army(text: str, where: str = "army") -> tuple[PieceKind, ...]:
    """An army as piece letters, ``"KQRRPP"``: the King is compulsory, at most 9 more pieces.

    (What the points buy is the army builder's business, in the rules engine.)
    """
    letters = "".join(str(text).split()).upper()
    try:
        kinds = tuple(PieceKind(c) for c in letters)
    except ValueError:
        raise ValueError(f"{where}: use the letters K Q R B N P, got {text!r}") from None
    if kinds.count(PieceKind.KING) != 1:
        raise ValueError(f"{where}: exactly one King is compulsory, got {text!r}")
    if len(kinds) > 10:
        raise ValueError(f"{where}: at most 9 pieces besides the King, got {len(kinds) - 1}")
    return kinds
