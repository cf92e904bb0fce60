"""mjpy.assign.assignments: every reading of a winning hand with jokers.

The reference here is plain brute force: give the jokers every possible value (all multisets of
k kinds out of 34), split the substituted hand with a small recursive decomposer of its own
(counts above four allowed when a fifth copy is), put the jokers into the groups every possible
way, and collapse groups made only of jokers into free groups (unless every joker of the group
plays its own face). The set of readings must equal ``assignments`` exactly.
"""
import pickle
import time
from collections import Counter
from itertools import combinations_with_replacement

import numpy as np
import pytest

import mjpy
from mjcore.types import Decomposition
from mjpy import Meld
from mjpy.assign import Group, Reading, assignments

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONORS = tuple(range(27, 34))
PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
NINES = tuple(tuple(9 * s + p[s] + 3 * j for s in range(3) for j in range(3)) for p in PERMS)
ALL = ("standard", "seven_pairs", "thirteen_orphans", "knitted")


# ---------------------------------------------------------------------------------------------
# brute-force reference

def plain_standard(c, n_sets):
    """Every split of counts ``c`` (any size per kind) into n_sets sets + one pair: set of group tuples."""
    out = set()
    c = list(c)

    def rec(i, sets_left, pair, acc):
        while i < 34 and c[i] == 0:
            i += 1
        if i == 34:
            if sets_left == 0 and pair:
                out.add(tuple(sorted(acc)))
            return
        if c[i] >= 3 and sets_left:
            c[i] -= 3
            rec(i, sets_left - 1, pair, acc + [("pung", (i, i, i))])
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2] and sets_left:
            for t in (i, i + 1, i + 2):
                c[t] -= 1
            rec(i, sets_left - 1, pair, acc + [("seq", (i, i + 1, i + 2))])
            for t in (i, i + 1, i + 2):
                c[t] += 1
        if c[i] >= 2 and not pair:
            c[i] -= 2
            rec(i, sets_left, True, acc + [("pair", (i, i))])
            c[i] += 2

    if sum(c) == 3 * n_sets + 2:
        rec(0, n_sets, False, [])
    return out


def plain_readings(c, n_melds, forms, quads, hand_size):
    """(form, groups) of a complete plain hand; a group is (kind, tiles)."""
    out = []
    if "standard" in forms:
        for g in plain_standard(c, (4 if hand_size == 13 else 5) - n_melds):
            out.append(("standard", g))
    if hand_size == 13 and n_melds == 0 and "seven_pairs" in forms:
        if all(x % 2 == 0 and (x <= 4 if quads else x in (0, 2)) for x in c):
            out.append(("seven_pairs", tuple(("pair", (v, v)) for v in range(34) for _ in range(c[v] // 2))))
    if hand_size == 13 and n_melds == 0 and "thirteen_orphans" in forms:
        if all(c[v] >= 1 for v in ORPHANS) and sum(c[v] for v in ORPHANS) == 14 == sum(c):
            out.append(("thirteen_orphans",
                        (("thirteen_orphans", tuple(sorted(v for v in range(34) for _ in range(c[v])))),)))
    if hand_size == 13 and n_melds <= 1 and "knitted" in forms:
        for nine in NINES:
            pool = set(nine + HONORS)
            if n_melds == 0 and max(c) <= 1 and sum(c) == 14 and all(c[v] == 0 or v in pool for v in range(34)):
                out.append(("honors_and_knitted",
                            (("honors_and_knitted", tuple(v for v in range(34) if c[v])),)))
            if all(c[v] >= 1 for v in nine):
                rest = list(c)
                for v in nine:
                    rest[v] -= 1
                for g in plain_standard(rest, 1 - n_melds):
                    out.append(("knitted_straight", (("knitted", nine),) + g))
    return out


def place_jokers(groups, values):
    """Every way to make ``values`` (a Counter of joker values) positions of ``groups``.

    Among equal tiles of a group the real ones come first, so a placement is (kind, tiles, joker_at)."""
    out = set()
    groups = list(groups)

    def rec(gi, left, acc):
        if gi == len(groups):
            if not +left:
                out.add(tuple(sorted(acc)))
            return
        kind, tiles = groups[gi]
        kinds = sorted(set(tiles))

        def per_tile(ti, left, jpos):
            if ti == len(kinds):
                rec(gi + 1, left, acc + [(kind, tiles, tuple(sorted(jpos)))])
                return
            t = kinds[ti]
            pos = [p for p, x in enumerate(tiles) if x == t]
            for j in range(min(len(pos), left[t]) + 1):
                nl = left.copy()
                nl[t] -= j
                per_tile(ti + 1, nl, jpos + pos[len(pos) - j:])

        per_tile(0, left, [])

    rec(0, Counter(values), [])
    return out


def collapse(form, placed, faces):
    """Readings of one placement: each group of jokers only becomes free, or stays concrete when
    all of its jokers (together with the other such groups kept) can be read as their own faces."""
    only = [i for i, g in enumerate(placed)
            if g[0] in ("pung", "seq", "pair") and len(g[2]) == len(g[1])]
    out = set()
    for mask in range(1 << len(only)):
        keep = {only[b] for b in range(len(only)) if mask >> b & 1}
        need = Counter(t for i in keep for t in placed[i][1])
        if any(need[t] > faces.get(t, 0) for t in need):
            continue
        groups, vals, n_free = [], [], 0
        for i, (kind, tiles, joker_at) in enumerate(placed):
            if i in only and i not in keep:
                groups.append(Group("pair" if kind == "pair" else "set", (None,) * len(tiles), joker_at))
                n_free += len(tiles)
            else:
                groups.append(Group(kind, tiles, joker_at))
                vals.extend(tiles[p] for p in joker_at)
        cnt = Counter(vals)
        natural = sum(min(n, faces.get(v, 0)) for v, n in cnt.items())
        out.add(key(form, groups, tuple(sorted(vals)) + (None,) * n_free, natural))
    return out


def gsort(g):
    return (g.kind, tuple(-1 if t is None else t for t in g.tiles), g.joker_at)


def key(form, groups, jokers, natural):
    return (form, tuple(sorted(groups, key=gsort)), tuple(jokers), natural)


def rkey(r: Reading):
    return key(r.form, r.groups, r.jokers, r.natural)


def brute(real, k, faces, melds, forms, quads, fifth, hand_size):
    """All readings by substituting the k jokers every possible way."""
    n_melds = melds if isinstance(melds, int) else len(melds)
    mc = [0] * 34
    if not isinstance(melds, int):
        for m in melds:
            for t in m.tiles:
                mc[t] += 1
    forms = ALL if forms == "all" else forms
    subs = []
    for vals in combinations_with_replacement(range(34), k):
        c = list(real)
        for v in vals:
            c[v] += 1
        if not fifth and any(c[t] + mc[t] > 4 for t in range(34)):
            continue
        subs.append((vals, c))
    # a fast pre-filter (kernel win check) for substitutions a plain hand can hold; the decomposer
    # below is the reference, the filter only skips hands that have no reading at all
    small = [i for i, (_, c) in enumerate(subs) if max(c) <= 4]
    keep = set(range(len(subs))) - set(small)
    if small:
        arr = np.array([subs[i][1] for i in small], np.uint8)
        wins = mjpy.batch.is_win(arr, melds=n_melds, forms=forms, quads_as_two_pairs=quads,
                                 hand_size=hand_size, workers=1)
        keep |= {small[j] for j in np.flatnonzero(wins)}
    out = set()
    for i in keep:
        vals, c = subs[i]
        for form, groups in plain_readings(c, n_melds, forms, quads, hand_size):
            for placed in place_jokers(groups, vals):
                out |= collapse(form, placed, faces)
    return out


# ---------------------------------------------------------------------------------------------
# random winning hands with jokers

def _add(c, kind, t):
    if kind == "pung":
        c[t] += 3
    else:
        for x in (t, t + 1, t + 2):
            c[x] += 1


def random_sets(rng, n, dense):
    suits = rng.choice(3, size=int(rng.integers(1, 3)), replace=False)
    out = []
    for _ in range(n):
        if rng.random() < 0.35:
            t = int(rng.integers(0, 34)) if not dense else int(suits[0]) * 9 + int(rng.integers(0, 9))
            if dense and rng.random() < 0.2:
                t = int(rng.integers(27, 34))
            out.append(("pung", t))
        else:
            s = int(rng.choice(suits)) if dense else int(rng.integers(0, 3))
            out.append(("seq", 9 * s + int(rng.integers(0, 7))))
    return out


def random_case(rng):
    """(hand counts, melds, form option set, hand_size) of a complete hand, before jokers."""
    while True:
        r = rng.random()
        dense = rng.random() < 0.6
        hand_size = 13
        melds = 0
        c = [0] * 34
        if r < 0.55:
            hand_size = 16 if rng.random() < 0.1 else 13
            n_melds = int(rng.integers(0, 3))
            M = (4 if hand_size == 13 else 5) - n_melds
            for kind, t in random_sets(rng, M, dense):
                _add(c, kind, t)
            p = int(rng.integers(0, 34)) if not dense else int(rng.choice([x for x in range(34) if c[x]] or [0]))
            c[p] += 2
            if n_melds and rng.random() < 0.5:
                melds = []
                for kind, t in random_sets(rng, n_melds, dense):
                    melds.append(Meld("pon", [t] * 3) if kind == "pung" else Meld("chi", [t, t + 1, t + 2]))
            else:
                melds = n_melds
        elif r < 0.72:
            kinds = rng.choice(34 if not dense else 18, size=7)
            for v in kinds:
                c[int(v)] += 2
        elif r < 0.8:
            for v in ORPHANS:
                c[v] += 1
            c[int(rng.choice(ORPHANS))] += 1
        elif r < 0.88:
            pool = list(NINES[int(rng.integers(0, 6))] + HONORS)
            for v in rng.choice(pool, size=14, replace=False):
                c[int(v)] += 1
        else:
            n_melds = int(rng.integers(0, 2))
            for v in NINES[int(rng.integers(0, 6))]:
                c[v] += 1
            for kind, t in random_sets(rng, 1 - n_melds, dense):
                _add(c, kind, t)
            c[int(rng.integers(0, 34))] += 2
            melds = n_melds
        mc = [0] * 34
        if not isinstance(melds, int):
            for m in melds:
                for t in m.tiles:
                    mc[t] += 1
        if max(c[t] + mc[t] for t in range(34)) <= 4:
            return c, melds, hand_size


def jokerize(rng, c):
    """Turn 1-2 tiles into jokers: generic ones (``jokers=``) and/or a joker kind (``joker_tiles``)."""
    c = list(c)
    held = [v for v in range(34) if c[v]]
    mode = rng.random()
    joker_tiles = None
    k = 0
    if mode < 0.25:
        small = [v for v in held if c[v] <= 2]
        if small:
            t = int(rng.choice(small))
            joker_tiles = [t] if rng.random() < 0.7 else mjpy.tile_name(t)
            if c[t] == 1 and rng.random() < 0.5:
                others = [v for v in held if v != t]
                v = int(rng.choice(others))
                c[v] -= 1
                k = 1
            return c, k, joker_tiles
    n = 1 if rng.random() < 0.45 else 2
    for _ in range(n):
        held = [v for v in range(34) if c[v]]
        c[int(rng.choice(held))] -= 1
    if rng.random() < 0.1:
        joker_tiles = [int(rng.integers(0, 34))]   # a joker kind the hand may not hold
        if c[joker_tiles[0]] > 2 - n:
            joker_tiles = None
    return c, n, joker_tiles


def check_case(c, k, joker_tiles, melds, forms, quads, fifth, hand_size):
    real = list(c)
    faces = {}
    for t in ([] if joker_tiles is None else [mjpy.tile_index(x) for x in
                                               ([joker_tiles] if isinstance(joker_tiles, str) else joker_tiles)]):
        if real[t]:
            faces[t] = real[t]
            real[t] = 0
    kk = k + sum(faces.values())
    want = brute(real, kk, faces, melds, forms, quads, fifth, hand_size)
    kw = dict(jokers=k, joker_tiles=joker_tiles, melds=melds, forms=forms, quads_as_two_pairs=quads,
              allow_fifth_copy=fifth, hand_size=hand_size)
    win = mjpy.is_win(c, **kw)
    if not want:
        assert not win, (c, kw)
        with pytest.raises(ValueError):
            assignments(c, **kw)
        return 0
    assert win, (c, kw)
    got = assignments(c, **kw)
    keys = [rkey(r) for r in got]
    assert len(set(keys)) == len(keys), "duplicate readings"
    missing, extra = want - set(keys), set(keys) - want
    assert not missing and not extra, (c, kw, sorted(missing, key=str)[:5], sorted(extra, key=str)[:5])
    return len(got)


@pytest.mark.parametrize("chunk", range(8))
def test_random_vs_brute_force(chunk):
    rng = np.random.default_rng(20240 + chunk)
    n_win = 0
    for _ in range(250):
        c, melds, hand_size = random_case(rng)
        c, k, joker_tiles = jokerize(rng, c)
        n_melds = melds if isinstance(melds, int) else len(melds)
        forms = "all" if (rng.random() < 0.5 and hand_size == 13 and n_melds <= 1) else \
            ("standard",) if n_melds or hand_size == 16 else mjpy.DEFAULT_FORMS
        quads = bool(rng.random() < 0.7)
        fifth = bool(rng.random() < 0.6)
        n_win += check_case(c, k, joker_tiles, melds, forms, quads, fifth, hand_size) > 0
    assert n_win > 150


@pytest.mark.parametrize("chunk", range(3))
def test_random_near_wins_vs_brute_force(chunk):
    """Complete shapes with a tile moved as well: many are not wins (ValueError iff brute force finds none)."""
    rng = np.random.default_rng(777 + chunk)
    outcomes = Counter()
    for _ in range(120):
        c, melds, hand_size = random_case(rng)
        c, k, joker_tiles = jokerize(rng, c)
        held = [v for v in range(34) if c[v]]
        if held:
            c[int(rng.choice(held))] -= 1
            new = int(rng.integers(0, 34))
            if c[new] < 4:
                c[new] += 1
            else:
                c[held[0]] += 1
        if joker_tiles is not None:
            t = mjpy.tile_index(joker_tiles if isinstance(joker_tiles, str) else joker_tiles[0])
            if c[t] > 2:
                continue
        mc = Counter(t for m in ([] if isinstance(melds, int) else melds) for t in m.tiles)
        if any(c[t] + mc[t] > 4 for t in range(34)):
            continue
        outcomes[check_case(c, k, joker_tiles, melds, "all" if hand_size == 13 and not melds else "standard",
                            True, bool(rng.random() < 0.5), hand_size) > 0] += 1
    assert outcomes[True] > 10 and outcomes[False] > 10


@pytest.mark.slow
def test_random_vs_brute_force_long():
    rng = np.random.default_rng(99)
    for _ in range(20000):
        c, melds, hand_size = random_case(rng)
        c, k, joker_tiles = jokerize(rng, c)
        n_melds = melds if isinstance(melds, int) else len(melds)
        forms = "all" if hand_size == 13 and n_melds <= 1 else "standard"
        check_case(c, k, joker_tiles, melds, forms, bool(rng.random() < 0.7), bool(rng.random() < 0.6), hand_size)


def test_no_jokers_matches_decompositions():
    rng = np.random.default_rng(5)
    for _ in range(300):
        c, melds, hand_size = random_case(rng)
        n_melds = melds if isinstance(melds, int) else len(melds)
        forms = "all" if hand_size == 13 and n_melds <= 1 else "standard"
        got = assignments(c, melds=melds, forms=forms, hand_size=hand_size)
        want = mjpy.decompositions(c, melds=melds, forms=forms, hand_size=hand_size)
        assert sorted(map(tuple, (r.decomposition() for r in got))) == sorted(map(tuple, want))
        assert all(r.jokers == () and r.substitutes == 0 for r in got)
        std = [r.decomposition() for r in got if r.form == "standard"]
        assert std == [d for d in want if d.form == "standard"]      # same order as decompositions


# ---------------------------------------------------------------------------------------------
# specific cases

def strs(rs):
    return [str(r) for r in rs]


def test_documented_example_and_format():
    rs = assignments("4566m123p789s111z", jokers=1)
    assert strs(rs) == ["3*45m 123p 789s 111z 66m", "456m 123p 789s 111z 66*m", "456*m 123p 789s 111z 66m"]
    r = rs[2]
    assert r.form == "standard" and r.jokers == (5,) and r.natural == 0 and r.substitutes == 1
    assert r.groups[0] == Group("seq", (3, 4, 5), (2,))
    assert r.groups[-1] == Group("pair", (5, 5), ())
    d = r.decomposition()
    assert d == Decomposition("standard", (("seq", 3), ("seq", 9), ("seq", 24), ("pung", 27)), 5)
    assert str(d) == "456m 123p 789s 111z 66m"


def test_three_jokers_make_one_free_set():
    rs = assignments("123m456p789s11z", jokers=3)
    free = [r for r in rs if any(g.kind == "set" for g in r.groups)]
    assert strs(free) == ["123m 456p 789s JJJ 11z"]
    f = free[0]
    assert f.groups[3] == Group("set", (None, None, None), (0, 1, 2)) and f.groups[3].free
    assert f.jokers == (None, None, None) and f.natural == 0 and f.substitutes == 3
    with pytest.raises(ValueError, match="free"):
        f.decomposition()
    # no concrete group made only of jokers (that would be the free set once per tile)
    assert not any(len(g.joker_at) == len(g.tiles) and not g.free for r in rs for g in r.groups)
    # concrete readings put the jokers with real tiles, e.g. the 11z pair grows to a pung + free pair
    assert "123m 456p 789s 111*z JJ" in strs(rs)


def test_two_jokers_make_one_free_pair():
    rs = assignments("123m456p789s111z", jokers=2)
    assert "123m 456p 789s 111z JJ" in strs(rs)
    r = rs[strs(rs).index("123m 456p 789s 111z JJ")]
    assert r.groups[-1] == Group("pair", (None, None), (0, 1)) and r.jokers == (None, None)
    assert sum(r.free_groups > 0 for r in rs) == 1


def test_joker_kind_read_as_its_own_face():
    # the three 中 are jokers (joker_tiles): read as 中中中 they are a real pung (硬胡, natural 3)
    rs = assignments("123m456p789s11z555z", joker_tiles="5z")
    assert str(rs[0]) == "123m 456p 789s 5*5*5*z 11z"
    assert rs[0].natural == 3 and rs[0].substitutes == 0 and rs[0].jokers == (31, 31, 31)
    assert rs[0].decomposition() == Decomposition("standard", (("seq", 0), ("seq", 12), ("seq", 24), ("pung", 31)), 27)
    free = [r for r in rs if any(g.kind == "set" for g in r.groups)]
    assert strs(free) == ["123m 456p 789s JJJ 11z"] and free[0].natural == 0
    subs = [r.substitutes for r in rs]
    assert subs == sorted(subs)
    # the same hand with the 中 as plain tiles: one reading, no jokers
    assert strs(assignments("123m456p789s11z555z")) == ["123m 456p 789s 555z 11z"]
    # a joker kind inside a sequence: 5m jokers, one read as 5m in 456m is natural
    rs = assignments("46m5m123p789s11122z", joker_tiles=[4])
    assert rs[0].natural == 1 and str(rs[0]) == "45*6m 123p 789s 111z 22z"
    assert rs[0].substitutes == 0
    # generic jokers never play a face
    rs = assignments("46m123p789s11122z", jokers=1)
    assert str(rs[0]) == "45*6m 123p 789s 111z 22z" and rs[0].natural == 0 and rs[0].substitutes == 1


def test_two_joker_kinds_mix_with_generic_jokers():
    # 天津-style two joker kinds (1s and 9s) plus a generic joker
    rs = assignments("123m456p789p2s1z19s", jokers=1, joker_tiles=["1s", "9s"])
    assert all(len(r.jokers) == 3 for r in rs)
    best = rs[0]
    assert best.substitutes == 2 and best.natural == 1 and str(best).startswith("123m 456p 789p 1*23*s")
    for r in rs:
        vals = Counter(v for v in r.jokers if v is not None)
        assert r.natural == min(vals[18], 1) + min(vals[26], 1)


def test_fifth_copy():
    hand = "1111m234p567p789s"
    rs = assignments(hand, jokers=1)
    assert strs(rs) == ["111m 234p 567p 789s 11*m", "111*m 234p 567p 789s 11m"]
    assert all(r.jokers == (0,) for r in rs)
    assert not mjpy.is_win(hand, jokers=1, allow_fifth_copy=False)
    with pytest.raises(ValueError):
        assignments(hand, jokers=1, allow_fifth_copy=False)
    # declared melds count toward the four copies
    rs = assignments("234p567p789s1m", jokers=1, melds=[Meld("pon", "111m")])
    assert strs(rs) == ["234p 567p 789s 11*m"]
    with pytest.raises(ValueError):
        assignments("234p567p789s1m", jokers=1, melds=[Meld("pon", "111m")], allow_fifth_copy=False)
    assert strs(assignments("234p567p789s1m", jokers=1, melds=1, allow_fifth_copy=False)) == \
        ["234p 567p 789s 11*m"]


def test_seven_pairs_with_jokers():
    rs = assignments("1122m3344p5566s", jokers=2)
    sp = [r for r in rs if r.form == "seven_pairs"]
    assert str(sp[0]) == "11m 22m 33p 44p 55s 66s JJ"
    assert "11m 22m 33p 44p 55s 66*s 66*s" in strs(sp)          # two 6s pairs (quads as two pairs)
    assert len(sp) == 7
    only = assignments("1122m3344p5566s", jokers=2, forms=("seven_pairs",), quads_as_two_pairs=False)
    assert strs(only) == ["11m 22m 33p 44p 55s 66s JJ"]
    rs = assignments("1m22m3344p5566s7z", jokers=2, forms=("seven_pairs",))
    assert strs(rs) == ["11*m 22m 33p 44p 55s 66s 77*z"]
    rs = assignments("1m22m3344p5566s77z", jokers=1, forms=("seven_pairs",))
    assert strs(rs) == ["11*m 22m 33p 44p 55s 66s 77z"] and rs[0].decomposition().pairs == (0, 1, 11, 12, 22, 23, 33)


def test_thirteen_orphans_with_jokers():
    rs = assignments("19m19p19s1234567z", jokers=1)
    assert len(rs) == 13 and all(r.form == "thirteen_orphans" for r in rs)
    assert str(rs[0]) == "11*9m19p19s1234567z"
    assert rs[0].decomposition() == Decomposition("thirteen_orphans", pair=0, tiles=ORPHANS)
    rs = assignments("19m19p19s123456z", jokers=2)
    assert len(rs) == 13
    assert "19m19p19s1234567*7*z" in strs(rs)
    rs = assignments("19m19p19s1234566z", jokers=1)
    assert strs(rs) == ["19m19p19s12345667*z"] and rs[0].groups[0].joker_at == (13,)


def test_knitted_with_jokers():
    rs = assignments("147m258p36s1234z", jokers=2, forms="all")
    assert strs(rs) == ["147m258p369*s12345*z", "147m258p369*s12346*z", "147m258p369*s12347*z",
                        "147m258p36s12345*6*z", "147m258p36s12345*7*z", "147m258p36s12346*7*z"]
    assert rs[0].decomposition().form == "honors_and_knitted"
    # 组合龙 with a joker in the knitted nine and a free pair
    rs = assignments("147m25p369s123m", jokers=3, forms="all")
    ks = [r for r in rs if r.form == "knitted_straight"]
    assert "147m258*p369s 123m JJ" in strs(ks)
    assert ks[strs(ks).index("147m258*p369s 123m JJ")].groups[0] == Group("knitted", (0, 3, 6, 10, 13, 16, 20, 23, 26), (5,))
    with pytest.raises(ValueError):
        assignments("147m25p369s123m", jokers=3)


def test_eight_jokers_are_fast():
    hands = ["123456m", "1234567m", "111222m", "147m258p", "1m1p1s1z2z3z", "19m19p19s", "55m56p78s1z", "234567m"]
    worst = 0.0
    for h in hands:
        n = sum(int(x) for x in mjpy.parse(h))
        k = 14 - n
        t = time.perf_counter()
        try:
            rs = assignments(h, jokers=k, forms="all")
        except ValueError:
            continue
        worst = max(worst, time.perf_counter() - t)
        assert rs and all(len(r.jokers) == k for r in rs)
    assert worst < 5          # a guard against an exponential blow-up, not a speed measurement (bench/)
    t = time.perf_counter()
    rs = assignments("", jokers=14, forms="all")
    assert time.perf_counter() - t < 5
    assert str(rs[0]) == "JJJ JJJ JJJ JJJ JJ" and str(rs[1]) == "JJ JJ JJ JJ JJ JJ JJ"


def test_not_a_win_raises():
    with pytest.raises(ValueError, match="not a winning hand"):
        assignments("123m456p789s1357z9p")
    with pytest.raises(ValueError, match="not a winning hand"):
        assignments("123m456p789s135z9p", jokers=1)
    with pytest.raises(ValueError):        # wrong size: the kernel's message
        assignments("123m456p789s11z", jokers=1)
    with pytest.raises((ValueError, TypeError)):
        assignments("123m456p789s11z", jokers=-3)


def test_order_pickle_and_types():
    rs = assignments("11123m456p789s11z", jokers=1, joker_tiles=None)
    subs = [r.substitutes for r in rs]
    assert subs == sorted(subs)
    for r in rs:
        assert pickle.loads(pickle.dumps(r)) == r
        assert isinstance(r, tuple) and r.form == "standard"
        assert list(r.jokers) == sorted(r.jokers)
    hand = np.array(mjpy.parse("11123m456p789s11z"))
    assert assignments(hand, jokers=np.int64(1)) == rs
    assert assignments(list(hand), jokers=1) == rs


@pytest.mark.parametrize("hand, jokers, joker_tiles", [
    ("123m456p789s11z555z", 0, "5z"),               # three 中 jokers: natural pung or a free set
    ("123m789p11z123s456s", 0, ["1s", "2s", "3s"]),  # one joker of each of 1s 2s 3s: natural sequence
    ("46m555m123p789s111z", 0, "5m"),               # 5m jokers: 45*6m natural, 5*5*5*m natural pung
    ("123m456p789s11z55z", 1, "5z"),                # generic joker + two 中 jokers
    ("123m456p789s11z", 3, None),
    ("2233m4455p667s", 3, None),                    # seven pairs and standard with three jokers
])
@pytest.mark.parametrize("fifth", [True, False])
def test_three_jokers_vs_brute_force(hand, jokers, joker_tiles, fifth):
    c = [int(x) for x in mjpy.parse(hand)]
    check_case(c, jokers, joker_tiles, 0, "all", True, fifth, 13)
