"""The army builder by touch: every refusal carries the rules engine's reason, and the built
position becomes the game's start."""

from __future__ import annotations

from companion.magici.model import PieceKind, Side
from companion.ui.magici.army import ArmyBuilderScreen
from companion.ui.magici.hub import MagiciHubScreen
from companion.ui.magici.newgame import NewGameScreen
from companion.ui.magici.timer import TimerScreen

from ..conftest import tap
from .conftest import button, press


def open_builder(app) -> ArmyBuilderScreen:
    app.push(MagiciHubScreen(app))
    press(app, app.top, app.t("magici.hub.new_game"))
    press(app, app.top, app.t("magici.new.army"))
    assert isinstance(app.top, ArmyBuilderScreen)
    return app.top


def place(app, screen: ArmyBuilderScreen, side: Side, kind: PieceKind, square: str) -> None:
    press(app, screen, screen.houses[side].name)
    press(app, screen, app.t(f"magici.piece.{kind.value}"))
    tap(app, *screen.grid.rect_of(square).center)


def test_a_piece_off_its_home_squares_is_refused_with_the_engines_reason(magici_app):
    app = magici_app()
    screen = open_builder(app)
    place(app, screen, Side.WHITE, PieceKind.QUEEN, "e2")
    assert screen.reasons == ["white queen on e2: a queen may only stand on d1"]
    place(app, screen, Side.WHITE, PieceKind.PAWN, "c3")
    assert screen.reasons == ["white pawn on c3: a pawn may only stand on rank 2"]
    place(app, screen, Side.BLACK, PieceKind.KNIGHT, "g1")
    assert screen.reasons == ["black knight on g1: a knight may only stand on b8, g8"]
    assert screen.placed == {Side.WHITE: {}, Side.BLACK: {}}
    assert app.sound.played[-1] == "error"


def test_the_king_is_free_and_fixed(magici_app):
    app = magici_app()
    screen = open_builder(app)
    place(app, screen, Side.WHITE, PieceKind.ROOK, "e1")
    assert screen.reasons == [app.t("magici.army.king_fixed")]


def test_twelve_points_and_the_chess_sets_limits(magici_app):
    app = magici_app()
    screen = open_builder(app)
    for kind, square in ((PieceKind.QUEEN, "d1"), (PieceKind.BISHOP, "c1"), (PieceKind.BISHOP, "f1")):
        place(app, screen, Side.WHITE, kind, square)
    assert screen.cost(Side.WHITE) == 10 and not screen.reasons
    place(app, screen, Side.WHITE, PieceKind.ROOK, "a1")
    assert not screen.reasons and screen.cost(Side.WHITE) == 12
    place(app, screen, Side.WHITE, PieceKind.PAWN, "a2")
    assert screen.reasons == ["the army costs 13 points; a House has 12"]
    tap(app, *screen.grid.rect_of("a1").center)  # a tap on a placed piece takes it back
    assert screen.cost(Side.WHITE) == 10
    for square in ("a2", "b2"):
        place(app, screen, Side.WHITE, PieceKind.PAWN, square)
    assert screen.cost(Side.WHITE) == 12 and not screen.reasons


def test_the_built_position_is_the_games_start(magici_app, clock):
    app = magici_app()
    screen = open_builder(app)
    for side, kind, square in ((Side.WHITE, PieceKind.QUEEN, "d1"), (Side.WHITE, PieceKind.ROOK, "a1"),
                               (Side.WHITE, PieceKind.ROOK, "h1"), (Side.WHITE, PieceKind.PAWN, "e2"),
                               (Side.BLACK, PieceKind.BISHOP, "c8"), (Side.BLACK, PieceKind.BISHOP, "f8"),
                               (Side.BLACK, PieceKind.KNIGHT, "g8"), (Side.BLACK, PieceKind.PAWN, "d7")):
        place(app, screen, side, kind, square)
    press(app, screen, app.t("magici.army.done"))
    new = app.top
    assert isinstance(new, NewGameScreen) and new.army == {Side.WHITE: "KQRRP", Side.BLACK: "KBBNP"}
    first = next(b for b in new.buttons if b.label == "Serpeverde" and b.sublabel == app.t("magici.side.black"))
    tap(app, *first.rect.center)  # Serpeverde (black) moves first
    press(app, new, app.t("magici.new.start"))
    timer = app.top
    assert isinstance(timer, TimerScreen)
    assert timer.log.info.meta["start_fen"] == "2b1kbn1/3p4/8/8/8/8/4P3/R2QK2R b KQ - 0 1"
    st = timer.station.state
    assert "".join(k.value for k in st.army(Side.BLACK)) == "KBBNP" and st.first is Side.BLACK
    assert st.side_stats(Side.WHITE).remaining == 5


def test_the_touch_board_starts_from_the_armies_placed(magici_app, clock):
    from companion.ui.board.magici import MagiciBoardScreen

    app = magici_app()
    screen = open_builder(app)
    for side, kind, square in ((Side.WHITE, PieceKind.ROOK, "h1"), (Side.WHITE, PieceKind.PAWN, "g2"),
                               (Side.BLACK, PieceKind.QUEEN, "d8")):
        place(app, screen, side, kind, square)
    press(app, screen, app.t("magici.army.done"))
    new = app.top
    tap(app, *next(b for b in new.buttons if b.sublabel == app.t("magici.side.white")).rect.center)
    press(app, new, app.t("magici.new.start"))
    timer = app.top
    press(app, timer, app.t("magici.timer.start"))
    press(app, timer, app.t("magici.timer.board"))
    board = app.top
    assert isinstance(board, MagiciBoardScreen)
    assert board.session.position.fen().startswith("3qk3/8/8/8/8/8/6P1/4K2R w K")


def test_an_army_refusal_is_shown_in_italian_under_the_italian_header(magici_app):
    app = magici_app(lang="it")
    screen = open_builder(app)
    place(app, screen, Side.WHITE, PieceKind.QUEEN, "e2")
    assert screen.reason_lines() == ["Donna del Bianco in e2: può stare solo in d1"]
    place(app, screen, Side.BLACK, PieceKind.PAWN, "c3")
    assert screen.reason_lines() == ["Pedone del Nero in c3: può stare solo sulla traversa 7"]
    for kind, square in ((PieceKind.QUEEN, "d1"), (PieceKind.BISHOP, "c1"), (PieceKind.BISHOP, "f1"),
                         (PieceKind.ROOK, "a1")):
        place(app, screen, Side.WHITE, kind, square)
    place(app, screen, Side.WHITE, PieceKind.PAWN, "a2")
    assert screen.reason_lines() == ["L'esercito costa 13 punti, ma una Casata ne ha 12"]
    assert screen.reasons == ["the army costs 13 points; a House has 12"]  # the engine's own sentence kept
    app.set_language("en")
    assert screen.reason_lines() == ["The army costs 13 points, but a House has 12"]


def test_an_army_refusal_is_shown_in_english_when_the_app_speaks_english(magici_app):
    app = magici_app(lang="en")
    screen = open_builder(app)
    place(app, screen, Side.WHITE, PieceKind.ROOK, "b1")
    assert screen.reason_lines() == ["White Rook on b1: it may only stand on a1, h1"]


def test_a_purchase_refused_for_one_army_names_that_army_in_italian(magici_app):
    import pytest

    from companion.rules.magici_army import ArmyError, build_army

    app = magici_app(lang="it")
    screen = open_builder(app)
    with pytest.raises(ArmyError) as info:
        build_army({}, {"d8": "Q", "c8": "B", "f8": "B", "a7": "P", "b7": "P", "c7": "P"})
    screen.reasons = info.value.reasons
    assert screen.reason_lines() == ["Nero: L'esercito costa 13 punti, ma una Casata ne ha 12"]


def test_white_pieces_are_solid_white_and_the_two_kings_differ(magici_app):
    """A White piece is a white shape with a dark edge, not a thin outline: on the board the
    White King (e1) is mostly white where the Black King (e8) is mostly black, on a light square
    and a dark one alike; the piece buttons show the chosen House's pieces the same way."""
    app = magici_app()
    screen = open_builder(app)
    canvas = app.render()

    def inked(square: str) -> tuple[int, int]:
        rect = screen.grid.rect_of(square).inflate(-12, -12)
        light = dark = 0
        for x in range(rect.x, rect.right):
            for y in range(rect.y, rect.bottom):
                r, g, b = tuple(canvas.get_at((x, y)))[:3]
                light += r > 235 and g > 235 and b > 235
                dark += r < 40 and g < 40 and b < 40
        return light, dark

    white_light, white_dark = inked("e1")
    black_light, black_dark = inked("e8")
    assert white_light > white_dark and white_light > 2 * black_light  # a white body (its edge is dark)
    assert black_dark > 2 * black_light  # a black body (its thin rim is light)
    press(app, screen, screen.houses[Side.BLACK].name)  # Black's buttons: black pieces
    press(app, screen, app.t("magici.piece.Q"))
    assert screen.kind is PieceKind.QUEEN and screen.side is Side.BLACK


def test_clearing_an_army_takes_a_second_tap_and_anything_else_cancels(magici_app):
    app = magici_app()
    screen = open_builder(app)
    assert not button(screen, app.t("magici.army.clear")).enabled  # nothing placed: nothing to clear
    place(app, screen, Side.WHITE, PieceKind.PAWN, "d2")
    place(app, screen, Side.WHITE, PieceKind.ROOK, "a1")
    press(app, screen, app.t("magici.army.clear"))
    assert len(screen.placed[Side.WHITE]) == 2  # asked, not done
    ask = button(screen, app.t("magici.army.clear_confirm"))
    tap(app, *screen.grid.rect_of("h5").center)  # anything else cancels (and does its own thing)
    assert len(screen.placed[Side.WHITE]) == 2 and not screen.confirm_clear
    press(app, screen, app.t("magici.army.clear"))
    press(app, screen, app.t("magici.army.clear_confirm"))
    assert screen.placed[Side.WHITE] == {} and ask.color is not None
