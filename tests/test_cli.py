"""The ``mjpy`` command line (main(argv) in-process, plus the installed console script)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

import mjpy
from mjpy.cli import analyze
from mjpy.tiles import TILE_NAMES
from conftest import run_cli as run, run_cli_json as run_json

JSON_KEYS = {"hand", "unicode", "tiles", "melds", "shanten", "complete", "decompositions", "waits", "useful"}


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


# ----------------------------------------------------------------------------- mjpy jokers

def test_jokers_tianjin(capsys):
    code, out, err = run(capsys, "jokers", "tianjin", "--indicator", "9s")
    assert code == 0 and err == ""
    assert "indicator 9s 九条 🀘" in out
    assert "1s 一条 🀐" in out and "9s 九条 🀘" in out
    assert "--joker-tiles 1s,9s" in out
    r = run_json(capsys, "jokers", "tianjin", "--indicator", "9s")
    assert [e["tile"] for e in r["jokers"]] == ["1s", "9s"] == r["joker_tiles"]
    assert r["jokers"][1] == {"tile": "9s", "index": 26, "name": "九条", "unicode": "🀘"}
    assert r["indicator"]["tile"] == "9s" and r["wild"] is True and r["stand_in"] is None
    assert r["ruleset"] == "tianjin" and r["successor_table"] == "tianjin"
    assert run_json(capsys, "jokers", "tianjin", "--indicator", "白板")["joker_tiles"] == ["5z", "7z"]


@pytest.mark.parametrize("argv, tiles", [
    (["guangdong"], []),                                    # default gui = none (docs/rules.md#options)
    (["guangdong", "--indicator", "4z"], ["6z"]),           # 翻鬼: 北 -> 发
    (["guangdong_tuidao", "--indicator", "9m", "--gui", "fan"], ["1m"]),
    (["guangdong", "--gui", "baiban"], ["7z"]),
    (["fujian", "--indicator", "4z"], ["5z"]),              # 帶弟 (default baida)
    (["fujian", "--indicator", "4z", "--baida", "huodong"], ["4z"]),
    (["philippines", "--indicator", "5z"], ["1z", "2z", "5z", "6z", "7z"]),
    (["philippines", "--indicator", "5z", "--honor-window", "centered"], ["3z", "4z", "5z", "6z", "7z"]),
    (["tianjin", "--indicator", "7z", "--successor-table", "cycle7"], ["1z", "7z"]),
    (["hongzhong"], ["5z"]),
    (["hangzhou", "--caishen", "5z,6z"], ["5z", "6z"]),
    (["wenzhou", "--caishen", "白"], ["7z"]),
    (["fuzhou", "--gold", "3p"], ["3p"]),
])
def test_jokers_rulesets(capsys, argv, tiles):
    r = run_json(capsys, "jokers", *argv)
    assert r["joker_tiles"] == tiles
    code, out, err = run(capsys, "jokers", *argv)
    assert code == 0 and err == ""
    assert ("jokers    none" in out) == (not tiles)


def test_jokers_stand_in_and_bonus(capsys):
    r = run_json(capsys, "jokers", "xuzhou", "--indicator", "1m")
    assert r["joker_tiles"] == ["2m"]
    assert r["stand_in"]["tile"]["tile"] == "7z" and r["stand_in"]["plays"]["tile"] == "2m"
    assert r["stand_in"]["copies"] is None
    code, out, err = run(capsys, "jokers", "xuzhou", "--indicator", "1m")
    assert "stand-in  7z 白 🀆 plays 2m 二万 🀈 (all copies" in out
    r = run_json(capsys, "jokers", "fujian_huodong", "--indicator", "3m")
    assert r["stand_in"]["plays"]["tile"] == "3m" and r["stand_in"]["copies"] == 1
    r = run_json(capsys, "jokers", "baopai", "--indicator", "7m")
    assert r["wild"] is False and r["joker_tiles"] == ["8m"]
    code, out, err = run(capsys, "jokers", "baopai", "--indicator", "7m")
    assert "bonus     8m 八万" in out and "not jokers" in out


def test_jokers_lists_rulesets(capsys):
    from mjpy.wildcards import RULESETS

    code, out, err = run(capsys, "jokers")
    assert code == 0 and err == ""
    for name in RULESETS:
        assert f"  {name} " in out
    r = run_json(capsys, "jokers")
    assert [x["name"] for x in r["rulesets"]] == list(RULESETS)
    code, out, err = run(capsys, "jokers", "--help")
    assert code == 0 and "RULESET" in out and "--indicator" in out


@pytest.mark.parametrize("argv, fragment", [
    (["jokers", "sichuan"], "unknown ruleset 'sichuan' (known: tianjin, "),
    (["jokers", "tianjin"], "needs an indicator"),
    (["jokers", "tianjin", "--indicator", "10m"], "unknown tile '10m'"),
    (["jokers", "tianjin", "--indicator", "9s", "--gui", "fan"], "tianjin: unknown option gui"),
    (["jokers", "guangdong", "--gui", "bogus"], "invalid choice: 'bogus'"),
    (["jokers", "guangdong", "--indicator", "1m", "--gui", "baiban"], "gui='baiban' takes no indicator"),
    (["jokers", "hangzhou"], "the regional sources do not say which tile is 财神"),
    (["jokers", "fuzhou"], "--gold 5z"),
    (["jokers", "hongzhong", "--indicator", "1m"], "takes no indicator"),
    (["jokers", "--indicator", "1m"], "name a RULESET"),
    (["analyze", "1234567m123p5s", "--jokers", "1"], "hand has 11 tiles + 1 joker = 12: a hand has 3k+1"),
    (["analyze", "1234567m123p5s", "--jokers", "-1"], "--jokers must be 0 or more, got -1"),
    (["analyze", "1234567m123p5s", "--jokers", "x"], "argument --jokers: invalid int value: 'x'"),
    (["analyze", "123456m234p55s55z", "--joker-tiles", "8z"], "--joker-tiles '8z': unknown tile '8z'"),
])
def test_joker_errors_are_one_line(capsys, argv, fragment):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("mjpy: error: ") and err.count("\n") == 1, err
    assert fragment in err


# ----------------------------------------------------------------------------- analyze with jokers: plumbing
# A fake kernel records the keyword arguments, so the CLI's joker plumbing (hand size, melds, keys, text) is
# tested whatever mjcore is installed; the real kernel is tested below once it accepts jokers=.

class _FakeKernel:
    def __init__(self, monkeypatch, *, shanten=0, win=False, readings=("reading A", "reading B")):
        self.calls = []
        self._shanten, self._win, self._readings = shanten, win, readings
        for name in ("shanten", "is_win", "waits", "useful_tiles"):
            monkeypatch.setattr(mjpy, name, self._make(name))
        monkeypatch.setattr(mjpy, "assignments", self._assignments, raising=False)

    def _make(self, name):
        def fake(hand, **kw):
            self.calls.append((name, kw))
            if name == "shanten":
                return self._shanten
            if name == "is_win":
                return self._win
            if name == "waits":
                return [mjpy.Wait(31, False)]
            return []
        return fake

    def _assignments(self, hand, **kw):
        self.calls.append(("assignments", kw))

        class _Reading:
            def __init__(self, text):
                self.text = text

            def __str__(self):
                return self.text
        return [_Reading(t) for t in self._readings]

    def kwargs(self, name):
        return [kw for n, kw in self.calls if n == name]


def test_joker_plumbing_extra_jokers(capsys, monkeypatch):
    k = _FakeKernel(monkeypatch, shanten=0)
    r = run_json(capsys, "analyze", "1234567m123p5s", "--jokers", "2")
    kw = k.kwargs("shanten")[0]
    assert kw["jokers"] == 2 and kw["joker_tiles"] == [] and kw["allow_fifth_copy"] is True
    assert kw["melds"] == 0                      # 11 tiles + 2 jokers = 13: no melds assumed
    assert k.kwargs("waits")[0]["jokers"] == 2 and k.kwargs("useful_tiles")[0]["jokers"] == 2
    assert r["tiles"] == 11 and r["jokers"] == 2 and r["joker_tiles"] == [] and r["joker_count"] == 2
    assert r["allow_fifth_copy"] is True and r["meld_count"] == 0 and r["melds_assumed"] is False
    code, out, err = run(capsys, "analyze", "1234567m123p5s", "--jokers", "2")
    assert "hand      1234567m123p5s + 2 jokers" in out
    assert "tiles     11 + 2 jokers" in out
    assert "jokers    2 held apart from the tiles written (--jokers 2)" in out
    assert "shanten   0 (tenpai)" in out
    assert "waits     5z×4" in out
    assert [w["tile"] for w in r["waits"]] == ["5z"]


def test_joker_plumbing_joker_tiles(capsys, monkeypatch):
    k = _FakeKernel(monkeypatch, shanten=0)
    r = run_json(capsys, "analyze", "123456m234p55s55z", "--joker-tiles", "5z", "--no-fifth-copy")
    kw = k.kwargs("shanten")[0]
    assert kw["jokers"] == 0 and kw["joker_tiles"] == [31] and kw["allow_fifth_copy"] is False
    assert r["tiles"] == 13 and r["jokers"] == 0 and r["joker_tiles"] == ["5z"] and r["joker_count"] == 2
    assert r["allow_fifth_copy"] is False
    code, out, err = run(capsys, "analyze", "123m234p55s55z", "--joker-tiles", "中,发", "--jokers", "1",
                         "--melds", "1")    # 10 tiles + 1 joker + 1 meld = 14
    assert ("jokers    3 in all: 2 in HAND (joker kinds 5z 中, 6z 发) + 1 held apart from the tiles written "
            "(--jokers 1)") in out
    assert k.kwargs("shanten")[-1]["joker_tiles"] == [31, 32]


def test_joker_plumbing_auto_melds_count_jokers(capsys, monkeypatch):
    k = _FakeKernel(monkeypatch, shanten=0)
    r = run_json(capsys, "analyze", "1234m", "--jokers", "1")      # 4 + 1 = 5 tiles: 3 melds assumed
    assert r["meld_count"] == 3 and r["melds_assumed"] is True
    assert k.kwargs("shanten")[0]["melds"] == 3
    r = run_json(capsys, "analyze", "1234m", "--jokers", "3")      # 4 + 3 = 7 tiles: 2 melds, waiting
    assert r["meld_count"] == 2 and k.kwargs("shanten")[-1]["melds"] == 2


def test_joker_plumbing_complete_shows_readings(capsys, monkeypatch):
    k = _FakeKernel(monkeypatch, shanten=-1, win=True)
    r = run_json(capsys, "analyze", "1234567m123p5s", "--jokers", "3")
    assert r["complete"] is True and r["decompositions"] == []
    assert [a["text"] for a in r["assignments"]] == ["reading A", "reading B"]
    kw = k.kwargs("assignments")[0]
    assert kw == {"jokers": 3, "joker_tiles": [], "melds": 0, "forms": ("standard", "seven_pairs", "thirteen_orphans"),
                  "quads_as_two_pairs": True, "allow_fifth_copy": True, "hand_size": 13}
    code, out, err = run(capsys, "analyze", "1234567m123p5s", "--jokers", "3")
    assert "complete  yes, 2 readings\n" in out and "reading A\n" in out and out.endswith("reading B\n")
    k._readings = tuple(f"reading {i}" for i in range(25))
    code, out, err = run(capsys, "analyze", "1234567m123p5s", "--jokers", "3")
    assert "complete  yes, 25 readings" in out and "reading 19\n  ... 5 more (--json lists all)" in out
    assert "reading 20" not in out
    assert len(run_json(capsys, "analyze", "1234567m123p5s", "--jokers", "3")["assignments"]) == 25
    monkeypatch.delattr(mjpy, "assignments")
    code, out, err = run(capsys, "analyze", "1234567m123p5s", "--jokers", "3")
    assert code == 0 and "complete  yes\n" in out


def test_joker_plumbing_no_jokers_in_hand_keeps_decompositions(capsys, monkeypatch):
    # --joker-tiles naming kinds absent from a complete hand: a normal hand, its decompositions shown
    ds = [str(d) for d in mjpy.decompositions("1112345678999m5m")]
    k = _FakeKernel(monkeypatch, shanten=-1, win=True)
    r = run_json(capsys, "analyze", "1112345678999m5m", "--joker-tiles", "5z")
    assert r["joker_count"] == 0 and r["assignments"] == []
    assert [d["text"] for d in r["decompositions"]] == ds
    assert k.kwargs("is_win")[0]["joker_tiles"] == [31]


def test_no_joker_options_pass_no_joker_arguments(capsys, monkeypatch):
    k = _FakeKernel(monkeypatch, shanten=1)
    r = run_json(capsys, "analyze", "123m456p789s1357z")
    assert r["jokers"] == 0 and r["joker_tiles"] == [] and r["joker_count"] == 0 and r["assignments"] == []
    for name, kw in k.calls:
        assert not {"jokers", "joker_tiles", "allow_fifth_copy"} & set(kw), name


def test_kernel_without_jokers_is_a_clear_error(capsys, monkeypatch):
    def old_shanten(hand, *, melds=0, forms=None, quads_as_two_pairs=True, hand_size=13):
        return 0
    monkeypatch.setattr(mjpy, "shanten", old_shanten)
    code, out, err = run(capsys, "analyze", "1234567m123p5s", "--jokers", "2")
    assert code == 2 and err == ("mjpy: error: this mjcore build does not support jokers "
                                 "(mjpy.shanten(..., jokers=) is not available)\n")


# ----------------------------------------------------------------------------- analyze with jokers: kernel

def _kernel_has_jokers() -> bool:
    try:
        mjpy.shanten("1234567m123p5s", jokers=2)
        return True
    except TypeError:
        return False


needs_joker_kernel = pytest.mark.skipif(not _kernel_has_jokers(), reason="mjcore without jokers= support")


@needs_joker_kernel
def test_jokers_extra(capsys):
    hand = "1234567m123p5s"
    r = run_json(capsys, "analyze", hand, "--jokers", "2")
    assert r["shanten"] == mjpy.shanten(hand, jokers=2) == 0
    assert r["complete"] is False and r["jokers"] == 2 and r["joker_count"] == 2
    waits = [w["tile"] for w in r["waits"]]
    assert waits == [TILE_NAMES[int(w)] for w in mjpy.waits(hand, jokers=2)]
    assert "5s" in waits and "7m" in waits          # 7m+J+J set, wait 5s; or 5s+J+J set, wait 7m
    code, out, err = run(capsys, "analyze", hand, "--jokers", "2")
    assert code == 0 and "shanten   0 (tenpai)" in out and "+ 2 jokers" in out


@needs_joker_kernel
def test_jokers_in_hand(capsys):
    hand = "123456m234p55s55z"
    r = run_json(capsys, "analyze", hand, "--joker-tiles", "5z")
    assert r["shanten"] == mjpy.shanten(hand, joker_tiles=[31]) == 0
    assert r["jokers"] == 0 and r["joker_tiles"] == ["5z"] and r["joker_count"] == 2
    assert [w["tile"] for w in r["waits"]] == [TILE_NAMES[int(w)] for w in mjpy.waits(hand, joker_tiles=[31])]
    assert [(u["tile"], u["left"]) for u in r["useful"]] == [
        (TILE_NAMES[u.tile], u.left) for u in mjpy.useful_tiles(hand, joker_tiles=[31])]


@needs_joker_kernel
@pytest.mark.parametrize("argv", [["1234567m123p5s", "--jokers", "3"],
                                  ["123456m234p55s555z", "--joker-tiles", "5z"],
                                  ["123456m234p555s5z", "--joker-tiles", "5z", "--jokers", "1"]])
def test_jokers_complete(capsys, argv):
    r = run_json(capsys, "analyze", *argv)
    assert r["complete"] is True and r["shanten"] == -1 and r["decompositions"] == []
    if hasattr(mjpy, "assignments"):
        jt = [31] if "--joker-tiles" in argv else []
        n = 3 if argv[0].startswith("1234567m") else (1 if "--jokers" in argv else 0)
        readings = mjpy.assignments(argv[0], jokers=n, joker_tiles=jt, melds=0)
        expect = [str(a) for a in readings]
        assert [a["text"] for a in r["assignments"]] == expect and expect
        assert [a.get("form") for a in r["assignments"]] == [getattr(a, "form", None) for a in readings]
        code, out, err = run(capsys, "analyze", *argv)
        assert f"complete  yes, {len(expect)} reading" in out
        for text in expect[:20]:          # the text output shows the first 20
            assert text in out


@needs_joker_kernel
def test_jokers_fifth_copy(capsys):
    # 1111m + one joker: every reading needs the joker as a fifth 1m (wild.allow_fifth_copy, docs/rules.md#options)
    hand = "1111m234p567s789s"
    r = run_json(capsys, "analyze", hand, "--jokers", "1")
    assert r["complete"] is True
    r = run_json(capsys, "analyze", hand, "--jokers", "1", "--no-fifth-copy")
    assert r["complete"] is False and r["allow_fifth_copy"] is False
    assert mjpy.is_win(hand, jokers=1, allow_fifth_copy=False) is False


@needs_joker_kernel
def test_jokers_short_hand_assumes_melds(capsys):
    r = run_json(capsys, "analyze", "1234m", "--jokers", "1")
    assert r["meld_count"] == 3 and r["melds_assumed"] is True
    assert r["complete"] == bool(mjpy.is_win("1234m", melds=3, jokers=1))


# ----------------------------------------------------------------------------- 16-tile play and shape-only rule sets
# --hand-size 16 (5 sets + a pair, 17 tiles complete) and --rules NAME for the registry's shape-only rule sets
# (standard, riichi, taiwan: no fan table): the answers equal the kernel's with hand_size=16 / the row's forms.

WAIT16 = "123m456m789m123p45p11s"       # 16 tiles: waits 3p 6p
NINE16 = "1112223334445556m"            # 16 tiles of one suit: waits 1m-7m
WIN17 = "11122233344455566m"            # 17 tiles: five pungs + a pair, and other readings
FAR16 = "123m456m789m13p57p19s2z"       # 16 tiles, not waiting
FAR17 = FAR16 + "5z"                    # 17 tiles, not complete: the discard table


def _tiles(entries):
    return [(e["tile"], e["left"]) for e in entries]


def _kernel_tiles(ws):
    return [TILE_NAMES[int(w)] for w in ws]


def test_hand_size_16_complete(capsys):
    r = run_json(capsys, "analyze", WIN17, "--hand-size", "16")
    ds = mjpy.decompositions(WIN17, hand_size=16)
    assert len(ds) > 1
    assert r["complete"] is True and r["shanten"] == mjpy.shanten(WIN17, hand_size=16) == -1
    assert r["tiles"] == 17 and r["hand_size"] == 16 and r["rules"] is None and r["forms"] == ["standard"]
    assert [d["text"] for d in r["decompositions"]] == [str(d) for d in ds]
    assert all(len(d["sets"]) == 5 for d in r["decompositions"])
    code, out, err = run(capsys, "analyze", WIN17, "--hand-size", "16")
    assert code == 0 and "play      16-tile hands (5 sets + a pair), forms standard\n" in out
    assert f"complete  yes, {len(ds)} decompositions" in out


@pytest.mark.parametrize("hand", [WAIT16, NINE16])
def test_hand_size_16_waits(capsys, hand):
    r = run_json(capsys, "analyze", hand, "--hand-size", "16")
    ws = mjpy.waits(hand, hand_size=16)
    assert r["shanten"] == mjpy.shanten(hand, hand_size=16) == 0 and r["complete"] is False
    assert [w["tile"] for w in r["waits"]] == _kernel_tiles(ws) and ws
    assert _tiles(r["useful"]) == [(TILE_NAMES[u.tile], u.left) for u in mjpy.useful_tiles(hand, hand_size=16)]
    assert r["tiles"] == 16 and r["meld_count"] == 0 and r["melds_assumed"] is False
    if hand == NINE16:
        assert _tiles(r["waits"]) == [("1m", 1), ("2m", 1), ("3m", 1), ("4m", 1), ("5m", 1), ("6m", 3), ("7m", 4)]


def test_hand_size_16_not_waiting_and_discards(capsys):
    r = run_json(capsys, "analyze", FAR16, "--hand-size", "16")
    assert r["shanten"] == mjpy.shanten(FAR16, hand_size=16) >= 1 and r["waits"] == []
    assert _tiles(r["useful"]) == [(TILE_NAMES[u.tile], u.left) for u in mjpy.useful_tiles(FAR16, hand_size=16)]
    r = run_json(capsys, "analyze", FAR17, "--hand-size", "16")
    s = mjpy.shanten(FAR17, hand_size=16)
    assert r["complete"] is False and r["shanten"] == s >= 1 and r["discards"]
    counts = mjpy.notation.parse(FAR17)
    for d in r["discards"]:
        after = counts.copy()
        after[d["index"]] -= 1
        assert mjpy.shanten(after, hand_size=16) == s
        assert _tiles(d["useful"]) == [(TILE_NAMES[u.tile], u.left) for u in mjpy.useful_tiles(after, hand_size=16)]


def test_16_tile_hands_are_refused_at_13_tiles(capsys):
    for hand, n in ((WIN17, 17), (WAIT16, 16)):
        code, out, err = run(capsys, "analyze", hand)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert err == (f"mjpy: error: hand has {n} tiles: a 13-tile hand has 13 (waiting) or 14 (complete or "
                       f"discarding) (16-tile play: --hand-size 16)\n")
    code, out, err = run(capsys, "analyze", "123m456p789s11122z", "--melds", "1")
    assert code == 2 and "hand has 14 tiles + 1 declared meld = 17 tiles counting a meld as 3: a 13-tile hand" in err


def test_hand_size_16_short_hand_assumes_five_set_melds(capsys):
    r = run_json(capsys, "analyze", "1234567m", "--hand-size", "16")
    assert r["meld_count"] == 3 and r["melds_assumed"] is True            # 13-tile play assumes 2
    assert [w["tile"] for w in r["waits"]] == _kernel_tiles(mjpy.waits("1234567m", melds=3, hand_size=16))
    r = run_json(capsys, "analyze", "123m456p789s11122z", "--hand-size", "16")   # 14 tiles: one meld short of 17
    assert r["meld_count"] == 1 and r["complete"] is mjpy.is_win("123m456p789s11122z", melds=1, hand_size=16) is True
    assert run_json(capsys, "analyze", "1234567m")["meld_count"] == 2


def test_hand_size_16_five_declared_melds(capsys):
    hand = "[123m][456m][789m][123p][456p]1s"
    for extra in (("--hand-size", "16"), ("--rules", "taiwan")):
        r = run_json(capsys, "analyze", hand, *extra)
        assert r["meld_count"] == 5 and len(r["melds"]) == 5 and r["melds_assumed"] is False
        assert r["shanten"] == 0 and _tiles(r["waits"]) == [("1s", 3)]
        r = run_json(capsys, "analyze", "1s", "--melds", "5", *extra)
        assert r["meld_count"] == 5 and [w["tile"] for w in r["waits"]] == ["1s"]
        r = run_json(capsys, "analyze", "[123m][456m][789m][123p][456p]11s", *extra)
        assert r["complete"] is True and [d["text"] for d in r["decompositions"]] == [
            str(d) for d in mjpy.decompositions("11s", melds=5, hand_size=16)]
    code, out, err = run(capsys, "analyze", hand)
    assert code == 2 and err == "mjpy: error: 5 declared melds: a 13-tile hand has at most 4\n"
    code, out, err = run(capsys, "analyze", "1s", "--melds", "6", "--hand-size", "16")
    assert code == 2 and err == ("mjpy: error: --melds 6: the number of declared melds must be 0-5 "
                                 "(a 16-tile hand has at most 5)\n")
    code, out, err = run(capsys, "analyze", "[111m][222m][333m][444m][555m][666m]1p", "--rules", "taiwan")
    assert code == 2 and err == "mjpy: error: --rules taiwan: 6 declared melds: a 16-tile hand has at most 5\n"


def test_hand_size_16_with_jokers(capsys):
    hand = "123m456m789m123p4p1s"              # 14 tiles + 2 jokers = 16
    r = run_json(capsys, "analyze", hand, "--jokers", "2", "--hand-size", "16")
    assert r["shanten"] == mjpy.shanten(hand, jokers=2, hand_size=16) == 0
    assert [w["tile"] for w in r["waits"]] == _kernel_tiles(mjpy.waits(hand, jokers=2, hand_size=16))
    r = run_json(capsys, "analyze", hand, "--jokers", "3", "--hand-size", "16")
    assert r["complete"] is True
    assert [a["text"] for a in r["assignments"]] == [str(a) for a in mjpy.assignments(hand, jokers=3, hand_size=16)]


@pytest.mark.parametrize("hand", [WIN17, WAIT16, NINE16, FAR16, FAR17, "[123m][456m][789m][123p][456p]1s"])
def test_rules_taiwan_is_16_tile_play(capsys, hand):
    from mjpy.rules import registry

    row = registry.info("taiwan")
    assert row.binding == "" and row.hand_size == 16 and row.forms == ("standard",)
    r = run_json(capsys, "analyze", hand, "--rules", "taiwan")
    plain = run_json(capsys, "analyze", hand, "--hand-size", "16")
    assert r == {**plain, "rules": "taiwan"}
    counts, melds = mjpy.notation.parse_hand(hand)
    assert r["shanten"] == mjpy.shanten(counts, melds=melds, hand_size=16)
    code, out, err = run(capsys, "analyze", hand, "--rules", "taiwan")
    assert code == 0 and "rules     taiwan: 16-tile hands (5 sets + a pair), forms standard; shapes only" in out


def test_rules_taiwan_waits_equal_the_kernel(capsys):
    r = run_json(capsys, "analyze", WAIT16, "--rules", "taiwan")
    assert [w["tile"] for w in r["waits"]] == _kernel_tiles(mjpy.waits(WAIT16, hand_size=16)) == ["3p", "6p"]
    r = run_json(capsys, "analyze", WAIT16, "--rules", "taiwan", "--visible", "3p6p6p", "--include-exhausted")
    assert _tiles(r["waits"]) == [("3p", 2), ("6p", 2)] and r["visible"] == "366p"


def test_rules_taiwan_refuses_a_13_tile_game_hand(capsys):
    code, out, err = run(capsys, "analyze", "123m456p789s11122z", "--rules", "taiwan")
    assert code == 2 and out == "" and err == (
        "mjpy: error: --rules taiwan: hand has 14 tiles: a 16-tile hand has 16 (waiting) or 17 (complete or "
        "discarding); declared melds go in brackets ([123m]) or --melds N\n")
    code, out, err = run(capsys, "analyze", "123m456p789s1122z", "--rules", "taiwan")
    assert code == 2 and "--rules taiwan: hand has 13 tiles: a 16-tile hand has 16" in err
    # with its meld declared the same tiles are a 17-tile hand
    r = run_json(capsys, "analyze", "123m456p789s11122z", "--rules", "taiwan", "--melds", "1")
    assert r["complete"] is mjpy.is_win("123m456p789s11122z", melds=1, hand_size=16) is True


def test_rules_standard_and_riichi_analyze(capsys):
    for hand in ("123m456p789s11122z", "2233445566778p", "123m456p789s1357z", "1111m2233p4455s66z"):
        assert run_json(capsys, "analyze", hand, "--rules", "standard") == {**run_json(capsys, "analyze", hand),
                                                                           "rules": "standard"}
    r = run_json(capsys, "analyze", "1111m2233p4455s66z", "--rules", "standard")
    assert r["complete"] is True and r["decompositions"][0]["form"] == "seven_pairs"
    r = run_json(capsys, "analyze", "1111m2233p4455s66z", "--rules", "riichi")
    assert r["complete"] is False and r["quads_as_two_pairs"] is False and r["rules"] == "riichi"
    assert r == {**run_json(capsys, "analyze", "1111m2233p4455s66z", "--japanese-seven-pairs"), "rules": "riichi"}
    code, out, err = run(capsys, "analyze", "1111m2233p4455s66z", "--rules", "riichi")
    assert code == 0 and "four of a kind is not two pairs; shapes only (no fan table)" in out
    code, out, err = run(capsys, "analyze", "1234567m", "--rules", "standard")     # no melds assumed
    assert code == 2 and "--rules standard: hand has 7 tiles: a 13-tile hand has 13 (waiting) or 14" in err
    assert run_json(capsys, "analyze", "1234567m", "--rules", "standard", "--melds", "2")["meld_count"] == 2


@pytest.mark.parametrize("name", ["taiwan", "standard", "riichi"])
@pytest.mark.parametrize("flags, fragment", [
    (["--forms", "all"], "--forms does not apply (the rule set fixes its forms)"),
    (["--forms", "standard"], "--forms does not apply"),
    (["--hand-size", "16"], "--hand-size does not apply (the rule set fixes it: "),
    (["--hand-size", "13"], "--hand-size does not apply"),
    (["--japanese-seven-pairs"], "--japanese-seven-pairs does not apply"),
    (["--jokers", "1"], "--jokers does not apply (the rule set has no jokers"),
    (["--joker-tiles", "5z"], "--joker-tiles does not apply"),
    (["--no-fifth-copy"], "--no-fifth-copy does not apply"),
    (["--win", "1s"], "--win does not apply (no fan table"),
    (["--self-drawn"], "--self-drawn does not apply (no fan table"),
    (["--option", "qidui=10"], "--option does not apply (no fan table"),
    (["--indicator", "1z"], "--indicator does not apply (no fan table"),
    (["--dealer"], "--dealer does not apply (no fan table"),
    (["--context", "caipiao=1"], "--context does not apply (no fan table"),
    (["--seat-wind", "S"], "--seat-wind does not apply (no fan table"),
    (["--dingque", "m"], "--dingque does not apply (no fan table"),
    (["--flowers", "2"], "--flowers does not apply (no fan table"),
    (["--max-fan", "4"], "--max-fan does not apply (no fan table"),
])
def test_shape_rule_sets_refuse_flags(capsys, name, flags, fragment):
    hand = WAIT16 if name == "taiwan" else "2233445566778p"
    code, out, err = run(capsys, "analyze", hand, "--rules", name, *flags)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"mjpy: error: --rules {name}: ") and fragment in err, err


def test_every_analyze_flag_is_read_or_refused_by_shape_rule_sets():
    from mjpy.cli import _NOT_SHAPES, _build_parser

    parser = _build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    dests = {a.dest for a in sub.choices["analyze"]._actions if a.dest != "help"}
    read = {"hand", "melds", "include_exhausted", "visible", "json", "rules", "hand_size"}
    refused = {attr for attr, *_ in _NOT_SHAPES}
    assert dests - read == refused and not read & refused


def test_hand_size_is_refused_with_scoring_rule_sets(capsys):
    for name in ("sichuan", "guobiao", "tianjin"):
        code, out, err = run(capsys, "analyze", "2233445566778p", "--rules", name, "--hand-size", "16")
        assert code == 2 and out == "" and err.count("\n") == 1
        assert f"--rules {name}: --hand-size does not apply (the rule set fixes it: " in err
        assert "plays 13-tile hands" in err


@pytest.mark.parametrize("argv, fragment", [
    (["--hand-size", "15"], "argument --hand-size: invalid choice: 15 (choose from 13, 16)"),
    (["--hand-size", "x"], "argument --hand-size: invalid int value: 'x'"),
])
def test_hand_size_flag_errors(capsys, argv, fragment):
    code, out, err = run(capsys, "analyze", WAIT16, *argv)
    assert code == 2 and out == "" and err == f"mjpy: error: {fragment}\n"


def test_analyze_function_hand_size_and_rules():
    assert analyze(WAIT16, hand_size=16) == {**analyze(WAIT16, rules="taiwan"), "rules": None}
    assert analyze(WAIT16, rules="taiwan", hand_size=16, forms=("standard",))["rules"] == "taiwan"
    assert analyze("1111m2233p4455s66z", rules="riichi")["complete"] is False
    with pytest.raises(ValueError, match=r"^hand_size must be 13 \(4 sets \+ a pair\) or 16 \(5 sets \+ a pair\), "
                                         r"got 15$"):
        analyze(WAIT16, hand_size=15)
    with pytest.raises(TypeError, match="hand_size must be an int"):
        analyze(WAIT16, hand_size=True)
    with pytest.raises(ValueError, match=r"rules='taiwan' fixes forms \(\('standard',\)\); got 'all'"):
        analyze(WAIT16, rules="taiwan", forms="all")
    with pytest.raises(ValueError, match=r"rules='riichi' fixes hand_size \(13\); got 16"):
        analyze(WAIT16, rules="riichi", hand_size=16)
    with pytest.raises(ValueError, match=r"rules='standard' fixes quads_as_two_pairs \(True\); got False"):
        analyze("2233445566778p", rules="standard", quads_as_two_pairs=False)
    with pytest.raises(ValueError, match="rules='guobiao' has a fan table"):
        analyze("2233445566778p", rules="mcr")
    with pytest.raises(ValueError, match="unknown rule set 'nope'"):
        analyze("2233445566778p", rules="nope")


def test_hand_size_reaches_every_kernel_call(capsys, monkeypatch):
    k = _FakeKernel(monkeypatch, shanten=0)
    run_json(capsys, "analyze", WAIT16, "--hand-size", "16")
    run_json(capsys, "analyze", FAR17, "--rules", "taiwan")           # not complete: is_win, the discard table
    k._win = True
    k._shanten = -1
    run_json(capsys, "analyze", "123m456m789m123p4p1s", "--jokers", "3", "--hand-size", "16")
    names = {n for n, _ in k.calls}
    assert names == {"shanten", "is_win", "waits", "useful_tiles", "assignments"}
    assert all(kw["hand_size"] == 16 for _, kw in k.calls), k.calls
    seen = []
    real = mjpy.decompositions
    monkeypatch.setattr(mjpy, "decompositions", lambda hand, **kw: seen.append(kw) or real(hand, **kw))
    run_json(capsys, "analyze", WIN17, "--hand-size", "16")
    assert seen and seen[0]["hand_size"] == 16


def test_help_names_hand_size_and_shape_rule_sets(capsys):
    code, out, err = run(capsys, "analyze", "--help")
    text = " ".join(out.split())
    assert code == 0 and "--hand-size {13,16}" in text
    assert "A shape-only rule set (standard, riichi, taiwan) has no fan table" in text
    assert "has shapes only (no fan table); analyze without --rules" not in text
