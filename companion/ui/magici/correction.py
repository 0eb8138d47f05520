"""Correct either clock: add or take away time, then apply (one journal event per clock)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.magici.timing import ClockKind
from companion.ui import theme
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import clock_text, seconds_text
from companion.ui.magici.overlay import StationOverlay
from companion.ui.screen import HEADER_H
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App
    from companion.ui.magici.timer import TimerScreen

STEPS: dict[ClockKind, tuple[int, ...]] = {
    ClockKind.MOVE: (-10_000, -5_000, -1_000, 1_000, 5_000, 10_000),
    ClockKind.GAME: (-60_000, -10_000, -1_000, 1_000, 10_000, 60_000),
}
ROW_Y = {ClockKind.MOVE: HEADER_H + 30, ClockKind.GAME: HEADER_H + 172}


class CorrectionScreen(StationOverlay):
    name = "magici-correct"
    title_key = "magici.correct.title"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: "App", timer: "TimerScreen") -> None:
        super().__init__(app, timer)
        self.delta: dict[ClockKind, int] = {ClockKind.MOVE: 0, ClockKind.GAME: 0}
        self.seen = self._turn()  # the move the referee is correcting
        self.notice = ""

    def _turn(self) -> tuple[int, object]:
        st = self.station.state
        return st.turn, st.on_move

    def update(self, dt_ms: int) -> None:
        super().update(dt_ms)
        self._check_turn()  # the boards may be run from elsewhere too (the two-board room)

    def station_changed(self) -> None:
        self._check_turn()
        super().station_changed()

    def _check_turn(self) -> None:
        """The turn changed under the form (a pass on time, a team's button): a move correction
        meant for the move that ended would land on the next team's fresh move, so it is dropped
        and the form says so; the game clock's part (one clock for both teams) is kept."""
        if self._turn() != self.seen:
            self.seen = self._turn()
            if self.delta[ClockKind.MOVE]:
                self.delta[ClockKind.MOVE] = 0
                house = self.station.state.house(self.station.state.on_move).name
                self.notice = self.t("magici.correct.turn_changed", house=house)
                self.layout()
                self.dirty = True

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        for kind, steps in STEPS.items():
            for i, step in enumerate(steps):
                rect = self.box(200 + i * 98, ROW_Y[kind] + 62, 90, 60)
                label = f"{'+' if step > 0 else '−'}{_step_text(abs(step))}"
                self.buttons.append(Button(rect, label, self._add(kind, step), size=self.u(22)))
        any_change = any(self.delta.values())
        self.buttons.append(Button(self.box(440, 398, 340, 70), self.t("magici.correct.apply"), self.apply,
                                   primary=True, enabled=any_change, size=self.u(26)))
        self.buttons.append(Button(self.box(20, 398, 200, 70), self.t("magici.correct.clear"), self.clear,
                                   enabled=any_change, size=self.u(22)))
        st = self.station.state
        if st.passed_turns and st.last_change == "timeout" and not st.over:
            house = st.house(st.passed_turns[-1][1]).name
            self.buttons.append(Button(self.box(230, 398, 200, 70), self.t("magici.correct.turn_back"),
                                       self.give_turn_back, size=self.u(20),
                                       sublabel=self.t("magici.correct.turn_back_to", house=house)))

    def _add(self, kind: ClockKind, step: int) -> Callable[[], None]:
        def add() -> None:
            self.delta[kind] += step
            self.layout()
        return add

    def clear(self) -> None:
        self.delta = {k: 0 for k in self.delta}
        self.layout()

    def apply(self) -> None:
        notice = self.notice
        self.update(0)  # a clock that ran out since the last frame counts before the correction does
        if self.notice != notice or not any(self.delta.values()):
            return  # the move it was for ended on this very tap: the form stays open and says so
        outcome = self.station.adjust_clocks(self.delta[ClockKind.MOVE], self.delta[ClockKind.GAME])
        refused = "" if outcome else (self.t(f"magici.refused.{outcome.refused.value}") if outcome.refused else "")
        assert self.timer is not None
        self.timer.desk.outcome(outcome)
        self.timer.desk.say(refused or self.t("magici.correct.done"), warn=bool(refused))
        self.timer.layout()
        self.app.pop()

    def give_turn_back(self) -> None:
        """The turn was passed on time by mistake: it goes back, as a correction with its reason."""
        assert self.timer is not None
        self.timer.desk.give_turn_back(self.t("magici.correct.reason_wrong_timeout"))
        self.timer.layout()
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_clocks(surface)
        view = self.station.view()
        for kind, label_key, now_ms, fmt in (
            (ClockKind.MOVE, "magici.timer.move_label", view.move_remaining_ms, seconds_text),
            (ClockKind.GAME, "magici.timer.game_label", view.game_remaining_ms, clock_text),
        ):
            y = ROW_Y[kind]
            draw_text(surface, self.t(label_key), self.at(20, y + 8), self.u(24), theme.MUTED, bold=True,
                      max_width=self.u(170), min_size=self.u(16))
            draw_text(surface, fmt(now_ms), self.at(20, y + 40), self.u(44), theme.TEXT, bold=True)
            delta = self.delta[kind]
            if delta:
                after = fmt(max(0, now_ms + delta))
                sign = "+" if delta > 0 else "−"
                text = f"{sign}{_step_text(abs(delta))}  →  {after}"
                draw_text(surface, text, self.at(200, y + 20), self.u(28), theme.ACCENT, "midleft", bold=True)
        draw_text(surface, self.notice or self.t("magici.correct.hint"), self.at(400, 374), self.u(17),
                  theme.ACCENT if self.notice else theme.MUTED, "center", max_width=self.u(760), min_size=self.u(16))


def _step_text(ms: int) -> str:
    """``5 s``, ``1:00``... as a step on a button.

    >>> _step_text(5_000), _step_text(60_000), _step_text(75_000)
    ('5 s', '1:00', '1:15')
    """
    seconds = ms // 1000
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60}:{seconds % 60:02d}"
