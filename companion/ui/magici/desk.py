"""The referee's desk: both boards of :class:`companion.magici.boards.Boards` as the screens use them.

The model (clocks, turns, spells, results, the linked touch board) is pure and lives in
:mod:`companion.magici`; this module keeps, per board, only what the screens share about it:
the last thing said to the referee, the serial display of that board, the touch board that
follows the station's turn, and the sounds of its cues. Every Magici screen (the two-board
view, each board's full view, the spell, correction and result forms, the touch board) reaches
a board through its :class:`Desk`, never through another screen's private helpers.

The app holds one :class:`Room` (:func:`room`), created on first use from the journal (after a
power cut: both boards' unfinished games). It is one of the app's ``background`` tasks, so the
app shell calls ``Room.update`` every frame whatever screen is shown (the home screen, the
settings, another game): it polls both boards, so both clocks run, beep, buzz and pass turns
on time whichever board is shown, or none. (The station's screens poll it too, first, so they
redraw at once.) Cues of both boards sound; the LEDs show board 1's
side to move (one pair is wired); the buzzer beeps for both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.magici.boards import BOARDS, Boards, board_of, linked_board_id
from companion.magici.model import Side
from companion.magici.station import Outcome, RefereeStation, Undone
from companion.magici.timing import Cue, CueKind, EndSource
from companion.ui.magici import strings  # noqa: F401  (registers the strings)
from companion.ui.magici.common import (
    ChampionshipLink, clock_text, hardware_call, next_digit_change_ms, piece_label, plural, seconds_text,
)
from companion.ui.magici.outputs import DisplayFeed, display_state, sound_cue

if TYPE_CHECKING:
    from companion.app import App

#: The teams' button commands of each board (keys / GPIO): board 1 white/black, board 2 white/black.
TEAM_COMMANDS = {"white": (1, Side.WHITE), "black": (1, Side.BLACK),
                 "white2": (2, Side.WHITE), "black2": (2, Side.BLACK)}


def in_check_of(app: "App") -> Any:
    """The station's check query for a game: its linked touch board's position, read from the
    journal when a clock runs out (None: no board joined, so nobody can see check)."""
    def for_log(log: Any) -> Any:
        def in_check(side: Side) -> bool | None:
            from companion.ui.magici.board_panel import board_position

            pos = board_position(app, log)
            if pos is None:
                return None
            from companion.rules import Color

            colour = Color.WHITE if side is Side.WHITE else Color.BLACK
            return pos.turn == colour and pos.is_check()
        return in_check
    return for_log


class Desk:
    """One board at the referee's desk: its station and what the screens say and show of it."""

    def __init__(self, room: "Room", board: int) -> None:
        self.room = room
        self.board = board
        self.message = ""
        self.message_warn = False
        self.feed = DisplayFeed.for_app(room.app, board)
        self.follower: Any = None  # the touch board's follower (board_panel.BoardPanel)
        self.board_screen: Any = None
        self.confirm_start_undo = False  # the next Undo may take back the start
        self.changed = 0  # bumped on every change the screens should redraw for

    # -- what the screens read -------------------------------------------------------------------
    @property
    def app(self) -> "App":
        return self.room.app

    def t(self, key: str, **values: Any) -> str:
        return self.app.t(key, **values)

    @property
    def station(self) -> RefereeStation | None:
        return self.room.boards.station(self.board)

    @property
    def log(self) -> Any:
        station = self.station
        return None if station is None else station.log

    @property
    def link(self) -> ChampionshipLink | None:
        log = self.log
        return None if log is None else ChampionshipLink.from_meta(log.info.meta)

    def obligation_text(self, obligation: Any) -> str:
        return self.t(f"magici.obligation.{obligation.kind.value}", piece=piece_label(self.t, obligation.piece),
                      caster=piece_label(self.t, obligation.caster))

    def say(self, text: str, warn: bool = False) -> None:
        self.message, self.message_warn = text, warn
        self.changed += 1

    # -- driving the station -----------------------------------------------------------------------
    def begin(self) -> None:
        if self.station is not None:
            self.outcome(self.station.begin())

    def end_move(self, side: Side | None, source: EndSource) -> None:
        station = self.station
        if station is None:
            return
        if not station.state.begun and side is None and source is not EndSource.BUTTON:
            self.begin()
            return
        self.outcome(station.end_move(side, source))

    def toggle_pause(self) -> None:
        station = self.station
        if station is not None:
            self.outcome(station.resume() if station.state.paused else station.pause())

    def undo(self) -> None:
        """Take back the last referee action and say what it did; the start needs a second tap."""
        station = self.station
        if station is None:
            return
        had_result = station.state.result is not None
        with self.app.journal.atomic():  # the game's undo and the championship's, together
            outcome = station.undo(confirm_start=self.confirm_start_undo)
            if outcome and had_result and station.state.result is None:
                self._unenter_championship()
        self.confirm_start_undo = outcome.refused is not None and outcome.refused.value == "confirm_start"
        self.outcome(outcome)
        if outcome:
            self.say(self.undone_text(outcome.undone))
        elif outcome.refused is not None and outcome.refused.value == "past_timeout" and outcome.undone:
            side = outcome.undone.data.get("side")
            if side:
                house = station.state.house(Side(side)).name
                self.say(self.t("magici.undo.past_timeout", house=house), warn=True)

    def redo(self) -> None:
        station = self.station
        if station is None:
            return
        with self.app.journal.atomic():
            outcome = station.redo()
            if outcome and station.state.result is not None:
                self._reenter_championship()
        self.outcome(outcome)
        if outcome:
            self.say(self.undone_text(outcome.undone))

    def give_turn_back(self, reason: str) -> Outcome | None:
        station = self.station
        if station is None:
            return None
        outcome = station.give_turn_back(reason)
        self.outcome(outcome)
        if outcome:
            self.say(self.t("magici.correct.turn_given_back", house=station.state.house_on_move.name))
        return outcome

    def undone_text(self, undone: Undone | None) -> str:
        """"Annullato: fine mossa di Leoni · mossa 12 → 25 s · partita 18:02 → 18:05"."""
        if undone is None:
            return self.t("magici.undo.done_plain")
        st = self.station.state if self.station is not None else None
        side = undone.data.get("side") or undone.data.get("turn_back")
        house = st.house(Side(side)).name if st is not None and side in ("white", "black") else ""
        what = self.t(f"magici.undo.kind.{undone.kind.split('.')[-1]}", house=house)
        clocks = []
        if undone.move_from_ms != undone.move_to_ms:
            clocks.append(self.t("magici.undo.move_clock", before=seconds_text(undone.move_from_ms),
                                 after=seconds_text(undone.move_to_ms)))
        if undone.game_from_ms != undone.game_to_ms:
            clocks.append(self.t("magici.undo.game_clock", before=clock_text(undone.game_from_ms),
                                 after=clock_text(undone.game_to_ms)))
        if not clocks:
            clocks.append(self.t("magici.undo.clocks_same"))
        head = self.t("magici.undo.redone" if undone.redo else "magici.undo.undone", what=what)
        return " · ".join([head] + clocks)

    def _unenter_championship(self) -> None:
        """The result was taken back: so is the game's result in the championship."""
        link = self.link
        if link is None:
            return
        from companion.ui.magici.championship import championship_by_id

        champ = championship_by_id(self.app, link.match_id)
        if champ is not None and (link.round, link.board) in champ.state.games:
            champ.clear_result(link.round, link.board)

    def _reenter_championship(self) -> None:
        """A result given back by redo goes back into the championship (with the figures the
        result screen entered, if any)."""
        link, station = self.link, self.station
        if link is None or station is None or station.state.result is None:
            return
        from companion.magici.championship import fixture
        from companion.magici.model import SideStats
        from companion.ui.magici.championship import championship_by_id
        from companion.ui.magici.result import STATS_EVENT

        champ = championship_by_id(self.app, link.match_id)
        if champ is None:
            return
        st, result = station.state, station.state.result
        stats = next((e.data for e in reversed(station.log.events()) if e.kind == STATS_EVENT), None)
        by_side = {s: SideStats.from_data(stats[s.value]) if stats else SideStats() for s in Side}
        try:
            white, black = champ.state.house_index(st.white.name), champ.state.house_index(st.black.name)
            f = fixture(link.round, link.board)
            winner = None if result.winner is None else (white if result.winner is Side.WHITE else black)
            home = by_side[Side.WHITE] if f.home == white else by_side[Side.BLACK]
            away = by_side[Side.BLACK] if f.home == white else by_side[Side.WHITE]
            champ.enter_result(f.round, f.board, result.kind, winner, home, away)
        except ValueError as exc:
            self.app.show_banner(self.t("magici.result.not_in_championship", error=str(exc)))

    # -- reacting ---------------------------------------------------------------------------------
    def outcome(self, outcome: Outcome) -> None:
        self.react(list(outcome.cues))
        if not outcome and outcome.refused is not None:
            self.app.play("error")
            self.say(self.t(f"magici.refused.{outcome.refused.value}"), warn=True)
        self.changed += 1
        self.after_change()

    def react(self, cues: list[Cue]) -> None:
        station = self.station
        if not cues or station is None:
            return
        st = station.state
        for cue in cues:
            if self.board == 1 or cue.kind not in (CueKind.TURN, CueKind.RESUMED, CueKind.PAUSED):
                sound_cue(self.app, cue, st)  # LEDs: board 1's side to move (one pair is wired)
            else:
                self.app.play("tap" if cue.kind is not CueKind.PAUSED else "beep")
            if cue.kind is CueKind.MOVE_EXPIRED and cue.side is not None:
                self.say(self.t("magici.timer.expired", house=st.house(cue.side).name), warn=True)
            elif cue.kind is CueKind.TIME_UP:
                self.say(self.t("magici.timer.time_up"), warn=True)
            elif cue.kind is CueKind.RESULT and st.result is not None and st.result.winner is not None \
                    and st.passed_turns is not None and any(c.kind is CueKind.MOVE_EXPIRED for c in cues):
                self.say(self.t("magici.timer.check_timeout_lost", house=st.house(st.result.winner.other).name,
                                winner=st.house(st.result.winner).name), warn=True)
            elif cue.kind is CueKind.CHECK_TIMEOUT and cue.side is not None:
                self.app.play("long_beep")
                self.say(self.t("magici.timer.check_timeout_ask", house=st.house(cue.side).name), warn=True)
            elif cue.kind is CueKind.CATCH_UP:
                key = "magici.timer.catch_up_off" if cue.restart else "magici.timer.catch_up_away"
                self.say(plural(self.t, key, cue.count), warn=True)
            elif cue.kind is CueKind.TURN and cue.side is not None and not any(
                    c.kind in (CueKind.MOVE_EXPIRED, CueKind.CATCH_UP) for c in cues):
                self.say(self.t("magici.timer.on_move", house=st.house(cue.side).name))
        self.changed += 1
        self.after_change()

    def after_change(self) -> None:
        """The station changed: the serial display, the LEDs and the touch board follow it."""
        self.feed_display()
        if self.follower is not None:
            self.follower.follow_station()  # a turn lost on time passes on the board too

    def feed_display(self) -> None:
        station = self.station
        if self.feed is None or station is None:
            return
        view = station.view()
        self.feed.push(display_state(station.state, view.move_remaining_ms, view.game_remaining_ms))

    def shown(self) -> tuple[object, ...]:
        """What a screen of this board shows that changes with time (to redraw only then)."""
        station = self.station
        if station is None:
            return (None, self.changed)
        view = station.view()
        return (seconds_text(view.move_remaining_ms), clock_text(view.game_remaining_ms), view.on_move,
                view.paused, view.result, view.turn, self.changed, self.message)

    def wake_in_ms(self) -> int | None:
        station = self.station
        if station is None or not station.state.running:
            return None
        view = station.view()
        waits = [next_digit_change_ms(view.move_remaining_ms), next_digit_change_ms(view.game_remaining_ms)]
        due = station.ms_until_next_event()
        if due is not None:
            waits.append(due)
        return max(0, min(waits))

    def ensure_follower(self) -> None:
        """A game whose touch board was opened before: its follower, so turns lost on time
        (while the app was off, too) pass on the board before it is shown again."""
        log = self.log
        if self.follower is None and log is not None and linked_board_id(log) is not None:
            from companion.ui.magici.board_panel import BoardPanel

            self.follower = BoardPanel(self, "")

    def reset(self) -> None:
        """A new game on this board: nothing said, no board, no display picture left over."""
        self.message, self.message_warn = "", False
        self.follower, self.board_screen, self.confirm_start_undo = None, None, False
        self.changed += 1


class Room:
    """Both boards' desks over the one model; polled by every station screen each frame."""

    def __init__(self, app: "App", boards: Boards) -> None:
        self.app = app
        self.boards = boards
        self.desks = {n: Desk(self, n) for n in BOARDS}
        for desk in self.desks.values():
            desk.ensure_follower()

    def desk(self, board: int) -> Desk:
        return self.desks[board]

    def desk_for_log(self, log: Any) -> Desk:
        """The desk whose board plays the game of ``log`` (opened on its board if not yet)."""
        board = self.boards.board_playing(log.id)
        if board is None:
            board = board_of(log.info.meta)
            if "board" not in (log.info.meta or {}) and "championship" not in (log.info.meta or {}):
                other = self.boards.station(board)
                if other is not None and other.state.running:  # an old game with no board: the free one
                    board = self.boards.free_board() or board
            self.boards.open(board, log)
            self.desks[board].reset()
            self.desks[board].ensure_follower()
        return self.desks[board]

    def start(self, board: int, *args: Any, **kwargs: Any) -> Desk:
        self.boards.start(board, *args, **kwargs)
        self.desks[board].reset()
        return self.desks[board]

    def update(self, dt_ms: int | None = None) -> bool:
        """Poll both boards; True if anything happened. (``dt_ms`` unused: the boards read the
        wall clock; the app shell passes it to all its background tasks.)"""
        polled = self.boards.poll()
        for n, cues in polled.items():
            self.desks[n].react(cues)
        for desk in self.desks.values():
            if desk.feed is not None:
                desk.feed_display()
                change = desk.feed.link_change()
                if change is not None:
                    self.app.show_banner(self.app.t("magici.display.back" if change else "magici.display.lost"))
        return bool(polled)

    def _playing(self, board: int) -> bool:
        station = self.boards.station(board)
        return station is not None and not station.state.over

    def wake_in_ms(self) -> int | None:
        waits = [w for d in self.desks.values() if (w := d.wake_in_ms()) is not None]
        return min(waits) if waits else None

    def command(self, name: str, source: str | None) -> bool:
        """A team's button (``white``/``black`` board 1, ``white2``/``black2`` board 2)."""
        if name not in TEAM_COMMANDS:
            return False
        board, side = TEAM_COMMANDS[name]
        if board == 1 and not self._playing(1):
            # one game alone (on either board) is the simple case: board 1's pair serves it
            others = [n for n in BOARDS if self._playing(n)]
            if len(others) == 1:
                board = others[0]
        desk = self.desks[board]
        if desk.station is None:
            return True
        desk.end_move(side, EndSource.BUTTON if source == "gpio" else EndSource.KEY)
        return True


class KeepsBoardsRunning:
    """Mixin for the Magici screens a referee opens while games run (the hub, the championship,
    a fixture, a new game, the army builder, the standings): both boards are polled by the
    screen first (so it redraws at once; the app's background task polls them anywhere else)
    and the four team buttons keep ending moves, so starting board 2's game never costs
    board 1 a turn."""

    app: "App"

    def update(self, dt_ms: int) -> None:
        super().update(dt_ms)  # type: ignore[misc]
        desks = getattr(self.app, "_magici_room", None)
        if desks is not None and desks.app is self.app and desks.boards.stations():
            desks.update()

    def wake_in_ms(self) -> int | None:
        own = super().wake_in_ms()  # type: ignore[misc]
        desks = getattr(self.app, "_magici_room", None)
        theirs = desks.wake_in_ms() if desks is not None and desks.app is self.app else None
        waits = [w for w in (own, theirs) if w is not None]
        return min(waits) if waits else None

    def handle(self, action: Any) -> bool:
        from companion.ui.input import Kind

        if action.kind is Kind.COMMAND and action.name in TEAM_COMMANDS:
            desks = room(self.app)
            if desks.boards.stations():
                desks.command(action.name, action.source)
                return True
        return super().handle(action)  # type: ignore[misc]


def room(app: "App") -> Room:
    """The app's desk for the Magici station (made on first use from the journal)."""
    existing = getattr(app, "_magici_room", None)
    if existing is not None and existing.app is app:
        return existing
    boards = Boards.load(app.journal, now_ms=lambda: app.journal.wall_ms(), in_check_for=in_check_of(app))
    if boards.set_aside:  # (games it could not open: named, the app goes on)
        from companion.app import set_aside_banner

        set_aside_banner(app, boards.set_aside)
        app.play("error")
    return install_room(app, boards)


def install_room(app: "App", boards: Boards) -> Room:
    """Make ``boards`` the app's station model (start-up, or a demo's fresh desk)."""
    made = Room(app, boards)
    app._magici_room = made  # type: ignore[attr-defined]
    background = getattr(app, "background", None)
    if background is not None:  # the clocks run whatever screen is shown: the shell polls the room
        background[:] = [task for task in background if not isinstance(task, Room)] + [made]
    return made


def fresh_room(app: "App") -> Room:
    """An empty desk on the app's journal (the screenshots' demos start from nothing)."""
    return install_room(app, Boards(app.journal, now_ms=lambda: app.journal.wall_ms(),
                                    in_check_for=in_check_of(app)))
