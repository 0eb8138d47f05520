"""A new ChessBall match: positional or counting mode, the club's rule options; or continue.

This module also registers the home tile (``open``: this screen; ``resume``: the tracker on
an unfinished match from the journal).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.chessball.options import FirstMover, ParryUnit, RuleOptions
from companion.chessball.pieces import Side
from companion.chessball.state import Mode
from companion.core.journal import MatchLog
from companion.ui import theme
from companion.ui.chessball import strings  # noqa: F401
from companion.chessball.session import GAME, Session, SessionError
from companion.ui.chessball.tracker import TrackerScreen
from companion.ui.registry import GameEntry, register_game
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text, wrap_text

TACKLE_COSTS = (0, 1, 2, 3)


class SetupScreen(Screen):
    name = "chessball-setup"
    native = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.mode = Mode.POSITIONAL
        self.parry_unit = ParryUnit.HALF_SQUARE
        self.first_mover = FirstMover.BY_HALF
        self.tackle_cost = 0
        self.unfinished: Session | None = None
        self.error = ""
        log = app.journal.latest_unfinished(GAME)
        if log is not None:
            try:
                self.unfinished = Session.resume(log)
            except SessionError as exc:
                self.error = str(exc)

    def options(self) -> RuleOptions:
        return RuleOptions(parry_unit=self.parry_unit, first_mover=self.first_mover, tackle_cost=self.tackle_cost)

    def _columns(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.size
        col_w = (w - self.u(60)) // 2
        top = self.header_h + self.u(44)
        return (pygame.Rect(self.u(20), top, col_w, h - top), pygame.Rect(w - self.u(20) - col_w, top, col_w, h - top))

    def layout(self) -> None:
        t, u = self.t, self.u
        left, right = self._columns()
        _, h = self.size
        self.buttons = [self.back_button()]
        for i, (mode, key) in enumerate(((Mode.POSITIONAL, "positional"), (Mode.COUNTING, "counting"))):
            self.buttons.append(Button(pygame.Rect(left.x, left.y + i * u(102), left.width, u(92)), t(f"cb.mode.{key}"),
                                       self._mode(mode), selected=self.mode is mode, size=u(24),
                                       sublabel=t(f"cb.mode.{key}_hint")))
        unit = t("cb.opt.parry_half" if self.parry_unit is ParryUnit.HALF_SQUARE else "cb.opt.parry_square")
        first = t("cb.opt.first_by_half" if self.first_mover is FirstMover.BY_HALF else "cb.opt.first_alternate")
        rows = [("cb.opt.parry", unit, self._toggle_parry), ("cb.opt.first", first, self._toggle_first),
                ("cb.opt.tackle", t("cb.opt.tackle_cost", n=self.tackle_cost), self._cycle_tackle)]
        for i, (key, value, action) in enumerate(rows):
            self.buttons.append(Button(pygame.Rect(right.x, right.y + i * u(72), right.width, u(64)), value, action,
                                       size=u(19), sublabel=t(key)))
        bottom = h - u(84)
        if self.unfinished is None:
            self.buttons.append(Button(pygame.Rect(right.x, bottom, right.width, u(74)), t("cb.setup.start"),
                                       self.start, primary=True, size=u(28)))
        else:
            # a match is running: going on with it is the main action; a new one asks first
            self.buttons.append(Button(pygame.Rect(right.x, bottom, right.width, u(74)), t("cb.setup.continue"),
                                       self.resume, primary=True, size=u(26), sublabel=self._detail()))
            self.buttons.append(Button(pygame.Rect(left.x, bottom, left.width, u(74)), t("cb.setup.new"),
                                       self.ask_new, size=u(22), sublabel=t("cb.setup.new_hint")))

    def _mode(self, mode: Mode) -> Callable[[], None]:
        def choose() -> None:
            self.mode = mode
            self.layout()
        return choose

    def _toggle_parry(self) -> None:
        self.parry_unit = ParryUnit.SQUARE if self.parry_unit is ParryUnit.HALF_SQUARE else ParryUnit.HALF_SQUARE
        self.layout()

    def _toggle_first(self) -> None:
        self.first_mover = FirstMover.ALTERNATE if self.first_mover is FirstMover.BY_HALF else FirstMover.BY_HALF
        self.layout()

    def _cycle_tackle(self) -> None:
        self.tackle_cost = TACKLE_COSTS[(TACKLE_COSTS.index(self.tackle_cost) + 1) % len(TACKLE_COSTS)]
        self.layout()

    def _detail(self) -> str:
        assert self.unfinished is not None
        s = self.unfinished.state
        score = f"{s.score[Side.WHITE]} – {s.score[Side.BLACK]}"
        return self.t("cb.setup.continue_detail", score=score, half=s.half, turn=s.turn_in_half)

    def ask_new(self) -> None:
        """A new match while one is running: only after a confirm naming the match it closes."""
        from companion.ui.screens.confirm import ConfirmScreen

        if self.unfinished is None:
            self.start()
            return
        s = self.unfinished.state
        score = f"{s.score[Side.WHITE]} – {s.score[Side.BLACK]}"
        self.app.push(ConfirmScreen(self.app, self.t("cb.setup.new_title"),
                                    self.t("cb.setup.new_body", score=score, half=s.half, turn=s.turn_in_half),
                                    self.t("cb.setup.new_confirm"), self.start))

    def start(self) -> None:
        """A new match; the one in progress (if any) is closed as abandoned, never deleted.

        Both writes are one transaction: a power cut never leaves the old match closed with
        no new one, nor two running."""
        with self.app.journal.atomic():
            if self.unfinished is not None:
                self.unfinished.abandon()
            session = Session.start(self.app.journal, self.mode, self.options())
        self.app.replace(TrackerScreen(self.app, session))

    def resume(self) -> None:
        if self.unfinished is not None:
            self.app.replace(TrackerScreen(self.app, self.unfinished))

    def draw(self, surface: pygame.Surface) -> None:
        u = self.u
        surface.fill(theme.BG)
        title = "cb.setup.title" if self.unfinished is None else "cb.setup.title_running"
        self.draw_header(surface, self.t(title))
        left, right = self._columns()
        draw_text(surface, self.t("cb.setup.mode"), (left.x, self.header_h + u(14)), u(19), theme.MUTED, bold=True)
        draw_text(surface, self.t("cb.setup.options"), (right.x, self.header_h + u(14)), u(19), theme.MUTED,
                  bold=True)
        for i, line in enumerate(wrap_text(self.t("cb.setup.options_hint"), u(16), right.width)):
            draw_text(surface, line, (right.x, right.y + u(220) + i * u(20)), u(16), theme.MUTED)
        if self.error:
            for i, line in enumerate(wrap_text(self.error, u(16), left.width)[:4]):
                draw_text(surface, line, (left.x, left.y + u(214) + i * u(20)), u(16), theme.DANGER)
        for b in self.buttons:
            b.draw(surface)


def open_chessball(app: Any) -> Screen:
    return SetupScreen(app)


def resume_chessball(app: Any, log: MatchLog) -> Screen:
    """The tracker on ``log``; a match that cannot be read opens the new-match screen saying why."""
    try:
        return TrackerScreen(app, Session.resume(log))
    except SessionError as exc:
        screen = SetupScreen(app)
        screen.error = app.t("cb.resume_failed", error=str(exc))
        return screen


register_game(GameEntry(key=GAME, order=0, open=open_chessball, resume=resume_chessball))
