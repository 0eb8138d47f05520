"""``companion event ...``: the event desk, a station's link, and one result sent by hand.

    companion event desk --broker mqtt://HOST:PORT --http HOST:PORT [--event NAME] [--data-dir DIR]
                         [--user U --password P] [--championship RESULTS.json]
    companion event result --broker mqtt://HOST:PORT --station NAME [--event NAME]
                           [--user U --password P] [--data-dir DIR] GAME.json
    companion event station --broker mqtt://HOST:PORT --station NAME --journal JOURNAL.db [...]

Exit status: 0 done, 2 bad input or no broker (the message says which).
"""

from __future__ import annotations

import argparse
import logging
import signal
import socket
import sys
import threading
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    ev = subparsers.add_parser("event", help="the event network: desk, live page, stations through Mosquitto")
    sub = ev.add_subparsers(dest="event_command", metavar="SUBCOMMAND")
    ev.set_defaults(func=lambda args: (ev.print_help(sys.stderr), 2)[1])

    from companion.cli import nonempty_path

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--broker", required=True, metavar="mqtt://HOST:PORT", help="the Mosquitto broker")
        p.add_argument("--event", default="event", metavar="NAME", help="the event's name (topic level)")
        p.add_argument("--user", metavar="U", help="MQTT user (a station's default: its name; the desk's: desk)")
        p.add_argument("--password", metavar="P", help="MQTT password")
        p.add_argument("--data-dir", metavar="DIR", type=nonempty_path("a folder"),
                       help="where the journal (or the desk's store) lives")
        p.add_argument("--championship", metavar="RESULTS.json",
                       help="a results file giving the Houses (and games already entered)")

    d = sub.add_parser("desk", help="run the event desk headless: gather results, serve the live page",
                       description="Runs until stopped (Ctrl-C or SIGTERM).")
    common(d)
    d.add_argument("--http", required=True, metavar="HOST:PORT", help="where the page is served, e.g. 0.0.0.0:8080")
    d.set_defaults(func=_desk)

    r = sub.add_parser("result", help="publish one finished game as a station does (journal + outbox)")
    common(r)
    r.add_argument("--station", required=True, metavar="NAME", help="this station's name")
    r.add_argument("--timeout", type=_seconds, default=10.0, metavar="S", help="how long to wait for the broker")
    r.add_argument("game", metavar="GAME.json", help="one game object of the results-file format")
    r.set_defaults(func=_result)

    s = sub.add_parser("station", help="publish a journal to the event network until stopped")
    common(s)
    s.add_argument("--station", required=True, metavar="NAME")
    s.add_argument("--journal", required=True, metavar="JOURNAL.db")
    s.set_defaults(func=_station)


def _fail(command: str, message: str) -> int:
    print(f"companion event {command}: {message}", file=sys.stderr)
    return 2


def _logging() -> None:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(name)s: %(message)s")
    logging.getLogger("paho").setLevel(logging.WARNING)


def _seconds(text: str) -> float:
    """An argparse type: a wait in seconds, above 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:  # (also refuses nan and inf)
        raise argparse.ArgumentTypeError(f"{text!r}: a wait above 0 and at most 3600 seconds")
    return value


def _data_dir(args: argparse.Namespace) -> Path:
    if args.data_dir:
        return Path(args.data_dir)
    from companion.config import default_data_dir

    return default_data_dir()


def _championship(args: argparse.Namespace) -> dict[str, Any]:
    if not args.championship:
        return {}
    from companion.magici.files import load_results, read_json

    data = read_json(args.championship)

    load_results(data, args.championship)
    return data


def _reachable(broker: str, timeout: float) -> str | None:
    """None if something answers at the broker's address, else why not."""
    from companion.event.messages import parse_broker

    host, port = parse_broker(broker)
    try:
        socket.create_connection((host, port), timeout=min(timeout, 5.0)).close()
    except OSError as exc:
        return f"cannot reach the broker at {host}:{port} ({exc.strerror or exc})"
    return None


def _wait_for_stop() -> None:
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    while not stop.wait(0.5):
        pass


def _desk(args: argparse.Namespace) -> int:
    from companion.event.desk import Desk, DeskClient
    from companion.event.messages import check_name, parse_broker
    from companion.event.web import make_server, stop_server

    _logging()
    try:
        parse_broker(args.broker)
        check_name(args.event, "event")
        host, _, port_text = args.http.rpartition(":")
        if not host or not port_text.isdigit() or int(port_text) > 65535:
            raise ValueError(f"--http {args.http!r}: expected HOST:PORT such as 0.0.0.0:8080 (a port up to 65535)")
        desk = Desk(_data_dir(args), args.event, _championship(args))
    except ValueError as exc:
        return _fail("desk", str(exc))
    try:
        server = make_server(desk, host, int(port_text))
    except OSError as exc:
        return _fail("desk", f"cannot serve the page on {args.http} ({exc.strerror or exc})")
    client = DeskClient(desk, args.broker, args.user, args.password).start()
    web = threading.Thread(target=server.serve_forever, name="desk-http", daemon=True)
    web.start()
    logging.getLogger("companion.event").info("desk for event %r: page at http://%s:%s/ , broker %s, store %s",
                                              args.event, host, port_text, args.broker, desk.path)
    try:
        _wait_for_stop()
    finally:
        stop_server(server)
        client.stop()
        c = desk.counts
        logging.getLogger("companion.event").info(
            "desk stopped: %d events received, %d duplicates dropped, %d malformed messages, %d requests again",
            c["events"], c["duplicates"], c["malformed"], c["requests"])
        desk.close()
    return 0


def _result(args: argparse.Namespace) -> int:
    from companion.core.journal import Journal, JournalError
    from companion.event.link import Link, LinkSettings
    from companion.event.results import GAME, RESULT_MATCH
    from companion.magici.files import game_record, load_results, read_json

    try:
        settings = LinkSettings(args.broker, args.station, args.event, args.user, args.password)
        base = _championship(args)
        base.pop("standings", None)
        game = read_json(args.game)
        one = load_results({**base, "games": [game]}, args.game)
        (f, rec), = one.played()
        record = game_record(one, f, rec)
    except ValueError as exc:
        return _fail("result", str(exc))
    problem = _reachable(args.broker, args.timeout)
    if problem:
        return _fail("result", f"{problem}; nothing was written")
    try:
        journal = Journal.open(_data_dir(args) / "journal.db")
    except JournalError as exc:
        return _fail("result", str(exc))
    link = Link(journal.path, settings, announce=False).start()  # the station's own link says online/offline
    try:
        if not link.connected.wait(args.timeout) or link.refused:
            return _fail("result", f"{link.refused or 'the broker did not answer'} at {args.broker}; nothing was written")
        with journal.atomic():
            match = journal.new_match(RESULT_MATCH, title=f"{record['home']} - {record['away']}",
                                      meta={"round": f.round, "board": f.board})
            match.append(GAME, record)
            match.finish({"result": record["result"], "winner": record["winner"]})
        link.poke()
        if not link.wait_idle(args.timeout):
            return _fail("result", f"saved in {journal.path} (match {match.id}) but the broker did not acknowledge "
                                   "it in time; it will be sent when this station's link next connects")
    finally:
        link.stop()
        journal.close()
    print(f"round {f.round} board {f.board}: {record['home']} - {record['away']} {record['result']} "
          f"published by {args.station} (match {match.id})")
    return 0


def _station(args: argparse.Namespace) -> int:
    from companion.core.journal import Journal, JournalError
    from companion.event.link import Link, LinkSettings

    _logging()
    try:
        settings = LinkSettings(args.broker, args.station, args.event, args.user, args.password)
        if not Path(args.journal).is_file():  # (a path mistyped would make a new, empty journal,
            # published in place of the station's)
            raise ValueError(f"--journal {args.journal}: no such journal (the station's journal.db, "
                             "which the app makes)")
        Journal.open(args.journal).close()  # a bad journal is said now
    except (ValueError, JournalError) as exc:
        return _fail("station", str(exc))
    link = Link(args.journal, settings).start()
    logging.getLogger("companion.event").info("station %s publishing %s to %s", args.station, args.journal, args.broker)
    try:
        _wait_for_stop()
    finally:
        link.stop()
    return 0
