"""The "follow with camera" switch of the board screens, as a mixin of
:class:`companion.ui.board.screen.GameScreen`: the camera button in the header, its menu
(follow on or off, the camera view, the calibration), and the camera's turn in the loop.

The switch is off by default. With no camera configured the button says why it cannot follow.
At a Magici station the next game on a board whose game was following follows too (see
``companion.ui.magici.timer._camera_as_before``): the camera hangs over that board.
The board screen calls ``self._camera.sync()`` after every change (see ``after_change``).

The switch belongs to the game, not to the screen: a board left while following (back to the
Magici clock to handle a spell, to the home screen) follows again when it is opened for the
same game, from the board as it then stands (a move made on the real board meanwhile is caught
up; several seen only together are named for the referee to check); it stays off once switched
off, and with no camera configured any more it is forgotten.

The games following are kept in the data folder too (:data:`FOLLOWING_FILE`, written whenever
the switch changes), so that after a restart (a power cut at an event, the kiosk started again)
a game resumed follows again as soon as its board is opened, and a move made on the real board
while the station was down is entered at the camera's first calm look (see
:meth:`companion.vision.follower.ChangeFollower._ahead`). A damaged file is as good as none: the
referee switches the camera on again.
"""

from __future__ import annotations

import json
import logging
import weakref
from pathlib import Path
from typing import Any

import pygame

from companion.core.files import write_atomic
from companion.core.journal import JournalError
from companion.ui import theme
from companion.ui.screen import Screen
from companion.ui.widgets import Button

CAMERA_BUTTON = pygame.Rect(676, 8, 116, 40)

# per app, the journal matches whose board follows the camera, or was left while following it
_FOLLOWED: "weakref.WeakKeyDictionary[Any, dict[tuple[int, int], None]]" = \
    weakref.WeakKeyDictionary()


# per app and match, the camera's follower as the board was left (CameraFollow.kept)
_KEPT: "weakref.WeakKeyDictionary[Any, dict[int, Any]]" = weakref.WeakKeyDictionary()


FOLLOWING_FILE = "following.json"  # in the data folder: {"matches": [[id, created_at], ...]}
FOLLOWING_KEPT = 64  # the latest matches kept in it (older ones are long finished)

log = logging.getLogger(__name__)

GameKey = tuple[int, int]  # a journal match: its number and when it was made (epoch ms)


def game_key(match: Any) -> GameKey | None:
    """``match``'s key in the games following: its number and when it was made (a journal
    moved aside as damaged, a new one numbers its matches from 1 again: a new game must not
    follow the camera because an old one of that number did). None: no journal match."""
    number = getattr(match, "id", None)
    if number is None:
        return None
    try:
        return int(number), int(match.info.created_at)
    except (JournalError, AttributeError, TypeError, ValueError):
        return None


def _following_path(app: Any) -> Path | None:
    data_dir = getattr(getattr(app, "config", None), "data_dir", None)
    return Path(data_dir) / FOLLOWING_FILE if data_dir else None


def _load_following(path: Path | None) -> list[GameKey]:
    if path is None:
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        log.warning("%s: not read (%s); no game follows the camera by itself", path, exc)
        return []
    matches = data.get("matches") if isinstance(data, dict) else None
    if not isinstance(matches, list) or not all(
            isinstance(m, list) and len(m) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in m) for m in matches):
        log.warning("%s: 'matches' is not a list of [match number, made at]; no game follows "
                    "the camera by itself", path)
        return []
    return [(m[0], m[1]) for m in matches]


def followed_games(app: Any) -> dict[GameKey, None]:
    """The matches (oldest first) whose board follows the camera, or was left while following
    (opened again, they follow again): as kept in the data folder when the app started, and
    as changed since (:func:`keep_following`)."""
    games = _FOLLOWED.get(app)
    if games is None:
        games = _FOLLOWED[app] = dict.fromkeys(_load_following(_following_path(app)))
    return games


def keep_following(app: Any, game: GameKey, on: bool) -> None:
    """Whether ``game``'s board follows the camera, kept in memory and in the data folder
    (written only when it changes; the file replaced whole and synced: never half-written,
    also after a power cut)."""
    games = followed_games(app)
    if (game in games) == on:
        return
    if on:
        games[game] = None
        while len(games) > FOLLOWING_KEPT:
            del games[next(iter(games))]
    else:
        del games[game]
    path = _following_path(app)
    if path is None:
        return
    try:
        write_atomic(path, json.dumps({"matches": [list(g) for g in games]}))
    except OSError as exc:  # the data folder is read-only or full: the app goes on as it is
        log.warning("%s: not written (%s)", path, exc)


def kept_followers(app: Any) -> dict[int, Any]:
    """Per match left while following, the follower to go on with when its board is opened
    again at the same position."""
    return _KEPT.setdefault(app, {})


class FollowWithCamera:
    """Mixed into the board screen (which gives ``app``, ``t``, ``ask``, ``say``, ``layout``...)."""

    _camera: Any = None  # the screen's CameraFollow, made on first use

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A board whose own ``update`` / ``wake_in_ms`` do not call this class's (the Magici
        board's pass them to its station) still follows the camera: they are wrapped here."""
        super().__init_subclass__(**kwargs)
        own_update = cls.__dict__.get("update")
        if own_update is not None and not getattr(own_update, "_follows_camera", False):
            def update(self: Any, dt_ms: int) -> None:
                own_update(self, dt_ms)
                self.camera_update()
            update._follows_camera = True  # type: ignore[attr-defined]
            cls.update = update  # type: ignore[method-assign]
        own_wake = cls.__dict__.get("wake_in_ms")
        if own_wake is not None and not getattr(own_wake, "_follows_camera", False):
            def wake_in_ms(self: Any) -> int | None:
                waits = [w for w in (own_wake(self), self.camera_wake()) if w is not None]
                return min(waits) if waits else None
            wake_in_ms._follows_camera = True  # type: ignore[attr-defined]
            cls.wake_in_ms = wake_in_ms  # type: ignore[method-assign]

    @property
    def camera(self) -> Any:
        """The screen's :class:`~companion.ui.vision.follow.CameraFollow` (off by default)."""
        if self._camera is None:
            from companion.ui.vision.follow import CameraFollow

            self._camera = CameraFollow(self)
        return self._camera

    @property
    def following(self) -> bool:
        return self._camera is not None and self._camera.on

    def camera_button(self) -> Button:
        colour = self.camera.status_colour() if self.following else None
        label = ("● " if self.following else "") + self.t("board.camera.button")
        return Button(CAMERA_BUTTON.copy(), label, self.open_camera_menu, size=16, color=colour or theme.PANEL_HI)

    def open_camera_menu(self) -> None:
        """The camera menu: follow on or off, the camera view, the calibration; and while
        following, the referee's word that the board is right (first while the camera names
        squares to check, else after the switch)."""
        if not self.camera.available:
            self.say(self.t("board.camera.none"), "warn")
            return
        from companion.ui.vision.calibration_screen import CalibrationScreen
        from companion.ui.vision.camera_screen import CameraScreen

        geometry = self.camera.feed.geometry_name
        follow_key = "board.camera.follow_off" if self.following else "board.camera.follow_on"
        items = [
            (self.t(follow_key), self.toggle_follow),
            (self.t("board.camera.view"), lambda: self._open_camera_screen(CameraScreen(self.app, geometry))),
            (self.t("board.camera.calibrate"),
             lambda: self._open_camera_screen(CalibrationScreen(self.app, geometry))),
        ]
        if self.following and not self.camera.lost:
            items.insert(0 if self.camera_doubt() else 1,
                         (self.t("board.camera.board_right"), self.camera_start_again))
        self.ask(self.t("board.camera.title"), items)

    def _open_camera_screen(self, screen: Screen) -> None:
        self.close_overlay()
        self.app.push(screen)

    def toggle_follow(self) -> None:
        self.close_overlay()
        self.set_follow(not self.following)

    def camera_start_again(self) -> None:
        """The referee checked the squares the camera named and the board is right: the camera
        starts again from the board as the screen shows it (see
        :meth:`~companion.ui.vision.follow.CameraFollow.start_again`)."""
        self.close_overlay()
        if self.following and self.camera.start_again():
            self.say(self.t("board.camera.started_again"))
            self.refresh_camera_button()
        self.dirty = True

    def set_follow(self, on: bool) -> None:
        """Switch following on or off (off when no camera is configured, with the reason)."""
        if on and not self.camera.available:
            self.say(self.t("board.camera.none"), "warn")
            return
        self.camera.set(on)
        key = self._game_key()
        if key is not None:
            keep_following(self.app, key, on)
        self.say(self.t("board.camera.following" if on else "board.camera.stopped"))
        self.layout()

    def camera_update(self) -> None:
        if self.following and self._camera.poll():
            self.refresh_camera_button()  # its colour says how the camera reads
            self.dirty = True

    def refresh_camera_button(self) -> None:
        """Only the camera button is made again (a full layout would close an open menu)."""
        for i, button in enumerate(self.buttons):
            if button.rect == CAMERA_BUTTON:
                self.buttons[i] = self.camera_button()

    def camera_doubt(self) -> tuple[str, ...]:
        """The squares the camera named to check, while that doubt stands (marked on the
        board until a move, a takeback or the board set right settles it)."""
        return self._camera.doubt() if self.following else ()

    def camera_doubt_text(self) -> str:
        """The words naming those squares ("" while none are in doubt)."""
        return self._camera.doubt_text() if self.following else ""

    def draw_camera_question(self, surface: pygame.Surface) -> None:
        """While the camera asks which move was made: an arrow on the board for each likely
        move, numbered as its button (a run of moves offered as one answer: an arrow for each
        of its moves, unnumbered)."""
        if not self.following or not self._camera.asking():
            return
        from companion.ui.widgets import draw_text

        view = self.view  # type: ignore[attr-defined]
        width = max(4, view.cell // 8)
        radius = max(12, view.cell // 4)
        numbered = [(n, cells) for n, cells in enumerate(self._camera.question, 1) if len(cells) >= 2]
        moves = [cells for _, cells in numbered]
        # each number stands on its move's target; moves to one target share it side by side
        badges: list[pygame.Vector2] = []
        for i, cells in enumerate(moves):
            same = [j for j, other in enumerate(moves) if other[-1] == cells[-1]]
            shift = (same.index(i) - (len(same) - 1) / 2) * 2.2 * radius
            badges.append(pygame.Vector2(view.cell_rect(cells[-1]).center) + pygame.Vector2(shift, 0))

        def arrow(cells: tuple[str, ...], end: pygame.Vector2, gap: float) -> None:
            points = [pygame.Vector2(view.cell_rect(c).center) for c in cells[:-1]] + [end]
            pygame.draw.rect(surface, theme.ACCENT, view.cell_rect(cells[0]), width=max(3, width * 2 // 3))
            for a, b in zip(points, points[1:]):
                pygame.draw.line(surface, theme.ACCENT, a, b, width)
            a, b = points[-2], points[-1]
            if (b - a).length() <= gap:
                return
            d = (b - a).normalize()
            side = pygame.Vector2(-d.y, d.x)
            tip = b - d * gap  # the head ends at the number (a run's: at the cell's middle)
            head = max(radius * 1.2, view.cell * 0.3)
            pygame.draw.polygon(surface, theme.ACCENT, [tip, tip - d * head + side * head * 0.6,
                                                        tip - d * head - side * head * 0.6])

        for cells in self._camera.run_arrows:  # the moves of a run offered as one answer
            if len(cells) >= 2:
                arrow(cells, pygame.Vector2(view.cell_rect(cells[-1]).center), 0)
        for cells, badge in zip(moves, badges):
            arrow(cells, badge, radius)
        for (n, _), badge in zip(numbered, badges):  # the numbers last: no line crosses them
            pygame.draw.circle(surface, theme.ACCENT_DARK, badge, radius)
            pygame.draw.circle(surface, theme.ACCENT, badge, radius, max(2, width // 2))
            draw_text(surface, str(n), (int(badge.x), int(badge.y)), max(16, radius * 3 // 2), theme.TEXT,
                      "center", bold=True)

    def camera_wake(self) -> int | None:
        return self._camera.wake_in_ms() if self.following else None

    def update(self, dt_ms: int) -> None:
        self.camera_update()

    update._follows_camera = True  # type: ignore[attr-defined]

    def wake_in_ms(self) -> int | None:
        return self.camera_wake()

    wake_in_ms._follows_camera = True  # type: ignore[attr-defined]

    def _game_id(self) -> int | None:
        session = getattr(self, "session", None)
        match = getattr(session, "match", None)
        return getattr(match, "id", None)

    def _game_key(self) -> GameKey | None:
        return game_key(getattr(getattr(self, "session", None), "match", None))

    def enter(self) -> None:
        super().enter()  # type: ignore[misc]
        game, key = self._game_id(), self._game_key()
        kept = kept_followers(self.app).pop(game, None) if game is not None else None
        if key is not None and key in followed_games(self.app) and not self.following:
            if self.camera.available:
                self.camera.resume_from = kept
                self.set_follow(True)  # the board was left while following this game
            else:  # the camera was taken out of the settings meanwhile: nothing to say
                keep_following(self.app, key, False)

    def leave(self) -> None:
        game, key = self._game_id(), self._game_key()
        if key is not None:
            keep_following(self.app, key, self.following)
        if game is not None:
            kept = kept_followers(self.app)
            kept.pop(game, None)
            if self.following:
                left = self._camera.kept()
                if left is not None:
                    kept[game] = left
        if self._camera is not None:
            self._camera.set(False)
