"""The camera's medians are numpy's to the bit: the change meter's median of a cell's
neighbours is ``nanmedian`` (numpy's goes through masked arrays), and the corner search's
median of a straightened picture's gradients is ``median`` (numpy's also moves NaN aside)."""

from __future__ import annotations

import warnings

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from companion.vision.medians import median, nanmedian_rows

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


def _same(got, want) -> None:
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(got, want, equal_nan=True)
    assert np.array_equal(np.signbit(got), np.signbit(want))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([np.float32, np.float64]).flatmap(
    lambda dt: arrays(dt, st.lists(st.integers(1, 12), min_size=1, max_size=3).map(tuple),
                      elements=values)),
       st.data())
def test_the_median_along_any_axis_is_numpys(x, data):
    axis = data.draw(st.sampled_from([None, *range(-x.ndim, x.ndim)]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        want = np.median(x, axis=axis)
    _same(median(x, axis=axis), want)
    assert type(median(x, axis=axis)) is type(want)  # a numpy scalar for the whole array


def test_a_pictures_gradients_give_numpys_median_along_both_axes():
    """The straightened candidate is 401 pixels square; its halves have odd and even counts."""
    rng = np.random.default_rng(1)
    for shape in ((401, 401), (200, 401), (401, 201), (2, 3)):
        x = np.abs(rng.normal(0, 1, shape)).astype(np.float32)
        x[0, 0] = -0.0
        for axis in (0, 1, None):
            _same(median(x, axis=axis), np.median(x, axis=axis))
        view = x[::2, ::-1]  # not contiguous
        _same(median(view, axis=0), np.median(view, axis=0))
    ints = np.arange(10).reshape(2, 5)
    _same(median(ints, axis=1), np.median(ints, axis=1))  # numpy's own: a float mean of ints


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([np.float32, np.float64]).flatmap(
    lambda dt: arrays(dt, st.tuples(st.integers(1, 4), st.integers(33, 160).map(lambda h: 2 * h)),
                      elements=st.one_of(st.sampled_from([0.0, -0.0, 1.0, -1.0]),
                                         st.floats(-1e3, 1e3, width=32)))),
       st.sampled_from([None, 0, 1, -1]))
def test_a_long_even_row_whose_middle_pair_is_found_in_two_steps_gives_numpys_median(x, axis):
    """Above PAIR_AT_ONCE values an even row's middle pair is the k-th value and the largest
    below it: the same numbers, ties and signed zeros too."""
    from companion.vision.medians import PAIR_AT_ONCE

    assert x.shape[1] > PAIR_AT_ONCE
    _same(median(x, axis=axis), np.median(x, axis=axis))
