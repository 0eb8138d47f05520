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
