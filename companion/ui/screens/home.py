"""The home screen: the six games and the tools.

It lays itself out at the display's own size (``native``): three columns on a landscape
display, two on a portrait one. A game with an unfinished match in the journal says
"● in corso" on its tile, which is outlined.
"""

from __future__ import annotations

import pygame

from companion.ui import theme
from companion.ui.registry import GAME_ORDER, GAMES, register_screen
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text


class HomeScreen(Screen):
    name = "home"
    native = True

    def running_games(self) -> dict[str, int]:
        """How many matches each game has in progress (the dice history is a tool, not a match;
        the Magici station may run two boards at once)."""
        counts: dict[str, int] = {}
        try:
            for info in self.app.journal.matches(unfinished=True):
                if info.game in GAMES:
                    counts[info.game] = counts.get(info.game, 0) + 1
        except Exception:  # a journal that cannot be read shows no marks, never a broken home
            return {}
        return counts

    def _grid(self) -> tuple[int, int, int, int, int, int]:
        w, h = self.size
        cols = 3 if w >= h else 2
        rows = -(-len(GAME_ORDER) // cols)
        gap, margin = self.u(12), self.u(19)
        tools_h = self.u(84)
        top = self.header_h + self.u(34)
        bottom = h - tools_h - self.u(16) - self.u(34)
        tile_w = (w - 2 * margin - (cols - 1) * gap) // cols
        tile_h = min(self.u(150), (bottom - top - (rows - 1) * gap) // rows)
        return cols, tile_w, tile_h, gap, margin, top

    def layout(self) -> None:
        self.buttons = []
        cols, tile_w, tile_h, gap, margin, top = self._grid()
        w, h = self.size
        running = self.running_games()
        for i, key in enumerate(GAME_ORDER):
            entry = GAMES.get(key)
            col, row = i % cols, i // cols
            rect = pygame.Rect(margin + col * (tile_w + gap), top + row * (tile_h + gap), tile_w, tile_h)
            ready = entry is not None and entry.open is not None
            hint = self.t(f"gamehint.{key}") if ready else self.t("common.soon")
            if ready and key in running:  # said in words, and the tile outlined
                hint = "● " + self.tn("home.running", running[key])
            self.buttons.append(Button(rect, self.t(f"game.{key}"), self._opener(key), enabled=ready,
                                       size=self.u(28), sublabel=hint, selected=ready and key in running))
        tools_y = h - self.u(84) - self.u(16)
        self.tools_label_y = tools_y - self.u(30)
        tool_w = min(self.u(250), (w - 2 * margin - gap) // 2)
        self.buttons.append(Button(pygame.Rect(margin, tools_y, tool_w, self.u(84)), "⚄ " + self.t("home.dice"),
                                   self._open_dice, primary=True, size=self.u(30)))
        self.buttons.append(Button(pygame.Rect(w - margin - tool_w, tools_y, tool_w, self.u(84)),
                                   "⚙ " + self.t("home.settings"), self._open_settings, size=self.u(26)))

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
        w, _ = self.size
        if w >= self.u(700):
            draw_text(surface, self.t("app.tagline"), (self.u(20), self.header_h // 2), self.u(18), theme.MUTED,
                      "midleft", max_width=w // 2 - self.u(120), min_size=self.u(16))
        _, _, _, _, margin, top = self._grid()
        draw_text(surface, self.t("home.games"), (margin, top - self.u(28)), self.u(18), theme.MUTED)
        draw_text(surface, self.t("home.tools"), (margin, self.tools_label_y), self.u(18), theme.MUTED)
        for b in self.buttons:
            b.draw(surface)

    @staticmethod
    def offer_resume(app) -> None:
        """At start-up: if unfinished matches can be resumed, ask."""
        from companion.ui.screens.resume import ResumeScreen

        if ResumeScreen.candidates(app):
            app.push(ResumeScreen(app))


def _demo(app) -> HomeScreen:
    """Home with a ChessBall match in progress (its tile shows *in corso*)."""
    from companion.chessball.state import Mode
    from companion.chessball.session import Session

    session = Session.start(app.journal, Mode.COUNTING)
    session.submit({"kind": "kickoff"})
    return HomeScreen(app)


register_screen("home", _demo)
