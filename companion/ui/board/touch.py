"""Touches on the board: a press selects (or remembers a target), a drag carries the piece,
a release ends in :meth:`~companion.ui.board.screen.GameScreen.touch` of the square under it.

Tap-tap: press and release on the piece, then on the target. Drag: press on the piece, move,
release on the target. A release on the piece it started from, when that piece was already
selected, deselects it.

Where the cells are smaller than a finger (Camerlano's 13 columns by 10 ranks on the 800×480
panel: 40 px), a legal target catches a touch up to half a finger from its centre
(:meth:`~companion.ui.board.screen.GameScreen.cell_under`), so a move is never missed by a
few pixels onto the square beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.ui.input import TAP_SLOP, Action, Kind

if TYPE_CHECKING:
    from companion.ui.board.screen import GameScreen


@dataclass
class Drag:
    """A piece being carried by a finger."""

    origin: str
    start: tuple[int, int]
    pos: tuple[int, int]
    was_selected: bool
    moved: bool = False


def board_action(screen: "GameScreen", action: Action) -> bool:
    """A press, move, release or tap on the board: tap-tap and drag both end in
    :meth:`GameScreen.touch` of the target square."""
    pos = action.pos
    assert pos is not None
    cell = screen.cell_under(pos)
    if action.kind is Kind.PRESS:
        screen.pending_target = None
        if cell is None:
            return True
        if screen.picker is not None:
            screen.picker.pick(cell)
            screen.dirty = True
            return True
        if screen.entered and cell in screen.targets():
            screen.pending_target = cell
        elif screen._selectable(cell) and len(screen.entered) <= 1:
            was = screen.entered == [cell]
            screen.select(cell)
            screen.drag = Drag(cell, pos, pos, was)
        else:
            screen.touch(cell)
        screen.dirty = True
        return True
    if action.kind is Kind.MOVE:
        if screen.drag is not None:
            screen.drag.pos = pos
            dx, dy = pos[0] - screen.drag.start[0], pos[1] - screen.drag.start[1]
            if dx * dx + dy * dy > TAP_SLOP * TAP_SLOP:
                screen.drag.moved = True
            screen.dirty = True
        return True
    if action.kind is Kind.RELEASE:
        screen.swallow_tap = True
        drag, screen.drag = screen.drag, None
        if drag is not None:
            if drag.moved and cell is not None and cell != drag.origin:
                screen.touch(cell)
            elif not drag.moved and drag.was_selected:
                screen.clear_selection()
        elif screen.pending_target is not None and cell == screen.pending_target:
            screen.touch(cell)
        screen.pending_target = None
        screen.dirty = True
        return True
    return True  # a TAP on the board was already handled by its PRESS and RELEASE

