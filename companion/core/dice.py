"""Fair dice from an injected random source.

The default source is the OS's ``secrets.SystemRandom``; a seeded ``random.Random`` makes a
sequence reproducible for tests and replays.

>>> import random
>>> dice = Dice(random.Random(7))
>>> roll = dice.roll(3)          # 3d6
>>> len(roll.faces), roll.sides, 3 <= roll.total <= 18
(3, 6, True)
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from typing import Protocol


class RandomSource(Protocol):
    def randrange(self, start: int, stop: int = ..., step: int = ...) -> int: ...


@dataclass(frozen=True)
class Roll:
    """The faces of one throw of ``len(faces)`` dice with ``sides`` sides each."""

    faces: tuple[int, ...]
    sides: int = 6

    def __post_init__(self) -> None:
        if self.sides < 2:
            raise ValueError(f"a die needs at least 2 sides, got {self.sides}")
        if not self.faces:
            raise ValueError("a roll needs at least one die")
        for face in self.faces:
            if not 1 <= face <= self.sides:
                raise ValueError(f"a d{self.sides} shows 1..{self.sides}, got {face}")

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def notation(self) -> str:
        """``3d6``, ``1d20``."""
        return f"{len(self.faces)}d{self.sides}"

    @classmethod
    def parse(cls, text: str, sides: int = 6) -> "Roll":
        """Faces typed in from physical dice: ``"3,5"`` or ``"3 5 6"``."""
        parts = [p for p in text.replace(",", " ").split() if p]
        try:
            faces = tuple(int(p) for p in parts)
        except ValueError:
            raise ValueError(f"dice faces must be whole numbers, got {text!r}") from None
        return cls(faces, sides)


class Dice:
    """Rolls any number of dN. Fairness rests on ``randrange`` of the source."""

    def __init__(self, source: RandomSource | None = None) -> None:
        self.source: RandomSource = source if source is not None else secrets.SystemRandom()

    @classmethod
    def seeded(cls, seed: int | str) -> "Dice":
        return cls(random.Random(seed))

    def roll(self, count: int = 1, sides: int = 6) -> Roll:
        if count < 1:
            raise ValueError(f"roll at least one die, not {count}")
        if sides < 2:
            raise ValueError(f"a die needs at least 2 sides, got {sides}")
        return Roll(tuple(self.source.randrange(1, sides + 1) for _ in range(count)), sides)
