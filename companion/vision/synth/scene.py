"""A random but plausible set-up: board colours, pieces, light, and a camera on a stand."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.vision.geometry import BoardGeometry
from companion.vision.synth.camera import Camera, look_at

# (light square, dark square, frame) in BGR
BOARD_PALETTES: tuple[tuple[tuple[int, int, int], ...], ...] = (
    ((150, 200, 235), (60, 100, 165), (40, 60, 95)),  # maple / walnut
    ((180, 220, 238), (70, 130, 181), (50, 80, 120)),  # classic beige / brown
    ((210, 235, 240), (80, 150, 110), (200, 210, 215)),  # tournament vinyl: cream / green
    ((200, 200, 200), (110, 110, 110), (60, 60, 60)),  # grey plastic
    ((165, 205, 225), (45, 75, 125), (30, 45, 70)),  # dark wood
    ((190, 215, 225), (120, 110, 90), (90, 80, 60)),  # cream / blue-grey
)
LIGHT_PIECES: tuple[tuple[int, int, int], ...] = (
    (225, 235, 240), (200, 225, 235), (235, 235, 235), (185, 215, 230), (215, 230, 230),
)
DARK_PIECES: tuple[tuple[int, int, int], ...] = (
    (30, 30, 30), (25, 35, 55), (45, 45, 50), (35, 45, 70), (20, 20, 25),
)
TABLE_COLOURS: tuple[tuple[int, int, int], ...] = (
    (90, 110, 130), (140, 150, 160), (60, 70, 80), (170, 175, 180), (70, 90, 120),
)

# Profiles of turned pieces: (height in cell widths, radius of the base in cell widths,
# control points (height fraction, radius fraction)).
PROFILES: tuple[tuple[float, tuple[tuple[float, float], ...]], ...] = (
    (0.9, ((0, 1), (0.12, 1), (0.2, 0.75), (0.55, 0.42), (0.62, 0.6), (0.68, 0.42),
           (0.78, 0.58), (0.92, 0.45), (1.0, 0.12))),  # pawn
    (1.05, ((0, 1), (0.12, 1), (0.2, 0.78), (0.7, 0.6), (0.76, 0.78), (1.0, 0.78))),  # rook
    (1.2, ((0, 1), (0.1, 1), (0.2, 0.7), (0.5, 0.5), (0.8, 0.62), (1.0, 0.3))),  # knight
    (1.35, ((0, 1), (0.1, 1), (0.18, 0.7), (0.62, 0.38), (0.68, 0.6), (0.74, 0.38),
            (0.88, 0.5), (1.0, 0.12))),  # bishop
    (1.5, ((0, 1), (0.1, 1), (0.18, 0.72), (0.7, 0.4), (0.76, 0.65), (0.82, 0.45),
           (0.92, 0.6), (1.0, 0.5))),  # queen
    (1.65, ((0, 1), (0.1, 1), (0.18, 0.72), (0.72, 0.4), (0.78, 0.65), (0.84, 0.45),
            (0.95, 0.4), (1.0, 0.15))),  # king
    (0.3, ((0, 1.1), (0.3, 1.1), (0.4, 1.0), (0.6, 1.0), (0.7, 1.1), (1.0, 1.05))),  # man
)
PROFILE_WEIGHTS = np.array([0.45, 0.12, 0.12, 0.12, 0.1, 0.09, 0.0])
# a piece's kind (as the rules engine names it) -> its profile; others get one by their name
KIND_PROFILES = {"pawn": 0, "soldier": 0, "rook": 1, "knight": 2, "bishop": 3, "queen": 4,
                 "king": 5, "shah": 5, "prince": 5, "man": 6}


@dataclass
class Scene:
    """Everything fixed about one set-up; the pieces on it are given at render time."""

    geometry: BoardGeometry
    camera: Camera
    light_square: np.ndarray
    dark_square: np.ndarray
    frame: np.ndarray
    table: np.ndarray
    light_piece: np.ndarray
    dark_piece: np.ndarray
    border: float  # width of the frame around the playing area, in cells
    piece_scale: float
    base_radius: float
    light_dir: np.ndarray  # unit vector towards the light
    gradient: tuple[float, float, float]  # strength, direction angle, vignette
    shadow_band: tuple[float, float, float, float] | None  # offset, angle, depth, softness
    noise_sigma: float
    jpeg_quality: int
    seed: int
    markers: bool = False  # printed ArUco markers at the four corners
    # marks printed inside squares, as club boards have them (a federation's emblem on h1, a
    # maker's name): each (cell, kind, size in cells, turn in radians, ink BGR); see
    # render.LOGO_KINDS. A piece may stand on one: the square keeps its label (its piece's)
    logos: tuple[tuple[str, str, float, float, tuple[float, float, float]], ...] = ()

    @property
    def size(self) -> tuple[int, int]:
        return self.camera.size


def _jitter(rng: np.random.Generator, colour: tuple[int, int, int], amount: float) -> np.ndarray:
    return np.clip(np.array(colour, float) * rng.uniform(1 - amount, 1 + amount, 3), 0, 255)


def random_camera(
    rng: np.random.Generator, geometry: BoardGeometry, size: tuple[int, int], border: float,
    max_tilt_deg: float = 30.0, distortion: float = 0.12,
) -> Camera:
    """A camera on a stand at rank 1's side: tilted up to ``max_tilt_deg`` from vertical."""
    w, h = size
    hfov = np.radians(rng.uniform(50, 68))
    focal = w / (2 * np.tan(hfov / 2))
    tilt = np.radians(rng.uniform(0, max_tilt_deg))
    azimuth = np.radians(rng.uniform(-25, 25))
    centre = np.array([geometry.files / 2, geometry.ranks / 2, 0.0])
    centre[:2] += rng.uniform(-0.3, 0.3, 2)
    direction = np.array([np.sin(tilt) * np.sin(azimuth), -np.sin(tilt) * np.cos(azimuth),
                          np.cos(tilt)])
    roll = np.radians(rng.uniform(-6, 6))
    k1 = rng.uniform(-distortion, distortion * 0.6)
    fill = rng.uniform(0.72, 0.92)
    extent = max(geometry.files, geometry.ranks) + 2 * border + 2
    distance = extent / fill / (2 * np.tan(hfov / 2)) * w / h
    margin = 4
    for _ in range(60):
        cam = look_at(centre, centre + direction * distance, np.array([0, 1.0, 0]), focal,
                      size, roll, (k1, 0.0))
        lo, hi = -border - 0.3, np.array([geometry.files, geometry.ranks]) + border + 0.3
        corners = np.array([[lo, lo, 0], [hi[0], lo, 0], [hi[0], hi[1], 0], [lo, hi[1], 0]])
        p = cam.project(corners)
        if (p.min(axis=0) > margin).all() and (p[:, 0] < w - margin).all() and (
            p[:, 1] < h - margin
        ).all():
            return cam
        distance *= 1.06
    return cam


def random_scene(
    rng: np.random.Generator,
    geometry: BoardGeometry,
    size: tuple[int, int] = (640, 480),
    max_tilt_deg: float = 30.0,
) -> Scene:
    """A random set-up for ``geometry``, photographed at ``size`` (width, height)."""
    light, dark, frame = BOARD_PALETTES[rng.integers(len(BOARD_PALETTES))]
    border = float(rng.uniform(0.35, 0.9))
    elevation = np.radians(rng.uniform(40, 75))
    az = rng.uniform(0, 2 * np.pi)
    light_dir = np.array([np.cos(elevation) * np.cos(az), np.cos(elevation) * np.sin(az),
                          np.sin(elevation)])
    band = None
    if rng.random() < 0.5:
        band = (float(rng.uniform(-0.3, 0.3)), float(rng.uniform(0, np.pi)),
                float(rng.uniform(0.55, 0.85)), float(rng.uniform(3, 25)))
    return Scene(
        geometry=geometry,
        camera=random_camera(rng, geometry, size, border, max_tilt_deg),
        light_square=_jitter(rng, light, 0.08),
        dark_square=_jitter(rng, dark, 0.1),
        frame=_jitter(rng, frame, 0.1),
        table=_jitter(rng, TABLE_COLOURS[rng.integers(len(TABLE_COLOURS))], 0.15),
        light_piece=_jitter(rng, LIGHT_PIECES[rng.integers(len(LIGHT_PIECES))], 0.05),
        dark_piece=_jitter(rng, DARK_PIECES[rng.integers(len(DARK_PIECES))], 0.2),
        border=border,
        piece_scale=float(rng.uniform(0.8, 1.05)),
        base_radius=float(rng.uniform(0.3, 0.4)),
        light_dir=light_dir,
        gradient=(float(rng.uniform(0.0, 0.5)), float(rng.uniform(0, 2 * np.pi)),
                  float(rng.uniform(0.0, 0.35))),
        shadow_band=band,
        noise_sigma=float(rng.uniform(1.5, 5.0)),
        jpeg_quality=int(rng.integers(60, 95)),
        seed=int(rng.integers(1 << 31)),
    )


# Sets, squares and light kept OUT of the cell network's training (``companion vision train``
# draws our palettes above and its own in ``train._vary``): the tune check of
# ``unseen_scene`` -- low contrast (light pieces on light squares, dark on dark), ivory, cream,
# boxwood and honey pieces under warm light, pieces in a deep shadow -- measures how the
# network holds on a club's set it never met. BGR.
UNSEEN_LIGHT_PIECES: tuple[tuple[int, int, int], ...] = (
    (205, 228, 238),  # ivory
    (150, 205, 232),  # boxwood
    (105, 170, 215),  # honey
    (170, 222, 242),  # cream
    (185, 200, 205),  # bleached, greyish
    (130, 190, 225),  # light oak
)
UNSEEN_DARK_PIECES: tuple[tuple[int, int, int], ...] = (
    (45, 50, 110),  # rosewood
    (32, 42, 58),  # ebonised
    (55, 45, 150),  # red-stained
    (45, 70, 75),  # olive-dark
    (60, 85, 120),  # mid brown (dark on a dark square)
    (80, 45, 35),  # navy plastic
)
UNSEEN_SQUARES: tuple[tuple[tuple[int, int, int], tuple[int, int, int]], ...] = (
    ((175, 215, 232), (55, 95, 150)),  # boxwood / walnut
    ((205, 232, 246), (105, 135, 175)),  # ivory / light brown (low contrast)
    ((135, 185, 215), (50, 65, 125)),  # dark maple / red-brown
    ((215, 225, 225), (95, 125, 95)),  # off-white / dull green vinyl
    ((165, 200, 210), (80, 85, 95)),  # sand / slate
    ((180, 220, 205), (70, 110, 60)),  # pale / deep green
)


def unseen_scene(rng: np.random.Generator, geometry: BoardGeometry,
                 size: tuple[int, int] = (640, 480)) -> tuple[Scene, np.ndarray]:
    """A set-up with pieces, squares and light the cell network did not train on, and the
    colour of its light (BGR gains, warm more often than not) to multiply the picture by.

    Half the boards put light pieces close to the light squares (and dark pieces close to
    the dark ones); most have a shadow, deeper than :func:`random_scene`'s."""
    from dataclasses import replace

    scene = random_scene(rng, geometry, size)
    light = _jitter(rng, UNSEEN_LIGHT_PIECES[rng.integers(len(UNSEEN_LIGHT_PIECES))], 0.06)
    dark = _jitter(rng, UNSEEN_DARK_PIECES[rng.integers(len(UNSEEN_DARK_PIECES))], 0.12)
    sq_light, sq_dark = (_jitter(rng, c, 0.06)
                         for c in UNSEEN_SQUARES[rng.integers(len(UNSEEN_SQUARES))])
    if rng.random() < 0.5:  # low contrast: the light squares near the light pieces' colour
        sq_light = np.clip(light * rng.uniform(0.95, 1.12, 3), 0, 255)
        if rng.random() < 0.5:
            sq_dark = np.clip(dark * rng.uniform(1.0, 1.35, 3), 0, 255)
    band = scene.shadow_band
    if rng.random() < 0.7:
        band = (float(rng.uniform(-0.3, 0.3)), float(rng.uniform(0, np.pi)),
                float(rng.uniform(0.3, 0.6)), float(rng.uniform(2, 20)))
    warm = rng.random() < 0.7
    cast = (np.array([rng.uniform(0.62, 0.85), rng.uniform(0.85, 0.98), 1.0]) if warm
            else np.array([1.0, rng.uniform(0.92, 1.0), rng.uniform(0.8, 0.95)]))
    scene = replace(scene, light_piece=light, dark_piece=dark, light_square=sq_light,
                    dark_square=sq_dark, shadow_band=band)
    return scene, cast
