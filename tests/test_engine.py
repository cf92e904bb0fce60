"""The rule engine's pieces: readings against the kernel's win check, the table mechanics (groups,
special patterns beyond the cap, floors, factors, options without a value, win conditions), and
the engine rule sets' worked examples (tests/data/regional_vectors.json)."""
from __future__ import annotations

import os
import re
from fractions import Fraction

import numpy as np
import pytest

import mjpy
from mjpy import Meld, rules
from mjpy.rules.engine import F, G, Fan, Group, Opt, Table, Win, evaluate, readings

from conftest import complete_hand, load_vectors, rng_for, run_cli

ENGINE = ("guangdong_tuidao", "guangdong_jipinghu", "qingyuan", "tianjin")


# ------------------------------------------------------------------------------------ readings
@pytest.mark.parametrize("n_jokers", [0, 1, 2, 3])
def test_readings_exist_exactly_when_the_kernel_says_win(n_jokers):
    """Readings (standard + seven pairs) are found iff mjpy.is_win with the same jokers is true."""
    rng = rng_for("engine-readings", n_jokers)
    jokers = (4, 31)                                  # 5m and 中 are jokers
    checked = wins = 0
    while checked < 150:
        c = complete_hand(rng, 4, style="mixed").astype(int)
        if rng.random() < 0.4:                        # perturb: about half stop being wins
            t = int(rng.choice(np.flatnonzero(c)))
            c[t] -= 1
            c[int(rng.integers(34))] += 1
        for _ in range(n_jokers):
            t = int(rng.choice(np.flatnonzero(c)))
            j = jokers[int(rng.integers(2))]
            c[t] -= 1
            c[j] += 1
        if c.max() > 4 or c[4] + c[31] > 4:          # at most 4 jokers: more is slow in the Python engine
            continue
        w = int(rng.choice(np.flatnonzero(c)))
        rd = readings(c.tolist(), n_sets=4, win_tile=w, jokers=jokers, kinds=range(34), seven_pairs=True)
        kernel = mjpy.is_win(c.astype(np.uint8), joker_tiles=list(jokers), forms=("standard", "seven_pairs"))
        assert bool(rd) == bool(kernel), (mjpy.to_string(c.astype(np.uint8)), w)
        for r in rd:
            tiles = sorted(p for _, slots in r.groups for _, p in slots)
            assert tiles == sorted(t for t in range(34) for _ in range(c[t]))     # every physical tile once
            assert r.groups[r.win[0]][1].count(r.win[1]) >= 1 and r.win[1][1] == w
        checked += 1
        wins += bool(rd)
    assert 30 < wins < 145


def test_readings_place_the_winning_tile_everywhere():
    c = mjpy.parse("123456789m55m111p").tolist()
    one = readings(c, n_sets=4, win_tile=4, jokers=(), kinds=range(34), every_win_slot=False)
    every = readings(c, n_sets=4, win_tile=4, jokers=(), kinds=range(34))
    assert len(one) == 1 and len(every) == 2           # 5m completes the 456m chow or the 55m pair
    assert {r.groups for r in every} == {one[0].groups}
    assert sorted(r.groups[r.win[0]][0] for r in every) == ["chow", "pair"]


def test_readings_respect_the_fifth_copy_option():
    c = mjpy.parse("5555m123p456s789s").tolist()[:]   # 4 real 5m; a joker 白 standing for 5m would be a fifth
    c[4] = 3
    c[33] = 1                                         # 555m + 白 + 123p 456s 789s 5m pair? -> needs a 5m pair
    c[4] = 4
    c[0:3] = [0, 0, 0]
    c[33] = 1
    c[9:12] = [1, 1, 1]
    hand = c[:]
    assert sum(hand) == 14
    free = readings(hand, n_sets=4, win_tile=4, jokers=(33,), kinds=range(34))
    capped = readings(hand, n_sets=4, win_tile=4, jokers=(33,), kinds=range(34), allow_fifth_copy=False)
    assert len(capped) < len(free)
    assert all(sum(1 for _, s in r.groups for rep, _ in s if rep == 4) <= 4 for r in capped)


# ------------------------------------------------------------------------------------ tables
def _t(rows, groups=(Group("base"),), **kw):
    return Table("t", "番", tuple(rows), tuple(groups), **kw)


def test_sum_max_product_and_defaults():
    rows = [Fan("a", 2, F.all_pungs), Fan("b", 3, F.half_flush), Fan("c", 5, F.one_suit)]
    f = dict(all_pungs=1, half_flush=1, one_suit=0)
    assert evaluate(_t(rows), f, {}).total == 5
    assert evaluate(_t(rows, (Group("base", "max"),)), f, {}).fans == [("b", 3)]
    none = dict(all_pungs=0, half_flush=0, one_suit=0)
    v = evaluate(_t(rows, (Group("base", default=("x", 1)),)), none, {})
    assert (v.total, v.fans) == (1, [("x", 1)])
    fac = [Fan("a", 2, F.all_pungs, group="f"), Fan("b", Fraction(3, 2), F.half_flush, group="f"),
           Fan("base", 10, group="base")]
    v = evaluate(_t(fac, (Group("base"), Group("f", "product", "factor"))), f, {})
    assert (v.total, v.fans, v.factors) == (30, [("base", 10)], [("a", 2), ("b", Fraction(3, 2))])


def test_per_counts_and_group_references():
    rows = [Fan("dragon", 1, F.n_dragon_pungs >= 1, per="n_dragon_pungs"),
            Fan("big", 10, F.one_suit, group="big"),
            Fan("zimo", 2, F.self_drawn & (G.big == 0), group="f"),
            Fan("zimo", Fraction(3, 2), F.self_drawn & (G.big >= 1), group="f")]
    groups = (Group("base"), Group("big", default=("small", 1)), Group("f", "product", "factor"))
    v = evaluate(_t(rows, groups), dict(n_dragon_pungs=2, one_suit=1, self_drawn=1), {})
    assert v.total == (2 + 10) * Fraction(3, 2) and v.fans == [("dragon", 1), ("dragon", 1), ("big", 10)]
    v = evaluate(_t(rows, groups), dict(n_dragon_pungs=0, one_suit=0, self_drawn=1), {})
    assert v.total == 2 and v.fans == [("small", 1)]


def test_special_cap_floor_and_points():
    rows = [Fan("sp", 4, F.one_suit, group="special"), Fan("w", 2, F.half_flush, group="within"),
            Fan("add", 1, F.self_drawn, group="addon")]
    groups = (Group("special", "max", "special"), Group("within", default=("none", 0)), Group("addon"))
    t = _t(rows, groups, cap=3, floor=(3, F.after_kong), points="pow2")
    v = evaluate(t, dict(one_suit=0, half_flush=1, self_drawn=1, after_kong=0), {})
    assert (v.total, v.points) == (3, 8)                               # 2 + 1, at the cap
    v = evaluate(t, dict(one_suit=1, half_flush=0, self_drawn=1, after_kong=0), {})
    assert (v.total, v.fans) == (4, [("sp", 4)])                       # beyond the cap, no add-ons
    v = evaluate(t, dict(one_suit=0, half_flush=0, self_drawn=0, after_kong=1), {})
    assert (v.total, v.fans) == (3, [("none", 0)])                     # the floor


def test_options_without_a_value_and_win_conditions():
    t = _t([Fan("qidui", Opt("qidui"), F.seven_pairs), Fan("base", 1)], wins=(Win(F.self_drawn, "self-drawn only"),))
    assert evaluate(t, dict(seven_pairs=1, self_drawn=1), {"qidui": None}).missing == ("qidui",)
    assert evaluate(t, dict(seven_pairs=1, self_drawn=1), {"qidui": 4}).total == 5
    assert evaluate(t, dict(seven_pairs=0, self_drawn=1), {"qidui": None}).total == 1
    assert evaluate(t, dict(seven_pairs=0, self_drawn=0), {}).failed == "self-drawn only"
    assert t.options_read() == ("qidui",)


@pytest.mark.parametrize("make, match", [
    (lambda: F.no_such_fact, "unknown fact 'no_such_fact'"),
    (lambda: Fan("x", 1, per="nope"), "unknown count fact"),
    (lambda: Group("g", "avg"), "mode must be"),
    (lambda: _t([Fan("x", 1, group="nope")]), "unknown group"),
    (lambda: _t([Fan("x", 1, G.later >= 1)], (Group("base"), Group("later"))), "not evaluated before"),
])
def test_tables_are_checked_when_built(make, match):
    with pytest.raises(ValueError, match=match):
        make()


# ------------------------------------------------------------------------------------ the rule sets
def test_registry_and_options():
    for name in ENGINE:
        rs = rules.get(name)
        assert rs.name == name and rs.players == 4 and rs.hand_size == 13
        assert set(rules.registry.options(name)) == set(rs.options)
    assert rules.get("qingyuan").tiles == 100 and rules.get("tianjin").tiles == 136
    with pytest.raises(ValueError, match="unknown option 'qidui_value'"):
        rules.get("tianjin", qidui_value=2)
    with pytest.raises(ValueError, match="gui must be one of"):
        rules.get("guangdong_tuidao", gui="red")
    with pytest.raises(ValueError, match="qidui must be None or a number"):
        rules.get("qingyuan", qidui="six")


@pytest.mark.parametrize("name, call, match", [
    ("qingyuan", lambda rs: rs.score("123m456p789s11122z", win_tile="2z", self_drawn=True), "1m is not used"),
    ("tianjin", lambda rs: rs.score("123456789m11p456m", win_tile="5m", self_drawn=True), "needs the flipped tile"),
    ("guangdong_jipinghu", lambda rs: rs.score("123456789m11p456m", win_tile="5m", tianhu=True), "dealer"),
    ("guangdong_tuidao", lambda rs: rs.score("123456789m11p456m", win_tile="5m", indicator="1m"), "no 鬼"),
    ("guangdong_tuidao", lambda rs: rs.score("123456789m11p456m5m", win_tile="5m"), "15 concealed tiles"),
    ("guangdong_tuidao", lambda rs: rs.score("55555m123p456s78s9s", win_tile="5m"), "5m appears 5 times"),
    ("tianjin", lambda rs: rs.score("123456789m11p456m", win_tile="5m", indicator="1z", robbing_kong=True,
                                    self_drawn=True), "exclude each other"),
])
def test_bad_input_is_one_line(name, call, match):
    with pytest.raises(ValueError, match=match) as e:
        call(rules.get(name))
    assert "\n" not in str(e.value)


def test_refusals_say_why():
    tj = rules.get("tianjin")
    r = tj.score("123456789m11p456m", win_tile="5m", indicator="1z")
    assert (r.is_win, r.reason) == (False, "tianjin: self-drawn wins only")
    r = tj.score("123456789m456p1p1z", win_tile="1p", indicator="1z", self_drawn=True)   # 1p pairs with a 混
    assert not r.is_win and "pass hundiao=..." in r.reason and r.detail["missing"] == ["hundiao"]
    r = rules.get("tianjin", hundiao=1).score("123456789m456p1p1z", win_tile="1p", indicator="1z", self_drawn=True)
    assert r.is_win and sorted(r.fans) == [("一条龙", 2), ("混吊", 1)] and r.reading.substitutes == 1
    r = tj.score("123456789m11p4m6m1z", win_tile="1z", indicator="1z", self_drawn=True)     # the 混 is the 5m
    assert r.is_win and sorted(r.fans) == [("一条龙", 2), ("捉五魁", 1)]
    assert not rules.get("qingyuan").score("111222333p44455s", win_tile="5s").is_win
    r = rules.get("guangdong_tuidao").score("123456789m11p456m", melds=(), win_tile="5m")
    assert r.reason == "guangdong_tuidao: self-drawn wins only"


def test_worked_examples():
    """The engine rule sets reproduce the worked examples they share with the reference (the 和目
    templates of Tianjin and the 鬼 indicators)."""
    vec = {v["id"]: v for v in load_vectors("regional_vectors")}
    tj = rules.get("tianjin")
    # 一条龙 + 捉五魁 (TP-TJ-01): 123456789m, the 4m-5m-6m chow won on 5m, a pair
    r = tj.score("123456789m456m11p", win_tile="5m", self_drawn=True, indicator="9s")
    assert {"一条龙", "捉五魁"} <= {n for n, _ in r.fans} and "TP-TJ-01" in vec
    n = 0
    for v in vec.values():
        if not v["id"].startswith("WC-"):
            continue
        want = tuple(sorted(mjpy.tiles.tile_index(t) for t in v["expected_wild_kinds"]))
        if v["ruleset"] == "tianjin":
            got = tj.joker_kinds(v["indicator"])
        elif v["indicator"].endswith("z") or v["indicator"][0].isdigit():
            got = rules.get("guangdong_tuidao", gui="fan").joker_kinds(v["indicator"])
        else:                                                   # WC-GD-05: 白板鬼
            got = rules.get("guangdong_tuidao", gui="baiban").joker_kinds()
        assert got == want, v["id"]
        n += 1
    assert n == 11


def test_scores_examples_by_hand():
    """One hand per rule set, its value worked out from docs/rules.md."""
    tuidao = rules.get("guangdong_tuidao")
    # 碰碰胡 + 清一色 (2 大胡 = 20) with one 明杠 (x4) and 开口 (x2), self-drawn 大胡 (x1.5), 硬胡 (x2)
    r = tuidao.score("111m222m99m", melds=[Meld("minkan", "3333m"), Meld("pon", "444m")], win_tile="9m",
                     self_drawn=True)
    assert sorted(r.fans) == [("清一色", 10), ("碰碰胡", 10)] and r.total == 20 * 4 * 2 * Fraction(3, 2) * 2
    jp = rules.get("guangdong_jipinghu")
    r = jp.score("123m456m789m234p55z", win_tile="5z", self_drawn=True)       # 平和 1 + 自摸 1
    assert (r.total, r.detail["points"]) == (2, 4)
    r = jp.score("111m222m333m444m99m", win_tile="9m")                        # 清碰 5, beyond the cap
    assert r.fans == [("清碰", 5)] and r.total == 5
    r = jp.score("123m456m789p234s55s", win_tile="5s", self_drawn=True, after_kong=True)   # floor 3
    assert r.total == 3
    assert rules.get("qingyuan").score("111p222p333p99p", melds=[Meld("pon", "555p")], win_tile="9p",
                                       self_drawn=True).fans == [("清一色全對", 12)]
    r = rules.get("tianjin").score("123m456m789m234p55s", win_tile="5s", self_drawn=True, indicator="1z")
    assert r.fans == [("一条龙", 2), ("无绘", 1)] and r.total == 3


def test_waits_and_batch_agree_with_score():
    rs = rules.get("guangdong_jipinghu")
    w = rs.waits("123m456m789p23s55z")
    assert sorted(w) == ["1s", "4s"]
    for t, r in w.items():
        assert r.total == max(rs.score(mjpy.parse("123m456m789p23s55z" + t), win_tile=t, self_drawn=d).total
                              for d in (True, False))
    hands = np.stack([mjpy.parse("123m456m789p234s55z"), mjpy.parse("123m456m789p234s56z")])
    assert rs.score_batch(hands, [31, 31], self_drawn=[True, False]).tolist() == [2, -1]


@pytest.mark.parametrize("rule", ENGINE)
def test_dajiao_batch_is_the_best_wait(rule):
    """dajiao_batch: per row the best (lowest) total over the waits of ``waits``, -1 without one;
    jokers, melds and exhausted waits included; a bad row raises the scalar check's message, a row ``waits``
    refuses for a value not given ``waits``' message."""
    from regional_gen import batch_cases

    opts, jk, ind, cases = batch_cases(rule, 160, 5)[2 if rule == "guangdong_tuidao" else 0]
    rs = rules.get(rule, **opts)
    kw = {} if ind is None else {"indicator": ind}
    hands, lists = [], []
    for c in cases:
        h = np.array(c.counts, np.uint8)
        h[c.win] -= 1
        hands.append(h)
        lists.append([Meld(k, [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4))
                      for k, t in c.melds])
    hands = np.array(hands)
    refused = []                                # rows with a wait needing a value not given: refused alike
    for i, (h, ms) in enumerate(zip(hands, lists)):
        try:
            rs.waits(h, ms, **kw)
        except ValueError as e:
            refused.append((i, str(e)))
    if refused:
        i, why = refused[0]
        with pytest.raises(ValueError, match="^" + re.escape(f"hands[{i}]: {why}") + "$"):
            rs.dajiao_batch(hands, melds=lists, workers=2, **kw)
        keep = sorted(set(range(len(hands))) - {i for i, _ in refused})
        hands, lists = hands[keep], [lists[i] for i in keep]
    for lowest in (False, True):
        want = []
        for h, ms in zip(hands, lists):
            totals = [r.total for r in rs.waits(h, ms, **kw).values()]
            want.append(-1 if not totals else (min(totals) if lowest else max(totals)))
        got = rs.dajiao_batch(hands, melds=lists, lowest=lowest, workers=2, **kw)
        assert got.tolist() == want
        assert sum(1 for x in want if x >= 0) > 20
    bad = hands.copy()
    bad[3, 0] = 5
    with pytest.raises(ValueError, match=r"hands\[3\]"):
        rs.dajiao_batch(bad, melds=lists, **kw)
    with pytest.raises(TypeError, match="unknown keyword"):
        rs.dajiao_batch(hands, melds=lists, bogus=1)


def test_waits_refused_for_a_value_not_given(capsys):
    """A waiting hand whose wins need values the sources do not give (Tianjin: 混吊 on any tile with the 混 5m as
    the pair, 双混吊 on the two 混 kinds): ``waits``, ``dajiao_batch`` (the row named) and the CLI (status 2)
    refuse it, naming every such value, rather than leave those tiles out as if they did not win; given the
    values, the same calls answer."""
    hand = "23456m456p78s111z"                  # 5m 6m: the 混 (indicator 5m)
    why = ("tianjin: winning on 1m, 2m, 3m and 31 more: a reading scores a row whose value the regional sources "
           "do not give (docs/rules.md#missing): pass hundiao=..., pass shuanghundiao=...")
    rs = rules.get("tianjin")
    with pytest.raises(ValueError, match="^" + re.escape(why) + "$"):
        rs.waits(hand, indicator="5m")
    rows = np.stack([mjpy.parse("123m456p789s1177z"), mjpy.parse(hand)])
    with pytest.raises(ValueError, match=r"^hands\[1\]: " + re.escape(why) + "$"):
        rs.dajiao_batch(rows, indicator="5m")
    code, out, err = run_cli(capsys, "analyze", hand, "--rules", "tianjin", "--indicator", "5m")
    assert code == 2 and why in err
    given = rules.get("tianjin", hundiao=1, shuanghundiao=2)
    w = given.waits(hand, indicator="5m")
    assert len(w) == 34 and {t: r.total for t, r in w.items() if r.total != 1} == {"5m": 2, "6m": 2}
    assert given.dajiao_batch(rows, indicator="5m").tolist() == [
        max([r.total for r in given.waits("123m456p789s1177z", indicator="5m").values()], default=-1), 2]
    # 推倒胡 全求人 (every meld open, a single wait on the pair)
    melds = [Meld("chi", "789p"), Meld("chi", "345m"), Meld("pon", "111z"), Meld("chi", "456m")]
    with pytest.raises(ValueError, match=r"^guangdong_tuidao: winning on 7z: .*: pass quanqiuren=\.\.\.$"):
        rules.get("guangdong_tuidao", gui="none", allow_chi=True, qidui=10).waits("7z", melds)
    w = rules.get("guangdong_tuidao", gui="none", allow_chi=True, qidui=10, quanqiuren=20).waits("7z", melds)
    assert list(w) == ["7z"] and "全求人" in dict(w["7z"].fans)


def _modules_with_examples():
    import pkgutil

    import mjpy.rules.engine

    names = []
    for pkg in (mjpy, mjpy.rules, mjpy.rules.engine):
        for m in pkgutil.iter_modules(pkg.__path__):
            path = os.path.join(pkg.__path__[0], m.name + ".py")
            if os.path.exists(path) and ">>>" in open(path, encoding="utf8").read():
                names.append(pkg.__name__ + "." + m.name)
    return sorted(names) + ["mjpy", "mjpy.rules"]


@pytest.mark.parametrize("module", _modules_with_examples())
def test_docstring_examples(module):
    """The examples in the docstrings of every Python module of mjpy run as written."""
    import doctest
    import importlib

    res = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert res.attempted > 0 and res.failed == 0
