"""Slow, independent brute-force reference for *scoped* jokers.

Nothing here imports ``src/``.  From ``tests/reference.py`` and
``tests/reference_jokers.py`` only plain helpers are reused (notation, form
bookkeeping, plain completeness / cost of the special forms, unbounded block
target lists).

Scopes
------
``scopes`` is a dict ``scope -> count`` (at most 8 jokers in all).  A joker of
scope ``s`` stands for one kind of ``DOMAINS[s]``:

* ``any``: the 34 kinds; ``suit_m`` / ``suit_p`` / ``suit_s``: 0-8 / 9-17 /
  18-26; ``number``: 0-26; ``honor``: 27-33; ``wind``: 27-30; ``dragon``:
  31-33;
* ``pung``: any kind, but only as a member of a pung (three of one kind) of the
  standard form; never in a sequence, never in the pair, never in seven pairs,
  thirteen orphans or the knitted forms (组合龙's set included).

Model (tests/reference_jokers.py's joker model, each joker's value restricted)
-----------------------------------------------------------------------------
Every combination of values (a multiset per scope, substituted into the real
counts ``H``) is tried and the plain question is asked of ``G = H + J``:

* **win** (3M+2 tiles): some ``J`` makes ``G`` complete (counts above 4 allowed
  with ``allow_fifth_copy``; without it no substituted kind may go beyond
  ``max(4, H_q)``, as in reference_jokers).  When pung jokers are present only
  the standard form counts, and ``G`` needs a decomposition with at least
  ``ceil(Jp_v / 3)`` pungs of every kind ``v`` the pung jokers stand for
  (``Jp_v`` of them), so they can all sit in pungs.
* **shanten**: every joker takes a value of its scope or stays unused (a useless
  tile).  For a target ``T`` (complete shape of an allowed form) the hand needs
  ``sum_i max(0, T_i - G_i)`` real draws; ``T`` is allowed when its real part
  fits: ``T_i <= 4 + J_i`` (``T_i <= 4`` without fifth copies).  A used pung
  joker of value ``v`` forces ``ceil(Jp_v / 3)`` pungs of ``v`` into a standard
  target (it plays no part in other forms).  shanten = min over values and
  targets of the draws, minus one.  The standard form (and 组合龙's sets) is
  minimised per block (three suits, honors) over unbounded block target lists
  with the forced part added: blocks are disjoint, so this is the whole-hand
  minimum.
* **waits** of a 3M+1 hand: real tile ``t`` with ``H + t`` a win; drawable when
  ``H_t < 4``; exhausted (structural fifth real copy) when ``H_t == 4`` and
  (``allow_fifth_copy`` or no joker at all), the rule of reference_jokers.
* **readings** of a win: ``(form, groups, joker_values)``; ``form`` uses the
  names of ``mjpy.assign`` (standard, seven_pairs, thirteen_orphans,
  honors_and_knitted, knitted_straight); ``groups`` is a sorted tuple of
  ``(kind, tiles)`` with kind pung / seq / pair / knitted (the nine tiles of
  组合龙) / thirteen_orphans / honors_and_knitted (the 14 tiles); joker_values
  the sorted kinds the jokers stand for.  Every concrete reading is listed (no
  free groups).  Joker positions are not part of a reading here.

Cost grows with the number of value combinations (a product of multisets per
scope): fine for up to 3-4 jokers, hopeless for 8 "any" jokers.
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from reference import (FORMS_ALL, FORMS_DEFAULT, KNITTED_STRAIGHTS, N_KINDS,
                       _forms_applicable, _honors_knitted_complete, _orphans_complete,
                       _seven_pairs_complete, normalize_forms, parse, standard_decompositions)
from reference_jokers import (_sub_honors_knitted, _sub_orphans, _sub_seven_pairs,
                              block_targets_unbounded)

__all__ = ["DOMAINS", "SCOPES", "ref_scoped_is_win", "ref_scoped_shanten", "ref_scoped_waits",
           "ref_scoped_readings", "FORMS_ALL", "FORMS_DEFAULT", "parse"]

DOMAINS = {
    "any": tuple(range(34)),
    "suit_m": tuple(range(0, 9)),
    "suit_p": tuple(range(9, 18)),
    "suit_s": tuple(range(18, 27)),
    "number": tuple(range(27)),
    "honor": tuple(range(27, 34)),
    "wind": tuple(range(27, 31)),
    "dragon": tuple(range(31, 34)),
    "pung": tuple(range(34)),
}
SCOPES = tuple(DOMAINS)
MAX_JOKERS = 8
BIG = 10 ** 6


# --------------------------------------------------------------------------
# Argument handling
# --------------------------------------------------------------------------
def _hand(hand, limit=4) -> list:
    c = parse(hand) if isinstance(hand, str) else np.asarray(hand, dtype=np.int64).reshape(-1)
    c = [int(x) for x in c]
    if len(c) != N_KINDS:
        raise ValueError("hand must have 34 counts")
    if min(c) < 0:
        raise ValueError("negative count")
    if max(c) > limit:
        raise ValueError(f"count above {limit}")
    return c


def _scopes(scopes) -> dict:
    if not isinstance(scopes, dict):
        raise TypeError("scopes must be a dict scope -> count")
    out = {}
    for s, n in scopes.items():
        if s not in DOMAINS:
            raise ValueError(f"unknown scope {s!r}")
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise TypeError(f"count of scope {s!r} must be an int")
        if n < 0:
            raise ValueError(f"negative count for scope {s!r}")
        if n:
            out[s] = int(n)
    if sum(out.values()) > MAX_JOKERS:
        raise ValueError(f"more than {MAX_JOKERS} jokers")
    return out


def _size(c, k, melds, hand_size):
    """``(M, parity)``: sets to supply, 1 for a 3M+1 hand, 2 for 3M+2."""
    if hand_size not in (13, 16):
        raise ValueError("hand_size must be 13 or 16")
    if melds < 0:
        raise ValueError("negative melds")
    total = sum(c) + k + 3 * melds
    if total not in (hand_size, hand_size + 1):
        raise ValueError(f"{sum(c)} tiles + {k} jokers + {melds} melds is not a {hand_size}-tile hand")
    M = (4 if hand_size == 13 else 5) - melds
    if M < 0:
        raise ValueError("too many melds")
    return M, total - hand_size + 1


def value_choices(scopes: dict, unused: bool) -> set:
    """Every distinct ``(Jn, Jp)``: sorted values of the non-pung jokers and of the pung jokers.

    Each scope contributes a multiset of its domain; with ``unused`` a joker may also take
    ``None`` (it stays unused and is left out of Jn / Jp).
    """
    per = []
    for s in sorted(scopes):
        dom = DOMAINS[s] + ((None,) if unused else ())
        per.append((s, list(itertools.combinations_with_replacement(dom, scopes[s]))))
    out = set()
    for combo in itertools.product(*(p[1] for p in per)):
        jn, jp = [], []
        for (s, _), vals in zip(per, combo):
            (jp if s == "pung" else jn).extend(v for v in vals if v is not None)
        out.add((tuple(sorted(jn)), tuple(sorted(jp))))
    return out


def _exhausted_allowed(k, fifth):
    return fifth or k == 0


# --------------------------------------------------------------------------
# Wins: substitution + plain decomposition, standard form per block
# --------------------------------------------------------------------------
def _block_decomps(block: tuple, seq: bool, m: int, p: int):
    """Every decomposition of one block into m sets + p pairs, as a pung-count tuple per position."""
    out = set()
    c = list(block)
    npos = len(c)
    pungs = [0] * npos

    def rec(sets_left, pairs_left):
        i = 0
        while i < npos and c[i] == 0:
            i += 1
        if i == npos:
            if sets_left == 0 and pairs_left == 0:
                out.add(tuple(pungs))
            return
        if pairs_left and c[i] >= 2:
            c[i] -= 2
            rec(sets_left, pairs_left - 1)
            c[i] += 2
        if sets_left and c[i] >= 3:
            c[i] -= 3
            pungs[i] += 1
            rec(sets_left - 1, pairs_left)
            pungs[i] -= 1
            c[i] += 3
        if sets_left and seq and i + 2 < npos and c[i + 1] and c[i + 2]:
            for j in range(3):
                c[i + j] -= 1
            rec(sets_left - 1, pairs_left)
            for j in range(3):
                c[i + j] += 1

    rec(m, p)
    return out


@lru_cache(maxsize=500_000)
def _block_win(block: tuple, jp: tuple, seq: bool) -> bool:
    """Block complete as sets (+ one pair when its size is 2 mod 3), the pung jokers of this block
    (jp: count per position) all inside pungs."""
    n = sum(block)
    if n % 3 == 1:
        return False
    p = 1 if n % 3 == 2 else 0
    m = (n - 2 * p) // 3
    for pungs in _block_decomps(block, seq, m, p):
        if all(3 * pg >= j for pg, j in zip(pungs, jp)):
            return True
    return False


_BLOCKS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def _std_win(G, jp_counts, M) -> bool:
    if sum(G) != 3 * M + 2:
        return False
    pairs = 0
    for a, b, seq in _BLOCKS:
        blk = tuple(G[a:b])
        if sum(blk) % 3 == 2:
            pairs += 1
        if not _block_win(blk, tuple(jp_counts[a:b]), seq):
            return False
    return pairs == 1


def _knitted_straight_win(G, melds) -> bool:
    if sum(G) != 9 + 3 * (1 - melds) + 2:
        return False
    for ks in KNITTED_STRAIGHTS:
        if all(G[t] >= 1 for t in ks):
            rest = list(G)
            for t in ks:
                rest[t] -= 1
            if standard_decompositions(rest, 1 - melds):
                return True
    return False


def _substitute(c, jn, jp, fifth):
    """G = c + Jn + Jp and the pung-joker counts, or None when the fifth-copy rule forbids it."""
    G = list(c)
    jpc = [0] * N_KINDS
    for v in jn:
        G[v] += 1
    for v in jp:
        G[v] += 1
        jpc[v] += 1
    if not fifth and any(G[q] > max(4, c[q]) for q in set(jn) | set(jp)):
        return None, None
    return G, jpc


def _win_counts(c, scopes, melds, forms, quads, fifth, hand_size) -> bool:
    k = sum(scopes.values())
    app = _forms_applicable(normalize_forms(forms), melds, hand_size)
    M = (4 if hand_size == 13 else 5) - melds
    if sum(c) + k != 3 * M + 2:
        return False
    for jn, jp in value_choices(scopes, unused=False):
        G, jpc = _substitute(c, jn, jp, fifth)
        if G is None:
            continue
        if app["standard"] and _std_win(G, jpc, M):
            return True
        if jp:
            continue           # pung jokers only ever sit in standard-form pungs
        if app["seven_pairs"] and _seven_pairs_complete(G, quads):
            return True
        if app["thirteen_orphans"] and _orphans_complete(G):
            return True
        if app["honors_knitted"] and _honors_knitted_complete(G):
            return True
        if app["knitted_straight"] and _knitted_straight_win(G, melds):
            return True
    return False


def ref_scoped_is_win(counts34, scopes, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                      hand_size=13, allow_fifth_copy=True) -> bool:
    """Is the 3M+2 hand (real counts + scoped jokers) complete?  3M+1 hands are never wins."""
    c = _hand(counts34)
    sc = _scopes(scopes)
    M, parity = _size(c, sum(sc.values()), melds, hand_size)
    if parity != 2:
        return False
    return _win_counts(c, sc, melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size)


def ref_scoped_waits(counts34_13, scopes, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                     hand_size=13, allow_fifth_copy=True):
    """``(drawable, exhausted)`` sets of tile indices of a 3M+1 hand with scoped jokers."""
    c = _hand(counts34_13)
    sc = _scopes(scopes)
    k = sum(sc.values())
    M, parity = _size(c, k, melds, hand_size)
    if parity != 1:
        raise ValueError("waits need a 3M+1 hand")
    drawable, exhausted = set(), set()
    for t in range(N_KINDS):
        if c[t] >= 4 and not _exhausted_allowed(k, allow_fifth_copy):
            continue
        d = list(c)
        d[t] += 1
        if _win_counts(d, sc, melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size):
            (drawable if c[t] < 4 else exhausted).add(t)
    return drawable, exhausted


# --------------------------------------------------------------------------
# Shanten: substitution (values or unused) + per-block target minimum
# --------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _rows(npos: int, seq: bool, mmax: int, kcap: int):
    """Unbounded block targets (m <= mmax sets, p <= 1 pair) whose counts fit ``4 + kcap`` and whose
    copies above 4 total at most kcap (no more can be jokers), grouped by g = 2m + p.

    Returns (T int16 (R, npos), group index of each run, run starts)."""
    rows, gs = [], []
    for m in range(mmax + 1):
        for p in (0, 1):
            for r in block_targets_unbounded(npos, seq, m, p):
                r = [int(x) for x in r]
                if max(r, default=0) <= 4 + kcap and sum(max(0, x - 4) for x in r) <= kcap:
                    rows.append(r)
                    gs.append(2 * m + p)
    T = np.array(rows, dtype=np.int16).reshape(-1, npos)
    g = np.array(gs)
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
    return T, g[starts], starts


_PART: dict = {}


def _part(npos, seq, mmax, kcap, a, b, need, room):
    """Cost and fit of columns a..b-1 of every row: (sum max(0, T - need), all(T <= room))."""
    key = (npos, seq, mmax, kcap, a, need, room)
    got = _PART.get(key)
    if got is None:
        T = _rows(npos, seq, mmax, kcap)[0][:, a:b]
        got = (np.maximum(T - np.array(need, np.int16), 0).sum(axis=1, dtype=np.int32),
               (T <= np.array(room, np.int16)).all(axis=1))
        _PART[key] = got
    return got


@lru_cache(maxsize=400_000)
def _block_cost(G: tuple, F: tuple, cap: tuple, seq: bool, mmax: int, kcap: int) -> np.ndarray:
    """``tab[m, p]``: min over block targets T' (m sets, p pairs) of sum max(0, F + T' - G),
    with F + T' <= cap (BIG when no target fits).

    Computed as sum max(0, T' - (G - F)) with T' <= cap - F, three columns at a time (cached)."""
    npos = len(G)
    T, kg, starts = _rows(npos, seq, mmax, kcap)
    need = tuple(g - f for g, f in zip(G, F))
    room = tuple(c - f for c, f in zip(cap, F))
    cuts = (0, 3, 6, 9) if npos == 9 else (0, npos)
    cost, ok = None, None
    for a, b in zip(cuts, cuts[1:]):
        pc, pk = _part(npos, seq, mmax, kcap, a, b, need[a:b], room[a:b])
        cost = pc if cost is None else cost + pc
        ok = pk if ok is None else ok & pk
    cost = np.where(ok, cost, BIG)
    tab = np.full(2 * (mmax + 1), BIG, np.int64)
    tab[kg] = np.minimum.reduceat(cost, starts)
    return tab.reshape(mmax + 1, 2)


@lru_cache(maxsize=None)
def _splits(M: int):
    """Index arrays (ms (S, 4), ps (S, 4)) of every way to give the 4 blocks M sets and one pair."""
    ms_l, ps_l = [], []
    for ms in itertools.product(range(M + 1), repeat=4):
        if sum(ms) == M:
            for pb in range(4):
                ms_l.append(ms)
                ps_l.append(tuple(int(b == pb) for b in range(4)))
    return np.array(ms_l), np.array(ps_l)


def _forced_std_cost(G, F, cap, msets, mmax, kcap) -> int:
    """Min draws to a target F + T' where T' holds msets sets and one pair (per block, then split)."""
    if msets < 0:
        return BIG
    tabs = [_block_cost(tuple(G[a:b]), tuple(F[a:b]), tuple(cap[a:b]), seq, mmax, kcap)
            for a, b, seq in _BLOCKS]
    ms, ps = _splits(msets)
    total = sum(tabs[b][ms[:, b], ps[:, b]] for b in range(4))
    return int(total.min())


def ref_scoped_form_costs(counts34, scopes, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                          hand_size=13, allow_fifth_copy=True) -> dict:
    """Min draws per applicable form (names as tests/reference.py's ``ref_form_costs``)."""
    c = _hand(counts34)
    sc = _scopes(scopes)
    k = sum(sc.values())
    M, _ = _size(c, k, melds, hand_size)
    app = _forms_applicable(normalize_forms(forms), melds, hand_size)
    fifth = allow_fifth_copy
    kcap = k if fifth else 0
    best = {f: BIG for f, on in app.items() if on}
    jns = set()
    for jn, jp in value_choices(sc, unused=True):
        jns.add(jn)
        if app["standard"]:
            G = list(c)
            cap = [4] * N_KINDS
            for v in jn + jp:
                G[v] += 1
                if fifth:
                    cap[v] += 1
            F = [0] * N_KINDS
            R = 0
            for v in set(jp):
                r = -(-jp.count(v) // 3)
                F[v] += 3 * r
                R += r
            best["standard"] = min(best["standard"], _forced_std_cost(G, F, cap, M - R, M, kcap))
    # the other forms ignore the pung jokers: once per Jn, all Jn at once (rows of a matrix)
    jns = sorted(jns)
    Gn = np.tile(np.asarray(c, np.int64), (len(jns), 1))
    for row, jn in enumerate(jns):
        for v in jn:
            Gn[row, v] += 1
    if app["seven_pairs"]:
        best["seven_pairs"] = int(_sub_seven_pairs(Gn, quads_as_two_pairs).min())
    if app["thirteen_orphans"]:
        best["thirteen_orphans"] = int(_sub_orphans(Gn).min())
    if app["honors_knitted"]:
        best["honors_knitted"] = int(_sub_honors_knitted(Gn).min())
    if app["knitted_straight"]:
        for row in Gn:
            G = [int(x) for x in row]
            cap = [4 + (G[v] - c[v] if fifth else 0) for v in range(N_KINDS)]
            for ks in KNITTED_STRAIGHTS:
                F = [1 if t in ks else 0 for t in range(N_KINDS)]
                best["knitted_straight"] = min(best["knitted_straight"],
                                               _forced_std_cost(G, F, cap, 1 - melds, 1, kcap))
    return best


def ref_scoped_shanten(counts34, scopes, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                       hand_size=13, allow_fifth_copy=True):
    """Fewest real draws to a win, minus one (None when no allowed form applies)."""
    costs = ref_scoped_form_costs(counts34, scopes, melds, forms, quads_as_two_pairs, hand_size,
                                  allow_fifth_copy)
    if not costs:
        return None
    return min(costs.values()) - 1


# --------------------------------------------------------------------------
# Readings
# --------------------------------------------------------------------------
def _std_groups(sets, pair):
    out = [("pair", (pair, pair))]
    for kind, t in sets:
        out.append(("pung", (t, t, t)) if kind == "pung" else ("seq", (t, t + 1, t + 2)))
    return out


def _plain_readings(G, melds, app, quads, M):
    """(form, sorted groups, pung counts per kind or None) of every reading of the plain hand G."""
    out = []
    if app["standard"]:
        for sets, pair in standard_decompositions(G, M):
            out.append(("standard", tuple(sorted(_std_groups(sets, pair)))))
    if app["seven_pairs"] and _seven_pairs_complete(G, quads):
        out.append(("seven_pairs", tuple(("pair", (v, v)) for v in range(N_KINDS)
                                         for _ in range(G[v] // 2))))
    tiles = tuple(v for v in range(N_KINDS) for _ in range(G[v]))
    if app["thirteen_orphans"] and _orphans_complete(G):
        out.append(("thirteen_orphans", (("thirteen_orphans", tiles),)))
    if app["honors_knitted"] and _honors_knitted_complete(G):
        out.append(("honors_and_knitted", (("honors_and_knitted", tiles),)))
    if app["knitted_straight"] and sum(G) == 9 + 3 * (1 - melds) + 2:
        for ks in KNITTED_STRAIGHTS:
            if all(G[t] >= 1 for t in ks):
                rest = list(G)
                for t in ks:
                    rest[t] -= 1
                for sets, pair in standard_decompositions(rest, 1 - melds):
                    out.append(("knitted_straight",
                                tuple(sorted([("knitted", ks)] + _std_groups(sets, pair)))))
    return out


def ref_scoped_readings(counts34, scopes, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                        hand_size=13, allow_fifth_copy=True) -> set:
    """Every concrete ``(form, groups, joker_values)`` of a 3M+2 hand (empty set: not a win)."""
    c = _hand(counts34)
    sc = _scopes(scopes)
    k = sum(sc.values())
    M, parity = _size(c, k, melds, hand_size)
    if parity != 2:
        return set()
    app = _forms_applicable(normalize_forms(forms), melds, hand_size)
    out = set()
    for jn, jp in value_choices(sc, unused=False):
        G, jpc = _substitute(c, jn, jp, allow_fifth_copy)
        if G is None:
            continue
        vals = tuple(sorted(jn + jp))
        for form, groups in _plain_readings(G, melds, app, quads_as_two_pairs, M):
            if jp:
                if form != "standard":
                    continue
                pungs = [0] * N_KINDS
                for kind, tiles in groups:
                    if kind == "pung":
                        pungs[tiles[0]] += 1
                if any(jpc[v] > 3 * pungs[v] for v in range(N_KINDS)):
                    continue
            out.add((form, groups, vals))
    return out
