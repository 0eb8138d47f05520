from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.event.mosquitto import Broker


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    b = Broker(tmp_path / "broker").start() if (tmp_path / "broker").mkdir() is None else None
    assert b is not None
    try:
        yield b
    finally:
        b.stop()
