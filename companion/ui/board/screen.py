"""The game screen every grid game shares: the board on the left, turn, history and buttons on
the right. Everything it knows about the game comes from the session (and so the engine):

- the player touches a piece (the legal targets appear) and then a target, or drags the piece;
- a move made of several squares (a man's jump chain ``c3e5g3``) is entered square by square;
  when a chain may stop here or go on, a "Stop here" button appears beside the next targets;
- when several legal moves share the squares entered (promotion pieces, Due Re's dice), a
  choice is offered;
- a refused input shows the reason (the engine's, in the app's language);
- the camera button in the header: "follow with camera" (moves seen on the real board go
  through the same path as touched ones: :mod:`companion.ui.vision.follow`), the camera view
  and its calibration; with no camera configured it says why it cannot.

Subclasses add their panel (Due Re's dice) by overriding :meth:`panel_top` and
:meth:`draw_panel_top`, and their buttons in :meth:`extra_buttons`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from companion.rules import Color
from companion.ui import theme
from companion.ui.board import entry, panel
from companion.ui.board import strings as board_strings
from companion.ui.board.captures import lost_pieces
from companion.ui.board.export import export_record
from companion.rules.session import BoardSession, Option, Reason, Refused
from companion.ui.board.touch import Drag, board_action
from companion.ui.board.view import BoardView, Marks
from companion.ui.input import Action, Kind
from companion.ui.screen import Screen
from companion.ui.vision.switch import CAMERA_BUTTON as _SWITCH_CAMERA_BUTTON
from companion.ui.vision.switch import FollowWithCamera
from companion.ui.widgets import MIN_TOUCH, Button, draw_text, wrap_text

if TYPE_CHECKING:
    from companion.app import App

PANEL_MIN_W = 236
PORTRAIT_PANEL_H = 400
BUTTON_H = 50
# The camera button's place on the 800×480 panel: the switch's, made a finger's height (48 px)
# and wide enough for "● Telecamera" while following (scaled on bigger displays, see GameScreen.camera_rect).
CAMERA_BUTTON = pygame.Rect(800 - 8 - 146, 4, 146, 48)
assert CAMERA_BUTTON.collidepoint(_SWITCH_CAMERA_BUTTON.center)


class GameScreen(FollowWithCamera, Screen):
    """A board game screen over a :class:`~companion.ui.board.session.BoardSession`."""

    name = "board"
    native = True
    side_keys: tuple[str, str] = ("board.side.white", "board.side.black")

    def __init__(self, app: "App", session: BoardSession) -> None:
        super().__init__(app)
        self.session = session
        self.flipped = False
        self.entered: list[str] = []
        self.choices: list[Option] | None = None
        self.choices_by = ""  # who asked the choice open (the camera: its answer is tagged so)
        self.choices_title = ""  # ... and its title, when not the usual one
        self.message: str = ""
        self.message_level = "info"
        self.drag: Drag | None = None
        self.pending_target: str | None = None
        self.swallow_tap = False
        self.overlay_buttons: list[Button] = []
        self.overlay_area: pygame.Rect | None = None  # where the open question stands (None: centred)
        self.picker: Any = None  # a referee action picking cells (referee.QueenReplacement)
        self._census_cache: dict[str, Any] = {}
        self.view = self._make_view()
        self._camera: Any = None  # the "follow with camera" switch, made on first use
        if session.replay_error:
            self.say(self.t("board.replay_error", error=session.replay_error), "warn")

    # -- geometry -----------------------------------------------------------------------------
    # The screen is native: it lays itself out at the display's size. Landscape: the board takes
    # the whole height under the header, the panel (turn, captures, moves, buttons) the rest of
    # the width; portrait: the board across the top, the panel below it.
    @property
    def portrait(self) -> bool:
        w, h = self.size
        return h > w

    def _make_view(self) -> BoardView:
        u = self.u
        w, h = self.size
        top = self.header_h + u(2)
        coord = max(16, u(16))
        if self.portrait:
            # the panel below keeps at least 400 design pixels: dice, turn, a long message, the bar
            area = pygame.Rect(u(6), top, w - u(12), min(int((h - top) * 0.6), h - top - u(PORTRAIT_PANEL_H)))
            view = BoardView(self.session.variant.geometry, area, self.flipped, self.palette(), coord)
            spare = area.width - view.outer.width
            if spare > 1:  # centred across the screen
                area.x += spare // 2
                view = BoardView(self.session.variant.geometry, area, self.flipped, self.palette(), coord)
            return view
        area = pygame.Rect(u(4), top, w - u(4) - u(10) - u(PANEL_MIN_W), h - top - u(4))
        return BoardView(self.session.variant.geometry, area, self.flipped, self.palette(), coord)

    def palette(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        from companion.ui.board.view import BLACK_FILL, WHITE_FILL

        return (WHITE_FILL, BLACK_FILL)

    @property
    def panel(self) -> pygame.Rect:
        u = self.u
        w, h = self.size
        if self.portrait:
            y = self.view.outer.bottom + u(8)
            return pygame.Rect(u(8), y, w - u(16), h - y - u(8))
        x = self.view.outer.right + u(10)
        return pygame.Rect(x, self.header_h + u(6), w - x - u(8), h - self.header_h - u(12))

    def panel_top(self) -> int:
        """Height of a subclass's own block at the top of the panel (Due Re's dice)."""
        return 0

    def camera_rect(self) -> pygame.Rect:
        """The camera button's place in the header (``CAMERA_BUTTON`` on the 800×480 panel)."""
        w = self.size[0]
        return pygame.Rect(w - self.u(8) - self.u(CAMERA_BUTTON.width), self.u(CAMERA_BUTTON.y),
                           self.u(CAMERA_BUTTON.width), self.u(CAMERA_BUTTON.height))

    def camera_button(self) -> Button:
        button = super().camera_button()
        button.rect = self.camera_rect()
        button.size = self.u(18)
        return button

    def refresh_camera_button(self) -> None:
        """Only the camera button is made again (a full layout would close an open menu)."""
        place = self.camera_rect()
        for i, button in enumerate(self.buttons):
            if button.rect == place:
                self.buttons[i] = self.camera_button()

    # -- layout -------------------------------------------------------------------------------
    def button_h(self) -> int:
        return self.u(BUTTON_H)

    def gap(self) -> int:
        return self.u(6)

    def bar_items(self) -> list[tuple[str, Callable[[], None], dict[str, Any]]]:
        """The panel's buttons, in reading order (each with its Button keywords): undo and redo
        say what they do in words, the referee menu (a new game once the game is over)."""
        over = self.session.is_over()
        return [
            ("↶ " + self.t("board.undo"), self.undo, {"enabled": self.session.can_undo()}),
            ("↷ " + self.t("board.redo"), self.redo, {"enabled": self.session.can_redo()}),
            (self.t("board.export"), self.export, {}),
            (self.t("board.new_game") if over else self.t("board.referee"),
             self.new_game if over else self.open_referee, {"primary": over}),
            ("⇅ " + self.t("board.flip"), self.flip, {}),
        ]

    def bar_rows(self) -> list[list[tuple[pygame.Rect, str, Callable[[], None], dict[str, Any]]]]:
        """The bar's buttons in rows that fit the panel's width with every label whole: as many
        to a row as fit (a label's width plus padding), the row's width shared in proportion."""
        p = self.panel
        size, gap, bh = self.u(18), self.gap(), self.button_h()
        pad = max(16, bh // 4) + self.u(12)
        f = theme.font(size, True)
        rows: list[list[tuple[int, str, Callable[[], None], dict[str, Any]]]] = [[]]
        used = 0
        for label, action, kw in self.bar_items():
            need = f.size(label)[0] + pad
            if rows[-1] and used + gap + need > p.width:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + need
            rows[-1].append((need, label, action, kw))
        items = [item for row in rows for item in row]
        if len(rows) > 1:  # the same rows, shared out evenly (5 buttons: 3 + 2, not 4 + 1) when they fit
            per = -(-len(items) // len(rows))
            even = [items[i:i + per] for i in range(0, len(items), per)]
            if len(even) == len(rows) and all(sum(n for n, *_ in r) + gap * (len(r) - 1) <= p.width for r in even):
                rows = even
        placed = []
        y = p.bottom - len(rows) * bh - (len(rows) - 1) * gap
        for row in rows:
            total = sum(n for n, *_ in row)
            room = p.width - gap * (len(row) - 1)
            x = p.x
            out = []
            for i, (need, label, action, kw) in enumerate(row):
                width = p.right - x if i == len(row) - 1 else room * need // total
                out.append((pygame.Rect(x, y, width, bh), label, action, kw))
                x += width + gap
            placed.append(out)
            y += bh + gap
        return placed

    def bar_top(self) -> int:
        """The top of the button bar (and of the row above it, when there is one)."""
        p = self.panel
        rows = self.bar_rows()
        top = rows[0][0][0].y if rows and rows[0] else p.bottom
        if self.can_stop_here() or self.picker is not None:
            top -= self.button_h() + self.gap()
        return top

    def layout(self) -> None:
        fresh = self._make_view()
        if fresh.area != self.view.area:  # the display's size is known now (or changed)
            self.view = fresh
        p = self.panel
        self.buttons = [self.back_button()]
        size, gap, bh = self.u(18), self.gap(), self.button_h()
        rows = self.bar_rows()
        for row in rows:
            for rect, label, action, kw in row:
                self.buttons.append(Button(rect, label, action, size=size, **kw))
        y0 = (rows[0][0][0].y if rows and rows[0] else p.bottom) - bh - gap
        if self.can_stop_here():
            self.buttons.append(Button(pygame.Rect(p.x, y0, p.width, bh), self.t("board.stop_here"), self.stop_here,
                                       primary=True, size=self.u(20)))
        elif self.picker is not None:
            half = (p.width - gap) // 2
            self.buttons += [
                Button(pygame.Rect(p.x, y0, half, bh), self.t("board.ref.queen_confirm"), self.picker.confirm,
                       primary=True, enabled=self.picker.ready(), size=size),
                Button(pygame.Rect(p.x + half + gap, y0, p.width - half - gap, bh), self.t("board.ref.queen_cancel"),
                       self.picker.cancel, size=size),
            ]
        self.buttons += self.extra_buttons()
        self.buttons.append(self.camera_button())
        self._layout_overlay()

    def extra_buttons(self) -> list[Button]:
        return []

    def status_h(self) -> int:
        """The turn line and the message under it: as many lines as the message needs (taken from
        the history, as far as the captures strip), so that no message is cut or covers a button."""
        size = max(16, self.u(16))
        step = round(size * 1.2)
        message = panel.status_message(self)[0]
        lines = len(wrap_text(message, size, self.panel.width)) if message else 0
        p = self.panel
        room = self.bar_top() - self.u(8) - (p.y + self.panel_top()) - self.u(42)  # above the captures strip
        most = max(1, (room - self.u(40)) // step)
        return self.u(36) + max(1, min(most, lines)) * step + self.u(4)

    def captures_rect(self) -> pygame.Rect:
        """The strip of captured pieces, under the turn and its message (once a piece is taken)."""
        p = self.panel
        lost = self.lost_pieces()
        height = self.u(42) if lost[0] or lost[1] else 0  # none yet: the history has the room
        return pygame.Rect(p.x, p.y + self.panel_top() + self.status_h(), p.width, height)

    def history_rect(self) -> pygame.Rect:
        p = self.panel
        top = self.captures_rect().bottom + self.u(6)
        bottom = self.bar_top() - self.u(8)
        return pygame.Rect(p.x, top, p.width, max(0, bottom - top))

    # -- the overlay (a choice, the referee menu) ------------------------------------------------
    def _layout_overlay(self) -> None:
        self.overlay_buttons = []
        self.overlay_area = None
        if self.choices:
            labels = [(self.choice_label(o), self._chooser(o)) for o in self.choices]
            self._overlay(self.choices_title or self.t("board.choose"), labels)

    def _overlay(self, title: str, items: list[tuple[str, Any]]) -> None:
        u = self.u
        self.overlay_title = title
        box = self.overlay_rect(len(items))
        step = min(u(58), (box.height - u(58)) // (len(items) + 1))
        y = box.y + u(50)
        for label, action in [*items, (self.t("board.cancel"), self.close_overlay)]:
            self.overlay_buttons.append(Button(pygame.Rect(box.x + u(12), y, box.width - u(24), step - u(6)), label,
                                               action, size=u(19)))
            y += step

    def overlay_rect(self, n: int) -> pygame.Rect:
        u = self.u
        w, h = self.size
        if self.overlay_area is not None:  # a question about the board: beside it, in this area
            area = self.overlay_area
            height = min(u(50) + (n + 1) * u(58) + u(8), area.height)
            width = min(area.width, u(440))
            return pygame.Rect(area.centerx - width // 2, area.y + (area.height - height) // 2, width, height)
        room = h - self.header_h - u(8)
        height = min(u(50) + (n + 1) * u(58) + u(8), room)
        width = min(w - u(16), u(440))
        return pygame.Rect((w - width) // 2, self.header_h + (h - self.header_h - height) // 2, width, height)

    def ask(self, title: str, items: list[tuple[str, Callable[[], None]]],
            area: pygame.Rect | None = None) -> None:
        """A modal question: one button per item, and Cancel; ``area``: where it stands (and
        what it shades), when the board must stay in view behind it (else over the screen)."""
        self.overlay_buttons = []
        self.overlay_area = area
        self._overlay(title, items)
        self.dirty = True

    def close_overlay(self) -> None:
        self.choices = None
        self.choices_by = ""
        self.choices_title = ""
        self.overlay_buttons = []
        self.overlay_area = None
        self.dirty = True

    def _chooser(self, option: Option):
        def choose() -> None:
            by = self.choices_by
            self.close_overlay()
            self.play(option, by=by)
        return choose

    def choice_label(self, option: Option) -> str:
        """How a choice between moves on the same squares is offered."""
        if option.choice and self.session.variant.geometry.has(option.choice):
            return self.t("board.choose_relocation", cell=option.choice)
        if option.choice:
            kind = self._kind_of_letter(option.choice)
            piece = board_strings.piece_name(self.t, kind) if kind else option.choice.lstrip("=")
            return self.t("board.choose_promotion", piece=piece)
        return self.t("board.no_promotion") if any(o.choice for o in self.choices or []) else str(option.payload)

    def _kind_of_letter(self, letter: str) -> str | None:
        letter = letter.lstrip("=")  # Clupso writes its promotions a2a1=Q
        for ptype in self.session.variant.piece_types:
            if ptype.letter.upper() == letter.upper():
                return ptype.name
        return None

    # -- referee ------------------------------------------------------------------------------
    def open_referee(self) -> None:
        from companion.ui.board.referee import referee_items

        self.ask(self.t("board.ref.title"), referee_items(self))

    # -- input --------------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        if action.kind is Kind.PRESS:
            self.swallow_tap = False
        elif action.kind is Kind.TAP and self.swallow_tap:
            # the tap that ends a touch on the board was handled by its release; it must not
            # reach an overlay that the release itself opened
            self.swallow_tap = False
            return True
        if self.overlay_buttons:
            for button in reversed(self.overlay_buttons):
                if button.handle(action):
                    self.dirty = True
                    return True
            if action.kind is Kind.COMMAND and action.name == "back":
                self.close_overlay()
                return True
            return action.pos is not None  # modal: taps elsewhere do nothing
        if action.kind is Kind.COMMAND and action.name == "undo":
            self.undo()
            return True
        if action.pos is not None and self.view.board_rect.collidepoint(action.pos) or self.drag is not None:
            if action.kind in (Kind.PRESS, Kind.MOVE, Kind.RELEASE, Kind.TAP):
                return board_action(self, action)
        return super().handle(action)

    def cell_under(self, pos: tuple[int, int]) -> str | None:
        """The cell a touch means: the one under the finger, except that while a piece is
        selected on cells smaller than a finger, a legal target within half a finger (24 px) of
        the touch takes it (the nearest one, when two do)."""
        cell = self.view.cell_at(pos)
        if self.view.cell >= MIN_TOUCH or not self.entered:
            return cell
        targets = self.targets()
        if cell in targets:
            return cell
        reach = MIN_TOUCH // 2
        best, best_d = None, None
        for name in targets:
            c = self.view.cell_rect(name).center
            dx, dy = abs(pos[0] - c[0]), abs(pos[1] - c[1])
            if dx <= reach and dy <= reach:
                d = dx * dx + dy * dy
                if best_d is None or d < best_d:
                    best, best_d = name, d
        return best or cell

    # -- selection logic ----------------------------------------------------------------------
    def options(self) -> list[Option]:
        return self.session.options()

    def options_then(self, move: str, then: "tuple[str, ...] | list[str]" = ()) -> list[Option]:
        """The options that play ``move`` (its text) now, ``then`` being the moves the camera
        saw made after it (a game whose options differ by more than the move narrows them)."""
        from companion.ui.vision.follow import move_of

        return [o for o in self.options() if str(move_of(o.payload)) == move]

    def explain(self, cells: list[str]) -> Reason:
        """Why the squares ``cells`` (a piece touched, then where it was taken) make no move."""
        return self.session.explain(cells)

    def binding_rule(self) -> str:
        """What binds the next move beyond the game's rules, in words ("" when nothing does):
        a spell at a Magici station."""
        return ""

    def targets(self) -> frozenset[str]:
        return entry.next_cells(self.options(), self.entered)

    def can_stop_here(self) -> bool:
        return entry.can_stop_here(self.options(), self.entered)

    def _movable(self, cell: str) -> bool:
        return any(o.cells[0] == cell for o in self.options())

    def _selectable(self, cell: str) -> bool:
        """A piece of the side to move: it can be touched even with no move (to be told why)."""
        if self.session.is_over():
            return False
        piece = self.board_position().piece_at(cell)
        return piece is not None and piece.color == self.side_to_move()

    def select(self, cell: str) -> None:
        self.entered = [cell]
        self.message = ""
        self.layout()
        if not self._movable(cell):
            self.refuse(self.explain([cell]))

    def clear_selection(self) -> None:
        self.entered = []
        self.layout()
        self.dirty = True

    def touch(self, cell: str) -> None:
        """A square touched (tapped, or where a drag ended): select, extend, play or refuse."""
        if not self.entered:
            if self._selectable(cell):
                self.select(cell)
            else:
                self.refuse(self.explain([cell]))
            return
        if cell in self.targets():
            self.entered.append(cell)
            complete = entry.complete_options(self.options(), self.entered)
            if complete and not self.targets():
                if len(complete) == 1:
                    self.play(complete[0])
                else:
                    self.choices = complete
                    self._layout_overlay()
            else:
                self.message = self.t("board.chain_hint" if self._jumping() else "board.relocate_hint")
                self.message_level = "info"
                self.layout()
            return
        if len(self.entered) == 1 and self._selectable(cell):
            self.select(cell)
            return
        reason = self.explain([*self.entered, cell])
        self.clear_selection()
        self.refuse(reason)

    def stop_here(self) -> None:
        complete = entry.complete_options(self.options(), self.entered)
        if len(complete) == 1:
            self.play(complete[0])
        elif complete:
            self.choices = complete
            self._layout_overlay()

    def refuse(self, reason: Reason) -> None:
        self.say(board_strings.translate_reason(self.t, reason.key, reason.values), "warn")
        self.app.play("error")

    def say(self, text: str, level: str = "info") -> None:
        self.message = text
        self.message_level = level
        self.dirty = True

    # -- acting -------------------------------------------------------------------------------
    def move_refusal(self) -> str | None:
        """Why a move would be refused now whatever it is (a board kept by a station: its clocks
        not started or stopped), in the screen's language; None when moves are taken."""
        return None

    def play(self, option: Option, by: str = "") -> None:
        """Play ``option``; ``by``: who entered it when not a touch (the camera: the journal
        keeps it, see :data:`companion.rules.session.MOVE_BY`)."""
        try:
            self.session.play(option, by=by)
        except Refused as exc:
            self.refuse(exc.reason)
        else:
            self.app.play("tap")
            self.after_change()
        self.entered = []
        self.layout()
        self.dirty = True

    def after_change(self) -> None:
        """After a move, an undo or a redo: tell the hardware and any observer."""
        self.message = self.attack_warning()
        self.message_level = "warn"
        if self.following:
            self._camera.sync()  # a touched change: the camera starts again from this board
        if self.session.is_over():
            self.app.play("long_beep")
        hw = self.app.hardware
        if hw is not None and getattr(hw, "leds", None) is not None:
            side = None if self.session.is_over() else ("white" if self.side_to_move() == Color.WHITE else "black")
            try:
                hw.leds.show_side_to_move(side)
            except Exception:  # a failing LED must never stop the game
                pass

    def attack_warning(self) -> str:
        """Camerlano has no check rule, so the app warns: a side that has just left its Shah
        where it can be taken, or the side to move whose Shah is attacked."""
        pos = self.session.position
        attacked = getattr(pos, "shah_attacked", None)
        if attacked is None or self.session.is_over():
            return ""
        mover = pos.turn.other
        if self.session.history and attacked(int(mover)):
            return self.t("board.shah_left_attacked", side=self.side_name(mover))
        if attacked(int(pos.turn)):
            return self.t("board.shah_attacked", side=self.side_name(pos.turn))
        return ""

    def side_to_move(self) -> Color:
        return self.session.position.turn

    def undo(self) -> None:
        if not self.session.undo():
            self.say(self.t("board.nothing_to_undo"))
            return
        self.entered = []
        self.after_change()
        self.layout()

    def redo(self) -> None:
        if not self.session.redo():
            self.say(self.t("board.nothing_to_redo"))
            return
        self.entered = []
        self.after_change()
        self.layout()

    offers_options = True  # a new game first shows the game's rule options

    def new_session(self, options: dict[str, Any] | None = None) -> BoardSession:
        """A fresh game of the same variant from its start, with rule ``options``."""
        return BoardSession.new(self.app.journal, self.session.game, options=options or None,
                                journal_game=self.session.match.info.game)

    def new_game(self) -> None:
        """Start a new game (after its rule options, if it has any); an unfinished one is
        closed as abandoned (it stays in the journal)."""
        from companion.ui.board.options import OptionsScreen, changed_options, option_rows

        self.close_overlay()
        game = self.session.game
        if self.offers_options and option_rows(game):
            current = changed_options(game, self.session.variant.options)
            self.app.push(OptionsScreen(self.app, game, self.begin_new_game, current))
        else:
            self.begin_new_game({})

    def begin_new_game(self, options: dict[str, Any]) -> None:
        if self.app.top is not self:
            self.app.pop()  # the options screen
        if not self.session.is_over():
            self.session.abandon()
        self.session = self.new_session(options)
        self.entered, self.picker = [], None
        self.message = ""
        self.view = self._make_view()
        self.after_change()
        self.layout()
        self.dirty = True

    def flip(self) -> None:
        self.flipped = not self.flipped
        self.view = self._make_view()
        self.dirty = True

    def export(self) -> None:
        try:
            paths = export_record(self.session, self.app.config.data_dir / "exports")
        except OSError as exc:
            self.app.show_banner(self.t("board.export_failed", error=exc))
            return
        self.app.show_banner(self.t("board.exported", path=", ".join(str(p) for p in paths)), level="info")

    # -- drawing ------------------------------------------------------------------------------
    def board_position(self) -> Any:
        return self.session.position

    def marks(self) -> Marks:
        last = self.session.last_move
        marks = Marks(last=(last.origin, *last.path, last.target) if last is not None else ())
        if self.entered:
            marks.selected = self.entered[0]
            marks.path = tuple(self.entered[1:])
            marks.targets = self.targets()
            if len(self.entered) > 1 and self._jumping():
                # a man part-way along its chain: shown where it has got to, the men it jumps crossed out
                marks.moving = (self.entered[0], self.entered[-1])
                marks.jumped = frozenset(self.jumped_cells())
        for cell in self.camera_doubt():  # squares the camera named, while in doubt
            marks.extra[cell] = theme.WARN
        for cell in self.picker.cells if self.picker is not None else ():
            marks.extra[cell] = theme.ACCENT
        checked = self.king_in_check()
        if checked is not None:
            marks.extra[checked] = theme.DANGER
        if self.drag is not None and self.drag.moved:
            marks.hidden = self.drag.origin
            marks.drag = (self.drag.origin, self.drag.pos)
        return marks

    def lost_pieces(self) -> tuple[list[Any], list[Any]]:
        """White's and Black's captured pieces (see :mod:`.captures`), cached per position."""
        key = (len(self.session.history), self.session.position.fen())
        if getattr(self, "_lost_key", None) != key:
            self._lost = lost_pieces(self.session, self._census_cache)
            self._lost_key = key
        return self._lost

    def _jumping(self) -> bool:
        piece = self.board_position().piece_at(self.entered[0]) if self.entered else None
        return piece is not None and piece.kind == "man"

    def jumped_cells(self) -> list[str]:
        """The pieces the squares entered so far jump: the cell between each two landings."""
        g = self.session.variant.geometry
        out = []
        for a, b in zip(self.entered, self.entered[1:]):
            (fa, ra), (fb, rb) = g.coord(g.index(a)), g.coord(g.index(b))
            if abs(fa - fb) == 2 and abs(ra - rb) in (0, 2) or abs(ra - rb) == 2 and fa == fb:
                middle = g.at((fa + fb) // 2, (ra + rb) // 2)
                if middle is not None and self.board_position().piece_at(g.name(middle)) is not None:
                    out.append(g.name(middle))
        return out

    def king_in_check(self) -> str | None:
        """The cell of the side to move's King when a game with check has it in check."""
        pos = self.board_position()
        is_check = getattr(pos, "is_check", None)
        if is_check is None or self.session.result is not None or not pos.royals[pos.side] or not is_check():
            return None
        return pos.geometry.name(next(iter(pos.royals[pos.side])))

    def side_name(self, color: Color) -> str:
        return self.t(self.side_keys[int(color)])

    def title(self) -> str:
        return self.t(f"game.{self.session.game}")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        pos = self.session.position
        panel.draw_header(self, surface, self.title(), self.camera_rect().x)
        if self.move_number_in_header():
            draw_text(surface, self.t("board.move_number", n=pos.fullmove),
                      (self.camera_rect().x - self.u(12), self.header_h // 2), self.u(20), theme.MUTED, "midright")
        self.view.draw(surface, self.board_position(), self.marks())
        p = self.panel
        self.draw_panel_top(surface, pygame.Rect(p.x, p.y, p.width, self.panel_top()))
        panel.draw_status(self, surface, pygame.Rect(p.x, p.y + self.panel_top(), p.width, self.status_h()))
        panel.draw_captures(self, surface, self.captures_rect())
        panel.draw_history(self, surface, self.history_rect())
        for b in self.buttons:
            b.draw(surface)
        if self.overlay_buttons:
            panel.draw_overlay(self, surface)
            self.draw_camera_question(surface)

    def draw_panel_top(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pass

    def move_number_in_header(self) -> bool:
        """Whether "Mossa 12" fits between the title and the camera button (else the history's
        heading carries it: a portrait display)."""
        w = self.size[0]
        title_right = w // 2 + theme.font(self.u(28), True).size(self.title())[0] // 2
        number = theme.font(self.u(20)).size(self.t("board.move_number", n=self.session.position.fullmove))[0]
        return self.camera_rect().x - self.u(12) - number >= title_right + self.u(12)

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        result = self.session.result or self.session.outcome_result()
        if result is not None:
            return panel.outcome_text(self, result), theme.ACCENT
        return self.to_move_text(self.side_to_move()), theme.TEXT

    def to_move_text(self, color: Color) -> str:
        return self.t("board.to_move", side=self.side_name(color))

    def lang(self) -> str:
        """The screen's language, for the move notation's piece letters."""
        return str(getattr(self.app.t, "lang", "it"))

    def history_lines(self) -> list[str]:
        lines: list[str] = []
        for h in self.session.history:
            text = self.t(f"board.history.{h.text}") if h.text in panel.HISTORY_NOTES else h.shown(self.lang())
            if h.color == Color.WHITE or not lines:
                prefix = f"{h.number}." if h.color == Color.WHITE else f"{h.number}…"
                lines.append(f"{prefix} {text}")
            else:
                lines[-1] += f"  {text}"
        return lines
