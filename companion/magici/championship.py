"""The Scacchi Magici championship: four Houses, six games on two boards, state by replay.

The schedule is fixed (Houses numbered 1-4 in the order entered; the seed's order by default:
Grifondoro, Serpeverde, Tassorosso, Corvonero); each House meets each other once, and each
round plays two games at once on boards 1 and 2. Who moves first in a game is the coin toss's
business, not the schedule's.

=====  ================  ================
round  board 1           board 2
=====  ================  ================
1      House 1 - 2       House 3 - 4
2      House 1 - 3       House 4 - 2
3      House 4 - 1       House 2 - 3
=====  ================  ================

Journal events (a match of game ``magici-championship``):
``championship.setup`` {houses: [House data ×4], more_spells_better},
``championship.rename`` {house, name, colour?},
``championship.result`` {round, board, result, winner: house number 0-3 | null, home, away: SideStats data},
``championship.clear`` {round, board}.

>>> from companion.core.journal import Journal
>>> champ = Championship.new(Journal.open(":memory:").new_match("magici-championship"))
>>> [f"{f.round}.{f.board} {champ.state.houses[f.home].name}-{champ.state.houses[f.away].name}" for f in SCHEDULE[:2]]
['1.1 Grifondoro-Serpeverde', '1.2 Tassorosso-Corvonero']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from companion.magici.model import DEFAULT_HOUSES, House, ResultKind, Side, SideStats
from companion.magici.replay import StationState
from companion.magici.standings import GameRecord, Standings, TieBreakOptions, compute_standings
from companion.magici.station import MatchLogLike


@dataclass(frozen=True)
class Fixture:
    round: int
    board: int
    home: int
    away: int

    @property
    def key(self) -> tuple[int, int]:
        return self.round, self.board


SCHEDULE: tuple[Fixture, ...] = (
    Fixture(1, 1, 0, 1), Fixture(1, 2, 2, 3),
    Fixture(2, 1, 0, 2), Fixture(2, 2, 3, 1),
    Fixture(3, 1, 3, 0), Fixture(3, 2, 1, 2),
)

SETUP, RENAME, RESULT, CLEAR = "championship.setup", "championship.rename", "championship.result", "championship.clear"


def fixture(round_: int, board: int) -> Fixture:
    for f in SCHEDULE:
        if f.key == (round_, board):
            return f
    raise ValueError(f"no game in round {round_} on board {board} (rounds 1-3, boards 1-2)")


def fixture_between(a: int, b: int) -> Fixture:
    for f in SCHEDULE:
        if {f.home, f.away} == {a, b}:
            return f
    raise ValueError(f"Houses {a + 1} and {b + 1} do not meet in the schedule")


@dataclass(frozen=True)
class ChampionshipState:
    houses: tuple[House, ...] = DEFAULT_HOUSES
    options: TieBreakOptions = TieBreakOptions()
    games: dict[tuple[int, int], GameRecord] = field(default_factory=dict)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.houses)

    def house_index(self, name: str) -> int:
        for i, h in enumerate(self.houses):
            if h.name.casefold() == str(name).casefold():
                return i
        raise ValueError(f"no House called {name!r} (Houses: {', '.join(self.names)})")

    def played(self) -> list[tuple[Fixture, GameRecord]]:
        return [(f, self.games[f.key]) for f in SCHEDULE if f.key in self.games]

    @property
    def complete(self) -> bool:
        return len(self.games) == len(SCHEDULE)

    def standings(self) -> Standings:
        return compute_standings(self.names, [g for _, g in self.played()], self.options)


def _houses(data: Any) -> tuple[House, ...]:
    if not isinstance(data, list) or len(data) != 4:
        raise ValueError(f"a championship has four Houses, got {data!r}")
    houses = tuple(House.from_data(h, f"house {i + 1}") for i, h in enumerate(data))
    if len({h.name.casefold() for h in houses}) != 4:
        raise ValueError(f"the four Houses need four different names, got {[h.name for h in houses]}")
    return houses


def apply(state: ChampionshipState | None, kind: str, data: dict[str, Any]) -> ChampionshipState | None:
    if kind == SETUP:
        opts = TieBreakOptions(more_spells_better=bool(data.get("more_spells_better", True)))
        return ChampionshipState(_houses(data.get("houses", [h.to_data() for h in DEFAULT_HOUSES])), opts)
    if not kind.startswith("championship."):
        return state
    if state is None:
        raise ValueError(f"event {kind!r} before the championship's setup")
    if kind == RENAME:
        i = int(data["house"])
        old = state.houses[i]
        houses = list(state.houses)
        houses[i] = House(str(data.get("name", old.name)), str(data.get("colour", old.colour)))
        return replace(state, houses=_houses([h.to_data() for h in houses]))
    if kind == RESULT:
        f = fixture(int(data["round"]), int(data["board"]))
        winner = data.get("winner")
        record = GameRecord(
            f.home, f.away, ResultKind.parse(data["result"]), None if winner is None else int(winner),
            SideStats.from_data(data.get("home", {}), "home"), SideStats.from_data(data.get("away", {}), "away"),
        )
        return replace(state, games={**state.games, f.key: record})
    if kind == CLEAR:
        f = fixture(int(data["round"]), int(data["board"]))
        return replace(state, games={k: g for k, g in state.games.items() if k != f.key})
    raise ValueError(f"unknown championship event {kind!r}")


def replay(events: Iterable[Any]) -> ChampionshipState:
    state: ChampionshipState | None = None
    for n, e in enumerate(events, 1):
        kind, data = (e[0], e[1]) if isinstance(e, tuple) else (e.kind, e.data)
        try:
            state = apply(state, kind, data)
        except (KeyError, ValueError, TypeError, IndexError) as exc:
            raise ValueError(f"championship journal, event {n} ({kind}): {exc}") from None
    if state is None:
        raise ValueError("championship journal: no setup event")
    return state


class Championship:
    """The championship over a journal match; every change is an event, undo is the journal's.

    >>> from companion.core.journal import Journal
    >>> c = Championship.new(Journal.open(":memory:").new_match("magici-championship"))
    >>> _ = c.enter_result(1, 1, ResultKind.CHECKMATE, winner=0)
    >>> [(r.place, r.name, r.ranking_points) for r in c.standings().rows]
    [(1, 'Grifondoro', 3), (2, 'Serpeverde', 0), (2, 'Tassorosso', 0), (2, 'Corvonero', 0)]
    """

    def __init__(self, log: MatchLogLike) -> None:
        self.log = log
        self._state = replay(log.effective())

    @classmethod
    def new(cls, log: MatchLogLike, houses: Iterable[House | str] = DEFAULT_HOUSES,
            more_spells_better: bool = True) -> "Championship":
        data = [House(h).to_data() if isinstance(h, str) else h.to_data() for h in houses]
        _houses(data)
        log.append(SETUP, {"houses": data, "more_spells_better": more_spells_better})
        return cls(log)

    @property
    def state(self) -> ChampionshipState:
        return self._state

    def standings(self) -> Standings:
        return self._state.standings()

    def rename(self, house: int, name: str | None = None, colour: str | None = None) -> None:
        if not 0 <= house < 4:
            raise ValueError(f"House number must be 0-3, got {house}")
        data: dict[str, Any] = {"house": house}
        if name is not None:
            data["name"] = name
        if colour is not None:
            data["colour"] = colour
        apply(self._state, RENAME, data)  # validate before writing
        self._write(RENAME, data)

    def enter_result(self, round_: int, board: int, result: ResultKind, winner: int | None = None,
                     home: SideStats = SideStats(), away: SideStats = SideStats()) -> GameRecord:
        """Enter (or correct) the result of the game in ``round_`` on ``board``."""
        data = {"round": round_, "board": board, "result": result.value, "winner": winner,
                "home": home.to_data(), "away": away.to_data()}
        try:
            apply(self._state, RESULT, data)
        except ValueError as exc:
            raise ValueError(f"round {round_} board {board}: {exc}") from None
        self._write(RESULT, data)
        return self._state.games[(round_, board)]

    def enter_from_station(self, station: StationState) -> GameRecord:
        """Enter a finished game straight from its referee station (Houses matched by name)."""
        if station.result is None:
            raise ValueError("the game has no result yet")
        white, black = self._state.house_index(station.white.name), self._state.house_index(station.black.name)
        f = fixture_between(white, black)
        sides = {white: Side.WHITE, black: Side.BLACK}
        winner = None if station.result.winner is None else (white if station.result.winner is Side.WHITE else black)
        return self.enter_result(f.round, f.board, station.result.kind, winner,
                                 station.side_stats(sides[f.home]), station.side_stats(sides[f.away]))

    def clear_result(self, round_: int, board: int) -> None:
        fixture(round_, board)
        self._write(CLEAR, {"round": round_, "board": board})

    def undo(self) -> bool:
        """Take back the last change (not the setup)."""
        events = self.log.effective()
        if len(events) <= 1:
            return False
        self.log.undo()
        self._state = replay(self.log.effective())
        return True

    def _write(self, kind: str, data: dict[str, Any]) -> None:
        event = self.log.append(kind, data)
        new = apply(self._state, event.kind, event.data)
        assert new is not None
        self._state = new
