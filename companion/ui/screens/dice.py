"""The Dice screen: 1–3 d6 with presets, big animated faces, the total and the history.

Every roll is written to the journal (a ``dice`` match, one ``roll`` event per throw) before
the animation starts, so the history survives a power cut. The faces shown while tumbling are
decoration from a separate generator; the result is the injected :class:`~companion.core.dice.Dice`'s.
Before the first roll the dice are blank (never 6-6-6, which reads as a result). "Nuova serie"
asks first; the old series stays in the journal. The screen is native: it lays itself out at
the display's size.
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
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text, draw_text_block

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


BLANK = 0  # a die not rolled yet: drawn without pips


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int, sides: int = 6) -> None:
    if value == BLANK:
        pygame.draw.rect(surface, theme.PANEL_HI, rect, border_radius=rect.width // 7)
        pygame.draw.rect(surface, theme.DIE_EDGE, rect, width=max(2, rect.width // 40), border_radius=rect.width // 7)
        return
    pygame.draw.rect(surface, theme.DIE_EDGE, rect.move(0, max(3, rect.width // 20)), border_radius=rect.width // 7)
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
    native = True

    def __init__(self, app, count: int = 3) -> None:
        super().__init__(app)
        self.count = count
        self.match: MatchLog | None = app.journal.latest_unfinished("dice")
        self.history: list[tuple[Roll, int]] = []
        self._load_history()
        self.shown: tuple[int, ...] = self.history[-1][0].faces if self.history else (BLANK,) * count
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
    # -- where things go (at the display's size) ---------------------------------------------------
    def _columns(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The presets column, the dice area (with the roll button under it), the history."""
        w, h = self.size
        top = self.header_h + self.u(14)
        left = pygame.Rect(self.u(12), top, self.u(200), h - top - self.u(12))
        right_w = self.u(216) if w < self.u(1000) else self.u(300)
        right = pygame.Rect(w - self.u(12) - right_w, top, right_w, h - top - self.u(12))
        middle = pygame.Rect(left.right + self.u(14), top, right.x - left.right - self.u(28), h - top - self.u(12))
        return left, middle, right

    def layout(self) -> None:
        left, middle, _ = self._columns()
        self.buttons = [self.back_button()]
        for i, (key, n) in enumerate(PRESETS):
            self.buttons.append(Button(pygame.Rect(left.x, left.y + i * self.u(76), left.width, self.u(66)),
                                       self.t(key), self._chooser(n), selected=(n == self.count), size=self.u(22)))
        self.buttons.append(Button(pygame.Rect(left.x, left.y + 3 * self.u(76) + self.u(12), left.width, self.u(58)),
                                   self.t("dice.clear"), self.ask_new_series, size=self.u(20),
                                   enabled=bool(self.history)))
        roll_w = min(middle.width, self.u(420))
        self.buttons.append(Button(pygame.Rect(middle.centerx - roll_w // 2, middle.bottom - self.u(78), roll_w,
                                               self.u(78)), "⚄  " + self.t("dice.roll"), self.roll,
                                   primary=True, size=self.u(34)))

    def _chooser(self, n: int):
        def choose() -> None:
            if self.anim_left:
                return
            self.count = n
            if len(self.shown) != n:
                self.shown = (self.shown + (BLANK,) * 3)[:n]
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
        if len(self.history) == 1:
            self.layout()  # "Nuova serie" has something to clear now
        self.dirty = True

    def ask_new_series(self) -> None:
        """"Nuova serie" asks first, saying how many rolls the old series keeps in the journal."""
        from companion.ui.screens.confirm import ConfirmScreen

        if self.anim_left or not self.history:
            return
        n = len(self.history)
        self.app.push(ConfirmScreen(self.app, self.t("dice.clear_title"),
                                    self.tn("dice.clear_body", n, n=n), self.t("dice.clear"), self.new_series,
                                    danger=False))

    def new_series(self) -> None:
        if self.anim_left:
            return  # the roll on screen belongs to this series: let it land first
        if self.match is not None and self.history:
            self.match.finish({"reason": "new series", "rolls": len(self.history)})
        self.match = None
        self.history = []
        self.shown = (BLANK,) * self.count
        self.layout()
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
        n_rolls = len(self.history)
        self.draw_header(surface, self.t("dice.title"), self.tn("dice.rolls_count", n_rolls, n=n_rolls))
        _, middle, _ = self._columns()
        n = len(self.shown)
        gap = self.u(18)
        area = pygame.Rect(middle.x, middle.y, middle.width, middle.height - self.u(78) - self.u(90))
        size = min({1: self.u(190), 2: self.u(150), 3: self.u(104)}[min(n, 3)], (area.width - (n - 1) * gap) // n,
                   area.height - self.u(10))
        total_w = n * size + (n - 1) * gap
        x = area.centerx - total_w // 2
        for i, value in enumerate(self.shown):
            jitter = 0
            if self.anim_left:
                jitter = int(self.u(8) * ((self.anim_left // FRAME_MS + i) % 3 - 1))
            rect = pygame.Rect(x + i * (size + gap), area.centery - size // 2 + jitter, size, size)
            draw_die(surface, rect, value)
        below = (area.centerx, area.bottom + self.u(45))
        if self.history and not self.anim_left:
            total = self.history[-1][0].total
            draw_text(surface, f"{self.t('dice.total')} {total}", below, self.u(48), theme.ACCENT, "center", bold=True)
        elif not self.history:
            draw_text_block(surface, self.t("dice.hint"), pygame.Rect(area.x, below[1] - self.u(30), area.width,
                                                                       self.u(60)), self.u(18), theme.MUTED,
                            align="center")
        self._draw_history(surface)
        for b in self.buttons:
            b.draw(surface)

    def _draw_history(self, surface: pygame.Surface) -> None:
        _, _, panel = self._columns()
        pygame.draw.rect(surface, theme.PANEL, panel, border_radius=self.u(10))
        pad = self.u(12)
        draw_text(surface, self.t("dice.history"), (panel.x + pad, panel.y + self.u(10)), self.u(20), theme.MUTED,
                  bold=True)
        if not self.history:
            draw_text_block(surface, self.t("dice.no_history"), pygame.Rect(panel.x + pad, panel.y + self.u(44),
                                                                            panel.width - 2 * pad, self.u(60)),
                            self.u(18), theme.MUTED)
            return
        line_h = self.u(39)
        lines = max(1, (panel.height - self.u(48)) // line_h)
        shown = self.history[-lines:]
        if self.anim_left:
            shown = self.history[-lines - 1:-1]
        for i, (roll, at_ms) in enumerate(reversed(shown)):
            y = panel.y + self.u(44) + i * line_h
            faces = " ".join(str(f) for f in roll.faces)
            color = theme.TEXT if i == 0 and not self.anim_left else theme.MUTED
            draw_text(surface, f"{faces} = {roll.total}", (panel.x + pad, y), self.u(21), color, bold=(i == 0))
            stamp = time.strftime("%H:%M", time.localtime(at_ms / 1000))
            draw_text(surface, stamp, (panel.right - self.u(10), y + self.u(3)), self.u(16), theme.MUTED, "topright")


def _demo(app) -> DiceScreen:
    screen = DiceScreen(app, count=3)
    screen.layout()
    for _ in range(5):
        screen.roll()
        screen.anim_left = 0
    screen.shown = screen.history[-1][0].faces
    return screen


register_screen("dice", _demo)
