# cython: language_level=3
from libc.stdint cimport uint8_t

cdef int coerce_hand(object hand, uint8_t* out, str name=*) except -1
cdef int coerce_melds(object melds, uint8_t* meld_counts, int hand_size) except -1
cdef int check_total(const uint8_t* h, const uint8_t* mc, int k, int hand_size, int want,
                     int jokers=*) except -1
