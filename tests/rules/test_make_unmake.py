"""Property tests: make/unmake (push/pop) restores the position string exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import get_variant

MAGICI_STARTS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    # Pawns about to turn, turned and returned Pawns, spells used:
    "4k3/1P1Pp3/8/8/8/8/1p2p3/4K3 w - - 0 1 d7:b,e2:b Ht",
    "4k3/8/8/8/3pP3/8/8/4K2P b - e3 0 1 h1:r",
]
choices = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30)


@settings(max_examples=60, deadline=None)
@given(start=st.sampled_from(MAGICI_STARTS), picks=choices)
def test_magici_push_then_pop_restores_the_position_string(start: str, picks: list[int]) -> None:
    pos = get_variant("magici").from_fen(start)
    seen = [pos.fen()]
    for pick in picks:
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(moves[pick % len(moves)])
        fen = pos.fen()
        assert get_variant("magici").from_fen(fen).fen() == fen  # the string round-trips
        seen.append(fen)
    while len(seen) > 1:
        seen.pop()
        pos.pop()
        assert pos.fen() == seen[-1]


@settings(max_examples=40, deadline=None)
@given(picks=choices, rolls=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)),
                                     min_size=1, max_size=30))
def test_duere_turns_and_plies_undo_exactly(picks: list[int], rolls) -> None:
    pos = get_variant("duere").start_position()
    seen = [pos.fen()]
    for pick, roll in zip(picks, rolls):
        if pos.outcome() is not None:
            break
        if pick % 2:
            plays = pos.roll_plays(roll)
            pos.push_play(plays[pick % len(plays)])
        else:
            moves = pos.legal_moves()
            pos.push(moves[pick % len(moves)])
        seen.append(pos.fen())
        assert get_variant("duere").from_fen(seen[-1]).fen() == seen[-1]
    while len(seen) > 1:
        seen.pop()
        pos.pop()
        assert pos.fen() == seen[-1]


@settings(max_examples=30, deadline=None)
@given(start=st.sampled_from(MAGICI_STARTS), picks=choices)
def test_copy_is_independent_of_the_original(start: str, picks: list[int]) -> None:
    pos = get_variant("magici").from_fen(start)
    clone = pos.copy()
    for pick in picks:
        moves = clone.legal_moves()
        if not moves:
            break
        clone.push(moves[pick % len(moves)])
    assert pos.fen() == start


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(["magici", "duere", "elolbia", "clupso", "camerlano"]),
       picks=choices)
def test_push_legal_plays_each_legal_move_exactly_as_push_does(variant: str,
                                                               picks: list[int]) -> None:
    """The camera's search pushes each legal move without checking it again (push_legal): at
    every position of a random game, every legal move leaves the very position push leaves,
    and pop takes it back as exactly."""
    pos = get_variant(variant).start_position()
    for pick in picks:
        moves = pos.legal_moves()
        if not moves:
            break
        before = pos.fen()
        for move in moves:
            checked = pos.copy()
            checked.push(move)
            pos.push_legal(move)
            assert pos.fen() == checked.fen()
            assert [str(m) for m in pos.legal_moves()] == [str(m) for m in checked.legal_moves()]
            assert str(pos.pop()) == str(checked.pop()) == str(move)
            assert pos.fen() == before
        pos.push(moves[pick % len(moves)])
