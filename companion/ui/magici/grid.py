"""An 8×8 board to tap squares on (choosing a spell's pieces, placing an army).

>>> g = BoardGrid(pygame.Rect(0, 0, 400, 400))
>>> g.square_at((10, 390)), g.square_at((390, 10)), g.rect_of("a1").topleft
('a1', 'h8', (0, 350))
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from companion.magici.model import PieceKind, Side
from companion.ui import theme
from companion.ui.widgets import draw_text

LIGHT, DARK = (222, 206, 172), (150, 118, 86)
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
        for f in range(8):
            for r in range(8):
                square = f"{FILES[f]}{r + 1}"
                rect = self.rect_of(square)
                pygame.draw.rect(surface, LIGHT if (f + r) % 2 else DARK, rect)
                if marks and square in marks:
                    pygame.draw.rect(surface, marks[square], rect, width=4)
                piece = pieces.get(square)
                if piece is not None:
                    side, kind = piece
                    glyph = GLYPHS[(side, kind)]
                    # a white piece: the solid glyph in white under the outline glyph in black
                    if side is Side.WHITE:
                        draw_text(surface, GLYPHS[(Side.BLACK, kind)], rect.center, int(self.size * 0.82),
                                  (250, 250, 250), "center")
                        draw_text(surface, glyph, rect.center, int(self.size * 0.82), (20, 20, 20), "center")
                    else:
                        draw_text(surface, glyph, rect.center, int(self.size * 0.82), (15, 15, 15), "center")
        if labels:
            for f in range(8):
                draw_text(surface, FILES[f], (self.rect.x + f * self.size + 3, self.rect.bottom - 14), 11,
                          theme.BLACK_SIDE)
            for r in range(8):
                draw_text(surface, str(r + 1), (self.rect.x + 2, self.rect.y + (7 - r) * self.size + 2), 11,
                          theme.BLACK_SIDE)
