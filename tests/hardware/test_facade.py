"""The Hardware facade: never raises, says which devices are found, missing or stand-ins."""

from __future__ import annotations

import pytest

from companion.config import DEFAULT_PINS, load_config
from companion.core.clock import FakeClock
from companion.hardware.facade import GPIO_OFF_MESSAGE, NO_GPIO_MESSAGE, Hardware
from companion.hardware.status import DeviceState


@pytest.fixture
def no_gpio(monkeypatch):
    """A machine that is not a Pi: gpiozero finds no pin back-end at all."""
    from gpiozero import Device
    from gpiozero.exc import BadPinFactory

    def refuse():
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(refuse))


def test_without_gpio_every_device_is_a_stand_in_and_nothing_raises(no_gpio):
    posted: list[str] = []
    hw = Hardware(pins=DEFAULT_PINS, post=posted.append, clock=FakeClock())
    try:
        assert {r.state for r in hw.status.values()} == {DeviceState.STAND_IN}
        assert set(hw.status) == set(DEFAULT_PINS)
        assert hw.message == NO_GPIO_MESSAGE and "R rolls" in hw.message
        assert "BadPinFactory" in hw.no_gpio_reason
        assert hw.stand_ins_active
        assert hw.keyboard_stand_ins()["button_white"] == "A"
        hw.buttons.press("button_roll")  # what the keyboard handler calls
        hw.leds.show_side_to_move("white")
        assert posted == ["button_roll"]
        assert hw.leds.history == [("led_white", "on"), ("led_black", "off")]
    finally:
        hw.close()


def test_gpio_switched_off_in_the_config_uses_stand_ins(mock_factory):
    hw = Hardware(pins=DEFAULT_PINS, post=lambda name: None, enabled=False)
    assert hw.message == GPIO_OFF_MESSAGE
    assert {r.state for r in hw.status.values()} == {DeviceState.STAND_IN}


def test_from_config_builds_every_default_device_on_mock_pins(mock_factory):
    config = load_config(paths=[])
    posted: list[str] = []
    hw = Hardware.from_config(config, posted.append, clock=FakeClock())
    try:
        assert hw.pin_factory_name == "MockFactory"
        assert {r.state for r in hw.status.values()} == {DeviceState.FOUND}
        assert not hw.stand_ins_active
        mock_factory.pin(DEFAULT_PINS["button_black"]).drive_low()
        assert posted == ["button_black"]
    finally:
        hw.close()


def test_a_pin_in_use_marks_that_device_missing_and_says_so(mock_factory):
    from gpiozero import Button

    squatter = Button(DEFAULT_PINS["led_status"], pin_factory=mock_factory)
    hw = Hardware(pins=DEFAULT_PINS, post=lambda name: None)
    try:
        assert hw.status["led_status"].state is DeviceState.MISSING
        assert hw.status["led_white"].state is DeviceState.FOUND
        assert "companion doctor" in hw.message
    finally:
        hw.close()
        squatter.close()


def test_a_device_failing_at_run_time_reaches_the_apps_banner_callback(mock_factory, monkeypatch):
    banners = []
    hw = Hardware(pins=DEFAULT_PINS, post=lambda name: None, on_fault=banners.append)
    try:
        monkeypatch.setattr(hw.buzzer._devices["buzzer"], "beep", lambda *a, **k: 1 / 0)
        from companion.hardware.outputs import BeepPattern

        hw.buzzer.beep(BeepPattern.SHORT)
        assert [b.name for b in banners] == ["buzzer"]
        assert hw.status["buzzer"].state is DeviceState.MISSING
    finally:
        hw.close()


def test_a_failing_banner_callback_does_not_crash_the_device_layer(mock_factory, monkeypatch):
    def bad_banner(report):
        raise RuntimeError("the UI is gone")

    hw = Hardware(pins=DEFAULT_PINS, post=lambda name: None, on_fault=bad_banner)
    try:
        monkeypatch.setattr(hw.leds._devices["led_white"], "on", lambda: 1 / 0)
        hw.leds.on("led_white")
        assert hw.status["led_white"].state is DeviceState.MISSING
    finally:
        hw.close()


def test_an_unknown_device_name_is_reported_not_raised(mock_factory):
    hw = Hardware(pins={"motor": 4, "button_roll": 17}, post=lambda name: None)
    try:
        assert hw.status["motor"].state is DeviceState.MISSING
        assert "unknown device kind" in hw.status["motor"].message
        assert hw.status["button_roll"].state is DeviceState.FOUND
    finally:
        hw.close()


def test_bad_lockout_settings_fall_back_to_stand_in_buttons_instead_of_raising(mock_factory):
    hw = Hardware(pins=DEFAULT_PINS, post=lambda name: None, lockout_ms=-5)
    try:
        assert hw.status["button_roll"].state is DeviceState.STAND_IN
        assert "lockout_ms" in hw.message
    finally:
        hw.close()


def test_permission_denied_on_a_pin_says_to_join_the_gpio_group(mock_factory, monkeypatch):
    real_pin = mock_factory.pin

    def guarded(spec, *args, **kwargs):
        if spec == DEFAULT_PINS["buzzer"]:
            raise PermissionError(13, "Permission denied", "/dev/gpiochip0")
        return real_pin(spec, *args, **kwargs)

    monkeypatch.setattr(mock_factory, "pin", guarded)
    hw = Hardware(pins=DEFAULT_PINS, post=lambda name: None)
    try:
        report = hw.status["buzzer"]
        assert report.state is DeviceState.MISSING
        assert "'gpio' group" in report.message
        from companion.hardware.outputs import BeepPattern

        hw.buzzer.beep(BeepPattern.LONG)  # recorded for the screen, no exception
        assert hw.buzzer.patterns == [BeepPattern.LONG]
    finally:
        hw.close()


def test_a_button_that_fails_while_read_becomes_a_keyboard_stand_in(mock_factory, monkeypatch):
    banners = []
    posted: list[str] = []
    hw = Hardware(pins=DEFAULT_PINS, post=posted.append, on_fault=banners.append, clock=FakeClock())
    try:
        device = hw.buttons._devices["button_back"]
        monkeypatch.setattr(type(device), "is_pressed", property(lambda self: 1 / 0))
        assert hw.buttons.is_pressed("button_back") is False
        assert [b.name for b in banners] == ["button_back"]
        assert hw.status["button_back"].state is DeviceState.MISSING
        assert hw.keyboard_stand_ins() == {"button_back": "Backspace"}
        assert hw.buttons.press("button_back") and posted == ["button_back"]
    finally:
        hw.close()


def test_the_configured_serial_display_joins_the_status_and_its_comings_and_goings_reach_the_banner(
    mock_factory, wait_until
):
    banners = []
    hw = Hardware(pins={"button_roll": 17}, post=lambda name: None, on_fault=banners.append,
                  display_url="loop://")
    try:
        assert hw.display is not None
        assert wait_until(lambda: hw.status["display"].state is DeviceState.FOUND)
        assert wait_until(lambda: [b.name for b in banners] == ["display"])
    finally:
        hw.close()


def test_no_serial_display_configured_means_none_and_no_status_line(mock_factory):
    hw = Hardware(pins={"button_roll": 17}, post=lambda name: None)
    try:
        assert hw.display is None and "display" not in hw.status
    finally:
        hw.close()


def test_on_a_pi_missing_gpio_is_said_out_loud_not_silently_mocked(no_gpio):
    hw = Hardware(pins=DEFAULT_PINS, post=lambda name: None, on_a_pi=True)
    try:
        assert hw.gpio_state is DeviceState.MISSING
        assert {r.state for r in hw.status.values()} == {DeviceState.MISSING}
        assert "python3-lgpio" in hw.message
        assert hw.keyboard_stand_ins()["button_roll"] == "R"  # still playable meanwhile
    finally:
        hw.close()


def test_raspberry_pi_is_recognised_from_the_device_tree_model(tmp_path):
    from companion.hardware.facade import is_raspberry_pi

    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\0")
    assert is_raspberry_pi(str(model))
    model.write_bytes(b"Some Other Board\0")
    assert not is_raspberry_pi(str(model))
    assert not is_raspberry_pi(str(tmp_path / "absent"))
