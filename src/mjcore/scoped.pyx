# cython: language_level=3
"""Scoped jokers: win check, distance (shanten + 1), waits and useful tiles when jokers may stand
only for part of the kinds (docs/scoped_jokers.md).

Model: each joker takes a value in its scope; the hand is judged as if the jokers were those tiles
(drawn tiles are real, so the real part holds at most four of a kind; with ``allow_fifth_copy``
False no kind exceeds four copies, jokers' values included).

The hand splits into five groups: the suits m, p, s, the winds and the dragons. Every scope but
"pung" is a union of groups, so a joker set reduces to per-group joker counts:

* dedicated jokers: suit_m / suit_p / suit_s / wind / dragon go to their group;
* flexible jokers: "number" to one of the suits, "honor" to winds or dragons, "any" anywhere.
  A split of the flexible jokers over the groups (x_g, summing to F) is feasible exactly when the
  suits receive at least the "number" jokers and the honors at least the "honor" jokers.

Per group and joker count j, the group costs max(0, D - j), D the fewest tiles missing from its
real tiles for m sets + p pairs among targets whose copies beyond the fourth (excess) are at most j
(the kernel's per-suit budget rows; the wind and dragon rows are built here at import). The groups
combine by min-plus over sets, pair and flexible jokers; the win check of the standard form does the
same with bit masks ("complete with x flexible jokers").

"pung" jokers fill only pung slots of the standard form (they are dead tiles for the special forms).
The win check with copies beyond the fourth allowed reads each group's pung capacity (the most of its
jokers that can sit in pungs: tables.npz's pung classes) as layers of the same bit masks (:func:`std_win_pung`); otherwise, and for the distance, a small exact dynamic program
per group over the kinds (chows carried along the suit) adds a pung-joker dimension.

Everything is ``nogil``, re-entrant, allocation-free (stack buffers only).
"""
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

import numpy as np

from mjcore import _tables

from mjcore._kernel cimport (
    FORM_KNITTED,
    FORM_SEVEN_PAIRS,
    FORM_STANDARD,
    FORM_THIRTEEN_ORPHANS,
    NO_FORM,
    Ctx,
    Lookup,
    four_mask,
    hand_complete,
    hand_distance,
    knitted_distance,
    knitted_take,
    lookup,
    mj_ctz64,
    mj_keys,
    row_size,
    seven_pairs_distance,
    std_distance,
    std_udistance,
    suit_key,
    thirteen_orphans_distance,
)
from mjcore._tables cimport BUDGET_ROW, N_BUDGET, Tables, get_tables

cdef enum:
    INF = 99
    NSTD = 972          # standard rows: [((p * 6 + m) * 9 + q) * 9 + x]
    NCNT = 135          # count rows (special forms): [n * 9 + x], n <= 14
    DPBUF = 34992       # 6 * 6 * 6 * 2 * 9 * 9 states of the group program

cdef int G_BASE[5]
cdef int G_SIZE[5]
G_BASE[:] = [0, 9, 18, 27, 31]
G_SIZE[:] = [9, 9, 9, 4, 3]

# budget rows of the wind (5**4 keys) and dragon (5**3 keys) groups: [(p * 6 + m) * 9 + e]
cdef uint8_t WIND_ROWS[625 * 108]
cdef uint8_t DRAGON_ROWS[125 * 108]

# win masks: nibble j (0..8) is 1 when the group's r real tiles + j jokers are complete, as sets only
# (p = 0) or sets + the pair (p = 1), with fifth copies allowed (f = 1) or not (one nibble per joker
# count: the sum sets of the groups are plain products, no nibble overflowing):
# suits [((bstate * 18 + r) * 2 + f) * 2 + p], honors [(key * 2 + f) * 2 + p]
cdef uint64_t SUIT_WIN[256 * 18 * 4]
cdef uint64_t WIND_WIN[625 * 4]
cdef uint64_t DRAGON_WIN[125 * 4]
# bits 0..8 spread to nibbles 0..8
cdef uint64_t SPREAD[512]
# pung capacities as nibble masks (fifth copies allowed), per group and pair, each a nibble per joker count t:
# layer q of the capacity masks holds the t whose split puts at least q of the t jokers in pungs, layer k of
# the slack masks the t whose split needs at most k of them elsewhere (in chows or the pair). Suits per pung
# class (tables.npz's suit_pclasses), winds / dragons per key (from wind_ / dragon_pclasses):
# [(class or key * 2 + p) * 18 + (0 capacity, 9 slack) + layer]
cdef uint64_t PUNG_SUIT[256 * 36]
cdef uint64_t PUNG_WIND[625 * 36]
cdef uint64_t PUNG_DRAGON[125 * 36]


# ---------------------------------------------------------------------------------------------
# the exact per-group program (pung jokers; also builds the honor rows)

cdef void group_dp(const uint8_t* c, int n, bint seq, bint fifth, int M, int P, int EM,
                   uint8_t* R, int cap=INF - 1) noexcept nogil:
    """R[((p*6 + m)*9 + q)*9 + e] for m <= M, q <= P, e <= EM: fewest tiles missing from the real
    counts c[0..n) for m sets + p pairs of this group, after at most q pung jokers fill pung slots,
    over targets whose copies beyond the fourth not taken by pung jokers are at most e (with
    ``fifth`` False: no kind above four, pung jokers included). 99 = impossible, or above ``cap``
    (a win check needs no more than the other jokers can fill: far fewer live states).
    """
    cdef uint8_t bufa[DPBUF]
    cdef uint8_t bufb[DPBUF]
    cdef uint16_t livea[DPBUF]
    cdef uint16_t liveb[DPBUF]
    cdef uint8_t* cur = bufa
    cdef uint8_t* nxt = bufb
    cdef uint16_t* lcur = livea
    cdef uint16_t* lnxt = liveb
    cdef uint16_t* lsw
    cdef uint8_t* sw
    cdef int CD = M + 1 if seq else 1
    cdef int NQ = P + 1, NE = EM + 1
    cdef int sQ = NE, sP = NQ * NE
    cdef int sM = 2 * sP
    cdef int sC2 = (M + 1) * sM
    cdef int sC1 = CD * sC2
    cdef int size = CD * sC1
    cdef int i, ci, c1, c2, m, p, q, E, s, a, b, t, d, pj, pjmax, ex, E2, smax, idx, v, val
    cdef int li, ncur, nnxt, rem, base, slack, amax
    cdef bint chow_ok
    # exact division of 16-bit indices by the strides: (x * ceil(2**32 / d)) >> 32
    cdef uint64_t rC1 = ((<uint64_t>1) << 32) // sC1 + 1, rC2 = ((<uint64_t>1) << 32) // sC2 + 1
    cdef uint64_t rM = ((<uint64_t>1) << 32) // sM + 1, rP = ((<uint64_t>1) << 32) // sP + 1
    cdef uint64_t rQ = ((<uint64_t>1) << 32) // sQ + 1
    # sparse: only the live states of a layer are visited (and cleared afterwards)
    memset(cur, INF, size)
    memset(nxt, INF, size)
    cur[0] = 0
    lcur[0] = 0
    ncur = 1
    for i in range(n):
        ci = c[i]
        chow_ok = seq and i <= n - 3
        nnxt = 0
        for li in range(ncur):
            base = lcur[li]
            v = cur[base]
            rem = base
            c1 = <int>((rem * rC1) >> 32)
            rem -= c1 * sC1
            c2 = <int>((rem * rC2) >> 32)
            rem -= c2 * sC2
            m = <int>((rem * rM) >> 32)
            rem -= m * sM
            p = <int>((rem * rP) >> 32)
            rem -= p * sP
            q = <int>((rem * rQ) >> 32)
            E = rem - q * sQ
            # tiles this kind may still miss within the cap: chows and the pair cannot use pung
            # jokers, pungs only P - q of them (necessary conditions; the exact test is below)
            slack = ci + cap - v - c1 - c2
            if slack < 0:
                continue
            smax = (M - m if M - m < slack else slack) if chow_ok else 0
            for s in range(smax + 1):
                amax = (slack - s + P - q) // 3
                if amax > M - m - s:
                    amax = M - m - s
                for a in range(amax + 1):
                    for b in range(2 - p):
                        if s + 2 * b > slack:
                            break
                        t = c1 + c2 + s + 3 * a + 2 * b
                        if not fifth and t > 4:
                            continue
                        d = t - ci if t > ci else 0
                        pjmax = d if d < 3 * a else 3 * a
                        if pjmax > P - q:
                            pjmax = P - q
                        for pj in range(pjmax + 1):
                            val = v + d - pj
                            if val > cap:
                                continue
                            ex = t - pj - 4 if fifth else 0
                            if ex < 0:
                                ex = 0
                            E2 = E + ex
                            if E2 > EM:
                                continue
                            idx = (s * sC1 + c1 * sC2 + (m + s + a) * sM + (p + b) * sP
                                   + (q + pj) * sQ + E2)
                            if val < nxt[idx]:
                                if nxt[idx] == INF:
                                    lnxt[nnxt] = <uint16_t>idx
                                    nnxt += 1
                                nxt[idx] = <uint8_t>val
        if i < n - 1:
            for li in range(ncur):
                cur[lcur[li]] = INF
            sw = cur
            cur = nxt
            nxt = sw
            lsw = lcur
            lcur = lnxt
            lnxt = lsw
            ncur = nnxt
        else:
            cur = nxt
    for p in range(2):
        for m in range(M + 1):
            for q in range(NQ):
                for E in range(NE):
                    v = cur[m * sM + p * sP + q * sQ + E]
                    # at most q pung jokers, at most E excess: prefix minima
                    if q > 0 and R[((p * 6 + m) * 9 + q - 1) * 9 + E] < v:
                        v = R[((p * 6 + m) * 9 + q - 1) * 9 + E]
                    if E > 0 and R[((p * 6 + m) * 9 + q) * 9 + E - 1] < v:
                        v = R[((p * 6 + m) * 9 + q) * 9 + E - 1]
                    R[((p * 6 + m) * 9 + q) * 9 + E] = <uint8_t>v


def _build_honor_rows():
    cdef uint8_t R[NSTD]
    cdef uint8_t c[4]
    cdef int key, n, i, p, m, e, nkeys, rest
    cdef uint8_t* dst
    for n in (4, 3):
        nkeys = 625 if n == 4 else 125
        if n == 4:
            dst = &WIND_ROWS[0]
        else:
            dst = &DRAGON_ROWS[0]
        for key in range(nkeys):
            rest = key
            for i in range(n):
                c[i] = rest % 5
                rest //= 5
            group_dp(c, n, False, True, 5, 0, 8, R)
            for p in range(2):
                for m in range(6):
                    for e in range(9):
                        dst[key * 108 + (p * 6 + m) * 9 + e] = R[((p * 6 + m) * 9) * 9 + e]


_build_honor_rows()


cdef uint16_t _win_mask(const uint8_t* row, int r, bint fifth, int p) noexcept nogil:
    cdef uint16_t mask = 0
    cdef int j, n, m, e
    for j in range(9):
        n = r + j
        if n % 3 != (2 if p else 0):
            continue
        m = n // 3
        if m > 5:
            continue
        e = j if fifth else 0
        if row[(p * 6 + m) * 9 + e] <= j:
            mask |= 1 << j
    return mask


def _build_win_masks():
    cdef const Tables* T = get_tables()
    cdef int nb = <int>_tables.arrays()["suit_bstates"].shape[0]
    cdef int b, r, f, p, key, i
    cdef uint64_t x
    if nb > 256:
        raise ImportError("mjcore: too many suit budget states for the scoped win masks")
    for i in range(512):
        x = 0
        for b in range(9):
            if (i >> b) & 1:
                x |= (<uint64_t>1) << (4 * b)
        SPREAD[i] = x
    for b in range(nb):
        for r in range(18):
            for f in range(2):
                for p in range(2):
                    SUIT_WIN[((b * 18 + r) * 2 + f) * 2 + p] = SPREAD[_win_mask(
                        T.suit_bstates + b * BUDGET_ROW, r, f, p)]
    for key in range(625):
        r = key % 5 + key // 5 % 5 + key // 25 % 5 + key // 125
        for f in range(2):
            for p in range(2):
                WIND_WIN[(key * 2 + f) * 2 + p] = SPREAD[_win_mask(WIND_ROWS + key * 108, r, f, p)]
    for key in range(125):
        r = key % 5 + key // 5 % 5 + key // 25
        for f in range(2):
            for p in range(2):
                DRAGON_WIN[(key * 2 + f) * 2 + p] = SPREAD[_win_mask(DRAGON_ROWS + key * 108, r, f, p)]


_build_win_masks()


cdef void _pung_layers(const int8_t* q, uint64_t* out) noexcept nogil:
    """The capacity and slack layers (see PUNG_SUIT) of one group and pair from its q[t], t = 0..8."""
    cdef int lvl, t
    for lvl in range(9):
        out[lvl] = out[9 + lvl] = 0
        for t in range(9):
            if q[t] >= lvl:                     # (lvl >= 0: the group splits)
                out[lvl] |= (<uint64_t>1) << (4 * t)
            if q[t] >= 0 and t - q[t] <= lvl:
                out[9 + lvl] |= (<uint64_t>1) << (4 * t)


def _build_pung_masks():
    cdef const Tables* T = get_tables()
    cdef int c, p, key
    if T.n_pclasses > 256:
        raise ImportError("mjcore: too many pung classes for the scoped pung masks")
    for c in range(T.n_pclasses):
        for p in range(2):
            _pung_layers(T.suit_pclasses + c * 18 + p * 9, PUNG_SUIT + (c * 2 + p) * 18)
    for key in range(625):
        for p in range(2):
            _pung_layers(T.wind_pclasses + T.wind_pclass[key] * 18 + p * 9, PUNG_WIND + (key * 2 + p) * 18)
    for key in range(125):
        for p in range(2):
            _pung_layers(T.dragon_pclasses + T.dragon_pclass[key] * 18 + p * 9, PUNG_DRAGON + (key * 2 + p) * 18)


_build_pung_masks()


def _group_rows(counts, bint seq, bint fifth, int M, int P, int EM):
    """The group program's rows for one group (tests): array [p, m, q, e] (99 = impossible)."""
    cdef uint8_t c[9]
    cdef uint8_t R[NSTD]
    cdef int i, n = len(counts)
    if not (1 <= n <= 9 and 0 <= M <= 5 and 0 <= P <= 8 and 0 <= EM <= 8):
        raise ValueError("bad group program arguments")
    for i in range(n):
        c[i] = counts[i]
    memset(R, INF, NSTD)
    group_dp(c, n, seq, fifth, M, P, EM, R)
    return np.frombuffer((<char*>R)[:NSTD], np.uint8).reshape(2, 6, 9, 9)[:, :M + 1, :P + 1, :EM + 1].copy()


def _honor_rows(int n):
    """Precomputed budget rows of the wind (n=4) or dragon (n=3) group: [key, p, m, e]."""
    if n == 4:
        return np.frombuffer((<char*>WIND_ROWS)[:625 * 108], np.uint8).reshape(625, 2, 6, 9).copy()
    return np.frombuffer((<char*>DRAGON_ROWS)[:125 * 108], np.uint8).reshape(125, 2, 6, 9).copy()


def _pung_masks(int group, int key):
    """The pung masks of one group (0-2 suits by suit key, 3 winds, 4 dragons by key), for the tests:
    ``(capacity, slack)``, each [p][layer] nibble masks over the jokers t (see PUNG_SUIT)."""
    cdef const Tables* T = get_tables()
    cdef const uint64_t* m
    if group < 3:
        m = PUNG_SUIT + T.suit_pclass[key] * 36
    elif group == 3:
        m = PUNG_WIND + key * 36
    else:
        m = PUNG_DRAGON + key * 36
    return tuple([[int(m[p * 18 + kind * 9 + q]) for q in range(9)] for p in range(2)] for kind in range(2))


# ---------------------------------------------------------------------------------------------
# joker bookkeeping

cdef bint scoped_restricted(const Scoped* sj) noexcept nogil:
    """Some joker is not an "any" joker (else the plain joker kernel applies)."""
    return sj.total != sj.n[SC_ANY]


cdef inline void fixed_counts(const Scoped* sj, int* f) noexcept nogil:
    f[0] = sj.n[SC_SUIT_M]
    f[1] = sj.n[SC_SUIT_P]
    f[2] = sj.n[SC_SUIT_S]
    f[3] = sj.n[SC_WIND]
    f[4] = sj.n[SC_DRAGON]


cdef inline const uint8_t* group_row(const Tables* T, const uint8_t* h, int g) noexcept nogil:
    """Budget row [(p*6 + m)*9 + e] of group g (suits: the kernel's tables)."""
    cdef uint32_t key
    if g < 3:
        return T.suit_bstates + T.suit_bstate[suit_key(h + 9 * g)] * BUDGET_ROW
    if g == 3:
        key = h[27] + 5 * h[28] + 25 * h[29] + 125 * h[30]
        return WIND_ROWS + key * 108
    key = h[31] + 5 * h[32] + 25 * h[33]
    return DRAGON_ROWS + key * 108


# ---------------------------------------------------------------------------------------------
# min-plus combination

cdef void comb_std(const uint8_t* a, const uint8_t* b, uint8_t* out, int M, int P,
                   int F) noexcept nogil:
    """out[p, m, q, x] = min over splits of a + b (pair, sets, pung jokers, flexible jokers)."""
    cdef int p, m, q, x, pa, ma, qa, xa, ia, ib, v, best
    for p in range(2):
        for m in range(M + 1):
            for q in range(P + 1):
                for x in range(F + 1):
                    best = INF
                    for pa in range(p + 1):
                        for ma in range(m + 1):
                            for qa in range(q + 1):
                                ia = ((pa * 6 + ma) * 9 + qa) * 9
                                ib = (((p - pa) * 6 + m - ma) * 9 + q - qa) * 9 + x
                                for xa in range(x + 1):
                                    v = a[ia + xa] + b[ib - xa]
                                    if v < best:
                                        best = v
                    out[((p * 6 + m) * 9 + q) * 9 + x] = <uint8_t>best


cdef int final_std(const uint8_t* S, const uint8_t* H, int M, int P, int F, int N,
                   int Hn) noexcept nogil:
    """Suits S and honors H: M sets + one pair, P pung jokers, F flexible jokers of which the
    suits take at least N and the honors at least Hn."""
    cdef int ps, ms, qs, xs, v, best = INF
    for ps in range(2):
        for ms in range(M + 1):
            for qs in range(P + 1):
                for xs in range(N, F - Hn + 1):
                    v = (S[((ps * 6 + ms) * 9 + qs) * 9 + xs]
                         + H[(((1 - ps) * 6 + M - ms) * 9 + P - qs) * 9 + F - xs])
                    if v < best:
                        best = v
    return best


cdef void comb_cnt(const uint8_t* a, const uint8_t* b, uint8_t* out, int NT, int F) noexcept nogil:
    cdef int n, x, na, xa, v, best
    for n in range(NT + 1):
        for x in range(F + 1):
            best = INF
            for na in range(n + 1):
                for xa in range(x + 1):
                    v = a[na * 9 + xa] + b[(n - na) * 9 + x - xa]
                    if v < best:
                        best = v
            out[n * 9 + x] = <uint8_t>best


cdef int final_cnt(const uint8_t* S, const uint8_t* H, int NT, int F, int N, int Hn) noexcept nogil:
    cdef int ns, xs, v, best = INF
    for ns in range(NT + 1):
        for xs in range(N, F - Hn + 1):
            v = S[ns * 9 + xs] + H[(NT - ns) * 9 + F - xs]
            if v < best:
                best = v
    return best


cdef int combine_groups_cnt(uint8_t* rows, int NT, int F, int N, int Hn) noexcept nogil:
    """rows: five count rows (NCNT each) -> the best total cost."""
    cdef uint8_t ab[NCNT]
    cdef uint8_t abc[NCNT]
    cdef uint8_t hz[NCNT]
    comb_cnt(rows, rows + NCNT, ab, NT, F)
    comb_cnt(ab, rows + 2 * NCNT, abc, NT, F)
    comb_cnt(rows + 3 * NCNT, rows + 4 * NCNT, hz, NT, F)
    return final_cnt(abc, hz, NT, F, N, Hn)


cdef inline void cost_row_cnt(const int* D, int NT, int j0, int F, uint8_t* out) noexcept nogil:
    """out[n*9 + x] = max(0, D[n] - j0 - x) (D[n] >= INF: impossible)."""
    cdef int n, x, v
    for n in range(NT + 1):
        for x in range(F + 1):
            if D[n] >= INF:
                out[n * 9 + x] = INF
            else:
                v = D[n] - j0 - x
                out[n * 9 + x] = <uint8_t>(v if v > 0 else 0)


# ---------------------------------------------------------------------------------------------
# standard form

cdef int std_cost(const Tables* T, const uint8_t* h, int M, const Ctx* ctx, const Scoped* sj,
                  const int* extra, bint pung, int cap=INF - 1) noexcept nogil:
    """Fewest draws for M sets + a pair after the jokers fill what they can (``extra``: tiles
    missing per group besides, for 组合龙; ``pung``: pung jokers take part; ``cap``: groups
    missing more than this many tiles after the pung jokers count as impossible)."""
    cdef uint8_t rows[5 * NSTD]
    cdef uint8_t R[NSTD]
    cdef uint8_t ab[NSTD]
    cdef uint8_t abc[NSTD]
    cdef uint8_t hz[NSTD]
    cdef int f[5]
    cdef int N = sj.n[SC_NUMBER], Hn = sj.n[SC_HONOR]
    cdef int F = N + Hn + sj.n[SC_ANY]
    cdef int P = sj.n[SC_PUNG] if pung else 0
    cdef int EM = 0
    cdef int g, p, m, q, x, j, e, v, add
    cdef bint fifth = ctx.fifth
    cdef const uint8_t* src
    cdef uint8_t* row
    fixed_counts(sj, f)
    if fifth:
        EM = sj.total - sj.n[SC_PUNG]
        if EM > 8:
            EM = 8
    for g in range(5):
        row = rows + g * NSTD
        add = extra[g] if extra != NULL else 0
        if P > 0:
            group_dp(h + G_BASE[g], G_SIZE[g], g < 3, fifth, M, P, EM, R, cap)
            for p in range(2):
                for m in range(M + 1):
                    for q in range(P + 1):
                        for x in range(F + 1):
                            j = f[g] + x
                            e = j if j < EM else EM
                            v = R[((p * 6 + m) * 9 + q) * 9 + e]
                            if v >= INF:
                                v = INF
                            else:
                                v = v + add - j
                                if v < 0:
                                    v = 0
                            row[((p * 6 + m) * 9 + q) * 9 + x] = <uint8_t>v
        else:
            src = group_row(T, h, g)
            for p in range(2):
                for m in range(M + 1):
                    for x in range(F + 1):
                        j = f[g] + x
                        e = (j if j < 8 else 8) if fifth else 0
                        v = src[(p * 6 + m) * 9 + e]
                        if v >= INF:
                            v = INF
                        else:
                            v = v + add - j
                            if v < 0:
                                v = 0
                        row[(p * 6 + m) * 81 + x] = <uint8_t>v
    comb_std(rows, rows + NSTD, ab, M, P, F)
    comb_std(ab, rows + 2 * NSTD, abc, M, P, F)
    comb_std(rows + 3 * NSTD, rows + 4 * NSTD, hz, M, P, F)
    return final_std(abc, hz, M, P, F, N, Hn)


cdef inline void group_sizes(const uint8_t* h, int* r) noexcept nogil:
    """Tiles per group (m, p, s, winds, dragons): byte sums of unaligned 8-byte loads."""
    cdef uint64_t a, b, c, d
    memcpy(&a, h, 8)            # 1m-8m
    memcpy(&b, h + 9, 8)        # 1p-8p
    memcpy(&c, h + 18, 8)       # 1s-8s
    memcpy(&d, h + 26, 8)       # 9s + 7 honors
    r[0] = <int>((a * 0x0101010101010101ULL) >> 56) + h[8]
    r[1] = <int>((b * 0x0101010101010101ULL) >> 56) + h[17]
    r[2] = <int>((c * 0x0101010101010101ULL) >> 56) + h[26]
    r[3] = h[27] + h[28] + h[29] + h[30]
    r[4] = h[31] + h[32] + h[33]


cdef inline uint64_t norm(uint64_t x) noexcept nogil:
    """Nibble counts -> nibble flags (count > 0)."""
    return (x | (x >> 1) | (x >> 2) | (x >> 3)) & 0x1111111111111111ULL


cdef inline uint64_t nibbles_upto(int x) noexcept nogil:
    """Nibbles 0..x set to 1 (none for x < 0; x <= 14)."""
    return ((((<uint64_t>1) << (4 * x + 4)) - 1) & 0x1111111111111111ULL) if x >= 0 else 0


cdef inline bint sum_sets(const uint64_t* s0, const uint64_t* s1, uint64_t lim, int n) noexcept nogil:
    """Whether the five groups' nibble masks (``s0``: sets only, ``s1``: sets + the pair, over the jokers each
    takes) take ``n`` jokers in all with the pair in one group, the suits' share within ``lim``."""
    cdef uint64_t ab0, ab1, su0, su1, ho0, ho1
    ab0 = norm(s0[0] * s0[1])
    ab1 = norm(s1[0] * s0[1] + s0[0] * s1[1])
    su0 = norm(ab0 * s0[2])
    su1 = norm(ab1 * s0[2] + ab0 * s1[2])
    ho0 = norm(s0[3] * s0[4])
    ho1 = norm(s1[3] * s0[4] + s0[3] * s1[4])
    return ((((su0 & lim) * ho1 + (su1 & lim) * ho0) >> (4 * n)) & 15) != 0


cdef bint std_win_fast(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                       const Scoped* sj, const uint32_t* keys) noexcept nogil:
    """Standard-form win check without pung jokers (a 3M+2 hand, jokers included).

    Per group, two nibble masks over the flexible jokers it could take (x = 0..F): complete as sets
    only / as sets + the pair with its fixed jokers + x (precomputed per block state and size, a
    nibble per x). The sum sets of the groups are plain products: a group's size with its jokers is
    fixed mod 3 (0 for sets, 2 with the pair), so at most three of its nibbles 0..8 are set and a
    normalised product's nibbles fall in one class mod 3; a product then counts at most three ways in
    a nibble, the sum of two at most six (no carry). ``keys``: the row's block keys (``mj_keys``), or
    NULL.
    """
    cdef int f[5]
    cdef int r[5]
    cdef const uint64_t* w[5]
    cdef uint64_t s0[5]
    cdef uint64_t s1[5]
    cdef int N = sj.n[SC_NUMBER], Hn = sj.n[SC_HONOR]
    cdef int F = N + Hn + sj.n[SC_ANY]
    cdef int g, fi = 1 if ctx.fifth else 0
    cdef uint32_t key[4]
    fixed_counts(sj, f)
    group_sizes(h, r)
    if keys == NULL:
        mj_keys(h, key)         # the suits' keys from vector registers (the honors are read apart)
        keys = key
    w[0] = SUIT_WIN + ((T.suit_bstate[keys[0]] * 18 + r[0]) * 2 + fi) * 2
    w[1] = SUIT_WIN + ((T.suit_bstate[keys[1]] * 18 + r[1]) * 2 + fi) * 2
    w[2] = SUIT_WIN + ((T.suit_bstate[keys[2]] * 18 + r[2]) * 2 + fi) * 2
    w[3] = WIND_WIN + ((h[27] + 5 * h[28] + 25 * h[29] + 125 * h[30]) * 2 + fi) * 2
    w[4] = DRAGON_WIN + ((h[31] + 5 * h[32] + 25 * h[33]) * 2 + fi) * 2
    for g in range(5):
        # x flexible jokers on top of the fixed ones (no bound needed: the final nibble F sums only the
        # splits of F, and a product's low nibbles never read its factors' higher ones)
        s0[g] = w[g][0] >> (4 * f[g])
        s1[g] = w[g][1] >> (4 * f[g])
    # the suits take xs in N..F - Hn flexible jokers, the honors F - xs: nibble F of the product
    return sum_sets(s0, s1, nibbles_upto(F - Hn) & ~nibbles_upto(N - 1), F)


cdef inline void comb_layers(const uint64_t* A, const uint64_t* B, uint64_t* C, int L) noexcept nogil:
    """C[p * 9 + l]: the sum sets of two groups' layers (A, B alike: [p * 9 + l], l = 0..L, each layer a
    nibble mask over the jokers taken, the layers growing or shrinking with l): layer l of the sum
    holds every split of l between the two (the sums of other splits lie in one of these)."""
    cdef int l, l1
    cdef uint64_t c0, c1
    for l in range(L + 1):
        c0 = c1 = 0
        for l1 in range(l + 1):
            c0 |= norm(A[l1] * B[l - l1])
            c1 |= norm(A[9 + l1] * B[l - l1] + A[l1] * B[9 + l - l1])
        C[l] = c0
        C[9 + l] = c1


cdef bint std_win_pung(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                       const Scoped* sj, const uint32_t* keys) noexcept nogil:
    """Standard-form win check with pung jokers, copies beyond the fourth allowed (a 3M+2 hand, jokers
    included): :func:`std_win_fast` with one dimension more.

    A group whose real tiles and t jokers split into sets (+ the pair) with at most Q(t) of the jokers in
    pungs (its pung capacity: tables.npz's suit_, wind_ and dragon_pclasses) takes u of
    the jokers that are not its own (its own: the fixed ones, f), q of them pung jokers, when q <= u and
    q <= Q(f + u): fewer pung jokers always fit (a joker of any scope fills a pung joker's place). Two
    equal ways to layer the groups' masks over u, the one of fewer layers taken:

    * by the pung jokers taken, q = 0..P (capacity layers); the suits then take q_s of the P pung jokers,
      the honors P - q_s, the suits' other jokers (u - q_s) within N..F - Hn;
    * by the other jokers a group needs besides its own (slack layers: the d = 0..F whose u satisfy
      u - d <= Q(f + u), i.e. t - Q(t) <= f + d); the suits then take x_s of the F other jokers, with
      d_s <= x_s, d_h <= F - x_s, x_s within N..F - Hn and u_s - P <= x_s <= u_s.
    """
    cdef int f[5]
    cdef uint64_t s0[5]
    cdef uint64_t s1[5]
    cdef uint64_t G[5][18]
    cdef uint64_t ab[18]
    cdef uint64_t su[18]
    cdef uint64_t ho[18]
    cdef const uint64_t* src[5]
    cdef int P = sj.n[SC_PUNG], N = sj.n[SC_NUMBER], Hn = sj.n[SC_HONOR]
    cdef int F = N + Hn + sj.n[SC_ANY]
    cdef bint slack = F <= P
    cdef int L = F if slack else P
    cdef int g, p, l, x, k
    cdef uint64_t m, lim
    cdef uint32_t key[4]
    if P > 8:                                   # (the layers' arrays; the callers allow 8 jokers in all)
        return False
    fixed_counts(sj, f)
    if keys == NULL:
        mj_keys(h, key)
        keys = key
    src[0] = PUNG_SUIT + T.suit_pclass[keys[0]] * 36
    src[1] = PUNG_SUIT + T.suit_pclass[keys[1]] * 36
    src[2] = PUNG_SUIT + T.suit_pclass[keys[2]] * 36
    src[3] = PUNG_WIND + (h[27] + 5 * h[28] + 25 * h[29] + 125 * h[30]) * 36
    src[4] = PUNG_DRAGON + (h[31] + 5 * h[32] + 25 * h[33]) * 36
    if F == 0:                                  # (one slack layer, none needed elsewhere: std_win_fast's sums)
        for g in range(5):
            s0[g] = src[g][9 + (f[g] if f[g] < 8 else 8)] >> (4 * f[g])
            s1[g] = src[g][27 + (f[g] if f[g] < 8 else 8)] >> (4 * f[g])
        return sum_sets(s0, s1, nibbles_upto(P), P)
    for g in range(5):
        for p in range(2):
            for l in range(L + 1):
                if slack:
                    k = f[g] + l
                    G[g][p * 9 + l] = src[g][p * 18 + 9 + (k if k < 8 else 8)] >> (4 * f[g])
                else:                           # (the q pung jokers are among the u)
                    G[g][p * 9 + l] = (src[g][p * 18 + l] >> (4 * f[g])) & ~nibbles_upto(l - 1)
    comb_layers(G[0], G[1], ab, L)
    comb_layers(ab, G[2], su, L)
    comb_layers(G[3], G[4], ho, L)
    for x in range(N if slack else 0, (F - Hn if slack else P) + 1):
        if slack:                               # x: the suits' other jokers, u_s within x..x + P
            lim = nibbles_upto(x + P) & ~nibbles_upto(x - 1)
            m = (su[x] & lim) * ho[9 + F - x] + (su[9 + x] & lim) * ho[F - x]
        else:                                   # x: the suits' pung jokers
            lim = nibbles_upto(F - Hn + x) & ~nibbles_upto(N + x - 1)
            m = (su[x] & lim) * ho[9 + P - x] + (su[9 + x] & lim) * ho[P - x]
        if (m >> (4 * (F + P))) & 15:
            return True
    return False


cdef bint std_complete_pung(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                            const Scoped* sj) noexcept nogil:
    """:func:`std_win_pung` without copies beyond the fourth (the exact per-group program)."""
    cdef Lookup L
    lookup(T, h, &L)
    # a scoped win is a plain win with as many jokers: a quick rejection before the program
    if (std_udistance(T, &L, M) if ctx.fifth else std_distance(T, &L, M)) > sj.total:
        return False
    # a win leaves no group missing more tiles than the other jokers can fill
    return std_cost(T, h, M, ctx, sj, NULL, True, sj.total - sj.n[SC_PUNG]) == 0


ctypedef bint (*check_fn)(const Tables*, const uint8_t*, int, const Ctx*, const Scoped*) noexcept nogil
# the slow paths are called through pointers: kept out of line, their large stack frames (the
# program's buffers) are not set up for every fast check
cdef check_fn _std_complete_pung = std_complete_pung


cdef inline bint std_complete_scoped(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                                     const Scoped* sj, const uint32_t* keys) noexcept nogil:
    """Standard form only: a 3M+2 hand (jokers included) is complete; ``keys``: the row's block keys
    (``mj_keys``), or NULL."""
    if sj.n[SC_PUNG] == 0:
        return std_win_fast(T, h, M, ctx, sj, keys)
    if ctx.fifth:
        return std_win_pung(T, h, M, ctx, sj, keys)
    return _std_complete_pung(T, h, M, ctx, sj)


# ---------------------------------------------------------------------------------------------
# special forms (pung jokers take no part: they are dead tiles here)

cdef int seven_pairs_cost(const uint8_t* h, const Ctx* ctx, const Scoped* sj) noexcept nogil:
    cdef uint8_t rows[5 * NCNT]
    cdef int D[8]
    cdef int f[5]
    cdef int N = sj.n[SC_NUMBER], Hn = sj.n[SC_HONOR]
    cdef int F = N + Hn + sj.n[SC_ANY]
    cdef int g, i, c, z0, z1, cap, n
    fixed_counts(sj, f)
    for g in range(5):
        # marginal costs of the pairs this group can hold, sorted: z0 zeros, z1 ones, then twos
        z0 = 0
        z1 = 0
        for i in range(G_BASE[g], G_BASE[g] + G_SIZE[g]):
            c = h[i]
            if ctx.quads:
                z0 += (c >= 2) + (c == 4)
                z1 += (c == 3) + (c == 1)
            else:
                z0 += c >= 2
                z1 += c == 1
        cap = G_SIZE[g] * (2 if ctx.quads else 1)
        for n in range(8):
            if n > cap:
                D[n] = INF
            elif n <= z0:
                D[n] = 0
            elif n <= z0 + z1:
                D[n] = n - z0
            else:
                D[n] = z1 + 2 * (n - z0 - z1)
        cost_row_cnt(D, 7, f[g], F, rows + g * NCNT)
    return combine_groups_cnt(rows, 7, F, N, Hn)


cdef int orphans_cost(const uint8_t* h, const Scoped* sj) noexcept nogil:
    cdef uint8_t rows[5 * NCNT]
    cdef int D[2]
    cdef int f[5]
    cdef int N = sj.n[SC_NUMBER], Hn = sj.n[SC_HONOR]
    cdef int F = N + Hn + sj.n[SC_ANY]
    cdef int g, i, miss, two
    fixed_counts(sj, f)
    for g in range(5):
        miss = 0
        two = 0
        for i in range(G_BASE[g], G_BASE[g] + G_SIZE[g]):
            if g < 3 and i != G_BASE[g] and i != G_BASE[g] + 8:
                continue
            miss += h[i] == 0
            two |= h[i] >= 2
        D[0] = miss
        D[1] = miss + (0 if two else 1)
        cost_row_cnt(D, 1, f[g], F, rows + g * NCNT)
    return combine_groups_cnt(rows, 1, F, N, Hn)


cdef int knitted_cost(const Tables* T, const uint8_t* h, const Ctx* ctx,
                      const Scoped* sj) noexcept nogil:
    """全不靠 (melds == 0) and 组合龙 + (1 - melds) sets + pair, over the six knitted
    assignments (the same removal of present knitted tiles as the plain kernel)."""
    cdef uint8_t rows[5 * NCNT]
    cdef uint8_t tmp[34]
    cdef int D[15]
    cdef int f[5]
    cdef int kdef[5]
    cdef int present[5]
    cdef int N = sj.n[SC_NUMBER], Hn = sj.n[SC_HONOR]
    cdef int F = N + Hn + sj.n[SC_ANY]
    cdef int order, s, g, n, cap, d, best = NO_FORM, i
    cdef int melds = ctx.melds
    cdef Scoped nopung
    if melds > 1:
        return NO_FORM
    nopung = sj[0]
    nopung.total -= nopung.n[SC_PUNG]
    nopung.n[SC_PUNG] = 0
    fixed_counts(sj, f)
    present[3] = 0
    present[4] = 0
    for i in range(27, 31):
        present[3] += h[i] > 0
    for i in range(31, 34):
        present[4] += h[i] > 0
    kdef[3] = 0
    kdef[4] = 0
    for order in range(6):
        knitted_take(h, order, tmp, present)
        for s in range(3):
            kdef[s] = 3 - present[s]
        if melds == 0:
            for g in range(5):
                cap = G_SIZE[g] if g >= 3 else 3
                for n in range(15):
                    D[n] = INF if n > cap else (n - present[g] if n > present[g] else 0)
                cost_row_cnt(D, 14, f[g], F, rows + g * NCNT)
            d = combine_groups_cnt(rows, 14, F, N, Hn)
            if d < best:
                best = d
        d = std_cost(T, tmp, 1 - melds, ctx, &nopung, kdef, False)
        if d < best:
            best = d
    return best


# ---------------------------------------------------------------------------------------------
# all forms

cdef int scoped_distance(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                         const Scoped* sj) noexcept nogil:
    """Fewest tiles still to draw (shanten + 1) over the allowed forms, the jokers filling what
    their scopes allow. M = (real + jokers) // 3."""
    cdef int best = NO_FORM - sj.total, d
    cdef bint concealed13 = ctx.thirteen_play and ctx.melds == 0
    if ctx.forms & FORM_STANDARD:
        d = std_cost(T, h, M, ctx, sj, NULL, sj.n[SC_PUNG] > 0)
        if d < best:
            best = d
    if concealed13 and ctx.forms & FORM_SEVEN_PAIRS:
        d = seven_pairs_cost(h, ctx, sj)
        if d < best:
            best = d
    if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS:
        d = orphans_cost(h, sj)
        if d < best:
            best = d
    if ctx.thirteen_play and ctx.forms & FORM_KNITTED:
        d = knitted_cost(T, h, ctx, sj)
        if d < best:
            best = d
    return best


cdef bint scoped_complete(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                          const Scoped* sj, const uint32_t* keys=NULL) noexcept nogil:
    """Win check of a 3M+2 hand (real tiles + jokers) over the allowed forms; ``keys``: the row's block keys
    (``mj_keys``) if the caller has them."""
    if ctx.forms & FORM_STANDARD and std_complete_scoped(T, h, M, ctx, sj, keys):
        return True
    if sj.n[SC_PUNG] or not (ctx.forms & ~FORM_STANDARD):
        return False      # every special form leaves the pung jokers unused
    return _special_complete(T, h, M, ctx, sj)


cdef bint special_complete(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                           const Scoped* sj) noexcept nogil:
    """Win check of the special forms (no pung joker)."""
    cdef Ctx c = ctx[0]
    cdef int k = sj.total
    cdef bint concealed13 = ctx.thirteen_play and ctx.melds == 0
    c.jokers = k
    if concealed13 and ctx.forms & FORM_SEVEN_PAIRS and seven_pairs_distance(h, ctx.quads) <= k:
        if seven_pairs_cost(h, ctx, sj) == 0:
            return True
    if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS and thirteen_orphans_distance(h) <= k:
        if orphans_cost(h, sj) == 0:
            return True
    if ctx.thirteen_play and ctx.forms & FORM_KNITTED and knitted_distance(T, h, &c) <= k:
        if knitted_cost(T, h, ctx, sj) == 0:
            return True
    return False


cdef check_fn _special_complete = special_complete


cdef uint64_t scoped_exhausted(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                               const Scoped* sj) noexcept nogil:
    """Tiles held four times whose (non-existent) fifth copy would complete a 3M+1 hand: the
    standard form only. Five copies of t use a pung of t (all real) or a chow through t (its other
    tiles real where the hand has them, else jokers whose scope holds them)."""
    cdef uint8_t tmp[34]
    cdef uint64_t w = 0
    cdef int t, start, j, nmiss, g, ca, cb
    cdef int pool[3]
    cdef int miss[2]
    cdef Scoped rest
    cdef Ctx c = ctx[0]
    cdef bint done
    if not (ctx.forms & FORM_STANDARD) or M < 1:
        return 0
    memcpy(tmp, h, 34)
    for t in range(34):
        if h[t] != 4:
            continue
        tmp[t] = 2                              # 4 + 1 - a pung of t
        c.jokers = sj.total
        done = std_complete_scoped(T, tmp, M - 1, &c, sj, NULL)
        tmp[t] = 4
        if done:
            w |= (<uint64_t>1) << t
            continue
        if t >= 27:
            continue
        g = t // 9
        pool[0] = SC_SUIT_M + g
        pool[1] = SC_NUMBER
        pool[2] = SC_ANY
        for start in range(t - 2, t + 1):
            if done or start < 9 * g or start + 2 > 9 * g + 8:
                continue
            nmiss = 0
            for j in range(start, start + 3):
                if j != t:
                    if tmp[j] > 0:
                        tmp[j] -= 1
                    else:
                        miss[nmiss] = j
                        nmiss += 1
            # each missing chow tile is a joker of one of the pools covering its suit
            for ca in range(3 if nmiss >= 1 else 1):
                for cb in range(3 if nmiss >= 2 else 1):
                    if done:
                        break
                    rest = sj[0]
                    if nmiss >= 1:
                        rest.n[pool[ca]] -= 1
                    if nmiss >= 2:
                        rest.n[pool[cb]] -= 1
                    if rest.n[pool[ca]] < 0 or rest.n[pool[cb]] < 0:
                        continue
                    rest.total -= nmiss
                    c.jokers = rest.total
                    if std_complete_scoped(T, tmp, M - 1, &c, &rest, NULL):
                        done = True
            memcpy(tmp, h, 34)
        if done:
            w |= (<uint64_t>1) << t
    return w


cdef uint64_t scoped_waits(const Tables* T, const uint8_t* h, const Ctx* ctx, const Scoped* sj,
                           uint64_t* four) noexcept nogil:
    """Waits of a 3M+1 hand holding scoped jokers; ``four`` receives the tiles held four times.
    Drawable waits: ``w & ~four``; ``w & four``: waits on a fifth copy (only with ``fifth``)."""
    cdef uint8_t tmp[34]
    cdef uint64_t w = 0
    cdef int t, M
    cdef Ctx c = ctx[0]
    c.jokers = sj.total
    four[0] = four_mask(h)
    M = (row_size(h) + sj.total + 1) // 3
    if ctx.fifth and four[0] and sj.total > 0:
        w = scoped_exhausted(T, h, M, &c, sj)
    if hand_distance(T, h, M, &c) > 1:        # not even tenpai with unrestricted jokers
        return w
    memcpy(tmp, h, 34)
    for t in range(34):
        if tmp[t] < 4:
            tmp[t] += 1
            if scoped_complete(T, tmp, M, &c, sj):
                w |= (<uint64_t>1) << t
            tmp[t] -= 1
    return w


cdef uint64_t scoped_useful(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                            const Scoped* sj, int* distance) noexcept nogil:
    """Tiles (held fewer than four times) whose draw lowers the distance of a 3M+1 hand."""
    cdef uint8_t tmp[34]
    cdef uint64_t u = 0
    cdef int t, base = scoped_distance(T, h, M, ctx, sj)
    distance[0] = base
    memcpy(tmp, h, 34)
    for t in range(34):
        if tmp[t] < 4:
            tmp[t] += 1
            if scoped_distance(T, tmp, M, ctx, sj) < base:
                u |= (<uint64_t>1) << t
            tmp[t] -= 1
    return u


# ---------------------------------------------------------------------------------------------
# scope names (the boundary's vocabulary)

SCOPES = ("any", "suit_m", "suit_p", "suit_s", "number", "honor", "wind", "dragon", "pung")
