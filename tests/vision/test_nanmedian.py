"""The change meter's median of a cell's neighbours is numpy's ``nanmedian`` to the bit (it
replaced it for speed: numpy's goes through masked arrays)."""

from __future__ import annotations

import warnings

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from companion.vision.change import nanmedian_rows

values = st.one_of(st.sampled_from([0.0, -0.0, 0.1, -0.1, 1.0, np.nan]),
                   st.floats(-1e3, 1e3, width=32))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([np.float32, np.float64]).flatmap(
    lambda dt: arrays(dt, st.tuples(st.integers(1, 40), st.integers(1, 9), st.integers(1, 3)),
                      elements=values)))
def test_the_median_of_each_row_ignoring_gaps_is_numpys(x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a row with no number: NaN, said
        want = np.nanmedian(x, axis=1)
    got = nanmedian_rows(x)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(got, want, equal_nan=True)
    assert np.array_equal(np.signbit(got), np.signbit(want))


def test_long_rows_as_a_crops_pixels_give_numpys_median_too():
    """A crop's disc has a few hundred pixels (``cellnet.piece_colours``); numpy changes its
    way at 600."""
    rng = np.random.default_rng(0)
    for k in (300, 599, 600, 900):
        x = np.round(rng.normal(0, 1, (20, k, 2)), 2)
        x[rng.random(x.shape) < 0.5] = np.nan
        x[3] = np.nan
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            want = np.nanmedian(x, axis=1)
        assert np.array_equal(nanmedian_rows(x), want, equal_nan=True)
