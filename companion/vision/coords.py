"""Reading the coordinates printed on a board's frame to name its a1 corner.

Club boards mostly carry the file letters along the rank-1 edge (often along the last rank's
too) and the rank digits along the file-a edge (often along the last file's too). The squares
of an 8x8 board tell the board's corners only up to a half turn; the printed labels tell the
rest: along each edge of the frame, at cell pitch, the glyphs read ``a b c ...`` from the a1
corner on and ``1 2 3 ...`` from it up, however each edge's glyphs are turned.

Each way of naming the corners (an *option*) says which label stands beside every cell of
every edge. The labels are drawn by us with OpenCV's own fonts (several faces, weights,
sizes, the four quarter turns, light or dark) and matched against the frame beside each cell;
an edge's score is its best-matching drawing of the labels the option expects there. The
option whose labels match clearly better than the others' names the corners; when no edge
reads clearly (no printed labels, glyphs too small to read, a plain frame) it abstains.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.vision.geometry import FILE_LETTERS, BoardGeometry
from companion.vision.view import BoardView

CELL_PX = 40  # pixels per cell in the straightened frame
NEAR, FAR = 0.08, 1.05  # the strip beside an edge where labels stand, in cells from the edge
FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX)
WEIGHTS = (1, 2)
HEIGHTS = (0.16, 0.21, 0.27, 0.34)  # glyph heights tried, in cells


@lru_cache(maxsize=4096)
def _template(text: str, font: int, weight: int, turn: int, height: int) -> np.ndarray:
    """``text`` drawn light on dark, cropped to its ink, ``height`` pixels tall when upright,
    turned ``turn`` quarter turns; zero mean."""
    big = 60
    scale = cv2.getFontScaleFromHeight(font, big, weight * 3)
    (w, h), base = cv2.getTextSize(text, font, scale, weight * 3)
    canvas = np.zeros((h + base + 20, w + 20), np.uint8)
    cv2.putText(canvas, text, (10, h + 10), font, scale, 255, weight * 3, cv2.LINE_AA)
    ys, xs = np.nonzero(canvas > 40)
    ink = canvas[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1].astype(np.float32)
    f = height / ink.shape[0]
    ink = cv2.resize(ink, (max(2, round(ink.shape[1] * f)), height), interpolation=cv2.INTER_AREA)
    ink = np.pad(ink, 1)
    ink = np.ascontiguousarray(np.rot90(ink, turn))
    return ink - ink.mean()


def _windows(top: np.ndarray, geometry: BoardGeometry) -> dict[str, list[np.ndarray]]:
    """The frame beside each cell of each edge, in the straightened picture of one option:
    ``rank1``/``rankN`` from file a on, ``filea``/``fileN`` from rank 1 up."""
    S, m, g = CELL_PX, _MARGIN, geometry
    x0, y1 = m * S, (g.ranks + m) * S  # the a1 corner
    x1, y0 = (g.files + m) * S, m * S
    near, far = int(NEAR * S), int(FAR * S)
    out: dict[str, list[np.ndarray]] = {"rank1": [], "rankN": [], "filea": [], "fileN": []}
    outside = {(f, r) for _, f, r in g.extra}
    for f in range(g.files):
        a, b = int(x0 + f * S), int(x0 + (f + 1) * S)
        out["rank1"].append(top[int(y1) + near : int(y1) + far, a:b] if (f, -1) not in outside
                            else None)
        out["rankN"].append(top[int(y0) - far : int(y0) - near, a:b]
                            if (f, g.ranks) not in outside else None)
    for r in range(g.ranks):
        a, b = int(y1 - (r + 1) * S), int(y1 - r * S)
        out["filea"].append(top[a:b, int(x0) - far : int(x0) - near]
                            if (-1, r) not in outside else None)
        out["fileN"].append(top[a:b, int(x1) + near : int(x1) + far]
                            if (g.files, r) not in outside else None)
    return out


_MARGIN = 1.2


def _labels(geometry: BoardGeometry) -> dict[str, list[str]]:
    letters = list(FILE_LETTERS[: geometry.files])
    digits = [str(r + 1) for r in range(geometry.ranks)]
    return {"rank1": letters, "rankN": letters, "filea": digits, "fileN": digits}


def edge_scores(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray
                ) -> dict[str, float]:
    """How well each edge's frame shows the labels that ``corners`` (a1 first) put there: the
    mean, over the edge's cells, of the best normalised correlation of the expected glyph,
    for the edge's best drawing (face, weight, size, quarter turn, light or dark)."""
    view = BoardView(geometry, np.asarray(corners, float), (image.shape[1], image.shape[0]),
                     CELL_PX, _MARGIN)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    top = cv2.warpPerspective(gray, view.M_top_from_img, view.top_size, flags=cv2.INTER_AREA,
                              borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    top = cv2.GaussianBlur(top, (3, 3), 0)
    labels = _labels(geometry)
    scores: dict[str, float] = {}
    for edge, wins in _windows(top, geometry).items():
        best = -1.0
        for font in FONTS:
            for weight in WEIGHTS:
                for height in HEIGHTS:
                    h = max(5, round(height * CELL_PX))
                    for turn in range(4):
                        hi, lo = [], []
                        for win, text in zip(wins, labels[edge]):
                            if win is None:
                                continue
                            t = _template(text, font, weight, turn, h)
                            if t.shape[0] > win.shape[0] or t.shape[1] > win.shape[1]:
                                continue
                            r = cv2.matchTemplate(win, t, cv2.TM_CCOEFF_NORMED)
                            hi.append(float(r.max()))
                            lo.append(float(-r.min()))
                        if hi:
                            best = max(best, float(np.mean(hi)), float(np.mean(lo)))
        scores[edge] = best
    return scores


CLEAR = 0.08  # lead in summed edge scores over the next option that names the corners


def read_coordinates(image: np.ndarray, geometry: BoardGeometry,
                     options: "list[np.ndarray]") -> int | None:
    """Which of ``options`` (ways of naming the found board's corners, a1 first) the labels
    printed on the frame agree with, or None when they do not tell (no labels, or unreadable).
    """
    if len(options) < 2:
        return None
    totals = [sum(edge_scores(image, geometry, c).values()) for c in options]
    order = np.argsort(totals)[::-1]
    if totals[order[0]] - totals[order[1]] < CLEAR:
        return None
    return int(order[0])
