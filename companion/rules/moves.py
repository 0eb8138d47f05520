"""Moves and outcomes as the outside world sees them.

A :class:`Move` prints as its from-to text (``e2e4``); a game whose moves need more (a chain
of jumps, a promotion choice) appends it, as documented in ``FORMATS.md``. Inside the engine
a move is a tuple ``(origin, target, new_code, flag)`` of cell numbers; ``Move.key`` keeps it.
A few flags carry more after those four: a draughts chain (``Flag.JUMPS``) its landing cells
and jumped cells, a Camerlano relocation (``Flag.RELOCATE``) its arrival cell.

>>> str(Move("e2", "e4"))
'e2e4'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, IntEnum

from companion.rules.pieces import Color

InternalMove = tuple[int, int, int, int]


class Flag(IntEnum):
    """What a move does besides taking a piece from one cell to another."""

    NORMAL = 0
    DOUBLE_STEP = 1  # marks the skipped cell for en passant
    EN_PASSANT = 2
    CASTLE = 3
    JUMPS = 4  # a draughts man's chain: key (origin, target, new, 4, landings, jumped cells)
    EXCHANGE = 5  # Camerlano: the Shah changes places with one of its own pieces
    RELOCATE = 6  # Camerlano: key (origin, new cell, 0, 6, arrival cell)


@dataclass(frozen=True)
class Move:
    """A move: ``origin`` and ``target`` cell names, ``promotion`` letter when the mover
    chooses what it becomes (empty when the change is forced or there is none), ``path`` the
    landing cells in between for multi-step moves (empty otherwise)."""

    origin: str
    target: str
    promotion: str = ""
    path: tuple[str, ...] = ()
    key: InternalMove = field(default=(-1, -1, 0, 0), compare=False, repr=False)

    def __str__(self) -> str:
        middle = "".join(self.path)
        return f"{self.origin}{middle}{self.target}{self.promotion}"

    @property
    def uci(self) -> str:
        return str(self)


class Termination(Enum):
    """Why a game is over."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    KINGS_CAPTURED = "kings captured"  # Due Re: both enemy Kings taken
    ALL_PIECES_CAPTURED = "all pieces captured"  # Clupso: a side has no pieces at all
    MEN_CAPTURED = "all men captured"  # Clupso with clupso_end = men: a side has no men left
    SHAH_CAPTURED = "shah captured"  # Camerlano: the Shah taken and no Prince
    NO_MOVES = "no legal move"  # Camerlano: a side with no move loses
    DRAW_AGREED = "draw by agreement"  # a referee action (Clupso)
    CITADEL = "shah in the enemy citadel"  # Camerlano's classical citadel option: a draw

    @property
    def code(self) -> str:
        """The reason as one word, as the command line prints it (``all_pieces_captured``).

        >>> Termination.KINGS_CAPTURED.code
        'kings_captured'
        """
        return self.name.lower()


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winner`` (``None`` for a draw) and the ``termination``."""

    termination: Termination
    winner: Color | None

    def words(self) -> str:
        """``white checkmate``, ``black all_pieces_captured``, ``draw stalemate``: the winner
        (or ``draw``) and the reason, as ``companion rules outcome`` prints them."""
        side = "draw" if self.winner is None else self.winner.name.lower()
        return f"{side} {self.termination.code}"

    def result(self) -> str:
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == Color.WHITE else "0-1"
