"""Shared fixtures: small synthetic shots, made from seeds the benchmark never uses (< 1000)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision.geometry import get_geometry
from companion.vision.synth import random_scene, render


def random_pieces(rng: np.random.Generator, cells: tuple[str, ...], density: float
                  ) -> dict[str, str]:
    return {c: ("w" if rng.random() < 0.5 else "b") for c in cells if rng.random() < density}


@pytest.fixture(scope="session")
def shots_8x8():
    g = get_geometry("8x8")
    out = []
    for seed in (11, 12, 13):
        rng = np.random.default_rng(seed)
        scene = random_scene(rng, g)
        out.append(render(scene, random_pieces(rng, g.cells, 0.4), rng))
    return out


@pytest.fixture(scope="session")
def shot_11x10c():
    g = get_geometry("11x10c")
    rng = np.random.default_rng(21)
    scene = random_scene(rng, g)
    pieces = random_pieces(rng, g.cells, 0.35)
    pieces["z2"], pieces["z9"] = "w", "b"
    return render(scene, pieces, rng)
