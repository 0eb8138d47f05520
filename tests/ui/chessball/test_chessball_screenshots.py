"""Every ChessBall screen renders in a mid-match demo state, in Italian and in English."""

from __future__ import annotations

import pygame
import pytest

import companion.ui.chessball  # noqa: F401  (registers the screens)
from companion.config import load_config
from companion.ui.registry import GAMES, SCREENS
from companion.ui.screenshot import render

NAMES = sorted(name for name in SCREENS if name.startswith("chessball-"))


def test_the_home_tile_and_every_screen_are_registered():
    assert GAMES["chessball"].open is not None and GAMES["chessball"].resume is not None
    assert {"chessball-tracker", "chessball-counting", "chessball-shot", "chessball-substitution",
            "chessball-tackle", "chessball-roll", "chessball-setup", "chessball-kickoff", "chessball-keeper",
            "chessball-full-time", "chessball-history"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_screen_renders_readably_in_both_languages(name, tmp_path):
    config = load_config(paths=[])
    shots = {lang: render(name, lang, (800, 480), config, tmp_path) for lang in ("it", "en")}
    for lang, surface in shots.items():
        assert surface.get_size() == (800, 480)
        colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 800, 16) for y in range(0, 480, 16)}
        assert len(colours) > 6, f"{name}-{lang} looks empty"
    assert pygame.image.tobytes(shots["it"], "RGB") != pygame.image.tobytes(shots["en"], "RGB")


def test_the_tracker_demo_is_a_match_in_progress(make_app):
    app = make_app()
    screen = SCREENS["chessball-tracker"](app)
    s = screen.state
    assert s.turn > 1 and sum(s.score.values()) > 0 and s.phase.value == "moves"
    assert screen.choice.preview is not None  # a move being chosen, with its path and cost
