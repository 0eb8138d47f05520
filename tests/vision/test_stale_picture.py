"""Moves made while the camera's agreed picture is stale (issue #13).

The follower tells a move by what changed against the picture both sides last agreed on. When
that picture was taken under a passing person's shadow, every later picture differs from it
where nothing moved, and a run of moves made since cannot be told by change: their squares
were named to check, with squares nothing moved on. The board as the cells' reader reads it tells them;
the runs of moves it reads are now asked about as one answer (``ChangeFollower._runs_back``),
and once answered the board is read until it shows the game, that picture agreed, and the
game goes on by change. So too once a run found by change, not fitting the picture it was found
in, is answered (``follower.ANSWER_READ``). Our renders (seeds below 1000), looked at while this
was made.
"""

from __future__ import annotations

import numpy as np
import pytest

from companion.rules import get_variant
from companion.vision.follower import EventKind, occupancy
from companion.vision.synth import finish, render_static
from companion.vision.synth.webcam import shadow_mask

from .calm import calm_follower

RUN = ("e7e5", "g1f3", "b8c6")  # made after d2-d4, which the referee entered by touch


def _shadowed(seed: int) -> tuple:
    """A follower calm on the Magici start (our render ``seed``, true corners), whose agreed
    picture is the start under a spotlight's hard-edged shadow (someone stood by the board as
    it was agreed): the follower, its reader, the geometry, the scene and the generator."""
    pos = get_variant("magici").start_position()
    follower, reader, g, scene, static, rng = calm_follower(pos, seed, given_corners=True)
    frame = finish(scene, static, rng)
    light = shadow_mask(frame.shape, np.random.default_rng([seed, 11]), hard=True)[..., None]
    shaded = np.clip(frame.astype(np.float32) * light, 0, 255).astype(np.uint8)
    # (the picture agreed under the shadow, as the follower would have taken it there)
    follower._ref = follower._refs[-1] = reader.meter.prepare(reader.view.warp(shaded))
    return follower, reader, g, scene, rng


def _stale(seed: int, calm_after: bool = True) -> tuple:
    """:func:`_shadowed`, d2-d4 entered by touch, then RUN made on the board, no calm
    between. Returns the follower, its reader, the game (after RUN), a move pusher for it, a
    maker of frames of the game as it stands, and what the camera says over 40 frames of the
    board after RUN, answering a question that offers RUN in its order with it (as the
    referee would); ``calm_after``: the board stays so after the answer (else the frames stop
    there, and the next move is made at once)."""
    follower, reader, g, scene, rng = _shadowed(seed)
    game = get_variant("magici").start_position()

    def push(text: str) -> None:
        game.push(next(m for m in game.legal_moves() if str(m) == text))

    push("d2d4")
    follower.choose("d2d4")
    reader.tell(occupancy(game, g.cells))
    for text in RUN:
        push(text)

    def frames(n: int):
        board = render_static(scene, occupancy(game, g.cells))
        return (finish(scene, board, rng) for _ in range(n))

    said = []
    for frame in frames(40):
        for event in follower.feed(reader.read(frame)):
            said.append(event)
            if ",".join(RUN) in event.candidates:
                for text in RUN:
                    follower.choose(text)
                reader.tell(occupancy(game, g.cells))
        if said and not calm_after:
            break
    return follower, reader, game, push, frames, said


@pytest.mark.parametrize("seed,calm_after", [(612, True), (640, True), (612, False)])
def test_a_run_made_while_the_agreed_picture_is_stale_is_asked_as_one_answer(seed, calm_after):
    """Before, the camera named a dozen squares (render 612: g1 c3 f3 c4 d5 e5 c6 d6 e6 e7
    b8 f8, six where nothing moved; render 640: ten, four where nothing moved), then
    more at every move after, and followed nothing; the referee had to enter every move by
    touch. Now one answer, and the game goes on by change, also when the next move is made
    at once after the answer."""
    follower, reader, game, push, frames, said = _stale(seed, calm_after)
    assert [e.kind for e in said] == [EventKind.AMBIGUOUS]
    asked = said[0].candidates
    assert ",".join(RUN) in asked and len(asked) <= 3
    # every run offered is the three moves, in an order the board cannot tell apart
    assert all(sorted(c.split(",")) == sorted(RUN) for c in asked)
    assert [str(m) for m in follower.history] == ["d2d4", *RUN]
    # answered, the board is agreed as it stands, and the next moves are followed by change
    for text in ("c1g5", "a7a6"):
        push(text)
        seen = [str(e) for frame in frames(30) for e in follower.feed(reader.read(frame))]
        assert seen == [text]
    assert [str(m) for m in follower.history] == ["d2d4", *RUN, "c1g5", "a7a6"]


def test_a_single_move_made_while_the_agreed_picture_is_stale_is_asked_alone():
    """One move made (no run): asked about alone, as before this change, and not entered
    unasked; no run of moves is offered with it."""
    follower, reader, g, scene, rng = _shadowed(612)
    game = get_variant("magici").start_position()
    game.push(next(m for m in game.legal_moves() if str(m) == "e2e4"))
    board = render_static(scene, occupancy(game, g.cells))
    said = [e for _ in range(40) for e in follower.feed(reader.read(finish(scene, board, rng)))]
    assert follower.history == []
    assert [(e.kind, e.candidates) for e in said] == [(EventKind.AMBIGUOUS, ("e2e4",))]


def test_the_peer_names_the_runs_squares_with_the_shadows():
    """The follower without asking about runs read on the board (devbench.runs_back_off, the
    benchmarks' peer): render 612's run named as twelve squares, six where nothing moved."""
    from companion.vision import devbench

    with devbench.runs_back_off():
        follower, *_, said = _stale(612)
    assert [e.kind for e in said] == [EventKind.CHECK]
    assert set(said[0].squares) == {"g1", "c3", "f3", "c4", "d5", "e5", "c6", "d6", "e6", "e7",
                                    "b8", "f8"}
    assert [str(m) for m in follower.history] == ["d2d4"]


def _answered_unfitting(seed: int, calm: int = 40, misread: "dict[str, str] | None" = None,
                        arm: tuple[str, ...] = (), arm_reads: int = 0) -> tuple:
    """:func:`_shadowed`, then e2-e4, e7-e5, Qd1-h5, Nb8-c6 made at once, the way the real
    webcam recording cut 1.0 s into it went (bench_vision --variants, derived from LOOKED AT
    footage): the run found by change and asked about, but not fitting the picture it was
    found in (an arm taken to linger at the board's edge: ``_edge_group`` says so while the
    question is found), answered; after the answer six light pieces read unsure (as on that
    recording, where light pieces read dark, unsure, after the board was learnt again).
    ``misread``: cells read surely so after the answer, whatever stands there. ``arm``: empty
    cells read unsure while the question is found (with the changes a stale picture shows
    there, an arm's group at the edge), then surely as light pieces for ``arm_reads`` readings
    after the answer, as an arm resting over them would be read. Returns the
    follower, the agreed picture before the run, what the camera said over ``calm`` frames of
    the board after the answer, and a function making the next move (None: none) and saying
    what the camera says over 30 frames."""
    import dataclasses

    from companion.vision.geometry import CellState

    follower, reader, g, scene, rng = _shadowed(seed)
    stale = follower._ref
    game = get_variant("magici").start_position()
    run = ("e2e4", "e7e5", "d1h5", "b8c6")
    for text in run:
        game.push(next(m for m in game.legal_moves() if str(m) == text))

    reads_after = [0]

    def read(frame):
        reading = reader.read(frame)
        if follower.history:
            reads_after[0] += 1
        for c in arm if reading.ok else ():
            if not follower.history:
                reading.evidence[c] = dataclasses.replace(reading.evidence[c], sure=False)
            elif reads_after[0] <= arm_reads:
                reading.cells[c] = CellState.WHITE
                reading.evidence[c] = dataclasses.replace(reading.evidence[c], sure=True)
        for c in ("a1", "b1", "c1", "a2", "b2", "c2") if follower.history else ():
            reading.evidence[c] = dataclasses.replace(reading.evidence[c], sure=False)
        for c, value in (misread or {}).items() if follower.history else ():
            reading.cells[c] = CellState(value)
            reading.evidence[c] = dataclasses.replace(reading.evidence[c], sure=True)
        return reading

    def frames(n: int):
        board = render_static(scene, occupancy(game, g.cells))
        return (finish(scene, board, rng) for _ in range(n))

    follower._edge_group = lambda cells, least: True
    asked = []
    for frame in frames(40):
        for event in follower.feed(read(frame)):
            asked.append(event)
            if ",".join(run) in event.candidates:
                assert follower._runs_asked is not None  # (found by change)
                assert run not in follower._runs_asked[2]  # (... not fitting)
                assert set(arm) <= follower._runs_asked[6].get(run, frozenset())
                del follower._edge_group
                for text in run:
                    follower.choose(text)
                reader.tell(occupancy(game, g.cells))
                break
        if asked:
            break
    assert [e.kind for e in asked] == [EventKind.AMBIGUOUS]
    after = [e for frame in frames(calm) for e in follower.feed(read(frame))]

    def next_move(text: "str | None") -> list[str]:
        if text is not None:
            game.push(next(m for m in game.legal_moves() if str(m) == text))
        return [str(e) for frame in frames(30) for e in follower.feed(read(frame))]

    return follower, stale, after, next_move


def test_a_run_answered_that_did_not_fit_its_picture_leads_to_the_board_read_and_agreed():
    """The run answered, the board is read until it shows the game and that picture agreed
    (``follower.ANSWER_READ``): nothing more is asked, and the next moves are followed by
    change."""
    follower, stale, after, next_move = _answered_unfitting(612)
    assert after == []
    assert follower._ref is not stale
    assert next_move("f1c4") == ["f1c4"]
    assert next_move("g8f6") == ["g8f6"]


def test_the_peer_keeps_the_stale_picture_after_such_an_answer_and_asks_about_moves_not_made():
    """Without it (devbench.answer_read_off, the benchmarks' peer) the stale picture stays the
    agreed one after the answer, and the camera asks about moves nobody made (b1-c3, c2-c4).
    Since session 50 those moves are denied on their own (follower.LANDING_READ: their
    landings changed only as a shade does, and read surely empty), so the peer is shown
    without that too; with it, the peer asks nothing and follows on."""
    from companion.vision import devbench

    with devbench.answer_read_off(), devbench.landing_read_off():
        follower, stale, after, _ = _answered_unfitting(612)
    assert follower._ref is stale
    assert [e.kind for e in after] == [EventKind.AMBIGUOUS]
    assert not {"f1c4", "g8f6"} & set(after[0].candidates)
    with devbench.answer_read_off():
        follower, stale, after, next_move = _answered_unfitting(612)
    assert after == []
    assert next_move("f1c4") == ["f1c4"]


def test_such_an_answer_withdrawn_before_the_board_is_agreed_is_asked_again_not_entered():
    """The clock refused the answer's moves (withdrawn) before the board was read as the
    game: the board still shows them, and the question comes back; nothing is entered
    unasked (the first version of this change entered e2-e4 so: session 46's review)."""
    follower, _, _, next_move = _answered_unfitting(612, calm=0)
    assert follower.withdraw(4) == ["e2e4", "e7e5", "d1h5", "b8c6"]
    said = next_move(None)
    assert said and all(e.startswith("? which move: ") for e in said)
    assert "e2e4,e7e5,d1h5,b8c6" in said[0].split()
    assert follower.history == []


@pytest.mark.parametrize("misread", [{"h5": "."}, {"h5": ".", "e4": "b"}])
def test_a_square_of_such_an_answer_misread_for_good_is_named_and_the_game_goes_on(misread):
    """A square of the answered run read surely otherwise at every look after (the queen's
    h5 read empty; and e4 read dark): the board never reads as the game. The squares are
    named once, not waited on silently, and the next moves are still followed (each played
    as the board read shows it, with those squares still misread: no going back to the
    picture before the run, measured worse, see follower.ANSWER_ARM_LOOKS's comment)."""
    follower, _, after, next_move = _answered_unfitting(612, calm=150, misread=misread)
    assert [(e.kind, set(e.squares)) for e in after] == [(EventKind.CHECK, set(misread))]
    assert next_move("f1c4") == ["f1c4"]
    assert next_move("g8f6") == ["g8f6"]


def test_an_arm_over_empty_squares_is_waited_on_a_few_looks_before_the_board_is_agreed():
    """Cells of the group taken for an arm (here c3 and d6, read unsure as the question was
    found, the group put at the edge as above) read surely as pieces after the answer, where
    the game has none: an arm resting there. The picture is not agreed while so, for
    ANSWER_ARM_LOOKS looks at most (an arm goes; a stray misread stays), and agreed at once
    when they read empty."""
    arm = ("c3", "d6")
    follower, stale, after, _ = _answered_unfitting(612, calm=10, arm=arm, arm_reads=100)
    assert after == [] and follower._ref is stale
    follower, stale, after, _ = _answered_unfitting(612, calm=40, arm=arm, arm_reads=100)
    assert after == [] and follower._ref is not stale
    follower, stale, after, next_move = _answered_unfitting(612, calm=10, arm=arm, arm_reads=0)
    assert after == [] and follower._ref is not stale
    assert next_move("f1c4") == ["f1c4"]


def test_without_that_wait_the_arm_would_be_agreed_into_the_picture(monkeypatch):
    """The control of the test above: ANSWER_ARM_LOOKS 0, the picture with the arm's cells
    read as pieces is agreed at the first look."""
    from companion.vision import follower as follower_module

    monkeypatch.setattr(follower_module, "ANSWER_ARM_LOOKS", 0)
    follower, stale, after, _ = _answered_unfitting(612, calm=10, arm=("c3", "d6"),
                                                    arm_reads=100)
    assert after == [] and follower._ref is not stale
