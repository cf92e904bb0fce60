"""Yangzhou 扬州麻将 (docs/rules.md#yangzhou) on the engine (``rules.get("yangzhou")``).

* ``score`` against the plain reference tests/reference_yangzhou.py on seeded random hands (complete hands
  of one suit or mixed, with honours, pungs / chows / kongs, 碰 / 槓 melds and sometimes a 吃, seven pairs,
  junk), with ``qidui`` unset and set; ``score_batch`` and ``waits`` against ``score`` and the reference;
* the source's templates TP-YZ-01 (three sets printed: C24, read as four) and the multipliers;
* bad input: a 17-tile hand, a fifth copy with the melds, an unknown option.

Sizes: ``N_SCORE`` hands (``N_SCORE_SLOW`` under ``-m slow``).
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from conftest import load_vectors, raises_one_line
from mjpy import Meld, rules

import reference as P
import reference_yangzhou as Y

N_SCORE = 3000
N_SCORE_SLOW = 20000
VEC = {v["id"]: v for v in load_vectors("regional_vectors") if v["ruleset"] == "yangzhou"}


def meld_obj(k, t):
    return Meld(k, [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4))


def random_hand(rng):
    """``(counts, melds)``: a 14-tile-equivalent hand of one of the motifs."""
    motif = rng.choices(("mixed", "flush", "pungs", "seven", "junk"), (35, 25, 20, 10, 10))[0]
    suit = rng.randrange(3)
    honors = rng.random() < 0.5
    pool = [9 * suit + i for i in range(9)] + (list(range(27, 34)) if honors else [])
    if motif == "mixed":
        pool = list(range(34))
    for _ in range(50):
        c = [0] * 34
        melds = []
        if motif == "junk":
            while sum(c) < 14:
                t = rng.randrange(34)
                if c[t] < 4:
                    c[t] += 1
            return c, melds
        if motif == "seven":
            for t in rng.sample(pool, 7) if len(pool) >= 7 else [rng.choice(pool) for _ in range(7)]:
                c[t] += 2
        else:
            n_melds = rng.choice((0, 0, 1, 2))
            for i in range(4):
                t = rng.choice(pool)
                chow = motif != "pungs" and t < 27 and t % 9 <= 6 and rng.random() < 0.6
                tiles = [t, t + 1, t + 2] if chow else [t] * 3
                if i < n_melds:
                    kind = "chi" if chow else rng.choice(("pon", "pon", "minkan", "ankan"))
                    if chow and rng.random() < 0.7:
                        tiles = [t] * 3                  # mostly no chi: a pon instead
                        kind = "pon"
                    melds.append((kind, t))
                    continue
                for x in tiles:
                    c[x] += 1
            c[rng.choice(pool)] += 2
        total = list(c)
        for k, t in melds:
            for x in ([t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4)):
                total[x] += 1
        if max(total) <= 4:
            if rng.random() < 0.15:                     # a near miss: one tile changed
                i = rng.choice([t for t in range(34) if c[t]])
                j = rng.randrange(34)
                if total[j] < 4:
                    c[i] -= 1
                    c[j] += 1
            return c, melds
    return random_hand(rng)


def _sweep(seed, n):
    rng = random.Random(seed)
    bad, wins, seen = [], 0, set()
    plain, valued = rules.get("yangzhou"), rules.get("yangzhou", qidui=2)
    for _ in range(n):
        c, melds = random_hand(rng)
        w = rng.choice([t for t in range(34) if c[t]])
        for rs, q in ((plain, None), (valued, 2)):
            want = Y.ref_yangzhou_score(c, melds, qidui=q)
            r = rs.score(np.array(c, np.uint8), [meld_obj(k, t) for k, t in melds], w)
            if want == Y.MISSING:
                ok = not r.is_win and "qidui" in r.reason
            else:
                ok = (r.is_win, r.total if r.is_win else 0) == want
                wins += want[0]
                if want[0]:
                    seen.add(r.fans[0][0])
            if not ok:
                bad.append((P.to_str(c), melds, q, want, r))
    assert not bad, f"{len(bad)} differ, e.g. {bad[:3]}"
    assert wins > n // 3 and seen >= {"屁胡", "對對胡", "混一色", "清一色", "混對對", "清對對", "七對"}, seen


def test_score_matches_reference():
    _sweep(2026, N_SCORE)


@pytest.mark.slow
def test_score_matches_reference_slow():
    _sweep(11, N_SCORE_SLOW)


@pytest.mark.parametrize("workers", [1, 2])
def test_batch_and_waits_match(workers):
    rng = random.Random(3)
    rs = rules.get("yangzhou", qidui=2)
    cases = [random_hand(rng) for _ in range(400)]
    h = np.array([c for c, _ in cases], np.uint8)
    w = np.array([next(t for t in range(34) if c[t]) for c, _ in cases])
    ms = [[meld_obj(k, t) for k, t in m] for _, m in cases]
    got = rs.score_batch(h, w, melds=ms, workers=workers)
    want = [(lambda r: r.total if r.is_win else -1)(rs.score(h[i], ms[i], int(w[i]))) for i in range(len(cases))]
    assert got.tolist() == want
    for c, m in cases[:60]:
        c = list(c)
        c[next(t for t in range(34) if c[t])] -= 1       # a waiting hand
        waits = rs.waits(np.array(c, np.uint8), [meld_obj(k, t) for k, t in m])
        ref = set()
        for t in range(34):
            held = c[t] + sum((t in (x, x + 1, x + 2)) if k == "chi" else (t == x) * (3 if k == "pon" else 4)
                              for k, x in m)
            if held < 4:
                c[t] += 1
                v = Y.ref_yangzhou_score(c, m, qidui=2)
                if v != Y.MISSING and v[0]:
                    ref.add(t)
                c[t] -= 1
        assert {_idx(k) for k in waits} == ref


def _idx_first(text):
    return int(np.flatnonzero(P.parse(text))[0])


def _idx(name):
    return int(np.flatnonzero(P.parse(name))[0])


def test_TP_YZ_01_templates_read_as_four_sets():
    v = VEC["TP-YZ-01"]
    assert v["status"] == "malformed"
    rs = rules.get("yangzhou")
    chows, pungs = ["123m", "456p", "789s"], ["222m", "555p", "888s"]
    for tpl in v["template"]:
        n_pung = tpl.split("+").count("111")
        # the printed template has three sets; the fourth (C24) is a pung of 東
        text = "11z" + "".join(chows[:3 - n_pung]) + "".join(pungs[:n_pung]) + "333z"
        assert sum(P.parse(text)) == v["expected"]["tiles_each"] + 3
        r = rs.score(text, win_tile="1z")
        assert r.is_win and r.total == (2 if n_pung == 3 else 1), (tpl, r)
    # the 11-tile template itself is a hand of the wrong size
    raises_one_line(lambda: rs.score("11z123m456p789s", win_tile="1z"), "expected 14")


def test_multipliers_highest_applies():
    rs = rules.get("yangzhou")
    cases = {"123m456p789s11122z": 1, "111m222p333s44455z": 2, "123456789m11155z": 2, "11123456789999m": 4,
             "111333555m77711z": 4, "11133355577799p": 4}
    for text, total in cases.items():
        r = rs.score(text, win_tile=_idx_first(text))
        assert r.is_win and r.total == total and len(r.fans) == 1, (text, r)
    assert "qidui" in rs.score("1199m1199p1199s11z", win_tile="1z").reason
    assert rules.get("yangzhou", qidui=3).score("1199m1199p1199s11z", win_tile="1z").total == 3
    assert rules.get("yangzhou", qidui=1).score("11335577m1199m22z", win_tile="2z").total == 2   # 混一色 ×2 is higher


def test_bad_input():
    rs = rules.get("yangzhou")
    raises_one_line(lambda: rs.score("123456789m123p456s11z", win_tile="1z"), "expected 14")
    raises_one_line(lambda: rs.score("1111m456p789s11z", melds=[Meld("pon", "111m")], win_tile="1z"), "")
    raises_one_line(lambda: rules.get("yangzhou", chi=True), "unknown option")
    raises_one_line(lambda: rules.get("yangzhou", qidui=-1), "qidui")
