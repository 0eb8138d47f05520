"""python-chess as an oracle for Elolbia positions without men: then the game is chess
without Pawns and without castling, so the legal moves must agree exactly."""

from __future__ import annotations

import random

import pytest

from companion.rules import get_variant

chess = pytest.importorskip("chess")


def random_board(rng: random.Random) -> "chess.Board":
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), rng.randrange(3, 12))
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        for sq in squares[2:]:
            kind = rng.choice([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT])
            board.set_piece_at(sq, chess.Piece(kind, rng.random() < 0.5))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            return board


@pytest.mark.parametrize("seed", range(40))
def test_elolbia_without_men_moves_like_chess_without_castling(seed: int) -> None:
    board = random_board(random.Random(seed))
    text = f"{board.board_fen()} {'w' if board.turn else 'b'} 1"
    pos = get_variant("elolbia").from_fen(text)
    assert {str(m) for m in pos.legal_moves()} == {m.uci() for m in board.legal_moves}
    outcome = pos.outcome()
    assert (outcome is not None and outcome.termination.value == "checkmate") == \
        board.is_checkmate()
