"""Rules engine speed: perft nodes per second against python-chess on the same positions,
in the same run, and the time to list the legal moves of a middlegame position.

    .venv/bin/python benchmarks/bench_rules.py [--quick]

Both engines count the last ply without making its moves (python-chess: ``legal_moves.count()``
at depth 1, the fair peer of our bulk count). Targets (not asserted anywhere): throughput
>= 0.5x python-chess, legal moves of a middlegame position <= 100 us.
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit

import chess  # a peer for comparison only; the app never imports it

from companion.rules import get_variant, perft

POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 3),
]
MIDDLEGAME = POSITIONS[3][1]


def chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def timed(fn, *args) -> tuple[int, float]:
    start = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - start


def best_per_call(stmt, number: int) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=5)) / number


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one ply less on each position")
    args = parser.parse_args(argv)
    magici = get_variant("magici")
    print(f"Python {sys.version.split()[0]}, python-chess {chess.__version__}")
    print(f"{'position':<12}{'depth':>6}{'nodes':>10}{'ours n/s':>12}{'chess n/s':>12}{'ratio':>8}")
    our_nodes = our_time = their_time = 0.0
    for name, fen, depth in POSITIONS:
        depth -= args.quick
        ours, t_ours = timed(perft, magici.from_fen(fen), depth)
        theirs, t_theirs = timed(chess_perft, chess.Board(fen), depth)
        if ours != theirs:
            print(f"MISMATCH on {name}: ours {ours}, python-chess {theirs}")
            return 1
        our_nodes += ours
        our_time += t_ours
        their_time += t_theirs
        print(f"{name:<12}{depth:>6}{ours:>10}{ours / t_ours:>12,.0f}{theirs / t_theirs:>12,.0f}"
              f"{t_theirs / t_ours:>8.2f}")
    print(f"{'all':<12}{'':>6}{int(our_nodes):>10}{our_nodes / our_time:>12,.0f}"
          f"{our_nodes / their_time:>12,.0f}{their_time / our_time:>8.2f}"
          "   (ratio = our speed / python-chess's; target >= 0.5)")

    pos = magici.from_fen(MIDDLEGAME)
    board = chess.Board(MIDDLEGAME)
    ours_us = best_per_call(pos.legal_moves, 2000) * 1e6
    internal_us = best_per_call(pos._legal, 2000) * 1e6
    theirs_us = best_per_call(lambda: list(board.legal_moves), 2000) * 1e6
    print(f"legal moves of a middlegame position ({len(pos.legal_moves())} moves):"
          f" {ours_us:.1f} us as Move objects ({internal_us:.1f} us internal),"
          f" python-chess {theirs_us:.1f} us; target <= 100 us")
    duere = get_variant("duere").start_position()
    n, t = timed(perft, duere, 3)
    n_roll, t_roll = timed(perft, duere, 3, False, (5, 4))
    print(f"Due Re start perft 3: {n} nodes, {n / t:,.0f} n/s;"
          f" with roll 5,4: {n_roll} nodes, {n_roll / t_roll:,.0f} n/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
