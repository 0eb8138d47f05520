"""Enter a game's result and the figures the championship's tie-breaks need.

From the timer screen the result goes to the referee station (which refuses an enchanted
victory in a game without a spell); the figures (spells used, enemy pieces captured, own pieces
left) are written as a ``magici_stats`` journal event after it. A game played for the
championship is entered in the championship too. From the championship screen the same form
enters a game played elsewhere (no station).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from companion.magici.championship import Championship, Fixture
from companion.magici.model import GameResult, ResultKind, Side, SideStats
from companion.ui import theme
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import ChampionshipLink, mark_rgb, result_key
from companion.ui.magici.overlay import StationOverlay
from companion.ui.screen import HEADER_H
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App
    from companion.ui.magici.timer import TimerScreen

STATS_EVENT = "magici_stats"
FIELDS = ("spells", "captured", "remaining")
LIMITS = {"spells": 3, "captured": 9, "remaining": 10}
MINIMUMS = {"spells": 0, "captured": 0, "remaining": 1}  # the King always remains
KINDS = (ResultKind.CHECKMATE, ResultKind.ENCHANTED, ResultKind.RESIGNATION,
         ResultKind.DRAW_TIME, ResultKind.DRAW_STALEMATE, ResultKind.DRAW_AGREEMENT)
STAT_Y = (HEADER_H + 60, HEADER_H + 140, HEADER_H + 220)  # each figure's row: its name, then the counters
COL_X = (412, 608)  # each House's counters: − (56 px), the figure (64 px), + (56 px)
COUNTER_W, STEP_W = 176, 56


@dataclass
class Party:
    """One of the two Houses of the game, as the form shows it."""

    name: str
    colour: str
    stats: dict[str, int]


class ResultScreen(StationOverlay):
    name = "magici-result"
    title_key = "magici.result.title"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: "App", parties: tuple[Party, Party], *, timer: "TimerScreen | None" = None,
                 link: ChampionshipLink | None = None, championship: Championship | None = None,
                 fixture: Fixture | None = None, kind: ResultKind | None = None, winner: int | None = None,
                 fixed: bool = False) -> None:
        super().__init__(app, timer)
        self.parties = parties
        self.link = link
        self.championship = championship
        self.fixture = fixture
        self.kind = kind
        self.winner = winner
        self.fixed = fixed  # the station already has a result (a draw on time): only the figures
        self.message = ""
        for party in parties:  # figures never start out of range (no game ends with 0 pieces: the King)
            for field in FIELDS:
                party.stats[field] = min(LIMITS[field], max(MINIMUMS[field], int(party.stats.get(field, 0))))
        self.counters: dict[tuple[int, str], tuple[Button, Button]] = {}

    # -- the two ways in ------------------------------------------------------------------------
    @classmethod
    def for_station(cls, app: "App", timer: "TimerScreen", link: ChampionshipLink | None) -> "ResultScreen":
        st = timer.station.state
        parties = []
        for side in Side:
            army = st.army(side)
            remaining = st.side_stats(side).remaining if army is not None else 0
            stats = {"spells": st.spells.count(side), "captured": len(st.captured_by(side)), "remaining": remaining}
            parties.append(Party(st.house(side).name, st.house(side).colour, stats))
        if st.result is not None:
            winner = None if st.result.winner is None else list(Side).index(st.result.winner)
            return cls(app, (parties[0], parties[1]), timer=timer, link=link, kind=st.result.kind, winner=winner,
                       fixed=True)
        return cls(app, (parties[0], parties[1]), timer=timer, link=link, kind=st.checkmate_kind())

    @classmethod
    def for_fixture(cls, app: "App", championship: Championship, fixture: Fixture) -> "ResultScreen":
        state = championship.state
        game = state.games.get(fixture.key)
        parties = []
        for house in (fixture.home, fixture.away):
            stats = game.stats(house).to_data() if game else {"spells": 0, "captured": 0, "remaining": 0}
            parties.append(Party(state.houses[house].name, state.houses[house].colour, dict(stats)))
        kind = game.result if game else None
        winner = None if game is None or game.winner is None else (0 if game.winner == fixture.home else 1)
        return cls(app, (parties[0], parties[1]), championship=championship, fixture=fixture, kind=kind,
                   winner=winner)

    # -- layout ---------------------------------------------------------------------------------
    def layout(self) -> None:
        self.buttons = [self.back_button()]
        for i, kind in enumerate(KINDS):
            rect = self.box(16 + (i % 2) * 194, HEADER_H + 34 + (i // 2) * 60, 186, 52)
            self.buttons.append(Button(rect, self.t(result_key(kind)), self._kind(kind), selected=(kind == self.kind),
                                       enabled=not self.fixed, size=self.u(19)))
        wins = self.kind is not None and not self.kind.is_draw
        for i, party in enumerate(self.parties):
            rect = self.box(16 + i * 194, HEADER_H + 248, 186, 56)
            self.buttons.append(Button(rect, party.name, self._winner(i), selected=(wins and self.winner == i),
                                       enabled=wins and not self.fixed, size=self.u(20)))
        self.counters = {}
        for row, field in enumerate(FIELDS):
            for col, party in enumerate(self.parties):
                x, y = COL_X[col], STAT_Y[row] + 24
                value = party.stats[field]
                minus = Button(self.box(x, y, STEP_W, 50), "−", self._step(party, field, -1), size=self.u(28),
                               enabled=value > MINIMUMS[field])
                plus = Button(self.box(x + COUNTER_W - STEP_W, y, STEP_W, 50), "+", self._step(party, field, +1),
                              size=self.u(28), enabled=value < LIMITS[field])
                self.buttons += [minus, plus]
                self.counters[(col, field)] = (minus, plus)
        self.buttons.append(Button(self.box(420, 396, 364, 72), self.t("magici.result.confirm"), self.confirm,
                                   primary=True, enabled=self.kind is not None, size=self.u(26)))

    def _kind(self, kind: ResultKind) -> Callable[[], None]:
        def choose() -> None:
            self.kind = kind
            if kind.is_draw:
                self.winner = None
            self.message = ""
            self.layout()
        return choose

    def _winner(self, index: int) -> Callable[[], None]:
        def choose() -> None:
            self.winner = index
            self.message = ""
            self.layout()
        return choose

    def _step(self, party: Party, field: str, delta: int) -> Callable[[], None]:
        def step() -> None:
            party.stats[field] = min(LIMITS[field], max(MINIMUMS[field], party.stats[field] + delta))
            self.layout()  # − and + go grey at the ends of the range
        return step

    def station_changed(self) -> None:
        assert self.timer is not None
        st = self.timer.station.state
        if st.result is not None and not self.fixed:  # time ran out while the form was open
            self.kind, self.winner, self.fixed = st.result.kind, None, True
            if st.result.winner is not None:
                self.winner = list(Side).index(st.result.winner)
        self.layout()

    # -- confirm --------------------------------------------------------------------------------
    def confirm(self) -> None:
        kind = self.kind
        if kind is None:
            return
        if not kind.is_draw and self.winner is None:
            self.message = self.t("magici.result.need_winner")
            self.app.play("error")
            return
        stats = [SideStats(**p.stats) for p in self.parties]
        if self.timer is not None:
            if not self._to_station(kind, stats):
                return
        else:
            self._to_championship(kind, stats)
        self.app.pop()

    def _to_station(self, kind: ResultKind, stats: list[SideStats]) -> bool:
        assert self.timer is not None
        station = self.timer.station
        with self.app.journal.atomic():  # the result, its figures and the championship: one step
            if station.state.result is None:
                winner = None if self.winner is None else list(Side)[self.winner]
                outcome = station.enter_result(GameResult(kind, winner))
                self.timer.desk.react(list(outcome.cues))
                if not outcome:
                    self.message = self.t(f"magici.refused.{outcome.refused.value}") if outcome.refused else ""
                    self.app.play("error")
                    return False
            station.log.append(STATS_EVENT, {"white": stats[0].to_data(), "black": stats[1].to_data()})
            result = station.state.result
            assert result is not None
            if self.link is not None:
                from companion.ui.magici.championship import championship_by_id

                champ = championship_by_id(self.app, self.link.match_id)
                if champ is not None:
                    try:
                        self._enter_linked(champ, result, stats)
                    except ValueError as exc:
                        self.app.show_banner(self.t("magici.result.not_in_championship", error=str(exc)))
        self.timer.desk.say(self.t("magici.result.saved"))
        self.timer.layout()
        self.timer.dirty = True
        return True

    def _enter_linked(self, champ: Championship, result: GameResult, stats: list[SideStats]) -> None:
        assert self.link is not None and self.timer is not None
        st = self.timer.station.state
        white, black = champ.state.house_index(st.white.name), champ.state.house_index(st.black.name)
        from companion.magici.championship import fixture

        f = fixture(self.link.round, self.link.board)
        if {f.home, f.away} != {white, black}:
            raise ValueError(f"{st.white.name} – {st.black.name} is not round {f.round} board {f.board}")
        winner = None if result.winner is None else (white if result.winner is Side.WHITE else black)
        by_house = {white: stats[0], black: stats[1]}
        champ.enter_result(f.round, f.board, result.kind, winner, by_house[f.home], by_house[f.away])

    def _to_championship(self, kind: ResultKind, stats: list[SideStats]) -> None:
        assert self.championship is not None and self.fixture is not None
        f = self.fixture
        winner = None if self.winner is None else (f.home, f.away)[self.winner]
        self.championship.enter_result(f.round, f.board, kind, winner, stats[0], stats[1])

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        u, at = self.u, self.at
        super().draw(surface)
        draw_text(surface, self.t("magici.result.how"), at(16, HEADER_H + 8), u(19), theme.MUTED, bold=True)
        draw_text(surface, self.t("magici.result.winner_label"), at(16, HEADER_H + 222), u(19), theme.MUTED, bold=True)
        if self.fixture is not None:
            draw_text(surface, self.t("magici.champ.fixture", round=self.fixture.round, board=self.fixture.board),
                      (self.size[0] - u(16), self.header_h // 2), u(18), theme.MUTED, "midright")
        for col, party in enumerate(self.parties):
            x = COL_X[col] + COUNTER_W // 2
            name = draw_text(surface, party.name, at(x + 12, HEADER_H + 30), u(19), theme.TEXT, "center", bold=True,
                             max_width=u(COUNTER_W - 28), min_size=u(16))
            pygame.draw.circle(surface, mark_rgb(party.colour), (name.x - u(14), name.centery), u(9))
        for row, field in enumerate(FIELDS):
            y = STAT_Y[row]
            draw_text(surface, self.t(f"magici.stats.{field}"), at(COL_X[0], y + 1), u(18), theme.MUTED,
                      max_width=u(COL_X[1] + COUNTER_W - COL_X[0]), min_size=u(16))
            for col, party in enumerate(self.parties):
                # the figure in its own box between − and +, never touching them
                draw_text(surface, str(party.stats[field]), at(COL_X[col] + COUNTER_W // 2, y + 49), u(30),
                          theme.ACCENT, "center", bold=True, max_width=u(COUNTER_W - 2 * STEP_W - 8))
        if self.message:
            draw_text(surface, self.message, at(16, 372), u(19), theme.WARN, "midleft", max_width=u(390),
                      min_size=u(16))
        elif self.fixed:
            draw_text(surface, self.t("magici.result.fixed"), at(16, 372), u(17), theme.MUTED, "midleft",
                      max_width=u(390), min_size=u(16))
        draw_text(surface, self.t("magici.result.stats_hint"), at(602, 364), u(16), theme.MUTED, "midtop",
                  max_width=u(370))
