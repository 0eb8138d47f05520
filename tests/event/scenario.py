"""Two live Scacchi Magici boards as the stations' apps write them (the referee station's clocks
and spells, and the touch board's moves, in one journal match each)."""

from __future__ import annotations

from companion.core.journal import Journal, MatchLog
from companion.magici.model import DEFAULT_HOUSES, House, Side
from companion.magici.station import RefereeStation
from companion.magici.timing import MagiciTiming
from companion.rules.session import BoardSession

OPENING = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3", "d7d6"]


def live_board(journal: Journal, white: House, black: House, moves: int, spell: bool = False) -> MatchLog:
    log = journal.new_match("magici", title=f"{white.name} – {black.name}")
    station = RefereeStation.new(log, white, black, timing=MagiciTiming(end_lockout_ms=0))  # moves here come fast
    assert station.begin().accepted
    board = BoardSession.open(log, game="magici")
    for i, move in enumerate(OPENING[:moves]):
        if spell and i == 2:
            from companion.magici.model import Piece
            from companion.magici.spells import Spell, SpellCall

            outcome = station.cast_spell(SpellCall(Spell.TACTICAL, Side.BLACK, Piece.parse("Nf6"),
                                                   target=Piece.parse("Qd1")))
            assert outcome.accepted, outcome
        board.play_text(move)
        assert station.end_move().accepted
    return log


def two_boards(j1: Journal, j2: Journal) -> tuple[MatchLog, MatchLog]:
    g, s, t, c = DEFAULT_HOUSES
    return live_board(j1, g, s, 6, spell=True), live_board(j2, t, c, 5)
