"""An 8×8 board to tap squares on (choosing a spell's pieces, placing an army).

Squares are touch targets (48 px at least on the 800×480 panel); the coordinates are written
outside the board at 16 px (files below, ranks on the left), where no piece covers them. Pieces are drawn as
pictures (:func:`draw_piece`): a White piece is a solid white shape with a thick dark edge,
a Black piece a solid black shape, so the two Kings never look alike.

>>> g = BoardGrid(pygame.Rect(0, 0, 400, 400))
>>> g.square_at((10, 390)), g.square_at((390, 10)), g.rect_of("a1").topleft
('a1', 'h8', (0, 350))
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from companion.magici.model import PieceKind, Side
from companion.ui import theme
from companion.ui.widgets import draw_text, report_target

LIGHT, DARK = (222, 206, 172), (126, 94, 64)  # dark enough for light coordinates on it (WCAG AA)
INK, PAPER = (20, 20, 24), (250, 250, 250)
FILES = "abcdefgh"
GLYPHS: dict[tuple[Side, PieceKind], str] = {
    (Side.WHITE, PieceKind.KING): "♔", (Side.WHITE, PieceKind.QUEEN): "♕", (Side.WHITE, PieceKind.ROOK): "♖",
    (Side.WHITE, PieceKind.BISHOP): "♗", (Side.WHITE, PieceKind.KNIGHT): "♘", (Side.WHITE, PieceKind.PAWN): "♙",
    (Side.BLACK, PieceKind.KING): "♚", (Side.BLACK, PieceKind.QUEEN): "♛", (Side.BLACK, PieceKind.ROOK): "♜",
    (Side.BLACK, PieceKind.BISHOP): "♝", (Side.BLACK, PieceKind.KNIGHT): "♞", (Side.BLACK, PieceKind.PAWN): "♟",
}


class BoardGrid:
    """Squares laid out in ``rect`` (white's first rank at the bottom)."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.size = rect.width // 8

    def rect_of(self, square: str) -> pygame.Rect:
        f, r = FILES.index(square[0]), int(square[1]) - 1
        return pygame.Rect(self.rect.x + f * self.size, self.rect.y + (7 - r) * self.size, self.size, self.size)

    def square_at(self, pos: tuple[int, int]) -> str | None:
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if not (0 <= x < self.size * 8 and 0 <= y < self.size * 8):
            return None
        return f"{FILES[x // self.size]}{8 - y // self.size}"

    def draw(self, surface: pygame.Surface, pieces: Mapping[str, tuple[Side, PieceKind]],
             marks: Mapping[str, tuple[int, int, int]] | None = None, labels: bool = True) -> None:
        label_size = max(16, self.size // 3)
        for f in range(8):
            for r in range(8):
                square = f"{FILES[f]}{r + 1}"
                rect = self.rect_of(square)
                light = (f + r) % 2 == 1
                pygame.draw.rect(surface, LIGHT if light else DARK, rect)
                report_target(rect, square)
                if labels and r == 0:
                    draw_text(surface, FILES[f], (rect.centerx, rect.bottom + 1), label_size, theme.MUTED, "midtop")
                if labels and f == 0:
                    draw_text(surface, str(r + 1), (rect.x - 4, rect.centery), label_size, theme.MUTED, "midright")
                if marks and square in marks:
                    pygame.draw.rect(surface, marks[square], rect, width=max(4, self.size // 12))
                piece = pieces.get(square)
                if piece is not None:
                    draw_piece(surface, piece[0], piece[1], rect.center, int(self.size * 0.84))


def draw_piece(surface: pygame.Surface, side: Side, kind: PieceKind, center: tuple[int, int], size: int) -> None:
    """A piece as a picture: the same solid shape for both sides (the outline glyphs are thin and
    sit differently in the font), White in white with a thick dark edge, Black in black with a
    thin light rim (it shows on dark squares and dark buttons alike)."""
    f = theme.font(size)
    solid = GLYPHS[(Side.BLACK, kind)]
    rect = f.render(solid, True, INK).get_rect(center=center)
    edge_colour, body_colour = (INK, PAPER) if side is Side.WHITE else (PAPER, INK)
    edge = f.render(solid, True, edge_colour)
    t = max(2, size // 14) if side is Side.WHITE else 1
    for dx in (-t, 0, t):
        for dy in (-t, 0, t):
            if dx or dy:
                surface.blit(edge, rect.move(dx, dy))
    surface.blit(f.render(solid, True, body_colour), rect)
