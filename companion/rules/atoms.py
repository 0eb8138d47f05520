"""Movement atoms: the building blocks pieces are declared from, compiled to per-cell rays.

Every atom compiles, for each cell, to a tuple of :class:`Ray`-tuples
``(prefix, cells, mode, flags)``:

- ``prefix``: cells that must be empty and that the piece passes through without stopping
  (the diagonal square of a giraffe's bend; the first square of a minimum-length slide);
- ``cells``: the cells it may stop on, in order; it stops at the first occupied one;
- ``mode``: :class:`Mode` (move and capture, move only, capture only);
- ``flags``: bit set of :data:`SETS_EN_PASSANT` (a two-cell move-only ray whose second cell
  marks the first as the en-passant cell).

A one-cell ray is a step or a leap (a leap ignores what stands between, which a one-cell ray
does by construction); a slide is a long ray. Offsets are ``(dfile, drank)`` as seen by the
side that sets up on the low ranks; with ``relative=True`` they turn round for the other side.

>>> from companion.rules.geometry import Geometry
>>> g = Geometry(8, 8)
>>> [len(r[1]) for r in Leap(KNIGHT_LEAPS).compile(g, g.index("a1"), white=True)]
[1, 1]
>>> [g.name(c) for c in Slide(((1, 0),)).compile(g, g.index("e1"), white=True)[0][1]]
['f1', 'g1', 'h1']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from companion.rules.geometry import Geometry

Offset = tuple[int, int]
RayTuple = tuple[tuple[int, ...], tuple[int, ...], int, int]

ORTHOGONAL: tuple[Offset, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Offset, ...] = ((1, 1), (-1, 1), (1, -1), (-1, -1))
ALL_EIGHT: tuple[Offset, ...] = ORTHOGONAL + DIAGONAL
KNIGHT_LEAPS: tuple[Offset, ...] = (
    (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2),
)

SETS_EN_PASSANT = 1


class Mode(IntEnum):
    """What a piece may do on a cell of the ray."""

    MOVE_OR_CAPTURE = 0
    MOVE_ONLY = 1
    CAPTURE_ONLY = 2


def _walk(g: Geometry, start: int, offset: Offset, limit: int | None, sign: int) -> list[int]:
    f, r = g.coord(start)
    out: list[int] = []
    while limit is None or len(out) < limit:
        f += offset[0]
        r += offset[1] * sign
        cell = g.at(f, r)
        if cell is None:
            break
        out.append(cell)
    return out


@dataclass(frozen=True)
class Atom:
    """Base of the atoms: offsets, a mode, and an optional set of starting ranks."""

    offsets: tuple[Offset, ...]
    mode: Mode = Mode.MOVE_OR_CAPTURE
    relative: bool = False
    # Ranks (0-based, counted from the mover's own side) the atom may start from; None = any.
    from_ranks: frozenset[int] | None = None

    def _allowed_from(self, g: Geometry, cell: int, white: bool) -> bool:
        if self.from_ranks is None:
            return True
        rank = g.rank_of(cell)
        own = rank if white else g.ranks - 1 - rank
        return own in self.from_ranks

    def _sign(self, white: bool) -> int:
        return -1 if (self.relative and not white) else 1

    def compile(self, g: Geometry, cell: int, white: bool) -> list[RayTuple]:
        raise NotImplementedError

    @property
    def can_capture(self) -> bool:
        return self.mode != Mode.MOVE_ONLY

    @property
    def chained(self) -> bool:
        """True for atoms the position plays as chains (a draughts man's jumps): the variant
        keeps them apart in ``jumps`` instead of the ray tables."""
        return False

    @property
    def reversible(self) -> bool:
        """True when ``compile`` of the negated offsets gives the cells that attack a cell."""
        return True


@dataclass(frozen=True)
class Leap(Atom):
    """Jump to each offset, whatever stands between (a step is a leap of one square)."""

    def compile(self, g: Geometry, cell: int, white: bool) -> list[RayTuple]:
        if not self._allowed_from(g, cell, white):
            return []
        sign = self._sign(white)
        rays: list[RayTuple] = []
        for off in self.offsets:
            walked = _walk(g, cell, off, 1, sign)
            if walked:
                rays.append(((), tuple(walked), int(self.mode), 0))
        return rays


Step = Leap  # a step is a one-square leap: the same table


@dataclass(frozen=True)
class Slide(Atom):
    """Slide along each offset through empty cells; ``minimum``/``maximum`` bound the distance.

    ``en_passant=True`` (with ``maximum=2``) marks the skipped cell when the piece goes two.
    """

    minimum: int = 1
    maximum: int | None = None
    en_passant: bool = False

    def compile(self, g: Geometry, cell: int, white: bool) -> list[RayTuple]:
        if not self._allowed_from(g, cell, white):
            return []
        sign = self._sign(white)
        flags = SETS_EN_PASSANT if self.en_passant else 0
        rays: list[RayTuple] = []
        for off in self.offsets:
            walked = _walk(g, cell, off, self.maximum, sign)
            prefix, cells = walked[: self.minimum - 1], walked[self.minimum - 1 :]
            if cells:
                rays.append((tuple(prefix), tuple(cells), int(self.mode), flags))
        return rays

    @property
    def reversible(self) -> bool:
        return self.minimum == 1 and not self.en_passant


@dataclass(frozen=True)
class BentSlide(Atom):
    """One step along ``offsets`` (which must be empty), then a slide along the bends.

    ``bends`` maps each first offset to the directions it may go on in; the Tamerlane giraffe
    is one diagonal step then an orthogonal slide away from its start:
    ``BentSlide(DIAGONAL, bends=GIRAFFE_BENDS)``. ``minimum`` counts the cells after the bend.
    """

    bends: tuple[tuple[Offset, tuple[Offset, ...]], ...] = ()
    minimum: int = 1

    def compile(self, g: Geometry, cell: int, white: bool) -> list[RayTuple]:
        if not self._allowed_from(g, cell, white):
            return []
        sign = self._sign(white)
        table = dict(self.bends)
        rays: list[RayTuple] = []
        for off in self.offsets:
            first = _walk(g, cell, off, 1, sign)
            if not first:
                continue
            for bend in table.get(off, ()):
                walked = _walk(g, first[0], bend, None, sign)
                prefix = first + walked[: self.minimum - 1]
                cells = walked[self.minimum - 1 :]
                if cells:
                    rays.append((tuple(prefix), tuple(cells), int(self.mode), 0))
        return rays

    @property
    def reversible(self) -> bool:
        return False


@dataclass(frozen=True)
class Jump(Atom):
    """A draughts capture: over the adjacent cell along each offset onto the cell right
    behind it, which must be empty; the jumped cell must hold an enemy piece. Jumps chain:
    the position goes on jumping from the landing cell (see :mod:`companion.rules.draughts`).

    Compiles, per cell, to ``(over, landing)`` pairs:

    >>> g = Geometry(8, 8)
    >>> [(g.name(o), g.name(l)) for o, l in Jump(DIAGONAL).jump_pairs(g, g.index("b2"), True)]
    [('c3', 'd4')]
    """

    mode: Mode = Mode.CAPTURE_ONLY

    def jump_pairs(self, g: Geometry, cell: int, white: bool) -> list[tuple[int, int]]:
        if not self._allowed_from(g, cell, white):
            return []
        sign = self._sign(white)
        pairs: list[tuple[int, int]] = []
        for off in self.offsets:
            walked = _walk(g, cell, off, 2, sign)
            if len(walked) == 2:
                pairs.append((walked[0], walked[1]))
        return pairs

    def compile(self, g: Geometry, cell: int, white: bool) -> list[RayTuple]:
        """As rays: the jumped cell as prefix (for display and reasons; not for ``_pseudo``)."""
        return [((over,), (land,), int(Mode.CAPTURE_ONLY), 0)
                for over, land in self.jump_pairs(g, cell, white)]

    @property
    def chained(self) -> bool:
        return True

    @property
    def reversible(self) -> bool:
        return False


GIRAFFE_BENDS: tuple[tuple[Offset, tuple[Offset, ...]], ...] = tuple(
    ((df, dr), ((df, 0), (0, dr))) for df, dr in DIAGONAL
)
# The seed's own giraffe (Camerlano's option ``giraffe = seed``): after the diagonal step, on in
# any diagonal direction but back towards its start (straight on, or bent by 90 degrees).
SEED_GIRAFFE_BENDS: tuple[tuple[Offset, tuple[Offset, ...]], ...] = tuple(
    ((df, dr), ((df, dr), (df, -dr), (-df, dr))) for df, dr in DIAGONAL
)


def reversed_atom(atom: Atom) -> Atom:
    """The atom whose rays from a cell reach every cell from which ``atom`` reaches it."""
    if not atom.reversible:
        raise ValueError(f"{type(atom).__name__} cannot be reversed for attack detection")
    negated = tuple((-f, -r) for f, r in atom.offsets)
    if isinstance(atom, Slide):
        return Slide(negated, Mode.CAPTURE_ONLY, atom.relative, None, 1, atom.maximum)
    return Leap(negated, Mode.CAPTURE_ONLY, atom.relative, None)
