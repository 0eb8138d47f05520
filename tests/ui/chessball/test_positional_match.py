"""A whole positional match, kick-off to full time, played on the screen's board by touch.

A small plan (go to the ball, carry it forward, shoot when in range, tackle now and then)
chooses each move; the move is then made with taps on the lattice and the buttons, exactly
as a referee would, and the screen's state must always be the journal's replay.
"""

from __future__ import annotations

import random

from companion.chessball.events import IllegalEvent
from companion.chessball.lattice import GOAL_X_MAX, GOAL_X_MIN, neighbours
from companion.chessball.match import replay
from companion.chessball.pieces import PieceKind, Side, goal_line_y
from companion.chessball.state import Mode, Phase
from companion.core.dice import Dice
from companion.ui.chessball.rolls import TackleScreen
from companion.chessball.session import GAME, Session
from companion.ui.chessball.shot import ShotScreen
from companion.ui.chessball.tracker import TrackerScreen

from .helpers import board_tap, command, press


def candidates(tracker: TrackerScreen, plan: random.Random) -> list[dict]:
    """Events the plan would like, best first (each one exactly what the taps will produce)."""
    s = tracker.state
    side = s.side_to_move
    ball = s.ball
    out: list[dict] = []
    if ball is None:
        return out
    mine = s.pieces_next_to_ball(side)
    theirs = s.pieces_next_to_ball(side.other)
    forward = 1 if side is Side.WHITE else -1
    if mine and ball not in s.board:
        keeper = s.king_point(side.other)
        xs = [keeper[0]] + plan.sample(range(GOAL_X_MIN, GOAL_X_MAX + 1), 3)
        out += [{"kind": "kick", "side": side.value, "to": [x, goal_line_y(side.other)]} for x in xs]
    if mine and theirs and s.may_tackle(side) and plan.random() < 0.5:
        out.insert(0, {"kind": "tackle"})
    for at, piece in mine:
        if piece.kind is PieceKind.KING:
            continue
        for steps in (4, 2):
            to = (at[0], at[1] + forward * steps)
            if 0 < to[1] < 16 and to not in s.board:
                out.append({"kind": "dribble", "side": side.value, "from": list(at), "to": list(to)})
    if not mine:
        own = [(at, pc) for at, pc in s.board.items() if pc.side is side and pc.kind is not PieceKind.KING]
        plan.shuffle(own)
        for at, _ in own[:2]:
            for q in neighbours(ball):
                if q not in s.board:
                    out.append({"kind": "move", "side": side.value, "from": list(at), "to": list(q)})
    return out


def legal(tracker: TrackerScreen, event: dict) -> bool:
    if event["kind"] == "tackle":
        return True  # the screen itself checks it before rolling
    try:
        preview = tracker.session.probe(event)
    except IllegalEvent:
        return False
    return event["kind"] != "kick" or preview.cost <= 12  # shoot from within 12 steps


def settle_shot(app) -> None:
    screen = app.top
    assert isinstance(screen, ShotScreen)
    if screen.stage == "keeper":
        press(app, "cb.shot.keeper_roll_app", prefix="⚄  ")
    if screen.stage == "direction":
        press(app, "cb.shot.direction_app", prefix="⚄  ")
    assert screen.stage == "result"
    press(app, "cb.shot.continue")


def make_move_by_touch(app, tracker: TrackerScreen, event: dict) -> None:
    s = tracker.state
    kind = event["kind"]
    if kind == "tackle":
        press(app, "cb.tackle")
        if isinstance(app.top, TackleScreen):
            while not app.top.decided:
                press(app, "cb.tackle.roll", prefix="⚄  ")
            press(app, "cb.tackle.continue")
            return
        press(app, "cb.pass_move")  # refused (the reason is on the screen): pass instead
        return
    if kind == "kick":
        board_tap(app, s.ball)
        assert tracker.choice.ball_selected
    else:
        board_tap(app, tuple(event["from"]))
        if tracker.choice.with_ball != (kind == "dribble"):
            press(app, "cb.with_ball", answer=app.t("common.yes" if tracker.choice.with_ball else "common.no"))
    board_tap(app, tuple(event["to"]))
    preview = tracker.choice.preview
    assert preview is not None, tracker.message
    assert preview.event["kind"] == kind and preview.event["to"] == event["to"]
    press(app, "cb.confirm_cost", n=preview.cost)
    if isinstance(app.top, ShotScreen):
        settle_shot(app)


def test_a_whole_positional_match_on_the_board_by_touch(make_app):
    app = make_app(dice=Dice.seeded(404))
    session = Session.start(app.journal, Mode.POSITIONAL)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    plan = random.Random(404)
    played: dict[str, int] = {}
    while tracker.state.phase is not Phase.FULL_TIME:
        s = tracker.state
        if s.phase is Phase.KICKOFF:
            press(app, "cb.kickoff.confirm", side=tracker.side(s.kickoff_side))
        elif s.phase is Phase.ROLLS:
            command(app, "white")  # the two team buttons
            command(app, "black")
        elif s.phase in (Phase.KEEPER_ROLL, Phase.DIRECTION_ROLL):
            press(app, "cb.keeper_open")
            settle_shot(app)
        else:
            chosen = next((e for e in candidates(tracker, plan) if legal(tracker, e)), None)
            if chosen is None:
                press(app, "cb.pass_move")
                played["pass_move"] = played.get("pass_move", 0) + 1
            else:
                make_move_by_touch(app, tracker, chosen)
                played[chosen["kind"]] = played.get(chosen["kind"], 0) + 1
        assert app.top is tracker
    s = tracker.state
    assert s.turn == 50 and s.half == 2
    events = [{"kind": e.kind, **e.data} for e in session.log.effective() if e.kind != "finish"]
    assert replay(events, Mode.POSITIONAL).to_dict() == s.to_dict()
    assert sum(1 for e in events if e["kind"] == "roll") == 100
    assert {"move", "dribble", "kick", "tackle"} <= set(played)
    assert any(e["kind"] == "keeper_roll" for e in events)
    assert app.journal.latest_unfinished(GAME) is None
