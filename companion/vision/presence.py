"""Is something other than the position in view? A hand reaching in, or anything moving.

A hand always comes from outside the board, so it crosses the strip of table just beyond the
board's edge (a band well clear of the frame and of pieces leaning outwards). Along that
strip the surroundings change slowly; an arm makes a short, sharp change. Motion is simpler:
the straightened picture changes between two frames.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.view import BoardView

BAND = (1.15, 1.9)  # cells beyond the playing area's edge
DEVIATION = 0.2  # log-brightness step that counts as "not the surroundings"
HAND_FRACTION = 0.01  # share of the band's pixels that makes a hand
WINDOW = 5.0  # cells
ACROSS = 0.7  # share of the band's depth an arm covers
MOTION_STEP = 24  # grey levels
MOTION_FRACTION = 0.004


@dataclass(frozen=True)
class Presence:
    hand: float  # share of the outer band unlike its surroundings (0..1)
    motion: float  # share of pixels that changed since the previous frame (0..1)

    def hand_seen(self) -> bool:
        return self.hand > HAND_FRACTION

    def moving(self) -> bool:
        return self.motion > MOTION_FRACTION


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
            along, out = 1.2 * S, 1.6 * S  # citadels stick out of the left and right edges
            valid[max(0, int(cy - along)) : int(cy + along),
                  max(0, int(cx - out)) : int(cx + out)] = False
        lo, hi = BAND
        x0, x1 = m * S, (m + g.files) * S
        y0, y1 = m * S, (m + g.ranks) * S
        a, b = int(round(lo * S)), int(round(min(hi, m) * S))
        # four strips, each stored as (rows, cols) slices with the edge running along axis 1
        self.strips = [
            (slice(int(y0) - b, int(y0) - a), slice(int(x0) - b, int(x1) + b), 1),
            (slice(int(y1) + a, int(y1) + b), slice(int(x0) - b, int(x1) + b), 1),
            (slice(int(y0) - b, int(y1) + b), slice(int(x0) - b, int(x0) - a), 0),
            (slice(int(y0) - b, int(y1) + b), slice(int(x1) + a, int(x1) + b), 0),
        ]
        self.valid = [valid[rs, cs] for rs, cs, _ in self.strips]
        self.previous: np.ndarray | None = None

    def hand_score(self, top: np.ndarray) -> float:
        """The largest share, over the four sides, of the band's length crossed by something
        unlike the surroundings over (nearly) its whole depth."""
        log = np.log(top.astype(np.float32) + 10)
        if log.ndim == 2:
            log = log[..., None]
        worst = 0.0
        for (rs, cs, along), valid in zip(self.strips, self.valid):
            strip = log[rs, cs]
            if along == 0:
                strip, valid = strip.transpose(1, 0, 2), valid.T
            if valid.mean() < 0.5:
                continue
            # the surroundings at each distance from the edge: a running median along the
            # edge over WINDOW cells, which keeps a shadow's step but drops an arm's width
            q = max(2, self.view.cell_px // 6)
            rq = 3
            n, m = strip.shape[1] // q, strip.shape[0] // rq
            small = strip[: m * rq, : n * q].reshape(m, rq, n, q, -1).mean(axis=(1, 3))
            ok = valid[: m * rq, : n * q].reshape(m, rq, n, q).all(axis=(1, 3))
            half = int(WINDOW * self.view.cell_px / q / 2)
            padded = np.pad(small, ((0, 0), (half, half), (0, 0)), mode="edge")
            windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * half + 1, axis=1)
            base = np.median(windows, axis=-1)
            far = (np.abs(small - base).max(axis=2) > DEVIATION) & ok
            # an arm crosses the whole depth of the band; the curved edge of a table or a
            # plank only dents a few rows of it
            rows = ok.sum(axis=0)
            across = (far.sum(axis=0) >= ACROSS * np.maximum(rows, 1)) & (rows > 0)
            if rows.astype(bool).mean() < 0.5:
                continue
            worst = max(worst, float(across.sum()) / float((rows > 0).sum()))
        return worst

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
