"""A simple, legal, dice-driven match player: for tests, benchmarks and demonstrations.

It plays both sides with a crude plan (go to the ball, take it forward, shoot when the goal
is in range) and returns the journal of normalised events, which replays to the same state.

>>> from companion.core.dice import Dice
>>> journal, state = simulate_match(Dice.seeded(1), Mode.COUNTING)
>>> state.phase.value, state.turn
('full_time', 50)
"""

from __future__ import annotations

from typing import Any

from companion.chessball.events import IllegalEvent
from companion.chessball.lattice import GOAL_X_MAX, GOAL_X_MIN, Point, neighbours
from companion.chessball.match import Match
from companion.chessball.options import RuleOptions
from companion.chessball.dribble import dribble_path
from companion.chessball.paths import ball_line, piece_path
from companion.chessball.pieces import PieceKind, Side, goal_line_y
from companion.chessball.state import MatchState, Mode, Phase
from companion.core.dice import Dice

Event = dict[str, Any]


def kickoff_pieces(state: MatchState) -> list[dict[str, Any]]:
    """A legal kick-off placement for the current lineups."""
    placed: list[dict[str, Any]] = []
    for side in Side:
        home = goal_line_y(side)
        placed.append({"side": side.value, "piece": "king", "at": [8, home]})
        f = 1 if side is Side.WHITE else -1
        kinds = sorted(state.lineup[side].elements(), key=lambda k: k.value)
        if side is state.kickoff_side:
            spots = [(8, 8 - f)] + [(4 + 2 * i, 8 - 3 * f) for i in range(len(kinds))]
        else:
            spots = [(4 + 2 * i, 8 + 3 * f * -1) for i in range(len(kinds))]
        for kind, at in zip(kinds, spots):
            placed.append({"side": side.value, "piece": kind.value, "at": list(at)})
    return placed


def _roll3(dice: Dice) -> list[int]:
    return list(dice.roll(3).faces)


def _positional_move(state: MatchState, side: Side, dice: Dice) -> list[Event]:
    """Candidate events for the side to move, best first (the caller tries them in order)."""
    mp = state.movement_points[side]
    ball = state.ball
    out: list[Event] = []
    if ball is None:
        return out
    occupied = set(state.board)
    mine = state.pieces_next_to_ball(side)
    target_y = goal_line_y(side.other)
    if mine:
        # Shoot at the keeper (he may still fumble it); at an open point only on a 6.
        keeper = state.king_point(side.other)
        xs = [keeper[0]] if keeper is not None else []
        if dice.roll(1).faces[0] == 6:
            xs += list(range(GOAL_X_MIN, GOAL_X_MAX + 1))
        for x in xs:
            line = ball_line(ball, (x, target_y), occupied)
            if line is not None and line.cost <= min(mp, 12):
                out.append({"kind": "kick", "side": side.value, "to": [x, target_y]})
                break
        at, piece = mine[0]
        ahead = (ball[0], min(max(ball[1] + 4 * (1 if side is Side.WHITE else -1), 1), 15))
        if ahead != ball and ahead not in occupied:
            dr = dribble_path(piece.kind, side, at, ball, None, ahead, occupied - {at}, knight_jumps=0,
                              max_cost=min(mp, 8))
            if dr is not None:
                out.append({"kind": "dribble", "side": side.value, "from": list(at),
                            "to": list(dr.piece_end), "ball_to": list(ahead)})
    theirs = state.pieces_next_to_ball(side.other)
    if mine and theirs and state.may_tackle(side):
        out.append({"kind": "tackle", "side": side.value, "piece": list(mine[0][0]),
                    "against": list(theirs[0][0]), "throws": _tackle_throws(dice)})
    king = state.king_point(side)
    if not mine and king is not None:
        cover = (min(max(ball[0], GOAL_X_MIN), GOAL_X_MAX), king[1])
        if cover != king and cover not in occupied:
            path = piece_path(PieceKind.KING, side, king, cover, occupied - {king})
            if path is not None and path.cost <= mp:
                out.append({"kind": "move", "side": side.value, "from": list(king), "to": list(cover)})
    if not mine:
        best: tuple[int, Point, Point] | None = None
        for at, piece in state.board.items():
            if piece.side is not side or piece.kind is PieceKind.KING:
                continue
            for q in neighbours(ball):
                if q in occupied:
                    continue
                path = piece_path(piece.kind, side, at, q, (occupied - {at}) | {ball},
                                  knight_jumps=0 if piece.uid in state.knights_jumped else 1)
                if path is not None and path.cost <= mp and (best is None or path.cost < best[0]):
                    best = (path.cost, at, q)
        if best is not None:
            out.append({"kind": "move", "side": side.value, "from": list(best[1]), "to": list(best[2])})
    return out


def _tackle_throws(dice: Dice) -> list[dict[str, list[int]]]:
    throws = []
    while True:
        w, b = _roll3(dice), _roll3(dice)
        throws.append({"white": w, "black": b})
        if sum(w) != sum(b):
            return throws


def _counting_move(state: MatchState, side: Side, dice: Dice) -> list[Event]:
    mp = state.movement_points[side]
    r = dice.roll(1).faces[0]
    if r == 6 and mp >= 4:
        return [{"kind": "shot", "side": side.value, "distance": min(mp, 4 + dice.roll(1).faces[0])}]
    if r == 5 and state.may_tackle(side):
        return [{"kind": "tackle", "side": side.value, "throws": _tackle_throws(dice)}]
    if r == 4 and state.lineup[side][PieceKind.ROOK]:
        return [{"kind": "substitution", "side": side.value, "out": "rook", "in": "bishop"}]
    if mp:
        return [{"kind": "spend", "side": side.value, "mp": min(mp, r + 2)},
                {"kind": "end_move", "side": side.value}]
    return []


def simulate_match(
    dice: Dice, mode: Mode = Mode.POSITIONAL, options: RuleOptions | None = None,
) -> tuple[list[Event], MatchState]:
    """Play a whole match; return (journal of normalised events, final state)."""
    match = Match(mode, options)
    journal: list[Event] = []

    def play(event: Event) -> bool:
        try:
            journal.append(match.apply(event))
            return True
        except IllegalEvent:
            return False

    while match.state.phase is not Phase.FULL_TIME:
        s = match.state
        if s.phase is Phase.KICKOFF:
            event: Event = {"kind": "kickoff"}
            if mode is Mode.POSITIONAL:
                event["pieces"] = kickoff_pieces(s)
            if not play(event):
                raise RuntimeError(f"the simulator's kick-off was refused: {match.check(event)}")
        elif s.phase is Phase.ROLLS:
            for side in Side:
                if s.rolls[side] is None:
                    play({"kind": "roll", "side": side.value, "faces": _roll3(dice)})
        elif s.phase is Phase.KEEPER_ROLL:
            play({"kind": "keeper_roll", "faces": _roll3(dice)})
        elif s.phase is Phase.DIRECTION_ROLL:
            play({"kind": "direction_roll", "face": dice.roll(1).faces[0]})
        else:
            side = s.side_to_move
            assert side is not None
            plan = (_positional_move if mode is Mode.POSITIONAL else _counting_move)(s, side, dice)
            if mode is Mode.COUNTING and plan and plan[0]["kind"] == "spend":
                if play(plan[0]) and play(plan[1]):
                    continue
            elif any(play(e) for e in plan):
                continue
            if match.state.move_spent:
                play({"kind": "end_move", "side": side.value})
            else:
                play({"kind": "pass_move", "side": side.value})
    return journal, match.state
