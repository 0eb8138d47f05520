"""A dim wide view: one of our renders as a quarter of a dark room's picture, a lamp's bright
spot on the table to the board's left (test and benchmark data for the board finder's second
look at a dim picture, ``calibration.DIM_CLIP``).

>>> picture, corners, cell = dim_wide_view(300)
>>> picture.shape, round(cell)
((960, 1280, 3), 41)
"""

from __future__ import annotations

import numpy as np

from companion.vision.geometry import get_geometry
from companion.vision.synth.render import render
from companion.vision.synth.scene import random_scene

DARK = 12  # the room round the board
DIMMED = 0.35  # the rendered picture's light, as a share of the render's
SPOT = 200  # the lamp's spot at its centre (added grey level) ...
SPOT_SIGMA = 0.2  # ... and its spread, as a share of the render's width


def dim_wide_view(seed: int, variant: str = "magici") -> tuple[np.ndarray, np.ndarray, float]:
    """The start of ``variant`` rendered with scene ``seed``, a quarter of a dark picture twice
    its size, a lamp's spot on the table to its left: the picture (BGR uint8), the playing
    area's true corners in it (a1 first) and a cell's side in pixels."""
    from companion.rules import get_variant
    from companion.vision.follower import occupancy

    start_position = get_variant(variant).start_position()
    g = get_geometry("11x10c" if len(start_position.geometry.cells) > 64 else "8x8")
    start = occupancy(start_position, g.cells)
    rng = np.random.default_rng(seed)
    shot = render(random_scene(rng, g), {c: v for c, v in start.items() if v != "."}, rng)
    h, w = shot.image.shape[:2]
    canvas = np.full((2 * h, 2 * w, 3), DARK, np.uint8)
    x0, y0 = w // 2 + w // 3, h // 2
    canvas[y0:y0 + h, x0:x0 + w] = shot.image
    yy, xx = np.mgrid[0:2 * h, 0:2 * w]
    spot = np.exp(-((xx - (x0 - w // 6)) ** 2 + (yy - (y0 + h // 2)) ** 2)
                  / (2 * (SPOT_SIGMA * w) ** 2))
    picture = np.clip(canvas.astype(np.float32) * DIMMED + SPOT * spot[..., None], 0, 255)
    corners = np.asarray(shot.corners, float) + [x0, y0]
    return picture.astype(np.uint8), corners, float(np.linalg.norm(corners[1] - corners[0])
                                                    / g.files)
