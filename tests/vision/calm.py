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
