"""`companion screenshot` renders every screen in both languages, readable and different."""

import subprocess
import sys

import pygame
import pytest

from companion.ui.registry import SCREENS, load_all


@pytest.mark.slow
def test_screenshot_all_writes_one_png_per_screen_and_language(tmp_path):
    out = subprocess.run([sys.executable, "-m", "companion", "screenshot", "--all", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    load_all()
    for name in SCREENS:
        for lang in ("it", "en"):
            path = tmp_path / f"{name}-{lang}.png"
            assert path.is_file(), path
            image = pygame.image.load(str(path))
            assert image.get_size() == (800, 480)
            # not blank: a screen shows many colours (text, buttons)
            colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 800, 16) for y in range(0, 480, 16)}
            assert len(colours) > 4, f"{path} looks empty"


def test_the_two_languages_really_differ(tmp_path):
    subprocess.run([sys.executable, "-m", "companion", "screenshot", "--screen", "home", "--out", str(tmp_path)],
                   check=True, timeout=120)
    it = pygame.image.load(str(tmp_path / "home-it.png"))
    en = pygame.image.load(str(tmp_path / "home-en.png"))
    assert pygame.image.tobytes(it, "RGB") != pygame.image.tobytes(en, "RGB")


def test_an_unknown_screen_name_exits_2_and_lists_the_names(tmp_path):
    out = subprocess.run([sys.executable, "-m", "companion", "screenshot", "--screen", "nope", "--out",
                          str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "dice" in out.stderr


def test_a_projector_size_is_rendered_at_that_size(tmp_path):
    subprocess.run([sys.executable, "-m", "companion", "screenshot", "--screen", "dice", "--lang", "en",
                    "--size", "1920x1080", "--out", str(tmp_path)], check=True, timeout=120)
    assert pygame.image.load(str(tmp_path / "dice-en.png")).get_size() == (1920, 1080)


def test_the_narrowest_size_accepted_still_draws_the_camera_screen(tmp_path):
    out = subprocess.run([sys.executable, "-m", "companion", "screenshot", "--screen", "camera", "--lang", "en",
                          "--size", "100x480", "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr  # (ValueError: Cannot scale to negative size, before)
    assert pygame.image.load(str(tmp_path / "camera-en.png")).get_size() == (100, 480)


def test_an_out_that_is_a_file_exits_2_naming_it(tmp_path):
    (tmp_path / "shots").write_text("not a folder")
    out = subprocess.run([sys.executable, "-m", "companion", "screenshot", "--screen", "dice", "--lang", "en",
                          "--out", str(tmp_path / "shots")], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and f"--out {tmp_path / 'shots'}: not a folder" in out.stderr
    assert "Traceback" not in out.stderr
