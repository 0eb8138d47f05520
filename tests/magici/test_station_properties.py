"""Whatever the referee and the teams do, the station's state is the replay of its journal."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.clock import FakeClock
from companion.core.journal import Journal
from companion.magici.model import House, Piece, PieceKind, Side
from companion.magici.replay import replay
from companion.magici.spells import Spell, SpellCall
from companion.magici.station import RefereeStation
from companion.magici.timing import ClockKind

ACTIONS = st.lists(
    st.one_of(
        st.tuples(st.just("wait"), st.integers(0, 45_000)),
        st.tuples(st.just("end"), st.sampled_from([None, Side.WHITE, Side.BLACK])),
        st.tuples(st.just("capture"), st.sampled_from(list(PieceKind)[1:])),
        st.tuples(st.just("pause"), st.none()),
        st.tuples(st.just("resume"), st.none()),
        st.tuples(st.just("correct"), st.integers(0, 40_000)),
        st.tuples(st.just("spell"), st.sampled_from([Side.WHITE, Side.BLACK])),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("poll"), st.none()),
    ),
    max_size=30,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=ACTIONS, first=st.sampled_from([Side.WHITE, Side.BLACK]))
def test_state_always_equals_replay_and_turns_alternate(actions, first) -> None:
    clock = FakeClock(1_700_000_000_000)
    log = Journal.open(":memory:", wall_ms=clock.now_ms).new_match("magici")
    station = RefereeStation.new(log, House("A"), House("B"), first=first)
    station.begin()
    for action, arg in actions:
        if action == "wait":
            clock.advance(arg)
        elif action == "end":
            station.end_move(arg)
        elif action == "capture":
            station.end_move(captured=arg)
        elif action == "pause":
            station.pause()
        elif action == "resume":
            station.resume()
        elif action == "correct":
            station.correct(ClockKind.MOVE, arg)
        elif action == "spell":
            station.cast_spell(SpellCall(Spell.TACTICAL, arg, Piece.parse("Nc3"), target=Piece.parse("Qd8")))
        elif action == "undo":
            station.undo()
        else:
            station.poll()
        state = station.state
        assert replay(log.effective()) == state
        assert state.on_move is (first if state.turn % 2 == 1 else first.other)
        view = station.view()
        assert 0 <= view.move_remaining_ms and 0 <= view.game_remaining_ms <= 1_200_000
        assert len(state.spells.casts) <= 2
        wait = station.ms_until_next_event()
        assert wait is None or wait >= 0
