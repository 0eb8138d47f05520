"""The turn structure of a match: who moves, when a turn, a half and the match end.

Helpers for the reducer in ``match.py``; each works on a state being built (a clone, or the
state of a replay) and raises :class:`IllegalEvent` with a referee's reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from companion.chessball import events as ev
from companion.chessball.events import IllegalEvent
from companion.chessball.options import FirstMover
from companion.chessball.pieces import STARTING_LINEUP, PieceKind, Side
from companion.chessball.state import MatchState, Mode, Phase


def first_mover(s: MatchState) -> Side:
    """Who makes the first move of the turn that is starting."""
    if s.kickoff_turn and s.options.kickoff_side_moves_first:
        return s.kickoff_side
    half_kicker = Side.WHITE if s.half == 1 else Side.BLACK
    if s.options.first_mover is FirstMover.BY_HALF:
        return half_kicker
    return half_kicker if (s.turn_in_half - 1) % 2 == 0 else half_kicker.other


def start_turn(s: MatchState, phase: Phase) -> None:
    s.phase = phase
    s.moves_made = 0
    s.move_spent = 0
    s.movement_points = {side: 0 for side in Side}
    s.rolls = {side: None for side in Side}
    s.tackled = set()
    s.knights_jumped = set()
    s.first_mover = first_mover(s)


def end_turn(s: MatchState, after_goal: bool = False) -> None:
    """Close the turn: full time after the last, a kick-off after a goal or at half time."""
    per_half = s.options.turns_per_half
    if s.turn >= 2 * per_half:
        s.phase = Phase.FULL_TIME
        s.movement_points = {side: 0 for side in Side}
        return
    s.turn += 1
    if s.turn == per_half + 1:  # half time: Black kicks off the second half
        s.half = 2
        s.kickoff_side = Side.BLACK
        after_goal = True  # the second half starts with a kick-off too
    s.kickoff_turn = after_goal
    start_turn(s, Phase.KICKOFF if after_goal else Phase.ROLLS)


def finish_move(s: MatchState) -> None:
    """One of the six moves of the turn is done; the sixth ends the turn."""
    s.moves_made += 1
    s.move_spent = 0
    s.phase = Phase.MOVES
    if s.moves_made >= s.moves_per_turn:
        end_turn(s)


def score_goal(s: MatchState, scorer: Side) -> None:
    s.score[scorer] += 1
    s.kickoff_side = scorer.other  # the side that conceded kicks off
    s.lineup = {side: starting_lineup() for side in Side}
    s.ball = None
    s.holder = None
    s.pending_shot = None
    end_turn(s, after_goal=True)


def starting_lineup() -> Counter[PieceKind]:
    return Counter(STARTING_LINEUP)


def mover(s: MatchState, event: Mapping[str, Any], allowed: set[str]) -> Side:
    """Common checks for an event that is (part of) a move; returns the mover."""
    ev.check_keys(event, allowed | {"side"})
    side = ev.side(event)
    kind = event["kind"]
    if s.phase is not Phase.MOVES:
        raise IllegalEvent(f"{kind}: not now, the match is waiting for: {waiting(s)}")
    if side is not s.side_to_move:
        raise IllegalEvent(f"{kind}: it is {s.side_to_move.value}'s move, not {side.value}'s")  # type: ignore[union-attr]
    return side


def waiting(s: MatchState) -> str:
    return {
        Phase.KICKOFF: f"the kick-off ({s.kickoff_side.value} kicks off)",
        Phase.ROLLS: "both sides' 3d6 rolls for their MP",
        Phase.MOVES: f"{s.side_to_move.value if s.side_to_move else '?'}'s move",
        Phase.KEEPER_ROLL: "the keeper's 3d6 roll",
        Phase.DIRECTION_ROLL: "the 1d6 roll for the parry's direction",
        Phase.FULL_TIME: "nothing (full time)",
    }[s.phase]


def need_mode(s: MatchState, event: Mapping[str, Any], mode: Mode) -> None:
    if s.mode is not mode:
        other = {
            Mode.COUNTING: "counting mode (MP counted by hand)",
            Mode.POSITIONAL: "positional mode (pieces on the lattice)",
        }[mode]
        raise IllegalEvent(f"{event['kind']}: only in {other}; this match is in {s.mode.value} mode")


def pay(s: MatchState, side: Side, mp: int, what: str) -> None:
    if mp > s.movement_points[side]:
        raise IllegalEvent(f"{what} costs {mp} MP but {side.value} has {s.movement_points[side]} MP left")
    s.movement_points[side] -= mp
