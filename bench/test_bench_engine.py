"""Rule-engine benchmarks: ``score`` per hand, ``score_batch`` and ``waits`` per hand for the rule sets
on the engine (guangdong_tuidao, guangdong_jipinghu, qingyuan, tianjin), side by side with the plain
reference scorer of the tests (tests/reference_regional.py, the only other implementation there is).

``pytest bench/test_bench_engine.py --benchmark-enable`` times them; without it a smoke test on a few
hands checks the engine against the reference.

Hand set: the seeded cases of tests/regional_gen.py (complete hands of every motif with 0-4 jokers,
melds and flags; the cases whose options leave a needed value open are refused quickly and included).
"""
from __future__ import annotations

import os
import sys
from fractions import Fraction

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

import regional_gen as G  # noqa: E402
from test_engine_regional import engine_score, ref_score  # noqa: E402

RULES = ("guangdong_tuidao", "guangdong_jipinghu", "qingyuan", "tianjin")


def _cases(rule, n):
    out = []
    for c in G.cases(rule, 4 * n, seed=2026):
        try:
            ref_score(c)
            engine_score(c)
        except ValueError:
            continue                       # bad input by design (a 万 in 清远 ...): not a scoring benchmark
        out.append(c)
        if len(out) == n:
            break
    return out


def _run(benchmark, fn, cases, label):
    enabled = not benchmark.disabled
    if not enabled:
        fn(cases[:20])
        return
    benchmark.pedantic(fn, args=(cases,), rounds=3, iterations=1)
    per = min(benchmark.stats.stats.data) / len(cases)
    benchmark.extra_info.update(label=label, us_per_hand=round(per * 1e6, 1), hands_per_s=round(1 / per))


@pytest.mark.parametrize("rule", RULES)
def test_engine_score(benchmark, rule):
    cases = _cases(rule, 300)
    for c in cases[:30]:
        r, ref = engine_score(c), ref_score(c)
        assert r.is_win == ref.is_win and (not r.is_win or Fraction(r.total) == Fraction(ref.total))

    def loop(cs):
        for c in cs:
            engine_score(c)

    benchmark.group = f"score {rule}"
    _run(benchmark, loop, cases, "mjpy")


@pytest.mark.parametrize("rule", RULES)
def test_reference_score(benchmark, rule):
    cases = _cases(rule, 300)

    def loop(cs):
        for c in cs:
            ref_score(c)

    benchmark.group = f"score {rule}"
    _run(benchmark, loop, cases, "reference")


@pytest.mark.parametrize("rule", RULES)
def test_engine_waits(benchmark, rule):
    from test_engine_regional import joker_kw, meld_obj, ruleset

    cases = G.waiting_cases(rule, 100, seed=2026)

    def loop(cs):
        for c in cs:
            rs = ruleset(c)
            try:
                rs.waits(np.array(c.counts, np.uint8), [meld_obj(k, t) for k, t in c.melds], **joker_kw(c))
            except ValueError:
                pass

    benchmark.group = f"waits {rule}"
    _run(benchmark, loop, cases, "mjpy")
