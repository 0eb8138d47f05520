"""Calibrations kept per camera: the corners found or tapped for each source and board.

One JSON file (in the app's data folder) maps ``source|geometry|WxH`` to the four corners,
so a camera set up once is ready at the next start; every read still checks them.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "calibration.json"
>>> store = CalibrationStore(path)
>>> store.save("picamera", "8x8", (640, 480), [[10, 400], [500, 400], [480, 20], [30, 20]])
>>> CalibrationStore(path).load("picamera", "8x8", (640, 480))[1]
[500.0, 400.0]
>>> CalibrationStore(path).load("0", "8x8", (640, 480)) is None
True
"""

from __future__ import annotations

import json
import os
from pathlib import Path


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

    def load(self, source: str, geometry: str, size: tuple[int, int]
             ) -> list[list[float]] | None:
        corners = self._read().get(self._key(source, geometry, size))
        if (isinstance(corners, list) and len(corners) == 4
                and all(isinstance(p, list) and len(p) == 2 for p in corners)):
            return [[float(x), float(y)] for x, y in corners]
        return None

    def save(self, source: str, geometry: str, size: tuple[int, int], corners: object) -> None:
        data = self._read()
        points = [[float(x), float(y)] for x, y in corners]  # type: ignore[attr-defined]
        data[self._key(source, geometry, size)] = points
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(tmp, self.path)  # never a half-written file after a power cut
