"""The reference checks itself (no mjpy needed).

* shanten == -1  iff  ref_is_complete, on random and near-complete hands;
* tenpai iff there is a drawable wait; the useful tiles of a tenpai hand are
  exactly its drawable waits;
* the block-split standard cost equals a whole-hand brute force over every
  target for small M;
* known hands from the contract.
"""
import itertools

import numpy as np
import pytest

from conftest import (complete_hands, knitted_like, mixed_hands, orphans_like,
                      rng_for, seven_pairs_like, sets_needed)
from reference import (FORMS_ALL, KNITTED_STRAIGHTS, N_KINDS, ORPHANS, block_targets, parse,
                       ref_decompositions, ref_form_costs, ref_is_complete, ref_shanten,
                       ref_useful, ref_waits, seven_pairs_cost, standard_cost, tile_name, to_str)


def names(tiles):
    return [tile_name(t) for t in tiles]


# --------------------------------------------------------------------------
# Known examples
# --------------------------------------------------------------------------
def test_parse_roundtrip():
    c = parse("123m456p789s1122z")
    assert c.sum() == 13 and c[27] == 2 and c[28] == 2
    assert to_str(c) == "123m456p789s1122z"
    assert parse("东东南南中发白").tolist() == parse("1122567z").tolist()
    with pytest.raises(ValueError):
        parse("123x")


@pytest.mark.parametrize("text, expected", [
    ("1111m234p567p789s", 1),     # 1m exhausted: no fifth copy, not tenpai
    ("4449999m666p678s", 1),      # 9m exhausted
    ("123m456p789s1122z", 0),
    ("123m456p789s11222z", -1),
    ("2233445566778p", 0),
    ("1112345678999m", 0),
    ("19m19p19s1234567z", 0),
    ("19m19p19s12345677z", -1),
    ("1111222233334m", 0),
])
def test_known_shanten(text, expected):
    assert ref_shanten(parse(text)) == expected


def test_exhausted_structural_waits():
    assert ref_waits(parse("1111m234p567p789s")) == ([], [0])
    assert ref_waits(parse("4449999m666p678s")) == ([], [8])


def test_known_waits():
    assert names(ref_waits(parse("2233445566778p"))[0]) == ["2p", "5p", "8p"]
    assert names(ref_waits(parse("1112345678999m"))[0]) == [f"{i}m" for i in range(1, 10)]
    drawable, exhausted = ref_waits(parse("19m19p19s1234567z"))
    assert drawable == list(ORPHANS) and exhausted == []
    assert names(ref_waits(parse("123m456p789s1122z"))[0]) == ["1z", "2z"]


def test_seven_pairs_quad_conventions():
    # 11 11 22 33 44 55 | 6z : with quads-as-two-pairs tenpai on 6z
    h = parse("1111m2233p4455s6z")
    assert ref_form_costs(h, forms=("seven_pairs",))["seven_pairs"] == 1
    assert ref_shanten(h, forms=("seven_pairs",), quads_as_two_pairs=True) == 0
    assert ref_waits(h, forms=("seven_pairs",))[0] == [32]
    # distinct kinds: 5 pairs + single 6z + a new kind needed -> 3 tiles -> shanten 2
    assert ref_shanten(h, forms=("seven_pairs",), quads_as_two_pairs=False) == 2
    assert ref_waits(h, forms=("seven_pairs",), quads_as_two_pairs=False) == ([], [])
    # 14 tiles, complete only with quads as two pairs
    h14 = parse("1111m2233p4455s66z")
    assert ref_is_complete(h14, forms=("seven_pairs",), quads_as_two_pairs=True)
    assert not ref_is_complete(h14, forms=("seven_pairs",), quads_as_two_pairs=False)
    assert ref_shanten(h14, forms=("seven_pairs",), quads_as_two_pairs=False) == 1
    # two quads
    h2 = parse("11112222m3344p5z")
    assert ref_shanten(h2, forms=("seven_pairs",), quads_as_two_pairs=True) == 0
    # distinct: pairs 1m 2m 3p 4p, single 5z, two new kinds -> 1 + 2 + 2 = 5 -> shanten 4
    assert ref_shanten(h2, forms=("seven_pairs",), quads_as_two_pairs=False) == 4


def test_seven_pairs_distinct_is_greedy():
    """With distinct kinds the cost is the 7 smallest max(0, 2-h) (closed form)."""
    rng = rng_for("7p-greedy")
    for _ in range(500):
        h = np.bincount(rng.permutation(136)[:13] // 4, minlength=34)
        greedy = sum(sorted(max(0, 2 - int(x)) for x in h)[:7])
        assert seven_pairs_cost(h, False) == greedy


def test_knitted_examples():
    # 全不靠: 147m 258p 369s + 5 honors = 14 distinct
    h = parse("147m258p369s12345z")
    assert ref_is_complete(h, forms="all")
    assert not ref_is_complete(h)
    assert ref_shanten(h, forms="all") == -1
    # 组合龙 + set + pair
    h = parse("147m258p369s123m11z")
    assert ref_is_complete(h, forms="all")
    assert ref_shanten(h, forms=("knitted",)) == -1
    # 组合龙 with one declared meld: straight + pair (11 tiles)
    h = parse("147m258p369s55z")
    assert ref_is_complete(h, k=1, forms=("knitted",))
    # 13 distinct knitted tiles: tenpai on the 3 missing kinds of a 16-kind assignment
    h = parse("147m258p369s1234z")
    drawable, _ = ref_waits(h, forms=("knitted",))
    assert names(drawable) == ["5z", "6z", "7z"]


def test_knitted_applicability():
    h = parse("147m258p369s55z")                      # 11 tiles, k = 1
    assert set(ref_form_costs(h, k=1, forms="all")) == {"standard", "knitted_straight"}
    h8 = parse("147m258p55z")                          # 8 tiles, k = 2: no knitted form
    assert set(ref_form_costs(h8, k=2, forms="all")) == {"standard"}
    h16 = parse("147m258p369s123m11z123p")             # 16-tile play: standard only
    assert set(ref_form_costs(h16, k=0, forms="all", hand_size=16)) == {"standard"}


def test_decompositions_examples():
    d = ref_decompositions(parse("111222333m456p77z"))
    std = {x for x in d if x[0] == "standard"}
    assert len(std) == 2   # 111 222 333 / 123 123 123
    d = ref_decompositions(parse("11223344556677p"))
    kinds = {x[0] for x in d}
    assert kinds == {"standard", "seven_pairs"}
    d = ref_decompositions(parse("19m19p19s12345677z"))
    assert d == {("thirteen_orphans", 33)}


# --------------------------------------------------------------------------
# Structural self-consistency
# --------------------------------------------------------------------------
CASES = [(k, 13) for k in range(5)] + [(k, 16) for k in range(6)]


@pytest.mark.parametrize("k, hand_size", CASES)
def test_shanten_minus_one_iff_complete(k, hand_size):
    rng = rng_for("selfcheck-complete", k, hand_size)
    forms = FORMS_ALL if hand_size == 13 else ("standard",)
    hands = mixed_hands(rng, 300, k, 2, hand_size)
    hands = np.concatenate([hands, complete_hands(rng, 50, sets_needed(k, hand_size), "dense")])
    if hand_size == 13 and k == 0:
        hands = np.concatenate([hands, seven_pairs_like(rng, 40, 14), orphans_like(rng, 40, 14),
                                knitted_like(rng, 40, 14, 0)])
    n_complete = 0
    for h in hands:
        for quads in (True, False):
            s = ref_shanten(h, k, forms, quads, hand_size)
            c = ref_is_complete(h, k, forms, quads, hand_size)
            assert (s == -1) == c, (to_str(h), k, quads, s)
            n_complete += c
            decs = ref_decompositions(h, k, forms, quads, hand_size)
            assert bool(decs) == c, to_str(h)
    assert n_complete > 50


def _decomp_counts(d, k):
    c = np.zeros(N_KINDS, int)
    if d[0] in ("standard", "knitted_straight"):
        sets, pair = d[-2], d[-1]
        for kind, t in sets:
            if kind == "pung":
                c[t] += 3
            else:
                c[t:t + 3] += 1
        c[pair] += 2
        if d[0] == "knitted_straight":
            c[list(d[1])] += 1
    elif d[0] == "seven_pairs":
        for t in d[1]:
            c[t] += 2
    elif d[0] == "thirteen_orphans":
        c[list(ORPHANS)] += 1
        c[d[1]] += 1
    return c


def test_decompositions_rebuild_hand():
    rng = rng_for("selfcheck-decomp")
    for k in range(5):
        for h in complete_hands(rng, 150, 4 - k, "dense"):
            decs = ref_decompositions(h, k, FORMS_ALL)
            assert decs
            for d in decs:
                if d[0] != "honors_knitted":
                    assert (_decomp_counts(d, k) == h).all(), (to_str(h), d)


@pytest.mark.parametrize("k", range(5))
def test_tenpai_iff_drawable_wait(k):
    rng = rng_for("selfcheck-tenpai", k)
    forms = FORMS_ALL
    hands = mixed_hands(rng, 250, k, 1)
    n_tenpai = 0
    for h in hands:
        s = ref_shanten(h, k, forms)
        drawable, exhausted = ref_waits(h, k, forms)
        assert (s == 0) == bool(drawable), (to_str(h), s, drawable)
        for t in exhausted:
            assert h[t] == 4
        for t in drawable:
            assert h[t] < 4
        if s == 0:
            n_tenpai += 1
            useful = ref_useful(h, k, forms)
            assert [t for t, _ in useful] == drawable
    assert n_tenpai > 20


def test_useful_lowers_shanten_by_one():
    rng = rng_for("selfcheck-useful")
    for h in mixed_hands(rng, 60, 0, 1):
        s = ref_shanten(h)
        useful = ref_useful(h, visible=np.ones(34, int))
        assert useful, to_str(h)   # every non-complete hand can improve
        for t, left in useful:
            d = h.astype(int).copy()
            d[t] += 1
            assert ref_shanten(d) == s - 1
            assert left == 3 - h[t]


# --------------------------------------------------------------------------
# Block split vs whole-hand brute force (small M)
# --------------------------------------------------------------------------
def _whole_hand_targets(M):
    sets = []
    for t in range(N_KINDS):
        v = np.zeros(N_KINDS, np.int8)
        v[t] = 3
        sets.append(v)
    for s in (0, 9, 18):
        for i in range(7):
            v = np.zeros(N_KINDS, np.int8)
            v[s + i:s + i + 3] = 1
            sets.append(v)
    rows = set()
    for combo in itertools.combinations_with_replacement(range(len(sets)), M):
        base = sum((sets[i] for i in combo), np.zeros(N_KINDS, np.int8))
        for p in range(N_KINDS):
            t = base.copy()
            t[p] += 2
            if t.max() <= 4:
                rows.add(t.tobytes())
    return np.array([np.frombuffer(r, np.int8) for r in rows])


@pytest.mark.parametrize("M", [0, 1, 2])
def test_block_split_matches_whole_hand_targets(M):
    T = _whole_hand_targets(M)
    rng = rng_for("selfcheck-whole", M)
    k = 4 - M
    for parity in (1, 2):
        hands = mixed_hands(rng, 150 if M == 2 else 300, k, parity)
        for h in hands:
            brute = int(np.maximum(T - h.astype(np.int8), 0).sum(axis=1).min())
            assert standard_cost(h, M) == brute, to_str(h)


def test_block_targets_sizes_and_bounds():
    for m in range(6):
        for p in (0, 1):
            for npos, seq in ((9, True), (7, False)):
                T = block_targets(npos, seq, m, p)
                assert len(T) > 0
                assert (T.sum(axis=1) == 3 * m + 2 * p).all()
                assert T.max() <= 4 and T.min() >= 0
                assert len({r.tobytes() for r in T}) == len(T)
    assert len(block_targets(9, True, 1, 1)) == 16 * 9 - 9   # pung+pair same tile is 5
    assert len(block_targets(7, False, 1, 0)) == 7


def test_knitted_straights_are_six_distinct():
    assert len(set(KNITTED_STRAIGHTS)) == 6
    for ks in KNITTED_STRAIGHTS:
        assert len(ks) == 9
        for s in (0, 9, 18):
            pos = sorted(t - s for t in ks if s <= t < s + 9)
            assert pos in ([0, 3, 6], [1, 4, 7], [2, 5, 8])
