"""Doubts the camera must not sit on: a move that one cell clearly denies is no rival, and a
start picture that does not show the known position is no move.

Cuts of TUNE renders (test seeds < 1000 and band seeds 1000-1009 are tunable)."""

from __future__ import annotations

import numpy as np

from companion.rules import get_variant
from companion.vision import devbench
from companion.vision.geometry import geometry_for_cells
from companion.vision.synth import random_scene
from companion.vision.synth.video import game_frames, random_game


def _render_cut(variant: str, seed: int, plies: int, upto: int
                ) -> tuple[devbench.GameScore, list[str]]:
    rng = np.random.default_rng(seed)
    pos = get_variant(variant).start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    truth = random_game(pos, plies, rng)[:upto]
    scene = random_scene(rng, g)
    return devbench.follow_game(variant, None, truth, game_frames(scene, pos, truth, rng),
                                None, f"{seed} {variant}"), truth


def test_castling_denied_by_its_unchanged_king_is_no_rival_of_the_rook_move():
    """TUNE render 1000 (Magici), 16 moves: the rook's h1f1 changed h1, g1 (its shade) and f1;
    castling e1g1 scored as well, though e1 did not change and is read surely as holding the
    king. The tie was never asked about: the camera waited, silent, while moves piled up, and
    the last six were never seen."""
    score, truth = _render_cut("magici", 1000, 20, 16)
    assert truth[14] == "h1f1"
    assert (score.followed, score.false, score.asked) == (16, 0, 0), score.lines
