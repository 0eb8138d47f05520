"""Due Re in the journal: a roll, then one move per die, the turn played through the engine.

Events (besides :mod:`~companion.rules.session`'s): ``roll`` ``{"faces": [3, 5],
"source": "app" | "typed"}`` opens a turn; each ``move`` carries its ``die``. Only steps that
begin one of the engine's legal plays of the roll are accepted (so the compulsory-move rule
and "use as many dice as possible" hold by construction); when the steps make a whole play the
turn is pushed to the engine (:meth:`~companion.rules.duere.DueRePosition.push_play`). A roll
whose dice are all lost passes the turn at once (the replay does the same, so no event is
needed for it).

>>> import tempfile, os
>>> from companion.core.journal import Journal
>>> s = DueReSession.new(Journal.open(os.path.join(tempfile.mkdtemp(), "j.db")), "duere")
>>> s.roll_dice((3, 5))
>>> sorted({o.cells[0] for o in s.options()})[:4], s.movers()
(['a2', 'b2', 'g2', 'h2'], {3: (), 5: ('a2', 'b2', 'g2', 'h2')})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.core.journal import Event
from companion.rules import Color, IllegalMove, Move, Position
from companion.rules.duere import RollAnalysis, RollPlay
from companion.rules.notation import long_tokens, render
from companion.rules.session import (MOVE, BoardSession, HistoryEntry, Option, Reason, Refused,
                                     moved_by, with_by)

ROLL = "roll"


class DueReSession(BoardSession):
    """A Due Re game: :meth:`roll_dice`, then :meth:`play` one option per die."""

    roll: tuple[int, int] | None
    steps: list[tuple[int, Move]]
    analysis: RollAnalysis | None

    def reset_turn_state(self) -> None:
        self.roll = None
        self.steps = []
        self.analysis = None
        self.lost_last: tuple[int, ...] = ()
        self._next_cache: Any = None  # (see _next_steps)

    def extra_undoable(self) -> frozenset[str]:
        return frozenset({ROLL})

    def board_events(self) -> list[Event]:
        return [e for e in self.match.effective() if e.kind in ("move", "referee", "finish", ROLL)]

    # -- the board as it stands in the middle of a turn ---------------------------------------
    @property
    def mover(self) -> Color:
        """The side whose turn it is (the engine's position keeps it until the turn ends)."""
        return self.position.turn

    def board(self) -> Position:
        """The board with this turn's steps so far applied; its side to move is the mover."""
        if not self.steps:
            return self.position
        shown = self.position.copy()
        shown.push_play(RollPlay(tuple(self.steps)))
        shown.side = int(self.mover)
        return shown

    def dice_left(self) -> list[int]:
        if self.roll is None:
            return []
        left = list(self.roll)
        for die, _ in self.steps:
            left.remove(die)
        return left

    def movers(self) -> dict[int, tuple[str, ...]]:
        """For each die still to play, the cells of the pieces that may move with it now."""
        out: dict[int, set[str]] = {d: set() for d in self.dice_left()}
        for option in self.options():
            die, _ = option.payload
            out.setdefault(die, set()).add(option.cells[0])
        return {d: tuple(sorted(c)) for d, c in out.items()}

    def die_states(self) -> list[tuple[int, str, tuple[str, ...]]]:
        """Each die of the roll, in order, with its state for the dice panel: ``used``;
        ``lost`` (no play can use it, whatever the player does); ``now`` with the cells of the
        pieces that may move with it next; ``later``: no piece may start with it, but it is
        played after the other die (a piece freed by the first move)."""
        if self.roll is None:
            return []
        used = [d for d, _ in self.steps]
        lost = list(self.lost_dice())
        movers = self.movers()
        out: list[tuple[int, str, tuple[str, ...]]] = []
        for die in self.roll:
            if die in used:
                used.remove(die)
                out.append((die, "used", ()))
            elif die in lost:
                lost.remove(die)
                out.append((die, "lost", ()))
            elif movers.get(die):
                out.append((die, "now", movers[die]))
            else:
                out.append((die, "later", ()))
        return out

    def lost_dice(self) -> tuple[int, ...]:
        """The dice of this roll that cannot be used whatever the player does."""
        if self.analysis is None:
            return ()
        if self.steps:  # mid-turn every remaining play uses the other die too
            return ()
        return self.analysis.lost

    def compulsory_applies(self) -> bool:
        """Whether the compulsory-move rule is holding some piece back now: a move that fits a
        die is not offered because it would leave a die unused that could have been used."""
        if self.analysis is None or self.is_over():
            return False
        shown = self.board()
        table = self.variant.options["dice_table"]
        offered = {(die, str(move)) for die, move in (o.payload for o in self.options())}
        for move in shown.legal_moves():
            piece = shown.piece_at(move.origin)
            for die in set(self.dice_left()):
                if piece is not None and table[die] in ("any", piece.kind) and (die, str(move)) not in offered:
                    return True
        return False

    # -- replay -------------------------------------------------------------------------------
    def apply_event(self, event: Event) -> None:
        if event.kind == ROLL:
            self._apply_roll(tuple(event.data["faces"]))  # type: ignore[arg-type]
        elif event.kind == MOVE:
            die = int(event.data["die"])
            for option in self.options():
                if option.payload[0] == die and str(option.payload[1]) == event.data["move"]:
                    self._apply_step(option, moved_by(event.data))
                    return
            raise IllegalMove(f"{event.data['move']} with a {die} is not a legal step here")
        else:
            super().apply_event(event)

    def _apply_roll(self, faces: tuple[int, int]) -> None:
        if self.roll is not None:
            raise ValueError("a second roll in the same turn")
        self.roll = (int(faces[0]), int(faces[1]))
        self.analysis = self.position.analyse_roll(self.roll)
        self.lost_last = ()
        if self.analysis.dice_usable == 0:
            pos = self.position
            self.history.append(HistoryEntry(pos.fullmove, pos.turn, f"{faces[0]}-{faces[1]}", "pass", pos.fen()))
            pos.push_play(RollPlay(()))
            self.lost_last = self.roll
            self.roll, self.analysis = None, None

    def _apply_step(self, option: Option, by: str = "") -> None:
        die, move = option.payload
        shown = self.board()
        tokens = (f"{die}: ", *long_tokens(shown, move))
        self.history.append(HistoryEntry(self.position.fullmove, self.mover, render(tokens), f"{die}:{move}",
                                         shown.fen(), tokens, by))
        self.steps.append((die, move))
        self.last_move = move
        if tuple(self.steps) in {p.steps for p in self.analysis.plays}:  # type: ignore[union-attr]
            self.position.push_play(RollPlay(tuple(self.steps)))
            self.roll, self.steps, self.analysis = None, [], None

    # -- what may be played -------------------------------------------------------------------
    def _plays_from_here(self) -> list[RollPlay]:
        if self.analysis is None:
            return []
        k = len(self.steps)
        done = tuple(self.steps)
        return [p for p in self.analysis.plays if p.steps[:k] == done]

    def state_key(self) -> tuple[Any, ...]:
        return (*super().state_key(), self.roll, len(self.steps))

    def compute_options(self) -> list[Option]:
        if self.is_over() or self.analysis is None:
            return []
        k = len(self.steps)
        seen: dict[tuple[int, str], Option] = {}
        for play in self._plays_from_here():
            if len(play.steps) > k:
                die, move = play.steps[k]
                seen.setdefault((die, str(move)), Option((move.origin, move.target), str(die), (die, move)))
        return list(seen.values())

    def _plays_then(self, moves: Sequence[Any]) -> list[RollPlay]:
        """The plays from here whose next steps move ``moves`` (texts or moves, any die)."""
        k, texts = len(self.steps), [str(m) for m in moves]
        n = k + len(texts)
        return [p for p in self._plays_from_here() if len(p.steps) >= n
                and [str(m) for _, m in p.steps[k:n]] == texts]

    def _next_steps(self) -> dict[tuple[str, ...], dict[str, Move]]:
        """Per run of moves from here (their texts), the moves a play of the roll goes on
        with; made once per state of the turn (the camera asks at every move it tries)."""
        state = (self.analysis, tuple(self.steps))
        cached = self._next_cache
        if cached is not None and cached[0][0] is state[0] and cached[0][1] == state[1]:
            return cached[1]
        table: dict[tuple[str, ...], dict[str, Move]] = {}
        k = len(self.steps)
        for play in self._plays_from_here():
            rest = play.steps[k:]
            texts = tuple(str(m) for _, m in rest)
            for j in range(len(rest)):
                table.setdefault(texts[:j], {}).setdefault(texts[j], rest[j][1])
        self._next_cache = (state, table)
        return table

    def steps_after(self, moves: Sequence[Any]) -> list[Move]:
        """The moves that may follow, in this turn, the steps made so far and then ``moves``
        (each once, whatever its die); empty when the turn ends with them, or when no legal
        play of the roll goes so. The camera's look at two steps made before the board was
        calm asks it (a turn is both dice, often moved in one go).

        >>> import tempfile, os
        >>> from companion.core.journal import Journal
        >>> s = DueReSession.new(Journal.open(os.path.join(tempfile.mkdtemp(), "j.db")), "duere")
        >>> s.roll_dice((4, 5))
        >>> [str(m) for m in s.steps_after(["c2e4"])][:3], s.steps_after(["c2e4", "b2c4"])
        (['a2b4', 'a2c3', 'b2a4'], [])
        """
        return list(self._next_steps().get(tuple(str(m) for m in moves), {}).values())

    def options_then(self, move: str, then: Sequence[str] = ()) -> list[Option]:
        """The options that play ``move`` now and leave the steps ``then`` to follow it in this
        turn (the die a step seen with the next one must take: with 4-6 a bishop's c2-e4 seen
        with a knight's b2-c4 took the 4); every option of ``move`` when no play goes on so."""
        options = [o for o in self.options() if str(o.payload[1]) == move]
        for j in range(len(then), 0, -1):  # (the moves of this turn among them: the next
            # turn's, made before its roll, take no die of this one)
            plays = self._plays_then([move, *then[:j]])
            if plays:
                dice = {p.steps[len(self.steps)][0] for p in plays}
                return [o for o in options if o.payload[0] in dice] or options
        return options

    def explain(self, cells: Sequence[str]) -> Reason:
        if self.is_over():
            return Reason("board.reason.over")
        if self.roll is None:
            return Reason("duere.reason.roll_first")
        shown = self.board()
        origin = cells[0]
        piece = shown.piece_at(origin)
        if piece is None:
            return Reason("board.reason.empty", {"cell": origin})
        if piece.color != self.mover:
            return Reason("board.reason.not_yours", {"cell": origin})
        if origin in {m.target for _, m in self.steps}:  # two different pieces, even on a double
            return Reason("duere.reason.moved_already", {"cell": origin})
        table = self.variant.options["dice_table"]
        matching = [d for d in self.dice_left() if table[d] in ("any", piece.kind)]
        if not matching:
            # the faces with the piece each moves, named in the screen's language
            dice = tuple((d, table[d]) for d in self.dice_left())
            return Reason("duere.reason.no_die", {"kind": piece.kind, "dice": dice})
        if len(cells) >= 2:
            try:
                shown.parse_move(f"{origin}{cells[-1]}")
            except IllegalMove as exc:
                return Reason.engine(exc)
            return Reason("duere.reason.compulsory")
        if any(m.origin == origin for m in shown.legal_moves()):
            return Reason("duere.reason.compulsory")
        return Reason("board.reason.no_moves", {"cell": origin})

    # -- acting -------------------------------------------------------------------------------
    def roll_dice(self, faces: Sequence[int], source: str = "app") -> None:
        """Record a roll (from the app's dice or typed in from real dice) and open the turn."""
        if self.is_over():
            raise Refused(Reason("board.reason.over"))
        if self.roll is not None:
            raise Refused(Reason("duere.reason.already_rolled"))
        pair = tuple(int(f) for f in faces)
        if len(pair) != 2 or not all(1 <= f <= 6 for f in pair):
            raise Refused(Reason("duere.reason.bad_roll", {"faces": "-".join(map(str, pair))}))
        self.match.append(ROLL, {"faces": list(pair), "source": source})
        self._apply_roll(pair)  # type: ignore[arg-type]

    def play(self, option: Option, by: str = "") -> None:
        if self.is_over():
            raise Refused(Reason("board.reason.over"))
        if option not in self.options():
            raise Refused(self.explain(option.cells))
        die, move = option.payload
        with self.one_action():  # the step and the finish it causes: one transaction
            self.match.append(MOVE, with_by({"move": str(move), "die": die,
                                             "fen_before": self.board().fen()}, by))
            self._apply_step(option, by)
            self._finish_if_over()

    def play_text(self, text: str) -> None:
        """Play one step written ``die:move`` (``3:a1a3``)."""
        die_text, _, move_text = text.partition(":")
        for option in self.options():
            if str(option.payload[0]) == die_text.strip() and str(option.payload[1]) == move_text.strip():
                self.play(option)
                return
        cells = (move_text[:2], move_text[2:]) if len(move_text) == 4 else (move_text[:2],)
        raise Refused(self.explain(cells))

    def record(self) -> dict[str, Any]:
        out = super().record()
        out["rolls"] = [e.data["faces"] for e in self.board_events() if e.kind == ROLL]
        return out
