"""Cheapest legal paths on the lattice: a piece alone, the ball alone, a piece with the ball.

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

import heapq
from collections import deque
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache

from companion.chessball.lattice import (
    DIRECTIONS, GOAL_X_MAX, GOAL_X_MIN, KNIGHT_JUMPS, Point, chebyshev, in_bounds, is_end_line,
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


@dataclass(frozen=True)
class Dribble:
    """A piece moving with the ball: ``ticks`` are (piece point, ball point) after each tick.

    Each tick costs 1 MP (the ball and/or the piece make one step); a Knight's jump with the
    ball is one tick of 3 MP.
    """

    piece_start: Point
    ball_start: Point
    ticks: tuple[tuple[Point, Point], ...]
    cost: int
    jumps: int = 0

    @property
    def piece_end(self) -> Point:
        return self.ticks[-1][0] if self.ticks else self.piece_start

    @property
    def ball_end(self) -> Point:
        return self.ticks[-1][1] if self.ticks else self.ball_start


def can_stand(kind: PieceKind, side: Side, p: Point) -> bool:
    """The King keeps to its own goal line; the goal mouths are the Kings' alone."""
    if kind is PieceKind.KING:
        return p[1] == goal_line_y(side) and GOAL_X_MIN <= p[0] <= GOAL_X_MAX
    return in_bounds(p) and not is_goal_mouth(p)


@cache
def _step_table(kind: PieceKind, side: Side) -> dict[Point, tuple[Point, ...]]:
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
    return b in _step_table(kind, side).get(a, ())


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
    table = _step_table(kind, side)
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
        raise IllegalPath(f"a {kind.value} cannot stand on {_fmt(points[0])}")
    for i, (a, b) in enumerate(zip(points, points[1:]), start=1):
        if not is_step(kind, side, a, b):
            what = "jump" if kind is PieceKind.KNIGHT else "step"
            raise IllegalPath(f"{_fmt(a)} to {_fmt(b)} is not a {kind.value} {what} (step {i})")
        if b in blocked:
            raise IllegalPath(f"{_fmt(b)} is occupied: the {kind.value} cannot go there (step {i})")
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
            raise IllegalPath(f"the ball moves one lattice step at a time (step {i} to {_fmt(b)})")
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
            raise IllegalPath(f"the ball stops at {_fmt(p)} after {i} steps: {why}")
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


# -- a piece with the ball ---------------------------------------------------------------------

def _ring(p: Point) -> frozenset[Point]:
    return frozenset(q for q in ((p[0] + dx, p[1] + dy) for dx, dy in DIRECTIONS) if in_bounds(q))


# Points exactly one step away; and where a ball on p may be after one tick (it may stay).
_RING: dict[Point, frozenset[Point]] = {(x, y): _ring((x, y)) for x in range(17) for y in range(17)}
_BALL_NEXT: dict[Point, frozenset[Point]] = {
    p: frozenset({p} | {q for q in ring if not is_end_line(q)}) for p, ring in _RING.items()
}


def _dribble_moves(
    kind: PieceKind, side: Side, piece: Point, ball: Point, blocked: Collection[Point]
) -> list[tuple[Point, Point]]:
    """One ordinary tick: the piece stays or steps, the ball stays or steps, not both still;
    the ball ends next to the piece, off the end lines, on free points."""
    piece_options = [piece]
    if kind is not PieceKind.KNIGHT:
        piece_options += [q for q in _step_table(kind, side).get(piece, ()) if q not in blocked]
    ball_options = _BALL_NEXT[ball]
    out = []
    for np_ in piece_options:
        for nb in _RING[np_] & ball_options:
            if nb in blocked or (np_ == piece and nb == ball):
                continue
            out.append((np_, nb))
    return out


def _knight_jumps_with_ball(
    side: Side, piece: Point, ball: Point, blocked: Collection[Point]
) -> list[tuple[Point, Point]]:
    out = []
    for q in _step_table(PieceKind.KNIGHT, side).get(piece, ()):
        nb = (ball[0] + q[0] - piece[0], ball[1] + q[1] - piece[1])
        if q in blocked or not in_bounds(nb) or nb in blocked or is_end_line(nb):
            continue
        out.append((q, nb))
    return out


def dribble_path(
    kind: PieceKind,
    side: Side,
    piece_start: Point,
    ball_start: Point,
    piece_goal: Point | None,
    ball_goal: Point | None,
    blocked: Collection[Point],
    *,
    knight_jumps: int = 1,
    max_cost: int | None = None,
) -> Dribble | None:
    """The cheapest way for a piece to take the ball with it to ``piece_goal`` (and the ball
    to ``ball_goal``; ``None`` for either means anywhere). ``blocked`` are the other
    pieces. A Pawn makes at most 2 steps of its own; a Knight at most ``knight_jumps`` jumps.
    ``max_cost`` (the MP left) bounds the search.
    """
    if chebyshev(piece_start, ball_start) > 1:
        raise IllegalPath(f"the {kind.value} on {_fmt(piece_start)} is not next to the ball")
    if piece_goal is None and ball_goal is None:
        raise IllegalPath("a dribble needs a destination for the piece or the ball")
    pawn = kind is PieceKind.PAWN
    knight = kind is PieceKind.KNIGHT
    limit = max_cost if max_cost is not None else 1 << 30

    def estimate(piece: Point, ball: Point) -> int:
        """A lower bound of the cost left (A*): outside a Knight's jump, the piece and the
        ball each move at most one step per MP."""
        if knight:
            return 0
        h = chebyshev(piece, piece_goal) if piece_goal is not None else 0
        return max(h, chebyshev(ball, ball_goal)) if ball_goal is not None else h

    State = tuple[Point, Point, int, int]  # piece, ball, own steps, jumps
    start: State = (piece_start, ball_start, 0, 0)
    dist: dict[State, int] = {start: 0}
    parent: dict[State, State] = {}
    heap: list[tuple[int, int, State]] = [(estimate(piece_start, ball_start), 0, start)]
    counter = 0
    closed: set[State] = set()
    while heap:
        _, _, s = heapq.heappop(heap)
        if s in closed:
            continue
        closed.add(s)
        cost = dist[s]
        piece, ball, own, jumps = s
        if s != start and piece_goal in (None, piece) and ball_goal in (None, ball):
            ticks = []
            while s != start:
                ticks.append((s[0], s[1]))
                s = parent[s]
            ticks.reverse()
            return Dribble(piece_start, ball_start, tuple(ticks), cost, jumps)
        nexts: list[tuple[State, int]] = []
        for np_, nb in _dribble_moves(kind, side, piece, ball, blocked):
            n_own = own + (np_ != piece)
            if pawn and n_own > PAWN_MAX_STEPS:
                continue
            nexts.append(((np_, nb, n_own if pawn else 0, jumps), 1))
        if kind is PieceKind.KNIGHT and jumps < knight_jumps:
            for np_, nb in _knight_jumps_with_ball(side, piece, ball, blocked):
                nexts.append(((np_, nb, 0, jumps + 1), KNIGHT_JUMP_COST))
        for ns, c in nexts:
            nc = cost + c
            if nc < dist.get(ns, 1 << 30):
                f = nc + estimate(ns[0], ns[1])
                if f > limit:
                    continue
                dist[ns] = nc
                parent[ns] = s
                counter += 1
                heapq.heappush(heap, (f, counter, ns))
    return None


def validate_dribble(
    kind: PieceKind,
    side: Side,
    piece_start: Point,
    ball_start: Point,
    ticks: Sequence[tuple[Point, Point]],
    blocked: Collection[Point],
    *,
    knight_jumps: int = 1,
) -> Dribble:
    """Check a proposed dribble tick by tick; return it with its cost."""
    if chebyshev(piece_start, ball_start) > 1:
        raise IllegalPath(f"the {kind.value} on {_fmt(piece_start)} is not next to the ball")
    if not ticks:
        raise IllegalPath("a move with the ball needs at least one step")
    piece, ball = piece_start, ball_start
    cost = own = jumps = 0
    for i, (np_, nb) in enumerate(ticks, start=1):
        if (np_, nb) in _dribble_moves(kind, side, piece, ball, blocked):
            cost += 1
            own += np_ != piece
        elif kind is PieceKind.KNIGHT and (np_, nb) in _knight_jumps_with_ball(side, piece, ball, blocked):
            cost += KNIGHT_JUMP_COST
            jumps += 1
        else:
            raise IllegalPath(_dribble_reason(kind, piece, ball, np_, nb, blocked, i))
        piece, ball = np_, nb
    if kind is PieceKind.PAWN and own > PAWN_MAX_STEPS:
        raise IllegalPath(f"a pawn makes 1 or 2 steps of its own, not {own}")
    if jumps > knight_jumps:
        raise IllegalPath("the knight jumps at most once per turn")
    return Dribble(piece_start, ball_start, tuple(ticks), cost, jumps)


def _dribble_reason(
    kind: PieceKind, piece: Point, ball: Point, np_: Point, nb: Point,
    blocked: Collection[Point], i: int,
) -> str:
    where = f"(step {i})"
    if np_ in blocked:
        return f"{_fmt(np_)} is occupied {where}"
    if nb in blocked:
        return f"the ball cannot go to {_fmt(nb)}: it is occupied {where}"
    if in_bounds(nb) and is_end_line(nb):
        return f"the ball may reach an end line only by a kick, not on {_fmt(nb)} {where}"
    if chebyshev(np_, nb) != 1:
        return f"the ball must stay next to the {kind.value} ({_fmt(nb)} is not) {where}"
    if chebyshev(ball, nb) > 1:
        return f"the ball moves one step per tick, not {_fmt(ball)} to {_fmt(nb)} {where}"
    return f"{_fmt(piece)} to {_fmt(np_)} is not a {kind.value} step {where}"


def _fmt(p: Point) -> str:
    return f"{p[0]},{p[1]}"
