"""Board names for lattice points, as a referee reads them on the real board.

The lattice has 17×17 points on the 8×8 squares: a point is a square's centre (``e4``), the
midpoint of an edge between two squares ("the edge between e2 and e3"), a corner shared by up
to four squares ("the corner between d2 and e3", named by its diagonal pair), or a point on the
board's outer border ("the edge of a4", "the corner of a1"). Never the lattice numbers.

>>> from companion.i18n import Translator
>>> from companion.ui.chessball import strings
>>> en, it = Translator("en"), Translator("it")
>>> [place_name(en, p) for p in [(9, 7), (9, 4), (8, 7), (8, 4), (0, 0), (0, 7), (9, 0)]]
['e4', 'the edge between e2 and e3', 'the edge between d4 and e4', 'the corner between d2 and e3', 'the corner of a1', 'the outer edge of a4', 'the outer edge of e1']
>>> place_name(it, (9, 4)), place_name(it, (8, 4)), place_name(it, (2, 0))
('il lato tra e2 ed e3', "l'angolo tra d2 ed e3", "l'angolo tra a1 e b1")
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.chessball.lattice import LAST, Point

FILES = "abcdefgh"


def _square(fx: int, fy: int) -> str | None:
    if 0 <= fx < 8 and 0 <= fy < 8:
        return f"{FILES[fx]}{fy + 1}"
    return None


def _and(t: Callable[..., str], a: str, b: str) -> str:
    """Join two square names ("e2 ed e3": Italian writes *ed* before a vowel)."""
    joiner = t("cb.place.and_vowel") if b[:1] in "aeiou" else t("cb.place.and")
    return f"{a} {joiner} {b}"


def place_name(t: Callable[..., str], p: Point, short: bool = False) -> str:
    """The point as named on the board; ``short`` for a label ("lato e2–e3", "edge e2–e3").

    >>> from companion.i18n import Translator
    >>> place_name(Translator("it"), (9, 4), short=True), place_name(Translator("en"), (8, 4), short=True)
    ('lato e2–e3', 'corner d2–e3')
    """
    if short:
        return _short(t, p)
    x, y = p
    if x % 2 == 1 and y % 2 == 1:
        return _square(x // 2, y // 2) or f"{x},{y}"
    if x % 2 == 0 and y % 2 == 1:  # a vertical edge: between two files on one rank
        left, right = _square(x // 2 - 1, y // 2), _square(x // 2, y // 2)
        if left and right:
            return t("cb.place.edge_between", pair=_and(t, left, right))
        return t("cb.place.outer_edge", square=left or right)
    if x % 2 == 1 and y % 2 == 0:  # a horizontal edge: between two ranks on one file
        below, above = _square(x // 2, y // 2 - 1), _square(x // 2, y // 2)
        if below and above:
            return t("cb.place.edge_between", pair=_and(t, below, above))
        return t("cb.place.outer_edge", square=below or above)
    # a corner: name the lower-left and upper-right squares that share it (or the two / one there are)
    around = [s for s in (_square(x // 2 - 1, y // 2 - 1), _square(x // 2, y // 2)) if s]
    if len(around) < 2:
        around = [s for s in (_square(x // 2 - 1, y // 2 - 1), _square(x // 2, y // 2 - 1),
                              _square(x // 2 - 1, y // 2), _square(x // 2, y // 2)) if s]
    if len(around) == 1:
        return t("cb.place.corner_of", square=around[0])
    return t("cb.place.corner_between", pair=_and(t, around[0], around[-1]))


def _short(t: Callable[..., str], p: Point) -> str:
    x, y = p
    if x % 2 == 1 and y % 2 == 1:
        return _square(x // 2, y // 2) or f"{x},{y}"
    if x % 2 == 0 and y % 2 == 1:
        pair = [s for s in (_square(x // 2 - 1, y // 2), _square(x // 2, y // 2)) if s]
        kind = "cb.place.short_edge"
    elif x % 2 == 1 and y % 2 == 0:
        pair = [s for s in (_square(x // 2, y // 2 - 1), _square(x // 2, y // 2)) if s]
        kind = "cb.place.short_edge"
    else:
        pair = [s for s in (_square(x // 2 - 1, y // 2 - 1), _square(x // 2, y // 2)) if s] or \
               [s for s in (_square(x // 2, y // 2 - 1), _square(x // 2 - 1, y // 2)) if s]
        kind = "cb.place.short_corner"
    return t(kind, squares="–".join(pair))


_LATTICE = re.compile(r"\(?\b(\d{1,2}),\s?(\d{1,2})\)?")


def name_points_in(t: Callable[..., str], text: str) -> str:
    """Replace lattice numbers such as ``8,3`` or ``(8,3)`` in a sentence with board names."""

    def sub(m: re.Match[str]) -> str:
        x, y = int(m.group(1)), int(m.group(2))
        if 0 <= x <= LAST and 0 <= y <= LAST:
            return place_name(t, (x, y))
        return m.group(0)

    return _LATTICE.sub(sub, text)


_ARTICLED = [(re.compile(rf"\b{prep} il\b"), merged) for prep, merged in
             (("su", "sul"), ("a", "al"), ("di", "del"), ("da", "dal"), ("in", "nel"))]
_ARTICLED += [(re.compile(rf"\b{prep} l'"), merged) for prep, merged in
              (("su", "sull'"), ("a", "all'"), ("di", "dell'"), ("da", "dall'"), ("in", "nell'"))]


def contract(text: str) -> str:
    """Italian joins a preposition to the article of a place name: "su il lato" → "sul lato".

    Safe on any text: these pairs never stand apart in Italian nor occur in English.

    >>> contract("Palla su il lato tra e2 ed e3, fino a l'angolo di a1")
    "Palla sul lato tra e2 ed e3, fino all'angolo di a1"
    """
    for pattern, merged in _ARTICLED:
        text = pattern.sub(merged, text)
    return text


def say(t: Callable[..., str], key: str, **values: object) -> str:
    """``t(key, **values)`` with the place names' prepositions joined (see :func:`contract`)."""
    return contract(t(key, **values))
