"""Rules engine speed for Elolbia, Clupso and Camerlano: perft nodes per second from the start
position, and the time to list the legal moves of crowded positions.

    .venv/bin/python benchmarks/bench_rules_variants.py [--quick]

Perft counts the last ply without making its moves. Where Fairy-Stockfish's Python binding
(``pyffish``) is installed, the legal-move listing of a Camerlano position it can express
(no giraffes, no exchange left) is timed on both engines in the same run and the ratio
printed. Target (not asserted anywhere): legal moves of any position <= 1 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
import timeit

from companion.rules import get_variant, perft

START_DEPTHS = [("elolbia", 4), ("clupso", 4), ("camerlano", 3)]

CROWDED = [
    ("camerlano", "crowded middlegame (55 pieces)",
     "e2nmkm2ge/1rbgv1f3r/ppppppppp1p/7Bnpb/11/1c2P6/N2PG2P3/PPP2PP1PPP/R3N1VGB1R/E1CFMKM1C1E"
     " w Kk 0,0 13"),
    ("camerlano", "Shah-file soldier arriving (relocations)",
     "e1c1m1m1c1e/rnbgvPfgbnr/pppppkppppp/11/11/11/11/PPPPP1PPPPP/RNBGFKVGBNR/E1C1M1M1C1E"
     " w Kk 0,0 20"),
    ("elolbia", "crowded middlegame (39 pieces)",
     "rnbqkb1r/m1mmmmmm/3m1m1n/m1m5/MB1M1M2/2M1MmMM/M1MM2M1/RN1QKBNR w 13"),
    ("elolbia", "loops of jumps",
     "7k/8/1n1n1n2/8/1n1n1n2/2M1M3/8/7K w 1"),
    ("clupso", "promotions and chains",
     "1N6/m1M5/8/3m4/8/4M3/1m1m4/q7 w 12"),
]

# The crowded Camerlano position with the giraffes removed and no exchange left: both
# engines can list its moves.
ORACLE_FEN = ("e2nmkm3e/1rb1v1f3r/ppppppppp1p/7Bnpb/11/1c2P6/N2P3P3/PPP2PP1PPP/R3N1V1B1R/"
              "E1CFMKM1C1E w")
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


def best_per_call(stmt, number: int) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=5)) / number


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one ply less from each start")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}")
    print(f"{'game':<11}{'depth':>6}{'nodes':>10}{'seconds':>9}{'nodes/s':>12}")
    for name, depth in START_DEPTHS:
        depth -= args.quick
        pos = get_variant(name).start_position()
        start = time.perf_counter()
        nodes = perft(pos, depth)
        spent = time.perf_counter() - start
        print(f"{name:<11}{depth:>6}{nodes:>10}{spent:>9.2f}{nodes / spent:>12,.0f}")

    print(f"\n{'legal moves of':<52}{'moves':>6}{'us/call':>9}{'internal':>10}")
    worst = 0.0
    for name, label, fen in CROWDED:
        pos = get_variant(name).from_fen(fen)
        count = len(pos.legal_moves())
        public = best_per_call(pos.legal_moves, 200) * 1e6
        internal = best_per_call(pos._legal, 200) * 1e6
        worst = max(worst, public)
        print(f"{name + ': ' + label:<52}{count:>6}{public:>9.0f}{internal:>10.0f}")
    print(f"worst legal-move listing: {worst:.0f} us (target <= 1000 us)")

    # Rule options against their defaults, on the same positions in the same run (issue 14).
    print(f"\n{'option (against the default)':<52}{'moves':>6}{'us/call':>9}{'default':>9}{'ratio':>7}"
          "  (ratio = default's time / the option's)")
    camerlano_crowded = CROWDED[0][2]
    for name, label, fen, options, call in (
            ("camerlano", "giraffe=seed, crowded middlegame", camerlano_crowded, {"giraffe": "seed"},
             lambda p: p.legal_moves()),
            ("camerlano", "giraffe=seed, start", get_variant("camerlano").start_fen, {"giraffe": "seed"},
             lambda p: p.legal_moves()),
            ("clupso", "clupso_end=men, promotions and chains", CROWDED[4][2], {"clupso_end": "men"},
             lambda p: p.legal_moves()),
            ("duere", "dead_die=turn, roll 5-3 from the start", get_variant("duere").start_fen,
             {"dead_die": "turn"}, lambda p: p.roll_plays((5, 3)))):
        with_option = get_variant(name, options).from_fen(fen)
        default = get_variant(name).from_fen(fen)
        ours = best_per_call(lambda: call(with_option), 200) * 1e6
        base = best_per_call(lambda: call(default), 200) * 1e6
        print(f"{name + ': ' + label:<52}{len(call(with_option)):>6}{ours:>9.0f}{base:>9.0f}"
              f"{base / ours:>7.2f}")

    try:
        import pyffish as sf
    except ImportError:
        print("\npyffish not installed: no Fairy-Stockfish comparison")
        return 0
    sf.load_variant_config(ORACLE_INI)
    pos = get_variant("camerlano").from_fen(ORACLE_FEN + " - 0,0 13")
    sf_fen = ORACLE_FEN + " - - 0 13"
    ours = {str(m) for m in pos.legal_moves()}
    theirs = set(sf.legal_moves("camerlano-oracle", sf_fen, []))
    if ours != theirs:
        print(f"MISMATCH with Fairy-Stockfish: {sorted(ours ^ theirs)}")
        return 1
    ours_us = best_per_call(pos.legal_moves, 200) * 1e6
    theirs_us = best_per_call(lambda: sf.legal_moves("camerlano-oracle", sf_fen, []), 200) * 1e6
    print(f"\nCamerlano position without giraffes ({len(ours)} moves): ours {ours_us:.0f} us,"
          f" pyffish {theirs_us:.0f} us, ratio {theirs_us / ours_us:.2f}"
          " (ratio = our speed / pyffish's, both from Python)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
