"""Settings: language, volume and rotation change at once and are saved to the user's file."""

from companion.config import load_config, user_config_path
from companion.ui.screens.settings import SettingsScreen

from .conftest import tap


def button(screen, label):
    return next(b for b in screen.buttons if b.label == label)


def test_language_volume_and_rotation_apply_and_are_saved(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    app = make_app(lang="it")
    screen = SettingsScreen(app)
    app.push(screen)
    tap(app, *button(screen, "English").rect.center)
    assert app.t.lang == "en" and app.t("common.back") == "Back"
    tap(app, *button(screen, "−").rect.center)
    tap(app, *button(screen, "90°").rect.center)
    assert app.viewport.rotate == 90
    saved = load_config(paths=[user_config_path()])
    assert (saved.ui.lang, saved.ui.rotate, saved.sound.volume) == ("en", 90, 0.7)


def pin_dots(app):
    canvas = app.render()
    return {name: tuple(canvas.get_at((482 + 306 - 20, 56 + 12 + 44 + i * 36 + 10)))[:3]
            for i, name in enumerate(app.config.gpio.pins)}


def test_the_pin_map_shows_real_devices_as_found(make_app):
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.hardware.facade import Hardware
    from companion.ui import theme

    pins = load_config(paths=[]).gpio.pins
    hardware = Hardware(pins=pins, post=lambda n: None, pin_factory=MockFactory(pin_class=MockPWMPin))
    try:
        app = make_app(lang="en", hardware=hardware)
        app.push(SettingsScreen(app))
        assert set(pin_dots(app).values()) == {theme.OK}
    finally:
        hardware.close()


def test_the_pin_map_shows_stand_ins_when_there_is_no_gpio(make_app):
    from companion.hardware.facade import Hardware
    from companion.ui import theme

    hardware = Hardware(pins=load_config(paths=[]).gpio.pins, post=lambda n: None, enabled=False)
    app = make_app(lang="en", hardware=hardware)
    app.push(SettingsScreen(app))
    assert set(pin_dots(app).values()) == {theme.WARN}
