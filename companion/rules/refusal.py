"""Why the engine refused something: a machine-readable code with its values, and the English
sentence it always gave.

A :class:`Refusal` *is* that English sentence (a ``str``), so every caller that showed, joined
or compared the text goes on working unchanged; a screen that wants the referee's language reads
``code`` and ``params`` instead and translates them, keeping the sentence as the fallback for a
code its table lacks. ``str()`` of a refusal keeps the refusal itself, so the code survives an
``IllegalMove`` turned into text (``str(exc)``).

Codes are dotted, by area (the values each carries in brackets):

- ``army.*``, buying and placing a Magici army (:mod:`~companion.rules.magici_army`):
  ``king_count`` [n], ``not_for_sale`` [kind], ``bad_count`` [kind, n], ``too_many_of_kind``
  [kind, max, n], ``too_costly`` [cost, points], ``too_many_pieces`` [n, max], ``not_a_piece``
  [text, cell], ``wrong_cell`` [side, kind, cell, cells], ``wrong_rank`` [side, kind, cell, rank];
  a purchase refused by ``build_army`` adds [side].
- ``spell.*``, a Magici spell (:mod:`~companion.rules.magici_spells`): ``game_over``,
  ``own_turn``, ``one_per_turn``, ``already_used`` [side, spell], ``caster_not_yours`` [cell,
  side], ``king_casts``, ``needs_announcement`` [spell], ``tactical_before_announcement``,
  ``hostile_needs_capture``, ``caster_not_attacked`` [cell], ``no_other_capturer`` [cell],
  ``defensive_victim_elsewhere`` [cell], ``defensive_nothing_taken`` [cell],
  ``no_other_piece_moves``, ``tactical_needs_name``, ``tactical_no_enemy`` [cell],
  ``king_target``, ``named_piece_stuck`` [cell].
- ``move.*``, a move the position does not allow (``IllegalMove.code``): ``game_over``
  [termination], ``empty`` [cell], ``not_yours`` [cell, side], ``own_piece`` [cell],
  ``blocked`` [origin, target, cell], ``cannot_move`` [kind, origin, target], ``not_legal``
  [move], ``unreadable`` [text], ``no_target`` [text, cell], ``no_cell`` [cell]; games with
  check: ``king_check``, ``in_check``, ``pinned``, ``castle_lost``, ``castle_blocked``,
  ``castle_check``, ``castle_attacked``, ``king_step``; men: ``man_jump`` [move],
  ``nothing_to_jump``, ``jump_own``, ``jumped_twice``, ``landing_taken`` [cell]; Elolbia:
  ``edge_rule``, ``no_castling``; Clupso: ``promotion_rank`` [cell], ``promotion_letter``
  [letter], ``promotion_none_captured`` [kind], ``promotion_compulsory`` [move]; Camerlano:
  ``relocate_needed`` [cell, move], ``relocate_not_now`` [n, move], ``relocate_off_board``,
  ``relocate_occupied`` [cell], ``prince_no_exchange``, ``exchange_used``,
  ``exchange_citadel``, ``exchange_escape_only``, ``citadel_royal_only`` [cell, side],
  ``citadel_reserved`` [cell, side].
- ``pass.in_check``: a Magici team in check cannot let the turn pass.
- ``queen.*``, Elolbia's agreed queen replacement: ``other_piece`` [kind, cell], ``few_men``
  [side, n, min]; ``move.game_over`` when the game is over.

>>> r = Refusal("the army costs 13 points; a House has 12", "army.too_costly", cost=13, points=12)
>>> r == "the army costs 13 points; a House has 12", r.code, r.params
(True, 'army.too_costly', {'cost': 13, 'points': 12})
>>> s = r.for_side("white")
>>> s, s.code, s.params["side"]
('white: the army costs 13 points; a House has 12', 'army.too_costly', 'white')
>>> refusal_code("any old text"), refusal_code(str(r))
(None, 'army.too_costly')
"""

from __future__ import annotations

from typing import Any


class Refusal(str):
    """An English reason (the ``str`` itself) with a ``code`` and its ``params``."""

    code: str
    params: dict[str, Any]

    def __new__(cls, message: str, code: str, /, **params: Any) -> "Refusal":
        if not code or not isinstance(code, str):
            raise ValueError(f"a refusal needs a code (got {code!r} for {message!r})")
        self = super().__new__(cls, message)
        self.code = code
        self.params = dict(params)
        return self

    @property
    def message(self) -> str:
        """The English sentence as a plain ``str``."""
        return str.__str__(self)

    def __str__(self) -> str:
        return self  # keep the code through str(): see the module docstring

    def __repr__(self) -> str:
        return str.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.message, self.code, dict(self.params)))

    def for_side(self, side: str) -> "Refusal":
        """The same refusal said of one side's army (``"white: ..."``; ``params["side"]``)."""
        return Refusal(f"{side}: {self.message}", self.code, **{**self.params, "side": side})


def _rebuild(message: str, code: str, params: dict[str, Any]) -> Refusal:
    return Refusal(message, code, **params)


def refusal_code(value: object) -> str | None:
    """The code a reason carries, or None for plain text."""
    return value.code if isinstance(value, Refusal) else None


__all__ = ["Refusal", "refusal_code"]
