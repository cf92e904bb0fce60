"""Xuzhou 徐州 and Fujian 福建 百搭 benchmarks: ``score_batch`` per row (Xuzhou: with the 夾 condition, and the
same engine program without it, so the price of 夾 shows), ``score`` and ``waits`` per hand, side by side with the
plain reference of the tests (tests/reference_xuzhou.py); Fujian's ``score_batch`` beside the kernel's plain joker
win check on the same rows (its work: one batch win check per reading of the 白板).

``pytest bench/test_bench_xuzhou.py --benchmark-enable --benchmark-columns=min`` times them; without it each test
checks its calls on a few rows.

Hand set: the seeded cases of tests/regional_gen_xuzhou.py (complete hands of every motif with 0-4 配兒, 0-2 白板
playing the 配兒 kind, 0-2 melds; a third of them no win), repeated to the row count.
"""
from __future__ import annotations

import dataclasses
import os
import random
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import reference_xuzhou as X  # noqa: E402
import regional_gen_xuzhou as G  # noqa: E402
from mjpy import Meld, rules  # noqa: E402
from mjpy.rules.engine import melds_array  # noqa: E402
from mjpy.rules.engine.compiled import compile_table  # noqa: E402

N_ROWS = 100_000


def _melds(ms):
    return [Meld(k, [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4)) for k, t in ms]


def _cases(n):
    return list(G.random_xuzhou_hands(random.Random(2026), n))


def _rows(cases, n):
    rep = -(-n // len(cases))
    h = np.tile(np.array([c[0] for c in cases], np.uint8), (rep, 1))[:n]
    w = np.tile(np.array([c[2] for c in cases]), rep)[:n]
    sd = np.tile(np.array([c[3] for c in cases]), rep)[:n]
    jt = [[c[4]] for c in cases] * rep
    m = np.tile(melds_array([_melds(c[1]) for c in cases]), (rep, 1, 1))[:n]
    return h, w, sd, jt[:n], m


def _without_jia():
    """The Xuzhou rule set with its engine program compiled from the same table less the 夾 condition."""
    rs = rules.get("xuzhou")
    table = rs.table
    plain = dataclasses.replace(table, wins=tuple(w for w in table.wins if "夾" not in w.reason))
    rs2 = rules.get("xuzhou")
    rs2.compiled = compile_table(plain, rs2.options, rs2._shape())
    return rs, rs2


def _per_row(benchmark, n):
    per = min(benchmark.stats.stats.data) / n
    benchmark.extra_info.update(ns_per_row=round(per * 1e9), rows_per_s=round(1 / per))


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("jia", ["with_jia", "without_jia"])
def test_xuzhou_score_batch(benchmark, jia, workers):
    """``score_batch`` per row; ``without_jia``: the same program with the 夾 win condition left out."""
    rs, rs2 = _without_jia()
    cases = _cases(2000)
    n = N_ROWS if not benchmark.disabled else 400
    h, w, sd, jt, m = _rows(cases, n)
    r = rs if jia == "with_jia" else rs2
    got = r.score_batch(h[:400], w[:400], melds=m[:400], self_drawn=sd[:400], joker_tiles=jt[:400])
    if jia == "with_jia":
        want = [X.ref_xuzhou_score(*c[:4], False, c[4])[1] or -1 for c in cases[:400]]
        assert got.tolist() == want
    else:                                   # without 夾: at least every win with it
        full = rs.score_batch(h[:400], w[:400], melds=m[:400], self_drawn=sd[:400], joker_tiles=jt[:400])
        assert ((got >= 1) | (full < 1)).all() and (got >= 1).sum() > (full >= 1).sum()
    benchmark.group = f"xuzhou score_batch, {workers} worker(s)"
    if benchmark.disabled:
        return
    benchmark.pedantic(lambda: r.score_batch(h, w, melds=m, self_drawn=sd, joker_tiles=jt, workers=workers),
                       rounds=3, iterations=1)
    _per_row(benchmark, n)


@pytest.mark.parametrize("impl", ["mjpy", "reference"])
def test_xuzhou_score(benchmark, impl):
    """``score`` of one hand (a count array, melds, the 配兒 named) against the plain reference."""
    rs = rules.get("xuzhou")
    cases = _cases(300)
    rows = [(np.array(c[0], np.uint8), _melds(c[1]), c[2], c[3], [c[4]]) for c in cases]
    for (h, m, w, sd, jt), c in zip(rows[:40], cases):
        r = rs.score(h, m, w, self_drawn=sd, joker_tiles=jt)
        assert (r.is_win, r.total if r.is_win else 0) == X.ref_xuzhou_score(*c[:4], False, c[4])[:2]

    def engine(rs_rows):
        for h, m, w, sd, jt in rs_rows:
            rs.score(h, m, w, self_drawn=sd, joker_tiles=jt)

    def reference(cs):
        for c in cs:
            X.ref_xuzhou_score(*c[:4], False, c[4])

    benchmark.group = "xuzhou score"
    if benchmark.disabled:
        return
    fn, args = (engine, rows) if impl == "mjpy" else (reference, cases)
    benchmark.pedantic(fn, args=(args,), rounds=3, iterations=1)
    _per_row(benchmark, len(args))


@pytest.mark.parametrize("impl", ["mjpy", "reference"])
def test_xuzhou_waits(benchmark, impl):
    """``waits`` of one 13-tile hand: the tiles that make a legal win (夾) and their results."""
    rs = rules.get("xuzhou")
    cases = list(G.random_xuzhou_waiting(random.Random(3), 150))
    for h, m, sd, f in cases[:20]:
        got = rs.waits(np.array(h, np.uint8), _melds(m), joker_tiles=[f], self_drawn=True)
        assert {X.tile(t) for t in got} == X.ref_xuzhou_waits(h, m, True, False, f)

    def engine(cs):
        for h, m, sd, f in cs:
            rs.waits(np.array(h, np.uint8), _melds(m), joker_tiles=[f], self_drawn=True)

    def reference(cs):
        for h, m, sd, f in cs:
            X.ref_xuzhou_waits(h, m, True, False, f)

    benchmark.group = "xuzhou waits"
    if benchmark.disabled:
        return
    benchmark.pedantic(engine if impl == "mjpy" else reference, args=(cases,), rounds=3, iterations=1)
    _per_row(benchmark, len(cases))


@pytest.mark.parametrize("impl", ["fujian", "kernel_is_win"])
def test_fujian_score_batch(benchmark, impl):
    """Fujian 活動百搭 ``score_batch`` (each row: the 百搭 out, 0 or 1 白板 as the flipped kind, the kernel's batch
    win check) beside one plain kernel batch win check with the same jokers."""
    from mjcore import batch as KB
    from mjpy import wildcards

    rs = rules.get("fujian", baida="huodong")
    rng = random.Random(8)
    cases = [c for c in (G.make_case(rng)[0] for _ in range(3000)) if not c[1]][:1000]
    n = N_ROWS if not benchmark.disabled else 400
    rep = -(-n // len(cases))
    h = np.tile(np.array([c[0] for c in cases], np.uint8), (rep, 1))[:n]
    ind = np.tile(np.array([c[4] for c in cases]), rep)[:n]        # 活動百搭: the flipped kind is the 百搭
    kinds = [rs.joker_kinds(int(i)) for i in ind[:len(cases)]]
    real = np.stack([wildcards.split_jokers(h[i], kinds[i % len(cases)])[0] for i in range(min(n, len(cases)))])
    k = np.array([int(h[i, list(kinds[i % len(cases)])].sum()) for i in range(len(real))])
    real = np.tile(real, (rep, 1))[:n]
    k = np.tile(k, rep)[:n]
    inds = [int(x) for x in ind]
    got = rs.score_batch(h[:400], indicator=inds[:400])
    plain = KB.is_win(real[:400], jokers=k[:400], forms=("standard",))
    assert ((got == 0) | ~plain).all()                  # a plain win is a Fujian win (no 白板 standing in)
    benchmark.group = "fujian score_batch"
    if benchmark.disabled:
        return
    if impl == "fujian":
        benchmark.pedantic(lambda: rs.score_batch(h, indicator=inds, workers=1), rounds=3, iterations=1)
    else:
        benchmark.pedantic(lambda: KB.is_win(real, jokers=k, forms=("standard",), workers=1), rounds=3, iterations=1)
    _per_row(benchmark, n)
