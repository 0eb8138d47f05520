"""Entering a move square by square, against the options the session offers (pure logic).

An option's cells are its origin and every landing cell (``c3 e5 g3`` for a chain of jumps).
The squares entered so far select the options that begin with them; the next cells of those
are the targets shown; an option whose cells are exactly the squares entered is complete
(several complete options on the same squares are a choice: promotion pieces, dice).

>>> from companion.ui.board.session import Option
>>> chains = [Option(("c3", "e5"), "", 1), Option(("c3", "e5", "g3"), "", 2)]
>>> sorted(next_cells(chains, ["c3"])), sorted(next_cells(chains, ["c3", "e5"]))
(['e5'], ['g3'])
>>> can_stop_here(chains, ["c3", "e5"]), [o.payload for o in complete_options(chains, ["c3", "e5"])]
(True, [1])
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.session import Option


def prefix_options(options: Sequence[Option], entered: Sequence[str]) -> list[Option]:
    """The options that begin with the squares entered."""
    n = len(entered)
    done = tuple(entered)
    return [o for o in options if o.cells[:n] == done]


def next_cells(options: Sequence[Option], entered: Sequence[str]) -> frozenset[str]:
    """Where the entry may go next (empty before a piece is chosen)."""
    if not entered:
        return frozenset()
    n = len(entered)
    return frozenset(o.cells[n] for o in prefix_options(options, entered) if len(o.cells) > n)


def complete_options(options: Sequence[Option], entered: Sequence[str]) -> list[Option]:
    """The options whose squares are exactly those entered."""
    done = tuple(entered)
    return [o for o in options if o.cells == done]


def can_stop_here(options: Sequence[Option], entered: Sequence[str]) -> bool:
    """A move could end here and could also go on (a chain that may stop after this jump)."""
    return len(entered) >= 2 and bool(complete_options(options, entered)) and bool(next_cells(options, entered))
