"""After a power cut the station comes back with the time that really passed (real journal on disk)."""

from __future__ import annotations

from pathlib import Path

from companion.core.clock import FakeClock
from companion.core.journal import Journal
from companion.magici.model import GameResult, House, ResultKind, Side
from companion.magici.station import RefereeStation
from companion.magici.timing import CueKind

from .conftest import START_MS


def start_game(path: Path, clock: FakeClock) -> RefereeStation:
    log = Journal.open(path, wall_ms=clock.now_ms).new_match("magici", title="Grifondoro - Serpeverde")
    st = RefereeStation.new(log, House("Grifondoro"), House("Serpeverde"))
    st.begin()
    return st


def reopen(path: Path, clock: FakeClock) -> RefereeStation:
    log = Journal.open(path, wall_ms=clock.now_ms).latest_unfinished("magici")
    assert log is not None
    return RefereeStation(log)


def test_turns_that_ran_out_while_off_pass_and_are_journaled(tmp_path: Path) -> None:
    clock = FakeClock(START_MS)
    path = tmp_path / "journal.db"
    start_game(path, clock)
    clock.advance(2_600)  # white's move timer shows 27.4 s ... and the power goes
    clock.advance(60_000)  # the app is off for a minute
    st = reopen(path, clock)
    cues = st.poll()
    # white ran out at +30 s, black at +60 s: white is on move again, 2.6 s into its turn
    assert [(c.kind, c.side) for c in cues] == [(CueKind.CATCH_UP, Side.WHITE), (CueKind.TURN, Side.WHITE)]
    assert cues[0].count == 2  # the stale expiries are journaled, not sounded
    view = st.view()
    assert view.on_move is Side.WHITE and view.turn == 3
    assert view.move_remaining_ms == 27_400 and view.game_remaining_ms == 1_200_000 - 62_600
    timeouts = [e for e in st.log.effective() if e.kind == "magici.timeout"]
    assert [(e.data["side"], e.data["due_ms"]) for e in timeouts] == [
        ("white", START_MS + 30_000), ("black", START_MS + 60_000)]
    assert st.state.passed_turns == ((1, Side.WHITE), (2, Side.BLACK))


def test_game_that_ran_out_while_off_is_a_draw_on_time(tmp_path: Path) -> None:
    clock = FakeClock(START_MS)
    path = tmp_path / "journal.db"
    start_game(path, clock)
    clock.advance(25 * 60_000)
    st = reopen(path, clock)
    cues = st.poll()
    assert [c.kind for c in cues] == [CueKind.CATCH_UP, CueKind.TIME_UP]
    assert st.state.result == GameResult(ResultKind.DRAW_TIME)
    assert st.state.turn == 40  # 39 turns passed on time before the game clock ran out at 20:00
    assert st.view().game_remaining_ms == 0
    assert st.log.info.finished  # the journal knows the match is over
    assert Journal.open(path, wall_ms=clock.now_ms).latest_unfinished("magici") is None


def test_paused_game_stays_paused_through_a_power_cut(tmp_path: Path) -> None:
    clock = FakeClock(START_MS)
    path = tmp_path / "journal.db"
    st = start_game(path, clock)
    clock.advance(5_000)
    st.pause()
    clock.advance(600_000)
    st = reopen(path, clock)
    assert st.poll() == []
    assert st.view().move_remaining_ms == 25_000 and st.state.paused


def test_restart_within_a_frame_of_expiry_still_sounds_it(tmp_path: Path) -> None:
    clock = FakeClock(START_MS)
    path = tmp_path / "journal.db"
    start_game(path, clock)
    clock.advance(30_200)  # a quick restart: the expiry is 0.2 s old
    st = reopen(path, clock)
    assert [c.kind for c in st.poll()] == [CueKind.MOVE_EXPIRED, CueKind.TURN]


def test_undo_works_after_a_restart(tmp_path: Path) -> None:
    clock = FakeClock(START_MS)
    path = tmp_path / "journal.db"
    st = start_game(path, clock)
    clock.advance(4_000)
    st.end_move()
    clock.advance(1_000)
    st = reopen(path, clock)
    assert st.undo()
    assert st.state.on_move is Side.WHITE and st.view().move_remaining_ms == 26_000
