"""Daye 字牌 benchmarks: ``classify_batch`` and ``score_batch`` per row, ``score`` per hand, ``deal_batch`` per deal.

``pytest bench/test_bench_zipai.py --benchmark-enable --benchmark-columns=min`` times them; without it each test
checks its call on a few rows against the scalar :func:`classify` / the plain sum of tests/test_zipai.py. Rows:
seeded 胡 0-59 with a 坎 half of the time; hands: test_zipai.py's seeded random group lists (1-6 groups of every
kind, some loose cards).
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from test_zipai import HU_OPTIONS, plain_hu, random_hand  # noqa: E402
from mjpy import rules  # noqa: E402
from mjpy.rules import daye_zipai as zp  # noqa: E402

N_ROWS = 2_000_000
VALUES = {**{k: 3 + i % 5 for i, k in enumerate(HU_OPTIONS)}, "piaohu": 2}


def _rows(n):
    rng = np.random.default_rng(2026)
    return rng.integers(0, 60, n).astype(np.int64), rng.random(n) < 0.5


def _per(benchmark, n, key="ns_per_row"):
    per = min(benchmark.stats.stats.data) / n
    benchmark.extra_info.update(**{key: round(per * 1e9, 2)}, rows_per_s=round(1 / per))


@pytest.mark.parametrize("what", ["classify_batch", "score_batch"])
def test_batch(benchmark, what):
    rs = rules.get("daye_zipai", **VALUES)
    n = N_ROWS if not benchmark.disabled else 2000
    hu, kan = _rows(n)
    if what == "classify_batch":
        fn = lambda: zp.classify_batch(hu, kan, piaohu=2)  # noqa: E731
    else:
        fn = lambda: rs.score_batch(hu, kan)  # noqa: E731
    got = fn()
    codes = got[0] if what == "classify_batch" else got
    want = [zp.classify(int(h), bool(k), piaohu=2) for h, k in zip(hu[:500], kan[:500])]
    assert codes[:500].tolist() == ([w.code for w in want] if what == "classify_batch" else
                                    [w.multiplier if w.code else -1 for w in want])
    benchmark.group = f"daye_zipai {what}"
    if benchmark.disabled:
        return
    benchmark.pedantic(fn, rounds=5, iterations=1)
    _per(benchmark, n)


def test_score(benchmark):
    rs = rules.get("daye_zipai", **VALUES)
    rng = np.random.default_rng(7)
    hands = [random_hand(rng) for _ in range(2000)]
    for loose, groups in hands[:50]:
        assert rs.score(loose, groups).detail["hu_points"] == plain_hu(groups, VALUES)
    benchmark.group = "daye_zipai score"
    if benchmark.disabled:
        return

    def run():
        for loose, groups in hands:
            rs.score(loose, groups)

    benchmark.pedantic(run, rounds=3, iterations=1)
    per = min(benchmark.stats.stats.data) / len(hands)
    benchmark.extra_info.update(us_per_hand=round(per * 1e6, 2))


def test_deal_batch(benchmark):
    n = 200_000 if not benchmark.disabled else 100
    h, left = zp.deal_batch(n, seed=1)
    assert (h.sum(2) == [21, 20, 20]).all() and (left.sum(1) == 19).all()
    benchmark.group = "daye_zipai deal_batch"
    if benchmark.disabled:
        return
    benchmark.pedantic(lambda: zp.deal_batch(n, seed=1), rounds=3, iterations=1)
    _per(benchmark, n, "ns_per_deal")
