"""An on-screen keyboard for a name (a House), for a touchscreen with no keyboard.

A physical keyboard types too (``TEXT`` actions); Backspace deletes, Enter confirms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

ROWS = ("QWERTYUIOP", "ASDFGHJKLÈ", "ZXCVBNMÀÒÙ")
MAX_LEN = 24
KEY_W, KEY_H = 72, 62


class KeyboardScreen(Screen):
    name = "magici-keyboard"
    native = True  # the 800×480 design drawn at the display's size (``box``, ``at``, ``u``)

    def __init__(self, app: "App", title: str, text: str, on_done: Callable[[str], None]) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.on_done = on_done
        self.shift = False  # first letter capital, then small (names look like names)

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        capital = self.shift or not self.text or self.text.endswith(" ")
        for r, row in enumerate(ROWS):
            for c, ch in enumerate(row):
                letter = ch if capital else ch.lower()
                rect = self.box(34 + c * (KEY_W + 2), HEADER_H + 104 + r * (KEY_H + 6), KEY_W, KEY_H)
                self.buttons.append(Button(rect, letter, self._typer(letter), size=self.u(26)))
        y = HEADER_H + 104 + 3 * (KEY_H + 6)
        self.buttons.append(Button(self.box(34, y, 140, KEY_H), "⇧", self._shift, selected=self.shift, size=self.u(26)))
        self.buttons.append(Button(self.box(180, y, 300, KEY_H), self.t("magici.keyboard.space"), self._typer(" "),
                                   size=self.u(20)))
        self.buttons.append(Button(self.box(486, y, 120, KEY_H), "⌫", self.delete, size=self.u(26)))
        self.buttons.append(Button(self.box(612, y, 154, KEY_H), self.t("common.ok"), self.done, primary=True,
                                   enabled=bool(self.text.strip()), size=self.u(26)))

    def _typer(self, ch: str) -> Callable[[], None]:
        def type_() -> None:
            if len(self.text) < MAX_LEN:
                self.text += ch
            self.shift = False
            self.layout()
        return type_

    def _shift(self) -> None:
        self.shift = not self.shift
        self.layout()

    def delete(self) -> None:
        self.text = self.text[:-1]
        self.layout()

    def done(self) -> None:
        name = " ".join(self.text.split())
        if not name:
            return
        self.app.pop()
        self.on_done(name)

    def handle(self, action: Action) -> bool:
        if action.kind is Kind.TEXT and action.name.isprintable() and action.name != "*":
            self._typer(action.name)()
            self.dirty = True
            return True
        if action.kind is Kind.COMMAND and action.name == "roll" and action.source == "key":
            self._typer(" ")()  # the space bar arrives as the roll command only
            self.dirty = True
            return True
        if action.kind is Kind.COMMAND and action.name == "ok":
            self.done()
            return True
        if action.kind is Kind.COMMAND and action.name == "back" and action.source == "key" and self.text:
            self.delete()  # Backspace deletes; Escape on an empty name leaves
            self.dirty = True
            return True
        return super().handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.title)
        for b in self.buttons:
            b.draw(surface)
        field = self.box(34, HEADER_H + 20, 732, 68)
        pygame.draw.rect(surface, theme.PANEL, field, border_radius=self.u(10))
        pygame.draw.rect(surface, theme.ACCENT, field, width=max(2, self.u(2)), border_radius=self.u(10))
        draw_text(surface, self.text + "▏", (field.x + self.u(16), field.centery), self.u(34), theme.TEXT, "midleft",
                  bold=True, max_width=field.width - self.u(32))
