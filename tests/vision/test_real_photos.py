"""Photos named by their positions (public sets of real boards name them so): the loader, its
refusals, and the benchmark's reading of such a folder, end to end on two of our renders."""

import cv2
import numpy as np
import pytest

from benchmarks import bench_vision
from companion.vision import devdata
from companion.vision.geometry import get_geometry
from companion.vision.synth import random_scene, render

AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"


def test_photos_are_named_by_their_positions_with_any_rank_separator(tmp_path):
    png = cv2.imencode(".png", np.zeros((8, 8, 3), np.uint8))[1].tobytes()
    for name in (devdata.START_8X8.replace("/", ":") + ".jpeg",
                 AFTER_E4.replace("/", "-") + ".PNG", "8_8_8_8_8_8_8_K7.jpg"):
        (tmp_path / name).write_bytes(png)
    (tmp_path / "notes.txt").write_text("not a photo")
    photos, refused = devdata.fen_photos(tmp_path)
    assert refused == []
    by_name = {p.name: p.occupancy for p in photos}
    assert by_name[AFTER_E4.replace("/", "-")]["e4"] == "w"
    assert by_name[AFTER_E4.replace("/", "-")]["e2"] == "."
    assert by_name["8_8_8_8_8_8_8_K7"]["a1"] == "w"
    assert sum(v != "." for v in by_name["8_8_8_8_8_8_8_K7"].values()) == 1


@pytest.mark.parametrize("name, why", [
    ("holiday.jpg", "1 ranks, not 8"),
    ("rnbqkbnr:pppppppp:8:8:8:8:PPPPPPPP.jpg", "7 ranks, not 8"),
    ("rnbqkbnr:pppppppp:8:8:8:9:PPPPPPPP:RNBQKBNR.jpg", "rank 3: more than 8 files"),
    ("rnbqkbnr:pppppppp:8:8:7:8:PPPPPPPP:RNBQKBNR.jpg", "rank 4: 7 files, not 8"),
    ("rnbqkbnr:pppppppp:8:8:8:8:PPPPPPPP:RNBQKBNX.jpg", "rank 1: 'X' is no piece"),
])
def test_a_photo_not_named_by_a_position_is_refused_by_name(tmp_path, name, why):
    cv2.imwrite(str(tmp_path / name), np.zeros((8, 8, 3), np.uint8))
    photos, refused = devdata.fen_photos(tmp_path)
    assert photos == []
    assert len(refused) == 1 and refused[0].startswith(f"{name}: not named by a position")
    assert why in refused[0]


@pytest.mark.slow
def test_the_benchmark_reads_named_photos_learns_their_start_and_follows_them(
        tmp_path, capsys):
    g = get_geometry("8x8")
    rng = np.random.default_rng(7)
    scene = random_scene(rng, g, max_tilt_deg=10.0)
    for fen in (devdata.START_8X8, AFTER_E4):
        occ = devdata.fen_occupancy(fen)
        shot = render(scene, {c: v for c, v in occ.items() if v != "."}, rng)
        cv2.imwrite(str(tmp_path / (fen.replace("/", ":") + ".png")), shot.image)
    bench_vision.bench_real_photos(str(tmp_path), 640)
    out = capsys.readouterr().out
    assert "2 photos at 640 px" in out
    assert "after learning the board from its start photo (the 1 others" in out
    learnt = out.split("after learning the board")[1]
    assert "(64/64), whole boards 1/1" in learnt
    bench_vision.bench_real_chains(str(tmp_path), 640)
    out = capsys.readouterr().out
    assert "1 moves (e2e4), corners given: 1 followed, 0 false, 0 asked" in out
    assert "1 moves (e2e4), board found: 1 followed, 0 false, 0 asked" in out
