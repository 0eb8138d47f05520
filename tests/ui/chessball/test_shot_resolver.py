"""The shot resolver with the seed's examples, typed in by touch like a referee would."""

from __future__ import annotations

import pytest

from companion.chessball.pieces import Side
from companion.chessball.state import Mode, Phase
from companion.chessball.session import Session
from companion.ui.chessball.shot import ShotScreen
from companion.ui.chessball.tracker import TrackerScreen

from .helpers import faces, find, press, tap_at


def counting_match_in_moves(app, white_faces=(6, 6, 6), black_faces=(5, 5, 5)) -> TrackerScreen:
    session = Session.start(app.journal, Mode.COUNTING)
    for e in ({"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": list(white_faces)},
              {"kind": "roll", "side": "black", "faces": list(black_faces)}):
        session.submit(e)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    return tracker


def type_distance(app, distance: int) -> None:
    for digit in str(distance):
        tap_at(app, find(app, digit).rect.center)


def open_shot_with_distance(app, distance: int) -> ShotScreen:
    press(app, "cb.shot")
    screen = app.top
    assert isinstance(screen, ShotScreen) and screen.stage == "distance"
    type_distance(app, distance)
    return screen


@pytest.mark.parametrize("distance, power", [(4, 14), (12, 6)])
def test_power_on_arrival_is_18_minus_the_steps_travelled(make_app, distance, power):
    app = make_app()
    counting_match_in_moves(app)
    screen = open_shot_with_distance(app, distance)
    assert screen.distance == distance
    press(app, "cb.shot.shoot")
    assert screen.stage == "keeper"
    assert screen.state.pending_shot.power == power
    assert screen.state.movement_points[Side.WHITE] == 18 - distance  # the shot's steps are paid


def test_keeper_roll_above_the_power_is_a_save(make_app):
    app = make_app()
    tracker = counting_match_in_moves(app)
    screen = open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    faces(app, [5, 5, 5], screen.keeper_picker)  # 15 against 14
    press(app, "cb.roll.confirm", n=15)
    assert screen.stage == "result" and screen.outcome["outcome"] == "save"
    assert screen._outcome_lines()[0] == app.t("cb.outcome.save")
    press(app, "cb.shot.continue")
    assert app.top is tracker and tracker.state.score == {Side.WHITE: 0, Side.BLACK: 0}
    assert tracker.state.side_to_move is Side.BLACK  # the shot was White's move


def test_keeper_roll_up_to_three_below_is_a_parry_with_its_direction_roll(make_app):
    app = make_app()
    counting_match_in_moves(app)
    screen = open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    faces(app, [5, 4, 2], screen.keeper_picker)  # 11 against 14: a parry of 3
    press(app, "cb.roll.confirm", n=11)
    assert screen.stage == "direction" and screen.outcome["residual"] == 3
    assert screen._outcome_lines()[0] == app.t("cb.outcome.parry", n=3)
    tap_at(app, find(app, "2").rect.center)  # the 1d6 shows 2: left
    assert screen.stage == "result"
    assert screen.rebound["direction"] == "left" and screen.rebound["rebound_steps"] == 3
    events = [e.kind for e in screen.session.log.effective()]
    assert events[-3:] == ["shot", "keeper_roll", "direction_roll"]


def test_parry_counted_in_whole_squares_when_the_club_says_so(make_app):
    from companion.chessball.options import ParryUnit, RuleOptions

    app = make_app()
    session = Session.start(app.journal, Mode.COUNTING, RuleOptions(parry_unit=ParryUnit.SQUARE))
    for e in ({"kind": "kickoff"}, {"kind": "roll", "side": "white", "faces": [6, 6, 6]},
              {"kind": "roll", "side": "black", "faces": [1, 1, 1]}):
        session.submit(e)
    app.push(TrackerScreen(app, session))
    screen = open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    faces(app, [5, 4, 2], screen.keeper_picker)
    press(app, "cb.roll.confirm", n=11)
    tap_at(app, find(app, "4").rect.center)  # centre
    assert screen.rebound["rebound_steps"] == 6 and screen.rebound["direction"] == "centre"


def test_keeper_roll_four_or_more_below_is_a_goal_and_the_score_changes(make_app):
    app = make_app()
    tracker = counting_match_in_moves(app)
    screen = open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    faces(app, [2, 3, 3], screen.keeper_picker)  # 8 against 14
    press(app, "cb.roll.confirm", n=8)
    assert screen.outcome["outcome"] == "goal"
    assert screen.state.score == {Side.WHITE: 1, Side.BLACK: 0}
    assert app.banners and app.t("cb.side.white") in app.banners[-1].text
    press(app, "cb.shot.continue")
    assert tracker.state.phase is Phase.KICKOFF and tracker.state.kickoff_side is Side.BLACK


def test_a_roll_equal_to_the_power_is_a_save(make_app):
    app = make_app()
    counting_match_in_moves(app)
    screen = open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    faces(app, [6, 6, 2], screen.keeper_picker)  # 14 against 14: residual 0
    press(app, "cb.roll.confirm", n=14)
    assert screen.outcome["outcome"] == "save"


def test_keeper_off_the_arrival_point_is_a_goal_without_a_roll(make_app):
    app = make_app()
    counting_match_in_moves(app)
    screen = open_shot_with_distance(app, 6)
    press(app, "cb.shot.keeper_on_point", answer=app.t("common.yes"))  # now: no
    press(app, "cb.shot.shoot")
    assert screen.stage == "result" and screen.outcome["outcome"] == "goal"
    assert screen.state.score[Side.WHITE] == 1


def test_a_shot_longer_than_the_mp_left_is_refused_and_nothing_is_journaled(make_app):
    app = make_app()
    counting_match_in_moves(app, white_faces=(1, 1, 2))
    screen = open_shot_with_distance(app, 5)
    before = len(screen.session.log.events())
    press(app, "cb.shot.shoot")
    assert screen.stage == "distance"
    assert screen.message == app.t("cb.why.not_enough_mp", cost=5, side=app.t("cb.side.white"), left=4)
    assert len(screen.session.log.events()) == before


def test_the_app_rolls_the_keeper_with_the_seeded_dice(make_app):
    from companion.core.dice import Dice

    app = make_app(dice=Dice.seeded(99))
    counting_match_in_moves(app)
    screen = open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    press(app, "cb.shot.keeper_roll_app", prefix="⚄  ")
    expected = list(Dice.seeded(99).roll(3).faces)
    keeper = [e for e in screen.session.log.effective() if e.kind == "keeper_roll"][0]
    assert keeper.data["faces"] == expected and screen.outcome["roll"] == sum(expected)


def test_one_undo_after_a_parried_shot_takes_the_whole_shot_back(make_app):
    """The issue's flow: undo after a shot changed nothing visible twice, the third removed it."""
    app = make_app()
    tracker = counting_match_in_moves(app)
    before = tracker.state
    screen = open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    faces(app, [5, 4, 2], screen.keeper_picker)  # a parry
    press(app, "cb.roll.confirm", n=11)
    tap_at(app, find(app, "2").rect.center)
    press(app, "cb.shot.continue")
    assert app.top is tracker and tracker.state.side_to_move is Side.BLACK
    press(app, "cb.undo", prefix="↶ ")
    assert tracker.state.to_dict() == before.to_dict()  # one visible step: the shot is gone
    assert tracker.state.phase is Phase.MOVES and tracker.state.side_to_move is Side.WHITE
    assert [e.kind for e in tracker.session.log.effective()] == ["kickoff", "roll", "roll"]
    press(app, "cb.undo", prefix="↶ ")  # the next undo takes the roll before it
    assert [e.kind for e in tracker.session.log.effective()] == ["kickoff", "roll"]


def test_undo_while_the_keeper_is_to_roll_takes_the_shot_back_too(make_app):
    app = make_app()
    tracker = counting_match_in_moves(app)
    open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    press(app, "common.back", prefix="‹ ")
    assert app.top is tracker and tracker.state.phase is Phase.KEEPER_ROLL
    press(app, "cb.undo", prefix="↶ ")
    assert tracker.state.phase is Phase.MOVES and tracker.state.pending_shot is None


def test_after_a_goal_continue_is_tappable_at_once_under_the_goal_banner(make_app):
    """The issue: after GOL the Continua button was hidden by the banner for about 3 s."""
    from ..conftest import tap

    app = make_app()
    tracker = counting_match_in_moves(app)
    screen = open_shot_with_distance(app, 4)
    press(app, "cb.shot.shoot")
    faces(app, [2, 3, 3], screen.keeper_picker)
    press(app, "cb.roll.confirm", n=8)
    assert app.banners  # GOL! is announced...
    go_on = find(app, app.t("cb.shot.continue"))
    assert not go_on.rect.colliderect(app.banner_rect())  # ...where it hides no main button
    tap(app, *go_on.rect.center)  # one tap, banner or not
    assert app.top is tracker


def test_after_export_the_main_buttons_stay_uncovered(make_app, tmp_path):
    from dataclasses import replace

    app = make_app()
    tracker = counting_match_in_moves(app)
    app.config = replace(app.config, data_dir=tmp_path)
    press(app, "cb.export")
    assert app.banners
    covered = [b.label for b in tracker.buttons if b.rect.colliderect(app.banner_rect()) and b.rect.top > 60]
    assert covered == []
    assert all(not b.rect.colliderect(app.banner_rect()) for b in tracker.buttons if b.primary)
