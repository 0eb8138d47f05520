import json

import numpy as np
import pytest

from companion.vision.board_text import board_json, board_lines
from companion.vision.geometry import CellState, get_geometry
from companion.vision.view import parse_corners


def test_camerlano_geometry_has_112_cells_with_citadels_beyond_the_edges():
    g = get_geometry("11x10c")
    assert len(g.cells) == 112
    assert g.file_rank("z2") == (11, 1)  # right of k2
    assert g.file_rank("z9") == (-1, 8)  # left of a9


def test_a1_is_a_dark_square():
    g = get_geometry("8x8")
    assert not g.is_light("a1") and g.is_light("h1")


def test_unknown_geometry_and_cell_are_named_in_the_error():
    with pytest.raises(ValueError, match="9x9"):
        get_geometry("9x9")
    with pytest.raises(ValueError, match="z2"):
        get_geometry("8x8").file_rank("z2")


def test_corners_need_eight_numbers():
    with pytest.raises(ValueError, match="8 numbers"):
        parse_corners("1,2,3")
    with pytest.raises(ValueError, match="not a number"):
        parse_corners("1,2,3,4,5,6,7,x")
    assert parse_corners("1,2,3,4,5,6,7,8").shape == (4, 2)


def test_plain_grid_shows_top_rank_first_and_citadels_beside_their_ranks():
    g = get_geometry("11x10c")
    cells = {c: "." for c in g.cells} | {"z9": "b", "z2": "w", "a10": "b", "k1": "w"}
    lines = board_lines(g, cells)
    assert lines[0].startswith("10") and lines[0].split()[1:] == ["b"] + ["."] * 10
    assert lines[1].split()[:2] == ["9", "b"]  # z9 left of a9
    assert lines[8].split()[-1] == "w" and len(lines[8].split()) == 13  # z2 right of k2
    assert lines[9].split()[-1] == "w"  # k1


def test_json_has_corners_and_every_cell():
    g = get_geometry("8x8")
    text = board_json(np.zeros((4, 2)), {c: CellState.EMPTY for c in g.cells})
    data = json.loads(text)
    assert set(data) == {"corners", "cells"} and len(data["cells"]) == 64
