"""Reading event dicts: every field checked, every refusal a sentence a referee understands.

Events are small JSON-able dicts with a ``kind``; the reducer in ``match.py`` lists them.

>>> faces({"kind": "roll", "faces": [3, 5, 6]}, "faces", 3)
(3, 5, 6)
>>> faces({"kind": "roll", "faces": [3, 5, 7]}, "faces", 3)
Traceback (most recent call last):
...
companion.chessball.events.IllegalEvent: roll: faces: a d6 shows 1..6, got 7
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.chessball.lattice import Point, point_from_json
from companion.chessball.pieces import PieceKind, Side


class IllegalEvent(ValueError):
    """The event breaks a rule or is malformed; nothing was changed. ``str()`` is the reason."""


def kind_of(event: Any) -> str:
    if not isinstance(event, Mapping):
        raise IllegalEvent(f"an event is a dict with a 'kind', got {event!r}")
    kind = event.get("kind")
    if not isinstance(kind, str):
        raise IllegalEvent(f"an event needs a 'kind' (text), got {kind!r}")
    return kind


def check_keys(event: Mapping[str, Any], allowed: set[str]) -> None:
    extra = set(event) - allowed - {"kind"}
    if extra:
        raise IllegalEvent(
            f"{event['kind']}: unknown field(s) {', '.join(sorted(extra))} "
            f"(allowed: {', '.join(sorted(allowed)) or 'none'})"
        )


def required(event: Mapping[str, Any], key: str) -> Any:
    if key not in event:
        raise IllegalEvent(f"{event['kind']}: the field {key!r} is missing")
    return event[key]


def side(event: Mapping[str, Any], key: str = "side") -> Side:
    try:
        return Side.parse(required(event, key), f"{event['kind']}: {key}")
    except ValueError as exc:
        raise IllegalEvent(str(exc)) from None


def piece_kind(event: Mapping[str, Any], key: str) -> PieceKind:
    try:
        return PieceKind.parse(required(event, key), f"{event['kind']}: {key}")
    except ValueError as exc:
        raise IllegalEvent(str(exc)) from None


def point(event: Mapping[str, Any], key: str) -> Point:
    try:
        return point_from_json(required(event, key), f"{event['kind']}: {key}")
    except ValueError as exc:
        raise IllegalEvent(str(exc)) from None


def points(event: Mapping[str, Any], key: str) -> list[Point]:
    value = required(event, key)
    if not isinstance(value, list):
        raise IllegalEvent(f"{event['kind']}: {key} must be a list of [x, y] points")
    try:
        return [point_from_json(v, f"{event['kind']}: {key}[{i}]") for i, v in enumerate(value)]
    except ValueError as exc:
        raise IllegalEvent(str(exc)) from None


def whole(event: Mapping[str, Any], key: str, minimum: int = 0) -> int:
    value = required(event, key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalEvent(f"{event['kind']}: {key} must be a whole number, got {value!r}")
    if value < minimum:
        raise IllegalEvent(f"{event['kind']}: {key} must be >= {minimum}, got {value}")
    return value


def faces(event: Mapping[str, Any], key: str, count: int) -> tuple[int, ...]:
    """``count`` d6 faces, e.g. a 3d6 roll typed in from real dice."""
    return faces_value(required(event, key), f"{event['kind']}: {key}", count)


def faces_value(value: Any, what: str, count: int) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)) or len(value) != count:
        raise IllegalEvent(f"{what}: expected the {count} faces of {count}d6, got {value!r}")
    for f in value:
        if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 6:
            raise IllegalEvent(f"{what}: a d6 shows 1..6, got {f!r}")
    return tuple(value)


def fmt(p: Point) -> str:
    return f"{p[0]},{p[1]}"
