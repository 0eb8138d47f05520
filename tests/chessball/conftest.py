from collections.abc import Iterable
from typing import Any

import pytest

from companion.chessball.match import Match
from companion.chessball.options import RuleOptions
from companion.chessball.state import Mode


def roll(side: str, faces: list[int]) -> dict[str, Any]:
    return {"kind": "roll", "side": side, "faces": faces}


def counting_match(options: RuleOptions | None = None, white=(6, 6, 6), black=(5, 5, 5)) -> Match:
    """A counting-mode match at the first move of turn 1 (white 18 MP, black 15 MP)."""
    m = Match(Mode.COUNTING, options)
    m.apply({"kind": "kickoff"})
    m.apply(roll("white", list(white)))
    m.apply(roll("black", list(black)))
    return m


def apply_all(m: Match, events: Iterable[dict[str, Any]]) -> None:
    for e in events:
        m.apply(e)


@pytest.fixture
def counting() -> Match:
    return counting_match()
