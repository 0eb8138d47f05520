"""The Scacchi Magici board by touch: a short game checked against the engine and python-chess,
the reasons for refused moves, turned Pawns in the PGN, the station's hook, resumption."""

import dataclasses
import io

import chess
import chess.pgn
import pygame

from companion.rules import get_variant
from companion.ui.board import panel
from companion.ui.board.export import magici_pgn
from companion.ui.board.magici import MagiciBoardScreen
from companion.ui.input import Action, Kind

from .conftest import tap


def tap_cell(app, screen, cell):
    tap(app, *screen.view.cell_rect(cell).center)


def play(app, screen, *moves):
    for text in moves:
        tap_cell(app, screen, text[:2])
        tap_cell(app, screen, text[2:4])


def test_fools_mate_entered_by_touch_is_checkmate_as_the_engine_and_python_chess_say(make_app, tmp_path):
    app = make_app(lang="en")
    app.config = dataclasses.replace(app.config, data_dir=tmp_path)
    screen = MagiciBoardScreen(app)
    app.push(screen)
    moves = ("f2f3", "e7e5", "g2g4", "d8h4")
    play(app, screen, *moves)
    engine = get_variant("magici").start_position()
    board = chess.Board()
    for m in moves:
        engine.push(m)
        board.push_uci(m)
    assert screen.session.position.fen() == engine.fen() == board.fen()
    assert screen.session.result == {"result": "0-1", "winner": "b", "termination": "checkmate"}
    assert [h.notation for h in screen.session.history] == ["f3", "e5", "g4", "Qh4#"]
    assert screen.status_line()[0] == "Checkmate: Black wins"
    tap(app, *next(b for b in screen.buttons if b.label == app.t("board.export")).rect.center)
    pgn_path = tmp_path / "exports" / f"magici-{screen.session.match.id}.pgn"
    game = chess.pgn.read_game(io.StringIO(pgn_path.read_text()))
    assert game.headers["SetUp"] == "1" and game.headers["Result"] == "0-1"
    assert [m.uci() for m in game.mainline_moves()] == list(moves)


def test_a_king_may_not_step_into_check_and_the_reason_is_said_in_italian(make_app):
    app = make_app(lang="it")
    screen = MagiciBoardScreen(app, start_fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    app.push(screen)
    tap_cell(app, screen, "e1")
    assert screen.targets() == {"d1", "e2", "f1"}  # d2 and f2 are on the rook's rank
    tap_cell(app, screen, "d2")
    assert screen.message == "Il tuo Re sarebbe sotto scacco"
    assert screen.session.history == []


def test_a_pinned_piece_is_refused_with_the_pin_named(make_app):
    app = make_app(lang="en")
    screen = MagiciBoardScreen(app, start_fen="4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")
    app.push(screen)
    tap_cell(app, screen, "e2")
    assert screen.message == "The piece on e2 has no legal move"
    assert screen.targets() == frozenset()
    tap_cell(app, screen, "c3")
    assert "pinned" in screen.message


def test_castling_is_the_kings_move_by_touch(make_app):
    app = make_app()
    screen = MagiciBoardScreen(app, start_fen="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    app.push(screen)
    play(app, screen, "e1g1")
    assert screen.session.position.piece_at("f1").kind == "rook"
    assert screen.session.history[-1].notation == "O-O"


def test_a_pawn_that_reaches_the_far_rank_turns_and_the_pgn_says_so(make_app):
    app = make_app()
    screen = MagiciBoardScreen(app, start_fen="4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    app.push(screen)
    play(app, screen, "a7a8")
    assert screen.session.position.piece_at("a8").state == "turned"
    play(app, screen, "e8e7", "a8a7")  # the turned pawn now walks back down
    assert screen.session.position.piece_at("a7") is not None
    pgn = magici_pgn(screen.session)
    assert "{the Pawn on a8 turns round (a8:b)}" in pgn
    assert '[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"]' in pgn


class FakeStation:
    """A stand-in referee-station panel that records what the board tells it."""

    def __init__(self):
        self.moves = []
        self.undos = []
        self.drawn = []
        self.taps = []

    def draw_panel(self, surface, rect):
        self.drawn.append(pygame.Rect(rect))
        pygame.draw.rect(surface, (10, 80, 10), rect)

    def on_move(self, move_text, fen, by=""):
        self.moves.append((move_text, fen))

    def on_undo(self, fen):
        self.undos.append(fen)

    def handle_panel(self, action):
        if action.kind is Kind.TAP:
            self.taps.append(action.pos)
        return True

    def side_names(self):
        return ("Grifondoro", "Serpeverde")


def test_the_station_panel_sits_beside_the_board_and_hears_every_move_and_undo(make_app):
    app = make_app(lang="en")
    station = FakeStation()
    screen = MagiciBoardScreen(app, station=station)
    app.push(screen)
    app.render()
    rect = station.drawn[-1]
    assert rect.left >= screen.view.outer.right and rect.right <= 800
    assert not rect.colliderect(screen.view.board_rect)
    play(app, screen, "e2e4")
    assert station.moves == [("e2e4", screen.session.position.fen())]
    assert screen.status_line()[0] == "Serpeverde to move"
    tap(app, *rect.center)
    assert station.taps == [rect.center]
    screen.undo()
    assert station.undos == [get_variant("magici").start_position().fen()]


def test_a_board_sharing_the_stations_match_never_undoes_a_station_event(make_app):
    app = make_app(lang="en")
    match = app.journal.new_match("magici", title="Grifondoro - Serpeverde")
    match.append("start", {"first": "w"})
    screen = MagiciBoardScreen(app, match=match)
    app.push(screen)
    play(app, screen, "e2e4")
    match.append("move_end", {"side": "w"})  # the station's own event comes last
    screen.undo()
    assert screen.message == app.t("board.undo_at_station")
    assert [h.text for h in screen.session.history] == ["e2e4"]
    again = MagiciBoardScreen(app, match=app.journal.match(match.id))
    assert again.session.position.fen() == screen.session.position.fen()


def test_a_board_of_its_own_is_resumed_after_a_restart(make_app, tmp_path):
    path = tmp_path / "j.db"
    app = make_app(journal_path=path)
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1"
    screen = MagiciBoardScreen(app, start_fen=start)
    app.push(screen)
    play(app, screen, "e2e4", "e7e5")
    fen = screen.session.position.fen()
    app.journal.close()
    again = make_app(journal_path=path)
    match = again.journal.latest_unfinished("magici-board")
    resumed = MagiciBoardScreen(again, match=match)
    assert resumed.session.start_fen == start and resumed.session.position.fen() == fen


def test_undo_and_redo_of_the_mating_move_reopen_and_refinish_the_game(make_app):
    app = make_app()
    screen = MagiciBoardScreen(app)
    app.push(screen)
    play(app, screen, "f2f3", "e7e5", "g2g4", "d8h4")
    match_id = screen.session.match.id
    screen.undo()
    assert screen.session.result is None and not app.journal.match(match_id).info.finished
    assert len(screen.session.history) == 3
    screen.redo()
    assert screen.session.result["termination"] == "checkmate"
    assert app.journal.match(match_id).info.finished


def test_the_referee_records_an_agreed_draw(make_app):
    app = make_app(lang="en")
    screen = MagiciBoardScreen(app)
    app.push(screen)
    play(app, screen, "e2e4")
    tap(app, *next(b for b in screen.buttons if b.label == "Referee").rect.center)
    tap(app, *next(b for b in screen.overlay_buttons if b.label == "Agreed draw").rect.center)
    assert screen.session.result["termination"] == "agreement"
    assert screen.status_line()[0] == "Draw by agreement"
    assert app.journal.match(screen.session.match.id).info.finished
    screen.handle(Action(Kind.COMMAND, name="undo"))
    assert screen.session.result is None


def test_a_turn_passed_on_time_is_a_null_move_on_the_board_and_in_the_pgn(make_app):
    app = make_app(lang="en")
    screen = MagiciBoardScreen(app, station=FakeStation())
    app.push(screen)
    play(app, screen, "e2e4")
    assert screen.pass_turn()
    assert screen.session.position.turn.letter == "w"
    play(app, screen, "d2d4")
    pgn = magici_pgn(screen.session)
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert [str(m) for m in game.mainline_moves()] == ["e2e4", "0000", "d2d4"]
    assert "passes (time)" in screen.history_lines()[0]


def test_a_team_in_check_cannot_pass_the_turn(make_app):
    app = make_app(lang="en")
    checked = MagiciBoardScreen(app, start_fen="4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")
    app.push(checked)
    assert not checked.pass_turn()
    assert checked.message == "A team in check cannot let the turn pass: it must get out of check"
    assert checked.session.history == []


def test_a_king_in_check_is_marked_on_the_board_and_in_the_panel(make_app):
    app = make_app(lang="en")
    screen = MagiciBoardScreen(app, start_fen="4k3/8/8/8/8/8/8/4KR2 w - - 0 1")
    app.push(screen)
    assert screen.king_in_check() is None
    play(app, screen, "f1f8")
    assert screen.king_in_check() == "e8"
    assert "e8" in screen.marks().extra
    screen.message = ""
    assert panel.status_message(screen) == ("Check!", "warn")


def test_the_turn_line_names_the_house_without_an_article_in_italian(make_app):
    app = make_app(lang="it")
    screen = MagiciBoardScreen(app, station=FakeStation())
    app.push(screen)
    assert screen.status_line()[0] == "Muove Grifondoro"


def test_a_flipped_board_still_takes_moves_by_touch(make_app):
    app = make_app(lang="en")
    screen = MagiciBoardScreen(app)
    app.push(screen)
    tap(app, *next(b for b in screen.buttons if b.label == "⇅ Flip").rect.center)
    assert screen.view.flipped and screen.view.cell_rect("e2").y < screen.view.cell_rect("e7").y
    play(app, screen, "e2e4")
    assert screen.session.history[-1].text == "e2e4"


def test_switching_the_language_relabels_the_open_board(make_app):
    app = make_app(lang="it")
    screen = MagiciBoardScreen(app)
    app.push(screen)
    assert any(b.label == "Arbitro" for b in screen.buttons)
    app.set_language("en")
    assert any(b.label == "Referee" for b in screen.buttons)
    assert screen.status_line()[0] == "White to move"
