"""The match report: every event that counts, in words, newest first (for a dispute, or a check).

Built by replaying the journal's effective events one at a time and reading what the reducer
says each did (``state.last``), so the words always agree with the state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from companion.chessball.match import Match
from companion.chessball.pieces import Side
from companion.core.journal import FINISH
from companion.ui import theme
from companion.ui.chessball.common import ChessBallScreen
from companion.ui.chessball.places import place_name, say
from companion.chessball.session import Session
from companion.ui.input import Action, Kind
from companion.ui.screen import HEADER_H, plural
from companion.ui.widgets import Button, draw_text

PAGE = 9


@dataclass(frozen=True)
class Line:
    half: int
    turn: int  # within the half
    text: str


def _side(t: Callable[..., str], value: Any) -> str:
    return t(f"cb.side.{value}") if value in ("white", "black") else ""


def describe(t: Callable[..., str], event: dict[str, Any], last: dict[str, Any] | None) -> str:
    """One event in words; ``last`` is the reducer's note of what it did."""
    kind = event["kind"]
    last = last or {}
    side = _side(t, event.get("side", last.get("side")))
    if kind == "kickoff":
        return t("cb.h.kickoff", side=_side(t, last.get("side")))
    if kind == "roll":
        return t("cb.h.roll", side=side, faces="+".join(map(str, event["faces"])), n=sum(event["faces"]))
    if kind == "spend":
        return t("cb.h.spend", side=side, n=event["mp"])
    if kind in ("end_move", "next_move"):
        return t("cb.h.end_move", side=side, n=last.get("spent", 0))
    if kind == "pass_move":
        return t("cb.h.pass", side=side)
    if kind == "goal":
        return t("cb.h.goal_by_hand", side=side)
    if kind == "shot" or (kind == "kick" and last.get("kind") == "shot"):
        steps = last.get("distance", event.get("distance", 0))
        text = plural(t, "cb.h.shot", steps, side=side, power=last.get("power", 0))
        return text + (" — " + t("cb.h.open_goal") if last.get("outcome") == "goal" else "")
    if kind == "keeper_roll":
        outcome = last.get("outcome")
        word = {"save": t("cb.outcome.save"), "goal": t("cb.outcome.goal"),
                "parry": t("cb.outcome.parry", n=last.get("residual", 0))}.get(outcome, "")
        return t("cb.h.keeper", roll=last.get("roll", sum(event["faces"])), power=last.get("power", 0), outcome=word)
    if kind == "direction_roll":
        return plural(t, "cb.h.direction", last.get("rebound_steps", 0), face=event["face"],
                      direction=t(f"cb.dir.{last.get('direction', 'centre')}"))
    if kind == "substitution":
        mp = last.get("mp", 0)
        return t("cb.h.substitution", side=side, out=t(f"cb.piece.{event['out']}"), into=t(f"cb.piece.{event['in']}"),
                 mp=f"+{mp}" if mp > 0 else str(mp).replace("-", "−"))
    if kind == "tackle":
        return t("cb.h.tackle", side=side, white=last.get("white", 0), black=last.get("black", 0),
                 winner=_side(t, last.get("winner")))
    if kind in ("move", "dribble", "kick"):
        to = event.get("to", [0, 0])
        return say(t, f"cb.h.{kind}", side=side, to=place_name(t, (to[0], to[1])), n=last.get("mp", 0))
    return kind


def history(session: Session, t: Callable[..., str]) -> list[Line]:
    """Every effective event in words, in order."""
    match = Match(session.mode, session.options)
    lines = []
    for e in session.log.effective():
        if e.kind == FINISH:
            continue
        before = match.state
        event = {"kind": e.kind, **e.data}
        match.apply(event)
        lines.append(Line(before.half, before.turn_in_half, describe(t, event, match.state.last)))
    return lines


class HistoryScreen(ChessBallScreen):
    name = "chessball-history"
    native = True  # the 800×480 design drawn at the display's size

    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app, session)
        self.lines = list(reversed(history(session, self.t)))
        self.page = 0

    @property
    def pages(self) -> int:
        return max(1, (len(self.lines) + PAGE - 1) // PAGE)

    def layout(self) -> None:
        self.lines = list(reversed(history(self.session, self.t)))
        self.page = min(self.page, self.pages - 1)
        self.buttons = [
            self.back_button(),
            Button(self.box(690, 120, 96, 140), "▲", self._turn(-1), enabled=self.page > 0, size=self.u(34)),
            Button(self.box(690, 300, 96, 140), "▼", self._turn(1), enabled=self.page < self.pages - 1,
                   size=self.u(34)),
        ]

    def _turn(self, step: int) -> Callable[[], None]:
        def turn_page() -> None:
            self.page = max(0, min(self.pages - 1, self.page + step))
            self.layout()
        return turn_page

    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name in ("up", "down"):
            self._turn(-1 if action.name == "up" else 1)()
            return True
        return super().handle(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        s = self.state
        score = f"{s.score[Side.WHITE]} – {s.score[Side.BLACK]}"
        self.draw_header(surface, self.t("cb.h.title"),
                         f"{score} · " + self.t("cb.h.page", page=self.page + 1, of=self.pages))
        if not self.lines:
            draw_text(surface, self.t("cb.h.empty"), self.at(20, HEADER_H + 20), self.u(20), theme.MUTED)
        shown = self.lines[self.page * PAGE:(self.page + 1) * PAGE]
        for i, line in enumerate(shown):
            y = HEADER_H + 14 + i * 45
            tag = self.t("cb.h.when", half=line.half, turn=line.turn)
            draw_text(surface, tag, self.at(20, y + 4), self.u(16), theme.MUTED)
            colour = theme.TEXT if i or self.page else theme.ACCENT
            draw_text(surface, line.text, self.at(120, y), self.u(21), colour, max_width=self.u(560))
        for b in self.buttons:
            b.draw(surface)
