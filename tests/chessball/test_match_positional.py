"""The match reducer in positional mode: kick-off, moves with costs, the ball, shots, possession."""

from typing import Any

import pytest

from companion.chessball.match import IllegalEvent, Match, replay
from companion.chessball.options import ParryUnit, RuleOptions
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import MatchState, Mode, Phase, Piece

from .conftest import roll

W, B = Side.WHITE, Side.BLACK

KICKOFF_PIECES = [
    {"side": "white", "piece": "king", "at": [8, 0]}, {"side": "white", "piece": "rook", "at": [8, 7]},
    {"side": "white", "piece": "bishop", "at": [3, 3]}, {"side": "white", "piece": "knight", "at": [12, 4]},
    {"side": "black", "piece": "king", "at": [8, 16]}, {"side": "black", "piece": "rook", "at": [8, 12]},
    {"side": "black", "piece": "bishop", "at": [3, 13]}, {"side": "black", "piece": "knight", "at": [12, 12]},
]


def kicked_off(white=(6, 6, 6), black=(6, 6, 6), options: RuleOptions | None = None) -> Match:
    m = Match(Mode.POSITIONAL, options)
    m.apply({"kind": "kickoff", "pieces": KICKOFF_PIECES})
    m.apply(roll("white", list(white)))
    m.apply(roll("black", list(black)))
    return m


def position(pieces: dict[tuple[int, int], str], ball: tuple[int, int] | None, *, to_move: Side = W,
             mp: int = 18, holder_at: tuple[int, int] | None = None,
             options: RuleOptions | None = None) -> Match:
    """A match in the middle of turn 1 with the given position ('wR' = white rook...)."""
    kinds = {"K": PieceKind.KING, "Q": PieceKind.QUEEN, "R": PieceKind.ROOK, "B": PieceKind.BISHOP,
             "N": PieceKind.KNIGHT, "P": PieceKind.PAWN}
    board = {}
    for i, (at, code) in enumerate(pieces.items(), start=1):
        board[at] = Piece(i, W if code[0] == "w" else B, kinds[code[1]])
    state = MatchState(mode=Mode.POSITIONAL, options=options or RuleOptions(), phase=Phase.MOVES,
                       first_mover=to_move, movement_points={W: mp, B: mp},
                       rolls={W: (6, 6, 6), B: (6, 6, 6)}, board=board, ball=ball,
                       next_uid=len(board) + 1, kickoff_turn=False)
    if holder_at is not None:
        state.holder = board[holder_at].uid
    m = Match(Mode.POSITIONAL)
    m.state = state
    return m


KINGS = {(8, 0): "wK", (8, 16): "bK"}


# -- kick-off ----------------------------------------------------------------------------------

def test_kickoff_places_both_teams_and_the_ball_on_the_centre():
    m = Match(Mode.POSITIONAL)
    m.apply({"kind": "kickoff", "pieces": KICKOFF_PIECES})
    assert m.state.ball == (8, 8) and len(m.state.board) == 8 and m.state.phase is Phase.ROLLS


def _kickoff_with(change: dict[str, Any], index: int) -> None:
    pieces = [dict(p) for p in KICKOFF_PIECES]
    pieces[index].update(change)
    Match(Mode.POSITIONAL).apply({"kind": "kickoff", "pieces": pieces})


def test_kickoff_king_starts_on_the_centre_of_its_goal_line():
    with pytest.raises(IllegalEvent, match="centre of its goal line, 8,0"):
        _kickoff_with({"at": [7, 0]}, 0)


def test_kickoff_pieces_stand_in_their_own_half():
    with pytest.raises(IllegalEvent, match="not in white's half"):
        _kickoff_with({"at": [3, 10]}, 2)


def test_kickoff_side_needs_a_piece_next_to_the_ball():
    with pytest.raises(IllegalEvent, match="needs a piece next to the ball"):
        _kickoff_with({"at": [8, 5]}, 1)


def test_kickoff_the_other_side_may_not_stand_next_to_the_ball():
    with pytest.raises(IllegalEvent, match="black may not stand next to the ball"):
        _kickoff_with({"at": [9, 9]}, 5)


def test_kickoff_needs_exactly_the_lineup():
    pieces = KICKOFF_PIECES[:-1] + [{"side": "black", "piece": "queen", "at": [12, 12]}]
    with pytest.raises(IllegalEvent, match="black must place exactly"):
        Match(Mode.POSITIONAL).apply({"kind": "kickoff", "pieces": pieces})


def test_kickoff_in_counting_mode_has_no_pieces():
    with pytest.raises(IllegalEvent, match="unknown field"):
        Match(Mode.COUNTING).apply({"kind": "kickoff", "pieces": KICKOFF_PIECES})


# -- moves -------------------------------------------------------------------------------------

def test_a_move_pays_its_cheapest_path_and_the_journal_gets_the_path():
    m = kicked_off()
    normalised = m.apply({"kind": "move", "side": "white", "from": [3, 3], "to": [7, 7]})
    assert m.state.movement_points[W] == 14
    assert normalised["path"][-1] == [7, 7] and len(normalised["path"]) == 4
    assert m.state.board[(7, 7)].kind is PieceKind.BISHOP


def test_a_move_with_a_given_path_is_checked_step_by_step():
    m = kicked_off()
    with pytest.raises(IllegalEvent, match="not a bishop step"):
        m.apply({"kind": "move", "side": "white", "from": [3, 3], "to": [5, 4], "path": [[4, 4], [5, 4]]})


def test_a_move_costing_more_than_the_mp_left_is_refused():
    m = kicked_off(white=(1, 1, 1))
    with pytest.raises(IllegalEvent, match="costs 4 MP but white has 3 MP left"):
        m.apply({"kind": "move", "side": "white", "from": [3, 3], "to": [7, 7]})


def test_a_piece_may_not_end_on_the_ball():
    m = kicked_off()
    with pytest.raises(IllegalEvent, match="occupied by the ball"):
        m.apply({"kind": "move", "side": "white", "from": [8, 7], "to": [8, 8]})


def test_moving_an_opponents_piece_is_refused():
    m = kicked_off()
    with pytest.raises(IllegalEvent, match="black's, not white's"):
        m.apply({"kind": "move", "side": "white", "from": [8, 12], "to": [8, 13]})


def test_the_knight_jumps_once_per_turn():
    m = kicked_off()
    m.apply({"kind": "move", "side": "white", "from": [12, 4], "to": [8, 6]})
    m.apply({"kind": "pass_move", "side": "black"})
    with pytest.raises(IllegalEvent, match="already jumped this turn"):
        m.apply({"kind": "move", "side": "white", "from": [8, 6], "to": [12, 8]})


def test_the_king_keeps_to_its_goal_line():
    m = kicked_off()
    with pytest.raises(IllegalEvent, match="only along its own goal line"):
        m.apply({"kind": "move", "side": "white", "from": [8, 0], "to": [8, 1]})
    m.apply({"kind": "move", "side": "white", "from": [8, 0], "to": [11, 0]})
    assert m.state.movement_points[W] == 15


# -- the ball ----------------------------------------------------------------------------------

def test_dribble_moves_piece_and_ball_paying_each_tick():
    m = kicked_off()
    m.apply({"kind": "dribble", "side": "white", "from": [8, 7], "to": [8, 9], "ball_to": [8, 10]})
    s = m.state
    assert s.ball == (8, 10) and (8, 9) in s.board and s.movement_points[W] == 16
    assert s.holder == s.board[(8, 9)].uid


def test_a_pass_stopping_next_to_a_piece_gives_it_the_ball():
    m = position({**KINGS, (6, 6): "wR", (6, 11): "wB", (12, 12): "bN"}, ball=(6, 7))
    m.apply({"kind": "kick", "side": "white", "to": [6, 10]})
    s = m.state
    assert s.ball == (6, 10) and s.holder == s.board[(6, 11)].uid and s.movement_points[W] == 15


def test_a_throw_stopping_next_to_no_piece_is_loose():
    m = position({**KINGS, (6, 6): "wR", (12, 12): "bN"}, ball=(6, 7))
    m.apply({"kind": "kick", "side": "white", "to": [6, 12]})
    assert m.state.ball == (6, 12) and m.state.holder is None


def test_the_ball_reaching_a_piece_stops_there_and_the_piece_takes_it():
    m = position({**KINGS, (6, 6): "wR", (6, 10): "bN"}, ball=(6, 7))
    with pytest.raises(IllegalEvent, match="stops at 6,10"):
        m.apply({"kind": "kick", "side": "white", "to": [6, 12], "path": [[6, 8], [6, 9], [6, 10], [6, 11], [6, 12]]})
    m.apply({"kind": "kick", "side": "white", "to": [6, 10]})
    assert m.state.holder == m.state.board[(6, 10)].uid


def test_the_ball_may_be_played_only_by_a_side_with_a_piece_next_to_it():
    m = position({**KINGS, (6, 4): "wR", (12, 12): "bN"}, ball=(6, 7))
    with pytest.raises(IllegalEvent, match="no piece next to the ball"):
        m.apply({"kind": "kick", "side": "white", "to": [6, 10]})


def test_a_ball_held_by_the_opponent_must_be_won_with_a_tackle():
    m = position({**KINGS, (6, 6): "wR", (6, 8): "bN"}, ball=(6, 7), holder_at=(6, 8))
    with pytest.raises(IllegalEvent, match="win it with a tackle"):
        m.apply({"kind": "kick", "side": "white", "to": [10, 7]})
    m.apply({"kind": "tackle", "side": "white", "throws": [{"white": [6, 6, 1], "black": [2, 2, 2]}]})
    assert m.state.holder == m.state.board[(6, 6)].uid and m.state.movement_points[W] == 18
    m.apply({"kind": "pass_move", "side": "black"})
    m.apply({"kind": "kick", "side": "white", "to": [10, 7]})
    assert m.state.ball == (10, 7)


def test_a_tackle_needs_pieces_of_both_colours_next_to_the_ball():
    m = position({**KINGS, (6, 6): "wR", (6, 10): "bN"}, ball=(6, 7))
    with pytest.raises(IllegalEvent, match="needs a black piece next to the ball"):
        m.apply({"kind": "tackle", "side": "white", "throws": [{"white": [6, 6, 1], "black": [2, 2, 2]}]})


def test_shot_at_an_open_goal_point_is_a_goal():
    m = position({**KINGS, (8, 11): "wR"}, ball=(8, 12))
    m.apply({"kind": "kick", "side": "white", "to": [6, 16]})
    s = m.state
    assert s.score[W] == 1 and s.phase is Phase.KICKOFF and s.kickoff_side is B


def test_shot_at_the_keeper_power_14_roll_11_parries_3_half_squares_to_his_left():
    m = position({**KINGS, (8, 11): "wR"}, ball=(8, 12))
    m.apply({"kind": "kick", "side": "white", "to": [8, 16]})  # 4 steps: power 14
    assert m.state.phase is Phase.KEEPER_ROLL and m.state.pending_shot.power == 14
    m.apply({"kind": "keeper_roll", "faces": [4, 4, 3]})
    assert m.state.phase is Phase.DIRECTION_ROLL
    m.apply({"kind": "direction_roll", "face": 1})
    # Black's keeper faces down the board: his left is towards x = 16.
    assert m.state.ball == (11, 13) and m.state.side_to_move is B


def test_parry_in_whole_squares_option_goes_twice_as_far():
    m = position({**KINGS, (8, 11): "wR"}, ball=(8, 12), options=RuleOptions(parry_unit=ParryUnit.SQUARE))
    m.apply({"kind": "kick", "side": "white", "to": [8, 16]})
    m.apply({"kind": "keeper_roll", "faces": [4, 4, 5]})  # 13: parry of 1
    m.apply({"kind": "direction_roll", "face": 3})
    assert m.state.ball == (8, 14)


def test_a_save_puts_the_ball_in_front_of_the_keeper_who_holds_it():
    m = position({**KINGS, (8, 11): "wR"}, ball=(8, 12))
    m.apply({"kind": "kick", "side": "white", "to": [8, 16]})
    m.apply({"kind": "keeper_roll", "faces": [5, 5, 5]})
    s = m.state
    assert s.ball == (8, 15) and s.holder == s.board[(8, 16)].uid and s.score[W] == 0


def test_a_ball_over_the_end_line_outside_the_goal_goes_to_the_defending_king():
    m = position({**KINGS, (2, 11): "wR"}, ball=(2, 12))
    m.apply({"kind": "kick", "side": "white", "to": [2, 16]})
    assert m.state.ball == (8, 15) and m.state.holder == m.state.board[(8, 16)].uid


def test_a_substitution_puts_the_new_piece_in_the_old_ones_place_with_the_ball():
    m = position({**KINGS, (6, 6): "wR"}, ball=(6, 7), holder_at=(6, 6))
    m.apply({"kind": "substitution", "side": "white", "out": "rook", "in": "queen", "at": [6, 6]})
    s = m.state
    assert s.board[(6, 6)].kind is PieceKind.QUEEN and s.holder == s.board[(6, 6)].uid
    assert s.movement_points[W] == 13


def test_check_validates_without_applying():
    m = kicked_off()
    before = m.state.to_dict()
    normalised = m.check({"kind": "move", "side": "white", "from": [3, 3], "to": [7, 7]})
    assert normalised["path"] and m.state.to_dict() == before


def test_replaying_the_normalised_journal_gives_the_same_state():
    m = Match(Mode.POSITIONAL)
    journal = [m.apply(e) for e in (
        {"kind": "kickoff", "pieces": KICKOFF_PIECES}, roll("white", [6, 5, 4]), roll("black", [3, 3, 3]),
        {"kind": "dribble", "side": "white", "from": [8, 7], "to": [7, 10], "ball_to": [7, 11]},
        {"kind": "move", "side": "black", "from": [12, 12], "to": [8, 10]},
        {"kind": "kick", "side": "white", "to": [7, 16]},
    )]
    assert m.state.score[W] == 1
    assert replay(journal, Mode.POSITIONAL).to_dict() == m.state.to_dict()


def test_a_move_or_kick_that_goes_nowhere_is_refused():
    m = kicked_off()
    with pytest.raises(IllegalEvent, match="already on 3,3"):
        m.apply({"kind": "move", "side": "white", "from": [3, 3], "to": [3, 3]})
    with pytest.raises(IllegalEvent, match="at least one step"):
        m.apply({"kind": "kick", "side": "white", "to": [8, 8]})
