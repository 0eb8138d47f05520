"""The match as state by replay: ``apply(state, event) -> state`` and the :class:`Match` wrapper.

Events are small JSON-able dicts. Every event is checked in full before it changes anything:
an illegal one raises :class:`IllegalEvent` with a reason a referee understands, so a screen
can validate, then journal, then show. ``Match.apply`` returns the *normalised* event (for
instance a ``move`` with the cheapest ``path`` filled in): journal that one, and replay stays
fast because paths are then only checked, not searched.

Events (``side`` is always the side doing it):

- ``{"kind": "setup", "mode": "counting", "options": {...}}`` — optional, first event only: the
  mode and the rule options, so that a journal replays on its own.
- ``{"kind": "kickoff"}`` — counting mode; positional mode adds ``"pieces": [{"side", "piece",
  "at": [x, y]}, ...]`` (both Kings and the field pieces) and optionally ``"ball": [8, 8]``.
- ``{"kind": "roll", "side": "white", "faces": [3, 5, 6]}`` — each side's 3d6 for its MP.
- ``{"kind": "pass_move", "side"}`` — the side passes one of its three moves.
- ``{"kind": "substitution", "side", "out": "rook", "in": "queen"}`` (+ ``"at"`` positional).
- ``{"kind": "tackle", "side", "throws": [{"white": [..], "black": [..]}, ...]}`` — every throw
  but the last a tie; positional mode may name ``"piece"`` and ``"against"`` points.
- counting mode: ``spend`` (``"mp": N``, within the move), ``end_move`` (alias ``next_move``), ``shot`` (``"distance":
  N``, ``"keeper_on_point": true``), ``goal`` (``"side"`` = who scored).
- positional mode: ``move`` (``from``, ``to``, ``path``?), ``dribble`` (``from``, ``to``,
  ``ball_to``?, ``ticks``?), ``kick`` (``to``, ``path``?): a pass, throw or shot.
- after a shot reaches the keeper: ``keeper_roll`` (``faces`` 3d6), then after a parry
  ``direction_roll`` (``face`` 1d6).

>>> m = Match(Mode.COUNTING)
>>> for e in ({"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": [6, 6, 6]},
...           {"kind": "roll", "side": "black", "faces": [1, 2, 3]}):
...     _ = m.apply(e)
>>> _ = m.apply({"kind": "spend", "side": "white", "mp": 5})
>>> m.state.movement_points[Side.WHITE], m.state.side_to_move
(13, <Side.WHITE: 'white'>)
>>> m.apply({"kind": "spend", "side": "black", "mp": 1})
Traceback (most recent call last):
...
companion.chessball.events.IllegalEvent: spend: it is white's move, not black's
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.chessball import events as ev
from companion.chessball import positional
from companion.chessball.events import IllegalEvent
from companion.chessball.options import RuleOptions
from companion.chessball.pieces import CHESS_SET, Side
from companion.chessball.shot import ShotOutcome, keeper_outcome, parry_direction, rebound_steps, shot_power
from companion.chessball.state import MatchState, Mode, PendingShot, Phase
from companion.chessball.substitution import IllegalSubstitution, substitution_mp
from companion.chessball.turns import (
    finish_move, mover, need_mode, pay, score_goal, start_turn, waiting,
)

__all__ = ["IllegalEvent", "Match", "MatchState", "Mode", "Phase", "apply", "expected_kinds", "new_match", "replay"]

Handler = Callable[[MatchState, Mapping[str, Any]], dict[str, Any]]


def new_match(mode: Mode = Mode.POSITIONAL, options: RuleOptions | None = None) -> MatchState:
    return MatchState(mode=mode, options=options or RuleOptions())


def apply(state: MatchState, event: Mapping[str, Any]) -> MatchState:
    """The pure reducer: a new state, or :class:`IllegalEvent` (``state`` is never changed)."""
    return _apply(state, event)[0]


def replay(
    events: Iterable[Mapping[str, Any]], mode: Mode = Mode.POSITIONAL,
    options: RuleOptions | None = None,
) -> MatchState:
    state = new_match(mode, options)
    for n, event in enumerate(events, start=1):
        try:
            # In place: a refused event ends the replay, so no copy is needed to roll it back.
            _apply(state, event, in_place=True)
        except IllegalEvent as exc:
            raise IllegalEvent(f"event {n}: {exc}") from None
    return state


class Match:
    """A match that keeps its current state; ``apply`` is all-or-nothing.

    >>> m = Match(Mode.COUNTING); m.state.phase
    <Phase.KICKOFF: 'kickoff'>
    """

    def __init__(self, mode: Mode = Mode.POSITIONAL, options: RuleOptions | None = None) -> None:
        self.state = new_match(mode, options)

    def check(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """Validate without applying; return the normalised event."""
        return _apply(self.state, event)[1]

    def apply(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """Apply an event; return the normalised event to journal."""
        self.state, normalised = _apply(self.state, event)
        return normalised

    def expected(self) -> list[str]:
        """The event kinds the match can take now (a screen shows these buttons)."""
        return expected_kinds(self.state)


def expected_kinds(s: MatchState) -> list[str]:
    """The event kinds that may be legal in this state (each is still checked in full)."""
    if s.phase is Phase.MOVES:
        common = ["pass_move", "substitution", "tackle", "goal"]
        if s.mode is Mode.COUNTING:
            return ["spend", "end_move", "shot"] + common
        return ["move", "dribble", "kick"] + common
    return {
        Phase.KICKOFF: ["setup", "kickoff"] if s.events_applied == 0 else ["kickoff"],
        Phase.ROLLS: ["roll"],
        Phase.KEEPER_ROLL: ["keeper_roll", "goal"],
        Phase.DIRECTION_ROLL: ["direction_roll", "goal"],
        Phase.FULL_TIME: [],
    }[s.phase]


def _apply(
    state: MatchState, event: Mapping[str, Any], in_place: bool = False
) -> tuple[MatchState, dict[str, Any]]:
    kind = ev.kind_of(event)
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalEvent(f"unknown event kind {kind!r} (known: {', '.join(sorted(_HANDLERS))})")
    if state.phase is Phase.FULL_TIME:
        raise IllegalEvent(f"{kind}: the match is over (full time)")
    new = state if in_place else state.clone()
    try:
        normalised = handler(new, event)
    except positional.PositionError as exc:
        raise IllegalEvent(f"{kind}: {exc}") from None
    new.events_applied += 1
    return new, normalised


# -- handlers ---------------------------------------------------------------------------------

def _setup(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    ev.check_keys(event, {"mode", "options"})
    if s.events_applied:
        raise IllegalEvent("setup: the mode and the rule options are set by the first event only")
    mode = event.get("mode", s.mode.value)
    try:
        s.mode = Mode(mode)
    except ValueError:
        raise IllegalEvent(f"setup: mode must be 'positional' or 'counting', got {mode!r}") from None
    options = event.get("options", {})
    if not isinstance(options, Mapping):
        raise IllegalEvent("setup: options must be a dict of rule options")
    try:
        s.options = RuleOptions.from_dict(dict(options))
    except ValueError as exc:
        raise IllegalEvent(f"setup: {exc}") from None
    s.last = {"kind": "setup", "mode": s.mode.value}
    return {"kind": "setup", "mode": s.mode.value, "options": s.options.to_dict()}


def _kickoff(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    if s.phase is not Phase.KICKOFF:
        raise IllegalEvent(f"kickoff: not now, the match is waiting for: {waiting(s)}")
    if s.mode is Mode.COUNTING:
        ev.check_keys(event, set())
        normalised: dict[str, Any] = {"kind": "kickoff"}
    else:
        ev.check_keys(event, {"pieces", "ball"})
        normalised = positional.kickoff(s, event)
    s.last = {"kind": "kickoff", "side": s.kickoff_side.value}
    start_turn(s, Phase.ROLLS)
    return normalised


def _roll(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    ev.check_keys(event, {"side", "faces"})
    side = ev.side(event)
    faces = ev.faces(event, "faces", 3)
    if s.phase is not Phase.ROLLS:
        raise IllegalEvent(f"roll: not now, the match is waiting for: {waiting(s)}")
    if s.rolls[side] is not None:
        raise IllegalEvent(f"roll: {side.value} has already rolled {sum(s.rolls[side])} MP this turn")  # type: ignore[arg-type]
    s.rolls[side] = faces
    s.movement_points[side] = sum(faces)
    s.last = {"kind": "roll", "side": side.value, "mp": sum(faces)}
    if all(r is not None for r in s.rolls.values()):
        s.phase = Phase.MOVES
    return {"kind": "roll", "side": side.value, "faces": list(faces)}


def _pass_move(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    side = mover(s, event, set())
    if s.move_spent:
        raise IllegalEvent(f"pass_move: {side.value} has spent {s.move_spent} MP in this move: end it with end_move")
    s.last = {"kind": "pass_move", "side": side.value}
    finish_move(s)
    return {"kind": "pass_move", "side": side.value}


def _spend(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    need_mode(s, event, Mode.COUNTING)
    side = mover(s, event, {"mp"})
    mp = ev.whole(event, "mp", minimum=1)
    pay(s, side, mp, "spend: this")
    s.move_spent += mp
    s.last = {"kind": "spend", "side": side.value, "mp": mp}
    return {"kind": "spend", "side": side.value, "mp": mp}


def _end_move(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    need_mode(s, event, Mode.COUNTING)
    side = mover(s, event, set())
    s.last = {"kind": "end_move", "side": side.value, "spent": s.move_spent}
    finish_move(s)
    return {"kind": "end_move", "side": side.value}


def _goal(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    """A goal the referee records by hand (counting mode, or a correction)."""
    ev.check_keys(event, {"side"})
    scorer = ev.side(event)
    if s.phase not in (Phase.MOVES, Phase.KEEPER_ROLL, Phase.DIRECTION_ROLL):
        raise IllegalEvent(f"goal: not now, the match is waiting for: {waiting(s)}")
    s.last = {"kind": "goal", "side": scorer.value}
    score_goal(s, scorer)
    return {"kind": "goal", "side": scorer.value}


def _shot(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    need_mode(s, event, Mode.COUNTING)
    side = mover(s, event, {"distance", "keeper_on_point"})
    distance = ev.whole(event, "distance", minimum=0)
    if s.move_spent:
        raise IllegalEvent("shot: a shot is a whole move (the ball alone); end the current move first")
    on_point = event.get("keeper_on_point", True)
    if not isinstance(on_point, bool):
        raise IllegalEvent(f"shot: keeper_on_point must be true or false, got {on_point!r}")
    pay(s, side, distance, f"shot: a shot of {distance} steps")
    normalised = {"kind": "shot", "side": side.value, "distance": distance, "keeper_on_point": on_point}
    start_shot(s, side, None, distance, keeper_on_point=on_point)
    return normalised


def start_shot(s: MatchState, shooter: Side, arrival: Any, distance: int, *, keeper_on_point: bool,
               defender: Side | None = None) -> None:
    """A ball reached a goal line: goal at once, or wait for the keeper's roll."""
    defender = defender or shooter.other
    power = shot_power(distance)
    s.last = {"kind": "shot", "side": shooter.value, "distance": distance, "power": power}
    if not keeper_on_point:
        s.last.update(outcome=ShotOutcome.GOAL.value, keeper_on_point=False)
        score_goal(s, defender.other)
        return
    s.pending_shot = PendingShot(shooter, defender, arrival, distance, power)
    s.phase = Phase.KEEPER_ROLL


def _keeper_roll(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    ev.check_keys(event, {"side", "faces"})
    if s.phase is not Phase.KEEPER_ROLL or s.pending_shot is None:
        raise IllegalEvent(f"keeper_roll: not now, the match is waiting for: {waiting(s)}")
    shot = s.pending_shot
    if "side" in event and ev.side(event) is not shot.defender:
        raise IllegalEvent(f"keeper_roll: {shot.defender.value}'s keeper rolls, not {event['side']}'s")
    faces = ev.faces(event, "faces", 3)
    result = keeper_outcome(shot.power, sum(faces))
    s.last = {"kind": "keeper_roll", "side": shot.defender.value, "roll": sum(faces),
              "power": shot.power, "outcome": result.outcome.value, "residual": result.residual}
    normalised = {"kind": "keeper_roll", "side": shot.defender.value, "faces": list(faces)}
    if result.outcome is ShotOutcome.GOAL:
        score_goal(s, shot.defender.other)
    elif result.outcome is ShotOutcome.SAVE:
        if s.mode is Mode.POSITIONAL:
            positional.ball_to_keeper(s, shot.defender)
        s.pending_shot = None
        finish_move(s)
    else:
        s.pending_shot = replace(shot, residual=result.residual)
        s.phase = Phase.DIRECTION_ROLL
    return normalised


def _direction_roll(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    ev.check_keys(event, {"side", "face"})
    if s.phase is not Phase.DIRECTION_ROLL or s.pending_shot is None:
        raise IllegalEvent(f"direction_roll: not now, the match is waiting for: {waiting(s)}")
    face = ev.whole(event, "face", minimum=1)
    if face > 6:
        raise IllegalEvent(f"direction_roll: face is a 1d6, 1..6, got {face}")
    shot = s.pending_shot
    direction = parry_direction(face)
    steps = rebound_steps(shot.residual, s.options.parry_unit)
    s.last = {"kind": "direction_roll", "direction": direction.value, "rebound_steps": steps,
              "residual": shot.residual}
    if s.mode is Mode.POSITIONAL:
        s.last["ball"] = list(positional.rebound(s, shot, direction, steps))
    s.pending_shot = None
    finish_move(s)
    return {"kind": "direction_roll", "face": face}


def _substitution(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    side = mover(s, event, {"out", "in", "at"})
    leaving = ev.piece_kind(event, "out")
    entering = ev.piece_kind(event, "in")
    if s.move_spent:
        raise IllegalEvent("substitution: a substitution is a whole move; end the current move first")
    try:
        value = substitution_mp(leaving, entering)
    except IllegalSubstitution as exc:
        raise IllegalEvent(f"substitution: {exc}") from None
    last = s.last_substitution_turn[side]
    interval = s.options.substitution_interval
    if last is not None and s.turn - last < interval:
        raise IllegalEvent(
            f"substitution: {side.value} substituted in turn {last}; at most one every {interval} "
            f"turns, so the next one is allowed from turn {last + interval}"
        )
    if s.lineup[side][leaving] == 0:
        raise IllegalEvent(f"substitution: {side.value} has no {leaving.value} on the field")
    if CHESS_SET[entering] - s.lineup[side][entering] <= 0:
        raise IllegalEvent(f"substitution: {side.value} has no {entering.value} left on the bench")
    if value < 0:
        pay(s, side, -value, f"substitution: {leaving.value} out, {entering.value} in")
    else:
        s.movement_points[side] += value
    normalised: dict[str, Any] = {"kind": "substitution", "side": side.value, "out": leaving.value,
                                  "in": entering.value}
    if s.mode is Mode.POSITIONAL:
        at = positional.substitute(s, event, side, leaving, entering)
        normalised["at"] = list(at)
    elif "at" in event:
        raise IllegalEvent("substitution: 'at' is for positional mode; this match counts MP by hand")
    s.lineup[side][leaving] -= 1
    s.lineup[side][entering] += 1
    s.last_substitution_turn[side] = s.turn
    s.last = {"kind": "substitution", "side": side.value, "out": leaving.value, "in": entering.value,
              "mp": value}
    finish_move(s)
    return normalised


def _tackle(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    side = mover(s, event, {"throws", "piece", "against"})
    if s.move_spent:
        raise IllegalEvent("tackle: a tackle is a whole move; end the current move first")
    if not s.may_tackle(side):
        if side in s.tackled:
            raise IllegalEvent(f"tackle: {side.value} has already started a tackle this turn")
        started = next(iter(s.tackled))
        raise IllegalEvent(f"tackle: {started.value} has already started a tackle this turn, and a turn"
                           " holds one tackle in all")
    throws = ev.required(event, "throws")
    if not isinstance(throws, list) or not throws:
        raise IllegalEvent("tackle: throws must be a list of {\"white\": [3 faces], \"black\": [3 faces]}")
    parsed = []
    for i, throw in enumerate(throws, start=1):
        if not isinstance(throw, Mapping) or set(throw) != {"white", "black"}:
            raise IllegalEvent(f"tackle: throw {i} needs the faces of both 'white' and 'black'")
        w = ev.faces_value(throw["white"], f"tackle: throw {i} white", 3)
        b = ev.faces_value(throw["black"], f"tackle: throw {i} black", 3)
        tie = sum(w) == sum(b)
        if tie and i == len(throws):
            raise IllegalEvent(f"tackle: throw {i} is a tie ({sum(w)} each): a tie is rolled again")
        if not tie and i < len(throws):
            raise IllegalEvent(f"tackle: throw {i} ({sum(w)} to {sum(b)}) decided it; no throws may follow")
        parsed.append((w, b))
    w, b = parsed[-1]
    winner = Side.WHITE if sum(w) > sum(b) else Side.BLACK
    pay(s, side, s.options.tackle_cost, "tackle: a tackle")
    normalised: dict[str, Any] = {
        "kind": "tackle", "side": side.value,
        "throws": [{"white": list(x), "black": list(y)} for x, y in parsed],
    }
    if s.mode is Mode.POSITIONAL:
        normalised.update(positional.tackle(s, event, side, winner))
    elif "piece" in event or "against" in event:
        raise IllegalEvent("tackle: 'piece' and 'against' are for positional mode")
    s.tackled.add(side)
    s.last = {"kind": "tackle", "side": side.value, "winner": winner.value,
              "white": sum(w), "black": sum(b)}
    finish_move(s)
    return normalised


def _positional_move(s: MatchState, event: Mapping[str, Any]) -> dict[str, Any]:
    need_mode(s, event, Mode.POSITIONAL)
    kind = event["kind"]
    allowed = {"move": {"from", "to", "path"}, "dribble": {"from", "to", "ball_to", "ticks"},
               "kick": {"to", "path"}}[kind]
    side = mover(s, event, allowed)
    if kind == "move":
        normalised, cost = positional.move(s, event, side)
    elif kind == "dribble":
        normalised, cost = positional.dribble(s, event, side)
    else:
        normalised, cost, arrival = positional.kick(s, event, side)
        if arrival is not None:  # the ball reached a goal mouth: a shot
            pay(s, side, cost, f"kick: a kick of {cost} steps")
            goal_side = positional.goal_owner(arrival)
            start_shot(s, side, arrival, cost, defender=goal_side,
                       keeper_on_point=s.king_point(goal_side) == arrival)
            return normalised
    pay(s, side, cost, f"{kind}: this {kind}")
    s.last = {"kind": kind, "side": side.value, "mp": cost}
    finish_move(s)
    return normalised


_HANDLERS: dict[str, Handler] = {
    "setup": _setup,
    "kickoff": _kickoff,
    "roll": _roll,
    "pass_move": _pass_move,
    "spend": _spend,
    "end_move": _end_move,
    "next_move": _end_move,  # the tracker's button name; journaled as end_move
    "goal": _goal,
    "shot": _shot,
    "keeper_roll": _keeper_roll,
    "direction_roll": _direction_roll,
    "substitution": _substitution,
    "tackle": _tackle,
    "move": _positional_move,
    "dribble": _positional_move,
    "kick": _positional_move,
}
