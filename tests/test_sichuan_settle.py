"""Sichuan 血战到底 settlement (mjpy.rules.sichuan_settle; docs/rules.md#sichuan-settle, issue 4).

Whole hands walked event by event with the amounts worked out by hand in the comments; every
settlement is checked to sum to zero and to match its ledger."""
from __future__ import annotations

import copy
import json
import os
import pickle

import pytest

from mjpy.rules import sichuan
from mjpy.rules.sichuan_settle import PRESETS, REASONS, SettleOptions, Settlement, settle

from conftest import load_vectors

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "sichuan_table.json")


def P(hand, dingque, *melds, name=None):
    d = {"hand": hand, "dingque": dingque, "melds": [{"kind": k, "tiles": t} for k, t in melds]}
    if name:
        d["name"] = name
    return d


def kong(player, kind, tile, frm=None):
    return {"type": "kong", "player": player, "kind": kind, "tile": tile, "from": frm}


def win(player, tile, frm=None, **flags):
    return {"type": "win", "player": player, "tile": tile, "from": frm, **flags}


def check(s: Settlement):
    """Zero-sum, totals = ledger, every row positive with a known reason."""
    assert sum(s.totals) == 0
    tot = [0, 0, 0, 0]
    for p in s.ledger:
        assert p.amount > 0 and p.payer != p.payee and p.reason in REASONS
        tot[p.payer] -= p.amount
        tot[p.payee] += p.amount
    assert tuple(tot) == s.totals
    json.dumps(s.to_dict(), ensure_ascii=False)
    return s


def rows(s, reason=None, event="any"):
    return [(p.payer, p.payee, p.amount) for p in s.ledger
            if (reason is None or p.reason == reason) and (event == "any" or p.event == event)]


# ------------------------------------------------------------------------------------------ tables

def table_three_winners():
    """暗杠, 直杠, 自摸, 面下杠, then a 杠上炮 won by two players at once (一炮多响): three winners."""
    return {
        "players": [
            P("12345556m234789p", "s"),                                   # 平胡 1番
            P("234678s345p66p", "m", ("ankan", "9999s")),                 # 平胡 + 杠上炮 = 2番
            P("22345678789p", "s", ("minkan", "1111p")),                  # 清一色 + 杠上炮 = 4番
            P("778899m1123s", "p", ("kakan", "5555s")),
        ],
        "events": [
            kong(1, "ankan", "9s"),                  # 下雨: P0 P2 P3 pay 12 each
            kong(2, "minkan", "1p", 3),              # 直杠: P3 pays 6
            win(0, "6m"),                            # 自摸 1番: P1 P2 P3 pay 6 each
            kong(3, "kakan", "5s"),                  # 面下杠: P1 P2 pay 6 each (P0 has won)
            win(1, "5p", 3, kong_discard=True),      # 杠上炮 2番: 12, plus the kong's 12 (呼叫转移)
            win(2, "5p", 3, kong_discard=True),      # 杠上炮 4番: 48, plus another full 12
        ],
    }


def table_draw():
    """The example file: 暗杠, one win, then 流局 with a 花猪, a tenpai player and one not tenpai."""
    with open(EXAMPLE, encoding="utf-8") as f:
        return json.load(f)


def table_robbing():
    """P0 adds 3s to his 碰 and P1 robs it (抢杠胡, the kong is void); P2 自摸 清一色; P3 wins on P0."""
    return {
        "players": [
            P("456789s1122p", "m", ("pon", "333s")),
            P("123456789m234s55s", "p"),                                  # 平胡 1番
            P("234567p345p678p99p", "m"),                                 # 清一色 3番
            P("11456m123567789p", "s"),                                   # 平胡 1番
        ],
        "events": [
            kong(0, "kakan", "3s"),
            win(1, "3s", 0, robbing_kong=True),      # P0 pays 6; no 面下杠 payment
            win(2, "9p"),                            # P0, P3 pay 24 each
            win(3, "1m", 0),                         # P0 pays 6: three winners
        ],
    }


def table_ganghua():
    """P0 直杠 5m fed by P1, then 杠上花 (平胡 + 杠上花 = 2番); the wall runs out, nobody else tenpai."""
    return {
        "wall_exhausted": True,
        "players": [
            P("678m234p678p99p", "s", ("minkan", "5555m")),
            P("134799m1245789s", "p"),
            P("13579p12345678s", "m"),
            P("2468m112345689p", "s"),
        ],
        "events": [kong(0, "minkan", "5m", 1), win(0, "9p", after_kong=True)],
    }


def table_two_tenpai():
    """No win, 流局: P0 (1112345678999m: max 4番, min 3番) and P1 (龙七对 5番) tenpai; P2, P3 not."""
    return {
        "wall_exhausted": True,
        "players": [P("1112345678999m", "s"), P("1122244p557799s", "m"),
                    P("1368p124466789s", "m"), P("135667m1123458s", "p")],
        "events": [],
    }


# ------------------------------------------------------------------------------------------ whole hands

def test_three_winners_kongs_zimo_gangshangpao_yipaoduoxiang():
    s = check(settle(table_three_winners()))
    assert rows(s, "angang") == [(0, 1, 12), (2, 1, 12), (3, 1, 12)]
    assert rows(s, "zhigang") == [(3, 2, 6)]
    assert rows(s, "zimo") == [(1, 0, 6), (2, 0, 6), (3, 0, 6)]
    assert rows(s, "bugang") == [(1, 3, 6), (2, 3, 6)]                 # P0 has won: he no longer pays
    assert rows(s, "dianpao") == [(3, 1, 12), (3, 2, 48)]
    assert rows(s, "hujiao_zhuanyi") == [(3, 1, 12), (3, 2, 12)]       # a full share to each winner
    assert s.totals == (6, 48, 42, -96)
    assert s.draw is None
    assert [(w.winner, w.total_fan, w.multiplier) for w in s.wins] == [(0, 1, 1), (1, 2, 2), (2, 4, 8)]
    assert ("杠上炮", 1) in s.wins[1].fans and s.wins[2].fans[0] == ("清一色", 3)
    assert all(p.event is not None for p in s.ledger)


def test_draw_huazhu_dajiao_refund():
    s = check(settle(table_draw()))
    assert rows(s, "huazhu") == [(3, 1, 96), (3, 2, 96)]               # 16x base to each non-花猪 still in
    assert rows(s, "dajiao") == [(1, 2, 48)]                           # 清一色 + 1 根 = 4番 ×8, 花猪 exempt
    assert rows(s, "kong_refund") == [(1, 0, 12), (1, 2, 12), (1, 3, 12)]
    assert all(p.event == 0 for p in s.ledger if p.reason == "kong_refund")
    assert s.totals == (12, 48, 144, -204)
    assert s.draw.huazhu == (3,) and s.draw.not_tenpai == (1,) and s.draw.tenpai == {2: (4, 8)}
    assert s.names == ("East", "South", "West", "North")


def test_draw_variants():
    t = table_draw()
    s = check(settle(t, SettleOptions(chadajiao="min")))               # SC-B: the smallest wait, 3番 ×4
    assert rows(s, "dajiao") == [(1, 2, 24)]
    s = check(settle(t, SettleOptions(huazhu_pays_winners=True)))
    assert rows(s, "huazhu") == [(3, 0, 96), (3, 1, 96), (3, 2, 96)]
    s = check(settle(t, SettleOptions(refund_kongs=False)))
    assert rows(s, "kong_refund") == []
    s = check(settle(t, SettleOptions(huazhu_rate=8)))
    assert rows(s, "huazhu") == [(3, 1, 48), (3, 2, 48)]


def test_huazhu_refunds_his_kong_income():
    t = table_draw()
    # give the 花猪 (P3) a 直杠 of 2s fed by P1: he collects 6 at once, and refunds it at the draw
    t["players"][3] = P("23456m56p346s", "p", ("minkan", "2222s"))
    t["events"].insert(1, kong(3, "minkan", "2s", 1))
    s = check(settle(t))
    assert rows(s, "zhigang") == [(1, 3, 6)]
    assert (3, 1, 6) in rows(s, "kong_refund")
    s = check(settle(t, SettleOptions(huazhu_refunds_kongs=False)))
    assert (3, 1, 6) not in rows(s, "kong_refund")


def test_robbing_kong_cancels_the_kong():
    s = check(settle(table_robbing()))
    assert rows(s, "bugang") == []                                     # 刮风下雨无效
    assert rows(s, "dianpao") == [(0, 1, 6), (0, 3, 6)]
    assert rows(s, "zimo") == [(0, 2, 24), (3, 2, 24)]                 # P1 has won: not a payer
    assert s.totals == (-36, 6, 48, -18)
    # the same hand without the (void) kong event settles the same
    t = table_robbing()
    del t["events"][0]
    assert settle(t).totals == s.totals


def test_ganghua_and_sc_b_feeder_pays():
    s = check(settle(table_ganghua()))
    assert rows(s, "zhigang") == [(1, 0, 6)]
    assert rows(s, "zimo") == [(1, 0, 12), (2, 0, 12), (3, 0, 12)]     # 平胡 + 杠上花 = 2番 ×2
    assert s.draw is not None and s.draw.tenpai == {} and s.draw.huazhu == ()
    assert s.totals == (42, -18, -12, -12)
    s = check(settle(table_ganghua(), SettleOptions(ganghua_zhigang_feeder_pays=True)))
    # SC-B (4) 算引杠者点炮: the feeder pays one share, as if he had discarded the winning tile (2番 ×2)
    assert rows(s, "dianpao") == [(1, 0, 12)] and rows(s, "zimo") == []
    assert s.totals == (18, -18, 0, 0)


def test_two_tenpai_players_at_the_draw():
    s = check(settle(table_two_tenpai()))
    assert rows(s, "dajiao") == [(2, 0, 48), (2, 1, 96), (3, 0, 48), (3, 1, 96)]
    assert s.totals == (96, 192, -144, -144)
    assert s.draw.tenpai == {0: (4, 8), 1: (5, 16)}
    s = check(settle(table_two_tenpai(), SettleOptions(chadajiao="min")))
    assert rows(s, "dajiao") == [(2, 0, 24), (2, 1, 96), (3, 0, 24), (3, 1, 96)]


def test_dajiao_is_best_fan_over_every_wait():
    # the 大叫 equals the maximum of score() over the waits (brute force through the scoring)
    s = settle(table_two_tenpai())
    for pl, hand, dq in ((0, "1112345678999m", "s"), (1, "1122244p557799s", "m")):
        best = max(r.total_fan for r in sichuan.tenpai_scores(hand, dingque=dq).values())
        assert s.draw.tenpai[pl][0] == best


def test_dingque_is_respected_at_the_draw():
    t = table_two_tenpai()
    t["players"][0]["dingque"] = "m"           # holds its 定缺 suit: not tenpai, pays instead
    s = check(settle(t))
    assert 0 not in s.draw.tenpai and 0 in s.draw.not_tenpai
    assert (0, 1, 96) in rows(s, "dajiao")


# ------------------------------------------------------------------------------------------ options

def test_zhigang_variants():
    t = table_three_winners()
    s = check(settle(t, SettleOptions(zhigang_rate=2)))
    assert rows(s, "zhigang") == [(3, 2, 12)]
    s = check(settle(t, PRESETS["sc_d_jiajiayou"]))                   # 2x from the feeder, 1x from the others
    assert rows(s, "zhigang") == [(3, 2, 12)]
    assert rows(s, "zhigang_jiajiayou") == [(0, 2, 6), (1, 2, 6)]
    s = check(settle(t, PRESETS["sc_d_chengbao"]))
    assert rows(s, "zhigang") == [(3, 2, 12)] and rows(s, "zhigang_jiajiayou") == []


def test_zimo_bonus_variants():
    t = table_three_winners()
    s = check(settle(t, SettleOptions(zimo_bonus="jiadi")))
    assert rows(s, "zimo") == [(1, 0, 6), (2, 0, 6), (3, 0, 6)]
    assert rows(s, "zimo_jiadi") == [(1, 0, 6), (2, 0, 6), (3, 0, 6)]
    s = check(settle(t, SettleOptions(zimo_bonus="jiafan")))          # 1番 -> 2番: ×2
    assert rows(s, "zimo") == [(1, 0, 12), (2, 0, 12), (3, 0, 12)]
    s = check(settle(t, SettleOptions(hujiao_zhuanyi=False)))
    assert rows(s, "hujiao_zhuanyi") == []
    s = check(settle(t, SettleOptions(kong_payments=False)))
    assert rows(s, "angang") == rows(s, "bugang") == rows(s, "zhigang") == []


def test_base_and_sichuan_options():
    t = table_three_winners()
    t["base"] = 1
    s = check(settle(t))
    assert s.base == 1 and s.totals == (1, 8, 7, -16)
    so = sichuan.SichuanOptions(zhigang_rate=2, zimo_jiadi=True)       # the scoring module's flags
    s2 = check(settle(table_three_winners(), so))
    assert rows(s2, "zhigang") == [(3, 2, 12)] and rows(s2, "zimo_jiadi")
    capped = SettleOptions(scoring=sichuan.SichuanOptions(max_fan=3))  # 封顶 3番
    s3 = check(settle(table_three_winners(), capped))
    assert rows(s3, "dianpao") == [(3, 1, 12), (3, 2, 24)]


def test_options_object():
    o = SettleOptions()
    assert (o.zhigang_rate, o.zhigang_mode, o.zimo_bonus, o.chadajiao_mode, o.huazhu_rate) == (1, "single", "none",
                                                                                             "max", 16)
    assert pickle.loads(pickle.dumps(o)) == o
    assert pickle.loads(pickle.dumps(PRESETS["sc_b"])).chadajiao_mode == "min"
    with pytest.raises(Exception):
        o.zhigang_rate = 2
    assert SettleOptions.from_dict({"preset": "sc_d", "zimo_bonus": "jiadi"}) == \
        SettleOptions(zhigang_rate=2, zimo_bonus="jiadi")
    for bad in ({"zhigang_mode": "both"}, {"zimo_bonus": 1}, {"chadajiao": "avg"}, {"nope": 1},
                {"preset": "x"}, {"robbable_kongs": ["chi"]}, {"profile": "chengdu_simple"}):
        with pytest.raises(ValueError):
            SettleOptions.from_dict(bad)
    t = table_three_winners()
    t["options"] = {"zhigang_rate": 2}                                 # options inside the table
    assert rows(settle(t), "zhigang") == [(3, 2, 12)]


def test_points_profile():
    # sichuan_points: no 刮风下雨 (kongs score +1分 in the hand), wins pay base × 分
    s = check(settle(table_three_winners(), PRESETS["sc_b"]))
    assert rows(s, "angang") == []
    assert all(p.reason in ("zimo", "dianpao", "hujiao_zhuanyi") for p in s.ledger)


def test_settle_is_reexported_and_reads_json(tmp_path):
    assert sichuan.settle is settle
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table_three_winners()), encoding="utf-8")
    assert settle(str(path)).totals == (6, 48, 42, -96)
    assert settle(json.dumps(table_three_winners())).totals == (6, 48, 42, -96)


def _fill(table_players, seed=7):
    """Three 13-tile hands from the tiles left: two suits (no 花猪), not tenpai."""
    import random

    import mjpy
    import numpy as np

    used = np.zeros(34, int)
    for pl in table_players:
        c, ms = mjpy.parse_hand(pl["hand"])
        used += c
        for m in pl.get("melds", []):
            used += mjpy.Meld(m["kind"], m["tiles"]).counts
    rng = random.Random(seed)
    pool = [t for t in range(27) for _ in range(4 - used[t])]
    out = []
    while len(out) < 3:
        suits = rng.sample([0, 1, 2], 2)
        h = rng.sample([t for t in pool if t // 9 in suits], 13)
        c = np.bincount(h, minlength=34).astype(np.uint8)
        if len({t // 9 for t in h}) == 2 and mjpy.shanten(c) >= 1:
            for t in h:
                pool.remove(t)
            missing = "mps"[({0, 1, 2} - set(suits)).pop()]
            out.append(P(mjpy.to_string(c), missing))
    return out


def test_vectors_sichuan_settlement():
    """tests/data/settlement.json ST-SC-02: 番 -> 倍 = 2**(番-1), 基本分 6 (the default base), through a
    whole table for each row (the hands are the sources' own examples, docs/rules.md#sichuan-fan); ST-SC-01
    (the QQ coin example) is marked inconsistent in the data and has no ``expected``: informational only."""
    vs = {v["id"]: v for v in load_vectors("settlement") if v.get("ruleset", "").startswith("sichuan")}
    exp = vs["ST-SC-02"]["expected"]
    assert SettleOptions().default_base == exp["base_points"]
    hands = {1: ("12345556m234789p", "6m"), 2: ("111222444p777s99s", "9s"), 3: ("11222333456999s", "4s"),
             4: ("11155566777999p", "5p"), 5: ("11222244p557799m", "9m"), 6: ("11224444557799m", "1m")}
    assert sorted(int(k) for k in exp["fan_to_multiplier"]) == sorted(hands)
    for fan, mult in exp["fan_to_multiplier"].items():
        hand, tile = hands[int(fan)]
        p0 = P(hand, None)
        others = _fill([p0])
        t = {"wall_exhausted": True, "players": [p0] + others, "events": [win(0, tile, 1)]}
        s = check(settle(t))
        assert s.wins[0].total_fan == int(fan) and s.wins[0].multiplier == mult
        assert rows(s, "dianpao") == [(1, 0, exp["base_points"] * mult)]
    assert vs["ST-SC-01"]["status"] == "inconsistent" and "expected" not in vs["ST-SC-01"]


# ------------------------------------------------------------------------------------------ bad input

def bad(t, *needles, options=None):
    with pytest.raises(ValueError) as e:
        settle(t, options)
    msg = str(e.value)
    for n in needles:
        assert n in msg, msg
    return msg


def test_bad_tiles():
    t = table_three_winners()
    t["players"][3]["hand"] = "667799m1123s"          # P0 holds one 6m: 3 copies, fine
    settle(t)
    t["players"][3]["hand"] = "555799m1123s"          # P0 holds 555m: six 5m
    bad(t, "5m appears 6 times across the table")
    t = table_three_winners()
    t["players"][3]["hand"] = "778899m1123s"[:-1] + "z"
    bad(t, "players[3]")
    t = table_three_winners()
    t["players"][3]["hand"] = "778899m112s5z"
    bad(t, "table.players[3].hand: 5z is not used in sichuan_fan", "108 tiles")   # the generic format
    t = table_three_winners()
    t["players"][3]["hand"] = "778899m11s"            # 13 - 3 tiles short
    bad(t, "players[3]", "11 tiles")


def test_bad_kongs():
    t = table_three_winners()
    t["events"].insert(1, kong(1, "ankan", "9s"))
    bad(t, "events[1]", "9s was already konged", "duplicated kong")
    t = table_three_winners()
    t["events"][0]["kind"] = "minkan"
    t["events"][0]["from"] = 0
    bad(t, "events[0]", "minkan", "ankan")
    t = table_three_winners()
    del t["events"][0]
    bad(t, "players[1]", "9s has no kong event")
    t = table_three_winners()
    t["events"].insert(0, kong(0, "ankan", "2m"))
    bad(t, "events[0]", "player 0 has no kong of 2m")
    t = table_three_winners()
    t["events"][1]["from"] = None
    bad(t, "events[1]", "needs 'from'")
    t = table_three_winners()
    t["events"][0]["from"] = 2
    bad(t, "events[0]", "'from' must be null")
    t = table_three_winners()
    ev = t["events"].pop(1)                           # P2's 直杠 fed by P0 after P0 has won
    ev["from"] = 0
    t["events"].insert(2, ev)
    bad(t, "events[2]", "player 0 already won at table.events[1]")


def test_bad_wins():
    t = table_three_winners()
    t["events"].append(win(0, "6m"))
    bad(t, "events[6]", "ended")
    t = table_three_winners()
    t["events"][4] = win(0, "5p", 3, kong_discard=True)
    bad(t, "events[4]", "player 0 already won at table.events[2]")
    t = table_three_winners()
    t["players"][0]["hand"] = "12345557m234789p"     # not a complete hand
    t["events"][2]["tile"] = "7m"
    bad(t, "events[2]", "not a win")
    t = table_three_winners()
    t["players"][0]["dingque"] = "p"                  # a winner still holding his 定缺 suit
    bad(t, "events[2]", "定缺")
    t = table_three_winners()
    t["events"][2]["tile"] = "9m"
    bad(t, "events[2]", "do not hold it")
    t = table_three_winners()
    t["events"][4]["from"] = 0                        # P0 has won: no more discards
    bad(t, "events[4]", "player 0 already won")
    t = table_three_winners()
    t["events"][2]["after_kong"] = True               # 杠上花 with no kong of his own before
    bad(t, "events[2]", "after_kong")
    t = table_three_winners()
    t["events"][4]["from"] = 2                        # 杠上炮 but P2 did not just kong
    t["events"][5]["from"] = 1
    bad(t, "events[4]", "kong_discard")
    t = table_three_winners()
    t["events"][2]["tianhu"] = True
    bad(t, "events[2]", "tianhu")


def test_bad_robbing():
    t = table_robbing()
    t["events"][0] = kong(0, "ankan", "3s")
    bad(t, "events[1]", "cannot be robbed")
    t = table_robbing()
    t["players"][0]["melds"] = []
    t["players"][0]["hand"] = "333456789s1122p"
    bad(t, "events[1]", "no pon of 3s")
    t = table_robbing()
    t["events"][1]["from"] = None
    bad(t, "events[1]", "robbing_kong")


def test_bad_structure():
    bad({"players": []}, "4 players")
    bad({"players": [P("1m", None)] * 4, "base": 0}, "base")
    t = table_three_winners()
    t["extra"] = 1
    bad(t, "unknown key 'extra'")
    t = table_three_winners()
    t["events"][0]["type"] = "chi"
    bad(t, "events[0].type")
    t = table_three_winners()
    t["events"][0]["player"] = 4
    bad(t, "events[0].player")
    t = table_three_winners()
    t["players"][1]["melds"].append({"kind": "chi", "tiles": "123s"})
    bad(t, "chi")
    t = table_three_winners()
    t["players"][0]["dingque"] = "z"
    bad(t, "players[0].dingque")
    t = table_three_winners()
    t["players"][1]["dingque"] = "s"                  # a 9s kong in his 定缺 suit
    bad(t, "定缺")
    t = table_three_winners()
    del t["events"][5]
    t["wall_exhausted"] = True
    bad(t, "players[2]", "14 tiles", "did not win holds 13")   # P2 holds a winning hand he never won
    t = table_draw()
    t["wall_exhausted"] = False
    bad(t, "has not ended")
    with pytest.raises(ValueError, match="not valid JSON"):
        settle("{nope")


def test_inputs_not_mutated_and_deterministic():
    t = table_three_winners()
    before = copy.deepcopy(t)
    a, b = settle(t), settle(t)
    assert t == before and a == b


# ------------------------------------------------------------------- CD-E modes: 血战 or not, 下雨 or not

def table_one_discard_two_winners():
    """P3's discard after his 面下杠 is won by P1 and P2 at once (一炮多响); P0 and P3 stay at 13."""
    return {
        "players": [
            P("1234555m234789p", "s"),
            P("234678s345p66p", "m", ("ankan", "9999s")),                 # 平胡 + 杠上炮 = 2番
            P("22345678789p", "s", ("minkan", "1111p")),                  # 清一色 + 杠上炮 = 4番
            P("778899m1123s", "p", ("kakan", "5555s")),
        ],
        "events": [
            kong(1, "ankan", "9s"),                  # 下雨: P0 P2 P3 pay 12 each
            kong(2, "minkan", "1p", 3),              # 直杠: P3 pays 6
            kong(3, "kakan", "5s"),                  # 面下杠: P0 P1 P2 pay 6 each
            win(1, "5p", 3, kong_discard=True),      # 12 + the kong's 18 (呼叫转移)
            win(2, "5p", 3, kong_discard=True),      # 48 + another 18
        ],
    }


def test_not_xuezhan_first_win_ends_the_hand():
    t = table_one_discard_two_winners()
    with pytest.raises(ValueError, match="has not ended: 2 players won"):
        settle(t)                                                       # 血战: two winners do not end it
    s = check(settle(t, PRESETS["chengdu_xiayu"]))                      # 标准下雨: kongs pay, first win ends
    assert rows(s, "dianpao") == [(3, 1, 12), (3, 2, 48)]
    assert rows(s, "hujiao_zhuanyi") == [(3, 1, 18), (3, 2, 18)]
    assert rows(s, "angang") == [(0, 1, 12), (2, 1, 12), (3, 1, 12)]
    # P0: -12 (暗杠) -6 (面下杠); P1: +36 -6 +12 +18; P2: -12 +6 -6 +48 +18; P3: -12 -6 +18 -30 -66
    assert s.totals == (-18, 60, 54, -96)
    s = check(settle(t, PRESETS["chengdu_biaozhun"]))                   # 标准打法: no 刮风下雨 at all
    assert {p.reason for p in s.ledger} == {"dianpao"}
    assert s.totals == (0, 12, 48, -60)
    later = copy.deepcopy(t)
    later["players"][0]["hand"] = "1234m234789p"
    later["players"][0]["melds"] = [{"kind": "minkan", "tiles": "5555m"}]
    later["events"].append(kong(0, "minkan", "5m", 3))
    with pytest.raises(ValueError, match=r"ended at the win at table\.events\[4\] \(not 血战"):
        settle(later, PRESETS["chengdu_xiayu"])


def test_not_xuezhan_single_winner_and_draw():
    t = table_one_discard_two_winners()
    t["players"][2]["hand"] = "2234678789p"                             # P2 does not win: 13 tiles
    t["events"] = t["events"][:4]
    s = check(settle(t, SettleOptions(xuezhan=False)))
    assert [w.winner for w in s.wins] == [1] and s.draw is None
    t["wall_exhausted"] = True
    with pytest.raises(ValueError, match="a won hand is not a draw"):
        settle(t, SettleOptions(xuezhan=False))
    d = check(settle(table_two_tenpai(), PRESETS["chengdu_biaozhun"]))  # a drawn hand is still checked
    assert d.draw is not None and set(d.draw.tenpai) == {0, 1}
    assert d.totals == check(settle(table_two_tenpai())).totals
    with pytest.raises(ValueError, match="xuezhan must be a bool"):
        SettleOptions(xuezhan="no")
    assert SettleOptions.from_dict({"preset": "chengdu_xuezhan"}).pays_kongs is False
