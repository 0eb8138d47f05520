"""The camera's view of the board: corners, the straightened top-down image and piece lean.

A :class:`BoardView` maps a photo to a top-down image in which every cell is ``cell_px``
pixels square, rank 1 at the bottom, with ``margin`` cells of surroundings on every side
(enough for Camerlano's citadels and for the strip where a hand enters the picture).
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
    return np.array(values, dtype=np.float64).reshape(4, 2)


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
    H_img_from_plane: np.ndarray = field(init=False, repr=False)
    M_top_from_img: np.ndarray = field(init=False, repr=False)
    nadir: np.ndarray = field(init=False, repr=False)
    height: float = field(init=False)

    def __post_init__(self) -> None:
        self.corners = np.asarray(self.corners, dtype=np.float64).reshape(4, 2)
        plane = np.array(self.geometry.corners_plane, dtype=np.float32)
        self.H_img_from_plane = cv2.getPerspectiveTransform(plane, self.corners.astype(np.float32))
        S, m, g = self.cell_px, self.margin, self.geometry
        top_from_plane = np.array([[S, 0, m * S], [0, -S, (g.ranks + m) * S], [0, 0, 1.0]])
        self.M_top_from_img = top_from_plane @ np.linalg.inv(self.H_img_from_plane)
        self.nadir, self.height = estimate_lean(self.H_img_from_plane, self.image_size)

    @classmethod
    def from_corners(cls, geometry: BoardGeometry, corners: object, image_size: tuple[int, int],
                     cell_px: int = 32) -> "BoardView":
        pts = np.asarray(corners, dtype=np.float64).reshape(4, 2)
        area = cv2.contourArea(pts.astype(np.float32))
        if abs(area) < 100:
            raise ValueError("the four corners enclose no area: give them in the order a1, "
                             "last file on rank 1, far corner, a on the last rank")
        return cls(geometry, pts, image_size, cell_px)

    @property
    def top_size(self) -> tuple[int, int]:
        g, S, m = self.geometry, self.cell_px, self.margin
        return int(round((g.files + 2 * m) * S)), int(round((g.ranks + 2 * m) * S))

    def warp(self, image: np.ndarray) -> np.ndarray:
        """The top-down image (same dtype as ``image``)."""
        return cv2.warpPerspective(image, self.M_top_from_img, self.top_size,
                                   flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def plane_to_top(self, uv: np.ndarray) -> np.ndarray:
        """Top-down pixel positions of plane points (cell units)."""
        g, S, m = self.geometry, self.cell_px, self.margin
        uv = np.asarray(uv, float)
        return np.stack([(uv[..., 0] + m) * S, (g.ranks + m - uv[..., 1]) * S], axis=-1)

    def plane_to_image(self, uv: np.ndarray) -> np.ndarray:
        uv = np.asarray(uv, float).reshape(-1, 2)
        p = np.column_stack([uv, np.ones(len(uv))]) @ self.H_img_from_plane.T
        return p[:, :2] / p[:, 2:3]

    def lean(self, uv: np.ndarray) -> np.ndarray:
        """How far (cells) the top of a piece one cell tall leans from its base, as a vector."""
        d = np.asarray(uv, float) - self.nadir
        return d / max(self.height - 1.0, 1.0)
