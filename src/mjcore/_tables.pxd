# cython: language_level=3
"""Shared declarations of the lookup tables (see tables/generate.py for their layout)."""
from libc.stdint cimport uint8_t, uint16_t, uint32_t

# info word of a block key
cdef enum:
    INFO_WAIT_MASK = 0x1FF          # bits 0-8: adding tile t completes the block
    INFO_FOUR_SHIFT = 9             # bits 9-17: tiles the block holds four of
    INFO_COMPLETE = 1 << 18         # the block splits into sets (+ one pair if size % 3 == 2)
    INFO_MOD3_SHIFT = 19            # bits 19-20: block size mod 3
    INFO_CLASS_SHIFT = 24           # bits 24-31: distance class

cdef struct Tables:
    const uint32_t* suit_info       # [5**9]
    const uint8_t* suit_dist        # [n_suit_classes * 16], entry p * 6 + m
    const uint32_t* honor_info      # [5**7]
    const uint8_t* honor_dist       # [n_honor_classes * 16]
    const uint16_t* pair_class      # [n_suit_classes * n_suit_classes]: suits 1+2 -> class
    const uint16_t* triple_class    # [n_pair_classes * n_suit_classes]: + suit 3 -> class
    const uint8_t* final_dist       # [n_triple_classes * n_honor_classes * 8]: + honors -> dist[M]
    int n_suit                      # number of suit classes (row stride of the two class tables)
    int n_honor                     # number of honor classes

cdef const Tables* get_tables() noexcept nogil
