"""The Dice screen: 1–3 d6 with presets, big animated faces, the total and the history.

Every roll is written to the journal (a ``dice`` match, one ``roll`` event per throw) before
the animation starts, so the history survives a power cut. The faces shown while tumbling are
decoration from a separate generator; the result is the injected :class:`~companion.core.dice.Dice`'s.
"""

from __future__ import annotations

import random
import time

import pygame

from companion.core.dice import Roll
from companion.core.journal import MatchLog, MatchUnreadable
from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.registry import register_screen
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

ANIMATION_MS = 650
FRAME_MS = 33
HISTORY_LINES = 9
PRESETS = (("dice.preset.chessball", 3), ("dice.preset.duere", 2), ("dice.preset.one", 1))

# Pip positions on a unit face, per value.
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int, sides: int = 6) -> None:
    pygame.draw.rect(surface, theme.DIE_EDGE, rect.move(0, 5), border_radius=rect.width // 7)
    pygame.draw.rect(surface, theme.DIE_FACE, rect, border_radius=rect.width // 7)
    if sides == 6 and value in PIPS:
        r = max(4, rect.width // 11)
        for fx, fy in PIPS[value]:
            pygame.draw.circle(surface, theme.DIE_PIP, (rect.x + fx * rect.width, rect.y + fy * rect.height), r)
    else:
        draw_text(surface, str(value), rect.center, rect.width // 2, theme.DIE_PIP, "center", bold=True)


class DiceScreen(Screen):
    name = "dice"
    title_key = "dice.title"

    def __init__(self, app, count: int = 3) -> None:
        super().__init__(app)
        self.count = count
        self.match: MatchLog | None = app.journal.latest_unfinished("dice")
        self.history: list[tuple[Roll, int]] = []
        self._load_history()
        self.shown: tuple[int, ...] = self.history[-1][0].faces if self.history else (6,) * count
        if self.history:
            self.count = len(self.shown)
        self.anim_left = 0
        self._tumble = random.Random()

    def _load_history(self) -> None:
        self.history = []
        if self.match is None:
            return
        for event in self.match.effective():
            if event.kind == "roll":
                self.history.append((self._roll_of(event), event.at_ms))

    def _roll_of(self, event) -> Roll:
        """A journaled roll; a row that is not one makes the series unreadable (set aside)."""
        faces, sides = event.data.get("faces"), event.data.get("sides", 6)
        if not (isinstance(sides, int) and sides >= 2 and isinstance(faces, list) and 1 <= len(faces) <= 3
                and all(isinstance(f, int) and 1 <= f <= sides for f in faces)):
            assert self.match is not None
            raise MatchUnreadable(self.app.journal.path, self.match.id,
                                  f"event {event.seq} (roll) has no faces of a die: {event.data!r}")
        return Roll(tuple(faces), sides)

    # -- actions ------------------------------------------------------------------------------------
    def layout(self) -> None:
        self.buttons = [self.back_button()]
        for i, (key, n) in enumerate(PRESETS):
            self.buttons.append(Button(pygame.Rect(12, HEADER_H + 14 + i * 76, 200, 66), self.t(key),
                                       self._chooser(n), selected=(n == self.count), size=22))
        self.buttons.append(Button(pygame.Rect(12, HEADER_H + 14 + 3 * 76 + 12, 200, 54), self.t("dice.clear"),
                                   self.new_series, size=20))
        self.buttons.append(Button(pygame.Rect(226, 392, 334, 78), "⚄  " + self.t("dice.roll"), self.roll,
                                   primary=True, size=34))

    def _chooser(self, n: int):
        def choose() -> None:
            if self.anim_left:
                return
            self.count = n
            if len(self.shown) != n:
                self.shown = (self.shown + (6, 6, 6))[:n]
            self.layout()
        return choose

    def roll(self) -> None:
        if self.anim_left:
            return  # one roll at a time: a second press while the dice tumble is ignored
        result = self.app.dice.roll(self.count)
        if self.match is None:
            self.match = self.app.journal.new_match("dice", title=time.strftime("%d/%m/%Y"))
        event = self.match.append("roll", {"faces": list(result.faces), "sides": result.sides})
        self.history.append((result, event.at_ms))
        self.result = result
        self.anim_left = ANIMATION_MS
        self.app.play("roll")
        self.dirty = True

    def new_series(self) -> None:
        if self.anim_left:
            return  # the roll on screen belongs to this series: let it land first
        if self.match is not None and self.history:
            self.match.finish({"reason": "new series", "rolls": len(self.history)})
        self.match = None
        self.history = []
        self.dirty = True

    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name in ("roll", "ok"):
            self.roll()
            return True
        if action.kind is Kind.TEXT and action.name in "123":
            self._chooser(int(action.name))()
            self.dirty = True
            return True
        return super().handle(action)

    def update(self, dt_ms: int) -> None:
        if not self.anim_left:
            return
        self.anim_left = max(0, self.anim_left - dt_ms)
        if self.anim_left:
            self.shown = tuple(self._tumble.randint(1, 6) for _ in range(self.count))
        else:
            self.shown = self.history[-1][0].faces
        self.dirty = True

    def wake_in_ms(self) -> int | None:
        return min(FRAME_MS, self.anim_left) if self.anim_left else None

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("dice.title"), self.t("dice.rolls_count", n=len(self.history)))
        n = len(self.shown)
        size = {1: 190, 2: 150, 3: 104}[min(n, 3)]
        gap = 18
        area = pygame.Rect(226, HEADER_H + 12, 334, 230)
        total_w = n * size + (n - 1) * gap
        x = area.centerx - total_w // 2
        for i, value in enumerate(self.shown):
            jitter = 0
            if self.anim_left:
                jitter = int(8 * ((self.anim_left // FRAME_MS + i) % 3 - 1))
            rect = pygame.Rect(x + i * (size + gap), area.centery - size // 2 + jitter, size, size)
            draw_die(surface, rect, value)
        if self.history and not self.anim_left:
            total = self.history[-1][0].total
            draw_text(surface, f"{self.t('dice.total')} {total}", (area.centerx, area.bottom + 48), 48,
                      theme.ACCENT, "center", bold=True)
        elif not self.history:
            draw_text(surface, self.t("dice.hint"), (area.centerx, area.bottom + 48), 18, theme.MUTED, "center",
                      max_width=330)
        self._draw_history(surface)
        for b in self.buttons:
            b.draw(surface)

    def _draw_history(self, surface: pygame.Surface) -> None:
        panel = pygame.Rect(572, HEADER_H + 14, 216, 400)
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=10)
        draw_text(surface, self.t("dice.history"), (panel.x + 12, panel.y + 10), 20, theme.MUTED, bold=True)
        if not self.history:
            draw_text(surface, self.t("dice.no_history"), (panel.x + 12, panel.y + 44), 18, theme.MUTED)
            return
        shown = self.history[-HISTORY_LINES:]
        if self.anim_left:
            shown = self.history[-HISTORY_LINES - 1:-1]
        for i, (roll, at_ms) in enumerate(reversed(shown)):
            y = panel.y + 44 + i * 39
            faces = " ".join(str(f) for f in roll.faces)
            color = theme.TEXT if i == 0 and not self.anim_left else theme.MUTED
            draw_text(surface, f"{faces} = {roll.total}", (panel.x + 12, y), 21, color, bold=(i == 0))
            stamp = time.strftime("%H:%M:%S", time.localtime(at_ms / 1000))
            draw_text(surface, stamp, (panel.right - 10, y + 4), 14, theme.MUTED, "topright")


def _demo(app) -> DiceScreen:
    screen = DiceScreen(app, count=3)
    screen.layout()
    for _ in range(5):
        screen.roll()
        screen.anim_left = 0
    screen.shown = screen.history[-1][0].faces
    return screen


register_screen("dice", _demo)
