"""``companion screenshot``: render screens to PNG with no display.

Each screen is rendered in a representative state (its registered demo factory) against a
throw-away journal, seeded dice and a fixed clock, so the pictures are the same on every run
and the user's own journal is never touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

DEMO_WALL_MS = 1_795_000_000_000  # a fixed instant (2026-11-19 UTC) for the demo journals


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_demo_app(config, lang: str, size: tuple[int, int], workdir: Path, rotate: int = 0):
    """An App wired for rendering: temp journal, seeded dice, fake clock, stand-in hardware."""
    from companion.app import App
    from companion.core.clock import FakeClock
    from companion.core.dice import Dice
    from companion.core.journal import Journal
    from companion.hardware.facade import Hardware

    ticks = iter(range(DEMO_WALL_MS, DEMO_WALL_MS + 10**9, 7_000))
    journal = Journal.open(workdir / f"demo-{lang}.db", wall_ms=lambda: next(ticks))
    hardware = Hardware(pins=config.gpio.pins, post=lambda name: None, enabled=False)
    return App(config, journal=journal, dice=Dice.seeded(2026), clock=FakeClock(), physical_size=size,
               rotate=rotate, lang=lang, hardware=hardware)


def render(name: str, lang: str, size: tuple[int, int], config, workdir: Path, rotate: int = 0):
    """Render one registered screen; returns a pygame Surface of ``size``."""
    return render_reported(name, lang, size, config, workdir, rotate)[0]


def render_reported(name: str, lang: str, size: tuple[int, int], config, workdir: Path, rotate: int = 0):
    """Render one registered screen; returns the picture, what the widgets reported drawing
    (:class:`~companion.ui.widgets.DrawReport`, in canvas pixels) and the canvas-to-display scale."""
    import pygame

    from companion.ui.registry import SCREENS, load_all
    from companion.ui.widgets import recording

    load_all()
    app = make_demo_app(config, lang, size, workdir, rotate)
    try:
        app.push(SCREENS[name](app))
        with recording() as report:
            canvas = app.render()
        out = pygame.Surface(size)
        app.viewport.present(canvas, out)
        return out, report, app.viewport.scale
    finally:
        app.journal.close()


def screenshot_command(args: argparse.Namespace) -> int:
    _headless()
    import pygame

    from companion.config import ConfigError, load_config
    from companion.ui.registry import SCREENS, load_all

    try:
        config = load_config(getattr(args, "config", None))
    except ConfigError as exc:
        print(f"companion: configuration error: {exc}", file=sys.stderr)
        return 2
    pygame.font.init()
    load_all()
    if args.list:
        print("\n".join(sorted(SCREENS)))
        return 0
    names = sorted(SCREENS) if args.all else [args.screen]
    unknown = [n for n in names if n not in SCREENS]
    if unknown:
        print(f"companion: no screen called {unknown[0]!r}; screens: {', '.join(sorted(SCREENS))}", file=sys.stderr)
        return 2
    langs = [args.lang] if getattr(args, "lang", None) else ["it", "en"]
    out_dir = Path(args.out)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"companion screenshot: --out {args.out}: not a folder it can write into "
              f"({exc.strerror or exc})", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="companion-shots-") as tmp:
        for name in names:
            for lang in langs:
                surface = render(name, lang, tuple(getattr(args, "size", None) or (800, 480)), config, Path(tmp), getattr(args, "rotate", 0) or 0)
                path = out_dir / f"{name}-{lang}.png"
                try:
                    pygame.image.save(surface, str(path))
                except (OSError, pygame.error) as exc:
                    print(f"companion screenshot: {path}: cannot be written ({exc})", file=sys.stderr)
                    return 2
                print(path)
    return 0
