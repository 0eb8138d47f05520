"""The 17×17 half-square lattice, its goals and its lines.

Lattice points are ``(x, y)`` pairs with ``0 <= x, y <= 16``: square centres have both
coordinates odd, edge midpoints one, square corners none. One step goes to any of the 8
neighbouring points and costs 1 movement point (MP).

>>> chebyshev((8, 8), (12, 10))
4
>>> is_goal_mouth((8, 0)), is_goal_mouth((4, 0)), is_end_line((4, 0))
(True, False, True)
>>> parse_point("8,8")
(8, 8)
"""

from __future__ import annotations

from collections.abc import Iterator

Point = tuple[int, int]

SIZE = 17
LAST = SIZE - 1  # 16
CENTRE: Point = (8, 8)
GOAL_X_MIN = 5
GOAL_X_MAX = 11
HALFWAY_Y = 8

ORTHOGONAL: tuple[Point, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Point, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# The 8 directions in turning order (counter-clockwise from east): index ±1 is a 45° turn.
DIRECTIONS: tuple[Point, ...] = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
KNIGHT_JUMPS: tuple[Point, ...] = (
    (4, 2), (4, -2), (-4, 2), (-4, -2), (2, 4), (2, -4), (-2, 4), (-2, -4),
)


def in_bounds(p: Point) -> bool:
    return 0 <= p[0] <= LAST and 0 <= p[1] <= LAST


def chebyshev(a: Point, b: Point) -> int:
    """The number of steps between two points on an empty lattice (8 directions)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def is_next_to(a: Point, b: Point) -> bool:
    """One step apart (the meaning of "next to" for possession and kick-off)."""
    return chebyshev(a, b) == 1


def is_end_line(p: Point) -> bool:
    """On the bottom (y = 0) or top (y = 16) edge, goal mouths included."""
    return p[1] == 0 or p[1] == LAST


def is_goal_mouth(p: Point) -> bool:
    """On a goal line: x from 5 to 11 on the bottom or top edge."""
    return is_end_line(p) and GOAL_X_MIN <= p[0] <= GOAL_X_MAX


def neighbours(p: Point, steps: tuple[Point, ...] = DIRECTIONS) -> Iterator[Point]:
    x, y = p
    for dx, dy in steps:
        q = (x + dx, y + dy)
        if in_bounds(q):
            yield q


def direction_index(d: Point) -> int:
    """Index of a unit step in :data:`DIRECTIONS`."""
    return DIRECTIONS.index(d)


def turn(d: Point, eighths: int) -> Point:
    """Turn a unit step by ``eighths`` × 45° counter-clockwise (negative: clockwise)."""
    return DIRECTIONS[(direction_index(d) + eighths) % 8]


def parse_point(text: str, what: str = "point") -> Point:
    """Read ``"x,y"`` (lattice coordinates 0..16); a clear error names ``what``."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        p = (int(parts[0]), int(parts[1]))
    except ValueError:
        raise ValueError(f"{what}: expected x,y lattice coordinates such as 8,8, got {text!r}") from None
    if not in_bounds(p):
        raise ValueError(f"{what}: {p[0]},{p[1]} is off the lattice (x and y go from 0 to {LAST})")
    return p


def point_from_json(value: object, what: str) -> Point:
    """Read a point from an event (a two-item list or tuple of ints)."""
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"{what}: expected [x, y] lattice coordinates, got {value!r}")
    p = (value[0], value[1])
    if not in_bounds(p):
        raise ValueError(f"{what}: {p[0]},{p[1]} is off the lattice (x and y go from 0 to {LAST})")
    return p


def square_name(p: Point) -> str:
    """A readable name: ``e4`` for a square centre; edge midpoints and corners keep their
    lattice coordinates.

    >>> square_name((9, 7)), square_name((8, 8))
    ('e4', '(8,8)')
    """
    x, y = p
    if x % 2 == 1 and y % 2 == 1:
        return f"{'abcdefgh'[x // 2]}{y // 2 + 1}"
    return f"({x},{y})"
