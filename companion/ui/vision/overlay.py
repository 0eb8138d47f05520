"""Drawing a camera picture with the board's grid and each cell as read over it.

The picture arrives as an RGB preview (already scaled by the worker); the grid comes from the
four corners of the calibration, in the camera frame's pixels, mapped through the same scale.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import pygame

from companion.ui import theme

GRID = (80, 220, 255)
UNSURE = (255, 210, 60)


@dataclass(frozen=True)
class Placement:
    """Where a frame of ``frame_size`` is drawn: its top-left and the scale."""

    x: int
    y: int
    scale: float
    width: int
    height: int

    @classmethod
    def fit(cls, area: pygame.Rect, frame_size: tuple[int, int]) -> "Placement":
        """The frame centred in ``area`` as large as fits.

        >>> p = Placement.fit(pygame.Rect(0, 0, 400, 400), (640, 480))
        >>> (p.x, p.y, p.width, p.height, p.scale)
        (0, 50, 400, 300, 0.625)
        """
        w, h = frame_size
        # (an area squeezed to nothing on a narrow screen, 100 px wide: still a picture, 1 px)
        scale = max(min(area.width / w, area.height / h), 1 / max(w, h))
        width, height = max(1, int(round(w * scale))), max(1, int(round(h * scale)))
        return cls(area.x + (area.width - width) // 2, area.y + (area.height - height) // 2, scale,
                   width, height)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.width, self.height)

    def to_screen(self, pts: np.ndarray) -> list[tuple[int, int]]:
        pts = np.asarray(pts, float).reshape(-1, 2)
        return [(int(round(self.x + px * self.scale)), int(round(self.y + py * self.scale))) for px, py in pts]

    def to_frame(self, pos: tuple[int, int]) -> tuple[float, float] | None:
        """The frame pixel under a screen point, or None outside the picture."""
        if not self.rect.collidepoint(pos):
            return None
        return ((pos[0] - self.x) / self.scale, (pos[1] - self.y) / self.scale)


def preview_surface(preview: np.ndarray) -> pygame.Surface:
    """A pygame Surface from an RGB uint8 array (height, width, 3)."""
    h, w = preview.shape[:2]
    return pygame.image.frombuffer(np.ascontiguousarray(preview).tobytes(), (w, h), "RGB").copy()


def draw_picture(surface: pygame.Surface, picture: pygame.Surface | None, place: Placement) -> None:
    if picture is None:
        pygame.draw.rect(surface, theme.PANEL, place.rect)
        return
    if picture.get_size() != (place.width, place.height):
        picture = pygame.transform.smoothscale(picture, (place.width, place.height))
    surface.blit(picture, (place.x, place.y))


def draw_grid(surface: pygame.Surface, geometry_name: str, corners: np.ndarray, frame_size: tuple[int, int],
              place: Placement, cells: Mapping[str, str] | None = None, unsure: set[str] | None = None) -> None:
    """The grid of the playing area (and the citadels), and the cells as read."""
    from companion.vision.geometry import get_geometry
    from companion.vision.view import BoardView

    g = get_geometry(geometry_name)
    try:
        view = BoardView.from_corners(g, corners, frame_size)
    except ValueError:
        return
    width = 2 if place.scale > 0.5 else 1
    # each line drawn in short pieces: through a webcam's lens (corners found carrying one)
    # the board's lines bow, and the grid follows them
    along = np.linspace(0.0, 1.0, 2 * max(g.files, g.ranks) + 1)
    for f in range(g.files + 1):
        line = np.column_stack([np.full_like(along, f), along * g.ranks])
        pygame.draw.lines(surface, GRID, False, place.to_screen(view.plane_to_image(line)), width)
    for r in range(g.ranks + 1):
        line = np.column_stack([along * g.files, np.full_like(along, r)])
        pygame.draw.lines(surface, GRID, False, place.to_screen(view.plane_to_image(line)), width)
    for _name, f, r in g.extra:  # the citadels, outside the playing area
        square = np.array([[f, r], [f + 1, r], [f + 1, r + 1], [f, r + 1]], float)
        pygame.draw.polygon(surface, GRID, place.to_screen(view.plane_to_image(square)), width)
    a1 = place.to_screen(view.plane_to_image(np.array([[0.0, 0.0]])))[0]
    pygame.draw.circle(surface, theme.ACCENT, a1, 6)
    if not cells:
        return
    names = list(g.cells)
    centres = place.to_screen(view.plane_to_image(np.array([g.cell_centre(c) for c in names])))
    step = np.linalg.norm(np.subtract(place.to_screen(view.plane_to_image(np.array([[0.0, 0], [1.0, 0]])))[1],
                                      place.to_screen(view.plane_to_image(np.array([[0.0, 0]])))[0]))
    radius = max(3, int(step * 0.28))
    for name, centre in zip(names, centres):
        state = str(getattr(cells.get(name, "."), "value", cells.get(name, ".")))
        if state == "w":
            pygame.draw.circle(surface, (250, 250, 250), centre, radius)
            pygame.draw.circle(surface, (20, 20, 20), centre, radius, 2)
        elif state == "b":
            pygame.draw.circle(surface, (20, 20, 20), centre, radius)
            pygame.draw.circle(surface, (250, 250, 250), centre, radius, 2)
        else:
            pygame.draw.circle(surface, GRID, centre, 2)
        if unsure and name in unsure:
            pygame.draw.circle(surface, UNSURE, centre, radius + 3, 2)
