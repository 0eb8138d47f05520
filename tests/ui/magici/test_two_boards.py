"""Two boards at once: the two-board view, the four team buttons over GPIO, a display per board,
the board following the clock, and the screens' wording."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
from gpiozero.pins.mock import MockFactory

from companion.config import DEFAULT_PINS
from companion.hardware.facade import Hardware
from companion.hardware.protocol import DisplayState
from companion.magici.model import DEFAULT_HOUSES, Side
from companion.magici.timing import MagiciTiming
from companion.ui.input import post_hardware
from companion.ui.magici.boards import TwoBoardsScreen, half_rect
from companion.ui.magici.desk import room
from companion.ui.magici.timer import SWITCH_RECT, TimerScreen

from ..conftest import tap
from .conftest import button, command, key, press


class FakeDisplay:
    def __init__(self) -> None:
        self.shown: list[DisplayState] = []
        self.connected = True

    def show(self, state: DisplayState) -> None:
        self.shown.append(state)


def two_games(app, timing: MagiciTiming | None = None) -> TwoBoardsScreen:
    desks = room(app)
    desks.start(1, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1], timing=timing)
    desks.start(2, DEFAULT_HOUSES[2], DEFAULT_HOUSES[3], first=Side.BLACK, timing=timing)
    screen = TwoBoardsScreen(app)
    app.push(screen)
    return screen


def begin_both(app, screen: TwoBoardsScreen) -> None:
    for board in (1, 2):
        tap(app, *half_rect(board).center)
        press(app, app.top, app.t("magici.timer.start"))
        command(app, "back", source="key")
        assert app.top is screen


def test_the_four_gpio_team_buttons_end_each_boards_moves(magici_app, clock):
    factory = MockFactory()
    pins = {name: DEFAULT_PINS[name] for name in ("button_white", "button_black", "button_white_2", "button_black_2")}
    hardware = Hardware(pins=pins, post=post_hardware, pin_factory=factory, bounce_ms=0, lockout_ms=300,
                        clock=clock)
    try:
        app = magici_app(hardware=hardware)
        screen = two_games(app)
        begin_both(app, screen)

        def push(name: str) -> None:
            pin = factory.pin(pins[name])
            pin.drive_low()
            pin.drive_high()
            for event in pygame.event.get():
                app.feed(event)
            app.tick()

        clock.advance(2_000)
        push("button_white")  # board 1: white ends
        push("button_black_2")  # board 2 (black first): a pair of its own, no shared lock-out
        b1, b2 = room(app).boards.station(1), room(app).boards.station(2)
        assert b1.state.on_move is Side.BLACK and b2.state.on_move is Side.WHITE
        push("button_white_2")  # within board 2's lock-out: a double slap ends one move only
        assert b2.state.turn == 2
        clock.advance(1_000)
        push("button_white_2")
        push("button_black")
        assert (b1.state.turn, b2.state.turn) == (3, 3)
        assert [e.data["source"] for e in b2.log.effective() if e.kind == "magici.move_end"] == ["button", "button"]
    finally:
        hardware.close()


def test_the_keyboard_stand_ins_of_board_two_are_z_and_m(magici_app, clock):
    app = magici_app()
    screen = two_games(app)
    begin_both(app, screen)
    clock.advance(1_000)
    key(app, pygame.K_m, "m")  # board 2's black (first)
    assert room(app).boards.station(2).state.on_move is Side.WHITE
    assert room(app).boards.station(1).state.turn == 1


def test_each_board_has_its_own_serial_display(magici_app, clock):
    one, two = FakeDisplay(), FakeDisplay()
    app = magici_app(hardware=SimpleNamespace(display=one, display_2=two))
    screen = two_games(app)
    begin_both(app, screen)
    assert one.shown[-1].message == DEFAULT_HOUSES[0].name and two.shown[-1].message == DEFAULT_HOUSES[3].name
    clock.advance(1_000)
    app.tick()
    assert one.shown[-1].white_ms == 29_000 and two.shown[-1].black_ms == 29_000


def test_the_two_board_view_shows_both_and_one_tap_opens_and_switches(magici_app, clock):
    app = magici_app()
    screen = two_games(app)
    begin_both(app, screen)
    clock.advance(26_000)
    app.tick()
    assert app.needs_draw
    app.render()  # both halves draw (the alarm on both: 4 s left)
    tap(app, *half_rect(2).center)
    full = app.top
    assert isinstance(full, TimerScreen) and full.desk.board == 2
    switch = button(full, app.t("magici.boards.board", n=1))
    assert switch.rect == SWITCH_RECT and switch.color is not None  # board 1 is in its alarm too: red
    tap(app, *SWITCH_RECT.center)
    assert isinstance(app.top, TimerScreen) and app.top.desk.board == 1
    command(app, "back", source="key")  # back to the two-board view, no confirmation needed
    assert app.top is screen


def test_a_board_alone_is_the_simple_case(magici_app, clock):
    """One game on board 2: board 1's pair of buttons serves it, the other half offers a game."""
    app = magici_app()
    room(app).start(2, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1])
    screen = TwoBoardsScreen(app)
    app.push(screen)
    assert button(screen, app.t("magici.boards.new_game")).rect.colliderect(half_rect(1))
    tap(app, *half_rect(2).center)
    press(app, app.top, app.t("magici.timer.start"))
    clock.advance(1_000)
    command(app, "white")
    assert room(app).boards.station(2).state.on_move is Side.BLACK


def test_leaving_the_station_and_coming_back_says_what_happened_meanwhile(magici_app, clock):
    app = magici_app()
    screen = two_games(app)
    begin_both(app, screen)
    app.pop()  # the referee leaves the station's screens: nobody polls the boards
    clock.advance(45_000)
    app.push(TwoBoardsScreen(app))
    d1 = room(app).desk(1)
    assert d1.message == app.t("magici.timer.catch_up_away.one") == "Mentre eri fuori: 1 scadenza applicata"
    assert room(app).boards.station(1).state.on_move is Side.BLACK


def test_time_out_in_check_under_the_referee_option_stops_the_clocks_and_asks(magici_app, clock):
    from companion.ui.board.magici import MagiciBoardScreen

    app = magici_app()
    screen = two_games(app, timing=MagiciTiming(timeout_in_check="referee"))
    begin_both(app, screen)
    tap(app, *half_rect(1).center)
    full = app.top
    press(app, full, app.t("magici.timer.board"))
    board = app.top
    assert isinstance(board, MagiciBoardScreen)
    for move in ("e2e4", "f7f6", "d1h5"):
        clock.advance(2_000)
        board.play(next(o for o in board.session.options() if str(o.payload) == move))
    clock.advance(30_000)
    app.tick()
    st = room(app).boards.station(1).state
    assert st.paused and st.asking is Side.BLACK and st.result is None
    house = DEFAULT_HOUSES[1].name
    assert room(app).desk(1).message == app.t("magici.timer.check_timeout_ask", house=house)
    # the board agrees: nobody may move while the referee decides
    from companion.rules import Color

    assert board.station.refuse_move(Color.BLACK) == app.t("magici.refused.paused")


def test_house_colour_marks_the_name_never_the_clock_panel(magici_app, clock):
    app = magici_app()
    screen = two_games(app)
    begin_both(app, screen)
    tap(app, *half_rect(1).center)
    full = app.top
    canvas = app.render()
    grifondoro = (174, 0, 1)
    # the clock panel's middle is neutral while time is plenty; the House colour is on its edge
    assert tuple(canvas.get_at((300, 150)))[:3] != grifondoro
    assert tuple(canvas.get_at((18, 250)))[:3] == grifondoro
    clock.advance(25_500)
    app.tick()
    canvas = app.render()
    assert tuple(canvas.get_at((300, 150)))[:3] == (150, 24, 24)  # red: the 5 s alarm only
    assert full.desk.board == 1


def test_the_clock_rulings_are_chosen_on_the_new_game_screen(magici_app, clock):
    from companion.ui.magici.hub import MagiciHubScreen

    app = magici_app()
    app.push(MagiciHubScreen(app))
    press(app, app.top, app.t("magici.hub.new_game"))
    new = app.top
    assert button(new, app.t("magici.new.check_timeout")).sublabel == app.t("magici.new.check_loses")
    press(app, new, app.t("magici.new.check_timeout"))
    press(app, new, app.t("magici.new.spell_pause"))
    assert button(new, app.t("magici.new.check_timeout")).sublabel == app.t("magici.new.check_referee")
    tap(app, *next(b for b in new.buttons if b.sublabel == app.t("magici.side.white")).rect.center)
    press(app, new, app.t("magici.new.start"))
    timing = app.top.station.state.timing
    assert timing.timeout_in_check == "referee" and timing.pause_during_spell is False
    assert app.top.desk.board == 1


def test_the_station_is_driven_by_touch_at_1920x1080_drawn_natively(magici_app, clock):
    """On a 1920×1080 display the two-board view and a board's full view draw at the display's
    own size (no 800×480 canvas scaled up) and a finger reaches what is drawn there: a half
    opens its board, the big clock ends a move, the header switch goes to the other board."""
    app = magici_app(size=(1920, 1080))
    screen = two_games(app)
    assert app.render().get_size() == (1920, 1080)
    half = screen.half(1)
    assert half.width > 900 and half.right < 1920 // 2  # the left half of the whole width
    tap(app, *half.center)
    full = app.top
    assert isinstance(full, TimerScreen) and full.desk.board == 1
    assert app.render().get_size() == (1920, 1080)
    press(app, full, app.t("magici.timer.start"))
    clock.advance(3_000)
    area = full.clock_area()
    assert area.width > 1800 and area.height >= 214 * 2
    tap(app, *area.center)  # the big clock: the end of White's move
    assert full.station.state.on_move is Side.BLACK
    switch = next(b for b in full.buttons if b.on_tap == full.switch_board)
    assert switch.rect == full.switch_rect() and switch.rect.height >= 48 * 2
    tap(app, *switch.rect.center)
    assert isinstance(app.top, TimerScreen) and app.top.desk.board == 2



def test_home_counts_both_boards_games_in_progress(magici_app, clock, tmp_path):
    """Walk: with both boards' games running, the home tile said «partita in corso» (one)."""
    from companion.ui.screens.home import HomeScreen

    def tile_hint(app) -> str:
        home = HomeScreen(app)
        app.push(home)
        return next(b for b in home.buttons if b.label == app.t("game.magici")).sublabel

    for lang, two, one in (("it", "● 2 partite in corso", "● partita in corso"),
                           ("en", "● 2 matches in progress", "● match in progress")):
        app = magici_app(lang=lang, journal_path=tmp_path / f"two-{lang}.db")
        begin_both(app, two_games(app))
        assert tile_hint(app) == two
        alone = magici_app(lang=lang, journal_path=tmp_path / f"one-{lang}.db")
        room(alone).start(1, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1])
        assert tile_hint(alone) == one
