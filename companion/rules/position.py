"""The position every grid game shares: a mailbox board, make/unmake, move listing.

The board is a list of piece codes (0 = empty) indexed by cell number; each side's occupied
cells and royal cells are kept as sets, updated incrementally by make/unmake. Subclasses add
their rules by overriding :meth:`Position._legal` (the legal moves as internal tuples),
:meth:`Position.outcome`, and the position-string fields.

>>> from companion.rules import get_variant
>>> pos = get_variant("magici").start_position()
>>> m = pos.parse_move("e2e4"); pos.push(m); pos.fen()
'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
>>> str(pos.pop())
'e2e4'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from companion.rules.atoms import SETS_EN_PASSANT, Mode
from companion.rules.errors import IllegalMove
from companion.rules.fen import format_board_field, parse_board_field
from companion.rules.moves import Flag, InternalMove, Move, Outcome
from companion.rules.pieces import Color, Piece
from companion.rules.refusal import Refusal

if TYPE_CHECKING:
    from companion.rules.variant import Variant

_MOVE_ONLY = int(Mode.MOVE_ONLY)
_CAPTURE_ONLY = int(Mode.CAPTURE_ONLY)
_DOUBLE = int(Flag.DOUBLE_STEP)
_EP = int(Flag.EN_PASSANT)
_CASTLE = int(Flag.CASTLE)


class Position:
    """A position of a grid game; see the module docstring and ``companion.rules``."""

    def __init__(self, variant: "Variant") -> None:
        self.variant = variant
        self.geometry = variant.geometry
        n = len(self.geometry)
        self.board: list[int] = [0] * n
        self.side: int = 0
        self.pieces: list[set[int]] = [set(), set()]
        self.royals: list[set[int]] = [set(), set()]
        self.ep: int = -1
        self.ep_victim: int = -1
        self.castling: int = 0
        self.halfmove: int = 0
        self.fullmove: int = 1
        self._undo: list[tuple[Any, ...]] = []
        self._moves: list[Move] = []
        # Rule tables shared by every position of the variant (see Variant).
        self.arrival: dict[int, list[int]] = variant.arrival
        self.castle_rook: dict[int, tuple[int, int]] = variant.castle_rook
        self.castle_mask: list[int] = variant.castle_mask
        self.resets_halfmove: list[bool] = variant.resets_halfmove

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def from_fen(cls, variant: "Variant", text: str) -> Self:
        raise NotImplementedError

    def put(self, cell: int, code: int) -> None:
        """Place a piece code on an empty cell (used while building a position)."""
        self.board[cell] = code
        color = code & 1
        self.pieces[color].add(cell)
        if self.variant.royal[code]:
            self.royals[color].add(cell)

    def parse_board_field(self, text: str, offset: int, field: int = 1) -> None:
        """Read a FEN-style board field onto this (empty) position; see :mod:`.fen`."""
        for cell, code in parse_board_field(self.variant, text, offset, field):
            self.put(cell, code)

    def board_field(self) -> str:
        return format_board_field(self.variant, self.board)

    def fen(self) -> str:
        raise NotImplementedError

    def copy(self) -> Self:
        """An independent copy with the same position and move stack."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.board = self.board[:]
        new.pieces = [set(self.pieces[0]), set(self.pieces[1])]
        new.royals = [set(self.royals[0]), set(self.royals[1])]
        new._undo = self._undo[:]
        new._moves = self._moves[:]
        self._copy_extra(new)
        return new

    def _copy_extra(self, new: Self) -> None:
        """Subclasses copy their own mutable state here."""

    # -- queries ----------------------------------------------------------------------------
    @property
    def turn(self) -> Color:
        return Color(self.side)

    def piece_at(self, cell: str) -> Piece | None:
        code = self.board[self.geometry.index(cell)]
        return self.variant.pieces[code] if code else None

    @property
    def move_stack(self) -> list[Move]:
        return list(self._moves)

    def outcome(self) -> Outcome | None:
        raise NotImplementedError

    def is_game_over(self) -> bool:
        return self.outcome() is not None

    def __str__(self) -> str:
        return self.fen()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.fen()!r}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.fen() == other.fen()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # -- moves -----------------------------------------------------------------------------
    def _pseudo(self, us: int, only_cells: Any = None) -> list[InternalMove]:
        """Every move of side ``us`` by the atoms alone, ignoring check (Due Re's legality).

        ``only_cells`` limits the movers to a collection of cells."""
        board = self.board
        tables = self.variant.tables
        arrival = self.arrival
        out: list[InternalMove] = []
        append = out.append
        cells = self.pieces[us] if only_cells is None else only_cells
        for frm in cells:
            p = board[frm]
            arr = arrival.get(p)
            for prefix, ray, mode, flags in tables[p][frm]:
                if prefix:
                    blocked = False
                    for c in prefix:
                        if board[c]:
                            blocked = True
                            break
                    if blocked:
                        continue
                for to in ray:
                    q = board[to]
                    if q:
                        if (q & 1) != us and mode != _MOVE_ONLY:
                            append((frm, to, arr[to] if arr else 0, 0))
                        break
                    if mode != _CAPTURE_ONLY:
                        if flags & SETS_EN_PASSANT and to != ray[0]:
                            append((frm, to, 0, _DOUBLE))
                        else:
                            append((frm, to, arr[to] if arr else 0, 0))
        return out

    def _legal(self) -> list[InternalMove]:
        raise NotImplementedError

    def _make(self, m: InternalMove) -> None:
        frm, to, new, flag = m
        board = self.board
        royal = self.variant.royal
        p = board[frm]
        us = p & 1
        them = us ^ 1
        cap_sq = self.ep_victim if flag == _EP else to
        cap = board[cap_sq]
        self._undo.append((m, p, cap, cap_sq, self.ep, self.ep_victim, self.castling, self.halfmove))
        if cap:
            board[cap_sq] = 0
            self.pieces[them].discard(cap_sq)
            if royal[cap]:
                self.royals[them].discard(cap_sq)
        board[frm] = 0
        placed = new or p
        board[to] = placed
        mine = self.pieces[us]
        mine.discard(frm)
        mine.add(to)
        if royal[p]:
            self.royals[us].discard(frm)
            if royal[placed]:
                self.royals[us].add(to)
        elif royal[placed]:
            self.royals[us].add(to)
        if flag == _CASTLE:
            rf, rt = self.castle_rook[to]
            board[rt] = board[rf]
            board[rf] = 0
            mine.discard(rf)
            mine.add(rt)
        if flag == _DOUBLE:
            self.ep = (frm + to) >> 1
            self.ep_victim = to
        else:
            self.ep = -1
            self.ep_victim = -1
        if self.castling:
            self.castling &= self.castle_mask[frm] & self.castle_mask[to]
        if cap or self.resets_halfmove[p]:
            self.halfmove = 0
        else:
            self.halfmove += 1
        if us:
            self.fullmove += 1
        self.side = them

    def _unmake(self) -> None:
        m, p, cap, cap_sq, self.ep, self.ep_victim, self.castling, self.halfmove = self._undo.pop()
        frm, to, new, flag = m
        board = self.board
        royal = self.variant.royal
        us = p & 1
        them = us ^ 1
        self.side = us
        if us:
            self.fullmove -= 1
        mine = self.pieces[us]
        if flag == _CASTLE:
            rf, rt = self.castle_rook[to]
            board[rf] = board[rt]
            board[rt] = 0
            mine.discard(rt)
            mine.add(rf)
        placed = board[to]
        board[to] = 0
        board[frm] = p
        mine.discard(to)
        mine.add(frm)
        if royal[placed]:
            self.royals[us].discard(to)
        if royal[p]:
            self.royals[us].add(frm)
        if cap:
            board[cap_sq] = cap
            self.pieces[them].add(cap_sq)
            if royal[cap]:
                self.royals[them].add(cap_sq)

    # -- the public move API ------------------------------------------------------------
    def to_move(self, m: InternalMove) -> Move:
        """The :class:`Move` of an internal move (one shared value per variant and move)."""
        cache = self.variant.move_cache
        move = cache.get(m)
        if move is None:
            move = cache[m] = self.new_move(m)
        return move

    def new_move(self, m: InternalMove) -> Move:
        """Build the :class:`Move` of an internal move; games with longer forms override."""
        names = self.geometry.cells
        return Move(names[m[0]], names[m[1]], "", (), m)

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order (by origin cell, then target)."""
        to_move = self.to_move
        return [to_move(m) for m in sorted(self._legal())]

    def push(self, move: Move | str) -> None:
        """Play a legal move (a :class:`Move` or its text); :class:`IllegalMove` otherwise."""
        legal = self._legal()
        if isinstance(move, Move) and move.key in legal and self.to_move(move.key) == move:
            self._make(move.key)
            self._moves.append(move)
            return
        text = str(move).strip()
        for m in legal:
            candidate = self.to_move(m)
            if str(candidate) == text:
                self._make(m)
                self._moves.append(candidate)
                return
        raise IllegalMove(self.explain_illegal(text))

    def push_legal(self, move: Move) -> None:
        """Play ``move``, one of :meth:`legal_moves` of this very position (not changed since):
        made without finding the legal moves again to check it. For a search that pushes each
        of the legal moves in turn (the camera's look at moves made unseen: checking each
        again was half its time); any other caller uses :meth:`push`."""
        self._make(move.key)
        self._moves.append(move)

    def pop(self) -> Move:
        """Take back the last move pushed; returns it."""
        if not self._moves:
            raise IndexError("no move to take back")
        self._unmake()
        return self._moves.pop()

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text`` (``e2e4``), or :class:`IllegalMove` saying why not."""
        text = text.strip()
        for m in self._legal():
            candidate = self.to_move(m)
            if str(candidate) == text:
                return candidate
        raise IllegalMove(self.explain_illegal(text))

    def _split_text(self, text: str) -> tuple[int, int]:
        g = self.geometry
        names = sorted(g.cells, key=len, reverse=True)
        for a in names:
            if text.startswith(a):
                rest = text[len(a):]
                for b in names:
                    if rest.startswith(b):
                        return g.index(a), g.index(b)
                raise IllegalMove(Refusal(f"{text!r}: no target cell after {a} (write moves as e2e4)",
                                          "move.no_target", text=text, cell=a))
        raise IllegalMove(Refusal(f"{text!r} is not a move: write it from-to, e.g. e2e4", "move.unreadable",
                                  text=text))

    def split_cells(self, text: str) -> list[int]:
        """The cells named in a move text, in order (``c3e5g3`` -> three cells); the rest of
        the text (a promotion suffix) is ignored."""
        g = self.geometry
        names = sorted(g.cells, key=len, reverse=True)
        cells: list[int] = []
        rest = text
        while rest:
            for name in names:
                if rest.startswith(name):
                    cells.append(g.index(name))
                    rest = rest[len(name):]
                    break
            else:
                break
        return cells

    def explain_illegal(self, text: str) -> str:
        """A human reason why ``text`` is not a legal move here (a
        :class:`~companion.rules.refusal.Refusal`: the sentence with a ``move.*`` code)."""
        outcome = self.outcome()
        if outcome is not None:
            return Refusal(f"the game is over ({outcome.termination.value})", "move.game_over",
                           termination=outcome.termination.value)
        frm, to = self._split_text(text)
        names = self.geometry.cells
        p = self.board[frm]
        if not p:
            return Refusal(f"no piece on {names[frm]}", "move.empty", cell=names[frm])
        if (p & 1) != self.side:
            return Refusal(f"the piece on {names[frm]} is not yours: it is {self.turn.name.lower()} to move",
                           "move.not_yours", cell=names[frm], side=self.turn.name.lower())
        q = self.board[to]
        if q and (q & 1) == self.side:
            return Refusal(f"{names[to]} is occupied by your own piece", "move.own_piece", cell=names[to])
        if not any(m[1] == to for m in self._pseudo(self.side, (frm,))):
            piece = self.variant.pieces[p]
            assert piece is not None
            blocker = self._blocker(p, frm, to)
            if blocker is not None:
                return Refusal(f"the way from {names[frm]} to {names[to]} is blocked on {names[blocker]}",
                               "move.blocked", origin=names[frm], target=names[to], cell=names[blocker])
            return Refusal(f"a {piece.kind} cannot move from {names[frm]} to {names[to]}", "move.cannot_move",
                           kind=piece.kind, origin=names[frm], target=names[to])
        return self.explain_pseudo_illegal(frm, to)

    def _blocker(self, code: int, frm: int, to: int) -> int | None:
        """The first occupied cell on the way to ``to`` along one of the piece's rays, if any."""
        for prefix, ray, _mode, _flags in self.variant.tables[code][frm]:
            path = prefix + ray
            if to in path:
                for c in path[: path.index(to)]:
                    if self.board[c]:
                        return c
        return None

    def explain_pseudo_illegal(self, frm: int, to: int) -> str:
        """The reason for a move the piece could make but the rules forbid; games override."""
        move = f"{self.geometry.cells[frm]}{self.geometry.cells[to]}"
        return Refusal(f"{move} is not legal here", "move.not_legal", move=move)
