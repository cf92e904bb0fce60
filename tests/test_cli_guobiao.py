"""``mjpy analyze HAND --rules guobiao``: fans and total of a complete hand (winds, flags, flowers,
bracketed melds), every wait of a 13-tile hand, the 联众/大众 extensions; bad input exits 2 with one
error line."""
from __future__ import annotations


from mjpy.cli import analyze_guobiao
from conftest import run_cli as run, run_cli_json as run_json


def test_issue_example(capsys):
    code, out, err = run(capsys, "analyze", "[123m][555s]11199p222z", "--win", "2z", "--rules", "guobiao",
                         "--self-drawn", "--seat-wind", "S", "--round-wind", "E")
    assert code == 0 and err == ""
    assert "门风刻 2 + 双暗刻 2 + 幺九刻 1 + 自摸 1" in out and "total     6 fan: not a valid win (6 fan without flowers" in out
    r = run_json(capsys, "analyze", "[123m][555s]11199p222z", "--win", "2z", "--rules", "guobiao",
                 "--self-drawn", "--seat-wind", "S", "--round-wind", "E")
    assert r["melds"] == ["[123m]", "[555s]"] and r["win_tile"] == "2z"
    assert r["total"] == 6 and not r["is_valid_win"] and r["complete"]
    assert [f["name"] for f in r["fans"]] == ["门风刻", "双暗刻", "幺九刻", "自摸"]


def test_default_win_tile_is_the_last_tile(capsys):
    r = run_json(capsys, "analyze", "14m258p36s1234567z", "--rules", "guobiao")
    assert r["win_tile"] == "7z" and r["fans"][0]["name"] == "七星不靠" and r["total"] == 24
    r = run_json(capsys, "analyze", "147m258p369s111z5z5z", "--rules", "guobiao", "--self-drawn")
    assert r["total"] == 27 and r["form"] == "knitted_straight"


def test_flags_flowers_profile(capsys):
    r = run_json(capsys, "analyze", "123m456p11z222z(7777s)", "--win", "2z", "--rules", "guobiao",
                 "--self-drawn", "--kong", "--flowers", "3")
    names = [f["name"] for f in r["fans"]]
    assert "杠上开花" in names and "不求人" in names and r["total"] == 17 + 3 and r["flowers"] == 3
    r = run_json(capsys, "analyze", "12m456p789s555z77z3m", "--rules", "guobiao", "--kong", "--fourth-tile")
    names = [f["name"] for f in r["fans"]]
    assert "抢杠和" in names and "和绝张" not in names and r["total"] == 21
    r = run_json(capsys, "analyze", "123456789m789m1s1s", "--rules", "guobiao", "--gb-profile", "union")
    assert r["profile"] == "union" and "无字" in [f["name"] for f in r["fans"]]
    r = run_json(capsys, "analyze", "123456789m789m1s1s", "--rules", "guobiao", "--last-tile")
    assert "海底捞月" in [f["name"] for f in r["fans"]]


def test_waiting_hand_lists_every_wait(capsys):
    code, out, err = run(capsys, "analyze", "1112345678999m", "--rules", "guobiao")
    assert code == 0 and "best      106 fan over 9 waits" in out and "九莲宝灯" in out
    r = run_json(capsys, "analyze", "1112345678999m", "--rules", "guobiao")
    assert not r["complete"] and r["tenpai"] and len(r["waits"]) == 9 and r["best"] == 106


def test_extension(capsys):
    r = run_json(capsys, "analyze", "11122233344466z", "--rules", "guobiao", "--extension", "lianzhong")
    assert r["fans"][0]["name"] == "四方大发" and r["extension"] == "lianzhong"


def test_not_a_win_is_reported(capsys):
    code, out, err = run(capsys, "analyze", "123m456p789s12z344z", "--rules", "guobiao")
    assert code == 0 and "not a win: not a winning hand" in out


def test_bad_input(capsys):
    for argv, msg in [
        (("analyze", "14m258p369s1234567z", "--rules", "guobiao"), "15 tiles"),
        (("analyze", "123m456p789s11122z", "--rules", "guobiao", "--seat-wind", "X"), "unknown wind"),
        (("analyze", "123m456p789s11122z", "--rules", "guobiao", "--win", "5m"), "not among the concealed"),
        (("analyze", "123m456p789s11122z", "--rules", "guobiao", "--flowers", "9"), "flowers"),
        (("analyze", "123m456p789s1122z", "--rules", "guobiao", "--win", "1z"), "complete hand"),
        (("analyze", "123m456p789s11122z", "--rules", "guobiao", "--melds", "2"), "melds themselves"),
        (("analyze", "123m456p789s11122z", "--rules", "guobiao", "--jokers", "1"), "no jokers"),
        (("analyze", "123m456p789s111x22z", "--rules", "guobiao"), "hand"),
    ]:
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and msg in err and err.count("\n") == 1, (argv, err)


def test_function_form():
    r = analyze_guobiao("[123m][555s]11199p222z", win="2z", seat_wind="S")
    assert r["total"] == 3 and r["rules"] == "guobiao"


def test_repeated_fans_grouped(capsys):
    code, out, err = run(capsys, "analyze", "11123m456p999s55z1m", "--rules", "guobiao")
    assert code == 0 and "门前清 2 + 四归一 2 + 双暗刻 2 + 幺九刻 1 x2" in out and "total     8 fan (valid win)" in out
