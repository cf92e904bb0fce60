"""``useful_tiles`` is, by definition, the drawable tiles whose draw lowers the shanten: checked draw by draw
(with ``shanten``, itself checked against the plain reference) for every form set, both seven-pairs rules,
0-2 declared melds and 16-tile play, on dealt hands and on hands drawn from few kinds (pairs, quads and
orphans, where seven pairs and thirteen orphans decide)."""
import numpy as np
import pytest

import mjpy

FORMS = [mjpy.DEFAULT_FORMS, "all", ("standard",), ("seven_pairs",), ("thirteen_orphans",), ("knitted",),
         ("standard", "seven_pairs"), ("seven_pairs", "thirteen_orphans")]


def by_draws(h, **kw):
    s = mjpy.shanten(h, **kw)
    out = []
    for t in range(34):
        if h[t] < 4:
            h2 = h.copy()
            h2[t] += 1
            if mjpy.shanten(h2, **kw) < s:
                out.append(t)
    return out


@pytest.mark.parametrize("forms", FORMS, ids=str)
@pytest.mark.parametrize("quads", [True, False])
def test_useful_tiles_are_the_draws_that_lower_the_shanten(forms, quads):
    rng = np.random.default_rng(20261204)
    checked = 0
    for trial in range(300):
        k = trial % 3
        wall = np.repeat(np.arange(34), 4)
        if trial % 2:                      # few kinds: pairs, quads, orphans
            wall = np.repeat(rng.choice(34, size=int(rng.integers(5, 10)), replace=False), 4)
        h = np.bincount(rng.permutation(wall)[:13 - 3 * k], minlength=34).astype(np.uint8)
        kw = dict(forms=forms, quads_as_two_pairs=quads, melds=k)
        try:
            got = [u.tile for u in mjpy.useful_tiles(h, **kw)]
        except ValueError:                 # no form of the set applies with these melds
            continue
        assert got == by_draws(h, **kw), (mjpy.to_string(h), kw)
        checked += 1
    assert checked > 0


def test_sixteen_tile_play():
    rng = np.random.default_rng(16)
    for _ in range(300):
        h = np.bincount(rng.permutation(np.repeat(np.arange(34), 4))[:16], minlength=34).astype(np.uint8)
        assert [u.tile for u in mjpy.useful_tiles(h, hand_size=16)] == by_draws(h, hand_size=16)
    hands = mjpy.random.deal(2000, seed=3)
    masks = mjpy.batch.useful_tiles(hands)
    for h, m in zip(hands[:300], masks[:300]):
        assert mjpy.batch.mask_to_tiles(int(m)) == by_draws(h)
