"""Joker hands for the benchmarks: near-complete hands with k jokers apart from the counts.

A complete hand is dealt as sets + pair from the 136-tile set (at most four of a kind), then k of
its tiles become jokers; for waiting-size hands one more real tile is removed.
"""
from __future__ import annotations

import numpy as np

JOKER_COUNTS = (0, 1, 2, 4, 8)


def _complete(rng: np.random.Generator) -> np.ndarray:
    while True:
        c = np.zeros(34, np.int64)
        for _ in range(4):
            if rng.random() < 0.6:
                s, r = rng.integers(0, 3), rng.integers(0, 7)
                c[9 * s + r : 9 * s + r + 3] += 1
            else:
                c[rng.integers(0, 34)] += 3
        c[rng.integers(0, 34)] += 2
        if c.max() <= 4:
            return c


def joker_hands(n: int, k: int, waiting: bool, seed: int = 11) -> np.ndarray:
    """(n, 34) uint8 real counts; every row has k jokers besides (14 or 13 tiles in all)."""
    rng = np.random.default_rng(seed + 100 * k + int(waiting))
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        c = _complete(rng)
        tiles = np.repeat(np.arange(34), c)
        drop = rng.choice(14, k + int(waiting), replace=False)
        keep = np.delete(tiles, drop)
        out[i] = np.bincount(keep, minlength=34)
    return out


def dealt_joker_hands(n: int, k: int, seed: int = 13) -> np.ndarray:
    """(n, 34) uint8 real counts of 13 - k tiles dealt from a shuffled 136-tile wall; every row has k jokers
    besides (13 tiles in all): the hands a player holds mid-game."""
    rng = np.random.default_rng(seed + 100 * k)
    wall = np.repeat(np.arange(34), 4)
    out = np.zeros((n, 34), np.uint8)
    for i in range(n):
        out[i] = np.bincount(rng.choice(wall, 13 - k, replace=False), minlength=34)
    return out
