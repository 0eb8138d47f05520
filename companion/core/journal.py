"""The match journal: an append-only event log in SQLite.

Every match is a list of events ``(seq, kind, data, at_ms)``. Each :meth:`MatchLog.append` is
one committed transaction (WAL, ``synchronous=FULL``), so pulling the plug loses at most the
event being written. State is never stored: it is a replay of :meth:`MatchLog.effective`.
Undo is a new event (``undo`` naming its target), redo another (``redo`` naming the undo);
nothing is ever deleted or rewritten.

Damage never stops the app. :meth:`Journal.open` refuses a file that is not a journal (too short,
not a database, failing the integrity check, a table or column missing) with
:class:`JournalDamaged`, and the app moves it aside. Inside a good file every row is checked
when read (UTF-8, JSON, types, undo/redo targets): a match whose rows cannot be read raises
:class:`MatchUnreadable`, is *set aside* (:meth:`Journal.set_aside`: kept, never deleted, left
out of :meth:`Journal.matches` and the resume offer, named by ``companion doctor``) and the rest
goes on. :meth:`Journal.scan` checks every row at once (start-up, doctor).

``Journal.open(path, readonly=True)`` reads without writing anything (no table added, no switch
to WAL), also on read-only media.

>>> import tempfile, os
>>> j = Journal.open(os.path.join(tempfile.mkdtemp(), "j.db"))
>>> m = j.new_match("dice", title="Table 1")
>>> _ = m.append("roll", {"faces": [3, 5]}); _ = m.append("roll", {"faces": [6]})
>>> _ = m.undo(); [e.data["faces"] for e in m.effective()]
[[3, 5]]
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.files import sync_folder

SCHEMA_VERSION = 1
BUSY_TIMEOUT_S = 5.0  # how long a write waits for another process's lock before giving up
UNDO, REDO, FINISH = "undo", "redo", "finish"
CONTROL_KINDS = frozenset({UNDO, REDO})
MIN_FILE_BYTES = 512  # the smallest SQLite database (one page of the smallest size)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT    NOT NULL,
    title       TEXT    NOT NULL DEFAULT '',
    meta        TEXT    NOT NULL DEFAULT '{}',
    created_at  INTEGER NOT NULL,
    finished_at INTEGER,
    result      TEXT
);
CREATE TABLE IF NOT EXISTS events (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seq      INTEGER NOT NULL,
    kind     TEXT    NOT NULL,
    data     TEXT    NOT NULL,
    at_ms    INTEGER NOT NULL,
    PRIMARY KEY (match_id, seq)
);
"""
# Matches that cannot be read, kept out of the way (added to schema-1 files; older apps ignore it).
_ASIDE_SCHEMA = """
CREATE TABLE IF NOT EXISTS set_aside (
    match_id INTEGER PRIMARY KEY,
    reason   TEXT    NOT NULL,
    at_ms    INTEGER NOT NULL
)"""
# The columns a schema-1 file must have (a file without them is damaged, not a new journal).
_REQUIRED = {
    "matches": {"id", "game", "title", "meta", "created_at", "finished_at", "result"},
    "events": {"match_id", "seq", "kind", "data", "at_ms"},
}


class _BadText(str):
    """A TEXT value that is not UTF-8 (the bytes are kept for the message)."""

    raw: bytes = b""


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        bad = _BadText(raw.decode("utf-8", "replace"))
        bad.raw = raw
        return bad


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


class JournalError(Exception):
    """The journal cannot be used as it is; the message names the file and what is wrong."""


class JournalDamaged(JournalError):
    """The file itself is bad (not a database, or it fails the integrity check)."""


# the largest match or event number SQLite's integers hold (a larger one is bad input, named)
MAX_ID = 2**63 - 1


# What reading a match raises when its content is not what its game expects (a roll without
# faces, an unknown variant, a bad start string, a setup whose army is a number): the match is
# set aside, the rest goes on
CONTENT_ERRORS: tuple[type[BaseException], ...] = (KeyError, TypeError, ValueError, IndexError,
                                                   AttributeError)


class MatchUnreadable(JournalError):
    """One match's rows cannot be read; the rest of the journal is fine.

    ``match_id`` names it and ``reason`` says what is wrong and where (the event's number). The
    caller sets it aside (:meth:`Journal.set_aside`) and goes on. Screens raise it too when a
    match's content makes no sense to its game (a roll without faces, an unknown variant).
    """

    def __init__(self, path: str, match_id: int, reason: str) -> None:
        self.path, self.match_id, self.reason = path, match_id, reason
        super().__init__(f"{path}: match {match_id} cannot be read ({reason})")


@dataclass(frozen=True)
class Event:
    seq: int
    kind: str
    data: dict[str, Any]
    at_ms: int

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "data": self.data, "at_ms": self.at_ms}


@dataclass(frozen=True)
class MatchInfo:
    id: int
    game: str
    title: str
    meta: dict[str, Any]
    created_at: int
    finished_at: int | None
    result: dict[str, Any] | None
    event_count: int

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


@dataclass
class _Replay:
    """The undo/redo bookkeeping derived from the raw events."""

    effective: list[Event] = field(default_factory=list)
    redoable: list[Event] = field(default_factory=list)  # undo events that a redo may cancel


class _BadControl(ValueError):
    """An undo or redo that does not name what it should (the match cannot be replayed)."""


def _replay(events: list[Event]) -> _Replay:
    """Undo/redo bookkeeping; :class:`_BadControl` if a marker's target is not what it must be
    (an undo names an earlier event that counts, a redo names the last undo still redoable)."""
    by_seq = {e.seq: e for e in events}
    undone: set[int] = set()
    redoable: list[Event] = []
    for e in events:
        if e.kind == UNDO:
            target = e.data.get("target")
            aim = by_seq.get(target) if isinstance(target, int) and not isinstance(target, bool) else None
            if aim is None or aim.seq >= e.seq or aim.kind in CONTROL_KINDS or aim.seq in undone:
                raise _BadControl(f"event {e.seq} (undo) names {target!r}, not an earlier event that counts")
            undone.add(aim.seq)
            redoable.append(e)
        elif e.kind == REDO:
            target = e.data.get("target")
            undo_event = by_seq.get(target) if isinstance(target, int) and not isinstance(target, bool) else None
            if undo_event is None or undo_event.kind != UNDO or undo_event.seq >= e.seq \
                    or undo_event.data["target"] not in undone:
                raise _BadControl(f"event {e.seq} (redo) names {target!r}, not an undo it can cancel")
            undone.discard(undo_event.data["target"])
            if redoable and redoable[-1].seq == undo_event.seq:
                redoable.pop()
        else:
            redoable.clear()
    effective = [e for e in events if e.kind not in CONTROL_KINDS and e.seq not in undone]
    return _Replay(effective, redoable)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Journal:
    """All matches of one installation, in one SQLite file."""

    def __init__(self, conn: sqlite3.Connection, path: str, wall_ms: Callable[[], int],
                 readonly: bool = False) -> None:
        self._conn = conn
        self.path = path
        self.wall_ms = wall_ms
        self.readonly = readonly
        self._depth = 0  # open atomic() blocks: writes inside them share one transaction
        self.aside: dict[int, str] = {}  # match id -> why it was set aside
        self._noted: set[int] = set()  # those already named (in the file, or by set_aside)
        self._load_aside()

    @classmethod
    def open(cls, path: str | Path, wall_ms: Callable[[], int] = wall_clock_ms, *,
             readonly: bool = False) -> "Journal":
        """Open (or create) the journal at ``path``.

        Raises :class:`JournalDamaged` if the file is not a journal (too short to be one, not a
        database, failing its integrity check, a table or column missing): the app then keeps
        it aside and starts a new one. Raises :class:`JournalError` for everything that does not
        mean the file is bad (a full disk, a lock held by another process, a newer schema, no
        permission): those must never cost the user the file.

        ``readonly=True`` opens with SQLite's ``mode=ro`` (``immutable`` on a read-only medium
        where a reader could not even make its shared-memory file): nothing is written, no table
        added, the journal mode left as it is; a file that does not exist is an error.
        A new journal's folder is made 0700 and its file 0600 (matches are private).
        """
        path = str(path)
        memory = path == ":memory:"
        if not memory:
            _check_size(path)
        if readonly:
            if not memory and not Path(path).is_file():
                raise JournalError(f"{path}: no such journal")
            return cls._open_readonly(path, wall_ms)
        if not memory and not Path(path).exists():
            _create(path)
        conn: sqlite3.Connection | None = None
        try:
            conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)  # BEGIN/COMMIT are ours
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            _check_database(conn, path)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:  # a new file (or, one day, an older schema to migrate)
                if conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
                    raise JournalDamaged(f"{path}: a database, but not a companion journal (no schema version)")
                conn.executescript(_SCHEMA + _ASIDE_SCHEMA + ";")
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            else:
                _check_schema(conn, path)
                if not _has_table(conn, "set_aside"):  # a schema-1 file from before set-aside
                    conn.execute(_ASIDE_SCHEMA)
        except JournalError:
            if conn is not None:
                conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            if conn is not None:
                conn.close()
            if getattr(exc, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
                raise JournalDamaged(f"{path}: not a usable journal ({exc})") from None
            raise JournalError(f"{path}: cannot be opened ({exc})") from None
        return cls(conn, path, wall_ms)

    @classmethod
    def _open_readonly(cls, path: str, wall_ms: Callable[[], int]) -> "Journal":
        quoted = urllib.parse.quote(os.path.abspath(path))
        last: Exception | None = None
        for flags in ("mode=ro", "mode=ro&immutable=1"):
            conn: sqlite3.Connection | None = None
            try:
                conn = sqlite3.connect(f"file:{quoted}?{flags}", uri=True, isolation_level=None,
                                       timeout=BUSY_TIMEOUT_S)
                _check_database(conn, path)
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version < SCHEMA_VERSION:
                    raise JournalDamaged(f"{path}: not a companion journal (no schema version)")
                _check_schema(conn, path)
                return cls(conn, path, wall_ms, readonly=True)
            except JournalError:
                if conn is not None:
                    conn.close()
                raise
            except sqlite3.DatabaseError as exc:
                if conn is not None:
                    conn.close()
                name = getattr(exc, "sqlite_errorname", "")
                if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
                    raise JournalDamaged(f"{path}: not a usable journal ({exc})") from None
                last = exc
                if not name.startswith(("SQLITE_CANTOPEN", "SQLITE_READONLY")):
                    break
        raise JournalError(f"{path}: cannot be opened for reading ({last})")

    def close(self) -> None:
        self._conn.close()

    # -- matches ------------------------------------------------------------------------------
    def new_match(self, game: str, title: str = "", meta: dict[str, Any] | None = None) -> "MatchLog":
        with self._transaction():
            cur = self._conn.execute(
                "INSERT INTO matches (game, title, meta, created_at) VALUES (?, ?, ?, ?)",
                (game, title, json.dumps(meta or {}), self.wall_ms()),
            )
        return MatchLog(self, int(cur.lastrowid))

    def match(self, match_id: int) -> "MatchLog":
        """A match by number, set aside or not (its rows are checked when read)."""
        try:
            row = self._conn.execute("SELECT id FROM matches WHERE id = ?", (match_id,)).fetchone()
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: cannot be read ({exc})") from None
        if row is None:
            raise JournalError(f"{self.path}: no match number {match_id}")
        return MatchLog(self, match_id)

    def matches(self, game: str | None = None, unfinished: bool | None = None,
                include_set_aside: bool = False) -> list[MatchInfo]:
        """Matches, newest first; ``unfinished=True`` lists those to offer for resumption.

        Never raises on content: a match whose row cannot be read is set aside (for this run)
        and left out, as are matches set aside before (unless ``include_set_aside``).
        Only a failing read of the file itself (I/O) raises :class:`JournalError`.
        """
        sql = (
            "SELECT m.id, m.game, m.title, m.meta, m.created_at, m.finished_at, m.result,"
            " (SELECT COUNT(*) FROM events e WHERE e.match_id = m.id) FROM matches m WHERE 1=1"
        )
        args: list[Any] = []
        if game is not None:
            sql += " AND m.game = ?"
            args.append(game)
        if unfinished is True:
            sql += " AND m.finished_at IS NULL"
        elif unfinished is False:
            sql += " AND m.finished_at IS NOT NULL"
        sql += " ORDER BY m.id DESC"
        out = []
        for row in self._fetch(sql, args):
            if not _is_int(row[0]):
                continue  # no number to name it by: nothing can refer to it
            if row[0] in self.aside and not include_set_aside:
                continue
            try:
                out.append(self._info(row))
            except MatchUnreadable as exc:
                self.aside.setdefault(exc.match_id, exc.reason)
                if include_set_aside:
                    out.append(MatchInfo(row[0], _plain(row[1]), "", {}, 0, None, None, 0))
        return out

    def _info(self, row: tuple[Any, ...]) -> MatchInfo:
        mid = row[0]

        def bad(what: str) -> MatchUnreadable:
            return MatchUnreadable(self.path, mid, what)

        for i, name in ((1, "game"), (2, "title")):
            if not isinstance(row[i], str) or isinstance(row[i], _BadText):
                raise bad(f"its {name} is not text")
        if not row[1]:
            raise bad("it names no game")
        meta = self._json(row[3], mid, "its meta")
        result = self._json(row[6], mid, "its result") if row[6] is not None else None
        if not isinstance(meta, dict) or (result is not None and not isinstance(result, dict)):
            raise bad("its meta or result is not a JSON object")
        if not _is_int(row[4]) or (row[5] is not None and not _is_int(row[5])):
            raise bad("its times are not whole numbers")
        return MatchInfo(id=mid, game=row[1], title=row[2], meta=meta, created_at=row[4],
                         finished_at=row[5], result=result, event_count=row[7])

    def matches_pointing_at(self, kind: str, match_id: int) -> list[int]:
        """The matches holding an event of ``kind`` whose ``data["match"]`` is ``match_id`` (a
        link from one match to another, e.g. a Magici game's ``board_link``), oldest first."""
        rows = self._fetch(
            "SELECT DISTINCT match_id FROM events WHERE kind = ? AND json_valid(data)"
            " AND json_extract(data, '$.match') = ? ORDER BY match_id", (kind, match_id))
        return [int(r[0]) for r in rows]

    def latest_unfinished(self, game: str) -> "MatchLog | None":
        found = self.matches(game=game, unfinished=True)
        return MatchLog(self, found[0].id) if found else None

    # -- damage -------------------------------------------------------------------------------
    def set_aside(self, match_id: int, reason: str, remember: bool = True) -> bool:
        """Keep a match that cannot be read out of the way: never deleted, no longer listed by
        :meth:`matches` nor offered for resumption. Remembered in the file when it can be
        written (so the next start does not trip on it again), else for this run;
        ``remember=False``: for this run only (what its game's code could not replay may be
        that code's fault, mended by the next version: the match is then found again).
        Returns True if it was not set aside already."""
        new = match_id not in self._noted
        self.aside[match_id] = reason
        self._noted.add(match_id)
        if new and remember and not self.readonly and self._depth == 0:
            try:
                with self._transaction() as conn:
                    conn.execute("INSERT OR REPLACE INTO set_aside (match_id, reason, at_ms) VALUES (?, ?, ?)",
                                  (match_id, reason, self.wall_ms()))
            except JournalError:
                pass  # a full disk: kept aside for this run, found again at the next start
        return new

    def scan(self, unfinished_only: bool = False) -> list[tuple[int, str]]:
        """Check every row of every match (or of the unfinished ones); set aside those that
        cannot be read. Returns the matches newly set aside, ``(id, reason)``."""
        for info in self.matches(unfinished=True if unfinished_only else None):
            try:
                MatchLog(self, info.id).effective()
            except MatchUnreadable as exc:
                self.aside.setdefault(exc.match_id, exc.reason)
        found = [(mid, reason) for mid, reason in sorted(self.aside.items()) if mid not in self._noted]
        for mid, reason in found:
            self.set_aside(mid, reason)
        return found

    def game_of(self, match_id: int) -> str:
        """The game a match is of, however damaged the rest of its row ("?" if none)."""
        try:
            rows = self._fetch("SELECT game FROM matches WHERE id = ?", (match_id,))
        except JournalError:
            return "?"
        row = rows[0] if rows else None
        return "?" if row is None or not isinstance(row[0], str) or isinstance(row[0], _BadText) else row[0]

    def set_aside_matches(self) -> list[tuple[int, str, str]]:
        """Every match set aside, ``(id, game, reason)``, oldest first."""
        games: dict[int, str] = {}
        try:
            for mid, game in self._fetch("SELECT id, game FROM matches"):
                games[mid] = _plain(game)
        except JournalError:
            pass
        return [(mid, games.get(mid, "?"), reason) for mid, reason in sorted(self.aside.items())]

    def _load_aside(self) -> None:
        if not _has_table(self._conn, "set_aside"):
            return
        try:
            for mid, reason in self._fetch("SELECT match_id, reason FROM set_aside"):
                if _is_int(mid):
                    self.aside[mid] = _plain(reason)
                    self._noted.add(mid)
        except JournalError:
            pass

    def atomic(self) -> "_Tx":
        """One user action, one transaction: every write inside the block (appends, undos,
        redos, finishes, new matches) commits together at its end, or none of them does.

        Blocks nest (only the outermost commits). A failure inside rolls everything back and
        raises :class:`JournalError` (or the exception that broke the block).

        >>> import tempfile, os
        >>> j = Journal.open(os.path.join(tempfile.mkdtemp(), "j.db"))
        >>> m = j.new_match("dice")
        >>> with j.atomic():
        ...     _ = m.append("roll", {"faces": [1]}); _ = m.append("roll", {"faces": [2]})
        >>> len(m.effective())
        2
        """
        return _Tx(self._conn, self.path, self)

    # -- plumbing -----------------------------------------------------------------------------
    def _fetch(self, sql: str, args: tuple[Any, ...] | list[Any] = ()) -> list[Any]:
        """Rows of a query. Text that is not UTF-8 comes back as a :class:`_BadText` (for the
        row checks to name) instead of failing the whole query; the usual, valid case keeps
        SQLite's own fast decoding."""
        try:
            return self._conn.execute(sql, args).fetchall()
        except sqlite3.OperationalError as exc:
            if "decode" not in str(exc):
                raise JournalError(f"{self.path}: cannot be read ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: cannot be read ({exc})") from None
        self._conn.text_factory = _text
        try:
            return self._conn.execute(sql, args).fetchall()
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: cannot be read ({exc})") from None
        finally:
            self._conn.text_factory = str

    def _transaction(self) -> "_Tx":
        if self.readonly:
            raise JournalError(f"{self.path}: opened read-only, nothing can be saved")
        return _Tx(self._conn, self.path, self)

    def _json(self, text: Any, match_id: int, what: str) -> Any:
        if not isinstance(text, str) or isinstance(text, _BadText):
            raise MatchUnreadable(self.path, match_id, f"{what} is not UTF-8 text")
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise MatchUnreadable(self.path, match_id, f"{what} is not valid JSON ({exc})") from None

    def _loads(self, text: str, what: str) -> Any:
        try:
            return json.loads(text)
        except (TypeError, ValueError, RecursionError) as exc:
            raise JournalError(f"{self.path}: {what} is not valid JSON ({exc})") from None


def _plain(value: Any) -> str:
    return str(value) if isinstance(value, str) else repr(value)


def _has_table(conn: sqlite3.Connection, name: str) -> bool:
    try:
        return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                            (name,)).fetchone() is not None
    except sqlite3.DatabaseError:
        return False


def _check_size(path: str) -> None:
    """A file too short to be a database (0 or 1 byte left by a failing card, a copy cut short)
    is damage, not a new journal: SQLite would silently start an empty one over it."""
    try:
        size = os.stat(path).st_size
    except FileNotFoundError:
        return
    except OSError:
        return  # the open says what is wrong
    if size >= MIN_FILE_BYTES:
        return
    try:
        wal = os.stat(path + "-wal").st_size
    except OSError:
        wal = 0
    if size == 0 and wal > 0:
        return  # a database still wholly in its write-ahead log
    raise JournalDamaged(f"{path}: too short to be a journal ({size} byte{'s' if size != 1 else ''})")


def _check_database(conn: sqlite3.Connection, path: str) -> None:
    check = conn.execute("PRAGMA quick_check").fetchone()[0]
    if check != "ok":
        raise JournalDamaged(f"{path}: the database is damaged ({check})")
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise JournalError(
            f"{path}: written by a newer companion (schema {version}, this one knows "
            f"{SCHEMA_VERSION}); update the app"
        )


def _check_schema(conn: sqlite3.Connection, path: str) -> None:
    """A schema-1 file must have its tables and columns (a renamed or dropped one is damage)."""
    for table, needed in _REQUIRED.items():
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not have:
            raise JournalDamaged(f"{path}: the table {table!r} is missing")
        missing = needed - have
        if missing:
            raise JournalDamaged(f"{path}: the table {table!r} has no column {', '.join(sorted(missing))}")


def _create(path: str) -> None:
    """Make a new, empty journal whole, then give it its name: a power cut during creation
    leaves either no journal or a complete one, never a 0-byte or schema-less file (which would
    be indistinguishable from a damaged journal). Folder 0700, file 0600."""
    folder = Path(path).parent
    new = path + ".new"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        for stale in (new, new + "-wal", new + "-shm", new + "-journal"):
            if os.path.exists(stale):
                os.unlink(stale)
        os.close(os.open(new, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError as exc:
        raise JournalError(f"{path}: cannot create it or its folder ({exc.strerror})") from None
    try:
        conn = sqlite3.connect(new, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.executescript("BEGIN;" + _SCHEMA + _ASIDE_SCHEMA + f"; PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")
        finally:
            conn.close()  # the last connection checkpoints into the file and removes its WAL
        fd = os.open(new, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.rename(new, path)
    except (OSError, sqlite3.DatabaseError) as exc:
        raise JournalError(f"{path}: cannot create it ({exc})") from None
    sync_folder(folder)


class _Tx:
    """One write transaction; any failure (full disk, lock, I/O) becomes a JournalError and
    leaves the connection ready for the next write."""

    def __init__(self, conn: sqlite3.Connection, path: str, owner: "Journal | None" = None) -> None:
        self.conn, self.path, self.owner = conn, path, owner
        self.inner = False

    def __enter__(self) -> sqlite3.Connection:
        if self.owner is not None and self.owner._depth > 0:  # inside an atomic() block
            self.inner = True
            self.owner._depth += 1
            return self.conn
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: could not save ({exc})") from None
        if self.owner is not None:
            self.owner._depth = 1
        return self.conn

    def _rollback(self) -> None:
        if self.conn.in_transaction:  # SQLite may already have rolled back by itself
            try:
                self.conn.execute("ROLLBACK")
            except sqlite3.DatabaseError:
                pass

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        if self.owner is not None:
            self.owner._depth -= 1
        if self.inner:  # the outermost block commits or rolls back
            if exc_type is not None and isinstance(exc, sqlite3.DatabaseError):
                raise JournalError(f"{self.path}: could not save ({exc})") from None
            return
        if exc_type is None:
            try:
                self.conn.execute("COMMIT")
            except sqlite3.DatabaseError as err:
                self._rollback()
                raise JournalError(f"{self.path}: could not save ({err})") from None
        else:
            self._rollback()
            if isinstance(exc, sqlite3.DatabaseError):
                raise JournalError(f"{self.path}: could not save ({exc})") from None


class MatchLog:
    """One match's events. Cheap to create; reads go to the database each time."""

    def __init__(self, journal: Journal, match_id: int) -> None:
        self.journal = journal
        self.id = match_id

    @property
    def info(self) -> MatchInfo:
        """The match's row (:class:`MatchUnreadable` if it cannot be read)."""
        rows = self.journal._fetch(
            "SELECT m.id, m.game, m.title, m.meta, m.created_at, m.finished_at, m.result,"
            " (SELECT COUNT(*) FROM events e WHERE e.match_id = m.id) FROM matches m WHERE m.id = ?",
            (self.id,),
        )
        row = rows[0] if rows else None
        if row is None:
            raise JournalError(f"{self.journal.path}: no match number {self.id}")
        return self.journal._info(row)

    def atomic(self) -> "_Tx":
        """The journal's :meth:`Journal.atomic`: ``with match.atomic(): ...`` makes one user
        action (a move and the finish it causes, an undo of both) one transaction."""
        return self.journal.atomic()

    def append(self, kind: str, data: dict[str, Any] | None = None) -> Event:
        """Write one event and commit it before returning (:class:`JournalError` if it could
        not be saved: then nothing was written)."""
        return self._append(kind, data)

    def _append(self, kind: str, data: dict[str, Any] | None, finish_state: tuple[Any, ...] | None = None) -> Event:
        if not kind or not isinstance(kind, str):
            raise ValueError("an event needs a kind")
        payload = json.dumps(data or {}, separators=(",", ":"), sort_keys=True)
        at = self.journal.wall_ms()
        with self.journal._transaction() as conn:
            seq = conn.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE match_id = ?", (self.id,)
            ).fetchone()[0]
            conn.execute(
                "INSERT INTO events (match_id, seq, kind, data, at_ms) VALUES (?, ?, ?, ?, ?)",
                (self.id, seq, kind, payload, at),
            )
            if kind == FINISH:
                finish_state = (at, payload)
            if finish_state is not None:  # the match's finished state changes with this event
                conn.execute(
                    "UPDATE matches SET finished_at = ?, result = ? WHERE id = ?", (*finish_state, self.id)
                )
        return Event(seq, kind, json.loads(payload), at)

    def events(self) -> list[Event]:
        """Every event ever written, undo and redo markers included.

        Every row is checked (a whole number, a kind, a JSON object, a time): one that is not
        makes the match unreadable (:class:`MatchUnreadable`, naming the event)."""
        rows = self.journal._fetch(
            "SELECT seq, kind, data, at_ms FROM events WHERE match_id = ? ORDER BY seq", (self.id,)
        )
        out = []
        loads = json.loads
        for s, k, d, a in rows:
            try:  # the usual case, quickly; any doubt goes to the checks that name the fault
                if type(s) is int and type(k) is str and k and type(a) is int and type(d) is str:
                    data = loads(d)
                    if type(data) is dict:
                        out.append(Event(s, k, data, a))
                        continue
            except (ValueError, RecursionError):
                pass
            self._bad_row(s, k, d, a)
        return out

    def _bad_row(self, s: Any, k: Any, d: Any, a: Any) -> None:
        """Raise :class:`MatchUnreadable` naming what is wrong with an event's row."""
        path = self.journal.path
        if not _is_int(s):
            raise MatchUnreadable(path, self.id, f"an event's number is {s!r}")
        where = f"event {s}"
        if not isinstance(k, str) or isinstance(k, _BadText) or not k:
            raise MatchUnreadable(path, self.id, f"{where} has no readable kind")
        data = self.journal._json(d, self.id, f"{where} ({k})")
        if not isinstance(data, dict):
            raise MatchUnreadable(path, self.id, f"{where} ({k}) is not a JSON object")
        raise MatchUnreadable(path, self.id, f"{where} ({k}) has no time")

    def _replayed(self) -> tuple[list[Event], _Replay]:
        events = self.events()
        try:
            return events, _replay(events)
        except _BadControl as exc:
            raise MatchUnreadable(self.journal.path, self.id, str(exc)) from None

    def effective(self) -> list[Event]:
        """The events that count, in order: undone events left out, markers left out."""
        return self._replayed()[1].effective

    def redo_stack(self) -> list[Event]:
        """The undo events a redo may cancel, the next one last."""
        return self._replayed()[1].redoable

    def can_undo(self) -> bool:
        return bool(self.effective())

    def can_redo(self) -> bool:
        return bool(self.redo_stack())

    def undo(self) -> Event | None:
        """Undo the last event that counts (a compensating event); None if nothing to undo.

        Undoing a ``finish`` reopens the match, in the same transaction as the undo event.
        """
        effective = self.effective()
        if not effective:
            return None
        target = effective[-1]
        reopen = (None, None) if target.kind == FINISH else None
        return self._append(UNDO, {"target": target.seq, "kind": target.kind}, reopen)

    def redo(self) -> Event | None:
        events, replay = self._replayed()
        if not replay.redoable:
            return None
        undo_event = replay.redoable[-1]
        finish_state = None
        if undo_event.data.get("kind") == FINISH:
            finish = next(e for e in events if e.seq == undo_event.data["target"])
            finish_state = (finish.at_ms, json.dumps(finish.data, separators=(",", ":"), sort_keys=True))
        return self._append(REDO, {"target": undo_event.seq}, finish_state)

    def finish(self, result: dict[str, Any]) -> Event:
        return self.append(FINISH, result)

    def export_json(self) -> dict[str, Any]:
        info = self.info
        return {
            "format": "companion-match/1",
            "match": {
                "id": info.id, "game": info.game, "title": info.title, "meta": info.meta,
                "created_at_ms": info.created_at, "finished_at_ms": info.finished_at,
                "result": info.result,
            },
            "events": [e.to_json() for e in self.events()],
            "effective": [e.seq for e in self.effective()],
        }
