"""Scacchi Magici move countdown: is the shown time true at every frame, and is expiry acted on
within one frame?

1. Simulated frames on a fake clock (jittered 60 fps frames, many turns, moves ending at random,
   some turns running out): the largest difference between the displayed remaining time and the
   true one, and the largest delay from a true expiry to the poll() that acts on it, for a loop
   that redraws every frame and for one that sleeps ``min(frame, ms_until_next_event())``.
2. A short real run (3 s with a 2 s move timer, the real journal in memory, the wall clock):
   the latency from the true expiry to poll() acting, and the displayed value's error.
3. The cost of one frame (poll + view) against the peer, the core CountdownTimer (poll +
   remaining_ms), measured in the same run.

Run: .venv/bin/python benchmarks/bench_timer.py
"""

from __future__ import annotations

import random
import statistics
import time

from companion.core.clock import CountdownTimer, FakeClock
from companion.core.journal import Journal
from companion.magici.model import House
from companion.magici.station import RefereeStation
from companion.magici.timing import CueKind, MagiciTiming

FRAME_MS = 1000 / 60


def simulate(event_driven: bool, turns: int = 300, seed: int = 1) -> dict[str, float]:
    rng = random.Random(seed)
    clock = FakeClock(1_700_000_000_000)
    log = Journal.open(":memory:", wall_ms=clock.now_ms).new_match("magici")
    st = RefereeStation.new(log, House("Grifondoro"), House("Serpeverde"),
                            timing=MagiciTiming(game_ms=10**9))  # the game clock never ends the run
    st.begin()
    turn_start = clock.now_ms()
    max_err = max_latency = 0
    worst_share = 0.0  # latency as a share of the frame the expiry fell in
    frames = expiries = 0
    while st.state.turn <= turns:
        # when (if at all) this turn's team presses "move ends"
        press_at = turn_start + rng.randint(600, 36_000)
        turn = st.state.turn
        while st.state.turn == turn:
            step = rng.uniform(0.6, 1.4) * FRAME_MS
            if event_driven:
                wait = st.ms_until_next_event()
                step = min(step, wait) if wait is not None else step
            step_ms = max(1, round(step))
            clock.advance(step_ms)
            now = clock.now_ms()
            true_due = turn_start + 30_000
            if now >= press_at and press_at < true_due:
                st.end_move()
                turn_start = clock.now_ms()
                break
            cues = st.poll()
            frames += 1
            if any(c.kind is CueKind.MOVE_EXPIRED for c in cues):
                expiries += 1
                max_latency = max(max_latency, now - true_due)
                worst_share = max(worst_share, (now - true_due) / step_ms)
                turn_start = true_due
            true_left = max(0, turn_start + 30_000 - now)
            max_err = max(max_err, abs(st.view().move_remaining_ms - true_left))
    return {"frames": frames, "expiries": expiries, "max_display_error_ms": max_err,
            "max_expiry_latency_ms": max_latency, "worst_share_of_frame": worst_share}


def real_run(event_driven: bool, seconds: float = 3.0, move_ms: int = 2_000) -> dict[str, float]:
    log = Journal.open(":memory:").new_match("magici")
    st = RefereeStation.new(log, House("Grifondoro"), House("Serpeverde"), timing=MagiciTiming(move_ms=move_ms))
    st.begin()
    due_ms = st.state.move_clock.due_ms
    assert due_ms is not None
    errors: list[float] = []
    latency = None
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        wait = FRAME_MS / 1000
        if event_driven:
            nxt = st.ms_until_next_event()
            if nxt is not None:
                wait = min(wait, nxt / 1000)
        time.sleep(wait)
        cues = st.poll()
        now = time.time_ns() / 1e6
        if latency is None and any(c.kind is CueKind.MOVE_EXPIRED for c in cues):
            latency = now - due_ms
        if latency is None:
            errors.append(st.view().move_remaining_ms - max(0.0, due_ms - now))
    return {"expiry_latency_ms": latency if latency is not None else float("nan"),
            "max_abs_display_error_ms": max(abs(e) for e in errors), "frames": len(errors)}


def frame_cost(frames: int = 20_000) -> tuple[float, float]:
    clock = FakeClock(1_700_000_000_000)
    log = Journal.open(":memory:", wall_ms=clock.now_ms).new_match("magici")
    st = RefereeStation.new(log, House("A"), House("B"), timing=MagiciTiming(move_ms=10**8, game_ms=10**9))
    st.begin()
    t0 = time.perf_counter()
    for _ in range(frames):
        clock.advance(16)
        st.poll()
        st.view().move_remaining_ms
    station_us = (time.perf_counter() - t0) / frames * 1e6
    timer = CountdownTimer(clock, 10**8)
    timer.start()
    t0 = time.perf_counter()
    for _ in range(frames):
        clock.advance(16)
        timer.poll()
        timer.remaining_ms
    peer_us = (time.perf_counter() - t0) / frames * 1e6
    return station_us, peer_us


def disk_expiry_cost(expiries: int = 50) -> float:
    """Median time of the poll() that journals an expiry, with the journal in a file (fsync)."""
    import tempfile
    from pathlib import Path

    clock = FakeClock(1_700_000_000_000)
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.open(Path(tmp) / "journal.db", wall_ms=clock.now_ms)
        st = RefereeStation.new(journal.new_match("magici"), House("A"), House("B"),
                                timing=MagiciTiming(game_ms=10**9))
        st.begin()
        costs = []
        for _ in range(expiries):
            clock.advance(30_000)
            t0 = time.perf_counter()
            st.poll()
            costs.append((time.perf_counter() - t0) * 1000)
        journal.close()
    return statistics.median(costs)


def main() -> None:
    print("Scacchi Magici move countdown (30 s move timer unless said)")
    print("\n1. simulated jittered 60 fps frames, fake clock, 300 turns")
    for driven in (False, True):
        r = simulate(driven)
        label = "sleep to next event" if driven else "fixed frames       "
        print(f"   {label}: {r['frames']:6d} frames, {r['expiries']:3d} expiries, "
              f"max display error {r['max_display_error_ms']} ms, "
              f"max expiry latency {r['max_expiry_latency_ms']} ms "
              f"(at most {r['worst_share_of_frame']:.2f} of the frame it fell in; frames {FRAME_MS:.1f} ms +-40%)")
    print("\n2. real run: 3 s with a 2 s move timer, wall clock, journal in memory")
    for driven in (False, True):
        r = real_run(driven)
        label = "sleep to next event" if driven else "fixed frames       "
        print(f"   {label}: expiry acted on {r['expiry_latency_ms']:.2f} ms after the true expiry; "
              f"displayed value error max {r['max_abs_display_error_ms']:.2f} ms over {r['frames']} frames")
    print("\n3. cost of one frame (poll + displayed value), fake clock")
    station_us, peer_us = frame_cost()
    costs = [frame_cost(5_000) for _ in range(3)]
    station_us = statistics.median([station_us] + [c[0] for c in costs])
    peer_us = statistics.median([peer_us] + [c[1] for c in costs])
    print(f"   RefereeStation {station_us:.2f} us/frame; peer CountdownTimer {peer_us:.2f} us/frame; "
          f"ratio {station_us / peer_us:.1f}x  ({station_us / (FRAME_MS * 1000) * 100:.3f}% of a frame)")
    print("\n4. the frame that acts on an expiry writes it to the journal (file, WAL, synchronous=FULL)")
    print(f"   poll() with the journal write: median {disk_expiry_cost():.2f} ms (this disk; an SD card is slower)")


if __name__ == "__main__":
    main()
