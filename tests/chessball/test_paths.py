"""Cheapest legal paths: every piece, with blockers; the ball's lines; dribbles."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.chessball.lattice import chebyshev, is_goal_mouth
from companion.chessball.dribble import dribble_path, validate_dribble
from companion.chessball.paths import (
    IllegalPath, ball_line, can_stand, is_step, piece_path, validate_ball_line, validate_piece_path,
)
from companion.chessball.pieces import PieceKind as K
from companion.chessball.pieces import Side

W = Side.WHITE


def test_a_rook_moving_three_squares_spends_6_mp():
    assert piece_path(K.ROOK, W, (1, 3), (7, 3), set()).cost == 6


def test_rook_goes_around_a_blocker_orthogonally():
    path = piece_path(K.ROOK, W, (4, 4), (8, 4), {(6, 4)})
    assert path.cost == 6  # 4 straight + 2 to step round
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path.points, path.points[1:]))


def test_rook_may_change_direction_and_pays_the_manhattan_distance():
    assert piece_path(K.ROOK, W, (8, 8), (12, 10), set()).cost == 6


def test_bishop_steps_diagonally_and_may_change_direction():
    assert piece_path(K.BISHOP, W, (8, 8), (12, 8), set()).cost == 4  # zigzag


def test_bishop_never_reaches_the_other_colour_of_points():
    assert piece_path(K.BISHOP, W, (8, 8), (9, 8), set()) is None


def test_queen_pays_the_chebyshev_distance_on_an_open_board():
    assert piece_path(K.QUEEN, W, (2, 3), (10, 6), set()).cost == 8


def test_queen_walled_in_has_no_path():
    wall = {(x, y) for x in range(3, 6) for y in range(3, 6)} - {(4, 4)}
    assert piece_path(K.QUEEN, W, (4, 4), (10, 10), wall) is None


def test_no_piece_passes_through_another_piece():
    wall = {(x, 6) for x in range(17)}
    for kind in (K.QUEEN, K.ROOK, K.BISHOP, K.PAWN):
        assert piece_path(kind, W, (8, 5), (8, 7), wall) is None


def test_no_piece_ends_on_an_occupied_point():
    assert piece_path(K.QUEEN, W, (4, 4), (5, 5), {(5, 5)}) is None


def test_pawn_makes_one_or_two_steps_in_any_direction():
    assert piece_path(K.PAWN, W, (8, 8), (7, 7), set()).cost == 1
    assert piece_path(K.PAWN, W, (8, 8), (10, 6), set()).cost == 2
    assert piece_path(K.PAWN, W, (8, 8), (11, 8), set()) is None


def test_knight_jump_costs_3_mp_and_jumps_over_pieces():
    crowd = {(x, y) for x in range(6, 12) for y in range(7, 11)} - {(8, 8), (12, 10)}
    path = piece_path(K.KNIGHT, W, (8, 8), (12, 10), crowd)
    assert path.cost == 3 and path.jumps == 1


def test_knight_makes_at_most_one_jump_in_a_move():
    assert piece_path(K.KNIGHT, W, (8, 8), (16, 12), set()) is None
    planned = piece_path(K.KNIGHT, W, (8, 8), (16, 12), set(), knight_jumps=None)
    assert (planned.cost, planned.jumps) == (6, 2)


def test_knight_cannot_land_on_an_occupied_point():
    assert piece_path(K.KNIGHT, W, (8, 8), (12, 10), {(12, 10)}) is None


def test_king_moves_only_along_its_own_goal_line():
    assert piece_path(K.KING, W, (8, 0), (5, 0), set()).cost == 3
    assert piece_path(K.KING, W, (8, 0), (8, 1), set()) is None
    assert piece_path(K.KING, W, (8, 0), (4, 0), set()) is None  # beyond the goal
    assert piece_path(K.KING, Side.BLACK, (8, 16), (11, 16), set()).cost == 3


def test_king_is_blocked_on_its_goal_line():
    assert piece_path(K.KING, W, (8, 0), (5, 0), {(7, 0)}) is None


def test_goal_mouths_are_the_kings_alone():
    assert not can_stand(K.QUEEN, W, (8, 0)) and not can_stand(K.ROOK, W, (6, 16))
    assert can_stand(K.QUEEN, W, (4, 0))
    path = piece_path(K.QUEEN, W, (4, 1), (12, 1), set())
    assert not any(is_goal_mouth(p) for p in path.points)


def test_validate_piece_path_names_the_broken_step():
    with pytest.raises(IllegalPath, match="not a rook step"):
        validate_piece_path(K.ROOK, W, [(4, 4), (5, 5)], set())
    with pytest.raises(IllegalPath, match="occupied"):
        validate_piece_path(K.ROOK, W, [(4, 4), (5, 4), (6, 4)], {(5, 4)})
    with pytest.raises(IllegalPath, match="1 or 2 steps"):
        validate_piece_path(K.PAWN, W, [(4, 4), (5, 4), (6, 4), (7, 4)], set())
    with pytest.raises(IllegalPath, match="already jumped"):
        validate_piece_path(K.KNIGHT, W, [(8, 8), (12, 10)], set(), knight_jumps=0)


# -- the ball alone ----------------------------------------------------------------------------

def test_a_pass_costs_one_mp_per_point_crossed():
    assert ball_line((4, 4), (8, 4), set()).cost == 4


def test_the_ball_stops_on_a_piece_that_is_in_its_way():
    assert ball_line((4, 4), (8, 4), {(6, 4)}) is None
    assert ball_line((4, 4), (6, 4), {(6, 4)}).cost == 2  # the piece there takes it


def test_spin_deviates_once_by_45_degrees_within_the_first_two_steps():
    path = validate_ball_line([(8, 8), (8, 9), (9, 10), (10, 11)], set())
    assert path.cost == 3
    validate_ball_line([(8, 8), (8, 9), (8, 10), (9, 11), (10, 12)], set())
    with pytest.raises(IllegalPath, match="first 2 steps"):
        validate_ball_line([(8, 8), (8, 9), (8, 10), (8, 11), (9, 12)], set())
    with pytest.raises(IllegalPath, match="45"):
        validate_ball_line([(8, 8), (8, 9), (9, 9)], set())
    with pytest.raises(IllegalPath, match="only once"):
        validate_ball_line([(8, 8), (8, 9), (9, 10), (9, 11)], set())


def test_ball_line_finds_a_spin_around_a_blocker():
    path = ball_line((8, 8), (10, 14), {(8, 10)})
    assert path is not None and path.cost == 6


def test_a_ball_reaching_the_end_line_stops_there():
    with pytest.raises(IllegalPath, match="end line"):
        validate_ball_line([(3, 2), (2, 1), (1, 0), (0, 0)], set())


# -- a piece with the ball ---------------------------------------------------------------------

def test_a_piece_standing_still_turning_the_ball_pays_each_ball_step():
    dr = dribble_path(K.ROOK, W, (8, 8), (8, 9), (8, 8), (8, 7), set())
    assert dr.cost == 2  # half way round the 8 points around it: 2 ball steps
    assert all(piece == (8, 8) for piece, _ in dr.ticks)
    blocked_side = {(9, 8), (9, 9), (9, 7)}
    assert dribble_path(K.ROOK, W, (8, 8), (8, 9), (8, 8), (8, 7), blocked_side).cost == 2  # the other way


def test_dribble_cost_counts_ticks_and_keeps_the_ball_next_to_the_piece():
    dr = dribble_path(K.ROOK, W, (8, 4), (8, 5), (8, 10), (8, 11), set())
    assert dr.cost == 6
    for piece, ball in dr.ticks:
        assert chebyshev(piece, ball) == 1


def test_knight_jump_with_the_ball_costs_3_mp():
    dr = dribble_path(K.KNIGHT, W, (8, 8), (8, 9), (12, 10), (12, 11), set())
    assert (dr.cost, dr.jumps) == (3, 1)
    assert dribble_path(K.KNIGHT, W, (8, 8), (8, 9), (12, 10), (12, 11), set(), knight_jumps=0) is None


def test_dribble_may_not_put_the_ball_on_an_end_line():
    with pytest.raises(IllegalPath, match="end line"):
        validate_dribble(K.ROOK, W, (4, 2), (4, 1), [((4, 2), (4, 0))], set())


def test_dribble_ball_must_stay_next_to_the_piece():
    with pytest.raises(IllegalPath, match="next to"):
        validate_dribble(K.ROOK, W, (4, 4), (4, 5), [((4, 4), (4, 6))], set())


def test_dribble_search_respects_the_mp_left():
    assert dribble_path(K.ROOK, W, (8, 4), (8, 5), (8, 10), (8, 11), set(), max_cost=5) is None


# -- properties --------------------------------------------------------------------------------

points = st.tuples(st.integers(0, 16), st.integers(0, 16))
step_kinds = st.sampled_from([K.QUEEN, K.ROOK, K.BISHOP, K.PAWN])


@settings(max_examples=150, deadline=None)
@given(kind=step_kinds, start=points, goal=points, blockers=st.sets(points, max_size=40))
def test_step_piece_path_cost_is_never_less_than_chebyshev_and_each_step_is_legal(kind, start, goal, blockers):
    blockers.discard(start)
    if not can_stand(kind, W, start):
        return
    path = piece_path(kind, W, start, goal, blockers)
    if path is None:
        return
    assert path.cost >= chebyshev(start, goal)
    assert path.points[0] == start and path.points[-1] == goal
    if path.cost:
        assert validate_piece_path(kind, W, list(path.points), blockers).cost == path.cost
    for a, b in zip(path.points, path.points[1:]):
        assert is_step(kind, W, a, b) and b not in blockers


@settings(max_examples=150, deadline=None)
@given(start=points, goal=points)
def test_queen_on_open_board_pays_exactly_chebyshev(start, goal):
    if not (can_stand(K.QUEEN, W, start) and can_stand(K.QUEEN, W, goal)):
        return
    path = piece_path(K.QUEEN, W, start, goal, set())
    assert path.cost == chebyshev(start, goal)


@settings(max_examples=150, deadline=None)
@given(start=points, goal=points, occupied=st.sets(points, max_size=20))
def test_a_found_ball_line_validates_and_costs_at_least_chebyshev(start, goal, occupied):
    occupied.discard(start)
    path = ball_line(start, goal, occupied)
    if path is None or path.cost == 0:
        return
    assert path.cost >= chebyshev(start, goal)
    assert validate_ball_line(list(path.points), occupied).cost == path.cost


@settings(max_examples=40, deadline=None)
@given(kind=step_kinds, piece=points, offset=st.sampled_from([(1, 0), (0, 1), (-1, 1), (1, -1)]),
       goal=points, blockers=st.sets(points, max_size=15))
def test_a_found_dribble_validates_tick_by_tick(kind, piece, offset, goal, blockers):
    ball = (piece[0] + offset[0], piece[1] + offset[1])
    if not can_stand(kind, W, piece) or not (0 < ball[1] < 16 and 0 <= ball[0] <= 16):
        return
    blockers -= {piece, ball}
    dr = dribble_path(kind, W, piece, ball, None, goal, blockers, max_cost=12)
    if dr is None:
        return
    assert dr.cost >= chebyshev(ball, goal)
    again = validate_dribble(kind, W, piece, ball, list(dr.ticks), blockers)
    assert again.cost == dr.cost and again.ball_end == goal


# -- independent oracles -----------------------------------------------------------------------

def _oracle_ball_cost(start, goal, occupied, spin_window=2):
    """Walk every line shape from start and keep the shortest that arrives on goal."""
    from companion.chessball.lattice import DIRECTIONS, in_bounds, is_end_line, turn

    best = None
    for d in DIRECTIONS:
        for k in range(1, spin_window + 1):
            for d2 in (d, turn(d, 1), turn(d, -1)):
                p, n = start, 0
                while True:
                    step = d if n < k else d2
                    p = (p[0] + step[0], p[1] + step[1])
                    n += 1
                    if not in_bounds(p):
                        break
                    if p == goal:
                        best = n if best is None else min(best, n)
                        break
                    if p in occupied or is_end_line(p):
                        break
    return best


def _oracle_step_cost(kind, start, goal, blocked):
    from collections import deque

    from companion.chessball.pieces import STEPS

    seen = {start: 0}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        for dx, dy in STEPS[kind]:
            q = (p[0] + dx, p[1] + dy)
            if 0 <= q[0] <= 16 and 0 <= q[1] <= 16 and q not in blocked and q not in seen and can_stand(kind, W, q):
                seen[q] = seen[p] + 1
                queue.append(q)
    return seen.get(goal)


@settings(max_examples=200, deadline=None)
@given(start=points, goal=points, occupied=st.sets(points, max_size=25))
def test_ball_line_cost_matches_an_exhaustive_walk(start, goal, occupied):
    occupied.discard(start)
    if start == goal:
        return
    found = ball_line(start, goal, occupied)
    assert (found.cost if found else None) == _oracle_ball_cost(start, goal, occupied)


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from([K.QUEEN, K.ROOK, K.BISHOP]), start=points, goal=points,
       blockers=st.sets(points, max_size=60))
def test_piece_path_cost_matches_a_plain_bfs(kind, start, goal, blockers):
    blockers.discard(start)
    if not can_stand(kind, W, start) or start == goal:
        return
    found = piece_path(kind, W, start, goal, blockers)
    assert (found.cost if found else None) == _oracle_step_cost(kind, start, goal, blockers)
