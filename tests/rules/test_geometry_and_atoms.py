"""Board geometry as data and pieces declared from atoms: 8x8, and 11x10 with citadels."""

from __future__ import annotations

import pytest

from companion.rules.atoms import (
    ALL_EIGHT, DIAGONAL, GIRAFFE_BENDS, KNIGHT_LEAPS, ORTHOGONAL, BentSlide, Leap, Slide,
)
from companion.rules.geometry import Geometry
from companion.rules.pieces import KING, PieceType
from companion.rules.position import Position
from companion.rules.variant import Variant

TAMERLANE = Geometry(11, 10, extra=(("z2", 11, 1), ("z9", -1, 8)))


def reach(atom, geometry: Geometry, cell: str, white: bool = True) -> set[str]:
    return {geometry.name(c) for ray in atom.compile(geometry, geometry.index(cell), white)
            for c in ray[1]}


def test_cells_are_named_and_numbered_rank_by_rank() -> None:
    g = Geometry(8, 8)
    assert g.cells[0] == "a1" and g.cells[63] == "h8" and g.index("e4") == 28
    assert g.at(8, 0) is None and g.coord(g.index("h1")) == (7, 0)


def test_a_board_of_eleven_by_ten_with_citadels_has_112_cells() -> None:
    assert len(TAMERLANE) == 112
    assert TAMERLANE.cells[-2:] == ["z2", "z9"] and TAMERLANE.has("k10")


def test_a_citadel_neighbours_the_three_cells_beside_it() -> None:
    king = Leap(ALL_EIGHT)
    assert reach(king, TAMERLANE, "z2") == {"k1", "k2", "k3"}
    assert reach(king, TAMERLANE, "z9") == {"a8", "a9", "a10"}
    assert "z2" in reach(king, TAMERLANE, "k3")


def test_a_rook_slides_into_a_citadel_in_the_ordinary_way() -> None:
    assert "z2" in reach(Slide(ORTHOGONAL), TAMERLANE, "a2")


def test_the_giraffe_bends_once_then_slides_orthogonally_away() -> None:
    giraffe = BentSlide(DIAGONAL, bends=GIRAFFE_BENDS)
    cells = reach(giraffe, Geometry(11, 10), "f5")
    assert {"g7", "g10", "h6", "k6"} <= cells
    assert "g6" not in cells  # the bend square itself is passed, never a stop
    assert "e6" not in cells  # one diagonal step then orthogonal: never diagonal again


def test_a_minimum_distance_is_an_empty_prefix() -> None:
    giraffe3 = BentSlide(DIAGONAL, bends=GIRAFFE_BENDS, minimum=3)
    assert "g7" not in reach(giraffe3, Geometry(11, 10), "f5")
    assert "g9" in reach(giraffe3, Geometry(11, 10), "f5")
    picket = Slide(DIAGONAL, minimum=2)
    assert reach(picket, Geometry(8, 8), "a1") == {"c3", "d4", "e5", "f6", "g7", "h8"}


def test_relative_atoms_turn_round_for_the_side_on_the_high_ranks() -> None:
    forward = Leap(((0, 1),), relative=True)
    assert reach(forward, Geometry(8, 8), "e4", white=True) == {"e5"}
    assert reach(forward, Geometry(8, 8), "e4", white=False) == {"e3"}


def test_a_leap_ignores_what_stands_between() -> None:
    assert reach(Leap(KNIGHT_LEAPS), Geometry(8, 8), "b1") == {"a3", "c3", "d2"}


def test_an_extra_cell_inside_the_grid_is_refused() -> None:
    with pytest.raises(ValueError, match="lies inside the grid"):
        Geometry(8, 8, extra=(("z1", 3, 3),))


class _GiraffeGame(Variant):
    """A game declared only as data, on the Tamerlane board: no core change needed."""

    name = "giraffe-test"
    piece_types = (KING, PieceType("giraffe", "G", (BentSlide(DIAGONAL, bends=GIRAFFE_BENDS),)))

    def make_geometry(self) -> Geometry:
        return TAMERLANE


def test_a_new_game_on_eleven_by_ten_uses_the_core_without_special_cases() -> None:
    game = _GiraffeGame()
    pos = Position(game)
    g = game.geometry
    pos.put(g.index("j1"), game.code("giraffe", 0))
    pos.put(g.index("k2"), game.code("king", 0))
    pos.put(g.index("z2"), game.code("king", 1))
    moves = {g.name(m[1]) for m in pos._pseudo(0) if g.name(m[0]) == "j1"}
    # The bend cell k2 is occupied: only the bend through i2 remains.
    assert moves == {f"{f}2" for f in "abcdefgh"} | {f"i{r}" for r in range(3, 11)}
    pos2 = Position(game)
    pos2.put(g.index("k2"), game.code("king", 0))
    assert {g.name(m[1]) for m in pos2._pseudo(0)} == {"j1", "j2", "j3", "k1", "k3", "z2"}


def test_extra_cells_are_carried_in_the_board_field() -> None:
    from companion.rules.fen import format_board_field, parse_board_field

    game = _GiraffeGame()
    g = game.geometry
    rows = "/".join(["11"] * 10)
    placed = parse_board_field(game, rows + "[Kk]", 0)
    assert sorted((g.name(c), game.pieces[code].symbol) for c, code in placed) == [
        ("z2", "K"), ("z9", "k")]
    board = [0] * len(g)
    for cell, code in placed:
        board[cell] = code
    assert format_board_field(game, board) == rows + "[Kk]"
    assert format_board_field(game, [0] * len(g)) == rows  # empty extras are left out
    assert parse_board_field(game, rows, 0) == []


def test_a_draughts_jump_is_an_atom_of_jumped_and_landing_cells() -> None:
    from companion.rules.atoms import Jump

    g = Geometry(8, 8)
    pairs = Jump(DIAGONAL).jump_pairs(g, g.index("c3"), True)
    assert sorted((g.name(o), g.name(l)) for o, l in pairs) == [
        ("b2", "a1"), ("b4", "a5"), ("d2", "e1"), ("d4", "e5")]
    assert Jump(DIAGONAL).jump_pairs(g, g.index("a1"), True) == [
        (g.index("b2"), g.index("c3"))]
    assert Jump(DIAGONAL).chained and not Leap(DIAGONAL).chained


def test_chained_atoms_stay_out_of_the_ray_tables_and_the_attack_probes() -> None:
    from companion.rules import get_variant

    v = get_variant("elolbia")
    man = v.code("man", 0)
    g = v.geometry
    assert {g.name(r[1][0]) for r in v.tables[man][g.index("e4")]} == {"e3", "e5", "d4", "f4"}
    assert len(v.jumps[man][g.index("e4")]) == 4
    assert all(man not in codes for _t, codes, _s in v.probes[0])
