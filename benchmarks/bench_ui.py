"""Issue 15's costs: drawing at the display's own size, and what a lattice tap costs.

    python benchmarks/bench_ui.py [--frames 120]

* Frame time of the native screens (home, dice, ChessBall tracker, the Magici two-board view,
  timer and standings) at 800×480, 1280×720 (a 720×1280 panel on its side) and 1920×1080,
  against the same screens drawn the old way (the 800×480 canvas scaled to the display: the
  peer, from the same run).
* One tap on the ChessBall lattice: resolving it to the point that means something (probing the
  points near the finger through the rules core) against the old nearest-point snap (the peer).
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
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")


def _app(tmp: str, size: tuple[int, int], rotate: int):
    from companion.config import load_config
    from companion.ui.screenshot import make_demo_app

    return make_demo_app(load_config(paths=[]), "it", size, Path(tmp), rotate)


def frame_ms(name: str, size: tuple[int, int], rotate: int, native: bool, frames: int) -> float:
    import pygame

    from companion.ui.registry import SCREENS

    with tempfile.TemporaryDirectory() as tmp:
        app = _app(tmp, size, rotate)
        screen = SCREENS[name](app)
        screen.native = native
        app.push(screen)
        display = pygame.Surface(size)
        samples = []
        for _ in range(frames):
            t = time.perf_counter()
            app.dirty = True
            app.viewport.present(app.render(), display)
            samples.append((time.perf_counter() - t) * 1000)
        app.journal.close()
    return statistics.median(samples)


def tap_ms(samples: int) -> tuple[float, float, float]:
    """(resolve a tap with a piece selected, with nothing selected, the old snap) in ms."""
    from companion.ui.registry import SCREENS

    with tempfile.TemporaryDirectory() as tmp:
        app = _app(tmp, (800, 480), 0)
        tracker = SCREENS["chessball-tracker"](app)  # a Bishop with the ball is selected
        app.push(tracker)
        pos = tracker.board.to_pixel((9, 9))
        out = []
        for fn in (lambda: tracker.resolve_tap(pos), None, lambda: tracker.board.snap(pos)):
            if fn is None:
                saved = tracker.choice
                tracker.choice = type(saved)()
                mover = tracker.state.side_to_move
                piece = next(p for p, pc in sorted(tracker.state.board.items()) if pc.side is mover)
                fn2 = lambda: tracker.resolve_tap(tracker.board.to_pixel(piece))  # noqa: E731  (near a piece)
                times = []
                for _ in range(samples):
                    t = time.perf_counter()
                    fn2()
                    times.append((time.perf_counter() - t) * 1000)
                tracker.choice = saved
            else:
                times = []
                for _ in range(samples):
                    t = time.perf_counter()
                    fn()
                    times.append((time.perf_counter() - t) * 1000)
            out.append(statistics.median(times))
        app.journal.close()
    return out[0], out[1], out[2]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=120)
    a = ap.parse_args()
    import pygame

    pygame.display.init()
    pygame.font.init()
    for name in ("home", "dice", "chessball-tracker", "magici-two-boards", "magici-timer", "magici-standings"):
        for size, rotate in (((800, 480), 0), ((720, 1280), 90), ((1920, 1080), 0)):
            native = frame_ms(name, size, rotate, True, a.frames)
            scaled = frame_ms(name, size, rotate, False, a.frames)
            print(f"frame {name:<18} {size[0]}x{size[1]} rot {rotate:>2}: native {native:6.2f} ms, "
                  f"scaled 800x480 (peer) {scaled:6.2f} ms, ratio {native / scaled:4.2f}")
    selected, fresh, snap = tap_ms(200)
    print(f"lattice tap: resolved with a piece selected {selected:.2f} ms, with nothing selected {fresh:.2f} ms; "
          f"old nearest-point snap (peer) {snap * 1000:.1f} µs")


if __name__ == "__main__":
    main()
