"""Due Re: two-king dice chess on 8x8, without pawns and without check.

**Position string**: ``<board> <side> [<fullmove>]``, the board field as in chess FEN with the
letters K Q R B N (red = White = upper case, moves first; blue = Black = lower case), the side
``w``/``b``, and the move number (default 1). Due Re keeps **no dice state** in the position: a
roll is played as a whole turn (:meth:`DueRePosition.push_play`), so every position string
lies between turns.

>>> from companion.rules import get_variant
>>> pos = get_variant("duere").start_position()
>>> pos.fen()
'rrqkkqrr/nnbbbbnn/8/8/8/8/NNBBBBNN/RRQKKQRR w 1'

Rule option ``dice_table``: die face -> piece family (``"king"``, ``"queen"``, ``"rook"``,
``"bishop"``, ``"knight"``) or ``"any"`` (the joker); default 1 King, 2 Queen, 3 Rook,
4 Bishop, 5 Knight, 6 any.

Rule option ``dead_die`` (RULES.md section 2, "non muovere (e perdere il turno)"): a die whose
piece type is all captured or has no legal move is lost. ``"die"`` (the default): only that
die's part of the turn is lost, the other die is played. ``"turn"``: such a die costs the whole
turn: when the roll cannot be played in full (no play uses both dice; a play that takes the
last enemy King with its first die counts as full), the only play is ``pass``.

>>> v = get_variant("duere", {"dead_die": "turn"})
>>> [str(p) for p in v.from_fen("4k3/8/8/8/8/8/8/3K3R w 1").roll_plays((3, 5))]
['pass']
>>> len(get_variant("duere").from_fen("4k3/8/8/8/8/8/8/3K3R w 1").roll_plays((3, 5)))
10
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.errors import IllegalMove, OptionError, PositionError
from companion.rules.fen import field_starts
from companion.rules.moves import InternalMove, Move, Outcome, Termination
from companion.rules.pieces import BISHOP, KING, KNIGHT, QUEEN, ROOK, Color
from companion.rules.position import Position
from companion.rules.variant import Variant

DEFAULT_DICE_TABLE: dict[int, str] = {1: "king", 2: "queen", 3: "rook", 4: "bishop",
                                      5: "knight", 6: "any"}
JOKER = "any"
TABLE_FORM = ("; write every face 1-6 with its piece (king, queen, rook, bishop, knight or any),"
              " e.g. 1=king,2=queen,3=rook,4=bishop,5=knight,6=any")


class DueReVariant(Variant):
    name = "duere"
    title = "Due Re"
    piece_types = (KING, QUEEN, ROOK, BISHOP, KNIGHT)
    # Red: K d1 e1, Q c1 f1, R a1 b1 g1 h1, N a2 b2 g2 h2, B c2 d2 e2 f2 (RULES.md section 2)
    start_fen = "rrqkkqrr/nnbbbbnn/8/8/8/8/NNBBBBNN/RRQKKQRR w 1"
    option_defaults = {"dice_table": DEFAULT_DICE_TABLE, "dead_die": "die"}
    option_values = {"dead_die": ("die", "turn")}
    option_item_values = {"dice_table": ("king", "queen", "rook", "bishop", "knight", JOKER)}

    def check_option(self, key: str, value: Any) -> Any:
        if key == "dice_table":
            return parse_dice_table(value)
        if key == "dead_die" and value not in self.option_values[key]:
            raise OptionError(f"duere option dead_die is one of {list(self.option_values[key])}"
                              f" (a die that cannot be played loses that die, or the whole turn),"
                              f" not {value!r}")
        return value

    def build_rule_tables(self) -> None:
        table: dict[int, str] = self.options["dice_table"]
        self.dead_die_costs_turn = self.options["dead_die"] == "turn"
        # die face -> frozenset of codes it moves, per colour
        self.die_codes: dict[int, tuple[frozenset[int], frozenset[int]]] = {}
        for face, family in table.items():
            per_color = []
            for color in Color:
                per_color.append(frozenset(
                    code for code in range(2, len(self.tables))
                    if code & 1 == color and self.pieces[code] is not None
                    and (family == JOKER or self.pieces[code].kind == family)  # type: ignore[union-attr]
                ))
            self.die_codes[face] = (per_color[0], per_color[1])


def parse_dice_table(value: Any) -> dict[int, str]:
    """A die-to-piece table from a mapping (or text ``"1=king,2=queen,..."``), checked."""
    if isinstance(value, str):
        items: dict[Any, Any] = {}
        for part in value.split(","):
            face, _, family = part.partition("=")
            items[face.strip()] = family.strip()
        value = items
    if not isinstance(value, Mapping):
        raise OptionError(f"dice_table maps die faces 1-6 to pieces, not {value!r}{TABLE_FORM}")
    known = {"king", "queen", "rook", "bishop", "knight", JOKER}
    out: dict[int, str] = {}
    for face, family in value.items():
        text = str(face).strip()
        if isinstance(face, bool) or not (isinstance(face, int) or (text.isascii() and text.isdigit())):
            raise OptionError(f"dice_table: die face {face!r} is not a number 1-6{TABLE_FORM}")
        f = int(face)
        if not 1 <= f <= 6:
            raise OptionError(f"dice_table: die face {f} is not 1-6{TABLE_FORM}")
        fam = str(family).lower()
        if fam not in known:
            raise OptionError(f"dice_table: face {f} names {family!r}; use one of {sorted(known)}")
        out[f] = fam
    missing = sorted(set(range(1, 7)) - set(out))
    if missing:
        raise OptionError(f"dice_table: faces {missing} have no piece{TABLE_FORM}")
    return out


@dataclass(frozen=True)
class RollPlay:
    """One legal way to play a roll: ordered ``(die, move)`` steps (empty: the dice are lost).

    Prints as ``3:a1a3 5:b2c4`` (``pass`` for none).
    """

    steps: tuple[tuple[int, Move], ...]

    def __str__(self) -> str:
        return " ".join(f"{d}:{m}" for d, m in self.steps) or "pass"

    @property
    def dice_used(self) -> tuple[int, ...]:
        return tuple(d for d, _ in self.steps)


@dataclass(frozen=True)
class RollAnalysis:
    """Everything the referee shows for a roll: every legal play, the number of dice that can
    be used (``dice_usable``; ``2 - dice_usable`` dice are lost), which pieces (cells) may
    start a play with each die, and ``lost``: the faces lost whatever the player chooses (when
    either die could be the one used, the player picks, and ``lost`` is empty)."""

    roll: tuple[int, int]
    plays: tuple[RollPlay, ...]
    dice_usable: int
    movers: dict[int, tuple[str, ...]]  # die -> cells of pieces that may start with it
    lost: tuple[int, ...]
    pieces_per_die: dict[int, tuple[str, ...]]  # die -> cells of pieces it moves in some play

    def continuations(self, die: int, move: Move | str) -> list[tuple[int, Move]]:
        """After playing ``move`` with ``die`` first, the legal second steps (empty when the
        turn is over); ``ValueError`` if no legal play starts that way.

        >>> from companion.rules import get_variant
        >>> a = get_variant("duere").start_position().analyse_roll((5, 3))
        >>> [f"{d}:{m}" for d, m in a.continuations(5, "a2b4")]  # the Rook a1 is free
        ['3:a1a2', '3:a1a3', '3:a1a4', '3:a1a5', '3:a1a6', '3:a1a7']
        """
        text = str(move)
        matching = [p for p in self.plays if p.steps and p.steps[0][0] == die
                    and str(p.steps[0][1]) == text]
        if not matching:
            raise ValueError(f"no legal play of {self.roll} starts with {die}:{text}")
        return [p.steps[1] for p in matching if len(p.steps) > 1]


class DueRePosition(Position):
    """A Due Re position: pseudo-legal chess moves, no check, Kings can be taken."""

    variant: DueReVariant
    # a roll of the dice before each move: moves cannot be given several at once (a camera
    # that saw some made together names their squares; it offers no run of them as one answer)
    takes_runs = False

    def __init__(self, variant: DueReVariant) -> None:
        super().__init__(variant)
        self._turns: list[tuple[Any, ...]] = []

    def _copy_extra(self, new: "DueRePosition") -> None:  # type: ignore[override]
        new._turns = self._turns[:]

    @classmethod
    def from_fen(cls, variant: Variant, text: str) -> "DueRePosition":
        assert isinstance(variant, DueReVariant)
        pos = cls(variant)
        fields = text.split()
        if len(fields) not in (2, 3):
            raise PositionError(f"a Due Re position is '<board> <w|b> [<move number>]', got"
                                f" {len(fields)} fields")
        starts = field_starts(text)
        pos.parse_board_field(fields[0], starts[0])
        if fields[1] not in ("w", "b"):
            raise PositionError(f"side to move is 'w' (red) or 'b' (blue), not {fields[1]!r}",
                                field=2, column=starts[1])
        pos.side = 0 if fields[1] == "w" else 1
        if len(fields) == 3:
            if not fields[2].isdigit() or int(fields[2]) < 1:
                raise PositionError(f"the move number must be a whole number >= 1, not"
                                    f" {fields[2]!r}", field=3, column=starts[2])
            pos.fullmove = int(fields[2])
        for color in Color:
            if len(pos.royals[color]) > 2:
                raise PositionError(f"{color.name.lower()} has {len(pos.royals[color])} Kings;"
                                    " at most 2", field=1, column=0)
        if not any(pos.royals[color] for color in Color):
            raise PositionError("neither side has a King: the game ends when a side's last King"
                                " is taken, so the other keeps one", field=1, column=0)
        return pos

    def fen(self) -> str:
        return f"{self.board_field()} {'wb'[self.side]} {self.fullmove}"

    # -- rules ----------------------------------------------------------------------------
    def _legal(self) -> list[InternalMove]:
        if not self.royals[0] or not self.royals[1]:
            return []
        return self._pseudo(self.side)

    def outcome(self) -> Outcome | None:
        for color in Color:
            if not self.royals[color]:
                return Outcome(Termination.KINGS_CAPTURED, color.other)
        return None

    # -- dice -----------------------------------------------------------------------------
    def _die_moves(self, face: int, exclude: int = -1) -> list[InternalMove]:
        codes = self.variant.die_codes[face][self.side]
        board = self.board
        cells = [c for c in self.pieces[self.side] if c != exclude and board[c] in codes]
        return self._pseudo(self.side, cells)

    def _plays(self, roll: tuple[int, int]) -> list[tuple[tuple[int, InternalMove], ...]]:
        """Every ordered way to play ``roll`` using as many dice as possible (a play that
        takes the last enemy King is complete after one die: the game is over)."""
        if self.outcome() is not None:
            return []
        us = self.side
        a, b = roll
        orders = [(a, b)] if a == b else [(a, b), (b, a)]
        full: list[tuple[tuple[int, InternalMove], ...]] = []
        single: list[tuple[tuple[int, InternalMove], ...]] = []
        for d1, d2 in orders:
            for m1 in self._die_moves(d1):
                self._make(m1)
                self.side = us
                if not self.royals[us ^ 1]:
                    full.append(((d1, m1),))
                else:
                    second = self._die_moves(d2, exclude=m1[1])
                    if second:
                        full.extend(((d1, m1), (d2, m2)) for m2 in second)
                    else:
                        single.append(((d1, m1),))
                self._unmake()
        if full:
            return full
        if self.variant.dead_die_costs_turn:
            return [()]  # a die that cannot be played costs the whole turn
        if single:
            return single
        return [()]

    def _play(self, keys: tuple[InternalMove, ...]) -> None:
        us, fullmove = self.side, self.fullmove
        for key in keys:
            self._make(key)
            self.side = us
        self.side = us ^ 1
        self.fullmove = fullmove + us
        self._turns.append((len(keys), us, fullmove))

    def _unplay(self) -> None:
        count, us, fullmove = self._turns.pop()
        for _ in range(count):
            self._unmake()
        self.side, self.fullmove = us, fullmove

    def roll_plays(self, roll: tuple[int, int] | list[int]) -> list[RollPlay]:
        """Every legal way to play ``roll`` (two die faces), in a stable order."""
        pair = _check_roll(roll)
        plays = []
        for steps in self._plays(pair):
            plays.append(RollPlay(tuple((d, self.to_move(m)) for d, m in steps)))
        return sorted(plays, key=str)

    def analyse_roll(self, roll: tuple[int, int] | list[int]) -> RollAnalysis:
        """The plays of a roll, which pieces may start with each die, the dice lost."""
        pair = _check_roll(roll)
        plays = tuple(self.roll_plays(pair))
        usable = max((len(p.steps) for p in plays), default=0)
        movers: dict[int, set[str]] = {d: set() for d in pair}
        per_die: dict[int, set[str]] = {d: set() for d in pair}
        for play in plays:
            if play.steps:
                d, m = play.steps[0]
                movers[d].add(m.origin)
            for d, m in play.steps:
                # Two different pieces: a second step's piece has not moved yet this turn.
                per_die[d].add(m.origin)
        lost: tuple[int, ...] = ()
        if usable == 0:
            lost = pair
        elif usable == 1:
            firsts = {p.dice_used[0] for p in plays}
            if len(firsts) == 1:  # only this die can be used: the other is lost
                rest = list(pair)
                rest.remove(firsts.pop())
                lost = tuple(rest)
        return RollAnalysis(pair, plays, usable,
                            {d: tuple(sorted(c)) for d, c in movers.items()}, tuple(lost),
                            {d: tuple(sorted(c)) for d, c in per_die.items()})

    def push_play(self, play: RollPlay | str, roll: tuple[int, int] | list[int] | None = None) -> None:
        """Play a whole turn: a :class:`RollPlay` (or its text, with ``roll``) from
        :meth:`roll_plays`; the turn passes to the other side."""
        if isinstance(play, str):
            if roll is None:
                raise IllegalMove("give the roll to play a turn written as text")
            text = play.strip()
            found = [p for p in self.roll_plays(roll) if str(p) == text]
            if not found:
                raise IllegalMove(f"{text!r} is not a legal way to play {tuple(roll)}")
            play = found[0]
        if roll is not None and play not in self.roll_plays(roll):
            raise IllegalMove(f"{play} is not a legal way to play {tuple(roll)}")
        self._play(tuple(m.key for _, m in play.steps))
        self._moves.append(TurnMove("", "", play=play))

    def pop(self) -> Move:
        """Take back the last ply, or the last whole turn (returned as a :class:`TurnMove`)."""
        if self._moves and isinstance(self._moves[-1], TurnMove):
            self._unplay()
            return self._moves.pop()
        return super().pop()

    def parse_die_move(self, text: str, face: int) -> Move:
        """The move ``text`` played with die ``face`` as a first step: :class:`IllegalMove`
        with the reason when the move is illegal or does not match the die.

        >>> from companion.rules import get_variant
        >>> get_variant("duere").start_position().parse_die_move("a2b4", 4)
        Traceback (most recent call last):
        ...
        companion.rules.errors.IllegalMove: that piece does not match the dice (a 4 moves a bishop)
        """
        reason = self.explain_die(text, face)
        if reason is not None:
            raise IllegalMove(reason)
        return self.parse_move(text)

    def explain_die(self, text: str, face: int) -> str | None:
        """Why moving ``text`` with die ``face`` is refused, or ``None`` if it fits the die."""
        move = self.parse_move(text)
        codes = self.variant.die_codes[face][self.side]
        if self.board[move.key[0]] not in codes:
            family = self.variant.options["dice_table"][face]
            return f"that piece does not match the dice (a {face} moves a {family})"
        return None


@dataclass(frozen=True)
class TurnMove(Move):
    """A whole Due Re turn on the move stack; ``play`` is the :class:`RollPlay` it played."""

    play: RollPlay = RollPlay(())

    def __str__(self) -> str:
        return str(self.play)


def _check_roll(roll: tuple[int, int] | list[int]) -> tuple[int, int]:
    faces = tuple(roll)
    if len(faces) != 2 or not all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
        raise ValueError(f"a Due Re roll is two die faces 1-6, not {roll!r}")
    return faces[0], faces[1]  # type: ignore[return-value]


DueReVariant.position_class = DueRePosition
