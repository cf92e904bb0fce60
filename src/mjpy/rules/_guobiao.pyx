# cython: language_level=3
"""Guobiao (MCR) fan calculator core: forms, decompositions, fans, exclusions (docs/rules.md#guobiao-combination).

Everything here is ``nogil`` C over 34 tile counts (index order of docs/rules.md#tiles: 0-8 m, 9-17 p, 18-26 s,
27-33 东南西北中发白). The fan table, values and exclusion lists are data owned by
``mjpy.rules.guobiao`` and handed in when a :class:`Core` is built; this module holds no rule text.

Fans are numbered as in docs/rules.md#guobiao-fans (1-81) plus 82 = 明暗杠; a result is ``uint8[88]`` counts (padded)
(index 0 unused, index 81 = flowers). Exclusions are bit masks over those numbers (two words).
"""
from libc.stdint cimport uint8_t, int8_t, int16_t, int32_t, uint64_t
from libc.string cimport memset, memcpy

import numpy as np
cimport numpy as cnp

cnp.import_array()

from mjcore._tables cimport Tables, get_tables
from mjcore._kernel cimport Lookup, lookup, std_waits, load_words, four_mask, row_size, mj_ctz64, mj_popcount64

# ------------------------------------------------------------------------------------------------
# fan numbers (docs/rules.md#guobiao-fans)
cdef enum:
    BIG_FOUR_WINDS = 1
    BIG_THREE_DRAGONS = 2
    ALL_GREEN = 3
    NINE_GATES = 4
    FOUR_KONGS = 5
    SEVEN_SHIFTED_PAIRS = 6
    THIRTEEN_ORPHANS = 7
    ALL_TERMINALS = 8
    LITTLE_FOUR_WINDS = 9
    LITTLE_THREE_DRAGONS = 10
    ALL_HONORS = 11
    FOUR_CONCEALED_PUNGS = 12
    PURE_TERMINAL_CHOWS = 13
    QUADRUPLE_CHOW = 14
    FOUR_PURE_SHIFTED_PUNGS = 15
    FOUR_PURE_SHIFTED_CHOWS = 16
    THREE_KONGS = 17
    ALL_TERMINALS_AND_HONORS = 18
    SEVEN_PAIRS = 19
    GREATER_HONORS_KNITTED = 20
    ALL_EVEN_PUNGS = 21
    FULL_FLUSH = 22
    PURE_TRIPLE_CHOW = 23
    PURE_SHIFTED_PUNGS = 24
    UPPER_TILES = 25
    MIDDLE_TILES = 26
    LOWER_TILES = 27
    PURE_STRAIGHT = 28
    THREE_SUITED_TERMINAL_CHOWS = 29
    PURE_SHIFTED_CHOWS = 30
    ALL_FIVES = 31
    TRIPLE_PUNG = 32
    THREE_CONCEALED_PUNGS = 33
    LESSER_HONORS_KNITTED = 34
    KNITTED_STRAIGHT = 35
    UPPER_FOUR = 36
    LOWER_FOUR = 37
    BIG_THREE_WINDS = 38
    MIXED_STRAIGHT = 39
    REVERSIBLE_TILES = 40
    MIXED_TRIPLE_CHOW = 41
    MIXED_SHIFTED_PUNGS = 42
    CHICKEN_HAND = 43
    LAST_TILE_DRAW = 44
    LAST_TILE_CLAIM = 45
    OUT_WITH_REPLACEMENT = 46
    ROBBING_THE_KONG = 47
    ALL_PUNGS = 48
    HALF_FLUSH = 49
    MIXED_SHIFTED_CHOWS = 50
    ALL_TYPES = 51
    MELDED_HAND = 52
    TWO_CONCEALED_KONGS = 53
    TWO_DRAGON_PUNGS = 54
    OUTSIDE_HAND = 55
    FULLY_CONCEALED = 56
    TWO_MELDED_KONGS = 57
    LAST_TILE = 58
    DRAGON_PUNG = 59
    PREVALENT_WIND = 60
    SEAT_WIND = 61
    CONCEALED_HAND = 62
    ALL_CHOWS = 63
    TILE_HOG = 64
    DOUBLE_PUNG = 65
    TWO_CONCEALED_PUNGS = 66
    CONCEALED_KONG = 67
    ALL_SIMPLES = 68
    PURE_DOUBLE_CHOW = 69
    MIXED_DOUBLE_CHOW = 70
    SHORT_STRAIGHT = 71
    TWO_TERMINAL_CHOWS = 72
    PUNG_TERMINAL_HONOR = 73
    MELDED_KONG = 74
    ONE_VOIDED_SUIT = 75
    NO_HONORS = 76
    EDGE_WAIT = 77
    CLOSED_WAIT = 78
    SINGLE_WAIT = 79
    SELF_DRAWN = 80
    FLOWER_TILES = 81
    CONCEALED_AND_MELDED_KONG = 82
    NF = 88                       # 83 used entries padded to 11 words

# meld kinds (batch encoding and Hand.mkind)
cdef enum:
    K_CHI = 0
    K_PON = 1
    K_MINKAN = 2    # 明杠 (direct or added; the reference does not distinguish)
    K_ANKAN = 3

# set types inside a decomposition
cdef enum:
    S_CHOW = 0
    S_PUNG = 1
    S_KONG = 2

# flag bits (batch encoding)
cdef enum:
    FL_SELF_DRAWN = 1
    FL_FOURTH = 2
    FL_KONG = 4
    FL_LAST = 8

# status codes
cdef enum:
    ST_OK = 0
    ST_NOT_WIN = 1
    ST_BAD_COUNT = 2      # a count above 4 (melds included)
    ST_BAD_SIZE = 3       # wrong number of concealed tiles for the melds
    ST_BAD_MELD = 4
    ST_BAD_WIN = 5        # win tile not among the concealed tiles / out of range
    ST_BAD_WIND = 6
    ST_BAD_FLOWERS = 7


cdef struct Params:
    uint64_t excl[NF][2]      # fan -> fans it removes (bit f of word f >> 6)
    int value[NF]
    int kong_mixed            # 明暗杠 (5) for one 明杠 + one 暗杠
    int ron_pung_concealed    # a pung completed by a discard stays concealed
    int specials_concealed    # 七对/十三幺/... get 门前清/不求人 like other concealed hands
    int sigang_ankan          # 四杠 also adds 暗杠 (GB-W "暗杠加计")


cdef struct Hand:
    uint8_t c[34]            # concealed tiles incl. the winning tile
    uint8_t a[34]            # all tiles (melds included, a kong = 4)
    int nmeld
    uint8_t mkind[4]
    uint8_t mtile[4]         # chi: lowest tile
    int win
    int self_drawn
    int fourth
    int kong
    int last
    int seat
    int rnd
    int flowers
    int exposed              # chi, pon, 明杠
    int nkong
    int nankan
    int nwaits               # -1 = not computed yet
    int seven_reading        # the hand also has a 七对 reading
    uint8_t whole[NF]        # fans of the whole hand (suits, tiles, ranks, 四归一)


cdef struct Dec:
    int n                    # sets so far (declared first)
    uint8_t stype[4]
    uint8_t stile[4]
    uint8_t sconc[4]         # pung/kong: concealed (暗刻 / 暗杠)
    int pair


cdef struct Search:
    Hand* H
    const Params* P
    uint8_t c[34]
    Dec d
    int best
    uint8_t best_fan[NF]
    uint8_t cur[NF]


# ------------------------------------------------------------------------------------------------
# tile helpers
cdef uint8_t REF_ORDER[34]       # reference enumeration order: m, s, p, honours
cdef uint8_t REF_KEY[34]         # position of a tile in that order
cdef uint8_t KS[6][9]            # the six knitted straights
cdef uint8_t GREEN[34]
cdef uint8_t REVERSIBLE[34]

cdef void _init_tables():
    cdef int i, k, s, g
    cdef int perms[6][3]
    perms[0][:] = [0, 1, 2]
    perms[1][:] = [0, 2, 1]
    perms[2][:] = [1, 0, 2]
    perms[3][:] = [1, 2, 0]
    perms[4][:] = [2, 0, 1]
    perms[5][:] = [2, 1, 0]
    k = 0
    for i in range(9):
        REF_ORDER[k] = i; k += 1
    for i in range(18, 27):
        REF_ORDER[k] = i; k += 1
    for i in range(9, 18):
        REF_ORDER[k] = i; k += 1
    for i in range(27, 34):
        REF_ORDER[k] = i; k += 1
    for i in range(34):
        REF_KEY[REF_ORDER[i]] = i
    for k in range(6):
        i = 0
        for g in range(3):               # group g = ranks g+1, g+4, g+7 in suit perms[k][g]
            s = perms[k][g]
            KS[k][i] = s * 9 + g; KS[k][i + 1] = s * 9 + g + 3; KS[k][i + 2] = s * 9 + g + 6
            i += 3
    memset(GREEN, 0, 34)
    memset(REVERSIBLE, 0, 34)
    for i in (19, 20, 21, 23, 25, 32):              # 2 3 4 6 8 s, 发
        GREEN[i] = 1
    for i in (9, 10, 11, 12, 13, 16, 17):           # 1234589p
        REVERSIBLE[i] = 1
    for i in (19, 21, 22, 23, 25, 26, 33):          # 245689s, 白
        REVERSIBLE[i] = 1

_init_tables()


cdef inline int suit_of(int t) noexcept nogil:
    return t // 9            # 0 m, 1 p, 2 s, 3 honours


cdef inline int rank_of(int t) noexcept nogil:
    return t % 9 + 1


cdef inline bint is_suited(int t) noexcept nogil:
    return t < 27


cdef inline bint is_wind(int t) noexcept nogil:
    return 27 <= t <= 30


cdef inline bint is_dragon(int t) noexcept nogil:
    return t >= 31


cdef inline bint is_yaojiu(int t) noexcept nogil:
    return t >= 27 or t % 9 == 0 or t % 9 == 8


cdef inline void sort_by_ref(uint8_t* x, int n) noexcept nogil:
    cdef int i, j
    cdef uint8_t v
    for i in range(1, n):
        v = x[i]
        j = i - 1
        while j >= 0 and REF_KEY[x[j]] > REF_KEY[v]:
            x[j + 1] = x[j]
            j -= 1
        x[j + 1] = v


# ------------------------------------------------------------------------------------------------
# relations between sets (docs/rules.md#guobiao-combination); chows are given by their lowest tile

cdef inline int two_chows(int a, int b) noexcept nogil:
    if suit_of(a) == suit_of(b):
        if a == b:
            return PURE_DOUBLE_CHOW
        if a - b == 3 or b - a == 3:
            return SHORT_STRAIGHT
        if a - b == 6 or b - a == 6:
            return TWO_TERMINAL_CHOWS
        return 0
    if rank_of(a) == rank_of(b):
        return MIXED_DOUBLE_CHOW
    return 0


cdef inline bint three_suits(int a, int b, int c) noexcept nogil:
    cdef int sa = suit_of(a), sb = suit_of(b), sc = suit_of(c)
    return sa != sb and sb != sc and sa != sc


cdef inline bint ranks_shifted(int ra, int rb, int rc, int step) noexcept nogil:
    """{ra, rb, rc} == {r, r + step, r + 2 step} for some r."""
    cdef int lo = ra, hi = ra
    if rb < lo: lo = rb
    if rc < lo: lo = rc
    if rb > hi: hi = rb
    if rc > hi: hi = rc
    if hi - lo != 2 * step or ra + rb + rc != 3 * lo + 3 * step:
        return False
    return ra != rb and rb != rc and ra != rc


cdef int three_chows(int a, int b, int c) noexcept nogil:
    cdef int ra = rank_of(a), rb = rank_of(b), rc = rank_of(c)
    if three_suits(a, b, c):
        if ranks_shifted(ra, rb, rc, 1):
            return MIXED_SHIFTED_CHOWS
        if ra == rb and rb == rc:
            return MIXED_TRIPLE_CHOW
        if ranks_shifted(ra, rb, rc, 3):
            return MIXED_STRAIGHT
        return 0
    if suit_of(a) == suit_of(b) and suit_of(b) == suit_of(c):
        if ranks_shifted(ra, rb, rc, 3):
            return PURE_STRAIGHT
        if ranks_shifted(ra, rb, rc, 1) or ranks_shifted(ra, rb, rc, 2):
            return PURE_SHIFTED_CHOWS
        if ra == rb and rb == rc:
            return PURE_TRIPLE_CHOW
    return 0


cdef int four_chows(const uint8_t* t) noexcept nogil:
    # t sorted (same suit implies ascending ranks)
    cdef int s = suit_of(t[0])
    if suit_of(t[1]) != s or suit_of(t[2]) != s or suit_of(t[3]) != s:
        return 0
    if t[0] == t[1] and t[1] == t[2] and t[2] == t[3]:
        return QUADRUPLE_CHOW
    cdef int d = t[1] - t[0]
    if (d == 1 or d == 2) and t[2] - t[1] == d and t[3] - t[2] == d:
        return FOUR_PURE_SHIFTED_CHOWS
    return 0


cdef int two_pungs(int a, int b) noexcept nogil:
    if is_suited(a) and is_suited(b):
        if suit_of(a) != suit_of(b) and rank_of(a) == rank_of(b):
            return DOUBLE_PUNG
        return 0
    if is_dragon(a) and is_dragon(b):
        return TWO_DRAGON_PUNGS
    return 0


cdef int three_pungs(int a, int b, int c) noexcept nogil:
    cdef int ra, rb, rc
    if is_suited(a) and is_suited(b) and is_suited(c):
        ra = rank_of(a); rb = rank_of(b); rc = rank_of(c)
        if three_suits(a, b, c):
            if ranks_shifted(ra, rb, rc, 1):
                return MIXED_SHIFTED_PUNGS
            if ra == rb and rb == rc:
                return TRIPLE_PUNG
            return 0
        if suit_of(a) == suit_of(b) and suit_of(b) == suit_of(c) and ranks_shifted(ra, rb, rc, 1):
            return PURE_SHIFTED_PUNGS
        return 0
    if is_wind(a) and is_wind(b) and is_wind(c):
        return BIG_THREE_WINDS
    if is_dragon(a) and is_dragon(b) and is_dragon(c):
        return BIG_THREE_DRAGONS
    return 0


cdef int four_pungs(const uint8_t* t) noexcept nogil:
    cdef int s = suit_of(t[0])
    if is_wind(t[0]) and is_wind(t[1]) and is_wind(t[2]) and is_wind(t[3]):
        return BIG_FOUR_WINDS
    if s < 3 and suit_of(t[1]) == s and suit_of(t[2]) == s and suit_of(t[3]) == s:
        if t[1] == t[0] + 1 and t[2] == t[1] + 1 and t[3] == t[2] + 1:
            return FOUR_PURE_SHIFTED_PUNGS
    return 0


# trios of four sets in the reference order {0,1,2}, {0,1,3}, {0,2,3}, {1,2,3} and the free set
cdef int TRIO[4][4]
TRIO[0][:] = [0, 1, 2, 3]
TRIO[1][:] = [0, 1, 3, 2]
TRIO[2][:] = [0, 2, 3, 1]
TRIO[3][:] = [1, 2, 3, 0]
# chow relation kinds in trimming order (不得相同)
cdef int TRIM[4]
TRIM[:] = [TWO_TERMINAL_CHOWS, SHORT_STRAIGHT, MIXED_DOUBLE_CHOW, PURE_DOUBLE_CHOW]


cdef void pairwise_chows(const uint8_t* t, int n, int cap, uint8_t* f) noexcept nogil:
    """All pairwise relations among n chows, at most ``cap`` instances (trimmed as in docs/rules.md#guobiao-combination)."""
    cdef int cnt[NF]
    cdef int rel[4]
    cdef int i, j, k, r, total = 0, unrelated = 0
    for k in range(4):
        cnt[TRIM[k]] = 0
        rel[k] = 0
    for i in range(n):
        for j in range(i + 1, n):
            r = two_chows(t[i], t[j])
            if r:
                cnt[r] += 1
                total += 1
                rel[i] = 1
                rel[j] = 1
    if n == 4:
        for i in range(4):
            if not rel[i]:
                unrelated += 1
        cap = 3 - unrelated
    if total > cap:
        for k in range(4):
            if total <= cap:
                break
            r = TRIM[k]
            if cnt[r] > 1:
                total -= cnt[r] - 1
                cnt[r] = 1
        for k in range(4):
            if total <= cap:
                break
            r = TRIM[k]
            total -= cnt[r]
            cnt[r] = 0
    for k in range(4):
        r = TRIM[k]
        f[r] += cnt[r]


cdef void chow_fans(uint8_t* t, int n, int pair, uint8_t* f) noexcept nogil:
    """Fans among n chows (lowest tiles t, sorted in reference order), docs/rules.md#guobiao-combination."""
    cdef int k, r, i, x, best
    cdef int sp
    if n < 2:
        return
    if n == 4:
        # 三色双龙会 / 一色双龙会 need the pair 5
        if pair < 27 and rank_of(pair) == 5:
            sp = suit_of(pair)
            # count 123 (rank 1) and 789 (rank 7) chows per suit
            x = 0
            for i in range(4):
                if rank_of(t[i]) == 1 or rank_of(t[i]) == 7:
                    x += 1
            if x == 4:
                # one suit: 123 123 789 789 of the pair's suit
                if (suit_of(t[0]) == sp and suit_of(t[1]) == sp and suit_of(t[2]) == sp and suit_of(t[3]) == sp):
                    r = 0
                    for i in range(4):
                        r += rank_of(t[i]) == 1
                    if r == 2:
                        f[PURE_TERMINAL_CHOWS] += 1
                        return
                # two suits other than the pair's, each 123 + 789
                best = 1
                for i in range(4):
                    if suit_of(t[i]) == sp:
                        best = 0
                if best:
                    # t sorted: suits come in pairs; check each suit has one 123 and one 789
                    if (suit_of(t[0]) == suit_of(t[1]) and suit_of(t[2]) == suit_of(t[3])
                            and suit_of(t[0]) != suit_of(t[2])
                            and rank_of(t[0]) == 1 and rank_of(t[1]) == 7
                            and rank_of(t[2]) == 1 and rank_of(t[3]) == 7):
                        f[THREE_SUITED_TERMINAL_CHOWS] += 1
                        return
        r = four_chows(t)
        if r:
            f[r] += 1
            return
        for k in range(4):
            r = three_chows(t[TRIO[k][0]], t[TRIO[k][1]], t[TRIO[k][2]])
            if r:
                f[r] += 1
                x = t[TRIO[k][3]]
                best = 0
                for i in range(3):
                    r = two_chows(t[TRIO[k][i]], x)
                    if r and (best == 0 or r < best):
                        best = r
                if best:
                    f[best] += 1
                return
        pairwise_chows(t, 4, 3, f)
        return
    if n == 3:
        r = three_chows(t[0], t[1], t[2])
        if r:
            f[r] += 1
            return
        pairwise_chows(t, 3, 2, f)
        return
    r = two_chows(t[0], t[1])
    if r:
        f[r] += 1


cdef void pung_fans(uint8_t* t, int n, uint8_t* f) noexcept nogil:
    cdef int k, r, i, x
    if n < 2:
        return
    if n == 4:
        r = four_pungs(t)
        if r:
            f[r] += 1
            return
        for k in range(4):
            r = three_pungs(t[TRIO[k][0]], t[TRIO[k][1]], t[TRIO[k][2]])
            if r:
                f[r] += 1
                x = t[TRIO[k][3]]
                for i in range(3):
                    r = two_pungs(t[TRIO[k][i]], x)
                    if r:
                        f[r] += 1
                        break
                return
        for k in range(4):
            for i in range(k + 1, 4):
                r = two_pungs(t[k], t[i])
                if r:
                    f[r] += 1
        return
    if n == 3:
        r = three_pungs(t[0], t[1], t[2])
        if r:
            f[r] += 1
            return
        for k in range(3):
            for i in range(k + 1, 3):
                r = two_pungs(t[k], t[i])
                if r:
                    f[r] += 1
        return
    r = two_pungs(t[0], t[1])
    if r:
        f[r] += 1


# ------------------------------------------------------------------------------------------------
# fans of the whole hand (docs/rules.md#guobiao-combination)

cdef uint64_t GREEN_MASK = 0
cdef uint64_t REV_MASK = 0
cdef uint64_t YAOJIU_MASK = 0
cdef uint64_t SUIT_MASK = 0x1FF
cdef uint64_t WIND_MASK = (<uint64_t>0xF) << 27
cdef uint64_t DRAGON_MASK = (<uint64_t>0x7) << 31


cdef void _init_masks():
    global GREEN_MASK, REV_MASK, YAOJIU_MASK
    cdef int t
    for t in range(34):
        if GREEN[t]:
            GREEN_MASK |= (<uint64_t>1) << t
        if REVERSIBLE[t]:
            REV_MASK |= (<uint64_t>1) << t
        if is_yaojiu(t):
            YAOJIU_MASK |= (<uint64_t>1) << t

_init_masks()


cdef inline uint64_t present_mask(const uint8_t* h) noexcept nogil:
    """Bit t set where h[t] > 0 (counts 0..7; SWAR over five words)."""
    cdef uint64_t w[5]
    cdef uint64_t m = 0, x
    cdef int i
    load_words(h, w)
    for i in range(5):
        x = (w[i] | (w[i] >> 1) | (w[i] >> 2)) & 0x0101010101010101ULL
        m |= ((x * 0x0102040810204080ULL) >> 56) << (8 * i)
    return m


cdef void whole_hand(const uint8_t* a, int nkong, uint8_t* f) noexcept nogil:
    cdef uint64_t p = present_mask(a)
    cdef int s, missing = 0, rank_flag = 0, hog
    cdef int flag = 0
    cdef bint simples, yaojiu_only, terminals_only
    for s in range(3):
        if (p >> (9 * s)) & SUIT_MASK:
            flag |= 1 << s
            rank_flag |= <int>(((p >> (9 * s)) & SUIT_MASK) << 1)
        else:
            missing += 1
    if p & WIND_MASK:
        flag |= 8
    if p & DRAGON_MASK:
        flag |= 16
    hog = mj_popcount64(four_mask(a))
    simples = (p & YAOJIU_MASK) == 0
    yaojiu_only = (p & ~YAOJIU_MASK) == 0
    terminals_only = yaojiu_only and not (flag & 24)
    # suits
    if missing == 2:
        if flag & 24:
            f[HALF_FLUSH] = 1
        else:
            f[FULL_FLUSH] = 1
    else:
        if not (flag & 24):
            f[NO_HONORS] = 1
        if missing == 1:
            f[ONE_VOIDED_SUIT] = 1
    if flag == 31:
        f[ALL_TYPES] = 1
    # tiles
    if simples:
        f[ALL_SIMPLES] = 1
    if (p & ~REV_MASK) == 0:
        f[REVERSIBLE_TILES] = 1
    if (p & ~GREEN_MASK) == 0:
        f[ALL_GREEN] = 1
    if not simples:
        if not (flag & 7):
            f[ALL_HONORS] = 1
        elif terminals_only:
            f[ALL_TERMINALS] = 1
        elif yaojiu_only:
            f[ALL_TERMINALS_AND_HONORS] = 1
    # ranks
    if not (flag & 24):
        if not (rank_flag & 0x3E0):            # only 1-4
            f[LOWER_FOUR if rank_flag & 0x10 else LOWER_TILES] = 1
        elif not (rank_flag & 0x3E):           # only 6-9
            f[UPPER_FOUR if rank_flag & 0x40 else UPPER_TILES] = 1
        elif not (rank_flag & 0x38E):          # only 4-6
            f[MIDDLE_TILES] = 1
    if hog > nkong:
        f[TILE_HOG] = hog - nkong


cdef void situational(const Hand* H, uint8_t* f) noexcept nogil:
    if H.fourth:
        f[LAST_TILE] = 1
    if H.last:
        f[LAST_TILE_DRAW if H.self_drawn else LAST_TILE_CLAIM] = 1
    if H.kong:
        f[OUT_WITH_REPLACEMENT if H.self_drawn else ROBBING_THE_KONG] = 1


cdef void concealment(const Hand* H, const Params* P, int exposed, uint8_t* f) noexcept nogil:
    """门前清 / 不求人 / 自摸 / 全求人 (不求人 also marks 自摸; the exclusion masks remove it)."""
    if exposed == 0:
        if H.self_drawn:
            f[FULLY_CONCEALED] = 1
            f[SELF_DRAWN] = 1
        else:
            f[CONCEALED_HAND] = 1
    elif exposed == 4 and not H.self_drawn:
        f[MELDED_HAND] = 1
    elif H.self_drawn:
        f[SELF_DRAWN] = 1


cdef void special_concealment(const Hand* H, const Params* P, uint8_t* f) noexcept nogil:
    if P.specials_concealed:
        concealment(H, P, 0, f)
    elif H.self_drawn:
        f[SELF_DRAWN] = 1


cdef inline void nonzero_bits(const uint8_t* f, uint64_t* m0, uint64_t* m1) noexcept nogil:
    """Bits of the fans with a non-zero count (counts < 16), fans 0-63 in m0 and 64-87 in m1."""
    cdef uint64_t w, x, a = 0, b = 0
    cdef int i
    for i in range(11):
        memcpy(&w, f + 8 * i, 8)
        x = (w | (w >> 1) | (w >> 2) | (w >> 3)) & 0x0101010101010101ULL
        x = (x * 0x0102040810204080ULL) >> 56
        if i < 8:
            a |= x << (8 * i)
        else:
            b |= x << (8 * (i - 8))
    m0[0] = a
    m1[0] = b


cdef int finish(const Params* P, uint8_t* f) noexcept nogil:
    """Exclusions (docs/rules.md#guobiao-combination) then the total (flowers not included)."""
    cdef uint64_t m0, m1, x, ex0 = 0, ex1 = 0
    cdef int i, total = 0
    nonzero_bits(f, &m0, &m1)
    x = m0
    while x:
        i = mj_ctz64(x)
        x &= x - 1
        ex0 |= P.excl[i][0]
        ex1 |= P.excl[i][1]
    x = m1
    while x:
        i = mj_ctz64(x) + 64
        x &= x - 1
        ex0 |= P.excl[i][0]
        ex1 |= P.excl[i][1]
    x = m0 & ex0
    while x:
        f[mj_ctz64(x)] = 0
        x &= x - 1
    x = m1 & ex1
    while x:
        f[mj_ctz64(x) + 64] = 0
        x &= x - 1
    x = m0 & ~ex0
    while x:
        i = mj_ctz64(x)
        x &= x - 1
        total += P.value[i] * f[i]
    x = m1 & ~ex1
    while x:
        i = mj_ctz64(x) + 64
        x &= x - 1
        total += P.value[i] * f[i]
    return total


# ------------------------------------------------------------------------------------------------
# unique wait (边张 / 嵌张 / 单钓将, docs/rules.md#guobiao-combination)

cdef int count_waits(Hand* H) noexcept nogil:
    cdef uint8_t h[34]
    cdef Lookup L
    cdef uint64_t w
    cdef int t, pairs = 0
    if H.nwaits >= 0:
        return H.nwaits
    memcpy(h, H.c, 34)
    h[H.win] -= 1
    lookup(get_tables(), h, &L)
    w = std_waits(get_tables(), &L)
    if H.nmeld == 0:
        for t in range(34):
            pairs += h[t] >> 1
        if pairs == 6:
            for t in range(34):
                if h[t] & 1:
                    w |= (<uint64_t>1) << t
    H.nwaits = mj_popcount64(w)
    return H.nwaits


cdef int small_waits(const uint8_t* rest, int win) noexcept nogil:
    """Number of waits of the tiles ``rest`` minus the winning tile (组合龙 remainder)."""
    cdef uint8_t h[34]
    cdef Lookup L
    memcpy(h, rest, 34)
    h[win] -= 1
    lookup(get_tables(), h, &L)
    return mj_popcount64(std_waits(get_tables(), &L))


cdef void wait_fans(Hand* H, const Dec* d, uint8_t* f) noexcept nogil:
    cdef int i, flag = 0, t, w = H.win
    for i in range(H.nmeld, 4):
        if d.stype[i] == S_CHOW:
            t = d.stile[i]
            if w == t + 1:
                flag |= 2
            elif w == t or w == t + 2:
                flag |= 1
    if d.pair == w:
        flag |= 4
    if not flag:
        return
    if count_waits(H) != 1:
        return
    if flag & 1:
        f[EDGE_WAIT] = 1
    elif flag & 2:
        f[CLOSED_WAIT] = 1
    else:
        f[SINGLE_WAIT] = 1


cdef void wind_fans(const Hand* H, int wind_tile, uint8_t* f) noexcept nogil:
    cdef int w = wind_tile - 27, deducted = f[BIG_THREE_WINDS] != 0
    if w == H.rnd:
        f[PREVALENT_WIND] = 1
        if not deducted:
            if f[PUNG_TERMINAL_HONOR]:
                f[PUNG_TERMINAL_HONOR] -= 1
            deducted = 1
    if w == H.seat:
        f[SEAT_WIND] = 1
        if not deducted:
            if f[PUNG_TERMINAL_HONOR]:
                f[PUNG_TERMINAL_HONOR] -= 1


# ------------------------------------------------------------------------------------------------
# one standard decomposition (docs/rules.md#guobiao-combination)

cdef int score_standard(Hand* H, const Params* P, Dec* d, uint8_t* f) noexcept nogil:
    cdef uint8_t chows[4]
    cdef uint8_t pungs[4]
    cdef uint8_t conc[4]
    cdef int nc = 0, np_ = 0, i, t, w = H.win, fits_chow = 0, concealed = 0, pair = d.pair
    cdef int yaojiu = 0, trait_outside = 1, trait_five = 1, trait_even = 1
    memcpy(f, H.whole, NF)
    for i in range(4):
        conc[i] = d.sconc[i]
    # a concealed pung completed by a discard is exposed unless the tile fits a concealed chow
    if not H.self_drawn and not P.ron_pung_concealed:
        for i in range(H.nmeld, 4):
            if d.stype[i] == S_CHOW and d.stile[i] <= w <= d.stile[i] + 2 and suit_of(d.stile[i]) == suit_of(w):
                fits_chow = 1
        if not fits_chow:
            for i in range(H.nmeld, 4):
                if d.stype[i] == S_PUNG and d.stile[i] == w:
                    conc[i] = 0
                    break
    for i in range(4):
        t = d.stile[i]
        if d.stype[i] == S_CHOW:
            chows[nc] = t; nc += 1
            if not (t % 9 == 0 or t % 9 == 6):
                trait_outside = 0
            if not (t % 9 >= 2 and t % 9 <= 4):
                trait_five = 0
            trait_even = 0
        else:
            pungs[np_] = t; np_ += 1
            if conc[i]:
                concealed += 1
            if is_dragon(t):
                f[DRAGON_PUNG] += 1
            elif is_yaojiu(t):
                yaojiu += 1
            if not is_yaojiu(t):
                trait_outside = 0
            if not (t < 27 and t % 9 == 4):
                trait_five = 0
            if not (t < 27 and t % 9 % 2 == 1):
                trait_even = 0
    if not is_yaojiu(pair):
        trait_outside = 0
    if not (pair < 27 and pair % 9 == 4):
        trait_five = 0
    if not (pair < 27 and pair % 9 % 2 == 1):
        trait_even = 0
    # concealed pungs and kongs (docs/rules.md#guobiao-combination)
    if concealed == 2:
        if not (H.nkong == 2 and H.nankan == 2 and concealed == H.nankan):
            f[TWO_CONCEALED_PUNGS] = 1
    elif concealed == 3:
        f[THREE_CONCEALED_PUNGS] = 1
    elif concealed == 4:
        f[FOUR_CONCEALED_PUNGS] = 1
    if H.nkong == 1:
        f[CONCEALED_KONG if H.nankan else MELDED_KONG] = 1
    elif H.nkong == 2:
        if H.nankan == 0:
            f[TWO_MELDED_KONGS] = 1
        elif H.nankan == 2:
            f[TWO_CONCEALED_KONGS] = 1
        elif P.kong_mixed:
            f[CONCEALED_AND_MELDED_KONG] = 1
        else:
            f[CONCEALED_KONG] = 1
            f[MELDED_KONG] = 1
    elif H.nkong == 3:
        f[THREE_KONGS] = 1
    elif H.nkong == 4:
        f[FOUR_KONGS] = 1
        if P.sigang_ankan and H.nankan:
            f[CONCEALED_KONG] = 1
    # set relations
    sort_by_ref(chows, nc)
    sort_by_ref(pungs, np_)
    chow_fans(chows, nc, pair, f)
    pung_fans(pungs, np_, f)
    if np_ == 4 and not f[FOUR_KONGS] and not f[FOUR_CONCEALED_PUNGS]:
        f[ALL_PUNGS] = 1
    # pair
    if nc == 4 and pair < 27:
        f[ALL_CHOWS] = 1
    if f[TWO_DRAGON_PUNGS] and is_dragon(pair):
        f[TWO_DRAGON_PUNGS] = 0
        f[LITTLE_THREE_DRAGONS] = 1
    if f[BIG_THREE_WINDS] and is_wind(pair):
        f[BIG_THREE_WINDS] = 0
        f[LITTLE_FOUR_WINDS] = 1
    # set traits
    if trait_outside:
        f[OUTSIDE_HAND] = 1
    elif trait_five:
        f[ALL_FIVES] = 1
    elif trait_even:
        f[ALL_EVEN_PUNGS] = 1
    # concealment, situation
    if f[FOUR_CONCEALED_PUNGS]:
        if H.self_drawn:
            f[SELF_DRAWN] = 1
    else:
        concealment(H, P, H.exposed, f)
    situational(H, f)
    # waits
    if not f[MELDED_HAND] and not f[FOUR_KONGS]:
        wait_fans(H, d, f)
    # 幺九刻 and winds
    if f[BIG_THREE_WINDS]:
        yaojiu -= 3
    if yaojiu < 0:
        yaojiu = 0
    f[PUNG_TERMINAL_HONOR] = yaojiu
    for i in range(4):
        if d.stype[i] != S_CHOW and is_wind(d.stile[i]):
            wind_fans(H, d.stile[i], f)
    return finish(P, f)


# ------------------------------------------------------------------------------------------------
# enumeration of decompositions (reference order; docs/rules.md#guobiao-combination)

cdef void take(Search* S) noexcept nogil:
    cdef int total = score_standard(S.H, S.P, &S.d, S.cur)
    if (total > S.best or (total == S.best and (S.cur[PURE_TRIPLE_CHOW] or S.cur[TRIPLE_PUNG]
                                                 or S.H.seven_reading))):
        S.best = total
        memcpy(S.best_fan, S.cur, NF)


cdef void dfs(Search* S, int start) noexcept nogil:
    """Sets in non-decreasing code order (code = 2 * position + (0 pung, 1 chow))."""
    cdef int code, p, t, k = S.d.n, skipped = -1
    cdef uint8_t* c = S.c
    if k == 4:
        for t in range(34):
            if c[t] == 2:
                S.d.pair = t
                take(S)
                return
        return
    code = start
    while code < 68:
        p = code >> 1
        t = REF_ORDER[p]
        if c[t] == 0:
            code = (p + 1) << 1
            continue
        if not (code & 1):
            if c[t] >= 3:
                c[t] -= 3
                S.d.stype[k] = S_PUNG; S.d.stile[k] = t; S.d.sconc[k] = 1
                S.d.n = k + 1
                dfs(S, code + 1)
                S.d.n = k
                c[t] += 3
            code += 1
        if t < 27 and t % 9 < 7 and c[t + 1] and c[t + 2]:
            c[t] -= 1; c[t + 1] -= 1; c[t + 2] -= 1
            S.d.stype[k] = S_CHOW; S.d.stile[k] = t; S.d.sconc[k] = 0
            S.d.n = k + 1
            dfs(S, code)
            S.d.n = k
            c[t] += 1; c[t + 1] += 1; c[t + 2] += 1
        # leaving tile t behind: it must be the pair
        if c[t] != 2 or skipped >= 0:
            return
        skipped = t
        code = (p + 1) << 1


# ------------------------------------------------------------------------------------------------
# special forms (docs/rules.md#guobiao-combination)

cdef int knitted_index(const uint8_t* c) noexcept nogil:
    """The knitted straight all of whose nine tiles are in c, or -1."""
    cdef int k, i
    for k in range(6):
        for i in range(9):
            if not c[KS[k][i]]:
                break
        else:
            return k
    return -1


cdef int score_knitted_form(Hand* H, const Params* P, uint8_t* f) noexcept nogil:
    """全不靠 / 七星不靠 (with 组合龙): returns total or -1 if the hand is not this form."""
    cdef int t, s, g, suited = 0, honors = 0
    cdef int res[3]
    res[0] = -1; res[1] = -1; res[2] = -1
    for t in range(34):
        if H.c[t] > 1:
            return -1
        if not H.c[t]:
            continue
        if t < 27:
            s = suit_of(t)
            g = t % 9 % 3
            if res[s] >= 0 and res[s] != g:
                return -1
            res[s] = g
            suited += 1
        else:
            honors += 1
    if res[0] < 0 or res[1] < 0 or res[2] < 0:
        return -1
    if res[0] == res[1] or res[1] == res[2] or res[0] == res[2]:
        return -1
    memset(f, 0, NF)
    if honors == 7:
        f[GREATER_HONORS_KNITTED] = 1
    else:
        f[LESSER_HONORS_KNITTED] = 1
        if suited == 9:
            f[KNITTED_STRAIGHT] = 1
    special_concealment(H, P, f)
    situational(H, f)
    return finish(P, f)


cdef int score_orphans(Hand* H, const Params* P, uint8_t* f) noexcept nogil:
    cdef int t, n = 0
    for t in range(34):
        if H.c[t]:
            if not is_yaojiu(t):
                return -1
            n += 1
    if n != 13:
        return -1
    memset(f, 0, NF)
    f[THIRTEEN_ORPHANS] = 1
    special_concealment(H, P, f)
    situational(H, f)
    return finish(P, f)


cdef int score_nine_gates(Hand* H, const Params* P, uint8_t* f) noexcept nogil:
    cdef int w = H.win, s, i, r, t
    cdef uint8_t h[34]
    if w >= 27:
        return -1
    memcpy(h, H.c, 34)
    h[w] -= 1
    s = suit_of(w) * 9
    for t in range(34):
        if t >= s and t < s + 9:
            i = t - s
            if h[t] != (3 if i == 0 or i == 8 else 1):
                return -1
        elif h[t]:
            return -1
    memset(f, 0, NF)
    f[NINE_GATES] = 1
    r = rank_of(w)
    if r == 1 or r == 9:
        f[PURE_STRAIGHT] = 1
        f[TILE_HOG] = 1
    elif r == 2 or r == 8:
        f[TWO_CONCEALED_PUNGS] = 1
        f[SHORT_STRAIGHT] = 1
        f[PUNG_TERMINAL_HONOR] = 1
    elif r == 5:
        f[TWO_CONCEALED_PUNGS] = 1
        f[PUNG_TERMINAL_HONOR] = 1
    else:
        f[SHORT_STRAIGHT] = 1
    special_concealment(H, P, f)
    situational(H, f)
    return finish(P, f)


cdef int score_seven_pairs(Hand* H, const Params* P, uint8_t* f, int* final) noexcept nogil:
    """七对 / 连七对 (all counts even, no melds); ``final`` set for 连七对."""
    cdef int t, lo = -1, n = 0
    for t in range(34):
        if H.c[t] & 1:
            return -1
    memset(f, 0, NF)
    # 连七对: seven consecutive pairs of the winning tile's suit
    if H.win < 27:
        for t in range(34):
            if H.c[t]:
                if H.c[t] != 2 or suit_of(t) != suit_of(H.win):
                    n = -100
                if lo < 0:
                    lo = t
                n += 1
        if n == 7 and lo % 9 <= 2 and H.c[lo + 1] == 2 and H.c[lo + 2] == 2 and H.c[lo + 3] == 2 \
                and H.c[lo + 4] == 2 and H.c[lo + 5] == 2 and H.c[lo + 6] == 2:
            final[0] = 1
            f[SEVEN_SHIFTED_PAIRS] = 1
            if lo % 9 == 1:
                f[ALL_SIMPLES] = 1
            special_concealment(H, P, f)
            situational(H, f)
            return finish(P, f)
    memcpy(f, H.whole, NF)
    f[SEVEN_PAIRS] = 1
    special_concealment(H, P, f)
    situational(H, f)
    return finish(P, f)


cdef int score_knitted_straight(Hand* H, const Params* P, uint8_t* f) noexcept nogil:
    """组合龙 + one set + pair (the set may be the one declared meld); -1 if not this form."""
    cdef int k, i, t, pair = -1, st = -1, stt = 0, sconc = 1, x, n = 0
    cdef uint8_t r[34]
    k = knitted_index(H.c)
    if k < 0:
        return -1
    memcpy(r, H.c, 34)
    for i in range(9):
        r[KS[k][i]] -= 1
    if H.nmeld == 1:
        for t in range(34):
            if r[t]:
                if r[t] != 2 or pair >= 0:
                    return -1
                pair = t
        if pair < 0:
            return -1
        stt = H.mtile[0]
        if H.mkind[0] == K_CHI:
            st = S_CHOW
        else:
            st = S_KONG if H.mkind[0] >= K_MINKAN else S_PUNG
            sconc = H.mkind[0] == K_ANKAN
    else:
        for t in range(34):
            if r[t] >= 2:
                r[t] -= 2
                for x in range(34):
                    if r[x]:
                        break
                if r[x] == 3:
                    st = S_PUNG; stt = x
                elif x < 27 and x % 9 < 7 and r[x] == 1 and r[x + 1] == 1 and r[x + 2] == 1:
                    st = S_CHOW; stt = x
                r[t] += 2
                if st >= 0:
                    pair = t
                    # the remainder must be exactly that set
                    n = 0
                    for x in range(34):
                        n += r[x]
                    if n != 5:
                        st = -1
                        pair = -1
                        continue
                    break
        if st < 0:
            return -1
    memcpy(f, H.whole, NF)
    f[KNITTED_STRAIGHT] = 1
    if st == S_CHOW:
        if pair < 27:
            f[ALL_CHOWS] = 1
    else:
        if st == S_KONG:
            f[CONCEALED_KONG if H.mkind[0] == K_ANKAN else MELDED_KONG] = 1
        if is_dragon(stt):
            f[DRAGON_PUNG] = 1
        elif is_yaojiu(stt):
            f[PUNG_TERMINAL_HONOR] = 1
    concealment(H, P, H.exposed, f)
    situational(H, f)
    # waits: only when the winning tile is among the tiles outside the knitted straight
    memcpy(r, H.c, 34)
    for i in range(9):
        r[KS[k][i]] -= 1
    if r[H.win]:
        if H.nmeld == 1:
            f[SINGLE_WAIT] = 1
        elif small_waits(r, H.win) == 1:
            if st == S_CHOW and stt <= H.win <= stt + 2:
                if H.win == stt + 1:
                    f[CLOSED_WAIT] = 1
                else:
                    f[EDGE_WAIT] = 1
            elif pair == H.win:
                f[SINGLE_WAIT] = 1
    if st != S_CHOW and is_wind(stt):
        wind_fans(H, stt, f)
    return finish(P, f)


# ------------------------------------------------------------------------------------------------
# a whole hand

cdef int setup(Hand* H, const uint8_t* c, int nmeld, const int8_t* melds, int win, int flags,
               int seat, int rnd, int flowers) noexcept nogil:
    """Fill H from raw input; validation; flag corrections (docs/rules.md#guobiao-combination). Returns a status."""
    cdef int i, t, k, n = 0, size, wincopies = 0
    if win < 0 or win >= 34:
        return ST_BAD_WIN
    if seat < 0 or seat > 3 or rnd < 0 or rnd > 3:
        return ST_BAD_WIND
    if flowers < 0 or flowers > 8:
        return ST_BAD_FLOWERS
    if nmeld < 0 or nmeld > 4:
        return ST_BAD_MELD
    memcpy(H.c, c, 34)
    memcpy(H.a, c, 34)
    n = row_size(c)
    if n < 0:
        return ST_BAD_COUNT
    H.nmeld = nmeld
    H.exposed = 0
    H.nkong = 0
    H.nankan = 0
    for i in range(nmeld):
        k = melds[2 * i]
        t = melds[2 * i + 1]
        if k < 0 or k > 3 or t < 0 or t >= 34:
            return ST_BAD_MELD
        H.mkind[i] = k
        H.mtile[i] = t
        if k == K_CHI:
            if t >= 27 or t % 9 > 6:
                return ST_BAD_MELD
            H.a[t] += 1; H.a[t + 1] += 1; H.a[t + 2] += 1
            if win >= t and win <= t + 2:
                wincopies += 1
            H.exposed += 1
        elif k == K_PON:
            H.a[t] += 3
            H.exposed += 1
            if t == win:
                wincopies += 3
        else:
            H.a[t] += 4
            H.nkong += 1
            if t == win:
                wincopies += 4
            if k == K_ANKAN:
                H.nankan += 1
            else:
                H.exposed += 1
    if nmeld and row_size(H.a) < 0:
        return ST_BAD_COUNT
    size = 14 - 3 * nmeld
    if n != size:
        return ST_BAD_SIZE
    if not c[win]:
        return ST_BAD_WIN
    H.win = win
    H.self_drawn = (flags & FL_SELF_DRAWN) != 0
    H.fourth = (flags & FL_FOURTH) != 0
    H.kong = (flags & FL_KONG) != 0
    H.last = (flags & FL_LAST) != 0
    H.seat = seat
    H.rnd = rnd
    H.flowers = flowers
    H.nwaits = -1
    H.seven_reading = 0
    # flag corrections (docs/rules.md#guobiao-combination)
    if H.fourth and c[win] > 1:
        H.fourth = 0
    if wincopies == 3:
        H.fourth = 1
    if H.kong:
        if H.self_drawn:
            if H.nkong == 0:
                H.kong = 0
        elif c[win] > 1 or wincopies > 0:
            H.kong = 0
    memset(H.whole, 0, NF)
    whole_hand(H.a, H.nkong, H.whole)
    return ST_OK


cdef int score_hand(Hand* H, const Params* P, uint8_t* out) noexcept nogil:
    """Best total (flowers included) with its fans in ``out``; -1 if the hand is not a win."""
    cdef Search S
    cdef int total = -1, final = 0, i
    cdef uint8_t f[NF]
    S.best = -1
    if H.nmeld == 0:
        total = score_seven_pairs(H, P, f, &final)
        if total >= 0:
            if final:
                memcpy(out, f, NF)
                S.best = total
            else:
                H.seven_reading = 1
                S.best = total
                memcpy(S.best_fan, f, NF)
        else:
            total = score_knitted_form(H, P, f)
            if total < 0:
                total = score_orphans(H, P, f)
            if total < 0:
                total = score_knitted_straight(H, P, f)
            if total < 0:
                total = score_nine_gates(H, P, f)
            if total >= 0:
                final = 1
                memcpy(out, f, NF)
                S.best = total
    elif H.nmeld == 1:
        total = score_knitted_straight(H, P, f)
        if total >= 0:
            final = 1
            memcpy(out, f, NF)
            S.best = total
    if not final:
        S.H = H
        S.P = P
        memcpy(S.c, H.c, 34)
        S.d.n = H.nmeld
        for i in range(H.nmeld):
            S.d.stile[i] = H.mtile[i]
            if H.mkind[i] == K_CHI:
                S.d.stype[i] = S_CHOW
                S.d.sconc[i] = 0
            elif H.mkind[i] == K_PON:
                S.d.stype[i] = S_PUNG
                S.d.sconc[i] = 0
            else:
                S.d.stype[i] = S_KONG
                S.d.sconc[i] = H.mkind[i] == K_ANKAN
        dfs(&S, 0)
        if S.best < 0:
            return -1
        memcpy(out, S.best_fan, NF)
    total = S.best
    if total == 0:
        out[CHICKEN_HAND] = 1
        total = P.value[CHICKEN_HAND]
    out[FLOWER_TILES] = H.flowers
    return total + H.flowers * P.value[FLOWER_TILES]


# ------------------------------------------------------------------------------------------------
# Python boundary

# forms reported by score_fast: fan number that names the form, in priority order
cdef int FORM_FANS[7]
FORM_FANS[:] = [SEVEN_SHIFTED_PAIRS, SEVEN_PAIRS, THIRTEEN_ORPHANS, GREATER_HONORS_KNITTED,
                LESSER_HONORS_KNITTED, KNITTED_STRAIGHT, NINE_GATES]


cdef class Core:
    """A configured calculator: values and exclusion masks from ``mjpy.rules.guobiao``.

    ``Core(values, excl_lo, excl_hi, kong_mixed, ron_pung_concealed, specials_concealed,
    sigang_ankan)``; values / masks are sequences of length 88 indexed by fan number.
    ``entries``: a tuple indexed by fan number of the objects :meth:`score_fast` lists.
    """
    cdef Params P
    cdef public object entries

    def __init__(self, values, excl_lo, excl_hi, bint kong_mixed=True, bint ron_pung_concealed=False,
                 bint specials_concealed=False, bint sigang_ankan=False):
        cdef int i
        if len(values) != NF or len(excl_lo) != NF or len(excl_hi) != NF:
            raise ValueError(f"Core: tables must have {NF} entries")
        for i in range(NF):
            self.P.value[i] = int(values[i])
            self.P.excl[i][0] = int(excl_lo[i])
            self.P.excl[i][1] = int(excl_hi[i])
        self.P.kong_mixed = kong_mixed
        self.P.ron_pung_concealed = ron_pung_concealed
        self.P.specials_concealed = specials_concealed
        self.P.sigang_ankan = sigang_ankan

    def score(self, const uint8_t[::1] counts, const int8_t[::1] melds, int win, int flags,
              int seat, int rnd, int flowers):
        """(status, total, fan counts bytes) for one hand; ``melds`` = kind, tile pairs."""
        cdef Hand H
        cdef uint8_t out[NF]
        cdef int st, total, nm = melds.shape[0] // 2
        if counts.shape[0] != 34:
            raise ValueError("counts must have 34 entries")
        with nogil:
            st = setup(&H, &counts[0], nm, &melds[0] if nm else NULL, win, flags, seat, rnd, flowers)
            if st == ST_OK:
                total = score_hand(&H, &self.P, out)
                if total < 0:
                    st = ST_NOT_WIN
        if st != ST_OK:
            return st, -1, None
        return st, total, out[:NF]

    def score_fast(self, const uint8_t[::1] counts, bytes melds, int win, int flags, int seat, int rnd,
                   int flowers):
        """(status, total, [entries[fan] per counted fan, with repeats], form index) for one hand.

        ``melds``: bytes of (kind, lowest tile) pairs. form index: -1 standard, else the position
        in (连七对, 七对, 十三幺, 七星不靠, 全不靠, 组合龙, 九莲宝灯).
        """
        cdef Hand H
        cdef uint8_t out[NF]
        cdef int st, total = -1, nm = len(melds) // 2, i, j, form = -1
        cdef const char* mp = melds
        if counts.shape[0] != 34:
            raise ValueError("counts must have 34 entries")
        with nogil:
            st = setup(&H, &counts[0], nm, <const int8_t*>mp, win, flags, seat, rnd, flowers)
            if st == ST_OK:
                total = score_hand(&H, &self.P, out)
                if total < 0:
                    st = ST_NOT_WIN
        if st != ST_OK:
            return st, -1, None, -1
        fans = []
        entries = self.entries
        for i in range(1, 83):
            for j in range(out[i]):
                fans.append(entries[i])
        for i in range(7):
            if out[FORM_FANS[i]]:
                form = i
                break
        return st, total, fans, form

    def score_decomposition(self, const uint8_t[::1] counts, bytes melds, int win, int flags, int seat,
                            int rnd, int flowers, sets, int pair):
        """(total, entries) of one standard reading: ``sets`` = the concealed sets as
        (is_chow, lowest tile), ``pair`` = the pair tile; declared melds come from ``melds``.
        Raises ValueError if the reading does not use exactly the concealed tiles."""
        cdef Hand H
        cdef Dec d
        cdef uint8_t out[NF]
        cdef uint8_t rest[34]
        cdef int st, total, nm = len(melds) // 2, i, k, t, j
        cdef const char* mp = melds
        if counts.shape[0] != 34:
            raise ValueError("counts must have 34 entries")
        st = setup(&H, &counts[0], nm, <const int8_t*>mp, win, flags, seat, rnd, flowers)
        if st != ST_OK:
            raise ValueError(f"invalid hand (status {st})")
        if nm + len(sets) != 4 or not 0 <= pair < 34:
            raise ValueError("a reading needs 4 sets in all and a pair")
        memcpy(rest, H.c, 34)
        d.n = 4
        d.pair = pair
        for i in range(nm):
            d.stile[i] = H.mtile[i]
            d.stype[i] = S_CHOW if H.mkind[i] == K_CHI else (S_PUNG if H.mkind[i] == K_PON else S_KONG)
            d.sconc[i] = H.mkind[i] == K_ANKAN
        i = nm
        for is_chow, t in sets:
            if not 0 <= t < 34 or (is_chow and (t >= 27 or t % 9 > 6)):
                raise ValueError(f"bad set tile {t}")
            d.stile[i] = t
            d.stype[i] = S_CHOW if is_chow else S_PUNG
            d.sconc[i] = 0 if is_chow else 1
            for j in range(3):
                k = t + j if is_chow else t
                if rest[k] == 0:
                    raise ValueError("the reading does not match the concealed tiles")
                rest[k] -= 1
            i += 1
        if rest[pair] < 2:
            raise ValueError("the reading does not match the concealed tiles")
        rest[pair] -= 2
        for k in range(34):
            if rest[k]:
                raise ValueError("the reading does not use every concealed tile")
        total = score_standard(&H, &self.P, &d, out)
        if total == 0:
            out[CHICKEN_HAND] = 1
            total = self.P.value[CHICKEN_HAND]
        out[FLOWER_TILES] = H.flowers
        total += H.flowers * self.P.value[FLOWER_TILES]
        fans = []
        for i in range(1, 83):
            for j in range(out[i]):
                fans.append(self.entries[i])
        return total, fans

    def score_batch(self, const uint8_t[:, ::1] hands, const int8_t[:, ::1] melds,
                    const int8_t[::1] win, const uint8_t[::1] flags, const int8_t[::1] seat,
                    const int8_t[::1] rnd, const int8_t[::1] flowers, int32_t[::1] totals,
                    int8_t[::1] status, uint8_t[:, ::1] fans, Py_ssize_t start, Py_ssize_t stop):
        """Rows start..stop of a batch (see guobiao.score_batch); no GIL held while scoring."""
        cdef Hand H
        cdef uint8_t out[NF]
        cdef Py_ssize_t i
        cdef int st, total, nm, j
        cdef bint want = fans.shape[0] > 0
        with nogil:
            for i in range(start, stop):
                nm = 0
                for j in range(4):
                    if melds[i, 2 * j] >= 0:
                        nm = j + 1
                st = setup(&H, &hands[i, 0], nm, &melds[i, 0], win[i], flags[i], seat[i], rnd[i],
                           flowers[i])
                total = -1
                if st == ST_OK:
                    total = score_hand(&H, &self.P, out)
                    if total < 0:
                        st = ST_NOT_WIN
                totals[i] = total
                status[i] = st
                if want:
                    if st == ST_OK:
                        memcpy(&fans[i, 0], out, NF)
                    else:
                        memset(&fans[i, 0], 0, NF)


# ------------------------------------------------------------------------------------------------
# fast path of mjpy.rules.guobiao.score (common argument types only; everything else, every error
# and every non-default option goes through the Python implementation ``slow``)

cdef object _slow = None
cdef object _Result = None
cdef tuple _FORM_NAMES = ()
cdef Core _default_core = None
cdef dict _meld_cache = {}
cdef dict _meld_ids = {}          # id(Meld) -> (Meld, bytes): skips Meld.__hash__ on the hot path
cdef int _default_min = 8
cdef list _reasons = []


def configure(slow, result, tuple forms, Core default_core, dict meld_cache, int default_min):
    """Called once by ``mjpy.rules.guobiao``: the Python slow path, result type, form names, the
    default-options core, the Meld -> bytes cache and the default ``min_fan``."""
    global _slow, _Result, _FORM_NAMES, _default_core, _meld_cache, _default_min, _reasons
    _slow, _Result, _FORM_NAMES, _default_core = slow, result, forms, default_core
    _meld_cache, _default_min = meld_cache, default_min
    _reasons = [f"{b} fan without flowers, fewer than the minimum {default_min}" for b in range(default_min)]


cdef inline int _wind(object w) noexcept:
    cdef int v
    if type(w) is int:
        v = w
        return v if 0 <= v <= 3 else -1
    if type(w) is str:
        if w == "E": return 0
        if w == "S": return 1
        if w == "W": return 2
        if w == "N": return 3
    return -1


cdef int _encode(object melds, char* buf) except -2:
    """Meld list -> (kind, tile) bytes in buf; number of melds, or -1 when the slow path is needed."""
    cdef int n = 0
    cdef object m, hit
    cdef bytes b
    for m in melds:
        if n >= 4:
            return -1
        hit = _meld_ids.get(id(m))
        if hit is None or (<tuple>hit)[0] is not m:
            b = _meld_cache.get(m)
            if b is None:
                return -1
            if len(_meld_ids) > 4096:
                _meld_ids.clear()
            _meld_ids[id(m)] = (m, b)
        else:
            b = (<tuple>hit)[1]
        buf[2 * n] = (<const char*>b)[0]
        buf[2 * n + 1] = (<const char*>b)[1]
        n += 1
    return n


def score(hand, melds=(), win_tile=None, *, self_drawn=False, fourth_tile=False, kong_related=False,
          last_tile=False, seat_wind="E", round_wind="E", flowers=0, options=None):
    """Score a complete Guobiao hand; see :func:`mjpy.rules.guobiao.score`."""
    cdef int seat, rnd, win, fl, flags = 0, st, total = -1, nm = 0, i, j, form
    cdef char mbuf[8]
    cdef const uint8_t* cp
    cdef Hand H
    cdef uint8_t out[NF]
    cdef list fans
    cdef tuple entries
    cdef cnp.ndarray arr
    seat = _wind(seat_wind)
    rnd = _wind(round_wind)
    if (options is not None or type(hand) is not np.ndarray or type(win_tile) is not int
            or type(flowers) is not int or seat < 0 or rnd < 0
            or type(self_drawn) is not bool or type(fourth_tile) is not bool
            or type(kong_related) is not bool or type(last_tile) is not bool):
        return _slow(hand, melds, win_tile, self_drawn=self_drawn, fourth_tile=fourth_tile,
                     kong_related=kong_related, last_tile=last_tile, seat_wind=seat_wind,
                     round_wind=round_wind, flowers=flowers, options=options)
    arr = <cnp.ndarray>hand
    if (cnp.PyArray_TYPE(arr) != cnp.NPY_UINT8 or cnp.PyArray_NDIM(arr) != 1 or cnp.PyArray_DIM(arr, 0) != 34
            or not cnp.PyArray_IS_C_CONTIGUOUS(arr)):
        return _slow(hand, melds, win_tile, self_drawn=self_drawn, fourth_tile=fourth_tile,
                     kong_related=kong_related, last_tile=last_tile, seat_wind=seat_wind,
                     round_wind=round_wind, flowers=flowers, options=options)
    if melds:
        nm = _encode(melds, mbuf) if type(melds) is list or type(melds) is tuple else -1
        if nm < 0:
            return _slow(hand, melds, win_tile, self_drawn=self_drawn, fourth_tile=fourth_tile,
                         kong_related=kong_related, last_tile=last_tile, seat_wind=seat_wind,
                         round_wind=round_wind, flowers=flowers, options=options)
    win = win_tile
    fl = flowers
    if self_drawn: flags |= FL_SELF_DRAWN
    if fourth_tile: flags |= FL_FOURTH
    if kong_related: flags |= FL_KONG
    if last_tile: flags |= FL_LAST
    cp = <const uint8_t*>cnp.PyArray_DATA(arr)
    with nogil:
        st = setup(&H, cp, nm, <const int8_t*>mbuf, win, flags, seat, rnd, fl)
        if st == ST_OK:
            total = score_hand(&H, &_default_core.P, out)
            if total < 0:
                st = ST_NOT_WIN
    if st != ST_OK:
        return _slow(hand, melds, win_tile, self_drawn=self_drawn, fourth_tile=fourth_tile,
                     kong_related=kong_related, last_tile=last_tile, seat_wind=seat_wind,
                     round_wind=round_wind, flowers=flowers, options=options)
    fans = []
    entries = _default_core.entries
    for i in range(1, 83):
        for j in range(out[i]):
            fans.append(entries[i])
    form = 7                     # "standard"
    for i in range(7):
        if out[FORM_FANS[i]]:
            form = i
            break
    if total - fl >= _default_min:
        return tuple.__new__(_Result, (True, True, total, fans, fl, _default_min, _FORM_NAMES[form], ""))
    return tuple.__new__(_Result, (True, False, total, fans, fl, _default_min, _FORM_NAMES[form],
                                   _reasons[total - fl]))
