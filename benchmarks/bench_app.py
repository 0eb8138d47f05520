"""The app shell: time from launch to the first frame, frame time, idle CPU per minute.

    python benchmarks/bench_app.py [--idle-seconds 60] [--launches 5]

Launch and idle are measured on real `companion run` processes (SDL's dummy video driver here;
on a Pi run it with kmsdrm to measure the real thing). Frame time is measured in process.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ENV = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
           SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
           GPIOZERO_PIN_FACTORY=os.environ.get("GPIOZERO_PIN_FACTORY", "mock"), PYGAME_HIDE_SUPPORT_PROMPT="1")


def launch_to_first_frame(data_dir: str) -> tuple[float, float]:
    """(ms from exec to the first frame on screen, user+system CPU seconds of the whole run)."""
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--data-dir", data_dir, "--trace",
                             "--quit-after-ms", "0"], env=ENV, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    err = proc.stderr.read()
    line = next(l for l in err.splitlines() if l.startswith("first-frame-monotonic-ms"))
    return float(line.split()[1]) - t0 * 1000, usage.ru_utime + usage.ru_stime


def idle_cpu(data_dir: str, seconds: float) -> tuple[float, float]:
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--data-dir", data_dir,
                             "--quit-after-ms", str(int(seconds * 1000))], env=ENV)
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime, seconds


def frame_times(size: tuple[int, int], rotate: int, frames: int = 300) -> dict[str, float]:
    os.environ.update(ENV)
    import pygame

    from companion.app import App
    from companion.config import load_config
    from companion.core.dice import Dice
    from companion.core.journal import Journal
    from companion.ui.screens.dice import DiceScreen
    from companion.ui.screens.home import HomeScreen

    pygame.display.init()
    pygame.font.init()
    display = pygame.display.set_mode(size)
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.open(Path(tmp) / "j.db")
        app = App(load_config(paths=[]), journal=journal, dice=Dice.seeded(1), physical_size=size, rotate=rotate)
        results = {}
        for name, screen in (("home", HomeScreen(app)), ("dice (rolling)", DiceScreen(app))):
            app.push(screen)
            samples = []
            for i in range(frames):
                if isinstance(screen, DiceScreen) and not screen.anim_left:
                    screen.roll()
                screen.update(33)
                t = time.perf_counter()
                app.dirty = True
                app.viewport.present(app.render(), display)
                pygame.display.flip()
                samples.append((time.perf_counter() - t) * 1000)
            results[name] = samples
        journal.close()
    pygame.display.quit()
    return {k: (statistics.mean(v), sorted(v)[int(len(v) * 0.95)]) for k, v in results.items()}


def journal_append_ms(samples: int = 200) -> tuple[float, float, float]:
    """What one saved action costs: an event committed with WAL and synchronous=FULL."""
    from companion.core.journal import Journal

    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.open(Path(tmp) / "j.db")
        match = journal.new_match("dice")
        times = []
        for i in range(samples):
            t = time.perf_counter()
            match.append("roll", {"faces": [i % 6 + 1, 3, 4], "sides": 6})
            times.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        match.effective()
        replay_ms = (time.perf_counter() - t) * 1000
        journal.close()
    return statistics.median(times), sorted(times)[int(samples * 0.95)], replay_ms


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--idle-seconds", type=float, default=20)
    ap.add_argument("--launches", type=int, default=5)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        launches = [launch_to_first_frame(tmp) for _ in range(a.launches)]
        first = [ms for ms, _ in launches]
        print(f"launch to first frame: median {statistics.median(first):.0f} ms, "
              f"best {min(first):.0f} ms over {a.launches} launches (python -m companion run, dummy video)")
        # the marginal CPU of idling: a long run minus a short one (start-up cancels out)
        short_cpu, short = idle_cpu(tmp, 2.0)
        long_cpu, long = idle_cpu(tmp, 2.0 + a.idle_seconds)
        idle = max(0.0, long_cpu - short_cpu)
        print(f"idle CPU: {idle:.3f} s of CPU over {a.idle_seconds:.0f} s on the home screen = "
              f"{100 * idle / a.idle_seconds:.2f} % of a core ({60 * idle / a.idle_seconds:.2f} CPU-seconds per "
              f"minute; target well under 2 %)")
    median, p95, replay = journal_append_ms()
    print(f"journal: one event committed (WAL, synchronous=FULL) median {median:.2f} ms, p95 {p95:.2f} ms "
          f"on this disk (an SD card is slower); replay of 200 events {replay:.2f} ms")
    for size, rotate in (((800, 480), 0), ((720, 1280), 90), ((1920, 1080), 0)):
        for name, (mean, p95) in frame_times(size, rotate).items():
            print(f"frame time {size[0]}x{size[1]} rotate {rotate:>3}: {name:<15} mean {mean:.2f} ms, p95 {p95:.2f} ms")


if __name__ == "__main__":
    main()
