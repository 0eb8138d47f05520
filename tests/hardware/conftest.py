"""Mock GPIO for every hardware test, reset between tests as gpiozero's own suite does."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest


@pytest.fixture
def mock_factory() -> Iterator[object]:
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    saved = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = saved


def _wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Poll for a background thread's effect; a generous bound, never a timing assertion."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


@pytest.fixture
def wait_until() -> Callable[..., bool]:
    return _wait_until
