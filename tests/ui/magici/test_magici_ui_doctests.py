"""The examples in the Magici screens' helper docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["common", "outputs", "grid", "board_panel", "correction"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(f"companion.ui.magici.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
