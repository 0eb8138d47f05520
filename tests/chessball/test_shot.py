"""Shots: the seed's worked examples and the keeper table's edges."""

import pytest

from companion.chessball.options import ParryUnit
from companion.chessball.pieces import Side
from companion.chessball.shot import (
    ReboundDirection, ShotOutcome, keeper_outcome, parry_direction, rebound_line, rebound_step,
    rebound_steps, shot_power,
)


def test_power_is_6_after_12_steps():
    assert shot_power(12) == 6


def test_power_is_14_after_4_steps():
    assert shot_power(4) == 14


def test_power_14_roll_15_is_a_save():
    assert keeper_outcome(14, 15).outcome is ShotOutcome.SAVE


def test_power_14_roll_11_is_a_parry_of_3():
    result = keeper_outcome(14, 11)
    assert result.outcome is ShotOutcome.PARRY and result.residual == 3


def test_power_14_roll_8_is_a_goal():
    assert keeper_outcome(14, 8).outcome is ShotOutcome.GOAL


def test_parry_residual_zero_is_a_save():
    assert keeper_outcome(14, 14).outcome is ShotOutcome.SAVE


@pytest.mark.parametrize("roll, residual", [(13, 1), (12, 2), (11, 3)])
def test_parry_band_is_power_minus_3_to_power_minus_1(roll, residual):
    result = keeper_outcome(14, roll)
    assert (result.outcome, result.residual) == (ShotOutcome.PARRY, residual)


def test_roll_4_below_power_is_a_goal():
    assert keeper_outcome(14, 10).outcome is ShotOutcome.GOAL


def test_every_power_and_roll_has_exactly_one_outcome_matching_the_table():
    for power in range(-5, 19):
        for roll in range(3, 19):
            outcome = keeper_outcome(power, roll).outcome
            if roll >= power:
                assert outcome is ShotOutcome.SAVE
            elif roll >= power - 3:
                assert outcome is ShotOutcome.PARRY
            else:
                assert outcome is ShotOutcome.GOAL


def test_a_ball_with_no_power_left_is_always_saved():
    assert keeper_outcome(shot_power(20), 3).outcome is ShotOutcome.SAVE


@pytest.mark.parametrize("bad", [2, 19, 0])
def test_keeper_roll_outside_3_to_18_is_refused(bad):
    with pytest.raises(ValueError, match="3..18"):
        keeper_outcome(14, bad)


def test_negative_distance_is_refused():
    with pytest.raises(ValueError, match="distance"):
        shot_power(-1)


@pytest.mark.parametrize("face, direction", [
    (1, ReboundDirection.LEFT), (2, ReboundDirection.LEFT), (3, ReboundDirection.CENTRE),
    (4, ReboundDirection.CENTRE), (5, ReboundDirection.RIGHT), (6, ReboundDirection.RIGHT),
])
def test_parry_direction_1_2_left_3_4_centre_5_6_right(face, direction):
    assert parry_direction(face) is direction


@pytest.mark.parametrize("face", [0, 7])
def test_parry_direction_outside_1_to_6_is_refused(face):
    with pytest.raises(ValueError, match="1..6"):
        parry_direction(face)


def test_rebound_directions_are_as_the_keeper_sees_them_facing_the_field():
    # White's keeper faces up the board with file a (x = 0) on his left.
    assert rebound_step(Side.WHITE, ReboundDirection.LEFT) == (-1, 1)
    assert rebound_step(Side.WHITE, ReboundDirection.CENTRE) == (0, 1)
    assert rebound_step(Side.WHITE, ReboundDirection.RIGHT) == (1, 1)
    # Black's keeper faces down the board: his left is x = 16.
    assert rebound_step(Side.BLACK, ReboundDirection.LEFT) == (1, -1)
    assert rebound_step(Side.BLACK, ReboundDirection.CENTRE) == (0, -1)
    assert rebound_step(Side.BLACK, ReboundDirection.RIGHT) == (-1, -1)


def test_parry_counts_half_square_steps_by_default_and_squares_as_an_option():
    assert rebound_steps(3, ParryUnit.HALF_SQUARE) == 3
    assert rebound_steps(3, ParryUnit.SQUARE) == 6


def test_rebound_stops_on_a_piece_which_takes_it():
    line = rebound_line((8, 0), Side.WHITE, ReboundDirection.CENTRE, 3, occupied={(8, 2)})
    assert line == ((8, 0), (8, 1), (8, 2))


def test_rebound_stops_on_the_board_edge():
    line = rebound_line((5, 16), Side.BLACK, ReboundDirection.LEFT, 6, occupied=set())
    assert line[-1] == (11, 10)
    line = rebound_line((1, 1), Side.WHITE, ReboundDirection.LEFT, 3, occupied=set())
    assert line[-1] == (0, 2)
