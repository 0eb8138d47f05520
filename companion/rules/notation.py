"""Move notation for the history: chess SAN where the game is chess-like, plain text elsewhere.

- Chess men (and every piece with a letter): ``Nf3``, ``Rad1``, ``exd5``, ``O-O``, ``e8=Q``;
  SAN's disambiguation (file, then rank, then both) among the legal moves of the same kind.
- Pawns and Camerlano's soldiers write no letter; draughts men write their squares as in
  draughts: ``c3-c4`` for a step, ``c3xe5xg3`` for a chain of jumps.
- A move onto one's own piece (Camerlano's Shah exchange) is written ``Sf2<>g2``.

The notation is computed BEFORE the move is played (the position must still hold the mover).

>>> from companion.rules import get_variant
>>> pos = get_variant("magici").start_position()
>>> move_notation(pos, pos.parse_move("g1f3")), move_notation(pos, pos.parse_move("e2e4"))
('Nf3', 'e4')
"""

from __future__ import annotations

from companion.rules import Move, Position
from companion.rules.moves import Flag

PAWN_LIKE = frozenset({"pawn", "soldier"})
MAN_LIKE = frozenset({"man"})
# The Tamerlane pieces with no chess glyph, by the seed's abbreviations: the board draws them
# as lettered tokens and the history writes the same letters.
TOKEN_LETTERS: dict[str, str] = {
    "vizier": "V", "general": "Ge", "giraffe": "G", "elephant": "E", "camel": "Cm",
    "war_engine": "M", "prince": "Pr",
}


def piece_letter(kind: str, symbol: str) -> str:
    """The letter(s) a piece is written with: the token's for Tamerlane pieces, else the
    engine's (upper case)."""
    return TOKEN_LETTERS.get(kind, symbol.upper())


def move_notation(pos: Position, move: Move) -> str:
    piece = pos.piece_at(move.origin)
    if piece is None:
        return str(move)
    flag = move.key[3] if len(move.key) > 3 else 0
    g = pos.geometry
    if flag == Flag.CASTLE:
        return "O-O" if g.coord(g.index(move.target))[0] > g.coord(g.index(move.origin))[0] else "O-O-O"
    target_piece = pos.piece_at(move.target)
    if piece.kind in MAN_LIKE:
        if move.path or _is_jump(pos, move):
            return "x".join((move.origin, *move.path, move.target)) + _promotion(pos, move)
        return f"{move.origin}-{move.target}" + _promotion(pos, move)
    letter = piece_letter(piece.kind, piece.symbol)
    if target_piece is not None and target_piece.color == piece.color:
        return f"{letter}{move.origin}<>{move.target}"
    capture = target_piece is not None or flag == Flag.EN_PASSANT
    if piece.kind in PAWN_LIKE:
        if move.path:  # Camerlano's Shah-file soldier: its arrival, then where it is moved to
            arrival = move.path[-1]
            captured = pos.piece_at(arrival) is not None
            return (f"{move.origin[0]}x{arrival}" if captured else arrival) + f"→{move.target}"
        text = f"{move.origin[0]}x{move.target}" if capture else move.target
        return text + _promotion(pos, move)
    text = letter + _disambiguation(pos, move) + ("x" if capture else "") + move.target
    return text + "".join(move.path) + _promotion(pos, move)


def _is_jump(pos: Position, move: Move) -> bool:
    g = pos.geometry
    (f0, r0), (f1, r1) = g.coord(g.index(move.origin)), g.coord(g.index(move.target))
    return max(abs(f1 - f0), abs(r1 - r0)) >= 2


def _promotion(pos: Position, move: Move) -> str:
    if move.promotion:
        return f"={move.promotion.lstrip('=').upper()}"
    new_code = move.key[2] if len(move.key) > 2 else 0
    mover = pos.piece_at(move.origin)
    if new_code and mover is not None:
        becomes = pos.variant.pieces[new_code]
        if becomes is not None and becomes.kind != mover.kind:
            return f"={becomes.symbol.upper()}"
    return ""


def _disambiguation(pos: Position, move: Move) -> str:
    piece = pos.piece_at(move.origin)
    rivals = []
    for other in pos.legal_moves():
        if other.target != move.target or other.origin == move.origin:
            continue
        p = pos.piece_at(other.origin)
        if p is not None and piece is not None and p.kind == piece.kind:
            rivals.append(other.origin)
    if not rivals:
        return ""
    g = pos.geometry
    f0, r0 = g.coord(g.index(move.origin))
    if all(g.coord(g.index(o))[0] != f0 for o in rivals):
        return move.origin[0]
    if all(g.coord(g.index(o))[1] != r0 for o in rivals):
        return move.origin[1:]
    return move.origin


def long_notation(pos: Position, move: Move) -> str:
    """Long algebraic, for games where SAN's disambiguation would mislead (Due Re's dice):
    ``Ra1-a3``, ``Nb2xc4``; played BEFORE the move, on the board that holds the mover.

    >>> from companion.rules import get_variant
    >>> pos = get_variant("duere").start_position()
    >>> long_notation(pos, pos.parse_move("b2c4"))
    'Nb2-c4'
    """
    piece = pos.piece_at(move.origin)
    if piece is None:
        return str(move)
    target = pos.piece_at(move.target)
    sep = "x" if target is not None and target.color != piece.color else "-"
    letter = "" if piece.kind in PAWN_LIKE or piece.kind in MAN_LIKE else piece_letter(piece.kind, piece.symbol)
    return f"{letter}{move.origin}{sep}{move.target}" + _promotion(pos, move)
