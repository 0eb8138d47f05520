"""The camera through the app, as a referee lives it, on footage the project did not make.

The vision-dev TUNE video ``clupso_a`` is the app's camera (its folder of frames named in the
config), the referee opens Clupso from the home screen, taps the camera button and "follow with
camera", and the worker is stepped frame by frame as its thread would. Only TUNE material is
used here (``companion/vision/split.json``); the tests skip cleanly when ``../shared/vision-dev``
is absent.

``duere_a`` is not used: its truth alternates sides at every move, and the Due Re board plays a
turn as the dice say (two dice, as many steps as can be made): no roll makes its third move
(``e2h5``) a whole turn on its own, so its moves cannot be driven through the dice screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame
import pytest

from companion.core.journal import Journal
from companion.rules import VARIANT_NAMES
from companion.rules.session import BoardSession
from companion.ui.board import games  # noqa: F401  (registers the home tiles)
from companion.ui.board.screen import GameScreen
from companion.vision import devdata

from ..conftest import tap
from .conftest import pump
from .test_follow_with_camera import board_moves, move_sources

pytestmark = pytest.mark.skipif("clupso" not in VARIANT_NAMES, reason="Clupso is not in the engine")


@dataclass
class Video:
    name: str
    frames: Path
    corners: list[list[float]]
    size: tuple[int, int]
    variant: str
    moves: list[str]  # the engine's text of each true move


def tune_video(name: str) -> Video:
    from companion.vision.devbench import _engine_text

    found = [v for v in devdata.videos("tune") if v.name == name]
    if not found:
        pytest.skip(f"../shared/vision-dev is absent (no {name})")
    v = found[0]
    import cv2

    first = cv2.imread(str(sorted(v.frames.iterdir())[0]))
    moves = [_engine_text(v.truth, m) for m in v.truth["moves"]]
    return Video(v.name, v.frames, v.truth["corners"], (first.shape[1], first.shape[0]),
                 v.truth["variant"], moves)


@pytest.fixture
def named_at_rest(monkeypatch):
    """The resting hand's squares named after HAND_WAIT looks, as before session 52
    (follower.ARM_REST off): now so for an arm resting longer than ARM_REST, or one seen
    through hands coming and going. What a referee answering under a hand still there meets."""
    from companion.vision import follower

    monkeypatch.setattr(follower, "ARM_REST", 0)


def save_screen(app, path: Path, size: tuple[int, int] = (800, 480)) -> None:
    """The app's screen as shown at ``size``, saved to ``path`` (a PNG to look at)."""
    shown = pygame.Surface(size)
    app.viewport.present(app.render(), shown)
    pygame.image.save(shown, str(path))


def touched_record(tmp_path: Path, variant: str, moves: list[str]) -> list[dict]:
    """The journal's move events when the same moves are touched on a board of this game."""
    journal = Journal.open(tmp_path / "touched.db")
    session = BoardSession.new(journal, variant)
    for move in moves:
        session.play_text(move)
    out = board_moves(session.match)
    journal.close()
    return out


def calibrate(app, video: Video) -> None:
    """The corners the referee set for this camera (kept in the calibration store)."""
    from companion.vision.store import CalibrationStore

    CalibrationStore(Path(app.config.data_dir) / "calibration.json").save(
        str(video.frames), "8x8", video.size, video.corners)


def open_from_home(app, game: str) -> GameScreen:
    """Home -> the game's tile -> its rule options -> Start: the board screen."""
    tile = next(b for b in app.top.buttons if b.label == app.t(f"game.{game}"))
    tap(app, *tile.rect.center)
    start = next(b for b in app.top.buttons if b.label == app.t("board.options.start"))
    tap(app, *start.rect.center)
    screen = app.top
    assert isinstance(screen, GameScreen) and screen.session.game == game
    return screen


def follow_on(app, screen: GameScreen) -> None:
    """The camera button in the header, then "follow with camera"."""
    button = next(b for b in screen.buttons if b.label == app.t("board.camera.button"))
    tap(app, *button.rect.center)
    item = next(b for b in screen.overlay_buttons if b.label == app.t("board.camera.follow_on"))
    tap(app, *item.rect.center)
    assert screen.following


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_clupso_game_on_footage_lands_in_the_journal_as_touched_moves(camera_app, tmp_path, lang):
    video = tune_video("clupso_a")
    app, worker = camera_app(video.frames, lang)
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    questions: list[str] = []
    real_ask = screen.ask
    screen.ask = lambda title, items: (questions.append(title), real_ask(title, items))  # type: ignore[method-assign]
    said = len(app.banners)
    pump(app, worker)
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)
    assert move_sources(screen.session.match) == ["camera"] * len(video.moves)  # ... the camera's
    assert screen.session.record()["moves"][0]["by"] == "camera"  # and the export says so
    assert questions == [] and not screen.overlay_buttons  # nothing asked ...
    assert [b.text for b in app.banners[said:]] == []  # ... and no square to check
    assert screen.following


REST = 60  # frames a hand rests over the board: two seconds at 30 frames a second


def resting_hand(tmp_path: Path, video: Video, frame: int, times: int = REST) -> Video:
    """The video with its frame ``frame`` (a hand still over the board) held ``times`` frames:
    a player who leaves the hand resting after the move (by default two seconds at 30 frames
    a second: longer than HAND_WAIT's looks, shorter than ARM_REST's)."""
    names = sorted(p for p in video.frames.iterdir() if p.suffix == ".jpg")
    folder = tmp_path / "frames"
    folder.mkdir()
    order = names[:frame] + [names[frame]] * times + names[frame + 1:]
    for i, path in enumerate(order):
        (folder / f"frame_{i:04d}.jpg").symlink_to(path)
    return Video(video.name, folder, video.corners, video.size, video.variant, video.moves)


def twitching_hand(tmp_path: Path, video: Video, frame: int, times: int = REST) -> Video:
    """As :func:`resting_hand`, but the hand twitches while it rests, as a real one does:
    every ``devbench.TWITCH_EVERY`` frames it moves by up to ``devbench.TWITCH_PX`` pixels
    (``devbench.twitching``; the frames written as PNG, so that nothing but the twitch
    changes from one to the next)."""
    import cv2

    from companion.vision import devbench

    dev = next(v for v in devdata.videos("tune") if v.name == video.name)
    frames, _ = devbench.twitching(dev, frame, times)
    folder = tmp_path / "frames"
    folder.mkdir()
    for i, image in enumerate(frames):
        cv2.imwrite(str(folder / f"frame_{i:04d}.png"), image)
    return Video(video.name, folder, video.corners, video.size, video.variant, video.moves)


@pytest.mark.parametrize("frame", [8, 67])
def test_a_hand_resting_a_moment_after_a_move_is_waited_out_in_silence(camera_app, tmp_path, frame):
    """clupso_a with the hand that made the 1st move (c1-d2) or the 8th (e4xg6) resting a third
    of a second (10 frames) before it leaves: the camera waits for it to go, says nothing and
    follows the whole game."""
    video = resting_hand(tmp_path, tune_video("clupso_a"), frame=frame, times=10)
    app, worker = camera_app(video.frames, "it")
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    said = len(app.banners)
    pump(app, worker)
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)
    assert not screen.overlay_buttons and app.banners[said:] == []


@pytest.mark.parametrize("lang,size", [("it", (800, 480)), ("en", (1920, 1080))])
def test_a_hand_resting_after_a_capture_is_asked_about_then_the_camera_follows_on(camera_app, tmp_path,
                                                                                 lang, size,
                                                                                 named_at_rest):
    """clupso_a, its 8th move (the man's capture e4xg6) made by a hand that rests over g7-h8
    two thirds of a second (20 frames) before leaving, its squares named after HAND_WAIT
    looks (``named_at_rest``): the camera cannot be sure, and asks. The question stands beside
    the board, which shows the likely move with a numbered arrow; the referee taps it, it is
    journaled as a touch would, and the camera goes on from the frames (nothing asked about
    the resting hand, nothing false) to the end of the game."""
    video = resting_hand(tmp_path, tune_video("clupso_a"), frame=67, times=20)
    truth = video.moves
    app, worker = camera_app(video.frames, lang, size)
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    while not screen.camera.asking():
        assert worker.step() is not None, "the camera never asked"
        app.tick()
    assert [h.text for h in screen.session.history] == truth[:7]
    labels = [b.label for b in screen.overlay_buttons]
    true_label = next(label for label in labels if label.endswith("e4xg6"))  # the men's notation
    assert labels[-1] == app.t("board.cancel") and len(labels) <= 4
    arrows = screen.camera.question[labels.index(true_label)]
    assert arrows[0] == "e4" and arrows[-1] == "g6"  # the board behind shows where
    shown = pygame.Surface(size)
    app.viewport.present(app.render(), shown)
    pygame.image.save(shown, str(tmp_path / f"question-{lang}.png"))  # looked at
    tap(app, *screen.overlay_buttons[labels.index(true_label)].rect.center)
    assert [h.text for h in screen.session.history] == truth[:8]  # journaled as a touch would
    said = len(app.banners)
    pump(app, worker)
    assert [h.text for h in screen.session.history] == truth
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", truth)
    # the journal keeps that the eighth move was the referee's answer to the camera
    assert move_sources(screen.session.match) == ["camera"] * 7 + ["camera_asked"] + \
        ["camera"] * (len(truth) - 8)
    assert not screen.overlay_buttons and app.banners[said:] == []


def bumped(tmp_path: Path, video: Video, frame: int, shift: tuple[float, float]) -> Video:
    """The video with the camera knocked at ``frame``: every frame from there on shifted."""
    import cv2

    from companion.vision.synth.webcam import nudged

    folder = tmp_path / "bumped"
    folder.mkdir()
    paths = sorted(p for p in video.frames.iterdir() if p.suffix == ".jpg")
    for i, image in enumerate(nudged([cv2.imread(str(p)) for p in paths], frame, shift)):
        cv2.imwrite(str(folder / f"frame_{i:04d}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    return Video(video.name, folder, video.corners, video.size, video.variant, video.moves)


def follow_bumped(camera_app, tmp_path: Path, video: Video, shift: tuple[float, float]) -> tuple:
    """clupso_a's board opened from home, followed with a camera shifted by ``shift`` just
    after the 4th move (frame 36): the app, its camera worker, the board screen, and the
    banners said (a list that grows)."""
    moved = bumped(tmp_path, video, frame=36, shift=shift)
    app, worker = camera_app(moved.frames, "it")
    calibrate(app, moved)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    said: list[str] = []
    real_show = app.show_banner
    app.show_banner = lambda text, *a, **k: (said.append(text), real_show(text, *a, **k))  # type: ignore[method-assign]
    return app, worker, screen, said


def test_a_camera_knocked_mid_game_is_said_once_the_game_goes_on_by_touch_and_the_camera_picks_up(
        camera_app, tmp_path):
    """clupso_a with the camera knocked 24 px right and 16 down just after the 4th move (b2b3)
    settled, before the camera judged it. The board says so once; the referee enters the
    moves made meanwhile by touch; the camera, finding the board again with the game's
    position, sees that position on it and follows the rest of the game from the frames."""
    video = tune_video("clupso_a")
    settled = [m["settled_frame"] for m in next(v for v in devdata.videos("tune")
                                                if v.name == "clupso_a").truth["moves"]]
    app, worker, screen, said = follow_bumped(camera_app, tmp_path, video, (24, 16))
    moved, found = app.t("vision.follow.moved"), app.t("vision.follow.found")
    frame = 0
    while moved not in said:
        assert worker.step() is not None, "the knock was never noticed"
        app.tick()
        frame += 1
    assert [h.text for h in screen.session.history] == video.moves[:3]  # b2b3 not judged yet
    from companion.ui import theme

    assert screen.camera.status_colour() == theme.WARN  # the camera button says it is not following
    # the referee enters by touch what was played on the board meanwhile
    made = [m for m, s in zip(video.moves, settled) if s < frame]
    # b2b3, then f6f5 (the camera was knocked between the two), and e3e4 (a knocked camera is
    # taken for one after reader.MOVED_FRAMES calm frames: a hand resting still is none)
    assert len(made) == 6
    for move in made[len(screen.session.history):]:
        for cell in (move[:2], move[2:]):
            tap(app, *screen.view.cell_rect(cell).center)
    assert [h.text for h in screen.session.history] == made
    pump(app, worker)
    assert said.count(moved) == 1 and found in said and moved not in [b.text for b in app.banners]
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)


def test_a_camera_nudged_mid_game_follows_on_without_a_word(camera_app, tmp_path):
    """clupso_a with the camera nudged 6 px right and 4 up just after the 4th move (b2b3)
    settled, before the camera judged it: the reader moves the corners with the picture
    (reader.TRACK), nothing is said about a camera moved, and every move lands in the journal
    from the frames (b2b3, made as the camera slid, may be offered: the referee takes it).
    Before the tracking, the camera was taken for moved: said so, and the game went on by
    touch until the camera found it again."""
    video = tune_video("clupso_a")
    app, worker, screen, said = follow_bumped(camera_app, tmp_path, video, (6, -4))
    answered = []
    while worker.step() is not None:
        app.tick()
        if screen.camera.asking():
            made = video.moves[len(screen.session.history)]
            button = next(b for b in screen.overlay_buttons
                          if b.label.endswith(screen.camera.describe(made)[0]))
            answered.append(made)
            tap(app, *button.rect.center)
    assert app.t("vision.follow.moved") not in said
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)
    assert answered in ([], ["b2b3"])
    assert move_sources(screen.session.match).count("camera") >= len(video.moves) - 1
    # the calibration kept for this camera moved with it: the station started again reads
    # through the corners as they now lie
    from companion.vision.store import CalibrationStore

    kept = CalibrationStore(Path(app.config.data_dir) / "calibration.json").load(
        worker.spec, "8x8", video.size)
    assert np.abs(np.asarray(kept) - np.asarray(video.corners) - [6, -4]).max() < 1.0


def wait_for_check(app, worker, screen=None) -> str:
    """Step the camera until a banner names squares to check (or, ``screen`` given, it asks
    which move was made); the banner's opening words."""
    check = app.t("board.camera.check", squares="")
    while not any(b.text.startswith(check) for b in app.banners) and not (
            screen is not None and screen.camera.asking()):
        assert worker.step() is not None, "the resting hand was never noticed"
        app.tick()
    return check


@pytest.mark.parametrize("twitching,twitch", [(False, True), (True, True), (True, False)])
def test_a_hand_resting_two_seconds_after_the_first_move_is_waited_out_in_silence(
        camera_app, tmp_path, monkeypatch, twitching, twitch):
    """clupso_a's first move made by a hand that rests two seconds (60 frames) over c1-d2
    before leaving: nothing can be moved while nothing moves, so the camera waits for it in
    silence (follower.ARM_REST), sees the move once the hand goes, and follows the whole game.
    (Before, it named the hand's squares while it rested: the test below.) ``twitching``: the
    hand twitches three times while it rests (a few pixels every half second at 30 frames a
    second); each twitch begins a new calm stretch, and a cell of the hand read unsure at one
    look may read surely at the next, but the camera still takes it for the same hand at rest
    (follower.ARM_TWITCH) and says nothing. Without that (``twitch`` False: as before session
    53) it named the twitching hand's squares while the hand still rested."""
    from companion.vision import follower

    monkeypatch.setattr(follower, "ARM_TWITCH", twitch)
    make = twitching_hand if twitching else resting_hand
    video = make(tmp_path, tune_video("clupso_a"), frame=8)
    app, worker = camera_app(video.frames, "it")
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    said = len(app.banners)
    pump(app, worker, 8 + 55)  # the hand still there, 55 frames into its rest
    assert screen.session.history == []
    if not twitch:
        assert screen.camera_doubt() and app.banners[said:], "the twitching hand was not named"
        return
    assert not screen.camera_doubt() and not screen.overlay_buttons
    assert app.banners[said:] == []
    save_screen(app, tmp_path / f"hand-{'twitching' if twitching else 'at-rest'}.png")  # looked at
    pump(app, worker)
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)
    assert not screen.overlay_buttons and app.banners[said:] == []


@pytest.mark.parametrize("times,named", [(60, True), (120, False)])
def test_a_hand_resting_after_the_first_move_names_squares_then_the_camera_finds_the_move(
        camera_app, tmp_path, monkeypatch, times, named):
    """clupso_a's first move made by a hand that rests over c1-d2 before leaving, long past
    ARM_REST (120 frames, ARM_REST's 90 calm frames at a folder's unknown frame rate), or two
    seconds with its squares named after HAND_WAIT looks (``named``: ARM_REST off, as before
    session 52): while it rests the camera names the squares to check (a banner, no
    question); once the hand goes it sees the move, plays it, and the banner goes with the
    doubt."""
    if named:
        from companion.vision import follower

        monkeypatch.setattr(follower, "ARM_REST", 0)
    video = resting_hand(tmp_path, tune_video("clupso_a"), frame=8, times=times)
    app, worker = camera_app(video.frames, "en")
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    check = wait_for_check(app, worker)
    assert screen.session.history == [] and not screen.overlay_buttons
    pump(app, worker)
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)
    assert not any(b.text.startswith(check) for b in app.banners)


def follow_to_the_end(app, worker, screen: GameScreen, video: Video, tmp_path: Path, move: int,
                      source: str) -> None:
    """Step the camera to the end of the video, its ``move``-th move entered by the referee
    (``source`` in the journal); a question asked meanwhile (about the resting hand's cells:
    never offering the move still to make) is cancelled, as the referee would, once at most.
    Every other move is the camera's, and the journal holds the game as touched."""
    cancelled = []
    while worker.step() is not None:
        app.tick()
        if screen.camera.asking():
            labels = [b.label for b in screen.overlay_buttons]
            made = len(screen.session.history)
            assert not any(label.endswith(screen.camera.describe(video.moves[made])[0])
                           for label in labels)
            cancelled.append(labels)
            tap(app, *screen.overlay_buttons[-1].rect.center)  # "Annulla" / "Cancel"
    assert len(cancelled) <= 1
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)
    sources = move_sources(screen.session.match)
    assert sources[move] == source and set(sources[:move] + sources[move + 1:]) == {"camera"}
    assert not screen.overlay_buttons


@pytest.mark.parametrize("frame,move,offered", [(8, 0, False), (52, 5, True)])
def test_a_move_entered_by_touch_while_the_hand_still_rests_and_the_camera_follows_on(
        camera_app, tmp_path, frame, move, offered, named_at_rest):
    """clupso_a with the hand that makes a move resting two seconds before it leaves, its
    squares named after HAND_WAIT looks (``named_at_rest``): the camera names squares to
    check, and the referee enters the move by touch while the hand is still there; or
    (``offered``) the camera offers the move made, and the referee takes it. The
    camera keeps the picture it agreed with the board, takes the touched move's cells as
    explained, and does not take the resting hand for a move: over d8 and e8 it looks
    like the queen's d8-e8, which may be asked about (the referee cancels it), never played.
    Every later move follows from the frames."""
    video = resting_hand(tmp_path, tune_video("clupso_a"), frame=frame)
    app, worker = camera_app(video.frames, "it")
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    wait_for_check(app, worker, screen)
    assert [h.text for h in screen.session.history] == video.moves[:move]
    target = video.moves[move]
    assert screen.camera.asking() == offered
    if offered:
        # clupso_a's 6th move, e3-e4, the hand resting over d7-e8 past it: since the change
        # meter takes each cell's slope of light out against the agreed picture, the hand's
        # cells read a shade less changed and the move made explains the picture best
        labels = [b.label for b in screen.overlay_buttons]
        assert len(labels) == 2 and labels[0].endswith(screen.camera.describe(target)[0])
        tap(app, *screen.overlay_buttons[0].rect.center)
    else:
        for cell in (target[:2], target[2:]):
            tap(app, *screen.view.cell_rect(cell).center)
    assert [h.text for h in screen.session.history] == video.moves[:move + 1]
    follow_to_the_end(app, worker, screen, video, tmp_path, move,
                      "camera_asked" if offered else "")


@pytest.mark.parametrize("frame,move", [(8, 0), (52, 5)])
def test_a_move_entered_by_touch_while_the_hand_rests_in_silence_and_the_camera_follows_on(
        camera_app, tmp_path, frame, move):
    """clupso_a with the hand that makes a move resting two seconds before it leaves: the
    camera waits in silence (follower.ARM_REST), and a referee who does not wait enters the
    move by touch while the hand is still there. The camera takes the touched move as made and
    does not take the resting hand for another: over d8 and e8 it looks like the queen's
    d8-e8, which may be asked about (the referee cancels it), never played. Every later move
    follows from the frames."""
    video = resting_hand(tmp_path, tune_video("clupso_a"), frame=frame)
    app, worker = camera_app(video.frames, "en")
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    said = len(app.banners)
    pump(app, worker, frame + 40)  # the hand resting, 40 frames into its two seconds
    assert [h.text for h in screen.session.history] == video.moves[:move]
    assert not screen.overlay_buttons and app.banners[said:] == []
    target = video.moves[move]
    for cell in (target[:2], target[2:]):
        tap(app, *screen.view.cell_rect(cell).center)
    assert [h.text for h in screen.session.history] == video.moves[:move + 1]
    follow_to_the_end(app, worker, screen, video, tmp_path, move, "")


def test_corners_the_camera_found_itself_are_not_made_a_calibration(tmp_path):
    """The camera worker with no calibration kept (the board found in the picture) tracks the
    nudged camera all the same, and keeps nothing in the store: only corners the referee
    calibrated are replaced by the corners moved with the camera."""
    from companion.rules import get_variant
    from companion.ui.vision.worker import CameraWorker
    from companion.vision.follower import occupancy
    from companion.vision.geometry import get_geometry

    video = tune_video("clupso_a")
    moved = bumped(tmp_path, video, frame=36, shift=(6, -4))
    store = tmp_path / "calibration.json"
    worker = CameraWorker(str(moved.frames), "8x8", store)
    worker.threaded = False
    start = get_variant("clupso").start_position()
    worker.expect_position(occupancy(start, get_geometry("8x8").cells))
    while worker.step() is not None:
        pass
    assert worker.reader is not None and worker.reader.tracked == 1
    assert not store.exists()


def shadowed_start(tmp_path: Path, video: Video, seed: int = 6) -> tuple[Video, list[int]]:
    """The video with a spotlight's hard-edged shadow over the board from before the game
    until halfway through its first move (``devbench.spotlit``), as the camera's folder, and
    the frame from which each true move stands."""
    import cv2

    from companion.vision.devbench import spotlit

    shaded, made = spotlit(next(v for v in devdata.videos("tune") if v.name == video.name),
                           seed)
    folder = tmp_path / "shadowed"
    folder.mkdir()
    for i, image in enumerate(shaded):
        cv2.imwrite(str(folder / f"frame_{i:04d}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 95])
    return Video(video.name, folder, video.corners, video.size, video.variant, video.moves), made


def camera_menu(app, screen: GameScreen) -> list[str]:
    """The camera button in the header: the labels of the menu it opens (a banner lying over
    the header is tapped away first, as the referee would)."""
    for _ in range(2):
        button = next(b for b in screen.buttons if b.label.endswith(app.t("board.camera.button")))
        tap(app, *button.rect.center)
        if screen.overlay_buttons:
            break
    return [b.label for b in screen.overlay_buttons]


@pytest.mark.parametrize("said,stale_kept,looks_only", [
    (True, False, False), (False, False, False), (False, True, False), (False, False, True)])
def test_a_board_learnt_under_a_shadow_the_referee_says_it_is_right_and_the_camera_follows_on(
        camera_app, tmp_path, monkeypatch, said, stale_kept, looks_only):
    """clupso_a with a spotlight's hard-edged shadow over half the board while the camera
    learns it, gone as the first move is made: every picture after differs from the one
    learnt along the shadow's edge, where nothing moved, and the camera names squares to check
    (before, it waited on them as an arm, silent for the whole game). The referee enters the
    moves made so far by touch (which settles the squares named), then says in the camera menu
    that the board is right: the camera starts again from the board as the screen shows it,
    the banner is gone, and every later move is the camera's. Not said (``said`` False): so
    many squares named, the camera reads the board until it shows the game
    (follower.STALE_NAMED) and follows the rest. The squares are named after four moves
    (the shadow's edge seen in a third calm stretch, follower.ARM_STRETCHES); before
    (``looks_only``, the arm's looks counted, not its calm stretches), after six, and the
    camera then asked once which moves were made meanwhile (d7-d6, or d7-d6 and e4xg6), the
    referee tapping the ones on the board. Before session 47 (``stale_kept``, the picture
    learnt kept as the agreed one), it named squares again at the next move (a1 h2 d7 h7 h8
    when this was written) and followed nothing more."""
    from companion.vision import follower

    if stale_kept:
        monkeypatch.setattr(follower, "STALE_NAMED", 0)
    if looks_only:
        monkeypatch.setattr(follower, "ARM_STRETCHES", 0)
    video, made = shadowed_start(tmp_path, tune_video("clupso_a"))
    app, worker = camera_app(video.frames, "en")
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    check = app.t("board.camera.check", squares="")
    seen = 0
    while not any(b.text.startswith(check) for b in app.banners):
        assert worker.step() is not None, "no square was ever named"
        app.tick()
        seen += 1
    assert screen.camera_doubt()
    standing = [m for m, frame in zip(video.moves, made) if frame < seen]
    assert len(standing) == (6 if looks_only else 4)
    if said:
        shown = pygame.Surface((800, 480))
        app.viewport.present(app.render(), shown)
        pygame.image.save(shown, str(tmp_path / "squares-named.png"))  # looked at
    for move in standing[len(screen.session.history):]:  # the referee enters them by touch
        for cell in (move[:2], move[2:]):
            tap(app, *screen.view.cell_rect(cell).center)
    assert [h.text for h in screen.session.history] == standing
    if not said:
        asked = []
        while worker.step() is not None:
            app.tick()
            seen += 1
            if screen.camera.asking():  # the referee taps the moves standing on the board
                done = len(screen.session.history)
                truth = ",".join(m for m, frame in zip(video.moves[done:], made[done:])
                                 if frame < seen)
                asked.append(truth)
                assert truth in screen.camera.candidates, (truth, screen.camera.candidates)
                tap(app, *screen.overlay_buttons[screen.camera.candidates.index(truth)]
                    .rect.center)
        sources = move_sources(screen.session.match)
        if stale_kept:
            assert not asked and sources == [""] * len(standing)
            assert any(b.text.startswith(check) for b in app.banners)
            return
        # (e4xg6 made as the board came calm; named after four moves, the board read once
        # they are entered shows the game, and nothing is left to ask)
        assert asked == (["d7d6,e4g6"] if looks_only else [])
        assert [h.text for h in screen.session.history] == video.moves
        answered = len(asked[0].split(",")) if asked else 0
        assert sources == [""] * len(standing) + ["camera_asked"] * answered + \
            ["camera"] * (len(video.moves) - len(standing) - answered)
        assert not any(b.text.startswith(check) for b in app.banners) and not screen.overlay_buttons
        return
    before = screen.camera.follower
    labels = camera_menu(app, screen)
    assert labels[:2] == [app.t("board.camera.follow_off"), app.t("board.camera.board_right")]
    tap(app, *screen.overlay_buttons[1].rect.center)
    assert screen.camera.follower is not before  # a new follower, the board's look learnt anew
    assert worker._pending.position is not None
    assert not screen.overlay_buttons and not screen.camera_doubt()
    assert not any(b.text.startswith(check) for b in app.banners)
    assert screen.message == app.t("board.camera.started_again") and screen.following
    save_screen(app, tmp_path / "started-again.png")  # looked at
    pump(app, worker)
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)
    assert move_sources(screen.session.match) == [""] * len(standing) + \
        ["camera"] * (len(video.moves) - len(standing))
    assert not any(b.text.startswith(check) for b in app.banners) and not screen.overlay_buttons


@pytest.mark.parametrize("lang,size", [("it", (800, 480)), ("en", (800, 480)),
                                       ("it", (1920, 1080)), ("en", (1920, 1080))])
def test_the_board_is_right_comes_first_in_the_camera_menu_while_squares_are_named(
        camera_app, tmp_path, lang, size):
    """The camera menu while following: "the board is right" after the switch; first while
    the camera names squares (clupso_a under the shadow, before the referee enters anything);
    not offered when not following."""
    video, _ = shadowed_start(tmp_path, tune_video("clupso_a"))
    app, worker = camera_app(video.frames, lang, size)
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    right = app.t("board.camera.board_right")
    assert right not in camera_menu(app, screen)
    tap(app, *screen.overlay_buttons[-1].rect.center)  # (Annulla)
    follow_on(app, screen)
    assert camera_menu(app, screen)[:2] == [app.t("board.camera.follow_off"), right]
    tap(app, *screen.overlay_buttons[-1].rect.center)
    wait_for_check(app, worker)
    assert screen.camera_doubt()
    assert camera_menu(app, screen)[:2] == [right, app.t("board.camera.follow_off")]
    shown = pygame.Surface(size)
    app.viewport.present(app.render(), shown)
    pygame.image.save(shown, str(tmp_path / f"board-right-menu-{lang}-{size[0]}.png"))  # looked at


def test_an_arm_resting_along_the_edge_its_move_entered_by_touch_a_move_it_seems_to_make_asked_and_cancelled(
        camera_app, tmp_path, named_at_rest):
    """clupso_a's 3rd move (a7-a6) made by an arm that lies along the a-file two seconds, its
    squares named after HAND_WAIT looks (``named_at_rest``): the camera names the squares to
    check, and the referee enters a7-a6 by touch while the arm is still there. Under the arm
    a3-a4 now explains what changed best, its squares unread: it
    was played once the picture had held still a moment (a false move); now the camera waits,
    then asks, offering it, and the referee cancels. The arm goes, and the camera follows the
    rest of the game from the frames."""
    video = resting_hand(tmp_path, tune_video("clupso_a"), frame=22)
    app, worker = camera_app(video.frames, "en")
    calibrate(app, video)
    screen = open_from_home(app, "clupso")
    follow_on(app, screen)
    wait_for_check(app, worker, screen)
    assert [h.text for h in screen.session.history] == video.moves[:2]
    assert not screen.camera.asking()
    target = video.moves[2]
    for cell in (target[:2], target[2:]):
        tap(app, *screen.view.cell_rect(cell).center)
    assert [h.text for h in screen.session.history] == video.moves[:3]
    while not screen.camera.asking():
        assert worker.step() is not None, "the camera never asked"
        app.tick()
    labels = [b.label for b in screen.overlay_buttons]
    assert len(labels) == 2 and labels[0].endswith(screen.camera.describe("a3a4")[0]), labels
    assert labels[-1] == app.t("board.cancel")
    shown = pygame.Surface((800, 480))
    app.viewport.present(app.render(), shown)
    pygame.image.save(shown, str(tmp_path / "arm-question.png"))  # looked at
    tap(app, *screen.overlay_buttons[-1].rect.center)
    assert [h.text for h in screen.session.history] == video.moves[:3]
    pump(app, worker)
    assert [h.text for h in screen.session.history] == video.moves
    assert board_moves(screen.session.match) == touched_record(tmp_path, "clupso", video.moves)
    sources = move_sources(screen.session.match)
    assert sources[2] == "" and set(sources[:2] + sources[3:]) == {"camera"}
    assert not screen.overlay_buttons
