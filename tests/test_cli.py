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
    code, out, err = run(capsys, "analyze", "123456m234p55s55z", "--joker-tiles", "中,发", "--jokers", "1",
                         "--melds", "1")
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
                  "quads_as_two_pairs": True, "allow_fifth_copy": True}
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
