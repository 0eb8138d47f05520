"""The match reducer in counting mode: turns, halves, MP, score, substitutions, tackles."""

import pytest

from companion.chessball.match import IllegalEvent, Match, replay
from companion.chessball.options import FirstMover, RuleOptions, TacklesPerTurn
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import Mode, Phase

from .conftest import counting_match, roll

W, B = Side.WHITE, Side.BLACK


def passes(m: Match, n: int) -> None:
    for _ in range(n):
        m.apply({"kind": "pass_move", "side": m.state.side_to_move.value})


def play_turn(m: Match) -> None:
    """Roll for both sides and pass all six moves."""
    if m.state.phase is Phase.KICKOFF:
        m.apply({"kind": "kickoff"})
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    passes(m, 6)


def test_each_side_rolls_3d6_for_its_mp(counting):
    assert counting.state.movement_points == {W: 18, B: 15}
    assert counting.state.phase is Phase.MOVES


def test_a_roll_needs_three_d6_faces():
    m = Match(Mode.COUNTING)
    m.apply({"kind": "kickoff"})
    with pytest.raises(IllegalEvent, match="3 faces"):
        m.apply(roll("white", [6, 6]))
    with pytest.raises(IllegalEvent, match="1..6"):
        m.apply(roll("white", [6, 6, 7]))


def test_a_side_rolls_once_per_turn():
    m = Match(Mode.COUNTING)
    m.apply({"kind": "kickoff"})
    m.apply(roll("white", [1, 2, 3]))
    with pytest.raises(IllegalEvent, match="already rolled"):
        m.apply(roll("white", [1, 2, 3]))


def test_no_move_before_both_sides_have_rolled():
    m = Match(Mode.COUNTING)
    m.apply({"kind": "kickoff"})
    m.apply(roll("white", [1, 2, 3]))
    with pytest.raises(IllegalEvent, match="3d6"):
        m.apply({"kind": "pass_move", "side": "white"})


def test_three_moves_each_alternating_white_first_in_the_first_half(counting):
    order = []
    for _ in range(6):
        side = counting.state.side_to_move
        order.append(side)
        counting.apply({"kind": "pass_move", "side": side.value})
    assert order == [W, B, W, B, W, B]
    assert counting.state.turn == 2 and counting.state.phase is Phase.ROLLS


def test_moving_out_of_turn_is_refused(counting):
    with pytest.raises(IllegalEvent, match="white's move, not black's"):
        counting.apply({"kind": "pass_move", "side": "black"})


def test_unspent_mp_are_lost_at_the_end_of_the_turn(counting):
    passes(counting, 6)
    counting.apply(roll("white", [1, 1, 1]))
    counting.apply(roll("black", [1, 1, 2]))
    assert counting.state.movement_points == {W: 3, B: 4}


def test_spend_takes_mp_and_end_move_passes_the_move(counting):
    counting.apply({"kind": "spend", "side": "white", "mp": 7})
    counting.apply({"kind": "spend", "side": "white", "mp": 4})
    assert counting.state.movement_points[W] == 7 and counting.state.side_to_move is W
    counting.apply({"kind": "end_move", "side": "white"})
    assert counting.state.side_to_move is B


def test_spending_more_mp_than_left_is_refused(counting):
    with pytest.raises(IllegalEvent, match="has 18 MP left"):
        counting.apply({"kind": "spend", "side": "white", "mp": 19})
    assert counting.state.movement_points[W] == 18  # nothing changed


def test_a_refused_event_changes_nothing(counting):
    before = counting.state.to_dict()
    with pytest.raises(IllegalEvent):
        counting.apply({"kind": "substitution", "side": "white", "out": "pawn", "in": "queen"})
    assert counting.state.to_dict() == before


def test_two_halves_of_25_turns_then_full_time():
    m = Match(Mode.COUNTING)
    for _ in range(25):
        play_turn(m)
    assert m.state.half == 2 and m.state.phase is Phase.KICKOFF and m.state.kickoff_side is B
    m.apply({"kind": "kickoff"})
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert m.state.side_to_move is B  # Black moves first in the second half
    passes(m, 6)
    for _ in range(24):
        play_turn(m)
    assert m.state.phase is Phase.FULL_TIME and m.state.turn == 50
    with pytest.raises(IllegalEvent, match="full time"):
        m.apply(roll("white", [1, 1, 1]))


def test_a_goal_scores_and_the_side_that_conceded_kicks_off(counting):
    counting.apply({"kind": "goal", "side": "white"})
    s = counting.state
    assert s.score == {W: 1, B: 0} and s.phase is Phase.KICKOFF and s.kickoff_side is B
    assert s.turn == 2  # the goal ends the turn
    s = counting.state
    counting.apply({"kind": "kickoff"})
    counting.apply(roll("white", [1, 1, 1]))
    counting.apply(roll("black", [1, 1, 1]))
    assert counting.state.side_to_move is B  # the kicking-off side moves first after a goal


def test_kickoff_side_moves_first_can_be_switched_off():
    m = counting_match(RuleOptions(kickoff_side_moves_first=False))
    m.apply({"kind": "goal", "side": "white"})
    m.apply({"kind": "kickoff"})
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert m.state.side_to_move is W


def test_first_mover_alternate_option_takes_turns():
    m = counting_match(RuleOptions(first_mover=FirstMover.ALTERNATE))
    assert m.state.side_to_move is W
    passes(m, 6)
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert m.state.side_to_move is B


def test_shot_in_counting_mode_with_the_seed_numbers(counting):
    counting.apply({"kind": "shot", "side": "white", "distance": 4})
    assert counting.state.phase is Phase.KEEPER_ROLL and counting.state.movement_points[W] == 14
    counting.apply({"kind": "keeper_roll", "faces": [5, 5, 1]})  # 11 against 14: parry of 3
    assert counting.state.phase is Phase.DIRECTION_ROLL
    assert counting.state.last["outcome"] == "parry" and counting.state.last["residual"] == 3
    counting.apply({"kind": "direction_roll", "face": 2})
    assert counting.state.last["direction"] == "left" and counting.state.side_to_move is B


def test_keeper_roll_8_against_power_14_is_a_goal(counting):
    counting.apply({"kind": "shot", "side": "white", "distance": 4})
    counting.apply({"kind": "keeper_roll", "faces": [2, 3, 3]})
    assert counting.state.score[W] == 1 and counting.state.kickoff_side is B


def test_keeper_roll_15_against_power_14_is_a_save(counting):
    counting.apply({"kind": "shot", "side": "white", "distance": 4})
    counting.apply({"kind": "keeper_roll", "side": "black", "faces": [5, 5, 5]})
    assert counting.state.score == {W: 0, B: 0} and counting.state.side_to_move is B


def test_only_the_defending_keeper_rolls(counting):
    counting.apply({"kind": "shot", "side": "white", "distance": 4})
    with pytest.raises(IllegalEvent, match="black's keeper rolls"):
        counting.apply({"kind": "keeper_roll", "side": "white", "faces": [5, 5, 5]})


def test_nothing_else_happens_while_the_keeper_roll_is_awaited(counting):
    counting.apply({"kind": "shot", "side": "white", "distance": 4})
    with pytest.raises(IllegalEvent, match="keeper's 3d6"):
        counting.apply({"kind": "pass_move", "side": "black"})


def test_shot_without_the_keeper_on_the_arrival_point_is_a_goal(counting):
    counting.apply({"kind": "shot", "side": "white", "distance": 9, "keeper_on_point": False})
    assert counting.state.score[W] == 1


def test_substitution_adds_the_table_value_to_the_mp(counting):
    counting.apply({"kind": "substitution", "side": "white", "out": "rook", "in": "pawn"})
    assert counting.state.movement_points[W] == 25
    assert counting.state.lineup[W][PieceKind.PAWN] == 1 and counting.state.lineup[W][PieceKind.ROOK] == 0


def test_a_paying_substitution_needs_enough_mp_left():
    m = counting_match(white=(1, 1, 2))
    with pytest.raises(IllegalEvent, match="costs 5 MP but white has 4 MP left"):
        m.apply({"kind": "substitution", "side": "white", "out": "rook", "in": "queen"})


def test_at_most_one_substitution_every_three_turns(counting):
    counting.apply({"kind": "substitution", "side": "white", "out": "rook", "in": "queen"})
    passes(counting, 5)
    for turn in (2, 3):
        counting.apply(roll("white", [6, 6, 6]))
        counting.apply(roll("black", [6, 6, 6]))
        with pytest.raises(IllegalEvent, match="allowed from turn 4"):
            counting.apply({"kind": "substitution", "side": "white", "out": "queen", "in": "rook"})
        passes(counting, 6)
    counting.apply(roll("white", [6, 6, 6]))
    counting.apply(roll("black", [6, 6, 6]))
    counting.apply({"kind": "substitution", "side": "white", "out": "queen", "in": "rook"})
    assert counting.state.lineup[W][PieceKind.ROOK] == 1


def test_substitution_needs_the_piece_on_the_field_and_the_other_on_the_bench(counting):
    with pytest.raises(IllegalEvent, match="no queen on the field"):
        counting.apply({"kind": "substitution", "side": "white", "out": "queen", "in": "rook"})
    m = counting_match(RuleOptions(substitution_interval=1))  # so the interval is no obstacle
    m.apply({"kind": "substitution", "side": "white", "out": "rook", "in": "queen"})
    passes(m, 5)
    m.apply(roll("white", [6, 6, 6]))
    m.apply(roll("black", [6, 6, 6]))
    with pytest.raises(IllegalEvent, match="no queen left on the bench"):
        m.apply({"kind": "substitution", "side": "white", "out": "bishop", "in": "queen"})


def test_the_king_is_never_substituted_in_a_match(counting):
    with pytest.raises(IllegalEvent, match="King"):
        counting.apply({"kind": "substitution", "side": "white", "out": "king", "in": "queen"})


def test_a_goal_brings_back_bishop_knight_and_rook(counting):
    counting.apply({"kind": "substitution", "side": "white", "out": "rook", "in": "queen"})
    counting.apply({"kind": "goal", "side": "black"})
    assert sorted(counting.state.lineup[W].elements()) == sorted([PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.ROOK])


def test_tackle_higher_roll_wins_and_a_tie_is_rolled_again(counting):
    with pytest.raises(IllegalEvent, match="tie is rolled again"):
        counting.apply({"kind": "tackle", "side": "white", "throws": [{"white": [3, 3, 3], "black": [4, 4, 1]}]})
    counting.apply({"kind": "tackle", "side": "white", "throws": [
        {"white": [3, 3, 3], "black": [4, 4, 1]}, {"white": [2, 2, 4], "black": [6, 5, 1]}]})
    assert counting.state.last["winner"] == "black"
    assert counting.state.movement_points[W] == 18  # a tackle costs no MP by default


def test_a_decided_throw_may_not_be_followed_by_more(counting):
    with pytest.raises(IllegalEvent, match="decided it"):
        counting.apply({"kind": "tackle", "side": "white", "throws": [
            {"white": [6, 6, 6], "black": [1, 1, 1]}, {"white": [1, 1, 1], "black": [6, 6, 6]}]})


THROW = [{"white": [6, 6, 6], "black": [1, 1, 1]}]


def test_at_most_one_tackle_per_turn_in_all_whoever_starts_it(counting):
    # RULES.md section 1: "at most one tackle per turn in all, whoever starts it".
    assert counting.state.options.tackles_per_turn is TacklesPerTurn.ONE
    counting.apply({"kind": "tackle", "side": "white", "throws": THROW})
    assert not counting.state.may_tackle(B) and not counting.state.may_tackle(W)
    before = counting.state.to_dict()
    with pytest.raises(IllegalEvent, match="white has already started a tackle this turn, and a turn holds one"):
        counting.apply({"kind": "tackle", "side": "black", "throws": THROW})
    assert counting.state.to_dict() == before
    passes(counting, 5)  # the turn ends: the next one holds a tackle again
    counting.apply(roll("white", [1, 1, 1]))
    counting.apply(roll("black", [1, 1, 1]))
    assert counting.state.may_tackle(W) and counting.state.may_tackle(B)
    counting.apply({"kind": "tackle", "side": "white", "throws": THROW})


def test_option_tackles_per_turn_one_per_player_lets_each_player_start_one():
    m = counting_match(RuleOptions(tackles_per_turn=TacklesPerTurn.ONE_PER_PLAYER))
    m.apply({"kind": "tackle", "side": "white", "throws": THROW})
    assert m.state.may_tackle(B) and not m.state.may_tackle(W)
    m.apply({"kind": "tackle", "side": "black", "throws": THROW})
    with pytest.raises(IllegalEvent, match="white has already started a tackle this turn"):
        m.apply({"kind": "tackle", "side": "white", "throws": THROW})


def test_option_tackles_per_turn_is_set_by_the_setup_event():
    events = [{"kind": "setup", "mode": "counting", "options": {"tackles_per_turn": "one_per_player"}}]
    assert replay(events).options.tackles_per_turn is TacklesPerTurn.ONE_PER_PLAYER
    with pytest.raises(IllegalEvent, match="tackles_per_turn: expected one of one, one_per_player"):
        Match().apply({"kind": "setup", "options": {"tackles_per_turn": "two"}})


def test_tackle_cost_option_charges_the_mover():
    m = counting_match(RuleOptions(tackle_cost=2))
    m.apply({"kind": "tackle", "side": "white", "throws": [{"white": [6, 6, 6], "black": [1, 1, 1]}]})
    assert m.state.movement_points[W] == 16


def test_positional_events_are_refused_in_counting_mode(counting):
    with pytest.raises(IllegalEvent, match="only in positional mode"):
        counting.apply({"kind": "move", "side": "white", "from": [8, 7], "to": [8, 6]})


def test_unknown_fields_and_kinds_are_refused_by_name(counting):
    with pytest.raises(IllegalEvent, match="unknown field"):
        counting.apply({"kind": "spend", "side": "white", "mp": 3, "mpp": 4})
    with pytest.raises(IllegalEvent, match="unknown event kind 'teleport'"):
        counting.apply({"kind": "teleport"})


def test_replay_rebuilds_the_same_state(counting):
    events = [{"kind": "kickoff"}, roll("white", [6, 6, 6]), roll("black", [5, 5, 5]),
              {"kind": "spend", "side": "white", "mp": 3}, {"kind": "end_move", "side": "white"},
              {"kind": "shot", "side": "black", "distance": 6}, {"kind": "keeper_roll", "faces": [1, 1, 1]}]
    m = Match(Mode.COUNTING)
    for e in events:
        m.apply(e)
    assert replay(events, Mode.COUNTING).to_dict() == m.state.to_dict()
    assert m.state.score[B] == 1


def test_replay_names_the_event_that_is_illegal():
    with pytest.raises(IllegalEvent, match="event 2: "):
        replay([{"kind": "kickoff"}, {"kind": "pass_move", "side": "white"}], Mode.COUNTING)


def test_a_shot_is_a_whole_move_in_counting_mode(counting):
    counting.apply({"kind": "spend", "side": "white", "mp": 3})
    with pytest.raises(IllegalEvent, match="whole move"):
        counting.apply({"kind": "shot", "side": "white", "distance": 4})


def test_expected_kinds_follow_the_phase():
    m = Match(Mode.COUNTING)
    assert m.expected() == ["setup", "kickoff"]
    m.apply({"kind": "kickoff"})
    assert m.expected() == ["roll"]
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert "spend" in m.expected() and "move" not in m.expected()


def test_setup_event_makes_a_journal_replay_on_its_own():
    events = [{"kind": "setup", "mode": "counting", "options": {"tackle_cost": 2, "parry_unit": "square"}},
              {"kind": "kickoff"}, roll("white", [6, 6, 6]), roll("black", [1, 1, 1]),
              {"kind": "tackle", "side": "white", "throws": [{"white": [6, 6, 6], "black": [1, 1, 1]}]}]
    state = replay(events)  # the default mode is positional: the setup event switches it
    assert state.mode is Mode.COUNTING and state.movement_points[W] == 16


def test_setup_only_as_the_first_event(counting):
    with pytest.raises(IllegalEvent, match="first event only"):
        counting.apply({"kind": "setup", "mode": "counting"})


def test_setup_refuses_unknown_options_by_name():
    with pytest.raises(IllegalEvent, match="unknown ChessBall rule option 'parry'"):
        Match().apply({"kind": "setup", "options": {"parry": "square"}})
    with pytest.raises(IllegalEvent, match="first_mover: expected one of by-half, alternate"):
        Match().apply({"kind": "setup", "options": {"first_mover": "black"}})


def test_next_move_is_journaled_as_end_move(counting):
    counting.apply({"kind": "spend", "side": "white", "mp": 2})
    assert counting.apply({"kind": "next_move", "side": "white"}) == {"kind": "end_move", "side": "white"}
    assert counting.state.side_to_move is B


def test_who_moves_first_in_the_words_of_rules_md():
    # RULES.md section 1: "White moves first in every turn of the first half, Black in the second,
    # except a turn that opens with a kick-off after a goal: there the side kicking off moves first
    # (option kickoff_side_moves_first, default on)."
    m = counting_match()
    assert m.state.side_to_move is W  # first half
    m.apply({"kind": "goal", "side": "white"})
    m.apply({"kind": "kickoff"})
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert m.state.kickoff_side is B and m.state.side_to_move is B  # the kick-off turn
    passes(m, 6)
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert m.state.side_to_move is W  # the next turn: White again, first half
    passes(m, 6)
    while m.state.half == 1:
        play_turn(m)
    m.apply({"kind": "kickoff"})
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert m.state.side_to_move is B  # second half
    m.apply({"kind": "goal", "side": "black"})
    m.apply({"kind": "kickoff"})
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert m.state.kickoff_side is W and m.state.side_to_move is W  # White kicks off, moves first
    passes(m, 6)
    m.apply(roll("white", [1, 1, 1]))
    m.apply(roll("black", [1, 1, 1]))
    assert m.state.side_to_move is B  # and the turn after: Black again, second half


def test_a_goal_ends_the_turn_at_once_and_the_next_turn_opens_with_the_kick_off():
    # RULES.md section 1: "a goal ends the turn at once (the moves and MP left are lost); the next
    # turn opens with the kick-off."
    m = counting_match()
    m.apply({"kind": "spend", "side": "white", "mp": 3})
    m.apply({"kind": "end_move", "side": "white"})
    assert m.state.turn == 1 and m.state.movement_points == {W: 15, B: 15}
    m.apply({"kind": "goal", "side": "black"})
    s = m.state
    assert s.turn == 2 and s.phase is Phase.KICKOFF and s.kickoff_side is W
    assert s.movement_points == {W: 0, B: 0} and s.moves_made == 0
    with pytest.raises(IllegalEvent, match="kick-off"):
        m.apply({"kind": "pass_move", "side": "black"})
