"""Shared helpers for the rules tests."""

from __future__ import annotations

import pytest

from companion.rules import get_variant


@pytest.fixture
def magici():
    return get_variant("magici")


@pytest.fixture
def duere():
    return get_variant("duere")
