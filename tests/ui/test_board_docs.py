"""The docstring examples of the touch-board modules run and hold."""

import doctest
import importlib

import pytest

MODULES = ["session", "duere_session", "notation", "export", "view", "entry", "options", "captures"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    module = importlib.import_module(f"companion.ui.board.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
