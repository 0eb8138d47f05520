"""Fairy-Stockfish as an independent oracle for Camerlano positions that use only pieces it
knows (no giraffes, no citadel in play, no exchange left, no soldier about to promote).

Skipped cleanly when ``pyffish`` is not installed (it belongs to the ``test`` extra).
"""

from __future__ import annotations

import random

import pytest

from companion.rules import get_variant

sf = pytest.importorskip("pyffish")

# Betza: the Shah is a commoner whose loss ends the game (no check rule); the soldier moves
# one step forward and captures one step diagonally forward.
ORACLE_INI = """
[camerlano-oracle]
maxRank = 10
maxFile = 11
king = -
commoner = k
wazir = v
fers = f
alfil = e
customPiece1 = c:C
customPiece2 = m:D
knight = n
rook = r
bishop = b
pawn = -
customPiece3 = p:fmWfcF
extinctionValue = loss
extinctionPieceTypes = k
castling = false
doubleStep = false
checking = false
startFen = 11/11/11/11/11/11/11/11/11/11 w - - 0 1
"""
VARIANT = "camerlano-oracle"
LETTERS = "VFENCMRBP"
FILES = "abcdefghijk"


@pytest.fixture(scope="module", autouse=True)
def _load() -> None:
    sf.load_variant_config(ORACLE_INI)


def random_position(rng: random.Random) -> str:
    """A position string with both Shahs away from the citadels and soldiers that cannot
    reach their far rank in one move."""
    cells: dict[tuple[int, int], str] = {}

    def free(avoid: set[tuple[int, int]] = set()) -> tuple[int, int]:
        while True:
            c = (rng.randrange(11), rng.randrange(10))
            if c not in cells and c not in avoid:
                return c

    cells[free({(10, 0), (10, 1), (10, 2)})] = "K"
    cells[free({(0, 7), (0, 8), (0, 9)})] = "k"
    for _ in range(rng.randrange(4, 26)):
        letter = rng.choice(LETTERS)
        white = rng.random() < 0.5
        f, r = free()
        if letter == "P" and (r >= 8 if white else r <= 1):
            continue
        cells[(f, r)] = letter if white else letter.lower()
    rows = []
    for r in range(9, -1, -1):
        row, empty = "", 0
        for f in range(11):
            if (f, r) in cells:
                row += (str(empty) if empty else "") + cells[(f, r)]
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    side = rng.choice("wb")
    return "/".join(rows) + f" {side}"


@pytest.mark.parametrize("seed", range(40))
def test_legal_moves_agree_with_fairy_stockfish(seed: int) -> None:
    text = random_position(random.Random(seed))
    ours = get_variant("camerlano").from_fen(text + " - 0,0 1")
    theirs = set(sf.legal_moves(VARIANT, text + " - - 0 1", []))
    assert {str(m) for m in ours.legal_moves()} == theirs


@pytest.mark.parametrize("seed", range(3))
def test_second_ply_agrees_with_fairy_stockfish(seed: int) -> None:
    text = random_position(random.Random(1000 + seed))
    pos = get_variant("camerlano").from_fen(text + " - 0,0 1")
    start = text + " - - 0 1"
    for move in pos.legal_moves():
        pos.push(move)
        ours = {str(m) for m in pos.legal_moves()}
        pos.pop()
        if ours:  # after a Shah is taken the game is over for both engines
            assert ours == set(sf.legal_moves(VARIANT, start, [str(move)])), str(move)
