"""One input layer: touch, mouse, keys and GPIO become the same actions."""

import pygame

from companion.ui.display import Viewport
from companion.ui.input import HW_EVENT, InputLayer, Kind


def kinds(actions):
    return [(a.kind, a.pos, a.name) for a in actions]


def test_a_real_mouse_click_is_a_press_release_and_tap():
    layer = InputLayer(Viewport((800, 480)))
    out = layer.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 200), button=1, touch=False))
    out += layer.translate(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(104, 203), button=1, touch=False))
    assert [a.kind for a in out] == [Kind.PRESS, Kind.RELEASE, Kind.TAP]
    assert out[-1].pos == (100, 200) and out[-1].source == "mouse"


def test_sdls_mouse_copy_of_a_touch_is_dropped():
    layer = InputLayer(Viewport((800, 480)))
    assert layer.translate(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1, touch=True)) == []


def test_a_drag_is_not_a_tap():
    layer = InputLayer(Viewport((800, 480)))
    layer.translate(pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.1, finger_id=1, touch_id=1))
    moved = layer.translate(pygame.event.Event(pygame.FINGERMOTION, x=0.3, y=0.1, finger_id=1, touch_id=1))
    up = layer.translate(pygame.event.Event(pygame.FINGERUP, x=0.3, y=0.1, finger_id=1, touch_id=1))
    assert moved[0].kind is Kind.MOVE and [a.kind for a in up] == [Kind.RELEASE]


def test_a_touch_on_a_rotated_portrait_display_lands_on_the_right_logical_point():
    # Touch Display 2: 720x1280 portrait, picture turned 90 degrees clockwise
    vp = Viewport((720, 1280), 90)
    layer = InputLayer(vp)
    # the logical top-left corner (0, 0) is drawn at the display's top-right, below the bar
    px, py = 719 - 3, 40 + 3
    out = layer.translate(pygame.event.Event(pygame.FINGERDOWN, x=px / 720, y=py / 1280, finger_id=0, touch_id=1))
    x, y = out[0].pos
    assert x <= 4 and y <= 4


def test_a_second_finger_is_ignored_while_the_first_is_down():
    layer = InputLayer(Viewport((800, 480)))
    assert layer.translate(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=1, touch_id=1))
    assert layer.translate(pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.1, finger_id=2, touch_id=1)) == []


def test_a_lost_finger_up_does_not_disable_touch_for_ever(monkeypatch):
    import companion.ui.input as input_module

    now = [1000.0]
    monkeypatch.setattr(input_module.time, "monotonic", lambda: now[0])
    layer = InputLayer(Viewport((800, 480)))
    layer.translate(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, finger_id=1, touch_id=1))
    now[0] += 5  # the FINGERUP never came
    out = layer.translate(pygame.event.Event(pygame.FINGERDOWN, x=0.1, y=0.1, finger_id=2, touch_id=1))
    assert out and out[0].kind is Kind.PRESS


def test_a_touch_on_the_letterbox_bars_is_ignored():
    layer = InputLayer(Viewport((1920, 1080)))  # picture 1800 wide, 60 px bars at the sides
    assert layer.translate(pygame.event.Event(pygame.FINGERDOWN, x=20 / 1920, y=0.5, finger_id=0, touch_id=1)) == []


def test_keys_and_gpio_buttons_become_the_same_commands():
    layer = InputLayer(Viewport((800, 480)))
    key = layer.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0, scancode=0))
    gpio = layer.translate(pygame.event.Event(HW_EVENT, name="button_white"))
    assert (key[0].kind, key[0].name) == (gpio[0].kind, gpio[0].name) == (Kind.COMMAND, "white")
    assert key[0].source == "key" and gpio[0].source == "gpio"
