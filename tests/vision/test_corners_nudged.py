"""Corners found with the game's position known: a grid that no line fit puts on the board is
nudged, corner by corner, until its cells read the position (``calibration._nudged``)."""

from __future__ import annotations

import numpy as np

from companion.rules import get_variant
from companion.vision import calibration
from companion.vision.calibration import find_board
from companion.vision.follower import occupancy
from companion.vision.synth.webcam import ALL, clip_of_game, webcam


def test_a_webcam_framed_camerlano_start_is_found_by_nudging_to_the_known_position(monkeypatch):
    """Tune render 5066 (Camerlano) through webcam seed 1, no lens: the board fills the picture
    with its citadels, and the start's tall dark pieces over the far ranks hide its lines. The
    refined grid's far corners slip a file in, the squares then name that grid the wrong way
    round, and a crosswise grid through the probing lens fits the lines better: no grid reads
    the start position (at most 0.44 of its cells), and the camera would wait for ever.
    Nudged to the position and fitted again from there, the corners are within 0.25 cell."""
    clip, _, _ = clip_of_game("camerlano", 1, 5066)
    out = webcam(clip, 1, ALL)
    image, truth, g = out.frames[0], np.asarray(out.corners), clip.geometry
    pos = get_variant("camerlano").start_position()
    start = occupancy(pos, g.cells)
    cell = np.linalg.norm(truth[1] - truth[0]) / g.files

    def error(found: object) -> float:
        if found is None:
            return float("inf")
        return float(np.linalg.norm(np.asarray(found) - truth, axis=1).max() / cell)

    assert error(find_board(image, g, start)) < 0.25
    monkeypatch.setattr(calibration, "_nudged", lambda *a: None)  # the grids as fitted
    assert error(find_board(image, g, start)) > 1.0


def test_a_board_whose_grid_reads_the_position_is_not_nudged(monkeypatch):
    """The usual case costs nothing more: a grid that reads the known position as it is
    fitted is taken without a nudge (the same corners as before)."""
    clip, _, _ = clip_of_game("camerlano", 1, 5060)
    out = webcam(clip, 1, ALL)
    pos = get_variant("camerlano").start_position()
    start = occupancy(pos, clip.geometry.cells)
    calls: list[int] = []
    real = calibration._nudged

    def counted(*a):
        calls.append(1)
        return real(*a)

    monkeypatch.setattr(calibration, "_nudged", counted)
    found = find_board(out.frames[0], clip.geometry, start)
    truth = np.asarray(out.corners)
    cell = np.linalg.norm(truth[1] - truth[0]) / clip.geometry.files
    assert np.linalg.norm(np.asarray(found) - truth, axis=1).max() / cell < 0.25
    assert not calls
