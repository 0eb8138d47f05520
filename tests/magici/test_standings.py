"""Ranking points, the tie-breaks of section 3 in their order, and shared house points."""

from __future__ import annotations

from fractions import Fraction

from companion.magici.model import DEFAULT_HOUSES, ResultKind, SideStats
from companion.magici.standings import GameRecord, TieBreak, TieBreakOptions, compute_standings

G, S, T, C = 0, 1, 2, 3
NAMES = tuple(h.name for h in DEFAULT_HOUSES)
EVEN = SideStats(spells=1, captured=2, remaining=6)


def win(winner: int, loser: int, kind: ResultKind = ResultKind.CHECKMATE,
        ws: SideStats = EVEN, ls: SideStats = EVEN) -> GameRecord:
    return GameRecord(winner, loser, kind, winner, ws, ls)


def draw(a: int, b: int, sa: SideStats = EVEN, sb: SideStats = EVEN) -> GameRecord:
    return GameRecord(a, b, ResultKind.DRAW_AGREEMENT, None, sa, sb)


def table(games, options: TieBreakOptions = TieBreakOptions()):
    return [(NAMES[r.house], r.place, r.decided_by, r.house_points)
            for r in compute_standings(NAMES, games, options).rows]


def seed_example(tc_game: GameRecord) -> list[GameRecord]:
    """Grifondoro first, Serpeverde last, Tassorosso and Corvonero level on 4 points."""
    return [win(G, S), win(G, T), win(G, C), win(T, S), win(C, S), tc_game]


def test_ranking_points_victory_3_enchanted_2_draw_1_loss_0() -> None:
    games = [win(G, S), win(T, C, ResultKind.ENCHANTED), draw(G, T), win(S, C, ResultKind.RESIGNATION)]
    rows = {r.house: r for r in compute_standings(NAMES, games).rows}
    assert [rows[h].ranking_points for h in (G, S, T, C)] == [4, 3, 3, 0]
    assert (rows[T].won, rows[T].enchanted, rows[T].drawn) == (0, 1, 1)
    assert (rows[C].lost, rows[C].played) == (2, 2)


def test_seed_example_two_houses_tied_for_second_get_25_each() -> None:
    rows = table(seed_example(draw(T, C)))
    assert rows == [
        ("Grifondoro", 1, None, 40),
        ("Tassorosso", 2, None, 25), ("Corvonero", 2, None, 25),
        ("Serpeverde", 4, None, 10),
    ]
    shared = compute_standings(NAMES, seed_example(draw(T, C))).row(T)
    assert shared.shared and shared.shared_with == (C,)


def test_head_to_head_decides_before_everything_else() -> None:
    strong = SideStats(spells=3, captured=9, remaining=10)
    games = [win(G, S, ls=strong), win(S, T, ws=strong), win(S, C, ws=strong), win(T, G), win(G, C), draw(T, C)]
    rows = table(games)
    assert rows[:2] == [("Grifondoro", 1, TieBreak.HEAD_TO_HEAD, 40), ("Serpeverde", 2, TieBreak.HEAD_TO_HEAD, 30)]


def test_spells_decide_when_head_to_head_is_level() -> None:
    rows = table(seed_example(draw(T, C, sa=SideStats(2, 2, 6))))
    assert rows[1:3] == [("Tassorosso", 2, TieBreak.SPELLS, 30), ("Corvonero", 3, TieBreak.SPELLS, 20)]


def test_fewer_spells_better_option_reverses_the_spells_tie_break() -> None:
    rows = table(seed_example(draw(T, C, sa=SideStats(2, 2, 6))), TieBreakOptions(more_spells_better=False))
    assert rows[1:3] == [("Corvonero", 2, TieBreak.SPELLS, 30), ("Tassorosso", 3, TieBreak.SPELLS, 20)]


def test_captures_decide_when_spells_are_level() -> None:
    rows = table(seed_example(draw(T, C, sb=SideStats(1, 5, 6))))
    assert rows[1:3] == [("Corvonero", 2, TieBreak.CAPTURES, 30), ("Tassorosso", 3, TieBreak.CAPTURES, 20)]


def test_own_pieces_not_captured_decide_last() -> None:
    rows = table(seed_example(draw(T, C, sa=SideStats(1, 2, 9))))
    assert rows[1:3] == [("Tassorosso", 2, TieBreak.SURVIVORS, 30), ("Corvonero", 3, TieBreak.SURVIVORS, 20)]


def test_three_way_tie_for_first_shares_40_30_20() -> None:
    games = [win(G, S), win(S, T), win(T, G), win(G, C), win(S, C), win(T, C)]
    rows = table(games)
    assert [r[1:] for r in rows[:3]] == [(1, None, 30)] * 3
    assert rows[3] == ("Corvonero", 4, None, 10)


def test_three_way_tie_for_second_shares_30_20_10() -> None:
    games = [win(G, S), win(G, T), win(G, C), win(S, T), win(T, C), win(C, S)]
    rows = table(games)
    assert rows[0] == ("Grifondoro", 1, None, 40)
    assert {r[0] for r in rows[1:]} == {"Serpeverde", "Tassorosso", "Corvonero"}
    assert all(r[1:] == (2, None, 20) for r in rows[1:])


def test_three_way_cycle_is_decided_by_spells_when_head_to_head_cannot() -> None:
    games = [win(G, S, ws=SideStats(3, 2, 6)), win(S, T, ws=SideStats(2, 2, 6)), win(T, G), win(G, C), win(S, C), win(T, C)]
    rows = table(games)
    assert rows[:3] == [("Grifondoro", 1, TieBreak.SPELLS, 40), ("Serpeverde", 2, TieBreak.SPELLS, 30),
                        ("Tassorosso", 3, TieBreak.SPELLS, 20)]


def test_head_to_head_splits_three_then_the_other_two_start_again() -> None:
    # G, S and T end on 4 points; G beat both in their games, S and T drew theirs,
    # so head-to-head puts G first and the spells separate S from T.
    games = [win(G, S, ResultKind.ENCHANTED), win(G, T, ResultKind.ENCHANTED), draw(S, T, sa=SideStats(2, 2, 6)),
             win(C, G), win(S, C), win(T, C)]
    rows = table(games)
    assert [r[0] for r in rows] == ["Grifondoro", "Serpeverde", "Tassorosso", "Corvonero"]
    assert [r[2] for r in rows] == [TieBreak.HEAD_TO_HEAD, TieBreak.SPELLS, TieBreak.SPELLS, None]
    assert compute_standings(NAMES, games).row(C).ranking_points == 3


def test_four_houses_level_on_everything_get_25_each() -> None:
    games = [draw(G, S), draw(T, C), draw(G, T), draw(C, S), draw(C, G), draw(S, T)]
    rows = table(games)
    assert all(r[1:] == (1, None, 25) for r in rows)
    assert sum(r[3] for r in rows) == 100


def test_two_houses_level_for_first_get_35_each() -> None:
    games = [draw(G, S), win(G, T), win(G, C), win(S, T), win(S, C), draw(T, C)]
    rows = table(games)
    assert rows[0][1:] == rows[1][1:] == (1, None, 35)
    assert rows[2][1:] == rows[3][1:] == (3, None, 15)


def test_house_points_are_exact_fractions() -> None:
    games = [draw(G, S), draw(T, C)]
    custom = TieBreakOptions(house_points=(40, 30, 20, 11))
    assert {r.house_points for r in compute_standings(NAMES, games, custom).rows} == {Fraction(101, 4)}


def test_tie_break_totals_sum_every_game_of_the_house() -> None:
    games = [win(G, S, ws=SideStats(1, 3, 7)), win(G, T, ws=SideStats(2, 4, 5))]
    row = compute_standings(NAMES, games).row(G)
    assert (row.spells, row.captured, row.remaining) == (3, 7, 12)
