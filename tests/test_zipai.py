"""Daye 大冶字牌 (docs/zipai.md): ``rules.get("daye_zipai")`` and :mod:`mjpy.rules.daye_zipai`.

* cards: hanzi / ASCII notation round trips, the red cards, one-line errors (unknown card, five copies, a wrong
  count);
* the deal: 21 / 20 / 20 and 19 left, every card once, reproducible by seed, uniform on average;
* groups: 坎 / 笼 of a hand against a brute force over the card subsets, the 吃 shapes against their list;
* classify: every 胡 0..60 with and without a 坎 against a plain reading of the source's table, the vector
  ST-DY-01 (tests/data/zipai_vectors.json), ``classify_batch`` == ``classify``;
* score: seeded random group lists against a plain sum of the option values, ``score_batch`` == ``score``,
  the source's rules (坎不能折散, 笼 face up, the 吃 rule), missing values named, the registry and the CLI.
"""
from __future__ import annotations

import itertools
import pickle

import numpy as np
import pytest

from conftest import load_vectors, raises_one_line, run_cli, run_cli_json
from mjpy import rules
from mjpy.rules import daye_zipai as zp
from mjpy.rules.interface import RuleSet

BIG = "壹贰叁肆伍陆柒捌玖拾"
SMALL = "一二三四五六七八九十"
HU_OPTIONS = ("kan_big", "kan_small", "long_big", "long_small", "peng_big", "peng_small", "zhao_big", "zhao_small",
              "chi_big", "chi_small", "chi_mixed")

# the source's table, read plainly: (lowest 胡, highest 胡, 坎: True / False / None for either) -> name
TABLE = [(0, 9, None, "诈胡"), (10, 19, False, "飘胡"), (10, 19, True, "单倍"), (20, 29, False, "飘台"),
         (20, 29, True, "双倍"), (30, 35, None, "四倍"), (36, 10 ** 9, None, "八倍")]
MULT = {"诈胡": 0, "飘胡": None, "单倍": 1, "双倍": 2, "飘台": 4, "四倍": 4, "八倍": 8}


def plain(hu, kan):
    (name,) = [n for lo, hi, k, n in TABLE if lo <= hu <= hi and k in (None, kan)]
    return name


# ------------------------------------------------------------------------------------------ cards
def test_cards_and_red():
    assert zp.HANZI == tuple(BIG + SMALL)
    assert [zp.Card(i).ascii for i in (0, 9, 10, 19)] == ["D1", "D10", "X1", "X10"]
    reds = [c for c in BIG + SMALL if zp.Card.parse(c).red]
    assert "".join(reds) == "贰柒拾二七十"
    c = zp.Card.parse("x7")
    assert (c.index, c.big, c.number, c.red, str(c)) == (16, False, 7, True, "七")
    assert zp.red_count(zp.parse("贰柒拾二七十壹一")) == 6
    assert [zp.card_index(x) for x in ("壹", "D1", "d1", " X10 ", 19, np.int64(5))] == [0, 0, 0, 19, 19, 5]


def test_notation_round_trips():
    rng = np.random.default_rng(11)
    for _ in range(500):
        c = rng.integers(0, 5, 20).astype(np.uint8)
        for style in ("hanzi", "ascii"):
            s = zp.to_string(c, style=style)
            assert np.array_equal(zp.parse(s), c)
            assert np.array_equal(zp.parse(s, size=int(c.sum())), c)
        mixed = "".join((zp.HANZI[i] if rng.random() < .5 else zp.ASCII[i].lower() + ",") for i in zp.cards_of(c))
        assert np.array_equal(zp.parse(mixed), c)
    assert zp.to_string(zp.parse("X10 D2 D1 十")) == "壹贰十十"
    assert zp.to_string([19, 0], style="ascii") == "X10 D1"


@pytest.mark.parametrize("text, words", [
    ("壹D11", ["unknown card 'D11' at position 1"]),
    ("壹两", ["unknown card '两'"]),
    ("X0", ["unknown card 'X0'"]),
    ("壹壹壹壹D1", ["壹 (D1) appears 5 times (at most 4)"]),
    ("壹[", ["groups in brackets"]),
])
def test_parse_errors(text, words):
    raises_one_line(lambda: zp.parse(text), words)


def test_size_and_type_errors():
    raises_one_line(lambda: zp.parse("壹一", size=20), ["2 cards, expected 20"])
    raises_one_line(lambda: zp.card_index("Z1"), ["unknown card 'Z1'"])
    raises_one_line(lambda: zp.card_index(20), ["0-19"])
    raises_one_line(lambda: zp.coerce_counts([0] * 19), ["20 counts"])
    raises_one_line(lambda: zp.coerce_counts([5] + [0] * 19), ["壹 (D1) has count 5"])
    with pytest.raises(TypeError):
        zp.parse(12)
    with pytest.raises(TypeError):
        zp.coerce_counts(np.zeros(20))


# ------------------------------------------------------------------------------------------- deal
def test_deal_counts_and_reproducibility():
    h, left = zp.deal_batch(3000, seed=5)
    assert h.shape == (3000, 3, 20) and left.shape == (3000, 20) and h.dtype == np.uint8
    assert (h.sum(2) == [21, 20, 20]).all() and (left.sum(1) == 19).all()
    assert ((h.sum(1) + left) == 4).all()                   # every card once
    h2, left2 = zp.deal_batch(3000, seed=5)
    assert np.array_equal(h, h2) and np.array_equal(left, left2)
    assert not np.array_equal(h, zp.deal_batch(3000, seed=6)[0])
    d = zp.deal(5)
    assert np.array_equal(d.hands, h[0]) and np.array_equal(d.left, left[0])
    assert np.array_equal(zp.deal(np.random.default_rng(5)).hands, d.hands)
    # uniform on average: every kind's mean count per seat is 4 * seat size / 80 (5 sigma margins)
    for seat, size in enumerate((21, 20, 20)):
        mean = h[:, seat].mean(0)
        assert np.abs(mean - size / 20).max() < 5 * 0.9 / np.sqrt(3000), (seat, mean)
    assert np.abs(left.mean(0) - 19 / 20).max() < 5 * 0.9 / np.sqrt(3000)
    assert d.to_dict()["hands"][0] == zp.to_string(d.hands[0])
    raises_one_line(lambda: zp.deal_batch(-1), ["non-negative"])
    with pytest.raises(TypeError):
        zp.deal("seed")


# ----------------------------------------------------------------------------------------- groups
def brute_kan_long(counts):
    """坎 / 笼 by trying every 3- and 4-card subset of the hand's cards."""
    cards = zp.cards_of(counts)
    fours = {s[0] for s in itertools.combinations(cards, 4) if len(set(s)) == 1}
    threes = {s[0] for s in itertools.combinations(cards, 3) if len(set(s)) == 1} - fours
    return sorted(threes), sorted(fours)


def test_find_kan_long_against_brute_force():
    h, _ = zp.deal_batch(60, seed=3)
    rng = np.random.default_rng(4)
    extra = []
    for _ in range(40):                                    # hands rich in 坎 and 笼
        c = np.zeros(20, np.uint8)
        for k in rng.choice(20, 6, replace=False):
            c[k] = rng.integers(1, 5)
        extra.append(c)
    hands = list(h.reshape(-1, 20)) + extra
    n_kan, n_long = zp.kan_long_batch(np.stack(hands))
    seen = 0
    for i, c in enumerate(hands):
        kan, long_ = brute_kan_long(c)
        got = zp.find_kan_long(c)
        assert [g.cards[0] for g in got if g.kind == "kan"] == kan
        assert [g.cards[0] for g in got if g.kind == "long"] == long_
        assert all(len(g.cards) == (3 if g.kind == "kan" else 4) for g in got)
        assert (n_kan[i], n_long[i]) == (len(kan), len(long_))
        seen += len(kan) + len(long_)
    assert seen > 40


def test_chi_shapes_against_their_list():
    want = {}
    for case in (0, 10):
        for n in range(8):
            want[(case + n, case + n + 1, case + n + 2)] = "sequence"
        want[(case + 1, case + 6, case + 9)] = "two_seven_ten"
    for n in range(10):
        want[(n, n, n + 10)] = want[(n, n + 10, n + 10)] = "mixed_case"
    got = {t: zp.chi_shape(t) for t in itertools.combinations_with_replacement(range(20), 3)}
    assert {t: s for t, s in got.items() if s} == want
    assert zp.chi_shape("拾一二") is None and zp.chi_shape("壹二三") is None and zp.chi_shape("壹壹壹") is None


def test_group_parse_and_errors():
    g = zp.Group.parse("[chi:X1 X2* X3]")
    assert (g.kind, g.cards, g.taken, g.case, str(g)) == ("chi", (10, 11, 12), 11, "small", "[吃:一二*三]")
    assert zp.Group.parse("笼:拾拾拾拾") == zp.Group("long", "拾拾拾拾") == zp.Group("笼", (9, 9, 9, 9))
    assert zp.Group.parse(str(zp.Group.parse("吃：壹壹*一"))).taken == 0
    assert zp.Group("chi", "壹一一").case == "mixed"
    for text, words in [("坎:壹壹", ["has 3 cards, got 2"]), ("碰:壹壹一", ["3 identical cards"]),
                        ("招:五五五", ["has 4 cards"]), ("杠:五五五五", ["unknown group kind"]),
                        ("坎壹壹壹", ["KIND:CARDS"]), ("吃:一二三*四", ["has 3 cards"]),
                        ("碰:五*五五", ["only a 吃 marks"]), ("吃:*一二三", ["* follows"]),
                        ("吃:一*二*三", ["one *"])]:
        raises_one_line(lambda: zp.Group.parse(text), words)
    c, gs = zp.parse_hand("[坎:壹壹壹] 四 [chi:D2D3D4]五")
    assert zp.to_string(c) == "四五" and [g.kind for g in gs] == ["kan", "chi"]
    raises_one_line(lambda: zp.parse_hand("[坎:壹壹壹]壹壹"), ["壹 (D1) appears 5 times counting the groups"])
    raises_one_line(lambda: zp.parse_hand("[坎:壹壹壹"), ["not closed"])
    raises_one_line(lambda: zp.parse_hand("[碰:壹壹]"), ["has 3 cards"])


# --------------------------------------------------------------------------------------- classify
def test_classify_every_hu_against_the_table():
    for hu in range(61):
        for kan in (False, True):
            name = plain(hu, kan)
            r = zp.classify(hu, kan)
            assert (r.name, r.multiplier) == (name, MULT[name]), (hu, kan)
            assert zp.RESULT_NAMES[r.code] == name
            assert zp.classify(hu, kan, piaohu=3).multiplier == (3 if name == "飘胡" else MULT[name])
    assert zp.classify(10 ** 6, False).name == "八倍"


def test_vector_st_dy_01():
    (v,) = [v for v in load_vectors("zipai_vectors") if v["id"] == "ST-DY-01"]
    assert len(v["cases"]) == 8 and "十胡为胡牌的起点" in v["quote"]
    rs = rules.get("daye_zipai")
    for case in v["cases"]:
        hu, kan, want = case["hu_points"], case["has_kan"], case["expected"]
        r = zp.classify(hu, kan)
        assert (r.name, r.multiplier) == (want["name"], want["multiplier"]), case
        codes, mult = zp.classify_batch([hu], [kan])
        assert zp.RESULT_NAMES[codes[0]] == want["name"]
        if want.get("missing"):                          # 飘胡: no multiplier in the source
            assert mult[0] == -1
            raises_one_line(lambda: rs.score_batch([hu], [kan]), [want["missing"]])
            assert rules.get("daye_zipai", **{want["missing"]: 3}).score_batch([hu], [kan]).tolist() == [3]
        else:
            assert mult[0] == want["multiplier"]
            assert rs.score_batch([hu], [kan]).tolist() == [want["multiplier"] if want["is_win"] else -1]


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64, np.uint64])
def test_classify_batch_equals_scalar(dtype):
    rng = np.random.default_rng(8)
    hi = 255 if dtype == np.uint8 else 2000
    hu = rng.integers(0, hi, 5000).astype(dtype)
    kan = rng.random(5000) < 0.5
    codes, mult = zp.classify_batch(hu, kan, piaohu=2)
    assert codes.dtype == np.int8 and mult.dtype == np.int16
    want = [zp.classify(int(h), bool(k), piaohu=2) for h, k in zip(hu, kan)]
    assert codes.tolist() == [w.code for w in want]
    assert mult.tolist() == [w.multiplier for w in want]
    c1, _ = zp.classify_batch(hu, kan.astype(np.int8))
    assert np.array_equal(c1, codes)
    c2, _ = zp.classify_batch(hu, True)                    # one 坎 flag for every row
    assert c2.tolist() == [zp.classify(int(h), True).code for h in hu]


def test_classify_errors():
    raises_one_line(lambda: zp.classify(-1, True), [">= 0"])
    raises_one_line(lambda: zp.classify_batch([3, -2], [True, True]), ["hu_points[1] is -2"])
    raises_one_line(lambda: zp.classify_batch([3, 4], [True]), ["one per row"])
    raises_one_line(lambda: zp.classify_batch([3], [2]), ["0 / 1"])
    raises_one_line(lambda: zp.classify(12, False, piaohu=0), ["piaohu"])
    for call in (lambda: zp.classify(1.5, True), lambda: zp.classify(3, 1), lambda: zp.classify_batch([1.0], [True]),
                 lambda: zp.classify_batch([1], [0.5])):
        with pytest.raises(TypeError):
            call()


# ------------------------------------------------------------------------------------------ score
CHI_TRIPLES = [t for t in itertools.combinations_with_replacement(range(20), 3) if zp.chi_shape(t)]


def random_hand(rng):
    """(loose counts, [Group]) with at most 4 copies of a card, no three alike loose."""
    left = np.full(20, 4)
    groups = []
    for _ in range(int(rng.integers(1, 7))):
        kind = zp.GROUP_KINDS[int(rng.integers(5))]
        if kind == "chi":
            ok = [t for t in CHI_TRIPLES if all(left[c] >= t.count(c) for c in t)]
            t = ok[int(rng.integers(len(ok)))]
            taken = t[int(rng.integers(3))] if rng.random() < 0.5 else None
            groups.append(zp.Group("chi", t, taken))
        else:
            size = 3 if kind in ("kan", "peng") else 4
            ok = np.flatnonzero(left >= size)
            k = int(ok[rng.integers(len(ok))])
            groups.append(zp.Group(kind, (k,) * size))
        for c in groups[-1].cards:
            left[c] -= 1
    loose = np.zeros(20, np.uint8)
    for _ in range(int(rng.integers(0, 8))):
        k = int(rng.integers(20))
        if left[k] and loose[k] < 2:
            loose[k] += 1
            left[k] -= 1
    return loose, groups


def plain_hu(groups, values):
    total = 0
    for g in groups:
        big = [c < 10 for c in g.cards]
        case = "big" if all(big) else "small" if not any(big) else "mixed"
        total += values[f"{g.kind}_{case}"]
    return total


def test_score_against_a_plain_sum():
    rng = np.random.default_rng(21)
    seen = set()
    for i in range(600):
        values = {k: int(rng.integers(0, 13)) for k in HU_OPTIONS}
        values["piaohu"] = int(rng.integers(1, 5))
        rs = rules.get("daye_zipai", **values)
        loose, groups = random_hand(rng)
        hu = plain_hu(groups, values)
        kan = any(g.kind == "kan" for g in groups)
        name = plain(hu, kan)
        text = "".join(str(g) for g in groups) + zp.to_string(loose)
        r = rs.score(text) if i % 2 else rs.score(loose, groups)
        stray = any(g.kind == "chi" and g.taken is not None and loose[g.taken] for g in groups)
        assert r.detail["hu_points"] == hu and r.detail["has_kan"] == kan and r.detail["table"] == name
        assert r.rules == "daye_zipai" and r.unit == "倍"
        if name == "诈胡":
            assert (r.is_win, r.total, r.fans) == (False, 0, [])
            assert r.reason.startswith("诈胡") and "\n" not in r.reason
        else:
            m = values["piaohu"] if name == "飘胡" else MULT[name]
            assert r.fans == [(name, m)] and r.total == m
            assert r.is_win == (not stray) and bool(r.reason) == stray
            if stray:
                assert "吃的牌手中有的同时要把它摆出来" in r.reason
        b = rs.score_batch([hu], [kan])[0]
        assert b == (-1 if name == "诈胡" else r.total)
        seen.add((name, stray))
    assert {n for n, _ in seen} == set(MULT) and (("单倍", True) in seen or ("八倍", True) in seen)


def test_score_batch_equals_score_on_arrays():
    rs = rules.get("daye_zipai", piaohu=3, tianhu=8, dihu=5)
    rng = np.random.default_rng(9)
    hu = rng.integers(0, 50, 3000)
    kan = rng.random(3000) < 0.5
    th = rng.random(3000) < 0.1
    dh = ~th & (rng.random(3000) < 0.1)
    got = rs.score_batch(hu, kan, tianhu=th, dihu=dh)
    assert got.dtype == np.int32
    for h, k, t, d, g in zip(hu, kan, th, dh, got):
        name = plain(int(h), bool(k))
        want = -1 if name == "诈胡" else 8 if t else 5 if d else 3 if name == "飘胡" else MULT[name]
        assert g == want
    assert rs.score_batch(hu, kan, tianhu=True).tolist() == np.where(hu < 10, -1, 8).tolist()


def test_tianhu_dihu():
    base = dict(kan_big=10, peng_small=6)
    rs = rules.get("daye_zipai", tianhu=8, dihu=4, **base)
    r = rs.score("[坎:壹壹壹][碰:五五五]", tianhu=True)
    assert (r.is_win, r.fans, r.total, r.detail["table"]) == (True, [("天胡", 8)], 8, "单倍")
    assert rs.score("[坎:壹壹壹][碰:五五五]", dihu=True).fans == [("地胡", 4)]
    assert rs.score("[碰:五五五]", tianhu=True).reason.startswith("诈胡")     # 天胡 under 10 胡: 诈胡
    raises_one_line(lambda: rules.get("daye_zipai", **base).score("[坎:壹壹壹][碰:五五五]", tianhu=True),
                    ["option tianhu"])
    raises_one_line(lambda: rs.score("[坎:壹壹壹][碰:五五五]", tianhu=True, dihu=True), ["together"])
    raises_one_line(lambda: rs.score("[坎:壹壹壹][碰:五五五]", dihu=True, dealer=True), ["dealer"])
    raises_one_line(lambda: rs.score_batch([12], [True], tianhu=[True], dihu=[True]), ["together"])


def test_score_refusals():
    rs = rules.get("daye_zipai", kan_big=6, chi_small=4, chi_mixed=2)
    raises_one_line(lambda: rules.get("daye_zipai").score("[坎:壹壹壹]一"),
                    ["option kan_big", "source gives none"])
    raises_one_line(lambda: rs.score("[碰:一一一]"), ["option peng_small"])
    raises_one_line(lambda: rs.score("[坎:壹壹壹]五五五"), ["坎不能折散"])
    raises_one_line(lambda: rs.score("[坎:壹壹壹]五五五五"), ["笼"])
    raises_one_line(lambda: rs.score("[吃:一二四]"), ["not a 吃"])
    raises_one_line(lambda: rules.get("daye_zipai", chi_shapes=["sequence"], chi_mixed=2).score("[吃:壹壹一]"),
                    ["chi_shapes"])
    raises_one_line(lambda: rs.score("[坎:壹壹壹]", win_tile="九"), ["winning card"])
    raises_one_line(lambda: rs.score(""), ["empty"])
    raises_one_line(lambda: rs.waits("壹壹"), ["no waits"])
    raises_one_line(lambda: rs.settle({}), ["no table settlement"])
    raises_one_line(lambda: rs.score_batch([12], None), ["has_kan"])
    raises_one_line(lambda: rs.score_batch([12], [True], melds=[[]]), ["not groups"])
    with pytest.raises(TypeError):
        rs.score("[坎:壹壹壹]", fourth_tile=True)
    with pytest.raises(TypeError):
        rs.score_batch([12], [True], flowers=1)
    # a 笼 is not a 坎 unless long_is_kan
    r = rules.get("daye_zipai", long_big=12, piaohu=2).score("[笼:壹壹壹壹]")
    assert r.fans == [("飘胡", 2)]
    assert rules.get("daye_zipai", long_big=12, long_is_kan=True).score("[笼:壹壹壹壹]").fans == [("单倍", 1)]
    assert rs.score("[坎:壹壹壹][吃:一二三]四", win_tile="X4").detail["win_card"] == "四"


# ----------------------------------------------------------------------------------- registry, CLI
def test_registry_integration():
    rs = rules.get("daye_zipai")
    assert isinstance(rs, zp.ZipaiRules) and isinstance(rs, RuleSet)
    assert [rules.get(a).name for a in ("daye", "zipai", " DAYE_ZIPAI ")] == ["daye_zipai"] * 3
    assert (rs.tiles, rs.players, rs.hand_size, rs.unit, rs.info.game) == (80, 3, 20, "倍", "zipai")
    assert rules.options("zipai") == zp.DEFAULTS and all(rules.options("zipai")[k] is None for k in HU_OPTIONS)
    assert not rs.can_settle
    bound = rules.get("zipai", kan_big=6, chi_shapes="sequence,mixed_case", piaohu=2)
    again = pickle.loads(pickle.dumps(bound))
    assert again.options == bound.options and again.options["chi_shapes"] == ("sequence", "mixed_case")
    raises_one_line(lambda: rules.get("zipai", kan=6), ["unknown option 'kan'"])
    raises_one_line(lambda: rules.get("zipai", kan_big=-1), ["kan_big"])
    raises_one_line(lambda: rules.get("zipai", kan_big=True), ["kan_big"])
    raises_one_line(lambda: rules.get("zipai", piaohu=0), ["piaohu"])
    raises_one_line(lambda: rules.get("zipai", chi_shapes=["run"]), ["chi_shapes"])
    raises_one_line(lambda: rules.get("zipai", long_is_kan="yes"), ["long_is_kan"])
    assert rs.classify(20, False).name == "飘台" and rules.get("zipai", piaohu=2).classify_batch([12], [False])[1][0] == 2
    assert rules.get("zipai", chi_big=5).hu_points(["吃:壹贰叁", ("chi", "柒拾贰")]) == 10


def test_cli(capsys):
    r = run_cli_json(capsys, "analyze", "[坎:壹壹壹][吃:一二三]四", "--rules", "zipai", "--option", "kan_big=6",
                     "--option", "chi_small=4")
    assert (r["rules"], r["is_win"], r["total"], r["hu_points"], r["table"]) == ("daye_zipai", True, 1, 10, "单倍")
    assert r["fans"] == [{"name": "单倍", "value": 1}] and r["cards"] == 7 and r["red"] == 1
    code, out, err = run_cli(capsys, "analyze", "壹壹壹一一一一五", "--rules", "daye")
    assert code == 0 and "[坎:壹壹壹]" in out and "[笼:一一一一]" in out and not err
    code, out, err = run_cli(capsys, "analyze", "[坎:壹壹壹][吃:一二三]", "--rules", "zipai", "--option", "kan_big=2",
                             "--option", "chi_small=2")
    assert code == 0 and "诈胡" in out
    for argv, words in [(("[坎:壹壹壹]一",), "option kan_big"), (("D11",), "unknown card 'D11'"),
                        (("壹壹", "--self-drawn"), "--self-drawn does not apply"),
                        (("壹壹", "--tianhu"), "need the groups"),
                        (("[坎:壹壹壹]", "--option", "kan=1"), "unknown option 'kan'")]:
        code, out, err = run_cli(capsys, "analyze", *argv, "--rules", "zipai")
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err, (argv, err)
    code, out, _ = run_cli(capsys, "rules", "zipai")
    assert code == 0 and "kan_big" in out and "daye_zipai" in out


def test_docstring_examples():
    import doctest

    res = doctest.testmod(zp)
    assert res.failed == 0 and res.attempted >= 15
