"""The examples in the package's docstrings are true."""

import doctest
import importlib

import pytest

MODULES = ["__init__", "lattice", "pieces", "paths", "dribble", "query", "options", "shot", "substitution", "events", "match", "simulate"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module("companion.chessball" if name == "__init__" else f"companion.chessball.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
