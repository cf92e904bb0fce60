# cython: language_level=3
"""Scoped jokers: jokers that may stand only for part of the 34 kinds (docs/scoped_jokers.md).

The kernel functions are ``nogil``, exception-free and allocation-free; the boundary
(``analysis.pyx``, ``batch.pyx``) validates and fills a :c:type:`Scoped` per hand.
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from mjcore._kernel cimport Ctx
from mjcore._tables cimport Tables

cdef enum:
    SC_ANY = 0          # any of the 34 kinds
    SC_SUIT_M = 1       # a numbered tile of one suit (萬 / 筒 / 索)
    SC_SUIT_P = 2
    SC_SUIT_S = 3
    SC_NUMBER = 4       # any numbered tile (總)
    SC_HONOR = 5        # any honor (合)
    SC_WIND = 6         # 东南西北 (喜)
    SC_DRAGON = 7       # 中发白 (元)
    SC_PUNG = 8         # any kind, only as a member of a pung of the standard form (American)
    N_SCOPES = 9
    MAX_SCOPED = 8      # at most 8 jokers in all once any of them is restricted

cdef struct Scoped:
    int n[9]            # jokers per scope (SC_*); "any" includes jokers= and joker_tiles copies
    int total           # sum of n

cdef bint scoped_restricted(const Scoped* sj) noexcept nogil
cdef int scoped_distance(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                         const Scoped* sj) noexcept nogil
cdef bint scoped_complete(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                          const Scoped* sj, const uint32_t* keys=*) noexcept nogil
cdef uint64_t scoped_waits(const Tables* T, const uint8_t* h, const Ctx* ctx, const Scoped* sj,
                           uint64_t* four) noexcept nogil
cdef uint64_t scoped_useful(const Tables* T, const uint8_t* h, int M, const Ctx* ctx,
                            const Scoped* sj, int* distance) noexcept nogil
