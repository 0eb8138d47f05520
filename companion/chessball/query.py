"""Path questions asked of a match position: "what does it cost to go from A to B?".

The screen's helper: it reads the pieces, the ball and the MP from a :class:`MatchState` and
answers with the cheapest legal path, its cost, and whether the side can afford it now.

>>> from companion.chessball.state import MatchState, Piece
>>> from companion.chessball.pieces import PieceKind, Side
>>> s = MatchState(board={(4, 4): Piece(1, Side.WHITE, PieceKind.ROOK)}, ball=(8, 8),
...                movement_points={Side.WHITE: 5, Side.BLACK: 0})
>>> a = path_in_position(s, (4, 4), (4, 7)); (a.cost, a.affordable)
(3, True)
>>> path_in_position(s, (4, 4), (8, 8)).reason
'8,8 is occupied (by the ball)'
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.chessball.dribble import dribble_path
from companion.chessball.lattice import Point, chebyshev
from companion.chessball.paths import IllegalPath, ball_line, can_stand, piece_path
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import MatchState


@dataclass(frozen=True)
class PathAnswer:
    """``points`` is the piece's path (or the ball's, for a kick); ``ball_points`` the ball's
    in a dribble. ``cost`` is None when there is no legal path; ``reason`` says why."""

    what: str  # "piece", "dribble" or "ball"
    side: Side | None
    cost: int | None
    points: tuple[Point, ...] = ()
    ball_points: tuple[Point, ...] = ()
    affordable: bool = False
    reason: str = ""


def _fmt(p: Point) -> str:
    return f"{p[0]},{p[1]}"


def path_in_position(
    state: MatchState, start: Point, goal: Point, *, ball_to: Point | None = None,
    with_ball: bool = False,
) -> PathAnswer:
    """The cheapest legal path from ``start`` to ``goal`` in this position.

    ``start`` on the ball's point asks for a kick (pass, throw, shot). Otherwise ``start`` is a
    piece; ``with_ball`` (or a ``ball_to``) asks for a dribble.
    """
    occupied = set(state.board)
    if start == state.ball and start not in state.board:
        line = ball_line(start, goal, occupied, spin_window=state.options.spin_window)
        near = state.pieces_next_to_ball()
        side = near[0][1].side if len(near) == 1 else None
        if line is None:
            return PathAnswer("ball", side, None, reason=f"no line takes the ball from {_fmt(start)} to {_fmt(goal)}")
        mp = state.movement_points[side] if side else 0
        return PathAnswer("ball", side, line.cost, line.points, affordable=side is not None and line.cost <= mp)
    piece = state.board.get(start)
    if piece is None:
        return PathAnswer("piece", None, None, reason=f"there is no piece or ball on {_fmt(start)}")
    mp = state.movement_points[piece.side]
    jumps = 0 if piece.uid in state.knights_jumped else 1
    if with_ball or ball_to is not None:
        if state.ball is None or chebyshev(start, state.ball) > 1:
            return PathAnswer("dribble", piece.side, None, reason=f"the {piece.kind.value} is not next to the ball")
        try:
            dr = dribble_path(piece.kind, piece.side, start, state.ball, goal, ball_to, occupied - {start},
                              knight_jumps=jumps)
        except IllegalPath as exc:
            return PathAnswer("dribble", piece.side, None, reason=str(exc))
        if dr is None:
            return PathAnswer("dribble", piece.side, None, reason=f"the {piece.kind.value} cannot take the ball there")
        return PathAnswer("dribble", piece.side, dr.cost, (start,) + tuple(t[0] for t in dr.ticks),
                          (state.ball,) + tuple(t[1] for t in dr.ticks), affordable=dr.cost <= mp)
    blocked = occupied - {start}
    if state.ball is not None:
        blocked.add(state.ball)
    if goal in blocked:
        what = "the ball" if goal == state.ball else "a piece"
        return PathAnswer("piece", piece.side, None, reason=f"{_fmt(goal)} is occupied (by {what})")
    if not can_stand(piece.kind, piece.side, goal):
        why = ("the King keeps to its own goal line" if piece.kind is PieceKind.KING
               else "the goal mouths are the Kings' alone")
        return PathAnswer("piece", piece.side, None, reason=why)
    path = piece_path(piece.kind, piece.side, start, goal, blocked, knight_jumps=jumps)
    if path is None:
        return PathAnswer("piece", piece.side, None, reason=f"no legal path for the {piece.kind.value}")
    return PathAnswer("piece", piece.side, path.cost, path.points, affordable=path.cost <= mp)
