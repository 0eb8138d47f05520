"""The spell ledger: three spells per team, each once per game, cast under the rules of section 3.

The ledger knows nothing of the position. What it needs about the board (the announced move,
the pieces attacking the caster) comes in the :class:`SpellCall`; when a position is known the
screen also asks the rules engine whether the spell is legal (for instance the check rule).

Rulings where the text is silent:

- Every spell is cast by a piece of the team **not** on move, against the team on move
  (Hostile and Defensive answer the mover's announcement, Tactical comes before it).
- "The King is never their target": the piece a Tactical spell names, the piece a Hostile spell
  forces to capture and the announced mover a Defensive spell freezes may not be the King.
- "At most one spell per turn; no answer to a spell": once a spell is cast in a turn, no other
  spell by either team until the turn ends (the refusal names which rule applies).

>>> ledger = SpellLedger()
>>> call = SpellCall(Spell.TACTICAL, Side.BLACK, Piece.parse("e7"), target=Piece.parse("Qd1"))
>>> ledger.refusal(call, turn=1, on_move=Side.WHITE) is None
True
>>> ledger = ledger.cast(call, turn=1, on_move=Side.WHITE)
>>> ledger.refusal(call, turn=3, on_move=Side.WHITE).reason
<SpellRefusal.ALREADY_USED: 'already_used'>
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from companion.magici.model import Piece, Side


class Spell(Enum):
    HOSTILE = "hostile"  # Ostile
    DEFENSIVE = "defensive"  # Difensivo
    TACTICAL = "tactical"  # Tattico

    @classmethod
    def parse(cls, value: Any, where: str = "spell") -> "Spell":
        aliases = {"ostile": "hostile", "difensivo": "defensive", "tattico": "tactical"}
        text = str(value).lower()
        try:
            return cls(aliases.get(text, text))
        except ValueError:
            raise ValueError(f"{where}: unknown spell {value!r} (hostile, defensive, tactical)") from None


class SpellRefusal(Enum):
    """Why a spell may not be cast; ``message`` is the sentence a screen shows."""

    ALREADY_USED = "already_used"
    ONE_PER_TURN = "one_per_turn"
    NO_ANSWER = "no_answer"
    CASTER_ON_MOVE = "caster_on_move"
    KING_CANNOT_CAST = "king_cannot_cast"
    KING_IS_NO_TARGET = "king_is_no_target"
    NEEDS_NO_ANNOUNCEMENT = "needs_no_announcement"
    NEEDS_ANNOUNCED_CAPTURE = "needs_announced_capture"
    NOT_THE_CAPTURED_PIECE = "not_the_captured_piece"
    NEEDS_TARGET = "needs_target"
    SAME_CAPTURER = "same_capturer"
    CASTER_NOT_ATTACKED = "caster_not_attacked"
    CAPTURER_DOES_NOT_ATTACK = "capturer_does_not_attack"
    GAME_NOT_RUNNING = "game_not_running"
    RULES = "rules"

    @property
    def message(self) -> str:
        return _MESSAGES[self]


_MESSAGES = {
    SpellRefusal.ALREADY_USED: "this team has already cast this spell in this game",
    SpellRefusal.ONE_PER_TURN: "at most one spell per turn",
    SpellRefusal.NO_ANSWER: "a spell cannot answer a spell",
    SpellRefusal.CASTER_ON_MOVE: "spells are cast by the team that is not on move",
    SpellRefusal.KING_CANNOT_CAST: "the King never casts a spell",
    SpellRefusal.KING_IS_NO_TARGET: "the King is never the target of a spell",
    SpellRefusal.NEEDS_NO_ANNOUNCEMENT: "a Tactical spell comes before the opponent announces a move",
    SpellRefusal.NEEDS_ANNOUNCED_CAPTURE: "this spell answers an announced capture",
    SpellRefusal.NOT_THE_CAPTURED_PIECE: "a Defensive spell is cast by the piece the announced move would capture",
    SpellRefusal.NEEDS_TARGET: "name the piece the spell commands",
    SpellRefusal.SAME_CAPTURER: "a Hostile spell forces a piece other than the announced one",
    SpellRefusal.CASTER_NOT_ATTACKED: "a Hostile spell is cast by a piece attacked by an enemy piece",
    SpellRefusal.CAPTURER_DOES_NOT_ATTACK: "the forced capturer must attack the caster",
    SpellRefusal.GAME_NOT_RUNNING: "the game is not running",
    SpellRefusal.RULES: "the position does not allow it",
}


@dataclass(frozen=True)
class Refusal:
    reason: SpellRefusal
    detail: str = ""

    @property
    def message(self) -> str:
        return f"{self.reason.message}: {self.detail}" if self.detail else self.reason.message


@dataclass(frozen=True)
class Announcement:
    """The move the team on move has announced: who moves and, for a capture, what it takes."""

    mover: Piece
    captures: Piece | None = None

    def to_data(self) -> dict[str, Any]:
        return {"mover": self.mover.text, "captures": self.captures.text if self.captures else None}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "Announcement":
        cap = data.get("captures")
        return cls(Piece.parse(data["mover"], "announced mover"), Piece.parse(cap, "announced capture") if cap else None)


@dataclass(frozen=True)
class SpellCall:
    """A piece raising its wand.

    ``target`` is the enemy piece the spell commands: for Tactical the piece that must move,
    for Hostile the piece that must capture the caster (Defensive freezes the announced mover and
    needs no target). ``attacked_by`` lists the enemy pieces attacking the caster when the
    board is known (None: the referee vouches for it).
    """

    spell: Spell
    side: Side
    caster: Piece
    target: Piece | None = None
    announced: Announcement | None = None
    attacked_by: tuple[Piece, ...] | None = None

    def to_data(self) -> dict[str, Any]:
        return {
            "spell": self.spell.value,
            "side": self.side.value,
            "caster": self.caster.text,
            "target": self.target.text if self.target else None,
            "announced": self.announced.to_data() if self.announced else None,
            "attacked_by": [p.text for p in self.attacked_by] if self.attacked_by is not None else None,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> "SpellCall":
        target, announced, attackers = data.get("target"), data.get("announced"), data.get("attacked_by")
        return cls(
            Spell.parse(data["spell"]),
            Side.parse(data["side"]),
            Piece.parse(data["caster"], "caster"),
            Piece.parse(target, "target") if target else None,
            Announcement.from_data(announced) if announced else None,
            tuple(Piece.parse(p, "attacker") for p in attackers) if attackers is not None else None,
        )


class ObligationKind(Enum):
    MUST_MOVE = "must_move"  # Tactical: move this piece
    MUST_CAPTURE_CASTER = "must_capture_caster"  # Hostile: this piece captures the caster
    MAY_NOT_MOVE = "may_not_move"  # Defensive: this piece stays, move another


@dataclass(frozen=True)
class Obligation:
    """What a spell imposes on the team on move for the rest of its turn."""

    kind: ObligationKind
    piece: Piece
    caster: Piece

    @property
    def text(self) -> str:
        if self.kind is ObligationKind.MUST_MOVE:
            return f"{self.piece.text} must move"
        if self.kind is ObligationKind.MUST_CAPTURE_CASTER:
            return f"{self.piece.text} must capture {self.caster.text}"
        return f"{self.piece.text} may not move this turn"

    def allows(self, origin: str, target: str) -> bool:
        """Whether a move from ``origin`` to ``target`` (squares) keeps this obligation: the
        piece a Tactical spell names moves; the piece a Hostile spell forces (the one the
        caster chose, which the station asks for) captures the caster; the mover a Defensive
        spell freezes stays. These are the moves the engine's
        :func:`~companion.rules.magici_spells.spell_query` offers, for Hostile narrowed to the
        chosen capturer.

        >>> must = Obligation(ObligationKind.MUST_CAPTURE_CASTER, Piece.parse("Nf3"), Piece.parse("Bd4"))
        >>> must.allows("f3", "d4"), must.allows("f3", "e5"), must.allows("c3", "d4")
        (True, False, False)
        >>> frozen = Obligation(ObligationKind.MAY_NOT_MOVE, Piece.parse("Qd1"), Piece.parse("Bg4"))
        >>> frozen.allows("d1", "g4"), frozen.allows("h3", "g4")
        (False, True)
        """
        if self.kind is ObligationKind.MUST_MOVE:
            return origin == self.piece.square
        if self.kind is ObligationKind.MUST_CAPTURE_CASTER:
            return origin == self.piece.square and target == self.caster.square
        return origin != self.piece.square


@dataclass(frozen=True)
class SpellCast:
    """A spell in the ledger: the call, the turn it was cast in and the clocks at that moment."""

    call: SpellCall
    turn: int
    on_move: Side
    at_ms: int = 0
    game_remaining_ms: int | None = None

    @property
    def obligation(self) -> Obligation:
        call = self.call
        if call.spell is Spell.DEFENSIVE:
            assert call.announced is not None
            return Obligation(ObligationKind.MAY_NOT_MOVE, call.announced.mover, call.caster)
        assert call.target is not None
        kind = ObligationKind.MUST_MOVE if call.spell is Spell.TACTICAL else ObligationKind.MUST_CAPTURE_CASTER
        return Obligation(kind, call.target, call.caster)


@dataclass(frozen=True)
class SpellLedger:
    """Every spell cast in one game, oldest first. Immutable: :meth:`cast` returns a new ledger."""

    casts: tuple[SpellCast, ...] = field(default=())

    def used(self, side: Side) -> frozenset[Spell]:
        return frozenset(c.call.spell for c in self.casts if c.call.side is side)

    def available(self, side: Side) -> tuple[Spell, ...]:
        used = self.used(side)
        return tuple(s for s in Spell if s not in used)

    def count(self, side: Side) -> int:
        return sum(1 for c in self.casts if c.call.side is side)

    def in_turn(self, turn: int) -> SpellCast | None:
        return next((c for c in self.casts if c.turn == turn), None)

    def refusal(self, call: SpellCall, turn: int, on_move: Side) -> Refusal | None:
        """None if ``call`` may be cast now, else the first rule it breaks."""
        if call.spell in self.used(call.side):
            return Refusal(SpellRefusal.ALREADY_USED, call.spell.value)
        earlier = self.in_turn(turn)
        if earlier is not None:
            same = earlier.call.side is call.side
            return Refusal(SpellRefusal.ONE_PER_TURN if same else SpellRefusal.NO_ANSWER)
        if call.side is on_move:
            return Refusal(SpellRefusal.CASTER_ON_MOVE)
        if call.caster.is_king:
            return Refusal(SpellRefusal.KING_CANNOT_CAST)
        return _SPECIFIC[call.spell](call)

    def cast(
        self, call: SpellCall, turn: int, on_move: Side, at_ms: int = 0, game_remaining_ms: int | None = None
    ) -> "SpellLedger":
        """The ledger with ``call`` added; ValueError (with the refusal's message) if refused."""
        refused = self.refusal(call, turn, on_move)
        if refused is not None:
            raise ValueError(f"{call.spell.value} spell by {call.caster.text}: {refused.message}")
        return replace(self, casts=self.casts + (SpellCast(call, turn, on_move, at_ms, game_remaining_ms),))


def _tactical(call: SpellCall) -> Refusal | None:
    if call.announced is not None:
        return Refusal(SpellRefusal.NEEDS_NO_ANNOUNCEMENT)
    if call.target is None:
        return Refusal(SpellRefusal.NEEDS_TARGET, "which piece must move")
    if call.target.is_king:
        return Refusal(SpellRefusal.KING_IS_NO_TARGET)
    return None


def _defensive(call: SpellCall) -> Refusal | None:
    if call.announced is None or call.announced.captures is None:
        return Refusal(SpellRefusal.NEEDS_ANNOUNCED_CAPTURE)
    if call.announced.captures != call.caster:
        return Refusal(SpellRefusal.NOT_THE_CAPTURED_PIECE, f"the move captures {call.announced.captures.text}")
    if call.announced.mover.is_king:
        return Refusal(SpellRefusal.KING_IS_NO_TARGET)
    return None


def _hostile(call: SpellCall) -> Refusal | None:
    if call.announced is None or call.announced.captures is None:
        return Refusal(SpellRefusal.NEEDS_ANNOUNCED_CAPTURE)
    if call.target is None:
        return Refusal(SpellRefusal.NEEDS_TARGET, "which piece must capture the caster")
    if call.target.is_king:
        return Refusal(SpellRefusal.KING_IS_NO_TARGET)
    if call.target == call.announced.mover:
        return Refusal(SpellRefusal.SAME_CAPTURER, f"{call.target.text} was announced")
    if call.attacked_by is not None:
        if not call.attacked_by:
            return Refusal(SpellRefusal.CASTER_NOT_ATTACKED)
        if call.target not in call.attacked_by:
            return Refusal(SpellRefusal.CAPTURER_DOES_NOT_ATTACK, f"{call.target.text}")
    return None


_SPECIFIC = {Spell.TACTICAL: _tactical, Spell.DEFENSIVE: _defensive, Spell.HOSTILE: _hostile}
