"""The championship screen: the four Houses (names editable), the six games in three rounds of
two boards with their results, and the way to play, enter, correct or clear each game.

The championship is its own journal match (game ``magici-championship``); its state is a
replay of it (:mod:`companion.magici.championship`), so it survives a power cut and every
change can be undone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.magici.championship import SCHEDULE, Championship, ChampionshipState, Fixture
from companion.magici.model import DEFAULT_HOUSES
from companion.ui import theme
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import CHAMPIONSHIP_GAME, ChampionshipLink, fit_row, house_rgb, mark_rgb, result_key
from companion.ui.magici.desk import KeepsBoardsRunning
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

HOUSE_Y = HEADER_H + 40
GRID_X, GRID_Y, CELL_W, CELL_H = 224, HEADER_H + 40, 278, 96


def current_championship(app: "App", create: bool = True) -> Championship | None:
    """The championship in progress (the latest unfinished one), made with the seed's Houses
    if there is none and ``create``."""
    log = app.journal.latest_unfinished(CHAMPIONSHIP_GAME)
    if log is None:
        if not create:
            return None
        log = app.journal.new_match(CHAMPIONSHIP_GAME, title=app.t("magici.champ.title"))
        return Championship.new(log, DEFAULT_HOUSES)
    return Championship(log)


def running_fixture(app: "App", championship_id: int, f: Fixture) -> int | None:
    """The board on which the championship game ``f`` is being played (None: not in progress)."""
    from companion.ui.magici.desk import room

    for n, station in room(app).boards.stations().items():
        link = ChampionshipLink.from_meta(station.log.info.meta)
        if link is not None and link.match_id == championship_id and (link.round, link.board) == f.key \
                and not station.state.over:
            return n
    return None


def championship_by_id(app: "App", match_id: int) -> Championship | None:
    try:
        return Championship(app.journal.match(match_id))
    except Exception:  # deleted or damaged: the game result stays in its own match
        return None


class ChampionshipScreen(KeepsBoardsRunning, Screen):
    name = "magici-championship"
    title_key = "magici.champ.title"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: "App", championship: Championship | None = None) -> None:
        super().__init__(app)
        self.championship = championship or current_championship(app)
        self.confirm_new = False

    @property
    def state(self) -> ChampionshipState:
        return self.championship.state

    def enter(self) -> None:
        # back from a game or a form: the championship may have changed in the journal
        self.championship = Championship(self.championship.log)
        super().enter()

    def layout(self) -> None:
        self.championship = Championship(self.championship.log)
        state = self.state
        self.buttons = [self.back_button()]
        for i, house in enumerate(state.houses):
            rect = self.box(12, HOUSE_Y + i * 72, 200, 64)
            self.buttons.append(Button(rect, house.name, self._rename(i), size=self.u(21), color=house_rgb(house.colour),
                                       sublabel=self.t("magici.champ.rename")))
        for f in SCHEDULE:
            rect = self.cell(f)
            game = state.games.get(f.key)
            label = f"{state.houses[f.home].name} – {state.houses[f.away].name}"
            running = running_fixture(self.app, self.championship.log.id, f)
            if game:
                sub = self._result_text(f)
            elif running is not None:
                sub = self.t("magici.champ.in_progress", n=running)
            else:
                sub = self.t("magici.champ.to_play")
            self.buttons.append(Button(rect, label, self._open_fixture(f), size=self.u(18), sublabel=sub,
                                       selected=game is not None, primary=running is not None and not game))
        y = 404
        label = self.t("magici.champ.confirm_new") if self.confirm_new else self.t("magici.champ.new")
        row = [(self.t("magici.champ.standings"), self.standings, {"primary": True}),
               (self.t("magici.champ.undo"), self.undo, {"enabled": len(self.championship.log.effective()) > 1}),
               (self.t("magici.champ.export"), self.export, {}),
               (label, self.new_championship, {"color": theme.DANGER if self.confirm_new else None})]
        u = self.u
        bar = self.box(12, y, 776, 64)
        spans, size = fit_row([text for text, _, _ in row], bar.x, bar.width, bar.height, u(12), u(22), u(16))
        for (x, w), (text, action, opts) in zip(spans, row):  # every label whole
            self.buttons.append(Button(pygame.Rect(x, bar.y, w, bar.height), text, action, size=size, **opts))

    def cell(self, f: Fixture) -> pygame.Rect:
        return self.box(GRID_X + (f.board - 1) * (CELL_W + 8), GRID_Y + (f.round - 1) * (CELL_H + 14) + 22,
                        CELL_W, CELL_H - 22)

    def _result_text(self, f: Fixture) -> str:
        state = self.state
        game = state.games[f.key]
        how = self.t(result_key(game.result))
        if game.winner is None:
            return how
        return f"{how}: {state.houses[game.winner].name}"

    # -- actions --------------------------------------------------------------------------------
    def _rename(self, index: int) -> Callable[[], None]:
        def rename() -> None:
            from companion.ui.magici.keyboard import KeyboardScreen

            def done(name: str) -> None:
                try:
                    self.championship.rename(index, name=name)
                except ValueError as exc:
                    self.app.show_banner(self.t("magici.champ.rename_refused", error=str(exc)))
                self.layout()

            self.app.push(KeyboardScreen(self.app, self.t("magici.champ.rename_title", n=index + 1),
                                         self.state.houses[index].name, done))
        return rename

    def _open_fixture(self, f: Fixture) -> Callable[[], None]:
        def open_fixture() -> None:
            board = running_fixture(self.app, self.championship.log.id, f)
            if board is not None and f.key not in self.state.games:  # in progress: open the running game
                from companion.ui.magici.desk import room
                from companion.ui.magici.timer import TimerScreen

                self.app.push(TimerScreen(self.app, desk=room(self.app).desk(board)))
                return
            self.app.push(FixtureScreen(self.app, self.championship, f))
        return open_fixture

    def standings(self) -> None:
        from companion.ui.magici.standings import StandingsScreen

        self.app.push(StandingsScreen(self.app, self.championship))

    def export(self) -> None:
        from companion.ui.magici.standings import export_championship

        export_championship(self.app, self.championship)

    def undo(self) -> None:
        self.championship.undo()
        self.layout()

    def new_championship(self) -> None:
        if not self.confirm_new:
            self.confirm_new = True
            self.layout()
            return
        from companion.magici.files import to_json

        self.championship.log.finish({"standings": to_json(self.state)["standings"]})
        self.championship = current_championship(self.app)
        self.confirm_new = False
        self.layout()

    def handle(self, action) -> bool:
        from companion.ui.input import Kind

        if self.confirm_new and action.kind is Kind.TAP:
            new_button = self.buttons[-1]
            if not (action.pos and new_button.rect.collidepoint(action.pos)):
                self.confirm_new = False  # any other tap cancels the confirmation
                self.layout()
        return super().handle(action)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        u, at = self.u, self.at
        draw_text(surface, self.t("magici.champ.houses"), at(12, HEADER_H + 12), u(19), theme.MUTED, bold=True)
        for board in (1, 2):
            draw_text(surface, self.t("magici.champ.board", n=board),
                      at(GRID_X + (board - 1) * (CELL_W + 8) + CELL_W // 2, HEADER_H + 12), u(19), theme.MUTED,
                      "midtop", bold=True)
        for r in (1, 2, 3):
            y = GRID_Y + (r - 1) * (CELL_H + 14)
            draw_text(surface, self.t("magici.champ.round", n=r), at(GRID_X, y + 2), u(16), theme.MUTED)


class FixtureScreen(KeepsBoardsRunning, Screen):
    """One championship game: play it on the timer, enter (or correct) its result, or clear it."""

    name = "magici-fixture"
    title_key = "magici.champ.game_title"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: "App", championship: Championship, fixture: Fixture) -> None:
        super().__init__(app)
        self.championship = championship
        self.fixture = fixture

    def layout(self) -> None:
        played = self.fixture.key in self.championship.state.games
        self.buttons = [self.back_button()]
        self.buttons.append(Button(self.box(150, 232, 500, 70), self.t("magici.champ.play"), self.play,
                                   primary=not played, size=self.u(26), sublabel=self.t("magici.champ.play_hint")))
        label = self.t("magici.champ.correct") if played else self.t("magici.champ.enter")
        self.buttons.append(Button(self.box(150, 314, 500, 64), label, self.enter_result, primary=played,
                                   size=self.u(24)))
        if played:
            self.buttons.append(Button(self.box(150, 390, 500, 56), self.t("magici.champ.clear"), self.clear,
                                       size=self.u(20)))

    def play(self) -> None:
        from companion.ui.magici.newgame import NewGameScreen

        state = self.championship.state
        link = ChampionshipLink(self.championship.log.id, self.fixture.round, self.fixture.board)
        self.app.replace(NewGameScreen(self.app, state.houses, self.fixture.home, self.fixture.away, link=link))

    def enter_result(self) -> None:
        from companion.ui.magici.result import ResultScreen

        self.app.replace(ResultScreen.for_fixture(self.app, self.championship, self.fixture))

    def clear(self) -> None:
        self.championship.clear_result(self.fixture.round, self.fixture.board)
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        state, f = self.championship.state, self.fixture
        home, away = state.houses[f.home], state.houses[f.away]
        u, at = self.u, self.at
        draw_text(surface, self.t("magici.champ.fixture", round=f.round, board=f.board), at(400, HEADER_H + 16),
                  u(22), theme.MUTED, "midtop")
        pygame.draw.circle(surface, mark_rgb(home.colour), at(50, HEADER_H + 86), u(18))
        pygame.draw.circle(surface, mark_rgb(away.colour), at(750, HEADER_H + 86), u(18))
        draw_text(surface, f"{home.name} – {away.name}", at(400, HEADER_H + 86), u(40), theme.TEXT, "center",
                  bold=True, max_width=u(640), min_size=u(20))
        game = state.games.get(f.key)
        if game is not None:
            text = self.t(result_key(game.result))
            if game.winner is not None:
                text += f": {state.houses[game.winner].name}"
            draw_text(surface, text, self.at(400, HEADER_H + 124), self.u(22), theme.ACCENT, "midtop",
                      max_width=self.u(760), min_size=self.u(16))
