"""A piece moving with the ball: the cheapest dribble and the tick-by-tick check of one.

A dribble is a list of ticks, each the (piece point, ball point) after it. A tick costs 1 MP:
the ball makes at most one step and the piece at most one step of its own kind, and the ball
ends next to the piece. A Knight's jump with the ball is one tick of 3 MP.

>>> from companion.chessball.pieces import PieceKind, Side
>>> dribble_path(PieceKind.ROOK, Side.WHITE, (8, 4), (8, 5), (8, 10), (8, 11), set()).cost
6
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from companion.chessball.lattice import DIRECTIONS, Point, chebyshev, in_bounds, is_end_line
from companion.chessball.paths import IllegalPath, fmt_point, step_table
from companion.chessball.pieces import KNIGHT_JUMP_COST, PAWN_MAX_STEPS, PieceKind, Side


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
        piece_options += [q for q in step_table(kind, side).get(piece, ()) if q not in blocked]
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
    for q in step_table(PieceKind.KNIGHT, side).get(piece, ()):
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
        raise IllegalPath(f"the {kind.value} on {fmt_point(piece_start)} is not next to the ball")
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
        raise IllegalPath(f"the {kind.value} on {fmt_point(piece_start)} is not next to the ball")
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
        return f"{fmt_point(np_)} is occupied {where}"
    if nb in blocked:
        return f"the ball cannot go to {fmt_point(nb)}: it is occupied {where}"
    if in_bounds(nb) and is_end_line(nb):
        return f"the ball may reach an end line only by a kick, not on {fmt_point(nb)} {where}"
    if chebyshev(np_, nb) != 1:
        return f"the ball must stay next to the {kind.value} ({fmt_point(nb)} is not) {where}"
    if chebyshev(ball, nb) > 1:
        return f"the ball moves one step per tick, not {fmt_point(ball)} to {fmt_point(nb)} {where}"
    return f"{fmt_point(piece)} to {fmt_point(np_)} is not a {kind.value} step {where}"


