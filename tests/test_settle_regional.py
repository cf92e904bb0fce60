"""Table settlement of the regional rule sets (``guangdong_tuidao`` with the GD-G house rules,
``guangdong_jipinghu``, ``qingyuan``, ``tianjin``): docs/settle.md.

* the settlement vectors of tests/data/regional_vectors.json (ST-TJ-01, ST-GD-01, ST-GD-02, ST-GDJ-01),
  settled as tables;
* seeded random situations (hands from tests/regional_gen.py, the rest of the table dealt from
  the remaining tiles, random dealer, winner, discarder, 抢杠, 杠上花, options, horses, 坐庄 / 拉庄 /
  铲, liability) against the settlement functions of tests/reference_regional.py: what each payer
  pays for the win equal to the reference's; every table's totals sum to zero and equal the ledger;
* every refusal (a missing required option, an inconsistent table) is one line naming the place;
* ``mjpy settle FILE --rules NAME`` on every example of examples/settle/ and on bad tables.
"""
from __future__ import annotations

import copy
import json
import os
import random
from fractions import Fraction

import pytest

from mjpy import rules
from mjpy.cli import _settle_rules
from mjpy.rules.engine.settle import Settlement

import reference_regional as R
import regional_gen as G
from conftest import load_vectors, run_cli, run_cli_json

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VEC = {v["id"]: v for v in load_vectors("regional_vectors")}
N_RANDOM = 250          # random situations per rule set (each a full table)

#: the examples with the totals worked out in their "comment"
EXAMPLES = {
    "guangdong_tuidao": (-68, 76, 36, -44),
    "guangdong_jipinghu": (-24, 0, 24, 0),
    "qingyuan": (4, 4, -1, -7),
    "tianjin": (-78, -14, 100, -8),
}


def example(name):
    with open(os.path.join(ROOT, "examples", "settle", f"{name}.json"), encoding="utf-8") as f:
        return json.load(f)


def check_ledger(s: Settlement):
    """Totals sum to zero and are the ledger's net; every amount positive and exact."""
    assert sum(Fraction(t) for t in s.totals) == 0
    net = [Fraction(0)] * len(s.totals)
    for p in s.ledger:
        assert p.amount > 0 and p.payer != p.payee
        assert isinstance(p.amount, (int, Fraction)) and not (isinstance(p.amount, Fraction)
                                                              and p.amount.denominator == 1)
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    assert net == [Fraction(t) for t in s.totals]
    json.dumps(s.to_dict(), ensure_ascii=False)          # JSON-ready
    assert str(s).splitlines()[0].startswith("rules")


def paid_for(s: Settlement, event: int) -> dict:
    out = {}
    for p in s.ledger:
        if p.event == event:
            out[p.payer] = out.get(p.payer, 0) + Fraction(p.amount)
    return out


def players(*hands, melds=None):
    melds = melds or {}
    return [{"hand": h, "melds": melds.get(i, [])} for i, h in enumerate(hands)]


# ------------------------------------------------------------------------------------------------
# The interface

def test_every_regional_rule_set_settles_and_the_cli_names_them():
    for name in ("guangdong_tuidao", "guangdong_jipinghu", "qingyuan", "tianjin"):
        assert rules.get(name).can_settle
    assert not rules.get("guobiao").can_settle
    with pytest.raises(ValueError, match="no table settlement"):
        rules.get("guobiao").settle({})
    settling = {rules.registry.info(n).name for n in rules.registry.names(scoring_only=True)
                if rules.get(n).can_settle}
    assert settling == set(_settle_rules())
    assert {"sichuan_fan", "sichuan_points", "guangdong_tuidao", "tianjin"} <= settling
    assert "chengdu_simple" not in settling and "guobiao" not in settling


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples(name):
    s = rules.get(name).settle(example(name))
    check_ledger(s)
    assert s.totals == EXAMPLES[name]
    # a path and JSON text give the same; table "options" override the bound ones
    path = os.path.join(ROOT, "examples", "settle", f"{name}.json")
    assert rules.get(name).settle(path).totals == EXAMPLES[name]
    assert rules.get(name).settle(json.dumps(example(name))).totals == EXAMPLES[name]


# ------------------------------------------------------------------------------------------------
# The vectors

def tianjin_chan_table(zuozhuang, la):
    return {"rules": "tianjin", "dealer": 0, "zuozhuang": zuozhuang, "wall_exhausted": True, "indicator": "1z",
            "players": [{"hand": "123456789m123p4s"}, {"hand": "111222333p456s7z", "lazhuang": la[0]},
                        {"hand": "444555666p789s7z", "lazhuang": la[1]}, {"hand": "111222333s456m6z", "lazhuang": la[2]}],
            "events": [{"type": "chan"}]}


@pytest.mark.parametrize("reading", ["b", "a"])
def test_st_tj_01_chan(reading):
    v = VEC["ST-TJ-01"]
    inp = v["inputs"]
    la = [inp["lazhuang"][k] for k in "ABC"]
    s = rules.get("tianjin", chan_reading=reading).settle(tianjin_chan_table(inp["zuozhuang"], la))
    check_ledger(s)
    got = {"ABC"[p.payee - 1]: p.amount for p in s.ledger if p.payer == 0}
    assert got == v["expected"]["dealer_pays"]
    assert all(p.reason == "chan" and p.label == "铲" for p in s.ledger)
    assert got == R.tianjin_chan(inp["zuozhuang"], inp["lazhuang"], reading)


@pytest.mark.parametrize("zuozhuang", [False, True])
@pytest.mark.parametrize("reading", ["b", "a"])
def test_chan_every_lazhuang(zuozhuang, reading):
    for la in [(a, b, c) for a in range(3) for b in range(3) for c in range(3)]:
        s = rules.get("tianjin", chan_reading=reading).settle(tianjin_chan_table(zuozhuang, list(la)))
        want = R.tianjin_chan(zuozhuang, {1: la[0], 2: la[1], 3: la[2]}, reading)
        assert {p.payee: p.amount for p in s.ledger} == want


def test_st_gd_01_horse_seats():
    from mjpy.rules.guangdong_settle import SEATS, horse_hits, horse_seat
    from mjpy.tiles import tile_index

    exp = VEC["ST-GD-01"]["expected"]
    for key, seat in exp["tile_to_seat"].items():
        tiles = [tile_index(key)] if "z" in key else [tile_index(key + s) for s in "mps"]
        assert {horse_seat(t) for t in tiles} == {seat}, key
    per = {s: sum(4 for t in range(34) if horse_seat(t) == s) for s in SEATS}
    assert per == exp["horse_tiles_per_seat"]
    assert all(horse_seat(t) == R.horse_seat(t) for t in range(34))
    hits = [t for t in range(34) if horse_seat(t) == "C"]
    assert sorted(R.name(t) for t in hits) == sorted(["3m", "3p", "3s", "7m", "7p", "7s", "3z", "6z"])
    assert horse_hits("C", [2, 6, 29, 32, 0]) == 4


def tuidao_horse_table(horses, mode="additive"):
    """P1 self-draws a closed 小胡 (1 ×自摸2 ×硬胡2 = 4 from each non-dealer) at base 5: 20 each, the
    ST-GD-01 game; the previous winner P3 is seat A, so P1 is C."""
    return {"rules": "guangdong_tuidao", "dealer": 0, "base": 5,
            "options": {"horse_mode": mode},
            "house": {"horses": horses, "previous_winner": 3},
            "players": players("1199m1155p3399s4z", "123456m234p678s11z", "222345678s5z99p4z", "5566m6677p88s334z"),
            "events": [{"type": "win", "player": 1, "tile": "1z", "from": None}]}


def test_st_gd_01_horse_payments():
    pay = VEC["ST-GD-01"]["expected"]["payment_each"]
    rs = rules.get("guangdong_tuidao")
    for horses, want in ((["2m", "4p"], 20), (["3m", "4p"], pay["win_plus_1_horse"]),
                         (["3m", "6z", "1s"], pay["win_plus_2_horses"])):
        s = rs.settle(tuidao_horse_table(horses))
        check_ledger(s)
        paid = paid_for(s, 0)
        assert paid[2] == paid[3] == want                       # the non-dealers
        assert paid[0] == 2 * want                              # the dealer: 庄闲 ×2 (小胡)
        hits = R.horse_hits("C", [R.tile(h) for h in horses])
        assert want == R.horse_payment(hits, base=20)
    s = rs.settle(tuidao_horse_table(["3m", "6z", "1s"], mode="fan"))
    assert paid_for(s, 0)[2] == R.horse_payment(2, base=20, horse_mode="fan") == 80


def test_st_gd_02_kong_money_and_robbed_kong():
    exp = VEC["ST-GD-02"]["expected"]
    table = {"rules": "guangdong_tuidao", "dealer": 0, "wall_exhausted": True, "house": {"kong_money": True},
             "players": players("1199m1155p33s", "234567m234p11s5z6z", "222345678s55z99p", "5566m6677p88s",
                                melds={0: [{"kind": "ankan", "tiles": "9999s"}],
                                       3: [{"kind": "kakan", "tiles": "4444z"}]}),
             "events": [{"type": "kong", "player": 0, "kind": "ankan", "tile": "9s"},
                        {"type": "kong", "player": 3, "kind": "kakan", "tile": "4z"}]}
    s = rules.get("guangdong_tuidao").settle(table)
    check_ledger(s)
    assert s.drawn and not s.wins
    assert paid_for(s, 0) == {1: exp["angang_each_pays"], 2: 20, 3: 20}
    assert paid_for(s, 1) == {0: exp["minggang_each_pays"], 1: 10, 2: 10}
    assert s.totals[3] == exp["minggang_total"] - 20
    assert R.guangdong_kong_money("ankan")["each_pays"] == 20 and R.guangdong_kong_money("kakan")["total"] == 30
    # 抢杠: P3 adds 5p to his pon, P1 robs it: 抢杠 10 ×硬胡 2 = 20 from each loser, all paid by P3 (承包),
    # the kong is void (no kong money)
    rob = {"rules": "guangdong_tuidao", "dealer": 0, "house": {"kong_money": True},
           "players": players("1199m1188p33s444z", "123555m789s456p11z", "222345678s66z99p", "66m666p77p88s3z",
                              melds={3: [{"kind": "pon", "tiles": "555p"}]}),
           "events": [{"type": "kong", "player": 3, "kind": "kakan", "tile": "5p"},
                      {"type": "win", "player": 1, "tile": "5p", "from": 3, "robbing_kong": True}]}
    s = rules.get("guangdong_tuidao").settle(rob)
    check_ledger(s)
    assert paid_for(s, 1) == {3: exp["robbed_kong_payer_pays_robber"]}
    assert paid_for(s, 0) == {}
    assert s.wins[0].detail["liable"] == {"player": 3, "case": "qiangang"}
    assert [p.reason for p in s.ledger] == ["chengbao", "chengbao", "hu"]


@pytest.mark.parametrize("baogang", [False, True])
def test_house_kong_money_given_by_the_table(baogang):
    money = {"minkan": 15, "baogang": baogang, "gangshanggang": 5}
    t = {"rules": "guangdong_tuidao", "dealer": 0, "wall_exhausted": True, "house": {"kong_money": money},
         "players": players("3456789p", "1199p1155s3344z7z", "5566m6677s88s334z", "789m123s456s789s5z",
                            melds={0: [{"kind": "minkan", "tiles": "1111m", "from": 2},
                                       {"kind": "ankan", "tiles": "2222m"}]}),
         "events": [{"type": "kong", "player": 0, "kind": "minkan", "tile": "1m", "from": 2},
                    {"type": "kong", "player": 0, "kind": "ankan", "tile": "2m", "after_kong": True}]}
    s = rules.get("guangdong_tuidao").settle(t)
    check_ledger(s)
    assert paid_for(s, 0) == ({2: 45} if baogang else {1: 15, 2: 15, 3: 15})
    assert paid_for(s, 1) == {1: 25, 2: 25, 3: 25}                # 暗杠 20 + 杠上杠 5
    assert s.by_reason()["gangshanggang"] == [15, -5, -5, -5]
    with pytest.raises(ValueError, match=r"^table\.events\[1\]: the money of a 杠上杠 .* is not given by the sources "
                                         r"\(docs/rules\.md#missing\): set table\.house\.kong_money\.gangshanggang"):
        rules.get("guangdong_tuidao").settle(_set(t, ["house", "kong_money", "gangshanggang"], None))
    with pytest.raises(ValueError, match=r"^table\.events\[0\]: after_kong \(杠上杠\) needs a kong by player 0"):
        rules.get("guangdong_tuidao").settle(_set(t, ["events"], t["events"][::-1]))


def jipinghu_discard_table(hand, win, payment="discarder_pays", melds=()):
    return {"rules": "guangdong_jipinghu", "dealer": 0, "options": {"payment": payment},
            "players": [{"hand": "1199m1155p3399s4z"}, {"hand": hand, "melds": list(melds)},
                        {"hand": "222345678s5z99p4z"}, {"hand": "5566m6677p88s334z"}],
            "events": [{"type": "win", "player": 1, "tile": win, "from": 0}]}


JIPINGHU_FANS = [("123m456m789p222s66z", "6z", 0), ("123456m789p234s55z", "5z", 1),
                 ("111m222p333s777s66z", "6z", 2), ("12345678m123m66z9m", "9m", 3),
                 ("123456789m12355m", "5m", 4), ("111222333m444m55m", "5m", 5), ("111222333z444z66z", "6z", 6)]


@pytest.mark.parametrize("hand,win,fan", JIPINGHU_FANS)
def test_st_gdj_01_fan_to_points(hand, win, fan):
    exp = VEC["ST-GDJ-01"]["expected"]
    table = jipinghu_discard_table(hand, win)
    # the other hands must not hold the same tiles too often: rebuild them from what is left
    s = rules.get("guangdong_jipinghu").settle(fill_others(table, "guangdong_jipinghu", 1))
    check_ledger(s)
    assert s.wins[0].total == fan
    assert paid_for(s, 0) == {0: exp["fan_to_points"][str(fan)]} == {0: R.jipinghu_points(fan)}
    assert rules.get("guangdong_jipinghu").options.cap == exp["cap_fan_within"]


def fill_others(table, rule, winner, seed=0):
    """The table with every other player's 13 tiles dealt again from the tiles left."""
    rng = random.Random(seed)
    t = copy.deepcopy(table)
    from mjpy import Meld
    from mjpy.notation import parse_hand

    pool = [4 if k in R.tile_set(rule) else 0 for k in range(34)]
    counts, ms = parse_hand(t["players"][winner]["hand"])
    ms = list(ms) + [Meld(m["kind"], m["tiles"]) for m in t["players"][winner].get("melds", [])]
    for k in range(34):
        pool[k] -= int(counts[k])
    for m in ms:
        for x in m.tiles:
            pool[x] -= 1
    bag = [k for k in range(34) for _ in range(pool[k])]
    rng.shuffle(bag)
    for i, p in enumerate(t["players"]):
        if i != winner:
            p["hand"] = [R.name(x) for x in bag[:13]]
            p["melds"] = []
            bag = bag[13:]
    return t


# ------------------------------------------------------------------------------------------------
# Random situations against the reference

def meld_json(kind, t, frm=None):
    n = 3 if kind in ("chi", "pon") else 4
    tiles = [t, t + 1, t + 2] if kind == "chi" else [t] * n
    d = {"kind": kind, "tiles": "".join(R.name(x)[0] for x in tiles) + R.name(t)[1]}
    if frm is not None:
        d["from"] = frm
    return d


class Situation:
    """A random table around one case of tests/regional_gen.py, and its reference score."""

    def __init__(self, rule, case, rng):
        self.rule, self.case, self.rng = rule, case, rng
        o = case.options
        self.dealer = rng.randrange(4)
        self.winner = rng.randrange(4)
        discard_ok = {"guangdong_tuidao": not o.get("self_draw_only", True), "guangdong_jipinghu": True,
                      "qingyuan": False, "tianjin": not o.get("self_draw_only", True)}[rule]
        self.self_drawn = not discard_ok or rng.random() < 0.5
        robbable = rule in ("guangdong_tuidao", "guangdong_jipinghu")
        self.robbing = robbable and rng.random() < (0.25 if self.self_drawn else 0.4)
        if self.robbing:
            self.self_drawn = False
        self.source = None if self.self_drawn else rng.choice([q for q in range(4) if q != self.winner])
        kongs = [i for i, (k, _) in enumerate(case.melds) if k in ("minkan", "kakan", "ankan")]
        self.after_kong = self.self_drawn and bool(kongs) and rng.random() < 0.4
        self.last_tile = self.self_drawn and rng.random() < 0.1
        self.round_wind = rng.randrange(4)
        self.kong_order = kongs[:]
        if self.after_kong:                      # the kong right before the win
            last = rng.choice(kongs)
            self.kong_order = [k for k in kongs if k != last] + [last]
        self.minkan_from = {i: rng.choice([q for q in range(4) if q != self.winner]) for i in kongs}

    def ref(self):
        c = self.case
        return R.score(self.rule, c.counts, c.melds, c.win, joker_kinds=tuple(c.joker_kinds),
                       self_drawn=self.self_drawn, after_kong=self.after_kong, robbing_kong=self.robbing,
                       last_tile=self.last_tile, seat_wind=(self.winner - self.dealer) % 4,
                       round_wind=self.round_wind, dealer=self.winner == self.dealer, **c.options)

    def table(self, options=None, extra=None, horses=0, meld_from=None):
        """The JSON table, or None when the tiles left cannot make it (a pon for the robbed player)."""
        c, rng = self.case, self.rng
        rule = self.rule
        kinds = R.tile_set(rule, c.options.get("with_honors", True))
        pool = [4 if k in kinds else 0 for k in range(34)]
        held = G.held_counts(c.counts, c.melds)
        for k in range(34):
            pool[k] -= held[k]
        hands = {}
        melds = {q: [] for q in range(4)}
        if self.robbing:
            if pool[c.win] < 3:
                return None
            pool[c.win] -= 3
            melds[self.source].append(meld_json("pon", c.win))
        bag = [k for k in range(34) for _ in range(pool[k])]
        rng.shuffle(bag)
        for q in range(4):
            if q == self.winner:
                continue
            n = 13 - 3 * len(melds[q])
            hands[q], bag = bag[:n], bag[n:]
        horse_tiles, bag = bag[:horses], bag[horses:]
        wm = []
        for i, (k, t) in enumerate(c.melds):
            frm = self.minkan_from[i] if k == "minkan" else (meld_from or {}).get(i)
            wm.append(meld_json(k, t, frm))
        melds[self.winner] = wm
        ps = []
        for q in range(4):
            if q == self.winner:
                hand = R.to_str(c.counts)
            else:
                hand = [R.name(x) for x in hands[q]]
            ps.append({"hand": hand, "melds": melds[q]})
        events = []
        if rule != "tianjin":
            for i in self.kong_order:
                k, t = c.melds[i]
                ev = {"type": "kong", "player": self.winner, "kind": k, "tile": R.name(t)}
                if k == "minkan":
                    ev["from"] = self.minkan_from[i]
                events.append(ev)
        win = {"type": "win", "player": self.winner, "tile": R.name(c.win), "from": self.source}
        if self.after_kong:
            win["after_kong"] = True
        if self.robbing:
            win["robbing_kong"] = True
        if self.last_tile:
            win["last_tile"] = True
        events.append(win)
        table = {"rules": rule, "dealer": self.dealer, "players": ps, "events": events,
                 "options": dict(c.options, **(options or {}))}
        if rule == "guangdong_jipinghu":
            table["round_wind"] = "ESWN"[self.round_wind]
        if c.joker_kinds and c.indicator is not None:
            table["indicator"] = R.name(c.indicator)
        if c.joker_kinds and c.indicator is None and rule == "tianjin":     # pragma: no cover
            return None
        table.update(extra or {})
        self.horse_tiles = horse_tiles
        return table


def situations(rule, n, seed):
    rng = random.Random(f"settle-{rule}-{seed}")
    out = []
    for case in G.cases(rule, 6 * n, seed=seed):
        if len(out) >= n:
            break
        if rule == "guangdong_tuidao" and case.options.get("gui") == "fan" and case.indicator is None:
            continue
        sit = Situation(rule, case, rng)
        ref = sit.ref()
        if not ref.is_win:
            continue
        out.append((sit, ref))
    assert len(out) == n, (rule, len(out))
    return out


def win_index(table):
    return len(table["events"]) - 1


@pytest.mark.parametrize("seed", [0, 1])
def test_tuidao_random_against_reference(seed):
    rs = rules.get("guangdong_tuidao")
    n_liable = n_horse = n_refused = n_discarder = 0
    for sit, ref in situations("guangdong_tuidao", N_RANDOM, seed):
        rng = sit.rng
        c = sit.case
        o = dict(c.options)
        opts = {"horse_mode": rng.choice(["additive", "fan"])}
        if rng.random() < 0.3:
            opts["cap"] = rng.choice([None, 20, 50, 100, 300])
        if rng.random() < 0.3:
            opts["gold_cap"] = rng.choice([60, 400, 1000])
        house = None
        n_h = rng.choice([0, 0, 2, 4, 6])
        if n_h or rng.random() < 0.3:
            house = {"previous_winner": rng.randrange(4)}
            if rng.random() < 0.5:
                house["kong_money"] = {"ankan": 20, "kakan": 10, "minkan": 15, "baogang": rng.random() < 0.5,
                                       "gangbao": rng.choice([0, 5])}
        fans = {n for n, _ in ref.fans}
        liable = None
        meld_from = None
        opens = [i for i, (k, _) in enumerate(c.melds) if k in R.EXPOSED_MELDS]
        if sit.robbing:
            liable = sit.source
        elif "清一色" in fans and len(opens) >= 3 and rng.random() < 0.7:
            liable = rng.choice([q for q in range(4) if q != sit.winner])
            meld_from = {opens[2]: liable}
        table = sit.table(options=dict(opts), extra={"house": house} if house else None, horses=n_h,
                          meld_from=meld_from)
        if table is None:
            continue
        if house is not None and n_h:
            house["horses"] = [R.name(x) for x in sit.horse_tiles]
        case_q = None
        if liable is not None and not sit.robbing:
            table["events"][-1]["liable"] = {"player": liable, "case": "qingyise"}
        elif "全求人" in fans and sit.source is not None and not sit.robbing:
            case_q = sit.source
            table["events"][-1]["liable"] = {"player": case_q, "case": "quanqiuren"}
        if case_q is not None:
            d = table["players"][case_q]
            counts13 = [0] * 34
            for x in d["hand"]:
                counts13[R.tile(x)] += 1
            ref_waits = R.waits("guangdong_tuidao", counts13, joker_kinds=tuple(c.joker_kinds),
                                count_exhausted=False, **o)
            if ref_waits:
                with pytest.raises(ValueError, match=r"^table\.events\[\d+\]\.liable: case quanqiuren needs player"):
                    rs.settle(table)
                n_refused += 1
                continue
            liable = case_q
        s = rs.settle(table)
        check_ledger(s)
        # the reference: three payers in seat order, 承包 by index
        losers = [q for q in range(4) if q != sit.winner]
        discarder = None if sit.robbing else sit.source
        payers = [(q == discarder, q == sit.dealer) for q in losers]
        ro = dict(o, **{k: v for k, v in opts.items() if k != "horse_mode"})
        if "cap" in ro and ro["cap"] is None:
            ro["cap"] = 10 ** 9                   # no cap: the reference takes a number
        shares = R.tuidao_settle(ref, winner_is_dealer=sit.winner == sit.dealer, payers=payers, options=ro)
        if house is not None and house.get("horses"):
            letter = "ABCD"[(sit.winner - house["previous_winner"]) % 4]
            hits = R.horse_hits(letter, [R.tile(h) for h in house["horses"]])
            shares = [R.horse_payment(hits, base=Fraction(a), horse_mode=opts["horse_mode"]) for a in shares]
            n_horse += hits > 0
        if house is not None and house.get("kong_money") and sit.after_kong:
            shares = [a + house["kong_money"]["gangbao"] for a in shares]
        want = dict(zip(losers, map(Fraction, shares)))
        if liable is not None:
            want = {liable: sum(want.values())}
            n_liable += 1
        want = {q: a for q, a in want.items() if a}
        assert paid_for(s, win_index(table)) == want, (c.describe(), table)
        n_discarder += discarder is not None
        assert s.wins[0].total == ref.total
    assert n_liable and n_horse and n_discarder


@pytest.mark.parametrize("seed", [0, 1])
def test_jipinghu_random_against_reference(seed):
    n_bao = 0
    for sit, ref in situations("guangdong_jipinghu", N_RANDOM, seed):
        payment = sit.rng.choice(["discarder_pays", "discarder_pays_all", "all_pay"])
        table = sit.table(options={"payment": payment})
        if table is None:
            continue
        s = rules.get("guangdong_jipinghu").settle(table)
        check_ledger(s)
        pts = Fraction(R.jipinghu_points(ref.total))
        losers = [q for q in range(4) if q != sit.winner]
        if sit.self_drawn:
            want = {q: pts for q in losers}
            kb = sit.case.melds[sit.kong_order[-1]] if sit.after_kong else None
            if kb is not None and kb[0] == "minkan":
                want = {sit.minkan_from[sit.kong_order[-1]]: 3 * pts}
                n_bao += 1
        elif payment == "discarder_pays":
            want = {sit.source: pts}
        elif payment == "discarder_pays_all":
            want = {sit.source: 3 * pts}
        else:
            want = {q: pts for q in losers}
        assert paid_for(s, win_index(table)) == want, sit.case.describe()
    assert n_bao


@pytest.mark.parametrize("seed", [0, 1])
def test_qingyuan_random_against_reference(seed):
    for sit, ref in situations("qingyuan", N_RANDOM, seed):
        payment = sit.rng.choice(["all_pay", "shared"])
        kakan = sit.rng.choice([1, 2])
        table = sit.table(options={"payment": payment, "kakan_points": kakan})
        s = rules.get("qingyuan").settle(table)
        check_ledger(s)
        losers = [q for q in range(4) if q != sit.winner]
        each = Fraction(ref.total) if payment == "all_pay" else Fraction(ref.total, 3)
        assert paid_for(s, win_index(table)) == {q: each for q in losers}
        for k, i in enumerate(sit.kong_order):
            kind, _ = sit.case.melds[i]
            want = {"minkan": {sit.minkan_from[i]: 3}, "ankan": {q: 2 for q in losers},
                    "kakan": {q: kakan for q in losers}}[kind]
            assert paid_for(s, k) == want


@pytest.mark.parametrize("seed", [0, 1])
def test_tianjin_random_against_reference(seed):
    for sit, ref in situations("tianjin", N_RANDOM, seed):
        rng = sit.rng
        zz = rng.random() < 0.5
        la = {q: (0 if q == sit.dealer else rng.randrange(3)) for q in range(4)}
        reading = rng.choice(["a", "b"])
        base, mode = rng.choice([1, 2, 5]), rng.choice(["pow2", "linear"])
        table = sit.table(options={"base_points": base, "fan_points": mode, "chan_reading": reading},
                          extra={"zuozhuang": zz})
        for q in range(4):
            if q != sit.dealer:
                table["players"][q]["lazhuang"] = la[q]
        chan = rng.random() < 0.5
        if chan:
            table["events"].insert(0, {"type": "chan"})
        s = rules.get("tianjin").settle(table)
        check_ledger(s)
        pts = Fraction(base) * (2 ** ref.total if mode == "pow2" else 1 + ref.total)
        want = {}
        for q in range(4):
            if q == sit.winner:
                continue
            f = 1
            if sit.dealer in (q, sit.winner):
                other = q if sit.winner == sit.dealer else sit.winner
                f = R.tianjin_edge_factor(zz, la[other])
            want[q] = pts * f
        assert paid_for(s, win_index(table)) == want
        if chan:
            want = R.tianjin_chan(zz, {q: la[q] for q in range(4) if q != sit.dealer}, reading)
            assert {p.payee: p.amount for p in s.ledger if p.event == 0} == want
            assert all(p.payer == sit.dealer for p in s.ledger if p.event == 0)


# ------------------------------------------------------------------------------------------------
# Rules the vectors and the reference do not cover

def test_tuidao_cap_gold_cap_and_chengbao_qingyise():
    # four 暗杠 (×16) in a 清一色 + 碰碰胡 self-draw: 20 ×1.5 ×硬胡2 ×16 = 960 from each
    table = {"rules": "guangdong_tuidao", "dealer": 0,
             "players": players("1199m1155p3399s4z", "55p", "222345678s5z6z", "5566m6677p88s334z",
                                melds={1: [{"kind": "ankan", "tiles": "1111p"}, {"kind": "ankan", "tiles": "2222p"},
                                           {"kind": "ankan", "tiles": "3333p"}, {"kind": "ankan", "tiles": "4444p"}]}),
             "events": [{"type": "win", "player": 1, "tile": "5p", "from": None}]}
    table = fill_others(table, "guangdong_tuidao", 1)
    s = rules.get("guangdong_tuidao").settle(table)
    assert paid_for(s, 0) == {0: 400, 2: 400, 3: 400}                 # 金顶
    assert rules.get("guangdong_tuidao", koukoufan=True).settle(table).totals[1] == 1500
    assert rules.get("guangdong_tuidao", cap=None).settle(table).totals[1] == 3 * 960
    assert rules.get("guangdong_tuidao", cap=1000).settle(table).totals[1] == 3 * 960
    # 承包 清一色: the third opening came from P2
    t2 = {"rules": "guangdong_tuidao", "dealer": 0,
          "players": players("1199m1155p3399s4z", "55p9p", "222345678s5z6z", "5566m6677p88s334z",
                             melds={1: [{"kind": "pon", "tiles": "111p", "from": 0},
                                        {"kind": "pon", "tiles": "222p", "from": 3},
                                        {"kind": "pon", "tiles": "333p", "from": 2}]}),
          "events": [{"type": "win", "player": 1, "tile": "5p", "from": None,
                      "liable": {"player": 2, "case": "qingyise"}}]}
    t2["players"][1]["hand"] = "55999p"
    t2 = fill_others(t2, "guangdong_tuidao", 1)
    s = rules.get("guangdong_tuidao").settle(t2)
    check_ledger(s)
    assert set(paid_for(s, 0)) == {2}
    assert s.wins[0].detail["liable"] == {"player": 2, "case": "qingyise"}
    bad = copy.deepcopy(t2)
    bad["events"][0]["liable"]["player"] = 3
    with pytest.raises(ValueError, match=r"^table\.events\[0\]\.liable: case qingyise: the third opening "
                                         r"table\.players\[1\]\.melds\[2\] came from player 2, not 3$"):
        rules.get("guangdong_tuidao").settle(bad)


def quanqiuren_table(discarder_hand):
    """P1 wins 全求人 (four pons claimed, a single wait on 9p) on P0's discard."""
    t = {"rules": "guangdong_tuidao", "dealer": 0, "options": {"self_draw_only": False, "quanqiuren": 10},
         "players": players(discarder_hand, "99p", "", "",
                            melds={1: [{"kind": "pon", "tiles": "111m", "from": 0},
                                       {"kind": "pon", "tiles": "222p", "from": 2},
                                       {"kind": "pon", "tiles": "333s", "from": 3},
                                       {"kind": "pon", "tiles": "777z", "from": 0}]}),
         "events": [{"type": "win", "player": 1, "tile": "9p", "from": 0,
                     "liable": {"player": 0, "case": "quanqiuren"}}]}
    rest = [k for k in range(34) for _ in range(4)]
    for x in [0, 0, 0, 10, 10, 10, 20, 20, 20, 33, 33, 33, 17, 17]:
        rest.remove(x)
    from mjpy.notation import parse_hand

    c0 = parse_hand(discarder_hand)[0]
    for k in range(34):
        for _ in range(int(c0[k])):
            rest.remove(k)
    random.Random(7).shuffle(rest)
    t["players"][2]["hand"] = [R.name(x) for x in rest[:13]]
    t["players"][3]["hand"] = [R.name(x) for x in rest[13:26]]
    return t


def test_tuidao_chengbao_quanqiuren():
    rs = rules.get("guangdong_tuidao")
    # the discarder is not 听: he pays the three losers' shares (碰碰胡 10 + 全求人 10, ×开口2 ×硬胡2 = 80;
    # his own ×1.5 as the discarder = 120)
    t = quanqiuren_table("1357m2468p1357s5z")
    s = rs.settle(t)
    check_ledger(s)
    assert paid_for(s, 0) == {0: 280}
    assert s.wins[0].detail["liable"] == {"player": 0, "case": "quanqiuren"}
    ref = R.score("guangdong_tuidao", R.parse("99p"), [("pon", 0), ("pon", 10), ("pon", 20), ("pon", 33)], R.tile("9p"),
                  self_drawn=False, self_draw_only=False, quanqiuren=10)
    assert R.tuidao_settle(ref, winner_is_dealer=False, payers=[(True, True), (False, False), (False, False)],
                           chengbao=0, options={"quanqiuren": 10, "self_draw_only": False}) == [280, 0, 0]
    # the discarder is 听 (waits on 5z and 6z): no 承包
    with pytest.raises(ValueError, match=r"^table\.events\[0\]\.liable: case quanqiuren needs player 0 not 听, "
                                         r"but .* waits on 5z, 6z$"):
        rs.settle(quanqiuren_table("123456789s5566z"))
    # without the liability every loser pays his own share
    t2 = _set(t, ["events", 0, "liable"], _DEL)
    assert paid_for(rs.settle(t2), 0) == {0: 120, 2: 80, 3: 80}


def test_jipinghu_baozimo_big_four_winds():
    # the winner has ponged 东 南 西; P2 discards the last wind 北, which he pongs too; then he self-draws
    t = {"rules": "guangdong_jipinghu", "dealer": 0,
         "players": players("", "55m", "", "",
                            melds={1: [{"kind": "pon", "tiles": "111z", "from": 0},
                                       {"kind": "pon", "tiles": "222z", "from": 3},
                                       {"kind": "pon", "tiles": "333z"},
                                       {"kind": "pon", "tiles": "444z", "from": 2}]}),
         "events": [{"type": "win", "player": 1, "tile": "5m", "from": None,
                     "liable": {"player": 2, "case": "big_four_winds"}}]}
    t = fill_others(t, "guangdong_jipinghu", 1, seed=3)
    s = rules.get("guangdong_jipinghu").settle(t)
    check_ledger(s)
    assert s.wins[0].total == 6 and paid_for(s, 0) == {2: 3 * 64}
    with pytest.raises(ValueError, match=r"^table\.events\[0\]\.liable: case big_four_winds: the meld that "
                                         r"completed it, table\.players\[1\]\.melds\[3\], came from player 2, not 0$"):
        rules.get("guangdong_jipinghu").settle(_set(t, ["events", 0, "liable", "player"], 0))
    disc = _set(_set(t, ["events", 0, "from"], 3), ["options"], {"payment": "all_pay"})
    with pytest.raises(ValueError, match=r"^table\.events\[0\]\.liable: 包自摸 is for a self-drawn win"):
        rules.get("guangdong_jipinghu").settle(disc)


def test_jipinghu_baozimo_and_several_winners():
    # 十二張落地: four exposed melds, the fourth fed by P3, then a self-draw: P3 pays for all three
    t = {"rules": "guangdong_jipinghu", "dealer": 0,
         "players": players("1199m1155p3399s4z", "5z", "222345678s6z99p4z", "5566m6677p88s34z",
                            melds={1: [{"kind": "chi", "tiles": "123m", "from": 0},
                                       {"kind": "pon", "tiles": "777s", "from": 2},
                                       {"kind": "chi", "tiles": "456p", "from": 0},
                                       {"kind": "pon", "tiles": "222z", "from": 3}]}),
         "events": [{"type": "win", "player": 1, "tile": "5z", "from": None,
                     "liable": {"player": 3, "case": "twelve_exposed"}}]}
    t["players"][1]["hand"] = "55z"
    t = fill_others(t, "guangdong_jipinghu", 1)
    s = rules.get("guangdong_jipinghu").settle(t)
    check_ledger(s)
    pts = s.wins[0].detail["points"]
    assert paid_for(s, 0) == {3: 3 * pts}
    assert [p.reason for p in s.ledger] == ["baozimo", "baozimo", "zimo"]
    bad = copy.deepcopy(t)
    bad["events"][0]["liable"] = {"player": 2, "case": "big_three_dragons"}
    with pytest.raises(ValueError, match=r"^table\.events\[0\]\.liable: case big_three_dragons needs the three "
                                         r"dragons exposed"):
        rules.get("guangdong_jipinghu").settle(bad)
    # 一炮三響: three winners on P0's 5z, each at least 3番; with all_pay only the discarder pays
    three = {"rules": "guangdong_jipinghu", "dealer": 0, "options": {"payment": "all_pay"},
             "players": players("1199m1155p3399s4z", "123456m789p234s55z", "123789m456s789p55z",
                                "234567p234s678m55z"),
             "events": [{"type": "win", "player": q, "tile": "5z", "from": 0} for q in (1, 2, 3)]}
    s = rules.get("guangdong_jipinghu").settle(three)
    check_ledger(s)
    assert [w.total for w in s.wins] == [3, 3, 3]
    assert {p.payer for p in s.ledger} == {0} and s.totals[0] == -24
    two = copy.deepcopy(three)
    two["events"].pop()
    two["players"][3]["hand"] = "234567p234s678m4z"
    s = rules.get("guangdong_jipinghu").settle(two)
    assert paid_for(s, 0) == {0: 2, 3: 2}                 # 平和 1番 = 2 from the two who did not win
    # the table's "options" override the bound ones: without them the bound option counts
    assert rules.get("guangdong_jipinghu", payment="discarder_pays_all").settle(two).totals[0] == -4
    assert rules.get("guangdong_jipinghu", payment="discarder_pays_all").settle(
        _set(two, ["options"], _DEL)).totals[0] == -12
    # the second winner's discard: one winner per hand in 推倒胡
    tt = copy.deepcopy(two)
    tt["rules"] = "guangdong_tuidao"
    tt.pop("options")
    with pytest.raises(ValueError, match=r"^table\.events\[1\]: one winner per hand in guangdong_tuidao"):
        rules.get("guangdong_tuidao", self_draw_only=False).settle(tt)


# ------------------------------------------------------------------------------------------------
# Refusals: one line naming the place

def tianjin_example():
    return example("tianjin")


def _set(t, path, value):
    t = copy.deepcopy(t)
    obj = t
    for k in path[:-1]:
        obj = obj[k]
    if value is _DEL:
        del obj[path[-1]]
    else:
        obj[path[-1]] = value
    return t


_DEL = object()

REFUSALS = [
    # missing required options
    ("guangdong_jipinghu", lambda: jipinghu_discard_table("123456m789p234s55z", "5z", payment=None),
     r"^table\.events\[0\]: who pays a win on a discard in 雞平和 is not given by the sources \(docs/rules\.md#missing\)"),
    ("qingyuan", lambda: _set(example("qingyuan"), ["options"], {}),
     r"^table\.events\[2\]: how a 清远 win is split between the losers is not given"),
    ("qingyuan", lambda: _set(_set(example("qingyuan"), ["players", 1, "melds"], [{"kind": "kakan", "tiles": "9999p"}]),
                              ["events", 0, "kind"], "kakan"),
     r"^table\.events\[0\]: the money of a 补杠 \(kakan\) in 清远 is not given .*kakan_points"),
    ("tianjin", lambda: _set(tianjin_example(), ["options"], {"base_points": 1}),
     r"^table\.events\[1\]: the points of a Tianjin win are not given by the sources"),
    ("tianjin", lambda: _set(tianjin_example(), ["events", 0], {"type": "kong", "player": 1, "kind": "ankan",
                                                                "tile": "8p"}),
     r"^table\.events\[0\]: kong money \(杠分\) is not given by the Tianjin sources"),
    ("guangdong_tuidao", lambda: _set(_set(example("guangdong_tuidao"), ["events", 0],
                                           {"type": "kong", "player": 2, "kind": "minkan", "tile": "9p", "from": 0}),
                                      ["players", 2, "melds", 0, "kind"], "minkan"),
     r"^table\.events\[0\]: the money of a 直杠 \(minkan\) and who pays it \(包杠\) is not given"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["house", "previous_winner"], _DEL),
     r"^table\.house: missing 'previous_winner'"),
    # inconsistent tables
    ("qingyuan", lambda: _set(example("qingyuan"), ["players", 3, "hand"], "1m67p888s3344z66z7z"),
     r"^table\.players\[3\]\.hand: 1m is not used in qingyuan \(100 tiles"),
    ("tianjin", lambda: _set(tianjin_example(), ["players", 3, "hand"], "19m3p1199s66677z"),
     r"^table\.players\[3\]: 12 concealed tiles \+ 0 melds make 12 tiles"),
    ("tianjin", lambda: _set(tianjin_example(), ["players", 3, "lazhuang"], 3),
     r"^table\.players\[3\]\.lazhuang must be 0, 1 or 2"),
    ("tianjin", lambda: _set(tianjin_example(), ["players", 0, "lazhuang"], 1),
     r"^table\.players\[0\]\.lazhuang: the dealer does not 拉庄"),
    ("tianjin", lambda: _set(tianjin_example(), ["dealer"], _DEL),
     r"^table: missing 'dealer'"),
    ("tianjin", lambda: _set(tianjin_example(), ["events", 1, "tile"], "7p"),
     r"^table\.events\[1\]: player 2 wins on 7p but his concealed tiles"),
    ("tianjin", lambda: _set(tianjin_example(), ["events"], [{"type": "chan"}]),
     r"^table\.players\[2\]: 17 concealed tiles|^table: the hand has not ended"),
    ("tianjin", lambda: _set(tianjin_example(), ["events"], [{"type": "win", "player": 2, "tile": "5m"},
                                                            {"type": "chan"}]),
     r"^table\.events\[1\]: 铲 happens in the first go-around"),
    ("tianjin", lambda: _set(tianjin_example(), ["colour"], "red"),
     r"^table: unknown key 'colour'"),
    ("tianjin", lambda: _set(tianjin_example(), ["rules"], "qingyuan"),
     r"^table\.rules is 'qingyuan' but the table is settled with tianjin$"),
    ("tianjin", lambda: _set(tianjin_example(), ["options", "nope"], 1),
     r"^table\.options: tianjin: unknown option 'nope'"),
    ("tianjin", lambda: _set(tianjin_example(), ["events", 1, "from"], 7),
     r"^table\.events\[1\]\.from must be a player index 0-3, got 7$"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["wall_exhausted"], True),
     r"^table: wall_exhausted is set but player 1 won"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["events", 0], {"type": "kong", "player": 2,
                                                                                   "kind": "ankan", "tile": "8p"}),
     r"^table\.events\[0\]: player 2 has no kong of 8p among his melds"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["events"], example("guangdong_tuidao")["events"][1:]),
     r"^table\.players\[2\]\.melds\[0\]: the ankan \(暗杠\) of 9p has no kong event"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["house", "horses", 0], "9p"),
     r"^table: 9p appears 5 times across the table"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["events", 1, "after_kong"], True),
     r"^table\.events\[1\]: after_kong \(杠上花\) but player 1 holds no kong"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["events", 1, "liable"],
                                      {"player": 2, "case": "qingyise"}),
     r"^table\.events\[1\]\.liable: case qingyise needs a 清一色 win"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["events", 1, "from"], 3),
     r"^table\.events\[1\]: player 1's hand .* is not a win on 1s: guangdong_tuidao: self-drawn wins only"),
    ("guangdong_tuidao", lambda: _set(example("guangdong_tuidao"), ["players", 1, "melds", 0, "kind"], "kan"),
     r"^table\.players\[1\]\.melds\[0\]: kong 7777z|^table\.players\[1\]\.melds\[0\]: "),
    ("guangdong_jipinghu", lambda: _set(example("guangdong_jipinghu"), ["round_wind"], "X"),
     r"^table\.round_wind must be E, S, W or N"),
    ("guangdong_jipinghu", lambda: _set(example("guangdong_jipinghu"), ["events", 0], {"type": "chan"}),
     r"^table\.events\[0\]\.type must be 'kong', 'win', got 'chan'"),
    ("qingyuan", lambda: _set(example("qingyuan"), ["players", 1, "melds", 0], {"kind": "chi", "tiles": "678p"}),
     r"^table\.players\[1\]\.melds\[0\]: chi \[678p\] is not allowed in qingyuan"),
]


@pytest.mark.parametrize("rule,make,pattern", REFUSALS, ids=[f"{r}-{i}" for i, (r, _, _) in enumerate(REFUSALS)])
def test_refusals_are_one_line_naming_the_place(rule, make, pattern):
    with pytest.raises(ValueError) as e:
        rules.get(rule).settle(make())
    msg = str(e.value)
    assert "\n" not in msg
    import re

    assert re.search(pattern, msg), msg


def test_amounts_are_exact_fractions_and_json_floats(capsys, monkeypatch):
    # base_points 1/2, linear: the win is 1/2 × (1 + 4) = 5/2 from each, ×4 from the dealer
    t = _set(tianjin_example(), ["options"], {"base_points": 0.5, "fan_points": "linear"})
    s = rules.get("tianjin").settle(t)
    check_ledger(s)
    assert s.totals == (-24, Fraction(-1, 2), 19, Fraction(11, 2))
    assert paid_for(s, 1) == {0: 10, 1: Fraction(5, 2), 3: Fraction(5, 2)}
    d = s.to_dict()
    assert d["totals"] == [-24, -0.5, 19, 5.5] and isinstance(d["totals"][0], int)
    text = str(s)
    assert "P1 South  -0.5" in text and "P3 North  +5.5" in text and " 2.5  自摸" in text
    from mjpy.rules.engine.settle import show

    assert (show(Fraction(10, 3)), show(Fraction(-7, 4)), show(6)) == ("10/3", "-1.75", "6")


def test_missing_options_are_options_not_defaults():
    # the values the sources leave open have no default
    assert rules.get("guangdong_jipinghu").options.payment is None
    assert rules.get("qingyuan").options.payment is None and rules.get("qingyuan").options.kakan_points is None
    o = rules.get("tianjin").options
    assert o.base_points is None and o.fan_points is None and o.chan_reading == "b"
    assert rules.get("guangdong_tuidao").options.horse_mode == "additive"
    with pytest.raises(ValueError, match="payment must be one of"):
        rules.get("guangdong_jipinghu", payment="winner_pays")
    with pytest.raises(ValueError, match="chan_reading must be one of"):
        rules.get("tianjin", chan_reading="c")


# ------------------------------------------------------------------------------------------------
# The command line

@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_cli_examples(name, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = f"examples/settle/{name}.json"
    d = run_cli_json(capsys, "settle", path, "--rules", name)
    assert tuple(d["totals"]) == EXAMPLES[name] and d["rules"] == name
    code, out, err = run_cli(capsys, "settle", path, "--rules", name)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"rules     {name}")
    assert [int(line.split()[-1]) for line in lines[1:5]] == list(EXAMPLES[name])
    assert f"mjpy settle {path} --rules {name}" in example(name)["comment"]


def test_cli_options_and_refusals(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    d = run_cli_json(capsys, "settle", "examples/settle/tianjin.json", "--rules", "tianjin",
                     "--option", "fan_points=linear")
    assert d["totals"] == [-14 - 20, 2 - 5, 4 + 30, 8 - 5]         # 1 × (1 + 4) = 5 from each, ×4 from the dealer
    d = run_cli_json(capsys, "settle", "examples/settle/qingyuan.json", "--rules", "qingyuan",
                     "--option", "payment=all_pay")
    assert d["totals"] == [16, 0, -5, -11]
    bad = tmp_path / "bad.json"
    table = example("qingyuan")
    table["players"][0]["hand"] = "111222333p4455s"
    bad.write_text(json.dumps(table), encoding="utf-8")
    for argv, needle in (
            ([str(bad), "--rules", "qingyuan"], "table.players[0]: 13 concealed tiles"),
            (["examples/settle/qingyuan.json", "--rules", "qingyuan", "--option", "payment=null"],
             "table.events[2]: how a 清远 win is split"),
            (["examples/settle/tianjin.json", "--rules", "guobiao"], "guobiao has no table settlement"),
            (["examples/settle/tianjin.json", "--rules", "riichi"], "shapes only"),
            (["examples/settle/tianjin.json", "--rules", "tianjin", "--preset", "qq"], "--preset is for sichuan"),
            (["examples/sichuan_table.json", "--rules", "sichuan", "--option", "x=1"], "--option is not for sichuan"),
            (["examples/settle/tianjin.json", "--rules", "nope"], "unknown rule set"),
            ([str(tmp_path / "missing.json"), "--rules", "tianjin"], "cannot read")):
        code, out, err = run_cli(capsys, "settle", *argv)
        assert code == 2 and out == "", argv
        assert err.count("\n") == 1 and err.startswith("mjpy: error: ") and needle in err, (argv, err)
    # Sichuan keeps its behaviour (presets), and the points profile picks its preset
    d = run_cli_json(capsys, "settle", "examples/sichuan_table.json", "--rules", "sichuan")
    assert tuple(d["totals"]) == (12, 48, 144, -204)
    d = run_cli_json(capsys, "settle", "examples/sichuan_table.json", "--rules", "sichuan_points")
    assert tuple(d["totals"]) == (12, 78, 114, -204)


def test_cli_reads_stdin(capsys, monkeypatch):
    import io

    monkeypatch.chdir(ROOT)
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(example("tianjin"))))
    d = run_cli_json(capsys, "settle", "-", "--rules", "tianjin")
    assert tuple(d["totals"]) == EXAMPLES["tianjin"]


def test_docstring_examples():
    import doctest

    from mjpy.rules import guangdong_settle, tianjin_settle
    from mjpy.rules.engine import settle as engine_settle

    for mod in (guangdong_settle, tianjin_settle, engine_settle):
        assert doctest.testmod(mod).failed == 0
