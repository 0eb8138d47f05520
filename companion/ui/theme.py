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
MUTED = (150, 158, 172)
ACCENT = (242, 176, 52)
ACCENT_DARK = (168, 116, 20)
OK = (76, 186, 110)
WARN = (236, 150, 40)
DANGER = (222, 72, 72)
WHITE_SIDE = (240, 236, 226)
BLACK_SIDE = (40, 40, 46)
DIE_FACE = (250, 248, 240)
DIE_PIP = (24, 24, 28)
DIE_EDGE = (190, 184, 170)
BANNER = (140, 40, 40)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    path = FONT_BOLD if bold else FONT_REGULAR
    if not path.is_file():  # a packaged install without assets: the system's DejaVu, then default
        path = SYSTEM_DEJAVU / path.name
    try:
        return pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError, pygame.error):
        return pygame.font.Font(None, size)
