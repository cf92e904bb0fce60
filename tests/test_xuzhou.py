"""Xuzhou 徐州麻将 (docs/rules.md#xuzhou) on the engine (``rules.get("xuzhou")``).

* the rule engine against the plain reference tests/reference_xuzhou.py on seeded random cases of
  tests/regional_gen_xuzhou.py (``score``: is_win and total; ``waits``: the tiles; ``score_batch`` and
  ``dajiao_batch`` against the scalar calls), with the options drawn away from their defaults;
* the compiled engine against its plain-Python twin (``_core_python``) on the same cases;
* the source's examples (tests/data/regional_vectors.json): the 七對 hand XZ-01, the 夾 readings
  WT-XZ-01..03, the 配兒 indicators WC-XZ-01..02 and the templates TP-XZ-01..04;
* bad input: a 配兒 claimed on a discard, a 白板 in a meld, a 17-tile hand, no indicator, a bad
  ``jia_rank_range``: one-line ValueErrors.

Sizes: ``N_SCORE`` cases (``N_SCORE_SLOW`` under ``-m slow``), ``N_WAITS`` waiting hands.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from conftest import load_vectors, raises_one_line
from mjpy import Meld, rules
from mjpy.rules.engine import melds_array

import reference_xuzhou as X
import regional_gen_xuzhou as G

N_SCORE = 3000
N_SCORE_SLOW = 20000
N_WAITS = 300
N_WAITS_SLOW = 3000
NAMES = [X.tile_name(t) for t in range(34)]
VEC = {v["id"]: v for v in load_vectors("regional_vectors") if v["ruleset"] == "xuzhou"}


def xz(**opts):
    return rules.get("xuzhou", **opts)


def engine_melds(melds):
    return [Meld(k, [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4)) for k, t in melds]


def split(opts):
    """(rule-set options, situation flags) of the generator's options."""
    o = dict(opts)
    tianhu = o.pop("tianhu", False)
    return o, tianhu


# ---------------------------------------------------------------------------------------------
# the engine against the reference
# ---------------------------------------------------------------------------------------------
def _score_sweep(seed: int, n: int):
    rng = random.Random(seed)
    bad, wins = [], 0
    cache = {}
    for i, (h, melds, w, sd, f) in enumerate(G.random_xuzhou_hands(rng, n)):
        opts, tianhu = split(G.random_xuzhou_options(rng) if i % 3 == 0 else {})
        key = tuple(sorted(opts.items()))
        rs = cache.get(key) or cache.setdefault(key, xz(**opts))
        want = X.ref_xuzhou_score(h, melds, w, sd, tianhu, f, **opts)
        got = rs.score(np.array(h, np.uint8), engine_melds(melds), w, self_drawn=sd, tianhu=tianhu,
                       joker_tiles=[f])
        wins += want[0]
        if (got.is_win, got.total if got.is_win else 0) != want[:2]:
            bad.append((X.to_str(h), melds, NAMES[w], sd, NAMES[f], opts, want, got))
        elif got.is_win:
            assert got.fans[0][0] in want[2], (X.to_str(h), got, want)
        else:
            assert "\n" not in got.reason and got.reason.startswith("xuzhou: ")
    assert not bad, f"{len(bad)} of {n} differ, e.g. {bad[:4]}"
    assert n // 6 < wins < n                    # the sample reaches both sides


def test_score_matches_reference():
    _score_sweep(20261202, N_SCORE)


@pytest.mark.slow
def test_score_matches_reference_slow():
    _score_sweep(7, N_SCORE_SLOW)


def _waits_sweep(seed: int, n: int):
    rng = random.Random(seed)
    bad, waiting = [], 0
    rs = xz()
    for h, melds, sd, f in G.random_xuzhou_waiting(rng, n):
        want = X.ref_xuzhou_waits(h, melds, sd, False, f)
        got = rs.waits(np.array(h, np.uint8), engine_melds(melds), joker_tiles=[f],
                       **({"self_drawn": True} if sd else {}))
        if not sd:                              # the engine's default: the better of a self-draw and a discard
            want = X.ref_xuzhou_waits(h, melds, True, False, f) | want
        waiting += bool(want)
        if {X.tile(t) for t in got} != want:
            bad.append((X.to_str(h), melds, sd, NAMES[f], sorted(got), sorted(NAMES[t] for t in want)))
        for r in got.values():
            assert r.is_win and r.total == 1
    assert not bad, f"{len(bad)} of {n} differ, e.g. {bad[:4]}"
    assert n // 5 < waiting < n


def test_waits_match_reference():
    _waits_sweep(99, N_WAITS)


@pytest.mark.slow
def test_waits_match_reference_slow():
    _waits_sweep(5, N_WAITS_SLOW)


@pytest.mark.parametrize("workers", [1, 2])
def test_batch_matches_scalar(workers):
    rng = random.Random(31)
    cases = list(G.random_xuzhou_hands(rng, 400))
    rs = xz()
    h = np.array([c[0] for c in cases], np.uint8)
    w = np.array([c[2] for c in cases])
    sd = np.array([c[3] for c in cases])
    jt = [[c[4]] for c in cases]
    m = melds_array([engine_melds(c[1]) for c in cases])
    got = rs.score_batch(h, w, melds=m, self_drawn=sd, joker_tiles=jt, workers=workers)
    want = [X.ref_xuzhou_score(*c[:4], False, c[4])[1] or -1 for c in cases]
    assert got.tolist() == want
    # 查大叫 of the hands less their winning tile: the best wait, -1 where none
    h13 = h.copy()
    h13[np.arange(len(h)), w] -= 1
    dj = rs.dajiao_batch(h13, melds=m, joker_tiles=jt, workers=workers)
    want = [1 if X.ref_xuzhou_waits(list(h13[i]), cases[i][1], True, False, cases[i][4]) else -1
            for i in range(len(cases))]
    assert dj.tolist() == want


def test_jia_aim_and_totals_only_cuts():
    """Xuzhou's aim (the winning tile in the middle of a chow or not, the class of its rank the table tells apart,
    a joker or not) and the batches' cuts (totals only: the first reading of the aim's total; the standard form
    skipped where no reading of it passes the win conditions, 夾 among them; the second pass reading only the
    winning tile in a middle): ``score_rows`` gives the reference's totals with either search, its stops and
    without (``_set_aim``), on seeded hands of 0-4 配兒 with rank ranges, ``peier_jia`` and 天胡 drawn; and reads
    far fewer readings than the full search, none on most losing hands with 配兒; ``score_one`` (the reading
    shown, or the failed condition) is the full search's."""
    from mjcore import engine as E
    from mjpy.rules.engine.scoring import _flag_bits, _mask, _meld_codes
    from test_engine_compiled import totals_only_runs
    rng = random.Random(2031)
    groups = {}
    for i, (h, melds, w, sd, f) in enumerate(G.random_xuzhou_hands(rng, 3000)):
        opts, tianhu = split(G.random_xuzhou_options(rng) if i % 2 else {})
        key = tuple(sorted(opts.items()))
        rs = groups.setdefault(key, (xz(**opts), []))[0]
        s = rs._situation(dict(self_drawn=sd, tianhu=tianhu))
        args = (rs.compiled.program, bytes(h), _meld_codes(melds), w, _flag_bits(s), 27, 27, _mask([f]))
        want = X.ref_xuzhou_score(h, melds, w, sd, tianhu, f, **opts)
        groups[key][1].append((args, want[1] if want[0] else -1, h[f]))
    assert rs.compiled.program.aim_kind & 128 and rs.compiled.program.aim_seven & 128     # (AIM_MIDDLE)
    read = [0, 0]                               # readings of the 3-4 配兒 wins, with the stops and without
    lose_none = lose = 0                        # losing hands with 配兒: those that read no reading
    for rs, rows in groups.values():
        runs = totals_only_runs(rs.compiled.program, [a for a, _, _ in rows])
        want = [t for _, t, _ in rows]
        for out, status in runs:
            assert [t if st == E.STATUS_WIN else -1 for t, st in zip(out, status)] == want
        for args, t, k in rows:
            stops = E.search_counts(*args, False)[0]
            try:
                E._set_aim(False)
                full = E.search_counts(*args, False)[0]
            finally:
                E._set_aim(True)
            if k >= 3 and t > 0:
                read[0] += stops
                read[1] += full
            elif k and t < 0:
                lose += 1
                lose_none += stops == 0
    assert read[0] * 3 < read[1], read
    assert lose >= 200 and lose_none >= 0.8 * lose, (lose, lose_none)
    # score_one (the reading shown, the failed condition named) reads with the aim alike as without any stop
    for rs, rows in groups.values():
        for args, _, k in rows[:400]:
            if k:
                try:
                    got = []
                    for on in (True, False):
                        E._set_aim(on)
                        got.append(E.score_one(*args, True))
                finally:
                    E._set_aim(True)
                assert got[0] == got[1], args


def test_compiled_matches_python_twin():
    rng = random.Random(4)
    rs = xz()
    n = 0
    for h, melds, w, sd, f in G.random_xuzhou_hands(rng, 250):
        c = np.array(h, np.uint8)
        ms = [(k, t) for k, t in melds]
        s = rs._situation(dict(self_drawn=sd))
        a, b = rs._core(c, ms, w, s, (f,)), rs._core_python(c, ms, w, s, (f,))
        assert (a.is_win, a.total, a.fans) == (b.is_win, b.total, b.fans), (X.to_str(h), melds, w, f, a, b)
        n += a.is_win
    assert n > 40


# ---------------------------------------------------------------------------------------------
# the source's examples
# ---------------------------------------------------------------------------------------------
def test_xuzhou_vectors_are_present():
    assert sorted(VEC) == ["TP-XZ-01", "TP-XZ-02", "TP-XZ-03", "TP-XZ-04", "WT-XZ-01", "WT-XZ-02", "WT-XZ-03",
                           "XZ-01"]


def test_XZ_01_seven_pairs_without_jia():
    v = VEC["XZ-01"]
    for win in ("1p", "9m", "2m"):              # any tile of the hand: 七對 needs no 夾
        r = xz().score(v["hand"], win_tile=win, indicator="4s")        # 配兒 5s: not in the hand
        assert r.is_win == v["expected"]["is_win"] and r.fans == [("七對", 1)] and r.total == 1
    assert not xz(allow_quad=False).score(v["hand"], win_tile="1p", indicator="4s").is_win


@pytest.mark.parametrize("vid", ["WT-XZ-01", "WT-XZ-02", "WT-XZ-03"])
def test_WT_XZ_jia_readings(vid):
    v = VEC[vid]
    # the shape inside a standard hand whose other tiles are fixed sets (and the pair)
    win = v["win_tile"]
    text = {"WT-XZ-01": "46m123p789p456s11s", "WT-XZ-02": "13m123p789p456s11s",
            "WT-XZ-03": "5m123p789p456s123s"}[vid] + win
    r = xz().score(text, win_tile=win, indicator="1z")                 # 配兒 2z: none held
    assert r.is_win == v["expected"]["valid_jia"], (text, r)
    if not r.is_win:
        assert "夾" in r.reason


@pytest.mark.parametrize("vid", ["WC-XZ-01", "WC-XZ-02"])
def test_WC_XZ_peier_and_baiban(vid):
    v = next(x for x in load_vectors("indicators") if x["id"] == vid)
    rs = xz()
    assert [NAMES[t] for t in rs.joker_kinds(v["indicator"])] == v["expected_wild_kinds"]
    face = X.tile(v["baiban_stands_in_for"])
    # the 白板 are tiles of the 配兒 kind: 777z is a pung of it
    r = rs.score("777z123p789p456s22z", win_tile="2z", indicator=v["indicator"])
    assert not r.is_win and "夾" in r.reason                 # a pair win: not a 夾
    r = rs.score("777z123p789p11s57s6s", win_tile="6s", indicator=v["indicator"])
    assert r.is_win and sorted(g[0] for g in r.reading.groups)[-1] == "pung"
    assert {rep for k, slots in r.reading.groups for rep, phys in slots if phys == X.tile("7z")} == {face}


def test_TP_XZ_01_template_every_jia():
    """11 123 234 456 567 (the source gives no suits): 11m 234m 456m 567m + 123p wins exactly on the
    tiles that can be the middle of a chow at rank 4-8 in some reading (5m and 6m), self-drawn or not."""
    rs = xz()
    base = X.parse("11234456567m123p")
    seen = {}
    for t in range(9):
        if base[t] == 0:
            continue
        c = np.array(base, np.uint8)
        r = rs.score(c, win_tile=t, indicator="1z")
        want = X.ref_xuzhou_score(list(base), (), t, False, False, X.tile("2z"))
        assert (r.is_win, r.total) == want[:2]
        seen[NAMES[t]] = r.is_win
    assert seen == {"1m": False, "2m": False, "3m": False, "4m": False, "5m": True, "6m": True, "7m": False}


def test_TP_XZ_02_luanpai():
    rs = xz()
    full = ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "1z", "2z", "3z", "4z", "5z", "6z"]
    for drop in ("1m", "5p", "9s", "6z"):
        text = "".join(t for t in full if t != drop)
        text = "".join(x[0] for x in text.split() if x) if False else "".join(t[0] + t[1] for t in full if t != drop)
        for win in ("1m", "9s", "4z"):
            if win == drop:
                continue
            r = rs.score(text, win_tile=win, indicator="5z")            # 配兒 6z (发): a 亂牌 kind
            want = X.ref_xuzhou_score(text, (), win, False, False, X.tile("6z"))
            assert (r.is_win, r.total) == want[:2], (text, win)
            if drop != "6z":                    # the 发 in the hand is a 配兒: the hand still reads as 亂牌
                assert r.is_win and r.form == "honors_and_knitted" and r.fans == [("亂牌", 1)]
    assert not rs.score("147m258p369s1234z1m", win_tile="1m", indicator="5z").is_win    # 1m twice


def test_TP_XZ_03_seven_pairs_with_two_peier():
    """七對跑配 (read as two 配兒 pairing two singles + five pairs): a 七對 win, self-drawn or not."""
    rs = xz()
    r = rs.score("1133m5577p99s13z22z", win_tile="3z", indicator="1z")   # 22z: the two 配兒 (南)
    assert r.is_win and r.fans == [("七對", 1)]


def test_TP_XZ_04_four_peier_win_any_shape():
    rs = xz()
    for text, win in (("1359m147p258s2222z", "1m"), ("19m19p19s1357z2222z", "9s")):
        r = rs.score(text, win_tile=win, indicator="1z")
        assert r.is_win and r.fans == [("跑配成牌", 1)] and r.total == 1, text
    assert not rs.score("1359m147p258s3z222z", win_tile="1m", indicator="1z").is_win    # three 配兒


def test_tianhu_doubles():
    r = xz().score("123m456p789s46s77z5s", win_tile="5s", indicator="1m", self_drawn=True, tianhu=True)
    assert r.is_win and r.total == 2 and ("天胡", 2) in r.detail["factors"]


def test_baiban_plays_the_peier_face_and_waits_on_physical_tiles():
    rs = xz()
    # indicator 1m: 2m is 配兒, 77z are two 2m
    w = rs.waits("123m456p789s46s77z", indicator="1m")
    assert sorted(w) == ["2m", "5s"]            # 5s, or a drawn 配兒 standing for it
    assert str(w["5s"].reading).endswith("2m(7z) 2m(7z)") or "2m(7z)" in str(w["5s"].reading)
    # indicator 4m: 5m is 配兒, a 白板 is a 5m: the 白板 between 4m and 6m is a 夾 (on a discard too: not a 配兒)
    r = rs.score("46m123p789p456s11s7z", win_tile="7z", indicator="4m")
    assert r.is_win and str(r.reading).startswith("4m 5m(7z) 6m")
    assert not rs.score("46m123p789p456s11s7z", win_tile="7z", indicator="1m").is_win    # 7z is 2m there


def test_peier_jia_option():
    text, win = "11m123456p46789s2z", "2z"      # the drawn 配兒 (南) stands for 5s
    assert xz().score(text, win_tile=win, indicator="1z", self_drawn=True).is_win
    r = xz(peier_jia=False).score(text, win_tile=win, indicator="1z", self_drawn=True)
    assert not r.is_win and "peier_jia" in r.reason


def test_jia_rank_range_option():
    text = "11m123456p45789s6s"                 # 6s ends 456s: never a middle
    assert not xz(jia_rank_range=(1, 9)).score(text, win_tile="6s", indicator="1z").is_win
    text = "11m456789p123s456s3s"               # 3s... no: 23?s: win 2s in 123s
    r = xz(jia_rank_range=(1, 9)).score("11m456789p13s456s2s", win_tile="2s", indicator="1z")
    assert r.is_win
    assert not xz().score("11m456789p13s456s2s", win_tile="2s", indicator="1z").is_win


# ---------------------------------------------------------------------------------------------
# bad input
# ---------------------------------------------------------------------------------------------
def test_bad_input():
    rs = xz()
    raises_one_line(lambda: rs.score("123m456p789s4s77z22m", win_tile="2m", indicator="1m"),
                    "cannot be claimed")
    raises_one_line(lambda: rs.score("123456p46789s5s", melds=[Meld("pon", "777z")], win_tile="5s", indicator="1z"),
                    "play values")
    raises_one_line(lambda: rs.score("123456789m123p456s11z", win_tile="1z", indicator="1z"), "expected 14")
    raises_one_line(lambda: rs.score("11m123456p46789s5s", win_tile="5s"), "indicator")
    raises_one_line(lambda: xz(jia_rank_range=(0, 8)), "jia_rank_range")
    raises_one_line(lambda: rs.score("11m123456p46789s5s", win_tile="5s", joker_tiles=["1m", "2m"]), "one kind")
    h = np.array([X.parse("123m456p789s4s77z22m")], np.uint8)
    raises_one_line(lambda: rs.score_batch(h, np.array([1]), indicator="1m"), "hands[0]")


def test_facts_reading_by_reading():
    """Every reading the compiled engine scores (``dump_readings``, on the hand with the stand-in traded in)
    has the facts of the Python twin (``facts``: 夾 = ``win_middle`` / ``win_rank``, ``win_joker``, the
    亂牌 form ``knitted``), and without jokers the readings are the twin's (``readings``)."""
    from mjcore import engine as E
    from mjpy.rules.engine.facts import FACTS, Situation, facts
    from mjpy.rules.engine.readings import Reading, readings
    from mjpy.rules.engine.scoring import _flag_bits, _mask, _meld_codes, swap_stand_in

    rng = random.Random(12)
    rs = xz()
    checked = plain = 0
    seen_facts = {"win_middle": set(), "win_rank": set(), "win_joker": set(), "knitted": set()}
    for h, melds, w, sd, f in G.random_xuzhou_hands(rng, 300):
        ms = [(k, t) for k, t in melds]
        s = rs._situation(dict(self_drawn=sd))
        c, w2, jk, _ = swap_stand_in(33, [int(x) for x in h], w, (f,))
        c = np.array(c, np.uint8)
        dumped = E.dump_readings(rs.compiled.program, np.array(h, np.uint8).tobytes(), _meld_codes(ms), w,
                                 _flag_bits(s), s["seat_wind"], s["round_wind"], _mask((f,)))
        pre = c.astype(int).tolist()
        pre[w2] -= 1
        keys = set()
        for form, groups, win, cf in dumped:
            keyed = [(kind, tuple(sorted(slots))) for kind, slots in groups]
            ordered = tuple(sorted(keyed))
            rd = Reading(form, ordered, (ordered.index(keyed[win[0]]), tuple(win[1])))
            keys.add((form, ordered, rd.groups[rd.win[0]], rd.win[1]))
            pf = facts(rd, ms, Situation(s), jk, pre, 4)
            pf.update(s)
            pf.update(n_chi=sum(1 for k, _ in ms if k == "chi"),
                      joker_melded=int(any(k in ("pon", "minkan", "kakan") and t in jk for k, t in ms)))
            diff = {k: (cf[i], pf[k]) for i, k in enumerate(FACTS) if int(pf[k]) != cf[i]}
            assert not diff, (X.to_str(h), melds, NAMES[w], NAMES[f], str(rd), diff)
            for k in seen_facts:
                seen_facts[k].add(int(pf[k]))
            checked += 1
        if not c[33]:                               # no joker: the readings are the twin's
            py = readings(c.astype(int).tolist(), n_sets=4 - len(ms), win_tile=w2, jokers=jk, kinds=rs.kinds,
                          seven_pairs=not ms, any_jokers=4, knit_honors=(27, 28, 29, 30, 31, 32),
                          meld_tiles=[x for k, t in ms for x in ([t, t + 1, t + 2] if k == "chi" else
                                                                 [t] * (3 if k == "pon" else 4))])
            assert keys == {(r.form, r.groups, r.groups[r.win[0]], r.win[1]) for r in py}, X.to_str(h)
            plain += 1
    assert checked > 300 and plain > 30
    assert all(len(v) >= 2 for v in seen_facts.values()), seen_facts
