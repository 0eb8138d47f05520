"""Small drawing helpers and the one widget every screen needs: a button."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from companion.ui import theme
from companion.ui.input import Action, Kind


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 22,
    color: tuple[int, int, int] = theme.TEXT,
    anchor: str = "topleft",
    bold: bool = False,
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw one line; shrink it (down to 60 %) if it is wider than ``max_width``."""
    f = theme.font(size, bold)
    image = f.render(text, True, color)
    if max_width is not None and image.get_width() > max_width:
        smaller = max(int(size * max_width / image.get_width()), int(size * 0.6), 8)
        image = theme.font(smaller, bold).render(text, True, color)
        if image.get_width() > max_width:  # still too wide: cut with an ellipsis
            while text and theme.font(smaller, bold).size(text + "…")[0] > max_width:
                text = text[:-1]
            image = theme.font(smaller, bold).render(text + "…", True, color)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    f = theme.font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@dataclass
class Button:
    """A touch button: highlighted while pressed, activated by a tap that began on it.

    >>> clicks = []
    >>> b = Button(pygame.Rect(0, 0, 100, 50), "OK", lambda: clicks.append(1))
    >>> b.handle(Action(Kind.PRESS, (10, 10))), b.handle(Action(Kind.TAP, (10, 10))), clicks
    (True, True, [1])
    """

    rect: pygame.Rect
    label: str
    on_tap: Callable[[], None]
    enabled: bool = True
    selected: bool = False
    primary: bool = False
    size: int = 24
    sublabel: str = ""
    color: tuple[int, int, int] | None = None
    pressed: bool = field(default=False, init=False)

    def handle(self, action: Action) -> bool:
        if action.pos is None:
            return False
        inside = self.rect.collidepoint(action.pos)
        if action.kind is Kind.PRESS:
            self.pressed = inside and self.enabled
            return self.pressed
        if action.kind is Kind.RELEASE:
            was = self.pressed
            self.pressed = False
            return was
        if action.kind is Kind.TAP and inside and self.enabled:
            self.on_tap()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.enabled:
            bg, fg = theme.PANEL, theme.MUTED
        elif self.color is not None:
            bg, fg = self.color, theme.BG if sum(self.color) > 380 else theme.TEXT
        elif self.primary:
            bg, fg = theme.ACCENT, theme.BG
        elif self.selected:
            bg, fg = theme.PANEL_HI, theme.ACCENT
        else:
            bg, fg = theme.PANEL, theme.TEXT
        if self.pressed:
            bg = tuple(max(0, c - 40) for c in bg)
        pygame.draw.rect(surface, bg, self.rect, border_radius=10)
        if self.selected:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, width=3, border_radius=10)
        if self.sublabel:
            draw_text(surface, self.label, (self.rect.centerx, self.rect.centery - 4), self.size, fg,
                      "midbottom", bold=True, max_width=self.rect.width - 16)
            draw_text(surface, self.sublabel, (self.rect.centerx, self.rect.centery + 4), max(12, self.size * 2 // 3),
                      theme.MUTED if not self.primary else fg, "midtop", max_width=self.rect.width - 16)
        else:
            draw_text(surface, self.label, self.rect.center, self.size, fg, "center", bold=True,
                      max_width=self.rect.width - 16)
