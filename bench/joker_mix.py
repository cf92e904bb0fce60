"""``score_batch`` per row on distinct hands whose joker count follows the wall, for the joker rule sets.

A dealt hand of n tiles (14; 17 in 16-tile play) holds k of the K live jokers among the U unseen tiles (the wall
but the flipped tile) with the hypergeometric probability C(K, k) C(U - K, n - k) / C(U, n) (翻鬼: K = 4; Tianjin's
混: K = 7; Hangzhou 财神 白, Wenzhou 財神 白, Fuzhou 金 白: K = 4). This generates winning hands with
tests/regional_gen.py (the configuration of bench/test_bench_engine.py's batch, fixed seed), keeps distinct rows
only, draws 20,000 of them with that distribution (each row once: a batch of real hands rarely repeats one, and a
repeated hand finds the evaluation memo and the branch predictor warm) and times ``score_batch`` on 1 and 2
workers (best of 5).

``even``: the same on 20,000 distinct rows whose joker counts 0-4 come alike (the even mix of
bench/test_bench_engine.py, whose 20,000 rows repeat 400 seeded cases: a few dozen distinct hands per joker
count), one worker, with the figure per joker count.

``waits``: ``waits`` per waiting hand, one bound rule set (the batch configuration above: every value its table
reads given, as a server runs it), on 2,000 distinct waiting hands of tests/regional_gen.py (fixed seed) whose
joker counts (0-3) follow the same law for a dealt hand of 13 tiles (16 in 16-tile play); best of 7, in a
shuffled order, and per joker count:

    python bench/joker_mix.py            # guangdong_tuidao 翻鬼, tianjin, hangzhou, wenzhou, fuzhou
    python bench/joker_mix.py tianjin    # one of them
    python bench/joker_mix.py even       # the even mix of 0-4 jokers on distinct rows (or: even tianjin)
    python bench/joker_mix.py waits      # waits as dealt, every joker rule set (or: waits tianjin)
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


def distinct_rows(rule: str, config: int, live: int, n_rows: int = N, seed: int = 7, even: bool = False):
    """(rule set, hands, wins, melds, self_drawn, kwargs) of ``n_rows`` distinct winning rows of one batch
    configuration, their joker counts drawn as dealt (the hypergeometric law above) or, ``even``, 0-4 alike."""
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
            p = np.full(5, 0.2) if even else dealt_law(rs, live, rs.hand_size + 1, 4)
            rng = np.random.default_rng(seed)
            want = np.bincount(rng.choice(5, size=n_rows, p=p), minlength=5)
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


def dealt_law(rs, live: int, n: int, most: int) -> np.ndarray:
    """P(k jokers), k = 0..most, in a dealt hand of ``n`` tiles of the rule set ``rs`` (renormalised)."""
    unseen = rs.tiles - 1
    p = np.array([comb(live, k) * comb(unseen - live, n - k) / comb(unseen, n) for k in range(most + 1)])
    return p / p.sum()


def waiting_hands(rule: str, config: int, want, name: str):
    """(rule set, joker kwargs, pools): ``want[k]`` distinct waiting hands holding ``k`` jokers for each ``k``
    (count array, ``Meld`` list), drawn by tests/regional_gen.py with the batch configuration's jokers from the
    seed ``name``."""
    import random

    import regional_gen as G
    from mjpy import rules
    from test_engine_regional import meld_obj

    opts, jk, ind = G.BATCH_CONFIGS[rule][config]
    rs, kw = rules.get(rule, **opts), {"joker_tiles": list(jk)}
    pools, seen, gen = [[] for _ in want], set(), random.Random(name)
    while any(len(pools[k]) < want[k] for k in range(len(want))):
        c = G.make_case(rule, gen, options=opts, jokers=(jk, ind), max_jokers=len(want) - 1, waiting=True,
                        outside=False)
        key = (tuple(c.counts), tuple(c.melds))
        k = int(sum(c.counts[j] for j in jk))
        if key not in seen and len(pools[k]) < want[k]:
            seen.add(key)
            pools[k].append((np.array(c.counts, np.uint8), [meld_obj(m, t) for m, t in c.melds]))
    return rs, kw, pools


def run_waits(rule: str, config: int, live: int, n_hands: int = 2000, seed: int = 2026) -> None:
    import regional_gen as G
    from mass_report import best_of
    from mjpy import rules

    rs0 = rules.get(rule, **G.BATCH_CONFIGS[rule][config][0])
    law = dealt_law(rs0, live, rs0.hand_size, 3)
    rng = np.random.default_rng(seed)
    want = np.bincount(rng.choice(4, size=n_hands, p=law), minlength=4)
    rs, kw, pools = waiting_hands(rule, config, want, f"joker-mix-waits/{rule}/{seed}")
    assert not rs.compiled.option_names, (rule, rs.compiled.option_names)     # (every value given)

    def timed(hands):
        def loop():
            for counts, melds in hands:
                rs.waits(counts, melds, **kw)
        return best_of(loop, 7) / len(hands) * 1e6
    rows = [r for p in pools for r in p]
    order = rng.permutation(len(rows))
    by_k = " / ".join(f"{timed(p):.1f}" for p in pools if p)
    print(f"{rule}: {len(rows)} distinct waiting hands, by jokers {[len(p) for p in pools]}: "
          f"{timed([rows[i] for i in order]):.1f} us per hand (by jokers held: {by_k})")


def run_even(rule: str, config: int, live: int) -> None:
    rs, h, w, m, s, kw = distinct_rows(rule, config, live, even=True)
    nj = h[:, kw["joker_tiles"]].sum(1)

    def timed(sel):
        best = float("inf")
        for _ in range(5):
            t = time.perf_counter()
            rs.score_batch(h[sel], w[sel], melds=m[sel], self_drawn=s[sel], workers=1, **kw)
            best = min(best, time.perf_counter() - t)
        return best / int(np.count_nonzero(sel)) * 1e6
    by_k = " / ".join(f"{timed(nj == k):.2f}" for k in range(5))
    print(f"{rule}: {len(h)} distinct rows, by jokers {np.bincount(nj, minlength=5).tolist()}, 1 worker: "
          f"{timed(nj >= 0):.2f} us per row (by jokers held: {by_k})")


if __name__ == "__main__":
    args = sys.argv[1:]
    mode = next((a for a in args if a in ("waits", "even")), None)
    names = [a for a in args if a not in ("waits", "even")]
    for rule, config, live in MIXES:
        if not names or rule in names:
            {"waits": run_waits, "even": run_even}.get(mode, run)(rule, config, live)
