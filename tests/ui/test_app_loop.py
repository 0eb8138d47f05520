"""The main loop: events in, frames out, banners for devices that fail, and sleeping when idle."""

import threading

import pygame

from companion.ui.input import post_fault, post_hardware
from companion.ui.screens.dice import DiceScreen
from companion.ui.screens.home import HomeScreen


def test_the_loop_handles_posted_events_then_quits(make_app):
    app = make_app()
    display = pygame.display.set_mode((800, 480))
    app.push(HomeScreen(app))
    post_hardware("button_roll")  # the GPIO roll button on the home screen opens the dice and rolls
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(display)
    assert isinstance(app.top, DiceScreen) and len(app.top.history) == 1


def test_a_press_posted_from_another_thread_reaches_the_screen(make_app):
    app = make_app()
    display = pygame.display.set_mode((800, 480))
    app.push(HomeScreen(app))

    def hardware_thread():
        post_hardware("button_roll")
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    t = threading.Thread(target=hardware_thread)
    t.start()
    t.join()
    app.run(display)
    assert isinstance(app.top, DiceScreen)


def test_a_failing_device_shows_a_banner_until_it_comes_back(make_app):
    app = make_app(lang="en")
    app.push(HomeScreen(app))
    post_fault("button_white", "missing", "pin 22 stopped answering")
    for event in pygame.event.get():
        app.feed(event)
    assert any("button_white" in b.text for b in app.banners)
    app.clock.advance(60_000)
    app.tick()
    assert app.banners, "a device banner stays until the device is back"
    post_fault("button_white", "found")
    for event in pygame.event.get():
        app.feed(event)
    assert not app.banners


def test_a_tap_on_the_banner_dismisses_it(make_app):
    from .conftest import tap

    app = make_app()
    app.push(HomeScreen(app))
    app.show_banner("hello", ms=None)
    tap(app, 400, 470)  # the bottom, where main buttons live, is never under a banner
    assert app.banners
    tap(app, 400, 20)  # the banner covers the header strip: a tap there dismisses it
    assert not app.banners


def test_an_idle_screen_lets_the_loop_sleep_a_whole_second(make_app):
    app = make_app()
    app.push(HomeScreen(app))
    app.render()
    assert app.tick() == 1000 and not app.needs_draw
