"""A lone photo's pieces read against the whole board (``CellNet.settle``): the last layer is
retuned on the photo's surely read cells only when they hold every class, each piece's
light-or-dark odds move with its colour against the board's surely read light and dark
pieces (``cellnet.by_colour``), and each cell's piece-or-empty odds with its colour against the
board's surely read empty squares of its square's colour (``cellnet.by_square``)."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from companion.vision.cellnet import (CLASSES, CellNet, by_colour, by_square, crops,
                                      piece_colours)
from companion.vision.geometry import get_geometry
from companion.vision.synth import random_scene, render
from companion.vision.view import BoardView

pytestmark = pytest.mark.skipif(not CellNet.available(), reason="no committed cell network")

G = get_geometry("8x8")


def _misread(p: np.ndarray, cells: dict[str, str]) -> list[str]:
    return [c for c, k in zip(G.cells, p.argmax(axis=1)) if CLASSES[int(k)] != cells[c]]


@pytest.mark.parametrize("seed", [716, 737])
def test_a_board_whose_sure_pieces_are_all_dark_does_not_teach_that_a_piece_is_dark(seed):
    """Tan light pieces (two) among eight dark ones, none of the tan ones read surely: retuned
    on such a board's sure cells, the layer learnt that a piece is dark and read a tan piece
    dark (tune still dev_000 is such a board); the layer is now retuned only when the sure
    cells hold empty squares, light and dark pieces."""
    rng = np.random.default_rng(seed)
    scene = dataclasses.replace(random_scene(rng, G), light_piece=np.array([95, 150, 190.0]))
    cells = list(G.cells)
    rng.shuffle(cells)
    pieces = {c: "b" for c in cells[:8]} | {c: "w" for c in cells[8:10]}
    shot = render(scene, pieces, rng)
    net = CellNet.load()
    batch = crops(shot.image, G, shot.corners)
    first = net.probabilities(batch, 2)
    assert not (first[:, 1] >= 0.9).any()  # no light piece read surely
    assert _misread(net.settle(batch, 2), shot.cells) == []
    assert net.tuned is None


def _with_a_paler_dark_piece(seed: int, factor: float):
    """A render in which one dark piece standing alone is ``factor`` times as bright as the
    others (the same hue: a mid-brown piece of a dark-brown set), pasted from a second render
    of the same scene: the image, the truth, the corners and that piece's cell."""
    rng = np.random.default_rng(seed)
    scene = random_scene(rng, G)
    pieces: dict[str, str] = {}
    for j in rng.permutation(len(G.cells))[:14]:
        pieces[G.cells[j]] = "w" if len(pieces) % 2 else "b"

    def alone(cell: str) -> bool:
        f, r = G.file_rank(cell)
        return not any(o != cell and max(abs(G.file_rank(o)[0] - f), abs(G.file_rank(o)[1] - r))
                       <= 1 for o in pieces)

    cell = next(c for c, s in pieces.items() if s == "b" and alone(c))
    plain = render(scene, pieces, np.random.default_rng(seed + 1))
    paler = dataclasses.replace(scene, dark_piece=np.clip(scene.dark_piece * factor, 0, 255))
    other = render(paler, pieces, np.random.default_rng(seed + 1))
    changed = (np.abs(plain.image.astype(int) - other.image.astype(int)).max(axis=2) > 6)
    _, blobs = cv2.connectedComponents(cv2.dilate(changed.astype(np.uint8), np.ones((3, 3))))
    size = (plain.image.shape[1], plain.image.shape[0])
    x, y = BoardView.from_corners(G, plain.corners, size, 12).plane_to_image(
        np.array([G.cell_centre(cell)]))[0]
    piece = (blobs == blobs[int(round(y)), int(round(x))]) & changed
    assert 50 < piece.sum() < 0.02 * changed.size
    image = plain.image.copy()
    image[piece] = other.image[piece]
    return image, plain.cells, plain.corners, cell


@pytest.mark.parametrize("seed, factor", [(759, 3.0), (777, 3.0), (782, 3.5)])
def test_a_mid_brown_piece_of_a_dark_brown_set_is_read_dark_by_its_colour(seed, factor):
    """Alone, the network takes a paler piece of a reddish-brown dark set for a tan light one;
    against the board's cream light pieces and its brown dark ones, its colour is the dark
    set's (as the mid-brown dark pieces of tune still dev_072)."""
    image, cells, corners, cell = _with_a_paler_dark_piece(seed, factor)
    net = CellNet.load()
    batch = crops(image, G, corners)
    i = G.cells.index(cell)
    assert net.probabilities(batch, 2)[i].argmax() == CLASSES.index("w")  # alone: light
    p = net.settle(batch, 2)
    assert CLASSES[int(p[i].argmax())] == "b"
    assert len(_misread(p, cells)) <= 1


def test_the_colour_moves_only_the_light_against_dark_odds_and_only_so_far():
    sure = [[0.0, 0.96, 0.04]] * 3 + [[0.0, 0.04, 0.96]] * 3
    p = np.array(sure + [[0.3, 0.4, 0.3], [0.0, 0.999, 0.001], [0.9, 0.05, 0.05]])
    light, dark = [0.1, -0.1], [-0.12, 0.2]
    colours = np.array([light] * 3 + [dark] * 3 + [dark, dark, light], float)
    out = by_colour(p, colours)
    assert np.allclose(out.sum(axis=1), 1) and np.allclose(out[:, 0], p[:, 0])
    assert out[6, 2] > out[6, 1]  # a doubtful piece of the dark set's colour: dark
    assert out[7].argmax() == 1  # a sure one: the odds move by at most COLOUR_CLIP
    assert out[8].argmax() == 0  # an empty square stays empty
    # a cell read empty stays so, though its piece's odds gathered would outweigh the empty's
    doubt = np.vstack([p[:6], [[0.42, 0.37, 0.21]]])
    assert np.array_equal(by_colour(doubt, colours[:7])[6], doubt[6])
    # a board with no sure piece of a colour gives nothing to compare with
    assert np.array_equal(by_colour(p[3:7], colours[3:7]), p[3:7])


def test_one_sure_piece_of_a_set_is_enough_to_know_its_colour():
    """A light army in a shadow, read dark all but one piece in the light (unseen-set render
    5030): that one piece gives the light set's colour, and its doubtful fellows of that
    colour are light (two sure pieces of each set were asked for, and they stayed dark)."""
    p = np.array([[0.0, 0.97, 0.03]] + [[0.0, 0.03, 0.97]] * 3 + [[0.02, 0.35, 0.63]] * 2)
    light, dark = [0.0, 0.0], [0.0, -0.14]
    colours = np.array([light] + [dark] * 3 + [light, dark], float)
    out = by_colour(p, colours)
    assert out[4].argmax() == 1 and out[5].argmax() == 2
    assert np.array_equal(out[:4].argmax(axis=1), p[:4].argmax(axis=1))
    # two pieces sure in all are not enough: one of each set is no spread to measure with
    assert np.array_equal(by_colour(p[[0, 1, 4]], colours[[0, 1, 4]]), p[[0, 1, 4]])


def test_the_square_s_colour_moves_only_the_piece_against_empty_odds():
    """Three sure empty squares of each colour, sure pieces of both sets: a doubtful cell of
    its empty squares' colour is empty, one of either set's colour a piece; light against dark
    is left as it was, and a cell is compared only with empty squares of its own colour."""
    pale, brown, cream, black = [0.1, -0.1], [-0.1, 0.15], [0.25, -0.25], [-0.2, -0.05]
    p = np.array([[0.97, 0.02, 0.01]] * 6 + [[0.0, 0.97, 0.03]] * 2 + [[0.0, 0.03, 0.97]] * 2
                 + [[0.45, 0.5, 0.05], [0.6, 0.3, 0.1], [0.45, 0.05, 0.5], [0.4, 0.1, 0.5],
                    [0.55, 0.4, 0.05]])
    colours = np.array([pale] * 3 + [brown] * 3 + [cream] * 2 + [black] * 2
                       + [pale, cream, black, brown, pale], float)
    light = np.array([True] * 3 + [False] * 3 + [True, False] * 2 + [True] * 3 + [False] * 2)
    out = by_square(p, colours, light)
    assert np.allclose(out.sum(axis=1), 1)
    assert out[10].argmax() == 0  # a light square's colour on a light square: empty
    assert out[11].argmax() == 1  # the light set's colour: a light piece
    assert out[12].argmax() == 2  # the dark set's colour: a dark piece
    assert out[13].argmax() == 0  # a dark square's colour on a dark square: empty
    assert out[14].argmax() == 1  # a light square's colour, but on a dark square: not empty
    piece = out[:, 1] + out[:, 2]
    assert np.allclose(out[:, 1] / piece, p[:, 1] / (p[:, 1] + p[:, 2]))
    assert np.array_equal(out[:10].argmax(axis=1), p[:10].argmax(axis=1))
    # fewer than three sure empty squares of a colour: that colour's cells stay as they were
    few = [0, 1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert np.array_equal(by_square(p[few], colours[few], light[few])[-1], p[10])
    # a piece of either set is a piece: the dark set's colour where the network leans light
    lean = by_square(np.vstack([p, [[0.5, 0.4, 0.1]]]), np.vstack([colours, [black]]),
                     np.append(light, True))
    assert lean[-1, 0] < 0.5
    # no set with two sure pieces: nothing to compare with
    few = [0, 1, 2, 6, 8, 10]
    assert np.array_equal(by_square(p[few], colours[few], light[few]), p[few])


def test_the_colour_of_a_piece_is_its_sets_on_a_render():
    rng = np.random.default_rng(731)
    scene = random_scene(rng, G)
    scene = dataclasses.replace(scene, light_piece=np.array([200, 225, 235.0]),
                                dark_piece=np.array([40, 50, 110.0]))
    pieces = {c: "w" for c in ("b2", "d4", "f6", "h8")} | {c: "b" for c in ("a7", "c5", "e3",
                                                                          "g1")}
    shot = render(scene, pieces, rng)
    colours = piece_colours(crops(shot.image, G, shot.corners))
    red = colours[:, 1] - colours[:, 0]  # log red less log blue
    light = [red[G.cells.index(c)] for c, s in pieces.items() if s == "w"]
    dark = [red[G.cells.index(c)] for c, s in pieces.items() if s == "b"]
    assert max(light) + 0.2 < min(dark), (light, dark)
