"""Hangzhou (杭州麻将, docs/rules.md#hangzhou) on the engine (``rules.get("hangzhou")``).

* the templates TP-HZ-01..03 of tests/data/regional_vectors.json made concrete: the five 乱将
  shapes (and a kong in place of a pung) are plain wins of 1 倍; one 财神 + four sets waits on
  every tile and a self-draw is 暴头 ×2 (×4 / ×8 with 财飘 / 连续财飘); two 财神 + four sets is
  already a win;
* the seven-pairs family 七对 / 豪华七对 / 两豪华七对 / 三豪华七对 = 2 / 4 / 8 / 16;
* the 财神 input: the kinds per call (``joker_tiles``) or bound (``caishen``), never an indicator;
  bad input (no 财神, 17 tiles, a fifth copy, a bad ``context``) is a one-line ValueError;
* the win conditions (a melded 财神, 杠开 without a value) and ``baotou_ready`` against the brute
  force of tests/reference_regional.py on seeded random hands.

The random comparison of every row with the reference is tests/test_engine_regional.py.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from conftest import load_vectors, one_line_error, raises_one_line
from mjpy import Meld, rules

import reference_regional as R
from regional_helpers import P, T, hand, names, ref_melds, rows

VEC = {v["id"]: v for v in load_vectors("regional_vectors") if v["ruleset"] == "hangzhou"}
CHOWS = ["123m", "456p", "789s", "234s"]
PUNGS = ["777m", "222p", "999s", "444z"]
#: 财神 kinds the template hands below do not hold (so every 财神 in a hand is placed on purpose)
CAISHEN = (["7z"], ["5m"], ["5z", "7z"])


def hz(**opts):
    return rules.get("hangzhou", **opts)








def test_hangzhou_vectors_are_present():
    assert sorted(VEC) == ["TP-HZ-01", "TP-HZ-02", "TP-HZ-03"]
    for v in VEC.values():
        assert v["kind"] == "templates" and v["see"] == "docs/rules.md#hangzhou" and v["source"] == "HZ"


# ---------------------------------------------------------------------------------------------
# TP-HZ-01: 11 + 123 / 111 (乱将: any pair), a plain win is 1
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("jk", CAISHEN, ids=lambda jk: "+".join(jk))
@pytest.mark.parametrize("tpl", VEC["TP-HZ-01"]["template"])
def test_TP_HZ_01_shapes_are_plain_wins(tpl, jk):
    want = VEC["TP-HZ-01"]["expected"]
    n_pung = tpl.split("+").count("111")
    rs = hz()
    for pair in ("11z", "88m", "66s"):                      # 乱将: the pair may be any kind
        text = pair + "".join(CHOWS[:4 - n_pung]) + "".join(PUNGS[:n_pung])
        assert sum(P(text)) == want["tiles_each"]
        win = pair[0] + pair[-1]
        r = rs.score(hand(text), win_tile=win, self_drawn=False, joker_tiles=jk)
        assert bool(r.is_win) == want["is_win"] and r.total == want["total"], (text, jk, r)
        assert names(r) == ["平胡"]
        # self-drawn too: no 财神 in the hand, so no 暴头
        r = rs.score(hand(text), win_tile=win, self_drawn=True, joker_tiles=jk)
        assert r.is_win and r.total == 1 and names(r) == ["平胡"], (text, jk, r)
        if n_pung:                                          # 1111 in place of a 111 (下同)
            kong = PUNGS[0][0] * 4 + PUNGS[0][-1]
            r = rs.score(hand(text.replace(PUNGS[0], "", 1)), melds=[Meld("ankan", kong)], win_tile=win,
                         self_drawn=False, joker_tiles=jk)
            assert r.is_win and r.total == 1, (text, r)


# ---------------------------------------------------------------------------------------------
# TP-HZ-02: one 财神 + four sets waits on any tile; a self-draw is 暴头 ×2
# ---------------------------------------------------------------------------------------------
#: (13 - 3 * melds concealed tiles, melds, 财神 kinds): one 财神 beside sets
BAOTOU_HANDS = [
    ("123m456p789s111z7z", [], ["7z"]),
    ("123p456p789s999s5m", [], ["5m"]),
    ("234m345m678s666z5z", [], ["5z", "7z"]),
    ("123m456p789s555m7z", [], ["7z"]),
    ("234m345m678s7z", [Meld("ankan", "1111z")], ["7z"]),   # 1z exhausted by the kong
    ("345m789s7z", [Meld("chi", "123p"), Meld("pon", "999p")], ["7z"]),
]




def exhausted_kinds(text, melds):
    held = P(text)
    for m in melds:
        for t in m.tiles:
            held[t] += 1
    return {t for t in range(34) if held[t] >= 4}


@pytest.mark.parametrize("text, melds, jk", BAOTOU_HANDS, ids=[h[0] for h in BAOTOU_HANDS])
def test_TP_HZ_02_baotou_waits_on_every_tile(text, melds, jk):
    want = VEC["TP-HZ-02"]["expected"]
    assert sum(P(text)) + 3 * len(melds) == 13
    jkinds = tuple(T(x) for x in jk)
    assert R.baotou_ready(P(text), ref_melds(melds), joker_kinds=jkinds)
    rs = hz()
    got = {T(k): v for k, v in rs.waits(hand(text), melds=melds, self_drawn=True, joker_tiles=jk).items()}
    exhausted = exhausted_kinds(text, melds)
    wins = {t for t, r in got.items() if r.is_win}
    # any tile (docs/rules.md#waits: an exhausted kind may be listed or not)
    assert set(range(34)) - exhausted <= wins, sorted(R.name(t) for t in set(range(34)) - exhausted - wins)
    for t in wins:
        assert "暴头" in names(got[t]) and got[t].total == want["multiplier"], (R.name(t), got[t])
    # the same by score(): a self-draw is ×2, ×4 with 财飘, ×8 with 连续财飘; a discard is 1
    for t in sorted(set(range(34)) - exhausted)[::4] + [jkinds[0]]:
        c14 = hand(text)
        c14[t] += 1
        kw = dict(melds=melds, win_tile=t, joker_tiles=jk)
        r = rs.score(c14, self_drawn=True, **kw)
        assert r.is_win and r.total == 2 and "暴头" in names(r), (R.name(t), r)
        r = rs.score(c14, self_drawn=True, context={"caipiao": 0}, **kw)
        assert r.total == 2 and "财飘" not in names(r)
        r = rs.score(c14, self_drawn=True, context={"caipiao": 1}, **kw)
        assert r.total == 4 and {"暴头", "财飘"} <= set(names(r)) and "连续财飘" not in names(r), (R.name(t), r)
        r = rs.score(c14, self_drawn=True, context={"caipiao": 2}, **kw)
        assert r.total == 8 and {"暴头", "财飘", "连续财飘"} <= set(names(r)), (R.name(t), r)
        r = rs.score(c14, self_drawn=False, **kw)
        assert r.is_win and r.total == 1 and "暴头" not in names(r), (R.name(t), r)
        r = rs.score(c14, self_drawn=False, context={"caipiao": 2}, **kw)   # no 暴头: no 财飘
        assert r.is_win and r.total == 1, (R.name(t), r)
    # waits take the context too
    got2 = rs.waits(hand(text), melds=melds, self_drawn=True, joker_tiles=jk, context={"caipiao": 1})
    assert {T(k) for k, r in got2.items() if r.is_win} == wins
    assert all(r.total == 4 for r in got2.values() if r.is_win)


# ---------------------------------------------------------------------------------------------
# TP-HZ-03: two 财神 + four sets is already a win; 财飘 doubles 暴头
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, jk", [("123m456p789s111z7z7z", ["7z"]), ("123p456p789s999s5m7z", ["5m", "7z"]),
                                      ("234m345m678s666z5m5m", ["5m"])])
def test_TP_HZ_03_two_caishen_and_four_sets(text, jk):
    want = VEC["TP-HZ-03"]["expected"]
    rs = hz()
    win = jk[-1]
    for sd in (False, True):
        r = rs.score(hand(text), win_tile=win, self_drawn=sd, joker_tiles=jk)
        assert bool(r.is_win) == want["is_win"], (sd, r)
    base = rs.score(hand(text), win_tile=win, self_drawn=True, joker_tiles=jk)
    assert base.total == 2 and "暴头" in names(base), base
    piao = rs.score(hand(text), win_tile=win, self_drawn=True, joker_tiles=jk, context={"caipiao": 1})
    assert piao.total == want["multiplier_on_baotou"] * base.total and dict(rows(piao))["财飘"] == 2, piao
    lian = rs.score(hand(text), win_tile=win, self_drawn=True, joker_tiles=jk, context={"caipiao": 2})
    assert lian.total == 8 and {"财飘", "连续财飘"} <= set(names(lian)), lian


# ---------------------------------------------------------------------------------------------
# The seven-pairs family
# ---------------------------------------------------------------------------------------------
QIDUI = [
    ("1133557799m2244p", "1m", ["7z"], "七对", 2),
    ("1133557799m224p7z", "4p", ["7z"], "七对", 2),             # 白 as the second 4p
    ("1111335577m99p22s", "3m", ["7z"], "豪华七对", 4),
    ("111335577m99p22s7z", "3m", ["7z"], "豪华七对", 4),        # 白 as the fourth 1m
    ("1133557799m22p7z7z", "1m", ["7z"], "豪华七对", 4),        # 白白 as a second pair of 1m
    ("1111333355m77p99s", "5m", ["7z"], "两豪华七对", 8),
    ("1133557799m7777z", "1m", ["7z"], "两豪华七对", 8),        # 白白 + 白白 make two quads
    ("111133335555m77p", "7p", ["7z"], "三豪华七对", 16),
    ("1111333355557m5z", "7m", ["5z", "7z"], "三豪华七对", 16),  # 中 as 7m
]


@pytest.mark.parametrize("text, win, jk, row, total", QIDUI, ids=[q[0] for q in QIDUI])
def test_seven_pairs_family(text, win, jk, row, total):
    r = hz().score(hand(text), win_tile=win, joker_tiles=jk)
    assert r.is_win and r.total == total and names(r) == [row], r
    ref = R.score("hangzhou", P(text), [], T(win), joker_kinds=tuple(T(x) for x in jk))
    assert ref.total == total and ref.fans == [(row, total)]


def test_seven_pairs_without_quads_option():
    r = hz(allow_quad=False).score(hand("1111335577m99p22s"), win_tile="1m", joker_tiles=["7z"])
    assert not r.is_win and r.reason.strip() and "\n" not in r.reason
    assert hz(allow_quad=False).score(hand("1133557799m2244p"), win_tile="1m", joker_tiles=["7z"]).total == 2


# ---------------------------------------------------------------------------------------------
# The 财神 input and bad input
# ---------------------------------------------------------------------------------------------
PLAIN = "123m456p789s111z7z5m"


def test_caishen_bound_as_an_option():
    rs = hz(caishen=["7z"])
    r = rs.score(hand(PLAIN), win_tile="5m", self_drawn=True)
    assert r.is_win and r.total == 2 and "暴头" in names(r)
    assert hz(caishen=["5z", "7z"]).score(hand("123m456p789s111z5z5m"), win_tile="5m", self_drawn=True).total == 2
    w = rs.waits(hand("123m456p789s111z7z"), self_drawn=True)
    assert len([k for k, v in w.items() if v.is_win]) >= 33


@pytest.mark.parametrize("name, call, words", [
    ("no caishen", lambda: hz().score(hand(PLAIN), win_tile="5m", self_drawn=True), ("caishen", "joker_tiles")),
    ("no caishen waits", lambda: hz().waits(hand("123m456p789s111z7z"), self_drawn=True), ("caishen", "joker_tiles")),
    ("indicator", lambda: hz().score(hand(PLAIN), win_tile="5m", indicator="6z"), ("indicator",)),
    ("indicator bound", lambda: hz(caishen=["7z"]).score(hand(PLAIN), win_tile="5m", indicator="6z"), ("indicator",)),
    ("17 tiles", lambda: hz().score(hand(PLAIN + "555z"), win_tile="5m", joker_tiles=["7z"]), ()),
    ("13 tiles", lambda: hz().score(hand("123m456p789s111z7z"), win_tile="1m", joker_tiles=["7z"]), ()),
    ("fifth copy", lambda: hz().score(hand("11111m456p789s11z7z"), win_tile="1m", joker_tiles=["7z"]), ()),
    ("context key", lambda: hz().score(hand(PLAIN), win_tile="5m", self_drawn=True, joker_tiles=["7z"],
                                       context={"baotou": 1}), ("baotou",)),
    ("caipiao 3", lambda: hz().score(hand(PLAIN), win_tile="5m", self_drawn=True, joker_tiles=["7z"],
                                     context={"caipiao": 3}), ("caipiao",)),
    ("caipiao -1", lambda: hz().score(hand(PLAIN), win_tile="5m", self_drawn=True, joker_tiles=["7z"],
                                      context={"caipiao": -1}), ("caipiao",)),
    ("caipiao str", lambda: hz().score(hand(PLAIN), win_tile="5m", self_drawn=True, joker_tiles=["7z"],
                                       context={"caipiao": "1"}), ("caipiao",)),
    ("waits caipiao 3", lambda: hz().waits(hand("123m456p789s111z7z"), self_drawn=True, joker_tiles=["7z"],
                                           context={"caipiao": 3}), ("caipiao",)),
])
def test_bad_input_is_a_value_error(name, call, words):
    raises_one_line(call, words)


def test_context_none_is_no_caipiao():
    r = hz().score(hand(PLAIN), win_tile="5m", self_drawn=True, joker_tiles=["7z"], context=None)
    assert r.total == 2 and "财飘" not in names(r)


# ---------------------------------------------------------------------------------------------
# Win conditions
# ---------------------------------------------------------------------------------------------
def test_a_melded_caishen_is_refused_unless_caishen_melds():
    for kind, tiles in (("pon", "777z"), ("minkan", "7777z"), ("kakan", "7777z")):
        r = hz().score(hand("456p789s111z55m"), melds=[Meld(kind, tiles)], win_tile="5m", self_drawn=True,
                       joker_tiles=["7z"])
        assert not r.is_win and "a 财神 cannot be melded" in r.reason, (kind, r)
        r = hz(caishen_melds=True).score(hand("456p789s111z55m"), melds=[Meld(kind, tiles)], win_tile="5m",
                                         self_drawn=True, joker_tiles=["7z"])
        assert r.is_win and r.total == 1, (kind, r)
    r = hz().score(hand("456p789s111z55m"), melds=[Meld("ankan", "7777z")], win_tile="5m", self_drawn=True,
                   joker_tiles=["7z"])
    assert r.is_win and r.total == 1                               # an 暗杠 of four 财神 is fine
    r = hz().score(hand("456p789s111z22m"), melds=[Meld("chi", "456m")], win_tile="2m", joker_tiles=["5m"])
    assert r.is_win and r.total == 1                               # a chi holding a 财神 kind is fine


def test_gangkai_needs_its_value():
    kw = dict(melds=[Meld("ankan", "1111m")], win_tile="5m", self_drawn=True, after_kong=True, joker_tiles=["7z"])
    r = hz().score(hand("456p789s111z55m"), **kw)
    assert not r.is_win and "pass gangkai=" in r.reason, r
    assert hz(gangkai=2).score(hand("456p789s111z55m"), **kw).total == 2
    r = hz(gangkai=3).score(hand("456p789s111z7z5m"), context={"caipiao": 1}, **kw)
    assert r.total == 12 and {"暴头", "财飘", "杠开"} <= set(names(r)), r    # 2 × 2 × 3
    with pytest.raises(ValueError):                                # after_kong needs self_drawn
        hz(gangkai=2).score(hand("456p789s111z55m"), **dict(kw, self_drawn=False))


def test_wins_on_a_discard_and_by_robbing_a_kong():
    assert hz().score(hand("123m456p789s111z55m"), win_tile="5m", joker_tiles=["7z"]).total == 1
    assert hz().score(hand("123m456p789s111z55m"), win_tile="5m", robbing_kong=True, joker_tiles=["7z"]).is_win
    r = hz().score(hand("19m19p19s1234567z1z"), win_tile="1z", self_drawn=True, joker_tiles=["7z"])
    assert not r.is_win                                            # no thirteen orphans


# ---------------------------------------------------------------------------------------------
# baotou_ready against the reference's brute force
# ---------------------------------------------------------------------------------------------
def _random_sets(rng, kinds, n):
    c = [0] * 34
    while True:
        c = [0] * 34
        for _ in range(n):
            starts = [k for k in kinds if k < 27 and R.rank(k) <= 7 and k + 1 in kinds and k + 2 in kinds]
            if starts and rng.random() < 0.5:
                s = rng.choice(starts)
                for d in range(3):
                    c[s + d] += 1
            else:
                c[rng.choice(kinds)] += 3
        if max(c) <= 4:
            return c


def baotou_hands(n, seed):
    """Seeded 13 - 3 * melds tile hands with 0-3 财神: half built as one 财神 + sets (some 财神 then
    moved into the sets), the rest random or one tile off."""
    rng = random.Random(f"hangzhou-baotou/{seed}")
    out = []
    while len(out) < n:
        jk = tuple(sorted(rng.choice([(33,), (4,), (31, 33), (rng.randrange(34),),
                                      tuple(rng.sample(range(34), 2))])))
        kinds = [t for t in range(34) if t not in jk or rng.random() < 0.15]
        n_melds = rng.choice((0, 0, 0, 1, 2))
        mode = rng.choice(("ready", "ready", "random", "off"))
        if mode == "random":
            c = [0] * 34
            for _ in range(13 - 3 * n_melds):
                c[rng.randrange(34)] += 1
        else:
            c = _random_sets(rng, kinds, 4 - n_melds)
            c[rng.choice(jk)] += 1
            tiles = [t for t in range(34) for _ in range(c[t]) if t not in jk]
            rng.shuffle(tiles)
            for t in tiles[:rng.choice((0, 0, 1, 2))]:           # 财神 in the sets too
                c[t] -= 1
                c[rng.choice(jk)] += 1
            if mode == "off":
                a = rng.choice([t for t in range(34) if c[t]])
                c[a] -= 1
                c[rng.randrange(34)] += 1
        if rng.random() < 0.1:                                  # no 财神 at all
            for p in jk:
                while c[p]:
                    c[p] -= 1
                    c[rng.choice([t for t in range(34) if t not in jk])] += 1
        free = [t for t in range(27) if c[t] == 0 and t not in jk]
        melds = [("pon", t) for t in rng.sample(free, n_melds)]
        if max(c) > 4 or sum(c[p] for p in jk) > 3:
            continue
        out.append((c, melds, jk))
    return out


def test_baotou_ready_matches_the_reference():
    from mjpy.rules.hangzhou import baotou_ready

    bad, pos = [], 0
    cases = baotou_hands(400, 0)
    for c, melds, jk in cases:
        want = R.baotou_ready(c, melds, joker_kinds=jk)
        pos += want
        got = baotou_ready(np.array(c, np.uint8), [Meld("pon", [t] * 3) for _, t in melds],
                           joker_tiles=[R.name(t) for t in jk])
        if bool(got) != want:
            bad.append(f"{R.to_str(c)} melds={[R.name(t) for _, t in melds]} 财神={[R.name(t) for t in jk]}: "
                       f"engine {got}, reference {want}")
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:8])
    assert 120 <= pos <= 320, pos                                  # both answers are exercised
    n_jokers = {sum(c[p] for p in jk) for c, _, jk in cases}
    assert n_jokers == {0, 1, 2, 3}, n_jokers


def test_baotou_ready_bad_input():
    from mjpy.rules.hangzhou import baotou_ready

    with pytest.raises(ValueError) as ei:
        baotou_ready(hand("123m456p789s111z"), joker_tiles=["7z"])   # 12 tiles
    one_line_error(ei)
    assert baotou_ready(hand("123m456p789s111z7z"), joker_tiles=["7z"])
    assert baotou_ready(hand("123m456p789s7z"), [Meld("pon", "111z")], joker_tiles=["7z"])
    assert not baotou_ready(hand("123m456p789s111z5z"), joker_tiles=["7z"])     # no 财神 in the hand
    assert not baotou_ready(hand("123m456p789s111z7z"), joker_tiles=["5m"])     # 白 is not 财神 here
