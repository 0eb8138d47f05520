"""The learned cell reader: empty, light piece or dark piece, from a small network run by OpenCV.

Each cell is seen as a crop taken from the photo through the board's perspective, 2.4 cells
wide and turned so that the way a tall piece on that cell leans in the picture (away from the
point under the camera) is always up: the crop holds the cell, the whole body of its piece
(even a king at the far edge of a tilted view), the squares round it (the reference for
"light" and "dark" under this light) and, from below, a piece in front leaning in. The crops
are log intensities less the median over the cells (an exposure or a colour cast is an
offset).

The network (``cellnet.onnx`` beside this file, a few hundred kB, trained by
``companion vision train`` -- :mod:`companion.vision.train`; several such networks from other
seeds can be averaged as an ensemble, see ``MEMBERS``) runs through ``cv2.dnn``: the app
needs nothing beyond OpenCV and numpy. It gives three scores per cell and the features under
them; :meth:`CellNet.calibrate` learns, from one picture of a known position (the start of a
game), what empty cells, light and dark pieces look like *on this board, under this light*, by
retuning the network's last layer on these cells (held near the trained one).

>>> import numpy as np
>>> from companion.vision.geometry import get_geometry
>>> from companion.vision.synth import random_scene, render
>>> g = get_geometry("8x8")
>>> rng = np.random.default_rng(7)
>>> shot = render(random_scene(rng, g), {"d1": "w", "e8": "b", "c4": "w"}, rng)
>>> net = CellNet.load()
>>> seen = net.read(shot.image, g, shot.corners)
>>> seen["d1"], seen["e8"], seen["c4"], seen["e4"]
('w', 'b', 'w', '.')
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from companion.vision.medians import log_pixels, median, nanmedian_rows
from companion.vision.geometry import BoardGeometry
from companion.vision.view import BoardView, lens_of

MODEL = Path(__file__).resolve().parent / "cellnet.onnx"
# networks of the same recipe, trained from other seeds, whose probabilities are averaged;
# member k > 0 is ``cellnet_k.onnx``. One: two (the second from seed 1, 5 epochs) read fold A
# of the tune stills left out 969/975 against 965/975, but that gain was within the spread of
# one seed to another (965 vs 968 alone) and on the held-out photos the two read as many cells
# right as one (3882/3908 both; 8x8 +2, 11x10c -2), video cells before learning 99.80 against
# 99.87 %, at 1.4 times the time of a frame after a change
MEMBERS = 1


def member_path(model: Path, k: int) -> Path:
    """Where member ``k`` of the ensemble whose first member is ``model`` is kept."""
    return model if k == 0 else model.with_name(f"{model.stem}_{k}{model.suffix}")


MODELS = tuple(member_path(MODEL, k) for k in range(MEMBERS))
RUNS_KEPT = 3  # batches whose outputs CellNet.run keeps (a board's crops, mirrored, another)
CROP = 36  # pixels of a crop's side
# (Measured and NOT taken, session 40: crops of 48 pixels, the recipe's fold networks (seed
# 1, 5 epochs) trained and read in one session against 36: vision-dev tune folds 1943 ->
# 1945/1947, log-loss 0.0202/0.0177 -> 0.0166/0.0166; our unseen-set renders (fold-A
# networks) 14 -> 13 wrong of 7600; afka2d/chesscog's tune game 3039 -> 3046/3136 after
# learning its first photo but 3046 -> 3037 read alone: within a seed's spread, for 1.8 times
# the network's work on every crop)
SPAN = 2.4  # cells a crop spans, across and along the lean
AHEAD = 0.25  # cells the crop's centre is moved towards where a piece on the cell leans
CELL = CROP / SPAN  # pixels per cell in a crop
CLASSES = (".", "w", "b")
# learning a board from a known position (the start of a game): gradient steps, rate, and
# the pull of the trained last layer against this board's examples. Set on tune material
# (our renders' seeds 5000-5019 of Camerlano, whose empty far-rank cells behind a full row of
# tall pieces the trained layer reads as dark even on the start picture it learns from)
LEARN_STEPS = 1000
LEARN_RATE = 1.0
LEARN_HOLD = 0.01
# ... and from a lone photo's own surely read cells (CellNet.settle): less far
TUNE_STEPS = 200
TUNE_RATE = 0.5
TUNE_HOLD = 0.05
# A lone photo's pieces are then told light from dark by their colour too (CellNet.settle,
# by_colour): every light piece on a board is the same material under the same light, so a
# piece whose colour is the board's surely read dark pieces' and not its light ones' is dark,
# whatever the network made of it alone. The colour is the chromaticity (log blue and red less
# the mean of the three channels) of a disc of the cell (COLOUR_RADIUS, centred COLOUR_UP up
# the lean) where it is unlike the cell's square (COLOUR_UNLIKE); the board's surely read
# (COLOUR_SURE) light and dark pieces are two classes of one spread per channel (at least
# COLOUR_FLOOR), and the log-ratio of a piece's likelihoods under them, at most COLOUR_CLIP,
# is added to the network's light-against-dark log-odds. Set on the tune stills' fold-out
# networks (train.fold_score; see CellNet.settle), colour alone: brightness, or brightness
# with the colour, lost cells there (a shadow or a crown's highlight moves it more than the
# set does)
COLOUR_SURE = 0.9
COLOUR_RADIUS = 0.28  # cells
COLOUR_UP = 0.1  # cells
COLOUR_UNLIKE = 0.2  # log-colour distance from the square
COLOUR_FLOOR = 0.05
COLOUR_CLIP = 2.0
# One surely read piece of a set is enough to know its colour (the spread is the pieces'
# about their set's mean, pooled): a light army in a shadow, all but one piece doubtful and
# read dark, is light by its colour (unseen-set render 5030: 8 cells; two of each were asked
# for before, which left it as it was)
COLOUR_LEAST = 1
# ... and every cell's piece-against-empty odds by its colour against the board's surely read
# empty squares of its square's colour (by_square; the same sure, floor and clip): a flat man
# of its square's brightness but not its colour is a piece, an empty square the network took
# for a disc of the board's light set is empty (tune still dev_006; our unseen renders' pink
# men on light-blue squares). The colour is that of the whole disc above, the piece's where one
# stands, the square's where none does.
# Other board-level passes measured on the same fold-out networks and NOT taken (cells right,
# fold A's three networks and fold B's, against 965/968/971 and 969 then): settle's sure
# 0.8-0.98, hold 0.01-0.2, 100-1000 steps, mirrored crops taught too, two or three rounds:
# each within 3 cells, none more than 1 above; more test-time views than the mirror (crops
# scaled 0.9 and 1.1, shifted 0.06 cell, turned 0.08 rad; all nine averaged): 966/969/971,
# 969; a doubtful empty-or-light cell against the board's sure empty squares and light
# pieces of its square's colour (the network's features, one Gaussian each), after the
# colour: no cell changed, only the log-loss


def frames(view: BoardView, jitter: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray,
                                                                         np.ndarray]:
    """Per cell, where its crop lies on the board plane: the centre and the two unit axes
    (across the lean, and along it: the way a piece standing on the cell leans in the picture).

    ``jitter`` (cells, 4): per cell a turn (radians), a scale and a shift (cells, two values)
    for training."""
    g = view.geometry
    centres = np.array([g.cell_centre(c) for c in g.cells], float)
    lean = view.lean(centres)
    norm = np.linalg.norm(lean, axis=1, keepdims=True)
    # straight under the camera a piece leans nowhere: "along" is then away from rank 1
    along = np.where(norm > 1e-3, lean / np.maximum(norm, 1e-9), np.array([0.0, 1.0]))
    scale = np.ones(len(centres))
    if jitter is not None:
        a = jitter[:, 0]
        c, s = np.cos(a), np.sin(a)
        along = np.stack([c * along[:, 0] - s * along[:, 1], s * along[:, 0] + c * along[:, 1]],
                         axis=1)
        scale = jitter[:, 1]
        centres = centres + jitter[:, 2:4]
    across = np.stack([along[:, 1], -along[:, 0]], axis=1)
    centres = centres + AHEAD * along
    return centres, across * scale[:, None], along * scale[:, None]


def open_onnx(path: "Path | str") -> "cv2.dnn.Net":
    """An ONNX network for ``cv2.dnn``, on OpenCV 5's classic engine where there is a choice.

    OpenCV 5 reads an ONNX file with its new graph engine by default; on this network
    (three convolutions, two dense layers) the classic one runs a board's 64 crops in about
    10.5 ms against 14 on two threads here, and 19 against 29 on one thread (``bench_vision
    --speed``), with the same scores to float rounding (the largest difference in a
    probability over every vision-dev photo's crops: see the test). OpenCV 4 has only the
    classic engine and no ``engine`` argument; a build without ``ENGINE_CLASSIC`` gets its
    default: OpenCV 5.1 dropped the classic engine, and its default runs the 64 crops in 3.8 ms
    on two threads and 10 on one (a later session's figures, the machine then less loaded:
    5.0's classic 5.4 and 9.6, its default 8.3 and 16; the held-out vision-dev photos read
    the same cells on 5.0 and 5.1). Measured on this machine
    (x86-64), not on a Raspberry Pi, whose kernels differ."""
    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    if classic is None:
        return cv2.dnn.readNetFromONNX(str(path))
    return cv2.dnn.readNetFromONNX(str(path), engine=classic)


# the last few boards' remap tables (a video's corners stay the same frame after frame), the
# latest used last; shared by the camera's thread and a board search's
_MAPS: "dict[tuple, tuple[tuple[np.ndarray, np.ndarray], float]]" = {}
_MAPS_LOCK = threading.Lock()
MAPS_KEPT = 4


def _plane(view: BoardView, jitter: np.ndarray | None = None) -> np.ndarray:
    """(cells, CROP, CROP, 2): where on the board plane (cells) each crop's pixels lie."""
    centres, across, along = frames(view, jitter)
    t = (np.arange(CROP) + 0.5) / CROP * SPAN - SPAN / 2  # cells from the crop's centre
    # row 0 is the far end of the lean (the top of a tall piece), columns go across
    return (centres[:, None, None, :] + t[None, None, :, None] * across[:, None, None, :]
            - t[None, :, None, None] * along[:, None, None, :])


def _crop_view(geometry: BoardGeometry, corners: object, size: tuple[int, int]) -> BoardView:
    return BoardView.from_corners(geometry, corners, size, 12)


def _maps(geometry: BoardGeometry, corners: object, size: tuple[int, int],
          jitter: np.ndarray | None) -> tuple[tuple[np.ndarray, np.ndarray], float]:
    """Where each crop's pixels are taken from in the photo (two float32 maps for
    ``cv2.remap``, the crops stacked in rows; read-only), and the factor the photo is first
    shrunk by. Kept for the last :data:`MAPS_KEPT` boards without ``jitter``."""
    key = None
    if jitter is None:
        key = (geometry, size, np.asarray(corners, float).tobytes(), lens_of(corners))
        with _MAPS_LOCK:
            hit = _MAPS.pop(key, None)
            if hit is not None:
                _MAPS[key] = hit  # the latest used last
                return hit
    w, h = size
    view = _crop_view(geometry, corners, (w, h))
    # a photo much finer than the crops is first shrunk (no aliasing of wood grain or noise)
    pts = np.asarray(view.corners, float)
    side = max(np.linalg.norm(pts[1] - pts[0]) / geometry.files,
               np.linalg.norm(pts[3] - pts[0]) / geometry.ranks)
    shrink = 1.0
    while side * shrink > 2.5 * CELL:
        shrink *= 0.5
    plane = _plane(view, jitter)
    x, y = view.image_xy(plane[..., 0], plane[..., 1])  # through the corners' lens, if any
    mx = (x + 0.5) * shrink - 0.5
    my = (y + 0.5) * shrink - 0.5
    shape = (len(plane) * CROP, CROP)
    maps = mx.reshape(shape).astype(np.float32), my.reshape(shape).astype(np.float32)
    for m in maps:
        m.setflags(write=False)
    if key is not None:
        with _MAPS_LOCK:
            _MAPS.pop(key, None)
            while len(_MAPS) >= MAPS_KEPT:
                del _MAPS[next(iter(_MAPS))]
            _MAPS[key] = (maps, shrink)
    return maps, shrink


def crop_reach(geometry: BoardGeometry, corners: object, size: tuple[int, int]) -> np.ndarray:
    """(cells, cells) bool: whether crop i (of :func:`crops`, for a photo of ``size``) takes
    any of its pixels from cell j (its own cell, the cells round it, and up the lean further:
    a crop turned off the board's lines reaches past the 3x3 round its cell at its corners)."""
    plane = _plane(_crop_view(geometry, corners, size))
    n = len(geometry.cells)
    at = np.array([geometry.file_rank(c) for c in geometry.cells])  # (n, 2) file, rank
    lo = at.min(axis=0)
    grid = np.full(tuple(at.max(axis=0) - lo + 1), -1)  # (file, rank) -> cell, -1 for none
    grid[at[:, 0] - lo[0], at[:, 1] - lo[1]] = np.arange(n)
    f = np.floor(plane[..., 0]).astype(int).reshape(n, -1) - lo[0]
    r = np.floor(plane[..., 1]).astype(int).reshape(n, -1) - lo[1]
    inside = (f >= 0) & (f < grid.shape[0]) & (r >= 0) & (r < grid.shape[1])
    j = np.where(inside, grid[np.clip(f, 0, grid.shape[0] - 1), np.clip(r, 0, grid.shape[1] - 1)],
                 -1)
    out = np.zeros((n, n + 1), bool)  # (a last column for off the board, dropped)
    out[np.repeat(np.arange(n), j.shape[1]), j.ravel()] = True
    return out[:, :n]


def crops(image: np.ndarray, geometry: BoardGeometry, corners: object,
          jitter: np.ndarray | None = None) -> np.ndarray:
    """(cells, 3, CROP, CROP) float32 crops, rows in ``geometry.cells`` order.

    Each crop is taken from the photo itself through the board's perspective, turned so that
    the way a tall piece on the cell leans in the picture is always up: the crop holds the
    cell, its piece's whole body and the squares round it (the reference for light and dark
    under this light), and a piece in front leaning in comes from below. Values are log
    intensities less the median over the cells (an exposure or colour cast is an offset)."""
    h, w = image.shape[:2]
    if image.ndim == 2:
        image = np.repeat(image[..., None], 3, axis=2)
    maps, shrink = _maps(geometry, corners, (w, h), jitter)
    if shrink < 1.0:
        image = cv2.resize(image, (max(1, int(round(w * shrink))), max(1, int(round(h * shrink)))),
                           interpolation=cv2.INTER_AREA)
    n = len(maps[0]) // CROP
    patch = cv2.remap(image, maps[0], maps[1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    log = log_pixels(patch, 8.0).reshape(n, CROP, CROP, 3)
    q = int(round(CELL / 2))
    mid = CROP // 2
    lo, hi = mid - int(round((0.5 + AHEAD) * CELL)), mid - int(round((AHEAD - 0.5) * CELL))
    cells = log[:, lo:hi, mid - q : mid + q]  # the cells themselves
    log -= median(cells.reshape(-1, 3), axis=0)
    return np.ascontiguousarray(log.transpose(0, 3, 1, 2))


def _colour_masks() -> tuple[np.ndarray, list[np.ndarray]]:
    """Pixels of a crop: the disc sampled for the piece's colour, and four small patches at the
    cell's corners (where a piece's round base leaves its square free)."""
    t = (np.arange(CROP) + 0.5) / CROP * SPAN - SPAN / 2
    along = (AHEAD - t)[:, None] + np.zeros(CROP)[None, :]  # from the cell's centre, up the lean
    across = np.zeros(CROP)[:, None] + t[None, :]

    def disc(u: float, v: float, r: float) -> np.ndarray:
        return (across - u) ** 2 + (along - v) ** 2 <= r * r

    return disc(0.0, COLOUR_UP, COLOUR_RADIUS), [disc(0.38 * su, 0.38 * sv, 0.08)
                                                 for su in (-1, 1) for sv in (-1, 1)]


def piece_colours(batch: np.ndarray) -> np.ndarray:
    """(n, 2): per crop, the chromaticity (log blue, log red, each less the mean of the three
    channels) of the piece: the median over the pixels of a disc of the cell unlike its square
    (all of the disc when fewer than three are). The square's colour is the middle two of its
    four corners by brightness (a leaning piece or a shadow's edge may take one or two)."""
    disc, corners = _colour_masks()
    x = batch.transpose(0, 2, 3, 1)  # (n, CROP, CROP, 3)
    at = np.stack([x[:, m].mean(axis=1) for m in corners], axis=1)  # (n, 4, 3)
    order = np.argsort(at.mean(axis=2), axis=1)
    square = np.take_along_axis(at, order[:, 1:3, None], axis=1).mean(axis=1)  # (n, 3)
    pix = x[:, disc].astype(np.float64)  # (n, p, 3)
    unlike = np.linalg.norm(pix - square[:, None], axis=2) > COLOUR_UNLIKE
    use = np.where((unlike.sum(axis=1) >= 3)[:, None], unlike, True)
    chroma = pix[..., (0, 2)] - pix.mean(axis=2, keepdims=True)
    return nanmedian_rows(np.where(use[..., None], chroma, np.nan))


def by_colour(p: np.ndarray, colours: np.ndarray) -> np.ndarray:
    """Probabilities ``p`` (n, 3) with the light-against-dark odds of each cell read as a piece
    moved by its colour (``colours`` (n, k), :func:`piece_colours`) against the board's surely
    read light and dark pieces (at least ``COLOUR_LEAST`` of each, three in all; else ``p``
    as it is). The chance of a
    piece stays the network's, and a cell read empty is left as it is: a piece's two odds
    gathered into one could outweigh the empty square's (and a doubtful empty cell's colour
    is its square's).

    >>> p = np.array([[0, .95, .05]] * 2 + [[0, .05, .95]] * 2 + [[0, .55, .45]])
    >>> c = np.array([[.1, -.1]] * 2 + [[-.1, .2]] * 2 + [[-.1, .2]])
    >>> by_colour(p, c)[4].round(2).tolist()
    [0.0, 0.14, 0.86]
    """
    light, dark = p[:, 1] >= COLOUR_SURE, p[:, 2] >= COLOUR_SURE
    if min(light.sum(), dark.sum()) < COLOUR_LEAST or light.sum() + dark.sum() < 3:
        return p
    ml, md = colours[light].mean(axis=0), colours[dark].mean(axis=0)
    spread = np.concatenate([colours[light] - ml, colours[dark] - md]).var(axis=0)
    var = np.maximum(spread, COLOUR_FLOOR**2)
    ratio = (((colours - md) ** 2 - (colours - ml) ** 2) / (2 * var)).sum(axis=1)
    piece = p[:, 1] + p[:, 2]
    odds = (np.log(np.maximum(p[:, 1], 1e-12) / np.maximum(p[:, 2], 1e-12))
            + np.clip(ratio, -COLOUR_CLIP, COLOUR_CLIP))
    out = p.copy()
    out[:, 1] = piece / (1 + np.exp(-odds))
    out[:, 2] = piece - out[:, 1]
    return np.where((p.argmax(axis=1) == 0)[:, None], p, out)


def cell_colours(batch: np.ndarray) -> np.ndarray:
    """(n, 2): per crop, the chromaticity (as :func:`piece_colours`) of the median over the
    whole disc that function samples: a piece's colour where one stands, the square's where
    none does."""
    disc, _ = _colour_masks()
    x = median(batch.transpose(0, 2, 3, 1)[:, disc], axis=1).astype(np.float64)  # (n, 3)
    return x[:, (0, 2)] - x.mean(axis=1, keepdims=True)


def _log_likelihood(x: np.ndarray, sample: np.ndarray) -> np.ndarray:
    """Per row of ``x``, its log-likelihood (less a constant) under one Gaussian per channel
    fitted to ``sample`` (a spread of at least ``COLOUR_FLOOR``)."""
    var = np.maximum(sample.var(axis=0), COLOUR_FLOOR**2)
    return -0.5 * (((x - sample.mean(axis=0)) ** 2) / var + np.log(var)).sum(axis=1)


def by_square(p: np.ndarray, colours: np.ndarray, light: np.ndarray) -> np.ndarray:
    """Probabilities ``p`` (n, 3) with the odds of a piece against an empty square moved by
    each cell's colour (``colours`` (n, k), :func:`cell_colours`): the log-ratio, at most
    ``COLOUR_CLIP``, of its likelihood as a piece (under the board's surely read pieces of
    whichever set, at least two, it is likelier under) and as an empty square (under the
    surely read empty squares of its own square's colour, ``light`` (n,) bool; at least
    three). Light against dark is left as the network (and :func:`by_colour`) made it.

    >>> p = np.array([[.95, .04, .01]] * 3 + [[0, .95, .05]] * 2 + [[.45, .5, .05]])
    >>> c = np.array([[.2, -.2]] * 3 + [[0, 0]] * 2 + [[.2, -.2]])
    >>> by_square(p, c, np.ones(6, bool))[5].round(2).tolist()
    [0.86, 0.13, 0.01]
    """
    sets = [_log_likelihood(colours, colours[p[:, k] >= COLOUR_SURE]) for k in (1, 2)
            if (p[:, k] >= COLOUR_SURE).sum() >= 2]
    out = p.copy()
    if not sets:
        return out
    as_piece = np.max(sets, axis=0)
    piece = p[:, 1] + p[:, 2]
    odds = np.log(np.maximum(piece, 1e-12) / np.maximum(p[:, 0], 1e-12))
    for shade in (True, False):
        empty = (p[:, 0] >= COLOUR_SURE) & (light == shade)
        if empty.sum() < 3:
            continue
        ratio = np.clip(as_piece - _log_likelihood(colours, colours[empty]),
                        -COLOUR_CLIP, COLOUR_CLIP)
        sel = light == shade
        now = 1 / (1 + np.exp(-(odds[sel] + ratio[sel])))
        out[sel, 0] = 1 - now
        out[sel, 1:] = p[sel, 1:] * (now / np.maximum(piece[sel], 1e-12))[:, None]
    return out


def _softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


@dataclass
class CellNet:
    """The network, and what it learnt of the board in use (after :meth:`calibrate`).

    The network's last layer (scores from the features) is kept beside it
    (``cellnet_head.npz``) so that learning a board can retune that layer: the features stay
    the network's, the weights move only as far as this board's examples pull them from the
    trained ones.
    """

    net: "cv2.dnn.Net"
    weight: np.ndarray  # (3, k) the trained last layer ...
    bias: np.ndarray  # (3,)
    tuned: tuple[np.ndarray, np.ndarray] | None = None  # ... and as learnt for this board
    _names: list[str] = field(default_factory=lambda: ["logits", "features"])
    others: "list[CellNet]" = field(default_factory=list)  # an ensemble's further members
    # the last few batches run and what came out (a look reads, learns, reads the same crops
    # again: each is run once; the same input gives the same output, so reusing it is exact)
    _seen: "list[tuple[np.ndarray, np.ndarray, np.ndarray]]" = field(
        default_factory=list, repr=False, compare=False)

    @classmethod
    def load(cls, path: "Path | str | list[Path | str] | tuple[Path | str, ...]" = MODELS
             ) -> "CellNet":
        """The network at ``path``; several paths: their ensemble (probabilities averaged)."""
        if isinstance(path, (list, tuple)):
            first, *rest = [cls.load(p) for p in path]
            first.others = rest
            return first
        path = Path(path)
        if not path.exists():
            raise FileNotFoundError(f"cell network {path} is missing: run 'companion vision "
                                    "train' (needs the [train] extra)")
        net = open_onnx(path)
        head = np.load(path.with_name(path.stem + "_head.npz"))
        return cls(net, head["weight"].astype(np.float64), head["bias"].astype(np.float64))

    @classmethod
    def available(cls) -> bool:
        return all(m.exists() and m.with_name(m.stem + "_head.npz").exists() for m in MODELS)

    def run(self, batch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Scores (n, 3) and features (n, k) of a batch of crops (one of the last
        :data:`RUNS_KEPT` batches: what it gave then, without running the network again)."""
        x = np.ascontiguousarray(batch, np.float32)
        for seen, logits, features in self._seen:
            if seen.shape == x.shape and np.array_equal(seen.view(np.uint32), x.view(np.uint32)):
                return logits.copy(), features.copy()
        self.net.setInput(x)
        logits, features = self.net.forward(self._names)
        out = logits.reshape(len(batch), -1), features.reshape(len(batch), -1)
        self._seen = [(x.copy(), out[0].copy(), out[1].copy()), *self._seen[: RUNS_KEPT - 1]]
        return out

    def drop_kept(self) -> None:
        """Forget the batches :meth:`run` kept (a benchmark timing the network's own run)."""
        for m in (self, *self.others):
            m._seen = []

    def probabilities(self, batch: np.ndarray, turns: int = 1) -> np.ndarray:
        """(n, 3) probabilities of empty, light, dark; ``turns`` 2 averages them with the
        crops seen mirrored (across the lean: slower, steadier). An ensemble averages its
        members' probabilities."""
        out = self._own(batch, turns)
        for other in self.others:
            out += other._own(batch, turns)
        return out / (1 + len(self.others))

    def _own(self, batch: np.ndarray, turns: int) -> np.ndarray:
        out = np.zeros((len(batch), len(CLASSES)))
        views = (False, True)[: max(1, min(turns, 2))]
        for mirror in views:
            b = batch[:, :, :, ::-1] if mirror else batch
            logits, features = self.run(np.ascontiguousarray(b))
            if self.tuned is not None:
                w, bias = self.tuned
                logits = features.astype(np.float64) @ w.T + bias
            out += _softmax(logits)
        return out / len(views)

    def read(self, image: np.ndarray, geometry: BoardGeometry, corners: object
             ) -> dict[str, str]:
        p = self.probabilities(crops(image, geometry, corners))
        return {c: CLASSES[int(k)] for c, k in zip(geometry.cells, p.argmax(axis=1))}

    def calibrate(self, batch: np.ndarray, labels: list[str], steps: int = LEARN_STEPS,
                  rate: float = LEARN_RATE, hold: float = LEARN_HOLD, mirrored: bool = True
                  ) -> None:
        """Learn this board from crops of a known position (``labels``: "."/"w"/"b" each):
        the last layer is retuned on them, held near the trained one (``hold``). ``mirrored``:
        each crop counts seen mirrored too (as :meth:`probabilities` reads with ``turns`` 2).

        The defaults are for a known position (the start of a game: every label is the game's,
        so the layer may follow them closely); :meth:`settle` learns from its own first
        reading, and so moves less. An ensemble's members each learn from the same cells."""
        for other in self.others:
            other.calibrate(batch, labels, steps, rate, hold, mirrored)
        f = self.run(batch)[1].astype(np.float64)
        y = np.array([CLASSES.index(x) for x in labels])
        if mirrored:
            f = np.vstack([f, self.run(np.ascontiguousarray(batch[:, :, :, ::-1]))[1]])
            y = np.concatenate([y, y])
        onehot = np.eye(len(CLASSES))[y]
        # each class counts alike, however many cells it has in this position
        counts = np.maximum(onehot.sum(axis=0), 1)
        weights = (onehot / counts).sum(axis=1) / max(int((counts > 0).sum()), 1)
        w, b = self.weight.copy(), self.bias.copy()
        scale = 1.0 / max(float((f**2).sum(axis=1).mean()), 1e-6)
        for _ in range(steps):
            p = _softmax(f @ w.T + b)
            g = (p - onehot) * weights[:, None]  # (n, 3)
            gw = g.T @ f + hold * (w - self.weight)
            gb = g.sum(axis=0) + hold * (b - self.bias)
            w -= rate * scale * gw
            b -= rate * gb
        self.tuned = (w, b)

    def settle(self, batch: np.ndarray, turns: int = 1, sure: float = 0.9,
               light: np.ndarray | None = None) -> np.ndarray:
        """Probabilities as :meth:`probabilities`, read a second time relative to this board:
        the cells read surely in a first pass teach the last layer what empty squares, light
        and dark pieces look like here (as :meth:`calibrate` does from a known position), and
        every cell is read again with it; then each piece's light-or-dark odds are moved by its
        colour against the board's surely read light and dark pieces (:func:`by_colour`), and,
        given which cells are on ``light`` squares ((n,) bool, in the crops' order), each
        cell's piece-against-empty odds by its colour against the board's surely read empty
        squares of its square's colour (:func:`by_square`). What was learnt is not kept.

        The layer is retuned only when the first pass read each of empty, light and dark
        surely somewhere: taught on a board whose sure pieces are all dark, it learnt that a
        piece is dark, and read a lone tan piece dark (tune still dev_000).

        TUNED-ON, the fold-out networks of :func:`~companion.vision.train.fold_score` (fold A
        of the tune stills left out, seeds 0, 1, 2 of the recipe; fold B, seed 1): the retuning
        alone 965/968/971 of 975 and 969/972; retuned only with every class 966/969/973 and
        969; and with the colour 970/970/972 and 971. The committed network on our renders of
        sets it never met (``train.unseen_renders``, tune seeds 5000-5099): 33 cells wrong of
        7600 before, 27 now; on plain renders drawn as ``bench_vision``'s lone photos (tune
        seeds 5000-5089, 7200 cells): 10 before, 12 now (two dark pieces, one hidden behind a
        tall light piece in front, whose colour sample shows the light one).

        With one sure piece of a set enough for the colour (``COLOUR_LEAST``, two before) and
        the empty squares' colour (:func:`by_square`), TUNED-ON, the same fold-out networks:
        971/972/972 of 975 and 971 (every empty-or-light error left there: tune still
        dev_006's light squares of wood grain taken for discs of its light set; the mean
        log-loss of the truth about halved on each, 0.033/0.039/0.036 and 0.034 to
        0.019/0.021/0.020 and 0.018); the committed network on the unseen-set renders: 10
        cells wrong of 7600 instead of 27 (flat men of their square's brightness read empty,
        empty squares read as men, render 5030's light army in a shadow read dark), and on
        those drawn from test seeds 0-299: 49 of 22800 instead of 65 (a piece of either set
        is a piece: compared with the set the network leans to only, 53); plain renders
        drawn as ``bench_vision``'s lone photos, tune seeds 5000-5089: 6 of 6816 instead of
        8. What moved and what stayed, by cause: an empty-or-piece doubt moves with the
        colour; a disc of a mid-brown dark set read light (dev_072, dev_075) does not, its
        colour being nearer the light set's than the dark one's.
        """
        p = self.probabilities(batch, turns)
        keep = p.max(axis=1) >= sure
        if keep.sum() >= 8 and len(set(p[keep].argmax(axis=1).tolist())) == len(CLASSES):
            before = [m.tuned for m in (self, *self.others)]
            self.calibrate(batch[keep], [CLASSES[int(k)] for k in p[keep].argmax(axis=1)],
                           TUNE_STEPS, TUNE_RATE, TUNE_HOLD, mirrored=False)
            p = self.probabilities(batch, turns)
            for m, tuned in zip((self, *self.others), before):
                m.tuned = tuned
        p = by_colour(p, piece_colours(batch))
        return p if light is None else by_square(p, cell_colours(batch), np.asarray(light, bool))

    def forget(self) -> None:
        for m in (self, *self.others):
            m.tuned = None
