"""Moves made while the camera saw no calm picture long enough (a fast game, a crowd leaning
over the board): caught up when the picture is calm again, in the order the pictures seen on
the way show, or not played at all when they cannot tell it.

Footage rendered from seeds below 1000 (the benchmark's held-out renders start at 100000), at a
known 20 frames a second, so the follower wants half a second (10 frames) of calm before it
judges a picture; between the moves the board is calm for 2 frames only.
"""

from __future__ import annotations

import numpy as np
import pytest

from companion.rules import get_variant
from companion.vision.follower import ASK_RUNS, RUN_JOIN, ChangeFollower, EventKind, occupancy
from companion.vision.geometry import geometry_for_cells
from companion.vision.reader import Reader
from companion.vision.synth.video import fast_game_frames

FPS = 20.0
MOVES = ["e2e4", "e7e5", "d1h5", "b8c6"]  # played in another order, the same position


def film(moves: list[str], seed: int, between: int) -> list[np.ndarray]:
    return fast_game_frames("magici", moves, seed, between)


def follow(frames: list[np.ndarray], misread=lambda reading, agreed: reading,
           fen: str | None = None) -> list:
    """The follower's events on ``frames`` (from ``fen``, else the start); ``misread(reading,
    agreed)`` changes each reading (``agreed``: a calm picture was agreed already)."""
    pos = get_variant("magici").from_fen(fen) if fen else get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g, expected=occupancy(pos, g.cells))
    follower = ChangeFollower(pos, fps=FPS)
    events = []
    for k, frame in enumerate(frames):
        reading = misread(reader.read(frame), follower._ref is not None)
        events += follower.feed(reading, at=k / FPS)
    return events


def test_moves_made_between_two_calm_pictures_are_caught_up_in_their_order():
    events = follow(film(MOVES, seed=611, between=2))
    assert [str(e) for e in events] == MOVES
    # each move says it was seen only with the others (a screen asks the referee to check)
    assert [e.together for e in events] == [tuple(MOVES)] * len(MOVES)


def test_a_fast_game_in_the_other_order_is_caught_up_in_that_order():
    other = ["e2e4", "b8c6", "d1h5", "e7e5"]
    events = follow(film(other, seed=612, between=2))
    assert [str(e) for e in events] == other


def _misread_for_good(reading, cell: str, state: str, sure: bool = True):
    """``reading`` with ``cell`` read as ``state``, surely (no evidence) or unsure."""
    from dataclasses import replace

    from companion.vision.geometry import CellState

    if not reading.cells or cell not in reading.cells:
        return reading
    if sure:
        evidence = {c: e for c, e in reading.evidence.items() if c != cell}
    elif cell in reading.evidence:
        evidence = {**reading.evidence,
                    cell: replace(reading.evidence[cell], state=CellState(state), sure=False)}
    else:
        return reading
    return replace(reading, cells={**reading.cells, cell: CellState(state)}, evidence=evidence)


def test_moves_caught_up_on_a_board_with_a_square_misread_for_good():
    """A real board's camera reads one square wrongly all game (on a real webcam's recording
    made half the size, the light knight on g1 was read dark from the start): the moves made
    between two calm pictures are caught up all the same (a move never seen, which the
    record would lack, shows at two squares at least: its origin and its target)."""
    events = follow(film(MOVES, seed=611, between=2),
                    lambda reading, agreed: _misread_for_good(reading, "g1", "b"))
    assert [str(e) for e in events] == MOVES


def test_a_run_on_a_board_showing_a_move_the_game_lacks_is_not_caught_up():
    """Two squares read surely otherwise than the game since the first calm picture, their
    look unchanged since (as a move the game lacks would leave them: b1-c3 made while the
    game has the knight on b1): no run is caught up on such a board (it would leave the
    record wrong). A guard: it passes before and after the one square allowed."""
    _lacking_move_denies_every_run(sure_origin=True)


def _lacking_move_denies_every_run(sure_origin: bool) -> None:
    def misread(reading, agreed):
        if not agreed:  # (from after the first calm picture agreed)
            return reading
        reading = _misread_for_good(reading, "b1", ".", sure=sure_origin)
        return _misread_for_good(reading, "c3", "w")

    events = follow(film(MOVES, seed=611, between=2), misread)
    assert not [e for e in events if e.kind is EventKind.MOVE]


def test_a_run_on_a_board_showing_a_move_the_game_lacks_one_square_unsure_is_not_caught_up():
    """As above, with the lacking move's origin read unsure (b1) and its target surely
    otherwise (c3): c3 was read as the game has it at the first calm picture, so it is no
    square misread all game, and no run is caught up (review of session 20: caught up before
    the misread square had to be so from the first reading on)."""
    _lacking_move_denies_every_run(sure_origin=False)


def test_a_pawn_push_whose_square_the_run_refills_is_not_caught_up_as_a_capture():
    """1.e4 Nf6 2.d3 e6, then with no calm picture between them 3.Be2 b6 4.e5 Ne4 5.dxe4: e4
    holds a white pawn before and after (no change there), and e5, filled, is read unsure.
    Another run fits the rest, 3.Be2 Nxe4 4.dxe4 b6: it must not be played (it was, when a
    changed cell read unsure was left aside: review of session 20; withdrawn)."""
    fen = "rnbqkb1r/pppp1ppp/4pn2/8/4P3/3P4/PPP2PPP/RNBQKBNR w KQkq - 0 3"
    truth = ["f1e2", "b7b6", "e4e5", "f6e4", "d3e4"]

    def e5_unsure(reading, agreed):
        return _misread_for_good(reading, "e5", reading.cells["e5"].value, sure=False) \
            if agreed and reading.cells else reading

    frames = fast_game_frames("magici", truth, 611, 2, fen=fen, kinds=True)
    played = [str(e) for e in follow(frames, e5_unsure, fen) if e.kind is EventKind.MOVE]
    assert played == truth[: len(played)]


def test_a_run_with_two_of_its_squares_read_unsure_is_asked_about_as_one_answer():
    """The four moves made fast, e4 and h5 read unsure: nothing is played by itself, and the
    camera asks, once, whether these four were made, in the order the pictures show (before:
    it named their ten squares to check, and the players entered each move by touch). The
    players' answer, each move chosen in turn, leaves the camera following on."""
    def unsure(reading, agreed):
        for cell in ("e4", "h5"):
            if reading.cells and cell in reading.evidence:
                reading = _misread_for_good(reading, cell, reading.cells[cell].value, sure=False)
        return reading

    frames = film(MOVES, seed=611, between=2)
    events = follow(frames, unsure)
    assert [e.kind for e in events] == [EventKind.AMBIGUOUS]
    assert events[0].candidates == (RUN_JOIN.join(MOVES),)


def test_moves_whose_order_no_picture_shows_are_asked_about_in_their_likely_orders():
    """Hands over the board from one move to the next: the end position is clear, the order
    is not (e7-e5 and b8-c6 may come either way). Nothing is played in a guessed order; the
    camera offers the orders, the true one among them, each as one answer."""
    events = follow(film(MOVES, seed=613, between=0))
    asked = [e for e in events if e.kind is EventKind.AMBIGUOUS]
    assert not [e for e in events if e.kind is EventKind.MOVE]
    assert len(asked) == 1 and RUN_JOIN.join(MOVES) in asked[0].candidates
    assert 1 < len(asked[0].candidates) <= ASK_RUNS
    assert all(sorted(c.split(RUN_JOIN)) == sorted(MOVES) for c in asked[0].candidates)


def test_a_square_misread_for_good_read_right_only_under_the_hands_is_still_left_aside():
    """g1 read dark at every calm picture, but light in the frames between the fast moves
    (a hand's shadow, the picture still changing; the real recording made half the size read
    it so): those frames do not count, the square is misread for good, and the moves are
    caught up (before: g1 read right once, in a frame between two moves, and nothing was)."""
    frames = film(MOVES, seed=611, between=2)
    index = iter(range(len(frames)))
    burst = range(15, 15 + 3 * len(MOVES) + 2 * (len(MOVES) - 1))  # (lead, hands, between)

    def g1_dark_when_calm(reading, agreed):
        return reading if next(index) in burst else _misread_for_good(reading, "g1", "b")

    assert [str(e) for e in follow(frames, g1_dark_when_calm)] == MOVES


@pytest.mark.parametrize("truth", [
    ["d2d4", "d7d5", "e2e4", "e7e5"],  # four orders of the same moves, none shown
    ["g1f3", "e7e5", "f3g5", "b8c6"],  # the knight's stop (f3 or h3) and the order, unseen
])
def test_a_run_question_offers_the_run_made_or_is_not_asked(truth):
    """Hands over the board from one move to the next (no picture on the way): nothing is
    played by itself, and if the camera asks which run was made, the run made is among the
    answers. Every run offered reaches the same position: a referee seeing 'these moves'
    would confirm a record in a wrong order, or with a knight's stop never made. (Session
    21's review: the orders the pictures cannot tell apart were cut to the first ASK_RUNS
    found, whatever was played; now more than ASK_RUNS of them are not asked about.)"""
    events = follow(film(truth, seed=611, between=0))
    played = [e.move for e in events if e.kind is EventKind.MOVE]
    assert played == truth[: len(played)]
    for asked in [e for e in events if e.kind is EventKind.AMBIGUOUS
                  and any(RUN_JOIN in c for c in e.candidates)]:
        assert RUN_JOIN.join(truth) in asked.candidates, asked.candidates


def _shadowed_fast_game(moves: list[str], seed: int, shadow: int, between) -> list[np.ndarray]:
    """``moves`` made fast (``between``: calm frames after each), the board learnt under a
    person's hard-edged shadow (``shadow``: its draw) that is gone when the first hand comes."""
    from companion.vision.synth.webcam import shadow_mask

    lead = 15
    frames = fast_game_frames("magici", moves, seed, between, lead=lead)
    mask = shadow_mask(frames[0].shape, np.random.default_rng(shadow), hard=True)[..., None]
    return [np.clip(f * mask, 0, 255).astype(np.uint8) if k < lead else f
            for k, f in enumerate(frames)]


def _until_asked(frames: list[np.ndarray]):
    """(follower, reader, the frames after the one a run of MOVES was asked at, said before)."""
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g, expected=occupancy(pos, g.cells))
    follower = ChangeFollower(pos, fps=FPS)
    for k, frame in enumerate(frames):
        events = follower.feed(reader.read(frame), at=k / FPS)
        if any(e.kind is EventKind.AMBIGUOUS and RUN_JOIN.join(MOVES) in e.candidates
               for e in events):
            return follower, reader, frames[k + 1:], k + 1
    raise AssertionError("the run made was never asked about")


@pytest.mark.parametrize("seed, shadow", [(611, 1), (614, 1), (614, 3)])
def test_a_run_chosen_whole_agrees_the_picture_it_was_found_in(seed, shadow):
    """The board learnt under a person's shadow, gone as the players' hands come in; four
    moves made with no calm picture between them, asked about as runs, the true one chosen.
    The picture the runs were found in shows them, and is the agreed one from then on: the
    next move, made after a calm pause, is played. (Before, the picture still agreed was the
    shadowed one learnt, its shadow's cells changed against every later picture: the next
    move was asked about, or never seen; the real webcam recording cut 0.5 s into it named
    the shadow's squares to check, bench_vision --variants.)"""
    frames = _shadowed_fast_game(MOVES + ["f1c4"], seed, shadow, [0, 0, 0, 40])
    follower, reader, rest, at = _until_asked(frames)
    for move in MOVES:  # the referee taps the run made
        follower.choose(move)
    reader.tell(occupancy(follower.position, follower.cells))
    said = [e for k, frame in enumerate(rest)
            for e in follower.feed(reader.read(frame), at=(at + k) / FPS)]
    assert [(e.kind, e.move) for e in said] == [(EventKind.MOVE, "f1c4")]
    assert [str(m) for m in follower.history] == MOVES + ["f1c4"]


def test_a_run_answered_otherwise_or_after_the_camera_moved_leaves_the_picture_agreed():
    """The run asked about is not the one chosen (another move touched on the way), or the
    camera was set up again between the question and the answer (a new change meter, no
    picture agreed yet): the picture the runs were found in is not agreed; the follower
    goes on from the picture it had (before, a new meter left none, and the answer failed)."""
    import copy

    frames = _shadowed_fast_game(MOVES + ["f1c4"], 611, 1, [0, 0, 0, 40])
    follower, reader, rest, _ = _until_asked(frames)
    agreed = follower._ref
    follower.choose("e2e4")
    follower.choose("e7e6")  # (not on any run asked about)
    follower.choose("d1h5")
    assert follower._ref is agreed
    follower, reader, rest, _ = _until_asked(frames)
    reading = reader.read(rest[0])
    reading.meter = copy.copy(reading.meter)  # (the camera found the board anew)
    follower.feed(reading)
    for move in MOVES:
        follower.choose(move)
    assert follower._ref is None or follower._ref is reading.picture
    assert [str(m) for m in follower.history] == MOVES


def test_the_order_of_moves_caught_up_is_told_with_a_shadow_over_the_picture_learnt():
    """The board learnt under a person's shadow, gone as the hands come in; four moves, two
    calm frames between them. Each picture on the way is compared with the calm picture at
    the end as well as with the one learnt, so the shadow's cells (changed against the
    learnt picture in every later one) no longer blur the order: the moves are played in
    the order made (before: both orders were asked about)."""
    other = ["e2e4", "b8c6", "d1h5", "e7e5"]
    assert [str(e) for e in follow(_shadowed_fast_game(other, 611, 2, 2))] == other
