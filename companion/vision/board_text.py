"""A board of cell states as text a person can read, and as JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from companion.vision.geometry import FILE_LETTERS, BoardGeometry, CellState

if TYPE_CHECKING:
    import numpy as np

LAYOUT_HELP = """Plain output: one line per rank from the top (highest rank first), the rank number
then one character per cell from file a: '.' empty, 'w' light piece, 'b' dark piece; a last
line names the files. On 11x10c the citadels stand beside their ranks: z9 in an extra column
left of a9, z2 in an extra column right of k2 (a blank on the other ranks)."""


def board_lines(geometry: BoardGeometry, cells: dict[str, CellState | str]) -> list[str]:
    """The grid, top rank first.

    >>> from companion.vision.geometry import get_geometry
    >>> g = get_geometry("8x8")
    >>> lines = board_lines(g, {c: "." for c in g.cells} | {"e4": "w"})
    >>> lines[4], lines[-1]
    (' 4 . . . . w . . .', '   a b c d e f g h')
    """

    def value(cell: str) -> str:
        v = cells[cell]
        return v.value if isinstance(v, CellState) else str(v)

    left = {r: n for n, f, r in geometry.extra if f < 0}
    right = {r: n for n, f, r in geometry.extra if f >= geometry.files}
    lines = []
    for r in range(geometry.ranks - 1, -1, -1):
        row = " ".join(value(f"{FILE_LETTERS[f]}{r + 1}") for f in range(geometry.files))
        prefix = f"{r + 1:>2} "
        if left:
            prefix += (value(left[r]) if r in left else " ") + " "
        line = prefix + row
        if r in right:
            line += " " + value(right[r])
        lines.append(line.rstrip())
    files = " ".join(FILE_LETTERS[: geometry.files])
    lines.append("   " + ("  " if left else "") + files)
    return lines


def board_json(corners: "np.ndarray", cells: dict[str, CellState]) -> str:
    """``{"corners": [[x, y], ...], "cells": {"a1": ".", ...}}`` on one line."""
    return json.dumps({
        "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in corners],
        "cells": {c: s.value for c, s in cells.items()},
    })
