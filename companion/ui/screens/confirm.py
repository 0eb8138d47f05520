"""A question before a destructive action: what will happen, "Annulla" and the action itself.

Pushed on top of the screen that asks; either button pops it, and only the action's button
runs ``on_confirm``. The safe answer is on the left and is what "back" (the GPIO back button,
Escape) means, so a stray press never destroys anything. With ``timeout_ms`` the question
answers itself with ``on_timeout`` when nobody taps (the display rotation's keep-or-revert).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.registry import register_screen
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text, wrap_text


class ConfirmScreen(Screen):
    name = "confirm"

    def __init__(self, app: Any, title: str, body: str, confirm_label: str, on_confirm: Callable[[], None],
                 cancel_label: str | None = None, on_cancel: Callable[[], None] | None = None,
                 danger: bool = True, timeout_ms: int | None = None,
                 on_timeout: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.body = body
        self.confirm_label = confirm_label
        self.cancel_label = cancel_label
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.danger = danger
        self.left_ms = timeout_ms
        self.on_timeout = on_timeout or on_cancel

    def layout(self) -> None:
        w, h = self.size
        u = self.unit
        bw, bh = min(int(340 * u), (w - int(60 * u)) // 2), int(76 * u)
        y = h - bh - int(24 * u)
        cancel = self.cancel_label or self.t("common.cancel")
        self.buttons = [
            Button(pygame.Rect(w // 2 - int(10 * u) - bw, y, bw, bh), cancel, self.cancel, size=int(26 * u)),
            Button(pygame.Rect(w // 2 + int(10 * u), y, bw, bh), self.confirm_label, self.confirm,
                   color=theme.DANGER if self.danger else None, primary=not self.danger, size=int(26 * u)),
        ]

    def _answer(self, then: Callable[[], None] | None) -> None:
        self.left_ms = None
        if self.app.top is self:
            self.app.pop()
        if then is not None:
            then()

    def confirm(self) -> None:
        self._answer(self.on_confirm)

    def cancel(self) -> None:
        self._answer(self.on_cancel)

    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name == "back":
            self.cancel()
            return True
        return super().handle(action)

    def update(self, dt_ms: int) -> None:
        if self.left_ms is None:
            return
        before = (self.left_ms + 999) // 1000
        self.left_ms -= dt_ms
        if self.left_ms <= 0:
            self._answer(self.on_timeout)
        elif (self.left_ms + 999) // 1000 != before:
            self.dirty = True

    def wake_in_ms(self) -> int | None:
        if self.left_ms is None:
            return None
        return max(0, (self.left_ms - 1) % 1000 + 1)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        u = self.unit
        surface.fill(theme.BG)
        self.draw_header(surface, self.title)
        size = int(24 * u)
        width = w - int(80 * u)
        lines = wrap_text(self.body, size, width)
        top = self.header_h + int(36 * u)
        for i, line in enumerate(lines):
            draw_text(surface, line, (int(40 * u), top + i * int(size * 1.35)), size, theme.TEXT)
        if self.left_ms is not None:
            secs = max(1, (self.left_ms + 999) // 1000)
            draw_text(surface, self.tn("confirm.auto", secs, n=secs),
                      (w // 2, self.buttons[0].rect.top - int(20 * u)), int(22 * u), theme.ACCENT, "midbottom",
                      max_width=w - int(40 * u))
        for b in self.buttons:
            b.draw(surface)


def _demo(app: Any) -> ConfirmScreen:
    return ConfirmScreen(app, app.t("cb.setup.new_title"),
                         app.t("cb.setup.new_body", score="0 – 1", half=2, turn=26),
                         app.t("cb.setup.new_confirm"), lambda: None)


register_screen("confirm", _demo)
