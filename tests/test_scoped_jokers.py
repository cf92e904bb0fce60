"""Scoped jokers (``jokers_by_scope``) against the brute-force reference (tests/reference_scoped.py).

* is_win, shanten and waits (drawable + exhausted) of seeded near-complete hands with 0-4 jokers of
  mixed scopes (every scope, "pung" included), declared melds, 13- and 16-tile play, both
  ``allow_fifth_copy`` settings, default and all forms (the knitted ones included);
* useful tiles: exactly the tiles whose draw lowers the (reference-checked) shanten;
* ``joker_tiles`` with scopes: the joker kinds' copies are "any" jokers, drawing one adds one;
* batch == scalar for every function, with per-row scope arrays;
* "any"-only scopes == today's ``jokers=`` (many hands, no reference needed);
* the kernel's per-group program (pung jokers) reproduces the suit budget tables with no pung
  joker, and the wind / dragon rows built at import;
* hand-worked examples and bad input.
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy
from conftest import rng_for
from mjcore import _tables, scoped
from reference_scoped import ref_scoped_is_win, ref_scoped_shanten, ref_scoped_waits

SCOPES = ("any", "suit_m", "suit_p", "suit_s", "number", "honor", "wind", "dragon", "pung")
ALL_FORMS = ("standard", "seven_pairs", "thirteen_orphans", "knitted")


def parse(s: str) -> np.ndarray:
    from reference import parse as ref_parse
    return np.asarray(ref_parse(s), dtype=np.int64)


# ---------------------------------------------------------------------------------------------
# hand generation

def scopes_for(t: int) -> list[str]:
    """The scopes holding tile t."""
    out = ["any", "pung"]
    if t < 27:
        out += [("suit_m", "suit_p", "suit_s")[t // 9], "number"]
    else:
        out += ["honor", "wind" if t < 31 else "dragon"]
    return out


def _complete(rng, M):
    while True:
        c = np.zeros(34, np.int64)
        for _ in range(M):
            if rng.random() < 0.55:
                s, r = rng.integers(0, 3), rng.integers(0, 7)
                c[9 * s + r: 9 * s + r + 3] += 1
            else:
                c[rng.integers(0, 34)] += 3
        c[rng.integers(0, 34)] += 2
        if c.max() <= 4:
            return c


def _special(rng):
    kind = rng.integers(0, 3)
    c = np.zeros(34, np.int64)
    if kind == 0:
        c[rng.choice(34, 7, replace=False)] = 2
    elif kind == 1:
        orph = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
        c[orph] = 1
        c[rng.choice(orph)] += 1
    else:
        perm = rng.permutation(3)
        c[[9 * s + perm[s] + 3 * j for s in range(3) for j in range(3)]] = 1
        c[rng.choice(np.arange(27, 34), 5, replace=False)] = 1
    return c


def scoped_hand(rng, k, waiting, hand_size=13, melds=0, narrow_any=True):
    """(counts, scopes): a complete shape (standard, or a special form when concealed), k of its
    tiles made jokers (80%: of a scope holding the tile), 35%: one tile replaced at random;
    waiting: one tile less. With ``narrow_any`` at most one "any" joker (keeps the reference fast)."""
    M = (4 if hand_size == 13 else 5) - melds
    special = melds == 0 and hand_size == 13 and rng.random() < 0.15
    c = _special(rng) if special else _complete(rng, M)
    tiles = list(np.repeat(np.arange(34), c))
    rng.shuffle(tiles)
    scopes: dict[str, int] = {}
    for _ in range(k):
        t = int(tiles.pop())
        s = str(rng.choice(scopes_for(t)) if rng.random() < 0.8 else rng.choice(SCOPES))
        if narrow_any and s == "any" and scopes.get("any", 0) >= 1:
            s = scopes_for(t)[2]
        scopes[s] = scopes.get(s, 0) + 1
    if rng.random() < 0.35:
        tiles.pop()
        while True:
            t = int(rng.integers(0, 34))
            if tiles.count(t) < 4:
                tiles.append(t)
                break
    if waiting:
        tiles.pop()
    return np.bincount(np.array(tiles, dtype=np.int64), minlength=34), scopes


def case(rng, k_max, waiting, narrow_any=True):
    """A random (counts, scopes, keyword arguments) case."""
    k = int(rng.integers(0, k_max + 1))
    hand_size = 16 if rng.random() < 0.2 else 13
    melds = int(rng.integers(1, 3)) if rng.random() < 0.3 else 0
    c, sc = scoped_hand(rng, k, waiting, hand_size, melds, narrow_any)
    kw = dict(melds=melds, hand_size=hand_size, allow_fifth_copy=bool(rng.random() < 0.6))
    if rng.random() < 0.4:
        kw["forms"] = ALL_FORMS
    return c, sc, kw


def show(c, sc, kw) -> str:
    from reference import to_str
    return f"{to_str(c)} scopes={sc} {kw}"


def ref_kw(kw):
    return dict(kw)


# ---------------------------------------------------------------------------------------------
# against the reference

def test_is_win_vs_reference():
    rng = rng_for("scoped", "win")
    bad = []
    for _ in range(300):
        c, sc, kw = case(rng, 4, waiting=False)
        want = ref_scoped_is_win(c, sc, **ref_kw(kw))
        got = mjpy.is_win(c, jokers_by_scope=sc, **kw)
        if got != want:
            bad.append(f"{show(c, sc, kw)}: mjpy {got}, reference {want}")
    assert not bad, "\n".join(bad[:10])


def test_shanten_vs_reference():
    rng = rng_for("scoped", "shanten")
    bad = []
    for i in range(70):
        c, sc, kw = case(rng, 3, waiting=bool(i % 2))
        want = ref_scoped_shanten(c, sc, **ref_kw(kw))
        got = mjpy.shanten(c, jokers_by_scope=sc, **kw)
        if got != want:
            bad.append(f"{show(c, sc, kw)}: mjpy {got}, reference {want}")
    assert not bad, "\n".join(bad[:10])


def test_shanten_pung_jokers_vs_reference():
    """Pung jokers with other scopes, standard form (the per-group program)."""
    rng = rng_for("scoped", "shanten-pung")
    bad = []
    for i in range(30):
        c, sc, kw = case(rng, 2, waiting=bool(i % 2))
        c[rng.choice(np.flatnonzero(c))] -= 1        # one real tile becomes a pung joker
        sc = dict(sc)
        sc["pung"] = sc.get("pung", 0) + 1
        want = ref_scoped_shanten(c, sc, **ref_kw(kw))
        got = mjpy.shanten(c, jokers_by_scope=sc, **kw)
        if got != want:
            bad.append(f"{show(c, sc, kw)}: mjpy {got}, reference {want}")
    assert not bad, "\n".join(bad[:10])


def _waits_sets(c, sc, kw):
    drawable = mjpy.waits_mask(c, jokers_by_scope=sc, **kw)
    every = mjpy.waits_mask(c, jokers_by_scope=sc, include_exhausted=True, **kw)
    bits = lambda m: {t for t in range(34) if (m >> t) & 1}  # noqa: E731
    return bits(drawable), bits(every & ~drawable)


def test_waits_vs_reference():
    rng = rng_for("scoped", "waits")
    bad = []
    for _ in range(25):
        c, sc, kw = case(rng, 3, waiting=True)
        want = ref_scoped_waits(c, sc, **ref_kw(kw))
        got = _waits_sets(c, sc, kw)
        if got != tuple(want):
            bad.append(f"{show(c, sc, kw)}: mjpy {got}, reference {want}")
    assert not bad, "\n".join(bad[:10])


def test_exhausted_waits_vs_reference():
    """Hands holding four of a kind: waits on a fifth copy through pungs and chows with jokers."""
    rng = rng_for("scoped", "exhausted")
    bad = []
    n = 0
    while n < 14:
        c, sc, kw = case(rng, 2, waiting=True)
        if c.max() < 4 or not sc:
            continue
        n += 1
        kw["allow_fifth_copy"] = True
        want = ref_scoped_waits(c, sc, **ref_kw(kw))
        got = _waits_sets(c, sc, kw)
        if got != tuple(want):
            bad.append(f"{show(c, sc, kw)}: mjpy {got}, reference {want}")
    for hand, sc in [("1111m234p567s22z", {"suit_m": 1}), ("1111m23p567s222z", {"number": 1}),
                     ("1111m3p567s222z", {"suit_p": 2}), ("1111m567s222z", {"pung": 2, "suit_p": 1})]:
        c = parse(hand)
        want = ref_scoped_waits(c, sc)
        got = _waits_sets(c, sc, {})
        if got != tuple(want):
            bad.append(f"{hand} {sc}: mjpy {got}, reference {want}")
    assert not bad, "\n".join(bad[:10])


def test_joker_tiles_with_scopes_vs_reference():
    """joker_tiles copies are "any" jokers (removed from the counts, added to the scope)."""
    rng = rng_for("scoped", "joker-tiles")
    bad = []
    n = 0
    for i in range(80):
        c, sc, kw = case(rng, 2, waiting=False)
        # 中 is the joker kind: mjpy sees its copies as such, the reference as "any" jokers
        if rng.random() < 0.7 and c[31] < 4:
            c[rng.choice(np.flatnonzero(c))] -= 1
            c[31] += 1
        ref_sc = dict(sc)
        if c[31]:
            ref_sc["any"] = ref_sc.get("any", 0) + int(c[31])
        if sum(ref_sc.values()) > 8 or ref_sc.get("any", 0) > 3:
            continue
        n += 1
        rc = c.copy()
        rc[31] = 0
        want = ref_scoped_is_win(rc, ref_sc, **ref_kw(kw))
        got = mjpy.is_win(c, jokers_by_scope=sc, joker_tiles=["5z"], **kw)
        if got != want:
            bad.append(f"{show(c, sc, kw)} joker_tiles=5z: mjpy {got}, reference {want}")
    assert n >= 50
    # waits: drawing a joker kind adds an "any" joker
    c = parse("1234567m123p55s")
    w = mjpy.waits_mask(c, jokers_by_scope={"dragon": 1}, joker_tiles=["1z"])
    ref_d, _ = ref_scoped_waits(c, {"dragon": 1})
    with_joker = ref_scoped_is_win(c, {"dragon": 1, "any": 1})
    assert {t for t in range(34) if (w >> t) & 1} == ref_d - {27} | ({27} if with_joker else set())
    assert not bad, "\n".join(bad[:10])


def test_useful_tiles_lower_shanten():
    rng = rng_for("scoped", "useful")
    for _ in range(40):
        c, sc, kw = case(rng, 3, waiting=True, narrow_any=False)
        base = mjpy.shanten(c, jokers_by_scope=sc, **kw)
        want = set()
        for t in range(34):
            if c[t] < 4:
                d = c.copy()
                d[t] += 1
                if mjpy.shanten(d, jokers_by_scope=sc, **kw) < base:
                    want.add(t)
        got = {u.tile for u in mjpy.useful_tiles(c, jokers_by_scope=sc, **kw)}
        assert got == want, show(c, sc, kw)


# ---------------------------------------------------------------------------------------------
# "any" scopes are today's jokers; batch == scalar

def test_any_scope_is_plain_jokers():
    rng = rng_for("scoped", "any")
    for i in range(600):
        c, _, kw = case(rng, 0, waiting=bool(i % 2))
        k = int(rng.integers(1, 5))
        # take k real tiles out: they become k "any" jokers
        for _ in range(k):
            c[rng.choice(np.flatnonzero(c))] -= 1
        if i % 2 == 0:
            assert (mjpy.is_win(c, jokers_by_scope={"any": k}, **kw)
                    == mjpy.is_win(c, jokers=k, **kw)), show(c, k, kw)
        else:
            assert (mjpy.waits_mask(c, jokers_by_scope={"any": k}, include_exhausted=True, **kw)
                    == mjpy.waits_mask(c, jokers=k, include_exhausted=True, **kw)), show(c, k, kw)
        assert (mjpy.shanten(c, jokers_by_scope={"any": k}, **kw)
                == mjpy.shanten(c, jokers=k, **kw)), show(c, k, kw)
        # split between jokers= and the scope mapping: the same
        assert (mjpy.shanten(c, jokers=1, jokers_by_scope={"any": k - 1}, **kw)
                == mjpy.shanten(c, jokers=k, **kw))


def _batch_cases(seed, n, waiting, hand_size):
    rng = rng_for("scoped", "batch", seed)
    rows, scopes, fifth = [], [], bool(seed % 2)
    while len(rows) < n:
        k = int(rng.integers(0, 5))
        c, sc = scoped_hand(rng, k, waiting, hand_size, 0, narrow_any=False)
        rows.append(c)
        scopes.append(sc)
    hands = np.array(rows, dtype=np.uint8)
    per = {s: np.array([sc.get(s, 0) for sc in scopes], dtype=np.int64) for s in SCOPES}
    return hands, scopes, per, fifth


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_batch_equals_scalar(seed):
    hand_size = 16 if seed == 3 else 13
    forms = ALL_FORMS if seed == 2 else ("standard", "seven_pairs", "thirteen_orphans")
    kw = dict(hand_size=hand_size, forms=forms)
    h14, sc14, per14, fifth = _batch_cases(seed, 300, False, hand_size)
    got = mjpy.batch.is_win(h14, jokers_by_scope=per14, allow_fifth_copy=fifth, workers=2, **kw)
    want = [mjpy.is_win(r, jokers_by_scope=s, allow_fifth_copy=fifth, **kw) for r, s in zip(h14, sc14)]
    assert got.tolist() == want
    got = mjpy.batch.shanten(h14, jokers_by_scope=per14, allow_fifth_copy=fifth, workers=1, **kw)
    want = [mjpy.shanten(r, jokers_by_scope=s, allow_fifth_copy=fifth, **kw) for r, s in zip(h14, sc14)]
    assert got.tolist() == want
    h13, sc13, per13, _ = _batch_cases(seed + 10, 150, True, hand_size)
    for exh in (False, True):
        got = mjpy.batch.waits(h13, jokers_by_scope=per13, allow_fifth_copy=fifth,
                               include_exhausted=exh, workers=2, **kw)
        want = [mjpy.waits_mask(r, jokers_by_scope=s, allow_fifth_copy=fifth, include_exhausted=exh,
                                **kw) for r, s in zip(h13, sc13)]
        assert got.tolist() == want
    got = mjpy.batch.useful_tiles(h13[:60], jokers_by_scope={s: v[:60] for s, v in per13.items()},
                                  allow_fifth_copy=fifth, workers=1, **kw)
    for r, s, g in zip(h13[:60], sc13[:60], got):
        want = sum(1 << u.tile for u in mjpy.useful_tiles(r, jokers_by_scope=s,
                                                            allow_fifth_copy=fifth, **kw))
        assert int(g) == want
    # scalar counts broadcast to every row; joker_tiles mix in as "any" jokers
    rows = np.array([parse("123m456p789s1122z"), parse("123m456p789s5512z")], np.uint8)
    assert mjpy.batch.is_win(rows, jokers_by_scope={"honor": 1}).tolist() == [True, False]
    assert mjpy.batch.is_win(rows, jokers_by_scope={"honor": 1}, joker_tiles=["5z"]).tolist() == [True, True]


def _standard_rows(seed, n, pung=False):
    """{(hand size, melds): (hands, per-row scope counts)}: seeded complete-or-near shapes with 0-6 jokers of
    every scope but "pung" (no "any" limit), both play sizes, 0-2 melds; only rows of the right size.
    ``pung``: one to three of the real tiles become "pung" jokers besides (within 8 jokers in all)."""
    rng = rng_for("scoped", "standard-rows", seed, pung)
    by = {}
    for _ in range(n):
        hs = 16 if rng.random() < 0.2 else 13
        melds = int(rng.integers(0, 3)) if rng.random() < 0.3 else 0
        c, sc = scoped_hand(rng, int(rng.integers(0, 7 if not pung else 5)), False, hs, melds, narrow_any=False)
        n_pung = sc.pop("pung", 0)
        if pung:
            n_pung = int(rng.integers(1, 4))
            for t in rng.choice(np.repeat(np.arange(34), c), min(n_pung, int(c.sum())), replace=False):
                c[t] -= 1
            sc["pung"] = n_pung
        if sum(sc.values()) + int(c.sum()) == (14 if hs == 13 else 17) - 3 * melds and c.max() <= 4 and (
                sum(sc.values()) <= 8):
            by.setdefault((hs, melds), []).append((c, sc))
    out = {}
    for key, rows in by.items():
        h = np.array([r[0] for r in rows], np.uint8)
        out[key] = h, {s: np.array([r[1].get(s, 0) for r in rows], np.int8) for s in SCOPES}
    return out


def _win_is_distance_zero(rows):
    """(rows, wins) of the {(hand size, melds): (hands, scopes)} ``rows`` checked both ways, with and without
    fifth copies: the standard form's win check exactly where its shanten is -1."""
    n = wins = 0
    for (hs, melds), (h, per) in rows.items():
        for fifth in (True, False):
            kw = dict(jokers_by_scope=per, forms=("standard",), melds=melds, hand_size=hs, allow_fifth_copy=fifth)
            win = mjpy.batch.is_win(h, workers=2, **kw)
            dist = mjpy.batch.shanten(h, workers=2, **kw)
            bad = np.nonzero(win != (dist == -1))[0]
            assert not len(bad), [(h[i].tolist(), {s: int(v[i]) for s, v in per.items() if v[i]}, fifth, hs, melds)
                                  for i in bad[:5]]
            n += len(h)
            wins += int(win.sum())
    return n, wins


def test_win_check_is_distance_zero():
    """The standard form's win check (per-group nibble masks multiplied) says what the distance (the per-group
    budget rows combined by min-plus, another path of the kernel) says, on 25,500 seeded rows, with and without
    fifth copies (51,000 checks)."""
    n, wins = _win_is_distance_zero(_standard_rows(0, 48_000))
    assert n > 40_000 and 0.3 < wins / n < 0.7        # (both answers well represented)


def test_pung_win_check_is_distance_zero():
    """With "pung" jokers: the win check by pung capacities (copies beyond the fourth allowed; without them the
    exact per-group program) says what the distance says (the per-group program with a pung joker dimension),
    on 15,500 seeded rows holding one to three pung jokers beside 0-4 others (31,000 checks)."""
    n, wins = _win_is_distance_zero(_standard_rows(1, 24_000, pung=True))
    assert n > 25_000 and 0.1 < wins / n < 0.9


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3, 4, 5])
def test_win_checks_are_distance_zero_sweep(seed):
    """The two checks above on more seeded rows (about 60,000 a seed, with and without pung jokers)."""
    n, _ = _win_is_distance_zero(_standard_rows(seed, 96_000))
    m, _ = _win_is_distance_zero(_standard_rows(seed, 48_000, pung=True))
    assert n > 80_000 and m > 50_000


def test_pung_capacities_match_the_group_program():
    """The pung masks (tables.npz's pung classes of the suits, winds and dragons) against the exact per-group
    program: nibble t of capacity layer q is set exactly where the group's tiles and t jokers, q of them in
    pungs, split into sets + p pairs (copies beyond the fourth allowed); of slack layer k, where t - k of them
    can."""
    rng = rng_for("scoped", "pung-capacities")
    groups = [(0, 9, True)] * 300 + [(3, 4, False)] * 150 + [(4, 3, False)] * 100
    for g, n, seq in groups:
        while True:
            c = rng.integers(0, 5, n) * (rng.random(n) < 0.6)
            if c.sum() <= 14:
                break
        key = int(sum(int(x) * 5**i for i, x in enumerate(c)))
        capacity, slack = scoped._pung_masks(g, key)
        rows = scoped._group_rows(c.tolist(), seq, True, 5, 8, 8)          # [p, m, q, e]
        for p in range(2):
            for t in range(9):
                size = int(c.sum()) + t - 2 * p
                fits = [size >= 0 and size % 3 == 0 and size // 3 <= 5 and rows[p, size // 3, q, t - q] <= t - q
                        for q in range(t + 1)]
                for q in range(9):
                    assert bool((capacity[p][q] >> (4 * t)) & 1) == (q <= t and fits[q]), (g, c.tolist(), p, q, t)
                    # slack layer q: at most q of the t jokers outside pungs
                    assert bool((slack[p][q] >> (4 * t)) & 1) == fits[max(t - q, 0)], (g, c.tolist(), p, q, t)


# ---------------------------------------------------------------------------------------------
# the kernel's pieces

def test_group_program_matches_tables():
    """With no pung joker the per-group program gives the suit budget rows of tables.npz, and
    the wind / dragon rows built at import."""
    arrays = _tables.arrays()
    rng = rng_for("scoped", "program")
    for _ in range(300):
        c = rng.integers(0, 5, 9) * (rng.random(9) < 0.4)
        key = int(sum(int(c[i]) * 5 ** i for i in range(9)))
        row = arrays["suit_bstates"][arrays["suit_bstate"][key]].reshape(2, 6, 9)
        got = scoped._group_rows([int(x) for x in c], True, True, 5, 0, 8)[:, :, 0, :]
        assert np.array_equal(np.minimum(row, 99), got), c
    winds = scoped._honor_rows(4)
    for key in (0, 1, 7, 124, 312, 624):
        c = [(key // 5 ** i) % 5 for i in range(4)]
        assert np.array_equal(winds[key], scoped._group_rows(c, False, True, 5, 0, 8)[:, :, 0, :])
    # 111m + one pung joker: one pung (no tile missing); 12m + a pung joker: no help
    r = scoped._group_rows([3, 0, 0, 0, 0, 0, 0, 0, 0], True, True, 2, 1, 0)
    assert r[0, 1, 0, 0] == 0
    r = scoped._group_rows([1, 1, 0, 0, 0, 0, 0, 0, 0], True, True, 1, 1, 0)
    assert r[0, 1, 1, 0] == 1 and r[0, 1, 0, 0] == 1


# ---------------------------------------------------------------------------------------------
# hand-worked examples

def test_examples():
    # a 萬 joker completes 12m -> 123m, a 筒 joker cannot
    assert mjpy.is_win("12m456m234p55s555z", jokers_by_scope={"suit_m": 1})
    assert not mjpy.is_win("12m456m234p55s555z", jokers_by_scope={"suit_p": 1})
    assert mjpy.is_win("12m456m234p55s555z", jokers_by_scope={"number": 1})
    # a dragon joker makes the 中 pung, a wind joker does not
    assert mjpy.is_win("123m456m234p55s55z", jokers_by_scope={"dragon": 1})
    assert not mjpy.is_win("123m456m234p55s55z", jokers_by_scope={"wind": 1})
    assert mjpy.is_win("123m456m234p55s55z", jokers_by_scope={"honor": 1})
    # pung jokers: in a pung yes, never in the pair or a chow
    assert mjpy.is_win("123m456m234p55s55z", jokers_by_scope={"pung": 1})
    assert not mjpy.is_win("123m456m234p555s5z", jokers_by_scope={"pung": 1})
    assert not mjpy.is_win("12m456m234p55s555z", jokers_by_scope={"pung": 1})
    assert mjpy.is_win("123m456m234p55s", jokers_by_scope={"pung": 3})       # a pung of jokers
    assert not mjpy.is_win("19m19p19s1234567z", jokers_by_scope={"pung": 1})  # 13 orphans: no
    assert mjpy.is_win("19m19p19s1234567z", jokers_by_scope={"honor": 1})
    assert mjpy.is_win("9m19p19s12345677z", jokers_by_scope={"suit_m": 1})
    assert not mjpy.is_win("9m19p19s12345677z", jokers_by_scope={"suit_p": 1})
    assert mjpy.is_win("1199m1199p1199s1z", jokers_by_scope={"wind": 1})      # seven pairs
    assert not mjpy.is_win("1199m1199p1199s1z", jokers_by_scope={"dragon": 1})
    # shanten: a dragon joker cannot be the 8m
    assert mjpy.shanten("1234567m123p55s", jokers_by_scope={"dragon": 1}) == 1
    assert mjpy.shanten("1234567m123p55s", jokers_by_scope={"suit_m": 1}) == 0
    assert [w.name for w in mjpy.waits("1234567m123p55s", jokers_by_scope={"suit_m": 1})] == [
        "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "5s"]
    # a pung joker: 7m (77m + joker), 1m / 4m (a new pair, 55s + joker): not 5s (5555s + joker)
    assert [w.name for w in mjpy.waits("1234567m123p55s", jokers_by_scope={"pung": 1})] == [
        "1m", "4m", "7m"]
    assert ref_scoped_waits(parse("1234567m123p55s"), {"pung": 1}) == ({0, 3, 6}, set())
    # without fifth copies a 萬 joker cannot be a fifth 1m
    assert mjpy.is_win("1111m", melds=3, jokers_by_scope={"suit_m": 1})
    assert not mjpy.is_win("1111m", melds=3, jokers_by_scope={"suit_m": 1}, allow_fifth_copy=False)
    assert not mjpy.is_win("1111m", melds=3, jokers_by_scope={"suit_p": 1})


# ---------------------------------------------------------------------------------------------
# bad input

@pytest.mark.parametrize("scopes, exc, words", [
    ({"joker": 1}, ValueError, "unknown scope 'joker'"),
    ({"suit_m": -1}, ValueError, "jokers_by_scope['suit_m'] is -1"),
    ({"wind": 1.0}, TypeError, "must be an int"),
    ({"wind": True}, TypeError, "must be an int"),
    ({"any": 5, "pung": 4}, ValueError, "at most 8"),
    ([("wind", 1)], TypeError, "mapping"),
    ({3: 1}, ValueError, "unknown scope 3"),
])
def test_bad_scopes(scopes, exc, words):
    with pytest.raises(exc) as info:
        mjpy.shanten("123m456p789s1z", jokers_by_scope=scopes)
    assert words in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(exc) as info:
        mjpy.batch.shanten(np.zeros((2, 34), np.uint8), jokers_by_scope=scopes)
    assert words.split("[")[0].split(" is")[0] in str(info.value)


def test_bad_sizes_and_totals():
    with pytest.raises(ValueError, match="11 tiles and 1 jokers"):
        mjpy.waits("1234567m123p5s", jokers_by_scope={"pung": 1})
    with pytest.raises(ValueError, match="expected 14"):
        mjpy.is_win("123m456p789s11z", jokers_by_scope={"wind": 2})
    with pytest.raises(ValueError, match="at most 8 with scoped jokers"):
        mjpy.shanten("1m", jokers=6, jokers_by_scope={"wind": 3}, melds=3)
    # "any" alone is today's jokers: no limit of 8
    assert mjpy.shanten("1m", jokers=9, jokers_by_scope={"any": 0}, melds=1) == mjpy.shanten(
        "1m", jokers=9, melds=1) == 0
    rows = np.zeros((3, 34), np.uint8)
    rows[:, 0] = 1
    with pytest.raises(ValueError, match=r"hands\[0\] has more than 8 jokers"):
        mjpy.batch.shanten(rows, jokers=6, jokers_by_scope={"wind": 3}, melds=3)
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        mjpy.batch.shanten(rows, jokers_by_scope={"wind": np.ones(2, int)}, melds=3)
    with pytest.raises(ValueError, match=r"hands\[1\] has more than 8 jokers in all"):
        mjpy.batch.shanten(rows, jokers_by_scope={"wind": np.array([3, 5, 3]),
                                                  "any": np.array([0, 4, 0])}, melds=3)
    with pytest.raises(ValueError, match=r"hands\[2\] has 1 tiles and 3 jokers"):
        mjpy.batch.is_win(rows, jokers_by_scope={"wind": np.array([4, 4, 3])}, melds=3)


def test_docstring_examples():
    """The analysis docstrings' examples (the scoped ones included) run as written."""
    import doctest

    from mjcore import analysis
    res = doctest.testmod(analysis, optionflags=doctest.ELLIPSIS)
    assert res.attempted > 0 and res.failed == 0
