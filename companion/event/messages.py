"""Topics and messages of the event network (MQTT, JSON payloads).

Every topic starts with ``companion/EVENT/`` and a station writes only under its own name
(the broker's ACL enforces it: the MQTT user is the station's name)::

    companion/EVENT/STATION/status          retained  {"online", "at_ms", "heads": {match: last seq}}
                                                       (the last will says {"online": false})
    companion/EVENT/STATION/event/MATCH     QoS 1     one journal event: {"v", "station", "match",
                                                       "seq", "kind", "data", "at_ms", "game", "title", "meta"}
    companion/EVENT/STATION/board/MATCH     retained  the board's current state (see boards.py)
    companion/EVENT/desk/want/STATION       QoS 1     the desk asks again for {"match", "after"}

Receivers drop duplicates by (station, match, seq). A malformed message raises
:class:`BadMessage` naming the topic and what is wrong; the receiver logs it and goes on.

>>> parse_broker("mqtt://127.0.0.1:1883")
('127.0.0.1', 1883)
>>> Topics("ev").event_topic("s1", 3)
'companion/ev/s1/event/3'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from companion.core.journal import MAX_ID

VERSION = 1
ROOT = "companion"
DESK = "desk"  # the desk's own name on the network (its results go out as this station)
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$")


class BadMessage(ValueError):
    """A message from the network that cannot be used; the text names the topic and the fault."""


def check_name(value: str, what: str) -> str:
    """Station and event names: letters, digits, ``-`` and ``_`` (they become topic levels)."""
    if not isinstance(value, str) or not NAME_RE.match(value):
        raise ValueError(f"{what} {value!r}: use 1-32 letters, digits, '-' or '_' (starting with a letter or digit)")
    return value


def parse_broker(url: str) -> tuple[str, int]:
    """``mqtt://HOST:PORT`` (port 1883 if left out) -> (host, port); ValueError otherwise."""
    parts = urlsplit(url if "://" in url else f"mqtt://{url}")
    if parts.scheme != "mqtt":
        raise ValueError(f"broker {url!r}: expected mqtt://HOST:PORT")
    try:
        port = parts.port
    except ValueError:  # urllib's: not a number, or out of range
        raw = parts.netloc.rpartition(":")[2]
        problem = "is out of range (1-65535)" if raw.isascii() and raw.isdigit() else "is not a number"
        raise ValueError(f"broker {url!r}: the port {raw!r} {problem}") from None
    if port == 0:
        raise ValueError(f"broker {url!r}: the port '0' is out of range (1-65535)")
    port = port or 1883
    if not parts.hostname:
        raise ValueError(f"broker {url!r}: no host name")
    return parts.hostname, port


@dataclass(frozen=True)
class Topics:
    event: str

    @property
    def prefix(self) -> str:
        return f"{ROOT}/{self.event}"

    def status(self, station: str) -> str:
        return f"{self.prefix}/{station}/status"

    def event_topic(self, station: str, match: int) -> str:
        return f"{self.prefix}/{station}/event/{match}"

    def board(self, station: str, match: int) -> str:
        return f"{self.prefix}/{station}/board/{match}"

    def want(self, station: str) -> str:
        return f"{self.prefix}/{DESK}/want/{station}"

    @property
    def everything(self) -> str:
        return f"{self.prefix}/#"

    def split(self, topic: str) -> tuple[str, str, int | None]:
        """``(station, kind, match)`` of a topic under this event; BadMessage if it is not ours."""
        parts = topic.split("/")
        if len(parts) < 4 or parts[0] != ROOT or parts[1] != self.event:
            raise BadMessage(f"{topic}: not a topic of event {self.event!r}")
        station, kind = parts[2], parts[3]
        if station == DESK and kind == "want" and len(parts) == 5:
            return parts[4], "want", None
        if kind == "status" and len(parts) == 4:
            return station, kind, None
        if kind in ("event", "board") and len(parts) == 5:
            if not is_number(parts[4]):
                raise BadMessage(f"{topic}: the match number {parts[4]!r} is not a number from 1 to "
                                 f"{MAX_NUMBER}")
            return station, kind, int(parts[4])
        raise BadMessage(f"{topic}: unknown topic")


def encode(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode()


# the largest match or sequence number taken (SQLite's integers): above it, a message is malformed
MAX_NUMBER = MAX_ID


def is_number(text: str) -> bool:
    """Whether ``text`` is a match number, 1 to MAX_NUMBER, in ASCII digits ('²' is a digit
    to str.isdigit, and int() refuses it).

    >>> is_number("12"), is_number("0"), is_number("²"), is_number("9" * 5000)
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit() and len(text) <= 19 and 0 < int(text) <= MAX_NUMBER


def decode(topic: str, payload: bytes) -> dict[str, Any]:
    try:
        data = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadMessage(f"{topic}: not JSON ({exc})") from None
    except RecursionError:  # (arrays nested a hundred thousand deep)
        raise BadMessage(f"{topic}: JSON nested too deep") from None
    if not isinstance(data, dict):
        raise BadMessage(f"{topic}: expected a JSON object, got {type(data).__name__}")
    return data


def check_event(topic: str, station: str, match: int, data: dict[str, Any]) -> dict[str, Any]:
    """An event message's fields, checked against its topic."""
    need = {"station": str, "match": int, "seq": int, "kind": str, "data": dict, "at_ms": int, "game": str}
    for key, kind in need.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise BadMessage(f"{topic}: field {key!r} should be {kind.__name__}, got {value!r}")
    if data["station"] != station or data["match"] != match:
        raise BadMessage(f"{topic}: says station {data['station']!r} match {data['match']} but came on this topic")
    if not 1 <= data["seq"] <= MAX_NUMBER:
        raise BadMessage(f"{topic}: seq {data['seq']} (sequence numbers run from 1 to {MAX_NUMBER})")
    if not isinstance(data.get("meta", {}), dict):
        raise BadMessage(f"{topic}: field 'meta' should be an object")
    return data
