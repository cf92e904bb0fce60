"""The common rule-set interface (mjpy.rules.get / names, RuleSet, Result) over Sichuan and Guobiao:
each answer equals the rule set's own module on seeded random hands, in scalar and batch form."""
from __future__ import annotations

import os
import pickle

import numpy as np
import pytest

import mjpy
from mjpy import Meld, rules
from mjpy.rules import guobiao, sichuan, sichuan_settle

import guobiao_gen
from conftest import complete_hand, rng_for

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SICHUAN = ("sichuan_fan", "sichuan_points", "chengdu_simple")


# ----------------------------------------------------------------------------------- the registry
def test_names_and_aliases():
    assert rules.names()[:4] == ["sichuan_fan", "sichuan_points", "chengdu_simple", "guobiao"]
    assert set(rules.names(scoring_only=True)) == set(SICHUAN) | {"guobiao", "guangdong_tuidao", "guangdong_jipinghu",
                                                                  "qingyuan", "tianjin", "hangzhou", "wenzhou", "fuzhou", "xuzhou", "fujian", "yangzhou", "neimenggu", "hebei", "bazhi",
                                                                  "changsha", "kawuxing", "tongcheng", "two_player_71", "daye_zipai"}
    assert set(rules.names()) - set(rules.names(scoring_only=True)) == {"standard", "riichi", "taiwan"}
    assert rules.info("Sichuan").name == "sichuan_fan"
    assert rules.info(" MCR ").name == "guobiao"
    players = {"kawuxing": 3, "two_player_71": 2, "daye_zipai": 3}
    size = {"wenzhou": 16, "daye_zipai": 20}
    for name in rules.names(scoring_only=True):
        rs = rules.get(name)
        assert (rs.name, rs.players, rs.hand_size) == (name, players.get(name, 4), size.get(name, 13))
    assert [rules.get(n).tiles for n in ("kawuxing", "two_player_71", "daye_zipai")] == [84, 71, 80]
    assert [rules.get(n).tiles for n in ("sichuan_fan", "guobiao")] == [108, 144]
    assert rules.get("sichuan_points").unit == "分"


@pytest.mark.parametrize("call, err, match", [
    (lambda: rules.get("hongkong"), ValueError, "unknown rule set 'hongkong'"),
    (lambda: rules.get(3), TypeError, "must be a string"),
    (lambda: rules.get("sichuan_fan", profile="sichuan_points"), ValueError, "unknown option 'profile'"),
    (lambda: rules.get("guobiao", min_fans=8), ValueError, "unknown option 'min_fans'"),
    (lambda: rules.get("guobiao", exclusion_profile="x"), ValueError, "exclusion_profile"),
    (lambda: rules.get("riichi"), ValueError, r"shapes only .*forms=\('standard', 'seven_pairs', 'thirteen_orphans'\), "
     r"quads_as_two_pairs=False$"),
    (lambda: rules.get("standard"), ValueError, r"shapes only .*forms=\('standard', 'seven_pairs', 'thirteen_orphans'\)$"),
    (lambda: rules.get("taiwan"), ValueError, r"shapes only .*forms=\('standard',\), hand_size=16$"),
    (lambda: rules.get("sichuan_fan").score("11224444557799m", fourth_tile=True), TypeError,
     "unknown keyword 'fourth_tile'"),
    (lambda: rules.get("guobiao").score("1112345678999m5m", dingque="s"), TypeError, "unknown keyword 'dingque'"),
    (lambda: rules.get("guobiao").settle({}), ValueError, "no table settlement"),
    (lambda: rules.get("sichuan_fan").score_batch(np.zeros((1, 34), np.uint8), flowers=1), TypeError,
     "unknown keyword 'flowers'"),
])
def test_bad_input(call, err, match):
    with pytest.raises(err, match=match):
        call()


def test_options_bind_and_pickle():
    rs = rules.get("sichuan_fan", max_fan=3, dingque="p")
    assert rs.options == sichuan.SichuanOptions.preset("sichuan_fan", max_fan=3, dingque="p")
    again = pickle.loads(pickle.dumps(rs))
    assert (again.name, again.options) == (rs.name, rs.options)
    assert rules.get("guobiao", min_fan=0).options.min_fan == 0
    assert not rules.get("guobiao").can_settle and rules.get("sichuan_points").can_settle


# ----------------------------------------------------------------------------------- Sichuan
def _sichuan_hands(seed, n):
    """Complete 14-tile Sichuan hands (standard or seven pairs), some with a 定缺 violation."""
    rng = rng_for("rules-interface", seed)
    out = []
    while len(out) < n:
        if rng.random() < 0.25:
            kinds = rng.choice(27, 7, replace=False)
            c = np.zeros(34, np.uint8)
            for k in kinds:
                c[k] += 2
            if rng.random() < 0.3:
                c[kinds[1]] = 4
                c[kinds[0]] = 0
                c[kinds[2]] += 0
                if c.sum() != 14:
                    continue
        else:
            c = complete_hand(rng, 4, style="mixed")
            c[27:] = 0
            if c.sum() != 14 or c.max() > 4:
                continue
        out.append(c)
    return np.stack(out)


_SICHUAN_DETAIL = ("base", "base_fan", "gen", "multiplier", "points", "capped", "uncapped_total")


@pytest.mark.parametrize("name", SICHUAN)
def test_sichuan_scalar_and_batch_match_module(name):
    rs = rules.get(name)
    hands = _sichuan_hands(name, 400)
    rng = rng_for("sichuan-flags", name)
    drawn = rng.random(len(hands)) < 0.5
    wins = np.array([int(np.flatnonzero(h)[rng.integers(np.count_nonzero(h))]) for h in hands])
    batch = rs.score_batch(hands, wins, self_drawn=drawn, dingque="s")
    for h, w, d, b in zip(hands, wins, drawn, batch):
        own = sichuan.score(h, win_tile=int(w), self_drawn=bool(d), dingque="s", profile=name)
        r = rs.score(h, win_tile=int(w), self_drawn=bool(d), dingque="s")
        assert (r.is_win, r.form) == (own.is_win, own.form)
        assert r.fans == [tuple(f) for f in own.fans]
        assert r.total == (own.total_fan if own.is_win else 0)
        assert b == (r.total if r.is_win else -1)
        assert r.unit == rs.unit and r.rules == name
        if own.is_win:                          # the module's result fields, in the engine's detail
            assert {k: r.detail[k] for k in _SICHUAN_DETAIL} == {k: getattr(own, k) for k in _SICHUAN_DETAIL}
        else:                                   # the same refusal (the module names the 定缺 suit)
            assert r.reason and ("定缺" in r.reason) == ("定缺" in own.reason), (r.reason, own.reason)


def test_sichuan_waits_match_tenpai_scores():
    rs = rules.get("sichuan_fan")
    for h in _sichuan_hands("waits", 150):
        t = int(np.flatnonzero(h)[0])
        h13 = h.copy()
        h13[t] -= 1
        own = sichuan.tenpai_scores(h13, dingque="s")
        got = rs.waits(h13, dingque="s")
        assert list(got) == list(own)
        assert [g.total for g in got.values()] == [o.total_fan for o in own.values()]


def test_sichuan_melds_in_batch_and_settle():
    rs = rules.get("sichuan_fan")
    hands = np.stack([mjpy.parse("123345m66p999p"), mjpy.parse("123345m66p999p"), mjpy.parse("123345m66p999p")])
    melds = [[Meld("minkan", "2222p")], [Meld("ankan", "2222p")], [Meld("pon", "222p")]]
    hands[2] = mjpy.parse("123345m66p999p")
    got = rs.score_batch(hands, melds=melds)
    assert got.tolist() == [rs.score(hands[i], melds[i]).total for i in range(3)]
    table = sichuan_settle.load_table(os.path.join(ROOT, "examples", "sichuan_table.json"))
    for name in ("sichuan_fan", "sichuan_points"):
        rs = rules.get(name)
        s = rs.settle(table)
        assert s.totals == sichuan_settle.settle(table, rs.options).totals
        assert sum(s.totals) == 0


# ----------------------------------------------------------------------------------- Guobiao
def _gb_rows(seed, n):
    hs = guobiao_gen.hands(n, seed)
    hands = np.stack([np.array(h["counts"], np.uint8) for h in hs])
    melds = [[Meld(("chi", "pon", "minkan", "ankan")[k],
                   [t, t + 1, t + 2] if k == 0 else [t] * (3 if k == 1 else 4)) for k, t in h["melds"]] for h in hs]
    return hs, hands, melds


def test_guobiao_scalar_and_batch_match_module():
    rs = rules.get("guobiao")
    hs, hands, melds = _gb_rows(11, 600)
    wins = np.array([h["win"] for h in hs])
    drawn = np.array([h["self_drawn"] for h in hs])
    fourth = np.array([h["fourth"] for h in hs])
    last = np.array([h["last"] for h in hs])
    kong = np.array([h["kong"] for h in hs])
    seat = np.array([h["seat"] for h in hs])
    rnd = np.array([h["rnd"] for h in hs])
    flowers = np.array([h["flowers"] for h in hs])
    batch = rs.score_batch(hands, wins, melds=melds, self_drawn=drawn, fourth_tile=fourth, last_tile=last,
                           after_kong=kong & drawn, robbing_kong=kong & ~drawn, seat_wind=seat, round_wind=rnd,
                           flowers=flowers, workers=2)
    n_valid = 0
    for i, h in enumerate(hs):
        own = guobiao.score(hands[i], melds[i], int(wins[i]), self_drawn=bool(drawn[i]), fourth_tile=bool(fourth[i]),
                            kong_related=bool(kong[i]), last_tile=bool(last[i]), seat_wind=int(seat[i]),
                            round_wind=int(rnd[i]), flowers=int(flowers[i]))
        r = rs.score(hands[i], melds[i], int(wins[i]), self_drawn=bool(drawn[i]), fourth_tile=bool(fourth[i]),
                     after_kong=bool(kong[i] and drawn[i]), robbing_kong=bool(kong[i] and not drawn[i]),
                     last_tile=bool(last[i]), seat_wind=int(seat[i]), round_wind=int(rnd[i]), flowers=int(flowers[i]))
        assert r.is_win == own.is_valid_win
        assert r.fans == [(f.name, f.value) for f in own.fans]
        assert batch[i] == (own.total if own.is_valid_win else -1)
        if own.is_win and not own.is_valid_win:
            assert r.reason == f"guobiao: {own.total - own.flowers} fans, the minimum is 8"
        n_valid += r.is_win
    assert 0 < n_valid < len(hs)        # both sides of the minimum occur


def test_guobiao_min_fan_option_and_waits():
    hand, melds = "11199p222z", [Meld("chi", "123m"), Meld("pon", "555s")]
    low = rules.get("guobiao").score(hand, melds, "2z", seat_wind="S", self_drawn=True)
    assert (low.is_win, low.total) == (False, 6)
    r = rules.get("guobiao", min_fan=0).score(hand, melds, "2z", seat_wind="S", self_drawn=True)
    assert r.is_win and r.total == 6 and r.reason == ""
    w = rules.get("guobiao").waits("1112345678999m")
    assert sorted(w) == sorted(guobiao.best_tenpai("1112345678999m"))
    assert all(v.is_win for v in w.values())          # 九莲宝灯 is worth 88 on every wait


# ----------------------------------------------------------------------------------- the CLI
def test_cli_rules_lists_the_registry(capsys):
    from conftest import run_cli, run_cli_json

    got = run_cli_json(capsys, "rules")
    assert [r["name"] for r in got["rules"]] == rules.names()
    gb = run_cli_json(capsys, "rules", "mcr")["rules"]
    assert len(gb) == 1 and gb[0]["options"] == rules.registry.options("guobiao")
    assert gb[0]["tiles"] == 144 and gb[0]["unit"] == "番"
    code, out, _ = run_cli(capsys, "rules", "sichuan_points")
    assert code == 0 and "chadajiao" in out and "'min'" in out
    code, _, err = run_cli(capsys, "rules", "hongkong")
    assert code == 2 and err.count("\n") == 1 and "unknown rule set 'hongkong'" in err


@pytest.mark.parametrize("name, total", [("sichuan_fan", 5), ("sichuan_points", 4), ("chengdu_simple", 3),
                                         ("sichuan", 5)])
def test_cli_analyze_takes_every_sichuan_name(capsys, name, total):
    from conftest import run_cli_json

    got = run_cli_json(capsys, "analyze", "11222244p557799m", "--rules", name, "--win", "9m")
    assert got["total_fan"] == total == rules.get(name).score("11222244p557799m", win_tile="9m").total
    assert got["profile"] == rules.info(name).name


@pytest.mark.parametrize("argv, match", [
    (("--rules", "riichi", "--win", "9m"), "--rules riichi: --win does not apply (no fan table"),
    (("--rules", "sichuan_points", "--profile", "sichuan_fan"), "disagree"),
    (("--rules", "nope"), "unknown rule set 'nope'"),
])
def test_cli_analyze_rule_errors(capsys, argv, match):
    from conftest import run_cli

    code, out, err = run_cli(capsys, "analyze", "11222244p557799m", *argv)
    assert code == 2 and out == "" and match in err and err.count("\n") == 1


# ------------------------------------------------------------------------------------ one meld encoding
def test_every_rule_set_takes_the_engine_meld_array():
    """``score_batch(melds=melds_array(lists))`` equals ``score_batch(melds=lists)`` for the Sichuan
    and Guobiao bindings too (the (N, 4, 2) encoding of the engine is the interface's one array)."""
    from mjpy.rules.engine import melds_array

    hands = _sichuan_hands("engine-melds", 300)
    rng = rng_for("engine-melds", "w")
    rows, lists, wins = [], [], []
    for h in hands:
        c = h.copy()
        ms = []
        for t in np.flatnonzero(c >= 3)[:2]:
            if rng.random() < 0.5:
                kind = ["pon", "minkan", "ankan", "kakan"][int(rng.integers(4))]
                c[t] -= 3
                ms.append(Meld(kind, [int(t)] * (3 if kind == "pon" else 4)))
        total = c.astype(int).copy()
        for m in ms:
            total[m.tiles[0]] += len(m.tiles)
        if total.max() > 4 or not c.any():
            continue
        rows.append(c)
        lists.append(ms)
        wins.append(int(np.flatnonzero(c)[0]))
    H, W = np.array(rows), np.array(wins)
    assert sum(1 for ms in lists if ms) > 50
    for name in ("sichuan_fan", "chengdu_simple"):
        rs = rules.get(name)
        np.testing.assert_array_equal(rs.score_batch(H, W, melds=melds_array(lists), self_drawn=True),
                                      rs.score_batch(H, W, melds=lists, self_drawn=True))
    gb = rules.get("guobiao")
    GH = H.copy()
    np.testing.assert_array_equal(gb.score_batch(GH, W, melds=melds_array(lists), self_drawn=True),
                                  gb.score_batch(GH, W, melds=lists, self_drawn=True))
    bad = melds_array(lists)
    i = next(k for k, ms in enumerate(lists) if ms)
    bad[i, 0, 0] = 9
    with pytest.raises(ValueError, match=rf"hands\[{i}\].*kind code"):
        rules.get("sichuan_fan").score_batch(H, W, melds=bad)
    sc = rules.get("sichuan_fan")                  # Sichuan has no chi: a refusal that says so
    h11 = mjpy.parse("456789m11555p")
    r = sc.score(h11, melds=[Meld("chi", "123m")], win_tile="1p", self_drawn=True)
    assert not r.is_win and "no chi" in r.reason
    chi = melds_array([[Meld("chi", "123m")], []])
    got = sc.score_batch(np.stack([h11, mjpy.parse("123456789m11555p")]), np.array([9, 9]), melds=chi,
                         self_drawn=True)
    assert got.tolist() == [-1, sc.score("123456789m11555p", win_tile="1p", self_drawn=True).total]


def test_context_reaches_the_engine_as_a_fact():
    """``score(context=...)``: the number a rule set reads (Hangzhou 财飘) is the fact context_count in
    both engines; other keys, other types and rule sets that read none are refused."""
    from mjcore import engine as E
    from mjpy.rules.engine.facts import FACTS

    assert "context_count" in FACTS and E.CONTEXT_SHIFT_BITS >= 18     # above the 定缺 bits
    hz = rules.get("hangzhou", caishen=["7z"])
    hand, win = "123m456p5789s1117z", "5s"
    for n, total in ((0, 2), (1, 4), (2, 8)):
        r = hz.score(hand, win_tile=win, self_drawn=True, context={"caipiao": n} if n else None)
        assert r.total == total
        c, ms = hz._hand(hand, (), 14)
        s = hz._situation(dict(self_drawn=True, context={"caipiao": n}))
        assert s["context_count"] == n
        assert hz._core_python(c, ms, 22, s, (33,)).total == total
    assert hz.score(hand, win_tile=win, self_drawn=False, context={"caipiao": 2}).total == 1   # no 暴头: no 财飘
    for ctx, err in (({"caipiao": 3}, ValueError), ({"caipiao": -1}, ValueError), ({"caipiao": True}, ValueError),
                     ({"caipiao": 1.0}, ValueError), ({"horses": 1}, ValueError), ([("caipiao", 1)], TypeError)):
        with pytest.raises(err, match="context"):
            hz.score(hand, win_tile=win, self_drawn=True, context=ctx)
    with pytest.raises(ValueError, match="unknown context key 'caipiao' \\(it reads none\\)"):
        rules.get("tianjin", indicator="1z").score("123456789m11p456m", win_tile="5m", self_drawn=True,
                                                  context={"caipiao": 1})
    with pytest.raises(TypeError, match="unknown keyword 'context'"):
        rules.get("tianjin", indicator="1z").waits("123456789m11p45m", context={"caipiao": 1})
    ws = hz.waits("123m456p789s1117z", self_drawn=True, context={"caipiao": 1})
    assert len(ws) == 34 and {r.total for r in ws.values()} == {4}
