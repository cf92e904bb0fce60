"""Wenzhou (溫州麻將, docs/rules.md#wenzhou) on the engine (``rules.get("wenzhou")``): a 16-tile game,
a complete hand is 17 tiles (five sets and a pair, 3 tiles per meld), with 財神 jokers the caller names.

* the templates TP-WZ-01..03 of tests/data/regional_vectors.json made concrete: the five shapes
  AA + ABC×5 ... AA + ABC + AAA×4 are plain wins of 1 倍 (and the unlisted all-pungs shape is the
  option ``allow_all_pungs``); 硬八對 (8 pairs and a single, no 財神) ×2; three 財神 win whatever
  the shape, ×2, 算硬牌;
* every row by hand (天胡, 地胡, 單吊, 硬牌 / 軟牌 with their values given), the product of the rows,
  the best reading (the highest total, then the fewest 財神 standing in);
* the win condition (a melded 財神) and the options;
* waits of 16-tile hands, 17-tile score_batch rows (melds as lists or as ``melds_array(slots=5)``)
  equal to the scalar scores;
* bad input (14 tiles, 6 melds, no 財神, an indicator, a context) is a one-line ValueError.

Each expectation is worked out by hand in its comment and checked against the plain reference of
tests/reference_regional.py too.  The random comparison of every row with the reference (score,
waits, score_batch) is tests/test_engine_regional.py.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from conftest import load_vectors, one_line_error, raises_one_line
from mjpy import Meld, rules
from mjpy.rules.engine import melds_array

import reference_regional as R
from regional_helpers import P, T, hand, names, ref_melds, rows, ref_score


def ref(text, win, melds=(), jk=("7z",), **kw):
    return ref_score("wenzhou", text, win, melds, jk, **kw)

VEC = {v["id"]: v for v in load_vectors("regional_vectors") if v["ruleset"] == "wenzhou"}
#: 財神 kinds the template hands below do not hold (so every 財神 in a hand is placed on purpose)
CAISHEN = (["7z"], ["5p"], ["4z", "7z"])
CHOWS = ["123m", "456m", "789p", "234s", "678s"]
PUNGS = ["999m", "111p", "555s", "333z", "666z"]
PLAIN = "11m123456789m123p456p"          # 11 + five chows, 17 tiles
#: five declared melds, all chi / pon / minkan / kakan: the concealed part is the pair (單吊)
FIVE = [Meld("chi", "123m"), Meld("pon", "222p"), Meld("minkan", "3333s"), Meld("kakan", "4444z"),
        Meld("chi", "789p")]


def wz(**opts):
    return rules.get("wenzhou", **opts)












def test_wenzhou_vectors_are_present():
    assert sorted(VEC) == ["TP-WZ-01", "TP-WZ-02", "TP-WZ-03"]
    for v in VEC.values():
        assert v["kind"] == "templates" and v["see"] == "docs/rules.md#wenzhou" and v["source"] == "WZ"


def test_options_are_the_reference_defaults():
    assert rules.options("wenzhou") == R.DEFAULTS["wenzhou"]
    assert rules.registry.options("wenzhou") == R.DEFAULTS["wenzhou"]
    assert wz().name == "wenzhou"


# ---------------------------------------------------------------------------------------------
# TP-WZ-01: AA + ABC×5 ... AA + ABC + AAA×4, a plain win is 1
# ---------------------------------------------------------------------------------------------
def template_hand(tpl, pair):
    n_chow = sum(int(p.partition("×")[2] or 1) for p in tpl.split("+")[1:] if p.startswith("ABC"))
    n_pung = sum(int(p.partition("×")[2] or 1) for p in tpl.split("+")[1:] if p.startswith("AAA"))
    return pair + "".join(CHOWS[:n_chow]) + "".join(PUNGS[:n_pung]), n_chow, n_pung


@pytest.mark.parametrize("jk", CAISHEN, ids=lambda jk: "+".join(jk))
@pytest.mark.parametrize("tpl", VEC["TP-WZ-01"]["template"])
def test_TP_WZ_01_five_shapes_are_plain_wins(tpl, jk):
    want = VEC["TP-WZ-01"]["expected"]
    rs = wz()
    for pair in ("11z", "88m", "22s"):
        text, n_chow, n_pung = template_hand(tpl, pair)
        assert n_chow + n_pung == want["n_sets"] and sum(P(text)) == want["tiles_each"]
        win = pair[0] + pair[-1]
        for sd in (False, True):                              # no row depends on the self-draw
            r = rs.score(hand(text), win_tile=win, self_drawn=sd, joker_tiles=jk)
            assert bool(r.is_win) == want["is_win"] and r.total == want["total"], (text, jk, r)
            assert rows(r) == [("平胡", 1)], r
        # the listed shapes all hold a chow: allow_all_pungs=False still scores them
        assert wz(allow_all_pungs=False).score(hand(text), win_tile=win, joker_tiles=jk).total == 1
        if n_pung:                                            # a declared kong is one of the sets
            kong = PUNGS[0][0] * 4 + PUNGS[0][-1]
            r = rs.score(hand(text.replace(PUNGS[0], "", 1)), melds=[Meld("ankan", kong)], win_tile=win,
                         joker_tiles=jk)
            assert r.is_win and r.total == 1, (text, r)
        assert ref(text, win, jk=jk).total == 1


def test_all_pungs_is_the_option_allow_all_pungs():
    text = "11z999m111p555s333z666z"                         # AA + AAA×5: not a listed shape
    r = wz().score(hand(text), win_tile="1z", joker_tiles=["7z"])
    assert r.is_win and r.total == 1
    r = wz(allow_all_pungs=False).score(hand(text), win_tile="1z", joker_tiles=["7z"])
    assert not r.is_win and "all pungs is not a listed shape" in r.reason, r
    # pungs and a declared chi: a chow is there (melds included)
    r = wz(allow_all_pungs=False).score(hand("11z999m111p555s333z"), melds=[Meld("chi", "456s")], win_tile="1z",
                                        joker_tiles=["7z"])
    assert r.is_win and r.total == 1
    # pungs, 7p 8p and a 白: 白 as 6p or 9p makes the chow (軟, no value given: 1)
    r = wz(allow_all_pungs=False).score(hand("11z999m111s555s333z78p7z"), win_tile="1z", joker_tiles=["7z"])
    assert r.is_win and r.total == 1, r
    # pungs of honors and three 白: no chow can be read, but 三財神 wins whatever the shape (×2)
    r = wz(allow_all_pungs=False).score(hand("11z222z333z444z55z6z7z7z7z"), win_tile="6z", joker_tiles=["7z"])
    assert r.is_win and r.total == 2 and "三財神" in names(r), r


# ---------------------------------------------------------------------------------------------
# TP-WZ-02: 硬八對, 8 pairs + a single, no 財神: ×2
# ---------------------------------------------------------------------------------------------
EIGHT_PAIRS = [
    ("1122334455667788m9p", "9p"),           # AA×8 + B
    ("1122334455667788m9p", "1m"),           # the winning tile completes a pair
    ("1111m2233445566778m", "8m"),           # 1111m: two of the pairs (allow_quad)
    ("111m22p44p66p88p11s33s55s", "1m"),     # 111m: a pair and the single
    ("11z22z33z44z55z66z1199m5p", "5p"),
]


@pytest.mark.parametrize("text, win", EIGHT_PAIRS)
def test_TP_WZ_02_yingbadui(text, win):
    want = VEC["TP-WZ-02"]["expected"]
    assert sum(P(text)) == want["tiles"]
    r = wz().score(hand(text), win_tile=win, joker_tiles=["7z"])
    assert r.is_win and r.total == want["multiplier"] and dict(rows(r))[want["pattern"]] == 2, r
    assert names(r) == ["平胡", "硬八對"]
    assert ref(text, win).total == 2
    # with a yingpai value it is 硬 (no 財神 at all): 2 × 3
    assert wz(yingpai=3).score(hand(text), win_tile=win, joker_tiles=["7z"]).total == 6


def test_yingbadui_needs_no_caishen_and_quads_follow_allow_quad():
    assert not VEC["TP-WZ-02"]["expected"]["caishen_allowed"]
    # 白 in place of B: not 硬八對; 白 as a 7m makes five sets and a pair (123 123 456 456 777 + 88): 1
    r = wz().score(hand("1122334455667788m7z"), win_tile="1m", joker_tiles=["7z"])
    assert r.is_win and r.total == 1 and "硬八對" not in names(r), r
    # 2z is 財神 and held twice: neither 硬八對 nor five sets
    r = wz().score(hand("1199m1199p1199s1122z5z"), win_tile="5z", joker_tiles=["2z"])
    assert not r.is_win and r.reason.strip() and "\n" not in r.reason
    assert wz().score(hand("1199m1199p1199s1122z5z"), win_tile="5z", joker_tiles=["7z"]).total == 2
    # allow_quad=False: four of a kind is not two pairs
    r = wz(allow_quad=False).score(hand("1111m2233445566778m"), win_tile="8m", joker_tiles=["7z"])
    assert not r.is_win
    # eight pairs need no melds
    r = wz().score(hand("11m22p44p66p88p11s55s"), melds=[Meld("pon", "333s")], win_tile="1m", joker_tiles=["7z"])
    assert not r.is_win


# ---------------------------------------------------------------------------------------------
# TP-WZ-03: three 財神 win whatever the shape, ×2, 算硬牌
# ---------------------------------------------------------------------------------------------
THREE = [
    ("119m19p19s1234566z777z", "1m", ["7z"]),          # 3 白, no shape at all
    ("13579m2468p13579s5z5z7z", "1m", ["5z", "7z"]),    # 中中白
    ("1469m28p3689s127z5p5p5p5p", "5p", ["5p"]),        # four 5p, the winning tile one of them
]


@pytest.mark.parametrize("text, win, jk", THREE)
def test_TP_WZ_03_three_caishen(text, win, jk):
    want = VEC["TP-WZ-03"]["expected"]
    assert sum(P(text)) == 17
    for sd in (False, True):
        r = wz().score(hand(text), win_tile=win, self_drawn=sd, joker_tiles=jk)
        assert bool(r.is_win) == want["is_win"] and r.total == want["multiplier"], r
        assert names(r) == ["三財神", "平胡"] and dict(rows(r))[want["pattern"]] == 2
    # 算硬牌: the 硬牌 value applies (2 × 3), not the 軟牌 one
    r = wz(yingpai=3, ruanpai=5).score(hand(text), win_tile=win, joker_tiles=jk)
    assert r.total == 6 and want["counts_as"] in names(r) and "軟牌" not in names(r), r
    assert ref(text, win, jk=jk, yingpai=3, ruanpai=5).total == 6
    # bound as the option caishen: the same
    assert wz(caishen=jk).score(hand(text), win_tile=win).total == 2


def test_two_caishen_are_not_three():
    r = wz().score(hand("1119m19p19s1234566z77z"), win_tile="1m", joker_tiles=["7z"])
    assert not r.is_win


def test_three_caishen_with_a_shape_takes_the_best_reading():
    text = "1234567m7777z123456p"                        # 4 白; every five-sets reading needs a 白 standing in
    # yingpai 3 > ruanpai 2: the any-shape reading (硬) 2 × 3 = 6 beats five sets (軟) 2 × 2 = 4
    r = wz(yingpai=3, ruanpai=2).score(hand(text), win_tile="1m", joker_tiles=["7z"])
    assert r.total == 6 and names(r) == ["三財神", "平胡", "硬牌"], r
    # yingpai 1 < ruanpai 2: five sets (軟) 2 × 2 = 4 beats the any shape 2 × 1
    r = wz(yingpai=1, ruanpai=2).score(hand(text), win_tile="1m", joker_tiles=["7z"])
    assert r.total == 4 and names(r) == ["三財神", "平胡", "軟牌"], r
    # no values: 2 either way
    assert wz().score(hand(text), win_tile="1m", joker_tiles=["7z"]).total == 2
    # 白白白 at its face in five sets (硬) or as 4p5p6p (軟): ruanpai 4 wins, 2 × 4 = 8
    r = wz(yingpai=1, ruanpai=4).score(hand("11m123456789m123p7z7z7z"), win_tile="1m", joker_tiles=["7z"])
    assert r.total == 8 and "軟牌" in names(r), r
    for text, win, kw in ((text, "1m", dict(yingpai=3, ruanpai=2)), (text, "1m", dict(yingpai=1, ruanpai=2)),
                          ("11m123456789m123p7z7z7z", "1m", dict(yingpai=1, ruanpai=4))):
        assert wz(**kw).score(hand(text), win_tile=win, joker_tiles=["7z"]).total == ref(text, win, **kw).total


# ---------------------------------------------------------------------------------------------
# The other rows, by hand
# ---------------------------------------------------------------------------------------------
ROWS = [
    # (id, hand, melds, win, options, flags, rows, total)
    ("plain", PLAIN, [], "1m", {}, {}, ["平胡"], 1),
    ("tianhu", PLAIN, [], "1m", {}, dict(self_drawn=True, dealer=True, tianhu=True), ["天胡", "平胡"], 2),
    ("dihu", PLAIN, [], "1m", {}, dict(dihu=True), ["地胡", "平胡"], 2),
    ("dandiao", "55z", FIVE, "5z", {}, {}, ["單吊", "平胡"], 2),
    # an 暗杠 among the five melds: no 單吊
    ("dandiao-ankan", "55z", FIVE[:4] + [Meld("ankan", "9999m")], "5z", {}, {}, ["平胡"], 1),
    # 白 pairs with the 5z: 單吊 × 軟牌 3 = 6
    ("dandiao-ruan", "5z7z", FIVE, "5z", dict(ruanpai=3), {}, ["單吊", "平胡", "軟牌"], 6),
    ("yingpai", PLAIN, [], "1m", dict(yingpai=3), {}, ["平胡", "硬牌"], 3),
    ("yingpai-ruan", "11m123456789m123p45p7z", [], "1m", dict(yingpai=3), {}, ["平胡"], 1),      # 軟, no value
    ("ruanpai", "11m123456789m123p45p7z", [], "1m", dict(ruanpai=2), {}, ["平胡", "軟牌"], 2),    # 白 as 3p / 6p
    ("ruanpai-hard", PLAIN, [], "1m", dict(ruanpai=2), {}, ["平胡"], 1),
    # the 財神 5p at its own face inside 456p: 硬
    ("face", PLAIN, [], "1m", dict(yingpai=2, ruanpai=5, caishen=["5p"]), {}, ["平胡", "硬牌"], 2),
    # 單吊 × 地胡 × 軟牌: 2 × 2 × 3 = 12
    ("product", "5z7z", FIVE, "5z", dict(ruanpai=3), dict(dihu=True), ["單吊", "地胡", "平胡", "軟牌"], 12),
    # 硬八對 × 天胡 × 硬牌: 2 × 2 × 2 = 8
    ("eight-tianhu", "1122334455667788m9p", [], "9p", dict(yingpai=2), dict(self_drawn=True, dealer=True, tianhu=True),
     ["天胡", "平胡", "硬八對", "硬牌"], 8),
    # no rows for 杠上开花, 海底, 抢杠 or the winds
    ("no-situational", PLAIN, [], "1m", {}, dict(self_drawn=True, after_kong=True, last_tile=True, seat_wind="S",
                                                 round_wind="W", dealer=True), ["平胡"], 1),
    ("robbing", PLAIN, [], "1m", {}, dict(robbing_kong=True), ["平胡"], 1),
]


@pytest.mark.parametrize("rid, text, melds, win, opts, flags, want_rows, total", ROWS, ids=[r[0] for r in ROWS])
def test_rows_by_hand(rid, text, melds, win, opts, flags, want_rows, total):
    kw = {} if "caishen" in opts else {"joker_tiles": ["7z"]}
    r = wz(**opts).score(hand(text), melds=melds, win_tile=win, **flags, **kw)
    assert r.is_win and r.total == total and names(r) == sorted(want_rows), r
    assert r.unit == "倍"
    assert Fraction(r.total) == math.prod(Fraction(v) for _, v in rows(r))      # the product of the rows
    ref_flags = {k: ("ESWN".index(v) if k.endswith("_wind") else v) for k, v in flags.items()}
    ref_opts = dict(opts)
    jk = tuple(ref_opts.pop("caishen", ["7z"]))
    want = ref(text, win, melds, jk=jk, **ref_flags, **ref_opts)
    assert want.total == total and sorted(n for n, _ in want.fans) == sorted(want_rows)


def test_a_melded_caishen_is_refused():
    for kind, tiles in (("pon", "777z"), ("minkan", "7777z"), ("kakan", "7777z")):
        r = wz().score(hand("11m123456789m123p"), melds=[Meld(kind, tiles)], win_tile="1m", joker_tiles=["7z"])
        assert not r.is_win and "a 財神 cannot be melded" in r.reason, (kind, r)
        assert "\n" not in r.reason
    # even where three more 財神 are held (三財神 is no excuse): 中 and 白 are 財神
    r = wz().score(hand("11m123456789m7z7z7z"), melds=[Meld("pon", "555z")], win_tile="1m", joker_tiles=["5z", "7z"])
    assert not r.is_win and "a 財神 cannot be melded" in r.reason, r
    r = wz().score(hand("11m123456789m123p"), melds=[Meld("ankan", "7777z")], win_tile="1m", joker_tiles=["7z"])
    assert r.is_win                                               # an 暗杠 of four 財神 is fine
    r = wz().score(hand("11m123456789m123p"), melds=[Meld("chi", "456m")], win_tile="1m", joker_tiles=["5m"])
    assert r.is_win and r.total == 1                              # a chi is not checked


def test_sancaishen_counts_the_concealed_caishen_only():
    """三財神: "a hand holding 3 or more 財神 tiles (concealed; melds cannot hold them)": the 財神
    tiles of declared melds (an 暗杠 of four 財神, the 財神 kind in a chi) are not counted."""
    # an 暗杠 of four 白 and no 白 among the concealed tiles: five sets and a pair, 1
    r = wz().score(hand("11m123456789m123p"), melds=[Meld("ankan", "7777z")], win_tile="1m", joker_tiles=["7z"])
    assert r.is_win and r.total == 1 and "三財神" not in names(r), r
    # two 5m concealed and the 5m of a declared 345m chi: two concealed 財神, 1
    r = wz().score(hand("55m789m123p456p789s"), melds=[Meld("chi", "345m")], win_tile="9s", joker_tiles=["5m"])
    assert r.is_win and r.total == 1 and "三財神" not in names(r), r
    assert ref("55m789m123p456p789s", "9s", [Meld("chi", "345m")], jk=("5m",)).total == 1
    # three 5m concealed beside the chi: 三財神, 2
    r = wz().score(hand("555m789m123p456p11z"), melds=[Meld("chi", "345m")], win_tile="1z", joker_tiles=["5m"])
    assert r.is_win and r.total == 2 and "三財神" in names(r), r


def test_fifth_copy_option():
    text = "1111m234p567s789s123s7z"                     # 白 can only be a fifth 1m (111m + 1m白)
    assert wz().score(hand(text), win_tile="2p", joker_tiles=["7z"]).total == 1
    assert not wz(allow_fifth_copy=False).score(hand(text), win_tile="2p", joker_tiles=["7z"]).is_win


def test_no_seven_pairs_no_thirteen_orphans():
    # 13 orphans + a pair + a chow: 17 tiles, but no such form here
    r = wz().score(hand("19m19p19s11234567z123m"), win_tile="1z", joker_tiles=["7z"])
    assert not r.is_win


# ---------------------------------------------------------------------------------------------
# Waits of 16-tile hands
# ---------------------------------------------------------------------------------------------
def win_kinds(got):
    return sorted(T(k) for k, r in got.items() if r.is_win)


def test_waits_of_sixteen_tile_hands():
    rs = wz()
    # 1123456789m + 123p 456p: 1m (11 + 123 456 789), 4m (11 + 234 456 789), 7m (11 + 234 567 789),
    # and 白 (pairs with the 1m); 1 each, self-drawn or not
    for sd in (False, True):
        got = rs.waits(hand("1123456789m123p456p"), self_drawn=sd, joker_tiles=["7z"])
        assert win_kinds(got) == [T("1m"), T("4m"), T("7m"), T("7z")], got
        assert all(r.total == 1 for r in got.values() if r.is_win)
    # 8 pairs: every tile is the single (硬八對, 2) but 白, which makes five sets and a pair (1)
    got = rs.waits(hand("1122334455667788m"), joker_tiles=["7z"])
    assert win_kinds(got) == list(range(34))
    assert {T(k): r.total for k, r in got.items()} == {t: (1 if t == 33 else 2) for t in range(34)}
    # three 白 and junk: every tile wins, 三財神 ×2
    got = rs.waits(hand("19m19p19s1234566z777z"), joker_tiles=["7z"])
    assert win_kinds(got) == list(range(34)) and all(r.total == 2 for r in got.values())
    # 單吊: five exposed melds and one tile waits on that tile and on 白, ×2
    got = rs.waits(hand("5z"), melds=FIVE, joker_tiles=["7z"])
    assert win_kinds(got) == [T("5z"), 33] and all(r.total == 2 and "單吊" in names(r) for r in got.values())
    # the reference agrees
    for text, melds in (("1123456789m123p456p", []), ("1122334455667788m", []), ("5z", FIVE)):
        want = R.waits("wenzhou", P(text), ref_melds(melds), joker_kinds=(33,))
        got = rs.waits(hand(text), melds=melds, joker_tiles=["7z"])
        assert {T(k): r.total for k, r in got.items() if r.is_win} == {t: r.total for t, r in want.items()}


def test_waits_bound_caishen_and_options():
    got = wz(caishen=["7z"], yingpai=2, ruanpai=1).waits(hand("1123456789m123p456p"))
    assert {T(k): r.total for k, r in got.items() if r.is_win} == {0: 2, 3: 2, 6: 2, 33: 1}    # 白 stands in: 軟 1


# ---------------------------------------------------------------------------------------------
# score_batch: 17-tile rows
# ---------------------------------------------------------------------------------------------
BATCH = [
    (PLAIN, [], "1m", {}),
    ("1122334455667788m9p", [], "9p", {}),
    ("119m19p19s1234566z777z", [], "1m", {}),
    ("55z", FIVE, "5z", {}),
    ("5z7z", FIVE, "5z", dict(dihu=True)),
    ("11m123456789m123p45p7z", [], "1m", {}),
    ("11m123456789m123p45p9s", [], "1m", {}),                       # not complete: -1
    ("11m123456789m123p", [Meld("pon", "777z")], "1m", {}),        # a melded 財神: -1
    ("11z999m111p555s333z666z", [], "1z", {}),                     # all pungs
    (PLAIN, [], "1m", dict(self_drawn=True, dealer=True, tianhu=True)),
    ("11m123456789m123p", [Meld("ankan", "1111s")], "1m", {}),
    ("678s55z", [Meld("chi", "123m"), Meld("pon", "222p"), Meld("ankan", "3333s"), Meld("kakan", "4444z")], "6s", {}),
]


@pytest.mark.parametrize("opts", [{}, dict(yingpai=1, ruanpai=2), dict(allow_all_pungs=False, yingpai=3),
                                  dict(caishen=["7z"], ruanpai=4)], ids=str)
def test_score_batch_rows_equal_scalar_scores(opts):
    rs = wz(**opts)
    jkw = {} if "caishen" in opts else {"joker_tiles": ["7z"]}
    hands = np.array([P(t) for t, _, _, _ in BATCH], np.uint8)
    wins = np.array([T(w) for _, _, w, _ in BATCH])
    meld_lists = [m for _, m, _, _ in BATCH]
    flags = {k: np.array([bool(f.get(k)) for _, _, _, f in BATCH]) for k in ("self_drawn", "dealer", "tianhu", "dihu")}
    want = []
    for text, melds, win, f in BATCH:
        r = rs.score(hand(text), melds=melds, win_tile=win, **f, **jkw)
        want.append(r.total if r.is_win else -1)
    assert want.count(-1) >= 2 and len(set(want)) >= 3, want
    ref_opts = {k: v for k, v in opts.items() if k != "caishen"}
    assert want == [(lambda r: r.total if r.is_win else -1)(ref(t, w, m, **f, **ref_opts)) for t, m, w, f in BATCH]
    arr = melds_array(meld_lists, slots=5)
    assert arr.shape == (len(BATCH), 5, 2)
    for melds in (meld_lists, arr):
        for workers in (1, 2):
            got = rs.score_batch(hands, wins, melds=melds, workers=workers, **flags, **jkw)
            assert isinstance(got, np.ndarray) and got.shape == (len(BATCH),)
            assert got.tolist() == want, (workers, type(melds))


def test_score_batch_bad_rows():
    rs = wz()
    hands = np.array([P(PLAIN), P("123456789m123p11z")], np.uint8)       # row 1: 14 tiles
    with pytest.raises(ValueError, match=r"hands\[1\]") as ei:
        rs.score_batch(hands, [0, 0], joker_tiles=["7z"])
    one_line_error(ei)
    with pytest.raises(ValueError) as ei:                                # no 財神 named
        rs.score_batch(hands[:1], [0])
    one_line_error(ei)


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, call, words", [
    ("14 tiles", lambda: wz().score(hand("123456789m123p11z"), win_tile="1m", joker_tiles=["7z"]), ("14",)),
    ("18 tiles", lambda: wz().score(hand(PLAIN + "5z"), win_tile="1m", joker_tiles=["7z"]), ("18",)),
    ("14 with melds", lambda: wz().score(hand("123456789m11z"), melds=[Meld("pon", "111p")], win_tile="1m",
                                         joker_tiles=["7z"]), ("14", "11")),
    ("6 melds", lambda: wz().score(hand("11z"), melds=FIVE + [Meld("pon", "999s")], win_tile="1z",
                                   joker_tiles=["7z"]), ("6", "meld")),
    ("no caishen", lambda: wz().score(hand(PLAIN), win_tile="1m"), ("caishen", "joker_tiles")),
    ("no caishen waits", lambda: wz().waits(hand("1123456789m123p456p")), ("caishen", "joker_tiles")),
    ("indicator", lambda: wz().score(hand(PLAIN), win_tile="1m", indicator="6z"), ("indicator",)),
    ("indicator bound", lambda: wz(caishen=["7z"]).score(hand(PLAIN), win_tile="1m", indicator="6z"), ("indicator",)),
    ("fifth copy", lambda: wz().score(hand("11111m234m567m123p99p9s"), win_tile="1m", joker_tiles=["7z"]), ()),
    ("waits 13 tiles", lambda: wz().waits(hand("123456789m123p1z"), joker_tiles=["7z"]), ("13",)),
    ("context", lambda: wz().score(hand(PLAIN), win_tile="1m", joker_tiles=["7z"], context={"caipiao": 1}),
     ("caipiao", "context")),
    ("tianhu with dihu", lambda: wz().score(hand(PLAIN), win_tile="1m", joker_tiles=["7z"], self_drawn=True,
                                            tianhu=True, dihu=True), ()),
    ("after_kong on a discard", lambda: wz().score(hand(PLAIN), win_tile="1m", joker_tiles=["7z"],
                                                   after_kong=True), ()),
])
def test_bad_input_is_a_value_error(name, call, words):
    raises_one_line(call, words)


@pytest.mark.parametrize("opts", [dict(yingpai="x"), dict(ruanpai=-1), dict(caishen=[])], ids=str)
def test_bad_options(opts):
    with pytest.raises((ValueError, TypeError)) as ei:
        wz(**opts).score(hand(PLAIN), win_tile="1m", joker_tiles=["7z"] if "caishen" not in opts else None)
    one_line_error(ei)
