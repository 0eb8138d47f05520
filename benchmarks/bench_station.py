"""The Scacchi Magici station with both boards running and both serial displays on.

1. Frame time (p50, p99): the app's tick + render + present of the two-board view and of a
   board's full view, every frame forced to redraw, both games running; the peer is the same
   frame with one board only (the simple case), measured in the same run.
2. Idle CPU: the app's own loop (``App.run``) for a few seconds on the two-board view with both
   clocks running and both displays fed (stand-ins: pyserial ``loop://`` ports, with their
   threads); the peer is the same loop on the home screen with no game.
3. Expiry latency of each board's clock: in that real loop, with short move clocks (1.5 s on
   board 1, 2.3 s on board 2) so turns keep passing on time, the journal's instant of each
   ``magici.timeout`` minus the instant it fell due.

Run: .venv/bin/python benchmarks/bench_station.py [--seconds 8]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from companion.app import App  # noqa: E402
from companion.config import load_config  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.hardware.facade import Hardware  # noqa: E402
from companion.magici.model import DEFAULT_HOUSES, Side  # noqa: E402
from companion.magici.timing import MagiciTiming  # noqa: E402


def make_app(tmp: Path, displays: bool = True) -> tuple[App, Hardware]:
    hardware = Hardware(pins={}, post=lambda name: None, enabled=False,
                        display_url="loop://" if displays else "", display_2_url="loop://" if displays else "")
    journal = Journal.open(tmp / f"journal-{time.monotonic_ns()}.db")
    app = App(load_config(paths=[]), journal=journal, physical_size=(800, 480), rotate=0, lang="it",
              hardware=hardware)
    return app, hardware


def start_games(app: App, boards: tuple[int, ...], timing: MagiciTiming | None = None) -> None:
    from companion.ui.magici.desk import room

    desks = room(app)
    for n in boards:
        houses = (DEFAULT_HOUSES[0], DEFAULT_HOUSES[1]) if n == 1 else (DEFAULT_HOUSES[2], DEFAULT_HOUSES[3])
        desks.start(n, *houses, first=Side.WHITE, timing=timing)
        station = desks.boards.station(n)
        assert station is not None
        station.begin()


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def frame_times(boards: tuple[int, ...], full_view: bool, frames: int = 400) -> tuple[float, float]:
    from companion.ui.magici.boards import TwoBoardsScreen
    from companion.ui.magici.desk import room
    from companion.ui.magici.timer import TimerScreen

    with tempfile.TemporaryDirectory() as tmp:
        app, hardware = make_app(Path(tmp))
        display = pygame.display.set_mode((800, 480))
        try:
            start_games(app, boards)
            app.push(TwoBoardsScreen(app))
            if full_view:
                app.push(TimerScreen(app, desk=room(app).desk(boards[0])))
            times = []
            for _ in range(frames):
                t0 = time.perf_counter()
                app.tick()
                app.dirty = True
                canvas = app.render()
                app.viewport.present(canvas, display)
                pygame.display.flip()
                times.append((time.perf_counter() - t0) * 1000)
                time.sleep(0.002)  # the clocks move on between frames
        finally:
            hardware.close()
            app.journal.close()
    return percentile(times, 50), percentile(times, 99)


def loop_run(seconds: float, with_games: bool) -> tuple[float, dict[int, list[int]]]:
    """CPU share of one core used by the app's own loop, and each board's expiry latencies."""
    from companion.ui.magici.boards import TwoBoardsScreen
    from companion.ui.magici.desk import room
    from companion.ui.screens.home import HomeScreen

    with tempfile.TemporaryDirectory() as tmp:
        app, hardware = make_app(Path(tmp))
        display = pygame.display.set_mode((800, 480))
        try:
            app.push(HomeScreen(app))
            if with_games:
                start_games(app, (1,), MagiciTiming(move_ms=1_500))
                start_games(app, (2,), MagiciTiming(move_ms=2_300))
                app.push(TwoBoardsScreen(app))
            wall0, cpu0 = time.monotonic(), time.process_time()
            app.run(display, quit_after_ms=int(seconds * 1000))
            cpu = (time.process_time() - cpu0) / (time.monotonic() - wall0) * 100
            latencies: dict[int, list[int]] = {}
            if with_games:
                for n, station in room(app).boards.stations().items():
                    latencies[n] = [e.at_ms - int(e.data["due_ms"]) for e in station.log.effective()
                                    if e.kind == "magici.timeout"]
        finally:
            hardware.close()
            app.journal.close()
    return cpu, latencies


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    pygame.init()
    print("Scacchi Magici station, two boards running, both serial displays on (loop:// stand-ins)")
    print("\n1. frame time (tick + render + present, every frame redrawn), 800x480")
    for label, boards, full in (("two-board view, both boards     ", (1, 2), False),
                                ("board 1 full view, both boards  ", (1, 2), True),
                                ("peer: one board only, full view ", (1,), True)):
        p50, p99 = frame_times(boards, full)
        print(f"   {label}: p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    print(f"\n2. idle CPU of the app's own loop over {args.seconds:.0f} s (share of one core)")
    busy, latencies = loop_run(args.seconds, True)
    idle, _ = loop_run(args.seconds, False)
    print(f"   two-board view, both clocks running, displays fed: {busy:.2f} %")
    print(f"   peer: home screen, no game:                       {idle:.2f} % "
          f"(ratio {busy / idle:.1f}x)" if idle > 0 else f"   peer: home screen: {idle:.2f} %")
    print("\n3. expiry latency (journaled instant - due instant), the app's real loop")
    for n, values in sorted(latencies.items()):
        if values:
            print(f"   board {n}: {len(values)} expiries, median {statistics.median(values):.0f} ms, "
                  f"max {max(values)} ms")
        else:
            print(f"   board {n}: no expiry in the run")


if __name__ == "__main__":
    main()
