"""The board's look is learnt again, after a change on the screen the players still have to make
on the board, only from a frame that shows the changed cells as the screen has them: a frame
still showing the old board there agrees with the position on all but those cells, enough
to be learnt from otherwise."""

from __future__ import annotations

import numpy as np

from companion.rules import get_variant
from companion.vision.follower import occupancy
from companion.vision.geometry import get_geometry
from companion.vision.reader import Reader, ReadStatus
from companion.vision.synth import random_scene, render

G = get_geometry("8x8")


def frames():
    pos = get_variant("magici").start_position()
    start = occupancy(pos, G.cells)
    pos.push(pos.parse_move("e2e4"))
    after = occupancy(pos, G.cells)
    rng = np.random.default_rng(43)
    scene = random_scene(rng, G)
    shots = [render(scene, {c: v for c, v in occ.items() if v != "."}, rng) for occ in (start, after)]
    return start, shots[0], shots[1]


def test_a_frame_still_showing_the_move_is_not_learnt_from_when_its_cells_must_show_the_screen():
    start, at_start, at_e4 = frames()
    reader = Reader(G, at_start.corners)
    reader.expect(start, must={"e2", "e4"})
    for _ in range(3):  # the pawn still on e4 on the real board
        assert reader.read(at_e4.image).status is ReadStatus.UNEXPECTED
    assert not reader.learnt
    reader.read(at_start.image)
    assert reader.read(at_start.image).learnt  # put back: learnt from it


def test_without_the_cells_the_frame_still_showing_the_move_is_learnt_from():
    """The guard's reason: learnt from loosely, the frame with the pawn on e4 is taken for the
    start (62 of 64 cells agree)."""
    start, at_start, at_e4 = frames()
    reader = Reader(G, at_start.corners)
    reader.expect(start)
    reader.read(at_e4.image)
    assert reader.read(at_e4.image).learnt
