# cython: language_level=3
"""The hand-analysis kernel: inline, ``nogil``, exception-free functions over 34 tile counts.

Every function here trusts its input: counts in 0..4 (see ``row_ok``), a concealed size of 3M+1 or
3M+2 with M <= 5.  The Python boundary (``analysis.pyx``, ``batch.pyx``) validates before calling.
Nothing here allocates or touches Python objects; tables are read-only, so everything is re-entrant
and thread-safe.

Index order: 0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-30 East South West North, 31 Red (中),
32 Green (发), 33 White (白).
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy

from mjcore._tables cimport (
    BUDGET_ROW,
    N_BUDGET,
    N_HONOR_USTATES,
    N_SUIT_USTATES,
    FLAG_COMPLETE,
    FLAG_MOD3_SHIFT,
    N_HONOR_STATES,
    N_SUIT_STATES,
    STATE_FLAGS,
    Tables,
)

cdef extern from *:
    """
    /* bit helpers shared by the extensions: lowest set bit and population count of 64 bits */
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline int mj_ctz64(unsigned long long x) { unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static __inline int mj_popcount64(unsigned long long x) { return (int)__popcnt64(x); }
    #else
    static inline int mj_ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    #if defined(__POPCNT__) || defined(__aarch64__)
    static inline int mj_popcount64(unsigned long long x) { return __builtin_popcountll(x); }
    #else   /* a portable x86-64 build has no popcnt instruction: bit arithmetic, not a libgcc call */
    static inline int mj_popcount64(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #endif
    #endif
    /* The four block keys of a row (base 5: key = sum c[i] * 5**i over the block's tiles) and its size, or -1 if
       some count is above 4 (the keys are then meaningless).  With SSE2 (every x86-64): four 8-byte loads
       inside the row's 34 bytes, the digits widened to 16 bits and weighted by pmaddwd in three rounds
       (pairs, groups of four, then the two groups of each block); the ninth digit of each suit by a
       multiply.  The size and the count check come from the same registers (psadbw, an unsigned max). */
    #include <stdint.h>
    #include <string.h>
    #if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
    #include <emmintrin.h>
    static inline int mj_keys_core(const unsigned char* h, uint32_t* key, __m128i* ab) {
        const __m128i z = _mm_setzero_si128();
        /* a: m1-m8 p1-p8;  b: s1-s8 s9 E S W N 中 发 白 */
        __m128i a = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i*)h),
                                       _mm_loadl_epi64((const __m128i*)(h + 9)));
        __m128i b = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i*)(h + 18)),
                                       _mm_loadl_epi64((const __m128i*)(h + 26)));
        const __m128i w4 = _mm_setr_epi16(1, 5, 25, 125, 1, 5, 25, 125);
        const __m128i wz = _mm_setr_epi16(0, 1, 5, 25, 1, 5, 25, 125);   /* s9 | E S W | N 中 发 白 */
        const __m128i ones = _mm_set1_epi16(1);
        const __m128i wk = _mm_setr_epi16(1, 625, 1, 625, 1, 625, 1, 125);
        __m128i a0 = _mm_madd_epi16(_mm_unpacklo_epi8(a, z), w4);
        __m128i a1 = _mm_madd_epi16(_mm_unpackhi_epi8(a, z), w4);
        __m128i b0 = _mm_madd_epi16(_mm_unpacklo_epi8(b, z), w4);
        __m128i b1 = _mm_madd_epi16(_mm_unpackhi_epi8(b, z), wz);
        /* groups of four digits (each <= 624): m 1-4, m 5-8, p 1-4, p 5-8 | s 1-4, s 5-8, E-W, N-白 */
        __m128i ga = _mm_madd_epi16(_mm_packs_epi32(a0, a1), ones);
        __m128i gb = _mm_madd_epi16(_mm_packs_epi32(b0, b1), ones);
        __m128i k = _mm_madd_epi16(_mm_packs_epi32(ga, gb), wk);
        __m128i mx = _mm_max_epu8(_mm_max_epu8(a, b), _mm_set1_epi8(4));
        __m128i sad = _mm_add_epi64(_mm_sad_epu8(a, z), _mm_sad_epu8(b, z));
        unsigned m9 = h[8], p9 = h[17], s9 = h[26];
        int size = _mm_cvtsi128_si32(sad) + _mm_extract_epi16(sad, 4) + (int)(m9 + p9);
        int bad = (_mm_movemask_epi8(_mm_cmpeq_epi8(mx, _mm_set1_epi8(4))) != 0xFFFF) | (m9 > 4) | (p9 > 4);
        key[0] = (uint32_t)_mm_cvtsi128_si32(k) + 390625u * m9;
        key[1] = (uint32_t)_mm_cvtsi128_si32(_mm_shuffle_epi32(k, 1)) + 390625u * p9;
        key[2] = (uint32_t)_mm_cvtsi128_si32(_mm_shuffle_epi32(k, 2)) + 390625u * s9;
        key[3] = (uint32_t)_mm_cvtsi128_si32(_mm_shuffle_epi32(k, 3));
        ab[0] = a;
        ab[1] = b;
        return bad ? -1 : size;
    }
    static inline int mj_keys(const unsigned char* h, uint32_t* key) {
        __m128i ab[2];
        return mj_keys_core(h, key, ab);
    }
    static inline int mj_hsum8(__m128i v) {     /* the sum of the 16 bytes (each sum below 65536) */
        __m128i s = _mm_sad_epu8(v, _mm_setzero_si128());
        return _mm_cvtsi128_si32(s) + _mm_extract_epi16(s, 4);
    }
    /* mj_keys, and the seven pairs and thirteen orphans distances of the row (sp[0], sp[1]) from the same
       registers: a holds every tile but 9m (h[8]) and 9p (h[17]), both orphans, added as scalars. */
    static inline int mj_keys_special(const unsigned char* h, uint32_t* key, int quads, int* sp) {
        __m128i ab[2];
        int n = mj_keys_core(h, key, ab);
        const __m128i one = _mm_set1_epi8(1), low7 = _mm_set1_epi8(0x7F);
        /* orphans among a's and b's lanes: 1m 1p | 1s 9s E S W N 中 发 白 */
        const __m128i oa = _mm_setr_epi8(-1, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0);
        const __m128i ob = _mm_setr_epi8(-1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1);
        unsigned m9 = h[8], p9 = h[17];
        __m128i a = ab[0], b = ab[1];
        __m128i ha = _mm_and_si128(_mm_srli_epi16(a, 1), low7), hb = _mm_and_si128(_mm_srli_epi16(b, 1), low7);
        __m128i pv, ov;
        int pairs, other, need, held, twice;
        if (quads) {
            pv = _mm_add_epi8(ha, hb);                                            /* c // 2 */
            ov = _mm_add_epi8(_mm_and_si128(a, one), _mm_and_si128(b, one));      /* c odd */
            pairs = mj_hsum8(pv) + (int)((m9 >> 1) + (p9 >> 1));
            other = mj_hsum8(ov) + (int)((m9 & 1) + (p9 & 1));
        } else {
            pv = _mm_add_epi8(_mm_min_epu8(ha, one), _mm_min_epu8(hb, one));      /* c >= 2 */
            ov = _mm_add_epi8(_mm_min_epu8(a, one), _mm_min_epu8(b, one));        /* c >= 1 */
            pairs = mj_hsum8(pv) + (m9 >= 2) + (p9 >= 2);
            other = mj_hsum8(ov) + (m9 >= 1) + (p9 >= 1);
        }
        need = 7 - pairs;
        if (need <= 0) sp[0] = 0;
        else if (quads) sp[0] = need <= other ? need : other + 2 * (need - other);
        else sp[0] = need + (other < 7 ? 7 - other : 0);
        __m128i xa = _mm_and_si128(a, oa), xb = _mm_and_si128(b, ob);
        held = mj_hsum8(_mm_add_epi8(_mm_min_epu8(xa, one), _mm_min_epu8(xb, one))) + (m9 > 0) + (p9 > 0);
        twice = _mm_movemask_epi8(_mm_cmpgt_epi8(_mm_max_epu8(xa, xb), one)) | (m9 > 1) | (p9 > 1);
        sp[1] = 13 - held + (twice ? 0 : 1);
        return n;
    }
    /* mj_keys, and whether a 14-tile row is seven pairs or thirteen orphans (*special), from the same
       registers: counts all even (quads) or all 0 / 2; only orphans, none of them absent. */
    static inline int mj_keys_win_special(const unsigned char* h, uint32_t* key, int quads, int* special) {
        __m128i ab[2];
        int n = mj_keys_core(h, key, ab);
        const __m128i z = _mm_setzero_si128();
        const __m128i oa = _mm_setr_epi8(-1, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0);
        const __m128i ob = _mm_setr_epi8(-1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, -1, -1);
        unsigned m9 = h[8], p9 = h[17];
        __m128i a = ab[0], b = ab[1];
        unsigned odd_bits = quads ? 0x01u : 0xFDu;
        __m128i odd = _mm_and_si128(_mm_or_si128(a, b), _mm_set1_epi8((char)odd_bits));
        int pairs = (_mm_movemask_epi8(_mm_cmpeq_epi8(odd, z)) == 0xFFFF) & (((m9 | p9) & odd_bits) == 0);
        __m128i outside = _mm_or_si128(_mm_andnot_si128(oa, a), _mm_andnot_si128(ob, b));
        __m128i absent = _mm_or_si128(_mm_and_si128(_mm_cmpeq_epi8(a, z), oa), _mm_and_si128(_mm_cmpeq_epi8(b, z), ob));
        int orphans = (_mm_movemask_epi8(_mm_cmpeq_epi8(outside, z)) == 0xFFFF) & (_mm_movemask_epi8(absent) == 0)
                      & (m9 > 0) & (p9 > 0);
        *special = pairs | orphans;
        return n;
    }
    /* The row's 34 counts in three registers, zero past byte 33 (every load inside the row). */
    static inline void mj_row3(const unsigned char* h, __m128i* v) {
        v[0] = _mm_loadu_si128((const __m128i*)h);
        v[1] = _mm_loadu_si128((const __m128i*)(h + 16));
        v[2] = _mm_srli_si128(_mm_loadl_epi64((const __m128i*)(h + 26)), 6);
    }
    /* Bit i set where the row holds four of tile i or more (a caller may count a fifth copy: a wait on it). */
    static inline uint64_t mj_four_mask(const unsigned char* h) {
        __m128i v[3];
        const __m128i three = _mm_set1_epi8(3);
        mj_row3(h, v);
        return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(v[0], three))
               | ((uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(v[1], three)) << 16)
               | ((uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpgt_epi8(v[2], three)) << 32);
    }
    /* Seven pairs distance of a concealed 13/14-tile hand: with ``quads`` a four of a kind is two pairs
       (pairs = sum c // 2, and each odd count is one tile from a pair), else distinct pairs among at least
       seven kinds. */
    static inline int mj_seven_pairs_distance(const unsigned char* h, int quads) {
        __m128i v[3], pv = _mm_setzero_si128(), ov = _mm_setzero_si128();
        const __m128i one = _mm_set1_epi8(1), low7 = _mm_set1_epi8(0x7F);
        int i, pairs, other, need;
        mj_row3(h, v);
        for (i = 0; i < 3; i++) {
            __m128i half = _mm_and_si128(_mm_srli_epi16(v[i], 1), low7);      /* c // 2 */
            if (quads) {
                pv = _mm_add_epi8(pv, half);
                ov = _mm_add_epi8(ov, _mm_and_si128(v[i], one));             /* c odd */
            } else {
                pv = _mm_add_epi8(pv, _mm_min_epu8(half, one));              /* c >= 2 */
                ov = _mm_add_epi8(ov, _mm_min_epu8(v[i], one));              /* c >= 1 */
            }
        }
        pairs = mj_hsum8(pv);
        other = mj_hsum8(ov);
        if (pairs >= 7) return 0;
        need = 7 - pairs;
        if (quads) return need <= other ? need : other + 2 * (need - other);
        return need + (other < 7 ? 7 - other : 0);
    }
    /* Thirteen orphans distance: 13 - orphan kinds held, + 1 while no orphan is held twice. */
    static inline int mj_thirteen_orphans_distance(const unsigned char* h) {
        __m128i v[3];
        const __m128i one = _mm_set1_epi8(1);
        const __m128i o0 = _mm_setr_epi8(-1, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 0, 0, 0, 0);     /* 1m 9m 1p */
        const __m128i o1 = _mm_setr_epi8(0, -1, -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1); /* 9p 1s 9s E-中 */
        const __m128i o2 = _mm_setr_epi8(-1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);      /* 发 白 */
        __m128i x0, x1, x2;
        mj_row3(h, v);
        x0 = _mm_and_si128(v[0], o0);
        x1 = _mm_and_si128(v[1], o1);
        x2 = _mm_and_si128(v[2], o2);
        int held = mj_hsum8(_mm_add_epi8(_mm_add_epi8(_mm_min_epu8(x0, one), _mm_min_epu8(x1, one)),
                                         _mm_min_epu8(x2, one)));
        int twice = _mm_movemask_epi8(_mm_cmpgt_epi8(_mm_max_epu8(_mm_max_epu8(x0, x1), x2), one));
        return 13 - held + (twice ? 0 : 1);
    }
    /* A 14-tile hand is seven pairs: every count even (quads) or every count 0 or 2. */
    static inline int mj_seven_pairs_complete(const unsigned char* h, int quads) {
        __m128i v[3];
        const __m128i bad = _mm_set1_epi8(quads ? 0x01 : (char)0xFD);
        mj_row3(h, v);
        __m128i x = _mm_and_si128(_mm_or_si128(_mm_or_si128(v[0], v[1]), v[2]), bad);
        return _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_setzero_si128())) == 0xFFFF;
    }
    /* A 14-tile hand holds only orphans, all thirteen of them. */
    static inline int mj_thirteen_orphans_complete(const unsigned char* h) {
        __m128i v[3];
        const __m128i one = _mm_set1_epi8(1);
        const __m128i o0 = _mm_setr_epi8(-1, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 0, 0, 0, 0);
        const __m128i o1 = _mm_setr_epi8(0, -1, -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1);
        const __m128i o2 = _mm_setr_epi8(-1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        mj_row3(h, v);
        __m128i out = _mm_or_si128(_mm_or_si128(_mm_andnot_si128(o0, v[0]), _mm_andnot_si128(o1, v[1])),
                                   _mm_andnot_si128(o2, v[2]));
        int held = mj_hsum8(_mm_add_epi8(_mm_add_epi8(_mm_min_epu8(v[0], one), _mm_min_epu8(v[1], one)),
                                         _mm_min_epu8(v[2], one)));
        return (_mm_movemask_epi8(_mm_cmpeq_epi8(out, _mm_setzero_si128())) == 0xFFFF) & (held == 13);
    }
    #else
    static inline uint64_t mj_four_mask(const unsigned char* h) {
        uint64_t m = 0;
        for (int i = 0; i < 34; i++) m |= (uint64_t)(h[i] >= 4) << i;
        return m;
    }
    static inline int mj_seven_pairs_distance(const unsigned char* h, int quads) {
        int i, pairs = 0, other = 0, need;
        for (i = 0; i < 34; i++) {
            if (quads) { pairs += h[i] >> 1; other += h[i] & 1; }
            else { pairs += h[i] >= 2; other += h[i] >= 1; }
        }
        if (pairs >= 7) return 0;
        need = 7 - pairs;
        if (quads) return need <= other ? need : other + 2 * (need - other);
        return need + (other < 7 ? 7 - other : 0);
    }
    static inline int mj_thirteen_orphans_distance(const unsigned char* h) {
        static const unsigned char orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        int i, held = 0, twice = 0;
        for (i = 0; i < 13; i++) { held += h[orphans[i]] > 0; twice |= h[orphans[i]] > 1; }
        return 13 - held + (twice ? 0 : 1);
    }
    static inline int mj_seven_pairs_complete(const unsigned char* h, int quads) {
        int i, bad = 0;
        for (i = 0; i < 34; i++) bad |= h[i] & (quads ? 0x01 : 0xFD);
        return bad == 0;
    }
    static inline int mj_thirteen_orphans_complete(const unsigned char* h) {
        static const unsigned char orphan[34] = {1,0,0,0,0,0,0,0,1, 1,0,0,0,0,0,0,0,1, 1,0,0,0,0,0,0,0,1, 1,1,1,1,1,1,1};
        int i, held = 0, outside = 0;
        for (i = 0; i < 34; i++) { if (orphan[i]) held += h[i] > 0; else outside |= h[i]; }
        return outside == 0 && held == 13;
    }
    static inline uint32_t mj_block_key(const unsigned char* c, int n) {
        uint32_t k = 0, p = 1;
        for (int i = 0; i < n; i++) { k += p * c[i]; p *= 5; }
        return k;
    }
    static inline int mj_seven_pairs_distance(const unsigned char* h, int quads);
    static inline int mj_thirteen_orphans_distance(const unsigned char* h);
    static inline int mj_keys(const unsigned char* h, uint32_t* key);
    static inline int mj_keys_special(const unsigned char* h, uint32_t* key, int quads, int* sp) {
        int n = mj_keys(h, key);
        if (n >= 0) { sp[0] = mj_seven_pairs_distance(h, quads); sp[1] = mj_thirteen_orphans_distance(h); }
        return n;
    }
    static inline int mj_seven_pairs_complete(const unsigned char* h, int quads);
    static inline int mj_thirteen_orphans_complete(const unsigned char* h);
    static inline int mj_keys_win_special(const unsigned char* h, uint32_t* key, int quads, int* special) {
        int n = mj_keys(h, key);
        if (n >= 0) *special = mj_seven_pairs_complete(h, quads) | mj_thirteen_orphans_complete(h);
        return n;
    }
    static inline int mj_keys(const unsigned char* h, uint32_t* key) {
        int size = 0, bad = 0;
        for (int i = 0; i < 34; i++) { size += h[i]; bad |= h[i] > 4; }
        key[0] = mj_block_key(h, 9);
        key[1] = mj_block_key(h + 9, 9);
        key[2] = mj_block_key(h + 18, 9);
        key[3] = mj_block_key(h + 27, 7);
        return bad ? -1 : size;
    }
    #endif
    /* Built with -DMJ_CHECK_ROWS (a test build), a row with a count above 4 reaching the kernel's lookup
       aborts with a message: every caller must pass counts 0-4 (the tables know no others). */
    #ifdef MJ_CHECK_ROWS
    #include <stdio.h>
    #include <stdlib.h>
    static inline void mj_check_row(int n) {
        if (n < 0) { fprintf(stderr, "mjcore: a count above 4 reached the kernel's lookup%c", 10); abort(); }
    }
    #else
    static inline void mj_check_row(int n) { (void)n; }     /* a function: its argument (the lookup) is evaluated */
    #endif
    /* the nine tiles of the six knitted assignments (147 / 258 / 369 to m, p, s in each order) */
    static const unsigned char mj_knit_idx[6][9] = {
        {0, 3, 6, 10, 13, 16, 20, 23, 26}, {0, 3, 6, 11, 14, 17, 19, 22, 25},
        {1, 4, 7, 11, 14, 17, 18, 21, 24}, {1, 4, 7, 9, 12, 15, 20, 23, 26},
        {2, 5, 8, 9, 12, 15, 19, 22, 25}, {2, 5, 8, 10, 13, 16, 18, 21, 24}};
    """
    const unsigned char mj_knit_idx[6][9]
    int mj_ctz64(unsigned long long x) noexcept nogil       # x != 0
    int mj_popcount64(unsigned long long x) noexcept nogil
    int mj_keys(const uint8_t* h, uint32_t* key) noexcept nogil   # the four block keys; the size or -1
    void mj_check_row(int n) noexcept nogil                      # no-op unless built with MJ_CHECK_ROWS
    int mj_keys_special(const uint8_t* h, uint32_t* key, int quads, int* sp) noexcept nogil
    int mj_keys_win_special(const uint8_t* h, uint32_t* key, int quads, int* special) noexcept nogil
    int mj_seven_pairs_distance(const uint8_t* h, int quads) noexcept nogil
    uint64_t mj_four_mask(const uint8_t* h) noexcept nogil
    int mj_thirteen_orphans_distance(const uint8_t* h) noexcept nogil
    bint mj_seven_pairs_complete(const uint8_t* h, int quads) noexcept nogil
    bint mj_thirteen_orphans_complete(const uint8_t* h) noexcept nogil

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
    int jokers             # jokers held apart from the 34 counts
    bint fifth             # a joker may be a copy beyond the fourth (wild.allow_fifth_copy)

cdef struct Lookup:
    uint32_t key[4]        # base-5 keys of the three suits and the honors
    uint32_t state[4]      # their states (32-bit: no partial-register merges when loaded)


# ---------------------------------------------------------------------------------------------
# validation helper (used by the boundary, cheap enough for batch loops)

cdef inline void load_words(const uint8_t* h, uint64_t* w) noexcept nogil:
    """The 34 counts as five 64-bit words (bytes 34..39 zero), for SWAR counting.

    Each word is read straight from the row (an unaligned 8-byte load); the last two counts are
    assembled in a register, so no load waits on a narrower store to the same stack slot.
    """
    memcpy(&w[0], h, 8)
    memcpy(&w[1], h + 8, 8)
    memcpy(&w[2], h + 16, 8)
    memcpy(&w[3], h + 24, 8)
    w[4] = h[32] | (<uint64_t>h[33] << 8)


cdef inline int row_size(const uint8_t* h) noexcept nogil:
    """Number of tiles in the row, or -1 if some count is above 4 (SWAR over five words)."""
    cdef uint64_t w[5]
    cdef uint64_t bad = 0, acc = 0
    cdef int i
    load_words(h, w)
    for i in range(5):
        # a byte b > 4 has its top bit set in b or in b + 0x7B
        bad |= (w[i] | (w[i] + 0x7B7B7B7B7B7B7B7BULL)) & 0x8080808080808080ULL
        acc += w[i]          # byte lanes stay below 256 while every count is <= 4
    if bad:
        return -1
    return <int>((acc * 0x0101010101010101ULL) >> 56)


# ---------------------------------------------------------------------------------------------
# table lookups

cdef inline uint32_t suit_key(const uint8_t* c) noexcept nogil:
    # a sum of independent products: shorter dependency chains than Horner's rule
    return ((c[0] + 5 * c[1] + 25 * c[2]) + (125 * c[3] + 625 * c[4] + 3125 * <uint32_t>c[5])
            + (15625 * <uint32_t>c[6] + 78125 * <uint32_t>c[7] + 390625 * <uint32_t>c[8]))


cdef inline uint32_t honor_key(const uint8_t* c) noexcept nogil:
    return ((c[0] + 5 * c[1] + 25 * c[2]) + (125 * c[3] + 625 * c[4])
            + (3125 * <uint32_t>c[5] + 15625 * <uint32_t>c[6]))


cdef inline void load_states(const Tables* T, Lookup* L) noexcept nogil:
    L.state[0] = T.suit_state[L.key[0]]
    L.state[1] = T.suit_state[L.key[1]]
    L.state[2] = T.suit_state[L.key[2]]
    L.state[3] = T.honor_state[L.key[3]]


cdef inline int lookup_checked_special(const Tables* T, const uint8_t* h, Lookup* L, bint quads,
                                      int* sp) noexcept nogil:
    """``lookup_checked``, and the seven pairs and thirteen orphans distances in ``sp[0]``, ``sp[1]``."""
    cdef int n = mj_keys_special(h, L.key, quads, sp)
    if n >= 0:
        load_states(T, L)
    return n


cdef inline int lookup_checked_win_special(const Tables* T, const uint8_t* h, Lookup* L, bint quads,
                                          int* special) noexcept nogil:
    """``lookup_checked``, and whether a 14-tile row is seven pairs or thirteen orphans in ``special``."""
    cdef int n = mj_keys_win_special(h, L.key, quads, special)
    if n >= 0:
        load_states(T, L)
    return n


cdef inline void lookup(const Tables* T, const uint8_t* h, Lookup* L) noexcept nogil:
    """Keys and states of a valid row (counts 0..4)."""
    mj_check_row(mj_keys(h, L.key))
    load_states(T, L)


cdef inline int lookup_checked(const Tables* T, const uint8_t* h, Lookup* L) noexcept nogil:
    """The row's size with its keys and states, or -1 (a count above 4: nothing looked up)."""
    cdef int n = mj_keys(h, L.key)
    if n >= 0:
        load_states(T, L)
    return n


cdef inline void block_flags(const Tables* T, const Lookup* L, uint8_t* flags) noexcept nogil:
    """FLAG_COMPLETE | size mod 3 << FLAG_MOD3_SHIFT of the four blocks."""
    flags[0] = T.suit_states[L.state[0] * 16 + STATE_FLAGS]
    flags[1] = T.suit_states[L.state[1] * 16 + STATE_FLAGS]
    flags[2] = T.suit_states[L.state[2] * 16 + STATE_FLAGS]
    flags[3] = T.honor_states[L.state[3] * 16 + STATE_FLAGS]


cdef inline uint64_t four_mask(const uint8_t* h) noexcept nogil:
    """Bit i set where the hand holds four of tile i or more (``mj_four_mask``: counts up to 127)."""
    return mj_four_mask(h)


cdef inline uint64_t three_mask(const uint8_t* h) noexcept nogil:
    """Bit i set where the hand holds three of tile i."""
    cdef uint64_t m = 0
    cdef int i
    for i in range(34):
        m |= (<uint64_t>(h[i] == 3)) << i
    return m


# ---------------------------------------------------------------------------------------------
# standard form: M sets + one pair

cdef inline int std_distance(const Tables* T, const Lookup* L, int M) noexcept nogil:
    """Fewest tiles missing for M sets + a pair (shanten = distance - 1).

    The min-plus combination of the four blocks' distance vectors is precomputed per state tuple:
    suits 1 + 2 and suit 3 + honors are two independent small loads, then one final load.
    """
    cdef uint32_t ab = T.pair_class[L.state[0] * N_SUIT_STATES + L.state[1]]
    cdef uint32_t cz = T.mixed_class[L.state[2] * N_HONOR_STATES + L.state[3]]
    return T.final_dist[(M * T.n_pair + ab) * T.n_mixed + cz]


cdef inline int std_udistance(const Tables* T, const Lookup* L, int M) noexcept nogil:
    """Like std_distance, but targets may hold any number of a kind (copies beyond the fourth
    being jokers): a lower bound of the joker distance, and exact whenever it is within the jokers.
    """
    cdef uint32_t ab = T.upair_class[T.suit_ustate[L.key[0]] * N_SUIT_USTATES
                                     + T.suit_ustate[L.key[1]]]
    cdef uint32_t cz = T.umixed_class[T.suit_ustate[L.key[2]] * N_HONOR_USTATES
                                      + T.honor_ustate[L.key[3]]]
    return T.ufinal_dist[(M * T.n_upair + ab) * T.n_umixed + cz]


cdef inline void combine_budget(const uint8_t* a, const uint8_t* b, uint8_t* out, int M,
                                int K) noexcept nogil:
    """Min-plus over sets, pair and budget: out[(p*6 + m)*N_BUDGET + e], m <= M, e <= K."""
    cdef int m, e, j, f, x, v0, v1
    for m in range(M + 1):
        for e in range(K + 1):
            v0 = 255
            v1 = 255
            for j in range(m + 1):
                for f in range(e + 1):
                    x = a[j * N_BUDGET + f] + b[(m - j) * N_BUDGET + e - f]
                    if x < v0:
                        v0 = x
                    x = a[j * N_BUDGET + f] + b[(6 + m - j) * N_BUDGET + e - f]
                    if x < v1:
                        v1 = x
                    x = a[(6 + j) * N_BUDGET + f] + b[(m - j) * N_BUDGET + e - f]
                    if x < v1:
                        v1 = x
            out[m * N_BUDGET + e] = <uint8_t>v0
            out[(6 + m) * N_BUDGET + e] = <uint8_t>v1


cdef inline int std_budget_distance(const Tables* T, const Lookup* L, int M, int k) noexcept nogil:
    """Exact joker distance: the copies beyond the fourth, over all blocks, are at most k.

    Each block's budgeted row gives its distance for e = 0..8 such copies; the blocks are combined
    by min-plus over sets, pair and budget (microseconds: used only when the capped and the
    unlimited distances disagree). Budgets above 8 are taken as 8.
    """
    cdef uint8_t ab[BUDGET_ROW]
    cdef uint8_t abc[BUDGET_ROW]
    cdef const uint8_t* r0 = T.suit_bstates + T.suit_bstate[L.key[0]] * BUDGET_ROW
    cdef const uint8_t* r1 = T.suit_bstates + T.suit_bstate[L.key[1]] * BUDGET_ROW
    cdef const uint8_t* r2 = T.suit_bstates + T.suit_bstate[L.key[2]] * BUDGET_ROW
    cdef const uint8_t* z = T.honor_bstates + T.honor_bstate[L.key[3]] * BUDGET_ROW
    cdef int K = k if k < N_BUDGET - 1 else N_BUDGET - 1
    cdef int j, e, x, best = 255
    combine_budget(r0, r1, ab, M, K)
    combine_budget(ab, r2, abc, M, K)
    for j in range(M + 1):
        for e in range(K + 1):
            x = abc[j * N_BUDGET + e] + z[(6 + M - j) * N_BUDGET + K - e]
            if x < best:
                best = x
            x = abc[(6 + j) * N_BUDGET + e] + z[(M - j) * N_BUDGET + K - e]
            if x < best:
                best = x
    return best


cdef inline int std_joker_distance(const Tables* T, const Lookup* L, int M, const Ctx* ctx) noexcept nogil:
    """Standard-form distance counting the tiles jokers fill (draws = distance - jokers)."""
    cdef int dc = std_distance(T, L, M), du
    if ctx.jokers == 0 or not ctx.fifth:
        return dc
    du = std_udistance(T, L, M)
    if du == dc:
        return dc
    return std_budget_distance(T, L, M, ctx.jokers)


cdef inline bint std_complete(const Tables* T, const Lookup* L, int M) noexcept nogil:
    """A 3M+2 hand splits into M sets and one pair: its distance is 0 (the same loads as the distance)."""
    return std_distance(T, L, M) == 0


cdef inline uint64_t std_waits(const Tables* T, const Lookup* L) noexcept nogil:
    """Structural waits of a 3M+1 hand (including fifth copies of tiles held four times).

    A draw changes one block: block b's completing tiles are waits when every other block is complete
    and the pairs of the others plus b's pair after the draw (its size becomes 2 mod 3) make one. Branch-free
    (whether a hand waits is not predictable in a batch): the four wait masks are loaded at once and kept by
    masks of the four conditions.
    """
    cdef uint8_t f[4]
    cdef uint64_t w0 = T.suit_wait[L.key[0]]
    cdef uint64_t w1 = (<uint64_t>T.suit_wait[L.key[1]]) << 9
    cdef uint64_t w2 = (<uint64_t>T.suit_wait[L.key[2]]) << 18
    cdef uint64_t w3 = (<uint64_t>T.honor_wait[L.key[3]]) << 27
    cdef int c0, c1, c2, c3, p0, p1, p2, p3, nc, np
    block_flags(T, L, f)
    c0 = f[0] & FLAG_COMPLETE
    c1 = f[1] & FLAG_COMPLETE
    c2 = f[2] & FLAG_COMPLETE
    c3 = f[3] & FLAG_COMPLETE
    p0 = c0 & ((f[0] >> FLAG_MOD3_SHIFT) == 2)
    p1 = c1 & ((f[1] >> FLAG_MOD3_SHIFT) == 2)
    p2 = c2 & ((f[2] >> FLAG_MOD3_SHIFT) == 2)
    p3 = c3 & ((f[3] >> FLAG_MOD3_SHIFT) == 2)
    nc = c0 + c1 + c2 + c3
    np = p0 + p1 + p2 + p3
    return ((w0 & -<uint64_t>((nc - c0 == 3) & (np - p0 + ((f[0] >> FLAG_MOD3_SHIFT) == 1) == 1)))
            | (w1 & -<uint64_t>((nc - c1 == 3) & (np - p1 + ((f[1] >> FLAG_MOD3_SHIFT) == 1) == 1)))
            | (w2 & -<uint64_t>((nc - c2 == 3) & (np - p2 + ((f[2] >> FLAG_MOD3_SHIFT) == 1) == 1)))
            | (w3 & -<uint64_t>((nc - c3 == 3) & (np - p3 + ((f[3] >> FLAG_MOD3_SHIFT) == 1) == 1))))


# ---------------------------------------------------------------------------------------------
# seven pairs and thirteen orphans: a few counts over the hand

cdef inline int seven_pairs_distance(const uint8_t* h, bint quads) noexcept nogil:
    """Seven pairs distance (``mj_seven_pairs_distance``: three vector registers, byte sums)."""
    return mj_seven_pairs_distance(h, quads)


cdef inline bint seven_pairs_complete(const uint8_t* h, bint quads) noexcept nogil:
    """A 14-tile hand is seven pairs: every count even (quads) or every count 0 or 2."""
    return mj_seven_pairs_complete(h, quads)


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
    """Thirteen orphans distance (``mj_thirteen_orphans_distance``)."""
    return mj_thirteen_orphans_distance(h)


cdef inline bint thirteen_orphans_complete(const uint8_t* h) noexcept nogil:
    """A 14-tile hand holds only orphans, all thirteen of them (so exactly one twice)."""
    return mj_thirteen_orphans_complete(h)


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

cdef inline uint64_t knitted_take(const uint8_t* h, int order, uint8_t* rest, int* present) noexcept nogil:
    """Knitted assignment ``order`` (0-5: the residues 147 / 258 / 369 given to m, p, s in each of the six
    ways, ``mj_knit_idx``): ``rest`` = h less one copy of each knitted tile held, ``present[s]`` = the
    knitted tiles held in suit s; returns the mask of the knitted tiles not held."""
    cdef int s, j, idx
    cdef uint64_t missing = 0
    memcpy(rest, h, 34)
    for s in range(3):
        present[s] = 0
        for j in range(3):
            idx = mj_knit_idx[order][3 * s + j]
            if rest[idx] > 0:
                present[s] += 1
                rest[idx] -= 1
            else:
                missing |= (<uint64_t>1) << idx
    return missing


cdef inline int knitted_distance(const Tables* T, const uint8_t* h, const Ctx* ctx) noexcept nogil:
    """Fewest tiles missing (jokers included) for 全不靠 or 组合龙 + set + pair."""
    cdef int order, j, present, honors = 0, best = NO_FORM, d
    cdef int melds = ctx.melds
    cdef Ctx rest = ctx[0]
    cdef int p3[3]
    cdef uint8_t tmp[34]
    cdef Lookup L
    if melds > 1:
        return NO_FORM
    for j in range(27, 34):
        honors += h[j] > 0
    for order in range(6):
        knitted_take(h, order, tmp, p3)
        present = p3[0] + p3[1] + p3[2]
        if melds == 0:
            d = 14 - present - honors
            if d < 0:
                d = 0
            if d < best:
                best = d
        lookup(T, tmp, &L)
        d = (9 - present) + std_joker_distance(T, &L, 1 - melds, &rest)
        if d < best:
            best = d
    return best


# ---------------------------------------------------------------------------------------------
# all forms together

cdef inline void form_distances(const Tables* T, const uint8_t* h, const Lookup* L, int M, const Ctx* ctx,
                                int* d) noexcept nogil:
    """Distance of each allowed form, the jokers' fill not subtracted (NO_FORM where it does not apply):
    d[0] standard (``L`` read only here), d[1] seven pairs, d[2] thirteen orphans, d[3] knitted."""
    cdef bint concealed13 = ctx.thirteen_play and ctx.melds == 0
    d[0] = std_joker_distance(T, L, M, ctx) if ctx.forms & FORM_STANDARD else NO_FORM
    d[1] = seven_pairs_distance(h, ctx.quads) if concealed13 and ctx.forms & FORM_SEVEN_PAIRS else NO_FORM
    d[2] = thirteen_orphans_distance(h) if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS else NO_FORM
    d[3] = knitted_distance(T, h, ctx) if ctx.thirteen_play and ctx.forms & FORM_KNITTED else NO_FORM


cdef inline int hand_distance_at(const Tables* T, const uint8_t* h, const Lookup* L, int M,
                                 const Ctx* ctx) noexcept nogil:
    """``hand_distance`` of a row already looked up (``L`` is read only for the standard form)."""
    cdef int d[4]
    form_distances(T, h, L, M, ctx, d)
    return min(min(d[0], d[1]), min(d[2], d[3])) - ctx.jokers


cdef inline int hand_distance(const Tables* T, const uint8_t* h, int M, const Ctx* ctx) noexcept nogil:
    """Fewest tiles still to draw over the allowed forms, after the jokers fill what they can
    (shanten = distance - 1; NO_FORM - jokers if no form applies). M = (real + jokers) // 3."""
    cdef Lookup L
    if ctx.forms & FORM_STANDARD:
        lookup(T, h, &L)
    return hand_distance_at(T, h, &L, M, ctx)


cdef inline bint hand_complete_at(const Tables* T, const uint8_t* h, const Lookup* L, int M,
                                  const Ctx* ctx) noexcept nogil:
    """``hand_complete`` of a row already looked up (``L`` is read only for the standard form)."""
    cdef bint concealed13 = ctx.thirteen_play and ctx.melds == 0
    cdef int k = ctx.jokers
    if k == 0:
        if ctx.forms & FORM_STANDARD and std_complete(T, L, M):
            return True
        if concealed13 and ctx.forms & FORM_SEVEN_PAIRS and seven_pairs_complete(h, ctx.quads):
            return True
        if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS and thirteen_orphans_complete(h):
            return True
        return ctx.thirteen_play and ctx.forms & FORM_KNITTED and knitted_distance(T, h, ctx) == 0
    if ctx.forms & FORM_STANDARD:
        if (std_udistance(T, L, M) if ctx.fifth else std_distance(T, L, M)) <= k:
            # every missing tile is a joker, so copies beyond the fourth are within the jokers
            return True
    if concealed13 and ctx.forms & FORM_SEVEN_PAIRS and seven_pairs_distance(h, ctx.quads) <= k:
        return True
    if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS and thirteen_orphans_distance(h) <= k:
        return True
    if ctx.thirteen_play and ctx.forms & FORM_KNITTED and knitted_distance(T, h, ctx) <= k:
        return True
    return False


cdef inline bint hand_complete(const Tables* T, const uint8_t* h, int M, const Ctx* ctx) noexcept nogil:
    """Win check of a 3M+2 hand (real tiles + jokers) over the allowed forms."""
    cdef Lookup L
    if ctx.forms & FORM_STANDARD:
        lookup(T, h, &L)
    return hand_complete_at(T, h, &L, M, ctx)


cdef inline int rest_distance(const Tables* T, const uint8_t* h, int M, const Ctx* ctx) noexcept nogil:
    """Standard-form distance (jokers filling included) of M sets + a pair for the counts h."""
    cdef Lookup L
    lookup(T, h, &L)
    return std_joker_distance(T, &L, M, ctx)


cdef inline uint64_t joker_exhausted_waits(const Tables* T, const uint8_t* h, int M,
                                           const Ctx* ctx) noexcept nogil:
    """Tiles held four times whose (non-existent) fifth copy would complete a 3M+1 hand holding
    jokers: the standard form only (no other form can use five copies). Five copies of t in a
    complete hand always include a pung of t or a sequence through t; remove that group (its
    missing tiles are jokers) and ask whether the rest is M - 1 sets + a pair within the jokers.
    """
    cdef uint8_t tmp[34]
    cdef uint64_t w = 0
    cdef int t, start, j, missing, d
    if not (ctx.forms & FORM_STANDARD) or M < 1:
        return 0
    memcpy(tmp, h, 34)
    for t in range(34):
        if h[t] != 4:
            continue
        tmp[t] = 2                                   # 4 + 1 - a pung of t
        d = rest_distance(T, tmp, M - 1, ctx)
        tmp[t] = 4
        if d <= ctx.jokers:
            w |= (<uint64_t>1) << t
            continue
        if t >= 27:
            continue
        for start in range(t - 2, t + 1):
            if start < 9 * (t // 9) or start + 2 > 9 * (t // 9) + 8:
                continue
            missing = 0
            for j in range(start, start + 3):
                if j != t:
                    if tmp[j] > 0:
                        tmp[j] -= 1
                    else:
                        missing += 1
            # t itself: 4 + 1 - 1 = 4 copies stay
            d = missing + rest_distance(T, tmp, M - 1, ctx)
            memcpy(tmp, h, 34)
            if d <= ctx.jokers:
                w |= (<uint64_t>1) << t
                break
    return w


cdef inline uint64_t hand_waits_at(const Tables* T, const uint8_t* h, const Lookup* L, const Ctx* ctx,
                                   uint64_t* four, const int* sp=NULL) noexcept nogil:
    """Structural waits of a 3M+1 hand; ``four`` receives the tiles the hand holds four of. ``L``: the
    row's lookup, read only for the standard form without jokers; ``sp``: NULL or the seven pairs and
    thirteen orphans distances (``lookup_checked_special``).

    Drawable waits are ``w & ~four``; ``w & four`` are waits on a fifth copy (exhausted). With
    jokers, the drawable waits of a tenpai hand are its useful tiles (:func:`hand_useful_at`: a draw
    lowers the distance by one at most, and a 3M+1 hand's distance is at least one), and where copies
    beyond the fourth are allowed (``ctx.fifth``) each tile held four times is tried.
    """
    cdef uint64_t w = 0
    cdef uint8_t tmp[34]
    cdef int t, n, d
    cdef Lookup LJ
    cdef bint concealed13 = ctx.thirteen_play and ctx.melds == 0
    four[0] = four_mask(h)
    if ctx.jokers > 0:
        n = row_size(h) + ctx.jokers + 1
        if ctx.fifth and four[0]:
            # a fifth copy is only conceivable where copies beyond the fourth are allowed
            w = joker_exhausted_waits(T, h, n // 3, ctx)
        if ctx.forms & FORM_STANDARD:
            lookup(T, h, &LJ)
        if hand_distance_at(T, h, &LJ, n // 3, ctx) <= 1:     # else not tenpai: no drawable tile completes it
            w |= hand_useful_at(T, h, &LJ, n // 3, ctx, &d)
        return w
    if ctx.forms & FORM_STANDARD:
        w = std_waits(T, L)
    if concealed13 and ctx.forms & FORM_SEVEN_PAIRS and (
            sp[0] if sp != NULL else seven_pairs_distance(h, ctx.quads)) == 1:
        w |= seven_pairs_waits(h, ctx.quads)
    if concealed13 and ctx.forms & FORM_THIRTEEN_ORPHANS and (
            sp[1] if sp != NULL else thirteen_orphans_distance(h)) == 1:
        w |= thirteen_orphans_waits(h)
    if ctx.thirteen_play and ctx.forms & FORM_KNITTED and knitted_distance(T, h, ctx) == 1:
        # no knitted form can use five copies of a tile, so only drawable tiles are tried
        memcpy(tmp, h, 34)
        for t in range(34):
            if tmp[t] < 4:
                tmp[t] += 1
                if knitted_distance(T, tmp, ctx) == 0:
                    w |= (<uint64_t>1) << t
                tmp[t] -= 1
    return w


cdef inline uint64_t hand_waits(const Tables* T, const uint8_t* h, const Ctx* ctx,
                                uint64_t* four) noexcept nogil:
    """``hand_waits_at`` looking the row up itself."""
    cdef Lookup L
    if ctx.forms & FORM_STANDARD and ctx.jokers == 0:
        lookup(T, h, &L)
    return hand_waits_at(T, h, &L, ctx, four)


cdef inline uint64_t useful_by_draws(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                                     int base) noexcept nogil:
    """Tiles (held fewer than four times) whose draw lowers the distance below ``base``: each tried."""
    cdef uint8_t tmp[34]
    cdef uint64_t u = 0
    cdef int t
    memcpy(tmp, h, 34)
    for t in range(34):
        if tmp[t] < 4:
            tmp[t] += 1
            if hand_distance(T, tmp, M, ctx) < base:
                u |= (<uint64_t>1) << t
            tmp[t] -= 1
    return u


cdef inline uint64_t std_useful(const Tables* T, const Lookup* L, const uint8_t* h, int M,
                                int base) noexcept nogil:
    """Tiles whose draw brings the standard-form distance below ``base`` (its value now).

    A draw changes one block only: its new state is one load at the block's key plus 5**i, and the
    hand's distance one class load and one final load with the other blocks' classes held fixed. The
    loads of the 34 draws are independent of each other, so their latencies overlap, and nothing
    branches on their values (a mispredicted branch per draw cost more than the loads).
    """
    cdef uint8_t ns[9]
    cdef uint32_t p5, key, n_mixed = T.n_mixed
    cdef uint32_t ab = T.pair_class[L.state[0] * N_SUIT_STATES + L.state[1]]
    cdef uint32_t cz = T.mixed_class[L.state[2] * N_HONOR_STATES + L.state[3]]
    cdef const uint16_t* col
    cdef const uint8_t* fin
    cdef const uint8_t* final = T.final_dist + M * T.n_pair * n_mixed     # the distances for M sets
    cdef uint32_t stride, mul
    cdef const uint8_t* tab
    cdef uint64_t u = 0
    cdef int b, i, n
    for b in range(4):
        key = L.key[b]
        tab = T.honor_state if b == 3 else T.suit_state
        n = 7 if b == 3 else 9
        p5 = 1
        for i in range(n):        # a kind held four times cannot be drawn (nor its key be raised)
            ns[i] = tab[key + p5] if h[9 * b + i] < 4 else L.state[b]
            p5 *= 5
        # the distance as a function of this block's state: a column of a class table, then a final row
        if b == 0:
            col, stride, fin = T.pair_class + L.state[1], N_SUIT_STATES, final + cz
        elif b == 1:
            col, stride, fin = T.pair_class + L.state[0] * N_SUIT_STATES, 1, final + cz
        elif b == 2:
            col, stride, fin = T.mixed_class + L.state[3], N_HONOR_STATES, final + ab * n_mixed
        else:
            col, stride, fin = T.mixed_class + L.state[2] * N_HONOR_STATES, 1, final + ab * n_mixed
        mul = n_mixed if b < 2 else 1
        for i in range(n):        # branch-free: a draw that keeps the state finds the distance unchanged
            u |= (<uint64_t>(fin[col[ns[i] * stride] * mul] < base)) << (9 * b + i)
    return u


cdef inline uint64_t gather_bytes(uint64_t x) noexcept nogil:
    """Bit 0 of each of the eight bytes of x (the other bits zero) as eight bits."""
    return (x * 0x0102040810204080ULL) >> 56


cdef inline void count_masks(const uint8_t* h, uint64_t* absent, uint64_t* single, uint64_t* odd,
                             uint64_t* pair) noexcept nogil:
    """Bit masks of the kinds held 0 times, once, an odd number of times, and at least twice (SWAR)."""
    cdef uint64_t w[5]
    cdef uint64_t x, one = 0x0101010101010101ULL
    cdef int i
    load_words(h, w)
    absent[0] = single[0] = odd[0] = pair[0] = 0
    for i in range(5):
        x = w[i]
        absent[0] |= gather_bytes(~(x | (x >> 1) | (x >> 2)) & one) << (8 * i)
        single[0] |= gather_bytes(x & ~(x >> 1) & ~(x >> 2) & one) << (8 * i)
        odd[0] |= gather_bytes(x & one) << (8 * i)
        pair[0] |= gather_bytes(((x >> 1) | (x >> 2)) & one) << (8 * i)
    absent[0] &= ((<uint64_t>1) << 34) - 1          # bytes 34..39 are not tiles


cdef inline uint64_t seven_pairs_useful(const uint8_t* h, bint quads, int n) noexcept nogil:
    """Tiles whose draw lowers the seven-pairs distance of a hand of ``n`` tiles (13; fewer where jokers
    are set apart) (seven_pairs_distance's terms: a draw on an odd count makes a pair; with four of a kind
    as two pairs, a draw on an even count helps only while the odd counts cannot supply the pairs still
    needed; with distinct pairs, a new kind helps while fewer than seven kinds are held). Tiles held four
    times are removed by the caller."""
    cdef uint64_t absent, single, odd, pair
    cdef int pairs
    count_masks(h, &absent, &single, &odd, &pair)
    if quads:
        pairs = (n - mj_popcount64(odd)) // 2       # sum of count // 2 over the n tiles
        if pairs >= 7:
            return 0
        return odd | (~odd & (((<uint64_t>1) << 34) - 1) if 7 - pairs > mj_popcount64(odd) else 0)
    if mj_popcount64(pair) >= 7:
        return 0
    return single | (absent if 34 - mj_popcount64(absent) < 7 else 0)


cdef inline uint64_t thirteen_orphans_useful(const uint8_t* h) noexcept nogil:
    """Tiles whose draw lowers the thirteen-orphans distance: a missing orphan, or, while no orphan is
    held twice, a second copy of one held."""
    cdef uint64_t orphans = orphan_bits(), absent, single, odd, pair
    count_masks(h, &absent, &single, &odd, &pair)
    if pair & orphans:
        return absent & orphans
    return orphans


cdef inline uint64_t knitted_useful(const Tables* T, const uint8_t* h, const Ctx* ctx, int base) noexcept nogil:
    """Tiles whose draw brings the knitted distance (:func:`knitted_distance`) below ``base`` (its value now,
    no jokers): for each knitted assignment at that distance, 全不靠 takes a missing knitted tile or a missing
    honor; 组合龙 takes a missing knitted tile, or a draw that lowers the rest's standard distance."""
    cdef int order, j, present, honors = 0, d, ds
    cdef int melds = ctx.melds
    cdef int p3[3]
    cdef uint8_t tmp[34]
    cdef uint64_t u = 0, missing, honor_missing = 0
    cdef Lookup L
    if melds > 1:
        return 0
    for j in range(27, 34):
        if h[j] > 0:
            honors += 1
        else:
            honor_missing |= (<uint64_t>1) << j
    for order in range(6):
        missing = knitted_take(h, order, tmp, p3)
        present = p3[0] + p3[1] + p3[2]
        if melds == 0:
            d = 14 - present - honors
            if 0 < d == base:
                u |= missing | honor_missing
        lookup(T, tmp, &L)
        ds = std_distance(T, &L, 1 - melds)
        if (9 - present) + ds == base:
            u |= missing | std_useful(T, &L, tmp, 1 - melds, ds)
    return u


cdef inline uint64_t hand_useful_at(const Tables* T, const uint8_t* h, const Lookup* L, int M,
                                    const Ctx* ctx, int* distance) noexcept nogil:
    """Tiles (held fewer than four times) whose draw lowers the distance of a 3M+1 hand; ``L``: the row's
    lookup, read only for the standard form.

    A draw lowers a form's distance by one at most, so only the forms at the hand's distance can
    lower it: their useful tiles are found per form (standard: one block's state per draw; seven pairs
    and thirteen orphans: from the counts; knitted: per assignment at that distance).

    With jokers (``h`` the real tiles), each form's distance is the real tiles' less the jokers, and the
    standard one is the plain (capped) one wherever every count is at most three: a block holding no
    kind four times has the same distances whether copies beyond the fourth are allowed or not
    (``tests/test_tables.py``). So the same masks apply, with two exceptions: a draw making a
    fourth copy, where a joker may then be a fifth (``ctx.fifth``), is tried; and a hand holding a kind
    four times (``ctx.fifth``) or read in the knitted forms tries every draw.
    """
    cdef int d[4]
    cdef int base, t
    cdef uint64_t u = 0, four = four_mask(h), three
    cdef uint8_t tmp[34]
    if ctx.jokers > 0 and (ctx.forms & FORM_KNITTED or ctx.fifth and four):
        base = hand_distance_at(T, h, L, M, ctx)
        distance[0] = base
        return useful_by_draws(T, h, M, ctx, base)
    form_distances(T, h, L, M, ctx, d)
    base = min(min(d[0], d[1]), min(d[2], d[3]))
    distance[0] = base - ctx.jokers
    if base >= NO_FORM:
        return 0
    if d[0] == base:
        u = std_useful(T, L, h, M, base)
    if d[1] == base:
        u |= seven_pairs_useful(h, ctx.quads, 3 * M + 1 - ctx.jokers)
    if d[2] == base:
        u |= thirteen_orphans_useful(h)
    if d[3] == base:
        u |= knitted_useful(T, h, ctx, base)
    if ctx.jokers > 0 and ctx.fifth and d[0] == base:
        three = three_mask(h) & ~u
        if three:
            memcpy(tmp, h, 34)
            while three:
                t = mj_ctz64(three)
                three &= three - 1
                tmp[t] += 1
                if hand_distance(T, tmp, M, ctx) < base - ctx.jokers:
                    u |= (<uint64_t>1) << t
                tmp[t] -= 1
    return u & ~four


cdef inline uint64_t hand_useful(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                                 int* distance) noexcept nogil:
    """``hand_useful_at`` looking the row up itself."""
    cdef Lookup L
    if ctx.forms & FORM_STANDARD:
        lookup(T, h, &L)
    return hand_useful_at(T, h, &L, M, ctx, distance)
