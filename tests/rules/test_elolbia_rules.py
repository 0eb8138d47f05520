"""Scacchi di Elolbia (RULES.md section 4): hand-counted positions, one test per rule."""

from __future__ import annotations

import random

import pytest

from companion.rules import Color, IllegalMove, PositionError, Termination, get_variant, perft
from companion.rules.fen import parse_board_field

ELOLBIA = get_variant("elolbia")


def moves(fen: str, origin: str | None = None) -> set[str]:
    pos = ELOLBIA.from_fen(fen)
    return {str(m) for m in pos.legal_moves() if origin is None or m.origin == origin}


def test_the_setup_is_chess_without_pawns_and_twelve_men_a_side() -> None:
    pos = ELOLBIA.start_position()
    assert pos.fen() == "rnbqkbnr/mmmmmmmm/2mmmm2/8/8/2MMMM2/MMMMMMMM/RNBQKBNR w 1"
    assert pos.piece_at("c3").kind == "man" and pos.piece_at("e1").kind == "king"
    # Hand count: knights a3, h3; men a3 b3 g3 h3 from rank 2; c4 d4 e4 f4, b3 and g3
    # sideways from rank 3.
    assert moves(pos.fen()) == {"b1a3", "g1h3", "a2a3", "b2b3", "g2g3", "h2h3", "c3c4", "d3d4",
                                "e3e4", "f3f4", "c3b3", "f3g3"}


def test_start_perft_counts() -> None:
    pos = ELOLBIA.start_position()
    assert [perft(pos, d) for d in (1, 2, 3)] == [12, 144, 2326]


def test_a_man_steps_one_cell_orthogonally_and_never_diagonally_without_a_capture() -> None:
    assert moves("4k3/8/8/8/4M3/8/8/4K3 w 1", "e4") == {"e4e5", "e4e3", "e4d4", "e4f4"}


def test_a_man_jumps_in_a_three_jump_chain_and_may_stop_after_any_jump() -> None:
    fen = "k7/q7/8/8/3b1b2/2M5/5b2/7K w 1"
    # Steps c2 c4 b3 d3; jumps d4 then f4 then f2: three chains, one per stopping point.
    assert moves(fen, "c3") == {"c3c2", "c3c4", "c3b3", "c3d3",
                                "c3e5", "c3e5g3", "c3e5g3e1"}
    assert moves(fen) - moves(fen, "c3") == {"h1g2"}  # g1 and h2 are attacked by bishops
    pos = ELOLBIA.from_fen(fen)
    move = pos.parse_move("c3e5g3e1")
    assert move.path == ("e5", "g3") and move.target == "e1"
    pos.push(move)
    assert pos.fen() == "k7/q7/8/8/8/8/8/4M2K b 1"  # every jumped piece has left the board
    pos.pop()
    assert pos.fen() == fen


def test_a_chain_may_loop_back_to_its_own_starting_cell() -> None:
    fen = "7k/8/1n1n4/8/1n1n4/2M5/8/7K w 1"
    # c3e5c7a5 is missing: it leaves Black one Knight, and the man alone on the edge a5
    # (the edge-squares rule, judged after the move).
    assert moves(fen, "c3") == {"c3c2", "c3c4", "c3b3", "c3d3",
                                "c3e5", "c3e5c7", "c3e5c7a5c3",
                                "c3a5", "c3a5c7", "c3a5c7e5", "c3a5c7e5c3"}
    pos = ELOLBIA.from_fen(fen)
    pos.push("c3e5c7a5c3")
    assert pos.fen() == "7k/8/8/8/8/2M5/8/7K b 1"


def test_a_piece_is_never_jumped_twice_in_one_move() -> None:
    pos = ELOLBIA.from_fen("7k/8/1n1n4/8/1n1n4/2M5/8/7K w 1")
    with pytest.raises(IllegalMove, match="the piece on d4 has already been jumped"):
        pos.parse_move("c3e5c7a5c3e5")


def test_a_man_cannot_jump_without_a_piece_to_jump_or_an_empty_cell_behind() -> None:
    pos = ELOLBIA.from_fen("7k/8/8/8/3b4/2M1n3/8/7K w 1")
    assert moves(pos.fen(), "c3") == {"c3c2", "c3c4", "c3b3", "c3d3", "c3e5"}
    with pytest.raises(IllegalMove, match="no piece on b4 to jump"):
        pos.parse_move("c3a5")
    blocked = ELOLBIA.from_fen("7k/8/8/4b3/3b4/2M5/8/7K w 1")
    with pytest.raises(IllegalMove, match="the landing cell e5 is not empty"):
        blocked.parse_move("c3e5")


def test_a_man_jumps_only_enemy_pieces() -> None:
    pos = ELOLBIA.from_fen("k7/8/8/8/3B4/2M5/8/7K w 1")
    with pytest.raises(IllegalMove, match="d4 holds your own piece"):
        pos.parse_move("c3e5")


def test_a_man_gives_check_through_a_chain() -> None:
    # c3 jumps d4 to e5, then the King on f6 to g7: Black is in check from the man.
    fen = "r7/8/5k2/8/3b4/2M5/8/4K3 b 1"
    pos = ELOLBIA.from_fen(fen)
    assert pos.is_check()
    # Every Bishop move takes away the first jump; every King move leaves the chain; no Rook
    # move helps: 8 Bishop moves + 8 King moves.
    legal = moves(fen)
    assert len(legal) == 16 and not any(m.startswith("a8") for m in legal)
    with pytest.raises(IllegalMove, match="your king is in check and this move does not get it out"):
        pos.parse_move("a8a1")


def test_a_king_may_not_step_where_a_chain_could_take_it() -> None:
    # King e7 -> e6? no chain reaches it; King f7 -> f6 would be taken by c3-e5-g7.
    fen = "8/5k2/8/8/3b4/2M5/8/4K3 b 1"
    assert "f7f6" not in moves(fen) and "f7e6" in moves(fen)


def test_the_side_that_has_moved_may_not_be_left_in_check_by_a_man() -> None:
    with pytest.raises(PositionError, match=r"side not to move \(black\) is in check"):
        ELOLBIA.from_fen("8/8/5k2/8/3b4/2M5/8/4K3 w 1")


def test_a_king_on_the_edge_cannot_be_jumped() -> None:
    pos = ELOLBIA.from_fen("4k3/3M4/8/8/8/8/8/4K3 b 1")
    assert not pos.is_check()


def test_checkmate_ends_the_game_for_the_side_to_move() -> None:
    outcome = ELOLBIA.from_fen("k7/1Q6/1K6/8/8/8/8/8 b 1").outcome()
    assert outcome is not None and outcome.termination is Termination.CHECKMATE
    assert outcome.winner is Color.WHITE


def test_stalemate_is_a_draw() -> None:
    outcome = ELOLBIA.from_fen("k7/8/1Q6/8/8/8/8/K7 b 1").outcome()
    assert outcome is not None and outcome.termination is Termination.STALEMATE
    assert outcome.winner is None and outcome.result() == "1/2-1/2"


def test_there_is_no_castling() -> None:
    pos = ELOLBIA.from_fen("4k3/8/8/8/8/8/8/4K2R w 1")
    with pytest.raises(IllegalMove, match="there is no castling in Elolbia"):
        pos.parse_move("e1g1")


def test_men_never_promote() -> None:
    pos = ELOLBIA.from_fen("kr6/4M3/8/8/8/8/8/7K w 1")
    pos.push("e7e8")
    assert pos.piece_at("e8").kind == "man"


def test_edge_rule_bars_a_move_that_puts_over_half_the_men_on_edges() -> None:
    # Black has no Queen, no Rook, no Knight: White's men are held off the edges.
    fen = "4k3/8/8/8/8/8/M7/7K w 1"
    assert moves(fen) == {"a2b2"}
    pos = ELOLBIA.from_fen(fen)
    with pytest.raises(IllegalMove, match="edge-squares rule"):
        pos.parse_move("a2a3")
    free = get_variant("elolbia", {"edge_rule": False}).from_fen(fen)
    assert len(free.legal_moves()) == 6


def test_edge_rule_gives_way_when_no_other_move_exists() -> None:
    # The Bishop on b2 keeps the man on the edge: every move breaks the rule, so all are legal.
    assert moves("4k3/8/8/8/8/8/Mb6/7K w 1") == {"h1g1", "h1g2", "h1h2", "a2a1", "a2a3"}


def test_edge_rule_allows_exactly_half_of_the_men_on_edges() -> None:
    assert "a4a5" in moves("4k3/8/8/8/M2M4/8/8/7K w 1")


def test_edge_rule_holds_while_the_opponent_keeps_a_rook_or_two_knights() -> None:
    assert "a2a3" in moves("r3k3/8/8/8/8/8/M7/7K w 1")
    assert "a2a3" in moves("4k1nn/8/8/8/8/8/M7/7K w 1")
    assert "a2a3" not in moves("4k2n/8/8/8/8/8/M7/7K w 1")


def test_agreed_queen_replacement_puts_a_queen_on_one_of_three_men() -> None:
    pos = ELOLBIA.from_fen("4k3/mmmmm3/8/8/8/8/MMMMMB2/4K3 w 3")
    new = pos.agreed_queen_replacement({Color.WHITE: (["a2", "b2", "c2"], "c2"),
                                        Color.BLACK: (["c7", "d7", "e7"], "d7")})
    assert new.fen() == "4k3/mm1q4/8/8/8/8/2QMMB2/4K3 w 3"
    assert pos.fen() == "4k3/mmmmm3/8/8/8/8/MMMMMB2/4K3 w 3"  # the original is untouched


@pytest.mark.parametrize("fen,words", [
    ("4k3/mmmmm3/8/8/8/8/MMMMMR2/4K3 w 1", "there is a rook on f2"),
    ("4k3/mmmm4/8/8/8/8/MMMMM3/4K3 w 1", "black has 4 men"),
])
def test_agreed_queen_replacement_needs_only_kings_bishops_and_over_four_men(fen, words) -> None:
    pos = ELOLBIA.from_fen(fen)
    assert words in (pos.queen_replacement_allowed() or "")
    with pytest.raises(ValueError, match=words):
        pos.agreed_queen_replacement({Color.WHITE: (["a2", "b2", "c2"], "a2")})


@pytest.mark.parametrize("men,queen,words", [
    (["a2", "b2"], "a2", "name 3 different men"),
    (["a2", "b2", "c2"], "d2", "the Queen stands on one of the men's cells"),
    (["a2", "b2", "a7"], "a2", "no white man on a7"),
])
def test_agreed_queen_replacement_refuses_a_wrong_choice(men, queen, words) -> None:
    pos = ELOLBIA.from_fen("4k3/mmmmm3/8/8/8/8/MMMMM3/4K3 w 1")
    with pytest.raises(ValueError, match=words):
        pos.agreed_queen_replacement({Color.WHITE: (men, queen)})


@pytest.mark.parametrize("fen,words", [
    ("rnbqkbnr/8/8/8/8/8/8/RNBQ1BNR w 1", "white has 0 Kings"),
    ("4k3/8/8/8/8/8/8/4K3 x 1", "side to move"),
    ("4k3/8/8/8/8/8/8/4K3 w 0", "move number"),
    ("4k3/8/8/8/8/8/8/4K3 w 1 -", "got 4 fields"),
    ("4k3/8/8/8/8/8/8/4KP2 w 1", "unknown piece letter 'P'"),
])
def test_bad_position_strings_say_what_and_where(fen, words) -> None:
    with pytest.raises(PositionError, match=words):
        ELOLBIA.from_fen(fen)


@pytest.mark.parametrize("seed", range(30))
def test_man_attacks_agree_with_walking_every_chain(seed: int) -> None:
    """The quick test for "could a man take this piece" against listing every chain."""
    rng = random.Random(seed)
    cells = rng.sample(range(64), 26)
    rows = [["."] * 8 for _ in range(8)]
    for i, cell in enumerate(cells):
        letter = "M" if i % 2 else rng.choice("QRBNM")
        rows[cell // 8][cell % 8] = letter if rng.random() < 0.5 else letter.lower()
    board = "/".join("".join(r) for r in reversed(rows))
    for n in range(8, 0, -1):
        board = board.replace("." * n, str(n))
    pos = ELOLBIA.from_fen("4k3/8/8/8/8/8/8/4K3 w 1")
    pos.board = [0] * 64
    pos.pieces = [set(), set()]
    pos.royals = [set(), set()]
    for cell, code in parse_board_field(ELOLBIA, board, 0):
        pos.put(cell, code)
    man = ELOLBIA.man_code
    for by in (0, 1):
        taken: set[int] = set()
        for c in list(pos.pieces[by]):
            if pos.board[c] == man[by]:
                for _lands, jumped in pos._chains(c):
                    taken.update(jumped)
        for cell in pos.pieces[by ^ 1]:
            assert pos._men_attack(cell, by) == (cell in taken), ELOLBIA.geometry.name(cell)


# RULES.md section 4: "each side may replace 3 of its men with a Queen [...] (the seed also says
# "3 delle 4": option queen_replacement_men = 4 lowers the minimum to 4 men)".
FOUR_MEN = "4k3/mmmm4/8/8/8/8/MMMM4/4K3 w 1"


def test_the_queen_replacement_needs_more_than_four_men_a_side_by_default() -> None:
    reason = get_variant("elolbia").from_fen(FOUR_MEN).queen_replacement_allowed()
    assert reason is not None and reason.code == "queen.few_men"
    assert reason.params == {"side": "white", "n": 4, "min": 5}


def test_option_queen_replacement_men_4_lowers_the_minimum_to_four_men() -> None:
    four = get_variant("elolbia", {"queen_replacement_men": 4})
    pos = four.from_fen(FOUR_MEN)
    assert pos.queen_replacement_allowed() is None
    new = pos.agreed_queen_replacement({Color.WHITE: (["a2", "b2", "c2"], "b2"),
                                        Color.BLACK: (["a7", "b7", "c7"], "c7")})
    assert new.fen() == "4k3/2qm4/8/8/8/8/1Q1M4/4K3 w 1"
    reason = four.from_fen("4k3/mmm5/8/8/8/8/MMMM4/4K3 w 1").queen_replacement_allowed()
    assert reason is not None and reason.params["min"] == 4 and reason.params["side"] == "black"
