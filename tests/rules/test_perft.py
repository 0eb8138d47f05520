"""Perft counts (RULES.md section 7) against the published chess numbers."""

from __future__ import annotations

import pytest

from companion.rules import get_variant, perft

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# Positions 3-6 of the Chess Programming Wiki's perft list: check, pins, en passant, castling.
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
POSITION_6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"


@pytest.mark.parametrize("depth,count", [(1, 20), (2, 400), (3, 8902)])
def test_magici_start_position_gives_the_chess_counts(depth: int, count: int) -> None:
    assert perft(get_variant("magici").start_position(), depth) == count


@pytest.mark.parametrize("fen,counts", [
    (KIWIPETE, [48, 2039, 97862]),
    (POSITION_3, [14, 191, 2812]),
    # Chess counts 4 promotions where a Magici Pawn just turns: 6 and 44 - 3 at depth 1.
    (POSITION_4, [6]),
    (POSITION_5, [41]),
    (POSITION_6, [46, 2079]),
])
def test_magici_standard_perft_positions(fen: str, counts: list[int]) -> None:
    pos = get_variant("magici").from_fen(fen)
    for depth, count in enumerate(counts, start=1):
        assert perft(pos, depth) == count
    assert pos.fen() == fen


def test_divide_sums_to_the_perft_count() -> None:
    pos = get_variant("magici").from_fen(KIWIPETE)
    divided = perft(pos, 2, divide=True)
    assert len(divided) == 48 and sum(divided.values()) == 2039
    pos.push("e1g1")
    assert divided["e1g1"] == perft(pos, 1)


def test_duere_start_perft_without_dice_counts_any_piece() -> None:
    pos = get_variant("duere").start_position()
    # 10 knight moves + 4 bishops x 7 squares = 38 (rooks, queens, kings are shut in).
    assert perft(pos, 1) == 38
    blue = get_variant("duere").from_fen("rrqkkqrr/nnbbbbnn/8/8/8/8/NNBBBBNN/RRQKKQRR b 1")
    assert perft(blue, 1) == 38


def test_perft_does_not_depend_on_the_order_moves_are_tried() -> None:
    # Regression: en passant was once tested while iterating the piece set, which could
    # reorder it and count a move twice, depending on the moves made before.
    pos = get_variant("magici").from_fen(KIWIPETE)
    assert sum(perft(pos, 3, divide=True).values()) == perft(pos, 3) == 97862
