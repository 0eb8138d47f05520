"""The app's one hook: a station alone stays alone; with [event] its journal goes out."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import ConfigError, load_config
from companion.core.journal import Journal
from companion.event.desk import Desk, DeskClient
from companion.event.link import attach
from companion.rules.session import BoardSession
from tests.event import procs
from tests.event.mosquitto import USERS, Broker


def config(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "companion.toml"
    path.write_text(text)
    return load_config(paths=[path])


def test_no_event_section_means_no_network(tmp_path: Path) -> None:
    journal = Journal.open(tmp_path / "j.db")
    assert attach(journal, config(tmp_path, "[ui]\nlang = 'en'\n")) is None
    assert not (tmp_path / "j.db.outbox.db").exists()


@pytest.mark.parametrize(("key", "value", "says"), [
    ("broker", "http://x:1", "expected mqtt://HOST:PORT"),
    ("station", "board 1", "station 'board 1'"),
])
def test_a_bad_event_setting_names_its_key(tmp_path: Path, key: str, value: str, says: str) -> None:
    settings = {"broker": "mqtt://127.0.0.1:1883", "station": "board1", key: value}
    text = "[event]\n" + "".join(f'{k} = "{v}"\n' for k, v in settings.items())
    with pytest.raises(ConfigError) as err:
        config(tmp_path, text)
    assert f"event.{key}" in str(err.value) and says in str(err.value)


def test_with_an_event_section_the_journal_is_published(tmp_path: Path, broker: Broker) -> None:
    desk = Desk(tmp_path / "desk", event="festa")
    client = DeskClient(desk, broker.url, "desk", USERS["desk"]).start()
    journal = Journal.open(tmp_path / "app" / "journal.db")
    cfg = config(tmp_path, f'[event]\nbroker = "{broker.url}"\nstation = "s1"\nname = "festa"\n'
                           f'password = "{USERS["s1"]}"\n')
    link = attach(journal, cfg)
    assert link is not None
    try:
        board = BoardSession.new(journal, "clupso")
        board.play_text(board.position.legal_moves()[0].__str__())
        procs.wait_for("the board at the desk", lambda: [b["board"]["moves"] for b in desk.boards()] == [1])
        assert desk.boards()[0]["board"]["variant"] == "clupso"
    finally:
        link.stop()
        client.stop()
        journal.close()


def test_games_in_play_when_the_station_joins_the_event_are_published(tmp_path: Path, broker: Broker) -> None:
    """Walk: the referee had started both boards' games (and the championship) before giving the
    station its [event] section; after the restart the desk had no boards and never would: only
    matches created after the join were published. What is still in play when a station joins
    goes out whole; what was over before (another day's games) stays home."""
    journal = Journal.open(tmp_path / "app" / "journal.db")
    old = BoardSession.new(journal, "clupso")
    old.play_text(str(old.position.legal_moves()[0]))
    old.match.finish({"result": "1-0"})
    running = BoardSession.new(journal, "clupso")
    for _ in range(2):
        running.play_text(str(running.position.legal_moves()[0]))
    desk = Desk(tmp_path / "desk", event="festa")
    client = DeskClient(desk, broker.url, "desk", USERS["desk"]).start()
    cfg = config(tmp_path, f'[event]\nbroker = "{broker.url}"\nstation = "s1"\nname = "festa"\n'
                           f'password = "{USERS["s1"]}"\n')
    link = attach(journal, cfg)
    assert link is not None
    try:
        procs.wait_for("the running board at the desk", lambda: [b["board"]["moves"] for b in desk.boards()] == [2])
        running.play_text(str(running.position.legal_moves()[0]))
        procs.wait_for("its next move", lambda: [b["board"]["moves"] for b in desk.boards()] == [3])
        assert set(link.outbox.heads()) == {running.match.id}  # the game over before the join stays home
        newer = BoardSession.new(journal, "clupso")  # a game started after the join goes out as before
        newer.play_text(str(newer.position.legal_moves()[0]))  # (the station's newest game on that board)
        procs.wait_for("the newer game", lambda: [b["board"]["moves"] for b in desk.boards()] == [1])
    finally:
        link.stop()
        client.stop()
        journal.close()
