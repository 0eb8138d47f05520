"""Rule options: the rulings a club may decide differently, each with the project's default.

>>> RuleOptions().parry_unit, RuleOptions.from_dict({"tackle_cost": 2}).tackle_cost
(<ParryUnit.HALF_SQUARE: 'half-square'>, 2)
>>> RuleOptions.from_dict({"tackles_per_turn": "one_per_player"}).tackles_per_turn.value
'one_per_player'

"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import Enum
from typing import Any


class ParryUnit(str, Enum):
    """What a parry's residual counts: lattice steps (default) or whole squares (2 steps)."""

    HALF_SQUARE = "half-square"
    SQUARE = "square"

    @property
    def steps(self) -> int:
        return 1 if self is ParryUnit.HALF_SQUARE else 2


class FirstMover(str, Enum):
    """Who makes the first move of a turn.

    BY_HALF: White in every turn of the first half, Black in the second (RULES ruling), except a
    turn that opens with a kick-off after a goal, where the side kicking off moves first
    (``kickoff_side_moves_first``, default on).
    ALTERNATE: the half's kick-off side in its first turn, then the sides take turns.
    """

    BY_HALF = "by-half"
    ALTERNATE = "alternate"


class TacklesPerTurn(str, Enum):
    """How many tackles a turn holds (RULES.md section 1: "una sola volta per turno").

    ONE: at most one tackle per turn in all, whoever starts it (the ruling).
    ONE_PER_PLAYER: each player may start one (the looser reading).
    """

    ONE = "one"
    ONE_PER_PLAYER = "one_per_player"


@dataclass(frozen=True)
class RuleOptions:
    parry_unit: ParryUnit = ParryUnit.HALF_SQUARE
    first_mover: FirstMover = FirstMover.BY_HALF
    # In the turn that follows a kick-off after a goal, the kicking-off side moves first
    # (otherwise the other side could take the ball before the kick-off is played).
    kickoff_side_moves_first: bool = True
    tackle_cost: int = 0  # MP a tackle costs the side that starts it
    tackles_per_turn: TacklesPerTurn = TacklesPerTurn.ONE
    spin_window: int = 2  # the ball may deviate once within its first N steps
    turns_per_half: int = 25
    moves_per_turn: int = 3  # per side
    substitution_interval: int = 3  # at most one substitution every N turns per side

    def __post_init__(self) -> None:
        for name in ("tackle_cost", "spin_window"):
            if getattr(self, name) < 0:
                raise ValueError(f"rule option {name} must be >= 0, got {getattr(self, name)}")
        for name in ("turns_per_half", "moves_per_turn", "substitution_interval"):
            if getattr(self, name) < 1:
                raise ValueError(f"rule option {name} must be >= 1, got {getattr(self, name)}")

    def to_dict(self) -> dict[str, Any]:
        return {k: (v.value if isinstance(v, Enum) else v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RuleOptions":
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise ValueError(f"unknown ChessBall rule option {key!r} (known: {', '.join(known)})")
            default = getattr(cls(), key)
            if isinstance(default, Enum):
                try:
                    value = type(default)(value)
                except ValueError:
                    allowed = ", ".join(m.value for m in type(default))
                    raise ValueError(f"rule option {key}: expected one of {allowed}, got {value!r}") from None
            elif isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rule option {key}: expected true or false, got {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"rule option {key}: expected a whole number, got {value!r}")
            kwargs[key] = value
        return cls(**kwargs)
