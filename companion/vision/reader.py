"""The camera's reading of a board, frame after frame, for a screen or the command line.

>>> import numpy as np
>>> from companion.vision.geometry import get_geometry
>>> from companion.vision.synth import random_scene, render
>>> g = get_geometry("8x8")
>>> scene = random_scene(np.random.default_rng(3), g)
>>> shot = render(scene, {"d1": "w", "d8": "b"}, np.random.default_rng(4))
>>> reader = Reader(g)
>>> r = reader.read(shot.image)
>>> r.status.name, r.cells["d1"].value, r.cells["d8"].value, r.cells["e4"].value
('OK', 'w', 'b', '.')
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from companion.vision.calibration import find_board, grid_score, orient, shows
from companion.vision.change import ChangeMeter, Prepared
from companion.vision.classify import CellEvidence, CellSampler, classify, signature
from companion.vision.geometry import BoardGeometry, CellState
from companion.vision.presence import Presence, PresenceDetector
from companion.vision.view import BoardView

MOVED_RATIO = 0.4  # grid score below this share of the calibrated one: the camera moved
# ... for this many calm frames in a row: a hand resting still over the board (frame to frame
# hardly a change, the grid hidden) is no moved camera; once taken for one, the board was looked
# for again under the hand and found wrong, and the game was lost (a real webcam's recording
# made darker, bench_vision --variants, derived from LOOKED AT footage: three such frames at
# 20 fps, 0.15 s, where the recording as it is had two; 0/7 followed, now 7/7). 8 frames are
# 0.4 s at 20 fps, 1.6 s for a reader that takes one frame in four
MOVED_FRAMES = 8
# largest cell change (ChangeMeter units: ~0.1 noise, >= 1 a piece) between two frames that
# still counts as calm; set on the tune videos of vision-dev (calm frames up to 0.77, a hand
# over the board 4 and more)
MOTION_CALM = 1.0
# A grainy camera's frame-to-frame change sits close to MOTION_CALM on a board nobody touches,
# so the calm limit rises with this camera's own grain: GRAIN_OVER times a low share
# (GRAIN_SHARE) of the last GRAIN_FRAMES changes, never above MOTION_CALM_MAX (a hand over the
# board changes 3.5 and more; set on tune render seeds 5000-5039)
GRAIN_FRAMES = 60
GRAIN_SHARE = 20  # percentile
GRAIN_OVER = 1.5
MOTION_CALM_MAX = 2.0
# A calm frame after a change: the network reads again the cells whose crop takes pixels from
# a cell that changed since it last read them (cellnet.crop_reach: a crop spans 2.4 cells,
# moved a quarter of a cell up the lean and turned with it) and those last read unsure
# (REREAD_UNSURE), the others keep their reading; when more than this share of the board must
# be read again (a cloth lifted, the pieces set up again; or most of it read unsure, a board
# not learnt yet in a dim light: the whole costs about as much), all of it is. (A change of
# light over the whole board is no change: see ChangeMeter)
REREAD_MOST = 0.5
# ... and a cell last read unsure is read again at every calm frame, changed or not: it may
# have been read while the picture still settled (the hand's shadow going, a piece just set
# down), or under a passing shadow the change meter shrugs off as light, and kept so it read
# unsure, or as the other set, for as long as nothing near it changed (a real webcam's
# recording turned a quarter, LOOKED AT: the queen read unsure on h5 for 40 frames, where the
# whole board read afresh read her surely; its first four moves were asked as one run, not
# followed)
REREAD_UNSURE = True
PHOTO_TURNS = 2  # a lone photo's crops are read twice (as seen and mirrored) and averaged
RELATIVE = True  # a lone photo is read relative to its own surely read cells (CellNet.settle)
SURE = 0.75  # the network's probability below which a cell counts as unsure
REORIENT_EVERY = 10  # frames between two tries at turning a found board to the position
# calm frames of a found board that does not show the known position before the board is looked
# for again with it (a board found before the game's position was told, or through a hand),
# the wait doubling after each look up to REFIND_MAX (a look takes 0.5-2 s here)
REFIND_AFTER = 20
REFIND_MAX = 320
# ... and the board found then is used when it reads this much more of the position than the
# one in use (an empty board, still to be set up, reads half of a start through any grid)
REFIND_GAIN = 0.1
LEARN_AGREE = 0.85  # share of cells read as the known position for the reader to learn the board
# ... and share of the cells holding a piece (in the position or as read) read as the position:
# a board found a rank off, or turned, in a game with few pieces left still agrees on most
# (empty) cells, never on its pieces; such a board is refused, not followed
LEARN_PIECES = 0.8
# A board whose pieces stand where the position has them (both shares above, reading only piece
# or empty) is learnt from too when the network's light-against-dark odds order the position's
# light pieces above its dark ones in at least this share of their pairs (odds of 2 to 1): a
# real set of light wood standing on brown squares in a dim room was read dark on half its
# cells, never learnt, and nothing of the game was followed (a real overhead webcam game,
# see bench_vision); the colours still tell a board turned half round (an opening looks alike
# both ways), whose order is below a half
LEARN_ORDER = 2 / 3
# Cells read surely empty where the position to learn has a piece, or surely holding one where
# it has none: so many, the board moved on (three moves or more made on it, mostly; a capture by
# a jump and a move may change as many) and is not learnt from (see moved_on; a board with fewer
# is learnt, and a move or two on it found by the follower on the frame learnt from, see
# follower.AHEAD_LEAST)
LEARN_MOVED = 5
# A camera nudged while following (the table bumped, a clamp slipping a little): the board
# slides a few pixels in the picture and every cell looks changed against the picture agreed
# with the game. From about a tenth of a cell the grid no longer lies on the board's lines
# (MOVED_RATIO): the camera was taken for moved after MOVED_FRAMES frames, said so, and the
# game went on by touch until the camera found it again; the follower alone (no such pick-up)
# lost the moves after it (held-out vision-dev videos nudged 4 px after their 4th move: 26 of
# 36 moves followed; 8 px: 10 of 36). A board learnt is tracked instead: at calm frames the
# picture round the board (its bounding box and a cell more each way, TRACK_SIDE pixels long)
# is registered against the same region of the frame the tracking started from (phase
# correlation), and a shift of TRACK_MIN to TRACK_MAX cell, seen the same (within TRACK_AGREE
# cell) at TRACK_CONFIRM calm looks in a row, moves the corners by it, if the board's lines
# then fit at least as well as through the corners in use (a person moving beside the board
# shifts the registration, never the lines). The change meter is kept (the follower's agreed
# pictures still hold), and the tracking starts again from the frame moved at (the frames
# before it, since the nudge, were read through the corners as they were: the follower's calm
# stretch starts again where the picture jumps back). Larger jumps stay the camera
# moved (not tracked: a registration against squares that repeat every cell could land a
# square aside; not measured). Corners carrying a lens are not tracked (a lens bends about its
# own centre). The app's camera worker keeps the corners moved in place of calibrated ones.
# The look a board was learnt with may not fit it for long: learnt from a frame with a hand
# over squares, paused long enough to pass for calm (the hand's look taught as the pieces
# under it), or under the shadows of people passing. Told the game's position (an answer, a
# move entered by touch: tell), the reader learns the board again from the next frame calm
# against the two before it that reads, in part and then whole, as that position (see
# Reader._shows_told; and shows it well enough to learn from: shows_position). Before, a real
# webcam's recording read every 3rd frame learnt the board from a frame with the hand making
# e2-e4 (the only calm ones before it were the recording's first, half made, and the next),
# read two light pawns dark for the rest of the game, and followed nothing after the first
# four moves were answered; cut 0.7 s into it (shadows over the frames learnt from), f1-c4
# and g8-f6 were asked about after the answer, not entered (bench_vision --variants, derived
# from LOOKED AT footage). Only when the frame learnt from read squares otherwise than the
# position in what stands on them (session 43's first step), the cut recording gained nothing
RELEARN = True
RELEARN_LOOKS = 60  # frames read whole for it that did not show the position well enough,
# at most, after each position told (a board read in part as the position, but not whole;
# or never showing it: a move entered by touch, not made yet), so that a board never learnt
# again is read in part as before
RELEARN_RECOLOURED = 2  # squares a piece has come to since the board was learnt that the
# frame learnt again from may read surely as a piece of the other colour, at most (a board
# learnt under a hand reads a light piece dark: the real recording read every 3rd frame at
# half its size read the queen come to h5 dark, and no frame was ever learnt again from; a
# piece turned on a square it stood on still has to read in its new colour)
TRACK = True
TRACK_MIN = 0.08  # cell
TRACK_MAX = 0.45  # cell
TRACK_AGREE = 0.03  # cell
TRACK_CONFIRM = 2
TRACK_RESPONSE = 0.1  # phase correlation peak below this: the pictures do not tell
TRACK_SIDE = 320  # pixels of the long side the region round the board is registered at


def _track_picture(frame: np.ndarray, box: "tuple[int, int, int, int]") -> np.ndarray:
    """The region ``box`` (x0, y0, x1, y1) of a frame, grey, float, TRACK_SIDE pixels long at
    most (see TRACK)."""
    import cv2

    x0, y0, x1, y1 = box
    part = frame[y0:y1, x0:x1]
    grey = part if part.ndim == 2 else cv2.cvtColor(part, cv2.COLOR_BGR2GRAY)
    scale = min(1.0, TRACK_SIDE / max(grey.shape))
    return cv2.resize(grey, (max(1, round(grey.shape[1] * scale)),
                             max(1, round(grey.shape[0] * scale))),
                      interpolation=cv2.INTER_AREA).astype(np.float32)


def agreement(position: "dict[str, str]", cells: "tuple[str, ...] | list[str]",
              states: "list[CellState]") -> tuple[float, float]:
    """How far a reading (``states``, in ``cells`` order) shows ``position``: the share of all
    cells read as it, and the share of the cells holding a piece in either read as it (1.0
    when neither holds a piece anywhere).

    >>> agreement({"a1": "w", "a2": ".", "a3": "."}, ["a1", "a2", "a3"],
    ...           [CellState("."), CellState("w"), CellState(".")])
    (0.3333333333333333, 0.0)
    """
    same = [s.value == position.get(c) for c, s in zip(cells, states)]
    held = [ok for ok, c, s in zip(same, cells, states)
            if s.value != "." or position.get(c, ".") != "."]
    return float(np.mean(same)), float(np.mean(held)) if held else 1.0


def colour_order(position: "dict[str, str]", cells: "tuple[str, ...] | list[str]",
                 p: np.ndarray) -> float:
    """Of the pairs of a light and a dark piece of ``position``, the share whose
    light-against-dark odds (``p``: (cells, 3) probabilities of empty, light, dark, in
    ``cells`` order) put the light piece above the dark one (ties count half); 0.5 when the
    position has no piece of one side.

    >>> p = np.array([[0, .4, .6], [0, .2, .8], [0, .1, .9], [.9, .05, .05]])
    >>> colour_order({"a1": "w", "a2": "w", "a3": "b", "a4": "."}, ["a1", "a2", "a3", "a4"], p)
    1.0
    """
    odds = np.log(np.maximum(p[:, 1], 1e-12)) - np.log(np.maximum(p[:, 2], 1e-12))
    light = np.array([odds[i] for i, c in enumerate(cells) if position.get(c) == "w"])
    dark = np.array([odds[i] for i, c in enumerate(cells) if position.get(c) == "b"])
    if not len(light) or not len(dark):
        return 0.5
    above = (light[:, None] > dark[None, :]).mean() + 0.5 * (light[:, None] == dark[None, :]).mean()
    return float(above)


def shows_position(position: "dict[str, str]", cells: "tuple[str, ...] | list[str]",
                   p: np.ndarray) -> bool:
    """Whether a reading (``p`` as :func:`colour_order`) shows ``position`` well enough to
    learn this board from it: read as the position on ``LEARN_AGREE`` of the cells and
    ``LEARN_PIECES`` of those holding a piece; or, reading piece against empty only, so, with
    the light pieces told from the dark ones as the position has them by their order
    (:data:`LEARN_ORDER`: the network may take all of a light set on dark squares for dark,
    which learning the board then puts right).

    >>> cells = ["a1", "a2", "a3", "a4"]
    >>> pos = {"a1": "w", "a2": "w", "a3": "b", "a4": "."}
    >>> p = np.array([[0, .4, .6], [0, .2, .8], [0, .1, .9], [.9, .05, .05]])
    >>> shows_position(pos, cells, p), shows_position(pos, cells, p[[2, 1, 0, 3]])
    (True, False)
    """
    from companion.vision.cellnet import CLASSES

    states = [CellState(CLASSES[int(k)]) for k in p.argmax(axis=1)]
    agree, pieces = agreement(position, cells, states)
    if agree >= LEARN_AGREE and pieces >= LEARN_PIECES:
        return True
    held = {c: "." if v == "." else "w" for c, v in position.items()}
    bare = [CellState("." if s.value == "." else "w") for s in states]
    agree, pieces = agreement(held, cells, bare)
    return (agree >= LEARN_AGREE and pieces >= LEARN_PIECES
            and colour_order(position, cells, p) >= LEARN_ORDER)


def moved_on(position: "dict[str, str]", cells: "tuple[str, ...] | list[str]", p: np.ndarray,
             must: "frozenset[str]" = frozenset()) -> list[str]:
    """The cells a reading (``p`` as :func:`colour_order`) that agrees with ``position`` on
    its light and dark pieces (:func:`shows_position`'s first test) reads surely empty where
    the position has a piece, or surely holding one where it has none (``must`` cells aside:
    they are tested apart); [] when they are fewer than ``LEARN_MOVED`` (a logo, a piece
    misread), when none of them is emptied or none filled, or when the reading agrees only by
    the colours' order (a set the network reads dark, which learning puts right).

    So many, the board is not the position: it moved on (the camera switched on late, the
    station down while the players went on), and is not learnt from.

    >>> cells = [f"a{i}" for i in range(1, 41)]
    >>> pos = dict(zip(cells, "w" * 16 + "." * 8 + "b" * 16))
    >>> p = np.array([[0, .9, .1]] * 16 + [[.9, .05, .05]] * 8 + [[0, .1, .9]] * 16)
    >>> moved_on(pos, cells, p)
    []
    >>> three = p[[*range(13), 16, 17, 18, 13, 14, 15, *range(19, 40)]]  # three moves made
    >>> moved_on(pos, cells, three)
    ['a14', 'a15', 'a16', 'a17', 'a18', 'a19']
    >>> six_read_empty = p.copy(); six_read_empty[10:16] = [.9, .05, .05]
    >>> moved_on(pos, cells, six_read_empty)
    []
    """
    from companion.vision.cellnet import CLASSES

    states = [CellState(CLASSES[int(k)]) for k in p.argmax(axis=1)]
    agree, pieces = agreement(position, cells, states)
    if agree < LEARN_AGREE or pieces < LEARN_PIECES:
        return []
    sure = p.max(axis=1) >= SURE
    off = [c for i, (c, s) in enumerate(zip(cells, states))
           if sure[i] and c not in must and (s.value == ".") != (position[c] == ".")]
    # (moves empty squares and fill others; a board read badly tends to err one way only:
    # light pieces on light squares read empty, logos read as pieces)
    emptied = any(position[c] != "." for c in off)
    filled = any(position[c] == "." for c in off)
    return off if len(off) >= LEARN_MOVED and emptied and filled else []


class ReadStatus(Enum):
    """What a frame gave. Only ``OK`` carries a position."""

    OK = "ok"
    HAND = "hand over the board"
    MOTION = "motion over the board"
    NO_BOARD = "board not found"
    CAMERA_MOVED = "camera moved"
    UNEXPECTED = "the board does not show the game's position"


@dataclass
class Reading:
    status: ReadStatus
    cells: dict[str, CellState] = field(default_factory=dict)
    evidence: dict[str, CellEvidence] = field(default_factory=dict)
    presence: Presence | None = None
    grid: float = 0.0
    signature: np.ndarray | None = None  # (cells, k) appearance, rows in geometry.cells order
    picture: Prepared | None = None  # the straightened board, ready to compare (video only)
    meter: ChangeMeter | None = None  # ... with this (one per calibration)
    motion: float = 0.0  # largest cell change since the previous frame (ChangeMeter units)
    # the reader learnt the board from this frame: its picture shows the position it was told
    # (a follower whose calm pictures come only later compares them with this one) ...
    learnt: bool = False
    # ... this position (cell -> "."/"w"/"b"): a follower started for another (a new game, an
    # Undo, after the frame was read) does not take this frame for its own
    learnt_as: "dict[str, str] | None" = None
    # ... and the cells the network read surely otherwise than that position on this frame
    # before learning from it (cell -> what it read): learning teaches them as the position
    # has them, so a square the players changed may read unsure from then on, as the game has
    # it (two jump captures made before the camera saw the board, h7 read empty before
    # learning and unsure, still holding its man, after)
    before: "dict[str, str] | None" = None

    @property
    def ok(self) -> bool:
        return self.status is ReadStatus.OK

    @property
    def unsure(self) -> set[str]:
        """Cells read close to a threshold."""
        return {c for c, e in self.evidence.items() if not e.sure}


def _evidence(cells: "tuple[str, ...] | list[str]", p: np.ndarray) -> dict[str, CellEvidence]:
    """The network's reading of ``cells`` from their probabilities ``p`` (cells, 3): the likeliest
    class, the chance of a piece, and whether it was read surely."""
    from companion.vision.cellnet import CLASSES

    top = p.max(axis=1)
    return {c: CellEvidence(CellState(CLASSES[int(k)]), float("nan"), float(1 - p[i, 0]),
                            float("nan"), bool(top[i] >= SURE))
            for i, (c, k) in enumerate(zip(cells, p.argmax(axis=1)))}


class Reader:
    """Reads frames of one camera: finds the board (or takes given corners), then cells.

    A frame in which the straightened board is still changing (a hand, a piece on its way) is
    never read as a position: calm comes from time, from the picture having stopped changing,
    never from looking at the table round the board (a webcam may frame the board edge to
    edge). A lone photo (``video=False``) has no time, so there a hand is looked for in the
    band of table round the board, when the photo shows one. The board's grid is checked on
    every frame; when it has gone for a few calm frames, the reader says
    ``CAMERA_MOVED`` and (in automatic mode) looks for the board again. So it does too, now
    and then (:data:`REFIND_AFTER`), while the board it found does not show the position it
    was told to learn (found before the game's position was told, or under a cloth); corners
    given or set from outside are kept.
    """

    def __init__(self, geometry: BoardGeometry, corners: object | None = None,
                 cell_px: int = 32, auto: bool = True,
                 expected: "dict[str, str] | None" = None, use_net: bool = True) -> None:
        self.geometry = geometry
        self.expected = expected  # the position on the board, to turn a found board right
        # ... and to learn this board's look from, once a calm frame agrees with it enough
        self._to_learn = expected
        self._must: frozenset[str] = frozenset()  # ... and reads these cells as it has them
        self.net = None
        self.learnt = False
        self.agreement = float("nan")  # of the last reading with the expected position
        self._reorient_wait = 0
        self._found = False  # the corners are the board found (not given, nor set from outside)
        self._refind_every = REFIND_AFTER
        self._refind_wait = REFIND_AFTER
        if use_net:
            from companion.vision.cellnet import CellNet

            if CellNet.available():
                self.net = CellNet.load()
        self.cell_px = cell_px
        self.auto = auto and corners is None
        # (asanyarray: given corners that carry a lens keep it, see view.Corners)
        self._given = None if corners is None else np.asanyarray(corners, float).reshape(4, 2)
        self.view: BoardView | None = None
        self.sampler: CellSampler | None = None
        self.detector: PresenceDetector | None = None
        self.meter: ChangeMeter | None = None
        self._previous: Prepared | None = None
        self._motions: deque[float] = deque(maxlen=GRAIN_FRAMES)
        self._net_seen: tuple[Prepared, dict[str, CellEvidence]] | None = None
        # the frame size, and per cell the cells its crop takes pixels from (cellnet.crop_reach)
        self._reach: tuple[tuple[int, int], np.ndarray] | None = None
        self.calibrated_grid = 0.0
        self._bad_grid = 0
        self._learnt_now = False  # the frame being read is the one the board was learnt from
        self._learnt_as: "dict[str, str] | None" = None  # ... as this position (or learnt
        # again as, see RELEARN)
        self._before: "dict[str, str]" = {}  # ... which it read surely otherwise on these cells
        # the position told since, to learn the board again from (see RELEARN)
        self._relearn: "dict[str, str] | None" = None
        self._told: frozenset[str] = frozenset()  # ... the squares told changed since
        self._relearn_looks = 0  # frames read whole for it since the position was told
        self.relearnt = 0  # times the board was learnt again so
        # tracking a nudged camera (see TRACK): the region round the board registered (x0, y0,
        # x1, y1), the small grey picture of it the tracking started from, and the window;
        # the shift last seen and how often in a row
        self._track: "tuple[tuple[int, int, int, int], np.ndarray, np.ndarray] | None" = None
        self._track_seen: "np.ndarray | None" = None
        self._track_count = 0
        self.tracked = 0  # times the corners were moved with the picture

    def calm_limit(self) -> float:
        """The largest change between two frames that still counts as calm, for this camera."""
        if len(self._motions) < GRAIN_FRAMES // 2:
            return MOTION_CALM
        floor = float(np.percentile(np.fromiter(self._motions, float), GRAIN_SHARE))
        return min(MOTION_CALM_MAX, max(MOTION_CALM, GRAIN_OVER * floor))

    @property
    def corners(self) -> np.ndarray | None:
        return None if self.view is None else self.view.corners

    def set_corners(self, corners: object, image_size: tuple[int, int]) -> None:
        """Calibrate from four corners (a1 corner first, as on the command line)."""
        self._view_through(corners, image_size)
        self.meter = ChangeMeter(self.view)
        self._previous = None
        self._motions.clear()
        self._net_seen = None
        self._reach = None
        self.calibrated_grid = 0.0
        self._bad_grid = 0
        self._found = False
        self._track = self._track_seen = None

    def _view_through(self, corners: object, image_size: tuple[int, int]) -> None:
        self.view = BoardView.from_corners(self.geometry, corners, image_size, self.cell_px)
        self.sampler = CellSampler(self.view)
        self.detector = PresenceDetector(self.view)

    def _tracked(self, frame: np.ndarray) -> bool:
        """At a calm frame of a board learnt: whether the camera was nudged (see TRACK), in
        which case the corners were moved with the picture."""
        import cv2

        from companion.vision.view import lens_of

        assert self.view is not None
        if lens_of(self.view.corners) is not None:
            return False  # (a lens bends about its own centre: not a plain shift; untracked)
        corners = np.asarray(self.view.corners, float)
        cell = float(np.linalg.norm(corners[1] - corners[0])) / self.geometry.files
        if self._track is None:
            h, w = frame.shape[:2]
            (x0, y0), (x1, y1) = corners.min(axis=0) - cell, corners.max(axis=0) + cell
            box = (max(0, int(x0)), max(0, int(y0)), min(w, int(np.ceil(x1))),
                   min(h, int(np.ceil(y1))))
            small = _track_picture(frame, box)
            window = cv2.createHanningWindow((small.shape[1], small.shape[0]), cv2.CV_32F)
            self._track = (box, small, window)
            self._track_seen, self._track_count = None, 0
            return False
        box, anchor, window = self._track
        small = _track_picture(frame, box)
        # (on copies: OpenCV 5's phaseCorrelate windows both its pictures in place)
        (dx, dy), response = cv2.phaseCorrelate(anchor.copy(), small, window)
        shift = np.array([dx, dy]) * (box[2] - box[0]) / small.shape[1]
        step = float(np.hypot(*shift))
        if response < TRACK_RESPONSE or not TRACK_MIN * cell <= step <= TRACK_MAX * cell:
            self._track_seen, self._track_count = None, 0
            return False
        if self._track_seen is not None and \
                float(np.abs(shift - self._track_seen).max()) <= TRACK_AGREE * cell:
            self._track_count += 1
        else:
            self._track_seen, self._track_count = shift, 1
        if self._track_count < TRACK_CONFIRM:
            return False
        self._track_seen, self._track_count = None, 0
        size = (frame.shape[1], frame.shape[0])
        view, moved = self.view, BoardView.from_corners(self.geometry, corners + shift, size,
                                                        self.cell_px)
        if grid_score(moved, moved.warp(frame)) < grid_score(view, view.warp(frame)):
            return False  # (the lines fit no better: something beside the board moved)
        self._view_through(corners + shift, size)
        assert self.meter is not None
        self.meter.view = self.view  # (the meter's cells are laid out as before: kept)
        self._net_seen = self._reach = None
        self._bad_grid = 0
        self._track = None  # (started again from this frame, at the next calm look)
        self.tracked += 1
        return True

    def _reaching(self, changed: np.ndarray, size: tuple[int, int]) -> np.ndarray:
        """(cells,) bool: the cells whose crop takes pixels from a ``changed`` cell."""
        from companion.vision.cellnet import crop_reach

        assert self.view is not None
        if self._reach is None or self._reach[0] != size:
            self._reach = (size, crop_reach(self.geometry, self.view.corners, size))
        return (self._reach[1] & changed[None, :]).any(axis=1)

    def _read_net(self, frame: np.ndarray, turns: int = 1, relative: bool = False,
                  learn: bool = True, only: np.ndarray | None = None, relearn: bool = False
                  ) -> dict[str, CellEvidence]:
        """The network's reading of the frame's cells (``only``: (cells,) bool, just those; the
        crops are made for the whole board all the same, whose median light they are
        measured against); ``relearn``: the board learnt again from it if it reads as the
        position told (see RELEARN: a video's frame calm against the two before it)."""
        from companion.vision.cellnet import CLASSES, crops

        assert self.net is not None and self.view is not None
        batch = crops(frame, self.geometry, self.view.corners)
        if only is not None:
            return _evidence([c for c, k in zip(self.geometry.cells, only) if k],
                             self.net.probabilities(batch[only], turns))
        if relative and not self.learnt and self._to_learn is None:
            # a lone photo of a board never learnt: its cells are read a second time against
            # what the surely read ones look like on this board (light relative to dark)
            p = self.net.settle(batch, turns,
                                light=[self.geometry.is_light(c) for c in self.geometry.cells])
        else:
            p = self.net.probabilities(batch, turns)
        states = [CellState(CLASSES[int(k)]) for k in p.argmax(axis=1)]
        if self._to_learn is not None and learn:  # the start position: learn this board, if
            # it is so
            self.agreement = agreement(self._to_learn, self.geometry.cells, states)[0]
            cells = self.geometry.cells
            if shows_position(self._to_learn, cells, p) and all(
                    s.value == self._to_learn[c] for c, s in zip(cells, states)
                    if c in self._must) and not moved_on(self._to_learn, cells, p, self._must):
                # (what the frame read surely otherwise than the position before it was
                # learnt: learning teaches those squares as the position has them, and a move
                # made on them may read unsure after it; see Reading.before)
                self._before = {c: s.value for i, (c, s) in enumerate(zip(cells, states))
                                if p[i].max() >= SURE and s.value != self._to_learn[c]}
                self._relearn = None
                self.net.calibrate(batch, [self._to_learn[c] for c in self.geometry.cells])
                self._learnt_as = self._to_learn
                self._to_learn = None
                self._must = frozenset()
                self.learnt = True
                self._learnt_now = True
                self._net_seen = None
                p = self.net.probabilities(batch, turns)
        elif self._relearn is not None and relearn and only is None:
            cells, known = self.geometry.cells, self._relearn
            if shows_position(known, cells, p) and self._shows_told(_evidence(cells, p)):
                self.net.calibrate(batch, [known[c] for c in cells])
                self._relearn, self._learnt_as = None, known
                self.relearnt += 1
                p = self.net.probabilities(batch, turns)
            else:
                self._relearn_looks += 1
                if self._relearn_looks >= RELEARN_LOOKS:
                    self._relearn = None  # (until the next position told)
        return _evidence(self.geometry.cells, p)

    def _shows_told(self, evidence: "dict[str, CellEvidence]") -> bool:
        """Whether ``evidence`` reads the board as the position told to learn it again from
        (see RELEARN): every square read surely holding a piece or not as that position has
        it; and the squares changed since the board was last learnt, and apart those the
        tells changed since the last one, half of each at least read surely as they are now,
        none otherwise (a move entered by touch, not made yet, is not learnt as made; nor
        a move taken back on the screen, still standing on the board). A piece come to a
        square empty when the board was last learnt may read in the other colour, on
        :data:`RELEARN_RECOLOURED` squares at most: what stands there is the move made, and
        learning again is what mends a board that reads its colour wrong."""
        known = self._relearn
        assert known is not None
        was = self._learnt_as or {}
        if any(e.sure and (e.state.value == ".") != (known[c] == ".")
               for c, e in evidence.items()):
            return False
        # (read surely, a square holding a piece in the position holds one in the reading)
        recoloured = {c for c, e in evidence.items() if e.sure and e.state.value != known[c]
                      and known[c] != "." and was.get(c, known[c]) == "."}
        if len(recoloured) > RELEARN_RECOLOURED:
            return False
        # ... and so the squares told changed since it was last told (a move taken back on
        # the screen, the board learnt again after it, changes none since then)
        for moved in ([c for c in self.geometry.cells if was.get(c, known[c]) != known[c]],
                      self._told):
            if any(evidence[c].sure and evidence[c].state.value != known[c]
                   and c not in recoloured for c in moved):
                return False
            if 2 * sum(evidence[c].sure and (evidence[c].state.value == known[c]
                                             or c in recoloured)
                       for c in moved) < len(moved):
                return False
        return True

    @property
    def must(self) -> frozenset[str]:
        """The cells the frame the board is still to be learnt from must read as the position
        has them (see :meth:`expect`)."""
        return self._must

    def expect(self, position: dict[str, str], must: "frozenset[str] | set[str]" = frozenset()
               ) -> None:
        """The position now on the board: learn the board's look from the next frame whose
        reading agrees with it enough (and turn a board found later the right way round).
        ``must``: cells that frame must read exactly as the position has them (the cells a
        change on the screen changed, which the players still have to change on the board:
        until they do, a frame still showing the old board there agrees with the position on
        all but those cells, enough to be learnt from otherwise)."""
        self.expected = dict(position)
        self._to_learn = self.expected
        self._must = frozenset(must)
        self._relearn = None
        self._refind_every = self._refind_wait = REFIND_AFTER

    def tell(self, position: dict[str, str]) -> None:
        """The position now on the board after moves entered (by the camera, or by the players
        for it): a board not learnt yet is learnt from a frame that shows this position (and
        reads the cells ``must`` as before: an Undo, the board left and opened again before
        the camera learnt it, a frame still showing the undone move must not be learnt from);
        a board learnt keeps its look until a calm frame shows this position well enough to
        learn it again from (see RELEARN), and is found and turned by this position."""
        if self._to_learn is not None:
            self.expect(position, self._must)
        else:
            told = frozenset(c for c, v in position.items() if self.expected.get(c) != v)
            self.expected = dict(position)
            if RELEARN and self.net is not None and self.learnt and (
                    self._relearn is not None or position != self._learnt_as):
                self._told = told | (self._told if self._relearn is not None else frozenset())
                self._relearn, self._relearn_looks = dict(position), 0

    def learn(self, frame: np.ndarray, position: dict[str, str]) -> None:
        """Learn this board's look from a frame of a known position (cell -> "."/"w"/"b"); a
        reader that has read no frame yet first places the board (given corners, or found)."""
        from companion.vision.cellnet import crops

        self._net_seen = None
        if self._given is None and (self.view is None
                                    or self.view.image_size != (frame.shape[1], frame.shape[0])):
            self.expected = dict(position)  # the board looked for with the position
        self._place(frame)
        if self.net is None or self.view is None:
            return
        self.net.calibrate(crops(frame, self.geometry, self.view.corners),
                           [position[c] for c in self.geometry.cells])
        self._to_learn = None
        self._relearn, self._learnt_as = None, dict(position)
        self.learnt = True

    def calibrate(self, frame: np.ndarray) -> bool:
        """Find the board in ``frame``; False when it is not found."""
        corners = find_board(frame, self.geometry, self.expected)
        if corners is None:
            return False
        self.set_corners(corners, (frame.shape[1], frame.shape[0]))
        self._found = True
        return True

    def _refind(self, frame: np.ndarray, position: dict[str, str]) -> bool:
        """Look for the board again with ``position``, still to learn, after a wait (doubling
        with each look); True when a board other than the one in use was found and is used
        from the next frame on."""
        self._refind_wait -= 1
        if self._refind_wait > 0 or self.view is None:
            return False
        self._refind_every = min(REFIND_MAX, 2 * self._refind_every)
        self._refind_wait = self._refind_every
        corners = find_board(frame, self.geometry, position)
        if corners is None:
            return False
        now = self.view.corners  # (with its lens, if it was found through one)
        at = np.asarray(now, float)
        cell = np.linalg.norm(at[1] - at[0]) / self.geometry.files
        if np.abs(np.asarray(corners, float) - at).max() < 0.25 * cell:
            return False
        if shows(frame, self.geometry, corners, position) < \
                shows(frame, self.geometry, now, position) + REFIND_GAIN:
            return False
        self.set_corners(corners, (frame.shape[1], frame.shape[0]))
        self._found = True
        return True

    def _place(self, frame: np.ndarray) -> bool:
        """Place the board for a frame of this size, unless placed already: the given corners,
        else the board found; False when it is not found."""
        size = (frame.shape[1], frame.shape[0])
        if self.view is not None and self.view.image_size == size:
            return True
        if self._given is not None:
            self.set_corners(self._given, size)
            return True
        return self.calibrate(frame)

    def read(self, frame: np.ndarray, video: bool = True, hands: bool = True) -> Reading:
        """Read one BGR frame. ``video=False`` for a lone photo (no motion test; a hand is
        looked for round the board unless ``hands=False``)."""
        size = (frame.shape[1], frame.shape[0])
        self._learnt_now = False
        if not self._place(frame):
            return Reading(ReadStatus.NO_BOARD)
        assert self.view is not None and self.sampler is not None and self.detector is not None
        top = self.view.warp(frame)
        picture = motion = None
        if video:
            assert self.meter is not None
            picture = self.meter.prepare(top)
            previous, self._previous = self._previous, picture
            motion = 0.0 if previous is None else self.meter.motion(previous, picture)
            if previous is not None:
                self._motions.append(motion)
            if motion > self.calm_limit():
                return Reading(ReadStatus.MOTION, motion=motion)
            if TRACK and self.learnt and previous is not None and self._tracked(frame):
                # the picture slid with the camera: from this frame on it is read through the
                # corners moved with it (this one, its picture jumped, is no calm frame)
                self._previous = self.meter.prepare(self.view.warp(frame))
                return Reading(ReadStatus.MOTION, motion=motion)
            presence = Presence(0.0, 0.0)
        else:
            presence = (self.detector.check(top, with_motion=False) if hands
                        else Presence(0.0, 0.0))
        grid = grid_score(self.view, top)
        if self.calibrated_grid == 0.0:
            self.calibrated_grid = grid
        elif grid < MOVED_RATIO * self.calibrated_grid:
            self._bad_grid += 1
            if self._bad_grid >= MOVED_FRAMES:
                self._bad_grid = 0
                if self.auto:
                    self.calibrate(frame)
                return Reading(ReadStatus.CAMERA_MOVED, presence=presence, grid=grid)
            return Reading(ReadStatus.MOTION, presence=presence, grid=grid)
        else:
            self._bad_grid = 0
            self.calibrated_grid = 0.9 * self.calibrated_grid + 0.1 * grid
        if presence.hand_seen():
            return Reading(ReadStatus.HAND, presence=presence, grid=grid)
        again = None  # the cells the network reads again (None: all of them)
        # the board to learn again (see RELEARN) at this frame: calm against the two before it
        # (the hand gone a moment already)
        relearn = RELEARN and video and self._relearn is not None and len(self._motions) >= 2 \
            and self._motions[-2] <= self.calm_limit()
        if self.net is not None and video and picture is not None and self._net_seen is not None \
                and self._to_learn is None:
            assert self.meter is not None
            # (each cell's slope kept: MOTION_CALM was set so)
            changed = ~(self.meter.change(self._net_seen[0], picture, flat=False)
                        < MOTION_CALM)  # NaN too
            # read again the cells whose crop takes pixels from a changed one (crop_reach),
            # and those last read unsure (see REREAD_UNSURE)
            again = reached = self._reaching(changed, size)
            if REREAD_UNSURE:
                seen_evidence = self._net_seen[1]
                again = reached | np.array([not seen_evidence[c].sure
                                            for c in self.geometry.cells])
            if again.sum() > REREAD_MOST * len(again):
                again = None
        if again is not None and not again.any():
            assert self._net_seen is not None
            evidence = self._net_seen[1]  # nothing changed since the network last read it
        elif again is not None:
            assert self._net_seen is not None and picture is not None
            seen, evidence = self._net_seen
            evidence = {**evidence, **self._read_net(frame, 1, only=again)}
            # each cell is compared next with the picture it was last read on for a change
            # (read again only as unsure, it keeps its picture: a slow change of its own, a
            # shadow creeping, still adds up until the crops round it are read again too)
            self._net_seen = (Prepared(np.where(reached[:, None, None], picture.cells,
                                                seen.cells)), evidence)
        elif self.net is not None:
            # (a video's board is learnt only from a frame seen calm against the one before:
            # a webcam's first frame may be half made, and one was, a band of it tinted over
            # a shadow; learnt from it, a light knight was read dark all game). One calm
            # frame is enough: asking for two or three in a row (measured in session 39 on the
            # real recording and its 26 variants, LOOKED AT) followed 64 or 68 moves of 182
            # where one follows 105: its first calm stretch is four frames at 20 a second, and
            # read every 2nd frame the board was never learnt; its every-3rd-frame variants
            # learn the board from a frame with a hand making e2-e4, which waiting did not mend
            # (it is learnt again once told the game's position: see RELEARN)
            evidence = self._read_net(frame, 1 if video else PHOTO_TURNS,
                                      relative=not video and RELATIVE,
                                      learn=not video or bool(self._motions),
                                      relearn=relearn)
            if picture is not None:
                self._net_seen = (picture, evidence)
            relearn = False  # (read whole: learnt again there if it showed the position)
        else:
            evidence = classify(self.sampler, top)
        if relearn and self._shows_told(evidence):
            # ... read in part, it reads as the position told: read whole, and learnt from if
            # the network's every reading agrees (see _read_net); its reading kept only then.
            # Only so: a whole read at every calm frame while the board is not learnt again
            # read squares otherwise than reading them in part (a knight's square, read unsure
            # at one frame, surely at the next, was no longer named with a capture made while
            # a question stood open)
            before = self.relearnt
            whole = self._read_net(frame, 1, learn=False, relearn=True)
            if self.relearnt > before:
                evidence = whole
                if picture is not None:
                    self._net_seen = (picture, evidence)
        cells = {c: e.state for c, e in evidence.items()}
        if video and self._to_learn is not None and self.net is not None:
            # the game says what stands on the board; until a calm frame shows it (with these
            # corners), nothing seen here is the game's
            if self.auto and self._found and self._refind(frame, self._to_learn):
                return Reading(ReadStatus.UNEXPECTED, cells, evidence, presence, grid)
            if self.auto and self.view is not None and self._reorient_wait <= 0:
                self._reorient_wait = REORIENT_EVERY
                turned = orient(frame, self.geometry, self.view.corners, self._to_learn)
                if not np.allclose(turned, self.view.corners):
                    found = self._found
                    self.set_corners(turned, size)
                    self._found = found
            self._reorient_wait -= 1
            return Reading(ReadStatus.UNEXPECTED, cells, evidence, presence, grid)
        return Reading(ReadStatus.OK, cells, evidence, presence, grid,
                       signature(self.sampler, top), picture, self.meter if video else None,
                       motion or 0.0, self._learnt_now,
                       self._learnt_as if self._learnt_now else None,
                       dict(self._before) if self._learnt_now else None)
