"""A pinhole camera with radial lens distortion, placed above the board plane (z up)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Camera:
    """Intrinsics ``K``, distortion ``dist`` (k1, k2, p1, p2), pose ``R``, ``t`` and image size.

    World points are (u, v, z) in cell units, u along the files, v along the ranks, z up.
    """

    K: np.ndarray
    dist: np.ndarray
    R: np.ndarray
    t: np.ndarray
    size: tuple[int, int]  # (width, height)

    @property
    def centre(self) -> np.ndarray:
        """Camera position in world coordinates."""
        return -self.R.T @ self.t

    def project(self, points: np.ndarray, distort: bool = True) -> np.ndarray:
        """Image positions (N, 2) of world points (N, 3)."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 3)
        cam = pts @ self.R.T + self.t
        xy = cam[:, :2] / cam[:, 2:3]
        if distort:
            k1, k2 = self.dist[0], self.dist[1]
            r2 = (xy**2).sum(axis=1, keepdims=True)
            xy = xy * (1 + k1 * r2 + k2 * r2 * r2)
        return xy * [self.K[0, 0], self.K[1, 1]] + [self.K[0, 2], self.K[1, 2]]

    def plane_homography(self) -> np.ndarray:
        """Homography from the board plane (u, v, 1) to undistorted image pixels."""
        H = self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], self.t])
        return H / H[2, 2]

    def distortion_maps(self) -> tuple[np.ndarray, np.ndarray]:
        """Maps for ``cv2.remap`` turning an undistorted rendering into a distorted photo."""
        w, h = self.size
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
        pts = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
        ideal = cv2.undistortPoints(pts, self.K, self.dist, P=self.K).reshape(h, w, 2)
        return ideal[..., 0].astype(np.float32), ideal[..., 1].astype(np.float32)


def look_at(
    target: np.ndarray,
    position: np.ndarray,
    up_hint: np.ndarray,
    focal_px: float,
    size: tuple[int, int],
    roll_rad: float = 0.0,
    dist: tuple[float, float] = (0.0, 0.0),
) -> Camera:
    """A camera at ``position`` looking at ``target``; ``up_hint`` is up in the picture."""
    z = np.asarray(target, float) - np.asarray(position, float)
    z /= np.linalg.norm(z)
    up = np.asarray(up_hint, float)
    y = -(up - up.dot(z) * z)
    y /= np.linalg.norm(y)
    x = np.cross(y, z)
    R = np.stack([x, y, z])
    c, s = np.cos(roll_rad), np.sin(roll_rad)
    R = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]) @ R
    t = -R @ np.asarray(position, float)
    w, h = size
    K = np.array([[focal_px, 0, w / 2], [0, focal_px, h / 2], [0, 0, 1]], dtype=np.float64)
    return Camera(K, np.array([dist[0], dist[1], 0.0, 0.0]), R, t, size)
