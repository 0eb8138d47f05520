"""The fixed command-line forms and the frame sources."""

import json

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.core.clock import FakeClock
from companion.rules import get_variant
from companion.vision.follower import occupancy
from companion.vision.geometry import get_geometry
from companion.vision.sources import (Frame, FrameStatus, ImageFolderSource, RetryingSource,
                                      open_source)
from companion.vision.synth import finish, random_scene, render_static


def test_vision_read_json_gives_corners_and_cells(tmp_path, capsys, shots_8x8):
    shot = shots_8x8[2]
    path = tmp_path / "board.jpg"
    cv2.imwrite(str(path), shot.image)
    corners = ",".join(f"{v:.1f}" for v in shot.corners.ravel())
    assert main(["vision", "read", str(path), "--geometry", "8x8", "--corners", corners,
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert np.allclose(data["corners"], shot.corners, atol=0.1)
    wrong = [c for c in data["cells"] if data["cells"][c] != shot.cells[c]]
    assert len(wrong) <= 1


def test_vision_read_plain_grid_without_corners(tmp_path, capsys, shot_11x10c):
    path = tmp_path / "camerlano.png"
    cv2.imwrite(str(path), shot_11x10c.image)
    assert main(["vision", "read", str(path), "--geometry", "11x10c"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 11 and lines[0].startswith("10")
    assert lines[1].split()[1] == shot_11x10c.cells["z9"]


def test_vision_read_bad_input_exits_2(tmp_path, capsys):
    assert main(["vision", "read", str(tmp_path / "none.png"), "--geometry", "8x8"]) == 2
    assert "cannot read" in capsys.readouterr().err
    path = tmp_path / "x.png"
    cv2.imwrite(str(path), np.zeros((100, 100, 3), np.uint8))
    assert main(["vision", "read", str(path), "--geometry", "8x8", "--corners", "1,2"]) == 2


def test_vision_follow_prints_the_moves_of_a_synthetic_game(tmp_path, capsys):
    g = get_geometry("8x8")
    rng = np.random.default_rng(41)
    scene = random_scene(rng, g)
    pos = get_variant("magici").start_position()
    frames = []
    for text in ("e2e4", "e7e5", "g1f3"):
        before = render_static(scene, occupancy(pos, g.cells))
        frames += [finish(scene, before, rng) for _ in range(5)]
        frames += [finish(scene, before, rng, hand=True) for _ in range(2)]
        pos.push(pos.parse_move(text))
    after = render_static(scene, occupancy(pos, g.cells))
    frames += [finish(scene, after, rng) for _ in range(5)]
    for i, frame in enumerate(frames):
        cv2.imwrite(str(tmp_path / f"f{i:03d}.jpg"), frame)
    assert main(["vision", "follow", str(tmp_path), "--variant", "magici"]) == 0
    assert capsys.readouterr().out.split() == ["e2e4", "e7e5", "g1f3"]


def test_vision_follow_says_moves_it_saw_only_together(tmp_path, capsys):
    """Four moves made in a row at 20 frames a second, the board calm 0.1 s between them: the
    moves are printed in their order, and stderr says they were seen only together."""
    from companion.vision.synth.video import fast_game_frames

    moves = ["e2e4", "e7e5", "d1h5", "b8c6"]
    for i, frame in enumerate(fast_game_frames("magici", moves, 611, between=2)):
        cv2.imwrite(str(tmp_path / f"f{i:03d}.jpg"), frame)
    assert main(["vision", "follow", str(tmp_path), "--variant", "magici", "--fps", "20"]) == 0
    out = capsys.readouterr()
    assert out.out.split() == moves
    assert "e2e4 e7e5 d1h5 b8c6 were seen only together" in out.err


def test_follow_rejects_an_unknown_source(capsys):
    assert main(["vision", "follow", "/no/such/thing", "--variant", "magici"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_follow_names_a_folder_without_images(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("no frames here")
    assert main(["vision", "follow", str(tmp_path), "--variant", "magici"]) == 2
    err = capsys.readouterr().err
    assert str(tmp_path) in err and "no images" in err and ".jpg" in err


def test_image_folder_is_read_in_name_order_then_ends(tmp_path):
    for name, value in (("b.png", 20), ("a.png", 10)):
        cv2.imwrite(str(tmp_path / name), np.full((8, 8, 3), value, np.uint8))
    src = open_source(str(tmp_path))
    assert isinstance(src, ImageFolderSource)
    assert [int(src.read().image[0, 0, 0]) for _ in range(2)] == [10, 20]
    assert src.read().status is FrameStatus.END


class _Flaky:
    name = "flaky"

    def __init__(self):
        self.calls = 0

    def read(self):
        self.calls += 1
        if self.calls == 1:
            return Frame(FrameStatus.FAILED, message="unplugged")
        return Frame(FrameStatus.OK, np.zeros((2, 2, 3), np.uint8))

    def close(self):
        pass


def test_a_failed_camera_is_retried_after_a_pause_without_blocking():
    clock = FakeClock()
    flaky = _Flaky()
    src = RetryingSource(flaky, clock.now_ms, retry_ms=1000)
    assert src.read().status is FrameStatus.FAILED
    assert src.read().status is FrameStatus.FAILED and flaky.calls == 1  # still waiting
    clock.advance(1000)
    assert src.read().status is FrameStatus.OK


def test_pi_camera_off_a_pi_is_a_status_not_a_crash():
    frame = open_source("picamera").read()
    assert frame.status is FrameStatus.FAILED and "Pi camera" in frame.message


def test_calibration_is_kept_per_camera_and_board(tmp_path):
    from companion.vision.store import CalibrationStore

    store = CalibrationStore(tmp_path / "cal.json")
    store.save("0", "8x8", (640, 480), [[1, 2], [3, 4], [5, 6], [7, 8]])
    store.save("picamera", "11x10c", (1280, 720), [[0, 0], [9, 0], [9, 9], [0, 9]])
    assert store.load("0", "8x8", (640, 480))[3].tolist() == [7.0, 8.0]
    assert store.load("0", "11x10c", (640, 480)) is None
    (tmp_path / "cal.json").write_text("{broken")
    assert store.load("0", "8x8", (640, 480)) is None


def test_config_source_empty_means_no_camera_and_a_live_one_is_retried(tmp_path):
    from companion.vision.sources import source_from_config

    clock = FakeClock()
    assert source_from_config("", clock.now_ms) is None
    assert isinstance(source_from_config("picamera", clock.now_ms), RetryingSource)
    with pytest.raises(ValueError, match="no images"):  # (an empty folder reads nothing)
        source_from_config(str(tmp_path), clock.now_ms)
    cv2.imwrite(str(tmp_path / "f000.png"), np.zeros((8, 8, 3), np.uint8))
    assert isinstance(source_from_config(str(tmp_path), clock.now_ms), ImageFolderSource)
    with pytest.raises(ValueError, match="nowhere"):
        source_from_config("/nowhere/cam.mp4", clock.now_ms)


def test_follow_skips_an_unreadable_frame_and_says_so(tmp_path, capsys):
    (tmp_path / "f000.png").write_bytes(b"not a picture")
    cv2.imwrite(str(tmp_path / "f001.png"), np.zeros((48, 64, 3), np.uint8))
    assert main(["vision", "follow", str(tmp_path), "--variant", "magici"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and "cannot read image" in captured.err


def test_follow_says_when_no_frame_could_be_read_at_all(tmp_path, capsys):
    for name in ("f000.png", "f001.jpg"):
        (tmp_path / name).write_bytes(b"not a picture")
    assert main(["vision", "follow", str(tmp_path), "--variant", "magici"]) == 2  # (0 before)
    assert f"{tmp_path}: no frame could be read" in capsys.readouterr().err


def test_follow_gives_up_on_a_camera_that_never_sends_a_frame(monkeypatch, capfd):
    from companion.vision import cli

    monkeypatch.setattr(cli, "NEVER_ANSWERED_S", 0.3)  # (10 s in use)
    assert main(["vision", "follow", "99", "--variant", "magici"]) == 2  # (retried for ever before)
    err = capfd.readouterr().err  # (OpenCV's own warnings go to the file descriptor)
    assert "camera 99: no frame in 0.3 s (cannot open 99)" in err and "WARN" not in err


def test_vision_follow_on_a_file_that_is_not_a_video_exits_2_naming_it(tmp_path, capsys):
    bogus = tmp_path / "notes.mp4"
    bogus.write_text("this is not a video")
    assert main(["vision", "follow", str(bogus), "--variant", "magici"]) == 2
    err = capsys.readouterr().err
    assert str(bogus) in err and "not a video" in err


def test_corners_found_through_a_lens_are_kept_with_it_across_a_restart(tmp_path):
    """The board found through a webcam's barrel lens is straightened through that lens; the
    calibration kept for the next start keeps the lens too (kept without it, every edge cell
    was read a fraction of a cell off after a restart)."""
    from companion.ui.vision.worker import CameraWorker
    from companion.vision.store import CalibrationStore
    from companion.vision.view import Corners, Lens

    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "0001.png"), np.full((480, 640, 3), 128, np.uint8))
    lens = Lens.for_image(-0.2, (640, 480), 70.0, offset=(0.01, -0.02))
    found = Corners([[120, 440], [520, 440], [520, 40], [120, 40]], lens)
    store = tmp_path / "cal.json"
    CameraWorker(str(frames), "8x8", store).set_corners(found, (640, 480))
    assert CalibrationStore(store).load(str(frames), "8x8", (640, 480)).lens == lens
    again = CameraWorker(str(frames), "8x8", store)  # the app started again
    again.step()
    assert again.reader.view.lens == lens
    assert np.allclose(again.reader.corners, found)


def test_a_damaged_lens_in_the_kept_calibration_means_the_board_is_found_again(tmp_path):
    from companion.vision.store import CalibrationStore

    path = tmp_path / "cal.json"
    points = [[1, 2], [300, 4], [300, 300], [7, 300]]
    for lens in ({"k": -0.1}, {"k": "x", "cx": 1, "cy": 1, "focal": 400}, [1, 2],
                 {"k": -0.1, "cx": 320, "cy": 240, "focal": 0}):
        path.write_text(json.dumps({"0|8x8|640x480": {"corners": points, "lens": lens}}))
        assert CalibrationStore(path).load("0", "8x8", (640, 480)) is None, lens
    path.write_text(json.dumps({"0|8x8|640x480": {"corners": points}}))
    assert CalibrationStore(path).load("0", "8x8", (640, 480)) is None


def test_vision_read_says_a_hand_at_the_edge_and_reads_the_photo_all_the_same(tmp_path, capsys):
    """Something across the board's edge may be a hand, or a cloth or a clock beside a real
    board: said on stderr, and the cells are given all the same (a real photo of an empty board
    with a green cloth beside it was refused whole)."""
    from companion.vision.reader import Reader, ReadStatus
    from companion.vision.synth.render import true_corners as scene_corners

    g = get_geometry("8x8")
    rng = np.random.default_rng(23)
    scene = random_scene(rng, g, max_tilt_deg=10)
    cells = {c: "." for c in g.cells}
    cells.update({"d1": "w", "e8": "b"})
    image = finish(scene, render_static(scene, cells), rng, hand=True)
    corners = np.asarray(scene_corners(scene), float)
    assert Reader(g, corners).read(image, video=False).status is ReadStatus.HAND
    path = tmp_path / "hand.png"
    cv2.imwrite(str(path), image)
    given = ",".join(f"{v:.1f}" for v in corners.ravel())
    assert main(["vision", "read", str(path), "--geometry", "8x8", "--corners", given,
                 "--json"]) == 0
    out = capsys.readouterr()
    assert "a hand?" in out.err
    seen = json.loads(out.out)["cells"]
    assert len(seen) == 64 and seen["e8"] == "b"


@pytest.mark.parametrize("corners, said", [
    ("nan,0,100,0,100,100,0,100", "every number must be finite"),
    ("-5,-5,1e9,0,1e9,1e9,0,1e9", "lies outside the 64x48 image"),
    ("0,0,10,0,10,10,0,10", "too close for a board of 8 cells"),
])
def test_read_refuses_corners_that_cannot_be_the_boards(tmp_path, capsys, corners, said):
    path = tmp_path / "p.png"
    cv2.imwrite(str(path), np.zeros((48, 64, 3), np.uint8))
    # (a confident reading of an empty board before, exit 0)
    assert main(["vision", "read", "--geometry", "8x8", f"--corners={corners}", str(path)]) == 2
    assert said in capsys.readouterr().err


def test_read_of_a_photo_that_does_not_exist_says_so(capsys):
    assert main(["vision", "read", "--geometry", "8x8", "/no/such/photo.png"]) == 2
    assert "'/no/such/photo.png': no such file" in capsys.readouterr().err
