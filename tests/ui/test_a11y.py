"""Every screen, both languages, at 800×480, 720×1280 (on its side) and 1920×1080: no touch
target under 48 px, no text a player must read under 16 px, no text under WCAG AA contrast,
no label cut off with an ellipsis.

The widgets report what they draw (``ui.widgets.recording``): buttons their boxes, every line
of text its font size, colour and the colour behind it; screens report custom touch targets
(the ChessBall lattice's points) with ``report_target``. Sizes are measured on the display, so a
screen scaled up from 800×480 counts scaled and a native screen counts as drawn.

Screens that belong to other work right now and still fail are listed in ``EXPECTED_FAILURES``,
the one place for them, as strict expected failures: a screen that gets fixed turns this test
red until it is taken off the list.
"""

from __future__ import annotations

import pytest

from companion.config import load_config
from companion.ui import theme
from companion.ui.registry import SCREENS, load_all
from companion.ui.screenshot import render_reported
from companion.ui.widgets import MIN_TEXT, MIN_TOUCH

load_all()

SIZES = (((800, 480), 0), ((720, 1280), 90), ((1920, 1080), 0))

# Screens owned elsewhere at the moment (issue 15 is shared): they fail today, and say why.
EXPECTED_FAILURES: dict[str, str] = {
}


def problems_of(name: str, tmp_path) -> list[str]:
    config = load_config(paths=[])
    found: list[str] = []
    for lang in ("it", "en"):
        for size, rotate in SIZES:
            where = f"{lang} {size[0]}x{size[1]}"
            _, report, scale = render_reported(name, lang, size, config, tmp_path, rotate)
            for target in report.targets:
                w, h = target.rect.width * scale, target.rect.height * scale
                if min(w, h) < MIN_TOUCH - 0.5:
                    found.append(f"{where}: touch target {target.label!r} is {w:.0f}×{h:.0f} px")
            for text in report.texts:
                px = text.size * scale
                if px < MIN_TEXT - 0.5:
                    found.append(f"{where}: text {text.text!r} at {px:.0f} px")
                if text.cut:
                    found.append(f"{where}: text cut off: {text.text!r}")
                if text.role == "disabled":
                    continue  # WCAG 1.4.3 exempts inactive controls
                ratio = theme.contrast(text.color, text.background)
                large = px >= 24 or (text.bold and px >= 18.66)
                need = 3.0 if large else 4.5
                if ratio < need:
                    found.append(f"{where}: text {text.text!r} contrast {ratio:.2f} < {need} "
                                 f"({text.color} on {text.background})")
    return found


PARAMS = [pytest.param(name, marks=pytest.mark.xfail(reason=EXPECTED_FAILURES[name], strict=True))
          if name in EXPECTED_FAILURES else name for name in sorted(SCREENS)]


@pytest.mark.parametrize("name", PARAMS)
def test_every_screen_is_big_enough_to_touch_and_read(name, tmp_path):
    found = problems_of(name, tmp_path)
    assert not found, f"{name}: {len(found)} problems\n" + "\n".join(found[:25])


def test_the_expected_failures_name_real_screens():
    assert set(EXPECTED_FAILURES) <= set(SCREENS)


def test_the_checker_sees_a_small_button_and_grey_on_grey():
    """The checker can fail: a 40 px button and low-contrast text are caught."""
    import pygame

    from companion.ui.widgets import Button, draw_text, recording

    surface = pygame.Surface((800, 480))
    surface.fill(theme.PANEL)
    with recording() as report:
        Button(pygame.Rect(0, 0, 120, 40), "OK", lambda: None).draw(surface)
        draw_text(surface, "grey", (200, 200), 14, (70, 76, 90))
    assert report.targets[0].rect.height == 40
    grey = report.texts[-1]
    assert grey.size == 14 and grey.background == theme.PANEL and theme.contrast(grey.color, grey.background) < 3


@pytest.mark.parametrize("colour", ["OK", "WARN", "DANGER"])
def test_the_camera_button_reads_in_full_while_following(colour, tmp_path, monkeypatch):
    """"● Telecamera" fits the board screen's camera button in every state of the camera
    (it was cut to "● Telecam…" at 800×480), in both languages and every size."""
    from companion.ui.vision import switch
    from companion.ui.vision.follow import CameraFollow

    monkeypatch.setattr(switch.FollowWithCamera, "following", property(lambda self: True))
    monkeypatch.setattr(CameraFollow, "status_colour", lambda self: getattr(theme, colour))
    for name in ("clupso-board", "camerlano-board", "duere-board"):
        found = problems_of(name, tmp_path)
        assert not found, f"{name}: " + "\n".join(found[:10])
