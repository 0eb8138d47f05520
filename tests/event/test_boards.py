"""Board states computed from a station's journal, and the squares read from a position string."""

from __future__ import annotations

from pathlib import Path

from companion.chessball.simulate import simulate_match
from companion.chessball.state import Mode
from companion.core.dice import Dice
from companion.core.journal import Journal
from companion.event.boards import board_state, cells
from tests.event.scenario import live_board


def chessball_match(journal: Journal, events: int):  # type: ignore[no-untyped-def]
    from companion.chessball.session import Session

    log = journal.new_match("chessball", meta={"mode": "counting"})
    played, _ = simulate_match(Dice.seeded(3), Mode.COUNTING)
    for e in played[:events]:
        log.append(e["kind"], {k: v for k, v in e.items() if k != "kind"})
    return log, Session.resume(log).state


def test_a_magici_station_board_carries_clocks_spells_and_the_position(tmp_path: Path) -> None:
    from companion.magici.model import DEFAULT_HOUSES

    j = Journal.open(tmp_path / "j.db")
    g, s = DEFAULT_HOUSES[:2]
    log = live_board(j, g, s, 6, spell=True)
    state = board_state(log, j.wall_ms())
    assert state is not None
    assert state["board"]["last_moves"] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]
    assert state["board"]["turn"] == "white" and state["board"]["fen"].startswith("r1bqkb1r/pppp1ppp/2n2n2/")
    m = state["magici"]
    assert m["white"]["name"] == "Grifondoro" and m["black"]["spells_used"] == ["tactical"]
    assert m["on_move"] == "white" and m["clocks"]["move"]["running"] and m["clocks"]["game"]["running"]
    assert state["seq"] == max(e.seq for e in log.events())


def test_a_chessball_match_gives_score_half_turn_and_mp(tmp_path: Path) -> None:
    j = Journal.open(tmp_path / "j.db")
    log, expected = chessball_match(j, 40)
    state = board_state(log, j.wall_ms())
    assert state is not None and state["board"] is None
    cb = state["chessball"]
    assert cb["score"] == {side.value: n for side, n in expected.score.items()}
    assert cb["mp"] == {side.value: n for side, n in expected.movement_points.items()}
    assert (cb["half"], cb["turn"]) == (expected.half, expected.turn)


def test_a_match_that_is_not_a_board_has_no_state_and_nothing_is_written(tmp_path: Path) -> None:
    j = Journal.open(tmp_path / "j.db")
    station_only = j.new_match("magici")  # a station's match before its setup: not a board yet
    assert board_state(station_only, 0) is None
    assert station_only.events() == []  # no board start was written to find out
    assert board_state(j.new_match("event-result"), 0) is None


def test_the_squares_of_a_camerlano_position_include_its_citadels() -> None:
    from companion.rules import get_variant

    start = get_variant("camerlano").start_position().fen()
    c = cells("camerlano", start)
    assert (c["files"], c["ranks"]) == (11, 10)
    assert {e["cell"] for e in c["extra"]} == {"z2", "z9"}
    assert len(c["pieces"]) == len([p for p in start.split()[0] if p.isalpha()])
