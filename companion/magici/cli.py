"""``companion magici ...``: championship tables from a results file, and the schedule.

    companion magici standings RESULTS.json            # a text table
    companion magici standings RESULTS.json --csv      # standings as CSV (add --games for the games)
    companion magici standings RESULTS.json --json     # houses, games and standings as JSON
    companion magici schedule [--houses A,B,C,D]       # who plays whom, round by round

The results file format is described in :mod:`companion.magici.files`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    magici = subparsers.add_parser("magici", help="Scacchi Magici championship tools")
    sub = magici.add_subparsers(dest="magici_command", metavar="SUBCOMMAND")
    magici.set_defaults(func=lambda args: _help(magici))

    st = sub.add_parser("standings", help="compute the standings from a results file (JSON)",
                        description="Standings, tie-breaks and house points from a results file; "
                        "see companion/magici/files.py for its format.")
    st.add_argument("results", metavar="RESULTS.json")
    fmt = st.add_mutually_exclusive_group()
    fmt.add_argument("--csv", action="store_true", help="CSV instead of a text table")
    fmt.add_argument("--json", action="store_true", help="JSON: houses, games and standings")
    st.add_argument("--games", action="store_true", help="with --csv: the games table instead of the standings")
    st.set_defaults(func=_standings)

    sc = sub.add_parser("schedule", help="the fixed championship schedule (3 rounds, 2 boards)")
    sc.add_argument("--houses", metavar="A,B,C,D", help="four House names (default: the seed's)")
    sc.set_defaults(func=_schedule)


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _standings(args: argparse.Namespace) -> int:
    from companion.magici.files import games_csv, read_results, standings_csv, standings_text, to_json

    if args.games and not args.csv:
        print("companion magici standings: --games goes with --csv", file=sys.stderr)
        return 2
    try:
        state = read_results(args.results)
    except ValueError as exc:
        print(f"companion magici standings: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(to_json(state), indent=2, ensure_ascii=False))
    elif args.csv:
        sys.stdout.write(games_csv(state) if args.games else standings_csv(state))
    else:
        print(standings_text(state))
    return 0


def _schedule(args: argparse.Namespace) -> int:
    from companion.magici.championship import SCHEDULE
    from companion.magici.model import DEFAULT_HOUSES

    names = [h.name for h in DEFAULT_HOUSES]
    if args.houses:
        names = [n.strip() for n in args.houses.split(",")]
        if len(names) != 4 or not all(names) or len({n.casefold() for n in names}) != 4:
            print(f"companion magici schedule: --houses needs four different names, got {args.houses!r}",
                  file=sys.stderr)
            return 2
    for f in SCHEDULE:
        print(f"round {f.round}  board {f.board}  {names[f.home]} - {names[f.away]}")
    return 0
