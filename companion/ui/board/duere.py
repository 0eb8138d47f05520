"""The Due Re board: roll 2d6 on screen (or tap the faces of real dice), see which pieces may
move for each die and which dice are lost, then move one piece per die by touch.

Only the steps that begin one of the engine's legal plays of the roll are offered, so the
compulsory-move rule ("use as many dice as possible") is enforced as the player goes; a refused
piece or square says why ("that piece does not match the dice", "compulsory move...").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from companion.rules import Color
from companion.ui import theme
from companion.ui.board import strings as board_strings
from companion.rules.duere_session import DueReSession
from companion.ui.board.options import OptionsScreen
from companion.ui.board.screen import GameScreen
from companion.rules.session import Option, Refused
from companion.ui.board.view import BLUE_FILL, RED_FILL, Marks
from companion.ui.input import Action, Kind
from companion.ui.registry import GameEntry, register_game, register_screen
from companion.ui.screen import Screen
from companion.ui.screens.dice import draw_die
from companion.ui.widgets import Button, draw_text

if TYPE_CHECKING:
    from companion.app import App

DICE_BLOCK_H = 108  # two dice lines, or the roll button beside the faces of the real dice
FACE_BUTTON = 48


class DueReScreen(GameScreen):
    """Due Re on the touch board; ``session`` is a :class:`DueReSession`."""

    name = "duere-board"
    side_keys = ("duere.side.white", "duere.side.black")
    session: DueReSession

    # a roll of the dice before each move: the camera offers no run of moves as one answer
    takes_runs = False

    def __init__(self, app: "App", session: DueReSession) -> None:
        self.typed: list[int] = []
        super().__init__(app, session)

    @classmethod
    def open_game(cls, app: "App") -> Screen:
        """The unfinished Due Re game if there is one, else the rule options of a new one."""
        match = app.journal.latest_unfinished("duere")
        if match is not None:
            return cls(app, DueReSession.open(match))

        def start(options: dict) -> None:  # type: ignore[type-arg]
            app.replace(cls(app, DueReSession.new(app.journal, "duere", options=options or None)))
        return OptionsScreen(app, "duere", start)

    def new_session(self, options: dict | None = None) -> DueReSession:  # type: ignore[type-arg]
        return DueReSession.new(self.app.journal, "duere", options=options or None)

    def palette(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        return (RED_FILL, BLUE_FILL)

    def panel_top(self) -> int:
        return self.u(DICE_BLOCK_H)

    def side_to_move(self) -> Color:
        return self.session.mover

    def board_position(self):  # type: ignore[no-untyped-def]
        return self.session.board()

    def options_then(self, move: str, then: "tuple[str, ...] | list[str]" = ()) -> list[Option]:
        return self.session.options_then(move, then)

    def turn_goes_on(self, moves: list) -> list:  # type: ignore[type-arg]
        """The moves the same side may make next in this turn after ``moves`` made from the
        board as it stands: the other die's steps (the camera's look at moves made together,
        see :class:`companion.ui.vision.follow.ScreenPosition`; a screen of one move a turn
        has no such method: the next move is the other side's, as the engine has it)."""
        return self.session.steps_after(moves)

    # -- buttons ------------------------------------------------------------------------------
    def extra_buttons(self) -> list[Button]:
        """Before the roll: the roll button, and beside it the six faces of the real dice (three
        by two) to tap when the players roll their own."""
        if self.session.roll is not None or self.session.is_over():
            return []
        p, u = self.panel, self.u
        face, gap = u(FACE_BUTTON), u(4)
        grid_w = 3 * face + 2 * gap
        x0 = p.right - grid_w
        buttons = [Button(pygame.Rect(p.x, p.y, x0 - p.x - u(8), 2 * face + gap), "⚄ " + self.t("duere.roll"),
                          self.roll, primary=True, size=u(22), sublabel=self.t("duere.roll_app"))]
        for i, n in enumerate(range(1, 7)):
            rect = pygame.Rect(x0 + (i % 3) * (face + gap), p.y + (i // 3) * (face + gap), face, face)
            buttons.append(Button(rect, str(n), self._typer(n), size=u(22), selected=n in self.typed))
        return buttons

    def _typer(self, face: int):
        def type_face() -> None:
            self.type_face(face)
        return type_face

    def type_face(self, face: int) -> None:
        """A face of the real dice, tapped or typed; the second one records the roll."""
        self.typed.append(face)
        if len(self.typed) == 2:
            faces, self.typed = tuple(self.typed), []
            self.record_roll(faces, "typed")
        self.layout()
        self.dirty = True

    def roll(self) -> None:
        if self.session.roll is not None or self.session.is_over():
            return
        self.typed = []
        self.record_roll(self.app.dice.roll(2).faces, "app")
        self.app.play("roll")

    def record_roll(self, faces: tuple[int, ...], source: str) -> None:
        try:
            self.session.roll_dice(faces, source)
        except Refused as exc:
            self.refuse(exc.reason)
            return
        faces_text = "-".join(map(str, faces))
        if self.session.lost_last:
            whole_turn = self.session.variant.options.get("dead_die") == "turn"
            self.app.show_banner(self.t("duere.turn_lost" if whole_turn else "duere.dice_lost", faces=faces_text))
            self.after_change()
        elif self.session.lost_dice():
            lost = ", ".join(map(str, self.session.lost_dice()))
            self.say(self.t("duere.die_lost_banner", faces=lost), "warn")
        else:
            self.message = ""
        self.layout()
        self.dirty = True

    def handle(self, action: Action) -> bool:
        if not self.overlay_buttons:
            if action.kind is Kind.COMMAND and action.name == "roll":
                self.roll()
                return True
            if action.kind is Kind.TEXT and action.name in "123456" and len(action.name) == 1 \
                    and self.session.roll is None:
                self.type_face(int(action.name))
                return True
        return super().handle(action)

    def choice_label(self, option: Option) -> str:
        die = option.payload[0]
        family = self.session.variant.options["dice_table"][die]
        return self.t("duere.use_die", die=die, piece=board_strings.piece_name(self.t, family))

    # -- drawing ------------------------------------------------------------------------------
    def marks(self) -> Marks:
        marks = super().marks()
        if not self.entered and self.session.roll is not None:
            marks.movers = frozenset(o.cells[0] for o in self.session.options())
        return marks

    def draw_panel_top(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s, u = self.session, self.u
        if s.roll is None:
            return  # the roll button and the faces (buttons) fill the block
        table = s.variant.options["dice_table"]
        line = rect.height // 2
        for i, (die, state, cells) in enumerate(s.die_states()):
            y = rect.y + i * line
            side = min(u(44), line - u(6))
            draw_die(surface, pygame.Rect(rect.x + u(2), y + u(2), side, side), die)
            piece = board_strings.piece_name(self.t, table[die])
            x = rect.x + side + u(12)
            draw_text(surface, self.t("duere.die_moves", die=die, piece=piece), (x, y + u(1)), u(19),
                      theme.TEXT, bold=True, max_width=rect.right - x, min_size=16)
            note, colour = self.die_note(state, cells)
            draw_text(surface, note, (x, y + u(25)), max(16, u(16)), colour, max_width=rect.right - x, min_size=16)

    def die_note(self, state: str, cells: tuple[str, ...]) -> tuple[str, tuple[int, int, int]]:
        """The line under a die: the pieces that may move with it now (green), "after the other
        die" (muted), "used" (muted) or "lost" (red, only when no play can use it)."""
        if state == "now":
            return " ".join(cells), theme.OK
        if state == "lost":
            return self.t("duere.die_lost"), theme.DANGER
        return self.t("duere.die_used" if state == "used" else "duere.die_later"), theme.MUTED

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        text, colour = super().status_line()
        if not self.message and not self.session.is_over():
            if self.session.roll is None:
                self.message, self.message_level = self.t("duere.roll_hint"), "info"
            elif self.session.compulsory_applies():
                self.message, self.message_level = self.t("duere.compulsory_note"), "info"
        return text, colour

    def history_lines(self) -> list[str]:
        """One line per turn: ``3. 3: Ra1-a3  5: Nb2-c4``."""
        lines: list[str] = []
        key: tuple[int, int] | None = None
        for h in self.session.history:
            shown = h.shown(self.lang())
            text = f"{shown} {self.t('board.history.pass')}" if h.text == "pass" else shown
            if h.text in ("draw_agreed", "resign"):
                text = self.t(f"board.history.{h.text}")
            turn = (h.number, int(h.color))
            if turn != key:
                lines.append(f"{h.number}{'.' if h.color == Color.WHITE else '…'} {text}")
                key = turn
            else:
                lines[-1] += f"  {text}"
        return lines


def _options_demo(app: "App") -> OptionsScreen:
    return OptionsScreen(app, "duere", lambda options: None)


def _resume(app: "App", match) -> DueReScreen:  # type: ignore[no-untyped-def]
    return DueReScreen(app, DueReSession.open(match))


def _demo(app: "App") -> DueReScreen:
    """A game in progress: three turns played, a roll waiting to be used."""
    session = DueReSession.new(app.journal, "duere")
    for faces, steps in (((5, 3), ("5:b2c4", "3:b1b3")), ((5, 4), ("5:b7c5", "4:c7d6")),
                         ((2, 6), ("2:c1b2", "6:h2g4"))):
        session.roll_dice(faces)
        for step in steps:
            session.play_text(step)
    session.roll_dice((4, 5))
    screen = DueReScreen(app, session)
    screen.layout()
    screen.select("g7")
    return screen


register_game(GameEntry(key="duere", order=1, open=DueReScreen.open_game, resume=_resume))
register_screen("duere-board", _demo)
register_screen("duere-options", _options_demo)
