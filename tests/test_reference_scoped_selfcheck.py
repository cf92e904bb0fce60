"""The scoped-joker reference (tests/reference_scoped.py) checks itself (no mjpy needed).

* hand-worked examples: scopes restrict what a joker may be (a 万 joker cannot make a 筒 pair, a
  dragon joker makes a 中 pung but no sequence, a pung joker is never the pair nor in a sequence
  nor in seven pairs / thirteen orphans / knitted forms), shanten and waits worked by hand;
* "any"-only scopes agree with tests/reference_jokers.py (budget reference) on seeded hands:
  is_win, shanten, waits, with melds, both fifth-copy settings, default and all forms;
* one joker of any scope: win iff some value of the scope makes the plain hand complete
  (tests/reference.py's plain check); one or two pung jokers: win iff real tiles plus the jokers
  make pungs and the rest is a plain standard hand with that many more declared sets;
* structural: shanten -1 iff win iff readings; narrowing a scope never helps; every reading's
  joker values can be given to the jokers within their scopes.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from conftest import rng_for
from reference import ref_is_complete, tile_name
from reference_jokers import (joker_near_complete, ref_budget_is_win, ref_budget_shanten,
                              ref_budget_waits)
from reference_scoped import (DOMAINS, FORMS_ALL, FORMS_DEFAULT, parse, ref_scoped_is_win,
                              ref_scoped_readings, ref_scoped_shanten, ref_scoped_waits)

P = parse


def names(tiles):
    return sorted(tile_name(t) for t in tiles)


# --------------------------------------------------------------------------
# Hand-worked examples
# --------------------------------------------------------------------------
def test_suit_scope_cannot_cross_suits():
    h = P("123m456p789s111z5p")                       # wants a second 5p for the pair
    assert ref_scoped_is_win(h, {"suit_p": 1})
    assert ref_scoped_is_win(h, {"number": 1})
    assert ref_scoped_is_win(h, {"any": 1})
    assert not ref_scoped_is_win(h, {"suit_m": 1})    # a 万 joker cannot be 5p
    assert not ref_scoped_is_win(h, {"suit_s": 1})
    assert not ref_scoped_is_win(h, {"honor": 1})
    # ... but the 万 joker can still make the pair elsewhere in 万: 123m456p789s111z + 5m
    assert ref_scoped_is_win(P("123m456p789s111z5m"), {"suit_m": 1})


def test_dragon_pung_not_chow():
    assert ref_scoped_is_win(P("123m456p789s11z55z"), {"dragon": 1})     # 555z (or 111z)
    assert ref_scoped_is_win(P("123m456p789s555z6z"), {"dragon": 1})     # 66z
    assert not ref_scoped_is_win(P("123m456p789s555z6z"), {"wind": 1})
    assert ref_scoped_is_win(P("123m456p789s111z2z"), {"wind": 1})       # 22z
    assert not ref_scoped_is_win(P("123m456p789s111z2z"), {"dragon": 1})
    h = P("123m456p11z555z79s")                                            # 79s needs 8s
    assert not ref_scoped_is_win(h, {"dragon": 1})
    assert not ref_scoped_is_win(h, {"honor": 1})
    assert ref_scoped_is_win(h, {"number": 1})
    assert ref_scoped_is_win(h, {"suit_s": 1})
    # two dragon jokers: a dragon pair, or with a dragon single a pung
    assert ref_scoped_is_win(P("123m456p789s111z"), {"dragon": 2})       # JJ as a dragon pair
    assert not ref_scoped_is_win(P("123m456p789s111z"), {"suit_m": 1, "dragon": 1})


def test_pung_joker_only_in_pungs():
    assert not ref_scoped_is_win(P("123m456p789s111z1p"), {"pung": 1})   # would be the pair
    assert ref_scoped_is_win(P("123m456p789s111z1p"), {"any": 1})
    assert ref_scoped_is_win(P("123m456p789s11z55z"), {"pung": 1})       # 55z + J = 555z
    assert not ref_scoped_is_win(P("123m456p11z55z79s"), {"pung": 1})    # 7J9s is a sequence
    assert not ref_scoped_is_win(P("1122m3344p5566s7z"), {"pung": 1})    # seven pairs: no
    assert ref_scoped_is_win(P("1122m3344p5566s7z"), {"any": 1})
    assert not ref_scoped_is_win(P("19m19p19s1234567z"), {"pung": 1})    # thirteen orphans: no
    assert ref_scoped_is_win(P("19m19p19s1234567z"), {"honor": 1})
    assert not ref_scoped_is_win(P("147m258p369s1234z"), {"pung": 1}, forms=FORMS_ALL)
    assert ref_scoped_is_win(P("147m258p369s1234z"), {"honor": 1}, forms=FORMS_ALL)
    # three pung jokers on their own are a pung of anything; two beside a pair make a pung
    assert ref_scoped_is_win(P("123m456p789s11z"), {"pung": 3})
    assert ref_scoped_is_win(P("123m456p789s11z5z"), {"pung": 2})
    assert not ref_scoped_is_win(P("123m456p789s1z23z"), {"pung": 2})    # 2z 3z singles, 1z alone


def test_pung_joker_fifth_copy():
    # 1111m567p11z + two pung jokers (one declared meld): 111m + 1mJJ needs six 1m
    h = P("1111m567p11z")
    assert ref_scoped_is_win(h, {"pung": 2}, melds=1, allow_fifth_copy=True)
    assert not ref_scoped_is_win(h, {"pung": 2}, melds=1, allow_fifth_copy=False)
    assert ref_scoped_is_win(h, {"any": 2}, melds=1, allow_fifth_copy=False)    # 1mJJ as 123m
    assert not ref_scoped_is_win(h, {"honor": 2}, melds=1, allow_fifth_copy=True)


def test_shanten_examples():
    h = P("123m456p789s15z")                                          # 11 real + 2 jokers
    assert ref_scoped_shanten(h, {"any": 2}) == 0                     # 1zJ + 5zJ, draw 1z / 5z
    assert ref_scoped_shanten(h, {"dragon": 2}) == 0                  # 5zDD, wait on 1z
    assert ref_scoped_shanten(h, {"wind": 1, "suit_m": 1}) == 1       # 1zW pair; M needs a partner
    assert ref_scoped_shanten(h, {"pung": 2}) == 0                    # 5zJJ, wait on 1z
    h = P("123m456p789s11z")
    assert ref_scoped_shanten(h, {"dragon": 2}) == 0
    assert ref_scoped_shanten(h, {"suit_m": 1, "dragon": 1}) == 1     # one of them stays useless
    assert ref_scoped_shanten(h, {"any": 1, "dragon": 1}) == 0
    h = P("123m456p789s11z5z")                                        # 12 real + 2: 14 tiles
    assert ref_scoped_shanten(h, {"suit_m": 2}) == 0                  # MM + draw, drop 5z
    assert ref_scoped_shanten(h, {"dragon": 2}) == -1                 # 5zDD
    assert ref_scoped_shanten(h, {"pung": 2}) == -1                   # 5zJJ


def test_waits_examples():
    h = P("123m456p789s11z")
    d, e = ref_scoped_waits(h, {"dragon": 2})
    assert names(d) == names([27, 31, 32, 33]) and e == set()
    d, e = ref_scoped_waits(h, {"any": 2})
    assert d == set(range(34))
    d, e = ref_scoped_waits(h, {"pung": 2})                        # t + JJ pung, 11z pair; or 111z
    assert d == set(range(34))
    d, e = ref_scoped_waits(P("123m456p789s1z"), {"wind": 1, "suit_s": 2})
    # 1z W S S + t: 1zW pair and SSt a sou set, or 1zWt pung (t = 1z) and SS pair
    assert d == set(range(18, 27)) | {27}
    # exhausted: 1111m + jokers, fifth copy allowed
    h = P("1111m567p99s")
    d, e = ref_scoped_waits(h, {"suit_m": 1}, melds=1)
    assert 0 in e and 0 not in d
    d, e = ref_scoped_waits(h, {"suit_m": 1}, melds=1, allow_fifth_copy=False)
    assert e == set()


def test_readings_examples():
    r = ref_scoped_readings(P("4566m123p789s111z"), {"any": 1})
    assert {vals for _, _, vals in r} == {(2,), (5,)}
    assert ref_scoped_readings(P("4566m123p789s111z"), {"suit_p": 1}) == set()
    assert ref_scoped_readings(P("4566m123p789s111z"), {"pung": 1}) == set()
    r = ref_scoped_readings(P("123m456p789s11z55z"), {"dragon": 1})
    assert r == {("standard", tuple(sorted([("seq", (0, 1, 2)), ("seq", (12, 13, 14)),
                                            ("seq", (24, 25, 26)), ("pung", (31, 31, 31)),
                                            ("pair", (27, 27))])), (31,))}
    # pung jokers: three of them alone are any pung; "any" would also make sequences
    r3 = ref_scoped_readings(P("123m456p789s11z"), {"pung": 3})
    assert len(r3) == 34
    ra = ref_scoped_readings(P("123m456p789s11z"), {"any": 3})
    assert len(ra) > 34 and r3 < ra


# --------------------------------------------------------------------------
# "any"-only scopes agree with reference_jokers
# --------------------------------------------------------------------------
def _cases(seed, count, melds, parity, kmax=3):
    rng = rng_for("scoped-selfcheck", seed, melds, parity)
    out = []
    for H, k in joker_near_complete(rng, count, melds, parity, kmax=kmax):
        out.append((np.asarray(H, np.int64), k))
    return out


@pytest.mark.parametrize("melds", [0, 1, 3])
def test_any_scope_matches_reference_jokers(melds):
    checked = 0
    for i, (H, k) in enumerate(_cases("any", 40, melds, 2)):
        fifth = bool(i % 2)
        forms = FORMS_ALL if i % 3 == 0 and k <= 2 else FORMS_DEFAULT     # 组合龙 is the slow part
        kw = dict(melds=melds, forms=forms, allow_fifth_copy=fifth)
        assert ref_scoped_is_win(H, {"any": k}, **kw) == ref_budget_is_win(H, k, melds, forms,
                                                                           allow_fifth_copy=fifth)
        assert ref_scoped_shanten(H, {"any": k}, **kw) == ref_budget_shanten(H, k, melds, forms,
                                                                             allow_fifth_copy=fifth)
        checked += 1
    for i, (H, k) in enumerate(_cases("any-waits", 12, melds, 1, kmax=2)):
        fifth = bool(i % 2)
        d, e = ref_scoped_waits(H, {"any": k}, melds=melds, allow_fifth_copy=fifth)
        rd, re_ = ref_budget_waits(H, k, melds, allow_fifth_copy=fifth)
        assert (d, e) == (set(rd), set(re_))
        assert ref_scoped_shanten(H, {"any": k}, melds=melds, allow_fifth_copy=fifth) == \
            ref_budget_shanten(H, k, melds, allow_fifth_copy=fifth)
    assert checked == 40


# --------------------------------------------------------------------------
# Independent small-case checks against the plain reference
# --------------------------------------------------------------------------
def _plain(c, melds, forms=FORMS_DEFAULT, five=False):
    return ref_is_complete(c, melds, forms, allow_five=five)


def test_one_joker_any_scope_is_a_plain_substitution():
    rng = rng_for("scoped-one")
    hands = _cases("one", 30, 0, 2, kmax=1) + _cases("one-m2", 15, 2, 2, kmax=1)
    scopes = [s for s in DOMAINS if s != "pung"]
    for i, (H, k) in enumerate(hands):
        melds = 0 if i < 30 else 2
        if k != 1:
            continue
        s = scopes[int(rng.integers(0, len(scopes)))]
        fifth = bool(rng.integers(0, 2))
        want = False
        for v in DOMAINS[s]:
            c = H.copy()
            c[v] += 1
            if c[v] > 4 and not fifth:
                continue
            if _plain(c, melds, five=True):
                want = True
        assert ref_scoped_is_win(H, {s: 1}, melds=melds, allow_fifth_copy=fifth) == want, (H, s)


def _std_only(c, melds):
    return ref_is_complete(c, melds, ("standard",), allow_five=True)


def test_pung_jokers_against_plain_sets():
    """{pung: 1}: some v with two real copies whose removal leaves a plain hand with one more
    declared set; {pung: 2}: vJJ (one real v), or two pungs v v J / w w J."""
    hands = _cases("pung1", 40, 0, 2, kmax=1) + _cases("pung2", 40, 1, 2, kmax=2)
    seen = 0
    for H, k in hands:
        melds = 0 if sum(H) + k == 14 else 1
        if k == 0:
            continue
        seen += 1
        for fifth in (True, False):
            want = False
            if k == 1:
                for v in range(34):
                    if H[v] >= 2 and (fifth or H[v] <= 3):
                        c = H.copy()
                        c[v] -= 2
                        want |= _std_only(c, melds + 1)
            else:
                for v in range(34):                   # v J J
                    if H[v] >= 1 and (fifth or H[v] <= 2):
                        c = H.copy()
                        c[v] -= 1
                        want |= _std_only(c, melds + 1)
                for v, w in itertools.combinations_with_replacement(range(34), 2):
                    c = H.copy()
                    c[v] -= 2
                    c[w] -= 2
                    if c.min() < 0:
                        continue
                    if not fifth and (H[v] + (1 + (v == w)) > 4 or H[w] + 1 > 4):
                        continue
                    want |= _std_only(c, melds + 2)
            got = ref_scoped_is_win(H, {"pung": k}, melds=melds, allow_fifth_copy=fifth)
            assert got == want, (H, k, melds, fifth)
    assert seen > 20


# --------------------------------------------------------------------------
# Structural properties on random scopes
# --------------------------------------------------------------------------
NARROWER = {"any": ["number", "honor", "pung"], "number": ["suit_m", "suit_p", "suit_s"],
            "honor": ["wind", "dragon"]}


def _random_scopes(rng, k):
    names_ = list(DOMAINS)
    out = {}
    for _ in range(k):
        s = names_[int(rng.integers(0, len(names_)))]
        out[s] = out.get(s, 0) + 1
    return out


def test_structure_on_random_scopes():
    rng = rng_for("scoped-structure")
    for i, (H, k) in enumerate(_cases("struct", 60, 0, 2, kmax=2) + _cases("struct1", 20, 1, 2, kmax=2)):
        melds = 0 if sum(H) + k == 14 else 1
        sc = _random_scopes(rng, k)
        fifth = bool(i % 2)
        kw = dict(melds=melds, allow_fifth_copy=fifth)
        win = ref_scoped_is_win(H, sc, **kw)
        sh = ref_scoped_shanten(H, sc, **kw)
        rd = ref_scoped_readings(H, sc, **kw)
        assert win == (sh == -1) == bool(rd), (H, sc)
        # widening a scope never hurts
        for s in list(sc):
            for wide, narrow in NARROWER.items():
                if s in narrow:
                    w = dict(sc)
                    w[s] -= 1
                    w[wide] = w.get(wide, 0) + 1
                    assert ref_scoped_shanten(H, w, **kw) <= sh
                    assert ref_scoped_is_win(H, w, **kw) >= win
        # every reading's values can be given to the jokers within their scopes
        for form, groups, vals in rd:
            slots = [s for s, n in sc.items() for _ in range(n)]
            assert any(all(v in DOMAINS[s] for v, s in zip(vals, perm))
                       for perm in itertools.permutations(slots))
            tiles = sorted(t for _, g in groups for t in g)
            real = sorted(t for t in range(34) for _ in range(H[t]))
            assert sorted(real + list(vals)) == tiles


def test_bad_input():
    h = P("123m456p789s11z")
    with pytest.raises(ValueError):
        ref_scoped_is_win(h, {"sute": 2})
    with pytest.raises(ValueError):
        ref_scoped_is_win(h, {"any": -1})
    with pytest.raises(TypeError):
        ref_scoped_is_win(h, {"any": 1.5})
    with pytest.raises(ValueError):
        ref_scoped_is_win(P("1m"), {"any": 9})
    with pytest.raises(ValueError):
        ref_scoped_is_win(h, {"any": 1})           # 12 tiles
