"""How much each cell changed between two straightened pictures of the board, and where a
piece standing on a cell hides the cells behind it.

The comparison must shrug off what light does (a lamp dimmed, a cloud, a shadow drifting over
a corner of the board) and keep what a piece does (a shape appears, goes or is replaced):

- pictures are compared in log intensity, so a change of light is an offset, not a factor;
- the offset the whole board took, and then the offset of each cell's neighbourhood (a shadow
  covers several cells, a moved piece one), are taken out before the cell's own brightness
  and colour shift is measured;
- the cell's *structure* (its log picture minus its own mean) is compared too, with a noise
  floor, so a flat square stays flat under any light and a piece's outline counts fully.
  Against an agreed picture (not between frames in a row) each cell's own slope is taken out
  of it too: a shadow's soft edge lies across a cell as a slope of light. Someone standing by
  the table as the station started darkened part of the board while the camera learnt it;
  once they left, the cells their shadow's edge had crossed stayed changed against the picture
  learnt (a change of 1 counts) for the rest of the game. A piece's outline has some slope
  too: the structure left counts a little more (FLAT_SCALE), so that a piece moved changes
  its cells as much as before. On our renders 520-531 (looked at), each under a person's
  shadow: 40 cells changed by more than 1 and up to 2.65 before, 9 and 1.62 after; the
  cells of six moves on each (144) changed by a median of 5.4 both ways, a tenth of them
  below 3.1 before, 3.2 after (tests/vision/test_shadow_start.py).
  ``bench_vision --shadow-start`` measures it on held-out games (a real recording cut at its
  start, scholarsmate.avi, LOOKED AT, did so).

A piece standing on a cell rises, in the straightened picture, away from the camera's nadir:
:meth:`ChangeMeter.shadowed` names the cells behind it that its body may cover, so that a move
of a tall piece is not blamed on the cell behind.

>>> import numpy as np
>>> from companion.vision.geometry import get_geometry
>>> from companion.vision.view import BoardView
>>> g = get_geometry("8x8")
>>> view = BoardView.from_corners(g, [[0, 480], [480, 480], [480, 0], [0, 0]], (480, 480))
>>> meter = ChangeMeter(view)
>>> rng = np.random.default_rng(0)
>>> board = (rng.normal(120, 3, (view.top_size[1], view.top_size[0], 3))).clip(0, 255)
>>> a = meter.prepare(board.astype(np.uint8))
>>> b = meter.prepare((board * 0.6).astype(np.uint8))      # the light dims by 40 %
>>> float(meter.change(a, b).max()) < 0.5
True
>>> board2 = board.copy(); x, y = view.plane_to_top(np.array([4.5, 3.5])).astype(int)
>>> board2[y - 8 : y + 8, x - 8 : x + 8] = 30              # a dark piece on e4
>>> d = meter.change(a, meter.prepare(board2.astype(np.uint8)))
>>> g.cells[int(np.argmax(d))], float(d.max()) > 2
('e4', True)
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cached_property

import cv2
import numpy as np

from companion.vision.medians import log_pixels, median, nanmedian_rows
from companion.vision.view import BoardView

SUB = 12  # pixels per cell side in the pictures compared
INSET = 0.08  # share of a cell left out at each side (the grid lines, a slightly wrong corner)
NOISE = 0.05  # log-intensity noise floor of the structure comparison
STRUCT_SCALE = 0.30  # structure dissimilarity that counts as one unit of change
FLAT_SCALE = 0.27  # ... with each cell's slope taken out (a piece's outline has some slope)
SHIFT_SCALE = 0.10  # brightness shift (log) that counts as one unit of change
CHROMA_SCALE = 0.06  # colour shift (log chromaticity) that counts as one unit of change
PIECE_HEIGHT = 1.6  # cells: how tall the tallest piece may be, for what it hides
MOTION_RANK = 3  # the motion of a frame is its n-th largest cell change
# Each cell's own grain (frame-to-frame change on a still board) is learned from the last
# GRAIN_STEPS steps: in log intensity a dark piece trembles several times as much as a light
# square (our grainy Camerlano renders: 0.37 against 0.10), so a fixed limit on the largest
# cell change called such a board "moving" at every other frame
GRAIN_STEPS = 15  # steps kept (the median per cell shrugs off a hand over it for 7 of them)
GRAIN_LEAST = 2  # steps needed before a cell's own grain is used
GRAIN_STEP_MAX = 2.0  # a step whose motion is above this (a hand, a move) teaches no grain
GRAIN_TAIL = 6.0  # a cell's step less this many times its grain above the board's typical
# grain (a still cell's step flares up to ~7 times its median; a dark piece's grain 0.37
# against 0.10 takes 1.6 off, so its flares stay calm while a hand's 5 stays 3.4) ...
GRAIN_DAMP = 4.0  # ... but never below a quarter of the step
BASE_REACH = 0.55  # cells from a cell's centre to where its piece's body starts to rise


def _offsets() -> np.ndarray:
    """(pixels, 2): where a cell's compared pixels lie, in cells from its centre (along the
    files, along the ranks): a square grid of SUB a side, less INSET at each side."""
    k = np.arange(SUB) + 0.5
    keep = (k >= INSET * SUB) & (k <= (1 - INSET) * SUB)
    k = (k[keep] / SUB) - 0.5
    du, dv = np.meshgrid(k, k)
    return np.stack([du.ravel(), dv.ravel()], axis=1)


def _slopes() -> np.ndarray:
    """(2, pixels): the two slopes across a cell's compared pixels (:func:`_offsets`), each of
    mean 0 and length 1, and at right angles (the grid is symmetric about the centre)."""
    slopes = _offsets().T
    return slopes / np.linalg.norm(slopes, axis=1, keepdims=True)


SLOPES = _slopes()


def _read_only(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


@dataclass(frozen=True)
class Prepared:
    """One picture ready to compare: (cells, pixels, 3) log luminance and two chromaticities.

    Its sums are kept once made (a frame is compared with the one before, the next frame, the
    follower's reference pictures and the network's last read: four times or more), so its
    ``cells`` are read-only."""

    cells: np.ndarray

    def __post_init__(self) -> None:
        # seen read-only through it (the sums kept below would go stale); an array given
        # is the picture's from then on
        object.__setattr__(self, "cells", _read_only(self.cells.view()))

    @cached_property
    def means(self) -> np.ndarray:
        """(cells, 3): each cell's mean."""
        return _read_only(self.cells.mean(axis=1))

    @cached_property
    def structure(self) -> tuple[np.ndarray, np.ndarray]:
        """Each cell's log luminance less its own mean (cells, pixels), and its sum of
        squares (cells,): the cell's structure."""
        z = self.cells[..., 0] - self.cells[..., 0].mean(axis=1, keepdims=True)
        return _read_only(z), _read_only((z**2).sum(axis=1))

    @cached_property
    def flat(self) -> tuple[np.ndarray, np.ndarray]:
        """:attr:`structure` less each cell's own slope (a shadow's soft edge lying across a
        cell, a lamp's fall-off; a piece's outline has a little, see FLAT_SCALE). A picture
        of other pixels than a meter's cells, as a test may make, keeps its slope."""
        z, _ = self.structure
        if z.shape[1] == SLOPES.shape[1]:
            slopes = SLOPES.astype(z.dtype)
            z = z - (z @ slopes.T) @ slopes
        return _read_only(z), _read_only((z**2).sum(axis=1))

    def mean(self, others: "list[Prepared]") -> "Prepared":
        return Prepared(np.mean([p.cells for p in [self, *others]], axis=0))


class ChangeMeter:
    """Per-cell change between two pictures of the same view (any geometry, citadels too)."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        g = view.geometry
        self.cells = tuple(g.cells)
        S = view.cell_px
        self.factor = S / SUB
        w, h = view.top_size
        self.small_size = (int(round(w / self.factor)), int(round(h / self.factor)))
        centres = np.array([g.cell_centre(c) for c in self.cells])
        pts = centres[:, None, :] + _offsets()[None]  # (cells, pixels, 2)
        top = view.plane_to_top(pts) / self.factor
        sw, sh = self.small_size
        self.px = np.clip(np.floor(top[..., 0]).astype(np.intp), 0, sw - 1)
        self.py = np.clip(np.floor(top[..., 1]).astype(np.intp), 0, sh - 1)
        # neighbours (3x3, itself included) for the local light level
        index = {g.file_rank(c): i for i, c in enumerate(self.cells)}
        self.around = np.full((len(self.cells), 9), -1, np.intp)
        for i, c in enumerate(self.cells):
            f, r = g.file_rank(c)
            for j, (df, dr) in enumerate((a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)):
                self.around[i, j] = index.get((f + df, r + dr), -1)
        # the cells a piece on each cell may hide (its body rises along the lean)
        lean = view.lean(centres)
        self.hidden: list[frozenset[str]] = []
        names = {g.file_rank(c): c for c in self.cells}
        for i, c in enumerate(self.cells):
            behind = set()
            norm = float(np.linalg.norm(lean[i]))
            if norm > 1e-6:
                # from the far edge of the base, up to the top of the tallest piece
                edge = centres[i] + lean[i] / norm * BASE_REACH
                for t in np.linspace(0.0, 1.0, 12):
                    u, v = edge + lean[i] * PIECE_HEIGHT * t
                    name = names.get((int(np.floor(u)), int(np.floor(v))))
                    if name is not None:
                        behind.add(name)
            behind.discard(c)
            self.hidden.append(frozenset(behind))
        self._index = {c: i for i, c in enumerate(self.cells)}
        # the board's two square colours (a change of light may move them apart: see change())
        self.light = np.array([g.is_light(c) for c in self.cells], bool)
        self._steps: deque[np.ndarray] = deque(maxlen=GRAIN_STEPS)
        self._excess: np.ndarray | None = None  # per cell: grain above the typical cell's

    def around_cells(self, cells: "set[str] | frozenset[str]") -> set[str]:
        """The cells next to ``cells`` (diagonals too), where a moved piece's shadow, base or
        lean may also show."""
        out: set[str] = set()
        for c in cells:
            out |= {self.cells[j] for j in self.around[self._index[c]] if j >= 0}
        return out - set(cells)

    def shadowed(self, cells: "set[str] | frozenset[str]") -> set[str]:
        """The cells that pieces standing on ``cells`` may cover in the picture."""
        out: set[str] = set()
        for c in cells:
            out |= self.hidden[self._index[c]]
        return out - set(cells)

    def prepare(self, top: np.ndarray) -> Prepared:
        """A straightened picture (BGR, from :meth:`BoardView.warp`) ready to compare.

        Only the pixels compared (the cells' insides, a third of the shrunk picture) are
        taken to logs, a pixel's log looked up, and the three channels' mean summed in
        numpy's order: the same numbers, to the bit, as over the whole picture (a test
        checks); this is done on every frame."""
        small = cv2.resize(top, self.small_size, interpolation=cv2.INTER_AREA)
        small = cv2.GaussianBlur(small, (3, 3), 0.7)
        picked = small[self.py, self.px]
        log = log_pixels(picked, 8.0)
        if log.ndim == 2:
            log = np.repeat(log[..., None], 3, axis=2)
        lum = (log[..., 0] + log[..., 1] + log[..., 2]) / log.dtype.type(3)  # log.mean(axis=2)
        chroma = log[..., 2] - log[..., 1], log[..., 0] - log[..., 1]
        return Prepared(np.stack([lum, chroma[0], chroma[1]], axis=2))

    def change(self, before: Prepared, after: Prepared, squares: bool = True,
               flat: "bool | None" = None) -> np.ndarray:
        """Per cell (in geometry order), the change in units: ~0 unchanged, >= 1 changed.

        The whole board's change of light is taken out for light and dark squares apart
        (``squares``): a webcam's exposure or white balance step moves them differently where
        a channel is near its top (a pink square's red cannot rise, a green one's can), and
        half the board would change colour against the other half. Two frames in a row
        (:meth:`motion`) share their light: there one offset for the board is enough, and a
        grainy camera's frames stay calm. ``flat`` (by default as ``squares``: against an
        agreed picture, not between frames in a row, where what is motion and what is calm
        stays as it was tuned): each cell's slope of light is left out of its structure too
        (:attr:`Prepared.flat`), as a shadow's soft edge lying across it is."""
        delta = after.means - before.means  # (n, 3): each cell's mean shift
        if squares and self.light.any() and (~self.light).any():
            for part in (self.light, ~self.light):
                delta[part] -= median(delta[part], axis=0)
        else:
            delta = delta - median(delta, axis=0)  # the whole board's change of light
        # the neighbourhood's shift (a shadow spans cells; a piece changes one or two)
        near = np.where((self.around >= 0)[..., None], delta[np.clip(self.around, 0, None)],
                        np.nan)
        local = nanmedian_rows(near)
        resid = delta - local
        shift = np.abs(resid[:, 0]) / SHIFT_SCALE
        chroma = np.linalg.norm(resid[:, 1:], axis=1) / CHROMA_SCALE
        flat = squares if flat is None else flat
        (za, sa), (zb, sb) = (before.flat, after.flat) if flat else \
            (before.structure, after.structure)
        p = za.shape[1]
        # the camera's own noise, from the cells that did not change (most of them): its
        # expected share of the difference is taken out, so a grainy webcam stays calm
        diff = ((za - zb) ** 2).sum(axis=1)
        grain = float(median(diff))
        struct = np.maximum(diff - grain, 0) / (sa + sb + p * NOISE**2)
        return np.maximum(struct / (FLAT_SCALE if flat else STRUCT_SCALE),
                          np.maximum(shift, chroma))

    def step(self, before: Prepared, after: Prepared) -> np.ndarray:
        """Per cell, the change between two frames in a row (or two calm pictures of the same
        stretch), each cell's less the tremble of its own grain above the board's typical
        cell's (learned by :meth:`motion`): a trembling dark piece counts as much as a calm
        light square, a piece moved or a hand still nearly fully."""
        return self._steady(self.change(before, after, squares=False))

    def _steady(self, raw: np.ndarray) -> np.ndarray:
        if self._excess is None:
            return raw
        return np.maximum(raw - GRAIN_TAIL * self._excess, raw / GRAIN_DAMP)

    def motion(self, before: Prepared, after: Prepared, learn: bool = True) -> float:
        """How much the board moved between two frames (units): the third largest cell
        :meth:`step`, since a hand covers several cells while noise may flare up on one or
        two. Steps of a still board (``learn``: frames in a row of one camera) teach each
        cell's own grain."""
        raw = self.change(before, after, squares=False)
        motion = float(np.partition(self._steady(raw), -MOTION_RANK)[-MOTION_RANK])
        if learn and motion <= GRAIN_STEP_MAX:
            # (this step is one of those learnt from: the grain is known from the video's
            # third frame on, and a game filmed from its first calm frames is judged at once)
            self._steps.append(raw)
            if len(self._steps) >= GRAIN_LEAST:
                grain = np.median(np.array(self._steps), axis=0)
                self._excess = np.maximum(grain - float(np.median(grain)), 0.0)
                motion = float(np.partition(self._steady(raw), -MOTION_RANK)[-MOTION_RANK])
        return motion
