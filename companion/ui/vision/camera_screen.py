"""The camera view: the live picture with the grid and each cell as read, the reader's status in
words, and the frames per second. From here the referee calibrates (four taps, or by itself).

With no camera configured the screen says so and names the config key; nothing else runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from companion.ui import theme
from companion.ui.registry import register_screen
from companion.ui.screen import HEADER_H, Screen
from companion.ui.vision.feed import CameraFeed
from companion.ui.vision.overlay import Placement, draw_grid, draw_picture
from companion.ui.vision.worker import SourceState
from companion.ui.widgets import Button, draw_text, wrap_text

if TYPE_CHECKING:
    from companion.app import App

PICTURE = pygame.Rect(8, HEADER_H + 8, 560, 480 - HEADER_H - 16)
SIDE_X = PICTURE.right + 12
SIDE_W = 800 - SIDE_X - 8
GEOMETRIES = ("8x8", "11x10c")

STATUS_COLOURS = {
    "vision.status.ok": theme.OK,
    "vision.status.hand": theme.WARN,
    "vision.status.motion": theme.WARN,
    "vision.status.no_board": theme.DANGER,
    "vision.status.camera_moved": theme.DANGER,
    "vision.status.failed": theme.DANGER,
    "vision.status.bad": theme.DANGER,
}


def draw_no_camera(screen: Screen, surface: pygame.Surface, area: pygame.Rect) -> None:
    """The words shown instead of a picture when ``camera.source`` is empty."""
    draw_text(surface, screen.t("vision.no_camera"), (area.centerx, area.y + 20), 26, theme.ACCENT, "midtop",
              bold=True, max_width=area.width - 20)
    y = area.y + 70
    for line in wrap_text(screen.t("vision.no_camera_help"), 20, area.width - 40):
        draw_text(surface, line, (area.x + 20, y), 20, theme.TEXT)
        y += 28
    draw_text(surface, '[camera]   source = "picamera"', (area.centerx, y + 16), 22, theme.MUTED, "midtop")


class CameraScreen(Screen):
    name = "camera"
    title_key = "vision.title"

    def __init__(self, app: "App", geometry: str = "8x8") -> None:
        super().__init__(app)
        self.feed = CameraFeed(app, geometry)

    @property
    def geometry(self) -> str:
        return self.feed.geometry_name

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
        y = 276
        for i, name in enumerate(GEOMETRIES):
            self.buttons.append(Button(pygame.Rect(SIDE_X, y + i * 54, SIDE_W, 48), self.t(f"vision.geometry.{name}"),
                                       self._geometry_chooser(name), selected=name == self.geometry, size=18))
        self.buttons.append(Button(pygame.Rect(SIDE_X, 480 - 8 - 60, SIDE_W, 60), self.t("vision.calibrate"),
                                   self.open_calibration, primary=True, size=22))

    def _geometry_chooser(self, name: str):
        def choose() -> None:
            if name != self.feed.geometry_name:
                self.feed.geometry_name = name
                self.feed.worker.set_geometry(name)
                self.feed.reading, self.feed.corners = None, None
            self.layout()
            self.dirty = True
        return choose

    def open_calibration(self) -> None:
        from companion.ui.vision.calibration_screen import CalibrationScreen

        self.app.push(CalibrationScreen(self.app, self.geometry))

    # -- the loop ---------------------------------------------------------------------------------
    def update(self, dt_ms: int) -> None:
        if self.feed.poll():
            self.dirty = True

    def wake_in_ms(self) -> int | None:
        return self.feed.wake_in_ms()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        running = self.feed.latest is not None and self.feed.state is SourceState.RUNNING
        fps = self.feed.latest.fps if running and self.feed.latest is not None else 0.0
        self.draw_header(surface, self.t("vision.title"),
                         self.t("vision.fps", fps=fps) if self.feed.configured else "")
        if not self.feed.configured:
            draw_no_camera(self, surface, pygame.Rect(20, HEADER_H + 20, 760, 480 - HEADER_H - 40))
            for b in self.buttons:
                b.draw(surface)
            return
        size = self.feed.frame_size if self.feed.frame_size != (0, 0) else (640, 480)
        place = Placement.fit(PICTURE, size)
        draw_picture(surface, self.feed.picture, place)
        reading = self.feed.reading
        if self.feed.corners is not None and self.feed.frame_size != (0, 0):
            fresh = reading is not None and reading.ok and self.feed.state is SourceState.RUNNING
            cells = reading.cells if fresh and reading is not None else None
            draw_grid(surface, self.geometry, self.feed.corners, self.feed.frame_size, place,
                      {c: s.value for c, s in cells.items()} if cells else None,
                      reading.unsure if fresh and reading is not None else None)
        self._draw_side(surface)
        for b in self.buttons:
            b.draw(surface)

    def _draw_side(self, surface: pygame.Surface) -> None:
        key = self.feed.status_key()
        colour = STATUS_COLOURS.get(key, theme.MUTED)
        box = pygame.Rect(SIDE_X, HEADER_H + 8, SIDE_W, 76)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=10)
        pygame.draw.rect(surface, colour, (box.x, box.y, 8, box.height), border_top_left_radius=10,
                         border_bottom_left_radius=10)
        lines = wrap_text(self.t(key), 20, box.width - 28, bold=True)[:2]
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + 18, box.centery + (i - len(lines) / 2) * 26 + 13), 20, colour,
                      "midleft", bold=True, max_width=box.width - 26)
        y = box.bottom + 12
        if self.feed.state in (SourceState.FAILED, SourceState.BAD) and self.feed.worker.message:
            for i, line in enumerate(wrap_text(self.feed.worker.message, 14, SIDE_W)[:3]):
                draw_text(surface, line, (SIDE_X, y + i * 18), 14, theme.MUTED, max_width=SIDE_W)
            y += 58
        reading = self.feed.reading if self.feed.state is SourceState.RUNNING else None
        if reading is not None and reading.ok:
            counts = {"w": 0, "b": 0, ".": 0}
            for state in reading.cells.values():
                counts[state.value] += 1
            text = self.t("vision.counts", w=counts["w"], b=counts["b"], e=counts["."])
            for i, line in enumerate(text.split("\n")):
                draw_text(surface, line, (SIDE_X, y + i * 20), 16, theme.TEXT, max_width=SIDE_W)
            y += 44
            draw_text(surface, self.t("vision.legend"), (SIDE_X, y), 16, theme.MUTED, max_width=SIDE_W)
            y += 28
        draw_text(surface, self.t("vision.source", source=self.feed.worker.spec), (SIDE_X, y), 15, theme.MUTED,
                  max_width=SIDE_W)
        draw_text(surface, self.t("vision.geometry"), (SIDE_X, 276 - 24), 16, theme.MUTED, bold=True)


# -- the demo for screenshots ---------------------------------------------------------------------
DEMO_PIECES = {"e1": "w", "d1": "w", "a1": "w", "h1": "w", "e4": "w", "f3": "w", "c4": "w",
               "e8": "b", "d8": "b", "a8": "b", "h8": "b", "e5": "b", "c6": "b", "g7": "b"}


def synthetic_frame(geometry: str = "8x8", seed: int = 11, pieces: dict[str, str] | None = None) -> Any:
    """A synthetic photo (BGR) of a board and the true corners of its playing area."""
    import numpy as np

    from companion.vision.geometry import get_geometry
    from companion.vision.synth import random_scene, render
    from companion.vision.synth.render import true_corners

    scene = random_scene(np.random.default_rng(seed), get_geometry(geometry), max_tilt_deg=20)
    shot = render(scene, DEMO_PIECES if pieces is None else pieces, np.random.default_rng(seed + 1))
    return shot.image, np.asarray(true_corners(scene))


def synthetic_result(geometry: str = "8x8", seed: int = 11, pieces: dict[str, str] | None = None) -> Any:
    """A :class:`CameraResult` made from a synthetic photo and its reading (demos)."""
    from companion.ui.vision.worker import CameraResult, SourceState, make_preview
    from companion.vision.geometry import get_geometry
    from companion.vision.reader import Reader

    image, corners = synthetic_frame(geometry, seed, pieces)
    reading = Reader(get_geometry(geometry), corners=corners).read(image, video=False)
    size = (image.shape[1], image.shape[0])
    return CameraResult(1, SourceState.RUNNING, "", reading, make_preview(image), size, corners, 14.8)


def show_result(feed: CameraFeed, result: Any) -> None:
    """Put a result on a feed as if the worker had just delivered it (demos)."""
    feed.worker.subscribe(feed)
    feed.worker.deliver(result)
    was, feed.active = feed.active, True
    feed.poll()
    feed.active = was


def _demo(app: "App") -> CameraScreen:
    from dataclasses import replace

    from companion.config import CameraConfig

    if not app.config.camera.source:
        app.config = replace(app.config, camera=CameraConfig(source="picamera"))  # the demo's own
    screen = CameraScreen(app)
    screen.feed.live = False
    screen.layout()
    show_result(screen.feed, synthetic_result())
    return screen


register_screen("camera", _demo)
