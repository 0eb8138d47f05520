"""The examples in the ChessBall screen modules' docstrings run."""

import doctest
import importlib

import pytest

MODULES = ["session", "reasons", "board", "board_play", "common"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(f"companion.ui.chessball.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0
