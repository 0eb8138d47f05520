"""What a club's webcam does to a game's frames: the effects, applied to any frame sequence.

A :class:`Clip` is a game filmed cleanly (vision-dev's legal videos, our own renders): its
frames, which of them show a hand, where each move's hand starts and ends, and the corners of
the playing area. :func:`webcam` turns it into what a cheap USB webcam on a stand over a club
table would give, from a seed, and says where the playing area's corners now are.

The effects, in the order light meets them, with their ranges and where the numbers come from
(the ranges describe webcams, not what the follower tolerates; ``strength`` scales them all,
1.0 being the ranges below):

- **Time** (``fps`` 15-30): UVC webcams give 30 fps in good light and drop to 15 fps when
  auto-exposure lengthens the exposure indoors. A move by hand takes 1-3.5 s from reach to
  withdrawal (``hand_s``), so a hand is over the board for 15-100 frames; the source's few
  hand frames are stretched by cross-fading between them (what a slower hand looks like), and
  the hand may *hover* still for 0.1-0.4 s (``hover_s``), drifting 0.3-1.5 px a frame
  (physiological tremor and drift, a few millimetres a second at arm's length). Calm stretches
  last 1-2.5 s (``calm_s``; a real game's are longer, which only adds calm frames).
- **Pause mid-move** (probability 0.3 a move, 0.3-1.5 s): the piece is lifted, the hand goes
  out of view for a moment, then comes back and puts it down. The paused picture is the board
  before the move with the mover's origin as it looks after the move (pixels that differ
  between the two calm pictures round the origin).
- **Motion blur**: each frame of a moving hand is the mean of 3 instants over the exposure
  (exposure 30-100 % of the frame time: indoor AE runs long exposures).
- **Auto-exposure and white balance** (``ae_step`` 8-25 % gain, ``wb_step`` 2-6 % on red or
  blue): a hand or sleeve filling part of the view moves the metering; UVC firmware reacts
  within 0.15-0.4 s (``ae_in_s``) and drifts back with a time constant of 0.6-2 s (``ae_out_s``),
  so the first calm frames after a move are still lighter/darker/warmer than before, and
  settle to a slightly different level each time (``ae_rest`` +-3 %, the scene's mean changed).
  Typical AE/AWB convergence of UVC webcams is 10-40 frames; these are our assumptions from
  that, not measurements.
- **Flicker** (``flicker`` 0.5-3 % global, ``bands`` 0-2.5 % rolling rows): mains lighting at
  100/120 Hz beats with the frame rate; a rolling shutter turns it into bands that crawl from
  frame to frame. Percent flicker of LED and fluorescent lamps runs from a few % to 30 %
  (IEEE 1789 discusses 5-30 %); AE with an exposure of a multiple of 10 ms removes most of
  it, so a few % remains.
- **Wobble** (0.5-2 px, ``wobble_px``): putting a piece down shakes a camera on a clamp or
  gooseneck: a damped oscillation of 3-8 Hz dying out in 0.15-0.5 s, which may leave the
  camera up to 30 % of the swing away from where it was (a loose joint).
- **Lingering shadow or sleeve** (probability 0.3 a calm stretch): a player's shadow darkens
  an edge of the board by 10-40 % over 0.3-1.5 cells, or a sleeve lies over the edge up to
  0.35 cell into the playing area, while the board is calm; it goes with the next hand.
- **Sensor noise** (``noise`` 1.5-5 grey levels, plus shot noise growing with brightness,
  and 1-2x as much in chroma): temporal noise of small 1/4"-class webcam sensors indoors at
  200-500 lux with gain up; it changes every frame.
- **JPEG / MJPEG** (``jpeg`` quality 35-75): USB 2.0 webcams send MJPEG; at 640x480 the
  firmware's quality is middling and drops when bandwidth is short.
- **Framing** (``margin`` 0.02-0.3 cell of the board's frame kept beyond the playing area):
  the board fills the frame edge to edge (the outer frame cut off), seen from above or a little
  tilted (the frame's corners moved by up to 3 % of the picture, a keystone of a few degrees).
  The corners returned are the playing area's in the framed picture.
- **Lens** (``Effects.lens``, off in :data:`ALL` so that every existing seed films exactly what
  it did; :data:`LENS` turns it on): barrel distortion of a cheap wide webcam lens, the
  one-parameter division model of :class:`companion.vision.view.Lens` (``lens_k`` -0.05 to
  -0.25 in normalised units, as OpenCV's ``k1``; ``lens_fov`` 60-80 degrees across; the optical
  centre ``lens_offset`` up to 3 % of the picture off its middle). These ranges are our own
  choice, not measured on a camera (no distortion figures for the webcams or Pi camera modules
  a club would bring were at hand): a mild lens to a wide one, as OpenCV's calibration
  tutorial shows bending a chessboard's lines visibly, and the small decentring of a lens
  screwed into its holder by hand. At
  ``lens_k`` -0.25 and 70 degrees, a board filling a 640x480 picture's height has its corners
  pulled in by about 0.8 cell and its outer lines bowed by about 0.3 cell; at -0.05 by a
  fifth of that. The lens is drawn from its own generator (``default_rng([seed, 7])``) so the
  other effects draw the same as without it, and the corners returned are a
  :class:`companion.vision.view.Corners` carrying the lens (where every cell is, not just the
  four corners). The slight perspective of a camera a little off the board's vertical (tall
  pieces leaning outward) is the render's own camera and the framing's keystone above.

>>> import numpy as np
>>> from companion.vision.geometry import get_geometry
>>> g = get_geometry("8x8")
>>> frames = [np.full((480, 640, 3), 120, np.uint8) for _ in range(12)]
>>> hand = [False] * 5 + [True] * 2 + [False] * 5
>>> clip = Clip(frames, hand, np.array([[100, 400], [500, 400], [500, 50], [100, 50.]]), g,
...             [MoveSpan(5, 6, ())])
>>> out = webcam(clip, seed=1)
>>> out.frames[0].shape, len(out.frames) > len(frames), out.moves == 1
((480, 640, 3), True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from companion.vision.geometry import BoardGeometry

if TYPE_CHECKING:
    from companion.vision.view import Corners, Lens


@dataclass(frozen=True)
class MoveSpan:
    """One move in a clip: its hand frames ``first``..``last`` (inclusive; the frame before is
    calm on the position before, the frame after is calm on the position after) and the cells
    the moving side's pieces leave (for a pause mid-move)."""

    first: int
    last: int
    origins: tuple[str, ...]


@dataclass
class Clip:
    """A cleanly filmed game: frames (BGR uint8), hand flags, corners, moves."""

    frames: list[np.ndarray]
    hand: list[bool]
    corners: np.ndarray
    geometry: BoardGeometry
    spans: list[MoveSpan]


@dataclass
class Filmed:
    """The clip as the webcam gives it."""

    frames: list[np.ndarray]
    corners: np.ndarray  # the playing area's corners in the framed picture
    moves: int
    hand: list[bool] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Effects:
    """Which effects run (all by default) and how strong (1.0 = the documented ranges).

    Without ``long_hands`` the source's frames keep their number (a hand for as many frames
    as the source shows it, no pause), taken as frames of the webcam's frame rate, so that
    exposure and wobble still play out over time."""

    strength: float = 1.0
    noise: bool = True
    exposure: bool = True
    flicker: bool = True
    wobble: bool = True
    blur: bool = True
    jpeg: bool = True
    long_hands: bool = True
    pause: bool = True
    linger: bool = True
    framing: bool = True
    lens: bool = False


ALL = Effects()
LENS = Effects(lens=True)  # every effect, and a lens that bends the board's lines


def draw_lens(seed: int, fx: Effects = LENS) -> dict[str, Any]:
    """The lens of webcam ``seed`` (the module's docstring), from its own generator: drawing it
    changes none of the other effects' draws."""
    rng = np.random.default_rng([seed, 7])
    return {"lens_k": -float(rng.uniform(0.05, 0.25)) * fx.strength,
            "lens_fov": float(rng.uniform(60, 80)),
            "lens_offset": (float(rng.uniform(-0.03, 0.03)), float(rng.uniform(-0.03, 0.03)))}


def lens_of(p: dict[str, Any], size: tuple[int, int]) -> "Lens":
    """The :class:`Lens` of drawn parameters ``p`` on pictures of ``size`` (width, height)."""
    from companion.vision.view import Lens

    return Lens.for_image(p["lens_k"], size, p["lens_fov"], tuple(p["lens_offset"]))


def lens_maps(lens: "Lens", size: tuple[int, int]) -> np.ndarray:
    """(h, w, 2): for every pixel of the bent picture, where a perfect lens would see it."""
    w, h = size
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    return lens.undistort(np.stack([xs, ys], axis=-1))


def through_lens(image: np.ndarray, lens: "Lens", T: np.ndarray | None = None,
                 ideal: np.ndarray | None = None) -> np.ndarray:
    """``image`` moved by the homography ``T`` (if given) and seen through ``lens``: one remap
    (``ideal``: :func:`lens_maps`, when already made)."""
    h, w = image.shape[:2]
    if ideal is None:
        ideal = lens_maps(lens, (w, h))
    src = ideal
    if T is not None:
        Ti = np.linalg.inv(T)
        z = Ti[2, 0] * ideal[..., 0] + Ti[2, 1] * ideal[..., 1] + Ti[2, 2]
        src = np.stack([(Ti[0, 0] * ideal[..., 0] + Ti[0, 1] * ideal[..., 1] + Ti[0, 2]) / z,
                        (Ti[1, 0] * ideal[..., 0] + Ti[1, 1] * ideal[..., 1] + Ti[1, 2]) / z],
                       axis=-1)
    src = src.astype(np.float32)
    return cv2.remap(image, src[..., 0], src[..., 1], cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_REFLECT)


def lens_still(image: np.ndarray, corners: object, k: float, fov: float = 70.0,
               offset: tuple[float, float] = (0.0, 0.0)) -> tuple[np.ndarray, "Corners"]:
    """A photo (a render, a vision-dev still) and its true corners as a camera with lens
    ``k`` (normalised units, negative: barrel) would take them: the bent photo, and the
    corners where they now are, carrying the lens (so a :class:`BoardView` of them puts
    every cell where the bent photo shows it)."""
    from companion.vision.view import Corners, Lens

    h, w = image.shape[:2]
    lens = Lens.for_image(k, (w, h), fov, offset)
    seen = lens.distort(np.asarray(corners, float).reshape(4, 2))
    return through_lens(image, lens), Corners(seen, lens)


def draw_params(rng: np.random.Generator, fx: Effects = ALL) -> dict[str, Any]:
    """One webcam and one pair of players: the ranges of the module's docstring."""
    s = fx.strength
    return {
        "fps": float(rng.uniform(15, 30)),
        "hand_s": (1.0, 3.5),
        "hover_s": (0.1, 0.4),
        "calm_s": (1.0, 2.5),
        "pause_p": 0.3 if fx.pause else 0.0,
        "pause_s": (0.3, 1.5),
        "exposure_share": float(rng.uniform(0.3, 1.0)),
        "ae_step": float(rng.uniform(0.08, 0.25)) * s * rng.choice([-1, 1]),
        "wb_step": (float(rng.uniform(0.02, 0.06)) * s * rng.choice([-1, 1]),
                    float(rng.uniform(0.0, 0.03)) * s * rng.choice([-1, 1])),
        "ae_in_s": float(rng.uniform(0.15, 0.4)),
        "ae_out_s": float(rng.uniform(0.6, 2.0)),
        "ae_rest": 0.03 * s,
        "flicker": float(rng.uniform(0.005, 0.03)) * s,
        "bands": float(rng.uniform(0.0, 0.025)) * s,
        "band_rows": float(rng.uniform(120, 300)),
        "wobble_px": (0.5 * s, 2.0 * s),
        "wobble_hz": float(rng.uniform(3, 8)),
        "wobble_s": float(rng.uniform(0.15, 0.5)),
        "linger_p": 0.3 if fx.linger else 0.0,
        "noise": float(rng.uniform(1.5, 5.0)) * s,
        "chroma_noise": float(rng.uniform(1.0, 2.0)),
        "jpeg": int(round(75 - (75 - 35) * min(1.0, s) * rng.uniform(0, 1))),
        "margin": float(rng.uniform(0.02, 0.3)),
        "keystone": 0.03 * s,
    }


# -- the scene in time: hands, pauses, lingering things ----------------------------------------
def _lifted(before: np.ndarray, after: np.ndarray, clip: Clip, origins: tuple[str, ...]
            ) -> np.ndarray:
    """The board before the move with the mover's origin(s) as after it (the piece lifted)."""
    if not origins:
        return before.copy()
    from companion.vision.view import BoardView

    view = BoardView.from_corners(clip.geometry, clip.corners, (before.shape[1], before.shape[0]))
    diff = np.abs(before.astype(np.int16) - after.astype(np.int16)).max(axis=2) > 18
    area = np.zeros(diff.shape, np.uint8)
    for cell in origins:
        centre = np.array(clip.geometry.cell_centre(cell), float)
        # the cell and the space its piece's body rises into (towards the far side)
        pts = [centre + np.array(d) for d in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5),
                                              (-0.5, 0.5))]
        lean = view.lean(centre[None])[0] * 1.6
        pts += [p + lean for p in pts]
        poly = view.plane_to_image(np.array(pts))
        cv2.fillConvexPoly(area, cv2.convexHull(poly.astype(np.int32)), 1)
    mask = (diff & (area > 0)).astype(np.uint8)
    mask = cv2.dilate(mask, np.ones((5, 5), np.uint8))
    soft = cv2.GaussianBlur(mask.astype(np.float32), (0, 0), 1.5)[..., None]
    return (before * (1 - soft) + after * soft).astype(before.dtype)


def _hover(frame: np.ndarray, calm: np.ndarray, shift: np.ndarray) -> np.ndarray:
    """The hand of ``frame`` (what differs from ``calm``) moved by ``shift`` pixels."""
    mask = (np.abs(frame.astype(np.int16) - calm.astype(np.int16)).max(axis=2) > 25)
    mask = cv2.dilate(mask.astype(np.uint8), np.ones((7, 7), np.uint8)).astype(np.float32)
    M = np.float32([[1, 0, shift[0]], [0, 1, shift[1]]])
    size = (frame.shape[1], frame.shape[0])
    moved = cv2.warpAffine(frame, M, size, borderMode=cv2.BORDER_REPLICATE)
    moved_mask = cv2.warpAffine(mask, M, size)[..., None]
    base = np.where(mask[..., None] > 0, calm, frame)
    return (base * (1 - moved_mask) + moved * moved_mask).astype(np.float32)


def _hand_of(frame: np.ndarray, before: np.ndarray, after: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray] | None:
    """The hand in ``frame`` (what differs from both calm pictures): soft mask and centroid."""
    d = np.minimum(np.abs(frame - before).max(axis=2), np.abs(frame - after).max(axis=2))
    mask = cv2.morphologyEx((d > 25).astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((9, 9), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    if n < 2 or stats[1:, cv2.CC_STAT_AREA].max() < 200:
        return None
    big = stats[1:, cv2.CC_STAT_AREA].max()  # the arm and hand; specks of noise left out
    mask = np.isin(labels, 1 + np.nonzero(stats[1:, cv2.CC_STAT_AREA] >= 0.2 * big)[0])
    mask = mask.astype(np.uint8)
    mask = cv2.dilate(mask, np.ones((5, 5), np.uint8)).astype(np.float32)
    ys, xs = np.nonzero(mask)
    return mask, np.array([xs.mean(), ys.mean()])


def _shifted(frame: np.ndarray, hand: tuple[np.ndarray, np.ndarray], shift: np.ndarray,
             ground: np.ndarray) -> np.ndarray:
    """``frame`` with its hand moved by ``shift`` px over ``ground`` (the board without it).

    Where a mask is 0 its blend gives the picture under it exactly (``a * 1 + b * 0``), so
    each blend is made only over the box its mask covers."""
    mask, _ = hand
    h, w = mask.shape
    M = np.float32([[1, 0, shift[0]], [0, 1, shift[1]]])
    moved = cv2.warpAffine(frame, M, (w, h), borderMode=cv2.BORDER_REPLICATE)
    moved_mask = cv2.warpAffine(mask, M, (w, h))
    base = frame.copy()
    box = _box(mask)
    if box is not None:
        m = mask[box][..., None]
        base[box] = frame[box] * (1 - m) + ground[box] * m
    box = _box(moved_mask)
    if box is not None:
        m = moved_mask[box][..., None]
        base[box] = base[box] * (1 - m) + moved[box] * m
    return base


def _box(mask: np.ndarray) -> tuple[slice, slice] | None:
    """The smallest box holding every non-zero pixel of ``mask`` (None: there is none)."""
    rows = np.flatnonzero(mask.any(axis=1))
    if not len(rows):
        return None
    cols = np.flatnonzero(mask.any(axis=0))
    return slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1)


def _between(a: np.ndarray, b: np.ndarray, ha: Any, hb: Any, x: float, ground: np.ndarray
             ) -> np.ndarray:
    """The picture a share ``x`` of the way from key ``a`` to key ``b``: the hand of the
    nearer key, moved towards (or from) where the other key's hand is; a hand appearing or
    going slides in or out over the picture's nearest edge."""
    h, w = a.shape[:2]

    def out_of_view(c: np.ndarray) -> np.ndarray:
        edges = np.array([[-c[0], 0], [w - c[0], 0], [0, -c[1]], [0, h - c[1]]])
        e = edges[int(np.argmin(np.abs(edges).sum(axis=1)))]
        return e + np.sign(e) * 0.25 * min(w, h)

    if ha is None and hb is None:
        return a * (1 - x) + b * x
    if x < 0.5 and ha is not None:
        d = (hb[1] - ha[1]) if hb is not None else out_of_view(ha[1])
        return _shifted(a, ha, d * x, ground)
    if hb is None:
        return b if x >= 0.5 else a
    shift = (ha[1] - hb[1]) if ha is not None else out_of_view(hb[1])
    return _shifted(b, hb, shift * (1 - x), ground)


def _edge_thing(shape: tuple[int, int], view: Any, rng: np.random.Generator
                ) -> tuple[np.ndarray, np.ndarray | None]:
    """A lingering shadow (gain map) or sleeve (gain map and colour) at one board edge."""
    h, w = shape
    g = view.geometry
    side = int(rng.integers(4))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    pts = np.stack([xs.ravel(), ys.ravel(), np.ones(h * w, np.float32)], axis=1)
    plane = pts @ np.linalg.inv(view.H_img_from_plane).T
    u, v = plane[:, 0] / plane[:, 2], plane[:, 1] / plane[:, 2]
    inside = (g.files - u, u, g.ranks - v, v)[side]  # cells from the chosen edge, inwards
    along = (v, v, u, u)[side]
    n_along = (g.ranks, g.ranks, g.files, g.files)[side]
    lo = rng.uniform(-0.5, n_along * 0.5)
    hi = lo + rng.uniform(2.0, n_along * 0.8)
    span = 1 / (1 + np.exp(-(along - lo) * 3)) * 1 / (1 + np.exp((along - hi) * 3))
    if rng.random() < 0.6:  # a shadow: only darker
        depth, dark = rng.uniform(0.3, 1.5), rng.uniform(0.10, 0.40)
        reach = 1 / (1 + np.exp((inside - depth) * 4))
        gain = 1 - dark * reach * span
        return gain.reshape(h, w).astype(np.float32), None
    depth = rng.uniform(0.05, 0.35)  # a sleeve: cloth over the edge
    cover = (1 / (1 + np.exp((inside - depth) * 25)) * (span > 0.5)).reshape(h, w)
    colour = np.array(((40, 40, 45), (120, 70, 40), (60, 60, 150), (170, 170, 170))[
        int(rng.integers(4))], np.float32) * rng.uniform(0.8, 1.1)
    return cover.astype(np.float32), colour


def _timeline(clip: Clip, p: dict[str, Any], rng: np.random.Generator
              ) -> list[tuple[Callable[[], np.ndarray], bool, int, bool]]:
    """Scene frames (float BGR, motion blurred), hand flag, move index, "put down" flag.

    The move index is that of the last move begun (-1 before the first); the put-down flag
    marks the frame where a piece is set down (wobble starts there). Each frame is a function
    that makes its picture when it is filmed: every draw from ``rng`` is made here, in its
    order, so a film cut short (:func:`webcam`'s ``first``) is the whole film's first frames
    and pays for none of the others.
    """
    fps = p["fps"]
    out: list[tuple[Callable[[], np.ndarray], bool, int, bool]] = []
    frames = [f.astype(np.float32) for f in clip.frames]

    def calm(frame: np.ndarray, k: int, n: int) -> None:
        scene = partial(_same, frame)
        out.extend((scene, False, k, False) for _ in range(n))

    def sweep(keys: list[np.ndarray], n: int, k: int, put_down_at: int | None,
              before: np.ndarray, after: np.ndarray) -> None:
        """``n`` frames of the hand moving through ``keys`` (first and last are calm pictures,
        the others show the hand): each hand slides towards where the next one is (it enters
        and leaves over the picture's edge), blurred over the exposure."""
        share = p["exposure_share"] if p.get("blur", True) else 0.0
        hands: list[Any] = []  # each key's hand, found when the first picture is made

        def picture(i: int) -> np.ndarray:
            if not hands:
                hands.extend(_hand_of(f, before, after) for f in keys)
            t0 = (i + 0.5) / n
            instants = [t0] if share <= 0 else [t0 + share / n * d for d in (-0.5, 0.0, 0.5)]
            acc = np.zeros_like(keys[0])
            for t in instants:
                x = min(max(t, 0.0), 1.0) * (len(keys) - 1)
                j = min(int(x), len(keys) - 2)
                acc += _between(keys[j], keys[j + 1], hands[j], hands[j + 1], x - j,
                                before if j + 1 < len(keys) / 2 else after)
            return acc / len(instants)

        for i in range(n):
            out.append((partial(picture, i), True, k, put_down_at == i))

    spans = clip.spans
    start = 0
    for k, span in enumerate(spans):
        before = frames[span.first - 1]
        after = frames[span.last + 1] if span.last + 1 < len(frames) else frames[span.last]
        # the calm before this move (at least the source's frames, stretched to calm_s)
        n_calm = max(span.first - start, int(round(rng.uniform(*p["calm_s"]) * fps)))
        calm(before, k - 1, n_calm)
        hand_frames = frames[span.first: span.last + 1]
        if not p.get("long_hands", True):
            for i, f in enumerate(hand_frames):
                out.append((partial(_same, f), True, k, i == len(hand_frames) - 1))
            start = span.last + 1
            continue
        n = max(len(hand_frames), int(round(rng.uniform(*p["hand_s"]) * fps)))
        keys = [before, *hand_frames, after]
        if rng.random() < p["pause_p"] and len(hand_frames) >= 2:
            lifted = _lifted(clip.frames[span.first - 1], clip.frames[min(
                span.last + 1, len(frames) - 1)], clip, span.origins).astype(np.float32)
            half = len(hand_frames) // 2
            sweep([before, *hand_frames[:half], lifted], n // 2, k, None, before, lifted)
            calm(lifted, k, int(round(rng.uniform(*p["pause_s"]) * fps)))
            second = n - n // 2
            sweep([lifted, *hand_frames[half:], after], second, k, int(second * 0.6), lifted,
                  after)
        else:
            hover_at = int(rng.integers(1, len(keys) - 1))
            m = n * (hover_at - 0.5) / (len(keys) - 1)
            first_part = max(1, int(round(m)))
            # the hand moving to where it hovers, hovering, then going on
            sweep(keys[: hover_at + 1], first_part, k, None, before, after)
            hover = int(round(rng.uniform(*p["hover_s"]) * fps))
            pos = np.zeros(2)
            for _ in range(hover):
                pos += rng.normal(0, 1.0, 2) * rng.uniform(0.3, 1.5) / np.sqrt(2)
                out.append((partial(_hover, keys[hover_at], before, pos.copy()), True, k, False))
            rest = max(1, n - first_part)
            sweep(keys[hover_at:], rest, k, int(rest * 0.6), before, after)
        start = span.last + 1
    tail = max(len(frames) - start, int(round(rng.uniform(*p["calm_s"]) * fps)))
    calm(frames[-1], len(spans) - 1, tail)
    return out


def _same(picture: np.ndarray) -> np.ndarray:
    """A picture filmed as it is (a calm stretch's, the source's own hand frames)."""
    return picture


def _framing(shape: tuple[int, int], corners: np.ndarray, geometry: BoardGeometry,
             p: dict[str, Any], rng: np.random.Generator) -> np.ndarray:
    """The homography from the clean picture to the framed one (board edge to edge)."""
    h, w = shape
    from companion.vision.view import BoardView

    view = BoardView.from_corners(geometry, corners, (w, h))
    m = p["margin"]
    extra = 1 if geometry.extra else 0  # the citadels stick out left and right
    box = np.array([[-m - extra, -m], [geometry.files + m + extra, -m],
                    [geometry.files + m + extra, geometry.ranks + m],
                    [-m - extra, geometry.ranks + m]], float)
    pts = view.plane_to_image(box)
    x0, y0 = pts.min(axis=0)
    x1, y1 = pts.max(axis=0)
    scale = min(w / (x1 - x0), h / (y1 - y0))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    A = np.array([[scale, 0, w / 2 - scale * cx], [0, scale, h / 2 - scale * cy], [0, 0, 1.0]])
    # a little tilt: the picture's corners moved by up to ``keystone`` of its size
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = src + rng.uniform(-1, 1, (4, 2)).astype(np.float32) * p["keystone"] * np.float32([w, h])
    K = cv2.getPerspectiveTransform(src, dst)
    return K @ A


def webcam(clip: Clip, seed: int, fx: Effects = ALL, *, first: int | None = None,
           **overrides: Any) -> Filmed:
    """``clip`` as a webcam films it (deterministic for a seed); ``overrides`` set any of
    :func:`draw_params`' values (a test forcing a pause, a shadow, a frame rate). ``first``
    films only the first frames, exactly as the whole film has them (a test that looks at
    the first picture pays for no other)."""
    if first is not None and first < 1:
        raise ValueError(f"webcam: first must be 1 or more, got {first}")
    rng = np.random.default_rng(seed)
    p = draw_params(rng, fx)
    p.update(draw_lens(seed, fx))  # its own generator: the draws above and below are as ever
    unknown = set(overrides) - set(p)
    if unknown:
        raise ValueError(f"webcam: no such parameter {', '.join(sorted(unknown))}")
    p.update(overrides)
    p["blur"] = fx.blur
    p["long_hands"] = fx.long_hands
    if not fx.long_hands:  # the source's frames as they are, at the webcam's frame rate
        p["calm_s"] = (0.0, 0.0)
        p["pause_p"] = 0.0
    timeline = _timeline(clip, p, rng)
    h, w = clip.frames[0].shape[:2]
    F = _framing((h, w), clip.corners, clip.geometry, p, rng) if fx.framing else np.eye(3)
    corners = cv2.perspectiveTransform(np.asarray(clip.corners, np.float64).reshape(-1, 1, 2),
                                       F).reshape(4, 2)
    lens = ideal = None
    if fx.lens:
        from companion.vision.view import Corners

        lens = lens_of(p, (w, h))
        ideal = lens_maps(lens, (w, h))
        corners = Corners(lens.distort(corners), lens)
    p["lens"] = fx.lens
    from companion.vision.view import BoardView

    view = BoardView.from_corners(clip.geometry, corners, (w, h))
    fps = p["fps"]
    ys = np.arange(h, dtype=np.float32)[:, None, None]
    exposure = 0.0  # log gain now, and where it rests
    rest = 0.0
    wb = np.zeros(3, np.float32)
    offset = np.zeros(2)  # where the camera rests now (px), and the swing under way
    swing: list[tuple[int, np.ndarray]] = []
    linger: tuple[np.ndarray, np.ndarray | None] | None = None
    last_move = -1
    frames, hands = [], []
    for i, (scene, hand, k, put_down) in enumerate(timeline[:first]):
        img = scene()  # not changed in place: a calm stretch's frames are one picture
        # lingering shadow or sleeve: decided when the hand of move k leaves, gone at the next
        if hand:
            linger = None
        elif k != last_move:
            last_move = k
            if k >= 0 and rng.random() < p["linger_p"]:
                linger = _edge_thing((h, w), BoardView.from_corners(
                    clip.geometry, clip.corners, (w, h)), rng)
            if fx.exposure and k >= 0:
                rest = float(rng.uniform(-1, 1)) * p["ae_rest"]
        if linger is not None:
            gain, colour = linger
            if colour is None:
                img = img * gain[..., None]
            else:
                img = img * (1 - gain[..., None]) + colour * gain[..., None]
        # optics: framing and the camera's wobble
        if fx.wobble and put_down:
            amp = rng.uniform(*p["wobble_px"])
            angle = rng.uniform(0, 2 * np.pi)
            swing.append((i, amp * np.array([np.cos(angle), np.sin(angle)])))
            offset = offset + rng.uniform(0, 0.3) * swing[-1][1]
        shift = offset.copy()
        for start, vec in swing:
            t = (i - start) / fps
            shift += vec * np.exp(-t / p["wobble_s"]) * np.cos(2 * np.pi * p["wobble_hz"] * t)
        swing = [(s, v) for s, v in swing if (i - s) / fps < 5 * p["wobble_s"]]
        T = np.array([[1, 0, shift[0]], [0, 1, shift[1]], [0, 0, 1.0]]) @ F
        if lens is None:
            img = cv2.warpPerspective(img, T, (w, h), flags=cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_REFLECT)
        else:
            img = through_lens(img, lens, T, ideal)
        # the sensor: auto-exposure and white balance chasing the hand, flicker
        if fx.exposure:
            target = p["ae_step"] if hand else rest
            tau = p["ae_in_s"] if hand else p["ae_out_s"]
            a = 1 - np.exp(-1 / (tau * fps))
            exposure += (target - exposure) * a
            wb_target = np.array([p["wb_step"][1], 0, p["wb_step"][0]], np.float32) \
                if hand else np.zeros(3, np.float32)
            wb += (wb_target - wb) * a
        gain = np.exp(exposure + wb).astype(np.float32)[None, None, :]
        if fx.flicker:
            phase = rng.uniform(0, 2 * np.pi)
            gain = gain * (1 + p["flicker"] * np.sin(phase)) * (
                1 + p["bands"] * np.sin(2 * np.pi * ys / p["band_rows"] + phase * 3))
        img = img * gain
        if fx.noise:
            # the mean of the three channels, summed in img.mean(axis=2)'s order (the same
            # numbers but for the sign of a zero, ten times faster)
            level = img[..., 0:1] + img[..., 1:2]
            level += img[..., 2:3]
            level /= 3
            sigma = np.sqrt(p["noise"] ** 2 + 0.02 * np.clip(level, 0, 255))
            # rng.normal(0, 1, ...)'s draws (0 + 1 * x), made without the sum and product
            lum = rng.standard_normal((h, w, 1)).astype(np.float32)
            col = rng.standard_normal((h, w, 3)).astype(np.float32)
            col *= 0.5 * p["chroma_noise"]
            col += lum
            grain = sigma * col / np.sqrt(1 + 0.25 * p["chroma_noise"] ** 2)
            grain += img
            img = grain
        out = np.clip(img, 0, 255, out=img).astype(np.uint8)
        if fx.jpeg:
            ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, p["jpeg"]])
            out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
        frames.append(out)
        hands.append(hand)
    return Filmed(frames, corners, len(clip.spans), hands, p)


# -- clips from the material we have ---------------------------------------------------------
def clip_of_video(video: Any) -> Clip:
    """A vision-dev legal video (:class:`companion.vision.devdata.Video`) as a clip."""
    from companion.vision.devbench import video_frames
    from companion.vision.geometry import get_geometry

    t = video.truth
    frames = list(video_frames(video))
    hand = [bool(f["hand"]) or not bool(f["stable"]) for f in t["frames"]]
    spans = []
    for m in t["moves"]:
        first, settled = int(m["first_frame"]), int(m["settled_frame"])
        spans.append(MoveSpan(first, settled - 1, (m["from"],)))
    return Clip(frames, hand, np.asarray(t["corners"], float), get_geometry(t["geometry"]),
                spans)


def clip_of_game(variant: str, plies: int, seed: int, calm: int = 5, hand: int = 3
                 ) -> tuple[Clip, list[str], str | None]:
    """One of our renders: a random game of ``plies`` moves from ``seed`` (moves as text)."""
    from companion.rules import get_variant
    from companion.vision.geometry import geometry_for_cells
    from companion.vision.synth import finish, random_scene, render_static
    from companion.vision.synth.render import true_corners
    from companion.vision.synth.video import _after, occupancy_of, random_game

    rng = np.random.default_rng(seed)
    pos = get_variant(variant).start_position()
    g = geometry_for_cells(list(pos.geometry.cells))
    truth = random_game(pos, plies, rng)
    scene = random_scene(rng, g)
    scene.noise_sigma = 0.5  # the webcam adds its own
    scene.jpeg_quality = 95
    frames: list[np.ndarray] = []
    flags: list[bool] = []
    spans = []
    played = 0
    try:
        static = render_static(scene, occupancy_of(pos, g.cells))
        for i in range(len(truth) + 1):
            frames += [finish(scene, static, rng) for _ in range(calm)]
            flags += [False] * calm
            if i == len(truth):
                break
            move = pos.parse_move(truth[i])
            origin = _origins(pos, move, tuple(g.cells))
            after = render_static(scene, _after(pos, truth[i], g.cells))
            first = len(frames)
            for k in range(hand):
                frames.append(finish(scene, static if k < hand // 2 else after, rng, hand=True))
                flags.append(True)
            spans.append(MoveSpan(first, len(frames) - 1, origin))
            pos.push(move)
            played += 1
            static = after  # the board after the move is the next calm one
    finally:
        for _ in range(played):
            pos.pop()
    return Clip(frames, flags, true_corners(scene), g, spans), truth, None


def _origins(position: Any, move: Any, cells: tuple[str, ...]) -> tuple[str, ...]:
    """The cell the moving piece leaves (where a lifted piece was), from the move's text."""
    import re

    found = re.match(r"[a-z]\d+", str(move))
    return (found.group(0),) if found and found.group(0) in cells else ()


# Someone standing by the table as the station starts (a referee, a player, a spectator
# leaning in), then walking off before the first move: their shadow lies over part of the
# board while the camera learns it. A soft-edged patch (an ellipse whose half-axes are a
# quarter to a half of the picture's width and height, so half to all of it across; its edge
# a Gaussian blur of sigma 2-8 % of the width) darkened by 25-50 %, still for ``hold_s``
# seconds, then fading out over ``fade_s`` (walking off), before the clip's own first calm
# frames. Our choice of ranges, not measured: a person's shadow under a room's ceiling lights
# is soft and takes a quarter to a half of the light.
SHADOW_START_HOLD_S = 1.5
SHADOW_START_FADE_S = 0.3


# A spotlight (a stage's, a hall's) casts a hard-edged shadow instead: its edge blurred by
# SHADOW_HARD_EDGE pixels only.
SHADOW_HARD_EDGE = 2.0


def shadow_mask(shape: tuple[int, ...], rng: np.random.Generator, hard: bool = False
                ) -> np.ndarray:
    """(h, w) light factor of a standing person's soft shadow (1 outside it); ``hard``: its
    edge sharp, as under a spotlight (the same draws otherwise)."""
    h, w = shape[:2]
    centre = (int(rng.uniform(0.2, 0.8) * w), int(rng.uniform(0.2, 0.8) * h))
    axes = (int(rng.uniform(0.25, 0.5) * w), int(rng.uniform(0.25, 0.5) * h))
    mask = np.zeros((h, w), np.float32)
    cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
    soft = float(rng.uniform(0.02, 0.08)) * w
    mask = cv2.GaussianBlur(mask, (0, 0), SHADOW_HARD_EDGE if hard else soft)
    return 1.0 - float(rng.uniform(0.25, 0.5)) * mask


def shadow_at_start(frames: list[np.ndarray], hand: list[bool], fps: float, seed: int,
                    hold_s: float = SHADOW_START_HOLD_S, fade_s: float = SHADOW_START_FADE_S
                    ) -> list[np.ndarray]:
    """``frames`` (a filmed game: ``hand`` flags which show a hand) with a shadow at its start:
    the calm frames before the first hand (but the last two, which a hand coming in may
    already shade), cycled (each keeps its own grain), under a person's shadow
    (:func:`shadow_mask`, drawn from ``seed``) for ``hold_s`` seconds, the shadow then fading
    out over ``fade_s``; then the game's own frames, from its first, as filmed."""
    rng = np.random.default_rng([seed, 11])
    first_hand = hand.index(True) if True in hand else len(frames)
    calm = frames[:max(first_hand - 2, 1)]
    mask = shadow_mask(frames[0].shape, rng)[..., None]
    held, fading = int(round(hold_s * fps)), max(1, int(round(fade_s * fps)))
    out = []
    for i in range(held + fading):
        gone = (i - held + 1) / fading if i >= held else 0.0
        light = mask + (1.0 - mask) * gone
        out.append(np.clip(calm[i % len(calm)].astype(np.float32) * light, 0, 255)
                   .astype(np.uint8))
    return out + list(frames)


def shadow_into_first_move(frames: list[np.ndarray], hand: list[bool], fps: float, seed: int,
                           hard: bool = True, hold_s: float = SHADOW_START_HOLD_S
                           ) -> list[np.ndarray]:
    """``frames`` (a filmed game: ``hand`` flags which show a hand) with a person's shadow
    (:func:`shadow_mask`, hard-edged by default) lying over the board from before the game
    into its first move: the calm frames before the first hand (but the last two) cycled for
    ``hold_s`` seconds, then the game's own frames, the shadow still there until halfway
    through the first move's hand and fading out by its end (the person steps away as the
    player reaches in), then gone. Unlike :func:`shadow_at_start`, no calm picture without
    the shadow comes before the first move."""
    rng = np.random.default_rng([seed, 11])
    first = hand.index(True) if True in hand else len(frames)
    end = first
    while end < len(hand) and hand[end]:
        end += 1
    calm = frames[:max(first - 2, 1)]
    mask = shadow_mask(frames[0].shape, rng, hard)[..., None]
    lead = [calm[i % len(calm)] for i in range(int(round(hold_s * fps)))]
    mid, stop = len(lead) + (first + end) // 2, len(lead) + end
    out = []
    for i, frame in enumerate(lead + list(frames)):
        if i >= stop:
            out.append(frame)
            continue
        gone = (i - mid + 1) / max(stop - mid, 1) if i >= mid else 0.0
        light = mask + (1.0 - mask) * gone
        out.append(np.clip(frame.astype(np.float32) * light, 0, 255).astype(np.uint8))
    return out


def nudged(frames: "list[np.ndarray]", at: int, shift: "tuple[float, float]"
           ) -> list[np.ndarray]:
    """``frames`` with every one from ``at`` on shifted by ``shift`` (pixels right, down): the
    camera nudged (a table bumped, a clamp slipping a little) or knocked, for good; the edge
    left bare repeats the picture's."""
    m = np.float32([[1, 0, shift[0]], [0, 1, shift[1]]])
    return [f if i < at else cv2.warpAffine(f, m, (f.shape[1], f.shape[0]),
                                            borderMode=cv2.BORDER_REPLICATE)
            for i, f in enumerate(frames)]
