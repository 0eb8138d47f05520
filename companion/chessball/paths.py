"""Cheapest legal paths on the lattice: a piece alone and the ball alone (see ``dribble`` for
a piece with the ball).

Every query takes the position as a set of ``blocked`` points (other pieces, and for a piece
moving alone the ball too) and returns a :class:`Path` (the points from start to end and the MP
cost) or ``None`` when the piece cannot get there in one move. The ``validate_*`` functions
check a path a player proposes step by step and say what is wrong with it.

>>> piece_path(PieceKind.ROOK, Side.WHITE, (3, 3), (9, 3), blocked=set()).cost
6
>>> piece_path(PieceKind.KNIGHT, Side.WHITE, (8, 8), (12, 10), blocked={(10, 9)}).cost
3
>>> ball_line((8, 4), (8, 0), occupied=set()).cost      # a shot from 4 steps out
4
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache

from companion.chessball.lattice import (
    DIRECTIONS, GOAL_X_MAX, GOAL_X_MIN, KNIGHT_JUMPS, Point, in_bounds, is_end_line,
    is_goal_mouth, turn,
)
from companion.chessball.pieces import (
    KNIGHT_JUMP_COST, PAWN_MAX_STEPS, STEPS, PieceKind, Side, goal_line_y,
)


class IllegalPath(ValueError):
    """A proposed path breaks a movement rule; the message says which and where."""


@dataclass(frozen=True)
class Path:
    """Points from start to end (both included) and the MP the path costs."""

    points: tuple[Point, ...]
    cost: int
    jumps: int = 0

    @property
    def start(self) -> Point:
        return self.points[0]

    @property
    def end(self) -> Point:
        return self.points[-1]


def can_stand(kind: PieceKind, side: Side, p: Point) -> bool:
    """The King keeps to its own goal line; the goal mouths are the Kings' alone."""
    if kind is PieceKind.KING:
        return p[1] == goal_line_y(side) and GOAL_X_MIN <= p[0] <= GOAL_X_MAX
    return in_bounds(p) and not is_goal_mouth(p)


@cache
def step_table(kind: PieceKind, side: Side) -> dict[Point, tuple[Point, ...]]:
    table: dict[Point, tuple[Point, ...]] = {}
    for x in range(17):
        for y in range(17):
            p = (x, y)
            if not can_stand(kind, side, p):
                continue
            if kind is PieceKind.KNIGHT:
                moves = [(x + dx, y + dy) for dx, dy in KNIGHT_JUMPS]
            else:
                moves = [(x + dx, y + dy) for dx, dy in STEPS[kind]]
            table[p] = tuple(q for q in moves if in_bounds(q) and can_stand(kind, side, q))
    return table


def is_step(kind: PieceKind, side: Side, a: Point, b: Point) -> bool:
    """One step (or, for the Knight, one jump) of ``kind`` from ``a`` to ``b``."""
    return b in step_table(kind, side).get(a, ())


def piece_path(
    kind: PieceKind,
    side: Side,
    start: Point,
    goal: Point,
    blocked: Collection[Point],
    *,
    knight_jumps: int | None = 1,
) -> Path | None:
    """The cheapest legal path of a piece moving without the ball, or ``None``.

    Step pieces cannot pass through or end on a blocked point; a Pawn makes at most 2 steps;
    the Knight jumps over anything, 3 MP a jump, at most ``knight_jumps`` jumps (1 in a move;
    ``None`` for no limit, to plan over several turns).
    """
    table = step_table(kind, side)
    if start not in table:
        raise IllegalPath(f"a {kind.value} cannot stand on {start[0]},{start[1]}")
    if start == goal:
        return Path((start,), 0)
    if goal in blocked or goal not in table:
        return None
    max_steps = PAWN_MAX_STEPS if kind is PieceKind.PAWN else None
    if kind is PieceKind.KNIGHT:
        max_steps = knight_jumps
    parent: dict[Point, Point] = {start: start}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        if max_steps is not None and depth[p] >= max_steps:
            continue
        for q in table[p]:
            if q in parent or q in blocked:
                continue
            parent[q] = p
            depth[q] = depth[p] + 1
            if q == goal:
                points = [q]
                while points[-1] != start:
                    points.append(parent[points[-1]])
                points.reverse()
                steps = len(points) - 1
                if kind is PieceKind.KNIGHT:
                    return Path(tuple(points), steps * KNIGHT_JUMP_COST, jumps=steps)
                return Path(tuple(points), steps)
            queue.append(q)
    return None


def validate_piece_path(
    kind: PieceKind,
    side: Side,
    points: Sequence[Point],
    blocked: Collection[Point],
    *,
    knight_jumps: int = 1,
) -> Path:
    """Check a proposed path of a piece moving alone, step by step; return it with its cost."""
    if len(points) < 2:
        raise IllegalPath("a move needs at least one step")
    if not can_stand(kind, side, points[0]):
        raise IllegalPath(f"a {kind.value} cannot stand on {fmt_point(points[0])}")
    for i, (a, b) in enumerate(zip(points, points[1:]), start=1):
        if not is_step(kind, side, a, b):
            what = "jump" if kind is PieceKind.KNIGHT else "step"
            raise IllegalPath(f"{fmt_point(a)} to {fmt_point(b)} is not a {kind.value} {what} (step {i})")
        if b in blocked:
            raise IllegalPath(f"{fmt_point(b)} is occupied: the {kind.value} cannot go there (step {i})")
    steps = len(points) - 1
    if len(set(points)) != len(points):
        raise IllegalPath("the path comes back on a point it already passed")
    if kind is PieceKind.PAWN and steps > PAWN_MAX_STEPS:
        raise IllegalPath(f"a pawn makes 1 or 2 steps, not {steps}")
    if kind is PieceKind.KNIGHT:
        if steps > knight_jumps:
            raise IllegalPath(
                "the knight jumps at most once per turn"
                + (" and has already jumped this turn" if knight_jumps == 0 else "")
            )
        return Path(tuple(points), steps * KNIGHT_JUMP_COST, jumps=steps)
    return Path(tuple(points), steps)


# -- the ball alone: passes, throws, shots ----------------------------------------------------

def _ball_stops(p: Point, occupied: Collection[Point]) -> bool:
    """The ball stops on a piece's point (the piece takes it) or on an end line."""
    return p in occupied or is_end_line(p)


def validate_ball_line(
    points: Sequence[Point], occupied: Collection[Point], *, spin_window: int = 2
) -> Path:
    """Check the line of a ball played alone: straight, or one 45° deviation after its
    first ``spin_window`` steps at most; it stops at the first piece or end-line point.
    """
    if len(points) < 2:
        raise IllegalPath("the ball must move at least one step")
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(points, points[1:])]
    for i, ((dx, dy), b) in enumerate(zip(steps, points[1:]), start=1):
        if max(abs(dx), abs(dy)) != 1:
            raise IllegalPath(f"the ball moves one lattice step at a time (step {i} to {fmt_point(b)})")
        if not in_bounds(b):
            raise IllegalPath(f"the ball cannot leave the lattice (step {i})")
    bends = [i for i in range(1, len(steps)) if steps[i] != steps[i - 1]]
    if len(bends) > 1:
        raise IllegalPath("the ball may deviate only once (spin), then it goes straight")
    if bends:
        i = bends[0]
        if steps[i] not in (turn(steps[i - 1], 1), turn(steps[i - 1], -1)):
            raise IllegalPath("spin deviates the ball by 45° only, to the left or the right")
        if i > spin_window:
            raise IllegalPath(
                f"spin must come within the ball's first {spin_window} steps (it came after {i})"
            )
    for i, p in enumerate(points[1:-1], start=1):
        if _ball_stops(p, occupied):
            why = "a piece takes it" if p in occupied else "it reaches the end line"
            raise IllegalPath(f"the ball stops at {fmt_point(p)} after {i} steps: {why}")
    return Path(tuple(points), len(steps))


def _multiple_of(r: Point, d: Point) -> int:
    """m >= 1 with r == m·d, or 0 if there is none."""
    for rc, dc in zip(r, d):
        if dc == 0 and rc != 0:
            return 0
    m = r[0] // d[0] if d[0] else r[1] // d[1]
    if m < 1 or (m * d[0], m * d[1]) != r:
        return 0
    return m


def ball_line(
    start: Point, goal: Point, occupied: Collection[Point], *, spin_window: int = 2
) -> Path | None:
    """The cheapest line (with at most one spin) that takes the ball from start to goal."""
    if start == goal:
        return Path((start,), 0)
    # Every shape is k steps along d then m along d2 (d2 == d: a straight line); solve for m.
    candidates: list[tuple[int, Point, int, Point]] = []
    for d in DIRECTIONS:
        m = _multiple_of((goal[0] - start[0], goal[1] - start[1]), d)
        if m:
            candidates.append((m, d, m, d))
        for k in range(1, spin_window + 1):
            r = (goal[0] - start[0] - k * d[0], goal[1] - start[1] - k * d[1])
            for d2 in (turn(d, 1), turn(d, -1)):
                m = _multiple_of(r, d2)
                if m:
                    candidates.append((k + m, d, k, d2))
    for total, d, k, d2 in sorted(candidates):
        points = [start]
        p = start
        for i in range(total):
            step = d if i < k else d2
            p = (p[0] + step[0], p[1] + step[1])
            if not in_bounds(p) or (p != goal and _ball_stops(p, occupied)):
                break
            points.append(p)
        else:
            return Path(tuple(points), total)
    return None


def fmt_point(p: Point) -> str:
    return f"{p[0]},{p[1]}"
