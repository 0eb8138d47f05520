"""A follower that has agreed on a calm picture: the start of many follower tests."""

from __future__ import annotations

import numpy as np

from companion.vision.follower import ChangeFollower, occupancy
from companion.vision.geometry import geometry_for_cells
from companion.vision.reader import Reader
from companion.vision.synth import finish, random_scene, render_static
from companion.vision.synth.render import true_corners


def calm_follower(pos, seed: int, tilt: float = 15, given_corners: bool = False):
    """``pos`` filmed calm (four pictures of one random scene from ``seed``, tilted at most
    ``tilt`` degrees) and followed by a reader that finds the corners itself, or is given the
    true ones and the position. Returns the follower, its reader, the geometry, the scene, the
    scene's still render and the generator (drawn on exactly as the tests always drew)."""
    rng = np.random.default_rng(seed)
    g = geometry_for_cells(list(pos.geometry.cells))
    scene = random_scene(rng, g, max_tilt_deg=tilt)
    follower = ChangeFollower(pos)
    reader = (Reader(g, true_corners(scene), expected=occupancy(pos, g.cells)) if given_corners
              else Reader(g))
    static = render_static(scene, occupancy(pos, g.cells))
    for _ in range(4):
        follower.feed(reader.read(finish(scene, static, rng)))
    assert follower._ref is not None
    return follower, reader, g, scene, static, rng


def faint_outline(lum: np.ndarray, share: float) -> np.ndarray:
    """A cell's log luminance (pixels,) with its outline (less its mean and its slope of light)
    at ``share`` of its contrast, its mean and slope kept: a faint change of its shape, as an
    exchange of two pieces alike shows. (Turned round, as these tests once made it, a cell
    changes mostly its slope, which the change meter takes for light: ``Prepared.flat``.)"""
    from companion.vision.change import SLOPES

    z = lum - lum.mean()
    slope = (z @ SLOPES.T) @ SLOPES
    return lum.mean() + slope + share * (z - slope)
