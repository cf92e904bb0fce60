"""Checks of the plain regional reference scorers (tests/reference_regional.py).

* the worked examples of tests/data/regional_vectors.json (indicators, 捉五魁, 铲, 抓马, kong money,
  雞平和 番 -> 分值, templates, Hangzhou's 乱将 / 暴头 / 财飘, Wenzhou's five shapes / 硬八對 / 三財神);
* one positive and one negative hand per row of every table of docs/rules.md#guangdong-tuidao,
  #guangdong-jipinghu, #qingyuan, #tianjin, #hangzhou, #wenzhou and #fuzhou, written by hand from
  the rules (the comment of each case names the row);
* refusals (win conditions, values the sources do not give), bad input, joker readings;
* a seeded sweep: an independent brute force over joker assignments for 推倒胡, Tianjin,
  Hangzhou (and for Hangzhou's ``baotou_ready``), Wenzhou (17-tile hands) and Fuzhou (and its
  ``qiangjin_ready``), and
  self-consistency properties (declaring jokers never lowers a score, waits agree with score ...).
"""
from __future__ import annotations

import itertools
import random

import pytest

from conftest import load_vectors, seconds_without_gc
import reference_regional as R
import regional_gen as G

P = R.parse
T = R.tile
BAI = (33,)


def sc(rule, hand, win, melds=(), **kw):
    return R.score(rule, P(hand), [(k, T(t)) for k, t in melds], T(win), **kw)


def names(res):
    return [n for n, _ in res.fans]


def fan(res, label):
    return dict(res.fans)[label]


def factors(res):
    return [n for n, _ in res.extra["factors"]]


VEC = {v["id"]: v for v in load_vectors("regional_vectors")}


# =============================================================================================
# Vectors
# =============================================================================================
def test_vector_file_holds_the_expected_ids():
    assert sorted(VEC) == sorted(
        ["WT-TJ-01"] + [f"WC-TJ-0{i}" for i in range(1, 7)] + [f"WC-GD-0{i}" for i in range(1, 6)]
        + ["ST-TJ-01", "ST-GD-01", "ST-GD-02", "ST-GDJ-01", "TP-GD-01", "TP-TJ-01", "TP-TJ-02"]
        + ["TP-HZ-01", "TP-HZ-02", "TP-HZ-03", "TP-WZ-01", "TP-WZ-02", "TP-WZ-03"]
        + ["XZ-01", "WT-XZ-01", "WT-XZ-02", "WT-XZ-03", "TP-XZ-01", "TP-XZ-02", "TP-XZ-03", "TP-XZ-04"]
        + ["TP-YZ-01", "ST-CS-01", "TP-CS-01", "TP-CS-02", "TP-CS-03"] + [f"BP-0{i}" for i in range(1, 10)])
    for v in VEC.values():
        assert v["see"].startswith("docs/rules.md#") and v["source"] and "status" in v


@pytest.mark.parametrize("vid", sorted(k for k in VEC if k.startswith("WC-")))
def test_indicator_vectors(vid):
    v = VEC[vid]
    want = tuple(sorted(T(x) for x in v["expected_wild_kinds"]))
    if v["ruleset"] == "tianjin":
        got = R.joker_kinds_for("tianjin", indicator=v["indicator"])
        assert got[0] == T(v["indicator"])                       # the flipped kind itself is 混
    elif v["indicator"].startswith("("):
        got = R.joker_kinds_for("guangdong_tuidao", gui="baiban")
    else:
        got = R.joker_kinds_for("guangdong_tuidao", gui="fan", indicator=v["indicator"])
    assert tuple(sorted(got)) == want


def test_indicator_successor_tables_cover_every_kind():
    # docs/rules.md#c14: 翻鬼 中 -> 发, 发 -> 白 (policy), 北 -> 发; Tianjin 北 -> 东, 白 -> 中
    assert [R.successor("guangdong_tuidao", t) for t in range(27, 34)] == [28, 29, 30, 32, 32, 33, 27]
    assert [R.successor("tianjin", t) for t in range(27, 34)] == [28, 29, 30, 27, 32, 33, 31]
    for t in range(27):
        s = R.successor("tianjin", t)
        assert R.suit(s) == R.suit(t) and R.rank(s) == R.rank(t) % 9 + 1
    assert R.joker_kinds_for("guangdong_tuidao") == ()
    with pytest.raises(ValueError, match="no jokers"):
        R.joker_kinds_for("qingyuan", indicator="1p")
    with pytest.raises(ValueError, match="with_honors"):
        R.joker_kinds_for("guangdong_tuidao", gui="fan", indicator="4z", with_honors=False)
    with pytest.raises(ValueError, match="indicator"):
        R.joker_kinds_for("tianjin")


def test_WT_TJ_01_zhuo_wu_kui():
    v = VEC["WT-TJ-01"]
    hand = v["shape"] + "123p456p789s11z" + v["win_tile"]
    res = sc("tianjin", hand, v["win_tile"], self_drawn=True)
    assert res.is_win and fan(res, v["expected"]["pattern"]) == v["expected"]["value"]
    assert res.reading["win"] == ("4m5m6m", "5m")
    # no 食和: the same hand on a discard is refused
    assert not sc("tianjin", hand, v["win_tile"]).is_win


def test_ST_TJ_01_chan():
    v = VEC["ST-TJ-01"]
    inp = v["inputs"]
    for reading in ("a", "b"):                                   # docs/rules.md#c30: both fit
        assert R.tianjin_chan(inp["zuozhuang"], inp["lazhuang"], reading) == v["expected"]["dealer_pays"]
    # without 坐庄 the readings differ: (b) 1 per 明杠, (a) 2
    assert R.tianjin_chan(False, {"A": 0, "B": 2}) == {"A": 1, "B": 4}
    assert R.tianjin_chan(False, {"A": 0, "B": 2}, "a") == {"A": 2, "B": 8}
    with pytest.raises(ValueError):
        R.tianjin_chan(True, {"A": 3})


def test_ST_GD_01_horses():
    v = VEC["ST-GD-01"]["expected"]
    for key, seat in v["tile_to_seat"].items():
        kinds = [T(key)] if key.endswith("z") else [T(key + u) for u in "mps"]
        assert all(R.horse_seat(t) == seat for t in kinds), key
    assert R.horses_per_seat() == v["horse_tiles_per_seat"]
    hits_c = {R.name(t) for t in range(34) if R.horse_seat(t) == "C"}
    assert hits_c == {"3m", "3p", "3s", "7m", "7p", "7s", "3z", "6z"}
    assert R.horse_hits("C", [T("3p"), T("7s"), T("1m"), T("3z")]) == 3
    pay = v["payment_each"]
    assert R.horse_payment(1) == pay["win_plus_1_horse"]
    assert R.horse_payment(2) == pay["win_plus_2_horses"]
    # docs/rules.md#c29: the doubling reading gives 80 for two horses, not the example's 60
    assert R.horse_payment(2, horse_mode="fan") == 80 != pay["win_plus_2_horses"]


def test_ST_GD_02_kong_money():
    v = VEC["ST-GD-02"]["expected"]
    assert R.guangdong_kong_money("ankan")["each_pays"] == v["angang_each_pays"]
    assert R.guangdong_kong_money("kakan") == {"each_pays": v["minggang_each_pays"], "total": v["minggang_total"]}
    assert R.guangdong_kong_money("robbed")["konger_pays_robber"] == v["robbed_kong_payer_pays_robber"]
    with pytest.raises(ValueError, match="not given"):
        R.guangdong_kong_money("minkan")


def test_ST_GDJ_01_points():
    v = VEC["ST-GDJ-01"]["expected"]
    assert {str(f): R.jipinghu_points(f) for f in range(7)} == v["fan_to_points"]
    # the cap: 平和 1 + 混一色 2 + 自摸 1 = 4 is paid as 3 番 = 8
    res = sc("guangdong_jipinghu", "123m456m789m234m22z", "1m", self_drawn=True)
    assert res.total == v["cap_fan_within"] and res.extra["points"] == 8 and res.extra["capped"]


def test_TP_GD_01_templates_are_wins():
    chows = ["123m", "456p", "789s", "234s"]
    pungs = ["777m", "222p", "999s", "444z"]
    for tpl in VEC["TP-GD-01"]["template"]:
        parts = tpl.split("+")
        n_pung = parts.count("111")
        hand = "55z" + "".join(chows[:4 - n_pung]) + "".join(pungs[:n_pung])
        assert sum(P(hand)) == VEC["TP-GD-01"]["expected"]["tiles_each"]
        res = sc("guangdong_tuidao", hand, "5z", self_drawn=True)
        assert res.is_win, tpl
        assert ("碰碰胡" in names(res)) == (n_pung == 4)
        if n_pung:                                               # "1111，下同": a kong in place of a pung
            kong = pungs[0][0] + pungs[0][-1]
            hand_k = hand.replace(pungs[0], "", 1)
            res_k = sc("guangdong_tuidao", hand_k, "5z", [("ankan", kong)], self_drawn=True)
            assert res_k.is_win and "暗杠" in factors(res_k)


def test_TP_TJ_01_dragon_plus_zhuo_wu():
    hand = "123456789m11z46m5m"
    res = sc("tianjin", hand, "5m", self_drawn=True)
    want = VEC["TP-TJ-01"]["expected"]
    assert {k: fan(res, k) for k in want["patterns"]} == want["patterns"]
    assert sum(want["patterns"].values()) == want["combined"]
    assert res.total == want["combined"] + 1                    # + 无绘 (no 混 in the hand)
    # with a 混 (1p, 2p) standing in for the second 1z, 无绘 goes: exactly the combined 3
    res2 = sc("tianjin", "123456789m1z2p46m5m", "5m", self_drawn=True, joker_kinds=(T("1p"), T("2p")))
    assert res2.total == want["combined"] and "无绘" not in names(res2)
    assert res2.reading["jokers"] == [("2p", "1z")]


def test_TP_TJ_02_two_hui_zhuo_wu_has_no_value():
    jk = R.joker_kinds_for("tianjin", indicator="3z")           # 西, 北
    assert VEC["TP-TJ-02"]["expected"]["value"] is None
    for win, hand in (("5m", "123p456p789s11z34z5m"), ("3z", "123p456p789s11z34z3z")):
        res = sc("tianjin", hand, win, self_drawn=True, joker_kinds=jk)
        # other readings pair the winning tile with a 混 (混吊 / 双混吊): those values are missing too
        assert not res.is_win and "shuanghui_zhuowu" in res.extra["missing"]
        assert "pass shuanghui_zhuowu=" in res.reason
        res = sc("tianjin", hand, win, self_drawn=True, joker_kinds=jk, shuanghui_zhuowu=5, hundiao=1, shuanghundiao=1)
        assert res.is_win and fan(res, "双绘捉五") == 5 and res.total == 5


def test_TP_HZ_01_luanjiang_shapes_are_plain_wins():
    v = VEC["TP-HZ-01"]
    chows = ["123m", "456p", "789s", "234s"]
    pungs = ["777m", "222p", "999s", "444z"]
    for tpl in v["template"]:
        n_pung = tpl.split("+").count("111")
        for pair in ("11z", "55m", "99p"):                    # 乱将: any pair
            hand = pair + "".join(chows[:4 - n_pung]) + "".join(pungs[:n_pung])
            assert sum(P(hand)) == v["expected"]["tiles_each"]
            for sd in (False, True):                          # no 财神 in the hand: no 暴头
                res = sc("hangzhou", hand, pair[:1] + pair[-1], self_drawn=sd, joker_kinds=BAI)
                assert res.is_win == v["expected"]["is_win"] and res.total == v["expected"]["total"], (tpl, res)
                assert res.fans == [("平胡", 1)]
            if n_pung:                                        # 1111 in place of a 111 (下同)
                kong = pungs[0][0] + pungs[0][-1]
                res = sc("hangzhou", hand.replace(pungs[0], "", 1), pair[:1] + pair[-1], [("ankan", kong)],
                         joker_kinds=BAI)
                assert res.is_win and res.total == 1


def test_TP_HZ_02_baotou_waits_on_every_tile():
    v = VEC["TP-HZ-02"]["expected"]
    for hand13, jk in (("123m456p789s111z7z", BAI), ("5m123p456p789s999s", (4,)), ("234m345m678s666z5z", (31, 33))):
        c = P(hand13)
        assert sum(c) == 13 and R.baotou_ready(c, joker_kinds=jk) == v["tenpai"]
        w = R.waits("hangzhou", c, (), self_drawn=True, joker_kinds=jk)
        assert sorted(w) == list(range(34))                  # any tile
        for t, res in w.items():
            assert "暴头" in names(res) and res.total == v["multiplier"], (hand13, R.name(t), res.fans)
        # on a discard there is no 暴头 (the win must be self-drawn)
        d = R.waits("hangzhou", c, (), self_drawn=False, joker_kinds=jk)
        assert sorted(d) == list(range(34)) and all("暴头" not in names(r) and r.total == 1 for r in d.values())


def test_TP_HZ_03_two_caishen_and_four_sets_is_a_win_and_caipiao_doubles_baotou():
    v = VEC["TP-HZ-03"]["expected"]
    hand = "123m456p789s111z7z7z"                            # 2 财神 (白) + 4 sets
    for sd in (False, True):
        assert sc("hangzhou", hand, "7z", self_drawn=sd, joker_kinds=BAI).is_win == v["is_win"]
    base = sc("hangzhou", hand, "7z", self_drawn=True, joker_kinds=BAI)
    assert names(base) == ["平胡", "暴头"] and base.total == 2
    piao = sc("hangzhou", hand, "7z", self_drawn=True, joker_kinds=BAI, caipiao=1)
    assert fan(piao, v["pattern"]) == v["multiplier_on_baotou"] and piao.total == 2 * base.total
    lian = sc("hangzhou", hand, "7z", self_drawn=True, joker_kinds=BAI, context={"caipiao": 2})
    assert names(lian) == ["平胡", "暴头", "财飘", "连续财飘"] and lian.total == 8
    # the 13 tiles after the 财神 is discarded (财飘) are 暴头-ready again
    assert R.baotou_ready(P("123m456p789s111z7z"), joker_kinds=BAI)


#: Wenzhou template parts (no 白, the 財神 of the tests; at most four of a kind in any hand)
WZ_CHOWS = ["123m", "456m", "789p", "234s", "678s"]
WZ_PUNGS = ["999m", "111p", "555s", "333z", "666z"]


def wz_template_hand(tpl, pair="11z"):
    """The hand of a TP-WZ-01 template ("AA+ABC×3+AAA×2"): the pair, the chows, the pungs."""
    n_chow = n_pung = 0
    for part in tpl.split("+")[1:]:
        kind, _, times = part.partition("×")
        n = int(times or 1)
        if kind == "ABC":
            n_chow += n
        else:
            n_pung += n
    return pair + "".join(WZ_CHOWS[:n_chow]) + "".join(WZ_PUNGS[:n_pung]), n_chow, n_pung


def test_TP_WZ_01_five_sets_and_a_pair_are_plain_wins():
    v = VEC["TP-WZ-01"]
    assert len(v["template"]) == 5
    for tpl in v["template"]:
        for pair in ("11z", "55m", "99s"):
            hand, n_chow, n_pung = wz_template_hand(tpl, pair)
            assert n_chow + n_pung == v["expected"]["n_sets"] and n_chow >= 1
            assert sum(P(hand)) == v["expected"]["tiles_each"], hand
            for sd in (False, True):
                res = sc("wenzhou", hand, pair[0] + pair[-1], self_drawn=sd, joker_kinds=BAI)
                assert res.is_win == v["expected"]["is_win"] and res.total == v["expected"]["total"], (tpl, res)
                assert res.fans == [("平胡", 1)] and res.reading["form"] == "standard"
            # every listed shape has a chow: allow_all_pungs=False does not touch it
            assert sc("wenzhou", hand, pair[0] + pair[-1], joker_kinds=BAI, allow_all_pungs=False).total == 1
            if n_pung:                                        # a declared kong is a set
                kong = WZ_PUNGS[0][0] + WZ_PUNGS[0][-1]
                res = sc("wenzhou", hand.replace(WZ_PUNGS[0], "", 1), pair[0] + pair[-1], [("ankan", kong)],
                         joker_kinds=BAI)
                assert res.is_win and res.total == 1
    # the shape the source does not list: AA + AAA×5
    allp = "11z999m111p555s333z666z"
    assert sum(P(allp)) == 17
    assert sc("wenzhou", allp, "1z", joker_kinds=BAI).total == 1
    res = sc("wenzhou", allp, "1z", joker_kinds=BAI, allow_all_pungs=False)
    assert not res.is_win and "all pungs is not a listed shape" in res.reason


def test_TP_WZ_02_eight_pairs_and_a_single_without_caishen():
    v = VEC["TP-WZ-02"]["expected"]
    hand = "1122334455667788m9p"                              # AA×8 + B
    assert sum(P(hand)) == v["tiles"]
    res = sc("wenzhou", hand, "9p", joker_kinds=BAI)
    assert res.is_win and dict(res.fans)[v["pattern"]] == v["multiplier"] and res.total == 2
    assert res.reading["form"] == "eight_pairs"
    # a 財神 in place of B: no 硬八對 (沒財神的); it is still five sets and a pair (白 as a 7m)
    assert not v["caishen_allowed"]
    res = sc("wenzhou", "1122334455667788m7z", "1m", joker_kinds=BAI)
    assert res.is_win and v["pattern"] not in names(res) and res.total == 1


def test_TP_WZ_03_three_caishen_win_whatever_the_shape():
    v = VEC["TP-WZ-03"]["expected"]
    junk = "119m19p19s1234566z777z"                           # 3 白 and no shape at all
    assert sum(P(junk)) == 17
    res = sc("wenzhou", junk, "1m", joker_kinds=BAI)
    assert res.is_win == v["is_win"] and dict(res.fans)[v["pattern"]] == v["multiplier"] and res.total == 2
    assert res.reading["form"] == "three_caishen" and res.extra["n_substitutes"] == 0
    # 算硬牌: with a 硬牌 value it is 硬 (v["counts_as"])
    res = sc("wenzhou", junk, "1m", joker_kinds=BAI, yingpai=3, ruanpai=5)
    assert v["counts_as"] in names(res) and "軟牌" not in names(res) and res.total == 6
    # two 白 are not enough
    assert not sc("wenzhou", "1119m19p19s1234566z77z", "1m", joker_kinds=BAI).is_win


# =============================================================================================
# Fan rows, one positive and one negative hand each
# =============================================================================================
# (id, rule, hand, melds, win, kwargs, expectation)
# expectation keys: has / lacks (fan names), total, factor / nofactor (推倒胡 factors), points,
# missing (refused for these options), reason (refused, substring)
TD = dict(self_drawn=True)
GDJ = {}
TJ = dict(self_drawn=True)
QY = dict(self_drawn=True)
HZ = dict(self_drawn=True, joker_kinds=BAI)              # 白 is 财神
HZD = dict(joker_kinds=BAI)                              # a win on a discard
A = "123456m456p789s11z"          # a plain 推倒胡 小胡 (no 鬼 game: 硬胡 literal)
WZ = dict(joker_kinds=BAI)                               # Wenzhou: 白 is 財神, a win on a discard
WZA = "11m123456789m123p456p"     # a plain Wenzhou hand: 11 + five chows, 17 tiles, no 財神
#: five declared melds (chi, pon, minkan, kakan, chi): the concealed part is the pair (單吊)
WZ_FIVE_MELDS = (("chi", "1m"), ("pon", "2p"), ("minkan", "3s"), ("kakan", "4z"), ("chi", "7p"))
#: Fuzhou's four values, powers of two so that a total names its rows (自摸 1, 平胡 2, 抢金 / 天和 4, 用金 8)
FZV = dict(zimo=1, pinghu=2, qiangjin=4, jin=8)
FZ = dict(joker_kinds=BAI, **FZV)                        # 白 is 金, a win on a discard
FZS = dict(FZ, self_drawn=True)
QJ = {"qiangjin": 1}                                     # the caller says the win is a 抢金
FZA = "123m456p789s111z55m"       # a plain Fuzhou hand, no 金
FZJ = "123m456p789s111z5m7z"      # 白 stands for the second 5m (用金)
FZF = "123m456p789s777z55m"       # 白白白: at its face, or standing for any pung
FZE = "789m456p789s111z22m"       # with 7m as 金: the 7m can only be at its face (78 9m needs a 7m)

CASES = [
    # ---- docs/rules.md#guangdong-tuidao: hand types (小胡 base 1, each 大胡 10) -------------
    ("td-xiaohu+", "guangdong_tuidao", A, (), "1m", TD, dict(has=["小胡"], total=4)),          # 小胡 ×自摸2 ×硬胡2
    ("td-xiaohu-", "guangdong_tuidao", "111m222p333s444z55z", (), "1m", TD, dict(lacks=["小胡"])),
    ("td-pengpeng+", "guangdong_tuidao", "111m222p333s444z55z", (), "1m", TD,
     dict(has=["碰碰胡"], total=30)),                                                             # 10 ×1.5 ×2
    ("td-pengpeng-", "guangdong_tuidao", A, (), "1m", TD, dict(lacks=["碰碰胡"])),
    ("td-pengpeng-exposed+", "guangdong_tuidao", "55z", (("pon", "1m"), ("pon", "2p"), ("pon", "3s"), ("pon", "4z")),
     "5z", dict(TD, pengpeng_requires_exposed=True, quanqiuren=10), dict(has=["碰碰胡", "全求人"], total=120)),
    ("td-pengpeng-exposed-", "guangdong_tuidao", "111m222p333s444z55z", (), "1m",
     dict(TD, pengpeng_requires_exposed=True), dict(lacks=["碰碰胡"], total=4)),                  # #c33
    ("td-qingyise+", "guangdong_tuidao", "1112345678999m5m", (), "5m", TD, dict(has=["清一色"], total=30)),
    ("td-qingyise-", "guangdong_tuidao", "123456789m111m55z", (), "1m", TD, dict(lacks=["清一色"])),
    ("td-jiangyise+", "guangdong_tuidao", "222m555p888s222s55m", (), "5m", TD,
     dict(has=["将一色", "碰碰胡"], total=60)),                                                  # 20 ×1.5 ×2
    ("td-jiangyise-", "guangdong_tuidao", "234m555p888s222s55m", (), "5m", TD, dict(lacks=["将一色"])),
    ("td-fengyise+", "guangdong_tuidao", "111z222z333z444z55z", (), "5z", TD, dict(has=["风一色", "碰碰胡"], total=60)),
    ("td-fengyise-", "guangdong_tuidao", "123m222z333z444z55z", (), "5z", TD, dict(lacks=["风一色"])),
    ("td-fengyise-anyshape+", "guangdong_tuidao", "1111z222z333z4567z", (), "7z", dict(TD, fengyise_any_shape=True),
     dict(has=["风一色"], lacks=["碰碰胡"], total=30)),
    ("td-fengyise-anyshape-", "guangdong_tuidao", "1111z222z333z4567z", (), "7z", TD, dict(reason="not a complete hand")),
    ("td-gangshanghua+", "guangdong_tuidao", "123456m456p11z", (("minkan", "9s"),), "1m", dict(TD, after_kong=True),
     dict(has=["杠上花"], total=240)),                                                           # 10 ×开口2 ×明杠4 ×1.5 ×2
    ("td-gangshanghua-", "guangdong_tuidao", "123456m456p11z", (("minkan", "9s"),), "1m", TD,
     dict(lacks=["杠上花"], total=32)),                                                          # 1 ×2 ×4 ×2 ×2
    ("td-haidilao+", "guangdong_tuidao", A, (), "1m", dict(TD, last_tile=True), dict(has=["海底捞"], total=30)),
    ("td-haidilao-", "guangdong_tuidao", A, (), "1m", TD, dict(lacks=["海底捞"])),
    ("td-qianggang+", "guangdong_tuidao", A, (), "1m", dict(robbing_kong=True),
     dict(has=["抢杠"], total=20, nofactor=["自摸"])),                                           # 10 ×硬胡2
    ("td-qianggang-", "guangdong_tuidao", A, (), "1m", TD, dict(lacks=["抢杠"])),
    ("td-qianggang-discard", "guangdong_tuidao", A, (), "1m", {}, dict(reason="guangdong_tuidao: self-drawn wins only")),
    ("td-quanqiuren+", "guangdong_tuidao", "55z", (("pon", "1m"), ("pon", "2p"), ("pon", "3s"), ("pon", "4z")),
     "5z", dict(TD, quanqiuren=10), dict(has=["全求人", "碰碰胡"], total=120)),
    ("td-quanqiuren-missing", "guangdong_tuidao", "55z", (("pon", "1m"), ("pon", "2p"), ("pon", "3s"), ("pon", "4z")),
     "5z", TD, dict(missing=["quanqiuren"])),
    ("td-quanqiuren-", "guangdong_tuidao", "456s55z", (("pon", "1m"), ("pon", "2p"), ("pon", "3s")), "5z",
     dict(TD, quanqiuren=10), dict(lacks=["全求人"], total=8)),                                  # 1 ×开口2 ×2 ×2
    ("td-qidui-missing", "guangdong_tuidao", "1133557799m2244p", (), "1m", TD, dict(missing=["qidui"])),
    ("td-qidui+", "guangdong_tuidao", "1133557799m2244p", (), "1m", dict(TD, qidui=10), dict(has=["七对"], total=30)),
    ("td-qidui-", "guangdong_tuidao", A, (), "1m", dict(TD, qidui=10), dict(lacks=["七对"])),
    # ---- 推倒胡 factors --------------------------------------------------------------------------
    ("td-yinghu+", "guangdong_tuidao", "123m456p789s11z777z", (), "1m", dict(TD, gui="baiban", joker_kinds=BAI),
     dict(factor=["硬胡"], total=4)),                                                           # 白 at its face
    ("td-yinghu-", "guangdong_tuidao", "123m234m456p78s11z7z", (), "1m", dict(TD, gui="baiban", joker_kinds=BAI),
     dict(nofactor=["硬胡"], total=2)),                                                         # 白 stands for 6s/9s
    ("td-yinghu-nogui-literal-", "guangdong_tuidao", A, (), "1m", dict(TD, yinghu_without_gui=False),
     dict(nofactor=["硬胡"], total=2)),
    ("td-kaikou+", "guangdong_tuidao", "123456m456p11z", (("pon", "9s"),), "1m", TD, dict(factor=["开口"], total=8)),
    ("td-kaikou-", "guangdong_tuidao", A, (), "1m", TD, dict(nofactor=["开口"], total=4)),
    ("td-koukoufan+", "guangdong_tuidao", "123456m11z", (("pon", "9s"), ("pon", "8s")), "1m", dict(TD, koukoufan=True),
     dict(total=16)),                                                                            # ×2 per opening
    ("td-koukoufan-", "guangdong_tuidao", "123456m11z", (("pon", "9s"), ("pon", "8s")), "1m", TD, dict(total=8)),
    ("td-angang+", "guangdong_tuidao", "123456m456p11z", (("ankan", "9s"),), "1m", TD,
     dict(factor=["暗杠"], nofactor=["开口"], total=8)),
    ("td-angang-", "guangdong_tuidao", "123456m456p11z", (("kakan", "9s"),), "1m", TD, dict(nofactor=["暗杠"])),
    ("td-minggang+", "guangdong_tuidao", "123456m456p11z", (("kakan", "9s"),), "1m", TD,
     dict(factor=["明杠", "开口"], total=32)),
    ("td-minggang-", "guangdong_tuidao", "123456m456p11z", (("ankan", "9s"),), "1m", TD, dict(nofactor=["明杠"])),
    ("td-zimo-small+", "guangdong_tuidao", A, (), "1m", TD, dict(factor=["自摸"], total=4)),
    ("td-zimo-small-", "guangdong_tuidao", A, (), "1m", dict(self_draw_only=False), dict(nofactor=["自摸"], total=2)),
    ("td-zimo-big+", "guangdong_tuidao", "1112345678999m5m", (), "5m", TD, dict(total=30)),   # 大胡 自摸 ×1.5
    ("td-zimo-big-", "guangdong_tuidao", "1112345678999m5m", (), "5m", dict(self_draw_only=False), dict(total=20)),
    # ---- docs/rules.md#guangdong-jipinghu: within the cap ---------------------------------------
    ("gj-jihe+", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", GDJ, dict(has=["雞和"], total=0, points=1)),
    ("gj-jihe-", "guangdong_jipinghu", "123m456m789p234s55s", (), "1m", GDJ, dict(lacks=["雞和"])),
    ("gj-pinghu+", "guangdong_jipinghu", "123m456m789p234s55s", (), "1m", GDJ, dict(has=["平和"], total=1, points=2)),
    ("gj-pinghu-", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", GDJ, dict(lacks=["平和"])),
    ("gj-pinghu-pair+", "guangdong_jipinghu", "123m456m789p234s55z", (), "1m", GDJ, dict(has=["平和"], total=1)),
    ("gj-pinghu-pair-", "guangdong_jipinghu", "123m456m789p234s55z", (), "1m", dict(pinghu_pair="no_value_honor"),
     dict(lacks=["平和"], total=0)),
    ("gj-pengpeng+", "guangdong_jipinghu", "111m222p333s444z22z", (), "1m", GDJ, dict(has=["碰碰和"], total=2, points=4)),
    ("gj-pengpeng-", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", GDJ, dict(lacks=["碰碰和"])),
    ("gj-hunyise+", "guangdong_jipinghu", "123m456m789m444z22z", (), "1m", GDJ, dict(has=["混一色"], total=2)),
    ("gj-hunyise-", "guangdong_jipinghu", "123m456m789p234s55s", (), "1m", GDJ, dict(lacks=["混一色"])),
    ("gj-stack-add+", "guangdong_jipinghu", "123m456m789m234m22z", (), "1m", GDJ, dict(has=["平和", "混一色"], total=3)),
    ("gj-stack-max-", "guangdong_jipinghu", "123m456m789m234m22z", (), "1m", dict(within_cap_stacking="max"), dict(total=2)),
    # ---- 雞平和 beyond the cap (never stacked) ---------------------------------------------------
    ("gj-qingyise+", "guangdong_jipinghu", "123m456m789m111m22m", (), "5m", GDJ, dict(has=["清一色"], total=4, points=16)),
    ("gj-qingyise-", "guangdong_jipinghu", "123m456m789m444z22z", (), "1m", GDJ, dict(lacks=["清一色"])),
    ("gj-hunpeng+", "guangdong_jipinghu", "111m333m555m444z22z", (), "1m", GDJ, dict(has=["混碰"], lacks=["混一色"], total=4)),
    ("gj-hunpeng-", "guangdong_jipinghu", "123m456m789m444z22z", (), "1m", GDJ, dict(lacks=["混碰"], total=2)),
    ("gj-qingpeng+", "guangdong_jipinghu", "111m333m555m777m99m", (), "1m", GDJ, dict(has=["清碰"], total=5)),
    ("gj-qingpeng-", "guangdong_jipinghu", "123m456m789m111m22m", (), "5m", GDJ, dict(lacks=["清碰"])),
    ("gj-hunyaojiu+", "guangdong_jipinghu", "111m999m111p444z22z", (), "1m", GDJ, dict(has=["混么九"], total=5)),
    ("gj-hunyaojiu-", "guangdong_jipinghu", "111m999m222p444z22z", (), "1m", GDJ, dict(lacks=["混么九"], total=2)),
    ("gj-xiaosanyuan+", "guangdong_jipinghu", "123m456m555z666z77z", (), "1m", GDJ, dict(has=["小三元"], total=5)),
    ("gj-xiaosanyuan-", "guangdong_jipinghu", "123m456m789m555z77z", (), "1m", GDJ,
     dict(lacks=["小三元"], has=["混一色", "三元牌"], total=3)),
    ("gj-xiaosixi+", "guangdong_jipinghu", "123m111z222z333z44z", (), "1m", GDJ, dict(has=["小四喜"], total=5)),
    ("gj-xiaosixi-", "guangdong_jipinghu", "123m456m111z222z44z", (), "1m", GDJ,
     dict(lacks=["小四喜"], has=["風位", "風圈"], total=3)),                                    # 2 + 1 + 1, capped
    ("gj-ziyise+", "guangdong_jipinghu", "111z222z333z555z66z", (), "1z", GDJ, dict(has=["字一色"], total=6, points=64)),
    ("gj-ziyise-", "guangdong_jipinghu", "111m333m555m444z22z", (), "1m", GDJ, dict(lacks=["字一色"])),
    ("gj-qingyaojiu+", "guangdong_jipinghu", "111m999m111p999p11s", (), "1m", GDJ, dict(has=["清么九"], total=6)),
    ("gj-qingyaojiu-", "guangdong_jipinghu", "111m999m111p444z22z", (), "1m", GDJ, dict(lacks=["清么九"])),
    ("gj-dasanyuan+", "guangdong_jipinghu", "123m11p555z666z777z", (), "1m", GDJ, dict(has=["大三元"], total=6)),
    ("gj-dasanyuan-", "guangdong_jipinghu", "123m456m555z666z77z", (), "1m", GDJ, dict(lacks=["大三元"])),
    ("gj-dasixi+", "guangdong_jipinghu", "11m111z222z333z444z", (), "1m", GDJ, dict(has=["大四喜"], total=6)),
    ("gj-dasixi-", "guangdong_jipinghu", "123m111z222z333z44z", (), "1m", GDJ, dict(lacks=["大四喜"])),
    ("gj-jiulian+", "guangdong_jipinghu", "1112345678999m5m", (), "5m", GDJ, dict(has=["九蓮寶燈"], total=6)),
    ("gj-jiulian-", "guangdong_jipinghu", "1112345678999m5m", (), "1m", GDJ, dict(lacks=["九蓮寶燈"], has=["清一色"], total=4)),
    ("gj-shisanyao+", "guangdong_jipinghu", "19m19p19s1234567z1z", (), "1z", GDJ, dict(has=["十三麼"], total=6)),
    ("gj-shisanyao-", "guangdong_jipinghu", "111m999m111p444z22z", (), "1m", GDJ, dict(lacks=["十三麼"])),
    ("gj-shisanyao-incomplete", "guangdong_jipinghu", "19m19p19s111z23456z", (), "1z", GDJ,
     dict(reason="not a complete hand")),                                                       # 7z missing
    # ---- 雞平和 add-ons, cap, floor ----------------------------------------------------------------
    ("gj-zimo+", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(self_drawn=True), dict(has=["自摸"], total=1)),
    ("gj-zimo-", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", GDJ, dict(lacks=["自摸"], total=0)),
    ("gj-menfeng+", "guangdong_jipinghu", "123m456p789s222z33z", (), "1m", dict(seat_wind=1), dict(has=["風位"], total=1)),
    ("gj-menfeng-", "guangdong_jipinghu", "123m456p789s222z33z", (), "1m", GDJ, dict(lacks=["風位"], total=0)),
    ("gj-quanfeng+", "guangdong_jipinghu", "123m456p789s222z33z", (), "1m", dict(round_wind=1), dict(has=["風圈"], total=1)),
    ("gj-quanfeng-", "guangdong_jipinghu", "123m456p789s222z33z", (), "1m", dict(seat_wind=1), dict(lacks=["風圈"])),
    ("gj-sanyuan+", "guangdong_jipinghu", "123m456p555z666z33z", (), "1m", GDJ, dict(has=["三元牌"], total=2)),  # 2 pungs
    ("gj-sanyuan-", "guangdong_jipinghu", "123m456p789s111s55z", (), "1m", GDJ, dict(lacks=["三元牌"], total=0)),
    ("gj-cap+", "guangdong_jipinghu", "123m456m789m234m22z", (), "1m", dict(self_drawn=True), dict(total=3, points=8)),
    ("gj-floor-gangkai+", "guangdong_jipinghu", "123m456p789s22z", (("ankan", "1s"),), "1m",
     dict(self_drawn=True, after_kong=True), dict(total=3)),
    ("gj-floor-gangkai-", "guangdong_jipinghu", "123m456p789s22z", (("ankan", "1s"),), "1m", dict(self_drawn=True),
     dict(total=1)),
    ("gj-floor-keeps-higher", "guangdong_jipinghu", "123m456m111m22m", (("ankan", "9m"),), "5m",
     dict(self_drawn=True, after_kong=True), dict(has=["清一色"], total=4, floor=["槓上開花"])),  # 4 stays 4
    ("gj-floor-haidi+", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(self_drawn=True, last_tile=True),
     dict(total=3)),
    ("gj-floor-haidi-", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(last_tile=True), dict(total=0)),
    ("gj-floor-sanxiang+", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(triple_ron=True), dict(total=3)),
    ("gj-qidui-missing", "guangdong_jipinghu", "1133557799m2244p", (), "1m", GDJ, dict(missing=["qidui"])),
    ("gj-qidui+", "guangdong_jipinghu", "1133557799m2244p", (), "1m", dict(qidui=2), dict(has=["七对"], total=2)),
    ("gj-qidui-", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(qidui=2), dict(lacks=["七对"])),
    ("gj-tianhe-missing", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(self_drawn=True, tianhu=True, dealer=True),
     dict(missing=["tianhe_fan"])),
    ("gj-tianhe+", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m",
     dict(self_drawn=True, tianhu=True, dealer=True, tianhe_fan=6), dict(has=["天和"], total=6)),
    ("gj-tianhe-", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(self_drawn=True, dealer=True, tianhe_fan=6),
     dict(lacks=["天和"], total=1)),
    ("gj-renhe-missing", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(dihu=True), dict(missing=["renhe_fan"])),
    ("gj-renhe+", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(dihu=True, renhe_fan=5),
     dict(has=["人和"], total=5)),
    ("gj-renhe-", "guangdong_jipinghu", "123m456p789s111s22z", (), "1m", dict(renhe_fan=5), dict(lacks=["人和"], total=0)),
    # ---- docs/rules.md#qingyuan (highest pattern only) --------------------------------------------
    ("qy-jihu+", "qingyuan", "123p456p789s111s22z", (), "1p", QY, dict(has=["雞糊"], total=3)),
    ("qy-jihu-", "qingyuan", "111p222p333s444z22z", (), "1p", QY, dict(lacks=["雞糊"])),
    ("qy-duidui+", "qingyuan", "111p222p333s444z22z", (), "1p", QY, dict(has=["對對糊"], total=6)),
    ("qy-duidui-", "qingyuan", "123p456p789s111s22z", (), "1p", QY, dict(lacks=["對對糊"], total=3)),
    ("qy-qingyise+", "qingyuan", "123p456p789p111p22p", (), "5p", QY, dict(has=["清一色"], total=9)),
    ("qy-qingyise-", "qingyuan", "123p456p789p111s22p", (), "5p", QY, dict(lacks=["清一色"])),
    ("qy-qingquandui+", "qingyuan", "111p333p555p777p99p", (), "1p", QY, dict(has=["清一色全對"], total=12)),
    ("qy-qingquandui-", "qingyuan", "123p456p789p111p22p", (), "5p", QY, dict(lacks=["清一色全對"])),
    ("qy-yijiu+", "qingyuan", "111p999p111s111z22z", (), "1p", dict(QY, yijiu_allows_honors=True),
     dict(has=["壹玖全對"], total=15)),
    ("qy-yijiu-", "qingyuan", "111p999p111s111z22z", (), "1p", QY, dict(lacks=["壹玖全對"], total=6)),
    ("qy-quanzi+", "qingyuan", "111z222z333z555z66z", (), "1z", QY, dict(has=["全字全對"], total=18)),
    ("qy-quanzi-", "qingyuan", "111p999p111s111z22z", (), "1p", dict(QY, yijiu_allows_honors=True), dict(lacks=["全字全對"])),
    ("qy-qidui-missing", "qingyuan", "1133557799p2244s", (), "1p", QY, dict(missing=["qidui"])),
    ("qy-qidui+", "qingyuan", "1133557799p2244s", (), "1p", dict(QY, qidui=5), dict(has=["七对"], total=5)),
    ("qy-qidui-", "qingyuan", "123p456p789s111s22z", (), "1p", dict(QY, qidui=5), dict(lacks=["七对"], total=3)),
    ("qy-qidui-qing", "qingyuan", "1133557799p2244p", (), "1p", dict(QY, qidui=5), dict(has=["清一色"], total=9)),
    # ---- docs/rules.md#tianjin (和目 add up) --------------------------------------------------------
    ("tj-long+", "tianjin", "123456789m456p11z", (), "4p", TJ, dict(has=["一条龙", "无绘"], total=3)),
    ("tj-long-", "tianjin", "123m456m789p456p11z", (), "4p", TJ, dict(lacks=["一条龙"], total=1)),
    ("tj-benhuilong+", "tianjin", "123456789m456p11z", (), "4p", dict(TJ, joker_kinds=(2, 3)),
     dict(has=["本绘龙", "无绘"], lacks=["一条龙"], total=4)),                                 # 3m, 4m at their face
    ("tj-benhuilong-", "tianjin", "12345678m1p456s11z", (), "4s", dict(TJ, joker_kinds=(9, 10)),
     dict(has=["一条龙"], lacks=["本绘龙", "无绘"], total=2)),                                 # 1p stands for 9m
    ("tj-benhuilong-plain-", "tianjin", "123456789m456p11z", (), "4p", TJ, dict(lacks=["本绘龙"])),
    ("tj-benhuilong-nosub+", "tianjin", "123456789m456p11z", (), "4p", dict(TJ, benhuilong="no_substitute"),
     dict(has=["本绘龙"], total=4)),
    ("tj-zhuowu+", "tianjin", "46m5m123p456p789s11z", (), "5m", TJ, dict(has=["捉五魁"], total=2)),
    ("tj-zhuowu-", "tianjin", "34m5m123p456p789s11z", (), "5m", TJ, dict(lacks=["捉五魁"], total=1)),
    ("tj-zhuowu-pin-", "tianjin", "46p5p123p456m789s11z", (), "5p", TJ, dict(lacks=["捉五魁"])),  # only 坎五万
    ("tj-wuhui+", "tianjin", "123m456m789p456p11z", (), "4p", TJ, dict(has=["无绘"], total=1)),
    ("tj-wuhui-", "tianjin", "123m456m789p456p1z2p", (), "4p", dict(TJ, joker_kinds=(9, 10)),
     dict(lacks=["无绘"], total=0)),
    ("tj-wuhui-held-", "tianjin", "123456789m456p11z", (), "4p", dict(TJ, joker_kinds=(2, 3), wuhui="none_held"),
     dict(lacks=["无绘"], total=3)),
    ("tj-hundiao-missing", "tianjin", "123m456m789s123s1p5z", (), "5z", dict(TJ, joker_kinds=(17, 9)),
     dict(missing=["hundiao"])),
    ("tj-hundiao+", "tianjin", "123m456m789s123s1p5z", (), "5z", dict(TJ, joker_kinds=(17, 9), hundiao=1),
     dict(has=["混吊"], total=1)),
    ("tj-hundiao-", "tianjin", "123m456m789s123s5z5z", (), "5z", dict(TJ, joker_kinds=(17, 9), hundiao=1),
     dict(lacks=["混吊"], has=["无绘"])),
    ("tj-shuanghundiao-missing", "tianjin", "123m456m789s123s1p1p", (), "1p", dict(TJ, joker_kinds=(17, 9)),
     dict(missing=["shuanghundiao"])),
    ("tj-shuanghundiao+", "tianjin", "123m456m789s123s1p1p", (), "1p", dict(TJ, joker_kinds=(17, 9), shuanghundiao=2),
     dict(has=["双混吊", "无绘"], lacks=["混吊"], total=3)),     # the two 1p pair at their own face
    ("tj-shuanghundiao-", "tianjin", "123m456m789s123s1p5z", (), "5z",
     dict(TJ, joker_kinds=(17, 9), hundiao=1, shuanghundiao=2), dict(lacks=["双混吊"])),
    ("tj-shuanghui-missing", "tianjin", "123p456p789s11z34z5m", (), "5m", dict(TJ, joker_kinds=(29, 30)),
     dict(missing=["hundiao", "shuanghui_zhuowu"])),            # 5m + a 混 as the pair: 混吊
    ("tj-shuanghui+", "tianjin", "123p456p789s11z34z5m", (), "5m",
     dict(TJ, joker_kinds=(29, 30), shuanghui_zhuowu=2, hundiao=1),
     dict(has=["双绘捉五"], lacks=["捉五魁"], total=2)),
    ("tj-shuanghui-", "tianjin", "46m5m123p456p789s11z", (), "5m", dict(TJ, shuanghui_zhuowu=2), dict(lacks=["双绘捉五"])),
    ("tj-qidui-missing", "tianjin", "1133557799m2244p", (), "1m", TJ, dict(missing=["qidui"])),
    ("tj-qidui+", "tianjin", "1133557799m2244p", (), "1m", dict(TJ, qidui=2), dict(has=["七对", "无绘"], total=3)),
    ("tj-qidui-", "tianjin", "123m456m789p456p11z", (), "4p", dict(TJ, qidui=2), dict(lacks=["七对"], total=1)),
    # ---- docs/rules.md#hangzhou (倍: base × factors) ----------------------------------------------
    ("hz-pinghu+", "hangzhou", "123m456p789s111z55m", (), "5m", HZ, dict(has=["平胡"], total=1)),
    ("hz-pinghu-", "hangzhou", "1133557799m2244p", (), "1m", HZD, dict(lacks=["平胡"], total=2)),
    ("hz-pinghu-chi+", "hangzhou", "456p789s111z55m", (("chi", "1m"),), "5m", HZD, dict(has=["平胡"], total=1)),
    ("hz-qidui+", "hangzhou", "1133557799m2244p", (), "1m", HZD, dict(has=["七对"], total=2)),
    ("hz-qidui-", "hangzhou", "1111335577m99p22s", (), "1m", HZD, dict(lacks=["七对"], has=["豪华七对"], total=4)),
    ("hz-qidui-caishen+", "hangzhou", "1133557799m224p7z", (), "4p", HZ,
     dict(has=["七对"], lacks=["暴头"], total=2)),                                     # 白 as 4p; seven pairs: no 暴头
    ("hz-haohua+", "hangzhou", "1111335577m99p22s", (), "3m", HZD, dict(has=["豪华七对"], total=4)),
    ("hz-haohua-", "hangzhou", "1133557799m2244p", (), "1m", HZD, dict(lacks=["豪华七对"])),
    ("hz-haohua-caishen+", "hangzhou", "111335577m99p22s7z", (), "3m", HZD,
     dict(has=["豪华七对"], total=4)),                                                 # 白 as the fourth 1m
    ("hz-liang-caishen+", "hangzhou", "1133557799m7777z", (), "1m", HZD,
     dict(has=["两豪华七对"], total=8)),                                               # 白白 as 1m1m, 白白 as 3m3m
    ("hz-haohua-pair+", "hangzhou", "1133557799m22p7z7z", (), "1m", HZD,
     dict(has=["豪华七对"], total=4)),                                                 # 白白 as a second 1m pair
    ("hz-liang+", "hangzhou", "1111333355m77p99s", (), "5m", HZD, dict(has=["两豪华七对"], total=8)),
    ("hz-liang-", "hangzhou", "1111335577m99p22s", (), "1m", HZD, dict(lacks=["两豪华七对"])),
    ("hz-san+", "hangzhou", "111133335555m77p", (), "7p", HZD, dict(has=["三豪华七对"], total=16)),
    ("hz-san-caishen+", "hangzhou", "1111333355557m7z", (), "7m", HZD,
     dict(has=["三豪华七对"], total=16)),                                               # 白 as 7m
    ("hz-san-", "hangzhou", "1111333355m77p99s", (), "1m", HZD, dict(lacks=["三豪华七对"], total=8)),
    ("hz-baotou+", "hangzhou", "123m456p789s111z7z5m", (), "5m", HZ, dict(has=["平胡", "暴头"], total=2)),
    ("hz-baotou-discard-", "hangzhou", "123m456p789s111z7z5m", (), "5m", HZD, dict(lacks=["暴头"], total=1)),
    ("hz-baotou-realpair-", "hangzhou", "123m456p789s111z55m", (), "5m", HZ, dict(lacks=["暴头"], total=1)),
    ("hz-baotou-chow-", "hangzhou", "12m456p789s111z55m7z", (), "1m", HZ, dict(lacks=["暴头"], total=1)),
    ("hz-baotou-jokerwin+", "hangzhou", "123m456p789s111z7z7z", (), "7z", HZ, dict(has=["暴头"], total=2)),
    ("hz-baotou-twokinds+", "hangzhou", "123m456p789s111z5m7z", (), "7z", dict(HZ, joker_kinds=(4, 33)),
     dict(has=["暴头"], total=2)),                                                     # 白 (won) pairs with the 5m 财神
    ("hz-baotou-meld+", "hangzhou", "456p789s111z7z5m", (("chi", "1m"),), "5m", HZ, dict(has=["暴头"], total=2)),
    ("hz-baotou-option+", "hangzhou", "123m456p789s111z7z5m", (), "5m", dict(self_drawn=True, caishen=["7z"]),
     dict(has=["暴头"], total=2)),
    ("hz-caipiao+", "hangzhou", "123m456p789s111z7z5m", (), "5m", dict(HZ, caipiao=1),
     dict(has=["暴头", "财飘"], lacks=["连续财飘"], total=4)),
    ("hz-caipiao-", "hangzhou", "123m456p789s111z7z5m", (), "5m", dict(HZD, caipiao=1),
     dict(lacks=["暴头", "财飘"], total=1)),                                            # no 暴头, no 财飘
    ("hz-caipiao-nobaotou-", "hangzhou", "123m456p789s111z55m", (), "5m", dict(HZ, caipiao=2),
     dict(lacks=["财飘", "连续财飘"], total=1)),
    ("hz-lianxu+", "hangzhou", "123m456p789s111z7z5m", (), "5m", dict(HZ, caipiao=2),
     dict(has=["暴头", "财飘", "连续财飘"], total=8)),
    ("hz-lianxu-", "hangzhou", "123m456p789s111z7z5m", (), "5m", dict(HZ, context={"caipiao": 1}),
     dict(lacks=["连续财飘"], total=4)),
    ("hz-gangkai+", "hangzhou", "456p789s111z55m", (("ankan", "1m"),), "5m", dict(HZ, after_kong=True, gangkai=2),
     dict(has=["平胡", "杠开"], total=2)),
    ("hz-gangkai-", "hangzhou", "456p789s111z55m", (("ankan", "1m"),), "5m", dict(HZ, gangkai=2),
     dict(lacks=["杠开"], total=1)),
    ("hz-gangkai-missing", "hangzhou", "456p789s111z55m", (("minkan", "1m"),), "5m", dict(HZ, after_kong=True),
     dict(missing=["gangkai"])),
    ("hz-gangkai-baotou+", "hangzhou", "456p789s111z7z5m", (("ankan", "1m"),), "5m",
     dict(HZ, after_kong=True, gangkai=3, caipiao=1), dict(has=["暴头", "财飘", "杠开"], total=12)),
    ("hz-gangkai-qidui+", "hangzhou", "1111335577m99p22s", (), "1m", dict(HZ, after_kong=True, gangkai=2),
     dict(has=["豪华七对", "杠开"], total=8)),
    ("hz-fifth-copy+", "hangzhou", "1111m234p567s789s7z", (), "2p", HZ, dict(total=1)),       # 白 as a fifth 1m
    ("hz-fifth-copy-", "hangzhou", "1111m234p567s789s7z", (), "2p", dict(HZ, allow_fifth_copy=False),
     dict(reason="not a complete hand")),
    ("hz-quad-", "hangzhou", "1111335577m99p22s", (), "1m", dict(HZD, allow_quad=False), dict(reason="not a complete hand")),
    # ---- docs/rules.md#wenzhou (16-tile play, 17 tiles; 倍: the product of the factors) -----------
    ("wz-pinghu+", "wenzhou", WZA, (), "1m", WZ, dict(has=["平胡"], total=1)),       # 11 + 5 chows
    ("wz-yingbadui+", "wenzhou", "1122334455667788m9p", (), "9p", WZ, dict(has=["平胡", "硬八對"], total=2)),
    ("wz-yingbadui-", "wenzhou", WZA, (), "1m", WZ, dict(lacks=["硬八對"], total=1)),
    ("wz-yingbadui-caishen-", "wenzhou", "1122334455667788m7z", (), "1m", WZ,
     dict(lacks=["硬八對"], total=1)),                                               # 白 held: 白 as a 7m, 5 sets
    ("wz-yingbadui-quad+", "wenzhou", "1111m2233445566778m", (), "8m", WZ, dict(has=["硬八對"], total=2)),
    ("wz-yingbadui-quad-", "wenzhou", "1111m2233445566778m", (), "8m", dict(WZ, allow_quad=False),
     dict(reason="wenzhou: not a complete hand")),
    ("wz-yingbadui-triple+", "wenzhou", "111m22p44p66p88p11s33s55s", (), "1m", WZ,
     dict(has=["硬八對"], total=2)),                                                 # 111m: a pair and the single
    ("wz-yingbadui-meld-", "wenzhou", "11m22p44p66p88p11s55s", (("pon", "3s"),), "1m", WZ,
     dict(reason="wenzhou: not a complete hand")),                                   # 8 pairs need no melds
    ("wz-sancaishen+", "wenzhou", "119m19p19s1234566z777z", (), "1m", WZ, dict(has=["三財神"], total=2)),
    ("wz-sancaishen-shape+", "wenzhou", "11m123456789m123p7z7z7z", (), "1m", dict(WZ, yingpai=3),
     dict(has=["三財神", "硬牌"], total=6)),                                         # 白白白 at its face: 2 × 3
    ("wz-sancaishen-", "wenzhou", "11m123456789m123p45p7z", (), "1m", WZ, dict(lacks=["三財神"], total=1)),
    ("wz-sancaishen-ruan+", "wenzhou", "1234567m7777z123456p", (), "1m", dict(WZ, yingpai=1, ruanpai=2),
     dict(has=["三財神", "軟牌"], total=4)),                  # a 白 must stand in: 2 × 2 beats the 硬 any shape 2 × 1
    ("wz-sancaishen-ying+", "wenzhou", "1234567m7777z123456p", (), "1m", dict(WZ, yingpai=3, ruanpai=2),
     dict(has=["三財神", "硬牌"], lacks=["軟牌"], total=6)),   # the any-shape reading (算硬牌) 2 × 3
    ("wz-tianhu+", "wenzhou", WZA, (), "1m", dict(WZ, self_drawn=True, dealer=True, tianhu=True),
     dict(has=["天胡"], total=2)),
    ("wz-tianhu-", "wenzhou", WZA, (), "1m", dict(WZ, self_drawn=True, dealer=True), dict(lacks=["天胡"], total=1)),
    ("wz-dihu+", "wenzhou", WZA, (), "1m", dict(WZ, dihu=True), dict(has=["地胡"], lacks=["天胡"], total=2)),
    ("wz-dihu-", "wenzhou", WZA, (), "1m", WZ, dict(lacks=["地胡"], total=1)),
    ("wz-dandiao+", "wenzhou", "55z", WZ_FIVE_MELDS, "5z", WZ, dict(has=["單吊"], total=2)),
    ("wz-dandiao-ankan-", "wenzhou", "55z", WZ_FIVE_MELDS[:4] + (("ankan", "9m"),), "5z", WZ,
     dict(lacks=["單吊"], total=1)),                                                 # an 暗杠 is no 吃 / 碰
    ("wz-dandiao-four-", "wenzhou", "55z789m", WZ_FIVE_MELDS[:4], "5z", WZ, dict(lacks=["單吊"], total=1)),
    ("wz-dandiao-ruan+", "wenzhou", "5z7z", WZ_FIVE_MELDS, "5z", dict(WZ, ruanpai=3),
     dict(has=["單吊", "軟牌"], total=6)),                                           # 白 as the second 5z
    ("wz-yingpai+", "wenzhou", WZA, (), "1m", dict(WZ, yingpai=3), dict(has=["硬牌"], lacks=["軟牌"], total=3)),
    ("wz-yingpai-", "wenzhou", "11m123456789m123p45p7z", (), "1m", dict(WZ, yingpai=3),
     dict(lacks=["硬牌", "軟牌"], total=1)),                                         # 白 as 3p or 6p: 軟, no value
    ("wz-yingpai-none-", "wenzhou", WZA, (), "1m", WZ, dict(lacks=["硬牌"], total=1)),
    ("wz-ruanpai+", "wenzhou", "11m123456789m123p45p7z", (), "1m", dict(WZ, ruanpai=2),
     dict(has=["軟牌"], total=2)),
    ("wz-ruanpai-", "wenzhou", WZA, (), "1m", dict(WZ, ruanpai=2), dict(lacks=["軟牌"], total=1)),
    ("wz-ruanpai-face-", "wenzhou", WZA, (), "1m", dict(WZ, joker_kinds=(T("5p"),), ruanpai=2),
     dict(lacks=["軟牌"], total=1)),                                                 # the 財神 5p at its own face
    ("wz-ying-over-ruan+", "wenzhou", "11m123456789m123p7z7z7z", (), "1m", dict(WZ, yingpai=1, ruanpai=4),
     dict(has=["三財神", "軟牌"], total=8)),             # 白白白 as 4p5p6p (軟 4) beats 白白白 at its face (硬 1)
    ("wz-all-pungs+", "wenzhou", "11m111p333p555p777p999p", (), "1m", WZ, dict(has=["平胡"], total=1)),
    ("wz-all-pungs-", "wenzhou", "11m111p333p555p777p999p", (), "1m", dict(WZ, allow_all_pungs=False),
     dict(reason="wenzhou: all pungs is not a listed shape")),
    ("wz-all-pungs-chi+", "wenzhou", "11m111p333p555p777p", (("chi", "1s"),), "1m", dict(WZ, allow_all_pungs=False),
     dict(total=1)),                                                                 # the chow is a declared chi
    ("wz-all-pungs-caishen+", "wenzhou", "11m111p333p555p777p78s7z", (), "1m", dict(WZ, allow_all_pungs=False),
     dict(total=1)),                                                                 # 白 as 6s or 9s: a chow
    ("wz-all-pungs-eight+", "wenzhou", "111m22p44p66p88p11s33s55s", (), "1m", dict(WZ, allow_all_pungs=False),
     dict(has=["硬八對"], total=2)),
    ("wz-all-pungs-three+", "wenzhou", "11z222z333z444z55z6z7z7z7z", (), "6z", dict(WZ, allow_all_pungs=False),
     dict(has=["三財神"], total=2)),                                                 # pungs only, but 3 白
    ("wz-fifth-copy+", "wenzhou", "1111m234p567s789s123s7z", (), "2p", WZ, dict(total=1)),   # 白 as a fifth 1m
    ("wz-fifth-copy-", "wenzhou", "1111m234p567s789s123s7z", (), "2p", dict(WZ, allow_fifth_copy=False),
     dict(reason="wenzhou: not a complete hand")),
    ("wz-no-orphans-", "wenzhou", "19m19p19s11234567z123m", (), "1z", WZ, dict(reason="not a complete hand")),
    ("wz-caishen-option+", "wenzhou", "11m123456789m123p45p7z", (), "1m", dict(caishen=["7z"], ruanpai=2),
     dict(has=["軟牌"], total=2)),
    ("wz-all-rows+", "wenzhou", "5z7z", WZ_FIVE_MELDS, "5z", dict(WZ, dihu=True, ruanpai=3),
     dict(has=["單吊", "地胡", "軟牌"], total=12)),                                 # 2 × 2 × 3
    # ---- docs/rules.md#fuzhou (番: the sum of the rows; every value an option) --------------------
    ("fz-zimo+", "fuzhou", FZA, (), "5m", FZS, dict(has=["自摸"], lacks=["平胡"], total=1)),
    ("fz-zimo-", "fuzhou", FZA, (), "5m", FZ, dict(lacks=["自摸"], total=2)),
    ("fz-zimo-zero+", "fuzhou", FZA, (), "5m", dict(FZS, zimo=0), dict(has=["自摸"], total=0)),   # a 0 row shows
    ("fz-zimo-missing", "fuzhou", FZA, (), "5m", dict(FZS, zimo=None), dict(missing=["zimo"])),
    ("fz-pinghu+", "fuzhou", FZA, (), "5m", FZ, dict(has=["平胡"], lacks=["自摸"], total=2)),
    ("fz-pinghu-", "fuzhou", FZA, (), "5m", FZS, dict(lacks=["平胡"], total=1)),
    ("fz-pinghu-robbing+", "fuzhou", FZA, (), "5m", dict(FZ, robbing_kong=True), dict(has=["平胡"], total=2)),
    ("fz-pinghu-missing", "fuzhou", FZA, (), "5m", dict(FZ, pinghu=None), dict(missing=["pinghu"])),
    ("fz-qiangjin+", "fuzhou", FZJ, (), "7z", dict(FZS, context=QJ),
     dict(has=["自摸", "抢金", "用金"], total=13)),                                   # 1 + 4 + 8
    ("fz-qiangjin-", "fuzhou", FZJ, (), "7z", FZS, dict(lacks=["抢金"], total=9)),
    ("fz-qiangjin-zero-", "fuzhou", FZJ, (), "7z", dict(FZS, context={"qiangjin": 0}), dict(lacks=["抢金"], total=9)),
    ("fz-qiangjin-plain+", "fuzhou", FZA, (), "5m", dict(FZ, context=QJ), dict(has=["平胡", "抢金"], total=6)),
    ("fz-qiangjin-missing", "fuzhou", FZJ, (), "7z", dict(FZS, context=QJ, qiangjin=None), dict(missing=["qiangjin"])),
    ("fz-tianhu+", "fuzhou", FZA, (), "5m", dict(FZS, dealer=True, tianhu=True),
     dict(has=["自摸", "天和"], lacks=["抢金"], total=5)),                             # 天和 takes 抢金's value
    ("fz-tianhu-", "fuzhou", FZA, (), "5m", dict(FZS, dealer=True), dict(lacks=["天和"], total=1)),
    ("fz-tianhu-missing", "fuzhou", FZA, (), "5m", dict(FZS, dealer=True, tianhu=True, qiangjin=None),
     dict(missing=["qiangjin"])),
    ("fz-tianhu-qiangjin+", "fuzhou", FZA, (), "5m", dict(FZS, dealer=True, tianhu=True, context=QJ),
     dict(has=["天和", "抢金"], total=9)),                                           # 1 + 4 + 4: two rows
    ("fz-jin+", "fuzhou", FZJ, (), "5m", FZ, dict(has=["平胡", "用金"], total=10)),
    ("fz-jin-", "fuzhou", FZA, (), "5m", FZ, dict(lacks=["用金"], total=2)),
    ("fz-jin-missing", "fuzhou", FZJ, (), "5m", dict(FZ, jin=None), dict(missing=["jin"])),
    ("fz-jin-face-", "fuzhou", FZE, (), "2m", dict(FZ, joker_kinds=(6,), jin=None), dict(lacks=["用金"], total=2)),
    ("fz-jin-zero+", "fuzhou", FZJ, (), "5m", dict(FZ, jin=0), dict(has=["用金"], total=2)),
    # 白白白 at its face or standing in: equal totals with jin=0 -> the fewest substitutes (face)
    ("fz-jin-tie-", "fuzhou", FZF, (), "5m", dict(FZ, jin=0), dict(lacks=["用金"], total=2)),
    ("fz-jin-best+", "fuzhou", FZF, (), "5m", FZ, dict(has=["用金"], total=10)),     # the higher total
    ("fz-jin-missing-face", "fuzhou", FZF, (), "5m", dict(FZ, jin=None), dict(missing=["jin"])),
    ("fz-jin-ankan-", "fuzhou", "456p789s111z55m", (("ankan", "7z"),), "5m", FZ, dict(lacks=["用金"], total=2)),
    ("fz-all-rows+", "fuzhou", FZJ, (), "7z", dict(FZS, dealer=True, tianhu=True, context=QJ),
     dict(has=["自摸", "抢金", "天和", "用金"], total=17)),                            # 1 + 4 + 4 + 8
    ("fz-gold-option+", "fuzhou", FZJ, (), "5m", dict(FZV, gold=["7z"]), dict(has=["用金"], total=10)),
    ("fz-two-golds+", "fuzhou", "123m456p789s111z5z7z", (), "5z", dict(FZ, joker_kinds=(31, 33)),
     dict(has=["用金"], total=10)),                                                 # 中白 as any pair
    ("fz-fifth-copy+", "fuzhou", "1111m234p567s789s7z", (), "2p", FZ, dict(has=["用金"], total=10)),  # a fifth 1m
    ("fz-fifth-copy-", "fuzhou", "1111m234p567s789s7z", (), "2p", dict(FZ, allow_fifth_copy=False),
     dict(reason="fuzhou: not a complete hand")),
    ("fz-no-qidui-", "fuzhou", "1133557799m2244p", (), "1m", FZ, dict(reason="fuzhou: not a complete hand")),
    ("fz-no-orphans-", "fuzhou", "19m19p19s1234567z1z", (), "1z", FZ, dict(reason="fuzhou: not a complete hand")),
    ("fz-gold-pon-allowed+", "fuzhou", "456p789s111z55m", (("pon", "7z"),), "5m", dict(FZ, allow_discard_gold=True),
     dict(has=["平胡"], lacks=["用金"], total=2)),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_fan_rows(case):
    cid, rule, hand, melds, win, kw, exp = case
    res = sc(rule, hand, win, melds, **kw)
    if "missing" in exp:
        assert not res.is_win and res.extra["missing"] == exp["missing"], res
        assert res.extra["complete"] and all(f"pass {m}=" in res.reason for m in exp["missing"])
        return
    if "reason" in exp:
        assert not res.is_win and exp["reason"] in res.reason, res
        return
    assert res.is_win, res.reason
    for n in exp.get("has", ()):
        assert n in names(res), (n, res.fans)
    for n in exp.get("lacks", ()):
        assert n not in names(res), (n, res.fans)
    if "total" in exp:
        assert res.total == exp["total"], (res.total, res.fans, res.extra)
    for n in exp.get("factor", ()):
        assert n in factors(res), res.extra["factors"]
    for n in exp.get("nofactor", ()):
        assert n not in factors(res), res.extra["factors"]
    if "points" in exp:
        assert res.extra["points"] == exp["points"]
    if "floor" in exp:
        assert res.extra["floor"] == exp["floor"]


def test_every_table_row_has_a_case():
    """Each row of each table appears in some case's ``has`` and in some case's ``lacks``."""
    rows = {
        "guangdong_tuidao": ["小胡", "碰碰胡", "清一色", "将一色", "风一色", "杠上花", "海底捞", "抢杠", "全求人", "七对"],
        "guangdong_jipinghu": ["雞和", "平和", "碰碰和", "混一色", "清一色", "混碰", "清碰", "混么九", "小三元", "小四喜",
                               "字一色", "清么九", "大三元", "大四喜", "九蓮寶燈", "十三麼", "自摸", "風位", "風圈", "三元牌", "七对",
                               "天和", "人和"],
        "qingyuan": ["雞糊", "對對糊", "清一色", "清一色全對", "壹玖全對", "全字全對", "七对"],
        "tianjin": ["一条龙", "本绘龙", "捉五魁", "无绘", "混吊", "双混吊", "双绘捉五", "七对"],
        "hangzhou": ["平胡", "七对", "豪华七对", "两豪华七对", "三豪华七对", "暴头", "财飘", "连续财飘", "杠开"],
        "wenzhou": ["硬八對", "三財神", "天胡", "地胡", "單吊", "硬牌", "軟牌"],
        "fuzhou": ["自摸", "平胡", "抢金", "天和", "用金"],
    }
    # Wenzhou's base group is always ("平胡", 1): every winning case shows it
    for _, rule, hand, melds, win, kw, exp in CASES:
        if rule == "wenzhou" and "reason" not in exp:
            assert sc(rule, hand, win, melds, **kw).fans[0] == ("平胡", 1), hand
    for rule, want in rows.items():
        pos = {n for c in CASES if c[1] == rule for n in c[6].get("has", ())}
        neg = {n for c in CASES if c[1] == rule for n in c[6].get("lacks", ())}
        assert set(want) <= pos, (rule, set(want) - pos)
        assert set(want) <= neg, (rule, set(want) - neg)


# =============================================================================================
# 推倒胡 payments (docs/rules.md#guangdong-tuidao)
# =============================================================================================
def test_tuidao_payment_small_and_big():
    small = sc("guangdong_tuidao", A, "1m", self_drawn=True)                    # 4
    assert R.tuidao_payment(small, False, False, False)["raw"] == 4
    assert R.tuidao_payment(small, False, True, False)["raw"] == 8              # 闲家胡: the dealer ×2
    assert R.tuidao_payment(small, False, False, True)["raw"] == 8              # 庄家胡: each 闲 ×2
    with pytest.raises(ValueError, match="no discarder"):
        R.tuidao_payment(small, True, False, False)
    ron = sc("guangdong_tuidao", A, "1m", self_draw_only=False)                # 2
    assert R.tuidao_payment(ron, True, False, False, {"self_draw_only": False})["raw"] == 4    # 放冲者 ×2
    assert R.tuidao_payment(ron, True, True, False)["raw"] == 8
    big = sc("guangdong_tuidao", "1112345678999m5m", "5m", self_draw_only=False)  # 清一色 on a discard: 20
    assert big.total == 20
    assert R.tuidao_payment(big, True, False, False)["raw"] == 30              # 放冲 ×1.5
    assert R.tuidao_payment(big, False, True, False)["raw"] == 20              # 大胡: no 庄闲


def test_tuidao_caps_gold_cap_and_chengbao():
    four_ankan = sc("guangdong_tuidao", "55z", "5z", [("ankan", "1m"), ("ankan", "2p"), ("ankan", "3s"), ("ankan", "4z")],
                    self_drawn=True)
    assert four_ankan.total == 480 and names(four_ankan) == ["碰碰胡"]      # 10 ×2^4 ×1.5 ×2
    assert R.tuidao_payment(four_ankan, False, False, False) == {"raw": 480, "capped": 300}
    payers = [(False, True), (False, False), (False, False)]
    assert R.tuidao_settle(four_ankan, winner_is_dealer=False, payers=payers) == [400, 400, 400]   # 金顶
    assert R.tuidao_settle(four_ankan, winner_is_dealer=False, payers=payers,
                           options={"koukoufan": True}) == [480, 480, 480]                         # 口口翻 500
    small = sc("guangdong_tuidao", "456m55z", "5z", [("minkan", "1m"), ("minkan", "2p"), ("ankan", "3s")],
               self_drawn=True)
    assert small.total == 256 and names(small) == ["小胡"]                   # 1 ×2 ×4 ×4 ×2 ×2 ×2
    assert R.tuidao_settle(small, winner_is_dealer=False, payers=payers) == [300, 256, 256]
    assert R.tuidao_settle(small, winner_is_dealer=False, payers=payers, chengbao=1) == [0, 812, 0]


# =============================================================================================
# Refusals and bad input
# =============================================================================================
REFUSALS = [
    ("qingyuan", "123m456p789s111s22z", (), "1m", QY, "qingyuan: 万 tiles are not used"),
    ("qingyuan", "123p456p789s111s22z", (), "1p", {}, "qingyuan: self-drawn wins only"),
    ("qingyuan", "123p456p789s11z", (("chi", "1s"),), "1p", QY, "qingyuan: chi is not allowed"),
    ("qingyuan", "123p456p789s111s22z", (), "1p", dict(robbing_kong=True), "no win by robbing a kong"),
    ("tianjin", "123m456p789s111s22z", (), "1m", {}, "tianjin: self-drawn wins only"),
    ("tianjin", "123m456p789s11z", (("chi", "1s"),), "1m", TJ, "tianjin: chi is not allowed"),
    ("tianjin", "123m456p789s111s22z", (), "1m", dict(robbing_kong=True, self_draw_only=False), "no win by robbing"),
    ("tianjin", "123m456p789s22z", (("pon", "1s"),), "1m", dict(TJ, joker_kinds=(18, 19)), "cannot be ponged"),
    ("guangdong_tuidao", "123m456p789s11z", (("chi", "1s"),), "1m", TD, "chi is not allowed (allow_chi=False)"),
    ("guangdong_tuidao", "123m456p789s111s22z", (), "1m", dict(TD, with_honors=False), "honor tiles are not used"),
    ("guangdong_tuidao", "123m456p789s111s23z", (), "1m", TD, "guangdong_tuidao: not a complete hand"),
    ("guangdong_tuidao", "1111z222z3334z", (("pon", "1m"),), "4z", dict(TD, fengyise_any_shape=True), "not a complete"),
    ("hangzhou", "456p789s111z55m", (("pon", "7z"),), "5m", HZ, "hangzhou: a 财神 cannot be melded"),
    ("hangzhou", "456p789s111z55m", (("minkan", "7z"),), "5m", HZ, "a 财神 cannot be melded"),
    ("hangzhou", "456p789s111z22m", (("kakan", "5m"),), "2m", dict(HZ, joker_kinds=(4, 33)), "a 财神 cannot be melded"),
    ("hangzhou", "123m456p789s111z56m", (), "5m", HZ, "hangzhou: not a complete hand"),
    ("hangzhou", "19m19p19s1234567z1z", (), "1z", HZ, "hangzhou: not a complete hand"),      # no thirteen orphans
    ("wenzhou", "11m123456789m123p", (("pon", "7z"),), "1m", WZ, "wenzhou: a 財神 cannot be melded"),
    ("wenzhou", "11m123456789m123p", (("minkan", "7z"),), "1m", WZ, "a 財神 cannot be melded"),
    ("wenzhou", "11m123456789m123p", (("kakan", "5z"),), "1m", dict(WZ, joker_kinds=(31, 33)), "a 財神 cannot be melded"),
    # a melded 財神 is refused even where the hand holds three more (三財神 is no excuse)
    ("wenzhou", "11m123456789m7z7z7z", (("pon", "5z"),), "1m", dict(WZ, joker_kinds=(31, 33)), "a 財神 cannot be melded"),
    ("wenzhou", "11m123456789m123p45p9s", (), "1m", WZ, "wenzhou: not a complete hand"),
    # 2z is 財神: eight pairs and a single holding a 財神 are no 硬八對 (沒財神的), and no five sets
    ("wenzhou", "1199m1199p1199s1122z5z", (), "5z", dict(WZ, joker_kinds=(28,)), "wenzhou: not a complete hand"),
    ("fuzhou", "456p789s111z55m", (("pon", "7z"),), "5m", FZ, "fuzhou: a 金 cannot be melded"),
    ("fuzhou", "456p789s111z55m", (("minkan", "7z"),), "5m", FZS, "a 金 cannot be melded"),
    ("fuzhou", "456p789s111z22m", (("kakan", "5m"),), "2m", dict(FZ, joker_kinds=(4, 33)), "a 金 cannot be melded"),
    # the win condition comes first: no value is asked for
    ("fuzhou", "456p789s111z55m", (("pon", "7z"),), "5m", dict(joker_kinds=BAI), "a 金 cannot be melded"),
    ("fuzhou", "123m456p789s111z56m", (), "5m", FZ, "fuzhou: not a complete hand"),
    ("fuzhou", "123m456p789s111z56m", (), "5m", dict(joker_kinds=BAI), "fuzhou: not a complete hand"),
]


@pytest.mark.parametrize("rule,hand,melds,win,kw,reason", REFUSALS, ids=[f"{r[0]}-{i}" for i, r in enumerate(REFUSALS)])
def test_refusals(rule, hand, melds, win, kw, reason):
    res = sc(rule, hand, win, melds, **kw)
    assert not res.is_win and reason in res.reason and res.fans == [] and res.total == 0


def test_refusals_lift_with_their_option():
    assert sc("guangdong_tuidao", "123m456p789s11z", "1m", [("chi", "1s")], self_drawn=True, allow_chi=True).is_win
    assert sc("guangdong_tuidao", A, "1m", self_draw_only=False).is_win
    assert sc("tianjin", "123m456p789s111s22z", "1m", self_draw_only=False).is_win
    assert sc("tianjin", "123m456p789s22z", "1m", [("ankan", "1s")], self_drawn=True, joker_kinds=(18, 19)).is_win
    assert sc("guangdong_jipinghu", "123m456p789s111s22z", "1m", robbing_kong=True).is_win
    assert sc("guangdong_tuidao", "123m456p789s111s55s", "1m", self_drawn=True, with_honors=False).is_win
    assert sc("hangzhou", "456p789s111z55m", "5m", [("pon", "7z")], caishen_melds=True, **HZ).total == 1
    assert sc("hangzhou", "456p789s111z55m", "5m", [("ankan", "7z")], **HZ).total == 1       # 暗杠 of four 财神
    assert sc("hangzhou", "456p789s111z55m", "5m", [("chi", "4m")], **dict(HZ, joker_kinds=(4,))).is_win
    assert sc("hangzhou", "123m456p789s111z55m", "5m", robbing_kong=True, joker_kinds=BAI).total == 1
    assert sc("wenzhou", "11m123456789m123p", "1m", [("ankan", "7z")], **WZ).total == 1       # 暗杠 of four 財神
    assert sc("wenzhou", "11m123456789m123p", "1m", [("chi", "4m")], **dict(WZ, joker_kinds=(4,))).is_win
    assert sc("wenzhou", WZA, "1m", robbing_kong=True, **WZ).total == 1                    # 搶槓: no row
    assert sc("wenzhou", WZA, "1m", self_drawn=True, after_kong=True, last_tile=True, **WZ).total == 1
    for kind in ("pon", "minkan", "kakan"):                                                # allow_discard_gold
        assert sc("fuzhou", "456p789s111z55m", "5m", [(kind, "7z")], allow_discard_gold=True, **FZ).total == 2
    assert sc("fuzhou", "456p789s111z55m", "5m", [("ankan", "7z")], **FZ).total == 2         # 暗杠 of four 金
    assert sc("fuzhou", "456p789s111z22m", "2m", [("chi", "4m")], **dict(FZ, joker_kinds=(4,))).total == 2
    # no rows for 杠上开花, 海底, 地和, the winds or the dealer
    assert sc("fuzhou", "456p789s111z55m", "5m", [("ankan", "1m")], self_drawn=True, after_kong=True, last_tile=True,
              dealer=True, seat_wind=2, **FZ).total == 1
    assert sc("fuzhou", FZA, "5m", dihu=True, **FZ).total == 2
    # 风一色 without a shape, an honor meld: a win (with a suited meld it is refused, see above)
    res = sc("guangdong_tuidao", "1111z222z3334z", "4z", [("pon", "5z")], self_drawn=True, fengyise_any_shape=True)
    assert res.is_win and names(res) == ["风一色"] and res.reading["form"] == "any_shape"


@pytest.mark.parametrize("call,match", [
    (lambda: R.score("guangdong_tuidao", [0] * 34, [], 0), "concealed tiles"),
    (lambda: R.score("guangdong_tuidao", P("11111m234p567s999s"), [], 0), "appears 5 times"),
    (lambda: sc("guangdong_tuidao", A, "9m", self_drawn=True), "not among the concealed"),
    (lambda: sc("guangdong_tuidao", A, "1m", self_drawn=True, joker_kinds=BAI), "gui='none'"),
    (lambda: sc("guangdong_tuidao", A, "1m", self_drawn=True, gui="baiban", joker_kinds=(1,)), "baiban"),
    (lambda: sc("guangdong_jipinghu", A, "1m", joker_kinds=(1,)), "no jokers"),
    (lambda: sc("guangdong_jipinghu", A, "1m", frobnicate=1), "unknown option"),
    (lambda: sc("guangdong_jipinghu", A, "1m", within_cap_stacking="sum"), "within_cap_stacking"),
    (lambda: sc("guangdong_tuidao", A, "1m", qidui="ten"), "qidui"),
    (lambda: sc("guangdong_tuidao", A, "1m", self_drawn=True, robbing_kong=True), "exclude each other"),
    (lambda: sc("guangdong_tuidao", A, "1m", after_kong=True), "after_kong"),
    (lambda: sc("guangdong_jipinghu", A, "1m", tianhu=True), "dealer"),
    (lambda: sc("guangdong_jipinghu", A, "1m", dihu=True, self_drawn=True), "discard"),
    (lambda: sc("guangdong_jipinghu", A, "1m", seat_wind=4), "seat_wind"),
    (lambda: R.score("nanjing", P(A), [], 0), "unknown rule set"),
    (lambda: sc("guangdong_tuidao", "123m456p11z", "1m", [("chi", "8s")], self_drawn=True, allow_chi=True), "chi"),
    (lambda: R.parse("123x"), "unexpected"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m"), "caishen"),
    (lambda: R.joker_kinds_for("hangzhou"), "caishen"),
    (lambda: R.joker_kinds_for("hangzhou", indicator="1m", caishen=["7z"]), "indicator"),
    (lambda: R.joker_kinds_for("tianjin", indicator="1m", caishen=["7z"]), "caishen"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", caishen=[]), "no tile"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", caishen=["7z", "7z"]), "repeats"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", caishen=["7z"], joker_kinds=(4,)), "different"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", joker_kinds=BAI, gangkai="x"), "gangkai"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", joker_kinds=BAI, caipiao=3), "caipiao"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", joker_kinds=BAI, caipiao=True), "caipiao"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", joker_kinds=BAI, context={"caipiao": 1.0}), "caipiao"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", joker_kinds=BAI, context={"baotou": 1}), "context"),
    (lambda: sc("hangzhou", "123m456p789s111z55m", "5m", joker_kinds=BAI, indicator="6z"), "unknown option"),
    (lambda: sc("hangzhou", "123m456p789s111z55m555z", "5m", joker_kinds=BAI), "concealed tiles"),  # 17 tiles
    (lambda: sc("hangzhou", "11111m456p789s11z7z", "1m", joker_kinds=BAI), "appears 5 times"),
    (lambda: R.baotou_ready(P("123m456p789s111z"), joker_kinds=BAI), "13"),
    (lambda: sc("wenzhou", WZA, "1m"), "caishen=.*joker_tiles="),
    (lambda: R.joker_kinds_for("wenzhou"), "caishen"),
    (lambda: R.joker_kinds_for("wenzhou", indicator="1m", caishen=["7z"]), "indicator"),
    (lambda: sc("wenzhou", WZA, "1m", joker_kinds=BAI, indicator="6z"), "unknown option"),
    (lambda: sc("wenzhou", WZA, "1m", caishen=["7z"], joker_kinds=(4,)), "different"),
    (lambda: sc("wenzhou", WZA, "1m", caishen=[]), "no tile"),
    (lambda: sc("wenzhou", "123456789m123p11z", "1m", joker_kinds=BAI), "14 concealed tiles"),   # a 14-tile hand
    (lambda: sc("wenzhou", WZA + "5z", "1m", joker_kinds=BAI), "18 concealed tiles"),
    (lambda: sc("wenzhou", "11m", "1m", [("chi", "1p")] * 2 + [("pon", "1s"), ("pon", "2s"), ("pon", "3s"), ("pon", "4s")],
                joker_kinds=BAI), "6 melds"),
    (lambda: sc("wenzhou", "11111m234m567m123p99p9s", "1m", joker_kinds=BAI), "appears 5 times"),
    (lambda: sc("wenzhou", WZA, "1m", joker_kinds=BAI, yingpai="x"), "yingpai"),
    (lambda: sc("wenzhou", WZA, "1m", joker_kinds=BAI, ruanpai=-1), "ruanpai"),
    (lambda: sc("wenzhou", WZA, "1m", joker_kinds=BAI, context={"caipiao": 1}), "context"),
    (lambda: sc("wenzhou", WZA, "1m", joker_kinds=BAI, tianhu=True, dihu=True), "exclude each other"),
    (lambda: sc("wenzhou", WZA, "1m", joker_kinds=BAI, after_kong=True), "after_kong"),
    (lambda: R.waits("wenzhou", P("123456789m123p11z"), (), joker_kinds=BAI), "16 concealed tiles"),
    (lambda: sc("fuzhou", FZA, "5m", **FZV), "gold=.*joker_tiles="),
    (lambda: R.joker_kinds_for("fuzhou"), "gold"),
    (lambda: R.joker_kinds_for("fuzhou", indicator="1m", gold=["7z"]), "indicator"),
    (lambda: R.joker_kinds_for("fuzhou", caishen=["7z"]), "gold"),
    (lambda: R.joker_kinds_for("hangzhou", caishen=["7z"], gold=["7z"]), "gold"),
    (lambda: sc("fuzhou", FZA, "5m", indicator="6z", **FZ), "unknown option"),
    (lambda: sc("fuzhou", FZA, "5m", gold=["7z"], joker_kinds=(4,)), "different"),
    (lambda: sc("fuzhou", FZA, "5m", gold=[]), "no tile"),
    (lambda: sc("fuzhou", FZA, "5m", gold=["7z", "7z"]), "repeats"),
    (lambda: sc("fuzhou", FZA, "5m", joker_kinds=BAI, zimo="x"), "zimo"),
    (lambda: sc("fuzhou", FZA, "5m", joker_kinds=BAI, jin=-1), "jin"),
    (lambda: sc("fuzhou", FZA, "5m", joker_kinds=BAI, pinghu=True), "pinghu"),
    (lambda: sc("fuzhou", FZA, "5m", context={"qiangjin": 2}, **FZ), "qiangjin"),
    (lambda: sc("fuzhou", FZA, "5m", context={"qiangjin": True}, **FZ), "qiangjin"),
    (lambda: sc("fuzhou", FZA, "5m", context={"qiangjin": 1.0}, **FZ), "qiangjin"),
    (lambda: sc("fuzhou", FZA, "5m", context={"caipiao": 1}, **FZ), "context"),
    (lambda: sc("fuzhou", FZA, "5m", context=[("qiangjin", 1)], **FZ), "context"),
    (lambda: sc("fuzhou", FZA, "5m", caipiao=1, **FZ), "caipiao"),
    (lambda: sc("hangzhou", FZA, "5m", context=QJ, joker_kinds=BAI), "context"),
    (lambda: sc("fuzhou", FZA + "555z", "5m", **FZ), "concealed tiles"),                  # 17 tiles
    (lambda: sc("fuzhou", "11111m456p789s11z7z", "1m", **FZ), "appears 5 times"),
    (lambda: sc("fuzhou", FZA, "5m", tianhu=True, dihu=True, self_drawn=True, **FZ), "exclude each other"),
    (lambda: sc("fuzhou", FZA, "5m", after_kong=True, **FZ), "after_kong"),
    (lambda: R.qiangjin_ready(P(FZA), joker_kinds=BAI), "13"),
    (lambda: R.qiangjin_ready(P("123m456p789s111z5m"), joker_kinds=None), "gold"),
    (lambda: R.waits("fuzhou", P(FZA), (), **FZ), "13 concealed tiles"),
])
def test_bad_input(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


# =============================================================================================
# Joker readings
# =============================================================================================
def test_ying_and_ruan_readings():
    # 白 at its own face (a pung of 白): 硬胡, the reading says the jokers stood for themselves
    ying = sc("guangdong_tuidao", "123m456p789s11z777z", "1m", self_drawn=True, gui="baiban", joker_kinds=BAI)
    assert ying.extra["yinghu"] and ying.reading["jokers"] == [("7z", "7z")] * 3 and ying.extra["n_substitutes"] == 0
    # the 软 清一色 (白 as a 1m-9m) beats every 硬 reading (there is none: a lone 白 has no face use)
    ruan = sc("guangdong_tuidao", "1112345678999m7z", "9m", self_drawn=True, gui="baiban", joker_kinds=BAI)
    assert ruan.total == 15 and not ruan.extra["yinghu"] and names(ruan) == ["清一色"]
    assert len(ruan.reading["jokers"]) == 1 and ruan.reading["jokers"][0][0] == "7z"
    # equal totals: the reading with fewer substitutes wins (here 白白 as the pair at face)
    tie = sc("guangdong_tuidao", "123m456p789s123s77z", "1m", self_drawn=True, gui="baiban", joker_kinds=BAI)
    assert tie.extra["yinghu"] and tie.total == 4 and ("pair", "7z*7z*") in tie.reading["groups"]
    # a 鬼 kong is at its face: 硬胡 (鬼被杠)
    kong = sc("guangdong_tuidao", "123m456p789s11z", "1m", [("ankan", "6m")], self_drawn=True, gui="fan",
              joker_kinds=R.joker_kinds_for("guangdong_tuidao", gui="fan", indicator="5m"))
    assert kong.extra["yinghu"] and kong.total == 8


def test_tianjin_hundiao_reading_names_the_joker_in_the_pair():
    res = sc("tianjin", "123m456m789s123s1p5z", "5z", self_drawn=True, joker_kinds=(17, 9), hundiao=1)
    assert res.reading["jokers"] == [("1p", "5z")]
    assert ("pair", "5z*5z") in res.reading["groups"] and res.reading["win"] == ("5z*5z", "5z")


def test_fifth_copy_option():
    # 1111m held and a 白 needed as a fifth 1m (pung 111m + 1m1m pair)
    hand = "1111m234p567s789s7z"
    assert sc("guangdong_tuidao", hand, "2p", self_drawn=True, gui="baiban", joker_kinds=BAI).is_win
    res = sc("guangdong_tuidao", hand, "2p", self_drawn=True, gui="baiban", joker_kinds=BAI, allow_fifth_copy=False)
    assert not res.is_win and "not a complete hand" in res.reason


def test_quads_in_seven_pairs_option():
    hand = "1111p335577p99p22s"                               # 1p1p + 1p1p as two of the pairs (#c17)
    assert sum(P(hand)) == 14
    assert sc("qingyuan", hand, "1p", self_drawn=True, qidui=5).total == 5
    res = sc("qingyuan", hand, "1p", self_drawn=True, qidui=5, allow_quad=False)
    assert not res.is_win and "not a complete hand" in res.reason


def test_yijiu_quandui_needs_honors_in_a_hundred_tile_set():
    # With the four terminal kinds of 筒 and 条 only, four pungs and a pair of 1/9 need a fifth
    # copy: the row is unreachable unless honors are admitted (yijiu_allows_honors).
    kinds = [9, 17, 18, 26]
    for pair in kinds:
        for pungs in itertools.combinations(kinds, 4):
            c = [0] * 34
            for t in pungs:
                c[t] += 3
            c[pair] += 2
            assert max(c) > 4


def test_waits():
    # 雞平和 九蓮寶燈: nine waits, each 6 番
    w = R.waits("guangdong_jipinghu", P("1112345678999m"), ())
    assert sorted(w) == list(range(9)) and all(r.total == 6 and names(r) == ["九蓮寶燈"] for r in w.values())
    # self-drawn only where the rule says so
    w = R.waits("qingyuan", P("123p456p789s11z22z"), ())
    assert sorted(w) == [T("1z"), T("2z")] and all(r.extra["self_drawn"] for r in w.values())
    # 混吊: every kind completes the hand once the values are given
    w = R.waits("tianjin", P("123m456m789s123s1p"), (), joker_kinds=(17, 9), hundiao=1, shuanghundiao=2)
    assert len(w) == 34 and names(w[T("1p")]) == ["双混吊", "无绘"] and names(w[T("5z")]) == ["混吊"]
    assert R.waits("tianjin", P("123m456m789s123s1p"), (), joker_kinds=(17, 9)) == {}
    # an exhausted tile (a fifth 1m): listed and flagged, or left out with count_exhausted=False
    w = R.waits("guangdong_jipinghu", P("1111m234p567s789s"), ())
    assert sorted(w) == [0] and w[0].extra["exhausted"]
    assert R.waits("guangdong_jipinghu", P("1111m234p567s789s"), (), count_exhausted=False) == {}
    w = R.waits("guangdong_jipinghu", P("1112m234p567s789s"), ())
    assert sorted(w) == [T("2m"), T("3m")] and not any(r.extra["exhausted"] for r in w.values())


def test_wenzhou_waits_of_sixteen_tile_hands():
    # 1123456789m + 123p 456p: 1m (11 + 123 456 789), 4m (11 + 234 456 789), 7m (11 + 234 567 789),
    # and 白 (a 財神 pairs with the single 1m) on a discard or a self-draw alike (no self-draw row)
    c = P("1123456789m123p456p")
    assert sum(c) == 16
    w = R.waits("wenzhou", c, (), joker_kinds=BAI)
    assert sorted(w) == [T("1m"), T("4m"), T("7m"), T("7z")]
    assert all(r.total == 1 and r.fans == [("平胡", 1)] and r.extra["self_drawn"] for r in w.values())
    assert all(not r.extra["self_drawn"] for r in R.waits("wenzhou", c, (), self_drawn=False, joker_kinds=BAI).values())
    # eight pairs: any tile is the single (硬八對 ×2) except 白, which makes five sets and a pair (×1)
    w = R.waits("wenzhou", P("1122334455667788m"), (), joker_kinds=BAI)
    assert sorted(w) == list(range(34)) and all(r.total == (1 if t == 33 else 2) for t, r in w.items())
    assert all(names(r) == ["平胡", "硬八對"] for t, r in w.items() if t != 33)
    # three 財神 and junk: every tile wins, 三財神 ×2
    w = R.waits("wenzhou", P("19m19p19s1234566z777z"), (), joker_kinds=BAI)
    assert sorted(w) == list(range(34)) and all(names(r) == ["平胡", "三財神"] and r.total == 2 for r in w.values())
    # 單吊: five exposed melds and one tile: that tile and 白 win, ×2
    w = R.waits("wenzhou", P("5z"), [(k, T(t)) for k, t in WZ_FIVE_MELDS], joker_kinds=BAI)
    assert sorted(w) == [T("5z"), 33] and w[T("5z")].total == 2 and "單吊" in names(w[33])
    # a waiting hand has 16 - 3 * melds tiles; the exhausted fifth 1m is listed and flagged
    w = R.waits("wenzhou", P("1111m234p567s789s123s"), (), joker_kinds=BAI)
    assert sorted(w) == [T("1m"), 33] and w[T("1m")].extra["exhausted"] and not w[33].extra["exhausted"]


# =============================================================================================
# Seeded sweep
# =============================================================================================
def _take_melds(rng, c, n, pung_kinds):
    """``n`` sets taken out of the complete counts ``c`` as declared melds (a chi or, half the time when both
    exist, a pung as one of ``pung_kinds``): the ``(kind, lowest tile)`` list."""
    melds = []
    for _ in range(n):
        pungs = [t for t in range(34) if c[t] >= 3]
        chows = [t for t in range(27) if R.rank(t) <= 7 and c[t] and c[t + 1] and c[t + 2]]
        if chows and (not pungs or rng.random() < 0.5):
            t = rng.choice(chows)
            for d in range(3):
                c[t + d] -= 1
            melds.append(("chi", t))
        elif pungs:
            t = rng.choice(pungs)
            c[t] -= 3
            melds.append((rng.choice(pung_kinds), t))
    return melds


def _random_complete(rng, kinds, n_sets=4):
    """n_sets random sets and a pair of the given kinds (at most four of a kind)."""
    while True:
        c = [0] * 34
        for _ in range(n_sets):
            starts = [k for k in kinds if k < 27 and R.rank(k) <= 7 and k + 1 in kinds and k + 2 in kinds]
            if rng.random() < 0.5 and starts:
                s = rng.choice(starts)
                for d in range(3):
                    c[s + d] += 1
            else:
                c[rng.choice(kinds)] += 3
        c[rng.choice(kinds)] += 2
        if max(c) <= 4:
            return c


def _plain_standard(c, sets_left, pair_left):
    """All (sets, pair) of counts c (counts above 4 allowed): sets as ("pung"|"chow", first)."""
    i = next((t for t in range(34) if c[t]), None)
    if i is None:
        return [([], None)] if sets_left == 0 and pair_left == 0 else []
    out = []
    if pair_left and c[i] >= 2:
        c[i] -= 2
        out += [(s, i) for s, _ in _plain_standard(c, sets_left, 0)]
        c[i] += 2
    if sets_left and c[i] >= 3:
        c[i] -= 3
        out += [([("pung", i)] + s, p) for s, p in _plain_standard(c, sets_left - 1, pair_left)]
        c[i] += 3
    if sets_left and i < 27 and R.rank(i) <= 7 and c[i + 1] and c[i + 2]:
        for d in range(3):
            c[i + d] -= 1
        out += [([("chow", i)] + s, p) for s, p in _plain_standard(c, sets_left - 1, pair_left)]
        for d in range(3):
            c[i + d] += 1
    return out


def _brute_tuidao(counts, melds, ctx, opts):
    """推倒胡 best total by substitution: every kind for every 白 (face included), every plain
    decomposition of the substituted hand, scored by the table code on a hand-built View."""
    o = R.options_for("guangdong_tuidao", opts)
    k = counts[33]
    real = list(counts)
    real[33] = 0
    best = None
    for assign in itertools.combinations_with_replacement(range(34), k):
        c = list(real)
        for r in assign:
            c[r] += 1
        n_sub = sum(1 for r in assign if r != 33)
        meld_sets = [("chow" if m == "chi" else "pung" if m == "pon" else "kong", t, m != "ankan", m) for m, t in melds]
        reps = [t for t in range(34) for _ in range(c[t])] + R._meld_reps(melds)
        forms = [("standard", [(s, t, False, None) for s, t in sets] + meld_sets, pair)
                 for sets, pair in _plain_standard(list(c), 4 - len(melds), 1)]
        if not melds and all(x in (0, 2, 4) for x in c):
            forms.append(("seven_pairs", [], None))
        for form, sets, pair in forms:
            v = R.View(form, sets, pair, set(reps), reps, n_sub, k, None, None)
            _, total, missing, _ = R._score_tuidao(v, ctx, o, melds)
            assert not missing
            best = total if best is None else max(best, total)
    return best


def test_sweep_tuidao_against_brute_force_substitution():
    rng = random.Random(20240611)
    opts = dict(gui="baiban", qidui=10, quanqiuren=10)
    checked = wins = 0
    seen, ying = set(), set()
    pools = [list(range(34)), list(range(9)), list(range(27, 34)),
             [t for t in range(27) if R.rank(t) in (2, 5, 8)], [0, 8, 9, 17, 27, 28, 31]]
    while checked < 200:
        pool = rng.choice(pools)
        if rng.random() < 0.2:                                   # seven pairs
            c = [0] * 34
            for t in rng.sample(pool, min(7, len(pool))):
                c[t] = 2
            if sum(c) != 14:
                continue
        else:
            c = _random_complete(rng, pool)
        melds = []
        if rng.random() < 0.3:                                   # turn one pung into a meld
            pungs = [t for t in range(33) if c[t] >= 3]
            if pungs:
                t = rng.choice(pungs)
                c[t] -= 3
                melds.append((rng.choice(["pon", "ankan", "kakan"]) if c[t] == 0 else "pon", t))
        tiles = [t for t in range(34) for _ in range(c[t])]
        rng.shuffle(tiles)
        for t in tiles[:rng.choice([0, 1, 1, 2, 2])]:
            c[t] -= 1
            c[33] += 1
        if rng.random() < 0.3:                                   # and sometimes break the hand
            a, b = rng.randrange(34), rng.randrange(34)
            if c[a] and c[b] < 4 and a != b:
                c[a] -= 1
                c[b] += 1
        held = list(c)
        for r in R._meld_reps(melds):
            held[r] += 1
        if max(held) > 4 or c[33] > 2:
            continue
        win = rng.choice([t for t in range(34) if c[t]])
        ctx = R.Context(self_drawn=True, last_tile=rng.random() < 0.2)
        res = R.score("guangdong_tuidao", c, melds, win, joker_kinds=BAI, self_drawn=True,
                      last_tile=ctx.last_tile, **opts)
        brute = _brute_tuidao(c, melds, ctx, opts)
        if brute is None:
            assert not res.is_win and "not a complete hand" in res.reason, R.to_str(c)
        else:
            assert res.is_win and R.Fraction(res.total) == brute, (R.to_str(c), melds, res.total, brute)
            wins += 1
            seen |= set(names(res))
            ying.add(res.extra["yinghu"])
        checked += 1
    assert wins >= 50 and checked - wins >= 3
    assert {"小胡", "碰碰胡", "清一色", "将一色", "风一色", "七对", "海底捞"} <= seen, seen
    assert ying == {True, False}


def _brute_tianjin(counts, jk, win, ctx, opts):
    """Tianjin best total by substitution: every kind for every 混 tile, every plain split of the
    substituted hand, every placement of the 混 tiles and of the winning tile in its slots."""
    o = R.options_for("tianjin", opts)
    real = [0 if t in jk else x for t, x in enumerate(counts)]
    jokers = [p for p in jk for _ in range(counts[p])]
    best = None
    for assign in itertools.product(range(34), repeat=len(jokers)):
        c = list(real)
        for r in assign:
            c[r] += 1
        splits = [("standard", [("pung", [t] * 3) if g == "pung" else ("chow", [t, t + 1, t + 2]) for g, t in sets]
                   + [("pair", [pair] * 2)]) for sets, pair in _plain_standard(list(c), 4, 1)]
        if all(x in (0, 2, 4) for x in c):
            splits.append(("seven_pairs", [("pair", [t, t]) for t in range(34) for _ in range(c[t] // 2)]))
        for form, groups in splits:
            slots = [(gi, pos) for gi, (_, reps) in enumerate(groups) for pos in range(len(reps))]
            for places in itertools.permutations(slots, len(jokers)):
                phys = {sl: groups[sl[0]][1][sl[1]] for sl in slots}
                if any(groups[gi][1][pos] != r for (gi, pos), r in zip(places, assign)):
                    continue
                for sl, p in zip(places, jokers):
                    phys[sl] = p
                built = sorted((g, tuple(sorted((r, phys[(gi, pos)]) for pos, r in enumerate(reps))))
                               for gi, (g, reps) in enumerate(groups))
                for gi, (g, sl) in enumerate(built):
                    for s in set(sl):
                        if s[1] != win:
                            continue
                        rd = R.Reading(form, tuple(built), (gi, s))
                        _, total, missing, _ = R.score_reading("tianjin", rd, counts, [], win, jk, ctx, o)
                        assert not missing
                        best = total if best is None else max(best, total)
    return best


def _tianjin_hand(rng, jk):
    """A complete hand, often with a 1-9 straight, a 4m-5m-6m chow, two 混 beside a 5m or a 混
    pair; some tiles turned into 混; sometimes broken by moving one tile."""
    kinds = [t for t in range(34) if t not in jk or rng.random() < 0.2]
    motif = rng.choice(["random", "dragon", "kan5m", "pairs", "two_hui_5m", "hui_pair"])
    n_hui = rng.choice([0, 1, 2, 2])
    if motif == "two_hui_5m":                  # 3 sets + pair + 5m + two 混: 双绘捉五 (or 混吊 ...)
        c = _random_complete(rng, kinds, n_sets=3)
        c[4] += 1
        for _ in range(2):
            c[rng.choice(jk)] += 1
        n_hui = 0
    elif motif == "hui_pair":                  # 4 sets + two 混: 双混吊 when a 混 is the winning tile
        c = _random_complete(rng, kinds)
        c[[t for t in range(34) if c[t] >= 2][0]] -= 2
        for _ in range(2):
            c[rng.choice(jk)] += 1
        n_hui = 0
    elif motif == "dragon":
        s0 = rng.choice([0, 9, 18])
        rest = _random_complete(rng, kinds, n_sets=1)
        c = [x + (s0 <= t < s0 + 9) for t, x in enumerate(rest)]
    elif motif == "kan5m":
        c = _random_complete(rng, kinds, n_sets=3)
        for t in (3, 4, 5):
            c[t] += 1
    elif motif == "pairs":
        c = [0] * 34
        for t in rng.sample(range(34), 7):
            c[t] = 2
    else:
        c = _random_complete(rng, kinds)
    tiles = [t for t in range(34) for _ in range(c[t])]
    rng.shuffle(tiles)
    for t in tiles[:n_hui]:
        c[t] -= 1
        c[rng.choice(jk)] += 1
    if rng.random() < 0.4:
        a, b = rng.randrange(34), rng.randrange(34)
        if c[a] and a != b:
            c[a] -= 1
            c[b] += 1
    return c, motif


def test_sweep_tianjin_against_brute_force_substitution():
    rng = random.Random(1986)
    opts = dict(qidui=2, hundiao=1, shuanghundiao=2, shuanghui_zhuowu=3)
    checked = wins = 0
    seen = set()
    while checked < 100:
        jk = R.joker_kinds_for("tianjin", indicator=rng.choice([3, 4, 2, 9, 17, 30, 33, rng.randrange(34)]))
        c, _ = _tianjin_hand(rng, jk)
        if max(c) > 4 or sum(c[p] for p in jk) > 2:
            continue
        win = rng.choice([t for t in range(34) if c[t]] + ([4] if c[4] else []) * 3 + [p for p in jk if c[p]] * 3)
        ctx = R.Context(self_drawn=True)
        res = R.score("tianjin", c, [], win, joker_kinds=jk, self_drawn=True, **opts)
        brute = _brute_tianjin(c, jk, win, ctx, opts)
        if brute is None:
            assert not res.is_win, R.to_str(c)
        else:
            assert res.is_win and res.total == brute, (R.to_str(c), jk, R.name(win), res.fans, brute)
            wins += 1
            seen |= set(names(res))
        checked += 1
    assert wins >= 50 and checked - wins >= 3
    assert {"一条龙", "本绘龙", "捉五魁", "无绘", "混吊", "双混吊", "双绘捉五", "七对"} <= seen, seen


def test_sweep_self_consistency():
    rng = random.Random(7)
    for _ in range(100):
        c = _random_complete(rng, list(range(33)))
        win = rng.choice([t for t in range(34) if c[t]])
        opts = dict(self_drawn=True, qidui=10, quanqiuren=10)
        plain = R.score("guangdong_tuidao", c, [], win, **opts)
        assert plain.is_win and plain.extra["yinghu"]
        # declaring 白 jokers (the hand has none, or some at their face) never lowers the score
        jok = R.score("guangdong_tuidao", c, [], win, gui="baiban", joker_kinds=BAI, **opts)
        assert jok.is_win and R.Fraction(jok.total) >= R.Fraction(plain.total)
        # replacing a tile that is not the winning tile by a 白 keeps the hand winning
        if c[33] == 0:
            c2 = list(c)
            t = rng.choice([x for x in range(34) if c2[x] and (x != win or c2[x] > 1)])
            c2[t] -= 1
            c2[33] += 1
            assert R.score("guangdong_tuidao", c2, [], win, gui="baiban", joker_kinds=BAI, **opts).is_win
        # "removing" the jokers of a 硬胡 win (no 鬼 substitutes) keeps the same total and 硬胡
        if jok.extra["yinghu"]:
            assert plain.extra["yinghu"] and plain.total == jok.total
        # 雞平和: 分值 = 2 ** 番, 0 <= 番 <= 6, a self-draw never lowers the count
        r0 = R.score("guangdong_jipinghu", c, [], win, qidui=1)
        r1 = R.score("guangdong_jipinghu", c, [], win, qidui=1, self_drawn=True)
        assert r0.is_win and 0 <= r0.total <= 6 and r0.extra["points"] == 2 ** r0.total
        assert r1.total >= r0.total
        # Tianjin: 和目 add up; without 混 every win has 无绘
        tj = R.score("tianjin", c, [], win, self_drawn=True, qidui=1)
        assert tj.is_win and tj.total == sum(v for _, v in tj.fans) and "无绘" in names(tj)


def test_sweep_waits_agree_with_score():
    rng = random.Random(11)
    for rule, kw in (("guangdong_jipinghu", {}), ("guangdong_tuidao", dict(gui="baiban", joker_kinds=BAI, qidui=10)),
                     ("tianjin", dict(joker_kinds=(9, 10), qidui=1, hundiao=1, shuanghundiao=1, shuanghui_zhuowu=1)),
                     ("hangzhou", dict(joker_kinds=(9,), caipiao=1))):
        for _ in range(6):
            c = _random_complete(rng, [t for t in range(34) if rule != "tianjin" or t not in (9, 10)])
            c[rng.choice([t for t in range(34) if c[t]])] -= 1
            if rule != "guangdong_jipinghu" and rng.random() < 0.7:
                t = rng.choice([t for t in range(34) if c[t]])
                jk = kw["joker_kinds"][0]
                if c[jk] < 4:
                    c[t] -= 1
                    c[jk] += 1
            w = R.waits(rule, c, (), **kw)
            for t in range(34):
                if c[t] >= 4:
                    continue
                c2 = list(c)
                c2[t] += 1
                best = None
                for sd in (True, False):
                    if not sd and rule not in ("guangdong_jipinghu", "hangzhou"):
                        continue
                    r = R.score(rule, c2, [], t, self_drawn=sd, **kw)
                    if r.is_win and (best is None or R.Fraction(r.total) > R.Fraction(best.total)):
                        best = r
                assert (t in w) == (best is not None), (rule, R.to_str(c), t)
                if best is not None:
                    assert w[t].total == best.total and w[t].fans == best.fans


def _brute_hangzhou(counts, melds, jk, win, ctx, opts):
    """Hangzhou best total by substitution: every kind for every 财神 tile, every plain split of
    the substituted hand; 暴头 when the pair's kind is stood for by the winning tile (its physical
    kind) and by another, 财神, tile.  None: not a complete hand."""
    o = R.options_for("hangzhou", opts)
    real = [0 if t in jk else x for t, x in enumerate(counts)]
    jokers = [p for p in jk for _ in range(counts[p])]
    meld_reps = R._meld_reps(melds)
    best = None
    for assign in itertools.product(range(34), repeat=len(jokers)):
        c = list(real)
        for r in assign:
            c[r] += 1
        held = list(c)
        for r in meld_reps:
            held[r] += 1
        if not o.allow_fifth_copy and max(held) > 4:
            continue
        totals = []
        for _, pair in _plain_standard(list(c), 4 - len(melds), 1):
            # the physical tiles standing for the pair's kind: real copies and the 财神 assigned to it
            phys = [pair] * real[pair] + [p for p, r in zip(jokers, assign) if r == pair]
            baotou = False
            if ctx.self_drawn and win in phys:
                rest = list(phys)
                rest.remove(win)
                baotou = any(p in jk for p in rest)
            f = 2 if baotou else 1
            if baotou:
                f *= 2 ** min(ctx.caipiao, 2)
            totals.append(f)
        if not melds and all(x in (0, 2, 4) for x in c) and (o.allow_quad or max(c) <= 2):
            totals.append(2 ** (1 + sum(1 for x in c if x == 4)))
        for t in totals:
            if ctx.after_kong:
                t *= opts["gangkai"]
            best = t if best is None else max(best, t)
    return best


def test_sweep_hangzhou_against_brute_force_substitution():
    rng = random.Random(310)
    checked = wins = 0
    seen = set()
    while checked < 150:
        jk = tuple(sorted(rng.choice([(33,), (4,), (31, 33), (9,), (rng.randrange(34),)])))
        opts = dict(gangkai=3, allow_quad=rng.random() < 0.8, allow_fifth_copy=rng.random() < 0.8)
        kinds = [t for t in range(34) if t not in jk or rng.random() < 0.2]
        shape = rng.choice(["random", "baotou", "pairs", "pairs"])
        if shape == "pairs":
            c = [0] * 34
            for i, t in enumerate(rng.sample(kinds, 7)):
                c[t] += 2
            for _ in range(rng.choice([0, 1, 2])):            # make quads: one pair onto another
                ps = [t for t in range(34) if c[t] == 2]
                if len(ps) >= 2:
                    a, b = rng.sample(ps, 2)
                    c[a] += 2
                    c[b] -= 2
        elif shape == "baotou":
            c = _random_complete(rng, kinds)
            c[[t for t in range(34) if c[t] >= 2][0]] -= 2
            c[rng.choice(jk)] += 1
            c[rng.choice(kinds)] += 1
        else:
            c = _random_complete(rng, kinds)
        melds = []
        if shape != "pairs" and rng.random() < 0.25:
            pungs = [t for t in range(34) if c[t] >= 3 and t not in jk]
            if pungs:
                t = rng.choice(pungs)
                c[t] -= 3
                melds.append((rng.choice(["pon", "ankan", "minkan"]), t))
        tiles = [t for t in range(34) for _ in range(c[t])]
        rng.shuffle(tiles)
        for t in tiles[:rng.choice([0, 1, 1, 2])]:
            c[t] -= 1
            c[rng.choice(jk)] += 1
        if rng.random() < 0.25:
            a, b = rng.randrange(34), rng.randrange(34)
            if c[a] and a != b:
                c[a] -= 1
                c[b] += 1
        held = list(c)
        for r in R._meld_reps(melds):
            held[r] += 1
        if max(held) > 4 or sum(c[p] for p in jk) > 3:
            continue
        win = rng.choice([t for t in range(34) if c[t]] + [p for p in jk if c[p]] * 2)
        sd = rng.random() < 0.8
        ctx = R.Context(self_drawn=sd, after_kong=sd and rng.random() < 0.15, caipiao=rng.choice([0, 0, 1, 2]))
        res = R.score("hangzhou", c, melds, win, joker_kinds=jk, self_drawn=sd, after_kong=ctx.after_kong,
                      caipiao=ctx.caipiao, **opts)
        brute = _brute_hangzhou(c, melds, jk, win, ctx, opts)
        if brute is None:
            assert not res.is_win and "not a complete hand" in res.reason, (R.to_str(c), melds, jk)
        else:
            assert res.is_win and res.total == brute, (R.to_str(c), melds, jk, R.name(win), res.fans, brute)
            wins += 1
            seen |= set(names(res))
        checked += 1
    assert wins >= 80 and checked - wins >= 5
    assert {"平胡", "七对", "豪华七对", "两豪华七对", "暴头", "财飘", "连续财飘", "杠开"} <= seen, seen


def test_sweep_baotou_ready():
    """baotou_ready (a brute force of its own) agrees with the readings: the 13 tiles are one 财神
    and sets exactly when a drawn non-财神 tile that is not exhausted wins with 暴头."""
    rng = random.Random(4242)
    pos = neg = 0
    for _ in range(120):
        jk = tuple(sorted(rng.choice([(33,), (4,), (31, 33), (22,), (0, 8)])))
        kinds = [t for t in range(34) if t not in jk]
        n_melds = rng.choice([0, 0, 1, 2])
        c = _random_complete(rng, kinds, n_sets=4 - n_melds)
        c[[t for t in range(34) if c[t] >= 2][0]] -= 2
        c[rng.choice(jk)] += 1                               # one 财神 + sets: ready
        tiles = [t for t in range(34) for _ in range(c[t])]
        rng.shuffle(tiles)
        for t in tiles[:rng.choice([0, 0, 1, 2])]:          # more 财神 in the sets
            c[t] -= 1
            c[rng.choice(jk)] += 1
        if rng.random() < 0.4:                               # and sometimes a tile moved
            a, b = rng.randrange(34), rng.randrange(34)
            if c[a] and a != b:
                c[a] -= 1
                c[b] += 1
        if rng.random() < 0.1:                               # or no 财神 at all
            for p in jk:
                c[rng.choice(kinds)] += c[p]
                c[p] = 0
        melds = [("pon", t) for t in rng.sample([t for t in kinds if c[t] == 0], n_melds)]
        if max(c) > 4:
            continue
        ready = R.baotou_ready(c, melds, joker_kinds=jk)
        x = next(t for t in kinds if c[t] == 0 and t not in [m[1] for m in melds])
        c2 = list(c)
        c2[x] += 1
        o = R.options_for("hangzhou", {})
        ctx = R.Context(self_drawn=True)
        via_readings = any(
            "暴头" in [n for n, _ in R.score_reading("hangzhou", rd, c2, melds, x, jk, ctx, o)[0]]
            for rd in R.all_readings("hangzhou", c2, melds, x, jk, o))
        assert ready == via_readings, (R.to_str(c), melds, jk)
        if ready:
            pos += 1
            w = R.waits("hangzhou", c, melds, self_drawn=True, joker_kinds=jk)
            assert sorted(w) == list(range(34)) and all(r.total >= 2 for r in w.values()), R.to_str(c)
        else:
            neg += 1
    assert pos >= 30 and neg >= 20, (pos, neg)


def test_meld_order_does_not_matter():
    melds = [("pon", T("1m")), ("ankan", T("2p")), ("kakan", T("3s"))]
    a = R.score("guangdong_tuidao", P("456s55z"), melds, T("5z"), self_drawn=True)
    b = R.score("guangdong_tuidao", P("456s55z"), melds[::-1], T("5z"), self_drawn=True)
    assert a.is_win and (a.total, a.fans) == (b.total, b.fans)


def test_four_jokers_finish_quickly():
    """The brute force with four jokers stays a guard of the suite's time, not a blow-up: about 0.01 s a
    hand, an exponential search minutes (a wide bound: the machine may be busy)."""
    for hand in ("13579m2468p57777z", "5567m444567s7777z", "2345566m999p7777z"):
        c = P(hand)
        took = seconds_without_gc(lambda: R.score("guangdong_tuidao", c, [], next(t for t in range(33) if c[t]),
                                                  self_drawn=True, gui="baiban", joker_kinds=BAI, qidui=10))
        assert took < 2.0, (hand, took)


# =============================================================================================
# Wenzhou (16-tile play): an independent brute force over 財神 assignments
# =============================================================================================
def _std_split(c, sets_left, pair_left, need_chow):
    """Do the counts c split into sets_left sets and pair_left pairs, with a chow among the sets
    when need_chow (an early-exit search of its own)?"""
    i = next((t for t in range(34) if c[t]), None)
    if i is None:
        return sets_left == 0 and pair_left == 0 and not need_chow
    if pair_left and c[i] >= 2:
        c[i] -= 2
        ok = _std_split(c, sets_left, 0, need_chow)
        c[i] += 2
        if ok:
            return True
    if sets_left and c[i] >= 3:
        c[i] -= 3
        ok = _std_split(c, sets_left - 1, pair_left, need_chow)
        c[i] += 3
        if ok:
            return True
    if sets_left and i < 27 and R.rank(i) <= 7 and c[i + 1] and c[i + 2]:
        for d in range(3):
            c[i + d] -= 1
        ok = _std_split(c, sets_left - 1, pair_left, False)
        for d in range(3):
            c[i + d] += 1
        return ok
    return False


def _brute_wenzhou(counts, melds, jk, ctx, opts):
    """Wenzhou's best (total, -substitutes) by substitution: every multiset of kinds for the 財神
    tiles of each 財神 kind (a 財神 given its own kind is at its face), a plain search for five
    sets and a pair; 硬八對 and 三財神 straight from the counts.  None: not a complete hand."""
    o = R.options_for("wenzhou", opts)
    if any(k in ("pon", "minkan", "kakan") and t in jk for k, t in melds):
        return None
    n_cs = sum(counts[p] for p in jk)
    common = R.Fraction(1)
    for holds in (n_cs >= 3, ctx.tianhu, ctx.dihu,
                  len(melds) == 5 and all(k in ("chi", "pon", "minkan", "kakan") for k, _ in melds)):
        if holds:
            common *= 2

    def value(soft):
        opt = o.ruanpai if soft else o.yingpai
        return common * (1 if opt is None else R.Fraction(opt))

    cands = []
    if n_cs >= 3:                                              # any shape, 算硬牌
        cands.append((value(False), 0))
    if not melds and n_cs == 0 and sum(1 for x in counts if x % 2) == 1 and (o.allow_quad or max(counts) < 4):
        cands.append((value(False) * 2, 0))                   # 硬八對
    real = [0 if t in jk else x for t, x in enumerate(counts)]
    meld_reps = R._meld_reps(melds)
    has_chi = any(k == "chi" for k, _ in melds)
    per_kind = [list(itertools.combinations_with_replacement(range(34), counts[p])) for p in jk]
    for choice in itertools.product(*per_kind):
        c = list(real)
        n_sub = 0
        for p, kinds in zip(jk, choice):
            for r in kinds:
                c[r] += 1
                n_sub += r != p
        if not o.allow_fifth_copy and any(c[t] + meld_reps.count(t) > 4 for t in range(34)):
            continue
        need_chow = not o.allow_all_pungs and not has_chi
        if _std_split(c, 5 - len(melds), 1, need_chow):
            cands.append((value(n_sub > 0), -n_sub))
    return max(cands) if cands else None


def test_sweep_wenzhou_against_brute_force_substitution():
    rng = random.Random(1617)
    checked = wins = 0
    seen, forms = set(), set()
    while checked < 160:
        jk = tuple(sorted(rng.choice([(33,), (4,), (31, 33), (9,), (rng.randrange(34),)])))
        opts = dict(allow_quad=rng.random() < 0.8, allow_fifth_copy=rng.random() < 0.8,
                    allow_all_pungs=rng.random() < 0.7)
        if rng.random() < 0.6:
            opts.update(yingpai=rng.choice([1, 2, 3]), ruanpai=rng.choice([1, 2, 4]))
        kinds = [t for t in range(34) if t not in jk or rng.random() < 0.2]
        plain = [t for t in range(34) if t not in jk]
        shape = rng.choice(["random", "random", "pungs", "pairs", "three", "melds5"])
        melds = []
        if shape == "pairs":                                  # eight pairs and a single
            c = [0] * 34
            for t in rng.sample(plain, 8):
                c[t] += 2
            c[rng.choice(plain)] += 1
            if rng.random() < 0.3:                            # a quad: one pair onto another
                a, b = rng.sample([t for t in range(34) if c[t] == 2], 2)
                c[a] += 2
                c[b] -= 2
        elif shape == "three":                                # 3 財神 and junk
            c = [0] * 34
            for _ in range(3):
                c[rng.choice(jk)] += 1
            while sum(c) < 17:
                c[rng.choice(plain)] += 1
        else:
            c = _random_complete(rng, kinds if shape != "pungs" else [t for t in kinds if t >= 27 or t % 3 == 0],
                                 n_sets=5)
            n_m = 5 if shape == "melds5" else rng.choice([0, 0, 0, 1, 2])
            melds += _take_melds(rng, c, n_m, ["pon", "pon", "minkan", "kakan", "ankan"])
        tiles = [t for t in range(34) for _ in range(c[t])]
        rng.shuffle(tiles)
        if shape not in ("pairs", "three"):
            for t in tiles[:rng.choice([0, 1, 1, 2, 2])]:     # 財神 in place of tiles
                c[t] -= 1
                c[rng.choice(jk)] += 1
        elif shape == "pairs" and rng.random() < 0.2:
            c[tiles[0]] -= 1
            c[rng.choice(jk)] += 1
        if rng.random() < 0.2:                                # and sometimes break the hand
            a, b = rng.randrange(34), rng.randrange(34)
            if c[a] and a != b:
                c[a] -= 1
                c[b] += 1
        held = list(c)
        for r in R._meld_reps(melds):
            held[r] += 1
        n_cs = sum(c[p] for p in jk)
        if max(held) > 4 or sum(c) + 3 * len(melds) != 17 or (n_cs > 2 and shape != "three"):
            continue
        win = rng.choice([t for t in range(34) if c[t]])
        sd = rng.random() < 0.5
        ctx = R.Context(self_drawn=sd, tianhu=sd and not melds and rng.random() < 0.1,
                        dihu=not sd and rng.random() < 0.1)
        res = R.score("wenzhou", c, melds, win, joker_kinds=jk, self_drawn=sd, tianhu=ctx.tianhu, dihu=ctx.dihu,
                      dealer=ctx.tianhu, **opts)
        brute = _brute_wenzhou(c, melds, jk, ctx, opts)
        if brute is None:
            assert not res.is_win, (R.to_str(c), melds, jk, res.fans)
        else:
            assert res.is_win, (R.to_str(c), melds, jk, opts, res.reason, brute)
            assert (R.Fraction(res.total), -res.extra["n_substitutes"]) == brute, \
                (R.to_str(c), melds, jk, opts, res.fans, res.extra["n_substitutes"], brute)
            wins += 1
            seen |= set(names(res))
            forms.add(res.reading["form"])
        checked += 1
    assert wins >= 90 and checked - wins >= 10, (wins, checked)
    assert {"平胡", "硬八對", "三財神", "天胡", "地胡", "單吊", "硬牌", "軟牌"} <= seen, seen
    assert forms == {"standard", "eight_pairs", "three_caishen"}


def test_sweep_wenzhou_waits_agree_with_score():
    rng = random.Random(1618)
    for _ in range(8):
        jk = rng.choice([(33,), (9,)])
        c = _random_complete(rng, [t for t in range(34) if t not in jk], n_sets=5)
        c[rng.choice([t for t in range(34) if c[t]])] -= 1
        for t in rng.sample([t for t in range(34) for _ in range(c[t])], rng.choice([0, 1, 2])):
            c[t] -= 1
            c[jk[0]] += 1
        kw = dict(joker_kinds=jk, yingpai=2, ruanpai=1)
        w = R.waits("wenzhou", c, (), **kw)
        assert sum(c) == 16
        for t in range(34):
            if c[t] >= 4:
                continue
            c2 = list(c)
            c2[t] += 1
            best = R.score("wenzhou", c2, [], t, self_drawn=True, **kw)
            assert (t in w) == best.is_win, (R.to_str(c), t)
            if best.is_win:
                assert w[t].total == best.total and w[t].fans == best.fans
                assert best.total == R.score("wenzhou", c2, [], t, self_drawn=False, **kw).total   # no self-draw row


# =============================================================================================
# Fuzhou: waits, an independent brute force over 金 assignments, qiangjin_ready
# =============================================================================================
def test_fuzhou_waits():
    # 123m 456p 789s 111z + 5m waits on 5m (a pair) and 白 (白 as the second 5m)
    c = P("123m456p789s111z5m")
    w = R.waits("fuzhou", c, (), **FZ)
    assert sorted(w) == [T("5m"), 33]
    # self_drawn=None: the better of a self-draw (自摸 1) and a discard (平胡 2), so the discard
    assert {t: (r.total, r.extra["self_drawn"]) for t, r in w.items()} == {T("5m"): (2, False), 33: (10, False)}
    w = R.waits("fuzhou", c, (), **dict(FZ, zimo=3))                       # 自摸 3 > 平胡 2
    assert {t: (r.total, r.extra["self_drawn"]) for t, r in w.items()} == {T("5m"): (3, True), 33: (11, True)}
    w = R.waits("fuzhou", c, (), **dict(FZ, zimo=2))                       # a tie: self-drawn kept
    assert all(r.extra["self_drawn"] for r in w.values())
    # a refused mode does not hide the other: zimo not given, the discard wins are listed
    w = R.waits("fuzhou", c, (), **dict(FZ, zimo=None))
    assert sorted(w) == [T("5m"), 33] and not any(r.extra["self_drawn"] for r in w.values())
    assert R.waits("fuzhou", c, (), self_drawn=True, **dict(FZ, zimo=None)) == {}
    # 用金 not given: only the 5m (no 金 in the hand, none standing in) is listed
    assert sorted(R.waits("fuzhou", c, (), **dict(FZ, jin=None))) == [T("5m")]
    # the 抢金 context reaches every winning tile
    w = R.waits("fuzhou", c, (), self_drawn=True, context=QJ, **FZ)
    assert {t: r.total for t, r in w.items()} == {T("5m"): 5, 33: 13}
    # a 13-tile hand of one 金 and four sets waits on every kind (the 金 pairs with it)
    w = R.waits("fuzhou", P("123m456p789s111z7z"), (), self_drawn=True, **FZ)
    assert sorted(w) == list(range(34)) and all("用金" in names(r) or t == 33 for t, r in w.items())
    assert R.qiangjin_ready(P("123m456p789s111z7z"), joker_kinds=BAI)


def _brute_fuzhou(counts, melds, jk, ctx, opts):
    """Fuzhou by substitution: every multiset of kinds for the 金 tiles of each 金 kind (a 金 given
    its own kind is at its face), a plain search for 4 - melds sets and a pair, the rows summed.
    Returns None (not a complete hand), ("refused", reason word), ("missing", [options]) or the
    best (total, -substitutes)."""
    o = R.options_for("fuzhou", opts)
    if not o.allow_discard_gold and any(k in ("pon", "minkan", "kakan") and t in jk for k, t in melds):
        return ("refused", "melded")
    real = [0 if t in jk else x for t, x in enumerate(counts)]
    meld_reps = R._meld_reps(melds)
    per_kind = [list(itertools.combinations_with_replacement(range(34), counts[p])) for p in jk]
    best, missing = None, set()
    for choice in itertools.product(*per_kind):
        c = list(real)
        n_sub = 0
        for p, kinds in zip(jk, choice):
            for r in kinds:
                c[r] += 1
                n_sub += r != p
        if not o.allow_fifth_copy and any(c[t] + meld_reps.count(t) > 4 for t in range(34)):
            continue
        if not _std_split(c, 4 - len(melds), 1, False):
            continue
        total = 0
        for opt, holds in (("zimo", ctx.self_drawn), ("pinghu", not ctx.self_drawn), ("qiangjin", ctx.qiangjin),
                           ("qiangjin", ctx.tianhu), ("jin", n_sub > 0)):
            if holds:
                if o[opt] is None:
                    missing.add(opt)
                else:
                    total += o[opt]
        best = max(best or (total, -n_sub), (total, -n_sub))
    if best is None:
        return None
    return ("missing", sorted(missing)) if missing else best


def test_sweep_fuzhou_against_brute_force_substitution():
    rng = random.Random(1144)
    checked = wins = 0
    seen, outcomes = set(), set()
    while checked < 220:
        jk = tuple(sorted(rng.choice([(33,), (4,), (31, 33), (9,), (rng.randrange(34),)])))
        opts = dict(allow_fifth_copy=rng.random() < 0.8, allow_discard_gold=rng.random() < 0.2)
        for key in ("zimo", "pinghu", "qiangjin", "jin"):
            if rng.random() < 0.85:
                opts[key] = rng.choice([0, 1, 2, 3, 5])
        kinds = [t for t in range(34) if t not in jk or rng.random() < 0.2]
        c = _random_complete(rng, kinds)
        melds = _take_melds(rng, c, rng.choice([0, 0, 1, 2]), ["pon", "minkan", "kakan", "ankan"])
        tiles = [t for t in range(34) for _ in range(c[t])]
        rng.shuffle(tiles)
        for t in tiles[:rng.choice([0, 1, 1, 2, 2, 3])]:       # 金 in place of tiles
            c[t] -= 1
            c[rng.choice(jk)] += 1
        if rng.random() < 0.2:                                 # and sometimes break the hand
            a, b = rng.randrange(34), rng.randrange(34)
            if c[a] and a != b:
                c[a] -= 1
                c[b] += 1
        held = list(c)
        for r in R._meld_reps(melds):
            held[r] += 1
        if max(held) > 4 or sum(c[p] for p in jk) > 3:
            continue
        win = rng.choice([t for t in range(34) if c[t]] + [p for p in jk if c[p]])
        sd = rng.random() < 0.5
        ctx = R.Context(self_drawn=sd, robbing_kong=not sd and rng.random() < 0.1,
                        tianhu=sd and not melds and rng.random() < 0.15, qiangjin=int(rng.random() < 0.25))
        res = R.score("fuzhou", c, melds, win, joker_kinds=jk, self_drawn=sd, robbing_kong=ctx.robbing_kong,
                      tianhu=ctx.tianhu, dealer=ctx.tianhu, context={"qiangjin": ctx.qiangjin}, **opts)
        brute = _brute_fuzhou(c, melds, jk, ctx, opts)
        where = (R.to_str(c), melds, jk, R.name(win), opts, ctx)
        if brute is None:
            assert not res.is_win and "not a complete hand" in res.reason, where
            outcomes.add("incomplete")
        elif brute[0] == "refused":
            assert not res.is_win and "a 金 cannot be melded" in res.reason, where
            outcomes.add("melded")
        elif brute[0] == "missing":
            assert not res.is_win and res.extra["missing"] == brute[1], (where, res.reason)
            outcomes.add("missing")
        else:
            assert res.is_win, (where, res.reason)
            assert (res.total, -res.extra["n_substitutes"]) == brute, (where, res.fans, brute)
            assert res.total == sum(v for _, v in res.fans)
            wins += 1
            seen |= set(names(res))
        checked += 1
    assert wins >= 100 and outcomes == {"incomplete", "melded", "missing"}, (wins, outcomes)
    assert {"自摸", "平胡", "抢金", "天和", "用金"} <= seen, seen


def test_sweep_fuzhou_waits_agree_with_score():
    rng = random.Random(1145)
    for _ in range(8):
        jk = rng.choice([(33,), (9,), (4, 31)])
        c = _random_complete(rng, [t for t in range(34) if t not in jk])
        c[rng.choice([t for t in range(34) if c[t]])] -= 1
        for t in rng.sample([t for t in range(34) for _ in range(c[t])], rng.choice([0, 1, 2])):
            c[t] -= 1
            c[jk[0]] += 1
        kw = dict(joker_kinds=jk, zimo=rng.choice([1, 3]), pinghu=2, qiangjin=4, jin=rng.choice([0, 8]))
        w = R.waits("fuzhou", c, (), **kw)
        assert sum(c) == 13
        for t in range(34):
            if c[t] >= 4:
                continue
            c2 = list(c)
            c2[t] += 1
            rs = [R.score("fuzhou", c2, [], t, self_drawn=sd, **kw) for sd in (True, False)]
            assert (t in w) == rs[0].is_win == rs[1].is_win, (R.to_str(c), t)
            if t in w:
                best = max(rs, key=lambda r: (r.total, r.extra["self_drawn"]))
                assert (w[t].total, w[t].fans) == (best.total, best.fans)


def test_sweep_qiangjin_ready():
    """qiangjin_ready (a brute force of its own) agrees with the readings: the 13 tiles and a 金
    tile of the first 金 kind make a complete hand; both answers occur."""
    pos = neg = 0
    o = R.options_for("fuzhou", {})
    for c, melds, jk in G.qiangjin_hands(150, 0):
        ready = R.qiangjin_ready(c, melds, joker_kinds=jk)
        c2 = list(c)
        c2[jk[0]] += 1
        assert ready == bool(R.all_readings("fuzhou", c2, melds, jk[0], jk, o)), (R.to_str(c), melds, jk)
        # the 金 kind does not matter: any 金 stands for any kind
        c3 = list(c)
        c3[jk[-1]] += 1
        assert ready == bool(R.all_readings("fuzhou", c3, melds, jk[-1], jk, o))
        if ready:
            pos += 1
            res = R.score("fuzhou", c2, melds, jk[0], joker_kinds=jk, self_drawn=True, context=QJ, **FZV)
            assert res.is_win and "抢金" in names(res)
        else:
            neg += 1
    assert pos >= 40 and neg >= 30, (pos, neg)
