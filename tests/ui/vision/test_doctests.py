"""The examples in the camera screens' docstrings run."""

import doctest
import importlib

import pytest

MODULES = ["worker", "overlay"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(f"companion.ui.vision.{name}")
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted > 0 and failed == 0
