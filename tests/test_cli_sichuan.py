"""``mjpy analyze HAND --rules sichuan``: fans, 根, total and multiplier of a complete hand; 大叫 of a
13-tile hand; bad input exits 2 with one error line."""
from __future__ import annotations


import pytest

from mjpy.cli import analyze_sichuan
from conftest import run_cli as run, run_cli_json as run_json


def test_issue_example_longqidui(capsys):
    code, out, err = run(capsys, "analyze", "11222244p557799m", "--rules", "sichuan")
    assert code == 0 and err == ""
    assert "龙七对" in out and "x16" in out and "total     5番" in out
    r = run_json(capsys, "analyze", "11222244p557799m", "--rules", "sichuan", "--dingque", "s", "--win", "9m",
                 "--self-drawn")
    assert (r["base"], r["base_fan"], r["gen"], r["total_fan"], r["multiplier"]) == ("龙七对", 5, 0, 5, 16)
    assert r["fans"] == [{"name": "龙七对", "alias": "longqidui", "value": 5}]
    assert r["complete"] and r["is_win"] and r["points"] == 96


def test_gen_and_melds_in_brackets(capsys):
    r = run_json(capsys, "analyze", "[555p]123456m5p67p88p", "--rules", "sichuan", "--win", "8p")
    assert r["gen"] == 1 and r["total_fan"] == 2 and r["melds"] == ["[555p]"]
    r = run_json(capsys, "analyze", "123456m678p88p", "--melds", "(5555p)", "--rules", "sichuan")
    assert r["kongs"] == 1 and r["total_fan"] == 1


def test_dajiao_for_13_tiles(capsys):
    code, out, err = run(capsys, "analyze", "1122244p557799m", "--rules", "sichuan", "--dingque", "s")
    assert code == 0 and "大叫      5番" in out and "2p" in out
    r = run_json(capsys, "analyze", "1122244p557799m", "--rules", "sichuan")
    assert r["tenpai"] and r["dajiao"] == 5 and [w["tile"] for w in r["waits"]] == ["2p"]
    r = run_json(capsys, "analyze", "1122244p557799m", "--rules", "sichuan", "--dingque", "m")
    assert not r["tenpai"] and r["dajiao"] is None and "定缺" in r["reason"]


def test_not_a_win_and_profiles(capsys):
    code, out, err = run(capsys, "analyze", "123m456p789s111m22p", "--rules", "sichuan")
    assert code == 0 and "not a win" in out and "three suits" in out
    r = run_json(capsys, "analyze", "11222244p557799m", "--rules", "sichuan", "--profile", "sichuan_points")
    assert r["total_fan"] == 4 and r["unit"] == "分" and r["multiplier"] is None
    r = run_json(capsys, "analyze", "11224444557799m", "--rules", "sichuan", "--max-fan", "4")
    assert r["total_fan"] == 4 and r["capped"]
    r = run_json(capsys, "analyze", "23445677p345789s", "--rules", "sichuan", "--win", "7p", "--after-kong")
    assert r["total_fan"] == 2 and ["杠上花", 1] in [[f["name"], f["value"]] for f in r["fans"]]


@pytest.mark.parametrize("argv, match", [
    (["123m456m789m11p22z"], "honor"),
    (["456m789m11p55p", "--melds", "[123m]"], "no chi"),
    (["123m456m789m11p22p", "--melds", "1"], "melds themselves"),
    (["123m456m789m11p"], "expected 14"),
    (["11222244p557799m", "--dingque", "x"], "dingque"),
    (["11222244p557799m", "--win", "1s"], "win_tile"),
    (["1122244p557799m", "--win", "2p"], "complete hand"),
    (["11222244p557799m", "--jokers", "1"], "jokers"),
])
def test_bad_input(capsys, argv, match):
    code, out, err = run(capsys, "analyze", *argv, "--rules", "sichuan")
    assert code == 2 and out == ""
    assert err.startswith("mjpy: error: ") and match in err and err.count("\n") == 1


def test_unknown_rules(capsys):
    code, out, err = run(capsys, "analyze", "11222244p557799m", "--rules", "nowhere")
    assert code == 2 and "unknown rule set 'nowhere' (known: sichuan_fan," in err


def test_function():
    assert analyze_sichuan("11222244p557799m")["total_fan"] == 5
    assert analyze_sichuan("1122244p557799m", dingque="s")["dajiao"] == 5
