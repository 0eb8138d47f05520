"""The game timer screen: the 30 s move countdown and the 20 min game countdown, from 3 m away.

A move ends by a tap on the big clock, a key (Enter, Space; A / L for white / black) or a
team's GPIO button (commands ``white`` / ``black``). The station (:mod:`companion.magici.station`)
refuses a press from the team not on move and a second press within its lock-out, passes the
turn when the 30 s run out and ends the game as a draw when the 20 min run out; each of these
is a journal event before the screen changes. The loop sleeps until the digits next change or
the next cue is due (:meth:`TimerScreen.wake_in_ms`); it never polls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from companion.core.journal import MatchLog
from companion.magici.model import Side
from companion.magici.station import Outcome, RefereeStation
from companion.magici.timing import Cue, CueKind, EndSource
from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import (
    ChampionshipLink, clock_text, dim, hardware_call, house_rgb, next_digit_change_ms, piece_label, readable_on,
    result_key, seconds_text, side_key,
)
from companion.ui.magici.outputs import DisplayFeed, display_state, sound_cue
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

CLOCK_AREA = pygame.Rect(12, 140, 776, 214)
BUTTON_Y, BUTTON_H = 404, 68


class TimerScreen(Screen):
    name = "magici-timer"

    def __init__(self, app: "App", log: MatchLog, now_ms: Callable[[], int] | None = None) -> None:
        super().__init__(app)
        self.log = log
        self.station = RefereeStation(log, now_ms=now_ms or app.journal.wall_ms, spell_check=None)
        self.link = ChampionshipLink.from_meta(log.info.meta)
        self.message = ""
        self.message_warn = False
        self.feed = DisplayFeed.for_app(app)
        self._shown: tuple[object, ...] | None = None
        self.board_screen: Any = None  # the touch board, once opened
        self.board_panel: Any = None  # the station's panel on it (follows the station's passes)
        self.confirm_leave = False  # leaving a running game takes a second tap
        stand_ins = app.hardware.keyboard_stand_ins() if hasattr(app.hardware, "keyboard_stand_ins") else {}
        self.keys = {side: stand_ins.get(f"button_{side.value}", "") for side in Side}

    # -- life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.board_panel is None:  # a resumed game with a board: follow the station's passes
            from companion.ui.magici.board_panel import board_follower

            self.board_panel = board_follower(self)
        self._react(self.station.poll())  # catch up with anything due while the app was off
        st = self.station.state
        hardware_call(self.app, "leds", "show_side_to_move", st.on_move.value if st.running else None)
        self._feed_display()

    def layout(self) -> None:
        st = self.station.state
        back = self.back_button()
        if self.confirm_leave:
            back = Button(back.rect.inflate(60, 0).move(30, 0), self.t("magici.timer.leave"), self.leave_game,
                          color=theme.DANGER, size=18)
        else:
            back.on_tap = self.leave_game
        self.buttons = [back]
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
        labels.append((self.t("magici.timer.undo"), self.undo, {}))
        labels.append((self.t("magici.timer.spells"), self.open_spells, {}))
        if not st.over:
            labels.append((self.t("magici.timer.result"), self.open_result, {}))
        board = self._board_opener()
        if board is not None:
            labels.append((self.t("magici.timer.board"), board, {}))
        n = len(labels)
        gap = 8
        w = (776 - gap * (n - 1)) // n
        for i, (label, action, opts) in enumerate(labels):
            self.buttons.append(Button(pygame.Rect(12 + i * (w + gap), BUTTON_Y, w, BUTTON_H), label, action,
                                       size=22, **opts))

    def _board_opener(self) -> Callable[[], None] | None:
        try:
            from companion.ui.board.magici import MagiciBoardScreen
        except Exception:  # the board screen is optional (most games play on a human board)
            return None
        return lambda: self.open_board(MagiciBoardScreen)

    def open_board(self, screen_class: Any) -> None:
        """The touch board beside this station; its match is linked from the station's."""
        from companion.ui.board.session import BoardSession
        from companion.ui.magici.board_panel import BOARD_LINK, BoardPanel, linked_board_id

        match_id = linked_board_id(self.log)
        if match_id is None:
            session = BoardSession.new(self.app.journal, "magici", self.log.info.meta.get("start_fen"),
                                       title=self.log.info.title, journal_game="magici-board")
            self.log.append(BOARD_LINK, {"match": session.match.id})
            match = session.match
        else:
            match = self.app.journal.match(match_id)
        panel = BoardPanel(self, "")
        screen = screen_class(self.app, match=match, station=panel)
        panel.last_fen = screen.session.position.fen()
        panel.board = screen
        self.board_screen, self.board_panel = screen, panel
        self.app.push(screen)

    def board_position(self) -> Any:
        """The position on the station's board (None if no board was opened for this game)."""
        if self.board_screen is not None:
            return self.board_screen.position
        from companion.ui.magici.board_panel import board_position

        return board_position(self.app, self.log)

    # -- actions --------------------------------------------------------------------------------
    def leave_game(self) -> None:
        """Back to the hub. While the clocks run nobody hears the cues away from this screen
        (the expiries are applied when the game is reopened), so that takes a second tap."""
        if self.station.state.running and not self.confirm_leave:
            self.confirm_leave = True
            self._say(self.t("magici.timer.leave_hint"), warn=True)
            self.layout()
            return
        self.confirm_leave = False
        self.app.pop()

    def begin(self) -> None:
        self._outcome(self.station.begin())

    def end_move(self, side: Side | None, source: EndSource) -> None:
        st = self.station.state
        if not st.begun and side is None and source is not EndSource.BUTTON:
            self.begin()
            return
        self._outcome(self.station.end_move(side, source))

    def toggle_pause(self) -> None:
        st = self.station.state
        self._outcome(self.station.resume() if st.paused else self.station.pause())

    def undo(self) -> None:
        had_result = self.station.state.result is not None
        outcome = self.station.undo()
        self._outcome(outcome)
        if outcome:
            self._say(self.t("magici.timer.undone"))
            if had_result and self.station.state.result is None:
                self._unenter_championship()

    def _unenter_championship(self) -> None:
        """The result was taken back: so is the game's result in the championship."""
        if self.link is None:
            return
        from companion.ui.magici.championship import championship_by_id

        champ = championship_by_id(self.app, self.link.match_id)
        if champ is not None and (self.link.round, self.link.board) in champ.state.games:
            champ.clear_result(self.link.round, self.link.board)

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
            self.message = ""
            self.layout()
        if action.kind is Kind.COMMAND and action.name == "back":
            self.leave_game()
            return True
        if action.kind is Kind.COMMAND:
            source = EndSource.BUTTON if action.source == "gpio" else EndSource.KEY
            if action.name in ("white", "black"):
                self.end_move(Side(action.name), source)
                return True
            if action.name in ("ok", "roll"):
                self.end_move(None, source)
                return True
            if action.name == "undo":
                self.undo()
                return True
        if super().handle(action):
            return True
        if action.kind is Kind.TAP and action.pos and CLOCK_AREA.collidepoint(action.pos):
            self.end_move(None, EndSource.TAP)
            return True
        return False

    # -- reacting to the station ----------------------------------------------------------------
    def _outcome(self, outcome: Outcome) -> None:
        self._react(list(outcome.cues))
        if not outcome:
            self.app.play("error")
            self._say(self.t(f"magici.refused.{outcome.refused.value}" if outcome.refused else "magici.refused.spell"),
                      warn=True)
        self.layout()
        self.dirty = True

    def _react(self, cues: list[Cue]) -> None:
        if not cues:
            return
        st = self.station.state
        for cue in cues:
            sound_cue(self.app, cue, st)
            if cue.kind is CueKind.MOVE_EXPIRED and cue.side is not None:
                self._say(self.t("magici.timer.expired", house=st.house(cue.side).name), warn=True)
            elif cue.kind is CueKind.TIME_UP:
                self._say(self.t("magici.timer.time_up"), warn=True)
            elif cue.kind is CueKind.CATCH_UP:
                self._say(self.t("magici.timer.catch_up", n=cue.count), warn=True)
            elif cue.kind is CueKind.TURN and cue.side is not None and not any(
                    c.kind in (CueKind.MOVE_EXPIRED, CueKind.CATCH_UP) for c in cues):
                self._say(self.t("magici.timer.on_move", house=st.house(cue.side).name))
        self.layout()
        self.dirty = True
        self._feed_display()
        if self.board_panel is not None:
            self.board_panel.follow_station()  # a turn lost on time passes on the board too

    def _say(self, text: str, warn: bool = False) -> None:
        self.message, self.message_warn = text, warn

    def _feed_display(self) -> None:
        if self.feed is None:
            return
        view = self.station.view()
        self.feed.push(display_state(self.station.state, view.move_remaining_ms, view.game_remaining_ms))

    # -- the loop -------------------------------------------------------------------------------
    def update(self, dt_ms: int) -> None:
        self._react(self.station.poll())
        shown = self._shown_values()
        if shown != self._shown:
            self.dirty = True
            self._feed_display()
        if self.feed is not None:
            change = self.feed.link_change()
            if change is not None:
                self.app.show_banner(self.t("magici.display.back" if change else "magici.display.lost"))

    def _shown_values(self) -> tuple[object, ...]:
        view = self.station.view()
        return (seconds_text(view.move_remaining_ms), clock_text(view.game_remaining_ms), view.on_move,
                view.paused, view.result, view.turn)

    def wake_in_ms(self) -> int | None:
        st = self.station.state
        if not st.running:
            return None
        view = self.station.view()
        waits = [next_digit_change_ms(view.move_remaining_ms), next_digit_change_ms(view.game_remaining_ms)]
        due = self.station.ms_until_next_event()
        if due is not None:
            waits.append(due)
        return max(0, min(waits))

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        st, view = self.station.state, self.station.view()
        self._shown = self._shown_values()
        surface.fill(theme.BG)
        self.draw_header(surface, f"{st.white.name} – {st.black.name}", self.t("magici.timer.turn", n=view.turn))
        for side, x in ((Side.WHITE, 12), (Side.BLACK, 404)):
            self._draw_house(surface, side, pygame.Rect(x, HEADER_H + 8, 384, 68))
        self._draw_clock(surface)
        if self.message:
            draw_text(surface, self.message, (400, 380), 22, theme.WARN if self.message_warn else theme.MUTED,
                      "center", max_width=770)
        for b in self.buttons:
            b.draw(surface)

    def _draw_house(self, surface: pygame.Surface, side: Side, rect: pygame.Rect) -> None:
        st = self.station.state
        house = st.house(side)
        rgb = house_rgb(house.colour)
        active = st.begun and not st.over and st.on_move is side
        pygame.draw.rect(surface, rgb if active else theme.PANEL, rect, border_radius=12)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, rect, width=4, border_radius=12)
        fg = readable_on(rgb) if active else theme.TEXT
        pygame.draw.circle(surface, theme.WHITE_SIDE if side is Side.WHITE else theme.BLACK_SIDE,
                           (rect.x + 30, rect.centery), 16)
        pygame.draw.circle(surface, theme.MUTED, (rect.x + 30, rect.centery), 16, width=2)
        draw_text(surface, house.name, (rect.x + 58, rect.y + 8), 28, fg, bold=True, max_width=rect.width - 70)
        left = len(st.spells.available(side))
        info = self.t(side_key(side)) + " · " + self.t("magici.timer.spells_left", n=left)
        if self.keys.get(side):
            info += " · " + self.t("magici.timer.key", name=self.keys[side])
        draw_text(surface, info, (rect.x + 58, rect.y + 42), 17, fg if active else theme.MUTED,
                  max_width=rect.width - 70)

    def _draw_clock(self, surface: pygame.Surface) -> None:
        st, view = self.station.state, self.station.view()
        area = CLOCK_AREA
        house_colour = house_rgb(st.house_on_move.colour)
        move_ms = view.move_remaining_ms
        if st.over or not st.begun or st.paused:
            bg, digits = theme.PANEL, theme.MUTED
        elif move_ms <= 5_000:
            bg, digits = (120, 24, 24), theme.TEXT
        elif move_ms <= 10_000:
            bg, digits = (130, 84, 10), theme.TEXT
        else:
            bg, digits = dim(house_colour, 0.35), theme.TEXT
        pygame.draw.rect(surface, bg, area, border_radius=16)
        pygame.draw.rect(surface, house_colour, (area.x, area.y, 16, area.height), border_top_left_radius=16,
                         border_bottom_left_radius=16)
        if st.over:
            self._draw_result(surface, area)
            return
        big = pygame.Rect(area.x + 24, area.y, 430, area.height)
        draw_text(surface, seconds_text(move_ms), (big.centerx, big.centery + 4), 190, digits, "center", bold=True)
        draw_text(surface, self.t("magici.timer.move_label"), (big.centerx, area.y + 8), 18, theme.MUTED, "midtop")
        right = pygame.Rect(area.x + 460, area.y, area.width - 470, area.height)
        draw_text(surface, self.t("magici.timer.game_label"), (right.centerx, area.y + 18), 20, theme.MUTED, "midtop")
        draw_text(surface, clock_text(view.game_remaining_ms), (right.centerx, area.y + 46), 72, theme.TEXT,
                  "midtop", bold=True)
        if not st.begun:
            hint = self.t("magici.timer.hint_start", house=st.house_on_move.name)
        elif st.paused:
            hint = self.t("magici.timer.paused")
        elif view.obligation is not None:
            hint = self._obligation_text(view.obligation)
        else:
            hint = self.t("magici.timer.hint_end", house=st.house_on_move.name)
        for i, line in enumerate(_wrap(hint, 20, right.width - 12)[:3]):
            draw_text(surface, line, (right.centerx, area.y + 138 + i * 24), 20,
                      theme.ACCENT if view.obligation is not None or st.paused else theme.MUTED, "midtop")

    def _obligation_text(self, obligation) -> str:
        return self.t(f"magici.obligation.{obligation.kind.value}", piece=piece_label(self.t, obligation.piece),
                      caster=piece_label(self.t, obligation.caster))

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


def _wrap(text: str, size: int, width: int) -> list[str]:
    from companion.ui.widgets import wrap_text

    return wrap_text(text, size, width)
