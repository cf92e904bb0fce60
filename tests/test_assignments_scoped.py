"""mjpy.assignments(..., jokers_by_scope=...): readings of a win with scoped jokers.

* against the independent brute force of tests/reference_scoped.py (``ref_scoped_readings``) on
  seeded winning-or-nearly hands with 1-3 scoped jokers: the returned readings, their free groups
  expanded here into every concrete realisation that fits the scopes (a brute force over joker
  permutations, not the module's matching), projected to (form, groups, joker values), equal the
  reference's set; every returned reading has at least one fitting realisation (free groups are
  kept only when realisable); no win under the scopes <=> ValueError;
* at the level of joker positions: the scoped result is exactly the plain result
  (``jokers=k``) filtered by that brute-force fit;
* "any"-only scopes give the plain result; examples in notation; bad input.
"""
from __future__ import annotations

import itertools
import time

import numpy as np
import pytest

import mjpy
from conftest import complete_hand, rng_for
from mjpy import Meld
from mjpy.assign import SCOPES, assignments
from reference import KNITTED_STRAIGHTS, ORPHANS
from reference_scoped import DOMAINS, ref_scoped_readings

ALL_FORMS = ("standard", "seven_pairs", "thirteen_orphans", "knitted")
SETS = [(v, v, v) for v in range(34)] + [(v, v + 1, v + 2) for v in range(27) if v % 9 <= 6]
PAIRS = [(v, v) for v in range(34)]


# ---------------------------------------------------------------------------------------------
# brute-force fit of a reading (independent of mjpy.assign's matching)

def _fits_brute(slots, jokers):
    """slots: [(tile, pung slot)]; jokers: scope names. Some permutation fits every slot."""
    if len(slots) != len(jokers):
        return False
    for perm in set(itertools.permutations(jokers)):
        if all(v in DOMAINS[s] and (s != "pung" or slot) for (v, slot), s in zip(slots, perm)):
            return True
    return False


def realisations(r, jokers, real, melds_tiles, fifth, quads):
    """Every concrete version of reading r whose jokers fit their scopes: list of
    (groups [(kind, tiles, joker_at)], joker values)."""
    free = [g for g in r.groups if g.free]
    fixed = [g for g in r.groups if not g.free]
    out = []
    cands = [SETS if g.kind == "set" else PAIRS for g in free]
    for choice in itertools.product(*cands):
        groups = [(g.kind, g.tiles, g.joker_at) for g in fixed]
        for tiles in choice:
            kind = "pair" if len(tiles) == 2 else ("pung" if tiles[0] == tiles[2] else "seq")
            groups.append((kind, tiles, tuple(range(len(tiles)))))
        slots = [(tiles[p], kind == "pung" and r.form == "standard")
                 for kind, tiles, ja in groups for p in ja]
        counts = list(real)
        for t in melds_tiles:
            counts[t] += 1
        for v, _ in slots:
            counts[v] += 1
        if r.form == "seven_pairs":
            if any(x not in ((0, 2, 4) if quads else (0, 2)) for x in counts):
                continue
        elif not fifth and max(counts) > 4:
            continue
        if _fits_brute(slots, jokers):
            out.append((groups, tuple(sorted(v for v, _ in slots))))
    return out


def project(form, groups, vals):
    return (form, tuple(sorted((kind, tuple(tiles)) for kind, tiles, _ in groups)), vals)


def joker_list(scopes):
    return [s for s, n in sorted(scopes.items()) for _ in range(n)]


# ---------------------------------------------------------------------------------------------
# seeded cases

def _special(rng):
    r = rng.random()
    c = np.zeros(34, np.int64)
    if r < 0.5:
        for v in rng.choice(34, size=7, replace=False):
            c[int(v)] += 2
        if rng.random() < 0.3:
            v = int(np.flatnonzero(c)[0])
            c[v] += 2
            c[int(np.flatnonzero(c)[-1])] -= 2
    elif r < 0.75:
        c[list(ORPHANS)] = 1
        c[ORPHANS[int(rng.integers(0, 13))]] += 1
    else:
        ks = KNITTED_STRAIGHTS[int(rng.integers(0, 6))]
        pool = list(ks) + list(range(27, 34))
        c[rng.choice(pool, size=14, replace=False)] = 1
    return c


def cases(seed, count):
    """(real counts, scopes, melds, forms, quads, fifth): complete shapes with 1-3 tiles made
    scoped jokers, the scope usually one the tile fits, sometimes any scope at all."""
    rng = rng_for("assign-scoped", seed)
    names = list(DOMAINS)
    out = []
    while len(out) < count:
        melds = int(rng.integers(0, 3)) if rng.random() < 0.4 else 0
        forms = ALL_FORMS if rng.random() < 0.4 else ("standard", "seven_pairs", "thirteen_orphans")
        if melds == 0 and rng.random() < 0.25:
            c = _special(rng)
        else:
            c = complete_hand(rng, 4 - melds, "dense" if rng.random() < 0.5 else "mixed").astype(np.int64)
        k = int(rng.integers(1, 4))
        scopes = {}
        for _ in range(k):
            held = np.flatnonzero(c)
            t = int(rng.choice(held))
            c[t] -= 1
            if rng.random() < 0.75:
                s = str(rng.choice([s for s in names if t in DOMAINS[s]]))
            else:
                s = str(rng.choice(names))
            scopes[s] = scopes.get(s, 0) + 1
        out.append((c, scopes, melds, forms, bool(rng.random() < 0.6), bool(rng.random() < 0.6)))
    return out


def test_against_reference_and_brute_fit():
    t0 = time.perf_counter()
    wins = free_seen = 0
    for c, scopes, melds, forms, quads, fifth in cases("ref", 220):
        kw = dict(melds=melds, forms=forms, quads_as_two_pairs=quads, allow_fifth_copy=fifth)
        ref = ref_scoped_readings(c, scopes, **kw)
        if not ref:
            with pytest.raises(ValueError, match="not a winning hand"):
                assignments(c, jokers_by_scope=scopes, **kw)
            continue
        wins += 1
        rs = assignments(c, jokers_by_scope=scopes, **kw)
        assert len(set(rs)) == len(rs)
        jl = joker_list(scopes)
        got = set()
        for r in rs:
            conc = realisations(r, jl, c, (), fifth, quads)
            assert conc, (mjpy.to_string(c), scopes, str(r))      # kept only when realisable
            free_seen += r.free_groups > 0
            got |= {project(r.form, g, v) for g, v in conc}
        assert got == ref, (mjpy.to_string(c), scopes, kw, sorted(got ^ ref)[:5])
        # joker positions: the plain readings filtered by the brute-force fit
        plain = assignments(c, jokers=sum(scopes.values()), **kw)
        want = [r for r in plain if realisations(r, jl, c, (), fifth, quads)]
        assert set(rs) == set(want) and len(rs) == len(want)
    assert wins >= 100 and free_seen >= 5, (wins, free_seen)
    assert time.perf_counter() - t0 < 60


def test_any_only_is_plain():
    for c, scopes, melds, forms, quads, fifth in cases("any", 60):
        k = sum(scopes.values())
        kw = dict(melds=melds, forms=forms, quads_as_two_pairs=quads, allow_fifth_copy=fifth)
        try:
            plain = assignments(c, jokers=k, **kw)
        except ValueError:
            with pytest.raises(ValueError):
                assignments(c, jokers_by_scope={"any": k}, **kw)
            continue
        assert assignments(c, jokers_by_scope={"any": k}, **kw) == plain
        assert assignments(c, jokers=1, jokers_by_scope={"any": k - 1}, **kw) == plain


# ---------------------------------------------------------------------------------------------
# examples in notation

def strs(hand, **kw):
    return [str(r) for r in mjpy.assignments(hand, **kw)]


def test_examples():
    assert strs("4566m123p789s111z", jokers_by_scope={"suit_m": 1}) == \
        ["3*45m 123p 789s 111z 66m", "456m 123p 789s 111z 66*m", "456*m 123p 789s 111z 66m"]
    assert strs("4566m123p789s111z", jokers_by_scope={"number": 1}) == \
        strs("4566m123p789s111z", jokers=1)
    for scope in ("suit_p", "honor", "pung", "dragon"):
        with pytest.raises(ValueError, match="not a winning hand"):
            mjpy.assignments("4566m123p789s111z", jokers_by_scope={scope: 1})
    # a 万 joker cannot make the 筒 pair
    assert strs("123m456p789s111z5p", jokers_by_scope={"suit_p": 1}) == \
        ["123m 456p 789s 111z 55*p", "123m 45*6p 789s 111z 55p"]
    with pytest.raises(ValueError, match="joker scopes"):
        mjpy.assignments("123m456p789s111z5p", jokers_by_scope={"suit_m": 1})
    # dragon jokers: a 中 pung, never a sequence
    assert strs("123m456p789s11z55z", jokers_by_scope={"dragon": 1}) == ["123m 456p 789s 555*z 11z"]
    with pytest.raises(ValueError):
        mjpy.assignments("123m456p11z555z79s", jokers_by_scope={"dragon": 1})
    assert strs("123m456p11z555z79s", jokers_by_scope={"suit_s": 1}) == ["123m 456p 78*9s 555z 11z"]
    # pung jokers: in pungs only (not the pair, not a sequence, not seven pairs)
    with pytest.raises(ValueError):
        mjpy.assignments("123m456p789s111z1p", jokers_by_scope={"pung": 1})
    with pytest.raises(ValueError):
        mjpy.assignments("1122m3344p5566s7z", jokers_by_scope={"pung": 1})
    assert strs("1122m3344p5566s7z", jokers_by_scope={"honor": 1}) == ["11m 22m 33p 44p 55s 66s 77*z"]
    assert strs("123m456p789s11z", jokers_by_scope={"pung": 3}) == ["123m 456p 789s JJJ 11z"]
    # two dragon jokers + a pung joker: 111*z and a dragon pair, or JJJ (a dragon pung); with a 万
    # joker instead no reading: the 万 block would hold 4 tiles and the honors 1z1z + two dragons
    assert strs("123m456p789s11z", jokers_by_scope={"pung": 1, "dragon": 2}) == \
        ["123m 456p 789s 111*z JJ", "123m 456p 789s JJJ 11z"]
    with pytest.raises(ValueError, match="joker scopes"):
        mjpy.assignments("123m456p789s11z", jokers_by_scope={"suit_m": 1, "dragon": 2})
    # a 万 joker beside two any jokers: a reading survives when the 万 joker has a place (a 万 value,
    # or a free group it can help to form: JJ as a 万 pair, JJJ as a 万 set)
    rs = strs("123m456p789s11z", jokers_by_scope={"suit_m": 1, "any": 2})
    plain = mjpy.assignments("123m456p789s11z", jokers=3)
    assert rs == [str(r) for r in plain if r.free_groups or any(v is not None and v < 9 for v in r.jokers)]
    assert "123m 456p 789s 111*z JJ" in rs and "123m 456p 789s JJJ 11z" in rs
    assert "123m 456p 789s 111*z 5*5*z" not in rs and len(rs) < len(plain)


def test_free_groups_and_the_four_copy_limit():
    melds = [Meld("pon", "555z"), Meld("pon", "666z")]
    # three dragon jokers beside 777z: with fifth copies JJJ or six 7z; without them nothing, as
    # every dragon already has three copies (two of them in the declared pungs)
    assert strs("777z11z", melds=melds, jokers_by_scope={"dragon": 3}) == \
        ["777z JJJ 11z", "77*7*z 777*z 11z"]
    with pytest.raises(ValueError):
        mjpy.assignments("777z11z", melds=melds, jokers_by_scope={"dragon": 3}, allow_fifth_copy=False)
    assert strs("777z11z", melds=melds, jokers=3, allow_fifth_copy=False)       # any jokers: fine
    # seven pairs, two free pairs of dragons, one dragon pair held: distinct kinds needed
    h = "1122m3344p77z"
    assert strs(h, jokers_by_scope={"dragon": 4}, forms=("seven_pairs",), quads_as_two_pairs=False) == \
        ["11m 22m 33p 44p 77z JJ JJ"]
    with pytest.raises(ValueError):
        mjpy.assignments("1122m3344p5566s", jokers_by_scope={"wind": 1, "dragon": 1},
                         forms=("seven_pairs",))
    h = "1122m33p55z66z77z"                   # a fourth dragon pair must repeat a kind
    rs = strs(h, jokers_by_scope={"dragon": 2}, forms=("seven_pairs",))      # quads as two pairs
    assert "11m 22m 33p 55z 66z 77z JJ" in rs and "11m 22m 33p 55*z 55*z 66z 77z" in rs
    with pytest.raises(ValueError):
        mjpy.assignments(h, jokers_by_scope={"dragon": 2}, forms=("seven_pairs",), quads_as_two_pairs=False)


# ---------------------------------------------------------------------------------------------
# bad input

@pytest.mark.parametrize("arg, exc, msg", [
    ({"sute": 1}, ValueError, "unknown scope 'sute'"),
    ({"any": -1}, ValueError, "negative"),
    ({"any": 1.0}, TypeError, "must be an int"),
    ({"any": True}, TypeError, "must be an int"),
    ({"any": 5, "pung": 4}, ValueError, "at most 8"),
    ([("any", 1)], TypeError, "must be a dict"),
    ({3: 1}, ValueError, "unknown scope"),
])
def test_bad_scopes(arg, exc, msg):
    with pytest.raises(exc, match=msg) as e:
        mjpy.assignments("123m456p789s11z5z", jokers_by_scope=arg)
    assert "\n" not in str(e.value)


def test_bad_combinations():
    with pytest.raises(ValueError, match="expected 14"):
        mjpy.assignments("123m456p789s11z", jokers_by_scope={"any": 1})
    with pytest.raises(ValueError, match="joker_tiles"):
        mjpy.assignments("123m456p789s11z5z", joker_tiles="5z", jokers_by_scope={"dragon": 1})
    with pytest.raises(TypeError, match="jokers must be an int"):
        mjpy.assignments("123m456p789s11z5z", jokers="1", jokers_by_scope={"dragon": 1})
    assert SCOPES["wind"] == frozenset(range(27, 31))
