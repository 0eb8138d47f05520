"""The match tracker: score, half, turn, whose move, both sides' MP, and every action.

Left: the lattice board (positional mode: place and move by touch, with each move's path and
cost before confirming) or the MP pad (counting mode: "spend N MP" by hand). Right: the
status cards and the buttons of the current phase (kick-off, rolls, moves, shot, full time).
Header: back, the score, undo and export.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from companion.chessball.events import IllegalEvent
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import Mode, Phase
from companion.ui import theme
from companion.chessball.lattice import LAST, Point
from companion.ui.chessball.board import BoardView, Magnifier
from companion.ui.chessball.board_play import MoveChoice, Placement
from companion.ui.chessball.common import SIDE_COLOURS, ChessBallScreen
from companion.ui.chessball.rolls import MovementRollScreen, TackleScreen, roll_pending
from companion.chessball.session import Session
from companion.ui.chessball.shot import ShotScreen
from companion.ui.chessball.substitution import SubstitutionScreen
from companion.ui.chessball.tracker_draw import draw_tracker
from companion.ui.input import TAP_SLOP, Action, Kind
from companion.ui.screen import HEADER_H
from companion.ui.widgets import MIN_TOUCH, Button, same_size

SPEND_KEYS = tuple(range(1, 13))


class TrackerScreen(ChessBallScreen):
    """Native: the board takes the whole height under the header (its points 56 px apart on a
    1920×1080 display, so no magnifier is needed there), the panel the rest of the width."""

    name = "chessball-tracker"
    native = True

    def __init__(self, app: Any, session: Session) -> None:
        super().__init__(app, session)
        self.board = BoardView(pygame.Rect(0, HEADER_H, 424, 424))  # placed for the display in layout()
        self.choice = MoveChoice()
        self.placement: Placement | None = None
        self.goal_menu = False
        self._press: tuple[tuple[int, int], tuple[int, int] | None] | None = None  # (pixel, point)
        self._state_seen = session.state
        self.drag_ghost: tuple[Side, PieceKind, tuple[int, int]] | None = None  # a piece under the finger
        self.magnifier: Magnifier | None = None  # open when a tap fell between points closer than a finger

    @property
    def positional(self) -> bool:
        return self.session.mode is Mode.POSITIONAL

    def enter(self) -> None:
        super().enter()
        self.show_side_to_move()

    # -- buttons ------------------------------------------------------------------------------
    # -- geometry -----------------------------------------------------------------------------
    def _label_w(self, label: str, size: int) -> int:
        """A header button just wide enough for its label (never under a finger's 48 px)."""
        return max(self.u(48), theme.font(size, True).size(label)[0] + self.u(22))

    @property
    def panel(self) -> pygame.Rect:
        """The right-hand column: cards, prompt, buttons (x 436, 356 wide on the 800×480 panel)."""
        w, h = self.size
        x = self.board.rect.right + self.u(12)
        return pygame.Rect(x, self.header_h, w - x - self.u(8), h - self.header_h)

    def cell(self, col: int, row: int, span: int = 1) -> pygame.Rect:
        """A button place in the panel: 2 columns, 3 rows anchored at the bottom."""
        panel = self.panel
        gap = self.u(8)
        col_w = (panel.width - gap) // 2
        y = panel.bottom - self.u(68) * (3 - row)
        return pygame.Rect(panel.x + col * (col_w + gap), y, col_w * span + gap * (span - 1), self.u(62))

    def _place_board(self) -> None:
        _, h = self.size
        side = h - self.header_h
        if self.board.rect.size != (side, side) or self.board.rect.y != self.header_h:
            self.board = BoardView(pygame.Rect(0, self.header_h, side, side))
            self.magnifier = None

    def layout(self) -> None:
        self._place_board()
        s = self.state
        if s is not self._state_seen:  # changed elsewhere (a sub-screen, an undo): a stale choice goes
            self._state_seen = s
            self.choice.clear()
            self.goal_menu = False
            self.magnifier = None
        if s.phase is not Phase.KICKOFF:
            self.placement = None
        elif self.positional and self.placement is None:
            self.placement = Placement.suggested(s)
        u, w = self.u, self.size[0]
        back = self.back_button()
        back.rect.width = min(back.rect.width, self._label_w(back.label, back.size))

        def header_button(label: str, action: Callable[[], None], right: int, **kw: Any) -> Button:
            width = self._label_w(label, u(18))
            return Button(pygame.Rect(right - width, u(4), width, u(48)), label, action, size=u(18),
                          color=theme.PANEL_HI, **kw)

        export = header_button(self.t("cb.export"), self.export, w - u(8))
        undo = header_button("↶ " + self.t("cb.undo"), self.undo, export.rect.x - u(6),
                             enabled=self.session.can_undo())
        history = header_button(self.t("cb.history"), self.open_history, 0)  # words, not a bare icon
        history.rect.x = back.rect.right + u(6)
        self.buttons = [back, history, undo, export]
        first = len(self.buttons)
        getattr(self, f"_layout_{s.phase.value}")()
        same_size(self.buttons[first:])  # one text size across the panel's buttons
        if not self.positional and s.phase is Phase.MOVES:
            pad = self.board.rect
            key_w = (pad.width - u(28) - 3 * u(8)) // 4
            for i, n in enumerate(SPEND_KEYS):
                rect = pygame.Rect(pad.x + u(14) + (i % 4) * (key_w + u(8)), pad.y + u(94) + (i // 4) * u(80), key_w,
                                   u(72))
                self.buttons.append(Button(rect, f"−{n}", self._spender(n), size=u(30),
                                           enabled=n <= s.movement_points[s.side_to_move or Side.WHITE]))

    def _add(self, col: int, row: int, label: str, on_tap: Callable[[], None], size: int = 22, span: int = 1,
             **kw: Any) -> None:
        """A button in the panel's grid (``size`` in 800×480 design pixels)."""
        self.buttons.append(Button(self.cell(col, row, span), label, on_tap, size=self.u(size), **kw))

    def _layout_kickoff(self) -> None:
        self._add(0, 0, self.t("cb.kickoff.confirm", side=self.side(self.state.kickoff_side)), self.kickoff,
                  span=2, primary=True)
        if self.positional:
            self._add(0, 1, self.t("cb.kickoff.reset"), self.reset_placement, size=20, span=2)

    def _layout_rolls(self) -> None:
        s = self.state
        for col, side in enumerate(Side):
            rolled = s.rolls[side] is not None
            self._add(col, 0, "⚄ " + self.side(side), self._roller(side), size=24, primary=not rolled,
                      enabled=not rolled, sublabel=self.t("cb.rolls.app"))
            self._add(col, 1, self.t("cb.rolls.typed"), self._typer(side), size=20, enabled=not rolled,
                      sublabel=self.t("cb.rolls.typed_hint"))

    def _layout_moves(self) -> None:
        if self.goal_menu:
            for col, side in enumerate(Side):
                self._add(col, 1, self.t("cb.goal_for", side=self.side(side)), self._goal(side), size=20,
                          color=SIDE_COLOURS[side])
            self._add(0, 2, self.t("common.cancel"), self._close_goal_menu, size=20, span=2)
            return
        if self.positional:
            c = self.choice
            label = self.t("cb.confirm_cost", n=c.preview.cost) if c.preview else self.t("cb.confirm")
            self._add(0, 0, label, self.confirm, primary=True, enabled=c.preview is not None)
            self._add(1, 0, self.t("cb.clear_choice"), self.clear_choice, size=20, enabled=c.selected is not None)
        else:
            self._add(0, 0, self.t("cb.end_move"), self.end_move, primary=True)
        # a shot, a pass, a tackle or a substitution is a whole move: not once MP are spent in it
        fresh = self.state.move_spent == 0
        if not self.positional:
            self._add(1, 0, self.t("cb.shot"), self.open_shot, enabled=fresh)
        self._add(0, 1, self.t("cb.pass_move"), self.pass_move, enabled=fresh)
        self._add(1, 1, self.t("cb.tackle"), self.open_tackle, enabled=fresh)
        self._add(0, 2, self.t("cb.substitution"), self.open_substitution, size=20, enabled=fresh)
        if self.positional:
            on = self.t("common.yes") if self.choice.with_ball else self.t("common.no")
            self._add(1, 2, self.t("cb.with_ball"), self.toggle_ball, size=20, sublabel=on,
                      enabled=self.choice.can_take_ball(self.state), selected=self.choice.with_ball)
        else:
            self._add(1, 2, self.t("cb.goal_menu"), self._open_goal_menu, size=20)

    def _layout_keeper_roll(self) -> None:
        self._add(0, 0, self.t("cb.keeper_open"), self.open_shot, span=2, primary=True)

    _layout_direction_roll = _layout_keeper_roll

    def _layout_full_time(self) -> None:
        self._add(0, 0, self.t("cb.new_match"), self.new_match, span=2, primary=True)
        self._add(0, 1, self.t("cb.home"), self.app.home, size=20, span=2)

    def refresh(self) -> None:
        self.layout()
        self.dirty = True

    # -- actions ------------------------------------------------------------------------------
    def submit(self, event: Any) -> bool:
        ok = super().submit(event)
        self.choice.clear()
        self.goal_menu = False
        self.refresh()
        return ok

    def kickoff(self) -> None:
        event = self.placement.event() if self.placement is not None else {"kind": "kickoff"}
        if self.submit(event):
            self.message = self.t("cb.kickoff.done", side=self.side(self.state.kickoff_side))

    def reset_placement(self) -> None:
        self.placement = Placement.suggested(self.state)
        self.refresh()

    def _roller(self, side: Side) -> Callable[[], None]:
        def roll() -> None:
            if self.state.phase is not Phase.ROLLS or self.state.rolls[side] is not None:
                return
            faces = list(self.app.dice.roll(3).faces)
            self.app.play("roll")
            if self.submit({"kind": "roll", "side": side.value, "faces": faces}):
                self.message = self.t("cb.roll.done", side=self.side(side), n=sum(faces),
                                      faces="+".join(map(str, faces)))
        return roll

    def _typer(self, side: Side) -> Callable[[], None]:
        def open_typer() -> None:
            self.app.push(MovementRollScreen(self.app, self.session, side))
        return open_typer

    def _spender(self, n: int) -> Callable[[], None]:
        def spend() -> None:
            side = self.state.side_to_move
            if side is not None:
                self.submit({"kind": "spend", "side": side.value, "mp": n})
        return spend

    def end_move(self) -> None:
        side = self.state.side_to_move
        if side is not None:
            self.submit({"kind": "end_move", "side": side.value})

    def team_button(self, side: Side) -> None:
        """A team's clock button: "my move is done" (end it, or pass it if nothing was spent;
        on the board: confirm the move shown). The other team's button does nothing."""
        s = self.state
        if side is not s.side_to_move:
            self.app.play("error")
            self.message, self.message_is_error = self.t("cb.not_your_button", side=self.side(side)), True
            self.dirty = True
            return
        if self.positional:
            self.confirm() if self.choice.preview is not None else self.pass_move()
        elif s.move_spent:
            self.end_move()
        else:
            self.pass_move()

    def pass_move(self) -> None:
        side = self.state.side_to_move
        if side is not None:
            self.submit({"kind": "pass_move", "side": side.value})

    def _open_goal_menu(self) -> None:
        self.goal_menu = True
        self.refresh()

    def _close_goal_menu(self) -> None:
        self.goal_menu = False
        self.refresh()

    def _goal(self, side: Side) -> Callable[[], None]:
        def score() -> None:
            self.submit({"kind": "goal", "side": side.value})
        return score

    def confirm(self) -> None:
        c = self.choice
        if c.preview is None:
            return
        if self.submit(c.preview.event) and self.state.phase is Phase.KEEPER_ROLL:
            self.open_shot()

    def clear_choice(self) -> None:
        self.choice.clear()
        self.refresh()

    def toggle_ball(self) -> None:
        self.choice.toggle_ball(self.session)
        self.refresh()

    def open_shot(self) -> None:
        self.app.push(ShotScreen(self.app, self.session))

    def open_tackle(self) -> None:
        s = self.state
        side = s.side_to_move
        if side is None:
            return
        extra: dict[str, Any] = {}
        if self.positional and s.ball is not None:
            mine = s.pieces_next_to_ball(side)
            theirs = s.pieces_next_to_ball(side.other)
            if self.choice.selected in [p for p, _ in mine]:
                extra["piece"] = list(self.choice.selected)  # type: ignore[arg-type]
            holder = next((p for p, pc in theirs if pc.uid == s.holder), None)
            if holder is not None:
                extra["against"] = list(holder)
            elif len(theirs) > 1:  # a loose ball among several opponents (all next to it): one contests it
                extra["against"] = list(min(p for p, _ in theirs))
        # Checked first with a throw that cannot tie, so an impossible tackle is refused here.
        probe = {"kind": "tackle", "side": side.value, "throws": [{"white": [6, 6, 6], "black": [1, 1, 1]}], **extra}
        try:
            self.session.probe(probe)
        except IllegalEvent as exc:  # shown, and no roller opened
            self.refuse(exc)
            return
        self.app.push(TackleScreen(self.app, self.session, extra))

    def open_substitution(self) -> None:
        at = None
        if self.positional and self.choice.selected is not None and not self.choice.ball_selected:
            at = self.choice.selected
        self.app.push(SubstitutionScreen(self.app, self.session, at=at))

    def export(self) -> None:
        try:
            path = self.session.export(self.app.config.data_dir / "exports")
        except OSError as exc:
            self.app.play("error")
            self.app.show_banner(self.t("cb.export_failed", error=str(exc)))
            return
        self.app.show_banner(self.t("cb.exported", path=str(path)), level="info")

    def open_history(self) -> None:
        from companion.ui.chessball.history import HistoryScreen

        self.app.push(HistoryScreen(self.app, self.session))

    def new_match(self) -> None:
        from companion.ui.chessball.setup import SetupScreen

        self.app.replace(SetupScreen(self.app))

    # -- input --------------------------------------------------------------------------------
    def handle(self, action: Action) -> bool:
        s = self.state
        if action.kind is Kind.COMMAND:
            name = action.name
            if name == "undo":
                self.undo()
                return True
            if s.phase is Phase.ROLLS and name in ("white", "black", "roll"):
                pending = roll_pending(s)
                side = Side(name) if name != "roll" else (pending[0] if pending else None)
                if side is not None:
                    self._roller(side)()
                return True
            if s.phase in (Phase.KEEPER_ROLL, Phase.DIRECTION_ROLL) and name in ("roll", "ok"):
                self.open_shot()
                return True
            if s.phase is Phase.MOVES and name in ("white", "black"):
                self.team_button(Side(name))
                return True
            if name == "ok":
                if s.phase is Phase.KICKOFF:
                    self.kickoff()
                elif s.phase is Phase.MOVES:
                    self.confirm() if self.positional else self.end_move()
                return True
        if (action.kind is Kind.TEXT and action.name.isdigit() and action.name != "0" and not self.positional
                and s.phase is Phase.MOVES):
            self._spender(int(action.name))()  # a keyboard beside the board: 1-9 spends that many MP
            return True
        if self.magnifier is not None and action.kind is Kind.COMMAND and action.name == "back":
            self.magnifier, self.dirty = None, True
            return True
        if self.positional and action.pos is not None and (
                self.board.rect.collidepoint(action.pos) or (action.kind is Kind.RELEASE and self._press is not None)
                or self.magnifier is not None):
            if self.magnifier is not None and not self.board.rect.collidepoint(action.pos) \
                    and action.kind is Kind.TAP:
                self.magnifier, self.dirty = None, True  # a tap beside the board closes it, nothing else
                return True
            return self._board_touch(action)
        return super().handle(action)

    # -- what a touch on the lattice means ------------------------------------------------------
    def meaningful(self, p: Point) -> bool:
        """Whether a tap on ``p`` would do something now (select, aim at a legal destination,
        place a piece legally); a tap that would only be refused is not."""
        s = self.state
        if s.phase is Phase.KICKOFF and self.placement is not None:
            trial = Placement(dict(self.placement.pieces), self.placement.selected)
            trial.tap(p)
            if trial.pieces == self.placement.pieces:
                return trial.selected != self.placement.selected
            try:
                self.session.probe(trial.event())
            except IllegalEvent:
                return False
            return True
        if s.phase is Phase.MOVES and not self.goal_menu:
            trial = dataclasses.replace(self.choice)
            trial.tap(self.session, p)
            if trial.refusal is not None:
                return False

            def key(c: MoveChoice) -> tuple[Any, ...]:
                return (c.selected, c.ball_selected, c.target, c.ball_target, c.with_ball)
            return key(trial) != key(self.choice)
        return False

    def resolve_tap(self, pos: tuple[int, int]) -> Point | str | None:
        """The point a tap means: the meaningful point near the finger; ``"magnify"`` when two
        of them are closer together than a finger; the nearest point when none is meaningful
        (so the refusal says why); None off the board."""
        nearest = self.board.snap(pos)
        if nearest is None:
            return None
        reach = 1.6 * self.board.spacing
        near = []
        for x in range(max(0, nearest[0] - 2), min(LAST, nearest[0] + 2) + 1):
            for y in range(max(0, nearest[1] - 2), min(LAST, nearest[1] + 2) + 1):
                px, py = self.board.to_pixel((x, y))
                d = ((px - pos[0]) ** 2 + (py - pos[1]) ** 2) ** 0.5
                if d <= reach and self.meaningful((x, y)):
                    near.append((d, (x, y)))
        if not near:
            return nearest
        near.sort()
        best = near[0][1]
        bx, by = self.board.to_pixel(best)
        for _, q in near[1:]:
            qx, qy = self.board.to_pixel(q)
            if (qx - bx) ** 2 + (qy - by) ** 2 < MIN_TOUCH ** 2:
                return "magnify"
        return best

    def _tap_point(self, p: Point) -> bool:
        s = self.state
        if s.phase is Phase.KICKOFF and self.placement is not None:
            self.placement.tap(p)
            self._after_placement()
            return True
        if s.phase is Phase.MOVES and not self.goal_menu:
            self.choice.tap(self.session, p)
            self._after_choice()
            return True
        return False

    def _board_touch(self, action: Action) -> bool:
        if self.magnifier is not None:  # the enlarged lattice takes the touches until a point is chosen
            if action.kind is Kind.TAP:
                p = self.magnifier.point_at(action.pos)  # type: ignore[arg-type]
                self.magnifier = None
                self.dirty = True
                if p is not None:
                    self._tap_point(p)
            self._press = None
            return True
        p = self.board.snap(action.pos)  # type: ignore[arg-type]
        s = self.state
        if action.kind is Kind.PRESS:
            self._press = (action.pos, p)  # type: ignore[assignment]
            return False
        if action.kind is Kind.MOVE:
            return self._drag_over(p)
        if action.kind is Kind.RELEASE:
            if self.drag_ghost is not None:
                self.drag_ghost, self.dirty = None, True
            press, self._press = self._press, None
            if press is None:
                return False
            (px, py), start = press
            dragged = (action.pos[0] - px) ** 2 + (action.pos[1] - py) ** 2 > TAP_SLOP ** 2  # type: ignore[index]
            if not dragged or start is None or p is None or p == start:
                return False  # a tap: the TAP action that follows handles it
            if s.phase is Phase.MOVES:
                self.choice.drag(self.session, start, p)
                self._after_choice()
                return True
            if self.placement is not None:
                self.placement.selected = None
                self.placement.tap(start)
                self.placement.tap(p)
                self._after_placement()
                return True
            return False
        if action.kind is not Kind.TAP or p is None:
            return False
        if not ((s.phase is Phase.KICKOFF and self.placement is not None)
                or (s.phase is Phase.MOVES and not self.goal_menu)):
            return False
        meant = self.resolve_tap(action.pos)  # type: ignore[arg-type]
        if meant == "magnify":
            self.magnifier = Magnifier(self.board, p)
            self.magnifier.marked = [q for q in self.magnifier.points() if self.meaningful(q)]  # once, not per frame
            self.dirty = True
            return True
        if meant is None:
            return False
        return self._tap_point(meant)  # type: ignore[arg-type]

    def _drag_over(self, p: tuple[int, int] | None) -> bool:
        """While a finger drags a piece, a faint copy of it follows (snapped to the lattice)."""
        if self._press is None or p is None:
            return False
        start = self._press[1]
        piece: tuple[Side, PieceKind] | None = None
        if self.placement is not None and start in self.placement.pieces:
            piece = self.placement.pieces[start]
        elif self.state.phase is Phase.MOVES and start in self.state.board:
            pc = self.state.board[start]
            if pc.side is self.state.side_to_move:
                piece = (pc.side, pc.kind)
        ghost = (piece[0], piece[1], p) if piece is not None and p != start else None
        if ghost != self.drag_ghost:
            self.drag_ghost = ghost
            self.dirty = True
            return True
        return False

    def _after_choice(self) -> None:
        c = self.choice
        if c.refusal is not None:
            self.message, self.message_is_error = self.reason(Exception(c.refusal)), True
        else:
            self.message = ""
        self.refresh()

    def _after_placement(self) -> None:
        assert self.placement is not None
        try:
            self.session.probe(self.placement.event())
            self.message, self.message_is_error = "", False
        except IllegalEvent as exc:
            self.message, self.message_is_error = self.reason(exc), True
        self.refresh()

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_tracker(self, surface)

