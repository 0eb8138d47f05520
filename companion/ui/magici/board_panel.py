"""The referee station beside the touch board (:mod:`companion.ui.board.magici`).

The board keeps its moves in a match of its own (game ``magici-board``): its ``finish`` event
is the board's, in another format than the station's result, so the two never share a match.
The station's match records which board match belongs to it with a ``board_link`` event
(found among all its events, undone or not, so an undo at the station never loses the board).

A move entered on the board ends the move on the station too, when the station still has the
mover on move (a team that pressed its button first is not ended twice); a capture on the
board is recorded for the tie-breaks. The spell form reads the board's position, so the rules
engine decides the spell and lists the moves it leaves.

The other way round: the teams' buttons (``white`` / ``black``) pressed while the board is
shown reach the timer screen, which ends the move with its usual refusals and lock-out; a turn
the station passes on time is passed on the board too (a ``--`` in the PGN), and the 20
minutes running out end the board game as a draw (:meth:`BoardPanel.follow_station`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from companion.magici.model import PieceKind, ResultKind, Side
from companion.magici.timing import EndSource
from companion.rules import Color
from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.magici.common import clock_text, dim, house_rgb, seconds_text
from companion.ui.widgets import draw_text

if TYPE_CHECKING:
    from companion.ui.magici.timer import TimerScreen

BOARD_LINK = "board_link"


def linked_board_id(log: Any) -> int | None:
    """The board match of a station's match, if one was opened."""
    for event in reversed(log.events()):
        if event.kind == BOARD_LINK:
            return int(event.data["match"])
    return None


def board_position(app: Any, log: Any) -> Any:
    """The current position of the station's board, replayed from its match (None: no board)."""
    match_id = linked_board_id(log)
    if match_id is None:
        return None
    try:
        from companion.ui.board.session import BoardSession

        return BoardSession.open(app.journal.match(match_id), game="magici").position
    except Exception:  # the board module missing or its match unreadable: no position
        return None


def board_follower(timer: "TimerScreen") -> "BoardPanel | None":
    """For a resumed game whose touch board was opened before: a panel with no board screen yet,
    so the turns lost on time (while the app was off, too) are passed on the board's game before
    the board is shown again. None if the game has no board."""
    return BoardPanel(timer, "") if linked_board_id(timer.log) is not None else None


def _pass_quietly(session: Any, mover: Color) -> None:
    """A pass written straight into the board's game (no board screen to show it)."""
    from companion.ui.board.session import RefereeAction, Refused

    try:
        session.referee(RefereeAction.PASS_TURN, mover)
    except Refused:  # a team in check cannot pass: the referee sorts it out on the board
        pass


def _army_counts(fen: str, white: bool) -> Counter[str]:
    board = fen.split(" ")[0]
    return Counter(c.upper() for c in board if c.isalpha() and c.isupper() == white)


def captured_kind(before_fen: str, after_fen: str, victim: Side) -> PieceKind | None:
    """The piece of ``victim`` that disappeared between two positions, if any.

    >>> captured_kind("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1", Side.BLACK)
    <PieceKind.PAWN: 'P'>
    """
    lost = _army_counts(before_fen, victim is Side.WHITE) - _army_counts(after_fen, victim is Side.WHITE)
    for letter in lost:
        try:
            return PieceKind(letter)
        except ValueError:
            return None
    return None


class BoardPanel:
    """What :class:`~companion.ui.board.magici.MagiciBoardScreen` calls on the station."""

    def __init__(self, timer: "TimerScreen", fen: str) -> None:
        self.timer = timer
        self.last_fen = fen
        self.board: Any = None  # the board screen this panel sits on (set by the timer)
        self.passes_seen = len(timer.station.state.passed_turns)
        self.time_up_followed = timer.station.state.over

    # -- the board's questions ------------------------------------------------------------------
    def side_names(self) -> tuple[str, str]:
        st = self.timer.station.state
        return st.white.name, st.black.name

    def update(self, dt_ms: int) -> None:
        self.timer.update(dt_ms)

    def wake_in_ms(self) -> int | None:
        return self.timer.wake_in_ms()

    def on_move(self, move_text: str, fen: str) -> None:
        mover = Side.BLACK if fen.split(" ")[1] == "w" else Side.WHITE
        station = self.timer.station
        st = station.state
        captured = captured_kind(self.last_fen, fen, mover.other)
        self.last_fen = fen
        if st.running and st.on_move is mover:
            outcome = station.end_move(mover, EndSource.TAP, captured=captured)
            self.timer._outcome(outcome)
            if not outcome and self.board is not None:  # e.g. within the lock-out: the clock did not stop
                self.board.say(self.timer.message, "warn")

    def on_undo(self, fen: str) -> None:
        self.last_fen = fen
        self.timer._say(self.timer.t("magici.board.undone"), warn=True)

    def handle_command(self, action: Action) -> bool:
        """A team's button on the board: the timer screen ends that team's move (or refuses it:
        not on move, locked out), and a refusal is said on the board."""
        timer = self.timer
        before = timer.station.state
        timer.handle(action)
        if timer.station.state is before and timer.message_warn and self.board is not None:
            self.board.say(timer.message, "warn")
        return True

    def follow_station(self) -> None:
        """Bring the board up to what the station did by itself: each turn lost on time since
        the last call is a pass on the board (when the board has that side to move: a team
        that entered its move first is not passed), and the game time running out ends the
        board game as a draw."""
        st = self.timer.station.state
        fresh = st.passed_turns[self.passes_seen:]
        self.passes_seen = len(st.passed_turns)  # an undo at the station may shorten them
        time_up = st.result is not None and st.result.kind is ResultKind.DRAW_TIME
        if not fresh and not (time_up and not self.time_up_followed):
            return
        self.time_up_followed = time_up
        board = self.board
        session = board.session if board is not None else self._linked_session()
        if session is None:
            return
        for _turn, side in fresh:
            mover = Color.WHITE if side is Side.WHITE else Color.BLACK
            if session.is_over() or session.position.turn != mover:
                continue
            if board is not None:
                board.pass_turn()
            else:
                _pass_quietly(session, mover)
        if time_up and not session.is_over():
            if board is not None:
                board.end_on_time()
            else:
                from companion.ui.board.magici import TIME_UP

                session.match.finish(dict(TIME_UP))
                session.replay()

    def _linked_session(self) -> Any:
        """The board's game replayed from the journal, when no board screen is open (the station
        resumed after a restart and caught up with the time that passed)."""
        match_id = linked_board_id(self.timer.log)
        if match_id is None:
            return None
        try:
            from companion.ui.board.session import BoardSession

            return BoardSession.open(self.timer.app.journal.match(match_id), game="magici")
        except Exception:  # the board module missing or its match unreadable: nothing to follow
            return None

    def handle_panel(self, action: Action) -> bool:
        if action.kind is Kind.TAP:
            self.timer.end_move(None, EndSource.TAP)
        return action.kind in (Kind.PRESS, Kind.RELEASE, Kind.TAP, Kind.MOVE)

    # -- drawing --------------------------------------------------------------------------------
    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        timer = self.timer
        st, view = timer.station.state, timer.station.view()
        house = st.house_on_move
        rgb = house_rgb(house.colour)
        move_ms = view.move_remaining_ms
        if not st.running:
            bg = theme.PANEL
        elif move_ms <= 5_000:
            bg = (120, 24, 24)
        elif move_ms <= 10_000:
            bg = (130, 84, 10)
        else:
            bg = dim(rgb, 0.35)
        pygame.draw.rect(surface, bg, rect, border_radius=12)
        pygame.draw.rect(surface, rgb, (rect.x, rect.y, 10, rect.height), border_top_left_radius=12,
                         border_bottom_left_radius=12)
        if st.over:
            draw_text(surface, timer.t("magici.timer.result"), rect.center, 30, theme.TEXT, "center", bold=True)
            return
        draw_text(surface, house.name, (rect.x + 20, rect.y + 8), 22, theme.TEXT, bold=True, max_width=rect.width - 30)
        draw_text(surface, seconds_text(move_ms), (rect.x + 20 + 70, rect.y + 96), 90, theme.TEXT, "center",
                  bold=True)
        draw_text(surface, timer.t("magici.timer.game_label"), (rect.right - 14, rect.y + 44), 15, theme.MUTED,
                  "topright")
        draw_text(surface, clock_text(view.game_remaining_ms), (rect.right - 14, rect.y + 62), 36, theme.TEXT,
                  "topright", bold=True)
        if st.paused:
            hint = timer.t("magici.timer.paused")
        elif view.obligation is not None:
            hint = timer._obligation_text(view.obligation)
        else:
            hint = timer.t("magici.board.tap_to_end")
        draw_text(surface, hint, (rect.right - 14, rect.bottom - 10), 15,
                  theme.ACCENT if view.obligation is not None or st.paused else theme.MUTED, "bottomright",
                  max_width=rect.width - 170)
