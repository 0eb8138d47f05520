"""The touch board and the referee station together: the teams' buttons pressed while the board
is shown end their moves at the station, and a turn the station passes on time (or the game
time running out) is followed on the board."""

from __future__ import annotations

import io
from pathlib import Path

import chess.pgn
import pygame
from gpiozero.pins.mock import MockFactory

from companion.hardware.facade import Hardware
from companion.magici.model import DEFAULT_HOUSES, Side
from companion.magici.station import RefereeStation
from companion.magici.timing import MagiciTiming
from companion.rules import Color
from companion.ui.board.export import magici_pgn
from companion.ui.board.magici import MagiciBoardScreen
from companion.ui.input import post_hardware
from companion.ui.magici.common import GAME
from companion.ui.magici.timer import TimerScreen
from companion.ui.screen import plural

from ..conftest import tap
from .conftest import command, key, press


def open_board(app, timing: MagiciTiming | None = None) -> tuple[TimerScreen, MagiciBoardScreen]:
    """A started game (Grifondoro white, on move) with its touch board open on top."""
    log = app.journal.new_match(GAME, title="Grifondoro – Serpeverde")
    RefereeStation.new(log, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1], timing=timing)
    timer = TimerScreen(app, log)
    app.push(timer)
    press(app, timer, app.t("magici.timer.start"))
    press(app, timer, app.t("magici.timer.board"))
    board = app.top
    assert isinstance(board, MagiciBoardScreen) and board.station is timer.board_panel
    return timer, board


def play(app, board: MagiciBoardScreen, move: str) -> None:
    tap(app, *board.view.cell_rect(move[:2]).center)
    tap(app, *board.view.cell_rect(move[2:4]).center)


def move_ends(app) -> list[tuple[str, str]]:
    log = app.journal.latest_unfinished(GAME)
    return [(e.data["side"], e.data["source"]) for e in log.effective() if e.kind == "magici.move_end"]


def test_the_team_button_on_the_board_ends_that_teams_move_at_the_station(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = open_board(app)
    clock.advance(3_000)
    command(app, "white")  # Grifondoro's GPIO button while the board is shown
    assert app.top is board
    assert timer.station.state.on_move is Side.BLACK
    assert move_ends(app) == [("white", "button")]
    clock.advance(2_000)
    key(app, pygame.K_l)  # L: the black team's key
    assert timer.station.state.on_move is Side.WHITE and timer.station.state.turn == 3
    assert move_ends(app) == [("white", "button"), ("black", "key")]


def test_the_wrong_teams_button_on_the_board_is_refused_and_said_on_the_board(magici_app, clock):
    app = magici_app(lang="it")
    timer, board = open_board(app)
    clock.advance(3_000)
    command(app, "black")  # Serpeverde is not on move
    assert timer.station.state.on_move is Side.WHITE and move_ends(app) == []
    assert board.message == app.t("magici.refused.not_on_move") == "Non è il turno di quella squadra"
    assert app.sound.played[-1] == "error"


def test_a_double_press_on_the_board_ends_one_move_only(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = open_board(app)
    clock.advance(3_000)
    command(app, "white")
    clock.advance(100)
    command(app, "black")  # within the lock-out after the turn changed
    assert timer.station.state.on_move is Side.BLACK and move_ends(app) == [("white", "button")]
    assert board.message == app.t("magici.refused.locked_out")


def test_the_teams_real_gpio_buttons_reach_the_station_through_the_board(magici_app, clock):
    factory = MockFactory()
    hardware = Hardware(pins={"button_white": 5, "button_black": 6}, post=post_hardware, pin_factory=factory,
                        bounce_ms=0, lockout_ms=0)
    try:
        app = magici_app(hardware=hardware)
        timer, board = open_board(app)
        clock.advance(3_000)
        factory.pin(5).drive_low()
        factory.pin(5).drive_high()
        for event in pygame.event.get():
            app.feed(event)
        app.tick()
        assert app.top is board and timer.station.state.on_move is Side.BLACK
        assert move_ends(app) == [("white", "button")]
    finally:
        hardware.close()


def test_thirty_seconds_run_out_while_the_board_is_open_and_the_board_passes_the_turn(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = open_board(app)
    clock.advance(4_000)
    play(app, board, "e2e4")  # white's move on the board ends white's move at the station
    assert timer.station.state.on_move is Side.BLACK
    clock.advance(30_000)
    app.tick()
    assert timer.station.state.on_move is Side.WHITE
    assert board.side_to_move() == Color.WHITE
    assert [h.text for h in board.session.history] == ["e2e4", "pass_turn"]
    assert board.status_line()[0] == "Grifondoro to move"
    play(app, board, "d2d4")
    game = chess.pgn.read_game(io.StringIO(magici_pgn(board.session)))
    assert [m.uci() for m in game.mainline_moves()] == ["e2e4", "0000", "d2d4"]


def test_a_turn_already_entered_on_the_board_is_not_passed_again(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = open_board(app)
    clock.advance(5_000)
    command(app, "white")  # the team pressed its button but nobody entered its move on the board
    clock.advance(30_000)
    app.tick()  # black's 30 s run out: the board still has white to move, so it records no pass
    assert timer.station.state.passed_turns == ((2, Side.BLACK),)
    assert board.session.history == [] and board.side_to_move() == Color.WHITE


def test_a_timeout_seen_while_the_timer_is_on_top_still_reaches_the_board(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = open_board(app)
    app.pop()  # back to the timer; the board stays linked
    assert app.top is timer
    clock.advance(30_000)
    app.tick()
    assert [h.text for h in board.session.history] == ["pass_turn"]
    assert board.side_to_move() == Color.BLACK


def test_the_game_time_running_out_ends_the_board_game_as_a_draw(magici_app, clock):
    app = magici_app(lang="it")
    timer, board = open_board(app, MagiciTiming(game_ms=45_000))
    clock.advance(30_000)
    app.tick()  # white's 30 s: the turn passes
    assert board.side_to_move() == Color.BLACK
    clock.advance(15_000)
    app.tick()  # 45 s of game time: a draw on time
    assert timer.station.state.over
    assert board.session.result == {"result": "1/2-1/2", "winner": None, "termination": "time"}
    assert app.journal.match(board.session.match.id).info.finished
    assert board.status_line()[0] == "Tempo di gioco scaduto: patta"
    assert board.session.options() == []
    assert magici_pgn(board.session).rstrip().endswith("1/2-1/2")


def test_a_board_move_while_the_clocks_are_paused_is_refused_and_said_on_the_board(magici_app, clock):
    app = magici_app(lang="it")
    timer, board = open_board(app)
    clock.advance(2_000)
    command(app, "back", source="key")  # back to the clock (the board stays joined)
    press(app, timer, app.t("magici.timer.pause"))
    press(app, timer, app.t("magici.timer.board"))
    board = app.top
    play(app, board, "e2e4")
    assert board.session.history == [] and timer.station.state.turn == 1
    assert board.message == app.t("magici.refused.paused")


def test_a_move_entered_right_after_the_start_is_not_a_double_press(magici_app, clock):
    """The lock-out guards the teams' buttons against double presses; a move entered on the
    board is deliberate, so it ends the move even 0.2 s after the clocks started."""
    app = magici_app(lang="it")
    timer, board = open_board(app)
    clock.advance(200)
    play(app, board, "e2e4")
    assert timer.station.state.on_move is Side.BLACK
    assert move_ends(app) == [("white", "board")]


def test_the_board_catches_up_with_moves_pressed_at_the_clock(magici_app, clock):
    """The usual order at a human board: the team presses its button, the referee enters the
    move afterwards. The entry ends nothing at the clock; a pass that came after it follows."""
    app = magici_app(lang="en")
    timer, board = open_board(app)
    clock.advance(3_000)
    command(app, "white")  # white pressed: black on move at the clock, the board still has white to move
    clock.advance(30_000)
    app.tick()  # black's 30 s ran out before anyone entered white's move
    assert timer.station.state.on_move is Side.WHITE and timer.station.state.turn == 3
    play(app, board, "e2e4")  # white's move entered late: it ends nothing, then black's pass follows
    assert timer.station.state.turn == 3 and timer.station.state.on_move is Side.WHITE
    assert [h.text for h in board.session.history] == ["e2e4", "pass_turn"]
    clock.advance(2_000)
    play(app, board, "d2d4")  # in step again: white's move ends white's turn
    assert timer.station.state.on_move is Side.BLACK and timer.station.state.turn == 4


def test_an_undo_at_the_station_takes_the_move_back_on_the_board_too(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = open_board(app)
    clock.advance(3_000)
    play(app, board, "e2e4")
    assert timer.station.state.on_move is Side.BLACK
    command(app, "back", source="key")
    press(app, timer, app.t("magici.timer.undo"))
    assert timer.station.state.on_move is Side.WHITE
    assert board.session.history == [] and board.side_to_move() == Color.WHITE
    press(app, timer, app.t("magici.timer.board"))
    play(app, app.top, "d2d4")  # the team on move plays again
    assert timer.station.state.on_move is Side.BLACK


def test_turns_lost_while_the_power_was_off_are_passed_on_the_board_after_resuming(magici_app, clock, tmp_path):
    from companion.ui.screens.home import HomeScreen

    path = tmp_path / "cut.db"
    app = magici_app(journal_path=path)
    timer, board = open_board(app)
    clock.advance(3_000)
    play(app, board, "e2e4")  # black on move, 30 s
    board_id = board.session.match.id
    app.journal.close()
    clock.advance(45_000)  # off for 45 s: black's 30 s ran out, white 15 s in
    again = magici_app(journal_path=path)
    again.push(HomeScreen(again))
    HomeScreen.offer_resume(again)
    press(again, again.top, again.t("resume.resume"))
    resumed = again.top
    assert isinstance(resumed, TimerScreen)
    again.tick()
    assert resumed.station.state.passed_turns == ((2, Side.BLACK),)
    from companion.rules.session import BoardSession

    game = BoardSession.open(again.journal.match(board_id), game="magici")
    assert [h.text for h in game.history] == ["e2e4", "pass_turn"]
    press(again, resumed, again.t("magici.timer.board"))
    reopened = again.top
    assert isinstance(reopened, MagiciBoardScreen) and reopened.side_to_move() == Color.WHITE


def test_a_pass_on_time_closes_the_referee_menu_left_open(magici_app, clock):
    app = magici_app(lang="en")
    timer, board = open_board(app)
    board.open_referee()  # the referee menu open when the 30 s run out
    assert board.overlay_buttons
    clock.advance(30_000)
    app.tick()
    assert not board.overlay_buttons and board.side_to_move() == Color.BLACK


def test_a_board_behind_the_clock_says_so_instead_of_contradicting_it(magici_app, clock):
    """Walk: the board was opened at the clock's turn 10 (moves ended with the keys, none
    entered); the clock had Grifondoro on move, the board said only «Muove Serpeverde». The board
    waits for the entries it lacks: it says whose entry and how many turns behind the clock."""
    app = magici_app()
    timer, board = open_board(app)
    assert board.status_line()[0] == app.t("board.to_move_name", side="Grifondoro")  # in step
    clock.advance(3_000)
    command(app, "white")  # Grifondoro's button before its move is entered: the usual order
    clock.advance(3_000)
    command(app, "black")
    assert timer.station.state.on_move is Side.WHITE
    text, _colour = board.status_line()
    assert text == plural(app.t, "magici.board.behind", 2, side="Grifondoro")
    play(app, board, "e2e4")  # Grifondoro's move entered: one entry still to come
    assert board.status_line()[0] == plural(app.t, "magici.board.behind", 1, side="Serpeverde")
    play(app, board, "e7e5")
    assert board.status_line()[0] == app.t("board.to_move_name", side="Grifondoro")  # in step again
    en = magici_app(lang="en", journal_path=Path(app.journal.path).parent / "en.db")
    assert plural(en.t, "magici.board.behind", 2, side="Leoni") == "Leoni: 2 turns behind"


def test_a_game_black_opens_without_armies_starts_its_board_with_black_to_move(magici_app, clock):
    """The toss gave the first move to Black and no armies were bought (the chess set-up): the
    touch board opened for it has Black to move, as the clock does, and takes Black's first
    move. Before, it started with White to move, so Black's first move could be entered
    neither by touch nor from the camera, and a spell was refused as cast in its own turn."""
    app = magici_app(lang="en")
    log = app.journal.new_match(GAME, title="Grifondoro – Serpeverde")
    RefereeStation.new(log, DEFAULT_HOUSES[0], DEFAULT_HOUSES[1], first=Side.BLACK)
    timer = TimerScreen(app, log)
    app.push(timer)
    press(app, timer, app.t("magici.timer.start"))
    press(app, timer, app.t("magici.timer.board"))
    board = app.top
    assert board.side_to_move() == Color.BLACK
    clock.advance(3_000)
    play(app, board, "e7e5")
    assert [h.text for h in board.session.history] == ["e7e5"]
    assert timer.station.state.on_move is Side.WHITE
    play(app, board, "e2e4")
    game = chess.pgn.read_game(io.StringIO(magici_pgn(board.session)))
    assert [m.uci() for m in game.mainline_moves()] == ["e7e5", "e2e4"]
