"""The logical 800×480 canvas and how it reaches the physical display.

Every screen draws on a logical 800×480 canvas. The viewport rotates it (in the app: DRM
programs are not rotated by the Pi's ``cmdline.txt``) and scales it to fit the display with
letterboxing, and maps physical touch points back to logical ones.

``rotate`` turns the picture clockwise: 90 puts the canvas's top edge on the display's right.

>>> v = Viewport((1280, 720), rotate=90)   # a 720×1280 panel mounted on its side... or not
>>> v.scale
1.5
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

LOGICAL_SIZE = (800, 480)


@dataclass
class Viewport:
    physical: tuple[int, int]
    rotate: int = 0
    logical: tuple[int, int] = LOGICAL_SIZE
    scale: float = field(init=False)
    offset: tuple[int, int] = field(init=False)
    picture: tuple[int, int] = field(init=False)  # the rotated, scaled picture's size

    def __post_init__(self) -> None:
        if self.rotate not in (0, 90, 180, 270):
            raise ValueError(f"rotation must be 0, 90, 180 or 270, got {self.rotate}")
        lw, lh = self.logical
        rw, rh = (lh, lw) if self.rotate in (90, 270) else (lw, lh)
        pw, ph = self.physical
        self.scale = min(pw / rw, ph / rh)
        self.picture = (round(rw * self.scale), round(rh * self.scale))
        self.offset = ((pw - self.picture[0]) // 2, (ph - self.picture[1]) // 2)

    @property
    def identity(self) -> bool:
        return self.rotate == 0 and tuple(self.physical) == tuple(self.logical)

    def to_logical(self, px: float, py: float, clamp: bool = False) -> tuple[int, int] | None:
        """A physical pixel to the logical canvas; None on the black bars around the picture
        (or, with ``clamp``, the nearest canvas point)."""
        lw, lh = self.logical
        u = (px - self.offset[0]) / self.scale
        v = (py - self.offset[1]) / self.scale
        if self.rotate == 0:
            x, y = u, v
        elif self.rotate == 90:
            x, y = v, lh - u
        elif self.rotate == 180:
            x, y = lw - u, lh - v
        else:  # 270
            x, y = lw - v, u
        if not clamp and not (0 <= x < lw + 0.5 and 0 <= y < lh + 0.5):
            return None
        return (min(max(int(x), 0), lw - 1), min(max(int(y), 0), lh - 1))

    def present(self, canvas: pygame.Surface, target: pygame.Surface) -> None:
        """Draw the canvas onto the display surface (rotated, scaled, centred)."""
        if self.identity and canvas is target:
            return
        picture = pygame.transform.rotate(canvas, -self.rotate) if self.rotate else canvas
        if picture.get_size() != self.picture:
            picture = pygame.transform.smoothscale(picture, self.picture)
        if self.offset != (0, 0):
            target.fill((0, 0, 0))
        target.blit(picture, self.offset)
