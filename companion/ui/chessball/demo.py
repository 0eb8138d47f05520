"""Representative mid-match states for ``companion screenshot`` (and for looking at by hand).

Positional demos replay the start of a seeded simulated match (the core's simulator: legal
moves only) into the demo journal; counting demos are a short scripted first half.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.chessball.pieces import Side
from companion.chessball.simulate import simulate_match
from companion.chessball.state import MatchState, Mode, Phase
from companion.core.dice import Dice
from companion.ui.chessball.history import HistoryScreen
from companion.ui.chessball.rolls import MovementRollScreen, TackleScreen
from companion.chessball.session import Session
from companion.ui.chessball.setup import SetupScreen
from companion.ui.chessball.shot import ShotScreen
from companion.ui.chessball.substitution import SubstitutionScreen
from companion.ui.chessball.tracker import TrackerScreen
from companion.ui.registry import register_screen

DEMO_SEED = 11


def positional_session(app: Any, stop: Callable[[MatchState], bool], seed: int = DEMO_SEED) -> Session:
    """A positional match replayed from a simulated one until ``stop(state)`` holds."""
    session = Session.start(app.journal, Mode.POSITIONAL, title="Demo")
    events, _ = simulate_match(Dice.seeded(seed), Mode.POSITIONAL)
    for event in events:
        if stop(session.state):
            break
        session.submit(event)
    return session


def mid_match(state: MatchState) -> bool:
    """Well into the first half, a goal scored, the side to move holding the ball."""
    if state.turn < 6 or state.phase is not Phase.MOVES or not sum(state.score.values()) or state.holder is None:
        return False
    found = state.piece_of(state.holder)
    return found is not None and found[1].side is state.side_to_move and found[1].kind.value != "king"


def counting_session(app: Any) -> Session:
    """A counting-mode match in the first half: a goal each way, the third turn under way."""
    s = Session.start(app.journal, Mode.COUNTING, title="Demo")
    script: list[dict[str, Any]] = [
        {"kind": "kickoff"},
        {"kind": "roll", "side": "white", "faces": [4, 5, 6]},
        {"kind": "roll", "side": "black", "faces": [2, 3, 6]},
        {"kind": "spend", "side": "white", "mp": 6}, {"kind": "end_move", "side": "white"},
        {"kind": "spend", "side": "black", "mp": 4}, {"kind": "end_move", "side": "black"},
        {"kind": "shot", "side": "white", "distance": 5, "keeper_on_point": True},
        {"kind": "keeper_roll", "faces": [1, 2, 3]},  # 6 against power 13: a goal
        {"kind": "kickoff"},
        {"kind": "roll", "side": "white", "faces": [3, 3, 5]},
        {"kind": "roll", "side": "black", "faces": [6, 5, 4]},
        {"kind": "pass_move", "side": "black"},
        {"kind": "spend", "side": "white", "mp": 3}, {"kind": "end_move", "side": "white"},
        {"kind": "substitution", "side": "black", "out": "rook", "in": "queen"},
        {"kind": "spend", "side": "white", "mp": 2}, {"kind": "end_move", "side": "white"},
        {"kind": "goal", "side": "black"},
        {"kind": "kickoff"},
        {"kind": "roll", "side": "white", "faces": [5, 6, 2]},
        {"kind": "roll", "side": "black", "faces": [4, 4, 3]},
        {"kind": "spend", "side": "white", "mp": 4},
    ]
    for event in script:
        s.submit(event)
    return s


def _tracker(app: Any) -> TrackerScreen:
    session = positional_session(app, mid_match)
    screen = TrackerScreen(app, session)
    s = session.state
    mover = s.side_to_move
    assert mover is not None
    found = s.piece_of(s.holder) if s.holder is not None else None
    if found is not None:  # show a dribble being chosen, with its path and cost
        at = found[0]
        screen.choice.tap(session, at)
        forward = 1 if mover is Side.WHITE else -1
        aims = [(at[0] + dx, at[1] + forward * dy) for dy in (3, 2, 1) for dx in (0, 1, -1, 2, -2)]
        for target in aims:
            if 0 <= target[0] <= 16 and 0 < target[1] < 16 and target not in s.board and target != s.ball:
                screen.choice.tap(session, target)
                if screen.choice.preview is not None:
                    break
                screen.choice.tap(session, at)  # start again from the piece
                screen.choice.tap(session, at)
    screen.layout()
    return screen


def _kickoff(app: Any) -> TrackerScreen:
    session = positional_session(app, lambda s: s.phase is Phase.KICKOFF and s.turn > 1)
    return TrackerScreen(app, session)


def _counting(app: Any) -> TrackerScreen:
    screen = TrackerScreen(app, counting_session(app))
    screen.message = app.t("cb.roll.done", side=app.t("cb.side.black"), n=11, faces="4+4+3")
    return screen


def _shot(app: Any) -> ShotScreen:
    session = counting_session(app)
    session.submit({"kind": "end_move", "side": "white"})
    session.submit({"kind": "shot", "side": "black", "distance": 4, "keeper_on_point": True})
    screen = ShotScreen(app, session)
    screen.layout()
    screen._keeper([5, 4, 2])  # 11 against power 14: a parry of 3, the direction to roll
    return screen


def _keeper(app: Any) -> ShotScreen:
    session = counting_session(app)
    session.submit({"kind": "end_move", "side": "white"})
    session.submit({"kind": "shot", "side": "black", "distance": 3, "keeper_on_point": True})
    screen = ShotScreen(app, session)
    screen.keeper_picker.set(0, 5)
    screen.keeper_picker.set(1, 2)
    screen.layout()
    return screen


def _full_time(app: Any) -> TrackerScreen:
    session = Session.start(app.journal, Mode.COUNTING, title="Demo")
    events, _ = simulate_match(Dice.seeded(DEMO_SEED), Mode.COUNTING)
    for event in events:
        session.submit(event)
    return TrackerScreen(app, session)


def _history(app: Any) -> HistoryScreen:
    return HistoryScreen(app, counting_session(app))


def _substitution(app: Any) -> SubstitutionScreen:
    session = positional_session(app, mid_match)
    screen = SubstitutionScreen(app, session)
    screen.layout()
    from companion.chessball.pieces import PieceKind

    rook = next((i for i, (k, _) in enumerate(screen.leaving) if k is PieceKind.ROOK), 0)
    screen._out(rook)()
    screen._in(PieceKind.QUEEN)()
    return screen


def _tackle(app: Any) -> TackleScreen:
    session = counting_session(app)
    session.submit({"kind": "end_move", "side": "white"})
    screen = TackleScreen(app, session)
    screen.layout()
    screen._add([3, 4, 5], [6, 5, 1])  # a tie: rolled again
    screen._add([6, 2, 5], [3, 3, 4])
    return screen


def _roll(app: Any) -> MovementRollScreen:
    session = counting_session(app)
    for event in ({"kind": "end_move", "side": "white"}, {"kind": "pass_move", "side": "black"},
                  {"kind": "pass_move", "side": "white"}, {"kind": "pass_move", "side": "black"},
                  {"kind": "pass_move", "side": "white"}, {"kind": "pass_move", "side": "black"}):
        session.submit(event)
    screen = MovementRollScreen(app, session, Side.WHITE)
    screen.picker.set(0, 4)
    screen.picker.set(1, 6)
    screen.layout()
    return screen


def _setup(app: Any) -> SetupScreen:
    counting_session(app)  # an unfinished match, offered to continue
    return SetupScreen(app)


for _name, _factory in (
    ("chessball-setup", _setup), ("chessball-tracker", _tracker), ("chessball-kickoff", _kickoff),
    ("chessball-counting", _counting), ("chessball-shot", _shot), ("chessball-substitution", _substitution),
    ("chessball-tackle", _tackle), ("chessball-roll", _roll), ("chessball-keeper", _keeper),
    ("chessball-full-time", _full_time), ("chessball-history", _history),
):
    register_screen(_name, _factory)
