"""The board view: draws any grid game's geometry and pieces, and turns touches into cells.

The layout comes from the engine's :class:`~companion.rules.Geometry` alone: the grid plus any
extra cells outside it (Camerlano's citadels z2 and z9 become cells in a 13th column), with
file letters below and rank numbers at the left. Pieces are drawn from their ``kind``: chess
glyphs where one exists (DejaVu Sans has them), draughts tokens for men, lettered tokens for the
Tamerlane pieces and anything the view does not know (the engine's letter).

>>> import pygame
>>> from companion.rules import get_variant
>>> v = BoardView(get_variant("duere").geometry, pygame.Rect(0, 56, 430, 424))
>>> v.cell, v.cell_at(v.cell_rect("e2").center)
(50, 'e2')
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from companion.rules import Color, Geometry, Piece, Position
from companion.ui import theme
from companion.rules.notation import piece_letter
from companion.ui.widgets import draw_text

COORD_MARGIN = 18
LIGHT = (238, 216, 178)
DARK = (176, 134, 98)
EXTRA = (150, 120, 170)  # a citadel
LAST_MOVE = (246, 226, 92)
SELECTED = (76, 186, 110)
TARGET = (40, 120, 60)
MOVER = (60, 150, 230)
PATH = (236, 120, 40)
JUMPED = (200, 30, 30)  # the cross on a piece a jump chain takes
CITADEL_TEXT = (20, 20, 24)

# kind -> (outline glyph, solid glyph); the solid one is filled in the side's colour.
CHESS_GLYPHS: dict[str, tuple[str, str]] = {
    "king": ("♔", "♚"), "queen": ("♕", "♛"), "rook": ("♖", "♜"), "bishop": ("♗", "♝"),
    "knight": ("♘", "♞"), "pawn": ("♙", "♟"),
    # Camerlano's pieces that are chess pieces under another name
    "shah": ("♔", "♚"), "soldier": ("♙", "♟"),
}
MAN_KINDS = frozenset({"man"})
WHITE_FILL = (250, 248, 240)
BLACK_FILL = (28, 28, 34)
RED_FILL = (206, 52, 52)    # Due Re's red (White)
BLUE_FILL = (48, 100, 210)  # Due Re's blue (Black)


@dataclass
class Marks:
    """What the view highlights besides the pieces."""

    last: tuple[str, ...] = ()
    selected: str | None = None
    path: tuple[str, ...] = ()
    targets: frozenset[str] = frozenset()
    movers: frozenset[str] = frozenset()
    hidden: str | None = None  # the piece being dragged (drawn at the finger instead)
    moving: tuple[str, str] | None = None  # (origin, cell): a man part-way along its jump chain
    jumped: frozenset[str] = frozenset()  # the pieces a chain entered so far jumps (crossed out)
    drag: tuple[str, tuple[int, int]] | None = None
    extra: dict[str, tuple[int, int, int]] = field(default_factory=dict)


class BoardView:
    """Cell rectangles for a geometry inside ``area`` (logical pixels), and the drawing."""

    def __init__(self, geometry: Geometry, area: pygame.Rect, flipped: bool = False,
                 palette: tuple[tuple[int, int, int], tuple[int, int, int]] = (WHITE_FILL, BLACK_FILL),
                 coord_size: int = 16) -> None:
        """``coord_size``: the font size of the file letters and rank numbers (never under the
        16 px a player must read); the margin they need follows from it."""
        self.geometry = geometry
        self.coord_size = max(16, coord_size)
        self.margin = max(COORD_MARGIN, self.coord_size + max(2, self.coord_size // 6))
        self.area = pygame.Rect(area)
        self.flipped = flipped
        self.palette = palette
        coords = [geometry.coord(i) for i in range(len(geometry))]
        self.min_file = min(f for f, _ in coords)
        self.max_file = max(f for f, _ in coords)
        self.min_rank = min(r for _, r in coords)
        self.max_rank = max(r for _, r in coords)
        cols = self.max_file - self.min_file + 1
        rows = self.max_rank - self.min_rank + 1
        m = self.margin
        self.cell = max(8, min((self.area.width - m) // cols, (self.area.height - m) // rows))
        self.board_rect = pygame.Rect(self.area.x + m, self.area.y, cols * self.cell, rows * self.cell)
        self._rects = [self._rect_of(f, r) for f, r in coords]
        self._glyph_cache: dict[tuple[str, int, int], pygame.Surface] = {}

    @property
    def outer(self) -> pygame.Rect:
        """The board with its coordinates."""
        return pygame.Rect(self.area.x, self.area.y, self.board_rect.width + self.margin,
                           self.board_rect.height + self.margin)

    def _rect_of(self, file: int, rank: int) -> pygame.Rect:
        col = (self.max_file - file) if self.flipped else (file - self.min_file)
        row = (rank - self.min_rank) if self.flipped else (self.max_rank - rank)
        return pygame.Rect(self.board_rect.x + col * self.cell, self.board_rect.y + row * self.cell,
                           self.cell, self.cell)

    def cell_rect(self, name: str) -> pygame.Rect:
        return self._rects[self.geometry.index(name)]

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        """The cell under a logical point, or ``None`` (off the board or in a hole)."""
        if not self.board_rect.collidepoint(pos):
            return None
        col = (pos[0] - self.board_rect.x) // self.cell
        row = (pos[1] - self.board_rect.y) // self.cell
        file = self.max_file - col if self.flipped else self.min_file + col
        rank = self.min_rank + row if self.flipped else self.max_rank - row
        index = self.geometry.at(file, rank)
        return None if index is None else self.geometry.name(index)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: Position, marks: Marks | None = None) -> None:
        marks = marks or Marks()
        g = self.geometry
        grid = g.files * g.ranks
        for i, name in enumerate(g.cells):
            rect = self._rects[i]
            f, r = g.coord(i)
            if i >= grid:
                colour = EXTRA
            else:
                colour = LIGHT if (f + r) % 2 else DARK
            pygame.draw.rect(surface, colour, rect)
            if name in marks.last:
                _tint(surface, rect, LAST_MOVE, 120)
            if name in marks.extra:
                _tint(surface, rect, marks.extra[name], 110)
            if i >= grid:  # a citadel: its name in the corner, dark on its violet
                draw_text(surface, name, (rect.x + 3, rect.y + 1), max(16, self.cell // 4), CITADEL_TEXT)
        for name in marks.path:
            pygame.draw.rect(surface, PATH, self.cell_rect(name), width=max(3, self.cell // 12))
        for name in marks.movers:
            pygame.draw.rect(surface, MOVER, self.cell_rect(name).inflate(-4, -4), width=3, border_radius=4)
        if marks.selected:
            pygame.draw.rect(surface, SELECTED, self.cell_rect(marks.selected), width=max(3, self.cell // 10))
        moving_from = marks.moving[0] if marks.moving else None
        for name in g.cells:
            if name == marks.hidden or name == moving_from:
                continue
            piece = position.piece_at(name)
            if piece is not None:
                self.draw_piece(surface, piece, self.cell_rect(name))
        for name in marks.jumped:
            self._cross_out(surface, self.cell_rect(name))
        if marks.moving is not None:
            origin, cell = marks.moving
            piece = position.piece_at(origin)
            if piece is not None:
                self.draw_piece(surface, piece, self.cell_rect(cell))
        for name in marks.targets:
            rect = self.cell_rect(name)
            if position.piece_at(name) is None:
                pygame.draw.circle(surface, TARGET, rect.center, max(5, self.cell // 7))
            else:
                pygame.draw.circle(surface, TARGET, rect.center, self.cell // 2 - 2, width=max(3, self.cell // 14))
        self._draw_coordinates(surface)
        if marks.drag is not None:
            origin, pos = marks.drag
            piece = position.piece_at(origin)
            if piece is not None:
                rect = pygame.Rect(0, 0, int(self.cell * 1.2), int(self.cell * 1.2))
                rect.center = pos
                self.draw_piece(surface, piece, rect)

    def _cross_out(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """A piece the chain jumps: a red cross over it (it leaves the board with the move)."""
        inset = rect.inflate(-rect.width // 4, -rect.height // 4)
        width = max(4, rect.width // 10)
        for a, b in ((inset.topleft, inset.bottomright), (inset.topright, inset.bottomleft)):
            pygame.draw.line(surface, (255, 255, 255), a, b, width + 4)
            pygame.draw.line(surface, JUMPED, a, b, width)

    def _draw_coordinates(self, surface: pygame.Surface) -> None:
        g = self.geometry
        size = self.coord_size
        for f in range(g.files):
            rect = self._rect_of(f, self.min_rank if not self.flipped else self.max_rank)
            x = rect.centerx
            draw_text(surface, "abcdefghijklmnopqrstuvwxyz"[f], (x, self.board_rect.bottom + 1), size,
                      theme.MUTED, "midtop")
        for r in range(g.ranks):
            rect = self._rect_of(self.min_file if not self.flipped else self.max_file, r)
            draw_text(surface, str(r + 1), (self.area.x + self.margin - 3, rect.centery), size, theme.MUTED,
                      "midright")

    def draw_piece(self, surface: pygame.Surface, piece: Piece, rect: pygame.Rect) -> None:
        fill = self.palette[int(piece.color)]
        if piece.kind in CHESS_GLYPHS:
            outline_glyph, solid_glyph = CHESS_GLYPHS[piece.kind]
            size = int(rect.height * 0.86)
            solid = self._glyph(solid_glyph, size, fill)
            box = solid.get_rect(center=(rect.centerx, rect.centery + rect.height // 40))
            if sum(fill) < 200:  # a dark piece: a light halo round the solid glyph (thicker on big cells)
                halo = self._glyph(solid_glyph, size, (200, 200, 206))
                r = max(1, rect.height // 48)
                for dx, dy in ((-r, 0), (r, 0), (0, -r), (0, r), (-r, -r), (r, r), (-r, r), (r, -r)):
                    surface.blit(halo, box.move(dx, dy))
                surface.blit(solid, box)
            else:
                line = (20, 20, 24) if sum(fill) > 380 else (210, 210, 216)
                outline = self._glyph(outline_glyph, size, line)
                surface.blit(solid, box)
                surface.blit(outline, outline.get_rect(center=box.center))
            if piece.state:
                self._draw_facing(surface, piece, rect)
            return
        radius = int(rect.height * 0.38)
        edge = (20, 20, 24) if sum(fill) > 380 else (220, 220, 226)
        pygame.draw.circle(surface, edge, rect.center, radius + 2)
        pygame.draw.circle(surface, fill, rect.center, radius)
        if piece.kind in MAN_KINDS:  # a draughts man: a ring inside the disc
            pygame.draw.circle(surface, edge, rect.center, int(radius * 0.62), width=max(2, rect.height // 22))
            return
        label = piece_letter(piece.kind, piece.symbol)
        size = max(16, int(rect.height * (0.46 if len(label) == 1 else 0.38)))
        draw_text(surface, label, rect.center, size, edge, "center", bold=True)

    def _draw_facing(self, surface: pygame.Surface, piece: Piece, rect: pygame.Rect) -> None:
        """A small arrow in the corner: which way a Magici pawn now moves."""
        forward_up = piece.color == Color.WHITE
        if piece.state == "turned":
            forward_up = not forward_up
        s = max(8, rect.height // 4)
        x, y = rect.right - s - 3, rect.y + 3
        if forward_up:
            points = [(x + s / 2, y), (x, y + s), (x + s, y + s)]
        else:
            points = [(x, y), (x + s, y), (x + s / 2, y + s)]
        pygame.draw.polygon(surface, PATH, points)
        pygame.draw.polygon(surface, (20, 20, 24), points, width=1)

    def _glyph(self, text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
        key = (text, size, hash(colour))
        image = self._glyph_cache.get(key)
        if image is None:
            image = theme.font(size).render(text, True, colour)
            self._glyph_cache[key] = image
        return image


def _tint(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], alpha: int) -> None:
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill((*colour, alpha))
    surface.blit(layer, rect)

