"""Substitutions: the MP table (leaving × entering) and its checks.

A positive value is added to the player's MP for the turn; a negative one is paid and the
player must have enough MP left. The King is never substituted.

>>> substitution_mp(PieceKind.ROOK, PieceKind.QUEEN), substitution_mp(PieceKind.QUEEN, PieceKind.PAWN)
(-5, 10)
"""

from __future__ import annotations

from companion.chessball.pieces import PieceKind

Q, R, B, N, P = (PieceKind.QUEEN, PieceKind.ROOK, PieceKind.BISHOP, PieceKind.KNIGHT, PieceKind.PAWN)

# SUBSTITUTION_MP[leaving][entering]
SUBSTITUTION_MP: dict[PieceKind, dict[PieceKind, int]] = {
    Q: {R: 3, B: 5, N: 5, P: 10},
    R: {Q: -5, B: 3, N: 3, P: 7},
    B: {Q: -8, R: -5, N: 0, P: 4},
    N: {Q: -8, R: -5, B: 0, P: 4},
    P: {Q: -15, R: -10, B: -7, N: -7},
}


class IllegalSubstitution(ValueError):
    pass


def substitution_mp(leaving: PieceKind, entering: PieceKind) -> int:
    """The MP a substitution gives (positive) or costs (negative) the player."""
    if PieceKind.KING in (leaving, entering):
        raise IllegalSubstitution("the King is never substituted")
    if leaving is entering:
        raise IllegalSubstitution(f"a {leaving.value} cannot be replaced by another {entering.value}")
    return SUBSTITUTION_MP[leaving][entering]
