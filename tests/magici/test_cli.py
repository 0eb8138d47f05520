"""``companion magici standings`` and ``schedule`` through the real entry point."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from companion.cli import main

SEED_EXAMPLE = {
    "games": [
        {"home": "Grifondoro", "away": "Serpeverde", "result": "checkmate", "winner": "Grifondoro"},
        {"home": "Tassorosso", "away": "Corvonero", "result": "draw_agreement"},
        {"home": "Grifondoro", "away": "Tassorosso", "result": "resignation", "winner": "Grifondoro"},
        {"home": "Corvonero", "away": "Serpeverde", "result": "checkmate", "winner": "Corvonero"},
        {"home": "Corvonero", "away": "Grifondoro", "result": "checkmate", "winner": "Grifondoro"},
        {"home": "Serpeverde", "away": "Tassorosso", "result": "checkmate", "winner": "Tassorosso"},
    ]
}


@pytest.fixture
def results(tmp_path: Path) -> Path:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(SEED_EXAMPLE), encoding="utf-8")
    return path


def test_standings_table_shows_the_shared_second_place(results: Path, capsys) -> None:
    assert main(["magici", "standings", str(results)]) == 0
    out = capsys.readouterr().out
    lines = [line.split() for line in out.splitlines()[2:]]
    assert lines[0][:2] == ["1", "Grifondoro"] and lines[0][-1] == "40"
    assert {tuple(line[:2]) for line in lines[1:3]} == {("2=", "Tassorosso"), ("2=", "Corvonero")}
    assert all(line[-2:] == ["shared", "25"] for line in lines[1:3])


def test_standings_csv_and_json(results: Path, capsys) -> None:
    assert main(["magici", "standings", str(results), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["house"], r["house_points"]) for r in rows] == [
        ("Grifondoro", "40"), ("Tassorosso", "25"), ("Corvonero", "25"), ("Serpeverde", "10")]
    assert main(["magici", "standings", str(results), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["standings"][1]["shared_with"] == ["Corvonero"] and len(data["games"]) == 6
    assert main(["magici", "standings", str(results), "--csv", "--games"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 7


def test_bad_results_file_exits_2_with_a_clear_message(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"games": [{"home": "Grifondoro", "away": "Serpeverde", "result": "checkmate"}]}')
    assert main(["magici", "standings", str(bad)]) == 2
    assert "games[0]: a checkmate needs the winner" in capsys.readouterr().err
    bad.write_text("{not json")
    assert main(["magici", "standings", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["magici", "standings", str(tmp_path / "missing.json")]) == 2


def test_schedule_lists_six_games_with_given_names(capsys) -> None:
    assert main(["magici", "schedule", "--houses", "A,B,C,D"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "round 1  board 1  A - B" and len(out) == 6
    assert main(["magici", "schedule", "--houses", "A,B"]) == 2


def test_standings_and_log_read_the_apps_journal(tmp_path: Path, capsys) -> None:
    from companion.core.clock import FakeClock
    from companion.core.journal import Journal
    from companion.magici.championship import Championship
    from companion.magici.model import House, ResultKind, Side
    from companion.magici.station import RefereeStation

    clock = FakeClock(1_700_000_000_000)
    path = tmp_path / "journal.db"
    journal = Journal.open(path, wall_ms=clock.now_ms)
    champ = Championship.new(journal.new_match("magici-championship"))
    champ.enter_result(1, 2, ResultKind.DRAW_STALEMATE)
    game = RefereeStation.new(journal.new_match("magici"), House("Tassorosso"), House("Corvonero"))
    game.begin()
    clock.advance(31_000)
    game.poll()
    journal.close()

    assert main(["magici", "standings", str(path), "--journal", "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert {r["house"]: r["ranking_points"] for r in rows}["Tassorosso"] == "1"

    assert main(["magici", "log", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "Tassorosso (white) - Corvonero (black)" in lines[0]
    assert lines[-1].endswith("white ran out of time: the turn passed") and "+00:30.000" in lines[-1]

    assert main(["magici", "log", str(path), "--match", str(champ.log.id)]) == 2
    assert "not 'magici'" in capsys.readouterr().err
    assert main(["magici", "log", str(tmp_path / "none.db")]) == 2


def test_log_of_a_match_written_by_hand_without_its_setup_says_what_comes_first(tmp_path: Path,
                                                                                 capsys) -> None:
    """A journal made by another tool (or by hand): the log names the setup event it needs and
    what the match begins with instead (before: "no setup event", and nothing more)."""
    from companion.core.journal import Journal

    journal = Journal.open(tmp_path / "hand.db")
    journal.new_match("magici").append("note", {"text": "board 2"})
    journal.new_match("magici")
    journal.close()
    assert main(["magici", "log", str(tmp_path / "hand.db"), "--match", "1"]) == 2
    err = capsys.readouterr().err
    assert "match 1" in err and "'magici.setup' event, the armies and clocks, comes first" in err
    assert "its 1 event(s) begin with 'note'" in err
    assert main(["magici", "log", str(tmp_path / "hand.db"), "--match", "2"]) == 2
    assert "the match has no events" in capsys.readouterr().err
