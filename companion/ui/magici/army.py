"""The army builder: each House buys its army with 12 points and places it on the board.

The referee picks a House and a piece, then taps a square: the rules engine
(:mod:`companion.rules.magici_army`) checks the square (King and Queen on their squares, Pawns
on the second rank, Rooks/Knights/Bishops on their own first-rank squares) and the purchase
(12 points, at most 9 pieces besides the King, no more of a type than a chess set has); every
refusal shows the engine's reasons, in the app's language by their codes. A tap on a placed
piece takes it back. "Done" builds the start position
(:func:`~companion.rules.magici_army.build_army`): the game's start.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.magici.model import House, PieceKind, Side
from companion.rules.magici_army import PRICES, ArmyError, build_army, check_placement, check_purchase
from companion.rules.pieces import Color
from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import house_rgb, plural, side_key
from companion.ui.magici.desk import KeepsBoardsRunning
from companion.ui.magici.grid import GLYPHS, BoardGrid
from companion.ui.magici.refusals import refusal_text
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text, wrap_text

if TYPE_CHECKING:
    from companion.app import App

BUYABLE = (PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.PAWN)
NAMES = {PieceKind.QUEEN: "queen", PieceKind.ROOK: "rook", PieceKind.BISHOP: "bishop",
         PieceKind.KNIGHT: "knight", PieceKind.PAWN: "pawn", PieceKind.KING: "king"}
KING_SQUARE = {Side.WHITE: "e1", Side.BLACK: "e8"}
POINTS = 12


def color_of(side: Side) -> Color:
    return Color.WHITE if side is Side.WHITE else Color.BLACK


class ArmyBuilderScreen(KeepsBoardsRunning, Screen):
    name = "magici-army"
    title_key = "magici.army.title"

    def __init__(self, app: "App", white: House, black: House, first: Side = Side.WHITE,
                 on_done: Callable[[dict[Side, str], str], None] | None = None) -> None:
        super().__init__(app)
        self.houses = {Side.WHITE: white, Side.BLACK: black}
        self.first = first
        self.on_done = on_done
        self.placed: dict[Side, dict[str, PieceKind]] = {Side.WHITE: {}, Side.BLACK: {}}
        self.side = Side.WHITE
        self.kind = PieceKind.PAWN
        self.reasons: list[str] = []
        self.grid = BoardGrid(pygame.Rect(212, HEADER_H + 8, 376, 376))

    # -- what has been bought ------------------------------------------------------------------
    def counts(self, side: Side) -> dict[str, int]:
        return dict(Counter(NAMES[k] for k in self.placed[side].values()))

    def cost(self, side: Side) -> int:
        return sum(PRICES[NAMES[k]] for k in self.placed[side].values())

    def letters(self, side: Side) -> str:
        order = "QRBNP"
        return "K" + "".join(sorted((k.value for k in self.placed[side].values()), key=order.index))

    # -- layout ---------------------------------------------------------------------------------
    def layout(self) -> None:
        self.buttons = [self.back_button()]
        for i, side in enumerate(Side):
            self.buttons.append(Button(pygame.Rect(12, HEADER_H + 8 + i * 60, 188, 54), self.houses[side].name,
                                       self._side(side), selected=(side is self.side), size=20,
                                       sublabel=self.t(side_key(side))))
        for i, kind in enumerate(BUYABLE):
            label = f"{GLYPHS[(self.side, kind)]} {PRICES[NAMES[kind]]}"
            self.buttons.append(Button(pygame.Rect(12, HEADER_H + 136 + i * 52, 188, 46), label, self._kind(kind),
                                       selected=(kind is self.kind), size=26))
        self.buttons.append(Button(pygame.Rect(600, 396, 188, 72), self.t("magici.army.done"), self.done,
                                   primary=True, size=26))
        self.buttons.append(Button(pygame.Rect(600, 334, 188, 54), self.t("magici.army.clear"), self.clear, size=20))

    def _side(self, side: Side) -> Callable[[], None]:
        def choose() -> None:
            self.side = side
            self.layout()
        return choose

    def _kind(self, kind: PieceKind) -> Callable[[], None]:
        def choose() -> None:
            self.kind = kind
            self.layout()
        return choose

    def clear(self) -> None:
        self.placed[self.side] = {}
        self.reasons = []
        self.layout()

    # -- placing --------------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        if super().handle(action):
            return True
        if action.kind is Kind.TAP and action.pos:
            square = self.grid.square_at(action.pos)
            if square is not None:
                self.tap_square(square)
                self.dirty = True
                return True
        return False

    def tap_square(self, square: str) -> bool:
        """Place the chosen piece of the chosen House on ``square``, or take back what is
        there; False (with the reasons shown) if the engine refuses."""
        for side in Side:
            if square in self.placed[side]:
                del self.placed[side][square]
                self.reasons = []
                return True
        if square in KING_SQUARE.values():
            self.reasons = [self.t("magici.army.king_fixed")]
            return False
        color = color_of(self.side)
        reasons = check_placement(color, {square: NAMES[self.kind]})
        if not reasons:
            counts = Counter(self.counts(self.side))
            counts[NAMES[self.kind]] += 1
            reasons = check_purchase(dict(counts), POINTS)
        if reasons:
            self.reasons = reasons
            self.app.play("error")
            return False
        self.placed[self.side][square] = self.kind
        self.reasons = []
        self.app.play("tap")
        return True

    def done(self) -> None:
        white = {sq: NAMES[k] for sq, k in self.placed[Side.WHITE].items()}
        black = {sq: NAMES[k] for sq, k in self.placed[Side.BLACK].items()}
        try:
            position = build_army(white, black, first=color_of(self.first))
        except ArmyError as exc:
            self.reasons = exc.reasons
            self.app.play("error")
            return
        army = {side: self.letters(side) for side in Side}
        self.app.pop()
        if self.on_done is not None:
            self.on_done(army, position.fen())

    def reason_lines(self) -> list[str]:
        """The refusals shown, in the app's language (``reasons`` keeps the engine's own)."""
        return [refusal_text(self.t, reason) for reason in self.reasons]

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("magici.army.title"))
        pieces: dict[str, tuple[Side, PieceKind]] = {}
        for side in Side:
            pieces[KING_SQUARE[side]] = (side, PieceKind.KING)
            for square, kind in self.placed[side].items():
                pieces[square] = (side, kind)
        self.grid.draw(surface, pieces)
        y = HEADER_H + 8
        for side in Side:
            house = self.houses[side]
            pygame.draw.circle(surface, house_rgb(house.colour), (610, y + 14), 8)
            draw_text(surface, house.name, (624, y + 14), 19, theme.TEXT, "midleft", bold=True, max_width=164)
            spent = self.cost(side)
            colour = theme.OK if spent == POINTS else theme.ACCENT
            draw_text(surface, self.t("magici.army.points", spent=spent, total=POINTS), (600, y + 32), 18, colour)
            draw_text(surface, plural(self.t, "magici.army.pieces", len(self.placed[side])), (600, y + 54), 16, theme.MUTED,
                      max_width=188)
            y += 84
        y += 4
        if self.reasons:
            draw_text(surface, self.t("magici.army.refused"), (600, y), 17, theme.WARN, bold=True)
            y += 24
            for reason in self.reason_lines():
                for line in wrap_text(reason, 15, 188):
                    if y > 314:
                        break
                    draw_text(surface, line, (600, y), 15, theme.WARN)
                    y += 19
        else:
            for line in wrap_text(self.t("magici.army.hint"), 14, 188)[:6]:
                draw_text(surface, line, (600, y), 14, theme.MUTED)
                y += 17
        for b in self.buttons:
            b.draw(surface)
