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
from companion.ui.magici.common import clock_colours, clock_text, mark_rgb, result_key, seconds_text, spells_left_text
from companion.ui.magici.desk import TEAM_COMMANDS, Desk, room
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text, draw_text_block, wrap_text

if TYPE_CHECKING:
    from companion.app import App

HALF_W = 382
HALF_Y, HALF_H = HEADER_H + 8, 408


def half_rect(board: int, size: tuple[int, int] = (800, 480), unit: float = 1.0) -> pygame.Rect:
    """Board ``board``'s half of the screen (on the 800×480 panel unless told the size)."""
    w, h = size
    margin, top = round(12 * unit), round((HEADER_H + 8) * unit)
    half_w = (w - 3 * margin) // 2
    return pygame.Rect(margin + (board - 1) * (half_w + margin), top, half_w, h - top - margin)


class TwoBoardsScreen(Screen):
    name = "magici-two-boards"
    title_key = "magici.boards.title"
    native = True  # laid out at the display's size: legible side by side from a metre

    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.room = room(app)
        self._shown: tuple[object, ...] | None = None

    def enter(self) -> None:
        super().enter()
        for desk in self.room.desks.values():
            desk.ensure_follower()
        self.room.update()

    def half(self, board: int) -> pygame.Rect:
        return half_rect(board, self.size, self.unit)

    def layout(self) -> None:
        u = self.u
        self.buttons = [self.back_button()]
        for n, desk in self.room.desks.items():
            rect = self.half(n)
            if desk.station is None or desk.station.state.over:
                label = self.t("magici.boards.new_game")
                self.buttons.append(Button(pygame.Rect(rect.x + u(40), rect.bottom - u(86), rect.width - u(80), u(66)),
                                           label, self._new_game(n), primary=desk.station is None, size=u(24)))

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
                if self.half(n).collidepoint(action.pos):
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
        u, (w, _) = self.u, self.size
        self._shown = tuple(d.shown() for d in self.room.desks.values())
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("magici.boards.title"))
        hint_left = max(w // 2 + u(130), w - u(230))
        draw_text(surface, self.t("magici.boards.tap_hint"), (w - u(14), self.header_h // 2), u(18), theme.MUTED,
                  "midright", max_width=w - u(14) - hint_left, min_size=u(16))
        for n, desk in self.room.desks.items():
            self._draw_board(surface, desk, self.half(n))
        for b in self.buttons:
            b.draw(surface)

    def _draw_board(self, surface: pygame.Surface, desk: Desk, rect: pygame.Rect) -> None:
        u = self.u
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=u(14))
        draw_text(surface, self.t("magici.boards.board", n=desk.board), (rect.x + u(16), rect.y + u(8)), u(24),
                  theme.TEXT, bold=True)
        station = desk.station
        if station is None:
            draw_text_block(surface, self.t("magici.boards.empty"),
                            pygame.Rect(rect.x + u(16), rect.y + u(110), rect.width - u(32), u(90)), u(24),
                            theme.MUTED, align="center")
            return
        st, view = station.state, station.view()
        draw_text(surface, self.t("magici.timer.turn", n=view.turn), (rect.right - u(16), rect.y + u(10)), u(22),
                  theme.TEXT, "topright")
        for i, side in enumerate(Side):
            self._draw_house(surface, st, side,
                             pygame.Rect(rect.x + u(10), rect.y + u(42) + i * u(62), rect.width - u(20), u(58)))
        clock = pygame.Rect(rect.x + u(10), rect.y + u(170), rect.width - u(20), u(150))
        bg, digits = clock_colours(st, view.move_remaining_ms)
        label = theme.MUTED if bg == theme.PANEL else digits  # grey never sits on the amber or red alarm
        pygame.draw.rect(surface, bg, clock, border_radius=u(12))
        if st.over:
            result = st.result
            assert result is not None
            line = (self.t("magici.timer.draw") if result.winner is None
                    else self.t("magici.timer.winner", house=st.house(result.winner).name))
            draw_text(surface, line, (clock.centerx, clock.y + u(50)), u(34), theme.TEXT, "center", bold=True,
                      max_width=clock.width - u(20), min_size=u(20))
            draw_text(surface, self.t(result_key(result.kind)), (clock.centerx, clock.y + u(100)), u(22),
                      theme.ACCENT, "center", max_width=clock.width - u(20), min_size=u(16))
        else:
            house_colour = mark_rgb(st.house_on_move.colour)
            pygame.draw.rect(surface, house_colour, (clock.x, clock.y, u(12), clock.height),
                             border_top_left_radius=u(12), border_bottom_left_radius=u(12))
            split = clock.x + u(12) + (clock.width - u(12)) * 45 // 100  # move time | game time and state
            move_x, game_x = (clock.x + u(12) + split) // 2, (split + clock.right) // 2
            side_w = clock.right - split - u(10)
            draw_text(surface, seconds_text(view.move_remaining_ms), (move_x, clock.centery + u(10)), u(120),
                      digits, "center", bold=True)
            draw_text(surface, self.t("magici.timer.move_label"), (move_x, clock.y + u(6)), u(18), label, "midtop")
            draw_text(surface, self.t("magici.timer.game_label"), (game_x, clock.y + u(6)), u(18), label, "midtop")
            draw_text(surface, clock_text(view.game_remaining_ms), (game_x, clock.y + u(30)), u(44), digits,
                      "midtop", bold=True, max_width=side_w, min_size=u(30))
            if not st.begun:
                state = self.t("magici.boards.not_begun")
            elif st.asking is not None:
                state = self.t("magici.boards.asking")
            elif st.paused:
                state = self.t("magici.timer.paused_spell" if st.pause_reason == "spell" else "magici.timer.paused")
            else:
                state = self.t("magici.timer.on_move", house=st.house_on_move.name)
            strong = st.paused or not st.begun
            colour = (theme.ACCENT if strong else theme.TEXT) if bg == theme.PANEL else digits
            for i, line in enumerate(wrap_text(state, u(18), side_w)[:2]):
                draw_text(surface, line, (game_x, clock.y + u(88) + i * u(24)), u(18), colour, "midtop",
                          max_width=side_w, min_size=u(16))
        if desk.message and not (st.over and station is not None and self._has_new_button(desk)):
            draw_text_block(surface, desk.message,
                            pygame.Rect(rect.x + u(12), clock.bottom + u(8), rect.width - u(24),
                                        rect.bottom - clock.bottom - u(14)),
                            u(18), theme.WARN if desk.message_warn else theme.MUTED, max_lines=3, align="center")

    def _has_new_button(self, desk: Desk) -> bool:
        return desk.station is None or desk.station.state.over

    def _draw_house(self, surface: pygame.Surface, st, side: Side, rect: pygame.Rect) -> None:  # type: ignore[no-untyped-def]
        u = self.u
        house = st.house(side)
        rgb = mark_rgb(house.colour)
        active = st.begun and not st.over and st.on_move is side
        pygame.draw.rect(surface, theme.PANEL_HI if active else theme.BG, rect, border_radius=u(10))
        pygame.draw.rect(surface, rgb, (rect.x, rect.y, u(10), rect.height), border_top_left_radius=u(10),
                         border_bottom_left_radius=u(10))
        if active:
            pygame.draw.rect(surface, theme.ACCENT, rect, width=max(3, u(3)), border_radius=u(10))
        disc = (rect.x + u(30), rect.centery)
        pygame.draw.circle(surface, theme.WHITE_SIDE if side is Side.WHITE else theme.BLACK_SIDE, disc, u(12))
        pygame.draw.circle(surface, rgb, disc, u(12), width=max(3, u(3)))
        pygame.draw.circle(surface, theme.TEXT, disc, u(12) + 1, width=1)  # any House colour shows on the dark
        right = rect.right - (u(34) if active else u(10))
        draw_text(surface, house.name, (rect.x + u(50), rect.y + u(3)), u(24), theme.TEXT, bold=True,
                  max_width=right - rect.x - u(50), min_size=u(18))
        left = len(st.spells.available(side))
        draw_text(surface, spells_left_text(self.t, left), (rect.x + u(50), rect.y + u(32)), u(18),
                  theme.TEXT if active else theme.MUTED, max_width=right - rect.x - u(50), min_size=u(16))
        if active:
            draw_text(surface, "◀", (rect.right - u(10), rect.centery), u(24), theme.ACCENT, "midright")
