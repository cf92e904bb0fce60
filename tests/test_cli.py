"""The ``mjpy`` command line (main(argv) in-process, plus the installed console script)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

import mjpy
from mjpy.cli import analyze, main

JSON_KEYS = {"hand", "unicode", "tiles", "melds", "shanten", "complete", "decompositions", "waits", "useful"}


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    assert err == ""
    return json.loads(out)


# ----------------------------------------------------------------------------- the examples

def test_complete_hand_lists_every_decomposition(capsys):
    code, out, err = run(capsys, "analyze", "1112345678999m5m")
    assert code == 0 and err == ""
    assert "11123455678999m" in out
    assert "🀇🀇🀇🀈" in out
    assert "complete  yes" in out
    ds = mjpy.decompositions("1112345678999m5m")
    assert ds
    for d in ds:
        assert str(d) in out
    r = run_json(capsys, "analyze", "1112345678999m5m")
    assert r["complete"] is True and r["shanten"] == -1 and r["tiles"] == 14
    assert [d["text"] for d in r["decompositions"]] == [str(d) for d in ds]
    assert r["waits"] == [] and r["useful"] == []


def test_nine_gates_waits(capsys):
    code, out, err = run(capsys, "analyze", "1112345678999m")
    assert code == 0 and err == ""
    assert "shanten   0 (tenpai)" in out
    for t in range(1, 10):
        assert f"{t}m×" in out
    r = run_json(capsys, "analyze", "1112345678999m")
    assert r["shanten"] == 0 and r["complete"] is False
    assert [w["tile"] for w in r["waits"]] == [f"{t}m" for t in range(1, 10)]
    assert [w["left"] for w in r["waits"]] == [1, 3, 3, 3, 3, 3, 3, 3, 1]
    assert [w["index"] for w in r["waits"]] == list(range(9))
    assert r["waits"][0]["name"] == "一万"
    assert not any(w["exhausted"] for w in r["waits"])


def test_seven_pairs_like_waits_with_left(capsys):
    code, out, err = run(capsys, "analyze", "2233445566778p")
    assert code == 0
    assert "2p×2  5p×2  8p×3" in out
    r = run_json(capsys, "analyze", "2233445566778p")
    assert [(w["tile"], w["left"]) for w in r["waits"]] == [("2p", 2), ("5p", 2), ("8p", 3)]


def test_json_object(capsys):
    code, out, err = run(capsys, "analyze", "123m456p789s1122z", "--json")
    assert code == 0 and err == ""
    assert out.count("\n") == 1  # one JSON object on one line
    r = json.loads(out)
    assert JSON_KEYS <= set(r)
    assert r["hand"] == "123m456p789s1122z"
    assert r["unicode"] == "🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀁🀁"
    assert r["tiles"] == 13 and r["melds"] == [] and r["meld_count"] == 0
    assert r["shanten"] == 0 and r["complete"] is False and r["decompositions"] == []
    assert [(w["tile"], w["name"], w["left"], w["exhausted"]) for w in r["waits"]] == [
        ("1z", "东", 2, False), ("2z", "南", 2, False)]
    assert [(u["tile"], u["left"]) for u in r["useful"]] == [("1z", 2), ("2z", 2)]


# ----------------------------------------------------------------------------- more behaviour

def test_chinese_notation_input(capsys):
    r = run_json(capsys, "analyze", "23445677筒345789条")
    assert r["hand"] == "23445677p345789s" and r["complete"] is True


def test_not_tenpai_lists_useful_tiles(capsys):
    hand = "123m456p789s1357z"
    code, out, err = run(capsys, "analyze", hand)
    assert code == 0
    assert "useful" in out
    r = run_json(capsys, "analyze", hand)
    assert r["shanten"] == mjpy.shanten(hand) >= 1
    assert r["waits"] == []
    assert [(u["tile"], u["left"]) for u in r["useful"]] == [
        (mjpy.tiles.TILE_NAMES[u.tile], u.left) for u in mjpy.useful_tiles(hand)]


def test_incomplete_14_tiles_shows_discards(capsys):
    code, out, err = run(capsys, "analyze", "123m456p789s1122z3z")
    assert code == 0
    assert "complete  no" in out and "shanten   0" in out
    r = run_json(capsys, "analyze", "123m456p789s1122z3z")
    assert r["complete"] is False and r["shanten"] == 0
    assert [d["tile"] for d in r["discards"]] == ["3z"]
    assert [u["tile"] for u in r["discards"][0]["useful"]] == ["1z", "2z"]


def test_bracketed_melds(capsys):
    r = run_json(capsys, "analyze", "[123m][555s]11199p222z")
    assert r["melds"] == [{"kind": "chi", "tiles": "123m"}, {"kind": "pon", "tiles": "555s"}]
    assert r["meld_count"] == 2 and r["tiles"] == 8
    assert r["complete"] is True
    assert r["hand"] == "[123m][555s]11199p222z"
    r = run_json(capsys, "analyze", "(1111z)[555s]123m99p22z")
    assert r["melds"][0] == {"kind": "ankan", "tiles": "1111z"}
    assert [w["tile"] for w in r["waits"]] == ["9p", "2z"]


def test_meld_tiles_count_toward_left(capsys):
    # left = 4 - (hand + meld tiles) - visible
    r = run_json(capsys, "analyze", "[555s]11p456s789s23m")
    assert r["meld_count"] == 1
    waits = {w["tile"]: w["left"] for w in r["waits"]}
    assert waits == {"1m": 4, "4m": 4}
    r = run_json(capsys, "analyze", "[444s]11p456s789s23m")
    assert {w["tile"]: w["left"] for w in r["waits"]} == {"1m": 4, "4m": 4}
    r = run_json(capsys, "analyze", "[123m]11p456s789s23m")
    assert {w["tile"]: w["left"] for w in r["waits"]} == {"1m": 3, "4m": 4}
    r = run_json(capsys, "analyze", "[123m]11p456s789s2m5z")
    left = {u["tile"]: u["left"] for u in r["useful"]}
    assert left["1m"] == 3 and left["2m"] == 2 and left["4m"] == 4 and left["5z"] == 3


def test_melds_option(capsys):
    r = run_json(capsys, "analyze", "11p456s789s23m", "--melds", "1")
    assert r["meld_count"] == 1 and r["melds"] == [] and r["melds_assumed"] is False
    r = run_json(capsys, "analyze", "11p456s789s23m", "--melds", "[123m]")
    assert r["melds"] == [{"kind": "chi", "tiles": "123m"}]
    assert {w["tile"]: w["left"] for w in r["waits"]} == {"1m": 3, "4m": 4}


def test_short_hand_assumes_melds(capsys):
    code, out, err = run(capsys, "analyze", "1234567m")
    assert code == 0 and "assumed" in out
    r = run_json(capsys, "analyze", "1234567m")
    assert r["meld_count"] == 2 and r["melds_assumed"] is True
    assert [w["tile"] for w in r["waits"]] == ["1m", "4m", "7m"]


def test_visible(capsys):
    r = run_json(capsys, "analyze", "2233445566778p", "--visible", "5p88p")
    assert [(w["tile"], w["left"]) for w in r["waits"]] == [("2p", 2), ("5p", 1), ("8p", 1)]
    assert r["visible"] == "588p"
    r = run_json(capsys, "analyze", "123m456p789s1357z", "--visible", "1z1z")
    left = {u["tile"]: u["left"] for u in r["useful"]}
    assert left["1z"] == 1 and left["3z"] == 3


def test_include_exhausted(capsys):
    r = run_json(capsys, "analyze", "1111234m567p789s")
    assert [w["tile"] for w in r["waits"]] == ["4m"]
    r = run_json(capsys, "analyze", "1111234m567p789s", "--include-exhausted")
    assert [(w["tile"], w["left"], w["exhausted"]) for w in r["waits"]] == [("1m", 0, True), ("4m", 3, False)]
    code, out, err = run(capsys, "analyze", "1111234m567p789s", "--include-exhausted")
    assert "all 4 held" in out


def test_japanese_seven_pairs(capsys):
    r = run_json(capsys, "analyze", "1111m2233p4455s66z")
    assert r["complete"] is True and r["decompositions"][0]["form"] == "seven_pairs"
    r = run_json(capsys, "analyze", "1111m2233p4455s66z", "--japanese-seven-pairs")
    assert r["complete"] is False and r["shanten"] >= 0


def test_forms(capsys):
    r = run_json(capsys, "analyze", "147m258p369s12345z")
    assert r["complete"] is False
    r = run_json(capsys, "analyze", "147m258p369s12345z", "--forms", "all")
    assert r["complete"] is True and r["forms"][-1] == "knitted"
    r = run_json(capsys, "analyze", "11223344556677m", "--forms", "standard")
    assert {d["form"] for d in r["decompositions"]} == {"standard"}
    r = run_json(capsys, "analyze", "11223344556677m", "--forms", "seven_pairs")
    assert [d["form"] for d in r["decompositions"]] == ["seven_pairs"]


def test_analyze_function():
    r = analyze("2233445566778p")
    assert [w["tile"] for w in r["waits"]] == ["2p", "5p", "8p"]


# ----------------------------------------------------------------------------- errors

@pytest.mark.parametrize("argv, fragment", [
    (["analyze", "123x"], "hand '123x': unknown character 'x' at position 3"),
    (["analyze", "11111m2345p"], "1m appears 5 times"),
    (["analyze", "123m"], "hand has 3 tiles"),
    (["analyze", "8z"], "no honor 8z at position 0"),
    (["analyze", "[124m]1234567p"], "neither a chi"),
    (["analyze", "1234m", "--forms", "bogus"], "bogus"),
    (["analyze", "1234m", "--forms", ","], "--forms is empty"),
    (["analyze", "1234m", "--melds", "9"], "melds"),
    (["analyze", "1234m", "--melds", "[12x]"], "--melds '[12x]': unknown character 'x'"),
    (["analyze", "[123m]1234m", "--melds", "1"], "either in brackets or as a number"),
    (["analyze", "2233445566778p", "--visible", "555p"], "--visible: 5p appears 5 times"),
    (["analyze", "2233445566778p", "--visible", "5q"], "--visible '5q': unknown character 'q'"),
    (["analyze"], "required"),
    (["analyze", "123m456p789s1122z", "--bogus"], "unrecognized arguments"),
    (["frobnicate"], "invalid choice"),
    ([], "a command is required"),
])
def test_errors_are_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("mjpy: error: ")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    assert fragment in err


def test_version_and_help(capsys):
    code, out, err = run(capsys, "--version")
    assert code == 0 and out.strip() == f"mjpy {mjpy.__version__}"
    code, out, err = run(capsys, "analyze", "--help")
    assert code == 0 and "--japanese-seven-pairs" in out and "HAND" in out


# ----------------------------------------------------------------------------- installed script

def _script():
    exe = shutil.which("mjpy")
    if exe is None:
        cand = os.path.join(os.path.dirname(sys.executable), "mjpy")
        exe = cand if os.path.exists(cand) else None
    return exe


def test_console_script():
    exe = _script()
    if exe is None:
        pytest.skip("the mjpy console script is not installed")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    p = subprocess.run([exe, "analyze", "2233445566778p", "--json"], capture_output=True, text=True,
                       encoding="utf-8", env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert [(w["tile"], w["left"]) for w in r["waits"]] == [("2p", 2), ("5p", 2), ("8p", 3)]
    p = subprocess.run([exe, "analyze", "123x"], capture_output=True, text=True, encoding="utf-8", env=env,
                       timeout=120)
    assert p.returncode == 2
    assert p.stderr == "mjpy: error: hand '123x': unknown character 'x' at position 3\n"
    p = subprocess.run([exe, "analyze", "1112345678999m"], capture_output=True, text=True, encoding="utf-8",
                       env=env, timeout=120)
    assert p.returncode == 0 and "1m×1" in p.stdout and "9m×1" in p.stdout
