"""The engine's suit split tables (``mjcore.engine``): every split of every suit, against a plain
recursive splitter written here, and in the order of the engine's recursive search (pair, pung,
chow at the lowest tile), so that the readings come in the same order either way."""
from __future__ import annotations

import itertools

import numpy as np

from mjcore import engine as E

SHAPES = {0: 2, 1: 3, 2: 3}                   # shape -> tiles: pair, pung, chow


def plain_splits(counts, pair_left):
    """Every split of the nine counts into pungs and chows (and one pair while ``pair_left``), as
    sorted tuples of (rank, shape) groups, shape 0 pair, 1 pung, 2 chow."""
    c = list(counts)
    out = set()

    def walk(groups, pair_left):
        t = next((i for i in range(9) if c[i]), None)
        if t is None:
            if not pair_left:
                out.add(tuple(sorted(groups)))
            return
        if pair_left and c[t] >= 2:
            c[t] -= 2
            walk(groups + [(t, 0)], False)
            c[t] += 2
        if c[t] >= 3:
            c[t] -= 3
            walk(groups + [(t, 1)], pair_left)
            c[t] += 3
        if t <= 6 and c[t + 1] and c[t + 2]:
            for d in range(3):
                c[t + d] -= 1
            walk(groups + [(t, 2)], pair_left)
            for d in range(3):
                c[t + d] += 1

    walk([], pair_left)
    return out


def complete_suits():
    """The counts of every suit that holds at most four sets and a pair, within four copies."""
    kinds = [(t, 1) for t in range(9)] + [(t, 2) for t in range(7)]
    seen = set()
    for n in range(5):
        for sets in itertools.combinations_with_replacement(kinds, n):
            for pair in [None] + list(range(9)):
                c = [0] * 9
                for t, shape in sets:
                    for d in ((0, 0, 0) if shape == 1 else (0, 1, 2)):
                        c[t + d] += 1
                if pair is not None:
                    c[pair] += 2
                if max(c) <= 4 and sum(c):
                    seen.add(tuple(c))
    return seen


def test_every_split_of_every_suit():
    suits = complete_suits()
    assert len(suits) == 21742
    total = 0
    for c in suits:
        got = E._splits_of(list(c))
        want = plain_splits(c, sum(c) % 3 == 2)
        assert {tuple(sorted(g)) for g in got} == want, c
        # the search's order: groups by lowest tile then shape; splits in that order too
        assert all(list(g) == sorted(g) for g in got), c
        assert got == sorted(got), c
        assert sum(SHAPES[s] for _, s in got[0]) == sum(c)
        total += len(got)
    assert total == 23532


def test_suits_that_do_not_split():
    rng = np.random.default_rng(20261202)
    suits = complete_suits()
    checked = 0
    while checked < 3000:
        c = tuple(int(x) for x in rng.integers(0, 5, 9))
        if sum(c) > 14 or c in suits:
            continue
        assert E._splits_of(list(c)) == [], c
        assert not plain_splits(c, sum(c) % 3 == 2), c
        checked += 1
