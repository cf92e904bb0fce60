"""Changsha 长沙, 卡五星 and 通称 benchmarks: ``score_batch`` per row (1 and 2 workers), ``score`` per hand beside the
plain references of the tests (tests/reference_changsha.py, reference_kawuxing.py, reference_tongcheng.py),
起手小和 in batch, and the 寶牌 add-on's cost in ``score_batch``.

``pytest bench/test_bench_changsha_kwx_tc.py --benchmark-enable --benchmark-columns=min`` times them; without it
each test checks its calls on a few rows. Hand set: each reference's seeded ``random_hand`` (complete hands of the
patterns that matter, melds, near misses and junk), repeated to the row count.
"""
from __future__ import annotations

import os
import random
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import reference_changsha as RC  # noqa: E402
import reference_kawuxing as RK  # noqa: E402
import reference_tongcheng as RT  # noqa: E402
from mjpy import Meld, rules  # noqa: E402
from timing import per_hand, per_row, tile_rows  # noqa: E402
from mjpy.random import deal  # noqa: E402
from mjpy.rules.changsha import qishou_xiaohu_batch  # noqa: E402

N_ROWS = 200_000
REF = {"changsha": (RC, RC.ref_changsha_score, dict(xiaohu=1, dahu=6)),
       "kawuxing": (RK, RK.ref_kawuxing_score, dict(qiangganghu=2)),
       "tongcheng": (RT, RT.ref_tongcheng_score, dict(duanyao=1, wujiang=1, quezi=1, menqing=1, dandiao=1,
                                                       quanfeng=1, quanyaojiu=1))}


def meld_obj(k, t):
    return Meld(k, [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4))


def _cases(name, n):
    rng = random.Random(2026)
    mod = REF[name][0]
    return [mod.random_hand(rng) for _ in range(n)]


def _rows(name, n_cases, n):
    cases = _cases(name, n_cases)
    return (cases,) + tile_rows(cases, n)


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("name", ["changsha", "kawuxing", "tongcheng"])
def test_score_batch(benchmark, name, workers):
    _, ref, opts = REF[name]
    rs = rules.get(name, **opts)
    n = N_ROWS if not benchmark.disabled else 400
    cases, h, w, m = _rows(name, 2000, n)
    got = rs.score_batch(h[:400], w[:400], melds=m[:400])
    want = [(lambda v: v[0] if isinstance(v, tuple) else -1)(ref(c, ms, wt, {}, **opts)) for c, ms, wt in cases[:400]]
    assert got.tolist() == want
    benchmark.group = f"{name} score_batch"
    if benchmark.disabled:
        return
    per_row(benchmark, lambda: rs.score_batch(h, w, melds=m, workers=workers), n)


@pytest.mark.parametrize("impl", ["mjpy", "reference"])
@pytest.mark.parametrize("name", ["changsha", "kawuxing", "tongcheng"])
def test_score(benchmark, name, impl):
    _, ref, opts = REF[name]
    rs = rules.get(name, **opts)
    cases = _cases(name, 500)
    rows = [(np.array(c, np.uint8), [meld_obj(k, t) for k, t in ms], w) for c, ms, w in cases]

    def engine(rs_rows):
        for h, ms, w in rs_rows:
            rs.score(h, ms, w)

    def reference(cs):
        for c, ms, w in cs:
            ref(c, ms, w, {}, **opts)

    benchmark.group = f"{name} score"
    if benchmark.disabled:
        engine(rows[:20])
        return
    per_hand(benchmark, *((engine, rows) if impl == "mjpy" else (reference, cases)))


def test_qishou_xiaohu_batch(benchmark):
    n = 1_000_000 if not benchmark.disabled else 1000
    hands = deal(n, "changsha", seed=3)
    codes = qishou_xiaohu_batch(hands)
    assert codes.shape == (n,)
    benchmark.group = "changsha qishou_xiaohu_batch"
    if benchmark.disabled:
        return
    per_row(benchmark, lambda: qishou_xiaohu_batch(hands), n)


@pytest.mark.parametrize("bonus", [False, True])
def test_baopai_batch_cost(benchmark, bonus):
    _, _, opts = REF["tongcheng"]
    rs = rules.get("tongcheng", baopai=True, **opts)
    n = N_ROWS if not benchmark.disabled else 400
    _, h, w, m = _rows("tongcheng", 2000, n)
    ind = np.random.default_rng(1).integers(0, 34, n)
    kw = {"bonus_indicator": ind} if bonus else {}
    rs.score_batch(h[:400], w[:400], melds=m[:400], **({"bonus_indicator": ind[:400]} if bonus else {}))
    benchmark.group = "tongcheng score_batch with 寶牌"
    if benchmark.disabled:
        return
    per_row(benchmark, lambda: rs.score_batch(h, w, melds=m, workers=1, **kw), n)
