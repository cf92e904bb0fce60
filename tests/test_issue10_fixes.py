"""Issue 10: the README's own commands, the CLI's wording and small defects found by fuzzing.

* every shipped settlement example runs with its preset (``mjpy settle``), sums to zero and pays
  the amounts its comment states; ``mjpy settle --help`` lists every preset of the registry;
* ``mjpy analyze --help`` and its error agree on ``--melds`` (0-4); the jokers line and the
  ``mjpy evaluate`` / ``mjpy simulate`` summaries say what their numbers are;
* ``mask_to_tiles`` refuses masks outside 0..2**34-1 and takes numpy integers and arrays;
* ``simulate`` refuses 0 deals; ``guobiao.payments`` refuses a hand below the minimum;
* ``parse`` reads back the Unicode tiles ``to_unicode`` writes;
* ``ganghua_zhigang_feeder_pays``: the feeder pays one share, as a 点炮.
"""
from __future__ import annotations

import glob
import json
import os

import numpy as np
import pytest

import mjpy
from conftest import expect_error, mixed_hands, rng_for, run_cli, run_cli_json, wall_hands
from mjpy import Meld
from mjpy.cli import analyze
from mjpy.notation import to_unicode
from mjpy.rules import guobiao
from mjpy.rules.sichuan_settle import PRESETS, SettleOptions, settle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ------------------------------------------------------------------------------------------------
# A. the shipped settlement examples, each with its preset(s)

#: (example file, preset) -> the totals (P0..P3) worked out by hand in the file's "comment"
EXAMPLES = {
    ("examples/sichuan_table.json", "qq"): (12, 48, 144, -204),
    ("examples/sichuan_table.json", "sc_d"): (12, 48, 144, -204),            # no 直杠 in this hand
    ("examples/sichuan_table.json", "sc_b"): (12, 78, 114, -204),            # 查大叫 min: 3分 ×3, no kong pay
    ("examples/sichuan_table.json", "chengdu_xuezhan"): (12, 48, 144, -204),
    ("examples/sichuan_table.json", "chengdu_xuezhan_xiayu"): (12, 48, 144, -204),
    ("examples/settle/chengdu_biaozhun.json", "chengdu_biaozhun"): (6, 0, 6, -12),
    ("examples/settle/chengdu_xiayu.json", "chengdu_xiayu"): (-18, 30, 6, -18),
    ("examples/settle/chengdu_xuezhan.json", "chengdu_xuezhan"): (6, 18, 12, -36),
    ("examples/settle/chengdu_xuezhan_xiayu.json", "chengdu_xuezhan_xiayu"): (-6, 54, 0, -48),
    ("examples/settle/ganghua_zhigang.json", "qq"): (-48, 150, -48, -54),
    ("examples/settle/ganghua_zhigang.json", "sc_d"): (-48, 156, -48, -60),
    ("examples/settle/ganghua_zhigang.json", "sc_d_jiajiayou"): (-54, 168, -54, -60),
    ("examples/settle/ganghua_zhigang.json", "sc_d_chengbao"): (-48, 156, -48, -60),
    ("examples/settle/ganghua_zhigang.json", "sc_d_zimo_jiadi"): (-54, 174, -54, -66),
    ("examples/settle/ganghua_zhigang.json", "sc_b"): (0, 36, 0, -36),
}


#: the regional tables (docs/settle.md), run by tests/test_settle_regional.py and tests/test_settle_cs_kwx.py
REGIONAL_EXAMPLES = {f"examples/settle/{n}.json" for n in ("guangdong_tuidao", "guangdong_jipinghu", "qingyuan",
                                                             "tianjin", "changsha", "kawuxing")}


def test_every_shipped_example_and_every_preset_is_covered():
    shipped = {os.path.relpath(p, ROOT).replace(os.sep, "/")
               for p in glob.glob(os.path.join(ROOT, "examples", "**", "*.json"), recursive=True)}
    assert REGIONAL_EXAMPLES <= shipped
    assert shipped - REGIONAL_EXAMPLES == {f for f, _ in EXAMPLES}
    assert {p for _, p in EXAMPLES} == set(PRESETS)
    # one table per CD-E mode, named after its preset
    for mode in ("chengdu_biaozhun", "chengdu_xiayu", "chengdu_xuezhan", "chengdu_xuezhan_xiayu"):
        assert f"examples/settle/{mode}.json" in shipped


@pytest.mark.parametrize("path,preset", sorted(EXAMPLES))
def test_shipped_example_settles_with_its_preset(path, preset, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    d = run_cli_json(capsys, "settle", path, "--rules", "sichuan", "--preset", preset)
    assert sum(d["totals"]) == 0
    assert tuple(d["totals"]) == EXAMPLES[path, preset]
    net = [0, 0, 0, 0]
    for row in d["ledger"]:
        assert row["amount"] > 0
        net[row["payer"]] -= row["amount"]
        net[row["payee"]] += row["amount"]
    assert net == d["totals"]
    # the human output prints the same totals
    code, out, err = run_cli(capsys, "settle", path, "--rules", "sichuan", "--preset", preset)
    assert code == 0 and err == ""
    assert [int(line.split()[-1]) for line in out.splitlines()[1:5]] == list(EXAMPLES[path, preset])


@pytest.mark.parametrize("mode", ["chengdu_biaozhun", "chengdu_xiayu", "chengdu_xuezhan", "chengdu_xuezhan_xiayu"])
def test_chengdu_example_names_its_preset(mode, capsys, monkeypatch):
    # the file's own "options" select its mode: it runs the same without --preset
    monkeypatch.chdir(ROOT)
    path = f"examples/settle/{mode}.json"
    with open(path, encoding="utf-8") as f:
        table = json.load(f)
    assert table["options"] == {"preset": mode}
    assert f"--preset {mode}" in table["comment"]
    d = run_cli_json(capsys, "settle", path, "--rules", "sichuan")
    assert tuple(d["totals"]) == EXAMPLES[path, mode]


def test_readme_settle_example_no_longer_fails(capsys, monkeypatch):
    # the first-win-ends modes refuse the 血战 draw of sichuan_table.json; their own tables run
    monkeypatch.chdir(ROOT)
    code, out, err = run_cli(capsys, "settle", "examples/sichuan_table.json", "--rules", "sichuan",
                             "--preset", "chengdu_xiayu")
    assert code == 2 and "wall_exhausted is set but player 0 won at table.events[1]" in err and "not 血战到底" in err
    code, out, err = run_cli(capsys, "settle", "examples/settle/chengdu_xiayu.json", "--rules", "sichuan",
                             "--preset", "chengdu_xiayu")
    assert code == 0 and err == "" and "P1 South  +30" in out


def test_settle_help_lists_every_preset(capsys):
    code, out, err = run_cli(capsys, "settle", "--help")
    assert code == 0
    text = " ".join(out.split())
    for name in PRESETS:
        assert name in text, name
    code, out, err = run_cli(capsys, "settle", "examples/sichuan_table.json", "--rules", "sichuan",
                             "--preset", "nope")
    assert code == 2 and all(name in err for name in PRESETS)


def test_points_profile_is_shown_in_fen(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, err = run_cli(capsys, "settle", "examples/settle/ganghua_zhigang.json", "--rules", "sichuan",
                             "--preset", "sc_b")
    assert code == 0 and "= 6分 ×6" in out and "番" not in out


# ------------------------------------------------------------------------------------------------
# A. CLI wording

def test_analyze_melds_help_and_error_agree(capsys):
    code, out, err = run_cli(capsys, "analyze", "--help")
    text = " ".join(out.split())
    assert code == 0 and "number N (0-4" in text and "0-5" not in text
    for bad in ("5", "-1"):
        code, out, err = run_cli(capsys, "analyze", "1m", "--melds", bad)
        assert code == 2 and out == ""
        assert err == f"mjpy: error: --melds {bad}: the number of declared melds must be 0-4 " \
                      f"(a 13-tile hand has at most 4)\n"
    code, out, err = run_cli(capsys, "analyze", "[111m][222m][333m][444m][555m]1p")
    assert code == 2 and "5 declared melds: a 13-tile hand has at most 4" in err
    code, out, err = run_cli(capsys, "analyze", "1m", "--melds", "4")
    assert code == 0 and "tiles     1 + 4 declared melds" in out


def test_jokers_line_says_what_it_counts(capsys):
    code, out, err = run_cli(capsys, "analyze", "1234567m123p5s", "--jokers", "2")
    assert code == 0
    assert "jokers    2 held apart from the tiles written (--jokers 2)" in out
    assert "besides" not in out and "= 2" not in out
    code, out, err = run_cli(capsys, "analyze", "123456m234p55s55z", "--joker-tiles", "5z", "--no-fifth-copy")
    assert "jokers    2 in HAND (joker kind 5z 中); a joker may not be a fifth copy" in out
    code, out, err = run_cli(capsys, "analyze", "--help")
    assert "besides" not in out


def test_evaluate_summary_says_what_its_numbers_are(tmp_path, capsys):
    h = mjpy.random.deal(500, "standard", seed=3)
    h[0] = mjpy.parse("2233445566778p")                 # tenpai: 3 kinds waited on
    p = tmp_path / "h.npy"
    np.save(p, h)
    code, out, err = run_cli(capsys, "evaluate", str(p), "--what", "waits,useful,tenpai", "--no-progress")
    assert code == 0, err
    assert "kinds per row" not in out and "non-empty" not in out
    waits = mjpy.batch.waits(h)
    n_wait = int((waits != 0).sum())
    mean = sum(len(mjpy.batch.mask_to_tiles(m)) for m in waits) / len(h)
    line = next(x for x in out.splitlines() if x.startswith("waits"))
    assert "rows with a wait" in line and f"{n_wait:,} ({n_wait / len(h):.2%})" in line
    assert f"{mean:.3f} tile kinds waited on per row on average" in line
    assert any(x.startswith("useful") and "tile kinds that lower shanten per row on average" in x
               for x in out.splitlines())
    assert any(x.startswith("tenpai") and "tenpai rows" in x for x in out.splitlines())


def test_simulate_summary_says_what_its_numbers_are(capsys):
    code, out, err = run_cli(capsys, "simulate", "--deals", "300", "--draws", "4", "--no-progress")
    assert code == 0, err
    r = mjpy.simulate("sichuan", deals=300, draws=4)
    assert f"after 4 draws: {r.tenpai_rate:.2%} of the deals were tenpai at some point, " \
           f"{r.win_rate:.2%} won (self-drawn)" in out
    assert "draw  tenpai   won      mean shanten" in out and "a won hand counts -1" in out


# ------------------------------------------------------------------------------------------------
# B. small defects

def test_mask_to_tiles_range_and_types():
    f = mjpy.batch.mask_to_tiles
    assert f(0b1001) == [0, 3] and f(0) == [] and f((1 << 34) - 1) == list(range(34))
    for scalar in (np.uint64(9), np.int64(9), np.uint32(9), np.array(9, np.uint64)):
        assert f(scalar) == [0, 3]
    for bad in (-1, 1 << 34, 2 ** 40, np.int64(-3), np.uint64(1 << 40)):
        e = expect_error(f, bad)
        assert isinstance(e, ValueError) and "outside 0..2**34-1" in str(e), bad
    for bad in (1.0, True, "9", None, [1, 2], np.float64(9)):
        e = expect_error(f, bad)
        assert isinstance(e, TypeError) and "mask" in str(e), bad
    # arrays: one list per element, nested like the array
    hands = np.stack([mjpy.parse("123m456p789s1122z"), mjpy.parse("2233445566778p")])
    w = mjpy.batch.waits(hands)
    assert f(w) == [[27, 28], [10, 13, 16]] == [f(m) for m in w]
    assert f(np.array([[1, 2], [0, 4]], np.int64)) == [[[0], [1]], [[], [2]]]
    assert f(np.zeros(0, np.uint64)) == []
    e = expect_error(f, np.array([1, -1]))
    assert isinstance(e, ValueError) and "mask[1] = -1" in str(e)
    e = expect_error(f, np.array([1, 1 << 40], np.uint64))
    assert isinstance(e, ValueError) and f"mask[1] = {1 << 40}" in str(e)
    e = expect_error(f, np.array([1.0]))
    assert isinstance(e, TypeError) and "float64" in str(e)


def test_simulate_refuses_zero_deals(capsys):
    e = expect_error(mjpy.simulate, "sichuan", deals=0)
    assert isinstance(e, ValueError) and str(e) == "deals must be >= 1, got 0"
    code, out, err = run_cli(capsys, "simulate", "--deals", "0", "--no-progress")
    assert code == 2 and out == ""
    assert err == "mjpy: error: --deals must be 1 or more, got 0\n"


def _six_fan(**kw):
    return guobiao.score("11199p222z", melds=[Meld("chi", "123m"), Meld("pon", "555s")], win_tile="2z",
                         self_drawn=True, seat_wind="S", round_wind="E", **kw)


def test_guobiao_payments_refuses_a_hand_below_the_minimum():
    r = _six_fan()
    assert r.is_win and not r.is_valid_win and r.total == 6
    e = expect_error(guobiao.payments, r, winner=0, discarder=2)
    assert isinstance(e, ValueError)
    assert "6 fan" in str(e) and "8-fan minimum" in str(e) and "min_fan=0" in str(e)
    assert guobiao.payments(r, winner=0, discarder=2, min_fan=0) == [30, -8, -14, -8]
    assert guobiao.payments(r, winner=1, min_fan=6) == [-14, 42, -14, -14]
    assert "7-fan minimum" in str(expect_error(guobiao.payments, r, winner=0, min_fan=7))
    # flowers do not count toward the minimum: 6 fan + 3 flowers is still refused, the total named
    rf = _six_fan(flowers=3)
    e = expect_error(guobiao.payments, rf, winner=0)
    assert "6 fan without flowers (total 9 with 3 flowers)" in str(e)
    # the minimum the hand was scored with (GuobiaoOptions.min_fan) is the default
    r6 = _six_fan(options=guobiao.GuobiaoOptions(min_fan=6))
    assert r6.is_valid_win and guobiao.payments(r6, winner=0) == [42, -14, -14, -14]
    # a bare total is checked against 8
    assert "a total of 7 fan is below the 8-fan minimum" in str(expect_error(guobiao.payments, 7, winner=0))
    assert guobiao.payments(7, winner=0, min_fan=0) == [45, -15, -15, -15]
    assert guobiao.payments(8, winner=0) == [48, -16, -16, -16]
    # not a winning shape: refused even with min_fan=0
    bad = guobiao.score("11199p223z", melds=[Meld("chi", "123m"), Meld("pon", "555s")], win_tile="2z")
    assert not bad.is_win
    assert "nothing to pay" in str(expect_error(guobiao.payments, bad, winner=0, min_fan=0))
    for v in (-1, 1.5, True):
        assert "min_fan" in str(expect_error(guobiao.payments, 10, winner=0, min_fan=v))


# ---------------------------------------------------------------------------------- Unicode tiles

def test_parse_reads_the_unicode_tiles_it_writes():
    rng = rng_for("issue10", "unicode")
    hands = np.concatenate([wall_hands(rng, 300, 13), wall_hands(rng, 300, 14),
                            mixed_hands(rng, 200, 0, 2), wall_hands(rng, 50, 1)])
    for h in hands:
        u = to_unicode(h)
        assert len(u) == int(h.sum())
        assert np.array_equal(mjpy.parse(u), h)
        counts, melds = mjpy.parse_hand(u)
        assert np.array_equal(counts, h) and melds == []
        assert np.array_equal(mjpy.parse(" ".join(u)), h)            # spaces between tiles
    for t in range(34):                                               # every tile, every kind of input
        assert mjpy.parse(mjpy.tiles.UNICODE_TILES[t]).nonzero()[0].tolist() == [t]


def test_unicode_tiles_mix_with_melds_and_other_notations():
    counts, melds = mjpy.parse_hand("[🀇🀈🀉](🀄🀄🀄🀄)🀀🀀 55s")
    assert mjpy.to_string(counts) == "55s11z" and melds == [Meld("chi", "123m"), Meld("ankan", "5555z")]
    assert mjpy.to_string(mjpy.parse("🀄\ufe0f🀄\ufe0f🀄\ufe0e 123m")) == "123m555z"  # emoji variation selectors
    assert mjpy.to_string(mjpy.parse("🀙🀚🀛东东")) == "123p11z"
    assert mjpy.shanten("🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀁🀁") == 0
    r = analyze("🀚🀚🀛🀛🀜🀜🀝🀝🀞🀞🀟🀟🀠")
    assert r["hand"] == "2233445566778p" and [w["tile"] for w in r["waits"]] == ["2p", "5p", "8p"]


@pytest.mark.parametrize("text,msg", [
    ("🀢", "'🀢' at position 0 is a flower or season tile"),
    ("🀇🀩", "'🀩' at position 1 is a flower or season tile"),
    ("🀪", "'🀪' at position 0 is a joker tile (pass jokers=k"),
    ("🀫", "'🀫' at position 0 is a tile back"),
    ("\U0001F02C", "(U+1F02C) at position 0 is not a mahjong tile"),
    ("12🀇", "digits '12' at position 0 have no suit"),
    ("🀇😀", "unknown character '😀' (U+1F600) at position 1"),
    ("🀇\u200b", "unknown character '\\u200b' (U+200B) at position 1"),
    ("\ufe0f🀇", "unknown character"),
])
def test_unicode_errors_are_clear(text, msg):
    for fn in (mjpy.parse, mjpy.parse_hand):
        e = expect_error(fn, text)
        assert isinstance(e, ValueError) and msg in str(e), (fn, str(e))
    assert "unknown character 'x' at position 3" in str(expect_error(mjpy.parse, "123x"))   # ASCII unchanged


# ------------------------------------------------------------------------- 杠上花 after a 直杠, feeder pays

def test_ganghua_after_zhigang_feeder_pays_one_share():
    path = os.path.join(ROOT, "examples", "settle", "ganghua_zhigang.json")
    base = settle(path)                        # 杠上花 is self-drawn: each player still in pays 48
    assert base.wins[0].total_fan == 4 and base.wins[0].multiplier == 8 and base.base == 6
    assert base.totals == (-48, 150, -48, -54)
    for opts in (SettleOptions(ganghua_zhigang_feeder_pays=True),
                 SettleOptions(ganghua_zhigang_feeder_pays=True, zimo_bonus="jiadi"),   # no 自摸加底 on a 点炮
                 SettleOptions(ganghua_zhigang_feeder_pays=True, zimo_bonus="jiafan")):
        s = settle(path, opts)
        assert [(p.payer, p.payee, p.amount, p.reason) for p in s.ledger] == [
            (3, 1, 6, "zhigang"), (3, 1, 48, "dianpao")]          # the kong's 6 + one share 4番 ×8 × 6
        assert s.totals == (0, 54, 0, -54)
        assert s.wins[0].payers == (3,) and s.wins[0].amount == 48
    # sc_b (points profile) pays one share too: 6分 × base 6
    s = settle(path, PRESETS["sc_b"])
    assert [(p.payer, p.payee, p.amount) for p in s.ledger] == [(3, 1, 36)]


def test_other_analyze_lines_say_what_they_mean(capsys):
    # discards: how many useful tiles each discard leaves (was "3z    4 tiles: ...")
    code, out, err = run_cli(capsys, "analyze", "123m456p789s11223z")
    assert code == 0 and "  3z   leaves 4 useful tiles: 1z×2  2z×2" in out
    # Guobiao below the minimum: one parenthesis, not two nested
    code, out, err = run_cli(capsys, "analyze", "[123m][555s]11199p222z", "--win", "2z", "--rules", "guobiao",
                             "--self-drawn", "--seat-wind", "S")
    assert "total     6 fan: not a valid win (6 fan without flowers, fewer than the minimum 8)\n" in out
    # Sichuan: where the points come from
    code, out, err = run_cli(capsys, "analyze", "11222244p557799m", "--rules", "sichuan", "--dingque", "s",
                             "--win", "9m", "--self-drawn")
    assert "multiplier x16  points 96 (基本分 6 × 16)" in out
