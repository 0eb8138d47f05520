"""One input layer: touch, mouse, keyboard and GPIO buttons become the same actions.

* A finger and a mouse both give ``PRESS`` / ``MOVE`` / ``RELEASE`` with a logical position,
  and ``TAP`` when a press is released near where it began. SDL synthesises mouse events from
  touches (``event.touch`` is true on those); they are dropped so a tap counts once.
* Keys and GPIO buttons give ``COMMAND`` with a name (``roll``, ``white``, ``black``,
  ``back``, ``ok``, ``undo``...), so a screen never asks where a command came from.
* Printable keys also give ``TEXT`` (for typing in dice faces or names).

Hardware threads never touch pygame objects other than posting :data:`HW_EVENT`, through
:func:`post_hardware`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum

import pygame

from companion.ui.display import Viewport

HW_EVENT = pygame.event.custom_type()
FAULT_EVENT = pygame.event.custom_type()  # a device failed or came back (posted from any thread)
TAP_SLOP = 14  # logical pixels a finger may wander and still tap
STALE_FINGER_S = 1.5  # a tracked finger silent this long is taken as lifted (its FINGERUP was lost)

# Keyboard: the stand-ins for the GPIO buttons, and the usual keys.
KEY_COMMANDS: dict[int, str] = {
    pygame.K_ESCAPE: "back",
    pygame.K_BACKSPACE: "back",
    pygame.K_AC_BACK: "back",
    pygame.K_RETURN: "ok",
    pygame.K_KP_ENTER: "ok",
    pygame.K_SPACE: "roll",
    pygame.K_r: "roll",
    pygame.K_a: "white",
    pygame.K_l: "black",
    pygame.K_z: "white2",
    pygame.K_m: "black2",
    pygame.K_u: "undo",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_F11: "fullscreen",
}

# GPIO button names (config [gpio.pins]) to commands.
BUTTON_COMMANDS: dict[str, str] = {
    "button_roll": "roll",
    "button_white": "white",
    "button_black": "black",
    "button_white_2": "white2",
    "button_black_2": "black2",
    "button_back": "back",
}


class Kind(Enum):
    PRESS = "press"
    MOVE = "move"
    RELEASE = "release"
    TAP = "tap"
    COMMAND = "command"
    TEXT = "text"
    QUIT = "quit"


@dataclass(frozen=True)
class Action:
    kind: Kind
    pos: tuple[int, int] | None = None
    name: str = ""
    source: str = ""  # touch | mouse | key | gpio | synthetic


def post_hardware(name: str) -> None:
    """Called from a hardware thread: hand a button press to the main loop."""
    try:
        pygame.event.post(pygame.event.Event(HW_EVENT, name=name))
    except pygame.error:
        pass  # the loop is gone (shutting down): nothing to deliver to


def post_fault(device: str, state: str, message: str = "") -> None:
    """Called from any thread when a device fails or comes back; the loop shows a banner."""
    try:
        pygame.event.post(pygame.event.Event(FAULT_EVENT, device=device, state=state, message=message))
    except pygame.error:
        pass


class InputLayer:
    def __init__(self, viewport: Viewport) -> None:
        self.viewport = viewport
        self._finger: int | None = None
        self._finger_seen = 0.0
        self._down_at: tuple[int, int] | None = None
        self._down_source = ""

    def translate(self, event: pygame.event.Event) -> list[Action]:
        t = event.type
        if t == pygame.QUIT:
            return [Action(Kind.QUIT)]
        if t in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            return self._finger_event(event)
        if t in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self._finger, self._down_at = None, None  # a release we will never see
            return []
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return []  # SDL's copy of a touch we already had as a FINGER event
            return self._mouse_event(event)
        if t == pygame.KEYDOWN:
            out = []
            name = KEY_COMMANDS.get(event.key)
            if name:
                out.append(Action(Kind.COMMAND, name=name, source="key"))
            text = getattr(event, "unicode", "")
            if text and text.isprintable() and event.key not in (pygame.K_SPACE,):
                out.append(Action(Kind.TEXT, name=text, source="key"))
            return out
        if t == HW_EVENT:
            name = BUTTON_COMMANDS.get(event.name, event.name)
            return [Action(Kind.COMMAND, name=name, source="gpio")]
        return []

    def _point(self, px: float, py: float) -> tuple[int, int] | None:
        return self.viewport.to_logical(px, py)

    def _finger_event(self, event: pygame.event.Event) -> list[Action]:
        pw, ph = self.viewport.physical
        pos = self._point(event.x * pw, event.y * ph)
        now = time.monotonic()
        if event.type == pygame.FINGERDOWN:
            if self._finger is not None and now - self._finger_seen < STALE_FINGER_S:
                return []  # one finger at a time: a second finger is a palm or a slip
            if pos is None:
                return []  # a touch on the black bars around the picture
            self._finger, self._finger_seen = event.finger_id, now
            return self._press(pos, "touch")
        if event.finger_id != self._finger:
            return []
        self._finger_seen = now
        if pos is None:
            pos = self.viewport.to_logical(event.x * pw, event.y * ph, clamp=True)
        if event.type == pygame.FINGERMOTION:
            return [Action(Kind.MOVE, pos, source="touch")]
        self._finger = None
        return self._release(pos, "touch")

    def _mouse_event(self, event: pygame.event.Event) -> list[Action]:
        pos = self._point(*event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._press(pos, "mouse") if event.button == 1 and pos is not None else []
        if pos is None:
            pos = self.viewport.to_logical(*event.pos, clamp=True)
        if event.type == pygame.MOUSEBUTTONUP:
            return self._release(pos, "mouse") if event.button == 1 else []
        if self._down_at is not None and self._down_source == "mouse":
            return [Action(Kind.MOVE, pos, source="mouse")]
        return []

    def _press(self, pos: tuple[int, int], source: str) -> list[Action]:
        self._down_at, self._down_source = pos, source
        return [Action(Kind.PRESS, pos, source=source)]

    def _release(self, pos: tuple[int, int], source: str) -> list[Action]:
        out = [Action(Kind.RELEASE, pos, source=source)]
        if self._down_at is not None:
            dx, dy = pos[0] - self._down_at[0], pos[1] - self._down_at[1]
            if dx * dx + dy * dy <= TAP_SLOP * TAP_SLOP:
                out.append(Action(Kind.TAP, self._down_at, source=source))
        self._down_at = None
        return out
