"""An app whose journal and loop share one fake clock, so the station's wall time is the test's."""

from __future__ import annotations

import pygame
import pytest

from companion.app import App
from companion.config import load_config
from companion.core.clock import FakeClock
from companion.core.dice import Dice
from companion.core.journal import Journal
from companion.ui.registry import load_all

START_MS = 1_795_000_000_000


class Sounds:
    """A sound bank that remembers what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START_MS)


@pytest.fixture
def magici_app(tmp_path, clock):
    """build(lang=..., hardware=..., journal_path=...) -> App; the same path gives the same journal."""
    import companion.ui.magici  # noqa: F401  (registers the tile and screens)

    load_all()
    made = []

    def build(lang="it", hardware=None, journal_path=None, size=(800, 480), dice=None):
        journal = Journal.open(journal_path or tmp_path / "journal.db", wall_ms=clock.now_ms)
        config = load_config(paths=[])
        from dataclasses import replace

        config = replace(config, data_dir=tmp_path / "data")
        app = App(config, journal=journal, dice=dice or Dice.seeded(7), clock=clock, physical_size=size, rotate=0,
                  lang=lang, hardware=hardware, sound=Sounds())
        made.append(app)
        return app

    yield build
    for app in made:
        app.journal.close()


def button(screen, label: str):
    """The button whose label (or label start) is ``label``; fails with the labels on screen."""
    for b in screen.buttons:
        if b.label == label:
            return b
    for b in screen.buttons:
        if b.label.startswith(label):
            return b
    raise AssertionError(f"no button {label!r} on {screen.name}: {[b.label for b in screen.buttons]}")


def press(app, screen, label: str) -> None:
    """Tap a button by its label, as a finger would."""
    from ..conftest import tap

    b = button(screen, label)
    assert b.enabled, f"button {label!r} is disabled"
    tap(app, *b.rect.center)


def command(app, name: str, source: str = "gpio") -> None:
    from companion.ui.input import Action, Kind

    app.dispatch(Action(Kind.COMMAND, name=name, source=source))
    app.tick()


def key(app, k: int, text: str = "") -> None:
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=text, mod=0, scancode=0))
    app.tick()
