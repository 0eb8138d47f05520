"""The board field of the FEN-style position strings, shared by every grid game.

Ranks from the top, files from a, ``/`` between ranks, a number for a run of empty cells
(several digits make one number, for boards wider than 9 files), White's letters upper case.
A board with extra cells (Camerlano's citadels) ends the field with their contents in
brackets, one letter or ``-`` per extra cell in the geometry's order: ``...[K-]``; the bracket
group may be left out when every extra cell is empty. Errors name the field and the character
where the string goes wrong.

>>> from companion.rules import get_variant
>>> v = get_variant("magici")
>>> cells = parse_board_field(v, "4k3/8/8/8/8/8/8/4K3", 0)
>>> sorted(v.geometry.name(c) for c, _ in cells)
['e1', 'e8']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.rules.errors import PositionError

if TYPE_CHECKING:
    from companion.rules.variant import Variant


def field_starts(text: str) -> list[int]:
    """The character offset where each whitespace-separated field of ``text`` starts."""
    starts: list[int] = []
    prev_space = True
    for i, ch in enumerate(text):
        if not ch.isspace() and prev_space:
            starts.append(i)
        prev_space = ch.isspace()
    return starts


def parse_board_field(variant: "Variant", text: str, offset: int,
                      field: int = 1) -> list[tuple[int, int]]:
    """The ``(cell, code)`` pairs of a board field that starts at ``offset`` in the string."""
    g = variant.geometry
    placed: list[tuple[int, int]] = []
    if g.extra and text.endswith("]") and "[" in text:
        cut = text.index("[")
        placed.extend(_parse_extras(variant, text[cut + 1:-1], offset + cut + 1, field))
        text = text[:cut]
    rows = text.split("/")
    if len(rows) != g.ranks:
        raise PositionError(f"the board has {g.ranks} ranks but the board field has {len(rows)}",
                            field=field, column=offset)
    col = offset
    for i, row in enumerate(rows):
        rank = g.ranks - 1 - i
        file = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                run = int(row[j:k])
                if run == 0:
                    raise PositionError("an empty run of 0 cells", field=field, column=col + j)
                file += run
                j = k
                continue
            code = variant.code_by_letter.get(ch)
            if code is None:
                known = "".join(sorted(variant.code_by_letter))
                raise PositionError(f"unknown piece letter {ch!r} in rank {rank + 1}"
                                    f" (known: {known})", field=field, column=col + j)
            cell = g.at(file, rank)
            if cell is None:
                raise PositionError(f"rank {rank + 1} has more than {g.files} cells",
                                    field=field, column=col + j)
            placed.append((cell, code))
            file += 1
            j += 1
        if file != g.files:
            raise PositionError(f"rank {rank + 1} describes {file} cells, not {g.files}",
                                field=field, column=col)
        col += len(row) + 1
    return placed


def _parse_extras(variant: "Variant", text: str, offset: int,
                  field: int) -> list[tuple[int, int]]:
    g = variant.geometry
    first = g.files * g.ranks
    if len(text) != len(g.extra):
        names = ", ".join(name for name, _, _ in g.extra)
        raise PositionError(f"the extra cells ({names}) need {len(g.extra)} letters or '-',"
                            f" not {len(text)}", field=field, column=offset)
    placed: list[tuple[int, int]] = []
    for i, ch in enumerate(text):
        if ch == "-":
            continue
        code = variant.code_by_letter.get(ch)
        if code is None:
            raise PositionError(f"unknown piece letter {ch!r} on {g.extra[i][0]}", field=field,
                                column=offset + i)
        placed.append((first + i, code))
    return placed


def format_board_field(variant: "Variant", board: list[int]) -> str:
    """The board field of a board (a list of codes indexed by cell)."""
    g = variant.geometry
    pieces = variant.pieces
    rows: list[str] = []
    for rank in range(g.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for file in range(g.files):
            code = board[rank * g.files + file]
            if code:
                if empty:
                    row += str(empty)
                    empty = 0
                piece = pieces[code]
                assert piece is not None
                row += piece.symbol
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    text = "/".join(rows)
    if g.extra:
        first = g.files * g.ranks
        extras = "".join(
            pieces[board[first + i]].symbol if board[first + i] else "-"  # type: ignore[union-attr]
            for i in range(len(g.extra)))
        if extras.strip("-"):
            text += f"[{extras}]"
    return text
