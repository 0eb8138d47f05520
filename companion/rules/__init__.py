"""The rules engine: every grid game's moves, positions and outcomes, in pure Python.

Public API (used by vision, the touch boards and the Magici referee station)::

    from companion.rules import get_variant, VARIANT_NAMES, PositionError, IllegalMove
    v = get_variant("magici")        # unknown name -> UnknownVariant (a ValueError)
    v = get_variant("duere", options={"dice_table": {1: "king", ..., 6: "any"}})
    pos = v.start_position()         # a Position
    pos = v.from_fen(text)           # PositionError(ValueError): says what and where
    pos.fen() -> str                 # round-trips exactly
    pos.turn                         # Color.WHITE / Color.BLACK (Due Re: red = WHITE)
    pos.legal_moves() -> list[Move]
    pos.push(move); pos.pop() -> Move
    pos.parse_move("e2e4") -> Move   # IllegalMove(ValueError) with a human reason;
                                     # exc.code / exc.params: the reason for a translation table
    str(move) == "e2e4"
    pos.outcome() -> Outcome | None  # .winner (Color | None), .termination (Termination)
    outcome.words()                  # "black all_pieces_captured", "draw stalemate" (the CLI's)
    pos.piece_at("e1") -> Piece | None   # .color, .kind ("king"...), .symbol ("K"), .state
    pos.geometry.cells -> list[str]
    pos.copy()
    perft(pos, depth, divide=False, roll=None)
    options_of("camerlano")          # the rule options: OptionSpec(name, default, values, ...)
                                     # (also Variant.option_specs())

Refused purchases, placements, spells and moves give :class:`~companion.rules.refusal.Refusal`
reasons: the English sentence (a ``str``) with a ``code`` (``army.too_costly``,
``spell.own_turn``, ``move.empty``...) and its ``params``, so a screen can say them in the
referee's language.

Due Re (``companion.rules.duere``): ``pos.roll_plays((3, 5))`` lists every legal way to play
a roll as :class:`~companion.rules.duere.RollPlay` (ordered ``(die, Move)`` steps using as many
dice as possible); ``pos.analyse_roll(roll)`` adds the pieces that may move for each die and
the dice lost; ``pos.push_play(play)`` plays the whole turn.

Scacchi Magici (``companion.rules.magici``, ``magici_army``, ``magici_spells``): the chess
rules with turning Pawns; :func:`~companion.rules.magici_army.build_army` checks a purchase and
placement; :func:`~companion.rules.magici_spells.spell_query` says whether a spell may be cast
and which moves it leaves.

Elolbia and Clupso (``companion.rules.elolbia``, ``clupso``, ``draughts``): chess pieces with
draughts men whose captures are chains (``Move.path`` holds the landing cells between origin
and target: ``c3e5g3``); referee actions ``pos.agreed_queen_replacement(...)`` (Elolbia) and
``pos.agree_draw()`` (Clupso) return the new position. Camerlano (``companion.rules.camerlano``,
``camerlano_rules``, ``camerlano_fen``): Tamerlane chess on 11x10 with the citadels
``z2``/``z9``; the Shah-file soldier's relocation is a move with a path (``f9f10c5``), the
Shah's exchange a move onto its own piece (``f2g2``); there is no check rule, so
``pos.is_attacked(cell)`` and ``pos.shah_attacked(color)`` are there for the app's warning.

Position strings are documented in ``FORMATS.md`` beside this file and in each game's module.

>>> pos = get_variant("magici").start_position()
>>> len(pos.legal_moves()), pos.turn.name
(20, 'WHITE')
"""

from __future__ import annotations

from companion.rules.errors import IllegalMove, OptionError, PositionError, UnknownVariant
from companion.rules.geometry import Geometry
from companion.rules.moves import Move, Outcome, Termination
from companion.rules.perft import perft
from companion.rules.pieces import Color, Piece, PieceType
from companion.rules.position import Position
from companion.rules.registry import VARIANT_NAMES, get_variant, options_of
from companion.rules.refusal import Refusal
from companion.rules.variant import OptionSpec, Variant

__all__ = [
    "Color", "Geometry", "IllegalMove", "Move", "OptionError", "OptionSpec", "Outcome", "Piece",
    "PieceType", "Position", "PositionError", "Refusal", "Termination", "UnknownVariant",
    "VARIANT_NAMES", "Variant", "get_variant", "options_of", "perft",
]
