"""A variant: its geometry, its pieces compiled to per-cell tables, its options.

A game is declared by subclassing :class:`Variant` with a few class attributes (name, board,
piece types, start position, option defaults) and a :class:`~companion.rules.position.Position`
subclass for the rules that are not movement (check, dice, castling...). The tables are built
once per variant instance:

- ``tables[code][cell]``: the rays (see :mod:`companion.rules.atoms`) of that piece there;
- ``jumps[code][cell]``: the ``(jumped, landing)`` pairs of chained atoms (draughts men),
  which the ray tables leave out (the position plays them as chains);
- ``probes[color]``: for attack detection, a list of ``(reverse_tables, codes, slider)``:
  from a cell, the reversed rays of each capturing atom and the codes of ``color`` that attack
  along them (used by games with check).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from companion.rules.atoms import RayTuple, reversed_atom
from companion.rules.errors import OptionError, PositionError
from companion.rules.geometry import Geometry
from companion.rules.pieces import Color, Piece, PieceType

if TYPE_CHECKING:
    from companion.rules.position import Position

CellTable = tuple[tuple[RayTuple, ...], ...]


@dataclass(frozen=True)
class OptionSpec:
    """One rule option of a variant: its name, its default (the ruling), and the values it may
    take: ``values`` for a closed set (``(True, False)`` for a yes/no option), or None for an
    open value (Magici's army points). A table option (Due Re's die faces) has ``values`` None
    and ``item_values``: what each entry of the table may be.

    >>> from companion.rules import get_variant
    >>> get_variant("elolbia").option_specs()[0]
    OptionSpec(name='edge_rule', default=True, values=(True, False), item_values=None)
    """

    name: str
    default: Any
    values: tuple[Any, ...] | None = None
    item_values: tuple[Any, ...] | None = None

    @property
    def closed(self) -> bool:
        """Whether the option takes one of a listed set of values."""
        return self.values is not None


class Variant:
    """Base of every grid game. Subclasses set the class attributes below."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    piece_types: ClassVar[tuple[PieceType, ...]] = ()
    start_fen: ClassVar[str] = ""
    option_defaults: ClassVar[Mapping[str, Any]] = {}
    # The allowed values of options with a closed set other than yes/no (see option_specs).
    option_values: ClassVar[Mapping[str, tuple[Any, ...]]] = {}
    # The values each entry of a table option may take (Due Re's die faces).
    option_item_values: ClassVar[Mapping[str, tuple[Any, ...]]] = {}
    with_attack_probes: ClassVar[bool] = False
    position_class: ClassVar[type["Position"]]

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(self.option_defaults)
        for key, value in (options or {}).items():
            if key not in self.option_defaults:
                known = ", ".join(sorted(self.option_defaults)) or "none"
                raise OptionError(f"{self.name} has no rule option {key!r} (options: {known})")
            self.options[key] = self.check_option(key, value)
        self.geometry: Geometry = self.make_geometry()
        self.piece_set: tuple[PieceType, ...] = self.declare_pieces()
        # Move values are immutable: one per internal move, shared by every position.
        self.move_cache: dict[tuple[int, int, int, int], Any] = {}
        self._compile()

    # -- hooks ---------------------------------------------------------------------------
    def make_geometry(self) -> Geometry:
        return Geometry(8, 8)

    def declare_pieces(self) -> tuple[PieceType, ...]:
        """The piece types of this instance (options may change them); default the class's."""
        return self.piece_types

    def check_option(self, key: str, value: Any) -> Any:
        """Validate one option value; subclasses raise :class:`OptionError` with a reason."""
        return value

    @classmethod
    def option_specs(cls) -> tuple[OptionSpec, ...]:
        """Every rule option of the game, in declaration order, with its default and the
        values it may take (see :class:`OptionSpec`); the public way to offer them."""
        specs = []
        for name, default in cls.option_defaults.items():
            values = cls.option_values.get(name)
            if values is None and isinstance(default, bool):
                values = (True, False)
            specs.append(OptionSpec(name, default, tuple(values) if values is not None else None,
                                    cls.option_item_values.get(name)))
        return tuple(specs)

    # -- compiled tables -------------------------------------------------------------------
    def _compile(self) -> None:
        g = self.geometry
        n = len(g)
        self.types: list[PieceType | None] = [None]  # index = kind number
        self.types.extend(self.piece_set)
        size = 2 * len(self.types)
        self.tables: list[CellTable] = [()] * size
        self.royal: list[bool] = [False] * size
        self.pieces: list[Piece | None] = [None] * size
        self.code_by_key: dict[tuple[str, Color], int] = {}
        self.code_by_letter: dict[str, int] = {}
        # jumps[code][cell]: (jumped cell, landing cell) pairs of chained atoms (draughts men)
        self.jumps: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {}
        for kind, ptype in enumerate(self.piece_set, start=1):
            for color in Color:
                code = 2 * kind + color
                white = color == Color.WHITE
                self.tables[code] = tuple(
                    tuple(ray for atom in ptype.atoms if not atom.chained
                          for ray in atom.compile(g, cell, white))
                    for cell in range(n)
                )
                chained = [a for a in ptype.atoms if a.chained]
                if chained:
                    self.jumps[code] = tuple(
                        tuple(pair for atom in chained
                              for pair in atom.jump_pairs(g, cell, white))  # type: ignore[attr-defined]
                        for cell in range(n)
                    )
                self.royal[code] = ptype.royal
                symbol = ptype.letter if white else ptype.letter.lower()
                self.pieces[code] = Piece(color, ptype.name, symbol, ptype.state)
                self.code_by_key[(ptype.key, color)] = code
                if not ptype.state:
                    self.code_by_letter[symbol] = code
        self.probes: list[list[tuple[CellTable, frozenset[int], bool]]] = [[], []]
        if self.with_attack_probes:
            self._compile_probes()
        # Rules beyond movement, as tables the position reads (filled by subclasses):
        # arrival[code][cell]: the code a piece turns into on arriving there (0 = unchanged);
        # castle_rook[king_target]: the rook's (origin, target); castle_mask[cell]: the castling
        # rights kept when a move starts or ends there; resets_halfmove[code]: a pawn-like mover.
        self.arrival: dict[int, list[int]] = {}
        self.castle_rook: dict[int, tuple[int, int]] = {}
        self.castle_mask: list[int] = [~0] * n
        self.resets_halfmove: list[bool] = [False] * size
        # Games with check: castling as (right bit, king from, king to, must be empty, must not
        # be attacked) per colour, and the codes that may capture en passant.
        self.castle_specs: list[list[tuple[int, int, int, tuple[int, ...], tuple[int, ...]]]] = [
            [], []]
        self.ep_capable: list[bool] = [False] * size
        self.build_rule_tables()

    def build_rule_tables(self) -> None:
        """Fill ``arrival``, castling tables and ``resets_halfmove``; the base has none."""

    def _compile_probes(self) -> None:
        g = self.geometry
        for color in Color:
            white = color == Color.WHITE
            grouped: dict[tuple[Any, ...], tuple[CellTable, set[int], bool]] = {}
            for kind, ptype in enumerate(self.piece_set, start=1):
                code = 2 * kind + color
                for atom in ptype.atoms:
                    if not atom.can_capture or atom.chained:
                        continue
                    rev = reversed_atom(atom)
                    table = tuple(tuple(rev.compile(g, c, white)) for c in range(len(g)))
                    key = tuple(tuple(r[1] for r in rays) for rays in table)
                    slider = any(len(r[1]) > 1 for rays in table for r in rays)
                    if key in grouped:
                        grouped[key][1].add(code)
                    else:
                        grouped[key] = (table, {code}, slider)
            self.probes[color] = [(t, frozenset(c), s) for t, c, s in grouped.values()]

    def code(self, key: str, color: Color) -> int:
        return self.code_by_key[(key, color)]

    # -- positions ---------------------------------------------------------------------
    def start_position(self) -> "Position":
        return self.from_fen(self.start_fen)

    def from_fen(self, text: str) -> "Position":
        if not isinstance(text, str):
            raise PositionError(f"a position string must be text, not {type(text).__name__}")
        return self.position_class.from_fen(self, text)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} options={self.options}>"
