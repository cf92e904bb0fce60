"""Fuzhou (福州麻将, docs/rules.md#fuzhou) on the engine (``rules.get("fuzhou")``): 13 + 1 tiles, four
sets and a pair, 金 jokers the caller names (``gold=[...]`` bound, or ``joker_tiles=[...]`` per call).

* every row by hand, with its value given and missing: 自摸 ``zimo``, 平胡 ``pinghu`` (a win that is
  not self-drawn), 抢金 ``qiangjin`` (``context={"qiangjin": 1}``), 天和 (the same value), 用金
  ``jin`` (a 金 standing in for another kind); the total is the sum of the rows, a 0 row shows;
  a row that holds without its value refuses the hand ("pass OPTION=");
* the best reading (the highest total, then the fewest 金 standing in);
* the win condition (a melded 金, lifted by ``allow_discard_gold``), the forms (no seven pairs, no
  thirteen orphans) and ``allow_fifth_copy``;
* waits, ``qiangjin_ready`` (both answers, by hand and against the brute force of
  tests/reference_regional.py on seeded hands), score_batch rows equal to the scalar scores;
* bad input (no 金, an indicator, a bad context, a wrong tile count) is a one-line ValueError.

Each expectation is worked out by hand in its comment and checked against the plain reference of
tests/reference_regional.py too.  The random comparison of every row with the reference (score,
waits, score_batch) is tests/test_engine_regional.py.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from conftest import one_line_error, raises_one_line
from mjpy import Meld, rules

import reference_regional as R
import regional_gen as G
from regional_helpers import P, T, hand, names, ref_melds, rows, ref_score


def ref(text, win, melds=(), jk=("7z",), **kw):
    return ref_score("fuzhou", text, win, melds, jk, **kw)

#: the four values, powers of two so that a total names its rows (自摸 1, 平胡 2, 抢金 / 天和 4, 用金 8)
V = dict(zimo=1, pinghu=2, qiangjin=4, jin=8)
QJ = {"qiangjin": 1}
PLAIN = "123m456p789s111z55m"     # no 金 (白 is the 金 of the tests unless said)
JIN = "123m456p789s111z5m7z"      # 白 stands for the second 5m
FACE = "123m456p789s777z55m"      # 白白白: at its own face, or standing for any pung


def fz(**opts):
    return rules.get("fuzhou", **opts)












def test_options_are_the_reference_defaults():
    addon = {"baopai": False, "baopai_fan": 1}             # the 寶牌 add-on of the 番 sums (test_baopai.py)
    assert rules.options("fuzhou") == dict(R.DEFAULTS["fuzhou"], **addon)
    assert rules.registry.options("fuzhou") == dict(R.DEFAULTS["fuzhou"], **addon)
    rs = fz(gold=["5m"])
    assert rs.name == "fuzhou" and rs.unit == "番"


# ---------------------------------------------------------------------------------------------
# Rows by hand, values given
# ---------------------------------------------------------------------------------------------
ROWS = [
    # (id, hand, melds, win, options (with V unless they say), flags, rows, total)
    ("zimo", PLAIN, [], "5m", V, dict(self_drawn=True), ["自摸"], 1),
    ("pinghu", PLAIN, [], "5m", V, {}, ["平胡"], 2),
    ("pinghu-robbing", PLAIN, [], "5m", V, dict(robbing_kong=True), ["平胡"], 2),      # not self-drawn
    ("zimo-zero", PLAIN, [], "5m", dict(V, zimo=0), dict(self_drawn=True), ["自摸"], 0),   # a 0 row shows
    # 白 is drawn as the 抢金: 自摸 1 + 抢金 4 + 用金 8
    ("qiangjin", JIN, [], "7z", V, dict(self_drawn=True, context=QJ), ["抢金", "用金", "自摸"], 13),
    ("qiangjin-none", JIN, [], "7z", V, dict(self_drawn=True), ["用金", "自摸"], 9),
    ("qiangjin-zero-context", JIN, [], "7z", V, dict(self_drawn=True, context={"qiangjin": 0}), ["用金", "自摸"], 9),
    ("qiangjin-discard", PLAIN, [], "5m", V, dict(context=QJ), ["平胡", "抢金"], 6),      # the caller says 抢金
    ("qiangjin-zero", JIN, [], "7z", dict(V, qiangjin=0), dict(self_drawn=True, context=QJ),
     ["抢金", "用金", "自摸"], 9),
    # 天和 takes 抢金's value: 自摸 1 + 天和 4
    ("tianhu", PLAIN, [], "5m", V, dict(self_drawn=True, dealer=True, tianhu=True), ["天和", "自摸"], 5),
    ("tianhu-qiangjin", PLAIN, [], "5m", V, dict(self_drawn=True, dealer=True, tianhu=True, context=QJ),
     ["天和", "抢金", "自摸"], 9),
    ("jin", JIN, [], "5m", V, {}, ["平胡", "用金"], 10),
    ("jin-zero", JIN, [], "5m", dict(V, jin=0), {}, ["平胡", "用金"], 2),              # no reading without it
    # the best reading: 白白白 standing in (2 + 8) beats 白白白 at its face (2)
    ("jin-best", FACE, [], "5m", V, {}, ["平胡", "用金"], 10),
    # ... and with jin=0 the totals tie: the fewest 金 standing in (the face) wins
    ("jin-tie", FACE, [], "5m", dict(V, jin=0), {}, ["平胡"], 2),
    # 中 and 白 both 金: the pair 中白 stands for any kind
    ("two-golds", "123m456p789s111z5z7z", [], "5z", dict(V, gold=["5z", "7z"]), {}, ["平胡", "用金"], 10),
    # an 暗杠 of four 金 is fine and is no 用金 (a meld is read at its face)
    ("gold-ankan", "456p789s111z55m", [Meld("ankan", "7777z")], "5m", V, {}, ["平胡"], 2),
    # a chi holding the 金 kind 5m is not checked
    ("gold-chi", "456p789s111z22m", [Meld("chi", "456m")], "2m", dict(V, gold=["5m"]), {}, ["平胡"], 2),
    # 自摸 1 + 抢金 4 + 天和 4 + 用金 8
    ("all-rows", JIN, [], "7z", V, dict(self_drawn=True, dealer=True, tianhu=True, context=QJ),
     ["天和", "抢金", "用金", "自摸"], 17),
    # no rows for 杠上开花, 海底, 地和, the winds or the dealer
    ("no-situational", "456p789s111z55m", [Meld("ankan", "1111m")], "5m", V,
     dict(self_drawn=True, after_kong=True, last_tile=True, dealer=True, seat_wind="S", round_wind="W"), ["自摸"], 1),
    ("dihu", PLAIN, [], "5m", V, dict(dihu=True), ["平胡"], 2),
    # 白 as a fifth 1m (111m + 1m白): allow_fifth_copy (the default)
    ("fifth-copy", "1111m234p567s789s7z", [], "2p", V, {}, ["平胡", "用金"], 10),
    # allow_discard_gold: a ponged 白 is at its face
    ("gold-pon-allowed", "456p789s111z55m", [Meld("pon", "777z")], "5m", dict(V, allow_discard_gold=True), {},
     ["平胡"], 2),
]


def _call(opts, flags, **kw):
    """(rule set, keyword arguments): the 金 per call (白) unless the options bind ``gold``."""
    jkw = {} if "gold" in opts else {"joker_tiles": ["7z"]}
    return fz(**opts), dict(flags, **jkw, **kw)


def _ref_kw(opts, flags):
    o = dict(opts)
    jk = tuple(o.pop("gold", ["7z"]))
    f = {k: ("ESWN".index(v) if k.endswith("_wind") else v) for k, v in flags.items()}
    return jk, dict(f, **o)


@pytest.mark.parametrize("rid, text, melds, win, opts, flags, want_rows, total", ROWS, ids=[r[0] for r in ROWS])
def test_rows_by_hand(rid, text, melds, win, opts, flags, want_rows, total):
    rs, kw = _call(opts, flags)
    r = rs.score(hand(text), melds=melds, win_tile=win, **kw)
    assert r.is_win and r.total == total and names(r) == sorted(want_rows), r
    assert Fraction(r.total) == sum(Fraction(v) for _, v in rows(r))      # the sum of the rows
    jk, rkw = _ref_kw(opts, flags)
    want = ref(text, win, melds, jk=jk, **rkw)
    assert want.total == total and sorted(n for n, _ in want.fans) == sorted(want_rows)


def test_gold_bound_or_per_call_agree():
    a = fz(**V).score(hand(JIN), win_tile="5m", joker_tiles=["7z"])
    b = fz(gold=["7z"], **V).score(hand(JIN), win_tile="5m")
    c = fz(gold="7z", **V).score(hand(JIN), win_tile="5m")
    assert a.total == b.total == c.total == 10
    # 5m is the 金 and 白 a plain tile: the 5m stands for the second 白 (平胡 2 + 用金 8)
    r = fz(**V).score(hand(JIN), win_tile="5m", joker_tiles=["5m"])
    assert r.total == 10 and names(r) == ["平胡", "用金"], r
    assert ref(JIN, "5m", jk=("5m",), **V).total == 10
    # 5m is the 金 of a hand without 白: 123m 456p 789s 111z 5m5m with both 5m at their face, or as any pair
    r = fz(**dict(V, jin=0)).score(hand(PLAIN), win_tile="5m", joker_tiles=["5m"])
    assert r.total == 2 and names(r) == ["平胡"], r                # a tie: the fewest standing in


# ---------------------------------------------------------------------------------------------
# Missing values: the row holds, its value is not given -> refused "pass OPTION="
# ---------------------------------------------------------------------------------------------
MISSING = [
    # (id, hand, win, options, flags, the missing option)
    ("zimo", PLAIN, "5m", dict(V, zimo=None), dict(self_drawn=True), "zimo"),
    ("pinghu", PLAIN, "5m", dict(V, pinghu=None), {}, "pinghu"),
    ("pinghu-robbing", PLAIN, "5m", dict(V, pinghu=None), dict(robbing_kong=True), "pinghu"),
    ("qiangjin", JIN, "7z", dict(V, qiangjin=None), dict(self_drawn=True, context=QJ), "qiangjin"),
    ("tianhu", PLAIN, "5m", dict(V, qiangjin=None), dict(self_drawn=True, dealer=True, tianhu=True), "qiangjin"),
    ("jin", JIN, "5m", dict(V, jin=None), {}, "jin"),
    # 白白白 may stand in (a reading needs jin) even though the face reading would not: refused
    ("jin-face-or-not", FACE, "5m", dict(V, jin=None), {}, "jin"),
    ("defaults", PLAIN, "5m", {}, {}, "pinghu"),
]


@pytest.mark.parametrize("rid, text, win, opts, flags, option", MISSING, ids=[m[0] for m in MISSING])
def test_a_row_without_its_value_refuses_the_hand(rid, text, win, opts, flags, option):
    rs, kw = _call(opts, flags)
    r = rs.score(hand(text), win_tile=win, **kw)
    assert not r.is_win and f"pass {option}=" in r.reason and "\n" not in r.reason, r
    jk, rkw = _ref_kw(opts, flags)
    want = ref(text, win, jk=jk, **rkw)
    assert not want.is_win and option in want.extra["missing"]


def test_values_not_needed_are_not_asked_for():
    # self-drawn: pinghu is not needed; no 金 in the hand: jin is not needed; no 抢金: qiangjin neither
    r = fz(zimo=1).score(hand(PLAIN), win_tile="5m", self_drawn=True, joker_tiles=["7z"])
    assert r.is_win and r.total == 1 and names(r) == ["自摸"], r
    r = fz(pinghu=0).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"])
    assert r.is_win and r.total == 0 and names(r) == ["平胡"], r
    # with 7m as the 金, 789m can only read the 7m at its face: no 用金, jin not needed
    r = fz(pinghu=2).score(hand("789m456p789s111z22m"), win_tile="2m", joker_tiles=["7m"])
    assert r.is_win and r.total == 2 and names(r) == ["平胡"], r
    assert ref("789m456p789s111z22m", "2m", jk=("7m",), pinghu=2).total == 2


# ---------------------------------------------------------------------------------------------
# Win condition and forms
# ---------------------------------------------------------------------------------------------
def test_a_melded_gold_is_refused_unless_allow_discard_gold():
    for kind, tiles in (("pon", "777z"), ("minkan", "7777z"), ("kakan", "7777z")):
        for opts in (V, {}):                                       # refused whatever the values
            r = fz(**opts).score(hand("456p789s111z55m"), melds=[Meld(kind, tiles)], win_tile="5m",
                                 self_drawn=True, joker_tiles=["7z"])
            assert not r.is_win and "a 金 cannot be melded" in r.reason and "\n" not in r.reason, (kind, r)
        r = fz(allow_discard_gold=True, **V).score(hand("456p789s111z55m"), melds=[Meld(kind, tiles)],
                                                   win_tile="5m", self_drawn=True, joker_tiles=["7z"])
        assert r.is_win and r.total == 1 and names(r) == ["自摸"], (kind, r)
    # two 金 kinds: a kakan of the 5m
    r = fz(**V).score(hand("456p789s111z22m"), melds=[Meld("kakan", "5555m")], win_tile="2m",
                      joker_tiles=["5m", "7z"])
    assert not r.is_win and "a 金 cannot be melded" in r.reason, r


@pytest.mark.parametrize("text, win", [("1133557799m2244p", "1m"), ("19m19p19s1234567z1z", "1z"),
                                       ("1133557799m224p7z", "4p")], ids=["qidui", "orphans", "qidui-gold"])
def test_no_seven_pairs_no_thirteen_orphans(text, win):
    r = fz(**V).score(hand(text), win_tile=win, joker_tiles=["7z"])
    assert not r.is_win and r.reason.strip() and "\n" not in r.reason, r
    assert not ref(text, win, **V).is_win


def test_fifth_copy_option():
    text = "1111m234p567s789s7z"                          # 白 can only be a fifth 1m
    assert fz(**V).score(hand(text), win_tile="2p", joker_tiles=["7z"]).total == 10
    assert not fz(allow_fifth_copy=False, **V).score(hand(text), win_tile="2p", joker_tiles=["7z"]).is_win


# ---------------------------------------------------------------------------------------------
# Waits
# ---------------------------------------------------------------------------------------------
def win_totals(got):
    return {T(k): r.total for k, r in got.items() if r.is_win}


def test_waits():
    rs = fz(**V)
    text = "123m456p789s111z5m"                          # waits on 5m (the pair) and 白 (as the 5m)
    # self-drawn: 自摸 1 (+ 用金 8 on 白); on a discard 平胡 2 (+ 8)
    assert win_totals(rs.waits(hand(text), self_drawn=True, joker_tiles=["7z"])) == {T("5m"): 1, 33: 9}
    assert win_totals(rs.waits(hand(text), self_drawn=False, joker_tiles=["7z"])) == {T("5m"): 2, 33: 10}
    # the 抢金 context: + 4
    got = rs.waits(hand(text), self_drawn=True, joker_tiles=["7z"], context=QJ)
    assert win_totals(got) == {T("5m"): 5, 33: 13}
    # a 13-tile hand of four sets and one 金 waits on every kind
    got = rs.waits(hand("123m456p789s111z7z"), self_drawn=True, joker_tiles=["7z"])
    assert set(win_totals(got)) == set(range(34)), sorted(win_totals(got))
    assert all(v in (1, 9) for v in win_totals(got).values())
    # bound gold, and the reference agrees (self-drawn given, so both sides read the same mode)
    for sd in (True, False):
        got = fz(gold=["7z"], **V).waits(hand(text), self_drawn=sd)
        want = R.waits("fuzhou", P(text), (), self_drawn=sd, joker_kinds=(33,), **V)
        assert win_totals(got) == {t: r.total for t, r in want.items()}


# ---------------------------------------------------------------------------------------------
# qiangjin_ready
# ---------------------------------------------------------------------------------------------
READY = [
    # (13 tiles, melds, 金, ready?)
    ("123m456p789s111z5m", [], ["7z"], True),            # the 金 pairs with the 5m
    ("123m456p789s11z58m", [], ["7z"], False),           # 5m 8m: no 金 joins them
    ("123m456p789s11z57m", [], ["7z"], True),            # 5m 金 7m
    ("123m456p789s111z7z", [], ["7z"], True),            # two 金 make the pair
    ("13579m2468p1357s", [], ["7z"], False),
    ("456p789s111z5m", [Meld("pon", "111m")], ["7z"], True),
    ("456p789s11z59m", [Meld("chi", "123m")], ["7z"], False),
    ("123m456p789s111z5m", [], ["5z", "7z"], True),      # the first 金 kind (中) is added
    ("123m456p789s111z5z", [], ["5z", "7z"], True),
]


@pytest.mark.parametrize("text, melds, jk, want", READY, ids=[f"{r[0]}-{'+'.join(r[2])}" for r in READY])
def test_qiangjin_ready_by_hand(text, melds, jk, want):
    from mjpy.rules.fuzhou import qiangjin_ready

    assert R.qiangjin_ready(P(text), ref_melds(melds), joker_kinds=tuple(T(x) for x in jk)) == want
    assert bool(qiangjin_ready(hand(text), melds, joker_tiles=jk)) == want


def test_qiangjin_ready_matches_the_reference():
    from mjpy.rules.fuzhou import qiangjin_ready

    bad, pos = [], 0
    cases = G.qiangjin_hands(400, 0)
    for c, melds, jk in cases:
        want = R.qiangjin_ready(c, melds, joker_kinds=jk)
        pos += want
        got = qiangjin_ready(np.array(c, np.uint8), [Meld("pon", [t] * 3) for _, t in melds],
                             joker_tiles=[R.name(t) for t in jk])
        if bool(got) != want:
            bad.append(f"{R.to_str(c)} melds={[R.name(t) for _, t in melds]} 金={[R.name(t) for t in jk]}: "
                       f"engine {got}, reference {want}")
    assert not bad, f"{len(bad)} of {len(cases)} differ:\n" + "\n".join(bad[:8])
    assert 120 <= pos <= 300, pos                                   # both answers are exercised
    assert {sum(c[p] for p in jk) for c, _, jk in cases} == {0, 1, 2, 3}


def test_qiangjin_ready_and_score_agree():
    """A ready hand wins with the 金 tile as 抢金; a hand that is not ready does not win on it."""
    from mjpy.rules.fuzhou import qiangjin_ready

    rs = fz(**V)
    for c, melds, jk in G.qiangjin_hands(60, 1):
        ms = [Meld("pon", [t] * 3) for _, t in melds]
        c14 = np.array(c, np.uint8)
        c14[jk[0]] += 1
        r = rs.score(c14, melds=ms, win_tile=jk[0], self_drawn=True, context=QJ,
                     joker_tiles=[R.name(t) for t in jk])
        assert bool(r.is_win) == bool(qiangjin_ready(np.array(c, np.uint8), ms, joker_tiles=[R.name(t) for t in jk]))
        if r.is_win:
            assert "抢金" in names(r) and r.total >= 5


def test_qiangjin_ready_bad_input():
    from mjpy.rules.fuzhou import qiangjin_ready

    with pytest.raises(ValueError) as ei:
        qiangjin_ready(hand(PLAIN), joker_tiles=["7z"])              # 14 tiles
    one_line_error(ei)
    with pytest.raises(ValueError) as ei:
        qiangjin_ready(hand("123m456p789s111z"), joker_tiles=["7z"])  # 12 tiles
    one_line_error(ei)
    with pytest.raises(ValueError) as ei:
        qiangjin_ready(hand("123m456p789s111z5m"), joker_tiles=[])    # no 金
    one_line_error(ei)


# ---------------------------------------------------------------------------------------------
# score_batch
# ---------------------------------------------------------------------------------------------
BATCH = [
    (PLAIN, [], "5m", {}),
    (PLAIN, [], "5m", dict(self_drawn=True)),
    (JIN, [], "5m", {}),
    (JIN, [], "7z", dict(self_drawn=True)),
    (FACE, [], "5m", {}),
    (PLAIN, [], "5m", dict(self_drawn=True, dealer=True, tianhu=True)),
    (PLAIN, [], "5m", dict(robbing_kong=True)),
    ("123m456p789s111z56m", [], "5m", {}),                         # not complete: -1
    ("456p789s111z55m", [Meld("pon", "777z")], "5m", {}),          # a melded 金: -1 (unless allowed)
    ("456p789s111z55m", [Meld("ankan", "7777z")], "5m", dict(self_drawn=True, after_kong=True)),
    ("456p789s11z", [Meld("chi", "123m"), Meld("pon", "999m")], "1z", {}),
    ("1133557799m2244p", [], "1m", {}),                            # no seven pairs: -1
]


@pytest.mark.parametrize("opts", [V, dict(zimo=0, pinghu=3, qiangjin=2, jin=0),
                                  dict(V, allow_discard_gold=True, allow_fifth_copy=False),
                                  dict(V, gold=["7z"]), dict(zimo=1, pinghu=1)], ids=str)
def test_score_batch_rows_equal_scalar_scores(opts):
    rs = fz(**opts)
    jkw = {} if "gold" in opts else {"joker_tiles": ["7z"]}
    hands = np.array([P(t) for t, _, _, _ in BATCH], np.uint8)
    wins = np.array([T(w) for _, _, w, _ in BATCH])
    meld_lists = [m for _, m, _, _ in BATCH]
    flags = {k: np.array([bool(f.get(k)) for _, _, _, f in BATCH])
             for k in ("self_drawn", "dealer", "tianhu", "robbing_kong", "after_kong")}
    want = []
    for text, melds, win, f in BATCH:
        r = rs.score(hand(text), melds=melds, win_tile=win, **f, **jkw)
        want.append(r.total if r.is_win else -1)
    assert want.count(-1) >= 2 and len(set(want)) >= 2, want
    jk, ropts = _ref_kw(opts, {})
    assert want == [(lambda r: r.total if r.is_win else -1)(ref(t, w, m, jk=jk, **f, **ropts)) for t, m, w, f in BATCH]
    for workers in (1, 2):
        got = rs.score_batch(hands, wins, melds=meld_lists, workers=workers, **flags, **jkw)
        assert isinstance(got, np.ndarray) and got.shape == (len(BATCH),)
        assert got.tolist() == want, workers


def test_score_batch_bad_rows():
    rs = fz(**V)
    hands = np.array([P(PLAIN), P("123456789m123p1z")], np.uint8)      # row 1: 13 tiles
    with pytest.raises(ValueError, match=r"hands\[1\]") as ei:
        rs.score_batch(hands, [4, 0], joker_tiles=["7z"])
    one_line_error(ei)
    with pytest.raises(ValueError) as ei:                                # no 金 named
        rs.score_batch(hands[:1], [4])
    msg = one_line_error(ei)
    assert "gold" in msg or "joker_tiles" in msg, msg


# ---------------------------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name, call, words", [
    ("no gold", lambda: fz(**V).score(hand(PLAIN), win_tile="5m"), ("gold", "joker_tiles")),
    ("no gold waits", lambda: fz(**V).waits(hand("123m456p789s111z5m")), ("gold", "joker_tiles")),
    ("indicator", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", indicator="6z"), ("indicator",)),
    ("indicator bound", lambda: fz(gold=["7z"], **V).score(hand(PLAIN), win_tile="5m", indicator="6z"),
     ("indicator",)),
    ("15 tiles", lambda: fz(**V).score(hand(PLAIN + "5z"), win_tile="5m", joker_tiles=["7z"]), ()),
    ("13 tiles", lambda: fz(**V).score(hand("123m456p789s111z5m"), win_tile="5m", joker_tiles=["7z"]), ()),
    ("fifth copy", lambda: fz(**V).score(hand("11111m456p789s11z7z"), win_tile="1m", joker_tiles=["7z"]), ()),
    ("waits 14 tiles", lambda: fz(**V).waits(hand(PLAIN), joker_tiles=["7z"]), ()),
    ("context key", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"], context={"caipiao": 1}),
     ("caipiao", "context")),
    ("qiangjin 2", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"], context={"qiangjin": 2}),
     ("qiangjin",)),
    ("qiangjin -1", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"], context={"qiangjin": -1}),
     ("qiangjin",)),
    ("qiangjin str", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"], context={"qiangjin": "1"}),
     ("qiangjin",)),
    ("qiangjin True", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"],
                                            context={"qiangjin": True}), ("qiangjin",)),
    ("waits qiangjin 2", lambda: fz(**V).waits(hand("123m456p789s111z5m"), joker_tiles=["7z"],
                                               context={"qiangjin": 2}), ("qiangjin",)),
    ("tianhu with dihu", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"], self_drawn=True,
                                               tianhu=True, dihu=True), ()),
    ("after_kong on a discard", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"],
                                                      after_kong=True), ()),
    ("self_drawn with robbing_kong", lambda: fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"],
                                                           self_drawn=True, robbing_kong=True), ()),
])
def test_bad_input_is_a_value_error(name, call, words):
    raises_one_line(call, words)


def test_context_none_is_no_qiangjin():
    r = fz(**V).score(hand(PLAIN), win_tile="5m", joker_tiles=["7z"], context=None)
    assert r.is_win and r.total == 2 and "抢金" not in names(r)


@pytest.mark.parametrize("opts", [dict(zimo="x"), dict(jin=-1), dict(pinghu=True), dict(gold=[])], ids=str)
def test_bad_options(opts):
    with pytest.raises((ValueError, TypeError)) as ei:
        fz(**opts).score(hand(PLAIN), win_tile="5m", joker_tiles=None if "gold" in opts else ["7z"])
    one_line_error(ei)


def test_predicates_name_a_missing_joker_kind():
    from mjpy.rules.fuzhou import qiangjin_ready
    from mjpy.rules.hangzhou import baotou_ready

    for fn, word in ((qiangjin_ready, "金"), (baotou_ready, "财神")):
        for jt in (None, []):
            assert word in raises_one_line(lambda: fn("123m456p789s1122z", joker_tiles=jt), ("joker_tiles",))
