"""Whole matches from kick-off to full time, driven through the reducer with seeded dice."""

import json

import pytest

from companion.chessball.match import Match, replay
from companion.chessball.simulate import simulate_match
from companion.chessball.state import Mode, Phase
from companion.core.dice import Dice


@pytest.mark.parametrize("mode", [Mode.COUNTING, Mode.POSITIONAL])
def test_a_seeded_match_runs_from_kickoff_to_full_time_and_replays_identically(mode):
    journal, final = simulate_match(Dice.seeded(2026), mode)
    assert final.phase is Phase.FULL_TIME and final.turn == 50 and final.half == 2
    rolls = [e for e in journal if e["kind"] == "roll"]
    assert len(rolls) == 100  # both sides roll in each of the 50 turns
    kinds = {e["kind"] for e in journal}
    assert {"kickoff", "roll", "keeper_roll"} <= kinds
    # The journal is JSON and survives a power cut: replaying it gives the very same state.
    restored = [json.loads(line) for line in (json.dumps(e) for e in journal)]
    assert replay(restored, mode).to_dict() == final.to_dict()


def test_the_same_seed_gives_the_same_match():
    a, _ = simulate_match(Dice.seeded(7), Mode.POSITIONAL)
    b, _ = simulate_match(Dice.seeded(7), Mode.POSITIONAL)
    assert a == b


def test_every_turn_has_three_moves_a_side_unless_a_goal_ends_it():
    journal, final = simulate_match(Dice.seeded(11), Mode.COUNTING)
    m = Match(Mode.COUNTING)
    moves_in_turn: dict[int, int] = {}
    for e in journal:
        turn = m.state.turn
        was_moves = m.state.phase is Phase.MOVES
        m.apply(e)
        if was_moves and e["kind"] in ("pass_move", "end_move", "shot", "substitution", "tackle"):
            moves_in_turn[turn] = moves_in_turn.get(turn, 0) + 1
    goals_turns = {t for t in moves_in_turn if moves_in_turn[t] < 6}
    assert all(n <= 6 for n in moves_in_turn.values())
    assert len(goals_turns) <= sum(final.score.values())


def test_undo_by_replaying_without_the_last_events():
    journal, _ = simulate_match(Dice.seeded(3), Mode.POSITIONAL)
    partial = replay(journal[:40], Mode.POSITIONAL)
    again = replay(journal[:40], Mode.POSITIONAL)
    assert partial.to_dict() == again.to_dict() and partial.events_applied == 40
