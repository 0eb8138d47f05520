"""Configuration: layers, and wrong values reported with file, key and expectation."""

import pytest

from companion.config import DEFAULT_PINS, ConfigError, load_config, save_user_settings


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, "utf-8")
    return p


def test_defaults_when_no_file_exists(tmp_path):
    c = load_config(paths=[])
    assert c.ui.lang == "it" and c.ui.rotate == 0 and c.gpio.pins == DEFAULT_PINS


def test_later_files_win_key_by_key(tmp_path):
    a = write(tmp_path, "a.toml", '[ui]\nlang = "en"\nrotate = 90\n[gpio.pins]\nbutton_roll = 16\n')
    b = write(tmp_path, "b.toml", "[ui]\nrotate = 180\n")
    c = load_config(paths=[a, b])
    assert (c.ui.lang, c.ui.rotate) == ("en", 180)
    assert c.gpio.pins["button_roll"] == 16 and c.gpio.pins["led_white"] == DEFAULT_PINS["led_white"]
    assert c.sources == [str(a), str(b)]


@pytest.mark.parametrize(
    "text,key,expected",
    [
        ('[ui]\nlang = "fr"\n', "ui.lang", '"it" or "en"'),
        ("[ui]\nrotate = 45\n", "ui.rotate", "0, 90, 180 or 270"),
        ('[ui]\nrotate = "90"\n', "ui.rotate", "0, 90, 180 or 270"),
        ("[sound]\nvolume = 3\n", "sound.volume", "from 0 to 1"),
        ("[gpio]\nenabled = 1\n", "gpio.enabled", "true or false"),
        ("[gpio.pins]\nbutton_roll = 40\n", "gpio.pins.button_roll", "BCM pin"),
        ("[gpio.pins]\nbutton_roll = 5\n", "gpio.pins.button_roll", "already used by"),
        ("[gpio.pins]\nlaser = 5\n", "gpio.pins.laser", "unknown device"),
        ("[ui]\ncolour = 1\n", "ui.colour", "unknown key"),
        ("[screen]\nx = 1\n", "screen", "unknown section"),
        ("[serial]\nbaud = 12345\n", "serial.baud", "115200"),
        ('[event]\nbroker = "localhost:99999"\n', "event.broker", "port '99999' is out of range (1-65535)"),
        ('[event]\nbroker = "mqtt://localhost:0"\n', "event.broker", "port '0' is out of range"),
        ('[event]\nbroker = "localhost:18x3"\n', "event.broker", "port '18x3' is not a number"),
    ],
)
def test_a_wrong_value_names_the_file_the_key_and_what_was_expected(tmp_path, text, key, expected):
    p = write(tmp_path, "c.toml", text)
    with pytest.raises(ConfigError) as err:
        load_config(paths=[p])
    message = str(err.value)
    assert str(p) in message and key in message and expected in message


def test_broken_toml_is_reported_with_the_file(tmp_path):
    p = write(tmp_path, "c.toml", "[ui\nlang = ")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(paths=[p])


def test_a_missing_config_given_on_the_command_line_is_an_error(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.toml")


def test_an_empty_config_path_is_said_to_be_empty_not_read_as_the_current_folder():
    with pytest.raises(ConfigError, match="^--config: is empty: give the path of a config file$"):
        load_config("")


def test_a_file_saved_with_a_byte_order_mark_is_read_and_can_be_edited(tmp_path):
    """Windows' Notepad starts a UTF-8 file with a BOM (before, "Invalid statement at line 1")."""
    p = tmp_path / "c.toml"
    p.write_bytes("\ufeff# my station\n[ui]\nlang = \"en\"\n".encode("utf-8"))
    assert load_config(paths=[p]).ui.lang == "en"
    save_user_settings({"ui": {"rotate": 90}}, p)
    c = load_config(paths=[p])
    assert (c.ui.lang, c.ui.rotate) == ("en", 90) and "# my station" in p.read_text("utf-8")


def test_settings_saved_from_the_screen_merge_into_the_user_file(tmp_path):
    p = write(tmp_path, "user.toml", '[ui]\nlang = "en"\n[gpio.pins]\nbutton_roll = 16\n')
    save_user_settings({"ui": {"rotate": 270}, "sound": {"volume": 0.3}}, path=p)
    c = load_config(paths=[p])
    assert (c.ui.lang, c.ui.rotate, c.sound.volume, c.gpio.pins["button_roll"]) == ("en", 270, 0.3, 16)


def test_saving_a_bad_value_leaves_the_old_file(tmp_path):
    p = write(tmp_path, "user.toml", '[ui]\nlang = "en"\n')
    with pytest.raises(ConfigError):
        save_user_settings({"ui": {"rotate": 33}}, path=p)
    assert load_config(paths=[p]).ui.rotate == 0


def test_settings_edits_keep_the_users_comments_and_layout(tmp_path):
    original = (
        "# Station 3, blue table — set up by Marta\n"
        "[ui]\n"
        "lang = \"it\"   # the players are Italian\n"
        "\n"
        "# keep this: the screen is mounted upside down\n"
        "rotate = 180\n"
        "\n"
        "[gpio.pins]\n"
        "button_roll = 16  # moved: 17 is broken\n"
    )
    p = write(tmp_path, "user.toml", original)
    save_user_settings({"ui": {"lang": "en"}, "sound": {"volume": 0.5}}, path=p)
    text = p.read_text()
    assert text.startswith(original.replace('lang = "it"', 'lang = "en"'))  # all kept, one value changed
    assert "[sound]\nvolume = 0.5" in text
    c = load_config(paths=[p])
    assert (c.ui.lang, c.ui.rotate, c.sound.volume, c.gpio.pins["button_roll"]) == ("en", 180, 0.5, 16)


@pytest.mark.parametrize("size", ["99999999999999999999x480", "800x16385", "99x480"])
def test_a_size_out_of_range_names_file_key_and_range(tmp_path, size):
    p = write(tmp_path, "c.toml", f'[ui]\nsize = "{size}"\n')
    with pytest.raises(ConfigError) as err:
        load_config(paths=[p])
    assert str(p) in str(err.value) and "ui.size" in str(err.value) and "100 to 16384" in str(err.value)
