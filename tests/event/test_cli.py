"""`companion event result` and `companion event desk`, as the outside checks call them."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from companion.event.desk import Desk, DeskClient
from tests.event import procs
from tests.event.mosquitto import USERS, Broker

GAME = {"round": 1, "board": 2, "home": "Tassorosso", "away": "Corvonero", "result": "draw_agreement"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "event", *args], capture_output=True, text=True,
                          env=procs.env(), timeout=60)


def write(tmp_path: Path, game: object) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game))
    return str(path)


def test_result_with_no_broker_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    t0 = time.monotonic()
    out = run("result", "--broker", "mqtt://127.0.0.1:9", "--station", "s1", "--data-dir", str(tmp_path / "d"),
              write(tmp_path, GAME))
    assert out.returncode == 2 and "cannot reach the broker at 127.0.0.1:9" in out.stderr
    assert time.monotonic() - t0 < 20
    assert not (tmp_path / "d" / "journal.db").exists()


def test_a_station_given_a_journal_that_does_not_exist_exits_2_and_makes_nothing(tmp_path: Path) -> None:
    wrong = tmp_path / "typo" / "journal.db"
    out = run("station", "--broker", "mqtt://127.0.0.1:9", "--station", "s1", "--journal", str(wrong))
    assert out.returncode == 2 and f"--journal {wrong}: no such journal" in out.stderr
    assert not (tmp_path / "typo").exists()  # (it made the folder and an empty journal, and published it)


def test_the_desk_refuses_a_port_out_of_range_and_a_file_for_its_folder(tmp_path: Path) -> None:
    out = run("desk", "--broker", "mqtt://127.0.0.1:9", "--http", "127.0.0.1:99999", "--data-dir", str(tmp_path))
    assert out.returncode == 2 and "a port up to 65535" in out.stderr and "Traceback" not in out.stderr
    (tmp_path / "f").write_text("x")
    out = run("desk", "--broker", "mqtt://127.0.0.1:9", "--http", "127.0.0.1:0", "--data-dir", str(tmp_path / "f"))
    assert out.returncode == 2 and "cannot be the desk's data folder" in out.stderr and "Traceback" not in out.stderr


def test_an_invalid_game_exits_2_naming_the_fault(tmp_path: Path) -> None:
    out = run("result", "--broker", "mqtt://127.0.0.1:9", "--station", "s1", write(tmp_path, dict(GAME, round=2)))
    assert out.returncode == 2 and "round 1 board 2 in the schedule" in out.stderr
    out = run("result", "--broker", "mqtt://127.0.0.1:9", "--station", "s 1", write(tmp_path, GAME))
    assert out.returncode == 2 and "station 's 1'" in out.stderr


def test_result_is_acknowledged_and_reaches_the_desk(tmp_path: Path, broker: Broker) -> None:
    desk = Desk(tmp_path / "desk")
    client = DeskClient(desk, broker.url, "desk", USERS["desk"]).start()
    try:
        assert client.connected.wait(10)
        out = run("result", "--broker", broker.url, "--station", "s2", "--password", USERS["s2"],
                  "--data-dir", str(tmp_path / "s2"), write(tmp_path, GAME))
        assert out.returncode == 0, out.stderr
        assert "round 1 board 2" in out.stdout
        procs.wait_for("the result at the desk", lambda: desk.standings()["games"])
        assert desk.standings()["games"][0]["home"] == "Tassorosso"
        wrong = run("result", "--broker", broker.url, "--station", "s2", "--password", "wrong",
                    "--data-dir", str(tmp_path / "s2"), write(tmp_path, GAME))
        assert wrong.returncode == 2 and "refused" in wrong.stderr
    finally:
        client.stop()


def test_the_desk_serves_read_only(tmp_path: Path, broker: Broker) -> None:
    import urllib.error
    import urllib.request

    champ = tmp_path / "championship.json"
    champ.write_text(json.dumps({"houses": ["Aquile", "Lupi", "Orsi", "Volpi"], "more_spells_better": False,
                                 "games": [{"home": "Orsi", "away": "Volpi", "result": "resignation", "winner": "Volpi"}]}))
    desk, url = procs.desk(broker.url, tmp_path / "desk" / "data", ["--championship", str(champ)])
    try:
        standings = procs.wait_for("the desk", lambda: procs.get(f"{url}/api/standings"))
        cli = subprocess.run([sys.executable, "-m", "companion", "magici", "standings", str(champ), "--json"],
                             capture_output=True, text=True, env=procs.env(), check=True)
        assert standings == json.loads(cli.stdout)
        assert standings["standings"][0]["house"] == "Volpi"
        assert procs.get(f"{url}/api/boards") == []
        page = urllib.request.urlopen(f"{url}/", timeout=5).read().decode()
        assert "<html" in page
        req = urllib.request.Request(f"{url}/api/standings", data=b"{}", method="POST")
        try:
            urllib.request.urlopen(req, timeout=5)
            raise AssertionError("a POST was accepted")
        except urllib.error.HTTPError as exc:
            assert exc.code == 405
    finally:
        desk.stop()
