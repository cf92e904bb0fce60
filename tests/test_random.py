"""mjpy.random: deals from real walls, seeded, reproducible, independent of workers and chunks."""
import math

import numpy as np
import pytest

import mjpy
from conftest import expect_error

RULES = {"sichuan": 27, "standard": 34, "riichi": 34, "guobiao": 34}


@pytest.mark.parametrize("rules", list(RULES))
def test_deals_are_valid(rules):
    h = mjpy.random.deal(20_000, rules=rules, seed=11)
    assert h.dtype == np.uint8 and h.shape == (20_000, 34)
    assert (h.sum(axis=1) == 13).all()
    assert h.max() <= 4
    if RULES[rules] == 27:
        assert h[:, 27:].sum() == 0
    else:
        assert h[:, 27:].sum() > 0


@pytest.mark.parametrize("rules", list(RULES))
def test_walls_are_permutations(rules):
    w = mjpy.random.walls(200, rules, seed=3)
    size = {"sichuan": 108, "standard": 136, "riichi": 136, "guobiao": 144}[rules]
    assert w.shape == (200, size)
    want = np.sort(np.concatenate([np.repeat(np.arange(RULES[rules]), 4),
                                   np.arange(34, 42) if rules == "guobiao" else []]).astype(np.uint8))
    for row in w:
        assert np.array_equal(np.sort(row), want)
    # a shorter prefix is the same sequence
    assert np.array_equal(mjpy.random.walls(200, rules, seed=3, length=20), w[:, :20])


def test_deal_is_the_front_of_the_wall():
    w = mjpy.random.walls(500, "guobiao", seed=5)
    h, fl = mjpy.random.deal(500, "guobiao", seed=5, flowers=True)
    for i in range(500):
        tiles = [t for t in w[i] if t < 34]
        c = np.bincount(tiles[:13], minlength=34)
        assert np.array_equal(c, h[i])
        # flowers met before the 13th tile
        k = next(j for j in range(len(w[i])) if sum(1 for t in w[i][:j + 1] if t < 34) == 13)
        assert fl[i] == sum(1 for t in w[i][:k + 1] if t >= 34)
    assert 0 <= fl.min() and fl.max() <= 8 and fl.mean() > 0.5


def test_reproducible_and_seed_dependent():
    a = mjpy.random.deal(5000, "sichuan", seed=7)
    assert np.array_equal(a, mjpy.random.deal(5000, "sichuan", seed=7))
    b = mjpy.random.deal(5000, "sichuan", seed=8)
    assert (a != b).any(axis=1).mean() > 0.99
    # rows do not repeat within a seed either
    assert len({r.tobytes() for r in a}) > 4990


def test_independent_of_workers_and_chunks():
    a = mjpy.random.deal(30_000, "standard", seed=9, workers=1)
    assert np.array_equal(a, mjpy.random.deal(30_000, "standard", seed=9, workers=2))
    parts = [mjpy.random.deal(n, "standard", seed=9, start=s, workers=2)
             for s, n in ((0, 7), (7, 12_000), (12_007, 17_993))]
    assert np.array_equal(a, np.concatenate(parts))
    w = mjpy.random.walls(1000, "standard", seed=9, workers=1)
    assert np.array_equal(w, mjpy.random.walls(1000, "standard", seed=9, workers=2))


@pytest.mark.parametrize("rules", ["sichuan", "guobiao"])
def test_tile_frequencies(rules):
    """Each of the K kinds is 1/K of the dealt tiles, and a dealt hand holds c copies of a kind with
    the hypergeometric probability: both within 5 standard deviations (the test can fail)."""
    n = 200_000
    h = mjpy.random.deal(n, rules, seed=2024)
    k = RULES[rules]
    freq = h[:, :k].sum(axis=0).astype(np.float64)
    total = 13 * n
    p = 1 / k
    sd = math.sqrt(total * p * (1 - p))   # multinomial per-kind sd (upper bound under dependence)
    assert np.abs(freq - total * p).max() < 5 * sd
    # copies of 1m per hand: hypergeometric (4 copies of 4k tiles, 13 drawn; flowers aside)
    tiles = 4 * k
    counts = np.bincount(h[:, 0], minlength=5)
    for c in range(5):
        pc = math.comb(4, c) * math.comb(tiles - 4, 13 - c) / math.comb(tiles, 13)
        exp = n * pc
        assert abs(counts[c] - exp) < 5 * math.sqrt(exp * (1 - pc)) + 1, (c, counts[c], exp)
    # chi-square over the kinds, 5 sd above its mean k - 1
    chi2 = (((freq - total * p) ** 2) / (total * p)).sum()
    assert chi2 < (k - 1) + 5 * math.sqrt(2 * (k - 1))


def test_first_position_uniform_over_the_wall():
    w = mjpy.random.walls(100_000, "sichuan", seed=1, length=1)[:, 0]
    counts = np.bincount(w, minlength=27)
    exp = 100_000 / 27
    chi2 = ((counts - exp) ** 2 / exp).sum()
    assert chi2 < 26 + 5 * math.sqrt(52)


def test_hand_size():
    h = mjpy.random.deal(100, "standard", seed=1, hand_size=16)
    assert (h.sum(1) == 16).all()
    assert mjpy.random.deal(0, "sichuan").shape == (0, 34)


def test_bad_input():
    e = expect_error(mjpy.random.deal, -1, "sichuan")
    assert "n must be >= 0" in str(e)
    e = expect_error(mjpy.random.deal, 10, "mars")
    assert "unknown rule set 'mars'" in str(e) and "sichuan" in str(e)
    assert isinstance(expect_error(mjpy.random.deal, 10, 5), TypeError)
    assert isinstance(expect_error(mjpy.random.deal, 1.5, "sichuan"), TypeError)
    assert isinstance(expect_error(mjpy.random.deal, 10, "sichuan", seed="x"), TypeError)
    assert "seed" in str(expect_error(mjpy.random.deal, 10, "sichuan", seed=-1))
    assert "hand_size" in str(expect_error(mjpy.random.deal, 10, "sichuan", hand_size=0))
    assert "hand_size" in str(expect_error(mjpy.random.deal, 10, "sichuan", hand_size=109))
    assert "length" in str(expect_error(mjpy.random.walls, 10, "sichuan", length=109))
    assert "workers" in str(expect_error(mjpy.random.deal, 10, "sichuan", workers=0))
