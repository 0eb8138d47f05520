"""A board's current state, computed by replaying its journal match (no pygame).

Stations publish it retained on ``companion/EVENT/STATION/board/MATCH``::

    {"v": 1, "match": 3, "game": "magici", "title": "...", "seq": 41, "read_at_ms": ...,
     "finished": false, "result": null | {...},
     "board": {"variant", "fen", "turn": "white"|"black", "last_moves": [...] (standard letters),
               "last_moves_it": [...] (Italian letters)} | null,
     "magici": {"white": {"name", "colour", "spells": n, "spells_used": [...]}, "black": {...},
                "on_move", "turn", "begun", "paused",
                "clocks": {"move": {"remaining_ms", "running"}, "game": {...}}} | null,
     "chessball": {"score": {"white", "black"}, "half", "turn", "turn_in_half", "phase",
                   "side_to_move", "mp": {"white", "black"}} | null}

Clocks are read at ``read_at_ms`` (the station's clock); the desk ages them by its own clock
from when the state arrived, so two machines' clocks never need to agree.
"""

from __future__ import annotations

import logging
from typing import Any

from companion.core.journal import MatchLog

log = logging.getLogger(__name__)

NO_BOARD_GAMES = frozenset({"event-result", "magici-championship", "dice"})
LAST_MOVES = 8


def board_state(match: MatchLog, now_ms: int) -> dict[str, Any] | None:
    """The state of ``match`` as a station shows it; None for matches that are not a board."""
    info = match.info
    if info.game in NO_BOARD_GAMES:
        return None
    events = match.effective()
    state: dict[str, Any] = {
        "v": 1, "match": info.id, "game": info.game, "title": info.title,
        "seq": max((e.seq for e in match.events()), default=0), "read_at_ms": now_ms,
        "finished": info.finished, "result": info.result, "board": None, "magici": None, "chessball": None,
        "slot": None, "fixture": None, "linked": _linked_to(match),
    }
    try:
        state["board"] = _grid_board(match, events)
        if info.game == "magici" and any(e.kind == "magici.setup" for e in events):
            from companion.magici.boards import board_of, linked_board_id

            state["magici"] = _magici(events, now_ms)
            meta = info.meta if isinstance(info.meta, dict) else {}
            if "board" in meta or "championship" in meta:  # a game the station put on board 1 or 2
                state["slot"] = board_of(meta)
            champ = info.meta.get("championship") if isinstance(info.meta, dict) else None
            if isinstance(champ, dict):
                state["fixture"] = {"round": champ.get("round"), "board": champ.get("board")}
            linked = linked_board_id(match)
            if linked is not None:  # the position on the touch board joined to this game
                board_log = match.journal.match(linked)
                state["board"] = _grid_board(board_log, board_log.effective())
        if info.game == "chessball":
            state["chessball"] = _chessball(match)
    except Exception as exc:  # a match that does not replay is reported, never a crash
        log.warning("match %s (%s) does not replay: %s", info.id, info.game, exc)
        state["error"] = str(exc)
    if state["board"] is None and state["magici"] is None and state["chessball"] is None and "error" not in state:
        return None
    return state


def _linked_to(match: MatchLog) -> int | None:
    """The Magici game a touch board's match is joined to (None for a board on its own)."""
    games = games_showing(match.journal, match.id)
    return games[-1] if games else None


def games_showing(journal: Any, match_id: int) -> list[int]:
    """The Magici games whose card shows the touch board ``match_id`` (republished with it)."""
    from companion.magici.boards import BOARD_LINK

    return journal.matches_pointing_at(BOARD_LINK, match_id)


def _grid_board(match: MatchLog, events: list[Any]) -> dict[str, Any] | None:
    from companion.rules.session import BOARD_START, BoardSession

    meta = match.info.meta
    if not ("variant" in meta and "start_fen" in meta) and not any(e.kind == BOARD_START for e in events):
        return None  # BoardSession.open would write a board start: a station's match with no board yet
    session = BoardSession.open(match)
    pos = session.position
    return {
        "variant": session.game, "fen": pos.fen(), "turn": pos.turn.name.lower(),
        "last_moves": [h.notation for h in session.history[-LAST_MOVES:]],
        # the same moves with the Italian piece letters, for the page in Italian (Cf3, not Nf3)
        "last_moves_it": [h.shown("it") for h in session.history[-LAST_MOVES:]],
        "moves": len(session.history), "result": session.result,
    }


def _magici(events: list[Any], now_ms: int) -> dict[str, Any]:
    from companion.magici.model import Side
    from companion.magici.replay import replay

    st = replay(events)

    def side(s: Side) -> dict[str, Any]:
        house = st.house(s)
        return {"name": house.name, "colour": house.colour, "spells": st.spells.count(s),
                "spells_used": sorted(sp.value for sp in st.spells.used(s))}

    def clock(c: Any) -> dict[str, Any]:
        return {"remaining_ms": max(0, int(c.remaining(now_ms))), "running": bool(c.running)}

    result = None
    if st.result is not None:
        result = {"kind": st.result.kind.value, "winner": st.result.winner.value if st.result.winner else None}
    return {
        "white": side(Side.WHITE), "black": side(Side.BLACK), "on_move": st.on_move.value, "turn": st.turn,
        "begun": st.begun, "paused": st.paused, "result": result,
        "clocks": {"move": clock(st.move_clock), "game": clock(st.game_clock)},
    }


def _chessball(match: MatchLog) -> dict[str, Any]:
    from companion.chessball.session import Session

    s = Session.resume(match).state
    return {
        "score": {side.value: n for side, n in s.score.items()},
        "mp": {side.value: n for side, n in s.movement_points.items()},
        "half": s.half, "turn": s.turn, "turn_in_half": s.turn_in_half, "phase": s.phase.value,
        "side_to_move": s.side_to_move.value if s.side_to_move else None,
        "mode": s.mode.value,
    }


def cells(variant: str, fen: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """The squares to draw, read from a position string by the rules engine (desk side).

    >>> c = cells("magici", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    >>> c["files"], c["ranks"], c["pieces"]["e1"]
    (8, 8, 'K')
    """
    from companion.rules import get_variant

    pos = get_variant(variant, options or None).from_fen(fen)
    geo = pos.geometry
    pieces: dict[str, str] = {}
    for name in geo.cells:
        piece = pos.piece_at(name)
        if piece is not None:
            pieces[name] = piece.symbol
    extra = [{"cell": n, "file": f, "rank": r} for n, f, r in geo.extra]
    return {"files": geo.files, "ranks": geo.ranks, "extra": extra, "pieces": pieces}
