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


def test_the_pin_map_lists_every_configured_pin(make_app):
    app = make_app(lang="en")
    screen = SettingsScreen(app)
    app.push(screen)
    app.render()  # draws without error with no hardware attached
    assert set(app.config.gpio.pins) >= {"button_roll", "button_white", "button_black", "buzzer"}
