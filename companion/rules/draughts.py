"""Draughts men in chess games (Elolbia, Clupso): the man and its chains of jumps.

A man steps one cell orthogonally to an empty cell (forward, back or sideways) and captures
only by jumping diagonally over an adjacent enemy piece (any piece) onto the empty cell right
behind it. It may go on jumping from where it lands, in any diagonal direction, and may stop
after any jump (RULES.md section 4). Rulings: a piece is never jumped twice in one move; the
jumped pieces stay on the board until the move ends (so a chain cannot land on them); the
man's own starting cell counts as empty (a chain may pass through or end on it).

The jump is a movement atom (:class:`~companion.rules.atoms.Jump`) compiled to per-cell
``(jumped, landing)`` pairs in ``variant.jumps``; this module walks them as chains.

A chain's internal key is ``(origin, target, new, Flag.JUMPS, landings, jumped)`` where
``landings`` lists every landing cell in order (the last is ``target``) and ``jumped`` the
cells jumped; its move text lists every landing cell after the origin (``c3e5g3``).

>>> from companion.rules import get_variant
>>> pos = get_variant("elolbia").from_fen("r3k2r/8/8/5n2/8/3b4/2M5/4K3 w 1")
>>> [str(m) for m in pos.legal_moves() if m.origin == "c2"]
['c2c1', 'c2b2', 'c2d2', 'c2c3', 'c2e4', 'c2e4g6']
"""

from __future__ import annotations

from typing import Any

from companion.rules.atoms import DIAGONAL, ORTHOGONAL, Jump, Leap, Mode
from companion.rules.moves import Flag, Move
from companion.rules.pieces import PieceType
from companion.rules.position import Position
from companion.rules.refusal import Refusal

MAN = PieceType("man", "M", (Leap(ORTHOGONAL, Mode.MOVE_ONLY), Jump(DIAGONAL)))
_JUMPS = int(Flag.JUMPS)

Key = tuple[Any, ...]


class DraughtsPosition(Position):
    """A position whose men jump in chains: chain listing, make/unmake, move text, reasons."""

    # -- chains ------------------------------------------------------------------------------
    def _chains(self, frm: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every chain of the man on ``frm`` as ``(landings, jumped)``, each prefix included."""
        board = self.board
        p = board[frm]
        us = p & 1
        table = self.variant.jumps[p]
        out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

        def walk(cell: int, landings: tuple[int, ...], jumped: tuple[int, ...]) -> None:
            for over, land in table[cell]:
                q = board[over]
                if q and (q & 1) != us and not board[land] and over not in jumped:
                    lands, caps = landings + (land,), jumped + (over,)
                    out.append((lands, caps))
                    walk(land, lands, caps)

        board[frm] = 0  # the man has left its cell: a chain may come back through it
        try:
            walk(frm, (), ())
        finally:
            board[frm] = p
        return out

    def _chain_keys(self, us: int) -> list[Key]:
        """Every chain of every man of side ``us`` as internal keys (no promotion)."""
        board = self.board
        jumps = self.variant.jumps
        out: list[Key] = []
        for frm in list(self.pieces[us]):
            p = board[frm]
            table = jumps.get(p)
            if table is None:
                continue
            # Most men have no first jump: test that before walking.
            for over, land in table[frm]:
                q = board[over]
                if q and (q & 1) != us and not board[land]:
                    break
            else:
                continue
            for lands, caps in self._chains(frm):
                out.append((frm, lands[-1], 0, _JUMPS, lands, caps))
        return out

    def _man_takes(self, frm: int, target: int) -> bool:
        """Whether some chain of the man on ``frm`` jumps the piece on ``target``."""
        board = self.board
        p = board[frm]
        us = p & 1
        table = self.variant.jumps[p]

        def walk(cell: int, jumped: list[int]) -> bool:
            for over, land in table[cell]:
                q = board[over]
                if q and (q & 1) != us and not board[land] and over not in jumped:
                    if over == target:
                        return True
                    jumped.append(over)
                    if walk(land, jumped):
                        return True
                    jumped.pop()
            return False

        board[frm] = 0
        try:
            return walk(frm, [])
        finally:
            board[frm] = p

    # -- make / unmake -------------------------------------------------------------------
    def _make(self, m: Key) -> None:  # type: ignore[override]
        if m[3] != _JUMPS:
            super()._make(m)  # type: ignore[arg-type]
            return
        frm, to, new = m[0], m[1], m[2]
        board = self.board
        royal = self.variant.royal
        p = board[frm]
        us = p & 1
        them = us ^ 1
        caps = tuple((c, board[c]) for c in m[5])
        self._undo.append((m, p, caps, self.halfmove))
        theirs = self.pieces[them]
        for c, q in caps:
            board[c] = 0
            theirs.discard(c)
            if royal[q]:
                self.royals[them].discard(c)
        board[frm] = 0
        board[to] = new or p
        mine = self.pieces[us]
        mine.discard(frm)
        mine.add(to)
        self.halfmove = 0
        if us:
            self.fullmove += 1
        self.side = them

    def _unmake(self) -> None:
        if self._undo[-1][0][3] != _JUMPS:
            super()._unmake()
            return
        m, p, caps, self.halfmove = self._undo.pop()
        frm, to = m[0], m[1]
        board = self.board
        royal = self.variant.royal
        us = p & 1
        them = us ^ 1
        self.side = us
        if us:
            self.fullmove -= 1
        mine = self.pieces[us]
        board[to] = 0
        mine.discard(to)
        board[frm] = p
        mine.add(frm)
        theirs = self.pieces[them]
        for c, q in caps:
            board[c] = q
            theirs.add(c)
            if royal[q]:
                self.royals[them].add(c)

    # -- move text -------------------------------------------------------------------------
    def new_move(self, m: Key) -> Move:  # type: ignore[override]
        names = self.geometry.cells
        promotion = self.promotion_text(m[2]) if m[2] else ""
        if m[3] == _JUMPS:
            path = tuple(names[c] for c in m[4][:-1])
            return Move(names[m[0]], names[m[1]], promotion, path, m)  # type: ignore[arg-type]
        return Move(names[m[0]], names[m[1]], promotion, (), m)  # type: ignore[arg-type]

    def promotion_text(self, code: int) -> str:
        """The suffix of a move whose man becomes the piece ``code`` (Clupso's ``=Q``)."""
        piece = self.variant.pieces[code]
        assert piece is not None
        return f"={piece.symbol.upper()}"

    # -- reasons ---------------------------------------------------------------------------
    def explain_illegal(self, text: str) -> str:
        text = text.strip()
        cells = self.split_cells(text)
        if self.outcome() is not None or len(cells) < 2:
            return super().explain_illegal(text)
        frm = cells[0]
        p = self.board[frm]
        table = self.variant.jumps.get(p) if p and (p & 1) == self.side else None
        if table is None:
            return super().explain_illegal(text)
        is_jump = any(land == cells[1] for _over, land in table[frm])
        if len(cells) == 2 and not is_jump:
            return super().explain_illegal(text)
        reason = self.explain_chain(cells)
        if reason is not None:
            return reason
        return self.explain_pseudo_illegal(frm, cells[-1])

    def explain_chain(self, cells: list[int]) -> str | None:
        """Why the chain through ``cells`` cannot be played by its man, or ``None`` if every
        jump of it is possible."""
        names = self.geometry.cells
        board = self.board
        frm = cells[0]
        p = board[frm]
        us = p & 1
        table = self.variant.jumps[p]
        jumped: list[int] = []
        board[frm] = 0
        try:
            for a, b in zip(cells, cells[1:]):
                over = next((o for o, land in table[a] if land == b), None)
                if over is None:
                    return Refusal(f"a man jumps diagonally over one adjacent piece onto the cell right"
                                   f" behind it: {names[a]}{names[b]} is not a jump", "move.man_jump",
                                   move=f"{names[a]}{names[b]}")
                q = board[over]
                if not q:
                    return Refusal(f"there is no piece on {names[over]} to jump", "move.nothing_to_jump",
                                   cell=names[over])
                if (q & 1) == us:
                    return Refusal(f"{names[over]} holds your own piece: a man jumps only enemy pieces",
                                   "move.jump_own", cell=names[over])
                if over in jumped:
                    return Refusal(f"the piece on {names[over]} has already been jumped in this move",
                                   "move.jumped_twice", cell=names[over])
                if board[b]:
                    return Refusal(f"the landing cell {names[b]} is not empty", "move.landing_taken", cell=names[b])
                jumped.append(over)
        finally:
            board[frm] = p
        return None
