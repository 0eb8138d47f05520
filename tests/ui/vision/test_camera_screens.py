"""The camera view and the calibration, driven like a referee would: taps on the screen, a
folder of synthetic photos as the camera."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pygame
import pytest

from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.screens.home import HomeScreen
from companion.ui.screenshot import render
from companion.ui.vision.calibration_screen import CalibrationScreen
from companion.ui.vision.camera_screen import CameraScreen
from companion.ui.vision.overlay import Placement
from companion.ui.vision.worker import SourceState, camera_for
from companion.ui.widgets import MIN_TEXT, MIN_TOUCH, recording

from .conftest import pump, save_true_corners

# the three displays of issue 15: the 7" panel, the 720×1280 panel on its side, a 1080p projector
DISPLAYS = [pytest.param((800, 480), 0, id="800x480"), pytest.param((720, 1280), 90, id="720x1280-side"),
            pytest.param((1920, 1080), 0, id="1920x1080")]


def touch(app, kind, x: float, y: float) -> None:
    """A finger event at a point of the top screen's canvas, as SDL delivers it on the display
    (physical pixels, normalised; the panel may be mounted on its side)."""
    vp = app.viewport
    lh = vp.logical[1]
    cx, cy = x + 0.5, y + 0.5  # the middle of the canvas pixel
    if vp.rotate == 0:
        u, v = cx, cy
    elif vp.rotate == 90:
        u, v = lh - cy, cx
    else:
        raise ValueError(vp.rotate)
    px, py = vp.offset[0] + u * vp.scale, vp.offset[1] + v * vp.scale
    w, h = vp.physical
    app.feed(pygame.event.Event(kind, x=px / w, y=py / h, dx=0, dy=0, finger_id=0, touch_id=1, pressure=1))


def tap_button(app, pos) -> None:
    """A finger down and up at a canvas point, then one turn of the loop."""
    touch(app, pygame.FINGERDOWN, *pos)
    touch(app, pygame.FINGERUP, *pos)
    app.tick()


def button(screen, label: str):
    return next(b for b in screen.buttons if b.label == label)


def screen_point(place: Placement, point) -> tuple[int, int]:
    return place.to_screen(np.array([point]))[0]


def camera_app_on(make_app, tmp_path, folder, size, rotate, lang="it"):
    """Like the ``camera_app`` fixture, on a display of ``size`` mounted at ``rotate``."""
    from dataclasses import replace

    from companion.config import CameraConfig

    app = make_app(lang=lang, size=size, rotate=rotate)
    app.config = replace(app.config, camera=CameraConfig(source=str(folder)), data_dir=tmp_path / "data")
    app.push(HomeScreen(app))
    worker = camera_for(app)
    worker.threaded = False
    return app, worker


def problems(app) -> list[str]:
    """What the a11y checker would say about the top screen as it is drawn now."""
    with recording() as report:
        app.render()
    found = []
    for target in report.targets:
        w, h = target.rect.width * app.viewport.scale, target.rect.height * app.viewport.scale
        if min(w, h) < MIN_TOUCH - 0.5:
            found.append(f"target {target.label!r} {w:.0f}x{h:.0f}")
    for text in report.texts:
        px = text.size * app.viewport.scale
        if px < MIN_TEXT - 0.5 or text.cut:
            found.append(f"text {text.text!r} at {px:.0f} px{' cut' if text.cut else ''}")
        large = px >= 24 or (text.bold and px >= 18.66)
        if text.role != "disabled" and theme.contrast(text.color, text.background) < (3.0 if large else 4.5):
            found.append(f"text {text.text!r} low contrast")
    return found


@pytest.mark.parametrize("size,rotate", DISPLAYS)
@pytest.mark.parametrize("lang", ["it", "en"])
def test_no_camera_set_up_the_screens_say_so_in_plain_words(make_app, size, rotate, lang):
    app = make_app(lang=lang, size=size, rotate=rotate)
    app.push(HomeScreen(app))
    assert app.config.camera.source == ""
    for screen in (CameraScreen(app), CalibrationScreen(app)):
        app.push(screen)
        app.tick()
        assert screen.feed.status_key() == "vision.no_camera"
        assert screen.wake_in_ms() is None  # nothing to wait for: the loop sleeps
        assert not camera_for(app).running
        assert app.canvas.get_size() == (max(size), min(size))  # drawn at the display's own size
        assert problems(app) == []
        assert [b.label for b in screen.buttons] == ["‹ " + app.t("common.back")]  # no camera buttons
        tap_button(app, screen.buttons[0].rect.center)
        assert app.top is not screen
    words = app.t("vision.no_camera") + " " + app.t("vision.no_camera_help")
    for jargon in ("[camera]", "source", "config.toml", "picamera", "~/"):
        assert jargon not in words  # no file paths, sections or keys for a referee to decode
    assert "companion doctor" in words  # but a pointer for whoever sets the companion up


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
    assert problems(app) == []
    app.pop()
    assert screen.wake_in_ms() is None  # left: no more wake-ups


def test_camera_view_switches_to_the_eleven_by_ten_board(camera_app, still):
    app, worker = camera_app(still.folder)
    screen = CameraScreen(app)
    app.push(screen)
    eleven = next(b for b in screen.buttons if "11" in b.label)
    tap_button(app, eleven.rect.center)
    assert screen.geometry == "11x10c"
    assert next(b for b in screen.buttons if "11" in b.label).selected
    worker.step()
    assert worker.geometry_name == "11x10c"


@pytest.mark.parametrize("size,rotate", DISPLAYS)
def test_four_taps_on_the_true_corners_give_the_true_reading_and_are_kept_for_the_camera(make_app, tmp_path, still,
                                                                                         size, rotate):
    app, worker = camera_app_on(make_app, tmp_path, still.folder, size, rotate)
    screen = CalibrationScreen(app)
    app.push(screen)
    assert app.canvas.get_size() == (max(size), min(size))  # native: no 800×480 picture scaled up
    pump(app, worker, 1)
    assert screen.frame is not None
    place = screen.placement()
    picture, side = screen.areas()
    # the picture takes the whole height under the header, and the side panel stays usable
    assert place.height == picture.height and place.rect.right <= side.x
    assert side.width >= screen.u(212)
    assert place.scale == pytest.approx(picture.height / still.size[1], rel=0.01)
    save = button(screen, app.t("vision.cal.save"))
    assert not save.enabled
    for i, (corner, square) in enumerate(zip(still.corners, ["a1", "h1", "h8", "a8"])):
        assert screen.instruction() == app.t("vision.cal.tap", square=square)
        tap_button(app, screen_point(place, corner))
        assert len(screen.taps) == i + 1
    assert problems(app) == []  # four rings, numbers, grid, side panel: all readable
    # each tap lands within one screen pixel of the corner, mapped back to camera pixels
    assert np.abs(np.array(screen.taps) - still.corners).max() <= 1.0 / place.scale + 1e-6
    assert screen.instruction() == app.t("vision.cal.done")
    tap_button(app, button(screen, app.t("vision.cal.save")).rect.center)
    assert app.top is not screen  # saved and closed
    assert app.banners and app.banners[-1].text == app.t("vision.cal.saved")
    stored = json.loads((Path(app.config.data_dir) / "calibration.json").read_text())
    key = f"{still.folder}|8x8|{still.size[0]}x{still.size[1]}"
    assert np.allclose(stored[key], screen.taps)
    result = worker.step()
    assert result.reading.ok
    assert {c: s.value for c, s in result.reading.cells.items()} == still.truth[0]


def test_only_taps_on_the_picture_count_as_corners(camera_app, still):
    app, worker = camera_app(still.folder, lang="en")
    screen = CalibrationScreen(app)
    app.push(screen)
    pump(app, worker, 1)
    place, (picture, side) = screen.placement(), screen.areas()
    assert place.rect == picture  # the box is exactly the picture's shape: no dead bars to miss into
    tap_button(app, (side.centerx, side.y + screen.u(120)))  # the side panel, between the words and buttons
    tap_button(app, (picture.centerx, screen.header_h // 2))  # the header above the picture
    assert screen.taps == []
    tap_button(app, (picture.right - 1, picture.bottom - 1))  # the picture's last pixel still counts
    assert len(screen.taps) == 1
    x, y = screen.taps[0]
    assert still.size[0] - 2 < x < still.size[0] and still.size[1] - 2 < y < still.size[1]


@pytest.mark.parametrize("size,rotate", DISPLAYS)
def test_a_finger_on_the_picture_shows_the_loupe_and_lifting_after_a_slide_places_the_corner(
        make_app, tmp_path, still, size, rotate):
    app, worker = camera_app_on(make_app, tmp_path, still.folder, size, rotate, lang="en")
    screen = CalibrationScreen(app)
    app.push(screen)
    pump(app, worker, 1)
    place = screen.placement()
    true = screen_point(place, still.corners[0])
    off = (true[0] + screen.u(30), true[1] - screen.u(25))  # the finger lands beside the corner
    touch(app, pygame.FINGERDOWN, *off)
    app.tick()
    assert screen.aim == off and screen.taps == []  # nothing placed yet: the loupe is up
    loupe = screen.loupe_rect(place, off)
    assert not loupe.collidepoint(off) and place.rect.contains(loupe)  # never under the finger
    before = pygame.image.tobytes(app.render(), "RGB")
    assert problems(app) == []
    touch(app, pygame.FINGERMOTION, *true)  # slides onto the corner, seen in the loupe
    app.tick()
    assert screen.aim == true
    assert pygame.image.tobytes(app.render(), "RGB") != before  # the loupe follows the finger
    touch(app, pygame.FINGERUP, *true)
    app.tick()
    assert screen.aim is None and len(screen.taps) == 1  # one corner, where the finger was lifted
    assert np.abs(np.array(screen.taps[0]) - still.corners[0]).max() <= 1.0 / place.scale + 1e-6
    tap_button(app, screen_point(place, still.corners[1]))  # a plain tap still places the next one
    assert len(screen.taps) == 2


def test_four_taps_on_one_spot_are_refused_in_words_and_nothing_is_saved(camera_app, still):
    app, worker = camera_app(still.folder)
    screen = CalibrationScreen(app)
    app.push(screen)
    pump(app, worker, 1)
    x, y = screen_point(screen.placement(), still.corners[0])
    for dx, dy in ((0, 0), (2, 0), (2, 2), (0, 2)):  # a slipping finger, four times on one spot
        tap_button(app, (x + dx, y + dy))
    tap_button(app, button(screen, app.t("vision.cal.save")).rect.center)
    assert app.top is screen and screen.instruction() == app.t("vision.cal.bad_corners")
    assert not (Path(app.config.data_dir) / "calibration.json").exists()
    assert problems(app) == []
    tap_button(app, screen_point(screen.placement(), still.corners[0]))  # a fifth tap starts again
    assert len(screen.taps) == 1


def test_undo_takes_back_the_last_tap_and_a_fifth_tap_starts_again(camera_app, still):
    app, worker = camera_app(still.folder)
    screen = CalibrationScreen(app)
    app.push(screen)
    pump(app, worker, 1)
    place = screen.placement()
    for corner in still.corners[:2]:
        tap_button(app, screen_point(place, corner))
    assert screen.instruction() == app.t("vision.cal.tap", square="h8")
    tap_button(app, button(screen, app.t("vision.cal.undo")).rect.center)
    assert len(screen.taps) == 1
    assert screen.instruction() == app.t("vision.cal.tap", square="h1")
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
    tap_button(app, button(screen, app.t("vision.cal.auto")).rect.center)
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


@pytest.mark.parametrize("size,rotate", DISPLAYS)
def test_every_state_of_the_two_screens_reads_at_every_size(make_app, tmp_path, still, size, rotate):
    """The camera stopped, its message, the 11×10 chosen; the calibration waiting for a picture
    and told the board was not found: each drawn at the display's size and checked."""
    import cv2

    app, worker = camera_app_on(make_app, tmp_path, still.folder, size, rotate, lang="it")
    image = cv2.imread(str(sorted(still.folder.iterdir())[0]))
    worker.source = StoppingSource(image, "oxxx")
    screen = CameraScreen(app)
    app.push(screen)
    pump(app, worker, 2)
    assert screen.feed.status_key() == "vision.status.failed"
    assert problems(app) == []
    tap_button(app, next(b for b in screen.buttons if "11" in b.label).rect.center)
    assert screen.geometry == "11x10c" and problems(app) == []
    tap_button(app, button(screen, app.t("vision.calibrate")).rect.center)
    cal = app.top
    assert isinstance(cal, CalibrationScreen) and cal.geometry == "11x10c"
    assert cal.frame is None  # the camera is silent: waiting, said in words
    assert problems(app) == []
    cal.hold(image)
    cal.say(app.t("vision.cal.not_found"), "warn")
    assert problems(app) == []
    assert app.banners  # the camera stopped: its banner lies over the header until tapped away
    tap_button(app, cal.buttons[0].rect.center)
    assert not app.banners and app.top is cal
    tap_button(app, cal.buttons[0].rect.center)  # back
    assert app.top is screen


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
    place = screen.placement()
    for corner, square in zip(camerlano_still.corners, ["a1", "k1", "k10", "a10"]):
        assert screen.instruction().split("\n") == [app.t("vision.cal.tap", square=square),
                                                    app.t("vision.cal.citadels")]
        tap_button(app, screen_point(place, corner))
    assert problems(app) == []
    tap_button(app, next(b for b in screen.buttons if b.label == app.t("vision.cal.save")).rect.center)
    assert app.top is board
    result = worker.step()
    assert result.reading.ok
    seen = {c: s.value for c, s in result.reading.cells.items()}
    assert set(seen) == set(camerlano_still.truth[0])  # the citadels z2 and z9 are read too
    wrong = {c for c in seen if seen[c] != camerlano_still.truth[0][c]}
    assert not wrong, wrong
