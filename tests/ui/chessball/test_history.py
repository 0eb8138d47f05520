"""The match report tells every event that counts, in words, newest first."""

from __future__ import annotations

from companion.chessball.simulate import simulate_match
from companion.chessball.state import Mode
from companion.core.dice import Dice
from companion.ui.chessball.history import HistoryScreen, history
from companion.chessball.session import Session
from companion.ui.chessball.tracker import TrackerScreen

from .helpers import command, find, press, tap_at


def test_every_event_of_a_positional_match_is_told_in_words(make_app):
    app = make_app(lang="en")
    session = Session.start(app.journal, Mode.POSITIONAL)
    events, _ = simulate_match(Dice.seeded(8), Mode.POSITIONAL)
    for event in events[:150]:
        session.submit(event)
    lines = history(session, app.t)
    assert len(lines) == 150
    kinds = {e["kind"] for e in events[:150]}
    assert {"kick", "move", "tackle", "keeper_roll"} <= kinds
    for line in lines:
        assert "{" not in line.text and line.text not in kinds  # a sentence, never a bare kind


def test_the_report_opens_from_the_tracker_newest_first_and_follows_undo(make_app):
    app = make_app()
    session = Session.start(app.journal, Mode.COUNTING)
    session.submit({"kind": "kickoff"})
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    command(app, "white")
    command(app, "black")
    tap_at(app, find(app, "−5").rect.center)
    press(app, "cb.history")
    screen = app.top
    assert isinstance(screen, HistoryScreen)
    assert screen.lines[0].text == app.t("cb.h.spend", side=app.t("cb.side.white"), n=5)
    assert len(screen.lines) == 4
    press(app, "common.back", prefix="‹ ")
    press(app, "cb.undo", prefix="↶ ")
    press(app, "cb.history")
    assert len(app.top.lines) == 3


def test_a_long_report_pages(make_app):
    app = make_app()
    session = Session.start(app.journal, Mode.COUNTING)
    events, _ = simulate_match(Dice.seeded(2), Mode.COUNTING)
    for event in events[:40]:
        session.submit(event)
    screen = HistoryScreen(app, session)
    app.push(screen)
    assert screen.pages == 5 and screen.page == 0
    command(app, "down")
    tap_at(app, find(app, "▼").rect.center)
    assert screen.page == 2
    command(app, "up")
    assert screen.page == 1
