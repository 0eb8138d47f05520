"""Two stations and a desk, each its own process, play a championship through a real Mosquitto
with passwords and the deployed ACL: the broker is stopped and restarted mid-round, a station is
cut off for a while, a message arrives twice; the desk ends with exactly the stations' journals."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.core.journal import Journal
from companion.event.link import make_client
from companion.event.messages import Topics, encode
from companion.event.outbox import outbox_path
from companion.event.results import GAME, RESULT_MATCH
from companion.magici.championship import Championship
from companion.magici.model import ResultKind
from companion.rules.session import BoardSession
from tests.event import procs
from tests.event.mosquitto import USERS, Broker

HOUSES = ("Grifondoro", "Serpeverde", "Tassorosso", "Corvonero")
OPENING = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6", "e1g1", "e8g8"]


def journal_events(path: Path) -> set[tuple[int, int, str]]:
    with sqlite3.connect(path) as db:
        return {(m, s, k) for m, s, k in db.execute("SELECT match_id, seq, kind FROM events")}


def desk_events(data_dir: Path, station: str) -> list[tuple[int, int, str]]:
    with sqlite3.connect(data_dir / "desk-event.db") as db:
        return list(db.execute("SELECT match_id, seq, kind FROM events WHERE station = ?", (station,)))


def heads(path: Path) -> dict[int, int]:
    with sqlite3.connect(path) as db:
        return dict(db.execute("SELECT match_id, MAX(seq) FROM events GROUP BY match_id").fetchall())


def acked(path: Path) -> dict[int, int]:
    with sqlite3.connect(outbox_path(path)) as db:
        return dict(db.execute("SELECT match_id, seq FROM acked").fetchall())


def publish_raw(broker: Broker, user: str, topic: str, payload: bytes) -> None:
    c = make_client(f"test-{user}", user, USERS[user])
    c.connect("127.0.0.1", broker.port)
    c.loop_start()
    c.publish(topic, payload, qos=1).wait_for_publish(5)
    c.disconnect()
    c.loop_stop()


def result(journal: Journal, round_: int, board: int, home: str, away: str, kind: str, winner: str | None) -> None:
    """A result entered as `companion event result` enters it: its own match, one transaction."""
    game = {"round": round_, "board": board, "home": home, "away": away, "result": kind, "winner": winner}
    with journal.atomic():
        m = journal.new_match(RESULT_MATCH, title=f"{home} - {away}", meta={"round": round_, "board": board})
        m.append(GAME, game)
        m.finish({"result": kind, "winner": winner})


def test_two_stations_and_a_desk_play_a_championship(tmp_path: Path) -> None:
    (tmp_path / "broker").mkdir()
    broker = Broker(tmp_path / "broker").start()
    j1_path, j2_path = tmp_path / "s1" / "journal.db", tmp_path / "s2" / "journal.db"
    j1, j2 = Journal.open(j1_path), Journal.open(j2_path)
    desk_dir = tmp_path / "desk" / "data"
    desk, url = procs.desk(broker.url, desk_dir)
    s1 = procs.station(broker.url, "s1", j1_path)
    s2 = procs.station(broker.url, "s2", j2_path)
    try:
        procs.wait_for("both stations online", lambda: {s["station"] for s in procs.get(f"{url}/api/state")["stations"]
                                                          if s["online"]} == {"s1", "s2"})
        # station 1 keeps the championship on its screen (the championship screen's own events)
        champ = Championship.new(j1.new_match("magici-championship"))
        b1, b2 = BoardSession.new(j1, "magici"), BoardSession.new(j2, "magici")
        for move in OPENING[:4]:
            b1.play_text(move)
            b2.play_text(move)
        procs.wait_for("round 1 under way on both boards", lambda: [
            len(b["board"]["last_moves"]) for b in procs.get(f"{url}/api/boards")] == [4, 4])

        # the broker goes away mid-round; the stations keep refereeing
        broker.stop()
        for move in OPENING[4:8]:
            b1.play_text(move)
            b2.play_text(move)
        champ.enter_result(1, 1, ResultKind.CHECKMATE, winner=0)
        broker.start()
        result(j2, 1, 2, "Tassorosso", "Corvonero", "draw_agreement", None)
        procs.wait_for("round 1 back at the desk", lambda: len(procs.get(f"{url}/api/standings")["games"]) == 2)

        # station 2 is cut off (its process killed: the broker's last will says offline)...
        s2.stop(signal.SIGKILL)
        procs.wait_for("s2 offline", lambda: [s["online"] for s in procs.get(f"{url}/api/state")["stations"]
                                              if s["station"] == "s2"] == [False])
        b2 = BoardSession.new(j2, "magici")
        for move in OPENING:
            b2.play_text(move)
        result(j2, 2, 2, "Corvonero", "Serpeverde", "checkmate", "Serpeverde")
        champ.enter_result(2, 1, ResultKind.ENCHANTED, winner=2)
        # ...and a message arrives twice: station 1 sends an event the desk already has
        first = json.loads(json.dumps({"v": 1, "station": "s1", "match": 1, "seq": 1, "kind": "championship.setup",
                                       "data": j1.match(1).events()[0].data, "at_ms": j1.match(1).events()[0].at_ms,
                                       "game": "magici-championship", "title": "", "meta": {}}))
        publish_raw(broker, "s1", Topics("event").event_topic("s1", 1), encode(first))
        # a malformed one and one under another station's name (the ACL drops it) change nothing
        publish_raw(broker, "s1", Topics("event").event_topic("s1", 1), b"{not json")
        publish_raw(broker, "s1", Topics("event").event_topic("s2", 99), encode(dict(first, station="s2", match=99)))
        s2 = procs.station(broker.url, "s2", j2_path)  # back: it catches up by itself

        procs.wait_for("s2 caught up", lambda: set(desk_events(desk_dir, "s2")) == journal_events(j2_path))

        # round 3: the desk is away when a result goes out, and the broker restarts before the
        # desk is back, forgetting what it held for it; the desk asks the station again
        champ.enter_result(3, 1, ResultKind.RESIGNATION, winner=3)
        desk.stop()
        log = (tmp_path / "desk" / "desk.log").read_text()
        counts = [int(n) for n in re.findall(r"(\d+) duplicates dropped, (\d+) malformed", log)[-1]]
        assert counts[0] >= 1 and counts[1] >= 1, log
        result(j2, 3, 2, "Serpeverde", "Tassorosso", "draw_time", None)
        procs.wait_for("the broker acknowledged s2's last result", lambda: acked(j2_path) == heads(j2_path))
        broker.stop()
        broker.start()
        desk, url = procs.desk(broker.url, desk_dir)

        expected = _standings_of_journals(tmp_path, j1, j2)
        def six_games() -> Any:
            standings = procs.get(f"{url}/api/standings")
            return standings if len(standings["games"]) == 6 else None

        got = procs.wait_for("all six games at the desk", six_games, 30)
        assert got == expected
        for name, path in (("s1", j1_path), ("s2", j2_path)):
            procs.wait_for(f"every event of {name}", lambda: set(desk_events(desk_dir, name)) == journal_events(path))
            received = desk_events(desk_dir, name)
            assert len(received) == len(set(received)), "an event counted twice"
        state = procs.get(f"{url}/api/state")
        assert state["conflicts"] == [] and state["rejected"] == []
        assert state["counts"]["requests"] >= 1  # the lost result came back because the desk asked
        assert {s["station"]: s["online"] for s in state["stations"]} == {"s1": True, "s2": True}
    finally:
        for p in (s1, s2, desk):
            p.stop()
        broker.stop()
        j1.close()
        j2.close()


def _standings_of_journals(tmp_path: Path, *journals: Journal) -> dict[str, Any]:
    """What `companion magici standings --json` says of the games the stations' journals hold."""
    from companion.magici.championship import replay
    from companion.magici.files import game_record

    games: list[dict[str, Any]] = []
    for j in journals:
        for info in j.matches():
            events = j.match(info.id).effective()
            if info.game == RESULT_MATCH:
                games += [e.data for e in events if e.kind == GAME]
            elif info.game == "magici-championship":
                st = replay(events)
                games += [game_record(st, f, g) for f, g in st.played()]
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"games": games}))
    out = subprocess.run([sys.executable, "-m", "companion", "magici", "standings", str(path), "--json"],
                         capture_output=True, text=True, check=True, env=procs.env())
    return json.loads(out.stdout)
