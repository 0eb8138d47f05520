"""Differential tests against python-chess (a test oracle only).

Magici positions without turned Pawns must give chess's legal moves (a promotion in chess is a
turning Pawn in Magici: the four promotion moves collapse to one from-to move). Due Re must give
python-chess's pseudo-legal moves on boards with two Kings a side.
"""

from __future__ import annotations

import random

import chess

from companion.rules import get_variant

SEEDS_FENS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def chess_moves_as_magici(board: chess.Board) -> set[str]:
    return {m.uci()[:4] for m in board.legal_moves}


def random_chess_positions(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    fens: list[str] = []
    while len(fens) < count:
        board = chess.Board(rng.choice(SEEDS_FENS))
        for _ in range(rng.randrange(1, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            fens.append(board.fen())
    return fens[:count]


def test_magici_matches_chess_legal_moves_on_random_positions() -> None:
    variant = get_variant("magici")
    checked = 0
    for fen in random_chess_positions(3000, seed=20261122):
        board = chess.Board(fen)
        pos = variant.from_fen(fen)
        ours = [str(m) for m in pos.legal_moves()]
        assert len(ours) == len(set(ours)), fen
        assert set(ours) == chess_moves_as_magici(board), fen
        assert pos.is_check() == board.is_check(), fen
        outcome = pos.outcome()
        if board.is_checkmate():
            assert outcome is not None and outcome.termination.value == "checkmate", fen
        elif board.is_stalemate():
            assert outcome is not None and outcome.termination.value == "stalemate", fen
        else:
            assert outcome is None, fen
        checked += 1
    assert checked == 3000


def random_duere_board(rng: random.Random) -> chess.Board:
    board = chess.Board(None)
    cells = rng.sample(range(64), 4 + rng.randrange(0, 20))
    kings, others = cells[:4], cells[4:]
    for i, cell in enumerate(kings):
        board.set_piece_at(cell, chess.Piece(chess.KING, i < 2))
    for cell in others:
        kind = rng.choice([chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT])
        board.set_piece_at(cell, chess.Piece(kind, rng.random() < 0.5))
    board.turn = rng.random() < 0.5
    return board


def test_duere_matches_chess_pseudo_legal_moves_with_two_kings_a_side() -> None:
    variant = get_variant("duere")
    rng = random.Random(7)
    for _ in range(2000):
        board = random_duere_board(rng)
        fen = f"{board.board_fen()} {'w' if board.turn else 'b'} 1"
        pos = variant.from_fen(fen)
        ours = sorted(str(m) for m in pos.legal_moves())
        theirs = sorted(m.uci() for m in board.pseudo_legal_moves)
        assert ours == theirs, fen


def test_duere_playouts_match_chess_pseudo_legal_moves() -> None:
    variant = get_variant("duere")
    rng = random.Random(11)
    for _ in range(40):
        pos = variant.start_position()
        board = chess.Board(pos.fen().rsplit(" ", 1)[0] + " - - 0 1")
        for _ in range(60):
            if pos.outcome() is not None:
                break
            ours = sorted(str(m) for m in pos.legal_moves())
            assert ours == sorted(m.uci() for m in board.pseudo_legal_moves), pos.fen()
            text = rng.choice(ours)
            pos.push(text)
            board.push(chess.Move.from_uci(text))


def test_magici_position_strings_follow_chess_fen_move_by_move() -> None:
    """Castling rights, en passant cell and both clocks after each move, as chess writes
    them (until a Pawn reaches the far rank, where the games part)."""
    variant = get_variant("magici")
    rng = random.Random(5)
    compared = 0
    for _ in range(60):
        start = rng.choice(SEEDS_FENS)
        pos, board = variant.from_fen(start), chess.Board(start)
        for _ in range(60):
            moves = pos.legal_moves()
            if not moves:
                break
            move = rng.choice(moves)
            if move.target[1] in "18" and pos.piece_at(move.origin).kind == "pawn":
                break
            pos.push(move)
            board.push(chess.Move.from_uci(str(move)))
            assert pos.fen() == board.fen(en_passant="fen"), board.fen()
            compared += 1
    assert compared > 1000
