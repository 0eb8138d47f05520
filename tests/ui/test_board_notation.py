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
