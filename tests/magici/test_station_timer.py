"""The referee station's countdowns, turns, cues and referee controls, on a fake clock."""

from __future__ import annotations

from companion.core.clock import FakeClock
from companion.magici.model import GameResult, House, PieceKind, ResultKind, Side
from companion.magici.replay import replay
from companion.magici.station import RefereeStation, Refused, describe
from companion.magici.timing import ClockKind, CueKind, EndSource, MagiciTiming


def kinds(cues):
    return [c.kind for c in cues]


def test_game_waits_for_begin_and_refuses_moves_before(station: RefereeStation) -> None:
    out = station.end_move()
    assert not out and out.refused is Refused.NOT_BEGUN
    assert station.ms_until_next_event() is None
    assert station.view().move_remaining_ms == 30_000 and station.view().game_remaining_ms == 1_200_000


def test_coin_toss_winner_moves_first(log, clock: FakeClock) -> None:
    st = RefereeStation.new(log, House("Tassorosso"), House("Corvonero"), first=Side.BLACK)
    out = st.begin()
    assert out.cues[0].kind is CueKind.TURN and out.cues[0].side is Side.BLACK
    assert st.view().house_on_move.name == "Corvonero"


def test_move_countdown_shows_true_remaining_time(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(12_345)
    view = station.view()
    assert view.move_remaining_ms == 17_655 and view.game_remaining_ms == 1_200_000 - 12_345


def test_move_end_passes_turn_and_restarts_move_countdown(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(8_000)
    out = station.end_move(Side.WHITE, EndSource.BUTTON)
    assert out and [c.side for c in out.cues if c.kind is CueKind.TURN] == [Side.BLACK]
    clock.advance(1_000)
    view = station.view()
    assert view.on_move is Side.BLACK and view.turn == 2
    assert view.move_remaining_ms == 29_000 and view.game_remaining_ms == 1_200_000 - 9_000


def test_move_end_from_team_not_on_move_is_refused(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(3_000)
    out = station.end_move(Side.BLACK, EndSource.BUTTON)
    assert out.refused is Refused.NOT_ON_MOVE
    assert station.state.on_move is Side.WHITE and station.state.turn == 1


def test_double_press_within_lockout_ends_only_one_move(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(5_000)
    assert station.end_move(None, EndSource.TAP)
    clock.advance(120)
    out = station.end_move(None, EndSource.TAP)
    assert out.refused is Refused.LOCKED_OUT
    assert station.state.turn == 2
    clock.advance(500)
    assert station.end_move(None, EndSource.TAP)
    assert station.state.turn == 3


def test_move_warnings_at_ten_and_five_seconds_fire_once(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    assert station.ms_until_next_event() == 20_000
    clock.advance(19_999)
    assert station.poll() == []
    clock.advance(1)
    cues = station.poll()
    assert [(c.kind, c.threshold_ms, c.side) for c in cues] == [(CueKind.MOVE_WARNING, 10_000, Side.WHITE)]
    assert station.poll() == []
    assert station.ms_until_next_event() == 5_000
    clock.advance(5_016)  # a frame late
    cues = station.poll()
    assert [(c.kind, c.threshold_ms) for c in cues] == [(CueKind.MOVE_WARNING, 5_000)]


def test_move_expiry_passes_turn_and_journals_it(station: RefereeStation, clock: FakeClock, log) -> None:
    station.begin()
    clock.advance(30_000 + 16)  # the loop polls one frame after the true expiry
    cues = station.poll()
    # the warnings were given long ago by earlier frames in real life; here they are stale
    assert kinds(cues) == [CueKind.MOVE_EXPIRED, CueKind.TURN]
    assert cues[0].side is Side.WHITE and cues[1].side is Side.BLACK
    assert station.state.on_move is Side.BLACK and station.state.passed_turns == ((1, Side.WHITE),)
    # the new turn's 30 s started at the true expiry, not at the late poll
    assert station.view().move_remaining_ms == 30_000 - 16
    last = log.effective()[-1]
    assert last.kind == "magici.timeout" and last.data == {"side": "white", "due_ms": last.at_ms - 16}


def test_press_after_true_expiry_is_refused_for_the_late_team(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(30_010)  # white presses 10 ms too late and no frame has polled yet
    out = station.end_move(Side.WHITE, EndSource.BUTTON)
    assert out.refused is Refused.NOT_ON_MOVE
    assert CueKind.MOVE_EXPIRED in kinds(out.cues)


def test_late_tap_just_after_turn_passed_on_time_is_locked_out(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(30_100)
    assert station.end_move(None, EndSource.TAP).refused is Refused.LOCKED_OUT
    assert station.state.on_move is Side.BLACK


def test_game_time_up_is_a_draw_on_time(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    for _ in range(41):  # 41 turns of 29 s leave 11 s: the game clock runs out mid-turn
        clock.advance(29_000)
        assert station.end_move()
    clock.advance(10_999)
    station.poll()
    assert not station.state.over
    clock.advance(1)
    cues = station.poll()
    assert CueKind.TIME_UP in kinds(cues)
    assert station.state.result == GameResult(ResultKind.DRAW_TIME)
    assert station.view().game_remaining_ms == 0
    assert station.ms_until_next_event() is None
    assert station.end_move().refused is Refused.OVER


def test_entered_result_stops_the_clocks_and_prevents_draw_on_time(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(10_000)
    assert station.enter_result(GameResult(ResultKind.RESIGNATION, Side.BLACK))
    clock.advance(3_000_000)
    assert station.poll() == []
    assert station.state.result == GameResult(ResultKind.RESIGNATION, Side.BLACK)
    assert station.view().game_remaining_ms == 1_190_000


def test_enchanted_victory_needs_a_spell_in_the_game(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    out = station.enter_result(GameResult(ResultKind.ENCHANTED, Side.WHITE))
    assert out.refused is Refused.NO_SPELL_CAST


def test_pause_stops_both_clocks_and_refuses_moves(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(4_000)
    assert station.pause()
    clock.advance(60_000)
    assert station.poll() == [] and station.ms_until_next_event() is None
    assert station.end_move().refused is Refused.PAUSED
    view = station.view()
    assert view.paused and view.move_remaining_ms == 26_000 and view.game_remaining_ms == 1_196_000
    assert station.resume()
    clock.advance(1_000)
    assert station.view().move_remaining_ms == 25_000
    assert station.resume().refused is Refused.NOT_PAUSED


def test_warning_already_given_is_not_repeated_after_resume(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(20_000)
    assert kinds(station.poll()) == [CueKind.MOVE_WARNING]
    clock.advance(2_000)
    station.pause()
    clock.advance(5_000)
    station.resume()
    clock.advance(10)
    assert station.poll() == []
    clock.advance(3_000)
    assert [c.threshold_ms for c in station.poll()] == [5_000]


def test_referee_corrects_move_clock_and_warnings_rearm(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(21_000)
    station.poll()
    assert station.correct(ClockKind.MOVE, 20_000)
    assert station.view().move_remaining_ms == 20_000
    clock.advance(10_000)
    assert [c.threshold_ms for c in station.poll()] == [10_000]


def test_referee_corrects_game_clock(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(1_000)
    station.adjust(ClockKind.GAME, -60_000)
    assert station.view().game_remaining_ms == 1_200_000 - 61_000
    station.correct(ClockKind.GAME, 5_000)
    assert station.ms_until_next_event() == 5_000


def test_correcting_move_clock_to_zero_passes_the_turn_on_next_poll(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    station.correct(ClockKind.MOVE, 0)
    assert station.ms_until_next_event() == 0
    assert CueKind.MOVE_EXPIRED in kinds(station.poll())
    assert station.state.on_move is Side.BLACK


def test_undo_move_end_gives_back_turn_and_clock_as_it_was(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(7_000)
    station.end_move(captured=PieceKind.PAWN)
    clock.advance(4_000)  # the referee notices the mistaken press
    out = station.undo()
    assert out and out.cues[-1].kind is CueKind.TURN and out.cues[-1].side is Side.WHITE
    st = station.state
    assert st.on_move is Side.WHITE and st.turn == 1 and st.captured_by_white == ()
    view = station.view()
    assert view.move_remaining_ms == 23_000 and view.game_remaining_ms == 1_193_000
    clock.advance(1_000)
    assert station.view().move_remaining_ms == 22_000


def test_undo_pause_resumes_where_it_stopped(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(2_000)
    station.pause()
    clock.advance(90_000)
    station.undo()
    assert not station.state.paused
    assert station.view().move_remaining_ms == 28_000


def test_undo_correction_restores_previous_value(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(2_000)
    station.correct(ClockKind.GAME, 60_000)
    station.undo()
    assert station.view().game_remaining_ms == 1_198_000


def test_undo_never_reaches_past_a_pass_on_time(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(5_000)
    station.end_move()  # black on move
    clock.advance(31_000)
    station.poll()  # black timed out: white on move
    assert station.state.on_move is Side.WHITE and station.state.turn == 3
    out = station.undo()  # white's move end lies behind the pass on time: refused, with the reason
    assert not out and out.refused is Refused.PAST_TIMEOUT and out.undone.kind == "magici.timeout"
    assert station.state.on_move is Side.WHITE and station.state.turn == 3


def test_a_wrong_pass_on_time_is_given_back_by_a_correction_with_its_reason(station, clock, log) -> None:
    station.begin()
    clock.advance(5_000)
    station.end_move()
    clock.advance(31_000)
    station.poll()  # black lost its turn on time
    out = station.give_turn_back("the button did not register")
    assert out and station.state.on_move is Side.BLACK and station.state.turn == 2
    assert station.state.passed_turns == () and station.view().move_remaining_ms == 30_000
    assert log.effective()[-1].data["reason"] == "the button did not register"
    assert station.give_turn_back("again").refused is Refused.NO_PASS
    undone = station.undo()  # one correction, one undo: the pass stands again
    assert undone and undone.undone.kind == "magici.correct"
    assert station.state.on_move is Side.WHITE and station.state.turn == 3


def test_repeated_undo_walks_back_through_actions_and_the_start_needs_a_confirm(station, clock) -> None:
    station.begin()
    for _ in range(3):
        clock.advance(3_000)
        station.end_move()
    for turn in (3, 2, 1):
        assert station.undo()
        assert station.state.turn == turn
    assert station.undo().refused is Refused.CONFIRM_START and station.state.begun
    assert station.undo(confirm_start=True) and not station.state.begun
    assert station.undo().refused is Refused.NOTHING_TO_UNDO


def test_redo_gives_back_each_undo_in_turn_with_the_clocks_it_took(station, clock, log) -> None:
    station.begin()
    clock.advance(4_000)
    station.end_move()  # black on move, 30 s
    clock.advance(6_000)
    station.end_move()  # white on move
    clock.advance(2_000)
    first = station.undo()  # black on move again with 24 s
    assert first.undone.move_from_ms == 28_000 and first.undone.move_to_ms == 24_000
    clock.advance(1_000)
    station.undo()  # white on move again with 26 s
    assert station.state.turn == 1 and station.view().move_remaining_ms == 26_000
    assert station.can_redo()
    clock.advance(1_000)
    redo = station.redo()  # black on move with what it had when its end was undone
    assert redo and redo.undone.redo and station.state.turn == 2 and station.view().move_remaining_ms == 23_000
    assert station.redo() and station.state.turn == 3 and station.view().move_remaining_ms == 28_000
    assert station.redo().refused is Refused.NOTHING_TO_REDO
    assert replay(log.effective()) == station.state


def test_a_new_action_ends_the_redo(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(4_000)
    station.end_move()
    station.undo()
    clock.advance(1_000)
    station.end_move()
    assert not station.can_redo() and station.redo().refused is Refused.NOTHING_TO_REDO


def test_one_correction_of_both_clocks_is_one_undo(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    clock.advance(10_000)
    station.adjust_clocks(move_ms=10_000, game_ms=60_000)
    assert station.view().move_remaining_ms == 30_000 and station.view().game_remaining_ms == 1_250_000
    out = station.undo()
    assert out.undone.kind == "magici.correct"
    assert station.view().move_remaining_ms == 20_000 and station.view().game_remaining_ms == 1_190_000


def test_each_action_is_one_transaction(station: RefereeStation, clock: FakeClock, log) -> None:
    """An undo is markers plus a clock restore; a failure half-way writes nothing."""
    station.begin()
    clock.advance(4_000)
    station.end_move()
    count = len(log.events())
    original = log.append

    def failing(kind, data=None):
        if kind == "magici.restore":
            raise RuntimeError("power cut")
        return original(kind, data)

    log.append = failing
    try:
        station.undo()
    except RuntimeError:
        pass
    log.append = original
    assert len(log.events()) == count  # the undo markers were rolled back with it


def test_spell_pause_stops_both_clocks_and_resumes_with_their_time(station, clock, log) -> None:
    from companion.magici.model import Piece
    from companion.magici.spells import Spell, SpellCall

    station.begin()
    clock.advance(5_000)
    assert station.spell_pause()
    clock.advance(27_000)  # 27 s on the spell screen: no turn lost
    assert station.poll() == [] and station.state.on_move is Side.WHITE
    assert station.cast_spell(SpellCall(Spell.TACTICAL, Side.BLACK, Piece.parse("Qd8"), Piece.parse("Pb2")))
    assert station.spell_resume()
    assert station.view().move_remaining_ms == 25_000 and station.view().game_remaining_ms == 1_195_000
    out = station.undo()  # the spell is the undo step, never the pause; the clocks run again
    assert out.undone.kind == "magici.spell" and station.state.running and not station.state.spells.casts


def test_spell_pause_is_off_with_the_option(log, clock: FakeClock) -> None:
    st = RefereeStation.new(log, House("A"), House("B"), timing=MagiciTiming(pause_during_spell=False))
    st.begin()
    assert not st.spell_pause() and st.state.running


def test_time_out_in_check_loses_as_if_checkmated(log, clock: FakeClock) -> None:
    st = RefereeStation.new(log, House("A"), House("B"), in_check=lambda side: side is Side.BLACK)
    st.begin()
    clock.advance(1_000)
    st.end_move()
    clock.advance(30_000)
    cues = st.poll()
    assert st.state.result == GameResult(ResultKind.CHECKMATE, Side.WHITE)
    assert CueKind.RESULT in kinds(cues) and log.info.finished
    assert st.undo().refused is Refused.PAST_TIMEOUT


def test_time_out_in_check_under_referee_option_stops_the_clocks_and_asks(log, clock: FakeClock) -> None:
    st = RefereeStation.new(log, House("A"), House("B"), timing=MagiciTiming(timeout_in_check="referee"),
                            in_check=lambda side: True)
    st.begin()
    clock.advance(30_500)
    cues = st.poll()
    assert kinds(cues) == [CueKind.CHECK_TIMEOUT]  # the warnings of 20 s ago are stale
    assert st.state.paused and st.state.asking is Side.WHITE and st.state.on_move is Side.WHITE
    assert st.resume().refused is Refused.PAST_TIMEOUT  # first give it time or enter the result
    st.correct_clocks(move_ms=10_000, reason="the check was not seen")
    assert st.resume() and st.view().move_remaining_ms == 10_000


def test_timing_rulings_match_the_rule_options() -> None:
    from companion.rules import options_of

    specs = {o.name: o for o in options_of("magici")}
    assert specs["timeout_in_check"].default == MagiciTiming().timeout_in_check
    assert specs["timeout_in_check"].values == ("loses", "referee")
    assert specs["pause_during_spell"].default is MagiciTiming().pause_during_spell is True


def test_undo_result_reopens_the_game(station: RefereeStation, clock: FakeClock, log) -> None:
    station.begin()
    clock.advance(3_000)
    station.enter_result(GameResult(ResultKind.DRAW_AGREEMENT))
    assert log.info.finished
    station.undo()
    assert not station.state.over and not log.info.finished
    assert station.view().game_remaining_ms == 1_197_000


def test_captures_are_counted_for_the_tie_breaks(station: RefereeStation, clock: FakeClock) -> None:
    station.begin()
    for captured in (PieceKind.PAWN, None, PieceKind.BISHOP, PieceKind.QUEEN):
        clock.advance(2_000)
        station.end_move(captured=captured)
    white, black = station.state.side_stats(Side.WHITE), station.state.side_stats(Side.BLACK)
    assert (white.captured, white.remaining) == (2, 4)  # army KQRRP lost the Queen
    assert (black.captured, black.remaining) == (1, 5)  # army KBBNPPP lost a Pawn and a Bishop


def test_cue_callback_receives_every_cue(log, clock: FakeClock) -> None:
    heard = []
    st = RefereeStation.new(log, House("A"), House("B"), on_cue=heard.append)
    st.begin()
    clock.advance(30_000)
    returned = st.poll()
    assert heard[1:] == returned and heard[0].kind is CueKind.TURN


def test_ms_until_next_event_covers_game_cues(log, clock: FakeClock) -> None:
    timing = MagiciTiming(move_ms=30_000, game_ms=65_000, game_cues_ms=(60_000,))
    st = RefereeStation.new(log, House("A"), House("B"), timing=timing)
    st.begin()
    assert st.ms_until_next_event() == 5_000
    clock.advance(5_000)
    assert kinds(st.poll()) == [CueKind.GAME_WARNING]


def test_state_is_the_replay_of_the_journal(station: RefereeStation, clock: FakeClock, log) -> None:
    station.begin()
    clock.advance(3_000)
    station.end_move(captured=PieceKind.KNIGHT)
    clock.advance(40_000)
    station.poll()
    station.pause()
    assert replay(log.effective()) == station.state
    tuples = [(e.kind, e.data, e.at_ms) for e in log.effective()]
    assert replay(tuples) == station.state
    assert all(isinstance(describe(e.kind, e.data), str) for e in log.effective())
