"""Fujian 福建 百搭 (docs/rules.md#fujian): ``rules.get("fujian", baida="daidi" | "huodong")``.

* the indicators of the source (WC-FJ-01..04 of tests/data/indicators.json): 帶弟百搭 is the successor
  (9 → 1, honours one 7-cycle 北 → 中), 活動百搭 the flipped kind itself with a 白板 playing its face;
* ``score`` / ``waits`` / ``score_batch`` against the plain joker reference (tests/reference_jokers.py's
  substitution reference) on seeded random hands: a hand wins when some reading of the stand-ins
  (0 .. ``stand_in_copies`` 白板 as the flipped kind) with the 百搭 as jokers is complete;
* bad input: no indicator, a joker set of two kinds, 15 tiles, an unknown option.

Sizes: ``N`` hands per 百搭 rule (``N_SLOW`` under ``-m slow``).
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from conftest import load_vectors, raises_one_line
from mjpy import rules, wildcards

import reference as P
import reference_jokers as RJ

BAI = 33
N = 1000
N_SLOW = 20000


def fj(**o):
    return rules.get("fujian", **o)


@pytest.mark.parametrize("v", [v for v in load_vectors("indicators") if v["id"].startswith("WC-FJ")],
                         ids=lambda v: v["id"])
def test_indicators(v):
    if v["ruleset"] == "fujian_daidi":
        assert [P.tile_name(t) for t in fj().joker_kinds(v["indicator"])] == v["expected_wild_kinds"]
        return
    # 活動百搭: "X (any)": the flipped kind, whatever it is; one 白板 plays it
    rs = fj(baida="huodong")
    for ind in range(34):
        j = rs.jokers(ind)
        assert j.kinds == (ind,)
        assert (j.stand_in, j.face, j.stand_in_copies) == ((BAI, ind, 1) if ind != BAI else (None, None, None))


def ref_win(counts, k_kinds, stand_copies, forms=("standard",)):
    """Some reading of the stand-ins wins: 0 .. ``stand_copies`` 白 moved to the 百搭 kind, the 百搭
    copies as jokers (the substitution reference: every value of every joker tried)."""
    c = np.array(counts, np.int64)
    (f,) = k_kinds
    k = int(c[f])
    c[f] = 0
    most = min(int(c[BAI]), stand_copies) if f != BAI else 0
    for m in range(most + 1):
        r = c.copy()
        r[BAI] -= m
        r[f] += m
        if (RJ.ref_sub_is_win if k <= 3 else RJ.ref_budget_is_win)(r, k, forms=forms):
            return True
    return False


def random_case(rng):
    """A complete hand (four sets + pair) with some tiles turned into the 百搭 kind or 白, or junk."""
    c = [0] * 34
    if rng.random() < 0.2:
        while sum(c) < 14:
            t = rng.randrange(34)
            if c[t] < 4:
                c[t] += 1
        return c
    while True:
        c = [0] * 34
        for _ in range(4):
            if rng.random() < 0.6:
                s = rng.choice([x for x in range(27) if x % 9 <= 6])
                tiles = [s, s + 1, s + 2]
            else:
                tiles = [rng.randrange(34)] * 3
            for t in tiles:
                c[t] += 1
        p = rng.randrange(34)
        c[p] += 2
        if max(c) <= 4:
            break
    # swap a few tiles for 白 or for the 百搭 kind (chosen by the caller: any kind here)
    for _ in range(rng.randrange(4)):
        t = rng.choice([x for x in range(34) if c[x]])
        u = rng.choice([BAI, rng.randrange(34)])
        if c[u] < 4:
            c[t] -= 1
            c[u] += 1
    return c


def _sweep(baida, seed, n):
    rng = random.Random(seed)
    rs = fj(baida=baida)
    hands, inds, want = [], [], []
    wins = 0
    for _ in range(n):
        c = random_case(rng)
        ind = rng.randrange(34)
        j = rs.jokers(ind)
        if sum(c[t] for t in j.kinds) > 4:
            continue
        w = ref_win(c, j.kinds, 1 if baida == "huodong" else 0)
        r = rs.score(np.array(c, np.uint8), win_tile=next(t for t in range(34) if c[t]), indicator=ind)
        assert r.is_win == w, (P.to_str(c), P.tile_name(ind), r)
        assert r.total == 0 and r.fans == []
        wins += w
        hands.append(c)
        inds.append(ind)
        want.append(0 if w else -1)
    assert len(hands) // 8 < wins < len(hands)
    h = np.array(hands, np.uint8)
    for workers in (1, 2):
        got = rs.score_batch(h, indicator=inds, workers=workers)
        assert got.tolist() == want


@pytest.mark.parametrize("baida", ["daidi", "huodong"])
def test_score_and_batch_match_reference(baida):
    _sweep(baida, 11 if baida == "daidi" else 12, N)


@pytest.mark.slow
@pytest.mark.parametrize("baida", ["daidi", "huodong"])
def test_score_and_batch_match_reference_slow(baida):
    _sweep(baida, 21 if baida == "daidi" else 22, N_SLOW)


def test_waits_match_reference():
    rng = random.Random(5)
    rs = fj(baida="huodong")
    waiting = 0
    for _ in range(120):
        c = random_case(rng)
        c[rng.choice([t for t in range(34) if c[t]])] -= 1
        ind = rng.randrange(34)
        j = rs.jokers(ind)
        if sum(c[t] for t in j.kinds) > 4:
            continue
        want = set()
        for t in range(34):
            if c[t] < 4:
                c[t] += 1
                if ref_win(c, j.kinds, 1):
                    want.add(P.tile_name(t))
                c[t] -= 1
        got = rs.waits(np.array(c, np.uint8), indicator=ind)
        assert set(got) == want, (P.to_str(c), P.tile_name(ind))
        waiting += bool(want)
    assert waiting > 20


def test_one_baiban_plays_the_flipped_tile():
    hd = fj(baida="huodong")
    # 3m flipped: 3m is 百搭; one 白板 completes 12m as 123m
    assert hd.score("12m456p789s11z567s7z", win_tile="7z", indicator="3m").is_win
    assert not fj(baida="huodong", stand_in_copies=0).score("12m456p789s11z567s7z", win_tile="7z",
                                                             indicator="3m").is_win
    # 123m and 345m from 12m 45m and two 白板 need two stand-ins
    assert not hd.score("1245m456p789s11z77z", win_tile="7z", indicator="3m").is_win
    assert fj(baida="huodong", stand_in_copies=2).score("1245m456p789s11z77z", win_tile="7z", indicator="3m").is_win
    assert hd.score("123m456p789s567s77z", win_tile="7z", indicator="1z").is_win          # 白 stays 白 too
    # 帶弟百搭: no stand-in; 白 is 白
    assert not fj().score("12m456p789s11z567s7z", win_tile="7z", indicator="2m").is_win


def test_bad_input():
    rs = fj()
    raises_one_line(lambda: rs.score("123m456p789s1z4m567s", win_tile="1z"), "indicator")
    raises_one_line(lambda: rs.score("123m456p789s1z4m567s", win_tile="1z", joker_tiles=["1m", "2m"]), "one kind")
    raises_one_line(lambda: rs.score("123m456p789s1z4m5677s", win_tile="1z", indicator="3m"), "expected 14")
    raises_one_line(lambda: fj(baida="x"), "baida")
    raises_one_line(lambda: fj(stand_in_copies=5), "stand_in_copies")
    raises_one_line(lambda: fj(colour=1), "unknown option")
    h = np.array([P.parse("123m456p789s1z4m567s"), P.parse("123m456p789s1z4m56s")], np.uint8)
    raises_one_line(lambda: rs.score_batch(h, indicator="3m"), "hands[1]")


def test_stand_in_rule_is_the_wildcards_one():
    j = wildcards.resolve("fujian", "3m", baida="huodong")
    assert fj(baida="huodong").jokers("3m") == j
