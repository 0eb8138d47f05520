"""Configuration in TOML, read in layers, checked strictly.

Order (later wins): the built-in defaults, ``/etc/companion/config.toml``, the user's config
(``$XDG_CONFIG_HOME/companion/config.toml``, default ``~/.config/companion/config.toml``), then
the file given with ``--config``. A wrong value is never guessed at: :class:`ConfigError` names
the file, the key and what was expected, and the app refuses to start.

Example file::

    [ui]
    lang = "en"
    rotate = 90

    [gpio.pins]
    button_roll = 16
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SYSTEM_CONFIG = Path("/etc/companion/config.toml")
MIN_SIDE, MAX_SIDE = 100, 16384  # a display's side in pixels (SDL's largest texture is 16384)

# The default BCM pin map (hardware/PINMAP.md explains the wiring).
DEFAULT_PINS: dict[str, int] = {
    "button_roll": 17,
    "button_white": 22,
    "button_black": 23,
    "button_white_2": 24,  # board 2's team buttons (two games at once)
    "button_black_2": 25,
    "button_back": 27,
    "led_white": 5,
    "led_black": 6,
    "led_status": 13,
    "buzzer": 12,
}

# Every key the app knows, with its default. The type of the default is the expected type.
DEFAULTS: dict[str, dict[str, Any]] = {
    "ui": {
        "lang": "it",  # it | en
        "fullscreen": False,
        "size": "",  # "" = the display's own size when full screen, else 800x480
        "rotate": 0,  # 0 | 90 | 180 | 270
    },
    "sound": {"enabled": True, "volume": 0.8},
    "gpio": {"enabled": True, "bounce_ms": 30, "lockout_ms": 400, "pins": dict(DEFAULT_PINS)},
    "serial": {"display": "", "display_2": "", "baud": 115200},
    "camera": {"source": ""},
    "data": {"dir": ""},
    # the event network (companion.event): off while broker is "" (a station alone)
    "event": {"broker": "", "station": "", "name": "event", "user": "", "password": ""},
}


class ConfigError(ValueError):
    """A configuration file that cannot be used; the message names file, key and expectation."""

    def __init__(self, source: str, key: str, problem: str) -> None:
        self.source, self.key, self.problem = source, key, problem
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: {problem}")


@dataclass(frozen=True)
class UiConfig:
    lang: str = "it"
    fullscreen: bool = False
    size: tuple[int, int] | None = None
    rotate: int = 0


@dataclass(frozen=True)
class SoundConfig:
    enabled: bool = True
    volume: float = 0.8


@dataclass(frozen=True)
class GpioConfig:
    enabled: bool = True
    bounce_ms: int = 30
    lockout_ms: int = 400
    pins: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))


@dataclass(frozen=True)
class SerialConfig:
    display: str = ""
    display_2: str = ""  # board 2's display (two games at once)
    baud: int = 115200


@dataclass(frozen=True)
class CameraConfig:
    source: str = ""


@dataclass(frozen=True)
class EventConfig:
    broker: str = ""  # mqtt://HOST:PORT; "" = no network
    station: str = ""
    name: str = "event"
    user: str = ""  # "" = the station's name
    password: str = ""


@dataclass(frozen=True)
class Config:
    ui: UiConfig = field(default_factory=UiConfig)
    sound: SoundConfig = field(default_factory=SoundConfig)
    gpio: GpioConfig = field(default_factory=GpioConfig)
    serial: SerialConfig = field(default_factory=SerialConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    event: EventConfig = field(default_factory=EventConfig)
    data_dir: Path = field(default_factory=lambda: default_data_dir())
    sources: list[str] = field(default_factory=list)  # the files that were read, in order


def user_config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "companion" / "config.toml"


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "companion"


def config_paths(extra: str | os.PathLike[str] | None = None) -> list[Path]:
    """The files read, in order; the system and user files only if they exist."""
    paths = [p for p in (SYSTEM_CONFIG, user_config_path()) if p.is_file()]
    if extra is not None:
        paths.append(Path(extra))
    return paths


def load_config(extra: str | os.PathLike[str] | None = None, *, paths: list[Path] | None = None) -> Config:
    """Read the layers and return a checked :class:`Config`.

    ``paths`` replaces the usual list (tests use it); a ``--config`` file that does not exist is
    an error, the system and user files are optional.
    """
    if extra is not None and not str(extra).strip():  # Path("") is the current folder
        raise ConfigError("--config", "", "is empty: give the path of a config file")
    merged: dict[str, dict[str, Any]] = {k: dict(v) for k, v in DEFAULTS.items()}
    merged["gpio"]["pins"] = dict(DEFAULT_PINS)
    origin: dict[str, str] = {}
    files = paths if paths is not None else config_paths(extra)
    for path in files:
        source = str(path)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise ConfigError(source, "", "file not found") from None
        except OSError as exc:
            raise ConfigError(source, "", f"cannot be read ({exc.strerror})") from None
        try:
            data = tomllib.loads(raw.decode("utf-8-sig"))  # (Windows' Notepad starts with a BOM)
        except UnicodeDecodeError:
            raise ConfigError(source, "", "is not UTF-8 text") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(source, "", f"is not valid TOML ({exc})") from None
        _merge(merged, data, source, origin)
    return _build(merged, origin, [str(p) for p in files])


def _merge(merged: dict[str, dict[str, Any]], data: Mapping[str, Any], source: str, origin: dict[str, str]) -> None:
    for section, values in data.items():
        if section not in DEFAULTS:
            raise ConfigError(source, section, f"unknown section (known: {', '.join(DEFAULTS)})")
        if not isinstance(values, Mapping):
            raise ConfigError(source, section, "expected a [section] table")
        for key, value in values.items():
            dotted = f"{section}.{key}"
            if key not in DEFAULTS[section]:
                known = ", ".join(DEFAULTS[section])
                raise ConfigError(source, dotted, f"unknown key (known in [{section}]: {known})")
            if section == "gpio" and key == "pins":
                if not isinstance(value, Mapping):
                    raise ConfigError(source, dotted, "expected a [gpio.pins] table of name = BCM pin")
                for name, pin in value.items():
                    if name not in DEFAULT_PINS:
                        raise ConfigError(
                            source, f"gpio.pins.{name}", f"unknown device (known: {', '.join(DEFAULT_PINS)})"
                        )
                    merged["gpio"]["pins"][name] = pin
                    origin[f"gpio.pins.{name}"] = source
                continue
            merged[section][key] = value
            origin[dotted] = source


def _expect(origin: dict[str, str], key: str, value: Any, kind: type | tuple[type, ...], what: str) -> Any:
    # bool is an int in Python: never accept true where a number is expected, or 1 for a switch
    if isinstance(value, bool) and kind is not bool:
        raise ConfigError(origin.get(key, "defaults"), key, f"expected {what}, got {value!r}")
    if not isinstance(value, kind) or (kind is bool and not isinstance(value, bool)):
        raise ConfigError(origin.get(key, "defaults"), key, f"expected {what}, got {value!r}")
    return value


def _build(m: dict[str, dict[str, Any]], origin: dict[str, str], sources: list[str]) -> Config:
    def fail(key: str, problem: str) -> ConfigError:
        return ConfigError(origin.get(key, "defaults"), key, problem)

    ui = m["ui"]
    lang = _expect(origin, "ui.lang", ui["lang"], str, '"it" or "en"')
    if lang not in ("it", "en"):
        raise fail("ui.lang", f'expected "it" or "en", got {lang!r}')
    fullscreen = _expect(origin, "ui.fullscreen", ui["fullscreen"], bool, "true or false")
    size_text = _expect(origin, "ui.size", ui["size"], str, 'a size such as "800x480" (or "")')
    size: tuple[int, int] | None = None
    if size_text:
        try:
            w, h = (int(v) for v in size_text.lower().split("x"))
        except ValueError:
            raise fail("ui.size", f'expected WIDTHxHEIGHT such as "800x480", got {size_text!r}') from None
        if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
            raise fail("ui.size", f"expected each side from {MIN_SIDE} to {MAX_SIDE} pixels "
                                  f"(such as \"800x480\"), got {size_text!r}")
        size = (w, h)
    rotate = _expect(origin, "ui.rotate", ui["rotate"], int, "0, 90, 180 or 270")
    if rotate not in (0, 90, 180, 270):
        raise fail("ui.rotate", f"expected 0, 90, 180 or 270, got {rotate!r}")

    snd = m["sound"]
    enabled = _expect(origin, "sound.enabled", snd["enabled"], bool, "true or false")
    volume = _expect(origin, "sound.volume", snd["volume"], (int, float), "a number from 0 to 1")
    if not 0 <= volume <= 1:
        raise fail("sound.volume", f"expected a number from 0 to 1, got {volume}")

    g = m["gpio"]
    gpio_enabled = _expect(origin, "gpio.enabled", g["enabled"], bool, "true or false")
    bounce = _expect(origin, "gpio.bounce_ms", g["bounce_ms"], int, "milliseconds (a whole number)")
    lockout = _expect(origin, "gpio.lockout_ms", g["lockout_ms"], int, "milliseconds (a whole number)")
    if not 0 <= bounce <= 1000:
        raise fail("gpio.bounce_ms", f"expected 0..1000 ms, got {bounce}")
    if not 0 <= lockout <= 5000:
        raise fail("gpio.lockout_ms", f"expected 0..5000 ms, got {lockout}")
    pins: dict[str, int] = {}
    used: dict[int, str] = {}
    for name, pin in g["pins"].items():
        key = f"gpio.pins.{name}"
        _expect(origin, key, pin, int, "a BCM pin number 2..27")
        if not 2 <= pin <= 27:
            raise fail(key, f"expected a BCM pin number 2..27, got {pin}")
        if pin in used:
            other = used[pin]
            if key not in origin and f"gpio.pins.{other}" in origin:  # blame the one a file set
                raise fail(f"gpio.pins.{other}", f"pin {pin} is already used by {name}")
            raise fail(key, f"pin {pin} is already used by {other}")
        used[pin] = name
        pins[name] = pin

    s = m["serial"]
    display = _expect(origin, "serial.display", s["display"], str, 'a device path, a pyserial URL or ""')
    display_2 = _expect(origin, "serial.display_2", s["display_2"], str, 'a device path, a pyserial URL or ""')
    if display and display_2 == display:
        raise fail("serial.display_2", f"{display_2} is already board 1's display")
    baud = _expect(origin, "serial.baud", s["baud"], int, "a baud rate such as 115200")
    if baud not in (9600, 19200, 38400, 57600, 115200, 230400):
        raise fail("serial.baud", f"expected one of 9600, 19200, 38400, 57600, 115200, 230400, got {baud}")

    source = _expect(origin, "camera.source", m["camera"]["source"], str,
                     '"picamera", a camera index, a video file, a folder or ""')
    data_dir_text = _expect(origin, "data.dir", m["data"]["dir"], str, 'a folder path or ""')
    data_dir = Path(os.path.expanduser(data_dir_text)) if data_dir_text else default_data_dir()

    ev = {k: _expect(origin, f"event.{k}", v, str, "a text") for k, v in m["event"].items()}
    if ev["broker"]:
        from companion.event.messages import check_name, parse_broker

        for key, check in (("broker", parse_broker), ("station", lambda v: check_name(v, "station")),
                           ("name", lambda v: check_name(v, "event"))):
            try:
                check(ev[key])
            except ValueError as exc:
                raise fail(f"event.{key}", str(exc)) from None

    return Config(
        ui=UiConfig(lang=lang, fullscreen=fullscreen, size=size, rotate=rotate),
        sound=SoundConfig(enabled=enabled, volume=float(volume)),
        gpio=GpioConfig(enabled=gpio_enabled, bounce_ms=bounce, lockout_ms=lockout, pins=pins),
        serial=SerialConfig(display=display, display_2=display_2, baud=baud),
        camera=CameraConfig(source=source),
        event=EventConfig(**ev),
        data_dir=data_dir,
        sources=sources,
    )


def _set(table: Any, updates: Mapping[str, Any]) -> None:
    """Set ``updates`` in a tomlkit table, keeping every other key, comment and blank line."""
    import tomlkit

    for key, value in updates.items():
        if isinstance(value, Mapping):
            if key not in table or not isinstance(table[key], Mapping):
                table[key] = tomlkit.table()
            _set(table[key], value)
        else:
            table[key] = value


def save_user_settings(updates: Mapping[str, Mapping[str, Any]], path: Path | None = None) -> Path:
    """Merge ``updates`` (e.g. ``{"ui": {"lang": "en"}}``) into the user's config file.

    The file is edited in place with tomlkit, so the user's comments, order and layout stay as
    they were; only the values changed are rewritten. The result is checked and written
    atomically (a temporary file renamed over it), so a failure leaves the old file.
    """
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    path = path or user_config_path()
    doc = tomlkit.document()
    if path.is_file():
        try:
            doc = tomlkit.parse(path.read_text("utf-8-sig"))
        except (TOMLKitError, UnicodeDecodeError) as exc:
            raise ConfigError(str(path), "", f"is not valid TOML ({exc}); fix or remove it") from None
    _set(doc, updates)
    text = tomlkit.dumps(doc)
    tmp = path.with_suffix(".toml.tmp")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_text(text, "utf-8")
    try:
        load_config(paths=[tmp])  # refuse to save something the app would refuse to start with
    except ConfigError as exc:
        tmp.unlink()
        raise ConfigError(str(path), exc.key, exc.problem) from None
    tmp.replace(path)
    return path
