"""Refusals carry a code and its values beside the English sentence, which stays as it was; the
rule options are listed through a public API."""

from __future__ import annotations

import pickle

import pytest

from companion.rules import IllegalMove, OptionSpec, Refusal, get_variant, options_of
from companion.rules.magici_army import ArmyError, build_army, check_placement, check_purchase
from companion.rules.magici_spells import Spell, spell_query
from companion.rules.pieces import Color


def test_a_refusal_is_its_english_sentence_with_a_code():
    r = Refusal("the army costs 13 points; a House has 12", "army.too_costly", cost=13, points=12)
    assert r == "the army costs 13 points; a House has 12" and r.message == r
    assert type(r.message) is str
    assert (r.code, r.params) == ("army.too_costly", {"cost": 13, "points": 12})
    again = pickle.loads(pickle.dumps(r))
    assert (again, again.code, again.params) == (r, r.code, r.params)


def test_a_refusal_needs_a_code():
    with pytest.raises(ValueError, match="needs a code"):
        Refusal("no reason given", "")


def test_an_army_over_twelve_points_is_refused_with_its_cost():
    [reason] = check_purchase({"queen": 1, "bishop": 2, "pawn": 3})
    assert reason == "the army costs 13 points; a House has 12"
    assert (reason.code, reason.params) == ("army.too_costly", {"cost": 13, "points": 12})


def test_more_of_a_kind_than_a_chess_set_has_is_refused_with_the_limit():
    [reason] = check_purchase({"rook": 3})
    assert reason.code == "army.too_many_of_kind"
    assert reason.params == {"kind": "rook", "max": 2, "n": 3}


def test_too_many_pieces_besides_the_king_names_the_count():
    [reason] = check_purchase({"pawn": 8, "rook": 2}, points=40)
    assert (reason.code, reason.params) == ("army.too_many_pieces", {"n": 10, "max": 9})


def test_a_piece_off_its_home_cells_names_the_cells_and_a_pawn_its_rank():
    [queen] = check_placement(Color.WHITE, {"e2": "Q"})
    assert queen == "white queen on e2: a queen may only stand on d1"
    assert (queen.code, queen.params) == ("army.wrong_cell",
                                          {"side": "white", "kind": "queen", "cell": "e2", "cells": "d1"})
    [pawn] = check_placement(Color.BLACK, {"c3": "pawn"})
    assert (pawn.code, pawn.params["rank"]) == ("army.wrong_rank", "7")
    [bad] = check_placement(Color.WHITE, {"a1": "dragon"})
    assert (bad.code, bad.params) == ("army.not_a_piece", {"cell": "a1", "text": "dragon"})


def test_build_army_says_which_side_a_purchase_refusal_is_about():
    with pytest.raises(ArmyError) as info:
        build_army({"d1": "Q", "c1": "B", "f1": "B", "a2": "P", "b2": "P", "c2": "P"}, {})
    [reason] = info.value.reasons
    assert reason == "white: the army costs 13 points; a House has 12"
    assert reason.code == "army.too_costly" and reason.params["side"] == "white"


def test_a_spell_on_your_own_turn_is_refused_with_a_code():
    pos = get_variant("magici").from_fen("4k3/8/8/3r4/8/2N1B3/8/4K3 b - - 0 1")
    answer = spell_query(pos, Color.BLACK, Spell.TACTICAL, "d5", named="c3")
    assert not answer.allowed
    assert [r.code for r in answer.reasons] == ["spell.own_turn"]


def test_a_defensive_spell_by_a_piece_not_taken_names_the_empty_target():
    pos = get_variant("magici").from_fen("4k3/8/8/3r4/8/2N1B3/8/4K3 b - - 0 1")
    [reason] = spell_query(pos, Color.WHITE, Spell.DEFENSIVE, "e3", announced="d5d1").reasons
    assert (reason.code, reason.params) == ("spell.defensive_nothing_taken", {"cell": "d1"})


def test_a_spell_already_used_names_the_side_and_the_spell():
    pos = get_variant("magici").from_fen("4k3/8/8/3r4/8/2N1B3/8/4K3 b - - 0 1")
    pos.spells_used.add(Spell.TACTICAL.mark(Color.WHITE))
    reasons = spell_query(pos, Color.WHITE, Spell.TACTICAL, "c3", named="d5").reasons
    assert [(r.code, r.params) for r in reasons] == [("spell.already_used", {"side": "white", "spell": "tactical"})]


@pytest.mark.parametrize(("fen", "move", "code", "params"), [
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "a1a2", "move.empty", {"cell": "a1"}),
    ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e8e7", "move.not_yours", {"cell": "e8", "side": "white"}),
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1e1", "move.own_piece", {"cell": "e1"}),
    ("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", "a1a5", "move.blocked", {"origin": "a1", "target": "a5", "cell": "a2"}),
    ("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1", "g1g3", "move.cannot_move",
     {"kind": "knight", "origin": "g1", "target": "g3"}),
    ("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1d2", "move.king_check", {}),
    ("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1", "e2c3", "move.pinned", {}),
    ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1", "move.castle_lost", {}),
])
def test_an_illegal_move_gives_its_reason_as_a_code(fen, move, code, params):
    pos = get_variant("magici").from_fen(fen)
    with pytest.raises(IllegalMove) as info:
        pos.parse_move(move)
    assert (info.value.code, info.value.params) == (code, params)
    assert getattr(str(info.value), "code", None) == code  # str(exc) keeps the code (the board relies on it)


@pytest.mark.parametrize(("game", "fen", "move", "code", "params"), [
    ("elolbia", None, "c3e5", "move.nothing_to_jump", {"cell": "d4"}),
    ("elolbia", None, "e1g1", "move.no_castling", {}),
    ("clupso", None, "c6c5=Q", "move.promotion_rank", {"cell": "c5"}),
    ("camerlano", "k10/11/11/11/11/11/11/11/10R/K10 w - 0,0 1", "k2z2", "move.citadel_reserved",
     {"cell": "z2", "side": "white"}),
])
def test_the_other_games_reasons_have_codes_too(game, fen, move, code, params):
    variant = get_variant(game)
    pos = variant.from_fen(fen) if fen else variant.start_position()
    with pytest.raises(IllegalMove) as info:
        pos.parse_move(move)
    assert (info.value.code, info.value.params) == (code, params)


def test_a_team_in_check_cannot_pass_and_the_refusal_has_a_code():
    pos = get_variant("magici").from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    with pytest.raises(IllegalMove) as info:
        pos.push_pass()
    assert info.value.code == "pass.in_check"
    assert str(info.value) == "a team in check cannot let the turn pass: it must get out of check"


def test_an_unreadable_move_text_has_a_code():
    with pytest.raises(IllegalMove) as info:
        get_variant("magici").start_position().parse_move("zz")
    assert info.value.code == "move.unreadable"


def test_a_plain_text_illegal_move_has_no_code():
    exc = IllegalMove("something else")
    assert exc.code is None and exc.params == {}


def test_the_options_api_lists_camerlanos_options_with_values_and_defaults():
    specs = {s.name: s for s in options_of("camerlano")}
    assert list(specs) == ["giraffe", "giraffe_minimum", "bishop_minimum", "exchange", "citadel", "promotion"]
    assert specs["giraffe"] == OptionSpec("giraffe", "classical", ("classical", "seed"))
    assert specs["giraffe_minimum"] == OptionSpec("giraffe_minimum", 1, (1, 3))
    assert specs["exchange"].values == ("free", "escape_check") and specs["exchange"].default == "free"
    assert specs["citadel"].values == ("reserved", "classical")
    assert specs["promotion"].values == ("file", "name")
    assert get_variant("camerlano").option_specs() == options_of("camerlano")


def test_every_listed_option_value_is_accepted_by_its_variant():
    for name in ("duere", "magici", "elolbia", "clupso", "camerlano"):
        for spec in options_of(name):
            assert spec.default == get_variant(name).options[spec.name]
            for value in spec.values or ():
                assert get_variant(name, {spec.name: value}).options[spec.name] == value


def test_open_options_and_tables_are_told_apart():
    magici = {s.name: s for s in options_of("magici")}
    assert magici["army_points"].values is None and not magici["army_points"].closed
    assert magici["returned_pawn_double_step"].values == (True, False)
    dice, dead_die = options_of("duere")
    assert dice.values is None and "any" in (dice.item_values or ())
    assert dead_die.values == ("die", "turn") and dead_die.default == "die"


def test_an_unknown_variant_has_no_options():
    with pytest.raises(ValueError, match="unknown variant"):
        options_of("chess960")
