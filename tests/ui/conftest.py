import itertools
from dataclasses import replace

import pygame
import pytest

from companion.app import App
from companion.config import load_config
from companion.core.clock import FakeClock
from companion.core.dice import Dice
from companion.core.journal import Journal


@pytest.fixture(autouse=True)
def pygame_headless():
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    yield
    pygame.event.clear()


@pytest.fixture
def make_app(tmp_path):
    """Build an App on a journal in tmp_path; the same path gives the same journal back."""
    made = []

    def build(lang="it", size=(800, 480), rotate=0, dice=None, hardware=None, journal_path=None):
        ticks = itertools.count(1_795_000_000_000, 1000)
        journal = Journal.open(journal_path or tmp_path / "journal.db", wall_ms=lambda: next(ticks))
        config = replace(load_config(paths=[]), data_dir=tmp_path / "data")  # (never the user's)
        app = App(config, journal=journal, dice=dice or Dice.seeded(1), clock=FakeClock(),
                  physical_size=size, rotate=rotate, lang=lang, hardware=hardware)
        made.append(app)
        return app

    yield build
    for app in made:
        app.journal.close()


def finger(app, kind, lx, ly, finger_id=0):
    """A FINGER event at a logical point, as SDL would deliver it (normalised physical coords)."""
    vp = app.viewport
    # logical -> physical for rotation 0 only (tests with rotation use viewport maths directly)
    px = vp.offset[0] + lx * vp.scale
    py = vp.offset[1] + ly * vp.scale
    w, h = vp.physical
    return pygame.event.Event(kind, x=px / w, y=py / h, dx=0, dy=0, finger_id=finger_id, touch_id=1, pressure=1)


def tap(app, lx, ly, with_sdl_mouse_copy=True):
    """A finger tap, plus the mouse events SDL synthesises from it (which must be ignored)."""
    app.feed(finger(app, pygame.FINGERDOWN, lx, ly))
    if with_sdl_mouse_copy:
        app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(lx, ly), button=1, touch=True))
    app.feed(finger(app, pygame.FINGERUP, lx, ly))
    if with_sdl_mouse_copy:
        app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(lx, ly), button=1, touch=True))
    app.tick()
