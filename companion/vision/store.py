"""Calibrations kept per camera: the corners found or tapped for each source and board.

One JSON file (in the app's data folder) maps ``source|geometry|WxH`` to the four corners,
so a camera set up once is ready at the next start; every read still checks them. Corners
found through a webcam's lens (:class:`companion.vision.view.Corners` carrying a
:class:`~companion.vision.view.Lens`) are kept with it: ``{"corners": [...], "lens": {...}}``
(a plain list of four points is a board seen without a lens, as files written before).

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "calibration.json"
>>> store = CalibrationStore(path)
>>> store.save("picamera", "8x8", (640, 480), [[10, 400], [500, 400], [480, 20], [30, 20]])
>>> CalibrationStore(path).load("picamera", "8x8", (640, 480))[1].tolist()
[500.0, 400.0]
>>> lens = Lens(-0.12, (320.0, 240.0), 457.0)
>>> store.save("0", "8x8", (640, 480), Corners([[10, 400], [500, 400], [480, 20], [30, 20]], lens))
>>> CalibrationStore(path).load("0", "8x8", (640, 480)).lens == lens
True
>>> CalibrationStore(path).load("1", "8x8", (640, 480)) is None
True
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from companion.core.files import write_atomic
from companion.vision.view import Corners, Lens, lens_of


class CalibrationStore:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    @staticmethod
    def _key(source: str, geometry: str, size: tuple[int, int]) -> str:
        return f"{source}|{geometry}|{size[0]}x{size[1]}"

    def _read(self) -> dict[str, list[list[float]]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            return {}  # a damaged file is as good as none: the board is found again
        return data if isinstance(data, dict) else {}

    def load(self, source: str, geometry: str, size: tuple[int, int]) -> Corners | None:
        """The corners kept (with their lens, if any); None when none are kept or the entry
        is damaged (the board is then found again)."""
        entry = self._read().get(self._key(source, geometry, size))
        lens = None
        if isinstance(entry, dict):
            entry, lens = entry.get("corners"), _lens(entry.get("lens"))
            if lens is None:
                return None
        if (isinstance(entry, list) and len(entry) == 4
                and all(isinstance(p, list) and len(p) == 2 for p in entry)):
            try:
                points = [[float(x), float(y)] for x, y in entry]
            except (TypeError, ValueError):
                return None
            if all(math.isfinite(v) for p in points for v in p):
                return Corners(points, lens)
        return None

    def save(self, source: str, geometry: str, size: tuple[int, int], corners: object) -> None:
        data = self._read()
        points = [[float(x), float(y)] for x, y in corners]  # type: ignore[attr-defined]
        lens = lens_of(corners)
        data[self._key(source, geometry, size)] = points if lens is None else {
            "corners": points, "lens": lens.as_dict()}
        write_atomic(self.path, json.dumps(data, indent=1))  # never half-written


def _lens(data: object) -> Lens | None:
    """The lens kept in ``data``; None when it is not a whole, finite one."""
    if not isinstance(data, dict):
        return None
    try:
        lens = Lens.from_dict(data)  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError):
        return None
    values = (lens.k, *lens.centre, lens.focal)
    return lens if all(math.isfinite(v) for v in values) and lens.focal > 0 else None
