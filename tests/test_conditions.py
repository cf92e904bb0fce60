"""Inner Mongolia 内蒙 (docs/rules.md#neimenggu), Hebei 河北 (docs/rules.md#hebei), 八枝 (docs/rules.md#bazhi) and
the two-player 71-tile game (docs/rules.md#two-player-71): the rule sets whose sources give win conditions and no
scoring table, on the engine, against the plain references of tests/reference_conditions.py
on seeded random hands (tests/test_yangzhou.py's generator: complete hands of every motif, 0-2 melds with some
吃, seven pairs, near misses, junk): ``is_win`` equal, a refusal naming the condition that failed; ``score_batch``
and ``waits`` against ``score``; bad input.

Sizes: ``N`` hands per option (``N_SLOW`` under ``-m slow``).
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from conftest import raises_one_line
from mjpy import Meld, rules

import reference as P
import reference_conditions as C
from test_yangzhou import meld_obj, random_hand

N = 3000
N_SLOW = 20000
#: a word of each refusal's reason
REASON = {"open": "open", "pung": "pung or kong", "yaojiu": "么九", "chi": "吃", "shape": "not a complete hand",
          "suit": "eight tiles of one suit", "pon": "one 碰 at most"}


def _sweep(name, opts, ref, seed, n):
    rng = random.Random(seed)
    rs = rules.get(name, **opts)
    bad, wins, fails = [], 0, set()
    for _ in range(n):
        c, melds = random_hand(rng)
        w = rng.choice([t for t in range(34) if c[t]])
        want, why = ref(c, melds, **opts)
        r = rs.score(np.array(c, np.uint8), [meld_obj(k, t) for k, t in melds], w)
        wins += want
        fails.add(why)
        named = want or REASON[why] in r.reason or (why == "shape" and "seven pairs is not a win" in r.reason)
        if r.is_win != want or (not want and not named) or (want and r.total != 0):
            bad.append((P.to_str(c), melds, want, why, r.reason))
    assert not bad, f"{len(bad)} of {n} differ, e.g. {bad[:3]}"
    assert n // 10 < wins < n
    return fails


@pytest.mark.parametrize("yaojiu", ["tile", "pung"])
def test_neimenggu_matches_reference(yaojiu):
    fails = _sweep("neimenggu", {"yaojiu": yaojiu}, C.ref_neimenggu, 5, N)
    assert fails >= {"", "open", "pung", "yaojiu", "shape"}


@pytest.mark.parametrize("seven_pairs", [True, False])
def test_hebei_matches_reference(seven_pairs):
    fails = _sweep("hebei", {"seven_pairs": seven_pairs}, C.ref_hebei, 6, N)
    assert fails >= {"", "chi", "shape"}


def test_bazhi_matches_reference():
    fails = _sweep("bazhi", {}, C.ref_bazhi, 7, N)
    assert fails >= {"", "chi", "pon", "suit", "shape"}


@pytest.mark.parametrize("seven_pairs", [True, False])
def test_two_player_matches_reference(seven_pairs):
    """5,000 hands a setting: the win (standard, seven pairs) and the 花牌 (寶牌) total under the 13-番 cap."""
    rng = random.Random(f"two-player-{seven_pairs}")
    settings = [dict(), dict(baopai_fan=2), dict(baopai_fan=5, max_fan=13), dict(baopai_fan=3, max_fan=100)]
    bound = {i: rules.get("two_player_71", seven_pairs=seven_pairs, **o) for i, o in enumerate(settings)}
    wins = capped = 0
    for _ in range(5000):
        c, melds = random_hand(rng)
        w = rng.choice([t for t in range(34) if c[t]])
        i = rng.randrange(len(settings))
        bonus = rng.sample(range(34), rng.choice((0, 1, 2, 3)))
        want, total = C.ref_two_player(c, melds, seven_pairs, bonus, **settings[i])
        kw = {"bonus_tiles": list(bonus)} if bonus else {}
        r = bound[i].score(np.array(c, np.uint8), [meld_obj(k, t) for k, t in melds], w, **kw)
        if want and total is None:
            assert not r.is_win and r.detail["missing"] == ["baopai_fan"], (c, melds, bonus, r)
            continue
        assert r.is_win == want, (P.to_str(c), melds, r.reason)
        if want:
            assert r.total == total, (P.to_str(c), melds, bonus, settings[i], r)
            wins += 1
            capped += total == settings[i].get("max_fan", 13) and total > 0
    assert wins > 1000 and capped > 10


@pytest.mark.slow
def test_sweeps_slow():
    _sweep("bazhi", {}, C.ref_bazhi, 17, N_SLOW)
    for yaojiu in ("tile", "pung"):
        _sweep("neimenggu", {"yaojiu": yaojiu}, C.ref_neimenggu, 15, N_SLOW)
    _sweep("hebei", {"seven_pairs": True}, C.ref_hebei, 16, N_SLOW)


@pytest.mark.parametrize("name", ["neimenggu", "hebei", "bazhi"])
def test_batch_and_waits_match_score(name):
    rng = random.Random(9)
    rs = rules.get(name)
    cases = [random_hand(rng) for _ in range(300)]
    h = np.array([c for c, _ in cases], np.uint8)
    w = np.array([next(t for t in range(34) if c[t]) for c, _ in cases])
    ms = [[meld_obj(k, t) for k, t in m] for _, m in cases]
    for workers in (1, 2):
        got = rs.score_batch(h, w, melds=ms, workers=workers)
        want = [0 if rs.score(h[i], ms[i], int(w[i])).is_win else -1 for i in range(len(cases))]
        assert got.tolist() == want
    ref = {"neimenggu": C.ref_neimenggu, "hebei": C.ref_hebei, "bazhi": C.ref_bazhi}[name]
    waiting = 0
    for c, m in cases[:80]:
        c = list(c)
        c[next(t for t in range(34) if c[t])] -= 1
        got = {int(np.flatnonzero(P.parse(k))[0]) for k in rs.waits(np.array(c, np.uint8), [meld_obj(k, t) for k, t in m])}
        want = set()
        for t in range(34):
            held = c[t] + sum((t in (x, x + 1, x + 2)) if k == "chi" else (t == x) * (3 if k == "pon" else 4)
                              for k, x in m)
            if held < 4:
                c[t] += 1
                if ref(c, m)[0]:
                    want.add(t)
                c[t] -= 1
        assert got == want, (P.to_str(c), m)
        waiting += bool(want)
    assert waiting > 5


def test_examples_and_bad_input():
    nm = rules.get("neimenggu")
    open_pung = [Meld("pon", "555z")]
    assert nm.score("234m456p789s99s", melds=open_pung, win_tile="9s").is_win
    r = nm.score("234m456p678s88s", melds=[Meld("pon", "555p")], win_tile="8s")
    assert not r.is_win and "么九" in r.reason                       # no 1, 9 or honour anywhere
    assert not rules.get("neimenggu", yaojiu="pung").score("123m456p789s99s", melds=[Meld("chi", "234m")],
                                                          win_tile="9s").is_win
    assert rules.get("inner_mongolia").name == "neimenggu"
    raises_one_line(lambda: rules.get("neimenggu", yaojiu="x"), "yaojiu")
    raises_one_line(lambda: rules.get("hebei").score("123m456p789s11z2345s", win_tile="1z"), "expected 14")
    assert rules.get("hebei").score("1199m1199p1199s11z", win_tile="1z").is_win
    assert not rules.get("hebei", seven_pairs=False).score("1199m1199p1199s11z", win_tile="1z").is_win
