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

RULES = ("guangdong_tuidao", "guangdong_jipinghu", "qingyuan", "tianjin", "hangzhou", "wenzhou", "fuzhou")


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
    # the bound rule set, the count array and the Meld list of each hand built before the timing
    rows = [(ruleset(c), np.array(c.counts, np.uint8), [meld_obj(k, t) for k, t in c.melds], joker_kw(c))
            for c in cases]

    def loop(rs_rows):
        for rs, counts, melds, kw in rs_rows:
            try:
                rs.waits(counts, melds, **kw)
            except ValueError:
                pass

    benchmark.group = f"waits {rule}"
    _run(benchmark, loop, rows, "mjpy")


# -------------------------------------------------------------------- the compiled engine's calls
def _bound_batch(rule, config, n_rows):
    """(rule set, arrays, kwargs) of one regional_gen batch configuration tiled to ``n_rows`` rows."""
    from mjpy import rules
    from mjpy.rules.engine import melds_array
    from test_engine_regional import meld_obj

    opts, jk, ind, cs = G.batch_cases(rule, 400, 0)[config]
    rs = rules.get(rule, **opts)
    rep = -(-n_rows // len(cs))
    hands = np.tile(np.array([c.counts for c in cs], np.uint8), (rep, 1))[:n_rows]
    wins = np.tile(np.array([c.win for c in cs]), rep)[:n_rows]
    slots = 5 if rs.hand_size == 16 else 4                 # 16-tile play: five meld slots
    melds = np.tile(melds_array([[meld_obj(k, t) for k, t in c.melds] for c in cs], slots), (rep, 1, 1))[:n_rows]
    sd = np.tile(np.array([bool(c.flags.get("self_drawn")) for c in cs]), rep)[:n_rows]
    kw = {"joker_tiles": list(jk)} if jk else {}
    return rs, hands, wins, melds, sd, kw


#: (rule set, batch configuration of tests/regional_gen.py BATCH_CONFIGS): no jokers, then jokers
BATCH = [("guangdong_tuidao", 0), ("guangdong_jipinghu", 0), ("qingyuan", 0), ("guangdong_tuidao", 2),
         ("tianjin", 0), ("hangzhou", 0), ("wenzhou", 0), ("fuzhou", 0)]


@pytest.mark.parametrize("rule, config", BATCH, ids=[f"{r}-{c}" for r, c in BATCH])
@pytest.mark.parametrize("workers", [1, 2])
def test_engine_score_batch(benchmark, rule, config, workers):
    """``score_batch`` per row (hands, winning tiles, an (N, 4, 2) meld array, per-row self_drawn)."""
    n = 200_000 if rule not in ("tianjin", "hangzhou", "wenzhou", "fuzhou") else 20_000
    rs, hands, wins, melds, sd, kw = _bound_batch(rule, config, n if not benchmark.disabled else 400)
    one = rs.score_batch(hands[:400], wins[:400], melds=melds[:400], self_drawn=sd[:400], workers=1, **kw)
    assert one.tolist() == rs.score_batch(hands[:400], wins[:400], melds=melds[:400], self_drawn=sd[:400],
                                          workers=2, **kw).tolist()
    benchmark.group = f"score_batch {rule}-{config}"
    if benchmark.disabled:
        return
    benchmark.pedantic(lambda: rs.score_batch(hands, wins, melds=melds, self_drawn=sd, workers=workers, **kw),
                       rounds=3, iterations=1)
    per = min(benchmark.stats.stats.data) / len(hands)
    benchmark.extra_info.update(label=f"{workers} worker(s)", ns_per_hand=round(per * 1e9),
                                hands_per_s=round(1 / per))


@pytest.mark.parametrize("rule, config", BATCH, ids=[f"{r}-{c}" for r, c in BATCH])
def test_engine_score_counts(benchmark, rule, config):
    """``score`` of one hand from a count array with a bound rule set (the server's call)."""
    rs, hands, wins, melds, sd, kw = _bound_batch(rule, config, 400)
    from mjpy.rules.engine.scoring import TableRules
    rows = [(hands[i], TableRules._melds_of(rs, melds[i].reshape(-1)), int(wins[i]), bool(sd[i])) for i in range(400)]
    # the rows' scalar totals are the batch's
    want = rs.score_batch(hands, wins, melds=melds, self_drawn=sd, **kw).tolist()
    got = [(lambda r: r.total if r.is_win else -1)(rs.score(h, m, w, self_drawn=s, **kw)) for h, m, w, s in rows]
    assert got == want

    def loop(rs_rows):
        for h, m, w, s in rs_rows:
            rs.score(h, m, w, self_drawn=s, **kw)

    benchmark.group = f"score {rule}-{config}"
    _run(benchmark, loop, rows, "mjpy")


def _sichuan_batch(n):
    """The complete hands of bench/test_bench_sichuan.py, melds as Meld lists and as the engine's array."""
    import test_bench_sichuan as SB
    from mjpy.rules.engine import melds_array
    hands, melds34, wins = SB.complete_set()
    hands, melds34, wins = SB._tile(hands, n), SB._tile(melds34, n), SB._tile(wins, n)
    lists = SB._meld_lists(melds34)
    return hands, melds34, wins, melds_array(lists)


@pytest.mark.parametrize("impl", ["module", "engine"])
@pytest.mark.parametrize("workers", [1, 2])
def test_sichuan_score_batch_engine_vs_module(benchmark, impl, workers):
    """``sichuan_fan`` complete hands, both on the engine: the module's ``score_batch`` (its checks and
    its (N, 34) meld counts) and the rule set's (``rules.get("sichuan_fan")``, the engine's meld
    array) side by side; the answers are equal."""
    from mjpy.rules import sichuan
    from mjpy.rules.bindings import sichuan_on_engine
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    n = 200_000 if not benchmark.disabled else 2000
    hands, melds34, wins, codes = _sichuan_batch(n)
    rs = sichuan_on_engine("sichuan_fan")
    if impl == "module":
        def fn():
            return sichuan.score_batch(hands, wins, melds=melds34, self_drawn=True, workers=workers)
    else:
        def fn():
            return rs.score_batch(hands, wins, melds=codes, self_drawn=True, workers=workers)
    assert (fn()[:2000] == sichuan.score_batch(hands[:2000], wins[:2000], melds=melds34[:2000],
                                                self_drawn=True)).all()
    benchmark.group = "sichuan_fan score_batch: module vs engine"
    if benchmark.disabled:
        return
    benchmark.pedantic(fn, rounds=3, iterations=1)
    per = min(benchmark.stats.stats.data) / n
    benchmark.extra_info.update(label=f"{impl}, {workers} worker(s)", ns_per_hand=round(per * 1e9),
                                hands_per_s=round(1 / per))
