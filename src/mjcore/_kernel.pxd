# cython: language_level=3
"""The hand-analysis kernel: inline, ``nogil``, exception-free functions over 34 tile counts.

Every function here trusts its input: counts in 0..4 (see ``row_ok``), a concealed size of 3M+1 or
3M+2 with M <= 5.  The Python boundary (``analysis.pyx``, ``batch.pyx``) validates before calling.
Nothing here allocates or touches Python objects; tables are read-only, so everything is re-entrant
and thread-safe.

Index order: 0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-30 East South West North, 31 Red (中),
32 Green (发), 33 White (白).
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

from mjcore._tables cimport (
    INFO_CLASS_SHIFT,
    INFO_COMPLETE,
    INFO_FOUR_SHIFT,
    INFO_MOD3_SHIFT,
    INFO_WAIT_MASK,
    Tables,
)

cdef enum:
    FORM_STANDARD = 1
    FORM_SEVEN_PAIRS = 2
    FORM_THIRTEEN_ORPHANS = 4
    FORM_KNITTED = 8
    FORM_ALL = 15
    NO_FORM = 99          # "distance" of a form that cannot apply to this hand

# Hand context: what the boundary derived from the arguments.
cdef struct Ctx:
    int forms              # FORM_* bit mask
    int melds              # declared melds
    bint quads             # seven pairs: four of a kind counts as two pairs
    bint thirteen_play     # 13-tile play (special forms exist); False for 16-tile play

cdef struct Lookup:
    uint32_t info[4]


# ---------------------------------------------------------------------------------------------
# validation helper (used by the boundary, cheap enough for batch loops)

cdef inline int row_size(const uint8_t* h) noexcept nogil:
    """Number of tiles in the row, or -1 if some count is above 4."""
    cdef uint64_t w[5]
    cdef uint64_t bad = 0, s = 0
    cdef int i
    w[4] = 0
    memcpy(w, h, 34)
    for i in range(5):
        bad |= (w[i] | (w[i] + 0x7B7B7B7B7B7B7B7BULL)) & 0x8080808080808080ULL
        s += (w[i] * 0x0101010101010101ULL) >> 56
    if bad:
        return -1
    return <int>s


# ---------------------------------------------------------------------------------------------
# table lookups

cdef inline uint32_t suit_key(const uint8_t* c) noexcept nogil:
    return (c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * (
        c[6] + 5 * (c[7] + 5 * <uint32_t>c[8]))))))))


cdef inline uint32_t honor_key(const uint8_t* c) noexcept nogil:
    return c[0] + 5 * (c[1] + 5 * (c[2] + 5 * (c[3] + 5 * (c[4] + 5 * (c[5] + 5 * <uint32_t>c[6])))))


cdef inline void lookup(const Tables* T, const uint8_t* h, Lookup* L) noexcept nogil:
    L.info[0] = T.suit_info[suit_key(h)]
    L.info[1] = T.suit_info[suit_key(h + 9)]
    L.info[2] = T.suit_info[suit_key(h + 18)]
    L.info[3] = T.honor_info[honor_key(h + 27)]


cdef inline uint64_t four_mask(const Lookup* L) noexcept nogil:
    """Bit i set where the hand holds four of tile i."""
    cdef uint64_t m = 0
    cdef int b
    for b in range(4):
        m |= (<uint64_t>((L.info[b] >> INFO_FOUR_SHIFT) & 0x1FF)) << (9 * b)
    return m


# ---------------------------------------------------------------------------------------------
# standard form: M sets + one pair

cdef inline int std_distance(const Tables* T, const Lookup* L, int M) noexcept nogil:
    """Fewest tiles missing for M sets + a pair (shanten = distance - 1).

    The min-plus combination of the four blocks' distance vectors is precomputed per class tuple
    (pair_class, triple_class, final_dist): three small dependent loads.
    """
    cdef uint32_t ab = T.pair_class[(L.info[0] >> INFO_CLASS_SHIFT) * T.n_suit
                                    + (L.info[1] >> INFO_CLASS_SHIFT)]
    cdef uint32_t abc = T.triple_class[ab * T.n_suit + (L.info[2] >> INFO_CLASS_SHIFT)]
    return T.final_dist[(abc * T.n_honor + (L.info[3] >> INFO_CLASS_SHIFT)) * 8 + M]


cdef inline bint std_complete(const Lookup* L) noexcept nogil:
    """A 3M+2 hand splits into sets and exactly one pair."""
    cdef int b, pairs = 0
    if not (L.info[0] & L.info[1] & L.info[2] & L.info[3] & INFO_COMPLETE):
        return False
    for b in range(4):
        pairs += ((L.info[b] >> INFO_MOD3_SHIFT) & 3) == 2
    return pairs == 1


cdef inline uint64_t std_waits(const Lookup* L) noexcept nogil:
    """Structural waits of a 3M+1 hand (including fifth copies of tiles held four times)."""
    cdef int b, ncomplete = 0, pairs = 0, incomplete = 0, mod3
    cdef uint64_t w = 0
    for b in range(4):
        if L.info[b] & INFO_COMPLETE:
            ncomplete += 1
            pairs += ((L.info[b] >> INFO_MOD3_SHIFT) & 3) == 2
        else:
            incomplete = b
    if ncomplete == 4:
        for b in range(4):
            mod3 = (L.info[b] >> INFO_MOD3_SHIFT) & 3
            if pairs - (mod3 == 2) + ((mod3 + 1) % 3 == 2) == 1:
                w |= (<uint64_t>(L.info[b] & INFO_WAIT_MASK)) << (9 * b)
    elif ncomplete == 3:
        b = incomplete
        mod3 = (L.info[b] >> INFO_MOD3_SHIFT) & 3
        if pairs + ((mod3 + 1) % 3 == 2) == 1:
            w |= (<uint64_t>(L.info[b] & INFO_WAIT_MASK)) << (9 * b)
    return w


# ---------------------------------------------------------------------------------------------
# seven pairs and thirteen orphans: a few counts over the hand

cdef inline void load_words(const uint8_t* h, uint64_t* w) noexcept nogil:
    """The 34 counts as five 64-bit words (bytes 34..39 zero), for SWAR counting."""
    w[4] = 0
    memcpy(w, h, 34)


cdef inline int byte_sum(uint64_t x) noexcept nogil:
    """Sum of the eight bytes of x (valid while the sum is below 256)."""
    return <int>((x * 0x0101010101010101ULL) >> 56)


cdef inline int seven_pairs_distance(const uint8_t* h, bint quads) noexcept nogil:
    cdef uint64_t w[5]
    cdef int i, pairs = 0, odd = 0, kinds = 0, need
    load_words(h, w)
    if quads:
        # each kind offers c // 2 free pairs; an odd count offers one more pair for one tile
        for i in range(5):
            pairs += byte_sum((w[i] >> 1) & 0x7F7F7F7F7F7F7F7FULL)
            odd += byte_sum(w[i] & 0x0101010101010101ULL)
        if pairs >= 7:
            return 0
        need = 7 - pairs
        if need <= odd:
            return need
        return odd + 2 * (need - odd)
    # distinct pairs: kinds held twice or more, and kinds held at all
    for i in range(5):
        pairs += byte_sum(((w[i] >> 1) | (w[i] >> 2)) & 0x0101010101010101ULL)
        kinds += byte_sum((w[i] | (w[i] >> 1) | (w[i] >> 2)) & 0x0101010101010101ULL)
    if pairs >= 7:
        return 0
    return (7 - pairs) + (7 - kinds if kinds < 7 else 0)


cdef inline uint64_t seven_pairs_waits(const uint8_t* h, bint quads) noexcept nogil:
    """Waits of a seven-pairs tenpai hand (distance 1 with 13 tiles)."""
    cdef uint64_t w = 0
    cdef int i
    for i in range(34):
        if (quads and (h[i] & 1)) or (not quads and h[i] == 1):
            w |= (<uint64_t>1) << i
    return w


cdef inline uint64_t orphan_bits() noexcept nogil:
    return ((<uint64_t>1) | (<uint64_t>1 << 8) | (<uint64_t>1 << 9) | (<uint64_t>1 << 17)
            | (<uint64_t>1 << 18) | (<uint64_t>1 << 26) | ((<uint64_t>0x7F) << 27))


cdef inline int thirteen_orphans_distance(const uint8_t* h) noexcept nogil:
    # byte masks of the 13 orphans (1m 9m 1p 9p 1s 9s + honors) in the five words
    cdef uint64_t mask[5]
    cdef uint64_t w[5]
    cdef uint64_t x, twice = 0
    cdef int i, kinds = 0
    mask[0] = 0x00000000000000FFULL     # 1m
    mask[1] = 0x000000000000FFFFULL     # 9m 1p
    mask[2] = 0x0000000000FFFF00ULL     # 9p 1s
    mask[3] = 0xFFFFFFFFFFFF0000ULL     # 9s 东 南 西 北 中
    mask[4] = 0x000000000000FFFFULL     # 发 白
    load_words(h, w)
    for i in range(5):
        x = w[i] & mask[i]
        kinds += byte_sum((x | (x >> 1) | (x >> 2)) & 0x0101010101010101ULL)
        twice |= ((x >> 1) | (x >> 2)) & 0x0101010101010101ULL
    return 13 - kinds + (0 if twice else 1)


cdef inline uint64_t thirteen_orphans_waits(const uint8_t* h) noexcept nogil:
    """Waits of a thirteen-orphans tenpai hand (distance 1 with 13 tiles)."""
    cdef uint64_t orphans = orphan_bits(), missing = 0
    cdef int i
    for i in range(34):
        if (orphans >> i) & 1 and h[i] == 0:
            missing |= (<uint64_t>1) << i
    return missing if missing else orphans


# ---------------------------------------------------------------------------------------------
# knitted forms: 全不靠 (14 distinct tiles of a knitted assignment + honors) and
# 组合龙 (the nine tiles of a knitted straight + sets + pair)

cdef inline int knitted_distance(const Tables* T, const uint8_t* h, int melds) noexcept nogil:
    cdef int a, b, s, j, r, idx, present, honors = 0, best = NO_FORM, d
    cdef int res[3]
    cdef uint8_t tmp[34]
    cdef Lookup L
    if melds > 1:
        return NO_FORM
    for j in range(27, 34):
        honors += h[j] > 0
    for a in range(3):
        for b in range(3):
            if a == b:
                continue
            res[0] = a
            res[1] = b
            res[2] = 3 - a - b
            memcpy(tmp, h, 34)
            present = 0
            for s in range(3):
                r = res[s]
                for j in range(3):
                    idx = 9 * s + r + 3 * j
                    if tmp[idx] > 0:
                        present += 1
                        tmp[idx] -= 1
            if melds == 0:
                d = 14 - present - honors
                if d < 0:
                    d = 0
                if d < best:
                    best = d
            lookup(T, tmp, &L)
            d = (9 - present) + std_distance(T, &L, 1 - melds)
            if d < best:
                best = d
    return best


# ---------------------------------------------------------------------------------------------
# all forms together

cdef inline int hand_distance(const Tables* T, const uint8_t* h, int M, const Ctx* ctx) noexcept nogil:
    """Fewest tiles missing over the allowed forms (NO_FORM if none applies)."""
    cdef int best = NO_FORM, d
    cdef Lookup L
    cdef bint concealed13 = ctx.thirteen_play and ctx.melds == 0
    if ctx.forms & FORM_STANDARD:
        lookup(T, h, &L)
        best = std_distance(T, &L, M)
    if concealed13 and ctx.forms & FORM_SEVEN_PAIRS:
        d = seven_pairs_distance(h, ctx.quads)
        if d < best:
            best = d
    if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS:
        d = thirteen_orphans_distance(h)
        if d < best:
            best = d
    if ctx.thirteen_play and ctx.forms & FORM_KNITTED:
        d = knitted_distance(T, h, ctx.melds)
        if d < best:
            best = d
    return best


cdef inline bint hand_complete(const Tables* T, const uint8_t* h, const Ctx* ctx) noexcept nogil:
    """Win check of a 3M+2 hand over the allowed forms."""
    cdef Lookup L
    cdef bint concealed13 = ctx.thirteen_play and ctx.melds == 0
    if ctx.forms & FORM_STANDARD:
        lookup(T, h, &L)
        if std_complete(&L):
            return True
    if concealed13 and ctx.forms & FORM_SEVEN_PAIRS and seven_pairs_distance(h, ctx.quads) == 0:
        return True
    if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS and thirteen_orphans_distance(h) == 0:
        return True
    if ctx.thirteen_play and ctx.forms & FORM_KNITTED and knitted_distance(T, h, ctx.melds) == 0:
        return True
    return False


cdef inline uint64_t hand_waits(const Tables* T, const uint8_t* h, const Ctx* ctx,
                                uint64_t* four) noexcept nogil:
    """Structural waits of a 3M+1 hand; ``four`` receives the tiles the hand holds four of.

    Drawable waits are ``w & ~four``; ``w & four`` are waits on a fifth copy (exhausted).
    """
    cdef Lookup L
    cdef uint64_t w = 0
    cdef uint8_t tmp[34]
    cdef int t
    cdef bint concealed13 = ctx.thirteen_play and ctx.melds == 0
    lookup(T, h, &L)
    four[0] = four_mask(&L)
    if ctx.forms & FORM_STANDARD:
        w = std_waits(&L)
    if concealed13 and ctx.forms & FORM_SEVEN_PAIRS and seven_pairs_distance(h, ctx.quads) == 1:
        w |= seven_pairs_waits(h, ctx.quads)
    if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS and thirteen_orphans_distance(h) == 1:
        w |= thirteen_orphans_waits(h)
    if ctx.thirteen_play and ctx.forms & FORM_KNITTED and knitted_distance(T, h, ctx.melds) == 1:
        # no knitted form can use five copies of a tile, so only drawable tiles are tried
        memcpy(tmp, h, 34)
        for t in range(34):
            if tmp[t] < 4:
                tmp[t] += 1
                if knitted_distance(T, tmp, ctx.melds) == 0:
                    w |= (<uint64_t>1) << t
                tmp[t] -= 1
    return w


cdef inline uint64_t hand_useful(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                                 int* distance) noexcept nogil:
    """Tiles (held fewer than four times) whose draw lowers the distance of a 3M+1 hand."""
    cdef uint8_t tmp[34]
    cdef uint64_t u = 0
    cdef int t, base = hand_distance(T, h, M, ctx)
    distance[0] = base
    memcpy(tmp, h, 34)
    for t in range(34):
        if tmp[t] < 4:
            tmp[t] += 1
            if hand_distance(T, tmp, M, ctx) < base:
                u |= (<uint64_t>1) << t
            tmp[t] -= 1
    return u
