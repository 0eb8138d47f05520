"""A picture whose board is hidden is "no board found", never an error.

Refining a grid fits each edge's lines apart in the board's two halves; over a blank (a hand,
a cloth) they may cross or meet, and the corners they made enclosed no area: the known
position was then read through them and ``BoardView`` raised, so the camera's first frame
ended in an error instead of waiting for a board (case from a TUNE render, 5003).
"""

from __future__ import annotations

from companion.rules import get_variant
from companion.vision.calibration import find_board
from companion.vision.follower import occupancy
from companion.vision.synth.webcam import clip_of_game, webcam


def test_a_board_covered_by_a_blank_is_not_found_rather_than_an_error():
    clip, _, _ = clip_of_game("magici", 0, 5003)
    frame = webcam(clip, 3, first=1).frames[0].copy()
    frame[100:400, 150:500] = (90, 120, 170)  # a flat blank over most of the board
    start = occupancy(get_variant("magici").start_position(), clip.geometry.cells)
    assert find_board(frame, clip.geometry, start) is None
