"""Any event dict is either applied or refused with IllegalEvent; a refusal changes nothing."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.chessball.match import IllegalEvent, Match
from companion.chessball.simulate import simulate_match
from companion.chessball.state import Mode
from companion.core.dice import Dice

KINDS = ["setup", "kickoff", "roll", "pass_move", "spend", "end_move", "next_move", "goal", "shot", "keeper_roll",
         "direction_roll", "substitution", "tackle", "move", "dribble", "kick", "bogus"]
FIELDS = ["side", "faces", "face", "mp", "distance", "keeper_on_point", "out", "in", "at", "from", "to",
          "path", "ball_to", "ticks", "throws", "piece", "against", "pieces", "ball", "mode", "options"]

points = st.lists(st.integers(-1, 17), min_size=2, max_size=2)
values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 20), st.text(max_size=6),
    st.sampled_from(["white", "black", "rook", "queen", "king", "pawn", "counting"]),
    points, st.lists(points, max_size=4), st.lists(st.integers(0, 7), max_size=4),
    st.lists(st.lists(points, min_size=2, max_size=2), max_size=3),
    st.lists(st.fixed_dictionaries({"white": st.lists(st.integers(1, 6), min_size=3, max_size=3),
                                    "black": st.lists(st.integers(1, 6), min_size=3, max_size=3)}), max_size=2),
    st.dictionaries(st.sampled_from(["tackle_cost", "parry_unit", "x"]), st.integers(-1, 3), max_size=2),
)
events = st.builds(
    lambda kind, fields: {"kind": kind, **fields},
    st.sampled_from(KINDS), st.dictionaries(st.sampled_from(FIELDS), values, max_size=5),
)

# Positions reached in real play, to fuzz from.
_JOURNALS = {mode: simulate_match(Dice.seeded(5), mode)[0] for mode in (Mode.COUNTING, Mode.POSITIONAL)}


@settings(max_examples=120, deadline=None)
@given(mode=st.sampled_from([Mode.COUNTING, Mode.POSITIONAL]), prefix=st.integers(0, 120),
       batch=st.lists(events, min_size=1, max_size=6))
def test_random_events_are_applied_or_refused_cleanly(mode, prefix, batch):
    m = Match(mode)
    for e in _JOURNALS[mode][:prefix]:
        m.apply(e)
    for event in batch:
        before = m.state.to_dict()
        try:
            m.apply(event)
        except IllegalEvent as exc:
            assert str(exc)
            assert m.state.to_dict() == before
