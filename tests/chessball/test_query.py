"""Path questions asked of a position: cost, path and whether the side can afford it."""

from companion.chessball.pieces import PieceKind, Side
from companion.chessball.query import path_in_position
from companion.chessball.state import MatchState, Piece

W, B = Side.WHITE, Side.BLACK


def state(mp_white=18, knights_jumped=()):
    board = {(8, 7): Piece(1, W, PieceKind.ROOK), (12, 4): Piece(2, W, PieceKind.KNIGHT),
             (8, 10): Piece(3, B, PieceKind.BISHOP), (8, 0): Piece(4, W, PieceKind.KING)}
    return MatchState(board=board, ball=(8, 8), movement_points={W: mp_white, B: 10},
                      knights_jumped=set(knights_jumped))


def test_piece_path_in_position_goes_round_the_ball_and_pieces():
    a = path_in_position(state(), (8, 7), (8, 11))
    assert a.what == "piece" and a.cost == 6 and a.affordable  # round the ball and the bishop
    assert (8, 8) not in a.points and (8, 10) not in a.points


def test_path_in_position_says_when_the_mp_are_not_enough():
    a = path_in_position(state(mp_white=3), (8, 7), (8, 11))
    assert a.cost == 6 and not a.affordable


def test_knight_that_already_jumped_has_no_path():
    assert path_in_position(state(), (12, 4), (8, 6)).cost == 3
    assert path_in_position(state(knights_jumped={2}), (12, 4), (8, 6)).cost is None


def test_kick_question_from_the_ball_point_stops_at_pieces():
    a = path_in_position(state(), (8, 8), (8, 10))
    assert a.what == "ball" and a.cost == 2 and a.side is W
    assert path_in_position(state(), (8, 8), (9, 12)).cost == 4  # spin after 1 step, past the bishop
    assert path_in_position(state(), (8, 8), (8, 12)).cost is None  # one spin cannot come back to x = 8


def test_dribble_question():
    a = path_in_position(state(), (8, 7), (10, 7), ball_to=(11, 8))
    assert a.what == "dribble" and a.cost == 3 and a.ball_points[-1] == (11, 8)


def test_king_question_off_its_line_gives_the_reason():
    a = path_in_position(state(), (8, 0), (8, 1))
    assert a.cost is None and "goal line" in a.reason
