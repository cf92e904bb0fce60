"""Sichuan's fan tables on the rule engine (mjpy.rules.sichuan_tables): ``rules.get("sichuan_*")``
and the module mjpy.rules.sichuan (which scores on the same engine) against the plain reference
scorer tests/reference_sichuan.py (its own tables, facts by counting, shapes by tests/reference.py).

* scalar: ``is_win``, the total and the fans (as a multiset) agree with the reference on seeded hands of
  the three profiles under every option that changes the table (docs/rules.md: 根 counting #c07, 带幺九's
  pair #c03, the cap, 清七对 8分 #c01, 抢杠 #c09, chengdu's doubling), with melds, 定缺 and every situation
  flag; the module's ``ScoreResult`` carries the engine's detail (base row, 根, multiplier, points, cap);
* the compiled engine and its plain-Python twin agree on the same hands;
* batch: ``score_batch`` (the rule set's and the module's) equals the reference row by row (定缺 and 杠上炮
  per row);
* waits: ``waits``, ``tenpai_scores``, ``dajiao_batch`` and ``best_fan_if_tenpai_batch`` equal the
  reference over every tile, exhausted waits included (a virtual fifth copy, option
  ``count_exhausted_waits``), and without them when the option is off.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

import mjpy
import reference_sichuan as REF
from mjpy import Meld
from mjpy.rules import sichuan
from mjpy.rules.bindings import sichuan_on_engine

PROFILES = ("sichuan_fan", "sichuan_points", "chengdu_simple")
OPTION_SETS = (
    {}, {"gen_counts_pon_plus_held": False}, {"kong_counts_as_gen": True},
    {"daiyaojiu_pair_must_contain_terminal": False}, {"max_fan": 3},
)
POINTS_ONLY = ({"qing_qidui_8": True}, {"qianggang_mode": "row"})
CHENGDU_ONLY = ({"combination": "doubling", "base_points": 4},)
N_HANDS = 500               # per profile and option set


def _random_set(rng: random.Random, suits, chow_share: float):
    """``("chow", lowest tile)`` or ``("pung", tile)`` in one of ``suits``."""
    s = rng.choice(suits)
    if rng.random() < chow_share:
        return "chow", 9 * s + rng.randrange(7)
    return "pung", 9 * s + rng.randrange(9)


def _add(c, kind: str, t: int) -> None:
    for d in (range(3) if kind == "chow" else (0, 0, 0)):
        c[t + d] += 1


def _with_melds(c, melds):
    """Copies of each kind in the hand and its melds."""
    total = list(c)
    for m in melds:
        for t in m.tiles:
            total[t] += 1
    return total


def complete_hand(rng: random.Random):
    """A random complete Sichuan hand (counts, melds) in one, two or three suits; ``None`` when a
    draw holds a fifth copy."""
    suits = rng.sample(range(3), rng.choice([1, 2, 2, 3]))
    c = [0] * 34
    melds = []
    if rng.random() < 0.25:
        for _ in range(7):
            c[9 * rng.choice(suits) + rng.randrange(9)] += 2
        return (c, []) if max(c) <= 4 else None
    n_melds = rng.choice([0, 0, 1, 2, 3, 4])
    for i in range(4):
        kind, t = _random_set(rng, suits, 0.5)
        if kind == "pung" and i < n_melds:
            meld = rng.choice(["pon", "pon", "minkan", "ankan", "kakan"])
            melds.append(Meld(meld, [t] * (3 if meld == "pon" else 4)))
        else:
            _add(c, kind, t)
    c[9 * rng.choice(suits) + rng.randrange(9)] += 2
    return (c, melds) if max(_with_melds(c, melds)) <= 4 else None


def situation(rng: random.Random, melds) -> dict:
    self_drawn = rng.random() < 0.5
    flags = dict(self_drawn=self_drawn)
    u = rng.random()
    if self_drawn and u < 0.2:
        flags["after_kong"] = True
    elif not self_drawn and u < 0.15:
        flags["kong_discard"] = True
    elif not self_drawn and u < 0.3:
        flags["robbing_kong"] = True
    if not melds and rng.random() < 0.05:
        flags["tianhu"] = True
    elif not melds and rng.random() < 0.05:
        flags["dihu"] = True
    flags["dingque"] = rng.choice([None, None, "m", "p", "s"])
    return flags


def cases(seed, n):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        x = complete_hand(rng)
        if x is None:
            continue
        c, melds = x
        win = rng.choice([t for t in range(34) if c[t]])
        out.append((np.array(c, np.uint8), melds, win, situation(rng, melds)))
    return out


def _option_cases():
    for p in PROFILES:
        for o in OPTION_SETS + (POINTS_ONLY if p == "sichuan_points" else ()) + \
                (CHENGDU_ONLY if p == "chengdu_simple" else ()):
            yield p, o


def reference(c, melds, o, flags):
    """The reference's answer for a hand (``flags`` as ``score`` takes them)."""
    pons = [m.tiles[0] for m in melds if m.kind == "pon"]
    kongs = [m.tiles[0] for m in melds if m.kind != "pon"]
    f = dict(flags)
    dq = f.pop("dingque", None)
    return REF.score(c, pons, kongs, o=o, dingque=None if dq is None else "mps".index(dq), **f)


@pytest.mark.parametrize("profile,opts", list(_option_cases()))
def test_engine_scores_as_the_reference(profile, opts):
    o = sichuan.SichuanOptions.preset(profile, **opts)
    rs = sichuan_on_engine(profile, **opts)
    wins = 0
    for c, melds, win, flags in cases(f"sc-engine-{profile}-{sorted(opts.items())}", N_HANDS):
        want = reference(c, melds, o, flags)
        a = sichuan.score(c, melds, win, options=o, **flags)
        b = rs.score(c, melds, win, **flags)
        assert a.is_win == b.is_win == want.is_win, (c, melds, win, flags, want, b)
        if want.is_win:
            wins += 1
            assert b.total == a.total_fan == want.total, (c, melds, win, flags, want, b)
            assert sorted(b.fans) == sorted((f.name, f.value) for f in a.fans) == sorted(want.fans), \
                (c, melds, win, flags, want, b)
            d = b.detail
            assert (d["base"], d["base_fan"], d["gen"], d["multiplier"], d["points"], d["capped"],
                    d["uncapped_total"]) == (a.base, a.base_fan, a.gen, a.multiplier, a.points, a.capped,
                                             a.uncapped_total), (c, melds, win, flags, a, d)
    assert wins > N_HANDS // 4              # the seeded hands are mostly legal wins


@pytest.mark.parametrize("profile", PROFILES)
def test_compiled_and_python_twin_agree(profile):
    rs = sichuan_on_engine(profile)
    for c, melds, win, flags in cases(f"sc-twin-{profile}", 300):
        _, ms = rs._hand(c, melds, 14)
        s = rs._situation(dict(flags))
        a = rs._core(c, ms, win, s, ())
        b = rs._core_python(c, ms, win, s, ())
        assert (a.is_win, a.total, sorted(a.fans)) == (b.is_win, b.total, sorted(b.fans)), (c, melds, win, flags)


def _meld_codes(melds_lists):
    from mjpy.rules.engine import melds_array
    return melds_array(melds_lists)


@pytest.mark.parametrize("workers", [1, 2])
def test_engine_batch_is_the_reference(workers):
    rows = cases("sc-batch", 1500)
    hands = np.array([r[0] for r in rows])
    wins = np.array([r[2] for r in rows])
    melds = [r[1] for r in rows]
    self_drawn = np.array([r[3]["self_drawn"] for r in rows])
    kong_discard = np.array([r[3].get("kong_discard", False) for r in rows])
    dingque = [r[3]["dingque"] for r in rows]
    for profile in PROFILES:
        o = sichuan.SichuanOptions.preset(profile)
        want = []
        for (c, ms, _, _), sd, kd, dq in zip(rows, self_drawn, kong_discard, dingque):
            r = reference(c, ms, o, dict(self_drawn=bool(sd), kong_discard=bool(kd), dingque=dq))
            want.append(r.total if r.is_win else -1)
        rs = sichuan_on_engine(profile)
        got = rs.score_batch(hands, wins, melds=_meld_codes(melds), self_drawn=self_drawn,
                             kong_discard=kong_discard, dingque=dingque, workers=workers)
        np.testing.assert_array_equal(got, want)
        np.testing.assert_array_equal(sichuan.score_batch(hands, wins, melds=melds, self_drawn=self_drawn,
                                                          kong_discard=kong_discard, dingque=dingque,
                                                          profile=profile, workers=workers), want)
        as_ints = np.array([-1 if d is None else "mps".index(d) for d in dingque])
        np.testing.assert_array_equal(rs.score_batch(hands, wins, melds=_meld_codes(melds), self_drawn=self_drawn,
                                                     kong_discard=kong_discard, dingque=as_ints, workers=workers),
                                      want)


def _exhausted_wait(rng: random.Random):
    """A waiting hand that holds all four copies of a kind ``t`` and waits on ``t``: a pung and a
    pair of ``t`` (concealed, or the pung declared) with three more sets, less one ``t``."""
    t = rng.randrange(27)
    suits = sorted({t // 9, rng.randrange(3)})
    c = [0] * 34
    melds = []
    if rng.random() < 0.5:
        c[t] += 5
    else:
        melds.append(Meld("pon", [t] * 3))
        c[t] += 2
    for _ in range(3):
        _add(c, *_random_set(rng, suits, 0.6))
    total = _with_melds(c, melds)
    if total[t] != 5 or max(total[x] for x in range(34) if x != t) > 4:
        return None
    c[t] -= 1
    return np.array(c, np.uint8), melds


def _waiting_hands(seed, n, exhausted_share=0.3):
    """Waiting hands (counts, melds): a tile taken from a complete hand, or (``exhausted_share``) a
    hand waiting on a kind whose four copies it holds (:func:`_exhausted_wait`)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        if rng.random() < exhausted_share:
            x = _exhausted_wait(rng)
            if x is not None:
                out.append(x)
            continue
        x = complete_hand(rng)
        if x is None:
            continue
        c, melds = x
        c[rng.choice([t for t in range(34) if c[t]])] -= 1
        out.append((np.array(c, np.uint8), melds))
    return out


def reference_waits(c, melds, o, dq):
    """{tile name: reference answer} of every tile that wins a discard on the waiting hand."""
    held = _with_melds(c.tolist(), melds)
    out = {}
    for t in range(27):
        if held[t] >= (5 if o.count_exhausted_waits else 4):
            continue
        c14 = c.copy()
        c14[t] += 1
        r = reference(c14, melds, o, dict(dingque=dq))
        if r.is_win:
            out[sichuan.TILE_NAMES[t]] = r
    return out


@pytest.mark.parametrize("count_exhausted", [True, False])
@pytest.mark.parametrize("profile", PROFILES)
def test_engine_waits_are_the_reference(profile, count_exhausted):
    o = sichuan.SichuanOptions.preset(profile, count_exhausted_waits=count_exhausted)
    rs = sichuan_on_engine(profile, count_exhausted_waits=count_exhausted)
    rng = random.Random(f"sc-waits-dq-{profile}")
    exhausted = 0
    hands, ms, dqs, best = [], [], [], []
    for c, melds in _waiting_hands(f"sc-waits-{profile}-{count_exhausted}", 200):
        dq = rng.choice([None, "m", "p", "s"])
        want = reference_waits(c, melds, o, dq)
        got = rs.waits(c, melds, dingque=dq)
        own = sichuan.tenpai_scores(c, melds, dq, options=o)
        assert set(got) == set(want) == set(own), (c, melds, dq)
        for t in got:
            assert got[t].total == own[t].total_fan == want[t].total, (c, melds, dq, t)
            assert sorted(got[t].fans) == sorted((f.name, f.value) for f in own[t].fans) == sorted(want[t].fans)
        totals = [r.total for r in want.values()]
        best.append(-1 if not totals else (max(totals) if o.chadajiao == "max" else min(totals)))
        held = _with_melds(c.tolist(), melds)
        exhausted += sum(1 for t in got if held[sichuan.tile_index(t)] == 4)
        hands.append(c)
        ms.append(melds)
        dqs.append(dq)
    assert (exhausted > 10) == count_exhausted          # the exhausted waits were exercised (and only then)
    hands = np.array(hands)
    got = rs.dajiao_batch(hands, melds=_meld_codes(ms), dingque=dqs, lowest=o.chadajiao == "min", workers=2)
    np.testing.assert_array_equal(got, best)
    np.testing.assert_array_equal(sichuan.best_fan_if_tenpai_batch(hands, melds=ms, dingque=dqs, options=o), best)
    assert [-1 if v is None else v for v in (sichuan.best_fan_if_tenpai(h, m, d, options=o)
                                              for h, m, d in zip(hands[:50], ms, dqs))] == best[:50]


def test_engine_sichuan_bad_input_is_one_line():
    rs = sichuan_on_engine("sichuan_fan")
    for call, text in (
        (lambda: rs.score("11222244p557799m", win_tile="9m", dingque="x"), "dingque must be a suit"),
        (lambda: rs.score("11222244p5577m11z", win_tile="1z"), "not used in this rule set"),
        (lambda: rs.score("11222244p557799m", win_tile="9m", self_drawn=True, kong_discard=True), "杠上炮"),
        (lambda: sichuan_on_engine("sichuan_fan", max_fan=0), "max_fan"),
        (lambda: sichuan_on_engine("guobiao"), "not a Sichuan profile"),
        (lambda: rs.score_batch(np.zeros((1, 34), np.uint8), [0], dingque=["q"]), "dingque must be a suit"),
        (lambda: rs.score_batch(np.zeros((2, 34), np.uint8), [0, 0], dingque=["m", "x"]), r"hands\[1\].*dingque"),
        (lambda: rs.score_batch(np.zeros((2, 34), np.uint8), [0, 0], dingque=np.array([0, 3])),
         r"hands\[1\].*dingque array"),
    ):
        with pytest.raises(ValueError, match=text) as e:
            call()
        assert "\n" not in str(e.value)


def test_engine_sichuan_refuses_by_rule():
    rs = sichuan_on_engine("sichuan_fan")
    r = rs.score("123m456p789s11m234m", win_tile="1m")
    assert not r.is_win and "缺一门" in r.reason
    r = rs.score("11222244p557799m", win_tile="9m", dingque="p")
    assert not r.is_win and "定缺" in r.reason
    assert sichuan_on_engine("sichuan_fan", dingque="p").score("11222244p557799m", win_tile="9m").reason == r.reason
    # the 定缺 option reaches every path of score(): a count array, a list of counts (the checked path), a tile index
    bound = sichuan_on_engine("sichuan_fan", dingque="p")
    counts = mjpy.parse("11222244p557799m")
    for hand in (counts, counts.tolist(), "11222244p557799m"):
        for win in ("9m", 8):
            assert bound.score(hand, win_tile=win).reason == r.reason


@pytest.mark.parametrize("profile", PROFILES)
def test_results_built_by_the_engine(profile):
    """score() (its fast path: no dingque) gets a win's Result built by the engine, Sichuan's detail
    (基本分 × multiplier, 根, capped) included (ResultMaker): every field as built from score_one's tuple
    (test_engine_compiled.result_fields); waits() gives each wait the Result score() gives that win
    self-drawn or on a discard."""
    from mjcore import engine as E
    from mjpy.rules.engine.scoring import _flag_bits, _meld_codes
    from test_engine_compiled import DEFERRED_KEYS, result_fields

    rs = sichuan_on_engine(profile)
    wins = 0
    for c, melds, win, flags in cases(f"sc-maker-{profile}", 150):
        flags = {k: v for k, v in flags.items() if k != "dingque"}
        r = rs.score(c, melds, win, **flags)
        if not r.is_win:
            continue
        _, ms = rs._hand(c, melds, 14)
        s = rs._situation(dict(flags))
        out = E.score_one(rs.compiled.program, c.tobytes(), _meld_codes(ms), win, _flag_bits(s), s["seat_wind"],
                          s["round_wind"], 0, False)
        assert set(r.__dict__) == DEFERRED_KEYS, (c, melds, win, flags)     # (the rest built when first read)
        r.fans                                  # noqa: B018
        assert r.__dict__ == result_fields(rs, *out), (c, melds, win, flags)
        wins += 1
    assert wins > 50
    n = 0
    for c, melds in _waiting_hands(f"sc-maker-waits-{profile}", 60):
        for t, r in rs.waits(c, melds).items():
            c14 = c.copy()
            c14[mjpy.tiles.tile_index(t)] += 1
            if c14.max() > 4 or any(m.tiles[0] == mjpy.tiles.tile_index(t) for m in melds if m.kind != "chi"):
                continue                        # (a wait on a kind all four of which are held: no hand to score)
            scored = [rs.score(c14, melds, t, self_drawn=sd) for sd in (True, False)]
            assert r in scored, (c, melds, t)               # (waits keeps the better situation)
            assert r.__dict__ in [x.__dict__ for x in scored]   # (its fields built: the detail too)
            n += 1
    assert n > 30
