"""Sichuan benchmarks: ``best_fan_if_tenpai`` per hand (scalar), ``best_fan_if_tenpai_batch`` over a
million hands and ``score_batch`` over a million complete hands (1 and 2 workers).

``pytest bench/test_bench_sichuan.py --benchmark-enable`` times them (the table reads as time per
hand); without it (the project default ``--benchmark-disable``) a smoke test on a few thousand hands
that also checks the batch against the scalar function.

Hand set: deterministic (seed 2024) 13-tile Sichuan hands, half built tenpai (one tile removed from a
random complete one- or two-suit hand, a third with a 碰/杠), half random 13-tile draws from two
suits (mostly not tenpai), with random 定缺 (none or a suit absent from most hands).
"""
from __future__ import annotations

import numpy as np
import pytest

from mjpy import Meld
from mjpy.rules import sichuan as S

N_UNIQUE = 4000
N_BATCH = 1_000_000
SMOKE_BATCH = 4000
N_SCALAR = 4000
SMOKE_SCALAR = 300


def _tenpai_hand(rng):
    while True:
        suits = rng.choice(3, size=int(rng.integers(1, 3)), replace=False)
        kinds = [int(s) * 9 + r for s in suits for r in range(9)]
        c = np.zeros(34, np.int16)
        melds = np.zeros(34, np.int8)
        if rng.random() < 0.2:
            for k in rng.choice(kinds, size=7):
                c[k] += 2
        else:
            for _ in range(4):
                if rng.random() < 0.5:
                    k = int(rng.choice(kinds))
                    if rng.random() < 0.25 and not melds[k]:
                        melds[k] = 4 if rng.random() < 0.3 else 3
                    else:
                        c[k] += 3
                else:
                    s, r = int(rng.choice(suits)), int(rng.integers(0, 7))
                    c[s * 9 + r:s * 9 + r + 3] += 1
            c[int(rng.choice(kinds))] += 2
        if (c + melds).max() > 4:
            continue
        c[int(rng.choice(np.nonzero(c)[0]))] -= 1
        return c.astype(np.uint8), melds


def _random_hand(rng):
    suits = rng.choice(3, size=2, replace=False)
    wall = np.repeat([int(s) * 9 + r for s in suits for r in range(9)], 4)
    c = np.zeros(34, np.uint8)
    np.add.at(c, rng.choice(wall, size=13, replace=False), 1)
    return c, np.zeros(34, np.int8)


_CACHE = {}


def hand_set():
    """(hands (N_UNIQUE, 34) uint8, melds (N_UNIQUE, 34) int8, dingque (N_UNIQUE,) int8)."""
    if "set" not in _CACHE:
        rng = np.random.default_rng(2024)
        rows = [_tenpai_hand(rng) if i % 2 == 0 else _random_hand(rng) for i in range(N_UNIQUE)]
        hands = np.array([r[0] for r in rows])
        melds = np.array([r[1] for r in rows])
        dq = rng.integers(-1, 3, size=N_UNIQUE).astype(np.int8)
        _CACHE["set"] = hands, melds, dq
    return _CACHE["set"]


def _tile(a, n):
    reps = -(-n // len(a))
    return np.ascontiguousarray(np.concatenate([a] * reps)[:n])


def _meld_lists(melds):
    out = []
    for row in melds:
        ms = []
        for t in np.nonzero(row)[0]:
            ms.append(Meld("ankan" if row[t] == 4 else "pon", [int(t)] * int(row[t])))
        out.append(ms)
    return out


def _per_hand(benchmark, n):
    stats = benchmark.stats.stats
    stats.data = [d / n for d in stats.data]
    for name in list(vars(stats)):
        if name != "data":
            del vars(stats)[name]
    return stats.min * 1e9


def test_bench_best_fan_if_tenpai_scalar(benchmark):
    benchmark.group = "sichuan 查大叫: best_fan_if_tenpai"
    enabled = not benchmark.disabled
    hands, melds, dq = hand_set()
    n = N_SCALAR if enabled else SMOKE_SCALAR
    ml = _meld_lists(melds[:n])
    args = [(hands[i], ml[i], None if dq[i] < 0 else int(dq[i])) for i in range(n)]
    opts = S.SichuanOptions()

    def loop():
        return [S.best_fan_if_tenpai(h, m, dingque=d, options=opts) for h, m, d in args]

    got = benchmark.pedantic(loop, rounds=5 if enabled else 1, warmup_rounds=1 if enabled else 0)
    want = S.best_fan_if_tenpai_batch(hands[:n], melds[:n], dingque=dq[:n], options=opts)
    assert [-1 if x is None else x for x in got] == want.tolist()
    assert (want >= 0).mean() > 0.2
    if enabled:
        ns = _per_hand(benchmark, n)
        benchmark.extra_info.update(hands=n, ns_per_hand=round(ns), hands_per_s=round(1e9 / ns),
                                    tenpai_fraction=round(float((want >= 0).mean()), 3))


@pytest.mark.parametrize("workers", [1, 2])
def test_bench_best_fan_if_tenpai_batch(benchmark, workers):
    benchmark.group = "sichuan 查大叫: best_fan_if_tenpai_batch"
    enabled = not benchmark.disabled
    hands, melds, dq = hand_set()
    n = N_BATCH if enabled else SMOKE_BATCH
    H, M, D = _tile(hands, n), _tile(melds, n), _tile(dq, n)
    opts = S.SichuanOptions()
    got = benchmark.pedantic(S.best_fan_if_tenpai_batch, args=(H, M), kwargs=dict(dingque=D, options=opts,
                                                                                   workers=workers),
                             rounds=5 if enabled else 1, warmup_rounds=1 if enabled else 0)
    assert got.shape == (n,) and got.dtype == np.int16
    k = min(300, n)
    want = [S.best_fan_if_tenpai(H[i], _meld_lists(M[i:i + 1])[0], dingque=None if D[i] < 0 else int(D[i]),
                                 options=opts) for i in range(k)]
    assert got[:k].tolist() == [-1 if x is None else x for x in want]
    if enabled:
        ns = _per_hand(benchmark, n)
        benchmark.extra_info.update(hands=n, workers=workers, ns_per_hand=round(ns, 1),
                                    hands_per_s=round(1e9 / ns),
                                    tenpai_fraction=round(float((got >= 0).mean()), 3))


def complete_set():
    """(hands, melds, win tiles): every winning draw of the tenpai half of :func:`hand_set`."""
    if "complete" not in _CACHE:
        hands, melds, _ = hand_set()
        rows, ms, wins = [], [], []
        for h, m in zip(hands[::2], melds[::2]):
            for t in range(27):
                c = h.copy()
                c[t] += 1
                if (c.astype(np.int16) + m).max() <= 4:
                    rows.append(c)
                    ms.append(m)
                    wins.append(t)
        H, M, W = np.array(rows), np.array(ms), np.array(wins)
        keep = S.score_batch(H, W, melds=M) >= 0
        _CACHE["complete"] = H[keep], M[keep], W[keep]
    return _CACHE["complete"]


@pytest.mark.parametrize("workers", [1, 2])
def test_bench_score_batch(benchmark, workers):
    benchmark.group = "sichuan score_batch (complete hands)"
    enabled = not benchmark.disabled
    hands, melds, wins = complete_set()
    n = N_BATCH if enabled else SMOKE_BATCH
    H, M, W = _tile(hands, n), _tile(melds, n), _tile(wins, n)
    got = benchmark.pedantic(S.score_batch, args=(H, W), kwargs=dict(melds=M, self_drawn=True, workers=workers),
                             rounds=5 if enabled else 1, warmup_rounds=1 if enabled else 0)
    assert (got >= 1).all()
    for i in range(0, min(n, 3000), 10):
        ml = _meld_lists(M[i:i + 1])[0]
        assert got[i] == S.score(H[i], ml, win_tile=int(W[i]), self_drawn=True).total_fan
    if enabled:
        ns = _per_hand(benchmark, n)
        benchmark.extra_info.update(hands=n, workers=workers, ns_per_hand=round(ns, 1),
                                    hands_per_s=round(1e9 / ns))
