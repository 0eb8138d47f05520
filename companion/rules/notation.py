"""Move notation for the history: chess SAN where the game is chess-like, plain text elsewhere,
with the piece letters of the user's language.

- Chess men (and every piece with a letter): ``Nf3``, ``Rad1``, ``exd5``, ``O-O``, ``e8=Q``;
  SAN's disambiguation (file, then rank, then both) among the legal moves of the same kind.
- Pawns and Camerlano's soldiers write no letter; draughts men write their squares as in
  draughts: ``c3-c4`` for a step, ``c3xe5xg3`` for a chain of jumps.
- A move onto one's own piece (Camerlano's Shah exchange) is written ``Sf2<>g2``.

**Letters** (one convention per language everywhere; see also ``companion/rules/FORMATS.md``):

=========== ======= ========  ============ ======= ========
piece       English Italian   piece        English Italian
=========== ======= ========  ============ ======= ========
King        K       R (Re)    Shah         K       Sa
Queen       Q       D (Donna) Prince       Pr      Pr
Rook        R       T (Torre) Vizier       V       V
Bishop      B       A         General      Ge      Ge
Knight      N       C         Giraffe      G       G
Pawn        (P)     (P)       Elephant     E       E
man         (M)     (M)       Camel        Cm      Cm
                              War engine   M       M
                              Soldier      (S)     (S)
=========== ======= ========  ============ ======= ========

Letters in brackets are never written in a move (a pawn, soldier or man moves by its squares;
the position strings write men M);
Camerlano's Italian letters are the seed's own abbreviations. English is the standard, kept in
every export (PGN for Scacchi Magici, the JSON record); the screens show the user's language.

The notation is computed BEFORE the move is played (the position must still hold the mover),
as tokens (:func:`notation_tokens`) that :func:`render` writes in either language.

>>> from companion.rules import get_variant
>>> pos = get_variant("magici").start_position()
>>> move_notation(pos, pos.parse_move("g1f3")), move_notation(pos, pos.parse_move("e2e4"))
('Nf3', 'e4')
>>> move_notation(pos, pos.parse_move("g1f3"), "it")
'Cf3'
"""

from __future__ import annotations

from collections.abc import Sequence

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
# The letter of each piece kind in a move, per language.
LETTERS: dict[str, dict[str, str]] = {
    "en": {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "N", "pawn": "P",
           "man": "M", "shah": "K", "soldier": "S", **TOKEN_LETTERS},
    "it": {"king": "R", "queen": "D", "rook": "T", "bishop": "A", "knight": "C", "pawn": "P",
           "man": "M", "shah": "Sa", "soldier": "S", **TOKEN_LETTERS},
}
STANDARD = "en"
_KIND = "\x00"  # a token that names a piece kind, written as the language's letter


def piece_letter(kind: str, symbol: str) -> str:
    """The letter(s) a piece is drawn with on the board: the token's for Tamerlane pieces, else
    the engine's (upper case)."""
    return TOKEN_LETTERS.get(kind, symbol.upper())


def letter_of(kind: str, lang: str = STANDARD) -> str:
    """The letter of a piece kind in a move, in ``lang`` (English if the language is unknown).

    >>> letter_of("queen", "it"), letter_of("queen"), letter_of("camel", "it")
    ('D', 'Q', 'Cm')
    """
    table = LETTERS.get(lang, LETTERS[STANDARD])
    return table.get(kind, LETTERS[STANDARD].get(kind, kind[:1].upper()))


def render(tokens: Sequence[str], lang: str = STANDARD) -> str:
    """Tokens from :func:`notation_tokens` as text in ``lang``."""
    return "".join(letter_of(t[1:], lang) if t.startswith(_KIND) else t for t in tokens)


def _letter(kind: str) -> str:
    return _KIND + kind


def move_notation(pos: Position, move: Move, lang: str = STANDARD) -> str:
    """The move in SAN-like notation, in ``lang``'s letters (English by default)."""
    return render(notation_tokens(pos, move), lang)


def notation_tokens(pos: Position, move: Move) -> tuple[str, ...]:
    """The notation of ``move`` as tokens: text, and piece kinds to write as letters."""
    piece = pos.piece_at(move.origin)
    if piece is None:
        return (str(move),)
    flag = move.key[3] if len(move.key) > 3 else 0
    g = pos.geometry
    if flag == Flag.CASTLE:
        return ("O-O" if g.coord(g.index(move.target))[0] > g.coord(g.index(move.origin))[0] else "O-O-O",)
    target_piece = pos.piece_at(move.target)
    if piece.kind in MAN_LIKE:
        if move.path or _is_jump(pos, move):
            return ("x".join((move.origin, *move.path, move.target)), *_promotion(pos, move))
        return (f"{move.origin}-{move.target}", *_promotion(pos, move))
    letter = _letter(piece.kind)
    if target_piece is not None and target_piece.color == piece.color:
        return (letter, f"{move.origin}<>{move.target}")
    capture = target_piece is not None or flag == Flag.EN_PASSANT
    if piece.kind in PAWN_LIKE:
        if move.path:  # Camerlano's Shah-file soldier: its arrival, then where it is moved to
            arrival = move.path[-1]
            captured = pos.piece_at(arrival) is not None
            return ((f"{move.origin[0]}x{arrival}" if captured else arrival) + f"→{move.target}",)
        text = f"{move.origin[0]}x{move.target}" if capture else move.target
        return (text, *_promotion(pos, move))
    text = _disambiguation(pos, move) + ("x" if capture else "") + move.target + "".join(move.path)
    return (letter, text, *_promotion(pos, move))


def _is_jump(pos: Position, move: Move) -> bool:
    g = pos.geometry
    (f0, r0), (f1, r1) = g.coord(g.index(move.origin)), g.coord(g.index(move.target))
    return max(abs(f1 - f0), abs(r1 - r0)) >= 2


def _promotion(pos: Position, move: Move) -> tuple[str, ...]:
    new_code = move.key[2] if len(move.key) > 2 else 0
    mover = pos.piece_at(move.origin)
    if new_code and mover is not None:
        becomes = pos.variant.pieces[new_code]
        if becomes is not None and becomes.kind != mover.kind:
            return ("=", _letter(becomes.kind))
    if move.promotion:
        letter = move.promotion.lstrip("=").upper()
        code = pos.variant.code_by_letter.get(letter)
        becomes = pos.variant.pieces[code] if code else None
        return ("=", _letter(becomes.kind)) if becomes is not None else (f"={letter}",)
    return ()


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


def long_notation(pos: Position, move: Move, lang: str = STANDARD) -> str:
    """Long algebraic, for games where SAN's disambiguation would mislead (Due Re's dice):
    ``Ra1-a3``, ``Nb2xc4``; played BEFORE the move, on the board that holds the mover.

    >>> from companion.rules import get_variant
    >>> pos = get_variant("duere").start_position()
    >>> long_notation(pos, pos.parse_move("b2c4")), long_notation(pos, pos.parse_move("b2c4"), "it")
    ('Nb2-c4', 'Cb2-c4')
    """
    return render(long_tokens(pos, move), lang)


def long_tokens(pos: Position, move: Move) -> tuple[str, ...]:
    """:func:`long_notation` as tokens."""
    piece = pos.piece_at(move.origin)
    if piece is None:
        return (str(move),)
    target = pos.piece_at(move.target)
    sep = "x" if target is not None and target.color != piece.color else "-"
    squares = f"{move.origin}{sep}{move.target}"
    if piece.kind in PAWN_LIKE or piece.kind in MAN_LIKE:
        return (squares, *_promotion(pos, move))
    return (_letter(piece.kind), squares, *_promotion(pos, move))
