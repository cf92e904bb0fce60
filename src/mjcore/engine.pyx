# cython: language_level=3
"""The compiled rule engine: readings, facts and fan tables without the GIL.

A rule set's fan table (``mjpy.rules.engine.table.Table``) is compiled by
``mjpy.rules.engine.compiled`` into a :class:`Program`: flat arrays of atoms (a fact within a
range), clauses (atoms and-ed), expressions (clauses or-ed), rows, groups and win conditions,
plus the shape of the rule set's readings (tile kinds, seven pairs, thirteen orphans, jokers).
:func:`score_one` and :func:`score_rows` then enumerate every reading of a hand (a decomposition,
where the winning tile sits and what each joker stands for), compute its facts and evaluate the
table on them, keeping the best reading (the highest total, then the fewest jokers as substitutes,
then the highest total before the cap, then the reading whose first counted row comes first in the table).

The facts are those of ``mjpy.rules.engine.facts.FACTS``, in the same order (:data:`FACT_NAMES`);
``mjpy.rules.engine.facts.facts`` is their plain-Python twin, and the tests check one against the
other reading by reading. Every function below trusts its input: the Python boundary
(``mjpy.rules.engine.scoring``) validates hands, melds, flags and jokers first.

Jokers standing alone (no real tile left to anchor them) are given only representative kinds
(:func:`free_candidates`): the joker kinds, the winning tile, the seat and round winds where a fact
reads them, the kinds the hand holds where a fact counts copies, and per class of kinds (and of
chows) that the program's facts do not tell apart as many kinds as there can be free groups. The
classes come from the facts the program reads (:data:`FACT_FEATURES`: a fact that reads a group
kind's identity names what of it it reads); a new fact reading it must be listed there.
"""
import threading

cimport cython

import numpy as np

cimport numpy as cnp
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memcmp, memcpy, memset
from cpython.dict cimport PyDict_Copy
from cpython.list cimport PyList_GET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_New, PyTuple_SET_ITEM

from mjcore._kernel cimport (
    FORM_SEVEN_PAIRS,
    FORM_STANDARD,
    FORM_THIRTEEN_ORPHANS,
    Ctx as KCtx,
    Lookup,
    four_mask,
    hand_complete,
    hand_waits,
    honor_key,
    mj_ctz64,
    mj_popcount64,
    seven_pairs_distance,
    std_udistance,
    std_waits,
    suit_key,
    thirteen_orphans_distance,
)
from mjcore._tables cimport N_HONOR_USTATES, N_SUIT_USTATES, Tables, get_tables

cnp.import_array()

cdef extern from *:
    """
    #include <string.h>
    #include <stdint.h>
    /* 34 tile counts at once: the kinds held (bit i), the total, whether one exceeds 4, whether one
       is odd. Eight counts per 64-bit word on little-endian hosts; a plain loop elsewhere. */
    static inline void mj_counts_summary(const unsigned char* h, uint64_t* nz, int* total,
                                         int* over4, int* odd) {
    #if (defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) || defined(_M_X64) || defined(_M_ARM64)
        unsigned long long m = 0, w, t, big = 0, o = 0;
        int s = 0, i;
        for (i = 0; i < 4; i++) {
            memcpy(&w, h + 8 * i, 8);
            t = (((w & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | w) & 0x8080808080808080ULL;
            m |= (((t >> 7) * 0x0102040810204080ULL) >> 56) << (8 * i);
            big |= (((w & 0x7F7F7F7F7F7F7F7FULL) + 0x7B7B7B7B7B7B7B7BULL) | w) & 0x8080808080808080ULL;
            o |= w & 0x0101010101010101ULL;
            s += (int)((w * 0x0101010101010101ULL) >> 56);   /* exact while every count is <= 4 */
        }
        for (i = 32; i < 34; i++) {
            m |= (unsigned long long)(h[i] != 0) << i;
            big |= h[i] > 4;
            o |= h[i] & 1;
            s += h[i];
        }
        *nz = m; *total = s; *over4 = big != 0; *odd = o != 0;
    #else
        unsigned long long m = 0;
        int s = 0, big = 0, o = 0, i;
        for (i = 0; i < 34; i++) {
            m |= (unsigned long long)(h[i] != 0) << i;
            big |= h[i] > 4;
            o |= h[i] & 1;
            s += h[i];
        }
        *nz = m; *total = s; *over4 = big; *odd = o;
    #endif
    }

    /* Bit i set when f[i] != 0, for i < n <= 64: sixteen ints per step with SSE2 (every x86-64),
       a plain loop elsewhere. */
    #if defined(__SSE2__) || defined(_M_X64)
    #include <emmintrin.h>
    static inline unsigned long long mj_nonzero_bits(const int* f, int n) {
        unsigned long long b = 0;
        int i = 0;
        const __m128i z = _mm_setzero_si128();
        for (; i + 16 <= n; i += 16) {
            __m128i a = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i*)(f + i)), z),
                                        _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i*)(f + i + 4)), z));
            __m128i c = _mm_packs_epi32(_mm_cmpeq_epi32(_mm_loadu_si128((const __m128i*)(f + i + 8)), z),
                                        _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i*)(f + i + 12)), z));
            b |= (unsigned long long)(~(unsigned)_mm_movemask_epi8(_mm_packs_epi16(a, c)) & 0xFFFFu) << i;
        }
        for (; i + 4 <= n; i += 4)
            b |= (unsigned long long)(~(unsigned)_mm_movemask_ps(_mm_castsi128_ps(
                     _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i*)(f + i)), z))) & 15u) << i;
        for (; i < n; i++)
            b |= (unsigned long long)(f[i] != 0) << i;
        return b;
    }
    #else
    static inline unsigned long long mj_nonzero_bits(const int* f, int n) {
        unsigned long long b = 0;
        int i;
        for (i = 0; i < n; i++)
            b |= (unsigned long long)(f[i] != 0) << i;
        return b;
    }
    #endif
    """
    void mj_counts_summary(const uint8_t* h, uint64_t* nz, int* total, int* over4, int* odd) noexcept nogil
    uint64_t mj_nonzero_bits(const int32_t* f, int n) noexcept nogil

from mjcore.batch import _executor, resolve_workers

# ------------------------------------------------------------------------------------ facts
FACT_NAMES = (
    "standard", "seven_pairs", "thirteen_orphans", "eight_pairs", "knitted",
    "all_pungs", "all_chows", "all_pungs_exposed", "straight", "n_dragon_pungs", "n_wind_pungs",
    "seat_wind_pung", "round_wind_pung", "pair_dragon", "pair_wind", "pair_value_honor",
    "n_suits", "has_honors", "has_terminals", "one_suit", "half_flush", "honors_only", "all_258",
    "terminals_only", "orphans_only", "nine_gates",
    "n_open_melds", "n_ankan", "n_mingang", "all_melds_open", "n_chi", "joker_melded",
    "n_substitutes", "jokers_held", "n_jokers", "straight_face_joker", "straight_no_substitute",
    "win_in_pair", "win_pair_joker", "win_pair_joker_joker", "zhuowu", "zhuowu_both_jokers", "win_middle",
    "all_sets_five", "win_joker",
    "all_sets_terminal", "pair_terminal", "n_quads_held", "three_suit_set", "n_kongs", "dingque_held",
    "n_yaojiu_pungs", "five_gates",
    "context_count",
    "self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer", "triple_ron",
    "kong_discard",
    "pair_rank", "win_kind_held", "win_kind_ponged", "n_melds", "win_rank", "max_same_chows",
    "n_concealed_pungs", "min_rank", "max_rank", "n_pon_fourth_held", "max_suit_tiles", "n_bonus",
)

#: what of a group's kind each fact reads (the ``FT_*`` bits), for the kinds jokers alone stand for
#: (:func:`free_candidates`): a fact not listed reads none of it (the form, counts of groups, melds,
#: where jokers sit, the situation). A fact that comes to read a group's kind must be listed.
FACT_FEATURES = {
    "n_suits": FT_SUIT | FT_HONOR, "one_suit": FT_SUIT | FT_HONOR, "half_flush": FT_SUIT | FT_HONOR,
    "dingque_held": FT_SUIT | FT_HONOR, "max_suit_tiles": FT_SUIT | FT_HONOR, "nine_gates": FT_SUIT | FT_HONOR,
    "has_honors": FT_HONOR, "honors_only": FT_HONOR,
    "has_terminals": FT_TERM | FT_HONOR, "terminals_only": FT_TERM | FT_HONOR, "orphans_only": FT_TERM | FT_HONOR,
    "all_sets_terminal": FT_TERM | FT_HONOR, "n_yaojiu_pungs": FT_TERM | FT_HONOR, "pair_terminal": FT_TERM | FT_HONOR,
    "all_258": FT_258 | FT_HONOR,
    "min_rank": FT_RANK | FT_HONOR, "max_rank": FT_RANK | FT_HONOR, "pair_rank": FT_RANK | FT_HONOR,
    "all_sets_five": FT_FIVE | FT_HONOR,
    "n_dragon_pungs": FT_WD | FT_HONOR, "n_wind_pungs": FT_WD | FT_HONOR, "pair_dragon": FT_WD | FT_HONOR,
    "pair_wind": FT_WD | FT_HONOR, "pair_value_honor": FT_WD | FT_HONOR | FT_SEAT,
    "five_gates": FT_WD | FT_SUIT | FT_HONOR,
    "seat_wind_pung": FT_SEAT, "round_wind_pung": FT_SEAT,
    "straight": FT_STRAIGHT, "straight_face_joker": FT_STRAIGHT, "straight_no_substitute": FT_STRAIGHT,
    "zhuowu": FT_ZHUOWU, "zhuowu_both_jokers": FT_ZHUOWU, "win_rank": FT_WINRANK,
    "three_suit_set": FT_EXACT, "max_same_chows": FT_EXACT,
}

cdef enum:
    X_STANDARD, X_SEVEN, X_THIRTEEN, X_EIGHT, X_KNITTED
    X_ALL_PUNGS, X_ALL_CHOWS, X_ALL_PUNGS_EXPOSED, X_STRAIGHT, X_N_DRAGON, X_N_WIND
    X_SEAT_PUNG, X_ROUND_PUNG, X_PAIR_DRAGON, X_PAIR_WIND, X_PAIR_VALUE
    X_N_SUITS, X_HONORS, X_TERMINALS, X_ONE_SUIT, X_HALF_FLUSH, X_HONORS_ONLY, X_ALL_258
    X_TERMINALS_ONLY, X_ORPHANS_ONLY, X_NINE_GATES
    X_N_OPEN, X_N_ANKAN, X_N_MINGANG, X_ALL_MELDS_OPEN, X_N_CHI, X_JOKER_MELDED
    X_N_SUB, X_JOKERS_HELD, X_N_JOKERS, X_STRAIGHT_FACE, X_STRAIGHT_NOSUB
    X_WIN_PAIR, X_WIN_PAIR_JOKER, X_WIN_PAIR_JJ, X_ZHUOWU, X_ZHUOWU_BOTH, X_WIN_MIDDLE, X_ALL_SETS_FIVE, X_WIN_JOKER
    X_SETS_TERMINAL, X_PAIR_TERMINAL, X_N_QUADS_HELD, X_THREE_SUIT_SET, X_N_KONGS, X_DINGQUE_HELD, X_N_YAOJIU_PUNGS
    X_FIVE_GATES
    X_CONTEXT           # a number from the caller's context (Hangzhou: 财飘 in a row), flags bits 20-23
    X_SELF_DRAWN        # the situation flags follow in the order of FLAG_NAMES
    X_PAIR_RANK = X_SELF_DRAWN + 9   # facts past the 64 of the clause bits (counts tested by range atoms;
    X_WIN_KIND_HELD, X_WIN_KIND_PONGED, X_N_MELDS, X_WIN_RANK, X_MAX_SAME_CHOWS   # yes / no facts stay in the 64)
    X_N_CONCEALED_PUNGS, X_MIN_RANK, X_MAX_RANK, X_N_PON_FOURTH, X_MAX_SUIT_TILES
    X_N_BONUS           # flags bits 24-29: copies of the hand's bonus tiles (寶牌)
    NF
    NBITS = 64          # facts 0-63 are tested by the clause bits (non-zero / zero)
    N_FLAGS = 9
    DINGQUE_SHIFT = 16  # flags bits 16-17: the 定缺 suit + 1 (0: none)
    CONTEXT_SHIFT = 20  # flags bits 20-23: the context number (fact context_count)
    BONUS_SHIFT = 24    # flags bits 24-29: copies of the bonus tiles (fact n_bonus)

FLAG_NAMES = ("self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer", "triple_ron",
              "kong_discard")
#: the facts every reading of a hand shares (the situation, the context, the melds, the jokers held):
#: set up once per hand (``Ctx.hand_f``), never written by a reading's facts
HAND_FACTS = FLAG_NAMES + ("context_count", "n_bonus", "win_kind_held", "win_kind_ponged", "jokers_held", "n_jokers",
                           "n_chi", "n_open_melds", "joker_melded", "n_ankan", "n_mingang", "all_melds_open",
                           "n_kongs", "n_melds")
#: bit of ``flags`` where the 定缺 suit + 1 starts (two bits; 0: no 定缺)
DINGQUE_SHIFT_BITS = DINGQUE_SHIFT
#: bit of ``flags`` where the context number (0-15, fact ``context_count``) starts
CONTEXT_SHIFT_BITS = CONTEXT_SHIFT
#: bit of ``flags`` where the bonus-tile copies (0-63, fact ``n_bonus``) start
BONUS_SHIFT_BITS = BONUS_SHIFT
MELD_CODES = {"chi": 1, "pon": 2, "minkan": 3, "kakan": 4, "ankan": 5}
FORMS = ("", "standard", "seven_pairs", "thirteen_orphans", "any_shape", "eight_pairs", "honors_and_knitted",
         "knitted_pair")
GROUP_KINDS = ("", "pair", "pung", "chow", "single", "any")
#: the status of a scored hand (first item of :func:`score_one`, ``status`` of :func:`score_rows`)
STATUS_INCOMPLETE, STATUS_WIN, STATUS_FAILED, STATUS_MISSING, STATUS_HAND_FAILED, STATUS_BAD = range(6)

cdef enum:
    MAX_GROUPS = 16       # no program has more (checked when one is built)
    MAXSLOT = 17          # tiles of one group (17: the any-shape group of a 16-tile hand)
    MAX_MELDS = 5         # declared melds (5 in 16-tile play)
    SUB = -1              # phys of a slot held by a joker substituting (any joker kind left)
    MAX_ROWS = 256
    MAX_KEY = 8           # a table reading more facts by value than this is evaluated without a memo
    MEMO_BITS = 6
    MEMO_SIZE = 64        # at most 64: Memo.used holds a bit per entry
    NO_CAP = 1 << 30      # Ctx.sub_cap: no bound
    M_CHI = 1
    M_PON = 2
    M_MINKAN = 3
    M_KAKAN = 4
    M_ANKAN = 5
    FORM_STD = 1
    FORM_SEVEN = 2
    FORM_THIRTEEN = 3
    FORM_ANY = 4
    FORM_EIGHT = 5        # eight pairs and a single (16-tile play: 硬八對)
    FORM_KNIT = 6         # 14 distinct tiles of one knitting (147 258 369 of three suits) and honors (徐州 亂牌)
    FORM_KNIT_PAIR = 7    # the nine tiles of one knitting and five honours, one kind twice (通称 十三不靠)
    G_PAIR = 1
    G_PUNG = 2
    G_CHOW = 3
    G_SINGLE = 4
    G_ANY = 5
    MODE_SUM = 0
    MODE_MAX = 1
    MODE_PRODUCT = 2
    ROLE_ADD = 0
    ROLE_SPECIAL = 1
    ROLE_FACTOR = 2
    # status of a hand
    S_INCOMPLETE = 0      # no reading
    S_WIN = 1
    S_FAILED = 2          # every reading fails a win condition
    S_MISSING = 3         # a reading scores a row whose value is an unset option
    S_HAND_FAILED = 4     # a win condition on the situation / melds fails before any reading
    S_BAD = 5             # a batch row that is bad input


cdef enum:               # what a table reads of a standard reading beyond the hand's facts (Prog.aim_kind, bits)
    AIM_NONE = 0        # more: the search sees every reading
    AIM_SUBS = 1        # its substitutes (set whenever another bit is)
    AIM_PAIR = 2        # whether the winning tile pairs with a joker (暴头, 混吊)
    AIM_STRAIGHT = 4    # a straight, with a substitute or not, with a joker at its face or not (一条龙, 本混龙)
    AIM_ZHUOWU = 8      # the winning tile the 5m of 4m-5m-6m, its flanks jokers or not (捉五魁)
    AIM_PUNGS = 16      # all sets pungs (碰碰胡)
    AIM_KINDS = 32      # the facts of the kinds a reading holds: one suit, honours only, 2-5-8 only, ... (清一色)
    AIM_QUADS = 64      # of seven pairs: the kinds held four times (豪华七对)
    AIM_MIDDLE = 128    # the winning tile the middle tile of a chow, its rank, a joker or not (徐州 夾)


cdef enum:               # what every reading scoring a result's aim holds (Out.req, Ctx.req): the winning tile ...
    REQ_PAIR = 1        # in the pair, the winning tile real and its partner a joker (混吊)
    REQ_JPAIR = 2       # in a pair of jokers alone, the winning tile a joker (双混吊)
    REQ_Z = 4           # the real 5m of 4m-5m-6m (捉五魁) ...
    REQ_Z2 = 8          # ... both flanks jokers (双绘捉五)
    REQ_S = 16          # a straight (一条龙), in a suit of Ctx.st_suits
    REQ_PUNGS = 32      # every set a pung (碰碰胡)
    REQ_ZJ = 64         # the winning tile a joker standing for the 5m of 4m-5m-6m, a flank real (捉五魁)
    REQ_SPAIR = 128     # seven pairs: a pair of the winning tile (no joker) and a joker (混吊)
    REQ_SJPAIR = 256    # seven pairs: a pair of jokers alone, to hold the winning joker (双混吊)
    REQ_MID = 512       # the winning tile the middle tile of a chow, of a rank in Ctx.mid_ranks (夾)


cdef struct Aim:         # what some standard reading of a hand may hold (aim_standard): supersets
    uint32_t subs       # bit n: a reading with n substitutes
    int pair            # the winning tile's pair partner a joker: 0 never, 1 (the winning tile is no joker), 2 (it is)
    uint32_t pmask      # bit n: such a reading with n substitutes
    uint32_t zmask[3]   # 捉五: bit n: a reading with n substitutes and a flank not a joker (1), both flanks jokers (2)
    bint zw_joker       # 捉五's winning tile is a joker
    int st              # bit 1: a straight holding a substitute, 2: none and no joker, 3: none and a joker at its face
    int smin            # the fewest substitutes of a reading whose straight holds one
    int sown            # the fewest of them in the straight itself
    int spown           # the same beside the joker pair (its winning tile's last copy not in the straight)
    int stb[3]          # st by the straight's suit
    uint32_t sn[4]      # bit n: a reading with n substitutes whose straight holds none (2: no joker, 3: one at its face)
    int sjb[3]          # the fewest jokers in a straight of that suit holding one (bits 1, 3)
    int zst[3]          # suits (bits) where a straight may be held beside 捉五 (a flank real: [1], both jokers: [2])
    int stp[3]          # st by suit where the winning tile may pair with a joker beside the straight
    int total           # the jokers held
    uint32_t pungs      # bit n: a reading of all pungs with n substitutes
    uint64_t k0         # the kinds' facts (bits, P.aim_kread) of a reading without a substitute
    uint64_t kfix       # every joker a substitute: the kinds' facts every reading holds set ...
    uint64_t kfree      # ... and those some may hold either way
    uint64_t ffix       # the same with substitutes and a joker at its face
    uint64_t ffree
    uint32_t mid[10]    # bit n: a reading with n substitutes whose winning tile is the middle of a chow of rank r (夾)
    bint wjoker         # the winning tile is a joker (in every reading: win_joker)


cdef enum:               # fact families computed only when needed (Ctx.need)
    NEED_STRAIGHT = 1
    NEED_NINE = 2
    NEED_WIN = 4
    NEED_HELD = 8
    NEED_PLACE = 16     # which joker sits where (the winning tile's group, a straight's jokers)
    NEED_SUITS = 32     # tiles per suit (八枝)
    NEED_SETS = 64      # the sets' shapes: same chows, concealed pungs, three-suit sets, 5 in every set (通称)
    NEED_RANKS = 128    # the lowest and highest rank, the five gates (通称)
    NEED_KINDS = 256    # the kinds a reading holds, with jokers (kind_facts: suits, honours, terminals, ...)
    NEED_GROUPS = 512   # the sets' and the pair's kinds (pungs, chows, dragon and wind pungs, the pair's kind)
    NEED_ALL = 1023


cdef enum:               # what of a group's kind some fact reads (free_candidates; FACT_FEATURES)
    FT_HONOR = 1        # an honour or not
    FT_SUIT = 2         # its suit
    FT_TERM = 4         # a terminal or honour (in a chow: a 1 or a 9)
    FT_258 = 8          # a 2, 5 or 8
    FT_RANK = 16        # its rank
    FT_FIVE = 32        # a 5 (in a chow: holds one)
    FT_WD = 64          # a wind or a dragon
    FT_STRAIGHT = 128   # a chow 123 / 456 / 789 of its suit
    FT_ZHUOWU = 256     # the chow 4m5m6m (the winning tile in it)
    FT_EXACT = 512      # the kind itself (sets of one rank in three suits, identical chows)
    FT_SEAT = 1024      # the seat or round wind
    FT_WINRANK = 2048   # the winning tile's rank (a free group holds it when it is a joker kind)


cdef struct Grp:
    int8_t kind
    int8_t n
    int8_t rep[MAXSLOT]
    int8_t phys[MAXSLOT]

# The compiled program (pointers into the arrays a Program object owns).
cdef struct Prog:
    int n_rows
    int n_groups
    int n_wins
    const int32_t* a_idx
    const int32_t* a_lo
    const int32_t* a_hi
    const int32_t* c_start      # clause -> range atoms [start, end)
    const int32_t* c_end
    const uint64_t* c_req       # clause -> facts that must be non-zero (bits)
    const uint64_t* c_forb      # clause -> facts that must be zero (bits)
    uint64_t read_bits          # facts some clause tests by its bits
    const int32_t* r_simple     # the row's expression is one clause of bits only: r_req / r_forb
    const uint64_t* r_req
    const uint64_t* r_forb
    const int32_t* e_start      # expression -> clauses [start, end)
    const int32_t* e_end
    const int32_t* r_expr
    const int32_t* r_per        # count fact of the row, -1 for none
    const int32_t* r_less       # the row counts f[r_per] - r_less times
    const int32_t* r_missing    # option id of an unset value, -1 when the value is known
    const double* r_value
    const int32_t* g_mode
    const int32_t* g_role
    const int32_t* g_has_default
    const double* g_default
    const int32_t* g_rows       # group -> rows [g_rows[g], g_rows[g + 1])
    const int32_t* w_expr
    const int32_t* w_hand       # the condition reads only the situation and the melds
    int has_cap
    double cap
    int floor_expr              # -1: no floor
    double floor_value
    # the shape of the readings
    uint64_t kinds              # kinds a joker may stand for (the rule set's tile set)
    int seven_pairs
    int quad_limit              # seven pairs: pairs of one kind allowed (2: a quad is two pairs)
    int thirteen
    int fifth                   # a reading may hold a fifth copy of a kind
    int every_win_slot
    int any_honors              # a hand wins in any shape: 1 honours only (风一色), 2 every tile a 2/5/8 (將將和)
    int n_sets                  # sets of a complete standard hand (4; 5 in 16-tile play)
    int eight_pairs             # the form eight pairs + a single, without any joker tile (16-tile play)
    int any_jokers              # a hand holding this many joker tiles wins in any shape (0: never)
    uint64_t knit_honors        # the form 14 distinct tiles of one knitting + these honors (0: no such form)
    int knit_pair               # the form nine knitted tiles + four honour kinds, one of them twice (no jokers)
    int stand_in                # a kind whose tiles play the (single) joker kind's face (徐州 白板), -1: none
    int need                    # NEED_* families the program reads
    int aim_kind                # AIM_*: what the table reads of a standard reading (aim_standard)
    int aim_seven               # AIM_SUBS / KINDS / PAIR / QUADS: of a seven pairs reading (seven_aim; 0: it reads more)
    uint64_t aim_kread          # AIM_KINDS: the kinds' facts it reads (bits by fact index)
    int sub_flat                # from this number of substitutes on, the table reads the same of any (aim_out)
    int rank_n                  # AIM_MIDDLE: the classes of the winning tile's rank the table tells apart (ranks
    uint16_t rank_cls[10]       # 0-9 by bit, 0 an honour): every condition on the rank reads a class alike
    int feat                    # FT_*: what of a group's kind the program's facts read (free_candidates)
    int win_mask                # the bits of win_key the program reads
    # the classes of free_candidates, by whether the winning tile is a joker kind (wj) and, for chows,
    # the suits that may hold a straight (ss): kinds p_cls[34 * wj + i], chow starts c_cls[21 * (8 * wj + ss) + i]
    int p_ncls[2]
    uint64_t p_cls[68]
    int c_ncls[16]
    uint32_t c_cls[336]
    uint64_t c_cls_all          # chow starts whose three kinds the rule set plays
    int n_key                   # facts the table reads by value (range atoms, counts); -1: no memo
    int32_t key_idx[MAX_KEY]

cdef struct Hand:
    uint8_t counts[34]          # concealed tiles, winning tile included
    int n_melds
    int8_t mkind[MAX_MELDS]
    int8_t mtile[MAX_MELDS]
    int win
    uint32_t flags
    int seat
    int round_
    uint64_t jmask              # joker kinds
    int face                    # the joker kind whose counts trade places with the stand-in's (-1: none)

cdef struct Out:
    bint aim                    # the best a standard reading can score is known (aim_standard) and not yet found
    bint open                   # the standard search still serves it (Ctx.open counts it: settle)
    bint reached                # totals only (no detail): its best so far scores its standard aim's total already
    double aim_total
    double aim_uncapped
    int aim_sub
    int aim_first
    int req                     # REQ_* every reading scoring the aim holds (aim_places)
    int hard                    # REQ_* every reading holds that passes the win conditions (aim_places)
    uint16_t mid_ranks          # REQ_MID: the ranks (bits) of the middle tiles of the combinations that pass them
    bint s7                     # the best a seven pairs reading can score is known (seven_aim): s7_*
    double s7_total
    double s7_uncapped
    int s7_sub
    int s7_first
    int s7_req                  # REQ_SPAIR / REQ_SJPAIR: every seven pairs reading scoring s7 holds it (seven_aim)
    int status
    int face                    # the hand's Hand.face: readings show physical tiles with it undone
    double total
    int n_sub
    double uncapped
    int first_row
    int failed                  # the win condition that failed (S_FAILED / S_HAND_FAILED)
    uint64_t missing            # option ids (bits) of unset values a reading needed
    # the best reading
    int32_t facts[NF + MAX_GROUPS]
    int form
    int ng
    Grp g[MAX_GROUPS]
    int win_g
    int win_s

cdef struct Eval:               # a table evaluated on one reading
    double total
    double uncapped             # the main total before the cap (a tie-break: the larger pattern shows)
    int first_row               # the first row counted (a tie-break: rows earlier in the table first)
    uint64_t missing
    int failed
    int special                 # the special group that replaced the main total, -1 for none
    double gval[MAX_GROUPS]
    int8_t gdefault[MAX_GROUPS]
    int16_t rown[MAX_ROWS]      # times each row counts in the result

cdef struct MemoEntry:          # a table evaluated on one key: the fact bits and the valued facts
    uint64_t fb
    int32_t vals[MAX_KEY]
    int first_row
    int failed
    uint64_t missing
    double total
    double uncapped

cdef struct Memo:               # readings of one call share it (direct-mapped, MEMO_SIZE entries)
    uint64_t used               # the entries filled (bit i: e[i]; MEMO_SIZE is 64): emptied by a store
    MemoEntry e[MEMO_SIZE]

cdef struct Dump:               # one scored reading, for the tests
    int32_t facts[NF]
    int form
    int ng
    Grp g[MAX_GROUPS]
    int win_g
    int win_s

cdef struct Ctx:
    Dump* dump                  # when set, every scored reading is copied here (up to dump_cap)
    Memo* memo                  # when set, evaluations are remembered by their key (memo_evaluate)
    int need                    # NEED_* families to compute (all when dumping)
    bint detail                 # keep the best reading's facts and groups (score_one)
    int dump_cap
    int dump_n
    const Prog* P
    const Hand* H
    Out* out
    int8_t real[34]
    uint64_t real_mask          # kinds of the real tiles
    uint64_t rmask              # kinds of the real tiles not yet placed (split, split_plain)
    bint over4                  # a reading may hold a fifth copy (jokers, or one held: waits)
    uint32_t rkey[4]            # their base-5 block keys, for the kernel's distance tables
    bint even                   # every real count is even (seven pairs without jokers may hold)
    bint past4                  # a concealed count past 4 (a virtual fifth copy: waits)
    bint big                    # a block holds more than 14 tiles (16-tile play): past the split tables
    int pair_block              # without jokers: the block of the standard form's pair (-1: none)
    int n_jk
    int8_t jkind[8]
    int8_t jix[34]              # of each kind, its index in jkind (-1: not a joker kind held)
    int8_t jok[8]               # jokers of each kind not placed at their own face (0 past n_jk: avail)
    int subs                    # slots held by substituting jokers (SUB)
    int form
    int ng
    Grp g[MAX_GROUPS]
    int32_t hand_f[NF]
    # the declared melds, summarised
    uint64_t meld_kinds
    int meld_pungs_dragon
    int meld_pungs_wind
    int meld_yaojiu             # declared pons / kongs of a 1, 9 or honour
    int meld_seat
    int meld_round
    int meld_chows
    int meld_pungs
    int meld_all_exposed        # every meld a pon / minkan / kakan
    int meld_sets_terminal      # every meld holds a terminal or an honor
    int meld_sets_five          # every meld holds a suited 5
    int meld_ankan              # concealed kongs (concealed pungs for 三箱次)
    uint32_t meld_pung_ranks    # pons / kongs of suited tiles: bit 9 * suit + rank - 1
    int8_t meld_chow_n[27]      # chi melds by lowest tile
    int meld_counts[34]
    uint32_t meld_chow_starts
    uint8_t pre[34]             # concealed counts before the winning tile
    int meld_jokers             # a declared meld holds a joker tile
    # the standard form with jokers by substitutes (joker_std): the real tiles, and what
    # place_groups has still to put in the slots of a split (by kind)
    bint placing
    bint one_place              # nothing reads where the jokers sit: one placement per split
    int8_t real0[34]
    int8_t preal[34]
    int8_t pface[34]            # jokers at their own face
    int8_t psub[34]             # jokers substituting, by the kind they stand for
    int8_t ptype[MAX_GROUPS * MAXSLOT]   # of each slot: 0 a real tile, 1 a joker at its face, 2 a substitute
    uint64_t sub_mask           # kinds with a substitute to place (psub > 0)
    uint32_t fixed              # groups of the split placed before the search: real tiles only (place_split)
    int p_fs                    # the free groups to add (sets, pair)
    int p_fp
    uint64_t sub_kinds          # kinds a substitute may stand for in a group with a real tile
    int vpair                   # a kind none of the tiles can take: a virtual pair for the distance (-1: none)
    int excess                  # copies beyond the fourth among the counts (not in the keys)
    uint32_t skey[4]            # base-5 block keys of the counts (capped at 4)
    # situations scored at once (score_wait_modes: the winning tile self-drawn and on a discard): the
    # readings are the same, each scored into its own result (n_out 0: c.out alone)
    int n_out
    Out* outs[8]
    uint32_t out_flags[8]
    bint out_on[8]              # the situation passed the conditions on the situation and melds
    # candidates for jokers standing alone
    int n_fset
    int16_t fset[64]            # chow start s, or 64 + k for a pung of k
    int n_fpair
    int8_t fpair[34]
    bint kernel_passed          # the kernel's check of the counts passed already (waits: wait_candidates)
    # the results the standard search still serves (Out.open): each until it finds its aim (the best a
    # standard reading can score, known before the search: aim_standard) or, with ``stop_missing``, until a
    # reading needs a value not given (the result is a refusal whatever else is read); at 0 the search stops
    int open
    bint stop
    int sub_cap                 # substitutes a reading may hold (aim_standard's first pass: the most the aims hold)
    int req                     # REQ_* a reading must hold to be read (the standard search's first pass: every result's
                                # aim needs them; split, face_choice, place_split; seven_pairs' REQ_SPAIR / REQ_SJPAIR);
                                # zdone: 捉五's chow placed (REQ_Z, REQ_ZJ), or the winning tile's joker pair (REQ_SPAIR)
    int zdone
    uint32_t chows              # the starts of the chows placed (REQ_S)
    uint16_t mid_ranks          # REQ_MID: the ranks the winning tile may have as the middle of a chow (bits)
    int n_scored                # readings scored, and the nodes of the standard search with jokers: split's past its
    int n_nodes                 # checks (slot by slot), place_split's (by substitutes) (for the tests: search_counts)
    int passes                  # the standard search's passes with jokers: 0 unbounded, 1 its aims found, 2 read again
    int st_suits                # the suits (bits) where a straight may be held (aim_standard)
    bint stop_missing           # the caller reports a refusal for a value not given, not which values (waits,
                                # the batches): a result needing one is settled
    bint seven_done             # seven pairs read before the standard form, which none of its readings beat
    int pair_idle               # pair_subs' joker pair of a winning tile that is no joker, the same for every such
    uint32_t pair_mask          # tile added to one hand (waits): the idle kind it was found with (-2: none), its mask

cdef uint64_t ONE = 1
cdef bint aim_search = True   # the standard search's stops (aim_standard, Ctx.stop_missing); off: the tests' full search
cdef bint aim_req = True      # the first pass's cut by what every aim needs (Ctx.req); off: the tests' comparison
cdef int joker_search = 0       # the standard form with jokers: 0 (the default) and 1 slot by slot (split), 2 by
                                # substitutes (joker_std: the tests' second search)
cdef uint64_t TERM_MASK = (ONE << 0) | (ONE << 8) | (ONE << 9) | (ONE << 17) | (ONE << 18) | (ONE << 26)
cdef uint64_t ALL_KINDS = (ONE << 34) - 1
cdef uint64_t HONOR_MASK = ALL_KINDS ^ ((ONE << 27) - 1)
cdef uint64_t M258 = 0
cdef uint64_t SUIT_MASK[3]
cdef uint64_t RANK_MASK[9]      # the kinds of one rank in the three suits
cdef uint64_t WIND_MASK = ((ONE << 4) - 1) << 27
cdef uint64_t DRAGON_MASK = ((ONE << 3) - 1) << 31
cdef int _i
for _i in range(9):
    RANK_MASK[_i] = (ONE << _i) | (ONE << (_i + 9)) | (ONE << (_i + 18))
for _i in range(3):
    SUIT_MASK[_i] = ((ONE << 9) - 1) << (9 * _i)
    M258 |= (ONE << (9 * _i + 1)) | (ONE << (9 * _i + 4)) | (ONE << (9 * _i + 7))
cdef uint32_t POW5[9]
POW5[:] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625]
cdef int8_t ORPHANS[13]
for _i, _t in enumerate((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)):
    ORPHANS[_i] = _t
cdef uint64_t ORPHAN_MASK = TERM_MASK | HONOR_MASK


cdef inline int pung_key(int feat, int t) noexcept nogil:
    """The class of kind ``t`` as a pung or pair of jokers alone: what of it the facts ``feat``
    (``FT_*``) read; kinds of one class give the same facts."""
    cdef int key = 0
    if feat & FT_EXACT:
        return t
    if feat & FT_HONOR and t >= 27:
        key |= 1
    if feat & FT_SUIT:
        key |= (t // 9 if t < 27 else 3) << 1
    if feat & FT_TERM and (ORPHAN_MASK >> t) & 1:
        key |= 1 << 3
    if feat & FT_258 and (M258 >> t) & 1:
        key |= 1 << 4
    if feat & FT_RANK and t < 27:
        key |= (t % 9 + 1) << 5
    if feat & FT_FIVE and t < 27 and t % 9 == 4:
        key |= 1 << 9
    if feat & FT_WD and t >= 27:
        key |= (2 if t >= 31 else 1) << 10
    return key


cdef inline int chow_key(int feat, int s, uint32_t straight_suits) noexcept nogil:
    """The class of the chow starting at ``s`` made of jokers alone (see :func:`pung_key`); a
    straight's chows stay apart in the suits ``straight_suits`` where the hand may hold one."""
    cdef int b = s // 9, r0 = s % 9, key = 0
    if feat & FT_EXACT:
        return s
    if feat & FT_SUIT:
        key |= b << 1
    if feat & FT_TERM and (r0 == 0 or r0 == 6):
        key |= 1 << 3
    if feat & FT_RANK:
        key |= (r0 + 1) << 5
    if feat & FT_FIVE and 2 <= r0 <= 4:
        key |= 1 << 9
    if feat & FT_STRAIGHT and (straight_suits >> b) & 1:
        key |= (b << 1) | ((r0 // 3 + 1 if r0 % 3 == 0 else 4) << 12)
    if feat & FT_ZHUOWU and s == 3:
        key |= 1 << 15
    return key


cdef inline int hand_feat(int feat, bint win_joker) noexcept nogil:
    """The program's ``FT_*`` for one hand: a free group holds the winning tile only when it is a
    joker kind (then its rank is read where the winning tile's rank is, and 捉五魁 may be its)."""
    if win_joker:
        if feat & FT_WINRANK:
            feat |= FT_RANK
        return feat
    return feat & ~FT_ZHUOWU


cdef inline uint64_t lowest_bits(uint64_t m, int k) noexcept nogil:
    """The ``k`` lowest set bits of ``m``."""
    cdef uint64_t out = 0
    while m and k > 0:
        out |= m & (~m + 1)
        m &= m - 1
        k -= 1
    return out


cdef inline uint64_t pick(uint64_t cls, uint64_t held, int k) noexcept nogil:
    """``k`` members of a class: those not held first (a copy more never helps a reading)."""
    cdef uint64_t out = lowest_bits(cls & ~held, k)
    k -= mj_popcount64(out)
    if k > 0:
        out |= lowest_bits(cls & held, k)
    return out


cdef void free_candidates(Ctx* c, int total_j, uint64_t nz) noexcept nogil:
    """The kinds jokers alone may stand for as a set or pair (``c.fset``, ``c.fpair``): those a fact
    may tell apart from every other (the joker kinds; the winning tile, seat and round winds where
    facts read them; the kinds held or melded where facts count copies of a kind or a reading may not
    hold a fifth copy), then per class of the others (:func:`pung_key`, :func:`chow_key`, built once
    per program in ``P.p_cls`` / ``P.c_cls``) as many as there can be free groups. Ascending, chows first.
    ``nz``: the kinds of the concealed tiles."""
    cdef const Prog* P = c.P
    cdef const Hand* H = c.H
    cdef uint64_t held = c.meld_kinds | nz, wanted, chosen, hit, hheld
    cdef int wj = (H.jmask >> H.win) & 1, b, i, t, need_p, need_c, ss = 0, base
    c.n_fset = 0
    c.n_fpair = 0
    if total_j < 2:
        return
    wanted = H.jmask
    if P.need & NEED_WIN:
        wanted |= ONE << H.win
    if P.feat & FT_SEAT:
        wanted |= (ONE << H.seat) | (ONE << H.round_)
    if not P.fifth or (P.need & NEED_HELD):
        wanted |= held
    need_c = total_j // 3
    if need_c:
        if P.feat & FT_STRAIGHT:
            for b in range(3):                  # ranks missing from the suit: jokers can fill that many
                if 9 - mj_popcount64((held >> (9 * b)) & 0x1FF) <= total_j:
                    ss |= 1 << b
        hit = (wanted | (wanted >> 1) | (wanted >> 2)) & P.c_cls_all      # chows holding such a kind
        hheld = (held | (held >> 1) | (held >> 2)) & P.c_cls_all
        chosen = 0
        base = 21 * (8 * wj + ss)
        for i in range(P.c_ncls[8 * wj + ss]):
            chosen |= pick(P.c_cls[base + i] & ~hit, hheld, need_c)
        chosen |= hit & P.c_cls_all
        while chosen:
            t = mj_ctz64(chosen)
            chosen &= chosen - 1
            c.fset[c.n_fset] = t
            c.n_fset += 1
    need_p = min(total_j // 2, 7)
    chosen = wanted & P.kinds
    for i in range(P.p_ncls[wj]):
        chosen |= pick(P.p_cls[34 * wj + i] & ~wanted, held, need_p)
    while chosen:
        t = mj_ctz64(chosen)
        chosen &= chosen - 1
        c.fpair[c.n_fpair] = t
        c.n_fpair += 1
        c.fset[c.n_fset] = 64 + t
        c.n_fset += 1


cdef inline void block_keys(const uint8_t* h, uint32_t* keys) noexcept nogil:
    """The base-5 keys of the three suits and the honours of the counts ``h`` (each 0-4), for the kernel's
    tables."""
    keys[0] = suit_key(h)
    keys[1] = suit_key(h + 9)
    keys[2] = suit_key(h + 18)
    keys[3] = honor_key(h + 27)


cdef inline bint is_joker(const Ctx* c, int k) noexcept nogil:
    """A joker tile (``SUB``: a joker substituting, its kind chosen when the reading is complete)."""
    return k < 0 or (c.H.jmask >> k) & 1


# ------------------------------------------------------------------------------------ tables
cdef inline uint64_t fact_bits(const Prog* P, const int32_t* f) noexcept nogil:
    """Bit i set when fact i is not 0, for the facts the clause bits test (``P.read_bits``)."""
    return mj_nonzero_bits(f, NBITS if NF > NBITS else NF) & P.read_bits


cdef inline bint expr_true(const Prog* P, int e, const int32_t* f, uint64_t fb) noexcept nogil:
    """Whether expression ``e`` holds: one of its clauses has its facts ``c_req`` non-zero, its facts
    ``c_forb`` zero and its other atoms (a fact or group count within a range) true."""
    cdef int ci, ai, v
    cdef bint ok
    if e < 0:
        return True
    for ci in range(P.e_start[e], P.e_end[e]):
        if (fb & P.c_req[ci]) != P.c_req[ci] or (fb & P.c_forb[ci]):
            continue
        ok = True
        for ai in range(P.c_start[ci], P.c_end[ci]):
            v = f[P.a_idx[ai]]
            if v < P.a_lo[ai] or v > P.a_hi[ai]:
                ok = False
                break
        if ok:
            return True
    return False


cdef inline void evaluate(const Prog* P, int32_t* f, Eval* ev) noexcept nogil:
    """The table on one reading's facts ``f`` (group counts written at ``f[NF + g]``)."""
    evaluate_bits(P, f, fact_bits(P, f), ev)


cdef void memo_evaluate(const Prog* P, Memo* m, int32_t* f, Eval* ev) noexcept nogil:
    """:func:`evaluate` through a memo (readings of one hand, and the hands of one batch chunk,
    repeat their facts): the table reads only the fact bits and the ``P.key_idx`` facts, so those
    are the key. Fills the fields a reading's comparison reads (total, uncapped, first_row, failed,
    missing), not the rows and groups (:func:`_result` evaluates the best reading again)."""
    cdef uint64_t fb = fact_bits(P, f)
    cdef uint64_t h = fb * 0x9E3779B97F4A7C15ULL
    cdef int k, i
    cdef bint same
    cdef MemoEntry* e
    for k in range(P.n_key):
        h = (h ^ <uint32_t>f[P.key_idx[k]]) * 0x9E3779B97F4A7C15ULL
    i = <int>(h >> (64 - MEMO_BITS))
    e = &m.e[i]
    if (m.used >> i) & 1 and e.fb == fb:
        same = True
        for k in range(P.n_key):
            if e.vals[k] != f[P.key_idx[k]]:
                same = False
                break
        if same:
            ev.total = e.total
            ev.uncapped = e.uncapped
            ev.first_row = e.first_row
            ev.failed = e.failed
            ev.missing = e.missing
            return
    evaluate_bits(P, f, fb, ev)
    m.used |= ONE << i
    e.fb = fb
    for k in range(P.n_key):
        e.vals[k] = f[P.key_idx[k]]
    e.total = ev.total
    e.uncapped = ev.uncapped
    e.first_row = ev.first_row
    e.failed = ev.failed
    e.missing = ev.missing


cdef inline void table_on(const Ctx* c, int32_t* f, Eval* ev) noexcept nogil:
    """The table on the facts ``f``, through the call's memo where it has one."""
    if c.memo != NULL:
        memo_evaluate(c.P, c.memo, f, ev)
    else:
        evaluate(c.P, f, ev)


cdef void evaluate_bits(const Prog* P, int32_t* f, uint64_t fb, Eval* ev) noexcept nogil:
    """:func:`evaluate` with the fact bits ``fb`` computed."""
    cdef int g, r, n, best_row, held, w, k, i, nh, mode
    cdef double val, bestv, main, sv, v
    # the row arrays in locals: the scan below stores only to a local array, so the compiler keeps
    # them in registers (the build does not assume strict aliasing)
    cdef const int32_t* simple = P.r_simple
    cdef const uint64_t* req = P.r_req
    cdef const uint64_t* forb = P.r_forb
    cdef const int32_t* rexpr = P.r_expr
    cdef int16_t hit[MAX_ROWS]
    ev.failed = -1
    ev.missing = 0
    ev.special = -1
    ev.total = 0
    ev.first_row = MAX_ROWS
    for w in range(P.n_wins):
        if not expr_true(P, P.w_expr[w], f, fb):
            ev.failed = w
            return
    memset(ev.rown, 0, P.n_rows * sizeof(int16_t))
    for g in range(P.n_groups):
        held = 0
        best_row = -1
        bestv = 0
        mode = P.g_mode[g]
        val = 1.0 if mode == MODE_PRODUCT else 0.0
        nh = 0
        for r in range(P.g_rows[g], P.g_rows[g + 1]):
            if simple[r]:                       # one clause of facts tested against 0
                if (fb & req[r]) != req[r] or (fb & forb[r]):
                    continue
            elif not expr_true(P, rexpr[r], f, fb):
                continue
            hit[nh] = r
            nh += 1
        for i in range(nh):
            r = hit[i]
            n = 1 if P.r_per[r] < 0 else f[P.r_per[r]] - P.r_less[r]
            if n <= 0:
                continue
            held += n                           # (a row whose value is missing holds all the same: G.name)
            if P.r_missing[r] >= 0:
                ev.missing |= ONE << P.r_missing[r]
                continue
            v = P.r_value[r]
            if mode == MODE_SUM:
                val += n * v
                ev.rown[r] = n
                if r < ev.first_row:
                    ev.first_row = r
            elif mode == MODE_PRODUCT:
                for k in range(n):
                    val *= v
                ev.rown[r] = n
                if r < ev.first_row:
                    ev.first_row = r
            elif best_row < 0 or v > bestv:
                best_row = r
                bestv = v
        if mode == MODE_MAX and best_row >= 0:
            val = bestv
            ev.rown[best_row] = 1
            if best_row < ev.first_row:
                ev.first_row = best_row
        f[NF + g] = held
        ev.gdefault[g] = held == 0 and P.g_has_default[g]
        if ev.gdefault[g]:
            val = P.g_default[g]
        ev.gval[g] = val
    if ev.missing:
        return
    main = 0
    for g in range(P.n_groups):
        if P.g_role[g] == ROLE_ADD:
            main += ev.gval[g]
    ev.uncapped = main
    if P.has_cap and main > P.cap:
        main = P.cap
    sv = 0
    for g in range(P.n_groups):
        if P.g_role[g] == ROLE_SPECIAL and (f[NF + g] > 0 or ev.gdefault[g]):
            if ev.special < 0 or ev.gval[g] > sv:
                ev.special = g
                sv = ev.gval[g]
    if ev.special >= 0:
        if sv >= main:
            main = sv
        else:
            ev.special = -1
    if P.floor_expr >= 0 and main < P.floor_value and expr_true(P, P.floor_expr, f, fb):
        main = P.floor_value
    for g in range(P.n_groups):
        if P.g_role[g] == ROLE_FACTOR:
            main *= ev.gval[g]
    ev.total = main


# ------------------------------------------------------------------------------------ facts
cdef inline void reading_facts(const Ctx* c, int wg, int ws, int32_t* f) noexcept nogil:
    """The facts of the reading in ``c.g[:c.ng]`` with the winning tile at group ``wg`` slot ``ws``
    (-1: nothing reads where it sits): the split's facts, then the winning tile's place."""
    split_facts(c, f)
    if wg >= 0:
        win_facts(c, wg, ws, f)


cdef inline void win_facts(const Ctx* c, int wg, int ws, int32_t* f) noexcept nogil:
    """The facts of the winning tile's place (group ``wg``, slot ``ws``) written over the split's
    facts (:func:`split_facts`, which counts every pung concealed): a split scored for several places
    of the winning tile computes its facts once (:func:`finish`). A substituting joker of the winning
    kind reads the same here whether its slot says ``SUB`` or the kind."""
    cdef const Grp* gr = &c.g[wg]
    cdef int phys, rep
    if gr.kind == G_PUNG and (c.need & NEED_SETS) and not (c.H.flags & 1):
        f[X_N_CONCEALED_PUNGS] -= 1             # a pung the winning tile completes on a discard is not concealed
    if not (c.need & NEED_WIN):
        return
    if gr.kind == G_PAIR:
        f[X_WIN_PAIR] = 1
        phys = gr.phys[1 - ws]
        if is_joker(c, phys):
            if is_joker(c, gr.phys[ws]):
                f[X_WIN_PAIR_JJ] = 1
            else:
                f[X_WIN_PAIR_JOKER] = 1
    elif gr.kind == G_CHOW and gr.rep[0] == 3 and gr.rep[ws] == 4:
        if is_joker(c, gr.phys[0]) and is_joker(c, gr.phys[2]):
            f[X_ZHUOWU_BOTH] = 1
        else:
            f[X_ZHUOWU] = 1
    rep = gr.rep[ws]
    f[X_WIN_MIDDLE] = gr.kind == G_CHOW and rep == gr.rep[0] + 1
    f[X_WIN_RANK] = rep % 9 + 1 if rep < 27 else 0
    f[X_WIN_JOKER] = is_joker(c, gr.phys[ws])


cdef inline void win_fields(const int32_t* f, int32_t* to) noexcept nogil:
    """The facts :func:`win_facts` writes, from ``f`` (``to`` the same indices of another vector, or
    nine ints: see :func:`finish`)."""
    to[X_WIN_PAIR] = f[X_WIN_PAIR]
    to[X_WIN_PAIR_JOKER] = f[X_WIN_PAIR_JOKER]
    to[X_WIN_PAIR_JJ] = f[X_WIN_PAIR_JJ]
    to[X_ZHUOWU] = f[X_ZHUOWU]
    to[X_ZHUOWU_BOTH] = f[X_ZHUOWU_BOTH]
    to[X_WIN_MIDDLE] = f[X_WIN_MIDDLE]
    to[X_WIN_RANK] = f[X_WIN_RANK]
    to[X_WIN_JOKER] = f[X_WIN_JOKER]
    to[X_N_CONCEALED_PUNGS] = f[X_N_CONCEALED_PUNGS]


cdef inline int win_key(const int32_t* f) noexcept nogil:
    """The facts :func:`win_facts` writes, packed (``Prog.win_mask`` keeps those the program reads;
    :func:`finish` adds bit 15, the winning tile in a pung: concealed or not by the situation)."""
    return (f[X_WIN_PAIR] | f[X_WIN_PAIR_JOKER] << 1 | f[X_WIN_PAIR_JJ] << 2 | f[X_ZHUOWU] << 3
            | f[X_ZHUOWU_BOTH] << 4 | f[X_WIN_MIDDLE] << 5 | f[X_WIN_JOKER] << 6 | f[X_WIN_RANK] << 7
            | f[X_N_CONCEALED_PUNGS] << 11)


cdef void split_facts(const Ctx* c, int32_t* f) noexcept nogil:
    """The facts of the reading in ``c.g[:c.ng]`` but the winning tile's place (the straight, nine
    gates and the four-of-a-kind counts only where ``c.need`` asks for them: the program reads them,
    or the tests dump every fact)."""
    cdef int i, s, k, rep, n_pungs, n_chows, pair = -1, nsub = 0, s0, d, gi
    cdef int form = c.form
    cdef bint std = form == FORM_STD, nosub, face
    cdef bint want_straight = (c.need & NEED_STRAIGHT) != 0, want_held = (c.need & NEED_HELD) != 0
    cdef bint want_kinds = (c.need & NEED_KINDS) != 0
    cdef bint shapes = (c.need & (NEED_GROUPS | NEED_SETS | NEED_STRAIGHT)) != 0
    cdef uint64_t km = c.meld_kinds
    cdef const Grp* gr
    cdef int chow_of[27]
    cdef int drag = c.meld_pungs_dragon, wind = c.meld_pungs_wind, yaojiu = c.meld_yaojiu
    cdef int seat_p = c.meld_seat, round_p = c.meld_round
    cdef int concealed_sets = 0
    cdef bint sets_term = c.meld_sets_terminal
    cdef int8_t held[34]
    cdef int per[3]
    cdef bint jokers = c.n_jk != 0
    cdef bint want_sets = (c.need & NEED_SETS) != 0, five = c.meld_sets_five
    cdef int8_t chow_n[27]
    cdef uint32_t pung_ranks = c.meld_pung_ranks, chow_starts = c.meld_chow_starts
    cdef int same = 0, cpungs = c.meld_ankan
    # the standard form and seven pairs: every slot whose kind is not its tile's is a substitute (SUB),
    # counted in c.subs
    cdef bint sub_slots = form == FORM_STD or form == FORM_SEVEN
    # (two copies of at most 256 bytes each: the compiler inlines them; one of NF facts would call memcpy)
    memcpy(f, c.hand_f, NBITS * sizeof(int32_t))
    memcpy(f + NBITS, c.hand_f + NBITS, (NF - NBITS) * sizeof(int32_t))
    if want_sets:
        memcpy(chow_n, c.meld_chow_n, sizeof(chow_n))
    n_pungs = c.meld_pungs
    n_chows = c.meld_chows
    if want_straight:
        for s in range(27):
            chow_of[s] = -1
    if jokers and want_held:
        memset(held, 0, sizeof(held))
    for i in range(c.ng):
        gr = &c.g[i]
        if jokers:
            if not want_kinds:
                pass
            elif gr.kind == G_CHOW:
                km |= <uint64_t>7 << gr.rep[0]
            elif gr.kind == G_PUNG or gr.kind == G_PAIR:
                km |= ONE << gr.rep[0]
            else:
                for s in range(gr.n):
                    km |= ONE << gr.rep[s]
            if not sub_slots:                   # (other forms: a joker may read as another kind, not SUB)
                for s in range(gr.n):
                    if gr.rep[s] != gr.phys[s]:
                        nsub += 1
            if want_held:
                for s in range(gr.n):
                    held[gr.rep[s]] += 1
        if not shapes:
            continue
        if gr.kind == G_PUNG:
            if not (ORPHAN_MASK >> gr.rep[0]) & 1:
                sets_term = False
            if want_sets:
                if gr.rep[0] >= 27 or gr.rep[0] % 9 != 4:
                    five = False
                if gr.rep[0] < 27:
                    pung_ranks |= <uint32_t>1 << gr.rep[0]
                cpungs += 1                     # (win_facts: not the one completed on a discard)
            concealed_sets += 1
            n_pungs += 1
            rep = gr.rep[0]
            if (ORPHAN_MASK >> rep) & 1:
                yaojiu += 1
            if rep >= 31:
                drag += 1
            elif rep >= 27:
                wind += 1
            if rep == c.H.seat:
                seat_p = 1
            if rep == c.H.round_:
                round_p = 1
        elif gr.kind == G_CHOW:
            concealed_sets += 1
            n_chows += 1
            s0 = gr.rep[0]
            if s0 % 9 != 0 and s0 % 9 != 6:
                sets_term = False
            if want_sets:
                if s0 % 9 < 2 or s0 % 9 > 4:
                    five = False
                chow_n[s0] += 1
                chow_starts |= <uint32_t>1 << s0
            if want_straight and (chow_of[s0] < 0 or chow_rank(c, gr) < chow_rank(c, &c.g[chow_of[s0]])):
                chow_of[s0] = i                 # of chows with one start: fewest substitutes, then a joker at its face
        elif gr.kind == G_PAIR and std and pair < 0:
            pair = gr.rep[0]
    f[X_STANDARD] = std
    f[X_SEVEN] = form == FORM_SEVEN
    f[X_THIRTEEN] = form == FORM_THIRTEEN
    f[X_EIGHT] = form == FORM_EIGHT
    f[X_KNITTED] = form == FORM_KNIT or form == FORM_KNIT_PAIR
    if c.need & NEED_GROUPS:
        f[X_ALL_PUNGS] = std and n_chows == 0
        f[X_ALL_CHOWS] = std and n_pungs == 0
        f[X_ALL_PUNGS_EXPOSED] = std and concealed_sets == 0 and c.meld_all_exposed
        f[X_N_DRAGON] = drag
        f[X_N_YAOJIU_PUNGS] = yaojiu
        f[X_N_WIND] = wind
        f[X_SEAT_PUNG] = seat_p
        f[X_ROUND_PUNG] = round_p
        f[X_PAIR_DRAGON] = pair >= 31
        f[X_PAIR_RANK] = pair % 9 + 1 if 0 <= pair < 27 else 0
        f[X_PAIR_WIND] = 27 <= pair <= 30
        f[X_PAIR_VALUE] = pair >= 31 or (pair >= 27 and (pair == c.H.seat or pair == c.H.round_))
        f[X_SETS_TERMINAL] = std and sets_term
        f[X_PAIR_TERMINAL] = pair >= 0 and (ORPHAN_MASK >> pair) & 1
    if jokers and want_kinds:                   # (without jokers, setup wrote them in c.hand_f)
        kind_facts(c, km, f)
    f[X_N_SUB] = c.subs if sub_slots else nsub
    # straight: chows 123 456 789 of one suit (concealed chows first, then the chi melds)
    if want_straight:
        for s in range(3):
            s0 = 9 * s
            if not all_starts(c, chow_of, s0):
                continue
            f[X_STRAIGHT] = 1
            nosub = True
            face = False
            for d in range(0, 9, 3):
                gi = chow_of[s0 + d]
                if gi < 0:
                    continue                        # a chi meld: real tiles
                for i in range(3):
                    if c.g[gi].rep[i] != c.g[gi].phys[i]:
                        nosub = False
                    elif is_joker(c, c.g[gi].phys[i]):
                        face = True
            f[X_STRAIGHT_NOSUB] = nosub
            f[X_STRAIGHT_FACE] = nosub and face
            break
    # tiles of the most-held suit, four-of-a-kinds held
    if c.need & NEED_SUITS:                     # tiles of the most-held suit, the melds' included
        per[0] = per[1] = per[2] = 0
        for i in range(27):
            per[i // 9] += c.meld_counts[i]
        for i in range(c.ng):
            for s in range(c.g[i].n):
                if c.g[i].rep[s] < 27:
                    per[c.g[i].rep[s] // 9] += 1
        f[X_MAX_SUIT_TILES] = max(per[0], max(per[1], per[2]))
    if want_sets:                               # 通称: 全带五, 三姐妹, 三箱次, 喜相逢
        f[X_ALL_SETS_FIVE] = std and five and pair >= 0 and pair < 27 and pair % 9 == 4
        for i in range(27):
            if chow_n[i] > same:
                same = chow_n[i]
        f[X_MAX_SAME_CHOWS] = same
        f[X_N_CONCEALED_PUNGS] = cpungs
        k = 0
        for i in range(9):
            if (((chow_starts >> i) & (chow_starts >> (i + 9)) & (chow_starts >> (i + 18))) & 1
                    or ((pung_ranks >> i) & (pung_ranks >> (i + 9)) & (pung_ranks >> (i + 18))) & 1):
                k = 1
        f[X_THREE_SUIT_SET] = k
    if want_held and jokers:
        k = 0
        for i in range(34):
            if held[i] >= 4:
                k += 1
        f[X_N_QUADS_HELD] = k
        k = 0
        for i in range(c.H.n_melds):
            if c.H.mkind[i] == M_PON and held[c.H.mtile[i]]:
                k += 1
        f[X_N_PON_FOURTH] = k


cdef void kind_facts(const Ctx* c, uint64_t km, int32_t* f) noexcept nogil:
    """The facts of the kinds a reading holds (``km``: its groups and the melds): suits, honors,
    terminals, 2-5-8, nine gates and the 定缺 suit. Without jokers every reading holds the hand's own
    kinds, so :func:`setup` writes them once in ``c.hand_f``; with jokers :func:`reading_facts` does."""
    cdef int s, s0, k, dq, top
    cdef uint64_t ranks
    set_kind_facts(f, kind_bits(km, &k))       # (the facts aim_kinds bounds, from one definition)
    f[X_N_SUITS] = k
    f[X_NINE_GATES] = 0
    if (c.need & NEED_NINE) and c.H.n_melds == 0 and k == 1 and not f[X_HONORS]:
        for s in range(3):
            if km & SUIT_MASK[s]:
                s0 = 9 * s
                f[X_NINE_GATES] = (c.pre[s0] == 3 and c.pre[s0 + 8] == 3 and c.pre[s0 + 1] == 1 and c.pre[s0 + 2] == 1
                                   and c.pre[s0 + 3] == 1 and c.pre[s0 + 4] == 1 and c.pre[s0 + 5] == 1
                                   and c.pre[s0 + 6] == 1 and c.pre[s0 + 7] == 1)
    dq = (c.H.flags >> DINGQUE_SHIFT) & 3
    f[X_DINGQUE_HELD] = dq > 0 and (km & SUIT_MASK[dq - 1]) != 0
    if c.need & NEED_RANKS:                     # 通称: the lowest and highest rank, 五门齐
        f[X_FIVE_GATES] = k == 3 and (km & WIND_MASK) != 0 and (km & DRAGON_MASK) != 0
        ranks = (km | (km >> 9) | (km >> 18)) & 0x1FF
        if ranks:
            f[X_MIN_RANK] = mj_ctz64(ranks) + 1
            top = 8
            while not (ranks >> top) & 1:
                top -= 1
            f[X_MAX_RANK] = top + 1
        else:
            f[X_MIN_RANK] = 0
            f[X_MAX_RANK] = 0

cdef inline int chow_rank(const Ctx* c, const Grp* g) noexcept nogil:
    cdef int d, subs = 0, face = 0
    for d in range(3):
        if g.rep[d] != g.phys[d]:
            subs += 1
        elif is_joker(c, g.phys[d]):
            face = 1
    return 2 * subs + (1 - face)


cdef inline bint all_starts(const Ctx* c, const int* chow_of, int s0) noexcept nogil:
    cdef int d
    for d in range(0, 9, 3):
        if chow_of[s0 + d] < 0 and not ((c.meld_chow_starts >> (s0 + d)) & 1):
            return False
    return True


# ------------------------------------------------------------------------------------ readings
cdef inline int group_key_cmp(const Grp* a, const Grp* b) noexcept nogil:
    cdef int i
    if a.kind != b.kind or a.n != b.n:
        return 1
    for i in range(a.n):
        if a.rep[i] != b.rep[i] or a.phys[i] != b.phys[i]:
            return 1
    return 0


cdef inline int jidx(const Ctx* c, int k) noexcept nogil:
    """The index of joker kind ``k`` (0-33) among the kinds held (-1: not one)."""
    return c.jix[k]


cdef inline int avail(const Ctx* c) noexcept nogil:
    """Jokers neither at their own face nor promised to a substituting slot (the eight counts of
    ``c.jok`` summed at once: those past ``c.n_jk`` are 0, none negative)."""
    cdef uint64_t w
    memcpy(&w, c.jok, 8)
    return <int>((w * 0x0101010101010101ULL) >> 56) - c.subs


cdef void sub_reps(const Ctx* c, int* rep_cnt) noexcept nogil:
    """Of each joker kind j, the SUB slots standing for it (``rep_cnt[j]``; see :func:`subs_fit`)."""
    cdef int i, s, j
    for j in range(c.n_jk):
        rep_cnt[j] = 0
    for i in range(c.ng):
        for s in range(c.g[i].n):
            if c.g[i].phys[s] == SUB:
                j = jidx(c, c.g[i].rep[s])
                if j >= 0:
                    rep_cnt[j] += 1


cdef inline bint subs_fit(const Ctx* c, const int* rep_cnt, int fixed_r, int fixed_j) noexcept nogil:
    """The jokers left can take the SUB slots, none at its own kind (a joker of kind k in a slot of
    rep k plays its face: another reading). ``rep_cnt``: :func:`sub_reps`. One SUB slot may be fixed
    to joker ``fixed_j`` first (-1: none), ``fixed_r`` the joker index of that slot's kind (-1: not a
    joker kind). Per kind k: slots of rep k + jokers of kind k <= slots (Hall's condition for this
    assignment)."""
    cdef int j, subs = c.subs - (fixed_j >= 0)
    for j in range(c.n_jk):
        if rep_cnt[j] - (j == fixed_r) + c.jok[j] - (j == fixed_j) > subs:
            return False
    return True


cdef bint concrete(const Ctx* c, Grp* out, int i, int s, int* left) noexcept nogil:
    """Copy of the reading with a joker kind in every SUB slot (from slot (i, s) on; backtracking)."""
    cdef int j, r
    while i < c.ng:
        while s < c.g[i].n and out[i].phys[s] != SUB:
            s += 1
        if s < c.g[i].n:
            break
        i += 1
        s = 0
    if i >= c.ng:
        return True
    r = out[i].rep[s]
    for j in range(c.n_jk):
        if left[j] > 0 and c.jkind[j] != r:
            left[j] -= 1
            out[i].phys[s] = c.jkind[j]
            if concrete(c, out, i, s + 1, left):
                return True
            out[i].phys[s] = SUB
            left[j] += 1
    return False


cdef void make_concrete(const Ctx* c, Grp* out) noexcept nogil:
    cdef int left[8]
    cdef int j
    memcpy(out, c.g, c.ng * sizeof(Grp))
    if c.subs == 0:
        return
    for j in range(c.n_jk):                     # the jokers not at their face (the winning tile's
        left[j] = c.jok[j]                      # substituting joker already taken out)
    concrete(c, out, 0, 0, left)


cdef void score_reading(Ctx* c, int i, int s) noexcept nogil:
    """Facts and table of the split with the winning tile at group ``i`` slot ``s``."""
    cdef int32_t f[NF + MAX_GROUPS]
    reading_facts(c, i, s, f)
    score_facts(c, i, s, f)


cdef void score_facts(Ctx* c, int i, int s, int32_t* f) noexcept nogil:
    """The table on the facts ``f`` (``NF + MAX_GROUPS`` of them: the table writes its group counts
    past ``NF``) of the split with the winning tile at group ``i`` slot ``s``, kept if best; with
    several situations (``c.n_out``) once for each, its flags and concealed pungs written over ``f`` (and
    put back after: ``f`` holds the flags of ``c.H.flags`` on entry, so a situation writes only the flags
    in which it differs)."""
    cdef int m, b, cp
    cdef bint pung
    cdef uint32_t fl, cur = c.H.flags
    cdef uint64_t d
    c.n_scored += 1
    if c.dump != NULL and c.dump_n < c.dump_cap:
        memcpy(c.dump[c.dump_n].facts, f, NF * sizeof(int32_t))
        c.dump[c.dump_n].form = c.form
        c.dump[c.dump_n].ng = c.ng
        make_concrete(c, c.dump[c.dump_n].g)
        c.dump[c.dump_n].win_g = i
        c.dump[c.dump_n].win_s = s
        c.dump_n += 1
    if c.n_out == 0:
        keep_best(c, c.out, i, s, f)
        return
    # win_facts counted a pung the winning tile completes on a discard as not concealed, for c.H.flags
    pung = i >= 0 and c.g[i].kind == G_PUNG and (c.need & NEED_SETS) != 0
    cp = f[X_N_CONCEALED_PUNGS] + (1 if pung and not (c.H.flags & 1) else 0)
    for m in range(c.n_out):
        if not c.out_on[m]:
            continue
        fl = c.out_flags[m]
        d = (fl ^ cur) & ((1 << N_FLAGS) - 1)   # (the flags written differ in a bit or two)
        while d:
            b = mj_ctz64(d)
            d &= d - 1
            f[X_SELF_DRAWN + b] = (fl >> b) & 1
        cur = fl
        f[X_N_CONCEALED_PUNGS] = cp - (1 if pung and not (fl & 1) else 0)
        keep_best(c, c.outs[m], i, s, f)
    d = (c.H.flags ^ cur) & ((1 << N_FLAGS) - 1)     # f as it came (finish scores its other places over it)
    while d:
        b = mj_ctz64(d)
        d &= d - 1
        f[X_SELF_DRAWN + b] = (c.H.flags >> b) & 1
    f[X_N_CONCEALED_PUNGS] = cp - (1 if pung and not (c.H.flags & 1) else 0)


cdef inline bint beats(double total, int n_sub, double uncapped, int first_row,
                       double total0, int n_sub0, double uncapped0, int first_row0) noexcept nogil:
    """Whether a reading scoring ``(total, n_sub, uncapped, first_row)`` is better than one scoring the
    same fields ``...0``: the higher total, then fewer substitutes, then the higher total before the cap,
    then the row counted first earlier in the table (docs/rules.md#the-rule-engine, step 6)."""
    return total > total0 or (total == total0 and (n_sub < n_sub0 or (n_sub == n_sub0 and (
        uncapped > uncapped0 or (uncapped == uncapped0 and first_row < first_row0)))))


cdef inline void settle(Ctx* c, Out* o) noexcept nogil:
    """``o`` needs no more standard readings (its aim found, or a reading needing a value not given where
    ``c.stop_missing``): the search stops once no result is left open."""
    if o.open:
        o.open = False
        c.open -= 1
        c.stop = c.open == 0


cdef inline void open_out(Ctx* c, Out* o) noexcept nogil:
    if not o.open:
        o.open = True
        c.open += 1


cdef void open_outs(Ctx* c) noexcept nogil:
    """With ``c.stop_missing``: every result the standard search serves open (:func:`settle`), those
    without an aim until a reading needs a value not given."""
    cdef int m
    if c.n_out == 0:
        open_out(c, c.out)
        return
    for m in range(c.n_out):
        if c.out_on[m] and not c.outs[m].reached:
            open_out(c, c.outs[m])


cdef void keep_best(Ctx* c, Out* o, int i, int s, int32_t* f) noexcept nogil:
    """The table on the facts ``f`` (see :func:`score_facts`) into ``o``, kept if best."""
    cdef Eval ev
    table_on(c, f, &ev)
    if ev.failed >= 0:
        if o.status == S_INCOMPLETE or o.status == S_FAILED:
            o.status = S_FAILED
            o.failed = ev.failed
    elif ev.missing:
        o.missing |= ev.missing
        if c.stop_missing:
            settle(c, o)
    elif o.status != S_WIN or beats(ev.total, f[X_N_SUB], ev.uncapped, ev.first_row,
                                    o.total, o.n_sub, o.uncapped, o.first_row):
        o.status = S_WIN
        o.total = ev.total
        o.uncapped = ev.uncapped
        o.first_row = ev.first_row
        o.n_sub = f[X_N_SUB]
        o.form = c.form
        if o.aim and (o.total >= o.aim_total if not c.detail else o.n_sub == o.aim_sub and o.total == o.aim_total
                      and o.uncapped == o.aim_uncapped and o.first_row == o.aim_first):
            o.aim = False                       # (no standard reading scores more: aim_standard; where only the
            settle(c, o)                        # total is kept, none scores a higher total)
        if c.detail:                            # the best reading's facts and groups (score_one)
            memcpy(o.facts, f, (NF + MAX_GROUPS) * sizeof(int32_t))
            o.ng = c.ng
            make_concrete(c, o.g)
            o.win_g = i
            o.win_s = s


cdef void finish(Ctx* c) noexcept nogil:
    """One complete split: check its copies and its substitutes, then score it for every place of
    the winning tile (a real tile, a joker at its face, or a substituting joker of the winning kind):
    the split's facts once, the winning tile's place over them for each."""
    cdef const Prog* P = c.P
    cdef int cnt[34]
    cdef int rep_cnt[8]
    cdef int32_t split_win[NF]               # the split's values of the facts win_facts writes (those alone)
    cdef int32_t f[NF + MAX_GROUPS]
    cdef int i, s, j, k, w = c.H.win, wj, ph, gdup, n_seen = 0, key, kind
    cdef bint dup, have = False, sub_w
    cdef int seen[MAX_GROUPS * 4]               # the places scored: what the program reads of each
    if avail(c) != 0 or c.stop:
        return
    if c.subs:
        sub_reps(c, rep_cnt)
        if not subs_fit(c, rep_cnt, -1, -1):
            return
    if c.form == FORM_SEVEN:
        memset(cnt, 0, sizeof(cnt))
        for i in range(c.ng):
            cnt[c.g[i].rep[0]] += 1
            if cnt[c.g[i].rep[0]] > P.quad_limit:
                return
    if not P.fifth and c.form != FORM_ANY and c.over4:
        memcpy(cnt, c.meld_counts, sizeof(cnt))
        for i in range(c.ng):
            for s in range(c.g[i].n):
                cnt[c.g[i].rep[s]] += 1
                if cnt[c.g[i].rep[s]] > 4:
                    return
    if not c.detail and not (c.need & NEED_WIN) and not P.every_win_slot and c.n_jk == 0:
        score_reading(c, -1, -1)                # nothing reads where the winning tile sits
        return
    wj = jidx(c, w)
    sub_w = wj >= 0 and c.jok[wj] > 0          # a substituting joker may be the winning tile
    for i in range(c.ng):
        kind = c.g[i].kind
        if not sub_w and G_PAIR <= kind <= G_CHOW and not (
                c.g[i].rep[0] <= w <= c.g[i].rep[0] + (2 if kind == G_CHOW else 0)):
            continue                            # (no slot of the winning kind: its slots hold their rep or SUB)
        gdup = -1                               # an identical earlier group holds the same places (-1: not yet known)
        for s in range(c.g[i].n):
            ph = c.g[i].phys[s]
            if ph != w and not (sub_w and ph == SUB and c.g[i].rep[s] != w):
                continue
            if gdup < 0:
                gdup = 0
                for k in range(i):
                    if group_key_cmp(&c.g[k], &c.g[i]) == 0:
                        gdup = 1
                        break
            if gdup:
                break
            dup = False
            for j in range(s):                  # the same slot earlier in this group
                if c.g[i].rep[j] == c.g[i].rep[s] and c.g[i].phys[j] == ph:
                    dup = True
                    break
            if dup:
                continue
            if ph == SUB and not subs_fit(c, rep_cnt, jidx(c, c.g[i].rep[s]), wj):
                continue                        # (a substituting joker of the winning kind there)
            if not have:                        # the split's facts once, the place's written over them
                split_facts(c, f)
                win_fields(f, split_win)
                have = True
            else:                               # (score_facts leaves the others below NF as they were)
                win_fields(split_win, f)
            win_facts(c, i, s, f)
            if c.dump == NULL:
                # a place whose facts the program reads like an earlier place's scores the same
                key = (win_key(f) | (c.g[i].kind == G_PUNG) << 15) & P.win_mask
                dup = False
                for k in range(n_seen):
                    if seen[k] == key:
                        dup = True
                        break
                if dup:
                    continue
                if n_seen < MAX_GROUPS * 4:
                    seen[n_seen] = key
                    n_seen += 1
            if ph == SUB:
                c.g[i].phys[s] = w
                c.jok[wj] -= 1
                c.subs -= 1
                score_facts(c, i, s, f)
                c.subs += 1
                c.jok[wj] += 1
                c.g[i].phys[s] = SUB
            else:
                score_facts(c, i, s, f)
            if not P.every_win_slot:
                return


cdef void push(Ctx* c, int kind, int n, const int8_t* rep, const int8_t* phys) noexcept nogil:
    cdef Grp* g = &c.g[c.ng]
    cdef int i
    g.kind = kind
    g.n = n
    for i in range(n):
        g.rep[i] = rep[i]
        g.phys[i] = phys[i]
    c.ng += 1


cdef void free_groups(Ctx* c, int n_sets, int n_pairs, int set_from, int pair_from) noexcept nogil:
    """Jokers alone make the remaining ``n_sets`` sets and ``n_pairs`` pairs (representative kinds)."""
    cdef int i, code
    cdef int8_t rep[3]
    if avail(c) != 3 * n_sets + 2 * n_pairs:
        return
    if n_sets == 0 and n_pairs == 0:
        finish(c)
        return
    if n_sets:
        for i in range(set_from, c.n_fset):
            code = c.fset[i]
            if code < 64 and c.req & REQ_PUNGS:
                continue                        # (a chow: every aim needs pungs alone)
            if code >= 64:
                rep[0] = rep[1] = rep[2] = code - 64
            else:
                rep[0] = code
                rep[1] = code + 1
                rep[2] = code + 2
            assign(c, G_PUNG if code >= 64 else G_CHOW, 3, rep, 0, 0, n_sets - 1, n_pairs, i, pair_from)
        return
    for i in range(pair_from, c.n_fpair):
        rep[0] = rep[1] = c.fpair[i]
        assign(c, G_PAIR, 2, rep, 0, 0, 0, n_pairs - 1, c.n_fset, i)


cdef void assign(Ctx* c, int kind, int n, const int8_t* rep, int slot, int last, int n_sets, int n_pairs,
                 int set_from, int pair_from) noexcept nogil:
    """The free group's slots: a joker at its own face (1) or a substituting joker (2), ascending
    in the interchangeable slots of a pung or pair."""
    cdef int j, r
    if c.stop:
        return
    if slot == n:
        push(c, kind, n, rep, c.g[c.ng].phys)
        free_groups(c, n_sets, n_pairs, set_from, pair_from)
        c.ng -= 1
        return
    r = rep[slot]
    j = jidx(c, r)
    if j >= 0 and c.jok[j] > 0 and avail(c) > 0 and (kind == G_CHOW or last <= 1):
        c.jok[j] -= 1
        c.g[c.ng].phys[slot] = r
        assign(c, kind, n, rep, slot + 1, 1, n_sets, n_pairs, set_from, pair_from)
        c.jok[j] += 1
    if avail(c) > 0 and c.subs < c.sub_cap:
        c.subs += 1
        c.g[c.ng].phys[slot] = SUB
        assign(c, kind, n, rep, slot + 1, 2, n_sets, n_pairs, set_from, pair_from)
        c.subs -= 1


cdef void fill(Ctx* c, int kind, int n, const int8_t* rep, int anchor, int slot, int last, int8_t* phys,
               int n_sets, int n_pairs, int at, int shape) noexcept nogil:
    """Fill the slots of a group holding the lowest real tile: a real tile (source 0), a joker at its
    own face (1) or a substituting joker (2); the interchangeable slots of a pung or pair take
    their sources in ascending order."""
    cdef int r, j, z = 0
    cdef uint32_t chow = 0
    if c.stop:
        return
    if slot == n:
        if c.req:
            if kind == G_PAIR and last == 0 and c.req & REQ_PAIR:
                return                          # (the winning tile's partner real)
            z = c.req & REQ_Z and kind == G_CHOW and rep[0] == 3 and phys[1] == 4 and (
                not (c.req & REQ_Z2) or is_joker(c, phys[0]) and is_joker(c, phys[2])) or (
                c.req & REQ_ZJ and kind == G_CHOW and rep[0] == 3 and (phys[1] == SUB or phys[1] == c.H.win)
                and not (is_joker(c, phys[0]) and is_joker(c, phys[2]))) or (
                c.req & REQ_SPAIR and kind == G_PAIR and rep[0] == c.H.win and last != 0) or (
                c.req & REQ_MID and kind == G_CHOW and (c.mid_ranks >> (rep[1] % 9 + 1)) & 1 and (
                    phys[1] == c.H.win or phys[1] == SUB and is_joker(c, c.H.win)))
            if kind == G_CHOW:
                chow = (<uint32_t>1 << rep[0]) & ~c.chows
        push(c, kind, n, rep, phys)
        c.zdone += z
        c.chows |= chow
        split(c, n_sets, n_pairs, at, shape)
        c.chows ^= chow
        c.zdone -= z
        c.ng -= 1
        return
    r = rep[slot]
    if c.real[r] and (kind == G_CHOW or last <= 0):
        c.real[r] -= 1
        c.rkey[r // 9] -= POW5[r % 9]
        if c.real[r] == 0:
            c.rmask ^= ONE << r
        phys[slot] = r
        fill(c, kind, n, rep, anchor, slot + 1, 0, phys, n_sets, n_pairs, at, shape)
        c.real[r] += 1
        c.rkey[r // 9] += POW5[r % 9]
        c.rmask |= ONE << r
    if slot == anchor or not (c.P.kinds >> r) & 1 or avail(c) <= 0:
        return
    j = jidx(c, r)
    if j >= 0 and c.jok[j] > 0 and (kind == G_CHOW or last <= 1):
        c.jok[j] -= 1
        phys[slot] = r
        fill(c, kind, n, rep, anchor, slot + 1, 1, phys, n_sets, n_pairs, at, shape)
        c.jok[j] += 1
    if (kind == G_CHOW or last <= 2) and c.subs < c.sub_cap:
        c.subs += 1
        phys[slot] = SUB
        fill(c, kind, n, rep, anchor, slot + 1, 2, phys, n_sets, n_pairs, at, shape)
        c.subs -= 1


# ------------------------------------------------------------------------------------ jokers by substitutes
# The standard form with jokers. A reading is a split of the real tiles, the jokers at their own face
# and the substituting jokers into groups, each holding a real tile, plus free groups of jokers alone.
# So the search chooses how many jokers play at their face (per joker kind), how many free sets and
# pairs there are, and then the kinds the substitutes stand for (ascending, each one pruned by the
# kernel's distance of the counts so far); the counts it reaches split like a plain hand (the split
# tables), and place_groups puts the real tiles, faces and substitutes in the slots of each split.
cdef inline void leaf(Ctx* c) noexcept nogil:
    """A split of ``c.real`` is complete: score it (plain hands), or place its sources (joker_std)."""
    if c.placing:
        place_split(c)
    else:
        finish(c)


cdef inline bint same_reps(const Grp* a, const Grp* b) noexcept nogil:
    cdef int i
    if a.kind != b.kind or a.n != b.n:
        return False
    for i in range(a.n):
        if a.rep[i] != b.rep[i]:
            return False
    return True


cdef bint place_groups(Ctx* c, int i, int s, int last) noexcept nogil:
    """The source of slot ``s`` of group ``i`` on: a real tile (0), a joker at its face (1) or a
    substitute (2), from the counts left in ``c.preal``, ``c.pface``, ``c.psub``. Every group holds a
    real tile; the interchangeable slots of a pung or pair take their sources in ascending order, and
    of two identical groups the second's sources are not below the first's (each reading once). Then
    the free groups (:func:`free_groups`). When nothing reads where a joker sits (``c.one_place``), the
    placements of one split give the same facts, so the first one is the only one: True once placed."""
    cdef Grp* g
    cdef int r, j, k
    cdef int8_t* ty
    cdef bint real, done = False
    if c.stop:                                  # (aim_standard's best found: no more placements)
        return True
    if s == 0:
        while i < c.ng and (c.fixed >> i) & 1:
            i += 1
    if i == c.ng:
        free_groups(c, c.p_fs, c.p_fp, 0, 0)
        return True
    g = &c.g[i]
    ty = &c.ptype[i * MAXSLOT]
    if s == 0:                                  # only real tiles of its kinds left: no choice
        real = True
        for k in range(g.n):
            real &= c.pface[g.rep[k]] == 0 and c.psub[g.rep[k]] == 0
        if real:
            for k in range(g.n):
                c.preal[g.rep[k]] -= 1
                g.phys[k] = g.rep[k]
                ty[k] = 0
            if i == 0 or not same_reps(&c.g[i - 1], g) or memcmp(ty, ty - MAXSLOT, g.n) >= 0:
                done = place_groups(c, i + 1, 0, 0)
            for k in range(g.n):
                c.preal[g.rep[k]] += 1
            return done
    if s == g.n:
        real = False
        for k in range(g.n):
            real |= ty[k] == 0
        if not real:
            return False
        if i > 0 and same_reps(&c.g[i - 1], g) and memcmp(ty, ty - MAXSLOT, g.n) < 0:
            return False
        return place_groups(c, i + 1, 0, 0)
    r = g.rep[s]
    if g.kind == G_CHOW:
        last = 0
    if c.preal[r] and last <= 0:
        c.preal[r] -= 1
        g.phys[s] = r
        ty[s] = 0
        done = place_groups(c, i, s + 1, 0)
        c.preal[r] += 1
        if done and c.one_place:
            return True
    if s == g.n - 1 and ty[0] and (s == 1 or ty[1]):
        return done                             # the group's last slot and no real tile in it yet
    if c.pface[r] and last <= 1:
        j = jidx(c, r)
        c.pface[r] -= 1
        c.jok[j] -= 1
        g.phys[s] = r
        ty[s] = 1
        done |= place_groups(c, i, s + 1, 1)
        c.jok[j] += 1
        c.pface[r] += 1
        if done and c.one_place:
            return True
    if c.psub[r]:
        c.psub[r] -= 1
        c.subs += 1
        g.phys[s] = SUB
        ty[s] = 2
        done |= place_groups(c, i, s + 1, 2)
        c.subs -= 1
        c.psub[r] += 1
    g.phys[s] = r
    return done


cdef bint place_first(Ctx* c) noexcept nogil:
    """The first placement :func:`place_groups` finds, without its search: each slot the lowest source
    left of its kind (a real tile, a joker at its face, a substitute). The sources left only shrink, so
    the interchangeable slots and identical groups come out in the order the search keeps; when every
    group holds a real tile this is its first placement (True). Otherwise False, with the sources and
    jokers left changed (:func:`place_split` puts them back; the search may find another placement)."""
    cdef int i, k, r
    cdef Grp* g
    cdef int8_t* ty
    cdef bint real
    for i in range(c.ng):
        if (c.fixed >> i) & 1:
            continue
        g = &c.g[i]
        ty = &c.ptype[i * MAXSLOT]
        real = False
        for k in range(g.n):
            r = g.rep[k]
            if c.preal[r]:
                c.preal[r] -= 1
                g.phys[k] = r
                ty[k] = 0
                real = True
            elif c.pface[r]:
                c.pface[r] -= 1
                c.jok[jidx(c, r)] -= 1
                g.phys[k] = r
                ty[k] = 1
            elif c.psub[r]:
                c.psub[r] -= 1
                c.subs += 1
                g.phys[k] = SUB
                ty[k] = 2
            else:                               # (not reached: the sources are the split's counts)
                return False
        if not real:
            return False
    return True


cdef bint split_meets(const Ctx* c) noexcept nogil:
    """Whether the split in ``c.g`` (with ``c.p_fs`` free sets) may hold what every aim needs (``c.req``):
    the pair of the winning kind (REQ_PAIR), 4m-5m-6m (REQ_Z, REQ_ZJ), a straight whose thirds missing free sets may
    make (REQ_S), no chow (REQ_PUNGS), a chow that may hold the winning tile in its middle (REQ_MID; a winning joker:
    or a free set)."""
    cdef int i, b, d, missing
    cdef uint32_t chows = 0, have
    cdef bint pair = False, mid = False
    for i in range(c.ng):
        if c.g[i].kind == G_PAIR:
            pair |= c.g[i].rep[0] == c.H.win
        elif c.g[i].kind == G_CHOW:
            chows |= <uint32_t>1 << c.g[i].rep[0]
            if (c.mid_ranks >> (c.g[i].rep[1] % 9 + 1)) & 1 and (c.g[i].rep[1] == c.H.win or is_joker(c, c.H.win)):
                mid = True
    if c.req & REQ_PAIR and not pair or c.req & (REQ_Z | REQ_ZJ) and not (chows >> 3) & 1 \
            or c.req & REQ_PUNGS and chows or c.req & REQ_MID and not mid and not (c.p_fs and is_joker(c, c.H.win)):
        return False
    if not (c.req & REQ_S):
        return True
    have = chows | c.meld_chow_starts
    for b in range(3):
        if (c.st_suits >> b) & 1:
            missing = 0
            for d in range(0, 9, 3):
                missing += not (have >> (9 * b + d)) & 1
            if missing <= c.p_fs:
                return True
    return False


cdef void place_split(Ctx* c) noexcept nogil:
    """:func:`place_groups` of the split in ``c.g``, the groups of which no kind has a joker to place
    (at its face or substituting) placed first: their slots can only take real tiles. When one
    placement is enough (``c.one_place``), the first one without a search where it holds."""
    cdef uint64_t jm = c.sub_mask, m
    cdef uint32_t fixed = 0
    cdef int i, k, j, subs = c.subs
    cdef Grp* g
    cdef int8_t* ty
    cdef bint placed = False
    cdef int8_t preal[34]
    cdef int8_t left[34]
    cdef int8_t pface[34]
    cdef int8_t psub[34]
    cdef int8_t jok[8]
    if c.stop or c.req and not split_meets(c):
        return
    c.n_nodes += 1
    memcpy(preal, c.preal, 34)                  # the sources as they come, put back at the end
    for j in range(c.n_jk):
        if c.pface[c.jkind[j]]:
            jm |= ONE << c.jkind[j]
    for i in range(c.ng):
        g = &c.g[i]
        if g.kind == G_CHOW:                    # (a split's groups: pairs, pungs and chows)
            m = <uint64_t>7 << g.rep[0]
        else:
            m = ONE << g.rep[0]
        if m & jm:
            continue
        fixed |= <uint32_t>1 << i
        ty = &c.ptype[i * MAXSLOT]
        for k in range(g.n):
            c.preal[g.rep[k]] -= 1
            g.phys[k] = g.rep[k]
            ty[k] = 0
    c.fixed = fixed
    if c.one_place:                             # (place_first's changes put back by copies)
        memcpy(left, c.preal, 34)
        memcpy(pface, c.pface, 34)
        memcpy(psub, c.psub, 34)
        memcpy(jok, c.jok, 8)
        placed = place_first(c)
        if placed:
            free_groups(c, c.p_fs, c.p_fp, 0, 0)
        memcpy(c.preal, left, 34)
        memcpy(c.pface, pface, 34)
        memcpy(c.psub, psub, 34)
        memcpy(c.jok, jok, 8)
        c.subs = subs
    if not placed:
        place_groups(c, 0, 0, 0)
    c.fixed = 0
    memcpy(c.preal, preal, 34)


cdef inline bint sub_keys(const Ctx* c, int n_pairs, Lookup* L) noexcept nogil:
    """The kernel's block keys of the counts ``c.skey`` for a target with ``n_pairs`` pair (none: with a
    virtual pair of a kind nothing takes, which only widens what the tables allow); False when there
    is no such kind."""
    L.key[0] = c.skey[0]
    L.key[1] = c.skey[1]
    L.key[2] = c.skey[2]
    L.key[3] = c.skey[3]
    if n_pairs == 0:
        if c.vpair < 0:
            return False
        L.key[c.vpair // 9] += 2 * POW5[c.vpair % 9]
    return True


cdef inline int sub_distance(const Ctx* c, int n_sets, int n_pairs) noexcept nogil:
    """The kernel's distance of ``c.skey`` to ``n_sets`` sets and ``n_pairs`` pair (0 without a key,
    see :func:`sub_keys`): a lower bound of the substitutes still needed."""
    cdef Lookup L
    if not sub_keys(c, n_pairs, &L):
        return 0
    return std_udistance(get_tables(), &L, n_sets)


cdef uint64_t sub_useful(const Ctx* c, int n_sets, int n_pairs, uint64_t m, int limit) noexcept nogil:
    """Of the kinds ``m``, those whose one more copy in ``c.skey`` leaves the kernel's distance (see
    :func:`sub_distance`) at most ``limit``: the substitutes whose search passes its first check, found
    at once (one block's state changes per kind, the other blocks' classes are loaded once). Kinds held
    four times (a fifth copy counts as an excess, not in the key) and keys without a pair kind stay in."""
    cdef Lookup L
    cdef const Tables* T
    cdef const uint8_t* fin
    cdef uint32_t u0, u1, u2, u3, ab, cz, nm
    cdef uint64_t keep = 0
    cdef int t, i, d
    if not sub_keys(c, n_pairs, &L):
        return m
    T = get_tables()
    nm = T.n_umixed
    u0 = T.suit_ustate[L.key[0]]
    u1 = T.suit_ustate[L.key[1]]
    u2 = T.suit_ustate[L.key[2]]
    u3 = T.honor_ustate[L.key[3]]
    ab = T.upair_class[u0 * N_SUIT_USTATES + u1]
    cz = T.umixed_class[u2 * N_HONOR_USTATES + u3]
    fin = T.ufinal_dist + n_sets * T.n_upair * nm
    while m:
        t = mj_ctz64(m)
        m &= m - 1
        if c.real[t] >= 4:
            keep |= ONE << t
            continue
        i = t % 9
        if t < 9:
            d = fin[T.upair_class[T.suit_ustate[L.key[0] + POW5[i]] * N_SUIT_USTATES + u1] * nm + cz]
        elif t < 18:
            d = fin[T.upair_class[u0 * N_SUIT_USTATES + T.suit_ustate[L.key[1] + POW5[i]]] * nm + cz]
        elif t < 27:
            d = fin[ab * nm + T.umixed_class[T.suit_ustate[L.key[2] + POW5[i]] * N_HONOR_USTATES + u3]]
        else:
            d = fin[ab * nm + T.umixed_class[u2 * N_HONOR_USTATES + T.honor_ustate[L.key[3] + POW5[t - 27]]]]
        if d <= limit:
            keep |= ONE << t
    return keep


cdef void joker_leaf(Ctx* c, int n_sets, int n_pairs) noexcept nogil:
    """The counts ``c.real`` (real tiles, faces, substitutes) split into ``n_sets`` sets and
    ``n_pairs`` pairs, each split placed (:func:`place_groups`)."""
    cdef int n[4]
    cdef int pb, total, over4, odd
    cdef uint64_t nz = 0
    total = block_sizes(<const uint8_t*>c.real, n)
    pb = pair_block_of(n, n_pairs)
    if pb == -2 or total != 3 * n_sets + 2 * n_pairs:
        return
    c.ng = 0
    if total == 0:
        place_split(c)
        return
    c.pair_block = pb
    if c.excess == 0 and n[0] <= 14 and n[1] <= 14 and n[2] <= 14 and n[3] <= 14:
        split_blocks(c, n_sets, n_pairs, c.skey)     # (the keys of c.real: no copy past the fourth)
        return
    mj_counts_summary(<const uint8_t*>c.real, &nz, &total, &over4, &odd)     # (the kinds held: nz)
    c.rmask = nz
    split_plain(c, n_sets, n_pairs, -1, 0)
    c.ng = 0


cdef void subs_choice(Ctx* c, int t0, int a, int n_sets, int n_pairs) noexcept nogil:
    """``a`` more substitutes, of kinds ``t0`` and above (ascending: each multiset once)."""
    cdef uint64_t m
    cdef int t
    cdef Lookup L
    cdef const Tables* T
    if a == 0:
        joker_leaf(c, n_sets, n_pairs)
        return
    if sub_distance(c, n_sets, n_pairs) > a + c.excess:
        return
    m = c.sub_kinds & ~((ONE << t0) - 1)
    if a == 1 and c.excess == 0 and sub_keys(c, n_pairs, &L):
        # the last substitute: the kinds completing the counts, from the kernel's wait tables at once
        T = get_tables()
        L.state[0] = T.suit_state[L.key[0]]
        L.state[1] = T.suit_state[L.key[1]]
        L.state[2] = T.suit_state[L.key[2]]
        L.state[3] = T.honor_state[L.key[3]]
        m &= std_waits(T, &L)
    else:                                       # (the last substitute too when a fifth copy is in)
        m = sub_useful(c, n_sets, n_pairs, m, a - 1 + c.excess)
    while m and not c.stop:
        t = mj_ctz64(m)
        m &= m - 1
        if not c.P.fifth and c.real[t] + c.meld_counts[t] >= 4:
            continue
        c.real[t] += 1
        c.psub[t] += 1
        c.sub_mask |= ONE << t
        if c.real[t] <= 4:
            c.skey[t // 9] += POW5[t % 9]
        else:
            c.excess += 1
        subs_choice(c, t, a - 1, n_sets, n_pairs)
        if c.real[t] <= 4:
            c.skey[t // 9] -= POW5[t % 9]
        else:
            c.excess -= 1
        c.psub[t] -= 1
        if c.psub[t] == 0:
            c.sub_mask &= ~(ONE << t)
        c.real[t] -= 1


cdef void face_choice(Ctx* c, int j, int n_sets, int left, uint64_t near) noexcept nogil:
    """Jokers of kind ``c.jkind[j]`` on at their own face in groups with real tiles (0 to all of them,
    where a real tile is near), then the free groups and the substitutes for the ``left`` others (where every aim
    needs pungs alone, those :func:`pung_kinds` allows)."""
    cdef int k, f, fs, fp, a, most
    cdef uint64_t kinds, held
    if j < c.n_jk:
        k = c.jkind[j]
        most = c.jok[j] if ((near & c.P.kinds) >> k) & 1 else 0
        for f in range(most, -1, -1):           # most faces (fewest substitutes) first: see aim_standard
            c.pface[k] = f
            c.real[k] += f
            face_choice(c, j + 1, n_sets, left - f, near)
            c.real[k] -= f
            if c.stop:
                break
        c.pface[k] = 0
        return
    kinds = c.sub_kinds
    if c.req & REQ_PUNGS:
        if not pung_kinds(c, &held):
            return
        c.sub_kinds = kinds & held
    block_keys(<const uint8_t*>c.real, c.skey)
    c.excess = 0
    for fs in range(n_sets + 1):
        for fp in range(2):
            a = left - 3 * fs - 2 * fp
            if a < 0 or a > c.sub_cap or c.stop:   # (a readings' substitutes: a at least)
                continue
            if c.req & REQ_JPAIR and not fp or c.req & REQ_PAIR and fp:
                continue                        # (the pair every aim needs: of jokers alone, or not)
            c.p_fs = fs
            c.p_fp = fp
            subs_choice(c, 0, a, n_sets - fs, 1 - fp)
    c.sub_kinds = kinds


cdef bint pung_kinds(const Ctx* c, uint64_t* kinds) noexcept nogil:
    """Where every aim needs pungs alone (REQ_PUNGS): the kinds a substitute may join in the counts ``c.real``
    (real tiles and faces): those held (a pung holds a real tile), and without a fifth copy (``P.fifth``) only
    those held once or twice; False where, without a fifth copy, a kind is held four times (no split into pungs
    and one pair holds it)."""
    cdef int t, x
    kinds[0] = 0
    for t in range(34):
        x = c.real[t]
        if x >= 4 and not c.P.fifth:
            return False
        if x and (x <= 2 or c.P.fifth):
            kinds[0] |= ONE << t
    return True


cdef inline bint past4(const int8_t* h) noexcept nogil:
    """Whether a count of ``h`` is past four (outside the kernel's tables)."""
    cdef uint64_t x, over = (h[32] > 4) | (h[33] > 4)
    cdef int i
    for i in range(4):                          # (eight counts at a time: 0x7B + a count >= 5 sets bit 7)
        memcpy(&x, h + 8 * i, 8)
        over |= (x + 0x7B7B7B7B7B7B7B7BULL) & 0x8080808080808080ULL
    return over != 0


cdef void aim_standard(Ctx* c, int n_sets) noexcept nogil:
    """For a table that reads of a standard reading nothing but the facts of ``P.aim_kind`` (the form, the
    hand's facts and ``n_substitutes``; AIM_PAIR: whether the winning tile pairs with a joker; AIM_STRAIGHT:
    a straight and how its jokers sit; AIM_ZHUOWU: 捉五魁), the best such a reading can score, before the
    search: the table on every combination of those facts some reading might hold (:func:`aim_sets`: a
    superset of the readings'), the best kept as each result's aim (:func:`aim_out`); the search stops at
    the first reading scoring it in every result. Not when one of them has none (a table that needs an
    option not given: the hand is refused, so every reading must be seen)."""
    cdef int32_t f[NF + MAX_GROUPS]
    cdef Aim A
    cdef int m, r, reached = 0
    cdef bint seven
    aim_sets(c, n_sets, &A)
    c.st_suits = (A.stb[0] != 0) | (A.stb[1] != 0) << 1 | (A.stb[2] != 0) << 2 if A.st else 0
    memcpy(f, c.hand_f, NF * sizeof(int32_t))
    f[X_STANDARD] = 1
    f[X_SEVEN] = f[X_THIRTEEN] = f[X_EIGHT] = f[X_KNITTED] = 0
    seven = c.P.aim_seven and c.P.seven_pairs and c.H.n_melds == 0 and seven_may(c)
    if c.n_out == 0:
        r = aim_out(c, c.out, f, &A)
        if r > 0 or r == 0 and not c.detail:
            c.stop = aim_open(c, c.out, r)
        if r >= 0 and seven:
            seven_aim(c, c.out, f, &A)
        return
    for m in range(c.n_out):
        if not c.out_on[m]:
            continue
        set_situation(f, c.out_flags[m])
        r = aim_out(c, c.outs[m], f, &A)
        if r < 0 or r == 0 and c.detail:
            close_outs(c)
            return
        reached += aim_open(c, c.outs[m], r)
        if seven:
            seven_aim(c, c.outs[m], f, &A)
    c.stop = reached > 0 and c.open == 0


cdef inline bint aim_open(Ctx* c, Out* o, int r) noexcept nogil:
    """``o`` open for the standard search with its aim (``r``: :func:`aim_out`'s), or reached, where only totals are
    kept and no standard reading is needed: none passes the win conditions (``r`` 0), or the best so far (another
    form's, read first) scores the aim's total already (True)."""
    if not c.detail and (r == 0 or o.status == S_WIN and o.total >= o.aim_total):
        o.aim = False
        o.reached = True
        return True
    open_out(c, o)
    return False


cdef void aim_sets(const Ctx* c, int n_sets, Aim* A) noexcept nogil:
    """What the standard readings of the hand in ``c`` may hold of the facts of ``P.aim_kind`` (see
    :class:`Aim`), each a superset by the kernel's distance tables (:func:`face_subs`): the numbers of
    substitutes; with the joker pair, with 捉五 (each placement of its tiles) and with a straight (its
    tiles real where they can be, a joker for each kind missing: a real tile in a group where a joker could
    be leaves the rest no harder to complete), the numbers of substitutes the rest may add to theirs."""
    cdef int jl[8]
    cdef int j, total_j = 0
    for j in range(c.n_jk):
        jl[j] = c.jok[j]
        total_j += c.jok[j]
    A.subs = face_subs(c, c.real, n_sets, jl, total_j)
    A.pair = 0
    A.pmask = 0
    if c.P.aim_kind & AIM_PAIR:
        pair_subs(c, n_sets, A)
    A.st = 0
    A.smin = A.sown = A.spown = 99
    A.sn[2] = A.sn[3] = 0
    A.total = total_j
    if c.P.aim_kind & AIM_STRAIGHT:
        for j in range(3):
            straight_possible(c, n_sets, jl, total_j, 9 * j, A)
    A.zmask[1] = A.zmask[2] = 0
    A.zst[1] = A.zst[2] = 0
    A.zw_joker = is_joker(c, c.H.win)
    if c.P.aim_kind & AIM_ZHUOWU and n_sets >= 1 and (c.H.win == 4 or is_joker(c, c.H.win)):
        zhuowu_subs(c, n_sets, A)
    A.pungs = pungs_subs(c, n_sets, jl, total_j) if c.P.aim_kind & AIM_PUNGS else 0
    A.wjoker = is_joker(c, c.H.win)
    if c.P.aim_kind & AIM_MIDDLE:
        middle_subs(c, n_sets, A)
    A.k0 = A.kfix = A.kfree = A.ffix = A.ffree = 0
    if (c.P.aim_kind | c.P.aim_seven) & AIM_KINDS:
        aim_kinds(c, A)


cdef inline bint next_faces(int* face, const int* jl, int nj) noexcept nogil:
    """The next choice of faces (``face[j]`` from 0 to ``jl[j]``, kind by kind); False after the last."""
    cdef int j = 0
    while j < nj and face[j] == jl[j]:
        face[j] = 0
        j += 1
    if j == nj:
        return False
    face[j] += 1
    return True


cdef inline bint prev_faces(int* face, const int* jl, int nj) noexcept nogil:
    """The choice of faces before ``face`` in :func:`next_faces`' order; False after the first (none)."""
    cdef int j = 0
    while j < nj and face[j] == 0:
        face[j] = jl[j]
        j += 1
    if j == nj:
        return False
    face[j] -= 1
    return True


cdef uint32_t pungs_subs(const Ctx* c, int n_sets, const int* jl, int total) noexcept nogil:
    """:func:`aim_sets`' all pungs: bit n where, for some choice of faces leaving n substitutes, the counts
    may make ``n_sets`` pungs and a pair of one kind each: a kind of x tiles takes ceil(x / 3) of the
    ``n_sets + 1`` groups, and where it takes them all, the pair is the part group of a kind whose count is
    not a multiple of three (the substitutes fill the rest, any kind: a superset). Never with a chi meld."""
    cdef int face[8]
    cdef int t, j, x, g0 = 0, g, w, nj = c.n_jk
    cdef bint pair0 = False, pair
    cdef uint32_t out = 0
    if c.meld_chows:
        return 0
    for t in range(34):                         # the kinds no face adds to
        x = c.real[t]
        if x and c.jix[t] < 0:
            g0 += (x + 2) // 3
            pair0 |= x % 3 != 0
    for j in range(nj):
        face[j] = 0
    while True:                                 # every choice of faces, kind by kind
        g = g0
        pair = pair0
        w = total
        for j in range(nj):
            x = c.real[c.jkind[j]] + face[j]
            w -= face[j]
            if x:
                g += (x + 2) // 3
                pair |= x % 3 != 0
        if g < n_sets + 1 or (g == n_sets + 1 and pair):
            out |= <uint32_t>1 << w
        if not next_faces(face, jl, nj):
            break
    return out


cdef inline uint64_t kind_bits(uint64_t km, int* n_suits) noexcept nogil:
    """The facts of :data:`AIM_KIND_FACTS` (bits by fact index) of a reading holding the kinds ``km``
    (:func:`kind_facts` sets them from these), and its number of suits."""
    cdef int s, k = 0
    cdef bint hon = (km & HONOR_MASK) != 0
    cdef uint64_t b = 0
    for s in range(3):
        if km & SUIT_MASK[s]:
            k += 1
    if hon:
        b |= ONE << X_HONORS
    if km & TERM_MASK:
        b |= ONE << X_TERMINALS
    if k == 1:
        b |= ONE << (X_HALF_FLUSH if hon else X_ONE_SUIT)
    if k == 0:
        b |= ONE << X_HONORS_ONLY
    if (km & ~M258) == 0:
        b |= ONE << X_ALL_258
    if (km & ~TERM_MASK) == 0:
        b |= ONE << X_TERMINALS_ONLY
    if (km & ~ORPHAN_MASK) == 0:
        b |= ONE << X_ORPHANS_ONLY
    n_suits[0] = k
    return b


cdef void aim_kinds(const Ctx* c, Aim* A) noexcept nogil:
    """:func:`aim_sets`' kinds: a reading holds the kinds of the melds and the real tiles (R), a joker's
    own kind where it stands at its face and the kinds its substitutes stand for. Without a substitute
    that is R and every joker kind held, exactly (``A.k0``); with every joker a substitute, R and any
    kinds added (``A.kfix`` / ``A.kfree``, :func:`kinds_added`); with some at their face, R, one joker
    kind held or more and any kinds added (``A.ffix`` / ``A.ffree``: over each joker kind held, the facts
    fixed in all, the others free where some may hold them)."""
    cdef uint64_t r = c.meld_kinds | c.real_mask, km0 = r, fx, fr, fix = ~(<uint64_t>0), any_ = 0
    cdef int j, k
    for j in range(c.n_jk):
        if c.jok[j]:
            km0 |= ONE << c.jkind[j]
            kinds_added(r | (ONE << c.jkind[j]), &fx, &fr)
            fix &= fx
            any_ |= fx | fr
    A.k0 = kind_bits(km0, &k) & c.P.aim_kread
    kinds_added(r, &fx, &fr)
    A.kfix = fx & c.P.aim_kread
    A.kfree = fr & c.P.aim_kread
    if any_ == 0:                               # (no joker held: no reading has one at its face)
        fix = 0
    A.ffix = fix & c.P.aim_kread
    A.ffree = any_ & ~fix & c.P.aim_kread


cdef void kinds_added(uint64_t r, uint64_t* fix, uint64_t* free_) noexcept nogil:
    """Of the readings holding the kinds ``r`` and any kinds more, the kinds' facts all hold (``fix``) and
    those some may hold and some not (``free_``): a fact that adding kinds only sets (honours, terminals)
    holds where ``r`` holds it and may hold else; one that adding kinds only clears (one suit, honours
    only, 2-5-8 only, ...) may hold where ``r`` holds it (at most one suit for one suit and half flush)."""
    cdef int k
    cdef uint64_t rb = kind_bits(r, &k), up = (ONE << X_HONORS) | (ONE << X_TERMINALS)
    fix[0] = rb & up
    free_[0] = (up & ~rb) | (rb & ~up & ~((ONE << X_ONE_SUIT) | (ONE << X_HALF_FLUSH)))
    if k <= 1 and not (r & HONOR_MASK):
        free_[0] |= ONE << X_ONE_SUIT
    if k <= 1:
        free_[0] |= ONE << X_HALF_FLUSH


cdef inline bint faces_fit(const Tables* T, const uint32_t* key0, const int* blk, const uint32_t* pw, int f0, int f1,
                           int n_sets, int w) noexcept nogil:
    """:func:`face_subs`' lookup: the keys ``key0`` with ``f0`` / ``f1`` faces of the first two joker kinds added
    make ``n_sets`` sets and a pair with ``w`` jokers."""
    cdef Lookup L
    memcpy(L.key, key0, 4 * sizeof(uint32_t))
    L.key[blk[0]] += f0 * pw[0]
    L.key[blk[1]] += f1 * pw[1]
    return std_udistance(T, &L, n_sets) <= w


cdef uint32_t face_subs(const Ctx* c, const int8_t* base, int n_sets, const int* jl, int total) noexcept nogil:
    """Bit n: for some choice of faces (up to ``jl[j]`` jokers of kind ``c.jkind[j]`` at their own face, of
    ``total`` jokers), the counts ``base`` with the faces may make ``n_sets`` sets and a pair with the n
    others standing for any tile, by the kernel's unbounded distance (a count past four is outside its
    tables: yes). A superset of the readings' substitutes, and every number from the fewest found to
    ``total``: a face taken off the counts adds at most one to their distance, so the choice with one face
    fewer leaves one substitute more. Hence only the fewest is looked for, the most faces that fit: the choices
    that fit are those below any that fits (by that same bound), so with one or two joker kinds a walk along
    their edge finds it (the faces of the first kind from the most down, the second's rising while they fit);
    with more, the choices from the most faces down, a lookup only where it would leave fewer substitutes than
    found. The keys of ``base`` once, each choice adding its faces to them."""
    cdef Lookup L
    cdef const Tables* T = get_tables()
    cdef uint32_t key0[4]
    cdef uint32_t pw[8]
    cdef int face[8]
    cdef int blk[8]
    cdef int room[8]
    cdef int j, k, w, f0, f1, nj = c.n_jk, least = total + 1, floor = total
    cdef bint full = past4(base)
    if total < 0:
        return 0
    for j in range(nj):                         # each joker kind's block, power of five and room below five
        k = c.jkind[j]
        blk[j] = k // 9                         # (the honours: block 3, kinds 27-33 at 0-6)
        pw[j] = POW5[k % 9]
        room[j] = 4 - base[k]
        face[j] = jl[j]
        full |= jl[j] > room[j] and room[j] < total     # (some choice takes the kind past four)
        floor -= jl[j]
    floor = max(floor, 0)                       # (no choice leaves fewer)
    if full:                                    # (a choice of the most faces outside the tables: yes)
        least = floor
    else:
        block_keys(<const uint8_t*>base, key0)
        if nj <= 2:
            for j in range(nj, 2):              # (a kind of no face beside one joker kind, or none)
                blk[j] = 0
                pw[j] = 0
                face[j] = 0
            f1 = 0
            f0 = min(face[0], total)
            while f0 >= 0 and f1 <= face[1] and f0 + f1 <= total:
                if faces_fit(T, key0, blk, pw, f0, f1, n_sets, total - f0 - f1):
                    least = min(least, total - f0 - f1)
                    if least == floor:
                        break
                    f1 += 1                     # (more of the second kind with these)
                else:
                    f0 -= 1                     # (fewer of the first)
                if f0 + face[1] <= total - least:
                    break                       # (no choice left leaves fewer)
        else:
            while True:                         # every choice of faces, kind by kind, the most first
                w = total
                for j in range(nj):
                    w -= face[j]
                if 0 <= w < least:
                    memcpy(L.key, key0, sizeof(key0))
                    for j in range(nj):
                        L.key[blk[j]] += face[j] * pw[j]
                    if std_udistance(T, &L, n_sets) <= w:
                        least = w
                        if least == floor:
                            break
                if not prev_faces(face, jl, nj):
                    break
    if least > total:
        return 0
    return ((<uint32_t>2 << total) - 1) & ~((<uint32_t>1 << least) - 1)


cdef inline uint32_t shifted(uint32_t m, int by) noexcept nogil:
    """The numbers of substitutes ``m`` with ``by`` more (capped at bit 30)."""
    return (m << by) & 0x7FFFFFFF


cdef int hand_less_win(const Ctx* c, int8_t* h, int* jl) noexcept nogil:
    """The real tiles ``h`` and the jokers by kind index ``jl`` of the hand in ``c`` less its winning tile;
    the number of jokers left."""
    cdef int j, left = 0, wj = c.jix[c.H.win]
    memcpy(h, c.real, 34)
    for j in range(c.n_jk):
        jl[j] = c.jok[j]
        left += c.jok[j]
    if wj >= 0:
        jl[wj] -= 1
        left -= 1
    else:
        h[c.H.win] -= 1
    return left


cdef inline int idle_honor(const Ctx* c, const int8_t* h) noexcept nogil:
    """An honour kind of which ``h`` holds no tile, neither the winning tile's kind nor a joker kind (-1: none):
    a pair of it added to counts that must make sets alone stands for the pair taken elsewhere (it can only
    be the pair, or a set with jokers, which passes more hands, never fewer)."""
    cdef int t
    for t in range(27, 34):
        if h[t] == 0 and t != c.H.win and not is_joker(c, t):
            return t
    return -1


cdef void pair_subs(const Ctx* c, int n_sets, Aim* A) noexcept nogil:
    """:func:`aim_sets`' joker pair (暴头, 混吊): the winning tile and a joker of each kind held as the pair;
    the rest must make ``n_sets`` sets: an idle pair is added (:func:`idle_honor`). Its own substitutes: 1
    when the winning tile is no joker; when it is, 0 or 2 with a partner of its kind, 1 or 2 with another.
    A winning tile that is no joker leaves the same rest whichever it is: the tiles of one hand (a ctx_init's:
    the waits' candidate tiles) read it once for each idle kind (``c.pair_idle``)."""
    cdef int8_t h[34]
    cdef int jl[8]
    cdef int j, wj = c.jix[c.H.win], idle = idle_honor(c, <const int8_t*>c.real), left
    cdef uint32_t rest
    if wj < 0 and c.pair_idle == idle:
        A.pmask = c.pair_mask
    else:
        left = hand_less_win(c, h, jl) - 1      # (the partner's)
        if idle >= 0:
            h[idle] = 2
        if wj < 0 and left >= 0:                # the partner of any kind: faces up to jl, one joker fewer (a
            rest = face_subs(c, h, n_sets, jl, left) if idle >= 0 else (<uint32_t>2 << left) - 1
            A.pmask |= shifted(rest, 1)         # choice leaving a kind a joker short is one of some kind's)
        for j in range(c.n_jk if wj >= 0 else 0):
            if jl[j] < 1 or left < 0:
                continue
            jl[j] -= 1
            rest = face_subs(c, h, n_sets, jl, left) if idle >= 0 else (<uint32_t>2 << left) - 1
            jl[j] += 1
            A.pmask |= shifted(rest, 0 if j == wj else 1) | shifted(rest, 2)
    if wj < 0:
        (<Ctx*>c).pair_idle = idle              # (a cache: the Ctx is the caller's, not const)
        (<Ctx*>c).pair_mask = A.pmask
    if A.pmask:
        A.pair = 1 if wj < 0 else 2


cdef void zhuowu_subs(const Ctx* c, int n_sets, Aim* A) noexcept nogil:
    """:func:`aim_sets`' 捉五: the winning tile (a 5m, or a joker standing for it) between a 4m and a 6m,
    each flank a real tile or a joker of a kind held (at its face when it is that kind); the substitutes
    of each placement and of the rest (:func:`face_subs`), in ``A.zmask[1]`` with a real flank, ``[2]``
    with both flanks jokers; and the suits of a straight beside it (``A.zst``, :func:`zhuowu_straights`,
    once per pair of flank sources: real or a joker)."""
    cdef int8_t h[34]
    cdef int jl[8]
    cdef int w = c.H.win, left = hand_less_win(c, h, jl), a, b, ja, z
    cdef int sub = is_joker(c, w) and w != 4    # (a joker of another kind standing for the 5m)
    cdef int seen = 0                           # the pairs of flank sources whose straights are known (bits)
    cdef bint anyk = c.jix[3] < 0 and c.jix[5] < 0
    cdef uint32_t rest
    # (where neither flank kind is a joker kind, a joker flank substitutes whatever its kind: one choice for a
    # joker of any kind, which leaves the faces up to jl with a joker fewer, each kind's choices at once)
    for a in range(-1, 1 if anyk else c.n_jk):  # each flank: a real tile (-1) or a joker of kind index a / b
        if not (anyk and a >= 0) and not move_source(h, jl, 3, a, -1):
            continue
        for b in range(-1, 1 if anyk else c.n_jk):
            if not (anyk and b >= 0) and not move_source(h, jl, 5, b, -1):
                continue
            ja = (a >= 0) + (b >= 0)
            z = 2 if ja == 2 else 1
            rest = face_subs(c, h, n_sets - 1, jl, left - ja)
            A.zmask[z] |= shifted(rest, sub + (a >= 0 and c.jkind[a] != 3) + (b >= 0 and c.jkind[b] != 5))
            if rest and A.st and not (seen >> (2 * (a >= 0) + (b >= 0))) & 1:
                seen |= 1 << (2 * (a >= 0) + (b >= 0))
                A.zst[z] |= zhuowu_straights(c, h, jl, n_sets - 1, left - ja, A)
            if not (anyk and b >= 0):
                move_source(h, jl, 5, b, 1)
        if not (anyk and a >= 0):
            move_source(h, jl, 3, a, 1)


cdef void middle_subs(const Ctx* c, int n_sets, Aim* A) noexcept nogil:
    """:func:`aim_sets`' winning tile the middle tile of a chow (夾): bit n of ``A.mid[r]``, a reading with n
    substitutes doing so at rank r. A real winning tile: between its flanks, each a real tile or a joker (at its
    face where it is that kind; where neither flank kind is a joker kind, a joker of any kind as one choice), the
    rest by :func:`face_subs` (as :func:`zhuowu_subs`). A winning joker: the numbers of substitutes any reading
    may hold (``A.subs``), one at least (it substitutes) but at its own face, a suited kind of rank 2-8."""
    cdef int8_t h[34]
    cdef int jl[8]
    cdef int w = c.H.win, r, left, a, b, ja
    cdef bint anyk
    memset(A.mid, 0, sizeof(A.mid))
    if n_sets < 1:
        return
    if A.wjoker:
        for r in range(2, 9):
            A.mid[r] = A.subs & ~<uint32_t>1
        if w < 27 and 1 <= w % 9 <= 7:
            A.mid[w % 9 + 1] = A.subs
        return
    if w >= 27 or w % 9 == 0 or w % 9 == 8 or not ((c.P.kinds >> (w - 1)) & 1 and (c.P.kinds >> (w + 1)) & 1):
        return
    r = w % 9 + 1
    left = hand_less_win(c, h, jl)
    anyk = c.jix[w - 1] < 0 and c.jix[w + 1] < 0
    for a in range(-1, 1 if anyk else c.n_jk):  # each flank: a real tile (-1) or a joker of kind index a / b
        if not (anyk and a >= 0) and not move_source(h, jl, w - 1, a, -1):
            continue
        for b in range(-1, 1 if anyk else c.n_jk):
            if not (anyk and b >= 0) and not move_source(h, jl, w + 1, b, -1):
                continue
            ja = (a >= 0) + (b >= 0)
            if ja <= left:
                A.mid[r] |= shifted(face_subs(c, h, n_sets - 1, jl, left - ja),
                                    (a >= 0 and c.jkind[a] != w - 1) + (b >= 0 and c.jkind[b] != w + 1))
            if not (anyk and b >= 0):
                move_source(h, jl, w + 1, b, 1)
        if not (anyk and a >= 0):
            move_source(h, jl, w - 1, a, 1)


cdef int zhuowu_straights(const Ctx* c, const int8_t* h, const int* jl, int n_sets, int left,
                          const Aim* A) noexcept nogil:
    """The suits (bits) where a straight may be held beside 捉五, its chow's tiles taken (``h``, ``left``
    jokers, ``n_sets`` sets to make besides): the straight's thirds not declared as chi melds from the real
    tiles, a joker for each kind missing (as in :func:`straight_possible`), and the rest completes; in 万
    also with 捉五's chow as the straight's 4m-5m-6m."""
    cdef int8_t g[34]
    cdef int b, thirds, used, mid, out = 0
    for b in range(3):
        if not A.stb[b]:                        # (no straight in that suit at all)
            continue
        for mid in range(2 if b == 0 and not (c.meld_chow_starts >> 3) & 1 else 1):
            memcpy(g, h, 34)
            used = take_straight(c, g, 9 * b, 3 if mid else -1, &thirds, NULL, NULL)
            if thirds <= n_sets and used <= left and face_subs(c, g, n_sets - thirds, jl, left - used):
                out |= 1 << b
                break
    return out


cdef int take_straight(const Ctx* c, int8_t* h, int s0, int skip, int* thirds, int* jf, int* need_sub) noexcept nogil:
    """The straight of the suit starting at kind ``s0`` taken from the real tiles ``h``, its thirds declared as chi
    melds and the one starting at ``s0 + skip`` (-1: none) left out; the number of kinds missing (a joker each).
    ``thirds``: the thirds taken; where given, ``jf`` (the jokers by kind index) less one for each joker kind
    missing and ``need_sub`` the kinds missing that no joker of their own kind held can fill."""
    cdef int d, k, used = 0
    thirds[0] = 0
    for d in range(0, 9, 3):
        if (c.meld_chow_starts >> (s0 + d)) & 1 or d == skip:
            continue
        thirds[0] += 1
        for k in range(s0 + d, s0 + d + 3):
            if h[k] > 0:
                h[k] -= 1
                continue
            used += 1
            if need_sub != NULL:
                need_sub[0] += not (c.jix[k] >= 0 and c.jok[c.jix[k]] > 0)
            if jf != NULL and c.jix[k] >= 0:
                jf[c.jix[k]] -= 1
    return used


cdef inline bint move_source(int8_t* h, int* jl, int k, int a, int d) noexcept nogil:
    """A tile for kind ``k`` taken (``d`` -1) or put back (``d`` 1): a real tile (``a`` < 0, from ``h``) or a
    joker of kind index ``a`` (from ``jl``); False when there is none to take."""
    if d < 0 and (h[k] == 0 if a < 0 else jl[a] == 0):
        return False
    if a < 0:
        h[k] += d
    else:
        jl[a] += d
    return True


cdef void straight_possible(const Ctx* c, int n_sets, const int* jl, int total_j, int s0, Aim* A) noexcept nogil:
    """:func:`aim_sets`' straight in the suit starting at kind ``s0``: its thirds not declared as chi melds
    from the real tiles, a joker for each kind missing (at its face where the kind is a joker kind held);
    where the rest completes (:func:`face_subs`): with a substitute (``A.st`` bit 1, a joker held; the
    fewest substitutes: those of the kinds missing, at least one, and the fewest of the rest, which a
    joker put in the straight for a real tile lowers by one at most), without one (bit 2, no kind missing)
    and with a joker at its face (bit 3, no kind missing but joker kinds, the rest completing with the jokers
    left once the faces are taken): for these two, the substitutes of the rest in ``A.sn``."""
    cdef int8_t h[34]
    cdef int jf[8]                              # the jokers by kind index once the straight's faces are taken
    cdef int k, thirds, used, need_sub = 0, b = s0 // 9
    cdef bint face_kind = False, win_face
    cdef uint32_t rest, face_rest
    A.stb[b] = A.stp[b] = 0
    memcpy(jf, jl, sizeof(jf))
    memcpy(h, c.real, 34)
    used = take_straight(c, h, s0, -1, &thirds, jf, &need_sub)
    for k in range(s0, s0 + 9):
        if c.jix[k] >= 0 and c.jok[c.jix[k]] > 0:
            face_kind = True
    if thirds > n_sets or used > total_j:
        return
    rest = face_subs(c, h, n_sets - thirds, jl, total_j - used)
    if not rest:
        return
    A.sjb[b] = max(1, used)
    if total_j >= 1:
        A.stb[b] |= 2
        A.smin = min(A.smin, max(1, need_sub + <int>mj_ctz64(rest)))
        A.sown = min(A.sown, max(1, need_sub))
    if need_sub == 0:                           # (the substitutes of the rest alone: its jokers less the faces)
        if used == 0:
            A.stb[b] |= 4
            A.sn[2] |= rest
        face_rest = rest if used == 0 else face_subs(c, h, n_sets - thirds, jf, total_j - used)
        if face_kind and face_rest:
            A.stb[b] |= 8
            A.sn[3] |= face_rest
    A.st |= A.stb[b]
    A.stp[b] = A.stb[b]
    if A.pmask:                                 # (win_face: the winning tile a joker of a kind the straight holds)
        k = c.H.win
        win_face = c.jix[k] >= 0 and s0 <= k < s0 + 9 and not (c.meld_chow_starts >> (k - (k - s0) % 3)) & 1
        A.stp[b] = A.stb[b] & straight_pair(c, n_sets - thirds, h, jl, total_j - used, win_face)
        if A.stp[b] & 2:                        # (a real winning tile's last copy in the pair: a substitute here)
            A.spown = min(A.spown, max(1, need_sub + (c.jix[k] < 0 and h[k] == 0)))


cdef int straight_pair(const Ctx* c, int n_sets, const int8_t* h, const int* jl, int left,
                       bint win_face) noexcept nogil:
    """The kinds of straight (:class:`Aim` ``st`` bits) of :func:`straight_possible` that may be held
    beside the winning tile paired with a joker: the straight's tiles taken, ``h`` and ``left`` jokers, the
    pair takes the winning tile and a joker (two jokers where the winning tile is one), and the rest
    completes (:func:`face_subs`, an idle pair added: :func:`idle_honor`); where the straight took the
    winning tile's last copy, a joker takes its place there (a straight holding a substitute, bit 1, only).
    ``win_face``: the winning tile is a joker whose kind the straight holds (at its face, bit 3, only where
    another joker of that kind is held)."""
    cdef int8_t g[34]
    cdef int w = c.H.win, t, bits = 14
    memcpy(g, h, 34)
    if c.jix[w] >= 0:                           # (the winning tile is a joker: no real tile taken)
        left -= 2
        if win_face and c.jok[c.jix[w]] < 2:
            bits = 6
    else:
        if g[w] == 0:                           # (the straight's copy goes to the pair, a joker to the straight)
            left -= 1
            bits = 2
            g[w] = 1
        left -= 1                               # (the pair's joker)
        g[w] -= 1
    if left < 0:
        return 0
    t = idle_honor(c, g)
    if t < 0:
        return bits
    g[t] = 2                                    # (the idle pair)
    return bits if face_subs(c, g, n_sets, jl, left) else 0


cdef bint straight_beside(const Aim* A, int s, int p, int z) noexcept nogil:
    """Whether a straight of kind ``s`` (:class:`Aim` ``st``) may be held with the joker pair (``p``) or 捉五
    (``z``): in some suit, the jokers held cover the straight's and the pair's, or 捉五's unless the
    straight is in 万 (its 4m-5m-6m may be 捉五's chow); beside 捉五, where the rest completes
    (:func:`zhuowu_straights`)."""
    cdef int b, sj, other = (A.pair if p else 0) + (2 * (z == 2) + (1 if A.zw_joker else 0) if z else 0)
    for b in range(3):
        if not ((A.stp[b] if p else A.stb[b]) >> s) & 1:
            continue
        if z and not (A.zst[z] >> b) & 1:
            continue
        sj = 0 if s == 2 else A.sjb[b]
        if z and b == 0:
            return True
        if sj + other <= A.total:
            return True
    return False


cdef int aim_out(const Ctx* c, Out* o, int32_t* f, const Aim* A) noexcept nogil:
    """``o``'s aim (see :func:`aim_standard`) from the facts ``f`` of a standard reading and what the
    readings may hold (``A``): the table on each combination, less those no reading can hold (a winning
    tile both in the pair and in 捉五; a number of substitutes the combination cannot have; more jokers
    than held in a straight and the pair, which hold different ones): 1; 0 where every combination fails the
    win conditions (no standard reading passes them), -1 where one needs a value not given (no aim)."""
    cdef int n, u
    cdef bint have = False, kinds = (c.P.aim_kind & AIM_KINDS) != 0, pungs = (c.P.aim_kind & AIM_PUNGS) != 0
    cdef bint flat = False
    cdef uint32_t left = A.subs
    cdef uint64_t done[16]                      # (aim_places: 24 bits a middle combination, read / passed)
    cdef uint64_t free_, fix, part
    cdef int words = (24 * (2 * c.P.rank_n if c.P.aim_kind & AIM_MIDDLE else 1) + 63) >> 6
    memset(done, 0, words * sizeof(uint64_t))
    memset(done + 8, 0, words * sizeof(uint64_t))
    o.hard = -1
    o.mid_ranks = 0
    while left:
        n = mj_ctz64(left)
        left &= left - 1
        f[X_N_SUB] = n
        if not kinds and not pungs and n >= c.P.sub_flat:
            flat = True                         # (aim_places: each combination read once from here on)
        aim_kind_sets(A, n, &fix, &free_)
        part = free_
        while True:                             # the kinds' facts: each subset of those free
            if kinds:
                set_kind_facts(f, fix | part)
            for u in range(2 if (A.pungs >> n) & 1 else 1):
                if pungs:
                    f[X_ALL_PUNGS] = u
                if not aim_places(c, o, f, A, n, &have, done, flat):
                    o.aim = False
                    return -1
            if part == 0:
                break
            part = (part - 1) & free_
    o.aim = have
    return have


cdef void seven_quads(const Ctx* c, int lo, int q0, int p2, uint32_t* qn) noexcept nogil:
    """Bit n of ``qn[q]``: a seven pairs reading of the hand in ``c`` may hold ``q`` kinds four times with ``n``
    substitutes (of the kinds that are no joker kind: ``lo`` odd counts, each a joker's; ``q0`` held three or
    four times, ``p2`` once or twice). The faces past the
    real tiles' even counts (a count of three or four a kind four times) go, two by two, to a real kind held
    once or twice (two more: four times), to each joker kind (0, 2 or 4: its jokers at their face are no
    substitutes) and to kinds held by no tile (pairs and fours); every joker not at its face substitutes."""
    cdef int j, u, v, b, rest, face, q, extra = -lo, most = 4 if c.P.quad_limit >= 2 else 2
    cdef int fj[8]
    qn[0] = qn[1] = qn[2] = qn[3] = 0
    for j in range(c.n_jk):
        extra += c.jok[j]
        fj[j] = 0
    if extra < 0 or extra & 1 or (q0 and most < 4):
        return
    while True:                                 # each joker kind's faces: 0, 2 or 4 (most)
        rest = extra
        face = 0
        q = q0
        for j in range(c.n_jk):
            rest -= fj[j]
            face += min(fj[j], c.jok[j])
            q += fj[j] == 4
        if rest >= 0:
            for u in range(min(p2, rest // 2) + 1 if most == 4 else 1):      # real kinds held four times
                b = rest - 2 * u
                for v in range(b // 4 + 1 if most == 4 else 1):              # kinds of no tile four times
                    if q + u + v <= 3:
                        qn[q + u + v] |= <uint32_t>1 << (extra + lo - face)
        j = 0
        while j < c.n_jk and fj[j] == most:
            fj[j] = 0
            j += 1
        if j == c.n_jk:
            break
        fj[j] += 2


cdef void seven_aim(const Ctx* c, Out* o, int32_t* f, const Aim* A) noexcept nogil:
    """``o``'s seven pairs aim (``s7``: the best a seven pairs reading can score, where the table reads of one
    nothing but its substitutes, kinds, joker pair and kinds held four times, ``P.aim_seven``): the table on
    each number of substitutes, from one for each odd count of a kind that is no joker kind to every joker,
    each combination of the kinds' facts (:func:`aim_out`'s), where read the winning tile paired with a joker
    or not (a real winning tile: with a joker, two more substitutes where its count is even, a copy left
    alone; a joker: with another joker, 双混吊, two jokers beside those of the odd counts) and the kinds held
    four times (:func:`seven_quads`); none where one needs a value not given. ``f``: the standard aim's facts,
    as it came."""
    cdef int n, t, p, q, first, lo = 0, q0 = 0, p2 = 0, wj = c.jix[c.H.win]
    cdef uint64_t free_, fix, part
    cdef uint32_t qn[4]
    cdef bint kinds = (c.P.aim_seven & AIM_KINDS) != 0
    cdef int np_ = 2 if c.P.aim_seven & AIM_PAIR else 1, nq = 4 if c.P.aim_seven & AIM_QUADS else 1
    cdef int32_t g[NF + MAX_GROUPS]
    cdef Eval ev
    o.s7 = False
    o.s7_req = 0
    for t in range(34):
        if c.real[t] and c.jix[t] < 0:
            lo += c.real[t] & 1
            q0 += c.real[t] >= 3
            p2 += c.real[t] <= 2
    seven_quads(c, lo, q0, p2, qn)
    if nq == 1:                                 # (the kinds held four times not read: their numbers of substitutes)
        qn[0] |= qn[1] | qn[2] | qn[3]
    memcpy(g, f, NF * sizeof(int32_t))
    g[X_STANDARD] = 0
    g[X_SEVEN] = 1
    g[X_ZHUOWU] = g[X_ZHUOWU_BOTH] = g[X_STRAIGHT] = g[X_STRAIGHT_NOSUB] = g[X_STRAIGHT_FACE] = 0    # (SEVEN_ZERO)
    g[X_ALL_PUNGS] = g[X_ALL_CHOWS] = g[X_ALL_PUNGS_EXPOSED] = g[X_SETS_TERMINAL] = g[X_WIN_MIDDLE] = 0
    g[X_WIN_JOKER] = is_joker(c, c.H.win)
    for p in range(np_):
        g[X_WIN_PAIR_JOKER] = p and wj < 0
        g[X_WIN_PAIR_JJ] = p and wj >= 0
        first = lo + (2 if p and wj < 0 and not (c.real[c.H.win] & 1) else 0)     # (the fewest substitutes)
        if p and (first if wj < 0 else lo + 2) > A.total:
            break
        for q in range(nq):
            if nq > 1:
                g[X_N_QUADS_HELD] = q
            for n in range(first, A.total + 1):
                if not (qn[q] >> n) & 1:
                    continue
                g[X_N_SUB] = n
                aim_kind_sets(A, n, &fix, &free_)
                part = free_
                while True:
                    if kinds:
                        set_kind_facts(g, fix | part)
                    table_on(c, g, &ev)
                    if ev.missing:
                        o.s7 = False
                        return
                    if ev.failed < 0 and (not o.s7 or beats(ev.total, n, ev.uncapped, ev.first_row,
                                                            o.s7_total, o.s7_sub, o.s7_uncapped, o.s7_first)):
                        o.s7 = True
                        o.s7_total = ev.total
                        o.s7_uncapped = ev.uncapped
                        o.s7_sub = n
                        o.s7_first = ev.first_row
                        o.s7_req = (REQ_SPAIR if wj < 0 else REQ_SJPAIR) if p else 0
                    elif ev.failed < 0 and not beats(o.s7_total, o.s7_sub, o.s7_uncapped, o.s7_first,
                                                     ev.total, n, ev.uncapped, ev.first_row):
                        o.s7_req &= (REQ_SPAIR if wj < 0 else REQ_SJPAIR) if p else 0   # (as good)
                    if part == 0:
                        break
                    part = (part - 1) & free_


cdef void seven_alone(Ctx* c) noexcept nogil:
    """Each result's seven pairs aim (:func:`seven_aim`) where the hand has no standard reading (the kernel's
    check), so no standard aim came before: the hand's facts with each result's situation."""
    cdef int32_t f[NF + MAX_GROUPS]
    cdef Aim A
    cdef int m, j
    A.total = 0
    for j in range(c.n_jk):
        A.total += c.jok[j]
    A.k0 = A.kfix = A.kfree = A.ffix = A.ffree = 0
    if c.P.aim_seven & AIM_KINDS:
        aim_kinds(c, &A)
    memcpy(f, c.hand_f, NF * sizeof(int32_t))
    f[X_THIRTEEN] = f[X_EIGHT] = f[X_KNITTED] = 0
    if c.n_out == 0:
        seven_aim(c, c.out, f, &A)
        return
    for m in range(c.n_out):
        if c.out_on[m]:
            set_situation(f, c.out_flags[m])
            seven_aim(c, c.outs[m], f, &A)


cdef int seven_open(Ctx* c) noexcept nogil:
    """Before seven pairs are read: where every result has a seven pairs aim (:func:`seven_aim`), those whose
    aim beats their best so far are opened with it (the search stops once they have found it), the others
    need no seven pairs reading (none beats their best; none needs a value not given): the number opened, or
    -1 where a result has none (every reading is read)."""
    cdef int m, n = c.n_out if c.n_out else 1, opened = 0
    cdef Out* o
    for m in range(n):
        o = c.outs[m] if c.n_out else c.out
        if (c.n_out == 0 or c.out_on[m]) and not o.s7:
            return -1
    for m in range(n):
        o = c.outs[m] if c.n_out else c.out
        if c.n_out and not c.out_on[m]:
            continue
        if o.status != S_WIN or (o.s7_total > o.total if not c.detail else beats(
                o.s7_total, o.s7_sub, o.s7_uncapped, o.s7_first, o.total, o.n_sub, o.uncapped, o.first_row)):
            o.aim_total = o.s7_total
            o.aim_uncapped = o.s7_uncapped
            o.aim_sub = o.s7_sub
            o.aim_first = o.s7_first
            o.aim = True
            open_out(c, o)
            opened += 1
    return opened


cdef inline bint seven_may(const Ctx* c) noexcept nogil:
    """The kernel's check that the real tiles and the jokers left may make seven pairs (else no seven pairs
    reading, and no seven pairs aim)."""
    return seven_pairs_distance(<const uint8_t*>c.real, c.P.quad_limit == 2) <= avail(c)


cdef void seven_pairs(Ctx* c, int opened) noexcept nogil:
    """The seven pairs readings of the hand holding jokers; ``opened``: :func:`seven_open`'s. Where it opened
    the results left to read (> 0), first only the readings of no more substitutes than their aims hold, as
    the standard search's first pass (:func:`joker_standard`): a reading scoring an aim holds as many, and the
    readings come in the same order; and where every aim pairs the winning tile with a joker (``Out.s7_req``),
    only the readings that do. Where an aim was not found, every reading: over what the bound on substitutes
    kept (a reading scoring alike with it holds as many substitutes, so passed the bound too: it stays the
    first of its score), or, past the joker pair's cut (which left out readings of any score), over the
    results as they were before."""
    cdef Out saved[8]
    cdef int m, n = c.n_out if c.n_out else 1, cap = -1, req = -1, open0 = c.open
    cdef Out* o
    if opened > 0:
        for m in range(n):
            o = c.outs[m] if c.n_out else c.out
            if (c.n_out == 0 or c.out_on[m]) and o.open:
                cap = max(cap, o.aim_sub)
                req &= o.s7_req
        req = req if req > 0 and aim_req else 0
        if 0 <= cap < avail(c) or req:         # (a bound below the jokers, or the pair: some reading left out)
            if req:
                keep_outs(c, saved, False)
            c.sub_cap = cap if cap < avail(c) else NO_CAP
            c.req = req
            c.zdone = 0
            split(c, 0, 7, -1, 0)
            c.req = 0
            c.sub_cap = NO_CAP
            if c.stop:
                return
            if req:
                keep_outs(c, saved, True)
                c.open = open0
    split(c, 0, 7, -1, 0)


cdef inline int pairs_needed(const Ctx* c) noexcept nogil:
    """The pairs the real tiles left take in seven pairs (half of each count, rounded up)."""
    cdef uint64_t m = c.rmask
    cdef int t, n = 0
    while m:
        t = mj_ctz64(m)
        m &= m - 1
        n += (c.real[t] + 1) >> 1
    return n


cdef inline void aim_kind_sets(const Aim* A, int n, uint64_t* fix, uint64_t* free_) noexcept nogil:
    """The kinds' facts every reading with ``n`` substitutes holds (``fix``) and those some may hold (``free_``):
    without a substitute, exactly; with every joker one, or some at their face (:func:`aim_kinds`)."""
    fix[0] = A.k0 if n == 0 else A.kfix if n == A.total else A.ffix
    free_[0] = 0 if n == 0 else A.kfree if n == A.total else A.ffree


cdef inline void set_situation(int32_t* f, uint32_t fl) noexcept nogil:
    """The situation's facts (``X_SELF_DRAWN`` on, :data:`FLAG_NAMES` order) from its flag bits ``fl``."""
    cdef int b
    for b in range(N_FLAGS):
        f[X_SELF_DRAWN + b] = (fl >> b) & 1


cdef inline void set_kind_facts(int32_t* f, uint64_t b) noexcept nogil:
    """The facts of :data:`AIM_KIND_FACTS` from their bits ``b``."""
    f[X_HONORS] = (b >> X_HONORS) & 1
    f[X_TERMINALS] = (b >> X_TERMINALS) & 1
    f[X_ONE_SUIT] = (b >> X_ONE_SUIT) & 1
    f[X_HALF_FLUSH] = (b >> X_HALF_FLUSH) & 1
    f[X_HONORS_ONLY] = (b >> X_HONORS_ONLY) & 1
    f[X_ALL_258] = (b >> X_ALL_258) & 1
    f[X_TERMINALS_ONLY] = (b >> X_TERMINALS_ONLY) & 1
    f[X_ORPHANS_ONLY] = (b >> X_ORPHANS_ONLY) & 1


cdef bint aim_places(const Ctx* c, Out* o, int32_t* f, const Aim* A, int n, bint* have, uint64_t* done,
                     bint flat) noexcept nogil:
    """:func:`aim_out` for ``n`` substitutes and the other facts set in ``f``: each combination of the
    joker pair, 捉五, the straight and the winning tile's place (夾: in the middle of a chow or not, by class of
    its rank: :func:`aim_middle`); False where one needs a value not given."""
    cdef int p, z, s, nm = 2 * c.P.rank_n if c.P.aim_kind & AIM_MIDDLE else 1
    for p in range(2 if A.pmask else 1):        # (the loops stop short where a fact is never held)
        if p and not (A.pmask >> n) & 1:
            continue
        f[X_WIN_PAIR_JOKER] = p and A.pair == 1
        f[X_WIN_PAIR_JJ] = p and A.pair == 2
        for z in range(3 if A.zmask[1] | A.zmask[2] else 1):
            if z and (p or not (A.zmask[z] >> n) & 1):
                continue
            f[X_ZHUOWU] = z == 1
            f[X_ZHUOWU_BOTH] = z == 2
            for s in range(4 if A.st else 1):
                if s and not (A.st >> s) & 1 or (s == 1 and n < A.smin) or (s >= 2 and not (A.sn[s] >> n) & 1):
                    continue
                if s and (p or z) and not straight_beside(A, s, p, z):
                    continue
                if p and s == 1 and n < A.spown + (1 if A.pair == 1 else 0):
                    continue
                f[X_STRAIGHT] = s != 0
                f[X_STRAIGHT_NOSUB] = s >= 2
                f[X_STRAIGHT_FACE] = s == 3
                if nm == 1:
                    if not aim_combo(c, o, f, A, n, have, done, flat, (p * 3 + z) * 4 + s, p, z, s, 0):
                        return False
                elif not aim_middle(c, o, f, A, n, have, done, flat, p, z, s):
                    return False
    return True


cdef bint aim_middle(const Ctx* c, Out* o, int32_t* f, const Aim* A, int n, bint* have, uint64_t* done, bint flat,
                     int p, int z, int s) noexcept nogil:
    """:func:`aim_places`' winning tile's place (AIM_MIDDLE): not in the middle of a chow, its rank's class (a real
    tile: its own), or in it, each class of the ranks 2-8 some reading may hold with ``n`` substitutes (``A.mid``),
    the winning tile a joker or not (as held); False where one needs a value not given."""
    cdef int mc, cls, r, rw = -1 if A.wjoker else (c.H.win % 9 + 1 if c.H.win < 27 else 0)
    cdef int bit = ((p * 3 + z) * 4 + s) * 2 * c.P.rank_n
    cdef uint32_t ms
    f[X_WIN_JOKER] = A.wjoker
    for mc in range(2 * c.P.rank_n):
        cls = c.P.rank_cls[mc % c.P.rank_n]
        ms = 0
        if mc >= c.P.rank_n:                    # (the ranks of the class a middle tile may have)
            for r in range(2, 9):
                if (cls >> r) & 1 and (A.mid[r] >> n) & 1:
                    ms |= 1 << r
            if not ms:
                continue
            f[X_WIN_RANK] = mj_ctz64(ms)
        else:
            if rw >= 0 and not (cls >> rw) & 1:
                continue
            f[X_WIN_RANK] = rw if rw >= 0 else mj_ctz64(cls)
        f[X_WIN_MIDDLE] = mc >= c.P.rank_n
        if not aim_combo(c, o, f, A, n, have, done, flat, bit + mc, p, z, s, ms):
            return False
    return True


cdef inline bint aim_combo(const Ctx* c, Out* o, int32_t* f, const Aim* A, int n, bint* have, uint64_t* done,
                           bint flat, int bit, int p, int z, int s, uint32_t ms) noexcept nogil:
    """The table on one combination of the aim's facts (``f``, ``n`` substitutes; ``p``, ``z``, ``s``: the joker
    pair, 捉五, the straight of :func:`aim_places`; its winning tile the middle of a chow of a rank in ``ms``, or
    not at 0), kept as ``o``'s aim where it beats it, with the REQ_* every reading of it holds; ``o.hard`` keeps
    those of every combination passing the win conditions. Past ``P.sub_flat``
    (``flat``: the table reads any number of substitutes alike, and no kinds' facts vary), a combination read at
    fewer substitutes (its ``bit`` in ``done``; ``done[8:]``: it passed) is not read again: it scores alike with
    more, so neither beats the aim nor equals it. False where it needs a value not given."""
    cdef Eval ev
    cdef int req
    if flat:
        if (done[bit >> 6] >> (bit & 63)) & 1:
            if (done[8 + (bit >> 6)] >> (bit & 63)) & 1:
                o.mid_ranks |= ms
            return True
        done[bit >> 6] |= ONE << (bit & 63)
    table_on(c, f, &ev)                         # (with a memo: the hand's other tiles ask the same, waits)
    if ev.failed >= 0:
        return True
    if ev.missing:
        return False
    if flat:
        done[8 + (bit >> 6)] |= ONE << (bit & 63)
    req = (REQ_PAIR if p and A.pair == 1 else REQ_JPAIR if p else 0) | (
        0 if not z else (REQ_ZJ if z == 1 else 0) if A.zw_joker else REQ_Z | (REQ_Z2 if z == 2 else 0)) | (
        REQ_S if s else 0) | (REQ_PUNGS if c.P.aim_kind & AIM_PUNGS and f[X_ALL_PUNGS] else 0) | (
        REQ_MID if ms else 0)
    o.hard &= req
    o.mid_ranks |= ms
    if not have[0] or beats(ev.total, n, ev.uncapped, ev.first_row, o.aim_total, o.aim_sub, o.aim_uncapped,
                            o.aim_first):
        have[0] = True
        o.aim_total = ev.total
        o.aim_uncapped = ev.uncapped
        o.aim_sub = n
        o.aim_first = ev.first_row
        o.req = req
    elif not beats(o.aim_total, o.aim_sub, o.aim_uncapped, o.aim_first, ev.total, n, ev.uncapped, ev.first_row):
        o.req &= req                            # (as good: the aim's readings hold what both hold)
    return True


cdef void close_outs(Ctx* c) noexcept nogil:
    """No result open, no aim left (the standard readings searched, or an aim missing)."""
    cdef int m
    c.out.aim = c.out.open = False
    for m in range(c.n_out):
        c.outs[m].aim = c.outs[m].open = False
    c.open = 0
    c.stop = False


cdef void joker_std(Ctx* c, int n_sets) noexcept nogil:
    """Every standard reading of a hand holding jokers (see above); the same readings as
    :func:`split`, each once."""
    cdef int t, j, b, left = 0
    cdef uint64_t near = c.real_mask & HONOR_MASK, m
    for b in range(3):                          # the kinds within two ranks of a real tile of the suit
        m = (c.real_mask >> (9 * b)) & 0x1FF
        near |= ((m | (m << 1) | (m << 2) | (m >> 1) | (m >> 2)) & 0x1FF) << (9 * b)
    c.sub_kinds = near & c.P.kinds
    if c.n_jk == 1:                             # its own kind is a face, not a substitute
        c.sub_kinds &= ~(ONE << c.jkind[0])
    c.vpair = -1
    for t in range(34):
        if not ((near | c.H.jmask) >> t) & 1:
            c.vpair = t
            break
    for j in range(c.n_jk):
        left += c.jok[j]
    memcpy(c.real0, c.real, 34)
    memcpy(c.preal, c.real, 34)
    memset(c.pface, 0, 34)
    memset(c.psub, 0, 34)
    c.sub_mask = 0
    c.fixed = 0
    c.placing = True
    c.one_place = not (c.need & NEED_PLACE) and not c.P.every_win_slot
    face_choice(c, 0, n_sets, left, near)
    c.placing = False
    memcpy(c.real, c.real0, 34)
    c.rmask = c.real_mask
    c.ng = 0


# ------------------------------------------------------------------------------------ suit splits
# Every split of a suit's counts into sets (and the pair when it holds 2 mod 3 tiles), built once at
# import: 21,742 suits split, 23,532 splits (at most 4 per suit). A split is one uint32: its groups
# in the order the search places them (by lowest tile, then pair, pung, chow), 5 bits each (rank * 3 +
# shape) from bit 20 down, and their number at bit 25; a suit's splits are sorted, so the readings
# come in the order of the recursive search. The suit's base-5 key finds them by open addressing.
cdef enum:
    SPLIT_BITS = 15
    SPLIT_SLOTS = 1 << SPLIT_BITS
    N_SPLITS = 23532
    SPLIT_ONE = 0x80000000                 # a slot's value holds its suit's one split itself

# a slot: the suit's key (low half; all ones: empty) and, in the high half, its one split | SPLIT_ONE,
# or the first of its splits in split_list << 3 | their number: one load finds most suits' split
cdef uint64_t split_slots[SPLIT_SLOTS]
cdef uint32_t split_list[N_SPLITS]
cdef uint32_t EMPTY_SPLIT = 0              # the split of a suit with no tile: no group


cdef inline uint32_t split_slot(uint32_t key) noexcept nogil:
    return (key * 2654435761u) >> (32 - SPLIT_BITS)


cdef inline const uint32_t* suit_splits(uint32_t key, int* n, uint32_t* one) noexcept nogil:
    """The splits of the suit with base-5 key ``key`` (``n[0]`` of them; 0: it does not split); a
    suit's only split is copied to ``one``."""
    cdef uint32_t i = split_slot(key), v
    cdef uint64_t e = split_slots[i]
    while <uint32_t>e != <uint32_t>~(<uint32_t>0):
        if <uint32_t>e == key:
            v = <uint32_t>(e >> 32)
            if v & SPLIT_ONE:
                one[0] = v ^ SPLIT_ONE
                n[0] = 1
                return one
            n[0] = v & 7
            return &split_list[v >> 3]
        i = (i + 1) & (SPLIT_SLOTS - 1)
        e = split_slots[i]
    n[0] = 0
    return NULL


cdef int _cmp_u64(const void* a, const void* b) noexcept nogil:
    cdef uint64_t x = (<const uint64_t*>a)[0], y = (<const uint64_t*>b)[0]
    return (x > y) - (x < y)


cdef int _build_splits() noexcept nogil:
    """Fill the split tables: every multiset of at most 4 sets (9 pungs, 7 chows) with no pair or
    one, whose counts stay within 4. Returns the number of splits (-1: out of memory)."""
    cdef uint64_t* items = <uint64_t*>malloc(10 * 4845 * sizeof(uint64_t))   # 4845 multisets of sets
    cdef int n_items = 0, n_sets, i, j, k, p, g, ng, x, total = 0
    cdef int pick[4]
    cdef int cnt[9]
    cdef int codes[5]
    cdef uint32_t key, rec, slot, val
    if items == NULL:
        return -1
    memset(split_slots, 0xFF, sizeof(split_slots))
    for n_sets in range(5):
        for i in range(4):
            pick[i] = 0
        while True:
            for p in range(-1, 9):              # -1: no pair
                memset(cnt, 0, sizeof(cnt))
                ng = 0
                for i in range(n_sets):
                    if pick[i] < 9:
                        cnt[pick[i]] += 3
                        codes[ng] = pick[i] * 3 + 1
                    else:
                        for k in range(3):
                            cnt[pick[i] - 9 + k] += 1
                        codes[ng] = (pick[i] - 9) * 3 + 2
                    ng += 1
                if p >= 0:
                    cnt[p] += 2
                    codes[ng] = p * 3
                    ng += 1
                x = 0
                for k in range(9):
                    if cnt[k] > 4:
                        x = 1
                if x or ng == 0:
                    continue
                for i in range(1, ng):          # insertion sort: the search's order of groups
                    g = codes[i]
                    j = i - 1
                    while j >= 0 and codes[j] > g:
                        codes[j + 1] = codes[j]
                        j -= 1
                    codes[j + 1] = g
                rec = <uint32_t>ng << 25
                for i in range(ng):
                    rec |= <uint32_t>codes[i] << (20 - 5 * i)
                key = 0
                for k in range(8, -1, -1):
                    key = key * 5 + cnt[k]
                items[n_items] = (<uint64_t>key << 32) | rec
                n_items += 1
            # the next multiset of n_sets sets (non-decreasing picks of 16 set kinds)
            i = n_sets - 1
            while i >= 0 and pick[i] == 15:
                i -= 1
            if i < 0:
                break
            pick[i] += 1
            for j in range(i + 1, n_sets):
                pick[j] = pick[i]
    if n_items != N_SPLITS:
        free(items)
        return n_items
    qsort(items, n_items, sizeof(uint64_t), _cmp_u64)
    i = 0
    while i < n_items:
        key = <uint32_t>(items[i] >> 32)
        slot = split_slot(key)
        while <uint32_t>split_slots[slot] != <uint32_t>~(<uint32_t>0):
            slot = (slot + 1) & (SPLIT_SLOTS - 1)
        j = i
        while j < n_items and <uint32_t>(items[j] >> 32) == key:
            split_list[total + j - i] = <uint32_t>items[j]
            j += 1
        if j - i == 1:
            val = <uint32_t>items[i] | SPLIT_ONE
        else:
            val = (<uint32_t>total << 3) | <uint32_t>(j - i)
        split_slots[slot] = (<uint64_t>val << 32) | key
        total += j - i
        i = j
    free(items)
    return total


_n_splits = _build_splits()
if _n_splits != N_SPLITS:
    raise ImportError(f"mjcore.engine: the suit split tables hold {_n_splits} splits, not {N_SPLITS}")


def _free_class(int feat, int t, bint chow, bint holds_win):
    """For the tests: the class :func:`free_candidates` puts the free pung / pair of kind ``t`` (or the
    free chow starting at ``t``) in, for a program reading ``feat`` (the ``FACT_FEATURES`` of its facts,
    or-ed); ``holds_win``: the group holds the winning tile (a joker kind). Every suit may hold a straight."""
    feat = hand_feat(feat, holds_win)
    return chow_key(feat, t, 7) if chow else pung_key(feat, t)


def _splits_of(counts):
    """The splits of one suit's nine counts, as the engine stores them (for the tests):
    ``[((rank, shape), ...), ...]`` with shape 0 pair, 1 pung, 2 chow.

    >>> _splits_of([1, 1, 1, 1, 1, 1, 0, 0, 0])
    [((0, 2), (3, 2))]
    """
    cdef uint32_t key = 0, one
    cdef int n, i, k
    cdef const uint32_t* sp
    if len(counts) != 9 or any(not 0 <= x <= 4 for x in counts):
        raise ValueError("_splits_of: nine counts of 0-4")
    for k in range(8, -1, -1):
        key = key * 5 + counts[k]
    sp = suit_splits(key, &n, &one)
    out = []
    for i in range(n):
        out.append(tuple(divmod((sp[i] >> (20 - 5 * k)) & 31, 3) for k in range((sp[i] >> 25) & 7)))
    return out


cdef void split_blocks(Ctx* c, int n_sets, int n_pairs, const uint32_t* keys) noexcept nogil:
    """:func:`split_plain` for the standard form from the split tables (every count within 4, the
    pair's block known: ``c.pair_block``, -1 when ``n_pairs`` is 0 and every block a multiple of 3):
    every split, in the search's order. ``keys``: the suits' base-5 keys of ``c.real`` (NULL: computed)."""
    cdef const uint32_t* sp[3]
    cdef int nsp[3]
    cdef int b, t, x, groups = 0, pairs = 0, i0, i1, i2, ng0, ng1
    cdef uint32_t key
    cdef uint32_t one[3]
    cdef int8_t hon[7]
    for b in range(3):
        key = keys[b] if keys != NULL else suit_key(<const uint8_t*>c.real + 9 * b)
        if key == 0:
            nsp[b] = 1
            sp[b] = &EMPTY_SPLIT
        else:
            sp[b] = suit_splits(key, &nsp[b], &one[b])
            if nsp[b] == 0:
                return
            groups += (sp[b][0] >> 25) & 7
    for t in range(7):
        x = c.real[27 + t]
        if x == 1 or x >= 4:
            return
        hon[t] = x
        groups += x != 0
        pairs += x == 2
    if groups != n_sets + n_pairs or pairs != (c.pair_block == 3):   # the sets and the pair
        return
    for i0 in range(nsp[0]):
        c.ng = 0
        put_split(c, sp[0][i0], 0)
        ng0 = c.ng
        for i1 in range(nsp[1]):
            c.ng = ng0
            put_split(c, sp[1][i1], 9)
            ng1 = c.ng
            for i2 in range(nsp[2]):
                if c.stop:
                    break
                c.ng = ng1
                put_split(c, sp[2][i2], 18)
                for t in range(7):
                    if hon[t]:
                        put_group(c, G_PAIR if hon[t] == 2 else G_PUNG, 27 + t)
                leaf(c)
    c.ng = 0


cdef inline void put_group(Ctx* c, int kind, int t) noexcept nogil:
    cdef Grp* g = &c.g[c.ng]
    g.kind = kind
    if kind == G_PAIR:
        g.n = 2
        g.rep[0] = g.rep[1] = g.phys[0] = g.phys[1] = t
    elif kind == G_PUNG:
        g.n = 3
        g.rep[0] = g.rep[1] = g.rep[2] = g.phys[0] = g.phys[1] = g.phys[2] = t
    else:
        g.n = 3
        g.rep[0] = g.phys[0] = t
        g.rep[1] = g.phys[1] = t + 1
        g.rep[2] = g.phys[2] = t + 2
    c.ng += 1


cdef inline void put_split(Ctx* c, uint32_t rec, int base) noexcept nogil:
    cdef int i, code
    for i in range((rec >> 25) & 7):
        code = (rec >> (20 - 5 * i)) & 31
        put_group(c, G_PAIR + code % 3, base + code // 3)


cdef inline void take_plain(Ctx* c, int t, int n) noexcept nogil:
    c.real[t] -= n
    if c.real[t] == 0:
        c.rmask ^= ONE << t


cdef inline void give_plain(Ctx* c, int t, int n) noexcept nogil:
    c.real[t] += n
    c.rmask |= ONE << t


cdef void split_plain(Ctx* c, int n_sets, int n_pairs, int at, int shape) noexcept nogil:
    """:func:`split` without jokers: the lowest tile left starts a pair, a pung or a chow (in that
    order when several groups start at one tile: ``(at, shape)`` is the tile and shape of the last
    group placed). The pair of the standard form lies in ``c.pair_block`` (see :func:`pair_block`)."""
    cdef Grp* g
    cdef int t
    if c.rmask == 0:
        if n_sets == 0 and n_pairs == 0:
            leaf(c)
        return
    t = mj_ctz64(c.rmask)
    if t != at:
        shape = 0
    g = &c.g[c.ng]
    if n_pairs and c.real[t] >= 2 and shape <= 0 and (c.form != FORM_STD or t // 9 == c.pair_block):
        g.kind = G_PAIR
        g.n = 2
        g.rep[0] = g.rep[1] = g.phys[0] = g.phys[1] = t
        take_plain(c, t, 2)
        c.ng += 1
        split_plain(c, n_sets, n_pairs - 1, t, 0)
        c.ng -= 1
        give_plain(c, t, 2)
    if n_sets and c.real[t] >= 3 and shape <= 1:
        g.kind = G_PUNG
        g.n = 3
        g.rep[0] = g.rep[1] = g.rep[2] = g.phys[0] = g.phys[1] = g.phys[2] = t
        take_plain(c, t, 3)
        c.ng += 1
        split_plain(c, n_sets - 1, n_pairs, t, 1)
        c.ng -= 1
        give_plain(c, t, 3)
    if n_sets and t < 27 and t % 9 <= 6 and c.real[t + 1] and c.real[t + 2]:
        g.kind = G_CHOW
        g.n = 3
        g.rep[0] = g.phys[0] = t
        g.rep[1] = g.phys[1] = t + 1
        g.rep[2] = g.phys[2] = t + 2
        take_plain(c, t, 1)
        take_plain(c, t + 1, 1)
        take_plain(c, t + 2, 1)
        c.ng += 1
        split_plain(c, n_sets - 1, n_pairs, t, 2)
        c.ng -= 1
        give_plain(c, t, 1)
        give_plain(c, t + 1, 1)
        give_plain(c, t + 2, 1)


cdef inline int block_sizes(const uint8_t* h, int* n) noexcept nogil:
    """The tiles in each block of the counts ``h`` (suits 0-2, honors 3) into ``n``, eight counts per
    multiply (exact while a block's eight counts sum below 256: up to 8 copies a kind); their total."""
    cdef uint64_t w
    cdef int b
    for b in range(3):
        memcpy(&w, h + 9 * b, 8)
        n[b] = <int>((w * 0x0101010101010101ULL) >> 56) + h[9 * b + 8]
    memcpy(&w, h + 26, 8)
    n[3] = <int>((w * 0x0101010101010101ULL) >> 56) - h[26]
    return n[0] + n[1] + n[2] + n[3]


cdef inline bint big_blocks(const uint8_t* h) noexcept nogil:
    """A block of the counts ``h`` holds more than 14 tiles (five sets of one suit: 16-tile play),
    past what the split tables hold."""
    cdef int n[4]
    block_sizes(h, n)
    return n[0] > 14 or n[1] > 14 or n[2] > 14 or n[3] > 14


cdef inline int pair_block_of(const int* n, int n_pairs) noexcept nogil:
    """The block that must hold the pair of a standard reading with block sizes ``n``: the one block
    of 2 mod 3 tiles, every other a multiple of 3; -1 when every block is a multiple of 3; -2 when no
    standard reading with ``n_pairs`` (0 or 1) pairs fits."""
    cdef int b, r, pb = -1
    for b in range(4):
        r = n[b] % 3
        if r == 1 or (r == 2 and (n_pairs == 0 or pb >= 0)):
            return -2
        if r == 2:
            pb = b
    return pb


cdef inline int pair_block(const uint8_t* h) noexcept nogil:
    """The block (suit 0-2, honors 3) that must hold the pair of a standard reading of the counts
    ``h``; -1 when there is no such block (no standard reading)."""
    cdef int n[4]
    cdef int pb
    block_sizes(h, n)
    pb = pair_block_of(n, 1)
    return pb if pb >= 0 else -1


cdef inline int odd_counts(const uint8_t* h) noexcept nogil:
    """The number of odd counts among the 34 (eight at a time)."""
    cdef uint64_t w
    cdef int i, n = (h[32] & 1) + (h[33] & 1)
    for i in range(4):
        memcpy(&w, h + 8 * i, 8)
        n += mj_popcount64(w & 0x0101010101010101ULL)
    return n


cdef inline int sets_distance(const Ctx* c, Lookup* L, int n_sets, int n_pairs) noexcept nogil:
    """The kernel's unbounded distance of the keys ``L`` (the real tiles left, or fewer) to ``n_sets`` sets and
    ``n_pairs`` (0 or 1) pair. With no pair, a pair is added of an honour no real tile left is of: its two tiles
    can only be the pair (in a pung they take a joker more than a pair elsewhere made a pung), so the distance is
    the sets' own; where every honour is held, the distance with a pair, less two (a relaxation)."""
    cdef uint64_t idle
    if n_pairs:
        return std_udistance(get_tables(), L, n_sets)
    idle = ~c.rmask & HONOR_MASK
    if idle:
        L.key[3] += 2 * POW5[mj_ctz64(idle) - 27]
        return std_udistance(get_tables(), L, n_sets)
    return std_udistance(get_tables(), L, n_sets) - 2


cdef inline bint feasible(const Ctx* c, int n_sets, int n_pairs) noexcept nogil:
    """Whether the real tiles left and the free jokers may still make ``n_sets`` sets and
    ``n_pairs`` pairs, by the kernel's distance tables (:func:`sets_distance`; a relaxation: jokers of any
    kind, any number of copies). Prunes the search only."""
    cdef Lookup L
    cdef int a = avail(c), w
    if n_pairs > 1:                             # seven pairs: a joker for every odd count
        return odd_counts(<const uint8_t*>c.real) <= a
    L.key[0] = c.rkey[0]                        # (std_udistance reads the keys only)
    L.key[1] = c.rkey[1]
    L.key[2] = c.rkey[2]
    L.key[3] = c.rkey[3]
    if n_pairs and c.req & (REQ_PAIR | REQ_JPAIR):  # (the pair every aim needs, not placed: the sets beside it)
        if c.req & REQ_PAIR:                    # the winning tile and a joker
            w = c.H.win
            L.key[w // 9] -= POW5[w % 9]
            return sets_distance(c, &L, n_sets, 0) <= a - 1
        return sets_distance(c, &L, n_sets, 0) <= a - 2      # two jokers alone
    return sets_distance(c, &L, n_sets, n_pairs) <= a


cdef bint straight_left(const Ctx* c) noexcept nogil:
    """Whether a straight may still be held (REQ_S): in a suit of ``c.st_suits``, its thirds not placed (nor
    declared) need no more jokers than are left, one for each of their kinds with no real tile left."""
    cdef int b, d, s, need
    cdef uint32_t have = c.chows | c.meld_chow_starts
    for b in range(3):
        if not (c.st_suits >> b) & 1:
            continue
        need = 0
        for d in range(0, 9, 3):
            s = 9 * b + d
            if not (have >> s) & 1:
                need += (c.real[s] == 0) + (c.real[s + 1] == 0) + (c.real[s + 2] == 0)
        if need <= avail(c):
            return True
    return False


cdef void split(Ctx* c, int n_sets, int n_pairs, int at, int shape) noexcept nogil:
    """Every way to split the real tiles left (and jokers) into ``n_sets`` sets and ``n_pairs`` pairs.

    The groups holding the lowest real tile are placed in the order of their shapes (pair 0, pung
    1, chows 2-4 by start), so that a split is found once, not once per order of its groups;
    ``(at, shape)``: the tile and shape of the last group placed."""
    cdef int t = -1, i, s, base
    cdef int8_t rep[3]
    cdef int8_t phys[3]
    cdef uint64_t km
    if c.req:                                   # (what every aim needs, out of reach: c.req)
        if c.req & REQ_PAIR and n_pairs and not c.real[c.H.win] or c.req & REQ_Z and not c.zdone and not c.real[4] \
                or c.req & REQ_ZJ and not c.zdone and not c.real[3] and not c.real[5] \
                or c.req & REQ_S and not straight_left(c) \
                or c.req & REQ_SPAIR and not c.zdone and not c.real[c.H.win] \
                or c.req & REQ_SJPAIR and pairs_needed(c) >= n_pairs \
                or c.req & REQ_MID and not c.zdone and (avail(c) <= 0 if is_joker(c, c.H.win) else not c.real[c.H.win]):
            return
    c.n_nodes += 1
    if c.rmask:
        t = mj_ctz64(c.rmask)
    if t < 0:
        free_groups(c, n_sets, n_pairs, 0, 0)
        return
    if not feasible(c, n_sets, n_pairs):
        return
    if at != t:
        shape = 0
    if n_pairs and shape <= 0 and not (c.req & REQ_JPAIR) and (t == c.H.win or not (c.req & REQ_PAIR)):
        rep[0] = rep[1] = t
        fill(c, G_PAIR, 2, rep, 0, 0, -1, phys, n_sets, n_pairs - 1, t, 0)
    if n_sets and shape <= 1:
        rep[0] = rep[1] = rep[2] = t
        fill(c, G_PUNG, 3, rep, 0, 0, -1, phys, n_sets - 1, n_pairs, t, 1)
    if n_sets and not (c.req & REQ_PUNGS):
        if t < 27:
            base = t - t % 9
            km = c.P.kinds | (ONE << t)
            for s in range(t - 2, t + 1):
                if s < base or s > base + 6 or 2 + s - (t - 2) < shape:
                    continue
                if not ((km >> s) & 1 and (km >> (s + 1)) & 1 and (km >> (s + 2)) & 1):
                    continue
                rep[0] = s
                rep[1] = s + 1
                rep[2] = s + 2
                fill(c, G_CHOW, 3, rep, t - s, 0, -1, phys, n_sets - 1, n_pairs, t, 2 + s - (t - 2))


cdef void orphans(Ctx* c, int dup) noexcept nogil:
    """Thirteen orphans with ``dup`` the doubled orphan; jokers fill the holes."""
    cdef int i, t, need, holes = 0, left = 0, j
    for i in range(34):
        if c.real[i] and not ((ORPHAN_MASK >> i) & 1):
            return
    for i in range(13):
        t = ORPHANS[i]
        need = 1 + (t == dup)
        if c.real[t] > need:
            return
        if c.real[t] < need and not ((c.P.kinds >> t) & 1):
            return
        holes += need - c.real[t]
    for j in range(c.n_jk):
        left += c.jok[j]
    if holes != left:
        return
    c.ng = 13
    for i in range(13):
        t = ORPHANS[i]
        c.g[i].kind = G_PAIR if t == dup else G_SINGLE
        c.g[i].n = 1 + (t == dup)
        for j in range(c.g[i].n):
            c.g[i].rep[j] = t
            c.g[i].phys[j] = t
    orphan_holes(c, 0, 0, 0)
    c.ng = 0


cdef void orphan_holes(Ctx* c, int gi, int slot, int last) noexcept nogil:
    """The holes of thirteen orphans: a joker at its own face (1) or substituting (2), ascending."""
    cdef int j, t
    cdef Grp* g
    if gi == c.ng:
        finish(c)
        return
    g = &c.g[gi]
    t = g.rep[0]
    if slot == g.n:
        orphan_holes(c, gi + 1, 0, 0)
        return
    if slot < c.real[t]:
        g.phys[slot] = t
        orphan_holes(c, gi, slot + 1, 0)
        return
    if avail(c) <= 0:
        return
    j = jidx(c, t)
    if j >= 0 and c.jok[j] > 0 and last <= 1:
        c.jok[j] -= 1
        g.phys[slot] = t
        orphan_holes(c, gi, slot + 1, 1)
        c.jok[j] += 1
    c.subs += 1
    g.phys[slot] = SUB
    orphan_holes(c, gi, slot + 1, 2)
    c.subs -= 1
    g.phys[slot] = t


cdef int8_t KNIT_PERM[6][3]
KNIT_PERM[0][:] = [0, 1, 2]
KNIT_PERM[1][:] = [0, 2, 1]
KNIT_PERM[2][:] = [1, 0, 2]
KNIT_PERM[3][:] = [1, 2, 0]
KNIT_PERM[4][:] = [2, 0, 1]
KNIT_PERM[5][:] = [2, 1, 0]


cdef void knitted(Ctx* c) noexcept nogil:
    """14 distinct tiles, each a tile of one knitting (147, 258 and 369 in three different suits) or
    an honor of ``P.knit_honors`` (徐州 亂牌): real tiles once each, jokers in kinds none holds, every
    choice of those kinds (one single group per tile; the jokers' places as thirteen orphans')."""
    cdef const Prog* P = c.P
    cdef int p, s, r, i, t, n, jk = 0, real = 0
    cdef uint64_t allowed, free, pick, m
    for t in range(34):
        if c.real[t] > 1:
            return
        real += c.real[t]
    for i in range(c.n_jk):
        jk += c.jok[i]
    if real + jk != 14:
        return
    for p in range(6):
        allowed = P.knit_honors
        for s in range(3):
            r = KNIT_PERM[p][s]
            for i in range(3):
                allowed |= ONE << (9 * s + r + 3 * i)
        if c.real_mask & ~allowed:
            continue
        free = allowed & ~c.real_mask & P.kinds
        if mj_popcount64(free) < jk:
            continue
        # every set of jk kinds among the free ones (the lowest set first, then the next by Gosper's rule)
        if jk == 0:
            pick = 0
        else:
            pick = first_subset(free, jk)
        while True:
            n = 0
            c.form = FORM_KNIT
            m = c.real_mask | pick
            while m:
                t = mj_ctz64(m)
                m &= m - 1
                c.g[n].kind = G_SINGLE
                c.g[n].n = 1
                c.g[n].rep[0] = t
                c.g[n].phys[0] = t
                n += 1
            c.ng = n
            orphan_holes(c, 0, 0, 0)
            c.ng = 0
            if jk == 0:
                break
            pick = next_subset(free, pick)
            if pick == 0:
                break


cdef void knitted_pair(Ctx* c) noexcept nogil:
    """通称 十三不靠: the nine tiles of one knitting (147, 258 and 369 in three different suits) once
    each and five honours of four kinds, one of them twice (the pair); no jokers."""
    cdef int p, s, r, i, t, n = 0, kinds = 0, pair = -1
    cdef uint64_t knit
    for t in range(27, 34):
        if c.real[t] == 2:
            if pair >= 0:
                return
            pair = t
        elif c.real[t] > 2:
            return
        if c.real[t]:
            kinds += 1
    if pair < 0 or kinds != 4:
        return
    for p in range(6):
        knit = 0
        for s in range(3):
            r = KNIT_PERM[p][s]
            for i in range(3):
                knit |= ONE << (9 * s + r + 3 * i)
        if (c.real_mask & ~HONOR_MASK) != knit:
            continue
        for t in range(27):
            if c.real[t] > 1:
                return
        for t in range(34):
            if c.real[t] == 0:
                continue
            c.g[n].kind = G_PAIR if t == pair else G_SINGLE
            c.g[n].n = c.real[t]
            for i in range(c.real[t]):
                c.g[n].rep[i] = t
                c.g[n].phys[i] = t
            n += 1
        c.ng = n
        c.form = FORM_KNIT_PAIR
        finish(c)
        c.ng = 0
        return


cdef inline uint64_t first_subset(uint64_t within, int k) noexcept nogil:
    """The ``k`` lowest bits of ``within``."""
    cdef uint64_t out = 0, m = within
    cdef int i
    for i in range(k):
        out |= m & (~m + 1)
        m &= m - 1
    return out


cdef inline uint64_t next_subset(uint64_t within, uint64_t cur) noexcept nogil:
    """The next subset of ``within`` with as many bits as ``cur`` (in the order of the compressed
    bits), 0 after the last."""
    cdef int pos[64]
    cdef int n = 0, k = 0, i, j
    cdef uint64_t m = within, out
    cdef int sel[64]
    while m:
        pos[n] = mj_ctz64(m)
        sel[n] = (cur >> pos[n]) & 1
        k += sel[n]
        m &= m - 1
        n += 1
    # the lowest selected bit that can move up one place
    i = -1
    for j in range(n - 1):
        if sel[j] and not sel[j + 1]:
            i = j
            break
    if i < 0:
        return 0
    sel[i] = 0
    sel[i + 1] = 1
    # the selected bits below i drop to the bottom
    k = 0
    for j in range(i):
        k += sel[j]
        sel[j] = 0
    for j in range(k):
        sel[j] = 1
    out = 0
    for j in range(n):
        if sel[j]:
            out |= ONE << pos[j]
    return out


cdef void eight_pairs(Ctx* c) noexcept nogil:
    """Eight pairs and a single (16-tile play, no joker tile held): one odd count, the pairs of every
    count (four of a kind: two pairs where the rule set allows it)."""
    cdef int t, x, k, odd = -1
    for t in range(34):
        x = c.real[t]
        if x & 1:
            if odd >= 0:
                return
            odd = t
        if x >= 4 and c.P.quad_limit < 2:
            return
    if odd < 0:
        return
    c.ng = 0
    for t in range(34):
        for k in range(c.real[t] // 2):
            push_same(c, G_PAIR, 2, t)
    push_same(c, G_SINGLE, 1, odd)
    c.form = FORM_EIGHT
    finish(c)
    c.ng = 0


cdef inline void push_same(Ctx* c, int kind, int n, int t) noexcept nogil:
    """A group of ``n`` real tiles of kind ``t``."""
    cdef Grp* g = &c.g[c.ng]
    cdef int i
    g.kind = kind
    g.n = n
    for i in range(n):
        g.rep[i] = t
        g.phys[i] = t
    c.ng += 1


cdef void any_shape(Ctx* c, bint honors) noexcept nogil:
    """A win in any shape: one group of every concealed tile, each joker at its own face. ``honors``:
    a hand of honors only (风一色; a suited joker reads as 东); else a hand holding the rule set's
    number of jokers (温州 三財神)."""
    cdef int i, j, k, n = 0
    cdef int8_t saved[8]
    cdef Grp* g = &c.g[0]
    if honors:
        for i in range(27):
            if c.real[i]:
                return
        for i in range(c.H.n_melds):
            if c.H.mtile[i] < 27:
                return
    g.kind = G_ANY
    for i in range(0 if not honors else 27, 34):
        for k in range(c.real[i]):
            g.rep[n] = i
            g.phys[n] = i
            n += 1
    for j in range(c.n_jk):
        for k in range(c.jok[j]):
            g.rep[n] = c.jkind[j] if c.jkind[j] >= 27 or not honors else 27
            g.phys[n] = c.jkind[j]
            n += 1
    g.n = n
    c.ng = 1
    c.form = FORM_ANY
    memcpy(saved, c.jok, sizeof(saved))
    memset(c.jok, 0, sizeof(saved))             # every joker placed (with its kind) in the group
    finish(c)
    memcpy(c.jok, saved, sizeof(saved))
    c.ng = 0


cdef void setup_meta(Ctx* c, const Prog* P, const Hand* H) noexcept nogil:
    """The set-up no count reads: the declared melds summarised and their facts in ``c.hand_f``
    (a waiting hand does this once for all its winning tiles: :func:`score_wait`)."""
    cdef int i, m, k, t
    c.P = P
    c.H = H
    memset(c.hand_f, 0, NBITS * sizeof(int32_t))             # (two inlined stores: see reading_facts)
    memset(c.hand_f + NBITS, 0, (NF - NBITS) * sizeof(int32_t))
    memset(c.meld_counts, 0, sizeof(c.meld_counts))
    c.meld_kinds = 0
    c.meld_pungs_dragon = c.meld_pungs_wind = c.meld_seat = c.meld_round = 0
    c.meld_chows = c.meld_pungs = 0
    c.meld_yaojiu = 0
    c.meld_all_exposed = 1
    c.meld_sets_terminal = 1
    c.meld_sets_five = 1
    c.meld_ankan = 0
    c.meld_pung_ranks = 0
    memset(c.meld_chow_n, 0, sizeof(c.meld_chow_n))
    c.meld_chow_starts = 0
    for m in range(H.n_melds):
        k = H.mkind[m]
        t = H.mtile[m]
        if k == M_CHI:
            c.meld_chows += 1
            c.meld_chow_starts |= <uint32_t>1 << t
            c.meld_chow_n[t] += 1
            if t % 9 != 0 and t % 9 != 6:
                c.meld_sets_terminal = 0
            if t % 9 < 2 or t % 9 > 4:
                c.meld_sets_five = 0
            c.hand_f[X_N_CHI] += 1
            c.hand_f[X_N_OPEN] += 1
            c.meld_all_exposed = 0
            for i in range(3):
                c.meld_kinds |= ONE << (t + i)
                c.meld_counts[t + i] += 1
                if (H.jmask >> (t + i)) & 1:
                    c.hand_f[X_JOKERS_HELD] = 1
        else:
            c.meld_pungs += 1
            c.meld_kinds |= ONE << t
            if not (ORPHAN_MASK >> t) & 1:
                c.meld_sets_terminal = 0
            if t >= 27 or t % 9 != 4:
                c.meld_sets_five = 0
            if t < 27:
                c.meld_pung_ranks |= <uint32_t>1 << t
            c.meld_counts[t] += 3 if k == M_PON else 4
            if (ORPHAN_MASK >> t) & 1:
                c.meld_yaojiu += 1
            if t >= 31:
                c.meld_pungs_dragon += 1
            elif t >= 27:
                c.meld_pungs_wind += 1
            if t == H.seat:
                c.meld_seat = 1
            if t == H.round_:
                c.meld_round = 1
            if (H.jmask >> t) & 1:
                c.hand_f[X_JOKERS_HELD] = 1
                if k != M_ANKAN:
                    c.hand_f[X_JOKER_MELDED] = 1
            if k == M_ANKAN:
                c.hand_f[X_N_ANKAN] += 1
                c.meld_ankan += 1
                c.meld_all_exposed = 0
            else:
                c.hand_f[X_N_OPEN] += 1
                if k != M_PON:
                    c.hand_f[X_N_MINGANG] += 1
    c.meld_jokers = c.hand_f[X_JOKERS_HELD]
    if H.n_melds == P.n_sets and c.hand_f[X_N_ANKAN] == 0:
        c.hand_f[X_ALL_MELDS_OPEN] = 1
    c.hand_f[X_N_KONGS] = c.hand_f[X_N_ANKAN] + c.hand_f[X_N_MINGANG]
    c.hand_f[X_N_MELDS] = H.n_melds


cdef inline void reset_out(Out* o, int face) noexcept nogil:
    """``o`` before any reading: incomplete."""
    o.aim = o.open = o.s7 = o.reached = False
    o.face = face
    o.status = S_INCOMPLETE
    o.total = 0
    o.n_sub = 0
    o.uncapped = 0
    o.failed = -1
    o.missing = 0
    o.ng = 0


cdef void setup_counts(Ctx* c, Out* o) noexcept nogil:
    """The set-up of the counts ``c.H.counts`` (winning tile ``c.H.win`` included, situation
    ``c.H.flags``), after :func:`setup_meta` of its melds; the result goes to ``o``."""
    cdef const Prog* P = c.P
    cdef const Hand* H = c.H
    cdef int i, m, t, total_j = 0, x, odd = 0, over4
    cdef uint64_t nz, jm
    c.out = o
    reset_out(o, H.face)
    c.ng = 0
    c.n_jk = 0
    memset(c.jix, -1, 34)
    memset(c.jok, 0, 8)
    c.subs = 0
    c.real_mask = 0
    for i in range(N_FLAGS):
        c.hand_f[X_SELF_DRAWN + i] = (H.flags >> i) & 1
    c.hand_f[X_CONTEXT] = (H.flags >> CONTEXT_SHIFT) & 15
    c.hand_f[X_N_BONUS] = (H.flags >> BONUS_SHIFT) & 63
    mj_counts_summary(H.counts, &nz, &x, &over4, &odd)
    memcpy(c.pre, H.counts, 34)
    if (nz & H.jmask) == 0:                     # no joker tile held
        memcpy(c.real, H.counts, 34)
        c.real_mask = nz
        c.rmask = nz
        c.even = not odd
        c.pair_block = pair_block(H.counts)
        c.past4 = over4
        c.big = P.n_sets > 4 and big_blocks(H.counts)
    else:                                       # the joker kinds held out of the real counts (ascending)
        memcpy(c.real, H.counts, 34)
        jm = nz & H.jmask
        while jm:
            i = mj_ctz64(jm)
            jm &= jm - 1
            c.real[i] = 0
            c.jkind[c.n_jk] = i
            c.jix[i] = c.n_jk
            c.jok[c.n_jk] = H.counts[i]
            total_j += H.counts[i]
            c.n_jk += 1
        c.real_mask = nz & ~H.jmask
        mj_counts_summary(<const uint8_t*>c.real, &jm, &x, &t, &odd)   # (the real tiles' parity alone)
        c.even = not odd
        c.past4 = over4
        c.rmask = c.real_mask
        block_keys(<const uint8_t*>c.real, c.rkey)
    c.pre[H.win] -= 1
    # the winning tile's kind: copies among the concealed tiles (暗四归一: 4), a pon of it declared (明四归一)
    c.hand_f[X_WIN_KIND_HELD] = H.counts[H.win]
    c.hand_f[X_WIN_KIND_PONGED] = 0
    for m in range(H.n_melds):
        if H.mkind[m] == M_PON and H.mtile[m] == H.win:
            c.hand_f[X_WIN_KIND_PONGED] = 1
    # a reading may exceed four of a kind only with jokers or a virtual fifth copy (waits)
    c.over4 = c.n_jk != 0 or over4 != 0
    for m in range(H.n_melds):
        t = H.mtile[m]
        for i in range(3 if H.mkind[m] == M_CHI else 1):
            if H.counts[t + i] + c.meld_counts[t + i] > 4:
                c.over4 = True
    if c.n_jk == 0:                             # every reading holds the hand's own kinds and counts
        kind_facts(c, c.meld_kinds | c.real_mask, c.hand_f)
        if c.need & NEED_HELD:
            c.hand_f[X_N_QUADS_HELD] = mj_popcount64(four_mask(H.counts))
            x = 0
            for m in range(H.n_melds):
                if H.mkind[m] == M_PON and H.counts[H.mtile[m]]:
                    x += 1
            c.hand_f[X_N_PON_FOURTH] = x
    c.hand_f[X_JOKERS_HELD] = c.meld_jokers or total_j != 0
    c.hand_f[X_N_JOKERS] = total_j             # among the concealed tiles (温州 三財神: 手中有3張)
    free_candidates(c, total_j, nz)            # kinds for jokers alone (a free group takes two jokers at least)


cdef inline void kernel_ctx(const Prog* P, int n_melds, int jokers, KCtx* k) noexcept nogil:
    """The kernel's context for the rule set's shapes: its forms, ``n_melds`` melds, ``jokers``
    jokers of any kind that may be copies beyond the fourth."""
    k.forms = FORM_STANDARD
    if P.seven_pairs and n_melds == 0:
        k.forms |= FORM_SEVEN_PAIRS
    if P.thirteen and n_melds == 0:
        k.forms |= FORM_THIRTEEN_ORPHANS
    k.melds = n_melds
    k.quads = P.quad_limit == 2
    k.thirteen_play = True
    k.jokers = jokers
    k.fifth = True


cdef bint standard_may(const Ctx* c, int n_sets) noexcept nogil:
    """Whether the hand in ``c`` may have a standard reading: the kernel's unbounded distance of its real
    tiles (``c.rkey``, the set-up's keys: counts 0-4) within its jokers, which stand for any kind (their
    own face too) and for copies beyond the fourth; a count past four is outside the tables: yes."""
    cdef Lookup L
    if c.past4:
        return True
    L.key[0] = c.rkey[0]                        # (std_udistance reads the keys only)
    L.key[1] = c.rkey[1]
    L.key[2] = c.rkey[2]
    L.key[3] = c.rkey[3]
    return std_udistance(get_tables(), &L, n_sets) <= avail(c)


cdef bint maybe_complete(const Ctx* c, int n_sets) noexcept nogil:
    """The kernel's win check, a superset of the readings (a joker there stands for any kind and
    for copies beyond the fourth): a hand it rejects has no reading (after :func:`standard_may`: the
    other forms)."""
    cdef KCtx k
    cdef uint8_t h[34]
    cdef int i, j = avail(c)
    cdef bint fifth = False
    for i in range(34):
        h[i] = c.real[i]
        fifth |= h[i] > 4
    if fifth:          # a copy beyond the fourth: outside the kernel's tables (counts 0-4), so no rejection
        return True
    kernel_ctx(c.P, c.H.n_melds, j, &k)
    return hand_complete(get_tables(), h, n_sets, &k)


cdef uint64_t wait_candidates(const Prog* P, const uint8_t* counts, int n_melds, uint64_t jmask,
                              bint* checked=NULL) noexcept nogil:
    """The kinds ``t`` for which ``counts`` + one ``t`` (a 3M+1 hand) may be complete, from the kernel's
    wait tables in one pass: a superset of the readings (a joker there stands for any kind and for
    copies beyond the fourth); every kind for the any-shape rule sets. ``checked`` (when given): whether
    each of them passed :func:`maybe_complete`'s check (with jokers), which a search may then skip."""
    cdef KCtx k
    cdef Lookup L
    cdef const Tables* T
    cdef uint8_t h[34]
    cdef uint64_t four = 0
    cdef int i, j = 0, b, M = P.n_sets - n_melds
    if checked != NULL:
        checked[0] = False
    if P.any_honors or P.eight_pairs or P.any_jokers or P.knit_honors or P.knit_pair:  # forms the kernel does not know
        return (ONE << 34) - 1
    memcpy(h, counts, 34)
    if jmask:                                   # tile by tile: the kernel's check of the counts + the tile
        if checked != NULL:
            checked[0] = True
        T = get_tables()
        for i in range(34):                     # the real tiles and the jokers
            if (jmask >> i) & 1:
                j += h[i]
                h[i] = 0
        kernel_ctx(P, n_melds, j + 1, &k)       # a drawn joker kind: one joker more, the same real tiles
        if hand_complete(T, h, M, &k):
            four |= jmask & ALL_KINDS
        k.jokers = j
        block_keys(h, L.key)
        for i in range(34):
            if (jmask >> i) & 1:
                continue
            if h[i] >= 4:
                # a fifth copy is beyond the kernel's tables (counts 0-4): a candidate, the readings decide
                four |= ONE << i
                continue
            b = i // 9
            L.key[b] += POW5[i % 9]
            h[i] += 1
            if not j:                           # (no joker held: the exact check)
                if hand_complete(T, h, M, &k):
                    four |= ONE << i
            elif (std_udistance(T, &L, M) <= j  # hand_complete's forms with jokers, the standard from the keys
                    or (k.forms & FORM_SEVEN_PAIRS and seven_pairs_distance(h, k.quads) <= j)
                    or (k.forms & FORM_THIRTEEN_ORPHANS and thirteen_orphans_distance(h) <= j)):
                four |= ONE << i
            h[i] -= 1
            L.key[b] -= POW5[i % 9]
        return four
    kernel_ctx(P, n_melds, 0, &k)
    return hand_waits(get_tables(), h, &k, &four)


cdef inline void ctx_init(Ctx* c, const Prog* P, Dump* dump, int dump_cap, bint detail, Memo* memo) noexcept nogil:
    c.detail = detail
    c.memo = memo if P.n_key >= 0 and dump == NULL else NULL
    c.dump = dump
    c.dump_cap = dump_cap
    c.need = NEED_ALL if dump != NULL else P.need
    c.dump_n = 0
    c.n_out = 0
    c.kernel_passed = False
    c.open = 0
    c.stop = False
    c.sub_cap = NO_CAP
    c.req = 0
    c.zdone = 0
    c.chows = 0
    c.st_suits = 0
    c.n_scored = c.n_nodes = 0
    c.passes = 0
    c.stop_missing = dump == NULL and not detail   # (score_one's refusal names the values: every reading)
    c.pair_idle = -2


cdef void search(Ctx* c) noexcept nogil:
    """Every reading of the hand set up in ``c`` (:func:`setup_counts`), each scored into ``c.out``."""
    cdef const Prog* P = c.P
    cdef const Hand* H = c.H
    cdef Out* o = c.out
    cdef int n_sets, dup, m, opened
    cdef bint std, any_first
    if c.n_out == 0 and not hand_ok(c, o):      # conditions on the situation and melds first
        return                                  # (score_wait_modes checks each situation's itself)
    n_sets = P.n_sets - H.n_melds
    c.seven_done = False
    # the kernel's check first (with jokers; without, the split below fails as fast), the standard form's
    # apart (the kernel's check of a waiting tile may have passed for another form)
    std = c.n_jk != 0 and standard_may(c, n_sets)
    any_first = not c.detail and P.any_jokers and avail(c) >= P.any_jokers
    if any_first:                               # (totals only: one reading, which may score every aim's total)
        any_shape(c, False)
    if P.any_honors or not c.n_jk or c.kernel_passed or std or maybe_complete(c, n_sets):
        c.form = FORM_STD
        c.placing = False
        if c.n_jk:
            if std:
                joker_standard(c, n_sets)
        elif c.pair_block >= 0 and not c.past4 and not c.big:
            split_blocks(c, n_sets, 1, NULL)
        elif c.pair_block >= 0:
            split_plain(c, n_sets, 1, -1, 0)
        if H.n_melds == 0 and P.seven_pairs and not c.seven_done:
            c.form = FORM_SEVEN
            c.ng = 0
            if c.n_jk:
                if seven_may(c):
                    if not std and P.aim_seven and c.dump == NULL and aim_search and (c.memo != NULL or avail(c) >= 2):
                        seven_alone(c)          # (no standard reading, so no aim_standard: seven pairs' own)
                    opened = seven_open(c) if aim_search else -1
                    if opened:                  # (0: no seven pairs reading beats a result's best)
                        seven_pairs(c, opened)
                    if opened > 0:
                        close_outs(c)
            elif c.even:
                split_plain(c, 0, 7, -1, 0)
        if H.n_melds == 0 and P.thirteen and not (c.real_mask & ~ORPHAN_MASK):
            c.form = FORM_THIRTEEN
            for dup in range(13):
                orphans(c, ORPHANS[dup])
    if H.n_melds == 0 and P.eight_pairs and c.n_jk == 0:
        eight_pairs(c)
    if H.n_melds == 0 and P.knit_honors:
        knitted(c)
    if H.n_melds == 0 and P.knit_pair and c.n_jk == 0:
        knitted_pair(c)
    if P.any_honors == 1:
        any_shape(c, True)
    elif P.any_honors == 2 and c.n_jk == 0 and ((c.real_mask | c.meld_kinds) & ~M258) == 0:
        any_shape(c, False)                     # 长沙 將將和: every tile a 2, 5 or 8
    if P.any_jokers and avail(c) >= P.any_jokers and not any_first:
        any_shape(c, False)
    if c.n_out == 0:
        if o.missing:
            o.status = S_MISSING
        return
    for m in range(c.n_out):
        if c.out_on[m] and c.outs[m].missing:
            c.outs[m].status = S_MISSING


cdef inline void joker_readings(Ctx* c, int n_sets, bint slots) noexcept nogil:
    """The standard readings of a hand holding jokers, slot by slot (:func:`split`) or by substitutes
    (:func:`joker_std`): the same readings."""
    if slots:
        split(c, n_sets, 1, -1, 0)
    else:
        joker_std(c, n_sets)


cdef int aims_cap(const Ctx* c, int* req, int* hard, uint16_t* mid) noexcept nogil:
    """The most substitutes of the results' aims where every result has one (NO_CAP where not); in ``req`` the
    REQ_* every reading scoring an aim holds, in every result, in ``hard`` those every reading passing the win
    conditions holds (0 where not), in ``mid`` the ranks of REQ_MID's middle tile (:func:`aim_places`)."""
    cdef int m, cap = -1
    cdef const Out* o
    req[0] = hard[0] = 0
    mid[0] = 0
    if c.open == 0:
        return NO_CAP
    req[0] = hard[0] = -1
    for m in range(c.n_out if c.n_out else 1):
        o = c.outs[m] if c.n_out else c.out
        if c.n_out == 0 or c.out_on[m] and not o.reached:
            if not o.aim:
                req[0] = hard[0] = 0
                mid[0] = 0
                return NO_CAP
            cap = max(cap, o.aim_sub)
            req[0] &= o.req
            hard[0] &= o.hard
            mid[0] |= o.mid_ranks
    if cap < 0:
        req[0] = hard[0] = 0
        mid[0] = 0
        return NO_CAP
    return cap


cdef void restart_outs(Ctx* c) noexcept nogil:
    """The results as before the standard search's first pass, where it read only some readings (``c.req``):
    the second reads every reading in order, so a reading kept ahead of an earlier one scoring alike goes."""
    cdef int m
    if not c.detail:                            # (totals only: the order of readings scoring alike is not kept)
        return
    if c.n_out == 0:
        if c.out.status == S_WIN:
            c.out.status = S_INCOMPLETE
        return
    for m in range(c.n_out):
        if c.out_on[m] and c.outs[m].status == S_WIN:
            c.outs[m].status = S_INCOMPLETE


cdef void keep_outs(Ctx* c, Out* saved, bint back) noexcept nogil:
    """The results in use (``c.out``, or the situations on) copied into ``saved`` or, ``back``, put back from it:
    a pass that may have to be undone (:func:`seven_first`, :func:`seven_pairs`)."""
    cdef int m
    for m in range(c.n_out if c.n_out else 1):
        if c.n_out == 0 or c.out_on[m]:
            if back:
                memcpy(c.outs[m] if c.n_out else c.out, &saved[m], sizeof(Out))
            else:
                memcpy(&saved[m], c.outs[m] if c.n_out else c.out, sizeof(Out))


cdef bint seven_first(Ctx* c) noexcept nogil:
    """Seven pairs read before the standard form, where every result has an aim (:func:`aim_standard`):
    True where in every result its best beats the aim, so beats every standard reading (the standard
    search is then skipped and seven pairs not read again, ``c.seven_done``: the results are the full
    search's, which keeps a later reading only where it is better); else the results as they were."""
    cdef Out saved[8]
    cdef Out* o
    cdef int m, n = c.n_out if c.n_out else 1, open0 = c.open
    cdef bint ok = True
    if not seven_may(c):
        return False
    for m in range(n):                          # (a seven pairs aim that cannot beat the aim: no probe; totals
        o = c.outs[m] if c.n_out else c.out     # only: that cannot reach its total)
        if (c.n_out == 0 or c.out_on[m]) and o.s7 and (o.s7_total < o.aim_total if not c.detail else not beats(
                o.s7_total, o.s7_sub, o.s7_uncapped, o.s7_first, o.aim_total, o.aim_sub, o.aim_uncapped, o.aim_first)):
            return False
    keep_outs(c, saved, False)
    for m in range(n):                          # (as after the standard search: no aim, none open)
        o = c.outs[m] if c.n_out else c.out
        if c.n_out == 0 or c.out_on[m]:
            o.aim = o.open = False
    c.open = 0
    c.stop = False
    c.form = FORM_SEVEN
    c.ng = 0
    seven_pairs(c, seven_open(c))               # (stopped at the seven pairs aims where every result has one)
    close_outs(c)
    for m in range(n):
        o = c.outs[m] if c.n_out else c.out
        if (c.n_out == 0 or c.out_on[m]) and not (o.status == S_WIN and (
                o.total >= saved[m].aim_total if not c.detail else beats(
                o.total, o.n_sub, o.uncapped, o.first_row,
                saved[m].aim_total, saved[m].aim_sub, saved[m].aim_uncapped, saved[m].aim_first))):
            ok = False
            break
    c.stop = False
    if ok:
        c.seven_done = True
        return True
    keep_outs(c, saved, True)
    c.open = open0
    c.form = FORM_STD
    c.ng = 0
    return False


cdef void joker_standard(Ctx* c, int n_sets) noexcept nogil:
    """The standard readings of a hand holding jokers, stopped where no result is left open (its aim
    found: :func:`aim_standard`; or, with ``c.stop_missing``, a value not given needed)."""
    cdef bint slots
    cdef int req, hard
    # the aim (for one joker too: with the slot-by-slot search it pays for itself, bench/README.md)
    if c.P.aim_kind and c.dump == NULL and aim_search:
        aim_standard(c, n_sets)
        if c.stop:                              # (every result reached its aim's total: aim_open)
            c.stop = False
            return
        if c.open and c.H.n_melds == 0 and c.P.seven_pairs and seven_first(c):
            return
    c.sub_cap = aims_cap(c, &req, &hard, &c.mid_ranks)
    if c.stop_missing and aim_search:
        open_outs(c)
    # slot by slot (its distance checks cut most branches: faster than the search by substitutes in every
    # joker table's batch, waits and score, bench/README.md); by substitutes only where the tests ask for it
    # (their second search, which must give the same results)
    slots = joker_search != 2
    # first only the readings holding what every aim needs (split; face_choice and place_split)
    c.req = req if c.sub_cap != NO_CAP and aim_req else 0
    c.zdone = 0
    c.chows = 0
    joker_readings(c, n_sets, slots)
    if c.sub_cap != NO_CAP:
        c.passes = 1 if c.stop else 2
        # first the readings of no more substitutes than an aim holds (a search's substitutes only grow): the
        # others cannot score it, and the rest come in the same order; where an aim was not found, every
        # reading, in order, over what that pass kept (the readings scoring alike with it hold as many
        # substitutes, so passed the bound too: it stays the first of its score, as in the full search;
        # not so past c.req, which left out readings of any score: then from the start)
        c.sub_cap = NO_CAP
        if not c.stop:
            if c.req:
                restart_outs(c)
            # (totals only: what every reading passing the win conditions holds, a reading must hold; with the
            # reading shown, every reading, as the failed condition is named by the last read)
            c.req = hard if not c.detail and aim_req else 0
            joker_readings(c, n_sets, slots)
        c.req = 0
    if c.open:
        close_outs(c)
    c.stop = False


cdef bint hand_ok(Ctx* c, Out* o) noexcept nogil:
    """The win conditions that read only the situation and the melds (``c.hand_f``) hold; if not,
    ``o`` says which failed."""
    cdef const Prog* P = c.P
    cdef int w
    cdef uint64_t fb = 0
    cdef bint have_fb = False
    for w in range(P.n_wins):
        if not P.w_hand[w]:
            continue
        if not have_fb:
            fb = fact_bits(P, c.hand_f)
            have_fb = True
        if not expr_true(P, P.w_expr[w], c.hand_f, fb):
            o.status = S_HAND_FAILED
            o.failed = w
            return False
    return True


cdef void score_hand(const Prog* P, const Hand* H, Out* o, Dump* dump=NULL, int dump_cap=0,
                     int* dump_n=NULL, bint detail=True, Memo* memo=NULL, int* counts=NULL) noexcept nogil:
    """Score the hand ``H`` into ``o`` (every reading; the best kept); ``counts``: the readings scored and the
    standard search's passes (:func:`search_counts`)."""
    cdef Ctx c
    cdef Hand S
    if P.stand_in >= 0 and H.jmask:
        S = H[0]
        if swap_stand_in(P, &S) >= 0:
            H = &S
    ctx_init(&c, P, dump, dump_cap, detail, memo)
    setup_meta(&c, P, H)
    setup_counts(&c, o)
    search(&c)
    if dump_n != NULL:
        dump_n[0] = c.dump_n
    if counts != NULL:
        counts[0] = c.n_scored
        counts[1] = c.n_nodes
        counts[2] = c.passes


cdef void score_wait(Ctx* c, Hand* H, int t, uint32_t flags, Out* o) noexcept nogil:
    """Score the waiting hand ``H`` (13 tiles with its melds, set up by :func:`setup_meta`) with the
    winning tile ``t`` added, under the situation ``flags``, into ``o``: only the counts' set-up is
    redone for each tile."""
    H.counts[t] += 1
    H.win = t
    H.flags = flags
    setup_counts(c, o)
    search(c)
    H.counts[t] -= 1


cdef inline bint modes_share(const uint32_t* fl, int n) noexcept nogil:
    """Situations one search can score together: two to eight, differing only in their flags
    (self-drawn, after a kong, ...), not in 定缺, the context or the bonus tiles."""
    cdef int m
    if n < 2 or n > 8:
        return False
    for m in range(1, n):
        if (fl[m] >> N_FLAGS) != (fl[0] >> N_FLAGS):
            return False
    return True


cdef void score_wait_modes(Ctx* c, Hand* H, int t, const uint32_t* fl, int n, bint shared, Out* outs) noexcept nogil:
    """:func:`score_wait` under each of the ``n`` situations ``fl`` into ``outs[:n]``: where they are
    ``shared`` (:func:`modes_share`), one search, each reading's table evaluated for each situation."""
    cdef int m
    cdef bint any_on = False
    if not shared:
        for m in range(n):
            score_wait(c, H, t, fl[m], &outs[m])
        return
    H.counts[t] += 1
    H.win = t
    H.flags = fl[0]
    setup_counts(c, &outs[0])
    for m in range(n):
        if m:
            reset_out(&outs[m], H.face)
        c.outs[m] = &outs[m]
        c.out_flags[m] = fl[m]
        set_situation(c.hand_f, fl[m])
        c.out_on[m] = hand_ok(c, &outs[m])
        any_on |= c.out_on[m]
    set_situation(c.hand_f, fl[0])
    if any_on:
        c.n_out = n
        search(c)
        c.n_out = 0
    H.counts[t] -= 1


cdef void alike_tiles(const Prog* P, const Hand* H, const int* held, const int* ts, int n, int* like) noexcept nogil:
    """For each winning tile ``ts[i]`` of the waiting hand ``H`` (``held``: its copies with the melds'), an
    earlier tile ``ts[like[i]]`` whose results are its own with the two kinds' names traded (-1: none).

    With one joker tile in the hand, a kind no tile of which is held, nor a tile within two ranks of its
    suit, can only win as a pair with that joker: its readings are those of any other such kind, the two
    kinds traded, and score alike when no fact tells the two apart (their class by the facts the program
    reads, as :func:`pung_key` gives it for a group of jokers alone, with the winning tile's rank, 捉五魁's
    5m and the orphans of 十三幺 added). With more jokers, an honour no tile of which is held can only win
    in a pair or a pung with jokers, and the others may also make groups of jokers alone: trading it with
    the honour next to it (ascending, of its class) keeps the order of every other pair of kinds, so the
    readings and the groups of jokers alone, in the order the search reads them (the lowest kind of a
    class first), correspond; each such honour takes the results of the one before it. Not with a
    stand-in, the knitted forms, a win in any shape (its jokers read the lowest kinds they may: with
    jokers, where the hand holds enough for it), or facts that read the kind itself or the seat and round
    winds."""
    cdef int i, j, t, r, n_jokers = 0, feat = P.feat
    cdef int key[34]
    for t in range(34):
        if (H.jmask >> t) & 1:
            n_jokers += H.counts[t]
    for i in range(n):
        like[i] = -1
    if (n_jokers == 0 or P.stand_in >= 0 or P.knit_honors or P.knit_pair or P.any_honors
            or 0 < P.any_jokers <= n_jokers or feat & (FT_EXACT | FT_SEAT)):
        return
    if feat & FT_WINRANK:
        feat |= FT_RANK
    for i in range(n):
        t = ts[i]
        key[i] = -1
        if held[t] or (H.jmask >> t) & 1:
            continue
        if t < 27:
            if n_jokers > 1:
                continue
            r = t % 9
            if ((r >= 1 and held[t - 1]) or (r >= 2 and held[t - 2]) or (r <= 7 and held[t + 1])
                    or (r <= 6 and held[t + 2])):
                continue
        key[i] = (pung_key(feat, t) | (t < 27) << 16 | ((ORPHAN_MASK >> t) & 1) << 17
                  | ((feat & FT_ZHUOWU) != 0 and t == 4) << 18)
        if n_jokers > 1:                        # (the honour just below, of the same class)
            if i and ts[i - 1] == t - 1 and key[i - 1] == key[i]:
                like[i] = i - 1
            continue
        for j in range(i):
            if key[j] == key[i]:                # (the first of the class: its representative)
                like[i] = j
                break


cdef void swapped_out(const Out* a, Out* b, int t, int u) noexcept nogil:
    """``b``: the result ``a`` of winning tile ``t`` for the winning tile ``u`` (see :func:`alike_tiles`),
    the kinds ``t`` and ``u`` traded in its reading."""
    cdef int i, s, k
    memcpy(b, a, sizeof(Out))
    for i in range(b.ng):
        for s in range(b.g[i].n):
            k = b.g[i].rep[s]
            b.g[i].rep[s] = u if k == t else (t if k == u else k)
            k = b.g[i].phys[s]
            b.g[i].phys[s] = u if k == t else (t if k == u else k)


# ------------------------------------------------------------------------------------ Python API
cdef class Program:
    """A fan table and reading shape compiled for :func:`score_one` / :func:`score_rows` (built by
    ``mjpy.rules.engine.compiled.compile_rules``; read-only once built, shared across threads)."""

    cdef Prog p
    cdef object arrays
    cdef readonly tuple row_names, group_names, win_reasons, option_names
    cdef readonly object row_groups
    cdef list items, defaults            # per row / group: its (name, value) as a result lists it
    cdef int n_add, n_factor
    cdef int add_g[MAX_GROUPS]           # the groups a result's fans list, then its factors
    cdef int factor_g[MAX_GROUPS]
    cdef dict groups_tpl                 # {group name: None}, copied for each result's group values
    cdef object exact                    # a double as an int or a Fraction

    def __init__(self, atoms, clauses, exprs, rows, groups, wins, cap, floor, shape, row_names, group_names,
                 win_reasons, option_names):
        cdef int i
        if len(groups) > MAX_GROUPS or len(rows) > MAX_ROWS or len(option_names) > 64:
            raise ValueError(f"a table has at most {MAX_GROUPS} groups, {MAX_ROWS} rows and 64 options")
        a, cl, c_bits = _clause_bits(np.array(atoms, np.int64).reshape(-1, 3),
                                     np.array(clauses, np.int64).reshape(-1, 2))
        ex = np.array(exprs, np.int32).reshape(-1, 2)
        r_int = np.array([(e, per, miss, less) for e, per, miss, _, less in rows], np.int32).reshape(-1, 4)
        r_val = np.array([v for _, _, _, v, _ in rows], np.float64)
        g_int = np.array([(mode, role, has_d) for mode, role, has_d, _ in groups], np.int32).reshape(-1, 3)
        g_def = np.array([d for _, _, _, d in groups], np.float64)
        w_int = np.array(wins, np.int32).reshape(-1, 2)
        cols = {
            "a_idx": np.ascontiguousarray(a[:, 0]), "a_lo": np.ascontiguousarray(a[:, 1]),
            "a_hi": np.ascontiguousarray(a[:, 2]), "c_start": np.ascontiguousarray(cl[:, 0]),
            "c_end": np.ascontiguousarray(cl[:, 1]), "e_start": np.ascontiguousarray(ex[:, 0]),
            "c_req": np.ascontiguousarray(c_bits[:, 0]), "c_forb": np.ascontiguousarray(c_bits[:, 1]),
            "e_end": np.ascontiguousarray(ex[:, 1]), "r_expr": np.ascontiguousarray(r_int[:, 0]),
            "r_per": np.ascontiguousarray(r_int[:, 1]), "r_missing": np.ascontiguousarray(r_int[:, 2]),
            "r_less": np.ascontiguousarray(r_int[:, 3]),
            "r_value": r_val, "g_mode": np.ascontiguousarray(g_int[:, 0]),
            "g_role": np.ascontiguousarray(g_int[:, 1]), "g_has_default": np.ascontiguousarray(g_int[:, 2]),
            "g_default": g_def, "w_expr": np.ascontiguousarray(w_int[:, 0]),
            "w_hand": np.ascontiguousarray(w_int[:, 1]),
        }
        self.arrays = cols
        self.p.n_rows = len(rows)
        self.p.n_groups = len(groups)
        self.p.n_wins = len(wins)
        self.p.a_idx = _iptr(cols["a_idx"])
        self.p.a_lo = _iptr(cols["a_lo"])
        self.p.a_hi = _iptr(cols["a_hi"])
        self.p.c_start = _iptr(cols["c_start"])
        self.p.c_end = _iptr(cols["c_end"])
        self.p.c_req = _uptr(cols["c_req"])
        self.p.c_forb = _uptr(cols["c_forb"])
        self.p.read_bits = int(np.bitwise_or.reduce(c_bits.reshape(-1))) if c_bits.size else 0
        simple = np.zeros((len(rows), 3), np.uint64)
        for i, (e, _, _, _, _) in enumerate(rows):
            c0, c1 = int(ex[e, 0]), int(ex[e, 1])
            if c1 - c0 == 1 and cl[c0, 0] == cl[c0, 1]:
                simple[i] = (1, c_bits[c0, 0], c_bits[c0, 1])
        cols["r_simple"] = np.ascontiguousarray(simple[:, 0].astype(np.int32))
        cols["r_req"] = np.ascontiguousarray(simple[:, 1])
        cols["r_forb"] = np.ascontiguousarray(simple[:, 2])
        self.p.r_simple = _iptr(cols["r_simple"])
        self.p.r_req = _uptr(cols["r_req"])
        self.p.r_forb = _uptr(cols["r_forb"])
        self.p.e_start = _iptr(cols["e_start"])
        self.p.e_end = _iptr(cols["e_end"])
        self.p.r_expr = _iptr(cols["r_expr"])
        self.p.r_per = _iptr(cols["r_per"])
        self.p.r_missing = _iptr(cols["r_missing"])
        self.p.r_less = _iptr(cols["r_less"])
        self.p.r_value = _dptr(cols["r_value"])
        self.p.g_mode = _iptr(cols["g_mode"])
        self.p.g_role = _iptr(cols["g_role"])
        self.p.g_has_default = _iptr(cols["g_has_default"])
        self.p.g_default = _dptr(cols["g_default"])
        self.p.w_expr = _iptr(cols["w_expr"])
        self.p.w_hand = _iptr(cols["w_hand"])
        self.p.has_cap = cap is not None
        self.p.cap = 0 if cap is None else float(cap)
        self.p.floor_expr = -1 if floor is None else int(floor[1])
        self.p.floor_value = 0 if floor is None else float(floor[0])
        self.p.kinds = int(shape["kinds"])
        self.p.seven_pairs = bool(shape["seven_pairs"])
        self.p.quad_limit = int(shape["quad_limit"])
        self.p.thirteen = bool(shape["thirteen_orphans"])
        self.p.fifth = bool(shape["fifth"])
        self.p.every_win_slot = bool(shape["every_win_slot"])
        self.p.any_honors = {False: 0, True: 1, "honors": 1, "258": 2}[shape["any_honors"]]
        self.p.n_sets = int(shape.get("n_sets", 4))
        self.p.eight_pairs = bool(shape.get("eight_pairs", False))
        self.p.any_jokers = int(shape.get("any_jokers", 0))
        self.p.knit_honors = 0
        self.p.knit_pair = bool(shape.get("knit_pair", False))
        self.p.stand_in = int(shape.get("stand_in", -1))
        if not -1 <= self.p.stand_in < 34:
            raise ValueError("stand_in is a kind 0-33 or -1")
        for i in shape.get("knit_honors", ()):
            if not 27 <= i <= 33:
                raise ValueError("knit_honors are honor kinds (27-33)")
            self.p.knit_honors |= ONE << i
        if self.p.n_sets not in (4, 5) or self.p.any_jokers < 0:
            raise ValueError("a program's shape has 4 or 5 sets and any_jokers >= 0")
        read = {int(x[0]) for x in atoms} | set(r_int[:, 1].tolist())
        self.p.need = ((NEED_STRAIGHT if read & {X_STRAIGHT, X_STRAIGHT_FACE, X_STRAIGHT_NOSUB} else 0)
                       | (NEED_NINE if X_NINE_GATES in read else 0)
                       | (NEED_WIN if read & {X_WIN_PAIR, X_WIN_PAIR_JOKER, X_WIN_PAIR_JJ, X_ZHUOWU, X_ZHUOWU_BOTH,
                                              X_WIN_MIDDLE, X_WIN_RANK, X_WIN_JOKER} else 0)
                       | (NEED_HELD if read & {X_N_QUADS_HELD, X_N_PON_FOURTH} else 0)
                       | (NEED_SUITS if X_MAX_SUIT_TILES in read else 0)
                       | (NEED_SETS if read & {X_ALL_SETS_FIVE, X_MAX_SAME_CHOWS, X_N_CONCEALED_PUNGS,
                                               X_THREE_SUIT_SET} else 0)
                       | (NEED_RANKS if read & {X_MIN_RANK, X_MAX_RANK, X_FIVE_GATES} else 0)
                       | (NEED_KINDS if read & {X_N_SUITS, X_HONORS, X_TERMINALS, X_ONE_SUIT, X_HALF_FLUSH,
                                                X_HONORS_ONLY, X_ALL_258, X_TERMINALS_ONLY, X_ORPHANS_ONLY,
                                                X_NINE_GATES, X_DINGQUE_HELD, X_FIVE_GATES, X_MIN_RANK,
                                                X_MAX_RANK} else 0)
                       | (NEED_GROUPS if read & {X_ALL_PUNGS, X_ALL_CHOWS, X_ALL_PUNGS_EXPOSED, X_N_DRAGON,
                                                 X_N_YAOJIU_PUNGS, X_N_WIND, X_SEAT_PUNG, X_ROUND_PUNG,
                                                 X_PAIR_DRAGON, X_PAIR_RANK, X_PAIR_WIND, X_PAIR_VALUE,
                                                 X_SETS_TERMINAL, X_PAIR_TERMINAL} else 0)
                       | (NEED_PLACE if read & {X_WIN_PAIR, X_WIN_PAIR_JOKER, X_WIN_PAIR_JJ, X_ZHUOWU, X_ZHUOWU_BOTH,
                                                X_WIN_MIDDLE, X_WIN_RANK, X_WIN_JOKER,
                                                X_STRAIGHT_FACE, X_STRAIGHT_NOSUB} else 0))
        self.p.aim_kind = _aim_kind(atoms, clauses, exprs, rows)
        self.p.aim_seven = _aim_kind(atoms, clauses, exprs, rows, X_SEVEN) if self.p.aim_kind else AIM_NONE
        cls = _rank_classes(atoms, r_int[:, 1].tolist())
        self.p.rank_n = len(cls)
        for i, m in enumerate(cls):
            self.p.rank_cls[i] = m
        self.p.aim_kread = 0
        self.p.sub_flat = _sub_flat(atoms, r_int[:, 1].tolist())
        for x in read & AIM_KIND_FACTS:
            self.p.aim_kread |= ONE << x
        self.p.feat = 0
        for x in read:
            self.p.feat |= FACT_FEATURES.get(FACT_NAMES[x], 0) if 0 <= x < NF else 0
        self._free_classes()
        self.p.win_mask = 0
        for x, bits in ((X_WIN_PAIR, 1), (X_WIN_PAIR_JOKER, 2), (X_WIN_PAIR_JJ, 4), (X_ZHUOWU, 8),
                        (X_ZHUOWU_BOTH, 16), (X_WIN_MIDDLE, 32), (X_WIN_JOKER, 64), (X_WIN_RANK, 15 << 7),
                        (X_N_CONCEALED_PUNGS, 31 << 11)):
            if x in read:
                self.p.win_mask |= bits
        key = sorted({int(x) for x in a[:, 0].tolist() if x < NF} | {int(x) for x in r_int[:, 1].tolist() if x >= 0})
        self.p.n_key = len(key) if len(key) <= MAX_KEY else -1
        for i in range(max(self.p.n_key, 0)):
            self.p.key_idx[i] = key[i]
        self.row_names = tuple(row_names[0])
        self.row_groups = tuple(row_names[1])
        self.group_names = tuple(group_names)
        self.win_reasons = tuple(win_reasons)
        self.option_names = tuple(option_names)
        g_rows = np.array(list(_group_starts(row_names[1], len(groups))), np.int32)
        cols["g_rows"] = g_rows
        self.p.g_rows = _iptr(g_rows)
        self.items = None

    @property
    def aim_kind(self):
        """What :func:`aim_standard` reads of a standard reading (``AIM_*`` bits; 0: the search sees every reading)."""
        return self.p.aim_kind

    @property
    def aim_seven(self):
        """What :func:`seven_aim` reads of a seven pairs reading (``AIM_SUBS`` / ``AIM_KINDS`` bits; 0: none)."""
        return self.p.aim_seven

    def _free_classes(self):
        """The classes of :func:`free_candidates` for this program's facts (``P.feat``)."""
        cdef int wj, ss, t, i, f
        cdef uint64_t kinds = self.p.kinds
        self.p.c_cls_all = 0
        for t in range(27):
            if t % 9 <= 6 and (kinds >> t) & (kinds >> (t + 1)) & (kinds >> (t + 2)) & 1:
                self.p.c_cls_all |= ONE << t
        for wj in range(2):
            f = hand_feat(self.p.feat, wj)
            classes = {}
            for t in range(34):
                if (kinds >> t) & 1:
                    classes[pung_key(f, t)] = classes.get(pung_key(f, t), 0) | (ONE << t)
            self.p.p_ncls[wj] = len(classes)
            for i, m in enumerate(classes.values()):
                self.p.p_cls[34 * wj + i] = m
            for ss in range(8):
                classes = {}
                for t in range(27):
                    if (self.p.c_cls_all >> t) & 1:
                        classes[chow_key(f, t, ss)] = classes.get(chow_key(f, t, ss), 0) | (ONE << t)
                self.p.c_ncls[8 * wj + ss] = len(classes)
                for i, m in enumerate(classes.values()):
                    self.p.c_cls[21 * (8 * wj + ss) + i] = m

    def set_results(self, items, defaults, add_groups, factor_groups, exact):
        """What a win's result lists: ``items`` per row and ``defaults`` per group (``(name,
        value)`` or ``None``), the ``add`` and ``factor`` groups (indices), ``exact`` (a double as
        an int or a Fraction)."""
        if len(items) != self.p.n_rows or len(defaults) != self.p.n_groups:
            raise ValueError("set_results: one item per row and one default per group")
        add_groups, factor_groups = [int(g) for g in add_groups], [int(g) for g in factor_groups]
        if (len(add_groups) > MAX_GROUPS or len(factor_groups) > MAX_GROUPS
                or not all(0 <= g < self.p.n_groups for g in add_groups + factor_groups)):
            raise ValueError("set_results: a group index out of range, or more indices than groups")
        self.items = list(items)
        self.defaults = list(defaults)
        self.n_add, self.n_factor = len(add_groups), len(factor_groups)
        for i, g in enumerate(add_groups):
            self.add_g[i] = g
        for i, g in enumerate(factor_groups):
            self.factor_g[i] = g
        self.groups_tpl = dict.fromkeys(self.group_names)
        self.exact = exact


#: the kinds' facts :func:`aim_kinds` bounds (yes / no facts of the kinds a reading holds, kind_facts)
AIM_KIND_FACTS = frozenset({X_HONORS, X_TERMINALS, X_ONE_SUIT, X_HALF_FLUSH, X_HONORS_ONLY, X_ALL_258,
                            X_TERMINALS_ONLY, X_ORPHANS_ONLY})


#: the facts of the sets of a standard reading, 0 in every seven pairs reading (seven_aim writes them so)
SEVEN_ZERO = {X_ALL_PUNGS, X_ALL_CHOWS, X_ALL_PUNGS_EXPOSED, X_SETS_TERMINAL, X_STRAIGHT, X_STRAIGHT_NOSUB,
              X_STRAIGHT_FACE, X_ZHUOWU, X_ZHUOWU_BOTH, X_WIN_MIDDLE}


def _sub_flat(atoms, per):
    """The number of substitutes from which a table's conditions read the same of any number (an atom
    ``lo <= n <= hi`` holds alike from ``hi + 1``, or from ``lo`` where it has no upper end); 99 where a row
    counts them (its value per substitute)."""
    if X_N_SUB in per:
        return 99
    flat = 0
    for k, lo, hi in atoms:
        if int(k) == X_N_SUB:
            flat = max(flat, int(hi) + 1 if int(hi) < (1 << 30) else int(lo))
    return min(max(flat, 0), 99)


def _aim_kind(atoms, clauses, exprs, rows, form=X_STANDARD):
    """``AIM_*`` of a table: the facts its clauses a reading of the ``form`` (standard, or seven pairs) may
    satisfy read (a clause that asks for another form, or for the form's fact to be 0, is left out), and the
    rows' count facts where their condition may hold, less the hand's facts (:data:`HAND_FACTS`) and the
    forms. Of seven pairs only the substitutes, the kinds' facts, the joker pair and the kinds held four times
    are aimed at (AIM_SUBS, AIM_KINDS, AIM_PAIR, AIM_QUADS), the facts no seven pairs reading holds
    (:data:`SEVEN_ZERO`) read as another form's."""
    other = {X_STANDARD, X_SEVEN, X_THIRTEEN, X_EIGHT, X_KNITTED} - {form} | (SEVEN_ZERO if form == X_SEVEN else set())
    plain = {FACT_NAMES.index(n) for n in HAND_FACTS} | other | {form}
    reads, compatible = set(), []
    for a0, a1 in clauses:
        clause = [tuple(atoms[i]) for i in range(a0, a1)]
        ok = not any((k in other and lo >= 1) or (k == form and hi < 1) for k, lo, hi in clause)
        compatible.append(ok)
        if ok:
            reads |= {k for k, _, _ in clause}
    for e, per, _, _, _ in rows:
        if per >= 0 and (e < 0 or any(compatible[exprs[e][0]:exprs[e][1]])):
            reads.add(per)
    reads = {k for k in reads if k < NF} - plain
    bits = AIM_SUBS
    for fam, facts in ((AIM_PAIR, {X_WIN_PAIR_JOKER, X_WIN_PAIR_JJ}), (AIM_ZHUOWU, {X_ZHUOWU, X_ZHUOWU_BOTH}),
                       (AIM_STRAIGHT, {X_STRAIGHT, X_STRAIGHT_NOSUB, X_STRAIGHT_FACE}), (AIM_PUNGS, {X_ALL_PUNGS}),
                       (AIM_KINDS, AIM_KIND_FACTS), (AIM_QUADS, {X_N_QUADS_HELD}),
                       (AIM_MIDDLE, {X_WIN_MIDDLE, X_WIN_JOKER} if form == X_SEVEN else
                        {X_WIN_MIDDLE, X_WIN_RANK, X_WIN_JOKER})):
        if (fam not in (AIM_PAIR, AIM_KINDS, AIM_QUADS, AIM_MIDDLE)) if form == X_SEVEN else fam == AIM_QUADS:
            continue
        if reads & facts:
            bits |= fam
            reads -= facts
    if form != X_SEVEN and bits & AIM_MIDDLE and bits & (AIM_PAIR | AIM_ZHUOWU):
        return AIM_NONE                         # (the winning tile's place aimed at one way only)
    return bits if reads <= {X_N_SUB} else AIM_NONE


def _rank_classes(atoms, per):
    """The classes of the winning tile's rank (0-9, 0 an honour; bits) a table tells apart: ranks alike in every
    condition on ``win_rank``; each rank alone where a row counts it (its value per rank)."""
    if X_WIN_RANK in per:
        return [1 << r for r in range(10)]
    bounds = [(int(lo), int(hi)) for k, lo, hi in atoms if int(k) == X_WIN_RANK]
    cls = {}
    for r in range(10):
        cls.setdefault(tuple(lo <= r <= hi for lo, hi in bounds), []).append(r)
    return [sum(1 << r for r in rs) for rs in cls.values()]


def _clause_bits(atoms, clauses):
    """Atoms as clause bits where they test a fact against 0 (``>= 1``: in ``c_req``; ``== 0``: in
    ``c_forb``; facts are never negative) and range atoms otherwise (group counts, other bounds):
    ``(range atoms (n, 3) int32, clauses (m, 2) int32 over them, bits (m, 2) uint64)``."""
    big = 1 << 30
    out_atoms, out_clauses, bits = [], [], []
    for a0, a1 in clauses.tolist():
        req = forb = 0
        start = len(out_atoms)
        for idx, lo, hi in atoms[a0:a1].tolist():
            if idx < min(NF, NBITS) and lo == 1 and hi >= big:
                req |= 1 << idx
            elif idx < min(NF, NBITS) and lo <= 0 and hi == 0:
                forb |= 1 << idx
            elif lo <= 0 and hi >= big:
                continue                        # always true: counts are never negative
            else:
                out_atoms.append((idx, lo, hi))
        out_clauses.append((start, len(out_atoms)))
        bits.append((req, forb))
    return (np.array(out_atoms, np.int32).reshape(-1, 3), np.array(out_clauses, np.int32).reshape(-1, 2),
            np.array(bits, np.uint64).reshape(-1, 2))


assert NBITS <= 64, "the clause bits hold one fact per bit"
assert NF > NBITS, "reading_facts copies the facts in two parts: the first NBITS, then the rest"


def _group_starts(row_groups, n_groups):
    i = 0
    for g in range(n_groups + 1):
        while i < len(row_groups) and row_groups[i] < g:
            i += 1
        yield i


cdef const int32_t* _iptr(a):
    cdef const int32_t[::1] v = a
    return &v[0] if v.shape[0] else <const int32_t*>0


cdef const uint64_t* _uptr(a):
    cdef const uint64_t[::1] v = a
    return &v[0] if v.shape[0] else <const uint64_t*>0


cdef const double* _dptr(a):
    cdef const double[::1] v = a
    return &v[0] if v.shape[0] else <const double*>0


cdef void load_hand(Hand* H, const uint8_t* counts, const int8_t* melds, int n_melds, int win, uint32_t flags,
                    int seat, int round_, uint64_t jmask) noexcept nogil:
    memcpy(H.counts, counts, 34)
    load_meta(H, melds, n_melds, win, flags, seat, round_, jmask)


cdef void load_meta(Hand* H, const int8_t* melds, int n_melds, int win, uint32_t flags, int seat, int round_,
                    uint64_t jmask) noexcept nogil:
    cdef int i
    H.n_melds = n_melds
    for i in range(n_melds if n_melds <= MAX_MELDS else MAX_MELDS):   # (callers pass at most MAX_MELDS: the
        H.mkind[i] = melds[2 * i]                                     # bound is the compiler's to see)
        H.mtile[i] = melds[2 * i + 1]
    H.win = win
    H.flags = flags
    H.seat = seat
    H.round_ = round_
    H.jmask = jmask
    H.face = -1


cdef inline int swap_stand_in(const Prog* P, Hand* H) noexcept nogil:
    """A stand-in (徐州 白板 playing the 配兒 kind f): the counts of f (jokers) and of the stand-in
    kind s trade places, so that the stand-in tiles are real tiles of kind f and the jokers are kind
    s; the winning tile follows. Melds are in play values (f: a stand-in) and stay. Nothing when the
    hand's joker kinds are not one kind other than s. Returns f (-1: nothing done)."""
    cdef uint64_t j = H.jmask
    cdef int f, s = P.stand_in, x
    if s < 0 or j == 0 or (j & (j - 1)) != 0 or (j >> s) & 1:
        return -1
    f = mj_ctz64(j)
    x = H.counts[f]
    H.counts[f] = H.counts[s]
    H.counts[s] = x
    if H.win == f:
        H.win = s
    elif H.win == s:
        H.win = f
    H.jmask = ONE << s
    H.face = f
    return f


cdef inline int unswap(int face, int stand, int t) noexcept nogil:
    """A tile of the swapped hand as the physical tile (:func:`swap_stand_in` undone)."""
    if face < 0:
        return t
    if t == stand:
        return face
    if t == face:
        return stand
    return t


cdef object _number(Program prog, double x):
    if x == <double>(<long long>x) and -4e18 < x < 4e18:
        return <long long>x
    return prog.exact(x)


cdef inline void _append_items(Program prog, const Eval* ev, int g, list into):
    """The ``(name, value)`` items of group ``g`` of the evaluation ``ev`` appended to ``into``: a row once
    per time it counts, or the group's default when it counted none."""
    cdef int r, k
    cdef const Prog* P = &prog.p
    if ev.gdefault[g]:
        into.append(prog.defaults[g])
        return
    for r in range(P.g_rows[g], P.g_rows[g + 1]):
        for k in range(ev.rown[r]):
            into.append(prog.items[r])


cdef tuple _result(Program prog, const Out* o, bint reading):
    """A win's ``(form, fans, factors, groups, reading)`` as the Python evaluator lists them."""
    cdef Eval ev
    cdef int g, i
    cdef list fans = [], factors = []
    cdef dict groups
    cdef const Prog* P = &prog.p
    if prog.items is None:
        raise RuntimeError("Program.set_results was not called")
    evaluate(P, <int32_t*>o.facts, &ev)
    if ev.special >= 0:
        _append_items(prog, &ev, ev.special, fans)
    else:
        for i in range(prog.n_add):
            _append_items(prog, &ev, prog.add_g[i], fans)
    for i in range(prog.n_factor):
        _append_items(prog, &ev, prog.factor_g[i], factors)
    groups = PyDict_Copy(prog.groups_tpl)           # (the names in place: values replaced, none inserted)
    for g in range(P.n_groups):
        groups[<object>PyTuple_GET_ITEM(prog.group_names, g)] = _number(prog, ev.gval[g])
    return FORMS[o.form], fans, factors, groups, (_canonical_reading(o, P.stand_in) if reading else None)


cdef extern from "Python.h":
    object PyType_GenericAlloc(type t, Py_ssize_t nitems)
    int PyObject_GenericSetDict(object o, object value, void* context) except -1
    object PyObject_GenericGetDict(object o, void* context)

cdef class ResultMaker:
    """The caller's result object of a win, built here rather than from :func:`score_one`'s tuple:
    ``cls`` gets the fields ``is_win, total, fans, unit, rules, reason, form, reading, detail`` (its
    ``__init__`` not run: a plain class, its instance allocated and its ``__dict__`` set as
    ``object.__new__`` and ``object.__setattr__`` would), ``reading_cls`` a tuple subclass of ``(form,
    groups, win)``; ``unit`` and ``name`` are the rule set's (``mjpy.rules.engine.scoring``: one per
    bound rule set). ``detail`` gets ``factors, groups, substitutes, form``, then ``points = 2 **
    total`` with ``pow2``, then what ``hook(options, total, fans, detail)`` returns.

    The fields past ``is_win, total, unit, rules, reason`` are deferred: a result holds a
    :class:`DeferredWin` under ``_deferred`` instead, whose ``fields()`` builds the rest when one is
    first read (``cls`` has a :class:`DeferredField` for each). Most callers read only the total
    (查大叫, settlement, the batch-like loops of a server), and building the fans, the reading and the
    detail is about a third of a plain hand's call."""

    cdef type cls, reading_cls
    cdef object hook, options
    cdef bint pow2
    cdef dict fields_tpl, detail_tpl     # the dicts each result copies (its keys in place, the constants set)

    def __init__(self, type cls, type reading_cls, unit, name, bint pow2=False, hook=None, options=None):
        if cls.__new__ is not object.__new__ or getattr(cls, "__slots__", None) is not None:
            raise TypeError("ResultMaker: a plain class (no __new__ of its own, no __slots__)")
        if not issubclass(reading_cls, tuple):
            raise TypeError("ResultMaker: reading_cls is a named tuple class (a tuple subclass)")
        self.pow2 = pow2
        self.hook = hook
        self.options = options
        self.cls = cls
        self.reading_cls = reading_cls
        self.detail_tpl = {"factors": None, "groups": None, "substitutes": None, "form": None}
        self.fields_tpl = {"is_win": True, "total": None, "unit": unit, "rules": name, "reason": "",
                           "_deferred": None}


cdef enum:
    PACKED_GROUP_BYTES = 4 * MAXSLOT    # a reading's groups, packed: at most MAXSLOT tiles, a group 2 + 2 n bytes


cdef struct Packed:                     # what a DeferredWin keeps of a win's best reading (Out's fields that
    double total                        # _fill reads, its groups packed): small enough for Python's own
    int32_t facts[NF + MAX_GROUPS]      # allocator, where a whole Out (1 kB) took malloc's
    int16_t n_sub
    int8_t face, form, ng, win_g, win_s
    int8_t groups[PACKED_GROUP_BYTES]   # per group: kind, n, its n reps, its n sources


cdef int pack_out(const Out* o, Packed* p) except -1:
    """``o``'s best reading into ``p``."""
    cdef int i, n, k = 0
    p.total = o.total
    memcpy(p.facts, o.facts, sizeof(p.facts))
    p.n_sub = o.n_sub
    p.face = o.face
    p.form = o.form
    p.ng = o.ng
    p.win_g = o.win_g
    p.win_s = o.win_s
    for i in range(o.ng):
        n = o.g[i].n
        if k + 2 + 2 * n > PACKED_GROUP_BYTES:
            raise RuntimeError("DeferredWin: a reading of more tiles than a hand holds")
        p.groups[k] = o.g[i].kind
        p.groups[k + 1] = n
        memcpy(&p.groups[k + 2], o.g[i].rep, n)
        memcpy(&p.groups[k + 2 + n], o.g[i].phys, n)
        k += 2 + 2 * n
    return 0


cdef void unpack_out(const Packed* p, Out* o) noexcept nogil:
    """The fields of ``o`` that :func:`_fill` reads, from ``p``."""
    cdef int i, n, k = 0
    o.total = p.total
    memcpy(o.facts, p.facts, sizeof(p.facts))
    o.n_sub = p.n_sub
    o.face = p.face
    o.form = p.form
    o.ng = p.ng
    o.win_g = p.win_g
    o.win_s = p.win_s
    for i in range(p.ng):
        n = p.groups[k + 1]
        o.g[i].kind = p.groups[k]
        o.g[i].n = n
        memcpy(o.g[i].rep, &p.groups[k + 2], n)
        memcpy(o.g[i].phys, &p.groups[k + 2 + n], n)
        k += 2 + 2 * n


cdef class DeferredWin:
    """The fields of a win's result past its total (``fans, form, reading, detail``), built by
    :meth:`fields` from a copy of the engine's best reading (a result of :func:`score_one` or
    :func:`waits_one` made by a :class:`ResultMaker`)."""

    cdef ResultMaker mk
    cdef Program prog
    cdef bint reading
    cdef Packed p

    def __init__(self):
        raise TypeError("DeferredWin: made by the engine only")

    def fields(self):
        """``{"fans": ..., "form": ..., "reading": ..., "detail": ...}`` of the win, new objects each call."""
        return _deferred_fields(self)

    def __reduce__(self):
        raise TypeError("DeferredWin: not picklable (its result pickles with its fields built)")


cdef dict _deferred_fields(DeferredWin w):
    cdef dict d = {}
    cdef Out o
    unpack_out(&w.p, &o)
    _fill(w.mk, w.prog, &o, w.reading, d, _number(w.prog, o.total))
    return d


cdef class DeferredField:
    """A field of a win's result that the engine leaves to a :class:`DeferredWin` (``fans``,
    ``form``, ``reading``, ``detail``), set on the result's class: the instance's own value once it is
    there, or, read first, every deferred field built into the instance (a non-data descriptor: the
    instance's ``__dict__`` comes first)."""

    cdef str name

    def __init__(self, str name):
        self.name = name

    def __get__(self, obj, objtype):
        if obj is None:
            return self
        cdef dict d = PyObject_GenericGetDict(obj, NULL)
        cdef DeferredWin w = d.get("_deferred")
        if w is None:
            raise AttributeError(f"{type(obj).__name__!r} object has no attribute {self.name!r}")
        for k, v in _deferred_fields(w).items():
            d.setdefault(k, v)                  # (another thread may have built them first: its objects stay)
        d.pop("_deferred", None)
        return d[self.name]


cdef object _make(ResultMaker mk, Program prog, const Out* o, bint reading):
    """The result object of the win in ``o`` (see :class:`ResultMaker`), its fields past the total left
    to a :class:`DeferredWin`."""
    cdef DeferredWin w = DeferredWin.__new__(DeferredWin)
    w.mk = mk
    w.prog = prog
    w.reading = reading
    pack_out(o, &w.p)
    cdef dict fields = PyDict_Copy(mk.fields_tpl)
    fields["total"] = _number(prog, o.total)
    fields["_deferred"] = w
    r = PyType_GenericAlloc(mk.cls, 0)
    PyObject_GenericSetDict(r, fields, NULL)
    return r


cdef void _fill(ResultMaker mk, Program prog, const Out* o, bint reading, dict fields, total) except *:
    """``fans, form, reading, detail`` of the win in ``o`` written into ``fields``."""
    cdef tuple det = _result(prog, o, reading)
    cdef dict detail
    cdef tuple rd
    form = <object>PyTuple_GET_ITEM(det, 0)
    fans = <object>PyTuple_GET_ITEM(det, 1)
    detail = PyDict_Copy(mk.detail_tpl)
    detail["factors"] = <object>PyTuple_GET_ITEM(det, 2)
    detail["groups"] = <object>PyTuple_GET_ITEM(det, 3)
    detail["substitutes"] = o.n_sub
    detail["form"] = form
    if mk.pow2:
        detail["points"] = 2 ** total
    if mk.hook is not None:
        detail.update(mk.hook(mk.options, total, fans, detail))
    fields["fans"] = fans
    fields["form"] = form
    if reading:
        rd = <tuple>PyTuple_GET_ITEM(det, 4)
        fields["reading"] = _named3(mk.reading_cls, form, <object>PyTuple_GET_ITEM(rd, 0),
                                    <object>PyTuple_GET_ITEM(rd, 1))
    else:
        fields["reading"] = None
    fields["detail"] = detail


cdef object _named3(type cls, a, b, c):
    """``cls((a, b, c))`` for a named tuple class of three fields, allocated here (as ``tuple.__new__``
    would: no call through the type)."""
    t = PyType_GenericAlloc(cls, 3)
    Py_INCREF(a)
    PyTuple_SET_ITEM(t, 0, a)
    Py_INCREF(b)
    PyTuple_SET_ITEM(t, 1, b)
    Py_INCREF(c)
    PyTuple_SET_ITEM(t, 2, c)
    return t


cdef int8_t KIND_ORDER[6]                # group kinds by the order of their names ("any" < "chow" < ...)
KIND_ORDER[:] = [0, 3, 4, 2, 5, 1]


cdef int slot_cmp(const int8_t* a, const int8_t* b) noexcept nogil:
    """(rep, phys) of two slots."""
    if a[0] != b[0]:
        return -1 if a[0] < b[0] else 1
    if a[1] != b[1]:
        return -1 if a[1] < b[1] else 1
    return 0


cdef int reading_group_cmp(const int8_t* ka, const int8_t* kb) noexcept nogil:
    """Two groups as ``(kind name, sorted slots)`` tuples compare: kind, then slot by slot, shorter first."""
    cdef int i, c
    if ka[0] != kb[0]:
        return -1 if ka[0] < kb[0] else 1
    for i in range(min(ka[1], kb[1])):
        c = slot_cmp(&ka[2 + 2 * i], &kb[2 + 2 * i])
        if c:
            return c
    return (ka[1] > kb[1]) - (ka[1] < kb[1])


cdef tuple _canonical_reading(const Out* o, int stand_in):
    """The best reading as ``(groups, (win group, win slot))`` in the order of
    :class:`mjpy.rules.engine.readings.Reading`: each group's slots ``(rep, phys)`` ascending (phys
    physical: a stand-in traded back), the groups ascending by ``(kind name, slots)``, the winning
    group the first equal to the scored one."""
    cdef int8_t key[MAX_GROUPS][2 + 2 * MAXSLOT]      # kind order, n, then (rep, phys) per slot
    cdef int order[MAX_GROUPS]
    cdef int i, j, s, n, t, k, wpos = 0
    cdef int8_t tmp[2]
    for i in range(o.ng):
        n = o.g[i].n
        key[i][0] = KIND_ORDER[o.g[i].kind]
        key[i][1] = n
        for s in range(n):
            key[i][2 + 2 * s] = o.g[i].rep[s]
            key[i][3 + 2 * s] = unswap(o.face, stand_in, o.g[i].phys[s])
        for s in range(1, n):                           # insertion sort of the slots
            j = s
            while j > 0 and slot_cmp(&key[i][2 + 2 * j], &key[i][2 * j]) < 0:
                tmp[0] = key[i][2 * j]
                tmp[1] = key[i][2 * j + 1]
                key[i][2 * j] = key[i][2 + 2 * j]
                key[i][2 * j + 1] = key[i][3 + 2 * j]
                key[i][2 + 2 * j] = tmp[0]
                key[i][3 + 2 * j] = tmp[1]
                j -= 1
        order[i] = i
    for i in range(1, o.ng):                            # insertion sort of the groups
        j = i
        while j > 0 and reading_group_cmp(key[order[j]], key[order[j - 1]]) < 0:
            t = order[j]
            order[j] = order[j - 1]
            order[j - 1] = t
            j -= 1
    for i in range(o.ng):
        if reading_group_cmp(key[order[i]], key[o.win_g]) == 0:
            wpos = i
            break
    cdef tuple gs = PyTuple_New(o.ng), st
    cdef list slots
    for i in range(o.ng):
        t = order[i]
        n = key[t][1]
        k = o.g[t].kind
        if G_PAIR <= k <= G_CHOW and _plain_slots(key[t]):
            gr = <object>PyList_GET_ITEM(_PLAIN_GROUPS, 34 * (k - G_PAIR) + key[t][2])   # (no joker in it)
        else:
            if n == 3:                          # (tuples built at once: no list per group)
                st = (_slot(key[t][2], key[t][3]), _slot(key[t][4], key[t][5]), _slot(key[t][6], key[t][7]))
            elif n == 2:
                st = (_slot(key[t][2], key[t][3]), _slot(key[t][4], key[t][5]))
            else:
                slots = []
                for s in range(n):              # (no generator expression: a closure per group)
                    slots.append(_slot(key[t][2 + 2 * s], key[t][3 + 2 * s]))
                st = tuple(slots)
            gr = (<object>PyTuple_GET_ITEM(GROUP_KINDS, k), st)
        Py_INCREF(gr)
        PyTuple_SET_ITEM(gs, i, gr)
    return (gs, (wpos, _slot(o.g[o.win_g].rep[o.win_s], unswap(o.face, stand_in, o.g[o.win_g].phys[o.win_s]))))


#: every slot ``(rep, phys)`` of two kinds as a tuple, built once (index 34 * rep + phys)
cdef list _SLOT_PAIRS = [(r, p) for r in range(34) for p in range(34)]
#: a reading's group of real tiles only, as it lists it, built once: pairs, pungs, then chows (index
#: 34 * (kind - G_PAIR) + lowest tile; a chow's place past 26 or at rank 8-9 is never read)
cdef list _PLAIN_GROUPS = [(GROUP_KINDS[G_PAIR + k], tuple((t + k // 2 * i, t + k // 2 * i) for i in range(3 if k else 2)))
                           for k in range(3) for t in range(34)]


cdef inline bint _plain_slots(const int8_t* key) noexcept nogil:
    """Every slot of the group ``key`` (see :func:`_canonical_reading`) holds its own kind."""
    cdef int s
    for s in range(key[1]):
        if key[2 + 2 * s] != key[3 + 2 * s]:
            return False
    return True


cdef inline object _slot(int rep, int phys):
    return _SLOT_PAIRS[34 * rep + phys] if 0 <= rep < 34 and 0 <= phys < 34 else (rep, phys)


cdef bint _copy_counts(Hand* H, hand) except -1:
    """Copy ``hand`` (34 bytes or a contiguous (34,) uint8 array, read through numpy's C API: no
    buffer request) into ``H.counts``; False for anything else."""
    cdef cnp.ndarray arr
    if type(hand) is bytes:
        if len(<bytes>hand) != 34:
            return False
        memcpy(H.counts, <const char*>(<bytes>hand), 34)
        return True
    if type(hand) is not np.ndarray:
        return False
    arr = <cnp.ndarray>hand
    if (cnp.PyArray_NDIM(arr) != 1 or cnp.PyArray_DIM(arr, 0) != 34 or cnp.PyArray_TYPE(arr) != cnp.NPY_UINT8
            or cnp.PyArray_STRIDE(arr, 0) != 1):
        return False
    memcpy(H.counts, cnp.PyArray_DATA(arr), 34)
    return True


cdef void held_counts(const Hand* H, int* held) noexcept nogil:
    """The copies of each kind in the concealed counts and the melds."""
    cdef int i, t
    for i in range(34):
        held[i] = H.counts[i]
    for i in range(H.n_melds):
        t = H.mtile[i]
        if H.mkind[i] == 1:
            held[t] += 1
            held[t + 1] += 1
            held[t + 2] += 1
        else:
            held[t] += 3 if H.mkind[i] == 2 else 4


def score_one(Program prog, hand, bytes melds, int win, uint32_t flags, int seat, int round_,
              uint64_t jmask, bint groups=False, int size=-1, uint64_t outside=0, ResultMaker maker=None):
    """Score one hand: ``(status, total, n_substitutes, failed, missing, detail)``; ``total`` an int
    where it is integral, else the program's exact number (``Program.set_results``).

    ``hand``: 34 counts (bytes or a C-contiguous uint8 array); ``melds``: (kind code, lowest tile)
    byte pairs (:data:`MELD_CODES`); ``flags``: bits in the order of :data:`FLAG_NAMES`; ``seat`` /
    ``round_``: 27-30; ``jmask``: joker kinds as bits. ``detail`` (a win): ``(form, fans, factors,
    groups, reading)`` (see ``Program.set_results``) with ``reading = (groups, win)`` when
    ``groups`` is true, else ``None``. With ``size`` >= 0 the hand is checked first (counts 0-4,
    ``size`` tiles with the melds' 3 each, at most four of a kind, nothing in ``outside``, the
    winning tile held) and the call returns ``None`` when a check fails, for the caller's checked
    path to explain; without, the hand must be valid. With a ``maker``, a win is returned as its
    result object (:class:`ResultMaker`; its fields past the total deferred) instead of the tuple.
    """
    if len(melds) > 2 * prog.p.n_sets or len(melds) % 2 or not 0 <= win < 34:
        raise ValueError(f"score_one: at most {prog.p.n_sets} (kind, tile) meld pairs and a winning tile 0-33")
    return _score_one(prog, hand, melds, win, flags, seat, round_, jmask, groups, size, outside, maker)


cdef object _score_one(Program prog, hand, bytes melds, int win, uint32_t flags, int seat, int round_,
                       uint64_t jmask, bint groups, int size, uint64_t outside, ResultMaker maker):
    """:func:`score_one` with its melds (at most ``n_sets`` pairs) and winning tile (0-33) checked."""
    cdef Hand H
    cdef Out o
    cdef const int8_t* mp = <const int8_t*><const char*>melds
    cdef int nm = len(melds) // 2
    load_meta(&H, mp, nm, win, flags, seat, round_, jmask)
    if not _copy_counts(&H, hand):
        if size >= 0:
            return None
        raise ValueError("score_one: 34 counts as bytes or a C-contiguous uint8 array")
    if size >= 0 and check_physical(&prog.p, H.counts, mp, nm, win, flags, size, outside, jmask) != nm:
        return None
    cdef Memo memo_s                            # (on the stack: emptied by one store)
    cdef Memo* memo = NULL
    cdef uint64_t m = jmask
    cdef int held = 0
    while m:                                    # jokers held: their readings repeat their facts
        held += H.counts[mj_ctz64(m)]
        m &= m - 1
    if held >= 2:                               # (one joker: a few readings, little to share)
        memo_s.used = 0
        memo = &memo_s
    with nogil:
        score_hand(&prog.p, &H, &o, NULL, 0, NULL, True, memo)
    if o.status != S_WIN:
        return o.status, 0.0, 0, o.failed, o.missing, None
    o.failed = -1                               # (a win: no condition failed that matters)
    if maker is not None:
        return _make(maker, prog, &o, groups)
    return o.status, _number(prog, o.total), o.n_sub, o.failed, o.missing, _result(prog, &o, groups)


cdef extern from "Python.h":
    object PyBytes_FromStringAndSize(const char* v, Py_ssize_t n)


cdef dict _MELD_CODE = MELD_CODES


def meld_bytes(melds, Py_ssize_t most, type meld_type):
    """The engine's meld bytes (kind code of :data:`MELD_CODES`, lowest tile per meld) of a list or
    tuple of at most ``most`` ``meld_type`` objects (``mjpy.Meld``, none a bare ``kan``); ``None`` for
    anything else (the caller's checked path reads and explains it)."""
    cdef Py_ssize_t n, i
    cdef char buf[16]
    if type(melds) is list:
        n = len(<list>melds)
    elif type(melds) is tuple:
        n = len(<tuple>melds)
    else:
        return None
    if n > most or n > 8:
        return None
    for i in range(n):
        m = <object>(PyList_GET_ITEM(melds, i) if type(melds) is list else PyTuple_GET_ITEM(melds, i))
        if type(m) is not meld_type:
            return None
        code = _MELD_CODE.get(m._kind)
        if code is None:
            return None
        buf[2 * i] = <char><int>code
        buf[2 * i + 1] = <char><int>(<tuple>m._tiles)[0]
    return PyBytes_FromStringAndSize(buf, 2 * n)


cdef class EngineCall:
    """What :class:`ScoreCall` and :class:`WaitsCall` share: the bound rule set ``rs`` and its checked
    path ``checked`` (an unbound ``RuleSet`` method, whose signature the caller gives the call's method:
    ``mjpy.rules.engine.scoring``), its joker kinds
    (``default_mask`` when a call names none, else ``joker_cache`` as ``jokers_cached(flags)`` keys and
    fills it: see :meth:`joker_mask`), melds of ``meld_type`` (:func:`meld_bytes` encodes them), a notation
    string's counts (``str_counts``), its program and result maker, ``size`` tiles of a complete hand and
    the kinds ``outside`` its tile set; ``tile_codes`` the index of each tile name."""

    cdef object rs, checked, jokers_cached, str_counts
    cdef type meld_type
    cdef Program prog
    cdef ResultMaker maker
    cdef dict joker_cache, tile_codes
    cdef frozenset joker_keys
    cdef tuple default_mask
    cdef int n_sets, size
    cdef uint64_t outside

    def __init__(self, rs, checked, jokers_cached, dict joker_cache, type meld_type, str_counts, Program prog,
                 ResultMaker maker, frozenset joker_keys, tuple default_mask, int n_sets, int size, uint64_t outside,
                 dict tile_codes):
        self.rs = rs
        self.checked = checked
        self.jokers_cached = jokers_cached
        self.joker_cache = joker_cache
        self.meld_type = meld_type
        self.str_counts = str_counts
        self.prog = prog
        self.maker = maker
        self.joker_keys = joker_keys
        self.default_mask = default_mask
        self.n_sets = n_sets
        self.size = size
        self.outside = outside
        self.tile_codes = tile_codes

    cdef bint other_flags(self, dict flags) except -1:
        """Whether a call's flags take the checked path: a flag beyond the jokers', or none where the
        rule set's jokers need one (an indicator)."""
        if not flags:
            return self.default_mask[0] is None
        for key in flags:
            if key not in self.joker_keys:
                return True
        return False

    cdef object joker_mask(self, dict flags):
        """The joker kinds' bits of a call's flags (:meth:`other_flags` false): ``default_mask``'s without
        any; for ``joker_tiles`` alone, a list or tuple of tile indices or names, the cache keyed by the
        kinds' bits (the kinds decide the jokers: their order and repeats do not); else keyed as
        ``jokers_cached`` keys it (which fills it, or words the error)."""
        cdef uint64_t m = 0
        if not flags:
            return self.default_mask[1]
        jt = flags.get("joker_tiles")
        if (type(jt) is list or type(jt) is tuple) and len(flags) == 1:
            for x in jt:
                if type(x) is str:
                    x = self.tile_codes.get(x)
                if type(x) is not int or not 0 <= x < 34:
                    m = 0
                    break
                m |= ONE << <int>x
            if m:
                dm = self.joker_cache.get(m)    # (an int key: jokers_cached's keys are tuples)
                if dm is None:
                    dm = self.jokers_cached(flags)
                    if len(self.joker_cache) < 1024:
                        self.joker_cache[m] = dm
                return (<tuple>dm)[1]
        try:
            dm = self.joker_cache.get((flags.get("indicator"), tuple(jt) if type(jt) is list else jt))
        except TypeError:
            dm = None
        if dm is None:
            dm = self.jokers_cached(flags)
        return (<tuple>dm)[1]


cdef class ScoreCall(EngineCall):
    """``score`` of one bound rule set (:class:`EngineCall`), its common call run here without a frame
    of Python (``mjpy.rules.engine.scoring.TableRules`` makes each instance's ``score`` the bound method
    :meth:`score` of one: a method takes its keywords without a dict, as a call of the object would
    not): a winning
    tile 0-33 (an index or a name of ``tile_codes``), situation flags that are ``True`` / ``False`` (none
    of ``slow_bits``), winds of ``wind_index``, encoded melds, no flag but the jokers', and the hand
    checked by the engine (:func:`score_one`; ``base_bits`` the options' flag bits). A hand that is no
    win goes to ``refused(status, failed, missing)``; with ``guarded``, a joker claimed or a
    ``stand_in`` melded to the checked path, as anything else and every error."""

    cdef object refused
    cdef dict wind_index
    cdef uint32_t slow_bits, base_bits
    cdef int stand_in
    cdef bint guarded

    def __init__(self, rs, checked, jokers_cached, dict joker_cache, type meld_type, str_counts, Program prog,
                 ResultMaker maker, frozenset joker_keys, tuple default_mask, int n_sets, int size, uint64_t outside,
                 dict tile_codes, refused, dict wind_index, uint32_t slow_bits, uint32_t base_bits, bint guarded,
                 int stand_in):
        EngineCall.__init__(self, rs, checked, jokers_cached, joker_cache, meld_type, str_counts, prog, maker,
                            joker_keys, default_mask, n_sets, size, outside, tile_codes)
        self.refused = refused
        self.wind_index = wind_index
        self.slow_bits = slow_bits
        self.base_bits = base_bits
        self.guarded = guarded
        self.stand_in = stand_in

    @cython.binding(True)
    def score(self, hand, melds=(), win_tile=None, *, self_drawn=False, after_kong=False,
                 robbing_kong=False, last_tile=False, tianhu=False, dihu=False, seat_wind="E", round_wind="E",
                 dealer=False, context=None, **flags):
        cdef uint32_t bits = 0, i = 1
        cdef bint plain = True, claimed
        cdef uint64_t jm
        cdef Py_ssize_t k
        cdef bytes codes
        while True:                             # (one pass)
            if type(win_tile) is str:
                win_tile = self.tile_codes.get(win_tile, win_tile)
            if type(win_tile) is not int or not 0 <= win_tile < 34 or context is not None:
                break
            if self.other_flags(flags):
                break
            if (after_kong is False and robbing_kong is False and last_tile is False and tianhu is False
                    and dihu is False and dealer is False):
                if self_drawn is True:          # (the common case: one flag to read)
                    bits = 1
                else:
                    plain = self_drawn is False
            else:
                for v in (self_drawn, after_kong, robbing_kong, last_tile, tianhu, dihu, dealer):
                    if v is True:
                        bits |= i
                    elif v is not False:
                        plain = False
                    i <<= 1
            seat, rnd = self.wind_index.get(seat_wind), self.wind_index.get(round_wind)
            codes = meld_bytes(melds, self.n_sets, self.meld_type) if melds else b""
            if not plain or seat is None or rnd is None or bits & self.slow_bits or codes is None:
                break
            jm = self.joker_mask(flags)
            if self.guarded:                    # (a joker claimed, a stand-in melded: explained there)
                claimed = (jm >> <int>win_tile) & 1 and not bits & 1
                for k in range(1, len(codes), 2):
                    claimed |= codes[k] == self.stand_in
                if claimed:
                    break
            # the engine checks the hand and the flags (check_row); None: the checked path explains
            out = _score_one(self.prog, self.str_counts(hand) if type(hand) is str else hand, codes, win_tile,
                             bits | self.base_bits, seat, rnd, jm, jm != 0, self.size, self.outside, self.maker)
            if type(out) is not tuple:
                if out is None:
                    break                       # (the checked path explains)
                return out                      # a win, built by the engine (self.maker)
            if (<tuple>out)[0] == S_MISSING:
                break                           # (the checked path explains, and names the patterns found)
            return self.refused((<tuple>out)[0], (<tuple>out)[3], (<tuple>out)[4])
        return self.checked(self.rs, hand, melds, win_tile, self_drawn=self_drawn, after_kong=after_kong,
                            robbing_kong=robbing_kong, last_tile=last_tile, tianhu=tianhu, dihu=dihu,
                            seat_wind=seat_wind, round_wind=round_wind, dealer=dealer, context=context, **flags)


cdef class WaitsCall(EngineCall):
    """``waits`` of one bound rule set (:class:`EngineCall`), its common call run here (``TableRules``
    makes each instance's ``waits`` the bound method :meth:`waits` of one, as :class:`ScoreCall` for
    ``score``): situation flags that are
    ``True`` / ``False``, situations seen before (``modes_cache``, keyed as ``TableRules._waits`` keys
    them), encoded melds, no flag but the jokers', the hand checked by the engine; each win's result
    from :func:`waits_one` (a fifth copy up to ``plain_limit`` without jokers), named by
    ``tile_names``. Anything else, and every error, goes to the checked path."""

    cdef dict modes_cache
    cdef tuple tile_names
    cdef int plain_limit

    def __init__(self, rs, checked, jokers_cached, dict joker_cache, type meld_type, str_counts, Program prog,
                 ResultMaker maker, frozenset joker_keys, tuple default_mask, int n_sets, int size, uint64_t outside,
                 dict tile_codes, dict modes_cache, tuple tile_names, int plain_limit):
        EngineCall.__init__(self, rs, checked, jokers_cached, joker_cache, meld_type, str_counts, prog, maker,
                            joker_keys, default_mask, n_sets, size, outside, tile_codes)
        self.modes_cache = modes_cache
        self.tile_names = tile_names
        self.plain_limit = plain_limit

    @cython.binding(True)
    def waits(self, hand13, melds=(), *, self_drawn=False, seat_wind="E", round_wind="E", dealer=False,
                 **flags):
        cdef bytes codes
        while True:                             # (one pass)
            if not (self_drawn is False or self_drawn is True) or not (dealer is False or dealer is True):
                break
            if self.other_flags(flags):
                break
            codes = meld_bytes(melds, self.n_sets, self.meld_type) if melds else b""
            if codes is None:
                break
            hand = self.str_counts(hand13) if type(hand13) is str else hand13
            counts = None if hand is None else _check_hand(hand, codes, self.size - 1, self.outside)
            if counts is None:
                break
            try:                                # (the key as TableRules._waits words it for these flags)
                modes = self.modes_cache.get((("self_drawn", self_drawn), ("seat_wind", seat_wind),
                                              ("round_wind", round_wind), ("dealer", dealer)))
            except TypeError:                   # an unhashable wind: the checked path words it
                break
            if modes is None:
                break
            try:
                return waits_by_name(self.prog, counts, codes, self.plain_limit, modes, self.joker_mask(flags),
                                     self.maker, self.tile_names)
            except MissingValues:               # (the checked path words it)
                break
        return self.checked(self.rs, hand13, melds, self_drawn=self_drawn, seat_wind=seat_wind,
                            round_wind=round_wind, dealer=dealer, **flags)


def waits_by_name(Program prog, bytes counts, bytes codes, int plain_limit, modes, uint64_t jmask,
                  ResultMaker maker, tuple names):
    """``{names[tile]: result}`` of a checked waiting hand through :func:`waits_one` (``modes``: the
    situations' flag bits, seat and round; a fifth copy up to ``plain_limit`` without jokers): what
    :class:`WaitsCall` and the rule set's checked path both return."""
    if maker is None or len(names) != 34:
        raise ValueError("waits_by_name: a ResultMaker and 34 tile names")
    return _waits(prog, counts, codes, 4 if jmask else plain_limit, modes[0], modes[1], modes[2], jmask, jmask != 0,
                  maker, names)


cdef int check_row(const uint8_t* h, const int8_t* m, int slots, int win, uint32_t flags, int size,
                   uint64_t outside) noexcept nogil:
    """The number of melds of a hand (-1: bad input), the one check of every entry point: counts 0-4,
    ``slots`` meld (kind code, lowest tile) pairs (an empty slot ends them), ``size`` tiles with the
    melds' 3 each, at most four of a kind with the melds, no kind in ``outside``, the winning tile
    0-33 and held (``size`` 14; -1 elsewhere: none), and consistent flags. The Python boundary
    explains a bad row by the scalar call."""
    cdef int i, j, k, t, total, nm = 0, bad, odd, d
    cdef uint64_t kinds
    cdef int8_t extra[34]                       # copies in the melds (written only at meld tiles)
    if (size % 3 == 2 or win >= 0) and (win < 0 or win > 33 or h[win] < 1):
        return -1
    mj_counts_summary(h, &kinds, &total, &bad, &odd)
    if bad:
        return -1
    for j in range(slots):                      # melds: codes, order, and their tiles' copies
        k = m[2 * j]
        t = m[2 * j + 1]
        if k == 0:
            continue
        if k < 0 or k > 5 or t < 0 or t > 33 or nm != j or (k == M_CHI and (t >= 27 or t % 9 > 6)):
            return -1                           # a bad code, a bad tile, or a meld after an empty slot
        nm += 1
        for d in range(3 if k == M_CHI else 1):
            extra[t + d] = 0
    for j in range(nm):
        k = m[2 * j]
        t = m[2 * j + 1]
        if k == M_CHI:
            for d in range(3):
                extra[t + d] += 1
                kinds |= ONE << (t + d)
        else:
            extra[t] += 3 if k == M_PON else 4
            kinds |= ONE << t
    for j in range(nm):
        t = m[2 * j + 1]
        for d in range(3 if m[2 * j] == M_CHI else 1):
            if h[t + d] + extra[t + d] > 4:
                return -1
    if total != size - 3 * nm or (kinds & outside):
        return -1
    if ((flags & 5) == 5 or (flags & 3) == 2 or (flags & 129) == 129 or (flags & 257) == 257
            or (flags & 6) == 6 or (flags & 258) == 258 or (flags & 260) == 260 or (flags & 48) == 48):
        return -1                               # self-drawn with robbing / triple_ron / kong_discard, after_kong without
                                                # self-drawn, two of after_kong / robbing / kong_discard, tianhu and dihu
    return nm


cdef inline int check_physical(const Prog* P, const uint8_t* h, const int8_t* m, int slots, int win, uint32_t flags,
                               int size, uint64_t outside, uint64_t jmask) noexcept nogil:
    """:func:`check_row` of the physical tiles: with a stand-in (:func:`swap_stand_in`) the melds are in
    play values (a melded joker kind f is a stand-in tile), so the copies are counted on the swapped hand."""
    cdef Hand S
    if P.stand_in < 0 or jmask == 0:
        return check_row(h, m, slots, win, flags, size, outside)
    memcpy(S.counts, h, 34)
    S.win = win
    S.jmask = jmask
    if swap_stand_in(P, &S) < 0:
        return check_row(h, m, slots, win, flags, size, outside)
    return check_row(S.counts, m, slots, S.win, flags, size, outside)


cdef inline int row_melds(const Prog* P, const uint8_t* h, const int8_t* m, int win, uint32_t flags,
                          int size, uint64_t jmask) noexcept nogil:
    """:func:`check_row` of a batch row (a meld slot per set, the rule set's tiles)."""
    return check_physical(P, h, m, P.n_sets, win, flags, size, ~P.kinds & ALL_KINDS, jmask)


cdef Memo* new_memo() noexcept nogil:
    """An empty evaluation memo (NULL when out of memory: the caller scores without one)."""
    cdef Memo* m = <Memo*>malloc(sizeof(Memo))
    if m != NULL:
        m.used = 0
    return m


cdef void run_rows(const Prog* P, const uint8_t* hands, const int8_t* melds, const int32_t* wins,
                   const uint32_t* flags, const uint8_t* winds, const uint64_t* jmasks, double* out, int8_t* status,
                   Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    cdef Hand H
    cdef Out o
    cdef Py_ssize_t r
    cdef int nm
    cdef Memo* memo = new_memo()                        # NULL: scored without one
    for r in range(start, stop):
        nm = row_melds(P, hands + 34 * r, melds + 2 * P.n_sets * r, wins[r], flags[r], 3 * P.n_sets + 2, jmasks[r])
        if nm < 0:
            status[r] = S_BAD
            out[r] = -1
            continue
        load_hand(&H, hands + 34 * r, melds + 2 * P.n_sets * r, nm, wins[r], flags[r], 27 + (winds[r] & 3),
                  27 + ((winds[r] >> 2) & 3), jmasks[r])
        score_hand(P, &H, &o, NULL, 0, NULL, False, memo)
        status[r] = o.status
        out[r] = o.total if o.status == S_WIN else -1
    free(memo)


def score_rows(Program prog, const uint8_t[:, ::1] hands, const int8_t[:, ::1] melds, const int32_t[::1] wins,
               const uint32_t[::1] flags, const uint8_t[::1] winds, const uint64_t[::1] jmasks, double[::1] out,
               int8_t[::1] status, workers=None):
    """Score rows (hands (N, 34), melds (N, 8) (kind code, lowest tile) pairs, winning tiles, flag
    bits, winds ``seat | round << 2`` (0-3 each), joker masks) into ``out`` (the total, -1 when not
    a win) and ``status`` (``STATUS_*``; ``STATUS_BAD``: the row is bad input, checked in the same
    loop), split over ``workers`` threads."""
    cdef Py_ssize_t n = hands.shape[0]
    if not (melds.shape[0] == wins.shape[0] == flags.shape[0] == winds.shape[0] == jmasks.shape[0]
            == out.shape[0] == status.shape[0] == n) or melds.shape[1] != 2 * prog.p.n_sets or hands.shape[1] != 34:
        raise ValueError(f"score_rows: arrays of one length: hands (N, 34), melds (N, {2 * prog.p.n_sets}), "
                         "the others (N,)")
    _split_rows(_run_chunk, n, workers, (prog, hands, melds, wins, flags, winds, jmasks, out, status))


def _split_rows(chunk_fn, Py_ssize_t n, workers, tuple args):
    """``chunk_fn(*args, start, stop)`` over rows ``[0, n)`` in one chunk per worker thread."""
    cdef int w = resolve_workers(workers), i
    cdef Py_ssize_t chunk
    if n == 0:
        return
    if w > n:
        w = <int>n
    chunk = (n + w - 1) // w
    if w == 1:
        chunk_fn(*args, 0, n)
        return
    ex = _executor(w)
    futs = [ex.submit(chunk_fn, *args, i * chunk, min(n, (i + 1) * chunk)) for i in range(w)]
    for f in futs:
        f.result()


def _run_chunk(Program prog, const uint8_t[:, ::1] hands, const int8_t[:, ::1] melds, const int32_t[::1] wins,
               const uint32_t[::1] flags, const uint8_t[::1] winds, const uint64_t[::1] jmasks, double[::1] out,
               int8_t[::1] status, Py_ssize_t start, Py_ssize_t stop):
    if stop <= start:
        return
    with nogil:
        run_rows(&prog.p, &hands[0, 0], &melds[0, 0], &wins[0], &flags[0], &winds[0], &jmasks[0], &out[0],
                 &status[0], start, stop)


cdef void wait_rows(const Prog* P, const uint8_t* hands, const int8_t* melds, const uint32_t* flags,
                    const uint32_t* flags2, const uint8_t* winds, const uint64_t* jmasks, int limit, bint lowest, double* out,
                    int8_t* status, Py_ssize_t start, Py_ssize_t stop) noexcept nogil:
    cdef Py_ssize_t r
    cdef int nm
    cdef bint found
    cdef double best
    cdef Memo* memo = new_memo()                        # NULL: scored without one
    for r in range(start, stop):
        nm = row_melds(P, hands + 34 * r, melds + 2 * P.n_sets * r, -1, flags[r], 3 * P.n_sets + 1, jmasks[r])
        if nm < 0:
            status[r] = S_BAD
            out[r] = -1
            continue
        found = best_wait(P, hands + 34 * r, melds + 2 * P.n_sets * r, nm, flags[r], flags2[r], 27 + (winds[r] & 3),
                          27 + ((winds[r] >> 2) & 3), jmasks[r], 4 if jmasks[r] and limit > 4 else limit, lowest,
                          memo, &best)
        status[r] = S_WIN if found > 0 else (S_MISSING if found < 0 else S_INCOMPLETE)
        out[r] = best if found > 0 else -1
    free(memo)


cdef inline int wait_tiles(uint64_t cand, const int* held, int limit, int* ts) noexcept nogil:
    """The kinds of ``cand`` of which the hand and its melds hold fewer than ``limit`` (``held``), ascending,
    into ``ts``: the tiles a waiting hand's search scores; their number."""
    cdef int t, n = 0
    while cand:
        t = mj_ctz64(cand)
        cand &= cand - 1
        if held[t] < limit:
            ts[n] = t
            n += 1
    return n


cdef int best_wait(const Prog* P, const uint8_t* counts, const int8_t* melds, int nm, uint32_t flags,
                   uint32_t flags2, int seat, int rnd, uint64_t jmask, int limit, bint lowest, Memo* memo,
                   double* best) noexcept nogil:
    """The best (``lowest``: the lowest) total over the winning tiles of one valid waiting hand into
    ``best``, each tile scored under ``flags`` and ``flags2`` (two modes, e.g. self-drawn and on a
    discard; the same for one) keeping the higher: 1, or 0 when no tile wins, -1 when a tile's win
    needs a value not given in some mode (the hand's waits are refused, as :func:`waits_one`'s). A tile
    whose results are an earlier one's with the kinds traded (:func:`alike_tiles`) scores alike: it is
    not searched."""
    cdef Hand H
    cdef Out o[2]
    cdef Ctx c
    cdef int held[34]
    cdef int ts[34]
    cdef int like[34]
    cdef int t, m, i, n, n_modes = 1 if flags2 == flags else 2, found = 0
    cdef bint won, shared
    cdef double v
    cdef uint64_t cand
    cdef uint32_t fl[2]
    fl[0] = flags
    fl[1] = flags2
    shared = modes_share(fl, n_modes)
    best[0] = 0
    load_hand(&H, counts, melds, nm, 0, flags, seat, rnd, jmask)
    swap_stand_in(P, &H)
    cand = wait_candidates(P, H.counts, nm, H.jmask) & P.kinds
    if cand == 0:                               # not waiting: nothing to set up
        return False
    held_counts(&H, held)
    n = wait_tiles(cand, held, limit, ts)
    alike_tiles(P, &H, held, ts, n, like)
    ctx_init(&c, P, NULL, 0, False, memo)
    setup_meta(&c, P, &H)
    for i in range(n):
        if like[i] >= 0:
            continue
        t = ts[i]
        won = False
        v = 0
        score_wait_modes(&c, &H, t, fl, n_modes, shared, o)
        for m in range(n_modes):
            if o[m].status == S_MISSING:
                return -1
            if o[m].status == S_WIN and (not won or o[m].total > v):
                won = True
                v = o[m].total
        if won and (not found or (v < best[0] if lowest else v > best[0])):
            found = 1
            best[0] = v
    return found


def best_wait_one(Program prog, bytes counts, bytes melds, uint32_t flags, uint32_t flags2, int limit, bint lowest):
    """:func:`best_wait_rows` of one valid waiting hand (34 count bytes, (kind code, lowest tile)
    meld byte pairs, the flag bits of the two modes, seat and round 东): the total, or ``None`` when
    no tile wins; a ValueError where a tile's win needs a value not given."""
    cdef Memo* memo
    cdef double best
    cdef int found
    cdef const uint8_t* cp = <const uint8_t*><const char*>counts
    cdef const int8_t* mp = <const int8_t*><const char*>melds
    cdef int nm = len(melds) // 2
    if len(counts) != 34 or len(melds) > 2 * prog.p.n_sets or len(melds) % 2 or not 1 <= limit <= 5:
        raise ValueError(f"best_wait_one: 34 counts, at most {prog.p.n_sets} (kind, tile) meld pairs and a limit "
                         "of 1-5")
    memo = new_memo()
    if memo == NULL:
        raise MemoryError()
    with nogil:
        found = best_wait(&prog.p, cp, mp, nm, flags, flags2, 27, 27, 0, limit, lowest, memo, &best)
    free(memo)
    if found < 0:
        raise ValueError("best_wait_one: a tile's win needs a value not given")
    return _number(prog, best) if found else None


def best_wait_rows(Program prog, const uint8_t[:, ::1] hands, const int8_t[:, ::1] melds,
                   const uint32_t[::1] flags, const uint32_t[::1] flags2, const uint8_t[::1] winds,
                   const uint64_t[::1] jmasks, int limit, bint lowest, double[::1] out, int8_t[::1] status,
                   workers=None):
    """The best total over the winning tiles of waiting hands (查大叫; ``lowest``: the lowest): hands
    (N, 34) of 13 tiles with their melds, the other arrays as :func:`score_rows`'s; each tile is scored
    under ``flags`` and ``flags2`` (two modes: self-drawn and on a discard, or twice the same) and keeps
    the higher total; a wait on a kind
    of which the hand and melds hold ``limit`` copies or more is not counted (``limit`` 5: a virtual
    fifth copy, in the rows without jokers). ``out``: the total, -1 when no tile wins; ``status``:
    ``STATUS_WIN``, ``STATUS_INCOMPLETE`` (no wait), ``STATUS_MISSING`` (a tile's win needs a value not
    given: the row is refused, ``out`` -1) or ``STATUS_BAD`` (bad input)."""
    cdef Py_ssize_t n = hands.shape[0]
    if (not (melds.shape[0] == flags.shape[0] == flags2.shape[0] == winds.shape[0] == jmasks.shape[0]
             == out.shape[0] == status.shape[0] == n) or melds.shape[1] != 2 * prog.p.n_sets
            or hands.shape[1] != 34 or not 1 <= limit <= 5):
        raise ValueError(f"best_wait_rows: arrays of one length: hands (N, 34), melds (N, {2 * prog.p.n_sets}), "
                         "the others (N,); a limit of 1-5")
    _split_rows(_wait_chunk, n, workers, (prog, hands, melds, flags, flags2, winds, jmasks, limit, lowest, out, status))


def _wait_chunk(Program prog, const uint8_t[:, ::1] hands, const int8_t[:, ::1] melds, const uint32_t[::1] flags,
                const uint32_t[::1] flags2, const uint8_t[::1] winds, const uint64_t[::1] jmasks, int limit, bint lowest, double[::1] out,
                int8_t[::1] status, Py_ssize_t start, Py_ssize_t stop):
    if stop <= start:
        return
    with nogil:
        wait_rows(&prog.p, &hands[0, 0], &melds[0, 0], &flags[0], &flags2[0], &winds[0], &jmasks[0], limit, lowest,
                       &out[0], &status[0], start, stop)


def melds_from_counts(const int8_t[:, ::1] counts, int8_t[:, ::1] out):
    """Per-kind meld counts (N, 34) (3 a pon, 4 a kong, 0 none: Sichuan's encoding) -> ``out``
    (N, 8) (kind code, lowest tile) pairs, melds first (pon 2, a kong as minkan 3). Returns the
    first row with another entry, an honor or more than four melds (-1: none)."""
    cdef Py_ssize_t n = counts.shape[0], r, bad = -1
    cdef int t, k, x
    cdef uint64_t w, any_
    cdef const int8_t* row
    cdef int8_t* o
    if counts.shape[1] != 34 or out.shape[0] != n or out.shape[1] != 8:
        raise ValueError("melds_from_counts: counts (N, 34) and out (N, 8)")
    if n == 0:
        return -1
    with nogil:
        for r in range(n):
            row = &counts[r, 0]
            o = &out[r, 0]
            memset(o, 0, 8)
            any_ = <uint64_t>(row[32] | row[33])
            for t in range(0, 32, 8):           # most rows hold no meld: eight counts at a time
                memcpy(&w, row + t, 8)
                any_ |= w
            if any_ == 0:
                continue
            k = 0
            for t in range(34):
                x = row[t]
                if x == 0:
                    continue
                if (x != 3 and x != 4) or t >= 27 or k == 4:
                    bad = r
                    break
                o[2 * k] = M_PON if x == 3 else M_MINKAN
                o[2 * k + 1] = t
                k += 1
            if bad >= 0:
                break
    return bad


def dump_readings(Program prog, bytes counts, bytes melds, int win, uint32_t flags, int seat, int round_,
                  uint64_t jmask, int cap=100000):
    """Every reading the compiled engine scores, with its facts (the tests check them fact by
    fact against the Python twin): ``[(form, groups, win, facts), ...]``."""
    cdef Hand H
    cdef Out o
    cdef int n = 0, i, k, s
    cdef Dump* d
    if len(counts) != 34 or len(melds) > 2 * prog.p.n_sets or len(melds) % 2:
        raise ValueError(f"dump_readings: 34 counts and at most {prog.p.n_sets} (kind, tile) meld pairs")
    d = <Dump*>malloc(cap * sizeof(Dump))
    if d == NULL:
        raise MemoryError()
    load_hand(&H, <const uint8_t*>counts, <const int8_t*><const char*>melds, len(melds) // 2, win, flags, seat,
              round_, jmask)
    try:
        with nogil:
            score_hand(&prog.p, &H, &o, d, cap, &n)
        out = []
        for i in range(n):
            groups = [(GROUP_KINDS[d[i].g[k].kind], tuple((d[i].g[k].rep[s], d[i].g[k].phys[s])
                                                         for s in range(d[i].g[k].n))) for k in range(d[i].ng)]
            out.append((FORMS[d[i].form], groups, (d[i].win_g, groups[d[i].win_g][1][d[i].win_s]),
                        [d[i].facts[k] for k in range(NF)]))
        return out
    finally:
        free(d)


def search_counts(Program prog, bytes counts, bytes melds, int win, uint32_t flags, int seat, int round_,
                  uint64_t jmask, bint detail=True):
    """For the tests: ``(readings scored, nodes, passes)`` of score_one's search of the hand (``detail`` False:
    the batches', which keep the total alone): the nodes of the standard search with jokers (:func:`split` past
    its checks, :func:`place_split`'s splits), its passes (0 unbounded: no aim; 1 where the first, of the readings
    the aims allow, found every aim; 2 where every reading was read again)."""
    cdef Hand H
    cdef Out o
    cdef int got[3]
    if len(counts) != 34 or len(melds) > 2 * prog.p.n_sets or len(melds) % 2:
        raise ValueError(f"search_counts: 34 counts and at most {prog.p.n_sets} (kind, tile) meld pairs")
    load_hand(&H, <const uint8_t*>counts, <const int8_t*><const char*>melds, len(melds) // 2, win, flags, seat,
              round_, jmask)
    with nogil:
        score_hand(&prog.p, &H, &o, NULL, 0, NULL, detail, NULL, got)
    return got[0], got[1], got[2]


def aim_of(Program prog, bytes counts, bytes melds, int win, uint32_t flags, int seat, int round_, uint64_t jmask,
           bint seven=False):
    """For the tests: the best a standard reading of the hand can score by :func:`aim_standard` (``seven``: a
    seven pairs reading, :func:`seven_aim`; :func:`seven_alone` where the hand has no standard reading), as
    ``(total, substitutes)``, or None where the search has no aim (no joker held, a table that reads more, a
    value not given)."""
    cdef Hand H
    cdef Out o
    cdef Ctx c
    if len(counts) != 34 or len(melds) > 2 * prog.p.n_sets or len(melds) % 2:
        raise ValueError(f"aim_of: 34 counts and at most {prog.p.n_sets} (kind, tile) meld pairs")
    load_hand(&H, <const uint8_t*>counts, <const int8_t*><const char*>melds, len(melds) // 2, win, flags, seat,
              round_, jmask)
    if prog.p.stand_in >= 0 and H.jmask:
        swap_stand_in(&prog.p, &H)
    ctx_init(&c, &prog.p, NULL, 0, True, NULL)            # (score_one's aim)
    setup_meta(&c, &prog.p, &H)
    setup_counts(&c, &o)
    if not prog.p.aim_kind or not c.n_jk:
        return None
    if seven and prog.p.aim_seven and H.n_melds == 0 and not standard_may(&c, prog.p.n_sets):
        seven_alone(&c)                         # (as the search: no standard reading, seven pairs' own aim)
        return (_number(prog, o.s7_total), o.s7_sub) if o.s7 else None
    aim_standard(&c, prog.p.n_sets - H.n_melds)
    if seven:
        return (_number(prog, o.s7_total), o.s7_sub) if o.aim and o.s7 else None
    return (_number(prog, o.aim_total), o.aim_sub) if o.aim else None


def _set_joker_search(str how):
    """For the tests only (not thread-safe): find the standard readings of hands with jokers
    ``"substitutes"`` first (:func:`joker_std`), or slot by slot (:func:`split`: ``"slots"``, and ``"auto"``,
    the default); both give the same readings, in orders of their own (a reading scoring alike may differ)."""
    global joker_search
    if how not in ("auto", "slots", "substitutes"):
        raise ValueError(f"_set_joker_search: 'auto', 'slots' or 'substitutes', not {how!r}")
    joker_search = ("auto", "slots", "substitutes").index(how)


def _set_aim(bint on):
    """For the tests only (not thread-safe): stop the standard search at a known best
    (:func:`aim_standard`) and, where only the refusal is reported, at a reading needing a value not
    given (on by default), or see every reading; both give the same results."""
    global aim_search
    aim_search = on


def _set_aim_req(bint on):
    """For the tests only (not thread-safe): the slot-by-slot search's first pass reads only the readings
    holding what every aim needs (``Out.req``: the winning tile's place, a straight) (on by default), or
    every reading of no more substitutes; both give the same results."""
    global aim_req
    aim_req = on


def check_hand(hand, bytes melds, int size, uint64_t outside):
    """The 34 counts of ``hand`` (bytes or a C-contiguous uint8 array) as bytes when the hand is
    valid with ``melds`` ((kind code, lowest tile) byte pairs, valid): counts 0-4, ``size`` tiles
    with the melds' 3 each, at most four of a kind with the melds, nothing in ``outside``; ``None``
    otherwise (the caller's checked path explains)."""
    if len(melds) > 2 * MAX_MELDS or len(melds) % 2:
        raise ValueError(f"check_hand: at most {MAX_MELDS} (kind, tile) meld pairs")
    return _check_hand(hand, melds, size, outside)


cdef object _check_hand(hand, bytes melds, int size, uint64_t outside):
    """:func:`check_hand` with its melds (at most ``MAX_MELDS`` pairs) checked."""
    cdef Hand H
    load_meta(&H, <const int8_t*><const char*>melds, len(melds) // 2, -1, 0, 27, 27, 0)
    if not _copy_counts(&H, hand) or check_row(H.counts, <const int8_t*><const char*>melds, H.n_melds, -1, 0, size,
                                               outside) != H.n_melds:
        return None
    return (<char*>H.counts)[:34]


def waits_one(Program prog, bytes counts, bytes melds, int limit, modes, int seat, int round_, uint64_t jmask,
              bint groups=False, ResultMaker maker=None):
    """The winning tiles of a validated waiting hand: ``[(tile, mode, total, n_substitutes,
    detail), ...]`` for each kind of the rule set of which the hand and its melds hold fewer than
    ``limit`` that wins under one of ``modes`` (flag bits, tried in order; the first of equal
    totals is kept); ``total`` and ``detail`` as :func:`score_one`'s, or with a ``maker``
    ``(tile, mode, result object)``, its fields past the total deferred (:class:`DeferredWin`). The
    kernel's win check skips the tiles that complete no shape. A tile of which the hand holds four
    (a virtual fifth copy: ``limit`` 5) is allowed only without jokers. A tile whose win needs a value not
    given under some of ``modes`` refuses the hand: :class:`MissingValues`."""
    return _waits(prog, counts, melds, limit, modes, seat, round_, jmask, groups, maker, None)


class MissingValues(ValueError):
    """A waiting hand's waits are refused: winning on ``tiles`` (kind indices, ascending) scores, in some situation
    tried, a row whose value is an unset option (``names``: the program's option names, sorted); the rule set
    words the error."""

    def __init__(self, tuple tiles, tuple names):
        super().__init__(f"winning on tiles {list(tiles)} needs the values of {', '.join(names)}")
        self.tiles = tiles
        self.names = names


cdef int _refuse_waits(Program prog, Ctx* c, Hand* H, const int* ts, const int* like, int n_tiles, const uint32_t* fl,
                       int n_modes, bint shared, Out* outs) except -1:
    """Raise :class:`MissingValues` where a winning tile ``ts[i]`` of the hand set up in ``c`` and ``H`` (searched:
    ``like[i]`` < 0, each situation's result in ``outs[i * n_modes:]``) needs a value not given in some situation:
    each such tile searched again reading on, to name every value its readings need."""
    cdef int i, m, k
    cdef uint64_t missing = 0
    cdef bint refused[34]
    for i in range(n_tiles):
        refused[i] = False
        if like[i] >= 0:                        # (a tile taking another's results needs what that one needs)
            refused[i] = refused[like[i]]
            continue
        for m in range(n_modes):
            if outs[i * n_modes + m].status == S_MISSING:
                refused[i] = True
                c.stop_missing = False
                with nogil:
                    score_wait_modes(c, H, ts[i], fl, n_modes, shared, &outs[i * n_modes])
                for k in range(n_modes):
                    missing |= outs[i * n_modes + k].missing
                break
    if missing:
        tiles = sorted([unswap(H.face, prog.p.stand_in, ts[i]) for i in range(n_tiles) if refused[i]])
        raise MissingValues(tuple(tiles), tuple(sorted({prog.option_names[i] for i in range(64) if missing >> i & 1})))
    return 0


cdef object _waits(Program prog, bytes counts, bytes melds, int limit, modes, int seat, int round_, uint64_t jmask,
                   bint groups, ResultMaker maker, tuple names):
    """:func:`waits_one`, or with ``names`` (and a ``maker``) ``{names[tile]: result object}`` in the order
    of the tiles."""
    cdef Hand H
    cdef Ctx c
    cdef Out* outs = NULL
    cdef Memo* memo = new_memo()
    cdef int ts[34]
    cdef int t, m, i, n_modes = len(modes), n_tiles, best_m, src
    cdef bint shared, passed
    cdef uint64_t cand
    cdef int held[34]
    cdef int like[34]                   # per tile searched: the earlier one whose results it takes (-1: none)
    cdef uint32_t fl[8]
    cdef const int8_t* mp = <const int8_t*><const char*>melds
    cdef int nm = len(melds) // 2
    if memo == NULL:
        raise MemoryError()
    try:
        if n_modes > 8 or len(counts) != 34 or len(melds) > 2 * prog.p.n_sets or len(melds) % 2 or not 1 <= limit <= 5:
            raise ValueError(f"waits_one: 34 counts, at most {prog.p.n_sets} melds, 8 modes and a limit of 1-5")
        if limit > 4 and jmask:
            raise ValueError("waits_one: a fifth copy with jokers")
        for m in range(n_modes):
            fl[m] = modes[m]
        shared = modes_share(fl, n_modes)
        load_hand(&H, <const uint8_t*>counts, mp, nm, 0, 0, seat, round_, jmask)
        swap_stand_in(&prog.p, &H)
        held_counts(&H, held)
        # the kernel's waits (a fifth copy included: a wait on a kind the player holds four of, for rule
        # sets that count it; never with jokers): the tiles searched, all in one stretch without the GIL
        cand = wait_candidates(&prog.p, H.counts, nm, H.jmask, &passed)
        n_tiles = wait_tiles(cand & prog.p.kinds, held, limit, ts)
        outs = <Out*>malloc((n_tiles if n_tiles else 1) * n_modes * sizeof(Out))
        if outs == NULL:
            raise MemoryError()
        ctx_init(&c, &prog.p, NULL, 0, True, memo)
        c.kernel_passed = passed
        c.stop_missing = True           # (a tile needing a value not given is left out, unnamed)
        setup_meta(&c, &prog.p, &H)
        with nogil:
            alike_tiles(&prog.p, &H, held, ts, n_tiles, like)
            for i in range(n_tiles):
                if like[i] < 0:
                    score_wait_modes(&c, &H, ts[i], fl, n_modes, shared, &outs[i * n_modes])
        _refuse_waits(prog, &c, &H, ts, like, n_tiles, fl, n_modes, shared, outs)
        by_name = names is not None and H.face < 0
        out = {} if by_name else []
        for i in range(n_tiles):
            t = ts[i]
            src = like[i] if like[i] >= 0 else i
            if src != i:                        # (every situation's: a later tile may take them from this one)
                for m in range(n_modes):
                    swapped_out(&outs[src * n_modes + m], &outs[i * n_modes + m], ts[src], t)
            best_m = -1
            for m in range(n_modes):
                if outs[i * n_modes + m].status == S_WIN and (
                        best_m < 0 or outs[i * n_modes + m].total > outs[i * n_modes + best_m].total):
                    best_m = m
            if best_m >= 0 and by_name:
                out[<object>PyTuple_GET_ITEM(names, t)] = _make(maker, prog, &outs[i * n_modes + best_m], groups)
            elif best_m >= 0 and maker is not None:
                out.append((unswap(H.face, prog.p.stand_in, t), best_m,
                            _make(maker, prog, &outs[i * n_modes + best_m], groups)))
            elif best_m >= 0:
                out.append((unswap(H.face, prog.p.stand_in, t), best_m, _number(prog, outs[i * n_modes + best_m].total),
                            outs[i * n_modes + best_m].n_sub, _result(prog, &outs[i * n_modes + best_m], groups)))
        if H.face >= 0:
            out.sort(key=lambda x: x[0])
            if names is not None:
                return {names[x[0]]: x[2] for x in out}
        return out
    finally:
        free(outs)
        free(memo)
