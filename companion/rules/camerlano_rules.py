"""Camerlano's rules beyond movement: citadels, the Shah-file soldier, the exchange, the end.

**Position string**: ``<board> <side> <exchanges> <arrivals> <move number>``

1. The board field, 11 files, with the citadels in brackets at the end, ``[z2 z9]``, one
   letter or ``-`` each, left out when both are empty: ``...[K-]`` is White's Shah in z2.
2. ``w`` or ``b``.
3. *Exchanges* still available: ``K`` (White's Shah has not exchanged yet), ``k`` (Black's),
   both ``Kk``, or ``-``.
4. *Shah-file arrivals* so far, White's then Black's: ``0,0``. A soldier's first and second
   arrival on the far rank of the f-file are relocated, the third becomes a Prince, later
   ones stay soldiers.
5. The move number.
6. Only with the rule option ``promotion=name``, and only when not empty: the soldiers that
   stand on a file other than the one they are named after, ``cell:letter`` in cell order
   (``g5:N``: a soldier of the knight on g5; ``K`` marks the soldier of the Shah).

The start::

    e1c1m1m1c1e/rnbgvkfgbnr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RNBGFKVGBNR/E1C1M1M1C1E w Kk 0,0 1

**Moves** (every one a separate legal move, RULES.md section 7):

- from-to, ``f2e3``; a soldier's promotion by arrival file is forced, so no suffix
  (``a9a10`` makes a Rook, the third Shah-file arrival ``f9f10`` a Prince);
- the **relocation** of the Shah-file soldier lists the arrival cell then the empty cell it
  is moved to: ``f9f10c5`` (after a capture, ``e9f10c5``);
- the **Shah's exchange** is the Shah's move onto its own piece: ``f2g2``.

**Rulings**: a citadel may be entered only by its owner's Shah or Prince (a one-step move);
no other piece may stop there except to capture a royal piece standing in it. The Shah may
exchange once per game with any of its pieces, never into or out of a citadel; a soldier
exchanged onto the far rank does not promote; a Prince never exchanges. No check: moving into
attack is legal. The game ends when a side has neither Shah nor Prince; a side with no move
loses.

>>> from companion.rules import get_variant
>>> pos = get_variant("camerlano").start_position()
>>> pos.push("f2g2"); pos.fen().split()[0].split("/")[8], pos.fen().split()[2]
('RNBGFVKGBNR', 'k')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.rules.camerlano_fen import CamerlanoStrings
from companion.rules.moves import Flag, Move, Outcome, Termination
from companion.rules.pieces import Color
from companion.rules.position import Position
from companion.rules.refusal import Refusal

if TYPE_CHECKING:
    from companion.rules.camerlano import CamerlanoVariant

SHAH_FILE_ARRIVAL = -1  # arrival-table mark: the move is expanded by the Shah-file rules
_EXCHANGE = int(Flag.EXCHANGE)
_RELOCATE = int(Flag.RELOCATE)

Key = tuple[Any, ...]


class CamerlanoPosition(CamerlanoStrings, Position):
    """A Camerlano position (see the module docstring)."""

    variant: "CamerlanoVariant"

    def __init__(self, variant: "CamerlanoVariant") -> None:
        super().__init__(variant)
        self.exchange_left: list[bool] = [True, True]
        self.arrivals: list[int] = [0, 0]
        self._cam_undo: list[tuple[Any, ...]] = []

    def _copy_extra(self, new: "CamerlanoPosition") -> None:  # type: ignore[override]
        new.exchange_left = self.exchange_left[:]
        new.arrivals = self.arrivals[:]
        new._cam_undo = self._cam_undo[:]

    # -- rules ---------------------------------------------------------------------------
    def in_enemy_citadel(self) -> Color | None:
        """The side whose royal piece stands in the enemy's citadel (classical option)."""
        royal = self.variant.royal
        for cell, owner in self.variant.citadel_owner.items():
            code = self.board[cell]
            if code and (code & 1) != owner and royal[code]:
                return Color(code & 1)
        return None

    def is_attacked(self, cell: str | int, by: Color | int | None = None) -> bool:
        """Whether a piece of ``by`` (default: the side not to move) could capture on
        ``cell`` now (for warnings: Camerlano has no check rule)."""
        target = self.geometry.index(cell) if isinstance(cell, str) else cell
        side = self.side ^ 1 if by is None else int(by)
        return any(m[1] == target for m in self._pseudo(side))

    def shah_attacked(self, color: int) -> bool:
        shah = self.variant.shah_code[color]
        return any(self.board[c] == shah and self.is_attacked(c, color ^ 1)
                   for c in self.royals[color])

    def _legal(self) -> list[Key]:  # type: ignore[override]
        if not self.royals[0] or not self.royals[1] or self.in_enemy_citadel() is not None:
            return []
        us = self.side
        v = self.variant
        board = self.board
        royal = v.royal
        grid = v.grid_size
        classical = v.options["citadel"] == "classical"
        out: list[Key] = []
        for m in self._pseudo(us):
            frm, to, new = m[0], m[1], m[2]
            if to >= grid:  # a citadel
                q = board[to]
                if q:
                    if not royal[q]:
                        continue
                elif not royal[board[frm]] or (v.citadel_owner[to] != us and not classical):
                    continue
            if new == SHAH_FILE_ARRIVAL:
                out.extend(self._shah_file_arrival(frm, to))
            else:
                out.append(m)
        if v.dedupe_moves:
            out = list(dict.fromkeys(out))
        if self.exchange_left[us]:
            out.extend(self._exchanges(us))
        return out

    def _shah_file_arrival(self, frm: int, to: int) -> list[Key]:
        count = self.arrivals[self.side]
        if count >= 2:
            new = self.variant.prince_code[self.side] if count == 2 else 0
            return [(frm, to, new, 0)]
        board = self.board
        return [(frm, dest, 0, _RELOCATE, to) for dest in range(self.variant.grid_size)
                if (not board[dest] and dest != to) or dest == frm]

    def _exchanges(self, us: int) -> list[Key]:
        v = self.variant
        grid = v.grid_size
        shah = v.shah_code[us]
        out: list[Key] = []
        for s in self.royals[us]:
            if self.board[s] != shah or s >= grid:
                continue
            if v.options["exchange"] == "escape_check" and not self.is_attacked(s, us ^ 1):
                continue
            out.extend((s, c, 0, _EXCHANGE) for c in self.pieces[us] if c != s and c < grid)
        return out

    def outcome(self) -> Outcome | None:
        for color in Color:
            if not self.royals[color]:
                return Outcome(Termination.SHAH_CAPTURED, color.other)
        if self.in_enemy_citadel() is not None:
            return Outcome(Termination.CITADEL, None)
        if not self._legal():
            return Outcome(Termination.NO_MOVES, Color(self.side ^ 1))
        return None

    # -- make / unmake -------------------------------------------------------------------
    def _make(self, m: Key) -> None:  # type: ignore[override]
        us = self.side
        v = self.variant
        state = (self.arrivals[:], self.exchange_left[:])
        flag = m[3]
        if flag == _EXCHANGE:
            self._cam_undo.append((m, state))
            self._swap(m[0], m[1])
            self.exchange_left[us] = False
            self.fullmove += us
            self.side = us ^ 1
            return
        frm = m[0]
        arr = self.arrival.get(self.board[frm])
        counts = arr is not None and arr[m[4] if flag == _RELOCATE else m[1]] == SHAH_FILE_ARRIVAL
        if flag == _RELOCATE:
            arrival, dest = m[4], m[1]
            super()._make((frm, arrival, 0, 0))
            board = self.board
            board[dest] = board[arrival]
            board[arrival] = 0
            mine = self.pieces[us]
            mine.discard(arrival)
            mine.add(dest)
        else:
            super()._make(m)  # type: ignore[arg-type]
        if counts:
            self.arrivals[us] += 1
        self._cam_undo.append((m, state))

    def _unmake(self) -> None:
        m, (self.arrivals, self.exchange_left) = self._cam_undo.pop()
        flag = m[3]
        if flag == _EXCHANGE:
            self.side ^= 1
            self.fullmove -= self.side
            self._swap(m[0], m[1])
            return
        if flag == _RELOCATE:
            arrival, dest = m[4], m[1]
            board = self.board
            us = self.side ^ 1
            board[arrival] = board[dest]
            board[dest] = 0
            mine = self.pieces[us]
            mine.discard(dest)
            mine.add(arrival)
        super()._unmake()

    def _swap(self, a: int, b: int) -> None:
        board = self.board
        royal = self.variant.royal
        pa, pb = board[a], board[b]
        board[a], board[b] = pb, pa
        royals = self.royals[pa & 1]
        for code, old, new in ((pa, a, b), (pb, b, a)):
            if royal[code]:
                royals.discard(old)
        for code, old, new in ((pa, a, b), (pb, b, a)):
            if royal[code]:
                royals.add(new)

    # -- move text -------------------------------------------------------------------------
    def new_move(self, m: Key) -> Move:  # type: ignore[override]
        names = self.geometry.cells
        if m[3] == _RELOCATE:
            return Move(names[m[0]], names[m[1]], "", (names[m[4]],), m)  # type: ignore[arg-type]
        return Move(names[m[0]], names[m[1]], "", (), m)  # type: ignore[arg-type]

    # -- reasons ---------------------------------------------------------------------------
    def explain_illegal(self, text: str) -> str:
        text = text.strip()
        cells = self.split_cells(text)
        if self.outcome() is not None or len(cells) < 2:
            return super().explain_illegal(text)
        v = self.variant
        names = self.geometry.cells
        us = self.side
        frm, to = cells[0], cells[1]
        p, q = self.board[frm], self.board[to]
        if p and (p & 1) == us and q and (q & 1) == us and len(cells) == 2:
            return self._explain_exchange(frm, to)
        arr = self.arrival.get(p) if p and (p & 1) == us else None
        if arr is not None and arr[to] == SHAH_FILE_ARRIVAL \
                and any(m[0] == frm and m[1] == to for m in self._pseudo(us, (frm,))):
            count = self.arrivals[us]
            if count < 2 and len(cells) == 2:
                return Refusal(f"the soldier arriving on {names[to]} is moved to an empty cell of your"
                               f" choice: write it after the arrival, e.g. {names[frm]}{names[to]}c5",
                               "move.relocate_needed", cell=names[to], move=f"{names[frm]}{names[to]}")
            if count >= 2 and len(cells) > 2:
                return Refusal(f"this is arrival number {count + 1} on the Shah's file: the soldier is"
                               f" not moved (write {names[frm]}{names[to]})", "move.relocate_not_now",
                               n=count + 1, move=f"{names[frm]}{names[to]}")
            if len(cells) > 2:
                dest = cells[2]
                if dest >= v.grid_size:
                    return Refusal("a relocated soldier goes to an empty cell of the 11x10 board",
                                   "move.relocate_off_board")
                return Refusal(f"{names[dest]} is not empty: the soldier goes to an empty cell",
                               "move.relocate_occupied", cell=names[dest])
        return super().explain_illegal(text)

    def _explain_exchange(self, frm: int, to: int) -> str:
        v = self.variant
        names = self.geometry.cells
        us = self.side
        if self.board[frm] != v.shah_code[us]:
            if self.board[frm] == v.prince_code[us]:
                return Refusal("a Prince has no exchange: only the Shah exchanges places", "move.prince_no_exchange")
            return Refusal(f"{names[to]} is occupied by your own piece", "move.own_piece", cell=names[to])
        if not self.exchange_left[us]:
            return Refusal("your Shah has already used its one exchange", "move.exchange_used")
        if frm >= v.grid_size or to >= v.grid_size:
            return Refusal("the Shah's exchange never goes into or out of a citadel", "move.exchange_citadel")
        if v.options["exchange"] == "escape_check":
            return Refusal("under this rule option the Shah may exchange only to escape an attack",
                           "move.exchange_escape_only")
        return Refusal(f"{names[frm]}{names[to]} is not legal here", "move.not_legal", move=f"{names[frm]}{names[to]}")

    def explain_pseudo_illegal(self, frm: int, to: int) -> str:
        v = self.variant
        names = self.geometry.cells
        if to >= v.grid_size:
            owner = Color(v.citadel_owner[to]).name.lower()
            if v.royal[self.board[frm]]:
                return Refusal(f"{names[to]} is {owner}'s citadel: only {owner}'s Shah or Prince may"
                               " enter it", "move.citadel_royal_only", cell=names[to], side=owner)
            return Refusal(f"the citadel {names[to]} is reserved for {owner}'s Shah: other pieces may"
                           " stop there only to capture a Shah or Prince standing in it", "move.citadel_reserved",
                           cell=names[to], side=owner)
        return super().explain_pseudo_illegal(frm, to)
