"""``score_batch`` per row on hands whose joker count follows the wall, for the joker rule sets.

The seeded batch hands of bench/test_bench_engine.py hold 0-4 jokers in even measure (mean 1.4-1.7); a dealt
hand of n tiles (14; 17 in 16-tile play) holds k of the K live jokers among the U unseen tiles (the wall but
the flipped tile) with the hypergeometric probability C(K, k) C(U - K, n - k) / C(U, n) (翻鬼: K = 4; Tianjin's
混: K = 7; Hangzhou 财神 白, Wenzhou 財神 白, Fuzhou 金 白: K = 4). This draws 100,000 rows of those hands with that
distribution (fixed seed) and times ``score_batch`` on 1 and 2 workers (best of 3):

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
N = 100_000


def run(rule: str, config: int, live: int) -> None:
    import test_bench_engine as B

    rs, hands, wins, melds, sd, kw = B._bound_batch(rule, config, 4000)
    nj = hands[:, kw["joker_tiles"]].sum(1)
    n, unseen = rs.hand_size + 1, rs.tiles - 1
    p = np.array([comb(live, k) * comb(unseen - live, n - k) / comb(unseen, n) for k in range(5)])
    rng = np.random.default_rng(7)
    want = rng.choice(5, size=N, p=p / p.sum())
    idx = np.empty(N, np.int64)
    for k in range(5):
        sel = want == k
        idx[sel] = rng.choice(np.flatnonzero(nj == k), size=int(sel.sum()))
    h, w, m, s = hands[idx], wins[idx], melds[idx], sd[idx]
    counts = np.bincount(h[:, kw["joker_tiles"]].sum(1), minlength=5).tolist()
    for workers in (1, 2):
        best = float("inf")
        for _ in range(3):
            t = time.perf_counter()
            rs.score_batch(h, w, melds=m, self_drawn=s, workers=workers, **kw)
            best = min(best, time.perf_counter() - t)
        print(f"{rule}: rows by jokers {counts}, {workers} worker(s): {best / N * 1e6:.2f} us per row")


if __name__ == "__main__":
    for mix in MIXES:
        if len(sys.argv) < 2 or mix[0] in sys.argv[1:]:
            run(*mix)
