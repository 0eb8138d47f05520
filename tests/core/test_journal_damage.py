"""Damage never stops the journal: every row checked, an unreadable match set aside (kept, never
deleted), a file that is not a journal moved aside, read-only opens that write nothing."""

import hashlib
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion.app import open_journal
from companion.core.journal import Journal, JournalDamaged, JournalError, MatchUnreadable


def make_journal(path: Path) -> Journal:
    ticks = iter(range(1_000, 10**9, 10))
    j = Journal.open(path, wall_ms=lambda: next(ticks))
    good = j.new_match("dice", title="good")
    for i in range(3):
        good.append("roll", {"faces": [i + 1]})
    bad = j.new_match("dice", title="victim")
    for i in range(3):
        bad.append("roll", {"faces": [i + 1]})
    return j


# Every kind of damage a row can take that PRAGMA quick_check does not see.
ROW_DAMAGE = {
    "event JSON broken": "UPDATE events SET data = '{\"faces\": [1' WHERE match_id = 2 AND seq = 2",
    "event not UTF-8": "UPDATE events SET data = CAST(X'7B2266223A22FF227D' AS TEXT) WHERE match_id = 2 AND seq = 2",
    "event kind not UTF-8": "UPDATE events SET kind = CAST(X'FF' AS TEXT) WHERE match_id = 2 AND seq = 1",
    "event kind empty": "UPDATE events SET kind = '' WHERE match_id = 2 AND seq = 1",
    "event data a list": "UPDATE events SET data = '[1, 2]' WHERE match_id = 2 AND seq = 3",
    "event data a blob": "UPDATE events SET data = X'00FF00' WHERE match_id = 2 AND seq = 3",
    "event time text": "UPDATE events SET at_ms = 'noon' WHERE match_id = 2 AND seq = 3",
    "event number text": "UPDATE events SET seq = 'x' WHERE match_id = 2 AND seq = 3",
    "undo of a missing event": "INSERT INTO events VALUES (2, 4, 'undo', '{\"target\": 99}', 5)",
    "undo of nothing": "INSERT INTO events VALUES (2, 4, 'undo', '{}', 5)",
    "redo of a non-undo": "INSERT INTO events VALUES (2, 4, 'redo', '{\"target\": 1}', 5)",
    "meta JSON broken": "UPDATE matches SET meta = '{' WHERE id = 2",
    "meta not UTF-8": "UPDATE matches SET meta = CAST(X'FFFE' AS TEXT) WHERE id = 2",
    "title not UTF-8": "UPDATE matches SET title = CAST(X'C3' AS TEXT) WHERE id = 2",
    "game not UTF-8": "UPDATE matches SET game = CAST(X'C3' AS TEXT) WHERE id = 2",
    "result JSON broken": "UPDATE matches SET result = 'nope' WHERE id = 2",
    "created_at text": "UPDATE matches SET created_at = 'today' WHERE id = 2",
}


@pytest.mark.parametrize("damage", sorted(ROW_DAMAGE))
def test_a_damaged_row_sets_its_match_aside_and_the_rest_goes_on(tmp_path, damage):
    path = tmp_path / "journal.db"
    j = make_journal(path)
    j._conn.execute(ROW_DAMAGE[damage])
    # listing never raises on content, and leaves the unreadable match out
    assert [m.id for m in j.matches()] in ([1], [2, 1])
    found = j.scan()
    assert [mid for mid, _ in found] == [2], found
    assert [m.id for m in j.matches()] == [1]
    assert j.latest_unfinished("dice").id == 1
    assert [e.data["faces"] for e in j.match(1).effective()] == [[1], [2], [3]]
    with pytest.raises(MatchUnreadable) as err:
        j.match(2).effective() if "meta" not in damage and "title" not in damage and "game" not in damage \
            and "result" not in damage and "created" not in damage else j.match(2).info
    assert err.value.match_id == 2 and str(path) in str(err.value)
    j.match(1).append("roll", {"faces": [4]})  # the journal goes on
    j.close()
    # set aside is remembered in the file: the next start does not trip again, nothing deleted
    again = Journal.open(path)
    assert again.aside.keys() == {2} and again.scan() == []
    assert [m.id for m in again.matches()] == [1]
    assert [m.id for m in again.matches(include_set_aside=True)] == [2, 1]
    assert again._conn.execute("SELECT COUNT(*) FROM events WHERE match_id = 2").fetchone()[0] >= 3
    again.close()


@pytest.mark.parametrize("damage", [
    "DROP TABLE events",
    "ALTER TABLE events RENAME TO evts",
    "ALTER TABLE matches RENAME TO games",
    "ALTER TABLE events DROP COLUMN at_ms",
    "ALTER TABLE matches RENAME COLUMN meta TO metadata",
])
def test_a_missing_table_or_column_is_damage_moved_aside(tmp_path, damage):
    path = tmp_path / "journal.db"
    make_journal(path).close()
    conn = sqlite3.connect(path)
    conn.execute(damage)
    conn.commit()
    conn.close()
    with pytest.raises(JournalDamaged, match="table"):
        Journal.open(path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    j, aside = open_journal(tmp_path)
    assert aside and hashlib.sha256(Path(aside).read_bytes()).hexdigest() == before  # kept as it was
    assert j.matches() == []
    j.close()


@pytest.mark.parametrize("size", [0, 1, 100, 511])
def test_a_file_too_short_to_be_a_journal_is_kept_aside_with_notice(tmp_path, size):
    path = tmp_path / "journal.db"
    path.write_bytes(b"S" * size)
    with pytest.raises(JournalDamaged, match="too short"):
        Journal.open(path)
    j, aside = open_journal(tmp_path)
    assert aside is not None and Path(aside).read_bytes() == b"S" * size
    j.close()


def test_damaged_files_set_aside_in_the_same_second_never_overwrite_each_other(tmp_path):
    asides = []
    for content in (b"", b"x"):
        (tmp_path / "journal.db").write_bytes(content)
        j, aside = open_journal(tmp_path)
        j.close()
        (tmp_path / "journal.db").unlink()
        for extra in tmp_path.glob("journal.db-*"):
            extra.unlink()
        asides.append(aside)
    assert len(set(asides)) == 2 and [Path(a).read_bytes() for a in asides] == [b"", b"x"]


def test_a_new_journal_is_private(tmp_path):
    folder = tmp_path / "data"
    j, _ = open_journal(folder)
    j.new_match("dice").append("roll", {"faces": [1]})
    assert folder.stat().st_mode & 0o777 == 0o700
    for f in folder.glob("journal.db*"):
        assert f.stat().st_mode & 0o777 == 0o600, f
    j.close()


def test_an_old_public_journal_is_made_private(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    j, _ = open_journal(folder)
    j.close()
    (folder / "journal.db").chmod(0o644)
    j, _ = open_journal(folder)
    j.close()
    assert folder.stat().st_mode & 0o777 == 0o700
    assert (folder / "journal.db").stat().st_mode & 0o777 == 0o600


# -- read-only opens ------------------------------------------------------------------------------
def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_a_read_only_open_writes_nothing_to_a_rollback_journal(tmp_path):
    """A journal copied by another tool (rollback mode, no set_aside table) stays exactly so."""
    path = tmp_path / "journal.db"
    make_journal(path).close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("DROP TABLE set_aside")
    conn.close()
    before = digest(tmp_path)
    j = Journal.open(path, readonly=True)
    assert [e.data["faces"] for e in j.match(2).effective()] == [[1], [2], [3]]
    with pytest.raises(JournalError, match="read-only"):
        j.match(1).append("roll", {"faces": [6]})
    with pytest.raises(JournalError, match="read-only"):
        j.new_match("dice")
    j.close()
    assert digest(tmp_path) == before


def test_a_read_only_open_of_a_missing_file_creates_nothing(tmp_path):
    with pytest.raises(JournalError, match="no such journal"):
        Journal.open(tmp_path / "nope.db", readonly=True)
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def read_only_mount(tmp_path):
    """A folder on a read-only medium: a read-only bind mount (root), else a 0555 folder."""
    src, mnt = tmp_path / "src", tmp_path / "ro"
    src.mkdir()
    mnt.mkdir()
    mounted = False
    if os.geteuid() == 0:
        r = subprocess.run(["mount", "--bind", str(src), str(mnt)], capture_output=True)
        if r.returncode == 0:
            r = subprocess.run(["mount", "-o", "remount,ro,bind", str(mnt)], capture_output=True)
            mounted = r.returncode == 0
            if not mounted:
                subprocess.run(["umount", str(mnt)])
    if not mounted:
        if os.geteuid() == 0:
            pytest.skip("no read-only bind mount here, and root writes through 0555 folders")
        mnt.rmdir()
        mnt = src
    yield src, mnt, mounted
    if mounted:
        subprocess.run(["umount", str(mnt)])
    else:
        src.chmod(0o755)


@pytest.mark.parametrize("unclean", [False, True], ids=["closed", "wal-left"])
def test_a_journal_on_a_read_only_medium_can_be_read(read_only_mount, unclean):
    src, mnt, mounted = read_only_mount
    j = make_journal(src / "journal.db")
    if unclean:  # copy the files while the writer is open: the events are still in the WAL
        for p in list(src.iterdir()):
            (src / ("copy" + p.name[len("journal"):])).write_bytes(p.read_bytes())
    j.close()
    name = "copy.db" if unclean else "journal.db"
    if not mounted:
        src.chmod(0o555)
    before = digest(src)
    ro = Journal.open(mnt / name, readonly=True)
    assert [e.data["faces"] for e in ro.match(2).effective()] == [[1], [2], [3]]
    assert [m.id for m in ro.matches()] == [2, 1]
    ro.close()
    assert digest(src) == before
