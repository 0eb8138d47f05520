"""ChessBall core speed: path queries per second and whole-match replay time.

Run: .venv/bin/python benchmarks/bench_chessball.py

The peer for the path query is the same BFS done by a plain breadth-first search over the
lattice without the precomputed step tables (measured in the same run); the peer for replay is
the match played live (searching every path), against replaying its normalised journal.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import deque

from companion.chessball.lattice import in_bounds
from companion.chessball.match import replay
from companion.chessball.dribble import dribble_path
from companion.chessball.paths import ball_line, can_stand, piece_path
from companion.chessball.pieces import STEPS, PieceKind, Side
from companion.chessball.simulate import simulate_match
from companion.chessball.state import Mode
from companion.core.dice import Dice


def naive_bfs(kind: PieceKind, start, goal, blocked) -> int | None:
    """The textbook search the step tables replace: neighbours computed on every visit."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if p == goal:
            return seen[p]
        for dx, dy in STEPS[kind]:
            q = (p[0] + dx, p[1] + dy)
            if in_bounds(q) and q not in blocked and q not in seen and can_stand(kind, Side.WHITE, q):
                seen[q] = seen[p] + 1
                queue.append(q)
    return None


def queries(n: int, seed: int = 1):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        start = (rng.randrange(17), rng.randrange(1, 16))
        goal = (rng.randrange(17), rng.randrange(1, 16))
        blocked = {(rng.randrange(17), rng.randrange(17)) for _ in range(8)} - {start}
        out.append((start, goal, blocked))
    return out


def rate(label: str, fn, items) -> float:
    t = time.perf_counter()
    for item in items:
        fn(*item)
    dt = time.perf_counter() - t
    per_s = len(items) / dt
    print(f"  {label:<44} {per_s:>10,.0f} /s  ({dt * 1e6 / len(items):7.1f} µs each)")
    return per_s


def main() -> None:
    qs = queries(3000)
    print("path queries (random start/goal, 8 blockers):")
    for kind in (PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT):
        rate(f"piece_path {kind.value}", lambda s, g, b, k=kind: piece_path(k, Side.WHITE, s, g, b, knight_jumps=None), qs)
    ours = rate("piece_path queen (again, for the ratio)", lambda s, g, b: piece_path(PieceKind.QUEEN, Side.WHITE, s, g, b), qs)
    peer = rate("peer: naive BFS queen", lambda s, g, b: naive_bfs(PieceKind.QUEEN, s, g, b), qs)
    print(f"  ratio piece_path / naive BFS: {ours / peer:.2f}x")
    rate("ball_line (with spin)", lambda s, g, b: ball_line(s, g, b), qs)
    dq = [(s, g, b - {(s[0], s[1] + 1)}) for s, g, b in qs[:300] if s[1] < 15]
    rate("dribble_path rook (ball ahead, 18 MP bound)",
         lambda s, g, b: dribble_path(PieceKind.ROOK, Side.WHITE, s, (s[0], s[1] + 1), None, g, b, max_cost=18), dq)

    print("whole match (50 turns), seeded dice:")
    for mode in (Mode.COUNTING, Mode.POSITIONAL):
        t = time.perf_counter()
        journal, final = simulate_match(Dice.seeded(2026), mode)
        live = time.perf_counter() - t
        times = []
        for _ in range(5):
            t = time.perf_counter()
            again = replay(journal, mode)
            times.append(time.perf_counter() - t)
        assert again.to_dict() == final.to_dict()
        best = min(times)
        print(f"  {mode.value:<11} {len(journal):4d} events: replay {best * 1e3:6.1f} ms "
              f"(median {statistics.median(times) * 1e3:.1f} ms, {len(journal) / best:,.0f} events/s); "
              f"played live with the simulator's searches {live * 1e3:.0f} ms; ratio live/replay {live / best:.1f}x")


if __name__ == "__main__":
    main()
