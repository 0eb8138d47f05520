"""Scacchi di Clupso (RULES.md section 5): hand-counted positions, one test per rule."""

from __future__ import annotations

import pytest

from companion.rules import Color, IllegalMove, PositionError, Termination, get_variant, perft

CLUPSO = get_variant("clupso")


def moves(fen: str, origin: str | None = None, variant=CLUPSO) -> set[str]:
    pos = variant.from_fen(fen)
    return {str(m) for m in pos.legal_moves() if origin is None or m.origin == origin}


def test_the_setup_has_no_kings_and_white_on_the_high_ranks_moves_first() -> None:
    pos = CLUPSO.start_position()
    assert pos.fen() == "RNBQ1BNR/MMMMMMMM/2MMMM2/8/8/2mmmm2/mmmmmmmm/rnbq1bnr w 1"
    assert pos.turn is Color.WHITE and pos.piece_at("d8").symbol == "Q"
    assert pos.piece_at("e8") is None and pos.piece_at("e1") is None
    # Hand count: men a6 b6 g6 h6 and e7-e8 back into the empty cell; c5 d5 e5 f5, b6, g6;
    # knights a6, h6; the Queen d8-e8.
    assert moves(pos.fen()) == {"a7a6", "b7b6", "g7g6", "h7h6", "e7e8", "c6c5", "d6d5", "e6e5",
                                "f6f5", "c6b6", "f6g6", "b8a6", "g8h6", "d8e8"}


def test_start_perft_counts() -> None:
    pos = CLUPSO.start_position()
    assert [perft(pos, d) for d in (1, 2, 3)] == [14, 196, 3513]


def test_a_king_letter_is_not_a_clupso_piece() -> None:
    with pytest.raises(PositionError, match="unknown piece letter 'K'"):
        CLUPSO.from_fen("K7/8/8/8/8/8/M7/7m w 1")


def test_capturing_is_never_compulsory() -> None:
    assert {"a2a3", "a2c4"} <= moves("8/8/8/8/8/1r6/M7/7m w 1", "a2")


def test_a_man_on_its_promotion_rank_may_become_a_captured_piece_of_its_own() -> None:
    # White keeps its Queen and one Rook: a Rook, a Bishop or a Knight may come back.
    assert moves("QR6/8/8/8/8/8/M7/7m w 1", "a2") == {"a2a1", "a2a1=R", "a2a1=B", "a2a1=N",
                                                      "a2a3", "a2b2"}
    pos = CLUPSO.from_fen("QR6/8/8/8/8/8/M7/7m w 1")
    pos.push("a2a1=B")
    assert pos.piece_at("a1").symbol == "B"


def test_no_promotion_when_no_piece_of_that_side_was_captured() -> None:
    fen = "RNBQ1BNR/8/8/8/8/8/M7/7m w 1"
    assert moves(fen, "a2") == {"a2a1", "a2a3", "a2b2"}
    with pytest.raises(IllegalMove, match="no captured queen to bring back"):
        CLUPSO.from_fen(fen).parse_move("a2a1=Q")


def test_promotion_happens_where_a_chain_ends_not_where_it_passes() -> None:
    fen = "8/8/8/8/8/4M3/1m1m4/8 w 1"
    assert moves(fen, "e3") == {"e3e4", "e3d3", "e3f3", "e3e2", "e3c1", "e3c1=Q", "e3c1=R",
                                "e3c1=B", "e3c1=N", "e3c1a3"}
    with pytest.raises(IllegalMove, match="a3 is not on it"):
        CLUPSO.from_fen(fen).parse_move("e3c1a3=Q")


def test_black_promotes_on_rank_eight() -> None:
    assert moves("8/m7/8/8/8/8/8/M7 b 1", "a7") >= {"a7a8", "a7a8=Q", "a7a8=N"}


def test_the_game_ends_when_one_player_has_captured_all_the_opponents_pieces() -> None:
    # RULES.md section 5: "all the opponent's pieces, chess pieces and men alike".
    pos = CLUPSO.from_fen("8/8/8/8/8/1m6/M7/8 w 1")
    pos.push("a2c4")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination is Termination.ALL_PIECES_CAPTURED
    assert outcome.winner is Color.WHITE and pos.legal_moves() == []
    assert outcome.words() == "white all_pieces_captured"


def test_a_side_left_with_its_queen_and_no_men_plays_on() -> None:
    pos = CLUPSO.from_fen("8/8/8/8/8/1m6/M7/3q4 w 1")
    pos.push("a2c4")  # Black's last man is taken; its Queen is still on the board
    assert pos.outcome() is None
    assert {m.origin for m in pos.legal_moves()} == {"d1"}
    pos.push("d1d8")
    assert pos.outcome() is None
    pos = CLUPSO.from_fen("8/8/8/8/8/8/M7/7m w 1")
    pos.push("a2a1=Q")  # White's last man promotes: White still has a piece
    assert pos.outcome() is None and pos.turn is Color.BLACK


def test_option_clupso_end_men_ends_the_game_when_a_side_has_no_men() -> None:
    men = get_variant("clupso", {"clupso_end": "men"})
    pos = men.from_fen("8/8/8/8/8/1m6/M7/3q4 w 1")
    pos.push("a2c4")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination is Termination.MEN_CAPTURED
    assert outcome.winner is Color.WHITE and pos.legal_moves() == []


def test_option_clupso_end_men_ends_the_game_even_if_the_last_man_has_just_promoted() -> None:
    pos = get_variant("clupso", {"clupso_end": "men"}).from_fen("8/8/8/8/8/8/M7/7m w 1")
    pos.push("a2a1=Q")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is Color.BLACK
    assert outcome.termination is Termination.MEN_CAPTURED


def test_option_clupso_end_takes_all_or_men_only() -> None:
    assert get_variant("clupso").options["clupso_end"] == "all"
    with pytest.raises(ValueError, match=r"clupso_end is one of \['all', 'men'\]"):
        get_variant("clupso", {"clupso_end": "kings"})


def test_taking_the_last_man_wins_even_when_the_taker_has_no_man_left() -> None:
    pos = CLUPSO.from_fen("8/8/8/8/8/2M5/1m6/8 w 1")
    pos.push("c3a1=Q")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is Color.WHITE


def test_a_side_with_pieces_but_no_move_draws() -> None:
    outcome = CLUPSO.from_fen("Mr6/mm6/2m5/8/8/8/8/8 w 1").outcome()
    assert outcome is not None and outcome.termination is Termination.STALEMATE
    assert outcome.winner is None


def test_draw_by_agreement_is_a_referee_action_recorded_in_the_string() -> None:
    pos = CLUPSO.start_position()
    drawn = pos.agree_draw()
    assert drawn.fen() == pos.fen() + " draw" and pos.outcome() is None
    outcome = drawn.outcome()
    assert outcome is not None and outcome.termination is Termination.DRAW_AGREED
    assert drawn.legal_moves() == [] and CLUPSO.from_fen(drawn.fen()).fen() == drawn.fen()
    with pytest.raises(ValueError, match="already over"):
        drawn.agree_draw()


def test_compulsory_promotion_is_a_rule_option() -> None:
    forced = get_variant("clupso", {"promotion_optional": False})
    assert "a2a1" not in moves("QR6/8/8/8/8/8/M7/7m w 1", "a2", forced)
    assert "a2a1" in moves("RNBQ1BNR/8/8/8/8/8/M7/7m w 1", "a2", forced)  # nothing to become


@pytest.mark.parametrize("fen,words", [
    ("8/8/8/8/8/8/M7/7m w 1 drawn", "the fourth field can only be 'draw'"),
    ("8/8/8/8/8/8/M7/7m w", None),
    ("8/8/8/8/8/8/M7/7m w x", "move number"),
])
def test_position_strings(fen, words) -> None:
    if words is None:
        assert CLUPSO.from_fen(fen).fen() == fen + " 1"
    else:
        with pytest.raises(PositionError, match=words):
            CLUPSO.from_fen(fen)
