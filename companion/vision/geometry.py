"""Board geometries the camera knows: the cells, their names and where they lie on the board plane.

The board plane is measured in cell units: the a1 corner of the playing area is (0, 0), file
index grows along u and rank index along v, so the centre of a1 is (0.5, 0.5). Citadels
(Camerlano) lie outside the playing area, one cell beyond its edge.

>>> g = get_geometry("11x10c")
>>> g.files, g.ranks, len(g.cells)
(11, 10, 112)
>>> g.cell_centre("z2"), g.cell_centre("z9")
((11.5, 1.5), (-0.5, 8.5))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

FILE_LETTERS = "abcdefghijklmnop"


class CellState(str, Enum):
    """What the camera sees on a cell."""

    EMPTY = "."
    WHITE = "w"
    BLACK = "b"


@dataclass(frozen=True)
class BoardGeometry:
    """A rectangular playing area of ``files`` x ``ranks`` cells plus optional outside cells.

    ``extra`` maps the name of a cell outside the area to its (file index, rank index), which
    may be -1 or ``files`` (one beyond the edge).
    """

    name: str
    files: int
    ranks: int
    extra: tuple[tuple[str, int, int], ...] = ()
    cells: tuple[str, ...] = field(init=False)
    _index: dict[str, tuple[int, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, tuple[int, int]] = {}
        for r in range(self.ranks):
            for f in range(self.files):
                index[f"{FILE_LETTERS[f]}{r + 1}"] = (f, r)
        for name, f, r in self.extra:
            index[name] = (f, r)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "cells", tuple(index))

    @property
    def corners_plane(self) -> tuple[tuple[float, float], ...]:
        """Outer corners of the playing area on the plane, in the CLI's order (a1 corner first)."""
        return ((0.0, 0.0), (float(self.files), 0.0), (float(self.files), float(self.ranks)),
                (0.0, float(self.ranks)))

    def file_rank(self, cell: str) -> tuple[int, int]:
        """(file index, rank index) of a cell name; a clear error for an unknown name."""
        try:
            return self._index[cell]
        except KeyError:
            raise ValueError(f"cell {cell!r} is not on the {self.name} board") from None

    def cell_centre(self, cell: str) -> tuple[float, float]:
        f, r = self.file_rank(cell)
        return (f + 0.5, r + 0.5)

    def is_light(self, cell: str) -> bool:
        """True on a light square: a1 is dark, as on every chess board."""
        f, r = self.file_rank(cell)
        return (f + r) % 2 == 1

    def contains(self, cell: str) -> bool:
        return cell in self._index


GEOMETRIES: dict[str, BoardGeometry] = {
    "8x8": BoardGeometry("8x8", 8, 8),
    "11x10c": BoardGeometry("11x10c", 11, 10, (("z2", 11, 1), ("z9", -1, 8))),
}


def get_geometry(name: str) -> BoardGeometry:
    """The geometry called ``name`` (``8x8`` or ``11x10c``)."""
    try:
        return GEOMETRIES[name.lower()]
    except KeyError:
        raise ValueError(
            f"unknown board geometry {name!r}; expected one of {', '.join(GEOMETRIES)}"
        ) from None


def geometry_for_cells(cells: "list[str] | tuple[str, ...]") -> BoardGeometry:
    """The geometry whose cell names are exactly ``cells`` (as a rules engine lists them)."""
    wanted = set(cells)
    for geometry in GEOMETRIES.values():
        if set(geometry.cells) == wanted:
            return geometry
    raise ValueError(f"no camera geometry has these {len(wanted)} cells")
