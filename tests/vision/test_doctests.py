"""The examples in the vision modules' docstrings are right."""

import doctest
import importlib

import pytest

MODULES = [
    "companion.vision.geometry", "companion.vision.view", "companion.vision.board_text",
    "companion.vision.reader", "companion.vision.follower", "companion.vision.sources",
    "companion.vision.store", "companion.vision.markers", "companion.vision.synth",
    "companion.vision.presence", "companion.vision.change", "companion.vision.devdata",
    "companion.vision.devbench",
    "companion.vision.cellnet",
    "companion.vision.synth.video", "companion.vision.synth.webcam", "companion.vision.synth.dim",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
