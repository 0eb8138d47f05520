"""Synthetic game videos: a game played on a rendered board, with hands making the moves.

Every position is shown calm for a few frames; between positions a hand reaches in for a few
frames. The ground truth is the list of moves.

>>> import numpy as np
>>> from companion.rules import get_variant
>>> from companion.vision.geometry import get_geometry
>>> from companion.vision.synth import random_scene
>>> pos = get_variant("magici").start_position()
>>> game = random_game(pos, 2, np.random.default_rng(0))
>>> len(game)
2
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from companion.vision.synth.render import finish, render_static
from companion.vision.synth.scene import Scene


def random_game(position: Any, plies: int, rng: np.random.Generator) -> list[str]:
    """Up to ``plies`` random legal moves from ``position`` (left unchanged), as text."""
    moves: list[Any] = []
    for _ in range(plies):
        legal = position.legal_moves()
        if not legal:
            break
        move = legal[int(rng.integers(len(legal)))]
        position.push(move)
        moves.append(move)
    for _ in moves:
        position.pop()
    return [str(m) for m in moves]


def occupancy_of(position: Any, cells: tuple[str, ...]) -> dict[str, str]:
    """Cell -> "w:kind" / "b:kind" / "." (the renderer draws each kind with its own shape)."""
    from companion.vision.follower import occupancy

    occ = occupancy(position, cells)
    out = {}
    for cell, state in occ.items():
        piece = position.piece_at(cell) if state != "." else None
        kind = getattr(piece, "kind", "") if piece is not None else ""
        out[cell] = f"{state}:{kind}" if kind else state
    return out


def game_frames(
    scene: Scene, position: Any, moves: list[str], rng: np.random.Generator,
    calm: int = 5, hand: int = 3,
) -> Iterator[np.ndarray]:
    """Frames of ``moves`` played from ``position`` (which is left unchanged)."""
    cells = scene.geometry.cells
    played = 0
    try:
        static = render_static(scene, occupancy_of(position, cells))
        for i in range(len(moves) + 1):
            for _ in range(calm):
                yield finish(scene, static, rng)
            if i == len(moves):
                break
            after = render_static(scene, _after(position, moves[i], cells))
            for k in range(hand):
                yield finish(scene, static if k < hand - 1 else after, rng, hand=True)
            position.push(position.parse_move(moves[i]))
            played += 1
            static = after  # the board after the move is the next calm one
    finally:
        for _ in range(played):
            position.pop()


def fast_game_frames(variant: str, moves: list[str], seed: int, between: "int | list[int]",
                     lead: int = 15, hold: int = 40, fen: str | None = None,
                     kinds: bool = False) -> list[np.ndarray]:
    """A fast game: the start (or ``fen``) held ``lead`` frames, each move made by a hand over 3
    frames and followed by only ``between`` calm frames (a camera that wants half a second of
    calm sees none; a list: each move's own, but the last's), the last position held ``hold``
    frames. A board tilted up to 15 degrees. ``kinds``: each piece drawn with its kind's shape
    (else by its side's colour only)."""
    from companion.rules import get_variant
    from companion.vision.follower import occupancy
    from companion.vision.geometry import geometry_for_cells
    from companion.vision.synth.scene import random_scene

    rng = np.random.default_rng(seed)
    pos = get_variant(variant).from_fen(fen) if fen else get_variant(variant).start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    look = occupancy_of if kinds else occupancy
    scene = random_scene(rng, g, max_tilt_deg=15)
    static = render_static(scene, look(pos, g.cells))
    frames = [finish(scene, static, rng) for _ in range(lead)]
    for i, text in enumerate(moves):
        frames += [finish(scene, static, rng, hand=True) for _ in range(3)]
        pos.push(pos.parse_move(text))
        static = render_static(scene, look(pos, g.cells))
        calm = between if isinstance(between, int) else between[i] if i < len(between) else 0
        frames += [finish(scene, static, rng) for _ in range(hold if i == len(moves) - 1
                                                             else calm)]
    return frames


def _after(position: Any, move: str, cells: tuple[str, ...]) -> dict[str, str]:
    position.push(position.parse_move(move))
    occ = occupancy_of(position, cells)
    position.pop()
    return occ


def write_frames(frames: Iterator[np.ndarray], folder: str | Path) -> int:
    """Write frames as numbered JPEGs (a folder source reads them back in order)."""
    import cv2

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    for n, frame in enumerate(frames, 1):
        cv2.imwrite(str(folder / f"frame{n:05d}.jpg"), frame)
    return n
