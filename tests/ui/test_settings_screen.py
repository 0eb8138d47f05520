"""Settings: language, volume and rotation change at once and are saved to the user's file."""

from companion.config import load_config, user_config_path
from companion.ui.input import Action, Kind
from companion.ui.screens.settings import SettingsScreen

from .conftest import tap


def button(screen, label):
    return next(b for b in screen.buttons if b.label == label)


def test_language_volume_and_rotation_apply_and_are_saved(make_app, tmp_path, monkeypatch):
    from companion.ui.screens.confirm import ConfirmScreen

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    app = make_app(lang="it")
    screen = SettingsScreen(app)
    app.push(screen)
    tap(app, *button(screen, "English").rect.center)
    assert app.t.lang == "en" and app.t("common.back") == "Back"
    tap(app, *button(screen, "−").rect.center)
    tap(app, *button(screen, "90°").rect.center)
    assert app.viewport.rotate == 90  # shown at once...
    assert isinstance(app.top, ConfirmScreen)  # ...and asked about
    keep = button(app.top, "Keep 90°")
    app.dispatch(Action(Kind.TAP, keep.rect.center))  # a tap on the rotated panel, in screen coordinates
    assert app.top is screen and app.viewport.rotate == 90
    saved = load_config(paths=[user_config_path()])
    assert (saved.ui.lang, saved.ui.rotate, saved.sound.volume) == ("en", 90, 0.7)


def test_a_rotation_nobody_confirms_goes_back_by_itself_and_is_not_saved(make_app, tmp_path, monkeypatch):
    from companion.ui.screens.confirm import ConfirmScreen
    from companion.ui.screens.settings import KEEP_OR_REVERT_MS

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    app = make_app(lang="en")
    screen = SettingsScreen(app)
    app.push(screen)
    tap(app, *button(screen, "90°").rect.center)
    assert isinstance(app.top, ConfirmScreen) and app.viewport.rotate == 90
    app.clock.advance(KEEP_OR_REVERT_MS - 1000)
    app.tick()
    assert isinstance(app.top, ConfirmScreen)  # still asking, counting down
    assert "1 second" in app.t("confirm.auto.one")
    app.clock.advance(1000)
    app.tick()
    assert app.top is screen and app.viewport.rotate == 0
    assert not user_config_path().exists() or load_config(paths=[user_config_path()]).ui.rotate == 0
    tap(app, *button(screen, "180°").rect.center)
    app.dispatch(Action(Kind.COMMAND, name="back"))  # the back button: go back to how it was
    assert app.top is screen and app.viewport.rotate == 0


def test_the_pin_map_shows_real_devices_as_found(make_app):
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.hardware.facade import Hardware

    pins = load_config(paths=[]).gpio.pins
    hardware = Hardware(pins=pins, post=lambda n: None, pin_factory=MockFactory(pin_class=MockPWMPin))
    hardware.pin_factory_name = "LGPIOFactory"  # as on a Pi with the pins wired
    try:
        app = make_app(lang="en", hardware=hardware)
        app.push(SettingsScreen(app))
        assert {state for _, _, state in app.top.pin_rows()} == {"found"}
    finally:
        hardware.close()


def test_simulated_pins_are_shown_as_stand_ins_not_as_connected(make_app):
    """The issue: all pins green "connected and working" with nothing wired (mock pins on a PC)."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.hardware.facade import Hardware
    from companion.ui.widgets import recording

    pins = load_config(paths=[]).gpio.pins
    hardware = Hardware(pins=pins, post=lambda n: None, pin_factory=MockFactory(pin_class=MockPWMPin))
    try:
        app = make_app(lang="en", hardware=hardware)
        app.push(SettingsScreen(app))
        assert {state for _, _, state in app.top.pin_rows()} == {"stand-in"}
        with recording() as report:
            app.render()
        marks = [t.text for t in report.texts if t.text in ("✓", "~", "✗")]
        assert marks.count("~") == 1 + len(pins) and marks.count("✓") == 1  # the legend's, then one per pin
    finally:
        hardware.close()


def test_the_pin_map_shows_stand_ins_when_there_is_no_gpio(make_app):
    from companion.hardware.facade import Hardware

    hardware = Hardware(pins=load_config(paths=[]).gpio.pins, post=lambda n: None, enabled=False)
    app = make_app(lang="en", hardware=hardware)
    app.push(SettingsScreen(app))
    assert {state for _, _, state in app.top.pin_rows()} == {"stand-in"}
