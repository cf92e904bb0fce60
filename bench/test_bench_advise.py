"""`mjpy.advise` (which discard: win probability per discard) and `mjpy.batch.advise`.

    pytest bench/test_bench_advise.py --benchmark-enable --benchmark-columns=min,mean,rounds

The hands: 14-tile deals from the rule set's wall (seed 11) at 1, 2 and 3 shanten under the rule set
(Sichuan: after 定缺, the suit with the fewest tiles), 17 turns, the full table (every
discard at the hand's lowest shanten solved; the curves by draw included). ``extra_info`` holds the time
per hand (the mean and the slowest hand of the set) and the hands per second.
"""
from __future__ import annotations

import time

import numpy as np
import pytest

import mjpy
from mjpy.advice import Position, advise, advise_batch

TURNS = 17


def rule_shanten(h, rules: str) -> int:
    """The shanten of a 14-tile hand under the rule set (its forms, jokers, 定缺): the best discard's."""
    pos = Position(h, rules)
    return min(pos.graph.node_distance(n) for _, n in pos.roots) - 1


def _hands(shanten: int, n: int, rules: str = "standard", seed: int = 11) -> np.ndarray:
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(27 if rules == "sichuan_fan" else 34), 4)
    out = []
    while len(out) < n:
        h = np.bincount(rng.permutation(wall)[:14], minlength=34).astype(np.uint8)
        if rule_shanten(h, rules) == shanten:
            out.append(h)
    return np.array(out)


RULES = {"standard": {}, "guobiao": {}, "sichuan_fan": {}}
SIZES = {1: 40, 2: 20, 3: 6}


@pytest.mark.parametrize("rules", list(RULES))
@pytest.mark.parametrize("shanten", [1, 2, 3])
def test_advise_table(benchmark, rules, shanten):
    hands = _hands(shanten, SIZES[shanten], rules)
    slowest = [0.0]

    def run():
        for h in hands:
            t = time.perf_counter()
            advise(h, rules=rules, turns=TURNS, **RULES[rules])
            slowest[0] = max(slowest[0], time.perf_counter() - t)

    benchmark.pedantic(run, rounds=3, iterations=1)
    per = min(benchmark.stats.stats.data) / len(hands)
    benchmark.extra_info.update(ms_per_hand=round(per * 1e3, 3), slowest_ms=round(slowest[0] * 1e3, 2),
                                hands_per_s=round(1 / per))


@pytest.mark.parametrize("shanten", [1, 2])
def test_advise_keep_shanten(benchmark, shanten):
    hands = _hands(shanten, SIZES[shanten])

    def run():
        for h in hands:
            advise(h, turns=TURNS, keep_shanten=True)

    benchmark.pedantic(run, rounds=3, iterations=1)
    per = min(benchmark.stats.stats.data) / len(hands)
    benchmark.extra_info.update(ms_per_hand=round(per * 1e3, 3), hands_per_s=round(1 / per))


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("rules", ["standard", "guobiao"])
def test_advise_batch(benchmark, rules, workers):
    deals = mjpy.random.deal(120_000, rules="standard", seed=12, hand_size=14)
    hands = deals[mjpy.batch.shanten(deals) == 1][:20_000]
    advise_batch(hands[:200], rules=rules, turns=TURNS, workers=workers)      # the pool starts here

    def run():
        advise_batch(hands, rules=rules, turns=TURNS, workers=workers)

    benchmark.pedantic(run, rounds=3, iterations=1)
    per = min(benchmark.stats.stats.data) / len(hands)
    benchmark.extra_info.update(ms_per_hand=round(per * 1e3, 3), hands_per_s=round(1 / per))


# The only other implementation of this model: the plain reference of the tests (tests/reference_advise.py:
# memoised recursion over (hand, draws done) in Python, the plain shanten of tests/reference.py). Side by side
# on the same 1-shanten hands, the full table (every discard at the lowest shanten), 17 turns.
@pytest.mark.parametrize("impl", ["mjpy", "reference"])
def test_advise_vs_reference(benchmark, impl):
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))
    from reference_advise import clear_memo, ref_advise

    hands = _hands(1, 5, seed=13)
    texts = [mjpy.to_string(h) for h in hands]

    def run_mjpy():
        return [advise(t, turns=TURNS) for t in texts]

    def run_ref():
        clear_memo()
        return [ref_advise(t, "standard", turns=TURNS, shanten_down=False) for t in texts]

    fn = run_mjpy if impl == "mjpy" else run_ref
    benchmark.pedantic(fn, rounds=3 if impl == "mjpy" else 1, iterations=1)
    per = min(benchmark.stats.stats.data) / len(hands)
    benchmark.extra_info.update(ms_per_hand=round(per * 1e3, 3), hands_per_s=round(1 / per, 2))
    # the same answers
    fast, ref = run_mjpy(), run_ref()
    for a, r in zip(fast, ref):
        for row in a:
            if row.value == row.value:          # the solved rows (the lowest shanten)
                assert abs(row.value - r[row.discard][0]) < 1e-9
