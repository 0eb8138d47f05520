"""Scacchi Magici's spells (Incanti) as queries on a position.

A spell is cast by a piece of the side **not** to move (never by the King; the King is never
a target at any layer), once per game per spell and side (recorded in the position string's
8th field):

- **Hostile** (``H``): cast by a piece attacked by at least one enemy piece, after the side to
  move announces a capture. The mover must instead capture the caster, with a piece the caster
  chooses, other than the one announced and never the King. Legal moves then: every legal
  capture of the caster by another piece but the King (the caster picks one of them); refused
  (``spell.king_target``) when only the King could take it.
- **Defensive** (``D``): cast by the piece the announced move would capture. The announced
  mover may not move this turn: legal moves are those of every other piece. Refused
  (``spell.king_target``) when the announced mover is the King: it is never frozen.
- **Tactical** (``T``): cast before the mover announces; the caster names a piece (not the
  King) that must move: legal moves are that piece's.

A spell may not be cast when its outcome would put the mover's King in check: only legal chess
moves are ever offered, and a spell that leaves **no** legal move is refused. At most one
spell per turn and none in answer to a spell (``spells_this_turn``).
:attr:`SpellAnswer.checkmating` lists the offered moves that give checkmate (an enchanted
victory for the mover).

>>> from companion.rules import get_variant, Color
>>> pos = get_variant("magici").from_fen("4k3/8/8/3r4/8/2N1B3/8/4K3 b - - 0 1")
>>> answer = spell_query(pos, Color.WHITE, Spell.DEFENSIVE, "e3", announced="d5d1")
>>> answer.allowed, answer.reasons
(False, ('the Defensive spell is cast by the piece the announced move would capture (d1 is empty)',))
>>> answer.reasons[0].code, answer.reasons[0].params
('spell.defensive_nothing_taken', {'cell': 'd1'})
>>> answer = spell_query(pos, Color.WHITE, Spell.HOSTILE, "c3", announced="d5d1")
>>> answer.allowed
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from companion.rules.errors import IllegalMove
from companion.rules.magici import MagiciPosition
from companion.rules.moves import Flag, Move
from companion.rules.pieces import Color
from companion.rules.refusal import Refusal


class Spell(Enum):
    """The three spells; ``letter`` is White's mark in the position string."""

    HOSTILE = "H"
    DEFENSIVE = "D"
    TACTICAL = "T"

    @property
    def letter(self) -> str:
        return self.value

    def mark(self, color: Color) -> str:
        return self.value if color == Color.WHITE else self.value.lower()

    @property
    def title(self) -> str:
        return self.name.capitalize()


@dataclass(frozen=True)
class SpellAnswer:
    """Whether a spell may be cast, why not, and the moves the mover may then play.

    Each reason is a :class:`~companion.rules.refusal.Refusal` (an English sentence with a
    ``spell.*`` code and its values, for the screens' translation table).
    """

    allowed: bool
    reasons: tuple[str, ...] = ()
    moves: tuple[Move, ...] = ()
    checkmating: tuple[Move, ...] = field(default=())


def spell_available(pos: MagiciPosition, side: Color, spell: Spell) -> bool:
    """Whether ``side`` has not yet used ``spell`` this game."""
    return spell.mark(side) not in pos.spells_used


def spell_query(pos: MagiciPosition, side: Color, spell: Spell, caster: str,
                announced: Move | str | None = None, named: str | None = None,
                spells_this_turn: int = 0) -> SpellAnswer:
    """May ``side``'s piece on ``caster`` cast ``spell`` now, and which moves are then legal?

    ``announced``: the mover's announced move (Hostile and Defensive); ``named``: the piece the
    Tactical caster names.
    """
    if not isinstance(pos, MagiciPosition):
        raise TypeError("spells are a Scacchi Magici rule")
    g = pos.geometry
    reasons: list[str] = []
    if pos.outcome() is not None:
        return SpellAnswer(False, (Refusal("the game is over", "spell.game_over"),))
    if side == pos.turn:
        reasons.append(Refusal("a spell is cast during the opponent's turn, not your own", "spell.own_turn"))
    if spells_this_turn:
        reasons.append(Refusal("at most one spell per turn, and no spell in answer to a spell",
                               "spell.one_per_turn"))
    if not spell_available(pos, side, spell):
        reasons.append(Refusal(f"{side.name.lower()} has already used the {spell.title} spell",
                               "spell.already_used", side=side.name.lower(), spell=spell.name.lower()))
    if not g.has(caster):
        raise IllegalMove(Refusal(f"no cell named {caster!r}", "move.no_cell", cell=str(caster)))
    piece = pos.piece_at(caster)
    if piece is None or piece.color != side:
        reasons.append(Refusal(f"the caster on {caster} must be a piece of {side.name.lower()}",
                               "spell.caster_not_yours", cell=caster, side=side.name.lower()))
    elif piece.kind == "king":
        reasons.append(Refusal("the King never casts a spell", "spell.king_casts"))
    if reasons:
        return SpellAnswer(False, tuple(reasons))

    legal = pos.legal_moves()
    move: Move | None = None
    if spell in (Spell.HOSTILE, Spell.DEFENSIVE):
        if announced is None:
            return SpellAnswer(False, (Refusal(f"the {spell.title} spell answers an announced move",
                                               "spell.needs_announcement", spell=spell.name.lower()),))
        move = pos.parse_move(str(announced))
    elif announced is not None:
        return SpellAnswer(False, (Refusal("the Tactical spell is cast before a move is announced",
                                           "spell.tactical_before_announcement"),))

    if spell == Spell.HOSTILE:
        assert move is not None
        if not _is_capture(pos, move):
            return SpellAnswer(False, (Refusal("the Hostile spell answers an announced capture",
                                               "spell.hostile_needs_capture"),))
        cell = g.index(caster)
        if not pos._attacked(cell, pos.side):
            return SpellAnswer(False, (Refusal(f"the caster on {caster} is not attacked", "spell.caster_not_attacked",
                                               cell=caster),))
        # The King is never a spell's target: never the piece a Hostile spell forces to capture.
        capturers = [m for m in legal if m.target == caster and m.origin != move.origin]
        offered = [m for m in capturers if not _is_king(pos, m.origin)]
        if capturers and not offered:
            return SpellAnswer(False, (Refusal("the King is never the target of a spell: only the King"
                                               f" could capture on {caster}", "spell.king_target"),))
        if not offered:
            return SpellAnswer(False, (Refusal(f"no piece but the announced one may legally capture on"
                                               f" {caster}", "spell.no_other_capturer", cell=caster),))
    elif spell == Spell.DEFENSIVE:
        assert move is not None
        victim = _captured_cell(pos, move)
        if victim != caster:
            what = f"{victim} holds the piece taken" if victim else f"{move.target} is empty"
            message = f"the Defensive spell is cast by the piece the announced move would capture ({what})"
            refusal = (Refusal(message, "spell.defensive_victim_elsewhere", cell=victim) if victim
                       else Refusal(message, "spell.defensive_nothing_taken", cell=move.target))
            return SpellAnswer(False, (refusal,))
        if _is_king(pos, move.origin):  # never the mover a Defensive spell freezes
            return SpellAnswer(False, (Refusal("the King is never the target of a spell: the"
                                               " Defensive spell cannot freeze it", "spell.king_target"),))
        offered = [m for m in legal if m.origin != move.origin]
        if not offered:
            return SpellAnswer(False, (Refusal("no other piece can move", "spell.no_other_piece_moves"),))
    else:
        if named is None or not g.has(named):
            return SpellAnswer(False, (Refusal("the Tactical spell names the piece that must move",
                                               "spell.tactical_needs_name"),))
        target = pos.piece_at(named)
        if target is None or target.color == side:
            return SpellAnswer(False, (Refusal(f"the Tactical spell names a piece of the side to move;"
                                               f" {named} has none", "spell.tactical_no_enemy", cell=named),))
        if target.kind == "king":
            return SpellAnswer(False, (Refusal("the King is never the target of a spell", "spell.king_target"),))
        offered = [m for m in legal if m.origin == named]
        if not offered:
            return SpellAnswer(False, (Refusal(f"the piece on {named} has no legal move", "spell.named_piece_stuck",
                                               cell=named),))
    mating = tuple(m for m in offered if _gives_mate(pos, m))
    return SpellAnswer(True, (), tuple(offered), mating)


def cast_spell(pos: MagiciPosition, side: Color, spell: Spell, caster: str,
               announced: Move | str | None = None, named: str | None = None,
               spells_this_turn: int = 0) -> tuple[MagiciPosition, SpellAnswer]:
    """Cast a spell: a copy of the position with the spell marked used, and the answer.

    Raises :class:`IllegalMove` with the reasons when the spell may not be cast.
    """
    answer = spell_query(pos, side, spell, caster, announced, named, spells_this_turn)
    if not answer.allowed:
        raise IllegalMove("; ".join(answer.reasons))
    new = pos.copy()
    new.spells_used.add(spell.mark(side))
    return new, answer


def _captured_cell(pos: MagiciPosition, move: Move) -> str | None:
    if move.key[3] == Flag.EN_PASSANT:
        return pos.geometry.name(pos.ep_victim)
    return move.target if pos.piece_at(move.target) is not None else None


def _is_king(pos: MagiciPosition, cell: str) -> bool:
    piece = pos.piece_at(cell)
    return piece is not None and piece.kind == "king"


def _is_capture(pos: MagiciPosition, move: Move) -> bool:
    return _captured_cell(pos, move) is not None


def _gives_mate(pos: MagiciPosition, move: Move) -> bool:
    pos._make(move.key)
    try:
        return not pos._legal() and pos.is_check()
    finally:
        pos._unmake()
