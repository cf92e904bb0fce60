# cython: language_level=3
"""Sichuan fan evaluation without the GIL: 查大叫 (best fan over the waits) and complete hands.

The fan table stays data in :mod:`mjpy.rules.sichuan`; :func:`compile_profile` turns the rows
active under a :class:`~mjpy.rules.sichuan.SichuanOptions` into a :class:`Profile` (fact bit masks
and values), and the functions here only read it. Facts and fan rules match ``sichuan._facts`` /
``sichuan._evaluate`` (the tests compare the two on random hands).

Inputs are trusted: the Python callers validate counts (0-4, no honors), melds (0, 3 or 4 per
suited tile) and sizes before calling.
"""
import numpy as np

from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t, uint64_t

from mjcore._kernel cimport Lookup, four_mask, lookup, mj_ctz64, seven_pairs_complete, seven_pairs_distance
from mjcore._kernel cimport seven_pairs_waits, std_complete, std_waits
from mjcore._tables cimport Tables, get_tables

from mjcore.batch import _executor, resolve_workers


# fact bits (a row holds when all of its ``requires`` bits are set and none of its ``forbids``)
cdef enum:
    F_STD = 1 << 0
    F_SEVEN = 1 << 1
    F_QUADS = 1 << 2
    F_ALLPUNG = 1 << 3
    F_YAOJIU = 1 << 4
    F_QING = 1 << 5
    F_JIANG = 1 << 6
    F_SELF_DRAWN = 1 << 7
    F_GANGSHANGHUA = 1 << 8
    F_GANGSHANGPAO = 1 << 9
    F_QIANGGANG = 1 << 10
    F_TIANHU = 1 << 11
    F_DIHU = 1 << 12

# count sources of the extra (另加) rows
cdef enum:
    SRC_GEN = 0
    SRC_KONGS = 1
    SRC_GANGSHANGHUA = 2
    SRC_GANGSHANGPAO = 3
    SRC_QIANGGANG = 4
    N_SRC = 5

cdef enum:
    MAX_ROWS = 24

FACT_BITS = {"std": F_STD, "seven": F_SEVEN, "quads": F_QUADS, "allpung": F_ALLPUNG, "yaojiu": F_YAOJIU,
             "qing": F_QING, "jiang": F_JIANG, "self_drawn": F_SELF_DRAWN, "gangshanghua": F_GANGSHANGHUA,
             "gangshangpao": F_GANGSHANGPAO, "qianggang": F_QIANGGANG, "tianhu": F_TIANHU, "dihu": F_DIHU}
COUNT_SOURCES = {"gen": SRC_GEN, "kongs": SRC_KONGS, "gangshanghua": SRC_GANGSHANGHUA,
                 "gangshangpao": SRC_GANGSHANGPAO, "qianggang": SRC_QIANGGANG}

cdef struct Prof:
    int nbase
    unsigned int base_req[MAX_ROWS]
    unsigned int base_forb[MAX_ROWS]
    int base_val[MAX_ROWS]
    int base_genminus[MAX_ROWS]
    int nextra
    int extra_src[MAX_ROWS]
    int extra_val[MAX_ROWS]
    int gen_val
    bint sum_stacking
    int cap                     # -1: no cap
    bint use_max                # 查大叫 pays the maximum (else the minimum) over the waits
    bint count_exhausted
    bint gen_pon_held
    bint kong_as_gen
    bint yaojiu_pair_terminal


cdef class Profile:
    """A compiled fan table (see :func:`compile_profile`); immutable, shared across threads."""
    cdef Prof p
    cdef readonly str name
    cdef readonly tuple args

    def __reduce__(self):
        return compile_profile, self.args

    def __repr__(self):
        return f"<Profile {self.name}: {self.p.nbase} base rows, {self.p.nextra} extra rows>"


def compile_profile(str name, base_rows, extra_rows, int gen_val, bint sum_stacking, cap, bint use_max,
                    bint count_exhausted, bint gen_pon_held, bint kong_as_gen, bint yaojiu_pair_terminal):
    """``base_rows``: ``(requires_mask, forbids_mask, value, gen_minus)``; ``extra_rows``:
    ``(count_source, value)``; masks and sources from :data:`FACT_BITS` / :data:`COUNT_SOURCES`."""
    cdef Profile P = Profile.__new__(Profile)
    cdef int i
    if len(base_rows) > MAX_ROWS or len(extra_rows) > MAX_ROWS:
        raise ValueError(f"a fan table holds at most {MAX_ROWS} base and {MAX_ROWS} extra rows")
    P.name = name
    P.args = (name, tuple(map(tuple, base_rows)), tuple(map(tuple, extra_rows)), gen_val, sum_stacking, cap,
              use_max, count_exhausted, gen_pon_held, kong_as_gen, yaojiu_pair_terminal)
    P.p.nbase = len(base_rows)
    for i, (req, forb, val, gm) in enumerate(base_rows):
        P.p.base_req[i] = req
        P.p.base_forb[i] = forb
        P.p.base_val[i] = val
        P.p.base_genminus[i] = gm
    P.p.nextra = len(extra_rows)
    for i, (src, val) in enumerate(extra_rows):
        if not 0 <= src < N_SRC:
            raise ValueError(f"unknown count source {src}")
        P.p.extra_src[i] = src
        P.p.extra_val[i] = val
    P.p.gen_val = gen_val
    P.p.sum_stacking = sum_stacking
    P.p.cap = -1 if cap is None else int(cap)
    P.p.use_max = use_max
    P.p.count_exhausted = count_exhausted
    P.p.gen_pon_held = gen_pon_held
    P.p.kong_as_gen = kong_as_gen
    P.p.yaojiu_pair_terminal = yaojiu_pair_terminal
    return P


# ---------------------------------------------------------------------------------------------
# facts and totals

cdef inline bint is_terminal(int t) noexcept nogil:
    cdef int r = t % 9
    return r == 0 or r == 8


cdef inline bint sets_only_terminal(const int* c) noexcept nogil:
    """The suited counts split into 123/789/111/999 sets only (every set holds a 1 or a 9)."""
    cdef int b, r1, r9
    for b in range(0, 27, 9):
        if c[b + 3] or c[b + 4] or c[b + 5] or c[b + 1] != c[b + 2] or c[b + 6] != c[b + 7]:
            return False
        r1 = c[b] - c[b + 1]
        r9 = c[b + 8] - c[b + 7]
        if r1 < 0 or r9 < 0 or r1 % 3 or r9 % 3:
            return False
    return True


cdef inline bint yaojiu(int* c, const int8_t* m, bint pair_terminal) noexcept nogil:
    """带幺九: every meld holds a terminal (Sichuan melds are pungs/kongs: a 1 or 9 tile) and the
    concealed tiles split into terminal sets and a pair (a terminal pair unless not ``pair_terminal``)."""
    cdef int t
    cdef bint ok
    for t in range(27):
        if m[t] and not is_terminal(t):
            return False
    for t in range(27):
        if c[t] >= 2 and (not pair_terminal or is_terminal(t)):
            c[t] -= 2
            ok = sets_only_terminal(c)
            c[t] += 2
            if ok:
                return True
    return False


cdef struct HandBase:
    int suits            # suits held (concealed and melds), bit s
    int n1               # concealed kinds with count % 3 == 1
    int n2               # concealed kinds with count % 3 == 2
    int quads            # concealed kinds held four (or five) times
    int gen_pons         # 碰 with the fourth copy held (when the option counts them)
    int kongs
    int middle           # concealed tiles of rank 4-6 (no 带幺九 while any)
    bint jiang           # every tile a 2, 5 or 8
    bint melds_terminal  # every meld of a 1 or a 9


cdef inline void hand_base(const int* c, const int8_t* m, const Prof* P, HandBase* B) noexcept nogil:
    """The facts of the concealed counts ``c`` and melds ``m`` that :func:`add_tile` updates."""
    cdef int t, x, r, rank
    B.suits = 0
    B.n1 = 0
    B.n2 = 0
    B.quads = 0
    B.gen_pons = 0
    B.kongs = 0
    B.middle = 0
    B.jiang = True
    B.melds_terminal = True
    for t in range(27):
        x = c[t]
        rank = t % 9
        if x:
            B.suits |= 1 << (t // 9)
            r = x % 3
            B.n1 += r == 1
            B.n2 += r == 2
            B.quads += x >= 4
            if rank != 1 and rank != 4 and rank != 7:
                B.jiang = False
            if 3 <= rank <= 5:
                B.middle += x
        if m[t]:
            B.suits |= 1 << (t // 9)
            if rank != 1 and rank != 4 and rank != 7:
                B.jiang = False
            if rank != 0 and rank != 8:
                B.melds_terminal = False
            if m[t] == 4:
                B.kongs += 1
            elif P.gen_pon_held and x >= 1:
                B.gen_pons += 1


cdef inline void add_tile(HandBase* B, int x, int t, const int8_t* m, const Prof* P) noexcept nogil:
    """Update ``B`` for one more copy of ``t``, of which the hand held ``x``."""
    cdef int rank = t % 9
    cdef int r0 = x % 3, r1 = (x + 1) % 3
    B.suits |= 1 << (t // 9)
    B.n1 += (r1 == 1) - (r0 == 1)
    B.n2 += (r1 == 2) - (r0 == 2)
    B.quads += x == 3
    if rank != 1 and rank != 4 and rank != 7:
        B.jiang = False
    if 3 <= rank <= 5:
        B.middle += 1
    if x == 0 and m[t] == 3 and P.gen_pon_held:
        B.gen_pons += 1


cdef inline int total_of(int* c, const int8_t* m, const HandBase* B, bint std, bint seven, unsigned int flags,
                         const Prof* P) noexcept nogil:
    """Total (after the cap) of a complete hand: ``c`` its 27 concealed counts (a virtual fifth copy
    allowed), ``m`` melds (3 pon, 4 kong), ``B`` its :func:`hand_base`, ``std``/``seven`` its forms,
    ``flags`` situational bits."""
    cdef int i, g, v, best
    cdef int gen = B.quads + B.gen_pons + (B.kongs if P.kong_as_gen else 0)
    cdef int counts[N_SRC]
    if std:
        flags |= F_STD
        if B.melds_terminal and not B.middle and yaojiu(c, m, P.yaojiu_pair_terminal):
            flags |= F_YAOJIU
    if seven:
        flags |= F_SEVEN
    if B.quads:
        flags |= F_QUADS
    if B.n1 == 0 and B.n2 == 1:
        flags |= F_ALLPUNG
    if B.suits == 1 or B.suits == 2 or B.suits == 4:
        flags |= F_QING
    if B.jiang:
        flags |= F_JIANG
    counts[SRC_GEN] = gen
    counts[SRC_KONGS] = B.kongs
    counts[SRC_GANGSHANGHUA] = (flags & F_GANGSHANGHUA) != 0
    counts[SRC_GANGSHANGPAO] = (flags & F_GANGSHANGPAO) != 0
    counts[SRC_QIANGGANG] = (flags & F_QIANGGANG) != 0
    v = 0
    for i in range(P.nextra):
        v += P.extra_val[i] * counts[P.extra_src[i]]
    if P.sum_stacking:
        v += gen * P.gen_val
        for i in range(P.nbase):
            if (flags & P.base_req[i]) == P.base_req[i] and not (flags & P.base_forb[i]):
                v += P.base_val[i]
    else:
        best = -1
        for i in range(P.nbase):
            if (flags & P.base_req[i]) == P.base_req[i] and not (flags & P.base_forb[i]):
                g = gen - P.base_genminus[i]
                if g < 0:
                    g = 0
                g = P.base_val[i] + g * P.gen_val
                if g > best:
                    best = g
        if best > 0:
            v += best
    if P.cap >= 0 and v > P.cap:
        v = P.cap
    return v


cdef inline int suit_mask(const uint8_t* h, const int8_t* m) noexcept nogil:
    cdef int t, s = 0
    for t in range(27):
        if h[t] or m[t]:
            s |= 1 << (t // 9)
    return s


cdef inline uint64_t suit_bits(int allowed) noexcept nogil:
    cdef uint64_t w = 0
    cdef int s
    for s in range(3):
        if allowed >> s & 1:
            w |= (<uint64_t>0x1FF) << (9 * s)
    return w


cdef int best_fan_row(const Tables* T, const uint8_t* h, const int8_t* m, int n_melds, int dq,
                      const Prof* P) noexcept nogil:
    """查大叫 of one 13-tile hand: the best (or worst) total over its legal waits; -1 if not 听."""
    cdef int suits = suit_mask(h, m), allowed, t, v, best = -1
    cdef Lookup L
    cdef uint64_t w, sw = 0, four, bits
    cdef int c[27]
    cdef HandBase B13, B
    if dq >= 0:
        if suits >> dq & 1:
            return -1
        allowed = 7 & ~(1 << dq)
    elif suits == 7:
        return -1
    elif suits == 3 or suits == 5 or suits == 6:
        allowed = suits
    else:
        allowed = 7
    lookup(T, h, &L)
    w = std_waits(T, &L)
    if n_melds == 0 and seven_pairs_distance(h, True) == 1:
        sw = seven_pairs_waits(h, True)
    bits = (w | sw) & suit_bits(allowed)
    if not P.count_exhausted:
        four = four_mask(h)
        for t in range(27):
            if m[t] == 4 or (m[t] == 3 and h[t]):
                four |= (<uint64_t>1) << t
        bits &= ~four
    if not bits:
        return -1
    for t in range(27):
        c[t] = h[t]
    hand_base(c, m, P, &B13)
    while bits:
        t = mj_ctz64(bits)
        bits &= bits - 1
        B = B13
        add_tile(&B, c[t], t, m, P)
        c[t] += 1
        v = total_of(c, m, &B, (w >> t) & 1, (sw >> t) & 1, 0, P)
        c[t] -= 1
        if best < 0 or (v > best if P.use_max else v < best):
            best = v
    return best


cdef int score_row(const Tables* T, const uint8_t* h, const int8_t* m, int n_melds, int dq,
                   unsigned int flags, const Prof* P) noexcept nogil:
    """Total of one complete hand (concealed tiles incl. the winning tile); -1 if not a legal win."""
    cdef int suits = suit_mask(h, m), t
    cdef Lookup L
    cdef bint std, seven
    cdef int c[27]
    cdef HandBase B
    if suits == 7 or (dq >= 0 and suits >> dq & 1):
        return -1
    lookup(T, h, &L)
    std = std_complete(T, &L)
    seven = n_melds == 0 and seven_pairs_complete(h, True)
    if not (std or seven):
        return -1
    for t in range(27):
        c[t] = h[t]
    hand_base(c, m, P, &B)
    return total_of(c, m, &B, std, seven, flags, P)


# ---------------------------------------------------------------------------------------------
# scalar entry points (the caller validated everything)

cdef int8_t _NO_MELDS[34]


def best_fan(bytes hand, bytes melds, int dq, Profile prof):
    """查大叫 of one validated 13-tile hand: ``hand`` 34 count bytes, ``melds`` 34 bytes (0, 3 pon,
    4 kong) or ``b""``; ``dq`` the 定缺 suit or -1. Returns -1 when not 听."""
    cdef const uint8_t* h = hand
    cdef const int8_t* m = <const int8_t*><const char*>melds if len(melds) else _NO_MELDS
    cdef int t, nm = 0
    if len(hand) != 34 or len(melds) not in (0, 34):
        raise ValueError("best_fan: 34 count bytes and 0 or 34 meld bytes expected")
    for t in range(27):
        nm += m[t] != 0
    return best_fan_row(get_tables(), h, m, nm, dq, &prof.p)


# ---------------------------------------------------------------------------------------------
# batch: rows split over worker threads

cdef struct Job:
    const uint8_t* hands
    const int8_t* melds          # (N, 34) or NULL
    const int8_t* dq             # (N,)
    const uint16_t* flags        # (N,) situational bits or NULL (score only)
    const Prof* prof
    int16_t* out
    Py_ssize_t start
    Py_ssize_t stop
    bint score                   # complete hands (score) rather than 13-tile hands (查大叫)
    Py_ssize_t bad_row           # first row that failed validation, or -1


cdef inline int check_row(const uint8_t* h, const int8_t* m, int* n_melds) noexcept nogil:
    """Concealed size (3 per meld added) of a valid row, or -1: counts 0-4, suited tiles only,
    melds 0/3/4 on suited tiles, at most four copies counting the melds."""
    cdef int t, x, y, size = 0, nm = 0
    for t in range(34):
        x = h[t]
        y = m[t]
        if x > 4 or (t >= 27 and (x or y)):
            return -1
        size += x
        if y:
            if (y != 3 and y != 4) or x + y > 4:
                return -1
            nm += 1
    n_melds[0] = nm
    return size + 3 * nm


cdef void run_job(Job* j) noexcept nogil:
    cdef const Tables* T = get_tables()
    cdef Py_ssize_t r
    cdef const int8_t* m = _NO_MELDS
    cdef int nm, need = 14 if j.score else 13
    for r in range(j.start, j.stop):
        if j.melds != NULL:
            m = j.melds + 34 * r
        if check_row(j.hands + 34 * r, m, &nm) != need:
            j.bad_row = r
            return
        if j.score:
            j.out[r] = score_row(T, j.hands + 34 * r, m, nm, j.dq[r],
                                 j.flags[r] if j.flags != NULL else 0, j.prof)
        else:
            j.out[r] = best_fan_row(T, j.hands + 34 * r, m, nm, j.dq[r], j.prof)


cdef class _Runner:
    cdef Job jobs[64]
    cdef int n

    def run(self, Py_ssize_t i):
        with nogil:
            run_job(&self.jobs[i])


def run_batch(const uint8_t[:, ::1] hands, melds, const int8_t[::1] dq, flags, Profile prof, bint score,
              workers):
    """Typed arrays in; (int16 totals (-1 = not 听 / not a legal win), first invalid row or -1) out.
    Every row is validated inside the loop; a chunk stops at its first invalid row."""
    cdef Py_ssize_t n = hands.shape[0], i, step
    cdef int nw = resolve_workers(workers)
    cdef const int8_t[:, ::1] mv
    cdef const uint16_t[::1] fv
    out = np.empty(n, np.int16)
    if n == 0:
        return out, -1
    cdef int16_t[::1] ov = out
    cdef _Runner runner = _Runner()
    cdef int n_jobs = 1 if nw == 1 or n < 4096 else min(64, 4 * nw)
    step = (n + n_jobs - 1) // n_jobs
    if melds is not None:
        mv = melds
    if flags is not None:
        fv = flags
    for i in range(n_jobs):
        runner.jobs[i].hands = &hands[0, 0]
        runner.jobs[i].melds = &mv[0, 0] if melds is not None else NULL
        runner.jobs[i].dq = &dq[0]
        runner.jobs[i].flags = &fv[0] if flags is not None else NULL
        runner.jobs[i].prof = &prof.p
        runner.jobs[i].out = &ov[0]
        runner.jobs[i].start = min(i * step, n)
        runner.jobs[i].stop = min((i + 1) * step, n)
        runner.jobs[i].score = score
        runner.jobs[i].bad_row = -1
    if n_jobs == 1:
        runner.run(0)
    else:
        list(_executor(nw).map(runner.run, range(n_jobs)))
    for i in range(n_jobs):
        if runner.jobs[i].bad_row >= 0:
            return out, runner.jobs[i].bad_row
    return out, -1
