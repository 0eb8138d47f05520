"""A whole counting-mode match, kick-off to full time, driven by touch with seeded dice."""

from __future__ import annotations

import random
from dataclasses import replace

from companion.chessball.match import replay
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import Mode, Phase
from companion.core.dice import Dice
from companion.ui.chessball.rolls import TackleScreen
from companion.chessball.session import GAME, Session
from companion.ui.chessball.setup import SetupScreen
from companion.ui.chessball.shot import ShotScreen
from companion.ui.chessball.substitution import SubstitutionScreen
from companion.ui.chessball.tracker import TrackerScreen
from companion.ui.screens.home import HomeScreen

from .helpers import ENTERING_X, LEAVING_X, enabled, find, press, tap_at


def open_new_match(app, mode_key: str) -> TrackerScreen:
    app.push(HomeScreen(app))
    tap_at(app, find(app, app.t("game.chessball")).rect.center)
    assert isinstance(app.top, SetupScreen)
    tap_at(app, find(app, app.t(mode_key)).rect.center)
    press(app, "cb.setup.start")
    assert isinstance(app.top, TrackerScreen)
    return app.top


def play_one_move(app, plan: random.Random) -> None:
    """The referee records the side to move's move, chosen by ``plan``, with touches only."""
    tracker = app.top
    s = tracker.state
    side = s.side_to_move
    mp = s.movement_points[side]
    choice = plan.random()
    if choice < 0.08 and mp >= 4:  # a shot: distance typed on the keypad
        press(app, "cb.shot")
        assert isinstance(app.top, ShotScreen)
        for digit in str(plan.randint(2, min(mp, 14))):
            tap_at(app, find(app, digit).rect.center)
        press(app, "cb.shot.shoot")
        if app.top.stage == "keeper":
            press(app, "cb.shot.keeper_roll_app", prefix="⚄  ")
        if app.top.stage == "direction":
            press(app, "cb.shot.direction_app", prefix="⚄  ")
        assert app.top.stage == "result"
        press(app, "cb.shot.continue")
    elif choice < 0.14 and s.may_tackle(side):
        press(app, "cb.tackle")
        assert isinstance(app.top, TackleScreen)
        while not app.top.decided:
            press(app, "cb.tackle.roll", prefix="⚄  ")
        press(app, "cb.tackle.continue")
    elif choice < 0.18:
        press(app, "cb.substitution")
        assert isinstance(app.top, SubstitutionScreen)
        screen = app.top
        pawn_in = find(app, app.t("cb.piece.pawn"), column_x=ENTERING_X)
        if not pawn_in.enabled:  # a pawn is leaving: bring in a bishop instead
            pawn_in = find(app, app.t("cb.piece.bishop"), column_x=ENTERING_X)
        tap_at(app, pawn_in.rect.center)
        if enabled(app, "cb.sub.confirm"):
            press(app, "cb.sub.confirm")
        else:  # refused (too soon, or no pawn to bring in): the reason is shown, nothing journaled
            assert screen.message and screen.message_is_error
            press(app, "common.back", prefix="‹ ")
            press(app, "cb.pass_move")
    elif choice < 0.25:
        press(app, "cb.pass_move")
    else:
        for _ in range(plan.randint(1, 2)):
            n = plan.randint(1, 12)
            button = find(app, f"−{n}")
            if button.enabled:
                tap_at(app, button.rect.center)
        press(app, "cb.end_move")
    assert isinstance(app.top, TrackerScreen)


def test_a_whole_counting_match_from_kick_off_to_full_time_by_touch(make_app, tmp_path):
    app = make_app(dice=Dice.seeded(2026))
    app.config = replace(app.config, data_dir=tmp_path)
    tracker = open_new_match(app, "cb.mode.counting")
    plan = random.Random(7)
    kickoffs = rolls = 0
    while tracker.state.phase is not Phase.FULL_TIME:
        s = tracker.state
        if s.phase is Phase.KICKOFF:
            press(app, "cb.kickoff.confirm", side=tracker.side(s.kickoff_side))
            kickoffs += 1
        elif s.phase is Phase.ROLLS:
            for side in Side:
                if s.rolls[side] is None:
                    tap_at(app, find(app, "⚄ " + tracker.side(side)).rect.center)
                    rolls += 1
        else:
            play_one_move(app, plan)
        # what the header shows is the journal's replay
        assert tracker.state.score == replay(
            [{"kind": e.kind, **e.data} for e in tracker.session.log.effective() if e.kind != "finish"],
            Mode.COUNTING).score
    s = tracker.state
    assert s.turn == 50 and s.half == 2
    assert rolls == 100  # both sides rolled in every one of the 50 turns
    assert kickoffs == 2 + sum(s.score.values())  # each half, and after every goal
    log = app.journal.latest_unfinished(GAME)
    assert log is None  # full time finished the match in the journal
    info = app.journal.matches(game=GAME)[0]
    assert info.finished and info.result["score"] == {"white": s.score[Side.WHITE], "black": s.score[Side.BLACK]}
    kinds = {e.kind for e in tracker.session.log.effective()}
    assert {"shot", "keeper_roll", "tackle", "substitution", "spend", "end_move", "pass_move"} <= kinds
    # the buttons at full time: a new match, home; export writes the whole match
    assert enabled(app, "cb.new_match")
    press(app, "cb.export")
    exported = list((tmp_path / "exports").glob("chessball-*.json"))
    assert len(exported) == 1


def test_the_lineup_on_the_field_follows_substitutions_and_resets_after_a_goal(make_app):
    app = make_app()
    session = Session.start(app.journal, Mode.COUNTING)
    for e in ({"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": [6, 6, 6]},
              {"kind": "roll", "side": "black", "faces": [1, 1, 1]}):
        session.submit(e)
    app.push(TrackerScreen(app, session))
    press(app, "cb.substitution")
    tap_at(app, find(app, app.t("cb.piece.rook"), column_x=LEAVING_X).rect.center)
    tap_at(app, find(app, app.t("cb.piece.queen"), column_x=ENTERING_X).rect.center)
    press(app, "cb.sub.confirm")
    assert session.state.lineup[Side.WHITE][PieceKind.QUEEN] == 1
    press(app, "cb.goal_menu")
    press(app, "cb.goal_for", side=app.t("cb.side.white"))
    assert session.state.lineup[Side.WHITE][PieceKind.QUEEN] == 0
