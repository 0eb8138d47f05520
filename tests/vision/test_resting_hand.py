"""A hand resting still over the board (issue #13): two moves in one look are a guess the
cells' reader must not deny; nor is a move whose landing the reader reads surely empty, nor a
move inside a resting arm; and squares answered about are not named again while the picture
stays.

vision-dev TUNE ``clupso_a`` with one frame held two seconds (``bench_vision --resting-hand``
holds every third hand frame so; the figures are on material looked at while this was made):
held at frame 65, the hand lifting the man on e4 to take f5 rests over e5-f8, nine cells
change, and the pair e4xg6xe8 then e6-e5 explained them best. Played, though the reader read
e4 as a light piece and e8 as empty (the chain leaves them empty and black): a false move, and
the game lost. A pair of moves a cell of which the reader surely reads otherwise than they leave
it is no longer played (``follower.PAIR_AGAINST``): the squares under the hand are named, the
referee enters e4xg6 by touch, and the camera follows the rest. Skips when
``../shared/vision-dev`` is absent.

Since session 52 a hand resting still over squares the reader cannot read is waited out in
silence (``follower.ARM_REST``); the tests of what an answer under a hand still resting meets
run with its squares named after HAND_WAIT looks, as before (``devbench.arm_rest_off``).
"""

from __future__ import annotations

from contextlib import nullcontext

import numpy as np
import pytest

from companion.vision import devbench, devdata

REST = 60  # frames the hand rests (two seconds at 30 frames a second)


def _rested(at: int, name: str = "clupso_a", named: bool = True) -> devbench.GameScore:
    """``name`` followed with frame ``at`` held REST frames. ``named``: the resting hand's
    squares are named after HAND_WAIT looks, as before session 52 (``devbench.arm_rest_off``;
    now so for an arm resting longer than ARM_REST, or one that stays through hands coming
    and going): what the players' answer under a hand still resting then meets."""
    videos = [v for v in devdata.videos("tune") if v.name == name]
    if not videos:
        pytest.skip("../shared/vision-dev is absent")
    video = videos[0]
    t = video.truth
    held, made = devbench.held_still(video, at, REST)
    moves = [devbench._engine_text(t, m) for m in t["moves"]]
    with devbench.arm_rest_off() if named else nullcontext():
        return devbench.follow_game(t["variant"], t["start_fen"], moves, iter(held),
                                    np.asarray(t["corners"], float), f"{name}@{at}",
                                    made=made)


@pytest.mark.parametrize("at,name", [(65, "clupso_a"), (69, "duere_a"), (22, "clupso_a"),
                                     (29, "duere_a"), (4, "clupso_a"), (49, "duere_a")])
def test_a_hand_resting_still_over_the_board_is_waited_out_in_silence(at, name):
    """A hand or arm resting still over the board, seen in this calm stretch alone and over
    squares the reader cannot read surely, is waited on (follower.ARM_REST) rather than named
    after HAND_WAIT looks: nothing can be moved while nothing moves. Once it goes, the camera
    sees the move and plays it. Before (the peer), its squares were named while it rested and
    the referee entered the move by touch."""
    now = _rested(at, name, named=False)
    assert (now.followed, now.false, now.asked) == (12, 0, 0), now.lines
    before = _rested(at, name)
    assert before.false == 0 and before.asked >= 1 and "check" in " ".join(before.lines), \
        before.lines


def test_a_hand_resting_mid_capture_is_not_taken_for_two_moves():
    now = _rested(65)
    assert now.false == 0, now.lines
    assert now.followed >= 11 and now.asked == 1, now.lines
    with devbench.pair_against_off():  # the follower before (the benchmark's peer)
        before = _rested(65)
    assert before.false == 1 and "false move e4g6e8" in " ".join(before.lines), before.lines


def test_a_hand_holding_a_lifted_piece_is_no_move_and_is_asked_about_once():
    """duere_a (TUNE), frame 69 held: the hand holds the queen lifted from d2 over d1, e1 and
    e2. d1-e2 explained the picture best and was played, though e2, at the hand's edge,
    changed only as a shade does and was read surely empty (follower.LANDING_READ). Denied,
    the squares are named and the referee enters d2-c3; the same squares were then named again
    at every look while the hand still rested, each answered with the next move, and the game
    was lost (follower.CHECK_ONCE): now nothing more is asked until the picture changes, and
    the camera follows the rest."""
    now = _rested(69, "duere_a")
    assert now.false == 0, now.lines
    assert now.followed >= 11 and now.asked == 1, now.lines
    with devbench.landing_read_off():
        played = _rested(69, "duere_a")
    assert "false move d1e2 (truth d2c3)" in " ".join(played.lines), played.lines
    with devbench.check_once_off():
        again = _rested(69, "duere_a")
    assert again.false == 0 and again.asked >= 5, again.lines


def test_a_move_inside_a_resting_arm_is_asked_not_played():
    """clupso_a (TUNE), frame 22 held: the arm lies along the a-file. Once the referee had
    answered about those squares, a3-a4 explained what the arm changed and was played when the
    picture had held still five frames, a3 and a4 read unsure under the arm: a false move. A
    move whose cells make one patch with an arm-like remainder, none of them read as the move
    leaves them, is waited on and then asked (follower.ARM_UNREAD)."""
    now = _rested(22)
    assert now.false == 0, now.lines
    assert "which move: a3a4" in " ".join(now.lines), now.lines
    assert now.followed >= 10, now.lines
    with devbench.arm_unread_off():
        before = _rested(22)
    assert "false move a3a4 (truth b2b3)" in " ".join(before.lines), before.lines


def test_a_hand_resting_over_squares_named_is_not_agreed_into_the_picture():
    """duere_a (TUNE), frame 60 held: the hand sets the bishop down on c5 and rests over
    b5-b8. Nine squares are named, so the board is read until it shows the game
    (follower.STALE_NAMED); once b7-c5 is entered it read as the game but for b5 (the hand,
    read as a piece where none stands: a "stray" piece, set aside) and b8, and that picture,
    the hand in it, was agreed: the next two moves were never seen, and were named with the
    hand's squares. A piece read on the named squares now counts (follower.STALE_STRAY): the
    picture is agreed once the hand has gone, and the rest is followed."""
    now = _rested(60, "duere_a")
    assert now.false == 0 and now.followed >= 11 and now.asked == 1, now.lines
    with devbench.stale_stray_off():
        before = _rested(60, "duere_a")
    assert before.false == 0 and before.followed <= 9, before.lines


def test_an_arm_at_rest_is_unsure_somewhere_on_at_most_a_quarter_of_the_board():
    """What ``ChangeFollower._at_rest`` takes for an arm resting still: a group joined to the
    board's edge, seen in one calm stretch, with a cell of its own read unsure (or found at
    rest so at the look before: a hand's cell may read surely at one look of two), over at
    most ARM_REST_SHARE of the board, for less than ARM_REST looks' worth of calm. Not a group
    read surely (a run of moves under a stale picture), a cell read unsure elsewhere, half
    the board changed (a stale picture's look), nor one seen through hands coming and going."""
    from companion.rules import get_variant
    from companion.vision import follower
    from companion.vision.change import ChangeMeter
    from companion.vision.follower import ChangeFollower
    from companion.vision.geometry import get_geometry
    from companion.vision.view import BoardView

    f = ChangeFollower(get_variant("magici").start_position(), fps=20)
    f._meter = ChangeMeter(BoardView.from_corners(
        get_geometry("8x8"), [[0, 400], [400, 400], [400, 0], [0, 0]], (400, 400)))
    f._calm_count = follower.HAND_WAIT * f.calm_frames  # a long calm already
    sure = {c: "." for c in f.cells}
    arm = {"a1", "b1", "a2", "b2", "a3"}
    f._seen = {c: v for c, v in sure.items() if c != "b2"}
    assert f._at_rest(arm, 1, 5, False)
    assert not f._at_rest(arm, 2, 5, False)  # seen in two calm stretches
    f._seen = {c: v for c, v in sure.items() if c != "h8"}
    assert not f._at_rest(arm, 1, 5, False)  # unsure elsewhere only
    f._seen = sure
    assert not f._at_rest(arm, 1, 5, False)  # every cell read surely
    assert f._at_rest(arm, 1, 5, True)  # ... but at rest so at the look before
    half = {c for c in f.cells if c[0] in "abcd"}
    f._seen = {c: v for c, v in sure.items() if c != "b2"}
    assert not f._at_rest(half, 1, 5, False)  # half the board
    assert not f._at_rest(arm, 1, follower.ARM_REST + 1, True)  # twitching past ARM_REST
    f._calm_count = follower.ARM_REST * f.calm_frames
    assert not f._at_rest(arm, 1, 5, False)  # resting past ARM_REST


def _bare_follower(fps: "float | None" = None):
    """A follower of the Magici start on a square 8x8 board, its pictures left to the test."""
    from companion.rules import get_variant
    from companion.vision.change import ChangeMeter
    from companion.vision.follower import ChangeFollower
    from companion.vision.geometry import get_geometry
    from companion.vision.view import BoardView

    f = ChangeFollower(get_variant("magici").start_position(), fps=fps)
    f._meter = ChangeMeter(BoardView.from_corners(
        get_geometry("8x8"), [[0, 400], [400, 400], [400, 0], [0, 0]], (400, 400)))
    return f


def test_a_twitch_is_short_and_stays_on_the_arm():
    """What ``ChangeFollower._twitched`` takes for the resting arm twitching since it was last
    counted (follower.ARM_TWITCH): at most twitch_frames frames moved (2 at an unknown rate,
    TWITCH_S seconds' worth at a known one; frames refused as motion count), all that moved
    on the arm's cells or next to them. Not three frames of motion, a cell moved away from the
    arm, nor refused frames beyond the limit."""
    from companion.vision import follower
    from companion.vision.follower import NEW_STRETCH

    f = _bare_follower()
    arm = {"a1", "b1", "a2", "b2", "a3"}
    moving = {}

    def step(before, after):
        out = np.zeros(len(f.cells))
        for cell in moving:
            out[f.cells.index(cell)] = NEW_STRETCH + 1
        return out

    f._meter.step = step

    def start():
        f._twitch, f._twitch_frames = np.zeros(len(f.cells), bool), 0
        f._last_picture, f._no_picture, f._calm = "calm", 0, ["calm"]

    def frame(name, cells=(), refused=0):
        moving.clear()
        moving.update(dict.fromkeys(cells))
        f._no_picture = refused
        f._twitch_step(name, None if refused else step(f._last_picture, name))
        f._calm = [name]

    assert f.twitch_frames == follower.TWITCH_FRAMES == 2
    start()
    frame("p1", {"b2", "c3"})  # the hand and the cell beside it
    frame("p2")
    assert f._twitched(arm, arm)
    start()
    frame("p1", {"b2"})
    frame("p2", {"a2"})
    assert f._twitched(arm, arm)
    frame("p3", {"a3"})  # a third frame of motion
    assert not f._twitched(arm, arm)
    start()
    frame("p1", {"b2", "h8"})  # and a cell far from the arm
    assert not f._twitched(arm, arm)
    start()
    frame("p1", refused=1)
    frame("p2", {"b2"})  # a frame refused as motion, then one moved: two in all
    assert f._twitched(arm, arm)
    start()
    frame("p1", {"b2"}, refused=2)
    assert not f._twitched(arm, arm)
    assert _bare_follower(fps=30).twitch_frames == round(follower.TWITCH_S * 30)
    with devbench.arm_twitch_off():
        start()
        frame("p1", {"b2"})
        assert not f._twitched(arm, arm)


def test_a_hand_at_rest_read_surely_at_later_looks_stays_at_rest_while_it_covers_the_same():
    """A hand at rest over the edge whose one unsure cell reads surely at later looks (once it
    twitched, vision-dev TUNE duere_a's hand over d1-e2 read surely for good) is still at
    rest, up to ARM_REST looks, but not once the group shrank to less than ARM_KEPT of what it
    was (a hand gone, leaving a few cells changed), nor a group read surely from the first
    look (a run of moves under a stale picture: asked about after HAND_WAIT looks)."""
    from companion.vision import follower

    f = _bare_follower()
    f._ref, f._anchor = object(), object()
    f._calm_count = follower.HAND_WAIT * f.calm_frames  # a long calm already
    sure = {c: "." for c in f.cells}
    arm = {"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3"}

    def look(n, cells, unsure=()):
        f._looks = n
        f._seen = {c: v for c, v in sure.items() if c not in unsure}
        return f._hand_wait(set(cells))

    assert look(1, arm, {"b2"})  # at rest: a cell of its own read unsure
    assert look(2, arm) and look(3, arm)  # read surely all over: still at rest
    assert not look(4, {"a1", "b1", "a2"})  # the hand gone: three cells of eight left
    f._arm, f._calm_count = follower.NO_ARM, 0  # (a calm count kept short)
    assert all(look(n, arm) for n in range(1, follower.HAND_WAIT + 1))
    assert not look(follower.HAND_WAIT + 1, arm)  # never unsure: named after HAND_WAIT
    with devbench.arm_twitch_off():
        f._arm, f._calm_count = follower.NO_ARM, follower.HAND_WAIT * f.calm_frames
        assert look(1, arm, {"b2"})
        assert not look(2, arm)
