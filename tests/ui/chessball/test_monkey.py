"""Random taps anywhere, on every ChessBall screen, never crash and never split the screen's
state from the journal's replay (a referee's fumbling finger must be harmless)."""

from __future__ import annotations

import random

import pytest

from companion.chessball.match import replay
from companion.chessball.state import Mode
from companion.core.dice import Dice
from companion.ui.chessball.common import ChessBallScreen
from companion.chessball.session import Session
from companion.ui.chessball.tracker import TrackerScreen
from companion.ui.input import Action, Kind

from .helpers import tap_at


@pytest.mark.parametrize("mode, seed", [(Mode.POSITIONAL, 1), (Mode.COUNTING, 2)])
def test_random_taps_never_crash_and_the_state_is_always_the_journals(make_app, mode, seed):
    app = make_app(dice=Dice.seeded(seed))
    session = Session.start(app.journal, mode)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    rng = random.Random(seed)
    commands = ["roll", "white", "black", "ok", "roll", "white", "black", "ok", "undo", "back", "up", "down"]
    for step in range(600):
        r = rng.random()
        if r < 0.85:
            aims = [b for b in app.top.buttons if not b.label.startswith("↶")]  # undo: by chance only
            if rng.random() < 0.5 and aims:  # aim at a button half the time
                pos = rng.choice(aims).rect.center
            else:
                pos = (rng.randrange(800), rng.randrange(56, 480))
            tap_at(app, pos)
        elif r < 0.95:
            app.dispatch(Action(Kind.COMMAND, name=rng.choice(commands), source="key"))
        else:
            start = (rng.randrange(424), rng.randrange(56, 480))
            end = (rng.randrange(424), rng.randrange(56, 480))
            for kind, pos in ((Kind.PRESS, start), (Kind.MOVE, end), (Kind.RELEASE, end)):
                app.dispatch(Action(kind, pos, source="touch"))
        app.render()
        if len(app.stack) == 0 or not isinstance(app.top, ChessBallScreen):
            app.push(TrackerScreen(app, session))  # the back button left the tracker: come back
        events = [{"kind": e.kind, **e.data} for e in session.log.effective() if e.kind != "finish"]
        assert replay(events, mode).to_dict() == session.state.to_dict(), f"step {step}"
    kinds = {e.kind for e in session.log.events()}
    assert {"kickoff", "roll"} <= kinds and session.state.turn > 1, kinds  # the taps did play
