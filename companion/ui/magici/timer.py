"""A board's full view: the 30 s move countdown and the 20 min game countdown, from 3 m away.

A move ends by a tap on the big clock, a key (Enter, Space; A / L for white / black of board 1,
Z / M for board 2) or a team's GPIO button (commands ``white`` / ``black``, ``white2`` /
``black2``). The station (:mod:`companion.magici.station`) refuses a press from the team not on
move and a second press within its lock-out, passes the turn when the 30 s run out and ends
the game as a draw when the 20 min run out; each of these is a journal event before the screen
changes. Both boards run together (:mod:`companion.ui.magici.desk`): this screen polls both
every frame, shows the other board's state in the header and switches to it with one tap.
The loop sleeps until the digits next change or the next cue is due (:meth:`TimerScreen.wake_in_ms`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.journal import MatchLog
from companion.magici.model import Side
from companion.magici.station import Outcome, RefereeStation
from companion.magici.timing import Cue, EndSource
from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import (
    ALARM, clock_colours, clock_text, hardware_call, house_rgb, result_key, seconds_text, side_key, spells_left_text,
)
from companion.ui.magici.desk import TEAM_COMMANDS, Desk, room
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

CLOCK_AREA = pygame.Rect(12, 140, 776, 214)
BUTTON_Y, BUTTON_H = 404, 68
SWITCH_RECT = pygame.Rect(560, 8, 232, 40)


class TimerScreen(Screen):
    name = "magici-timer"

    def __init__(self, app: "App", log: MatchLog | None = None, now_ms: Callable[[], int] | None = None,
                 desk: Desk | None = None) -> None:
        super().__init__(app)
        if desk is None:
            assert log is not None
            desk = room(app).desk_for_log(log)
        self.desk = desk
        self.confirm_leave = False  # leaving a running game takes a second tap
        self._shown: tuple[object, ...] | None = None
        stand_ins = app.hardware.keyboard_stand_ins() if hasattr(app.hardware, "keyboard_stand_ins") else {}
        suffix = "" if desk.board == 1 else f"_{desk.board}"
        self.keys = {side: stand_ins.get(f"button_{side.value}{suffix}", "") for side in Side}

    # -- the board shown ---------------------------------------------------------------------------
    @property
    def station(self) -> RefereeStation:
        station = self.desk.station
        assert station is not None, "a board's full view needs a game on that board"
        return station

    @property
    def log(self) -> MatchLog:
        return self.station.log  # type: ignore[return-value]

    @property
    def link(self) -> Any:
        return self.desk.link

    @property
    def message(self) -> str:
        return self.desk.message

    @property
    def message_warn(self) -> bool:
        return self.desk.message_warn

    @property
    def board_panel(self) -> Any:
        return self.desk.follower

    @property
    def board_screen(self) -> Any:
        return self.desk.board_screen

    def other_desk(self) -> Desk:
        return self.desk.room.desk(2 if self.desk.board == 1 else 1)

    # -- life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.desk.ensure_follower()
        self.desk.room.update()  # catch up with anything due while nobody polled
        st = self.station.state
        if self.desk.board == 1:
            hardware_call(self.app, "leds", "show_side_to_move", st.on_move.value if st.running else None)
        self.desk.feed_display()

    def layout(self) -> None:
        st = self.station.state
        back = self.back_button()
        if self.confirm_leave:
            back = Button(back.rect.inflate(60, 0).move(30, 0), self.t("magici.timer.leave"), self.leave_game,
                          color=theme.DANGER, size=18)
        else:
            back.on_tap = self.leave_game
        self.buttons = [back]
        other = self.other_desk()
        self.buttons.append(Button(SWITCH_RECT, self._switch_label(other), self.switch_board, size=17,
                                   color=ALARM if _alarm(other) else None))
        labels: list[tuple[str, Callable[[], None], dict]] = []
        if not st.begun:
            labels.append((self.t("magici.timer.start"), self.begin, {"primary": True}))
        elif st.over:
            labels.append((self.t("magici.timer.result"), self.open_result, {"primary": True}))
        elif st.paused:
            labels.append((self.t("magici.timer.resume"), self.toggle_pause, {"primary": True}))
        else:
            labels.append((self.t("magici.timer.pause"), self.toggle_pause, {}))
        labels.append((self.t("magici.timer.correct"), self.open_correction, {"enabled": not st.over}))
        undo_label = self.t("magici.timer.undo_start") if self.desk.confirm_start_undo else self.t("magici.timer.undo")
        labels.append((undo_label, self.undo, {"color": theme.DANGER} if self.desk.confirm_start_undo else {}))
        labels.append((self.t("magici.timer.redo"), self.redo, {"enabled": self.station.can_redo()}))
        labels.append((self.t("magici.timer.spells"), self.open_spells, {}))
        if not st.over:
            labels.append((self.t("magici.timer.result"), self.open_result, {}))
        board = self._board_opener()
        if board is not None:
            labels.append((self.t("magici.timer.board"), board, {}))
        n = len(labels)
        gap = 6
        w = (776 - gap * (n - 1)) // n
        for i, (label, action, opts) in enumerate(labels):
            self.buttons.append(Button(pygame.Rect(12 + i * (w + gap), BUTTON_Y, w, BUTTON_H), label, action,
                                       size=20 if n > 6 else 22, **opts))

    def _switch_label(self, other: Desk) -> str:
        station = other.station
        head = self.t("magici.boards.board", n=other.board)
        if station is None:
            return f"{head} · {self.t('magici.boards.empty_short')} ›"
        st, view = station.state, station.view()
        if st.over:
            return f"{head} · {self.t('magici.boards.over_short')} ›"
        if not st.begun:
            return f"{head} · {self.t('magici.boards.not_begun_short')} ›"
        return f"{head} · {st.house_on_move.name} {seconds_text(view.move_remaining_ms)} ›"

    def switch_board(self) -> None:
        """One tap: the other board's full view (or the two-board view if it has no game)."""
        other = self.other_desk()
        self.confirm_leave = False
        if other.station is None:
            from companion.ui.magici.boards import TwoBoardsScreen

            if any(isinstance(s, TwoBoardsScreen) for s in self.app.stack):
                self.app.pop()
            else:
                self.app.replace(TwoBoardsScreen(self.app))
            return
        self.app.replace(TimerScreen(self.app, desk=other))

    def _board_opener(self) -> Callable[[], None] | None:
        try:
            from companion.ui.board.magici import MagiciBoardScreen
        except Exception:  # the board screen is optional (most games play on a human board)
            return None
        return lambda: self.open_board(MagiciBoardScreen)

    def open_board(self, screen_class: Any) -> None:
        """The touch board beside this station; its match is linked from the station's."""
        from companion.magici.boards import BOARD_LINK, linked_board_id
        from companion.ui.board.session import BoardSession
        from companion.ui.magici.board_panel import BoardPanel

        match_id = linked_board_id(self.log)
        if match_id is None:
            with self.app.journal.atomic():  # the board's match and its link: one step
                session = BoardSession.new(self.app.journal, "magici", self.log.info.meta.get("start_fen"),
                                           title=self.log.info.title, journal_game="magici-board")
                self.log.append(BOARD_LINK, {"match": session.match.id})
            match = session.match
        else:
            match = self.app.journal.match(match_id)
        panel = BoardPanel(self.desk, "")
        screen = screen_class(self.app, match=match, station=panel)
        panel.last_fen = screen.session.position.fen()
        panel.board = screen
        self.desk.board_screen, self.desk.follower = screen, panel
        panel.follow_station()  # the board starts from the station's turn
        self.app.push(screen)

    def board_position(self) -> Any:
        """The position on the station's board (None if no board was opened for this game)."""
        if self.desk.board_screen is not None:
            return self.desk.board_screen.position
        from companion.ui.magici.board_panel import board_position

        return board_position(self.app, self.log)

    # -- actions --------------------------------------------------------------------------------
    def leave_game(self) -> None:
        """Back to the screen below. The Magici screens keep both boards running, so going back
        to one of them is one tap; outside them nobody hears the cues (the expiries are applied
        when a station screen is shown again), so leaving with clocks running takes a second tap."""
        from companion.ui.magici.boards import TwoBoardsScreen
        from companion.ui.magici.desk import KeepsBoardsRunning

        under = self.app.stack[-2] if len(self.app.stack) > 1 else None
        if isinstance(under, (TwoBoardsScreen, KeepsBoardsRunning)):
            self.confirm_leave = False
            self.app.pop()
            return
        if self.desk.room.boards.running and not self.confirm_leave:
            self.confirm_leave = True
            self.desk.say(self.t("magici.timer.leave_hint"), warn=True)
            self.layout()
            return
        self.confirm_leave = False
        self.app.pop()

    def begin(self) -> None:
        self.desk.begin()
        self.layout()

    def end_move(self, side: Side | None, source: EndSource) -> None:
        self.desk.end_move(side, source)
        self.layout()

    def toggle_pause(self) -> None:
        self.desk.toggle_pause()
        self.layout()

    def undo(self) -> None:
        self.desk.undo()
        self.layout()

    def redo(self) -> None:
        self.desk.redo()
        self.layout()

    def open_correction(self) -> None:
        from companion.ui.magici.correction import CorrectionScreen

        self.app.push(CorrectionScreen(self.app, self))

    def open_spells(self) -> None:
        from companion.ui.magici.ledger import SpellLedgerScreen

        self.app.push(SpellLedgerScreen(self.app, self, position=self.board_position))

    def open_result(self) -> None:
        from companion.ui.magici.result import ResultScreen

        self.app.push(ResultScreen.for_station(self.app, self, self.link))

    def handle(self, action: Action) -> bool:
        if self.confirm_leave and action.kind in (Kind.TAP, Kind.COMMAND) and not (
                action.kind is Kind.COMMAND and action.name == "back") and not (
                action.pos is not None and self.buttons[0].rect.collidepoint(action.pos)):
            self.confirm_leave = False  # anything else cancels leaving
            self.desk.say("")
            self.layout()
        if action.kind is Kind.COMMAND and action.name == "back":
            self.leave_game()
            return True
        if action.kind is Kind.COMMAND:
            if action.name in TEAM_COMMANDS:
                self.desk.room.command(action.name, action.source)
                self.layout()
                return True
            source = EndSource.BUTTON if action.source == "gpio" else EndSource.KEY
            if action.name in ("ok", "roll"):
                self.end_move(None, source)
                return True
            if action.name == "undo":
                self.undo()
                return True
        if self.desk.confirm_start_undo and action.kind is Kind.TAP and action.pos is not None and not any(
                b.rect.collidepoint(action.pos) and b.on_tap == self.undo for b in self.buttons):
            self.desk.confirm_start_undo = False  # any other tap cancels undoing the start
            self.layout()
        if super().handle(action):
            return True
        if action.kind is Kind.TAP and action.pos and CLOCK_AREA.collidepoint(action.pos):
            self.end_move(None, EndSource.TAP)
            return True
        return False

    # -- reacting to the station (kept for the forms opened from here) ---------------------------
    def _outcome(self, outcome: Outcome) -> None:
        self.desk.outcome(outcome)
        self.layout()
        self.dirty = True

    def _react(self, cues: list[Cue]) -> None:
        self.desk.react(cues)
        self.layout()
        self.dirty = True

    # -- the loop -------------------------------------------------------------------------------
    def update(self, dt_ms: int) -> None:
        if self.desk.room.update():
            self.layout()
        shown = self._shown_values()
        if shown != self._shown:
            self.dirty = True
            if self._shown is not None and shown[-1] != self._shown[-1]:
                self.layout()  # the other board's state moved: its switch label with it

    def _shown_values(self) -> tuple[object, ...]:
        other = self.other_desk()
        return self.desk.shown() + (self._switch_label(other), _alarm(other))

    def wake_in_ms(self) -> int | None:
        return self.desk.room.wake_in_ms()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        st, view = self.station.state, self.station.view()
        self._shown = self._shown_values()
        surface.fill(theme.BG)
        pygame.draw.rect(surface, theme.PANEL, (0, 0, surface.get_width(), HEADER_H))
        title = self.t("magici.boards.board", n=self.desk.board) + " · " + self.t("magici.timer.turn", n=view.turn)
        draw_text(surface, title, (350, HEADER_H // 2), 26, theme.TEXT, "center", bold=True, max_width=400)
        for side, x in ((Side.WHITE, 12), (Side.BLACK, 404)):
            self._draw_house(surface, side, pygame.Rect(x, HEADER_H + 8, 384, 68))
        self._draw_clock(surface)
        if self.message:
            draw_text(surface, self.message, (400, 380), 20 if len(self.message) > 70 else 22,
                      theme.WARN if self.message_warn else theme.MUTED, "center", max_width=776)
        for b in self.buttons:
            b.draw(surface)

    def _draw_house(self, surface: pygame.Surface, side: Side, rect: pygame.Rect) -> None:
        """The House's colour marks its name (a bar at the edge and a disc), never the panel."""
        st = self.station.state
        house = st.house(side)
        rgb = house_rgb(house.colour)
        active = st.begun and not st.over and st.on_move is side
        pygame.draw.rect(surface, theme.PANEL_HI if active else theme.PANEL, rect, border_radius=12)
        pygame.draw.rect(surface, rgb, (rect.x, rect.y, 12, rect.height), border_top_left_radius=12,
                         border_bottom_left_radius=12)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, rect, width=4, border_radius=12)
        pygame.draw.circle(surface, theme.WHITE_SIDE if side is Side.WHITE else theme.BLACK_SIDE,
                           (rect.x + 38, rect.centery), 16)
        pygame.draw.circle(surface, rgb, (rect.x + 38, rect.centery), 16, width=4)
        draw_text(surface, house.name, (rect.x + 66, rect.y + 8), 28, theme.TEXT, bold=True, max_width=rect.width - 78)
        left = len(st.spells.available(side))
        info = self.t(side_key(side)) + " · " + spells_left_text(self.t, left)
        if self.keys.get(side):
            info += " · " + self.t("magici.timer.key", name=self.keys[side])
        draw_text(surface, info, (rect.x + 66, rect.y + 42), 17, theme.TEXT if active else theme.MUTED,
                  max_width=rect.width - 78)

    def _draw_clock(self, surface: pygame.Surface) -> None:
        st, view = self.station.state, self.station.view()
        area = CLOCK_AREA
        house_colour = house_rgb(st.house_on_move.colour)
        move_ms = view.move_remaining_ms
        bg, digits = clock_colours(st, move_ms)
        pygame.draw.rect(surface, bg, area, border_radius=16)
        pygame.draw.rect(surface, house_colour, (area.x, area.y, 16, area.height), border_top_left_radius=16,
                         border_bottom_left_radius=16)
        if st.over:
            self._draw_result(surface, area)
            return
        big = pygame.Rect(area.x + 24, area.y, 430, area.height)
        draw_text(surface, seconds_text(move_ms), (big.centerx, big.centery + 4), 190, digits, "center", bold=True)
        draw_text(surface, self.t("magici.timer.move_label") + " · " + st.house_on_move.name,
                  (big.centerx, area.y + 8), 18, theme.MUTED, "midtop", max_width=big.width - 20)
        right = pygame.Rect(area.x + 460, area.y, area.width - 470, area.height)
        draw_text(surface, self.t("magici.timer.game_label"), (right.centerx, area.y + 18), 20, theme.MUTED, "midtop")
        draw_text(surface, clock_text(view.game_remaining_ms), (right.centerx, area.y + 46), 72, theme.TEXT,
                  "midtop", bold=True)
        if not st.begun:
            hint = self.t("magici.timer.hint_start", house=st.house_on_move.name)
        elif st.asking is not None:
            hint = self.t("magici.timer.check_timeout_hint")
        elif st.paused:
            hint = self.t("magici.timer.paused_spell" if st.pause_reason == "spell" else "magici.timer.paused")
        elif view.obligation is not None:
            hint = self.desk.obligation_text(view.obligation)
        else:
            hint = self.t("magici.timer.hint_end", house=st.house_on_move.name)
        for i, line in enumerate(_wrap(hint, 20, right.width - 12)[:3]):
            draw_text(surface, line, (right.centerx, area.y + 138 + i * 24), 20,
                      theme.ACCENT if view.obligation is not None or st.paused else theme.MUTED, "midtop")

    def _draw_result(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        st = self.station.state
        result = st.result
        assert result is not None
        head = self.t(result_key(result.kind))
        if result.winner is None:
            line = self.t("magici.timer.draw")
        else:
            line = self.t("magici.timer.winner", house=st.house(result.winner).name)
        draw_text(surface, line, (area.centerx, area.centery - 26), 56, theme.TEXT, "center", bold=True,
                  max_width=area.width - 40)
        draw_text(surface, head, (area.centerx, area.centery + 34), 30, theme.ACCENT, "center",
                  max_width=area.width - 40)
        from companion.ui.magici.result import STATS_EVENT

        if any(e.kind == STATS_EVENT for e in self.log.effective()):
            return
        draw_text(surface, self.t("magici.timer.enter_stats"), (area.centerx, area.bottom - 28), 18, theme.MUTED,
                  "center", max_width=area.width - 40)


def _alarm(desk: Desk) -> bool:
    station = desk.station
    return station is not None and station.state.running and station.view().move_remaining_ms <= 5_000


def _wrap(text: str, size: int, width: int) -> list[str]:
    from companion.ui.widgets import wrap_text

    return wrap_text(text, size, width)
