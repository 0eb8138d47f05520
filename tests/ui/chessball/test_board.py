"""The lattice board by touch: kick-off placement, moves with their cost, refusals, shots, drags."""

from __future__ import annotations

from companion.chessball.lattice import CENTRE
from companion.chessball.paths import piece_path
from companion.chessball.pieces import PieceKind, Side
from companion.chessball.state import Mode, Phase
from companion.chessball.session import Session
from companion.ui.chessball.setup import SetupScreen
from companion.ui.chessball.shot import ShotScreen
from companion.ui.chessball.tracker import TrackerScreen
from companion.ui.input import Action, Kind

from .helpers import board_tap, command, faces, find, press, tap_at

# White kicks off with the Bishop next to the ball; Black keeps off the x = 8 file.
PLACEMENT = [
    {"side": "white", "piece": "king", "at": [8, 0]}, {"side": "white", "piece": "bishop", "at": [8, 7]},
    {"side": "white", "piece": "knight", "at": [4, 5]}, {"side": "white", "piece": "rook", "at": [12, 5]},
    {"side": "black", "piece": "king", "at": [8, 16]}, {"side": "black", "piece": "bishop", "at": [3, 11]},
    {"side": "black", "piece": "knight", "at": [5, 12]}, {"side": "black", "piece": "rook", "at": [13, 11]},
]


def positional_tracker(app, white=(6, 6, 6), black=(3, 3, 3)) -> TrackerScreen:
    session = Session.start(app.journal, Mode.POSITIONAL)
    session.submit({"kind": "kickoff", "pieces": PLACEMENT})
    session.submit({"kind": "roll", "side": "white", "faces": list(white)})
    session.submit({"kind": "roll", "side": "black", "faces": list(black)})
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    return tracker


def point_of(tracker, side: Side, kind: PieceKind):
    return next(p for p, pc in tracker.state.board.items() if pc.side is side and pc.kind is kind)


def test_kick_off_placement_is_arranged_by_touch_then_journaled(make_app):
    app = make_app()
    from companion.ui.screens.home import HomeScreen

    app.push(HomeScreen(app))
    tap_at(app, find(app, app.t("game.chessball")).rect.center)
    assert isinstance(app.top, SetupScreen)
    press(app, "cb.setup.start")  # positional mode is the default
    tracker = app.top
    assert isinstance(tracker, TrackerScreen) and tracker.placement is not None
    rook = next(p for p, (side, kind) in tracker.placement.pieces.items()
                if side is Side.WHITE and kind is PieceKind.ROOK)
    board_tap(app, rook)
    board_tap(app, (14, 3))
    assert tracker.placement.pieces[(14, 3)] == (Side.WHITE, PieceKind.ROOK)
    press(app, "cb.kickoff.confirm", side=app.t("cb.side.white"))
    kickoff = tracker.session.log.effective()[-1]
    assert kickoff.kind == "kickoff"
    assert {"side": "white", "piece": "rook", "at": [14, 3]} in kickoff.data["pieces"]
    assert tracker.state.phase is Phase.ROLLS and tracker.state.ball == CENTRE


def test_a_piece_placed_in_the_other_half_is_refused_at_kick_off(make_app):
    app = make_app()
    session = Session.start(app.journal, Mode.POSITIONAL)
    tracker = TrackerScreen(app, session)
    app.push(tracker)
    knight = next(p for p, (side, kind) in tracker.placement.pieces.items()
                  if side is Side.WHITE and kind is PieceKind.KNIGHT)
    board_tap(app, knight)
    board_tap(app, (2, 12))
    assert tracker.message_is_error
    # the refusal names the place on the board, never the lattice numbers "2,12"
    assert tracker.message == "Cavallo del Bianco sull'angolo tra a6 e b7: non è nella propria metà campo"
    assert "2,12" not in tracker.message
    press(app, "cb.kickoff.confirm", side=app.t("cb.side.white"))
    assert session.log.effective() == [] and tracker.state.phase is Phase.KICKOFF


def test_a_move_shows_its_cheapest_path_and_cost_before_it_is_confirmed(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    rook = point_of(tracker, Side.WHITE, PieceKind.ROOK)
    board_tap(app, rook)
    board_tap(app, (12, 9))
    blocked = set(tracker.state.board) - {rook} | {tracker.state.ball}
    expected = piece_path(PieceKind.ROOK, Side.WHITE, rook, (12, 9), blocked).cost
    assert expected == 4
    assert tracker.choice.preview is not None and tracker.choice.preview.cost == expected
    assert find(app, app.t("cb.confirm_cost", n=expected)).enabled
    assert tracker.session.log.effective()[-1].kind == "roll"  # nothing journaled yet
    press(app, "cb.confirm_cost", n=expected)
    assert tracker.state.movement_points[Side.WHITE] == 18 - expected
    last = tracker.session.log.effective()[-1]
    assert last.kind == "move" and last.data["to"] == [12, 9] and len(last.data["path"]) == expected
    assert tracker.state.side_to_move is Side.BLACK


def test_an_illegal_move_is_refused_with_the_reason_and_cannot_be_confirmed(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    knight = point_of(tracker, Side.WHITE, PieceKind.KNIGHT)
    board_tap(app, knight)
    board_tap(app, (knight[0] + 1, knight[1] + 1))  # not a knight's jump
    assert tracker.choice.preview is None and tracker.choice.refusal is not None
    assert tracker.message == app.t("cb.why.not_knight_jump")
    assert not find(app, app.t("cb.confirm")).enabled


def test_a_knight_jump_costs_three(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    knight = point_of(tracker, Side.WHITE, PieceKind.KNIGHT)
    board_tap(app, knight)
    board_tap(app, (knight[0] + 2, knight[1] + 4))
    assert tracker.choice.preview.cost == 3


def test_a_touch_between_points_snaps_to_the_nearest(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    rook = point_of(tracker, Side.WHITE, PieceKind.ROOK)
    x, y = tracker.board.to_pixel(rook)
    tap_at(app, (x - 11, y + 10))  # almost half-way to the next points
    assert tracker.choice.selected == rook


def test_a_drag_from_a_piece_to_a_point_aims_the_move(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    rook = point_of(tracker, Side.WHITE, PieceKind.ROOK)
    start = tracker.board.to_pixel(rook)
    end = tracker.board.to_pixel((14, 5))
    app.dispatch(Action(Kind.PRESS, start, source="touch"))
    app.dispatch(Action(Kind.MOVE, (start[0] + 26, start[1]), source="touch"))
    assert tracker.drag_ghost == (Side.WHITE, PieceKind.ROOK, (rook[0] + 1, rook[1]))  # follows the finger
    app.dispatch(Action(Kind.RELEASE, end, source="touch"))
    assert tracker.drag_ghost is None
    assert tracker.choice.selected == rook and tracker.choice.target == (14, 5)
    assert tracker.choice.preview.cost == 2


def test_the_piece_next_to_the_ball_dribbles_and_the_ball_end_can_be_chosen(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    board_tap(app, (8, 7))  # the Bishop next to the ball: it moves with it
    assert tracker.choice.with_ball
    board_tap(app, (10, 9))
    preview = tracker.choice.preview
    assert preview is not None and preview.event["kind"] == "dribble"
    board_tap(app, (11, 10))  # next to the Bishop's new point: where the ball ends
    assert tracker.choice.preview.event["ball_to"] == [11, 10]
    cost = tracker.choice.preview.cost
    press(app, "cb.confirm_cost", n=cost)
    assert tracker.state.ball == (11, 10) and (10, 9) in tracker.state.board


def test_without_the_ball_toggle_the_piece_moves_alone(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    board_tap(app, (8, 7))
    press(app, "cb.with_ball", answer=app.t("common.yes"))
    assert not tracker.choice.with_ball
    board_tap(app, (6, 5))
    assert tracker.choice.preview.event["kind"] == "move"


def test_a_shot_on_the_board_opens_the_keeper_roll_and_a_goal_scores(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    board_tap(app, CENTRE)  # the ball
    assert tracker.choice.ball_selected
    board_tap(app, (8, 16))  # the goal mouth where Black's King stands
    summary = tracker.choice.summary(tracker.state)
    assert summary["kind"] == "shot" and summary["cost"] == 8 and summary["power"] == 10
    press(app, "cb.confirm_cost", n=8)
    screen = app.top
    assert isinstance(screen, ShotScreen) and screen.stage == "keeper"
    faces(app, [1, 2, 3], screen.keeper_picker)  # 6 against 10: a goal
    press(app, "cb.roll.confirm", n=6)
    assert screen.outcome["outcome"] == "goal"
    press(app, "cb.shot.continue")
    assert tracker.state.score[Side.WHITE] == 1 and tracker.state.phase is Phase.KICKOFF
    assert tracker.placement is not None  # the kick-off after the goal: Black's placement to arrange


def test_a_parried_shot_on_the_board_puts_the_ball_where_it_rebounds(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    board_tap(app, CENTRE)
    board_tap(app, (8, 16))
    press(app, "cb.confirm_cost", n=8)
    screen = app.top
    faces(app, [2, 3, 3], screen.keeper_picker)  # 8 against 10: a parry of 2
    press(app, "cb.roll.confirm", n=8)
    tap_at(app, find(app, "3").rect.center)  # centre: straight out, 2 steps
    assert screen.rebound["ball"] == [8, 14]
    assert tracker.state.ball == (8, 14)


def test_a_tackle_without_an_opponent_next_to_the_ball_is_refused_before_any_roll(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    press(app, "cb.tackle")
    assert app.top is tracker
    assert tracker.message == app.t("cb.why.tackle_needs_piece", side=app.t("cb.side.black"))


def test_a_tackle_on_the_board_gives_the_ball_to_the_winner(make_app):
    from companion.core.dice import Dice
    from companion.ui.chessball.rolls import TackleScreen

    app = make_app(dice=Dice.seeded(3))
    tracker = positional_tracker(app)
    session = tracker.session
    session.submit({"kind": "pass_move", "side": "white"})
    session.submit({"kind": "move", "side": "black", "from": [3, 11], "to": [7, 9]})  # next to the ball
    tracker.refresh()
    press(app, "cb.tackle")
    screen = app.top
    assert isinstance(screen, TackleScreen)
    while not screen.decided:
        press(app, "cb.tackle.roll", prefix="⚄  ")
    winner = screen.winner()
    press(app, "cb.tackle.continue")
    assert app.top is tracker
    holder = next(pc for pc in tracker.state.board.values() if pc.uid == tracker.state.holder)
    assert holder.side is winner and holder.kind is PieceKind.BISHOP
    assert tracker.state.tackled == {Side.WHITE}


def test_a_ball_resting_on_a_pieces_point_is_chosen_with_a_second_tap(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    session = tracker.session
    session.submit({"kind": "kick", "side": "white", "to": [12, 8]})  # stops short of nothing: a throw
    session.submit({"kind": "move", "side": "black", "from": [13, 11], "to": [13, 9]})
    session.submit({"kind": "move", "side": "white", "from": [12, 5], "to": [12, 7]})  # next to the ball
    session.submit({"kind": "pass_move", "side": "black"})
    session.submit({"kind": "kick", "side": "white", "to": [12, 7]})  # onto the Rook's point: it takes it
    assert tracker.state.ball == (12, 7) and (12, 7) in tracker.state.board
    session.submit({"kind": "pass_move", "side": "black"})
    session.submit({"kind": "roll", "side": "white", "faces": [6, 6, 6]})
    session.submit({"kind": "roll", "side": "black", "faces": [1, 1, 1]})
    tracker.refresh()
    board_tap(app, (12, 7))
    assert tracker.choice.selected == (12, 7) and not tracker.choice.ball_selected
    board_tap(app, (12, 7))
    assert tracker.choice.ball_selected
    board_tap(app, (12, 11))
    assert tracker.choice.preview is not None and tracker.choice.preview.event["kind"] == "kick"


def test_a_drag_that_ends_off_the_board_aims_nothing_and_leaves_no_ghost(make_app):
    app = make_app()
    tracker = positional_tracker(app)
    rook = point_of(tracker, Side.WHITE, PieceKind.ROOK)
    start = tracker.board.to_pixel(rook)
    app.dispatch(Action(Kind.PRESS, start, source="touch"))
    app.dispatch(Action(Kind.MOVE, (start[0] + 26, start[1]), source="touch"))
    app.dispatch(Action(Kind.RELEASE, (600, 300), source="touch"))
    assert tracker.drag_ghost is None and tracker.choice.target is None
    assert tracker.state.movement_points[Side.WHITE] == 18
