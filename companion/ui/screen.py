"""The screen base class: ``handle(action)``, ``update(dt_ms)``, ``draw(surface)``.

A screen builds its buttons in :meth:`layout` (called when it is shown and again when the
language changes), sets :attr:`dirty` when what it shows has changed, and says through
:meth:`wake_in_ms` when it next needs an ``update`` (an animation frame, a timer's next
second); otherwise the main loop sleeps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import pygame

from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

HEADER_H = 56


class Screen:
    name: ClassVar[str] = "screen"
    title_key: ClassVar[str] = ""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.buttons: list[Button] = []
        self.dirty = True

    # -- conveniences ---------------------------------------------------------------------------
    def t(self, key: str, **values: object) -> str:
        return self.app.t(key, **values)

    def back_button(self) -> Button:
        return Button(pygame.Rect(8, 8, 132, 40), "‹ " + self.t("common.back"), self.app.pop, size=20)

    # -- lifecycle ------------------------------------------------------------------------------
    def layout(self) -> None:
        """(Re)build the buttons; called on enter and on a language change."""

    def enter(self) -> None:
        self.layout()
        self.dirty = True

    def leave(self) -> None:
        pass

    # -- the three verbs ------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        for button in reversed(self.buttons):
            if button.handle(action):
                self.dirty = True
                return True
        if action.kind is Kind.COMMAND and action.name == "back" and len(self.app.stack) > 1:
            self.app.pop()
            return True
        return False

    def update(self, dt_ms: int) -> None:
        pass

    def wake_in_ms(self) -> int | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        if self.title_key:
            self.draw_header(surface, self.t(self.title_key))
        for button in self.buttons:
            button.draw(surface)

    def draw_header(self, surface: pygame.Surface, title: str, right: str = "") -> None:
        pygame.draw.rect(surface, theme.PANEL, (0, 0, surface.get_width(), HEADER_H))
        draw_text(surface, title, (surface.get_width() // 2, HEADER_H // 2), 28, theme.TEXT, "center", bold=True,
                  max_width=surface.get_width() - 340)
        if right:
            draw_text(surface, right, (surface.get_width() - 14, HEADER_H // 2), 20, theme.MUTED, "midright")
