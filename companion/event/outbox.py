"""The journal as the outbox: committed events not yet acknowledged by the broker.

The journal's own schema is not touched: a separate SQLite file beside it
(``JOURNAL.outbox.db``) keeps, per network target (broker, event, station) and match, the last
sequence number the broker acknowledged (QoS 1 PUBACK), and the first match the target
publishes (matches older than the first attach stay private).

Reading goes through a read-only connection of its own: only committed events are seen (WAL),
and ``PRAGMA data_version`` says cheaply whether anyone committed since the last look.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_SCHEMA = """
CREATE TABLE IF NOT EXISTS targets (target TEXT PRIMARY KEY, first_match INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS carried (
    target TEXT NOT NULL, match_id INTEGER NOT NULL,
    PRIMARY KEY (target, match_id)
);
CREATE TABLE IF NOT EXISTS acked (
    target TEXT NOT NULL, match_id INTEGER NOT NULL, seq INTEGER NOT NULL,
    PRIMARY KEY (target, match_id)
);
"""


@dataclass(frozen=True)
class OutEvent:
    match: int
    seq: int
    kind: str
    data: dict[str, Any]
    at_ms: int
    game: str
    title: str
    meta: dict[str, Any]


def _locked(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def wrapper(self: "Outbox", *args: Any, **kwargs: Any) -> Any:
        with self._lock:  # the link's thread and its owner's both ask
            return method(self, *args, **kwargs)
    return wrapper


def outbox_path(journal_path: str | Path) -> Path:
    p = Path(journal_path)
    return p.with_name(p.name + ".outbox.db")


class Outbox:
    """What one station has to send to one target, and what the broker already has."""

    def __init__(self, journal_path: str | Path, target: str) -> None:
        self.journal_path = str(journal_path)
        self.target = target
        self._lock = threading.RLock()
        self._cur = sqlite3.connect(outbox_path(journal_path), isolation_level=None, timeout=5.0,
                                    check_same_thread=False)
        self._cur.execute("PRAGMA journal_mode=WAL")
        self._cur.executescript(_SCHEMA)
        self._read = sqlite3.connect(self.journal_path, isolation_level=None,  # it only ever reads
                                     timeout=5.0, check_same_thread=False)
        row = self._cur.execute("SELECT first_match FROM targets WHERE target = ?", (target,)).fetchone()
        if row is None:  # the station joins this event: from now on, and what is still in play
            newest = self._read.execute("SELECT COALESCE(MAX(id), 0) FROM matches").fetchone()[0]
            in_play = [int(m) for (m,) in self._read.execute("SELECT id FROM matches WHERE finished_at IS NULL")]
            with self._cur:
                self._cur.execute("BEGIN")
                self._cur.execute("INSERT INTO targets VALUES (?, ?)", (target, newest + 1))
                self._cur.executemany("INSERT OR IGNORE INTO carried VALUES (?, ?)", [(target, m) for m in in_play])
            self.first_match = newest + 1
        else:
            self.first_match = int(row[0])
        # Games (and a championship) already running when the station joined go out whole; the
        # matches that were over by then (another day's) stay home.
        self.carried = frozenset(int(m) for (m,) in self._cur.execute(
            "SELECT match_id FROM carried WHERE target = ?", (target,)))

    def covers(self, match_id: int) -> bool:
        """Whether this target gets ``match_id``'s events."""
        return match_id >= self.first_match or match_id in self.carried

    @_locked
    def close(self) -> None:
        self._cur.close()
        self._read.close()

    @_locked
    def data_version(self) -> int:
        return int(self._read.execute("PRAGMA data_version").fetchone()[0])

    @_locked
    def acked(self) -> dict[int, int]:
        rows = self._cur.execute("SELECT match_id, seq FROM acked WHERE target = ?", (self.target,))
        return {int(m): int(s) for m, s in rows}

    @_locked
    def ack(self, upto: dict[int, int]) -> None:
        """Record what the broker acknowledged (never moves a cursor backwards)."""
        with self._cur:
            self._cur.execute("BEGIN")
            for match, seq in upto.items():
                self._cur.execute(
                    "INSERT INTO acked VALUES (?, ?, ?) ON CONFLICT (target, match_id)"
                    " DO UPDATE SET seq = MAX(seq, excluded.seq)", (self.target, match, seq))

    @_locked
    def heads(self) -> dict[int, int]:
        """The last committed sequence number of every published match."""
        rows = self._read.execute(
            "SELECT match_id, MAX(seq) FROM events WHERE match_id >= ? GROUP BY match_id", (self.first_match,))
        heads = {int(m): int(s) for m, s in rows}
        for match in self.carried:
            (head,) = self._read.execute("SELECT MAX(seq) FROM events WHERE match_id = ?", (match,)).fetchone()
            if head is not None:
                heads[match] = int(head)
        return heads

    @_locked
    def pending(self, sent: dict[int, int], limit: int = 500) -> list[OutEvent]:
        """Committed events after ``sent`` (match -> last seq sent), in order: match by match."""
        out: list[OutEvent] = []
        for match, head in sorted(self.heads().items()):
            after = sent.get(match, 0)
            if head <= after:
                continue
            info = self._read.execute("SELECT game, title, meta FROM matches WHERE id = ?", (match,)).fetchone()
            rows = self._read.execute(
                "SELECT seq, kind, data, at_ms FROM events WHERE match_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                (match, after, limit - len(out)))
            for seq, kind, data, at_ms in rows:
                out.append(OutEvent(match, int(seq), kind, json.loads(data), int(at_ms), info[0], info[1],
                                    json.loads(info[2] or "{}")))
            if len(out) >= limit:
                break
        return out
