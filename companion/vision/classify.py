"""Per-cell reading of a straightened board: empty, light piece or dark piece.

Every cell is compared with the board's own colour *at that place*: the visible corners of the
cell (a piece's round base leaves them free) give the local square colour, checked against the
same-coloured diagonal neighbours so that a corner hidden by a leaning piece or a shadow edge
does not fool it. Work is done on log intensities, so a shadow or a lighting gradient (which
scale the light) shifts both sides of a comparison alike.

The sample that decides a cell is a disc near its centre, moved a little away from the
camera's nadir: a tall piece in front of the cell leans over its near half, while a piece
standing on the cell rises into its far half.
"""

from __future__ import annotations

from dataclasses import dataclass


import cv2
import numpy as np

from companion.vision.geometry import CellState
from companion.vision.view import BoardView

DIFF_THRESHOLD = 0.2  # log-colour distance of a pixel that is "not the square"
OCCUPIED_FRACTION = 0.25  # share of such pixels in the sample that makes a piece
WHITE_LOG_RATIO = -0.9
RING_RADII = (0.26, 0.3, 0.34, 0.38, 0.42)  # cells: where a base's edge may be
RING_ANGLES = 48
RING_KEEP = 28  # angles kept per cell: those most across the lean
TEXTURE_WEIGHT = 0.5
RING_WEAK = 0.025  # below: no base edge unless the colour is plainly a piece's
# median radial log-brightness gradient (per pixel) on the ring that makes a piece
RING_EDGE = 0.034
LUM_WEIGHT = 0.35  # brightness counts less than colour: shadows change brightness
SHADOW_DEPTH = 0.6  # log brightness a shadow may take from a square


@dataclass(frozen=True)
class CellEvidence:
    """What the classifier saw on one cell (kept for diagnostics and the follower)."""

    state: CellState
    edge: float  # the step across the ring where a piece's base meets the square
    occupancy: float  # share of the sample unlike the empty square (0..1)
    brightness: float  # the piece's log brightness against the light square (NaN if empty)
    sure: bool = True  # False near a threshold: the follower then trusts the game instead


def _disc(radius: float, S: int) -> np.ndarray:
    r = radius * S
    n = int(np.ceil(r))
    ys, xs = np.mgrid[-n : n + 1, -n : n + 1]
    keep = xs**2 + ys**2 <= r * r
    return np.stack([xs[keep], ys[keep]], axis=1).astype(np.float64)


class CellSampler:
    """Pixel positions of each cell's sample disc and corner patches in the top-down image."""

    def __init__(self, view: BoardView, disc_radius: float = 0.24, lean_factor: float = 0.35,
                 max_shift: float = 0.18) -> None:
        g, S = view.geometry, view.cell_px
        self.cells = list(g.cells)
        self.light = np.array([g.is_light(c) for c in self.cells])
        centres = np.array([g.cell_centre(c) for c in self.cells])
        shift = view.lean(centres) * lean_factor
        norm = np.linalg.norm(shift, axis=1, keepdims=True)
        shift = np.where(norm > max_shift, shift / np.maximum(norm, 1e-9) * max_shift, shift)
        disc = _disc(disc_radius, S)
        sample_uv = centres + shift
        top = view.plane_to_top(sample_uv)
        w, h = view.top_size
        pts = top[:, None, :] + disc[None]
        self.disc_x = np.clip(np.round(pts[..., 0]).astype(np.intp), 0, w - 1)
        self.disc_y = np.clip(np.round(pts[..., 1]).astype(np.intp), 0, h - 1)
        patch = _disc(0.07, S)
        ctop = view.plane_to_top(centres)
        offsets = np.array([[-0.38, -0.38], [0.38, -0.38], [0.38, 0.38], [-0.38, 0.38]]) * S
        ctop = view.plane_to_top(centres)
        cp = ctop[:, None, None, :] + offsets[None, :, None, :] + patch[None, None]
        self.corner_x = np.clip(np.round(cp[..., 0]).astype(np.intp), 0, w - 1)
        self.corner_y = np.clip(np.round(cp[..., 1]).astype(np.intp), 0, h - 1)
        # the ring where a piece's round base meets the square, on both sides across the lean
        # (the side towards the camera may show the piece in front leaning over, the far
        # side this cell's own piece rising): inner and outer points of short radial steps
        ang = np.linspace(0, 2 * np.pi, RING_ANGLES, endpoint=False)
        dirs = np.stack([np.cos(ang), np.sin(ang)], axis=1)
        lean = view.lean(centres)
        lean_top = np.stack([lean[:, 0], -lean[:, 1]], axis=1)
        norm = np.linalg.norm(lean_top, axis=1, keepdims=True)
        along = np.abs(dirs @ (lean_top / np.maximum(norm, 1e-9)).T).T  # (n, A)
        keep = np.argsort(along, axis=1, kind="stable")[:, :RING_KEEP]  # most across the lean
        cell_dirs = dirs[keep]  # (n, K, 2)
        radii = np.array(RING_RADII)
        ring = ctop[:, None, None, :] + radii[None, :, None, None] * S * cell_dirs[:, None]
        self.ring_x = np.clip(np.round(ring[..., 0]).astype(np.intp), 0, w - 1)
        self.ring_y = np.clip(np.round(ring[..., 1]).astype(np.intp), 0, h - 1)
        shape = ring.shape[:3]
        self.ring_dx = np.ascontiguousarray(np.broadcast_to(cell_dirs[:, None, :, 0], shape))
        self.ring_dy = np.ascontiguousarray(np.broadcast_to(cell_dirs[:, None, :, 1], shape))
        # what the cell looks like, for telling two pieces apart: a coarse patch (4 samples
        # a cell) over the cell and the place its piece's body rises into
        self.sig_factor = max(1, S // 4)
        sw, sh = w // self.sig_factor, h // self.sig_factor
        rise = view.lean(centres) * 0.5
        rn = np.linalg.norm(rise, axis=1, keepdims=True)
        rise = np.where(rn > 0.5, rise / np.maximum(rn, 1e-9) * 0.5, rise)
        grid = (np.arange(6) - 2.5) / 4.0  # cells
        gu, gv = np.meshgrid(grid, grid)
        pts = (centres + rise)[:, None, :] + np.stack([gu.ravel(), gv.ravel()], axis=1)[None]
        sp = view.plane_to_top(pts) / self.sig_factor
        self.sig_x = np.clip(sp[..., 0].astype(np.intp), 0, sw - 1)
        self.sig_y = np.clip(sp[..., 1].astype(np.intp), 0, sh - 1)
        self.sig_size = (sw, sh)
        index = {g.file_rank(c): i for i, c in enumerate(self.cells)}
        n = len(self.cells)
        self.same = np.full((n, 5), -1, np.intp)  # itself and its diagonal neighbours
        self.other = np.full((n, 4), -1, np.intp)  # orthogonal neighbours (other colour)
        for i, c in enumerate(self.cells):
            f, r = g.file_rank(c)
            self.same[i, 0] = i
            for k, (df, dr) in enumerate(((1, 1), (1, -1), (-1, 1), (-1, -1))):
                self.same[i, k + 1] = index.get((f + df, r + dr), -1)
            for k, (df, dr) in enumerate(((1, 0), (-1, 0), (0, 1), (0, -1))):
                self.other[i, k] = index.get((f + df, r + dr), -1)


def _gather_median(values: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """Per row, the channel-wise median of ``values[idx]`` ignoring -1 entries (NaN if none)."""
    picked = values[np.clip(idx, 0, None)]
    picked = np.where((idx >= 0)[..., None], picked, np.inf)
    picked = np.sort(picked, axis=1)  # missing ones last
    count = (idx >= 0).sum(axis=1)
    lo = np.clip((count - 1) // 2, 0, None)[:, None, None]
    hi = np.clip(count // 2, 0, None)[:, None, None]
    lo_v = np.take_along_axis(picked, np.broadcast_to(lo, (len(idx), 1, picked.shape[2])), 1)
    hi_v = np.take_along_axis(picked, np.broadcast_to(hi, (len(idx), 1, picked.shape[2])), 1)
    out = ((lo_v + hi_v) / 2)[:, 0, :]
    return np.where(count[:, None] > 0, out, np.nan)


def signature(sampler: CellSampler, top: np.ndarray) -> np.ndarray:
    """(cells, 36) log-brightness patches: how each cell looks, to notice a swap of pieces."""
    gray = cv2.cvtColor(top, cv2.COLOR_BGR2GRAY) if top.ndim == 3 else top
    small = cv2.resize(gray, sampler.sig_size, interpolation=cv2.INTER_AREA)
    return np.log(small.astype(np.float32) + 10)[sampler.sig_y, sampler.sig_x]


def ring_edge(sampler: CellSampler, lum: np.ndarray) -> np.ndarray:
    """Per cell, the largest (over radii) median (over angles) radial gradient on a ring."""
    gx = cv2.Sobel(lum, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(lum, cv2.CV_32F, 0, 1, ksize=3) / 8
    y, x = sampler.ring_y, sampler.ring_x
    gxs, gys = gx[y, x], gy[y, x]
    radial = np.abs(gxs * sampler.ring_dx + gys * sampler.ring_dy)  # (n, R, A)
    # texture (wood grain, noise) and straight shadow edges cross the ring at every angle:
    # their tangential part is as strong as the radial one; a round base's edge is not
    tangential = np.abs(gys * sampler.ring_dx - gxs * sampler.ring_dy)
    return (np.median(radial, axis=2) - TEXTURE_WEIGHT * np.median(tangential, axis=2)).max(axis=1)


def _masked_mean(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    count = mask.sum(axis=1)
    total = np.where(mask, values, 0).sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(count > 0, total / np.maximum(count, 1), np.nan)


def _split(log: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Log brightness and log chromaticity (the colour once brightness is taken out)."""
    lum = log.mean(axis=-1)
    return lum, log - lum[..., None]


def _distance(lum: np.ndarray, chroma: np.ndarray, m_lum: np.ndarray, m_chroma: np.ndarray
              ) -> np.ndarray:
    return np.sqrt(LUM_WEIGHT * (lum - m_lum) ** 2 + ((chroma - m_chroma) ** 2).sum(axis=-1))


def classify(sampler: CellSampler, top: np.ndarray) -> dict[str, CellEvidence]:
    """Read every cell of a straightened board image (uint8 or float BGR).

    Each pixel of a cell's sample goes to the nearest of three models: the square as seen at
    its corners, the light pieces and the dark pieces (both learnt on this board from the
    cells that are plainly occupied, and moved by the local light level). A shadow on an
    empty square darkens it without making it look like a piece's colour.
    """
    log = np.log(top.astype(np.float32) + 10.0)
    corners = log[sampler.corner_y, sampler.corner_x].mean(axis=2)  # (n, 4, 3)
    lum = corners.mean(axis=2)
    order = np.argsort(lum, axis=1)
    mid = np.take_along_axis(corners, order[:, 1:3, None], axis=1).mean(axis=1)  # (n, 3)
    neighbourhood = _gather_median(mid, sampler.same)
    own_ok = np.linalg.norm(mid - neighbourhood, axis=1) < 0.15
    ref = np.where(own_ok[:, None], mid, neighbourhood)
    light_ref = np.where(sampler.light[:, None], ref, _gather_median(ref, sampler.other))
    light_ref = np.where(np.isnan(light_ref), ref, light_ref)
    light_lum = light_ref.mean(axis=1)
    pix = log[sampler.disc_y, sampler.disc_x]  # (n, p, 3)
    p_lum, p_chroma = _split(pix)
    r_lum, r_chroma = _split(ref)
    # pass 1: unlike the square at all
    # the square in any shade: darker by up to SHADOW_DEPTH costs nothing, only its colour
    lum_gap = np.maximum(np.maximum(r_lum[:, None] - SHADOW_DEPTH - p_lum, p_lum - r_lum[:, None]
                                    - 0.1), 0)
    d_square = np.sqrt(LUM_WEIGHT * lum_gap**2
                       + ((p_chroma - r_chroma[:, None]) ** 2).sum(axis=-1))
    unlike = np.linalg.norm(pix - ref[:, None, :], axis=2) > DIFF_THRESHOLD
    occupancy1 = unlike.mean(axis=1)
    rel = p_lum - light_lum[:, None]
    bright1 = _masked_mean(rel, unlike)
    sure = occupancy1 > 0.7
    models = []
    for is_white, default in ((True, 0.05), (False, -1.6)):
        pick = sure & ((bright1 > WHITE_LOG_RATIO) == is_white)
        sel = unlike & pick[:, None]
        if sel.sum() > 20:
            m_rel = float(np.median(rel[sel]))
            m_chroma = np.median(p_chroma[sel], axis=0)
        else:
            m_rel, m_chroma = default, np.zeros(3)
        models.append((m_rel, m_chroma))
    (w_rel, w_chroma), (b_rel, b_chroma) = models
    d_white = _distance(p_lum, p_chroma, (light_lum + w_rel)[:, None], w_chroma)
    d_black = _distance(p_lum, p_chroma, (light_lum + b_rel)[:, None], b_chroma)
    piece = (np.minimum(d_white, d_black) < d_square) & unlike
    occupancy = piece.mean(axis=1)
    ring = ring_edge(sampler, log.mean(axis=2))
    brightness = _masked_mean(rel, piece)
    white_votes = (piece & (d_white <= d_black)).sum(axis=1)
    black_votes = (piece & (d_black < d_white)).sum(axis=1)
    out: dict[str, CellEvidence] = {}
    for i, cell in enumerate(sampler.cells):
        if ring[i] > RING_EDGE:
            occupied = True
        elif ring[i] > RING_WEAK:  # a faint edge: the sample's colour decides
            occupied = occupancy[i] > OCCUPIED_FRACTION
        else:
            occupied = occupancy[i] > 0.9 and ring[i] > RING_WEAK / 2
        if not occupied:
            state = CellState.EMPTY
        elif white_votes[i] >= black_votes[i]:
            state = CellState.WHITE
        else:
            state = CellState.BLACK
        votes = white_votes[i] + black_votes[i]
        sure = not (RING_WEAK * 0.8 <= ring[i] <= RING_EDGE * 1.3) and (
            state is CellState.EMPTY
            or abs(int(white_votes[i]) - int(black_votes[i])) > 0.3 * votes)
        out[cell] = CellEvidence(state, float(ring[i]), float(occupancy[i]),
                                 float(brightness[i]), bool(sure))
    return out
