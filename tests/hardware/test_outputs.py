"""LEDs and the buzzer: pins follow the commands, patterns run in the background, faults are kept."""

from __future__ import annotations

import pytest

from companion.hardware.outputs import BeepPattern, Buzzer, LedState, Leds
from companion.hardware.status import DeviceState

LED_PINS = {"led_white": 5, "led_black": 6, "led_status": 13}


@pytest.fixture
def leds(mock_factory):
    bank = Leds(LED_PINS, pin_factory=mock_factory)
    yield bank
    bank.close()


def test_led_on_and_off_drive_the_pin(mock_factory, leds):
    leds.on("led_status")
    assert mock_factory.pin(13).state is True
    assert leds.state("led_status") is LedState.ON
    leds.off("led_status")
    assert mock_factory.pin(13).state is False
    assert leds.history == [("led_status", "on"), ("led_status", "off")]


def test_side_to_move_lights_exactly_one_led(mock_factory, leds):
    leds.show_side_to_move("black")
    assert (mock_factory.pin(5).state, mock_factory.pin(6).state) == (False, True)
    leds.show_side_to_move("white")
    assert (mock_factory.pin(5).state, mock_factory.pin(6).state) == (True, False)
    leds.show_side_to_move(None)
    assert (mock_factory.pin(5).state, mock_factory.pin(6).state) == (False, False)
    with pytest.raises(ValueError, match="side must be"):
        leds.show_side_to_move("red")


def test_blink_runs_in_the_background_and_returns_at_once(mock_factory, leds, wait_until):
    leds.blink("led_status", on_ms=5, off_ms=5)
    assert leds.state("led_status") is LedState.BLINK
    pin = mock_factory.pin(13)
    assert wait_until(lambda: len(pin.states) >= 5)  # it toggles on its own
    leds.off("led_status")
    assert pin.state is False


def test_double_beep_sounds_twice_then_stops(mock_factory, wait_until):
    buzzer = Buzzer(12, pin_factory=mock_factory)
    try:
        buzzer.beep(BeepPattern.DOUBLE)
        pin = mock_factory.pin(12)
        assert wait_until(lambda: [s.state for s in pin.states] == [False, True, False, True, False])
        assert buzzer.patterns == [BeepPattern.DOUBLE]
    finally:
        buzzer.close()


def test_long_beep_at_zero_is_one_long_tone(mock_factory, wait_until):
    buzzer = Buzzer(12, pin_factory=mock_factory)
    try:
        assert BeepPattern.LONG.value.count == 1
        assert BeepPattern.LONG.value.on_ms > 5 * BeepPattern.SHORT.value.on_ms
        buzzer.beep(BeepPattern.LONG)
        assert wait_until(lambda: mock_factory.pin(12).state is True)
        buzzer.silence()
        assert wait_until(lambda: mock_factory.pin(12).state is False)
    finally:
        buzzer.close()


def test_stand_ins_record_what_they_were_told():
    leds = Leds(LED_PINS, pin_factory=False)
    buzzer = Buzzer(12, pin_factory=False)
    leds.blink("led_white")
    buzzer.beep(BeepPattern.SHORT)
    buzzer.beep(BeepPattern.LONG)
    assert leds.status["led_white"].state is DeviceState.STAND_IN
    assert leds.state("led_white") is LedState.BLINK
    assert buzzer.patterns == [BeepPattern.SHORT, BeepPattern.LONG]
    assert buzzer.history == [("buzzer", "beep short"), ("buzzer", "beep long")]


def test_an_led_that_fails_at_run_time_is_reported_and_the_app_goes_on(mock_factory, monkeypatch):
    faults = []
    leds = Leds(LED_PINS, pin_factory=mock_factory, on_fault=faults.append)
    try:
        device = leds._devices["led_black"]

        def broken() -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(device, "on", broken)
        leds.on("led_black")  # must not raise
        assert [f.name for f in faults] == ["led_black"]
        assert leds.status["led_black"].state is DeviceState.MISSING
        assert "stopped answering" in leds.status["led_black"].message
        leds.on("led_black")  # now a stand-in: recorded, no second fault
        assert len(faults) == 1 and leds.state("led_black") is LedState.ON
        leds.on("led_white")  # the other LEDs are untouched
        assert mock_factory.pin(5).state is True
    finally:
        leds.close()


def test_unknown_led_name_is_a_clear_error(leds):
    with pytest.raises(KeyError, match="no device named 'led_red'"):
        leds.on("led_red")


def test_beep_wants_a_pattern():
    with pytest.raises(TypeError, match="BeepPattern"):
        Buzzer(12, pin_factory=False).beep("short")  # type: ignore[arg-type]
