"""The referee station's state as a replay of its journal events.

Event kinds (``data`` in brackets; ``at_ms`` is the journal's wall clock):

- ``magici.setup`` {white, black: House data; first: side; army: {white, black: letters} | null;
  timing: :class:`MagiciTiming` data}
- ``magici.begin`` {}: both countdowns start.
- ``magici.move_end`` {side, source, captured: piece letter | null}: the turn passes.
- ``magici.timeout`` {side, due_ms}: the 30 s ran out; the turn passed *at* ``due_ms``.
- ``magici.pause`` {reason?, side?, due_ms?} / ``magici.resume`` {reason?}: both countdowns
  stop / go on. ``reason``: absent or ``referee`` (the referee's Pause), ``spell`` (the spell
  screen is open and ``pause_during_spell`` is on: bookkeeping, never an undo step),
  ``timeout_in_check`` (the 30 s ran out at ``due_ms`` with ``side`` in check and the option
  ``timeout_in_check = referee``: the clocks stop and the referee decides).
- ``magici.correct`` {clock: move|game, remaining_ms} (one clock, older journals) or
  {move_ms?, game_ms?, reason?, turn_back?: side}: the referee sets one or both countdowns in
  one step; ``turn_back`` gives the turn back to ``side`` after a wrong pass on time (the pass
  is struck from the passed turns, the turn number goes back by one).
- ``magici.spell`` {SpellCall data}: a spell in the ledger.
- ``magici.restore`` {move_ms, game_ms, undone: seq, kind, was_move_ms, was_game_ms, resume?,
  redo?}: the second half of an undo (the journal's ``undo`` markers took back the action
  ``undone`` and the bookkeeping after it): the clocks as they were at that action, running on
  from now; ``resume`` ends a spell pause the undo uncovered. With ``redo`` (the seq of the
  restore it redoes) it is the second half of a redo instead: the action was written again
  (a copy with ``redo_of``) and the clocks are put back to ``was_*`` of that restore.
- ``finish`` {kind, winner, due_ms?, automatic?, timeout_in_check?}: the result (the journal's
  own kind); a draw on time is written by the station with ``automatic`` and the instant the
  game clock hit 0; a time-out in check under ``timeout_in_check = loses`` is a checkmate with
  ``automatic`` and ``timeout_in_check``.

Other kinds in a game's match are not the station's and the replay skips them: ``board_link``
{match} (the touch board joined to the game, :mod:`companion.magici.boards`), ``magici_stats``
{white, black: figures} (the result screen's tie-break figures), the journal's ``undo``/``redo``
markers (left out of the effective events).

Any referee action may carry ``redo_of`` (the seq of the ``magici.restore`` it redoes); the
replay ignores it. :func:`replay` is the pure function from one board's events to its state;
:func:`redo_stack` tells which undos may be redone.

Automatic events carry the instant they *became due*, and the replay uses it, so a turn that
passed while the app was off starts its 30 s at the true instant.

>>> from companion.magici.model import House
>>> evs = [("magici.setup", {"white": {"name": "A"}, "black": {"name": "B"}}, 0),
...        ("magici.begin", {}, 1_000), ("magici.move_end", {"side": "white"}, 5_000)]
>>> st = replay(evs); st.on_move, st.turn, st.move_clock.remaining(6_000)
(<Side.BLACK: 'black'>, 2, 29000)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from companion.core.journal import CONTENT_ERRORS
from companion.magici.model import GameResult, House, PieceKind, ResultKind, Side, SideStats, parse_army
from companion.magici.spells import Obligation, SpellCall, SpellLedger
from companion.magici.timing import ClockKind, Countdown, MagiciTiming

SETUP, BEGIN, MOVE_END, TIMEOUT = "magici.setup", "magici.begin", "magici.move_end", "magici.timeout"
PAUSE, RESUME, CORRECT, SPELL, RESTORE = "magici.pause", "magici.resume", "magici.correct", "magici.spell", "magici.restore"
FINISH = "finish"


class EventLike(Protocol):
    kind: str
    data: dict[str, Any]
    at_ms: int


def is_automatic(kind: str, data: dict[str, Any]) -> bool:
    """Events the station writes by itself when a clock runs out (an undo never reaches past
    one silently)."""
    return (kind == TIMEOUT or (kind == FINISH and bool(data.get("automatic")))
            or (kind == PAUSE and data.get("reason") == "timeout_in_check"))


def is_bookkeeping(kind: str, data: dict[str, Any]) -> bool:
    """Events that are no referee action of their own: undo/redo halves, spell pauses."""
    return kind == RESTORE or (kind in (PAUSE, RESUME) and data.get("reason") == "spell")


#: The kinds a referee's undo may take back.
ACTIONS = frozenset({BEGIN, MOVE_END, PAUSE, RESUME, CORRECT, SPELL, FINISH})


def is_action(kind: str, data: dict[str, Any]) -> bool:
    """A referee's (or team's) action: what one undo takes back."""
    return kind in ACTIONS and not is_automatic(kind, data) and not is_bookkeeping(kind, data)


def redo_stack(events: Iterable[EventLike]) -> list[EventLike]:
    """The ``magici.restore`` events of undos that a redo may give back, last on top, from
    *every* event written (undone ones too): any later action or clock expiry clears it.

    >>> from types import SimpleNamespace as E
    >>> evs = [E(seq=1, kind=MOVE_END, data={}), E(seq=2, kind="undo", data={"target": 1}),
    ...        E(seq=3, kind=RESTORE, data={"undone": 1, "was_move_ms": 0})]
    >>> [e.seq for e in redo_stack(evs)], redo_stack(evs + [E(seq=4, kind=MOVE_END, data={})])
    ([3], [])
    """
    stack: list[Any] = []
    for e in events:
        if e.kind == RESTORE:
            if e.data.get("redo") is None and isinstance(e.data.get("undone"), int) and "was_move_ms" in e.data:
                stack.append(e)
        elif "redo_of" in e.data:
            if stack and stack[-1].seq == e.data["redo_of"]:
                stack.pop()
        elif e.kind in ACTIONS or e.kind == TIMEOUT:
            if not is_bookkeeping(e.kind, e.data):
                stack.clear()
    return stack


@dataclass(frozen=True)
class StationState:
    """Everything the referee station knows about one game."""

    white: House
    black: House
    first: Side = Side.WHITE
    timing: MagiciTiming = field(default_factory=MagiciTiming)
    army_white: tuple[PieceKind, ...] | None = None
    army_black: tuple[PieceKind, ...] | None = None
    begun: bool = False
    paused: bool = False
    on_move: Side = Side.WHITE
    turn: int = 1
    move_clock: Countdown = Countdown(0)
    game_clock: Countdown = Countdown(0)
    turn_started_ms: int | None = None
    spells: SpellLedger = SpellLedger()
    obligation: Obligation | None = None
    captured_by_white: tuple[PieceKind, ...] = ()
    captured_by_black: tuple[PieceKind, ...] = ()
    passed_turns: tuple[tuple[int, Side], ...] = ()  # (turn, side) lost on time
    result: GameResult | None = None
    pause_reason: str | None = None  # "referee", "spell" or "timeout_in_check" while paused
    asking: Side | None = None  # timed out in check, the referee to decide (option "referee")
    last_change: str | None = None  # how the turn last changed: "move_end", "timeout", "turn_back"

    # -- questions a screen asks -------------------------------------------------------------
    def house(self, side: Side) -> House:
        return self.white if side is Side.WHITE else self.black

    @property
    def house_on_move(self) -> House:
        return self.house(self.on_move)

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def running(self) -> bool:
        return self.begun and not self.paused and self.result is None

    def clock(self, kind: ClockKind) -> Countdown:
        return self.move_clock if kind is ClockKind.MOVE else self.game_clock

    def captured_by(self, side: Side) -> tuple[PieceKind, ...]:
        return self.captured_by_white if side is Side.WHITE else self.captured_by_black

    def army(self, side: Side) -> tuple[PieceKind, ...] | None:
        return self.army_white if side is Side.WHITE else self.army_black

    def side_stats(self, side: Side) -> SideStats:
        """The figures the championship's tie-breaks need; needs the armies in the setup."""
        army = self.army(side)
        if army is None:
            raise ValueError(f"the {side.value} army was not entered, so its remaining pieces are unknown")
        lost = len(self.captured_by(side.other))
        return SideStats(self.spells.count(side), len(self.captured_by(side)), max(0, len(army) - lost))

    def checkmate_kind(self) -> ResultKind:
        """What a checkmate entered now most likely is: ENCHANTED if a spell was cast in this turn
        or the one before (the turn of the mating move, if its end was already pressed).

        A suggestion for the result screen; the referee confirms.
        """
        recent = any(c.turn in (self.turn, self.turn - 1) for c in self.spells.casts)
        return ResultKind.ENCHANTED if recent else ResultKind.CHECKMATE

    def next_expiry(self) -> tuple[ClockKind, int] | None:
        """Which countdown runs out first, and when (the game clock first on a tie)."""
        if not self.running:
            return None
        move_due, game_due = self.move_clock.due_ms, self.game_clock.due_ms
        assert move_due is not None and game_due is not None
        return (ClockKind.GAME, game_due) if game_due <= move_due else (ClockKind.MOVE, move_due)


def initial_state(data: dict[str, Any]) -> StationState:
    army = data.get("army") or {}
    first = Side.parse(data.get("first", "white"), "setup first")
    timing = MagiciTiming.from_data(data.get("timing"))
    return StationState(
        white=House.from_data(data.get("white"), "setup white"),
        black=House.from_data(data.get("black"), "setup black"),
        first=first,
        timing=timing,
        army_white=parse_army(army["white"], "white army") if army.get("white") else None,
        army_black=parse_army(army["black"], "black army") if army.get("black") else None,
        on_move=first,
        move_clock=Countdown(timing.move_ms),
        game_clock=Countdown(timing.game_ms),
    )


def apply(state: StationState | None, kind: str, data: dict[str, Any], at_ms: int) -> StationState:
    """The state after one event. Unknown kinds outside ``magici.`` are ignored (notes)."""
    if kind == SETUP:
        if state is not None:
            raise ValueError("a game has one setup")
        return initial_state(data)
    if state is None:
        if kind.startswith("magici.") or kind == FINISH:
            raise ValueError(f"event {kind!r} before the game's setup")
        return state  # type: ignore[return-value]
    t = state.timing
    if kind == BEGIN:
        return replace(state, begun=True, move_clock=Countdown(t.move_ms, at_ms),
                       game_clock=state.game_clock.run(at_ms), turn_started_ms=at_ms)
    if kind in (MOVE_END, TIMEOUT):
        at = int(data.get("due_ms", at_ms)) if kind == TIMEOUT else at_ms
        side = Side.parse(data.get("side", state.on_move.value), f"{kind} side")
        captured = data.get("captured")
        state = _record_capture(state, side, captured) if captured else state
        passed = state.passed_turns + ((state.turn, side),) if kind == TIMEOUT else state.passed_turns
        return replace(state, on_move=side.other, turn=state.turn + 1, obligation=None,
                       move_clock=Countdown(t.move_ms, at), turn_started_ms=at, passed_turns=passed,
                       last_change="timeout" if kind == TIMEOUT else "move_end")
    if kind == PAUSE:
        at = int(data.get("due_ms", at_ms))
        reason = str(data.get("reason", "referee"))
        asking = Side.parse(data["side"], "pause side") if reason == "timeout_in_check" else None
        return replace(state, paused=True, move_clock=state.move_clock.stop(at),
                       game_clock=state.game_clock.stop(at), pause_reason=reason, asking=asking)
    if kind == RESUME:
        return replace(state, paused=False, move_clock=state.move_clock.run(at_ms),
                       game_clock=state.game_clock.run(at_ms), pause_reason=None, asking=None)
    if kind == CORRECT:
        return _correct(state, data, at_ms)
    if kind == SPELL:
        call = SpellCall.from_data({k: v for k, v in data.items() if k != "redo_of"})
        ledger = state.spells.cast(call, state.turn, state.on_move, at_ms, state.game_clock.remaining(at_ms))
        state = replace(state, spells=ledger, obligation=ledger.casts[-1].obligation)
        if t.spell_resets_move_clock and state.move_clock.running:
            state = replace(state, move_clock=Countdown(t.move_ms, at_ms))
        return state
    if kind == RESTORE:
        state = replace(state, move_clock=state.move_clock.set(int(data["move_ms"]), at_ms),
                        game_clock=state.game_clock.set(int(data["game_ms"]), at_ms), turn_started_ms=at_ms)
        if data.get("resume") and state.paused:
            state = apply(state, RESUME, {"reason": "spell"}, at_ms)
        return state
    if kind == FINISH:
        at = int(data.get("due_ms", at_ms))
        result = {k: v for k, v in data.items() if k in ("kind", "winner")}
        return replace(state, result=GameResult.from_data(result), move_clock=state.move_clock.stop(at),
                       game_clock=state.game_clock.stop(at), asking=None)
    if kind.startswith("magici."):
        raise ValueError(f"unknown Scacchi Magici event {kind!r}")
    return state


def _correct(state: StationState, data: dict[str, Any], at_ms: int) -> StationState:
    if "clock" in data:  # one clock (journals before one correction became one event)
        which = ClockKind(data["clock"])
        new = state.clock(which).set(int(data["remaining_ms"]), at_ms)
        return replace(state, **{f"{which.value}_clock": new})
    back = data.get("turn_back")
    if back is not None:
        side = Side.parse(back, "turn_back side")
        passed = list(state.passed_turns)
        for i in range(len(passed) - 1, -1, -1):
            if passed[i][1] is side:
                del passed[i]
                break
        state = replace(state, on_move=side, turn=max(1, state.turn - 1), passed_turns=tuple(passed),
                        turn_started_ms=at_ms, obligation=None, asking=None, last_change="turn_back")
    if data.get("move_ms") is not None:
        state = replace(state, move_clock=state.move_clock.set(int(data["move_ms"]), at_ms))
    if data.get("game_ms") is not None:
        state = replace(state, game_clock=state.game_clock.set(int(data["game_ms"]), at_ms))
    return state


def _record_capture(state: StationState, side: Side, letter: str) -> StationState:
    kind = PieceKind(str(letter).upper())
    if side is Side.WHITE:
        return replace(state, captured_by_white=state.captured_by_white + (kind,))
    return replace(state, captured_by_black=state.captured_by_black + (kind,))


def replay(events: Iterable[EventLike | tuple[str, dict[str, Any], int]]) -> StationState:
    """Fold events (journal events or ``(kind, data, at_ms)`` tuples) into the state."""
    state: StationState | None = None
    kinds: list[str] = []
    for n, ev in enumerate(events, 1):
        kind, data, at = ev if isinstance(ev, tuple) else (ev.kind, ev.data, ev.at_ms)
        kinds.append(kind)
        try:
            state = apply(state, kind, data, at)
        except CONTENT_ERRORS as exc:  # (a field of the wrong kind: a number for the army)
            raise ValueError(f"Scacchi Magici journal, event {n} ({kind}): {exc}") from None
    if state is None:  # (a journal written by hand, or by another tool)
        seen = (f"its {len(kinds)} event(s) begin with {kinds[0]!r}" if kinds
                else "the match has no events")
        raise ValueError(f"Scacchi Magici journal: no setup event (a {SETUP!r} event, the "
                         f"armies and clocks, comes first; {seen})")
    return state
