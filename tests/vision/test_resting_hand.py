"""A hand resting still over the board (issue #13): two moves in one look are a guess the
cells' reader must not deny.

vision-dev TUNE ``clupso_a`` with one frame held two seconds (``bench_vision --resting-hand``
holds every third hand frame so; the figures are on material looked at while this was made):
held at frame 65, the hand lifting the man on e4 to take f5 rests over e5-f8, nine cells
change, and the pair e4xg6xe8 then e6-e5 explained them best. Played, though the reader read
e4 as a light piece and e8 as empty (the chain leaves them empty and black): a false move, and
the game lost. A pair of moves a cell of which the reader surely reads otherwise than they leave
it is no longer played (``follower.PAIR_AGAINST``): the squares under the hand are named, the
referee enters e4xg6 by touch, and the camera follows the rest. Skips when
``../shared/vision-dev`` is absent.
"""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision import devbench, devdata

REST = 60  # frames the hand rests (two seconds at 30 frames a second)


def _rested(at: int) -> devbench.GameScore:
    videos = [v for v in devdata.videos("tune") if v.name == "clupso_a"]
    if not videos:
        pytest.skip("../shared/vision-dev is absent")
    video = videos[0]
    t = video.truth
    held, made = devbench.held_still(video, at, REST)
    moves = [devbench._engine_text(t, m) for m in t["moves"]]
    return devbench.follow_game(t["variant"], t["start_fen"], moves, iter(held),
                                np.asarray(t["corners"], float), f"clupso_a@{at}", made=made)


def test_a_hand_resting_mid_capture_is_not_taken_for_two_moves():
    now = _rested(65)
    assert now.false == 0, now.lines
    assert now.followed >= 11 and now.asked == 1, now.lines
    with devbench.pair_against_off():  # the follower before (the benchmark's peer)
        before = _rested(65)
    assert before.false == 1 and "false move e4g6e8" in " ".join(before.lines), before.lines
