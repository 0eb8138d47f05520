"""The pieces each side has lost, for the strip under the turn (pure: no pygame).

Read from the session's history: each move's ``fen_before`` and the position after it (the next
entry's ``fen_before``, or the current position). A piece of the side that did *not* move that
is gone after the move was captured (a jump chain takes several); a piece of the mover that
appears (a Clupso man promoted into a piece brought back) takes one of that kind off the
mover's losses, since it is back in play. Referee entries (an agreed Queen replacement, a pass)
capture nothing.

>>> from companion.core.journal import Journal
>>> from companion.rules.session import BoardSession
>>> s = BoardSession.new(Journal.open(":memory:"), "magici")
>>> for m in ("e2e4", "d7d5", "e4d5", "d8d5", "b1c3"):
...     s.play_text(m)
>>> [[p.kind for p in side] for side in lost_pieces(s)]
[['pawn'], ['pawn']]
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.rules import Color, Piece

_Key = tuple[str, str, str]  # kind, symbol, state


def _census(variant: Any, fen: str, cache: dict[str, tuple[Counter[_Key], Counter[_Key]]]) \
        -> tuple[Counter[_Key], Counter[_Key]]:
    found = cache.get(fen)
    if found is None:
        position = variant.from_fen(fen)
        found = (Counter(), Counter())
        for name in position.geometry.cells:
            piece = position.piece_at(name)
            if piece is not None:
                found[int(piece.color)][(piece.kind, piece.symbol, "")] += 1
        cache[fen] = found
    return found


def lost_pieces(session: Any, cache: dict[str, Any] | None = None) -> tuple[list[Piece], list[Piece]]:
    """White's and Black's lost pieces (captured and not back in play), in order of loss."""
    cache = {} if cache is None else cache
    history = session.history
    variant = session.variant
    lost: tuple[list[Piece], list[Piece]] = ([], [])
    current = session.position.fen()
    for i, entry in enumerate(history):
        if entry.notation in ("--",) or entry.text in _REFEREE_TEXTS:
            continue
        after_fen = history[i + 1].fen_before if i + 1 < len(history) else current
        before = _census(variant, entry.fen_before, cache)
        after = _census(variant, after_fen, cache)
        mover, other = int(entry.color), 1 - int(entry.color)
        for key, n in (before[other] - after[other]).items():
            kind, symbol, state = key
            lost[other].extend(Piece(Color(other), kind, symbol, state) for _ in range(n))
        for key, n in (after[mover] - before[mover]).items():  # a piece back in play
            for _ in range(n):
                for j in range(len(lost[mover]) - 1, -1, -1):
                    if lost[mover][j].kind == key[0]:
                        del lost[mover][j]
                        break
    return lost


_REFEREE_TEXTS = frozenset({"draw_agreed", "resign", "queen_replacement", "pass", "pass_turn"})


def grouped(pieces: list[Piece]) -> list[tuple[Piece, int]]:
    """One entry per kind, in order of first loss, with how many."""
    order: dict[str, int] = {}
    first: dict[str, Piece] = {}
    for p in pieces:
        if p.kind not in order:
            order[p.kind] = 0
            first[p.kind] = p
        order[p.kind] += 1
    return [(first[k], n) for k, n in order.items()]
