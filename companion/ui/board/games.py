"""Registers every touch board: Due Re, the Magici board, and each grid game the rules engine
knows among Elolbia, Clupso and Camerlano (a generic :class:`GameScreen` works from the
engine's data alone: geometry, pieces, legal moves, multi-square moves, choices).

The app imports this one module (``companion.ui.screens.__init__``) to get them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.core.journal import MatchLog
from companion.rules import VARIANT_NAMES
from companion.ui.board import duere, magici  # noqa: F401  (they register themselves)
from companion.ui.board.options import OptionsScreen
from companion.ui.board.screen import GameScreen
from companion.rules.session import BoardSession
from companion.ui.registry import GameEntry, register_game, register_screen
from companion.ui.screen import Screen

if TYPE_CHECKING:
    from companion.app import App

GENERIC_GAMES: dict[str, int] = {"elolbia": 3, "clupso": 4, "camerlano": 5}  # key -> home order
DEMO_PLIES = 6


def opener(game: str):  # type: ignore[no-untyped-def]
    def open_game(app: "App") -> Screen:
        """The unfinished game of this kind if there is one, else the rule options of a new one."""
        match = app.journal.latest_unfinished(game)
        if match is not None:
            return GameScreen(app, BoardSession.open(match))

        def start(options: dict[str, Any]) -> None:
            app.replace(GameScreen(app, BoardSession.new(app.journal, game, options=options or None)))
        return OptionsScreen(app, game, start)
    return open_game


def resumer(app: "App", match: MatchLog) -> GameScreen:
    return GameScreen(app, BoardSession.open(match))


def demo(game: str):  # type: ignore[no-untyped-def]
    def make(app: "App") -> GameScreen:
        """A game in progress: a few moves in, a piece touched to show its targets."""
        session = BoardSession.new(app.journal, game)
        for i in range(DEMO_PLIES):
            options = session.options()
            if not options:
                break
            session.play(options[(7 * i + 3) % len(options)])
        screen = GameScreen(app, session)
        screen.layout()
        movable = sorted({o.cells[0] for o in session.options()})
        if movable:
            screen.select(movable[len(movable) // 2])
        return screen
    return make


def options_demo(game: str):  # type: ignore[no-untyped-def]
    def make(app: "App") -> OptionsScreen:
        return OptionsScreen(app, game, lambda options: None)
    return make


def register_generic_games() -> list[str]:
    """Register a home tile and a screenshot for each generic game the engine has."""
    done = []
    for game, order in GENERIC_GAMES.items():
        if game in VARIANT_NAMES:
            register_game(GameEntry(key=game, order=order, open=opener(game), resume=resumer))
            register_screen(f"{game}-board", demo(game))
            register_screen(f"{game}-options", options_demo(game))
            done.append(game)
    return done


REGISTERED = register_generic_games()
