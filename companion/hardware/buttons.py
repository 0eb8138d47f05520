"""Named push buttons on GPIO (pull-up, to ground), each press posted to the app by name.

The adapter never touches the screen and never imports pygame: a press calls ``post(name)``
(from gpiozero's thread on a Pi), and the app turns that into an event for its loop. A button
that cannot be opened is kept as a stand-in, so :meth:`Buttons.press` (what the keyboard
stand-ins call) works the same for every button, with the same debounce and lock-out.

>>> from gpiozero.pins.mock import MockFactory
>>> pressed = []
>>> factory = MockFactory()
>>> buttons = Buttons({"button_roll": 17}, pressed.append, pin_factory=factory)
>>> factory.pin(17).drive_low(); factory.pin(17).drive_high()
>>> pressed
['button_roll']
>>> buttons.close()
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.core.clock import MonotonicClock, TimeSource
from companion.hardware.gate import DEFAULT_LOCKOUT_GROUPS, PressGate
from companion.hardware.status import retire_failed_device, DeviceReport, DeviceState, FaultCallback, ignore_fault

# What the screen says a stand-in button is on the keyboard (the app maps the keys).
KEYBOARD_STAND_INS: dict[str, str] = {
    "button_roll": "R",
    "button_white": "A",
    "button_black": "L",
    "button_white_2": "Z",
    "button_black_2": "M",
    "button_back": "Backspace",
}


def open_error_message(name: str, pin: int, exc: BaseException) -> str:
    """A human reason why a device could not be opened, with what to do about it."""
    text = str(exc) or type(exc).__name__
    kind = type(exc).__name__
    if kind == "GPIOPinInUse" or "in use" in text.lower():
        return f"BCM {pin} is in use by another device or program: free it or move {name} in [gpio.pins]"
    if isinstance(exc, PermissionError) or "permission" in text.lower():
        return f"no permission for BCM {pin}: add the user to the 'gpio' group and log in again"
    return f"BCM {pin} could not be opened ({kind}: {text}): check the wiring and [gpio.pins]"


class Buttons:
    """The station's buttons by name (``button_roll``, ``button_white``...).

    ``pins`` maps names to BCM numbers; ``pin_factory=None`` uses gpiozero's default (from
    ``GPIOZERO_PIN_FACTORY``); ``pin_factory=False`` opens nothing (every button a stand-in,
    ``stand_in_reason`` says why, ``stand_in_state`` whether that is by design or missing). A press that counts calls ``post(name)``.
    """

    def __init__(
        self,
        pins: Mapping[str, int],
        post: Callable[[str], None],
        *,
        bounce_ms: int = 30,
        lockout_ms: int = 400,
        lockout_groups: Iterable[Iterable[str]] = DEFAULT_LOCKOUT_GROUPS,
        pin_factory: Any = None,
        clock: TimeSource | None = None,
        on_fault: FaultCallback = ignore_fault,
        stand_in_reason: str = "GPIO is switched off: keyboard stand-in",
        stand_in_state: DeviceState = DeviceState.STAND_IN,
    ) -> None:
        self._post = post
        self._on_fault = on_fault
        self.pins = dict(pins)
        self.gate = PressGate(
            clock or MonotonicClock(), bounce_ms=bounce_ms, lockout_ms=lockout_ms, groups=lockout_groups
        )
        self._devices: dict[str, Any] = {}
        self._status: dict[str, DeviceReport] = {}
        self._lock = threading.Lock()
        self.presses: list[str] = []  # every press that counted, for tests and the screen
        for name, pin in self.pins.items():
            if pin_factory is False:
                key = KEYBOARD_STAND_INS.get(name)
                hint = f" (key {key})" if key else ""
                self._status[name] = DeviceReport(name, stand_in_state, stand_in_reason + hint)
                continue
            try:
                from gpiozero import Button

                device = Button(
                    pin,
                    pull_up=True,
                    bounce_time=(bounce_ms / 1000) if bounce_ms else None,
                    pin_factory=pin_factory,
                )
            except Exception as exc:  # any back-end failure: keep going with a stand-in
                self._status[name] = DeviceReport(name, DeviceState.MISSING, open_error_message(name, pin, exc))
                continue
            device.when_pressed = self._callback(name)
            self._devices[name] = device
            self._status[name] = DeviceReport(name, DeviceState.FOUND, f"BCM {pin}, pull-up, press to ground")

    def _callback(self, name: str) -> Callable[[], None]:
        def pressed() -> None:
            # runs in gpiozero's thread: an exception from the app's post() must not kill
            # that thread (every later press would be lost), so it is printed and dropped
            try:
                self.press(name)
            except Exception:
                traceback.print_exc(file=sys.stderr)

        return pressed

    @property
    def status(self) -> dict[str, DeviceReport]:
        with self._lock:
            return dict(self._status)

    def press(self, name: str) -> bool:
        """A press of ``name`` (from the pin or a keyboard stand-in); True if it counted."""
        if name not in self.pins:
            raise KeyError(f"no button named {name!r} (known: {', '.join(self.pins)})")
        if not self.gate.accept(name):
            return False
        with self._lock:
            self.presses.append(name)
        self._post(name)
        return True

    def is_pressed(self, name: str) -> bool:
        """Whether the button is held right now (False for a stand-in or a failed button)."""
        device = self._devices.get(name)
        if device is None:
            return False
        try:
            return bool(device.is_pressed)
        except Exception as exc:
            self._fail(name, exc)
            return False

    def _fail(self, name: str, exc: BaseException) -> None:
        retire_failed_device(name, exc, "use the keyboard stand-in and check the wiring", lock=self._lock, devices=self._devices,
                             status=self._status, on_fault=self._on_fault)

    def close(self) -> None:
        for device in self._devices.values():
            try:
                device.close()
            except Exception:
                pass
        self._devices.clear()
