# cython: language_level=3
"""Shared declarations of the lookup tables (tables/generate.py documents their layout)."""
from libc.stdint cimport uint8_t, uint16_t

cdef enum:
    N_SUIT_STATES = 222     # fixed by tables/generate.py; checked when the tables load
    N_HONOR_STATES = 192
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
    const uint8_t* final_dist       # [n_pair_classes * n_mixed * 8]: both halves -> dist[M]
    int n_mixed                     # number of mixed classes (row stride of final_dist / 8)

cdef const Tables* get_tables() noexcept nogil
