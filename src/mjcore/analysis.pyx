# cython: language_level=3
"""Scalar hand analysis: shanten, win check, waits, useful tiles for one hand.

Every function takes the concealed tiles as a notation string (``"123m456p789s1122z"``), a
sequence of 34 counts, a numpy array of 34 counts, or 34 ``bytes``; ``melds`` is the number of
declared melds or a list of :class:`mjpy.Meld` (their tiles then count toward the four copies).
Arguments are validated here, once; the kernel (``_kernel.pxd``) trusts what it is given.
"""
from cpython.long cimport PyLong_AsLong
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy, memset

import numpy as np

cimport numpy as cnp

cnp.import_array()

from mjcore._kernel cimport (
    FORM_KNITTED,
    FORM_SEVEN_PAIRS,
    FORM_STANDARD,
    FORM_THIRTEEN_ORPHANS,
    NO_FORM,
    Ctx,
    hand_complete,
    hand_distance,
    hand_useful,
    hand_waits,
)
from mjcore._tables cimport Tables, get_tables

from mjcore import options
from mjcore.options import DEFAULT_FORMS, check_hand_size, forms_mask
from mjcore.types import EXHAUSTED_WAITS, USEFUL, WAITS, Useful, Wait, tile_name

cdef tuple NAMES = tuple(tile_name(i) for i in range(34))
cdef dict _FORMS_CACHE = options._cache
cdef tuple _WAITS = WAITS
cdef tuple _EXHAUSTED = EXHAUSTED_WAITS
cdef tuple _USEFUL = USEFUL
cdef object _string_parser = None
cdef dict _string_cache = {}
cdef Py_ssize_t _STRING_CACHE_MAX = 1 << 16


def _set_string_parser(parser):
    """Install the notation parser (``str -> 34 counts``); mjpy does this on import."""
    global _string_parser
    _string_parser = parser
    _string_cache.clear()


# ---------------------------------------------------------------------------------------------
# argument coercion (the boundary)

cdef int coerce_hand(object hand, uint8_t* out, str name="hand") except -1:
    """Copy a hand argument into ``out[34]``, checking types and 0 <= count <= 4."""
    cdef Py_ssize_t i, stride
    cdef long v
    cdef const char* data
    cdef bytes b
    cdef cnp.ndarray arr
    t = type(hand)
    if t is bytes:
        if len(<bytes>hand) != 34:
            raise ValueError(f"{name}: 34 bytes of counts expected, got {len(<bytes>hand)}")
        memcpy(out, <const char*>(<bytes>hand), 34)
    elif t is str:
        b = _string_cache.get(hand)
        if b is None:
            if _string_parser is None:
                raise TypeError(f"{name}: notation strings need mjpy (import mjpy first)")
            b = np.asarray(_string_parser(hand), dtype=np.uint8).tobytes()
            if len(_string_cache) >= _STRING_CACHE_MAX:
                _string_cache.clear()
            _string_cache[hand] = b
        memcpy(out, <const char*>b, 34)
    elif t is np.ndarray:
        arr = <cnp.ndarray>hand
        if cnp.PyArray_NDIM(arr) != 1 or cnp.PyArray_DIM(arr, 0) != 34:
            raise ValueError(f"{name} must have 34 counts, got shape {hand.shape}")
        if cnp.PyArray_TYPE(arr) == cnp.NPY_UINT8:
            data = <const char*>cnp.PyArray_DATA(arr)
            stride = cnp.PyArray_STRIDE(arr, 0)
            if stride == 1:
                memcpy(out, data, 34)
            else:
                for i in range(34):
                    out[i] = <uint8_t>data[i * stride]
        else:
            _copy_checked(hand, out, name)
    elif t is list:
        return _copy_list(<list>hand, out, name)
    elif t is tuple:
        return _copy_list(list(<tuple>hand), out, name)
    elif isinstance(hand, (list, tuple)):
        return _copy_list(list(hand), out, name)
    elif isinstance(hand, str):
        return coerce_hand(str(hand), out, name)
    elif isinstance(hand, bytes):
        return coerce_hand(bytes(hand), out, name)
    elif isinstance(hand, np.ndarray):
        return coerce_hand(np.asarray(hand), out, name)
    else:
        try:
            seq = list(hand)
        except TypeError:
            raise TypeError(
                f"{name} must be a notation string, 34 counts or a numpy array, "
                f"got {type(hand).__name__}") from None
        return coerce_hand(seq, out, name)
    for i in range(34):
        if out[i] > 4:
            _raise_count(name, i, out[i])
    return 0


cdef int _copy_list(list seq, uint8_t* out, str name) except -1:
    cdef Py_ssize_t i
    cdef long v
    cdef object x
    if len(seq) != 34:
        raise ValueError(f"{name} must have 34 counts, got {len(seq)}")
    try:
        for i in range(34):
            x = seq[i]
            if type(x) is not int:
                if isinstance(x, (bool, float, complex, str, bytes)) or not hasattr(x, "__index__"):
                    raise TypeError(f"{name}[{i}]: counts must be integers, got {type(x).__name__}")
                x = x.__index__()
            v = PyLong_AsLong(x)
            if v < 0 or v > 4:
                _raise_count(name, i, v)
            out[i] = <uint8_t>v
    except OverflowError:
        _raise_count(name, i, seq[i])
    return 0


cdef int _copy_checked(object arr, uint8_t* out, str name) except -1:
    kind = arr.dtype.kind
    if kind not in "iu":
        raise TypeError(f"{name}: counts must be integers, got dtype {arr.dtype}")
    cdef Py_ssize_t i
    for i in range(34):
        x = int(arr[i])
        if x < 0 or x > 4:
            _raise_count(name, i, x)
        out[i] = <uint8_t>x
    return 0


cdef int _raise_count(str name, Py_ssize_t i, object v) except -1:
    if v < 0:
        raise ValueError(f"{name}: {NAMES[i]} count is {v} (counts are 0..4)")
    raise ValueError(f"{name}: {NAMES[i]} appears {v} times (at most 4)")


cdef int coerce_melds(object melds, uint8_t* meld_counts, int hand_size) except -1:
    """Number of declared melds; with a list of Meld, their tiles go to ``meld_counts``."""
    cdef int limit = 4 if hand_size == 13 else 5
    memset(meld_counts, 0, 34)
    if type(melds) is int or (isinstance(melds, (int, np.integer)) and not isinstance(melds, (bool, np.bool_))):
        if melds < 0 or melds > limit:
            raise ValueError(f"melds must be 0..{limit} for {hand_size}-tile play, got {melds}")
        return int(melds)
    if isinstance(melds, (bool, float, str, bytes)):
        raise TypeError(f"melds must be a count or a list of Meld, got {type(melds).__name__}")
    try:
        items = list(melds)
    except TypeError:
        raise TypeError(f"melds must be a count or a list of Meld, got {type(melds).__name__}") from None
    if len(items) > limit:
        raise ValueError(f"{len(items)} melds: at most {limit} in {hand_size}-tile play")
    for m in items:
        tiles = getattr(m, "tiles", None)
        if tiles is None:
            raise TypeError(f"melds: expected Meld objects, got {type(m).__name__}")
        for t in tiles:
            if not (0 <= t < 34):
                raise ValueError(f"melds: tile index {t} out of range 0..33")
            meld_counts[t] += 1
    return len(items)


cdef int check_total(const uint8_t* h, const uint8_t* mc, int k, int hand_size, int want) except -1:
    """want: 0 = either size, 1 = waiting size (3M+1), 2 = complete size (3M+2)."""
    cdef int i, n = 0, c
    for i in range(34):
        n += h[i]
        c = h[i] + mc[i]
        if c > 4:
            raise ValueError(f"{NAMES[i]} appears {c} times across hand and melds (at most 4)")
    cdef int base = hand_size - 3 * k
    if want == 0 and n != base and n != base + 1:
        raise ValueError(
            f"hand has {n} tiles with {k} melds: expected {base} or {base + 1} concealed tiles")
    if want == 1 and n != base:
        raise ValueError(
            f"hand has {n} tiles with {k} melds: expected {base} (a hand waiting for its last tile)")
    if want == 2 and n != base + 1:
        raise ValueError(
            f"hand has {n} tiles with {k} melds: expected {base + 1} (a complete hand)")
    return n


cdef int prepare(object hand, object melds, object forms, bint quads, object hand_size_arg, int want,
                 uint8_t* h, uint8_t* mc, Ctx* ctx) except -1:
    """Validate every argument; fill the counts and the kernel context. Returns M (sets needed)."""
    cdef int hand_size = 13 if hand_size_arg is 13 else check_hand_size(hand_size_arg)
    if forms is DEFAULT_FORMS:
        ctx.forms = 7
    else:
        try:
            mask = _FORMS_CACHE.get(forms)
        except TypeError:  # unhashable: a list of names
            mask = None
        ctx.forms = forms_mask(forms) if mask is None else mask
    ctx.quads = quads
    ctx.thirteen_play = hand_size == 13
    coerce_hand(hand, h)
    ctx.melds = coerce_melds(melds, mc, hand_size)
    n = check_total(h, mc, ctx.melds, hand_size, want)
    if not (ctx.forms & FORM_STANDARD):
        _check_special_applies(ctx)
    return n // 3


cdef int _check_special_applies(const Ctx* ctx) except -1:
    cdef bint ok = False
    if ctx.thirteen_play and ctx.melds == 0 and ctx.forms & (FORM_SEVEN_PAIRS | FORM_THIRTEEN_ORPHANS):
        ok = True
    if ctx.thirteen_play and ctx.melds <= 1 and ctx.forms & FORM_KNITTED:
        ok = True
    if not ok:
        raise ValueError(
            f"no requested form applies to a hand with {ctx.melds} melds in "
            f"{13 if ctx.thirteen_play else 16}-tile play (seven pairs and thirteen orphans need "
            f"a concealed 13-tile hand; knitted forms allow at most one meld)")
    return 0


# ---------------------------------------------------------------------------------------------
# public functions

def shanten(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True, hand_size=13):
    """Tiles away from tenpai: -1 complete, 0 tenpai, 1 one away, ...

    Exact: never counts toward a hand that needs a fifth copy of a tile.

    >>> shanten("123m456p789s1122z")
    0
    >>> shanten("1111m234p567p789s")
    1
    """
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef Ctx ctx
    cdef int M = prepare(hand, melds, forms, quads_as_two_pairs, hand_size, 0, h, mc, &ctx)
    return hand_distance(get_tables(), h, M, &ctx) - 1


def shanten_standard(hand, *, melds=0, hand_size=13):
    """Shanten of the standard form (melds + pair): ``shanten_standard("13m456p789s11222z") == 0``."""
    return shanten(hand, melds=melds, forms=("standard",), hand_size=hand_size)


def shanten_seven_pairs(hand, *, bint quads_as_two_pairs=True):
    """Shanten of seven pairs; by default four of a kind counts as two pairs (龙七对)."""
    return shanten(hand, forms=("seven_pairs",), quads_as_two_pairs=quads_as_two_pairs)


def shanten_thirteen_orphans(hand):
    """Shanten of thirteen orphans (十三幺): ``shanten_thirteen_orphans("19m19p19s1234567z") == 0``."""
    return shanten(hand, forms=("thirteen_orphans",))


def shanten_knitted(hand, *, melds=0):
    """Shanten of the knitted forms: 全不靠/七星不靠 and 组合龙 + set + pair."""
    return shanten(hand, melds=melds, forms=("knitted",))


def is_win(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True, hand_size=13):
    """Whether a complete-size hand (3M+2 concealed tiles) is a win in one of ``forms``.

    >>> is_win("11123456789999m")
    True
    """
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef Ctx ctx
    prepare(hand, melds, forms, quads_as_two_pairs, hand_size, 2, h, mc, &ctx)
    return hand_complete(get_tables(), h, &ctx)


cdef uint64_t _waits(object hand, object melds, object forms, bint quads, object hand_size,
                     uint64_t* exhausted) except? 0xFFFFFFFFFFFFFFFF:
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef Ctx ctx
    cdef uint64_t four, w, held_four = 0
    cdef int i
    prepare(hand, melds, forms, quads, hand_size, 1, h, mc, &ctx)
    w = hand_waits(get_tables(), h, &ctx, &four)
    for i in range(34):
        if h[i] + mc[i] == 4:
            held_four |= (<uint64_t>1) << i
    exhausted[0] = w & held_four
    return w & ~held_four


def waits(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
          bint include_exhausted=False, hand_size=13):
    """Tiles that complete a waiting hand (3M+1 concealed tiles), as :class:`Wait` indices.

    A tile the player holds all four of cannot be drawn: it is left out unless
    ``include_exhausted``, where it is listed with ``exhausted=True``.

    >>> [w.name for w in waits("2233445566778p")]
    ['2p', '5p', '8p']
    """
    cdef uint64_t exhausted = 0
    cdef uint64_t w = _waits(hand, melds, forms, quads_as_two_pairs, hand_size, &exhausted)
    cdef int i
    out = []
    for i in range(34):
        if (w >> i) & 1:
            out.append(_WAITS[i])
        elif include_exhausted and (exhausted >> i) & 1:
            out.append(_EXHAUSTED[i])
    return out


def waits_mask(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
               bint include_exhausted=False, hand_size=13):
    """The waits as a 34-bit mask (bit i = tile i), as the batch API returns them."""
    cdef uint64_t exhausted = 0
    cdef uint64_t w = _waits(hand, melds, forms, quads_as_two_pairs, hand_size, &exhausted)
    return w | exhausted if include_exhausted else w


def is_tenpai(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True, hand_size=13):
    """A waiting hand with at least one drawable winning tile."""
    cdef uint64_t exhausted = 0
    return _waits(hand, melds, forms, quads_as_two_pairs, hand_size, &exhausted) != 0


def useful_tiles(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
                 visible=None, hand_size=13):
    """Tiles whose draw lowers the shanten of a waiting-size hand, with copies left unseen.

    ``left`` = 4 - held (hand and melds) - ``visible`` (a hand-like count of tiles seen elsewhere).

    >>> [(u.name, u.left) for u in useful_tiles("123m456p789s1122z")]
    [('1z', 2), ('2z', 2)]
    """
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef uint8_t vis[34]
    cdef Ctx ctx
    cdef int M = prepare(hand, melds, forms, quads_as_two_pairs, hand_size, 1, h, mc, &ctx)
    cdef int i, distance, left
    cdef uint64_t u
    memset(vis, 0, 34)
    if visible is not None:
        coerce_hand(visible, vis, "visible")
        for i in range(34):
            if h[i] + mc[i] + vis[i] > 4:
                raise ValueError(
                    f"visible: {NAMES[i]} seen {vis[i]} times but the player holds "
                    f"{h[i] + mc[i]} (at most 4 in all)")
    u = hand_useful(get_tables(), h, M, &ctx, &distance)
    out = []
    for i in range(34):
        if (u >> i) & 1:
            left = 4 - h[i] - mc[i] - vis[i]
            out.append(_USEFUL[i][left])
    return out
