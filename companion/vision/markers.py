"""Printed corner markers, for light too difficult to find the board by its squares.

Print the ArUco markers 0, 1, 2 and 3 of the 4x4 dictionary (``DICT_4X4_50``) and lay each
one just outside a corner of the playing area, touching it: 0 at the a1 corner, 1 past the
last file on rank 1, 2 at the far corner, 3 beyond file a on the last rank (the order of
``--corners``), its white border's corner touching the board's corner. The printed border is
a sixth of the black square on each side, so the board's corner lies a third further out
than the black square's inner corner, along the marker's diagonal.

>>> import numpy as np
>>> find_markers(np.zeros((120, 160, 3), np.uint8)) is None
True
"""

from __future__ import annotations

import cv2
import numpy as np

MARKER_IDS = (0, 1, 2, 3)
BORDER = 1 / 6  # white border on each side, as a share of the black square


def _dictionary() -> "cv2.aruco.Dictionary":
    return cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def marker_image(marker_id: int, size_px: int) -> np.ndarray:
    """The printable marker ``marker_id`` as a grey image with a white quiet border."""
    inner = cv2.aruco.generateImageMarker(_dictionary(), marker_id, size_px)
    pad = max(2, int(round(size_px * BORDER)))
    return cv2.copyMakeBorder(inner, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)


def find_markers(image: np.ndarray) -> np.ndarray | None:
    """The board's four corners (CLI order) from the four markers, or None if any is missing."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    detector = cv2.aruco.ArucoDetector(_dictionary(), cv2.aruco.DetectorParameters())
    found, ids, _rejected = detector.detectMarkers(gray)
    if ids is None:
        return None
    by_id: dict[int, np.ndarray] = {}
    for quad, marker_id in zip(found, ids.ravel()):
        if int(marker_id) in MARKER_IDS and int(marker_id) not in by_id:
            by_id[int(marker_id)] = quad.reshape(4, 2).astype(np.float64)
    if len(by_id) != 4:
        return None
    middle = np.mean([q.mean(axis=0) for q in by_id.values()], axis=0)
    corners = []
    for marker_id in MARKER_IDS:
        quad = by_id[marker_id]
        inner = quad[int(np.argmin(np.linalg.norm(quad - middle, axis=1)))]
        centre = quad.mean(axis=0)
        corners.append(centre + (inner - centre) * (1 + 2 * BORDER))
    return np.array(corners)
