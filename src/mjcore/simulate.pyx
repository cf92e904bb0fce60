# cython: language_level=3
"""Deals from real walls and the solo-play simulation loop, without the GIL, split across threads.

Randomness is per deal: deal ``i`` of seed ``s`` draws from its own splitmix64 stream seeded from
``(s, i)``, and its wall is shuffled lazily (a Fisher-Yates step per tile taken), so every result
depends only on ``(rules, seed, i)``: not on ``workers``, the chunk size or the start of a chunk.

Wall codes: 0-33 are the tile kinds, 34-41 the eight flowers (梅兰竹菊春夏秋冬, Guobiao only). A
wall holds four copies of each kind of its rule set (``kinds``: any set of kinds, e.g. 清远's 9..33)
and its flowers; the template lists them by ascending kind, so the walls of the kinds 0..26 and
0..33 are those of ``n_kinds=27`` / ``34``.

Jokers (``play``): a fixed joker mask, or an indicator flipped from the wall after the deal (the
next tile, set aside) whose joker kinds are ``joker_table[indicator]``. A deal with jokers plays
with the kernel's joker distance and win check (``hand_distance`` / ``hand_complete`` with
``Ctx.jokers``) and never discards a joker.

The Python layer (``mjpy.random``, ``mjpy.simulation``) validates every argument; the functions
here check types and ranges once more and raise ``ValueError`` / ``TypeError``.
"""
import numpy as np

from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from mjcore._kernel cimport (
    FORM_KNITTED,
    FORM_SEVEN_PAIRS,
    FORM_STANDARD,
    FORM_THIRTEEN_ORPHANS,
    Ctx,
    Lookup,
    hand_complete,
    hand_distance,
    hand_useful,
    four_mask,
    knitted_distance,
    mj_ctz64,
    lookup,
    seven_pairs_distance,
    std_distance,
    thirteen_orphans_distance,
)
from mjcore._tables cimport Tables, get_tables

from mjcore.batch import _executor, resolve_workers

DEF MAX_WALL = 144
DEF N_FLOWER_KINDS = 8

cdef uint32_t POW5[9]
POW5[0] = 1
for _i in range(1, 9):
    POW5[_i] = POW5[_i - 1] * 5

# Fixed discard order for ties (lower first): honors 东南西北中发白, then ranks 1/9, 2/8, 3/7, 4/6, 5,
# suits m, p, s within a rank.
cdef uint8_t RANK_ORDER[34]
_ORDER = list(range(27, 34)) + [s * 9 + r for r in (0, 8, 1, 7, 2, 6, 3, 5, 4) for s in range(3)]
for _i, _t in enumerate(_ORDER):
    RANK_ORDER[_t] = _i
DISCARD_ORDER = tuple(_ORDER)


# ---------------------------------------------------------------------------------------------
# random streams

cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef struct Stream:
    uint64_t s                # splitmix64 state
    int pos                   # tiles taken so far
    int n                     # wall size
    int flowers               # flowers set aside so far
    uint8_t wall[MAX_WALL]


cdef inline void stream_init(Stream* st, const uint8_t* tmpl, int n, uint64_t seed,
                             uint64_t index) noexcept nogil:
    st.s = mix64(mix64(seed ^ 0x6A09E667F3BCC909ULL) + mix64(index + 0x3C6EF372FE94F82BULL))
    st.pos = 0
    st.n = n
    st.flowers = 0
    memcpy(st.wall, tmpl, n)


cdef inline uint64_t next64(Stream* st) noexcept nogil:
    st.s += 0x9E3779B97F4A7C15ULL
    return mix64(st.s)


cdef inline uint32_t bounded(Stream* st, uint32_t n) noexcept nogil:
    """Uniform in [0, n): Lemire's multiply-shift with rejection (exact)."""
    cdef uint64_t m = (next64(st) >> 32) * n
    cdef uint32_t l = <uint32_t>m, t
    if l < n:
        t = (<uint32_t>(0x100000000ULL - n)) % n
        while l < t:
            m = (next64(st) >> 32) * n
            l = <uint32_t>m
    return <uint32_t>(m >> 32)


cdef inline int take(Stream* st) noexcept nogil:
    """The next wall position (lazy Fisher-Yates); -1 if the wall is empty."""
    cdef int j
    cdef uint8_t x
    if st.pos >= st.n:
        return -1
    j = st.pos + <int>bounded(st, <uint32_t>(st.n - st.pos))
    x = st.wall[j]
    st.wall[j] = st.wall[st.pos]
    st.wall[st.pos] = x
    st.pos += 1
    return x


cdef inline int draw_tile(Stream* st) noexcept nogil:
    """The next tile kind; flowers are set aside (补花) and replaced by the next tile."""
    cdef int t = take(st)
    while t >= 34:
        st.flowers += 1
        t = take(st)
    return t


# ---------------------------------------------------------------------------------------------
# rule sets and distances

cdef struct Rules:
    int n_kinds               # kinds in the wall (27: the suits, 34: with honors, 25: 清远)
    uint64_t kinds            # bit mask of those kinds
    int n_flowers             # 0 or 8
    int n_wall
    int forms                 # FORM_* mask
    bint quads                # seven pairs: four of a kind = two pairs
    bint dingque              # Sichuan 定缺
    int hand_size
    int n_sets                # sets of a complete hand: (hand_size - 1) / 3 (4, or 5 in 16-tile play)
    bint flip                 # an indicator is flipped from the wall after the deal
    uint64_t joker_fixed      # joker kinds without an indicator (0: none)
    uint64_t joker_table[34]  # joker kinds by flipped indicator
    bint fifth                # a joker may be a copy beyond the fourth
    int stand_in              # a kind whose tiles play the deal's (single) joker kind's face (徐州 白板), -1
    int stand_may             # 0: every stand-in tile plays the face; k > 0: up to k may (福建 活動百搭)
    uint8_t tmpl[MAX_WALL]


cdef int make_rules(Rules* R, uint64_t kinds, int n_flowers, int forms, bint quads, bint dingque,
                    int hand_size) except -1:
    cdef int i, t, n_kinds = 0
    if kinds == 0 or kinds >> 34:
        raise ValueError("kinds must be a non-empty set of tile indices 0..33")
    if n_flowers < 0 or n_flowers > N_FLOWER_KINDS:
        raise ValueError(f"n_flowers must be 0..8, got {n_flowers}")
    R.kinds = kinds
    R.n_flowers = n_flowers
    R.forms = forms
    R.quads = quads
    R.dingque = dingque
    R.hand_size = hand_size
    R.n_sets = (hand_size - 1) // 3
    R.flip = False
    R.joker_fixed = 0
    R.stand_in = -1
    R.stand_may = 0
    R.fifth = True
    memset(R.joker_table, 0, sizeof(R.joker_table))
    i = 0
    for t in range(34):
        if (kinds >> t) & 1:
            n_kinds += 1
            R.tmpl[i] = t
            R.tmpl[i + 1] = t
            R.tmpl[i + 2] = t
            R.tmpl[i + 3] = t
            i += 4
    for t in range(n_flowers):
        R.tmpl[i + t] = 34 + t
    R.n_kinds = n_kinds
    R.n_wall = 4 * n_kinds + n_flowers
    return 0


cdef inline int dist_states(const Tables* T, const Lookup* L, const uint8_t* h, const Rules* R,
                            const Ctx* ctx, int forms, int kn_floor) noexcept nogil:
    """Distance (shanten + 1) of the counts h, ``R.n_sets`` sets + a pair, whose lookup is L, over ``forms``.
    The knitted forms are only computed when the other forms are above ``kn_floor`` (a lower
    bound of the knitted distance known to the caller)."""
    cdef int best = 99, d
    if forms & FORM_STANDARD:
        best = std_distance(T, L, R.n_sets)
    if forms & FORM_SEVEN_PAIRS:
        d = seven_pairs_distance(h, R.quads)
        if d < best:
            best = d
    if forms & FORM_THIRTEEN_ORPHANS:
        d = thirteen_orphans_distance(h)
        if d < best:
            best = d
    if forms & FORM_KNITTED and best > kn_floor:
        d = knitted_distance(T, h, ctx)
        if d < best:
            best = d
    return best


cdef inline int dist_full(const Tables* T, const uint8_t* h, const Rules* R,
                          const Ctx* ctx) noexcept nogil:
    cdef Lookup L
    lookup(T, h, &L)
    return dist_states(T, &L, h, R, ctx, R.forms, -1)


cdef inline int dist_changed(const Tables* T, const Lookup* base, const uint8_t* h, int t, int delta,
                             const Rules* R, const Ctx* ctx, int forms, int kn_floor) noexcept nogil:
    """Distance of h, where h differs from the counts of ``base`` by ``delta`` (+-1) copies of t."""
    cdef Lookup L = base[0]
    cdef int b = t // 9 if t < 27 else 3
    cdef uint32_t p = POW5[t - 9 * b]
    if delta > 0:
        L.key[b] += p
    else:
        L.key[b] -= p
    if b < 3:
        L.state[b] = T.suit_state[L.key[b]]
    else:
        L.state[b] = T.honor_state[L.key[b]]
    return dist_states(T, &L, h, R, ctx, forms, kn_floor)


cdef inline int seven_from_counts(int pairs, int other, bint quads) noexcept nogil:
    """``seven_pairs_distance`` from its two counts: with ``quads``, pairs = sum(c // 2) and other =
    kinds held an odd number of times; without, pairs = kinds held twice or more and other = kinds
    held at all (the formulas of the kernel)."""
    cdef int need
    if pairs >= 7:
        return 0
    if quads:
        need = 7 - pairs
        return need if need <= other else other + 2 * (need - other)
    return (7 - pairs) + (7 - other if other < 7 else 0)


cdef int discard_ties(const Tables* T, const Rules* R, const Ctx* ctx, uint8_t* e, int* ties,
                      int* n_ties) noexcept nogil:
    """The least distance (``R.forms``; jokers not subtracted) of the counts ``e`` less one of its tiles,
    and in ``ties`` the tiles whose discard leaves it, ascending (``n_ties``): one block's state per
    discard (:func:`dist_changed`), seven pairs from two counts, thirteen orphans only where they may be
    below the rest."""
    cdef Lookup L
    cdef int c, k, x, k7, kn14, od14, best = 99, p7 = 0, o7 = 0
    lookup(T, e, &L)
    n_ties[0] = 0
    # removing a tile never lowers a distance: the 14-tile knitted distance bounds them all
    kn14 = knitted_distance(T, e, ctx) if R.forms & FORM_KNITTED else -1
    if R.forms & FORM_SEVEN_PAIRS:       # seven pairs from two counts (see useful_left)
        for c in range(34):
            if R.quads:
                p7 += e[c] >> 1
                o7 += e[c] & 1
            else:
                p7 += e[c] >> 1 != 0
                o7 += e[c] != 0
    # thirteen orphans: removing a tile never lowers its distance, so the 14-tile one bounds
    # every candidate and the exact count is needed only below the other forms' distance
    od14 = thirteen_orphans_distance(e) if R.forms & FORM_THIRTEEN_ORPHANS else 99
    for c in range(34):
        if e[c]:
            e[c] -= 1
            k = dist_changed(T, &L, e, c, -1, R, ctx, R.forms & ~(FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS), kn14)
            if od14 < k:
                x = thirteen_orphans_distance(e)
                if x < k:
                    k = x
            if R.forms & FORM_SEVEN_PAIRS:
                x = e[c] + 1             # the count before the discard
                if R.quads:
                    k7 = seven_from_counts(p7, o7 - 1, True) if x & 1 else seven_from_counts(p7 - 1, o7 + 1, True)
                else:
                    k7 = seven_from_counts(p7 - (x == 2), o7 - (x == 1), False)
                if k7 < k:
                    k = k7
            e[c] += 1
            if k < best:
                best = k
                n_ties[0] = 0
            if k == best:
                ties[n_ties[0]] = c
                n_ties[0] += 1
    return best


cdef inline int useful_left(const Tables* T, uint8_t* h, const uint8_t* disc, uint64_t allowed,
                            const Rules* R, const Ctx* ctx) noexcept nogil:
    """Unseen copies (4 - in hand - own discards) of the drawable tiles (``allowed``) whose draw lowers the
    distance of the counts h (13 tiles; the real ones with ``ctx.jokers`` set apart): the kernel's
    :func:`hand_useful` (one block's state per draw for
    the standard form, count masks for seven pairs and thirteen orphans), summed without a branch."""
    cdef int dist, t, total = 0
    cdef uint64_t u = hand_useful(T, h, R.n_sets, ctx, &dist) & allowed
    for t in range(34):
        total += (4 - h[t] - disc[t]) & -(<int>((u >> t) & 1))
    return total


# ---------------------------------------------------------------------------------------------
# one deal

cdef struct Out:
    int8_t* sh0               # [N] shanten at deal
    int8_t* sh                # [N, draws] shanten after each turn (after the discard; -1 once won)
    int8_t* tenpai            # [N] first turn with shanten <= 0 (0 = at deal), -1 never
    int8_t* win               # [N] turn of the win (1..draws), -1 none
    int8_t* win_tile          # [N] the winning tile, -1 none
    int8_t* dq                # [N] 定缺 suit 0/1/2, -1 without
    int8_t* flowers           # [N] flowers set aside (补花) during the deal and the play
    uint8_t* hand             # [N, 34] final hand: hand_size + 1 tiles with a win, else hand_size
    int8_t* indicator         # [N] the flipped indicator, -1 without
    uint64_t* jokers          # [N] joker kinds of the deal (bit mask)


cdef inline int choose_dingque(const uint8_t* h) noexcept nogil:
    """The suit with the fewest tiles; ties go to m, then p, then s."""
    cdef int s, i, n, best = 0, best_n = 99
    for s in range(3):
        n = 0
        for i in range(9 * s, 9 * s + 9):
            n += h[i]
        if n < best_n:
            best_n = n
            best = s
    return best


cdef struct May:               # an optional stand-in of one deal: up to ``copies`` tiles of ``stand`` play ``face``
    int face                  # -1: none
    int stand
    int copies


cdef inline int stand_value(const Tables* T, uint8_t* e, int M, Ctx* ctx, bint complete) noexcept nogil:
    return (0 if hand_complete(T, e, M, ctx) else 1) if complete else hand_distance(T, e, M, ctx)


cdef inline int jbest(const Tables* T, uint8_t* e, int M, Ctx* ctx, const May* y, bint complete) noexcept nogil:
    """:func:`hand_distance` (``complete``: 0 if :func:`hand_complete`, else 1) of the real tiles ``e`` and the
    jokers, the best over the stand-ins read as the joker kind's face (0 .. ``y.copies`` of them) when ``y``
    names one."""
    cdef int d = stand_value(T, e, M, ctx, complete), m, most, x
    if y.face < 0:
        return d
    most = e[y.stand] if e[y.stand] < y.copies else y.copies
    for m in range(1, most + 1):
        if d == 0 and complete:
            break
        e[y.stand] -= m
        e[y.face] += m
        x = stand_value(T, e, M, ctx, complete)
        e[y.stand] += m
        e[y.face] -= m
        if x < d:
            d = x
    return d


cdef inline int jdist(const Tables* T, uint8_t* e, int M, Ctx* ctx, const May* y) noexcept nogil:
    return jbest(T, e, M, ctx, y, False)


cdef inline bint jcomplete(const Tables* T, uint8_t* e, int M, Ctx* ctx, const May* y) noexcept nogil:
    return jbest(T, e, M, ctx, y, True) == 0


cdef inline int useful_jokers(const Tables* T, uint8_t* e, const uint8_t* h, const uint8_t* disc,
                              int d, uint64_t allowed, uint64_t jm, Ctx* ctx, const Rules* R,
                              const May* y) noexcept nogil:
    """:func:`useful_left` of a hand with jokers: ``e`` the real tiles (13 with the jokers), ``h``
    the hand with its joker tiles. A joker kind's draw adds a joker, which lowers the distance by one;
    the real tiles' are :func:`useful_left`'s (with a stand-in read both ways: every tile tried)."""
    cdef int u, x, dd, total = 0, M = R.n_sets
    if y.face < 0:
        for u in range(34):
            if (jm >> u) & 1 and (allowed >> u) & 1 and h[u] < 4:
                total += 4 - h[u] - disc[u]
        return total + useful_left(T, e, disc, allowed & ~jm, R, ctx)
    for u in range(34):
        if not (allowed >> u) & 1:
            continue
        if (jm >> u) & 1:
            x = h[u]
            if x >= 4:
                continue
            ctx.jokers += 1
            dd = jdist(T, e, M, ctx, y)
            ctx.jokers -= 1
        else:
            x = e[u]
            if x >= 4:
                continue
            e[u] += 1
            dd = jdist(T, e, M, ctx, y)
            e[u] -= 1
        if dd < d:
            total += 4 - x - disc[u]
    return total


cdef int break_tie(const Tables* T, uint8_t* e, const uint8_t* h, uint8_t* disc, int d, const int* ties,
                   int n_ties, uint64_t allowed, uint64_t jm, const Rules* R, Ctx* ctx,
                   const May* y=NULL) noexcept nogil:
    """Of the discards ``ties`` (each leaves the distance ``d``), the one leaving the most useful tiles
    unseen (:func:`useful_jokers` when ``jm`` names joker kinds, else :func:`useful_left`), then the first
    in the discard order."""
    cdef int i, c, u, best_u = -1, pick = ties[0]
    if n_ties == 1:
        return pick
    for i in range(n_ties):
        c = ties[i]
        e[c] -= 1
        disc[c] += 1
        if jm:
            u = useful_jokers(T, e, h, disc, d, allowed, jm, ctx, R, y)
        else:
            u = useful_left(T, e, disc, allowed, R, ctx)
        e[c] += 1
        disc[c] -= 1
        if u > best_u or (u == best_u and RANK_ORDER[c] < RANK_ORDER[pick]):
            best_u = u
            pick = c
    return pick


cdef void play_jokers(const Tables* T, const Rules* R, Stream* st, int draws, Py_ssize_t r, Out* o,
                      uint8_t* h, uint8_t* disc, uint64_t jm) noexcept nogil:
    """The greedy loop of a deal whose joker kinds are ``jm``: the copies of those kinds are
    jokers (``Ctx.jokers``), never discarded; distances and the win check are the kernel's joker
    ones (:func:`hand_distance`, :func:`hand_complete`)."""
    cdef uint8_t e[34]          # the real tiles: the hand without its joker tiles
    cdef int8_t* shrow = o.sh + r * draws
    cdef int i, t, k, c, d, x, best, turn, n_ties, pick
    cdef int ties[34]
    cdef Ctx ctx
    cdef int face = -1, s = R.stand_in
    cdef May y
    y.face = -1
    ctx.forms = R.forms
    ctx.melds = 0
    ctx.quads = R.quads
    ctx.thirteen_play = True
    ctx.fifth = R.fifth
    ctx.jokers = 0
    if s >= 0 and R.stand_may and (jm & (jm - 1)) == 0 and not (jm >> s) & 1:
        y.face = mj_ctz64(jm)                   # optional stand-ins: each distance the best reading
        y.stand = s
        y.copies = R.stand_may
    elif s >= 0 and (jm & (jm - 1)) == 0 and not (jm >> s) & 1:
        # a stand-in: the joker kind's tiles and the stand-in's trade places for the deal (the stand-in
        # tiles are then real tiles of the joker kind, the jokers tiles of kind s), undone at the end
        face = mj_ctz64(jm)
        h[face], h[s] = h[s], h[face]
        disc[face], disc[s] = disc[s], disc[face]
        jm = (<uint64_t>1) << s
    for i in range(34):
        if (jm >> i) & 1:
            ctx.jokers += h[i]
            e[i] = 0
        else:
            e[i] = h[i]
    o.dq[r] = -1
    d = jdist(T, e, R.n_sets, &ctx, &y)
    o.sh0[r] = <int8_t>(d - 1)
    o.tenpai[r] = 0 if d <= 1 else -1
    o.win[r] = -1
    o.win_tile[r] = -1
    for turn in range(1, draws + 1):
        t = draw_tile(st)
        if face >= 0 and (t == face or t == s):
            t = s if t == face else face
        h[t] += 1
        if (jm >> t) & 1:
            ctx.jokers += 1
        else:
            e[t] += 1
        if jcomplete(T, e, R.n_sets, &ctx, &y):
            o.win[r] = turn
            o.win_tile[r] = t if face < 0 or (t != face and t != s) else (s if t == face else face)
            for k in range(turn - 1, draws):
                shrow[k] = -1
            break
        if y.face < 0 and not (R.forms & FORM_KNITTED) and not (ctx.fifth and four_mask(e)):
            # each distance is the real tiles' less the jokers, the plain one with no kind held four
            # times (hand_useful_at): the plain loop's discards
            best = discard_ties(T, R, &ctx, e, ties, &n_ties) - ctx.jokers
        else:
            best = 99
            n_ties = 0
            for c in range(34):
                if e[c]:
                    e[c] -= 1
                    x = jdist(T, e, R.n_sets, &ctx, &y)
                    e[c] += 1
                    if x < best:
                        best = x
                        n_ties = 0
                    if x == best:
                        ties[n_ties] = c
                        n_ties += 1
        d = best
        pick = break_tie(T, e, h, disc, d, ties, n_ties, R.kinds, jm, R, &ctx, &y)
        e[pick] -= 1
        h[pick] -= 1
        disc[pick] += 1
        shrow[turn - 1] = <int8_t>(d - 1)
        if d <= 1 and o.tenpai[r] < 0:
            o.tenpai[r] = turn
    o.flowers[r] = st.flowers
    if face >= 0:
        h[face], h[s] = h[s], h[face]
    memcpy(o.hand + 34 * r, h, 34)


cdef void play_one(const Tables* T, const Rules* R, Stream* st, int draws, Py_ssize_t r,
                   Out* o) noexcept nogil:
    cdef uint8_t h[34]          # the hand
    cdef uint8_t e[34]          # the hand without its 定缺 tiles (= h without 定缺)
    cdef uint8_t disc[34]       # own discards
    cdef int8_t* shrow = o.sh + r * draws
    cdef int i, t, k, d, dq = -1, ndq = 0, turn, n_ties, pick
    cdef int ties[34]
    cdef uint64_t allowed
    cdef Ctx ctx
    ctx.forms = R.forms
    ctx.melds = 0
    ctx.quads = R.quads
    ctx.thirteen_play = True
    ctx.jokers = 0
    ctx.fifth = True
    cdef uint64_t jm = R.joker_fixed
    memset(h, 0, 34)
    memset(disc, 0, 34)
    for i in range(R.hand_size):
        h[draw_tile(st)] += 1
    o.indicator[r] = -1
    if R.flip:                  # the indicator: set aside, seen (counted with the discards)
        t = draw_tile(st)
        o.indicator[r] = <int8_t>t
        disc[t] += 1
        jm = R.joker_table[t]
    o.jokers[r] = jm
    if jm:
        play_jokers(T, R, st, draws, r, o, h, disc, jm)
        return
    allowed = R.kinds
    memcpy(e, h, 34)
    if R.dingque:
        dq = choose_dingque(h)
        allowed &= ~((<uint64_t>0x1FF) << (9 * dq))
        for i in range(9 * dq, 9 * dq + 9):
            ndq += h[i]
            e[i] = 0
    o.dq[r] = dq
    d = dist_full(T, e, R, &ctx)
    o.sh0[r] = <int8_t>(d - 1)
    o.tenpai[r] = 0 if d <= 1 else -1
    o.win[r] = -1
    o.win_tile[r] = -1
    for turn in range(1, draws + 1):
        t = draw_tile(st)
        h[t] += 1
        if dq >= 0 and t // 9 == dq:
            ndq += 1
        else:
            e[t] += 1
            if ndq == 0 and hand_complete(T, e, R.n_sets, &ctx):
                o.win[r] = turn
                o.win_tile[r] = t
                for k in range(turn - 1, draws):
                    shrow[k] = -1
                break
        if ndq > 0:
            # a 定缺 tile goes first (the distance of e does not change): the first in the order
            pick = -1
            for i in range(9 * dq, 9 * dq + 9):
                if h[i] and (pick < 0 or RANK_ORDER[i] < RANK_ORDER[pick]):
                    pick = i
            ndq -= 1
            d = dist_full(T, e, R, &ctx)
        else:
            d = discard_ties(T, R, &ctx, e, ties, &n_ties)
            pick = break_tie(T, e, h, disc, d, ties, n_ties, allowed, 0, R, &ctx)
            e[pick] -= 1
        h[pick] -= 1
        disc[pick] += 1
        shrow[turn - 1] = <int8_t>(d - 1)
        if d <= 1 and o.tenpai[r] < 0:
            o.tenpai[r] = turn
    o.flowers[r] = st.flowers
    memcpy(o.hand + 34 * r, h, 34)


# ---------------------------------------------------------------------------------------------
# jobs

cdef enum JobKind:
    JOB_DEAL
    JOB_WALL
    JOB_PLAY

cdef struct Job:
    int kind
    Rules* R
    uint64_t seed
    Py_ssize_t first          # absolute index of the first deal of the call
    Py_ssize_t start          # rows [start, stop) of the call's output
    Py_ssize_t stop
    int draws                 # JOB_PLAY: turns; JOB_WALL: positions per row
    uint8_t* hands            # JOB_DEAL [N, 34]; JOB_WALL [N, draws]
    int8_t* flowers           # JOB_DEAL [N]
    Out out                   # JOB_PLAY


cdef void run_job(Job* job) noexcept nogil:
    cdef const Tables* T = get_tables()
    cdef Stream st
    cdef Py_ssize_t r
    cdef int i, t
    cdef const Rules* R = job.R
    for r in range(job.start, job.stop):
        stream_init(&st, R.tmpl, R.n_wall, job.seed, <uint64_t>(job.first + r))
        if job.kind == JOB_DEAL:
            memset(job.hands + 34 * r, 0, 34)
            for i in range(R.hand_size):
                t = draw_tile(&st)
                job.hands[34 * r + t] += 1
            job.flowers[r] = st.flowers
        elif job.kind == JOB_WALL:
            for i in range(job.draws):
                job.hands[job.draws * r + i] = <uint8_t>take(&st)
        else:
            play_one(T, R, &st, job.draws, r, &job.out)


cdef class _Runner:
    cdef Job* jobs
    cdef Py_ssize_t n_jobs
    cdef Rules rules

    def __cinit__(self, Py_ssize_t n_jobs):
        self.jobs = <Job*>malloc(max(n_jobs, 1) * sizeof(Job))
        if self.jobs == NULL:
            raise MemoryError()
        self.n_jobs = n_jobs

    def __dealloc__(self):
        free(self.jobs)

    def run(self, Py_ssize_t i):
        with nogil:
            run_job(&self.jobs[i])


def _check_int(value, str name, lo, hi):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    value = int(value)
    if value < lo or (hi is not None and value > hi):
        raise ValueError(f"{name} must be {lo}..{hi}, got {value}" if hi is not None
                         else f"{name} must be >= {lo}, got {value}")
    return value


cdef _Runner _prepare(int kind, Py_ssize_t n, uint64_t kinds, int n_flowers, int forms, bint quads,
                      bint dingque, int hand_size, uint64_t seed, Py_ssize_t first, int draws,
                      int nworkers, Py_ssize_t per):
    cdef Py_ssize_t n_jobs = max(1, (n + per - 1) // per)
    if nworkers > 1 and n_jobs < 4 * nworkers and n > 256:
        n_jobs = min(4 * nworkers, (n + 63) // 64)
    cdef _Runner runner = _Runner(n_jobs)
    make_rules(&runner.rules, kinds, n_flowers, forms, quads, dingque, hand_size)
    cdef Py_ssize_t i, step = (n + n_jobs - 1) // n_jobs
    for i in range(n_jobs):
        memset(&runner.jobs[i], 0, sizeof(Job))
        runner.jobs[i].kind = kind
        runner.jobs[i].R = &runner.rules
        runner.jobs[i].seed = seed
        runner.jobs[i].first = first
        runner.jobs[i].start = min(i * step, n)
        runner.jobs[i].stop = min((i + 1) * step, n)
        runner.jobs[i].draws = draws
    return runner


cdef void _execute(_Runner runner, int nworkers) except *:
    if nworkers == 1 or runner.n_jobs == 1:
        for i in range(runner.n_jobs):
            runner.run(i)
    else:
        list(_executor(nworkers).map(runner.run, range(runner.n_jobs)))


def _kinds_mask(n_kinds, kinds):
    """(bit mask, number) of the wall's kinds: ``kinds`` (tile indices 0..33) or 0..n_kinds-1."""
    cdef uint64_t mask = 0
    if kinds is None:
        n_kinds = _check_int(n_kinds, "n_kinds", 27, 34)
        return ((<uint64_t>1) << n_kinds) - 1, n_kinds
    if isinstance(kinds, (str, bytes)):
        raise TypeError("kinds must be a sequence of tile indices 0..33")
    try:
        items = list(kinds)
    except TypeError:
        raise TypeError(f"kinds must be a sequence of tile indices 0..33, got {type(kinds).__name__}") from None
    for t in items:
        t = _check_int(t, "kinds", 0, 33)
        if (mask >> t) & 1:
            raise ValueError(f"kinds: tile index {t} is given twice")
        mask |= (<uint64_t>1) << t
    if not mask:
        raise ValueError("kinds is empty: a wall needs at least one tile kind")
    return mask, len(items)


def _common(n, seed, first, n_kinds, n_flowers, hand_size, kinds=None):
    n = _check_int(n, "n", 0, None)
    seed = _check_int(seed, "seed", 0, 2 ** 64 - 1)
    first = _check_int(first, "start", 0, 2 ** 62)
    mask, count = _kinds_mask(n_kinds, kinds)
    n_flowers = _check_int(n_flowers, "n_flowers", 0, 8)
    hand_size = _check_int(hand_size, "hand_size", 1, 4 * count)
    return n, seed, first, mask, count


def deal(n, *, int n_kinds=34, int n_flowers=0, hand_size=13, seed=0, start=0, workers=None, kinds=None):
    """Deal ``n`` hands of ``hand_size`` tiles, each from its own shuffled wall of ``4 * n_kinds``
    tiles (the kinds 0..n_kinds-1, or the tile indices ``kinds``; + ``n_flowers`` flowers, set
    aside and replaced) -> (hands uint8[n, 34], flowers int8[n]).

    Deal ``i`` uses the stream of ``(seed, start + i)``.
    >>> deal(2, n_kinds=27, seed=7)[0].sum(axis=1).tolist()
    [13, 13]
    """
    n, seed, start, kmask, _ = _common(n, seed, start, n_kinds, n_flowers, hand_size, kinds)
    cdef int nw = resolve_workers(workers)
    hands = np.zeros((n, 34), dtype=np.uint8)
    flowers = np.zeros(n, dtype=np.int8)
    if n == 0:
        return hands, flowers
    cdef uint8_t[:, ::1] hv = hands
    cdef int8_t[::1] fv = flowers
    cdef _Runner runner = _prepare(JOB_DEAL, n, kmask, n_flowers, 0, True, False, hand_size,
                                   seed, start, 0, nw, 65536)
    for i in range(runner.n_jobs):
        runner.jobs[i].hands = &hv[0, 0]
        runner.jobs[i].flowers = &fv[0]
    _execute(runner, nw)
    return hands, flowers


def walls(n, *, int n_kinds=34, int n_flowers=0, length=None, seed=0, start=0, workers=None, kinds=None):
    """The first ``length`` wall positions (tile codes, 34-41 = flowers) of each deal's stream, in
    the order the deal takes them -> uint8[n, length]; default length: the whole wall."""
    n, seed, start, kmask, count = _common(n, seed, start, n_kinds, n_flowers, 13, kinds)
    cdef int n_wall = 4 * count + n_flowers
    length = n_wall if length is None else _check_int(length, "length", 0, n_wall)
    cdef int nw = resolve_workers(workers)
    out = np.zeros((n, length), dtype=np.uint8)
    if n == 0 or length == 0:
        return out
    cdef uint8_t[:, ::1] ov = out
    cdef _Runner runner = _prepare(JOB_WALL, n, kmask, n_flowers, 0, True, False, 13, seed, start,
                                   length, nw, 16384)
    for i in range(runner.n_jobs):
        runner.jobs[i].hands = &ov[0, 0]
    _execute(runner, nw)
    return out


def play(n, *, int n_kinds=27, int n_flowers=0, int forms=3, bint quads=True, bint dingque=True,
         draws=18, seed=0, start=0, workers=None, kinds=None, joker_table=None, joker_mask=0,
         bint allow_fifth_copy=True, hand_size=13, int stand_in=-1, int stand_in_may=0):
    """Play deals ``start .. start + n - 1`` solo with the greedy discard rule (docs/simulate.md)
    -> dict of arrays: ``shanten_deal`` int8[n], ``shanten`` int8[n, draws], ``tenpai_turn``,
    ``win_turn``, ``win_tile``, ``dingque``, ``flowers``, ``indicator`` int8[n], ``jokers``
    uint64[n] (joker kinds of the deal, bit mask), ``hand`` uint8[n, 34].

    Jokers: ``joker_mask`` (bit mask of kinds) for every deal, or ``joker_table`` (uint64[34]):
    after the deal the next wall tile is flipped and set aside (``indicator``) and the deal's joker
    kinds are ``joker_table[indicator]``. ``allow_fifth_copy``: a joker may stand for a copy
    beyond the fourth. ``hand_size``: 13, or 16 for 16-tile play (five sets and a pair; the
    standard form only). ``stand_in``: a kind whose tiles play the deal's joker kind's natural face
    (徐州 白板: 33; with one joker kind other than it), -1 for none; ``stand_in_may``: 0, every
    stand-in tile plays the face; k = 1..4: up to k of them may (福建 活動百搭), each distance and win
    the best reading.
    """
    if not -1 <= stand_in < 34:
        raise ValueError(f"stand_in must be a tile kind 0..33 or -1, got {stand_in}")
    if not 0 <= stand_in_may <= 4:
        raise ValueError(f"stand_in_may must be 0..4, got {stand_in_may}")
    if hand_size not in (13, 16) or isinstance(hand_size, bool):
        raise ValueError(f"hand_size must be 13 or 16, got {hand_size!r}")
    n, seed, start, kmask, count = _common(n, seed, start, n_kinds, n_flowers, hand_size, kinds)
    if forms < 1 or forms > 15:
        raise ValueError(f"forms must be a mask 1..15, got {forms}")
    if hand_size == 16 and forms != FORM_STANDARD:
        raise ValueError("16-tile play has the standard form only (forms=1)")
    if dingque and kmask != (1 << 27) - 1:
        raise ValueError("dingque needs a wall without honors (n_kinds=27)")
    cdef uint64_t jfixed = _check_int(joker_mask, "joker_mask", 0, (1 << 34) - 1)
    cdef bint flip = joker_table is not None
    table = None
    if flip:
        table = np.asarray(joker_table)
        if table.shape != (34,) or table.dtype.kind not in "iu":
            raise ValueError(f"joker_table must be 34 integer masks (one per indicator kind), got shape "
                             f"{table.shape} dtype {table.dtype}")
        if (table.astype(np.int64) < 0).any() or (table.astype(np.uint64) >> np.uint64(34)).any():
            raise ValueError("joker_table: every mask must be a set of tile kinds 0..33")
        if jfixed:
            raise ValueError("give joker_mask= or joker_table=, not both")
        table = table.astype(np.uint64)
    if (flip or jfixed) and dingque:
        raise ValueError("dingque with jokers is not supported")
    cdef int max_draws = min(4 * count - hand_size - (1 if flip else 0), 127)
    draws = _check_int(draws, "draws", 0, max_draws)
    cdef int nw = resolve_workers(workers)
    res = {
        "shanten_deal": np.zeros(n, np.int8),
        "shanten": np.zeros((n, draws), np.int8),
        "tenpai_turn": np.zeros(n, np.int8),
        "win_turn": np.zeros(n, np.int8),
        "win_tile": np.zeros(n, np.int8),
        "dingque": np.zeros(n, np.int8),
        "flowers": np.zeros(n, np.int8),
        "indicator": np.zeros(n, np.int8),
        "jokers": np.zeros(n, np.uint64),
        "hand": np.zeros((n, 34), np.uint8),
    }
    if n == 0:
        return res
    cdef int8_t[::1] a0 = res["shanten_deal"]
    cdef int8_t[:, ::1] a1 = res["shanten"] if draws else np.zeros((n, 1), np.int8)
    cdef int8_t[::1] a2 = res["tenpai_turn"]
    cdef int8_t[::1] a3 = res["win_turn"]
    cdef int8_t[::1] a4 = res["win_tile"]
    cdef int8_t[::1] a5 = res["dingque"]
    cdef int8_t[::1] a6 = res["flowers"]
    cdef uint8_t[:, ::1] a7 = res["hand"]
    cdef int8_t[::1] a8 = res["indicator"]
    cdef uint64_t[::1] a9 = res["jokers"]
    cdef _Runner runner = _prepare(JOB_PLAY, n, kmask, n_flowers, forms, quads, dingque, hand_size, seed,
                                   start, draws, nw, 4096)
    runner.rules.flip = flip
    runner.rules.joker_fixed = jfixed
    runner.rules.fifth = allow_fifth_copy
    runner.rules.stand_in = stand_in
    runner.rules.stand_may = stand_in_may
    if flip:
        for i in range(34):
            runner.rules.joker_table[i] = <uint64_t>int(table[i])
    cdef Out o
    o.sh0 = &a0[0]
    o.sh = &a1[0, 0]
    o.tenpai = &a2[0]
    o.win = &a3[0]
    o.win_tile = &a4[0]
    o.dq = &a5[0]
    o.flowers = &a6[0]
    o.hand = &a7[0, 0]
    o.indicator = &a8[0]
    o.jokers = &a9[0]
    for i in range(runner.n_jobs):
        runner.jobs[i].out = o
    _execute(runner, nw)
    return res
