"""Finding the board in a photo without help, and noticing when the camera has moved.

The search has two steps. First, candidate outlines of the board (large four-sided contours,
and the whole picture for a photo that is all board) are straightened one by one. Then, in each
straightened candidate, the grid of the playing area is fitted: the cell edges of a board make
a row of equally spaced peaks in the summed image gradient, ``files + 1`` across and
``ranks + 1`` down, whatever pieces stand on it. The best-fitting grid gives the four corners;
the fit is repeated on the straightened playing area to settle perspective left over by a
rough outline. A webcam's lens bows the lines: each outline is also fitted through a probing
wide lens, and the lens that straightens a refined grid best is estimated (``_unbend``); a
grid whose cells do not alternate light and dark as squares do (``_checkered``, a grid pulled
part of a file aside) gives way to a rival whose cells do.

Printed ArUco markers at the four corners, when present, are used first.
The squares name the corners a quarter turn at a time (a1 is dark). The half turn, which the
squares of an 8x8 board cannot tell, comes, in this order of trust, from the position when
the game's is known; else from the coordinates printed on the frame (letters and digits read
in order from a1, or marks too small to read on a1's two edges only,
:mod:`companion.vision.coords`); else from the pieces when the two armies still stand apart
(light on rank 1's side, as at the start); else from the usual camera stand: rank 1 nearer
the bottom of the picture. Otherwise give the corners (``--corners``, or four taps on the
screen).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.vision.geometry import BoardGeometry
from companion.vision.medians import log_pixels, median
from companion.vision.view import MIN_AREA, BoardView, Corners, Lens, lens_of

CANON = 400  # pixels of the straightened candidate
PARITY_MIN = 0.05  # log-brightness step between light and dark squares that tells them apart


@dataclass(frozen=True)
class GridFit:
    """Where the grid lines lie along one axis of a straightened image, and how well."""

    start: float
    step: float
    score: float  # mean gradient on the lines over the mean gradient elsewhere


def order_corners(quad: np.ndarray) -> np.ndarray:
    """Four image points as (bottom-left, bottom-right, top-right, top-left)."""
    quad = np.asarray(quad, float).reshape(4, 2)
    c = quad.mean(axis=0)
    ang = np.arctan2(quad[:, 1] - c[1], quad[:, 0] - c[0])
    ordered = quad[np.argsort(-ang)]
    first = int(np.argmax(ordered[:, 1] - ordered[:, 0]))
    return np.roll(ordered, -first, axis=0)


def fit_axis(profile: np.ndarray, n: int, min_fraction: float = 0.35,
             near: GridFit | None = None) -> GridFit:
    """Best ``start + i * step`` (i = 0..n) on a gradient profile (with ``near``: within
    :data:`HALF_STEP` of its step and half a step of its start)."""
    length = len(profile)
    prof = np.convolve(profile, np.ones(3) / 3, mode="same")
    base = float(prof.mean()) + 1e-9
    if near is None:
        steps, starts, a_all, b_all, lo, lo1, frac, rest = _combs(length, n, min_fraction)
    else:
        steps = np.arange(min_fraction * length / n, (length - 1) / n, 0.25)
        starts = np.arange(0, length, 1.0)
        steps = steps[np.abs(steps - near.step) <= HALF_STEP * near.step]
        starts = starts[np.abs(starts - near.start) <= 0.5 * near.step]
        if len(steps) == 0 or len(starts) == 0:
            return near
        a_all, b_all, lo, lo1, frac, rest = _places(steps, starts, length, n)
    if len(a_all) == 0:
        return GridFit(0.0, float(steps[0]) if len(steps) else 1.0, -1.0 / base)
    ahead = np.append(prof, prof[-1])  # lo + 1 at the last pixel: weight 0, its own value
    vals = prof[lo] * rest + ahead[lo1] * frac
    # every line must be there: the mean, lowered by weak lines (pieces hide some edges)
    weakest = np.sort(vals, axis=1)[:, : max(2, n // 3)].mean(axis=1)
    score = vals.mean(axis=1) * 0.6 + weakest * 0.4
    k = int(np.argmax(score))
    a, b = a_all[k], b_all[k]
    return GridFit(float(starts[a]), float(steps[b]), float(score[k] / base))


def _places(steps: np.ndarray, starts: np.ndarray, length: int, n: int) -> tuple:
    """The grids (start, step) that fit in a profile of ``length`` (about a third of the
    pairs), as indices into ``starts`` and ``steps``, and where their n + 1 lines fall: the
    pixel at or below (and the next one) and the weights of the two."""
    i = np.arange(n + 1)
    a_all, b_all = np.nonzero(starts[:, None] + steps[None, :] * n <= length - 1)
    pos = starts[a_all, None] + steps[b_all, None] * i[None, :]  # in [0, length - 1]: fits
    lo = pos.astype(np.intp)  # the floor, as pos >= 0
    frac = pos - lo
    return a_all, b_all, lo.astype(np.int32), (lo + 1).astype(np.int32), frac, 1 - frac


@lru_cache(maxsize=8, typed=True)
def _combs(length: int, n: int, min_fraction: float) -> tuple:
    """Every start and step a whole profile's grid is sought among, and :func:`_places` of
    them: the same for every candidate a board search straightens (up to 4 MB each, for a
    few board sizes and fractions; a search made them afresh on each of its hundred or more
    candidates a photo, a tenth to a fifth of its time). Keyed by type too: a float32
    fraction equal to a float's works its steps out in float32. The line indices are kept
    as int32 (a third less memory; looking them up costs about 5 % of a fit more)."""
    steps = np.arange(min_fraction * length / n, (length - 1) / n, 0.25)
    starts = np.arange(0, length, 1.0)
    out = (steps, starts, *_places(steps, starts, length, n))
    for x in out:
        x.flags.writeable = False
    return out


def _profiles(canon: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    gray = cv2.cvtColor(canon, cv2.COLOR_BGR2GRAY).astype(np.float32) if canon.ndim == 3 else \
        canon.astype(np.float32)
    gray = np.log(gray + 10)
    gx = np.abs(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3))
    gy = np.abs(cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3))
    # a median over the other axis: a grid line runs all the way, a piece's edge does not
    return (median(gx, axis=0) + gx.mean(axis=0) * 0.5,
            median(gy, axis=1) + gy.mean(axis=1) * 0.5)


HALF_STEP = 0.06  # a bound half's lines keep within this share of the whole board's step
# (TUNED-ON by 87c87af: renders 5060-5074 through webcam seeds 1-2, straight and bent)


def _line_through(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    return np.cross(np.append(p, 1.0), np.append(q, 1.0))


def _meet(l1: np.ndarray, l2: np.ndarray) -> np.ndarray:
    p = np.cross(l1, l2)
    return p[:2] / p[2]


def _fit_in_quad(image: np.ndarray, quad: np.ndarray, g: BoardGeometry, pad: float,
                 lens: Lens | None = None, bound: bool = False) -> tuple[np.ndarray, float]:
    """Fit the grid inside ``quad`` (BL, BR, TR, TL); return the corners and the score.

    With ``pad`` (a refinement around a known board) each edge is fitted separately in the
    two halves of the picture, so a trapezoid left by a rough outline is straightened too;
    with ``bound`` as well, each half's lines stay near the whole board's spacing and place
    (:data:`HALF_STEP`: tall pieces hiding a far half's lines leave no room there for a comb
    of their edges, but a strong lens's bowed lines need the halves apart, so only a rival).
    With ``lens``, ``quad`` and the corners returned are where a perfect lens would see them,
    and the straightened candidate undoes the lens too.
    """
    size = CANON
    dst = np.array([[0, size], [size, size], [size, 0], [0, 0]], np.float32)
    M = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    if lens is None:
        canon = cv2.warpPerspective(image, M, (size + 1, size + 1), flags=cv2.INTER_AREA,
                                    borderMode=cv2.BORDER_REPLICATE)
    else:
        xs, ys = np.meshgrid(np.arange(size + 1.0), np.arange(size + 1.0))
        p = np.stack([xs.ravel(), ys.ravel(), np.ones(xs.size)], axis=1) @ np.linalg.inv(M).T
        seen = lens.distort(p[:, :2] / p[:, 2:3]).astype(np.float32).reshape(size + 1, size + 1, 2)
        canon = cv2.remap(image, seen[..., 0], seen[..., 1], cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
    frac = 0.9 / (1 + 2 * pad) if pad else 0.35
    px, py = _profiles(canon)
    fx = fit_axis(px, g.files, frac)
    fy = fit_axis(py, g.ranks, frac)
    x0, x1 = fx.start, fx.start + fx.step * g.files
    y0, y1 = fy.start, fy.start + fy.step * g.ranks
    inner = np.array([[x0, y1], [x1, y1], [x1, y0], [x0, y0]], np.float64)
    if pad:
        ym, xm = (y0 + y1) / 2, (x0 + x1) / 2
        top_x, _ = _profiles(canon[int(y0) : int(ym)])
        bot_x, _ = _profiles(canon[int(ym) : int(y1) + 1])
        _, left_y = _profiles(canon[:, int(x0) : int(xm)])
        _, right_y = _profiles(canon[:, int(xm) : int(x1) + 1])
        hx, hy = (fx, fy) if bound else (None, None)
        ft, fb = fit_axis(top_x, g.files, frac, hx), fit_axis(bot_x, g.files, frac, hx)
        fl, fr = fit_axis(left_y, g.ranks, frac, hy), fit_axis(right_y, g.ranks, frac, hy)
        ya, yb = (y0 + ym) / 2, (ym + y1) / 2
        xa, xb = (x0 + xm) / 2, (xm + x1) / 2
        left = _line_through(np.array([ft.start, ya]), np.array([fb.start, yb]))
        right = _line_through(np.array([ft.start + ft.step * g.files, ya]),
                              np.array([fb.start + fb.step * g.files, yb]))
        top = _line_through(np.array([xa, fl.start]), np.array([xb, fr.start]))
        bottom = _line_through(np.array([xa, fl.start + fl.step * g.ranks]),
                               np.array([xb, fr.start + fr.step * g.ranks]))
        inner = np.array([_meet(left, bottom), _meet(right, bottom), _meet(right, top),
                          _meet(left, top)])
    Minv = np.linalg.inv(M)
    p = np.column_stack([inner, np.ones(4)]) @ Minv.T
    return p[:, :2] / p[:, 2:3], fx.score + fy.score


OUTLINE_MIN = 0.08  # share of the picture an outline's contour must cover
# A dim picture (a lamp off, a spot on the table beside the board) may give no outline or
# squares of the board at all, and the best grid then lies across table and board, its cells
# not alternating. The outlines are then looked for again in the picture with its contrast
# equalised locally (CLAHE, DIM_CLIP), down to a smaller share of it (DIM_OUTLINE_MIN: a square
# board about 0.15 of a 4:3 picture's width), and a grid of those whose cells alternate is the
# board. It costs a few tenths of a second more a look (this machine), only on pictures whose
# grids do not alternate: a board in a dim room, or no board in view at all.
# Found on a real overhead webcam over a board moved about under a swinging lamp
# (play-chess-with-a-webcam's baxter.avi, LOOKED AT: every 5th frame, 4 of 101 found across
# table and board, 2 of them found right this way). With the game's position known (following)
# the same second look is taken when no grid found looks like a board's squares, its grids
# judged by the position (a board whose position differs alternates, and costs nothing more)
DIM_CLIP = 2.0
DIM_OUTLINE_MIN = 0.03


def _candidate_quads(image: np.ndarray, dim: bool = False) -> list[np.ndarray]:
    """Outlines the board may lie in: four-sided contours, outlines of its squares, the whole
    picture; ``dim``: of the picture with its contrast equalised, smaller ones too, no whole
    picture (the first pass tried it)."""
    h, w = image.shape[:2]
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    if dim:
        gray = cv2.createCLAHE(DIM_CLIP, (8, 8)).apply(gray)
    gray = cv2.GaussianBlur(gray, (5, 5), 0)
    quads: list[np.ndarray] = []
    least = DIM_OUTLINE_MIN if dim else OUTLINE_MIN
    for lo, hi in ((30, 90), (15, 45), (60, 160)):
        edges = cv2.Canny(gray, lo, hi)
        edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
        contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for c in sorted(contours, key=cv2.contourArea, reverse=True)[:12]:
            area = cv2.contourArea(c)
            if area < least * w * h:
                break
            hull = cv2.convexHull(c)
            peri = cv2.arcLength(hull, True)
            for eps in (0.02, 0.04, 0.06):
                approx = cv2.approxPolyDP(hull, eps * peri, True)
                if len(approx) == 4:
                    quads.append(order_corners(approx.reshape(4, 2)))
                    break
    quads += _square_quads(gray)
    if not dim:
        quads.append(order_corners(np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]])))
    unique: list[np.ndarray] = []
    for q in quads:
        if all(np.abs(q - u).max() > 4 for u in unique):
            unique.append(q)
    return unique


def _square_quads(gray: np.ndarray) -> list[np.ndarray]:
    """Outlines of the board built from its squares rather than from its edge.

    A board whose edge melts into the table (a light frame on light wood, grain running into
    it) gives no four-sided contour, but its squares do: in a locally thresholded picture
    (light squares one way, dark the other) each free square is a small convex four-sided
    blob. The most common size of such blobs is the cell's; those of about that size, lying
    near one another, are the board's squares, and the hull of them, widened to take in the
    rows pieces hide, is an outline the grid fit can work in.
    """
    h, w = gray.shape[:2]
    scale = min(1.0, 640 / max(w, h))
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) \
        if scale < 1.0 else gray
    H, W = small.shape
    quads: list[np.ndarray] = []
    kernel = np.ones((3, 3), np.uint8)
    for block in (31, 61):
        for mode in (cv2.THRESH_BINARY, cv2.THRESH_BINARY_INV):
            binary = cv2.adaptiveThreshold(small, 255, cv2.ADAPTIVE_THRESH_MEAN_C, mode, block, 0)
            binary = cv2.erode(binary, kernel)  # squares meet only at their corners: part them
            contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
            for c in contours:
                area = cv2.contourArea(c)
                if not W * H / 3000 < area < W * H / 40:
                    continue
                hull = cv2.convexHull(c)
                if area < 0.8 * cv2.contourArea(hull):
                    continue
                approx = cv2.approxPolyDP(hull, 0.1 * cv2.arcLength(hull, True), True)
                if len(approx) == 4:
                    quads.append(approx.reshape(4, 2).astype(float))
    if len(quads) < 6:
        return []
    areas = np.array([cv2.contourArea(q.astype(np.float32)) for q in quads])
    near = np.abs(np.log(areas[:, None] / areas[None, :])) < np.log(1.6)
    cell_area = areas[int(np.argmax(near.sum(axis=1)))]
    keep = [q for q, a in zip(quads, areas) if abs(np.log(a / cell_area)) < np.log(1.6)]
    centres = np.array([q.mean(axis=0) for q in keep])
    side = float(np.sqrt(cell_area))
    d = np.linalg.norm(centres[:, None] - centres[None, :], axis=2)
    np.fill_diagonal(d, np.inf)
    keep = [q for q, m in zip(keep, d.min(axis=1)) if m < 2.5 * side]
    if len(keep) < 6:
        return []
    # the grid's two directions, from the squares' edges (angles folded onto 0-180 degrees)
    edges = np.concatenate([np.roll(q, -1, axis=0) - q for q in keep])
    starts = np.concatenate(keep)
    angles = np.degrees(np.arctan2(edges[:, 1], edges[:, 0])) % 180
    weights = np.linalg.norm(edges, axis=1)
    hist = np.histogram(angles, bins=180, range=(0, 180), weights=weights)[0]
    hist = np.convolve(np.concatenate([hist[-3:], hist, hist[:3]]), np.ones(7), "valid")
    first = int(np.argmax(hist))
    away = (np.arange(180) - first) % 180
    second = int(np.argmax(np.where((away > 50) & (away < 130), hist, -1)))
    points = np.concatenate(keep)
    centre = points.mean(axis=0)
    families = []
    for a in (first, second):
        # the edges of this direction meet (perspective) in a vanishing point, maybe at infinity
        near = np.abs((angles - a + 90) % 180 - 90) < 20
        lines = np.cross(np.column_stack([starts[near], np.ones(near.sum())]),
                         np.column_stack([starts[near] + edges[near], np.ones(near.sum())]))
        lines /= np.linalg.norm(lines[:, :2], axis=1, keepdims=True)
        vanish = np.linalg.svd(lines)[2][-1]
        along = np.array([np.cos(np.radians(a)), np.sin(np.radians(a))])
        across = np.array([-along[1], along[0]])
        # each square's points, carried along the family's direction onto the line across
        # the centre: where they land bounds the board between two lines of the family
        ref = np.cross(np.append(centre, 1.0), np.append(centre + across, 1.0))
        ts = []
        for p in points:
            through = np.cross(np.append(p, 1.0), vanish)
            x = np.cross(through, ref)
            if abs(x[2]) > 1e-9:
                ts.append(float((x[:2] / x[2] - centre) @ across))
        families.append((vanish, across, min(ts), max(ts)))
    out = []
    for widen in (0.6, 1.2, 2.0):  # half a cell (a margin) to two (rows of pieces hide squares)
        bounds = []
        for vanish, across, lo, hi in families:
            bounds.append([np.cross(np.append(centre + t * across, 1.0), vanish)
                           for t in (lo - widen * side, hi + widen * side)])
        (a0, a1), (b0, b1) = bounds
        quad = np.array([_meet(a0, b0), _meet(a0, b1), _meet(a1, b1), _meet(a1, b0)])
        if np.isfinite(quad).all():
            out.append(order_corners(quad / scale))
    return out


def find_board(image: np.ndarray, geometry: BoardGeometry,
               expected: "dict[str, str] | None" = None, labels: bool = True,
               dim: bool = True) -> np.ndarray | None:
    """The four corners of the playing area (CLI order), or None when no board is found.

    ``expected``: the position standing on the board, when known (see :func:`orient`).
    ``labels``: read the coordinates printed on the frame (off only to measure their worth).
    ``dim``: look at a dim picture again with its contrast equalised when no grid found looks
    like a board's squares (``DIM_CLIP``; off only to measure its worth).

    Printed corner markers (:mod:`companion.vision.markers`), when all four are in view,
    win over the search by the squares.
    """
    from companion.vision.markers import find_markers

    marked = find_markers(image)
    if marked is not None:
        return marked
    found: list[tuple[float, np.ndarray]] = []
    # a board that is not square may lie either way round in the picture: try both
    turns = (0,) if geometry.files == geometry.ranks else (0, 1)
    # ... and through a wide lens as well: a strong lens bows the lines of a board off the
    # picture's centre so much that no straight first fit may land on its grid
    probe = Lens.for_image(LENS_PROBE, (image.shape[1], image.shape[0]), LENS_FOV) \
        if LENS_PROBE else None
    probed: list[tuple[float, np.ndarray]] = []
    for quad in _candidate_quads(image):
        for turn in turns:
            rolled = np.roll(quad, -turn, axis=0)
            corners, score = _fit_in_quad(image, rolled, geometry, 0.0)
            found.append((score, corners))
            if probe is not None:
                ideal, score = _fit_in_quad(image, probe.undistort(rolled), geometry, 0.0, probe)
                probed.append((score, ideal))
    found.sort(key=lambda x: -x[0])
    if not found or found[0][0] < FIRST_FIT_MIN:
        return None
    distinct: list[np.ndarray] = []
    fits: list[float] = []
    for score, corners in found:
        if score < FIRST_FIT_MIN or len(distinct) == CANDIDATES:
            break
        cell = np.linalg.norm(corners[1] - corners[0]) / geometry.files
        if all(np.abs(corners - d).max() > 0.5 * cell for d in distinct):
            distinct.append(corners)
            fits.append(score)
    lensed: dict[int, np.ndarray] = {}  # distinct first fits made through the probing lens
    if probed:
        # the best first fit through the probing lens is a rival (its lines may lie a little
        # aside from a straight first fit's, and the refining from there not slip)
        score, ideal = max(probed, key=lambda x: x[0])
        assert probe is not None
        corners = probe.distort(ideal)
        cell = np.linalg.norm(corners[1] - corners[0]) / geometry.files
        if all(np.abs(corners - d).max() > 0.1 * cell for d in distinct):
            lensed[len(distinct)] = ideal
            distinct.append(corners)
            fits.append(score)
    refined: dict[int, tuple[float, np.ndarray]] = {}

    def grid(i: int) -> tuple[float, np.ndarray]:
        """The ``i``-th distinct first fit refined, through the lens that unbends it (a
        first fit made through the probing lens is refined through it as well, and every lens
        is tried from that grid too: refined straight, its grid may slip a file, and one round
        through each lens from the first fit is too rough to bring it back. k -0.25 on a framed
        Camerlano board as OpenCV 5.1.0 draws it: the first fit 0.43 cell off slipped to 1.79
        refined straight and ended 0.61 off; refined through the probe, 0.06)"""
        if i not in refined:
            also = None
            if i in lensed:
                assert probe is not None
                also = probe.distort(_refine(image, geometry, lensed[i], probe)[1])
            refined[i] = _unbend(image, geometry, _refine(image, geometry, distinct[i]),
                                 distinct[i], also=also)
        return refined[i]

    # the best first fit, refined on the straightened playing area, is the board ...
    first = grid(0) if found[0][0] >= GRID_MIN else None
    if first is not None and lens_of(first[1]) is None:
        # ... unless the lens bent its lines enough to rank a grid a row or a file aside
        # above the board's: another first fit that a lens straightens clearly better wins
        bent = [grid(i) for i in range(1, len(distinct)) if fits[i] >= RIVAL_FIT * fits[0]]
        bent = [g for g in bent if lens_of(g[1]) is not None and g[0] >= LENS_GAIN * first[0]]
        if bent:
            first = max(bent, key=lambda x: x[0])
    if first is not None and expected is None and \
            _checkered(image, geometry, first[1]) < CHECKERED_MIN:
        # the cells do not alternate as squares do: a grid partly aside (a lens pulled it
        # off the board's lines); a distinct first fit's grid whose cells do, and whose lines
        # fit nearly as well, is the board; failing one, a grid whose lines fit less well
        # (a grid at half the squares' step fits every line of the board's and as many more
        # between: an oblique webcam over tune render 7103 scored it 8.6, the board 6.6)
        checkered = [(_checkered(image, geometry, g[1]), g) for g in
                     (grid(i) for i in range(len(distinct))) if g[0] >= CHECKERED_RIVAL * first[0]]
        for share in (CLOSE_GRID, CHECKERED_RIVAL):
            rivals = [r for r in checkered if r[0] >= CHECKERED_MIN and r[1][0] >= share * first[0]]
            if rivals:
                first = max(rivals, key=lambda r: r[0])[1]
                break
        else:  # none: the picture may be too dim for the board's outline to show
            second = _dim_grids(image, geometry, turns) if dim else []
            if second:
                first = second[0][1]  # the grid whose cells alternate best
    if first is not None:
        if expected is None:
            return orient(image, geometry, first[1], labels=labels)
        turned, agree = _orient_scored(image, geometry, first[1], expected)
        if agree >= AGREE:
            if agree < 1.0:  # a cell or two misread: a grid with bound halves may read all
                return _bound_rivals(image, geometry, distinct, CLOSE_GRID * first[0],
                                     expected, (agree, turned))[1]
            return turned
    # ... unless it is no grid, or the game's position is not on it: then the next few
    # distinct first fits are refined too (a rough outline's first fit may rank a wrong grid,
    # half the rows or the board taken crosswise, above the right one), and the position,
    # when known, judges among the best refined
    grids = [grid(i) for i in range(len(distinct))]
    grids = sorted((g for g in grids if g[0] >= GRID_MIN), key=lambda x: -x[0])
    if not grids:
        return None
    if expected is None:
        return orient(image, geometry, grids[0][1], labels=labels)
    best: tuple[float, np.ndarray] | None = None
    for score, corners in grids:
        if score < CLOSE_GRID * grids[0][0]:
            break
        turned, agree = _orient_scored(image, geometry, corners, expected)
        if best is None or agree > best[0]:
            best = (agree, turned)
    assert best is not None
    if best[0] < AGREE:
        # the position is on none of them: the same first fits refined with the halves'
        # lines bound are rivals first (tall pieces hiding a far half's lines) ...
        best = _bound_rivals(image, geometry, distinct, CLOSE_GRID * grids[0][0], expected, best)
    if best[0] < AGREE:
        # ... then the grids refined already that fit the lines clearly worse: a grid at half
        # the squares' step fits every line of the board's and as many more between (an
        # oblique webcam over tune render 7103: 8 rows on the near 4 ranks scored 8.6, the
        # board 6.6, and the start was never seen)
        for score, corners in grids:
            if score < CLOSE_GRID * grids[0][0]:
                turned, agree = _orient_scored(image, geometry, corners, expected)
                if agree > best[0]:
                    best = (agree, turned)
    if best[0] < AGREE:
        # ... and if it is still on none, the further distinct first fits are refined too
        # and judged by the position alone (an outline the size of the picture fits the whole
        # board's grid worse at first than outlines of part of it: Camerlano render 1021, the
        # board found was a part of it, the right grid came from the 7th first fit, and the
        # game's position was never seen, nor any move)
        for score, corners in found:
            if score < FIRST_FIT_MIN or best[0] >= AGREE:
                break
            cell = np.linalg.norm(corners[1] - corners[0]) / geometry.files
            if any(np.abs(corners - d).max() <= 0.5 * cell for d in distinct):
                continue
            distinct.append(corners)
            more = grid(len(distinct) - 1)
            if more[0] >= GRID_MIN:
                turned, agree = _orient_scored(image, geometry, more[1], expected)
                if agree > best[0]:
                    best = (agree, turned)
    if dim and best[0] < AGREE and all(_checkered(image, geometry, g[1]) < CHECKERED_MIN
                                       for g in refined.values()):
        # ... and last, when no grid found looks like a board's squares (a board whose
        # position differs does), the picture may be too dim for the board's outline to show:
        # the grids found with its contrast equalised whose cells alternate, judged by the
        # position
        for _, again in _dim_grids(image, geometry, turns):
            turned, agree = _orient_scored(image, geometry, again[1], expected)
            if agree > best[0]:
                best = (agree, turned)
            if best[0] >= AGREE:
                break
    return best[1]


def _dim_grids(image: np.ndarray, geometry: BoardGeometry, turns: tuple[int, ...]
               ) -> list[tuple[float, tuple[float, np.ndarray]]]:
    """The grids fitted in the outlines of the picture with its contrast equalised (see
    ``DIM_CLIP``) whose cells alternate, the most alternating first: (alternation, (grid
    score, corners)) each."""
    out: list[tuple[float, tuple[float, np.ndarray]]] = []
    for quad in _candidate_quads(image, dim=True):
        for turn in turns:
            corners, score = _fit_in_quad(image, np.roll(quad, -turn, axis=0), geometry, 0.0)
            if score < FIRST_FIT_MIN:
                continue
            refined = _refine(image, geometry, corners)
            if refined[0] < GRID_MIN:
                continue
            alternate = _checkered(image, geometry, refined[1])
            if alternate >= CHECKERED_MIN:
                out.append((alternate, refined))
    return sorted(out, key=lambda x: -x[0])


def _bound_rivals(image: np.ndarray, geometry: BoardGeometry, distinct: list[np.ndarray],
                  floor: float, expected: "dict[str, str]", best: tuple[float, np.ndarray]
                  ) -> tuple[float, np.ndarray]:
    """``best`` (the share of cells read as ``expected``, the corners named), or a grid that
    reads more of the position: each of the ``distinct`` first fits refined again with the
    halves' lines bound to the whole board's spacing and place (``bound``, see
    :func:`_fit_in_quad`), when its grid scores ``floor`` (and :data:`GRID_MIN`) or more.

    Tall dark pieces over the far ranks (a Camerlano start) may hide that half's lines, and
    the usual refine then takes a comb of their edges a tenth wider or narrower: every grid
    comes out a file aside at its far corners (no grid reads the position), or a few tenths of
    a cell (a cell or two misread). Bound always, a strong lens's bowed lines would lose the
    halves they need apart (87c87af), so the bound grids are only rivals, judged by the
    position, when it is not read in full.
    """
    for corners0 in distinct:
        score, corners = _unbend(image, geometry,
                                 _refine(image, geometry, corners0, bound=True),
                                 corners0, bound=True)
        if score < max(GRID_MIN, floor):
            continue
        turned, agree = _orient_scored(image, geometry, corners, expected)
        if agree > best[0]:
            best = (agree, turned)
    return best


FIRST_FIT_MIN = 2.0  # a first fit scoring below this is no grid worth refining
GRID_MIN = 3.0  # ... nor a refined one (or the best first fit, to be taken alone) below this
CANDIDATES = 4  # distinct first fits refined when the best is not the board
CLOSE_GRID = 0.8  # refined grids scoring this share of the best are judged by the position
AGREE = 0.9  # share of cells read as the known position for the best first fit to stand
CHECKERED_MIN = 0.05  # cells alternating less than this (log brightness): a grid partly aside
CHECKERED_RIVAL = 0.6  # ... then grids scoring this share of its score may be the board
RIVAL_FIT = 0.85  # first fits this close to the best are tried through a lens as well


def _refine(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray,
            lens: Lens | None = None, rounds: int = 4, bound: bool = False
            ) -> tuple[float, np.ndarray]:
    """Fit the grid again on the straightened playing area with a margin round it (with
    ``lens``: ``corners`` in and out are where a perfect lens would see them; ``bound``: the
    halves' lines held near the whole's, see :func:`_fit_in_quad`)."""
    refined: tuple[float, np.ndarray] | None = None
    for _ in range(rounds):
        pad = 0.12
        plane = np.array(geometry.corners_plane)
        ext = plane.copy()
        ext[:, 0] = np.where(plane[:, 0] > 0, geometry.files * (1 + pad), -geometry.files * pad)
        ext[:, 1] = np.where(plane[:, 1] > 0, geometry.ranks * (1 + pad), -geometry.ranks * pad)
        H = cv2.getPerspectiveTransform(plane.astype(np.float32), corners.astype(np.float32))
        q = np.column_stack([ext, np.ones(4)]) @ H.T
        corners, score = _fit_in_quad(image, q[:, :2] / q[:, 2:3], geometry, pad, lens, bound)
        if not _outline(corners):
            score = -1.0  # the halves' lines crossed or met: no grid (a blank over the board)
        if refined is None or score >= refined[0]:
            refined = (score, corners)
    assert refined is not None
    return refined


def _outline(corners: np.ndarray) -> bool:
    """Whether four corners make a board's outline: convex, enclosing some area. A refine's
    lines fitted apart in the two halves may cross or meet when the grid is no board's (a hand
    or a blank over the picture), and such corners cannot be read (:class:`BoardView`)."""
    pts = np.asarray(corners, np.float32).reshape(4, 1, 2)
    return bool(np.isfinite(pts).all() and cv2.isContourConvex(pts)
                and abs(cv2.contourArea(pts)) >= MIN_AREA)


LENS_FIRST = (-0.08, -0.16)  # lenses tried first (normalised k) ...
LENS_MORE = (-0.24, -0.32)  # ... and these only when one of the first gained LENS_HINT
LENS_HINT = 1.05
LENS_FINE = (0.04, 0.02)  # then these steps either side of the best, one after the other
LENS_FOV = 70.0  # the field of view the k are reckoned for (only k / focal**2 matters)
LENS_PROBE = -0.2  # the lens every candidate outline's first fit is also tried through
LENS_GAIN = 1.15  # how much straighter (grid score) the lines must get for a lens to stand
# (tune: a straight framed render, seed 100, gains 1.07 with k -0.05; lenses of k -0.1 gain 1.29+)


def _unbend(image: np.ndarray, geometry: BoardGeometry, refined: tuple[float, np.ndarray],
            start: np.ndarray | None = None, bound: bool = False,
            also: np.ndarray | None = None) -> tuple[float, np.ndarray]:
    """The refined grid ``refined`` (score, corners) again with the lens that bends the
    board's lines, when one makes them clearly straighter; else ``refined`` itself.

    A webcam's barrel distortion bows the grid's lines (the outer ones most): the straightened
    board's lines then spread over a few pixels and the grid fit scores lower. Each lens of
    :data:`LENS_FIRST` (about the picture's centre; a decentred one is near enough) is tried:
    the picture is straightened through it and the grid fitted once. A straight board gains
    nothing and stops there (two fits); otherwise the stronger lenses and finer steps either
    side of the best are tried, and the lens is kept only when it scores :data:`LENS_GAIN`
    times the grid without a lens. The corners returned are then a
    :class:`Corners` carrying the lens, the grid fitted in full through it. ``start``: the
    first fit the refined grid came from, tried too (a grid refined with straight lines
    through a lens may have slipped a row from where the first fit had it). ``bound``: refine
    with the halves' lines held near the whole's (:func:`_fit_in_quad`). ``also``: corners of
    a grid refined already through a lens (as seen), every lens tried from them too.
    """
    h, w = image.shape[:2]
    score0, corners0 = refined
    starts = [np.asarray(corners0, float)]
    cell = np.linalg.norm(starts[0][1] - starts[0][0]) / geometry.files
    if start is not None and np.abs(np.asarray(start, float) - starts[0]).max() > 0.5 * cell:
        starts.append(np.asarray(start, float))  # the refine moved the grid: it may have slipped
    if also is not None:
        starts.append(np.asarray(also, float))

    def tried(k: float, plain: np.ndarray) -> tuple[float, np.ndarray, Lens]:
        lens = Lens.for_image(k, (w, h), LENS_FOV)
        score, ideal = _refine(image, geometry, lens.undistort(plain), lens, 1, bound)
        return score, ideal, lens

    best = max((tried(k, p) for k in LENS_FIRST for p in starts), key=lambda x: x[0])
    if best[0] < LENS_HINT * score0:
        return refined  # no lens straightens these lines: a straight board (the usual case)
    best = max([best] + [tried(k, p) for k in LENS_MORE for p in starts], key=lambda x: x[0])
    for step in LENS_FINE:
        for k in (best[2].k - step, best[2].k + step):
            if k < 0:
                best = max(best, tried(k, best[2].distort(best[1])), key=lambda x: x[0])
    if best[0] < LENS_GAIN * score0:
        return refined
    lens = best[2]
    score, ideal = _refine(image, geometry, best[1], lens, bound=bound)
    if score < LENS_GAIN * score0:
        return refined
    return score, Corners(lens.distort(ideal), lens)


def _rims(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray) -> np.ndarray:
    """(files, ranks): each cell's median log brightness on its rim, which a standing
    piece's base leaves free."""
    view = BoardView.from_corners(geometry, corners, (image.shape[1], image.shape[0]), 16)
    top = view.warp(image)
    gray = np.log((cv2.cvtColor(top, cv2.COLOR_BGR2GRAY) if top.ndim == 3 else top)
                  .astype(np.float32) + 10)
    k = (np.arange(16) + 0.5) / 16 - 0.5
    du, dv = np.meshgrid(k, k)
    rim = (np.maximum(np.abs(du), np.abs(dv)) > 0.3) & (np.maximum(np.abs(du), np.abs(dv)) < 0.45)
    offs = np.stack([du[rim], dv[rim]], axis=1)
    f, r = np.meshgrid(np.arange(geometry.files) + 0.5, np.arange(geometry.ranks) + 0.5,
                       indexing="ij")
    centres = np.stack([f.ravel(), r.ravel()], axis=1)  # file-major, as out[f, r]
    pts = view.plane_to_top((centres[:, None, :] + offs[None]).reshape(-1, 2)).astype(int)
    xs = np.clip(pts[:, 0], 0, gray.shape[1] - 1).reshape(len(centres), len(offs))
    ys = np.clip(pts[:, 1], 0, gray.shape[0] - 1).reshape(len(centres), len(offs))
    return median(gray[ys, xs], axis=1).astype(np.float64).reshape(geometry.files, geometry.ranks)


def _checkered(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray) -> float:
    """How clearly the cells alternate light and dark, as a board's squares do: the weakest
    file's and the weakest rank's alternation, averaged (a file or rank of frame or table
    taken into the grid alternates not at all)."""
    rims = _rims(image, geometry, corners)
    sign = (-1.0) ** np.add.outer(np.arange(geometry.files), np.arange(geometry.ranks))
    a = (rims - rims.mean()) * sign * np.sign(((rims - rims.mean()) * sign).mean() or 1.0)
    return float(np.mean([a.mean(axis=1).min(), a.mean(axis=0).min()]))


def square_parity(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray) -> float:
    """How much lighter the squares that should be light look than the dark ones (log units;
    negative when the corners are named a quarter turn off). Read on each square's rim, which
    a standing piece's base leaves free."""
    rims = _rims(image, geometry, corners)
    light = np.add.outer(np.arange(geometry.files), np.arange(geometry.ranks)) % 2 == 1
    return float(median(rims[light]) - median(rims[~light]))


def orient(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray,
           expected: "dict[str, str] | None" = None, labels: bool = True) -> np.ndarray:
    """Name the four corners of a found board the right way round.

    The squares decide a quarter turn (a1 is dark); the half turn that squares cannot tell on
    an 8x8 board is decided by ``expected`` (the position the game says stands there, as
    cell -> "."/"w"/"b") when given, else by the coordinates printed on the frame when they
    tell (:func:`companion.vision.coords.read_coordinates`), else by the pieces when the two
    armies still stand apart (light on rank 1's side, as at the start), else rank 1 is taken
    as the side nearer the bottom of the picture. An 11x10 board's squares decide both (a1
    dark, k10 light) unless they look alike; then its frame's letters may.
    """
    return _orient_scored(image, geometry, corners, expected, labels)[0]


def _options(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray
             ) -> list[np.ndarray]:
    """The namings of ``corners`` (a1 first) that the squares leave open: one on an 11x10
    board (a1 dark, k10 light), the half turn's two on an 8x8 board, more when the squares
    all look alike."""
    square = geometry.files == geometry.ranks
    rolled = [np.roll(corners, -t, axis=0) for t in (0, 1, 2, 3)]
    parity = [square_parity(image, geometry, c) for c in rolled]
    if max(parity) < PARITY_MIN:  # squares all alike (a plain wooden board)
        # the grid was fitted with the files along the first edge: only the half turn is open
        return [rolled[0], rolled[2]] if not square else rolled
    if not square:  # a1 dark and k10 light (on the right grid): the squares tell all
        return [rolled[int(np.argmax(parity))]]
    first = int(np.argmax(parity)) % 2  # a quarter turn, and the half turn from it
    return [rolled[first], rolled[first + 2]]


def _orient_scored(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray,
                   expected: "dict[str, str] | None", labels: bool = True
                   ) -> tuple[np.ndarray, float]:
    """:func:`orient`, and the share of cells read as ``expected`` (nan when not given)."""
    options = _options(image, geometry, corners)
    if expected is not None:
        return max(((c, shows(image, geometry, c, expected)) for c in options),
                   key=lambda x: x[1])
    return _named(image, geometry, options, labels)[0], float("nan")


def shows(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray,
          expected: "dict[str, str]") -> float:
    """The share of cells that a photo's reading with these corners (a1 corner first) reads as
    ``expected`` (cell -> "."/"w"/"b")."""
    from companion.vision.reader import Reader

    reading = Reader(geometry, corners).read(image, video=False, hands=False)
    return float(np.mean([reading.cells[x].value == expected.get(x) for x in reading.cells]))


def _named(image: np.ndarray, geometry: BoardGeometry, options: list[np.ndarray],
           labels: bool = True) -> tuple[np.ndarray, str]:
    """The corners among ``options`` (the namings the squares leave open) that the picture
    names without the position, and what named them: ``"squares"`` (one option left),
    ``"coordinates"`` (printed on the frame), ``"pieces"`` (the armies still apart) or
    ``"guess"`` (nothing told: rank 1 taken as the side nearer the bottom of the picture)."""
    if len(options) == 1:
        return options[0], "squares"
    from companion.vision.coords import read_coordinates

    # letters and digits on the frame
    named = read_coordinates(image, geometry, options) if labels else None
    if named is not None:
        return options[named], "coordinates"
    if len(options) == 2:  # the half turn: the pieces may tell it, as at a game's start
        side = _sides_apart(image, geometry, options[0])
        if side:
            return options[0 if side > 0 else 1], "pieces"
    # rank 1 lowest in the picture
    return max(options, key=lambda c: c[0, 1] + c[1, 1]), "guess"


def naming_guessed(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray) -> bool:
    """True when nothing in the picture names the a1 corner of a board found at ``corners``
    (without the position): no printed coordinates read, an 8x8 board's squares (or a board
    whose squares look alike) leaving the half turn open and the pieces mixed, so
    :func:`orient` fell back on rank 1 being nearer the bottom of the picture, a guess (on
    the tune photos without coordinates, right 7 times in 11) that the corners or the
    position given put right."""
    return _named(image, geometry, _options(image, geometry, corners))[1] == "guess"


SIDES_APART = 3.0  # ranks between the light and the dark army's mean rank that name the sides
SIDE_PIECES = 4  # pieces of each colour it takes


def _sides_apart(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray) -> int:
    """+1 when the light pieces stand clearly on rank 1's side of the board (as corners name
    it) and the dark ones on the far side, -1 when the other way round, 0 when the pieces
    cannot tell.

    Every variant here starts with the light army on its first ranks and the dark on its last
    (6 ranks apart on an 8x8 board, 7 on Camerlano's); armies that are still apart by half
    that name the half turn that the squares of an 8x8 board cannot. Mixed armies (a middle
    game, a handful of pieces) tell nothing, and the caller falls back to its other rule.
    """
    from companion.vision.reader import Reader

    reading = Reader(geometry, corners).read(image, video=False, hands=False)
    ranks: dict[str, list[int]] = {"w": [], "b": []}
    for cell, seen in reading.cells.items():
        if seen.value in ranks:
            ranks[seen.value].append(geometry.file_rank(cell)[1])
    if min(len(ranks["w"]), len(ranks["b"])) < SIDE_PIECES:
        return 0
    gap = float(np.mean(ranks["b"]) - np.mean(ranks["w"]))
    if abs(gap) < SIDES_APART:
        return 0
    return 1 if gap > 0 else -1


@lru_cache(maxsize=16)
def _grid_used(lines: tuple[int, ...], mids: tuple[int, ...], n: int) -> np.ndarray:
    """The steps (of ``n``) :func:`grid_score` reads: round each line and each cell's middle."""
    used = {j for p in lines for j in range(max(0, p - 1), p + 3)} | \
        {j for p in mids for j in range(p - 3, p + 4)}
    used = {j if j >= 0 else j + n for j in used}  # (a slice's start below 0 counts from the end)
    out = np.array(sorted(j for j in used if 0 <= j < n), int)
    out.flags.writeable = False
    return out


def grid_score(view: BoardView, top: np.ndarray) -> float:
    """How well the expected cell edges line up with edges in the straightened image.

    About 1 means no grid where it should be (the camera moved); a board in place scores
    well above 2.

    Each column's (and row's) median edge strength is taken only where the score looks: round
    the cell lines and the cells' middles (a third of the columns on a board of 32 pixel
    cells, the same numbers as over all of them: a test checks), and a pixel's log is looked
    up; this is done on every calm frame.
    """
    g, S, m = view.geometry, view.cell_px, view.margin
    gray = top if top.ndim == 2 else cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    y0, y1 = int(m * S), int((m + g.ranks) * S)
    x0, x1 = int(m * S), int((m + g.files) * S)
    lines_x = [int(i * S) + 1 for i in range(g.files + 1)]
    lines_y = [int(i * S) + 1 for i in range(g.ranks + 1)]
    mids_x = [int((i + 0.5) * S) + 1 for i in range(g.files)]
    mids_y = [int((i + 0.5) * S) + 1 for i in range(g.ranks)]

    def strengths(band: np.ndarray, lines: list[int], mids: list[int]) -> np.ndarray:
        """Per row of ``band`` but its last, the median over its pixels of the step to the
        next row, at the rows read below (zero at the others)."""
        n = band.shape[0] - 1
        used = _grid_used(tuple(lines), tuple(mids), n)
        band = log_pixels(band, 10)
        out = np.zeros(n, np.float32)
        if len(used):
            out[used] = median(np.abs(band[used + 1] - band[used]), axis=1)
        return out

    # (each column's steps as a row: the median runs along rows in memory)
    px = strengths(gray[y0:y1, x0 - 2 : x1 + 2].T, lines_x, mids_x)
    py = strengths(gray[y0 - 2 : y1 + 2, x0:x1], lines_y, mids_y)
    on = np.concatenate([[px[max(0, p - 1) : p + 3].max() for p in lines_x],
                         [py[max(0, p - 1) : p + 3].max() for p in lines_y]])
    off = np.concatenate([[px[p - 3 : p + 4].mean() for p in mids_x],
                          [py[p - 3 : p + 4].mean() for p in mids_y]])
    return float(median(on) / (median(off) + 1e-3))
