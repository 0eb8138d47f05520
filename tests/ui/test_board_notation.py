"""The history's notation: SAN as python-chess writes it for Scacchi Magici games without
turned pawns (disambiguation, captures, castling, en passant, check and mate)."""

import random

import chess

from companion.rules import get_variant
from companion.rules.notation import long_notation, move_notation
from companion.rules.session import check_suffix


def test_san_matches_python_chess_over_random_games():
    rng = random.Random(2026)
    compared = 0
    for _ in range(12):
        pos = get_variant("magici").start_position()
        board = chess.Board()
        for _ply in range(80):
            moves = pos.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            if pos.piece_at(move.origin).kind == "pawn" and move.target[1] in "18":
                break  # a Pawn would turn round: python-chess would promote instead
            ours = move_notation(pos, move)
            theirs = board.san(chess.Move.from_uci(str(move)))
            pos.push(move)
            board.push_uci(str(move))
            assert ours + check_suffix(pos) == theirs, (board.fen(), str(move))
            compared += 1
    assert compared > 300


def test_due_re_steps_are_written_long_with_the_piece_and_both_squares():
    pos = get_variant("duere").from_fen("k6k/8/8/8/8/8/n7/RK5K w 1")
    assert long_notation(pos, pos.parse_move("a1a2")) == "Ra1xa2"
    assert long_notation(pos, pos.parse_move("b1c2")) == "Kb1-c2"


# -- notation in the user's language (issue 14): Italian R D T A C P, English K Q R B N P ----------

def board_screen(app, game, fen=None):
    from companion.ui.board.screen import GameScreen
    from companion.ui.board.session import BoardSession

    screen = GameScreen(app, BoardSession.new(app.journal, game, start_fen=fen))
    app.push(screen)
    return screen


def test_the_italian_history_writes_italian_letters_and_the_english_one_english(make_app):
    for lang, lines in (("it", ["1. Cf3  d5", "2. Ce5  Dd6"]),
                        ("en", ["1. Nf3  d5", "2. Ne5  Qd6"])):
        app = make_app(lang=lang)
        screen = board_screen(app, "magici")
        for text in ("g1f3", "d7d5", "f3e5", "d8d6"):
            screen.session.play_text(text)
        assert screen.history_lines() == lines
        assert [h.notation for h in screen.session.history] == ["Nf3", "d5", "Ne5", "Qd6"]


def test_promotions_and_tamerlane_pieces_are_written_in_the_users_language(make_app):
    app = make_app(lang="it")
    clupso = board_screen(app, "clupso", "8/7m/8/8/8/8/M5M1/8 w 1")
    for text in ("a2a1=Q", "h7g7", "a1g7"):
        clupso.session.play_text(text)
    assert [h.shown("it") for h in clupso.session.history] == ["a2-a1=D", "h7-g7", "Dxg7"]
    assert [h.shown("en") for h in clupso.session.history] == ["a2-a1=Q", "h7-g7", "Qxg7"]
    camerlano = board_screen(app, "camerlano", "k10/2P8/11/11/11/11/11/11/11/5K5 w K 0,0 1")
    for text in ("f1e1", "a10b10", "c9c10"):
        camerlano.session.play_text(text)
    assert [h.shown("it") for h in camerlano.session.history] == ["Sae1", "Sab10", "c10=A"]
    assert [h.shown("en") for h in camerlano.session.history] == ["Ke1", "Kb10", "c10=B"]


def test_due_re_steps_in_italian_letters(make_app):
    from companion.ui.board.duere import DueReScreen
    from companion.ui.board.duere_session import DueReSession

    app = make_app(lang="it")
    screen = DueReScreen(app, DueReSession.new(app.journal, "duere"))
    app.push(screen)
    screen.session.roll_dice((5, 3))
    screen.session.play_text("5:b2c4")
    screen.session.play_text("3:b1b3")
    assert screen.history_lines() == ["1. 5: Cb2-c4  3: Tb1-b3"]
    assert [h.notation for h in screen.session.history] == ["5: Nb2-c4", "3: Rb1-b3"]


def test_switching_the_language_rewrites_the_open_history(make_app):
    app = make_app(lang="it")
    screen = board_screen(app, "magici")
    screen.session.play_text("g1f3")
    assert screen.history_lines() == ["1. Cf3"]
    app.set_language("en")
    assert screen.history_lines() == ["1. Nf3"]


def test_exports_keep_the_standard_letters_in_the_italian_app(make_app):
    from companion.ui.board.export import magici_pgn

    app = make_app(lang="it")
    screen = board_screen(app, "magici")
    for text in ("g1f3", "d7d5"):
        screen.session.play_text(text)
    assert magici_pgn(screen.session).splitlines()[-1] == "1. Nf3 d5 *"
    assert [m["notation"] for m in screen.session.record()["moves"]] == ["Nf3", "d5"]
