"""The station's hardware: GPIO buttons, LEDs and buzzer, the external serial display, the
systemd watchdog and ``companion doctor``.

Every device kind has one interface, a real adapter and a stand-in, picked once at start-up;
nothing here imports pygame, and gpiozero/pyserial are imported only when a device is opened.

>>> from companion.hardware import Hardware, DeviceState
>>> hw = Hardware(pins={"button_roll": 17}, post=print, enabled=False)
>>> hw.status["button_roll"].state is DeviceState.STAND_IN
True
"""

from companion.hardware.buttons import KEYBOARD_STAND_INS, Buttons
from companion.hardware.facade import Hardware
from companion.hardware.outputs import BeepPattern, Buzzer, LedState, Leds
from companion.hardware.protocol import DisplayState, Side
from companion.hardware.sdnotify import Notifier
from companion.hardware.serial_display import SerialDisplay
from companion.hardware.status import DeviceReport, DeviceState

__all__ = [
    "BeepPattern",
    "Buttons",
    "Buzzer",
    "DeviceReport",
    "DeviceState",
    "DisplayState",
    "Hardware",
    "KEYBOARD_STAND_INS",
    "LedState",
    "Leds",
    "Notifier",
    "SerialDisplay",
    "Side",
]
