# cython: language_level=3
"""Shared declarations of the lookup tables (tables/generate.py documents their layout)."""
from libc.stdint cimport int8_t, uint8_t, uint16_t

cdef enum:
    N_SUIT_STATES = 222     # fixed by tables/generate.py; checked when the tables load
    N_HONOR_STATES = 192
    N_SUIT_USTATES = 152    # block states with no limit on copies beyond the fourth (jokers)
    N_HONOR_USTATES = 83
    N_BUDGET = 9            # budget rows: e = 0..8 copies beyond the fourth per block
    BUDGET_ROW = 108        # 12 (p * 6 + m) x N_BUDGET entries per budget state
    STATE_FLAGS = 12        # byte of a state row holding the flags
    FLAG_COMPLETE = 1       # the block splits into sets (+ one pair if size % 3 == 2)
    FLAG_MOD3_SHIFT = 1     # bits 1-2: block size mod 3

cdef struct Tables:
    const uint8_t* suit_state       # [5**9] key -> state
    const uint8_t* suit_states      # [n_suit_states * 16]: dist[p * 6 + m], flags at 12
    const uint16_t* suit_wait       # [5**9] key -> tiles that complete the block
    const uint8_t* honor_state      # [5**7]
    const uint8_t* honor_states     # [n_honor_states * 16]
    const uint16_t* honor_wait      # [5**7]
    const uint16_t* pair_class      # [N_SUIT_STATES * N_SUIT_STATES]: suits 1 + 2 -> class
    const uint16_t* mixed_class     # [N_SUIT_STATES * N_HONOR_STATES]: suit 3 + honors -> class
    const uint8_t* final_dist       # [8 * n_pair * n_mixed]: M, both halves -> dist (tables.npz's final_dist
                                    # with M first: a batch reads one M's 90 KB, not the whole table)
    int n_pair                      # number of pair classes
    int n_mixed                     # number of mixed classes
    # jokers that may be a fifth copy (wild.allow_fifth_copy): the same layout, unlimited copies
    const uint8_t* suit_ustate      # [5**9] key -> unlimited state
    const uint8_t* honor_ustate     # [5**7]
    const uint16_t* upair_class     # [N_SUIT_USTATES * N_SUIT_USTATES]
    const uint16_t* umixed_class    # [N_SUIT_USTATES * N_HONOR_USTATES]
    const uint8_t* ufinal_dist      # [8 * n_upair * n_umixed], M first
    int n_upair
    int n_umixed
    # budgeted rows, for when unlimited and capped distances disagree
    const uint8_t* suit_bstate      # [5**9] key -> budget state
    const uint8_t* suit_bstates     # [n * BUDGET_ROW]: dist[(p * 6 + m) * N_BUDGET + e]
    const uint8_t* honor_bstate     # [5**7]
    const uint8_t* honor_bstates
    # pung capacities (scoped "pung" jokers): [5**9] key -> class, [n_pclasses * 18]: q[p * 9 + t], the most
    # of t jokers that sit in pungs when the suit's tiles and them split into sets + p pairs (-1: none); the
    # same for the winds ([5**4] keys) and the dragons ([5**3])
    const uint8_t* suit_pclass
    const int8_t* suit_pclasses
    int n_pclasses
    const uint8_t* wind_pclass
    const int8_t* wind_pclasses
    const uint8_t* dragon_pclass
    const int8_t* dragon_pclasses

cdef const Tables* get_tables() noexcept nogil
