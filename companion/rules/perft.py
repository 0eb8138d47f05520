"""Perft: the number of leaf positions of the legal-move tree (RULES.md section 7).

The last ply is counted without making its moves. Due Re takes an optional roll: depth 1
then counts the ways to play the whole roll, and deeper plies go on without dice.

>>> from companion.rules import get_variant
>>> perft(get_variant("magici").start_position(), 2)
400
"""

from __future__ import annotations

from typing import Any

from companion.rules.position import Position

# The deepest perft asked for: each ply is a level of recursion, and the leaf counts grow with
# every ply (the chess start gives 119 billion at depth 9), so a deeper request is a typing
# slip, answered with a clear refusal rather than a RecursionError.
MAX_DEPTH = 100


def _perft(pos: Position, depth: int) -> int:
    moves = pos._legal()
    if depth == 1:
        return len(moves)
    make, unmake = pos._make, pos._unmake
    total = 0
    for m in moves:
        make(m)
        total += _perft(pos, depth - 1)
        unmake()
    return total


def perft(pos: Position, depth: int, divide: bool = False,
          roll: tuple[int, int] | None = None) -> Any:
    """Leaf count at ``depth`` (``int``); with ``divide=True`` a dict ``{move text: count}``
    of the first ply (its total is the perft count). ``roll`` is Due Re's first turn."""
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, not {depth}")
    if depth > MAX_DEPTH:
        raise ValueError(f"perft depth {depth} is too deep: at most {MAX_DEPTH}")
    if roll is not None:
        return _perft_roll(pos, depth, divide, roll)
    if depth == 0:
        return {} if divide else 1
    if not divide:
        return _perft(pos, depth)
    out: dict[str, int] = {}
    for m in sorted(pos._legal()):
        text = str(pos.to_move(m))
        pos._make(m)
        out[text] = 1 if depth == 1 else _perft(pos, depth - 1)
        pos._unmake()
    return out


def _perft_roll(pos: Position, depth: int, divide: bool, roll: tuple[int, int]) -> Any:
    from companion.rules.duere import DueRePosition

    if not isinstance(pos, DueRePosition):
        raise ValueError(f"a dice roll applies to Due Re only, not {pos.variant.name}")
    if depth == 0:
        return {} if divide else 1
    plays = pos.roll_plays(roll)
    out: dict[str, int] = {}
    total = 0
    for play in plays:
        if depth == 1:
            n = 1
        else:
            pos._play(tuple(m.key for _, m in play.steps))
            n = _perft(pos, depth - 1)
            pos._unplay()
        out[str(play)] = n
        total += n
    return out if divide else total
