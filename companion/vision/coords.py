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
option whose labels match clearly better than the others' names the corners.

Glyphs too small to read (a few pixels on a 640x480 photo) still show as a small mark beside
every cell of an edge. Marks on exactly the two edges that meet at one corner, and none on
the other two, name that corner a1: the labels of a board stand on White's side. A row of
captured pieces along the frame is no row of small marks, and marks on three or four edges
name nothing.

When neither tells (no printed labels, a plain frame, glyphs unreadable and marks on no
clear pair of edges) it abstains, and the caller's other rules stand.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from companion.vision.geometry import FILE_LETTERS, BoardGeometry
from companion.vision.view import BoardView

CELL_PX = 40  # pixels per cell in the straightened frame
_MARGIN = 1.2  # cells of surroundings kept round the playing area
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


def _windows(top: np.ndarray, geometry: BoardGeometry
             ) -> dict[str, list[np.ndarray | None]]:
    """The frame beside each cell of each edge, in the straightened picture of one option:
    ``rank1``/``rankN`` from file a on, ``filea``/``fileN`` from rank 1 up."""
    S, m, g = CELL_PX, _MARGIN, geometry
    x0, y1 = m * S, (g.ranks + m) * S  # the a1 corner
    x1, y0 = (g.files + m) * S, m * S
    near, far = int(NEAR * S), int(FAR * S)
    out: dict[str, list[np.ndarray | None]] = {"rank1": [], "rankN": [], "filea": [],
                                               "fileN": []}
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


def _labels(geometry: BoardGeometry) -> dict[str, list[str]]:
    letters = list(FILE_LETTERS[: geometry.files])
    digits = [str(r + 1) for r in range(geometry.ranks)]
    return {"rank1": letters, "rankN": letters, "filea": digits, "fileN": digits}


def _straightened(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray
                  ) -> np.ndarray:
    """The board and its frame from straight above (grey, float), a1 at the bottom left."""
    view = BoardView(geometry, corners, (image.shape[1], image.shape[0]), CELL_PX, _MARGIN)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    if view.lens is not None:  # the lens the corners carry: undone with the straightening
        return view.warp(gray).astype(np.float32)
    return cv2.warpPerspective(gray, view.M_top_from_img, view.top_size, flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE).astype(np.float32)


def edge_scores(image: np.ndarray, geometry: BoardGeometry, corners: np.ndarray,
                top: np.ndarray | None = None) -> dict[str, float]:
    """How well each edge's frame shows the labels that ``corners`` (a1 first) put there: the
    mean, over the edge's cells, of the best normalised correlation of the expected glyph,
    for the edge's best drawing (face, weight, size, quarter turn, light or dark)."""
    if top is None:
        top = _straightened(image, geometry, corners)
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
    tops = [_straightened(image, geometry, c) for c in options]
    totals = [sum(edge_scores(image, geometry, c, t).values()) for c, t in zip(options, tops)]
    order = np.argsort(totals)[::-1]
    if totals[order[0]] - totals[order[1]] >= CLEAR:
        return int(order[0])
    # glyphs too small to read may still be seen: marks at cell pitch on a1's two edges only
    marked = [_marked_edges(t, geometry) for t in tops]
    fits = [i for i, m in enumerate(marked) if m == {"rank1": True, "filea": True,
                                                     "rankN": False, "fileN": False}]
    return fits[0] if len(fits) == 1 else None


MARKED, UNMARKED = 1.0, 0.6  # mark strength (in the strip's noise) above which an edge
# carries marks, below which it carries none (between: unsure, no answer)


def mark_strength(strip: np.ndarray, n: int) -> float:
    """How clearly ``strip`` (along an edge, the board above it, ``n`` cells long) carries a
    small mark beside every cell: a blob (0.1-0.3 cell) at the same depth beside each cell's
    middle and none at the cell boundaries, in units of the strip's noise. A row of pieces
    standing beside the board is no small blob; a plain frame or wood grain has no rhythm."""
    S = CELL_PX
    blob = cv2.GaussianBlur(strip, (0, 0), 0.05 * S) - cv2.GaussianBlur(strip, (0, 0), 0.2 * S)
    noise = 1.4826 * float(np.median(np.abs(blob - np.median(blob)))) + 0.3
    w = int(0.1 * S)
    best = 0.0
    for sign in (1, -1):  # light marks, dark marks
        a = np.clip(sign * blob, 0, None)
        mids = np.stack([a[:, int((i + 0.5) * S) - w : int((i + 0.5) * S) + w + 1].max(axis=1)
                         for i in range(n)])
        bounds = np.stack([a[:, int(i * S) - w : int(i * S) + w + 1].max(axis=1)
                           for i in range(1, n)])
        # at one depth, most cells' middles (a few may be hidden) stand above the boundaries
        depth = (np.percentile(mids, 25, axis=0) - np.median(bounds, axis=0)) / noise
        best = max(best, float(depth.max()))
    return best


def _marked_edges(top: np.ndarray, geometry: BoardGeometry) -> dict[str, bool | None]:
    """Which edges of a straightened board carry marks at cell pitch (None: unsure)."""
    S, m, g = CELL_PX, _MARGIN, geometry
    x0, y1 = int(m * S), int((g.ranks + m) * S)
    x1, y0 = int((g.files + m) * S), int(m * S)
    near, far = int(NEAR * S), int(FAR * S)
    strips = {"rank1": (top[y1 + near : y1 + far, x0:x1], g.files),
              "rankN": (top[y0 - far : y0 - near, x0:x1][::-1], g.files),
              "filea": (top[y0:y1, x0 - far : x0 - near].T[::-1], g.ranks),
              "fileN": (top[y0:y1, x1 + near : x1 + far].T, g.ranks)}
    out: dict[str, bool | None] = {}
    for edge, (strip, n) in strips.items():
        if g.extra and edge in ("filea", "fileN"):
            out[edge] = None  # Camerlano's citadels stand there
            continue
        s = mark_strength(strip, n)
        out[edge] = True if s > MARKED else False if s < UNMARKED else None
    return out
