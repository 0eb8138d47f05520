"""The camera view and the calibration, driven like a referee would: taps on the screen, a
folder of synthetic photos as the camera."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pygame

from companion.ui.input import Action, Kind
from companion.ui.screens.home import HomeScreen
from companion.ui.screenshot import render
from companion.ui.vision import calibration_screen as cal_mod
from companion.ui.vision.calibration_screen import CalibrationScreen
from companion.ui.vision.camera_screen import CameraScreen
from companion.ui.vision.overlay import Placement
from companion.ui.vision.worker import SourceState, camera_for

from ..conftest import tap
from .conftest import pump, save_true_corners


def tap_button(app, pos) -> None:
    tap(app, *pos)


def screen_point(place: Placement, point) -> tuple[int, int]:
    return place.to_screen(np.array([point]))[0]


def test_no_camera_configured_the_screens_say_so_and_name_the_config_key(make_app):
    app = make_app(lang="en")
    app.push(HomeScreen(app))
    assert app.config.camera.source == ""
    for screen in (CameraScreen(app), CalibrationScreen(app)):
        app.push(screen)
        app.tick()
        assert screen.feed.status_key() == "vision.no_camera"
        assert screen.wake_in_ms() is None  # nothing to wait for: the loop sleeps
        assert not camera_for(app).running
        app.render()
        assert [b.label for b in screen.buttons] == ["‹ Back"]  # no camera buttons to press
        app.pop()
    assert "[camera]" in app.t("vision.no_camera_help") and "source" in app.t("vision.no_camera_help")


def test_camera_view_reads_the_folder_and_shows_the_status_and_cells(camera_app, still):
    app, worker = camera_app(still.folder)
    save_true_corners(app, still)
    screen = CameraScreen(app)
    app.push(screen)
    assert screen.wake_in_ms() is not None  # visible and reading: the loop wakes for frames
    pump(app, worker, 3)
    reading = screen.feed.reading
    assert reading is not None and reading.ok
    assert screen.feed.status_key() == "vision.status.ok"
    assert {c: s.value for c, s in reading.cells.items()} == still.truth[0]
    assert screen.feed.picture is not None and screen.feed.picture.get_width() <= 560
    app.render()  # the picture, the grid and the marks draw without error
    app.pop()
    assert screen.wake_in_ms() is None  # left: no more wake-ups


def test_camera_view_switches_to_the_eleven_by_ten_board(camera_app, still):
    app, worker = camera_app(still.folder)
    screen = CameraScreen(app)
    app.push(screen)
    eleven = next(b for b in screen.buttons if "11" in b.label)
    eleven.on_tap()
    assert screen.geometry == "11x10c"
    worker.step()
    assert worker.geometry_name == "11x10c"


def test_four_taps_on_the_true_corners_give_the_true_reading_and_are_kept_for_the_camera(camera_app, still):
    app, worker = camera_app(still.folder)
    screen = CalibrationScreen(app)
    app.push(screen)
    pump(app, worker, 1)
    assert screen.frame is not None
    place = Placement.fit(cal_mod.PICTURE, screen.frame_size)
    save = next(b for b in screen.buttons if b.label == app.t("vision.cal.save"))
    assert not save.enabled
    for i, corner in enumerate(still.corners):
        assert screen.instruction() == app.t(f"vision.cal.tap{i + 1}")
        tap_button(app, screen_point(place, corner))
    assert len(screen.taps) == 4
    assert np.abs(np.array(screen.taps) - still.corners).max() < 2.0  # within a tap's rounding
    tap_button(app, next(b for b in screen.buttons if b.label == app.t("vision.cal.save")).rect.center)
    assert app.top is not screen  # saved and closed
    assert app.banners and app.banners[-1].text == app.t("vision.cal.saved")
    stored = json.loads((Path(app.config.data_dir) / "calibration.json").read_text())
    key = f"{still.folder}|8x8|{still.size[0]}x{still.size[1]}"
    assert np.allclose(stored[key], screen.taps)
    result = worker.step()
    assert result.reading.ok
    assert {c: s.value for c, s in result.reading.cells.items()} == still.truth[0]


def test_undo_takes_back_the_last_tap_and_a_fifth_tap_starts_again(camera_app, still):
    app, worker = camera_app(still.folder)
    screen = CalibrationScreen(app)
    app.push(screen)
    pump(app, worker, 1)
    place = Placement.fit(cal_mod.PICTURE, screen.frame_size)
    for corner in still.corners[:2]:
        tap_button(app, screen_point(place, corner))
    undo = next(b for b in screen.buttons if b.label == app.t("vision.cal.undo"))
    tap_button(app, undo.rect.center)
    assert len(screen.taps) == 1
    app.dispatch(Action(Kind.COMMAND, name="undo"))
    assert screen.taps == []
    for corner in still.corners:
        tap_button(app, screen_point(place, corner))
    tap_button(app, screen_point(place, still.corners[0]))
    assert len(screen.taps) == 1  # a fifth tap begins a new set


def test_find_by_itself_finds_the_board_near_the_true_corners(camera_app, still):
    app, worker = camera_app(still.folder)
    screen = CalibrationScreen(app)
    app.push(screen)
    pump(app, worker, 1)
    tap_button(app, next(b for b in screen.buttons if b.label == app.t("vision.cal.auto")).rect.center)
    deadline = time.monotonic() + 20
    while screen._search is not None and time.monotonic() < deadline:
        assert screen.wake_in_ms() is not None  # the loop keeps turning while it searches
        time.sleep(0.02)
        app.tick()
    assert screen.found is not None, screen.note
    assert np.abs(screen.found - still.corners).max() < 6.0
    assert screen.instruction() == app.t("vision.cal.found")


def test_the_thread_reads_frames_while_the_loop_goes_on(make_app, still, tmp_path):
    from dataclasses import replace

    from companion.config import CameraConfig

    app = make_app()
    app.push(HomeScreen(app))
    app.config = replace(app.config, camera=CameraConfig(source=str(still.folder)), data_dir=tmp_path / "d")
    worker = camera_for(app)
    worker.interval_s = 0.0
    screen = CameraScreen(app)
    app.push(screen)
    assert worker.running
    deadline = time.monotonic() + 20
    while screen.feed.reading is None and time.monotonic() < deadline:
        time.sleep(0.01)
        app.tick()
    assert screen.feed.reading is not None
    app.pop()
    assert not worker.running  # nobody holds the camera: the thread is gone


class StoppingSource:
    """A camera that gives frames, stops answering for a while, then answers again."""

    name = "flaky"

    def __init__(self, image: np.ndarray, script: str) -> None:
        self.image, self.script, self.i = image, script, 0

    def read(self):
        from companion.vision.sources import Frame, FrameStatus

        kind = self.script[min(self.i, len(self.script) - 1)]
        self.i += 1
        if kind == "x":
            return Frame(FrameStatus.FAILED, message="flaky stopped sending frames")
        return Frame(FrameStatus.OK, self.image)

    def close(self) -> None:
        pass


def test_a_camera_that_stops_shows_a_banner_is_retried_and_comes_back(camera_app, still):
    import cv2

    app, worker = camera_app(still.folder)
    image = cv2.imread(str(sorted(still.folder.iterdir())[0]))
    worker.source = StoppingSource(image, "ooxxxoo")
    screen = CameraScreen(app)
    app.push(screen)
    pump(app, worker, 2)
    assert not app.banners
    pump(app, worker, 1)
    assert screen.feed.state is SourceState.FAILED
    assert app.banners and "flaky stopped" in app.banners[-1].text and app.banners[-1].until_ms is None
    pump(app, worker, 2)  # asked again and again: still one banner
    assert len(app.banners) == 1
    assert screen.feed.status_key() == "vision.status.failed"
    app.render()
    pump(app, worker, 1)
    assert screen.feed.state is SourceState.RUNNING
    assert [b.text for b in app.banners] == [app.t("vision.banner.back")]


def test_a_source_that_cannot_be_opened_is_said_once(camera_app, tmp_path):
    app, worker = camera_app(tmp_path / "no-such-folder")
    screen = CameraScreen(app)
    app.push(screen)
    pump(app, worker, 3)
    assert screen.feed.state is SourceState.BAD
    assert len(app.banners) == 1 and "no-such-folder" in app.banners[0].text
    app.render()


def test_the_camera_screens_render_in_both_languages(tmp_path):
    from companion.config import load_config

    for name in ("camera", "camera-calibration"):
        shots = {lang: render(name, lang, (800, 480), load_config(paths=[]), tmp_path) for lang in ("it", "en")}
        assert pygame.image.tobytes(shots["it"], "RGB") != pygame.image.tobytes(shots["en"], "RGB")


def test_camerlano_board_calibrates_its_eleven_by_ten_grid_from_four_taps(camera_app, camerlano_still):
    from companion.ui.board.screen import CAMERA_BUTTON, GameScreen
    from companion.rules.session import BoardSession

    app, worker = camera_app(camerlano_still.folder, lang="en")
    board = GameScreen(app, BoardSession.new(app.journal, "camerlano"))
    app.push(board)
    tap_button(app, CAMERA_BUTTON.center)
    tap_button(app, next(b for b in board.overlay_buttons
                         if b.label == app.t("board.camera.calibrate")).rect.center)
    screen = app.top
    assert isinstance(screen, CalibrationScreen) and screen.geometry == "11x10c"
    pump(app, worker, 1)
    place = Placement.fit(cal_mod.PICTURE, screen.frame_size)
    for corner in camerlano_still.corners:
        tap_button(app, screen_point(place, corner))
    app.render()
    tap_button(app, next(b for b in screen.buttons if b.label == app.t("vision.cal.save")).rect.center)
    assert app.top is board
    result = worker.step()
    assert result.reading.ok
    seen = {c: s.value for c, s in result.reading.cells.items()}
    assert set(seen) == set(camerlano_still.truth[0])  # the citadels z2 and z9 are read too
    wrong = {c for c in seen if seen[c] != camerlano_still.truth[0][c]}
    assert not wrong, wrong
