"""The board view's geometry (8x8 and Camerlano's 11x10 with citadels, flipped too) and the
generic screen's entry of multi-square moves and choices.

Elolbia, Clupso and Camerlano are not in the rules engine yet, so the entry of jump chains and
promotion choices is checked with a session whose options are given by the test (the screen
works from options alone: cells entered, a choice letter, a payload).
"""

import pygame
import pytest

from companion.rules import Geometry
from companion.ui.board.screen import GameScreen
from companion.rules.session import BoardSession, Option
from companion.ui.board.view import BoardView

from .conftest import tap

TAMERLANE = Geometry(11, 10, extra=(("z2", 11, 1), ("z9", -1, 8)))
AREA = pygame.Rect(4, 58, 550, 418)


@pytest.mark.parametrize("geometry", [Geometry(8, 8), TAMERLANE], ids=["8x8", "11x10+citadels"])
@pytest.mark.parametrize("flipped", [False, True])
def test_every_cell_has_its_own_square_inside_the_area_and_a_touch_finds_it(geometry, flipped):
    view = BoardView(geometry, AREA, flipped)
    rects = [view.cell_rect(name) for name in geometry.cells]
    assert all(AREA.contains(r) for r in rects)
    assert all(r.width >= 40 for r in rects)  # a finger's worth
    for i, a in enumerate(rects):
        assert not any(a.colliderect(b) for b in rects[i + 1:])
    for name, rect in zip(geometry.cells, rects):
        assert view.cell_at(rect.center) == name


def test_the_citadels_stick_out_beside_k2_and_a9():
    view = BoardView(TAMERLANE, AREA)
    assert view.cell_rect("z2").left == view.cell_rect("k2").right
    assert view.cell_rect("z2").top == view.cell_rect("k2").top
    assert view.cell_rect("z9").right == view.cell_rect("a9").left
    hole = view.cell_rect("k1").move(view.cell, 0).center  # beside k1: no cell there
    assert view.cell_at(hole) is None


class GivenOptions(BoardSession):
    """A session on a real journal match whose legal options the test lists."""

    given: list[Option] = []
    played: list[Option] = []

    def options(self):
        return list(self.given)

    def play(self, option, by=""):
        self.played.append(option)


def chain_screen(make_app, options):
    app = make_app(lang="en")
    session = BoardSession.new(app.journal, "magici", "4k3/P7/8/8/8/2P5/8/4K3 w - - 0 1")
    session.__class__ = GivenOptions
    session.given, session.played = options, []
    screen = GameScreen(app, session)
    app.push(screen)
    return app, screen


def tap_cell(app, screen, cell):
    tap(app, *screen.view.cell_rect(cell).center)


def test_a_jump_chain_is_entered_square_by_square_and_may_stop_when_a_chain_could_go_on(make_app):
    chains = [Option(("c3", "e5"), "", "c3e5"), Option(("c3", "e5", "g3"), "", "c3e5g3"),
              Option(("c3", "e5", "c7"), "", "c3e5c7"), Option(("c3", "a5"), "", "c3a5")]
    app, screen = chain_screen(make_app, chains)
    tap_cell(app, screen, "c3")
    assert screen.targets() == {"e5", "a5"}
    tap_cell(app, screen, "e5")
    assert screen.entered == ["c3", "e5"] and screen.targets() == {"g3", "c7"}
    assert any(b.label == "Stop here" for b in screen.buttons)
    assert screen.marks().path == ("e5",)
    tap_cell(app, screen, "g3")
    assert screen.session.played == [chains[1]]
    app2, screen2 = chain_screen(make_app, chains)
    tap_cell(app2, screen2, "c3")
    tap_cell(app2, screen2, "e5")
    stop = next(b for b in screen2.buttons if b.label == "Stop here")
    tap(app2, *stop.rect.center)
    assert screen2.session.played == [chains[0]]


def test_a_square_off_the_chain_is_refused_and_the_entry_starts_again(make_app):
    chains = [Option(("c3", "e5", "g3"), "", "c3e5g3")]
    app, screen = chain_screen(make_app, chains)
    tap_cell(app, screen, "c3")
    tap_cell(app, screen, "e5")
    tap_cell(app, screen, "h8")
    assert screen.entered == [] and screen.session.played == []
    assert screen.message


def test_moves_on_the_same_squares_are_offered_as_a_choice_with_piece_names(make_app):
    promotions = [Option(("a7", "a8"), "Q", "a7a8Q"), Option(("a7", "a8"), "N", "a7a8N"),
                  Option(("a7", "a8"), "", "a7a8")]
    app, screen = chain_screen(make_app, promotions)
    tap_cell(app, screen, "a7")
    tap_cell(app, screen, "a8")
    labels = [b.label for b in screen.overlay_buttons]
    assert labels == ["Promote to Queen", "Promote to Knight", "No promotion", "Cancel"]
    tap(app, *screen.overlay_buttons[1].rect.center)
    assert screen.session.played == [promotions[1]]


def test_cancel_closes_the_choice_without_playing(make_app):
    promotions = [Option(("a7", "a8"), "Q", "a7a8Q"), Option(("a7", "a8"), "N", "a7a8N")]
    app, screen = chain_screen(make_app, promotions)
    tap_cell(app, screen, "a7")
    tap_cell(app, screen, "a8")
    tap(app, *screen.overlay_buttons[-1].rect.center)
    assert screen.overlay_buttons == [] and screen.session.played == []

