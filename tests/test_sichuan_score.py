"""Sichuan 血战到底 scoring: every Sichuan vector of tests/data/hands.json, the fan table rows, stacking
and 根 rules, options, 查大叫 (brute force against ``score``; batch against scalar) and bad input
(docs/rules.md#sichuan-fan, #sichuan-points)."""
import json
import pickle
import zlib

import numpy as np
import pytest

import mjpy
from mjpy import Meld
from mjpy.rules import sichuan as S

from conftest import load_vectors


def _sichuan_vectors():
    out = []
    for section in ("hands", "waits"):
        for v in load_vectors(section):
            if v["id"].startswith(("SC-", "CD-")) or str(v.get("ruleset", "")).startswith(("sichuan", "chengdu")):
                out.append(pytest.param(v, id=v["id"]))
    return out


VEC = _sichuan_vectors()


def _melds(v):
    return [Meld(m["kind"], m["tiles"]) for m in v.get("melds", [])]


# Per-vector notes: what tests/data/hands.json says about the malformed / inconsistent ones, and the
# corrected expectation tested besides the literal one (docs/rules.md#sichuan-fan, #sichuan-points).
VECTOR_NOTES = {
    "SC-A-05": "inconsistent: the 七对 example holds four 2万 -> 龙七对 5番 (1 根 − 1 = 0)",
    "SC-A-12": "inconsistent: scrambled copy of 清对 is seven pairs -> 清七对 5番; the clean hand is SC-A-06",
    "SC-A-13": "unusable: scrambled PDF text, no hand",
    "SC-B-05": "inconsistent: labelled 清七对 but mixed suits; = 七对 3 + 1 根 = 4分",
    "SC-B-07": "malformed: three suits -> not a win; corrected 222m555m888m222s55s = 将对 4分",
    "SC-B-08": "malformed: no quad, so no 根 -> 平胡 1分 (not 2)",
    "SC-B-10": "unusable: no hand given",
    "SC-B-11": "malformed: seven different pairs, no 根 -> 七对 3分 (not 5)",
    "SC-B-13": "inconsistent: two 根 (7条, 8条) -> 5分 (the source's 4分 is an arithmetic slip)",
    "SC-B-14": "malformed: '124条' is not a set -> not a win; corrected 123s567s789s888s77s = 5分",
}
CORRECTED = {  # vector id -> (hand, expected total)
    "SC-B-07": ("222m555m888m222s55s", 4),
    "SC-B-14": ("123s567s789s888s77s", 5),
    "SC-A-12": ("99977755511166p", 4),
}


def test_vectors_found():
    assert len(VEC) >= 28, "tests/data/hands.json: Sichuan vectors missing"


@pytest.mark.parametrize("v", VEC)
def test_vector(v):
    exp = v["expected"]
    if v["status"] == "unusable" or exp is None or v.get("hand") is None:
        # nothing to score (the data marks it unusable: no hand, or a scrambled one): check that
        # the vector is what the data says and that we documented why
        assert v["id"] in VECTOR_NOTES and v["status"] in ("unusable", "malformed")
        return
    if v["status"] in ("inconsistent", "malformed"):
        assert v["id"] in VECTOR_NOTES, "document every malformed/inconsistent vector"
    r = S.score(v["hand"], melds=_melds(v), win_tile=v.get("win_tile"), profile=v["ruleset"])
    assert r.is_win == exp["is_win"]
    if not exp["is_win"]:
        assert r.reason
        assert r.total_fan == 0 and r.fans == []
        return
    for key in ("base", "base_fan", "total_fan", "multiplier", "kongs"):
        if key in exp:
            assert getattr(r, key) == exp[key], key
    if isinstance(exp.get("gen"), int):
        assert r.gen == exp["gen"]
    elif "gen" in exp:  # "1 − 1 = 0": the counted 根 is the last number
        assert r.gen == int(exp["gen"].split("=")[-1].strip())
    if "total_points" in exp:
        assert r.total_points == exp["total_points"] and r.total_fan == exp["total_points"]
    if "points_at_base6" in exp:
        assert r.points == exp["points_at_base6"]


@pytest.mark.parametrize("vid", sorted(CORRECTED))
def test_vector_corrections(vid):
    hand, total = CORRECTED[vid]
    profile = "sichuan_points" if vid.startswith("SC-B") else "sichuan_fan"
    r = S.score(hand, profile=profile)
    assert r.is_win and r.total_fan == total


def test_sc_a_04_needs_the_sequence_reading():
    # 111222333m: the pung reading is not 带幺九, the 123m×3 reading is
    r = S.score("111222333m78999p", win_tile="9p")
    assert r.base == "带幺九" and r.base_fan == 3


# ---------------------------------------------------------------------------------------------
# the fan table, row by row (sichuan_fan)
# ---------------------------------------------------------------------------------------------
FAN_ROWS = [
    # (hand, melds, flags, base, base_fan, gen, total)
    ("23445677p345789s", [], {}, "平胡", 1, 0, 1),
    ("111222444m33399p", [], {}, "对对胡", 2, 0, 2),
    ("11222333456999s", [], {}, "清一色", 3, 0, 3),
    ("111222333m78999p", [], {}, "带幺九", 3, 0, 3),
    ("112299m44668899p", [], {}, "七对", 3, 0, 3),
    ("11155566777999p", [], {}, "清对", 4, 0, 4),
    ("55888m222555888s", [], {}, "将对", 4, 0, 4),
    ("557799m11222244p", [], {}, "龙七对", 5, 0, 5),
    ("11334466778899s", [], {}, "清七对", 5, 0, 5),
    ("11123777888999p", [], {}, "清幺九", 5, 0, 5),
    ("23445677p345789s", [], {"tianhu": True, "self_drawn": True}, "天胡", 6, 0, 6),
    ("23445677p345789s", [], {"dihu": True, "self_drawn": True}, "地胡", 6, 0, 6),
    ("11224444557799m", [], {}, "清龙七对", 6, 0, 6),
]


@pytest.mark.parametrize("hand, melds, flags, base, base_fan, gen, total", FAN_ROWS,
                         ids=[r[3] for r in FAN_ROWS])
def test_fan_row(hand, melds, flags, base, base_fan, gen, total):
    r = S.score(hand, melds=melds, **flags)
    assert (r.base, r.base_fan, r.gen, r.total_fan, r.multiplier) == (base, base_fan, gen, total, 2 ** (total - 1))
    assert r.fans[0] == (base, base_fan)
    assert r.fans[0].alias == S.ALIASES[base] and r.base_alias == S.ALIASES[base]
    assert r.points == 6 * r.multiplier


def test_table_is_data():
    """FAN_TABLES: each profile's rule-engine rows (mjpy.rules.sichuan_tables) under its preset options."""
    from mjpy.rules.engine import Fan

    names = [row.name for row in S.FAN_TABLES["sichuan_fan"]]
    assert sorted(names[:13]) == sorted(["平胡", "对对胡", "清一色", "带幺九", "七对", "清对", "将对", "龙七对", "清七对",
                                         "清幺九", "天胡", "地胡", "清龙七对"])
    for profile, rows in S.FAN_TABLES.items():
        for row in rows:
            assert isinstance(row, Fan) and row.group in ("base", "extra") and isinstance(row.value, int)
            assert S.ALIASES[row.name] == row.en
    long = [r for r in S.FAN_TABLES["sichuan_fan"] if r.name == "根"]
    assert [r.less for r in long][:2] == [0, 1]         # 龙七对 takes one 根 (then 碰 + the fourth held)
    assert S.FanRow is Fan
    with pytest.raises(AttributeError, match="removed"):
        S.HandFacts


def test_extras_add():
    r = S.score("23445677p345789s", win_tile="7p", self_drawn=True, after_kong=True)
    assert r.fans == [("平胡", 1), ("杠上花", 1)] and r.total_fan == 2 and r.multiplier == 2
    r = S.score("23445677p345789s", win_tile="7p", kong_discard=True)
    assert r.fans == [("平胡", 1), ("杠上炮", 1)] and r.total_fan == 2
    # 抢杠 gives no 番 in sichuan_fan (no such row in SC-A)
    assert S.score("23445677p345789s", win_tile="7p", robbing_kong=True).total_fan == 1
    assert [a for a, _ in S.score("23445677p345789s", win_tile="7p", kong_discard=True).fans_en] == \
        ["pinghu", "gangshangpao"]


# ---------------------------------------------------------------------------------------------
# stacking and 根
# ---------------------------------------------------------------------------------------------
def test_base_fans_do_not_stack():
    # 清一色 + 对对胡 = 清对 4 (not 3 + 2); 清一色 + 带幺九 = 清幺九 5; 清一色 七对 = 清七对 5
    assert S.score("11155566777999p").fans == [("清对", 4)]
    assert S.score("11123777888999p").fans == [("清幺九", 5)]
    assert S.score("11334466778899s").fans == [("清七对", 5)]


def test_gen_concealed_quad_in_standard_hand():
    # 清一色 + four 7s and four 8s spread over sets: 2 根
    r = S.score("12356677778888s")
    assert r.fans == [("清一色", 3), ("根", 1), ("根", 1)] and r.gen == 2 and r.total_fan == 5
    assert r.multiplier == 16


def test_gen_longqidui_minus_one():
    # two quads in seven pairs: 龙七对 with 2 − 1 = 1 根 (no 双龙七对 row in sichuan_fan)
    r = S.score("11119999m446699p")
    assert (r.base, r.gen, r.total_fan) == ("龙七对", 1, 6)
    assert r.fans == [("龙七对", 5), ("根", 1)]
    r = S.score("11114444557799m")
    assert (r.base, r.gen, r.total_fan) == ("清龙七对", 1, 7)


def test_gen_pon_plus_held_and_kongs():
    pon = [Meld("pon", "555p")]
    hand = "123456m5p67p88p"          # 5p held with the 碰 of 5p
    r = S.score(hand, melds=pon, win_tile="8p")
    assert r.gen == 1 and r.fans == [("平胡", 1), ("根", 1)]
    off = S.SichuanOptions(gen_counts_pon_plus_held=False)
    assert S.score(hand, melds=pon, win_tile="8p", options=off).gen == 0
    kong = [Meld("ankan", "5555p")]
    r = S.score("123456m678p88p", melds=kong)
    assert r.gen == 0 and r.kongs == 1 and r.total_fan == 1     # kongs are paid by 刮风下雨
    r = S.score("123456m678p88p", melds=kong, options=S.SichuanOptions(kong_counts_as_gen=True))
    assert r.gen == 1 and r.total_fan == 2


def test_max_over_interpretations():
    # 11112233m778899m: 清龙七对 (6, 1−1 根) or 清幺九 via 123 123 11 789 789 (5 + 1 根): both 6
    r = S.score("11112233778899m")
    assert r.total_fan == 6
    # 11223344556677m is both seven pairs and standard: 清七对 5 beats 清一色 3
    assert S.score("11223344556677m").base == "清七对"


def test_seven_pairs_not_with_melds():
    r = S.score("112299m44669p", melds=[Meld("pon", "888p")])   # 5 pairs + 1 + a 碰
    assert not r.is_win


# ---------------------------------------------------------------------------------------------
# 缺一门 / 定缺 / 花猪
# ---------------------------------------------------------------------------------------------
def test_three_suits_cannot_win():
    r = S.score("123m456p789s111m22p")
    assert not r.is_win and "three suits" in r.reason and r.multiplier == 0


def test_dingque():
    hand = "11222244p557799m"
    assert S.score(hand, dingque="s").is_win
    r = S.score(hand, dingque="m")
    assert not r.is_win and "定缺" in r.reason
    assert not S.score(hand, dingque="万").is_win
    assert not S.score(hand, options=S.SichuanOptions(dingque="p")).is_win
    assert S.best_fan_if_tenpai("1122244p557799m", dingque="m") is None
    with pytest.raises(ValueError, match="dingque"):
        S.score(hand, dingque="z")


def test_flower_pig():
    assert S.is_flower_pig("123m456p789s1p")
    assert not S.is_flower_pig("123m456p789p1p")
    assert S.is_flower_pig("123m456p1p", melds=[Meld("pon", "999s")])
    assert S.suits_present("123m456p") == "mp"
    hands = np.stack([mjpy.parse("123m456p789s1p"), mjpy.parse("123m456p789p1p")])
    assert S.is_flower_pig_batch(hands).tolist() == [True, False]


# ---------------------------------------------------------------------------------------------
# options and profiles
# ---------------------------------------------------------------------------------------------
def test_options_presets_and_pickle():
    o = S.SichuanOptions.preset("sichuan_fan")
    assert (o.profile, o.chadajiao, o.gen_counts_pon_plus_held, o.kong_counts_as_gen, o.max_fan) == \
        ("sichuan_fan", "max", True, False, None)
    assert S.SichuanOptions.preset("sichuan_points").chadajiao == "min"
    assert S.SichuanOptions.preset("chengdu_simple").combination == "additive"
    for p in S.PROFILES:
        q = S.SichuanOptions.preset(p, max_fan=3)
        assert pickle.loads(pickle.dumps(q)) == q and hash(q) == hash(pickle.loads(pickle.dumps(q)))
    S.score("11222244p557799m", options=o)      # caches the rows on the object: still picklable/equal
    assert pickle.loads(pickle.dumps(o)) == o
    with pytest.raises(AttributeError):
        o.max_fan = 3
    with pytest.raises(ValueError):
        S.SichuanOptions(chadajiao="mean")
    with pytest.raises(ValueError):
        S.SichuanOptions(profile="guobiao")
    with pytest.raises(ValueError):
        S.SichuanOptions(max_fan=0)
    with pytest.raises(ValueError, match="disagrees"):
        S.score("11222244p557799m", profile="sichuan_points", options=o)
    assert S.SichuanOptions(dingque="条").dingque == "s"
    assert S.SichuanOptions().last_four_forced_effective and \
        not S.SichuanOptions(dingque="m").last_four_forced_effective


def test_cap():
    o = S.SichuanOptions(max_fan=4)
    r = S.score("11224444557799m", options=o)
    assert r.total_fan == 4 and r.multiplier == 8 and r.capped and r.uncapped_total == 6
    assert S.best_fan_if_tenpai("1122444457799m", options=o) == 4


def test_daiyaojiu_pair_option():
    # 123m 123m 789m 789p + 55p: every set has a terminal, the pair does not
    hand = "112233789m55789p"
    assert S.score(hand).base == "平胡"
    assert S.score(hand, options=S.SichuanOptions(daiyaojiu_pair_must_contain_terminal=False)).base == "带幺九"


def test_points_profile():
    P = "sichuan_points"
    r = S.score("23445677p345789s", win_tile="7p", self_drawn=True, after_kong=True, profile=P)
    assert r.total_fan == 3 and r.fans == [("平胡", 1), ("杠上花", 2)] and r.multiplier is None
    r = S.score("23445677p345789s", win_tile="7p", robbing_kong=True, profile=P)
    assert r.total_fan == 2 and r.fans == [("平胡", 1), ("抢杠", 1)]
    row = S.SichuanOptions.preset(P, qianggang_mode="row")
    r = S.score("23445677p345789s", win_tile="7p", robbing_kong=True, options=row)
    assert r.total_fan == 2 and r.fans == [("抢杠胡", 2)]
    # 七对 + 2根 = 双龙七对 5分 (no −1 根 in the points table)
    r = S.score("11119999m446699p", profile=P)
    assert r.total_fan == 5 and r.fans == [("七对", 3), ("根", 1), ("根", 1)]
    # 清一色 七对: 3 by default, 8 with qing_qidui_8 (docs/rules.md#c01)
    assert S.score("11334466778899s", profile=P).total_fan == 3
    assert S.score("11334466778899s", options=S.SichuanOptions.preset(P, qing_qidui_8=True)).fans == [("清七对", 8)]
    assert S.score("23445677p345789s", tianhu=True, self_drawn=True, profile=P).total_fan == 8


def test_chengdu_simple():
    C = "chengdu_simple"
    r = S.score("23445677p345789s", profile=C)
    assert r.total_fan == 0 and r.fans == [("P和", 0)] and r.multiplier is None
    r = S.score("11334466778899s", profile=C)       # 七對 2 + 清一色 2 add
    assert r.total_fan == 4 and sorted(r.fans) == sorted([("七對", 2), ("清一色", 2)])
    r = S.score("123456m678p88p", melds=[Meld("ankan", "5555p")], profile=C, self_drawn=True, after_kong=True)
    assert r.total_fan == 2 and ("槓", 1) in r.fans and ("槓上開花", 1) in r.fans
    r = S.score("12356677778888s", profile=C)       # 清一色 2 + 四歸一 × 2
    assert r.total_fan == 4
    dbl = S.SichuanOptions.preset(C, combination="doubling")
    assert S.score("12356677778888s", options=dbl).multiplier == 16


# ---------------------------------------------------------------------------------------------
# 查大叫: brute force against score, batch against scalar
# ---------------------------------------------------------------------------------------------
def _random_tenpai(rng, n):
    hands, melds = [], []
    while len(hands) < n:
        suits = rng.choice(3, size=int(rng.integers(1, 3)), replace=False)
        kinds = [int(s) * 9 + r for s in suits for r in range(9)]
        c = np.zeros(34, np.int16)
        ml = []
        if rng.random() < 0.25:
            for k in rng.choice(kinds, size=7):
                c[k] += 2
        else:
            for _ in range(4):
                if rng.random() < 0.5:
                    k = int(rng.choice(kinds))
                    if rng.random() < 0.3:
                        kong = rng.random() < 0.4
                        ml.append(Meld("ankan" if kong else "pon", [k] * (4 if kong else 3)))
                    else:
                        c[k] += 3
                else:
                    s, r = int(rng.choice(suits)), int(rng.integers(0, 7))
                    c[s * 9 + r:s * 9 + r + 3] += 1
            c[int(rng.choice(kinds))] += 2
        tot = c.copy()
        for m in ml:
            tot[m.tiles[0]] += len(m.tiles)
        if tot.max() > 4:
            continue
        if rng.random() < 0.1:   # sometimes a stray tile of another suit
            c[int(rng.integers(0, 27))] += 1
            tot = c.copy()
            for m in ml:
                tot[m.tiles[0]] += len(m.tiles)
            if tot.max() > 4:
                continue
            c[int(rng.choice(np.nonzero(c)[0]))] -= 1
        c[int(rng.choice(np.nonzero(c)[0]))] -= 1
        hands.append(c.astype(np.uint8))
        melds.append(ml)
    return np.array(hands), melds


@pytest.mark.parametrize("profile", S.PROFILES)
@pytest.mark.parametrize("dingque", [None, "s", "m"])
def test_best_fan_brute_force(profile, dingque):
    rng = np.random.default_rng(zlib.crc32(f"{profile}-{dingque}".encode()))
    hands, melds = _random_tenpai(rng, 150)
    for count_exhausted in (True, False):
        opts = S.SichuanOptions.preset(profile, count_exhausted_waits=count_exhausted)
        for mode in ("max", "min"):
            o = opts.replace(chadajiao=mode)
            for h, ml in zip(hands, melds):
                got = S.best_fan_if_tenpai(h, ml, dingque=dingque, options=o)
                totals = []
                exhausted = False
                for w in mjpy.waits(h, melds=len(ml), forms=("standard", "seven_pairs"),
                                    include_exhausted=True):
                    r_full = h.astype(np.int16).copy()
                    r_full[int(w)] += 1
                    held = int(r_full[int(w)]) + sum(len(m.tiles) for m in ml if m.tiles[0] == int(w))
                    if held > 4:
                        exhausted = True      # a virtual fifth copy: checked via tenpai_scores below
                        continue
                    r = S.score(r_full.astype(np.uint8), ml, win_tile=int(w), dingque=dingque, options=o)
                    if r.is_win:
                        totals.append(r.total_fan)
                ts = S.tenpai_scores(h, ml, dingque=dingque, options=o)
                if not exhausted or not count_exhausted:
                    want = None if not totals else (max(totals) if mode == "max" else min(totals))
                    assert got == want, (mjpy.to_string(h), ml)
                    assert sorted(r.total_fan for r in ts.values()) == sorted(totals)
                else:
                    vals = [r.total_fan for r in ts.values()]
                    assert got == (None if not vals else max(vals) if mode == "max" else min(vals))
                    assert set(totals) <= set(vals)


@pytest.mark.parametrize("profile", S.PROFILES)
def test_batch_matches_scalar(profile):
    rng = np.random.default_rng(7)
    hands, melds = _random_tenpai(rng, 400)
    dq = rng.integers(-1, 3, size=len(hands)).astype(np.int8)
    for opts in (S.SichuanOptions.preset(profile),
                 S.SichuanOptions.preset(profile, gen_counts_pon_plus_held=False, kong_counts_as_gen=True,
                                         max_fan=4, daiyaojiu_pair_must_contain_terminal=False),
                 S.SichuanOptions.preset(profile, chadajiao="min", count_exhausted_waits=False)):
        want = [S.best_fan_if_tenpai(h, m, dingque=None if d < 0 else int(d), options=opts)
                for h, m, d in zip(hands, melds, dq)]
        want = np.array([-1 if x is None else x for x in want])
        got = S.best_fan_if_tenpai_batch(hands, melds, dingque=dq, options=opts, workers=2)
        assert got.dtype == np.int16 and got.tolist() == want.tolist()
        got2 = S.best_fan_if_tenpai_batch(hands, S.melds_array(melds), dingque=dq, options=opts, workers=1)
        assert got2.tolist() == want.tolist()


def test_batch_basics():
    hands = np.stack([mjpy.parse("1122244p557799m"), mjpy.parse("1122244p557799s"), mjpy.parse("123m456m789m1p2p3p4s")])
    assert S.best_fan_if_tenpai_batch(hands, dingque="s").tolist() == [5, -1, -1]
    assert S.best_fan_if_tenpai_batch(hands[:0]).tolist() == []
    with pytest.raises(ValueError, match="honors"):
        S.best_fan_if_tenpai_batch(np.stack([mjpy.parse("123m456m789m11p2z")]))
    with pytest.raises(ValueError):
        S.best_fan_if_tenpai_batch(np.zeros((2, 33), np.uint8))


def test_exhausted_wait():
    # 1111m tanki on 1m: all four copies held; 听 for 查大叫 unless count_exhausted_waits=False
    h = "1111m234567p888p"
    assert S.best_fan_if_tenpai(h) is not None
    assert S.best_fan_if_tenpai(h, options=S.SichuanOptions(count_exhausted_waits=False)) is None


# ---------------------------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("call, match", [
    (lambda: S.score("123m456m789m11p22z"), "honor"),
    (lambda: S.score("123m456m789m11p", melds=[Meld("pon", "555z")]), "108"),
    (lambda: S.score("456m789m11p55p", melds=[Meld("chi", "123m")]), "no chi"),
    (lambda: S.score("123m456m789m11p2p"), "expected 14"),
    (lambda: S.score("123m456m789m11p22p", melds=[Meld("pon", "555p")]), "expected 11"),
    (lambda: S.score("123m456m11p", melds=2), "melds themselves"),
    (lambda: S.score("23445677p345789s", win_tile="1m"), "win_tile"),
    (lambda: S.score("23445677p345789s", win_tile="1z"), "honors"),
    (lambda: S.score("23445677p345789s", after_kong=True), "self_drawn"),
    (lambda: S.score("23445677p345789s", kong_discard=True, self_drawn=True), "discard"),
    (lambda: S.score("23445677p345789s", robbing_kong=True, self_drawn=True), "self_drawn"),
    (lambda: S.score("23445677p345789s", tianhu=True, dihu=True), "exclude"),
    (lambda: S.score("123456m678p88p", melds=[Meld("ankan", "5555p")], tianhu=True), "melds"),
    (lambda: S.score("5555p23456m67p88p", melds=[Meld("pon", "555p")]), "at most 4"),
    (lambda: S.best_fan_if_tenpai("1122244p557799m1m"), "expected 13"),
    (lambda: S.best_fan_if_tenpai("1122244p557799m", dingque="x"), "dingque"),
    (lambda: S.score(np.zeros(33, np.uint8)), "34"),
])
def test_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_bad_types():
    with pytest.raises(TypeError):
        S.score("23445677p345789s", self_drawn="yes")
    with pytest.raises(TypeError):
        S.score("23445677p345789s", options={"profile": "sichuan_fan"})


def test_not_complete():
    r = S.score("12456777788889s")
    assert not r.is_win and "complete" in r.reason


def test_issue_example():
    r = S.score("11222244p557799m", melds=[], win_tile="9m", self_drawn=True, after_kong=False,
                kong_discard=False, robbing_kong=False, tianhu=False, dihu=False, dingque="s",
                profile="sichuan_fan")
    assert (r.base, r.base_fan) == ("龙七对", 5)
    assert (r.gen, r.total_fan, r.multiplier) == (0, 5, 16)
    assert r.fans == [("龙七对", 5)]
    assert S.best_fan_if_tenpai("1122244p557799m", melds=[], dingque="s") == 5
    d = r.to_dict()
    assert json.loads(json.dumps(d, ensure_ascii=False))["fans"][0] == {"name": "龙七对", "alias": "longqidui", "value": 5}


def test_forced_win_last_four():
    h = "1122244p557799m"
    assert S.forced_win(h, "2p", wall_remaining=4) and S.forced_win(h, 10, wall_remaining=0)
    assert not S.forced_win(h, "2p", wall_remaining=5)                 # not yet the last four
    assert not S.forced_win(h, "3p", wall_remaining=2)                 # not a winning tile
    assert not S.forced_win(h, "2p", wall_remaining=2, dingque="p")    # holds its 定缺 suit: no win
    assert not S.forced_win(h, "2p", wall_remaining=2, dingque="s")    # 定缺 played: docs/rules.md#c06, default off
    assert S.forced_win(h, "2p", 2, dingque="s", options=S.SichuanOptions(last_four_forced=True))
    assert not S.forced_win(h, "2p", 2, options=S.SichuanOptions(last_four_forced=False))
    with pytest.raises(ValueError, match="expected 10"):
        S.forced_win("123345m66999p", "6p", 1, melds=[Meld("pon", "222p")])
    assert S.forced_win("123345m6699p", "6p", 1, melds=[Meld("pon", "222p")])
    with pytest.raises(ValueError, match="wall_remaining"):
        S.forced_win(h, "2p", -1)
    with pytest.raises(ValueError, match="no honors"):
        S.forced_win(h, "1z", 1)
