"""Scoped jokers: batch win check with 1-4 scoped jokers vs the plain joker win check on the same
hands (docs/scoped_jokers.md).

Every row is a complete hand dealt as sets + pair (at most four of a kind); k of its tiles become
jokers whose scope holds the tile (its suit, "number" or "any" for a numbered tile; wind / dragon,
"honor" or "any" for an honor), so every row is a win both ways. The plain row passes the same
real counts with ``jokers=k``. The "pung" rows turn k tiles of pungs into American pung jokers.

Run: pytest bench/test_bench_scoped.py --benchmark-enable --benchmark-group-by=group
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy

N = 100_000
SCOPES = ("any", "suit_m", "suit_p", "suit_s", "number", "honor", "wind", "dragon", "pung")


def _complete(rng: np.random.Generator) -> tuple[np.ndarray, list[int]]:
    """Counts of a complete 14-tile hand and the kinds of its pungs."""
    while True:
        c = np.zeros(34, np.int64)
        pungs = []
        for _ in range(4):
            if rng.random() < 0.6:
                s, r = rng.integers(0, 3), rng.integers(0, 7)
                c[9 * s + r: 9 * s + r + 3] += 1
            else:
                t = int(rng.integers(0, 34))
                c[t] += 3
                pungs.append(t)
        c[rng.integers(0, 34)] += 2
        if c.max() <= 4:
            return c, pungs


def scoped_hands(n: int, k: int, pung: bool = False, seed: int = 7, others: int = 0):
    """(counts (n, 34) uint8, jokers_by_scope {scope: int8[n]}): complete hands, k scoped jokers (``pung``: k
    pung jokers from the pungs, and ``others`` more jokers of a scope holding their tile)."""
    rng = np.random.default_rng(seed + 10 * k + int(pung) + 100 * others)
    out = np.zeros((n, 34), np.uint8)
    per = {s: np.zeros(n, np.int8) for s in SCOPES}
    i = 0
    while i < n:
        c, pungs = _complete(rng)
        if pung:
            if len(pungs) * 3 < k:
                continue
            slots = [t for t in pungs for _ in range(3)]
            for t in rng.choice(slots, k, replace=False):
                c[t] -= 1
            per["pung"][i] = k
        if not pung or others:
            tiles = np.repeat(np.arange(34), c)
            for t in rng.choice(tiles, others if pung else k, replace=False):
                t = int(t)
                c[t] -= 1
                if t < 27:
                    s = rng.choice([("suit_m", "suit_p", "suit_s")[t // 9], "number", "any"])
                else:
                    s = rng.choice(["wind" if t < 31 else "dragon", "honor", "any"])
                per[str(s)][i] += 1
        out[i] = c
        i += 1
    return out, {s: v for s, v in per.items() if v.any()}


def _per_hand(benchmark, n):
    benchmark.extra_info["hands"] = n


@pytest.fixture(scope="module", params=[1, 2, 3, 4], ids=lambda k: f"{k}j")
def hands(request):
    k = request.param
    return k, *scoped_hands(N, k)


def test_batch_is_win_plain(benchmark, hands):
    k, h, _ = hands
    benchmark.group = f"scoped: batch is_win {k}j"
    out = benchmark(mjpy.batch.is_win, h, jokers=k, workers=1)
    assert out.all()
    _per_hand(benchmark, len(h))


def test_batch_is_win_scoped(benchmark, hands):
    k, h, scopes = hands
    benchmark.group = f"scoped: batch is_win {k}j"
    out = benchmark(mjpy.batch.is_win, h, jokers_by_scope=scopes, workers=1)
    assert out.all()
    _per_hand(benchmark, len(h))


#: (pung jokers, other scoped jokers) of the American rows
PUNG = [(1, 0), (2, 0), (1, 1), (2, 2)]


@pytest.fixture(scope="module", params=PUNG, ids=lambda ko: f"{ko[0]}pung+{ko[1]}")
def pung_hands(request):
    k, others = request.param
    return k + others, *scoped_hands(N, k, pung=True, others=others)


def test_batch_is_win_pung(benchmark, pung_hands):
    k, h, scopes = pung_hands
    benchmark.group = f"scoped: batch is_win {scopes['pung'][0]} pung jokers, {k - scopes['pung'][0]} others"
    out = benchmark(mjpy.batch.is_win, h, jokers_by_scope=scopes, workers=1)
    assert out.all()
    _per_hand(benchmark, len(h))


def test_batch_is_win_pung_plain(benchmark, pung_hands):
    k, h, scopes = pung_hands
    benchmark.group = f"scoped: batch is_win {scopes['pung'][0]} pung jokers, {k - scopes['pung'][0]} others"
    out = benchmark(mjpy.batch.is_win, h, jokers=k, workers=1)
    assert out.all()
    _per_hand(benchmark, len(h))


def test_batch_is_win_pung_no_fifth(benchmark, pung_hands):
    """Without copies beyond the fourth the pung jokers go through the exact per-group program."""
    k, h, scopes = pung_hands
    benchmark.group = f"scoped: batch is_win {scopes['pung'][0]} pung jokers, {k - scopes['pung'][0]} others"
    h, scopes = h[:2000], {s: v[:2000] for s, v in scopes.items()}
    out = benchmark(mjpy.batch.is_win, h, jokers_by_scope=scopes, allow_fifth_copy=False, workers=1)
    assert out.all()
    _per_hand(benchmark, len(h))
