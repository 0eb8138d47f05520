"""Scacchi di Clupso on the touch board: promotion offered as a choice (or staying a man), the
end when a side has no men, the agreed draw kept in the position string, against the engine."""

import pytest

from companion.rules import VARIANT_NAMES, get_variant
from companion.ui.board import games  # noqa: F401  (registers the home tiles)
from companion.ui.board.screen import GameScreen
from companion.rules.session import BoardSession
from companion.ui.registry import GAMES

from .conftest import tap

pytestmark = pytest.mark.skipif("clupso" not in VARIANT_NAMES, reason="Clupso is not in the engine yet")

# White (promotes on rank 1): men a2, g2; Black: a man on h7.
LAST_MAN = "8/7m/8/8/8/8/M5M1/8 w 1"


def open_screen(app, fen=None):
    screen = GameScreen(app, BoardSession.new(app.journal, "clupso", start_fen=fen))
    app.push(screen)
    return screen


def tap_cell(app, screen, cell):
    tap(app, *screen.view.cell_rect(cell).center)


def tap_button(app, screen, label):
    button = next(b for b in [*getattr(screen, "overlay_buttons", []), *screen.buttons] if b.label == label)
    tap(app, *button.rect.center)


def test_a_short_game_with_a_promotion_ends_when_the_last_man_is_taken(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, LAST_MAN)
    tap_cell(app, screen, "a2")
    tap_cell(app, screen, "a1")
    labels = [b.label for b in screen.overlay_buttons]
    assert labels == ["No promotion", "Promote to Queen", "Promote to Rook", "Promote to Bishop",
                      "Promote to Knight", "Cancel"]
    tap_button(app, screen, "Promote to Queen")
    tap_cell(app, screen, "h7")
    tap_cell(app, screen, "g7")
    tap_cell(app, screen, "a1")
    tap_cell(app, screen, "g7")
    engine = get_variant("clupso").from_fen(LAST_MAN)
    for text in ("a2a1=Q", "h7g7", "a1g7"):
        engine.push(text)
    assert screen.session.position.fen() == engine.fen()
    assert [h.notation for h in screen.session.history] == ["a2-a1=Q", "h7-g7", "Qxg7"]
    assert screen.session.result == {"result": "1-0", "winner": "w", "termination": "all pieces captured"}
    assert screen.status_line()[0] == "All pieces captured: White wins"


def test_staying_a_man_on_the_promotion_rank_is_a_move_of_its_own(make_app):
    app = make_app(lang="it")
    screen = open_screen(app, LAST_MAN)
    tap_cell(app, screen, "a2")
    tap_cell(app, screen, "a1")
    tap_button(app, screen, "Nessuna promozione")
    assert screen.session.history[-1].text == "a2a1"
    assert screen.session.position.piece_at("a1").kind == "man"


def test_an_agreed_draw_is_written_into_the_position_string(make_app):
    app = make_app(lang="en")
    app.push(GAMES["clupso"].open(app))
    tap_button(app, app.top, "Start the game")
    screen = app.top
    tap_button(app, screen, "Referee")
    tap_button(app, screen, "Agreed draw")
    assert screen.session.position.fen().endswith(" draw")
    assert screen.session.result["result"] == "1/2-1/2"
    assert screen.status_line()[0] == "Draw by agreement"
    screen.undo()
    assert not screen.session.position.fen().endswith(" draw") and screen.session.result is None
