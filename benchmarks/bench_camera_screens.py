"""Issue 15 for the camera screens: their frame time drawn at the display's own size, and what
the calibration loupe costs while a finger slides over the picture.

    python benchmarks/bench_camera_screens.py [--frames 60]

* Frame time of ``camera`` and ``camera-calibration`` at 800×480, 1280×720 (a 720×1280 panel on
  its side) and 1920×1080, native against the same screen drawn the old way (the 800×480
  canvas scaled to the display: the peer, from the same run).
* The calibration with a finger on the picture (the loupe redrawn at each move) against the
  same screen at rest (the peer).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time

from bench_ui import _app, frame_ms  # the same measure as the other native screens


def loupe_ms(size: tuple[int, int], rotate: int, frames: int, finger: bool) -> float:
    import pygame

    from companion.ui.registry import SCREENS

    with tempfile.TemporaryDirectory() as tmp:
        app = _app(tmp, size, rotate)
        screen = SCREENS["camera-calibration"](app)
        app.push(screen)
        place = screen.placement()
        display = pygame.Surface(size)
        samples = []
        for i in range(frames):
            screen.aim = (place.x + 10 + (i * 7) % (place.width - 20), place.rect.centery) if finger else None
            t = time.perf_counter()
            app.dirty = True
            app.viewport.present(app.render(), display)
            samples.append((time.perf_counter() - t) * 1000)
        app.journal.close()
    return statistics.median(samples)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=60)
    a = ap.parse_args()
    import pygame

    pygame.display.init()
    pygame.font.init()
    sizes = (((800, 480), 0), ((720, 1280), 90), ((1920, 1080), 0))
    for name in ("camera", "camera-calibration"):
        for size, rotate in sizes:
            native = frame_ms(name, size, rotate, True, a.frames)
            scaled = frame_ms(name, size, rotate, False, a.frames)
            print(f"frame {name:<18} {size[0]}x{size[1]} rot {rotate:>2}: native {native:6.2f} ms, "
                  f"scaled 800x480 (peer) {scaled:6.2f} ms, ratio {native / scaled:4.2f}")
    for size, rotate in sizes:
        sliding = loupe_ms(size, rotate, a.frames, True)
        still = loupe_ms(size, rotate, a.frames, False)
        print(f"calibration {size[0]}x{size[1]} rot {rotate:>2}: finger sliding (loupe) {sliding:6.2f} ms a frame, "
              f"at rest (peer) {still:6.2f} ms, ratio {sliding / still:4.2f}")


if __name__ == "__main__":
    main()
