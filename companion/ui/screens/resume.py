"""At start-up: the unfinished matches, offered for resumption."""

from __future__ import annotations

import time

import pygame

from companion.core.journal import MatchInfo
from companion.ui import theme
from companion.ui.registry import GAMES, register_screen
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text

MAX_SHOWN = 4


class ResumeScreen(Screen):
    name = "resume"
    title_key = "resume.title"

    @staticmethod
    def candidates(app) -> list[MatchInfo]:
        found = []
        for info in app.journal.matches(unfinished=True):
            entry = GAMES.get(info.game)
            if entry is not None and entry.resume is not None:
                found.append(info)
        return found[:MAX_SHOWN]

    def layout(self) -> None:
        self.matches = self.candidates(self.app)
        self.buttons = []
        for i, info in enumerate(self.matches):
            y = HEADER_H + 60 + i * 78
            self.buttons.append(Button(pygame.Rect(600, y, 180, 64), self.t("resume.resume"),
                                       self._resumer(info), primary=True))
        self.buttons.append(Button(pygame.Rect(300, 404, 200, 60), self.t("resume.later"), self.app.pop))

    def _resumer(self, info: MatchInfo):
        def resume() -> None:
            from companion.app import open_screen

            entry = GAMES[info.game]
            self.app.pop()
            # a match its game cannot read is set aside (named in a banner); home stays
            screen = open_screen(self.app, lambda: self._reopen(entry, info), lambda: info.id)
            if screen is not None:
                self.app.push(screen)
        return resume

    def _reopen(self, entry, info: MatchInfo):
        if info.id in self.app.journal.aside:  # set aside by a first try: nothing to reopen
            return None
        return entry.resume(self.app, self.app.journal.match(info.id))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_text(surface, self.t("resume.body"), (20, HEADER_H + 16), 22, theme.TEXT)
        for i, info in enumerate(self.matches):
            y = HEADER_H + 60 + i * 78
            pygame.draw.rect(surface, theme.PANEL, (20, y, 570, 64), border_radius=10)
            title = self.t(f"game.{info.game}") + (f" — {info.title}" if info.title else "")
            draw_text(surface, title, (34, y + 8), 22, theme.TEXT, bold=True, max_width=540)
            when = time.strftime("%d/%m %H:%M", time.localtime(info.created_at / 1000))
            draw_text(surface, f"{when} · " + self.t("resume.events", n=info.event_count), (34, y + 38), 17,
                      theme.MUTED)
        for b in self.buttons:
            b.draw(surface)


def _demo(app) -> ResumeScreen:
    return ResumeScreen(app)


register_screen("resume", _demo)
