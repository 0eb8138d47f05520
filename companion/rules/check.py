"""Legality for games with check: pins and checks found from the King outwards.

Rather than make every move and test the King, :class:`CheckPosition` finds, from the King's
cell, the enemy pieces that give check and the own pieces pinned to it (along the reversed
rays of the variant's attack probes), then keeps only moves that leave the King safe: King
moves to unattacked cells (with the King lifted off the board), other moves that capture or
block a single checker, pinned pieces along their pin line. Only en passant (a capture that
empties two cells of a line) is made and tested.

Castling is declared by the variant as ``castle_specs[color]``: ``(right bit, king from,
king to, cells that must be empty, cells that must not be attacked)``.
"""

from __future__ import annotations

from companion.rules.atoms import Mode
from companion.rules.moves import Flag, InternalMove, Outcome, Termination
from companion.rules.pieces import Color
from companion.rules.refusal import Refusal
from companion.rules.position import Position

_MOVE_ONLY = int(Mode.MOVE_ONLY)
_CAPTURE_ONLY = int(Mode.CAPTURE_ONLY)
_EP = int(Flag.EN_PASSANT)
_DOUBLE = int(Flag.DOUBLE_STEP)
_CASTLE = int(Flag.CASTLE)


class CheckPosition(Position):
    """A position of a game with check, checkmate and stalemate (one royal piece a side)."""

    # -- legality ------------------------------------------------------------------------
    def _attacked(self, cell: int, by: int) -> bool:
        """Whether side ``by`` attacks ``cell`` (pieces on the board block as they stand)."""
        board = self.board
        for table, codes, _slider in self.variant.probes[by]:
            for _prefix, ray, _mode, _flags in table[cell]:
                for t in ray:
                    p = board[t]
                    if p:
                        if p in codes:
                            return True
                        break
        return False

    def king_cell(self, color: int) -> int:
        return next(iter(self.royals[color]))

    def is_check(self) -> bool:
        return self._attacked(self.king_cell(self.side), self.side ^ 1)

    def _checks_and_pins(self, us: int, ksq: int) -> tuple[list[tuple[int, ...]], dict[int, frozenset[int]]]:
        board = self.board
        checkers: list[tuple[int, ...]] = []
        pins: dict[int, frozenset[int]] = {}
        for table, codes, slider in self.variant.probes[us ^ 1]:
            for _prefix, ray, _mode, _flags in table[ksq]:
                cand = -1
                for t in ray:
                    p = board[t]
                    if p:
                        if (p & 1) == us:
                            if cand >= 0 or not slider:
                                break
                            cand = t
                            continue
                        if p in codes:
                            line = ray[: ray.index(t) + 1]
                            if cand < 0:
                                checkers.append(line)
                            else:
                                pins[cand] = frozenset(line)
                        break
        return checkers, pins

    def _legal(self) -> list[InternalMove]:
        us = self.side
        them = us ^ 1
        board = self.board
        variant = self.variant
        tables = variant.tables
        ksq = next(iter(self.royals[us]))
        checkers, pins = self._checks_and_pins(us, ksq)
        moves: list[InternalMove] = []
        append = moves.append
        attacked = self._attacked
        kp = board[ksq]
        board[ksq] = 0  # the King must not shelter behind itself
        for _prefix, ray, _mode, _flags in tables[kp][ksq]:
            to = ray[0]
            q = board[to]
            if (not q or (q & 1) != us) and not attacked(to, them):
                append((ksq, to, 0, 0))
        board[ksq] = kp
        if len(checkers) > 1:
            return moves
        evasion = frozenset(checkers[0]) if checkers else None
        if evasion is None and self.castling:
            for bit, kfrom, kto, empty, safe in variant.castle_specs[us]:
                if self.castling & bit and not any(board[c] for c in empty) \
                        and not any(attacked(c, them) for c in safe):
                    append((kfrom, kto, 0, _CASTLE))
        arrival = self.arrival
        for frm in self.pieces[us]:
            if frm == ksq:
                continue
            p = board[frm]
            arr = arrival.get(p)
            allowed = pins.get(frm)
            if evasion is not None:
                allowed = evasion if allowed is None else (allowed & evasion)
            for prefix, ray, mode, flags in tables[p][frm]:
                if prefix and any(board[c] for c in prefix):
                    continue
                for to in ray:
                    q = board[to]
                    if q:
                        if (q & 1) != us and mode != _MOVE_ONLY and (allowed is None or to in allowed):
                            append((frm, to, arr[to] if arr else 0, 0))
                        break
                    if mode != _CAPTURE_ONLY and (allowed is None or to in allowed):
                        if flags and to != ray[0]:
                            append((frm, to, 0, _DOUBLE))
                        else:
                            append((frm, to, arr[to] if arr else 0, 0))
        if self.ep >= 0:
            ep = self.ep
            capable = variant.ep_capable
            candidates: list[InternalMove] = []
            for frm in self.pieces[us]:
                p = board[frm]
                if not capable[p]:
                    continue
                for _prefix, ray, mode, _flags in tables[p][frm]:
                    if mode == _CAPTURE_ONLY and ray[0] == ep:
                        arr = arrival.get(p)
                        candidates.append((frm, ep, arr[ep] if arr else 0, _EP))
            # Made and tested after the loop: making a move while iterating the piece set
            # could reorder the set under the iteration.
            for m in candidates:
                self._make(m)
                safe = not attacked(ksq, them)
                self._unmake()
                if safe:
                    append(m)
        return moves

    def outcome(self) -> Outcome | None:
        if self._legal():
            return None
        if self.is_check():
            return Outcome(Termination.CHECKMATE, Color(self.side ^ 1))
        return Outcome(Termination.STALEMATE, None)

    def explain_illegal(self, text: str) -> str:
        try:
            frm, to = self._split_text(text)
        except Exception:
            return super().explain_illegal(text)
        if self.outcome() is None and frm in self.royals[self.side] \
                and abs(to - frm) == 2 and self.geometry.rank_of(to) == self.geometry.rank_of(frm):
            return self._explain_castling(frm, to)
        return super().explain_illegal(text)

    def _explain_castling(self, frm: int, to: int) -> str:
        for bit, kfrom, kto, empty, safe in self.variant.castle_specs[self.side]:
            if (kfrom, kto) != (frm, to):
                continue
            if not self.castling & bit:
                return Refusal("you may no longer castle on that side", "move.castle_lost")
            if any(self.board[c] for c in empty):
                return Refusal("castling needs the cells between King and Rook empty", "move.castle_blocked")
            if self.is_check():
                return Refusal("you cannot castle out of check", "move.castle_check")
            return Refusal("the King would pass through or land on an attacked cell", "move.castle_attacked")
        return Refusal("a King moves one cell (two only when castling from its home cell)", "move.king_step")

    def explain_pseudo_illegal(self, frm: int, to: int) -> str:
        if frm in self.royals[self.side]:
            return Refusal("your king would be in check", "move.king_check")
        if self.is_check():
            return Refusal("your king is in check and this move does not get it out", "move.in_check")
        return Refusal("your king would be in check (the piece is pinned)", "move.pinned")
