"""Time: an injectable monotonic source and countdown timers exact to the millisecond.

The interface speaks whole **milliseconds** (ints); inside, a timer counts in the clock's
nanoseconds when the clock has them (``now_ns``), so no rounding builds up over hours of
start/pause: it keeps the remaining time banked when last paused or adjusted and the instant it
was last started, and computes ``remaining = banked - (now - started)`` on demand.

>>> clock = FakeClock()
>>> t = CountdownTimer(clock, 30_000)
>>> t.start(); clock.advance(12_345); t.remaining_ms
17655
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol


class TimeSource(Protocol):
    """Anything that tells monotonic time in milliseconds (``now_ns`` too, optionally)."""

    def now_ms(self) -> int: ...


def _now_ns(clock: TimeSource) -> int:
    now_ns = getattr(clock, "now_ns", None)
    return now_ns() if now_ns is not None else clock.now_ms() * 1_000_000


class MonotonicClock:
    """The real clock: ``time.monotonic_ns`` truncated to whole milliseconds."""

    def now_ms(self) -> int:
        return time.monotonic_ns() // 1_000_000

    def now_ns(self) -> int:
        return time.monotonic_ns()


class FakeClock:
    """A clock that moves only when a test says so.

    >>> c = FakeClock(start_ms=1000); c.advance(250); c.now_ms()
    1250
    """

    def __init__(self, start_ms: int = 0) -> None:
        self._now = int(start_ms)

    def now_ms(self) -> int:
        return self._now

    def now_ns(self) -> int:
        return self._now * 1_000_000

    def advance(self, ms: int | float) -> None:
        if ms < 0:
            raise ValueError("a monotonic clock cannot go back")
        self._now += int(round(ms))

    def set(self, now_ms: int) -> None:
        if now_ms < self._now:
            raise ValueError("a monotonic clock cannot go back")
        self._now = int(now_ms)


@dataclass
class CountdownTimer:
    """A countdown with start, pause, resume, adjust and an expiry callback.

    Expiry is noticed by :meth:`poll` (the main loop calls it each frame) or by reading
    :attr:`remaining_ms`; each expiry fires ``on_expire`` exactly once. ``remaining_ms``
    never goes below zero.
    """

    clock: TimeSource
    duration_ms: int
    on_expire: Callable[["CountdownTimer"], None] | None = None
    _banked_ns: int = field(init=False)
    _started_at_ns: int | None = field(init=False, default=None)
    _fired: bool = field(init=False, default=False)
    _ever_started: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        if self.duration_ms < 0:
            raise ValueError(f"a countdown needs a duration >= 0 ms, got {self.duration_ms}")
        self._banked_ns = int(self.duration_ms) * 1_000_000

    # -- state -------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._started_at_ns is not None

    def _remaining_ns(self) -> int:
        if self._started_at_ns is None:
            return max(0, self._banked_ns)
        return max(0, self._banked_ns - (_now_ns(self.clock) - self._started_at_ns))

    @property
    def remaining_ms(self) -> int:
        """Whole milliseconds left, rounded up: 0 only when the time is really out."""
        return -(-self._remaining_ns() // 1_000_000)

    @property
    def elapsed_ms(self) -> int:
        return self.duration_ms - self.remaining_ms

    @property
    def expired(self) -> bool:
        return self._remaining_ns() == 0

    # -- control -----------------------------------------------------------------------------
    def start(self) -> None:
        """Start (or resume) counting down from the banked time; no effect if running."""
        if self._started_at_ns is None:
            self._started_at_ns = _now_ns(self.clock)
            self._ever_started = True

    resume = start

    def pause(self) -> None:
        if self._started_at_ns is not None:
            self._banked_ns = self._remaining_ns()
            self._started_at_ns = None

    def reset(self, duration_ms: int | None = None) -> None:
        """Stop and refill to ``duration_ms`` (default: the timer's own duration)."""
        if duration_ms is not None:
            self.duration_ms = int(duration_ms)
        self._banked_ns = self.duration_ms * 1_000_000
        self._started_at_ns = None
        self._fired = False
        self._ever_started = False

    def restart(self, duration_ms: int | None = None) -> None:
        self.reset(duration_ms)
        self.start()

    def adjust(self, delta_ms: int) -> None:
        """Add (or with a negative delta, take away) time: a referee's correction."""
        self._set_remaining_ns(self._remaining_ns() + int(delta_ms) * 1_000_000)

    def set_remaining(self, remaining_ms: int) -> None:
        self._set_remaining_ns(int(remaining_ms) * 1_000_000)

    def _set_remaining_ns(self, remaining_ns: int) -> None:
        remaining_ns = max(0, remaining_ns)
        if self._started_at_ns is not None:
            self._started_at_ns = _now_ns(self.clock)
        self._banked_ns = remaining_ns
        if remaining_ns > 0:
            self._fired = False

    def poll(self) -> bool:
        """Fire ``on_expire`` if the timer has run out since the last poll; True if it fired.

        A timer that was never started never fires, whatever its duration.
        """
        if self._fired or not self._ever_started or self._remaining_ns() > 0:
            return False
        self._fired = True
        self.pause()
        if self.on_expire is not None:
            self.on_expire(self)
        return True

    def ms_until_expiry(self) -> int | None:
        """How long the main loop may sleep before this timer needs a look (None if stopped)."""
        if self._started_at_ns is None or self._fired:
            return None
        return self.remaining_ms


def format_clock(ms: int, tenths_below_ms: int = 10_000) -> str:
    """``m:ss`` (or ``s.t`` under ``tenths_below_ms``), rounding up so 0 shows only at zero.

    >>> format_clock(1_200_000), format_clock(29_001), format_clock(9_950), format_clock(0)
    ('20:00', '0:30', '10.0', '0.0')
    """
    ms = max(0, int(ms))
    if ms < tenths_below_ms:
        tenths = -(-ms // 100)
        return f"{tenths // 10}.{tenths % 10}"
    secs = -(-ms // 1000)
    return f"{secs // 60}:{secs % 60:02d}"
