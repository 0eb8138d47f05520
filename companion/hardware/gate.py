"""Which button presses count: software debounce per button, lock-out per button group.

A press counts unless the same button counted less than ``bounce_ms`` ago (contact bounce
that the pin back-end did not filter) or any button of its lock-out group counted less than
``lockout_ms`` ago (a double press on a chess clock must not end two moves). Times come from
an injected :class:`~companion.core.clock.TimeSource`, so tests need no sleeping.

>>> from companion.core.clock import FakeClock
>>> clock = FakeClock()
>>> gate = PressGate(clock, bounce_ms=30, lockout_ms=400,
...                  groups=[("button_white", "button_black")])
>>> gate.accept("button_white"), gate.accept("button_black")
(True, False)
>>> clock.advance(400); gate.accept("button_black")
True
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

from companion.core.clock import TimeSource

# The chess-clock buttons share one lock-out: a double press (or both players slapping at
# once) ends one move, not two.
DEFAULT_LOCKOUT_GROUPS: tuple[tuple[str, ...], ...] = (("button_white", "button_black"),
                                                        ("button_white_2", "button_black_2"))


class PressGate:
    """Thread-safe filter deciding whether a press counts (gpiozero calls from its thread)."""

    def __init__(
        self,
        clock: TimeSource,
        *,
        bounce_ms: int = 30,
        lockout_ms: int = 400,
        groups: Iterable[Iterable[str]] = DEFAULT_LOCKOUT_GROUPS,
    ) -> None:
        if bounce_ms < 0:
            raise ValueError(f"bounce_ms must be >= 0, got {bounce_ms}")
        if lockout_ms < 0:
            raise ValueError(f"lockout_ms must be >= 0, got {lockout_ms}")
        self._clock = clock
        self.bounce_ms = int(bounce_ms)
        self.lockout_ms = int(lockout_ms)
        self._group_of: dict[str, str] = {}
        for members in groups:
            members = tuple(members)
            key = "+".join(members)
            for name in members:
                if name in self._group_of:
                    raise ValueError(f"button {name!r} is in two lock-out groups")
                self._group_of[name] = key
        self._last_press: dict[str, int] = {}
        self._last_group: dict[str, int] = {}
        self._lock = threading.Lock()

    def group(self, name: str) -> str:
        """The lock-out group of a button; a button in no listed group is a group of its own."""
        return self._group_of.get(name, name)

    def accept(self, name: str) -> bool:
        """Record a press of ``name``; True if it counts."""
        with self._lock:
            now = self._clock.now_ms()
            last = self._last_press.get(name)
            if last is not None and now - last < self.bounce_ms:
                return False  # bounce: not even remembered as a new press
            self._last_press[name] = now
            group = self.group(name)
            last_group = self._last_group.get(group)
            if last_group is not None and now - last_group < self.lockout_ms:
                return False
            self._last_group[group] = now
            return True
