"""Board geometry as data: named cells with (file, rank) coordinates.

A board is an ordinary grid of ``files`` x ``ranks`` cells plus any number of extra cells that
sit outside the grid (Camerlano's citadels). Cells are numbered: the grid first, rank by rank
from rank 1 (``index = rank * files + file``, which on 8x8 is the usual square numbering
a1=0 .. h8=63), then the extra cells in the order given.

>>> g = Geometry(8, 8)
>>> g.index("e2"), g.name(12), g.coord(12)
(12, 'e2', (4, 1))
>>> t = Geometry(11, 10, extra=(("z2", 11, 1), ("z9", -1, 8)))
>>> len(t.cells), t.at(11, 1) == t.index("z2")
(112, True)
"""

from __future__ import annotations

from collections.abc import Iterable

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Geometry:
    """Cells with names and coordinates; immutable once built."""

    __slots__ = ("files", "ranks", "extra", "cells", "_coords", "_index", "_grid")

    def __init__(self, files: int, ranks: int, extra: Iterable[tuple[str, int, int]] = ()):
        if not (1 <= files <= len(FILE_LETTERS)) or ranks < 1:
            raise ValueError(f"a board needs 1..{len(FILE_LETTERS)} files and 1+ ranks")
        self.files = files
        self.ranks = ranks
        self.extra: tuple[tuple[str, int, int], ...] = tuple(extra)
        names: list[str] = []
        coords: list[tuple[int, int]] = []
        for r in range(ranks):
            for f in range(files):
                names.append(f"{FILE_LETTERS[f]}{r + 1}")
                coords.append((f, r))
        for name, f, r in self.extra:
            if 0 <= f < files and 0 <= r < ranks:
                raise ValueError(f"extra cell {name} at ({f}, {r}) lies inside the grid")
            names.append(name)
            coords.append((f, r))
        if len(set(names)) != len(names):
            raise ValueError("cell names must be unique")
        self.cells: list[str] = names
        self._coords: tuple[tuple[int, int], ...] = tuple(coords)
        self._index: dict[str, int] = {n: i for i, n in enumerate(names)}
        self._grid: dict[tuple[int, int], int] = {c: i for i, c in enumerate(coords)}

    def __len__(self) -> int:
        return len(self.cells)

    def __repr__(self) -> str:
        extra = f" + {len(self.extra)} extra" if self.extra else ""
        return f"Geometry({self.files}x{self.ranks}{extra})"

    def index(self, name: str) -> int:
        """The number of a cell from its name; ``KeyError`` naming the cell if there is none."""
        try:
            return self._index[name]
        except KeyError:
            raise KeyError(f"no cell named {name!r} on a {self.files}x{self.ranks} board") from None

    def has(self, name: str) -> bool:
        return name in self._index

    def name(self, index: int) -> str:
        return self.cells[index]

    def coord(self, index: int) -> tuple[int, int]:
        """``(file, rank)``, both 0-based; extra cells may lie outside the grid."""
        return self._coords[index]

    def at(self, file: int, rank: int) -> int | None:
        """The cell at a coordinate, or ``None`` off the board."""
        return self._grid.get((file, rank))

    def rank_of(self, index: int) -> int:
        return self._coords[index][1]
