"""Both boards' games in one model: together, apart, after a power cut."""

from __future__ import annotations

from pathlib import Path

from companion.core.clock import FakeClock
from companion.core.journal import Journal
from companion.magici.boards import Boards, board_of
from companion.magici.model import House, Side
from companion.magici.replay import replay
from companion.magici.timing import CueKind

START = 1_700_000_000_000


def test_two_boards_run_together_and_apart(tmp_path: Path) -> None:
    clock = FakeClock(START)
    boards = Boards(Journal.open(tmp_path / "j.db", wall_ms=clock.now_ms))
    one = boards.start(1, House("Grifondoro"), House("Serpeverde"))
    two = boards.start(2, House("Corvonero"), House("Tassorosso"), first=Side.BLACK)
    one.begin()
    clock.advance(10_000)
    two.begin()
    clock.advance(20_000)
    cues = boards.poll()  # board 1's 30 s are up, board 2 has 10 s left
    assert CueKind.MOVE_EXPIRED in [c.kind for c in cues[1]] and one.state.on_move is Side.BLACK
    assert two.state.on_move is Side.BLACK and two.view().move_remaining_ms == 10_000
    assert boards.ms_until_next_event() == 5_000  # board 2's 5 s warning
    two.end_move()
    assert boards.free_board() is None and boards.running == [1, 2]


def test_a_new_game_is_one_transaction_with_its_setup(tmp_path: Path) -> None:
    clock = FakeClock(START)
    journal = Journal.open(tmp_path / "j.db", wall_ms=clock.now_ms)
    boards = Boards(journal)
    station = boards.start(2, House("A"), House("B"), meta={"championship": {"match": 9, "round": 1, "board": 2}})
    [info] = journal.matches(game="magici")
    assert info.event_count == 1 and board_of(info.meta) == 2 and station.log.id == info.id


def test_power_cut_restores_both_boards_with_the_time_that_really_passed(tmp_path: Path) -> None:
    clock = FakeClock(START)
    path = tmp_path / "j.db"
    boards = Boards(Journal.open(path, wall_ms=clock.now_ms))
    one = boards.start(1, House("Grifondoro"), House("Serpeverde"))
    two = boards.start(2, House("Corvonero"), House("Tassorosso"))
    one.begin()
    two.begin()
    clock.advance(12_000)
    two.end_move()
    # the power goes: 65 s later the app starts again
    clock.advance(65_000)
    again = Boards.load(Journal.open(path, wall_ms=clock.now_ms))
    assert set(again.stations()) == {1, 2}
    cues = again.poll()
    for n in (1, 2):
        catch_up = [c for c in cues[n] if c.kind is CueKind.CATCH_UP]
        assert catch_up and catch_up[0].restart
    a, b = again.station(1), again.station(2)
    # board 1: 77 s from the start = two passes (30 s, 60 s) and 17 s into the third turn
    assert a.state.turn == 3 and a.view().move_remaining_ms == 13_000
    # board 2: a move end at 12 s, then passes at 42 s and 72 s: 5 s into turn 4
    assert b.state.turn == 4 and b.view().move_remaining_ms == 25_000
    assert a.view().game_remaining_ms == b.view().game_remaining_ms == 20 * 60_000 - 77_000
    for s in (a, b):
        assert replay(s.log.effective()) == s.state
    clock.advance(40_000)  # while the app runs but nobody polls: a catch-up, not a restart
    late = again.poll()
    assert [c.restart for c in late[1] if c.kind is CueKind.CATCH_UP] == [False]
