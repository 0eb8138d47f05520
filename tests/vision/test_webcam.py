"""The webcam effects model (``companion/vision/synth/webcam.py``), effect by effect, and a game
filmed through it followed without a false move.

Unit tests use a small drawn board (a checkerboard with round "pieces", a dark "hand"); the game
is one of our renders from a test seed (< 1000).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.vision.geometry import get_geometry
from companion.vision.synth.webcam import ALL, Clip, Effects, MoveSpan, clip_of_game, webcam
from companion.vision.view import BoardView

from .films import MAGICI_WEBCAM, magici_webcam_game

G = get_geometry("8x8")
W, H = 320, 240
CORNERS = np.array([[70, 220], [250, 220], [250, 40], [70, 40]], float)  # a1 first, 22.5 px cells
NONE = Effects(noise=False, exposure=False, flicker=False, wobble=False, blur=False,
               jpeg=False, long_hands=False, pause=False, linger=False, framing=False)


def _cell_xy(cell: str) -> tuple[int, int]:
    f, r = G.file_rank(cell)
    view = BoardView.from_corners(G, CORNERS, (W, H))
    x, y = view.plane_to_image(np.array([[f + 0.5, r + 0.5]]))[0]
    return int(round(x)), int(round(y))


def board(pieces: dict[str, str]) -> np.ndarray:
    img = np.full((H, W, 3), (60, 90, 120), np.uint8)  # the table
    cv2.rectangle(img, (62, 32), (258, 228), (40, 60, 90), -1)  # the frame
    s = 22.5
    for f in range(8):
        for r in range(8):
            colour = (150, 200, 235) if (f + r) % 2 else (60, 100, 165)
            x0, y0 = 70 + f * s, 220 - (r + 1) * s
            cv2.rectangle(img, (int(x0), int(y0)), (int(x0 + s), int(y0 + s)), colour, -1)
    for cell, side in pieces.items():
        cv2.circle(img, _cell_xy(cell), 8, (230, 235, 240) if side == "w" else (30, 30, 30), -1)
    return img


def hand_over(img: np.ndarray, cell: str) -> np.ndarray:
    out = img.copy()
    x, y = _cell_xy(cell)
    cv2.line(out, (x, y), (x, H + 20), (110, 145, 195), 26)  # an arm from the near edge
    cv2.circle(out, (x, y), 16, (110, 145, 195), -1)
    return out


def one_move_clip(calm: int = 6) -> Clip:
    before = board({"e2": "w", "d7": "b"})
    after = board({"e4": "w", "d7": "b"})
    frames = [before] * calm + [hand_over(before, "e2"), hand_over(after, "e4")] + [after] * calm
    hand = [False] * calm + [True, True] + [False] * calm
    return Clip(frames, hand, CORNERS.copy(), G, [MoveSpan(calm, calm + 1, ("e2",))])


def top(frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
    return BoardView.from_corners(G, corners, (W, H)).warp(frame).astype(np.float32)


def test_the_same_seed_films_the_same_clip_and_another_seed_another():
    clip = one_move_clip()
    a, b, c = webcam(clip, 5), webcam(clip, 5), webcam(clip, 6)
    assert len(a.frames) == len(b.frames)
    assert all(np.array_equal(x, y) for x, y in zip(a.frames, b.frames))
    assert len(a.frames) != len(c.frames) or not all(
        np.array_equal(x, y) for x, y in zip(a.frames, c.frames))


@pytest.mark.parametrize("fx, pause", [(ALL, 1.0), (ALL, 0.0), (Effects(lens=True), 1.0)],
                         ids=["a pause", "a hover", "through a lens"])
def test_a_film_cut_short_is_the_whole_films_first_frames(fx, pause):
    """``first`` films only the first frames (a test looking at one picture pays for no
    other), and they are the whole film's, to the bit: hands sweeping, hovering, pausing."""
    clip = one_move_clip()
    whole = webcam(clip, 5, fx, pause_p=pause)
    for n in (1, len(whole.frames) // 2, len(whole.frames)):
        cut = webcam(clip, 5, fx, first=n, pause_p=pause)
        assert len(cut.frames) == n and cut.hand == whole.hand[:n]
        assert all(np.array_equal(x, y) for x, y in zip(cut.frames, whole.frames))
        assert np.array_equal(np.asarray(cut.corners), np.asarray(whole.corners))
        assert cut.params == whole.params
    with pytest.raises(ValueError, match="first must be 1 or more"):
        webcam(clip, 5, fx, first=0)


def test_with_no_effect_the_clip_is_unchanged():
    clip = one_move_clip()
    out = webcam(clip, 1, NONE)
    assert len(out.frames) == len(clip.frames)
    assert all(np.array_equal(x, y) for x, y in zip(out.frames, clip.frames))
    assert np.allclose(out.corners, CORNERS) and out.hand == clip.hand


def test_sensor_noise_changes_every_frame_within_a_webcams_range():
    clip = one_move_clip()
    out = webcam(clip, 3, Effects(**{**NONE.__dict__, "noise": True}))
    d = out.frames[1].astype(float) - out.frames[0].astype(float)  # two calm frames
    sigma = d.std() / np.sqrt(2)
    assert 1.0 < sigma < 7.0
    assert out.params["noise"] == pytest.approx(sigma, rel=0.6)


def test_auto_exposure_steps_with_the_hand_and_drifts_back_after_it():
    clip = one_move_clip(calm=40)
    fx = Effects(**{**NONE.__dict__, "exposure": True})
    out = webcam(clip, 2, fx, ae_step=0.2, ae_rest=0.0, wb_step=(0.0, 0.0), ae_out_s=0.5,
                 fps=20.0)
    lum = [f[:, :, 1].astype(float).mean() for f in out.frames]
    calm_before, under_hand = lum[39], lum[41]
    assert under_hand > calm_before * 1.03  # the hand darkened the view: the camera opens up
    first_after, later = lum[42] - lum[-1], lum[52] - lum[-1]
    assert first_after > 0.5 and 0 <= later < first_after  # still brighter, settling back
    clean = clip.frames[-1][:, :, 1].astype(float).mean()
    assert abs(lum[-1] / clean - 1) < 0.005  # back where it was (no resting offset asked)


def test_flicker_moves_the_light_by_a_few_percent_with_crawling_bands():
    clip = one_move_clip()
    out = webcam(clip, 4, Effects(**{**NONE.__dict__, "flicker": True}), flicker=0.02,
                 bands=0.02)
    means = np.array([f.astype(float).mean() for f in out.frames[:6]])
    assert 0.002 < means.std() / means.mean() < 0.04
    rows = out.frames[0].astype(float).mean(axis=(1, 2)) / clip.frames[0].astype(float).mean(
        axis=(1, 2))
    assert rows.max() - rows.min() > 0.01  # bands across the rows


def test_putting_a_piece_down_shakes_the_camera_by_a_pixel_or_two_and_it_settles():
    clip = one_move_clip(calm=30)
    out = webcam(clip, 7, Effects(**{**NONE.__dict__, "wobble": True}), fps=25.0)
    ref = cv2.cvtColor(clip.frames[0], cv2.COLOR_BGR2GRAY).astype(np.float32)

    def shift(i: int) -> float:
        g = cv2.cvtColor(out.frames[i], cv2.COLOR_BGR2GRAY).astype(np.float32)
        (dx, dy), _ = cv2.phaseCorrelate(ref, g)
        return float(np.hypot(dx, dy))

    put_down = 31  # the second hand frame: the piece is set down
    swing = max(shift(i) for i in range(put_down, put_down + 6))
    assert 0.3 < swing < 2.5
    assert shift(len(out.frames) - 1) <= 0.3 * 2.0 + 0.2  # what a loose joint may leave


def test_jpeg_quality_is_a_webcams_and_changes_the_picture():
    clip = one_move_clip()
    out = webcam(clip, 8, Effects(**{**NONE.__dict__, "jpeg": True}))
    assert 35 <= out.params["jpeg"] <= 75
    assert not np.array_equal(out.frames[0], clip.frames[0])
    assert np.abs(out.frames[0].astype(float) - clip.frames[0]).mean() < 6


def test_long_hands_keep_a_hand_in_view_for_one_to_three_and_a_half_seconds():
    clip = one_move_clip()
    fx = Effects(**{**NONE.__dict__, "long_hands": True})
    out = webcam(clip, 9, fx, pause_p=0.0)
    fps = out.params["fps"]
    assert 15 <= fps <= 30
    hand_frames = sum(out.hand)
    assert 1.0 * fps - 1 <= hand_frames <= (3.5 + 0.4) * fps + 1  # (and a hover)
    # the hand moves: most frames differ from the one before under it
    moving = [np.abs(out.frames[i].astype(float) - out.frames[i - 1]).max() > 20
              for i, h in enumerate(out.hand) if h and out.hand[i - 1]]
    assert np.mean(moving) > 0.5


def test_a_pause_mid_move_shows_the_piece_lifted_with_no_hand():
    clip = one_move_clip()
    fx = Effects(**{**NONE.__dict__, "long_hands": True, "pause": True})
    out = webcam(clip, 10, fx, pause_p=1.0, pause_s=(0.5, 0.5))
    first = out.hand.index(True)
    last = len(out.hand) - 1 - out.hand[::-1].index(True)
    gap = [i for i in range(first, last) if not out.hand[i]]
    assert len(gap) >= 0.5 * out.params["fps"] - 1
    lifted = out.frames[gap[len(gap) // 2]]
    for cell, want in (("e2", clip.frames[-1]), ("e4", clip.frames[0]), ("d7", clip.frames[0])):
        x, y = _cell_xy(cell)
        patch = np.s_[y - 5 : y + 5, x - 5 : x + 5]
        assert np.abs(lifted[patch].astype(float) - want[patch]).mean() < 8, cell


def test_a_shadow_or_sleeve_lingers_at_an_edge_after_a_move_then_goes():
    clip = one_move_clip()
    fx = Effects(**{**NONE.__dict__, "linger": True})
    out = webcam(clip, 11, fx, linger_p=1.0)
    after = top(out.frames[-1], CORNERS) - top(clip.frames[-1], CORNERS)
    before = top(out.frames[0], CORNERS) - top(clip.frames[0], CORNERS)
    assert np.abs(before).max() < 1  # nothing before the first hand
    changed = np.abs(after).max(axis=2) > 12
    S, m = 32, 2  # the straightened picture: 32 px cells, 2 cells of margin
    inner = changed[int((m + 2.5) * S): int((m + 5.5) * S), int((m + 2.5) * S): int((m + 5.5) * S)]
    assert changed.mean() > 0.01 and not inner.any()  # at the edge, not in the middle


def test_framing_fills_the_picture_with_the_board_and_moves_the_corners_with_it():
    clip = one_move_clip()
    fx = Effects(**{**NONE.__dict__, "framing": True})
    out = webcam(clip, 12, fx)
    x0, y0 = out.corners.min(axis=0)
    x1, y1 = out.corners.max(axis=0)
    assert (x1 - x0) > 0.6 * W or (y1 - y0) > 0.6 * H  # bigger than the 180 px it was
    assert (x1 - x0) > 190 and (y1 - y0) > 190
    assert (out.corners >= -2).all() and (out.corners[:, 0] <= W + 2).all() and \
        (out.corners[:, 1] <= H + 2).all()  # the playing area stays in view
    # the straightened board is the same picture with the new corners
    a, b = top(clip.frames[0], CORNERS), top(out.frames[0], out.corners)
    S, m = 32, 2
    inside = np.s_[int(m * S) + 4: int((m + 8) * S) - 4, int(m * S) + 4: int((m + 8) * S) - 4]
    assert np.abs(a[inside] - b[inside]).mean() < 12


def test_an_unknown_parameter_is_refused_by_name():
    with pytest.raises(ValueError, match="no_such"):
        webcam(one_move_clip(), 1, ALL, no_such=1)


def test_a_game_filmed_by_a_webcam_is_followed_without_a_false_move():
    """One of our renders (test seed) through noise, auto-exposure and white balance, flicker,
    wobble, blur, MJPEG, a lingering shadow or sleeve and edge-to-edge framing, at the webcam's
    frame rate: no false move, most moves followed."""
    from companion.vision import devbench

    clip, truth, fen = clip_of_game("magici", 6, 7)
    fx = Effects(long_hands=False, pause=False)
    for seed in (1, 2):
        out = webcam(clip, seed, fx)
        score = devbench.follow_game("magici", fen, truth, out.frames, out.corners, "t")
        assert score.false == 0, score.lines
        assert score.followed >= len(truth) - 1, score.lines


def test_a_grainy_picture_is_calm_the_drift_that_ends_a_stretch_is_a_hand_not_grain():
    """Our render seed 5017 (a Due Re game on a grainy scene, TUNE material): the grain makes
    a few cells tremble from frame to frame as much as from the stretch's first picture. That
    is no slow hand: the calm stretches must come, and the game be followed (with drift taken
    alone, 1 move of 14 was seen)."""
    from companion.rules import get_variant
    from companion.vision import devbench
    from companion.vision.geometry import geometry_for_cells
    from companion.vision.synth import random_scene
    from companion.vision.synth.video import game_frames, random_game

    rng = np.random.default_rng(5017)
    pos = get_variant("duere").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    truth = random_game(pos, 14, rng)
    scene = random_scene(rng, g)
    score = devbench.follow_game("duere", None, truth, game_frames(scene, pos, truth, rng), None)
    assert score.false == 0
    assert score.followed >= 12, score.lines


@pytest.mark.slow
@pytest.mark.parametrize("seed", [pytest.param(1, marks=pytest.mark.xdist_group(MAGICI_WEBCAM)), 3])
def test_a_game_through_every_webcam_effect_is_followed_at_its_frame_rate(seed):
    """Every effect on (hands over the board for 1-3.5 s hovering still for a moment, pauses
    with the piece lifted, shadows and sleeves left at an edge, exposure, flicker, wobble,
    blur, MJPEG, framing), followed as the webcam's frame rate says (calm half a second):
    no false move, and at most one move asked. (Seed 1 is the film the app's webcam test
    watches too: filmed once for both.)"""
    from companion.vision import devbench

    if seed == 1:
        out, truth, fen = magici_webcam_game()
        truth = list(truth)
    else:
        clip, truth, fen = clip_of_game("magici", 6, 7)
        out = webcam(clip, seed)
    score = devbench.follow_game("magici", fen, truth, out.frames, out.corners, "t",
                                 fps=out.params["fps"])
    assert score.false == 0, score.lines
    assert score.followed >= len(truth) - 1, score.lines


def test_a_scene_changed_in_place_is_rendered_as_changed_not_from_the_memo():
    """The board's texture and light are kept between pictures of one scene (most of a
    render's time); a scene changed in place (another colour, light, seed) is drawn anew."""
    from dataclasses import replace

    from companion.vision.synth import random_scene, render_static

    scene = random_scene(np.random.default_rng(3), G)
    pieces = {"e2": "w", "d7": "b"}
    first = render_static(scene, pieces)
    assert np.array_equal(render_static(scene, pieces), first)
    for change in ({"light_square": scene.light_square * 0.8}, {"seed": scene.seed + 1},
                   {"gradient": (0.3, 1.0, 0.2)}, {"border": scene.border + 0.2}):
        fresh = replace(scene, **change)
        drawn = render_static(fresh, pieces)
        assert not np.array_equal(drawn, first), change
        for name, value in change.items():  # the same change made in place
            setattr(scene, name, value)
        assert np.array_equal(render_static(scene, pieces), drawn), change
        scene = random_scene(np.random.default_rng(3), G)
    scene.table *= 0.5  # an array changed in place
    assert not np.array_equal(render_static(scene, pieces), first)
    # labels given as a list, their colour as an array: keyed by what they print
    from companion.vision.synth.render import Coordinates

    odd = Coordinates(["rank1", "filea"], colour=np.array([30.0, 30, 170]))  # type: ignore[arg-type]
    assert render_static(scene, pieces, odd).shape == first.shape
