"""``score`` and ``waits`` of one hand by the jokers it holds, for the joker rule sets (µs per hand).

``score``: distinct winning rows of tests/regional_gen.py's batch configuration (bench/test_bench_engine.py's
``BATCH``; bench/joker_mix.py's ``distinct_rows``, 0-4 jokers alike) holding 0-4 jokers, up to 300 each, a
bound rule set, a count array, best of 5; ``score-read``:
the same with each result's ``fans`` read (which builds its fans, form, reading and detail). ``waits``: 400
waiting hands of ``regional_gen.waiting_cases`` (seed 2026) by the jokers held, best of 7; ``read``: the same
with every result's ``fans`` read. ``waits3``: ``waits`` and ``dajiao_batch`` (one worker) of 300 distinct waiting hands holding
exactly three jokers (and four) per rule set, its batch configuration's jokers (bench/joker_mix.py's ``MIXES``),
best of 7. ``plain``: ``score(counts, win_tile=..., self_drawn=True)`` of one plain
winning hand for rule sets without jokers, timeit, best of 7:

    python bench/joker_calls.py                 # the six tables, every joker rule set
    python bench/joker_calls.py waits tianjin   # one of them, one rule set

With ``PYTHONPATH`` set to the ``src`` of another build the same command times that version.
"""
from __future__ import annotations

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

from mass_report import best_of  # noqa: E402

#: (rule set, batch configuration of tests/regional_gen.py BATCH_CONFIGS)
RULES = (("guangdong_tuidao", 2), ("tianjin", 0), ("hangzhou", 0), ("wenzhou", 0), ("fuzhou", 0))


def score_row(rule: str, config: int, read: bool = False) -> str:
    import joker_mix as M
    from mjpy.rules.engine.scoring import TableRules

    live = {r: n for r, _, n in M.MIXES}[rule]
    rs, hands, wins, melds, sd, kw = M.distinct_rows(rule, config, live, n_rows=2500, even=True)
    nj = hands[:, list(rs._jokers_cached(kw)[0])].sum(1)
    out = []
    for k in range(5):
        sel = np.flatnonzero(nj == k)[:300]
        rows = [(hands[i], TableRules._melds_of(rs, melds[i].reshape(-1)), int(wins[i]), bool(sd[i])) for i in sel]
        rows = [r for r in rows if rs.score(r[0], r[1], r[2], self_drawn=r[3], **kw).is_win]
        if not rows:
            out.append("")
            continue

        def loop():
            for h, m, w, s in rows:
                r = rs.score(h, m, w, self_drawn=s, **kw)
                if read:
                    r.fans                      # noqa: B018
        out.append(f"{best_of(loop, 5) / len(rows) * 1e6:.1f}")
    return f"| {rule} | " + " | ".join(out) + " |"


def waits_row(rule: str, read: bool = False) -> str:
    import regional_gen as G
    from test_engine_regional import joker_kw, meld_obj, ruleset

    by = {}
    for c in G.waiting_cases(rule, 400, seed=2026):
        rs, counts, kw = ruleset(c), np.array(c.counts, np.uint8), joker_kw(c)
        jk = rs._jokers_cached(kw)[0] if kw or rs._default_jokers else ()
        by.setdefault(int(sum(counts[j] for j in jk)), []).append((rs, counts, [meld_obj(k, t) for k, t in c.melds], kw))
    out = []
    for k in range(3):
        rows = by.get(k, [])

        def loop():
            for rs, counts, melds, kw in rows:
                try:
                    w = rs.waits(counts, melds, **kw)
                except ValueError:             # a hand the rule set refuses (a value not given): timed as such
                    continue
                if read:
                    for r in w.values():
                        r.fans                  # noqa: B018
        out.append(f"{best_of(loop, 7) / len(rows) * 1e6:.1f}" if rows else "")
    return f"| {rule} | " + " | ".join(out) + " |"


def waits_jokers_row(rule: str, n_jokers: int, n: int = 300) -> str:
    import joker_mix as M

    config = {r: c for r, c, _ in M.MIXES}[rule]
    rs, kw, pools = M.waiting_hands(rule, config, [0] * n_jokers + [n], f"waits{n_jokers}/{rule}")
    hands = pools[n_jokers]
    tiles = sum(len(rs.waits(h, m, **kw)) for h, m in hands) / n
    counts, melds = np.array([h for h, _ in hands]), [m for _, m in hands]

    def loop():
        for h, m in hands:
            rs.waits(h, m, **kw)
    w = best_of(loop, 7) / n * 1e6
    d = best_of(lambda: rs.dajiao_batch(counts, melds=melds, workers=1, **kw), 7) / n * 1e6
    return f"{w:.1f} ({tiles:.1f}) | {d:.1f}"


#: (rule set, hand, winning tile) for the ``plain`` table
PLAIN = (("sichuan_fan", "123456789m11p456p", "6p"), ("guangdong_jipinghu", "123456789m11p456p", "6p"),
         ("qingyuan", "123456789p11s456s", "6s"))


def plain_row(rule: str, hand: str, win: str) -> str:
    import timeit

    import mjpy
    from mjpy import rules as R

    rs, counts = R.get(rule), mjpy.parse(hand)
    assert rs.score(counts, win_tile=win, self_drawn=True).is_win
    n = 100_000
    t = min(timeit.repeat(lambda: rs.score(counts, win_tile=win, self_drawn=True), number=n, repeat=7)) / n
    return f"| {rule} | {hand}, {win} | {t * 1e6:.2f} |"


def main(argv) -> None:
    tables = ("score", "score-read", "waits", "read", "waits3", "plain")
    what = [a for a in argv if a in tables] or list(tables)
    names = [a for a in argv if a not in tables]
    rules = [r for r in RULES if not names or r[0] in names]
    if "score" in what:
        print("score, µs per winning hand\n\n| rule set | 0 jokers | 1 | 2 | 3 | 4 |\n|---|--:|--:|--:|--:|--:|")
        for rule, config in rules:
            print(score_row(rule, config))
    if "score-read" in what:
        print("\nscore, each result's fans read, µs per winning hand\n\n| rule set | 0 jokers | 1 | 2 | 3 | 4 |\n"
              "|---|--:|--:|--:|--:|--:|")
        for rule, config in rules:
            print(score_row(rule, config, read=True))
    if "waits" in what:
        print("\nwaits, µs per waiting hand\n\n| rule set | 0 jokers | 1 | 2 |\n|---|--:|--:|--:|")
        for rule, _ in rules:
            print(waits_row(rule))
    if "read" in what:
        print("\nwaits, every result's fans read, µs per waiting hand\n\n| rule set | 0 jokers | 1 | 2 |\n|---|--:|--:|--:|")
        for rule, _ in rules:
            print(waits_row(rule, read=True))
    if "waits3" in what:
        print("\nwaits (winning tiles per hand) and dajiao_batch (one worker) of 300 distinct hands holding three and four "
              "jokers, µs per hand\n\n| rule set | waits, 3 jokers | dajiao_batch | waits, 4 jokers | dajiao_batch |\n"
              "|---|--:|--:|--:|--:|")
        for rule, _ in rules:
            print(f"| {rule} | {waits_jokers_row(rule, 3)} | {waits_jokers_row(rule, 4)} |")
    if "plain" in what:
        print("\nscore without jokers, one hand, µs per call\n\n| rule set | hand | µs |\n|---|---|--:|")
        for rule, hand, win in PLAIN:
            if not names or rule in names:
                print(plain_row(rule, hand, win))


if __name__ == "__main__":
    main(sys.argv[1:])
