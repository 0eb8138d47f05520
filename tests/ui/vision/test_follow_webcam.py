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

from ..conftest import tap
from ..magici.conftest import clock, magici_app  # noqa: F401  (fixtures)
from ...vision.films import FAST_RUN, MAGICI_WEBCAM, fast_game, magici_webcam_game
from .conftest import pump
from .test_follow_with_camera import board_moves, move_sources, touched_record


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


def following(app) -> tuple[MagiciBoardScreen, list]:
    """A Magici board screen following with the camera, and the questions it asks."""
    screen = MagiciBoardScreen(app)
    app.push(screen)
    screen.set_follow(True)
    asked: list = []
    real_ask = screen.ask
    screen.ask = lambda *a, **k: (asked.append(a), real_ask(*a, **k))  # type: ignore[method-assign]
    return screen, asked


@pytest.fixture(scope="module")
def filmed():
    out, truth, _ = magici_webcam_game()  # one of our renders, a test seed
    return out, list(truth)


@pytest.mark.slow
@pytest.mark.xdist_group(MAGICI_WEBCAM)
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
    screen, asked = following(app)
    said = len(app.banners)
    pump(app, worker)
    assert [m.text for m in screen.session.history] == truth
    assert board_moves(screen.session.match) == touched_record(tmp_path, truth)
    assert move_sources(screen.session.match) == ["camera"] * len(truth)
    assert asked == [] and [b.text for b in app.banners[said:]] == []
    assert screen.camera.follower.calm_frames > 3  # half a second at the webcam's rate


@pytest.mark.slow
def test_a_board_found_under_a_cloth_is_found_again_and_the_game_followed(camera_app, tmp_path):
    """No corners stored: the camera finds the board itself. When the referee starts following,
    a cloth still lies over the far ranks; the board found under it is a part of the board
    (the start never seen there). Once the cloth is gone the camera looks for the board again
    with the game's start, learns it, and the moves land in the journal (a TUNE render, 7100,
    through webcam seed 2; before, the screen said the board did not show the game's position
    to the end)."""
    clip, truth, _ = clip_of_game("magici", 4, 7100)
    out = webcam(clip, 2)
    corners = out.corners
    top, bottom = corners[:, 1].min(), corners[:, 1].max()
    cloth = out.frames[0].copy()
    cloth[:int(top + 0.3 * (bottom - top)), :] = (60, 90, 140)
    frames = [cloth] * 5 + [out.frames[0]] * 30 + list(out.frames)
    folder = tmp_path / "cam"
    folder.mkdir()
    app, worker = camera_app(folder)
    worker.source = StandInCamera(frames, out.params["fps"])
    screen, asked = following(app)
    pump(app, worker, 5)
    assert not worker.reader.learnt  # the part of the board found under the cloth
    pump(app, worker)
    assert worker.reader.learnt
    assert [m.text for m in screen.session.history] == truth
    assert asked == []


def test_a_fast_game_the_camera_never_saw_calm_is_caught_up_in_the_journal(camera_app, tmp_path):
    """Four moves made in quick succession, the board calm for a tenth of a second between
    them (a camera at 20 frames a second wants half a second): once it is calm again, the
    moves land in the journal in the order they were made, nothing asked (no corners stored:
    the board is found)."""
    from companion.vision.synth.video import fast_game_frames

    moves = ["e2e4", "b8c6", "d1h5", "e7e5"]
    frames = fast_game_frames("magici", moves, 611, between=2)
    folder = tmp_path / "cam"
    folder.mkdir()
    app, worker = camera_app(folder)
    worker.source = StandInCamera(frames, 20.0)
    screen, asked = following(app)
    pump(app, worker)
    assert [m.text for m in screen.session.history] == moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, moves)
    # the journal keeps that the camera put these four in their order from one picture
    assert move_sources(screen.session.match) == ["camera_together"] * 4
    assert asked == []
    # ... and the referee is told that these moves were seen only together, to check them
    said = [b.text for b in app.banners if "4 mosse viste insieme" in b.text]
    assert said == ["Telecamera: 4 mosse viste insieme, fatte di fila "
                    "(e2-e4, Cb8-c6, Dd1-h5, e7-e5): controlla che siano giuste"], \
        [b.text for b in app.banners]


@pytest.mark.slow
@pytest.mark.xdist_group(FAST_RUN)
@pytest.mark.parametrize("lang,size,label", [
    ("it", (800, 480), "1  e2-e4, Cb8-c6, Dd1-h5, e7-e5"),
    ("en", (1920, 1080), "1  e2-e4, Nb8-c6, Qd1-h5, e7-e5")])
def test_a_fast_run_the_camera_is_unsure_of_is_offered_as_one_answer_then_the_game_goes_on(
        camera_app, tmp_path, monkeypatch, lang, size, label):
    """The same four moves in quick succession, with two of their squares read unsure (e4 and
    h5; as on a small or far board: the real webcam's recording made half the size read the
    queen's h5 and the bishop on c8 so): the camera enters nothing by itself, and does not name
    ten squares to check either. It asks, once, whether these four were made, in the order the pictures
    show; one tap enters all four (journalled as the referee's answers, each with its own
    record), and the next move, made calmly afterwards, is entered by the camera."""
    import pygame

    from companion.ui.widgets import recording

    from .test_follow_with_camera import misread

    moves = ["e2e4", "b8c6", "d1h5", "e7e5"]
    frames = fast_game("magici", moves + ["g1f3"], 611, between=[2, 2, 2, 60])
    folder = tmp_path / "cam"
    folder.mkdir()
    app, worker = camera_app(folder, lang, size)
    worker.source = StandInCamera(frames, 20.0)
    misread(monkeypatch, "e4", "w", sure=False)
    misread(monkeypatch, "h5", "w", sure=False)
    screen, asked = following(app)
    said = len(app.banners)
    while not asked:
        result = worker.step()
        app.tick()
        assert result is not None and result.reading is not None, "never asked"
    assert screen.session.history == []  # nothing entered unasked
    title, items = asked[0][0], asked[0][1]
    assert title == app.t("board.camera.which_run")  # "Mosse fatte di fila: sono queste?"
    assert [text for text, _ in items] == [label]
    assert screen.camera.asking()
    # on the board: an arrow for each of the four moves, none numbered
    assert screen.camera.question == [()]
    assert [(cells[0], cells[-1]) for cells in screen.camera.run_arrows] == [
        ("e2", "e4"), ("b8", "c6"), ("d1", "h5"), ("e7", "e5")]
    shown = pygame.Surface(size)
    with recording() as report:
        app.viewport.present(app.render(), shown)
    pygame.image.save(shown, str(tmp_path / f"run-question-{lang}.png"))  # looked at
    drawn = next(mark for mark in report.texts if mark.text.startswith("1  "))
    assert drawn.text == label and not drawn.cut  # the whole run readable on its button
    tap(app, *next(b for b in screen.overlay_buttons if b.label == label).rect.center)
    assert [m.text for m in screen.session.history] == moves
    assert move_sources(screen.session.match) == ["camera_asked"] * 4
    assert not screen.camera.asking() and screen.camera.run_arrows == []
    pump(app, worker)
    assert [m.text for m in screen.session.history] == moves + ["g1f3"]
    assert move_sources(screen.session.match) == ["camera_asked"] * 4 + ["camera"]
    assert board_moves(screen.session.match) == touched_record(tmp_path, moves + ["g1f3"])
    assert len(asked) == 1 and not [b.text for b in app.banners[said:] if "Telecamera" in b.text]


FAST = ["e2e4", "b8c6", "d1h5", "e7e5"]


def _station_fast(magici_app, tmp_path, monkeypatch, paused: bool):
    """A Magici station (clocks started; ``paused``: stopped by the referee) whose board
    follows the fast run with e4 and h5 read unsure, then g1-f3 made calmly, then a long
    hold: (app, worker, timer, board, the questions asked). (From the session's review.)"""
    from dataclasses import replace

    from companion.config import CameraConfig
    from companion.ui.screens.home import HomeScreen
    from companion.ui.vision.worker import camera_for
    from companion.vision import sources

    from ..magici.conftest import command, press
    from ..magici.test_board_station import open_board
    from .test_follow_with_camera import misread

    frames = fast_game("magici", FAST + ["g1f3"], 611, between=[2, 2, 2, 60], hold=200)
    (tmp_path / "cam").mkdir()
    app = magici_app(lang="it")
    app.config = replace(app.config, camera=CameraConfig(source=str(tmp_path / "cam")))
    app.push(HomeScreen(app))
    worker = camera_for(app)
    worker.threaded = False
    live = StandInCamera(frames, 20.0)  # (the same camera when the board is opened again)
    monkeypatch.setattr(sources, "source_from_config", lambda spec, now_ms: live)
    worker.source = live
    misread(monkeypatch, "e4", "w", sure=False)
    misread(monkeypatch, "h5", "w", sure=False)
    timer, board = open_board(app)
    if paused:
        command(app, "back", source="key")
        press(app, timer, app.t("magici.timer.pause"))
        press(app, timer, app.t("magici.timer.board"))
        board = app.top
    asked = _asked(board)
    board.set_follow(True)
    return app, worker, timer, board, asked


def _asked(board) -> list:
    asked: list = []
    real_ask = board.ask
    board.ask = lambda *a, **k: (asked.append(a), real_ask(*a, **k))  # type: ignore[method-assign]
    return asked


def _step(app, worker, clock, until=lambda: False, most=400) -> None:
    for _ in range(most):
        if until():
            return
        result = worker.step()
        clock.advance(50)
        app.tick()
        if result is None or result.reading is None:
            return


@pytest.mark.slow
@pytest.mark.xdist_group(FAST_RUN)
def test_at_a_station_the_run_answered_ends_each_teams_move_then_the_camera_follows_on(
        magici_app, clock, tmp_path, monkeypatch):  # noqa: F811
    """The fast run asked about at a Magici station with the clocks running: one tap enters
    the four moves, each ending its team's move at the clock (journalled as the referee's
    answers), and the camera enters g1-f3 after them."""
    from ..magici.test_board_station import move_ends

    app, worker, timer, board, asked = _station_fast(magici_app, tmp_path, monkeypatch, False)
    _step(app, worker, clock, until=lambda: bool(asked))
    assert asked and board.session.history == []
    assert asked[0][0] == app.t("board.camera.which_run")
    tap(app, *next(b for b in board.overlay_buttons if b.label.startswith("1  ")).rect.center)
    assert [h.text for h in board.session.history] == FAST
    _step(app, worker, clock)
    assert [h.text for h in board.session.history] == FAST + ["g1f3"]
    assert move_sources(board.session.match) == ["camera_asked"] * 4 + ["camera"]
    assert [side for side, _ in move_ends(app)] == ["white", "black"] * 2 + ["white"]


@pytest.mark.slow
@pytest.mark.xdist_group(FAST_RUN)
def test_at_a_station_with_the_clocks_stopped_the_run_waits_unasked_then_is_asked(
        magici_app, clock, tmp_path, monkeypatch):  # noqa: F811
    """The clocks stopped by the referee: the fast run is not asked about (the question came
    back at every look, answered or cancelled: the clock took none of it; session 21's
    review); a banner that stays says what the camera saw and that it waits, and g1-f3 made
    meanwhile joins it. The clocks go again: the run is asked, one tap enters all five."""
    from ..magici.conftest import command, press

    app, worker, timer, board, asked = _station_fast(magici_app, tmp_path, monkeypatch, True)
    waiting = app.t("board.camera.held_run", reason=app.t("magici.refused.paused"),
                    moves="e2-e4, Cb8-c6, Dd1-h5, e7-e5")
    _step(app, worker, clock, until=lambda: waiting in [b.text for b in app.banners])
    assert waiting in [b.text for b in app.banners]
    _step(app, worker, clock, most=60)  # three seconds more, the clocks still stopped
    assert asked == [] and not board.overlay_buttons and board.session.history == []
    # (g1-f3 made meanwhile joins the run waiting: one banner, said again with it)
    assert [b.text for b in app.banners if b.text.startswith("Telecamera: vist")] == [
        app.t("board.camera.held_run", reason=app.t("magici.refused.paused"),
              moves="e2-e4, Cb8-c6, Dd1-h5, e7-e5, Cg1-f3")]
    command(app, "back", source="key")
    press(app, timer, app.t("magici.timer.resume"))
    press(app, timer, app.t("magici.timer.board"))
    board = app.top
    asked = _asked(board)
    _step(app, worker, clock, until=lambda: bool(asked))
    assert asked and asked[0][0] == app.t("board.camera.which_run")
    assert not [b.text for b in app.banners if b.text.startswith("Telecamera: vist")]
    tap(app, *next(b for b in board.overlay_buttons if b.label.startswith("1  ")).rect.center)
    assert [h.text for h in board.session.history] == FAST + ["g1f3"]
    assert move_sources(board.session.match) == ["camera_asked"] * 5
