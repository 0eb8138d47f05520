"""The state of a ChessBall match: a plain value the reducer in ``match.py`` builds by replay.

Nothing here validates: :mod:`companion.chessball.match` refuses illegal events before they
change a state. A state can be cloned cheaply, exported as JSON-able data and described in
words for a referee.
"""

from __future__ import annotations

import copy
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from companion.chessball.lattice import Point, chebyshev
from companion.chessball.options import RuleOptions, TacklesPerTurn
from companion.chessball.pieces import STARTING_LINEUP, PieceKind, Side


class Mode(str, Enum):
    """POSITIONAL: pieces and ball on the lattice, every move checked with its cost.
    COUNTING: MP counted by hand on the real board; the app keeps turns, MP and score."""

    POSITIONAL = "positional"
    COUNTING = "counting"


class Phase(str, Enum):
    KICKOFF = "kickoff"  # waiting for the kick-off placement (the referee's whistle)
    ROLLS = "rolls"  # waiting for both sides' 3d6
    MOVES = "moves"  # the six alternating moves of the turn
    KEEPER_ROLL = "keeper_roll"  # a shot reached the keeper: his 3d6 is awaited
    DIRECTION_ROLL = "direction_roll"  # a parry: the 1d6 for the rebound is awaited
    FULL_TIME = "full_time"


@dataclass(frozen=True)
class Piece:
    uid: int
    side: Side
    kind: PieceKind


@dataclass(frozen=True)
class PendingShot:
    shooter: Side
    defender: Side  # whose goal the ball reached
    arrival: Point | None  # None in counting mode
    distance: int
    power: int
    residual: int = 0


def _lineups() -> dict[Side, Counter[PieceKind]]:
    return {side: Counter(STARTING_LINEUP) for side in Side}


@dataclass
class MatchState:
    mode: Mode = Mode.POSITIONAL
    options: RuleOptions = field(default_factory=RuleOptions)
    phase: Phase = Phase.KICKOFF
    half: int = 1
    turn: int = 1  # 1 .. 2 × turns_per_half, counted over the whole match
    kickoff_side: Side = Side.WHITE
    kickoff_turn: bool = True  # this turn begins with a kick-off
    first_mover: Side = Side.WHITE
    moves_made: int = 0  # moves made by both sides in this turn
    movement_points: dict[Side, int] = field(default_factory=lambda: {s: 0 for s in Side})
    rolls: dict[Side, tuple[int, ...] | None] = field(default_factory=lambda: {s: None for s in Side})
    score: dict[Side, int] = field(default_factory=lambda: {s: 0 for s in Side})
    move_spent: int = 0  # counting mode: MP spent so far in the current move
    tackled: set[Side] = field(default_factory=set)  # sides that started a tackle this turn
    last_substitution_turn: dict[Side, int | None] = field(default_factory=lambda: {s: None for s in Side})
    lineup: dict[Side, Counter[PieceKind]] = field(default_factory=_lineups)  # field pieces, no King
    board: dict[Point, Piece] = field(default_factory=dict)
    ball: Point | None = None
    holder: int | None = None  # uid of the piece that holds the ball (won it, received it)
    knights_jumped: set[int] = field(default_factory=set)  # uids, this turn
    pending_shot: PendingShot | None = None
    next_uid: int = 1
    last: dict[str, Any] | None = None  # what the last event did, for the screen
    events_applied: int = 0

    # -- derived ---------------------------------------------------------------------------
    @property
    def moves_per_turn(self) -> int:
        """Both sides together (6 by default)."""
        return 2 * self.options.moves_per_turn

    @property
    def side_to_move(self) -> Side | None:
        if self.phase is not Phase.MOVES:
            return None
        return self.first_mover if self.moves_made % 2 == 0 else self.first_mover.other

    @property
    def turn_in_half(self) -> int:
        return self.turn - (self.half - 1) * self.options.turns_per_half

    def may_tackle(self, side: Side) -> bool:
        """Whether ``side`` may still start a tackle this turn: at most one tackle per turn in
        all (option ``tackles_per_turn = one_per_player``: one per player)."""
        if self.options.tackles_per_turn is TacklesPerTurn.ONE:
            return not self.tackled
        return side not in self.tackled

    def moves_left(self, side: Side) -> int:
        if self.phase not in (Phase.MOVES, Phase.KEEPER_ROLL, Phase.DIRECTION_ROLL):
            return 0
        made = (self.moves_made + (1 if side is self.first_mover else 0)) // 2
        return self.options.moves_per_turn - made

    def piece_of(self, uid: int) -> tuple[Point, Piece] | None:
        for p, piece in self.board.items():
            if piece.uid == uid:
                return p, piece
        return None

    def pieces_next_to_ball(self, side: Side | None = None) -> list[tuple[Point, Piece]]:
        if self.ball is None:
            return []
        return [
            (p, pc) for p, pc in self.board.items()
            if chebyshev(p, self.ball) <= 1 and (side is None or pc.side is side)
        ]

    def king_point(self, side: Side) -> Point | None:
        for p, pc in self.board.items():
            if pc.side is side and pc.kind is PieceKind.KING:
                return p
        return None

    def winner(self) -> Side | None:
        """After full time: the side with more goals (None for a draw or while playing)."""
        if self.phase is not Phase.FULL_TIME or self.score[Side.WHITE] == self.score[Side.BLACK]:
            return None
        return max(Side, key=lambda s: self.score[s])

    # -- copying and export ----------------------------------------------------------------
    def clone(self) -> "MatchState":
        new = copy.copy(self)
        new.movement_points = dict(self.movement_points)
        new.rolls = dict(self.rolls)
        new.score = dict(self.score)
        new.tackled = set(self.tackled)
        new.last_substitution_turn = dict(self.last_substitution_turn)
        new.lineup = {s: Counter(c) for s, c in self.lineup.items()}
        new.board = dict(self.board)  # Piece values are never mutated, only replaced
        new.knights_jumped = set(self.knights_jumped)
        return new

    def to_dict(self) -> dict[str, Any]:
        """Everything a screen or an export needs, as JSON-able data."""
        pending = self.pending_shot
        return {
            "mode": self.mode.value,
            "options": self.options.to_dict(),
            "phase": self.phase.value,
            "half": self.half,
            "turn": self.turn,
            "turn_in_half": self.turn_in_half,
            "kickoff_side": self.kickoff_side.value,
            "first_mover": self.first_mover.value,
            "side_to_move": self.side_to_move.value if self.side_to_move else None,
            "moves_left": {s.value: self.moves_left(s) for s in Side},
            "movement_points": {s.value: v for s, v in self.movement_points.items()},
            "rolls": {s.value: list(r) if r else None for s, r in self.rolls.items()},
            "score": {s.value: v for s, v in self.score.items()},
            "move_spent": self.move_spent,
            "tackled": sorted(s.value for s in self.tackled),
            "last_substitution_turn": {s.value: t for s, t in self.last_substitution_turn.items()},
            "lineup": {s.value: sorted(k.value for k in c.elements()) for s, c in self.lineup.items()},
            "pieces": [
                {"side": pc.side.value, "piece": pc.kind.value, "at": list(p), "uid": pc.uid}
                for p, pc in sorted(self.board.items())
            ],
            "ball": list(self.ball) if self.ball else None,
            "holder": self.holder,
            "pending_shot": None if pending is None else {
                "shooter": pending.shooter.value, "defender": pending.defender.value,
                "arrival": list(pending.arrival) if pending.arrival else None,
                "distance": pending.distance, "power": pending.power, "residual": pending.residual,
            },
            "last": self.last,
            "winner": w.value if (w := self.winner()) else None,
            "events_applied": self.events_applied,
        }

    def describe(self) -> str:
        """A few lines for a referee."""
        w, b = self.score[Side.WHITE], self.score[Side.BLACK]
        lines = [f"white {w} - {b} black"]
        if self.phase is Phase.FULL_TIME:
            winner = self.winner()
            lines.append("full time: " + (f"{winner.value} wins" if winner else "a draw"))
            return "\n".join(lines)
        lines.append(f"half {self.half}, turn {self.turn_in_half} of {self.options.turns_per_half}")
        mp = self.movement_points
        lines.append(f"MP: white {mp[Side.WHITE]}, black {mp[Side.BLACK]}")
        if self.mode is Mode.POSITIONAL and self.ball is not None:
            held = self.piece_of(self.holder) if self.holder is not None else None
            who = f", held by {held[1].side.value}'s {held[1].kind.value} on {held[0][0]},{held[0][1]}" if held else ""
            lines.append(f"ball on {self.ball[0]},{self.ball[1]}{who}")
        waiting = {
            Phase.KICKOFF: f"{self.kickoff_side.value} to kick off",
            Phase.ROLLS: "both players roll 3d6 for their MP",
            Phase.KEEPER_ROLL: "the keeper rolls 3d6",
            Phase.DIRECTION_ROLL: "roll 1d6 for the parry's direction",
        }
        if self.phase is Phase.MOVES and self.side_to_move:
            side = self.side_to_move
            lines.append(f"{side.value} to move ({self.moves_left(side)} moves left this turn)")
        else:
            lines.append(waiting.get(self.phase, self.phase.value))
        return "\n".join(lines)
