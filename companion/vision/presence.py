"""Is something other than the position in view? A hand reaching in, or anything moving.

A hand always comes from outside the board, so it crosses the band of table just beyond the
board's edge (well clear of the frame and of pieces leaning outwards). Going round that band
the surroundings change slowly, and a shadow changes only their brightness; an arm makes a
short change of colour (or a big one of brightness) across the band's whole depth. Motion is
simpler: the straightened picture changes between two frames.

Known limit: an arm lying along one whole side of the board, parallel to it, looks like the
surroundings of that side to this test; in a video the motion test catches it as it comes.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.view import BoardView

BAND = (1.15, 1.9)  # cells beyond the playing area's edge
COLOUR_STEP = 0.085  # log-chromaticity change that counts as "not the surroundings"
SHADOW_STEP = 0.65  # log-brightness change larger than a shadow makes
BRIGHTER_STEP = 0.3  # log-brightness rise that no shadow makes
HAND_WIDTH = 0.6  # cells: a crossing this wide is an arm
WINDOW = 5.0  # cells
ACROSS = 0.7  # share of the band's depth an arm covers
MOTION_STEP = 24  # grey levels
MOTION_FRACTION = 0.004


@dataclass(frozen=True)
class Presence:
    hand: float  # the widest crossing of the band round the board, in cells
    motion: float  # share of pixels that changed since the previous frame (0..1)

    def hand_seen(self) -> bool:
        return self.hand > HAND_WIDTH

    def moving(self) -> bool:
        return self.motion > MOTION_FRACTION


def _longest_run(flags: np.ndarray) -> int:
    """The longest run of True in a loop (it may wrap round the end).

    >>> _longest_run(np.array([True, False, True, True, False, True, True]))
    3
    """
    n = len(flags)
    if n == 0 or not flags.any():
        return 0
    if flags.all():
        return n
    start = int(np.argmin(flags))  # begin at a False so that no run wraps
    rolled = np.roll(flags, -start).astype(np.int8)
    edges = np.diff(np.concatenate([[0], rolled, [0]]))
    starts, ends = np.where(edges == 1)[0], np.where(edges == -1)[0]
    return int((ends - starts).max())


class PresenceDetector:
    """Hand and motion tests for one board view."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        g, S, m = view.geometry, view.cell_px, view.margin
        w, h = view.top_size
        ones = np.full((view.image_size[1], view.image_size[0]), 255, np.uint8)
        valid = cv2.warpPerspective(ones, view.M_top_from_img, (w, h), flags=cv2.INTER_NEAREST,
                                    borderMode=cv2.BORDER_CONSTANT, borderValue=0) > 0
        # a piece standing in a citadel (one cell outside) may lean into the band: leave out
        # the band around each citadel
        for _name, f, r in g.extra:
            cx, cy = view.plane_to_top(np.array([f + 0.5, r + 0.5]))
            along, out = 1.7 * S, 1.6 * S  # citadels stick out of the left and right edges
            valid[max(0, int(cy - along)) : int(cy + along),
                  max(0, int(cx - out)) : int(cx + out)] = False
        lo, hi = BAND
        x0, x1 = int(m * S), int((m + g.files) * S)
        y0, y1 = int(m * S), int((m + g.ranks) * S)
        a, b = int(round(lo * S)), int(round(min(hi, m) * S))
        # one loop round the board (top left to right, right side down, bottom right to left,
        # left side up), as (depth outwards, position along the loop) index arrays: a running
        # median along a closed loop has no ends for an arm to hide in
        depth = np.arange(a, b)
        parts = []
        xs = np.arange(x0 - b, x1 + b)
        parts.append((np.repeat((y0 - 1 - depth)[:, None], len(xs), 1),
                      np.repeat(xs[None], len(depth), 0)))
        ys = np.arange(y0, y1)
        parts.append((np.repeat(ys[None], len(depth), 0),
                      np.repeat((x1 + depth)[:, None], len(ys), 1)))
        xs = np.arange(x1 + b - 1, x0 - b - 1, -1)
        parts.append((np.repeat((y1 + depth)[:, None], len(xs), 1),
                      np.repeat(xs[None], len(depth), 0)))
        ys = np.arange(y1 - 1, y0 - 1, -1)
        parts.append((np.repeat(ys[None], len(depth), 0),
                      np.repeat((x0 - 1 - depth)[:, None], len(ys), 1)))
        self.loop_y = np.clip(np.concatenate([p[0] for p in parts], axis=1), 0, h - 1)
        self.loop_x = np.clip(np.concatenate([p[1] for p in parts], axis=1), 0, w - 1)
        self.loop_valid = valid[self.loop_y, self.loop_x]
        self.side_length = self.loop_y.shape[1] / 4
        self.previous: np.ndarray | None = None

    def hand_score(self, top: np.ndarray) -> float:
        """The widest crossing of the band round the board (in cells) by something unlike
        the surroundings there over nearly the band's whole depth."""
        log = np.log(top.astype(np.float32) + 10)
        if log.ndim == 2:
            log = log[..., None]
        band = log[self.loop_y, self.loop_x]  # (depth, length, channels)
        valid = self.loop_valid
        q = max(2, self.view.cell_px // 6)
        rq = 3
        n, m = band.shape[1] // q, band.shape[0] // rq
        if n == 0 or m == 0:
            return 0.0
        small = band[: m * rq, : n * q].reshape(m, rq, n, q, -1).mean(axis=(1, 3))
        ok = valid[: m * rq, : n * q].reshape(m, rq, n, q).all(axis=(1, 3))
        # the surroundings at each depth: a running median along the loop over WINDOW cells,
        # which keeps a shadow's step but drops an arm's width
        half = int(WINDOW * self.view.cell_px / q / 2)
        padded = np.pad(small, ((0, 0), (half, half), (0, 0)), mode="wrap")
        windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * half + 1, axis=1)
        base = np.median(windows, axis=-1)
        diff = small - base
        if diff.shape[2] == 3:
            lum = diff.mean(axis=2)
            chroma = np.linalg.norm(diff - lum[..., None], axis=2)
            # light and shade change brightness, not colour: a shadow darkens by at most
            # SHADOW_STEP; something brighter must differ a little in colour as well
            brighter = (lum > BRIGHTER_STEP) & (chroma > COLOUR_STEP / 3)
            far = ((chroma > COLOUR_STEP) | brighter | (lum < -SHADOW_STEP)) & ok
        else:
            far = ((diff[..., 0] > BRIGHTER_STEP) | (diff[..., 0] < -SHADOW_STEP)) & ok
        # an arm crosses the whole depth of the band; the curved edge of a table or a plank
        # only dents a few rows of it
        rows = ok.sum(axis=0)
        if (rows > 0).mean() < 0.5:
            return 0.0
        across = (far.sum(axis=0) >= ACROSS * np.maximum(rows, 1)) & (rows > 0)
        # an arm is one wide crossing; printed coordinates or a pattern are many thin ones
        return _longest_run(across) * q / self.view.cell_px

    def motion_score(self, top: np.ndarray) -> float:
        gray = cv2.cvtColor(top, cv2.COLOR_BGR2GRAY) if top.ndim == 3 else top
        small = cv2.resize(gray, (gray.shape[1] // 2, gray.shape[0] // 2),
                           interpolation=cv2.INTER_AREA).astype(np.int16)
        prev, self.previous = self.previous, small
        if prev is None or prev.shape != small.shape:
            return 0.0
        return float((np.abs(small - prev) > MOTION_STEP).mean())

    def check(self, top: np.ndarray, with_motion: bool = True) -> Presence:
        motion = self.motion_score(top) if with_motion else 0.0
        return Presence(self.hand_score(top), motion)
