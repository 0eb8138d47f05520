"""A player's hand and arm reaching over the board from outside the picture."""

from __future__ import annotations

import cv2
import numpy as np

# skin tones, BGR, from light to dark
SKIN = ((170, 190, 235), (140, 170, 220), (110, 145, 195), (80, 110, 160), (50, 70, 110),
        (40, 55, 85))
SLEEVES = ((40, 40, 40), (150, 90, 40), (200, 200, 200), (40, 40, 160), (60, 120, 60))


def draw_hand(img: np.ndarray, scene: object, rng: np.random.Generator) -> None:
    """Paint an arm from an image edge to a point over the board, with palm and fingers."""
    from companion.vision.synth.scene import Scene

    assert isinstance(scene, Scene)
    g = scene.geometry
    h, w = img.shape[:2]
    target_plane = np.array([rng.uniform(0.5, g.files - 0.5), rng.uniform(0.5, g.ranks - 0.5),
                             rng.uniform(1.0, 3.0)])
    target = scene.camera.project(target_plane[None])[0]
    side = rng.integers(3)
    if side == 0:
        start = np.array([rng.uniform(0.2, 0.8) * w, h + 40])
    elif side == 1:
        start = np.array([-40, rng.uniform(0.3, 1.0) * h])
    else:
        start = np.array([w + 40, rng.uniform(0.3, 1.0) * h])
    cell_px = np.linalg.norm(
        scene.camera.project(np.array([[0, 0, 0], [g.files, 0, 0.0]]))[1]
        - scene.camera.project(np.array([[0, 0, 0.0]]))[0]) / g.files
    width = cell_px * rng.uniform(1.3, 1.8)
    skin = np.array(SKIN[rng.integers(len(SKIN))], float) * rng.uniform(0.9, 1.1)
    sleeve = np.array(SLEEVES[rng.integers(len(SLEEVES))], float)
    direction = (target - start) / max(np.linalg.norm(target - start), 1)
    wrist = target - direction * cell_px * 0.9
    # a shadow of the arm on the board, offset away from the light
    shadow = np.zeros((h, w), np.float32)
    off = -scene.light_dir[:2] * cell_px * 1.2
    cv2.line(shadow, tuple(int(x) for x in start + off), tuple(int(x) for x in target + off),
             1.0, int(width))
    shadow = cv2.GaussianBlur(shadow, (0, 0), cell_px * 0.5)
    img *= (1 - 0.4 * shadow)[..., None]
    elbow = start + (wrist - start) * rng.uniform(0.3, 0.6)
    cv2.line(img, tuple(int(x) for x in start), tuple(int(x) for x in elbow), sleeve.tolist(),
             int(width * 1.15), cv2.LINE_AA)
    cv2.line(img, tuple(int(x) for x in elbow), tuple(int(x) for x in wrist), skin.tolist(),
             int(width * 0.8), cv2.LINE_AA)
    angle = np.degrees(np.arctan2(direction[1], direction[0]))
    cv2.ellipse(img, tuple(int(x) for x in target), (int(cell_px * 0.75), int(width * 0.55)),
                angle, 0, 360, (skin * 0.95).tolist(), -1, cv2.LINE_AA)
    normal = np.array([-direction[1], direction[0]])
    for i, spread in enumerate(np.linspace(-0.4, 0.4, 4)):
        base = target + direction * cell_px * 0.5 + normal * spread * width
        tip = base + (direction + normal * spread * 0.5) * cell_px * rng.uniform(0.6, 1.0)
        cv2.line(img, tuple(int(x) for x in base), tuple(int(x) for x in tip),
                 (skin * (0.9 + 0.05 * i)).tolist(), max(2, int(cell_px * 0.2)), cv2.LINE_AA)
    thumb = target + normal * width * 0.6
    cv2.line(img, tuple(int(x) for x in target), tuple(int(x) for x in thumb + direction * 5),
             (skin * 0.9).tolist(), max(2, int(cell_px * 0.25)), cv2.LINE_AA)
