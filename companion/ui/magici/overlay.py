"""Screens shown on top of a running game keep its clocks alive.

The timer screen is not on top while the referee corrects a clock, records a spell or enters a
result, yet the 30 s must still run out, beep and pass the turn, and the teams' buttons must
still end their moves. An overlay forwards ``update`` and ``wake_in_ms`` to the timer screen
underneath, which polls the station and sounds the cues as usual, and hands it the teams'
``white`` / ``black`` commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.ui.input import Action, Kind
from companion.ui.screen import Screen

if TYPE_CHECKING:
    from companion.app import App
    from companion.magici.station import RefereeStation
    from companion.ui.magici.timer import TimerScreen


class StationOverlay(Screen):
    def __init__(self, app: "App", timer: "TimerScreen | None") -> None:
        super().__init__(app)
        self.timer = timer

    @property
    def station(self) -> RefereeStation:
        assert self.timer is not None
        return self.timer.station

    def handle(self, action: Action) -> bool:
        from companion.ui.magici.desk import TEAM_COMMANDS, room

        if action.kind is Kind.COMMAND and action.name in TEAM_COMMANDS:
            if self.timer is None:  # a form of its own (a fixture's result): the boards still run
                room(self.app).command(action.name, action.source)
                return True
            before = self.timer.station.state
            self.timer.handle(action)  # a team's button ends its move whatever the referee is doing
            if self.timer.station.state is not before:
                self.station_changed()
            return True
        return super().handle(action)

    def update(self, dt_ms: int) -> None:
        if self.timer is None:
            desks = getattr(self.app, "_magici_room", None)
            if desks is not None and desks.app is self.app:
                desks.update()
            return
        before = self.timer.station.state
        self.timer.update(dt_ms)
        if self.timer.station.state is not before:
            self.station_changed()
            self.dirty = True
        if self.timer.dirty:  # the clocks' digits moved: this screen may show them too
            self.timer.dirty = False
            self.dirty = True

    def draw_clocks(self, surface: Any) -> None:
        """Both clocks of this board in the header's right end (the form never hides them):
        the move seconds (red at the 5 s alarm) and the game time, or why they stand still."""
        from companion.ui import theme
        from companion.ui.magici.common import ALARM, clock_text, seconds_text
        from companion.ui.widgets import draw_text

        if self.timer is None:
            return
        u = self.u
        st, view = self.station.state, self.station.view()
        colour = ALARM if st.running and view.move_remaining_ms <= 5_000 else theme.TEXT
        x = surface.get_width() - u(14)
        game_x, move_x = x, x - u(100)
        if st.paused:  # why both stand still, across both columns where their labels were
            note = self.t("magici.timer.paused_spell" if st.pause_reason == "spell" else "magici.timer.paused")
            draw_text(surface, note, (x, u(2)), u(16), theme.ACCENT, "topright", max_width=u(200), min_size=u(16))
        else:
            draw_text(surface, self.t("magici.timer.game_label"), (game_x, u(2)), u(16), theme.MUTED, "topright")
            draw_text(surface, self.t("magici.timer.move_label"), (move_x, u(2)), u(16), theme.MUTED, "topright")
        draw_text(surface, clock_text(view.game_remaining_ms), (game_x, u(38)), u(26), theme.TEXT, "midright",
                  bold=True)
        draw_text(surface, seconds_text(view.move_remaining_ms), (move_x, u(38)), u(30), colour, "midright",
                  bold=True)

    def station_changed(self) -> None:
        """The station acted by itself (a turn passed on time, time up): refresh."""
        self.layout()

    def wake_in_ms(self) -> int | None:
        if self.timer is None:
            desks = getattr(self.app, "_magici_room", None)
            return desks.wake_in_ms() if desks is not None and desks.app is self.app else None
        return self.timer.wake_in_ms()
