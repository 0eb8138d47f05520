"""The home screen: the six games and the tools."""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.registry import GAME_ORDER, GAMES, register_screen
from companion.ui.screen import HEADER_H, Screen
from companion.ui.widgets import Button, draw_text


class HomeScreen(Screen):
    name = "home"

    def layout(self) -> None:
        self.buttons = []
        w, h, gap, x0, y0 = 250, 118, 12, 19, HEADER_H + 34
        for i, key in enumerate(GAME_ORDER):
            entry = GAMES.get(key)
            col, row = i % 3, i // 3
            rect = pygame.Rect(x0 + col * (w + gap), y0 + row * (h + gap), w, h)
            ready = entry is not None and entry.open is not None
            self.buttons.append(
                Button(rect, self.t(f"game.{key}"), self._opener(key), enabled=ready, size=28,
                       sublabel=self.t(f"gamehint.{key}") if ready else self.t("common.soon"))
            )
        y = y0 + 2 * (h + gap) + 34
        self.buttons.append(Button(pygame.Rect(x0, y, w, 84), "⚄ " + self.t("home.dice"), self._open_dice,
                                   primary=True, size=30))
        self.buttons.append(Button(pygame.Rect(x0 + 2 * (w + gap), y, w, 84), "⚙ " + self.t("home.settings"),
                                   self._open_settings, size=26))

    def handle(self, action) -> bool:
        from companion.ui.input import Kind

        if action.kind is Kind.COMMAND and action.name == "roll":
            # the roll button works from the home screen too: open the dice and roll
            from companion.app import open_screen
            from companion.ui.screens.dice import DiceScreen

            screen = open_screen(self.app, lambda: DiceScreen(self.app), lambda: self._unfinished_id("dice"))
            if screen is not None:
                self.app.push(screen)
                screen.roll()
            return True
        return super().handle(action)

    def _opener(self, key: str):
        def open_game() -> None:
            from companion.app import open_screen

            entry = GAMES.get(key)
            if entry is not None and entry.open is not None:
                # a match the game cannot read is set aside (named in a banner) and the game opens
                screen = open_screen(self.app, lambda: entry.open(self.app), lambda: self._unfinished_id(key))
                if screen is not None:
                    self.app.push(screen)
        return open_game

    def _unfinished_id(self, key: str) -> int | None:
        match = self.app.journal.latest_unfinished(key)
        return None if match is None else match.id

    def _open_dice(self) -> None:
        from companion.app import open_screen
        from companion.ui.screens.dice import DiceScreen

        screen = open_screen(self.app, lambda: DiceScreen(self.app), lambda: self._unfinished_id("dice"))
        if screen is not None:
            self.app.push(screen)

    def _open_settings(self) -> None:
        from companion.ui.screens.settings import SettingsScreen

        self.app.push(SettingsScreen(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("app.name"))
        draw_text(surface, self.t("app.tagline"), (20, HEADER_H // 2), 18, theme.MUTED, "midleft")
        draw_text(surface, self.t("home.games"), (19, HEADER_H + 8), 18, theme.MUTED)
        draw_text(surface, self.t("home.tools"), (19, HEADER_H + 34 + 2 * 130 + 8), 18, theme.MUTED)
        for b in self.buttons:
            b.draw(surface)

    @staticmethod
    def offer_resume(app) -> None:
        """At start-up: if unfinished matches can be resumed, ask."""
        from companion.ui.screens.resume import ResumeScreen

        if ResumeScreen.candidates(app):
            app.push(ResumeScreen(app))


register_screen("home", HomeScreen)
