"""The camera thread stopped and started again at once (a board left and opened again while
following: the switch is kept with the game): the loop never waits for the old thread, the
new one waits for it to finish its frame, never two frames are read at once, and the old
thread does not close the source the new one reads."""

from __future__ import annotations

import threading
import time

import numpy as np

from companion.ui.vision.worker import CameraWorker
from companion.vision.sources import Frame, FrameStatus


class SlowCamera:
    """A camera whose every frame takes ``seconds`` (a Pi opening or reading a big frame)."""

    def __init__(self, seconds: float) -> None:
        self.name = "slow stand-in"
        self.seconds = seconds
        self.reading = 0
        self.most = 0
        self.closed_while_read = False
        self.closed = False
        self.reads = 0
        self._lock = threading.Lock()

    def read(self) -> Frame:
        with self._lock:
            self.reading += 1
            self.most = max(self.most, self.reading)
        time.sleep(self.seconds)
        with self._lock:
            self.reading -= 1
            self.reads += 1
            if self.closed:
                self.closed_while_read = True
        return Frame(FrameStatus.OK, np.full((120, 160, 3), 90, np.uint8), time=time.monotonic())

    def close(self) -> None:
        self.closed = True


def test_a_thread_started_again_while_the_last_one_ends_its_frame_waits_for_it(tmp_path):
    worker = CameraWorker("stand-in", store_path=tmp_path / "calibration.json")
    camera = SlowCamera(0.6)
    worker.source = camera
    holder = object()
    worker.acquire(holder)
    time.sleep(0.2)  # the first frame is being read
    worker.release(holder)  # the board left: the thread ends after this frame
    began = time.monotonic()
    worker.acquire(holder)  # ... and opened again at once
    assert time.monotonic() - began < 0.1  # the loop did not wait
    time.sleep(2.0)
    worker.release(holder)
    time.sleep(0.8)
    assert camera.most == 1  # never two frames at once
    assert not camera.closed_while_read  # the old thread left the source to the new one
    assert camera.reads >= 3  # the new thread went on reading the same camera
    assert camera.closed  # and once nobody needs it, it is closed
