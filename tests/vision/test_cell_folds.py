"""The photo cells' tune measure (two fixed folds of the vision-dev TUNE stills, one left out of
training and read) and the ensemble of cell networks (probabilities averaged)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision import devdata
from companion.vision.cellnet import CLASSES, MODEL, MODELS, CellNet, crops, member_path
from companion.vision.geometry import get_geometry
from companion.vision.synth import random_scene, render

pytestmark = pytest.mark.skipif(not CellNet.available(), reason="no committed cell network")


def test_the_two_folds_split_the_tune_stills_and_nothing_held_out():
    from companion.vision.train import FOLD_A, FOLD_B

    assert not set(FOLD_A) & set(FOLD_B)
    for name in FOLD_A + FOLD_B:
        assert int(name.split("_")[1]) % 3 == 0  # tune stills only (split.json)
    stills = devdata.stills("tune")
    if not stills:
        pytest.skip("vision-dev material absent")
    assert {s.name for s in stills} == set(FOLD_A) | set(FOLD_B)
    for fold in (FOLD_A, FOLD_B):  # both boards in each fold
        assert {s.truth["geometry"] for s in stills if s.name in fold} == {"8x8", "11x10c"}


def test_a_fold_left_out_is_left_out_of_the_training_data(monkeypatch):
    from companion.vision import train

    if not devdata.stills("tune"):
        pytest.skip("vision-dev material absent")
    monkeypatch.setattr(devdata, "videos", lambda role: [])
    kept = list(train.sources(0, log=lambda line: None, skip=train.FOLD_A))
    every = list(train.sources(0, log=lambda line: None))
    assert len(kept) == len(every) - len(train.FOLD_A)


def test_the_fold_score_reads_a_fold_as_the_app_reads_a_lone_photo():
    """(The committed network trained on every tune still: this figure is TUNED-ON; the tune
    measure comes from a network trained with the fold skipped.)"""
    from companion.vision.train import FOLD_B, fold_score

    if not devdata.stills("tune"):
        pytest.skip("vision-dev material absent")
    got = fold_score(MODELS, FOLD_B)
    assert got["cells"] > 800
    assert sum(got["errors"].values()) == got["cells"] - got["right"]
    assert got["right"] >= 0.99 * got["cells"] and 0 < got["loss"] < 0.1


def _shot(seed: int):
    rng = np.random.default_rng(seed)
    g = get_geometry("8x8")
    pieces = {c: ("w" if rng.random() < 0.5 else "b") for c in g.cells if rng.random() < 0.4}
    return g, render(random_scene(rng, g), pieces, rng)


def test_an_ensemble_averages_its_members_and_each_member_learns_the_board():
    g, shot = _shot(611)
    batch = crops(shot.image, g, shot.corners)
    one = CellNet.load(MODEL)
    two = CellNet.load([MODEL, MODEL])
    assert len(two.others) == 1
    assert np.allclose(two.probabilities(batch, 2), one.probabilities(batch, 2))
    labels = [shot.cells[c] for c in g.cells]
    two.calibrate(batch, labels)
    assert two.tuned is not None and two.others[0].tuned is not None
    one.calibrate(batch, labels)  # each member learns as a lone network would
    assert np.allclose(two.probabilities(batch), one.probabilities(batch))
    wrong = [c for c, k in zip(g.cells, two.probabilities(batch).argmax(axis=1))
             if CLASSES[int(k)] != shot.cells[c]]
    assert len(wrong) <= 1, wrong
    two.forget()
    assert two.tuned is None and two.others[0].tuned is None


def test_settling_a_lone_photo_leaves_no_member_tuned():
    g, shot = _shot(612)
    net = CellNet.load([MODEL, MODEL])
    p = net.settle(crops(shot.image, g, shot.corners), 2)
    assert np.allclose(p.sum(axis=1), 1)
    assert net.tuned is None and net.others[0].tuned is None


def test_members_beyond_the_first_are_named_after_it(tmp_path):
    assert member_path(tmp_path / "cellnet.onnx", 0) == tmp_path / "cellnet.onnx"
    assert member_path(tmp_path / "cellnet.onnx", 1) == tmp_path / "cellnet_1.onnx"
    assert MODELS[0] == MODEL and all(m.exists() for m in MODELS)


def test_vision_train_refuses_an_ensemble_of_no_network(capsys):
    from companion.cli import main

    assert main(["vision", "train", "--members", "0"]) == 2
    assert "--members" in capsys.readouterr().err
