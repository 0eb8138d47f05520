"""A grid game kept in the journal: the start position, the moves, undo/redo, the history.

No pygame here: a :class:`BoardSession` is what the board screens drive and what tests check
against the rules engine. The journal holds the truth; the position is a replay of it.

Journal layout (one match per game, ``game`` = the variant name; ``magici-board`` for a Magici
board kept apart from the referee station's match):

- match meta ``{"variant": "duere", "start_fen": "...", "options": {...}}``; a match made by
  someone else (the Magici station's) gets a ``board_start`` event with the same fields instead;
- ``move`` events ``{"move": "e2e4", "fen_before": "..."}`` (the move text as the engine
  writes it: ``c3e5g3`` for a chain, a promotion letter at the end), with ``"by"`` when the
  camera entered it (:data:`MOVE_BY`; none: touched on the board or typed);
- ``referee`` events ``{"action": "draw_agreed" | "resign" | "queen_replacement" | "pass_turn",
  "side": "w", ...}``; a queen replacement carries the position after it (``fen``); a pass
  (Magici's 30 seconds run out) is the engine's ``push_pass``;
- ``finish`` when the game is over (its result), undone together with the move that ended it.

Every action is validated, then appended, then applied: a power cut never loses one.

>>> import tempfile, os
>>> from companion.core.journal import Journal
>>> j = Journal.open(os.path.join(tempfile.mkdtemp(), "j.db"))
>>> s = BoardSession.new(j, "magici")
>>> s.play_text("e2e4"); s.play_text("e7e5")
>>> [h.notation for h in s.history], s.position.turn.name
(['e4', 'e5'], 'WHITE')
>>> s.undo(), s.position.fen()
(True, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1')
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from companion.core.journal import FINISH, Event, Journal, MatchLog, MatchUnreadable
from companion.rules import Color, IllegalMove, Move, Position, get_variant
from companion.rules.variant import Variant
from companion.rules.notation import notation_tokens, render

MOVE, REFEREE, BOARD_START = "move", "referee", "board_start"
# Who entered a move, as its event's ``"by"`` says (none: touched on the board, or typed): the
# camera alone, the camera in a run of moves it saw only together (made fast, no calm picture
# between them: their order is the camera's), or a referee's answer to the camera's question
# (which of these moves was made, or with which die)
BY_CAMERA, BY_CAMERA_TOGETHER, BY_CAMERA_ASKED = "camera", "camera_together", "camera_asked"
MOVE_BY = (BY_CAMERA, BY_CAMERA_TOGETHER, BY_CAMERA_ASKED)
BOARD_KINDS = frozenset({MOVE, REFEREE, BOARD_START, FINISH})


class RefereeAction(Enum):
    """What the referee can record besides moves."""

    DRAW_AGREED = "draw_agreed"
    RESIGN = "resign"
    QUEEN_REPLACEMENT = "queen_replacement"
    PASS_TURN = "pass_turn"  # Magici: the 30 seconds ran out without a move


@dataclass(frozen=True)
class Reason:
    """Why an input was refused: a translation key and its values (``engine`` carries the
    engine's own English text in ``text``, translated where a known pattern matches)."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def engine(cls, reason: object) -> "Reason":
        """The engine's refusal (an exception or its text), with its code and values spelled
        out, so the translation does not depend on the text keeping its type."""
        code = getattr(reason, "code", None)
        params = getattr(reason, "params", None)
        values: dict[str, Any] = {"text": str(reason)}
        if code:
            values["code"] = code
            values["params"] = dict(params or {})
        return cls("engine", values)


class Refused(Exception):
    """An input the rules refuse; ``reason`` says why."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.key)
        self.reason = reason


@dataclass(frozen=True)
class Option:
    """One thing the player may do next, as the squares entered for it.

    ``cells`` is the origin then every landing cell (``("c3", "e5", "g3")`` for a chain);
    ``choice`` tells apart options with the same cells (a promotion letter, a die); ``payload``
    is what the session plays (a :class:`Move`, or Due Re's ``(die, Move)``).
    """

    cells: tuple[str, ...]
    choice: str
    payload: Any


@dataclass(frozen=True)
class HistoryEntry:
    """One line of the move history."""

    number: int  # the move number (White's and Black's moves share it)
    color: Color
    notation: str  # with the standard (English) letters, as exports write it
    text: str  # the engine's move text (or the referee action)
    fen_before: str
    tokens: tuple[str, ...] = ()  # the notation as tokens, for the screen's language
    by: str = ""  # who entered the move (one of MOVE_BY), "" touched or typed

    def shown(self, lang: str) -> str:
        """The notation with the piece letters of ``lang`` (``Cf3`` in Italian, ``Nf3``)."""
        return render(self.tokens, lang) if self.tokens else self.notation


def with_by(data: dict[str, Any], by: str) -> dict[str, Any]:
    """A move event's data, with who entered the move when it was not a touch."""
    if not by:
        return data
    if by not in MOVE_BY:
        raise ValueError(f"unknown move source {by!r} (known: {', '.join(MOVE_BY)})")
    return {**data, "by": by}


def moved_by(data: dict[str, Any]) -> str:
    """Who entered a journalled move (``""``: touched or typed; a journal written before moves
    were tagged, or a value this version does not know, reads as that too: the move itself
    stands either way)."""
    by = data.get("by")
    return by if isinstance(by, str) and by in MOVE_BY else ""


def move_cells(move: Move) -> tuple[str, ...]:
    return (move.origin, *move.path, move.target)


class BoardSession:
    """A game of a grid variant, kept in a journal match (see the module docstring)."""

    def __init__(self, match: MatchLog, variant: Variant, start_fen: str) -> None:
        self.match = match
        self.variant = variant
        self.start_fen = start_fen
        self.position: Position = variant.from_fen(start_fen)
        self.history: list[HistoryEntry] = []
        self.last_move: Move | None = None
        self.result: dict[str, Any] | None = None
        self.replay_error: str | None = None
        self._replays = 0
        self._options_key: tuple[Any, ...] | None = None
        self._options: list[Option] = []
        self.replay()

    # -- making and opening -----------------------------------------------------------------
    @classmethod
    def new(cls, journal: Journal, game: str, start_fen: str | None = None, title: str = "",
            options: dict[str, Any] | None = None, journal_game: str | None = None) -> "BoardSession":
        """A new match for variant ``game`` from ``start_fen`` (the variant's start by default);
        a bad position string raises :class:`~companion.rules.PositionError` before anything
        is written."""
        variant = get_variant(game, options)
        fen = variant.from_fen(start_fen).fen() if start_fen else variant.start_position().fen()
        meta = {"variant": game, "start_fen": fen, "options": options or {}}
        match = journal.new_match(journal_game or game, title=title, meta=meta)
        return cls(match, variant, fen)

    @classmethod
    def open(cls, match: MatchLog, game: str | None = None, start_fen: str | None = None) -> "BoardSession":
        """Reopen a match: the variant and start come from its meta, else from its
        ``board_start`` event; a match that has neither (the station's own) gets a
        ``board_start`` event for ``game`` from ``start_fen``.

        A match whose start cannot be read (an unknown variant, a bad position string, a
        malformed start) raises :class:`MatchUnreadable`: the app sets it aside and goes on."""
        try:
            meta = match.info.meta
            if "variant" in meta and "start_fen" in meta:
                variant = get_variant(meta["variant"], meta.get("options") or None)
                return cls(match, variant, meta["start_fen"])
            for event in match.effective():
                if event.kind == BOARD_START:
                    variant = get_variant(event.data["variant"], event.data.get("options") or None)
                    return cls(match, variant, event.data["start_fen"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise MatchUnreadable(match.journal.path, match.id, f"its start: {type(exc).__name__}: {exc}") from None
        if game is None:
            raise MatchUnreadable(match.journal.path, match.id, "it has no board start (no variant, no start position)")
        variant = get_variant(game)
        fen = variant.from_fen(start_fen).fen() if start_fen else variant.start_position().fen()
        match.append(BOARD_START, {"variant": game, "start_fen": fen, "options": {}})
        return cls(match, variant, fen)

    @property
    def game(self) -> str:
        return self.variant.name

    # -- replay -------------------------------------------------------------------------------
    def board_events(self) -> list[Event]:
        return [e for e in self.match.effective() if e.kind in BOARD_KINDS]

    def replay(self) -> None:
        """Rebuild the position and history from the journal's effective events."""
        self.position = self.variant.from_fen(self.start_fen)
        self.history = []
        self.last_move = None
        self.result = None
        self.replay_error = None
        self._replays += 1
        self.reset_turn_state()
        for event in self.board_events():
            try:
                self.apply_event(event)
            except (IllegalMove, ValueError, KeyError) as exc:
                self.replay_error = f"event {event.seq} ({event.kind}): {exc}"
                break

    def reset_turn_state(self) -> None:
        """Subclasses clear what they keep within a turn (Due Re's roll)."""

    def apply_event(self, event: Event) -> None:
        if event.kind == MOVE:
            self._apply_move(self.position.parse_move(event.data["move"]), moved_by(event.data))
        elif event.kind == REFEREE:
            self._apply_referee(event.data)
        elif event.kind == FINISH:
            self.result = dict(event.data)

    def _apply_move(self, move: Move, by: str = "") -> None:
        pos = self.position
        before = pos.fen()
        number, color = pos.fullmove, pos.turn
        tokens = notation_tokens(pos, move)
        pos.push(move)
        tokens += (check_suffix(pos),)
        self.history.append(HistoryEntry(number, color, render(tokens), str(move), before, tokens,
                                         by))
        self.last_move = move

    def _apply_referee(self, data: dict[str, Any]) -> None:
        action = RefereeAction(data["action"])
        pos = self.position
        entry = HistoryEntry(pos.fullmove, pos.turn, "--" if action is RefereeAction.PASS_TURN else action.value,
                             action.value, pos.fen())
        if action is RefereeAction.PASS_TURN:
            pos.push_pass()  # type: ignore[attr-defined]
            self.last_move = None
        if action is RefereeAction.DRAW_AGREED and hasattr(pos, "agree_draw"):
            self.position = pos.agree_draw()  # the engine marks it in the position string (Clupso)
        if action is RefereeAction.QUEEN_REPLACEMENT:
            self.position = self.variant.from_fen(data["fen"])
            self.last_move = None
        self.history.append(entry)

    # -- what may be played -------------------------------------------------------------------
    def options(self) -> list[Option]:
        """Everything the side to move may play now (empty when the game is over); computed
        once per state (a touch and a frame ask several times)."""
        key = self.state_key()
        if self._options_key != key:
            self._options = self.compute_options()
            self._options_key = key
        return list(self._options)

    def state_key(self) -> tuple[Any, ...]:
        """Changes whenever what may be played changes (every change appends to the history,
        sets a result or replays)."""
        return (self._replays, len(self.history), self.result is not None)

    def compute_options(self) -> list[Option]:
        if self.is_over():
            return []
        return [Option(move_cells(m), m.promotion, m) for m in self.position.legal_moves()]

    def is_over(self) -> bool:
        return self.result is not None or self.position.outcome() is not None

    def outcome_result(self) -> dict[str, Any] | None:
        """The result to record if the position itself ends the game."""
        outcome = self.position.outcome()
        if outcome is None:
            return None
        winner = None if outcome.winner is None else outcome.winner.letter
        return {"result": outcome.result(), "winner": winner, "termination": outcome.termination.value}

    def explain(self, cells: Sequence[str]) -> Reason:
        """Why the squares entered (an origin, and maybe more) are not a move here."""
        if self.is_over():
            return Reason("board.reason.over")
        pos = self.position
        origin = cells[0]
        piece = pos.piece_at(origin)
        if piece is None:
            return Reason("board.reason.empty", {"cell": origin})
        if piece.color != pos.turn:
            return Reason("board.reason.not_yours", {"cell": origin})
        if len(cells) == 1:
            return Reason("board.reason.no_moves", {"cell": origin})
        try:
            pos.parse_move("".join(cells))
        except IllegalMove as exc:
            return Reason.engine(exc)
        return Reason("board.reason.not_a_move", {"move": "-".join(cells)})

    # -- acting -------------------------------------------------------------------------------
    def play(self, option: Option, by: str = "") -> None:
        """Write the option's move to the journal, then play it (and finish a won game);
        ``by``: who entered it, when not a touch (:data:`MOVE_BY`)."""
        move: Move = option.payload
        if self.is_over():
            raise Refused(Reason("board.reason.over"))
        with self.one_action():  # the move and the finish it causes: one transaction
            self.match.append(MOVE, with_by({"move": str(move), "fen_before": self.position.fen()},
                                            by))
            self._apply_move(move, by)
            self._finish_if_over()

    def play_text(self, text: str) -> None:
        """Play a move given as engine text (``e2e4``, ``c3e5g3``); refused with the reason."""
        for option in self.options():
            if str(option.payload) == text:
                self.play(option)
                return
        try:
            self.position.parse_move(text)
        except IllegalMove as exc:
            raise Refused(Reason.engine(exc)) from None
        raise Refused(Reason("board.reason.not_a_move", {"move": text}))

    def _finish_if_over(self) -> None:
        result = self.outcome_result()
        if result is not None and self.result is None:
            self.match.finish(result)
            self.result = result

    def referee(self, action: RefereeAction, side: Color, **data: Any) -> None:
        """Record a referee decision (an agreed draw, a resignation, a queen replacement)."""
        if self.is_over():
            raise Refused(Reason("board.reason.over"))
        if action is RefereeAction.PASS_TURN:
            push_pass = getattr(self.position.copy(), "push_pass", None)
            if push_pass is None:
                raise Refused(Reason("board.reason.no_pass"))
            try:
                push_pass()
            except IllegalMove as exc:
                raise Refused(Reason.engine(exc)) from None
        payload: dict[str, Any] = {"action": action.value, "side": side.letter, **data}
        with self.one_action():  # the decision and the finish it causes: one transaction
            self.match.append(REFEREE, payload)
            self._apply_referee(payload)
            if action is RefereeAction.DRAW_AGREED:
                self._finish(self.outcome_result() or {"result": "1/2-1/2", "winner": None, "termination": "agreement"})
            elif action is RefereeAction.RESIGN:
                winner = side.other
                self._finish({"result": "1-0" if winner == Color.WHITE else "0-1", "winner": winner.letter,
                              "termination": "resignation"})
            else:
                self._finish_if_over()

    def abandon(self) -> None:
        """Close an unfinished game without a result (a new game replaces it)."""
        if not self.is_over():
            self._finish({"result": "*", "winner": None, "termination": "abandoned"})

    def _finish(self, result: dict[str, Any]) -> None:
        self.match.finish(result)
        self.result = result

    def last_board_event(self) -> Event | None:
        effective = self.match.effective()
        return effective[-1] if effective else None

    def can_undo(self) -> bool:
        last = self.last_board_event()
        return last is not None and last.kind in frozenset({MOVE, REFEREE, FINISH}) | self.extra_undoable()

    def extra_undoable(self) -> frozenset[str]:
        return frozenset()

    def undo(self) -> bool:
        """Take back the last move or referee action (with the finish it caused). Refused
        (False) when the match's last event is not the board's (a station event)."""
        if not self.can_undo():
            return False
        last = self.last_board_event()
        with self.one_action():  # the finish and the move that caused it: one transaction
            self.match.undo()
            if last is not None and last.kind == FINISH:
                self.match.undo()
        self.replay()
        return True

    def can_redo(self) -> bool:
        return self.match.can_redo()

    def redo(self) -> bool:
        if not self.match.can_redo():
            return False
        with self.one_action():
            self.match.redo()
            while self.match.can_redo() and self._next_redo_is_finish():
                self.match.redo()
        self.replay()
        return True

    @contextlib.contextmanager
    def one_action(self) -> Iterator[None]:
        """One user action's writes in one transaction; if it is not saved, the session is
        rebuilt from the journal, so the screen never shows what the journal does not hold."""
        try:
            with self.match.atomic():
                yield
        except BaseException:
            self.replay()
            raise

    def _next_redo_is_finish(self) -> bool:
        stack = self.match.redo_stack()
        return bool(stack) and stack[-1].data.get("kind") == FINISH

    # -- the record ---------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game record: variant, start and final position strings, the moves, the result."""
        return {
            "format": "companion-board/1",
            "game": self.game,
            "match_id": self.match.id,
            "options": self.variant.options if self.variant.options != self.variant.option_defaults else {},
            "start_fen": self.start_fen,
            "final_fen": self.position.fen(),
            "moves": [
                {"number": h.number, "side": h.color.letter, "move": h.text, "notation": h.notation,
                 "fen_before": h.fen_before, **({"by": h.by} if h.by else {})}
                for h in self.history
            ],
            "result": self.result,
        }


def check_suffix(pos: Position) -> str:
    """``#`` after checkmate, ``+`` after check, for games with check; nothing otherwise."""
    is_check = getattr(pos, "is_check", None)
    if is_check is None or not pos.royals[pos.side]:
        return ""
    if is_check():
        outcome = pos.outcome()
        return "#" if outcome is not None and outcome.winner is not None else "+"
    return ""
