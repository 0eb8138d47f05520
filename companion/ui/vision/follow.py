"""Following a board game with the camera: stable readings become moves on the touch board.

A :class:`CameraFollow` belongs to one board screen. It feeds the camera worker's readings to a
:class:`~companion.vision.follower.Follower` whose position is a mirror of the screen's board
(:class:`ScreenPosition`): its legal moves at the board's present state are exactly what the
screen would accept by touch (the session's options: Due Re's steps for the dice rolled, a
Magici station's turn), and deeper (the follower's look at two hidden moves) the engine's.

What the follower finds goes through the screen's own paths, so a camera move is validated and
journaled exactly like a touched one:

- ``MOVE``: the matching option is played with ``screen.play`` (options differing only in a die
  or a promotion are offered as the screen's usual choice);
- ``AMBIGUOUS``: the candidates are offered as a choice (``screen.ask``); a candidate may be
  a run of moves made fast, entered one by one when chosen;
- ``CHECK``: a banner names the squares to check;
- ``TAKEBACK``: ``screen.undo()`` (the journal's undo).

The journal keeps who entered each move: one the camera played is tagged ``by`` ``camera``
(``camera_together`` when it was one of a run seen only together), one chosen in the camera's
question, or its die chosen after it, ``camera_asked``
(:data:`companion.rules.session.MOVE_BY`); a touched move has no tag.

After any change made by touch (a move, an undo, a new game) the mirror no longer matches the
board, and the follower starts again from the board as it stands (:meth:`sync`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core.journal import JournalError
from companion.rules.session import BY_CAMERA, BY_CAMERA_ASKED, BY_CAMERA_TOGETHER
from companion.ui.vision.feed import CameraFeed
from companion.ui.vision.switch import game_key, keep_following


LOST_UNSURE = 4  # a sight with more unsure cells than this cannot show that the game is found


def move_of(payload: Any) -> Any:
    """The engine move inside an option's payload (Due Re's is ``(die, move)``)."""
    return payload[1] if isinstance(payload, tuple) else payload


def placement(position: Any) -> str:
    """The board field of a position (what a takeback or a touch changes)."""
    return position.fen().split()[0]


class ScreenPosition:
    """The follower's position: a copy of the screen's board whose moves, at the board's
    present state (depth :attr:`root`), are the screen's options."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.board = screen.board_position().copy()
        self.geometry = self.board.geometry
        self.depth = 0
        self.root = 0
        # whether the screen takes several moves in one answer (not with a roll before each)
        self.takes_runs = bool(getattr(screen, "takes_runs", True))
        # the moves a turn of several goes on with (Due Re's second die), if turns have several
        self._goes_on = getattr(screen, "turn_goes_on", None)
        self._kept: dict[int, tuple[str, bool]] = {}  # per depth: the move pushed to it, and
        # whether its side moved again after it

    def legal_moves(self) -> list[Any]:
        if self.depth == self.root:
            seen: dict[str, Any] = {}
            for option in self.screen.options():
                move = move_of(option.payload)
                seen.setdefault(str(move), move)
            return list(seen.values())
        return self._same_turn() or self.board.legal_moves()

    def _same_turn(self) -> list[Any]:
        """The moves the screen's turn goes on with after those pushed since its present state
        (Due Re's second die): [] when the next move is the other side's, or when the depth
        is not counted from the screen's state."""
        made = self.depth - self.root
        if self._goes_on is None or self.root < 0 or made <= 0:
            return []
        return list(self._goes_on(self.board.move_stack[-made:]))

    def push(self, move: Any) -> None:
        side = self.board.side
        try:
            self.board.push(move)
        except Exception:
            self.board.push(str(move))  # a move of the screen's board, by its text
        self._pushed(move, side)

    def push_legal(self, move: Any) -> None:
        """Play ``move``, one of :meth:`legal_moves` here (see the engine's ``push_legal``)."""
        side = self.board.side
        self.board.push_legal(move)
        self._pushed(move, side)

    def _pushed(self, move: Any, side: int) -> None:
        self.depth += 1
        # whether the turn goes on after it (its side to move again: Due Re's second die, as
        # on the screen's board): asked of the screen past its present state; a move the
        # follower takes back and plays again at or below it (to look at the picture before
        # it) goes on as it did when first played
        text = str(move)
        if self._goes_on is None:
            return
        if self.root >= 0 and self.depth > self.root:
            keep = bool(self._same_turn())
        else:
            was = self._kept.get(self.depth)
            keep = was is not None and was[0] == text and was[1]
        self._kept[self.depth] = (text, keep)
        if keep:
            self.board.side = side

    def pop(self) -> Any:
        self.depth -= 1
        return self.board.pop()

    def piece_at(self, cell: str) -> Any:
        return self.board.piece_at(cell)

    def fen(self) -> str:
        return self.board.fen()


def _continues(follower: Any, mirror: "ScreenPosition") -> bool:
    """Whether ``mirror``'s board ends with the follower's moves (not so once a turn passed
    after them: the pass is no move of the follower's)."""
    n = len(follower.history)
    if n == 0:
        return True
    stack = getattr(mirror.board, "move_stack", None)
    return stack is not None and [str(m) for m in stack[-n:]] == [str(m) for m in follower.history]


def _taken_back(follower: Any, screen: Any, most: int = 4) -> int:
    """How many of the follower's last moves the screen's board has taken back (an Undo on
    the screen, or at a Magici clock, which takes the board's move back too): 0 when the
    screen's board is not the follower's with its last moves taken back."""
    probe = follower.position.board.copy()
    want = placement(screen.board_position())
    turn = screen.board_position().fen().split()[1]
    for k in range(1, min(len(follower.history), most) + 1):
        try:
            probe.pop()
        except Exception:  # nothing more to take back on the follower's board
            return 0
        if placement(probe) == want and probe.fen().split()[1] == turn:
            return k
    return 0


class CameraFollow:
    """The "follow with camera" switch of one board screen."""

    def __init__(self, screen: Any) -> None:
        from companion.vision.geometry import geometry_for_cells

        self.screen = screen
        self.app = screen.app
        cells = screen.board_position().geometry.cells
        self.feed = CameraFeed(self.app, geometry_for_cells(tuple(cells)).name)
        self.on = False
        self.follower: Any = None
        self.mirror: ScreenPosition | None = None
        self.last_check: tuple[str, ...] = ()
        self._check_text = ""  # the banner of the squares to check, while it stands
        self._doubted = False  # squares were in doubt at the last poll
        self.moved = False  # the camera said it was moved (until it reads the board again)
        self.question: list[tuple[str, ...]] = []  # the cells of each move the camera asks about
        self.candidates: tuple[str, ...] = ()  # ... and the moves, or runs, as the camera wrote them
        # (() for a run of moves offered as one answer; its moves' cells, each move once:)
        self.run_arrows: list[tuple[str, ...]] = []
        self.lost = False  # moved while following: not following until it sees the game again
        self._together: list[str] = []  # the moves of a run seen together, as said so far
        self._held_text = ""  # the banner of a move seen but not taken by the clock, while it waits
        self._holding = False
        # the moves seen, or answered, after one whose die (or promotion) is asked (a Due Re
        # turn seen whole), entered once it is answered (see sync), and whether they are
        # being entered
        self._after_choice: list[Any] = []
        self._entering = False
        # the follower of this game as its board was left (see :meth:`kept`), to follow on from
        self.resume_from: tuple[Any, str] | None = None
        self._game: Any = None  # the journal match the follower follows
        self._game_key: Any = None  # ... its key in the games following (switch.game_key)

    @property
    def available(self) -> bool:
        return self.feed.configured

    def set(self, on: bool) -> None:
        if on == self.on:
            return
        if on and not self.available:
            return
        self.on = on
        self._unsay_held()  # a move held for the clock is looked for again, or no more
        if self.lost:
            self._unsay_moved()
        self.lost = False
        if on:
            self.rebuild()
            self.feed.start()
        else:
            self.feed.stop()
            self.follower = self.mirror = None

    def rebuild(self, must: frozenset[str] = frozenset()) -> None:
        """Start following again from the board as the screen shows it; a board opened again
        at the position it was left at follows on with the follower it was left with.
        ``must``: cells the frame the board's look is learnt again from must read as the
        screen has them (see :meth:`_changed_cells`)."""
        from companion.vision.follower import ChangeFollower

        from companion.vision.follower import occupancy

        kept, self.resume_from = self.resume_from, None
        self.mirror = ScreenPosition(self.screen)
        self.last_check = ()
        self._game = self._game_of()
        self._game_key = game_key(getattr(getattr(self.screen, "session", None), "match", None))
        if kept is not None and kept[1] != placement(self.mirror):
            taken = _taken_back(kept[0], self.screen)  # moves undone at the clock meanwhile
            if taken:
                kept[0].take_back(taken)
                kept = (kept[0], placement(self.mirror))
        if kept is not None and kept[1] == placement(self.mirror):
            self._follow_on(kept[0])
            # the board's look, learnt already, stays (expected afresh, it could be learnt
            # from a frame with the next move on it; it is learnt again only from a calm frame
            # that reads as this position: reader.RELEARN)
            self.feed.worker.tell_position(occupancy(self.mirror, self.follower.cells))
            return
        self.follower = ChangeFollower(self.mirror)  # type: ignore[arg-type]
        # (a board changed by touch: the players bring the real board there, no question)
        self.follower.ask_unlearnt = not must
        # the camera learns this board's look from the position the screen shows
        self.feed.worker.expect_position(occupancy(self.mirror, self.follower.cells), must)

    def start_again(self) -> bool:
        """The referee's word that the real board stands as the screen shows it (the camera
        names squares to check, or has seen nothing for a while): the camera forgets the
        picture it agreed with the game and learns the board's look again from the next calm
        frame that shows the screen's position, following on from there (a board ahead of
        the screen, a move made that the camera could not tell, is then asked about as moves
        made, as when the camera is switched on late). The picture it agreed may have been
        taken under a passer-by's shadow or with a hand in it, and then every move after is
        judged against it, the squares named again and again: before, only switching the
        camera off and on again mended that, which nothing on the screen suggested (a real
        recording cut at its start, bench_vision --variants). Whatever the camera asked, held
        or saw together so far is dropped with it. False (nothing done) when not following,
        or while the camera is lost (moved: it follows again once it sees the game)."""
        if not self.on or self.follower is None or self.lost:
            return False
        self._unsay_check()
        self._unsay_held()
        self._doubted = False
        self.question, self.run_arrows, self.candidates = [], [], ()
        self._together, self._after_choice, self._holding = [], [], False
        self.resume_from = None
        self.rebuild()
        return True

    def _follow_on(self, follower: Any) -> None:
        """Go on with ``follower`` and its agreed picture from the mirror (the screen's board as
        it is now); its own moves are forgotten if the mirror no longer ends with them."""
        self.follower = follower
        follower.resume(self.mirror, past=_continues(follower, self.mirror))

    def kept(self) -> tuple[Any, str] | None:
        """The follower and the board it agrees with, to follow on from when the board is opened
        again (None: nothing to keep: not following, lost, or a move of the camera's waiting
        for an answer)."""
        if not self.on or self.lost or self.follower is None or self.mirror is None \
                or self.mirror.depth != self.mirror.root:
            return None
        return self.follower, placement(self.mirror)

    def sync(self) -> None:
        """After a change on the screen: keep following if the mirror agrees; a move entered
        by touch is told to the follower as an answer (it keeps the picture it agreed with
        the board, and the touched move's cells count as explained: the hand that made the
        move may still be in view); anything else starts again from the board."""
        if not self.on or self._entering:
            return
        pending, self._after_choice = self._after_choice, []
        # (moves the camera saw are on the follower's board already; answered ones are not)
        seen = sum(not isinstance(item, str) for item in pending)
        if pending and self._choice_made(seen):
            # the die of a step seen, or answered, with the next one answered: the next one
            # goes in now
            self._entering = True
            try:
                for k, item in enumerate(pending):
                    if isinstance(item, str):
                        entered = self._answer(item, pending[k + 1:])
                    else:
                        self.apply(item)
                        entered = not self.screen.choices
                    if not entered:  # its die asked too: the rest waits for it
                        if self.screen.choices:
                            self._after_choice = pending[k + 1:]
                            return
                        break  # (not taken: the board decides, below)
            finally:
                self._entering = False
        self._unsay_held()  # a change by touch: a move held for the clock is entered, or moot
        if self.mirror is not None and self._game_of() != self._game:
            # a new game: the players set the board up again, which the camera waits to see;
            # the switch, kept in the data folder, goes with the game (see switch.py)
            new = game_key(getattr(getattr(self.screen, "session", None), "match", None))
            for key, on in ((new, True), (self._game_key, False)):
                if key is not None:
                    keep_following(self.app, key, on)
            self.rebuild(self._changed_cells())
            return
        if self.mirror is not None and self.follower is not None and not self.lost \
                and placement(self.mirror) != placement(self.screen.board_position()):
            taken = _taken_back(self.follower, self.screen)
            if taken:  # an Undo: the camera goes back with it, to the picture before
                self.follower.take_back(taken)
                self.mirror.root = self.mirror.depth
                self._unsay_check()
                return
            self._touched()
        if self.mirror is None or placement(self.mirror) != placement(self.screen.board_position()):
            self.rebuild(self._changed_cells())
        elif self.mirror.fen().split()[:4] != self.screen.board_position().fen().split()[:4]:
            # the same board, another side to move (a turn passed on time), or rights lost:
            # the follower goes on with the picture, from the screen's position
            self.mirror = ScreenPosition(self.screen)
            self._follow_on(self.follower)
        else:
            self.mirror.root = self.mirror.depth

    def _choice_made(self, later: int) -> bool:
        """Whether the screen's board is the follower's but for its ``later`` last moves: the
        die (or promotion) asked for the move before them was answered, or the referee, who
        cancelled it, entered that move by touch (then too the moves seen after it go in:
        taken back, the follower's picture, which shows them, would hide them for good).
        Cancelled and left, the board decides, as after any question left open."""
        if self.mirror is None or self.follower is None or self.lost:
            return False
        probe = self.mirror.board.copy()
        try:
            for _ in range(later):
                probe.pop()
        except Exception:  # fewer moves on the follower's board: nothing to enter
            return False
        return placement(probe) == placement(self.screen.board_position())

    def _game_of(self) -> Any:
        return getattr(getattr(getattr(self.screen, "session", None), "match", None), "id", None)

    def _changed_cells(self) -> frozenset[str]:
        """The cells whose occupancy the screen's change gave another than the follower's board
        had, when the change is neither a move on from it nor moves taken back (those the
        follower follows): a new game, an Undo of a move made before the camera followed,
        several moves at once. The board's look is learnt again only from a frame that reads
        them as the screen has them (the players still have to bring the real board there:
        until then the frame shows the old board there)."""
        from companion.vision.follower import occupancy

        if self.mirror is None or self.follower is None or self.lost:
            return frozenset()
        cells = self.follower.cells
        before = occupancy(self.mirror, cells)
        after = occupancy(self.screen.board_position(), cells)
        return frozenset(c for c in cells if before[c] != after[c])

    def _touched(self) -> None:
        """The one move from the mirror's position that gives the screen's board, if any,
        chosen on the follower (as the players' answer)."""
        assert self.mirror is not None
        want = placement(self.screen.board_position())
        found = []
        board = self.mirror.board  # (the screen's options are already the next position's)
        for move in board.legal_moves():
            board.push(move)
            if placement(board) == want:
                found.append(str(move))
            board.pop()
        if len(set(found)) == 1:
            from companion.vision.follower import occupancy

            root, self.mirror.root = self.mirror.root, -1  # the engine's moves, not the screen's
            try:
                self.follower.choose(found[0])
            except ValueError:
                return
            finally:
                self.mirror.root = root
            self.feed.worker.tell_position(occupancy(self.mirror, self.follower.cells))

    # -- the loop ------------------------------------------------------------------------------
    def wake_in_ms(self) -> int | None:
        return self.feed.wake_in_ms() if self.on else None

    def poll(self) -> bool:
        """Feed the readings that arrived; True when the screen changed."""
        if not self.on:
            return False
        changed = False
        for result in self.feed.poll():
            changed = True
            if result.reading is None or self.follower is None:
                continue
            self._note_moved(result.reading)
            if self.lost:
                self._look_for_the_game(result.reading)
                continue
            if self.question and not self.asking():
                # the camera's question was closed unanswered (Cancel): about moves made
                # before the camera saw the board, their squares are named instead (see
                # ChangeFollower.dismissed)
                self.question, self.run_arrows = [], []
                for event in self.follower.dismissed():
                    self.apply(event)
            if self.screen.overlay_buttons:
                continue  # a question is open: the players answer it first
            if self.mirror is not None and self.mirror.depth != self.mirror.root:
                self.sync()  # a choice left open was cancelled: the board decides
            try:
                events = self.follower.feed(result.reading, at=getattr(result, "at", None))
            except Exception:  # a move the mirror cannot play: start again from the board
                self.rebuild()
                continue
            self._holding = False
            for event in events:
                if self._holding:
                    break  # (a run's later moves, held with its first)
                try:
                    self.apply(event)
                except JournalError as exc:  # not saved (a full disk): said, as for a touch
                    self.app.show_banner(self.screen.t("banner.not_saved", error=exc), ms=None)
                    self.app.play("error")
                    self.rebuild()
            doubt = self.doubt()
            if self._doubted and not doubt:
                self._unsay_check()  # the squares named are set right: their banner goes
            self._doubted = bool(doubt)
        return changed

    def doubt(self) -> tuple[str, ...]:
        """The squares the camera named to check while that doubt stands (the board screen
        keeps them marked and the camera button amber, after the banner's time): () when
        none, or when not following."""
        from companion.ui.vision.worker import SourceState

        if not self.on or self.lost or self.follower is None \
                or self.feed.state in (SourceState.FAILED, SourceState.BAD):
            return ()  # (a camera gone: the game goes on by touch, nothing to check for it)
        session = getattr(self.screen, "session", None)
        if session is not None and session.is_over():
            return ()  # (pieces cleared off a finished game's board are no question)
        return tuple(getattr(self.follower, "doubt", ()))

    def _note_moved(self, reading: Any) -> None:
        """A camera bumped while following: said once; the game goes on by touch until the
        camera sees the game's position again (:meth:`_look_for_the_game`)."""
        moved = reading.status.name == "CAMERA_MOVED"
        if moved and not self.lost:
            self.lost = True
            self.app.show_banner(self.screen.t("vision.follow.moved"), ms=None)
            self.app.play("error")
        if moved or reading.ok:
            self.moved = moved

    def _look_for_the_game(self, reading: Any) -> None:
        """After a bump the camera (calibrated again, by itself or by the referee) may see the
        board from elsewhere, and moves may have been made meanwhile (entered by touch, or
        not yet): it follows again only from a calm sight whose every sure cell shows the
        position on the screen, as the picture the next move is judged against."""
        from companion.vision.follower import occupancy

        if reading.status.name not in ("OK", "UNEXPECTED") or not reading.cells:
            return
        position = self.screen.board_position()
        want = occupancy(position, tuple(position.geometry.cells))
        unsure = reading.unsure
        if len(unsure) > LOST_UNSURE or any(
                getattr(state, "value", state) != want.get(cell)
                for cell, state in reading.cells.items() if cell not in unsure):
            return
        self.lost = False
        self.rebuild()
        self._unsay_moved()
        self.app.show_banner(self.screen.t("vision.follow.found"), level="info")

    def _unsay_moved(self) -> None:
        self.app.hide_banner(self.screen.t("vision.follow.moved"))

    def apply(self, event: Any) -> None:
        from companion.vision.follower import EventKind

        screen = self.screen
        if event.kind in (EventKind.MOVE, EventKind.TAKEBACK):
            self._unsay_check()
        if event.kind is EventKind.MOVE:
            reason = screen.move_refusal()
            if reason:  # the clock does not take a move now: held until it does
                self._hold(reason)
                return
            self._unsay_held()
            self._note_together(event)
            # (the moves seen made after it, with it: a step of a turn seen whole takes the
            # die that leaves the other step its own)
            then = list(event.together[event.together.index(event.move) + 1:]) \
                if event.move in event.together else []
            options = screen.options_then(event.move, then)
            if len(options) == 1:
                screen.play(options[0], by=BY_CAMERA_TOGETHER if event.together else BY_CAMERA)
            elif options:  # the same move with either die: the screen's usual choice
                self._ask_die(options)
                if then:  # the steps after it wait for the answer, then go in (see sync)
                    self._after_choice = [replace(event, move=move) for move in then]
                    self._holding = True
                return  # the follower's mirror is a move ahead until the choice is made
            self.sync()
        elif event.kind is EventKind.TAKEBACK:
            screen.undo()
            self.sync()
        elif event.kind is EventKind.AMBIGUOUS:
            reason = screen.move_refusal()
            if reason:  # the clock takes no move now: not asked while it does not (it came
                # back at every look, answered or not), said to wait; asked again once it does
                if self.follower is not None:
                    self.follower.ask_again()
                from companion.vision.follower import RUN_JOIN

                shown = [self.describe_run(text)[0] for text in event.candidates]
                key = "board.camera.held_run" if all(RUN_JOIN in text for text in
                                                     event.candidates) else "board.camera.held"
                self._say_held(self.screen.t(key, reason=reason, moves=" / ".join(shown)))
                return
            self._unsay_held()
            self.ask(event.candidates)
        elif event.kind is EventKind.CHECK:
            if event.squares != self.last_check:
                self._unsay_check()
                self.last_check = event.squares
                self._check_text = self._check_words(event.squares)
                if event.quiet:  # (a new game's board perhaps being reset: no alarm)
                    self.app.show_banner(self._check_text, level="info")
                else:
                    self.app.show_banner(self._check_text)
                    self.app.play("error")

    def _check_words(self, squares: tuple[str, ...]) -> str:
        screen = self.screen
        key = "board.camera.check" if screen.options() else "board.camera.no_moves"
        text = screen.t(key, squares=" ".join(squares))
        rule = screen.binding_rule()
        if rule:  # the move seen may be one a spell forbids this turn
            text += f" · {rule}"
        return text

    def doubt_text(self) -> str:
        """The banner's words for the squares in doubt, kept on the screen's panel while the
        doubt stands ("" when none)."""
        doubt = self.doubt()
        return self._check_words(doubt) if doubt else ""

    def _ask_die(self, options: list[Any]) -> None:
        """The move the camera found (or the players chose) with either die: the screen's usual
        choice of the die, the answer journalled as theirs."""
        screen = self.screen
        screen.choices, screen.choices_by = options, BY_CAMERA_ASKED
        # (the move named: the referee did not touch it, as when a touch asks the die)
        screen.choices_title = screen.t("board.camera.which_die",
                                        move=self.describe(str(move_of(options[0].payload)))[0])
        screen._layout_overlay()
        screen.dirty = True

    def _hold(self, reason: str, then: "list[str] | tuple[str, ...]" = ()) -> None:
        """The camera saw a move (or a run of them) that the screen would refuse now (a Magici
        station's clocks not started, or stopped by the referee): it is not entered, and the
        follower goes back to before it, so that it is found again, and entered, once the clock
        takes moves. Said once (a banner that stays while the move waits), not at every look.
        ``then``: the moves chosen after it, which wait with it (named too)."""
        assert self.follower is not None and self.mirror is not None
        moves = self.follower.withdraw(self.mirror.depth - self.mirror.root) + list(then)
        self._holding = True  # the rest of this batch of moves waits too
        self._together = []
        from companion.vision.follower import RUN_JOIN

        shown = self.describe_run(RUN_JOIN.join(moves))[0]  # (each where those before leave it)
        self._say_held(self.screen.t("board.camera.held_run" if len(moves) > 1 else
                                     "board.camera.held", reason=reason, moves=shown))

    def _say_held(self, text: str) -> None:
        """A banner that stays while what the camera saw waits for the clock, said once."""
        if text != self._held_text:
            self._unsay_held()
            self._held_text = text
            self.app.show_banner(text, ms=None)
            self.app.play("error")

    def _unsay_held(self) -> None:
        if self._held_text:
            self.app.hide_banner(self._held_text)
            self._held_text = ""

    def _note_together(self, event: Any) -> None:
        """A run of moves the camera saw only together (made fast, with no calm picture
        between them) is played like any other, and said once its last move is in: the
        referee checks on the board that the camera put them in the right order."""
        if not event.together:
            self._together = []
            return
        if event.move == event.together[0]:
            self._together = []
        self._together.append(self.describe(event.move)[0])
        if event.move == event.together[-1]:
            self.app.show_banner(self.screen.t("board.camera.together", n=len(self._together),
                                               moves=", ".join(self._together)))
            self._together = []

    def _unsay_check(self) -> None:
        """The camera found the move after all (a hand had stayed in view): the squares it
        asked to check are no longer in doubt, and their banner goes."""
        self.last_check = ()
        if self._check_text:
            self.app.hide_banner(self._check_text)
            self._check_text = ""

    def ask(self, candidates: tuple[str, ...]) -> None:
        """Which of these moves was made: numbered buttons beside the board, in the user's
        notation (piece letter, from and to: "1  Cg1-f3"), and on the board behind, an arrow
        with the same number for each (see :meth:`FollowWithCamera.draw_camera_question`).

        A candidate may be a run of moves the camera saw only together, still unsure of some
        squares (:data:`~companion.vision.follower.ASK_RUNS`): its button names them in the
        order offered ("1  e2-e4, e7-e5, Dd1-h5, Cb8-c6"), one answer enters them all, and
        the board shows an arrow for each of its moves, without a number."""
        from companion.vision.follower import RUN_JOIN

        screen = self.screen
        items, self.question, self.run_arrows = [], [], []
        self.candidates = tuple(candidates)
        for n, text in enumerate(candidates, 1):
            if RUN_JOIN in text:
                label, moves = self.describe_run(text)
                self.question.append(())
                self.run_arrows += [m for m in moves if m not in self.run_arrows]
            else:
                label, cells = self.describe(text)
                self.question.append(cells)
            items.append((f"{n}  {label}", self._chooser(text)))
        runs = [RUN_JOIN in text for text in candidates]
        title = "board.camera.which_run" if all(runs) else "board.camera.which_some" if any(
            runs) else "board.camera.which"
        screen.ask(screen.t(title), items, area=screen.panel.copy())

    def asking(self) -> bool:
        """A question of the camera is open on the screen."""
        screen = self.screen
        return bool(self.question) and bool(screen.overlay_buttons) \
            and screen.overlay_title in (screen.t("board.camera.which"),
                                         screen.t("board.camera.which_run"),
                                         screen.t("board.camera.which_some"))

    def describe_run(self, text: str) -> tuple[str, list[tuple[str, ...]]]:
        """A run of moves (their texts joined by ``RUN_JOIN``; one move alone too), as the user
        reads it ("e2-e4, e7-e5, Dd1-h5"), each where those before it leave the screen's
        board, and the cells of each of its moves."""
        from companion.vision.follower import RUN_JOIN

        mirror = ScreenPosition(self.screen)  # (a turn of two steps stays the same side's)
        labels, moves = [], []
        for move in text.split(RUN_JOIN):
            label, cells = self.describe(move, mirror.board)
            labels.append(label)
            moves.append(cells)
            try:
                mirror.push(mirror.board.parse_move(move))
            except Exception:  # (not a move here: the rest is named as the engine writes it)
                labels += text.split(RUN_JOIN)[len(labels):]
                break
        return ", ".join(labels), moves

    def describe(self, text: str, position: Any = None) -> tuple[str, tuple[str, ...]]:
        """A candidate move as the user reads it (the long notation in the screen's language)
        and the cells it goes through; ``position``: where it is played (the screen's board)."""
        from companion.rules.notation import long_tokens, notation_tokens, render

        position = self.screen.board_position() if position is None else position
        move = next((m for m in position.legal_moves() if str(m) == text), None)
        if move is None:
            return text, ()
        lang = self.screen.lang()
        try:  # the history's notation when it names the square left ("c3xe5"), else the long
            label = render(notation_tokens(position, move), lang)
            if move.origin not in label:
                label = render(long_tokens(position, move), lang)
        except Exception:  # a move the notation does not know: the engine's text
            label = text
        cells = (move.origin, *getattr(move, "path", ()), move.target)
        return label, tuple(dict.fromkeys(cells))

    def _chooser(self, text: str):
        from companion.vision.follower import RUN_JOIN

        def choose() -> None:
            self.question, self.run_arrows = [], []
            self.screen.close_overlay()
            run = text.split(RUN_JOIN)
            for k, move in enumerate(run):  # (a run: its moves one after the other)
                if not self._answer(move, run[k + 1:]):
                    return
            self.sync()
            if self.follower is not None and self.mirror is not None:
                # the position the answer leaves: a reader that has not learnt the board yet
                # (it showed moves the game lacked) learns it from there
                from companion.vision.follower import occupancy

                self.feed.worker.tell_position(occupancy(self.mirror, self.follower.cells))
        return choose

    def _answer(self, text: str, then: "list[str] | tuple[str, ...]" = ()) -> bool:
        """The players' answer ``text`` (one move) entered, as the camera's question's: False
        when nothing more can be entered after it for now (the clock takes no move, the die is
        asked, or the screen did not take it). ``then``: the moves of the answer after it
        (named as waiting too when the clock takes no move)."""
        screen = self.screen
        if self.follower is not None:  # the camera goes on from the answer
            try:
                self.follower.choose(text)
            except ValueError:
                pass
        reason = screen.move_refusal()
        if reason and self.follower is not None and self.mirror is not None:
            self._hold(reason, then)  # the clock takes no move now: asked again once it does
            return False
        options = screen.options_then(text, list(then))
        if len(options) > 1:  # the move either die allows: the die is asked next, as a touch
            self._ask_die(options)
            self._after_choice = list(then)  # (the answer's later moves: entered after it)
            return False
        before = placement(screen.board_position())
        if options:
            screen.play(options[0], by=BY_CAMERA_ASKED)
        if options and placement(screen.board_position()) != before:
            return True
        self.sync()  # (not taken: the camera starts again from the board as it stands)
        return False

    def status_colour(self) -> Any:
        from companion.ui import theme
        from companion.ui.vision.worker import SourceState

        if not self.on:
            return None
        if self.feed.state in (SourceState.FAILED, SourceState.BAD):
            return theme.DANGER
        reading = self.feed.reading
        if reading is None or not reading.ok or self.lost or self.doubt():
            return theme.WARN  # (lost: not following for now; a doubt: squares to check)
        return theme.OK
