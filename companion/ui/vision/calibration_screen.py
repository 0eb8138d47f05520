"""Calibration: the board found by itself, or four taps on its corners, kept per camera.

The picture is held still while the referee taps (a new picture on request). The corners go in
the documented order: the a1 corner, the corner past the last file on rank 1, the far corner,
the corner beyond a on the last rank (for the 11×10 board, the corners of the playing area:
the citadels lie outside it). The grid is drawn as soon as there are four; Save hands them to
the camera worker, which keeps them in the store for this camera, board and picture size.

The search by itself runs in a thread of its own (it takes a few hundred milliseconds), so the
screen keeps answering.

The screen is native: the still picture is drawn from the full camera frame as large as the
display allows (the whole height under the header), so a fingertip lands on the corner and the
tap maps back to the frame's own pixels; the side panel names the corner to tap by its square.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.registry import register_screen
from companion.ui.screen import Screen
from companion.ui.vision.camera_screen import draw_no_camera, split, synthetic_frame
from companion.ui.vision.feed import CameraFeed
from companion.ui.vision.overlay import Placement, draw_grid, draw_picture
from companion.ui.widgets import Button, draw_text, draw_text_block, same_size, wrap_text

if TYPE_CHECKING:
    from companion.app import App

SEARCH_WAKE_MS = 50
LOUPE_ZOOM = 3  # the loupe shows the picture this many times larger than on screen


class CalibrationScreen(Screen):
    name = "camera-calibration"
    title_key = "vision.cal.title"
    native = True

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
        self.aim: tuple[int, int] | None = None  # where a finger rests on the picture (the loupe shows it)
        self._scaled: tuple[pygame.Surface, pygame.Surface] | None = None  # (picture, as drawn)
        self._placed_by_release = False  # the corner went in on lifting: the TAP that follows is the same touch

    @property
    def geometry(self) -> str:
        return self.feed.geometry_name

    @property
    def corners(self) -> np.ndarray | None:
        """The four corners to save: the taps when there are four, else the search's."""
        if len(self.taps) == 4:
            return np.array(self.taps, float)
        return self.found

    def areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The picture's box and the side panel's, on this screen's canvas."""
        return split(self, self.frame_size if self.frame is not None else self.feed.frame_size, margin=4, gap=10)

    def placement(self) -> Placement:
        """Where the still picture is drawn: a tap's screen point to frame pixels and back."""
        return Placement.fit(self.areas()[0], self.frame_size)

    def board_size(self) -> str:
        """The board in the header's corner, short: "8×8", "11×10" (the citadels are named in the
        instructions)."""
        from companion.vision.geometry import get_geometry

        g = get_geometry(self.geometry)
        return f"{g.files}×{g.ranks}"

    def corner_square(self, n: int) -> str:
        """The square whose outer corner is corner ``n`` (1 to 4): a1, h1, h8, a8 (k1, k10, a10)."""
        from companion.vision.geometry import get_geometry

        g = get_geometry(self.geometry)
        last_file, last_rank = chr(ord("a") + g.files - 1), str(g.ranks)
        return {1: "a1", 2: f"{last_file}1", 3: f"{last_file}{last_rank}", 4: f"a{last_rank}"}[n]

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
        u = self.u
        side = self.areas()[1]
        searching = self._search is not None
        h, gap = u(54), u(8)
        y = side.bottom - 4 * h - 3 * gap
        have_frame = self.frame is not None
        tools = [
            Button(pygame.Rect(side.x, y, side.width, h),
                   self.t("vision.cal.searching" if searching else "vision.cal.auto"), self.auto_find,
                   enabled=have_frame and not searching, size=u(20)),
            Button(pygame.Rect(side.x, y + (h + gap), side.width, h), self.t("vision.cal.undo"), self.undo_tap,
                   enabled=bool(self.taps), size=u(20)),
            Button(pygame.Rect(side.x, y + 2 * (h + gap), side.width, h), self.t("vision.cal.live"),
                   self.new_picture, enabled=not searching, size=u(20)),
        ]
        same_size(tools)  # one font size in the bar
        save = Button(pygame.Rect(side.x, y + 3 * (h + gap), side.width, h), self.t("vision.cal.save"), self.save,
                      primary=True, enabled=self.corners is not None and not searching, size=u(24))
        self.buttons += [*tools, save]

    # -- actions ----------------------------------------------------------------------------------
    def _on_picture(self, pos: tuple[int, int] | None) -> bool:
        return (pos is not None and self.frame is not None and self.areas()[0].collidepoint(pos)
                and not any(b.rect.collidepoint(pos) for b in self.buttons))

    def handle(self, action: Action) -> bool:
        """A finger on the picture shows the loupe; sliding moves the aim; lifting places the
        corner where the finger was last (a plain tap places it where it touched)."""
        if action.kind is Kind.COMMAND and action.name == "undo":
            self.undo_tap()
            return True
        if action.kind is Kind.PRESS:
            self._placed_by_release = False
            if self._on_picture(action.pos):
                self.aim = action.pos
                self.dirty = True
                return True
        if action.kind is Kind.MOVE and self.aim is not None and action.pos is not None:
            self.aim = action.pos
            self.dirty = True
            return True
        if action.kind is Kind.RELEASE and self.aim is not None:
            self.aim = None
            self.dirty = True
            if action.pos is not None:
                self.place_at(action.pos)
                self._placed_by_release = True
            return True
        if action.kind is Kind.TAP and self._placed_by_release:
            self._placed_by_release = False  # the same touch as the release that placed the corner
            return True
        if action.kind is Kind.TAP and self._on_picture(action.pos):
            assert action.pos is not None
            self.place_at(action.pos)
            return True
        return super().handle(action)

    def place_at(self, pos: tuple[int, int]) -> None:
        """A corner at a screen point of the picture (a finger lifted off the picture: none)."""
        point = self.placement().to_frame(pos)
        if point is None:
            self.say(self.t("vision.cal.outside"), "warn")
        else:
            self.tap_corner(point)

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
        # the position a board that follows the game told the camera (a board whose squares
        # alone cannot say which way round it lies is turned to it)
        reader = self.feed.worker.reader
        known = reader.expected if reader is not None and reader.geometry.name == geometry.name else None
        self._search_result = []
        result = self._search_result

        def search() -> None:
            try:
                result.append(find_board(frame, geometry, known))
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
            self.found, self.taps = found, []  # (a Corners: with the lens found, if any)
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
        except ValueError:  # the corners enclose no area (the core's message is for the command line)
            self.say(self.t("vision.cal.bad_corners"), "warn")
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
            self.hold(self.feed.worker.last_frame)

    def hold(self, frame: np.ndarray) -> None:
        """Calibrate on this picture (BGR) until a new one is asked for."""
        from companion.ui.vision.overlay import preview_surface

        self.frame = frame
        self.frame_size = (frame.shape[1], frame.shape[0])
        # the full frame, not the live view's small preview: the corners are aimed on it
        self.picture = preview_surface(np.ascontiguousarray(frame[:, :, ::-1]))
        self.layout()
        self.dirty = True

    def wake_in_ms(self) -> int | None:
        if self._search is not None:
            return SEARCH_WAKE_MS
        return self.feed.wake_in_ms() if self.frame is None else None

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.draw_header(surface, self.t("vision.cal.title"), self.board_size())
        if not self.feed.configured:
            draw_no_camera(self, surface)
            for b in self.buttons:
                b.draw(surface)
            return
        picture = self.areas()[0]
        if self.frame is None:
            pygame.draw.rect(surface, theme.PANEL, picture)
            draw_text_block(surface, self.t(self.feed.status_key() if self.feed.state.value != "running"
                                            else "vision.status.waiting"),
                            picture.inflate(-self.u(40), -self.u(40)), self.u(22), theme.TEXT, align="center")
        else:
            place = self.placement()
            draw_picture(surface, self._shown(place), place)
            if self.corners is not None:
                draw_grid(surface, self.geometry, self.corners, self.frame_size, place)
            self._draw_taps(surface, place)
            if self.aim is not None:
                self._draw_loupe(surface, place, self.aim)
        self._draw_side(surface)
        for b in self.buttons:
            b.draw(surface)

    def _shown(self, place: Placement) -> pygame.Surface | None:
        """The still picture scaled to its place once (a finger sliding redraws many times)."""
        if self.picture is None:
            return None
        size = (place.width, place.height)
        if self._scaled is None or self._scaled[0] is not self.picture or self._scaled[1].get_size() != size:
            self._scaled = (self.picture, pygame.transform.smoothscale(self.picture, size))
        return self._scaled[1]

    def _draw_taps(self, surface: pygame.Surface, place: Placement) -> None:
        """The corners tapped so far: a fine cross on the exact point (the finger's aim) inside a
        numbered ring, joined in order."""
        if not self.taps:
            return
        u = self.u
        shown = place.to_screen(np.array(self.taps))
        line = max(2, u(2))
        if len(shown) >= 2:
            pygame.draw.lines(surface, theme.ACCENT, len(shown) == 4, shown, line)
        r = u(16)
        for i, (x, y) in enumerate(shown, 1):
            pygame.draw.circle(surface, theme.ACCENT, (x, y), r, line)
            pygame.draw.line(surface, theme.ACCENT, (x - r + u(4), y), (x + r - u(4), y), max(1, u(1)))
            pygame.draw.line(surface, theme.ACCENT, (x, y - r + u(4)), (x, y + r - u(4)), max(1, u(1)))
            # the number sits on a tag beside the ring, so it never hides the corner itself
            tag = pygame.Rect(0, 0, u(26), u(26))
            tag.center = (x + r + u(10), y - r - u(6))
            tag.clamp_ip(place.rect)
            pygame.draw.rect(surface, theme.BG, tag, border_radius=u(6))
            draw_text(surface, str(i), tag.center, u(18), theme.ACCENT, "center", bold=True)

    def loupe_rect(self, place: Placement, aim: tuple[int, int]) -> pygame.Rect:
        """Where the loupe shows: the picture's top corner away from the finger."""
        side = min(self.u(170), place.height // 2, place.width // 2)
        box = pygame.Rect(0, 0, side, side)
        m = self.u(8)
        box.top = place.y + m
        box.left = place.x + m if aim[0] > place.rect.centerx else place.rect.right - m - side
        if box.collidepoint(aim):  # the finger is up there: the bottom corner instead
            box.bottom = place.rect.bottom - m
        return box

    def _draw_loupe(self, surface: pygame.Surface, place: Placement, aim: tuple[int, int]) -> None:
        """The picture under the finger, three times larger, with a cross on the exact point."""
        if self.picture is None:
            return
        zoom = LOUPE_ZOOM
        box = self.loupe_rect(place, aim)
        point = place.to_frame(aim)
        if point is None:
            return
        # the frame pixels the loupe covers, centred on the aimed point
        span = box.width / (place.scale * zoom)
        src = pygame.Rect(0, 0, max(1, round(span)), max(1, round(span)))
        src.center = (round(point[0]), round(point[1]))
        patch = pygame.Surface(src.size)
        patch.fill(theme.BG)
        patch.blit(self.picture, (0, 0), src)
        surface.blit(pygame.transform.smoothscale(patch, box.size), box)
        line = max(2, self.u(2))
        cx, cy = box.center
        arm = box.width // 2 - self.u(10)
        for colour, width in ((theme.BG, line + 2), (theme.ACCENT, line)):
            pygame.draw.line(surface, colour, (cx - arm, cy), (cx - self.u(6), cy), width)
            pygame.draw.line(surface, colour, (cx + self.u(6), cy), (cx + arm, cy), width)
            pygame.draw.line(surface, colour, (cx, cy - arm), (cx, cy - self.u(6)), width)
            pygame.draw.line(surface, colour, (cx, cy + self.u(6)), (cx, cy + arm), width)
        pygame.draw.rect(surface, theme.ACCENT, box, line, border_radius=self.u(6))

    def instruction(self) -> str:
        if self.note:
            return self.note
        if self.frame is None:
            return self.t("vision.cal.no_frame")
        if len(self.taps) >= 4:
            return self.t("vision.cal.done")
        text = self.t("vision.cal.tap", square=self.corner_square(len(self.taps) + 1))
        if self.geometry == "11x10c":
            text += "\n" + self.t("vision.cal.citadels")
        return text

    def _draw_side(self, surface: pygame.Surface) -> None:
        u = self.u
        side = self.areas()[1]
        colour = theme.WARN if self.note and self.note_level == "warn" else theme.TEXT
        y = side.y + u(4)
        if len(self.taps) < 4 and not self.note and self.frame is not None:
            draw_text(surface, self.t("vision.cal.corner", n=len(self.taps) + 1), (side.x, y), u(24),
                      theme.ACCENT, bold=True, max_width=side.width, min_size=u(16))
            y += u(36)
        bottom = min(b.rect.y for b in self.buttons[1:]) - u(8)
        y += draw_text_block(surface, self.instruction(), pygame.Rect(side.x, y, side.width, bottom - y), u(20),
                             colour)
        if len(self.taps) < 4 and self.frame is not None and not self.note:
            hint = wrap_text(self.t("vision.cal.loupe"), u(17), side.width)
            step = round(u(17) * 1.25)
            if y + u(10) + step * len(hint) <= bottom:  # only where it fits whole
                draw_text_block(surface, self.t("vision.cal.loupe"),
                                pygame.Rect(side.x, y + u(10), side.width, step * len(hint)), u(17), theme.MUTED)


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
    # a finger resting just off the fourth corner: the loupe shows where it is aiming
    x, y = screen.placement().to_screen(corners[3:4])[0]
    screen.aim = (x + screen.u(6), y - screen.u(4))
    return screen


register_screen("camera-calibration", _demo)
