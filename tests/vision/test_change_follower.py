"""Following by change: calm from time, every legal move scored by what changed in the picture.

The footage is rendered from seeds below 1000 (the benchmark's held-out renders start at
100000); frames go through the real Reader, exactly as from a camera.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from companion.rules import get_variant
from companion.vision.change import ChangeMeter
from companion.vision.follower import ChangeFollower, EventKind, evidence, occupancy
from companion.vision.geometry import CellState, geometry_for_cells
from companion.vision.reader import Reader, ReadStatus
from companion.vision.synth import finish, random_scene, render_static
from companion.vision.view import BoardView
from tests.vision.calm import faint_outline


def film(variant: str, moves: list[str], seed: int, calm: int = 5, hand: int = 2,
         takeback: bool = False) -> tuple[list[np.ndarray], object]:
    rng = np.random.default_rng(seed)
    pos = get_variant(variant).start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    scene = random_scene(rng, g, max_tilt_deg=15)
    shows = [render_static(scene, occupancy(pos, g.cells))]
    for text in moves:
        pos.push(pos.parse_move(text))
        shows.append(render_static(scene, occupancy(pos, g.cells)))
    if takeback:
        pos.pop()
        shows.append(render_static(scene, occupancy(pos, g.cells)))
    frames = []
    for i, static in enumerate(shows):
        frames += [finish(scene, static, rng) for _ in range(calm)]
        if i + 1 < len(shows):
            frames += [finish(scene, static, rng, hand=True) for _ in range(hand)]
    return frames, scene


def follow(variant: str, frames: list[np.ndarray], corners=None) -> tuple[list[str], list]:
    pos = get_variant(variant).start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g, corners)
    follower = ChangeFollower(pos)
    events, statuses = [], []
    for frame in frames:
        reading = reader.read(frame)
        statuses.append(reading.status)
        events += follower.feed(reading)
    return [str(e) for e in events], statuses


def test_a_short_game_with_a_capture_is_followed_move_by_move():
    frames, scene = film("magici", ["e2e4", "d7d5", "e4d5", "d8d5"], seed=501)
    events, statuses = follow("magici", frames)
    assert events == ["e2e4", "d7d5", "e4d5", "d8d5"]
    assert ReadStatus.MOTION in statuses  # the hands were seen as what kept the picture moving


def test_a_takeback_on_the_board_is_a_takeback():
    frames, _ = film("magici", ["g1f3", "g8f6"], seed=502, takeback=True)
    events, _ = follow("magici", frames)
    assert events == ["g1f3", "g8f6", "takeback g8f6"]


def test_a_hand_that_comes_and_goes_without_moving_anything_plays_nothing():
    rng = np.random.default_rng(503)
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    scene = random_scene(rng, g, max_tilt_deg=15)
    static = render_static(scene, occupancy(pos, g.cells))
    frames = [finish(scene, static, rng) for _ in range(5)]
    frames += [finish(scene, static, rng, hand=True) for _ in range(3)]
    frames += [finish(scene, static, rng) for _ in range(8)]
    events, statuses = follow("magici", frames)
    assert events == [] and ReadStatus.MOTION in statuses


def test_a_move_without_a_hand_in_between_still_starts_a_new_calm_stretch():
    """A piece slid by a hand the picture does not show: the picture changed, so it is judged."""
    frames, _ = film("magici", ["b1c3"], seed=504, hand=0)
    events, _ = follow("magici", frames)
    assert events == ["b1c3"]


def test_elolbia_men_are_followed():
    frames, _ = film("elolbia", ["c3c4", "f6f5", "c4c5"], seed=505)
    events, _ = follow("elolbia", frames)
    assert events == ["c3c4", "f6f5", "c4c5"]


def _calm_start(seed: int) -> tuple:
    """A follower that has seen the Magici start calm (rendered from ``seed``), its
    geometry and its position."""
    frames, _ = film("magici", [], seed=seed, calm=4)
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g)
    follower = ChangeFollower(pos)
    for frame in frames:
        follower.feed(reader.read(frame))
    return follower, g, pos


def _e2_left_for_e3_or_e4() -> tuple:
    """A follower of the Magici start, and a picture changed on e3 and e4 alike after e2 left
    (a strong change, the same on each)."""
    follower, g, _ = _calm_start(506)
    ref = follower._ref
    changed = ref.cells.copy()
    index = {c: i for i, c in enumerate(g.cells)}
    for cell in ("e2", "e3", "e4"):
        changed[index[cell]] = changed[index[cell]][::-1] + 0.8
    follower._seen = {}
    return follower, type(ref)(changed)


def test_two_moves_that_explain_the_change_equally_are_asked_not_guessed():
    """A follower whose picture changed on e3 and e4 alike after e2 left: e2e3 or e2e4."""
    follower, picture = _e2_left_for_e3_or_e4()
    events = follower.judge(picture)
    assert len(events) == 1 and events[0].kind is EventKind.AMBIGUOUS
    assert set(events[0].candidates) >= {"e2e3", "e2e4"} and len(events[0].candidates) <= 3
    assert follower.history == []
    assert str(follower.choose("e2e4")) == "e2e4" and len(follower.history) == 1


def test_a_question_that_would_offer_a_move_taken_back_on_the_screen_names_its_squares():
    """... but e2-e4 was taken back on the screen (Undo) while the board still shows a pawn
    moved from e2: neither e2-e4 (one tap put it back in, where seen alone it is refused) nor
    e2-e3 alone (which hid the move made) is offered; e2 and e4 are named (session 28's
    third and fourth reviews)."""
    follower, picture = _e2_left_for_e3_or_e4()
    follower._refused = ("e2e4",)  # (as take_back leaves it)
    events = follower.judge(picture)
    assert [(e.kind, e.squares) for e in events] == [(EventKind.CHECK, ("e2", "e4"))]
    assert follower.history == [] and follower.candidates == ()


def _moves_unseen(moves: list[str], partly: dict[str, float], unsure: set[str]) -> tuple:
    """A follower of the Magici start (seed 510), and a picture in which ``moves`` were made
    unseen: their cells changed fully, each cell of ``partly`` by about the evidence given
    (shade or lean), every cell read as the moves leave it but ``unsure``."""
    follower, g, pos = _calm_start(510)
    was, played = occupancy(pos, g.cells), get_variant("magici").start_position()
    for text in moves:
        played.push(played.parse_move(text))
    after = occupancy(played, g.cells)
    ref = follower._ref
    index = {c: i for i, c in enumerate(g.cells)}
    cells = ref.cells.copy()
    for c in g.cells:
        if after[c] != was[c]:
            cells[index[c]] = cells[index[c]][::-1] + 0.8
    for c, target in partly.items():
        i, lo, hi = index[c], 0.0, 1.0
        full = ref.cells[i][::-1] + 0.8
        for _ in range(30):  # (the share of a full change that gives this evidence)
            t = (lo + hi) / 2
            cells[i] = (1 - t) * ref.cells[i] + t * full
            e = evidence(follower._meter.change(ref, type(ref)(cells)))[i]
            lo, hi = (t, hi) if e < target else (lo, t)
    follower._seen = {c: v for c, v in after.items() if c not in unsure}
    return follower, type(ref)(cells)


def _looks(follower: ChangeFollower, picture, most: int = 4) -> list[str]:
    """The events of the first of ``most`` looks at ``picture`` that says something."""
    for _ in range(most):
        events = follower.judge(picture)
        if events:
            return [str(e) for e in events]
    return []


def test_moves_made_unseen_with_a_cell_beside_them_shaded_are_entered():
    """Three moves made unseen (e2-e4, e7-e5, f1-c4: one order only), and d5, next to them,
    changed partly (their pieces' shade or lean: evidence 2.2, no piece comes or goes so)
    and read unsure: the run is entered (before, it was asked as one answer; the real
    webcam's recording at half or twice its size asked its first four moves so, c8 and e1
    changed by 2.1 next to the knight and the queen, read unsure)."""
    follower, picture = _moves_unseen(["e2e4", "e7e5", "f1c4"], {"d5": 2.2}, {"d5"})
    assert _looks(follower, picture) == ["e2e4", "e7e5", "f1c4"]
    assert [str(m) for m in follower.history] == ["e2e4", "e7e5", "f1c4"]


def test_moves_made_unseen_beside_a_cell_that_changed_fully_read_unsure_are_asked():
    """... but a cell beside them that changed fully (a piece came or went there) and is read
    unsure is no shade: the run is asked, never entered."""
    follower, picture = _moves_unseen(["e2e4", "e7e5", "f1c4"], {"d5": 4.8}, {"d5"})
    events = _looks(follower, picture)
    assert follower.history == [] and events and events[0].startswith("?")


def test_moves_made_unseen_while_the_light_changed_much_of_the_board_are_asked_not_named():
    """Four moves made unseen (e2-e4, e7-e5, d1-h5, b8-c6) while a shadow that lay over the
    board when the agreed picture was taken went away: two dozen empty squares changed by 3.0,
    each read surely empty, as the game has them. The search through every way gave up (too
    many cells changed) and 16 squares were named to check (the real webcam's recording cut
    0.5 s and 0.7 s into it, bench_vision --variants). The ways along which the moves so far
    read as they leave their cells, but for one, are searched: the run is asked, in the orders
    the pictures leave open, and never entered (a run the narrower search left out could fit
    as well)."""
    shadow = {c: 3.0 for c in (f + r for r in "3456" for f in "abcdefgh")
              if c not in ("e3", "e4", "e5", "e6", "h5", "c6")}
    follower, picture = _moves_unseen(["e2e4", "e7e5", "d1h5", "b8c6"], shadow, set())
    events = _looks(follower, picture, most=6)
    assert len(events) == 1 and events[0].startswith("? which move: ")
    assert "e2e4,e7e5,d1h5,b8c6" in events[0].split()
    assert follower.history == []


def test_two_moves_of_two_sides_seen_at_one_look_beside_their_shade_are_entered():
    """Two moves of two sides seen at one look (a slow reader: the real webcam's recording at
    half its frame rate, d1-h5 and b8-c6), one cell beside them changed partly (2.2) and read
    unsure, another by 2.7 and read as the moves leave it (the one stray cell let pass):
    both moves are entered (before, the first was asked alone)."""
    follower, picture = _moves_unseen(["e2e4", "e7e5"], {"d6": 2.2, "f6": 2.7}, {"d6"})
    assert _looks(follower, picture) == ["e2e4", "e7e5"]
    assert [str(m) for m in follower.history] == ["e2e4", "e7e5"]


def test_two_moves_seen_at_one_look_beside_a_cell_changed_fully_or_read_otherwise_wait():
    """... but not beside a cell that changed fully (a piece came or went there: a third move
    may lie behind them), nor beside two changed partly that are read surely otherwise than
    the moves leave them (one such cell is let pass, as before), nor beside a third move
    made unseen that shows faintly (g1-f3, each cell 2.4, read unsure): neither move is
    entered."""
    for partly, unsure in (({"d6": 4.8}, {"d6"}), ({"d6": 2.2, "f6": 2.2}, set()),
                           ({"g1": 2.4, "f3": 2.4}, {"g1", "f3"}),
                           # (g1 changed too little to count as a stray cell)
                           ({"f3": 2.4, "g1": 1.8, "d6": 2.3}, {"f3", "g1", "d6"})):
        follower, picture = _moves_unseen(["e2e4", "e7e5"], partly, unsure)
        follower._seen.update({c: "b" for c in set(partly) - unsure})
        _looks(follower, picture)
        assert follower.history == [], partly


def test_a_reply_that_shows_only_partly_is_not_made_up_beside_faint_cells():
    """e2-e4 made; b8 and c6 changed by 3.5 and 3.0 (a hand's shade, no knight moved) and b6
    and d6 by 2.3, all read unsure: b8-c6 is not entered beside e2-e4 (the faint cells are
    shade only beside moves whose every cell changed fully; a review's probe)."""
    follower, picture = _moves_unseen(["e2e4"], {"b8": 3.5, "c6": 3.0, "b6": 2.3, "d6": 2.3},
                                      {"b8", "c6", "b6", "d6"})
    _looks(follower, picture)
    assert "b8c6" not in [str(m) for m in follower.history]


def test_dimmed_light_and_a_shadow_do_not_count_as_change():
    from companion.vision.geometry import get_geometry

    g = get_geometry("8x8")
    view = BoardView.from_corners(g, [[40, 440], [600, 440], [560, 40], [80, 40]], (640, 480))
    meter = ChangeMeter(view)
    rng = np.random.default_rng(507)
    scene = random_scene(rng, g)
    static = render_static(scene, {"e4": "w", "d5": "b"})
    top = view.warp(finish(scene, static, rng)).astype(np.float32)
    h, w = top.shape[:2]
    ramp = np.linspace(0.55, 1.0, w)[None, :, None]  # a shadow across the board, dimmer light
    changed = meter.change(meter.prepare(top.astype(np.uint8)),
                           meter.prepare((top * ramp).clip(0, 255).astype(np.uint8)))
    assert float(np.partition(changed, -3)[-3]) < 1.0


def test_follow_from_the_command_line_prints_moves_by_change(tmp_path, capsys):
    import cv2

    from companion.cli import main

    frames, _ = film("magici", ["e2e4", "e7e5"], seed=508)
    for i, frame in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"f{i:03d}.jpg"), frame)
    assert main(["vision", "follow", str(tmp_path), "--variant", "magici"]) == 0
    assert capsys.readouterr().out.split() == ["e2e4", "e7e5"]


def test_an_exchange_seen_only_by_shape_after_a_hand_is_played():
    """The Shah's exchange changes no cell's colour: after a hand, the one exchange whose two
    cells both changed well above the rest of the board is the move."""
    frames, _ = film("camerlano", ["b2c4"], seed=509, calm=4)
    pos = get_variant("camerlano").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g)
    follower = ChangeFollower(pos)
    for frame in frames:
        follower.feed(reader.read(frame))
    assert follower.history and str(follower.history[-1]) == "b2c4"
    was = occupancy(pos, g.cells)
    exchanges = []
    for move in pos.legal_moves():
        pos.push(move)
        same = occupancy(pos, g.cells) == was
        pos.pop()
        if same:
            exchanges.append(str(move))
    assert exchanges  # the king may exchange places with one of its pieces
    target = exchanges[0]
    ref = follower._ref
    changed = ref.cells.copy()
    index = {c: i for i, c in enumerate(g.cells)}
    for cell in (target[:2], target[2:]):  # its shape changed, faintly (about 1 unit)
        changed[index[cell], :, 0] = faint_outline(ref.cells[index[cell], :, 0], 0.4)
    follower._disturbed = False  # no hand came: such a faint change is no move
    assert follower.judge(type(ref)(changed)) == [] and len(follower.history) == 1
    follower._unsettled = 0
    follower._disturbed = True  # a hand came and went
    events = follower.judge(type(ref)(changed))
    assert [str(e) for e in events] == [target]


def test_after_the_players_answer_the_camera_goes_on_to_the_move_already_made():
    """Asked e2e3 or e2e4 while Black had already answered d7d5: once the players pick e2e4,
    the same picture gives d7d5 (nothing is lost by the question)."""
    frames, _ = film("magici", [], seed=510, calm=4)
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g)
    follower = ChangeFollower(pos)
    for frame in frames:
        follower.feed(reader.read(frame))
    ref = follower._ref
    changed = ref.cells.copy()
    index = {c: i for i, c in enumerate(g.cells)}
    for cell in ("e2", "e3", "e4", "d7", "d5"):
        changed[index[cell]] = changed[index[cell]][::-1] + 0.8
    picture = type(ref)(changed)
    follower._seen = {}
    events = follower.judge(picture) or follower.judge(picture)
    assert events and events[0].kind is EventKind.AMBIGUOUS, events
    follower.choose("e2e4")
    assert [str(e) for e in follower.judge(picture)] == ["d7d5"]
    assert [str(m) for m in follower.history] == ["e2e4", "d7d5"]


@pytest.mark.parametrize("move", ["f2c1", "f2a3", "f2e2"])
def test_the_shahs_exchange_is_followed_after_a_hand_seen_only_as_motion(move):
    """The Shah's exchange changes no cell's colour, only the shapes on two cells. The hand
    that makes it is seen only as motion (frames without a picture): that still counts as a
    hand having come, so the faint change of the two shapes is taken as the exchange."""
    from companion.vision.synth.video import game_frames

    for seed in (520, 521):
        rng = np.random.default_rng(seed)
        pos = get_variant("camerlano").start_position()
        g = geometry_for_cells(list(pos.geometry.cells))
        scene = random_scene(rng, g, max_tilt_deg=15)
        reader = Reader(g)
        follower = ChangeFollower(get_variant("camerlano").start_position())
        events, statuses = [], set()
        for frame in game_frames(scene, pos, [move], rng):
            reading = reader.read(frame)
            statuses.add(reading.status)
            events += [str(e) for e in follower.feed(reading)]
        assert ReadStatus.MOTION in statuses and ReadStatus.HAND not in statuses
        assert events == [move], f"seed {seed}"


def _g1f3_with_shade_asked():
    """A Magici follower calm on the start, then shown g1f3 with its shade changing e3 and f2
    strongly: asked about, not played (the cells' reader silenced, as a sure reading would
    settle it). Returns the follower, that picture, and ``shifted(base, cells)``, a picture
    with ``cells`` changed strongly from ``base``."""
    frames, _ = film("magici", [], seed=511, calm=4)
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g)
    follower = ChangeFollower(pos)
    for frame in frames:
        follower.feed(reader.read(frame))
    index = {c: i for i, c in enumerate(g.cells)}

    def shifted(base, cells):
        out = base.cells.copy()
        for cell in cells:
            out[index[cell]] = out[index[cell]][::-1] + 0.8
        return type(base)(out)

    picture = shifted(follower._ref, ("g1", "f3", "e3", "f2"))
    follower._seen = {}
    events = follower.judge(picture) or follower.judge(picture)
    assert events and events[0].kind in (EventKind.AMBIGUOUS, EventKind.CHECK), events
    return follower, picture, shifted


def test_the_shade_left_by_an_answered_move_is_not_asked_about_at_every_move():
    """A tall piece moved; its shade changed cells round it, and the players answered which
    move it was. Those cells stay changed in every later picture: they are taken as that
    move's, the picture agreed, and the next move is followed, not asked about."""
    follower, picture, shifted = _g1f3_with_shade_asked()
    follower.choose("g1f3")
    assert follower.judge(picture) == [] and follower.judge(picture) == []  # looked twice
    assert follower._ref is picture  # agreed
    # Black answers e7e5: followed unasked, the shade no longer in the way
    later = shifted(picture, ("e7", "e5"))
    events = follower.judge(later) or follower.judge(later)
    assert [str(e) for e in events] == ["e7e5"]


def test_two_moves_made_right_after_an_answered_move_was_agreed_are_followed():
    """As above, and both sides move before the camera's next calm look: e7e5 and d2d4 show
    in the first picture after the answered g1f3 was agreed. The cells seen changed at the
    look before the answer (g1f3's own and its shade) bind no first move any longer: the two
    moves are followed. (Before, e7e5 was asked about alone, the pair refused because it did
    not start from those cells: Due Re's turns made in one go went unseen for five turns so,
    our renders, bench_dice_turns.)"""
    follower, picture, shifted = _g1f3_with_shade_asked()
    follower.choose("g1f3")
    for _ in range(4):  # the answered move and its shade: agreed at a look
        if follower._ref is picture:
            break
        assert follower.judge(picture) == []
    assert follower._ref is picture
    later = shifted(picture, ("e7", "e5", "d2", "d4"))  # judged at once: no calm look between
    events = follower.judge(later) or follower.judge(later)
    assert [str(e) for e in events] == ["e7e5", "d2d4"]
    assert [str(m) for m in follower.history] == ["g1f3", "e7e5", "d2d4"]


def test_an_exchange_is_not_taken_back_because_the_board_looks_as_before_it():
    """After the Shah's exchange (chosen by the players) the board looks almost as before it:
    a little change elsewhere must not make the camera take the exchange back."""
    frames, _ = film("camerlano", [], seed=509, calm=4)
    pos = get_variant("camerlano").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g)
    follower = ChangeFollower(pos)
    for frame in frames:
        follower.feed(reader.read(frame))
    was = occupancy(pos, g.cells)
    exchange = None
    for move in pos.legal_moves():
        pos.push(move)
        same = occupancy(pos, g.cells) == was
        pos.pop()
        if same:
            exchange = str(move)
            break
    assert exchange is not None
    ref = follower._ref
    index = {c: i for i, c in enumerate(g.cells)}
    follower.choose(exchange)
    assert follower.judge(ref) == []  # the chosen move explains the (faint) picture
    faint = ref.cells.copy()
    faint[index["e5"]] = faint[index["e5"]] + 0.05  # a little light change on one cell
    for _ in range(3):
        events = follower.judge(type(ref)(faint))
        assert all(e.kind is not EventKind.TAKEBACK for e in events), events
    assert [str(m) for m in follower.history] == [exchange]


def _feed_timed(frames: list[np.ndarray], fps: float | None = None, at_rate: float | None = None,
                stable: int = 3) -> list[str]:
    """Follow ``frames`` with the frame rate given (``fps``) or carried by the frames' times
    (``at_rate``: frame i at i / at_rate seconds), or neither."""
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g)
    follower = ChangeFollower(pos, stable_frames=stable, fps=fps)
    events = []
    for i, frame in enumerate(frames):
        at = None if at_rate is None else i / at_rate
        events += follower.feed(reader.read(frame), at=at)
    return [str(e) for e in events]


@pytest.mark.slow
def test_calm_needs_the_time_not_the_frame_count_when_the_rate_is_known():
    """Still stretches of 6 frames: at 10 frames a second that is 0.6 s, calm enough (half a
    second) to judge; at 30 frames a second it is 0.2 s, a hand hovering still for a moment,
    and nothing is judged, whether the rate is given or read from the frames' times. Without
    a known rate the follower keeps its frame count (3 frames)."""
    frames, _ = film("magici", ["e2e4", "e7e5"], seed=517, calm=6)
    assert _feed_timed(frames) == ["e2e4", "e7e5"]
    assert _feed_timed(frames, fps=10) == ["e2e4", "e7e5"]
    assert _feed_timed(frames, at_rate=10) == ["e2e4", "e7e5"]
    assert _feed_timed(frames, fps=30) == []
    assert _feed_timed(frames, at_rate=30) == []
    # the same moves with stretches of 16 frames (0.53 s at 30 frames a second) are seen
    long, _ = film("magici", ["e2e4", "e7e5"], seed=517, calm=16)
    assert _feed_timed(long, fps=30) == ["e2e4", "e7e5"]
    pos = get_variant("magici").start_position()
    assert ChangeFollower(pos).calm_frames == 3
    assert ChangeFollower(pos, fps=30).calm_frames == 15
    assert ChangeFollower(pos, fps=4).calm_frames == 3  # never fewer than stable_frames


def test_follow_from_the_command_line_takes_the_frames_rate(tmp_path, capsys):
    """A folder of frames has no times: ``--fps`` gives them. Still stretches of 6 frames are
    half a second at 10 frames a second (the moves are printed) but a fifth of a second at 30
    (a hand may hover so long: nothing is judged); a rate that cannot be is refused."""
    import cv2

    from companion.cli import main

    frames, _ = film("magici", ["e2e4", "e7e5"], seed=517, calm=6)
    for i, frame in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"f{i:03d}.jpg"), frame)
    base = ["vision", "follow", str(tmp_path), "--variant", "magici"]
    assert main([*base, "--fps", "10"]) == 0
    assert capsys.readouterr().out.split() == ["e2e4", "e7e5"]
    assert main([*base, "--fps", "30"]) == 0
    assert capsys.readouterr().out.split() == []
    assert main([*base, "--fps", "0"]) == 2
    assert "--fps" in capsys.readouterr().err


def test_a_video_file_gives_its_frames_times_from_its_rate(tmp_path):
    from companion.vision.sources import FrameStatus, open_source

    path = tmp_path / "clip.avi"
    writer = cv2_writer(path, 20.0)
    for k in range(4):
        writer.write(np.full((48, 64, 3), 40 * k, np.uint8))
    writer.release()
    source = open_source(str(path))
    times = []
    while (frame := source.read()).status is FrameStatus.OK:
        times.append(frame.time)
    source.close()
    assert times == pytest.approx([0.0, 0.05, 0.1, 0.15])


def cv2_writer(path, fps: float):
    import cv2

    return cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (64, 48))


@pytest.mark.parametrize("variant, played, changes, unsure, asked", [
    ("elolbia", ["h2h3"], {"c5": "b", "c6": ".", "d4": "b"},
     "a2 a3 b3 b7 c4 c5 c8 d1 d2 d6 d7 e4 e5 e7 f2 f6 g1 g6 h1 h5", None),
    ("camerlano", ["f2e2", "h8h7", "j2i4", "f9j8"], {"i1": ".", "j4": "w", "k4": "w"},
     "a3 a4 a5 c2 c4 c7 e10 e2 e7 f3 g1 g2 g6 g8 g9 h10 h5 h6 i5 i8 j5 j8 k1 k3 k5 k6 k8",
     ["i1j4", "k3k4"]),
])
def test_a_move_seen_ahead_beside_a_stray_piece_on_a_dim_board_is_entered_or_asked(
        variant, played, changes, unsure, asked):
    """A board seen one move ahead, a stray piece beside it (a logo), and twenty squares and
    more read unsure (a dim board): the move is entered, as before runs of three moves were
    looked for beside it. (Session 22's second review: runs of moves between unsure squares
    only, a piece out and back, were asked about beside it, and the search ran its whole
    bound in the UI thread.) ... unless one move from a square read unsure puts a piece on
    the stray one (k3-k4: learning from the frame teaches a move's origin as before it):
    the two are asked, one answer each."""
    from types import SimpleNamespace

    pos = get_variant(variant).start_position()
    for text in played:
        pos.push(pos.parse_move(text))
    follower = ChangeFollower(pos, fps=10)
    reading = SimpleNamespace(cells={**follower.expected, **changes},
                              unsure=frozenset(unsure.split()))
    events = follower._ahead(reading, None)
    if asked is None:
        assert [e.kind for e in events] == [EventKind.MOVE]
    else:
        assert [(e.kind, sorted(e.candidates)) for e in events] == [(EventKind.AMBIGUOUS, asked)]


def test_a_move_seen_ahead_beside_a_piece_another_move_may_have_put_there_is_asked():
    """The board learnt with e2-e4 made, read so: e4 a piece but unsure, e2 unsure (learning
    from the frame taught it as before the move), and f2 and f4 misread as emptied and filled
    (f4 surely). f2-f4 explains every square read surely otherwise, but leaves e4's piece
    aside, which e2-e4 would have put there: both are asked, f2-f4 is not entered (a false
    move on the real webcam's recording at a third of its frame rate, bench_vision
    --variants, LOOKED AT). A piece aside that no move puts there (a logo on e6) leaves the
    move found entered, as before."""
    from types import SimpleNamespace

    follower = ChangeFollower(get_variant("magici").start_position(), fps=10)
    reading = SimpleNamespace(cells={**follower.expected, "f2": ".", "f4": "w", "e4": "w"},
                              unsure=frozenset({"e2", "f2", "e4"}))
    assert follower._seen_ahead(reading) == (None, True)
    events = follower._ahead(reading, None, first=True)
    assert [(e.kind, sorted(e.candidates)) for e in events] == [
        (EventKind.AMBIGUOUS, ["e2e4", "f2f4"])]
    # (not answered yet, the next look at the same board asks again: before, the question
    # was dropped there, f4 named, the picture agreed and the move lost; session 29's
    # second review)
    for _ in range(2):
        events = follower._ahead(reading, None)
        assert [e.kind for e in events] in ([], [EventKind.AMBIGUOUS])
        assert sorted(follower._ahead_asked) == ["e2e4", "f2f4"] and follower._ahead_off
    assert follower.history == []
    assert str(follower.choose("e2e4")) == "e2e4"
    # ... f2-f4 read surely all through, the stray piece on e4 too (the recording's warmer
    # light, every third frame): asked all the same
    follower = ChangeFollower(get_variant("magici").start_position(), fps=10)
    reading = SimpleNamespace(cells={**follower.expected, "f2": ".", "f4": "w", "e4": "w"},
                              unsure=frozenset({"e2"}))
    assert follower._seen_ahead(reading) == (None, True)
    follower = ChangeFollower(get_variant("magici").start_position(), fps=10)
    reading = SimpleNamespace(cells={**follower.expected, "f2": ".", "f4": "w", "e6": "w"},
                              unsure=frozenset({"f2", "e6"}))
    assert [str(m) for m in follower._seen_ahead(reading)[:1]] == ["f2f4"]


def test_a_move_seen_ahead_is_entered_beside_more_pieces_than_can_be_asked_none_read_surely():
    """e2-e4 read surely, pieces read unsure on c3 and d3 that three moves from squares read
    unsure would put there: more than can be asked, none read surely: e2-e4 is entered, as
    before _aside_moves (session 29's second review: the squares were named)."""
    from types import SimpleNamespace

    follower = ChangeFollower(get_variant("magici").start_position(), fps=10)
    reading = SimpleNamespace(
        cells={**follower.expected, "e2": ".", "e4": "w", "c3": "w", "d3": "w"},
        unsure=frozenset({"c3", "d3", "b1", "c2", "d2"}))
    assert [str(m) for m in follower._seen_ahead(reading)[:1]] == ["e2e4"]


@pytest.mark.parametrize("changes, unsure", [
    ({"e7": ".", "e5": "b", "e6": "b"}, {"e7", "e6"}),  # the head read on e6, unsure
    ({"e7": ".", "e5": "b", "e6": "b"}, {"e7", "e5"}),  # ... read surely, e5 unsure
])
def test_a_pawn_seen_ahead_on_one_of_two_squares_is_asked_not_guessed(changes, unsure):
    """e7-e5 or e7-e6, after e2-e4: a piece read on both squares, e7 read unsure. Either
    may be the move and the other a pawn's head: both are asked (session 29's third review:
    leaving the same piece's other move out entered e7-e6, a false move)."""
    from types import SimpleNamespace

    pos = get_variant("magici").start_position()
    pos.push(pos.parse_move("e2e4"))
    follower = ChangeFollower(pos, fps=10)
    reading = SimpleNamespace(cells={**follower.expected, **changes}, unsure=frozenset(unsure))
    assert follower._seen_ahead(reading) == (None, True)
    events = follower._ahead(reading, None, first=True)
    assert [(e.kind, sorted(e.candidates)) for e in events] == [
        (EventKind.AMBIGUOUS, ["e7e5", "e7e6"])]


@pytest.mark.parametrize("made", [
    ["b2d3", "g7e6", "e2h5"],  # three moves ahead, each to a square of its own
    ["g2f4", "b7c5", "c2g6", "f7g6"],  # four, the last a capture
])
def test_due_re_seen_moves_ahead_names_their_squares_rather_than_taking_the_board_as_the_game(
        made):
    """Due Re takes a roll before each move, so no run of moves is offered as one answer. A
    board learnt with three or four moves made on it (the camera switched on late) names the
    squares they changed, for the referee to enter the moves by touch. Before, the board was
    taken for the game's, and the moves made next were entered on a game lacking those: five
    false moves in a row on vision-dev's tune duere_a switched on three moves late, once the
    benchmark's Due Re took no run, as the app's does."""
    from types import SimpleNamespace

    pos = get_variant("duere").start_position()
    follower = ChangeFollower(pos, fps=10)
    board = get_variant("duere").start_position()
    for text in made:
        board.push(board.parse_move(text))
    reading = SimpleNamespace(cells=occupancy(board, follower.cells), unsure=frozenset())
    assert follower._seen_ahead(reading) == (None, True)
    events = follower._ahead(reading, None)
    changed = sorted(c for c, v in reading.cells.items() if v != follower.expected[c])
    assert [(e.kind, sorted(e.squares)) for e in events] == [(EventKind.CHECK, changed)]


def test_due_re_never_learnt_with_moves_made_names_their_squares():
    """... and a board that could not be learnt (the moves made change too much of it): once
    it reads the same for a calm while, its squares are named (before: nothing, the camera
    waited silent)."""
    from types import SimpleNamespace

    follower = ChangeFollower(get_variant("duere").start_position(), fps=10)
    board = get_variant("duere").start_position()
    for text in ["b2d3", "g7e6", "e2h5", "b7c5"]:
        board.push(board.parse_move(text))
    reading = SimpleNamespace(status=ReadStatus.UNEXPECTED, cells=occupancy(board, follower.cells),
                              unsure=frozenset(), picture=None, meter=None)
    events = [e for _ in range(follower.calm_frames) for e in follower.feed(reading)]
    changed = sorted(c for c, v in reading.cells.items() if v != follower.expected[c])
    assert [(e.kind, sorted(e.squares)) for e in events] == [(EventKind.CHECK, changed)]


def _never_learnt(variant: str, played: list[str], made: list[str],
                  put: "dict[str, str] | None" = None) -> list:
    """The events of a follower of a game with ``played`` on it, fed for a calm while a board
    the reader could not learn: the game with ``made`` played on it as well and the cells
    ``put`` read so; and the cells read otherwise than the game."""
    from types import SimpleNamespace

    game = get_variant(variant).start_position()
    for text in played:
        game.push(game.parse_move(text))
    follower = ChangeFollower(game.copy(), fps=10)
    for text in made:
        game.push(game.parse_move(text))
    cells = {**occupancy(game, follower.cells), **(put or {})}
    reading = SimpleNamespace(status=ReadStatus.UNEXPECTED, cells=cells, unsure=frozenset(),
                              picture=None, meter=None)
    events = [e for _ in range(follower.calm_frames) for e in follower.feed(reading)]
    changed = sorted(c for c, v in cells.items() if v != follower.expected[c])
    return events, changed


def test_a_board_never_learnt_that_no_run_explains_has_its_squares_named():
    """Moves made before the camera saw the board, which no run of moves it asks about
    explains (here a dark piece read on a1 besides e7-e5 and g1-f3, e2-e4 entered before):
    the board is never learnt. Once it reads the same for a calm while, its squares are
    named, so the referee checks them and enters the moves (before: nothing was said, and the
    camera followed nothing; vision-dev tune clupso_a switched on four moves late, whose two
    captures by jumps no run fits, bench_vision --later)."""
    events, changed = _never_learnt("magici", ["e2e4"], ["e7e5", "g1f3"], {"a1": "b"})
    assert changed == ["a1", "e5", "e7", "f3", "g1"]
    assert [(e.kind, sorted(e.squares), e.quiet) for e in events] == [
        (EventKind.CHECK, changed, False)]


def test_a_board_being_set_up_has_no_squares_named_and_in_a_new_game_they_are_quiet():
    """... but a board that only lacks pieces (being set up, or cleared) is no game moved on:
    nothing is said. In a game with no move yet, the board may be the last game's being reset
    (the review of the rule above found squares named, with the alarm, at every pause of a
    reset): they are named quietly (a screen shows them without the alarm's sound)."""
    lacking = {c: "." for c in ("a1", "b1", "c1", "d8", "e8")}
    assert _never_learnt("magici", ["e2e4"], [], lacking)[0] == []
    events, changed = _never_learnt("magici", [], ["e2e4", "e7e5", "g1f3"], {"a1": "b"})
    assert [(e.kind, sorted(e.squares), e.quiet) for e in events] == [
        (EventKind.CHECK, changed, True)]


def test_due_re_squares_named_before_the_board_was_learnt_clear_once_the_pieces_go_back():
    """Due Re, switched on with four moves made: the board is never learnt, its squares are
    named. The players put the pieces back instead of the referee entering the moves: the
    board is learnt as the game's, and the squares are no longer in doubt (a screen unmarks
    them and drops the banner)."""
    made = ["b2d3", "g7e6", "e2h5", "b7c5"]
    frames, _ = film("duere", made, seed=4311, calm=8)
    ahead, start = frames[-8:], frames[:8]
    pos = get_variant("duere").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    reader = Reader(g, expected=occupancy(pos, g.cells))
    follower = ChangeFollower(pos)
    events = [e for frame in ahead for e in follower.feed(reader.read(frame))]
    assert [e.kind for e in events] == [EventKind.CHECK] and follower.doubt
    for frame in start * 2:
        events += follower.feed(reader.read(frame))
    assert reader.learnt
    assert follower.doubt == ()
    assert [e.kind for e in events] == [EventKind.CHECK]


def test_due_re_two_moves_standing_named_are_not_played_one_at_the_next_look():
    """Due Re, b2-d3 and g7-e6 standing on the board seen ahead, g7 read unsure: b2-d3 alone
    leaves e6 aside as a stray piece, both in a row are as likely, and no run is an answer:
    the squares are named, and at the next look they still are (before, b2-d3 was played
    there, and g7-e6 was lost; session 23's review)."""
    from types import SimpleNamespace

    follower = ChangeFollower(get_variant("duere").start_position(), fps=10)
    board = get_variant("duere").start_position()
    for text in ["b2d3", "g7e6"]:
        board.push(board.parse_move(text))
    cells = {**occupancy(board, follower.cells), "g7": "."}
    reading = SimpleNamespace(cells=cells, unsure=frozenset({"g7"}))
    first = follower._ahead(reading, None)
    assert [(e.kind, sorted(e.squares)) for e in first] == [(EventKind.CHECK, ["b2", "d3", "e6"])]
    assert follower._ahead(reading, None) == [] and not follower.history


def test_due_re_a_named_move_left_out_of_the_touch_entries_is_named_again():
    """... the referee enters b2-d3 alone by touch; g7 still reads as the game (unsure), e6
    holds g7-e6's piece: the board is taken in, but e6 is named again, and stays so until the
    referee enters g7-e6 too (before, the board was taken for the game's and g7-e6 lost,
    silently; session 28's review)."""
    from types import SimpleNamespace

    follower = ChangeFollower(get_variant("duere").start_position(), fps=10)
    board = get_variant("duere").start_position()
    for text in ["b2d3", "g7e6"]:
        board.push(board.parse_move(text))
    reading = SimpleNamespace(cells={**occupancy(board, follower.cells), "g7": "b"},
                              unsure=frozenset({"g7"}))
    first = follower._ahead(reading, None)
    assert [(e.kind, sorted(e.squares)) for e in first] == [(EventKind.CHECK, ["b2", "d3", "e6"])]
    follower.choose("b2d3")
    follower._ref = object()
    follower._refs = [follower._ref]
    again = follower._ahead(reading, None)
    assert [(e.kind, e.squares) for e in again] == [(EventKind.CHECK, ("e6",))]
    assert follower.doubt == ("e6",) and [str(m) for m in follower.history] == ["b2d3"]
    follower.choose("g7e6")
    assert follower.doubt == ()


def test_due_re_a_logo_named_with_moves_is_not_named_again_once_they_are_entered():
    """... but a piece read where none stands that no legal move explains (a logo, named
    with b2-d3 and g7-e6) is not named again once the referee has entered both (the first
    version named it again at every late start with a logo; session 28's second review)."""
    from types import SimpleNamespace

    follower = ChangeFollower(get_variant("duere").start_position(), fps=10)
    board = get_variant("duere").start_position()
    for text in ["b2d3", "g7e6"]:
        board.push(board.parse_move(text))
    reading = SimpleNamespace(cells={**occupancy(board, follower.cells), "e5": "b"},
                              unsure=frozenset())
    first = follower._ahead(reading, None)
    assert [(e.kind, sorted(e.squares)) for e in first] == [
        (EventKind.CHECK, ["b2", "d3", "e5", "e6", "g7"])]
    follower.choose("b2d3")
    follower.choose("g7e6")
    follower._ref = object()
    follower._refs = [follower._ref]
    assert follower._ahead(reading, None) == [] and follower.doubt == ()


def test_squares_an_answer_left_named_once_while_a_stray_square_flickers():
    """After the answer e2-e4, e7-e5, e5 reads white (the players moved on, g1 and b8
    unsure), and a stray piece is read on another square at each look: the squares are
    named once, not at every look (session 28's second review)."""
    from companion.vision.classify import CellEvidence
    from companion.vision.reader import Reading

    follower, reading = _learnt_ahead("magici", [], ["e2e4", "e7e5"], ())
    follower._ref = object()
    follower._refs = [follower._ref]
    events = follower._ahead(reading, None, first=True)
    assert [e.candidates for e in events] == [("e2e4,e7e5",)]
    for move in events[0].candidates[0].split(","):
        follower.choose(move)
    named = []
    for k in range(6):
        values = {**follower.expected, "e5": "w", "c6": "b", ["h6", "a3", "h3"][k % 3]: "b"}
        seen = Reading(ReadStatus.OK, {c: CellState(v) for c, v in values.items()},
                       {c: CellEvidence(CellState(v), float("nan"), 0.5, float("nan"),
                                        c not in ("g1", "b8")) for c, v in values.items()},
                       picture=object())
        follower._last_read = seen
        named += [e.squares for e in follower._ahead(seen, None) or []]
    assert named == [("e5", "c6", "h6")]


class _Still:
    """A change meter whose pictures never change (the board as learnt, calm)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def change(self, a, b) -> np.ndarray:
        return np.zeros(self.n)


def _learnt_ahead(variant: str, played: list[str], made: list[str], blurred: tuple[str, ...],
                  unsure_before: tuple[str, ...] = ()) -> tuple:
    """A follower of a game with ``played`` on it, and the reading of the frame its board was
    learnt from with ``made`` standing on it as well: before learning, every square ``made``
    changed read surely as it stands (but ``unsure_before``); after it, the ``blurred`` ones
    read as the game has them, unsure (learning taught them so), the others surely as they
    stand."""
    from companion.vision.classify import CellEvidence
    from companion.vision.geometry import CellState
    from companion.vision.reader import Reading

    game = get_variant(variant).start_position()

    def push(pos, text):
        pos.push(next(m for m in pos.legal_moves() if str(m) == text))

    for text in played:
        push(game, text)
    follower = ChangeFollower(game.copy(), fps=10)
    for text in made:
        push(game, text)
    stands = occupancy(game, follower.cells)
    before = {c: v for c, v in stands.items()
              if v != follower.expected[c] and c not in unsure_before}
    cells = {**stands, **{c: follower.expected[c] for c in blurred}}
    reading = Reading(ReadStatus.OK, {c: CellState(v) for c, v in cells.items()},
                      {c: CellEvidence(CellState(v), float("nan"), 0.5, float("nan"),
                                       c not in blurred) for c, v in cells.items()},
                      picture=object(), learnt=True, learnt_as=follower.expected,
                      before=before)
    # (as ChangeFollower.feed keeps them from the frame the board was learnt from)
    follower._meter = _Still(len(follower.cells))
    follower._before, follower._before_picture = dict(reading.before), reading.picture
    return follower, reading


def test_two_moves_made_before_learning_one_square_read_as_the_game_after_it_are_seen():
    """e4xd5 and Qd8xd5 made before the camera saw the board: read surely emptied before the
    board was learnt, e4 and d8 are; after it, d8 reads unsure, still holding the queen
    (learning taught it so). The two moves are seen, as read before learning (before, e4
    alone was one square misread, the board was taken for the game's, and the next move
    was entered on a game lacking those two: vision-dev tune clupso_a switched on two moves
    late, two jump captures, bench_vision --later)."""
    follower, reading = _learnt_ahead("magici", ["e2e4", "d7d5"], ["e4d5", "d8d5"], ("d8",))
    assert follower._seen_ahead(reading) == (None, True)
    events = follower._ahead(reading, None)
    # (two moves seen only together, asked about as one answer: see test_follow_with_camera's
    # two moves ahead)
    assert [(e.kind, e.candidates) for e in events] == [(EventKind.AMBIGUOUS, ("e4d5,d8d5",))]
    follower._before = {}  # as read after learning alone: one square, e4, misread
    assert follower._seen_ahead(reading) == (None, False)


@pytest.mark.parametrize("misread", [
    {"e2": ".", "e4": "w"},  # a light pawn read empty, a logo read light: e2-e4
    {"d2": ".", "e2": ".", "h4": "w"},  # two pawns read empty, a logo: moved on
])
def test_squares_misread_before_learning_at_a_normal_start_are_no_move(misread):
    """The board learnt at the game's position (a normal start), squares misread before
    learning, unsure after it as the game has them: read as before learning, they would show
    e2-e4, or the board moved on; nothing is entered or named, as the board reads as the
    game itself (session 27's review found e2-e4 entered, and squares named, with the alarm,
    at the first look)."""
    follower, reading = _learnt_ahead("magici", [], [], tuple(misread))
    reading.before.update(misread)
    follower._before = dict(reading.before)
    assert follower._seen_ahead(reading) == (None, False)
    assert follower._ahead(reading, None, first=True) is None
    assert follower.history == []


def test_a_move_found_only_as_read_before_learning_is_asked_not_entered():
    """d7-d5 made before the camera saw the board: d7 reads surely empty after learning, d5
    unsure, as the game has it, surely holding the pawn only before learning. Read so, d7-d5
    explains the board, but a move found only with squares read before learning is asked,
    never entered at once (they may be misread)."""
    follower, reading = _learnt_ahead("magici", ["e2e4"], ["d7d5"], ("d5",))
    assert follower._seen_ahead(reading) == (None, True)  # (not the move seen: asked)
    events = follower._ahead(reading, None, first=True)
    assert [e.kind for e in events] == [EventKind.AMBIGUOUS]
    assert events[0].candidates == ("d7d5",)
    assert follower.history == []


def test_a_move_made_before_learning_its_origin_unsure_after_it_is_asked():
    """g1-f3 made before the camera saw the board: after learning, f3 reads surely holding the
    knight, g1 unsure, still holding it (learning taught it so); before learning, g1 read
    surely empty. The board reads otherwise than the game itself (a piece where the game has
    none), and as read before learning, g1-f3 explains it: asked (before this, the square
    alone read so was taken for a stray piece, and the move was lost)."""
    follower, reading = _learnt_ahead("magici", ["e2e4", "e7e5"], ["g1f3"], ("g1",))
    assert follower._seen_ahead(reading) == (None, True)
    events = follower._ahead(reading, None, first=True)
    assert [(e.kind, e.candidates) for e in events] == [(EventKind.AMBIGUOUS, ("g1f3",))]
    assert follower.history == []


def test_a_square_misread_before_learning_alone_is_no_move():
    """... but a square read surely otherwise before learning, unsure after it, that no move
    explains (a piece misread before the board's look was learnt) is read as after
    learning: nothing is said, and the game goes on (before this change, the same)."""
    follower, reading = _learnt_ahead("magici", ["e2e4", "e7e5"], [], ())
    reading.before["a8"] = "."
    reading.evidence["a8"] = replace(reading.evidence["a8"], sure=False)
    follower._before = dict(reading.before)
    assert follower._seen_ahead(reading) == (None, False)
    assert follower._ahead(reading, None) is None


CLUPSO_OPENING = ["d6d5", "a2a3", "a7a6", "b2b3", "f6f5"]


def test_a_learnt_board_moved_on_that_no_run_explains_has_its_squares_named():
    """Four moves made on a clupso board before the camera saw it (e3-e4, d7-d6, e4xg6,
    h7xf5): e3 and h7 emptied, d6 filled, but fewer squares than it takes for the board not
    to be learnt (see reader.LEARN_MOVED); e4 is a square no run passes (emptied again), so
    no run is found. After learning, h7 reads unsure as the game has it; before it, empty.
    Its squares are named (before, the board was taken for the game's, and the next move,
    a1-a2, was entered on a game lacking those four: vision-dev tune clupso_a switched on
    four moves late, bench_vision --later)."""
    follower, reading = _learnt_ahead("clupso", CLUPSO_OPENING,
                                      ["e3e4", "d7d6", "e4g6", "h7f5"], ("h7", "d7"),
                                      unsure_before=("d7",))
    assert follower._seen_ahead(reading) == (None, True)
    events = follower._ahead(reading, None, first=True)  # (the first calm look)
    assert [(e.kind, e.squares) for e in events] == [(EventKind.CHECK, ("e3", "d6", "h7"))]


@pytest.mark.parametrize("recoloured", [2, 0])
def test_runs_seen_ahead_leave_a_light_pawn_read_dark_aside(monkeypatch, recoloured):
    """Four moves made before the board was learnt (e2-e4, e7-e5, Qd1-h5, Nb8-c6, as in the
    real webcam's recording read every 3rd frame), and the light pawn on f2 read surely dark
    (the board learnt under a hand, see reader.RELEARN). A colour misread is no move: the runs
    of the four are asked about, f2 left aside and not waited for after the answer
    (follower.AHEAD_RECOLOURED). Without it (the peer), no run explains f2 and the nine
    squares are named to check."""
    from companion.vision import follower as follower_module

    monkeypatch.setattr(follower_module, "AHEAD_RECOLOURED", recoloured)
    follower, reading = _learnt_ahead("magici", [], ["e2e4", "e7e5", "d1h5", "b8c6"], ())
    reading.cells["f2"] = CellState("b")
    reading.evidence["f2"] = replace(reading.evidence["f2"], state=CellState("b"))
    events = follower._ahead(reading, None, first=True)
    if recoloured:
        assert [(e.kind, e.candidates) for e in events] == [
            (EventKind.AMBIGUOUS, ("e2e4,b8c6,d1h5,e7e5", "e2e4,e7e5,d1h5,b8c6"))]
        assert "f2" not in follower._ahead_off
    else:
        assert [(e.kind, e.squares) for e in events] == [
            (EventKind.CHECK, ("d1", "e2", "f2", "e4", "e5", "h5", "c6", "e7", "b8"))]
    assert follower.history == []


def test_a_run_seen_ahead_leaves_no_more_than_two_squares_aside():
    """... three light pieces read dark are more than a misread: no run is asked about, the
    squares are named."""
    follower, reading = _learnt_ahead("magici", [], ["e2e4", "e7e5", "d1h5", "b8c6"], ())
    for c in ("f2", "g2", "a2"):
        reading.cells[c] = CellState("b")
        reading.evidence[c] = replace(reading.evidence[c], state=CellState("b"))
    events = follower._ahead(reading, None, first=True)
    assert [e.kind for e in events] == [EventKind.CHECK]
    assert {"f2", "g2", "a2"} <= set(events[0].squares)


@pytest.mark.parametrize("doubted", [True, False])
def test_a_board_learnt_with_pieces_read_missing_is_judged_by_reading_at_the_first_look(
        monkeypatch, doubted):
    """The frame the board was learnt from read g2 and h2 surely empty (a hand over them),
    the position holding pawns there, and after learning they read unsure (learning taught
    them so): the first calm look after it is judged by reading (follower.AHEAD_DOUBTED), not
    by change against that frame alone, whose hand would look changed at every look after
    it. Read as the game, nothing is said."""
    from companion.vision import follower as follower_module

    monkeypatch.setattr(follower_module, "AHEAD_DOUBTED", doubted)
    follower, reading = _learnt_ahead("magici", [], [], ("g2", "h2"))
    reading.before.update({"g2": ".", "h2": "."})

    class Still(_Still):
        def step(self, a, b) -> np.ndarray:
            return np.zeros(self.n)

    follower._meter = reading.meter = Still(len(follower.cells))
    looks = []
    monkeypatch.setattr(follower, "_ahead", lambda r, p, first=False: looks.append(first))
    assert follower.feed(reading) == []  # (the frame learnt from)
    assert follower._ahead_due is doubted
    assert follower.judge(reading.picture) == []  # (the first calm look: its picture)
    assert looks == ([True] if doubted else [])
    assert follower.history == []


def test_the_reader_says_what_the_frame_it_learnt_from_read_before_learning():
    """The frame a board is learnt from, e2-e4 made on it: the reading says the cells the
    network read surely otherwise than the position before learning, as it read them
    (learning teaches them as the position has them)."""
    rng = np.random.default_rng(4321)
    pos = get_variant("magici").start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    scene = random_scene(rng, g, max_tilt_deg=10)
    start = occupancy(pos, g.cells)
    pos.push(pos.parse_move("e2e4"))
    static = render_static(scene, occupancy(pos, g.cells))
    reader = Reader(g, expected=start)
    readings = [reader.read(finish(scene, static, rng)) for _ in range(4)]
    learnt = [r for r in readings if r.learnt]
    assert len(learnt) == 1 and learnt[0].before == {"e2": ".", "e4": "w"}
    assert all(r.before is None for r in readings if not r.learnt)


def test_two_moves_ahead_after_which_a_shahs_exchange_is_open_are_named_not_asked():
    """Camerlano: two moves standing on the board seen ahead, after which the Shah's exchange
    is legal. The exchange changes no square's colour, so it may have been made unseen after
    them: the two are not offered as one answer (it would record the game without the
    exchange, the wrong side to move), their squares are named, as for runs of three (session
    27's review: 40 of 40 such boards were asked about as the pair)."""
    from types import SimpleNamespace

    pos = get_variant("camerlano").start_position()
    pair = None
    for a in pos.legal_moves():
        pos.push(a)
        for b in pos.legal_moves():
            pos.push(b)
            open_ = bool(ChangeFollower(pos.copy())._exchanges())
            pos.pop()
            if open_:
                pair = (a, b)
                break
        pos.pop()
        if pair:
            break
    assert pair is not None
    follower = ChangeFollower(pos.copy(), fps=10)
    board = pos.copy()
    for move in pair:
        board.push(move)
    reading = SimpleNamespace(cells=occupancy(board, follower.cells), unsure=frozenset())
    events = follower._ahead(reading, None, first=True)
    changed = sorted(c for c, v in reading.cells.items() if v != follower.expected[c])
    assert [(e.kind, sorted(e.squares)) for e in events] == [(EventKind.CHECK, changed)]


def _board_read(follower: ChangeFollower, moves: list[str], misread: dict[str, str],
                unsure: set[str]):
    """A reading of the Magici board with ``moves`` made on it, ``misread`` cells read so,
    ``unsure`` read unsure."""
    from types import SimpleNamespace

    pos = get_variant("magici").start_position()
    for text in moves:
        pos.push(pos.parse_move(text))
    return SimpleNamespace(cells={**occupancy(pos, follower.cells), **misread},
                           unsure=frozenset(unsure))


def test_a_question_not_put_to_the_players_is_dropped_once_the_board_shows_its_moves_undone():
    """e2-e4, e7-e5 asked (e2 read unsure) but not put to the players (a station's clock);
    they take both back, e7 misread empty, unsure: the question is dropped, the board taken
    as the game's, and what the players do next is judged by change as usual (before, it was
    asked again at every look, and d2-d4 made next was never entered; session 29's fourth
    review)."""
    follower = ChangeFollower(get_variant("magici").start_position(), fps=10)
    follower._refs = [None]
    events = follower._ahead(_board_read(follower, ["e2e4", "e7e5"], {}, {"e2"}), None,
                             first=True)
    assert [(e.kind, e.candidates) for e in events] == [(EventKind.AMBIGUOUS, ("e2e4,e7e5",))]
    follower.ask_again()
    assert follower._ahead(_board_read(follower, [], {"e7": "."}, {"e7"}), None) == []
    assert follower._ahead_asked == () and follower._ahead_off == frozenset()


def test_after_an_undo_the_move_made_instead_is_entered_beside_a_reply_read_unsure():
    """e2-e4 taken back on the screen; the players made d2-d4 and b8-c6 instead (b8 read
    unsure): d2-d4, the one move other than e2-e4 the board shows, is still taken (the
    guard against the move misread beside a piece left aside applies only when e2-e4 itself
    is asked beside it; session 29's fourth review)."""
    follower = ChangeFollower(get_variant("magici").start_position(), fps=10)
    follower._last_read = _board_read(follower, ["d2d4", "b8c6"], {"b8": "b"}, {"b8"})
    e2e4 = next(m for m in follower.position.legal_moves() if str(m) == "e2e4")
    assert str(follower._other_than(e2e4)) == "d2d4"


def test_squares_named_grow_with_a_move_made_meanwhile_once_not_with_one_square_misread():
    """e2-e4 and e7-e5 seen ahead and asked about, the question cancelled: their four squares
    are named. One square of the game's read otherwise next (g1 read empty, no piece come
    anywhere) is no move: nothing more is said. g1-f3 made (g1 emptied, f3 filled): the
    squares named grow with g1 and f3, once; the same board again says nothing."""
    from types import SimpleNamespace

    follower = ChangeFollower(get_variant("magici").start_position(), fps=10)
    ahead = {**follower.expected, "e2": ".", "e4": "w", "e7": ".", "e5": "b"}

    def look(**cells):
        return follower._ahead(SimpleNamespace(cells={**ahead, **cells}, unsure=frozenset()),
                               None)

    assert [(e.kind, e.candidates) for e in follower._ahead(
        SimpleNamespace(cells=ahead, unsure=frozenset()), None, first=True)] == [
        (EventKind.AMBIGUOUS, ("e2e4,e7e5",))]
    assert [e.squares for e in follower.dismissed()] == [("e2", "e4", "e5", "e7")]
    assert look() == [] and look(g1=".") == []
    assert follower.doubt == ("e2", "e4", "e5", "e7")
    assert [e.squares for e in look(g1=".", f3="w")] == [("g1", "e2", "f3", "e4", "e5", "e7")]
    assert look(g1=".", f3="w") == [] and follower.history == []
    assert follower.doubt == ("g1", "e2", "f3", "e4", "e5", "e7")
