"""What every frame costs, made smaller without a number moving: the calm frame's check that
the board is still where it was (``grid_score``) takes its medians only where it looks, and
the change meter's picture (``ChangeMeter.prepare``) takes logs only of the pixels it
compares; both look a pixel's log up. Each is checked, to the bit, against the plain
computation over the whole picture."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.vision.calibration import grid_score
from companion.vision.change import ChangeMeter
from companion.vision.geometry import get_geometry
from companion.vision.synth import random_scene, render
from companion.vision.view import BoardView


def plain_grid_score(view: BoardView, top: np.ndarray) -> float:
    """The score as first written: every column's and row's median edge strength."""
    g, S, m = view.geometry, view.cell_px, view.margin
    gray = top if top.ndim == 2 else cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    gray = np.log(gray.astype(np.float32) + 10)
    y0, y1 = int(m * S), int((m + g.ranks) * S)
    x0, x1 = int(m * S), int((m + g.files) * S)
    px = np.median(np.abs(np.diff(gray[y0:y1, x0 - 2 : x1 + 2], axis=1)), axis=0)
    py = np.median(np.abs(np.diff(gray[y0 - 2 : y1 + 2, x0:x1], axis=0)), axis=1)
    lines_x = [int(i * S) + 1 for i in range(g.files + 1)]
    lines_y = [int(i * S) + 1 for i in range(g.ranks + 1)]
    on = np.concatenate([[px[max(0, p - 1) : p + 3].max() for p in lines_x],
                         [py[max(0, p - 1) : p + 3].max() for p in lines_y]])
    mids_x = [int((i + 0.5) * S) + 1 for i in range(g.files)]
    mids_y = [int((i + 0.5) * S) + 1 for i in range(g.ranks)]
    off = np.concatenate([[px[p - 3 : p + 4].mean() for p in mids_x],
                          [py[p - 3 : p + 4].mean() for p in mids_y]])
    return float(np.median(on) / (np.median(off) + 1e-3))


@pytest.mark.parametrize("geometry", ["8x8", "11x10c"])
def test_the_grid_score_is_the_plain_computations_to_the_bit(geometry):
    g = get_geometry(geometry)
    for seed in (1, 2, 3):
        rng = np.random.default_rng(seed)
        scene = random_scene(rng, g)
        shot = render(scene, {c: "wb"[i % 2] for i, c in enumerate(g.cells[::3])}, rng)
        h, w = shot.image.shape[:2]
        for cell_px in (32, 24, 17, 8, 5):
            view = BoardView.from_corners(g, shot.corners, (w, h), cell_px)
            top = view.warp(shot.image)
            moved = view.warp(np.roll(shot.image, (cell_px // 2, cell_px // 3), axis=(0, 1)))
            for picture in (top, cv2.cvtColor(top, cv2.COLOR_BGR2GRAY), top.astype(np.float32),
                            moved):
                assert grid_score(view, picture) == plain_grid_score(view, picture)


def plain_prepare(meter: ChangeMeter, top: np.ndarray) -> np.ndarray:
    """The change meter's picture as first written: logs of the whole shrunk picture."""
    small = cv2.resize(top, meter.small_size, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (3, 3), 0.7)
    log = np.log(small.astype(np.float32) + 8.0)
    if log.ndim == 2:
        log = np.repeat(log[..., None], 3, axis=2)
    lum = log.mean(axis=2)
    chroma = log[..., 2] - log[..., 1], log[..., 0] - log[..., 1]
    return np.stack([lum, chroma[0], chroma[1]], axis=2)[meter.py, meter.px]


@pytest.mark.parametrize("geometry", ["8x8", "11x10c"])
def test_the_change_meters_picture_is_the_plain_computations_to_the_bit(geometry):
    g = get_geometry(geometry)
    for seed in (4, 5):
        rng = np.random.default_rng(seed)
        scene = random_scene(rng, g)
        shot = render(scene, {c: "wb"[i % 2] for i, c in enumerate(g.cells[::2])}, rng)
        h, w = shot.image.shape[:2]
        for cell_px in (32, 20, 12):
            view = BoardView.from_corners(g, shot.corners, (w, h), cell_px)
            meter = ChangeMeter(view)
            top = view.warp(shot.image)
            dark = (top * 0.2).astype(np.uint8)  # (low values: the log's steepest)
            for picture in (top, dark, cv2.cvtColor(top, cv2.COLOR_BGR2GRAY),
                            top.astype(np.float32)):
                got = meter.prepare(picture).cells
                want = plain_prepare(meter, picture)
                assert got.dtype == want.dtype == np.float32
                assert np.array_equal(got.view(np.uint32), want.view(np.uint32))


def plain_change(meter: ChangeMeter, before: np.ndarray, after: np.ndarray,
                 squares: bool = True) -> np.ndarray:
    """The change meter's comparison as first written: every sum made afresh (against an
    agreed picture, ``squares``, each cell's slope taken out of its structure too)."""
    from companion.vision.change import (CHROMA_SCALE, FLAT_SCALE, NOISE, SHIFT_SCALE, SLOPES,
                                         STRUCT_SCALE)

    a, b = before, after
    delta = b.mean(axis=1) - a.mean(axis=1)
    if squares and meter.light.any() and (~meter.light).any():
        for part in (meter.light, ~meter.light):
            delta[part] -= np.median(delta[part], axis=0)
    else:
        delta = delta - np.median(delta, axis=0)
    near = np.where((meter.around >= 0)[..., None], delta[np.clip(meter.around, 0, None)],
                    np.nan)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        local = np.nanmedian(near, axis=1)
    resid = delta - local
    shift = np.abs(resid[:, 0]) / SHIFT_SCALE
    chroma = np.linalg.norm(resid[:, 1:], axis=1) / CHROMA_SCALE
    za = a[..., 0] - a[..., 0].mean(axis=1, keepdims=True)
    zb = b[..., 0] - b[..., 0].mean(axis=1, keepdims=True)
    if squares:
        slopes = SLOPES.astype(za.dtype)
        za = za - (za @ slopes.T) @ slopes
        zb = zb - (zb @ slopes.T) @ slopes
    p = a.shape[1]
    diff = ((za - zb) ** 2).sum(axis=1)
    grain = float(np.median(diff))
    struct = np.maximum(diff - grain, 0) / ((za**2).sum(axis=1) + (zb**2).sum(axis=1)
                                            + p * NOISE**2)
    return np.maximum(struct / (FLAT_SCALE if squares else STRUCT_SCALE),
                      np.maximum(shift, chroma))


@pytest.mark.parametrize("geometry", ["8x8", "11x10c"])
def test_a_pictures_sums_kept_compare_as_made_afresh_to_the_bit(geometry):
    """A prepared picture keeps its cells' means and structure once made: comparing it with
    several others, in any order, gives the plain comparison's numbers."""
    from companion.vision.change import Prepared

    g = get_geometry(geometry)
    rng = np.random.default_rng(6)
    scene = random_scene(rng, g)
    h, w = scene.size[1], scene.size[0]
    shots = [render(scene, {c: "wb"[(i + k) % 2] for i, c in enumerate(g.cells[k::3])}, rng)
             for k in range(3)]
    view = BoardView.from_corners(g, shots[0].corners, (w, h), 32)
    meter = ChangeMeter(view)
    pictures = [meter.prepare(view.warp(s.image)) for s in shots]
    pictures.append(meter.prepare((view.warp(shots[0].image) * 0.5).astype(np.uint8)))
    for a in pictures:
        for b in pictures:
            for squares in (True, False):
                want = plain_change(meter, a.cells, b.cells, squares)
                got = meter.change(a, b, squares)
                assert np.array_equal(got, want)
                fresh = meter.change(Prepared(a.cells.copy()), Prepared(b.cells.copy()), squares)
                assert np.array_equal(fresh, want)
    kept = pictures[0]
    # (kept sums cannot go stale)
    for array in (kept.cells, kept.means, *kept.structure, *kept.flat):
        with pytest.raises(ValueError):
            array[0] = 0.0


def plain_fit_axis(profile: np.ndarray, n: int, min_fraction: float = 0.35, near=None):
    """The grid fit along one axis as first written: every grid's places made afresh."""
    from companion.vision.calibration import HALF_STEP

    length = len(profile)
    prof = np.convolve(profile, np.ones(3) / 3, mode="same")
    base = float(prof.mean()) + 1e-9
    steps = np.arange(min_fraction * length / n, (length - 1) / n, 0.25)
    starts = np.arange(0, length, 1.0)
    if near is not None:
        steps = steps[np.abs(steps - near.step) <= HALF_STEP * near.step]
        starts = starts[np.abs(starts - near.start) <= 0.5 * near.step]
        if len(steps) == 0 or len(starts) == 0:
            return near.start, near.step, near.score
    i = np.arange(n + 1)
    a_all, b_all = np.nonzero(starts[:, None] + steps[None, :] * n <= length - 1)
    if len(a_all) == 0:
        return 0.0, float(steps[0]) if len(steps) else 1.0, -1.0 / base
    pos = starts[a_all, None] + steps[b_all, None] * i[None, :]
    lo = pos.astype(np.intp)
    frac = pos - lo
    ahead = np.append(prof, prof[-1])
    vals = prof[lo] * (1 - frac) + ahead[lo + 1] * frac
    weakest = np.sort(vals, axis=1)[:, : max(2, n // 3)].mean(axis=1)
    score = vals.mean(axis=1) * 0.6 + weakest * 0.4
    k = int(np.argmax(score))
    return float(starts[a_all[k]]), float(steps[b_all[k]]), float(score[k] / base)


def test_the_grid_fit_along_an_axis_is_the_plain_computations_to_the_bit():
    """A board search straightens some 300 candidates a photo and fits a grid along each
    axis: the grids sought among are made once per profile length, board size and fraction
    and kept; the fits are the plain computation's, with and without a fit to keep near, on
    profiles of a straightened board and on random ones (short ones too, where no grid
    fits)."""
    from companion.vision.calibration import CANON, GridFit, _profiles, fit_axis

    rng = np.random.default_rng(7)
    g = get_geometry("8x8")
    shot = render(random_scene(rng, g), {"e4": "w", "d5": "b"}, rng)
    view = BoardView.from_corners(g, shot.corners, shot.image.shape[1::-1], CANON // 12)
    profiles = list(_profiles(view.warp(shot.image)))
    profiles += [np.abs(rng.normal(0, 1, int(rng.integers(5, 402)))) ** 2 for _ in range(40)]
    profiles += [rng.random(k) for k in (1, 2, 3, 4)] * 3  # (no grid fits some of these)
    for k, profile in enumerate(profiles):
        for _ in range(2):  # (the second time from what was kept)
            n = (8, 10, 11)[k % 3]
            fraction = (0.35, 0.9 / 1.24, 0.5)[k % 3]
            fit = fit_axis(profile, n, fraction)
            assert (fit.start, fit.step, fit.score) == plain_fit_axis(profile, n, fraction)
            near = GridFit(float(rng.uniform(0, len(profile) / 3)),
                           float(rng.uniform(len(profile) / n / 3, len(profile) / n)), 1.0)
            fit = fit_axis(profile, n, fraction, near)
            assert (fit.start, fit.step, fit.score) == plain_fit_axis(profile, n, fraction, near)
    # a float32 fraction equals the float it rounds to, but works its steps out in float32:
    # each has grids of its own
    profile = (np.abs(rng.normal(0, 1, 401)) ** 2).astype(np.float32)
    for fraction in (float(np.float32(0.35)), np.float32(0.35), float(np.float32(0.35))):
        fit = fit_axis(profile, 8, fraction)
        assert (fit.start, fit.step, fit.score) == plain_fit_axis(profile, 8, fraction)
