"""Small drawing helpers and the one widget every screen needs: a button.

Everything drawn through these helpers can be *reported*: inside :func:`recording`, each line
of text (its box, font size, colour and the colour behind it) and each touch target (its box)
is noted in a :class:`DrawReport`, so a test can check every screen for touch targets under
48 px, text under 16 px and contrast under WCAG AA without knowing anything about the screen
(see ``tests/ui/test_a11y.py``). A screen that draws a custom touch target (a board, a slider)
calls :func:`report_target` for it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from companion.ui import theme
from companion.ui.input import Action, Kind

MIN_TOUCH = 48  # px: a fingertip (≈ 9 mm on the 7" panel)
MIN_TEXT = 16  # px: the smallest text a player must read


@dataclass(frozen=True)
class TextMark:
    text: str
    rect: pygame.Rect
    size: int  # the font size actually drawn (after any shrinking to fit)
    color: tuple[int, int, int]
    background: tuple[int, int, int]  # the colour most of the box had before the text went on
    bold: bool
    role: str = "text"  # "text", or "disabled" (a disabled button's label: WCAG exempts it)
    cut: bool = False  # shortened with an ellipsis


@dataclass(frozen=True)
class TargetMark:
    rect: pygame.Rect
    label: str
    enabled: bool = True


@dataclass
class DrawReport:
    texts: list[TextMark] = field(default_factory=list)
    targets: list[TargetMark] = field(default_factory=list)


_REPORT: DrawReport | None = None


@contextmanager
def recording() -> Iterator[DrawReport]:
    """Note what is drawn (text and touch targets) while the block runs."""
    global _REPORT
    before, _REPORT = _REPORT, DrawReport()
    try:
        yield _REPORT
    finally:
        _REPORT = before


def reporting() -> bool:
    """Whether a :func:`recording` is under way (so a screen may report custom targets)."""
    return _REPORT is not None


def report_target(rect: pygame.Rect, label: str, enabled: bool = True) -> None:
    """A touch target drawn by hand (buttons report themselves)."""
    if _REPORT is not None:
        _REPORT.targets.append(TargetMark(pygame.Rect(rect), label, enabled))


def _background(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    """The most common colour in ``rect`` (sampled on a grid): what the text will sit on."""
    area = rect.clip(surface.get_rect())
    if area.width <= 0 or area.height <= 0:
        return (0, 0, 0)
    counts: dict[tuple[int, int, int], int] = {}
    step_x, step_y = max(1, area.width // 24), max(1, area.height // 8)
    for x in range(area.x, area.right, step_x):
        for y in range(area.y, area.bottom, step_y):
            c = tuple(surface.get_at((x, y)))[:3]
            counts[c] = counts.get(c, 0) + 1  # type: ignore[index]
    return max(counts, key=counts.__getitem__)  # type: ignore[arg-type,return-value]


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 22,
    color: tuple[int, int, int] = theme.TEXT,
    anchor: str = "topleft",
    bold: bool = False,
    max_width: int | None = None,
    min_size: int | None = None,
    role: str = "text",
) -> pygame.Rect:
    """Draw one line; shrink it (down to 60 %, never under ``min_size``) if it is wider than
    ``max_width``, and cut it with an ellipsis if it still does not fit."""
    f = theme.font(size, bold)
    image = f.render(text, True, color)
    drawn, cut = size, False
    if max_width is not None and image.get_width() > max_width:
        floor = max(int(size * 0.6), 8, min(min_size or 0, size))
        smaller = max(int(size * max_width / image.get_width()), floor)
        while smaller > floor and theme.font(smaller, bold).size(text)[0] > max_width:
            smaller -= 1  # font widths do not scale exactly with the size
        drawn = smaller
        image = theme.font(smaller, bold).render(text, True, color)
        if image.get_width() > max_width:  # still too wide: cut with an ellipsis
            while text and theme.font(smaller, bold).size(text + "…")[0] > max_width:
                text = text[:-1]
            image = theme.font(smaller, bold).render(text + "…", True, color)
            cut = True
    rect = image.get_rect(**{anchor: pos})
    if _REPORT is not None and text.strip():
        fg = (color[0], color[1], color[2])
        _REPORT.texts.append(TextMark(text, rect.copy(), drawn, fg, _background(surface, rect), bold, role, cut))
    surface.blit(image, rect)
    return rect


def draw_text_block(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                    color: tuple[int, int, int] = theme.TEXT, bold: bool = False, max_lines: int | None = None,
                    align: str = "left", line_gap: float = 1.25) -> int:
    """Wrapped text inside ``rect`` (vertically centred when it fits in fewer lines);
    returns the height used. Lines beyond ``max_lines`` or the box are dropped, the last one
    shown ends with an ellipsis."""
    lines = wrap_text(text, size, rect.width, bold)
    step = round(size * line_gap)
    room = max(1, min(max_lines or len(lines), rect.height // step if rect.height >= step else 1))
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = lines[-1].rstrip(" .,;:") + "…"
    top = rect.y + max(0, (rect.height - step * len(lines)) // 2) if align == "center" else rect.y
    for i, line in enumerate(lines):
        y = top + i * step
        if align == "center":
            draw_text(surface, line, (rect.centerx, y), size, color, "midtop", bold, max_width=rect.width)
        else:
            draw_text(surface, line, (rect.x, y), size, color, "topleft", bold, max_width=rect.width)
    return step * len(lines)


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


def fit_size(button: "Button") -> int:
    """The largest font size (up to the button's own) at which its label fits without shrinking."""
    size = button.size
    avail = button.rect.width - max(16, button.rect.height // 4)
    while size > MIN_TEXT and theme.font(size, True).size(button.label)[0] > avail:
        size -= 1
    return size


def same_size(buttons: "list[Button]") -> None:
    """One font size for a row or grid of buttons: the largest at which every label fits, so
    no label in a bar is drawn smaller than its neighbours."""
    if buttons:
        size = min(fit_size(b) for b in buttons)
        for b in buttons:
            b.size = size


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
        report_target(self.rect, self.label, self.enabled)
        role = "text" if self.enabled else "disabled"
        if not self.enabled:
            bg, fg = theme.PANEL, theme.DISABLED
        elif self.color is not None:
            bg, fg = self.color, theme.on(self.color)
        elif self.primary:
            bg, fg = theme.ACCENT, theme.BG
        elif self.selected:
            bg, fg = theme.PANEL_HI, theme.ACCENT
        else:
            bg, fg = theme.PANEL, theme.TEXT
        if self.pressed:
            bg = tuple(max(0, c - 40) for c in bg)
        radius = max(6, min(self.rect.height // 5, 16))
        pygame.draw.rect(surface, bg, self.rect, border_radius=radius)
        if self.selected:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, width=max(3, self.rect.height // 20),
                             border_radius=radius)
        pad = max(16, self.rect.height // 4)
        if self.sublabel:
            sub_size = max(MIN_TEXT, self.size * 2 // 3)
            sub_fg = fg if (self.primary or self.color is not None or not self.enabled) else theme.MUTED
            gap = max(2, self.rect.height // 30)
            lines = [self.sublabel]
            if theme.font(sub_size).size(self.sublabel)[0] > self.rect.width - pad:  # two lines, if there is room
                wrapped = wrap_text(self.sublabel, sub_size, self.rect.width - pad)
                if len(wrapped) == 2 and self.rect.height >= self.size + 2 * sub_size * 1.2 + 2 * gap:
                    lines = wrapped
            step = round(sub_size * 1.2)
            shift = (len(lines) - 1) * step // 2
            draw_text(surface, self.label, (self.rect.centerx, self.rect.centery - gap - shift), self.size, fg,
                      "midbottom", bold=True, max_width=self.rect.width - pad, min_size=MIN_TEXT, role=role)
            for i, line in enumerate(lines):
                draw_text(surface, line, (self.rect.centerx, self.rect.centery + gap - shift + i * step), sub_size,
                          sub_fg, "midtop", max_width=self.rect.width - pad, min_size=MIN_TEXT, role=role)
        else:
            draw_text(surface, self.label, self.rect.center, self.size, fg, "center", bold=True,
                      max_width=self.rect.width - pad, min_size=MIN_TEXT, role=role)
