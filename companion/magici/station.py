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
- **Undo** takes back the last action (a move end, pause, resume, correction, spell, result or
  the start) together with anything the station did by itself after it, and puts both clocks
  back to what they showed at the instant of that action, running on from now if they ran then
  (a mistaken press costs nobody time). Undoing a pause therefore resumes where it stopped.
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
}


@dataclass(frozen=True)
class Outcome:
    """The answer to an action: accepted (with the cues it caused) or refused with a reason."""

    accepted: bool
    cues: tuple[Cue, ...] = ()
    refused: Refused | None = None
    message: str = ""

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


#: Rules-engine veto for a spell: returns None if legal on the board, else the reason.
SpellCheck = Callable[[SpellCall, StationState], "str | None"]


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
    ) -> None:
        self.log = log
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

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> StationState:
        return self._state

    def view(self) -> StationView:
        st, now = self._state, self.now_ms()
        return StationView(
            st.on_move, st.house_on_move, st.turn, st.move_clock.remaining(now), st.game_clock.remaining(now),
            st.begun, st.paused, st.result, st.obligation,
            {s: st.spells.available(s) for s in Side},
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
            if which is ClockKind.MOVE:
                self._write(ev.TIMEOUT, {"side": side.value, "due_ms": at})
                if fresh:
                    cues += [Cue(CueKind.MOVE_EXPIRED, side, None, at), Cue(CueKind.TURN, side.other, None, at)]
            else:
                self._write(ev.FINISH, {**GameResult(ResultKind.DRAW_TIME).to_data(), "due_ms": at, "automatic": True})
                if fresh:
                    cues.append(Cue(CueKind.TIME_UP, None, None, at))
        self._warnings(now, now, cues)
        if late:
            st = self._state
            cues.append(Cue(CueKind.CATCH_UP, None if st.over else st.on_move, None, now, late))
            if st.over:
                cues.append(Cue(CueKind.TIME_UP, None, None, now))
            else:
                cues.append(Cue(CueKind.TURN, st.on_move, None, now))
        return self._emit(cues)

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
        if refused is None and st.turn_started_ms is not None and now - st.turn_started_ms < st.timing.end_lockout_ms:
            refused = Refused.LOCKED_OUT
        if refused is not None:
            return self._refuse(refused, cues)
        self._write(ev.MOVE_END, {"side": st.on_move.value, "source": source.value,
                                  "captured": captured.value if captured else None})
        return self._ok(cues + self._emit([Cue(CueKind.TURN, st.on_move.other, None, now)]))

    def pause(self) -> Outcome:
        cues = self.poll()
        st = self._state
        refused = self._not_running(st)
        if refused is not None:
            return self._refuse(refused, cues)
        self._write(ev.PAUSE, {})
        return self._ok(cues + self._emit([Cue(CueKind.PAUSED, st.on_move, None, self.now_ms())]))

    def resume(self) -> Outcome:
        st = self._state
        if not st.begun or st.over:
            return self._refuse(Refused.NOT_BEGUN if not st.begun else Refused.OVER)
        if not st.paused:
            return self._refuse(Refused.NOT_PAUSED)
        self._write(ev.RESUME, {})
        return self._ok(self._emit([Cue(CueKind.RESUMED, st.on_move, None, self.now_ms())]))

    def correct(self, clock: ClockKind, remaining_ms: int) -> Outcome:
        """The referee sets a countdown to ``remaining_ms`` (it keeps running if it ran)."""
        if not isinstance(remaining_ms, int) or remaining_ms < 0:
            raise ValueError(f"correct {clock.value} clock: remaining time must be whole ms >= 0, got {remaining_ms!r}")
        cues = self.poll()
        if self._state.over:
            return self._refuse(Refused.OVER, cues)
        self._write(ev.CORRECT, {"clock": clock.value, "remaining_ms": remaining_ms})
        return self._ok(cues)

    def adjust(self, clock: ClockKind, delta_ms: int) -> Outcome:
        """Add (or take away) time on a countdown."""
        left = self._state.clock(clock).remaining(self.now_ms())
        return self.correct(clock, max(0, left + int(delta_ms)))

    def cast_spell(self, call: SpellCall) -> Outcome:
        """Record a spell, or refuse it with the rule it breaks."""
        cues = self.poll()
        st = self._state
        refused = self._not_running(st)
        if refused is not None:
            return self._refuse(refused, cues)
        problem = st.spells.refusal(call, st.turn, st.on_move)
        if problem is None and self.spell_check is not None:
            veto = self.spell_check(call, st)
            if veto:
                return Outcome(False, tuple(cues), Refused.SPELL, f"the position does not allow it: {veto}")
        if problem is not None:
            return Outcome(False, tuple(cues), Refused.SPELL, problem.message)
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
        self._write(ev.FINISH, result.to_data())
        return self._ok(cues + self._emit([Cue(CueKind.RESULT, result.winner, None, self.now_ms())]))

    def undo(self) -> Outcome:
        """Take back the last action and what followed it by itself; clocks as they were then."""
        cues = self.poll()
        events = self.log.effective()
        index = next((i for i in range(len(events) - 1, -1, -1)
                      if not is_automatic(events[i].kind, events[i].data) and events[i].kind.startswith(("magici.", "finish"))), None)
        if index is None or events[index].kind == ev.SETUP:
            return self._refuse(Refused.NOTHING_TO_UNDO, cues)
        target = events[index]
        before = ev.replay(events[:index])
        move_ms = before.move_clock.remaining(target.at_ms)
        game_ms = before.game_clock.remaining(target.at_ms)
        for _ in range(len(events) - index):
            self.log.undo()
        self.log.append(ev.RESTORE, {"move_ms": move_ms, "game_ms": game_ms, "undone": target.kind})
        self._state = ev.replay(self.log.effective())
        st = self._state
        return self._ok(cues + self._emit([Cue(CueKind.TURN, st.on_move, None, self.now_ms())]))

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
        return "paused" if kind == ev.PAUSE else "resumed"
    if kind == ev.CORRECT:
        return f"{data['clock']} clock set to {int(data['remaining_ms']) / 1000:.1f} s"
    if kind == ev.SPELL:
        target = f" on {data['target']}" if data.get("target") else ""
        return f"{data['side']} {data['caster']} cast {data['spell']}{target}"
    if kind == ev.RESTORE:
        return f"undid {data.get('undone', 'an action')}; clocks restored"
    if kind == ev.FINISH:
        winner = f", {data['winner']} wins" if data.get("winner") else ""
        return f"result: {data['kind']}{winner}"
    return kind
