"""One object that builds every GPIO device from the config and never raises.

With no GPIO at all (not a Pi, no back-end, switched off in the config) every device is a
stand-in that records what it was told; a device that cannot be opened on a working back-end
(pin in use, permission denied) is *missing*, said out loud in :attr:`Hardware.status` and by
``companion doctor``; a device that fails later is reported through ``on_fault``.

>>> from gpiozero.pins.mock import MockFactory
>>> hw = Hardware(pins={"button_roll": 17, "led_status": 13}, post=print, pin_factory=MockFactory())
>>> hw.pin_factory_name, hw.status["button_roll"].state.value
('MockFactory', 'found')
>>> hw.close()
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.core.clock import TimeSource
from companion.hardware.buttons import KEYBOARD_STAND_INS, Buttons
from companion.hardware.gate import DEFAULT_LOCKOUT_GROUPS
from companion.hardware.outputs import Buzzer, Leds
from companion.hardware.serial_display import SerialDisplay
from companion.hardware.status import DeviceReport, DeviceState, FaultCallback, ignore_fault

NO_GPIO_MESSAGE = (
    "no GPIO on this machine: keyboard stand-ins are active "
    "(R rolls, A and L end the white/black move, Backspace goes back)"
)
GPIO_OFF_MESSAGE = (
    "GPIO is switched off ([gpio] enabled = false): keyboard stand-ins are active "
    "(R rolls, A and L end the white/black move, Backspace goes back)"
)


PI_WITHOUT_GPIO_MESSAGE = (
    "this Raspberry Pi has no working GPIO back-end: apt install python3-lgpio and make the "
    "venv with --system-site-packages (make venv does on a Pi); keyboard stand-ins meanwhile"
)


def is_raspberry_pi(model_file: str = "/proc/device-tree/model") -> bool:
    """True on a Raspberry Pi (where missing GPIO is a fault, not a normal stand-in)."""
    try:
        with open(model_file, "rb") as f:
            return b"Raspberry Pi" in f.read()
    except OSError:
        return False


def resolve_pin_factory(pin_factory: Any = None) -> tuple[Any, str]:
    """The pin factory to use and its name, or ``(None, reason)`` when there is no GPIO.

    ``pin_factory=None`` asks gpiozero for its default (``GPIOZERO_PIN_FACTORY`` or the first
    back-end that loads) the way gpiozero itself does, without its fallback warnings.
    """
    if pin_factory is not None:
        return pin_factory, type(pin_factory).__name__
    try:
        from gpiozero import Device
    except Exception as exc:  # gpiozero not installed
        return None, f"gpiozero cannot be imported ({exc})"
    if Device.pin_factory is not None:
        return Device.pin_factory, type(Device.pin_factory).__name__
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            factory = Device._default_pin_factory()
    except Exception as exc:  # BadPinFactory, or a back-end that fails to start
        return None, f"{type(exc).__name__}: {exc}"
    Device.pin_factory = factory  # as gpiozero does on the first device: one factory for all
    return factory, type(factory).__name__


class Hardware:
    """The station's buttons, LEDs and buzzer, real or stand-ins, picked once at start-up.

    ``post(name)`` receives each counted button press (e.g. ``"button_white"``) from
    gpiozero's thread, so it must be thread-safe (``pygame.event.post`` is). ``on_fault(report)``
    receives a device that failed while running, and the external display coming back
    (``report.state`` FOUND), from whichever thread noticed.

    ``display_url`` (config ``[serial] display``) adds the external :class:`SerialDisplay`,
    started at once; "" means none.
    """

    def __init__(
        self,
        *,
        pins: Mapping[str, int],
        post: Callable[[str], None],
        enabled: bool = True,
        bounce_ms: int = 30,
        lockout_ms: int = 400,
        lockout_groups: Iterable[Iterable[str]] = DEFAULT_LOCKOUT_GROUPS,
        pin_factory: Any = None,
        on_fault: FaultCallback = ignore_fault,
        clock: TimeSource | None = None,
        display_url: str = "",
        display_baud: int = 115200,
        display_2_url: str = "",
        app_version: str = "0",
        on_a_pi: bool | None = None,
    ) -> None:
        self.on_fault = on_fault
        self._unknown: dict[str, DeviceReport] = {}
        button_pins: dict[str, int] = {}
        led_pins: dict[str, int] = {}
        buzzer_pin: int | None = None
        for name, pin in pins.items():
            if name.startswith("button_"):
                button_pins[name] = pin
            elif name.startswith("led_"):
                led_pins[name] = pin
            elif name == "buzzer":
                buzzer_pin = pin
            else:
                self._unknown[name] = DeviceReport(
                    name, DeviceState.MISSING, "unknown device kind: names start with button_ or led_, or are buzzer"
                )
        self.no_gpio_reason = ""  # why there is no GPIO back-end, for doctor
        stand_in_state = DeviceState.STAND_IN
        factory: Any
        if not enabled:
            factory, self.pin_factory_name, self.message = False, "none", GPIO_OFF_MESSAGE
        else:
            resolved, described = resolve_pin_factory(pin_factory)
            if resolved is None:
                factory, self.pin_factory_name, self.message = False, "none", NO_GPIO_MESSAGE
                self.no_gpio_reason = described
                if on_a_pi is None:
                    on_a_pi = is_raspberry_pi()
                if on_a_pi:  # said out loud, never silently mocked on a Pi
                    self.message, stand_in_state = PI_WITHOUT_GPIO_MESSAGE, DeviceState.MISSING
            else:
                factory, self.pin_factory_name = resolved, described
                self.message = f"GPIO through {described}"
        cause = "GPIO switched off" if not enabled else "no GPIO"
        reason = f"{cause}: keyboard stand-in"
        # GPIO as a whole: found (a back-end), stand-in (none here, by design), missing (a Pi without)
        self.gpio_state = DeviceState.FOUND if factory is not False else stand_in_state
        common = {"pin_factory": factory, "on_fault": self._fault, "stand_in_state": stand_in_state}
        try:
            self.buttons = Buttons(
                button_pins, post, bounce_ms=bounce_ms, lockout_ms=lockout_ms,
                lockout_groups=lockout_groups, clock=clock, stand_in_reason=reason, **common,
            )
        except Exception as exc:  # bad timings or groups: never let them stop the app
            self.message = f"buttons fell back to stand-ins ({exc})"
            self.buttons = Buttons(button_pins, post, bounce_ms=30, lockout_ms=400, clock=clock,
                                   pin_factory=False, stand_in_reason=self.message,
                                   stand_in_state=stand_in_state)
        screen_reason = f"{cause}: shown on screen only"
        self.leds = Leds(led_pins, stand_in_reason=screen_reason, **common)
        self.buzzer = Buzzer(buzzer_pin, stand_in_reason=screen_reason, **common)
        self.display: SerialDisplay | None = None
        self.display_2: SerialDisplay | None = None  # board 2's (two games at once)
        for attr, url in (("display", display_url), ("display_2", display_2_url)):
            if not url:
                continue
            try:
                device = SerialDisplay(url, display_baud, app_version=app_version, on_change=self._fault,
                                       name=attr)
                device.start()
                setattr(self, attr, device)
            except Exception as exc:  # e.g. a bad baud rate: no display, said out loud
                self._unknown[attr] = DeviceReport(attr, DeviceState.MISSING, f"{url}: cannot be used ({exc})")
        if factory is not False and any(r.state is DeviceState.MISSING for r in self.status.values()):
            self.message += "; some devices are missing (see companion doctor)"

    @classmethod
    def from_config(
        cls,
        config: Any,
        post: Callable[[str], None],
        *,
        on_fault: FaultCallback = ignore_fault,
        pin_factory: Any = None,
        clock: TimeSource | None = None,
        with_display: bool = True,
    ) -> "Hardware":
        """Build from ``companion.config.Config``: ``[gpio]``, and ``[serial]`` if
        ``with_display``."""
        from companion import __version__

        gpio, serial = config.gpio, config.serial
        return cls(
            pins=gpio.pins, post=post, enabled=gpio.enabled, bounce_ms=gpio.bounce_ms,
            lockout_ms=gpio.lockout_ms, pin_factory=pin_factory, on_fault=on_fault, clock=clock,
            display_url=serial.display if with_display else "", display_baud=serial.baud,
            display_2_url=getattr(serial, "display_2", "") if with_display else "",
            app_version=__version__,
        )

    def _fault(self, report: DeviceReport) -> None:
        try:
            self.on_fault(report)
        except Exception:
            pass  # the app's banner failing must not take the device layer down with it

    @property
    def status(self) -> dict[str, DeviceReport]:
        """Every configured device by name."""
        out: dict[str, DeviceReport] = {}
        out.update(self.buttons.status)
        out.update(self.leds.status)
        out.update(self.buzzer.status)
        if self.display is not None:
            out["display"] = self.display.status
        if self.display_2 is not None:
            out["display_2"] = self.display_2.status
        out.update(self._unknown)
        return out

    @property
    def stand_ins_active(self) -> bool:
        """True if any button is not a real one (the screen then shows its keyboard key)."""
        return any(r.state is not DeviceState.FOUND for r in self.buttons.status.values())

    def keyboard_stand_ins(self) -> dict[str, str]:
        """Key names for the buttons that are not real, e.g. ``{"button_roll": "R"}``."""
        return {
            name: KEYBOARD_STAND_INS[name]
            for name, report in self.buttons.status.items()
            if report.state is not DeviceState.FOUND and name in KEYBOARD_STAND_INS
        }

    def close(self) -> None:
        for display in (self.display, self.display_2):
            if display is not None:
                display.close()
        for part in (self.buttons, self.leds, self.buzzer):
            try:
                part.close()
            except Exception:
                pass
