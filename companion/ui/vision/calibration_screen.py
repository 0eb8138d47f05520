"""Calibration: the board found by itself, or four taps on its corners, kept per camera.

The picture is held still while the referee taps (a new picture on request). The corners go in
the documented order: the a1 corner, the corner past the last file on rank 1, the far corner,
the corner beyond a on the last rank (for the 11×10 board, the corners of the playing area:
the citadels lie outside it). The grid is drawn as soon as there are four; Save hands them to
the camera worker, which keeps them in the store for this camera, board and picture size.

The search by itself runs in a thread of its own (it takes a few hundred milliseconds), so the
screen keeps answering.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.registry import register_screen
from companion.ui.screen import HEADER_H, Screen
from companion.ui.vision.camera_screen import draw_no_camera, synthetic_frame
from companion.ui.vision.feed import CameraFeed
from companion.ui.vision.overlay import Placement, draw_grid, draw_picture, draw_taps
from companion.ui.widgets import Button, draw_text, wrap_text

if TYPE_CHECKING:
    from companion.app import App

PICTURE = pygame.Rect(4, HEADER_H + 4, 572, 480 - HEADER_H - 8)
SIDE_X = PICTURE.right + 10
SIDE_W = 800 - SIDE_X - 8
SEARCH_WAKE_MS = 50


class CalibrationScreen(Screen):
    name = "camera-calibration"
    title_key = "vision.cal.title"

    def __init__(self, app: "App", geometry: str = "8x8") -> None:
        super().__init__(app)
        self.feed = CameraFeed(app, geometry)
        self.frame: np.ndarray | None = None  # the still picture being calibrated
        self.picture: pygame.Surface | None = None
        self.frame_size: tuple[int, int] = (0, 0)
        self.taps: list[tuple[float, float]] = []
        self.found: np.ndarray | None = None  # corners from the search by itself
        self.note = ""
        self.note_level = "info"
        self._search: threading.Thread | None = None
        self._search_result: list[Any] = []

    @property
    def geometry(self) -> str:
        return self.feed.geometry_name

    @property
    def corners(self) -> np.ndarray | None:
        """The four corners to save: the taps when there are four, else the search's."""
        if len(self.taps) == 4:
            return np.array(self.taps, float)
        return self.found

    # -- lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.feed.start()

    def leave(self) -> None:
        self.feed.stop()

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        if not self.feed.configured:
            return
        searching = self._search is not None
        h, gap = 54, 8
        y = 480 - 8 - 4 * h - 3 * gap
        have_frame = self.frame is not None
        self.buttons += [
            Button(pygame.Rect(SIDE_X, y, SIDE_W, h),
                   self.t("vision.cal.searching" if searching else "vision.cal.auto"), self.auto_find,
                   enabled=have_frame and not searching, size=19),
            Button(pygame.Rect(SIDE_X, y + (h + gap), SIDE_W, h), self.t("vision.cal.undo"), self.undo_tap,
                   enabled=bool(self.taps), size=19),
            Button(pygame.Rect(SIDE_X, y + 2 * (h + gap), SIDE_W, h), self.t("vision.cal.live"), self.new_picture,
                   enabled=not searching, size=19),
            Button(pygame.Rect(SIDE_X, y + 3 * (h + gap), SIDE_W, h), self.t("vision.cal.save"), self.save,
                   primary=True, enabled=self.corners is not None and not searching, size=22),
        ]

    # -- actions ----------------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name == "undo":
            self.undo_tap()
            return True
        if action.kind is Kind.TAP and action.pos is not None and self.frame is not None:
            place = Placement.fit(PICTURE, self.frame_size)
            if PICTURE.collidepoint(action.pos) and not any(b.rect.collidepoint(action.pos) for b in self.buttons):
                point = place.to_frame(action.pos)
                if point is None:
                    self.say(self.t("vision.cal.outside"), "warn")
                else:
                    self.tap_corner(point)
                return True
        return super().handle(action)

    def tap_corner(self, point: tuple[float, float]) -> None:
        """One corner tapped (frame pixels); a fifth tap starts again from the first."""
        if len(self.taps) == 4:
            self.taps = []
        self.taps.append(point)
        self.found = None
        self.note = self.t("vision.cal.done") if len(self.taps) == 4 else ""
        self.note_level = "info"
        self.layout()
        self.dirty = True

    def undo_tap(self) -> None:
        if self.taps:
            self.taps.pop()
            self.note = ""
            self.layout()
            self.dirty = True

    def new_picture(self) -> None:
        """Take the camera's newest picture (the taps stay: the camera has not moved)."""
        self.frame = None
        self.dirty = True
        self.layout()

    def auto_find(self) -> None:
        if self.frame is None or self._search is not None:
            return
        from companion.vision.calibration import find_board
        from companion.vision.geometry import get_geometry

        frame, geometry = self.frame, get_geometry(self.geometry)
        self._search_result = []
        result = self._search_result

        def search() -> None:
            try:
                result.append(find_board(frame, geometry))
            except Exception as exc:  # a search bug must not take the screen down
                result.append(exc)

        self._search = threading.Thread(target=search, name="board-search", daemon=True)
        self._search.start()
        self.layout()
        self.dirty = True

    def _search_done(self) -> None:
        assert self._search is not None
        self._search.join()
        self._search = None
        found = self._search_result[0] if self._search_result else None
        if isinstance(found, np.ndarray):
            self.found, self.taps = np.asarray(found, float).reshape(4, 2), []
            self.say(self.t("vision.cal.found"))
        else:
            self.found = None
            self.say(self.t("vision.cal.not_found"), "warn")
            self.app.play("error")
        self.layout()

    def save(self) -> None:
        corners = self.corners
        if corners is None:
            return
        from companion.vision.geometry import get_geometry
        from companion.vision.view import BoardView

        try:
            BoardView.from_corners(get_geometry(self.geometry), corners, self.frame_size)
        except ValueError as exc:
            self.say(self.t("vision.cal.bad_corners", error=exc), "warn")
            self.app.play("error")
            return
        try:
            self.feed.worker.set_corners(corners, self.frame_size, self.geometry)
        except OSError as exc:
            self.app.show_banner(self.t("vision.cal.not_saved", error=exc), ms=None)
            self.app.play("error")
            return
        self.app.show_banner(self.t("vision.cal.saved"), level="info")
        self.app.play("tap")
        self.app.pop()

    def say(self, text: str, level: str = "info") -> None:
        self.note, self.note_level = text, level
        self.dirty = True

    # -- the loop ---------------------------------------------------------------------------------
    def update(self, dt_ms: int) -> None:
        if self._search is not None and not self._search.is_alive():
            self._search_done()
        self.feed.poll()
        if self.frame is None and self.feed.latest is not None and self.feed.worker.last_frame is not None:
            self.hold(self.feed.worker.last_frame, self.feed.picture)

    def hold(self, frame: np.ndarray, picture: pygame.Surface | None = None) -> None:
        """Calibrate on this picture (BGR) until a new one is asked for."""
        from companion.ui.vision.overlay import preview_surface
        from companion.ui.vision.worker import make_preview

        self.frame = frame
        self.frame_size = (frame.shape[1], frame.shape[0])
        self.picture = picture if picture is not None else preview_surface(make_preview(frame))
        self.layout()
        self.dirty = True

    def wake_in_ms(self) -> int | None:
        if self._search is not None:
            return SEARCH_WAKE_MS
        return self.feed.wake_in_ms() if self.frame is None else None

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("vision.cal.title"), self.t(f"vision.geometry.{self.geometry}"))
        if not self.feed.configured:
            draw_no_camera(self, surface, pygame.Rect(20, HEADER_H + 20, 760, 480 - HEADER_H - 40))
            for b in self.buttons:
                b.draw(surface)
            return
        if self.frame is None:
            pygame.draw.rect(surface, theme.PANEL, PICTURE)
            draw_text(surface, self.t(self.feed.status_key() if self.feed.state.value != "running"
                                      else "vision.status.waiting"), PICTURE.center, 22, theme.MUTED, "center",
                      max_width=PICTURE.width - 20)
        else:
            place = Placement.fit(PICTURE, self.frame_size)
            draw_picture(surface, self.picture, place)
            if self.corners is not None:
                draw_grid(surface, self.geometry, self.corners, self.frame_size, place)
            draw_taps(surface, self.taps, place)
        self._draw_side(surface)
        for b in self.buttons:
            b.draw(surface)

    def instruction(self) -> str:
        if self.note:
            return self.note
        if self.frame is None:
            return self.t("vision.cal.no_frame")
        return self.t(f"vision.cal.tap{len(self.taps) + 1}") if len(self.taps) < 4 else self.t("vision.cal.done")

    def _draw_side(self, surface: pygame.Surface) -> None:
        colour = theme.WARN if self.note and self.note_level == "warn" else theme.TEXT
        if len(self.taps) < 4 and not self.note and self.frame is not None:
            draw_text(surface, self.t("vision.cal.corner", n=len(self.taps) + 1), (SIDE_X, HEADER_H + 10), 22,
                      theme.ACCENT, bold=True, max_width=SIDE_W)
        y = HEADER_H + 44
        for line in wrap_text(self.instruction(), 19, SIDE_W)[:5]:
            draw_text(surface, line, (SIDE_X, y), 19, colour, max_width=SIDE_W)
            y += 25


def _demo(app: "App") -> CalibrationScreen:
    from dataclasses import replace

    from companion.config import CameraConfig

    if not app.config.camera.source:
        app.config = replace(app.config, camera=CameraConfig(source="picamera"))  # the demo's own
    screen = CalibrationScreen(app)
    screen.feed.live = False
    image, corners = synthetic_frame()
    screen.hold(image)
    for point in corners[:3]:  # three corners tapped, the fourth to go
        screen.tap_corner((float(point[0]), float(point[1])))
    return screen


register_screen("camera-calibration", _demo)
