"""A lone photo's cells told from empty squares by their colour against the board's surely read
empty squares of the same colour (``cellnet.by_square``, from ``CellNet.settle`` when the
reader gives it the light squares).

The boards are our renders of sets, squares and light the network never trained on
(``train.unseen_renders``), drawn from test seeds: there the network alone takes a flat man of
its square's brightness for an empty square, or an empty square for a man."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision.cellnet import CLASSES, CellNet, crops
from companion.vision.reader import Reader
from companion.vision.train import unseen_renders

pytestmark = pytest.mark.skipif(not CellNet.available(), reason="no committed cell network")


@pytest.mark.parametrize("seed, cell, truth", [(41, "c3", "b"), (92, "c5", "."), (108, "d1", "w"),
                                              (203, "e3", "b")])
def test_a_lone_photo_s_cell_is_read_against_its_board_s_empty_squares(seed, cell, truth):
    ((_, image, g, corners, labels),) = unseen_renders([seed])
    assert labels[cell] == truth
    reading = Reader(g, corners).read(image, video=False, hands=False)
    assert reading.ok
    assert [c for c in g.cells if reading.cells[c].value != labels[c]] == []
    # without the empty squares' colour, the same board's cell was misread
    net = CellNet.load()
    p = net.settle(crops(image, g, corners), 2)
    assert CLASSES[int(p[g.cells.index(cell)].argmax())] != truth


def test_without_the_light_squares_settle_reads_as_before():
    ((_, image, g, corners, _),) = unseen_renders([92])
    net = CellNet.load()
    batch = crops(image, g, corners)
    light = np.array([g.is_light(c) for c in g.cells])
    plain, squared = net.settle(batch, 2), net.settle(batch, 2, light=light)
    assert np.allclose(plain.sum(axis=1), 1) and np.allclose(squared.sum(axis=1), 1)
    # only the piece-against-empty odds move: light against dark is kept
    share = lambda q: q[:, 1] / np.maximum(q[:, 1] + q[:, 2], 1e-12)
    assert np.allclose(share(plain), share(squared), atol=1e-9)
    assert not np.allclose(plain[:, 0], squared[:, 0])
