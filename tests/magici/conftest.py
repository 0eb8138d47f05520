"""Shared fixtures: a fake wall clock and an in-memory journal that uses it."""

from __future__ import annotations

import pytest

from companion.core.clock import FakeClock
from companion.core.journal import Journal, MatchLog
from companion.magici.model import House, Side
from companion.magici.station import RefereeStation

START_MS = 1_700_000_000_000  # an ordinary wall-clock instant


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START_MS)


@pytest.fixture
def log(clock: FakeClock) -> MatchLog:
    return Journal.open(":memory:", wall_ms=clock.now_ms).new_match("magici", title="Grifondoro - Serpeverde")


@pytest.fixture
def station(log: MatchLog) -> RefereeStation:
    return RefereeStation.new(
        log, House("Grifondoro", "#ae0001"), House("Serpeverde", "#2a623d"), first=Side.WHITE,
        army={Side.WHITE: "KQRRP", Side.BLACK: "KBBNPPP"},
    )
