"""The usage examples in the hardware modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["__init__", "status", "gate", "buttons", "outputs", "facade", "sdnotify", "protocol",
           "serial_display"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name, mock_factory):
    module = importlib.import_module("companion.hardware" if name == "__init__" else f"companion.hardware.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0, f"{module.__name__} has no example"
