"""``mjcore.batch.kind_masks``: tiles, kinds held and kinds held four times per row, against numpy."""
from __future__ import annotations

import numpy as np
import pytest


def test_kind_masks_match_numpy():
    from mjcore.batch import kind_masks

    rng = np.random.default_rng(17)
    h = rng.integers(0, 5, size=(5000, 34)).astype(np.uint8)
    sizes, held, fours = kind_masks(h)
    bits = np.uint64(1) << np.arange(34, dtype=np.uint64)
    assert np.array_equal(sizes, h.sum(axis=1).astype(np.uint8))
    assert np.array_equal(held, np.bitwise_or.reduce(np.where(h > 0, bits, np.uint64(0)), axis=1))
    assert np.array_equal(fours, np.bitwise_or.reduce(np.where(h == 4, bits, np.uint64(0)), axis=1))
    h[3, 7] = 5
    with pytest.raises(ValueError, match=r"hands\[3\]: 8m count is 5"):
        kind_masks(h)
    with pytest.raises(ValueError, match="shape"):
        kind_masks(np.zeros((2, 33), np.uint8))
