"""Colours and fonts. Fonts are DejaVu Sans shipped in ``assets/fonts`` (it has the chess
glyphs U+2654–265F that pygame's default font lacks), loaded by path and cached by size."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parents[2] / "assets"
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
SYSTEM_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")

BG = (18, 22, 30)
PANEL = (32, 38, 50)
PANEL_HI = (48, 56, 72)
TEXT = (236, 238, 242)
MUTED = (162, 170, 184)
ACCENT = (242, 176, 52)
ACCENT_DARK = (168, 116, 20)
OK = (76, 186, 110)
WARN = (236, 150, 40)
DANGER = (238, 96, 96)
WHITE_SIDE = (240, 236, 226)
BLACK_SIDE = (40, 40, 46)
DIE_FACE = (250, 248, 240)
DIE_PIP = (24, 24, 28)
DIE_EDGE = (190, 184, 170)
BANNER = (140, 40, 40)
INFO_BANNER = (34, 78, 120)  # a notice (saved, exported, a goal): not an alarm
DISABLED = (112, 118, 130)  # a disabled button's label (WCAG exempts inactive controls)


def luminance(c: tuple[int, int, int]) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG contrast ratio (1–21).

    >>> round(contrast((255, 255, 255), (0, 0, 0)), 1), round(contrast(TEXT, BG), 1) >= 4.5
    (21.0, True)
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def on(background: tuple[int, int, int]) -> tuple[int, int, int]:
    """The text colour (dark or light) that reads best on ``background``."""
    return BG if contrast(BG, background) >= contrast(TEXT, background) else TEXT


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    path = FONT_BOLD if bold else FONT_REGULAR
    if not path.is_file():  # a packaged install without assets: the system's DejaVu, then default
        path = SYSTEM_DEJAVU / path.name
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError, pygame.error):
        return pygame.font.Font(None, size)
