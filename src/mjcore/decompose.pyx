# cython: language_level=3
"""Every reading of a complete hand: the melds + pair splits (and the special forms) fan rules need.

The standard-form search takes the lowest remaining tile and tries it as a pung, the start of a
sequence, or the pair; duplicates (the same multiset reached in another order) are removed.
"""
from libc.stdint cimport uint8_t

from mjcore.analysis cimport coerce_hand, coerce_melds, check_total
from mjcore._kernel cimport (
    FORM_KNITTED,
    FORM_SEVEN_PAIRS,
    FORM_STANDARD,
    FORM_THIRTEEN_ORPHANS,
)

from mjcore.options import DEFAULT_FORMS, check_hand_size, forms_mask
from mjcore.types import Decomposition

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
KNITTED_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _set_order(s):
    return (s[1], s[0] == "seq")


cdef void _search(uint8_t* c, int start, bint have_pair, list sets, object pair, set out):
    cdef int i = start
    while i < 34 and c[i] == 0:
        i += 1
    if i == 34:
        if have_pair:
            out.add((tuple(sorted(sets, key=_set_order)), pair))
        return
    if c[i] >= 3:
        c[i] -= 3
        sets.append(("pung", i))
        _search(c, i, have_pair, sets, pair, out)
        sets.pop()
        c[i] += 3
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        sets.append(("seq", i))
        _search(c, i, have_pair, sets, pair, out)
        sets.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
    if not have_pair and c[i] >= 2:
        c[i] -= 2
        _search(c, i, True, sets, i, out)
        c[i] += 2


def _decomp_order(d):
    return ([(t, k) for k, t in d[0]], d[1])


cdef list _standard(uint8_t* c):
    cdef set found = set()
    _search(c, 0, False, [], None, found)
    return [Decomposition("standard", sets, pair) for sets, pair in sorted(found, key=_decomp_order)]


def decompositions(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
                   hand_size=13):
    """Every way to read a complete hand (3M+2 concealed tiles), as :class:`Decomposition`.

    >>> [str(d) for d in decompositions("11122233344455m")][:2]
    ['111m 222m 333m 444m 55m', '111m 234m 234m 234m 55m']
    """
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef int i, k, mask, s
    hand_size = check_hand_size(hand_size)
    mask = forms_mask(forms)
    coerce_hand(hand, h)
    k = coerce_melds(melds, mc, hand_size)
    check_total(h, mc, k, hand_size, 2)
    out = []
    if mask & FORM_STANDARD:
        out.extend(_standard(h))
    concealed13 = hand_size == 13 and k == 0
    counts = [h[i] for i in range(34)]
    if concealed13 and mask & FORM_SEVEN_PAIRS:
        if quads_as_two_pairs:
            ok = all(c % 2 == 0 for c in counts)
        else:
            ok = all(c in (0, 2) for c in counts)
        if ok:
            pairs = tuple(i for i in range(34) for _ in range(counts[i] // 2))
            out.append(Decomposition("seven_pairs", pairs=pairs))
    if concealed13 and mask & FORM_THIRTEEN_ORPHANS:
        if all(counts[i] >= 1 for i in ORPHANS) and sum(counts[i] for i in ORPHANS) == 14:
            pair = next(i for i in ORPHANS if counts[i] == 2)
            out.append(Decomposition("thirteen_orphans", pair=pair, tiles=ORPHANS))
    if hand_size == 13 and k <= 1 and mask & FORM_KNITTED:
        out.extend(_knitted(h, counts, k))
    return out


cdef list _knitted(uint8_t* h, list counts, int k):
    cdef int s, j
    out = []
    honors = tuple(i for i in range(27, 34) if counts[i])
    for perm in KNITTED_PERMS:
        nine = tuple(9 * s + perm[s] + 3 * j for s in range(3) for j in range(3))
        if k == 0 and max(counts) == 1:
            present = tuple(t for t in nine if counts[t])
            if len(present) + len(honors) == 14:
                out.append(Decomposition("honors_and_knitted", tiles=tuple(sorted(present + honors))))
        if all(counts[t] >= 1 for t in nine):
            for t in nine:
                h[t] -= 1
            for d in _standard(h):
                out.append(Decomposition("knitted_straight", d.sets, d.pair, tiles=nine))
            for t in nine:
                h[t] += 1
    return out
