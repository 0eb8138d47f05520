"""What every ChessBall screen shares: the session, submitting events, dice entry by touch.

:meth:`ChessBallScreen.submit` is the one door to the journal: it validates through the core,
journals, then tells the referee what changed (a goal, half time, full time) with a banner,
a sound and the side-to-move LEDs. A refusal is shown as the core's reason and nothing is
journaled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from companion.chessball.events import IllegalEvent
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import MatchState, Phase
from companion.core.journal import JournalError
from companion.ui import theme
from companion.ui.chessball import strings  # noqa: F401  (registers the strings)
from companion.ui.chessball.reasons import translate_reason
from companion.chessball.session import Change, Session
from companion.ui.screen import Screen
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

SIDE_COLOURS = {Side.WHITE: theme.WHITE_SIDE, Side.BLACK: (70, 70, 80)}


def side_name(t: Callable[..., str], side: Side) -> str:
    return t(f"cb.side.{side.value}")


def piece_name(t: Callable[..., str], kind: PieceKind) -> str:
    return t(f"cb.piece.{kind.value}")


class ChessBallScreen(Screen):
    """A screen working on one :class:`Session`."""

    def __init__(self, app: "App", session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.message = ""  # the last refusal or notice, shown by the screen
        self.message_is_error = False

    @property
    def state(self) -> MatchState:
        """The current match state (the journal's replay)."""
        return self.session.state

    def side(self, side: Side) -> str:
        return side_name(self.t, side)

    def reason(self, exc: Exception) -> str:
        return translate_reason(self.t, str(exc))

    def refuse(self, exc: Exception) -> None:
        self.message = self.reason(exc)
        self.message_is_error = True
        self.app.play("error")
        self.dirty = True

    def submit(self, event: Mapping[str, Any]) -> bool:
        """Journal ``event`` through the core; False (and the reason shown) if refused."""
        try:
            change = self.session.submit(event)
        except IllegalEvent as exc:
            self.refuse(exc)
            return False
        except JournalError as exc:  # not saved, so not done: the state is unchanged
            self.app.play("error")
            self.app.show_banner(self.t("cb.not_saved", error=str(exc)), ms=None)
            return False
        self.message, self.message_is_error = "", False
        self.announce(change)
        self.dirty = True
        return True

    def undo(self) -> None:
        if self.session.undo():
            self.message, self.message_is_error = self.t("cb.undone"), False
            self.app.play("tap")
        else:
            self.message, self.message_is_error = self.t("cb.nothing_to_undo"), True
        self.show_side_to_move()
        self.layout()
        self.dirty = True

    def announce(self, change: Change) -> None:
        s = self.state
        score = f"{s.score[Side.WHITE]} – {s.score[Side.BLACK]}"
        if change.goal_for is not None:
            self.app.play("long_beep")
            self.app.show_banner(self.t("cb.banner.goal", side=self.side(change.goal_for), score=score), level="info")
        if change.full_time:
            winner = s.winner()
            text = (self.t("cb.banner.full_time_win", side=self.side(winner), score=score) if winner
                    else self.t("cb.banner.full_time_draw", score=score))
            self.app.play("double_beep")
            self.app.show_banner(text, ms=None, level="info")
        elif change.half_time:
            self.app.play("double_beep")
            self.app.show_banner(self.t("cb.banner.half_time", score=score, side=self.side(Side.BLACK)), level="info")
        self.show_side_to_move()

    def show_side_to_move(self) -> None:
        hw = self.app.hardware
        if hw is None:
            return
        side = self.state.side_to_move
        hw.leds.show_side_to_move(side.value if side is not None and self.state.phase is Phase.MOVES else None)

    def draw_message(self, surface: pygame.Surface, rect: pygame.Rect, size: int | None = None) -> None:
        """The last refusal (red) or notice, wrapped into ``rect``."""
        from companion.ui.widgets import wrap_text

        if not self.message:
            return
        size = size or self.u(18)
        colour = theme.DANGER if self.message_is_error else theme.OK
        lines = wrap_text(self.message, size, rect.width)
        for i, line in enumerate(lines[: max(1, rect.height // (size + 4))]):
            draw_text(surface, line, (rect.x, rect.y + i * (size + 4)), size, colour)


class FacePicker:
    """Dice faces typed in from physical dice: one row of six buttons per die.

    >>> picker = FacePicker(3, (0, 0))
    >>> picker.set(0, 3); picker.set(1, 5); picker.complete, picker.set(2, 6), picker.faces
    (False, None, [3, 5, 6])
    """

    def __init__(self, count: int, origin: tuple[int, int], size: int = 52, gap: int = 6,
                 row_gap: int | None = None) -> None:
        self.count = count
        self.origin = origin
        self.size = size
        self.gap = gap
        self.row_gap = gap if row_gap is None else row_gap
        self.faces: list[int | None] = [None] * count

    def set(self, die: int, face: int) -> None:
        self.faces[die] = face

    def clear(self) -> None:
        self.faces = [None] * self.count

    @property
    def complete(self) -> bool:
        return all(f is not None for f in self.faces)

    @property
    def total(self) -> int:
        return sum(f for f in self.faces if f is not None)

    def row_rect(self, die: int) -> pygame.Rect:
        x, y = self.origin
        return pygame.Rect(x, y + die * (self.size + self.row_gap), 6 * self.size + 5 * self.gap, self.size)

    def buttons(self, changed: Callable[[], None], size: int = 24) -> list[Button]:
        out = []
        x0, y0 = self.origin
        for die in range(self.count):
            for face in range(1, 7):
                rect = pygame.Rect(x0 + (face - 1) * (self.size + self.gap), y0 + die * (self.size + self.row_gap),
                                   self.size, self.size)
                out.append(Button(rect, str(face), self._setter(die, face, changed),
                                  selected=self.faces[die] == face, size=size))
        return out

    def _setter(self, die: int, face: int, changed: Callable[[], None]) -> Callable[[], None]:
        def choose() -> None:
            self.faces[die] = face
            changed()
        return choose

