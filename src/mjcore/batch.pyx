# cython: language_level=3
"""Batch hand analysis over (N, 34) uint8 arrays, without the GIL, split across threads.

Each call validates every row inside the same ``nogil`` loop that analyses it (a few word
operations per row); a bad row stops its chunk and the call raises a ``ValueError`` naming the
first bad row. ``workers``: ``None`` or ``-1`` = all cores, ``1`` = the calling thread only.
"""
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from mjcore._kernel cimport (
    FORM_KNITTED,
    FORM_SEVEN_PAIRS,
    FORM_STANDARD,
    FORM_THIRTEEN_ORPHANS,
    Ctx,
    Lookup,
    hand_complete,
    hand_complete_at,
    hand_distance,
    hand_distance_at,
    hand_useful_at,
    hand_waits_at,
    load_states,
    load_words,
    std_complete,
    std_distance,
    lookup_checked,
    lookup_checked_special,
    lookup_checked_win_special,
    mj_keys,
    row_size,
)
from mjcore._tables cimport Tables, get_tables
from mjcore.scoped cimport (
    MAX_SCOPED,
    N_SCOPES,
    SC_ANY,
    Scoped,
    scoped_complete,
    scoped_distance,
    scoped_restricted,
    scoped_useful,
    scoped_waits,
)

from mjcore.options import DEFAULT_FORMS, check_hand_size, forms_mask
from mjcore.types import tile_name
from mjcore import analysis as _analysis
from mjcore.scoped import SCOPES

cdef enum:
    SCOPE_ROW = 16                # bytes per row of the scoped counts (N_SCOPES of them, then zeros)

cdef enum Op:
    OP_SHANTEN
    OP_IS_WIN
    OP_WAITS
    OP_USEFUL

cdef enum Bad:
    BAD_NONE = 0
    BAD_COUNT = 1
    BAD_SIZE = 2
    BAD_FORM = 3
    BAD_JOKERS = 4

cdef struct Job:
    const uint8_t* hands
    const int8_t* melds
    const int8_t* jokers          # jokers per row, apart from the counts
    Py_ssize_t mstride            # 1, or 0: one meld count for every row
    Py_ssize_t jstride            # the same for the jokers
    uint64_t joker_mask           # kinds whose copies are jokers
    bint fifth                    # a joker may be a copy beyond the fourth
    const int8_t* scopes          # NULL, or (n_rows, SCOPE_ROW) scoped joker counts, a row's scopes together
    Py_ssize_t start
    Py_ssize_t stop
    int op
    int forms
    int hand_size
    bint quads
    bint include_exhausted
    bint plain                    # no jokers of any kind in any row: run_plain
    void* out
    Py_ssize_t bad_row
    int bad


cdef inline bint form_applies(int forms, int k, bint thirteen) noexcept nogil:
    if forms & FORM_STANDARD:
        return True
    if thirteen and k == 0 and forms & (FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS):
        return True
    return thirteen and k <= 1 and (forms & FORM_KNITTED) != 0


cdef inline int check_row(int n, int k, int hand_size, int op, int forms, bint thirteen) noexcept nogil:
    """BAD_NONE or why a row of ``n`` tiles (jokers included; counts checked) cannot be analysed."""
    cdef int base = hand_size - 3 * k
    if not ((n == base and op != OP_IS_WIN)
            or (n == base + 1 and (op == OP_SHANTEN or op == OP_IS_WIN))):
        return BAD_SIZE
    if not form_applies(forms, k, thirteen):
        return BAD_FORM
    return BAD_NONE


cdef inline int split_jokers(const uint8_t* row, uint64_t mask, uint8_t* tmp) noexcept nogil:
    """Copy the row without the joker kinds; return how many jokers they held."""
    cdef int i, k = 0
    memcpy(tmp, row, 34)
    for i in range(34):
        if (mask >> i) & 1:
            k += tmp[i]
            tmp[i] = 0
    return k


cdef void run_distance(Job* job, bint three, bint win) noexcept nogil:
    """Shanten (``win``: the win check, distance 0) of rows without jokers, for the standard form alone or
    with seven pairs and thirteen orphans (``three``, 13-tile play: their distances from the registers of the
    keys). The two flags are loop-invariant: the compiler makes a loop of each case."""
    cdef const Tables* T = get_tables()
    cdef const uint8_t* hands = job.hands
    cdef const int8_t* melds = job.melds
    cdef Py_ssize_t mstride = job.mstride
    cdef Py_ssize_t r, start = job.start, stop = job.stop
    cdef int hand_size = job.hand_size, n, k, d, base
    cdef bint quads = job.quads
    cdef const uint8_t* h
    cdef int8_t* out_i8 = <int8_t*>job.out
    cdef uint8_t* out_u8 = <uint8_t*>job.out
    cdef int sp[2]
    cdef Lookup L
    sp[0] = sp[1] = 0
    for r in range(start, stop):
        h = hands + 34 * r
        k = melds[r * mstride]
        if three and win:
            n = lookup_checked_win_special(T, h, &L, quads, sp)
        elif three:
            n = lookup_checked_special(T, h, &L, quads, sp)
        else:
            n = lookup_checked(T, h, &L)
        if n < 0:
            job.bad_row = r
            job.bad = BAD_COUNT
            return
        base = hand_size - 3 * k
        if (n != base + 1) if win else (n != base and n != base + 1):
            job.bad_row = r
            job.bad = BAD_SIZE
            return
        d = std_distance(T, &L, n // 3)
        if win:
            out_u8[r] = (d == 0) | (three & (k == 0) & sp[0])
        elif three and k == 0:
            out_i8[r] = <int8_t>(min(d, min(sp[0], sp[1])) - 1)
        else:
            out_i8[r] = <int8_t>(d - 1)


cdef void run_plain(Job* job) noexcept nogil:
    """``run_rows`` for rows without jokers: the row's check and lookup, then the op (its form tests are
    loop-invariant branches)."""
    cdef const Tables* T = get_tables()
    cdef const uint8_t* hands = job.hands
    cdef const int8_t* melds = job.melds
    cdef Py_ssize_t mstride = job.mstride
    cdef Py_ssize_t r, start = job.start, stop = job.stop
    cdef int op = job.op, forms = job.forms, hand_size = job.hand_size, n, k, bad, distance
    cdef bint exhausted = job.include_exhausted
    cdef bint std_only = forms == FORM_STANDARD
    # waits with seven pairs and thirteen orphans: their distances from the registers of the keys
    cdef bint special = (op == OP_WAITS and hand_size == 13 and (forms & FORM_SEVEN_PAIRS) != 0
                         and (forms & FORM_THIRTEEN_ORPHANS) != 0)
    cdef int sp[2]
    cdef const uint8_t* h
    cdef int8_t* out_i8 = <int8_t*>job.out
    cdef uint8_t* out_u8 = <uint8_t*>job.out
    cdef uint64_t* out_u64 = <uint64_t*>job.out
    cdef uint64_t four, w
    cdef Ctx ctx
    cdef Lookup L
    ctx.forms = forms
    ctx.quads = job.quads
    ctx.thirteen_play = hand_size == 13
    ctx.fifth = job.fifth
    ctx.jokers = 0
    for r in range(start, stop):
        h = hands + 34 * r
        k = melds[r * mstride]
        n = lookup_checked_special(T, h, &L, ctx.quads, sp) if special else lookup_checked(T, h, &L)
        bad = BAD_COUNT if n < 0 else check_row(n, k, hand_size, op, forms, ctx.thirteen_play)
        if bad != BAD_NONE:
            job.bad_row = r
            job.bad = bad
            return
        ctx.melds = k
        if op == OP_SHANTEN:
            if std_only:
                out_i8[r] = <int8_t>(std_distance(T, &L, n // 3) - 1)
            else:
                out_i8[r] = <int8_t>(hand_distance_at(T, h, &L, n // 3, &ctx) - 1)
        elif op == OP_IS_WIN:
            if std_only:
                out_u8[r] = std_complete(T, &L, n // 3)
            else:
                out_u8[r] = hand_complete_at(T, h, &L, n // 3, &ctx)
        elif op == OP_WAITS:
            w = hand_waits_at(T, h, &L, &ctx, &four, sp if special else NULL)
            out_u64[r] = w if exhausted else (w & ~four)
        else:
            out_u64[r] = hand_useful_at(T, h, &L, n // 3, &ctx, &distance)


cdef void run_rows(Job* job) noexcept nogil:
    # everything the loop reads goes to locals first: writes through ``out`` may alias ``job``
    cdef const Tables* T = get_tables()
    cdef const uint8_t* hands = job.hands
    cdef const int8_t* melds = job.melds
    cdef Py_ssize_t mstride = job.mstride
    cdef const int8_t* jokers = job.jokers
    cdef Py_ssize_t jstride = job.jstride
    cdef uint64_t jm = job.joker_mask, held4
    cdef Py_ssize_t r, start = job.start, stop = job.stop
    cdef int op = job.op, forms = job.forms, hand_size = job.hand_size, n, k, bad, distance, i
    cdef bint exhausted = job.include_exhausted
    cdef const uint8_t* h
    cdef const uint8_t* row
    cdef uint8_t tmp[34]
    cdef int8_t* out_i8 = <int8_t*>job.out
    cdef uint8_t* out_u8 = <uint8_t*>job.out
    cdef uint64_t* out_u64 = <uint64_t*>job.out
    cdef uint64_t four, w
    cdef Ctx ctx
    cdef Lookup L
    cdef Scoped sj
    cdef const int8_t* scopes = job.scopes
    cdef const int8_t* srow
    cdef bint scoped = False
    ctx.forms = forms
    ctx.quads = job.quads
    ctx.thirteen_play = hand_size == 13
    ctx.fifth = job.fifth
    for r in range(start, stop):
        row = hands + 34 * r
        k = melds[r * mstride]
        ctx.jokers = jokers[r * jstride]
        h = row
        if jm:
            if row_size(row) < 0:
                job.bad_row = r
                job.bad = BAD_COUNT
                return
            ctx.jokers += split_jokers(row, jm, tmp)
            h = tmp
        n = mj_keys(h, L.key)              # the size of the row and its keys (the states below, if asked)
        if n < 0:
            job.bad_row = r
            job.bad = BAD_COUNT
            return
        if scopes != NULL:
            srow = scopes + SCOPE_ROW * r
            sj.total = ctx.jokers
            for i in range(N_SCOPES):
                sj.n[i] = srow[i]
                sj.total += srow[i]
            sj.n[SC_ANY] += ctx.jokers
            ctx.jokers = sj.total
            scoped = scoped_restricted(&sj)
            if scoped and sj.total > MAX_SCOPED:
                job.bad_row = r
                job.bad = BAD_JOKERS
                return
        n += ctx.jokers
        bad = check_row(n, k, hand_size, op, forms, ctx.thirteen_play)
        if bad != BAD_NONE:
            job.bad_row = r
            job.bad = bad
            return
        ctx.melds = k
        if scoped:
            if op == OP_SHANTEN:
                out_i8[r] = <int8_t>(scoped_distance(T, h, n // 3, &ctx, &sj) - 1)
            elif op == OP_IS_WIN:
                out_u8[r] = scoped_complete(T, h, n // 3, &ctx, &sj, L.key)
            elif op == OP_WAITS:
                w = scoped_waits(T, h, &ctx, &sj, &four)
                if jm:
                    w &= ~jm
                    held4 = 0
                    for i in range(34):
                        if (jm >> i) & 1 and row[i] == 4:
                            held4 |= (<uint64_t>1) << i
                    sj.n[SC_ANY] += 1
                    sj.total += 1
                    if scoped_complete(T, h, (n + 1) // 3, &ctx, &sj):
                        w |= jm
                    four |= held4
                out_u64[r] = w if exhausted else (w & ~four)
            else:
                w = scoped_useful(T, h, n // 3, &ctx, &sj, &distance)
                if jm:
                    w &= ~jm
                    sj.n[SC_ANY] += 1
                    sj.total += 1
                    if scoped_distance(T, h, n // 3, &ctx, &sj) < distance:
                        for i in range(34):
                            if (jm >> i) & 1 and row[i] < 4:
                                w |= (<uint64_t>1) << i
                out_u64[r] = w
            continue
        load_states(T, &L)
        if op == OP_SHANTEN:
            out_i8[r] = <int8_t>(hand_distance_at(T, h, &L, n // 3, &ctx) - 1)
        elif op == OP_IS_WIN:
            out_u8[r] = hand_complete_at(T, h, &L, n // 3, &ctx)
        elif op == OP_WAITS:
            w = hand_waits_at(T, h, &L, &ctx, &four)
            if jm:
                w &= ~jm
                held4 = 0
                for i in range(34):
                    if (jm >> i) & 1 and row[i] == 4:
                        held4 |= (<uint64_t>1) << i
                ctx.jokers += 1
                if hand_complete(T, h, (n + 1) // 3, &ctx):
                    w |= jm
                ctx.jokers -= 1
                four |= held4
            out_u64[r] = w if exhausted else (w & ~four)
        else:
            w = hand_useful_at(T, h, &L, n // 3, &ctx, &distance)
            if jm:
                w &= ~jm
                ctx.jokers += 1
                if hand_distance(T, h, n // 3, &ctx) < distance:
                    for i in range(34):
                        if (jm >> i) & 1 and row[i] < 4:
                            w |= (<uint64_t>1) << i
                ctx.jokers -= 1
            out_u64[r] = w


cdef void run_job(Job* job) noexcept nogil:
    cdef int three_forms = FORM_STANDARD | FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS
    cdef bint win = job.op == OP_IS_WIN
    if not job.plain:
        run_rows(job)
    elif job.op != OP_SHANTEN and not win:
        run_plain(job)
    elif job.forms == FORM_STANDARD:
        run_distance(job, False, win)
    elif job.forms == three_forms and job.hand_size == 13:
        run_distance(job, True, win)
    else:
        run_plain(job)


cdef extern from *:
    """
    /* the next chunk of a call, shared by its threads (relaxed: the chunks are independent) */
    #if defined(_MSC_VER)
    #include <intrin.h>
    static __inline Py_ssize_t mj_next_chunk(Py_ssize_t* p) { return (Py_ssize_t)_InterlockedExchangeAdd64((volatile __int64*)p, 1); }
    #else
    static inline Py_ssize_t mj_next_chunk(Py_ssize_t* p) { return __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }
    #endif
    """
    Py_ssize_t mj_next_chunk(Py_ssize_t* p) noexcept nogil


cdef class _Runner:
    """Holds the chunk jobs of one call; ``run(i)`` analyses chunk i without the GIL; ``drain()`` takes chunks
    until none is left (each thread of a call drains, so a call costs one task per thread, not per chunk)."""
    cdef Job* jobs
    cdef Py_ssize_t n_jobs
    cdef Py_ssize_t next_job

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

    def drain(self):
        cdef Py_ssize_t i
        with nogil:
            while True:
                i = mj_next_chunk(&self.next_job)
                if i >= self.n_jobs:
                    break
                run_job(&self.jobs[i])


_executors = {}
_executors_lock = threading.Lock()


def _cpu_count():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS / Windows
        return os.cpu_count() or 1


def _executor(int workers):
    with _executors_lock:
        ex = _executors.get(workers)
        if ex is None:
            ex = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mjcore")
            _executors[workers] = ex
        return ex


def resolve_workers(workers):
    """``None`` / ``-1`` -> all cores; otherwise a positive count."""
    if workers is None or workers == -1:
        return _cpu_count()
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"workers must be an int or None, got {type(workers).__name__}")
    if workers < 1:
        raise ValueError(f"workers must be >= 1 (or -1 / None for all cores), got {workers}")
    if workers > 4096:
        raise ValueError(f"workers must be at most 4096, got {workers}")
    return workers


def coerce_hands(hands, str name="hands"):
    """(N, 34) C-contiguous uint8 array from ``hands``, checking type and shape (values later)."""
    arr = hands if type(hands) is np.ndarray else np.asarray(hands)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must be an integer array (uint8 counts), got dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"{name} must have shape (N, 34), got {arr.shape}")
    if arr.dtype == np.uint8:
        pass
    else:
        if arr.size and (arr.min() < 0 or arr.max() > 4):
            bad = np.argwhere((arr < 0) | (arr > 4))[0]
            raise ValueError(f"{name}[{int(bad[0])}]: {tile_name(int(bad[1]))} count is "
                             f"{int(arr[tuple(bad)])} (counts are 0..4)")
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr)


def kind_masks(hands):
    """Per row of (N, 34) counts: its number of tiles, the kinds it holds and the kinds it holds four of, as
    ``(sizes uint8, held uint64, fours uint64)`` arrays (bit ``t`` for tile ``t``), in one pass without the
    GIL: the building block of hand-level checks on millions of rows (长沙 起手小和).

    >>> import numpy as np
    >>> sizes, held, fours = kind_masks(np.array([[4] + [1] * 10 + [0] * 23], np.uint8))
    >>> int(sizes[0]), hex(int(held[0])), int(fours[0])
    (14, '0x7ff', 1)
    """
    arr = coerce_hands(hands)
    if arr.size and arr.max() > 4:
        bad = np.argwhere(arr > 4)[0]
        raise ValueError(f"hands[{int(bad[0])}]: {tile_name(int(bad[1]))} count is {int(arr[tuple(bad)])} "
                         f"(counts are 0..4)")
    cdef const uint8_t[:, ::1] h = arr
    cdef Py_ssize_t i, n = h.shape[0]
    cdef uint64_t w[5]
    cdef uint64_t m, f, x, total
    cdef int k
    sizes = np.empty(n, np.uint8)
    held = np.empty(n, np.uint64)
    fours = np.empty(n, np.uint64)
    cdef uint8_t[::1] sv = sizes
    cdef uint64_t[::1] hv = held
    cdef uint64_t[::1] fv = fours
    with nogil:
        for i in range(n):
            load_words(&h[i, 0], w)
            m = f = total = 0
            for k in range(5):
                x = (w[k] | (w[k] >> 1) | (w[k] >> 2)) & 0x0101010101010101ULL
                m |= ((x * 0x0102040810204080ULL) >> 56) << (8 * k)
                f |= ((((w[k] >> 2) & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56) << (8 * k)
                total += (w[k] * 0x0101010101010101ULL) >> 56     # the byte sum (counts 0-4: at most 32)
            sv[i] = <uint8_t>total
            hv[i] = m
            fv[i] = f
    return sizes, held, fours


def _block_keys(hands):
    """The kernel's block keys and sizes of (N, 34) uint8 rows, any byte values (for the tests of its
    vector arithmetic): ``(keys uint32 (N, 4), sizes int32 (N,))``, size -1 where a count is above 4."""
    arr = np.ascontiguousarray(hands, dtype=np.uint8)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"hands must have shape (N, 34), got {arr.shape}")
    cdef const uint8_t[:, ::1] h = arr
    cdef Py_ssize_t i, n = h.shape[0]
    keys = np.zeros((n, 4), np.uint32)
    sizes = np.empty(n, np.int32)
    cdef uint32_t[:, ::1] kv = keys
    cdef int32_t[::1] sv = sizes
    with nogil:
        for i in range(n):
            sv[i] = mj_keys(&h[i, 0], &kv[i, 0])
    return keys, sizes


def _per_row(values, Py_ssize_t n, str name, int limit, str context=""):
    """Per-row small counts (int8, length n) in 0..limit from a scalar or an array."""
    if isinstance(values, (int, np.integer)) and not isinstance(values, (bool, np.bool_)):
        if values < 0 or values > limit:
            raise ValueError(f"{name} must be 0..{limit}{context}, got {values}")
        return np.full(n, values, dtype=np.int8)
    arr = np.asarray(values)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must be an int or an integer array, got dtype {arr.dtype}")
    if arr.shape != (n,):
        raise ValueError(f"{name} must be a scalar or have shape ({n},), got {arr.shape}")
    # (int8: one pass, a negative count reading above 127 unsigned)
    if n and (arr.view(np.uint8).max() > limit if arr.dtype == np.int8 else arr.min() < 0 or arr.max() > limit):
        row = int(np.argmax((arr < 0) | (arr > limit)))
        raise ValueError(f"{name}[{row}] is {int(arr[row])}: must be 0..{limit}{context}")
    return np.ascontiguousarray(arr, dtype=np.int8)


def _is_count(v):
    """A single int (not a bool): one value for every row."""
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def coerce_melds(melds, Py_ssize_t n, int hand_size):
    """Per-row declared meld counts (int8, length n) from a scalar or an array."""
    return _per_row(melds, n, "melds", 4 if hand_size == 13 else 5, f" for {hand_size}-tile play")


def coerce_jokers(jokers, Py_ssize_t n):
    """Per-row joker counts (int8, length n) from a scalar or an array."""
    return _per_row(jokers, n, "jokers", 17)


def joker_kinds_mask(joker_tiles):
    """Bit mask of the joker kinds (indices or names), 0 for None."""
    if joker_tiles is None:
        return 0
    return _analysis._joker_mask(joker_tiles)


def coerce_scopes(jokers_by_scope, Py_ssize_t n):
    """(n, SCOPE_ROW) int8 scoped joker counts (scope i of row r at [r, i], the rest 0) from a mapping
    scope -> int or int array (n,), each 0..MAX_SCOPED; None when there are none."""
    if jokers_by_scope is None:
        return None
    if not hasattr(jokers_by_scope, "items"):
        raise TypeError(f"jokers_by_scope must be a mapping scope -> count, "
                        f"got {type(jokers_by_scope).__name__}")
    out = np.zeros((n, SCOPE_ROW), dtype=np.int8)
    for name, v in jokers_by_scope.items():
        if not isinstance(name, str) or name not in SCOPES:
            raise ValueError(f"jokers_by_scope: unknown scope {name!r} (scopes: {', '.join(SCOPES)})")
        if isinstance(v, (bool, np.bool_)):
            raise TypeError(f"jokers_by_scope[{name!r}] must be an int or an int array, got bool")
        out[:, SCOPES.index(name)] = _per_row(v, n, f"jokers_by_scope[{name!r}]", MAX_SCOPED)
    # (a row's total is checked in the kernel's loop, with every other joker: at most MAX_SCOPED once one
    # is restricted)
    return out


def _describe(const uint8_t[:, ::1] hands, const int8_t[::1] melds, const int8_t[::1] jokers,
              uint64_t jm, Py_ssize_t r, int bad, int op, int hand_size, scopes=None):
    if bad == BAD_JOKERS:
        return (f"hands[{r}] has more than {MAX_SCOPED} jokers in all (jokers_by_scope, jokers, "
                f"joker_tiles): at most {MAX_SCOPED} with scoped jokers")
    if bad == BAD_COUNT:
        for i in range(34):
            if hands[r, i] > 4:
                return f"hands[{r}]: {tile_name(i)} appears {hands[r, i]} times (at most 4)"
    k = melds[r]
    n = sum(hands[r, i] for i in range(34) if not (jm >> i) & 1)
    j = jokers[r] + sum(hands[r, i] for i in range(34) if (jm >> i) & 1)
    if scopes is not None:
        j += int(scopes[r].sum())
    base = hand_size - 3 * k
    what = f"{n} tiles and {j} jokers" if j else f"{n} tiles"
    if bad == BAD_SIZE:
        if op == OP_SHANTEN:
            want = f"{base} or {base + 1}"
        elif op == OP_IS_WIN:
            want = f"{base + 1} (a complete hand)"
        else:
            want = f"{base} (a hand waiting for its last tile)"
        return f"hands[{r}] has {what} with {k} melds: expected {want} concealed tiles"
    return (f"hands[{r}]: no requested form applies to a hand with {k} melds (seven pairs and "
            f"thirteen orphans need a concealed 13-tile hand; knitted forms allow at most one meld)")


cdef object _run(int op, hands, melds, forms, bint quads, object hand_size_arg, workers, out_dtype,
                 bint include_exhausted=False, jokers=0, joker_tiles=None, bint fifth=True,
                 jokers_by_scope=None):
    cdef int hand_size = check_hand_size(hand_size_arg)
    cdef uint64_t jm = joker_kinds_mask(joker_tiles)
    cdef int fmask = forms_mask(forms)
    cdef int nworkers = resolve_workers(workers)
    arr = coerce_hands(hands)
    cdef Py_ssize_t n = arr.shape[0]
    # one count for every row is passed as one value read with stride 0 (no array of n copies)
    cdef bint m_one = _is_count(melds), j_one = _is_count(jokers)
    mk = coerce_melds(melds, 1 if m_one else n, hand_size)
    jk = coerce_jokers(jokers, 1 if j_one else n)
    sc = coerce_scopes(jokers_by_scope, n)
    out = np.empty(n, dtype=out_dtype)
    if n == 0:
        return out
    cdef const uint8_t[:, ::1] hv = arr
    cdef const int8_t[::1] mv = mk
    cdef const int8_t[::1] jv = jk
    cdef const int8_t[:, ::1] sv = sc if sc is not None else np.zeros((1, SCOPE_ROW), np.int8)
    cdef bint plain = jm == 0 and sc is None and not jk.any()
    cdef Py_ssize_t per = 16384
    cdef Py_ssize_t n_jobs = (n + per - 1) // per
    if nworkers > 1 and n_jobs < 4 * nworkers and n > 2048:
        n_jobs = min(4 * nworkers, (n + 511) // 512)
    cdef _Runner runner = _Runner(n_jobs)
    cdef Py_ssize_t i, step = (n + n_jobs - 1) // n_jobs
    out_view = out.view(np.uint8) if out_dtype == np.bool_ else out
    cdef int8_t[::1] raw = out_view.view(np.int8).reshape(-1)
    for i in range(n_jobs):
        runner.jobs[i].hands = &hv[0, 0]
        runner.jobs[i].melds = &mv[0]
        runner.jobs[i].jokers = &jv[0]
        runner.jobs[i].mstride = 0 if m_one else 1
        runner.jobs[i].jstride = 0 if j_one else 1
        runner.jobs[i].joker_mask = jm
        runner.jobs[i].fifth = fifth
        runner.jobs[i].scopes = &sv[0, 0] if sc is not None else NULL
        runner.jobs[i].start = min(i * step, n)
        runner.jobs[i].stop = min((i + 1) * step, n)
        runner.jobs[i].op = op
        runner.jobs[i].forms = fmask
        runner.jobs[i].hand_size = hand_size
        runner.jobs[i].quads = quads
        runner.jobs[i].include_exhausted = include_exhausted
        runner.jobs[i].plain = plain
        runner.jobs[i].out = <void*>&raw[0]
        runner.jobs[i].bad_row = -1
        runner.jobs[i].bad = BAD_NONE
    if nworkers == 1 or n_jobs == 1:
        for i in range(n_jobs):
            runner.run(i)
    else:
        # the calling thread drains too: nworkers - 1 pool tasks per call
        runner.next_job = 0
        helpers = [_executor(nworkers - 1).submit(runner.drain)
                   for _ in range(min(nworkers, n_jobs) - 1)]
        runner.drain()
        for f in helpers:
            f.result()
    for i in range(n_jobs):
        if runner.jobs[i].bad != BAD_NONE:
            raise ValueError(_describe(hv, np.full(n, mk[0], np.int8) if m_one else mk,
                                       np.full(n, jk[0], np.int8) if j_one else jk, jm,
                                       runner.jobs[i].bad_row, runner.jobs[i].bad, op, hand_size, sc))
    return out


def shanten(hands, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True, hand_size=13,
            jokers=0, joker_tiles=None, bint allow_fifth_copy=True, workers=None,
            jokers_by_scope=None):
    """Shanten of every row of an (N, 34) count array -> int8[N] (-1 complete, 0 tenpai, ...).

    ``melds``: a count for all rows or one per row. Rows may hold 3M+1 or 3M+2 tiles.
    ``jokers_by_scope``: scope name -> jokers (an int, or an int array of shape (N,) per row).
    """
    return _run(OP_SHANTEN, hands, melds, forms, quads_as_two_pairs, hand_size, workers, np.int8,
                False, jokers, joker_tiles, allow_fifth_copy, jokers_by_scope)


def is_win(hands, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True, hand_size=13,
           jokers=0, joker_tiles=None, bint allow_fifth_copy=True, workers=None,
           jokers_by_scope=None):
    """Win check of every row (3M+2 tiles each) -> bool[N]."""
    return _run(OP_IS_WIN, hands, melds, forms, quads_as_two_pairs, hand_size, workers, np.bool_,
                False, jokers, joker_tiles, allow_fifth_copy, jokers_by_scope)


def waits(hands, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
          bint include_exhausted=False, hand_size=13, jokers=0, joker_tiles=None,
          bint allow_fifth_copy=True, workers=None, jokers_by_scope=None):
    """Waits of every row (3M+1 tiles each) -> uint64[N] bit masks, bit i = tile index i.

    Tiles the row holds four of are left out unless ``include_exhausted``. Tenpai rows are the
    non-zero ones.
    """
    return _run(OP_WAITS, hands, melds, forms, quads_as_two_pairs, hand_size, workers, np.uint64,
                include_exhausted, jokers, joker_tiles, allow_fifth_copy, jokers_by_scope)


def useful_tiles(hands, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
                 hand_size=13, jokers=0, joker_tiles=None, bint allow_fifth_copy=True, workers=None,
                 jokers_by_scope=None):
    """Tiles whose draw lowers the shanten of every row (3M+1 tiles each) -> uint64[N] masks."""
    return _run(OP_USEFUL, hands, melds, forms, quads_as_two_pairs, hand_size, workers, np.uint64,
                False, jokers, joker_tiles, allow_fifth_copy, jokers_by_scope)

