"""At start-up: the unfinished matches, offered for resumption.

Every unfinished match is listed (a page at a time, with ▲ ▼ when there are more than fit);
each can be resumed or discarded. Discarding asks first and is an event in the journal (the
match is closed with ``{"discarded": true}``, its events kept and exportable), never a delete,
so a stale match stops coming back at every start. "Più tardi" sits in its own bar at the
bottom and never covers a row. The screen lays itself out at the display's size.
"""

from __future__ import annotations

import time

import pygame

from companion.core.journal import MatchInfo
from companion.ui import theme
from companion.ui.registry import GAMES, register_screen
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text


class ResumeScreen(Screen):
    name = "resume"
    title_key = "resume.title"
    native = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.first = 0  # the first row shown

    @staticmethod
    def candidates(app) -> list[MatchInfo]:
        found = []
        for info in app.journal.matches(unfinished=True):
            entry = GAMES.get(info.game)
            if entry is not None and entry.resume is not None:
                found.append(info)
        return found

    # -- geometry -------------------------------------------------------------------------------
    @property
    def row_h(self) -> int:
        return self.u(70)

    def _list_area(self) -> pygame.Rect:
        w, h = self.size
        top = self.header_h + self.u(50)
        return pygame.Rect(self.u(20), top, w - self.u(40), h - self.u(82) - top)

    @property
    def per_page(self) -> int:
        return max(1, self._list_area().height // self.row_h)

    def layout(self) -> None:
        self.matches = self.candidates(self.app)
        self.first = max(0, min(self.first, len(self.matches) - self.per_page))
        area = self._list_area()
        w, h = self.size
        self.buttons = []
        resume_w, discard_w = self.u(170), self.u(130)
        for i, info in enumerate(self.matches[self.first:self.first + self.per_page]):
            y = area.y + i * self.row_h
            self.buttons.append(Button(pygame.Rect(area.right - resume_w, y, resume_w, self.row_h - self.u(10)),
                                       self.t("resume.resume"), self._resumer(info), primary=True, size=self.u(22)))
            self.buttons.append(Button(pygame.Rect(area.right - resume_w - self.u(10) - discard_w, y, discard_w,
                                                   self.row_h - self.u(10)), self.t("resume.discard"),
                                       self._discarder(info), size=self.u(20)))
        bar_y, bar_h = h - self.u(70), self.u(60)
        self.buttons.append(Button(pygame.Rect(w - self.u(20) - self.u(220), bar_y, self.u(220), bar_h),
                                   self.t("resume.later"), self.app.pop, size=self.u(22)))
        if len(self.matches) > self.per_page:
            self.buttons.append(Button(pygame.Rect(self.u(20), bar_y, self.u(72), bar_h), "▲", self.page_up,
                                       enabled=self.first > 0, size=self.u(26)))
            self.buttons.append(Button(pygame.Rect(self.u(102), bar_y, self.u(72), bar_h), "▼", self.page_down,
                                       enabled=self.first + self.per_page < len(self.matches), size=self.u(26)))

    def page_up(self) -> None:
        self.first = max(0, self.first - self.per_page)
        self.layout()

    def page_down(self) -> None:
        self.first = min(max(0, len(self.matches) - self.per_page), self.first + self.per_page)
        self.layout()

    def _resumer(self, info: MatchInfo):
        def resume() -> None:
            from companion.app import open_screen

            entry = GAMES[info.game]
            self.app.pop()
            # a match its game cannot read is set aside (named in a banner); home stays
            screen = open_screen(self.app, lambda: self._reopen(entry, info), lambda: info.id)
            if screen is not None:
                self.app.push(screen)
        return resume

    def _reopen(self, entry, info: MatchInfo):
        if info.id in self.app.journal.aside:  # set aside by a first try: nothing to reopen
            return None
        return entry.resume(self.app, self.app.journal.match(info.id))

    def _describe(self, info: MatchInfo) -> tuple[str, str]:
        title = self.t(f"game.{info.game}") + (f" — {info.title}" if info.title else "")
        when = time.strftime("%d/%m %H:%M", time.localtime(info.created_at / 1000))
        return title, f"{when} · " + self.tn("resume.events", info.event_count)

    def _discarder(self, info: MatchInfo):
        def ask() -> None:
            from companion.ui.screens.confirm import ConfirmScreen

            title, detail = self._describe(info)
            self.app.push(ConfirmScreen(self.app, self.t("resume.discard_title"),
                                        self.t("resume.discard_body", match=title, detail=detail),
                                        self.t("resume.discard"), lambda: self.discard(info)))
        return ask

    def discard(self, info: MatchInfo) -> None:
        """Close the match as discarded: one journal event, the match and its events kept."""
        self.app.journal.match(info.id).finish({"discarded": True, "reason": "discarded at start-up"})
        self.layout()
        self.dirty = True
        if not self.matches and self.app.top is self:
            self.app.pop()

    def handle(self, action) -> bool:
        from companion.ui.input import Kind

        if action.kind is Kind.COMMAND and action.name in ("up", "down") and len(self.matches) > self.per_page:
            self.page_up() if action.name == "up" else self.page_down()
            self.dirty = True
            return True
        return super().handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        n = len(self.matches)
        right = ""
        if n > self.per_page:
            right = self.t("resume.range", a=self.first + 1, b=min(n, self.first + self.per_page), n=n)
        self.draw_header(surface, self.t("resume.title"), right)
        area = self._list_area()
        draw_text(surface, self.tn("resume.body", n), (area.x, self.header_h + self.u(14)), self.u(22), theme.TEXT,
                  max_width=area.width, min_size=self.u(16))
        text_w = area.width - self.u(170 + 10 + 130 + 16)
        for i, info in enumerate(self.matches[self.first:self.first + self.per_page]):
            y = area.y + i * self.row_h
            pygame.draw.rect(surface, theme.PANEL, (area.x, y, text_w + self.u(6), self.row_h - self.u(10)),
                             border_radius=self.u(10))
            title, detail = self._describe(info)
            draw_text(surface, title, (area.x + self.u(14), y + self.u(5)), self.u(22), theme.TEXT, bold=True,
                      max_width=text_w - self.u(20), min_size=self.u(16))
            draw_text(surface, detail, (area.x + self.u(14), y + self.u(33)), self.u(18), theme.MUTED,
                      max_width=text_w - self.u(20), min_size=self.u(16))
        for b in self.buttons:
            b.draw(surface)


def _demo(app) -> ResumeScreen:
    """Seven unfinished ChessBall matches: more than a page."""
    from companion.chessball.state import Mode
    from companion.chessball.session import Session

    for i in range(7):
        session = Session.start(app.journal, Mode.COUNTING, title=f"Tavolo {i + 1}")
        session.submit({"kind": "kickoff"})
    return ResumeScreen(app)


register_screen("resume", _demo)
