"""The grid drawn over the camera's picture follows the board's lines, bowed by a lens too."""

from __future__ import annotations

import numpy as np
import pygame

from companion.ui.vision.overlay import GRID, Placement, draw_grid
from companion.vision.geometry import get_geometry
from companion.vision.view import BoardView, Corners, Lens


def _drawn(corners: object) -> pygame.Surface:
    surface = pygame.Surface((640, 480))
    surface.fill((0, 0, 0))
    draw_grid(surface, "8x8", corners, (640, 480),
              Placement.fit(pygame.Rect(0, 0, 640, 480), (640, 480)))
    return surface


def _on_grid(surface: pygame.Surface, xy: np.ndarray) -> bool:
    x, y = (int(round(v)) for v in xy)
    return any(tuple(surface.get_at((x + dx, y + dy)))[:3] == GRID
               for dx in (-1, 0, 1) for dy in (-1, 0, 1))


def test_the_grid_bows_with_the_lens_the_corners_carry():
    pygame.init()
    lens = Lens.for_image(-0.25, (640, 480), 70.0)
    plain = np.array([[100.0, 460], [540, 460], [540, 20], [100, 20]])
    corners = Corners(lens.distort(lens.undistort(plain)), lens)  # (the same four points)
    view = BoardView.from_corners(get_geometry("8x8"), corners, (640, 480))
    middle = view.plane_to_image(np.array([[0.0, 3.5]]))[0]  # the a-file's edge, mid-cell
    chord = plain[0] + (plain[3] - plain[0]) * 3.5 / 8  # ... where a straight line runs
    assert np.linalg.norm(middle - chord) > 5  # the lens bows it, visibly
    bent = _drawn(corners)
    assert _on_grid(bent, middle) and not _on_grid(bent, chord)
    straight = _drawn(plain)  # plain corners: the straight grid, as ever
    assert _on_grid(straight, chord)
