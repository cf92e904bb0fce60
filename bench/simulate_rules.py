"""``mjpy.simulate`` of every rule set playing a 136-tile wall, against the ``standard`` rule (deals per second).

Issue 11: the simulation of a 136-tile rule set stays within 20 % of the ``standard`` rule's deals per second.
Each rule set plays ``N`` deals (deal, the solo loop of 18 draws, the fan column where the rule set has one),
one worker, in rounds that alternate with ``standard`` (the host's speed drifts); the best round of each is
kept, and the ratio is to the ``standard`` runs beside it. Rule sets that need values the sources leave open
take the tests' choices (``REQUIRED`` of tests/test_simulate_rules.py); the joker rule sets play with their
jokers (翻鬼 for 推倒胡):

    python bench/simulate_rules.py             # every 136-tile rule set, 50,000 deals, 3 rounds
    python bench/simulate_rules.py tianjin     # one of them
    python bench/simulate_rules.py --deals 20000 --rounds 5
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import mjpy
from mjpy import rules
from mjpy.rules import registry

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from test_simulate_rules import REQUIRED  # noqa: E402

#: the options each rule set plays with: the values it cannot play without, and 推倒胡 with its flipped 鬼
OPTIONS = {**REQUIRED, "guangdong_tuidao": {"gui": "fan"}}


def rule_sets_of_136() -> list:
    """The mahjong rule sets of the registry whose wall holds 136 tiles."""
    rows = (registry.info(name) for name in rules.names())
    return [r.name for r in rows if r.game == "mahjong" and 4 * r.n_kinds + r.n_flowers == 136]


def deals_per_s(name: str, n: int) -> float:
    t = time.perf_counter()
    r = mjpy.simulate(name, deals=n, seed=7, workers=1, rule_options=OPTIONS.get(name))
    dt = time.perf_counter() - t
    assert len(r) == n
    return n / dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("names", nargs="*")
    ap.add_argument("--deals", type=int, default=50_000)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    names = [x for x in (a.names or rule_sets_of_136()) if x != "standard"]
    for x in ["standard", *names]:                       # warm each rule set's tables and modules
        deals_per_s(x, 1000)
    best, paired = {x: 0.0 for x in names}, {x: 0.0 for x in names}
    for _ in range(a.rounds):
        for x in names:                                  # each rule set beside its own standard runs
            paired[x] = max(paired[x], deals_per_s("standard", a.deals))
            best[x] = max(best[x], deals_per_s(x, a.deals))
    print(f"{a.deals:,} deals, one worker, best of {a.rounds} rounds, each rule set alternating with standard")
    print("| rule set | options | deals/s | standard beside it | ratio |")
    print("|---|---|--:|--:|--:|")
    for x in names:
        opts = OPTIONS.get(x)
        shown = "" if not opts else f"{len(opts)} values given" if len(opts) > 2 else ", ".join(
            f"{k}={v}" for k, v in opts.items())
        print(f"| {x} | {shown} | {best[x]:,.0f} | {paired[x]:,.0f} | {best[x] / paired[x]:.2f} |")


if __name__ == "__main__":
    main()
