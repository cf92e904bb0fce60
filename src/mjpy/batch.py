"""Batch analysis over (N, 34) uint8 count arrays, using every core (RapidFuzz-style ``workers``).

>>> import numpy as np, mjpy
>>> hands = np.stack([mjpy.parse("123m456p789s1122z"), mjpy.parse("2233445566778p")])
>>> mjpy.batch.shanten(hands)
array([0, 0], dtype=int8)
>>> [mjpy.batch.mask_to_tiles(m) for m in mjpy.batch.waits(hands)]
[[27, 28], [10, 13, 16]]

``melds`` is one count for all rows or an array with one per row. The calls release the GIL and
split the rows across ``workers`` threads (``None``/``-1``: all cores). Bad rows raise a
``ValueError`` naming the first one.
"""
from typing import List

import numpy as np

from mjcore.batch import is_win, shanten, useful_tiles, waits
from mjpy.advice import advise_batch as advise

__all__ = ["advise", "is_win", "mask_to_tiles", "shanten", "useful_tiles", "waits"]

_MASK_MAX = (1 << 34) - 1          # one bit per tile kind


def _tiles_of(m: int) -> List[int]:
    out = []
    i = 0
    while m:
        if m & 1:
            out.append(i)
        m >>= 1
        i += 1
    return out


def mask_to_tiles(mask) -> list:
    """Tile indices of a waits / useful-tiles bit mask (bit i = tile i): ``mask_to_tiles(0b1001) == [0, 3]``.

    ``mask``: an int or numpy integer in 0..2**34-1, or a numpy integer array of masks (e.g. the
    ``uint64[N]`` of :func:`waits`), which gives one list per element (nested like the array).
    ValueError for a mask outside 0..2**34-1; TypeError for anything else (floats, bools, lists).

    >>> mask_to_tiles(np.array([0b1001, 0], np.uint64))
    [[0, 3], []]
    """
    if isinstance(mask, np.ndarray):
        if mask.dtype.kind not in "iu":
            raise TypeError(f"mask_to_tiles: an array of masks must hold integers, got dtype {mask.dtype}")
        if mask.ndim == 0:
            return mask_to_tiles(mask[()])
        if mask.size:
            bad = (mask < 0) | (mask > _MASK_MAX) if mask.dtype.kind == "i" else mask > _MASK_MAX
            if bad.any():
                where = tuple(int(i) for i in np.argwhere(bad)[0])
                at = where[0] if len(where) == 1 else where
                raise ValueError(f"mask_to_tiles: mask[{at}] = {int(mask[where])} is outside 0..2**34-1 "
                                 f"(one bit per tile kind)")

        def rows(x):
            return [rows(v) for v in x] if isinstance(x, list) else _tiles_of(x)

        return rows(mask.tolist())
    if isinstance(mask, (bool, np.bool_)) or not isinstance(mask, (int, np.integer)):
        raise TypeError(f"mask_to_tiles: mask must be an int (or a numpy integer array of masks), "
                        f"got {type(mask).__name__}")
    m = int(mask)
    if not 0 <= m <= _MASK_MAX:
        raise ValueError(f"mask_to_tiles: mask {m} is outside 0..2**34-1 (one bit per tile kind)")
    return _tiles_of(m)
