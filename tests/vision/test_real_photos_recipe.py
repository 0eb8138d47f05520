"""Photos of a real board added to the cell network's training (``companion vision train --real
DIR TRUTH``, ``train.real_photos``): each photo's board found with its position, its cells
labelled from its FEN board field, a photo whose labels the network in use mostly does not
read there left out, the held-out photos never used; and a bad folder or truth file refused
before any training starts, named. (Measured in session 46 and not taken into the committed
network: see ``train.REAL_SIDE``.) Our renders stand in for the photos here."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from companion.rules import get_variant
from companion.vision import train
from companion.vision.follower import occupancy
from companion.vision.geometry import get_geometry
from companion.vision.synth import random_scene, render

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
AFTER = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR"  # after e2-e4, e7-e5


def _photo(folder, name: str, seed: int, moves: tuple[str, ...] = ()) -> np.ndarray:
    """Our render ``seed`` of the Magici start (``moves`` played), written as a JPEG photo:
    its true corners."""
    g = get_geometry("8x8")
    pos = get_variant("magici").start_position()
    for text in moves:
        pos.push(next(m for m in pos.legal_moves() if str(m) == text))
    rng = np.random.default_rng(seed)
    shot = render(random_scene(rng, g, max_tilt_deg=10),
                  {c: v for c, v in occupancy(pos, g.cells).items() if v != "."}, rng)
    cv2.imwrite(str(folder / name), shot.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return np.asarray(shot.corners, float)


def test_real_photos_are_labelled_from_their_fen_and_a_wrong_label_is_left_out(tmp_path):
    true = {"a.jpg": _photo(tmp_path, "a.jpg", 611, ("e2e4", "e7e5")),
            "b.jpg": _photo(tmp_path, "b.jpg", 612)}
    _photo(tmp_path, "z.jpg", 613)  # held out: never trained on
    truth = tmp_path / "truth.json"
    # b.jpg shows the start labelled as an empty board (half its cells read otherwise than
    # labelled, below REAL_AGREE): left out
    truth.write_text(json.dumps({"photos": {"a.jpg": AFTER, "b.jpg": "8/8/8/8/8/8/8/8",
                                            "z.jpg": START}, "held_out_from": "z"}))
    said: list[str] = []
    got = list(train.real_photos(tmp_path, truth, log=said.append))
    assert len(got) == 1
    image, g, corners, labels, ours = got[0]
    assert g.name == "8x8" and ours is False and max(image.shape[:2]) <= train.REAL_SIDE
    # labelled from the FEN (upper case light), cell by cell
    assert labels["e4"] == "w" and labels["e5"] == "b" and labels["e2"] == "." \
        and labels["e7"] == "." and sum(v != "." for v in labels.values()) == 32
    # the board found with its position: a1 where it is, within a quarter of a cell
    cell = np.linalg.norm(true["a.jpg"][1] - true["a.jpg"][0]) / 8
    assert np.abs(corners - true["a.jpg"]).max() < 0.25 * cell
    assert any("b.jpg" in line and "left out" in line for line in said)
    assert said[-1] == "  real photos: 1 used, 1 left out, 0 missing"


def test_bad_real_photos_are_refused_by_name_before_training(tmp_path, capsys):
    from companion.cli import main

    truth = tmp_path / "truth.json"
    truth.write_text(json.dumps({"photos": {"a.jpg": START, "b.jpg": "rnbqkbnr/pppppppp/9"}}))
    assert train.check_real(tmp_path, truth) == \
        f"{truth}: photo b.jpg: FEN board 'rnbqkbnr/pppppppp/9': 3 ranks, not 8"
    assert "no such folder" in train.check_real(tmp_path / "nowhere", truth)
    truth.write_text('{"photos": {"a.jpg": ')
    assert "not JSON (line 1" in train.check_real(tmp_path, truth)
    truth.write_text('{"boards": {}}')
    assert 'no "photos"' in train.check_real(tmp_path, truth)
    truth.write_text(json.dumps({"photos": {"a.jpg": START}, "held_out_from": 4805}))
    assert train.check_real(tmp_path, truth) == \
        f'{truth}: "held_out_from" must be a photo name, not 4805'
    truth.write_text(json.dumps({"photos": {"a.jpg": START}, "held_out_from": "a"}))
    assert "every photo is held out" in train.check_real(tmp_path, truth)
    # the wrong folder: none of the photos named is there
    truth.write_text(json.dumps({"photos": {"a.jpg": START, "b.jpg": START}}))
    assert train.check_real(tmp_path, truth) == \
        f"{tmp_path}: none of the photos {truth} names is there (first: a.jpg)"
    # the command line says so and trains nothing
    assert main(["vision", "train", "--real", str(tmp_path), str(truth)]) == 2
    assert 'companion vision: --real: ' in capsys.readouterr().err


@pytest.mark.parametrize("board", [START, AFTER + " w KQkq - 0 2"])
def test_a_full_fen_is_read_by_its_board_field(tmp_path, board):
    (tmp_path / "a.jpg").write_bytes(b"")
    truth = tmp_path / "truth.json"
    truth.write_text(json.dumps({"photos": {"a.jpg": board}}))
    assert train.check_real(tmp_path, truth) is None
