"""Medians (and logs of pixels) to the bit of numpy's, faster where the app's look at a frame
spends its time.

numpy's ``nanmedian`` goes through masked arrays; its ``median`` partitions NaN aside as well
as the middle, and along the first axis of a picture partitions across its rows. Both are
replaced on the camera's paths by one sort or one partition of the middle, with the same
numbers to the bit (signed zeros, float32 sums, the two middle values' mean) as the tests
check against numpy's. A picture's logs are looked up in a table of the 256 values a pixel
can take (:func:`log_pixels`).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

PAIR_AT_ONCE = 64  # above this many values, an even row's middle pair is found in two steps


def nanmedian_rows(x: np.ndarray) -> np.ndarray:
    """``np.nanmedian(x, axis=1)`` to the bit (the two middle values' sum halved, NaN where
    a row has no number), by one sort: numpy's own goes through masked arrays and took
    a sixth of a frame's look at the board."""
    ordered = np.sort(x, axis=1)  # NaN last
    counts = (~np.isnan(x)).sum(axis=1, keepdims=True)
    high = counts // 2
    low = np.where(counts % 2 == 1, high, high - 1)
    pair = np.take_along_axis(ordered, np.concatenate([np.maximum(low, 0), high], axis=1),
                              axis=1)
    out = pair[:, 0] + pair[:, 1]
    out += 0.0  # numpy's sum starts from +0: a middle of -0 and -0 is 0
    out /= 2
    out[(counts == 0)[:, 0]] = np.nan
    return out


def median(x: np.ndarray, axis: int | None = None) -> "np.ndarray | np.floating":
    """``np.median(x, axis)`` to the bit; faster for float32/float64 arrays without NaN, numpy's
    own for anything else."""
    x = np.asarray(x)
    if (x.dtype not in (np.float32, np.float64) or x.size == 0 or np.isnan(x).any()
            or not (axis is None or isinstance(axis, (int, np.integer)))):
        return np.median(x, axis=axis)
    rows = x.reshape(-1) if axis is None else np.moveaxis(x, axis, -1)
    if not rows.flags.c_contiguous:
        rows = np.ascontiguousarray(rows)  # numpy partitions across a picture's rows slowly
    n = rows.shape[-1]
    k = n // 2
    if n % 2:
        out = np.partition(rows, k, axis=-1)[..., k]
        out = out + out.dtype.type(0.0)  # numpy's mean starts its sum from +0: -0 gives 0
    elif n > PAIR_AT_ONCE:
        # the middle pair as the k-th value and the largest below it: numpy partitions
        # round two places at once 3-8 times slower than round one (a board's crops' cells,
        # 43200 values: 0.58 ms against 0.08)
        part = np.partition(rows, k, axis=-1)
        out = part[..., :k].max(axis=-1) + part[..., k]
        out = out + out.dtype.type(0.0)
        out = out / out.dtype.type(2)
    else:
        part = np.partition(rows, (k - 1, k), axis=-1)
        out = part[..., k - 1] + part[..., k]
        out = out + out.dtype.type(0.0)
        out = out / out.dtype.type(2)
    return out[()] if axis is None else out


@lru_cache(maxsize=4)
def _log_table(offset: float) -> np.ndarray:
    table = np.log(np.arange(256, dtype=np.float32) + offset)
    table.flags.writeable = False
    return table


def log_pixels(pixels: np.ndarray, offset: float) -> np.ndarray:
    """``np.log(pixels.astype(np.float32) + offset)`` to the bit: looked up for 8-bit pixels
    (the crops, the change meter's picture and the grid check all take a frame's logs)."""
    if pixels.dtype == np.uint8:
        return _log_table(float(offset))[pixels]
    return np.log(pixels.astype(np.float32) + offset)
