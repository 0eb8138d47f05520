"""The camera worker: a thread that reads the source and runs the Reader, off the main loop.

The loop never waits for a frame. The thread reads a frame, reads the board in it, makes a
small RGB preview for the screens, and leaves a :class:`CameraResult` in each holder's bounded
mailbox (:meth:`CameraWorker.take` drains one, oldest first; a follower needs every calm
reading, a screen shows the newest; a board that follows and the camera view shown over it
each get every result). After each result it posts :data:`CAMERA_EVENT` so a sleeping loop
wakes at once (the input layer ignores the event; the screen reads the mailbox in ``update``).

A live source that stops answers ``FAILED``: the worker says so in the result (the screens show
a banner) and keeps asking; :class:`~companion.vision.sources.RetryingSource` spaces the tries.
A recording or a folder that ends says ``END`` and the thread stops.

One worker per app (:func:`camera_for`), shared by the camera view, the calibration and the
boards that follow the game; it runs only while someone holds it (:meth:`CameraWorker.acquire`).

>>> w = CameraWorker(source_spec="", geometry_name="8x8", store_path=None)
>>> w.configured, w.step() is None
(False, True)
"""

from __future__ import annotations

import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from companion.vision.reader import Reader, Reading
    from companion.vision.sources import FrameSource

PREVIEW_MAX = (560, 420)  # the largest preview a screen draws (logical pixels)
MAILBOX = 32  # results kept for a loop that is late (the oldest are dropped)
IDLE_S = 0.05  # pause after a failed read (a retrying source answers at once while waiting)
FOLDER_INTERVAL_S = 0.1  # a folder or a file is played at about 10 frames a second


class SourceState(Enum):
    """How the source is doing, for the screens' words and banners."""

    NONE = "none"  # no camera configured
    RUNNING = "running"
    FAILED = "failed"  # a camera that stopped (retried)
    ENDED = "ended"  # a recording or folder that has no more frames
    BAD = "bad"  # the configured source cannot be opened at all (a wrong name)


@dataclass
class CameraResult:
    """One frame's outcome, handed from the thread to the loop."""

    seq: int
    state: SourceState
    message: str = ""
    reading: "Reading | None" = None
    preview: np.ndarray | None = None  # RGB, scaled to fit PREVIEW_MAX
    frame_size: tuple[int, int] = (0, 0)  # width, height of the camera's frame
    corners: np.ndarray | None = None  # the calibration used, in frame pixels
    fps: float = 0.0
    at: float | None = None  # the frame's time in seconds (a live camera's clock, a
    # recording's position), for the follower's calm in seconds; None: unknown (a folder)


@dataclass
class _Pending:
    corners: Any = None
    geometry: str | None = None
    position: Any = None  # cell -> "."/"w"/"b" standing on the board now (to learn its look)
    known: Any = None  # ... the same, only to find and turn the board by (the look stays learnt)
    must: Any = frozenset()  # cells the frame the look is learnt from must read as ``position``


def make_preview(frame: np.ndarray, max_size: tuple[int, int] = PREVIEW_MAX) -> np.ndarray:
    """The BGR frame scaled to fit ``max_size`` (aspect kept), as contiguous RGB.

    >>> make_preview(np.zeros((480, 640, 3), np.uint8)).shape
    (420, 560, 3)
    """
    import cv2

    h, w = frame.shape[:2]
    scale = min(max_size[0] / w, max_size[1] / h)
    size = (max(1, int(round(w * scale))), max(1, int(round(h * scale))))
    small = cv2.resize(frame, size, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR)
    return np.ascontiguousarray(cv2.cvtColor(small, cv2.COLOR_BGR2RGB))


class CameraWorker:
    """Reads ``source_spec`` (the config's ``camera.source``) with a Reader for a geometry.

    ``step()`` does one frame synchronously (the tests drive it so); ``start()`` runs it in a
    thread. Calibration requests from the screens (:meth:`set_corners`, :meth:`set_geometry`)
    are applied by the worker before its next frame, so the Reader is only touched by one
    thread.
    """

    def __init__(self, source_spec: str, geometry_name: str = "8x8", store_path: Path | None = None,
                 now_ms: Callable[[], int] | None = None, wake: Callable[[], None] | None = None,
                 interval_s: float = FOLDER_INTERVAL_S) -> None:
        self.spec = source_spec.strip()
        self.geometry_name = geometry_name
        self.store_path = store_path
        self.now_ms = now_ms or (lambda: int(time.monotonic() * 1000))
        self.wake = wake
        self.interval_s = interval_s
        self.source: FrameSource | None = None
        self.reader: Reader | None = None
        self._tracked = 0  # (the reader's moves of the corners with a nudged camera, kept)
        self.state = SourceState.NONE if not self.spec else SourceState.RUNNING
        self.message = ""
        self.last_frame: np.ndarray | None = None
        self._boxes: dict[int, deque[CameraResult]] = {}
        self._lock = threading.Lock()
        self._pending = _Pending()
        self._seq = 0
        self._times: deque[float] = deque(maxlen=12)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._holders: set[int] = set()
        self._paced = False
        self.threaded = True  # False: nobody starts the thread; the tests call step() themselves

    # -- configuration ------------------------------------------------------------------------
    @property
    def configured(self) -> bool:
        return bool(self.spec)

    def _open(self) -> bool:
        if self.source is not None:
            return True
        from companion.vision.sources import ImageFolderSource, source_from_config

        try:
            self.source = source_from_config(self.spec, self.now_ms)
        except (ValueError, OSError) as exc:
            self.state, self.message = SourceState.BAD, str(exc)
            return False
        self._paced = isinstance(self.source, ImageFolderSource) or getattr(self.source, "is_file", False)
        return self.source is not None

    def _new_reader(self) -> None:
        from companion.vision.geometry import get_geometry
        from companion.vision.reader import Reader

        self.reader = Reader(get_geometry(self.geometry_name))
        self._tracked = 0

    def set_geometry(self, name: str) -> None:
        """Read the board as ``8x8`` or ``11x10c`` from the next frame on."""
        with self._lock:
            if name != self.geometry_name or self._pending.geometry is not None:
                self._pending.geometry = name

    def set_corners(self, corners: Any, size: tuple[int, int], geometry: str | None = None) -> None:
        """Keep these four corners (frame pixels, a1 corner first) for this camera, board and
        picture size in the store at once, and read with them from the next frame on.

        A store that cannot be written raises OSError (the corners are used all the same)."""
        from companion.vision.view import Corners, lens_of

        # (found through a webcam's lens, the corners carry it: kept, in the store too)
        pts = Corners(np.asarray(corners, float).reshape(4, 2), lens_of(corners))
        name = geometry or self._pending.geometry or self.geometry_name
        with self._lock:
            self._pending.corners = pts
        if self.store_path is not None:
            from companion.vision.store import CalibrationStore

            CalibrationStore(self.store_path).save(self.spec, name, size, pts)

    def expect_position(self, position: dict[str, str], must: Any = frozenset()) -> None:
        """The position standing on the board now (cell -> "."/"w"/"b"): the reader learns
        this board's look from the next calm frame that agrees with it (and reads the cells
        ``must`` exactly as it has them, see :meth:`Reader.expect`)."""
        with self._lock:
            self._pending.position = dict(position)
            self._pending.must = frozenset(must)

    def tell_position(self, position: dict[str, str]) -> None:
        """The position standing on the board now, after a move the camera was told of: the
        reader finds and turns the board by it (the board's look, already learnt, stays until
        a calm frame reads as this position, and is learnt again from it: see
        ``reader.RELEARN``)."""
        with self._lock:
            self._pending.known = dict(position)

    def stored_corners(self, size: tuple[int, int]) -> Any:
        if self.store_path is None:
            return None
        from companion.vision.store import CalibrationStore

        return CalibrationStore(self.store_path).load(self.spec, self.geometry_name, size)

    def _apply_pending(self, size: tuple[int, int]) -> None:
        with self._lock:
            geometry, self._pending.geometry = self._pending.geometry, None
            corners, self._pending.corners = self._pending.corners, None
            position, self._pending.position = self._pending.position, None
            must, self._pending.must = self._pending.must, frozenset()
            known, self._pending.known = self._pending.known, None
        if geometry is not None:
            self.geometry_name = geometry
            self.reader = None
        if self.reader is None:
            self._new_reader()
            stored = self.stored_corners(size)
            if stored is not None:
                self._use_corners(stored, size)
        if corners is not None:
            self._use_corners(corners, size)
        if position is not None and self.reader is not None \
                and set(position) == set(self.reader.geometry.cells):
            self.reader.expect(position, must)
        if known is not None and self.reader is not None \
                and set(known) == set(self.reader.geometry.cells):
            self.reader.tell(known)

    def _keep_tracked(self, size: tuple[int, int]) -> None:
        """The corners the reader moved with a nudged camera (``reader.TRACK``) replace the
        ones calibrated for this camera, board and picture size in the store, so that the
        station started again reads through them; corners never calibrated (the board found
        by itself) are not made a calibration. A store that cannot be written keeps the old
        ones (the moved corners are used all the same)."""
        if self.store_path is None or self.reader is None or self.reader.corners is None:
            return
        from companion.vision.store import CalibrationStore

        store = CalibrationStore(self.store_path)
        if store.load(self.spec, self.geometry_name, size) is None:
            return
        try:
            store.save(self.spec, self.geometry_name, size, self.reader.corners)
        except OSError:
            pass

    def _use_corners(self, points: Any, size: tuple[int, int]) -> None:
        assert self.reader is not None
        try:
            self.reader.set_corners(points, size)
        except ValueError as exc:
            self.message = str(exc)

    # -- one frame ----------------------------------------------------------------------------
    def step(self) -> CameraResult | None:
        """Read one frame and leave its result in the mailbox (also returned); None with no
        camera configured or after the recording ended."""
        if not self.configured or self.state is SourceState.ENDED:
            return None
        if not self._open():
            return self._post(CameraResult(self._next_seq(), SourceState.BAD, self.message))
        from companion.vision.sources import FrameStatus

        assert self.source is not None
        frame = self.source.read()
        if frame.status is FrameStatus.END:
            self.state = SourceState.ENDED
            return self._post(CameraResult(self._next_seq(), SourceState.ENDED, frame.message))
        if frame.status is FrameStatus.FAILED or frame.image is None:
            self.state, self.message = SourceState.FAILED, frame.message
            return self._post(CameraResult(self._next_seq(), SourceState.FAILED, frame.message))
        image = frame.image
        size = (image.shape[1], image.shape[0])
        self._apply_pending(size)
        assert self.reader is not None
        reading = self.reader.read(image)
        if self.reader.tracked != self._tracked:
            self._tracked = self.reader.tracked
            self._keep_tracked(size)
        self.state, self.last_frame = SourceState.RUNNING, image
        self._times.append(time.monotonic())
        corners = None if self.reader.corners is None else self.reader.corners.copy()
        return self._post(CameraResult(self._next_seq(), SourceState.RUNNING, "", reading,
                                       make_preview(image), size, corners, self.fps,
                                       frame.time))

    @property
    def fps(self) -> float:
        if len(self._times) < 2:
            return 0.0
        span = self._times[-1] - self._times[0]
        return (len(self._times) - 1) / span if span > 0 else 0.0

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def _post(self, result: CameraResult) -> CameraResult:
        with self._lock:
            for box in self._boxes.values():
                box.append(result)
        if self.wake is not None:
            self.wake()
        return result

    def deliver(self, result: CameraResult) -> None:
        """Leave a result made elsewhere in the mailbox (a demo's synthetic frame)."""
        self._post(result)

    def subscribe(self, holder: object) -> None:
        """Give ``holder`` a mailbox of its own (from the next result on)."""
        with self._lock:
            self._boxes.setdefault(id(holder), deque(maxlen=MAILBOX))

    def take(self, holder: object) -> list[CameraResult]:
        """Every result for ``holder`` since its last call, oldest first (called by the loop)."""
        with self._lock:
            box = self._boxes.get(id(holder))
            if box is None:
                return []
            out = list(box)
            box.clear()
        return out

    # -- the thread ---------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """A thread reads frames for someone (not one that was told to stop)."""
        return self._thread is not None and self._thread.is_alive() and not self._stop.is_set()

    def acquire(self, holder: object) -> None:
        """``holder`` (a screen) needs frames: start the thread if it is not running."""
        self._holders.add(id(holder))
        self.subscribe(holder)
        if self.configured and self.threaded:
            self.start()

    def release(self, holder: object) -> None:
        """``holder`` no longer needs frames; the thread stops when nobody does."""
        self._holders.discard(id(holder))
        with self._lock:
            self._boxes.pop(id(holder), None)
        if not self._holders:
            self.stop()

    def start(self) -> None:
        """Start the thread (at once: the loop never waits for it). A thread still finishing
        its last frame (stopped a moment ago: a board left and opened again) is waited for by
        the new one, which then goes on with the same source: never two frames at once, and
        the old thread leaves the source open for the new one."""
        if self.running or not self.configured:
            return
        before = self._thread if self._thread is not None and self._thread.is_alive() else None
        if before is None and self.state is SourceState.ENDED:
            self.state = SourceState.RUNNING  # a folder played again from its start
            self.close_source()
        self._stop = threading.Event()  # each thread its own: an old one never sees a new start
        self._thread = threading.Thread(target=self._run, args=(self._stop, before), name="camera",
                                        daemon=True)
        self._thread.start()

    def _run(self, stop: threading.Event, before: threading.Thread | None = None) -> None:
        try:
            if before is not None:
                before.join()
            if self.state is SourceState.ENDED and not stop.is_set():
                self.state = SourceState.RUNNING  # (as in start, once the last thread is done)
                self.close_source()
            while not stop.is_set():
                began = time.monotonic()
                try:
                    result = self.step()
                except Exception as exc:  # a reader bug must not kill the camera for good
                    result = self._post(CameraResult(self._next_seq(), SourceState.FAILED,
                                                     f"{type(exc).__name__}: {exc}"))
                if result is None or result.state in (SourceState.ENDED, SourceState.BAD):
                    break
                if result.state is SourceState.FAILED:
                    stop.wait(IDLE_S)
                elif self._paced:
                    stop.wait(max(0.0, self.interval_s - (time.monotonic() - began)))
        finally:
            if stop.is_set() and self._stop is stop:
                self.close_source()  # the camera is free for others once nobody needs it

    def stop(self) -> None:
        """Nobody needs frames: the thread ends after its current frame (never waited for
        long: a camera being opened may take a second, the loop must not)."""
        self._stop.set()
        thread = self._thread
        if thread is None or not thread.is_alive():
            self._thread = None
            self.close_source()
            return
        if thread is not threading.current_thread():
            thread.join(timeout=0.2)
        if not thread.is_alive():
            self._thread = None

    def close_source(self) -> None:
        if self.source is not None:
            try:
                self.source.close()
            except Exception:
                pass
        self.source = None


# -- one worker per app --------------------------------------------------------------------------
_WORKERS: "weakref.WeakKeyDictionary[Any, CameraWorker]" = weakref.WeakKeyDictionary()


def _post_wake() -> None:
    """Wake the main loop (posting is thread-safe); silent when pygame is gone."""
    try:
        import pygame

        pygame.event.post(pygame.event.Event(CAMERA_EVENT))
    except Exception:
        pass


def _camera_event() -> int:
    import pygame

    return pygame.event.custom_type()


CAMERA_EVENT = _camera_event()


def camera_for(app: Any) -> CameraWorker:
    """The app's camera worker, made on first use from ``app.config.camera.source`` (made
    again when the config names another source)."""
    spec = app.config.camera.source.strip()
    worker = _WORKERS.get(app)
    if worker is None or worker.spec != spec:
        if worker is not None:
            worker.stop()
        store = Path(app.config.data_dir) / "calibration.json"
        worker = CameraWorker(spec, store_path=store, wake=_post_wake)
        _WORKERS[app] = worker
    return worker
