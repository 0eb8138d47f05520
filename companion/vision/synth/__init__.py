"""Synthetic photographs of a board with pieces, with their ground truth (test and benchmark data).

>>> import numpy as np
>>> from companion.vision.geometry import get_geometry
>>> from companion.vision.synth import random_scene, render
>>> scene = random_scene(np.random.default_rng(1), get_geometry("8x8"))
>>> shot = render(scene, {"e4": "w"}, np.random.default_rng(2))
>>> shot.image.shape, shot.cells["e4"], shot.cells["e5"]
((480, 640, 3), 'w', '.')
"""

from companion.vision.synth.camera import Camera
from companion.vision.synth.render import Shot, render, render_static, finish
from companion.vision.synth.scene import Scene, random_scene

__all__ = ["Camera", "Scene", "Shot", "random_scene", "render", "render_static", "finish"]
