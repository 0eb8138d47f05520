"""Scacchi di Camerlano (Tamerlane chess): the board, the pieces as data, the rule options.

The rules beyond movement (citadels, the Shah-file soldier, the exchange, the end) are in
:mod:`companion.rules.camerlano_rules`; the position string is documented there and in
``FORMATS.md``.

**Board**: 11 files (a-k) x 10 ranks plus the citadels ``z2`` (White's, beside k2) and ``z9``
(Black's, beside a9): 112 cells, the citadels numbered 110 and 111.

**Pieces** (FEN letter, kind): Shah ``K`` (``shah``), Prince ``H`` (``prince``), Vizier ``V``,
General ``F``, Giraffe ``G``, Bishop ``B``, Knight ``N``, Rook ``R``, Elephant ``E``, Camel
``C``, War engine ``M`` (``war_engine``), Soldier ``P`` (``soldier``). Each is a line of data
built from movement atoms; the giraffe is one diagonal step then an orthogonal slide away from
its start, through empty cells only.

**Rule options** (RULES.md section 6; defaults are the rulings, the others the classical rules):

- ``giraffe`` (``"classical"``): ``"seed"`` is the seed's own giraffe, one diagonal step then
  any number of cells on in a diagonal direction other than back towards its start (it may
  bend by 90 degrees), through empty cells only;
- ``giraffe_minimum`` (1): cells the giraffe must go after its bend (classical: 3);
- ``bishop_minimum`` (1): cells a bishop must go (classical picket: 2);
- ``exchange`` (``"free"``): ``"escape_check"`` allows the Shah's exchange only while the Shah
  is attacked;
- ``citadel`` (``"reserved"``): ``"classical"`` lets a Shah (or Prince) enter the enemy's
  citadel, which ends the game in a draw;
- ``promotion`` (``"file"``): ``"name"`` is the classical rule, each soldier promotes to the
  piece it is named after (the piece that started on its file on the second rank), wherever
  it arrives; the soldier of the Shah gets the relocations and the Prince. Soldiers then
  carry their name (piece state ``"rook"``, ``"shah"``...), written in an optional sixth
  field of the position string for those no longer on a file of their name.

>>> from companion.rules import get_variant
>>> v = get_variant("camerlano")
>>> len(v.geometry), v.geometry.name(110), v.geometry.name(111)
(112, 'z2', 'z9')
"""

from __future__ import annotations

from typing import Any

from companion.rules.atoms import (
    ALL_EIGHT, DIAGONAL, GIRAFFE_BENDS, KNIGHT_LEAPS, ORTHOGONAL, SEED_GIRAFFE_BENDS, BentSlide, Leap,
    Mode, Slide,
)
from companion.rules.camerlano_rules import SHAH_FILE_ARRIVAL, CamerlanoPosition
from companion.rules.errors import OptionError
from companion.rules.geometry import Geometry
from companion.rules.pieces import Color, PieceType
from companion.rules.variant import Variant

FILES, RANKS = 11, 10
CITADELS = (("z2", FILES, 1), ("z9", -1, RANKS - 2))
WHITE_CITADEL, BLACK_CITADEL = FILES * RANKS, FILES * RANKS + 1
SHAH_FILE = 5  # f: the Shah's starting file

ELEPHANT_LEAPS = ((2, 2), (2, -2), (-2, 2), (-2, -2))
CAMEL_LEAPS = ((1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3))
WAR_ENGINE_LEAPS = ((2, 0), (-2, 0), (0, 2), (0, -2))

SHAH = PieceType("shah", "K", (Leap(ALL_EIGHT),), royal=True)
PRINCE = PieceType("prince", "H", (Leap(ALL_EIGHT),), royal=True)
VIZIER = PieceType("vizier", "V", (Leap(ORTHOGONAL),))
GENERAL = PieceType("general", "F", (Leap(DIAGONAL),))
KNIGHT = PieceType("knight", "N", (Leap(KNIGHT_LEAPS),))
ROOK = PieceType("rook", "R", (Slide(ORTHOGONAL),))
ELEPHANT = PieceType("elephant", "E", (Leap(ELEPHANT_LEAPS),))
CAMEL = PieceType("camel", "C", (Leap(CAMEL_LEAPS),))
WAR_ENGINE = PieceType("war_engine", "M", (Leap(WAR_ENGINE_LEAPS),))
SOLDIER = PieceType("soldier", "P", (Leap(((0, 1),), Mode.MOVE_ONLY, relative=True),
                                     Leap(((1, 1), (-1, 1)), Mode.CAPTURE_ONLY, relative=True)))


def giraffe(minimum: int = 1, seed: bool = False) -> PieceType:
    """The giraffe: one diagonal step, then at least ``minimum`` cells orthogonally onwards;
    with ``seed``, the seed's words: onwards in a diagonal direction other than back towards
    its start (straight on or bent by 90 degrees). Through empty cells only.

    Two paths of the seed's giraffe can reach one cell (north-east then south-east, or
    south-east then north-east): the position lists such a move once."""
    bends = SEED_GIRAFFE_BENDS if seed else GIRAFFE_BENDS
    return PieceType("giraffe", "G", (BentSlide(DIAGONAL, bends=bends, minimum=minimum),))


def bishop(minimum: int = 1) -> PieceType:
    """The bishop (with ``minimum=2``, the classical picket)."""
    return PieceType("bishop", "B", (Slide(DIAGONAL, minimum=minimum),))


# The second rank at the start, file a to k, for promotion by arrival file (White's; Black's
# own second rank read from its side is the same array turned 180 degrees).
WHITE_SECOND_RANK = ("rook", "knight", "bishop", "giraffe", "general", "shah", "vizier",
                     "giraffe", "bishop", "knight", "rook")

SOLDIER_NAMES = ("rook", "knight", "bishop", "giraffe", "general", "shah", "vizier")

START_FEN = ("e1c1m1m1c1e/rnbgvkfgbnr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RNBGFKVGBNR/"
             "E1C1M1M1C1E w Kk 0,0 1")


class CamerlanoVariant(Variant):
    name = "camerlano"
    title = "Scacchi di Camerlano"
    start_fen = START_FEN
    option_defaults = {
        "giraffe": "classical",
        "giraffe_minimum": 1,
        "bishop_minimum": 1,
        "exchange": "free",
        "citadel": "reserved",
        "promotion": "file",
    }
    option_values = {
        "giraffe": ("classical", "seed"),
        "giraffe_minimum": (1, 3), "bishop_minimum": (1, 2),
        "exchange": ("free", "escape_check"), "citadel": ("reserved", "classical"),
        "promotion": ("file", "name"),
    }
    _choices: dict[str, tuple[Any, ...]] = dict(option_values)  # the older, private name

    def check_option(self, key: str, value: Any) -> Any:
        allowed = self._choices[key]
        if isinstance(allowed[0], int) and isinstance(value, str) and value.isascii() \
                and value.strip().isdigit():
            value = int(value)
        if value not in allowed:
            raise OptionError(f"camerlano option {key} is one of {list(allowed)}, not {value!r}")
        return value

    def make_geometry(self) -> Geometry:
        return Geometry(FILES, RANKS, extra=CITADELS)

    def declare_pieces(self) -> tuple[PieceType, ...]:
        pieces = (SHAH, PRINCE, VIZIER, GENERAL, giraffe(self.options["giraffe_minimum"],
                                                            self.options["giraffe"] == "seed"),
                  bishop(self.options["bishop_minimum"]), KNIGHT, ROOK, ELEPHANT, CAMEL,
                  WAR_ENGINE, SOLDIER)
        if self.options["promotion"] == "name":
            pieces += tuple(PieceType("soldier", "P", SOLDIER.atoms, state=name)
                            for name in SOLDIER_NAMES)
        return pieces

    def file_name(self, file: int, color: int) -> str:
        """The piece a soldier of ``color`` on ``file`` is named after (its second rank)."""
        return WHITE_SECOND_RANK[file if color == Color.WHITE else FILES - 1 - file]

    def build_rule_tables(self) -> None:
        g = self.geometry
        n = len(g)
        self.grid_size = FILES * RANKS
        self.citadel_owner = {WHITE_CITADEL: 0, BLACK_CITADEL: 1}
        self.soldier_code = (self.code("soldier", Color.WHITE), self.code("soldier", Color.BLACK))
        self.by_name = self.options["promotion"] == "name"
        self.shah_code = (self.code("shah", Color.WHITE), self.code("shah", Color.BLACK))
        self.prince_code = (self.code("prince", Color.WHITE), self.code("prince", Color.BLACK))
        self.far_rank = (RANKS - 1, 0)
        # The seed's giraffe reaches some cells by two paths: its moves are listed once.
        self.dedupe_moves = self.options["giraffe"] == "seed"
        self.shah_file = SHAH_FILE
        for color in Color:
            table = [0] * n
            rank = self.far_rank[color]
            for f in range(FILES):
                # Black's second rank, read from a, is White's read from k.
                kind = WHITE_SECOND_RANK[f if color == Color.WHITE else FILES - 1 - f]
                cell = rank * FILES + f
                table[cell] = SHAH_FILE_ARRIVAL if f == SHAH_FILE else self.code(kind, color)
            self.arrival[self.soldier_code[color]] = table
            self.resets_halfmove[self.soldier_code[color]] = True
            if not self.by_name:
                continue
            for name in SOLDIER_NAMES:
                code = self.code(f"soldier:{name}", color)
                becomes = SHAH_FILE_ARRIVAL if name == "shah" else self.code(name, color)
                named = [0] * n
                for f in range(FILES):
                    named[rank * FILES + f] = becomes
                self.arrival[code] = named
                self.resets_halfmove[code] = True


CamerlanoVariant.position_class = CamerlanoPosition
