"""The development material made by others (``../shared/vision-dev``) and its fixed split.

``split.json`` (next to this file) says, once and for all, which photos and videos may be tuned
or trained on and which are only measured. Everything that tunes or trains asks
:func:`stills` / :func:`videos` for ``"tune"``; the benchmark reports ``"held_out"`` (and labels
any figure on ``"tune"`` material as tuned-on). Absent material gives empty lists: callers skip.

>>> split()["vision_dev"]["videos_held_out"]
['duere_b', 'elolbia_a', 'camerlano_a']
>>> role_of_still("dev_003"), role_of_still("dev_004")
('tune', 'held_out')
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def split() -> dict[str, Any]:
    return json.loads((HERE / "split.json").read_text(encoding="utf-8"))


def root() -> Path | None:
    """The vision-dev folder: ``$COMPANION_VISION_DEV``, else ``../shared/vision-dev`` beside
    the project (None when absent)."""
    env = os.environ.get("COMPANION_VISION_DEV")
    candidates = [Path(env)] if env else []
    project = HERE.parent.parent
    candidates += [project.parent / "shared" / "vision-dev", project / ".." / ".." / "shared" /
                   "vision-dev", Path("/work/shared/vision-dev")]
    for c in candidates:
        if (c / "stills").is_dir() or (c / "legal").is_dir():
            return c.resolve()
    return None


def role_of_still(stem: str) -> str:
    n = int("".join(ch for ch in stem if ch.isdigit()))
    return "tune" if n % split()["vision_dev"]["stills_tune_modulus"] == 0 else "held_out"


def role_of_video(name: str) -> str:
    s = split()["vision_dev"]
    if name in s["videos_tune"]:
        return "tune"
    return "held_out"


@dataclass(frozen=True)
class Still:
    name: str
    image: Path
    truth: dict[str, Any]
    role: str


@dataclass(frozen=True)
class Video:
    name: str
    frames: Path
    truth: dict[str, Any]
    role: str


def stills(role: str | None = None) -> list[Still]:
    """The photos with ground truth; ``role`` "tune" or "held_out" (None: all)."""
    base = root()
    if base is None or not (base / "stills").is_dir():
        return []
    out = []
    for meta in sorted((base / "stills").glob("*.json")):
        image = meta.with_suffix(".jpg")
        if not image.exists():
            continue
        r = role_of_still(meta.stem)
        if role is None or r == role:
            out.append(Still(meta.stem, image, json.loads(meta.read_text()), r))
    return out


def videos(role: str | None = None) -> list[Video]:
    """The legal-move videos; ``role`` "tune" or "held_out" (None: all)."""
    base = root()
    if base is None or not (base / "legal").is_dir():
        return []
    out = []
    for folder in sorted(p for p in (base / "legal").iterdir() if (p / "gt.json").exists()):
        r = role_of_video(folder.name)
        if role is None or r == role:
            out.append(Video(folder.name, folder / "frames",
                             json.loads((folder / "gt.json").read_text()), r))
    return out


@dataclass(frozen=True)
class FenPhoto:
    """A photo of an 8x8 board whose file is named by the position on it."""
    name: str
    image: Path
    occupancy: dict[str, str]  # cell -> "." empty, "w" light piece, "b" dark piece
    board: str = ""  # the FEN board field it was named by (ranks parted by "/")


START_8X8 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png")


def fen_occupancy(board: str) -> dict[str, str]:
    """The cells of an 8x8 FEN board field (ranks 8 to 1, parted by "/"; upper case light):
    cell -> "."/"w"/"b". A malformed field raises ValueError saying what is wrong.

    >>> occ = fen_occupancy(START_8X8)
    >>> occ["e1"], occ["e4"], occ["d8"], sum(v != "." for v in occ.values())
    ('w', '.', 'b', 32)
    """
    ranks = board.split("/")
    if len(ranks) != 8:
        raise ValueError(f"{len(ranks)} ranks, not 8")
    out: dict[str, str] = {}
    for r, row in enumerate(ranks):
        f = 0
        for ch in row:
            if ch.isdigit():
                cells = [(".", n) for n in range(int(ch))]
            elif ch.lower() in "pnbrqk":
                cells = [("w" if ch.isupper() else "b", 0)]
            else:
                raise ValueError(f"rank {8 - r}: {ch!r} is no piece or count")
            for value, _ in cells:
                if f >= 8:
                    raise ValueError(f"rank {8 - r}: more than 8 files ({row!r})")
                out[f"{'abcdefgh'[f]}{8 - r}"] = value
                f += 1
        if f != 8:
            raise ValueError(f"rank {8 - r}: {f} files, not 8 ({row!r})")
    return out


def fen_photos(folder: Path) -> tuple[list[FenPhoto], list[str]]:
    """The photos in ``folder`` named by their position's FEN board field, ranks parted by
    ":", "-" or "_" (a file system allows no "/"), as public photo sets name them
    (``rnbqkbnr:pppppppp:8:8:8:8:PPPPPPPP:RNBQKBNR.jpeg``). Returns the photos, sorted by
    name, and a line for each photo-like file whose name is no such position."""
    photos: list[FenPhoto] = []
    refused: list[str] = []
    for path in sorted(Path(folder).iterdir()):
        if path.suffix.lower() not in PHOTO_SUFFIXES:
            continue
        board = path.stem
        for sep in ":-_":
            board = board.replace(sep, "/")
        try:
            photos.append(FenPhoto(path.stem, path, fen_occupancy(board), board))
        except ValueError as exc:
            refused.append(f"{path.name}: not named by a position ({exc})")
    return photos, refused
