"""What a screen keeps of the camera: the newest picture and reading, and the banners.

A :class:`CameraFeed` belongs to one screen (or one board that follows the game). It holds the
app's :class:`~companion.ui.vision.worker.CameraWorker` while it is active, drains the worker's
mailbox in :meth:`poll` (called from the screen's ``update``), and tells the app once when the
camera stops (a banner that stays until it answers again) and when it is back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from companion.ui.vision import strings as _strings  # noqa: F401  (registers the texts)
from companion.ui.vision.worker import CameraResult, CameraWorker, SourceState, camera_for

if TYPE_CHECKING:
    from companion.vision.reader import Reading

WAKE_MS = 50  # how often an active feed looks at the mailbox when no event woke the loop


class CameraFeed:
    def __init__(self, app: Any, geometry_name: str = "8x8") -> None:
        self.app = app
        self.geometry_name = geometry_name
        self.worker: CameraWorker = camera_for(app)
        self.active = False
        self.live = True  # False: a demo feed that shows what it was given and reads no camera
        self.latest: CameraResult | None = None
        self.picture: pygame.Surface | None = None
        self.reading: Reading | None = None
        self.corners: Any = None
        self.frame_size: tuple[int, int] = (0, 0)
        self.state = self.worker.state
        self._banner: str | None = None

    @property
    def configured(self) -> bool:
        return self.worker.configured

    def start(self) -> None:
        """Frames are wanted (the screen is shown, or the board follows)."""
        if self.active:
            return
        self.active = True
        if self.live:
            self.worker.set_geometry(self.geometry_name)
            self.worker.acquire(self)

    def stop(self) -> None:
        if not self.active:
            return
        self.active = False
        if self.live:
            self.worker.release(self)

    def wake_in_ms(self) -> int | None:
        return WAKE_MS if self.active and self.live and self.configured else None

    def poll(self) -> list[CameraResult]:
        """The results since the last poll (oldest first); the newest picture is kept."""
        if not self.active:
            return []
        results = self.worker.take(self)
        last = self._last_running(results)
        for result in results:
            self._note_state(result)
            if result.state is SourceState.RUNNING:
                self.latest = result
                self.reading = result.reading
                self.corners = result.corners
                self.frame_size = result.frame_size
                if result is last:  # only the newest becomes a picture
                    self.picture = self._surface(result)
        return results

    @staticmethod
    def _last_running(results: list[CameraResult]) -> CameraResult | None:
        for result in reversed(results):
            if result.state is SourceState.RUNNING:
                return result
        return None

    @staticmethod
    def _surface(result: CameraResult) -> pygame.Surface | None:
        from companion.ui.vision.overlay import preview_surface

        return None if result.preview is None else preview_surface(result.preview)

    def _note_state(self, result: CameraResult) -> None:
        before, self.state = self.state, result.state
        t = self.app.t
        if result.state is SourceState.FAILED and before is not SourceState.FAILED:
            self._banner = t("vision.banner.failed", message=result.message or "?")
            self.app.show_banner(self._banner, ms=None)
        elif result.state is SourceState.BAD and before is not SourceState.BAD:
            self.app.show_banner(t("vision.banner.bad", message=result.message), ms=None)
        elif result.state is SourceState.RUNNING and before is SourceState.FAILED:
            self.clear_banner()
            self.app.show_banner(t("vision.banner.back"), level="info")

    def clear_banner(self) -> None:
        if self._banner is not None:
            self.app.hide_banner(self._banner)
            self._banner = None

    def status_key(self) -> str:
        """The translation key of what the camera says now."""
        if not self.configured:
            return "vision.no_camera"
        if self.state is SourceState.FAILED:
            return "vision.status.failed"
        if self.state is SourceState.BAD:
            return "vision.status.bad"
        if self.state is SourceState.ENDED and self.reading is None:
            return "vision.status.ended"
        if self.reading is None:
            return "vision.status.waiting"
        return "vision.status." + self.reading.status.name.lower()
