"""The camera view: the live picture with the grid and each cell as read, the reader's status in
words, the pieces counted and the frames per second. From here the referee calibrates (four
taps, or by itself).

The screen is native: at any display size the picture takes the whole height under the header,
as wide as the camera's picture is, and the side panel gets the rest (never narrower than on
the 800×480 panel). With no camera set up the screen says so in plain words; nothing else runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from companion.ui import theme
from companion.ui.registry import register_screen
from companion.ui.screen import Screen
from companion.ui.vision.feed import CameraFeed
from companion.ui.vision.overlay import UNSURE, Placement, draw_grid, draw_picture
from companion.ui.vision.worker import SourceState
from companion.ui.widgets import Button, draw_text, draw_text_block, wrap_text

if TYPE_CHECKING:
    from companion.app import App

GEOMETRIES = ("8x8", "11x10c")
DEFAULT_FRAME = (640, 480)  # the picture's shape assumed until the camera sends one
SIDE_MIN = 212  # the side panel's least width, in 800×480 design pixels

STATUS_COLOURS = {
    "vision.status.ok": theme.OK,
    "vision.status.hand": theme.WARN,
    "vision.status.motion": theme.WARN,
    "vision.status.no_board": theme.DANGER,
    "vision.status.camera_moved": theme.DANGER,
    "vision.status.failed": theme.DANGER,
    "vision.status.bad": theme.DANGER,
}


def split(screen: Screen, frame_size: tuple[int, int], margin: int = 8, gap: int = 12,
          side_min: int = SIDE_MIN) -> tuple[pygame.Rect, pygame.Rect]:
    """The picture's box (left, the full height under the header, as wide as the frame's shape
    asks) and the side panel's (the rest, at least ``side_min`` design pixels wide)."""
    w, h = screen.size
    m, g = screen.u(margin), screen.u(gap)
    fw, fh = frame_size if frame_size[0] > 0 and frame_size[1] > 0 else DEFAULT_FRAME
    top = screen.header_h + m
    height = h - top - m
    width = min(round(height * fw / fh), w - 2 * m - g - screen.u(side_min))
    picture = pygame.Rect(m, top, width, height)
    side_x = picture.right + g
    return picture, pygame.Rect(side_x, top, w - side_x - m, height)


def decimal(app: Any, value: float) -> str:
    """One decimal, with the language's separator ("14,8" in Italian)."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if app.t.lang == "it" else text


def source_name(spec: str) -> str:
    """How the side panel names the camera: "picamera", "0", or a file's or folder's own name
    (not its whole path)."""
    from pathlib import PurePath

    return PurePath(spec).name or spec if ("/" in spec or "\\" in spec) else spec


def draw_no_camera(screen: Screen, surface: pygame.Surface) -> None:
    """The words shown instead of a picture when no camera is set up."""
    w, h = screen.size
    u = screen.u
    area = pygame.Rect(u(40), screen.header_h + u(28), w - u(80), h - screen.header_h - u(56))
    draw_text(surface, screen.t("vision.no_camera"), (area.centerx, area.y), u(28), theme.ACCENT, "midtop",
              bold=True, max_width=area.width, min_size=u(20))
    body = pygame.Rect(area.x, area.y + u(64), min(area.width, u(680)), area.height - u(64))
    body.centerx = area.centerx
    draw_text_block(surface, screen.t("vision.no_camera_help"), body, u(22), theme.TEXT)


class CameraScreen(Screen):
    name = "camera"
    title_key = "vision.title"
    native = True

    def __init__(self, app: "App", geometry: str = "8x8") -> None:
        super().__init__(app)
        self.feed = CameraFeed(app, geometry)
        self._laid_for: tuple[int, int] = (0, 0)

    @property
    def geometry(self) -> str:
        return self.feed.geometry_name

    def areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The picture's box and the side panel's, on this screen's canvas."""
        return split(self, self.feed.frame_size)

    def placement(self) -> Placement:
        """Where the camera's picture is drawn (frame pixels to screen and back)."""
        size = self.feed.frame_size if self.feed.frame_size != (0, 0) else DEFAULT_FRAME
        return Placement.fit(self.areas()[0], size)

    # -- lifecycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.feed.start()

    def leave(self) -> None:
        self.feed.stop()

    def layout(self) -> None:
        self.buttons = [self.back_button()]
        self._laid_for = self.feed.frame_size
        if not self.feed.configured:
            return
        u = self.u
        side = self.areas()[1]
        calibrate = pygame.Rect(side.x, side.bottom - u(56), side.width, u(56))
        h, gap = u(50), u(8)
        top = calibrate.y - u(10) - len(GEOMETRIES) * h - (len(GEOMETRIES) - 1) * gap
        for i, name in enumerate(GEOMETRIES):
            self.buttons.append(Button(pygame.Rect(side.x, top + i * (h + gap), side.width, h),
                                       self.t(f"vision.geometry.{name}"), self._geometry_chooser(name),
                                       selected=name == self.geometry, size=u(19)))
        self.buttons.append(Button(calibrate, self.t("vision.calibrate"), self.open_calibration, primary=True,
                                   size=u(22)))

    def _geometry_top(self) -> int:
        return min(b.rect.y for b in self.buttons[1:-1])

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
            if self.feed.frame_size != self._laid_for:  # the picture's shape decides the panel's width
                self.layout()

    def wake_in_ms(self) -> int | None:
        return self.feed.wake_in_ms()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("vision.title"))
        if not self.feed.configured:
            draw_no_camera(self, surface)
            for b in self.buttons:
                b.draw(surface)
            return
        place = self.placement()
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
        u = self.u
        side = self.areas()[1]
        key = self.feed.status_key()
        colour = STATUS_COLOURS.get(key, theme.TEXT)
        box = pygame.Rect(side.x, side.y, side.width, u(64))
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=u(10))
        pygame.draw.rect(surface, colour, (box.x, box.y, u(8), box.height), border_top_left_radius=u(10),
                         border_bottom_left_radius=u(10))
        text_w = box.width - u(30)
        lines = wrap_text(self.t(key), u(19), text_w, bold=True)[:2]
        step = u(24)
        for i, line in enumerate(lines):
            draw_text(surface, line, (box.x + u(20), box.centery + round((i - (len(lines) - 1) / 2) * step)),
                      u(19), colour, "midleft", bold=True, max_width=text_w, min_size=u(16))
        label_y = self._geometry_top() - u(30)
        draw_text(surface, self.t("vision.geometry"), (side.x, label_y), u(18), theme.MUTED, bold=True,
                  max_width=side.width, min_size=u(16))
        y, limit = box.bottom + u(10), label_y - u(4)
        step = u(23)
        lines: list[tuple[str | None, str, tuple[int, int, int]]] = []
        if self.feed.state in (SourceState.FAILED, SourceState.BAD) and self.feed.worker.message:
            lines += [(None, line, theme.MUTED) for line in
                      wrap_text(self.feed.worker.message, u(16), side.width)[:3]]
        reading = self.feed.reading if self.feed.state is SourceState.RUNNING else None
        if reading is not None and reading.ok:
            counts = {"w": 0, "b": 0, ".": 0}
            for state in reading.cells.values():
                counts[state.value] += 1
            lines += [("w", self.t("vision.count.light", n=counts["w"]), theme.TEXT),
                      ("b", self.t("vision.count.dark", n=counts["b"]), theme.TEXT),
                      (".", self.t("vision.count.empty", n=counts["."]), theme.TEXT)]
            if reading.unsure:
                lines.append(("?", self.t("vision.count.unsure", n=len(reading.unsure)), theme.TEXT))
        running = self.feed.latest is not None and self.feed.state is SourceState.RUNNING
        if running and self.feed.latest is not None:
            lines.append((None, self.t("vision.fps", fps=decimal(self.app, self.feed.latest.fps)), theme.MUTED))
        source = self.t("vision.source", source=source_name(self.feed.worker.spec))
        if theme.font(u(17)).size(source)[0] > side.width:  # a long name goes on a line of its own
            label, _, name = source.partition(": ")
            lines += [(None, label + ":", theme.MUTED), (None, name, theme.MUTED)]
        else:
            lines.append((None, source, theme.MUTED))
        for marker, text, fg in lines:
            if y + step > limit:
                break
            x = side.x
            if marker is not None:
                self._draw_marker(surface, marker, (side.x + u(10), y + step // 2 - u(1)))
                x += u(26)
            draw_text(surface, text, (x, y + step // 2), u(18) if marker else u(17), fg, "midleft",
                      max_width=side.right - x, min_size=u(16))
            y += step

    def _draw_marker(self, surface: pygame.Surface, marker: str, centre: tuple[int, int]) -> None:
        """The mark the picture uses for a cell: a light disc, a dark disc, an empty dot, a ring."""
        from companion.ui.vision.overlay import GRID

        r, ring = self.u(8), max(2, self.u(2))
        if marker == "w":
            pygame.draw.circle(surface, (250, 250, 250), centre, r)
            pygame.draw.circle(surface, (20, 20, 20), centre, r, ring)
        elif marker == "b":
            pygame.draw.circle(surface, (20, 20, 20), centre, r)
            pygame.draw.circle(surface, (250, 250, 250), centre, r, ring)
        elif marker == "?":
            pygame.draw.circle(surface, UNSURE, centre, r, ring)
        else:
            pygame.draw.circle(surface, GRID, centre, max(2, self.u(3)))


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
