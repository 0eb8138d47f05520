"""The logical canvas reaches any display, rotated in the app; touches map back exactly."""

import pygame
import pytest

from companion.ui.display import Viewport


@pytest.mark.parametrize("physical,rotate", [((800, 480), 0), ((720, 1280), 90), ((720, 1280), 270),
                                              ((1920, 1080), 0), ((800, 480), 180), ((1280, 720), 90)])
def test_a_pixel_drawn_on_the_canvas_maps_back_to_itself(physical, rotate):
    vp = Viewport(physical, rotate)
    canvas = pygame.Surface((800, 480))
    for lx, ly in [(100, 60), (700, 400), (400, 240), (20, 450)]:
        canvas.fill((0, 0, 0))
        pygame.draw.circle(canvas, (255, 0, 0), (lx, ly), 6)
        out = pygame.Surface(physical)
        vp.present(canvas, out)
        # find the red blob's centre on the display
        xs, ys = [], []
        for px in range(0, physical[0], 2):
            for py in range(0, physical[1], 2):
                r, g, b, *_ = out.get_at((px, py))
                if r > 200 and g < 60:
                    xs.append(px)
                    ys.append(py)
        assert xs, "marker not drawn"
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        mx, my = vp.to_logical(cx, cy)
        assert abs(mx - lx) <= 3 and abs(my - ly) <= 3


def test_portrait_touch_display_2_scales_the_layout_and_letterboxes():
    vp = Viewport((720, 1280), 90)
    assert vp.scale == 1.5 and vp.picture == (720, 1200) and vp.offset == (0, 40)


def test_full_hd_landscape_letterboxes_at_the_sides():
    vp = Viewport((1920, 1080), 0)
    assert vp.scale == 2.25 and vp.picture == (1800, 1080) and vp.offset == (60, 0)


def test_a_rotation_that_is_not_a_right_angle_is_refused():
    with pytest.raises(ValueError):
        Viewport((800, 480), 45)
