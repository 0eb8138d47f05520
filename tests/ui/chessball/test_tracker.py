"""The tracker: rolls, substitutions (refused and accepted), undo, export, resume after a power cut."""

from __future__ import annotations

import json
from dataclasses import replace

from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import Mode, Phase
from companion.core.dice import Dice
from companion.ui.chessball.rolls import MovementRollScreen
from companion.chessball.session import GAME, Session
from companion.ui.chessball.substitution import SubstitutionScreen
from companion.ui.chessball.tracker import TrackerScreen
from companion.ui.screens.home import HomeScreen
from companion.ui.screens.resume import ResumeScreen

from .helpers import ENTERING_X, LEAVING_X, command, faces, find, press, tap_at


def new_tracker(app, mode=Mode.COUNTING, events=()) -> TrackerScreen:
    session = Session.start(app.journal, mode)
    for e in events:
        session.submit(e)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    return tracker


KICKOFF_AND_ROLLS = ({"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": [1, 1, 2]},
                     {"kind": "roll", "side": "black", "faces": [6, 6, 6]})


def test_the_two_team_buttons_roll_each_sides_mp_with_the_app_dice(make_app):
    app = make_app(dice=Dice.seeded(5))
    tracker = new_tracker(app, events=[{"kind": "kickoff"}])
    command(app, "black")
    command(app, "white")
    expected = Dice.seeded(5)
    black, white = sum(expected.roll(3).faces), sum(expected.roll(3).faces)
    assert tracker.state.movement_points == {Side.WHITE: white, Side.BLACK: black}
    assert tracker.state.phase is Phase.MOVES


def test_mp_typed_in_from_real_dice(make_app):
    app = make_app()
    tracker = new_tracker(app, events=[{"kind": "kickoff"}])
    press(app, "cb.rolls.typed")  # White's "real dice" button comes first
    screen = app.top
    assert isinstance(screen, MovementRollScreen) and screen.roll_side is Side.WHITE
    faces(app, [3, 5, 6], screen.picker)
    press(app, "cb.roll.confirm", n=14)
    assert app.top is tracker
    assert tracker.state.rolls[Side.WHITE] == (3, 5, 6) and tracker.state.movement_points[Side.WHITE] == 14


def test_spending_mp_by_hand_then_ending_the_move_hands_over(make_app):
    app = make_app()
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    tap_at(app, find(app, "−3").rect.center)
    assert tracker.state.movement_points[Side.WHITE] == 1 and tracker.state.move_spent == 3
    assert not find(app, "−2").enabled  # only 1 MP left: more cannot be spent
    press(app, "cb.end_move")
    assert tracker.state.side_to_move is Side.BLACK


def test_a_substitution_the_rules_refuse_is_shown_and_not_journaled_then_a_legal_one_is(make_app):
    app = make_app()
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)  # White has 4 MP
    press(app, "cb.substitution")
    screen = app.top
    assert isinstance(screen, SubstitutionScreen)
    before = len(tracker.session.log.events())
    tap_at(app, find(app, app.t("cb.piece.rook"), column_x=LEAVING_X).rect.center)
    queen = find(app, app.t("cb.piece.queen"), column_x=ENTERING_X)
    assert queen.sublabel.startswith(app.t("cb.sub.value", mp="−5"))  # the table's cost is shown
    tap_at(app, queen.rect.center)
    assert screen.message == app.t("cb.why.not_enough_mp", cost=5, side=app.t("cb.side.white"), left=4)
    assert not find(app, app.t("cb.sub.confirm")).enabled
    assert len(tracker.session.log.events()) == before
    tap_at(app, find(app, app.t("cb.piece.pawn"), column_x=ENTERING_X).rect.center)  # rook → pawn: +7
    press(app, "cb.sub.confirm")
    assert app.top is tracker
    s = tracker.state
    assert s.movement_points[Side.WHITE] == 11
    assert s.lineup[Side.WHITE][PieceKind.PAWN] == 1 and s.lineup[Side.WHITE][PieceKind.ROOK] == 0
    assert tracker.session.log.effective()[-1].data == {"side": "white", "out": "rook", "in": "pawn"}


def test_a_second_substitution_within_three_turns_is_refused_with_the_turn_it_is_allowed_from(make_app):
    app = make_app()
    events = list(KICKOFF_AND_ROLLS) + [{"kind": "substitution", "side": "white", "out": "rook", "in": "pawn"}]
    events += [{"kind": "pass_move", "side": s} for s in ("black", "white", "black", "white", "black")]
    events += [{"kind": "roll", "side": "white", "faces": [6, 6, 6]}, {"kind": "roll", "side": "black", "faces": [6, 6, 6]}]
    tracker = new_tracker(app, events=events)
    assert tracker.state.turn == 2
    press(app, "cb.substitution")
    tap_at(app, find(app, app.t("cb.piece.knight"), column_x=ENTERING_X).rect.center)
    assert app.top.message == app.t("cb.why.substitution_interval", side=app.t("cb.side.white"), turn=1,
                                    every=3, next=4)
    assert not find(app, app.t("cb.sub.confirm")).enabled


def test_undo_restores_the_mp_spent_and_the_score(make_app):
    app = make_app()
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    tap_at(app, find(app, "−2").rect.center)
    assert tracker.state.movement_points[Side.WHITE] == 2
    press(app, "cb.undo", prefix="↶ ")
    assert tracker.state.movement_points[Side.WHITE] == 4 and tracker.state.move_spent == 0
    press(app, "cb.goal_menu")
    press(app, "cb.goal_for", side=app.t("cb.side.black"))
    assert tracker.state.score[Side.BLACK] == 1 and tracker.state.phase is Phase.KICKOFF
    command(app, "undo")  # the keyboard U / a GPIO undo does the same
    assert tracker.state.score[Side.BLACK] == 0
    assert tracker.state.phase is Phase.MOVES and tracker.state.movement_points[Side.WHITE] == 4


def test_undo_after_full_time_reopens_the_match(make_app):
    from companion.chessball.options import RuleOptions

    app = make_app()
    session = Session.start(app.journal, Mode.COUNTING, RuleOptions(turns_per_half=1, moves_per_turn=1))
    for e in ({"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": [1, 1, 1]},
              {"kind": "roll", "side": "black", "faces": [1, 1, 1]}, {"kind": "pass_move", "side": "white"},
              {"kind": "pass_move", "side": "black"}, {"kind": "kickoff"},
              {"kind": "roll", "side": "white", "faces": [1, 1, 1]}, {"kind": "roll", "side": "black", "faces": [1, 1, 1]},
              {"kind": "pass_move", "side": "black"}):
        session.submit(e)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    press(app, "cb.pass_move")
    assert tracker.state.phase is Phase.FULL_TIME and app.journal.latest_unfinished(GAME) is None
    press(app, "cb.undo", prefix="↶ ")
    assert tracker.state.phase is Phase.MOVES and app.journal.latest_unfinished(GAME) is not None


def test_export_writes_the_match_as_json_in_the_data_folder(make_app, tmp_path):
    app = make_app()
    app.config = replace(app.config, data_dir=tmp_path / "data")
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    tap_at(app, find(app, "−1").rect.center)
    press(app, "cb.export")
    [path] = (tmp_path / "data" / "exports").glob("*.json")
    data = json.loads(path.read_text("utf-8"))
    assert data["match"]["game"] == GAME and data["match"]["meta"]["mode"] == "counting"
    assert [e["kind"] for e in data["events"]] == ["kickoff", "roll", "roll", "spend"]
    assert data["state"]["movement_points"]["white"] == 3


def test_a_match_survives_a_power_cut_and_is_offered_at_start_up(make_app, tmp_path):
    path = tmp_path / "cut.db"
    app = make_app(journal_path=path)
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    tap_at(app, find(app, "−3").rect.center)
    press(app, "cb.goal_menu")
    press(app, "cb.goal_for", side=app.t("cb.side.white"))
    before = tracker.state.to_dict()
    app.journal.close()  # the plug is pulled

    again = make_app(journal_path=path)
    import companion.ui.chessball  # noqa: F401  (the home tile and its resume)

    again.push(HomeScreen(again))
    HomeScreen.offer_resume(again)
    assert isinstance(again.top, ResumeScreen)
    tap_at(again, find(again, again.t("resume.resume")).rect.center)
    resumed = again.top
    assert isinstance(resumed, TrackerScreen)
    assert resumed.state.to_dict() == before
    assert resumed.state.score[Side.WHITE] == 1


def test_the_home_tile_opens_the_new_match_screen_with_the_unfinished_match_to_continue(make_app):
    from companion.ui.chessball.setup import SetupScreen

    app = make_app()
    Session.start(app.journal, Mode.COUNTING).submit({"kind": "kickoff"})
    app.push(HomeScreen(app))
    tile = find(app, app.t("game.chessball"))
    assert tile.enabled
    tap_at(app, tile.rect.center)
    assert isinstance(app.top, SetupScreen)
    press(app, "cb.setup.continue")
    assert isinstance(app.top, TrackerScreen) and app.top.state.phase is Phase.ROLLS
    press(app, "common.back", prefix="‹ ")
    assert isinstance(app.top, HomeScreen)


def test_the_side_to_move_leds_follow_the_moves(make_app):
    from companion.hardware.facade import Hardware

    hardware = Hardware(pins={"led_white": 5, "led_black": 6}, post=lambda name: None, enabled=False)
    try:
        app = make_app(hardware=hardware)
        tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
        tracker.enter()
        leds = hardware.leds
        assert (leds.state("led_white").name, leds.state("led_black").name) == ("ON", "OFF")
        press(app, "cb.pass_move")
        assert (leds.state("led_white").name, leds.state("led_black").name) == ("OFF", "ON")
        press(app, "cb.goal_menu")
        press(app, "cb.goal_for", side=app.t("cb.side.black"))  # a kick-off: nobody to move
        assert (leds.state("led_white").name, leds.state("led_black").name) == ("OFF", "OFF")
    finally:
        hardware.close()


def test_a_journal_match_that_does_not_replay_is_said_not_hidden(make_app):
    from companion.ui.chessball.setup import SetupScreen, resume_chessball

    app = make_app()
    log = app.journal.new_match(GAME, meta={"mode": "counting", "options": {}})
    log.append("kickoff", {})
    log.append("spend", {"side": "white", "mp": 3})  # before any roll: the reducer refuses it
    screen = resume_chessball(app, log)
    assert isinstance(screen, SetupScreen)
    assert "event 2" in screen.error and screen.error.startswith(app.t("cb.resume_failed", error="")[:10])


def test_a_failed_export_is_reported_not_fatal(make_app, tmp_path):
    app = make_app()
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app.config = replace(app.config, data_dir=blocker)
    new_tracker(app, events=KICKOFF_AND_ROLLS)
    press(app, "cb.export")
    assert app.banners and app.banners[-1].text.startswith(app.t("cb.export_failed", error="").strip())


def test_a_team_button_ends_that_teams_move_like_a_clock(make_app):
    app = make_app()
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    command(app, "black")  # not Black's move: nothing happens but a message
    assert tracker.state.side_to_move is Side.WHITE and tracker.message_is_error
    tap_at(app, find(app, "−2").rect.center)
    command(app, "white")  # White's move ends
    assert tracker.session.log.effective()[-1].kind == "end_move"
    command(app, "black")  # nothing spent: Black passes
    assert tracker.session.log.effective()[-1].kind == "pass_move"
    assert tracker.state.side_to_move is Side.WHITE and tracker.state.moves_left(Side.WHITE) == 2


def test_an_action_the_journal_cannot_save_is_not_done(make_app):
    app = make_app()
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    before = tracker.state
    app.journal._conn.execute("PRAGMA query_only=ON")  # the storage refuses writes (a card gone read-only)
    tap_at(app, find(app, "−2").rect.center)
    assert tracker.state is before and tracker.state.movement_points[Side.WHITE] == 4
    assert app.banners and app.banners[-1].text.startswith(app.t("cb.not_saved", error="").split(":")[0])
    assert [e.kind for e in tracker.session.log.effective()] == ["kickoff", "roll", "roll"]


def test_going_back_into_a_running_match_offers_resume_first_and_a_new_match_only_after_a_confirm(make_app):
    """The issue's flow: back into ChessBall mid-match, one tap must not close the match."""
    from companion.ui.chessball.setup import SetupScreen
    from companion.ui.screens.confirm import ConfirmScreen

    app = make_app()
    old = Session.start(app.journal, Mode.COUNTING)
    old.submit({"kind": "kickoff"})
    app.push(HomeScreen(app))
    tap_at(app, find(app, app.t("game.chessball")).rect.center)
    setup = app.top
    assert isinstance(setup, SetupScreen)
    main = next(b for b in setup.buttons if b.primary)
    assert main.label == app.t("cb.setup.continue")  # the big yellow button resumes
    assert all(b.label != app.t("cb.setup.start") for b in setup.buttons)
    press(app, "cb.setup.new")  # one tap on "Nuova partita" only asks
    assert isinstance(app.top, ConfirmScreen)
    assert not next(i for i in app.journal.matches(game=GAME) if i.id == old.log.id).finished
    press(app, "common.cancel")  # the safe answer: nothing happened
    assert app.top is setup and not next(i for i in app.journal.matches(game=GAME) if i.id == old.log.id).finished
    press(app, "cb.setup.new")
    command(app, "back")  # the back button (GPIO, Escape) is the safe answer too
    assert app.top is setup
    press(app, "cb.setup.continue")
    assert isinstance(app.top, TrackerScreen) and app.top.session.log.id == old.log.id


def test_a_new_match_closes_the_one_in_progress_as_abandoned_without_losing_it(make_app):
    from companion.ui.chessball.setup import SetupScreen

    app = make_app()
    old = Session.start(app.journal, Mode.COUNTING)
    old.submit({"kind": "kickoff"})
    app.push(SetupScreen(app))
    press(app, "cb.setup.new")
    press(app, "cb.setup.new_confirm")
    assert isinstance(app.top, TrackerScreen) and app.top.session.log.id != old.log.id
    info = next(i for i in app.journal.matches(game=GAME) if i.id == old.log.id)
    assert info.finished and info.result["abandoned"] is True and info.event_count == 2


def test_a_decided_tackle_roll_is_journaled_at_once_and_cannot_be_thrown_again(make_app):
    from companion.ui.chessball.rolls import TackleScreen

    app = make_app()
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    press(app, "cb.tackle")
    screen = app.top
    assert isinstance(screen, TackleScreen)
    while not screen.decided:
        press(app, "cb.tackle.roll", prefix="⚄  ")
    last = tracker.session.log.effective()[-1]
    assert last.kind == "tackle"  # journaled before anyone can look for a way out
    labels = [b.label for b in screen.buttons]
    assert labels == ["‹ " + app.t("common.back"), app.t("cb.tackle.continue")]  # no "throw again"
    command(app, "roll")  # the roll button does nothing more either
    assert len(tracker.session.log.effective()) == len(KICKOFF_AND_ROLLS) + 1
    command(app, "back")
    assert app.top is tracker
    press(app, "cb.undo", prefix="↶ ")  # a wrong entry is put right in the open, with undo
    assert tracker.session.log.effective()[-1].kind != "tackle"


def test_a_digit_typed_on_a_keyboard_spends_that_many_mp(make_app):
    from companion.ui.input import Action, Kind

    app = make_app()
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    app.dispatch(Action(Kind.TEXT, name="3", source="key"))
    assert tracker.state.move_spent == 3 and tracker.state.movement_points[Side.WHITE] == 1


def test_a_tackle_typed_in_from_real_dice_a_tie_is_thrown_again(make_app):
    from companion.ui.chessball.rolls import TackleScreen

    app = make_app()
    tracker = new_tracker(app, events=KICKOFF_AND_ROLLS)
    press(app, "cb.tackle")
    screen = app.top
    assert isinstance(screen, TackleScreen)
    faces(app, [3, 4, 5], screen.pickers[Side.WHITE])
    faces(app, [6, 5, 1], screen.pickers[Side.BLACK])
    press(app, "cb.tackle.enter_throw")
    assert not screen.decided and screen.message == app.t("cb.tackle.tie", n=12)
    faces(app, [1, 2, 2], screen.pickers[Side.WHITE])
    faces(app, [6, 6, 1], screen.pickers[Side.BLACK])
    press(app, "cb.tackle.enter_throw")
    assert screen.winner() is Side.BLACK
    press(app, "cb.tackle.continue")
    assert app.top is tracker
    last = tracker.session.log.effective()[-1]
    assert last.kind == "tackle" and len(last.data["throws"]) == 2
    assert tracker.state.tackled == {Side.WHITE} and tracker.state.side_to_move is Side.BLACK
    press(app, "cb.pass_move")  # Black passes
    press(app, "cb.tackle")  # White's second tackle this turn is refused before any roll
    assert app.top is tracker
    assert tracker.message == app.t("cb.why.one_tackle", side=app.t("cb.side.white"))


def test_half_time_is_announced_and_black_kicks_off_the_second_half(make_app):
    from companion.chessball.options import RuleOptions

    app = make_app()
    session = Session.start(app.journal, Mode.COUNTING, RuleOptions(turns_per_half=1, moves_per_turn=1))
    for e in ({"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": [1, 1, 1]},
              {"kind": "roll", "side": "black", "faces": [1, 1, 1]}, {"kind": "pass_move", "side": "white"}):
        session.submit(e)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    press(app, "cb.pass_move")  # Black's move ends the first half
    s = tracker.state
    assert s.half == 2 and s.phase is Phase.KICKOFF and s.kickoff_side is Side.BLACK
    score = "0 – 0"
    assert app.banners[-1].text == app.t("cb.banner.half_time", score=score, side=app.t("cb.side.black"))
    press(app, "cb.kickoff.confirm", side=app.t("cb.side.black"))
    command(app, "white")
    command(app, "black")
    assert tracker.state.side_to_move is Side.BLACK  # Black moves first in the second half
