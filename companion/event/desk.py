"""The event desk: gathers what the stations publish, holds the championship, feeds the page.

Everything received is kept in the desk's own SQLite file (``DATA_DIR/desk-EVENT.db``), events
by (station, match, seq) so that a duplicate is dropped by the primary key, and the desk comes
back after a restart knowing all it knew. The desk subscribes with a persistent session (the
broker queues for it while it is away) and, from each station's status (the last sequence
number the broker acknowledged per match), asks again for whatever it is missing, so that a
broker restarted before delivering loses nothing.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.event.messages import (
    DESK, MAX_NUMBER, BadMessage, Topics, check_event, decode, encode, is_number, parse_broker,
)

log = logging.getLogger(__name__)

WANT_EVERY_MS = 1000  # at most one request again per (station, match) per second

_SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    station TEXT NOT NULL, match_id INTEGER NOT NULL, seq INTEGER NOT NULL,
    kind TEXT NOT NULL, data TEXT NOT NULL, at_ms INTEGER NOT NULL, received_ms INTEGER NOT NULL,
    PRIMARY KEY (station, match_id, seq)
);
CREATE TABLE IF NOT EXISTS matches (
    station TEXT NOT NULL, match_id INTEGER NOT NULL, game TEXT NOT NULL, title TEXT NOT NULL,
    meta TEXT NOT NULL, PRIMARY KEY (station, match_id)
);
CREATE TABLE IF NOT EXISTS boards (
    station TEXT NOT NULL, match_id INTEGER NOT NULL, state TEXT NOT NULL, received_ms INTEGER NOT NULL,
    PRIMARY KEY (station, match_id)
);
CREATE TABLE IF NOT EXISTS stations (
    station TEXT PRIMARY KEY, online INTEGER NOT NULL, last_seen_ms INTEGER NOT NULL, heads TEXT NOT NULL
);
"""


def wall_ms() -> int:
    return time.time_ns() // 1_000_000


class Desk:
    """The desk's state; :meth:`receive` takes one MQTT message (topic, payload)."""

    def __init__(self, data_dir: str | Path, event: str = "event", championship: dict[str, Any] | None = None,
                 clock: Callable[[], int] = wall_ms) -> None:
        self.topics = Topics(event)
        self.event = event
        self.clock = clock
        self.base = championship or {}
        try:
            Path(data_dir).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ValueError(f"{data_dir}: cannot be the desk's data folder ({exc.strerror or exc})") from None
        self.path = Path(data_dir) / f"desk-{event}.db"
        self._store_problem = ""
        self._db = self._open_store()
        self._lock = threading.RLock()
        self._listeners: list[Callable[[], None]] = []
        self._asked: dict[tuple[str, int], int] = {}
        self.requests: list[tuple[str, int, int]] = []  # (station, match, after) to send
        self.counts = {"events": 0, "duplicates": 0, "malformed": 0, "requests": 0}
        self.problems: list[str] = []  # the last malformed messages, for the page's referee view
        if self._store_problem:
            self.problems.append(self._store_problem)
        self._tally_cache: Any = None
        from companion.event.results import tally

        tally({}, self.base)  # a bad championship file is said now, not at the first result

    def _open_store(self, fresh: bool = False) -> sqlite3.Connection:
        """The desk's store; one that is not a database (damaged) is moved aside, named in the
        log, and a new one made: the stations send their journals again on request, so nothing
        is lost. One that cannot be opened at all (a folder, no permission) is a ValueError."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5.0) \
            if self.path.is_file() or not self.path.exists() else None
        try:
            if db is None:
                raise sqlite3.OperationalError("it is a folder, not a file")
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            return db
        except sqlite3.OperationalError as exc:  # (a folder, no permission, a full disk)
            if db is not None:
                db.close()
            raise ValueError(f"{self.path}: cannot open the desk's store ({exc})") from None
        except sqlite3.DatabaseError as exc:  # not a database: damaged
            assert db is not None
            db.close()
            if fresh:
                raise ValueError(f"{self.path}: cannot make the desk's store ({exc})") from None
            stamp = time.strftime("%Y%m%d-%H%M%S")
            aside, n = self.path.with_name(f"{self.path.name}.damaged-{stamp}"), 1
            while aside.exists():
                n += 1
                aside = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
            for extra in ("-wal", "-shm"):  # (kept beside it)
                if Path(f"{self.path}{extra}").exists():
                    Path(f"{self.path}{extra}").rename(f"{aside}{extra}")
            self.path.rename(aside)
            said = (f"{self.path} is not a database ({exc}): moved aside as {aside.name}, a new store "
                    "made (the stations send their journals again)")
            log.warning("desk: %s", said)
            self._store_problem = said  # (shown on the page with the malformed messages)
            return self._open_store(fresh=True)

    def close(self) -> None:
        self._db.close()

    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    # -- receiving ----------------------------------------------------------------------------
    def receive(self, topic: str, payload: bytes) -> None:
        """One message from the broker; a malformed one is logged and counted, never raised."""
        try:
            station, kind, match = self.topics.split(topic)
            if kind == "want":
                return  # our own requests, echoed by the subscription
            data = decode(topic, payload)
            with self._lock:
                changed = {"status": self._status, "event": self._event, "board": self._board}[kind](station, match, data, topic)
        except BadMessage as exc:
            self.counts["malformed"] += 1
            self.problems = (self.problems + [str(exc)])[-20:]
            log.warning("desk: ignored a malformed message: %s", exc)
            return
        if changed:
            self._tally_cache = None
            for listener in list(self._listeners):
                listener()

    def _status(self, station: str, match: Any, data: dict[str, Any], topic: str) -> bool:
        online = data.get("online")
        if not isinstance(online, bool):
            raise BadMessage(f"{topic}: field 'online' should be true or false, got {online!r}")
        heads = data.get("heads")
        if heads is not None and not (isinstance(heads, dict) and all(
                is_number(str(k)) and isinstance(v, int)
                and not isinstance(v, bool) and 0 <= v <= MAX_NUMBER for k, v in heads.items())):
            raise BadMessage(f"{topic}: field 'heads' should map match numbers to sequence numbers "
                             f"(up to {MAX_NUMBER})")
        old = self._db.execute("SELECT heads FROM stations WHERE station = ?", (station,)).fetchone()
        known = json.loads(old[0]) if old else {}
        if heads is not None:
            known.update(heads)
        self._db.execute("INSERT OR REPLACE INTO stations VALUES (?, ?, ?, ?)",
                         (station, int(online), self.clock(), json.dumps(known)))
        for m, head in known.items():
            self._check_gap(station, int(m), int(head))
        return True

    def _event(self, station: str, match: int, data: dict[str, Any], topic: str) -> bool:
        data = check_event(topic, station, match, data)
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT OR IGNORE INTO matches VALUES (?, ?, ?, ?, ?)",
                             (station, match, data["game"], str(data.get("title", "")),
                              json.dumps(data.get("meta", {}))))
            cur = self._db.execute("INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
                                   (station, match, data["seq"], data["kind"], json.dumps(data["data"]),
                                    data["at_ms"], self.clock()))
        if cur.rowcount == 0:
            self.counts["duplicates"] += 1
            return False
        self.counts["events"] += 1
        self._check_gap(station, match, data["seq"])
        return True

    def _board(self, station: str, match: int, data: dict[str, Any], topic: str) -> bool:
        if data.get("match") != match or not isinstance(data.get("game"), str):
            raise BadMessage(f"{topic}: a board state needs 'match' ({match}) and 'game'")
        # (what the page draws from: a field of another type would be served to it as it is)
        for key, kinds in (("finished", bool), ("title", str), ("board", dict), ("magici", dict),
                           ("chessball", dict)):
            if data.get(key) is not None and not isinstance(data[key], kinds):
                raise BadMessage(f"{topic}: field {key!r} should be {kinds.__name__}, got {data[key]!r:.60}")
        grid = data.get("board") or {}
        for key in ("variant", "fen", "turn"):
            if key in grid and not isinstance(grid[key], str):
                raise BadMessage(f"{topic}: field 'board.{key}' should be str, got {grid[key]!r:.60}")
        self._db.execute("INSERT OR REPLACE INTO boards VALUES (?, ?, ?, ?)",
                         (station, match, json.dumps(data), self.clock()))
        return True

    def _contiguous(self, station: str, match: int) -> int:
        seqs = [r[0] for r in self._db.execute(
            "SELECT seq FROM events WHERE station = ? AND match_id = ? ORDER BY seq", (station, match))]
        n = 0
        for s in seqs:
            if s != n + 1:
                break
            n = s
        return n

    def _check_gap(self, station: str, match: int, head: int) -> None:
        have = self._contiguous(station, match)
        if have >= head:
            return
        now = self.clock()
        if now - self._asked.get((station, match), -WANT_EVERY_MS) < WANT_EVERY_MS:
            return
        self._asked[(station, match)] = now
        self.requests.append((station, match, have))
        self.counts["requests"] += 1
        log.info("desk: %s match %s: have up to %d of %d, asking again", station, match, have, head)

    def recheck(self) -> None:
        """Ask again for anything still missing (a request or its answer may have been lost)."""
        with self._lock:
            for station, text in self._db.execute("SELECT station, heads FROM stations").fetchall():
                for m, head in json.loads(text).items():
                    self._check_gap(station, int(m), int(head))

    # -- what the desk knows ------------------------------------------------------------------
    def sources(self) -> tuple[dict[tuple[str, int], list[tuple[str, dict[str, Any]]]], dict[tuple[str, int], str]]:
        from companion.event.results import effective

        games = {(s, m): g for s, m, g in self._db.execute("SELECT station, match_id, game FROM matches")}
        raw: dict[tuple[str, int], list[tuple[int, str, dict[str, Any]]]] = {}
        for s, m, seq, kind, data in self._db.execute(
                "SELECT station, match_id, seq, kind, data FROM events"
                " WHERE (station, match_id) IN (SELECT station, match_id FROM matches"
                "  WHERE game IN ('event-result', 'magici-championship')) ORDER BY station, match_id, seq"):
            raw.setdefault((s, m), []).append((seq, kind, json.loads(data)))
        return {k: effective(v) for k, v in raw.items()}, games

    def tally(self) -> Any:
        from companion.event.results import tally

        with self._lock:
            if self._tally_cache is None:
                sources, games = self.sources()
                self._tally_cache = tally(sources, self.base, games)
            return self._tally_cache

    def standings(self) -> dict[str, Any]:
        return self.tally().standings_json()

    def stations(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT station, online, last_seen_ms FROM stations ORDER BY station").fetchall()
        return [{"station": s, "online": bool(o), "last_seen_ms": t} for s, o, t in rows]

    def boards(self) -> list[dict[str, Any]]:
        """Each station's newest game on each of its boards (a station referees two at once),
        its clocks aged by the desk's own clock. A touch board joined to a Magici game is on
        that game's card, not one of its own."""
        from companion.event.boards import cells

        now = self.clock()
        with self._lock:
            rows = self._db.execute(
                "SELECT station, match_id, state, received_ms FROM boards ORDER BY station, match_id").fetchall()
        newest: dict[tuple[str, int], tuple[dict[str, Any], int]] = {}
        for station, _match, text, received in rows:
            try:
                state = json.loads(text)
            except (TypeError, ValueError):
                continue
            if state.get("linked"):
                continue
            slot = state.get("slot") if isinstance(state.get("slot"), int) else 0
            newest[(station, slot)] = (state, received)  # rows come oldest first: the newest wins
        out = []
        for (station, _slot), (state, received) in sorted(newest.items()):
            state["station"] = station
            age = max(0, now - received)
            mag = state.get("magici")
            if mag and not state.get("finished"):
                for c in mag.get("clocks", {}).values():
                    if c.get("running"):
                        c["remaining_ms"] = max(0, int(c["remaining_ms"]) - age)
            board = state.get("board")
            if board and board.get("variant") and board.get("fen"):
                try:
                    board["cells"] = cells(board["variant"], board["fen"])
                except (ValueError, KeyError) as exc:
                    board["cells"] = None
                    board["problem"] = str(exc)
            state["now_ms"] = now
            out.append(state)
        return out

    def snapshot(self) -> dict[str, Any]:
        t = self.tally()
        return {"event": self.event, "now_ms": self.clock(), "boards": self.boards(), "standings": t.standings_json(),
                "games": t.games, "conflicts": t.conflicts, "rejected": t.rejected, "stations": self.stations(),
                "counts": dict(self.counts)}


class DeskClient:
    """The desk on the broker: subscribes to the event, feeds :class:`Desk`, sends its requests."""

    def __init__(self, desk: Desk, broker: str, user: str | None = None, password: str | None = None) -> None:
        from companion.event.link import make_client

        self.desk = desk
        self.host, self.port = parse_broker(broker)
        self.connected = threading.Event()
        self.refused: str | None = None
        self.client = make_client(f"companion-desk-{desk.event}", user or DESK, password, clean=False)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_connect_fail = lambda *a: self._say_down("cannot reach the broker")
        self._down_said = False
        self.client.on_message = lambda c, u, msg: self._on_message(msg)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._requests, name="desk-requests", daemon=True)

    def start(self) -> "DeskClient":
        self.client.connect_async(self.host, self.port, keepalive=10)
        self.client.loop_start()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            self.refused = f"the broker refused the desk ({reason})"
            log.error("desk: %s", self.refused)
            return
        client.subscribe(self.desk.topics.everything, qos=1)
        self.connected.set()
        self._down_said = False
        log.info("desk: connected to the broker at %s:%s", self.host, self.port)

    def _on_disconnect(self, *args: Any) -> None:
        self.connected.clear()
        self._say_down("lost the broker")

    def _say_down(self, what: str) -> None:
        if not self._down_said:  # once per outage, not at every retry
            self._down_said = True
            log.warning("desk: %s at %s:%s; the page keeps what it knows, retrying", what, self.host, self.port)

    def _on_message(self, msg: Any) -> None:
        try:
            self.desk.receive(msg.topic, msg.payload)
        except Exception:  # the desk's network thread must survive anything a message does
            log.exception("desk: failed on a message on %s", msg.topic)

    def _requests(self) -> None:
        last_check = time.monotonic()
        while not self._stop.wait(0.05):
            if not self.connected.is_set():
                continue
            if time.monotonic() - last_check > 2.0:
                last_check = time.monotonic()
                self.desk.recheck()
            if not self.desk.requests:
                continue
            with self.desk._lock:
                todo, self.desk.requests = self.desk.requests, []
            for station, match, after in todo:
                self.client.publish(self.desk.topics.want(station), encode({"match": match, "after": after}), qos=1)
