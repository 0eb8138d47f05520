"""Reading photos: given corners, found corners, hands, a moved camera."""

import numpy as np

from companion.vision.calibration import find_board
from companion.vision.geometry import get_geometry
from companion.vision.reader import MOVED_FRAMES, Reader, ReadStatus
from companion.vision.synth import random_scene, render


def _errors(reading, truth):
    return [c for c, s in reading.cells.items() if s.value != truth[c]]


def test_cells_read_with_given_corners_on_perspective_photos(shots_8x8):
    g = get_geometry("8x8")
    wrong = total = 0
    for shot in shots_8x8:
        reading = Reader(g, shot.corners).read(shot.image, video=False)
        assert reading.ok
        wrong += len(_errors(reading, shot.cells))
        total += 64
    assert wrong <= 2, f"{wrong} of {total} cells wrong"


def test_board_found_automatically_within_a_tenth_of_a_cell(shots_8x8, shot_11x10c):
    for shot, name in [(s, "8x8") for s in shots_8x8[:2]] + [(shot_11x10c, "11x10c")]:
        g = get_geometry(name)
        corners = find_board(shot.image, g)
        assert corners is not None
        cell = np.linalg.norm(shot.corners[1] - shot.corners[0]) / g.files
        assert np.abs(corners - shot.corners).max() < 0.15 * cell


def test_citadels_are_read_on_camerlano(shot_11x10c):
    reading = Reader(get_geometry("11x10c"), shot_11x10c.corners).read(shot_11x10c.image,
                                                                      video=False)
    assert reading.cells["z2"].value == "w" and reading.cells["z9"].value == "b"
    assert len(_errors(reading, shot_11x10c.cells)) <= 2


def test_a_hand_over_the_board_is_never_read_as_a_position():
    # (seed 32 lays the arm along a whole side, parallel to it: a known limit of a single
    # photo, see companion.vision.presence; in a video the motion test sees it come)
    g = get_geometry("8x8")
    for seed in (31, 33, 34):
        rng = np.random.default_rng(seed)
        scene = random_scene(rng, g)
        shot = render(scene, {"e2": "w", "e7": "b"}, rng, hand=True)
        reading = Reader(g, shot.corners).read(shot.image, video=False)
        assert reading.status is ReadStatus.HAND


def test_motion_between_frames_is_not_a_position(shots_8x8):
    shot = shots_8x8[0]
    reader = Reader(get_geometry("8x8"), shot.corners)
    assert reader.read(shot.image).ok
    moved = shot.image.copy()
    moved[200:260, 250:330] = 255 - moved[200:260, 250:330]
    assert reader.read(moved).status is ReadStatus.MOTION


def test_a_bumped_camera_is_noticed_and_the_board_found_again(shots_8x8):
    shot = shots_8x8[1]
    reader = Reader(get_geometry("8x8"))
    assert reader.read(shot.image).ok
    bumped = np.roll(shot.image, (35, -45), axis=(0, 1))
    statuses = [reader.read(bumped).status for _ in range(MOVED_FRAMES + 3)]
    assert ReadStatus.CAMERA_MOVED in statuses
    assert statuses[-1] is ReadStatus.OK
    assert np.abs(reader.corners - (shot.corners + [-45, 35])).max() < 4


def test_no_board_in_a_blank_picture():
    blank = np.full((480, 640, 3), 128, np.uint8)
    assert Reader(get_geometry("8x8")).read(blank, video=False).status is ReadStatus.NO_BOARD


def test_printed_corner_markers_give_the_board_in_poor_light():
    import dataclasses

    from companion.vision.markers import find_markers

    g = get_geometry("8x8")
    rng = np.random.default_rng(51)
    scene = dataclasses.replace(random_scene(rng, g), markers=True)
    shot = render(scene, {"e4": "w", "d5": "b"}, rng)
    dim = (shot.image.astype(np.float32) * 0.3).astype(np.uint8)  # a dim room
    corners = find_markers(dim)
    cell = np.linalg.norm(shot.corners[1] - shot.corners[0]) / 8
    assert corners is not None and np.abs(corners - shot.corners).max() < 0.15 * cell
    assert np.abs(find_board(dim, g) - corners).max() < 1e-9  # markers win over the squares


def test_without_all_four_markers_the_squares_are_used():
    from companion.vision.markers import find_markers

    assert find_markers(np.full((240, 320, 3), 200, np.uint8)) is None


def test_printed_coordinates_round_the_board_are_not_a_hand():
    import cv2

    sq, margin = 50, 110
    img = np.full((8 * sq + 2 * margin,) * 2 + (3,), 235, np.uint8)
    for f in range(8):
        for r in range(8):
            x0, y0 = margin + f * sq, margin + (7 - r) * sq
            colour = (181, 217, 240) if (f + r) % 2 else (99, 136, 181)
            cv2.rectangle(img, (x0, y0), (x0 + sq - 1, y0 + sq - 1), colour, -1)
    for i in range(8):  # big labels 1.4 cells out, right in the band a hand would cross
        for y in (margin + 8 * sq + 85, margin - 70):
            cv2.putText(img, "abcdefgh"[i], (margin + i * sq + 15, y), cv2.FONT_HERSHEY_SIMPLEX,
                        1.5, (0, 0, 0), 2)
        for x in (margin - 95, margin + 8 * sq + 70):
            cv2.putText(img, str(i + 1), (x, margin + (7 - i) * sq + 35),
                        cv2.FONT_HERSHEY_SIMPLEX, 1.5, (0, 0, 0), 2)
    corners = [[margin, margin + 8 * sq], [margin + 8 * sq] * 2, [margin + 8 * sq, margin],
               [margin, margin]]
    reading = Reader(get_geometry("8x8"), corners).read(img, video=False)
    assert reading.ok and all(s.value == "." for s in reading.cells.values())


def test_the_squares_alone_give_an_outline_that_leads_to_the_board(shots_8x8):
    """A board whose edge melts into the table: the outline built from its squares (no
    contour of the board's edge) is enough for the grid fit to find the corners."""
    import cv2

    from companion.vision import calibration

    g = get_geometry("8x8")
    for shot in shots_8x8:
        gray = cv2.GaussianBlur(cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY), (5, 5), 0)
        outlines = calibration._square_quads(gray)
        assert outlines, "no outline from the squares"
        cell = np.linalg.norm(shot.corners[1] - shot.corners[0]) / g.files
        # each outline's grid refined; the best refined grid wins, as in find_board
        _, corners = max((calibration._refine(shot.image, g,
                                              calibration._fit_in_quad(shot.image, q, g, 0)[0])
                          for q in outlines), key=lambda x: x[0])
        corners = calibration.orient(shot.image, g, corners, shot.cells)
        assert np.abs(corners - shot.corners).max() < 0.2 * cell


def test_a_board_framed_in_the_table_colour_is_found():
    from dataclasses import replace

    g = get_geometry("8x8")
    rng = np.random.default_rng(31)
    scene = random_scene(rng, g)
    scene = replace(scene, frame=scene.light_square.copy(), table=scene.light_square.copy())
    pieces = {c: ("w" if rng.random() < 0.5 else "b") for c in g.cells if rng.random() < 0.3}
    shot = render(scene, pieces, rng)
    corners = find_board(shot.image, g, shot.cells)
    assert corners is not None
    cell = np.linalg.norm(shot.corners[1] - shot.corners[0]) / g.files
    assert np.abs(corners - shot.corners).max() < 0.2 * cell


def test_the_known_position_settles_the_half_turn_of_a_square_board(shots_8x8):
    g = get_geometry("8x8")
    shot = shots_8x8[0]
    turned = {c: shot.cells[f"{'abcdefgh'[7 - (ord(c[0]) - 97)]}{9 - int(c[1])}"]
              for c in g.cells}  # the same men seen from the other side
    cell = np.linalg.norm(shot.corners[1] - shot.corners[0]) / g.files
    right = find_board(shot.image, g, shot.cells)
    other = find_board(shot.image, g, turned)
    assert np.abs(right - shot.corners).max() < 0.2 * cell
    assert np.abs(other - np.roll(shot.corners, -2, axis=0)).max() < 0.2 * cell


def _upside_down(shot):
    """The photo turned half round, with its true corners (a1 now near the top)."""
    import cv2

    h, w = shot.image.shape[:2]
    image = cv2.rotate(shot.image, cv2.ROTATE_180)
    corners = np.array([[w - 1 - x, h - 1 - y] for x, y in shot.corners])
    return image, corners


def test_armies_still_apart_name_the_half_turn_without_the_position():
    from companion.rules import get_variant
    from companion.vision.follower import occupancy

    g = get_geometry("8x8")
    rng = np.random.default_rng(41)
    pos = get_variant("magici").start_position()
    start = {c: s for c, s in occupancy(pos, g.cells).items() if s != "."}
    shot = render(random_scene(rng, g, max_tilt_deg=10), start, rng)
    image, corners = _upside_down(shot)  # the camera on Black's side: rank 1 at the top
    cell = np.linalg.norm(corners[1] - corners[0]) / g.files
    found = find_board(image, g)
    assert np.abs(found - corners).max() < 0.2 * cell
    assert np.abs(find_board(shot.image, g) - shot.corners).max() < 0.2 * cell


def test_mixed_armies_tell_nothing_and_rank_one_is_taken_nearer_the_bottom():
    g = get_geometry("8x8")
    rng = np.random.default_rng(43)
    # light and dark men spread over the whole board: a middle game
    pieces = {c: ("w" if (ord(c[0]) + int(c[1])) % 3 == 0 else "b") for c in g.cells
              if (ord(c[0]) * 7 + int(c[1]) * 3) % 4 == 0}
    shot = render(random_scene(rng, g, max_tilt_deg=10), pieces, rng)
    image, corners = _upside_down(shot)
    cell = np.linalg.norm(corners[1] - corners[0]) / g.files
    found = find_board(image, g)
    # the squares alone cannot tell: the half turn with rank 1 at the bottom of the picture
    assert np.abs(found - np.roll(corners, -2, axis=0)).max() < 0.2 * cell


def test_a_grainy_camera_still_finds_the_board_calm_and_a_hand_still_moves(shots_8x8):
    """A camera whose grain alone changes the board nearly as much as the fixed calm limit
    (MOTION_CALM) would leave a third of its frames "in motion" and seldom three calm frames in
    a row (a render game then saw only 2 of 14 moves); each cell's change is weighed against
    its own grain, the limit rises with the camera's grain up to MOTION_CALM_MAX, and an
    inverted patch (a hand) is still motion."""
    from companion.vision.reader import GRAIN_FRAMES, MOTION_CALM, MOTION_CALM_MAX

    shot = shots_8x8[0]
    clean = Reader(get_geometry("8x8"), shot.corners)
    reader = Reader(get_geometry("8x8"), shot.corners)
    noise = np.random.default_rng(5)
    motions, calm_tail, previous = [], [], None
    for i in range(GRAIN_FRAMES + 30):
        frame = np.clip(shot.image + noise.normal(0, 28, shot.image.shape), 0, 255).astype(np.uint8)
        reading = reader.read(frame)
        picture = reader.meter.prepare(reader.view.warp(frame))
        if previous is not None:  # the frame-to-frame change, no cell weighed by its grain
            change = reader.meter.change(previous, picture, squares=False)
            motions.append(float(np.partition(change, -3)[-3]))
        previous = picture
        if i >= GRAIN_FRAMES:
            calm_tail.append(reading.ok)
    assert np.mean(np.array(motions) > MOTION_CALM) > 0.2  # the fixed limit would refuse these
    assert all(calm_tail)
    assert MOTION_CALM <= reader.calm_limit() <= MOTION_CALM_MAX
    moved = frame.copy()
    moved[200:260, 250:330] = 255 - moved[200:260, 250:330]
    assert reader.read(moved).status is ReadStatus.MOTION
    for _ in range(GRAIN_FRAMES):  # a clean camera keeps the fixed limit
        clean.read(shot.image)
    assert clean.calm_limit() == MOTION_CALM


def test_an_arm_resting_still_over_the_board_is_no_moved_camera():
    """An arm held still over the board for 6 frames (0.3 s at 20 fps; frame to frame no
    change, most of the grid hidden) is no knocked camera: the board is not looked for again
    under it (it was, after 3 such frames, on a real webcam's recording made darker, and the
    board found under the hand was wrong), and reads as before once the arm is gone."""
    import cv2

    from companion.rules import get_variant
    from companion.vision.follower import occupancy
    from companion.vision.synth import finish, random_scene, render_static

    rng = np.random.default_rng(604)
    g = get_geometry("8x8")
    scene = random_scene(rng, g, max_tilt_deg=15)
    static = render_static(scene, occupancy(get_variant("magici").start_position(), g.cells))
    reader = Reader(g)
    frames = [finish(scene, static, rng) for _ in range(4)]
    assert [reader.read(f).status for f in frames][-1] is ReadStatus.OK
    corners = reader.corners.copy()
    arm = frames[-1].copy()
    width = int(np.linalg.norm(corners[1] - corners[0]))
    cv2.ellipse(arm, tuple(corners.mean(0).astype(int)), (width // 2, width // 4), 30, 0, 360,
                (120, 150, 200), -1)
    statuses = [reader.read(arm).status for _ in range(6)]
    assert ReadStatus.CAMERA_MOVED not in statuses
    assert np.abs(reader.corners - corners).max() < 1e-9
    assert [reader.read(f).status for f in frames][-1] is ReadStatus.OK
