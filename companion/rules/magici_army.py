"""Scacchi Magici: buying an army (12 points) and placing it, checked with reasons.

Prices: Pawn 1, Rook 2, Knight 2, Bishop 3, Queen 4; the King is free and compulsory. At most
9 pieces besides the King, and no more of a type than a chess set has (8 P, 2 R, 2 N, 2 B,
1 Q). Placement (White; Black mirrored on ranks 8 and 7): King e1, Queen d1, Pawns anywhere on
rank 2, Rooks a1/h1, Knights b1/g1, Bishops c1/f1. Rooks on their corners keep the castling
right (they have not moved).

>>> pos = build_army({"d1": "Q", "a1": "R", "h1": "R", "e2": "P", "d2": "P", "f2": "P", "g2": "P"},
...                  {"d8": "queen", "c8": "bishop", "f8": "bishop", "e7": "pawn", "d7": "pawn"})
>>> pos.fen()
'2bqkb2/3pp3/8/8/8/8/3PPPP1/R2QK2R w KQ - 0 1'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.pieces import Color
from companion.rules.refusal import Refusal

PRICES: dict[str, int] = {"pawn": 1, "rook": 2, "knight": 2, "bishop": 3, "queen": 4}
MAX_OF_TYPE: dict[str, int] = {"pawn": 8, "rook": 2, "knight": 2, "bishop": 2, "queen": 1}
_LETTERS = {"p": "pawn", "r": "rook", "n": "knight", "b": "bishop", "q": "queen", "k": "king"}
# White's squares; Black's are the same files on rank 8 (7 for Pawns).
HOME_CELLS: dict[str, tuple[str, ...]] = {
    "king": ("e1",), "queen": ("d1",), "rook": ("a1", "h1"), "knight": ("b1", "g1"),
    "bishop": ("c1", "f1"), "pawn": tuple(f"{f}2" for f in "abcdefgh"),
}


class ArmyError(ValueError):
    """A purchase or placement refused; ``reasons`` lists every problem found (each a
    :class:`~companion.rules.refusal.Refusal`: the English sentence with a code and values)."""

    def __init__(self, reasons: list[str]) -> None:
        super().__init__("; ".join(reasons))
        self.reasons = list(reasons)


@dataclass(frozen=True)
class Purchase:
    """How many of each piece a House buys (the King is free and not counted)."""

    counts: Mapping[str, int]

    @property
    def cost(self) -> int:
        return sum(PRICES.get(k, 0) * n for k, n in self.counts.items())

    @property
    def pieces(self) -> int:
        return sum(self.counts.values())


def kind_name(text: str) -> str:
    """``"Q"``, ``"q"``, ``"queen"`` -> ``"queen"``; ``ValueError`` for anything else."""
    low = str(text).strip().lower()
    if low in _LETTERS:
        return _LETTERS[low]
    if low in _LETTERS.values():
        return low
    raise ValueError(Refusal(f"{text!r} is not a chess piece (K Q R B N P or king, queen...)",
                             "army.not_a_piece", text=str(text)))


def check_purchase(counts: Mapping[str, int], points: int = 12, max_pieces: int = 9) -> list[str]:
    """Every reason the purchase is refused (empty: it is fine), each a
    :class:`~companion.rules.refusal.Refusal` (codes ``army.king_count``, ``army.not_for_sale``,
    ``army.bad_count``, ``army.too_many_of_kind``, ``army.too_costly``, ``army.too_many_pieces``).

    >>> check_purchase({"queen": 2, "rook": 2})
    ['at most 1 queen (a chess set has 1), not 2']
    >>> check_purchase({"queen": 1, "bishop": 2, "pawn": 3})
    ['the army costs 13 points; a House has 12']
    >>> [(r.code, r.params) for r in check_purchase({"queen": 2})]
    [('army.too_many_of_kind', {'kind': 'queen', 'max': 1, 'n': 2})]
    """
    reasons: list[str] = []
    for kind, n in counts.items():
        if kind == "king":
            if n not in (0, 1):
                reasons.append(Refusal(f"the King is free and there is exactly one, not {n}", "army.king_count",
                                       n=n))
            continue
        if kind not in PRICES:
            reasons.append(Refusal(f"{kind!r} cannot be bought (pawn, rook, knight, bishop, queen)",
                                   "army.not_for_sale", kind=str(kind)))
            continue
        if not isinstance(n, int) or n < 0:
            reasons.append(Refusal(f"the number of {kind}s must be a whole number >= 0, not {n!r}",
                                   "army.bad_count", kind=kind, n=n))
            continue
        if n > MAX_OF_TYPE[kind]:
            reasons.append(Refusal(f"at most {MAX_OF_TYPE[kind]} {kind}"
                                   f"{'s' if MAX_OF_TYPE[kind] > 1 else ''} (a chess set has"
                                   f" {MAX_OF_TYPE[kind]}), not {n}",
                                   "army.too_many_of_kind", kind=kind, max=MAX_OF_TYPE[kind], n=n))
    bought = Purchase({k: n for k, n in counts.items() if k in PRICES and isinstance(n, int)})
    if bought.cost > points:
        reasons.append(Refusal(f"the army costs {bought.cost} points; a House has {points}", "army.too_costly",
                               cost=bought.cost, points=points))
    if bought.pieces > max_pieces:
        reasons.append(Refusal(f"{bought.pieces} pieces besides the King; at most {max_pieces}",
                               "army.too_many_pieces", n=bought.pieces, max=max_pieces))
    return reasons


def _mirror(cell: str) -> str:
    return f"{cell[0]}{9 - int(cell[1:])}"


def check_placement(color: Color, placement: Mapping[str, Any]) -> list[str]:
    """Every reason a placement (cell -> piece) is refused, for ``color``'s House (codes
    ``army.not_a_piece``, ``army.wrong_cell``, ``army.wrong_rank``).

    >>> [(r.code, r.params) for r in check_placement(Color.WHITE, {"c3": "pawn"})]
    [('army.wrong_rank', {'side': 'white', 'kind': 'pawn', 'cell': 'c3', 'rank': '2'})]
    """
    reasons: list[str] = []
    side = color.name.lower()
    for cell, kind_text in placement.items():
        try:
            kind = kind_name(kind_text)
        except ValueError as exc:
            reasons.append(Refusal(f"{cell}: {exc}", "army.not_a_piece", cell=cell, text=str(kind_text)))
            continue
        allowed = HOME_CELLS[kind] if color == Color.WHITE else tuple(
            _mirror(c) for c in HOME_CELLS[kind])
        if cell not in allowed:
            where = ", ".join(allowed) if kind != "pawn" else f"rank {allowed[0][1]}"
            message = f"{side} {kind} on {cell}: a {kind} may only stand on {where}"
            if kind == "pawn":
                reasons.append(Refusal(message, "army.wrong_rank", side=side, kind=kind, cell=cell,
                                       rank=allowed[0][1]))
            else:
                reasons.append(Refusal(message, "army.wrong_cell", side=side, kind=kind, cell=cell,
                                       cells=", ".join(allowed)))
    return reasons


def build_army(white: Mapping[str, Any], black: Mapping[str, Any], *,
               first: Color = Color.WHITE, options: Mapping[str, Any] | None = None) -> Any:
    """The start position of two bought and placed armies (cell -> piece letter or name).

    The King is added on its square if the placement leaves it out. ``first`` is the side
    that won the coin toss; ``options`` are Magici rule options (``army_points``,
    ``army_max_pieces``...). Raises :class:`ArmyError` with every reason found.
    """
    from companion.rules.registry import get_variant

    variant = get_variant("magici", options)
    points = variant.options["army_points"]
    max_pieces = variant.options["army_max_pieces"]
    reasons: list[str] = []
    boards: dict[Color, dict[str, str]] = {}
    for color, placement in ((Color.WHITE, white), (Color.BLACK, black)):
        side = color.name.lower()
        problems = check_placement(color, placement)
        reasons.extend(problems)
        if problems:
            continue
        cells = {cell: kind_name(k) for cell, k in placement.items()}
        counts = Counter(cells.values())
        reasons.extend(r.for_side(side) if isinstance(r, Refusal) else f"{side}: {r}"
                       for r in check_purchase(dict(counts), points, max_pieces))
        king = "e1" if color == Color.WHITE else "e8"
        cells[king] = "king"
        boards[color] = cells
    if reasons:
        raise ArmyError(reasons)
    letters = {v: k for k, v in _LETTERS.items()}
    rows = []
    for rank in range(8, 0, -1):
        row, empty = "", 0
        for f in "abcdefgh":
            cell = f"{f}{rank}"
            symbol = ""
            for color, cells in boards.items():
                if cell in cells:
                    letter = letters[cells[cell]]
                    symbol = letter.upper() if color == Color.WHITE else letter
            if symbol:
                row += (str(empty) if empty else "") + symbol
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    castling = "".join(right for right, cells, rook in (
        ("K", boards[Color.WHITE], "h1"), ("Q", boards[Color.WHITE], "a1"),
        ("k", boards[Color.BLACK], "h8"), ("q", boards[Color.BLACK], "a8"),
    ) if cells.get(rook) == "rook")
    fen = f"{'/'.join(rows)} {first.letter} {castling or '-'} - 0 1"
    return variant.from_fen(fen)
