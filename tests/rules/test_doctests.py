"""The examples in the rules engine's docstrings are part of its documentation: run them."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion.rules

MODULES = sorted(m.name for m in pkgutil.iter_modules(companion.rules.__path__,
                                                      "companion.rules."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
