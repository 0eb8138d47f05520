"""The positional half of the reducer: pieces and ball on the lattice.

Each function checks an event against the position of a (cloned) :class:`MatchState` and
changes that clone; a :class:`PositionError` says what is wrong and where. ``match.py`` owns
the turn structure, MP and score; this module owns points, paths and possession.

Possession: a piece has the ball when the ball is next to it (or on its point). When pieces of
both sides are next to the ball, the one that last took it (received it, dribbled it, won a
tackle, saved it) keeps it: the other side must win it with a tackle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.chessball import events as ev
from companion.chessball.events import fmt
from companion.chessball.lattice import CENTRE, LAST, Point, chebyshev, is_end_line, is_goal_mouth, is_next_to
from companion.chessball.dribble import dribble_path, validate_dribble
from companion.chessball.paths import (
    IllegalPath, ball_line, can_stand, piece_path, validate_ball_line, validate_piece_path,
)
from companion.chessball.pieces import PieceKind, Side, forward, goal_line_y, in_own_half
from companion.chessball.shot import ReboundDirection, rebound_line
from companion.chessball.state import MatchState, PendingShot, Piece


class PositionError(ValueError):
    pass


def _occupied(s: MatchState) -> set[Point]:
    return set(s.board)


def _own_piece(s: MatchState, event: Mapping[str, Any], key: str, side: Side) -> tuple[Point, Piece]:
    at = ev.point(event, key)
    piece = s.board.get(at)
    if piece is None:
        raise PositionError(f"there is no piece on {fmt(at)}")
    if piece.side is not side:
        raise PositionError(f"the {piece.kind.value} on {fmt(at)} is {piece.side.value}'s, not {side.value}'s")
    return at, piece


def _new_piece(s: MatchState, side: Side, kind: PieceKind) -> Piece:
    piece = Piece(s.next_uid, side, kind)
    s.next_uid += 1
    return piece


def _settle_holder(s: MatchState) -> None:
    """The holder loses the ball once it is no longer next to it (or gone)."""
    if s.holder is None or s.ball is None:
        s.holder = None
        return
    found = s.piece_of(s.holder)
    if found is None or chebyshev(found[0], s.ball) > 1:
        s.holder = None


def _receive(s: MatchState, at: Point) -> None:
    """The ball stopped on ``at``: a piece on it takes it; else the only piece next to it."""
    s.ball = at
    if at in s.board:
        s.holder = s.board[at].uid
        return
    near = s.pieces_next_to_ball()
    s.holder = near[0][1].uid if len(near) == 1 else None


def _check_can_play_ball(s: MatchState, side: Side, piece_at: Point | None = None) -> None:
    if s.ball is None:
        raise PositionError("the ball is not on the lattice")
    mine = s.pieces_next_to_ball(side)
    if piece_at is not None:
        if chebyshev(piece_at, s.ball) > 1:
            raise PositionError(f"the piece on {fmt(piece_at)} is not next to the ball on {fmt(s.ball)}")
    elif not mine:
        raise PositionError(f"{side.value} has no piece next to the ball on {fmt(s.ball)}")
    _settle_holder(s)
    if s.holder is not None:
        at, holder = s.piece_of(s.holder)  # type: ignore[misc]
        if holder.side is not side:
            raise PositionError(
                f"{holder.side.value}'s {holder.kind.value} on {fmt(at)} holds the ball: "
                "win it with a tackle first"
            )


# -- kick-off ---------------------------------------------------------------------------------

def kickoff(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    """Place both teams: each King on the centre of its goal line, the field pieces in their
    own half (halfway line included), at least one of the kicking side next to the ball on the
    centre point and none of the other side next to it."""
    raw = ev.required(event, "pieces")
    if not isinstance(raw, list):
        raise PositionError("pieces must be a list of {\"side\", \"piece\", \"at\"}")
    ball = ev.point(event, "ball") if "ball" in event else CENTRE
    if ball != CENTRE:
        raise PositionError(f"the ball starts on the centre point {fmt(CENTRE)}, not {fmt(ball)}")
    board: dict[Point, Piece] = {}
    counts: dict[Side, Counter[PieceKind]] = {side: Counter() for side in Side}
    for i, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping):
            raise PositionError(f"pieces[{i}] must be a dict with side, piece and at")
        item = {"kind": f"kickoff pieces[{i}]", **item}
        ev.check_keys(item, {"side", "piece", "at"})
        side, kind, at = ev.side(item), ev.piece_kind(item, "piece"), ev.point(item, "at")
        if at in board:
            raise PositionError(f"two pieces on {fmt(at)}")
        if at == ball:
            raise PositionError(f"the {kind.value} cannot stand on the ball's point {fmt(at)}")
        if kind is PieceKind.KING:
            home = (8, goal_line_y(side))
            if at != home:
                raise PositionError(f"{side.value}'s King starts at the centre of its goal line, {fmt(home)}")
        else:
            if not can_stand(kind, side, at):
                raise PositionError(f"the goal mouth {fmt(at)} is the Kings' alone")
            if not in_own_half(side, at):
                raise PositionError(f"{side.value}'s {kind.value} on {fmt(at)} is not in {side.value}'s half")
        counts[side][kind] += 1
        board[at] = _new_piece(s, side, kind)
    for side in Side:
        expected = Counter(s.lineup[side]) + Counter({PieceKind.KING: 1})
        if counts[side] != expected:
            want = ", ".join(f"{n} {k.value}" for k, n in sorted(expected.items()))
            raise PositionError(f"{side.value} must place exactly: {want}")
    kicker = s.kickoff_side
    near = [pc for p, pc in board.items() if is_next_to(p, ball)]
    if not any(pc.side is kicker for pc in near):
        raise PositionError(f"{kicker.value} kicks off and needs a piece next to the ball")
    if any(pc.side is not kicker for pc in near):
        raise PositionError(f"{kicker.other.value} may not stand next to the ball at {kicker.value}'s kick-off")
    s.board = board
    s.ball = ball
    s.holder = None
    s.pending_shot = None
    return {
        "kind": "kickoff", "ball": list(ball),
        "pieces": [{"side": pc.side.value, "piece": pc.kind.value, "at": list(p)} for p, pc in board.items()],
    }


# -- moves ------------------------------------------------------------------------------------

def _jumps_left(s: MatchState, piece: Piece) -> int:
    return 0 if piece.uid in s.knights_jumped else 1


def move(s: MatchState, event: Mapping[str, Any], side: Side) -> tuple[dict[str, Any], int]:
    """A piece moves without the ball."""
    start, piece = _own_piece(s, event, "from", side)
    goal = ev.point(event, "to")
    if goal == start:
        raise PositionError(f"the {piece.kind.value} is already on {fmt(goal)}: pass the move instead")
    blocked = _occupied(s) - {start}
    if s.ball is not None:
        blocked.add(s.ball)
    jumps = _jumps_left(s, piece)
    try:
        if "path" in event:
            path = validate_piece_path(piece.kind, side, [start] + ev.points(event, "path"), blocked,
                                       knight_jumps=jumps)
            if path.end != goal:
                raise PositionError(f"the path ends on {fmt(path.end)}, not on 'to' {fmt(goal)}")
        else:
            found = piece_path(piece.kind, side, start, goal, blocked, knight_jumps=jumps)
            if found is None:
                raise PositionError(_no_path_reason(s, piece, start, goal, blocked, jumps))
            path = found
    except IllegalPath as exc:
        raise PositionError(str(exc)) from None
    del s.board[start]
    s.board[goal] = piece
    if path.jumps:
        s.knights_jumped.add(piece.uid)
    _settle_holder(s)
    return ({"kind": "move", "side": side.value, "from": list(start), "to": list(goal),
             "path": [list(p) for p in path.points[1:]]}, path.cost)


def _no_path_reason(s: MatchState, piece: Piece, start: Point, goal: Point, blocked: set[Point],
                    jumps: int) -> str:
    name = f"the {piece.kind.value} on {fmt(start)}"
    if goal in blocked:
        what = "the ball" if goal == s.ball else "a piece"
        return f"{fmt(goal)} is occupied by {what}"
    if not can_stand(piece.kind, piece.side, goal):
        if piece.kind is PieceKind.KING:
            return f"{name} moves only along its own goal line"
        return f"the goal mouth {fmt(goal)} is the Kings' alone"
    if piece.kind is PieceKind.KNIGHT and jumps == 0:
        return f"{name} has already jumped this turn"
    if piece.kind is PieceKind.KNIGHT:
        return f"{fmt(goal)} is not a knight's jump from {fmt(start)}"
    if piece.kind is PieceKind.PAWN:
        return f"{name} makes 1 or 2 steps, and {fmt(goal)} is not within 2 free steps"
    return f"{name} has no free path to {fmt(goal)}: pieces block the way"


def dribble(s: MatchState, event: Mapping[str, Any], side: Side) -> tuple[dict[str, Any], int]:
    """A piece moves with the ball (or turns the ball around itself)."""
    start, piece = _own_piece(s, event, "from", side)
    _check_can_play_ball(s, side, start)
    goal = ev.point(event, "to")
    ball_goal = ev.point(event, "ball_to") if "ball_to" in event else None
    blocked = _occupied(s) - {start}
    jumps = _jumps_left(s, piece)
    assert s.ball is not None
    try:
        if "ticks" in event:
            raw = ev.required(event, "ticks")
            if not isinstance(raw, list) or not all(isinstance(t, list) and len(t) == 2 for t in raw):
                raise PositionError("ticks must be a list of [[piece x, y], [ball x, y]] pairs")
            ticks = [
                (ev.point({"kind": "dribble", f"ticks[{i}] piece": t[0]}, f"ticks[{i}] piece"),
                 ev.point({"kind": "dribble", f"ticks[{i}] ball": t[1]}, f"ticks[{i}] ball"))
                for i, t in enumerate(raw)
            ]
            dr = validate_dribble(piece.kind, side, start, s.ball, ticks, blocked, knight_jumps=jumps)
            if dr.piece_end != goal or (ball_goal is not None and dr.ball_end != ball_goal):
                raise PositionError("the ticks do not end where 'to' and 'ball_to' say")
        else:
            found = dribble_path(piece.kind, side, start, s.ball, goal, ball_goal, blocked, knight_jumps=jumps,
                                 max_cost=s.movement_points[side])
            if found is None:
                where = f"{fmt(goal)}" + (f" with the ball on {fmt(ball_goal)}" if ball_goal else "")
                raise PositionError(
                    f"the {piece.kind.value} on {fmt(start)} cannot take the ball to {where} "
                    f"with the {s.movement_points[side]} MP {side.value} has left"
                )
            dr = found
    except IllegalPath as exc:
        raise PositionError(str(exc)) from None
    del s.board[start]
    s.board[dr.piece_end] = piece
    s.ball = dr.ball_end
    s.holder = piece.uid
    if dr.jumps:
        s.knights_jumped.add(piece.uid)
    return ({"kind": "dribble", "side": side.value, "from": list(start), "to": list(dr.piece_end),
             "ball_to": list(dr.ball_end), "ticks": [[list(p), list(b)] for p, b in dr.ticks]}, dr.cost)


def goal_owner(p: Point) -> Side:
    """The side that defends the end line ``p`` is on."""
    return Side.WHITE if p[1] == 0 else Side.BLACK


def kick(s: MatchState, event: Mapping[str, Any], side: Side) -> tuple[dict[str, Any], int, Point | None]:
    """The ball alone: a pass, a throw, or a shot. Returns (event, cost, goal-mouth arrival)."""
    _check_can_play_ball(s, side)
    assert s.ball is not None
    goal = ev.point(event, "to")
    if goal == s.ball:
        raise PositionError(f"the ball is already on {fmt(goal)}: a kick moves it at least one step")
    occupied = _occupied(s)
    spin = s.options.spin_window
    try:
        if "path" in event:
            path = validate_ball_line([s.ball] + ev.points(event, "path"), occupied, spin_window=spin)
            if path.end != goal:
                raise PositionError(f"the path ends on {fmt(path.end)}, not on 'to' {fmt(goal)}")
        else:
            found = ball_line(s.ball, goal, occupied, spin_window=spin)
            if found is None:
                raise PositionError(
                    f"no line (straight, or with one spin in its first {spin} steps) takes the ball "
                    f"from {fmt(s.ball)} to {fmt(goal)} without stopping on a piece or an end line"
                )
            path = found
    except IllegalPath as exc:
        raise PositionError(str(exc)) from None
    normalised = {"kind": "kick", "side": side.value, "to": list(goal), "path": [list(p) for p in path.points[1:]]}
    end = path.end
    if is_goal_mouth(end):
        s.ball = end
        s.holder = None
        return normalised, path.cost, end
    if end in occupied:
        _receive(s, end)
    elif is_end_line(end):
        ball_to_keeper(s, goal_owner(end))  # out over the end line: to the defending King
    else:
        _receive(s, end)
    return normalised, path.cost, None


def ball_to_keeper(s: MatchState, keeper_side: Side) -> None:
    """The keeper holds the ball: it goes on the free point in front of him (or the nearest)."""
    king_at = s.king_point(keeper_side)
    if king_at is None:
        raise PositionError(f"{keeper_side.value} has no King on the board")
    f = forward(keeper_side)
    x, y = king_at
    for dx, dy in ((0, f), (-1, f), (1, f), (-1, 0), (1, 0)):
        p = (x + dx, y + dy)
        if 0 <= p[0] <= LAST and p not in s.board:
            s.ball = p
            s.holder = s.board[king_at].uid
            return
    s.ball = king_at  # every point around him taken: he keeps it on his own point
    s.holder = s.board[king_at].uid


def rebound(s: MatchState, shot: PendingShot, direction: ReboundDirection, steps: int) -> Point:
    """A parried ball goes ``steps`` from the arrival point and stops early on a piece."""
    assert shot.arrival is not None
    occupied = _occupied(s) - {shot.arrival}
    line = rebound_line(shot.arrival, shot.defender, direction, steps, occupied)
    if len(line) == 1:  # nowhere to go: the keeper holds it
        ball_to_keeper(s, shot.defender)
    else:
        _receive(s, line[-1])
    assert s.ball is not None
    return s.ball


def substitute(s: MatchState, event: Mapping[str, Any], side: Side, leaving: PieceKind,
               entering: PieceKind) -> Point:
    at, piece = _own_piece(s, event, "at", side)
    if piece.kind is not leaving:
        raise PositionError(f"the piece on {fmt(at)} is a {piece.kind.value}, not a {leaving.value}")
    new = _new_piece(s, side, entering)
    s.board[at] = new
    if s.holder == piece.uid:
        s.holder = new.uid
    return at


def tackle(s: MatchState, event: Mapping[str, Any], side: Side, winner: Side) -> dict[str, Any]:
    """Two pieces of different colours next to the ball contest it; the winner's piece holds it."""
    if s.ball is None:
        raise PositionError("the ball is not on the lattice")

    def pick(key: str, owner: Side) -> tuple[Point, Piece]:
        if key in event:
            at, piece = _own_piece(s, event, key, owner)
            if chebyshev(at, s.ball) > 1:  # type: ignore[arg-type]
                raise PositionError(f"the {piece.kind.value} on {fmt(at)} is not next to the ball")
            return at, piece
        near = s.pieces_next_to_ball(owner)
        if not near:
            raise PositionError(f"a tackle needs a {owner.value} piece next to the ball on {fmt(s.ball)}")  # type: ignore[arg-type]
        if len(near) > 1:
            raise PositionError(f"several {owner.value} pieces are next to the ball: say which with '{key}'")
        return near[0]

    mine = pick("piece", side)
    theirs = pick("against", side.other)
    s.holder = (mine if winner is side else theirs)[1].uid
    return {"piece": list(mine[0]), "against": list(theirs[0])}
