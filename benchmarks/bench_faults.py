"""The fault harness at full size, and the power-cut harness: crashes, acknowledged events lost
and resumes into a state never shown (goals 0, 0, 0), per scenario.

Scenarios (benchmarks/faultlab.py, benchmarks/powercut.py explain each): cuts before every SQL
statement of each board action, random SIGKILLs during random board play, every kind of damaged
row then start-up and every screen, truncations, two instances, a read-only medium, a full disk
(a real ENOSPC on a tmpfs when run as root), and power cuts rebuilt from the recorded writes and
syncs (strict: only synced data survives; harsh: plus any subset of unsynced sectors).

The peer figure: the same power-cut workload with SQLite's ``synchronous=NORMAL`` (the common
WAL setting, which does not sync each commit) shows what the harness catches.

Run: .venv/bin/python benchmarks/bench_faults.py
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from benchmarks import faultlab, powercut  # noqa: E402


def checked_reads() -> None:
    """The cost of checking every row: the start-up scan and one match's replay, against the
    peer, the same rows fetched and parsed with no check (what the journal did before)."""
    import json
    import statistics
    import tempfile

    from companion.core.journal import Journal

    with tempfile.TemporaryDirectory() as tmp:
        j = Journal.open(Path(tmp) / "j.db")
        for _ in range(5):
            m = j.new_match("dice")
            with j.atomic():
                for i in range(4000):
                    m.append("roll", {"faces": [1 + i % 6, 2, 3], "sides": 6})

        def timed(fn) -> float:  # noqa: ANN001
            runs = []
            for _ in range(7):
                t = time.perf_counter()
                fn()
                runs.append(time.perf_counter() - t)
            return statistics.median(runs) * 1000

        def unchecked() -> None:
            for mid in range(1, 6):
                rows = j._conn.execute("SELECT seq, kind, data, at_ms FROM events WHERE match_id = ? ORDER BY seq",
                                       (mid,)).fetchall()
                [json.loads(d) for _, _, d, _ in rows]

        scan = timed(lambda: j.scan(unfinished_only=True))
        peer = timed(unchecked)
        print(f"row checks     start-up scan of 5 unfinished matches, 20 000 events: {scan:.1f} ms; "
              f"peer (fetch + parse, no checks) {peer:.1f} ms; ratio {scan / peer:.2f}")
        j.close()


def main() -> int:
    started = time.monotonic()
    checked_reads()
    rows = []
    for tally in faultlab.run_all(reduced=False):
        print(tally.line(), "; ".join(tally.notes), flush=True)
        rows.append((tally.crashes, tally.lost, tally.unseen))
    cut = powercut.run(actions=600, cuts=600, seed=2)
    if cut is None:
        print("power cut      skipped: no C compiler to build the recording shim")
    else:
        for tally in cut:
            print(tally.line(), "; ".join(tally.notes), flush=True)
            rows.append((tally.crashes, tally.lost, tally.unseen))
        peer = powercut.run(actions=600, cuts=600, seed=2, synchronous="NORMAL")
        for tally in peer or []:
            print("  peer, synchronous=NORMAL:", tally.line())
    crashes, lost, unseen = (sum(r[i] for r in rows) for i in range(3))
    print(f"\nTOTAL crashes {crashes}, acknowledged events lost {lost}, resumes into a state never shown {unseen}"
          f"  ({time.monotonic() - started:.0f} s)")
    return 0 if (crashes, lost, unseen) == (0, 0, 0) else 1


if __name__ == "__main__":
    raise SystemExit(main())
