"""The substitution picker: who leaves, who enters, what the table says it costs or gives.

Each entering piece shows its MP value from the table for the chosen leaving piece and how
many are left on the bench; the choice is checked by the core at once (the one-in-three-turns
limit, enough MP, bench, field) and the reason is shown when it is refused, with the
confirm button disabled: nothing is journaled until it is legal and confirmed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.chessball.events import IllegalEvent
from companion.chessball.lattice import Point
from companion.chessball.pieces import CHESS_SET, PieceKind, Side
from companion.chessball.state import Mode
from companion.chessball.substitution import SUBSTITUTION_MP
from companion.ui import theme
from companion.ui.chessball.places import place_name
from companion.ui.chessball.common import SIDE_COLOURS, ChessBallScreen, piece_name
from companion.chessball.session import Preview, Session
from companion.ui.screen import HEADER_H
from companion.ui.widgets import Button, draw_text

FIELD_KINDS = (PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.PAWN)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("0" if n == 0 else f"−{-n}")


class SubstitutionScreen(ChessBallScreen):
    name = "chessball-substitution"
    native = True  # the 800×480 design drawn at the display's size

    def __init__(self, app: Any, session: Session, at: Point | None = None) -> None:
        super().__init__(app, session)
        self.sub_side: Side = session.state.side_to_move or Side.WHITE
        self.leaving: list[tuple[PieceKind, Point | None]] = self._leaving_options()
        self.out_index = 0
        if at is not None:
            self.out_index = next((i for i, (_, p) in enumerate(self.leaving) if p == at), 0)
        self.entering: PieceKind | None = None
        self.preview: Preview | None = None

    def _leaving_options(self) -> list[tuple[PieceKind, Point | None]]:
        s = self.state
        if self.session.mode is Mode.POSITIONAL:
            return sorted(((pc.kind, p) for p, pc in s.board.items()
                           if pc.side is self.sub_side and pc.kind is not PieceKind.KING),
                          key=lambda item: (FIELD_KINDS.index(item[0]), item[1]))
        return [(k, None) for k in FIELD_KINDS if s.lineup[self.sub_side][k] > 0]

    @property
    def out_kind(self) -> PieceKind | None:
        return self.leaving[self.out_index][0] if self.leaving else None

    def event(self) -> dict[str, Any] | None:
        if self.out_kind is None or self.entering is None:
            return None
        event: dict[str, Any] = {"kind": "substitution", "side": self.sub_side.value,
                                 "out": self.out_kind.value, "in": self.entering.value}
        at = self.leaving[self.out_index][1]
        if at is not None:
            event["at"] = list(at)
        return event

    def _check(self) -> None:
        self.preview = None
        self.message, self.message_is_error = "", False
        event = self.event()
        if event is None:
            return
        try:
            self.preview = self.session.probe(event)
        except IllegalEvent as exc:
            self.message, self.message_is_error = self.reason(exc), True

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        for i, (kind, at) in enumerate(self.leaving):
            rect = self.box(20, HEADER_H + 56 + i * 72, 230, 64)
            where = (place_name(self.t, at, short=True) if at is not None
                     else f"× {self.state.lineup[self.sub_side][kind]}")
            self.buttons.append(Button(rect, piece_name(self.t, kind), self._out(i), selected=i == self.out_index,
                                       sublabel=where, size=self.u(22)))
        bench = CHESS_SET - self.state.lineup[self.sub_side]
        for i, kind in enumerate(FIELD_KINDS):
            rect = self.box(280, HEADER_H + 56 + i * 70, 250, 62)
            value = SUBSTITUTION_MP.get(self.out_kind, {}).get(kind) if self.out_kind else None
            mp = self.t("cb.sub.value", mp=signed(value)) if value is not None else "—"
            self.buttons.append(Button(rect, piece_name(self.t, kind), self._in(kind), selected=kind is self.entering,
                                       enabled=kind is not self.out_kind,
                                       sublabel=f"{mp} · " + self.t("cb.sub.on_bench", n=bench[kind]),
                                       size=self.u(22)))
        self.buttons.append(Button(self.box(550, 400, 230, 70), self.t("cb.sub.confirm"), self.confirm,
                                   primary=True, enabled=self.preview is not None, size=self.u(24)))

    def _out(self, i: int) -> Callable[[], None]:
        def choose() -> None:
            self.out_index = i
            if self.entering is self.out_kind:
                self.entering = None
            self._check()
            self.layout()
        return choose

    def _in(self, kind: PieceKind) -> Callable[[], None]:
        def choose() -> None:
            self.entering = kind
            self._check()
            self.layout()
        return choose

    def confirm(self) -> None:
        event = self.event()
        if event is None or self.preview is None:
            return
        value = -self.preview.cost
        if self.submit(event):
            self.app.pop()
            top = self.app.top
            top.message = self.t("cb.sub.done", side=self.side(self.sub_side),
                                 out=piece_name(self.t, PieceKind(event["out"])),
                                 into=piece_name(self.t, PieceKind(event["in"])), mp=signed(value))
            top.message_is_error = False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.state
        self.draw_header(surface, self.t("cb.sub.title"),
                         self.t("cb.mp_left", side=self.side(self.sub_side), n=s.movement_points[self.sub_side]))
        u = self.u
        pygame.draw.rect(surface, SIDE_COLOURS[self.sub_side], (0, self.header_h, surface.get_width(), u(6)))
        draw_text(surface, self.t("cb.sub.leaving"), self.at(20, HEADER_H + 22), u(20), theme.MUTED, bold=True)
        draw_text(surface, self.t("cb.sub.entering"), self.at(280, HEADER_H + 22), u(20), theme.MUTED, bold=True)
        panel = self.box(550, HEADER_H + 56, 230, 276)
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=u(10))
        x, width = panel.x + u(12), u(206)
        y = panel.y + u(12)
        if self.preview is not None and self.entering is not None and self.out_kind is not None:
            value = -self.preview.cost
            line = self.t("cb.sub.gain" if value >= 0 else "cb.sub.pay", n=abs(value))
            draw_text(surface, f"{piece_name(self.t, self.out_kind)} → {piece_name(self.t, self.entering)}",
                      (x, y), u(20), theme.TEXT, bold=True, max_width=width)
            draw_text(surface, line, (x, y + u(34)), u(20), theme.OK, max_width=width)
            after = self.preview.after.movement_points[self.sub_side]
            draw_text(surface, self.t("cb.sub.after", n=after), (x, y + u(64)), u(18), theme.TEXT, max_width=width)
            y += u(104)
        elif not self.message:
            for i, line in enumerate(self._hint_lines()):
                draw_text(surface, line, (x, y + i * u(24)), u(17), theme.MUTED)
        self.draw_message(surface, pygame.Rect(x, y, width, panel.bottom - y - u(8)), size=u(17))
        last = s.last_substitution_turn[self.sub_side]
        note = (self.t("cb.sub.last", turn=last, every=s.options.substitution_interval) if last is not None
                else self.t("cb.sub.none_yet", every=s.options.substitution_interval))
        from companion.ui.widgets import wrap_text

        for i, line in enumerate(wrap_text(note, self.u(16), self.u(236))[:6]):
            draw_text(surface, line, self.at(20, 340 + i * 21), self.u(16), theme.MUTED)
        for b in self.buttons:
            b.draw(surface)

    def _hint_lines(self) -> list[str]:
        from companion.ui.widgets import wrap_text

        return wrap_text(self.t("cb.sub.hint"), self.u(17), self.u(206))
