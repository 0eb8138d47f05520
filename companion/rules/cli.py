"""``companion rules``: start positions, legal moves and perft from the command line.

    companion rules start VARIANT
    companion rules moves VARIANT [--fen POS] [--roll A,B] [--option KEY=VALUE ...]
    companion rules perft VARIANT DEPTH [--fen POS] [--roll A,B] [--divide]

Moves print one per line; perft prints its count as the last line (with ``--divide``,
``move: count`` lines first). Bad input exits with status 2 and says what and where.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(subparsers: Any) -> None:
    rules = subparsers.add_parser("rules", help="the rules engine: positions, moves, perft")
    sub = rules.add_subparsers(dest="rules_command", metavar="ACTION", required=True)

    def common(p: argparse.ArgumentParser, with_fen: bool = True) -> None:
        p.add_argument("variant", metavar="VARIANT", help="duere, magici, elolbia, clupso or camerlano")
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a rule option, e.g. dice_table=1=king,2=queen,...")
        if with_fen:
            p.add_argument("--fen", metavar="POS", help="a position string (default: start)")
            p.add_argument("--roll", metavar="A,B", help="Due Re: the two dice of this turn")

    start = sub.add_parser("start", help="print the start position string")
    common(start, with_fen=False)
    start.set_defaults(func=cmd_start)

    moves = sub.add_parser("moves", help="print the legal moves, one per line")
    common(moves)
    moves.set_defaults(func=cmd_moves)

    perft = sub.add_parser("perft", help="count the leaves of the move tree (count last)")
    common(perft)
    perft.add_argument("depth", type=int, metavar="DEPTH")
    perft.add_argument("--divide", action="store_true", help="a count per first move too")
    perft.set_defaults(func=cmd_perft)


def _fail(message: str) -> int:
    print(f"companion rules: {message}", file=sys.stderr)
    return 2


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"--option {pair!r}: write KEY=VALUE")
        low = value.lower()
        out[key] = True if low == "true" else False if low == "false" else (
            int(value) if value.isdigit() else value)
    return out


def _setup(args: argparse.Namespace) -> Any:
    from companion.rules import get_variant

    variant = get_variant(args.variant, _options(args.option) or None)
    fen = getattr(args, "fen", None)
    pos = variant.from_fen(fen) if fen is not None else variant.start_position()
    roll = None
    if getattr(args, "roll", None):
        if variant.name != "duere":
            raise ValueError(f"--roll applies to Due Re only, not {variant.name}")
        from companion.core.dice import Roll

        faces = Roll.parse(args.roll).faces
        if len(faces) != 2:
            raise ValueError(f"--roll takes two dice, e.g. 3,5; got {args.roll!r}")
        roll = (faces[0], faces[1])
    return pos, roll


def cmd_start(args: argparse.Namespace) -> int:
    from companion.rules import get_variant

    try:
        variant = get_variant(args.variant, _options(args.option) or None)
    except ValueError as exc:
        return _fail(str(exc))
    print(variant.start_position().fen())
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    try:
        pos, roll = _setup(args)
    except ValueError as exc:
        return _fail(str(exc))
    lines = [str(p) for p in pos.roll_plays(roll)] if roll else [str(m) for m in pos.legal_moves()]
    for line in lines:
        print(line)
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    from companion.rules import perft

    try:
        pos, roll = _setup(args)
        if args.depth < 0:
            raise ValueError(f"DEPTH must be >= 0, not {args.depth}")
    except ValueError as exc:
        return _fail(str(exc))
    result = perft(pos, args.depth, divide=args.divide, roll=roll)
    if args.divide:
        for text, count in result.items():
            print(f"{text}: {count}")
        print(sum(result.values()) if args.depth else 1)
    else:
        print(result)
    return 0
