"""A station's link to the event network: the journal is the outbox.

``attach(journal, config)`` starts a background thread (off unless ``[event]`` is configured: a
station alone stays exactly as it was). The thread

- notices new committed events (``PRAGMA data_version`` on its own connection, ~20 ms) and
  publishes them in order with QoS 1; the per-match cursor moves only once the broker has
  acknowledged them, so whatever was not acknowledged is sent again after a reconnect;
- publishes each touched board's state, retained, and the station's status (retained, with the
  last sequence number of every match; the last will says offline);
- answers the desk's ``want`` requests (the desk missed something the broker had acknowledged,
  e.g. the broker restarted before delivering it) by sending those events again.

Receivers drop duplicates by (station, match, seq), so sending twice is harmless; losing is not.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.event.messages import DESK, BadMessage, Topics, check_name, decode, encode, parse_broker

log = logging.getLogger(__name__)

POLL_S = 0.02


@dataclass(frozen=True)
class LinkSettings:
    broker: str  # mqtt://HOST:PORT
    station: str
    event: str = "event"
    user: str | None = None  # default: the station's name (the ACL ties the user to the name)
    password: str | None = None

    def __post_init__(self) -> None:
        parse_broker(self.broker)
        check_name(self.station, "station")
        check_name(self.event, "event")

    @property
    def target(self) -> str:
        """The outbox cursor's key: the event and the station (not the broker's address, so a
        desk that moves to another address does not make the station start over)."""
        return f"{self.event}/{self.station}"


def make_client(client_id: str, user: str | None, password: str | None, clean: bool = True) -> Any:
    import paho.mqtt.client as mqtt

    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=clean)
    if user:
        client.username_pw_set(user, password)
    client.reconnect_delay_set(min_delay=1, max_delay=4)
    client.max_inflight_messages_set(100)
    return client


def wall_ms() -> int:
    return time.time_ns() // 1_000_000


class Link:
    """Publishes one journal's matches for one station (see the module docstring)."""

    def __init__(self, journal_path: str | Path, settings: LinkSettings,
                 clock: Callable[[], int] = wall_ms, announce: bool = True) -> None:
        """``announce=False`` (a one-off sender such as ``companion event result``): no status
        and no last will, so the station's own link stays the one saying online or offline."""
        from companion.event.outbox import Outbox

        self.settings = settings
        self.topics = Topics(settings.event)
        self.journal_path = str(journal_path)
        self.clock = clock
        self.outbox = Outbox(journal_path, settings.target)
        self.connected = threading.Event()
        self.refused: str | None = None  # the broker said no (bad password...): said, not retried silently
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._lock = threading.Lock()
        self._wants: dict[int, int] = {}
        self._thread: threading.Thread | None = None
        self.published = 0  # events acknowledged by the broker (this run)
        self.announce = announce
        host, port = parse_broker(settings.broker)
        self._host, self._port = host, port
        client_id = f"companion-{settings.event}-{settings.station}" + ("" if announce else f"-{os.getpid()}")
        self.client = make_client(client_id, settings.user or settings.station, settings.password)
        if announce:
            offline = {"online": False, "station": settings.station}
            self.client.will_set(self.topics.status(settings.station), encode(offline), qos=1, retain=True)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_connect_fail = lambda *a: self._say_down("cannot reach the broker")
        self._down_said = False
        self.client.on_message = self._on_message

    # -- life ---------------------------------------------------------------------------------
    def start(self) -> "Link":
        self.client.connect_async(self._host, self._port, keepalive=10)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name=f"event-link-{self.settings.station}", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        if self.connected.is_set() and self.announce:
            try:
                info = self.client.publish(self.topics.status(self.settings.station),
                                           encode({"online": False, "station": self.settings.station,
                                                   "at_ms": self.clock()}), qos=1, retain=True)
                info.wait_for_publish(1.0)
            except (RuntimeError, ValueError):
                pass
        self.client.disconnect()
        self.client.loop_stop()
        self.outbox.close()

    def poke(self) -> None:
        """Something was committed: look now rather than at the next poll."""
        self._wake.set()

    def idle(self) -> bool:
        """Everything committed so far has been acknowledged by the broker."""
        acked = self.outbox.acked()
        return all(acked.get(m, 0) >= s for m, s in self.outbox.heads().items())

    def wait_idle(self, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.refused:
                return False
            if self.connected.is_set() and self.idle():
                return True
            self.poke()
            time.sleep(0.02)
        return self.idle()

    # -- MQTT callbacks (paho's thread) -------------------------------------------------------
    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            self.refused = f"the broker refused the connection ({reason})"
            log.error("event link %s: %s", self.settings.station, self.refused)
            return
        self.refused = None
        client.subscribe(self.topics.want(self.settings.station), qos=1)
        self.connected.set()
        self._down_said = False
        log.info("event link %s: connected to %s", self.settings.station, self.settings.broker)
        self._resend_all = True
        self._wake.set()

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        self.connected.clear()
        if not self._stop.is_set():
            self._say_down("lost the broker")

    def _say_down(self, what: str) -> None:
        if not self._down_said:  # once per outage, not at every retry
            self._down_said = True
            log.warning("event link %s: %s at %s; refereeing goes on, the journal keeps everything to send",
                        self.settings.station, what, self.settings.broker)

    def _on_message(self, client: Any, userdata: Any, msg: Any) -> None:
        try:
            station, kind, _ = self.topics.split(msg.topic)
            data = decode(msg.topic, msg.payload)
            match, after = data.get("match"), data.get("after")
            if kind != "want" or station != self.settings.station:
                raise BadMessage(f"{msg.topic}: not a request for {self.settings.station}")
            if not isinstance(match, int) or not isinstance(after, int) or after < 0:
                raise BadMessage(f"{msg.topic}: expected {{'match': int, 'after': int >= 0}}, got {data!r}")
        except BadMessage as exc:
            log.warning("event link %s: ignored a message: %s", self.settings.station, exc)
            return
        with self._lock:
            self._wants[match] = min(after, self._wants.get(match, after))
        self._wake.set()

    # -- the publishing thread ----------------------------------------------------------------
    def _run(self) -> None:
        from companion.core.journal import Journal, JournalError

        journal: Journal | None = None
        sent: dict[int, int] = {}
        version = -1
        self._resend_all = True
        while not self._stop.is_set():
            self._wake.wait(POLL_S)
            self._wake.clear()
            if not self.connected.is_set():
                continue
            try:
                if journal is None:
                    journal = Journal.open(self.journal_path)
                if self._resend_all:  # a new connection: start again from what the broker acknowledged
                    self._resend_all = False
                    sent = self.outbox.acked()
                    version = -1
                    self._publish_boards(journal, set(self.outbox.heads()))
                    self._publish_status()
                with self._lock:
                    wants, self._wants = self._wants, {}
                for match, after in wants.items():
                    sent[match] = min(sent.get(match, 0), after)
                    version = -1
                now_version = self.outbox.data_version()
                if now_version == version and not wants:
                    continue
                version = now_version
                touched = self._publish_pending(sent)
                if touched:
                    version = -1  # there may be more than one batch
                    self._publish_boards(journal, touched)
                    self._publish_status()
                elif wants:
                    self._publish_status()
            except (JournalError, OSError) as exc:
                log.error("event link %s: %s", self.settings.station, exc)
                self._stop.wait(1.0)
            except Exception:  # the link must never take the station down with it
                log.exception("event link %s: unexpected error", self.settings.station)
                self._stop.wait(1.0)
        if journal is not None:
            journal.close()

    def _publish_pending(self, sent: dict[int, int]) -> set[int]:
        batch = self.outbox.pending(sent)
        if not batch:
            return set()
        infos = []
        for e in batch:
            payload = {"v": 1, "station": self.settings.station, "match": e.match, "seq": e.seq, "kind": e.kind,
                       "data": e.data, "at_ms": e.at_ms, "game": e.game, "title": e.title, "meta": e.meta}
            info = self.client.publish(self.topics.event_topic(self.settings.station, e.match), encode(payload), qos=1)
            infos.append((e, info))
            if info.rc != 0:  # not connected any more: the rest waits for the reconnect
                break
        acked: dict[int, int] = {}
        for e, info in infos:
            try:
                info.wait_for_publish(timeout=5.0)
            except (RuntimeError, ValueError):
                break
            if not info.is_published():
                break
            acked[e.match] = e.seq
            sent[e.match] = e.seq
        if acked:
            self.outbox.ack(acked)
            self.published += sum(1 for e, _ in infos if e.seq <= acked.get(e.match, 0))
        if len(acked) == 0 or any(e.seq > acked.get(e.match, 0) for e, _ in infos):
            self._resend_all = True  # something went unacknowledged: start again from the cursor
        return set(acked)

    def _publish_boards(self, journal: Any, matches: set[int]) -> None:
        from companion.event.boards import board_state, games_showing

        for match in list(matches):  # a touch board's move changes the card of its Magici game too
            try:
                matches = matches | set(games_showing(journal, match))
            except Exception:
                pass
        for match in sorted(matches):
            try:
                state = board_state(journal.match(match), self.clock())
            except Exception as exc:
                log.warning("event link %s: no state for match %s: %s", self.settings.station, match, exc)
                continue
            if state is None:
                continue
            state["station"] = self.settings.station
            self.client.publish(self.topics.board(self.settings.station, match), encode(state), qos=1, retain=True)

    def _publish_status(self) -> None:
        if not self.announce:
            return
        heads = {str(m): s for m, s in self.outbox.acked().items() if self.outbox.covers(m)}  # what the broker has
        status = {"online": True, "station": self.settings.station, "at_ms": self.clock(), "heads": heads}
        self.client.publish(self.topics.status(self.settings.station), encode(status), qos=1, retain=True)


def settings_from_config(config: Any) -> LinkSettings | None:
    """The ``[event]`` settings of an app config, or None when the station is alone."""
    event = getattr(config, "event", None)
    if event is None or not event.broker or not event.station:
        return None
    return LinkSettings(broker=event.broker, station=event.station, event=event.name or "event",
                        user=event.user or None, password=event.password or None)


def attach(journal: Any, config: Any) -> Link | None:
    """Start publishing ``journal`` if ``config`` has an ``[event]`` section; None otherwise."""
    settings = settings_from_config(config)
    if settings is None or journal.path == ":memory:":
        return None
    return Link(journal.path, settings).start()


__all__ = ["DESK", "Link", "LinkSettings", "attach", "make_client", "settings_from_config"]
