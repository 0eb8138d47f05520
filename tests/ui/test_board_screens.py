"""Every registered board screen renders in both languages, at 800x480 and scaled."""

import pygame
import pytest

from companion.config import load_config
from companion.ui.board import games
from companion.ui.registry import SCREENS
from companion.ui.screenshot import render

BOARD_SCREENS = ["duere-board", "duere-options", "magici-board",
                 *[f"{g}-{kind}" for g in games.REGISTERED for kind in ("board", "options")]]


@pytest.mark.parametrize("name", BOARD_SCREENS)
def test_each_board_screen_renders_in_italian_and_english_and_they_differ(name, tmp_path):
    assert name in SCREENS
    shots = {lang: render(name, lang, (800, 480), load_config(paths=[]), tmp_path) for lang in ("it", "en")}
    for image in shots.values():
        assert image.get_size() == (800, 480)
        colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 800, 16) for y in range(0, 480, 16)}
        assert len(colours) > 8
    assert pygame.image.tobytes(shots["it"], "RGB") != pygame.image.tobytes(shots["en"], "RGB")


@pytest.mark.parametrize("size", [(720, 1280), (1920, 1080)])
def test_the_due_re_board_scales_to_other_displays(size, tmp_path):
    image = render("duere-board", "it", size, load_config(paths=[]), tmp_path)
    assert image.get_size() == size
