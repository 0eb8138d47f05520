"""Due Re (RULES.md section 2): setup, movement, King capture, the end, and the dice."""

from __future__ import annotations

import pytest

from companion.rules import (
    Color, IllegalMove, OptionError, PositionError, Termination, get_variant, perft,
)


def pos_of(fen: str, **options):
    return get_variant("duere", options=options or None).from_fen(fen)


def test_start_position_follows_the_setup(duere) -> None:
    pos = duere.start_position()
    expected = {"d1": "K", "e1": "K", "c1": "Q", "f1": "Q", "a1": "R", "b1": "R", "g1": "R",
                "h1": "R", "a2": "N", "b2": "N", "g2": "N", "h2": "N", "c2": "B", "d2": "B",
                "e2": "B", "f2": "B"}
    for cell, symbol in expected.items():
        assert pos.piece_at(cell).symbol == symbol
        assert pos.piece_at(cell[0] + {"1": "8", "2": "7"}[cell[1]]).symbol == symbol.lower()
    assert pos.turn == Color.WHITE  # red moves first
    assert sum(pos.piece_at(c) is not None for c in pos.geometry.cells) == 32


def test_there_is_no_check_a_king_may_step_into_attack() -> None:
    pos = pos_of("1r5k/7k/8/8/8/8/8/K6K w 1")
    assert "a1b1" in [str(m) for m in pos.legal_moves()]


def test_a_king_may_be_captured_and_the_game_goes_on() -> None:
    pos = pos_of("1r5k/7k/8/8/8/8/8/1K5K b 1")
    pos.push("b8b1")
    assert pos.outcome() is None
    assert pos.piece_at("b1").symbol == "r"


def test_capturing_both_kings_ends_the_game() -> None:
    pos = pos_of("1r5k/7k/8/8/8/8/8/1K6 b 1")
    pos.push("b8b1")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination == Termination.KINGS_CAPTURED
    assert outcome.winner == Color.BLACK
    assert pos.legal_moves() == [] and perft(pos, 1) == 0


def test_there_is_no_castling(duere) -> None:
    pos = pos_of("k6k/8/8/8/8/8/8/R3K2R w 1")
    assert not {"e1g1", "e1c1"} & {str(m) for m in pos.legal_moves()}


def test_default_die_table_follows_the_text_order(duere) -> None:
    assert duere.options["dice_table"] == {1: "king", 2: "queen", 3: "rook", 4: "bishop",
                                           5: "knight", 6: "any"}


def test_a_die_with_no_legal_move_is_lost() -> None:
    pos = get_variant("duere").start_position()  # Kings and Rooks are shut in
    analysis = pos.analyse_roll((1, 5))
    assert analysis.dice_usable == 1 and analysis.lost == (1,)
    assert all(p.dice_used == (5,) for p in analysis.plays)
    assert len(analysis.plays) == 10


def test_both_dice_lost_when_neither_can_move_passes_the_turn() -> None:
    pos = get_variant("duere").start_position()
    plays = pos.roll_plays((1, 3))
    assert [str(p) for p in plays] == ["pass"]
    pos.push_play(plays[0])
    assert pos.turn == Color.BLACK
    assert pos.pop().play == plays[0]
    assert pos.fen() == get_variant("duere").start_fen


def test_a_double_moves_two_different_pieces() -> None:
    # One Rook only: the second 3 has no other Rook to move, so it is lost.
    pos = pos_of("k6k/8/8/8/3R4/8/8/K6K w 1")
    analysis = pos.analyse_roll((3, 3))
    assert analysis.dice_usable == 1 and analysis.lost == (3,)
    two_rooks = pos_of("k6k/8/8/8/3R4/8/8/K5RK w 1")
    plays = two_rooks.roll_plays((3, 3))
    assert plays and all(len(p.steps) == 2 for p in plays)
    assert all(p.steps[0][1].target != p.steps[1][1].origin for p in plays)


def test_a_possible_move_is_compulsory_and_as_many_dice_as_possible_are_used() -> None:
    # The Knight on b1 can only go to d2 once the Rook has left it: every play is 3 then 5.
    pos = pos_of("k6k/8/8/8/8/B1B5/3R4/KN5K w 1")
    plays = pos.roll_plays((3, 5))
    assert plays and all(p.dice_used == (3, 5) for p in plays)
    assert all(str(p.steps[1][1]) == "b1d2" for p in plays)
    analysis = pos.analyse_roll((3, 5))
    assert analysis.movers == {3: ("d2",), 5: ()}
    assert analysis.pieces_per_die == {3: ("d2",), 5: ("b1",)}


def test_the_player_chooses_the_order_of_the_dice() -> None:
    pos = pos_of("k6k/8/8/8/3R4/8/8/KN5K w 1")
    plays = pos.roll_plays((3, 5))
    orders = {p.dice_used for p in plays}
    assert orders == {(3, 5), (5, 3)}
    texts = {str(p) for p in plays}
    assert {"3:d4d2 5:b1a3", "5:b1a3 3:d4d2"} <= texts
    # The Rook on d2 still lets the Knight go to a3 or c3; the Knight on d2 stops the Rook.
    assert "3:d4d1 5:b1d2" in texts and "5:b1d2 3:d4d1" not in texts


def test_a_joker_moves_any_piece_but_still_two_different_pieces() -> None:
    pos = pos_of("k6k/8/8/8/3R4/8/8/K6K w 1")
    plays = pos.roll_plays((6, 6))
    assert all(len(p.steps) == 2 for p in plays)
    assert all(p.steps[0][1].target != p.steps[1][1].origin for p in plays)
    assert any(p.steps[0][1].origin == "a1" for p in plays)  # a King moves on a joker


def test_a_play_that_takes_the_last_king_ends_after_one_die() -> None:
    pos = pos_of("1r5k/8/8/8/8/8/8/1K5N b 1")
    plays = pos.roll_plays((3, 5))
    winning = [p for p in plays if str(p) == "3:b8b1"]
    assert winning
    pos.push_play(winning[0])
    assert pos.outcome().winner == Color.BLACK


def test_dice_table_is_a_rule_option() -> None:
    swapped = {1: "knight", 2: "queen", 3: "rook", 4: "bishop", 5: "king", 6: "any"}
    pos = get_variant("duere", options={"dice_table": swapped}).start_position()
    # Knights have 2, 3, 3, 2 moves: ordered pairs of two different Knights = 10*10 - 26.
    assert len(pos.roll_plays((1, 1))) == 74
    assert pos.explain_die("a2b4", 2) == "that piece does not match the dice (a 2 moves a queen)"
    text = "1=knight,2=queen,3=rook,4=bishop,5=king,6=any"
    assert get_variant("duere", options={"dice_table": text}).options["dice_table"] == swapped


@pytest.mark.parametrize("table,words", [
    ({1: "king"}, "faces [2, 3, 4, 5, 6] have no piece"),
    ({**{i: "any" for i in range(1, 7)}, 7: "king"}, "die face 7 is not 1-6"),
    ({**{i: "any" for i in range(1, 7)}, 3: "pawn"}, "face 3 names 'pawn'"),
])
def test_a_bad_dice_table_is_refused_with_the_reason(table, words) -> None:
    with pytest.raises(OptionError, match=words.replace("[", r"\[").replace("]", r"\]")):
        get_variant("duere", options={"dice_table": table})


def test_unknown_option_is_refused() -> None:
    with pytest.raises(OptionError, match="no rule option 'castling'"):
        get_variant("duere", options={"castling": True})


def test_perft_with_a_roll_counts_ordered_plays_then_plies_without_dice() -> None:
    pos = pos_of("k6k/8/8/8/3R4/8/8/KN5K w 1")
    plays = pos.roll_plays((3, 5))
    assert perft(pos, 1, roll=(3, 5)) == len(plays)
    expected = 0
    for play in plays:
        after = pos.copy()
        after.push_play(play)
        expected += perft(after, 1)
    assert perft(pos, 2, roll=(3, 5)) == expected
    assert sum(perft(pos, 2, roll=(3, 5), divide=True).values()) == expected


def test_a_move_that_does_not_match_the_dice_is_named() -> None:
    pos = get_variant("duere").start_position()
    assert pos.explain_die("c2d3", 4) is None
    with pytest.raises(IllegalMove, match="no piece on e3"):
        pos.parse_move("e3e4")
    with pytest.raises(IllegalMove, match="not a legal way"):
        pos.push_play("3:a1a3", roll=(3, 5))


def test_a_blocked_way_is_named_in_the_refusal(duere) -> None:
    with pytest.raises(IllegalMove, match="the way from a1 to a3 is blocked on a2"):
        duere.start_position().parse_move("a1a3")
    with pytest.raises(IllegalMove, match="a knight cannot move from a2 to a4"):
        duere.start_position().parse_move("a2a4")


@pytest.mark.parametrize("fen,words", [
    ("rrqkkqrr/nnbbbbnn/8/8/8/8/NNBBBBNN/RRQKKQRR w 0", "field 3, character 47"),
    ("rrqkkqrr/nnbbbbnn/8/8/8/8/NNBBBBNN/RRQKKQRR r 1", "'w' \\(red\\) or 'b' \\(blue\\)"),
    ("rrqkkqrr/nnbbbbnn/8/8/8/8/NNPBBBNN/RRQKKQRR w 1", "unknown piece letter 'P' in rank 2"),
    ("kkk5/8/8/8/8/8/8/K7 w 1", "black has 3 Kings; at most 2"),
    ("rrq2qrr/nnbbbbnn/8/8/8/8/NNBBBBNN/RRQ2QRR w 1", "neither side has a King.*field 1"),
    ("8/8/8/8/8/8/8/8", "<board> <w|b>"),
])
def test_a_bad_due_re_position_string_says_what_and_where(fen, words) -> None:
    with pytest.raises(PositionError, match=words):
        get_variant("duere").from_fen(fen)


# RULES.md section 2: "A die whose type is all captured or has no legal move is lost [...] Ruling,
# that die's part of the turn; option dead_die = turn makes such a die cost the whole turn."
TURN_LOST = get_variant("duere", {"dead_die": "turn"})


def test_by_default_a_die_with_no_move_loses_only_that_die() -> None:
    pos = get_variant("duere").from_fen("4k3/8/8/8/8/8/8/3K2N1 w 1")  # one Knight, no Rook
    assert {p.dice_used for p in pos.roll_plays((3, 5))} == {(5,)}
    assert {p.dice_used for p in pos.roll_plays((5, 5))} == {(5,)}  # a double: one Knight only


def test_option_dead_die_turn_a_die_whose_piece_is_captured_costs_the_whole_turn() -> None:
    pos = TURN_LOST.from_fen("4k3/8/8/8/8/8/8/3K2N1 w 1")
    assert [str(p) for p in pos.roll_plays((3, 5))] == ["pass"]  # no Rook: the turn is lost
    assert [str(p) for p in pos.roll_plays((5, 5))] == ["pass"]  # no second Knight
    analysis = pos.analyse_roll((3, 5))
    assert analysis.dice_usable == 0 and analysis.lost == (3, 5)


def test_option_dead_die_turn_a_die_whose_piece_is_blocked_costs_the_whole_turn() -> None:
    pos = TURN_LOST.start_position()  # the Kings are shut in
    assert [str(p) for p in pos.roll_plays((1, 5))] == ["pass"]
    pos.push_play(pos.roll_plays((1, 5))[0])
    assert pos.turn == Color.BLACK


def test_option_dead_die_turn_leaves_a_roll_played_in_full_unchanged() -> None:
    default = get_variant("duere").start_position()
    assert [str(p) for p in TURN_LOST.start_position().roll_plays((5, 5))] == \
        [str(p) for p in default.roll_plays((5, 5))]
    # Taking the last enemy King with the first die is a whole turn too.
    pos = TURN_LOST.from_fen("3k4/8/8/8/8/8/8/3RK3 w 1")
    assert "3:d1d8" in [str(p) for p in pos.roll_plays((3, 5))]
