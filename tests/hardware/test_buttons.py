"""Buttons: a press posts its name; bounce and the chess-clock lock-out stop double counts."""

from __future__ import annotations

import pytest

from companion.core.clock import FakeClock
from companion.hardware.buttons import Buttons
from companion.hardware.status import DeviceState

PINS = {"button_roll": 17, "button_white": 22, "button_black": 23, "button_back": 27}


def press(factory, pin: int) -> None:
    factory.pin(pin).drive_low()  # pull-up: pressing connects the pin to ground
    factory.pin(pin).drive_high()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(start_ms=10_000)


@pytest.fixture
def posted() -> list[str]:
    return []


@pytest.fixture
def buttons(mock_factory, clock, posted):
    b = Buttons(PINS, posted.append, bounce_ms=30, lockout_ms=400, clock=clock, pin_factory=mock_factory)
    yield b
    b.close()


def test_press_posts_the_button_name(mock_factory, buttons, posted):
    press(mock_factory, 17)
    assert posted == ["button_roll"]
    assert buttons.status["button_roll"].state is DeviceState.FOUND


def test_buttons_are_pulled_up_and_a_release_posts_nothing(mock_factory, buttons, posted):
    assert mock_factory.pin(22).state is True  # idle high through the pull-up
    mock_factory.pin(22).drive_low()
    assert buttons.is_pressed("button_white")
    posted.clear()
    mock_factory.pin(22).drive_high()
    assert posted == []


def test_contact_bounce_within_bounce_ms_counts_once(mock_factory, clock, posted):
    b = Buttons(PINS, posted.append, bounce_ms=30, lockout_ms=0, clock=clock, pin_factory=mock_factory)
    try:
        press(mock_factory, 17)
        clock.advance(5)
        press(mock_factory, 17)  # the contact chattering
        clock.advance(24)
        press(mock_factory, 17)
        assert posted == ["button_roll"]
        clock.advance(30)
        press(mock_factory, 17)
        assert posted == ["button_roll", "button_roll"]
    finally:
        b.close()


def test_bounce_time_is_also_handed_to_the_pin_backend(buttons, mock_factory):
    assert mock_factory.pin(17).bounce == pytest.approx(0.030)


def test_double_press_on_the_clock_cannot_end_two_moves(mock_factory, clock, buttons, posted):
    press(mock_factory, 22)  # white ends the move
    clock.advance(200)
    press(mock_factory, 22)  # the same hand again
    clock.advance(100)
    press(mock_factory, 23)  # or black slapping at once
    assert posted == ["button_white"]


def test_clock_lockout_ends_after_lockout_ms(mock_factory, clock, buttons, posted):
    press(mock_factory, 22)
    clock.advance(400)
    press(mock_factory, 23)
    assert posted == ["button_white", "button_black"]


def test_roll_button_is_not_locked_out_by_the_clock_buttons(mock_factory, clock, buttons, posted):
    press(mock_factory, 22)
    clock.advance(50)
    press(mock_factory, 17)
    assert posted == ["button_white", "button_roll"]


def test_a_double_roll_press_rolls_once(mock_factory, clock, buttons, posted):
    press(mock_factory, 17)
    clock.advance(150)
    press(mock_factory, 17)
    assert posted == ["button_roll"]


def test_keyboard_stand_in_press_obeys_the_same_lockout(clock, posted):
    b = Buttons(PINS, posted.append, clock=clock, pin_factory=False)
    assert b.status["button_white"].state is DeviceState.STAND_IN
    assert "key A" in b.status["button_white"].message
    assert b.press("button_white") is True
    assert b.press("button_black") is False
    assert posted == ["button_white"]


def test_unknown_button_name_is_a_clear_error(buttons):
    with pytest.raises(KeyError, match="no button named 'button_x'.*button_roll"):
        buttons.press("button_x")


def test_a_pin_already_in_use_makes_only_that_button_missing(mock_factory, clock, posted):
    from gpiozero import LED

    squatter = LED(23, pin_factory=mock_factory)
    b = Buttons(PINS, posted.append, clock=clock, pin_factory=mock_factory)
    try:
        report = b.status["button_black"]
        assert report.state is DeviceState.MISSING
        assert "BCM 23 is in use" in report.message
        assert b.status["button_white"].state is DeviceState.FOUND
        assert b.press("button_black") is True  # the keyboard stand-in still works
    finally:
        b.close()
        squatter.close()


def test_negative_lockout_is_refused_with_its_name(clock, posted):
    with pytest.raises(ValueError, match="lockout_ms must be >= 0"):
        Buttons(PINS, posted.append, lockout_ms=-1, clock=clock, pin_factory=False)


def test_a_failing_post_does_not_stop_later_presses(mock_factory, clock, capsys):
    seen: list[str] = []

    def flaky_post(name: str) -> None:
        seen.append(name)
        if len(seen) == 1:
            raise RuntimeError("event queue full")

    b = Buttons(PINS, flaky_post, clock=clock, pin_factory=mock_factory)
    try:
        press(mock_factory, 17)
        clock.advance(1000)
        press(mock_factory, 17)
        assert seen == ["button_roll", "button_roll"]
        assert "event queue full" in capsys.readouterr().err
    finally:
        b.close()
