"""A whole championship through the API, by replay from the journal, and its exports."""

from __future__ import annotations

import csv
import io
import json
from itertools import combinations
from pathlib import Path

import pytest

from companion.core.clock import FakeClock
from companion.core.journal import Journal
from companion.magici.championship import SCHEDULE, Championship, fixture_between
from companion.magici.files import games_csv, load_results, standings_csv, to_json
from companion.magici.model import GameResult, House, PieceKind, ResultKind, Side, SideStats
from companion.magici.station import RefereeStation

from .conftest import START_MS


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    return Journal.open(tmp_path / "championship.db", wall_ms=FakeClock(START_MS).now_ms)


def test_schedule_meets_each_pair_once_two_boards_a_round() -> None:
    pairs = [frozenset((f.home, f.away)) for f in SCHEDULE]
    assert sorted(map(sorted, pairs)) == sorted(map(list, combinations(range(4), 2)))
    for round_ in (1, 2, 3):
        games = [f for f in SCHEDULE if f.round == round_]
        assert [f.board for f in games] == [1, 2]
        assert {games[0].home, games[0].away} | {games[1].home, games[1].away} == {0, 1, 2, 3}


def test_whole_championship_entered_through_the_api(journal: Journal) -> None:
    champ = Championship.new(journal.new_match("magici-championship", title="Campionato 2026"))
    s = SideStats
    champ.enter_result(1, 1, ResultKind.CHECKMATE, 0, s(1, 5, 7), s(2, 3, 5))        # Grifondoro beat Serpeverde
    champ.enter_result(1, 2, ResultKind.DRAW_TIME, None, s(1, 2, 8), s(1, 2, 8))     # Tassorosso = Corvonero
    champ.enter_result(2, 1, ResultKind.ENCHANTED, 2, s(0, 1, 6), s(3, 6, 9))        # Tassorosso beat Grifondoro
    champ.enter_result(2, 2, ResultKind.RESIGNATION, 1, s(0, 0, 10), s(1, 1, 9))     # Serpeverde beat Corvonero
    champ.enter_result(3, 1, ResultKind.DRAW_STALEMATE, None, s(2, 4, 4), s(2, 4, 4))  # Corvonero = Grifondoro
    champ.enter_result(3, 2, ResultKind.CHECKMATE, 1, s(1, 3, 7), s(0, 2, 6))        # Serpeverde beat Tassorosso
    st = champ.state
    assert st.complete
    rows = [(r.name, r.ranking_points, r.place, r.decided_by, int(r.house_points)) for r in champ.standings().rows]
    # Serpeverde 0+3+3 = 6, Grifondoro 3+0+1 = 4, Tassorosso 1+2+0 = 3, Corvonero 1+0+1 = 2
    assert rows == [("Serpeverde", 6, 1, None, 40), ("Grifondoro", 4, 2, None, 30),
                    ("Tassorosso", 3, 3, None, 20), ("Corvonero", 2, 4, None, 10)]

    # the state is a replay of the journal: reopen and compare
    again = Championship(journal.match(champ.log.id))
    assert again.state == st
    # the export is a results file that gives the same table
    exported = to_json(st)
    assert load_results(json.loads(json.dumps(exported))).standings() == st.standings()
    assert [r["house"] for r in exported["standings"]] == ["Serpeverde", "Grifondoro", "Tassorosso", "Corvonero"]
    assert len(exported["games"]) == 6


def test_houses_are_renamed_without_losing_results(journal: Journal) -> None:
    champ = Championship.new(journal.new_match("magici-championship"))
    champ.enter_result(1, 1, ResultKind.CHECKMATE, 1)
    champ.rename(1, "Serpi", "#00ff00")
    assert champ.state.houses[1] == House("Serpi", "#00ff00")
    assert champ.standings().rows[0].name == "Serpi"
    with pytest.raises(ValueError, match="four different names"):
        champ.rename(0, "serpi")


def test_custom_house_names_from_the_start(journal: Journal) -> None:
    champ = Championship.new(journal.new_match("magici-championship"), houses=["Leoni", "Aquile", "Tassi", "Corvi"])
    assert champ.state.names == ("Leoni", "Aquile", "Tassi", "Corvi")


def test_result_is_corrected_cleared_and_undone(journal: Journal) -> None:
    champ = Championship.new(journal.new_match("magici-championship"))
    champ.enter_result(1, 1, ResultKind.CHECKMATE, 0)
    champ.enter_result(1, 1, ResultKind.CHECKMATE, 1)  # the organiser corrects the winner
    assert champ.state.games[(1, 1)].winner == 1
    champ.undo()
    assert champ.state.games[(1, 1)].winner == 0
    champ.clear_result(1, 1)
    assert champ.state.games == {}
    assert champ.undo() and (1, 1) in champ.state.games


def test_bad_result_entry_names_the_game(journal: Journal) -> None:
    champ = Championship.new(journal.new_match("magici-championship"))
    with pytest.raises(ValueError, match="round 1 board 1: a checkmate needs the winner"):
        champ.enter_result(1, 1, ResultKind.CHECKMATE, 3)
    with pytest.raises(ValueError, match="no game in round 4"):
        champ.enter_result(4, 1, ResultKind.DRAW_TIME)
    with pytest.raises(ValueError, match="a draw_time has no winner"):
        champ.enter_result(1, 2, ResultKind.DRAW_TIME, 2)
    assert len(champ.log.effective()) == 1  # nothing bad was written


def test_game_from_a_referee_station_enters_the_championship(journal: Journal) -> None:
    clock = FakeClock(START_MS)
    j = Journal.open(journal.path, wall_ms=clock.now_ms)
    champ = Championship.new(j.new_match("magici-championship"))
    game = RefereeStation.new(j.new_match("magici"), House("Corvonero"), House("Serpeverde"), first=Side.BLACK,
                              army={Side.WHITE: "KQRRPP", Side.BLACK: "KBBNNPP"})
    game.begin()
    for captured in (PieceKind.PAWN, PieceKind.ROOK, None):
        clock.advance(5_000)
        game.end_move(captured=captured)
    game.enter_result(GameResult(ResultKind.RESIGNATION, Side.WHITE))
    record = champ.enter_from_station(game.state)
    f = fixture_between(3, 1)  # round 2 board 2: Corvonero - Serpeverde
    assert (record.home, record.away, record.winner) == (f.home, f.away, 3)
    # black (Serpeverde) moved first and took a Pawn; white (Corvonero) took a Rook
    assert record.home_stats == SideStats(0, 1, 5) and record.away_stats == SideStats(0, 1, 6)


def test_csv_exports_have_every_house_and_every_game() -> None:
    state = load_results({"games": [{"home": "Grifondoro", "away": "Serpeverde", "result": "enchanted",
                                     "winner": "Serpeverde", "stats": {"Serpeverde": {"spells": 1, "captured": 2, "remaining": 9}}}]})
    standings = list(csv.DictReader(io.StringIO(standings_csv(state))))
    assert [r["house"] for r in standings][0] == "Serpeverde" and standings[0]["ranking_points"] == "2"
    games = list(csv.DictReader(io.StringIO(games_csv(state))))
    assert len(games) == 6 and games[0]["winner"] == "Serpeverde" and games[0]["away_remaining"] == "9"
    assert games[1]["result"] == ""  # not played yet


@pytest.mark.parametrize("data, message", [
    ({"games": [{"home": "Grifondoro", "away": "Grifondoro", "result": "checkmate"}]}, r"games\[0\]: a House does not play itself"),
    ({"games": [{"home": "Grifondoro", "away": "Serpeverde", "result": "won"}]}, r"games\[0\]: result: unknown result 'won'"),
    ({"games": [{"home": "Grifondoro", "away": "Serpeverde", "result": "checkmate", "winner": "Corvonero"}]},
     "winner 'Corvonero' did not play"),
    ({"games": [{"home": "Grifondoro", "away": "Serpeverde", "result": "draw_time"},
                {"home": "Serpeverde", "away": "Grifondoro", "result": "draw_time"}]}, r"games\[1\]: .* entered twice"),
    ({"games": [{"home": "Grifondoro", "away": "Serpeverde", "result": "draw_time", "round": 2, "board": 1}]},
     "round 1 board 1 in the schedule"),
    ({"games": [{"home": "Grifondoro", "away": "Serpeverde", "result": "draw_time",
                 "stats": {"Grifondoro": {"spells": 4}}}]}, "stats.Grifondoro: spells must be a whole number 0..3"),
    ({"houses": ["A", "B", "C"]}, "four Houses"),
    ({"games": [], "colour": 1}, "unknown field"),
])
def test_results_file_errors_name_the_entry(data, message) -> None:
    with pytest.raises(ValueError, match=message):
        load_results(data)
