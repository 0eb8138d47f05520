"""Pin- and check-aware legality must agree with the slow way: make each move, test the King.

This covers what python-chess cannot: positions with turned and returned Pawns.
"""

from __future__ import annotations

import random

from companion.rules import get_variant
from companion.rules.moves import Flag

# Pawns a step from turning, turned Pawns amid pieces, checks along files and diagonals.
STARTS = [
    "r3k2r/P5P1/8/2q5/5b2/8/1p4p1/R3K2R w KQkq - 0 1",
    "4k3/1Pp4P/2n5/3Pp3/4pP2/2N5/1pP4p/4K3 w - - 0 1 d5:b,e4:b",
    "rnbqkbnr/P1P3P1/8/8/8/8/p1p3p1/RNBQKBNR w - - 0 1",
]


def brute_force_legal(pos) -> set[tuple[int, int, int, int]]:
    us, them = pos.side, pos.side ^ 1
    candidates = list(pos._pseudo(us))
    if pos.ep >= 0:
        candidates += [m for m in pos._legal() if m[3] == Flag.EN_PASSANT]
    legal = set()
    for m in candidates:
        pos._make(m)
        if not pos._attacked(pos.king_cell(us), them):
            legal.add(m)
        pos._unmake()
    return legal


def test_fast_legality_matches_make_and_test_with_turning_pawns() -> None:
    variant = get_variant("magici")
    rng = random.Random(3)
    checked = turned = 0
    for _ in range(120):
        pos = variant.from_fen(rng.choice(STARTS))
        for _ in range(40):
            fast = {m for m in pos._legal() if m[3] != Flag.CASTLE}
            assert fast == brute_force_legal(pos), pos.fen()
            checked += 1
            turned += pos.facings_field() != "-"
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
    assert checked > 1000 and turned > 300
