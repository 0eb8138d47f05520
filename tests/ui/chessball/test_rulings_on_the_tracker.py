"""RULES.md section 1's rulings, through the tracker as a referee lives them: "at most one tackle
per turn in all, whoever starts it" (option tackles_per_turn: one by default, one_per_player for
the looser reading), and who moves first in the turn after a goal."""

from __future__ import annotations

from companion.chessball.options import RuleOptions, TacklesPerTurn
from companion.chessball.pieces import Side
from companion.chessball.state import Mode
from companion.ui.chessball.rolls import TackleScreen
from companion.chessball.session import Session
from companion.ui.chessball.tracker import TrackerScreen

from .helpers import press

KICKOFF_AND_ROLLS = ({"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": [1, 1, 2]},
                     {"kind": "roll", "side": "black", "faces": [6, 6, 6]})


def tracker_after_whites_tackle(app, options: RuleOptions | None = None) -> TrackerScreen:
    session = Session.start(app.journal, Mode.COUNTING, options)
    for e in KICKOFF_AND_ROLLS:
        session.submit(e)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    press(app, "cb.tackle")
    screen = app.top
    assert isinstance(screen, TackleScreen)
    while not screen.decided:
        press(app, "cb.tackle.roll", prefix="⚄  ")
    press(app, "cb.tackle.continue")
    assert app.top is tracker and tracker.state.side_to_move is Side.BLACK
    return tracker


def test_black_may_not_tackle_in_a_turn_where_white_already_did(make_app):
    app = make_app(lang="it")
    tracker = tracker_after_whites_tackle(app)
    events = len(tracker.session.log.effective())
    press(app, "cb.tackle")
    assert app.top is tracker  # refused before any roll
    assert tracker.message == "Il Bianco ha già tentato un contrasto: in un turno se ne fa uno solo"
    assert len(tracker.session.log.effective()) == events


def test_with_one_tackle_per_player_black_may_answer_with_its_own(make_app):
    app = make_app(lang="en")
    tracker = tracker_after_whites_tackle(app, RuleOptions(tackles_per_turn=TacklesPerTurn.ONE_PER_PLAYER))
    press(app, "cb.tackle")
    assert isinstance(app.top, TackleScreen) and app.top.tackler is Side.BLACK


def test_after_a_goal_the_side_kicking_off_moves_first_on_the_tracker(make_app):
    # RULES.md section 1: "except a turn that opens with a kick-off after a goal: there the side
    # kicking off moves first"; "a goal ends the turn at once".
    from companion.ui.chessball.tracker_draw import _prompt as prompt

    from .helpers import command

    app = make_app(lang="it")
    session = Session.start(app.journal, Mode.COUNTING)
    for e in KICKOFF_AND_ROLLS:
        session.submit(e)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    press(app, "cb.goal_menu")
    press(app, "cb.goal_for", side=app.t("cb.side.white"))
    s = tracker.state
    assert s.score[Side.WHITE] == 1 and s.turn == 2 and s.kickoff_side is Side.BLACK
    press(app, "cb.kickoff.confirm", side=app.t("cb.side.black"))
    command(app, "white")
    command(app, "black")
    assert tracker.state.side_to_move is Side.BLACK
    assert prompt(tracker).startswith("Mossa 1 di 3 del Nero")
