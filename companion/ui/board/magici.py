"""The Scacchi Magici board: the position entered by touch, beside the referee station's panel.

The Magici home tile and hub belong to the referee station (``companion.ui.magici``), which
opens this screen from its own screens, and resumes it with its own match: this module
registers no home tile and no resume entry (a board match on its own at start-up would be
offered twice, beside the station's), only the screenshot.

Opening it (see :class:`MagiciBoardScreen`)::

    # a new game from the army builder's start position, with the station beside the board
    screen = MagiciBoardScreen(app, start_fen=army_position.fen(), station=panel)
    # the same board kept in the station's own match (one journal match for the whole game)
    screen = MagiciBoardScreen(app, match=station_match, start_fen=fen, station=panel)
    # resume: the match holds the start position, so no start_fen is needed
    screen = MagiciBoardScreen(app, match=app.journal.match(match_id), station=panel)
    app.push(screen)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from companion.core.journal import MatchLog
from companion.rules import Color
from companion.ui import theme
from companion.ui.board import entry
from companion.ui.board.screen import GameScreen
from companion.rules.session import BoardSession, Option, Reason
from companion.ui.input import Action, Kind
from companion.ui.registry import register_screen

if TYPE_CHECKING:
    from companion.app import App

BOARD_GAME = "magici-board"  # the journal's game name for a board match of its own
TEAM_COMMANDS = ("white", "black", "white2", "black2")  # board 1's and board 2's team buttons
TIME_UP = {"result": "1/2-1/2", "winner": None, "termination": "time"}  # section 3: a draw
STATION_PANEL_H = 170


class StationPanel(Protocol):
    """What the board asks of the referee station (only ``draw_panel`` and ``on_move`` are
    required; the others are looked up with ``getattr`` and may be left out)."""

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...
    def on_move(self, move_text: str, fen: str, by: str = "") -> None: ...  # by: as the journal's
    # optional: refuse_move(color) -> str | None (why that side may not move now),
    # handle_panel(action) -> bool, on_undo(fen) -> None, update(dt_ms) -> None,
    # wake_in_ms() -> int | None, side_names() -> tuple[str, str],
    # handle_command(action) -> bool (the teams' ``white`` / ``black`` buttons)


class MagiciBoardScreen(GameScreen):
    """A Scacchi Magici board with an optional referee-station panel beside it.

    - ``match=None``: a new game in a match of its own (``game="magici-board"``) from
      ``start_fen`` (the army builder's position; the chess start if ``None``).
    - ``match=<MatchLog>``: the board is kept in that match. If the match already holds a
      board start (its meta, or a ``board_start`` event) the game is resumed from it and
      ``start_fen`` is ignored; otherwise a ``board_start`` event with ``start_fen`` is
      appended (so the station may share its own match: the board only replays its own event
      kinds, and its undo refuses to take back a station event).
    - ``station``: the station's panel (:class:`StationPanel`). Its ``draw_panel(surface,
      rect)`` is called on every frame with :attr:`station_rect` (the top of the right-hand
      column, 164 px high on the 800×480 panel, scaled with the screen elsewhere); taps inside that rect go to ``handle_panel(action)``; after each
      move ``on_move(move_text, fen_after)`` is called (``"e2e4"``, the engine's text), after
      an undo or redo ``on_undo(fen)``; ``update(dt_ms)`` and ``wake_in_ms()`` are passed
      through so the station's clocks keep running while the board is shown;
      ``side_names()`` may return the two Houses' names for the turn line;
      ``handle_command(action)`` gets the teams' ``white`` / ``black`` commands (keys A / L, the
      GPIO team buttons), which end that team's move at the station as on its timer screen.
      When the station passes the turn on time it calls :meth:`pass_turn` (the board records
      the pass); when the 20 minutes run out, :meth:`end_on_time` (the board game ends drawn).
    """

    name = "magici-board"

    def __init__(self, app: "App", match: MatchLog | None = None, start_fen: str | None = None,
                 station: Any = None) -> None:
        if match is None:
            session = BoardSession.new(app.journal, "magici", start_fen, journal_game=BOARD_GAME)
        else:
            session = BoardSession.open(match, game="magici", start_fen=start_fen)
        self.station = station
        super().__init__(app, session)

    # -- the station's panel ------------------------------------------------------------------
    def panel_top(self) -> int:
        return self.u(STATION_PANEL_H) if self.station is not None else 0

    @property
    def station_rect(self) -> pygame.Rect:
        p = self.panel
        return pygame.Rect(p.x, p.y, p.width, self.u(STATION_PANEL_H - 6))

    def draw_panel_top(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.station is not None:
            self.station.draw_panel(surface, self.station_rect)

    def handle(self, action: Action) -> bool:
        if action.kind is Kind.COMMAND and action.name in TEAM_COMMANDS:
            team = getattr(self.station, "handle_command", None)
            if team is not None:  # a team's button ends its move at the station, whatever is open here
                team(action)
                self.dirty = True
                return True
        handler = getattr(self.station, "handle_panel", None)
        if handler is not None and not self.overlay_buttons and action.pos is not None \
                and self.station_rect.collidepoint(action.pos) and handler(action):
            self.dirty = True
            return True
        return super().handle(action)

    def update(self, dt_ms: int) -> None:
        update = getattr(self.station, "update", None)
        if update is not None:
            update(dt_ms)
            self.dirty = True

    def wake_in_ms(self) -> int | None:
        wake = getattr(self.station, "wake_in_ms", None)
        return wake() if wake is not None else None

    def side_name(self, color: Color) -> str:
        names = getattr(self.station, "side_names", None)
        if names is not None:
            return str(names()[int(color)])
        return super().side_name(color)

    def to_move_text(self, color: Color) -> str:
        if getattr(self.station, "side_names", None) is not None:  # a House's name, no article
            return self.t("board.to_move_name", side=self.side_name(color))
        return super().to_move_text(color)

    # -- what a spell binds -------------------------------------------------------------------
    def _obligation(self) -> Any:
        find = getattr(self.station, "obligation", None)
        return find(self.session.position.turn) if find is not None else None

    def options(self) -> list[Option]:
        """The moves the rules allow, less those a spell cast this turn forbids (the named piece
        must move, the forced piece must capture the caster, the frozen mover stays). When the
        spell leaves none (recorded without the board, so never checked against it), the
        rules' moves are kept: the referee rules."""
        options = self.session.options()
        obligation = self._obligation()
        if obligation is None:
            return options
        bound = [o for o in options if obligation.allows(o.cells[0], o.cells[-1])]
        return bound or options

    def explain(self, cells: list[str]) -> Reason:
        obligation = self._obligation()
        if obligation is not None:
            free = self.session.options()
            if len(cells) == 1:
                rules_allow = any(o.cells[0] == cells[0] for o in free)
            else:
                rules_allow = cells[-1] in entry.next_cells(free, cells[:-1])
            if rules_allow:
                return Reason("magici.board.spell_binds",
                              {"rule": self.station.obligation_text(obligation)})
        return super().explain(cells)

    def binding_rule(self) -> str:
        obligation = self._obligation()
        return self.station.obligation_text(obligation) if obligation is not None else ""

    # -- telling the station ------------------------------------------------------------------
    def move_refusal(self) -> str | None:
        """Why the station refuses a move on this board now (the clocks not started or stopped,
        the other team on move), None when it takes one."""
        refuse = getattr(self.station, "refuse_move", None)
        return (refuse(self.session.position.turn) or None) if refuse is not None else None

    def play(self, option, by: str = "") -> None:  # type: ignore[no-untyped-def]
        reason = self.move_refusal()
        if reason:  # the clock has the other team on move (or is stopped): the board agrees with it
            self.say(reason, "warn")
            self.app.play("error")
            self.entered = []
            self.layout()
            self.dirty = True
            return
        before = len(self.session.history)
        super().play(option, by=by)
        if self.station is not None and len(self.session.history) > before:
            self.station.on_move(self.session.history[-1].text, self.session.position.fen(),
                                 by=by)

    def undo(self) -> None:
        last = self.session.last_board_event()
        if last is not None and not self.session.can_undo():
            self.say(self.t("board.undo_at_station"), "warn")
            return
        super().undo()
        self._told_undo()

    def redo(self) -> None:
        super().redo()
        self._told_undo()

    def _told_undo(self) -> None:
        on_undo = getattr(self.station, "on_undo", None)
        if on_undo is not None:
            on_undo(self.session.position.fen())

    def pass_turn(self) -> bool:
        """The station calls this when the 30 seconds ran out and the turn passed without a
        move: the board records a pass (the engine's ``push_pass``). False, with the reason
        shown, when the engine refuses (a team in check must get out of check)."""
        from companion.rules.session import RefereeAction, Refused

        try:
            self.session.referee(RefereeAction.PASS_TURN, self.session.position.turn)
        except Refused as exc:
            self.refuse(exc.reason)
            return False
        self.entered = []
        self.close_overlay()  # a promotion choice or the referee menu was the other side's turn
        self.after_change()
        self.layout()
        return True

    def end_on_time(self) -> bool:
        """The station calls this when the 20 minutes ran out: the game is a draw on the board
        too (its ``finish`` event, ``termination`` "time"). False if the board game was over."""
        if self.session.is_over():
            return False
        self.session.match.finish(dict(TIME_UP))  # journaled first, then the board replays it
        self.session.replay()
        self.entered, self.choices = [], None
        self.close_overlay()
        self.after_change()
        self.layout()
        self.dirty = True
        return True

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        result = self.session.result
        if result is not None and result.get("termination") == TIME_UP["termination"]:
            return self.t("board.over.time"), theme.ACCENT
        if result is not None and result.get("termination") == "time_in_check":  # RULES.md section 3
            loser = Color.BLACK if result.get("winner") == "w" else Color.WHITE
            return self.t("board.over.time_in_check", side=self.side_name(loser)), theme.ACCENT
        behind = getattr(self.station, "turns_behind", None)
        n = behind() if behind is not None and result is None else 0
        if n:  # the clock is ahead: the board waits for an entry, and says so (never a bare "Muove")
            return self.tn("magici.board.behind", n, side=self.side_name(self.side_to_move())), theme.ACCENT
        return super().status_line()

    offers_options = False  # the station owns the Magici game's options and start

    def new_session(self, options: dict[str, Any] | None = None) -> BoardSession:
        return BoardSession.new(self.app.journal, "magici", self.session.start_fen, options=options or None,
                                journal_game=BOARD_GAME)

    @property
    def position(self):  # type: ignore[no-untyped-def]
        """The current position (the station's spell queries read it; do not push to it)."""
        return self.session.position


def _demo(app: "App") -> MagiciBoardScreen:
    """An army-builder start (12 points a side) and a few moves, a Pawn already turned."""
    from companion.rules.magici_army import build_army

    start = build_army({"d1": "Q", "a1": "R", "h1": "R", "e2": "P", "d2": "P", "f2": "P", "g2": "P"},
                       {"d8": "queen", "c8": "bishop", "f8": "bishop", "e7": "pawn", "d7": "pawn"}).fen()
    screen = MagiciBoardScreen(app, start_fen=start)
    for move in ("e2e4", "d7d5", "e4d5", "c8g4", "d5d6", "g4f5", "d6e7", "f5e4", "e7f8"):
        screen.session.play_text(move)
    screen.layout()
    screen.select("d8")
    return screen


register_screen("magici-board", _demo)
