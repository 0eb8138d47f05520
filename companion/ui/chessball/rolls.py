"""Dice screens: a side's 3d6 for its MP (rolled by the app or typed in), and the tackle roller."""

from __future__ import annotations

from typing import Any

import pygame

from companion.chessball.pieces import Side
from companion.chessball.state import Phase
from companion.ui import theme
from companion.ui.chessball.common import SIDE_COLOURS, ChessBallScreen, FacePicker
from companion.chessball.session import Session
from companion.ui.input import Action, Kind
from companion.ui.screen import HEADER_H
from companion.ui.screens.dice import draw_die
from companion.ui.widgets import Button, draw_text


class MovementRollScreen(ChessBallScreen):
    """One side's 3d6 for its MP this turn: the app rolls, or the faces are typed in."""

    name = "chessball-roll"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: Any, session: Session, side: Side) -> None:
        super().__init__(app, session)
        self.roll_side = side
        self.picker = FacePicker(3, (30, HEADER_H + 100), row_gap=22)

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        self.picker.origin, self.picker.size = self.at(30, HEADER_H + 100), self.u(52)
        self.picker.gap, self.picker.row_gap = self.u(6), self.u(22)
        self.buttons += self.picker.buttons(self._changed, size=self.u(24))
        total = self.picker.total if self.picker.complete else None
        self.buttons.append(Button(self.box(30, 400, 342, 66),
                                   self.t("cb.roll.confirm", n=total) if total else self.t("cb.roll.pick_faces"),
                                   self.confirm, enabled=self.picker.complete, primary=True, size=self.u(24)))
        self.buttons.append(Button(self.box(470, HEADER_H + 100, 300, 150), "⚄  " + self.t("dice.roll"),
                                   self.roll_with_app, primary=True, size=self.u(34), sublabel=self.t("cb.roll.app")))

    def _changed(self) -> None:
        self.layout()
        self.dirty = True

    def roll_with_app(self) -> None:
        faces = self.app.dice.roll(3).faces
        self.app.play("roll")
        self._submit(list(faces))

    def confirm(self) -> None:
        if self.picker.complete:
            self._submit([f for f in self.picker.faces if f is not None])

    def _submit(self, faces: list[int]) -> None:
        if self.submit({"kind": "roll", "side": self.roll_side.value, "faces": faces}):
            self.app.pop()
            self.app.top.message = self.t("cb.roll.done", side=self.side(self.roll_side), n=sum(faces),
                                          faces="+".join(map(str, faces)))
            self.app.top.message_is_error = False

    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name == "roll":
            self.roll_with_app()
            return True
        return super().handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("cb.roll.title", side=self.side(self.roll_side)))
        u = self.u
        pygame.draw.rect(surface, SIDE_COLOURS[self.roll_side], (0, self.header_h, surface.get_width(), u(6)))
        draw_text(surface, self.t("cb.roll.typed_in"), self.at(30, HEADER_H + 20), u(20), theme.TEXT, bold=True)
        draw_text(surface, self.t("cb.roll.typed_in_hint"), self.at(30, HEADER_H + 48), u(17), theme.MUTED,
                  max_width=u(400))
        draw_text(surface, self.t("cb.roll.or"), self.at(421, HEADER_H + 175), u(20), theme.MUTED, "center")
        for i in range(3):
            row = self.picker.row_rect(i)
            draw_text(surface, self.t("cb.roll.die", n=i + 1), (row.x, row.y - 1), u(16), theme.MUTED, "bottomleft")
        self.draw_message(surface, self.box(470, HEADER_H + 270, 300, 100), size=u(18))
        for b in self.buttons:
            b.draw(surface)


class TackleScreen(ChessBallScreen):
    """A tackle: both players roll 3d6, the higher wins the ball; a tie is rolled again.

    Every throw is kept and journaled with the tackle (the core checks that all but the last
    are ties). Rolled by the app, or typed in from the real dice. The throw that decides it is
    journaled at once: there is no way to roll a bad result again and keep the better one
    (a mistyped throw is put right with "Annulla mossa" on the tracker, which the history shows).
    """

    name = "chessball-tackle"
    native = True

    def __init__(self, app: Any, session: Session, event_extra: dict[str, Any] | None = None) -> None:
        super().__init__(app, session)
        self.tackler = session.state.side_to_move or Side.WHITE
        self.extra = dict(event_extra or {})
        self.throws: list[dict[str, list[int]]] = []
        self.pickers = {Side.WHITE: FacePicker(3, (20, 236), size=50, gap=6),
                        Side.BLACK: FacePicker(3, (430, 236), size=50, gap=6)}
        self.journaled = False

    @property
    def decided(self) -> bool:
        return bool(self.throws) and sum(self.throws[-1]["white"]) != sum(self.throws[-1]["black"])

    def winner(self) -> Side | None:
        if not self.decided:
            return None
        last = self.throws[-1]
        return Side.WHITE if sum(last["white"]) > sum(last["black"]) else Side.BLACK

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        if not self.decided:
            for side, x in ((Side.WHITE, 20), (Side.BLACK, 430)):
                picker = self.pickers[side]
                picker.origin, picker.size, picker.gap = self.at(x, 236), self.u(50), self.u(6)
                picker.row_gap = picker.gap
                self.buttons += picker.buttons(self._changed, size=self.u(24))
            both = all(p.complete for p in self.pickers.values())
            self.buttons.append(Button(self.box(20, 412, 360, 60), self.t("cb.tackle.enter_throw"),
                                       self.enter_throw, enabled=both, size=self.u(22)))
            self.buttons.append(Button(self.box(430, 412, 350, 60), "⚄  " + self.t("cb.tackle.roll"),
                                       self.roll_with_app, primary=True, size=self.u(24)))
        else:
            self.buttons.append(Button(self.box(430, 412, 350, 60), self.t("cb.tackle.continue"),
                                       self.app.pop, primary=True, size=self.u(24)))

    def _changed(self) -> None:
        self.layout()
        self.dirty = True

    def _add(self, white: list[int], black: list[int]) -> None:
        self.throws.append({"white": white, "black": black})
        for p in self.pickers.values():
            p.clear()
        if not self.decided:
            self.message, self.message_is_error = self.t("cb.tackle.tie", n=sum(white)), False
        else:
            self.confirm()
        self.layout()
        self.dirty = True

    def roll_with_app(self) -> None:
        if self.decided:
            return
        self.app.play("roll")
        self._add(list(self.app.dice.roll(3).faces), list(self.app.dice.roll(3).faces))

    def enter_throw(self) -> None:
        w, b = self.pickers[Side.WHITE], self.pickers[Side.BLACK]
        if w.complete and b.complete and not self.decided:
            self._add([f for f in w.faces if f], [f for f in b.faces if f])

    def confirm(self) -> None:
        """Journal the tackle with every throw; the result stays on screen until "Continua"."""
        if not self.decided or self.journaled:
            return
        event = {"kind": "tackle", "side": self.tackler.value, "throws": self.throws, **self.extra}
        winner = self.winner()
        if self.submit(event):
            self.journaled = True
            self.message, self.message_is_error = self.t("cb.tackle.won", side=self.side(winner)), False
        else:  # refused (the reason is shown): nothing was journaled, the throws start over
            self.throws = []

    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name in ("roll", "ok"):
            if self.decided and action.name == "ok":
                self.app.pop()
            else:
                self.roll_with_app()
            return True
        return super().handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("cb.tackle.title"), self.t("cb.tackle.by", side=self.side(self.tackler)))
        u = self.u
        for side, x in ((Side.WHITE, 20), (Side.BLACK, 430)):
            pygame.draw.rect(surface, SIDE_COLOURS[side], self.box(x, HEADER_H + 10, 350, 8), border_radius=u(4))
            draw_text(surface, self.side(side), self.at(x, HEADER_H + 26), u(24), theme.TEXT, bold=True)
            last = self.throws[-1][side.value] if self.throws else None
            if last:
                for i, face in enumerate(last):
                    draw_die(surface, self.box(x + 120 + i * 54, HEADER_H + 28, 44, 44), face)
                draw_text(surface, f"= {sum(last)}", self.at(x + 350, HEADER_H + 50), u(30),
                          theme.ACCENT if self.winner() is side else theme.TEXT, "midright", bold=True)
        if len(self.throws) > 1:
            ties = ", ".join(f"{sum(t['white'])}–{sum(t['black'])}" for t in self.throws[:-1])
            draw_text(surface, self.t("cb.tackle.earlier", throws=ties), self.at(20, HEADER_H + 96), u(16),
                      theme.MUTED)
        if not self.decided:
            draw_text(surface, self.t("cb.tackle.typed_in"), self.at(20, 204), u(17), theme.MUTED, max_width=u(760))
        self.draw_message(surface, self.box(20, HEADER_H + 124, 760, 50), size=u(24))
        for b in self.buttons:
            b.draw(surface)


def roll_pending(state) -> list[Side]:
    """Sides still to roll their MP this turn."""
    if state.phase is not Phase.ROLLS:
        return []
    return [s for s in Side if state.rolls[s] is None]
