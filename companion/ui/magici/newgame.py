"""A new game: the two Houses, the coin toss for the first move, the armies (optional), start."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from companion.magici.model import DEFAULT_HOUSES, House, Side
from companion.magici.timing import MagiciTiming
from companion.ui import theme
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import GAME, ChampionshipLink, mark_rgb, side_key
from companion.ui.magici.desk import KeepsBoardsRunning
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

ROWS = (HEADER_H + 22, HEADER_H + 98, HEADER_H + 184, HEADER_H + 262)


class NewGameScreen(KeepsBoardsRunning, Screen):
    """Choose the Houses (fixed for a championship game), who moves first, and the armies."""

    name = "magici-new"
    title_key = "magici.new.title"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: "App", houses: tuple[House, ...] | None = None, white: int = 0, black: int = 1,
                 link: ChampionshipLink | None = None, board: int | None = None) -> None:
        super().__init__(app)
        from companion.ui.magici.desk import room

        # a championship game is on its fixture's board; else the board asked for, or a free one
        self.board = link.board if link is not None else (board or room(app).boards.free_board() or 1)
        if houses is None:
            from companion.ui.magici.championship import current_championship

            champ = current_championship(app, create=False)
            houses = champ.state.houses if champ is not None else DEFAULT_HOUSES
        self.houses = houses
        self.white, self.black = white, black
        self.link = link
        self.first: Side | None = None
        self.coin: str = ""
        self.army: dict[Side, str] | None = None
        self.start_fen: str | None = None
        # the clock rulings of RULES.md section 3 (rule options), the defaults unless changed here
        self.timing = MagiciTiming()

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        if self.link is None:
            for row, side in ((0, Side.WHITE), (1, Side.BLACK)):
                chosen, taken = (self.white, self.black) if side is Side.WHITE else (self.black, self.white)
                for i, house in enumerate(self.houses):
                    rect = self.box(176 + i * 154, ROWS[row], 146, 60)
                    self.buttons.append(Button(rect, house.name, self._chooser(side, i), selected=(i == chosen),
                                               size=self.u(20), enabled=(i != taken)))
        for i, side in enumerate(Side):
            rect = self.box(176 + i * 154, ROWS[2], 146, 60)
            self.buttons.append(Button(rect, self.house(side).name, self._first(side), selected=(self.first is side),
                                       size=self.u(20), sublabel=self.t(side_key(side))))
        self.buttons.append(Button(self.box(176 + 2 * 154, ROWS[2], 300, 60), "◐ " + self.t("magici.new.toss"),
                                   self.toss, size=self.u(22), sublabel=self.coin or self.t("magici.new.first_hint")))
        status = self.t("magici.new.army_done") if self.army else self.t("magici.new.army_none")
        self.buttons.append(Button(self.box(176, ROWS[3], 608, 60), self.t("magici.new.army"), self.open_army,
                                   size=self.u(22), sublabel=status, selected=self.army is not None))
        # the two rulings either side of the start, each wide enough for its whole label
        self.buttons.append(Button(self.box(302, 396, 220, 72), self.t("magici.new.start"), self.start,
                                   primary=True, enabled=self.first is not None, size=self.u(28)))
        check = self.t(f"magici.new.check_{self.timing.timeout_in_check}")
        self.buttons.append(Button(self.box(16, 396, 276, 72), self.t("magici.new.check_timeout"),
                                   self.toggle_check, size=self.u(17), sublabel=check,
                                   selected=self.timing.timeout_in_check != "loses"))
        pause = self.t("magici.new.yes" if self.timing.pause_during_spell else "magici.new.no")
        self.buttons.append(Button(self.box(532, 396, 252, 72), self.t("magici.new.spell_pause"),
                                   self.toggle_pause, size=self.u(17), sublabel=pause,
                                   selected=not self.timing.pause_during_spell))

    def toggle_check(self) -> None:
        """Time-out in check (rule option ``timeout_in_check``): loses, or the referee decides."""
        value = "referee" if self.timing.timeout_in_check == "loses" else "loses"
        self.timing = replace(self.timing, timeout_in_check=value)
        self.layout()

    def toggle_pause(self) -> None:
        """Clocks paused while a spell is recorded (rule option ``pause_during_spell``)."""
        self.timing = replace(self.timing, pause_during_spell=not self.timing.pause_during_spell)
        self.layout()

    def house(self, side: Side) -> House:
        return self.houses[self.white if side is Side.WHITE else self.black]

    def _chooser(self, side: Side, index: int) -> Callable[[], None]:
        def choose() -> None:
            if side is Side.WHITE:
                self.white = index
            else:
                self.black = index
            self.army, self.start_fen = None, None  # armies belong to the Houses chosen
            self.layout()
        return choose

    def _first(self, side: Side) -> Callable[[], None]:
        def choose() -> None:
            self.first = side
            self.coin = ""
            self.layout()
        return choose

    def toss(self) -> None:
        """A coin toss from the app's dice (injected, so tests know the answer): odd = white."""
        face = self.app.dice.roll(1).faces[0]
        self.first = Side.WHITE if face % 2 else Side.BLACK
        self.coin = self.t("magici.new.toss_result", house=self.house(self.first).name)
        self.app.play("roll")
        if self.army is not None and self.start_fen is not None:
            self.start_fen = with_first(self.start_fen, self.first)
        self.layout()

    def open_army(self) -> None:
        from companion.ui.magici.army import ArmyBuilderScreen

        self.app.push(ArmyBuilderScreen(self.app, self.house(Side.WHITE), self.house(Side.BLACK),
                                        first=self.first or Side.WHITE, on_done=self.armies_done))

    def armies_done(self, army: dict[Side, str], start_fen: str) -> None:
        self.army = army
        self.start_fen = with_first(start_fen, self.first) if self.first else start_fen
        self.layout()

    def start(self) -> None:
        if self.first is None:
            return
        white, black = self.house(Side.WHITE), self.house(Side.BLACK)
        meta: dict[str, object] = {}
        if self.link is not None:
            meta["championship"] = self.link.to_meta()
        if self.start_fen is not None:
            meta["start_fen"] = with_first(self.start_fen, self.first)
        from companion.ui.magici.desk import room
        from companion.ui.magici.timer import TimerScreen

        # the match and its setup in one transaction (a power cut never leaves a game without setup)
        desk = room(self.app).start(self.board, white, black, first=self.first, army=self.army,
                                    timing=self.timing, title=f"{white.name} – {black.name}", meta=meta)
        self.app.replace(TimerScreen(self.app, desk=desk))

    def draw(self, surface: pygame.Surface) -> None:
        u, at = self.u, self.at
        super().draw(surface)
        labels = (self.t("magici.side.white"), self.t("magici.side.black"), self.t("magici.new.first"),
                  self.t("magici.new.armies"))
        for y, label in zip(ROWS, labels):
            draw_text(surface, label, at(20, y + 30), u(22), theme.MUTED, "midleft", max_width=u(150),
                      min_size=u(16))
        if self.link is not None:
            for row, side in ((0, Side.WHITE), (1, Side.BLACK)):
                house = self.house(side)
                pygame.draw.circle(surface, mark_rgb(house.colour), at(196, ROWS[row] + 30), u(14))
                draw_text(surface, house.name, at(222, ROWS[row] + 30), u(30), theme.TEXT, "midleft", bold=True)
            draw_text(surface, self.t("magici.new.championship_game", round=self.link.round, board=self.link.board),
                      at(780, ROWS[1] + 30), u(18), theme.MUTED, "midright")
        else:
            draw_text(surface, self.t("magici.boards.board", n=self.board), (self.size[0] - u(16), self.header_h // 2),
                      u(20), theme.ACCENT, "midright", bold=True)


def with_first(fen: str, first: Side | None) -> str:
    """The start position with the side that won the toss to move."""
    if first is None:
        return fen
    fields = fen.split(" ")
    if len(fields) > 1:
        fields[1] = "w" if first is Side.WHITE else "b"
    return " ".join(fields)
