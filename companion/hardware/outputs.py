"""Named LEDs and an active buzzer on GPIO, with stand-ins that record what they were told.

Every command is remembered (``state``, ``history``) whether a real pin exists or not, so the
screen can draw a virtual LED and tests can assert on it. A device that raises while running
is closed, marked missing, reported through ``on_fault`` and replaced by its stand-in: a broken
LED never crashes the app. Blinks and beeps run in gpiozero's background threads: no call here
blocks.

>>> from gpiozero.pins.mock import MockFactory
>>> factory = MockFactory()
>>> leds = Leds({"led_white": 5}, pin_factory=factory)
>>> leds.on("led_white"); factory.pin(5).state, leds.state("led_white")
(True, <LedState.ON: 'on'>)
>>> leds.close()
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.hardware.buttons import open_error_message
from companion.hardware.status import retire_failed_device, DeviceReport, DeviceState, FaultCallback, ignore_fault


class LedState(enum.Enum):
    OFF = "off"
    ON = "on"
    BLINK = "blink"


@dataclass(frozen=True)
class Beep:
    """A beep pattern in milliseconds: ``count`` beeps of ``on_ms`` separated by ``off_ms``."""

    on_ms: int
    off_ms: int
    count: int


class BeepPattern(enum.Enum):
    """The station's three sounds."""

    SHORT = Beep(80, 0, 1)  # a press that counted, a dice roll
    DOUBLE = Beep(80, 80, 2)  # a warning: ten seconds left, an illegal action
    LONG = Beep(1200, 0, 1)  # a clock reached zero


class _OutputBank:
    """Named gpiozero output devices, each real or a stand-in, with run-time fault handling."""

    device_class_name = "DigitalOutputDevice"

    def __init__(
        self,
        pins: Mapping[str, int],
        *,
        pin_factory: Any = None,
        on_fault: FaultCallback = ignore_fault,
        stand_in_reason: str = "GPIO is switched off: shown on screen only",
        stand_in_state: DeviceState = DeviceState.STAND_IN,
    ) -> None:
        self.pins = dict(pins)
        self._on_fault = on_fault
        self._devices: dict[str, Any] = {}
        self._status: dict[str, DeviceReport] = {}
        self._lock = threading.RLock()
        self.history: list[tuple[str, str]] = []  # (name, command) in order, real or stand-in
        for name, pin in self.pins.items():
            if pin_factory is False:
                self._status[name] = DeviceReport(name, stand_in_state, stand_in_reason)
                continue
            try:
                import gpiozero

                cls = getattr(gpiozero, self.device_class_name)
                device = cls(pin, pin_factory=pin_factory)
            except Exception as exc:
                self._status[name] = DeviceReport(name, DeviceState.MISSING, open_error_message(name, pin, exc))
                continue
            self._devices[name] = device
            self._status[name] = DeviceReport(name, DeviceState.FOUND, f"BCM {pin}")

    @property
    def status(self) -> dict[str, DeviceReport]:
        with self._lock:
            return dict(self._status)

    def _check(self, name: str) -> None:
        if name not in self.pins:
            raise KeyError(f"no device named {name!r} (known: {', '.join(self.pins)})")

    def _drive(self, name: str, command: str, method: str, *args: Any, **kwargs: Any) -> None:
        """Record ``command`` and apply it to the real device if there is one."""
        with self._lock:
            self.history.append((name, command))
            device = self._devices.get(name)
        if device is None:
            return
        try:
            getattr(device, method)(*args, **kwargs)
        except Exception as exc:
            self._fail(name, exc)

    def _fail(self, name: str, exc: BaseException) -> None:
        retire_failed_device(name, exc, "shown on screen only, check the wiring", lock=self._lock, devices=self._devices,
                             status=self._status, on_fault=self._on_fault)

    def close(self) -> None:
        with self._lock:
            devices = list(self._devices.values())
            self._devices.clear()
        for device in devices:
            try:
                device.close()
            except Exception:
                pass


class Leds(_OutputBank):
    """LEDs by name (``led_white``, ``led_black``, ``led_status``): on, off, blink."""

    device_class_name = "LED"

    def __init__(self, pins: Mapping[str, int], **kwargs: Any) -> None:
        super().__init__(pins, **kwargs)
        self._state = {name: LedState.OFF for name in self.pins}

    def state(self, name: str) -> LedState:
        self._check(name)
        with self._lock:
            return self._state[name]

    def on(self, name: str) -> None:
        self._set(name, LedState.ON, "on", "on")

    def off(self, name: str) -> None:
        self._set(name, LedState.OFF, "off", "off")

    def blink(self, name: str, on_ms: int = 500, off_ms: int = 500) -> None:
        """Blink in the background until told otherwise."""
        if on_ms <= 0 or off_ms <= 0:
            raise ValueError(f"blink needs on_ms and off_ms > 0, got {on_ms} and {off_ms}")
        self._check(name)
        with self._lock:
            self._state[name] = LedState.BLINK
        self._drive(name, f"blink {on_ms}/{off_ms}", "blink", on_ms / 1000, off_ms / 1000, None, True)

    def _set(self, name: str, state: LedState, command: str, method: str) -> None:
        self._check(name)
        with self._lock:
            self._state[name] = state
        self._drive(name, command, method)

    def show_side_to_move(self, side: str | None) -> None:
        """Light ``led_white`` or ``led_black`` for the side to move (None: both off).

        Names without an LED in the pin map are skipped.
        """
        if side not in ("white", "black", None):
            raise ValueError(f"side must be 'white', 'black' or None, got {side!r}")
        for colour in ("white", "black"):
            name = f"led_{colour}"
            if name in self.pins:
                (self.on if colour == side else self.off)(name)


class Buzzer(_OutputBank):
    """An active buzzer (it sounds when its pin is high) with non-blocking beep patterns."""

    device_class_name = "Buzzer"

    def __init__(self, pin: int | None, *, name: str = "buzzer", **kwargs: Any) -> None:
        super().__init__({name: pin} if pin is not None else {}, **kwargs)
        self.name = name
        self.patterns: list[BeepPattern] = []  # every pattern asked for, real or stand-in

    def beep(self, pattern: BeepPattern = BeepPattern.SHORT) -> None:
        """Start ``pattern`` in the background; a new beep cuts the previous one short."""
        if not isinstance(pattern, BeepPattern):
            raise TypeError(f"beep expects a BeepPattern, got {pattern!r}")
        with self._lock:
            self.patterns.append(pattern)
        if self.name not in self.pins:
            return
        b = pattern.value
        # gpiozero needs off_time > 0 even for a single beep; it is never used then.
        off = max(b.off_ms, 1) / 1000
        self._drive(self.name, f"beep {pattern.name.lower()}", "beep", b.on_ms / 1000, off, b.count, True)

    def silence(self) -> None:
        if self.name in self.pins:
            self._drive(self.name, "off", "off")
