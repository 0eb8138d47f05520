"""Timing options, wall-clock countdowns and the cues a referee station emits.

A :class:`Countdown` is a value: the milliseconds banked plus the wall-clock instant it last
started running. Being anchored on the journal's ``at_ms`` it survives a restart: the time that
passed while the app was off is counted.

>>> c = Countdown(30_000).run(at_ms=1_000)
>>> c.remaining(8_500), c.due_ms, c.stop(8_500)
(22500, 31000, Countdown(banked_ms=22500, since_ms=None))
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from typing import Any

from companion.magici.model import Side


TIMEOUT_IN_CHECK = ("loses", "referee")


@dataclass(frozen=True)
class MagiciTiming:
    """The clock rules of a Scacchi Magici game, with section 3's values as defaults.

    ``move_cues_ms``/``game_cues_ms``: remaining times that give a warning cue.
    ``end_lockout_ms``: after a turn changes, a "move ends" is refused for this long, so a
    double press (or a late press from the other team) cannot end two moves.
    ``stale_cue_ms``: a cue more than this late (after a restart) is not sounded.
    ``spell_resets_move_clock``: Ruling: a spell does not give the team on move a new 30 s.
    ``timeout_in_check``: the 30 s running out while the team on move is in check: ``loses``
    (as if checkmated) or ``referee`` (both clocks stop and the referee decides); and
    ``pause_during_spell``: both clocks of the board pause while a spell is recorded. These two
    are the rule options of the same names (``companion.rules.options_of("magici")``), with
    the same defaults.
    """

    move_ms: int = 30_000
    game_ms: int = 20 * 60_000
    move_cues_ms: tuple[int, ...] = (10_000, 5_000)
    game_cues_ms: tuple[int, ...] = ()
    end_lockout_ms: int = 500
    stale_cue_ms: int = 1_000
    spell_resets_move_clock: bool = False
    timeout_in_check: str = "loses"
    pause_during_spell: bool = True

    def __post_init__(self) -> None:
        if self.timeout_in_check not in TIMEOUT_IN_CHECK:
            raise ValueError(f"timing option timeout_in_check is one of {', '.join(TIMEOUT_IN_CHECK)}, "
                             f"got {self.timeout_in_check!r}")
        for name in ("move_ms", "game_ms"):
            if getattr(self, name) <= 0:
                raise ValueError(f"timing option {name} must be > 0 ms, got {getattr(self, name)}")
        for name in ("end_lockout_ms", "stale_cue_ms"):
            if getattr(self, name) < 0:
                raise ValueError(f"timing option {name} must be >= 0 ms, got {getattr(self, name)}")
        for name in ("move_cues_ms", "game_cues_ms"):
            values = getattr(self, name)
            if any(v <= 0 for v in values):
                raise ValueError(f"timing option {name}: cue times must be > 0 ms, got {values}")
            object.__setattr__(self, name, tuple(sorted({int(v) for v in values}, reverse=True)))

    def to_data(self) -> dict[str, Any]:
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in fields(self)}

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> "MagiciTiming":
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown timing option(s): {', '.join(sorted(unknown))}")
        for name in ("move_cues_ms", "game_cues_ms"):
            if name in data:
                data[name] = tuple(data[name])
        return cls(**data)


@dataclass(frozen=True)
class Countdown:
    """Remaining time ``banked_ms``, running since wall instant ``since_ms`` (None: stopped)."""

    banked_ms: int
    since_ms: int | None = None

    @property
    def running(self) -> bool:
        return self.since_ms is not None

    def remaining(self, now_ms: int) -> int:
        if self.since_ms is None:
            return max(0, self.banked_ms)
        # A wall clock set back (a Pi without RTC before NTP) counts as no time passing.
        return max(0, self.banked_ms - max(0, now_ms - self.since_ms))

    @property
    def due_ms(self) -> int | None:
        """The wall instant it reaches zero, if running."""
        return None if self.since_ms is None else self.since_ms + self.banked_ms

    def run(self, at_ms: int) -> "Countdown":
        return self if self.running else Countdown(self.banked_ms, at_ms)

    def stop(self, at_ms: int) -> "Countdown":
        return Countdown(self.remaining(at_ms), None)

    def set(self, remaining_ms: int, at_ms: int) -> "Countdown":
        return Countdown(max(0, int(remaining_ms)), at_ms if self.running else None)


class ClockKind(Enum):
    MOVE = "move"
    GAME = "game"


class EndSource(Enum):
    """What ended a move: the screen, a keyboard key, a team's GPIO button, the referee, a move
    on the touch board or one the camera saw."""

    TAP = "tap"
    KEY = "key"
    BUTTON = "button"
    REFEREE = "referee"
    BOARD = "board"  # a move entered on the touch board: deliberate, so no double-press lock-out
    CAMERA = "camera"  # a move the camera saw on the board (played on the touch board): no lock-out


class CueKind(Enum):
    """What the UI should sound, beep, colour or light."""

    TURN = "turn"  # ``side`` is now on move (LEDs, colour)
    MOVE_WARNING = "move_warning"  # ``threshold_ms`` left on the move clock
    MOVE_EXPIRED = "move_expired"  # ``side`` ran out of time; the turn passed
    GAME_WARNING = "game_warning"
    TIME_UP = "time_up"  # the game is over: a draw on time
    PAUSED = "paused"
    RESUMED = "resumed"
    RESULT = "result"
    CATCH_UP = "catch_up"  # after a restart, ``count`` expiries were applied late
    CHECK_TIMEOUT = "check_timeout"  # ``side`` ran out of time in check: the referee decides


@dataclass(frozen=True)
class Cue:
    kind: CueKind
    side: Side | None = None
    threshold_ms: int | None = None
    due_ms: int = 0
    count: int = 0
    restart: bool = False  # CATCH_UP: the app was off (else it ran, but nobody polled this board)
