"""The game timer screen driven like a referee would: touches, keys and the teams' GPIO buttons."""

from __future__ import annotations

import pygame
from gpiozero.pins.mock import MockFactory

from companion.hardware.facade import Hardware
from companion.hardware.outputs import BeepPattern, LedState
from companion.magici.model import DEFAULT_HOUSES, Side
from companion.magici.station import RefereeStation
from companion.ui.input import post_hardware
from companion.ui.magici.common import GAME
from companion.ui.magici.hub import MagiciHubScreen
from companion.ui.magici.newgame import NewGameScreen
from companion.ui.magici.timer import CLOCK_AREA, TimerScreen
from companion.ui.screens.home import HomeScreen

from ..conftest import tap
from .conftest import button, command, key, press


def kinds(app) -> list[str]:
    log = app.journal.latest_unfinished(GAME) or app.journal.matches(game=GAME)[0] and app.journal.match(
        app.journal.matches(game=GAME)[0].id)
    return [e.kind for e in log.effective()]


def start_game(app, first: Side = Side.WHITE) -> TimerScreen:
    log = app.journal.new_match(GAME, title="Grifondoro – Serpeverde")
    RefereeStation.new(log, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1], first=first, army={Side.WHITE: "KQRRP",
                                                                                  Side.BLACK: "KBBNPPP"})
    screen = TimerScreen(app, log)
    app.push(screen)
    press(app, screen, app.t("magici.timer.start"))
    return screen


def test_the_home_tile_opens_the_magici_hub(magici_app):
    app = magici_app()
    app.push(HomeScreen(app))
    tile = button(app.top, app.t("game.magici"))
    tap(app, *tile.rect.center)
    assert isinstance(app.top, MagiciHubScreen)


def test_a_new_game_by_touch_tosses_the_coin_and_starts_the_clocks(magici_app, clock):
    app = magici_app()
    app.push(HomeScreen(app))
    app.push(MagiciHubScreen(app))
    press(app, app.top, app.t("magici.hub.new_game"))
    assert isinstance(app.top, NewGameScreen)
    assert not button(app.top, app.t("magici.new.start")).enabled  # no first mover yet
    press(app, app.top, "Tassorosso")  # white: Tassorosso
    press(app, app.top, "◐ " + app.t("magici.new.toss"))
    first = app.top.first
    assert first is not None
    press(app, app.top, app.t("magici.new.start"))
    timer = app.top
    assert isinstance(timer, TimerScreen)
    st = timer.station.state
    assert st.white.name == "Tassorosso" and st.black.name == "Serpeverde" and st.first is first
    tap(app, *CLOCK_AREA.center)  # a tap on the big clock before the start starts it
    assert timer.station.state.begun and timer.station.state.on_move is first


def test_a_tap_on_the_big_clock_ends_the_move(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    clock.advance(4_000)
    tap(app, *CLOCK_AREA.center)
    st = screen.station.state
    assert st.on_move is Side.BLACK and st.turn == 2
    assert kinds(app)[-1] == "magici.move_end"
    assert screen.station.view().move_remaining_ms == 30_000


def test_thirty_seconds_run_out_and_the_turn_passes_and_is_journaled(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    clock.advance(29_999)
    app.tick()
    assert screen.station.state.on_move is Side.WHITE
    clock.advance(1)
    app.tick()
    assert screen.station.state.on_move is Side.BLACK
    assert kinds(app)[-1] == "magici.timeout"
    assert app.t("magici.timer.expired", house="Grifondoro") == screen.message


def test_the_teams_gpio_buttons_end_their_own_moves_only(magici_app, clock):
    factory = MockFactory()
    hardware = Hardware(pins={"button_white": 5, "button_black": 6}, post=post_hardware, pin_factory=factory,
                        bounce_ms=0, lockout_ms=0)
    try:
        app = magici_app(hardware=hardware)
        screen = start_game(app)

        def push(pin: int) -> None:
            factory.pin(pin).drive_low()
            factory.pin(pin).drive_high()
            for event in pygame.event.get():
                app.feed(event)
            app.tick()

        clock.advance(3_000)
        push(6)  # black's button while white is on move: refused, said
        assert screen.station.state.on_move is Side.WHITE
        assert screen.message == app.t("magici.refused.not_on_move")
        push(5)
        assert screen.station.state.on_move is Side.BLACK
        source = [e.data["source"] for e in app.journal.latest_unfinished(GAME).effective()
                  if e.kind == "magici.move_end"]
        assert source == ["button"]
        clock.advance(2_000)
        push(6)
        assert screen.station.state.on_move is Side.WHITE and screen.station.state.turn == 3
    finally:
        hardware.close()


def test_a_double_press_ends_one_move_only(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    clock.advance(5_000)
    command(app, "white")
    clock.advance(80)
    command(app, "white")  # the same team again: not its move any more
    assert screen.station.state.turn == 2
    clock.advance(5_000)
    key(app, pygame.K_RETURN)  # Enter: the team on move (black)
    clock.advance(120)
    key(app, pygame.K_RETURN)  # a second Enter at once: locked out, white's move is not ended
    st = screen.station.state
    assert st.turn == 3 and st.on_move is Side.WHITE
    assert screen.message == app.t("magici.refused.locked_out")
    assert kinds(app).count("magici.move_end") == 2


def test_pause_stops_both_clocks_and_resume_goes_on(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    clock.advance(6_000)
    press(app, screen, app.t("magici.timer.pause"))
    before = screen.station.view()
    assert screen.wake_in_ms() is None  # nothing changes while paused: the loop sleeps
    clock.advance(60_000)
    app.tick()
    view = screen.station.view()
    assert (view.move_remaining_ms, view.game_remaining_ms) == (before.move_remaining_ms, before.game_remaining_ms)
    command(app, "white")  # a press while paused is refused
    assert screen.station.state.turn == 1
    press(app, screen, app.t("magici.timer.resume"))
    clock.advance(1_000)
    assert screen.station.view().move_remaining_ms == 23_000


def test_the_referee_corrects_a_clock(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    clock.advance(10_000)
    press(app, screen, app.t("magici.timer.correct"))
    correction = app.top
    press(app, correction, "+5 s")
    press(app, correction, "+1 s")
    press(app, correction, "−1:00")
    press(app, correction, app.t("magici.correct.apply"))
    assert app.top is screen
    view = screen.station.view()
    assert view.move_remaining_ms == 26_000
    assert view.game_remaining_ms == 20 * 60_000 - 10_000 - 60_000
    assert kinds(app)[-2:] == ["magici.begin", "magici.correct"]  # one correction, one event, one undo
    press(app, screen, app.t("magici.timer.undo"))
    assert screen.station.view().move_remaining_ms == 20_000
    assert "20 → 26" not in screen.message and app.t("magici.undo.kind.correct") in screen.message


def test_undo_takes_back_a_move_and_restores_the_clocks(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    clock.advance(8_000)
    command(app, "white")
    clock.advance(3_000)
    press(app, screen, app.t("magici.timer.undo"))
    st, view = screen.station.state, screen.station.view()
    assert st.on_move is Side.WHITE and st.turn == 1
    assert view.move_remaining_ms == 22_000  # as it was when the press came; running on from now
    assert view.game_remaining_ms == 20 * 60_000 - 8_000
    assert screen.message == " · ".join([app.t("magici.undo.undone", what=app.t("magici.undo.kind.move_end",
                                                                                 house="Grifondoro")),
                                         app.t("magici.undo.move_clock", before="27", after="22"),
                                         app.t("magici.undo.game_clock", before="19:49", after="19:52")])
    key(app, pygame.K_u, "u")  # U undoes too: the start needs a confirmation
    assert screen.station.state.begun and screen.message == app.t("magici.refused.confirm_start")
    assert button(screen, app.t("magici.timer.undo_start"))
    key(app, pygame.K_u, "u")
    assert not screen.station.state.begun
    press(app, screen, app.t("magici.timer.redo"))  # redo gives the start back
    assert screen.station.state.begun
    press(app, screen, app.t("magici.timer.redo"))  # and white's move end
    assert screen.station.state.turn == 2


def test_twenty_minutes_end_the_game_as_a_draw(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    for _ in range(60):  # each team ends its moves in 20 s
        clock.advance(20_000)
        app.tick()
        tap(app, *CLOCK_AREA.center)
    app.tick()
    st = screen.station.state
    assert st.result is not None and st.result.kind.value == "draw_time"
    assert app.journal.latest_unfinished(GAME) is None  # the match is finished in the journal
    assert button(screen, app.t("magici.timer.result")).primary
    assert screen.wake_in_ms() is None


def test_the_loop_wakes_when_the_digits_change_or_a_cue_is_due(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    assert screen.wake_in_ms() == 1_000
    clock.advance(400)
    assert screen.wake_in_ms() == 600
    clock.advance(19_600 - 1)  # 10.001 s left: the 10 s cue is 1 ms away
    assert screen.wake_in_ms() == 1
    app.render()
    clock.advance(1)
    app.tick()
    assert app.needs_draw  # the digits changed: redraw
    app.render()
    app.tick()
    assert not app.needs_draw  # nothing new within the same second


def test_cues_sound_beep_and_light_the_side_to_move(magici_app, clock):
    factory = MockFactory()
    hardware = Hardware(pins={"led_white": 20, "led_black": 21, "buzzer": 22}, post=post_hardware,
                        pin_factory=factory)
    try:
        app = magici_app(hardware=hardware)
        screen = start_game(app)
        assert hardware.leds.state("led_white") is LedState.ON and hardware.leds.state("led_black") is LedState.OFF
        clock.advance(20_000)
        app.tick()  # 10 s left
        clock.advance(5_000)
        app.tick()  # 5 s left
        clock.advance(5_000)
        app.tick()  # expired: black to move
        assert app.sound.played[-4:] == ["beep", "double_beep", "long_beep", "tap"]
        assert hardware.buzzer.patterns[-4:] == [BeepPattern.SHORT, BeepPattern.DOUBLE, BeepPattern.LONG,
                                                 BeepPattern.SHORT]
        assert hardware.leds.state("led_black") is LedState.ON and hardware.leds.state("led_white") is LedState.OFF
        press(app, screen, app.t("magici.timer.pause"))
        assert hardware.leds.state("led_black") is LedState.OFF
    finally:
        hardware.close()


def test_after_a_power_cut_the_game_resumes_with_the_time_that_really_passed(magici_app, clock, tmp_path):
    path = tmp_path / "cut.db"
    app = magici_app(journal_path=path)
    screen = start_game(app)
    clock.advance(2_600)
    command(app, "white")
    clock.advance(10_000)  # black has 20 s left... and the plug is pulled
    app.journal.close()
    clock.advance(65_000)  # off for 65 s: black's 20 s ran out, then white's 30 s, then black 15 s in
    again = magici_app(journal_path=path)
    again.push(HomeScreen(again))
    HomeScreen.offer_resume(again)
    press(again, again.top, again.t("resume.resume"))
    resumed = again.top
    assert isinstance(resumed, TimerScreen)
    again.tick()
    st = resumed.station.state
    assert st.on_move is Side.BLACK and st.turn == 4
    assert resumed.station.view().move_remaining_ms == 15_000
    assert resumed.message == again.t("magici.timer.catch_up_off.many", n=2)
    assert [e.kind for e in resumed.log.effective()].count("magici.timeout") == 2


def test_the_teams_buttons_still_work_while_the_referee_has_a_form_open(magici_app, clock):
    app = magici_app()
    screen = start_game(app)
    press(app, screen, app.t("magici.timer.correct"))
    clock.advance(4_000)
    command(app, "white")
    assert screen.station.state.on_move is Side.BLACK
    assert app.top is not screen  # the correction form stays open


def test_leaving_the_magici_screens_takes_one_tap_and_the_clocks_go_on_at_home(magici_app, clock):
    """Back to the home screen with a game running: one tap, a banner says the games go on, and
    they do: on the home screen (no Magici screen left in the stack) the 30 s run out on time,
    the turn passes with its long beep and the buzzer, and the journal has the pass."""
    from companion.ui.magici.outputs import BeepPattern

    class Buzzer:
        def __init__(self) -> None:
            self.beeps: list[object] = []

        def beep(self, pattern: object) -> None:
            self.beeps.append(pattern)

    class Hardware:
        buzzer = Buzzer()

    app = magici_app(hardware=Hardware())
    app.push(HomeScreen(app))
    screen = start_game(app)  # resumed straight from the home screen
    tap(app, *screen.buttons[0].rect.center)
    assert isinstance(app.top, HomeScreen) and len(app.stack) == 1
    assert app.banners[-1].text == app.t("magici.timer.leave_hint")
    station = screen.station
    assert app.tick() <= 1_000  # the loop wakes for the clocks even with no station screen open
    app.sound.played.clear()
    clock.advance(29_000)
    app.tick()
    assert station.state.on_move is Side.WHITE and "long_beep" not in app.sound.played
    clock.advance(1_000)
    app.tick()  # the 30 s run out on the home screen: the turn passes on time
    assert station.state.on_move is Side.BLACK and station.state.passed_turns == ((1, Side.WHITE),)
    assert "long_beep" in app.sound.played and BeepPattern.LONG in Hardware.buzzer.beeps
    assert [e.kind for e in station.log.effective()].count("magici.timeout") == 1
    assert isinstance(app.top, HomeScreen)


def test_the_hub_keeps_the_clocks_running_and_leaving_it_takes_one_tap(magici_app, clock):
    app = magici_app()
    app.push(HomeScreen(app))
    app.push(MagiciHubScreen(app))
    screen = start_game(app)
    command(app, "back", source="key")  # back to the hub: one tap, the boards keep running there
    hub = app.top
    assert isinstance(hub, MagiciHubScreen)
    clock.advance(4_000)
    command(app, "white")  # a team's button on the hub still ends its move
    assert screen.station.state.on_move is Side.BLACK
    clock.advance(30_000)
    app.tick()  # and the 30 s still run out there
    assert screen.station.state.passed_turns == ((2, Side.BLACK),)
    command(app, "back", source="key")
    assert isinstance(app.top, HomeScreen) and app.banners[-1].text == app.t("magici.timer.leave_hint")


def test_a_game_the_journal_cannot_replay_opens_the_hub_with_a_banner(magici_app):
    from companion.ui.magici.hub import open_game

    app = magici_app()
    log = app.journal.new_match(GAME, title="broken")
    log.append("magici.begin", {})  # no setup before it
    screen = open_game(app, log)
    assert isinstance(screen, MagiciHubScreen)
    assert "setup" in app.banners[-1].text


def test_a_correction_never_lands_on_the_next_teams_move(magici_app, clock):
    """Walk: Grifondoro had 2 s, the referee opened Correggi and added 10 s; the 30 s ran out
    before Applica and the +10 s went to Serpeverde's fresh move (40 s). A move correction is
    for the move it was made for: when the turn changes under the form it is dropped, said so,
    and the game-clock part (one clock for both) is kept."""
    app = magici_app()
    screen = start_game(app)
    clock.advance(28_000)
    app.tick()
    press(app, screen, app.t("magici.timer.correct"))
    correction = app.top
    press(app, correction, "+10 s")
    press(app, correction, "+1:00")
    clock.advance(2_000)  # Grifondoro's 30 s run out while the referee is still on the form
    app.tick()
    assert screen.station.state.on_move is Side.BLACK
    assert app.top is correction
    assert app.t("magici.correct.turn_changed", house="Serpeverde") == correction.notice
    press(app, correction, app.t("magici.correct.apply"))
    assert app.top is screen
    view = screen.station.view()
    assert view.move_remaining_ms == 30_000  # Serpeverde's move untouched, not 40 s
    assert view.game_remaining_ms == 20 * 60_000 - 30_000 + 60_000
    assert kinds(app)[-2:] == ["magici.timeout", "magici.correct"]


def test_a_correction_applied_as_the_clock_runs_out_is_not_given_to_the_other_team(magici_app, clock):
    """The 30 s run out between the last frame and the tap on Applica: the form notices on the
    tap itself, stays open with the reason, and nothing is written."""
    app = magici_app()
    screen = start_game(app)
    clock.advance(25_000)
    app.tick()
    press(app, screen, app.t("magici.timer.correct"))
    correction = app.top
    press(app, correction, "+5 s")
    clock.advance(5_000)  # no frame in between: the tap is the first to see the time-out
    press(app, correction, app.t("magici.correct.apply"))
    assert screen.station.state.on_move is Side.BLACK
    assert app.top is correction
    assert "magici.correct" not in kinds(app)
    assert screen.station.view().move_remaining_ms == 30_000
    assert not button(correction, app.t("magici.correct.apply")).enabled  # nothing left to apply


def test_after_a_power_cut_the_clocks_run_from_the_boot_not_from_the_first_tap(magici_app, clock, tmp_path):
    """Walk: after the restart the station showed «Partite da riprendere» and nothing ran until
    the referee tapped Riprendi: no pass on time, no beep, the teams' buttons dead, and the event
    page showed 0:00 on both boards. The boards' games are live at start-up, under the list."""
    from companion.app import start_up_checks
    from companion.ui.screens.resume import ResumeScreen

    path = tmp_path / "cut.db"
    app = magici_app(journal_path=path)
    start_game(app)
    clock.advance(10_000)
    app.journal.close()  # the plug is pulled with Grifondoro 20 s from time
    clock.advance(25_000)  # back 25 s later: Grifondoro's time ran out 15 s ago, Serpeverde's runs
    again = magici_app(journal_path=path)
    again.push(HomeScreen(again))
    start_up_checks(again)
    assert isinstance(again.top, ResumeScreen)  # the list is still offered...
    again.tick()
    match = again.journal.matches(game=GAME)[0]
    kinds_now = [e.kind for e in again.journal.match(match.id).effective()]
    assert kinds_now.count("magici.timeout") == 1  # ...but the clocks already ran on, under it
    clock.advance(3_000)
    command(again, "black")  # Serpeverde's button ends its move with the list still shown
    kinds_now = [e.kind for e in again.journal.match(match.id).effective()]
    assert kinds_now[-1] == "magici.move_end"
    assert isinstance(again.top, ResumeScreen)


def test_a_game_whose_setup_makes_no_sense_is_set_aside_and_the_other_board_runs(magici_app, clock, tmp_path):
    """A journal damaged or written by hand: the game on board 2 has a number for its army. The
    station stopped with a traceback at every boot; it now names that game, sets it aside (kept)
    and runs board 1's game, whose clocks go on."""
    from companion.app import start_up_checks
    from companion.ui.magici.desk import room

    path = tmp_path / "bad.db"
    app = magici_app(journal_path=path)
    start_game(app)
    good = app.journal.matches(game=GAME)[0]
    bad = app.journal.new_match(GAME, meta={"board": 2})
    bad.append("magici.setup", {"white": {"name": "A"}, "black": {"name": "B"}, "army": 5})
    app.journal.close()
    again = magici_app(journal_path=path, lang="en")
    again.push(HomeScreen(again))
    start_up_checks(again)
    assert bad.id in again.journal.aside
    assert f"Match {bad.id} (Scacchi Magici) cannot be read" in again.banners[-1].text
    boards = room(again).boards
    assert boards.station(2) is None and boards.station(1).log.id == good.id
    again.tick()
    clock.advance(3_000)
    command(again, "white")  # board 1's team ends its move: its game runs
    assert [e.kind for e in again.journal.match(good.id).effective()][-1] == "magici.move_end"
    rows = again.journal._conn.execute("SELECT COUNT(*) FROM events WHERE match_id = ?", (bad.id,)).fetchone()[0]
    assert rows == 1  # kept, never deleted
    # ... and set aside for this run only: a version whose station replays it finds it again
    assert again.journal._conn.execute("SELECT COUNT(*) FROM set_aside").fetchone()[0] == 0
