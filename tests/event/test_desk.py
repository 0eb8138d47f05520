"""The desk's rules without a broker: duplicates, gaps, malformed messages, conflicts."""

from __future__ import annotations

import json
from pathlib import Path

from companion.event.desk import Desk
from companion.event.messages import Topics, encode

T = Topics("event")
GAME = {"round": 1, "board": 1, "home": "Grifondoro", "away": "Serpeverde", "result": "checkmate",
        "winner": "Grifondoro"}


class Clock:
    def __init__(self) -> None:
        self.ms = 1_000_000

    def __call__(self) -> int:
        return self.ms


def event(station: str, match: int, seq: int, kind: str, data: dict, game: str = "event-result") -> tuple[str, bytes]:
    msg = {"v": 1, "station": station, "match": match, "seq": seq, "kind": kind, "data": data, "at_ms": seq,
           "game": game, "title": "", "meta": {}}
    return T.event_topic(station, match), encode(msg)


def test_a_duplicate_is_dropped_by_station_match_and_seq(tmp_path: Path) -> None:
    desk = Desk(tmp_path)
    desk.receive(*event("s1", 1, 1, "event.game", GAME))
    desk.receive(*event("s1", 1, 1, "event.game", GAME))
    assert desk.counts["events"] == 1 and desk.counts["duplicates"] == 1
    assert len(desk.standings()["games"]) == 1


def test_a_gap_makes_the_desk_ask_again_from_what_it_has(tmp_path: Path) -> None:
    clock = Clock()
    desk = Desk(tmp_path, clock=clock)
    desk.receive(*event("s1", 4, 1, "x", {}, game="magici"))
    desk.receive(*event("s1", 4, 3, "x", {}, game="magici"))
    assert desk.requests == [("s1", 4, 1)]
    desk.receive(T.status("s1"), encode({"online": True, "heads": {"4": 5}}))
    assert desk.requests == [("s1", 4, 1)]  # not again within a second
    clock.ms += 1500
    desk.recheck()
    assert desk.requests[-1] == ("s1", 4, 1)


def test_malformed_messages_are_named_and_change_nothing(tmp_path: Path) -> None:
    desk = Desk(tmp_path)
    bad = [
        (T.event_topic("s1", 1), b"\xff\xfe"),
        (T.event_topic("s1", 1), b"[1, 2]"),
        (T.event_topic("s1", 1), encode({"station": "s1", "match": 1, "seq": "one"})),
        event("s2", 1, 1, "event.game", GAME)[0:1] + (event("s1", 1, 1, "event.game", GAME)[1],),
        ("companion/event/s1/event/x", b"{}"),
        ("companion/other/s1/status", b"{}"),
        (T.status("s1"), encode({"online": "yes"})),
        (T.board("s1", 2), encode({"match": 3, "game": "magici"})),
        # numbers SQLite cannot hold, JSON nested past Python's stack, fields the page would
        # draw of the wrong type (each raised inside the desk, logged as a traceback, or was
        # stored and served; a head this large had the desk ask for it every 2 s, for ever)
        ("companion/event/s1/event/99999999999999999999999", encode({"match": 1})),
        event("s1", 1, 99999999999999999999999, "event.game", GAME),
        (T.event_topic("s1", 1), b"[" * 100_000 + b"]" * 100_000),
        (T.status("s1"), encode({"online": True, "heads": {"1": 99999999999999999999999}})),
        (T.status("s1"), encode({"online": True, "heads": {"²": 1}})),  # (a digit to isdigit)
        ("companion/event/s1/board/²", encode({"match": 1, "game": "magici"})),
        (T.board("s1", 2), encode({"match": 2, "game": "duere", "board": {"fen": 12}})),
        (T.board("s1", 2), encode({"match": 2, "game": "duere", "board": "e4"})),
    ]
    for topic, payload in bad:
        desk.receive(topic, payload)
    assert desk.counts["malformed"] == len(bad) and desk.counts["events"] == 0
    assert desk.boards() == [] and desk.requests == []
    assert "seq" in desk.problems[2] and "came on this topic" in desk.problems[3]
    assert all(p.startswith("companion/") for p in desk.problems)


def test_two_stations_differing_on_a_fixture_is_a_conflict_not_an_overwrite(tmp_path: Path) -> None:
    desk = Desk(tmp_path)
    desk.receive(*event("s1", 1, 1, "event.game", GAME))
    desk.receive(*event("s2", 7, 1, "event.game", dict(GAME, result="draw_agreement", winner=None)))
    snap = desk.snapshot()
    assert snap["standings"]["games"] == []  # neither counts until the referee settles it
    (conflict,) = snap["conflicts"]
    assert conflict["fixture"] == [1, 1]
    assert sorted(v["sources"][0] for v in conflict["versions"]) == ["s1/1", "s2/7"]
    # station 2 takes its result back (undo): the conflict goes, station 1's result counts
    desk.receive(*event("s2", 7, 2, "undo", {"target": 1, "kind": "event.game"}))
    snap = desk.snapshot()
    assert snap["conflicts"] == [] and snap["standings"]["games"][0]["result"] == "checkmate"


def test_the_same_result_from_two_stations_counts_once(tmp_path: Path) -> None:
    desk = Desk(tmp_path)
    desk.receive(*event("s1", 1, 1, "event.game", GAME))
    desk.receive(*event("s2", 3, 1, "event.game", dict(GAME, home="Serpeverde", away="Grifondoro")))
    snap = desk.snapshot()
    assert snap["conflicts"] == [] and len(snap["standings"]["games"]) == 1
    assert snap["games"]["1.1"]["sources"] == ["s1/1", "s2/3"]


def test_a_game_the_championship_cannot_take_is_shown_as_rejected(tmp_path: Path) -> None:
    desk = Desk(tmp_path)
    desk.receive(*event("s1", 1, 1, "event.game", dict(GAME, home="Nessuno")))
    (rejected,) = desk.snapshot()["rejected"]
    assert rejected["source"] == "s1/1" and "Nessuno" in rejected["problem"]


def test_the_desk_remembers_everything_after_a_restart(tmp_path: Path) -> None:
    desk = Desk(tmp_path)
    desk.receive(*event("s1", 1, 1, "event.game", GAME))
    desk.receive(T.board("s1", 2), encode({"match": 2, "game": "magici", "board": None, "finished": False}))
    before = json.dumps(desk.standings())
    desk.close()
    again = Desk(tmp_path)
    again.receive(*event("s1", 1, 1, "event.game", GAME))
    assert json.dumps(again.standings()) == before and again.counts["duplicates"] == 1
    assert [b["match"] for b in again.boards()] == [2]


def test_a_damaged_store_is_moved_aside_and_the_desk_starts_a_new_one(tmp_path: Path, caplog) -> None:
    desk = Desk(tmp_path)
    desk.receive(*event("s1", 1, 1, "event.game", GAME))
    desk.close()
    (tmp_path / "desk-event.db").write_bytes(b"\x8f" * 4096)  # (the card's file, damaged)
    again = Desk(tmp_path)  # a traceback before: sqlite3.DatabaseError, file is not a database
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith("desk-event.db.damaged-")]
    assert len(aside) == 1 and aside[0] in caplog.text and "moved aside" in caplog.text
    assert any(aside[0] in p for p in again.problems)  # (said on the page's referee view too)
    assert (tmp_path / aside[0]).read_bytes() == b"\x8f" * 4096  # kept as it was
    again.receive(*event("s1", 1, 1, "event.game", GAME))  # the station sends it again: taken
    assert again.counts["events"] == 1 and len(again.standings()["games"]) == 1


def test_a_store_that_cannot_be_opened_is_named(tmp_path: Path) -> None:
    import pytest

    (tmp_path / "desk-event.db").mkdir()
    with pytest.raises(ValueError, match="desk-event.db: cannot open the desk's store"):
        Desk(tmp_path)
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="file: cannot be the desk's data folder"):
        Desk(tmp_path / "file")


def test_running_clocks_are_aged_by_the_desks_own_clock(tmp_path: Path) -> None:
    clock = Clock()
    desk = Desk(tmp_path, clock=clock)
    clocks = {"move": {"remaining_ms": 30_000, "running": True}, "game": {"remaining_ms": 600_000, "running": False}}
    state = {"match": 2, "game": "magici", "board": None, "finished": False, "read_at_ms": 5,  # another machine's clock
             "magici": {"clocks": clocks}}
    desk.receive(T.board("s1", 2), encode(state))
    clock.ms += 1_250
    (board,) = desk.boards()
    assert board["magici"]["clocks"]["move"]["remaining_ms"] == 28_750
    assert board["magici"]["clocks"]["game"]["remaining_ms"] == 600_000
