"""The Scacchi Magici hub: new game, resume, championship, standings; the home tile."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from companion.ui import theme
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import CHAMPIONSHIP_GAME, GAME, plural
from companion.ui.magici.desk import KeepsBoardsRunning
from companion.ui.registry import GameEntry, register_game
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App
    from companion.core.journal import MatchLog


class MagiciHubScreen(KeepsBoardsRunning, Screen):
    native = True  # four big tiles filling the display at its own size
    name = "magici-hub"
    title_key = "magici.hub.title"

    def leave(self) -> None:
        """Back to the home screen in one tap: the games go on (the app shell keeps polling both
        boards); a banner says so when clocks are running."""
        from companion.ui.magici.timer import leave_station

        leave_station(self.app)

    def handle(self, action) -> bool:  # type: ignore[no-untyped-def]
        from companion.ui.input import Kind

        if action.kind is Kind.COMMAND and action.name == "back":
            self.leave()
            return True
        return super().handle(action)

    def layout(self) -> None:
        from companion.ui.magici.desk import room

        boards = room(self.app).boards
        playing = [s for s in boards.stations().values() if not s.state.over]
        champ = self.app.journal.latest_unfinished(CHAMPIONSHIP_GAME)
        width, height = self.size
        margin, gap = self.u(20), self.u(16)
        w = (width - 2 * margin - gap) // 2
        h = (height - self.header_h - self.u(40) - self.u(20) - self.u(16)) // 2
        free = boards.free_board()
        new_hint = (self.t("magici.hub.new_game_hint") + " · " + self.t("magici.boards.board", n=free)
                    if free is not None else self.t("magici.hub.no_free_board"))
        cells = [
            (self.t("magici.hub.new_game"), new_hint, self.new_game, free is not None, True),
            (self.t("magici.hub.two_boards"), self.t("magici.hub.boards_running", n=len(playing)) if playing
             else self.t("magici.hub.nothing_to_resume"), self.resume, True, False),
            (self.t("magici.hub.championship"), self._champ_hint(champ), self.championship, True, False),
            (self.t("magici.hub.standings"), self.t("magici.hub.standings_hint"), self.standings, champ is not None,
             False),
        ]
        back = self.back_button()
        back.on_tap = self.leave
        self.buttons = [back]
        for i, (label, hint, action, enabled, primary) in enumerate(cells):
            rect = pygame.Rect(margin + (i % 2) * (w + gap), self.header_h + self.u(40) + (i // 2) * (h + self.u(20)),
                               w, h)
            self.buttons.append(Button(rect, label, action, enabled=enabled, primary=primary and enabled,
                                       size=self.u(30), sublabel=hint))

    def _resume_hint(self, log: "MatchLog | None") -> str:
        if log is None:
            return self.t("magici.hub.nothing_to_resume")
        return log.info.title or self.t("magici.hub.resume")

    def _champ_hint(self, log: "MatchLog | None") -> str:
        if log is None:
            return self.t("magici.hub.no_championship")
        from companion.magici.championship import SCHEDULE, Championship

        try:
            played = len(Championship(log).state.games)
        except ValueError:
            return self.t("magici.hub.no_championship")
        return plural(self.t, "magici.hub.games_played", played, total=len(SCHEDULE))

    def new_game(self) -> None:
        from companion.ui.magici.newgame import NewGameScreen

        self.app.push(NewGameScreen(self.app))

    def resume(self) -> None:
        """The two-board view: both boards' games (running, or a free board for a new one)."""
        from companion.ui.magici.boards import TwoBoardsScreen

        self.app.push(TwoBoardsScreen(self.app))

    def championship(self) -> None:
        from companion.ui.magici.championship import ChampionshipScreen

        self.app.push(ChampionshipScreen(self.app))

    def standings(self) -> None:
        from companion.ui.magici.championship import current_championship
        from companion.ui.magici.standings import StandingsScreen

        champ = current_championship(self.app, create=False)
        if champ is not None:
            self.app.push(StandingsScreen(self.app, champ))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, _ = self.size
        draw_text(surface, self.t("magici.hub.subtitle"), (w // 2, self.header_h + self.u(10)), self.u(20),
                  theme.MUTED, "midtop", max_width=w - self.u(40), min_size=self.u(16))


def open_game(app: "App", log: "MatchLog") -> Screen:
    """The full view of a game in the journal (resumed with the time that really passed; the
    other board, if it has a game too, is one tap away in its header)."""
    from companion.ui.magici.timer import TimerScreen

    try:
        return TimerScreen(app, log)
    except ValueError as exc:  # a journal this version cannot replay: say so, never crash at start-up
        app.show_banner(app.t("magici.hub.unreadable", error=str(exc)), ms=None)
        return MagiciHubScreen(app)


def take_up(app: "App") -> None:
    """At start-up (after a power cut): both boards' unfinished games go live at once, under the
    resume list, so their clocks pass turns, beep and take the teams' buttons from the boot on,
    and the event page sees them, before the referee taps anything."""
    from companion.app import unreadable
    from companion.core.journal import MatchUnreadable
    from companion.ui.magici.desk import room

    if not app.journal.matches(game=GAME, unfinished=True):
        return
    try:
        room(app)
    except MatchUnreadable as exc:  # set aside and named in a banner; the first use tries again
        unreadable(app, exc)
    except ValueError as exc:  # a journal this version cannot replay: say so, never crash at start-up
        app.show_banner(app.t("magici.hub.unreadable", error=str(exc)), ms=None)


register_game(GameEntry(key=GAME, order=2, open=MagiciHubScreen, resume=open_game, start=take_up))
