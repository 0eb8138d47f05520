"""``companion magici ...``: championship tables from a results file, and the schedule.

    companion magici standings RESULTS.json            # a text table
    companion magici standings RESULTS.json --csv      # standings as CSV (add --games for the games)
    companion magici standings RESULTS.json --json     # houses, games and standings as JSON
    companion magici standings JOURNAL.db --journal    # the championship recorded in the app's journal
    companion magici schedule [--houses A,B,C,D]       # who plays whom, round by round
    companion magici log JOURNAL.db [--match N]        # a game's journal, one line per event

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
    st.add_argument("--journal", action="store_true",
                    help="the file is the app's journal: use its latest championship (or --match)")
    st.add_argument("--match", type=match_number, metavar="N", help="with --journal: the match number")
    st.set_defaults(func=_standings)

    lg = sub.add_parser("log", help="print a Scacchi Magici game's journal, one line per event")
    lg.add_argument("journal", metavar="JOURNAL.db")
    lg.add_argument("--match", type=match_number, metavar="N", help="the match number (default: the latest game)")
    lg.set_defaults(func=_log)

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
        if args.journal:
            from companion.magici.championship import replay

            state = replay(_open_match(args.results, args.match, "magici-championship").effective())
        else:
            if args.match is not None:
                raise ValueError("--match goes with --journal")
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


def match_number(text: str) -> int:
    """An argparse type: a journal's match number (1 up to SQLite's largest integer)."""
    from companion.core.journal import MAX_ID

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a match number") from None
    if not 1 <= n <= MAX_ID:
        raise argparse.ArgumentTypeError(f"{text!r}: match numbers run from 1 to {MAX_ID}")
    return n


def _open_match(path: str, match: int | None, game: str) -> Any:
    """A match of the journal at ``path``: number ``match``, or the latest of ``game``."""
    from pathlib import Path

    from companion.core.journal import Journal, JournalError

    if not Path(path).is_file():
        raise ValueError(f"{path}: no such journal file")
    try:
        journal = Journal.open(path, readonly=True)  # reading never changes the file (read-only media too)
        if match is not None:
            log = journal.match(match)
            if log.info.game != game:
                raise ValueError(f"{path}: match {match} is a {log.info.game!r} match, not {game!r}")
        else:
            found = journal.matches(game=game)
            if not found:
                raise ValueError(f"{path}: no {game!r} match in this journal")
            log = journal.match(found[0].id)
        log.effective()  # an unreadable match is named here, not a traceback later
    except JournalError as exc:
        raise ValueError(str(exc)) from None
    return log


def _log(args: argparse.Namespace) -> int:
    from companion.core.journal import CONTENT_ERRORS
    from companion.magici.replay import replay
    from companion.magici.station import describe

    try:
        log = _open_match(args.journal, args.match, "magici")
    except ValueError as exc:
        print(f"companion magici log: {exc}", file=sys.stderr)
        return 2
    try:
        events = log.effective()
        replay(events)  # refuse a damaged journal clearly
    except ValueError as exc:
        print(f"companion magici log: {args.journal}, match {log.id}: {exc}", file=sys.stderr)
        return 2
    start = events[0].at_ms if events else 0
    for e in events:
        # an expiry applied late (after a restart) is shown at the instant it became due
        seconds = (int(e.data.get("due_ms", e.at_ms)) - start) / 1000
        try:
            said = describe(e.kind, e.data)
        except CONTENT_ERRORS:  # (an event the station replays without the field named here)
            said = f"{e.kind} {json.dumps(e.data, sort_keys=True)}"
        print(f"{e.seq:4d}  +{int(seconds // 60):02d}:{seconds % 60:06.3f}  {said}")
    return 0
