"""A board found before the game's position was told (the camera screen opened before the
game's), or found wrong, is looked for again with the position while the start is still to
learn: after ``reader.REFIND_AFTER`` calm frames, the wait doubling with each look. Corners
tapped by the referee are never replaced so.

Case from a TUNE render: an oblique webcam over render 7103 (webcam seed 7), where without the
position the board found is 8 rows on the near 4 ranks (a grid at half the squares' step).
"""

from __future__ import annotations

import numpy as np
import pytest

from companion.rules import get_variant
from companion.vision import reader as reader_mod
from companion.vision.calibration import find_board
from companion.vision.follower import occupancy
from companion.vision.reader import Reader, ReadStatus
from companion.vision.synth.webcam import clip_of_game, webcam


@pytest.fixture(scope="module")
def oblique():
    clip, _, _ = clip_of_game("magici", 2, 7103)
    out = webcam(clip, 7)
    g = clip.geometry
    start = occupancy(get_variant("magici").start_position(), g.cells)
    truth = np.asarray(out.corners, float)
    return out.frames[0], g, start, truth, np.linalg.norm(truth[1] - truth[0]) / g.files


def _off(corners, truth, cell) -> float:
    return float(np.linalg.norm(np.asarray(corners, float) - truth, axis=1).max() / cell)


def test_a_board_found_before_the_position_was_told_is_found_again_with_it(oblique):
    frame, g, start, truth, cell = oblique
    reader = Reader(g)  # as the app's camera: no position yet
    reader.read(frame)
    assert _off(reader.corners, truth, cell) > 1.0  # the half-step grid, found without it
    reader.expect(start)  # the game's board screen tells the start
    statuses = [reader.read(frame).status for _ in range(reader_mod.REFIND_AFTER + 3)]
    assert reader.learnt
    assert statuses[-1] is ReadStatus.OK
    assert statuses[:reader_mod.REFIND_AFTER - 1].count(ReadStatus.OK) == 0
    assert _off(reader.corners, truth, cell) < 0.25


def test_corners_the_referee_placed_are_not_replaced_by_a_board_found(oblique):
    frame, g, start, truth, cell = oblique
    placed = find_board(frame, g)  # the half-step grid: as if tapped so
    reader = Reader(g)
    reader.set_corners(placed, (frame.shape[1], frame.shape[0]))
    reader.expect(start)
    for _ in range(2 * reader_mod.REFIND_AFTER + 3):
        reader.read(frame)
    assert not reader.learnt
    assert _off(reader.corners, placed, cell) < 0.01


def test_a_look_again_that_reads_no_more_of_the_position_keeps_the_board(oblique, monkeypatch):
    """A board still to be set up reads about half of a start through any grid: a look that
    finds another grid reading no more of it (``REFIND_GAIN``) leaves the board in use, and
    the looks come further apart (20, then 40 calm frames)."""
    frame, g, start, truth, cell = oblique
    reader = Reader(g, expected=start)
    reader.read(frame)
    assert reader.learnt
    empty = {c: "." for c in g.cells}
    reader.expect(empty)  # a position the board does not show, with the board found right
    looks = []
    aside = np.asarray(reader.corners, float) + [[0, cell], [0, cell], [0, 0], [0, 0]]
    monkeypatch.setattr(reader_mod, "find_board",
                        lambda *a, **k: looks.append(1) or aside.copy())
    for _ in range(reader_mod.REFIND_AFTER + 2 * reader_mod.REFIND_AFTER):
        reader.read(frame)
    assert len(looks) == 2
    assert _off(reader.corners, truth, cell) < 0.25
