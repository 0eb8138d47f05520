"""The external display, and every Magici screen rendered in both languages (and the standings
on a projector)."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from companion.config import load_config
from companion.hardware.facade import Hardware
from companion.hardware.protocol import DisplayState
from companion.hardware.protocol import Side as DisplaySide
from companion.magici.model import DEFAULT_HOUSES, Side
from companion.magici.station import RefereeStation
from companion.ui.magici.common import GAME
from companion.ui.magici.timer import TimerScreen
from companion.ui.registry import SCREENS
from companion.ui.screenshot import render

from .conftest import command, press


class FakeDisplay:
    def __init__(self) -> None:
        self.shown: list[DisplayState] = []
        self.connected = True

    def show(self, state: DisplayState) -> None:
        self.shown.append(state)


def start_game(app) -> TimerScreen:
    log = app.journal.new_match(GAME, title="Grifondoro – Serpeverde")
    RefereeStation.new(log, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1], first=Side.WHITE)
    screen = TimerScreen(app, log)
    app.push(screen)
    press(app, screen, app.t("magici.timer.start"))
    return screen


def test_the_external_display_shows_the_clocks_side_and_house_only_when_they_change(magici_app, clock):
    display = FakeDisplay()
    app = magici_app(hardware=SimpleNamespace(display=display))
    start_game(app)
    assert display.shown[-1] == DisplayState(30_000, 20 * 60_000, DisplaySide.WHITE, "", "Grifondoro")
    count = len(display.shown)
    clock.advance(300)
    app.tick()
    assert len(display.shown) == count  # 29.7 s still shows 0:30: nothing sent
    clock.advance(700)
    app.tick()
    assert display.shown[-1].white_ms == 29_000
    clock.advance(2_000)
    command(app, "white")
    last = display.shown[-1]
    assert (last.white_ms, last.black_ms, last.side, last.message) == (20 * 60_000 - 3_000, 30_000,
                                                                        DisplaySide.BLACK, "Serpeverde")


def test_a_banner_says_when_the_display_is_unplugged_and_back(magici_app, clock):
    display = FakeDisplay()
    app = magici_app(hardware=SimpleNamespace(display=display))
    start_game(app)
    display.connected = False
    clock.advance(1_000)
    app.tick()
    assert app.banners[-1].text == app.t("magici.display.lost")
    display.connected = True
    clock.advance(1_000)
    app.tick()
    assert app.banners[-1].text == app.t("magici.display.back")


def test_the_serial_display_receives_the_clock_lines(magici_app, clock):
    hardware = Hardware(pins={}, post=lambda name: None, enabled=False, display_url="loop://")
    try:
        app = magici_app(hardware=hardware)
        start_game(app)
        assert hardware.display.wait_sent(lambda line: line.startswith(b"T 0:30 20:00"), timeout=5)
        assert hardware.display.wait_sent(lambda line: line.startswith(b"M Grifondoro"), timeout=5)
    finally:
        hardware.close()


def magici_screens() -> list[str]:
    import companion.ui.magici  # noqa: F401

    return sorted(n for n in SCREENS if n.startswith("magici-"))


@pytest.mark.parametrize("name", magici_screens())
def test_every_magici_screen_renders_in_both_languages(name, tmp_path):
    pictures = []
    for lang in ("it", "en"):
        surface = render(name, lang, (800, 480), load_config(paths=[]), tmp_path)
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 800, 16) for y in range(0, 480, 16)}
        assert len(colours) > 4, f"{name}-{lang} looks empty"
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    if name != "magici-keyboard":  # the keyboard's only words are the name typed and "space"
        assert pictures[0] != pictures[1], f"{name}: Italian and English look the same"


def test_the_standings_fill_a_projector(tmp_path):
    surface = render("magici-standings", "it", (1920, 1080), load_config(paths=[]), tmp_path)
    assert surface.get_size() == (1920, 1080)
    # the table reaches the picture's sides: scaled up, not a small picture in the middle
    assert surface.get_at((70, 540))[:3] != (0, 0, 0) and surface.get_at((1850, 540))[:3] != (0, 0, 0)


def test_every_refusal_result_obligation_and_tie_break_has_words_in_both_languages():
    import companion.ui.magici  # noqa: F401
    from companion.i18n import Translator
    from companion.magici.model import ResultKind
    from companion.magici.spells import ObligationKind, SpellRefusal
    from companion.magici.standings import TieBreak
    from companion.magici.station import Refused

    for lang in ("it", "en"):
        t = Translator(lang, strict=True)
        for enum, prefix in ((Refused, "magici.refused."), (SpellRefusal, "magici.spellrefused."),
                             (ObligationKind, "magici.obligation."), (ResultKind, "magici.result."),
                             (TieBreak, "magici.tiebreak.")):
            for value in enum:
                assert t(prefix + value.value, piece="Qd1", caster="Pe7")
