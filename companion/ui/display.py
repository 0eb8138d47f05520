"""The canvas a screen draws on and how it reaches the physical display.

A screen draws on a logical 800×480 canvas by default. The viewport rotates it (in the app:
DRM programs are not rotated by the Pi's ``cmdline.txt``) and scales it to fit the display with
letterboxing, and maps physical touch points back to logical ones.

A *native* screen (``Screen.native = True``) draws instead on a canvas the display's own size
(after rotation): nothing is scaled, so text stays sharp and there are no black bars on a
1920×1080 projector. It lays itself out from ``Screen.size`` and multiplies its lengths and
font sizes by ``Screen.unit`` (:func:`unit_for`: 1 on the 800×480 panel, 2.25 at 1920×1080,
1.5 on a 720×1280 panel turned on its side), so it looks the same, only bigger and crisper.

>>> native_size((1920, 1080), 0), unit_for((1920, 1080)), native_size((720, 1280), 90), unit_for((1280, 720))
((1920, 1080), 2.25, (1280, 720), 1.5)

``rotate`` turns the picture clockwise: 90 puts the canvas's top edge on the display's right.

>>> v = Viewport((1280, 720), rotate=90)   # a 720×1280 panel mounted on its side... or not
>>> v.scale
1.5
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

LOGICAL_SIZE = (800, 480)


def native_size(physical: tuple[int, int], rotate: int) -> tuple[int, int]:
    """The canvas a native screen draws on: the display's size as the viewer sees it."""
    w, h = physical
    return (h, w) if rotate in (90, 270) else (w, h)


def unit_for(size: tuple[int, int]) -> float:
    """How much bigger than on the 800×480 panel a native screen draws its lengths and fonts
    (the short side counts as 480, the long one as 800; never below 1)."""
    w, h = size
    return max(1.0, round(min(max(w, h) / 800, min(w, h) / 480), 3))


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


def stage(physical: tuple[int, int], rotate: int, native: bool,
          canvas: pygame.Surface | None = None) -> tuple[pygame.Surface, Viewport]:
    """The canvas and viewport for a screen (``canvas`` is reused when its size fits)."""
    size = native_size(physical, rotate) if native else LOGICAL_SIZE
    viewport = Viewport(physical, rotate, logical=size)
    if canvas is None or canvas.get_size() != size:
        canvas = pygame.Surface(size)
    return canvas, viewport


def banner_rect(canvas_size: tuple[int, int], unit: float) -> pygame.Rect:
    """Where a banner shows: over the header strip at the top, so it never hides a screen's main
    buttons (they sit at the bottom); a tap anywhere on it dismisses it."""
    from companion.ui.screen import HEADER_H

    return pygame.Rect(0, 0, canvas_size[0], round(HEADER_H * unit))


def draw_banner(canvas: pygame.Surface, text: str, level: str, unit: float) -> None:
    from companion.ui import theme
    from companion.ui.widgets import draw_text_block

    rect = banner_rect(canvas.get_size(), unit)
    pygame.draw.rect(canvas, theme.BANNER if level == "warn" else theme.INFO_BANNER, rect)
    pygame.draw.line(canvas, theme.ACCENT, rect.bottomleft, (rect.right, rect.bottom - 1), max(2, round(2 * unit)))
    draw_text_block(canvas, text, rect.inflate(-round(20 * unit), -round(4 * unit)), round(18 * unit), theme.TEXT,
                    max_lines=2, align="center")
