"""mjpy.advise: the rows, the CLI (`mjpy advise`), the batch form, and the cases with a known answer.

The dynamic programme itself is compared with the plain reference (tests/reference_advise.py) in
tests/test_advise.py; here: what a user sees.
"""
import json

import numpy as np
import pytest

import mjpy
from mjpy.advice import advise, advise_batch
from mjpy.cli import main

from conftest import rng_for


def closed_form(R, w, k):
    """A tenpai hand that keeps its wait: won within k draws with 1 - prod (R - w - i) / (R - i)."""
    p = 1.0
    for i in range(k):
        p *= (R - w - i) / (R - i)
    return 1 - p


def test_sichuan_example_rows():
    adv = advise("11234577m345789p", rules="sichuan_fan", turns=12, dingque="s")
    best = adv[0]
    assert best.discard == "1m" and best.shanten == 0
    assert best.useful == [("3m", 3), ("6m", 4)]
    # 108 tiles, 14 in the hand: 94 unseen; the wait 36m has 7 live copies
    assert adv.unseen == 94 and adv.dingque == "s" and adv.unit == "番"
    for t in range(13):
        assert best.win_prob[t] == pytest.approx(closed_form(94, 7, t), abs=1e-12)
    assert best.tenpai_prob[0] == 1.0
    assert best.value == pytest.approx(best.win_prob[12])
    # rows come best first
    vals = [r.value for r in adv if r.value == r.value]
    assert vals == sorted(vals, reverse=True)
    # every distinct discard has a row
    assert sorted(r.discard for r in adv) == sorted({"1m", "2m", "3m", "4m", "5m", "7m", "3p", "4p", "5p", "7p",
                                                     "8p", "9p"})


def test_rows_raising_shanten_are_solved_on_request():
    adv = advise("11234577m345789p", rules="sichuan_fan", turns=6, dingque="s")
    raised = [r for r in adv if r.shanten == 1]
    assert raised and all(np.isnan(r.value) for r in raised)
    assert all(r.useful for r in raised)
    adv2 = advise("11234577m345789p", rules="sichuan_fan", turns=6, dingque="s", shanten_down=True)
    raised2 = {r.discard: r for r in adv2 if r.shanten == 1}
    assert set(raised2) == {r.discard for r in raised}
    assert all(0 <= r.value < adv2[0].value for r in raised2.values())


def test_expected_value_is_win_probability_times_the_total_for_one_wait():
    # 1112345678999m + 1p: discard 1p -> 九莲宝灯 pure nine gates waiting on all nine 万
    adv = advise("1112345678999m1p", rules="standard", turns=3)
    assert adv[0].discard == "1p" and adv[0].shanten == 0
    rs = mjpy.rules.get("guangdong_jipinghu")
    adv_e = advise("1112345678999m1p", rules="guangdong_jipinghu", turns=3, objective="expected")
    row = adv_e[0]
    assert row.discard == "1p"
    # the expected value by draw t is the sum over the waits of P(win on that tile by t) x its total
    waits = rs.waits("1112345678999m", self_drawn=True)
    assert waits
    assert row.expected[3] <= max(r.total for r in waits.values()) * row.win_prob[3] + 1e-9
    assert row.expected[3] >= min(r.total for r in waits.values()) * row.win_prob[3] - 1e-9


def test_thirteen_tiles_have_one_row_without_discard():
    adv = advise("123m456p789s1123z", turns=5)
    assert len(adv) == 1 and adv[0].discard is None and adv[0].shanten == 1


@pytest.mark.parametrize("seed", range(4))
def test_closed_form_on_dealt_tenpai_hands(seed):
    rng = rng_for("advise-closed", seed)
    found = 0
    wall = np.repeat(np.arange(34), 4)
    while found < 10:
        h = np.bincount(rng.permutation(wall)[:13], minlength=34).astype(np.uint8)
        waits = [w.tile for w in mjpy.waits(h)]
        if not waits:
            # make one: replace tiles until tenpai
            continue
        R = 136 - 13
        w = sum(4 - int(h[t]) for t in waits)
        adv = advise(h, turns=10)
        for k in range(11):
            assert adv[0].win_prob[k] == pytest.approx(closed_form(R, w, k), abs=1e-12)
        found += 1


def test_tenpai_objective_and_curves_are_monotone():
    adv = advise("1235m4569p1278s12z", turns=12, objective="tenpai")
    for r in adv:
        if r.value == r.value:
            assert np.all(np.diff(r.tenpai_prob) >= -1e-15)
            assert np.all(np.diff(r.win_prob) >= -1e-15)
            assert np.all(r.win_prob <= r.tenpai_prob + 1e-12)
            assert r.tenpai_prob[12] == pytest.approx(r.value)


def test_keep_shanten_never_lowers_the_value():
    for h in ["678m22347p1567s66z", "2346m377p445668s7z"]:
        a = advise(h, turns=12)
        b = advise(h, turns=12, keep_shanten=True)
        assert b[0].value >= a[0].value - 1e-12


def test_jokers_and_melds():
    # 翻鬼: indicator 4m -> 5m is the joker
    adv = advise("[777z]5m4566m234p11s", rules="guangdong_tuidao", gui="fan", indicator="4m", turns=6,
                 visible="4m")
    assert adv[0].shanten == 0 and adv[0].value > 0
    rs = mjpy.rules.get("guangdong_tuidao", gui="fan", indicator="4m")
    assert rs.joker_kinds() == (4,)


def test_bad_input():
    with pytest.raises(ValueError, match="concealed tiles"):
        advise("123m", turns=3)
    with pytest.raises(ValueError, match="objective"):
        advise("123m456p789s11234z", objective="fast")
    with pytest.raises(ValueError, match="unseen"):
        advise("123m456p789s11234z", turns=200)
    with pytest.raises(ValueError, match="not in the sichuan_fan wall"):
        advise("123m456p789s11234z", rules="sichuan_fan")
    with pytest.raises(ValueError, match="5 times|at most 4"):
        advise("123m456p789s11234z", visible="1111m")
    with pytest.raises(TypeError, match="unknown keyword"):
        advise("11234577m345789p", rules="sichuan_fan", dinque="s")
    with pytest.raises(ValueError, match="turns"):
        advise("123m456p789s11234z", turns=-1)


def test_batch_agrees_with_advise():
    rng = rng_for("advise-batch")
    wall = np.repeat(np.arange(34), 4)
    hands = np.array([np.bincount(rng.permutation(wall)[:14], minlength=34) for _ in range(600)], np.uint8)
    hands = hands[mjpy.batch.shanten(hands) <= 2][:60]
    for rules in ("standard", "guobiao"):
        d, s, v = advise_batch(hands, rules=rules, turns=9, workers=1)
        assert d.dtype == np.int8 and s.dtype == np.int8 and v.dtype == np.float64
        for i in range(0, 60, 7):
            adv = advise(hands[i], rules=rules, turns=9)
            assert v[i] == pytest.approx(adv[0].value, abs=1e-12)
            assert s[i] == adv[0].shanten
            best = [r for r in adv if abs(r.value - adv[0].value) <= 1e-12]
            assert mjpy.tile_name(int(d[i])) in {r.discard for r in best}
    # two worker processes give the same answers
    d2, s2, v2 = advise_batch(np.repeat(hands, 2, axis=0), turns=9, workers=2)
    d1, s1, v1 = advise_batch(np.repeat(hands, 2, axis=0), turns=9, workers=1)
    assert np.array_equal(d1, d2) and np.array_equal(v1, v2)
    assert mjpy.batch.advise is advise_batch


def test_batch_bad_input():
    with pytest.raises(ValueError, match="same size"):
        advise_batch(np.stack([mjpy.parse("123m456p789s11234z"), mjpy.parse("123m456p789s1123z")]))
    bad = np.zeros((1, 34), np.uint8)
    bad[0, 0] = 5
    bad[0, 1:10] = 1
    with pytest.raises(ValueError, match=r"hands\[0\]"):
        advise_batch(bad)
    with pytest.raises((ValueError, TypeError)):
        advise_batch(np.zeros((2, 33), np.uint8))


def test_cli_text_and_json(capsys):
    assert main(["advise", "11234577m345789p", "--rules", "sichuan_fan", "--flag", "dingque=s"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "94 unseen tiles, 12 draws" in out
    first = next(line for line in lines if line.startswith("1m"))
    assert "62.9%" in first and "3m×3 6m×4" in first
    assert main(["advise", "11234577m345789p", "--rules", "sichuan_fan", "--flag", "dingque=s", "--turns", "6",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["rows"][0]["discard"] == "1m" and len(d["rows"][0]["win_prob"]) == 7
    assert d["rows"][0]["win_prob"][6] == pytest.approx(closed_form(94, 7, 6))
    assert main(["advise", "123m", "--rules", "sichuan_fan"]) == 2
    assert "concealed tiles" in capsys.readouterr().err


def test_max_hands_guards_far_hands():
    with pytest.raises(ValueError, match="more than 1,000 hands"):
        advise("13m258p369s123456z", turns=17, max_hands=1000)
    assert advise("13m258p369s123456z", turns=17)[0].shanten == 5


def test_sixteen_tile_play():
    # 16 + 1 tiles: 123m456m789m123p45p11s + 9s; discard 9s -> waits 3p/6p (8 live copies of 136 - 17 seen)
    adv = advise("123m456m789m123p45p11s9s", rules="taiwan", turns=8)
    best = adv[0]
    assert best.discard == "9s" and best.shanten == 0
    assert sorted(best.useful) == [("3p", 3), ("6p", 4)]
    R = 136 - 17
    for k in range(9):
        assert best.win_prob[k] == pytest.approx(closed_form(R, 7, k), abs=1e-12)
    # the same 16-tile hand as it stands (no discard)
    adv13 = advise("123m456m789m123p45p11s", rules="taiwan", turns=8)
    assert len(adv13) == 1 and adv13[0].discard is None
    assert adv13[0].value == pytest.approx(closed_form(R + 1, 7, 8), abs=1e-12)     # 9s is unseen here
    # Wenzhou: 財神 = 白 (here none held); a drawn 白 completes any waiting hand
    adv_w = advise("123m456m789m123p45p11s9s", rules="wenzhou", caishen="7z", turns=8)
    assert adv_w[0].discard == "9s"
    assert [u for u in adv_w[0].useful if u[0] == "7z"] == [("7z", 4)]
    assert adv_w[0].win_prob[8] == pytest.approx(closed_form(R, 11, 8), abs=1e-12)


def test_str_is_the_cli_table():
    adv = advise("[555s]1234577m345p", rules="sichuan_fan", turns=9)
    assert adv.hand == "[555s]1234577m345p" and adv.dingque == "p"      # the fewest tiles: p before s
    text = str(adv)
    assert text.splitlines()[0] == "hand      [555s]1234577m345p"
    assert "discard  shanten" in text and "定缺 p" in text
