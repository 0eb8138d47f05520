"""The learned cell reader: the committed network through OpenCV, learning the board in use,
and the training recipe's pieces (tests never train: they use the committed weights)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.rules import get_variant
from companion.vision.cellnet import CLASSES, CROP, CellNet, crops
from companion.vision.follower import occupancy
from companion.vision.geometry import get_geometry
from companion.vision.reader import Reader
from companion.vision.synth import random_scene, render, render_static, finish
from companion.vision.synth.render import true_corners as scene_corners

pytestmark = pytest.mark.skipif(not CellNet.available(), reason="no committed cell network")


def _scene(seed: int, geometry: str = "8x8"):
    rng = np.random.default_rng(seed)
    g = get_geometry(geometry)
    return rng, g, random_scene(rng, g)


def test_the_network_reads_a_rendered_board_through_opencv():
    rng, g, scene = _scene(601)
    pieces = {c: ("w" if rng.random() < 0.5 else "b") for c in g.cells if rng.random() < 0.4}
    shot = render(scene, pieces, rng)
    seen = CellNet.load().read(shot.image, g, shot.corners)
    wrong = [c for c in g.cells if seen[c] != shot.cells[c]]
    assert len(wrong) <= 2, wrong


def test_the_engine_the_network_runs_on_scores_as_opencvs_default_one():
    """OpenCV 5 runs the network on its classic engine (faster here): its scores and
    features are the default engine's to float rounding, on crops of boards of both
    geometries, mirrored too, and read the same."""
    import cv2

    from companion.vision.cellnet import MODEL, MODELS, _softmax, open_onnx

    if not hasattr(cv2.dnn, "ENGINE_CLASSIC"):
        pytest.skip("no classic engine to ask for (OpenCV 4, or 5.1 and later: nothing to compare)")
    asked = []
    real = cv2.dnn.readNetFromONNX
    try:
        cv2.dnn.readNetFromONNX = lambda *a, **k: asked.append(a[1:] or k) or real(*a, **k)
        ours = open_onnx(MODEL)
        CellNet.load()
    finally:
        cv2.dnn.readNetFromONNX = real
    assert all(k in ({"engine": cv2.dnn.ENGINE_CLASSIC}, (cv2.dnn.ENGINE_CLASSIC,))
               for k in asked) and len(asked) == 1 + len(MODELS)
    default = cv2.dnn.readNetFromONNX(str(MODEL))
    for seed, geometry in ((641, "8x8"), (642, "11x10c")):
        rng, g, scene = _scene(seed, geometry)
        pieces = {c: ("w" if rng.random() < 0.5 else "b") for c in g.cells
                  if rng.random() < 0.4}
        shot = render(scene, pieces, rng)
        batch = crops(shot.image, g, shot.corners)
        for x in (batch, batch[:, :, :, ::-1]):
            outs = []
            for net in (ours, default):
                net.setInput(np.ascontiguousarray(x, np.float32))
                outs.append([o.astype(np.float64) for o in net.forward(["logits", "features"])])
            (l1, f1), (l2, f2) = outs
            assert np.abs(l1 - l2).max() < 1e-3 and np.abs(f1 - f2).max() < 1e-3
            p1, p2 = _softmax(l1), _softmax(l2)
            assert np.abs(p1 - p2).max() < 1e-4
            assert np.array_equal(p1.argmax(axis=1), p2.argmax(axis=1))


def test_every_cell_has_a_crop_citadels_too():
    rng, g, scene = _scene(602, "11x10c")
    shot = render(scene, {"z2": "w", "z9": "b"}, rng)
    batch = crops(shot.image, g, shot.corners)
    assert batch.shape == (len(g.cells), 3, CROP, CROP)
    seen = CellNet.load().read(shot.image, g, shot.corners)
    assert seen["z2"] == "w" and seen["z9"] == "b"


def test_a_crop_is_turned_so_that_a_tall_piece_rises_up_in_it_whichever_side_the_camera_is():
    """The body of a piece leans away from the point under the camera: the crop of its cell
    is turned so that the body lies above the cell, not below or beside it -- with the camera
    at rank 1's side, and with the same photo's board named from another side (camera at file
    a's side: the lean now runs along the ranks)."""
    from dataclasses import replace

    from companion.vision.cellnet import AHEAD, CELL
    from companion.vision.synth.scene import random_camera

    rng, g, scene = _scene(607)
    scene = replace(scene, camera=random_camera(np.random.default_rng(5), g, (640, 480),
                                                scene.border, max_tilt_deg=40))
    at = {g.file_rank(c): c for c in g.cells}
    none = {c: "." for c in g.cells}
    empty = finish(scene, render_static(scene, none), np.random.default_rng(1))
    mid = CROP / 2
    top, bottom = int(mid + (AHEAD - 0.5) * CELL), int(np.ceil(mid + (AHEAD + 0.5) * CELL))
    left, right = int(mid - 0.5 * CELL), int(np.ceil(mid + 0.5 * CELL))
    for turn in (0, 1):
        corners = np.roll(scene_corners(scene), -turn, axis=0)  # a1 named at another corner
        before = crops(empty, g, corners)
        for cell in ("a8", "h8", "d7", "a2", "h4"):
            f, r = g.file_rank(cell)
            name = cell if turn == 0 else at[(r, g.files - 1 - f)]
            photo = finish(scene, render_static(scene, {**none, cell: "w"}),
                           np.random.default_rng(1))
            i = g.cells.index(name)
            change = np.abs(crops(photo, g, corners)[i] - before[i]).sum(axis=0)
            rows, beside = change.sum(axis=1), change[top:bottom].sum(axis=0)
            above, below = rows[:top].sum(), rows[bottom:].sum()
            assert above > 3 * below, (turn, cell, above, below)
            assert above > 3 * (beside[:left].sum() + beside[right:].sum()), (turn, cell)


def test_a_lone_photo_is_read_relative_to_its_own_pieces_honey_against_brown():
    """A set whose light pieces are honey wood and dark ones brown, on maple and walnut
    squares (light on light, dark on dark): read right, and the photo teaches the network
    nothing it keeps."""
    from dataclasses import replace

    rng, g, scene = _scene(608)
    scene = replace(scene, light_piece=np.array([110.0, 175, 220]),
                    dark_piece=np.array([35.0, 60, 100]), light_square=np.array([150.0, 200, 232]),
                    dark_square=np.array([60.0, 100, 160]))
    pieces = {c: ("w" if rng.random() < 0.5 else "b") for c in g.cells if rng.random() < 0.45}
    shot = render(scene, pieces, rng)
    reader = Reader(g, shot.corners)
    reading = reader.read(shot.image, video=False, hands=False)
    wrong = [c for c in g.cells if reading.cells[c].value != shot.cells[c]]
    assert len(wrong) <= 1, wrong
    assert reader.net.tuned is None and not reader.learnt


def test_flat_men_are_read_as_pieces_of_their_colour():
    """Draughts-like discs (Elolbia's men) rise hardly at all: read by their colour and rim."""
    rng, g, scene = _scene(609)
    pieces = {c: ("w" if rng.random() < 0.5 else "b") + ":man" for c in g.cells
              if rng.random() < 0.4}
    shot = render(scene, pieces, rng)
    reading = Reader(g, shot.corners).read(shot.image, video=False, hands=False)
    wrong = [c for c in g.cells if reading.cells[c].value != shot.cells[c]]
    assert len(wrong) <= 1, wrong


def test_the_training_recipe_varies_the_sets_keeping_light_lighter_than_dark():
    from companion.vision.train import _frame_jitter, _vary

    lum = np.array([0.114, 0.587, 0.299])
    varied = 0
    for seed in range(40):
        rng, g, scene = _scene(700 + seed)
        other = _vary(scene, rng)
        varied += other is not scene
        assert other.light_piece @ lum > 1.5 * (other.dark_piece @ lum)
        assert other.light_square @ lum > other.dark_square @ lum
    assert 20 <= varied < 40  # most scenes, not all: our renderer's own sets stay in
    j = _frame_jitter(64, np.random.default_rng(0), 1.0)
    assert j.shape == (64, 4) and (np.abs(j[:, 1] - 1) <= 0.1).all()


def test_a_reader_learns_the_board_from_the_start_position_and_reads_the_game_after():
    rng, g, scene = _scene(603)
    pos = get_variant("magici").start_position()
    start = occupancy(pos, g.cells)
    reader = Reader(g, None, expected=start)
    first = finish(scene, render_static(scene, start), rng)
    reading = reader.read(first, video=False, hands=False)
    assert reader.learnt  # the calm start agreed with the game: the board was learnt
    for text in ("e2e4", "d7d5", "e4d5", "d8d5", "b1c3"):
        pos.push(pos.parse_move(text))
    now = occupancy(pos, g.cells)
    reading = reader.read(finish(scene, render_static(scene, now), rng), video=False, hands=False)
    wrong = [c for c in g.cells if reading.cells[c].value != now[c]]
    assert len(wrong) <= 1, wrong


def test_a_start_that_does_not_look_like_the_game_is_not_learnt():
    rng, g, scene = _scene(604)
    start = occupancy(get_variant("magici").start_position(), g.cells)
    shown = {c: "." for c in g.cells}  # an empty board in view
    reader = Reader(g, None, expected=start)
    reader.read(finish(scene, render_static(scene, shown), rng), video=False, hands=False)
    assert not reader.learnt


def test_learning_keeps_classes_it_never_saw_to_the_network():
    net = CellNet.load()
    rng, g, scene = _scene(605)
    shot = render(scene, {"a1": "w"}, rng)  # no dark piece on the board it learns from
    net.calibrate(crops(shot.image, g, shot.corners), [shot.cells[c] for c in g.cells])
    later = render(scene, {"a1": "w", "d4": "b"}, rng)
    p = net.probabilities(crops(later.image, g, later.corners))
    assert CLASSES[int(p[g.cells.index("d4")].argmax())] == "b"


def test_the_training_recipe_makes_labelled_crops_from_renders():
    from companion.vision.train import _augment, dataset

    x, y = dataset(renders=1, copies=2, dev=False, log=lambda line: None)
    assert x.shape[1:] == (3, CROP, CROP) and len(x) == len(y) and set(y) <= {0, 1, 2}
    rng = np.random.default_rng(0)
    image = np.full((48, 64, 3), 128, np.uint8)
    changed = _augment(image, rng)
    assert changed.shape == image.shape and changed.dtype == np.uint8


def test_vision_train_refuses_bad_numbers(capsys):
    from companion.cli import main

    assert main(["vision", "train", "--epochs", "0"]) == 2
    assert "--epochs" in capsys.readouterr().err


def test_following_waits_while_the_board_does_not_show_the_games_position():
    """Wrong corners or a board not yet set up: no move is ever taken from such a sight."""
    from companion.vision.follower import ChangeFollower
    from companion.vision.reader import ReadStatus

    rng, g, scene = _scene(606)
    pos = get_variant("magici").start_position()
    start = occupancy(pos, g.cells)
    empty = render_static(scene, {c: "." for c in g.cells})
    reader = Reader(g, None, expected=start)
    follower = ChangeFollower(pos)
    statuses, events = [], []
    for _ in range(6):
        reading = reader.read(finish(scene, empty, rng))
        statuses.append(reading.status)
        events += follower.feed(reading)
    assert statuses[-1] is ReadStatus.UNEXPECTED and events == [] and not reader.learnt
    # the pieces are set up: the board is learnt and the game followed from there
    set_up = render_static(scene, start)
    readings = [reader.read(finish(scene, set_up, rng)) for _ in range(6)]
    assert reader.learnt and any(r.ok for r in readings)


def test_the_training_recipe_draws_openings_with_each_piece_as_its_kind(monkeypatch):
    """Two renders in five are a game's opening (full back ranks, tall pieces in front of
    empty cells): the cells a board learnt at the start must be read right first."""
    import companion.vision.synth as synth
    from companion.vision import train

    drawn = []
    real_render = synth.render

    def spy(scene, pieces, rng, hand=False):
        drawn.append(dict(pieces))
        return real_render(scene, pieces, rng, hand)

    monkeypatch.setattr(synth, "render", spy)
    got = list(train.sources(5, log=lambda line: None, dev=False))
    assert len(got) == 5 and len(drawn) == 5
    for pieces in drawn[:2]:
        # a start position a few plies on at most: most of two full armies, drawn by kind
        assert len(pieces) >= 24 and all(":" in s for s in pieces.values())
    # the others are random positions (of pieces by chance, or flat men)
    assert all(":" not in s or s.endswith(":man") for s in drawn[4].values())
    assert all(set(labels.values()) <= {".", "w", "b"} for *_, labels, _own in got)


@pytest.mark.parametrize("seed", [611, 613, 622])
def test_a_board_learnt_from_the_start_reads_its_far_empty_cells_behind_a_full_row(seed):
    """Camerlano's start leaves every other far-rank cell empty behind a full row of tall
    pieces leaning over it: learning the board from the start must take those cells as the
    game says (the network alone reads some of them as dark pieces)."""
    rng, g, scene = _scene(seed, "11x10c")
    from companion.vision.synth.video import occupancy_of

    pos = get_variant("camerlano").start_position()
    start = occupancy(pos, g.cells)
    first = finish(scene, render_static(scene, occupancy_of(pos, g.cells)), rng)
    reader = Reader(g, scene_corners(scene))
    reader.learn(first, start)
    reading = reader.read(first, video=False, hands=False)
    assert [c for c in g.cells if reading.cells[c].value != start[c]] == []
    for text in ("d3d4", "f9b9"):
        pos.push(pos.parse_move(text))
    now = occupancy(pos, g.cells)
    later = finish(scene, render_static(scene, occupancy_of(pos, g.cells)), rng)
    reading = reader.read(later, video=False, hands=False)
    assert [c for c in g.cells if reading.cells[c].value != now[c]] == []


@pytest.mark.parametrize("seed", [610, 611])
def test_a_board_found_a_rank_off_in_an_endgame_is_refused_not_followed(seed):
    """A game with few pieces left: a board placed one rank off agrees with the game's position
    on almost every (empty) cell, but on none of its pieces. The reader must not learn it
    nor give the follower a position from it (the camera says the board does not show the
    game), where the same frame with the right corners is learnt at once (at its second
    sight: a video's first frame is not learnt from)."""
    import cv2

    from companion.vision.follower import ChangeFollower
    from companion.vision.reader import ReadStatus

    rng, g, scene = _scene(seed)
    position = {c: "." for c in g.cells}
    position.update({"e1": "w", "c3": "w", "e8": "b"})
    frame = finish(scene, render_static(scene, position), rng)
    true = scene_corners(scene)
    plane = np.array(g.corners_plane, np.float32)
    H = cv2.getPerspectiveTransform(plane, np.asarray(true, np.float32))
    off = cv2.perspectiveTransform((plane + [0, 1]).reshape(-1, 1, 2).astype(np.float32), H)
    wrong = Reader(g, off.reshape(4, 2), expected=position)
    follower = ChangeFollower(get_variant("magici").start_position())
    statuses = []
    for _ in range(6):
        reading = wrong.read(frame)
        statuses.append(reading.status)
        assert follower.feed(reading) == []
    assert set(statuses) == {ReadStatus.UNEXPECTED} and not wrong.learnt
    assert wrong.agreement >= 0.85  # (most cells agree all the same: the empty ones)
    right = Reader(g, true, expected=position)
    right.read(frame)  # (a video's first frame is not learnt from: nothing says it is calm)
    assert right.read(frame).ok and right.learnt


def test_crops_of_a_board_seen_before_are_those_made_afresh_to_the_bit():
    """A video's corners stay put, so the crops' remap tables are kept per board: crops made
    with them are the same, to the bit, as those made from scratch -- through a lens too, and
    a board's other corners, size or geometry get tables of their own; the oldest used is
    dropped past MAPS_KEPT. A pixel's log is looked up: the same values as computed."""
    from companion.vision import cellnet
    from companion.vision.medians import log_pixels
    from companion.vision.view import Corners, Lens

    v = np.arange(256, dtype=np.uint8)
    assert np.array_equal(log_pixels(v, 8.0).view(np.uint32),
                          np.log(v.astype(np.float32) + 8.0).view(np.uint32))
    rng, g, scene = _scene(631)
    shot = render(scene, {"e4": "w", "d5": "b"}, rng)
    _, g11, scene11 = _scene(634, "11x10c")
    big = render(scene11, {"z2": "w"}, np.random.default_rng(1))
    lensed = Corners(shot.corners, Lens(-0.1, (320.0, 240.0), 500.0))
    moved = np.asarray(shot.corners, float) + 3.0
    boards = [(shot.image, g, shot.corners), (shot.image, g, lensed), (shot.image, g, moved),
              (shot.image[..., 1], g, shot.corners), (big.image, g11, big.corners),
              (shot.image[:400], g, shot.corners), (shot.image, g, moved + 2.0)]
    fresh = []
    for args in boards:
        cellnet._MAPS.clear()
        fresh.append(crops(*args))
    cellnet._MAPS.clear()
    for _ in range(2):
        for args, made in zip(boards, fresh):
            again = crops(*args)
            assert again.dtype == np.float32 and np.array_equal(again.view(np.uint32),
                                                                made.view(np.uint32))
            assert len(cellnet._MAPS) <= cellnet.MAPS_KEPT
    for a, b in ((0, 1), (0, 2), (0, 5), (2, 6)):
        assert not np.array_equal(fresh[a], fresh[b])
    # the latest used is kept last: using the oldest again keeps it past one more board
    oldest = next(iter(cellnet._MAPS))
    crops(*boards[3])  # (the same tables as board 0: its key)
    crops(*boards[0])
    assert oldest in cellnet._MAPS or len(cellnet._MAPS) < cellnet.MAPS_KEPT
    jitter = np.zeros((len(g.cells), 4)) + [0.0, 1.0, 0.1, 0.0]  # training's: never kept
    assert not np.array_equal(crops(shot.image, g, shot.corners, jitter), fresh[0])


def test_a_crop_reaches_the_cells_its_pixels_come_from():
    """crop_reach: every crop takes pixels from its own cell and the ones next to it; up the
    lean, with the board turned in the picture, a crop's corner reaches further than the 3x3
    round its cell (what a change there may alter in it)."""
    from companion.vision.cellnet import crop_reach

    for geometry, seed in (("8x8", 635), ("11x10c", 636)):
        rng, g, scene = _scene(seed, geometry)
        reach = crop_reach(g, scene_corners(scene), scene.size)
        at = {c: g.file_rank(c) for c in g.cells}
        for i, c in enumerate(g.cells):
            assert reach[i, i]
            (f, r) = at[c]
            near = [j for j, d in enumerate(g.cells)
                    if max(abs(at[d][0] - f), abs(at[d][1] - r)) <= 1]
            inner = [j for j in near if abs(at[g.cells[j]][0] - f) + abs(at[g.cells[j]][1] - r) <= 1]
            assert reach[i, inner].all(), c  # its own cell and the four beside it
            assert all(max(abs(at[g.cells[j]][0] - f), abs(at[g.cells[j]][1] - r)) <= 2
                       for j in np.flatnonzero(reach[i])), c
        if geometry == "11x10c":
            assert reach[g.cells.index("z2"), g.cells.index("k2")]
            assert reach[g.cells.index("a9"), g.cells.index("z9")]


def _video_reader(seed: int):
    """A reader that learnt the Magici start on a calm pair of frames of a render."""
    rng, g, scene = _scene(seed)
    start = occupancy(get_variant("magici").start_position(), g.cells)
    noise = np.random.default_rng(seed + 1)
    frame = finish(scene, render_static(scene, start), noise)
    reader = Reader(g, scene_corners(scene), expected=start)
    for _ in range(3):
        reader.read(frame)
    assert reader.learnt
    return reader, g, scene, start, noise


class _Counting:
    """Counts the crops the network is asked to read."""

    def __init__(self, net):
        self.net, self.sizes = net, []

    def __getattr__(self, name):
        return getattr(self.net, name)

    def probabilities(self, batch, turns=1):
        self.sizes.append(len(batch))
        return self.net.probabilities(batch, turns)


def test_after_a_move_the_network_reads_only_the_cells_round_what_changed():
    """e2-e4 on a learnt board: the calm frame after it is read by the network on the cells
    whose crops take pixels from a cell that changed (e2, e4, the cells a pawn's body covers
    behind them, any whose grain crossed the limit) -- every crop that sees e2 or e4, not the
    board -- and reads the move; every other cell keeps its reading. Back to the start, the
    same again, each cell compared with the picture it was last read on."""
    from companion.vision.cellnet import crop_reach

    reader, g, scene, start, noise = _video_reader(632)
    net = reader.net = _Counting(reader.net)
    reach = crop_reach(g, reader.view.corners, scene.size)
    sees = {g.cells[i] for i in np.flatnonzero(reach[:, [g.cells.index("e2"),
                                                         g.cells.index("e4")]].any(axis=1))}
    after = dict(start, e2=".", e4="w")
    frame = finish(scene, render_static(scene, after), noise)
    before = reader._net_seen[1]
    for _ in range(2):
        reading = reader.read(frame)
    assert reading.ok and reading.cells["e2"].value == "." and reading.cells["e4"].value == "w"
    again = {c for c in g.cells if reading.evidence[c] is not before[c]}
    assert net.sizes == [len(again)] and sees <= again and len(again) <= 32, net.sizes
    assert [c for c in g.cells if reading.cells[c].value != after[c]] == []
    back = finish(scene, render_static(scene, start), noise)
    for _ in range(2):
        reading = reader.read(back)
    assert len(net.sizes) == 2 and net.sizes[1] <= 32
    assert [c for c in g.cells if reading.cells[c].value != start[c]] == []
    for _ in range(3):  # calm: nothing is read again
        reader.read(back)
    assert len(net.sizes) == 2


def test_when_most_of_the_board_changed_the_network_reads_it_whole():
    """More than half the board to read again (here a cloth of other pieces: a new position
    on most cells): the network reads every cell, as on the first frame."""
    reader, g, scene, start, noise = _video_reader(633)
    net = reader.net = _Counting(reader.net)
    other = {c: ("b" if i % 3 == 0 else "w" if i % 3 == 1 else ".") for i, c in enumerate(g.cells)}
    frame = finish(scene, render_static(scene, other), noise)
    for _ in range(2):
        reader.read(frame)
    assert net.sizes == [len(g.cells)]


@pytest.mark.parametrize("how", ["a new game told", "corners set again"])
def test_a_board_told_a_new_position_or_placed_again_is_read_whole_after_a_move(how):
    """What the network read before counts for nothing once the reader is told a new
    position to learn (a new game, an Undo before the board was learnt) or given its corners
    again: the next calm frame is read whole, even when only a move changed it."""
    reader, g, scene, start, noise = _video_reader(637)
    net = reader.net = _Counting(reader.net)
    if how == "a new game told":
        reader.expect(start)
    else:
        reader.set_corners(np.asarray(reader.view.corners, float) + 0.5, scene.size)
    frame = finish(scene, render_static(scene, dict(start, e2=".", e4="w")), noise)
    for _ in range(2):
        reader.read(frame)
    assert net.sizes and net.sizes[0] == len(g.cells), net.sizes


def test_a_cell_last_read_unsure_is_read_again_at_the_next_calm_frame():
    """A cell read unsure (read while the picture still settled: the hand's shadow going, a
    piece just set down) keeps no such reading while nothing near it changes: the next calm
    frame reads it again, and it alone; read surely then, it is kept like any other."""
    from companion.vision.classify import CellEvidence
    from companion.vision.geometry import CellState

    reader, g, scene, start, noise = _video_reader(635)
    net = reader.net = _Counting(reader.net)
    frame = finish(scene, render_static(scene, start), noise)
    reading = reader.read(frame)
    assert reading.ok and all(e.sure for e in reading.evidence.values()) and net.sizes == []
    picture, evidence = reader._net_seen
    reader._net_seen = (picture, dict(evidence, d2=CellEvidence(CellState("b"), float("nan"),
                                                                1.0, float("nan"), False)))
    reading = reader.read(frame)
    assert net.sizes == [1]
    assert reading.cells["d2"].value == "w" and reading.evidence["d2"].sure
    assert [c for c in g.cells if reading.cells[c].value != start[c]] == []
    for _ in range(3):  # calm and sure: nothing is read again
        reader.read(frame)
    assert net.sizes == [1]
