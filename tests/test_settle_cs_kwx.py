"""Table settlement of Changsha 长沙 (扎鸟, 通炮) and 卡五星 (3 players: 自摸两家出, 点炮, 包胡 after 亮倒, 喜钱,
杠上杠, 荒庄 with 亮倒): docs/settle.md#changsha, #kawuxing.

* the two examples of examples/settle/ with the totals of their comments, also through the CLI;
* each payment rule on a small table worked out by hand; every table sums to zero and equals its ledger;
* seeded random Changsha tables (a random winner, discarder and birds) against a plain computation of the
  payments from the rule text (reference_changsha.zhaniao for the birds);
* refusals: a missing value or base, a kong event in Changsha, a bad bird, 杠上杠 without a kong before.
"""
from __future__ import annotations

import json
import os
import random
from fractions import Fraction

import pytest

from conftest import run_cli_json
from mjpy import rules
from mjpy.tiles import tile_index

import reference_changsha as RC
from test_settle_regional import check_ledger

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = {"changsha": (0, 12, 2, -14), "kawuxing": (-6, 12, -6)}


def example(name):
    with open(os.path.join(ROOT, "examples", "settle", f"{name}.json"), encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples(name, capsys):
    s = rules.get(name).settle(example(name))
    check_ledger(s)
    assert s.totals == EXAMPLES[name]
    out = run_cli_json(capsys, "settle", os.path.join(ROOT, "examples", "settle", f"{name}.json"), "--rules", name)
    assert tuple(out["totals"]) == EXAMPLES[name]


# ------------------------------------------------------------------------------------------------ Changsha
CS_HANDS = ["66889m23568p44s9m", "111333555m77799p", "234567m78p34522s", "111666888999s4p"]


def cs_table(**kw):
    t = {"rules": "changsha", "options": {"xiaohu": 2, "dahu": 6}, "dealer": 0,
         "players": [{"hand": h} for h in CS_HANDS],
         "events": [{"type": "win", "player": 1, "tile": "9p", "from": 3}]}
    t.update(kw)
    return t


def test_changsha_self_drawn_each_pays_and_birds_double():
    t = cs_table(events=[{"type": "win", "player": 1, "tile": "9p", "from": None}])
    s = rules.get("changsha").settle(t)
    check_ledger(s)
    assert s.totals == (-6, 18, -6, -6)                         # 碰碰和 6 from each of three
    s = rules.get("changsha").settle(dict(t, birds=["3s"]))     # 3: the dealer's 对家, P2: pays double
    assert s.totals == (-6, 24, -12, -6)
    s = rules.get("changsha").settle(dict(t, birds=["6p", "2s"]))   # 6 -> P1, 2 -> P1: every payment ×4
    assert s.totals == (-24, 72, -24, -24)


def test_changsha_tongpao_pays_every_winner():
    s = rules.get("changsha").settle(example("changsha"))
    assert [(p.payer, p.payee, p.amount) for p in s.ledger] == [(3, 1, 12), (3, 2, 2)]
    assert all(p.reason == "dianpao" for p in s.ledger)


def test_changsha_random_tables_against_the_rule_text():
    rng = random.Random("cs-settle")
    rs = rules.get("changsha", xiaohu=2, dahu=6)
    for _ in range(200):
        dealer = rng.randrange(4)
        self_drawn = rng.random() < 0.5
        birds = [rng.choice(["1m", "2m", "4m", "6m", "7m", "8m", "1p", "4p", "5p", "6p", "1s", "3s", "7s", "8s"])
                 for _ in range(rng.choice((0, 1, 2)))]
        if len(set(birds)) < len(birds):
            continue
        t = cs_table(dealer=dealer, birds=birds,
                     events=[{"type": "win", "player": 1, "tile": "9p", "from": None if self_drawn else 3}])
        try:
            s = rs.settle(t)
        except ValueError as e:                                  # a bird tile the hands already hold four of
            assert "appears" in str(e) or "copies" in str(e), e
            continue
        check_ledger(s)
        hits = [0] * 4
        for b in birds:
            hits[RC.zhaniao(tile_index(b), dealer)] += 1
        payers = [0, 2, 3] if self_drawn else [3]
        want = [0] * 4
        for q in payers:
            amount = 6 * 2 ** (hits[q] + hits[1])
            want[q] -= amount
            want[1] += amount
        assert list(s.totals) == want, (dealer, birds, self_drawn)


@pytest.mark.parametrize("table,words", [
    (dict(json.load(open(os.path.join(ROOT, "examples", "settle", "changsha.json"), encoding="utf-8")),
          options={"dahu": 6}), ("xiaohu",)),
    (cs_table(birds=["1z"]), ("birds[0]", "1z")),
    (cs_table(birds="2m"), ("birds",)),
    (cs_table(events=[{"type": "kong", "player": 0, "kind": "ankan", "tile": "6m"}]), ("kong",)),
])
def test_changsha_refusals(table, words):
    with pytest.raises(ValueError) as e:
        rules.get("changsha").settle(table)
    msg = str(e.value)
    assert "\n" not in msg and any(w in msg for w in words), msg


# ------------------------------------------------------------------------------------------------ 卡五星
def kwx_table(events, liang=(False, False, False), melds=None, hands=None, **kw):
    won = any(e["type"] == "win" for e in events)
    hands = hands or ["1123p98765s6677z", "456789p33s555z" if won else "46789p33s555z", "111444s234789p7z"]
    melds = melds if melds is not None else {1: [{"kind": "ankan", "tiles": "2222s"}]}
    t = {"rules": "kawuxing", "base": 1, "dealer": 0,
         "players": [dict({"hand": h, "melds": melds.get(i, [])}, **({"liangdao": True} if liang[i] else {}))
                     for i, h in enumerate(hands)],
         "events": events}
    t.update(kw)
    return t


KONG = {"type": "kong", "player": 1, "kind": "ankan", "tile": "2s"}


def test_kwx_discard_one_share_and_baohu():
    win = {"type": "win", "player": 1, "tile": "5p", "from": 2}
    s = rules.get("kawuxing").settle(kwx_table([KONG, win]))
    check_ledger(s)
    assert s.totals == (-2, 4 + 2, -2 - 2)                       # 喜钱 2 + 2; 卡五星 ×2 from P2 only
    s = rules.get("kawuxing").settle(kwx_table([KONG, win], liang=(False, True, False)))
    assert s.totals == (-2, 4 + 8, -2 - 8)                      # 亮倒 ×2 = 4, 包胡: two shares
    assert s.wins[0].detail.get("baohu") is True


def test_kwx_kong_money():
    zhi = kwx_table([{"type": "kong", "player": 1, "kind": "minkan", "tile": "2s", "from": 0}],
                    melds={1: [{"kind": "minkan", "tiles": "2222s", "from": 0}]}, wall_exhausted=True)
    assert rules.get("kawuxing").settle(zhi).totals == (-2, 2, 0)     # 直杠: the feeder pays double, the other none
    bu = kwx_table([{"type": "kong", "player": 1, "kind": "kakan", "tile": "2s"}],
                   melds={1: [{"kind": "kakan", "tiles": "2222s"}]}, wall_exhausted=True)
    assert rules.get("kawuxing").settle(bu).totals == (-1, 2, -1)     # 明杠: one from each
    # 杠上杠: the second kong doubles, a third doubles again
    hands = ["1123p98765s6677z", "46789p33s", "111444s234789p7z"]
    melds = {1: [{"kind": "ankan", "tiles": "2222s"}, {"kind": "ankan", "tiles": "5555z"}]}
    t = kwx_table([KONG, {"type": "kong", "player": 1, "kind": "ankan", "tile": "5z", "gangshanggang": True}],
                  melds=melds, hands=hands, wall_exhausted=True)
    assert rules.get("kawuxing").settle(t).totals == (-2 - 4, 4 + 8, -2 - 4)
    bad = kwx_table([{"type": "kong", "player": 1, "kind": "ankan", "tile": "2s", "gangshanggang": True}],
                    wall_exhausted=True)
    with pytest.raises(ValueError, match="gangshanggang"):
        rules.get("kawuxing").settle(bad)


@pytest.mark.parametrize("liang,want", [((False, False, False), (-2, 4, -2)),
                                        ((True, False, False), (-2 - 2, 4 + 1, -2 + 1)),
                                        ((True, True, False), (-2 - 1, 4 - 1, -2 + 2)),
                                        ((True, True, True), (-2, 4, -2))])
def test_kwx_huangzhuang_with_liangdao(liang, want):
    s = rules.get("kawuxing").settle(kwx_table([KONG], liang=liang, wall_exhausted=True))
    check_ledger(s)
    assert s.totals == want                                    # 荒庄不荒杠: the kong money stays


def test_kwx_base_and_sum():
    t = kwx_table([KONG, {"type": "win", "player": 1, "tile": "5p", "from": None, "after_kong": True}])
    t.pop("base")
    with pytest.raises(ValueError, match="base"):
        rules.get("kawuxing").settle(t)
    s = rules.get("kawuxing", base=5).settle(t)
    assert s.totals == (-30, 60, -30)
    assert sum(Fraction(x) for x in s.totals) == 0
