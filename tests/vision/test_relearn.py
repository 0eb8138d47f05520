"""A board is learnt again once the reader is told the game's position and a calm frame shows
it (reader.RELEARN): the look it was learnt with may not fit it, learnt from a frame that read
squares surely otherwise than the position in what stands on them (a hand over them, paused
long enough to pass for calm, or a move made before the camera saw the board; the real
webcam's recording read every 3rd frame learnt the board under the hand making e2-e4,
bench_vision --variants) or under a passing shadow.

Rendered from seeds below 1000 (the benchmark's held-out renders start at 100000)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.rules import get_variant
from companion.vision import reader as reader_module
from companion.vision.follower import occupancy
from companion.vision.geometry import geometry_for_cells
from companion.vision.cellnet import CellNet
from companion.vision.reader import Reader, ReadStatus
from companion.vision.synth import finish, random_scene, render_static

pytestmark = pytest.mark.skipif(not CellNet.available(), reason="no committed cell network")


def _learnt_with_e4(told: list[str]) -> tuple[Reader, list, dict[str, str]]:
    """A reader expecting the start position, learning the board from frames with e2-e4
    already made; then told the position after ``told``, and shown the same board again.
    Returns the reader, the readings after it was told, and the position the board shows."""
    rng = np.random.default_rng(4321)
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    scene = random_scene(rng, g, max_tilt_deg=10)
    reader = Reader(g, expected=occupancy(pos, g.cells))
    game = pos.copy()
    for text in told:
        game.push(game.parse_move(text))
    pos.push(pos.parse_move("e2e4"))
    shows = occupancy(pos, g.cells)
    static = render_static(scene, shows)
    learnt = [r for r in (reader.read(finish(scene, static, rng)) for _ in range(4)) if r.learnt]
    assert len(learnt) == 1 and learnt[0].before == {"e2": ".", "e4": "w"}
    reader.tell(occupancy(game, g.cells))
    readings = [reader.read(finish(scene, static, rng)) for _ in range(5)]
    return reader, readings, shows


def test_a_board_learnt_with_a_move_made_is_learnt_again_once_told_the_move():
    """Learnt with e2-e4 on it as the start, told e2-e4 (the referee's answer, a move entered
    by touch): the next frames calm against the one before show the position told, and the
    board is learnt from one of them, once; every cell then reads as it stands."""
    reader, readings, shows = _learnt_with_e4(["e2e4"])
    assert reader.relearnt == 1 and reader._relearn is None
    last = readings[-1]
    assert last.status is ReadStatus.OK
    assert {c: s.value for c, s in last.cells.items()} == shows


def test_the_board_is_not_learnt_again_as_a_position_it_does_not_show():
    """... told e2-e4 and e7-e5 while the board shows e2-e4 alone (e7-e5 entered by touch, not
    made yet): e7 reads surely holding its pawn, e5 surely empty, and the board is not learnt
    as that position; it waits, to be learnt again when it shows the position told."""
    reader, readings, _ = _learnt_with_e4(["e2e4", "e7e5"])
    assert reader.relearnt == 0 and reader._relearn is not None


def test_without_relearning_the_board_learnt_so_is_kept(monkeypatch):
    """The peer: without reader.RELEARN the board keeps the look it was learnt with."""
    monkeypatch.setattr(reader_module, "RELEARN", False)
    reader, _, _ = _learnt_with_e4(["e2e4"])
    assert reader.relearnt == 0 and reader._relearn is None


def test_a_board_learnt_at_the_position_is_learnt_again_at_the_next_position_told():
    """A board learnt as the start, e2-e4 made and told (entered by touch): learnt again from
    the first calm frames that show it, as the position after e2-e4; not before they show it
    (the pawn still on e2)."""
    rng = np.random.default_rng(4322)
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    scene = random_scene(rng, g, max_tilt_deg=10)
    reader = Reader(g, expected=occupancy(pos, g.cells))
    start = render_static(scene, occupancy(pos, g.cells))
    assert sum(reader.read(finish(scene, start, rng)).learnt for _ in range(4)) == 1
    pos.push(pos.parse_move("e2e4"))
    reader.tell(occupancy(pos, g.cells))
    for _ in range(4):  # (the move entered by touch, not made yet)
        reader.read(finish(scene, start, rng))
    assert reader.relearnt == 0
    after = render_static(scene, occupancy(pos, g.cells))
    readings = [reader.read(finish(scene, after, rng)) for _ in range(5)]
    assert reader.relearnt == 1 and reader._learnt_as == occupancy(pos, g.cells)
    assert {c: s.value for c, s in readings[-1].cells.items()} == occupancy(pos, g.cells)
    assert not any(r.learnt for r in readings)  # (no new board for the follower)


def test_a_move_taken_back_on_the_screen_is_learnt_only_once_taken_back_on_the_board():
    """... then e2-e4 taken back on the screen (an Undo) while the pawn still stands on e4:
    not learnt as the start from those frames; once the pawn is back on e2, it is. The
    squares told changed (e2, e4) must read so, not only those changed since the board was
    last learnt (none: the start)."""
    rng = np.random.default_rng(4323)
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    scene = random_scene(rng, g, max_tilt_deg=10)
    start_cells = occupancy(pos, g.cells)
    reader = Reader(g, expected=start_cells)
    start = render_static(scene, start_cells)
    assert sum(reader.read(finish(scene, start, rng)).learnt for _ in range(4)) == 1
    pos.push(pos.parse_move("e2e4"))
    after = render_static(scene, occupancy(pos, g.cells))
    reader.tell(occupancy(pos, g.cells))
    for _ in range(5):
        reader.read(finish(scene, after, rng))
    assert reader.relearnt == 1
    reader.tell(start_cells)  # (the Undo)
    assert reader._told == {"e2", "e4"}
    for _ in range(5):
        reader.read(finish(scene, after, rng))
    assert reader.relearnt == 1
    for _ in range(5):
        reader.read(finish(scene, start, rng))
    assert reader.relearnt == 2 and reader._learnt_as == start_cells


def _told_reader(told: list[str]) -> tuple[Reader, dict[str, str], dict[str, str]]:
    """A reader (no picture needed) whose board was learnt as the start and which is told the
    position after ``told``; that position and the start's, cell -> "."/"w"/"b"."""
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g, expected=occupancy(pos, g.cells))
    start = occupancy(pos, g.cells)
    for text in told:
        pos.push(pos.parse_move(text))
    known = occupancy(pos, g.cells)
    reader._learnt_as = start
    reader._relearn = known
    reader._told = frozenset(c for c in g.cells if start[c] != known[c])
    return reader, known, start


def _evidence(seen: dict[str, str]) -> dict:
    from companion.vision.classify import CellEvidence, CellState

    return {c: CellEvidence(CellState(v), 0.0, 0.0, float("nan"), True) for c, v in seen.items()}


def test_a_piece_come_to_a_square_may_read_in_the_other_colour_when_learning_again():
    """Told e2-e4, e7-e5, Qd1-h5, Nb8-c6 (the referee's answer on the real recording read every
    3rd frame at half its size): the queen come to h5 reads dark on a board learnt under a
    hand; the board is still learnt again from that frame (RELEARN_RECOLOURED), not from one
    reading two more pieces come to squares dark, nor a piece turned where it stood."""
    reader, known, _ = _told_reader(["e2e4", "e7e5", "d1h5", "b8c6"])
    assert reader._shows_told(_evidence(known))
    assert reader._shows_told(_evidence({**known, "h5": "b"}))
    assert reader._shows_told(_evidence({**known, "h5": "b", "e4": "b"}))
    assert not reader._shows_told(_evidence({**known, "h5": "b", "e4": "b", "c6": "w"}))
    assert not reader._shows_told(_evidence({**known, "h5": "."}))  # the queen not there yet
    assert not reader._shows_told(_evidence({**known, "d1": "w"}))  # ... still on d1


def test_a_piece_turned_on_its_square_must_read_in_its_new_colour(monkeypatch):
    """A square held at the learning and held now by a piece of the other colour (a capture,
    a piece turned) must read in its colour told; and without RELEARN_RECOLOURED no piece
    come to a square may read otherwise (the peer)."""
    reader, known, _ = _told_reader(["e2e4", "d7d5", "e4d5", "c7c6", "d5c6", "g8f6", "c6b7"])
    assert reader._shows_told(_evidence(known))
    assert not reader._shows_told(_evidence({**known, "b7": "b"}))  # dark, as at the learning
    reader, known, _ = _told_reader(["e2e4", "e7e5", "d1h5", "b8c6"])
    monkeypatch.setattr(reader_module, "RELEARN_RECOLOURED", 0)
    assert not reader._shows_told(_evidence({**known, "h5": "b"}))
