"""The letters and digits printed on a board's frame name its a1 corner (the half turn that an
8x8 board's squares cannot tell). Renders from seeds below 1000, labels drawn by our renderer
in faces, weights, sizes and colours the reader does not use itself."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from companion.vision import calibration, coords
from companion.vision.calibration import find_board
from companion.vision.coords import read_coordinates
from companion.vision.geometry import get_geometry
from companion.vision.synth import random_scene
from companion.vision.synth.render import Coordinates, render

from .conftest import random_pieces

G8 = get_geometry("8x8")


def _shot(seed: int, coordinates: Coordinates | None, geometry=G8, border: float = 0.7,
          beside=(), density: float = 0.3):
    """A middle game (pieces of both colours all over: the armies do not tell the half turn)
    on a frame ``border`` cells wide."""
    rng = np.random.default_rng(seed)
    scene = dataclasses.replace(random_scene(rng, geometry), border=border)
    return render(scene, random_pieces(rng, geometry.cells, density), rng,
                  coordinates=coordinates, beside=beside)


def _half_turned(image: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The photo turned half round (the camera on the dark side): a1 at the top."""
    h, w = image.shape[:2]
    return cv2.rotate(image, cv2.ROTATE_180), np.array([w - 1, h - 1]) - corners


def _error(found: np.ndarray | None, corners: np.ndarray, geometry=G8) -> float:
    assert found is not None
    cell = np.linalg.norm(corners[1] - corners[0]) / geometry.files
    return float(np.linalg.norm(found - corners, axis=1).max() / cell)


def test_a_half_turned_middle_game_gets_a1_from_the_printed_coordinates(monkeypatch):
    shot = _shot(104, Coordinates(("rank1", "filea"), font=cv2.FONT_HERSHEY_TRIPLEX))
    image, corners = _half_turned(shot.image, shot.corners)
    assert _error(find_board(image, G8), corners) < 0.25
    # without the reader the board is still found, but named from the picture's bottom edge:
    # a1 lands on h8
    monkeypatch.setattr(coords, "read_coordinates", lambda *a: None)
    without = find_board(image, G8)
    assert _error(without, corners) > 5 and _error(np.roll(without, 2, axis=0), corners) < 0.25


STYLES = [
    Coordinates(("rank1", "filea")),
    Coordinates(("rank1", "rankN", "filea", "fileN"), "outward", cv2.FONT_HERSHEY_COMPLEX, 1),
    Coordinates(("rank1", "rankN", "filea"), "outward", cv2.FONT_HERSHEY_TRIPLEX, 1, 0.5),
    Coordinates(("rank1",), "white", cv2.FONT_HERSHEY_SIMPLEX | cv2.FONT_ITALIC, 2, 0.5),
    Coordinates(("filea",), "outward", cv2.FONT_HERSHEY_DUPLEX, 2, 0.5),
    Coordinates(("rank1", "filea", "fileN"), "white", cv2.FONT_HERSHEY_PLAIN, 2, 0.55,
                (30, 30, 170)),
]


@pytest.mark.parametrize("style", range(len(STYLES)))
def test_labels_of_many_styles_name_the_corners_either_way_round(style):
    shot = _shot(110 + style, STYLES[style])
    c = shot.corners
    turned = np.roll(c, 2, axis=0)
    assert read_coordinates(shot.image, G8, [c, turned]) == 0
    assert read_coordinates(shot.image, G8, [turned, c]) == 1


def test_a_quarter_turn_is_named_too_when_the_squares_cannot_tell():
    shot = _shot(120, Coordinates(("rank1", "rankN", "filea", "fileN"), "outward"))
    options = [np.roll(shot.corners, -t, axis=0) for t in range(4)]
    assert read_coordinates(shot.image, G8, options[1:] + options[:1]) == 3


def test_camerlano_letters_a_to_k_name_a1():
    g = get_geometry("11x10c")
    shot = _shot(130, Coordinates(("rank1", "rankN"), "outward"), geometry=g)
    c = shot.corners
    assert read_coordinates(shot.image, g, [np.roll(c, 2, axis=0), c]) == 1


@pytest.mark.parametrize("seed", [140, 141, 142, 143])
def test_no_labels_no_answer(seed):
    shot = _shot(seed, None, border=float(0.4 + 0.1 * (seed % 4)))
    c = shot.corners
    assert read_coordinates(shot.image, G8, [c, np.roll(c, 2, axis=0)]) is None


def test_captured_pieces_on_the_far_frame_do_not_turn_the_board():
    # a row of captured pieces stands along the far edge, one beside every file, and a few on
    # the table: the labels on the near edges still name a1
    beside = tuple((f + 0.5, 8.35, "wb"[f % 2]) for f in range(8)) + \
        ((-1.0, 2.5, "b"), (9.2, 6.5, "w"), (3.5, -1.4, "w"))
    shot = _shot(150, Coordinates(("rank1", "filea")), beside=beside)
    image, corners = _half_turned(shot.image, shot.corners)
    assert _error(find_board(image, G8), corners) < 0.25


def test_the_labels_come_before_the_armies_and_the_picture_bottom(monkeypatch):
    # the orient order: labels first; when they abstain, the armies apart, then the bottom edge
    shot = _shot(160, Coordinates(("rank1", "filea")))
    image, corners = _half_turned(shot.image, shot.corners)
    # the armies (made up here) would name the wrong end
    monkeypatch.setattr(calibration, "_sides_apart",
                        lambda img, g, c: 1 if _error(c, corners) > 5 else -1)
    found = calibration.orient(image, G8, np.roll(corners, 2, axis=0))
    assert _error(found, corners) < 0.25


def test_marks_too_small_to_read_on_a1s_two_edges_still_name_it():
    # glyphs a tenth of a cell tall: dots at cell pitch along rank 1 and file a only
    shot = _shot(175, Coordinates(("rank1", "filea"), height=0.15))
    c, turned = shot.corners, np.roll(shot.corners, 2, axis=0)
    top = coords._straightened(shot.image, G8, c)
    assert sum(coords.edge_scores(shot.image, G8, c, top).values()) - sum(
        coords.edge_scores(shot.image, G8, turned).values()) < coords.CLEAR  # unreadable
    assert read_coordinates(shot.image, G8, [turned, c]) == 1
    assert read_coordinates(shot.image, G8, [c, turned]) == 0


def test_marks_on_three_edges_name_nothing():
    shot = _shot(171, Coordinates(("rank1", "rankN", "filea"), height=0.15))
    c = shot.corners
    assert read_coordinates(shot.image, G8, [c, np.roll(c, 2, axis=0)]) is None


def test_mark_strength_wants_a_small_mark_beside_every_cell():
    S = coords.CELL_PX
    rng = np.random.default_rng(0)
    plain = rng.normal(120, 3, (S, 8 * S)).astype(np.float32)
    dots = plain.copy()
    for i in range(8):
        cv2.circle(dots, (int((i + 0.5) * S), S // 2), 3, 60, -1)
    scattered = plain.copy()
    for x in rng.uniform(0, 8 * S, 8):
        cv2.circle(scattered, (int(x), int(rng.uniform(5, S - 5))), 3, 60, -1)
    assert coords.mark_strength(dots, 8) > coords.MARKED
    assert coords.mark_strength(plain, 8) < coords.UNMARKED
    assert coords.mark_strength(scattered, 8) < coords.MARKED
