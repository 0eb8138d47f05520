"""A ChessBall match on the journal: validate, journal, then adopt (state by replay).

The screens never change a match state themselves: they build an event, :meth:`Session.probe`
it (the core's reducer on a copy: the normalised event, the state after it and its MP cost),
and :meth:`Session.submit` writes the normalised event to the journal *before* the screen
shows its effect. Undo is the journal's (a compensating event) followed by a replay of
``match.effective()``, so a power cut or an undo always lands on a state the reducer built.

The match's mode and rule options are kept in the journal match's ``meta``; each event is
stored as ``(kind, data)`` with ``data`` the normalised event without its ``kind``.

No pygame here: the session is tested on its own.

>>> import tempfile, os
>>> from companion.core.journal import Journal
>>> j = Journal.open(os.path.join(tempfile.mkdtemp(), "j.db"))
>>> s = Session.start(j, Mode.COUNTING)
>>> _ = s.submit({"kind": "kickoff"}); _ = s.submit({"kind": "roll", "side": "white", "faces": [6, 6, 6]})
>>> s.state.movement_points[Side.WHITE], s.undo(), s.state.movement_points[Side.WHITE]
(18, True, 0)
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.chessball.events import IllegalEvent
from companion.chessball.match import Match, replay
from companion.chessball.options import RuleOptions
from companion.chessball.pieces import Side
from companion.chessball.state import MatchState, Mode, Phase
from companion.core.journal import FINISH, Journal, MatchLog

GAME = "chessball"
SHOT_PHASES = (Phase.KEEPER_ROLL, Phase.DIRECTION_ROLL)  # a shot under way: undo goes on to its kick


class SessionError(ValueError):
    """The journal's match cannot be read as a ChessBall match; the message says why."""


@dataclass(frozen=True)
class Preview:
    """What an event would do: the event to journal, the state after it, the MP it costs."""

    event: dict[str, Any]
    before: MatchState
    after: MatchState
    side: Side | None

    @property
    def cost(self) -> int:
        """MP the acting side pays (negative when it gains, as with some substitutions)."""
        if self.side is None:
            return 0
        return self.before.movement_points[self.side] - self.after.movement_points[self.side]


@dataclass(frozen=True)
class Change:
    """What a submitted event changed that a referee should be told about."""

    goal_for: Side | None = None
    half_time: bool = False
    full_time: bool = False


def describe_change(before: MatchState, after: MatchState) -> Change:
    goal_for = next((s for s in Side if after.score[s] > before.score[s]), None)
    return Change(
        goal_for=goal_for,
        half_time=before.half == 1 and after.half == 2,
        full_time=before.phase is not Phase.FULL_TIME and after.phase is Phase.FULL_TIME,
    )


def _events_of(log: MatchLog) -> list[dict[str, Any]]:
    return [{"kind": e.kind, **e.data} for e in log.effective() if e.kind != FINISH]


class Session:
    """One ChessBall match: the journal's log and the state replayed from it."""

    def __init__(self, log: MatchLog, mode: Mode, options: RuleOptions) -> None:
        self.log = log
        self.mode = mode
        self.options = options
        self.state: MatchState = self._replay()

    # -- opening ------------------------------------------------------------------------------
    @classmethod
    def start(cls, journal: Journal, mode: Mode = Mode.POSITIONAL, options: RuleOptions | None = None,
              title: str = "") -> "Session":
        options = options or RuleOptions()
        log = journal.new_match(GAME, title=title or time.strftime("%d/%m/%Y %H:%M"),
                                meta={"mode": mode.value, "options": options.to_dict()})
        return cls(log, mode, options)

    @classmethod
    def resume(cls, log: MatchLog) -> "Session":
        """Reopen a journal match (after a power cut, or from the resume screen)."""
        info = log.info
        if info.game != GAME:
            raise SessionError(f"match {info.id} is a {info.game!r} match, not ChessBall")
        try:
            mode = Mode(info.meta.get("mode", Mode.POSITIONAL.value))
            options = RuleOptions.from_dict(info.meta.get("options", {}))
        except ValueError as exc:
            raise SessionError(f"match {info.id}: its settings cannot be read ({exc})") from None
        return cls(log, mode, options)

    def _replay(self) -> MatchState:
        try:
            return replay(_events_of(self.log), self.mode, self.options)
        except IllegalEvent as exc:
            raise SessionError(f"match {self.log.id} does not replay: {exc}") from None

    # -- events -------------------------------------------------------------------------------
    def probe(self, event: Mapping[str, Any]) -> Preview:
        """The reducer on a copy; :class:`IllegalEvent` with the reason if it is refused."""
        probe = Match(self.mode, self.options)
        probe.state = self.state
        normalised = probe.apply(event)
        side = event.get("side")
        acting = None
        if isinstance(side, str) and side in ("white", "black"):
            acting = Side(side)
        elif self.state.side_to_move is not None:
            acting = self.state.side_to_move
        return Preview(normalised, self.state, probe.state, acting)

    def submit(self, event: Mapping[str, Any]) -> Change:
        """Validate, journal (committed), then adopt the new state. Refused: nothing changes."""
        preview = self.probe(event)
        data = {k: v for k, v in preview.event.items() if k != "kind"}
        self.log.append(preview.event["kind"], data)
        self.state = preview.after
        change = describe_change(preview.before, preview.after)
        if change.full_time:
            self.log.finish(self.result())
        return change

    def result(self) -> dict[str, Any]:
        s = self.state
        winner = s.winner()
        return {"score": {side.value: s.score[side] for side in Side},
                "winner": winner.value if winner else None}

    def abandon(self) -> None:
        """Close an unfinished match (a new one starts instead); its events stay in the journal."""
        if not self.finished:
            self.log.finish({**self.result(), "abandoned": True, "turn": self.state.turn})

    def can_undo(self) -> bool:
        """Some event counts (the state is their replay, so no journal read is needed)."""
        return self.state.events_applied > 0

    def undo(self) -> bool:
        """Undo the last action (and the full-time mark with it); False if nothing to undo.

        A shot is one action however many events it took (the kick, the keeper's roll, the
        parry's direction): undo takes all of it back at once, in one transaction, so no undo
        ever lands in the middle of a shot and changes nothing the referee can see."""
        if not self.can_undo():
            return False
        try:
            with self.log.journal.atomic():
                while True:
                    undone = self.log.undo()
                    if undone is not None and undone.data.get("kind") == FINISH:
                        self.log.undo()
                    self.state = self._replay()
                    if self.state.phase not in SHOT_PHASES or not self.can_undo():
                        break
        except Exception:
            self.state = self._replay()  # rolled back: the state is the journal's again
            raise
        return True

    @property
    def finished(self) -> bool:
        return self.state.phase is Phase.FULL_TIME

    # -- export -------------------------------------------------------------------------------
    def export(self, directory: Path) -> Path:
        """Write the whole match (events, undo marks, final state) as JSON; return the file."""
        directory.mkdir(parents=True, exist_ok=True)
        data = self.log.export_json()
        data["state"] = self.state.to_dict()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = directory / f"chessball-{self.log.id}-{stamp}.json"
        n = 1
        while path.exists():
            n += 1
            path = directory / f"chessball-{self.log.id}-{stamp}-{n}.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False), "utf-8")
        return path
