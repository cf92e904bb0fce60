"""Self-checks of the plain references for Changsha, 卡五星 and 通称 (tests/reference_changsha.py,
tests/reference_kawuxing.py, tests/reference_tongcheng.py).

* hand-made hands with answers worked out by hand from the rules of docs/rules.md (#changsha, #kawuxing, #tongcheng) (each row, exclusion, option
  and refusal; the working is in the comments);
* consistency: qishou_xiaohu on 13 vs 14 tiles, zhaniao for every rank and dealer seat, refusals
  (ValueError on an honour in Changsha, a 万 tile in 卡五星, five copies ...);
* seeded sweeps of each ``random_hand``: the cases are valid and mixed, a win matches an independent
  completeness check (tests/reference.py), the totals match the fans, exclusions never meet.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import reference as REF
import reference_changsha as CS
import reference_kawuxing as KW
import reference_tongcheng as TC


def T(name):
    """Tile index of one tile in notation: T("5p") == 13."""
    c = REF.parse(name)
    assert sum(c) == 1
    return int(c.argmax())


def W(total, *fan_lists):
    """The expected ``(total, best)``: each fan list sorted by name, the lists sorted."""
    return (total, sorted(sorted(fans) for fans in fan_lists))


NOFAN = (1, [[]])        # 卡五星: a win with no factor


# =============================================================================================
# Changsha
# =============================================================================================
def cs(hand, win, melds=(), flags=None, **kw):
    kw.setdefault("xiaohu", 1)
    kw.setdefault("dahu", 6)
    return CS.ref_changsha_score(hand, [(k, T(t)) for k, t in melds], T(win), flags, **kw)


PINGHE = "123m456m789m123p55s"           # chows only, pair 5s (rank 5): 平和 and nothing else


def test_cs_pinghe_and_no_win():
    assert cs(PINGHE, "1m") == W(1, [("平和", 1)])
    # the same with a 3s pair: not 平和, not all pungs, not all 258, three suits -> no win
    assert cs("123m456m789m123p33s", "1m") is None
    # every flag on a hand that is no win stays no win (situational 大和 need a win)
    every = {k: True for k in CS.FLAG_NAMES}
    assert cs("123m456m789m123p33s", "1m", flags=every) is None


def test_cs_pengpeng_with_any_pair():
    # 111m 44m 333p 777s 999s: all pungs, pair 4m (not 258) -> 碰碰和 only
    assert cs("11144m333p777999s", "1m") == W(6, [("碰碰和", 6)])


def test_cs_qiqiao_with_a_four():
    # 1111m 33m 55p 77p 99s 22s: seven pairs (1111m = two pairs); no standard reading
    assert cs("1111m33m55p77p99s22s", "3m") == W(6, [("七巧對", 6)])
    assert cs("1111m33m55p77p99s22s", "3m", allow_quad=False) is None


def test_cs_jiangjiang_whatever_the_shape():
    # 222m 55m 88m 2p 5p 8p 2s 5s 88s: all rank 2/5/8, no standard reading (2p 5p 8p are loose), no
    # seven pairs (three 2m) -> 將將和 alone with requires_shape False, no win with True
    h = "2225588m258p2588s"
    assert cs(h, "2p") == W(6, [("將將和", 6)])
    assert cs(h, "2p", jiangjiang_requires_shape=True) is None
    # the shapeless reading still takes the situational 大和
    assert cs(h, "2p", flags={"tianhu": True}) == W(12, [("天和", 6), ("將將和", 6)])


def test_cs_jiangjiang_pengpeng_and_stacking():
    # 222 555 888m 222p 55s: all 258 and all pungs: 將將和 + 碰碰和 (the 258 pair's 平和 gives way)
    h = "222555888m222p55s"
    assert cs(h, "5m") == W(12, [("將將和", 6), ("碰碰和", 6)])
    assert cs(h, "5m", dahu_stack="max") == W(6, [("碰碰和", 6)])           # 碰碰和 comes before 將將和
    assert cs(h, "5m", flags={"tianhu": True}) == W(18, [("天和", 6), ("將將和", 6), ("碰碰和", 6)])
    assert cs(h, "5m", flags={"tianhu": True}, dahu_stack="max") == W(6, [("碰碰和", 6)])
    assert cs(h, "5m", jiangjiang_requires_shape=True) == W(12, [("將將和", 6), ("碰碰和", 6)])


def test_cs_qingyise_any_pair():
    # 123m 123m 456m 789m 55m (the only reading): 平和 + 清一色 -> the 大和 alone
    assert cs("123m456m789m123m55m", "1m") == W(6, [("清一色", 6)])
    # 123m 123m 456m 789m 44m (the only reading): pair 4m, still 清一色
    assert cs("123m456m789m123m44m", "1m") == W(6, [("清一色", 6)])
    assert cs("123m456m789m123m44m", "1m", dahu=None) == "missing dahu"


@pytest.mark.parametrize("flags,name", [
    ({"after_kong": True, "self_drawn": True}, "槓上花"),
    ({"tianhu": True}, "天和"),
    ({"dihu": True}, "地和"),
    ({"robbing_kong": True}, "搶槓和"),
    ({"last_tile": True, "self_drawn": True}, "海底撈月"),
    ({"last_tile": True}, "海底炮和"),
])
def test_cs_situational_rows(flags, name):
    assert cs(PINGHE, "1m", flags=flags) == W(6, [(name, 6)])
    assert cs(PINGHE, "1m", flags=flags, dahu=None) == "missing dahu"
    assert cs(PINGHE, "1m", flags=flags, xiaohu=None) == W(6, [(name, 6)])   # 平和 not needed


def test_cs_situational_conditions_and_order():
    assert cs(PINGHE, "1m", flags={"after_kong": True}) == W(1, [("平和", 1)])     # not self-drawn
    assert cs(PINGHE, "1m", flags={"self_drawn": True}) == W(1, [("平和", 1)])
    many = {"after_kong": True, "self_drawn": True, "tianhu": True, "dihu": True, "robbing_kong": True,
            "last_tile": True}
    five = [("槓上花", 6), ("天和", 6), ("地和", 6), ("搶槓和", 6), ("海底撈月", 6)]
    assert cs(PINGHE, "1m", flags=many) == W(30, five)
    assert cs(PINGHE, "1m", flags=many, dahu_stack="max") == W(6, [("槓上花", 6)])
    many.pop("after_kong")
    assert cs(PINGHE, "1m", flags=many, dahu_stack="max") == W(6, [("天和", 6)])


def test_cs_two_readings_and_missing_values():
    # 111222333m 555p 88s reads as pungs (碰碰和, 6) or as 123m x3 + 555p + 88s (平和, 1)
    h = "111222333m555p88s"
    assert cs(h, "1m") == W(6, [("碰碰和", 6)])
    assert cs(h, "1m", xiaohu=10) == W(10, [("平和", 10)])
    assert cs(h, "1m", xiaohu=6) == W(6, [("平和", 6)], [("碰碰和", 6)])
    assert cs(h, "1m", xiaohu=None) == "missing xiaohu"      # the 平和 reading needs it
    assert cs(h, "1m", dahu=None) == "missing dahu"
    assert cs(h, "1m", dahu=None, xiaohu=None) == "missing dahu"      # alphabetically first
    # with a 44s pair the chow reading is no 平和 and no 大和: it is not scored (the choice)
    assert cs("111222333m555p44s", "1m", xiaohu=None) == W(6, [("碰碰和", 6)])
    assert cs(PINGHE, "1m", dahu=None) == W(1, [("平和", 1)])


def test_cs_melds():
    # pon 1m, minkan 9p, ankan 3s + 222p 55s: every set a pung -> 碰碰和
    assert cs("222p55s", "5s", melds=[("pon", "1m"), ("minkan", "9p"), ("ankan", "3s")]) == W(6, [("碰碰和", 6)])
    # chi 123m instead of the pon: 平和 (pair 5s)
    assert cs("222p55s", "2p", melds=[("chi", "1m"), ("minkan", "9p"), ("ankan", "3s")]) == W(1, [("平和", 1)])
    # chi 123m, pon 999m + 456m 777m 55m: one suit -> 清一色
    assert cs("456m777m55m", "4m", melds=[("chi", "1m"), ("pon", "9m")]) == W(6, [("清一色", 6)])
    # pon 2m, minkan 8p + 555s 888s 22p: all 258 and all pungs
    assert cs("555s888s22p", "2p", melds=[("pon", "2m"), ("minkan", "8p")]) == \
        W(12, [("將將和", 6), ("碰碰和", 6)])


def test_cs_refusals():
    with pytest.raises(ValueError, match="honour"):
        cs("123m456m789m123p5z5z", "1m")
    with pytest.raises(ValueError, match="more than 4"):
        cs("11111m456m789m12p", "1m")
    with pytest.raises(ValueError, match="more than 4"):
        cs("11m456m789m123p55s", "1m", melds=[("pon", "1m")])            # 2 + 3 copies
    with pytest.raises(ValueError, match="not among"):
        cs(PINGHE, "9s")
    with pytest.raises(ValueError, match="14-tile"):
        cs("123m456m789m123p5s", "1m")
    with pytest.raises(ValueError, match="dahu_stack"):
        cs(PINGHE, "1m", dahu_stack="product")
    with pytest.raises(ValueError, match="flag"):
        cs(PINGHE, "1m", flags={"selfdrawn": True})
    with pytest.raises(ValueError, match="chi"):
        cs("222p55s", "2p", melds=[("chi", "8m"), ("pon", "9p"), ("ankan", "3s")])
    with pytest.raises(ValueError, match="meld kind"):
        cs("222p55s", "2p", melds=[("kong", "1m"), ("pon", "9p"), ("ankan", "3s")])
    with pytest.raises(TypeError):
        cs(PINGHE, "1m", xiaohu="1")
    with pytest.raises(ValueError):
        CS.ref_changsha_score([0] * 33, win_tile=0)


def test_qishou_xiaohu_by_hand():
    # 1111m 369m 147p 369p: a four, no 2/5/8, no 条 -> all three
    assert CS.qishou_xiaohu("1111m369m147p369p") == ["四喜", "板板和", "缺一色"]
    assert CS.qishou_xiaohu("1111m369m147p369p3s") == ["四喜", "板板和"]       # 14 tiles, 条 present
    assert CS.qishou_xiaohu("1111m369m147p369p5s") == ["四喜"]                # and a 5
    assert CS.qishou_xiaohu("123456789m12345p") == ["缺一色"]                 # 14 tiles, no 条
    assert CS.qishou_xiaohu("123m456m789p123s5s") == []
    assert CS.qishou_xiaohu("1133m4466p7799s13s") == ["板板和"]
    assert CS.qishou_xiaohu("1111222233334m") == ["四喜", "缺一色"]             # one suit: two suits absent
    assert CS.qishou_xiaohu([int(x) for x in REF.parse("1111m369m147p369p")]) == ["四喜", "板板和", "缺一色"]
    for bad in ("123m456m789p12s", "123m456m789p123456s", "123m456m789p123s1z", "11111m456m789p12s"):
        with pytest.raises(ValueError):
            CS.qishou_xiaohu(bad)


def test_qishou_xiaohu_13_vs_14():
    # adding a tile can only add 四喜 (the kind reaching 4) and only remove 板板和 / 缺一色:
    # 四喜 appears iff the added kind reaches 4, 板板和 goes iff the tile has rank 2/5/8, 缺一色 goes iff the
    # last absent suit is filled
    rng = random.Random(1310)
    wall = [t for t in range(27) for _ in range(4)]
    for _ in range(400):
        tiles = rng.sample(wall, 14)
        c13 = [0] * 34
        for t in tiles[:13]:
            c13[t] += 1
        c14 = list(c13)
        add = tiles[13]
        c14[add] += 1
        a, b = set(CS.qishou_xiaohu(c13)), set(CS.qishou_xiaohu(c14))
        assert ("四喜" in b) == ("四喜" in a or c14[add] == 4)
        assert ("板板和" in b) == ("板板和" in a and add % 9 + 1 not in (2, 5, 8))
        absent13 = [s for s in range(3) if sum(c13[9 * s: 9 * s + 9]) == 0]
        assert ("缺一色" in b) == (len(absent13) > 1 or (len(absent13) == 1 and add // 9 != absent13[0]))
        assert CS.qishou_xiaohu(c14) == [n for n in ("四喜", "板板和", "缺一色") if n in b]   # the order


def test_zhaniao_every_rank_and_dealer():
    # ST-CS-01: 1 庄家, 2 下家, 3 对家, 4 上家, 5 庄家 ...: seat offsets 0 1 2 3 0 1 2 3 0
    offsets = [0, 1, 2, 3, 0, 1, 2, 3, 0]
    for dealer in range(4):
        for suit in range(3):
            for r in range(1, 10):
                assert CS.zhaniao(9 * suit + r - 1, dealer) == (dealer + offsets[r - 1]) % 4
    assert [CS.zhaniao(t, 3) for t in range(9)] == [3, 0, 1, 2, 3, 0, 1, 2, 3]
    assert CS.zhaniao(T("5s"), 2) == 2 and CS.zhaniao(T("2p"), 3) == 0
    for bad in ((27, 0), (-1, 0), (0, 4), (0, -1), (33, 1)):
        with pytest.raises(ValueError):
            CS.zhaniao(*bad)


# =============================================================================================
# 卡五星
# =============================================================================================
def ka(hand, win, melds=(), flags=None, **kw):
    return KW.ref_kawuxing_score(hand, [(k, T(t)) for k, t in melds], T(win), flags, **kw)


KAWU = "123p456p789p456s55z"     # the only reading: 123p 456p 789p 456s + 中中


def test_kw_kawuxing_position():
    assert ka(KAWU, "5s") == W(2, [("卡五星", 2)])          # middle of 456s
    assert ka(KAWU, "5p") == W(2, [("卡五星", 2)])          # middle of 456p
    assert ka(KAWU, "4s") == NOFAN                          # an end of the chow
    assert ka(KAWU, "5z") == NOFAN
    # 444555666s 123p 白白: pungs (nothing) or 456s x3 (卡五星 on the 5s): the best reading
    assert ka("444555666s123p77z", "5s") == W(2, [("卡五星", 2)])
    assert ka("444555666s123p77z", "4s") == NOFAN


def test_kw_kawuxing_needs_a_concealed_chow_and_chi_option():
    # chi 456s + 123p 456p 789p 55s, won on a 5s of the pair: the 4-5-6 is a meld -> no 卡五星
    melds = [("chi", "4s")]
    assert ka("123p456p789p55s", "5s", melds, chi=True) == NOFAN
    assert ka("123p456p789p55s", "5p", melds, chi=True) == W(2, [("卡五星", 2)])   # 456p is concealed
    assert ka("123p456p789p55s", "5s", melds) is None        # chi=False: a chi meld is no win


def test_kw_pengpeng_and_xiaosanyuan():
    # 555p 777s 中中中 发发发 白白: all pungs, two dragon pungs + a dragon pair
    h = "555p777s555z666z77z"
    assert ka(h, "5p") == W(8, [("碰碰胡", 2), ("小三元", 4)])
    assert ka(h, "5p", stack="add") == W(6, [("碰碰胡", 2), ("小三元", 4)])
    # 中中中 发发发 白白 123p 456p: 小三元 alone; with a 5p pair instead of 白白: nothing
    assert ka("555z666z77z123p456p", "1p") == W(4, [("小三元", 4)])
    assert ka("555z666z123p456p55p", "1p") == NOFAN


def test_kw_dasanyuan():
    # 中中中 发发发 白白白 123p 55s: 大三元 (not 小三元, not 碰碰胡)
    assert ka("555z666z777z123p55s", "1p") == W(8, [("大三元", 8)])
    assert ka("555z666z777z123p55s", "1p", stack="add") == W(8, [("大三元", 8)])


def test_kw_seven_pairs_family():
    assert ka("11p33p55p77p99p11s33s", "1p") == W(4, [("七对", 4)])
    # one four (1111p): 龙七对; the winning 1p is held 4 times but 暗四归一 gives way
    assert ka("1111p33p55p77p11s33s", "1p") == W(8, [("龙七对", 8)])
    assert ka("1111p33p55p77p11s33s", "1p", allow_quad=False) is None
    assert ka("1111p3333p55p77p99s", "3p") == W(16, [("双龙七对", 16)])
    # all 筒: 七对 x 清一色 (no standard reading)
    assert ka("11p33p55p77p99p22p44p", "1p") == W(16, [("七对", 4), ("清一色", 4)])


def test_kw_si_gui_yi():
    # 111p 123p 456s 789s 中中, won on 1p: four 1p concealed -> 暗四归一
    assert ka("1111p23p456s789s55z", "1p") == W(4, [("暗四归一", 4)])
    assert ka("1111p23p456s789s55z", "2p") == NOFAN
    # pon 1p + 123p 456s 789s 中中, won on the 1p: 明四归一
    assert ka("123p456s789s55z", "1p", [("pon", "1p")]) == W(2, [("明四归一", 2)])
    assert ka("123p456s789s55z", "2p", [("pon", "1p")]) == NOFAN
    with pytest.raises(ValueError, match="more than 4"):
        ka("123p456s789s55z", "1p", [("minkan", "1p")])


def test_kw_four_melds():
    melds = [("pon", "1p"), ("pon", "9s"), ("minkan", "5z"), ("ankan", "6z")]
    assert ka("33p", "3p", melds) == W(8, [("手抓一", 4), ("碰碰胡", 2)])
    melds = [("chi", "1p"), ("pon", "9s"), ("minkan", "5z"), ("ankan", "6z")]
    assert ka("33p", "3p", melds, chi=True) == W(4, [("手抓一", 4)])
    assert ka("33p", "3p", melds) is None


def test_kw_flags():
    assert ka(KAWU, "1p", flags={"after_kong": True, "self_drawn": True}) == W(2, [("杠上开花", 2)])
    assert ka(KAWU, "1p", flags={"after_kong": True}) == NOFAN
    assert ka(KAWU, "1p", flags={"kong_discard": True}) == W(2, [("杠上炮", 2)])
    assert ka(KAWU, "1p", flags={"robbing_kong": True}) == "missing qiangganghu"
    assert ka(KAWU, "1p", flags={"robbing_kong": True}, qiangganghu=3) == W(3, [("抢杠胡", 3)])
    assert ka(KAWU, "1p", qiangganghu=None) == NOFAN                    # not needed without the flag
    assert ka(KAWU, "1p", flags={"last_tile": True, "self_drawn": True}) == W(2, [("海底捞月", 2)])
    assert ka(KAWU, "1p", flags={"last_tile": True}) == NOFAN
    assert ka(KAWU, "1p", flags={"liangdao": True}) == W(2, [("亮倒", 2)])
    assert ka(KAWU, "1p", flags={"liangdao": True}, stack="add") == W(2, [("亮倒", 2)])   # (1) x 2


def test_kw_liangdao_self_draw_only():
    assert ka(KAWU, "1p", flags={"liangdao": True}, liangdao_self_draw_only=True) is None
    assert ka(KAWU, "1p", flags={"liangdao": True, "self_drawn": True}, liangdao_self_draw_only=True) == \
        W(2, [("亮倒", 2)])
    assert ka(KAWU, "1p", liangdao_self_draw_only=True) == NOFAN


def test_kw_stacking():
    f = {"after_kong": True, "self_drawn": True, "last_tile": True}
    fans = [("杠上开花", 2), ("海底捞月", 2), ("卡五星", 2)]
    assert ka(KAWU, "5s", flags=f) == W(8, fans)
    assert ka(KAWU, "5s", flags=f, stack="add") == W(6, fans)
    f["liangdao"] = True
    assert ka(KAWU, "5s", flags=f) == W(16, fans + [("亮倒", 2)])
    assert ka(KAWU, "5s", flags=f, stack="add") == W(12, fans + [("亮倒", 2)])


def test_kw_qingyise():
    # 123p 123p 456p 789p 55p (the only reading), won on 5p: 卡五星 x 清一色
    assert ka("123p456p789p123p55p", "5p") == W(8, [("卡五星", 2), ("清一色", 4)])
    # a dragon pair instead: no 清一色
    assert ka("123p456p789p123p55z", "5p") == W(2, [("卡五星", 2)])


def test_kw_refusals():
    with pytest.raises(ValueError, match="卡五星 tile"):
        ka("123m456p789p456s55z", "5s")                      # a 万 tile
    with pytest.raises(ValueError, match="卡五星 tile"):
        ka("123p456p789p456s11z", "5s")                      # 东
    with pytest.raises(ValueError, match="卡五星 tile"):
        ka("123p456p789s55z", "1p", [("pon", "1m")])
    with pytest.raises(ValueError, match="more than 4"):
        ka("11111p456p789p4s5z", "1p")
    with pytest.raises(ValueError, match="stack"):
        ka(KAWU, "5s", stack="max")
    with pytest.raises(ValueError, match="not among"):
        ka(KAWU, "9s")
    with pytest.raises(ValueError, match="flag"):
        ka(KAWU, "5s", flags={"kouting2": True})
    with pytest.raises(ValueError, match="14-tile"):
        ka("123p456p789p456s5z", "5s")
    with pytest.raises(TypeError):
        ka(KAWU, "5s", flags={"robbing_kong": True}, qiangganghu="2")
    assert ka("123p456p789p457s55z", "5s") is None            # no reading


# =============================================================================================
# 通称
# =============================================================================================
OPT = dict(duanyao=1, wujiang=2, quezi=3, menqing=4, dandiao=5, quanfeng=6, quanyaojiu=7)
SELF = {"self_drawn": True}


def tc(hand, win, flags=None, melds=(), **kw):
    return TC.ref_tongcheng_score(hand, [(k, T(t)) for k, t in melds], T(win), flags, **kw)


def test_tc_thirteen_orphans():
    h = "119m19p19s1234567z"
    # 十三幺 30 + 五门齐 5 + 门清 (discard, no melds)
    assert tc(h, "1m") == "missing menqing"
    assert tc(h, "1m", **OPT) == W(39, [("十三幺", 30), ("五门齐", 5), ("门清", 4)])
    assert tc(h, "1m", SELF) == W(42, [("十三幺", 30), ("五门齐", 5), ("不求人", 7)])


def test_tc_shisan_bukao():
    # 147m 258p 369s + 东东 南 西 北: 十三不靠; 门清 / 不求人 excluded; no dragon -> no 五门齐
    assert tc("147m258p369s11234z", "1m") == W(15, [("十三不靠", 15)])
    assert tc("147m258p369s11234z", "1m", SELF) == W(15, [("十三不靠", 15)])
    # 东东 中 发 白: 五门齐 too; another straight (369m 147p 258s)
    assert tc("147m258p369s11567z", "1m") == W(20, [("十三不靠", 15), ("五门齐", 5)])
    assert tc("369m147p258s11567z", "5z") == W(20, [("十三不靠", 15), ("五门齐", 5)])
    # five distinct honours, or a straight with a gap: no reading
    assert tc("147m258p369s12345z", "1m") is None
    assert tc("147m258p368s11234z", "1m") is None


def test_tc_quanfeng_qidui():
    # all honours in pairs: 全风七对; 七对, 单调, 门清, 全风, 不求人 excluded
    assert tc("11223344556677z", "1z") == W(30, [("全风七对", 30)])
    assert tc("11223344556677z", "1z", SELF) == W(30, [("全风七对", 30)])
    assert tc("11112233445566z", "1z") == W(30, [("全风七对", 30)])
    assert tc("11112233445566z", "1z", allow_quad=False) is None


def test_tc_da_si_xi():
    # 东东东 南南南 西西西 北北北 中中: 全风对对胡 + 大四喜 (对对胡, 全风, 全幺九 excluded) + 三箱次
    h = "111z222z333z444z55z"
    assert tc(h, "1z", SELF) == W(67, [("全风对对胡", 25), ("大四喜", 25), ("三箱次", 10), ("不求人", 7)])
    # on a discard of 东: 南 西 北 still three concealed pungs; 门清 instead of 不求人
    assert tc(h, "1z") == "missing menqing"
    assert tc(h, "1z", **OPT) == W(64, [("全风对对胡", 25), ("大四喜", 25), ("三箱次", 10), ("门清", 4)])


def test_tc_da_san_yuan():
    # 中中中 发发发 白白白 123m 99p, self-drawn 1m: 三箱次, 不求人, 全带幺 (123m, 99p, dragons)
    assert tc("555z666z777z123m99p", "1m", SELF) == \
        W(42, [("大三元", 20), ("三箱次", 10), ("不求人", 7), ("全带幺", 5)])


def test_tc_xiao_si_xi():
    # 东东东 南南南 西西西 北北 789s, self-drawn 7s
    assert tc("111z222z333z44z789s", "7s", SELF) == \
        W(50, [("小四喜", 20), ("三箱次", 10), ("混一色", 8), ("不求人", 7), ("全带幺", 5)])


def test_tc_xiao_san_yuan():
    # pon 中 + 发发发 白白 123m 789m, discard 2m: 小三元, 混一色, 全带幺 (one concealed pung only)
    assert tc("666z77z123m789m", "2m", melds=[("pon", "5z")]) == \
        W(28, [("小三元", 15), ("混一色", 8), ("全带幺", 5)])


def test_tc_qingyise_yitiaolong():
    # 111m 123m 456m 789m 22m (the only reading), self-drawn 9m
    h = "123m456m789m111m22m"
    assert tc(h, "9m", SELF) == "missing quezi"
    assert tc(h, "9m", SELF, quezi=3) == W(33, [("清一色", 15), ("一条龙", 8), ("不求人", 7), ("缺字", 3)])


def test_tc_quan_dai_wu_exclusions():
    # 345m 555m 456p 567s 55p: every set holds a 5 and the pair is 5p: 全带五 (断幺, 五将, 缺字 excluded)
    h = "345m555m456p567s55p"
    assert tc(h, "3m", SELF) == W(22, [("全带五", 15), ("不求人", 7)])
    assert tc(h, "3m") == "missing menqing"
    assert tc(h, "3m", **OPT) == W(19, [("全带五", 15), ("门清", 4)])


def test_tc_qidui_and_dandiao():
    h = "11m33m55m77p99p22s44s"
    assert tc(h, "1m") == "missing dandiao"               # 单调, 门清, 缺字 all needed
    assert tc(h, "1m", **OPT) == W(22, [("七对", 10), ("单调", 5), ("门清", 4), ("缺字", 3)])
    assert tc(h, "1m", SELF, **OPT) == W(25, [("七对", 10), ("单调", 5), ("不求人", 7), ("缺字", 3)])
    assert tc("1111m33m77p99p22s44s", "3m", **OPT) == W(22, [("七对", 10), ("单调", 5), ("门清", 4), ("缺字", 3)])
    assert tc("1111m33m77p99p22s44s", "3m", allow_quad=False, **OPT) is None


def test_tc_sisters_and_concealed_pungs():
    # 123m x3 / 111 222 333m + 789p 55s: both readings at 20 when self-drawn
    h = "123m123m123m789p55s"
    assert tc(h, "1m", SELF, wujiang=2, quezi=1) == \
        W(20, [("三姐妹", 10), ("不求人", 7), ("五将", 2), ("缺字", 1)],
          [("三箱次", 10), ("不求人", 7), ("五将", 2), ("缺字", 1)])
    # on a discard of 1m the 111m pung holds the winning tile: two concealed pungs, no 三箱次
    assert tc(h, "1m", **OPT) == W(19, [("三姐妹", 10), ("五将", 2), ("缺字", 3), ("门清", 4)])
    # 111m 999p 中中中 123s 55s: the same on a discard of 1m (2 pungs) / self-drawn (3)
    assert tc("111m999p123s555z55s", "1m", **OPT) == W(6, [("门清", 4), ("五将", 2)])
    assert tc("111m999p123s555z55s", "1m", SELF, **OPT) == W(19, [("三箱次", 10), ("不求人", 7), ("五将", 2)])
    # an ankan counts as concealed and is no open meld (门清 still holds)
    assert tc("111m999p123s55s", "2s", melds=[("ankan", "5z")], **OPT) == W(16, [("三箱次", 10), ("门清", 4), ("五将", 2)])


def test_tc_xi_xiang_feng():
    # 234m 234p 234s 东东东 中中, self-drawn 2m: 喜相逢 (chows), 五门齐, 不求人
    assert tc("234m234p234s111z55z", "2m", SELF) == W(17, [("喜相逢", 5), ("五门齐", 5), ("不求人", 7)])
    # 333m 333p 333s 789s 55m, self-drawn 7s: 喜相逢 (pungs), 三箱次, 不求人, 缺字, 五将
    assert tc("333m55m333p333s789s", "7s", SELF, **OPT) == \
        W(27, [("喜相逢", 5), ("三箱次", 10), ("不求人", 7), ("缺字", 3), ("五将", 2)])


def test_tc_below_and_above_five():
    # 11m 123m 234p 234s 444s: every tile rank <= 4 (缺字 excluded)
    assert tc("123m234p234s444s11m", "2m", SELF) == W(14, [("小于五", 7), ("不求人", 7)])
    assert tc("123m234p234s444s11m", "1m", SELF) == "missing dandiao"      # the pair is the 1m
    # 678m 789p 999s 678s 66p: every tile rank >= 6
    assert tc("678m789p999s678s66p", "6m", SELF) == W(14, [("大于五", 7), ("不求人", 7)])


def test_tc_quan_yao_jiu():
    # 111m 999p 111s 999s 东东, self-drawn 9p: 对对胡, 三箱次, 不求人, 全幺九 (全带幺 needs a chow)
    h = "111m999p111s999s11z"
    assert tc(h, "9p", SELF) == "missing quanyaojiu"
    assert tc(h, "9p", SELF, quanyaojiu=7) == W(31, [("对对胡", 7), ("三箱次", 10), ("不求人", 7), ("全幺九", 7)])


def test_tc_hun_yi_se_quan_dai_yao():
    # 123m 789m 999m 东东东 南南, self-drawn 2m
    assert tc("123m789m111z999m22z", "2m", SELF) == W(20, [("混一色", 8), ("全带幺", 5), ("不求人", 7)])


def test_tc_qionghu():
    # chi 234m + 567m 456p 345s 东东, discard 4p: no row at all
    assert tc("567m456p345s11z", "4p", melds=[("chi", "2m")]) == W(7, [("穷胡", 7)])


def test_tc_flag_rows_and_their_exclusions():
    h = "234m567m456p345s11z"          # no row but 门清 on a discard
    assert tc(h, "4p") == "missing menqing"
    assert tc(h, "4p", **OPT) == W(4, [("门清", 4)])
    assert tc(h, "4p", {"kouting": True}) == W(25, [("扣听", 25)])            # 门清 excluded
    assert tc(h, "4p", {"dihu": True}) == W(30, [("地胡", 30)])               # 门清 excluded
    assert tc(h, "4p", {"tianhu": True, "self_drawn": True}) == W(30, [("天胡", 30)])   # 不求人 excluded
    assert tc(h, "4p", {"tianhu": True}) == "missing menqing"


def test_tc_quanfeng_always_excluded():
    # every all-honour reading is 全风七对 or 全风对对胡, both of which exclude 全风
    others = {k: v for k, v in OPT.items() if k != "quanfeng"}
    for h, w in (("11223344556677z", "1z"), ("111z222z333z444z55z", "1z"), ("111z222z555z666z77z", "7z")):
        for flags in (None, SELF):
            assert isinstance(TC.ref_tongcheng_score(h, (), T(w), flags, **others), tuple)


def test_tc_refusals():
    with pytest.raises(ValueError, match="more than 4"):
        tc("11111m456m789m12p", "1m")
    with pytest.raises(ValueError, match="more than 4"):
        tc("1z567m456p345s11z", "4p", melds=[("pon", "1z")])                 # 3 东 concealed + a pon of 东
    with pytest.raises(ValueError, match="14-tile"):
        tc("567m456p345s11z", "4p")
    with pytest.raises(ValueError, match="not among"):
        tc("234m567m456p345s11z", "9p")
    with pytest.raises(ValueError, match="flag"):
        tc("234m567m456p345s11z", "4p", {"menqing": True})
    with pytest.raises(TypeError):
        tc("234m567m456p345s11z", "4p", menqing="4")
    with pytest.raises(TypeError):
        tc("234m567m456p345s11z", "4p", pinghu=1)                        # unknown option
    assert tc("234m567m456p345s12z", "4p") is None                        # no reading


# =============================================================================================
# The generators and sweeps
# =============================================================================================
MODULES = {
    "changsha": (CS, lambda c, m, w, f: CS.ref_changsha_score(c, m, w, f, xiaohu=1, dahu=6)),
    "kawuxing": (KW, lambda c, m, w, f: KW.ref_kawuxing_score(c, m, w, f, chi=True, qiangganghu=3)),
    "tongcheng": (TC, lambda c, m, w, f: TC.ref_tongcheng_score(c, m, w, f, **OPT)),
}


def _cases(module, n, seed):
    rng = random.Random(seed)
    return [module.random_hand(rng) for _ in range(n)]


def _random_flags(rng, names):
    return {k: True for k in names if rng.random() < 0.12}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_random_hand_is_valid_and_mixed(name):
    module, score = MODULES[name]
    cases = _cases(module, 1500, 77)
    wins = 0
    for c, melds, w in cases:
        assert len(c) == 34 and min(c) >= 0
        total = list(c)
        for kind, t in melds:
            assert kind in ("chi", "pon", "minkan", "kakan", "ankan")
            for x in ([t, t + 1, t + 2] if kind == "chi" else [t] * (3 if kind == "pon" else 4)):
                total[x] += 1
        assert max(total) <= 4
        assert all(total[t] == 0 for t in range(34) if t not in module.TILES)
        assert sum(c) + 3 * len(melds) == 14 and len(melds) <= 4
        assert c[w] >= 1
        wins += score(c, melds, w, None) is not None
    assert 0.5 * len(cases) < wins < 0.95 * len(cases)          # mostly wins, some misses
    assert len({(tuple(c), tuple(m), w) for c, m, w in cases}) > 0.9 * len(cases)


def _std_or_pairs_complete(c, k, allow_quad=True):
    return REF.ref_is_complete(c, k, forms=("standard", "seven_pairs"), quads_as_two_pairs=allow_quad)


def _sum_lists(total, best, names):
    """The fan lists of an answer whose values add up: each sorted and summing to ``total`` (their names go to the
    ``names`` counter)."""
    for fans in best:
        names.update(n for n, _ in fans)
        assert fans == sorted(fans)
        assert sum(v for _, v in fans) == total
        yield fans


def test_changsha_sweep_win_matches_an_independent_check():
    names = Counter()
    for c, melds, w in _cases(CS, 2500, 11):
        k = len(melds)
        res = CS.ref_changsha_score(c, melds, w, xiaohu=1, dahu=6)
        tiles = [t for t in range(34) for _ in range(c[t])] + [x for kind, t in melds for x in (
            [t, t + 1, t + 2] if kind == "chi" else [t, t, t])]
        complete = _std_or_pairs_complete(c, k)
        pair_258 = any(c[p] >= 2 and REF._std_complete([c[i] - 2 * (i == p) for i in range(34)], 4 - k, 0)
                       for p in range(27) if p % 9 + 1 in (2, 5, 8))
        all_pungs = not any(kind == "chi" for kind, _ in melds) and any(
            c[p] >= 2 and all((c[i] - 2 * (i == p)) % 3 == 0 for i in range(34)) for p in range(34))
        seven = k == 0 and all(x % 2 == 0 for x in c)
        all_258 = all(t % 9 + 1 in (2, 5, 8) for t in tiles)
        one_suit = len({t // 9 for t in tiles}) == 1
        expected_win = pair_258 or all_pungs or seven or all_258 or (one_suit and complete)
        assert (res is not None) == expected_win, (c, melds, w)
        if res is None:
            continue
        total, best = res
        for fans in _sum_lists(total, best, names):
            assert ("平和" in dict(fans)) == (fans == [("平和", 1)])
        # max stacking: one 大和 worth dahu, never more than the sum
        res_max = CS.ref_changsha_score(c, melds, w, xiaohu=1, dahu=6, dahu_stack="max")
        assert res_max[0] == (6 if total >= 6 else 1)
        assert all(len(fans) == 1 for fans in res_max[1])
        # requires_shape only removes the shapeless 將將和 wins
        shaped = CS.ref_changsha_score(c, melds, w, xiaohu=1, dahu=6, jiangjiang_requires_shape=True)
        assert shaped == (res if complete else None)
    for row in ("平和", "七巧對", "碰碰和", "將將和", "清一色"):
        assert names[row] > 10, names


def test_kawuxing_sweep():
    names = Counter()
    rng = random.Random(5)
    for c, melds, w in _cases(KW, 2500, 12):
        k = len(melds)
        flags = _random_flags(rng, ("self_drawn", "after_kong", "last_tile", "kong_discard", "liangdao"))
        res = KW.ref_kawuxing_score(c, melds, w, flags, chi=True)
        assert (res is not None) == _std_or_pairs_complete(c, k), (c, melds, w)
        if any(kind == "chi" for kind, _ in melds):
            assert KW.ref_kawuxing_score(c, melds, w, flags) is None
        if res is None:
            continue
        total, best = res
        add = KW.ref_kawuxing_score(c, melds, w, flags, chi=True, stack="add")
        for fans in best:
            names.update(n for n, _ in fans)
            assert fans == sorted(fans)
            product = 1
            for _, v in fans:
                product *= v
            assert product == total
            values = dict(fans)
            assert not ("暗四归一" in values and ("龙七对" in values or "双龙七对" in values))
            assert sum(n in values for n in ("七对", "龙七对", "双龙七对")) <= 1
            assert ("亮倒" in values) == bool(flags.get("liangdao"))
        assert add[0] <= total            # every factor is >= 2, so a sum never beats a product
        if flags.get("liangdao"):
            assert KW.ref_kawuxing_score(c, melds, w, dict(flags, liangdao=False), chi=True)[0] * 2 == total
    for row in ("卡五星", "碰碰胡", "暗四归一", "明四归一", "七对", "龙七对", "双龙七对", "大三元", "小三元",
                "清一色", "手抓一", "亮倒", "杠上开花", "杠上炮", "海底捞月"):
        assert names[row] > 5, names


def _knitted(c):
    suited = [c[t] for t in range(27)]
    honours = sorted(c[t] for t in range(27, 34) if c[t])
    for perm in itertools.permutations(range(3)):
        want = [0] * 27
        for suit, cls in enumerate(perm):
            for r in (cls, cls + 3, cls + 6):
                want[9 * suit + r] = 1
        if suited == want and honours == [1, 1, 1, 2]:
            return True
    return False


def test_tongcheng_sweep():
    names = Counter()
    rng = random.Random(6)
    for c, melds, w in _cases(TC, 2500, 13):
        k = len(melds)
        flags = _random_flags(rng, ("self_drawn", "kouting", "tianhu", "dihu"))
        res = TC.ref_tongcheng_score(c, melds, w, flags, **OPT)
        expected = REF.ref_is_complete(c, k, forms="default") or (k == 0 and _knitted(c))
        assert (res is not None) == expected, (c, melds, w)
        if res is None:
            continue
        total, best = res
        for fans in _sum_lists(total, best, names):
            values = dict(fans)
            for row, gone in TC.EXCLUDES.items():
                if row in values:
                    assert not any(g in values for g in gone), fans
            if "穷胡" in values:
                assert fans == [("穷胡", 7)]
            assert not ("全带幺" in values and "全幺九" in values)
            assert "全风" not in values
        # a missing option is asked exactly when its row is counted somewhere
        default = TC.ref_tongcheng_score(c, melds, w, flags)
        if isinstance(default, str):
            assert default.startswith("missing ")
        else:
            assert default == res and not any(n in TC.OPTION_ROWS for fans in best for n, _ in fans)
    for row in TC.ROWS:
        if row in ("天胡", "地胡", "扣听", "不求人"):
            continue
        assert names[row] > 0, (row, names)
    for row in ("天胡", "扣听", "不求人", "穷胡", "断幺", "五将", "缺字", "门清", "单调", "全幺九"):
        assert names[row] > 0, (row, names)
