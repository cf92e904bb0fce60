"""mjpy.simulate / mjpy.random for every rule set of the registry: walls, jokers, win forms, fan column."""
import json

import numpy as np
import pytest

import mjpy
from conftest import expect_error, run_cli as run
from mjcore import analysis as A
from mjcore import simulate as K
from mjpy import rules
from mjpy import simulation as S
from mjpy.rules import registry

NAMES = [n for n in rules.names() if registry.info(n).game == "mahjong"]      # (字牌 is a card game: no wall)
WALL = {"sichuan_fan": 108, "sichuan_points": 108, "chengdu_simple": 108, "guobiao": 144, "guangdong_tuidao": 136,
        "guangdong_jipinghu": 136, "qingyuan": 100, "tianjin": 136, "hangzhou": 136, "standard": 136, "riichi": 136,
        "taiwan": 144, "wenzhou": 136, "fuzhou": 144, "xuzhou": 136, "fujian": 136, "yangzhou": 136, "neimenggu": 136, "hebei": 136, "bazhi": 136,
        "changsha": 108, "kawuxing": 84, "tongcheng": 136, "two_player_71": 71}
#: options a rule set cannot play without (values the sources leave to the table)
REQUIRED = {"hangzhou": {"caishen": ["7z"]}, "wenzhou": {"caishen": ["7z"]},
            "fuzhou": {"gold": ["7z"], "zimo": 1, "pinghu": 1, "qiangjin": 2, "jin": 1},
            "changsha": {"xiaohu": 1, "dahu": 6}, "tongcheng": {k: 1 for k in ("duanyao", "wujiang", "quezi", "menqing",
                                                                             "dandiao", "quanfeng", "quanyaojiu")}}
#: (rule set, options) that play with jokers: (flipped indicator?, joker kinds of an indicator)
JOKERS = [("tianjin", {}), ("guangdong_tuidao", {"gui": "fan"}), ("guangdong_tuidao", {"gui": "baiban"}),
          ("xuzhou", {}), ("fujian", {"baida": "huodong"})]
ORDER = list(K.DISCARD_ORDER)
RANK = {t: i for i, t in enumerate(ORDER)}


def _mask(kinds):
    m = 0
    for k in kinds:
        m |= 1 << int(k)
    return m


def test_every_registry_name_is_simulated():
    assert set(NAMES) == set(WALL)
    for name in NAMES:
        assert S.get_rules(name).name == name
    for alias, target in registry.ALIASES.items():
        if registry.info(target).game != "mahjong":
            with pytest.raises(ValueError, match="not a mahjong rule set"):
                S.get_rules(alias)
            continue
        rs = S.get_rules(alias)
        assert rs.name == alias if alias in S.RULESETS else rs.name == target


@pytest.mark.parametrize("name", NAMES)
def test_simulate_every_rule_set(name):
    opts = REQUIRED.get(name)
    a = mjpy.simulate(name, deals=200, seed=5, workers=1, rule_options=opts)
    b = mjpy.simulate(name, deals=200, seed=5, workers=2, chunk_size=70, rule_options=opts)
    assert a.rules == name and len(a) == 200
    assert a.arrays().keys() == b.arrays().keys()
    for k, v in a.arrays().items():
        assert np.array_equal(v, b.arrays()[k]), k
    won = a.win_turn >= 0
    assert won.any()
    size = registry.info(name).hand_size              # 16 for taiwan: five sets and a pair
    assert (a.hand[won].sum(1) == size + 1).all() and (a.hand[~won].sum(1) == size).all()
    assert (mjpy.random.deal(20, name, seed=5, rule_options=opts).sum(1) == size).all()
    kinds, flowers = mjpy.random.wall_kinds(name)
    outside = np.ones(34, bool)
    outside[list(kinds)] = False
    assert a.hand[:, outside].sum() == 0
    row = registry.info(name)
    assert (a.fan is not None) == bool(row.binding)
    # the column dtypes are those the streaming writer is given
    cols = S.result_columns(name, a.draws, opts)
    assert set(cols) == set(a.arrays())
    for k, (dt, shape) in cols.items():
        assert a.arrays()[k].dtype == dt and a.arrays()[k].shape[1:] == shape, k
    # deal i depends only on (rules, seed, i)
    tail = mjpy.simulate(name, deals=50, seed=5, start=150, workers=1, rule_options=opts)
    for k, v in tail.arrays().items():
        assert np.array_equal(v, a.arrays()[k][150:]), k


@pytest.mark.parametrize("name", NAMES)
def test_walls_and_deals(name):
    kinds, nf = mjpy.random.wall_kinds(name)
    w = mjpy.random.walls(60, name, seed=3)
    want = np.sort(np.concatenate([np.repeat(np.array(kinds), 4), np.arange(34, 34 + nf)]).astype(np.uint8))
    if registry.info(name).wall is not None:            # two-player 71: 71 tiles of the 136
        assert w.shape == (60, WALL[name]) and 4 * len(kinds) + nf == 136
        full = mjpy.random.walls(60, name, seed=3, length=136)
        assert np.array_equal(full[:, :WALL[name]], w)
        for r in full:
            assert np.array_equal(np.sort(r), want)
    else:
        assert w.shape == (60, WALL[name]) and 4 * len(kinds) + nf == WALL[name]
        for r in w:
            assert np.array_equal(np.sort(r), want)
    assert nf == (8 if name in ("guobiao", "taiwan", "fuzhou") else 0)
    size = registry.info(name).hand_size
    h = mjpy.random.deal(500, name, seed=3)
    assert h.shape == (500, 34) and h.dtype == np.uint8 and (h.sum(1) == size).all()
    assert np.array_equal(h, mjpy.random.deal(500, name, seed=3, workers=2))
    assert np.array_equal(h[100:], mjpy.random.deal(400, name, seed=3, start=100))
    assert not np.array_equal(h, mjpy.random.deal(500, name, seed=4))
    if nf == 0:          # the deal is the front of the wall
        for i in range(60):
            assert np.array_equal(np.bincount(w[i, :size], minlength=34), h[i])


def test_qingyuan_has_no_characters():
    kinds, _ = mjpy.random.wall_kinds("qingyuan")
    assert kinds == tuple(range(9, 34))
    assert mjpy.random.deal(20_000, "qingyuan", seed=1)[:, :9].sum() == 0
    r = mjpy.simulate("qingyuan", deals=2000, seed=1)
    assert r.hand[:, :9].sum() == 0 and (r.win_tile[r.win_turn >= 0] >= 9).all()
    assert "draws must be 0..87" in str(expect_error(mjpy.simulate, "qingyuan", deals=10, draws=88))


def test_tuidao_without_honors_deals_108_tiles():
    opts = {"with_honors": False}
    w = mjpy.random.walls(20, "guangdong_tuidao", seed=2, rule_options=opts)
    assert w.shape == (20, 108) and w.max() < 27
    r = mjpy.simulate("guangdong_tuidao", deals=500, seed=2, rule_options=opts)
    assert r.hand[:, 27:].sum() == 0 and r.rule_options == opts


def test_existing_rule_sets_deal_as_before():
    """The walls of 27 / 34 kinds are those of the kernel's n_kinds walls (the deals tests pin)."""
    for name, nk, nf in (("sichuan", 27, 0), ("standard", 34, 0), ("guobiao", 34, 8)):
        assert np.array_equal(mjpy.random.walls(300, name, seed=9), K.walls(300, n_kinds=nk, n_flowers=nf, seed=9))
        assert np.array_equal(mjpy.random.deal(300, name, seed=9), K.deal(300, n_kinds=nk, n_flowers=nf, seed=9)[0])
    # the name of earlier versions and the registry's name play the same deals, with the same fan
    a = mjpy.simulate("sichuan", deals=3000, seed=4)
    b = mjpy.simulate("sichuan_fan", deals=3000, seed=4)
    assert a.rules == "sichuan" and b.rules == "sichuan_fan"
    for k, v in a.arrays().items():
        assert np.array_equal(v, b.arrays()[k]), k


@pytest.mark.parametrize("name,opts", JOKERS)
def test_jokers_recorded_and_wins_complete(name, opts):
    rs = rules.get(name, **opts)
    row = registry.info(name)
    r = mjpy.simulate(name, deals=1500, seed=11, rule_options=opts)
    w = mjpy.random.walls(1500, name, seed=11)
    flip = opts.get("gui", "fan") == "fan"
    assert r.indicator.dtype == np.int8 and r.jokers.dtype == np.uint64
    if flip:
        assert np.array_equal(r.indicator, w[:, 13].astype(np.int8))     # the tile after the deal
        want = [_mask(rs.joker_kinds(indicator=int(i))) for i in r.indicator]
    else:
        assert (r.indicator == -1).all()
        want = [1 << 33] * len(r)
    assert r.jokers.tolist() == want
    won = np.nonzero(r.win_turn >= 0)[0]
    assert 200 < len(won) < len(r)
    for i in won:
        jk = [t for t in range(34) if (int(r.jokers[i]) >> t) & 1]
        if name == "xuzhou":                    # the 白板 play the 配兒 kind
            real, k = mjpy.wildcards.apply_stand_in(r.hand[i], jk)
            assert A.is_win(real, forms=row.forms, jokers=k)
        elif name == "fujian":                  # one 白板 may play the 百搭 kind: no other win condition
            assert rs.score(r.hand[i], win_tile=int(r.win_tile[i]), indicator=int(r.indicator[i])).is_win
        else:
            assert A.is_win(r.hand[i], forms=row.forms, joker_tiles=jk)
        assert r.hand[i, r.win_tile[i]] > 0
    # a joker is never discarded: every joker tile taken is still in the final hand
    for i in range(300):
        jk = [t for t in range(34) if (int(r.jokers[i]) >> t) & 1]
        turns = r.win_turn[i] if r.win_turn[i] > 0 else r.draws
        first = 14 if flip else 13
        taken = np.concatenate([w[i, :13], w[i, first:first + turns]])
        assert sum(int((taken == t).sum()) for t in jk) == int(r.hand[i, jk].sum())
    # the fan column is the rule set's score_batch of the wins, recomputed
    kw = {"indicator": [int(x) for x in r.indicator[won]]} if flip else {}
    again = rs.score_batch(r.hand[won], r.win_tile[won].astype(np.int64), self_drawn=True, **kw)
    assert np.array_equal(r.fan[won], again)
    assert (r.fan[r.win_turn < 0] == -1).all()
    for i in won[:25]:
        res = rs.score(r.hand[i], win_tile=int(r.win_tile[i]), self_drawn=True,
                       **({"indicator": int(r.indicator[i])} if flip else {}))
        assert r.fan[i] == (res.total if res.is_win else -1)


def _replay(wall, kinds, forms, quads, jokers, flip, draws, stand_in=None, may=0, fifth=True):
    """The greedy loop of docs/simulate.md in plain Python over the kernel's public shanten and
    is_win (no shortcuts): every discard, every tile of the wall for the useful-tile count. With a
    ``stand_in`` (徐州 白板) and one joker kind f, the tiles f (jokers) and the stand-in (f's face) are
    read under each other's names for the deal: the wall is relabelled, the result labelled back; with
    ``may`` k > 0 instead, up to k stand-ins may play f: every distance and win check is the best of
    the readings (0 .. k of them as f, the jokers counted apart)."""
    swap = {}
    one = stand_in is not None and len(jokers) == 1 and jokers[0] != stand_in
    if one and not may:
        swap = {jokers[0]: stand_in, stand_in: jokers[0]}
        jokers = [stand_in]
    f = jokers[0] if one and may else None

    def variants(h):
        if f is None:
            yield h, None
            return
        real = h.copy()
        k = int(real[f])
        real[f] = 0
        for m in range(min(int(real[stand_in]), may) + 1):
            r = real.copy()
            r[stand_in] -= m
            r[f] += m
            yield r, k

    jk = list(jokers) or None

    def kw(k):
        return dict(forms=forms, quads_as_two_pairs=quads, allow_fifth_copy=fifth,
                    **({"joker_tiles": jk} if k is None else {"jokers": k}))

    def dist(h):
        return min(A.shanten(r, **kw(k)) for r, k in variants(h)) + 1

    def is_win(h):
        return any(A.is_win(r, **kw(k)) for r, k in variants(h))

    it = iter(swap.get(int(x), int(x)) for x in wall)
    hand = np.zeros(34, np.uint8)
    for _ in range(13):
        hand[next(it)] += 1
    seen = np.zeros(34, int)
    if flip:
        seen[next(it)] += 1
    out = {"shanten_deal": dist(hand) - 1, "shanten": [], "win_turn": -1, "win_tile": -1}
    for turn in range(1, draws + 1):
        t = next(it)
        hand[t] += 1
        if is_win(hand):
            out.update(win_turn=turn, win_tile=t)
            out["shanten"] += [-1] * (draws - turn + 1)
            break
        cands = [c for c in range(34) if hand[c] and c not in jokers]
        d = {}
        for c in cands:
            hand[c] -= 1
            d[c] = dist(hand)
            hand[c] += 1
        best = min(d.values())
        ties = [c for c in cands if d[c] == best]

        def useful(c):
            hand[c] -= 1
            seen[c] += 1
            total = 0
            for u in kinds:
                if hand[u] < 4:
                    hand[u] += 1
                    if dist(hand) < best:
                        total += 4 - (hand[u] - 1) - seen[u]
                    hand[u] -= 1
            hand[c] += 1
            seen[c] -= 1
            return total

        pick = ties[0] if len(ties) == 1 else max(ties, key=lambda c: (useful(c), -RANK[c]))
        hand[pick] -= 1
        seen[pick] += 1
        out["shanten"].append(best - 1)
    out["hand"] = [int(hand[swap.get(t, t)]) for t in range(34)]
    if out["win_tile"] >= 0:
        out["win_tile"] = swap.get(out["win_tile"], out["win_tile"])
    return out


@pytest.mark.parametrize("name,opts,n", [("tianjin", {}, 300), ("guangdong_tuidao", {"gui": "fan"}, 300),
                                         ("tianjin", {"allow_fifth_copy": False}, 150),
                                         ("guangdong_tuidao", {"gui": "fan", "allow_fifth_copy": False}, 150),
                                         ("qingyuan", {}, 12), ("guangdong_jipinghu", {}, 14), ("xuzhou", {}, 200),
                                         ("fujian", {"baida": "huodong"}, 100), ("fujian", {}, 100)])
def test_loop_matches_plain_replay(name, opts, n):
    p = S._plan(S.get_rules(name), opts)
    row = registry.info(name)
    r = S.play_range(name, 21, 0, n, 18, workers=1, score=False, rule_options=opts)
    w = mjpy.random.walls(n, name, seed=21, rule_options=opts)
    assert (r.win_turn > 0).sum() >= 2          # the sample exercises the win path
    for i in range(n):
        jokers = [t for t in range(34) if (int(r.jokers[i]) >> t) & 1] if r.jokers is not None else []
        st, may = p.stand_in
        ref = _replay(w[i], p.kinds, row.forms, p.quads, jokers, p.flip, 18, None if st < 0 else st, may, p.fifth)
        got = {"shanten_deal": int(r.shanten_deal[i]), "shanten": r.shanten[i].tolist(),
               "win_turn": int(r.win_turn[i]), "win_tile": int(r.win_tile[i]), "hand": r.hand[i].tolist()}
        for k, v in got.items():
            assert v == ref[k], f"{name} deal {i}: {k} kernel {v} replay {ref[k]}"


@pytest.mark.parametrize("name,opts", [("tianjin", {}), ("guangdong_tuidao", {"gui": "fan"})])
def test_loop_matches_replay_with_four_of_a_kind(name, opts):
    """The deals whose last hand holds a kind four times beside a joker (where a joker may be a fifth copy, the
    loop takes every distance from the kernel's joker distance, not the plain shortcuts): replayed like the
    others, every record equal."""
    p = S._plan(S.get_rules(name), opts)
    row = registry.info(name)
    n = 20_000
    r = S.play_range(name, 21, 0, n, 18, workers=2, score=False, rule_options=opts)
    w = mjpy.random.walls(n, name, seed=21, rule_options=opts)
    jm = r.jokers.astype(np.uint64)
    is_joker = ((jm[:, None] >> np.arange(34, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    four = ((r.hand >= 4) & ~is_joker).any(1) & ((r.hand > 0) & is_joker).any(1)
    picked = np.flatnonzero(four)
    assert len(picked) >= 50
    for i in picked:
        jokers = np.flatnonzero(is_joker[i]).tolist()
        ref = _replay(w[i], p.kinds, row.forms, p.quads, jokers, p.flip, 18, None, 0, p.fifth)
        got = {"shanten_deal": int(r.shanten_deal[i]), "shanten": r.shanten[i].tolist(),
               "win_turn": int(r.win_turn[i]), "win_tile": int(r.win_tile[i]), "hand": r.hand[i].tolist()}
        for k, v in got.items():
            assert v == ref[k], f"{name} deal {i}: {k} kernel {v} replay {ref[k]}"


@pytest.mark.parametrize("name", [n for n in NAMES if registry.info(n).binding and n != "guobiao"])
def test_fan_column_is_score_batch(name):
    rs = rules.get(name, **REQUIRED.get(name, {}))
    r = mjpy.simulate(name, deals=600, seed=8, rule_options=REQUIRED.get(name))
    won = r.win_turn >= 0
    # the flipped indicator per row; -1 where the jokers are fixed (by an option: 杭州 财神)
    kw = {"indicator": [int(x) for x in r.indicator[won]]} if r.indicator is not None and (r.indicator >= 0).any() else {}
    if registry.info(name).dingque:
        kw["dingque"] = r.dingque[won]
    again = np.asarray(rs.score_batch(r.hand[won], r.win_tile[won].astype(np.int64), self_drawn=True, **kw))
    assert np.array_equal(r.fan[won], again.astype(r.fan.dtype))
    assert (r.fan[~won] == -1).all()


def test_options_reach_the_fan_column():
    """tianjin leaves the values of 七对, 混吊... open: without them those wins are -1, with them scored."""
    opts = {"qidui": 2, "hundiao": 1, "shuanghundiao": 2, "shuanghui_zhuowu": 2}
    a = mjpy.simulate("tianjin", deals=2000, seed=1)
    b = mjpy.simulate("tianjin", deals=2000, seed=1, rule_options=opts)
    assert np.array_equal(a.hand, b.hand)
    won = a.win_turn >= 0
    assert (a.fan[won] == -1).any() and (b.fan[won] >= 0).all()
    assert b.rule_options == opts
    c = mjpy.simulate("tianjin", deals=2000, seed=1, fan=False)
    assert c.fan is None and "fan" not in c.arrays() and np.array_equal(c.hand, a.hand)


def test_bad_rule_options():
    e = expect_error(mjpy.simulate, "tianjin", deals=10, rule_options={"nope": 1})
    assert isinstance(e, ValueError) and "unknown option 'nope'" in str(e)
    e = expect_error(mjpy.simulate, "standard", deals=10, rule_options={"qidui": 1})
    assert isinstance(e, ValueError) and "takes no options" in str(e)
    assert isinstance(expect_error(mjpy.simulate, "tianjin", deals=10, rule_options=[("qidui", 1)]), TypeError)
    e = expect_error(mjpy.simulate, "guangdong_tuidao", deals=10,
                     rule_options={"gui": "baiban", "with_honors": False})
    assert "needs the honors" in str(e)
    assert "unknown rule set 'mars'" in str(expect_error(mjpy.random.deal, 10, "mars"))
    assert isinstance(expect_error(mjpy.random.deal, 10, "qingyuan", rule_options=5), TypeError)
    assert "draws must be 0..122" in str(expect_error(mjpy.simulate, "tianjin", deals=10, draws=123))


def test_cli_every_rule_set(capsys, tmp_path):
    code, text, err = run(capsys, "simulate", "--rules", "tianjin", "--deals", "200", "--seed", "1", "--no-progress")
    assert code == 0, err
    assert text.startswith("tianjin: 200 deals, seed 1") and "fan of the wins" in text
    code, text, err = run(capsys, "simulate", "--rules", "nowhere", "--deals", "10")
    assert code == 2 and text == ""
    assert err.startswith("mjpy: error: unknown rule set 'nowhere'") and err.count("\n") == 1
    out = tmp_path / "r.npz"
    code, text, err = run(capsys, "simulate", "--rules", "tuidaohu", "--option", "gui=fan", "--option", "qidui=4",
                          "--deals", "500", "--seed", "2", "--out", str(out), "--json", "--no-progress")
    assert code == 0, err
    d = json.loads(text)
    assert d["rules"] == "guangdong_tuidao" and d["rule_options"] == {"gui": "fan", "qidui": 4}
    ref = mjpy.simulate("guangdong_tuidao", deals=500, seed=2, rule_options={"gui": "fan", "qidui": 4})
    z = np.load(out)
    assert set(z.files) == set(ref.arrays())
    for k, v in ref.arrays().items():
        assert np.array_equal(z[k], v), k
    code, text, err = run(capsys, "simulate", "--rules", "qingyuan", "--deals", "100", "--no-fan", "--json")
    assert code == 0, err
    assert "fan_of_wins" not in json.loads(text) and json.loads(text)["deals"] == 100
    code, text, err = run(capsys, "simulate", "--rules", "tianjin", "--option", "qidui", "--deals", "10")
    assert code == 2 and "--option 'qidui': write KEY=VALUE" in err
