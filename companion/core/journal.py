"""The match journal: an append-only event log in SQLite.

Every match is a list of events ``(seq, kind, data, at_ms)``. Each :meth:`MatchLog.append` is
one committed transaction (WAL, ``synchronous=FULL``), so pulling the plug loses at most the
event being written. State is never stored: it is a replay of :meth:`MatchLog.effective`.
Undo is a new event (``undo`` naming its target), redo another (``redo`` naming the undo);
nothing is ever deleted or rewritten.

>>> import tempfile, os
>>> j = Journal.open(os.path.join(tempfile.mkdtemp(), "j.db"))
>>> m = j.new_match("dice", title="Table 1")
>>> _ = m.append("roll", {"faces": [3, 5]}); _ = m.append("roll", {"faces": [6]})
>>> _ = m.undo(); [e.data["faces"] for e in m.effective()]
[[3, 5]]
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1
BUSY_TIMEOUT_S = 5.0  # how long a write waits for another process's lock before giving up
UNDO, REDO, FINISH = "undo", "redo", "finish"
CONTROL_KINDS = frozenset({UNDO, REDO})

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


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


class JournalError(Exception):
    """The journal cannot be used as it is; the message names the file and what is wrong."""


class JournalDamaged(JournalError):
    """The file itself is bad (not a database, or it fails the integrity check)."""


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


def _replay(events: list[Event]) -> _Replay:
    by_seq = {e.seq: e for e in events}
    undone: set[int] = set()
    redoable: list[Event] = []
    for e in events:
        if e.kind == UNDO:
            undone.add(int(e.data["target"]))
            redoable.append(e)
        elif e.kind == REDO:
            undo_event = by_seq[int(e.data["target"])]
            undone.discard(int(undo_event.data["target"]))
            if redoable and redoable[-1].seq == undo_event.seq:
                redoable.pop()
        else:
            redoable.clear()
    effective = [e for e in events if e.kind not in CONTROL_KINDS and e.seq not in undone]
    return _Replay(effective, redoable)


class Journal:
    """All matches of one installation, in one SQLite file."""

    def __init__(self, conn: sqlite3.Connection, path: str, wall_ms: Callable[[], int]) -> None:
        self._conn = conn
        self.path = path
        self.wall_ms = wall_ms
        self._depth = 0  # open atomic() blocks: writes inside them share one transaction

    @classmethod
    def open(cls, path: str | Path, wall_ms: Callable[[], int] = wall_clock_ms) -> "Journal":
        """Open (or create) the journal at ``path``.

        Raises :class:`JournalDamaged` if the file is not a database or fails its integrity
        check (the app then keeps it aside and starts a new one), and :class:`JournalError`
        for everything that does not mean the file is bad (a full disk, a lock held by another
        process, a newer schema, no permission): those must never cost the user the file.
        """
        path = str(path)
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise JournalError(f"{path}: cannot create its folder ({exc.strerror})") from None
        conn: sqlite3.Connection | None = None
        try:
            conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)  # BEGIN/COMMIT are ours
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise JournalDamaged(f"{path}: the database is damaged ({check})")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise JournalError(
                    f"{path}: written by a newer companion (schema {version}, this one knows "
                    f"{SCHEMA_VERSION}); update the app"
                )
            if version < SCHEMA_VERSION:  # a new file (or, one day, an older schema to migrate)
                conn.executescript(_SCHEMA)
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
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
        row = self._conn.execute("SELECT id FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise JournalError(f"{self.path}: no match number {match_id}")
        return MatchLog(self, match_id)

    def matches(self, game: str | None = None, unfinished: bool | None = None) -> list[MatchInfo]:
        """Matches, newest first; ``unfinished=True`` lists those to offer for resumption."""
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
        for row in self._conn.execute(sql, args):
            out.append(
                MatchInfo(
                    id=row[0], game=row[1], title=row[2], meta=self._loads(row[3], f"match {row[0]} meta"),
                    created_at=row[4], finished_at=row[5],
                    result=self._loads(row[6], f"match {row[0]} result") if row[6] else None,
                    event_count=row[7],
                )
            )
        return out

    def latest_unfinished(self, game: str) -> "MatchLog | None":
        found = self.matches(game=game, unfinished=True)
        return MatchLog(self, found[0].id) if found else None

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
    def _transaction(self) -> "_Tx":
        return _Tx(self._conn, self.path, self)

    def _loads(self, text: str, what: str) -> Any:
        try:
            return json.loads(text)
        except (TypeError, json.JSONDecodeError) as exc:
            raise JournalError(f"{self.path}: {what} is not valid JSON ({exc})") from None


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
        for info in self.journal.matches():
            if info.id == self.id:
                return info
        raise JournalError(f"{self.journal.path}: no match number {self.id}")

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
        """Every event ever written, undo and redo markers included."""
        rows = self.journal._conn.execute(
            "SELECT seq, kind, data, at_ms FROM events WHERE match_id = ? ORDER BY seq", (self.id,)
        ).fetchall()
        return [Event(s, k, self.journal._loads(d, f"match {self.id} event {s}"), a) for s, k, d, a in rows]

    def effective(self) -> list[Event]:
        """The events that count, in order: undone events left out, markers left out."""
        return _replay(self.events()).effective

    def can_undo(self) -> bool:
        return bool(self.effective())

    def can_redo(self) -> bool:
        return bool(_replay(self.events()).redoable)

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
        events = self.events()
        replay = _replay(events)
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
