"""Dice: fairness over a million rolls (chi-square), injection, parsing typed-in faces."""

import math
import random
import secrets
from collections import Counter

import pytest

from companion.core.dice import Dice, Roll

ROLLS = 1_000_000


def chi_square_sf_5dof(x: float) -> float:
    """P(X >= x) for a chi-square variable with 5 degrees of freedom (closed form, odd dof)."""
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def chi_square(counts: Counter, n: int, sides: int = 6) -> float:
    expected = n / sides
    return sum((counts[f] - expected) ** 2 / expected for f in range(1, sides + 1))


def test_chi_square_helper_matches_known_critical_value():
    # the 5-dof critical value at p = 0.05 is 11.0705
    assert chi_square_sf_5dof(11.0705) == pytest.approx(0.05, abs=1e-4)


def test_seeded_d6_is_fair_over_a_million_rolls():
    dice = Dice.seeded(12345)
    counts: Counter = Counter()
    for _ in range(ROLLS // 3):
        counts.update(dice.roll(3).faces)
    n = sum(counts.values())
    assert n >= 999_999
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert chi_square_sf_5dof(chi_square(counts, n)) > 1e-4


def test_default_dice_roll_from_the_os_random_and_are_fair():
    dice = Dice()
    assert isinstance(dice.source, secrets.SystemRandom)
    counts: Counter = Counter()
    for _ in range(ROLLS // 3 + 1):
        counts.update(dice.roll(3).faces)
    n = sum(counts.values())
    assert n >= ROLLS
    # p > 1e-7: fair dice fail this once in ten million runs
    assert chi_square_sf_5dof(chi_square(counts, n)) > 1e-7


def test_unfair_source_is_caught_by_the_same_test():
    class Loaded:
        def __init__(self):
            self.r = random.Random(1)

        def randrange(self, a, b):
            v = self.r.randrange(a, b)
            return 6 if v == 1 and self.r.random() < 0.2 else v  # a die loaded on 6

    counts = Counter(Dice(Loaded()).roll(1).faces[0] for _ in range(100_000))
    assert chi_square_sf_5dof(chi_square(counts, 100_000)) < 1e-6


def test_3d6_totals_follow_the_distribution():
    dice = Dice.seeded(99)
    n = 216_000
    totals = Counter(dice.roll(3).total for _ in range(n))
    # P(10) = 27/216, P(3) = 1/216
    assert totals[10] / n == pytest.approx(27 / 216, abs=0.004)
    assert totals[3] / n == pytest.approx(1 / 216, abs=0.001)


def test_seeded_dice_replay_the_same_sequence():
    a, b = Dice.seeded("match-7"), Dice.seeded("match-7")
    assert [a.roll(2).faces for _ in range(50)] == [b.roll(2).faces for _ in range(50)]


def test_dn_dice_stay_in_range():
    dice = Dice.seeded(3)
    faces = {f for _ in range(2000) for f in dice.roll(2, sides=20).faces}
    assert faces == set(range(1, 21))


@pytest.mark.parametrize("count,sides", [(0, 6), (-1, 6), (1, 1)])
def test_impossible_rolls_are_refused(count, sides):
    with pytest.raises(ValueError):
        Dice.seeded(1).roll(count, sides)


def test_faces_typed_in_from_physical_dice():
    assert Roll.parse("3,5").faces == (3, 5)
    assert Roll.parse("6 6 1").total == 13
    with pytest.raises(ValueError, match="1..6"):
        Roll.parse("7,2")
    with pytest.raises(ValueError, match="whole numbers"):
        Roll.parse("3,x")
