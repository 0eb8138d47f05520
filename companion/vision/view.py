"""The camera's view of the board: corners, the straightened top-down image and piece lean.

A :class:`BoardView` maps a photo to a top-down image in which every cell is ``cell_px``
pixels square, rank 1 at the bottom, with ``margin`` cells of surroundings on every side
(enough for Camerlano's citadels and for the strip where a hand enters the picture).

A webcam's lens bends straight lines (barrel distortion): a :class:`Lens` says how, and
:class:`Corners` are the four corners as seen in the photo *with* the lens that bends them.
Every reader takes corners; a ``Corners`` carries its lens through them unchanged (the board
found by :func:`companion.vision.calibration.find_board` is one), and the view then maps
the board plane through the homography of the corners *straightened* and bends the result
back, so an edge cell lands where the photo shows it. Plain corners mean no lens: the
straightening is then the single perspective warp it always was.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.vision.geometry import BoardGeometry


def parse_corners(text: str) -> np.ndarray:
    """``X1,Y1,...,X4,Y4`` as a (4, 2) array; a clear error otherwise.

    >>> parse_corners("10,400,300,400,300,100,10,100").tolist()[1]
    [300.0, 400.0]
    """
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    if len(parts) != 8:
        raise ValueError(f"--corners needs 8 numbers X1,Y1,...,X4,Y4, got {len(parts)} in {text!r}")
    try:
        values = [float(p) for p in parts]
    except ValueError:
        raise ValueError(f"--corners: not a number in {text!r}") from None
    if not all(np.isfinite(values)):
        raise ValueError(f"--corners: every number must be finite, got {text!r}")
    return np.array(values, dtype=np.float64).reshape(4, 2)


CORNERS_OUTSIDE = 0.1  # share of the image's width or height the given corners may lie beyond it


def check_corners(corners: np.ndarray, image_size: tuple[int, int], cells: int = 8) -> None:
    """ValueError naming what is wrong when corners given for an image of ``image_size``
    cannot be its board's: lying beyond the image (more than :data:`CORNERS_OUTSIDE`), or
    so close together that a cell would be under 2 pixels (``cells`` along the longer side).

    >>> check_corners(parse_corners("10,400,300,400,300,100,10,100"), (640, 480))
    >>> check_corners(parse_corners("-5,-5,1e9,0,1e9,1e9,0,1e9"), (640, 480))
    Traceback (most recent call last):
    ...
    ValueError: --corners: (1000000000, 0) lies outside the 640x480 image
    """
    w, h = image_size
    for x, y in np.asarray(corners, float).reshape(4, 2):
        if not (-CORNERS_OUTSIDE * w <= x <= (1 + CORNERS_OUTSIDE) * w
                and -CORNERS_OUTSIDE * h <= y <= (1 + CORNERS_OUTSIDE) * h):
            raise ValueError(f"--corners: ({x:.0f}, {y:.0f}) lies outside the {w}x{h} image")
    pts = np.asarray(corners, float).reshape(4, 2)
    sides = np.linalg.norm(pts - np.roll(pts, 1, axis=0), axis=1)
    if sides.min() < 2 * cells:
        raise ValueError(f"--corners: two corners {sides.min():.1f} pixels apart: too close for "
                         f"a board of {cells} cells a side")


def estimate_lean(H: np.ndarray, image_size: tuple[int, int]) -> tuple[np.ndarray, float]:
    """The camera's nadir on the board plane (cell units) and its height above it.

    From the plane-to-image homography ``H``, assuming square pixels and the principal point
    at the image centre; the focal length comes from the orthogonality of the board's axes
    (falls back to the image width when the view is too frontal to tell).
    """
    w, h = image_size
    T = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1.0]])
    Hc = T @ H
    h1, h2, h3 = Hc[:, 0], Hc[:, 1], Hc[:, 2]
    f = float(w)
    den = h1[2] * h2[2]
    if abs(den) > 1e-12:
        f2 = -(h1[0] * h2[0] + h1[1] * h2[1]) / den
        if 0.25 * w * w < f2 < 16 * w * w:
            f = float(np.sqrt(f2))
    Kinv = np.diag([1 / f, 1 / f, 1.0])
    r1, r2, t = Kinv @ h1, Kinv @ h2, Kinv @ h3
    scale = 2.0 / (np.linalg.norm(r1) + np.linalg.norm(r2))
    r1, r2, t = r1 * scale, r2 * scale, t * scale
    if t[2] < 0:
        r1, r2, t = -r1, -r2, -t
    r3 = np.cross(r1, r2)
    R = np.stack([r1, r2, r3], axis=1)
    centre = -R.T @ t
    return centre[:2], float(abs(centre[2]))


@dataclass(frozen=True)
class Lens:
    """Radial distortion about ``centre`` (px), one-parameter division model.

    ``ideal = centre + (seen - centre) / (1 + k * r**2)`` with ``r = |seen - centre| / focal``
    (normalised units, as OpenCV's ``k1``; to first order the division model's ``k`` is the
    polynomial model's ``k1``: negative for barrel distortion, where the picture's edges are
    pulled in). One parameter is enough for the mild lenses of webcams (Fitzgibbon, "Simultaneous
    linear estimation of multiple view geometry and lens distortion", CVPR 2001), and both
    ways are closed forms: seen -> ideal above, ideal -> seen a quadratic's root.

    >>> lens = Lens(-0.2, (320.0, 240.0), 457.0)
    >>> p = np.array([[600.0, 450.0], [320.0, 240.0]])
    >>> bool(np.allclose(lens.undistort(lens.distort(p)), p))
    True
    >>> bool(np.linalg.norm(lens.distort(p)[0] - (320, 240)) < np.linalg.norm(p[0] - (320, 240)))
    True
    """

    k: float
    centre: tuple[float, float]
    focal: float

    @classmethod
    def for_image(cls, k: float, image_size: tuple[int, int], fov_deg: float = 70.0,
                  offset: tuple[float, float] = (0.0, 0.0)) -> "Lens":
        """A lens of horizontal field of view ``fov_deg`` on pictures of ``image_size``, its
        optical centre ``offset`` (shares of the width and height) from the picture's."""
        w, h = image_size
        focal = w / 2 / np.tan(np.radians(fov_deg) / 2)
        return cls(float(k), (w / 2 + offset[0] * w, h / 2 + offset[1] * h), float(focal))

    def undistort(self, pts: np.ndarray) -> np.ndarray:
        """Where points seen in the photo would be through a perfect lens."""
        pts = np.asarray(pts, float)
        c = np.asarray(self.centre, float)
        d = pts - c
        r2 = (d ** 2).sum(axis=-1, keepdims=True) / self.focal ** 2
        return c + d / (1 + self.k * r2)

    def distort(self, pts: np.ndarray) -> np.ndarray:
        """Where ideal (perfect-lens) points are seen in the photo."""
        pts = np.asarray(pts, float)
        if self.k == 0:
            return pts.copy()
        c = np.asarray(self.centre, float)
        d = pts - c
        ru2 = (d[..., :1] ** 2 + d[..., 1:2] ** 2) / self.focal ** 2
        # r_u = r_d / (1 + k r_d^2): the root r_d = (1 - sqrt(1 - 4 k r_u^2)) / (2 k r_u),
        # that is r_d / r_u = 2 / (1 + sqrt(1 - 4 k r_u^2)) (no division by r_u)
        return c + d * (2.0 / (1.0 + np.sqrt(np.maximum(1.0 - 4.0 * self.k * ru2, 0.0))))

    def as_dict(self) -> dict[str, float]:
        return {"k": self.k, "cx": self.centre[0], "cy": self.centre[1], "focal": self.focal}

    @classmethod
    def from_dict(cls, data: dict[str, float]) -> "Lens":
        return cls(float(data["k"]), (float(data["cx"]), float(data["cy"])), float(data["focal"]))


class Corners(np.ndarray):
    """Four corners as seen in the photo (a (4, 2) float array), and the lens that bends
    the board's lines there (``lens``, None for none). Slices, turns (``np.roll``) and copies
    keep the lens; ``np.asarray`` drops it (then a caller gets the corners alone).

    >>> c = Corners([[0, 400], [400, 400], [400, 0], [0, 0]], Lens(-0.1, (200.0, 200.0), 300.0))
    >>> np.roll(c, 1, axis=0).lens.k, type(np.asarray(c)).__name__
    (-0.1, 'ndarray')
    """

    lens: "Lens | None"

    def __new__(cls, corners: object, lens: "Lens | None" = None) -> "Corners":
        obj = np.array(corners, dtype=np.float64).reshape(4, 2).view(cls)
        obj.lens = lens
        return obj

    def __array_finalize__(self, obj: object) -> None:
        self.lens = getattr(obj, "lens", None)


def lens_of(corners: object) -> "Lens | None":
    """The lens carried by ``corners`` (None for plain corners or a lens that bends nothing)."""
    lens = getattr(corners, "lens", None)
    return lens if lens is not None and lens.k != 0 else None


MIN_AREA = 100.0  # square pixels: four corners enclosing less are no board


@dataclass
class BoardView:
    """Where the board is in the photo, and how to straighten it.

    >>> from companion.vision.geometry import get_geometry
    >>> v = BoardView.from_corners(get_geometry("8x8"), [[0, 400], [400, 400], [400, 0], [0, 0]],
    ...                            (400, 400))
    >>> v.top_size
    (384, 384)
    """

    geometry: BoardGeometry
    corners: np.ndarray  # (4, 2) image positions of the playing area's corners
    image_size: tuple[int, int]  # (width, height) of the photos
    cell_px: int = 32
    margin: float = 2.0
    lens: "Lens | None" = None  # None: the lens the corners carry, if any
    H_img_from_plane: np.ndarray = field(init=False, repr=False)
    M_top_from_img: np.ndarray = field(init=False, repr=False)
    nadir: np.ndarray = field(init=False, repr=False)
    height: float = field(init=False)

    def __post_init__(self) -> None:
        if self.lens is None:
            self.lens = lens_of(self.corners)
        elif self.lens.k == 0:
            self.lens = None
        plain = np.array(self.corners, dtype=np.float64).reshape(4, 2)
        # the corners as a perfect lens would show them: the plane's homography lives there
        ideal = plain if self.lens is None else self.lens.undistort(plain)
        self.corners = plain if self.lens is None else Corners(plain, self.lens)
        plane = np.array(self.geometry.corners_plane, dtype=np.float32)
        self.H_img_from_plane = cv2.getPerspectiveTransform(plane, ideal.astype(np.float32))
        S, m, g = self.cell_px, self.margin, self.geometry
        top_from_plane = np.array([[S, 0, m * S], [0, -S, (g.ranks + m) * S], [0, 0, 1.0]])
        self.M_top_from_img = top_from_plane @ np.linalg.inv(self.H_img_from_plane)
        self.nadir, self.height = estimate_lean(self.H_img_from_plane, self.image_size)
        self._maps: tuple[np.ndarray, np.ndarray] | None = None

    @classmethod
    def from_corners(cls, geometry: BoardGeometry, corners: object, image_size: tuple[int, int],
                     cell_px: int = 32) -> "BoardView":
        pts = np.asarray(corners, dtype=np.float64).reshape(4, 2)
        area = cv2.contourArea(pts.astype(np.float32))
        if abs(area) < MIN_AREA:
            raise ValueError("the four corners enclose no area: give them in the order a1, "
                             "last file on rank 1, far corner, a on the last rank")
        return cls(geometry, pts, image_size, cell_px, lens=lens_of(corners))

    @property
    def top_size(self) -> tuple[int, int]:
        g, S, m = self.geometry, self.cell_px, self.margin
        return int(round((g.files + 2 * m) * S)), int(round((g.ranks + 2 * m) * S))

    def warp(self, image: np.ndarray) -> np.ndarray:
        """The top-down image (same dtype as ``image``). Through a lens, the straightening
        and the undoing of the lens are one ``cv2.remap`` with maps made once per view."""
        if self.lens is None:
            return cv2.warpPerspective(image, self.M_top_from_img, self.top_size,
                                       flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        if self._maps is None:
            w, h = self.top_size
            xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
            top = np.stack([xs.ravel(), ys.ravel(), np.ones(w * h)], axis=1)
            p = top @ np.linalg.inv(self.M_top_from_img).T
            seen = self.lens.distort(p[:, :2] / p[:, 2:3]).astype(np.float32)
            self._maps = cv2.convertMaps(seen[:, 0].reshape(h, w), seen[:, 1].reshape(h, w),
                                         cv2.CV_16SC2)
        return cv2.remap(image, self._maps[0], self._maps[1], cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)

    def image_xy(self, u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Photo positions (x, y arrays) of plane points given as u and v arrays of any
        shape: the homography by hand (fast on many points), then the lens."""
        H = self.H_img_from_plane
        z = H[2, 0] * u + H[2, 1] * v + H[2, 2]
        x = (H[0, 0] * u + H[0, 1] * v + H[0, 2]) / z
        y = (H[1, 0] * u + H[1, 1] * v + H[1, 2]) / z
        if self.lens is None:
            return x, y
        (cx, cy), k = self.lens.centre, self.lens.k  # Lens.distort, on the two arrays
        dx, dy = x - cx, y - cy
        scale = 2.0 / (1.0 + np.sqrt(np.maximum(
            1.0 - (4.0 * k / self.lens.focal ** 2) * (dx * dx + dy * dy), 0.0)))
        return cx + dx * scale, cy + dy * scale

    def plane_to_top(self, uv: np.ndarray) -> np.ndarray:
        """Top-down pixel positions of plane points (cell units)."""
        g, S, m = self.geometry, self.cell_px, self.margin
        uv = np.asarray(uv, float)
        return np.stack([(uv[..., 0] + m) * S, (g.ranks + m - uv[..., 1]) * S], axis=-1)

    def plane_to_image(self, uv: np.ndarray) -> np.ndarray:
        uv = np.asarray(uv, float).reshape(-1, 2)
        p = np.column_stack([uv, np.ones(len(uv))]) @ self.H_img_from_plane.T
        p = p[:, :2] / p[:, 2:3]
        return p if self.lens is None else self.lens.distort(p)

    def lean(self, uv: np.ndarray) -> np.ndarray:
        """How far (cells) the top of a piece one cell tall leans from its base, as a vector."""
        d = np.asarray(uv, float) - self.nadir
        return d / max(self.height - 1.0, 1.0)
