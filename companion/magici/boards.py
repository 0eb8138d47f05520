"""The referee station's one model: the games of both boards running together.

The championship plays two games at once on two human chessboards (seed 002). Each board has
its own game: a journal match (game ``magici``) with its :class:`RefereeStation` (clocks, turn,
spells, result), the touch board linked to it (a ``board_link`` event in that match) and the
championship game it is (the match's ``meta``). :class:`Boards` holds both, polls both clocks
every frame and says when the next thing is due on either; the screens only draw it and drive
it. It knows nothing of pygame, GPIO or serial.

Which board a game is on is written in its match ``meta`` as ``board`` (1 or 2); a
championship game is on its fixture's board. A game without a board (journals from before two
boards) is on board 1. After a power cut :meth:`Boards.load` finds the unfinished game of each
board and the first poll applies everything that ran out meanwhile, on both boards.

A new game is one transaction: its match and its setup are written together
(``Journal.atomic()``), so a power cut never leaves a game without its setup.

>>> from companion.core.clock import FakeClock
>>> from companion.core.journal import Journal
>>> from companion.magici.model import House
>>> clock = FakeClock(1_000_000)
>>> boards = Boards(Journal.open(":memory:", wall_ms=clock.now_ms))
>>> one = boards.start(1, House("Grifondoro"), House("Serpeverde"))
>>> two = boards.start(2, House("Corvonero"), House("Tassorosso"))
>>> _ = one.begin(); _ = two.begin(); clock.advance(30_000)
>>> {n: [c.kind.value for c in cues][-1] for n, cues in boards.poll().items()}
{1: 'turn', 2: 'turn'}
>>> boards.station(2).state.house_on_move.name
'Tassorosso'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.core.journal import CONTENT_ERRORS
from companion.magici.model import House, Side
from companion.magici.station import InCheck, RefereeStation, SpellCheck
from companion.magici.timing import Cue, CueKind, MagiciTiming

GAME = "magici"
BOARDS = (1, 2)
BOARD_LINK = "board_link"  # in a game's match: {"match": id} of the touch board joined to it


def board_of(meta: dict[str, Any] | None) -> int:
    """The board a game's match ``meta`` puts it on (1 when it says nothing).

    >>> board_of({"board": 2}), board_of({"championship": {"match": 1, "round": 2, "board": 2}}), board_of({})
    (2, 2, 1)
    """
    meta = meta or {}
    for value in (meta.get("board"), (meta.get("championship") or {}).get("board")
                  if isinstance(meta.get("championship"), dict) else None):
        try:
            if int(value) in BOARDS:  # type: ignore[arg-type]
                return int(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            continue
    return 1


def linked_board_id(log: Any) -> int | None:
    """The touch board's match joined to a game, if one was opened (found among all its events,
    undone or not, so an undo at the station never loses the board)."""
    for event in reversed(log.events()):
        if event.kind == BOARD_LINK:
            return int(event.data["match"])
    return None


class Boards:
    """Both boards' games. ``in_check_for(log)`` gives a board's check query (the station's
    time-out in check ruling) and ``spell_check_for(log)`` its spell veto; both may be None."""

    def __init__(
        self,
        journal: Any,
        now_ms: Callable[[], int] | None = None,
        in_check_for: Callable[[Any], InCheck | None] | None = None,
        spell_check_for: Callable[[Any], SpellCheck | None] | None = None,
    ) -> None:
        self.journal = journal
        self.now_ms: Callable[[], int] = now_ms or journal.wall_ms
        self.in_check_for = in_check_for
        self.spell_check_for = spell_check_for
        self._stations: dict[int, RefereeStation | None] = {n: None for n in BOARDS}
        self.fresh: dict[int, bool] = {n: False for n in BOARDS}  # opened from the journal, not yet polled
        self.set_aside: list[tuple[int, str]] = []  # matches load() could not open: (id, why)

    @classmethod
    def load(cls, journal: Any, **kwargs: Any) -> "Boards":
        """Both boards with their unfinished games from the journal (after a restart). A game
        whose events the station cannot replay (a setup whose army is a number, say: a journal
        written by hand or damaged) is set aside for this run, named in :attr:`set_aside`, and
        the other board's game still opens: nothing in a journal's content stops the station.
        Only rows that cannot be read at all are set aside in the file: what the station's code
        cannot replay may be that code's fault, and a version that mends it finds the game
        again (a review: every unfinished game was set aside for good by a bug)."""
        from companion.core.journal import MatchUnreadable

        boards = cls(journal, **kwargs)
        for info in reversed(journal.matches(game=GAME, unfinished=True)):  # oldest first: newest wins
            try:
                boards.open(board_of(info.meta), journal.match(info.id), fresh=True)
            except MatchUnreadable as exc:
                journal.set_aside(info.id, exc.reason)
                boards.set_aside.append((info.id, exc.reason))
            except CONTENT_ERRORS as exc:
                reason = f"{type(exc).__name__}: {exc}"
                journal.set_aside(info.id, reason, remember=False)
                boards.set_aside.append((info.id, reason))
        return boards

    # -- the games ------------------------------------------------------------------------------
    def station(self, board: int) -> RefereeStation | None:
        return self._stations[self._check(board)]

    def stations(self) -> dict[int, RefereeStation]:
        return {n: s for n, s in self._stations.items() if s is not None}

    def board_playing(self, match_id: int) -> int | None:
        """The board whose game is the match ``match_id`` (None: on neither)."""
        for n, s in self._stations.items():
            if s is not None and s.log.id == match_id:
                return n
        return None

    def free_board(self) -> int | None:
        """A board with no game or a finished one (board 1 first)."""
        for n in BOARDS:
            s = self._stations[n]
            if s is None or s.state.over:
                return n
        return None

    def open(self, board: int, log: Any, fresh: bool = False) -> RefereeStation:
        """Put the game of ``log`` on ``board`` (replaces what was shown there)."""
        station = RefereeStation(
            log, now_ms=self.now_ms,
            spell_check=self.spell_check_for(log) if self.spell_check_for else None,
            in_check=self.in_check_for(log) if self.in_check_for else None,
        )
        self._stations[self._check(board)] = station
        self.fresh[board] = fresh
        return station

    def start(self, board: int, white: House, black: House, first: Side = Side.WHITE,
              army: dict[Side, str] | None = None, timing: MagiciTiming | None = None,
              title: str = "", meta: dict[str, Any] | None = None) -> RefereeStation:
        """A new game on ``board``: its match and setup in one transaction."""
        self._check(board)
        meta = {**(meta or {}), "board": board}
        with self.journal.atomic():
            log = self.journal.new_match(GAME, title=title or f"{white.name} – {black.name}", meta=meta)
            RefereeStation.new(log, white, black, first=first, army=army, timing=timing, now_ms=self.now_ms)
        return self.open(board, log)

    def close(self, board: int) -> None:
        """Clear a board (its game stays in the journal)."""
        self._stations[self._check(board)] = None

    # -- the loop -------------------------------------------------------------------------------
    def poll(self) -> dict[int, list[Cue]]:
        """Act on what is due on both boards; the cues of each board (only boards with cues)."""
        out: dict[int, list[Cue]] = {}
        for n, s in self._stations.items():
            if s is None:
                continue
            cues = s.poll()
            if self.fresh[n]:  # the first poll after opening from the journal: the app was off
                cues = [replace(c, restart=True) if c.kind is CueKind.CATCH_UP else c for c in cues]
            self.fresh[n] = False
            if cues:
                out[n] = cues
        return out

    def ms_until_next_event(self) -> int | None:
        waits = [w for s in self._stations.values() if s is not None
                 and (w := s.ms_until_next_event()) is not None]
        return min(waits) if waits else None

    @property
    def running(self) -> list[int]:
        return [n for n, s in self._stations.items() if s is not None and s.state.running]

    def _check(self, board: int) -> int:
        if board not in BOARDS:
            raise ValueError(f"board must be 1 or 2, got {board!r}")
        return board
