"""Timing helpers shared by the rule-set benchmarks (bench/test_bench_yangzhou.py, test_bench_changsha_kwx_tc.py):
one round is one call over ``n`` rows or hands, the best round divided by ``n`` goes to ``extra_info``."""
from __future__ import annotations


def per_row(benchmark, fn, n: int, rounds: int = 3) -> float:
    """Time ``fn()`` (one batch call on ``n`` rows); ``ns_per_row`` and ``rows_per_s`` in ``extra_info``."""
    benchmark.pedantic(fn, rounds=rounds, iterations=1)
    per = min(benchmark.stats.stats.data) / n
    benchmark.extra_info.update(ns_per_row=round(per * 1e9), rows_per_s=round(1 / per))
    return per


def per_hand(benchmark, fn, args, rounds: int = 3) -> float:
    """Time ``fn(args)`` (a loop over the hands ``args``); ``us_per_hand`` in ``extra_info``."""
    benchmark.pedantic(fn, args=(args,), rounds=rounds, iterations=1)
    per = min(benchmark.stats.stats.data) / len(args)
    benchmark.extra_info.update(us_per_hand=round(per * 1e6, 2))
    return per


def tile_rows(cases, n: int):
    """The batch arrays of ``cases`` ((counts, [(meld kind, lowest tile)], winning tile) each) repeated to ``n``
    rows: hands (n, 34) uint8, winning tiles (n,), melds as ``melds_array``'s (n, 4, 2)."""
    import numpy as np

    from mjpy import Meld
    from mjpy.rules.engine import melds_array

    def meld(k, t):
        return Meld(k, [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4))

    rep = -(-n // len(cases))
    h = np.tile(np.array([c for c, _, _ in cases], np.uint8), (rep, 1))[:n]
    w = np.tile(np.array([w for _, _, w in cases]), rep)[:n]
    m = np.tile(melds_array([[meld(k, t) for k, t in ms] for _, ms, _ in cases]), (rep, 1, 1))[:n]
    return h, w, m
