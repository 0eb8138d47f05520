"""The Dice screen driven like a person would: touches, keys and the GPIO roll button."""

import pygame
from gpiozero.pins.mock import MockFactory

from companion.core.dice import Dice
from companion.hardware.facade import Hardware
from companion.ui.input import post_hardware
from companion.ui.screens.dice import DiceScreen
from companion.ui.screens.home import HomeScreen

from .conftest import tap


def roll_button(screen):
    return next(b for b in screen.buttons if b.primary)


def rolls_in_journal(app):
    m = app.journal.latest_unfinished("dice")
    return [e.data["faces"] for e in m.effective() if e.kind == "roll"] if m else []


def settle(app, screen):
    while screen.anim_left:
        app.clock.advance(40)
        app.tick()


def test_home_screen_opens_the_dice_by_touch(make_app):
    app = make_app()
    app.push(HomeScreen(app))
    dice_tile = next(b for b in app.top.buttons if b.primary)
    tap(app, *dice_tile.rect.center)
    assert isinstance(app.top, DiceScreen)


def test_a_tap_on_roll_rolls_once_even_with_sdls_mouse_copy(make_app):
    app = make_app(dice=Dice.seeded(42))
    screen = DiceScreen(app)
    app.push(screen)
    tap(app, *roll_button(screen).rect.center)
    assert len(rolls_in_journal(app)) == 1
    expected = Dice.seeded(42).roll(3).faces
    settle(app, screen)
    assert screen.shown == expected
    assert rolls_in_journal(app) == [list(expected)]


def test_presets_choose_three_two_or_one_die(make_app):
    app = make_app()
    screen = DiceScreen(app)
    app.push(screen)
    for label_key, n in (("dice.preset.duere", 2), ("dice.preset.one", 1), ("dice.preset.chessball", 3)):
        button = next(b for b in screen.buttons if b.label == app.t(label_key))
        tap(app, *button.rect.center)
        tap(app, *roll_button(screen).rect.center)
        settle(app, screen)
        assert len(rolls_in_journal(app)[-1]) == n


def test_a_press_while_the_dice_tumble_is_not_a_second_roll(make_app):
    app = make_app()
    screen = DiceScreen(app)
    app.push(screen)
    tap(app, *roll_button(screen).rect.center)
    tap(app, *roll_button(screen).rect.center)
    assert len(rolls_in_journal(app)) == 1
    settle(app, screen)
    tap(app, *roll_button(screen).rect.center)
    assert len(rolls_in_journal(app)) == 2


def test_the_keyboard_r_rolls(make_app):
    app = make_app()
    screen = DiceScreen(app)
    app.push(screen)
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, unicode="r", mod=0, scancode=0))
    assert len(rolls_in_journal(app)) == 1


def test_the_gpio_roll_button_rolls_through_the_event_loop(make_app):
    factory = MockFactory()
    hardware = Hardware(pins={"button_roll": 17}, post=post_hardware, pin_factory=factory, bounce_ms=0)
    try:
        app = make_app(hardware=hardware)
        screen = DiceScreen(app)
        app.push(screen)
        pin = factory.pin(17)
        pin.drive_low()  # press: gpiozero calls back, the adapter posts an event
        pin.drive_high()
        for event in pygame.event.get():
            app.feed(event)
        assert len(rolls_in_journal(app)) == 1
    finally:
        hardware.close()


def test_history_comes_back_after_a_restart(make_app, tmp_path):
    app = make_app(journal_path=tmp_path / "j.db")
    screen = DiceScreen(app)
    app.push(screen)
    for _ in range(4):
        tap(app, *roll_button(screen).rect.center)
        settle(app, screen)
    before = [r.faces for r, _ in screen.history]
    app.journal.close()
    again = make_app(journal_path=tmp_path / "j.db")
    reopened = DiceScreen(again)
    assert [r.faces for r, _ in reopened.history] == before
    assert reopened.shown == before[-1]


def test_a_new_series_starts_an_empty_history_and_keeps_the_old_one(make_app):
    app = make_app()
    screen = DiceScreen(app)
    app.push(screen)
    tap(app, *roll_button(screen).rect.center)
    settle(app, screen)
    screen.new_series()
    assert screen.history == [] and app.journal.latest_unfinished("dice") is None
    assert len(app.journal.matches(game="dice", unfinished=False)) == 1


def test_the_screen_sleeps_when_nothing_moves(make_app):
    app = make_app()
    screen = DiceScreen(app)
    app.push(screen)
    assert screen.wake_in_ms() is None
    screen.roll()
    assert 0 < screen.wake_in_ms() <= 33
    settle(app, screen)
    assert screen.wake_in_ms() is None
    app.render()
    assert not app.needs_draw


def test_new_series_while_the_dice_tumble_waits_for_them_to_land(make_app):
    app = make_app()
    screen = DiceScreen(app)
    app.push(screen)
    screen.roll()
    screen.new_series()  # ignored: the roll in the air belongs to this series
    settle(app, screen)
    assert len(screen.history) == 1


def test_a_roll_that_cannot_be_saved_shows_a_banner_and_changes_nothing(make_app, monkeypatch):
    from companion.core.journal import JournalError

    app = make_app(lang="en")
    screen = DiceScreen(app)
    app.push(screen)
    screen.roll()
    settle(app, screen)

    def disk_full(kind, data=None):
        raise JournalError("journal.db: could not save (database or disk is full)")

    monkeypatch.setattr(screen.match, "append", disk_full)
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, unicode="r", mod=0, scancode=0))
    assert any("NOT SAVED" in b.text and "disk is full" in b.text for b in app.banners)
    assert len(screen.history) == 1 and not screen.anim_left


def test_idle_dice_are_blank_never_six_six_six(make_app):
    from companion.ui.screens.dice import BLANK

    app = make_app()
    screen = DiceScreen(app)
    app.push(screen)
    assert screen.shown == (BLANK, BLANK, BLANK)
    tap(app, *next(b for b in screen.buttons if b.label == app.t("dice.preset.duere")).rect.center)
    assert screen.shown == (BLANK, BLANK)
    app.render()  # drawn without pips and without a total


def test_new_series_asks_first_and_cancel_keeps_the_history(make_app):
    from companion.ui.screens.confirm import ConfirmScreen

    app = make_app(lang="en")
    screen = DiceScreen(app)
    app.push(screen)
    clear = next(b for b in screen.buttons if b.label == "New series")
    assert not clear.enabled  # nothing to clear yet
    for _ in range(2):
        tap(app, *roll_button(screen).rect.center)
        settle(app, screen)
    assert screen.tn("dice.rolls_count", 1) == "1 roll" and screen.tn("dice.rolls_count", 2) == "2 rolls"
    tap(app, *next(b for b in screen.buttons if b.label == "New series").rect.center)
    assert isinstance(app.top, ConfirmScreen) and "2 rolls" in app.top.body
    tap(app, *next(b for b in app.top.buttons if b.label == "Cancel").rect.center)
    assert app.top is screen and len(screen.history) == 2
    tap(app, *next(b for b in screen.buttons if b.label == "New series").rect.center)
    tap(app, *next(b for b in app.top.buttons if b.label == "New series").rect.center)
    assert app.top is screen and screen.history == []
    assert len(app.journal.matches(game="dice", unfinished=False)) == 1  # the old series is kept


def test_a_home_tile_says_when_a_match_of_its_game_is_running(make_app):
    from companion.chessball.state import Mode
    from companion.chessball.session import Session

    app = make_app(lang="en")
    home = HomeScreen(app)
    app.push(home)
    tile = next(b for b in home.buttons if b.label == "ChessBall")
    assert "progress" not in tile.sublabel and not tile.selected
    session = Session.start(app.journal, Mode.COUNTING)
    tap(app, *tile.rect.center)  # into ChessBall and back: home looks again
    app.pop()
    tile = next(b for b in home.buttons if b.label == "ChessBall")
    assert tile.sublabel == "● match in progress" and tile.selected
    session.abandon()
    app.push(DiceScreen(app))
    app.pop()
    assert "progress" not in next(b for b in home.buttons if b.label == "ChessBall").sublabel
