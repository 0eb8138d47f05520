"""Camera screens under test: folders of synthetic photos as the camera, the worker stepped by hand.

The frames are rendered once per test session (a few small sets), written as JPEGs to a folder
that the app's config names as its camera, exactly as a user would point it at one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pytest

from companion.config import CameraConfig
from companion.rules import get_variant
from companion.ui.screens.home import HomeScreen
from companion.ui.vision.worker import CameraWorker, SourceState, camera_for
from companion.vision.geometry import get_geometry
from companion.vision.synth import finish, random_scene, render_static
from companion.vision.synth.render import _kept, true_corners
from companion.vision.synth.video import occupancy_of

SEED = 9101  # the vision core's tests and benchmark use other seeds
CALM, HAND = 4, 2


@dataclass
class Footage:
    folder: Path
    corners: np.ndarray  # true corners of the playing area (frame pixels)
    truth: list[dict[str, str]]  # the occupancy of each calm stretch
    moves: list[str]
    size: tuple[int, int]


def _occupancies(moves: list[str], takeback: bool, variant: str = "magici") -> list[dict[str, str]]:
    pos = get_variant(variant).start_position()
    cells = pos.geometry.cells
    out = [occupancy_of(pos, cells)]
    for move in moves:
        pos.push(pos.parse_move(move))
        out.append(occupancy_of(pos, cells))
    if takeback:
        pos.pop()
        out.append(occupancy_of(pos, cells))
    return out


# Films are kept between tests of one process, to the byte: a stretch's frames (and the random
# state after them) are keyed by the seed, the frames a stretch has (tests change CALM) and
# every board up to the next one, so films sharing their first moves (most start 1. e4 from
# seed 9101) film them once. Bounded: the statics are
# 3.7 MB each (640x480 float32), a stretch's JPEGs about 0.3 MB.
_STATICS: dict[tuple, np.ndarray] = {}
_STRETCHES: dict[tuple, tuple[list[bytes], dict]] = {}
_KEPT_STATICS, _KEPT_STRETCHES = 16, 200  # at most about 60 + 60 MB a test process


def film(folder: Path, occupancies: list[dict[str, str]], seed: int) -> tuple[np.ndarray, tuple[int, int]]:
    """Calm frames of each occupancy, a hand between two, as numbered JPEGs in ``folder``."""
    import cv2

    rng = np.random.default_rng(seed)
    geometry = "11x10c" if len(occupancies[0]) > 64 else "8x8"
    scene = random_scene(rng, get_geometry(geometry), max_tilt_deg=15)
    folder.mkdir(parents=True, exist_ok=True)
    keys = [tuple(sorted(occ.items())) for occ in occupancies]

    def static(i: int) -> np.ndarray:
        return _kept(_STATICS, (seed, geometry, keys[i]),
                     lambda: render_static(scene, occupancies[i]), _KEPT_STATICS)

    def stretch(i: int) -> tuple[list[bytes], dict]:
        frames = [finish(scene, static(i), rng) for _ in range(CALM)]
        if i + 1 < len(occupancies):
            frames += [finish(scene, static(i) if k < HAND - 1 else static(i + 1), rng, hand=True)
                       for k in range(HAND)]
        jpegs = [cv2.imencode(".jpg", f, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes() for f in frames]
        return jpegs, rng.bit_generator.state

    n = 0
    for i in range(len(occupancies)):
        last = i + 1 == len(occupancies)
        jpegs, state = _kept(_STRETCHES, (seed, geometry, CALM, HAND, i, last, *keys[:i + 2]),
                             lambda: stretch(i), _KEPT_STRETCHES)
        rng.bit_generator.state = state
        for jpeg in jpegs:
            n += 1
            (folder / f"frame{n:04d}.jpg").write_bytes(jpeg)
    return np.asarray(true_corners(scene)), scene.size


def _footage(folder: Path, moves: list[str], takeback: bool = False, seed: int = SEED,
             variant: str = "magici") -> Footage:
    truth = _occupancies(moves, takeback, variant)
    corners, size = film(folder, truth, seed)
    return Footage(folder, corners, [{c: s.split(":")[0] for c, s in t.items()} for t in truth], moves, size)


@pytest.fixture(scope="session")
def still(tmp_path_factory) -> Footage:
    """One calm position (the start), a few frames."""
    return _footage(tmp_path_factory.mktemp("still"), [])


@pytest.fixture(scope="session")
def game(tmp_path_factory) -> Footage:
    """A short game: 1. e4 d5 2. exd5, with a hand making each move."""
    return _footage(tmp_path_factory.mktemp("game"), ["e2e4", "d7d5", "e4d5"])


@pytest.fixture(scope="session")
def takeback(tmp_path_factory) -> Footage:
    """1. e4, then the pawn goes back to e2."""
    return _footage(tmp_path_factory.mktemp("takeback"), ["e2e4"], takeback=True)


@pytest.fixture(scope="session")
def duere_game(tmp_path_factory) -> Footage:
    """Due Re: White's bishop c2 to e4 (a step with a 4, or a 6)."""
    return _footage(tmp_path_factory.mktemp("duere"), ["c2e4"], variant="duere")


@pytest.fixture(scope="session")
def camerlano_still(tmp_path_factory) -> Footage:
    """Camerlano's start on the 11x10 board with its two citadels."""
    return _footage(tmp_path_factory.mktemp("camerlano"), [], variant="camerlano")


@pytest.fixture
def camera_app(make_app, tmp_path):
    """An app whose camera is a folder; its worker is stepped by the test (no thread)."""

    def build(folder: Path | str, lang: str = "it", size: tuple[int, int] = (800, 480)):
        app = make_app(lang=lang, size=size)
        app.config = replace(app.config, camera=CameraConfig(source=str(folder)), data_dir=tmp_path / "data")
        app.push(HomeScreen(app))
        worker = camera_for(app)
        worker.threaded = False
        return app, worker

    return build


def pump(app, worker: CameraWorker, frames: int | None = None) -> int:
    """Step the worker (one frame each) and let the app take the results, as the loop would."""
    n = 0
    while frames is None or n < frames:
        result = worker.step()
        app.tick()
        if result is None or result.state is SourceState.ENDED:
            break
        n += 1
    return n


def save_true_corners(app, footage: Footage, geometry: str = "8x8") -> None:
    from companion.vision.store import CalibrationStore

    CalibrationStore(Path(app.config.data_dir) / "calibration.json").save(
        str(footage.folder), geometry, footage.size, footage.corners.tolist())
