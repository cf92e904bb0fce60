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
from mjcore.batch import is_win, mask_to_tiles, shanten, useful_tiles, waits

__all__ = ["is_win", "mask_to_tiles", "shanten", "useful_tiles", "waits"]
