"""Guobiao fan calculator benchmarks: ``guobiao.score`` per hand against pymahjonggb's
``MahjongFanCalculator`` on the same hands in the same process (ratio in ``extra_info``), the
string-input path, and ``guobiao.score_batch`` with 1 and 2 workers.

``pytest bench/test_bench_guobiao.py --benchmark-enable`` times them (the table reads as time per
hand); without it (the project default ``--benchmark-disable``) a smoke test on a few hundred hands
that checks mjpy against the reference and the batch against the scalar call.

Hand set: the tests' seeded generator (``tests/guobiao_gen.py``, seed 77): concealed and melded
standard hands (uniform and biased toward high-fan shapes), seven pairs, 连七对, 十三幺, 全不靠 /
七星不靠, 组合龙, 九莲宝灯, random flags, winds and flowers. Each library gets its own input format
prepared in advance: pymahjonggb tuples of tile codes, mjpy a uint8 count array + list of Meld.
"""
from __future__ import annotations

import os
import sys
import time

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from guobiao_gen import CODES, hands as gen_hands, reference_score  # noqa: E402

from mjpy import Meld  # noqa: E402
from mjpy.notation import to_string  # noqa: E402
from mjpy.rules import guobiao as G  # noqa: E402

MahjongGB = pytest.importorskip("MahjongGB")

N_SCALAR = 20_000
SMOKE_SCALAR = 300
N_BATCH = 200_000
SMOKE_BATCH = 3000
KIND = {0: "chi", 1: "pon", 2: "minkan", 3: "ankan"}
_CACHE: dict = {}


def hand_set():
    if "set" not in _CACHE:
        hs = gen_hands(N_SCALAR, 77)
        ref, mine, strings = [], [], []
        for h in hs:
            c = list(h["counts"])
            c[h["win"]] -= 1
            ref.append(dict(
                pack=tuple(("CHI", CODES[t + 1], 1) if k == 0 else ("PENG", CODES[t], 1) if k == 1
                           else ("GANG", CODES[t], 1 if k == 2 else 0) for k, t in h["melds"]),
                hand=tuple(CODES[t] for t in range(34) for _ in range(c[t])), winTile=CODES[h["win"]],
                flowerCount=h["flowers"], isSelfDrawn=h["self_drawn"], is4thTile=h["fourth"],
                isAboutKong=h["kong"], isWallLast=h["last"], seatWind=h["seat"], prevalentWind=h["rnd"]))
            melds = [Meld("chi", [t, t + 1, t + 2]) if k == 0 else Meld(KIND[k], [t] * (3 if k == 1 else 4))
                     for k, t in h["melds"]]
            kw = dict(self_drawn=h["self_drawn"], fourth_tile=h["fourth"], kong_related=h["kong"],
                      last_tile=h["last"], seat_wind=h["seat"], round_wind=h["rnd"], flowers=h["flowers"])
            mine.append((np.array(h["counts"], np.uint8), melds, h["win"], kw))
            cw = list(h["counts"])
            cw[h["win"]] -= 1
            strings.append(("".join(str(m) for m in melds) + to_string(np.array(cw)) + CODES_MPSZ[h["win"]],
                            kw))
        n = len(hs)
        M = np.full((n, 8), -1, np.int8)
        for i, h in enumerate(hs):
            for j, (k, t) in enumerate(h["melds"]):
                M[i, 2 * j], M[i, 2 * j + 1] = k, t
        batch = (np.array([h["counts"] for h in hs], np.uint8), M, np.array([h["win"] for h in hs], np.int8),
                 np.array([h["self_drawn"] | h["fourth"] << 1 | h["kong"] << 2 | h["last"] << 3 for h in hs],
                          np.uint8),
                 np.array([h["seat"] for h in hs], np.int8), np.array([h["rnd"] for h in hs], np.int8),
                 np.array([h["flowers"] for h in hs], np.int8))
        _CACHE["set"] = hs, ref, mine, strings, batch
    return _CACHE["set"]


CODES_MPSZ = [f"{i}m" for i in range(1, 10)] + [f"{i}p" for i in range(1, 10)] + \
             [f"{i}s" for i in range(1, 10)] + [f"{i}z" for i in range(1, 8)]


def _per_hand(benchmark, n):
    stats = benchmark.stats.stats
    stats.data = [d / n for d in stats.data]
    for name in list(vars(stats)):
        if name != "data":
            del vars(stats)[name]
    return stats.min * 1e9


def _time_reference(ref, rounds):
    f = MahjongGB.MahjongFanCalculator
    best = 1e9
    for _ in range(rounds):
        t = time.perf_counter()
        for a in ref:
            f(**a)
        best = min(best, time.perf_counter() - t)
    return best / len(ref) * 1e9


def test_bench_guobiao_reference(benchmark):
    benchmark.group = "guobiao: one hand"
    enabled = not benchmark.disabled
    hs, ref, _, _, _ = hand_set()
    n = N_SCALAR if enabled else SMOKE_SCALAR
    f = MahjongGB.MahjongFanCalculator
    args = ref[:n]

    def loop():
        for a in args:
            f(**a)

    benchmark.pedantic(loop, rounds=5 if enabled else 1, warmup_rounds=1 if enabled else 0)
    if enabled:
        ns = _per_hand(benchmark, n)
        benchmark.extra_info.update(hands=n, ns_per_hand=round(ns), hands_per_s=round(1e9 / ns))


@pytest.mark.parametrize("input_kind", ["counts", "string"])
def test_bench_guobiao_score(benchmark, input_kind):
    benchmark.group = "guobiao: one hand"
    enabled = not benchmark.disabled
    hs, ref, mine, strings, _ = hand_set()
    n = N_SCALAR if enabled else SMOKE_SCALAR
    # each result is used (its total summed) and dropped, as the reference's results are: keeping
    # 20,000 result objects alive makes the garbage collector walk the whole hand set (2-3x noise)
    if input_kind == "counts":
        args = mine[:n]

        def loop():
            t = 0
            for c, m, w, kw in args:
                t += G.score(c, m, w, **kw).total
            return t
    else:
        args = strings[:n]

        def loop():
            t = 0
            for s, kw in args:
                t += G.score(s, **kw).total
            return t

    got = benchmark.pedantic(loop, rounds=5 if enabled else 1, warmup_rounds=1 if enabled else 0)
    assert got == sum(reference_score(h)[0] for h in hs[:n])
    for i in range(min(n, SMOKE_SCALAR)):
        c, m, w, kw = mine[i]
        r = G.score(c, m, w, **kw)
        assert (r.total, r.counts) == reference_score(hs[i])
    if enabled:
        ns = _per_hand(benchmark, n)
        ref_ns = _time_reference(ref[:n], 5)
        benchmark.extra_info.update(hands=n, ns_per_hand=round(ns), hands_per_s=round(1e9 / ns),
                                    pymahjonggb_ns_per_hand=round(ref_ns),
                                    mjpy_faster_by=round(ref_ns / ns, 2))


@pytest.mark.parametrize("workers", [1, 2])
def test_bench_guobiao_batch(benchmark, workers):
    benchmark.group = "guobiao: score_batch"
    enabled = not benchmark.disabled
    hs, _, mine, _, batch = hand_set()
    n = N_BATCH if enabled else SMOKE_BATCH
    reps = -(-n // len(hs))
    cols = [np.ascontiguousarray(np.concatenate([a] * reps)[:n]) for a in batch]
    got = benchmark.pedantic(G.score_batch, args=tuple(cols), kwargs=dict(workers=workers),
                             rounds=5 if enabled else 1, warmup_rounds=1 if enabled else 0)
    k = min(300, n)
    assert got[:k].tolist() == [G.score(c, m, w, **kw).total for c, m, w, kw in mine[:k]]
    if enabled:
        ns = _per_hand(benchmark, n)
        benchmark.extra_info.update(rows=n, ns_per_hand=round(ns), hands_per_s=round(1e9 / ns))
