"""Yangzhou 扬州, Inner Mongolia 内蒙 and Hebei 河北 benchmarks: ``score_batch`` per row (1 and 2 workers), ``score`` per hand beside the plain
reference of the tests (tests/reference_yangzhou.py, tests/reference_conditions.py).

``pytest bench/test_bench_yangzhou.py --benchmark-enable --benchmark-columns=min`` times them; without it each
test checks its calls on a few rows. Hand set: tests/test_yangzhou.py's seeded random hands (complete hands of
every motif, 0-2 碰 / 槓 melds, some 吃 and near misses), repeated to the row count.
"""
from __future__ import annotations

import os
import random
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import reference_conditions as C  # noqa: E402
import reference_yangzhou as Y  # noqa: E402
from test_yangzhou import meld_obj, random_hand  # noqa: E402
from mjpy import rules  # noqa: E402
from timing import per_hand, per_row, tile_rows  # noqa: E402

N_ROWS = 200_000


def _cases(n):
    rng = random.Random(2026)
    out = []
    for _ in range(n):
        c, m = random_hand(rng)
        out.append((c, m, next(t for t in range(34) if c[t])))
    return out


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("name", ["yangzhou", "neimenggu", "hebei", "bazhi"])
def test_score_batch(benchmark, name, workers):
    rs = rules.get(name, **({"qidui": 2} if name == "yangzhou" else {}))
    cases = _cases(2000)
    n = N_ROWS if not benchmark.disabled else 400
    h, w, m = tile_rows(cases, n)
    got = rs.score_batch(h[:400], w[:400], melds=m[:400])
    if name == "yangzhou":
        want = [(lambda v: v[1] if v[0] else -1)(Y.ref_yangzhou_score(c, ms, qidui=2)) for c, ms, _ in cases[:400]]
    else:
        ref = {"neimenggu": C.ref_neimenggu, "hebei": C.ref_hebei, "bazhi": C.ref_bazhi}[name]
        want = [0 if ref(c, ms)[0] else -1 for c, ms, _ in cases[:400]]
    assert got.tolist() == want
    benchmark.group = f"{name} score_batch"
    if benchmark.disabled:
        return
    per_row(benchmark, lambda: rs.score_batch(h, w, melds=m, workers=workers), n)


@pytest.mark.parametrize("impl", ["mjpy", "reference"])
@pytest.mark.parametrize("name", ["yangzhou", "neimenggu", "hebei", "bazhi"])
def test_score(benchmark, name, impl):
    rs = rules.get(name, **({"qidui": 2} if name == "yangzhou" else {}))
    ref = {"yangzhou": lambda c, ms: Y.ref_yangzhou_score(c, ms, qidui=2), "neimenggu": C.ref_neimenggu,
           "hebei": C.ref_hebei, "bazhi": C.ref_bazhi}[name]
    cases = _cases(500)
    rows = [(np.array(c, np.uint8), [meld_obj(k, t) for k, t in ms], w) for c, ms, w in cases]

    def engine(rs_rows):
        for h, ms, w in rs_rows:
            rs.score(h, ms, w)

    def reference(cs):
        for c, ms, _ in cs:
            ref(c, ms)

    benchmark.group = f"{name} score"
    if benchmark.disabled:
        engine(rows[:20])
        return
    per_hand(benchmark, *((engine, rows) if impl == "mjpy" else (reference, cases)))
