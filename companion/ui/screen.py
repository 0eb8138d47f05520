"""The screen base class: ``handle(action)``, ``update(dt_ms)``, ``draw(surface)``.

A screen builds its buttons in :meth:`layout` (called when it is shown and again when the
language changes), sets :attr:`dirty` when what it shows has changed, and says through
:meth:`wake_in_ms` when it next needs an ``update`` (an animation frame, a timer's next
second); otherwise the main loop sleeps.

A screen with ``native = True`` draws at the display's own size (see :mod:`ui.display`): it
lays out from :attr:`size` and scales its lengths and font sizes by :attr:`unit` (``self.u(x)``).
Other screens keep the 800×480 canvas, scaled to the display.
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


def plural(t, key: str, count: int, **values: object) -> str:
    """``t(key + ".one")`` when ``count`` is 1 ("1 lancio", "1 passo"), else ``t(key)``;
    ``{n}`` is the count unless given."""
    values.setdefault("n", count)
    return t(f"{key}.one" if count == 1 else key, **values)


class Screen:
    name: ClassVar[str] = "screen"
    title_key: ClassVar[str] = ""
    native: ClassVar[bool] = False  # lays itself out at the display's size (see the module doc)

    def __init__(self, app: "App") -> None:
        self.app = app
        self.buttons: list[Button] = []
        self.dirty = True

    # -- conveniences ---------------------------------------------------------------------------
    def t(self, key: str, **values: object) -> str:
        return self.app.t(key, **values)

    def tn(self, key: str, count: int, **values: object) -> str:
        """A string with a count: ``key + ".one"`` when ``count`` is 1 ("1 lancio"), else ``key``
        ("3 lanci"); ``{n}`` in it is the count unless given."""
        return plural(self.app.t, key, count, **values)

    @property
    def size(self) -> tuple[int, int]:
        """The canvas this screen draws on (800×480 unless it is native)."""
        from companion.ui.display import LOGICAL_SIZE, native_size

        if not self.native:
            return LOGICAL_SIZE
        viewport = self.app.viewport
        return native_size(viewport.physical, viewport.rotate)

    @property
    def unit(self) -> float:
        """How many canvas pixels a pixel of the 800×480 design is on this screen's canvas."""
        from companion.ui.display import unit_for

        return unit_for(self.size) if self.native else 1.0

    def u(self, length: float) -> int:
        return round(length * self.unit)

    @property
    def header_h(self) -> int:
        return self.u(HEADER_H)

    # -- an 800×480 design drawn natively --------------------------------------------------------
    # A screen laid out in 800×480 coordinates becomes native by passing its boxes and points
    # through these (and its lengths and font sizes through ``u``): the design is drawn at the
    # display's size, sharp, centred, with no black bars (the background fills the margins).
    def origin(self) -> tuple[int, int]:
        w, h = self.size
        return (w - self.u(800)) // 2, (h - self.u(480)) // 2

    def at(self, x: float, y: float) -> tuple[int, int]:
        """A point of the 800×480 design on this screen's canvas."""
        ox, oy = self.origin()
        return ox + self.u(x), oy + self.u(y)

    def box(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A box of the 800×480 design on this screen's canvas."""
        ox, oy = self.origin()
        return pygame.Rect(ox + self.u(x), oy + self.u(y), self.u(w), self.u(h))

    def back_button(self) -> Button:
        return Button(pygame.Rect(self.u(8), self.u(4), self.u(136), self.u(48)), "‹ " + self.t("common.back"),
                      self.app.pop, size=self.u(20))

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
        w, h = surface.get_width(), self.header_h
        pygame.draw.rect(surface, theme.PANEL, (0, 0, w, h))
        draw_text(surface, title, (w // 2, h // 2), self.u(28), theme.TEXT, "center", bold=True,
                  max_width=w - self.u(340), min_size=self.u(20))
        if right:
            draw_text(surface, right, (w - self.u(14), h // 2), self.u(20), theme.MUTED, "midright",
                      max_width=self.u(150), min_size=self.u(16))
