"""What the home screen offers, and which screens ``companion screenshot`` can render.

Game packages register themselves here, so the shell needs no edit when a game arrives:

* :func:`register_game`: a tile on the home screen; ``open`` makes its first screen, and
  ``resume`` (optional) reopens an unfinished match from the journal at start-up.
* :func:`register_screen`: a named screen in a representative state, for screenshots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.app import App
    from companion.core.journal import MatchLog
    from companion.ui.screen import Screen


@dataclass(frozen=True)
class GameEntry:
    key: str  # "chessball", "duere", ... also the journal's game name
    order: int
    open: Callable[["App"], "Screen"] | None = None
    resume: Callable[["App", "MatchLog"], "Screen"] | None = None
    # At start-up, before the resume offer: a game whose clocks run by themselves (the Magici
    # station) takes up its unfinished matches at once, so no time-out waits for a first tap.
    start: Callable[["App"], None] | None = None


GAMES: dict[str, GameEntry] = {}
SCREENS: dict[str, Callable[["App"], "Screen"]] = {}

# The six games in the order the home screen lists them; a game with no screen yet shows as such.
GAME_ORDER = ("chessball", "duere", "magici", "elolbia", "clupso", "camerlano")


def register_game(entry: GameEntry) -> None:
    GAMES[entry.key] = entry


def register_screen(name: str, factory: Callable[["App"], "Screen"]) -> None:
    if name in SCREENS and SCREENS[name] is not factory:
        raise ValueError(f"screen {name!r} registered twice")
    SCREENS[name] = factory


def load_all() -> None:
    """Import every screen package so that they register themselves.

    ``companion.ui.screens`` (the shell's screens) and every other package under
    ``companion.ui`` (``board``, ``chessball``, ``magici``...): each package's ``__init__``
    imports its screen modules.
    """
    import importlib
    import pkgutil

    import companion.ui as ui
    import companion.ui.screens  # noqa: F401  (its __init__ imports the shell's screens)

    for info in pkgutil.iter_modules(ui.__path__):
        if info.ispkg:
            importlib.import_module(f"companion.ui.{info.name}")
