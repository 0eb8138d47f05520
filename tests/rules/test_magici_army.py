"""Scacchi Magici: buying (12 points, counts, at most 9 + King) and placing the army."""

from __future__ import annotations

import pytest

from companion.rules import Color
from companion.rules.magici_army import ArmyError, build_army, check_placement, check_purchase

SMALL_BLACK = {"d8": "q", "e7": "p"}


def test_a_legal_purchase_and_placement_gives_the_start_position() -> None:
    pos = build_army({"d1": "Q", "a1": "R", "h1": "R", "b1": "N"}, SMALL_BLACK)
    assert pos.fen() == "3qk3/4p3/8/8/8/8/8/RN1QK2R w KQ - 0 1"
    assert pos.piece_at("e1").kind == "king"  # free and compulsory: always added


def test_the_coin_toss_decides_who_moves_first() -> None:
    assert build_army({"d1": "Q"}, SMALL_BLACK, first=Color.BLACK).turn == Color.BLACK


def test_a_house_has_twelve_points_unspent_points_are_lost() -> None:
    assert check_purchase({"queen": 1, "bishop": 2, "rook": 1}) == []  # 12
    assert check_purchase({"pawn": 1}) == []
    assert check_purchase({"queen": 1, "bishop": 2, "knight": 1}) == []  # 12
    assert check_purchase({"queen": 1, "bishop": 2, "rook": 1, "pawn": 1}) == [
        "the army costs 13 points; a House has 12"]


def test_at_most_nine_pieces_besides_the_king() -> None:
    assert check_purchase({"pawn": 8, "knight": 1}, points=20) == []
    assert check_purchase({"pawn": 8, "rook": 2}, points=20) == [
        "10 pieces besides the King; at most 9"]


def test_no_more_of_a_type_than_a_chess_set_has() -> None:
    assert check_purchase({"knight": 3}) == ["at most 2 knights (a chess set has 2), not 3"]
    assert check_purchase({"queen": 2}) == ["at most 1 queen (a chess set has 1), not 2"]


def test_pieces_stand_only_on_their_usual_squares() -> None:
    assert check_placement(Color.WHITE, {"c1": "B", "f1": "bishop", "a2": "P", "h2": "P"}) == []
    assert check_placement(Color.WHITE, {"e4": "N"}) == [
        "white knight on e4: a knight may only stand on b1, g1"]
    assert check_placement(Color.BLACK, {"d2": "p"}) == [
        "black pawn on d2: a pawn may only stand on rank 7"]
    assert check_placement(Color.WHITE, {"d1": "K"}) == [
        "white king on d1: a king may only stand on e1"]


def test_every_refusal_is_reported_at_once() -> None:
    with pytest.raises(ArmyError) as info:
        build_army({"e4": "N", "d1": "Z"}, {"d8": "q", "c8": "b", "f8": "b", "a8": "r"})
    reasons = info.value.reasons
    assert "white knight on e4: a knight may only stand on b1, g1" in reasons
    assert any("'Z' is not a chess piece" in r for r in reasons)
    assert "black: the army costs 12 points; a House has 12" not in reasons
    with pytest.raises(ArmyError, match="black: the army costs 14 points"):
        build_army({}, {"d8": "q", "c8": "b", "f8": "b", "a8": "r", "b8": "n"})


def test_the_points_of_a_house_are_a_rule_option() -> None:
    army = {"d1": "Q", "c1": "B", "f1": "B", "a1": "R", "b1": "N"}  # 14 points
    with pytest.raises(ArmyError, match="costs 14 points; a House has 12"):
        build_army(army, SMALL_BLACK)
    assert build_army(army, SMALL_BLACK, options={"army_points": 14}).piece_at("b1").kind == "knight"
