"""Where frames come from: the Pi camera, any OpenCV camera/video/stream, a folder of images.

Every source answers :meth:`read` with a :class:`Frame` whose ``status`` says what happened;
a source never raises while running. A finished file says ``END``; a camera that stops says
``FAILED`` and :class:`RetryingSource` reopens it after a pause (the app shows a banner and the
game goes on by touch meanwhile).

>>> src = open_source("/nonexistent/folder/or/file.mp4")
Traceback (most recent call last):
...
ValueError: camera source '/nonexistent/folder/or/file.mp4': no such file, folder or camera
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Protocol

import numpy as np

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"}


class FrameStatus(Enum):
    OK = "ok"
    END = "end of the recording"
    FAILED = "camera not answering"


@dataclass
class Frame:
    status: FrameStatus
    image: np.ndarray | None = None
    message: str = ""
    time: float | None = None  # seconds: a live camera's clock when the frame came, a
    # recording's position; None when unknown (a folder of images)


class FrameSource(Protocol):
    name: str

    def read(self) -> Frame: ...
    def close(self) -> None: ...


class ImageFolderSource:
    """The images of a folder, in name order."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.name = str(folder)
        self.files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        self._i = 0

    def read(self) -> Frame:
        import cv2

        if self._i >= len(self.files):
            return Frame(FrameStatus.END)
        path = self.files[self._i]
        self._i += 1
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            return Frame(FrameStatus.FAILED, message=f"cannot read image {path}")
        return Frame(FrameStatus.OK, image)

    def close(self) -> None:
        pass


class OpenCVSource:
    """A camera index, a video file or a stream URL through ``cv2.VideoCapture``."""

    def __init__(self, spec: str | int, is_file: bool) -> None:
        self.spec = spec
        self.name = str(spec)
        self.is_file = is_file
        self._cap = None
        self._index = 0  # frames read from a file
        self._open()

    def _open(self) -> None:
        import cv2

        quiet = getattr(getattr(cv2, "utils", None), "logging", None)
        level = quiet.getLogLevel() if quiet is not None else None
        try:
            if quiet is not None:  # (OpenCV warns on stderr at every try of an absent camera;
                quiet.setLogLevel(quiet.LOG_LEVEL_ERROR)  # the FAILED frame says it once)
            self._cap = cv2.VideoCapture(self.spec)
            if not self._cap.isOpened():
                self._cap = None
        except Exception:  # a driver error is a status, never a crash
            self._cap = None
        finally:
            if quiet is not None and level is not None:
                quiet.setLogLevel(level)

    def read(self) -> Frame:
        if self._cap is None:
            self._open()
            if self._cap is None:
                return Frame(FrameStatus.FAILED, message=f"cannot open {self.name}")
        try:
            ok, image = self._cap.read()
        except Exception as exc:
            ok, image = False, None
            self.close()
            return Frame(FrameStatus.FAILED, message=f"{self.name}: {exc}")
        if not ok or image is None:
            if self.is_file:
                return Frame(FrameStatus.END)
            self.close()
            return Frame(FrameStatus.FAILED, message=f"{self.name} stopped sending frames")
        if not self.is_file:
            return Frame(FrameStatus.OK, image, time=time.monotonic())
        # a recording: its own frame rate places the frame (none known: no time)
        import cv2

        fps = float(self._cap.get(cv2.CAP_PROP_FPS) or 0.0) if self._cap is not None else 0.0
        self._index += 1
        at = (self._index - 1) / fps if 0 < fps < 1000 else None
        return Frame(FrameStatus.OK, image, time=at)

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()
        self._cap = None


class PiCameraSource:
    """The Raspberry Pi camera through picamera2 (imported only here)."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.name = "picamera"
        self.size = size
        self._cam = None

    def _open(self) -> str:
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]

            cam = Picamera2()
            cam.configure(cam.create_video_configuration(main={"size": self.size,
                                                               "format": "RGB888"}))
            cam.start()
            self._cam = cam
            return ""
        except Exception as exc:  # ImportError off a Pi, IndexError with no camera
            self._cam = None
            return f"Pi camera unavailable: {type(exc).__name__}: {exc}"

    def read(self) -> Frame:
        if self._cam is None:
            message = self._open()
            if self._cam is None:
                return Frame(FrameStatus.FAILED, message=message)
        try:
            image = self._cam.capture_array()  # "RGB888" is B, G, R in memory: OpenCV's order
        except Exception as exc:
            self.close()
            return Frame(FrameStatus.FAILED, message=f"Pi camera: {exc}")
        return Frame(FrameStatus.OK, np.ascontiguousarray(image[..., :3]), time=time.monotonic())

    def close(self) -> None:
        if self._cam is not None:
            try:
                self._cam.close()
            except Exception:
                pass
        self._cam = None


class RetryingSource:
    """Wraps a live source: after a failure, waits ``retry_ms`` before trying again.

    ``now_ms`` is an injected clock (``companion.core.clock``); while waiting, ``read`` says
    ``FAILED`` at once so the main loop never blocks.
    """

    def __init__(self, source: FrameSource, now_ms: "object", retry_ms: int = 2000) -> None:
        self.source = source
        self.name = source.name
        self._now = now_ms
        self.retry_ms = retry_ms
        self._wait_until = 0
        self.failures = 0

    def read(self) -> Frame:
        now = self._now()  # type: ignore[operator]
        if now < self._wait_until:
            return Frame(FrameStatus.FAILED, message=f"{self.name}: retrying")
        frame = self.source.read()
        if frame.status is FrameStatus.FAILED:
            self.failures += 1
            self._wait_until = now + self.retry_ms
        elif frame.status is FrameStatus.OK:
            self.failures = 0
        return frame

    def close(self) -> None:
        self.source.close()


def open_source(spec: str) -> FrameSource:
    """A folder, a camera index (``0``), ``picamera``, a video file or a stream URL."""
    if spec.lower() in ("pi", "picamera", "picamera2"):
        return PiCameraSource()
    if spec.isdigit():
        return OpenCVSource(int(spec), is_file=False)
    path = Path(spec)
    if path.is_dir():
        folder = ImageFolderSource(path)
        if not folder.files:  # (nothing would be read, and nothing said)
            raise ValueError(f"camera source {spec!r}: a folder with no images "
                             f"({' '.join(sorted(IMAGE_SUFFIXES))})")
        return folder
    if path.is_file():
        return OpenCVSource(str(path), is_file=True)
    if "://" in spec:
        return OpenCVSource(spec, is_file=False)
    raise ValueError(f"camera source {spec!r}: no such file, folder or camera")


def source_from_config(camera_source: str, now_ms: "object") -> FrameSource | None:
    """The source named by the config's ``camera.source`` ("" = no camera), retried when live.

    Bad names raise ValueError with the name; a camera that is absent right now is not an
    error: it reports FAILED until it answers.
    """
    spec = camera_source.strip()
    if not spec:
        return None
    source = open_source(spec)
    if isinstance(source, ImageFolderSource) or getattr(source, "is_file", False):
        return source
    return RetryingSource(source, now_ms)
