"""The Scacchi Magici referee station: turns, the 30 s and 20 min countdowns, spells, results.

The station is driven by the screen (and the hardware layer's button events) and writes each
decision to the match journal; its state is always :func:`~companion.magici.replay.replay` of
the journal's effective events. Time is the journal's wall clock (injected in tests), so after
a power cut the clocks show the time that really passed.

The main loop calls :meth:`RefereeStation.poll` every frame (it acts on what is due and returns
the cues to sound or show) and may sleep :meth:`RefereeStation.ms_until_next_event` between
frames when nothing else happens. The station is not thread-safe: hardware callbacks post an
event to the main loop, which calls :meth:`RefereeStation.end_move` (buttons are debounced by
the hardware layer; the station still refuses the wrong team and a double press).

Rulings where the rules are silent:

- **Power cut.** The clocks that were running kept running in reality. On restart the first
  ``poll()`` applies every expiry that would have happened meanwhile (turns passed on time, the
  game's time-up), journals each with the instant it became due, and the screen shows the
  result; stale cues are not sounded, one ``CATCH_UP`` cue says how many expiries were late.
- **Undo** takes back exactly the last referee action (a move end, pause, resume, correction,
  spell or result) and puts both clocks back to what they showed at the instant of that action,
  running on from now if they ran then (a mistaken press costs nobody time; undoing a pause
  resumes where it stopped). It never reaches past a clock running out (a turn passed on time,
  the game's time-up, a time-out in check): it is refused with the reason, and a turn given back
  after a wrong time-out is a correction with its reason (:meth:`RefereeStation.give_turn_back`).
  Undoing the start needs ``confirm_start``. :meth:`RefereeStation.redo` gives back what the
  last undo took, with the clocks as they were when it was undone. The outcome's ``undone``
  says what was taken back and what happened to the clocks.
- **One action, one transaction.** Every action (with its undo markers and clock restore) is
  written in one journal transaction (``Journal.atomic()``): a power cut never leaves half.
- **Spells** (option ``pause_during_spell``, default on): :meth:`RefereeStation.spell_pause`
  stops both clocks while the spell screen is open, :meth:`RefereeStation.spell_resume` lets
  them go on with the time they had. These pauses are no undo step.
- **Time-out in check** (option ``timeout_in_check``): when the 30 s run out and ``in_check``
  (the linked board's position, injected) says the team on move is in check, the team loses as
  if checkmated (``loses``, journaled as an automatic checkmate) or both clocks stop and the
  referee is asked (``referee``: the state's ``asking``; the referee enters the result, or
  corrects the move clock and resumes). Without a board the station cannot see check: the
  referee enters the result.
- A "move ends" is refused while paused, from the team not on move, and within
  ``end_lockout_ms`` of the last change of turn (a double press, or a late press after the turn
  passed on time).

>>> from companion.core.clock import FakeClock
>>> from companion.core.journal import Journal
>>> clock = FakeClock(1_000_000)
>>> log = Journal.open(":memory:", wall_ms=clock.now_ms).new_match("magici")
>>> st = RefereeStation.new(log, House("Grifondoro"), House("Serpeverde"))
>>> _ = st.begin(); clock.advance(30_000); [c.kind.value for c in st.poll()][-2:]
['move_expired', 'turn']
>>> st.state.house_on_move.name, st.view().move_remaining_ms
('Serpeverde', 30000)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from companion.magici import replay as ev
from companion.magici.model import GameResult, House, PieceKind, ResultKind, Side, parse_army
from companion.magici.replay import StationState, is_automatic
from companion.magici.spells import Obligation, Spell, SpellCall
from companion.magici.timing import ClockKind, Cue, CueKind, EndSource, MagiciTiming


class MatchLogLike(Protocol):
    """What the station needs of :class:`companion.core.journal.MatchLog`."""

    def append(self, kind: str, data: dict[str, Any] | None = None) -> Any: ...
    def effective(self) -> list[Any]: ...
    def undo(self) -> Any: ...


class Refused(Enum):
    NOT_BEGUN = "not_begun"
    ALREADY_BEGUN = "already_begun"
    PAUSED = "paused"
    NOT_PAUSED = "not_paused"
    OVER = "over"
    NOT_ON_MOVE = "not_on_move"
    LOCKED_OUT = "locked_out"
    NOTHING_TO_UNDO = "nothing_to_undo"
    NO_SPELL_CAST = "no_spell_cast"
    SPELL = "spell"
    PAST_TIMEOUT = "past_timeout"
    CONFIRM_START = "confirm_start"
    NOTHING_TO_REDO = "nothing_to_redo"
    NO_PASS = "no_pass"


_REFUSED_TEXT = {
    Refused.NOT_BEGUN: "the game has not started",
    Refused.ALREADY_BEGUN: "the game has already started",
    Refused.PAUSED: "the clocks are paused",
    Refused.NOT_PAUSED: "the clocks are not paused",
    Refused.OVER: "the game is over",
    Refused.NOT_ON_MOVE: "that team is not on move",
    Refused.LOCKED_OUT: "the turn has just changed (double press?)",
    Refused.NOTHING_TO_UNDO: "nothing to undo",
    Refused.NO_SPELL_CAST: "an enchanted victory needs a spell cast in this game",
    Refused.PAST_TIMEOUT: "a clock ran out after that action: give the turn back with a correction",
    Refused.CONFIRM_START: "undoing the start of the game needs a confirmation",
    Refused.NOTHING_TO_REDO: "nothing to redo",
    Refused.NO_PASS: "no turn passed on time to give back",
}


@dataclass(frozen=True)
class Undone:
    """What an undo took back (or a redo gave back), and what it did to the clocks."""

    kind: str
    data: dict[str, Any]
    redo: bool
    move_from_ms: int
    move_to_ms: int
    game_from_ms: int
    game_to_ms: int


@dataclass(frozen=True)
class Outcome:
    """The answer to an action: accepted (with the cues it caused) or refused with a reason."""

    accepted: bool
    cues: tuple[Cue, ...] = ()
    refused: Refused | None = None
    message: str = ""
    undone: Undone | None = None

    def __bool__(self) -> bool:
        return self.accepted


@dataclass(frozen=True)
class StationView:
    """One frame's worth of what the timer screen shows."""

    on_move: Side
    house_on_move: House
    turn: int
    move_remaining_ms: int
    game_remaining_ms: int
    begun: bool
    paused: bool
    result: GameResult | None
    obligation: Obligation | None
    spells_left: dict[Side, tuple[Spell, ...]]
    pause_reason: str | None = None
    asking: Side | None = None


#: Rules-engine veto for a spell: returns None if legal on the board, else the reason.
SpellCheck = Callable[[SpellCall, StationState], "str | None"]
#: Whether ``side`` is in check on the linked board (None: no board, unknown).
InCheck = Callable[[Side], "bool | None"]


class RefereeStation:
    """One game's referee station over one journal match.

    ``now_ms`` must be the journal's own wall clock (the default), since event times anchor
    the countdowns. ``on_cue`` is called with every cue as well as returning it.
    """

    def __init__(
        self,
        log: MatchLogLike,
        now_ms: Callable[[], int] | None = None,
        on_cue: Callable[[Cue], None] | None = None,
        spell_check: SpellCheck | None = None,
        in_check: InCheck | None = None,
    ) -> None:
        self.log = log
        self.in_check = in_check
        if now_ms is None:
            now_ms = log.journal.wall_ms  # type: ignore[attr-defined]
        self.now_ms: Callable[[], int] = now_ms
        self.on_cue = on_cue
        self.spell_check = spell_check
        self._fired: set[tuple[Any, ...]] = set()
        self._state = ev.replay(log.effective())

    @classmethod
    def new(
        cls,
        log: MatchLogLike,
        white: House,
        black: House,
        first: Side = Side.WHITE,
        army: dict[Side, str] | None = None,
        timing: MagiciTiming | None = None,
        **kwargs: Any,
    ) -> "RefereeStation":
        """Write the setup of a new game (the coin toss gave ``first``) and open its station."""
        armies = {s.value: "".join(k.value for k in parse_army(a, f"{s.value} army")) for s, a in (army or {}).items()}
        log.append(ev.SETUP, {
            "white": white.to_data(), "black": black.to_data(), "first": first.value,
            "army": armies or None, "timing": (timing or MagiciTiming()).to_data(),
        })
        return cls(log, **kwargs)

    def _tx(self) -> Any:
        """One journal transaction for one action (a plain log without ``atomic``: none)."""
        journal = getattr(self.log, "journal", None)
        atomic = getattr(journal, "atomic", None)
        return atomic() if atomic is not None else nullcontext()

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> StationState:
        return self._state

    def view(self) -> StationView:
        st, now = self._state, self.now_ms()
        return StationView(
            st.on_move, st.house_on_move, st.turn, st.move_clock.remaining(now), st.game_clock.remaining(now),
            st.begun, st.paused, st.result, st.obligation,
            {s: st.spells.available(s) for s in Side}, st.pause_reason, st.asking,
        )

    def ms_until_next_event(self) -> int | None:
        """Milliseconds until the next cue or expiry (0: now; None: nothing runs)."""
        st, now = self._state, self.now_ms()
        if not st.running:
            return None
        waits = []
        for clock, thresholds in ((st.move_clock, st.timing.move_cues_ms), (st.game_clock, st.timing.game_cues_ms)):
            left = clock.remaining(now)
            waits.append(left)
            waits.extend(left - t for t in thresholds if clock.banked_ms > t and left > t)
        return max(0, min(waits))

    # -- the loop ----------------------------------------------------------------------------
    def poll(self) -> list[Cue]:
        """Act on every expiry that is due, and return the cues (oldest first)."""
        cues: list[Cue] = []
        now = self.now_ms()
        late = 0
        while (due := self._state.next_expiry()) is not None and due[1] <= now:
            which, at = due
            self._warnings(at, now, cues)
            fresh = now - at <= self._state.timing.stale_cue_ms
            late += not fresh
            side = self._state.on_move
            if which is ClockKind.MOVE and self._in_check(side):
                if self._state.timing.timeout_in_check == "loses":
                    self._write(ev.FINISH, {**GameResult(ResultKind.CHECKMATE, side.other).to_data(), "due_ms": at,
                                            "automatic": True, "timeout_in_check": True})
                    if fresh:
                        cues += [Cue(CueKind.MOVE_EXPIRED, side, None, at), Cue(CueKind.RESULT, side.other, None, at)]
                else:
                    self._write(ev.PAUSE, {"reason": "timeout_in_check", "side": side.value, "due_ms": at})
                    cues.append(Cue(CueKind.CHECK_TIMEOUT, side, None, at))
            elif which is ClockKind.MOVE:
                self._write(ev.TIMEOUT, {"side": side.value, "due_ms": at})
                if fresh:
                    cues += [Cue(CueKind.MOVE_EXPIRED, side, None, at), Cue(CueKind.TURN, side.other, None, at)]
            else:
                self._write(ev.FINISH, {**GameResult(ResultKind.DRAW_TIME).to_data(), "due_ms": at, "automatic": True})
                if fresh:
                    cues.append(Cue(CueKind.TIME_UP, None, None, at))
        self._warnings(now, now, cues)
        if late and not self._state.paused:
            st = self._state
            cues.append(Cue(CueKind.CATCH_UP, None if st.over else st.on_move, None, now, late))
            if st.over:
                cues.append(Cue(CueKind.TIME_UP, None, None, now))
            else:
                cues.append(Cue(CueKind.TURN, st.on_move, None, now))
        return self._emit(cues)

    def _in_check(self, side: Side) -> bool:
        if self.in_check is None:
            return False
        try:
            return bool(self.in_check(side))
        except Exception:  # an unreadable board never stops the clock: the referee decides
            return False

    def _warnings(self, at: int, now: int, cues: list[Cue]) -> None:
        st = self._state
        if not st.running:
            return
        t = st.timing
        for kind, clock, thresholds, key in (
            (CueKind.MOVE_WARNING, st.move_clock, t.move_cues_ms, ("move", st.turn)),
            (CueKind.GAME_WARNING, st.game_clock, t.game_cues_ms, ("game",)),
        ):
            left = clock.remaining(at)
            for threshold in thresholds:
                mark = key + (threshold, clock.banked_ms, clock.since_ms)
                if clock.banked_ms > threshold >= left and mark not in self._fired:
                    self._fired.add(mark)
                    crossed = (clock.since_ms or 0) + clock.banked_ms - threshold
                    if now - crossed <= t.stale_cue_ms:
                        side = st.on_move if kind is CueKind.MOVE_WARNING else None
                        cues.append(Cue(kind, side, threshold, crossed))

    # -- actions -----------------------------------------------------------------------------
    def begin(self) -> Outcome:
        """Start both countdowns (after the coin toss and the setting up)."""
        st = self._state
        if st.begun:
            return self._refuse(Refused.ALREADY_BEGUN)
        with self._tx():
            self._write(ev.BEGIN, {})
        return self._ok(self._emit([Cue(CueKind.TURN, st.on_move, None, self.now_ms())]))

    def end_move(self, side: Side | None = None, source: EndSource = EndSource.TAP,
                 captured: PieceKind | None = None) -> Outcome:
        """A "move ends" from a tap or key (``side`` None: the team on move) or a team's button.

        ``captured``: the enemy piece the move took, if any (for the tie-breaks).
        """
        cues = self.poll()
        st, now = self._state, self.now_ms()
        refused = self._not_running(st)
        if refused is None and side is not None and side is not st.on_move:
            refused = Refused.NOT_ON_MOVE
        if refused is None and source not in (EndSource.BOARD, EndSource.CAMERA) \
                and st.turn_started_ms is not None \
                and now - st.turn_started_ms < st.timing.end_lockout_ms:
            refused = Refused.LOCKED_OUT
        if refused is not None:
            return self._refuse(refused, cues)
        with self._tx():
            self._write(ev.MOVE_END, {"side": st.on_move.value, "source": source.value,
                                      "captured": captured.value if captured else None})
        return self._ok(cues + self._emit([Cue(CueKind.TURN, st.on_move.other, None, now)]))

    def pause(self) -> Outcome:
        cues = self.poll()
        st = self._state
        refused = self._not_running(st)
        if refused is not None:
            return self._refuse(refused, cues)
        with self._tx():
            self._write(ev.PAUSE, {"reason": "referee"})
        return self._ok(cues + self._emit([Cue(CueKind.PAUSED, st.on_move, None, self.now_ms())]))

    def resume(self) -> Outcome:
        st = self._state
        if not st.begun or st.over:
            return self._refuse(Refused.NOT_BEGUN if not st.begun else Refused.OVER)
        if not st.paused:
            return self._refuse(Refused.NOT_PAUSED)
        if st.asking is not None and st.move_clock.remaining(self.now_ms()) <= 0:
            return self._refuse(Refused.PAST_TIMEOUT)  # correct the move clock or enter the result
        with self._tx():
            self._write(ev.RESUME, {})
        return self._ok(self._emit([Cue(CueKind.RESUMED, st.on_move, None, self.now_ms())]))

    def correct(self, clock: ClockKind, remaining_ms: int) -> Outcome:
        """The referee sets a countdown to ``remaining_ms`` (it keeps running if it ran)."""
        return self.correct_clocks(**{f"{clock.value}_ms": remaining_ms})

    def correct_clocks(self, move_ms: int | None = None, game_ms: int | None = None, reason: str = "") -> Outcome:
        """The referee sets one or both countdowns in one step (one event, one undo)."""
        for name, value in (("move", move_ms), ("game", game_ms)):
            if value is not None and (not isinstance(value, int) or value < 0):
                raise ValueError(f"correct {name} clock: remaining time must be whole ms >= 0, got {value!r}")
        cues = self.poll()
        if self._state.over:
            return self._refuse(Refused.OVER, cues)
        data: dict[str, Any] = {"move_ms": move_ms, "game_ms": game_ms}
        if reason:
            data["reason"] = reason
        with self._tx():
            self._write(ev.CORRECT, data)
        return self._ok(cues)

    def adjust(self, clock: ClockKind, delta_ms: int) -> Outcome:
        """Add (or take away) time on a countdown."""
        return self.adjust_clocks(**{f"{clock.value}_ms": delta_ms})

    def adjust_clocks(self, move_ms: int = 0, game_ms: int = 0, reason: str = "") -> Outcome:
        """Add (or take away) time on both countdowns at once: one correction."""
        now = self.now_ms()
        st = self._state
        return self.correct_clocks(
            max(0, st.move_clock.remaining(now) + int(move_ms)) if move_ms else None,
            max(0, st.game_clock.remaining(now) + int(game_ms)) if game_ms else None, reason)

    def give_turn_back(self, reason: str, move_ms: int | None = None) -> Outcome:
        """A wrong pass on time: the turn goes back to the team that lost it, with ``move_ms``
        on its move clock (Ruling: a fresh 30 s unless the referee says otherwise). A
        correction, with its reason, and one undo step."""
        cues = self.poll()
        st = self._state
        if st.over:
            return self._refuse(Refused.OVER, cues)
        if not st.passed_turns or st.passed_turns[-1][1] is not st.on_move.other:
            return self._refuse(Refused.NO_PASS, cues)
        side = st.passed_turns[-1][1]
        with self._tx():
            self._write(ev.CORRECT, {"turn_back": side.value, "reason": reason or "wrong time-out",
                                     "move_ms": st.timing.move_ms if move_ms is None else int(move_ms)})
        return self._ok(cues + self._emit([Cue(CueKind.TURN, side, None, self.now_ms())]))

    def spell_pause(self) -> Outcome:
        """The spell screen opens: both clocks pause (option ``pause_during_spell``)."""
        cues = self.poll()
        st = self._state
        if not st.timing.pause_during_spell or not st.running:
            return Outcome(False, tuple(cues))
        with self._tx():
            self._write(ev.PAUSE, {"reason": "spell"})
        return self._ok(cues)

    def spell_resume(self) -> Outcome:
        """The spell screen closes: the clocks go on with the time they had."""
        st = self._state
        if not (st.paused and st.pause_reason == "spell") or st.over:
            return Outcome(False)
        with self._tx():
            self._write(ev.RESUME, {"reason": "spell"})
        return self._ok(())

    def cast_spell(self, call: SpellCall) -> Outcome:
        """Record a spell, or refuse it with the rule it breaks."""
        cues = self.poll()
        st = self._state
        refused = self._not_running(st)
        if refused is Refused.PAUSED and st.pause_reason == "spell":
            refused = None  # recorded while the spell pause holds the clocks
        if refused is not None:
            return self._refuse(refused, cues)
        problem = st.spells.refusal(call, st.turn, st.on_move)
        if problem is None and self.spell_check is not None:
            veto = self.spell_check(call, st)
            if veto:
                return Outcome(False, tuple(cues), Refused.SPELL, f"the position does not allow it: {veto}")
        if problem is not None:
            return Outcome(False, tuple(cues), Refused.SPELL, problem.message)
        with self._tx():
            self._write(ev.SPELL, call.to_data())
        return self._ok(cues)

    def enter_result(self, result: GameResult) -> Outcome:
        """Checkmate, enchanted checkmate, resignation, stalemate or agreed draw."""
        cues = self.poll()
        st = self._state
        if st.over:
            return self._refuse(Refused.OVER, cues)
        if result.kind is ResultKind.ENCHANTED and not st.spells.casts:
            return self._refuse(Refused.NO_SPELL_CAST, cues)
        with self._tx():
            self._write(ev.FINISH, result.to_data())
        return self._ok(cues + self._emit([Cue(CueKind.RESULT, result.winner, None, self.now_ms())]))

    def undo(self, confirm_start: bool = False) -> Outcome:
        """Take back exactly the last referee action; clocks as they were then (see the rulings)."""
        cues = self.poll()
        events = self.log.effective()
        index = next((i for i in range(len(events) - 1, -1, -1) if ev.is_action(events[i].kind, events[i].data)
                      or events[i].kind == ev.SETUP), None)
        if index is None or events[index].kind == ev.SETUP:
            return self._refuse(Refused.NOTHING_TO_UNDO, cues)
        after = events[index + 1:]
        blocker = next((e for e in after if ev.is_automatic(e.kind, e.data)), None)
        if blocker is not None:
            return Outcome(False, tuple(cues), Refused.PAST_TIMEOUT, _REFUSED_TEXT[Refused.PAST_TIMEOUT],
                           Undone(blocker.kind, dict(blocker.data), False, 0, 0, 0, 0))
        target = events[index]
        if target.kind == ev.BEGIN and not confirm_start:
            return self._refuse(Refused.CONFIRM_START, cues)
        before = ev.replay(events[:index])
        now = self.now_ms()
        was_move, was_game = self._state.move_clock.remaining(now), self._state.game_clock.remaining(now)
        move_ms = before.move_clock.remaining(target.at_ms)
        game_ms = before.game_clock.remaining(target.at_ms)
        with self._tx():
            for _ in range(len(events) - index):
                self.log.undo()
            self.log.append(ev.RESTORE, {
                "move_ms": move_ms, "game_ms": game_ms, "undone": getattr(target, "seq", None), "kind": target.kind,
                "was_move_ms": was_move, "was_game_ms": was_game,
                "resume": bool(before.paused and before.pause_reason == "spell" and not before.over)})
        self._state = ev.replay(self.log.effective())
        st = self._state
        undone = Undone(target.kind, dict(target.data), False, was_move, move_ms, was_game, game_ms)
        return Outcome(True, tuple(cues + self._emit([Cue(CueKind.TURN, st.on_move, None, self.now_ms())])),
                       undone=undone)

    def can_redo(self) -> bool:
        events = getattr(self.log, "events", None)
        return bool(events and ev.redo_stack(events()))

    def redo(self) -> Outcome:
        """Give back what the last undo took, with the clocks as they were when it was undone."""
        cues = self.poll()
        events = self.log.events()  # type: ignore[attr-defined]
        stack = ev.redo_stack(events)
        if not stack:
            return self._refuse(Refused.NOTHING_TO_REDO, cues)
        restore = stack[-1]
        target = next(e for e in events if e.seq == restore.data["undone"])
        now = self.now_ms()
        st = self._state
        move_from, game_from = st.move_clock.remaining(now), st.game_clock.remaining(now)
        data = {k: v for k, v in target.data.items() if k != "redo_of"}
        with self._tx():
            self.log.append(target.kind, {**data, "redo_of": restore.seq})
            if target.kind != ev.FINISH:
                self.log.append(ev.RESTORE, {
                    "move_ms": restore.data["was_move_ms"], "game_ms": restore.data["was_game_ms"],
                    "undone": None, "kind": target.kind, "redo": restore.seq})
        self._state = ev.replay(self.log.effective())
        st = self._state
        undone = Undone(target.kind, data, True, move_from, st.move_clock.remaining(now),
                        game_from, st.game_clock.remaining(now))
        return Outcome(True, tuple(cues + self._emit([Cue(CueKind.TURN, st.on_move, None, self.now_ms())])),
                       undone=undone)

    # -- plumbing ----------------------------------------------------------------------------
    def _not_running(self, st: StationState) -> Refused | None:
        if st.over:
            return Refused.OVER
        if not st.begun:
            return Refused.NOT_BEGUN
        if st.paused:
            return Refused.PAUSED
        return None

    def _write(self, kind: str, data: dict[str, Any]) -> None:
        event = self.log.append(kind, data)
        self._state = ev.apply(self._state, event.kind, event.data, event.at_ms)

    def _emit(self, cues: Sequence[Cue]) -> list[Cue]:
        if self.on_cue is not None:
            for cue in cues:
                self.on_cue(cue)
        return list(cues)

    def _ok(self, cues: Sequence[Cue]) -> Outcome:
        return Outcome(True, tuple(cues))

    def _refuse(self, why: Refused, cues: Sequence[Cue] = ()) -> Outcome:
        return Outcome(False, tuple(cues), why, _REFUSED_TEXT.get(why, why.value))


def describe(kind: str, data: dict[str, Any]) -> str:
    """A one-line English description of a journal event, for the referee's log view."""
    if kind == ev.SETUP:
        return f"{data['white']['name']} (white) - {data['black']['name']} (black); {data.get('first', 'white')} moves first"
    if kind == ev.BEGIN:
        return "clocks started"
    if kind == ev.MOVE_END:
        took = f", took {data['captured']}" if data.get("captured") else ""
        return f"{data['side']} ended its move ({data.get('source', 'tap')}{took})"
    if kind == ev.TIMEOUT:
        return f"{data['side']} ran out of time: the turn passed"
    if kind in (ev.PAUSE, ev.RESUME):
        why = {"spell": " for a spell", "timeout_in_check": f": {data.get('side')} ran out of time in check"}
        return ("paused" if kind == ev.PAUSE else "resumed") + why.get(str(data.get("reason")), "")
    if kind == ev.CORRECT:
        if "clock" in data:
            return f"{data['clock']} clock set to {int(data['remaining_ms']) / 1000:.1f} s"
        parts = [f"{name} clock set to {int(data[f'{name}_ms']) / 1000:.1f} s" for name in ("move", "game")
                 if data.get(f"{name}_ms") is not None]
        if data.get("turn_back"):
            parts.insert(0, f"turn given back to {data['turn_back']}")
        why = f" ({data['reason']})" if data.get("reason") else ""
        return "; ".join(parts) + why
    if kind == ev.SPELL:
        target = f" on {data['target']}" if data.get("target") else ""
        return f"{data['side']} {data['caster']} cast {data['spell']}{target}"
    if kind == ev.RESTORE:
        if data.get("redo") is not None:
            return f"redid {data.get('kind', 'an action')}; clocks as they were when it was undone"
        return f"undid {data.get('kind', data.get('undone', 'an action'))}; clocks as they were then"
    if kind == ev.FINISH:
        winner = f", {data['winner']} wins" if data.get("winner") else ""
        return f"result: {data['kind']}{winner}"
    return kind
