"""The app: its services, the stack of screens and the one main loop.

The loop sleeps in ``pygame.event.wait`` until an event arrives or the top screen's
:meth:`~companion.ui.screen.Screen.wake_in_ms` comes due; it draws only when something is dirty.
An idle station costs well under 1 % of a core. Hardware threads only post events.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.config import Config, ConfigError, load_config
from companion.core.clock import MonotonicClock, TimeSource
from companion.core.dice import Dice
from companion.core.journal import CONTENT_ERRORS, Journal, JournalDamaged, JournalError, MatchUnreadable
from companion.i18n import Translator

MAX_SLEEP_MS = 1000  # wake at least once a second (the watchdog)
POLL_MS = 20  # how often a sleeping loop looks at the event queue (the input latency bound)
BANNER_MS = 6000


@dataclass
class Banner:
    text: str
    until_ms: int | None  # None: stays until tapped
    level: str = "warn"


class AlreadyRunning(Exception):
    """Another companion holds the data folder's lock (``pid`` names it, when known)."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        self.folder, self.pid = folder, pid
        who = f"pid {pid}" if pid else "another process"
        super().__init__(f"another companion ({who}) is already running on {folder}; "
                         "stop it first (one app per data folder)")


LOCK_NAME = "companion.lock"


def lock_data_dir(data_dir: Path) -> Any:
    """Take the data folder's lock for the life of the process: one app per data folder.

    The lock is ``flock`` on ``companion.lock`` (released by the kernel when the process ends,
    however it ends, so a crash or a power cut never leaves it stuck); the file holds the
    holder's pid so the second app can name it. Returns the open file (keep it open).
    Raises :class:`AlreadyRunning`, or :class:`JournalError` if the folder cannot be used.
    """
    import fcntl

    try:
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(data_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as exc:
        raise JournalError(f"{data_dir}: cannot use the data folder ({exc.strerror})") from None
    f = os.fdopen(fd, "r+")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        try:
            pid = int(f.read().strip() or 0) or None
        except (ValueError, OSError):
            pid = None
        f.close()
        raise AlreadyRunning(data_dir, pid) from None
    f.seek(0)
    f.truncate()
    f.write(f"{os.getpid()}\n")
    f.flush()
    return f


def open_journal(data_dir: Path) -> tuple[Journal, str | None]:
    """Open the journal; a *damaged* one is moved aside (kept, never deleted) and a new one made.

    Returns the journal and, if one was moved, where it went. Anything that does not mean the
    file is bad (full disk, lock, newer schema) raises :class:`JournalError` and touches nothing.
    The folder is kept private (0700) and the journal's files 0600: matches are nobody else's.
    """
    path = data_dir / "journal.db"
    _make_private(data_dir, path)
    try:
        return Journal.open(path), None
    except JournalDamaged:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"journal.damaged-{stamp}.db")
        n = 1
        while Path(str(aside)).exists():  # two damaged files in one second: never overwrite
            n += 1
            aside = path.with_name(f"journal.damaged-{stamp}-{n}.db")
        try:
            for suffix in ("", "-wal", "-shm"):
                src = Path(str(path) + suffix)
                if src.exists():
                    src.rename(Path(str(aside) + suffix))
        except OSError as exc:
            raise JournalError(f"{path}: damaged, and it could not be moved aside ({exc.strerror})") from None
        return Journal.open(path), str(aside)


def _make_private(data_dir: Path, path: Path) -> None:
    """Best effort: the folder 0700, the journal's files 0600 (an older install made them
    0755/0644). A folder that is not ours (read-only medium, another owner) is left alone."""
    try:
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        if data_dir.stat().st_mode & 0o077:
            data_dir.chmod(0o700)
        for suffix in ("", "-wal", "-shm"):
            f = Path(str(path) + suffix)
            if f.exists() and f.stat().st_mode & 0o077:
                f.chmod(0o600)
    except OSError:
        pass


def set_aside_banner(app: "App", found: list[tuple[int, str]]) -> None:
    """Name the matches just set aside (one banner, until tapped)."""
    if not found:
        return
    if len(found) == 1:
        mid = found[0][0]
        app.show_banner(app.t("banner.set_aside_one", id=mid, game=game_label(app, app.journal.game_of(mid))), ms=None)
    else:
        app.show_banner(app.t("banner.set_aside_many", n=len(found), ids=", ".join(str(i) for i, _ in found)),
                        ms=None)


def game_label(app: "App", game: str) -> str:
    try:
        return app.t(f"game.{game}")
    except KeyError:  # a game this version does not know (strict translations in tests)
        return game


MAX_SET_ASIDE_TRIES = 20


def open_screen(app: "App", make: Any, match_of: Any) -> Any:
    """``make()`` a screen that reads a match; if the match cannot be read, set it aside (named
    in a banner) and try again (the next ``make()`` no longer sees it). ``match_of()``
    names the match ``make`` reads (for errors that do not say). None if it still fails."""
    for _ in range(MAX_SET_ASIDE_TRIES):
        try:
            return make()
        except MatchUnreadable as exc:
            if exc.match_id in app.journal.aside:
                return None  # set aside already and still read: nothing more to try
            unreadable(app, exc)
        except CONTENT_ERRORS as exc:
            mid = match_of()
            if mid is None or mid in app.journal.aside:
                raise
            unreadable(app, MatchUnreadable(app.journal.path, mid, f"{type(exc).__name__}: {exc}"))
    return None


def unreadable(app: "App", exc: MatchUnreadable) -> None:
    """A screen found a match it cannot read: set it aside, say so, go on."""
    if app.journal.set_aside(exc.match_id, exc.reason):
        set_aside_banner(app, [(exc.match_id, exc.reason)])
    app.play("error")


class App:
    def __init__(
        self,
        config: Config,
        *,
        journal: Journal,
        dice: Dice | None = None,
        clock: TimeSource | None = None,
        physical_size: tuple[int, int] = (800, 480),
        rotate: int | None = None,
        lang: str | None = None,
        hardware: Any = None,
        sound: Any = None,
        notifier: Any = None,
    ) -> None:
        import pygame

        from companion.ui.display import LOGICAL_SIZE, Viewport
        from companion.ui.input import InputLayer
        from companion.ui.registry import load_all

        load_all()
        self.config = config
        self.journal = journal
        self.dice = dice or Dice()
        self.clock: TimeSource = clock or MonotonicClock()
        self.hardware = hardware
        self.sound = sound
        self.notifier = notifier
        self.t = Translator(lang or config.ui.lang)
        self.rotate = config.ui.rotate if rotate is None else rotate
        self.canvas = pygame.Surface(LOGICAL_SIZE)
        self.viewport = Viewport(physical_size, self.rotate)
        self.input = InputLayer(self.viewport)
        self.stack: list[Any] = []
        # things that keep running whatever screen is shown (the Magici station's two boards):
        # each has ``update(dt_ms)`` and ``wake_in_ms()``, ticked after the screens
        self.background: list[Any] = []
        self.banners: list[Banner] = []
        self.dirty = True
        self.running = True
        self._last_ms = self.clock.now_ms()

    # -- screens ------------------------------------------------------------------------------
    @property
    def top(self) -> Any:
        return self.stack[-1]

    def _restage(self) -> None:
        """The top screen's canvas and viewport (a native screen draws at the display's size)."""
        from companion.ui.display import stage

        native = bool(self.stack) and getattr(self.top, "native", False)
        self.canvas, self.viewport = stage(self.viewport.physical, self.rotate, native, self.canvas)
        self.input.viewport = self.viewport

    def push(self, screen: Any) -> None:
        self.stack.append(screen)
        self._restage()
        screen.enter()
        self.dirty = True

    def pop(self) -> None:
        if len(self.stack) <= 1:
            return
        self.stack.pop().leave()
        self._restage()
        self.top.layout()
        self.top.dirty = True
        self.dirty = True

    def replace(self, screen: Any) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.push(screen)

    def home(self) -> None:
        while len(self.stack) > 1:
            self.pop()

    # -- settings that change the whole app ------------------------------------------------------
    def set_language(self, lang: str) -> None:
        self.t = Translator(lang)
        self.config = replace(self.config, ui=replace(self.config.ui, lang=lang))
        for screen in self.stack:
            screen.layout()
            screen.dirty = True
        self.dirty = True

    def set_rotation(self, rotate: int, physical_size: tuple[int, int] | None = None) -> None:
        from companion.ui.display import Viewport

        self.rotate = rotate
        self.config = replace(self.config, ui=replace(self.config.ui, rotate=rotate))
        self.viewport = Viewport(physical_size or self.viewport.physical, rotate)
        self._restage()
        for screen in self.stack:  # a native screen's size may have changed
            screen.layout()
            screen.dirty = True
        self.dirty = True

    def play(self, name: str) -> None:
        if self.sound is not None:
            self.sound.play(name)

    def show_banner(self, text: str, ms: int | None = BANNER_MS, level: str = "warn") -> None:
        until = None if ms is None else self.clock.now_ms() + ms
        self.banners = [b for b in self.banners if b.text != text] + [Banner(text, until, level)]
        self.dirty = True

    def hide_banner(self, text: str) -> None:
        """The banner showing ``text`` goes (nothing happens if none does)."""
        self.banners = [b for b in self.banners if b.text != text]
        self.dirty = True

    def device_changed(self, device: str, state: str) -> None:
        """A device failed (banner until it comes back) or came back (banner cleared)."""
        text = self.t("banner.device_failed", device=device)
        if state == "found":
            self.hide_banner(text)
        else:
            self.show_banner(text, ms=None)

    # -- events ---------------------------------------------------------------------------------
    def feed(self, event: Any) -> None:
        """A pygame event into the app: the input layer, then the top screen."""
        from companion.ui.input import FAULT_EVENT

        if event.type == FAULT_EVENT:
            self.device_changed(event.device, event.state)
            return
        for action in self.input.translate(event):
            self.dispatch(action)

    def dispatch(self, action: Any) -> None:
        import pygame

        from companion.ui.input import Kind

        if action.kind is Kind.QUIT:
            self.running = False
            return
        if action.kind is Kind.COMMAND and action.name == "fullscreen":
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error:
                pass  # not supported by this video driver
            return
        if action.kind is Kind.TAP and self.banners and action.pos and self.banner_rect().collidepoint(action.pos):
            self.banners.pop()  # a tap on the banner strip dismisses it
            self.dirty = True
            return
        try:
            if self.stack and self.top.handle(action):
                self.dirty = True
            elif action.kind is Kind.COMMAND:  # no screen took it: a game running in the background
                for task in self.background:  # may (a team's button while the resume list is shown)
                    command = getattr(task, "command", None)
                    if command is not None and command(action.name, action.source):
                        self.dirty = True
                        break
        except MatchUnreadable as exc:  # a screen read a match that makes no sense: set aside
            unreadable(self, exc)
            self.dirty = True
        except JournalError as exc:
            # the action was not saved (full disk, I/O error): say so, keep running, lose nothing
            # that was saved before; the screen changed nothing because it writes first
            self.show_banner(self.t("banner.not_saved", error=exc), ms=None)
            self.play("error")

    def tick(self) -> int:
        """Update the top screen; return how long the loop may sleep (ms)."""
        now = self.clock.now_ms()
        dt = now - self._last_ms
        self._last_ms = now
        for screen in self.stack:  # screens below the top keep their clocks running
            screen.update(dt)
        for task in self.background:  # and so do the games whose screens are all closed
            task.update(dt)
        before = len(self.banners)
        self.banners = [b for b in self.banners if b.until_ms is None or b.until_ms > now]
        if len(self.banners) != before:
            self.dirty = True
        waits = [MAX_SLEEP_MS]
        for waker in [*self.stack, *self.background]:
            wake = waker.wake_in_ms()
            if wake is not None:
                waits.append(max(0, wake))
        waits += [b.until_ms - now for b in self.banners if b.until_ms is not None]
        return max(0, min(waits))

    @property
    def needs_draw(self) -> bool:
        return self.dirty or bool(self.stack and self.top.dirty)

    def render(self) -> Any:
        """Draw the top screen and the banners on its canvas; returns the canvas."""
        from companion.ui.display import draw_banner

        if self.stack:
            self.top.draw(self.canvas)
            self.top.dirty = False
        if self.banners:
            b = self.banners[-1]
            draw_banner(self.canvas, b.text, b.level, self._unit())
        self.dirty = False
        return self.canvas

    def _unit(self) -> float:
        return self.top.unit if self.stack and hasattr(self.top, "unit") else 1.0

    def banner_rect(self) -> Any:
        from companion.ui.display import banner_rect

        return banner_rect(self.canvas.get_size(), self._unit())

    # -- the main loop --------------------------------------------------------------------------
    def _sleep(self, ms: int) -> list[Any]:
        """Sleep up to ``ms``, returning early with the events that arrive.

        SDL's own ``SDL_WaitEventTimeout`` busy-polls every millisecond on the kmsdrm and
        dummy drivers (3.4 % of a core measured here), so the loop polls the queue itself at
        ``POLL_MS``: input latency stays under that, idle cost falls to about 0.4 %.
        """
        import pygame

        deadline = time.monotonic() + ms / 1000
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return []
            time.sleep(min(left, POLL_MS / 1000))
            events = pygame.event.get()
            if events:
                return events

    def run(self, display: Any, quit_after_ms: int | None = None, trace: bool = False) -> None:
        import pygame

        started = self.clock.now_ms()
        first_frame = True
        while self.running:
            if quit_after_ms is not None and self.clock.now_ms() - started >= quit_after_ms and not first_frame:
                break
            sleep_ms = self.tick()
            events = pygame.event.get()
            if not events and not self.needs_draw and sleep_ms > 0:
                events = self._sleep(sleep_ms)
            for event in events:
                if event.type == pygame.WINDOWRESIZED or event.type == pygame.VIDEORESIZE:
                    self.set_rotation(self.rotate, display.get_size())
                elif event.type == pygame.WINDOWEXPOSED:
                    self.dirty = True
                self.feed(event)
            if events:
                self.tick()
            if self.needs_draw:
                canvas = self.render()
                self.viewport.present(canvas, display)
                pygame.display.flip()
                if first_frame:
                    first_frame = False
                    if self.notifier is not None:
                        self.notifier.ready()  # systemd: started once the screen shows something
                    if trace:
                        print(f"first-frame-monotonic-ms {time.monotonic() * 1000:.1f}", file=sys.stderr, flush=True)
            if self.notifier is not None:
                self.notifier.watchdog()
        if self.notifier is not None:
            self.notifier.stopping()


# ------------------------------------------------------------------------------------------------
def settings_from_args(args: argparse.Namespace) -> Config:
    config = load_config(getattr(args, "config", None))
    ui = config.ui
    if getattr(args, "lang", None):
        ui = replace(ui, lang=args.lang)
    if getattr(args, "rotate", None) is not None:
        ui = replace(ui, rotate=args.rotate)
    if getattr(args, "size", None):
        ui = replace(ui, size=tuple(args.size))
    if getattr(args, "fullscreen", False):
        ui = replace(ui, fullscreen=True)
    if getattr(args, "windowed", False):
        ui = replace(ui, fullscreen=False)
    config = replace(config, ui=ui)
    if getattr(args, "data_dir", None):
        config = replace(config, data_dir=Path(args.data_dir))
    return config


def open_display(config: Config) -> tuple[Any, tuple[int, int]]:
    """Start SDL's video; a clear error if there is no display to draw on."""
    import pygame

    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
        if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER", "") != driver:
            # SDL fell back to drawing nowhere: an app nobody can see would look hung
            raise pygame.error(f"SDL found no screen and fell back to its {driver!r} driver")
        pygame.display.set_caption("Companion")
        if config.ui.fullscreen:
            display = pygame.display.set_mode(config.ui.size or (0, 0), pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)
        else:
            default = (480, 800) if config.ui.rotate in (90, 270) else (800, 480)
            display = pygame.display.set_mode(config.ui.size or default, pygame.RESIZABLE)
    except pygame.error as exc:
        driver = os.environ.get("SDL_VIDEODRIVER", "(SDL's choice)")
        raise RuntimeError(
            f"no display (SDL video driver {driver}: {exc}). On a Pi without a desktop use "
            "SDL_VIDEODRIVER=kmsdrm and add the user to the video, render and input groups; "
            "run 'companion doctor' for details"
        ) from None
    return display, display.get_size()


def run_app(args: argparse.Namespace) -> int:
    try:
        config = settings_from_args(args)
    except ConfigError as exc:
        print(f"companion: configuration error: {exc}", file=sys.stderr)
        return 2
    import pygame

    from companion.hardware.facade import Hardware
    from companion.hardware.sdnotify import Notifier
    from companion.ui.input import post_fault, post_hardware
    from companion.ui.screens.home import HomeScreen
    from companion.ui.sound import SoundBank

    pygame.font.init()
    try:
        display, size = open_display(config)
    except RuntimeError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        pygame.quit()
        return 2
    try:
        lock = lock_data_dir(config.data_dir)
    except AlreadyRunning as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except JournalError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    try:
        journal, moved = open_journal(config.data_dir)
    except JournalError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        lock.close()
        return 1
    sound = SoundBank(config.sound.enabled, config.sound.volume)
    notifier = Notifier()

    def on_fault(report: Any) -> None:  # runs in a hardware thread: only post to the loop
        post_fault(report.name, report.state.value, report.message)

    hardware = Hardware.from_config(config, post_hardware, on_fault=on_fault)
    app = App(config, journal=journal, physical_size=size, hardware=hardware, sound=sound, notifier=notifier)
    if moved:
        app.show_banner(app.t("banner.journal_moved", path=moved), ms=None)
    if hardware.stand_ins_active and config.gpio.enabled:
        app.show_banner(app.t("banner.no_gpio"), level="info")  # a notice, not an alarm
    app.push(HomeScreen(app))
    start_up_checks(app)
    from companion.event.link import attach  # no-op unless [event] is configured

    link = attach(journal, config)
    try:
        app.run(display, quit_after_ms=getattr(args, "quit_after_ms", None), trace=getattr(args, "trace", False))
    finally:
        if link is not None:
            link.stop()
        hardware.close()
        journal.close()
        pygame.quit()
        lock.close()
    return 0


def start_up_checks(app: App) -> None:
    """Check the unfinished matches' rows (set aside what cannot be read, named in a banner),
    let the games whose clocks run by themselves take up theirs, then offer those left for
    resumption. Nothing in the journal's content stops the start."""
    from companion.ui.screens.home import HomeScreen

    try:
        set_aside_banner(app, app.journal.scan(unfinished_only=True))
        from companion.ui.registry import GAMES

        for entry in sorted(GAMES.values(), key=lambda e: e.order):
            if entry.start is not None:  # clocks that ran on during a power cut run on from the boot
                entry.start(app)
        HomeScreen.offer_resume(app)
    except JournalError as exc:  # the file cannot be read at all (I/O): say so, keep going
        app.show_banner(app.t("banner.journal_unreadable", error=exc), ms=None)
