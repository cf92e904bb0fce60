"""Slow, independent references for hands with jokers (wildcards).

Nothing here imports ``src/``.  From the plain reference (``tests/reference.py``)
only the notation helpers, the form bookkeeping and the plain completeness
checks of the special forms are reused.

Joker model (the contract)
--------------------------
A hand is real counts ``H`` (each <= 4), ``k >= 0`` jokers and ``melds``
declared melds; ``sum(H) + k + 3 * melds`` is 13 or 14 (16 or 17 with
``hand_size=16``); the concealed part must supply ``M = 4 - melds`` (``5 -
melds``) sets and a pair.  A joker stands for any of the 34 kinds.

* A *target* ``T`` is a complete concealed shape of ``3M + 2`` tiles of an
  allowed form.  Counts above 4 are possible (the copies beyond the real ones
  come from jokers) unless ``allow_fifth_copy=False``, which caps every
  ``T_i`` at 4.  Seven pairs targets hold 0 or 2 (0, 2 or 4 with
  ``quads_as_two_pairs``) of each kind even with jokers.
* Drawn tiles are real, so the real part of the completed hand holds at most
  four of a kind: ``T`` is feasible iff ``sum_i max(0, T_i - 4) <= k``
  ("excess"), and then needs ``cost(T) = sum_i max(0, T_i - H_i) - k`` draws.
* ``shanten = min over feasible T of cost(T) - 1``; ``is_win``: a 3M+2 hand
  with shanten -1.
* Waits of a 3M+1 hand: real tile ``t`` with ``H + t`` complete (drawable when
  ``H_t < 4``; "exhausted" when ``H_t == 4``: ``H + t`` is then complete only
  *structurally*, the real part holding a fifth copy).  With
  ``allow_fifth_copy=False`` and jokers in play no kind may go beyond four
  copies, so nothing is exhausted; with no joker at all the plain rule stays
  (structural exhausted waits listed whatever ``allow_fifth_copy`` says).
* ``joker_tiles=[kinds]``: the copies of these kinds in the hand are jokers
  (removed from ``H``, added to ``k``); drawing such a kind adds a joker, so a
  joker kind is a wait when ``k + 1`` jokers complete the hand.  That is not
  the same as tenpai: ``999p3333z`` with two melds has shanten 1 (no real draw
  helps: a fifth 3z) but one more joker completes it (with fifth copies).

Two references, deliberately built differently
----------------------------------------------
``ref_sub_*``  (substitution, ``k <= 3``): every multiset ``J`` of ``k``
    kinds is substituted for the jokers and the plain (no-joker) question is
    asked of ``H + J`` with the real-copy rule: target ``T`` is allowed for
    this ``J`` iff ``T_i - J_i <= 4`` (and ``T_i <= 4`` without the fifth
    copy); it needs ``sum max(0, T_i - J_i - H_i)`` draws.  Wins: some ``J``
    makes ``H + J`` complete by plain recursive decomposition (counts above 4
    allowed).  The standard-form minimum is organised per block (the three
    suits, the honors): both the costs and the constraint split over blocks, so
    minimising over the per-block parts of ``J`` is the same as minimising over
    ``J``.

``ref_budget_*`` (any ``k``): wins by recursive decomposition with a joker
    budget (groups taken from the lowest real tile, each completed by jokers;
    the jokers left over form groups among themselves).  Shanten by exhaustive
    per-block target enumeration with unbounded counts, recording for every
    target its deficit ``sum max(0, t - h)`` and its excess ``sum max(0, t -
    4)``; the blocks are combined minimising the deficit subject to a total
    excess ``<= k`` (``<= 0`` without the fifth copy).
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from reference import (FORMS_ALL, FORMS_DEFAULT, KNITTED_STRAIGHTS, N_KINDS, ORPHANS,
                       SUIT_STARTS, _forms_applicable, _honors_knitted_complete,
                       _knitted_straight_complete, _orphans_complete, _seven_pairs_complete,
                       _std_complete, normalize_forms, parse, to_str)


HONORS = tuple(range(27, 34))
BIG = 10_000          # "infinite" cost inside int16/int32 tables
EMAX = 13             # largest excess of any target (17 tiles, one kind: 17 - 4)

# --------------------------------------------------------------------------
# Hand bookkeeping
# --------------------------------------------------------------------------
def _counts(hand, limit=4) -> np.ndarray:
    c = parse(hand) if isinstance(hand, str) else np.asarray(hand, dtype=np.int64).reshape(-1)
    c = c.astype(np.int64)
    if c.shape != (N_KINDS,):
        raise ValueError("hand must have 34 counts")
    if (c < 0).any():
        raise ValueError("negative count")
    if c.max() > limit:
        raise ValueError(f"count above {limit}")
    return c


def _size(c, k, melds, hand_size):
    """``(M, parity)``; parity 1 = 3M+1 tiles, 2 = 3M+2 tiles.  Validates the size."""
    if hand_size not in (13, 16):
        raise ValueError("hand_size must be 13 or 16")
    if k < 0 or melds < 0:
        raise ValueError("negative jokers / melds")
    total = int(c.sum()) + k + 3 * melds
    if total not in (hand_size, hand_size + 1):
        raise ValueError(f"{int(c.sum())} tiles + {k} jokers + {melds} melds is not a {hand_size}-tile hand")
    M = (4 if hand_size == 13 else 5) - melds
    if M < 0:
        raise ValueError("too many melds")
    return M, total - hand_size + 1


def fmt_hand(c, k=0) -> str:
    """m/p/s/z notation plus '+kJ' for the jokers."""
    s = to_str(c)
    return s + (f"+{k}J" if k else "")


def split_joker_tiles(counts, joker_tiles, k=0):
    """``(H', k')``: the counts of the joker kinds move from the hand to the joker count."""
    c = np.asarray(counts, dtype=np.int64).copy()
    kinds = sorted(set(int(t) for t in joker_tiles))
    for t in kinds:
        k += int(c[t])
        c[t] = 0
    return c, k


# --------------------------------------------------------------------------
# Shared: per-block target enumeration with unbounded counts
# --------------------------------------------------------------------------
def _block_groups(npos: int, seq: bool):
    out = []
    for i in range(npos):
        v = [0] * npos
        v[i] = 3
        out.append(tuple(v))
    if seq:
        for i in range(npos - 2):
            v = [0] * npos
            v[i] = v[i + 1] = v[i + 2] = 1
            out.append(tuple(v))
    return out


@lru_cache(maxsize=None)
def block_targets_unbounded(npos: int, seq: bool, m: int, p: int) -> np.ndarray:
    """Every distinct count vector of a block holding ``m`` sets and ``p`` pairs, counts unbounded."""
    groups = _block_groups(npos, seq)
    found = set()
    for combo in itertools.combinations_with_replacement(groups, m):
        base = [sum(g[i] for g in combo) for i in range(npos)]
        if p == 0:
            found.add(tuple(base))
        else:
            for j in range(npos):
                b = list(base)
                b[j] += 2
                found.add(tuple(b))
    return np.array(sorted(found), dtype=np.int8).reshape(-1, npos)


# ==========================================================================
# Reference 2: joker budget
# ==========================================================================
# ---- wins: recursive decomposition with a joker budget --------------------
def _budget_std_win(c: tuple, j: int, sets: int, pairs: int, room):
    """Can real counts ``c`` plus ``j`` jokers form ``sets`` sets and ``pairs`` pairs?

    ``room`` is None (fifth copies allowed) or a tuple: how many more jokers may
    stand for each kind without the completed hand exceeding four of it.
    The group holding the lowest real tile ``i`` is one of: a pair or a pung of
    ``i`` (1..size real copies, jokers for the rest), or a sequence through
    ``i`` (starting at i-2, i-1 or i) whose other positions are real tiles or
    jokers.  When no real tile is left the jokers must form the remaining
    groups by themselves (always possible: with at most 17 tiles there are
    always unused kinds for them, even without fifth copies).
    """
    memo = {}

    def rec(c, j, s, p, room):
        key = (c, j, s, p, room)
        if key in memo:
            return memo[key]
        i = 0
        while i < N_KINDS and c[i] == 0:
            i += 1
        if i == N_KINDS:
            ok = j == 3 * s + 2 * p
            memo[key] = ok
            return ok
        ok = False
        candidates = []   # list of (kinds_real, kinds_joker, ds, dp)
        if p:
            for r in (1, 2):
                if r <= c[i]:
                    candidates.append(((i,) * r, (i,) * (2 - r), 0, 1))
        if s:
            for r in (1, 2, 3):
                if r <= c[i]:
                    candidates.append(((i,) * r, (i,) * (3 - r), 1, 0))
            if i < 27:
                base = i - i % 9
                for st in (i - 2, i - 1, i):
                    if st < base or st > base + 6:
                        continue
                    others = [q for q in (st, st + 1, st + 2) if q != i]
                    choices = []
                    for q in others:
                        opts = [False]            # joker
                        if c[q] > 0:
                            opts.append(True)     # real
                        choices.append(opts)
                    for pick in itertools.product(*choices):
                        real = (i,) + tuple(q for q, rr in zip(others, pick) if rr)
                        jok = tuple(q for q, rr in zip(others, pick) if not rr)
                        candidates.append((real, jok, 1, 0))
        for real, jok, ds, dp in candidates:
            if len(jok) > j:
                continue
            nc = list(c)
            good = True
            for q in real:
                nc[q] -= 1
                if nc[q] < 0:
                    good = False
            if not good:
                continue
            nroom = room
            if room is not None:
                lst = list(room)
                for q in jok:
                    lst[q] -= 1
                    if lst[q] < 0:
                        good = False
                if not good:
                    continue
                nroom = tuple(lst)
            if rec(tuple(nc), j - len(jok), s - ds, p - dp, nroom):
                ok = True
                break
        memo[key] = ok
        return ok

    return rec(tuple(int(x) for x in c), j, sets, pairs, room)


def _budget_win_counts(c, k, melds, forms, quads, fifth, hand_size):
    """Win test on real counts (possibly holding a 5th real copy: structural check)."""
    forms = normalize_forms(forms)
    app = _forms_applicable(forms, melds, hand_size)
    M = (4 if hand_size == 13 else 5) - melds
    c = [int(x) for x in c]
    if sum(c) + k != 3 * M + 2:
        return False
    # without fifth copies no joker may stand for a copy beyond the fourth (real
    # copies counted first: a structural check with 5 real copies still works at k=0)
    room = tuple(max(0, 4 - x) for x in c) if not fifth else None
    if app["standard"] and _budget_std_win(tuple(c), k, M, 1, room):
        return True
    if app["seven_pairs"]:
        # each real count is rounded up to the nearest allowed even count;
        # the jokers left over make new pairs (on unused kinds / doubling pairs)
        allowed = (0, 2, 4) if quads else (0, 2)
        if all(x <= allowed[-1] for x in c):
            need = sum(min(a for a in allowed if a >= x) - x for x in c)
            if need <= k:      # (k - need) is even: 14 - sum(c) - need is even
                return True
    if app["thirteen_orphans"]:
        if all(c[t] == 0 for t in range(N_KINDS) if t not in ORPHANS) and \
                all(c[t] <= 2 for t in ORPHANS) and sum(c[t] == 2 for t in ORPHANS) <= 1:
            return True
    if app["honors_knitted"] and max(c) <= 1:
        for ks in KNITTED_STRAIGHTS:
            allowed = set(ks) | set(HONORS)
            if all(c[t] == 0 or t in allowed for t in range(N_KINDS)):
                return True       # the jokers fill distinct missing kinds of the 16
    if app["knitted_straight"]:
        for ks in KNITTED_STRAIGHTS:
            # WLOG the straight uses the real copy where there is one (swapping a
            # joker of the straight with a real copy used elsewhere keeps T)
            missing = [t for t in ks if c[t] == 0]
            if len(missing) > k:
                continue
            rest = list(c)
            for t in ks:
                if rest[t]:
                    rest[t] -= 1
            r = None
            if room is not None:
                lst = list(room)
                for t in missing:
                    lst[t] -= 1
                r = tuple(lst)
            if _budget_std_win(tuple(rest), k - len(missing), 1 - melds, 1, r):
                return True
    return False


def ref_budget_is_win(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                      allow_fifth_copy=True, hand_size=13) -> bool:
    c = _counts(hand)
    M, parity = _size(c, k, melds, hand_size)
    if parity != 2:
        return False
    return _budget_win_counts(c, k, melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size)


# ---- shanten: per-block targets with (deficit, excess) -------------------
@lru_cache(maxsize=None)
def _budget_rows(npos: int, seq: bool, mmax: int):
    """All block targets for m <= mmax, p <= 1, sorted by (2m+p, excess).

    Returns (T int8 (R, npos), keys of the runs, run starts)."""
    rows, gs, es = [], [], []
    for m in range(mmax + 1):
        for p in (0, 1):
            T = block_targets_unbounded(npos, seq, m, p)
            rows.append(T)
            gs.append(np.full(len(T), 2 * m + p))
            es.append(np.maximum(T.astype(np.int64) - 4, 0).sum(axis=1))
    T = np.concatenate(rows)
    g = np.concatenate(gs)
    e = np.concatenate(es)
    order = np.lexsort((e, g))
    T, g, e = T[order], g[order], e[order]
    key = g * (EMAX + 1) + e
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    return T, g[starts], e[starts], starts


_COLTAB: dict = {}


def _deficits(npos, seq, mmax, block):
    """sum max(0, T - h) for every row, from cached per-column-triple tables."""
    T = _budget_rows(npos, seq, mmax)[0]
    if npos != 9:
        return np.maximum(T - np.array(block, np.int8), 0).sum(axis=1, dtype=np.int16)
    total = None
    for a in (0, 3, 6):
        key = (mmax, a, block[a:a + 3])
        part = _COLTAB.get(key)
        if part is None:
            part = np.maximum(T[:, a:a + 3] - np.array(block[a:a + 3], np.int8), 0).sum(
                axis=1, dtype=np.int16)
            _COLTAB[key] = part
        total = part if total is None else total + part
    return total


@lru_cache(maxsize=400_000)
def budget_block_table(block: tuple, seq: bool, mmax: int) -> np.ndarray:
    """``tab[m, p, e]``: min deficit of a block target with m sets, p pairs, excess <= e."""
    T, kg, ke, starts = _budget_rows(len(block), seq, mmax)
    d = _deficits(len(block), seq, mmax, block)
    mins = np.minimum.reduceat(d, starts)
    tab = np.full((2 * (mmax + 1), EMAX + 1), BIG, np.int32)
    tab[kg, ke] = mins
    tab = np.minimum.accumulate(tab, axis=1)
    return tab.reshape(mmax + 1, 2, EMAX + 1)


@lru_cache(maxsize=None)
def _minplus_plan(M: int, K: int):
    """Index plan for C[m,p,e] = min A[m1,p1,e1] + B[m2,p2,e2] over sums (m<=M, p<=1, e<=K)."""
    shape = (M + 1, 2, K + 1)
    idx = np.arange(np.prod(shape)).reshape(shape)
    m, p, e = np.meshgrid(np.arange(M + 1), np.arange(2), np.arange(K + 1), indexing="ij")
    m, p, e, idx = m.ravel(), p.ravel(), e.ravel(), idx.ravel()
    I1, I2 = np.meshgrid(idx, idx, indexing="ij")
    mo = m[I1] + m[I2]
    po = p[I1] + p[I2]
    eo = e[I1] + e[I2]
    ok = (mo <= M) & (po <= 1) & (eo <= K)
    I1, I2 = I1[ok], I2[ok]
    out = (mo[ok] * 2 + po[ok]) * (K + 1) + eo[ok]
    order = np.argsort(out, kind="stable")
    I1, I2, out = I1[order], I2[order], out[order]
    starts = np.flatnonzero(np.r_[True, out[1:] != out[:-1]])
    return I1, I2, out[starts], starts, shape


def _minplus(A, B, M, K):
    I1, I2, outs, starts, shape = _minplus_plan(M, K)
    vals = A.ravel()[I1] + B.ravel()[I2]
    C = np.full(int(np.prod(shape)), BIG, np.int32)
    C[outs] = np.minimum.reduceat(vals, starts)
    return C.reshape(shape)


def _blocks(c):
    c = [int(x) for x in c]
    return [(tuple(c[0:9]), True), (tuple(c[9:18]), True), (tuple(c[18:27]), True),
            (tuple(c[27:34]), False)]


def budget_standard_deficit(c, M: int, K: int) -> int:
    """Min deficit over standard targets (M sets + pair) with total excess <= K."""
    K = min(K, EMAX)
    tabs = [budget_block_table(b, seq, M)[:, :, :K + 1] for b, seq in _blocks(c)]
    X = _minplus(tabs[0], tabs[1], M, K)
    Y = _minplus(tabs[2], tabs[3], M, K)
    best = BIG
    for m in range(M + 1):
        for p in (0, 1):
            # X[m, p, e] + Y[M-m, 1-p, K-e]  (tables are "excess <= e")
            v = (X[m, p, :] + Y[M - m, 1 - p, ::-1]).min()
            best = min(best, int(v))
    return best


def budget_seven_pairs_deficit(c, quads: bool) -> int:
    """Targets hold 0/2 (0/2/4) of a kind, never above 4: the excess is always 0.

    Each kind offers a first pair at cost max(0, 2-h) and (quads) a second pair
    at marginal cost max(0, 4-h) - max(0, 2-h), never cheaper than the first;
    so the 7 cheapest offers form an optimal, consistent choice.
    """
    offers = []
    for h in (int(x) for x in c):
        a = max(0, 2 - h)
        offers.append(a)
        if quads:
            offers.append(max(0, 4 - h) - a)
    return sum(sorted(offers)[:7])


def budget_orphans_deficit(c) -> int:
    best = BIG
    for dup in ORPHANS:
        best = min(best, sum(max(0, (2 if t == dup else 1) - int(c[t])) for t in ORPHANS))
    return best


@lru_cache(maxsize=None)
def _honors_knitted_rows() -> np.ndarray:
    rows = set()
    for ks in KNITTED_STRAIGHTS:
        kinds = list(ks) + list(HONORS)
        for drop in itertools.combinations(kinds, 2):
            t = [0] * N_KINDS
            for x in kinds:
                if x not in drop:
                    t[x] = 1
            rows.add(tuple(t))
    return np.array(sorted(rows), dtype=np.int8)


def budget_honors_knitted_deficit(c) -> int:
    T = _honors_knitted_rows()
    return int(np.maximum(T - np.asarray(c, np.int8), 0).sum(axis=1).min())


@lru_cache(maxsize=None)
def _knitted_straight_rows(melds: int):
    """组合龙 targets with unbounded counts: (T int8 (R, 34), excess (R,))."""
    sets = [tuple([0] * N_KINDS)]
    if melds == 0:
        sets = []
        for t in range(N_KINDS):
            v = [0] * N_KINDS
            v[t] = 3
            sets.append(tuple(v))
        for s in SUIT_STARTS:
            for i in range(7):
                v = [0] * N_KINDS
                v[s + i] = v[s + i + 1] = v[s + i + 2] = 1
                sets.append(tuple(v))
    rows = set()
    for ks in KNITTED_STRAIGHTS:
        for st in sets:
            for pair in range(N_KINDS):
                t = list(st)
                for x in ks:
                    t[x] += 1
                t[pair] += 2
                rows.add(tuple(t))
    T = np.array(sorted(rows), dtype=np.int8)
    e = np.maximum(T.astype(np.int64) - 4, 0).sum(axis=1)
    return T, e


def budget_knitted_straight_deficit(c, melds: int, K: int) -> int:
    T, e = _knitted_straight_rows(melds)
    d = np.maximum(T - np.asarray(c, np.int8), 0).sum(axis=1, dtype=np.int32)
    d = d[e <= K]
    return int(d.min())


def ref_budget_form_costs(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                          allow_fifth_copy=True, hand_size=13) -> dict:
    """Draws needed per applicable form: ``min over feasible T of sum max(0, T-H)`` minus k."""
    c = _counts(hand)
    M, _ = _size(c, k, melds, hand_size)
    app = _forms_applicable(normalize_forms(forms), melds, hand_size)
    K = k if allow_fifth_copy else 0
    out = {}
    if app["standard"]:
        out["standard"] = budget_standard_deficit(c, M, K) - k
    if app["seven_pairs"]:
        out["seven_pairs"] = budget_seven_pairs_deficit(c, quads_as_two_pairs) - k
    if app["thirteen_orphans"]:
        out["thirteen_orphans"] = budget_orphans_deficit(c) - k
    if app["honors_knitted"]:
        out["honors_knitted"] = budget_honors_knitted_deficit(c) - k
    if app["knitted_straight"]:
        out["knitted_straight"] = budget_knitted_straight_deficit(c, melds, K) - k
    return out


def ref_budget_all_costs(hand, k=0, melds=0, hand_size=13) -> dict:
    """Every per-form draw count at once (for comparing many option sets on one hand).

    Keys: standard, standard_no_fifth, seven_pairs, seven_pairs_distinct,
    thirteen_orphans, honors_knitted, knitted_straight, knitted_straight_no_fifth
    (only the forms that apply to this meld count / play size).
    """
    c = _counts(hand)
    M, _ = _size(c, k, melds, hand_size)
    app = _forms_applicable(frozenset(FORMS_ALL), melds, hand_size)
    out = {"standard": budget_standard_deficit(c, M, k) - k,
           "standard_no_fifth": budget_standard_deficit(c, M, 0) - k}
    if app["seven_pairs"]:
        out["seven_pairs"] = budget_seven_pairs_deficit(c, True) - k
        out["seven_pairs_distinct"] = budget_seven_pairs_deficit(c, False) - k
    if app["thirteen_orphans"]:
        out["thirteen_orphans"] = budget_orphans_deficit(c) - k
    if app["honors_knitted"]:
        out["honors_knitted"] = budget_honors_knitted_deficit(c) - k
    if app["knitted_straight"]:
        out["knitted_straight"] = budget_knitted_straight_deficit(c, melds, k) - k
        out["knitted_straight_no_fifth"] = budget_knitted_straight_deficit(c, melds, 0) - k
    return out


_FORM_KEYS = {"standard": ("standard",), "seven_pairs": ("seven_pairs",),
              "thirteen_orphans": ("thirteen_orphans",),
              "knitted": ("honors_knitted", "knitted_straight")}


def shanten_from_costs(costs: dict, forms, quads_as_two_pairs=True, allow_fifth_copy=True):
    """``ref_budget_shanten`` for one option set from ``ref_budget_all_costs`` (None: no form applies)."""
    vals = []
    for f in normalize_forms(forms):
        for key in _FORM_KEYS[f]:
            if key == "seven_pairs" and not quads_as_two_pairs:
                key = "seven_pairs_distinct"
            if key in ("standard", "knitted_straight") and not allow_fifth_copy:
                key += "_no_fifth"
            if key in costs:
                vals.append(costs[key])
    return min(vals) - 1 if vals else None


def ref_budget_shanten(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                       allow_fifth_copy=True, hand_size=13):
    costs = ref_budget_form_costs(hand, k, melds, forms, quads_as_two_pairs, allow_fifth_copy,
                                  hand_size)
    if not costs:
        return None
    return min(costs.values()) - 1


def _exhausted_allowed(k, fifth):
    """Exhausted (structural fifth-copy) waits: always without jokers; with jokers only
    when copies beyond the fourth are allowed."""
    return fifth or k == 0


def ref_budget_waits(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                     allow_fifth_copy=True, hand_size=13):
    """``(drawable, exhausted)`` waits of a 3M+1 hand with ``k`` jokers."""
    c = _counts(hand)
    M, parity = _size(c, k, melds, hand_size)
    if parity != 1:
        raise ValueError("waits need a 3M+1 hand")
    drawable, exhausted = [], []
    for t in range(N_KINDS):
        if c[t] >= 4 and not _exhausted_allowed(k, allow_fifth_copy):
            continue
        d = c.copy()
        d[t] += 1
        if _budget_win_counts(d, k, melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size):
            (drawable if c[t] < 4 else exhausted).append(t)
    return drawable, exhausted


def ref_budget_waits_fast(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                          allow_fifth_copy=True, hand_size=13):
    """``ref_budget_waits`` with the drawable waits read from the budget shanten
    (``H + t`` has shanten -1); the exhausted ones still by the recursion."""
    c = _counts(hand)
    M, parity = _size(c, k, melds, hand_size)
    if parity != 1:
        raise ValueError("waits need a 3M+1 hand")
    args = (melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size)
    drawable, exhausted = [], []
    if ref_budget_shanten(c, k, *args) == 0:
        for t in range(N_KINDS):
            if c[t] < 4:
                d = c.copy()
                d[t] += 1
                if ref_budget_shanten(d, k, *args) == -1:
                    drawable.append(t)
    for t in range(N_KINDS):
        if c[t] == 4 and _exhausted_allowed(k, allow_fifth_copy):
            d = c.copy()
            d[t] += 1
            if _budget_win_counts(d, k, melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size):
                exhausted.append(t)
    return drawable, exhausted


def ref_budget_useful(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                      allow_fifth_copy=True, hand_size=13, visible=None):
    """``[(tile, left)]``: real tiles (fewer than 4 held) whose draw lowers shanten."""
    c = _counts(hand)
    M, parity = _size(c, k, melds, hand_size)
    if parity != 1:
        raise ValueError("useful tiles need a 3M+1 hand")
    vis = np.zeros(N_KINDS, np.int64) if visible is None else np.asarray(visible, np.int64)
    args = (melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size)
    s = ref_budget_shanten(c, k, *args)
    out = []
    for t in range(N_KINDS):
        if c[t] >= 4:
            continue
        d = c.copy()
        d[t] += 1
        if ref_budget_shanten(d, k, *args) < s:
            out.append((t, int(4 - c[t] - vis[t])))
    return out


def ref_budget_waits_jt(hand, joker_tiles, k=0, melds=0, forms=FORMS_DEFAULT,
                        quads_as_two_pairs=True, allow_fifth_copy=True, hand_size=13):
    """Waits when the kinds ``joker_tiles`` are jokers (their copies in ``hand`` count as jokers).

    A joker kind is a wait when one more joker completes the hand (drawable
    while the hand holds fewer than 4 of it); other kinds as usual.
    """
    full = _counts(hand)
    c, kk = split_joker_tiles(full, joker_tiles, k)
    M, parity = _size(c, kk, melds, hand_size)
    if parity != 1:
        raise ValueError("waits need a 3M+1 hand")
    jt = set(int(t) for t in joker_tiles)
    opts = (forms, quads_as_two_pairs, allow_fifth_copy, hand_size)
    joker_wait = _budget_win_counts(c, kk + 1, melds, *opts)
    drawable, exhausted = [], []
    for t in range(N_KINDS):
        if t in jt:
            win = joker_wait
        elif full[t] >= 4 and not _exhausted_allowed(kk, allow_fifth_copy):
            win = False
        else:
            d = c.copy()
            d[t] += 1
            win = _budget_win_counts(d, kk, melds, *opts)
        if win:
            (drawable if full[t] < 4 else exhausted).append(t)
    return drawable, exhausted


def ref_budget_waits_jt_fast(hand, joker_tiles, k=0, melds=0, forms=FORMS_DEFAULT,
                             quads_as_two_pairs=True, allow_fifth_copy=True, hand_size=13):
    """``ref_budget_waits_jt`` built on ``ref_budget_waits_fast``."""
    full = _counts(hand)
    c, kk = split_joker_tiles(full, joker_tiles, k)
    jt = set(int(t) for t in joker_tiles)
    args = (melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size)
    drawable, exhausted = ref_budget_waits_fast(c, kk, *args)
    # one more joker: complete.  (Not the same as tenpai: with fifth copies a hand
    # may need a joker where no real draw helps, e.g. 999p3333z with 2 melds.)
    joker_wait = ref_budget_shanten(c, kk + 1, *args) == -1
    drawable = [t for t in drawable if t not in jt]
    exhausted = [t for t in exhausted if t not in jt]
    for t in jt:
        if joker_wait:
            (drawable if full[t] < 4 else exhausted).append(t)
    return sorted(drawable), sorted(exhausted)


def ref_budget_useful_jt(hand, joker_tiles, k=0, melds=0, forms=FORMS_DEFAULT,
                         quads_as_two_pairs=True, allow_fifth_copy=True, hand_size=13,
                         visible=None):
    full = _counts(hand)
    c, kk = split_joker_tiles(full, joker_tiles, k)
    M, parity = _size(c, kk, melds, hand_size)
    if parity != 1:
        raise ValueError("useful tiles need a 3M+1 hand")
    vis = np.zeros(N_KINDS, np.int64) if visible is None else np.asarray(visible, np.int64)
    jt = set(int(t) for t in joker_tiles)
    args = (melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size)
    s = ref_budget_shanten(c, kk, *args)
    s_joker = ref_budget_shanten(c, kk + 1, *args)
    out = []
    for t in range(N_KINDS):
        if full[t] >= 4:
            continue
        if t in jt:
            better = s_joker < s
        else:
            d = c.copy()
            d[t] += 1
            better = ref_budget_shanten(d, kk, *args) < s
        if better:
            out.append((t, int(4 - full[t] - vis[t])))
    return out


# ==========================================================================
# Reference 1: substitution (k <= 3)
# ==========================================================================
SUB_KMAX = 3


def _multisets(kinds, j):
    return list(itertools.combinations_with_replacement(kinds, j))


@lru_cache(maxsize=None)
def _sub_rows(npos: int, seq: bool, mmax: int, kmax: int):
    """Block targets for m <= mmax, p <= 1 with counts <= 4 + kmax and total overflow
    above 4 <= kmax (anything else needs more jokers than there are), grouped by 2m+p.

    Built independently of ``block_targets_unbounded``: groups are added one at a
    time in non-decreasing order.
    """
    groups = _block_groups(npos, seq)
    cap = 4 + kmax
    by_g = {}

    def add(vec, start, m_left, m_now):
        for p in (0, 1):
            v = list(vec)
            if p:
                for j in range(npos):
                    w = list(v)
                    w[j] += 2
                    by_g.setdefault(2 * m_now + 1, set()).add(tuple(w))
            else:
                by_g.setdefault(2 * m_now, set()).add(tuple(v))
        if m_left == 0:
            return
        for gi in range(start, len(groups)):
            w = [a + b for a, b in zip(vec, groups[gi])]
            add(w, gi, m_left - 1, m_now + 1)

    add([0] * npos, 0, mmax, 0)
    rows, gs = [], []
    for g in sorted(by_g):
        for r in sorted(by_g[g]):
            if max(r) <= cap and sum(max(0, x - 4) for x in r) <= kmax:
                rows.append(r)
                gs.append(g)
    T = np.array(rows, dtype=np.int8)
    g = np.array(gs)
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
    # per-column helpers: miss[j][v] = max(0, T[:, j] - v); fits[j][x] = T[:, j] <= 4 + x
    miss = [[np.maximum(T[:, j].astype(np.int16) - v, 0) for v in range(4 + kmax + 2)]
            for j in range(npos)]
    fits = [[T[:, j] <= 4 + x for x in range(kmax + 1)] for j in range(npos)]
    return T, g[starts], starts, miss, fits


@lru_cache(maxsize=200_000)
def sub_block_table(block: tuple, seq: bool, mmax: int, k: int, fifth: bool) -> np.ndarray:
    """``tab[j, m, p]``: min over J_b (j kinds of this block substituted) of the plain
    cost of ``block + J_b`` with targets capped at ``4 + J_b`` (at 4 without fifth copies)."""
    npos = len(block)
    T, kg, starts, miss, fits = _sub_rows(npos, seq, mmax, SUB_KMAX)
    tab = np.full((k + 1, 2 * (mmax + 1)), BIG, np.int32)
    for j in range(k + 1):
        for J in _multisets(range(npos), j):
            add = [0] * npos
            for q in J:
                add[q] += 1
            G = [block[q] + add[q] for q in range(npos)]
            cost = miss[0][G[0]].copy()
            for q in range(1, npos):
                cost += miss[q][G[q]]
            ok = fits[0][add[0] if fifth else 0].copy()
            for q in range(1, npos):
                ok &= fits[q][add[q] if fifth else 0]
            cost = np.where(ok, cost, BIG)
            mins = np.minimum.reduceat(cost, starts)
            row = np.full(2 * (mmax + 1), BIG, np.int32)
            row[kg] = mins
            np.minimum(tab[j], row, out=tab[j])
    return tab.reshape(k + 1, mmax + 1, 2)


@lru_cache(maxsize=None)
def _sub_splits(M: int, k: int):
    """All (j_b, m_b, p_b) over 4 blocks with sum j = k, sum m = M, sum p = 1."""
    js = [c for c in itertools.product(range(k + 1), repeat=4) if sum(c) == k]
    ms = [c for c in itertools.product(range(M + 1), repeat=4) if sum(c) == M]
    rows = [(j, m, tuple(int(b == pb) for b in range(4)))
            for j in js for m in ms for pb in range(4)]
    J = np.array([r[0] for r in rows])
    Ms = np.array([r[1] for r in rows])
    P = np.array([r[2] for r in rows])
    return J, Ms, P


def sub_standard_cost(c, M, k, fifth) -> int:
    tabs = [sub_block_table(b, seq, M, k, fifth) for b, seq in _blocks(c)]
    J, Ms, P = _sub_splits(M, k)
    total = sum(tabs[b][J[:, b], Ms[:, b], P[:, b]] for b in range(4))
    return int(total.min())


def _all_J(k):
    """(nJ, 34) matrix of every multiset of k kinds."""
    rows = []
    for J in _multisets(range(N_KINDS), k):
        v = np.zeros(N_KINDS, np.int64)
        for q in J:
            v[q] += 1
        rows.append(v)
    return np.array(rows).reshape(-1, N_KINDS)


def _sub_seven_pairs(G, quads):
    """Plain seven pairs cost of every row of G (knapsack on pairs), vectorised over rows."""
    n = len(G)
    dp = np.full((n, 8), BIG, np.int64)
    dp[:, 0] = 0
    for t in range(N_KINDS):
        h = G[:, t]
        new = dp.copy()
        one = np.maximum(0, 2 - h)
        two = np.maximum(0, 4 - h)
        for j in range(7):
            new[:, j + 1] = np.minimum(new[:, j + 1], dp[:, j] + one)
            if quads and j + 2 <= 7:
                new[:, j + 2] = np.minimum(new[:, j + 2], dp[:, j] + two)
        dp = new
    return dp[:, 7]


def _sub_orphans(G):
    best = np.full(len(G), BIG, np.int64)
    for dup in ORPHANS:
        want = np.zeros(N_KINDS, np.int64)
        want[list(ORPHANS)] = 1
        want[dup] = 2
        best = np.minimum(best, np.maximum(want - G, 0).sum(axis=1))
    return best


def _sub_honors_knitted(G):
    T = _honors_knitted_rows().astype(np.int64)     # 0/1 rows
    missing = (G == 0).astype(np.int64)              # T=1 over G=0 costs one tile
    return (missing @ T.T).min(axis=1)


@lru_cache(maxsize=None)
def _sub_knitted_rows(melds):
    T, _ = _knitted_straight_rows(melds)
    keep = (T.max(axis=1) <= 4 + SUB_KMAX) & (np.maximum(T.astype(int) - 4, 0).sum(axis=1) <= SUB_KMAX)
    return T[keep].astype(np.int16)


def _sub_knitted_straight(c, k, melds, fifth):
    """Plain 组合龙 cost of H + J, minimised over every multiset J of k kinds.

    For each J the cost over all rows is the cost against H corrected on the
    (at most k) kinds J touches; a row is allowed when its copies above 4 are
    covered by J (``T_i - J_i <= 4``), or, without fifth copies, when it has none.
    """
    T = _sub_knitted_rows(melds)
    cols = np.ascontiguousarray(T.T)                       # (34, R)
    over = np.maximum(cols - 4, 0)
    over_total = over.sum(axis=0)
    c = np.asarray(c, np.int16)
    base = np.maximum(T - c, 0).sum(axis=1)
    best = BIG
    for J in _multisets(range(N_KINDS), k):
        cost = base.copy()
        covered = np.zeros_like(over_total)
        for q in set(J):
            jq = J.count(q)
            col = cols[q]
            cost -= np.maximum(col - c[q], 0) - np.maximum(col - c[q] - jq, 0)
            if fifth:
                covered += np.minimum(over[q], jq)
        ok = over_total == covered
        if ok.any():
            best = min(best, int(cost[ok].min()))
    return best


def ref_sub_form_costs(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                       allow_fifth_copy=True, hand_size=13) -> dict:
    if not 0 <= k <= SUB_KMAX:
        raise ValueError(f"the substitution reference handles 0..{SUB_KMAX} jokers")
    c = _counts(hand)
    M, _ = _size(c, k, melds, hand_size)
    app = _forms_applicable(normalize_forms(forms), melds, hand_size)
    out = {}
    if app["standard"]:
        out["standard"] = sub_standard_cost(c, M, k, allow_fifth_copy)
    special = [f for f in ("seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")
               if app[f]]
    if special:
        Jm = _all_J(k)
        G = c[None, :] + Jm
        if app["seven_pairs"]:
            out["seven_pairs"] = int(_sub_seven_pairs(G, quads_as_two_pairs).min())
        if app["thirteen_orphans"]:
            out["thirteen_orphans"] = int(_sub_orphans(G).min())
        if app["honors_knitted"]:
            out["honors_knitted"] = int(_sub_honors_knitted(G).min())
        if app["knitted_straight"]:
            out["knitted_straight"] = _sub_knitted_straight(c, k, melds, allow_fifth_copy)
    return out


def ref_sub_shanten(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                    allow_fifth_copy=True, hand_size=13):
    costs = ref_sub_form_costs(hand, k, melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size)
    if not costs:
        return None
    return min(costs.values()) - 1


def _plain_complete(G, melds, app, quads, M):
    """Plain (no-joker) completeness of the 3M+2 count list G; counts above 4 allowed."""
    if app["standard"] and _std_complete(list(G), M, 1):
        return True
    if app["seven_pairs"] and _seven_pairs_complete(G, quads):
        return True
    if app["thirteen_orphans"] and _orphans_complete(G):
        return True
    if app["honors_knitted"] and _honors_knitted_complete(G):
        return True
    if app["knitted_straight"] and _knitted_straight_complete(G, melds):
        return True
    return False


def _sub_win_counts(c, k, melds, forms, quads, fifth, hand_size):
    app = _forms_applicable(normalize_forms(forms), melds, hand_size)
    M = (4 if hand_size == 13 else 5) - melds
    c = [int(x) for x in c]
    if sum(c) + k != 3 * M + 2:
        return False
    for J in _multisets(range(N_KINDS), k):
        G = list(c)
        for q in J:
            G[q] += 1
        if not fifth and any(G[q] > max(4, c[q]) for q in J):
            continue
        if _plain_complete(G, melds, app, quads, M):
            return True
    return False


def ref_sub_is_win(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                   allow_fifth_copy=True, hand_size=13) -> bool:
    if not 0 <= k <= SUB_KMAX:
        raise ValueError(f"the substitution reference handles 0..{SUB_KMAX} jokers")
    c = _counts(hand)
    M, parity = _size(c, k, melds, hand_size)
    if parity != 2:
        return False
    return _sub_win_counts(c, k, melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size)


@lru_cache(maxsize=300_000)
def _sub_block_win(block: tuple, seq: bool, j: int, m: int, p: int, fifth: bool) -> bool:
    """Some J_b of j kinds of this block makes ``block + J_b`` exactly m sets + p pairs
    (plain recursive decomposition; without fifth copies no substituted copy beyond the
    fourth, real copies counted first)."""
    npos = len(block)
    off = 0 if seq else 27      # embed in a 34-vector: suits at 0 (sequences), honors at 27
    for J in _multisets(range(npos), j):
        G = list(block)
        for q in J:
            G[q] += 1
        if not fifth and any(G[q] > max(4, block[q]) for q in J):
            continue
        full = [0] * N_KINDS
        full[off:off + npos] = G
        if _std_complete(full, m, p):
            return True
    return False


def _sub_win_blockwise(c, k, melds, forms, quads, fifth, hand_size):
    """Same question as ``_sub_win_counts`` with the standard form split over blocks:
    J = (J_suit1, J_suit2, J_suit3, J_honors), each block complete on its own."""
    app = _forms_applicable(normalize_forms(forms), melds, hand_size)
    M = (4 if hand_size == 13 else 5) - melds
    c = [int(x) for x in c]
    if sum(c) + k != 3 * M + 2:
        return False
    if app["standard"]:
        blocks = _blocks(c)
        for js in itertools.product(range(k + 1), repeat=4):
            if sum(js) != k:
                continue
            ms, ps, ok = 0, 0, True
            for (b, seq), j in zip(blocks, js):
                n = sum(b) + j
                p = {0: 0, 2: 1}.get(n % 3)
                if p is None:
                    ok = False
                    break
                m = (n - 2 * p) // 3
                ms += m
                ps += p
                if ps > 1 or ms > M or not _sub_block_win(b, seq, j, m, p, fifth):
                    ok = False
                    break
            if ok and ps == 1 and ms == M:
                return True
    return _sub_special_win(c, k, melds, app, quads, fifth)


@lru_cache(maxsize=None)
def _all_J_cached(k):
    return _all_J(k)


def _sub_special_win(c, k, melds, app, quads, fifth):
    """Special forms of H + J for every J at once (rows of a matrix)."""
    if not any(app[f] for f in ("seven_pairs", "thirteen_orphans", "honors_knitted",
                                "knitted_straight")):
        return False
    Jm = _all_J_cached(k)
    c = np.asarray(c, np.int64)
    G = c[None, :] + Jm
    if not fifth:
        # no substituted copy beyond the fourth (real copies counted first)
        G = G[((Jm == 0) | (G <= np.maximum(4, c)[None, :])).all(axis=1)]
    if app["seven_pairs"]:
        allowed = (0, 2, 4) if quads else (0, 2)
        if np.isin(G, allowed).all(axis=1).any():
            return True
    if app["thirteen_orphans"]:
        orph = np.zeros(N_KINDS, bool)
        orph[list(ORPHANS)] = True
        ok = (G[:, ~orph] == 0).all(axis=1) & (G[:, orph] >= 1).all(axis=1) & \
             (G[:, orph] <= 2).all(axis=1)
        if ok.any():
            return True
    if app["honors_knitted"]:
        for ks in KNITTED_STRAIGHTS:
            allowed = np.zeros(N_KINDS, bool)
            allowed[list(ks) + list(HONORS)] = True
            if ((G <= 1).all(axis=1) & (G[:, ~allowed] == 0).all(axis=1)).any():
                return True
    if app["knitted_straight"]:
        for ks in KNITTED_STRAIGHTS:
            for row in np.flatnonzero((G[:, list(ks)] >= 1).all(axis=1)):
                if _knitted_straight_complete([int(x) for x in G[row]], melds):
                    return True
    return False


def ref_sub_waits(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                  allow_fifth_copy=True, hand_size=13):
    """Waits by substitution: real tile t is a wait when some J makes H + t + J complete
    (``H_t == 4``: exhausted, structural)."""
    if not 0 <= k <= SUB_KMAX:
        raise ValueError(f"the substitution reference handles 0..{SUB_KMAX} jokers")
    c = _counts(hand)
    M, parity = _size(c, k, melds, hand_size)
    if parity != 1:
        raise ValueError("waits need a 3M+1 hand")
    drawable, exhausted = [], []
    for t in range(N_KINDS):
        if c[t] >= 4 and not _exhausted_allowed(k, allow_fifth_copy):
            continue
        d = c.copy()
        d[t] += 1
        if _sub_win_blockwise(d, k, melds, forms, quads_as_two_pairs, allow_fifth_copy, hand_size):
            (drawable if c[t] < 4 else exhausted).append(t)
    return drawable, exhausted


def ref_sub_waits_multisets(hand, k=0, melds=0, forms=FORMS_DEFAULT, quads_as_two_pairs=True,
                            allow_fifth_copy=True, hand_size=13):
    """Waits by substitution, whole-hand: every multiset J' of k+1 kinds with H + J'
    complete; each kind t of such a J' is a wait (J' = t + the jokers' substitution)."""
    if not 0 <= k <= SUB_KMAX:
        raise ValueError(f"the substitution reference handles 0..{SUB_KMAX} jokers")
    c = _counts(hand)
    M, parity = _size(c, k, melds, hand_size)
    if parity != 1:
        raise ValueError("waits need a 3M+1 hand")
    app = _forms_applicable(normalize_forms(forms), melds, hand_size)
    cl = [int(x) for x in c]
    found = set()
    for Jp in _multisets(range(N_KINDS), k + 1):
        if set(Jp) <= found:
            continue
        G = list(cl)
        for q in Jp:
            G[q] += 1
        # t in Jp is the drawn (real) tile, the rest are the jokers' substitution;
        # without fifth copies no joker may be a copy beyond the fourth
        cands = [t for t in set(Jp) if allow_fifth_copy or
                 all(G[q] <= max(4, cl[q] + (q == t)) for q in set(Jp))]
        if cands and _plain_complete(G, melds, app, quads_as_two_pairs, M):
            found.update(cands)
    drawable = sorted(t for t in found if cl[t] < 4)
    exhausted = sorted(t for t in found if cl[t] >= 4 and _exhausted_allowed(k, allow_fifth_copy))
    return drawable, exhausted


# ==========================================================================
# Seeded joker-hand generators for the tests (numpy Generators in, lists out)
# ==========================================================================
def _add_group(c, kind, t):
    if kind == "pung":
        c[t] += 3
    else:
        c[t] += 1
        c[t + 1] += 1
        c[t + 2] += 1


_SETS = [("pung", t) for t in range(N_KINDS)] + [("seq", s + i) for s in SUIT_STARTS for i in range(7)]


def _hot_shape(rng, M):
    """A complete M-set shape concentrated on one or two kinds: counts often above 4."""
    c = np.zeros(N_KINDS, np.int64)
    hot = int(rng.integers(0, N_KINDS))
    near = [t for t in _SETS if (t[0] == "pung" and t[1] == hot) or
            (t[0] == "seq" and hot < 27 and t[1] <= hot <= t[1] + 2 and t[1] // 9 == hot // 9)]
    for _ in range(M):
        if rng.random() < 0.75:
            kind, t = near[int(rng.integers(0, len(near)))]
        else:
            kind, t = _SETS[int(rng.integers(0, len(_SETS)))]
        _add_group(c, kind, t)
    c[hot if rng.random() < 0.6 else int(rng.integers(0, N_KINDS))] += 2
    return c


def _special_shape(rng, melds, hand_size):
    """A complete special-form shape (13-tile play only), or None when none applies."""
    if hand_size != 13 or melds > 1:
        return None
    if melds == 1:     # 组合龙 + pair
        c = np.zeros(N_KINDS, np.int64)
        c[list(KNITTED_STRAIGHTS[int(rng.integers(0, 6))])] = 1
        c[int(rng.integers(0, N_KINDS))] += 2
        return c
    r = rng.random()
    if r < 0.45:
        c = np.zeros(N_KINDS, np.int64)
        kinds = rng.choice(N_KINDS, size=7, replace=False)
        c[kinds] = 2
        if rng.random() < 0.3:
            c[kinds[1]] = 0
            c[kinds[0]] = 4
        return c
    if r < 0.7:
        c = np.zeros(N_KINDS, np.int64)
        c[list(ORPHANS)] = 1
        c[ORPHANS[int(rng.integers(0, 13))]] += 1
        return c
    ks = KNITTED_STRAIGHTS[int(rng.integers(0, 6))]
    c = np.zeros(N_KINDS, np.int64)
    if r < 0.85:
        kinds = list(ks) + list(HONORS)
        c[rng.choice(kinds, size=14, replace=False)] = 1
        return c
    c[list(ks)] = 1
    kind, t = _SETS[int(rng.integers(0, len(_SETS)))]
    _add_group(c, kind, t)
    c[int(rng.integers(0, N_KINDS))] += 2
    return c


def _to_jokers(rng, T, k):
    """Split shape T into (real H <= 4, k jokers): copies above 4 must be jokers."""
    T = T.copy()
    excess = np.maximum(T - 4, 0)
    if excess.sum() > k:
        return None
    H = T - excess
    left = k - int(excess.sum())
    if left > H.sum():
        return None
    for _ in range(left):
        held = np.flatnonzero(H)
        H[int(rng.choice(held, p=H[held] / H[held].sum()))] -= 1
    return H


def _random_real_tile(rng, H):
    while True:
        if rng.random() < 0.5 and H.any():
            base = int(rng.choice(np.flatnonzero(H)))
            if base < 27:
                pos = base % 9 + int(rng.choice([-2, -1, 1, 2]))
                new = base - base % 9 + pos if 0 <= pos < 9 else int(rng.integers(0, N_KINDS))
            else:
                new = int(rng.integers(27, N_KINDS))
        else:
            new = int(rng.integers(0, N_KINDS))
        if H[new] < 4:
            return new


def _perturb_joker_hand(rng, H, k, n, max_replace=2):
    """Replace 0..max_replace tiles (real by real, real by joker, joker by real),
    then remove tiles (real or joker) down to n tiles."""
    H = H.copy()
    for _ in range(int(rng.integers(0, max_replace + 1))):
        r = rng.random()
        if r < 0.2 and k > 0:                    # a joker becomes a real tile
            k -= 1
            H[_random_real_tile(rng, H)] += 1
        elif r < 0.35 and H.any():               # a real tile becomes a joker
            held = np.flatnonzero(H)
            H[int(rng.choice(held))] -= 1
            k += 1
        elif H.any():
            held = np.flatnonzero(H)
            H[int(rng.choice(held))] -= 1
            H[_random_real_tile(rng, H)] += 1
    while H.sum() + k > n:
        if k and rng.random() < k / (H.sum() + k):
            k -= 1
        else:
            held = np.flatnonzero(H)
            H[int(rng.choice(held))] -= 1
    return H, k


def joker_near_complete(rng, count, melds, parity, kmax=8, hand_size=13, special=0.1,
                        hot=0.3, max_replace=2):
    """``count`` (H uint8 (34,), k) pairs: complete shapes with some tiles made jokers,
    0..max_replace tiles replaced, trimmed to 3M+parity tiles."""
    from conftest import complete_hand
    M = (4 if hand_size == 13 else 5) - melds
    n = 3 * M + parity
    out = []
    while len(out) < count:
        r = rng.random()
        T = None
        if r < special:
            T = _special_shape(rng, melds, hand_size)
        if T is None:
            if r < special + hot:
                T = _hot_shape(rng, M)
            else:
                T = complete_hand(rng, M, "dense" if rng.random() < 0.5 else "mixed").astype(np.int64)
        k = int(rng.integers(0, min(kmax, 3 * M + 2) + 1))
        H = _to_jokers(rng, T, k)
        if H is None:
            continue
        H, k = _perturb_joker_hand(rng, H, k, n, max_replace if rng.random() < 0.8 else 0)
        if k > kmax:
            continue
        out.append((H.astype(np.uint8), int(k)))
    return out


def joker_wall_hands(rng, count, melds, parity, kmax=8, hand_size=13):
    """k uniform in 0..kmax (at most the hand size), the real tiles dealt from a wall."""
    M = (4 if hand_size == 13 else 5) - melds
    n = 3 * M + parity
    out = []
    for _ in range(count):
        k = int(rng.integers(0, min(kmax, n) + 1))
        picks = rng.permutation(136)[:n - k] // 4
        out.append((np.bincount(picks, minlength=N_KINDS).astype(np.uint8), k))
    return out


def joker_quad_hands(rng, count, melds, parity, kmax=8, hand_size=13):
    """Hands holding one or two four-of-a-kinds plus jokers, the rest near the quads."""
    M = (4 if hand_size == 13 else 5) - melds
    n = 3 * M + parity
    out = []
    if n < 4:
        return out      # no room for a four-of-a-kind
    while len(out) < count:
        q = 1 if n < 9 or rng.random() < 0.7 else 2
        if n - 4 * q < 0:
            continue
        hi = min(kmax, n - 4 * q)
        k = int(rng.integers(min(1, hi), hi + 1))
        H = np.zeros(N_KINDS, np.int64)
        kinds = rng.choice(N_KINDS, size=q, replace=False)
        H[kinds] = 4
        while H.sum() + k < n:
            base = int(rng.choice(kinds))
            if base < 27 and rng.random() < 0.7:
                pos = base % 9 + int(rng.integers(-2, 3))
                t = base - base % 9 + pos if 0 <= pos < 9 else int(rng.integers(0, N_KINDS))
            else:
                t = int(rng.integers(0, N_KINDS))
            if H[t] < 4:
                H[t] += 1
        out.append((H.astype(np.uint8), k))
    return out


def joker_mixed(rng, count, melds, parity, kmax=8, hand_size=13):
    """~60% near-complete, ~20% quad-heavy, ~20% wall-dealt."""
    n_near = count * 60 // 100
    n_quad = count * 20 // 100
    M = (4 if hand_size == 13 else 5) - melds
    if 3 * M + parity < 4:
        n_quad = 0
    n_wall = count - n_near - n_quad
    out = joker_near_complete(rng, n_near, melds, parity, kmax, hand_size)
    out += joker_quad_hands(rng, n_quad, melds, parity, kmax, hand_size)
    out += joker_wall_hands(rng, n_wall, melds, parity, kmax, hand_size)
    order = rng.permutation(len(out))
    return [out[i] for i in order]
