"""寶牌 (docs/rules.md#baopai): the flipped tile's successor is a bonus tile, +``baopai_fan`` 番 per copy in the
winning hand, an add-on of the rule sets that sum 番 (tongcheng, tianjin, fuzhou, guangdong_jipinghu,
two_player_71).

* BP-01..08 (the indicator rule) and BP-09 (two 八萬 as the pair: +2 番) from tests/data/regional_vectors.json;
* with bonus tiles, a sum table's total is the total without them plus ``baopai_fan`` × the copies (hand and
  melds), checked on random hands of tests/reference_tongcheng.py against a plain count;
* ``score_batch`` (one indicator for all rows, one per row, (N, 34) multiplicities) against ``score``;
  ``waits`` and ``dajiao_batch`` with bonus tiles against ``score`` tile by tile;
* the cap of two_player_71, the required value of its 花牌, bad input.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from conftest import load_vectors, raises_one_line
from mjpy import Meld, rules
from mjpy.rules.baopai import BONUS_OF, bonus_kind, bonus_kinds
from mjpy.tiles import TILE_NAMES

import reference_tongcheng as RT

VEC = {v["id"]: v for v in load_vectors("regional_vectors") if v["ruleset"] == "baopai"}
TC = dict(duanyao=1, wujiang=1, quezi=1, menqing=1, dandiao=1, quanfeng=1, quanyaojiu=1)


def meld_obj(k, t):
    return Meld(k, [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4))


@pytest.mark.parametrize("vid", [f"BP-0{i}" for i in range(1, 10)])
def test_indicator_vectors(vid):
    v = VEC[vid]
    assert bonus_kind(v["indicator"]) == v["expected_bonus_kind"]


def test_BP_09_two_copies_as_the_pair():
    v = VEC["BP-09"]
    tc = rules.get("tongcheng", baopai=True, **TC)
    hand = "123m456m234p789p88m"                              # 八萬 only as the pair
    plain = tc.score(hand, win_tile="4p")
    got = tc.score(hand, win_tile="4p", bonus_indicator=v["indicator"])
    assert got.total - plain.total == v["example"]["bonus_fan"]
    assert got.fans.count(("寶牌", 1)) == 2


def test_successor_rule_is_the_sources():
    for t in range(34):
        b = int(BONUS_OF[t])
        if t < 27:
            assert b // 9 == t // 9 and b % 9 == (t % 9 + 1) % 9
        elif t < 31:
            assert b == 27 + (t - 26) % 4                  # 東南西北 in a ring
    assert [TILE_NAMES[int(BONUS_OF[t])] for t in (33, 32, 31)] == ["6z", "5z", "7z"]   # 白→發→中→白
    assert bonus_kinds(bonus_tiles=["1m", "1m"], bonus_indicator="9s") == (0, 0, 18)


def _copies(counts, melds, kinds):
    total = list(counts)
    for k, t in melds:
        for x in ([t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4)):
            total[x] += 1
    return sum(total[k] for k in kinds)


def test_bonus_adds_per_copy_in_a_sum_table():
    rng = random.Random("baopai")
    plain = rules.get("tongcheng", **TC)
    bonus = rules.get("tongcheng", baopai=True, baopai_fan=2, **TC)
    checked = 0
    for _ in range(3000):
        counts, melds, win = RT.random_hand(rng)
        ms = [meld_obj(k, t) for k, t in melds]
        ind = rng.sample(range(34), rng.choice((1, 1, 2)))
        kinds = [int(BONUS_OF[t]) for t in ind]
        sd = rng.random() < 0.5
        a = plain.score(np.array(counts, np.uint8), melds=ms, win_tile=TILE_NAMES[win], self_drawn=sd)
        b = bonus.score(np.array(counts, np.uint8), melds=ms, win_tile=TILE_NAMES[win], self_drawn=sd,
                        bonus_indicator=[TILE_NAMES[t] for t in ind])
        assert a.is_win == b.is_win
        if not a.is_win:
            continue
        n = _copies(counts, melds, kinds)
        fans = [f for f in a.fans if f != ("穷胡", 7) or n == 0]       # a bonus is a fan: no 穷胡 then
        assert b.total == sum(v for _, v in fans) + 2 * n, (counts, melds, ind, a, b)
        assert b.fans.count(("寶牌", 2)) == n
        checked += n > 0
    assert checked > 300


@pytest.mark.parametrize("name,opts", [("tianjin", {"indicator": "3z"}), ("fuzhou", dict(gold=["7z"], zimo=1, pinghu=1, qiangjin=2,
                                                                             jin=1)),
                                       ("guangdong_jipinghu", {})])
def test_other_sum_tables_take_it(name, opts):
    rs = rules.get(name, baopai=True, **opts)
    plain = rules.get(name, **opts)
    hand = "123m456p789s11122z"
    a = plain.score(hand, win_tile="2z", self_drawn=True)
    b = rs.score(hand, win_tile="2z", self_drawn=True, bonus_tiles=["1z", "5m"])
    assert b.fans.count(("寶牌", 1)) == 3                # three 東 (and no 五萬)
    assert b.total >= a.total


@pytest.mark.parametrize("workers", [1, 2])
def test_batch_matches_score(workers):
    rng = random.Random("baopai-batch")
    rs = rules.get("tongcheng", baopai=True, **TC)
    rows = [RT.random_hand(rng) for _ in range(1500)]
    hands = np.array([r[0] for r in rows], np.uint8)
    wins = np.array([r[2] for r in rows])
    melds = [[meld_obj(k, t) for k, t in r[1]] for r in rows]
    ind = np.array([rng.randrange(-1, 34) for _ in rows])
    mult = np.zeros((len(rows), 34), np.int64)
    for i in range(len(rows)):
        for t in rng.sample(range(34), 2):
            mult[i, t] += 1
    for kw in ({"bonus_indicator": ind}, {"bonus_tiles": mult}, {"bonus_indicator": "3p"}):
        got = rs.score_batch(hands, wins, melds=melds, workers=workers, **kw)
        for i in range(0, len(rows), 3):
            if "bonus_tiles" in kw:
                one = {"bonus_tiles": [t for t in range(34) for _ in range(int(mult[i, t]))]}
            elif isinstance(kw["bonus_indicator"], str):
                one = kw
            else:
                one = {"bonus_indicator": None if ind[i] < 0 else int(ind[i])}
            r = rs.score(hands[i], melds=melds[i], win_tile=TILE_NAMES[wins[i]], **one)
            assert got[i] == (r.total if r.is_win else -1), (i, kw.keys(), r)


def test_waits_and_dajiao_with_bonus():
    rng = random.Random("baopai-waits")
    rs = rules.get("tongcheng", baopai=True, **TC)
    hands, mlist = [], []
    for _ in range(120):
        counts, melds, win = RT.random_hand(rng)
        c13 = list(counts)
        c13[win] -= 1
        ms = [meld_obj(k, t) for k, t in melds]
        got = rs.waits(np.array(c13, np.uint8), melds=ms, bonus_indicator="4p")
        for name, r in got.items():
            c = list(c13)
            c[TILE_NAMES.index(name)] += 1
            best = max((rs.score(np.array(c, np.uint8), melds=ms, win_tile=name, bonus_indicator="4p", self_drawn=sd)
                        for sd in (False, True)), key=lambda x: x.total if x.is_win else -1)
            assert best.is_win and r.total == best.total
        hands.append(c13)
        mlist.append(ms)
    d = rs.dajiao_batch(np.array(hands, np.uint8), melds=mlist, bonus_indicator="4p")
    for i in range(len(hands)):
        w = rs.waits(np.array(hands[i], np.uint8), melds=mlist[i], bonus_indicator="4p")
        assert d[i] == (max(r.total for r in w.values()) if w else -1)


def test_two_player_cap_and_huapai_value():
    tp = rules.get("two_player_71")
    assert tp.score("123m456p789s11122z", win_tile="2z").total == 0
    r = tp.score("123m456p789s11122z", win_tile="2z", bonus_tiles=["1z"])
    assert not r.is_win and r.detail["missing"] == ["baopai_fan"]
    tp = rules.get("two_player_71", baopai_fan=5)
    assert tp.score("123m456p789s11122z", win_tile="2z", bonus_tiles=["1z"]).total == 13      # 15, capped at 13
    assert rules.get("two_player_71", baopai_fan=5, max_fan=88).score(
        "123m456p789s11122z", win_tile="2z", bonus_tiles=["1z"]).total == 15


def test_bad_input():
    rs = rules.get("tongcheng", baopai=True, **TC)
    raises_one_line(lambda: rs.score("123m456m234p789p88m", win_tile="4p", bonus_indicator="0x"), ("bonus_indicator",))
    with pytest.raises(TypeError):                          # without baopai=True the flag is unknown
        rules.get("tongcheng", **TC).score("123m456m234p789p88m", win_tile="4p", bonus_indicator="7m")
    raises_one_line(lambda: rules.get("kawuxing", baopai=True), ("baopai",))          # 卡五星 counts 倍
    raises_one_line(lambda: rs.score_batch(np.zeros((2, 34), np.uint8), np.zeros(2, np.int64),
                                           bonus_indicator=np.array([40, 1])), ("bonus_indicator",))


@pytest.mark.parametrize("name", ["sichuan_fan", "chengdu_simple", "guobiao"])
def test_sichuan_and_guobiao_take_it(name):
    """The 番 rule sets outside the engine's sum tables: Sichuan (on the engine, 番 before the multiplier) and
    Guobiao (outside the 8-fan minimum, as the flowers); ``score``, ``waits`` and ``score_batch`` agree."""
    rs = rules.get(name, baopai=True)
    plain = rules.get(name)
    hand = "11122233344455m" if name != "guobiao" else "123m456m789m123p55p"
    win = "5m" if name != "guobiao" else "5p"
    ind = "4m" if name != "guobiao" else "4p"
    a = plain.score(hand, win_tile=win, self_drawn=True)
    b = rs.score(hand, win_tile=win, self_drawn=True, bonus_indicator=ind)
    n = 2                                                # two 五 of the indicator's suit
    assert b.total == a.total + n and b.fans.count(("寶牌", 1)) == n
    if name == "sichuan_fan":
        assert b.detail["multiplier"] == 2 * 2 * a.detail["multiplier"]      # 番 double the multiplier
    h = np.array([mjpy_parse(hand)])
    w = np.array([int(np.flatnonzero(mjpy_parse(win))[0])])
    assert rs.score_batch(h, w, self_drawn=True, bonus_indicator=ind).tolist() == [b.total]
    c13 = mjpy_parse(hand)
    c13[w[0]] -= 1
    got = rs.waits(c13, bonus_indicator=ind)
    assert got[win].total >= b.total - 2 and got[win].fans.count(("寶牌", 1)) == n
    if name == "guobiao":                                # outside the minimum
        low = rules.get("guobiao", baopai=True, baopai_fan=10)
        r = low.score("234m345m456p678s55s", win_tile="5s", bonus_tiles=["5s"])
        assert not r.is_win and r.total >= 20


def mjpy_parse(text):
    from mjpy import parse
    return parse(text).copy()


def test_points_profile_refuses_it():
    raises_one_line(lambda: rules.get("sichuan_points", baopai=True), ("分",))
