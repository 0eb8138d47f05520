"""What the app knows about each device: found, missing or a stand-in, and what to do.

>>> r = DeviceReport("button_roll", DeviceState.STAND_IN, "no GPIO on this machine")
>>> r.line()
'stand-in  button_roll: no GPIO on this machine'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
import threading  # noqa: F401  (named in a type hint)


class DeviceState(enum.Enum):
    """The three answers ``doctor`` and the status banner give for a device."""

    FOUND = "found"  # the real device answers
    MISSING = "missing"  # it should be there but is not (or it failed at run time)
    STAND_IN = "stand-in"  # deliberately replaced: no GPIO here, or switched off in the config


@dataclass(frozen=True)
class DeviceReport:
    """One device's state with a human message saying what to do about it."""

    name: str
    state: DeviceState
    message: str

    def line(self) -> str:
        return f"{self.state.value:<9} {self.name}: {self.message}"


# The app's callback for a device that fails while running (it shows a banner).
FaultCallback = Callable[[DeviceReport], None]


def ignore_fault(report: DeviceReport) -> None:
    """The default fault callback: the report is still kept in the device's status."""


def retire_failed_device(
    name: str,
    exc: BaseException,
    advice: str,
    *,
    lock: "threading.Lock",
    devices: "dict[str, object]",
    status: "dict[str, DeviceReport]",
    on_fault: FaultCallback,
) -> DeviceReport:
    """A device that raised while running: close it, mark it missing, tell the app.

    Shared by the buttons and the outputs, so both retire a failed device the same way
    (under their lock, never raising).
    """
    with lock:
        device = devices.pop(name, None)
    if device is not None:
        try:
            device.close()  # type: ignore[attr-defined]
        except Exception:
            pass
    report = DeviceReport(name, DeviceState.MISSING,
                          f"stopped answering ({type(exc).__name__}: {exc}); {advice}")
    with lock:
        status[name] = report
    on_fault(report)
    return report
