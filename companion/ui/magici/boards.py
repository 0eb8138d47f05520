"""The two-board view: both games of the championship round side by side, legible at a glance.

Each half is one board: its Houses (the House colour marks the name: a bar at the edge and a
disc, never the whole panel), who is on move, the move and game countdowns, the spells each
team has left, and the alarm (the panel turns red only in the last 5 s of a move, amber at
10 s). One tap on a half opens that board's full view (:class:`TimerScreen`), whose header
switches to the other board with one more tap; a half with no game offers a new one. Both
boards' clocks run, beep and pass turns whatever is shown (:mod:`companion.ui.magici.desk`).
The four team buttons (``white``/``black`` board 1, ``white2``/``black2`` board 2) work here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.magici.model import Side
from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import clock_colours, clock_text, house_rgb, result_key, seconds_text, spells_left_text
from companion.ui.magici.desk import TEAM_COMMANDS, Desk, room
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text, wrap_text

if TYPE_CHECKING:
    from companion.app import App

HALF_W = 382
HALF_Y, HALF_H = HEADER_H + 8, 408


def half_rect(board: int) -> pygame.Rect:
    return pygame.Rect(12 + (board - 1) * (HALF_W + 12), HALF_Y, HALF_W, HALF_H)


class TwoBoardsScreen(Screen):
    name = "magici-two-boards"
    title_key = "magici.boards.title"

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.room = room(app)
        self._shown: tuple[object, ...] | None = None

    def enter(self) -> None:
        super().enter()
        for desk in self.room.desks.values():
            desk.ensure_follower()
        self.room.update()

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        for n, desk in self.room.desks.items():
            rect = half_rect(n)
            if desk.station is None or desk.station.state.over:
                label = self.t("magici.boards.new_game")
                self.buttons.append(Button(pygame.Rect(rect.x + 40, rect.bottom - 86, rect.width - 80, 66), label,
                                           self._new_game(n), primary=desk.station is None, size=24))

    def _new_game(self, board: int) -> Callable[[], None]:
        def new_game() -> None:
            from companion.ui.magici.newgame import NewGameScreen

            self.app.push(NewGameScreen(self.app, board=board))
        return new_game

    def open_board(self, board: int) -> None:
        from companion.ui.magici.timer import TimerScreen

        desk = self.room.desk(board)
        if desk.station is not None:
            self.app.push(TimerScreen(self.app, desk=desk))

    # -- input ----------------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name in TEAM_COMMANDS:
            self.room.command(action.name, action.source)
            self.dirty = True
            return True
        if super().handle(action):
            return True
        if action.kind is Kind.TAP and action.pos is not None:
            for n in self.room.desks:
                if half_rect(n).collidepoint(action.pos):
                    self.open_board(n)
                    return True
        return False

    # -- the loop -------------------------------------------------------------------------------
    def update(self, dt_ms: int) -> None:
        if self.room.update():
            self.layout()
        shown = tuple(d.shown() for d in self.room.desks.values())
        if shown != self._shown:
            self.dirty = True

    def wake_in_ms(self) -> int | None:
        return self.room.wake_in_ms()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._shown = tuple(d.shown() for d in self.room.desks.values())
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("magici.boards.title"), self.t("magici.boards.tap_hint"))
        for n, desk in self.room.desks.items():
            self._draw_board(surface, desk, half_rect(n))
        for b in self.buttons:
            b.draw(surface)

    def _draw_board(self, surface: pygame.Surface, desk: Desk, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=14)
        draw_text(surface, self.t("magici.boards.board", n=desk.board), (rect.x + 16, rect.y + 10), 22,
                  theme.MUTED, bold=True)
        station = desk.station
        if station is None:
            draw_text(surface, self.t("magici.boards.empty"), (rect.centerx, rect.y + 150), 24, theme.MUTED,
                      "center", max_width=rect.width - 30)
            return
        st, view = station.state, station.view()
        draw_text(surface, self.t("magici.timer.turn", n=view.turn), (rect.right - 16, rect.y + 12), 20,
                  theme.MUTED, "topright")
        for i, side in enumerate(Side):
            self._draw_house(surface, st, side, pygame.Rect(rect.x + 10, rect.y + 42 + i * 60, rect.width - 20, 54))
        clock = pygame.Rect(rect.x + 10, rect.y + 168, rect.width - 20, 150)
        bg, digits = clock_colours(st, view.move_remaining_ms)
        pygame.draw.rect(surface, bg, clock, border_radius=12)
        if st.over:
            result = st.result
            assert result is not None
            line = (self.t("magici.timer.draw") if result.winner is None
                    else self.t("magici.timer.winner", house=st.house(result.winner).name))
            draw_text(surface, line, (clock.centerx, clock.y + 50), 34, theme.TEXT, "center", bold=True,
                      max_width=clock.width - 20)
            draw_text(surface, self.t(result_key(result.kind)), (clock.centerx, clock.y + 100), 22, theme.ACCENT,
                      "center", max_width=clock.width - 20)
        else:
            house_colour = house_rgb(st.house_on_move.colour)
            pygame.draw.rect(surface, house_colour, (clock.x, clock.y, 12, clock.height),
                             border_top_left_radius=12, border_bottom_left_radius=12)
            draw_text(surface, seconds_text(view.move_remaining_ms), (clock.x + 112, clock.centery + 6), 120,
                      digits, "center", bold=True)
            draw_text(surface, self.t("magici.timer.move_label"), (clock.x + 112, clock.y + 6), 16, theme.MUTED,
                      "midtop")
            draw_text(surface, self.t("magici.timer.game_label"), (clock.right - 76, clock.y + 20), 16, theme.MUTED,
                      "midtop")
            draw_text(surface, clock_text(view.game_remaining_ms), (clock.right - 76, clock.y + 44), 44, theme.TEXT,
                      "midtop", bold=True)
            if not st.begun:
                state = self.t("magici.boards.not_begun")
            elif st.asking is not None:
                state = self.t("magici.boards.asking")
            elif st.paused:
                state = self.t("magici.timer.paused_spell" if st.pause_reason == "spell" else "magici.timer.paused")
            else:
                state = self.t("magici.timer.on_move", house=st.house_on_move.name)
            for i, line in enumerate(wrap_text(state, 17, 150)[:2]):
                draw_text(surface, line, (clock.right - 76, clock.y + 100 + i * 21), 17,
                          theme.ACCENT if st.paused or not st.begun else theme.TEXT, "midtop", max_width=150)
        if desk.message and not (st.over and station is not None and self._has_new_button(desk)):
            draw_text(surface, desk.message, (rect.centerx, rect.y + 344), 17,
                      theme.WARN if desk.message_warn else theme.MUTED, "center", max_width=rect.width - 24)

    def _has_new_button(self, desk: Desk) -> bool:
        return desk.station is None or desk.station.state.over

    def _draw_house(self, surface: pygame.Surface, st, side: Side, rect: pygame.Rect) -> None:  # type: ignore[no-untyped-def]
        house = st.house(side)
        rgb = house_rgb(house.colour)
        active = st.begun and not st.over and st.on_move is side
        pygame.draw.rect(surface, theme.PANEL_HI if active else theme.BG, rect, border_radius=10)
        pygame.draw.rect(surface, rgb, (rect.x, rect.y, 10, rect.height), border_top_left_radius=10,
                         border_bottom_left_radius=10)
        if active:
            pygame.draw.rect(surface, theme.ACCENT, rect, width=3, border_radius=10)
        pygame.draw.circle(surface, theme.WHITE_SIDE if side is Side.WHITE else theme.BLACK_SIDE,
                           (rect.x + 30, rect.centery), 12)
        pygame.draw.circle(surface, rgb, (rect.x + 30, rect.centery), 12, width=3)
        draw_text(surface, house.name, (rect.x + 50, rect.y + 5), 24, theme.TEXT, bold=True,
                  max_width=rect.width - 60)
        left = len(st.spells.available(side))
        draw_text(surface, spells_left_text(self.t, left), (rect.x + 50, rect.y + 33), 15,
                  theme.TEXT if active else theme.MUTED, max_width=rect.width - 60)
        if active:
            draw_text(surface, "◀", (rect.right - 12, rect.centery), 22, theme.ACCENT, "midright")
