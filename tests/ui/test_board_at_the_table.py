"""Issue 15 on the grid boards, replayed through the screens with synthetic touches: the boards
lay themselves out at the display's size (no 800×480 picture scaled), undo and redo say what
they do, "Annulla" is only ever Cancel, Elolbia's man is shown moving along its jump chain with
the jumped pieces crossed out, the captured pieces are shown (Clupso's promotion brings one
back), and the camera button with no camera says plainly what to do."""

import pygame
import pytest

from companion.rules import get_variant
from companion.rules.session import BoardSession
from companion.ui.board import games  # noqa: F401  (registers the boards)
from companion.ui.board.duere import DueReScreen
from companion.rules.duere_session import DueReSession
from companion.ui.board.screen import GameScreen
from companion.ui.board.view import DARK, JUMPED, LIGHT, WHITE_FILL
from companion.ui.input import Action, Kind
from companion.ui.widgets import MIN_TOUCH, recording

from .conftest import tap

GAMES = ("duere", "elolbia", "clupso", "camerlano")
SIZES = [((800, 480), 0), ((720, 1280), 90), ((1920, 1080), 0), ((720, 1280), 0)]
CHAIN = "4k3/8/3m1m2/8/3m4/4M3/8/4K3 w 1"  # Elolbia: the man on e3 may jump c5 -> e7 -> g5
# Clupso: White has every piece it started with but men; Black's rook on d7 can take the Queen on d4,
# then White's man on a2 reaches its promotion rank.
QUEEN_TAKEN = "RNB2BNR/3r4/7m/8/3Q4/8/M7/8 b 1"


def open_board(app, game, fen=None):
    if game == "duere":
        screen = DueReScreen(app, DueReSession.new(app.journal, "duere"))
    else:
        screen = GameScreen(app, BoardSession.new(app.journal, game, start_fen=fen))
    app.push(screen)
    app.render()
    return screen


def tap_cell(app, screen, cell):
    tap(app, *screen.view.cell_rect(cell).center)


def button(screen, label):
    return next(b for b in [*getattr(screen, "overlay_buttons", []), *screen.buttons] if b.label == label)


def tap_button(app, screen, label):
    tap(app, *button(screen, label).rect.center)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size,rotate", SIZES, ids=["800x480", "720x1280-side", "1920x1080", "720x1280-portrait"])
def test_each_board_is_laid_out_at_the_displays_own_size(make_app, game, size, rotate):
    app = make_app(size=size, rotate=rotate)
    screen = open_board(app, game)
    canvas = app.render()
    w, h = canvas.get_size()
    assert (w, h) == ((size[1], size[0]) if rotate == 90 else size)  # drawn at that size, never scaled
    view, panel = screen.view, screen.panel
    canvas_rect = pygame.Rect(0, 0, w, h)
    assert canvas_rect.contains(view.outer) and canvas_rect.contains(panel)
    if h > w:  # portrait: the board across the top, the panel below it
        assert panel.y >= view.outer.bottom and view.outer.width > w * 0.75 and panel.height >= 560
    else:  # the board the whole height, the panel beside it
        assert panel.x >= view.outer.right and view.outer.height > (h - screen.header_h) * 0.9
    smallest = 40 if game == "camerlano" and size == (800, 480) else MIN_TOUCH  # 10 ranks in 480 px
    assert view.cell >= smallest
    for b in screen.buttons:
        assert canvas_rect.contains(b.rect) and min(b.rect.size) >= MIN_TOUCH, b.label
        assert not b.rect.colliderect(view.board_rect), b.label
    others = [b.rect for b in screen.buttons]
    assert all(not a.colliderect(c) for i, a in enumerate(others) for c in others[i + 1:])


def test_a_move_and_its_undo_by_touch_on_the_1080p_projector(make_app):
    app = make_app(lang="en", size=(1920, 1080))
    screen = open_board(app, "camerlano")
    start = screen.session.position.fen()
    tap_cell(app, screen, "c1")
    tap_cell(app, screen, "b4")
    assert screen.session.history[-1].text == "c1b4"
    tap_button(app, screen, "↶ Undo")
    assert screen.session.position.fen() == start
    tap_button(app, screen, "↷ Redo")
    assert screen.session.history[-1].text == "c1b4"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_camerlanos_undo_and_redo_say_what_they_do_in_words_whole(make_app, lang):
    app = make_app(lang=lang)  # the narrowest panel: Camerlano's wide board on the 800×480 panel
    screen = open_board(app, "camerlano")
    tap_cell(app, screen, "c1")
    tap_cell(app, screen, "b4")
    undo, redo = "↶ " + app.t("board.undo"), "↷ " + app.t("board.redo")
    assert app.t("board.undo") == app.t("common.undo")  # the shell's word for it
    with recording() as report:
        app.render()
    drawn = {t.text for t in report.texts}
    assert undo in drawn and not any(t.cut for t in report.texts)
    tap_button(app, screen, undo)
    assert not screen.session.history
    tap_button(app, screen, redo)
    assert screen.session.history[-1].text == "c1b4"


@pytest.mark.parametrize("game", GAMES)
def test_annulla_is_only_ever_cancel_on_the_boards(make_app, game):
    app = make_app(lang="it")
    screen = open_board(app, game)
    labels = [b.label for b in screen.buttons]
    tap_button(app, screen, app.t("board.referee"))
    labels += [b.label for b in screen.overlay_buttons]
    with_annulla = [label for label in labels if "Annulla" in label]
    assert "↶ Annulla mossa" in with_annulla
    assert set(with_annulla) == {"↶ Annulla mossa", "Annulla"}
    tap_button(app, screen, "Annulla")  # cancel closes the menu and changes nothing
    assert not screen.overlay_buttons and not screen.session.history


def test_elolbias_man_is_shown_moving_along_its_chain_and_the_jumped_men_crossed_out(make_app):
    app = make_app(lang="it")
    screen = open_board(app, "elolbia", CHAIN)

    def pixel(cell):
        return tuple(app.render().get_at(screen.view.cell_rect(cell).center))[:3]

    assert pixel("e3") == WHITE_FILL  # the man at home
    tap_cell(app, screen, "e3")
    tap_cell(app, screen, "c5")
    assert pixel("e3") in (LIGHT, DARK)  # it has left its start square...
    assert pixel("c5") == WHITE_FILL  # ...and stands where the chain has got to
    assert pixel("d4") == JUMPED  # the man it jumps is crossed out
    tap_cell(app, screen, "e7")
    assert pixel("c5") in (LIGHT, DARK) and pixel("e7") == WHITE_FILL
    assert pixel("d4") == JUMPED and pixel("d6") == JUMPED and pixel("f6") != JUMPED
    assert screen.session.history == []  # nothing is played until the chain ends
    tap_button(app, screen, app.t("board.stop_here"))
    assert screen.session.history[-1].text == "e3c5e7"
    assert [p.kind for p in screen.lost_pieces()[1]] == ["man", "man"]
    assert pixel("d4") in (LIGHT, DARK) and pixel("e3") != WHITE_FILL  # taken; the man gone (last move tinted)


def test_the_captured_pieces_strip_shows_what_clupsos_promotion_can_bring_back(make_app):
    app = make_app(lang="en")
    screen = open_board(app, "clupso", QUEEN_TAKEN)
    assert screen.captures_rect().height == 0  # nothing taken yet: the history has the room

    def strip_colours():
        canvas = app.render()
        strip = screen.captures_rect()
        left = pygame.Rect(strip.x, strip.y, strip.width // 2, strip.height)
        return {tuple(canvas.get_at((x, y)))[:3] for x in range(left.x, left.right, 2) for y in range(left.y, left.bottom, 2)}

    assert screen.lost_pieces() == ([], [])
    tap_cell(app, screen, "d7")
    tap_cell(app, screen, "d4")  # Black's rook takes White's Queen
    assert [p.kind for p in screen.lost_pieces()[0]] == ["queen"]
    assert LIGHT in strip_colours() and len(strip_colours()) > 3  # the Queen drawn on the strip
    tap_cell(app, screen, "a2")
    tap_cell(app, screen, "a1")
    assert [b.label for b in screen.overlay_buttons] == ["No promotion", "Promote to Queen", "Cancel"]
    tap_button(app, screen, "Promote to Queen")
    assert screen.session.history[-1].text == "a2a1=Q"
    assert screen.lost_pieces() == ([], [])  # the Queen is back in play
    tap_button(app, screen, "↶ Undo")
    assert [p.kind for p in screen.lost_pieces()[0]] == ["queen"]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_camera_button_with_no_camera_says_plainly_what_to_do(make_app, lang):
    app = make_app(lang=lang)
    screen = open_board(app, "clupso")
    tap(app, *screen.camera_rect().center)
    message = app.t("board.camera.none")
    assert screen.message == message and not screen.overlay_buttons
    assert "[" not in message and "config" not in message.lower() and "source" not in message
    with recording() as report:
        app.render()
    shown = " ".join(t.text for t in report.texts)
    assert message.split()[-1] in shown and not any(t.cut for t in report.texts)  # whole, never cut
    assert all(screen.panel.contains(b.rect) or b.rect.bottom <= screen.header_h for b in screen.buttons)


@pytest.mark.parametrize("size,rotate", SIZES[:3])
def test_due_res_real_dice_are_tapped_on_faces_a_finger_wide(make_app, size, rotate):
    app = make_app(lang="en", size=size, rotate=rotate)
    screen = open_board(app, "duere")
    faces = [b for b in screen.buttons if b.label in "123456" and len(b.label) == 1]
    assert len(faces) == 6 and all(min(b.rect.size) >= MIN_TOUCH for b in faces)
    for face in ("5", "3"):
        if rotate:  # the fingers helper maps unrotated displays only: the action at the canvas point
            for kind in (Kind.PRESS, Kind.RELEASE, Kind.TAP):
                app.dispatch(Action(kind, button(screen, face).rect.center))
        else:
            tap_button(app, screen, face)
    assert screen.session.roll is not None and sorted(screen.session.roll) == [3, 5]


def test_the_rule_options_take_two_columns_only_when_one_does_not_fit(make_app):
    from companion.ui.board.options import OptionsScreen

    for game, size, columns in (("duere", (800, 480), 2), ("camerlano", (800, 480), 2), ("elolbia", (800, 480), 1),
                                ("duere", (1920, 1080), 2), ("camerlano", (720, 1280), 1)):
        app = make_app(size=size)
        options = OptionsScreen(app, game, lambda chosen: None)
        app.push(options)
        app.render()
        assert options.grid()[0] == columns, (game, size)
        for b in options.buttons:
            assert min(b.rect.size) >= MIN_TOUCH, (game, size, b.label)


def test_a_changed_option_starts_the_game_with_it_by_touch(make_app):
    from companion.ui.board.options import OptionsScreen

    app = make_app(lang="en", size=(1920, 1080))
    started = []
    options = OptionsScreen(app, "camerlano", started.append)
    app.push(options)
    app.render()
    tap_button(app, options, "Forbidden (the game's rule)")
    tap_button(app, options, "Start the game")
    assert started == [{"citadel": "classical"}]
    assert get_variant("camerlano", started[0]).options["citadel"] == "classical"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size,rotate", SIZES, ids=["800x480", "720x1280-side", "1920x1080", "720x1280-portrait"])
def test_the_referee_menu_and_a_long_message_keep_to_a_finger_and_16_px(make_app, game, size, rotate):
    """What the a11y checker's pictures do not show: the referee menu open, and the longest
    message (no camera) under the turn line, at every size."""
    app = make_app(size=size, rotate=rotate)
    screen = open_board(app, game)
    screen.open_referee()
    screen.say(app.t("board.camera.none"), "warn")
    with recording() as report:
        app.render()
    scale = app.viewport.scale
    assert scale == 1  # native: nothing scaled
    assert len(report.targets) >= len(screen.buttons) + len(screen.overlay_buttons)
    for target in report.targets:
        assert min(target.rect.size) >= MIN_TOUCH, target.label
    for text in report.texts:
        assert text.size >= 16 and not text.cut, text.text
    shown = " ".join(t.text for t in report.texts)
    assert app.t("board.camera.none").split()[-1] in shown


def test_a_long_game_s_history_wraps_its_turns_and_never_cuts_them(make_app):
    app = make_app(lang="it")  # Camerlano's narrow panel on the 800×480 display
    screen = open_board(app, "camerlano")
    session = screen.session
    for _ in range(40):
        options = session.options()
        session.play(options[(len(session.history) * 7 + 3) % len(options)])
    screen.layout()
    played = screen.history_lines()
    # and a turn wider than the panel (an Elolbia chain of five jumps as long as any)
    long_turn = "21. c1xe3xc5xe7xg5xe3  k10-k9"
    screen.history_lines = lambda: [*played, long_turn]
    with recording() as report:
        app.render()
    history = screen.history_rect()
    inside = [t for t in report.texts if history.contains(t.rect)]
    assert len(inside) >= 4 and not any(t.cut or t.size < 16 for t in inside)
    texts = [t.text for t in inside]
    wrapped = next(i for i in range(len(texts)) if " ".join(texts[i:]).split() == long_turn.split())
    assert wrapped < len(texts) - 1  # on more than one row, every move whole
    assert texts[wrapped - 1] == played[-1]


def test_on_cells_smaller_than_a_finger_a_legal_target_catches_a_touch_just_beside_it(make_app):
    app = make_app(lang="en")  # Camerlano on the 800×480 panel: 40 px cells
    screen = open_board(app, "camerlano")
    assert screen.view.cell < MIN_TOUCH
    tap_cell(app, screen, "c1")
    assert {"b4", "d4"} <= screen.targets() and "b5" not in screen.targets()
    b4 = screen.view.cell_rect("b4")
    just_above = (b4.centerx, b4.top - 3)  # on b5, 3 px from b4: the finger meant b4
    assert screen.view.cell_at(just_above) == "b5"
    assert screen.cell_under(screen.view.cell_rect("b5").center) == "b5"  # the middle of b5 is still b5
    tap(app, *just_above)
    assert screen.session.history[-1].text == "c1b4"


def test_on_cells_a_finger_wide_a_touch_is_the_cell_under_it(make_app):
    app = make_app(lang="en", size=(1920, 1080))
    screen = open_board(app, "camerlano")
    tap_cell(app, screen, "c1")
    b4 = screen.view.cell_rect("b4")
    assert screen.cell_under((b4.centerx, b4.top - 3)) == "b5"
