"""A game filmed by a club webcam (``companion/vision/synth/webcam.py``: hands over the board
for seconds, hovering still for a moment, pieces lifted mid-move, shadows and sleeves left at
an edge, exposure, flicker, wobble, blur, MJPEG), followed through the app: the camera is a
stand-in whose frames carry their times at the webcam's rate, as a live camera's do, and the
board screen's follower measures calm in seconds from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ui.board.magici import MagiciBoardScreen
from companion.vision.sources import Frame, FrameStatus
from companion.vision.store import CalibrationStore
from companion.vision.synth.webcam import clip_of_game, webcam

from .conftest import pump
from .test_follow_with_camera import board_moves, touched_record


class StandInCamera:
    """A live camera's stand-in: the filmed frames, each with its time at ``fps``."""

    def __init__(self, frames: list, fps: float) -> None:
        self.name = "stand-in webcam"
        self.frames, self.fps, self.i = frames, fps, 0

    def read(self) -> Frame:
        if self.i >= len(self.frames):
            return Frame(FrameStatus.END)
        self.i += 1
        return Frame(FrameStatus.OK, self.frames[self.i - 1], time=(self.i - 1) / self.fps)

    def close(self) -> None:
        pass


@pytest.fixture(scope="module")
def filmed():
    clip, truth, fen = clip_of_game("magici", 6, 7)  # one of our renders, a test seed
    return webcam(clip, 1), truth


def test_a_webcam_game_lands_in_the_journal_move_by_move_with_nothing_asked(camera_app, tmp_path,
                                                                            filmed):
    out, truth = filmed
    folder = tmp_path / "cam"
    folder.mkdir()
    app, worker = camera_app(folder)
    h, w = out.frames[0].shape[:2]
    CalibrationStore(Path(app.config.data_dir) / "calibration.json").save(
        str(folder), "8x8", (w, h), out.corners.tolist())
    worker.source = StandInCamera(out.frames, out.params["fps"])
    screen = MagiciBoardScreen(app)
    app.push(screen)
    screen.set_follow(True)
    asked: list = []
    real_ask = screen.ask
    screen.ask = lambda *a, **k: (asked.append(a), real_ask(*a, **k))  # type: ignore[method-assign]
    said = len(app.banners)
    pump(app, worker)
    assert [m.text for m in screen.session.history] == truth
    assert board_moves(screen.session.match) == touched_record(tmp_path, truth)
    assert asked == [] and [b.text for b in app.banners[said:]] == []
    assert screen.camera.follower.calm_frames > 3  # half a second at the webcam's rate
