"""The substitution cost table, cell by cell."""

import pytest

from companion.chessball.pieces import PieceKind
from companion.chessball.substitution import IllegalSubstitution, substitution_mp

Q, R, B, N, P = PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.PAWN

TABLE = {
    (Q, R): 3, (Q, B): 5, (Q, N): 5, (Q, P): 10,
    (R, Q): -5, (R, B): 3, (R, N): 3, (R, P): 7,
    (B, Q): -8, (B, R): -5, (B, N): 0, (B, P): 4,
    (N, Q): -8, (N, R): -5, (N, B): 0, (N, P): 4,
    (P, Q): -15, (P, R): -10, (P, B): -7, (P, N): -7,
}


@pytest.mark.parametrize("leaving, entering", list(TABLE))
def test_substitution_cost_table(leaving, entering):
    assert substitution_mp(leaving, entering) == TABLE[(leaving, entering)]


def test_the_king_is_never_substituted():
    with pytest.raises(IllegalSubstitution, match="King"):
        substitution_mp(PieceKind.KING, Q)
    with pytest.raises(IllegalSubstitution, match="King"):
        substitution_mp(R, PieceKind.KING)


def test_a_piece_is_not_replaced_by_its_own_kind():
    with pytest.raises(IllegalSubstitution):
        substitution_mp(R, R)
