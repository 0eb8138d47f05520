"""Films that more than one test watches, made once per test process.

The tests sharing one are marked ``xdist_group`` with its name, so that under ``pytest -n N
--dist loadgroup`` (as ``make test`` runs them) they run in one process and film it once.
Frames are read-only: a test cannot change what the next one sees.
"""

from __future__ import annotations

from functools import lru_cache

MAGICI_WEBCAM = "magici-6-7-webcam-1"  # the group of the tests that watch magici_webcam_game()


@lru_cache(maxsize=1)
def magici_webcam_game():
    """Our render seed 7 (a Magici game of 6 moves, a test seed) filmed by the club webcam
    with every effect (webcam seed 1): (the film, its moves, its start FEN)."""
    from companion.vision.synth.webcam import clip_of_game, webcam

    clip, truth, fen = clip_of_game("magici", 6, 7)
    out = webcam(clip, 1)
    for frame in out.frames:
        frame.setflags(write=False)
    return out, tuple(truth), fen


FAST_RUN = "magici-fast-run-611"  # the group of the tests that watch fast_game() films


def fast_game(variant: str, moves: list[str], seed: int, between: "int | list[int]",
              **more) -> list:
    """``synth.video.fast_game_frames`` with these arguments, filmed once per process (its
    frames read-only)."""
    return list(_fast_game(variant, tuple(moves), seed,
                           tuple(between) if isinstance(between, list) else between,
                           tuple(sorted(more.items()))))


@lru_cache(maxsize=4)
def _fast_game(variant, moves, seed, between, more) -> tuple:
    from companion.vision.synth.video import fast_game_frames

    frames = fast_game_frames(variant, list(moves), seed,
                              list(between) if isinstance(between, tuple) else between, **dict(more))
    for frame in frames:
        frame.setflags(write=False)
    return tuple(frames)
