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

from companion.magici.boards import BOARD_LINK, linked_board_id
from companion.magici.model import PieceKind, ResultKind, Side
from companion.magici.timing import EndSource
from companion.rules import Color
from companion.ui import theme
from companion.ui.input import Action, Kind
from companion.ui.magici.common import clock_colours, clock_text, mark_rgb, seconds_text
from companion.ui.widgets import draw_text

if TYPE_CHECKING:
    from companion.ui.magici.desk import Desk

__all__ = ["BOARD_LINK", "BoardPanel", "board_position", "captured_kind", "linked_board_id"]


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


def _pass_quietly(session: Any, mover: Color) -> bool:
    """A pass written straight into the board's game (no board screen to show it)."""
    from companion.ui.board.session import RefereeAction, Refused

    try:
        session.referee(RefereeAction.PASS_TURN, mover)
    except Refused:  # a team in check cannot pass: the station's time-out in check ruling applies
        return False
    return True


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
    """What :class:`~companion.ui.board.magici.MagiciBoardScreen` calls on the station: one
    board's desk (:class:`companion.ui.magici.desk.Desk`)."""

    def __init__(self, desk: "Desk", fen: str) -> None:
        self.desk = desk
        self.last_fen = fen
        self.board: Any = None  # the board screen this panel sits on (set by the full view)
        self.followed_result = desk.station.state.over if desk.station is not None else False

    @property
    def station(self) -> Any:
        return self.desk.station

    # -- the board's questions ------------------------------------------------------------------
    def side_names(self) -> tuple[str, str]:
        st = self.station.state
        return st.white.name, st.black.name

    def update(self, dt_ms: int) -> None:
        self.desk.room.update()

    def wake_in_ms(self) -> int | None:
        return self.desk.room.wake_in_ms()

    def _session(self) -> Any:
        return self.board.session if self.board is not None else self._linked_session()

    def refuse_move(self, mover: Color) -> str | None:
        """Why the board must refuse a move of ``mover`` now (None: it may move).

        The clock decides who is on move. The board counts one entry (a move or a pass) per
        turn change at the station: in step with it, only the team on move at the clock may
        move. Behind it (a team pressed its button before its move was entered: the usual
        order at a human board), the entry catches up and ends nothing at the clock."""
        self.follow_station()
        st = self.station.state
        side = Side.WHITE if mover == Color.WHITE else Side.BLACK
        t = self.desk.t
        if st.over:
            return t("magici.refused.over")
        if not st.begun:
            return t("magici.board.not_begun")
        if st.paused and st.pause_reason != "spell":
            return t("magici.refused.paused")
        session = self._session()
        behind = session is not None and len(session.history) < st.turn - 1
        if st.on_move is not side and not behind:
            return t("magici.board.not_on_move", house=st.house(side).name, on_move=st.house_on_move.name)
        return None

    def obligation(self, mover: Color) -> Any:
        """What a spell binds ``mover``'s next move on the board to (an
        :class:`~companion.magici.spells.Obligation`), None when nothing does: the spell
        recorded in the turn the board enters now, with ``mover`` on move in it. That is the
        clock's turn when the board is in step, or the turn just ended when the team pressed
        its button before its move was entered (the usual order at a human board: the clock
        has already cleared the spell, the move is still bound by it)."""
        st = self.station.state
        side = Side.WHITE if mover == Color.WHITE else Side.BLACK
        session = self._session()
        turn = st.turn if session is None else len(session.history) + 1
        cast = st.spells.in_turn(turn)
        if cast is None or cast.on_move is not side:
            return None
        return cast.obligation

    def obligation_text(self, obligation: Any) -> str:
        return self.desk.obligation_text(obligation)

    def turns_behind(self) -> int:
        """How many turns the board's entries lag behind the clock (0: in step). A team's button
        pressed before its move is entered puts the board one behind; a board opened mid-game
        is behind by every turn played before it."""
        st = self.station.state
        session = self._session()
        if session is None or not st.begun or st.over or session.is_over():
            return 0
        return max(0, st.turn - 1 - len(session.history))

    def on_move(self, move_text: str, fen: str, by: str = "") -> None:
        mover = Side.BLACK if fen.split(" ")[1] == "w" else Side.WHITE
        station = self.station
        st = station.state
        captured = captured_kind(self.last_fen, fen, mover.other)
        self.last_fen = fen
        session = self._session()
        in_step = session is None or len(session.history) == st.turn  # this entry is the current turn's
        if st.running and st.on_move is mover and in_step:
            # a move the camera saw ends the team's move as one touched on the board does, and
            # the station's journal says it was the camera's
            source = EndSource.CAMERA if by else EndSource.BOARD
            outcome = station.end_move(mover, source, captured=captured)
            self.desk.outcome(outcome)
            if not outcome and self.board is not None:  # the clock did not stop: say why on the board
                self.board.say(self.desk.message, "warn")
        else:
            self.follow_station()  # an entry catching up: the passes that came after it follow

    def on_undo(self, fen: str) -> None:
        self.last_fen = fen
        self.desk.say(self.desk.t("magici.board.undone"), warn=True)

    def handle_command(self, action: Action) -> bool:
        """A team's button on the board: the station ends that team's move (or refuses it:
        not on move, locked out), and a refusal is said on the board."""
        before = self.station.state
        self.desk.room.command(action.name, action.source)
        if self.station.state is before and self.desk.message_warn and self.board is not None:
            self.board.say(self.desk.message, "warn")
        return True

    def follow_station(self) -> None:
        """Bring the board to the station's turn: while the board has the other team to move
        than the station (turns lost on time, a turn given back), the board records a pass; a
        result the station reached by itself (the 20 minutes, a time-out in check) ends the
        board game too. The engine refuses a pass in check: the station's time-out in check
        ruling has then already ended or paused the game."""
        st = self.station.state
        board = self.board
        session = board.session if board is not None else self._linked_session()
        if session is None:
            return
        if st.result is not None:
            if not self.followed_result and not session.is_over():
                self._finish_board(session, st)
            self.followed_result = True
            return
        self.followed_result = False
        if not st.begun or session.is_over():
            return
        changed = False
        while len(session.history) > st.turn - 1:  # ahead of the clock: a turn taken back there
            if not session.undo():
                break
            changed = True
        if changed and board is not None:
            board.entered = []
            board.after_change()
            board.layout()
        passes = [h for h in session.history if h.notation == "--"]
        if len(passes) > len(st.passed_turns):  # a turn given back after a wrong time-out
            last = session.history[-1] if session.history else None
            if last is not None and last.notation == "--" and session.undo():
                if board is not None:
                    board.after_change()
                    board.layout()
            return
        for _turn, side in st.passed_turns[len(passes):]:
            mover = Color.WHITE if side is Side.WHITE else Color.BLACK
            if session.position.turn != mover:
                break  # the board still waits for a move pressed at the clock: passes follow it
            if board is not None:
                if not board.pass_turn():
                    break
            elif not _pass_quietly(session, mover):
                break

    def _finish_board(self, session: Any, st: Any) -> None:
        result = st.result
        if result.kind is ResultKind.DRAW_TIME:
            from companion.ui.board.magici import TIME_UP

            data = dict(TIME_UP)
        elif result.winner is not None and st.asking is None and _timeout_in_check(self.station):
            score = "1-0" if result.winner is Side.WHITE else "0-1"
            data = {"result": score, "winner": "w" if result.winner is Side.WHITE else "b",
                    "termination": "time_in_check"}
        else:
            return  # a result entered by the referee: the board game stays as it was played
        if self.board is not None:
            if result.kind is ResultKind.DRAW_TIME:
                self.board.end_on_time()
            else:
                session.match.finish(data)
                session.replay()
                self.board.after_change()
                self.board.layout()
        else:
            session.match.finish(data)
            session.replay()

    def _linked_session(self) -> Any:
        """The board's game replayed from the journal, when no board screen is open (the station
        resumed after a restart and caught up with the time that passed)."""
        match_id = linked_board_id(self.station.log)
        if match_id is None:
            return None
        try:
            from companion.ui.board.session import BoardSession

            return BoardSession.open(self.desk.app.journal.match(match_id), game="magici")
        except Exception:  # the board module missing or its match unreadable: nothing to follow
            return None

    def handle_panel(self, action: Action) -> bool:
        if action.kind is Kind.TAP:
            self.desk.end_move(None, EndSource.TAP)
        return action.kind in (Kind.PRESS, Kind.RELEASE, Kind.TAP, Kind.MOVE)

    # -- drawing --------------------------------------------------------------------------------
    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        desk = self.desk
        st, view = self.station.state, self.station.view()
        house = st.house_on_move
        rgb = mark_rgb(house.colour)
        move_ms = view.move_remaining_ms
        bg, digits = clock_colours(st, move_ms)
        label = theme.MUTED if bg == theme.PANEL else digits  # grey never sits on the amber or red alarm
        k = rect.height / 164  # the board screen is native: the panel grows with it

        def u(length: float) -> int:
            return round(length * k)

        pygame.draw.rect(surface, bg, rect, border_radius=u(12))
        pygame.draw.rect(surface, rgb, (rect.x, rect.y, u(10), rect.height), border_top_left_radius=u(12),
                         border_bottom_left_radius=u(12))
        if st.over:
            draw_text(surface, desk.t("magici.timer.result"), rect.center, u(30), theme.TEXT, "center", bold=True)
            return
        draw_text(surface, house.name, (rect.x + u(20), rect.y + u(8)), u(22), theme.TEXT, bold=True,
                  max_width=rect.width - u(30))
        draw_text(surface, seconds_text(move_ms), (rect.x + u(90), rect.y + u(96)), u(90), digits, "center",
                  bold=True)
        draw_text(surface, desk.t("magici.timer.game_label"), (rect.right - u(14), rect.y + u(40)), u(17), label,
                  "topright")
        draw_text(surface, clock_text(view.game_remaining_ms), (rect.right - u(14), rect.y + u(62)), u(36), digits,
                  "topright", bold=True)
        if st.paused:
            hint = desk.t("magici.timer.paused")
        elif view.obligation is not None:
            hint = desk.obligation_text(view.obligation)
        else:
            hint = desk.t("magici.board.tap_to_end")
        strong = view.obligation is not None or st.paused
        colour = (theme.ACCENT if strong else theme.MUTED) if bg == theme.PANEL else digits
        draw_text(surface, hint, (rect.right - u(14), rect.bottom - u(8)), u(17), colour, "bottomright",
                  max_width=rect.width - u(170), min_size=max(16, u(16)))


def _timeout_in_check(station: Any) -> bool:
    events = station.log.effective()
    return bool(events) and events[-1].kind == "finish" and bool(events[-1].data.get("timeout_in_check"))
