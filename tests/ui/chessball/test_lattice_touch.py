"""The lattice by finger: a tap snaps to the point near it that means something; where two
such points are closer than a finger (48 px) a magnifier opens and the point is chosen there."""

from __future__ import annotations

from companion.chessball.state import Phase
from companion.ui.chessball.demo import mid_match, positional_session
from companion.ui.chessball.tracker import TrackerScreen
from companion.ui.input import Action, Kind
from companion.ui.widgets import MIN_TOUCH

from ..conftest import tap
from .helpers import board_tap


def tracker_mid_match(app) -> TrackerScreen:
    tracker = TrackerScreen(app, positional_session(app, mid_match))
    app.push(tracker)
    assert tracker.state.phase is Phase.MOVES
    return tracker


def test_a_tap_between_a_lone_piece_and_empty_points_selects_the_piece(make_app):
    app = make_app()
    tracker = tracker_mid_match(app)
    s = tracker.state
    mover = s.side_to_move
    lone = next(p for p, pc in sorted(s.board.items()) if pc.side is mover
                and all(max(abs(p[0] - q[0]), abs(p[1] - q[1])) >= 2 for q in s.board if q != p)
                and (s.ball is None or max(abs(p[0] - s.ball[0]), abs(p[1] - s.ball[1])) >= 2))
    x, y = tracker.board.to_pixel(lone)
    tap(app, x + 14, y + 11)  # more than half a lattice step off: the old snap would miss it
    assert tracker.magnifier is None and tracker.choice.selected == lone


def test_crowded_destinations_open_the_magnifier_where_each_point_is_a_finger_wide(make_app):
    app = make_app()
    tracker = tracker_mid_match(app)
    s = tracker.state
    holder = s.piece_of(s.holder)[0]
    board_tap(app, holder)  # next to the ball: chosen in the magnifier if it opens
    assert tracker.choice.selected == holder
    aim = (holder[0], holder[1] + (2 if s.side_to_move.value == "white" else -2))
    tap(app, *tracker.board.to_pixel(aim))
    m = tracker.magnifier
    assert m is not None and tracker.choice.target is None  # nothing chosen by a guess
    assert m.step >= MIN_TOUCH
    assert m.rect.collidepoint(m.to_pixel(aim))
    mx, my = m.to_pixel(aim)
    tap(app, mx + m.step // 3, my - m.step // 3)  # a third of a step off is still that point
    assert tracker.magnifier is None and tracker.choice.target == aim


def test_a_tap_beside_the_board_or_the_back_button_closes_the_magnifier(make_app):
    app = make_app()
    tracker = tracker_mid_match(app)
    s = tracker.state
    holder = s.piece_of(s.holder)[0]
    board_tap(app, holder)
    tap(app, *tracker.board.to_pixel((holder[0] + 1, holder[1])))
    assert tracker.magnifier is not None
    before = [e.seq for e in tracker.session.log.events()]
    tap(app, tracker.panel.centerx, tracker.panel.centery)  # beside the board: closes it, does nothing else
    assert tracker.magnifier is None
    tap(app, *tracker.board.to_pixel((holder[0] + 1, holder[1])))
    assert tracker.magnifier is not None
    app.dispatch(Action(Kind.COMMAND, name="back"))
    assert tracker.magnifier is None and app.top is tracker
    assert [e.seq for e in tracker.session.log.events()] == before  # nothing journaled


def test_on_a_projector_the_points_are_far_enough_apart_for_no_magnifier(make_app):
    app = make_app(size=(1920, 1080))
    tracker = tracker_mid_match(app)
    assert tracker.board.spacing >= MIN_TOUCH
    s = tracker.state
    holder = s.piece_of(s.holder)[0]
    x, y = tracker.board.to_pixel(holder)
    app.dispatch(Action(Kind.TAP, (x, y)))
    aim = (holder[0] + 1, holder[1])
    if aim not in s.board and aim != s.ball:
        app.dispatch(Action(Kind.TAP, tracker.board.to_pixel(aim)))
        assert tracker.magnifier is None
