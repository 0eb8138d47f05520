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

import pytest

from companion.core.journal import Journal
from companion.rules import VARIANT_NAMES
from companion.rules.session import BoardSession
from companion.ui.board import games  # noqa: F401  (registers the home tiles)
from companion.ui.board.screen import CAMERA_BUTTON, GameScreen
from companion.vision import devdata

from ..conftest import tap
from .conftest import pump

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


def board_moves(match) -> list[dict]:
    return [e.data for e in match.effective() if e.kind == "move"]


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
    tap(app, *CAMERA_BUTTON.center)
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
    assert questions == [] and not screen.overlay_buttons  # nothing asked ...
    assert [b.text for b in app.banners[said:]] == []  # ... and no square to check
    assert screen.following
