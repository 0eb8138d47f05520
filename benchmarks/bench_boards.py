"""The grid boards drawn at the display's own size: frame time of each board at 800×480,
720×1280 (on its side) and 1920×1080, with the home screen's frame time at the same size in the
same run as the peer; and the cost of the captured-pieces strip over a long game (read once from
the history, then cached per position).

    python benchmarks/bench_boards.py [--frames 120]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.update(SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
                  SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
                  GPIOZERO_PIN_FACTORY=os.environ.get("GPIOZERO_PIN_FACTORY", "mock"), PYGAME_HIDE_SUPPORT_PROMPT="1")

SIZES = (((800, 480), 0), ((720, 1280), 90), ((1920, 1080), 0))
BOARDS = ("duere-board", "elolbia-board", "clupso-board", "camerlano-board")


def frame_ms(app, screen, display, frames: int) -> tuple[float, float]:
    import pygame

    app.push(screen)
    samples = []
    for _ in range(frames):
        t = time.perf_counter()
        app.dirty = True
        screen.dirty = True
        app.viewport.present(app.render(), display)
        pygame.display.flip()
        samples.append((time.perf_counter() - t) * 1000)
    app.pop()
    return statistics.mean(samples), sorted(samples)[int(len(samples) * 0.95)]


def frames_at(size: tuple[int, int], rotate: int, frames: int) -> None:
    import pygame

    from companion.config import load_config
    from companion.ui.registry import SCREENS, load_all
    from companion.ui.screens.home import HomeScreen
    from companion.ui.screenshot import make_demo_app

    load_all()
    pygame.display.init()
    pygame.font.init()
    display = pygame.display.set_mode(size)
    with tempfile.TemporaryDirectory() as tmp:
        app = make_demo_app(load_config(paths=[]), "it", size, Path(tmp), rotate)
        app.push(HomeScreen(app))
        home_mean, home_p95 = frame_ms(app, HomeScreen(app), display, frames)
        print(f"{size[0]}x{size[1]} rotate {rotate:>3}: home (peer)      mean {home_mean:6.2f} ms, p95 {home_p95:6.2f} ms")
        for name in BOARDS:
            mean, p95 = frame_ms(app, SCREENS[name](app), display, frames)
            print(f"{size[0]}x{size[1]} rotate {rotate:>3}: {name:<16} mean {mean:6.2f} ms, p95 {p95:6.2f} ms"
                  f"  ({mean / home_mean:.1f}× home)")
        app.journal.close()
    pygame.display.quit()


def captures_cost(plies: int = 200) -> None:
    """A long Camerlano game (seeded random legal moves): the strip read from scratch, then cached."""
    import random

    from companion.core.journal import Journal
    from companion.rules.session import BoardSession
    from companion.ui.board.captures import lost_pieces

    rng = random.Random(15)
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.open(Path(tmp) / "j.db")
        session = BoardSession.new(journal, "camerlano")
        for _ in range(plies):
            options = session.options()
            if not options:
                break
            session.play(rng.choice(options))
        t = time.perf_counter()
        cache: dict = {}
        lost = lost_pieces(session, cache)
        first = (time.perf_counter() - t) * 1000
        t = time.perf_counter()
        lost_pieces(session, cache)
        again = (time.perf_counter() - t) * 1000
        journal.close()
    print(f"captured pieces over {len(session.history)} plies ({len(lost[0]) + len(lost[1])} taken): "
          f"{first:.1f} ms read from the history, {again:.2f} ms with the positions cached "
          f"(the screen reads it again only after a change)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=120)
    a = ap.parse_args()
    for size, rotate in SIZES:
        frames_at(size, rotate, a.frames)
    captures_cost()


if __name__ == "__main__":
    main()
