"""The lattice board view: 17×17 points on 8×8 squares, pieces, ball, goals, a path preview.

Geometry only and drawing; what a touch *means* is the tracker's business. Points are 25 px
apart on the 800×480 panel, finer than a finger: the tracker snaps a touch to the point near
the finger that means something (a piece to move, a legal destination), and when two such
points are closer than a finger (48 px) it opens a :class:`Magnifier` instead, where every
point is at least 48 px from the next.

White's goal is at the bottom (y = 0), as White sees the board.

>>> view = BoardView(pygame.Rect(0, 56, 424, 424))
>>> view.to_pixel((0, 16)), view.to_pixel((8, 8))
((12, 68), (212, 268))
>>> view.snap((215, 262)), view.snap((2, 2))
((8, 8), None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import math

import pygame

from companion.chessball.lattice import GOAL_X_MAX, GOAL_X_MIN, LAST, Point
from companion.chessball.pieces import PieceKind, Side
from companion.ui import theme
from companion.ui.widgets import MIN_TOUCH, draw_text

SPACING = 25  # on the 800×480 panel's 424 px board; a bigger board spaces its points wider
MARGIN = 12
DESIGN_SIDE = 2 * MARGIN + 16 * SPACING  # 424
SNAP_RADIUS = 18  # a touch further than this from every point is not on the board

LIGHT_SQUARE = (92, 138, 84)
DARK_SQUARE = (70, 114, 64)
LINE = (190, 214, 186)
DOT = (40, 64, 40)
BALL = (250, 140, 30)
BALL_EDGE = (60, 30, 0)
PATH = (236, 238, 242)  # the piece's path; the ball's is orange
REFUSED = theme.DANGER

# Filled glyphs on a disc of the side's colour: the disc says the side, the glyph the piece.
GLYPHS: dict[PieceKind, str] = {
    PieceKind.KING: "♚", PieceKind.QUEEN: "♛", PieceKind.ROOK: "♜",
    PieceKind.BISHOP: "♝", PieceKind.KNIGHT: "♞", PieceKind.PAWN: "♟",
}


@dataclass
class Marks:
    """What to highlight on top of the position."""

    selected: Point | None = None
    path: Sequence[Point] = ()
    ball_path: Sequence[Point] = ()
    target: Point | None = None
    refused: bool = False
    cost: int | None = None
    ghost: tuple[Side, PieceKind, Point] | None = None
    hints: Iterable[Point] = field(default_factory=tuple)


class Magnifier:
    """The lattice around a point drawn ``zoom`` times bigger, so each point is a finger's size.

    >>> view = BoardView(pygame.Rect(0, 56, 424, 424))
    >>> m = Magnifier(view, (8, 8))
    >>> m.zoom, m.rect.size, m.point_at(m.rect.center), m.point_at((m.rect.centerx + 50, m.rect.centery))
    (2, (350, 350), (8, 8), (9, 8))
    """

    REACH = 3  # points shown each side of the centre

    def __init__(self, view: "BoardView", centre: Point) -> None:
        self.view = view
        k = self.REACH
        self.centre = (min(max(centre[0], k), LAST - k), min(max(centre[1], k), LAST - k))
        self.zoom = max(2, math.ceil(MIN_TOUCH / view.spacing))
        side = round((2 * k + 1) * view.spacing * self.zoom)
        self.marked: list[Point] = []  # the points in it that mean something (ringed)
        self.rect = pygame.Rect(0, 0, side, side)
        self.rect.center = view.rect.center

    @property
    def step(self) -> int:
        return round(self.view.spacing * self.zoom)

    def points(self) -> list[Point]:
        k = self.REACH
        cx, cy = self.centre
        return [(x, y) for x in range(cx - k, cx + k + 1) for y in range(cy - k, cy + k + 1)]

    def to_pixel(self, p: Point) -> tuple[int, int]:
        return (self.rect.centerx + (p[0] - self.centre[0]) * self.step,
                self.rect.centery - (p[1] - self.centre[1]) * self.step)

    def point_at(self, pos: tuple[int, int]) -> Point | None:
        if not self.rect.collidepoint(pos):
            return None
        dx = round((pos[0] - self.rect.centerx) / self.step)
        dy = round((self.rect.centery - pos[1]) / self.step)
        k = self.REACH
        if abs(dx) > k or abs(dy) > k:
            return None
        return (self.centre[0] + dx, self.centre[1] + dy)

    def draw(self, surface: pygame.Surface, meaningful: Iterable[Point] = ()) -> None:
        """Copy the board as drawn around the centre, enlarged, with the points that mean
        something ringed; call after the board is drawn."""
        half = round((self.REACH * 2 + 1) * self.view.spacing / 2)
        cx, cy = self.view.to_pixel(self.centre)
        source = pygame.Rect(cx - half, cy - half, 2 * half + 1, 2 * half + 1)
        patch = pygame.Surface(source.size)
        patch.blit(surface, (0, 0), source)
        shade = pygame.Surface(self.view.rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, self.view.rect.topleft)
        surface.blit(pygame.transform.smoothscale(patch, self.rect.size), self.rect)
        for p in meaningful:
            if abs(p[0] - self.centre[0]) <= self.REACH and abs(p[1] - self.centre[1]) <= self.REACH:
                pygame.draw.circle(surface, theme.ACCENT, self.to_pixel(p), self.step // 2 - 3, width=3)
        k = self.view.k
        pygame.draw.rect(surface, theme.ACCENT, self.rect.inflate(round(6 * k), round(6 * k)),
                         width=max(3, round(3 * k)), border_radius=round(6 * k))


class BoardView:
    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.k = min(rect.width, rect.height) / DESIGN_SIDE  # 1 on the 800×480 panel
        self.margin = MARGIN * self.k
        self.spacing = SPACING * self.k
        self._pitch: pygame.Surface | None = None  # the unchanging part, drawn once

    def z(self, length: float) -> int:
        """A length of the 800×480 design at this board's size."""
        return max(1, round(length * self.k))

    # -- geometry -----------------------------------------------------------------------------
    def to_pixel(self, p: Point) -> tuple[int, int]:
        return (round(self.rect.x + self.margin + self.spacing * p[0]),
                round(self.rect.y + self.margin + self.spacing * (LAST - p[1])))

    def snap(self, pos: tuple[int, int]) -> Point | None:
        """The lattice point nearest to a touch, or None if the touch is off the board."""
        fx = (pos[0] - self.rect.x - self.margin) / self.spacing
        fy = (pos[1] - self.rect.y - self.margin) / self.spacing
        x, y = round(fx), round(fy)
        if not (0 <= x <= LAST and 0 <= y <= LAST):
            return None
        px, py = self.to_pixel((x, LAST - y))
        if (px - pos[0]) ** 2 + (py - pos[1]) ** 2 > (SNAP_RADIUS * self.k) ** 2 * 2:
            return None
        return (x, LAST - y)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, pieces: Iterable[tuple[Point, Side, PieceKind]],
             ball: Point | None, marks: Marks | None = None, holder: Point | None = None) -> None:
        """The board, the pieces, the ball (and a ring on the piece that holds it), the marks."""
        pieces = list(pieces)
        marks = marks or Marks()
        if self._pitch is None:
            self._pitch = pygame.Surface(self.rect.size)
            self._draw_pitch(self._pitch, -self.rect.x, -self.rect.y)
        surface.blit(self._pitch, self.rect.topleft)
        for p in marks.hints:
            pygame.draw.circle(surface, theme.ACCENT, self.to_pixel(p), self.z(4))
        self._draw_line(surface, marks.path, REFUSED if marks.refused else PATH)
        self._draw_line(surface, marks.ball_path, REFUSED if marks.refused else BALL)
        for p, side, kind in pieces:
            self.draw_piece(surface, p, side, kind)
        if holder is not None:
            pygame.draw.circle(surface, BALL, self.to_pixel(holder), self.z(15), width=self.z(2))
        if ball is not None:
            bx, by = self.to_pixel(ball)
            occupied = any(p == ball for p, _, _ in pieces)
            if occupied:
                bx, by = bx + self.z(9), by - self.z(9)
            pygame.draw.circle(surface, BALL_EDGE, (bx, by), self.z(8))
            pygame.draw.circle(surface, BALL, (bx, by), self.z(6))
        if len(marks.ball_path) >= 2 and not marks.refused:  # where the ball will end
            pygame.draw.circle(surface, BALL, self.to_pixel(marks.ball_path[-1]), self.z(7), width=self.z(3))
        if marks.ghost is not None:
            side, kind, p = marks.ghost
            self.draw_piece(surface, p, side, kind, alpha=140)
        if marks.selected is not None:
            pygame.draw.circle(surface, theme.ACCENT, self.to_pixel(marks.selected), self.z(16), width=self.z(3))
        if marks.target is not None:
            colour = REFUSED if marks.refused else theme.ACCENT
            tx, ty = self.to_pixel(marks.target)
            pygame.draw.circle(surface, colour, (tx, ty), self.z(13), width=self.z(3))
            if marks.refused:
                d = self.z(7)
                pygame.draw.line(surface, colour, (tx - d, ty - d), (tx + d, ty + d), self.z(3))
                pygame.draw.line(surface, colour, (tx - d, ty + d), (tx + d, ty - d), self.z(3))
            elif marks.cost is not None:
                self._cost_tag(surface, (tx, ty), marks.cost)

    def _draw_pitch(self, surface: pygame.Surface, dx: int, dy: int) -> None:
        """Squares, lines, goals and the lattice points (offset by dx, dy onto ``surface``)."""
        surface.fill((30, 52, 34))

        def at(p: Point) -> tuple[int, int]:
            x, y = self.to_pixel(p)
            return x + dx, y + dy

        for fx in range(8):
            for fy in range(8):
                x0, y0 = at((2 * fx, 2 * fy + 2))
                colour = DARK_SQUARE if (fx + fy) % 2 == 0 else LIGHT_SQUARE
                x1, y1 = at((2 * fx + 2, 2 * fy))
                pygame.draw.rect(surface, colour, (x0, y0, x1 - x0, y1 - y0))
        left, top = at((0, LAST))
        right, bottom = at((LAST, 0))
        pygame.draw.rect(surface, LINE, (left, top, right - left + 1, bottom - top + 1), width=self.z(2))
        mid = at((0, 8))[1]
        pygame.draw.line(surface, LINE, (left, mid), (right, mid), self.z(2))
        pygame.draw.circle(surface, LINE, at((8, 8)), round(2 * self.spacing), width=self.z(1))
        for side, y in ((Side.WHITE, 0), (Side.BLACK, LAST)):
            gx0, gy = at((GOAL_X_MIN, y))
            gx1, _ = at((GOAL_X_MAX, y))
            colour = theme.WHITE_SIDE if side is Side.WHITE else (20, 20, 24)
            off = self.z(3) if side is Side.WHITE else -self.z(9)
            pygame.draw.rect(surface, colour, (gx0 - self.z(2), gy + off, gx1 - gx0 + self.z(4), self.z(6)),
                             border_radius=self.z(2))
            pygame.draw.line(surface, theme.ACCENT_DARK, (gx0, gy), (gx1, gy), self.z(3))
        for x in range(LAST + 1):
            for y in range(LAST + 1):
                pygame.draw.circle(surface, DOT, at((x, y)), self.z(2))

    def _draw_line(self, surface: pygame.Surface, points: Sequence[Point], colour: tuple[int, int, int]) -> None:
        if len(points) >= 2:
            pixels = [self.to_pixel(p) for p in points]
            pygame.draw.lines(surface, colour, False, pixels, self.z(4))
            for px in pixels[1:-1]:
                pygame.draw.circle(surface, colour, px, self.z(4))

    def _cost_tag(self, surface: pygame.Surface, at: tuple[int, int], cost: int) -> None:
        text = str(cost)
        w = self.z(14 + 11 * len(text))
        x = min(at[0] + self.z(12), self.rect.right - w - 2)
        y = max(at[1] - self.z(30), self.rect.top + 2)
        tag = pygame.Rect(x, y, w, self.z(22))
        pygame.draw.rect(surface, theme.ACCENT, tag, border_radius=self.z(8))
        draw_text(surface, text, tag.center, self.z(17), theme.BG, "center", bold=True)

    def draw_piece(self, surface: pygame.Surface, p: Point, side: Side, kind: PieceKind, alpha: int = 255) -> None:
        cx, cy = self.to_pixel(p)
        disc, glyph = (theme.WHITE_SIDE, (30, 30, 34)) if side is Side.WHITE else ((34, 34, 40), (236, 232, 220))
        edge = (20, 20, 24) if side is Side.WHITE else (210, 206, 196)
        r = self.z(14)
        layer = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.circle(layer, (*edge, alpha), (r, r), r)
        pygame.draw.circle(layer, (*disc, alpha), (r, r), r - max(2, self.z(2)))
        image = theme.font(self.z(23)).render(GLYPHS[kind], True, glyph)  # the shape, filling the disc
        image.set_alpha(alpha)
        layer.blit(image, image.get_rect(center=(r, r + self.z(1))))
        surface.blit(layer, (cx - r, cy - r))
