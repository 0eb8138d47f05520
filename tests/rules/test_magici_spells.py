"""Scacchi Magici's spells as queries: conditions, and the moves left to the mover."""

from __future__ import annotations

import pytest

from companion.rules import Color, IllegalMove, get_variant
from companion.rules.magici_spells import Spell, cast_spell, spell_query

# Black to move. Black: King e8, Queen a6 (attacks the Bishop c4), Rook d5, Knight g6.
# White: King g1, Rook d1 (attacked by the Rook d5 only), Bishop c4, Knight f3 (not attacked).
FEN = "4k3/8/q5n1/3r4/2B5/5N2/8/3R2K1 b - - 0 1"


def pos():
    return get_variant("magici").from_fen(FEN)


def texts(moves) -> set[str]:
    return {str(m) for m in moves}


def test_hostile_forces_a_capture_of_the_caster_by_another_piece() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.HOSTILE, "c4", announced="d5d1")
    assert answer.allowed and texts(answer.moves) == {"a6c4"}


def test_hostile_capture_is_never_by_the_announced_piece() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.HOSTILE, "c4", announced="a6c4")
    assert not answer.allowed
    assert answer.reasons == ("no piece but the announced one may legally capture on c4",)
    answer = spell_query(pos(), Color.WHITE, Spell.HOSTILE, "d1", announced="d5d1")
    assert not answer.allowed


def test_hostile_caster_must_be_attacked() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.HOSTILE, "f3", announced="d5d1")
    assert answer.reasons == ("the caster on f3 is not attacked",)


def test_hostile_answers_only_an_announced_capture() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.HOSTILE, "c4", announced="d5d4")
    assert answer.reasons == ("the Hostile spell answers an announced capture",)


def test_defensive_stops_the_announced_mover_the_opponent_moves_another_piece() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.DEFENSIVE, "d1", announced="d5d1")
    assert answer.allowed
    assert all(m.origin != "d5" for m in answer.moves)
    assert {"a6a1", "g6e5"} <= texts(answer.moves)


def test_defensive_is_cast_by_the_piece_that_would_be_captured() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.DEFENSIVE, "c4", announced="d5d1")
    assert not answer.allowed and "(d1 holds the piece taken)" in answer.reasons[0]


def test_tactical_names_the_piece_that_must_move() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.TACTICAL, "f3", named="g6")
    assert answer.allowed and {m.origin for m in answer.moves} == {"g6"}
    assert spell_query(pos(), Color.WHITE, Spell.TACTICAL, "f3", announced="d5d1",
                       named="g6").reasons == (
        "the Tactical spell is cast before a move is announced",)


def test_the_king_is_never_the_target_of_a_spell() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.TACTICAL, "f3", named="e8")
    assert answer.reasons == ("the King is never the target of a spell",)


def test_the_king_never_casts_a_spell() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.TACTICAL, "g1", named="g6")
    assert answer.reasons == ("the King never casts a spell",)


def test_a_spell_is_cast_during_the_opponents_turn() -> None:
    answer = spell_query(pos(), Color.BLACK, Spell.TACTICAL, "g6", named="f3")
    assert "during the opponent's turn" in answer.reasons[0]


def test_each_spell_once_per_game_per_team_recorded_in_the_position_string() -> None:
    new, _ = cast_spell(pos(), Color.WHITE, Spell.TACTICAL, "f3", named="g6")
    assert new.fen() == FEN + " - T"
    assert pos().fen() == FEN  # casting returns a new position
    again = spell_query(new, Color.WHITE, Spell.TACTICAL, "f3", named="a6")
    assert again.reasons == ("white has already used the Tactical spell",)
    assert spell_query(new, Color.WHITE, Spell.DEFENSIVE, "d1", announced="d5d1").allowed


def test_at_most_one_spell_per_turn_and_none_in_answer_to_a_spell() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.TACTICAL, "f3", named="g6",
                         spells_this_turn=1)
    assert answer.reasons == ("at most one spell per turn, and no spell in answer to a spell",)


def test_a_spell_whose_outcome_would_expose_the_movers_king_is_refused() -> None:
    # Black's Knight e7 is pinned by the Rook e1: naming it leaves no legal move.
    p = get_variant("magici").from_fen("4k3/4n3/8/8/8/8/3N4/4RK2 b - - 0 1")
    answer = spell_query(p, Color.WHITE, Spell.TACTICAL, "d2", named="e7")
    assert answer.reasons == ("the piece on e7 has no legal move",)
    with pytest.raises(IllegalMove, match="no legal move"):
        cast_spell(p, Color.WHITE, Spell.TACTICAL, "d2", named="e7")


def test_a_checkmate_after_a_spell_is_marked_as_an_enchanted_victory() -> None:
    p = get_variant("magici").from_fen("4k3/8/8/7N/8/1r6/r7/6K1 b - - 0 1")
    answer = spell_query(p, Color.WHITE, Spell.TACTICAL, "h5", named="b3")
    assert answer.allowed and texts(answer.checkmating) == {"b3b1"}


# RULES.md section 3: "The King is never a spell's target at any layer: it is never the piece a
# Hostile spell forces to capture, nor the mover a Defensive spell freezes, nor the piece a
# Tactical spell names."

def test_the_king_is_never_the_piece_a_hostile_spell_forces_to_capture() -> None:
    # The Bishop d7 is attacked by the Rook d8 and the King e8; the Rook's capture is announced:
    # only the King could take instead, so the spell is refused.
    p = get_variant("magici").from_fen("3rk3/3B4/8/8/8/8/8/6K1 b - - 0 1")
    answer = spell_query(p, Color.WHITE, Spell.HOSTILE, "d7", announced="d8d7")
    assert not answer.allowed and answer.reasons[0].code == "spell.king_target"
    # With a Knight that can take too, the Knight is offered and the King never is.
    p = get_variant("magici").from_fen("1n1rk3/3B4/8/8/8/8/8/6K1 b - - 0 1")
    answer = spell_query(p, Color.WHITE, Spell.HOSTILE, "d7", announced="d8d7")
    assert answer.allowed and texts(answer.moves) == {"b8d7"}


def test_the_king_is_never_the_mover_a_defensive_spell_freezes() -> None:
    p = get_variant("magici").from_fen("n3k3/3B4/8/8/8/8/8/6K1 b - - 0 1")
    answer = spell_query(p, Color.WHITE, Spell.DEFENSIVE, "d7", announced="e8d7")
    assert not answer.allowed and answer.reasons[0].code == "spell.king_target"
    # The same spell against the Knight's announced capture is allowed.
    p = get_variant("magici").from_fen("4k3/3B4/1n6/8/8/8/8/6K1 b - - 0 1")
    answer = spell_query(p, Color.WHITE, Spell.DEFENSIVE, "d7", announced="b6d7")
    assert answer.allowed and {m.origin for m in answer.moves} == {"e8"}


def test_the_king_is_never_the_piece_a_tactical_spell_names() -> None:
    answer = spell_query(pos(), Color.WHITE, Spell.TACTICAL, "f3", named="e8")
    assert not answer.allowed and answer.reasons[0].code == "spell.king_target"
