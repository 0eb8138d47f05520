"""``companion chessball ...``: settle a shot, find a path, price a substitution, replay a match.

    companion chessball shot --distance 4 --keeper-roll 11 --direction-roll 2 [--json]
    companion chessball path --piece knight --from 8,8 --to 12,10 [--blockers 10,9 9,9]
    companion chessball substitution --out rook --in queen
    companion chessball replay JOURNAL.jsonl [--json]
    companion chessball simulate --seed 7 [--counting] > JOURNAL.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(subparsers: Any) -> None:
    cb = subparsers.add_parser("chessball", help="ChessBall: shots, paths, substitutions, replay")
    sub = cb.add_subparsers(dest="chessball_command", metavar="SUBCOMMAND", required=True)

    shot = sub.add_parser("shot", help="settle a shot: save, parry or goal")
    shot.add_argument("--distance", required=True, type=_int("--distance"),
                      help="lattice steps the ball travelled to the goal line (0..18)")
    shot.add_argument("--keeper-roll", required=True, type=_int("--keeper-roll"),
                      help="the keeper's 3d6 total (3..18)")
    shot.add_argument("--direction-roll", type=_int("--direction-roll"),
                      help="the 1d6 rolled for a parry's direction (1..6)")
    shot.add_argument("--parry-unit", choices=("half-square", "square"), default="half-square",
                      help="what a parry's residual counts (default: half-square steps)")
    shot.add_argument("--json", action="store_true", help="print one JSON object")
    shot.set_defaults(func=_cmd_shot)

    path = sub.add_parser("path", help="cheapest legal path and its MP cost")
    path.add_argument("--piece", required=True,
                      help="king, queen, rook, bishop, knight, pawn, or ball (a pass/shot line)")
    path.add_argument("--side", default="white", help="white or black (matters for the King)")
    path.add_argument("--from", dest="start", required=True, metavar="X,Y")
    path.add_argument("--to", dest="goal", required=True, metavar="X,Y")
    path.add_argument("--blockers", nargs="*", default=[], metavar="X,Y",
                      help="occupied lattice points")
    path.add_argument("--ball", metavar="X,Y",
                      help="the ball's point: the piece moves with the ball (a dribble)")
    path.add_argument("--ball-to", metavar="X,Y", help="where the ball should end (dribble)")
    path.add_argument("--json", action="store_true", help="print one JSON object")
    path.set_defaults(func=_cmd_path)

    subst = sub.add_parser("substitution", help="MP value of a substitution")
    subst.add_argument("--out", dest="leaving", required=True, help="the piece leaving")
    subst.add_argument("--in", dest="entering", required=True, help="the piece entering")
    subst.add_argument("--json", action="store_true", help="print one JSON object")
    subst.set_defaults(func=_cmd_substitution)

    replay = sub.add_parser("replay", help="replay a journal of events (JSON lines) and summarise")
    replay.add_argument("journal", help="a file with one JSON event per line ('-' for stdin)")
    replay.add_argument("--counting", action="store_true", help="counting mode (no lattice)")
    replay.add_argument("--json", action="store_true", help="print the final state as JSON")
    replay.set_defaults(func=_cmd_replay)

    sim = sub.add_parser("simulate", help="play a whole legal match with seeded dice; print its journal")
    sim.add_argument("--seed", type=_int("--seed"), default=1, help="dice seed (default 1)")
    sim.add_argument("--counting", action="store_true", help="counting mode (no lattice)")
    sim.set_defaults(func=_cmd_simulate)


def _int(option: str) -> Any:
    def parse(text: str) -> int:
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{option} must be a whole number, got {text!r}") from None

    return parse


def _fail(message: str) -> int:
    print(f"companion chessball: {message}", file=sys.stderr)
    return 2


def _cmd_shot(args: argparse.Namespace) -> int:
    from companion.chessball.options import ParryUnit
    from companion.chessball.pieces import Side
    from companion.chessball.shot import (
        ShotOutcome, keeper_outcome, parry_direction, rebound_step, rebound_steps, shot_power,
    )

    if args.distance < 0:
        return _fail(f"--distance must be >= 0 (lattice steps to the goal line), got {args.distance}")
    if args.distance > 18:  # each step costs a movement point, and a turn has 3d6 of them
        return _fail(f"--distance is at most 18 (a turn's 3d6 movement points, one a step), "
                     f"got {args.distance}")
    if not 3 <= args.keeper_roll <= 18:
        return _fail(f"--keeper-roll is a 3d6 total, 3..18, got {args.keeper_roll}")
    if args.direction_roll is not None and not 1 <= args.direction_roll <= 6:
        return _fail(f"--direction-roll is a 1d6, 1..6, got {args.direction_roll}")
    unit = ParryUnit(args.parry_unit)
    power = shot_power(args.distance)
    result = keeper_outcome(power, args.keeper_roll)
    data: dict[str, Any] = {
        "outcome": result.outcome.value, "power": power, "distance": args.distance,
        "keeper_roll": args.keeper_roll,
    }
    lines = [result.outcome.value, f"power {power} (18 - {args.distance} steps)"]
    if result.outcome is ShotOutcome.SAVE:
        why = "equals" if args.keeper_roll == power else "beats"
        lines.append(f"keeper roll {args.keeper_roll} {why} power {power}: the keeper holds the ball")
    elif result.outcome is ShotOutcome.GOAL:
        lines.append(f"keeper roll {args.keeper_roll} is 4 or more below power {power}: goal")
    else:
        steps = rebound_steps(result.residual, unit)
        unit_word = "half-square step" if unit is ParryUnit.HALF_SQUARE else "square"
        data.update(residual=result.residual, rebound_steps=steps, parry_unit=unit.value)
        lines.append(f"keeper roll {args.keeper_roll}: parry of {result.residual} "
                     f"(power {power} - roll {args.keeper_roll})")
        plural = "" if result.residual == 1 else "s"
        lines.append(f"rebound: {result.residual} {unit_word}{plural} "
                     f"({steps} lattice step{'' if steps == 1 else 's'}) from the arrival point")
        if args.direction_roll is None:
            data.update(direction=None, direction_roll=None, direction_roll_needed=True)
            lines.append("direction: roll 1d6 (1-2 left, 3-4 centre, 5-6 right) "
                         "and give it with --direction-roll")
        else:
            direction = parry_direction(args.direction_roll)
            data.update(direction=direction.value, direction_roll=args.direction_roll,
                        direction_roll_needed=False)
            where = {"left": "45° to the keeper's left", "centre": "straight out into the field",
                     "right": "45° to the keeper's right"}[direction.value]
            lines.append(f"direction roll {args.direction_roll}: {direction.value} ({where}, "
                         "as the keeper sees it facing the field)")
            offsets = {}
            for keeper in Side:
                dx, dy = rebound_step(keeper, direction)
                offsets[f"{keeper.value}_goal"] = [dx * steps, dy * steps]
            data["rebound_offset"] = offsets
            w, b = offsets["white_goal"], offsets["black_goal"]
            lines.append(f"from the arrival point, in lattice steps: ({w[0]:+d}, {w[1]:+d}) at White's goal "
                         f"(y = 0), ({b[0]:+d}, {b[1]:+d}) at Black's goal (y = 16)")
            lines.append("the ball stops early on the board's edge or on a piece, which takes it")
    if args.json:
        print(json.dumps(data))
    else:
        print("\n".join(lines))
    return 0


def _cmd_path(args: argparse.Namespace) -> int:
    from companion.chessball.lattice import parse_point
    from companion.chessball.dribble import dribble_path
    from companion.chessball.paths import IllegalPath, ball_line, piece_path
    from companion.chessball.pieces import PieceKind, Side

    try:
        start = parse_point(args.start, "--from")
        goal = parse_point(args.goal, "--to")
        blockers = {parse_point(b, "--blockers") for b in args.blockers}
        side = Side.parse(args.side, "--side")
        ball = parse_point(args.ball, "--ball") if args.ball else None
        ball_to = parse_point(args.ball_to, "--ball-to") if args.ball_to else None
        is_ball = args.piece.lower() == "ball"
        kind = None if is_ball else PieceKind.parse(args.piece, "--piece")
    except ValueError as exc:
        return _fail(str(exc))
    if start in blockers:
        return _fail(f"--from {args.start} is also listed in --blockers")
    try:
        if kind is None:
            path = ball_line(start, goal, blockers)
            points, cost, extra = (path.points, path.cost, {}) if path else (None, None, {})
        elif ball is not None:
            if ball in blockers or ball == start:
                return _fail("--ball must be a free point next to the piece")
            dr = dribble_path(kind, side, start, ball, goal, ball_to, blockers)
            points = tuple(t[0] for t in dr.ticks) if dr else None
            cost = dr.cost if dr else None
            extra = {"ball_points": [list(t[1]) for t in dr.ticks]} if dr else {}
            if points is not None:
                points = (start,) + points
                extra["ball_points"].insert(0, list(ball))
        else:
            path = piece_path(kind, side, start, goal, blockers)
            points, cost, extra = (path.points, path.cost, {}) if path else (None, None, {})
    except IllegalPath as exc:
        return _fail(str(exc))
    what = "ball" if kind is None else kind.value
    if args.json:
        print(json.dumps({"piece": what, "from": list(start), "to": list(goal), "reachable": points is not None,
                          "cost": cost, "path": [list(p) for p in points] if points else None, **extra}))
        return 0
    if points is None:
        print("unreachable")
        hint = " in one move" if kind in (PieceKind.KNIGHT, PieceKind.PAWN) else ""
        print(f"no legal path for the {what} from {args.start} to {args.goal}{hint}")
        return 0
    print(f"{cost} MP")
    print("path: " + " -> ".join(f"{x},{y}" for x, y in points))
    if "ball_points" in extra:
        print("ball: " + " -> ".join(f"{x},{y}" for x, y in extra["ball_points"]))
    return 0


def _cmd_substitution(args: argparse.Namespace) -> int:
    from companion.chessball.pieces import PieceKind
    from companion.chessball.substitution import IllegalSubstitution, substitution_mp

    try:
        leaving = PieceKind.parse(args.leaving, "--out")
        entering = PieceKind.parse(args.entering, "--in")
        mp = substitution_mp(leaving, entering)
    except (ValueError, IllegalSubstitution) as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps({"out": leaving.value, "in": entering.value, "mp": mp}))
    elif mp > 0:
        print(f"+{mp} MP\nthe player gains {mp} MP this turn")
    elif mp < 0:
        print(f"{mp} MP\nthe player pays {-mp} MP and must have them left this turn")
    else:
        print("0 MP\nthe substitution costs nothing")
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    from companion.chessball.match import IllegalEvent, Match, Mode

    try:  # bytes: a file that is not UTF-8 text is named with its line, not a traceback
        stream = sys.stdin.buffer if args.journal == "-" else open(args.journal, "rb")
    except OSError as exc:
        return _fail(f"cannot read journal {args.journal}: {exc.strerror}")
    match = Match(Mode.COUNTING if args.counting else Mode.POSITIONAL)
    with stream:
        for n, raw in enumerate(stream, start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                return _fail(f"{args.journal} line {n}: not UTF-8 text (byte {exc.start + 1} is "
                             f"0x{raw[exc.start]:02x}); expected one JSON event per line")
            if not line.strip():
                continue
            try:
                event = json.loads(line)
                match.apply(event)
            except json.JSONDecodeError as exc:
                return _fail(f"{args.journal} line {n}: not JSON ({exc.msg})")
            except IllegalEvent as exc:
                return _fail(f"{args.journal} line {n}: {exc}")
    if args.json:
        print(json.dumps(match.state.to_dict()))
    else:
        print(match.state.describe())
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from companion.chessball.simulate import simulate_match
    from companion.chessball.state import Mode
    from companion.core.dice import Dice

    mode = Mode.COUNTING if args.counting else Mode.POSITIONAL
    journal, _ = simulate_match(Dice.seeded(args.seed), mode)
    print(json.dumps({"kind": "setup", "mode": mode.value}))
    for event in journal:
        print(json.dumps(event))
    return 0
