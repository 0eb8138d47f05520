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


def test_one_station_two_boards_each_with_its_slot_and_the_touch_board_on_its_game(tmp_path: Path) -> None:
    """The championship's station referees two games at once: each game's state says which board
    it is on, and a touch board joined to a game (a ``board_link``) is drawn on that game's card."""
    from companion.core.clock import FakeClock
    from companion.event.desk import Desk
    from companion.event.messages import Topics, encode
    from companion.magici.boards import BOARD_LINK, Boards
    from companion.magici.model import DEFAULT_HOUSES
    from companion.rules.session import BoardSession

    clock = FakeClock(1_000_000)
    j = Journal.open(tmp_path / "j.db", wall_ms=clock.now_ms)
    g, s, t, c = DEFAULT_HOUSES
    boards = Boards(j)
    one, two = boards.start(1, g, s), boards.start(2, t, c)
    assert one.begin().accepted and two.begin().accepted
    touch = BoardSession.new(j, "magici")
    two.log.append(BOARD_LINK, {"match": touch.match.id})
    touch.play_text("e2e4")
    clock.advance(2_000)

    game1, game2 = board_state(one.log, clock.now_ms()), board_state(two.log, clock.now_ms())
    own = board_state(touch.match, clock.now_ms())
    assert game1 is not None and game2 is not None and own is not None
    assert (game1["slot"], game2["slot"]) == (1, 2)
    assert game1["board"] is None and game2["board"]["last_moves"] == ["e4"]
    assert game2["magici"]["white"]["name"] == t.name
    assert own["linked"] == two.log.id and game2["linked"] is None

    desk = Desk(tmp_path / "desk")
    topics = Topics("event")
    for state in (game1, own, game2):
        desk.receive(topics.board("s1", state["match"]), encode(state))
    shown = desk.boards()
    assert [(b["slot"], b["match"]) for b in shown] == [(1, one.log.id), (2, two.log.id)]
    assert shown[1]["board"]["cells"]["pieces"]["e4"] == "P"
