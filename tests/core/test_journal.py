"""The match journal: append-only, committed per event, replayed, undone by new events."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from companion.core.journal import Journal, JournalError


@pytest.fixture
def journal(tmp_path):
    ticks = iter(range(1_000, 10**9, 10))
    j = Journal.open(tmp_path / "j.db", wall_ms=lambda: next(ticks))
    yield j
    j.close()


def test_the_journal_uses_wal_and_full_sync(journal):
    mode = journal._conn.execute("PRAGMA journal_mode").fetchone()[0]
    sync = journal._conn.execute("PRAGMA synchronous").fetchone()[0]
    assert mode == "wal" and sync == 2


def test_events_replay_in_order_with_their_data(journal):
    m = journal.new_match("chessball", title="Final", meta={"white": "Rossi"})
    m.append("roll", {"faces": [1, 2, 3]})
    m.append("move", {"from": "a1", "to": "a2"})
    kinds = [(e.seq, e.kind) for e in m.effective()]
    assert kinds == [(1, "roll"), (2, "move")]
    assert m.effective()[0].data == {"faces": [1, 2, 3]}
    assert m.info.meta == {"white": "Rossi"}


def test_undo_is_a_new_event_and_nothing_is_deleted(journal):
    m = journal.new_match("dice")
    for f in (1, 2, 3):
        m.append("roll", {"faces": [f]})
    m.undo()
    assert [e.data["faces"] for e in m.effective()] == [[1], [2]]
    assert [e.kind for e in m.events()] == ["roll", "roll", "roll", "undo"]
    m.undo()
    assert [e.data["faces"] for e in m.effective()] == [[1]]


def test_redo_restores_what_undo_took_back(journal):
    m = journal.new_match("dice")
    for f in (1, 2, 3):
        m.append("roll", {"faces": [f]})
    m.undo()
    m.undo()
    assert m.can_redo()
    m.redo()
    assert [e.data["faces"] for e in m.effective()] == [[1], [2]]
    m.redo()
    assert [e.data["faces"] for e in m.effective()] == [[1], [2], [3]]
    assert m.redo() is None


def test_a_new_event_after_undo_ends_the_redo_chain(journal):
    m = journal.new_match("dice")
    m.append("roll", {"faces": [1]})
    m.append("roll", {"faces": [2]})
    m.undo()
    m.append("roll", {"faces": [5]})
    assert not m.can_redo()
    assert [e.data["faces"] for e in m.effective()] == [[1], [5]]


def test_undo_with_nothing_to_undo_does_nothing(journal):
    m = journal.new_match("dice")
    assert m.undo() is None and m.events() == []


def test_finished_and_unfinished_matches_are_listed(journal):
    a = journal.new_match("magici", title="A")
    b = journal.new_match("magici", title="B")
    a.finish({"winner": "white"})
    assert [i.title for i in journal.matches(unfinished=True)] == ["B"]
    assert [i.title for i in journal.matches(unfinished=False)] == ["A"]
    assert journal.latest_unfinished("magici").id == b.id
    assert journal.match(a.id).info.result == {"winner": "white"}


def test_undoing_the_finish_reopens_the_match(journal):
    m = journal.new_match("duere")
    m.append("move", {"m": "a2b4"})
    m.finish({"winner": "red"})
    m.undo()
    assert not m.info.finished
    m.redo()
    assert m.info.finished and m.info.result == {"winner": "red"}


def test_export_to_json_carries_every_event(journal, tmp_path):
    m = journal.new_match("dice", title="t")
    m.append("roll", {"faces": [4, 4]})
    m.undo()
    data = m.export_json()
    json.dumps(data)
    assert data["match"]["game"] == "dice"
    assert [e["kind"] for e in data["events"]] == ["roll", "undo"]
    assert data["effective"] == []


def test_a_file_that_is_not_a_journal_is_named_in_the_error(tmp_path):
    bad = tmp_path / "journal.db"
    bad.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(JournalError, match="journal.db"):
        Journal.open(bad)
    assert bad.read_bytes().startswith(b"this is not sqlite")  # nothing lost


def test_a_newer_schema_is_refused_not_overwritten(tmp_path):
    path = tmp_path / "j.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=99")
    conn.close()
    with pytest.raises(JournalError, match="newer"):
        Journal.open(path)


def test_a_damaged_event_is_reported_with_its_match_and_number(journal):
    m = journal.new_match("dice")
    m.append("roll", {"faces": [1]})
    journal._conn.execute("UPDATE events SET data = '{broken' WHERE seq = 1")
    with pytest.raises(JournalError, match=r"match 1 cannot be read \(event 1 \(roll\) is not valid JSON"):
        m.events()


def test_events_survive_sigkill_of_the_writer(tmp_path):
    """A process appending events is killed at an arbitrary moment: every committed event stays."""
    path = tmp_path / "j.db"
    script = textwrap.dedent(
        f"""
        import sys
        from companion.core.journal import Journal
        j = Journal.open({str(path)!r})
        m = j.new_match("dice")
        i = 0
        while True:
            m.append("roll", {{"faces": [i % 6 + 1], "i": i}})
            i += 1
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", script])
    try:
        deadline = time.monotonic() + 30
        count = 0
        while time.monotonic() < deadline and count < 200:
            time.sleep(0.05)
            if path.exists():
                try:
                    conn = sqlite3.connect(path)
                    count = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
                    conn.close()
                except sqlite3.OperationalError:
                    pass
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    j = Journal.open(path)
    m = j.match(1)
    seen = [e.data["i"] for e in m.effective()]
    assert len(seen) >= 200
    assert seen == list(range(len(seen)))  # no gap, no torn event


def test_a_full_disk_refuses_the_event_and_the_journal_keeps_working(tmp_path):
    j = Journal.open(tmp_path / "j.db")
    m = j.new_match("dice")
    m.append("roll", {"faces": [1]})
    pages = j._conn.execute("PRAGMA page_count").fetchone()[0]
    j._conn.execute(f"PRAGMA max_page_count={pages}")  # the disk is full from now on
    with pytest.raises(JournalError, match="could not save"):
        for i in range(500):
            m.append("roll", {"faces": [2], "pad": "x" * 2000, "i": i})
    j._conn.execute("PRAGMA max_page_count=1073741823")  # space is freed
    m.append("roll", {"faces": [3]})
    faces = [e.data["faces"] for e in m.effective()]
    assert faces[0] == [1] and faces[-1] == [3] and all(f in ([1], [2], [3]) for f in faces)


def test_a_lock_held_by_another_process_is_an_error_not_damage(tmp_path, monkeypatch):
    from companion.core import journal as journal_module

    monkeypatch.setattr(journal_module, "BUSY_TIMEOUT_S", 0.1)
    path = tmp_path / "j.db"
    j = Journal.open(path)
    m = j.new_match("dice")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(JournalError) as err:
            m.append("roll", {"faces": [1]})
        assert not isinstance(err.value, journal_module.JournalDamaged)
    finally:
        other.execute("ROLLBACK")
        other.close()
    m.append("roll", {"faces": [1]})
    assert len(m.effective()) == 1


def test_only_a_damaged_file_is_moved_aside(tmp_path):
    from companion.app import open_journal

    path = tmp_path / "journal.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=99")  # a newer app's journal: not damaged
    conn.close()
    with pytest.raises(JournalError, match="newer"):
        open_journal(tmp_path)
    assert path.exists() and not list(tmp_path.glob("journal.damaged-*"))
    path.unlink()
    path.write_bytes(b"not a database" * 500)
    j, aside = open_journal(tmp_path)
    j.close()
    assert aside and (tmp_path / aside.split("/")[-1]).read_bytes().startswith(b"not a database")


def test_atomic_block_commits_once_or_not_at_all(tmp_path):
    from companion.core.journal import Journal
    j = Journal.open(tmp_path / "j.db")
    m = j.new_match("magici")
    m.append("start", {})
    with j.atomic():
        m.append("turn", {"n": 1})
        m.undo()
        m.finish({"winner": "white"})
    assert m.info.finished
    assert [e.kind for e in m.events()] == ["start", "turn", "undo", "finish"]
    try:
        with j.atomic():
            m.append("turn", {"n": 2})
            m2 = j.new_match("magici")
            m2.append("start", {})
            raise RuntimeError("cut")
    except RuntimeError:
        pass
    assert [e.kind for e in m.events()] == ["start", "turn", "undo", "finish"]
    assert len(j.matches()) == 1
    m.append("note", {})  # the connection is usable again
    assert m.events()[-1].kind == "note"
