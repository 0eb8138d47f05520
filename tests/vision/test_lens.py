"""A webcam's lens: the model (``synth/webcam.py``, ``view.Lens``), the straightening through
it (``BoardView``) and the corner finder estimating it (``calibration._unbend``).

Renders from test seeds (< 1000); webcam seeds < 1000.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.vision import calibration
from companion.vision.calibration import find_board
from companion.vision.reader import Reader
from companion.vision.synth.webcam import ALL, LENS, Effects, clip_of_game, lens_still, webcam
from companion.vision.view import BoardView, Corners, Lens, lens_of

from tests.vision.test_webcam import CORNERS, NONE, G, H, W, board

STILL = Effects(**{**NONE.__dict__, "framing": True, "lens": True})  # framed, bent, nothing else


def test_the_lens_round_trips_and_bends_barrel_wise():
    lens = Lens.for_image(-0.2, (640, 480), 70, (0.02, -0.01))
    pts = np.array([[0.0, 0.0], [640, 480], [320, 10], [600, 240]])
    assert np.allclose(lens.undistort(lens.distort(pts)), pts, atol=1e-6)
    c = np.array(lens.centre)
    # barrel: every point is seen nearer the centre, the farther ones the more
    r_ideal = np.linalg.norm(pts - c, axis=1)
    r_seen = np.linalg.norm(lens.distort(pts) - c, axis=1)
    assert (r_seen < r_ideal).all()
    assert np.argmax(r_ideal - r_seen) == np.argmax(r_ideal)


def test_corners_carry_their_lens_through_turns_and_views():
    lens = Lens(-0.15, (160.0, 120.0), 230.0)
    corners = Corners(CORNERS, lens)
    assert np.roll(corners, 2, axis=0).lens is lens
    view = BoardView.from_corners(G, corners, (W, H))
    assert view.lens is lens and view.corners.lens is lens
    # the plane's corners land on the corners given, the bent way
    assert np.allclose(view.plane_to_image(np.array(G.corners_plane)), CORNERS, atol=1e-6)
    assert BoardView.from_corners(G, CORNERS, (W, H)).lens is None
    assert lens_of(Corners(CORNERS, Lens(0.0, (0.0, 0.0), 1.0))) is None  # bends nothing


@pytest.mark.slow
def test_the_lens_effect_leaves_every_other_draw_as_it_was():
    clip, _, _ = clip_of_game("duere", 1, 42)
    plain, bent = webcam(clip, 3, ALL), webcam(clip, 3, LENS)
    keep = {k: v for k, v in plain.params.items() if not k.startswith("lens")}
    assert keep == {k: v for k, v in bent.params.items() if not k.startswith("lens")}
    assert len(plain.frames) == len(bent.frames) and plain.hand == bent.hand
    assert -0.25 <= bent.params["lens_k"] <= -0.05 and 60 <= bent.params["lens_fov"] <= 80
    # the true corners are the framed ones seen through the lens, and carry it
    assert lens_of(plain.corners) is None
    assert np.allclose(bent.corners, bent.corners.lens.distort(np.asarray(plain.corners)))
    assert not np.allclose(bent.frames[0], plain.frames[0])


def test_a_piece_is_seen_where_the_corners_and_their_lens_put_it_not_the_straight_homography():
    frame = board({"e8": "b"})
    fx = Effects(**{**NONE.__dict__, "lens": True})
    from companion.vision.synth.webcam import Clip, MoveSpan

    clip = Clip([frame] * 3, [False, True, False], CORNERS.copy(), G, [MoveSpan(1, 1, ())])
    out = webcam(clip, 5, fx, lens_k=-0.25, lens_fov=60.0)
    dark = (out.frames[0].max(axis=2) < 45).astype(np.uint8)
    n, _, stats, centres = cv2.connectedComponentsWithStats(dark)
    dot = centres[1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))]
    with_lens = BoardView.from_corners(G, out.corners, (W, H)).plane_to_image(
        np.array([G.cell_centre("e8")]))[0]
    straight = BoardView.from_corners(G, np.asarray(out.corners), (W, H)).plane_to_image(
        np.array([G.cell_centre("e8")]))[0]
    assert np.linalg.norm(dot - with_lens) < 1.0
    assert np.linalg.norm(dot - straight) > 2.0  # what a single homography would miss by


def test_a_photo_through_a_lens_reads_right_with_its_true_corners():
    clip, _, _ = clip_of_game("duere", 1, 7)
    image = clip.frames[0]
    bent, corners = lens_still(image, clip.corners, -0.25)
    assert lens_of(corners) is not None
    plain = Reader(clip.geometry, clip.corners).read(image, video=False, hands=False)
    seen = Reader(clip.geometry, corners).read(bent, video=False, hands=False)
    assert seen.ok and seen.cells == plain.cells


@pytest.mark.parametrize("seed", [100, 104])
def test_a_bent_webcam_picture_has_its_corners_found_with_its_lens(seed, monkeypatch):
    """Framed edge to edge through a lens of k -0.25: the straight grid fit misses the
    corners by half a cell or more; the lens estimated from the lines' bending finds them,
    and the cells read with them are the game's."""
    clip, _, _ = clip_of_game("duere", 1, seed)
    out = webcam(clip, seed, STILL, first=1, lens_k=-0.25)
    image, truth = out.frames[0], out.corners
    cell = np.linalg.norm(truth[1] - truth[0]) / clip.geometry.files

    def error(found: np.ndarray) -> float:
        return float(np.linalg.norm(np.asarray(found) - np.asarray(truth), axis=1).max() / cell)

    found = find_board(image, clip.geometry)
    assert found is not None and lens_of(found) is not None
    assert error(found) < 0.25
    expected = Reader(clip.geometry, clip.corners).read(clip.frames[0], video=False, hands=False)
    seen = Reader(clip.geometry, found).read(image, video=False, hands=False)
    assert seen.ok and seen.cells == expected.cells
    monkeypatch.setattr(calibration, "LENS_GAIN", float("inf"))  # no lens looked for
    assert error(find_board(image, clip.geometry)) > 0.4


def test_a_straight_board_gets_no_lens():
    clip, _, _ = clip_of_game("duere", 1, 100)
    out = webcam(clip, 100, Effects(**{**STILL.__dict__, "lens": False}), first=1)
    found = find_board(out.frames[0], clip.geometry)
    assert found is not None and lens_of(found) is None


def _camerlano_through(seed: int, k: float):
    """A still of a Camerlano board filling the picture through a lens of ``k``: the webcam's
    output, the board's geometry, and how far found corners lie from the true ones (cells)."""
    clip, _, _ = clip_of_game("camerlano", 1, seed)
    out = webcam(clip, seed, STILL, first=1, lens_k=k)
    truth = out.corners
    cell = np.linalg.norm(truth[1] - truth[0]) / clip.geometry.files

    def error(found: np.ndarray | None) -> float:
        if found is None:
            return float("inf")
        return float(np.linalg.norm(np.asarray(found) - np.asarray(truth), axis=1).max() / cell)

    return out, clip.geometry, error


@pytest.mark.parametrize("seed", [
    pytest.param(101, marks=pytest.mark.xfail(strict=True, reason=(
        "known miss: found a file aside through the lens since the search was made cheaper "
        "(coarse lenses 0.08 apart); the 0.05-apart search found it"))),
    103])
def test_a_camerlano_board_filling_the_picture_through_a_usual_lens_is_found(seed, monkeypatch):
    """The 11x10 board with its citadels fills a 4:3 picture's width, so its outer files lie
    where a lens bends most: with straight lines alone the grid slips a file or more (or lands
    elsewhere); through the lens it is found within 0.25 cell, a1 right."""
    out, geometry, error = _camerlano_through(seed, -0.15)
    assert error(find_board(out.frames[0], geometry)) < 0.25
    monkeypatch.setattr(calibration, "LENS_GAIN", float("inf"))
    assert error(find_board(out.frames[0], geometry)) > 1.0


def test_a_wide_lens_on_a_framed_camerlano_board_is_found_from_a_first_fit_through_a_lens(
        monkeypatch):
    """k -0.25 on a Camerlano board framed edge to edge: every straight first fit lands its
    lines a little aside, and refining from there slips; the first fit made through a probing
    lens (``LENS_PROBE``) starts on the grid, and the board is found within 0.25 cell."""
    out, geometry, error = _camerlano_through(107, -0.25)
    found = find_board(out.frames[0], geometry)
    assert error(found) < 0.25 and lens_of(found) is not None
    monkeypatch.setattr(calibration, "LENS_PROBE", 0.0)  # straight first fits only
    assert error(find_board(out.frames[0], geometry)) > 0.5


def test_a_wide_lens_board_is_found_through_the_faint_noise_of_another_opencv_release():
    """The same framed Camerlano board through k -0.25, each pixel moved by up to 2 levels
    (OpenCV 5.1.0 draws this picture 1696 pixels up to 3 levels off 5.0.0's): the first fit
    made through the probing lens is refined through it too, and the board is found (with
    noise seeds 1-7 all). Refined straight (as before), its grid slipped and the board was
    found 2.04 cells off here (seed 7, the one of 1-7 that failed), 0.61 on 5.1.0's picture."""
    out, geometry, error = _camerlano_through(107, -0.25)
    rng = np.random.default_rng(7)
    image = np.clip(out.frames[0].astype(int) + rng.integers(-2, 3, out.frames[0].shape),
                    0, 255).astype(np.uint8)
    found = find_board(image, geometry)
    assert error(found) < 0.25 and lens_of(found) is not None


@pytest.mark.slow
@pytest.mark.parametrize("seed", [105, 114])
def test_a_grid_whose_cells_do_not_alternate_gives_way_to_one_whose_cells_do(seed, monkeypatch):
    """k -0.25 on a framed Camerlano board: the lines of the frame and the citadels pull the
    best grid a part of a file aside, where its cells no longer alternate light and dark; a
    rival grid that fits nearly as well and whose cells do (``CHECKERED_MIN``) is the board."""
    out, geometry, error = _camerlano_through(seed, -0.25)
    assert error(find_board(out.frames[0], geometry)) < 0.25
    assert calibration._checkered(out.frames[0], geometry, out.corners) > \
        calibration.CHECKERED_MIN
    monkeypatch.setattr(calibration, "CHECKERED_MIN", -np.inf)  # the best grid, whatever
    assert error(find_board(out.frames[0], geometry)) > 0.5
