"""``companion rules``: start positions, legal moves, results and perft from the command line.

    companion rules start VARIANT [--option KEY=VALUE ...]
    companion rules moves VARIANT [--fen POS] [--roll A,B] [--option KEY=VALUE ...]
    companion rules outcome VARIANT [--fen POS] [--roll A,B] [--option KEY=VALUE ...]
    companion rules perft VARIANT DEPTH [--fen POS] [--roll A,B] [--divide] [--option ...]

Moves print one per line (on a finished position none, and the result goes to stderr);
``outcome`` prints one line: ``ongoing``, or the winner (``white``/``black``) or ``draw``, then
the reason in the engine's words (``black all_pieces_captured``, ``draw stalemate``); perft
prints its count as the last line (with ``--divide``, ``move: count`` lines first). Bad input
exits with status 2 and names the option, the value and what is allowed.
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any

_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def register(subparsers: Any) -> None:
    rules = subparsers.add_parser("rules", help="the rules engine: positions, moves, results, perft")
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

    outcome = sub.add_parser("outcome", help="print 'ongoing', or the winner (or draw) and why")
    common(outcome)
    outcome.set_defaults(func=cmd_outcome)

    perft = sub.add_parser("perft", help="count the leaves of the move tree (count last)")
    common(perft)
    perft.add_argument("depth", metavar="DEPTH", help="plies to count, 0 to 100")
    perft.add_argument("--divide", action="store_true", help="a count per first move too")
    perft.set_defaults(func=cmd_perft)


def _fail(message: str) -> int:
    print(f"companion rules: {message}", file=sys.stderr)
    return 2


def _value(text: str) -> Any:
    """An option's value as typed: true/false, a whole number (ASCII digits), else the text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if _WHOLE_NUMBER.fullmatch(text):
        return int(text)
    return text


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option {pair!r}: write KEY=VALUE")
        out[key.strip()] = _value(value.strip())
    return out


def _variant(args: argparse.Namespace) -> Any:
    """The variant with its ``--option`` values; a refused option names itself and its value."""
    from companion.rules import get_variant
    from companion.rules.errors import OptionError
    from companion.rules.registry import options_of

    options = _options(args.option)
    options_of(args.variant)  # an unknown variant is said first
    for pair, (key, value) in zip(args.option, options.items()):
        try:
            get_variant(args.variant, {key: value})
        except OptionError as exc:
            raise ValueError(f"--option {pair!r}: {exc}") from None
    return get_variant(args.variant, options or None)


def _roll(text: str) -> tuple[int, int]:
    parts = [p for p in text.replace(",", " ").split() if p]
    for part in parts:
        if not re.fullmatch(r"[0-9]+", part) or not 1 <= int(part) <= 6:
            raise ValueError(f"--roll {text!r}: each die shows 1..6, not {part!r}"
                             " (write the two dice as A,B, e.g. 3,5)")
    if len(parts) != 2:
        raise ValueError(f"--roll takes two dice, e.g. 3,5; got {text!r}")
    return int(parts[0]), int(parts[1])


def _setup(args: argparse.Namespace) -> Any:
    variant = _variant(args)
    fen = getattr(args, "fen", None)
    pos = variant.from_fen(fen) if fen is not None else variant.start_position()
    roll = None
    if getattr(args, "roll", None) is not None:
        if variant.name != "duere":
            raise ValueError(f"--roll applies to Due Re only, not {variant.name}")
        roll = _roll(args.roll)
    return pos, roll


def cmd_start(args: argparse.Namespace) -> int:
    try:
        variant = _variant(args)
    except ValueError as exc:
        return _fail(str(exc))
    print(variant.start_position().fen())
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    try:
        pos, roll = _setup(args)
    except ValueError as exc:
        return _fail(str(exc))
    outcome = pos.outcome()
    if outcome is not None:
        print(f"companion rules: the game is over, no moves: {outcome.words()}", file=sys.stderr)
        return 0
    lines = [str(p) for p in pos.roll_plays(roll)] if roll else [str(m) for m in pos.legal_moves()]
    for line in lines:
        print(line)
    return 0


def cmd_outcome(args: argparse.Namespace) -> int:
    try:
        pos, _roll_given = _setup(args)
    except ValueError as exc:
        return _fail(str(exc))
    outcome = pos.outcome()
    print("ongoing" if outcome is None else outcome.words())
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    from companion.rules import perft
    from companion.rules.perft import MAX_DEPTH

    try:
        text = str(args.depth).strip()
        if not _WHOLE_NUMBER.fullmatch(text):
            raise ValueError(f"DEPTH is a whole number 0..{MAX_DEPTH}, not {args.depth!r}")
        depth = int(text)
        if depth < 0:
            raise ValueError(f"DEPTH must be >= 0, not {depth}")
        if depth > MAX_DEPTH:
            raise ValueError(f"DEPTH {depth} is too deep: at most {MAX_DEPTH} (the count grows"
                             " with every ply; from a start position 6 is already millions)")
        pos, roll = _setup(args)
    except ValueError as exc:
        return _fail(str(exc))
    result = perft(pos, depth, divide=args.divide, roll=roll)
    if args.divide:
        for move_text, count in result.items():
            print(f"{move_text}: {count}")
        print(sum(result.values()) if depth else 1)
    else:
        print(result)
    return 0
