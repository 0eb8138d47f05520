"""Scacchi di Elolbia on the touch board: men's steps and jump chains entered square by square,
checkmate, the agreed queen replacement, all checked against the rules engine."""

import pytest

from companion.rules import VARIANT_NAMES, get_variant
from companion.ui.board import games  # noqa: F401  (registers the home tiles)
from companion.ui.board.screen import GameScreen
from companion.rules.session import BoardSession
from companion.ui.registry import GAMES

from .conftest import tap

pytestmark = pytest.mark.skipif("elolbia" not in VARIANT_NAMES, reason="Elolbia is not in the engine yet")

# White: Q a3, man d3, K g6; Black: man c4, K h8.
QUICK_MATE = "7k/8/6K1/8/2m5/Q2M4/8/8 w 1"
# Men chains: the white man on e3 may jump c5 -> e7 -> g5 and stop after any jump.
CHAIN = "4k3/8/3m1m2/8/3m4/4M3/8/4K3 w 1"
REPLACEMENT = "4k3/mmmmm3/8/8/8/8/MMMMM3/4K3 w 1"


def open_screen(app, fen=None):
    screen = GameScreen(app, BoardSession.new(app.journal, "elolbia", start_fen=fen))
    app.push(screen)
    return screen


def tap_cell(app, screen, cell):
    tap(app, *screen.view.cell_rect(cell).center)


def tap_button(app, screen, label):
    button = next(b for b in [*getattr(screen, "overlay_buttons", []), *screen.buttons] if b.label == label)
    tap(app, *button.rect.center)


def test_a_short_game_with_a_capture_ends_in_checkmate_as_the_engine_says(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, QUICK_MATE)
    engine = get_variant("elolbia").from_fen(QUICK_MATE)
    for squares, text in ((("d3", "b5"), "d3b5"), (("h8", "g8"), "h8g8"), (("a3", "a8"), "a3a8")):
        for cell in squares:
            tap_cell(app, screen, cell)
        engine.push(text)
        assert screen.session.position.fen() == engine.fen()
    assert engine.outcome().termination.value == "checkmate"
    assert screen.session.result["winner"] == "w"
    assert [h.notation for h in screen.session.history] == ["d3xb5", "Kg8", "Qa8#"]
    assert screen.status_line()[0] == "Checkmate: White wins"


def test_a_jump_chain_is_entered_square_by_square_with_stop_here_on_the_way(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, CHAIN)
    tap_cell(app, screen, "e3")
    assert {"c5", "e4", "d3", "f3", "e2"} <= screen.targets()
    tap_cell(app, screen, "c5")
    assert screen.targets() == {"e7"} and screen.can_stop_here()
    tap_cell(app, screen, "e7")
    assert screen.targets() == {"g5"} and screen.can_stop_here()
    tap_cell(app, screen, "g5")
    engine = get_variant("elolbia").from_fen(CHAIN)
    engine.push("e3c5e7g5")
    assert screen.session.position.fen() == engine.fen()
    assert screen.session.history[-1].notation == "e3xc5xe7xg5"


def test_a_chain_stopped_after_two_jumps_is_its_own_move(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, CHAIN)
    for cell in ("e3", "c5", "e7"):
        tap_cell(app, screen, cell)
    tap_button(app, screen, "Stop here")
    assert screen.session.history[-1].text == "e3c5e7"
    engine = get_variant("elolbia").from_fen(CHAIN)
    engine.push("e3c5e7")
    assert screen.session.position.fen() == engine.fen()


def test_the_agreed_queen_replacement_is_entered_on_the_board(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, REPLACEMENT)
    tap_button(app, screen, "Referee")
    tap_button(app, screen, "Replace 3 men with a Queen")
    for cell in ("a2", "b2", "c2", "a7", "b7", "c7"):
        tap_cell(app, screen, cell)
    tap_button(app, screen, "Confirm")
    tap_button(app, screen, "Queen on b2")
    tap_button(app, screen, "Queen on a7")
    engine = get_variant("elolbia").from_fen(REPLACEMENT)
    expected = engine.agreed_queen_replacement({0: (["a2", "b2", "c2"], "b2"), 1: (["a7", "b7", "c7"], "a7")})
    assert screen.session.position.fen() == expected.fen()
    assert screen.picker is None
    tap_cell(app, screen, "b2")
    tap_cell(app, screen, "b5")  # the new Queen moves like one
    assert screen.session.history[-1].text == "b2b5"
    screen.undo()
    screen.undo()
    assert screen.session.position.fen() == REPLACEMENT


def test_the_queen_replacement_is_refused_while_other_pieces_remain(make_app):
    app = make_app(lang="it")
    screen = open_screen(app)
    tap_button(app, screen, app.t("board.referee"))
    tap_button(app, screen, app.t("board.ref.queen"))
    assert screen.picker is None
    assert screen.message == app.t("board.ref.queen_not_allowed")


def test_elolbia_has_a_home_tile_that_resumes_the_unfinished_game(make_app):
    app = make_app()
    app.push(GAMES["elolbia"].open(app))
    tap_button(app, app.top, app.t("board.options.start"))
    first = app.top
    tap_cell(app, first, "c3")
    tap_cell(app, first, "c4")
    again = GAMES["elolbia"].open(app)
    assert again.session.match.id == first.session.match.id
    assert [h.text for h in again.session.history] == ["c3c4"]


def test_a_jump_off_the_chain_is_refused_with_the_engines_reason_in_italian(make_app):
    app = make_app(lang="it")
    screen = open_screen(app, CHAIN)
    tap_cell(app, screen, "e3")
    tap_cell(app, screen, "c5")
    tap_cell(app, screen, "a7")  # nothing on b6 to jump
    assert screen.message == "Nessun pezzo da saltare in b6"
    assert screen.session.history == []
