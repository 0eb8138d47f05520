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
    ALARM, clock_colours, clock_text, fit_row, hardware_call, mark_rgb, result_key, seconds_text, side_key,
    spells_left_text,
)
from companion.ui.magici.desk import TEAM_COMMANDS, Desk, room
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

# where things are on the 800×480 panel (the screen is native: see ``clock_area`` & co.)
CLOCK_AREA = pygame.Rect(12, 140, 776, 214)
BUTTON_Y, BUTTON_H = 404, 68
SWITCH_RECT = pygame.Rect(492, 4, 300, 48)


def _camera_as_before(app: Any, log: MatchLog, board_match: Any) -> None:
    """A game's touch board opened for the first time follows the camera if the game before
    it on the same board (1 or 2) was following when its board was last left: the camera
    hangs over that board from one game to the next, and the referee switched it off if it
    should stop. Kept with the games following (:mod:`companion.ui.vision.switch`), so also
    across a restart."""
    from companion.core.journal import JournalError
    from companion.magici.boards import GAME, board_of, linked_board_id
    from companion.ui.vision.switch import followed_games, game_key, keep_following

    try:
        board = board_of(log.info.meta)
        for info in app.journal.matches(game=GAME):  # newest first
            if info.id >= log.id or board_of(info.meta) != board:
                continue
            before = linked_board_id(app.journal.match(info.id))  # (the game before, on it)
            key = game_key(app.journal.match(before)) if before is not None else None
            new = game_key(board_match)
            if key is not None and new is not None and key in followed_games(app):
                keep_following(app, new, True)
            return
    except JournalError:  # a game unreadable: the switch stays off, as for any new game
        return


class TimerScreen(Screen):
    name = "magici-timer"
    native = True  # laid out at the display's size: the digits stay sharp on a projector

    def __init__(self, app: "App", log: MatchLog | None = None, now_ms: Callable[[], int] | None = None,
                 desk: Desk | None = None) -> None:
        super().__init__(app)
        if desk is None:
            assert log is not None
            desk = room(app).desk_for_log(log)
        self.desk = desk
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

    # -- where things are (at the display's size) ------------------------------------------------
    def clock_area(self) -> pygame.Rect:
        w, _ = self.size
        return pygame.Rect(self.u(12), self.u(140), w - 2 * self.u(12), self.u(214))

    def switch_rect(self) -> pygame.Rect:
        w, _ = self.size
        return pygame.Rect(w - self.u(8) - self.u(300), self.u(4), self.u(300), self.u(48))

    def house_rect(self, side: Side) -> pygame.Rect:
        w, _ = self.size
        half = (w - 2 * self.u(12) - self.u(8)) // 2
        x = self.u(12) if side is Side.WHITE else w - self.u(12) - half
        return pygame.Rect(x, self.header_h + self.u(8), half, self.u(68))

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
        back.on_tap = self.leave_game
        self.buttons = [back]
        other = self.other_desk()
        self.buttons.append(Button(self.switch_rect(), self._switch_label(other), self.switch_board, size=self.u(18),
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
        width, _ = self.size
        y, h = self.u(BUTTON_Y), self.u(BUTTON_H)
        spans, size = fit_row([label for label, _, _ in labels], self.u(12), width - 2 * self.u(12), h,
                              self.u(6), self.u(22), self.u(16))
        for (x, w), (label, action, opts) in zip(spans, labels):
            self.buttons.append(Button(pygame.Rect(x, y, w, h), label, action, size=size, **opts))

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
            # the start (the armies bought, or chess's) with the side that won the toss to move:
            # the clock and the board never disagree about who is on move (a game whose Black
            # moves first and has no armies started the board with White to move, and Black's
            # first move could be entered neither by touch nor from the camera)
            from companion.rules.magici import CHESS_START
            from companion.ui.magici.newgame import with_first

            start = with_first(self.log.info.meta.get("start_fen") or CHESS_START, self.station.state.first)
            with self.app.journal.atomic():  # the board's match and its link: one step
                session = BoardSession.new(self.app.journal, "magici", start,
                                           title=self.log.info.title, journal_game="magici-board")
                self.log.append(BOARD_LINK, {"match": session.match.id})
            match = session.match
            _camera_as_before(self.app, self.log, match)
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
        """Back to the screen below, in one tap: the games go on wherever the referee goes (the
        app shell keeps polling both boards, so their clocks run out, beep and buzz on time).
        Leaving the station's screens with clocks running, a banner says so."""
        leave_station(self.app)

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
        if action.kind is Kind.TAP and action.pos and self.clock_area().collidepoint(action.pos):
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
        u, (w, _) = self.u, self.size
        surface.fill(theme.BG)
        pygame.draw.rect(surface, theme.PANEL, (0, 0, w, self.header_h))
        title = self.t("magici.boards.board", n=self.desk.board) + " · " + self.t("magici.timer.turn", n=view.turn)
        left, right = self.buttons[0].rect.right + u(8), self.switch_rect().x - u(8)
        draw_text(surface, title, ((left + right) // 2, self.header_h // 2), u(26), theme.TEXT, "center", bold=True,
                  max_width=right - left, min_size=u(18))
        for side in Side:
            self._draw_house(surface, side, self.house_rect(side))
        self._draw_clock(surface)
        if self.message:
            draw_text(surface, self.message, (w // 2, u(380)), u(20) if len(self.message) > 70 else u(22),
                      theme.WARN if self.message_warn else theme.MUTED, "center", max_width=w - 2 * u(12),
                      min_size=u(16))
        for b in self.buttons:
            b.draw(surface)

    def _draw_house(self, surface: pygame.Surface, side: Side, rect: pygame.Rect) -> None:
        """The House's colour marks its name (a bar at the edge and a disc), never the panel."""
        u = self.u
        st = self.station.state
        house = st.house(side)
        rgb = mark_rgb(house.colour)
        active = st.begun and not st.over and st.on_move is side
        radius = u(12)
        pygame.draw.rect(surface, theme.PANEL_HI if active else theme.PANEL, rect, border_radius=radius)
        pygame.draw.rect(surface, rgb, (rect.x, rect.y, u(12), rect.height), border_top_left_radius=radius,
                         border_bottom_left_radius=radius)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, rect, width=max(3, u(4)), border_radius=radius)
        disc = (rect.x + u(38), rect.centery)
        pygame.draw.circle(surface, theme.WHITE_SIDE if side is Side.WHITE else theme.BLACK_SIDE, disc, u(16))
        pygame.draw.circle(surface, rgb, disc, u(16), width=max(3, u(4)))
        pygame.draw.circle(surface, theme.TEXT, disc, u(16) + 1, width=1)  # any House colour shows on the dark
        colour = theme.TEXT if active else theme.MUTED
        side_text = self.t(side_key(side))
        side_rect = draw_text(surface, side_text, (rect.right - u(12), rect.y + u(10)), u(18), colour, "topright")
        draw_text(surface, house.name, (rect.x + u(66), rect.y + u(6)), u(28), theme.TEXT, bold=True,
                  max_width=side_rect.x - rect.x - u(76), min_size=u(18))
        info = spells_left_text(self.t, len(st.spells.available(side)))
        if self.keys.get(side):
            info += " · " + self.t("magici.timer.key", name=self.keys[side])
        draw_text(surface, info, (rect.x + u(66), rect.y + u(40)), u(18), colour, max_width=rect.width - u(78),
                  min_size=u(16))

    def _draw_clock(self, surface: pygame.Surface) -> None:
        u = self.u
        st, view = self.station.state, self.station.view()
        area = self.clock_area()
        house_colour = mark_rgb(st.house_on_move.colour)
        move_ms = view.move_remaining_ms
        bg, digits = clock_colours(st, move_ms)
        # on the amber or red alarm every word is in the digits' colour (grey would not read)
        label = theme.MUTED if bg == theme.PANEL else digits
        pygame.draw.rect(surface, bg, area, border_radius=u(16))
        pygame.draw.rect(surface, house_colour, (area.x, area.y, u(16), area.height), border_top_left_radius=u(16),
                         border_bottom_left_radius=u(16))
        if st.over:
            self._draw_result(surface, area)
            return
        big = pygame.Rect(area.x + u(24), area.y, round(area.width * 430 / 776), area.height)
        draw_text(surface, seconds_text(move_ms), (big.centerx, big.centery + u(6)), u(190), digits, "center",
                  bold=True)
        draw_text(surface, self.t("magici.timer.move_label") + " · " + st.house_on_move.name,
                  (big.centerx, area.y + u(6)), u(20), label, "midtop", max_width=big.width - u(20), min_size=u(16))
        right = pygame.Rect(big.right + u(6), area.y, area.right - big.right - u(16), area.height)
        draw_text(surface, self.t("magici.timer.game_label"), (right.centerx, area.y + u(16)), u(20), label, "midtop")
        draw_text(surface, clock_text(view.game_remaining_ms), (right.centerx, area.y + u(42)), u(72), digits,
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
        strong = view.obligation is not None or st.paused
        colour = (theme.ACCENT if strong else theme.MUTED) if bg == theme.PANEL else digits
        for i, line in enumerate(_wrap(hint, u(20), right.width - u(12))[:3]):
            draw_text(surface, line, (right.centerx, area.y + u(134) + i * u(25)), u(20), colour, "midtop",
                      max_width=right.width - u(4), min_size=u(16))

    def _draw_result(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        u = self.u
        st = self.station.state
        result = st.result
        assert result is not None
        head = self.t(result_key(result.kind))
        if result.winner is None:
            line = self.t("magici.timer.draw")
        else:
            line = self.t("magici.timer.winner", house=st.house(result.winner).name)
        draw_text(surface, line, (area.centerx, area.centery - u(26)), u(56), theme.TEXT, "center", bold=True,
                  max_width=area.width - u(40), min_size=u(24))
        draw_text(surface, head, (area.centerx, area.centery + u(34)), u(30), theme.ACCENT, "center",
                  max_width=area.width - u(40), min_size=u(18))
        from companion.ui.magici.result import STATS_EVENT

        if any(e.kind == STATS_EVENT for e in self.log.effective()):
            return
        draw_text(surface, self.t("magici.timer.enter_stats"), (area.centerx, area.bottom - u(28)), u(18),
                  theme.MUTED, "center", max_width=area.width - u(40), min_size=u(16))


def leave_station(app: "App") -> None:
    """Pop the top station screen; if that leaves the Magici screens while clocks run, say that
    the games go on (their cues are heard and their turns pass on time everywhere)."""
    from companion.ui.magici.boards import TwoBoardsScreen
    from companion.ui.magici.desk import KeepsBoardsRunning

    under = app.stack[-2] if len(app.stack) > 1 else None
    app.pop()
    if not isinstance(under, (TimerScreen, TwoBoardsScreen, KeepsBoardsRunning)) and room(app).boards.running:
        app.show_banner(app.t("magici.timer.leave_hint"), level="info")


def _alarm(desk: Desk) -> bool:
    station = desk.station
    return station is not None and station.state.running and station.view().move_remaining_ms <= 5_000


def _wrap(text: str, size: int, width: int) -> list[str]:
    from companion.ui.widgets import wrap_text

    return wrap_text(text, size, width)
