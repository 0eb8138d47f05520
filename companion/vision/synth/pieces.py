"""Turned chess pieces drawn as shaded solids of revolution seen by the camera."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.synth.camera import Camera
from companion.vision.synth.scene import PROFILES

SLICES = 12
SECTORS = 20


def profile_points(kind: int, scale: float, base_radius: float) -> tuple[np.ndarray, np.ndarray]:
    """Heights and radii (cell units) of the slices of a piece of profile ``kind``."""
    height, ctrl = PROFILES[kind]
    ctrl_arr = np.array(ctrl, float)
    t = np.linspace(0, 1, SLICES + 1)
    r = np.interp(t, ctrl_arr[:, 0], ctrl_arr[:, 1]) * base_radius
    return t * height * scale, r


def draw_piece(
    canvas: np.ndarray,
    camera: Camera,
    centre: tuple[float, float],
    colour: np.ndarray,
    kind: int,
    scale: float,
    base_radius: float,
    light_dir: np.ndarray,
    glossy: float,
) -> None:
    """Paint one piece standing at ``centre`` (cell units) onto an undistorted float canvas."""
    z, r = profile_points(kind, scale, base_radius)
    ang = np.linspace(0, 2 * np.pi, SECTORS, endpoint=False)
    cu, cv = centre
    pts = np.stack(
        [cu + r[:, None] * np.cos(ang)[None], cv + r[:, None] * np.sin(ang)[None],
         np.repeat(z[:, None], SECTORS, axis=1)], axis=-1)
    img = camera.project(pts.reshape(-1, 3), distort=False).reshape(SLICES + 1, SECTORS, 2)
    fixed = np.round(img * 16).astype(np.int32)  # OpenCV's fixed point (shift=4)
    eye = camera.centre
    # every slice and sector at once (each number as it was made slice by slice)
    dz = np.diff(z)
    dr = np.diff(r)
    mid_a = ang + np.pi / SECTORS
    shape = (SLICES, SECTORS)
    slope = -dr / np.maximum(dz, 1e-6)
    normals = np.stack([np.broadcast_to(np.cos(mid_a), shape),
                        np.broadcast_to(np.sin(mid_a), shape),
                        np.broadcast_to(slope[:, None], shape)], axis=-1)
    normals /= np.linalg.norm(normals, axis=-1, keepdims=True)
    mid = np.stack([cu + r[:-1, None] * np.cos(mid_a), cv + r[:-1, None] * np.sin(mid_a),
                    np.broadcast_to(z[:-1, None], shape)], axis=-1)
    view = eye - mid
    view /= np.linalg.norm(view, axis=-1, keepdims=True)
    facing = (normals * view).sum(axis=-1) > -0.05
    diffuse = np.clip(np.stack([n @ light_dir for n in normals]), 0, 1)
    half = light_dir + view
    half /= np.linalg.norm(half, axis=-1, keepdims=True)
    spec = np.clip((normals * half).sum(axis=-1), 0, 1) ** 30 * glossy
    shade = 0.35 + 0.75 * diffuse
    cols = np.clip(colour * shade[..., None] + (255 * spec)[..., None], 0, 255).tolist()
    nxt = (np.arange(SECTORS) + 1) % SECTORS
    quads = np.stack([fixed[:-1], fixed[:-1, nxt], fixed[1:, nxt], fixed[1:]], axis=2)
    order = np.argsort(-np.linalg.norm(eye - mid, axis=-1), axis=-1)  # far sectors first
    for k in range(SLICES):
        for j in order[k][facing[k][order[k]]]:
            cv2.fillConvexPoly(canvas, quads[k, j], cols[k][j], lineType=cv2.LINE_AA, shift=4)
    if r[-1] > 0.02:
        shade = 0.35 + 0.75 * max(0.0, float(light_dir[2]))
        col = np.clip(colour * shade, 0, 255)
        cv2.fillConvexPoly(canvas, np.round(img[-1] * 16).astype(np.int32), col.tolist(),
                           lineType=cv2.LINE_AA, shift=4)


def shadow_mask(
    shape: tuple[int, int],
    to_texture: np.ndarray,
    centre: tuple[float, float],
    kind: int,
    scale: float,
    base_radius: float,
    light_dir: np.ndarray,
    mask: np.ndarray,
) -> None:
    """Add the shadow a piece casts on the board plane to ``mask`` (texture pixels)."""
    z, r = profile_points(kind, scale, base_radius)
    horiz = light_dir[:2] / max(light_dir[2], 0.2)
    for zk, rk in zip(z[::2], r[::2]):
        cu, cv = centre[0] - horiz[0] * zk, centre[1] - horiz[1] * zk
        p = to_texture @ np.array([cu, cv, 1.0])
        radius = rk * to_texture[0, 0]
        cv2.circle(mask, (int(p[0] / p[2]), int(p[1] / p[2])), max(1, int(radius)), 1.0, -1)
