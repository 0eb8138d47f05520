"""Compose a synthetic photo: board texture, shadows, pieces, light, lens, hand, noise, JPEG."""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from companion.vision.synth.hands import draw_hand
from companion.vision.synth.pieces import draw_piece, shadow_mask
from companion.vision.synth.scene import KIND_PROFILES, PROFILE_WEIGHTS, PROFILES, Scene

if TYPE_CHECKING:
    from companion.vision.geometry import BoardGeometry

TEXTURE_PX = 40  # texture pixels per cell


@dataclass(frozen=True)
class Coordinates:
    """Letters and digits printed on the frame, as on club boards (off unless asked for).

    ``edges``: which edges carry labels (``rank1``, ``rankN``: file letters; ``filea``,
    ``fileN``: rank digits). ``facing``: ``white`` draws every glyph upright for the player
    at rank 1; ``outward`` draws each edge's glyphs upright for a reader outside that edge.
    ``height``: glyph height as a share of the frame's width; ``colour``: BGR, or None for
    a colour that stands out from the frame (light on a dark frame, dark on a light one).
    """

    edges: tuple[str, ...] = ("rank1", "filea")
    facing: str = "white"
    font: int = cv2.FONT_HERSHEY_SIMPLEX
    weight: int = 2
    height: float = 0.45
    colour: tuple[float, float, float] | None = None


@dataclass
class Shot:
    """A synthetic photo with its ground truth."""

    image: np.ndarray  # uint8 BGR
    cells: dict[str, str]  # every cell: ".", "w" or "b"
    corners: np.ndarray  # (4, 2) outer corners of the playing area, CLI order
    hand: bool


def _piece_kind(seed: int, cell: str, state: str = "") -> int:
    """The profile of a piece: by its kind when given (``"w:rook"``), else by chance."""
    if ":" in state:
        kind = state.split(":", 1)[1].lower()
        if kind in KIND_PROFILES:
            return KIND_PROFILES[kind]
        return zlib.crc32(kind.encode()) % (len(PROFILES) - 1)
    h = zlib.crc32(f"{seed}:{cell}".encode()) / 2**32
    return int(np.searchsorted(np.cumsum(PROFILE_WEIGHTS), h * PROFILE_WEIGHTS.sum()))


def _colour(state: str) -> str:
    return state.split(":", 1)[0]


def _board_texture(scene: Scene, pieces: dict[str, str],
                   coordinates: Coordinates | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The board seen from straight above (float BGR) and its plane-to-texture matrix."""
    g = scene.geometry
    tex, to_tex = _bare_board(scene, coordinates)
    tex = tex.copy()
    h, w = tex.shape[:2]
    T = TEXTURE_PX
    mask = np.zeros((h, w), np.float32)
    for cell, state in pieces.items():
        if _colour(state) in ("w", "b"):
            shadow_mask((h, w), to_tex, g.cell_centre(cell), _piece_kind(scene.seed, cell, state),
                        scene.piece_scale, scene.base_radius, scene.light_dir, mask)
    mask = cv2.GaussianBlur(mask, (0, 0), T * 0.12)
    tex *= (1 - 0.35 * mask)[..., None]
    tex *= 0.35 + 0.75 * max(0.0, float(scene.light_dir[2]))  # lit like a piece's flat top
    return tex, to_tex


def _scene_key(scene: Scene, *parts: object) -> tuple[object, ...]:
    """What a part of the picture made from ``scene`` depends on, as a key for a memo (the
    arrays by value: a scene changed in place gets a new key)."""
    def value(x: object) -> object:
        if isinstance(x, np.ndarray):
            return x.dtype.str, x.shape, x.tobytes()
        try:
            hash(x)
        except TypeError:  # a list, an array inside a dataclass: by what it prints
            return type(x).__name__, repr(x)
        return x

    return tuple(value(p) for p in parts)


_BARE: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray]] = {}
KEPT = 8  # scenes each memo keeps (the few a video or a test reuses)


def _kept(memo: dict, key: object, make: "Callable[[], object]", bound: int = KEPT) -> Any:
    """``memo[key]``, made by ``make`` the first time; the oldest of ``bound`` goes first."""
    if key not in memo:
        if len(memo) >= bound:
            memo.pop(next(iter(memo)))
        memo[key] = make()
    return memo[key]


def _bare_board(scene: Scene, coordinates: Coordinates | None
                ) -> tuple[np.ndarray, np.ndarray]:
    """The board's texture before the pieces' shadows and the light (not to be changed:
    kept for the next picture of the same scene, the same numbers each time)."""
    g = scene.geometry
    key = _scene_key(scene, g.files, g.ranks, tuple(g.extra), scene.seed, scene.border,
                     scene.table, scene.frame, scene.light_square, scene.dark_square,
                     scene.markers, _logos_key(scene.logos), coordinates)
    return _kept(_BARE, key, lambda: _make_bare_board(scene, coordinates))


def _logos_key(logos: tuple) -> tuple:
    """``Scene.logos`` as plain numbers, for a memo's key (an ink given as an array would
    otherwise be keyed by what it prints, rounded)."""
    return tuple((str(cell), str(kind), float(size), float(turn), tuple(float(x) for x in ink))
                 for cell, kind, size, turn, ink in logos)


def _make_bare_board(scene: Scene, coordinates: Coordinates | None
                     ) -> tuple[np.ndarray, np.ndarray]:
    g = scene.geometry
    rng = np.random.default_rng(scene.seed)
    extra_cols = 1 if g.extra else 0
    m = scene.border + extra_cols + 1.5
    T = TEXTURE_PX
    w = int(round((g.files + 2 * m) * T))
    h = int(round((g.ranks + 2 * m) * T))
    # plane (u, v) -> texture pixel (x right, y down, rank 1 at the bottom)
    to_tex = np.array([[T, 0, m * T], [0, -T, (g.ranks + m) * T], [0, 0, 1.0]])
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    u = (xs + 0.5) / T - m
    v = (g.ranks + m) - (ys + 0.5) / T
    tex = np.empty((h, w, 3), np.float32)
    tex[:] = scene.table
    tex *= 1 + rng.normal(0, 0.03, (h, w, 1)).astype(np.float32)
    lo_u, hi_u = -scene.border - extra_cols, g.files + scene.border + extra_cols
    lo_v, hi_v = -scene.border, g.ranks + scene.border
    plank = (u >= lo_u) & (u < hi_u) & (v >= lo_v) & (v < hi_v)
    grain = 1 + 0.04 * np.sin(u * rng.uniform(8, 20) + np.sin(v * 3) * 2)
    tex[plank] = (scene.frame * grain[plank, None]).astype(np.float32)
    fi, ri = np.floor(u).astype(int), np.floor(v).astype(int)
    squares = (u >= 0) & (u < g.files) & (v >= 0) & (v < g.ranks)
    for name, f, r in g.extra:
        squares |= (fi == f) & (ri == r)
    light = (fi + ri) % 2 == 1
    sq_gain = rng.uniform(0.95, 1.05, (g.ranks + 2, g.files + 2))
    gain = sq_gain[np.clip(ri + 1, 0, g.ranks + 1), np.clip(fi + 1, 0, g.files + 1)]
    wood = 1 + 0.05 * np.sin((u if rng.random() < 0.5 else v) * rng.uniform(15, 40)
                             + rng.uniform(0, 6)) * rng.uniform(0, 1)
    colour = np.where(light[..., None], scene.light_square, scene.dark_square)
    tex[squares] = (colour * (gain * wood)[..., None])[squares]
    if rng.random() < 0.5:  # a thin line around the playing area
        x0, y0 = to_tex[0, 2], to_tex[1, 2]
        cv2.rectangle(tex, (int(x0), int(y0 - g.ranks * T)), (int(x0 + g.files * T), int(y0)),
                      (scene.frame * 0.6).tolist(), 2)
    if scene.markers:
        _paste_markers(tex, g, to_tex)
    if coordinates is not None:
        _print_coordinates(tex, scene, to_tex, coordinates)
    for logo in scene.logos:
        _print_logo(tex, g, to_tex, *logo)
    tex.flags.writeable = to_tex.flags.writeable = False
    return tex, to_tex


def _paste_markers(tex: np.ndarray, g: "object", to_tex: np.ndarray) -> None:
    """The four printed markers, each outside a corner, its border touching the corner."""
    from companion.vision.markers import marker_image

    T = TEXTURE_PX
    inner = int(round(0.9 * T))
    for marker_id, (u, v) in enumerate(g.corners_plane):  # type: ignore[attr-defined]
        img = marker_image(marker_id, inner).astype(np.float32)
        size = img.shape[0]
        x, y = to_tex[0, 0] * u + to_tex[0, 2], to_tex[1, 1] * v + to_tex[1, 2]
        x0 = int(round(x)) if u > 0 else int(round(x)) - size
        y0 = int(round(y)) - size if v > 0 else int(round(y))
        if x0 < 0 or y0 < 0 or x0 + size > tex.shape[1] or y0 + size > tex.shape[0]:
            continue
        tex[y0 : y0 + size, x0 : x0 + size] = img[..., None] * 0.9


def _print_coordinates(tex: np.ndarray, scene: Scene, to_tex: np.ndarray,
                       coords: Coordinates) -> None:
    """The labels of ``coords`` printed in the middle of the frame beside each cell."""
    from companion.vision.geometry import FILE_LETTERS

    g = scene.geometry
    T = TEXTURE_PX
    d = scene.border / 2  # the middle of the frame, in cells from the playing area
    height = max(4, int(round(coords.height * scene.border * T)))
    ink = np.asarray(coords.colour if coords.colour is not None else
                     ((235, 235, 230) if float(np.mean(scene.frame)) < 128 else (40, 35, 30)),
                     np.float32)
    turns = {"rank1": 0, "rankN": 2, "filea": 3, "fileN": 1} if coords.facing == "outward" \
        else dict.fromkeys(("rank1", "rankN", "filea", "fileN"), 0)
    places: list[tuple[str, str, float, float]] = []
    for edge in coords.edges:
        if edge in ("rank1", "rankN"):
            v = -d if edge == "rank1" else g.ranks + d
            places += [(edge, FILE_LETTERS[f], f + 0.5, v) for f in range(g.files)]
        elif edge in ("filea", "fileN"):
            u = -d if edge == "filea" else g.files + d
            places += [(edge, str(r + 1), u, r + 0.5) for r in range(g.ranks)
                       if (-1 if edge == "filea" else g.files, r) not in
                       {(f, rr) for _, f, rr in g.extra}]
        else:
            raise ValueError(f"unknown edge {edge!r}: expected rank1, rankN, filea or fileN")
    for edge, text, u, v in places:
        scale = cv2.getFontScaleFromHeight(coords.font, height, coords.weight)
        (tw, th), base = cv2.getTextSize(text, coords.font, scale, coords.weight)
        canvas = np.zeros((th + base + 4, tw + 4), np.uint8)
        cv2.putText(canvas, text, (2, th + 2), coords.font, scale, 255, coords.weight, cv2.LINE_AA)
        alpha = np.rot90(canvas.astype(np.float32) / 255, turns[edge])
        x = int(round(to_tex[0, 0] * u + to_tex[0, 2] - alpha.shape[1] / 2))
        y = int(round(to_tex[1, 1] * v + to_tex[1, 2] - alpha.shape[0] / 2))
        if x < 0 or y < 0 or x + alpha.shape[1] > tex.shape[1] or y + alpha.shape[0] > tex.shape[0]:
            continue
        patch = tex[y : y + alpha.shape[0], x : x + alpha.shape[1]]
        patch[:] = patch * (1 - alpha[..., None]) + ink * alpha[..., None]


# the kinds of mark a board may have printed inside a square (Scene.logos): a federation's
# emblem of small squares turned on end (the US Chess vinyl board's on h1), a maker's name, a
# ring with a letter in it, a shield. Thin lines and small squares: none is a solid disc, which
# a flat man would be
LOGO_KINDS = ("diamond", "text", "ring", "shield")


def _print_logo(tex: np.ndarray, g: "BoardGeometry", to_tex: np.ndarray, cell: str, kind: str,
                size: float, turn: float, ink: "tuple[float, float, float]") -> None:
    """A mark of ``kind`` printed in ``ink``, ``size`` cells across, turned ``turn`` radians,
    in the middle of ``cell``'s square (see :data:`LOGO_KINDS`)."""
    T = TEXTURE_PX
    side = max(8, int(round(size * T)))
    alpha = np.zeros((side, side), np.uint8)  # (putText draws on 8 bits only)
    mid = side / 2
    if kind == "diamond":  # 3x3 or 4x4 small squares, alternate ones inked, turned on end
        n = 3 + int(round(size * 1000)) % 2  # (from the size: the same each run)
        step = side / (n * np.sqrt(2))
        on_end = np.array([[1, -1], [1, 1]]) / np.sqrt(2)  # a quarter of a right angle
        for i in range(n):
            for j in range(n):
                if (i + j) % 2:
                    continue
                cx, cy = (i - (n - 1) / 2) * step, (j - (n - 1) / 2) * step
                sq = np.array([[cx - step / 2, cy - step / 2], [cx + step / 2, cy - step / 2],
                               [cx + step / 2, cy + step / 2], [cx - step / 2, cy + step / 2]])
                pts = sq @ on_end.T + mid
                cv2.fillConvexPoly(alpha, np.round(pts * 8).astype(np.int32), 255,
                                   cv2.LINE_AA, 3)
        cv2.rectangle(alpha, (0, 0), (side - 1, side - 1), 0, 1)
    elif kind == "text":  # a maker's name in capitals
        words = ("CHESS", "USCF", "FSI", "CLUB", "FIDE", "DGT")
        word = words[int(round(size * 1000)) % len(words)]
        height = max(3, int(round(side * 0.28)))
        scale = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_SIMPLEX, height, 1)
        (tw, th), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        if tw > side:
            scale *= side / tw
            (tw, th), _ = cv2.getTextSize(word, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        cv2.putText(alpha, word, (int(mid - tw / 2), int(mid + th / 2)),
                    cv2.FONT_HERSHEY_SIMPLEX, scale, 255, 1, cv2.LINE_AA)
    elif kind == "ring":  # a ring with a letter in it
        r = int(side * 0.45)
        cv2.circle(alpha, (int(mid), int(mid)), r, 255, max(1, side // 14), cv2.LINE_AA)
        scale = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_SIMPLEX, max(3, int(r * 0.9)), 1)
        (tw, th), _ = cv2.getTextSize("S", cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        cv2.putText(alpha, "S", (int(mid - tw / 2), int(mid + th / 2)),
                    cv2.FONT_HERSHEY_SIMPLEX, scale, 255, max(1, side // 16), cv2.LINE_AA)
    elif kind == "shield":  # a shield's outline with a cross in it
        w, h = side * 0.8, side * 0.9
        pts = np.array([[mid - w / 2, mid - h / 2], [mid + w / 2, mid - h / 2],
                        [mid + w / 2, mid + h * 0.1], [mid, mid + h / 2],
                        [mid - w / 2, mid + h * 0.1]])
        thick = max(1, side // 14)
        cv2.polylines(alpha, [np.round(pts).astype(np.int32)], True, 255, thick, cv2.LINE_AA)
        cv2.line(alpha, (int(mid), int(mid - h * 0.35)), (int(mid), int(mid + h * 0.3)), 255,
                 thick, cv2.LINE_AA)
        cv2.line(alpha, (int(mid - w * 0.3), int(mid - h * 0.1)),
                 (int(mid + w * 0.3), int(mid - h * 0.1)), 255, thick, cv2.LINE_AA)
    else:
        raise ValueError(f"unknown logo kind {kind!r}: expected one of {', '.join(LOGO_KINDS)}")
    turned = cv2.getRotationMatrix2D((mid, mid), float(np.degrees(turn)), 1.0)
    alpha = cv2.warpAffine(alpha, turned, (side, side)).astype(np.float32) / 255
    u, v = g.cell_centre(cell)
    x = int(round(to_tex[0, 0] * u + to_tex[0, 2] - side / 2))
    y = int(round(to_tex[1, 1] * v + to_tex[1, 2] - side / 2))
    if x < 0 or y < 0 or x + side > tex.shape[1] or y + side > tex.shape[0]:
        return
    patch = tex[y : y + side, x : x + side]
    patch[:] = patch * (1 - alpha[..., None]) + np.asarray(ink, np.float32) * alpha[..., None]


def marks_in(scene: Scene, rng: np.random.Generator, cells: "list[str]") -> tuple:
    """One mark printed in each of ``cells`` as ``Scene.logos`` has them (kinds in turn from a
    random first, 0.45-0.8 of a square, any turn), in the ink a board prints: the dark
    square's colour (or near black) on a light square, the light square's on a dark one."""
    g = scene.geometry
    out = []
    for k, cell in enumerate(cells):
        ink = scene.dark_square if g.is_light(cell) else scene.light_square
        if g.is_light(cell) and rng.random() < 0.4:
            ink = np.array([30.0, 30.0, 30.0])
        out.append((cell, LOGO_KINDS[(int(rng.integers(len(LOGO_KINDS))) + k) % len(LOGO_KINDS)],
                    float(round(rng.uniform(0.45, 0.8), 3)), float(rng.uniform(0, 2 * np.pi)),
                    tuple(float(x) for x in ink)))
    return tuple(out)


_LIGHT: dict[tuple[object, ...], np.ndarray] = {}


def _illumination(scene: Scene) -> np.ndarray:
    """The light's gradient, vignette and shadow band over the picture (kept for the next
    picture of the same scene; not to be changed)."""
    return _kept(_LIGHT, _scene_key(scene, scene.size, scene.gradient, scene.shadow_band),
                 lambda: _make_illumination(scene))


def _make_illumination(scene: Scene) -> np.ndarray:
    w, h = scene.size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    xn, yn = (xs - w / 2) / w, (ys - h / 2) / w
    strength, angle, vignette = scene.gradient
    field = 1 + strength * (xn * np.cos(angle) + yn * np.sin(angle)) * 1.6
    field *= 1 - vignette * (xn**2 + yn**2) * 2
    if scene.shadow_band is not None:
        offset, ang, depth, soft = scene.shadow_band
        d = (xn * np.cos(ang) + yn * np.sin(ang) - offset) * w
        field *= 1 - (1 - depth) / (1 + np.exp(-d / soft))
    field = field.astype(np.float32)
    field.flags.writeable = False
    return field


_MAPS: dict[tuple[float, ...], tuple[np.ndarray, np.ndarray]] = {}


def _maps_for(scene: Scene) -> tuple[np.ndarray, np.ndarray]:
    """The lens maps of a scene's camera (kept for the few scenes a video reuses)."""
    cam = scene.camera
    return _kept(_MAPS, (*scene.size, *cam.K.ravel(), *cam.dist), cam.distortion_maps)


def render_static(scene: Scene, pieces: dict[str, str], coordinates: Coordinates | None = None,
                  beside: "tuple[tuple[float, float, str], ...]" = ()) -> np.ndarray:
    """The scene with these pieces, lit and through the lens, before hand, noise and JPEG.

    ``coordinates``: labels printed on the frame (none by default). ``beside``: pieces
    standing off the board, as ``(u, v, "w"/"b")`` on the board plane in cells (captured
    pieces on the table or the frame)."""
    g = scene.geometry
    for cell, state in pieces.items():
        g.file_rank(cell)  # a clear error for a cell not on this board
        if _colour(state) not in (".", "w", "b"):
            raise ValueError(f"cell {cell}: expected '.', 'w' or 'b' (or 'w:kind'), got {state!r}")
    tex, to_tex = _board_texture(scene, pieces, coordinates)
    cam = scene.camera
    w, h = scene.size
    H = cam.plane_homography() @ np.linalg.inv(to_tex)
    table = scene.table * (0.35 + 0.75 * max(0.0, float(scene.light_dir[2])))
    img = cv2.warpPerspective(tex, H, (w, h), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT, borderValue=table.tolist())
    eye = cam.centre
    standing = [(g.cell_centre(c), s, c) for c, s in pieces.items() if _colour(s) in ("w", "b")]
    standing += [((u, v), s, f"beside{i}") for i, (u, v, s) in enumerate(beside)]
    standing.sort(key=lambda p: -np.hypot(*(np.array(p[0]) - eye[:2])))
    rng = np.random.default_rng(scene.seed + 7)
    glossy = float(rng.uniform(0.1, 0.6))
    for centre, state, name in standing:
        colour = scene.light_piece if _colour(state) == "w" else scene.dark_piece
        kind = _piece_kind(scene.seed, name, state)
        draw_piece(img, cam, centre, colour, kind, scene.piece_scale,
                   scene.base_radius, scene.light_dir, glossy)
    img *= _illumination(scene)[..., None]
    mx, my = _maps_for(scene)
    return cv2.remap(img, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def finish(
    scene: Scene, static: np.ndarray, rng: np.random.Generator, hand: bool = False,
    blur: float = 0.0,
) -> np.ndarray:
    """Add a hand (optional), sensor noise and JPEG compression; returns uint8 BGR."""
    img = static.copy()
    if hand:
        draw_hand(img, scene, rng)
    if blur > 0:
        img = cv2.GaussianBlur(img, (0, 0), blur)
    img += rng.normal(0, scene.noise_sigma, img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, scene.jpeg_quality])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def true_corners(scene: Scene) -> np.ndarray:
    """Where the outer corners of the playing area fall in the photo (CLI order)."""
    pts = np.array([[u, v, 0.0] for u, v in scene.geometry.corners_plane])
    return scene.camera.project(pts)


def render(
    scene: Scene, pieces: dict[str, str], rng: np.random.Generator, hand: bool = False,
    coordinates: Coordinates | None = None,
    beside: "tuple[tuple[float, float, str], ...]" = (),
) -> Shot:
    """A finished photo of ``pieces`` (cell -> "w"/"b", or "w:rook" to choose the piece's
    shape; missing cells are empty); see :func:`render_static` for the rest."""
    static = render_static(scene, pieces, coordinates, beside)
    image = finish(scene, static, rng, hand)
    cells = {c: _colour(pieces.get(c, ".")) for c in scene.geometry.cells}
    return Shot(image, cells, true_corners(scene), hand)
