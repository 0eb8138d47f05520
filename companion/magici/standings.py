"""Championship standings: ranking points, section 3's tie-breaks in order, and house points.

Ranking points per game: victory 3, enchanted victory 2, draw 1, loss 0. Houses level on
points are separated, in order, by: the head-to-head game(s); the number of spells used (more
is better, an option reverses it); enemy pieces captured (more is better); own pieces not
captured (more is better). Houses still level share the house points of the places they occupy.

Rulings: with three or four Houses level, "head-to-head" is the ranking points each scored in
the games among them (a mini-table). As soon as a criterion splits a group, each smaller group
still level starts again from the head-to-head among its own members (so two Houses left level
after a three-way split are decided by their own game first). A row's ``decided_by`` names the
criterion that fixed its place among the Houses level with it on points (None: points alone, or
a shared place).

>>> from companion.magici.model import SideStats
>>> s = SideStats(0, 0, 5)
>>> games = [GameRecord(0, 1, ResultKind.CHECKMATE, 0, s, s), GameRecord(2, 3, ResultKind.DRAW_AGREEMENT, None, s, s)]
>>> [(r.place, r.name, r.ranking_points, str(r.house_points)) for r in compute_standings("ABCD", games).rows]
[(1, 'A', 3, '40'), (2, 'C', 1, '25'), (2, 'D', 1, '25'), (4, 'B', 0, '10')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from companion.magici.model import ResultKind, SideStats

HOUSE_POINTS: tuple[int, ...] = (40, 30, 20, 10)


class TieBreak(Enum):
    HEAD_TO_HEAD = "head_to_head"
    SPELLS = "spells"
    CAPTURES = "captures"
    SURVIVORS = "survivors"


@dataclass(frozen=True)
class TieBreakOptions:
    """``more_spells_better``: Ruling True (a House that used more spells ranks higher)."""

    more_spells_better: bool = True
    house_points: tuple[int, ...] = HOUSE_POINTS


@dataclass(frozen=True)
class GameRecord:
    """One championship game between Houses ``home`` and ``away`` (indices), with its figures."""

    home: int
    away: int
    result: ResultKind
    winner: int | None
    home_stats: SideStats = SideStats()
    away_stats: SideStats = SideStats()

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise ValueError(f"a House does not play itself (house {self.home})")
        if self.result.is_draw and self.winner is not None:
            raise ValueError(f"a {self.result.value} has no winner")
        if not self.result.is_draw and self.winner not in (self.home, self.away):
            raise ValueError(f"a {self.result.value} needs the winner to be one of the two Houses")

    def involves(self, house: int) -> bool:
        return house in (self.home, self.away)

    def opponent(self, house: int) -> int:
        return self.away if house == self.home else self.home

    def points(self, house: int) -> int:
        if self.winner is None:
            return self.result.winner_points
        return self.result.winner_points if house == self.winner else 0

    def stats(self, house: int) -> SideStats:
        return self.home_stats if house == self.home else self.away_stats


@dataclass(frozen=True)
class StandingRow:
    place: int  # the first of the places this House occupies (shared places: the same number)
    house: int
    name: str
    played: int
    won: int
    enchanted: int
    drawn: int
    lost: int
    ranking_points: int
    spells: int
    captured: int
    remaining: int
    decided_by: TieBreak | None
    shared_with: tuple[int, ...]
    house_points: Fraction

    @property
    def shared(self) -> bool:
        return bool(self.shared_with)


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    games_played: int

    def row(self, house: int) -> StandingRow:
        return next(r for r in self.rows if r.house == house)


def compute_standings(
    names: Sequence[str], games: Sequence[GameRecord], options: TieBreakOptions = TieBreakOptions()
) -> Standings:
    """The table after ``games`` (any subset of the championship's games)."""
    houses = range(len(names))
    for g in games:
        for h in (g.home, g.away):
            if h not in houses:
                raise ValueError(f"game {names[g.home] if g.home in houses else g.home}: no House number {h}")
    if len(options.house_points) < len(names):
        raise ValueError(f"{len(names)} Houses need {len(names)} house-point values, got {options.house_points}")
    points = {h: sum(g.points(h) for g in games if g.involves(h)) for h in houses}
    totals = {h: [sum(getattr(g.stats(h), f) for g in games if g.involves(h)) for f in ("spells", "captured", "remaining")]
              for h in houses}

    def key(crit: TieBreak, h: int, group: Sequence[int]) -> int:
        if crit is TieBreak.HEAD_TO_HEAD:
            return sum(g.points(h) for g in games if g.involves(h) and g.opponent(h) in group)
        if crit is TieBreak.SPELLS:
            return totals[h][0] if options.more_spells_better else -totals[h][0]
        return totals[h][1] if crit is TieBreak.CAPTURES else totals[h][2]

    def split(group: list[int]) -> list[tuple[tuple[int, ...], TieBreak | None]]:
        if len(group) == 1:
            return [((group[0],), None)]
        for crit in TieBreak:
            values = {h: key(crit, h, group) for h in group}
            levels = sorted(set(values.values()), reverse=True)
            if len(levels) == 1:
                continue
            blocks: list[tuple[tuple[int, ...], TieBreak | None]] = []
            for level in levels:
                sub = [h for h in group if values[h] == level]
                if len(sub) == 1:
                    blocks.append(((sub[0],), crit))
                else:
                    blocks.extend(split(sub))
            return blocks
        return [(tuple(group), None)]

    blocks: list[tuple[tuple[int, ...], TieBreak | None]] = []
    for level in sorted(set(points.values()), reverse=True):
        blocks.extend(split([h for h in houses if points[h] == level]))

    rows: list[StandingRow] = []
    place = 1
    for members, decided_by in blocks:
        share = Fraction(sum(options.house_points[place - 1:place - 1 + len(members)]), len(members))
        for h in members:
            mine = [g for g in games if g.involves(h)]
            won = sum(1 for g in mine if g.winner == h and g.result is not ResultKind.ENCHANTED)
            enchanted = sum(1 for g in mine if g.winner == h and g.result is ResultKind.ENCHANTED)
            drawn = sum(1 for g in mine if g.winner is None)
            rows.append(StandingRow(
                place, h, names[h], len(mine), won, enchanted, drawn, len(mine) - won - enchanted - drawn,
                points[h], *totals[h], decided_by, tuple(m for m in members if m != h), share,
            ))
        place += len(members)
    return Standings(tuple(rows), len(games))
