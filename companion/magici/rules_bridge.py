"""Ask the rules engine about a spell when the position is known.

The spell ledger never looks at the board; when the screen follows the game on a position (the
vision follower or a touch board), :func:`spell_check_from_rules` turns the rules engine's
:func:`~companion.rules.magici_spells.spell_query` into the station's ``spell_check``: it vetoes
a spell the position does not allow (the check rule, a piece that cannot move, a capture that
is not possible) with the engine's reasons.

>>> from companion.rules import get_variant
>>> pos = get_variant("magici").from_fen("4k3/8/8/3r4/8/2N1B3/8/4K3 b - - 0 1")
>>> from companion.magici.model import Piece, Side
>>> from companion.magici.spells import Spell, SpellCall
>>> check = spell_check_from_rules(lambda: pos)
>>> check(SpellCall(Spell.TACTICAL, Side.WHITE, Piece.parse("Nc3"), target=Piece.parse("Qa8")), None)
'the Tactical spell names a piece of the side to move; a8 has none'
>>> check(SpellCall(Spell.TACTICAL, Side.WHITE, Piece.parse("Nc3"), target=Piece.parse("Rd5")), None) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.magici.model import Side
from companion.magici.spells import Spell, SpellCall
from companion.magici.station import SpellCheck


def spell_check_from_rules(position: Callable[[], Any]) -> SpellCheck:
    """A ``spell_check`` over the current rules-engine position (``position()`` may return None
    when the board is not being followed: then the ledger alone decides)."""

    def check(call: SpellCall, state: Any) -> str | None:
        from companion.rules import Color, IllegalMove
        from companion.rules.magici_spells import Spell as RulesSpell
        from companion.rules.magici_spells import spell_query

        pos = position()
        if pos is None:
            return None
        side = Color.WHITE if call.side is Side.WHITE else Color.BLACK
        spell = {Spell.HOSTILE: RulesSpell.HOSTILE, Spell.DEFENSIVE: RulesSpell.DEFENSIVE,
                 Spell.TACTICAL: RulesSpell.TACTICAL}[call.spell]
        announced = None
        if call.announced is not None:
            announced = _announced_move(pos, call)
            if announced is None:
                victim = call.announced.captures.text if call.announced.captures else "anything"
                return f"{call.announced.mover.text} has no legal move that captures {victim}"
        named = call.target.square if call.spell is Spell.TACTICAL and call.target else None
        try:
            answer = spell_query(pos, side, spell, call.caster.square, announced=announced, named=named)
        except IllegalMove as exc:
            return str(exc)
        if not answer.allowed:
            return "; ".join(answer.reasons)
        if call.spell is Spell.HOSTILE and call.target is not None:
            if not any(m.origin == call.target.square for m in answer.moves):
                return f"{call.target.text} cannot legally capture on {call.caster.square}"
        return None

    return check


def _announced_move(pos: Any, call: SpellCall) -> Any:
    """The legal move the announcement describes (a Pawn's en passant lands beside its victim)."""
    from companion.rules.moves import Flag

    assert call.announced is not None
    mover, victim = call.announced.mover.square, call.announced.captures
    moves = [m for m in pos.legal_moves() if m.origin == mover]
    if victim is None:
        return None
    direct = [m for m in moves if m.target == victim.square]
    if direct:
        return direct[0]
    passant = [m for m in moves if m.key[3] == Flag.EN_PASSANT]
    return passant[0] if passant else None
