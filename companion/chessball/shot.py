"""Shots: power on arrival and the keeper's 3d6 (save, parry with its 1d6 direction, goal).

>>> shot_power(4), shot_power(12)
(14, 6)
>>> keeper_outcome(14, 15).outcome, keeper_outcome(14, 11).residual, keeper_outcome(14, 8).outcome
(<ShotOutcome.SAVE: 'save'>, 3, <ShotOutcome.GOAL: 'goal'>)
>>> parry_direction(2), rebound_step(Side.WHITE, ReboundDirection.LEFT)
(<ReboundDirection.LEFT: 'left'>, (-1, 1))
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum

from companion.chessball.lattice import Point, in_bounds
from companion.chessball.options import ParryUnit
from companion.chessball.pieces import Side, forward

FULL_POWER = 18
PARRY_MARGIN = 3  # a roll up to 3 below the power is a parry


class ShotOutcome(str, Enum):
    SAVE = "save"
    PARRY = "parry"
    GOAL = "goal"


class ReboundDirection(str, Enum):
    """As the keeper sees it, facing the field: left and right are 45° off straight out."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


@dataclass(frozen=True)
class KeeperResult:
    power: int
    keeper_roll: int
    outcome: ShotOutcome
    residual: int = 0  # power - roll for a parry (1..3)


def shot_power(distance: int) -> int:
    """Power on arrival: 18 minus the steps the ball travelled to reach the goal line."""
    if distance < 0:
        raise ValueError(f"a shot's distance is a number of steps >= 0, got {distance}")
    return FULL_POWER - distance


def keeper_outcome(power: int, keeper_roll: int) -> KeeperResult:
    """Compare the keeper's 3d6 total with the power.

    roll > power: save; power - 3 <= roll <= power: parry of (power - roll), where a residual
    of 0 (roll == power) is a save; roll <= power - 4: goal.
    """
    if not 3 <= keeper_roll <= 18:
        raise ValueError(f"a keeper's 3d6 roll is 3..18, got {keeper_roll}")
    if keeper_roll >= power:
        return KeeperResult(power, keeper_roll, ShotOutcome.SAVE)
    if keeper_roll >= power - PARRY_MARGIN:
        return KeeperResult(power, keeper_roll, ShotOutcome.PARRY, power - keeper_roll)
    return KeeperResult(power, keeper_roll, ShotOutcome.GOAL)


def parry_direction(face: int) -> ReboundDirection:
    """The 1d6 after a parry: 1-2 left, 3-4 centre, 5-6 right."""
    if not 1 <= face <= 6:
        raise ValueError(f"the parry direction is a 1d6 roll, 1..6, got {face}")
    return (ReboundDirection.LEFT, ReboundDirection.CENTRE, ReboundDirection.RIGHT)[(face - 1) // 2]


def rebound_step(keeper_side: Side, direction: ReboundDirection) -> Point:
    """The unit step of a rebound from the goal of ``keeper_side``.

    White's keeper faces up the board (+y) and has file a (x = 0) on the left; Black's keeper
    faces down and has x = 16 on the left.
    """
    f = forward(keeper_side)
    lateral = {ReboundDirection.LEFT: -1, ReboundDirection.CENTRE: 0, ReboundDirection.RIGHT: 1}
    return (lateral[direction] * f, f)


def rebound_steps(residual: int, unit: ParryUnit) -> int:
    """How many lattice steps a parry of ``residual`` sends the ball."""
    return residual * unit.steps


def rebound_line(
    start: Point, keeper_side: Side, direction: ReboundDirection, steps: int,
    occupied: Collection[Point],
) -> tuple[Point, ...]:
    """The points a rebound passes, from the arrival point. It stops on the lattice's border
    or on a piece's point (that piece takes it)."""
    dx, dy = rebound_step(keeper_side, direction)
    points = [start]
    p = start
    for _ in range(steps):
        q = (p[0] + dx, p[1] + dy)
        if not in_bounds(q):
            break
        points.append(q)
        p = q
        if q in occupied:
            break
    return tuple(points)
