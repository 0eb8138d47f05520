"""Scacchi Magici's rules of play (RULES.md section 3): chess, with Pawns that turn round."""

from __future__ import annotations

import pytest

from companion.rules import Color, IllegalMove, PositionError, Termination, get_variant


def pos_of(fen: str):
    return get_variant("magici").from_fen(fen)


def moves(pos) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


def test_any_chess_fen_is_a_magici_position_with_pawns_forward() -> None:
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    pos = pos_of(fen)
    assert pos.fen() == fen
    assert all(pos.piece_at(f"{f}2").state == "" for f in "abcdefgh")


def test_a_pawn_reaching_the_far_rank_is_not_promoted_it_turns_round() -> None:
    pos = pos_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    pos.push("a7a8")
    piece = pos.piece_at("a8")
    assert (piece.kind, piece.state, piece.symbol) == ("pawn", "turned", "P")
    assert pos.fen() == "P3k3/8/8/8/8/8/8/4K3 b - - 0 1 a8:b"
    pos.push("e8d8")
    assert "a8a7" in moves(pos)


def test_a_turned_pawn_moves_and_captures_back_towards_its_own_side() -> None:
    pos = pos_of("4k3/8/8/8/3P4/2n1n3/8/4K3 w - - 0 1 d4:b")
    assert {m for m in moves(pos) if m.startswith("d4")} == {"d4d3", "d4c3", "d4e3"}


def test_a_turned_pawn_does_not_attack_forward() -> None:
    # A forward white Pawn on d7 would give check to e8; a turned one does not.
    assert not pos_of("4k3/3P4/8/8/8/8/8/4K3 b - - 0 1 d7:b").is_check()
    assert pos_of("4k3/3P4/8/8/8/8/8/4K3 b - - 0 1").is_check()


def test_a_turned_pawn_turns_again_at_its_own_first_rank() -> None:
    pos = pos_of("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1 b2:b")
    pos.push("b2b1")
    assert pos.piece_at("b1").state == "returned"
    assert pos.fen().endswith("b1:r")
    pos.push("e8d8")
    assert "b1b2" in moves(pos)


def test_a_pawn_double_steps_only_on_its_first_move_from_its_starting_square() -> None:
    returned = pos_of("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 e2:r")
    assert {m for m in moves(returned) if m.startswith("e2")} == {"e2e3"}
    fresh = pos_of("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    assert {m for m in moves(fresh) if m.startswith("e2")} == {"e2e3", "e2e4"}


def test_black_pawns_turn_at_rank_one() -> None:
    pos = pos_of("4k3/8/8/8/8/8/p7/4K3 b - - 0 1")
    pos.push("a2a1")
    assert pos.piece_at("a1").state == "turned"
    assert pos.fen() == "4k3/8/8/8/8/8/8/p3K3 w - - 0 2 a1:b"


def test_a_turned_pawn_may_capture_en_passant() -> None:
    pos = pos_of("4k3/3Pp3/8/8/8/8/8/4K3 b - - 0 1 d7:b")
    pos.push("e7e5")
    assert pos.fen() == "4k3/3P4/8/4p3/8/8/8/4K3 w - e6 0 2 d7:b"
    pos.push("d7e6")
    assert pos.piece_at("e5") is None and pos.piece_at("e6").state == "turned"


def test_checkmate_ends_the_game_with_a_winner() -> None:
    pos = get_variant("magici").start_position()
    for text in ("f2f3", "e7e5", "g2g4", "d8h4"):
        pos.push(text)
    outcome = pos.outcome()
    assert outcome.termination == Termination.CHECKMATE and outcome.winner == Color.BLACK


def test_stalemate_is_a_draw() -> None:
    outcome = pos_of("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome()
    assert outcome.termination == Termination.STALEMATE and outcome.winner is None


def test_castling_is_allowed_but_not_through_an_attacked_cell() -> None:
    pos = pos_of("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert {"e1g1", "e1c1"} <= moves(pos)
    pos.push("e1g1")
    assert pos.piece_at("f1").symbol == "R" and pos.piece_at("g1").symbol == "K"
    attacked = pos_of("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert "e1g1" not in moves(attacked)
    with pytest.raises(IllegalMove, match="attacked cell"):
        attacked.parse_move("e1g1")


@pytest.mark.parametrize("fen,text,reason", [
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e3e4", "no piece on e3"),
    ("4k3/4r3/8/8/8/8/8/3K4 w - - 0 1", "d1e1", "your king would be in check"),
    ("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3", "pinned"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e8d8", "not yours"),
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1b2", "a rook cannot move from a1 to b2"),
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "e1c1", "no longer castle"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "hello", "not a move"),
])
def test_an_illegal_move_is_refused_with_a_human_reason(fen, text, reason) -> None:
    with pytest.raises(IllegalMove, match=reason):
        pos_of(fen).parse_move(text)


@pytest.mark.parametrize("fen,words", [
    ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "must be marked h1:r"),
    ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "must be marked h8:b"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 e4:b", "no unmarked Pawn on e4"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - Hx", "'x' is not"),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "needs R on h1"),
    ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "does not follow a double step"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "white has 0 Kings"),
    ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", r"not to move \(black\) is in check"),
    ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move is 'w' or 'b'"),
    ("4k3/8/8/8/8/8/8 w - - 0 1", "8 ranks but the board field has 7"),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0", "has 6 fields"),
])
def test_a_bad_position_string_says_what_and_where(fen, words) -> None:
    with pytest.raises(PositionError, match=words):
        pos_of(fen)


def test_position_error_points_at_the_character() -> None:
    with pytest.raises(PositionError) as info:
        pos_of("4k3/8/8/8/8/8/8/4KX2 w - - 0 1")
    assert info.value.field == 1 and info.value.column == 18
    assert "character 19" in str(info.value)


def test_spells_used_live_in_the_position_string() -> None:
    fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 - Hdt"
    pos = pos_of(fen)
    assert pos.spells_used == {"H", "d", "t"} and pos.fen() == fen


def test_returned_pawn_double_step_is_a_rule_option() -> None:
    variant = get_variant("magici", options={"returned_pawn_double_step": True})
    pos = variant.from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 e2:r")
    assert {str(m) for m in pos.legal_moves() if m.origin == "e2"} == {"e2e3", "e2e4"}


def test_en_passant_by_a_turned_pawn_is_a_rule_option() -> None:
    variant = get_variant("magici", options={"turned_pawns_take_en_passant": False})
    pos = variant.from_fen("4k3/3Pp3/8/8/8/8/8/4K3 b - - 0 1 d7:b")
    pos.push("e7e5")
    assert "d7e6" not in moves(pos)


def test_when_the_time_runs_out_the_turn_passes_without_a_move() -> None:
    pos = pos_of("4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 7")
    pos.push_pass()
    assert pos.fen() == "4k3/8/8/8/4Pp2/8/8/4K3 w - - 1 8"  # the en passant chance is gone
    assert str(pos.pop()) == "0000" and pos.fen() == "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 0 7"


def test_a_team_in_check_cannot_let_the_turn_pass() -> None:
    with pytest.raises(IllegalMove, match="in check cannot let the turn pass"):
        pos_of("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").push_pass()
