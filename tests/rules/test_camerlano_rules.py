"""Scacchi di Camerlano (RULES.md section 6): hand-counted positions, one test per rule."""

from __future__ import annotations

import pytest

from companion.rules import Color, IllegalMove, PositionError, Termination, get_variant, perft
from companion.rules.camerlano import WHITE_SECOND_RANK

CAMERLANO = get_variant("camerlano")
EMPTY = ["11"] * 10


def board(cells: dict[str, str], citadels: str = "") -> str:
    """A board field from a few pieces: ``{"f5": "G"}``; ``citadels`` like ``"K-"``."""
    rows = [["."] * 11 for _ in range(10)]
    for name, letter in cells.items():
        rows[int(name[1:]) - 1]["abcdefghijk".index(name[0])] = letter
    out = []
    for row in reversed(rows):
        text, empty = "", 0
        for ch in row:
            if ch == ".":
                empty += 1
            else:
                text += (str(empty) if empty else "") + ch
                empty = 0
        out.append(text + (str(empty) if empty else ""))
    return "/".join(out) + (f"[{citadels}]" if citadels else "")


def fen(cells: dict[str, str], side: str = "w", citadels: str = "", exchanges: str = "-",
        arrivals: str = "0,0") -> str:
    return f"{board(cells, citadels)} {side} {exchanges} {arrivals} 1"


def moves(text: str, origin: str | None = None, variant=CAMERLANO) -> set[str]:
    pos = variant.from_fen(text)
    return {str(m) for m in pos.legal_moves() if origin is None or m.origin == origin}


def test_the_classical_setup_and_its_fifty_five_first_moves() -> None:
    pos = CAMERLANO.start_position()
    assert pos.fen() == ("e1c1m1m1c1e/rnbgvkfgbnr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/"
                         "RNBGFKVGBNR/E1C1M1M1C1E w Kk 0,0 1")
    assert pos.piece_at("f2").kind == "shah" and pos.piece_at("f9").kind == "shah"
    assert pos.piece_at("e9").kind == "vizier" and pos.piece_at("g9").kind == "general"
    # Hand count: 11 soldiers; camels b4 d4 h4 j4; knights d1 a4 c4 h1 i4 k4; bishops b1 d1
    # h1 j1; the general d1 f1; the Shah f1 and 27 exchanges.
    legal = [str(m) for m in pos.legal_moves()]
    assert len(legal) == 55 and sum(m.startswith("f2") for m in legal) == 28
    assert perft(pos, 2) == 55 * 55


def test_a_lone_giraffe_bends_once_and_slides_through_empty_cells() -> None:
    # From f5: e4/g4 then 3 down or 4 sideways; e6/g6 then 4 up or 4 sideways: 30 cells.
    text = fen({"f5": "G"}, citadels="Kk")
    assert len(moves(text, "f5")) == 30
    assert {"f5g7", "f5k6", "f5g1", "f5a4"} <= moves(text, "f5")
    assert "f5g6" not in moves(text, "f5")  # the diagonal cell is passed, never a stop


def test_the_giraffe_is_blocked_on_its_diagonal_cell_and_on_its_line() -> None:
    text = fen({"f5": "G", "g6": "P", "e4": "p", "b6": "p"}, citadels="Kk")
    # g6 own: that bend is gone (8); e4: the enemy on the diagonal cell is not taken (7);
    # towards a6 the line stops on b6 (capture b6, not a6): 30 - 8 - 7 - 1 = 14.
    reached = moves(text, "f5")
    assert len(reached) == 14 and "f5b6" in reached and "f5a6" not in reached
    assert "f5e4" not in reached and "f5d4" not in reached


def test_the_classical_giraffe_goes_at_least_three_cells_after_its_bend() -> None:
    classical = get_variant("camerlano", {"giraffe_minimum": 3})
    assert len(moves(fen({"f5": "G"}, citadels="Kk"), "f5", classical)) == 14


@pytest.mark.parametrize("letter,count,sample", [
    ("E", 4, "f5h7"), ("C", 8, "f5g8"), ("M", 4, "f5f7"), ("V", 4, "f5f6"), ("F", 4, "f5g6"),
    ("N", 8, "f5g7"), ("R", 19, "f5f10"), ("B", 18, "f5k10"),
])
def test_each_piece_from_the_middle_of_an_empty_board(letter, count, sample) -> None:
    reached = moves(fen({"f5": letter}, citadels="Kk"), "f5")
    assert len(reached) == count and sample in reached


def test_leapers_ignore_what_stands_between() -> None:
    text = fen({"f5": "M", "f6": "P", "g6": "P", "g7": "P", "f4": "p"}, citadels="Kk")
    assert {"f5f7", "f5f3"} <= moves(text, "f5")
    assert "f5h7" in moves(fen({"f5": "E", "g6": "P"}, citadels="Kk"), "f5")


def test_the_classical_picket_goes_at_least_two_cells() -> None:
    picket = get_variant("camerlano", {"bishop_minimum": 2})
    reached = moves(fen({"f5": "B"}, citadels="Kk"), "f5", picket)
    assert len(reached) == 14 and "f5g6" not in reached


def test_a_soldier_steps_forward_and_captures_diagonally_without_double_step() -> None:
    text = fen({"c3": "P", "b4": "p", "d4": "P"}, citadels="Kk")
    assert moves(text, "c3") == {"c3c4", "c3b4"}
    assert moves(fen({"c8": "p", "d7": "P"}, side="b", citadels="Kk"), "c8") == {"c8c7", "c8d7"}


@pytest.mark.parametrize("file", [f for f in "abcdeghijk"])
def test_a_soldier_promotes_to_the_piece_of_its_arrival_file(file) -> None:
    pos = CAMERLANO.from_fen(fen({f"{file}9": "P"}, citadels="Kk"))
    pos.push(f"{file}9{file}10")
    assert pos.piece_at(f"{file}10").kind == WHITE_SECOND_RANK["abcdefghijk".index(file)]


def test_black_promotes_by_its_own_second_rank() -> None:
    pos = CAMERLANO.from_fen(fen({"e2": "p", "g2": "p"}, side="b", citadels="Kk"))
    pos.push("e2e1")
    pos.push("z2k2")
    pos.push("g2g1")
    assert (pos.piece_at("e1").kind, pos.piece_at("g1").kind) == ("vizier", "general")


def test_the_first_shah_file_arrival_relocates_the_soldier_to_any_empty_cell() -> None:
    text = fen({"a1": "K", "f9": "P"}, citadels="-k")
    relocations = moves(text, "f9")
    # 110 cells, a1 and f9 taken: 108 empty, less the arrival cell, plus the cell it left.
    assert len(relocations) == 108 and "f9f10f9" in relocations and "f9f10f10" not in relocations
    pos = CAMERLANO.from_fen(text)
    pos.push("f9f10c5")
    assert pos.piece_at("c5").kind == "soldier" and pos.piece_at("f10") is None
    assert pos.fen().split()[3] == "1,0"
    with pytest.raises(IllegalMove, match="moved to an empty cell of your choice"):
        CAMERLANO.from_fen(text).parse_move("f9f10")


def test_a_capture_on_the_shah_file_counts_as_an_arrival_but_may_not_stay_there() -> None:
    pos = CAMERLANO.from_fen(fen({"a1": "K", "e9": "P", "f10": "r"}, citadels="-k",
                                 arrivals="1,0"))
    with pytest.raises(IllegalMove, match="f10 is not empty"):
        pos.parse_move("e9f10f10")
    pos.push("e9f10e9")
    assert pos.piece_at("e9").kind == "soldier" and pos.piece_at("f10") is None
    assert pos.fen().split()[3] == "2,0"


def test_the_third_shah_file_arrival_makes_a_prince() -> None:
    text = fen({"a1": "K", "f9": "P"}, citadels="-k", arrivals="2,0")
    assert moves(text, "f9") == {"f9f10"}
    pos = CAMERLANO.from_fen(text)
    pos.push("f9f10")
    assert pos.piece_at("f10").kind == "prince" and pos.fen().split()[3] == "3,0"
    with pytest.raises(IllegalMove, match="arrival number 3"):
        CAMERLANO.from_fen(text).parse_move("f9f10c5")


def test_a_fourth_arrival_leaves_it_a_soldier() -> None:
    pos = CAMERLANO.from_fen(fen({"a1": "K", "f9": "P"}, citadels="-k", arrivals="3,0"))
    pos.push("f9f10")
    assert pos.piece_at("f10").kind == "soldier" and pos.fen().split()[3] == "4,0"


def test_the_prince_replaces_the_shah_when_the_shah_is_taken() -> None:
    pos = CAMERLANO.from_fen(fen({"a1": "K", "f5": "H", "b3": "n", "k10": "k"}, side="b"))
    pos.push("b3a1")
    assert pos.outcome() is None and pos.legal_moves()
    pos.push("f5f6")
    assert pos.piece_at("f6").kind == "prince"


def test_the_game_ends_when_the_shah_is_taken_and_there_is_no_prince() -> None:
    pos = CAMERLANO.from_fen(fen({"a1": "K", "b3": "n", "k10": "k"}, side="b"))
    pos.push("b3a1")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination is Termination.SHAH_CAPTURED
    assert outcome.winner is Color.BLACK and pos.legal_moves() == []


def test_there_is_no_check_rule_moving_into_attack_is_legal() -> None:
    pos = CAMERLANO.from_fen(fen({"a1": "K", "b3": "r", "k10": "k"}))
    assert "a1b1" in moves(pos.fen()) and pos.is_attacked("b1")


def test_a_side_with_no_move_loses() -> None:
    outcome = CAMERLANO.from_fen(fen({"a10": "K", "b10": "P", "a9": "P", "b9": "P",
                                      "k1": "k"})).outcome()
    assert outcome is not None and outcome.termination is Termination.NO_MOVES
    assert outcome.winner is Color.BLACK


def test_the_shah_enters_its_own_citadel_with_one_step() -> None:
    assert "k2z2" in moves(fen({"k2": "K", "a10": "k"}), "k2")
    assert moves(fen({"a5": "k"}, citadels="K-"), "z2") == {"z2k1", "z2k2", "z2k3"}


def test_no_other_piece_may_stop_in_a_citadel() -> None:
    pos = CAMERLANO.from_fen(fen({"a2": "R", "j1": "N", "a5": "K", "k10": "k"}))
    assert "a2z2" not in moves(pos.fen()) and "j1z2" not in moves(pos.fen())
    with pytest.raises(IllegalMove, match="citadel z2 is reserved for white's Shah"):
        pos.parse_move("a2z2")


def test_the_shah_may_not_enter_the_enemy_citadel() -> None:
    pos = CAMERLANO.from_fen(fen({"a9": "K", "k1": "k"}))
    assert "a9z9" not in moves(pos.fen())
    with pytest.raises(IllegalMove, match="z9 is black's citadel"):
        pos.parse_move("a9z9")


def test_a_royal_piece_in_a_citadel_can_be_captured() -> None:
    # The citadel gives no protection: the Rook slides along rank 2 and takes the Shah on z2.
    text = fen({"c2": "r", "a10": "k"}, side="b", citadels="K-")
    assert "c2z2" in moves(text)
    pos = CAMERLANO.from_fen(text)
    pos.push("c2z2")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination is Termination.SHAH_CAPTURED
    assert CAMERLANO.from_fen(pos.fen()).fen() == pos.fen()
    assert pos.piece_at("z2").symbol == "r"


def test_the_classical_citadel_rule_makes_entering_the_enemy_citadel_a_draw() -> None:
    classical = get_variant("camerlano", {"citadel": "classical"})
    pos = classical.from_fen(fen({"a9": "K", "k1": "k"}))
    pos.push("a9z9")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination is Termination.CITADEL
    assert outcome.winner is None


def test_the_shah_exchanges_once_with_any_of_its_pieces() -> None:
    text = fen({"f2": "K", "a1": "E", "k9": "R", "f10": "k"}, exchanges="Kk")
    assert {"f2a1", "f2k9"} <= moves(text, "f2")
    pos = CAMERLANO.from_fen(text)
    pos.push("f2k9")
    assert pos.piece_at("k9").kind == "shah" and pos.piece_at("f2").kind == "rook"
    assert pos.fen().split()[2] == "k"
    pos.push("f10f9")
    assert "k9f9" not in moves(pos.fen()) and not any(len(m) == 4 and m.startswith("k9a")
                                                       for m in moves(pos.fen()))
    with pytest.raises(IllegalMove, match="already used its one exchange"):
        pos.parse_move("k9a1")


def test_the_exchange_never_goes_into_or_out_of_a_citadel() -> None:
    inside = fen({"a1": "E", "f10": "k"}, citadels="K-", exchanges="K")
    assert "z2a1" not in moves(inside)
    with pytest.raises(IllegalMove, match="never goes into or out of a citadel"):
        CAMERLANO.from_fen(inside).parse_move("z2a1")
    prince_inside = fen({"f2": "K", "f10": "k"}, citadels="H-", exchanges="K")
    assert "f2z2" not in moves(prince_inside)


def test_a_soldier_exchanged_onto_the_far_rank_does_not_promote() -> None:
    pos = CAMERLANO.from_fen(fen({"c10": "K", "c9": "P", "k1": "k"}, exchanges="K"))
    pos.push("c10c9")
    assert pos.piece_at("c10").kind == "soldier" and pos.fen().split()[3] == "0,0"


def test_a_prince_has_no_exchange() -> None:
    pos = CAMERLANO.from_fen(fen({"f5": "H", "a1": "E", "k10": "k"}, exchanges="K"))
    assert "f5a1" not in moves(pos.fen())
    with pytest.raises(IllegalMove, match="a Prince has no exchange"):
        pos.parse_move("f5a1")


def test_the_exchange_only_to_escape_attack_is_a_rule_option() -> None:
    escape = get_variant("camerlano", {"exchange": "escape_check"})
    calm = fen({"f2": "K", "a1": "E", "k10": "k"}, exchanges="K")
    attacked = fen({"f2": "K", "a1": "E", "f8": "r", "k10": "k"}, exchanges="K")
    assert "f2a1" not in moves(calm, variant=escape)
    assert "f2a1" in moves(attacked, variant=escape) and "f2a1" in moves(calm)


@pytest.mark.parametrize("text,words", [
    ("11/11/11/11/11/11/11/11/11/11 w - 0,0 1", "neither side has a Shah or a Prince"),
    (fen({"a1": "K", "b1": "K"}), "white has 2 Shahs"),
    (fen({"a1": "K"}, citadels="R-"), "z2 may hold only white's Shah or Prince"),
    (fen({"a1": "K"}, citadels="k-"), "citadel z2 belongs to white"),
    (board({"a1": "K"}) + " w Kx 0,0 1", "letters from Kk"),
    (board({"a1": "K"}) + " w - 0 1", "two whole numbers"),
    (board({"a1": "K"}) + " w - 0,0", "got 4 fields"),
    (board({"a1": "K"}) + "[K] w - 0,0 1", "need 2 letters"),
])
def test_bad_position_strings_say_what_and_where(text, words) -> None:
    with pytest.raises(PositionError, match=words):
        CAMERLANO.from_fen(text)


def test_rule_options_are_checked() -> None:
    with pytest.raises(ValueError, match="giraffe_minimum is one of"):
        get_variant("camerlano", {"giraffe_minimum": 2})


BY_NAME = get_variant("camerlano", {"promotion": "name"})


def test_classical_promotion_goes_by_the_soldiers_name_not_its_arrival_file() -> None:
    pos = BY_NAME.from_fen(fen({"c9": "P", "a5": "K", "k5": "k"}) + " c9:N")
    assert pos.piece_at("c9").state == "knight"
    pos.push("c9c10")
    assert pos.piece_at("c10").kind == "knight"
    # A soldier of the rook arriving on the Shah's file simply becomes a Rook.
    rook_soldier = BY_NAME.from_fen(fen({"f9": "P", "a5": "K", "k5": "k"}) + " f9:R")
    assert moves(rook_soldier.fen(), "f9", BY_NAME) == {"f9f10"}


def test_classical_promotion_relocates_the_soldier_of_the_shah_wherever_it_arrives() -> None:
    text = fen({"b9": "P", "a5": "K", "k5": "k"}) + " b9:K"
    assert len(moves(text, "b9", BY_NAME)) == 107  # 110 - 3 pieces, less b10, plus b9
    pos = BY_NAME.from_fen(text)
    pos.push("b9b10c5")
    assert pos.fen().split()[3:] == ["1,0", "1", "c5:K"]


def test_soldier_names_follow_captures_and_round_trip() -> None:
    pos = BY_NAME.from_fen(fen({"b3": "P", "c4": "p", "a1": "K", "k10": "k"}))
    pos.push("b3c4")
    assert pos.fen().endswith(" c4:N") and BY_NAME.from_fen(pos.fen()).fen() == pos.fen()
    pos.pop()
    assert pos.fen() == fen({"b3": "P", "c4": "p", "a1": "K", "k10": "k"})
    with pytest.raises(PositionError, match="apply only with the rule option promotion=name"):
        CAMERLANO.from_fen(pos.fen() + " c4:N")
    with pytest.raises(PositionError, match="must be like e5:N"):
        BY_NAME.from_fen(pos.fen() + " b3:n")


# RULES.md section 6: "The seed's own words [...] are the option giraffe = seed: one diagonal step,
# then any number of squares straight on in a diagonal direction other than back towards its start
# (so it may bend by 90°), through empty squares only."
SEED_GIRAFFE = get_variant("camerlano", {"giraffe": "seed"})


def test_option_giraffe_seed_goes_on_diagonally_straight_or_bent_by_ninety_degrees() -> None:
    reached = moves(fen({"f5": "G"}, citadels="Kk"), "f5", SEED_GIRAFFE)
    assert {"f5h7", "f5k10", "f5h5", "f5f7", "f5d5", "f5f3", "f5a10"} <= reached
    assert "f5g6" not in reached and "f5f5" not in reached  # the diagonal cell is never a stop
    assert not any(m in reached for m in ("f5g5", "f5f6", "f5e5", "f5g1"))  # never orthogonal
    assert "f5b5" not in reached  # one bend only
    # Hand count: via e6 4+4+4, via g6 4+4+4, via e4 3+4+3, via g4 3+4+3 = 44 rays' cells, of
    # which f7, d5, h5 and f3 are reached by two paths: 40 moves; and the ray e4-a8 goes on
    # into Black's citadel z9, where it takes the Shah.
    assert len(reached) == 40 + 1 and "f5z9" in reached


def test_option_giraffe_seed_passes_through_empty_cells_only_and_lists_each_move_once() -> None:
    text = fen({"f5": "G", "g6": "P"}, citadels="Kk")
    pos = SEED_GIRAFFE.from_fen(text)
    listed = [str(m) for m in pos.legal_moves() if m.origin == "f5"]
    assert len(listed) == len(set(listed))
    reached = set(listed)
    assert "f5h7" not in reached  # straight on through g6 only
    assert "f5h5" in reached  # through g4 instead of g6
    assert "f5f7" in reached  # through e6 instead of g6


def test_the_classical_giraffe_stays_the_default() -> None:
    assert CAMERLANO.options["giraffe"] == "classical"
    assert "f5h7" not in moves(fen({"f5": "G"}, citadels="Kk"), "f5")
    assert perft(SEED_GIRAFFE.start_position(), 2) == perft(CAMERLANO.start_position(), 2)
