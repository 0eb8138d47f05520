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
from companion.ui.magici.common import mark_rgb, plural, side_key
from companion.ui.magici.desk import KeepsBoardsRunning
from companion.ui.magici.grid import BoardGrid, draw_piece
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
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

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
        self.confirm_clear = False  # clearing an army takes a second tap
        self.grid = BoardGrid(pygame.Rect(208, HEADER_H + 4, 384, 384))  # 48 px squares
        self.kind_buttons: list[tuple[Button, PieceKind]] = []

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
        self.grid = BoardGrid(self.box(208, HEADER_H + 4, 384, 384))  # 48 px squares on the panel
        self.buttons = [self.back_button()]
        for i, side in enumerate(Side):
            self.buttons.append(Button(self.box(12, HEADER_H + 8 + i * 60, 176, 54), self.houses[side].name,
                                       self._side(side), selected=(side is self.side), size=self.u(20),
                                       sublabel=self.t(side_key(side))))
        self.kind_buttons = []
        for i, kind in enumerate(BUYABLE):  # the piece drawn at the left, its price in words
            price = plural(self.t, "magici.army.price", PRICES[NAMES[kind]])
            button = Button(self.box(12, HEADER_H + 130 + i * 58, 176, 52), self.t(f"magici.piece.{kind.value}"),
                            self._kind(kind), selected=(kind is self.kind), size=self.u(20), sublabel=price)
            self.buttons.append(button)
            self.kind_buttons.append((button, kind))
        self.buttons.append(Button(self.box(600, 396, 188, 72), self.t("magici.army.done"), self.done,
                                   primary=True, size=self.u(26)))
        confirm = self.confirm_clear
        self.buttons.append(Button(self.box(600, 334, 188, 54),
                                   self.t("magici.army.clear_confirm" if confirm else "magici.army.clear"), self.clear,
                                   size=self.u(20), color=theme.DANGER if confirm else None,
                                   enabled=bool(self.placed[self.side])))

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
        """Take the chosen House's whole army off the board: the second tap does it (the first
        turns the button red and asks); any other tap cancels."""
        if not self.confirm_clear:
            self.confirm_clear = True
            self.layout()
            return
        self.confirm_clear = False
        self.placed[self.side] = {}
        self.reasons = []
        self.layout()

    # -- placing --------------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        if self.confirm_clear and action.kind is Kind.TAP and action.pos is not None and not any(
                b.on_tap == self.clear and b.rect.collidepoint(action.pos) for b in self.buttons):
            self.confirm_clear = False  # anything else cancels clearing
            self.layout()
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
        u, at = self.u, self.at
        y = HEADER_H + 8
        for side in Side:
            house = self.houses[side]
            pygame.draw.circle(surface, mark_rgb(house.colour), at(610, y + 14), u(8))
            draw_text(surface, house.name, at(624, y + 14), u(19), theme.TEXT, "midleft", bold=True,
                      max_width=u(164), min_size=u(16))
            spent = self.cost(side)
            colour = theme.OK if spent == POINTS else theme.ACCENT
            draw_text(surface, self.t("magici.army.points", spent=spent, total=POINTS), at(600, y + 32), u(18), colour)
            draw_text(surface, plural(self.t, "magici.army.pieces", len(self.placed[side])), at(600, y + 54), u(16),
                      theme.MUTED, max_width=u(188))
            y += 84
        y += 4
        if self.reasons:
            draw_text(surface, self.t("magici.army.refused"), at(600, y), u(18), theme.WARN, bold=True)
            y += 24
            lines = [line for reason in self.reason_lines() for line in wrap_text(reason, u(16), u(188))]
            colour = theme.WARN
        else:
            lines, colour = wrap_text(self.t("magici.army.hint"), u(16), u(188)), theme.MUTED
        room = max(1, (328 - y) // 20)
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = lines[-1].rstrip(" .,;:") + "…"
        for line in lines:
            draw_text(surface, line, at(600, y), u(16), colour)
            y += 20
        for b in self.buttons:
            b.draw(surface)
        for button, kind in self.kind_buttons:
            draw_piece(surface, self.side, kind, (button.rect.x + self.u(28), button.rect.centery), self.u(34))
