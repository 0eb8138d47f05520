"""A person's shadow over the board while the camera learns it (someone standing by the table
as the station starts), gone before the first move: the effect that films it, and what it
still does to the camera (known, issue #13, session 36).

``bench_vision --shadow-start`` measures it on held-out games (0936a28: 89/96 moves followed
under the shadow against 93/96 without, 0 false). The cause: the change meter compares each
cell's structure less its mean only, and a shadow's soft edge lying across a cell is a slope
of light, counted as change against the picture learnt for the rest of the game. Taking each
cell's slope out as well (and agreeing a calm picture changed only in light before the first
move) fixed the tests marked xfail below and the benchmark (95/96 under the shadow), but
weakened the exchange seen by shape, the resting hand and the fading doubts the follower
was tuned on (seven tests failed): not landed. These tests use our renders (seeds below
1000).
"""

from __future__ import annotations

import numpy as np
import pytest

from companion.rules import get_variant
from companion.vision.change import ChangeMeter
from companion.vision.follower import ChangeFollower, occupancy
from companion.vision.geometry import geometry_for_cells, get_geometry
from companion.vision.reader import Reader
from companion.vision.synth import finish, random_scene, render_static
from companion.vision.synth.render import true_corners
from companion.vision.synth.video import game_frames
from companion.vision.synth.webcam import shadow_at_start, shadow_mask
from companion.vision.view import BoardView

MOVES = ["e2e4", "e7e5", "g1f3", "b8c6"]


def _start(seed: int, pieces: "dict[str, str] | None" = None) -> tuple:
    """Two frames of the Magici start (rendered from ``seed``; ``pieces`` changed on the
    second), the first under a person's shadow, and the meter of their view."""
    g = get_geometry("8x8")
    rng = np.random.default_rng(seed)
    scene = random_scene(rng, g, max_tilt_deg=15)
    start = occupancy(get_variant("magici").start_position(), g.cells)
    a = finish(scene, render_static(scene, start), rng)
    b = finish(scene, render_static(scene, {**start, **(pieces or {})}), rng)
    view = BoardView.from_corners(g, true_corners(scene), (a.shape[1], a.shape[0]))
    light = shadow_mask(a.shape, np.random.default_rng([seed, 11]))[..., None]
    shaded = np.clip(a.astype(np.float32) * light, 0, 255).astype(np.uint8)
    meter = ChangeMeter(view)
    return meter.change(meter.prepare(view.warp(shaded)), meter.prepare(view.warp(b))), g


def _film(seed: int, calm: int = 6, hand: int = 2) -> tuple[list, list[bool]]:
    """Our render of MOVES from the Magici start (``synth.video.game_frames``), and which
    frames show a hand."""
    rng = np.random.default_rng(seed)
    pos = get_variant("magici").start_position()
    scene = random_scene(rng, geometry_for_cells(list(pos.geometry.cells)), max_tilt_deg=15)
    frames = list(game_frames(scene, pos, MOVES, rng, calm, hand))
    flags = ([False] * calm + [True] * hand) * len(MOVES) + [False] * calm
    return frames, flags


def _follow(frames: list) -> tuple[list[str], ChangeFollower]:
    pos = get_variant("magici").start_position()
    reader = Reader(geometry_for_cells(list(pos.geometry.cells)))
    follower = ChangeFollower(pos)
    events: list[str] = []
    for frame in frames:
        events += [str(e) for e in follower.feed(reader.read(frame))]
    return events, follower


def test_the_shadow_darkens_the_first_frames_then_fades_and_the_game_follows_as_filmed():
    frames, flags = _film(531)
    shaded = shadow_at_start(frames, flags, 10.0, 531)
    held, fading = 15, 3  # 1.5 s and 0.3 s at 10 frames a second
    assert len(shaded) == held + fading + len(frames)
    assert all(a is b for a, b in zip(shaded[held + fading:], frames))  # the game as filmed
    darker = [float(frames[i % (flags.index(True) - 2)].mean() - shaded[i].mean())
              for i in range(held + fading)]
    assert min(darker[:held]) > 5  # under the shadow, every frame held
    assert darker[held] < darker[0] and abs(darker[-1]) < 0.01  # fading out, gone


@pytest.mark.xfail(strict=True, reason="known: a soft shadow's edge counts as change")
def test_a_soft_shadow_gone_from_the_board_is_no_change():
    change, _ = _start(524)  # (third largest cell change 2.48; a change of 1 counts)
    assert float(np.partition(change, -3)[-3]) < 1.0


@pytest.mark.xfail(strict=True, reason="known: moves after the shadow are asked as runs")
def test_moves_after_a_shadow_that_lay_over_the_board_as_it_was_learnt_are_followed():
    frames, flags = _film(540)
    events, _ = _follow(shadow_at_start(frames, flags, 10.0, 540))
    assert events == MOVES
