"""Scacchi di Camerlano on the touch board: the 11x10 board with citadels, the Shah's exchange,
the Shah-file soldier's relocation entered as arrival then square, the forced promotion, the
warning for a Shah left under attack, and the end when the Shah is taken, against the engine."""

import pytest

from companion.rules import VARIANT_NAMES, get_variant
from companion.ui.board import games  # noqa: F401  (registers the home tiles)
from companion.ui.board.screen import GameScreen
from companion.rules.session import BoardSession
from companion.ui.registry import GAMES

from .conftest import tap

pytestmark = pytest.mark.skipif("camerlano" not in VARIANT_NAMES, reason="Camerlano is not in the engine yet")

# White: Shah f2, Rook a1, a soldier on f9 (the Shah's file); Black: Shah a10, a soldier on k8.
SHAH_HUNT = "k10/5P5/10p/11/11/11/11/11/5K5/R10 w K 0,0 1"


def open_screen(app, fen=None):
    screen = GameScreen(app, BoardSession.new(app.journal, "camerlano", start_fen=fen))
    app.push(screen)
    return screen


def tap_cell(app, screen, cell):
    tap(app, *screen.view.cell_rect(cell).center)


def test_a_short_game_with_exchange_relocation_and_promotion_ends_when_the_shah_is_taken(make_app):
    app = make_app(lang="en")
    screen = open_screen(app, SHAH_HUNT)
    engine = get_variant("camerlano").from_fen(SHAH_HUNT)
    tap_cell(app, screen, "f2")
    assert "a1" in screen.targets()  # the exchange: the Shah onto its own Rook
    tap_cell(app, screen, "a1")
    engine.push("f2a1")
    tap_cell(app, screen, "a10")
    tap_cell(app, screen, "b10")
    engine.push("a10b10")
    tap_cell(app, screen, "f9")
    assert screen.targets() == {"f10"}
    tap_cell(app, screen, "f10")
    assert screen.message == app.t("board.relocate_hint")
    assert len(screen.targets()) == len([m for m in engine.legal_moves() if m.origin == "f9"])
    tap_cell(app, screen, "c9")
    engine.push("f9f10c9")
    assert screen.message == "Careful: Black's Shah is under attack"
    tap_cell(app, screen, "k8")
    tap_cell(app, screen, "k7")
    engine.push("k8k7")
    assert screen.message == "Careful: Black's Shah can now be taken (undo if it was a mistake)"
    tap_cell(app, screen, "c9")
    tap_cell(app, screen, "b10")
    engine.push("c9b10")
    assert screen.session.position.fen() == engine.fen()
    assert screen.session.position.piece_at("b10").kind == "knight"  # promoted by its file
    assert [h.notation for h in screen.session.history] == ["Kf2<>a1", "Kb10", "f10→c9", "k7", "cxb10=N"]
    assert screen.session.result == {"result": "1-0", "winner": "w", "termination": "shah captured"}
    assert screen.status_line()[0] == "Shah captured: White wins"


def test_the_citadels_are_cells_a_touch_reaches(make_app):
    app = make_app(lang="en")
    fen = "k10/11/11/11/11/11/11/11/10K/11 w - 0,0 1"  # White's Shah on k2, beside its citadel
    screen = open_screen(app, fen)
    tap_cell(app, screen, "k2")
    assert "z2" in screen.targets()
    tap_cell(app, screen, "z2")
    engine = get_variant("camerlano").from_fen(fen)
    engine.push("k2z2")
    assert screen.session.position.fen() == engine.fen()
    assert screen.session.position.piece_at("z2").kind == "shah"


def test_the_home_tile_offers_the_classical_rules_before_a_new_game(make_app, tmp_path):
    path = tmp_path / "j.db"
    app = make_app(lang="en", journal_path=path)
    app.push(GAMES["camerlano"].open(app))
    options = app.top
    citadel = next(b for b in options.buttons if b.label == "Forbidden (the game's rule)")
    tap(app, *citadel.rect.center)
    assert any(b.label == "Entering it draws (classical)" and b.selected for b in options.buttons)
    tap(app, *next(b for b in options.buttons if b.label == "Start the game").rect.center)
    screen = app.top
    assert isinstance(screen, GameScreen)
    assert screen.session.variant.options["citadel"] == "classical"
    assert screen.session.position.fen() == get_variant("camerlano").start_position().fen()
    assert screen.session.match.info.meta["options"] == {"citadel": "classical"}
    app.journal.close()
    again = make_app(journal_path=path)
    resumed = GAMES["camerlano"].open(again)
    assert resumed.session.variant.options["citadel"] == "classical"
