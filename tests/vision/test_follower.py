"""Following a game: the legal moves decide what a sight of the board means."""

import pytest

from companion.rules import get_variant
from companion.vision.follower import EventKind, Follower, occupancy
from companion.vision.geometry import CellState
from companion.vision.reader import Reading, ReadStatus


def _after(position, *moves):
    for m in moves:
        position.push(position.parse_move(m))
    seen = occupancy(position, tuple(position.geometry.cells))
    for _ in moves:
        position.pop()
    return seen


def _follower(fen=None, variant="magici"):
    v = get_variant(variant)
    return Follower(v.from_fen(fen) if fen else v.start_position())


def test_a_plain_move_is_found():
    f = _follower()
    assert [str(e) for e in f.observe(_after(f.position, "g1f3"))] == ["g1f3"]


def test_castling_is_recognised_from_four_changed_squares():
    f = _follower("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    events = f.observe(_after(f.position, "e1g1"))
    assert [str(e) for e in events] == ["e1g1"]


def test_a_capture_changes_only_two_squares_and_is_found():
    f = _follower()
    seen = _after(f.position, "e2e4", "d7d5", "e4d5")
    assert [str(e) for e in f.observe(_after(f.position, "e2e4"))] == ["e2e4"]
    assert [str(e) for e in f.observe(_after(f.position, "d7d5"))] == ["d7d5"]
    assert [str(e) for e in f.observe(seen)] == ["e4d5"]


def test_the_previous_position_seen_again_is_a_takeback():
    f = _follower()
    start = dict(f.expected)
    f.observe(_after(f.position, "e2e4"))
    events = f.observe(start)
    assert [(e.kind, e.move) for e in events] == [(EventKind.TAKEBACK, "e2e4")]
    assert f.history == []


def test_one_noisy_square_is_corrected_by_legality():
    f = _follower()
    seen = _after(f.position, "e2e4")
    seen["a6"] = "b"  # a misread empty square
    events = f.observe(seen)
    assert [str(e) for e in events] == ["e2e4"] and events[0].corrected == ("a6",)


def test_a_lone_flicker_is_not_a_move():
    f = _follower()
    seen = dict(f.expected)
    seen["e4"] = "w"  # a piece seen where none was moved from
    events = f.observe(seen)
    assert [e.kind for e in events] == [EventKind.CHECK] and events[0].squares == ("e4",)
    assert f.history == []


def test_an_impossible_sight_asks_to_check_the_squares():
    f = _follower()
    seen = _after(f.position, "e2e4")
    seen["e4"], seen["e5"] = ".", "w"  # a pawn that jumped three squares
    events = f.observe(seen)
    assert events[0].kind is EventKind.CHECK and set(events[0].squares) == {"e2", "e5"}


def test_two_moves_made_while_the_camera_looked_away_are_both_found():
    f = _follower()
    events = f.observe(_after(f.position, "e2e4", "e7e5"))
    assert [str(e) for e in events] == ["e2e4", "e7e5"]


def test_promotion_defaults_to_a_queen_when_only_occupancy_is_seen():
    # Scacchi Magici pawns turn round instead of promoting, so the rule is checked on _pick
    moves = ["e7e8n", "e7e8q", "e7e8r", "e7e8b"]
    assert Follower._pick(moves) == "e7e8q"
    assert Follower._pick(["a1a2", "b1b2"]) is None


def test_stable_frames_are_needed_and_a_hand_breaks_the_calm():
    f = _follower()
    seen = _after(f.position, "d2d4")
    cells = {c: CellState(v) for c, v in seen.items()}
    ok = Reading(ReadStatus.OK, cells)
    assert f.feed(ok) == [] and f.feed(ok) == []
    assert f.feed(Reading(ReadStatus.HAND)) == []
    assert f.feed(ok) == [] and f.feed(ok) == []
    assert [str(e) for e in f.feed(ok)] == ["d2d4"]
    assert f.feed(ok) == []  # the same sight again says nothing new


def test_due_re_without_dice_accepts_a_move_of_any_piece():
    f = _follower(variant="duere")
    pos = f.position
    move = next(m for m in pos.legal_moves() if str(m).startswith("a2"))
    pos.push(move)
    seen = occupancy(pos, f.cells)
    pos.pop()
    assert [str(e) for e in f.observe(seen)] == [str(move)]


def test_choose_plays_the_move_the_players_pick():
    f = _follower()
    assert str(f.choose("e2e4")) == "e2e4"
    with pytest.raises(ValueError, match="e2e5"):
        f.choose("e2e5")


def _calm(f, cells, sig, n=3):
    reading = Reading(ReadStatus.OK, {c: CellState(v) for c, v in cells.items()}, signature=sig)
    out = []
    for _ in range(n):
        out += f.feed(reading)
    return out


def test_the_shahs_exchange_is_seen_by_the_look_of_the_two_cells():
    import numpy as np

    f = _follower(variant="camerlano")
    cells = dict(f.expected)
    rng = np.random.default_rng(7)
    base = rng.normal(4.5, 0.3, (len(f.cells), 36))
    assert _calm(f, cells, base) == []
    f.feed(Reading(ReadStatus.HAND))
    after = base + rng.normal(0, 0.003, base.shape)
    for cell in ("f2", "h2"):  # the Shah and the Giraffe changed places
        after[f.cells.index(cell)] += 0.2
    events = _calm(f, cells, after)
    assert [str(e) for e in events] == ["f2h2"]


def test_a_hand_that_touches_nothing_plays_no_move():
    import numpy as np

    f = _follower(variant="camerlano")
    cells = dict(f.expected)
    base = np.random.default_rng(8).normal(4.5, 0.3, (len(f.cells), 36))
    _calm(f, cells, base)
    f.feed(Reading(ReadStatus.HAND))
    after = base.copy()
    after[f.cells.index("f2")] += 0.2  # one piece straightened: no move has a single square
    assert _calm(f, cells, after) == [] and f.history == []


def test_a_doubtful_cell_read_in_the_wrong_colour_does_not_hide_the_move():
    f = _follower()
    seen = _after(f.position, "g1f3")
    seen["f3"] = "b"  # the knight's colour misread, and the reader said it was unsure
    events = f.observe(seen, unsure={"f3"})
    assert [str(e) for e in events] == ["g1f3"]


def test_misreads_elsewhere_are_tolerated_when_the_move_is_plain():
    f = _follower()
    f.observe(dict(f.expected))  # an agreed first sight
    seen = _after(f.position, "b1c3")
    seen["h5"], seen["a6"] = "w", "b"  # two squares misread this time
    events = f.observe(seen)
    assert [str(e) for e in events] == ["b1c3"]
    assert set(events[0].corrected) == {"h5", "a6"}
