"""The examples in the Scacchi Magici modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["model", "spells", "timing", "replay", "station", "standings", "championship", "files", "rules_bridge", "boards"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(f"companion.magici.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
