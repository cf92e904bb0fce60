"""``score_batch`` per row on distinct hands whose joker count follows the wall, for the joker rule sets.

A dealt hand of n tiles (14; 17 in 16-tile play) holds k of the K live jokers among the U unseen tiles (the wall
but the flipped tile) with the hypergeometric probability C(K, k) C(U - K, n - k) / C(U, n) (翻鬼: K = 4; Tianjin's
混: K = 7; Hangzhou 财神 白, Wenzhou 財神 白, Fuzhou 金 白: K = 4). This generates winning hands with
tests/regional_gen.py (the configuration of bench/test_bench_engine.py's batch, fixed seed), keeps distinct rows
only, draws 20,000 of them with that distribution (each row once: a batch of real hands rarely repeats one, and a
repeated hand finds the evaluation memo and the branch predictor warm) and times ``score_batch`` on 1 and 2
workers (best of 5):

    python bench/joker_mix.py            # guangdong_tuidao 翻鬼, tianjin, hangzhou, wenzhou, fuzhou
    python bench/joker_mix.py tianjin    # one of them
"""
from __future__ import annotations

import os
import sys
import time
from math import comb

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

#: (rule set, batch configuration of tests/regional_gen.py BATCH_CONFIGS, live jokers in the wall)
MIXES = (("guangdong_tuidao", 2, 4), ("tianjin", 0, 7), ("hangzhou", 0, 4), ("wenzhou", 0, 4), ("fuzhou", 0, 4))
N = 20_000


def distinct_rows(rule: str, config: int, live: int, n_rows: int = N, seed: int = 7):
    """(rule set, hands, wins, melds, self_drawn, kwargs) of ``n_rows`` distinct winning rows of one batch
    configuration, their joker counts drawn as dealt (the hypergeometric law above)."""
    import regional_gen as G
    from mjpy import rules
    from mjpy.rules.engine import melds_array
    from test_engine_regional import meld_obj

    p = None
    seen, pools, batch = set(), [[] for _ in range(5)], 0
    while True:                                             # cases in batches until each joker count has its rows
        opts, jk, _, cs = G.batch_cases(rule, 5000, f"{seed}/{batch}")[config]
        batch += 1
        if p is None:
            rs = rules.get(rule, **opts)
            n, unseen = rs.hand_size + 1, rs.tiles - 1
            p = np.array([comb(live, k) * comb(unseen - live, n - k) / comb(unseen, n) for k in range(5)])
            rng = np.random.default_rng(seed)
            want = np.bincount(rng.choice(5, size=n_rows, p=p / p.sum()), minlength=5)
        for c in cs:
            key = (tuple(c.counts), c.win, tuple(c.melds), bool(c.flags.get("self_drawn")))
            if key not in seen:
                seen.add(key)
                pools[sum(c.counts[j] for j in jk)].append(c)
        if all(len(pools[k]) >= want[k] for k in range(5)):
            break
    rows = [pools[k][i] for k in range(5) for i in rng.choice(len(pools[k]), size=int(want[k]), replace=False)]
    rng.shuffle(rows)
    hands = np.array([c.counts for c in rows], np.uint8)
    wins = np.array([c.win for c in rows])
    melds = melds_array([[meld_obj(k, t) for k, t in c.melds] for c in rows], 5 if rs.hand_size == 16 else 4)
    sd = np.array([bool(c.flags.get("self_drawn")) for c in rows])
    return rs, hands, wins, melds, sd, {"joker_tiles": list(jk)}


def run(rule: str, config: int, live: int) -> None:
    rs, h, w, m, s, kw = distinct_rows(rule, config, live)
    counts = np.bincount(h[:, kw["joker_tiles"]].sum(1), minlength=5).tolist()
    for workers in (1, 2):
        best = float("inf")
        for _ in range(5):
            t = time.perf_counter()
            rs.score_batch(h, w, melds=m, self_drawn=s, workers=workers, **kw)
            best = min(best, time.perf_counter() - t)
        print(f"{rule}: {len(h)} distinct rows, by jokers {counts}, {workers} worker(s): {best / len(h) * 1e6:.2f} us per row")


if __name__ == "__main__":
    for mix in MIXES:
        if len(sys.argv) < 2 or mix[0] in sys.argv[1:]:
            run(*mix)
