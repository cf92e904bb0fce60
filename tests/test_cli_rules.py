"""``mjpy analyze HAND --rules NAME`` for the rule sets other than Sichuan and Guobiao (one generic path:
``analyze_rules``): a complete hand's fans, factors and total, every wait of a 13-tile hand, jokers from
``--indicator`` with the reading, ``--option KEY=VALUE``; refused hands exit 0, bad input exits 2 with one
error line. Expected totals are worked out from docs/rules.md and checked against the rule set itself."""
from __future__ import annotations

import pytest

from mjpy import Meld, rules
from mjpy.cli import analyze_rules, parse_options
from conftest import run_cli as run, run_cli_json as run_json


def _fans(r):
    return [(f["name"], f["value"]) for f in r["fans"]]


def test_generic_path_covers_every_other_scoring_rule_set():
    from mjpy.cli import _rule_family

    class A:
        pass

    families = {}
    for name in rules.names(scoring_only=True):
        a = A()
        a.rules = name
        families[name] = _rule_family(a)
    assert {n for n, f in families.items() if f == "generic"} >= {"guangdong_tuidao", "guangdong_jipinghu",
                                                                  "qingyuan", "tianjin"}
    assert families["guobiao"] == "guobiao" and families["sichuan_fan"] == "sichuan"
    assert families["sichuan_points"] == families["chengdu_simple"] == "sichuan"


def test_guangdong_tuidao_small_win(capsys):
    # docs/rules.md#guangdong-tuidao: 小胡 base 1 x 开口 2 x 自摸 2 x 硬胡 2 (the 鬼 6m plays its own face) = 8
    expected = 1 * 2 * 2 * 2
    rs = rules.get("guangdong_tuidao", gui="fan", indicator="5m")
    assert rs.score("234567m234p11s", melds=[Meld("pon", "777z")], win_tile="1s", self_drawn=True).total == expected
    argv = ("analyze", "[777z]234567m234p11s", "--rules", "guangdong_tuidao", "--self-drawn",
            "--option", "gui=fan", "--indicator", "5m")
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    assert "fans      小胡 1" in out and "factors   开口 ×2 自摸 ×2 硬胡 ×2" in out and "total     8倍" in out
    r = run_json(capsys, *argv)
    assert r["rules"] == "guangdong_tuidao" and r["complete"] and r["is_win"] and r["total"] == expected
    assert r["win_tile"] == "1s" and r["melds"] == ["[777z]"] and r["unit"] == "倍"
    assert _fans(r) == [("小胡", 1)]
    assert [(f["name"], f["value"]) for f in r["factors"]] == [("开口", 2), ("自摸", 2), ("硬胡", 2)]
    assert r["options"]["gui"] == "fan" and r["options_given"] == {"gui": "fan"} and r["indicator"] == "5m"


def test_guangdong_tuidao_big_win_factor_is_one_and_a_half(capsys):
    # 碰碰胡 10 + 清一色 10 = 20, x 自摸 1.5 (大胡) x 硬胡 2 = 60 (no 鬼: every win is 硬胡)
    expected = int((10 + 10) * 1.5 * 2)
    assert rules.get("guangdong_tuidao").score("111222333m44455m", win_tile="5m", self_drawn=True).total == expected
    r = run_json(capsys, "analyze", "111222333m44455m", "--rules", "tuidaohu", "--self-drawn")
    assert r["total"] == expected and _fans(r) == [("碰碰胡", 10), ("清一色", 10)]
    assert [(f["name"], f["value"]) for f in r["factors"]] == [("自摸", 1.5), ("硬胡", 2)]
    code, out, err = run(capsys, "analyze", "111222333m44455m", "--rules", "tuidaohu", "--self-drawn")
    assert "自摸 ×1.5" in out and "total     60倍" in out


def test_guangdong_jipinghu_add_ons_and_points(capsys):
    # docs/rules.md#guangdong-jipinghu: 雞和 0 + 自摸 1 + round-wind pung 1 (seat S: no 風位) = 2番, value 2^2 = 4
    expected = 0 + 1 + 1
    rs = rules.get("guangdong_jipinghu")
    assert rs.score("123456m789p55s", melds=[Meld("pon", "111z")], win_tile="5s", self_drawn=True,
                    seat_wind="S").total == expected
    argv = ("analyze", "[111z]123m456m789p55s", "--rules", "jipinghu", "--self-drawn", "--seat-wind", "S")
    r = run_json(capsys, *argv)
    assert r["rules"] == "guangdong_jipinghu" and r["is_win"] and r["total"] == expected and r["points"] == 4
    assert ("自摸", 1) in _fans(r) and ("風圈", 1) in _fans(r) and "風位" not in dict(_fans(r))
    code, out, err = run(capsys, *argv)
    assert "total     2番" in out and "points    4" in out
    # seat E as well: 3番, the cap (爆和), 8 points
    r = run_json(capsys, "analyze", "[111z]123m456m789p55s", "--rules", "jipinghu", "--self-drawn")
    assert r["total"] == 3 and r["points"] == 8


def test_qingyuan_highest_pattern(capsys):
    # docs/rules.md#qingyuan: 清一色 + all pungs = 清一色全對 12 (the highest pattern alone counts)
    expected = 12
    assert rules.get("qingyuan").score("111222333p44455p", win_tile="5p", self_drawn=True).total == expected
    r = run_json(capsys, "analyze", "111222333p44455p", "--rules", "qingyuan", "--self-drawn")
    assert r["total"] == expected and _fans(r) == [("清一色全對", 12)] and r["unit"] == "点"
    assert r["win_tile"] == "5p"          # the last tile written


def test_tianjin_straight_and_zhuowu(capsys):
    # docs/rules.md#tianjin: 一条龙 2 + 捉五魁 1 + 无绘 1 (no 混 used) = 4番, added together
    expected = 2 + 1 + 1
    rs = rules.get("tianjin")
    assert rs.score("123456789m11p456m", win_tile="5m", self_drawn=True, indicator="1z").total == expected
    argv = ("analyze", "123456789m11p456m", "--rules", "tianjin", "--win", "5m", "--self-drawn", "--indicator", "1z")
    r = run_json(capsys, *argv)
    assert r["total"] == expected and _fans(r) == [("一条龙", 2), ("捉五魁", 1), ("无绘", 1)]
    code, out, err = run(capsys, *argv)
    assert "一条龙 2 + 捉五魁 1 + 无绘 1" in out and "total     4番" in out
    # the same 混 named directly, or the indicator as a rule-set option
    for extra in (("--joker-tiles", "1z,2z"), ("--option", "indicator=1z")):
        r2 = run_json(capsys, "analyze", "123456789m11p456m", "--rules", "tianjin", "--win", "5m", "--self-drawn",
                      *extra)
        assert r2["total"] == expected


def test_waits_equal_the_rule_set(capsys):
    rs = rules.get("tianjin")
    want = rs.waits("123456789m11p46m", self_drawn=True, indicator="1z")
    r = run_json(capsys, "analyze", "123456789m11p46m", "--rules", "tianjin", "--self-drawn", "--indicator", "1z")
    assert not r["complete"] and r["tenpai"]
    assert {w["tile"]: w["total"] for w in r["waits"]} == {t: x.total for t, x in want.items()}
    assert {w["tile"]: _fans(w) for w in r["waits"]} == {t: x.fans for t, x in want.items()}
    assert [w["tile"] for w in r["waits"]] == ["5m", "1z", "2z"]          # in tile order
    assert r["best"] == 4
    code, out, err = run(capsys, "analyze", "123456789m11p46m", "--rules", "tianjin", "--indicator", "1z")
    assert code == 0 and "best      4番 over 3 waits" in out and "5m(1z)" in out
    # a rule set with options and melds
    rs = rules.get("guangdong_tuidao", gui="fan", indicator="5m")
    want = rs.waits("23456m234p11s", melds=[Meld("pon", "777z")])
    r = run_json(capsys, "analyze", "[777z]234m234p11s56m", "--rules", "guangdong_tuidao", "--option", "gui=fan",
                 "--indicator", "5m")
    assert {w["tile"]: w["total"] for w in r["waits"]} == {t: x.total for t, x in want.items()}
    assert len(r["waits"]) == 8 and r["best"] == 8


def test_joker_reading_shown(capsys):
    # 6m is the 鬼 (翻鬼 of 5m) and stands for 1m: no 硬胡, 小胡 1 x 开口 2 x 自摸 2 = 4
    expected = 1 * 2 * 2
    rs = rules.get("guangdong_tuidao", gui="fan")
    want = rs.score("234566m234p11s", melds=[Meld("pon", "777z")], win_tile="6m", self_drawn=True, indicator="5m")
    assert want.total == expected and want.reading is not None
    argv = ("analyze", "[777z]234m234p11s566m", "--rules", "guangdong_tuidao", "--self-drawn", "--option", "gui=fan",
            "--indicator", "5m")
    code, out, err = run(capsys, *argv)
    assert code == 0 and f"reading   {want.reading}" in out and "(6m)" in out and "total     4倍" in out
    r = run_json(capsys, *argv)
    assert r["reading"] == str(want.reading) and r["substitutes"] == 1 and r["total"] == expected


def test_refused_hands_exit_zero(capsys):
    argv = ("analyze", "123456789m11p456m", "--rules", "tianjin", "--win", "5m", "--indicator", "1z")
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "" and "not a win: tianjin: self-drawn wins only" in out
    r = run_json(capsys, *argv)
    assert r["is_win"] is False and r["total"] == 0 and "self-drawn" in r["reason"]
    # a value the sources do not give: refused naming the option, then scored with --option
    code, out, err = run(capsys, "analyze", "11223344556677m", "--rules", "guangdong_tuidao", "--self-drawn")
    assert code == 0 and "not a win" in out and "--option qidui=N" in out
    r = run_json(capsys, "analyze", "11223344556677m", "--rules", "guangdong_tuidao", "--self-drawn")
    assert r["missing"] == ["qidui"] and not r["is_win"]
    r = run_json(capsys, "analyze", "11223344556677m", "--rules", "guangdong_tuidao", "--self-drawn",
                 "--option", "qidui=4")
    # 七对 4 + 清一色 10 = 14, x 自摸 1.5 x 硬胡 2
    assert r["is_win"] and r["total"] == 42 and r["form"] == "seven_pairs"
    # a 13-tile hand that is not waiting
    r = run_json(capsys, "analyze", "123456789m13p46m", "--rules", "tianjin", "--indicator", "9s")
    assert not r["tenpai"] and r["waits"] == [] and r["best"] is None


@pytest.mark.parametrize("argv, match", [
    (["123456789m11p456m", "--rules", "tianjin", "--win", "5m", "--self-drawn", "--indicator", "1z",
      "--option", "foo=1"], "unknown option 'foo'"),
    (["111222333m44455s", "--rules", "qingyuan", "--self-drawn"], "1m is not used"),
    (["123456789m11p456m", "--rules", "tianjin", "--win", "5m", "--self-drawn"], "flipped tile"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--indicator", "1z"], "no jokers"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--option", "cap"], "KEY=VALUE"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--option", "cap=1", "--option", "cap=2"], "twice"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--option", "within_cap_stacking=bogus"], "must be one of"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--dingque", "m"], "--dingque does not apply"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--jokers", "1"], "--jokers does not apply"),
    (["123456m789p234s5z", "--rules", "jipinghu", "--win", "5z"], "complete hand"),
    (["123456m789p234s55z1z", "--rules", "jipinghu"], "15 tiles"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--melds", "1"], "melds themselves"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--win", "1s"], "not among the concealed"),
    (["123456m789p234s55z", "--rules", "jipinghu", "--seat-wind", "X"], "seat_wind"),
    (["123456789m11p456m", "--rules", "tianjin", "--self-drawn", "--joker-tiles", "9z"], "unknown tile '9z'"),
    (["123456789m11p456m", "--rules", "tianjin", "--self-drawn", "--indicator", "10m"], "--indicator '10m'"),
    (["123456789m11p456m", "--rules", "tianjin", "--self-drawn", "--indicator", "1z", "--win", "10m"],
     "--win '10m'"),
    (["23445677筒345789条", "--rules", "qingyuan", "--self-drawn"], "pass --win"),
    (["11222244p557799m", "--rules", "sichuan", "--option", "max_fan=4"], "--option is not a flag of sichuan"),
    (["123m456p789s11122z", "--rules", "guobiao", "--indicator", "1z"], "--indicator is not a flag of guobiao"),
    (["123456m789p234s55z", "--dealer"], "need --rules NAME"),
    (["123456m789p234s55z", "--context", "caipiao=1"], "need --rules NAME"),
    (["11222244p557799m", "--rules", "sichuan", "--context", "caipiao=1"], "--context is not a flag of sichuan"),
    (["123456789m11p456m", "--rules", "tianjin", "--win", "5m", "--self-drawn", "--indicator", "1z", "--context",
      "caipiao=1"], "unknown context key 'caipiao'"),
    (["123456789m11p45m", "--rules", "tianjin", "--indicator", "1z", "--context", "caipiao=1"], "reads no --context"),
    (["123m456p5789s1117z", "--rules", "hangzhou", "--win", "5s", "--self-drawn"], "which tile is 财神"),
    (["123m456p5789s1117z", "--rules", "hangzhou", "--win", "5s", "--joker-tiles", "7z", "--context", "caipiao"],
     "--context 'caipiao': write KEY=VALUE"),
    (["123m456p5789s1117z", "--rules", "hangzhou", "--win", "5s", "--joker-tiles", "7z", "--context",
      "caipiao=3"], "caipiao must be an int 0-2"),
    (["123m456p5789s1117z", "--rules", "hangzhou", "--win", "5s", "--indicator", "6z"], "no indicator"),
])
def test_bad_input(capsys, argv, match):
    code, out, err = run(capsys, "analyze", *argv)
    assert code == 2 and out == ""
    assert err.startswith("mjpy: error: ") and match in err and err.count("\n") == 1


def test_hangzhou_baotou_and_caipiao(capsys):
    # docs/rules.md#hangzhou: 1 财神 + four sets, self-drawn: 暴头 ×2; 财飘 ×2 and 连续财飘 ×2 from the context
    base = ("analyze", "123m456p5789s1117z", "--rules", "hangzhou", "--win", "5s", "--self-drawn")
    for extra, total, factors in ((("--joker-tiles", "7z"), 2, [("暴头", 2)]),
                                  (("--option", "caishen=7z", "--context", "caipiao=1"), 4, [("暴头", 2), ("财飘", 2)]),
                                  (("--joker-tiles", "7z", "--context", "caipiao=2"), 8,
                                   [("暴头", 2), ("财飘", 2), ("连续财飘", 2)])):
        r = run_json(capsys, *base, *extra)
        assert r["total"] == total and [(f["name"], f["value"]) for f in r["factors"]] == factors
        assert _fans(r) == [("平胡", 1)] and r["unit"] == "倍"
    w = run_json(capsys, "analyze", "123m456p789s1117z", "--rules", "hangzhou", "--joker-tiles", "7z", "--context",
                 "caipiao=1")
    assert len(w["waits"]) == 34 and w["best"] == 4


def test_parse_options():
    assert parse_options(["qidui=10", "gui=fan", 'gui2="fan"', "self-draw-only=false", "cap=null", "x=1.5",
                          "y=True", "z=NaN", "w=5m"]) == {
        "qidui": 10, "gui": "fan", "gui2": "fan", "self_draw_only": False, "cap": None, "x": 1.5, "y": True,
        "z": "NaN", "w": "5m"}
    assert parse_options([]) == {} and parse_options(None) == {}
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_options(["=1"])


def test_function():
    r = analyze_rules("123456789m11p456m", rules="tianjin", win="5m", self_drawn=True, indicator="1z")
    assert r["total"] == 4 and r["complete"]
    r = analyze_rules("[111z]123m456m789p55s", rules="guangdong_jipinghu", options={"cap": 2}, self_drawn=True)
    assert r["total"] == 2 and r["options"]["cap"] == 2
