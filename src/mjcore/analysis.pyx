# cython: language_level=3
"""Scalar hand analysis: shanten, win check, waits, useful tiles for one hand.

Every function takes the concealed tiles as a notation string (``"123m456p789s1122z"``), a
sequence of 34 counts, a numpy array of 34 counts, or 34 ``bytes``; ``melds`` is the number of
declared melds or a list of :class:`mjpy.Meld` (their tiles then count toward the four copies).
Arguments are validated here, once; the kernel (``_kernel.pxd``) trusts what it is given.
"""
from cpython.long cimport PyLong_AsLong
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport PyObject, Py_INCREF
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
    mj_ctz64,
    mj_popcount64,
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

from mjcore import options
from mjcore.scoped import SCOPES
from mjcore.options import DEFAULT_FORMS, check_hand_size, forms_mask
from mjcore.types import EXHAUSTED_WAITS, USEFUL, WAITS, Useful, Wait, tile_name

cdef tuple NAMES = tuple(tile_name(i) for i in range(34))
cdef dict _FORMS_CACHE = options._cache
cdef tuple _WAITS = WAITS
cdef tuple _EXHAUSTED = EXHAUSTED_WAITS
cdef tuple _USEFUL = USEFUL
cdef PyObject* _USEFUL_P[34][5]      # the same objects (kept alive by _USEFUL), for building lists in C
for _i in range(34):
    for _j in range(5):
        _USEFUL_P[_i][_j] = <PyObject*>_USEFUL[_i][_j]
cdef object _string_parser = None
cdef object _tile_index_hook = None
cdef dict _string_cache = {}
cdef Py_ssize_t _STRING_CACHE_MAX = 1 << 16


def _set_string_parser(parser, tile_index=None):
    """Install the notation parser (``str -> 34 counts``) and the tile-name reader; mjpy does this
    on import."""
    global _string_parser, _tile_index_hook
    _string_parser = parser
    _tile_index_hook = tile_index
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


cdef extern from "Python.h":
    PyObject* PyList_GET_ITEM(object seq, Py_ssize_t i)     # borrowed, unchecked: the length is checked

# the interpreter's cached small ints 0..4 (never freed): a count of 0-4 is one pointer comparison
cdef object _INT0 = 0, _INT1 = 1, _INT2 = 2, _INT3 = 3, _INT4 = 4
cdef PyObject* _P0 = <PyObject*>_INT0
cdef PyObject* _P1 = <PyObject*>_INT1
cdef PyObject* _P2 = <PyObject*>_INT2
cdef PyObject* _P3 = <PyObject*>_INT3
cdef PyObject* _P4 = <PyObject*>_INT4


cdef int _copy_list(list seq, uint8_t* out, str name) except -1:
    cdef Py_ssize_t i
    cdef PyObject* p
    if len(seq) != 34:
        raise ValueError(f"{name} must have 34 counts, got {len(seq)}")
    for i in range(34):
        p = PyList_GET_ITEM(seq, i)
        if p == _P0:
            out[i] = 0
        elif p == _P1:
            out[i] = 1
        elif p == _P2:
            out[i] = 2
        elif p == _P3:
            out[i] = 3
        elif p == _P4:
            out[i] = 4
        else:                           # another object: an int out of range, a numpy integer, a bad type
            _copy_item(seq, i, out, name)
    return 0


cdef int _copy_item(list seq, Py_ssize_t i, uint8_t* out, str name) except -1:
    """``out[i]`` from ``seq[i]``: an integer (or an object with ``__index__``) in 0..4, else the error."""
    cdef long v
    cdef object x = seq[i]
    if type(x) is not int:
        if isinstance(x, (bool, float, complex, str, bytes)) or not hasattr(x, "__index__"):
            raise TypeError(f"{name}[{i}]: counts must be integers, got {type(x).__name__}")
        x = x.__index__()
    try:
        v = PyLong_AsLong(x)
    except OverflowError:
        _raise_count(name, i, x)
    if v < 0 or v > 4:
        _raise_count(name, i, v)
    out[i] = <uint8_t>v
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


cdef int check_total(const uint8_t* h, const uint8_t* mc, int k, int hand_size, int want,
                     int jokers=0) except -1:
    """want: 0 = either size, 1 = waiting size (3M+1), 2 = complete size (3M+2). Returns the
    number of real concealed tiles."""
    cdef int i, n = 0, c
    for i in range(34):
        n += h[i]
        c = h[i] + mc[i]
        if c > 4:
            raise ValueError(f"{NAMES[i]} appears {c} times across hand and melds (at most 4)")
    cdef int base = hand_size - 3 * k
    cdef int total = n + jokers
    what = f"{n} tiles and {jokers} jokers" if jokers else f"{n} tiles"
    if want == 0 and total != base and total != base + 1:
        raise ValueError(
            f"hand has {what} with {k} melds: expected {base} or {base + 1} concealed tiles")
    if want == 1 and total != base:
        raise ValueError(
            f"hand has {what} with {k} melds: expected {base} (a hand waiting for its last tile)")
    if want == 2 and total != base + 1:
        raise ValueError(
            f"hand has {what} with {k} melds: expected {base + 1} (a complete hand)")
    return n


cdef int coerce_jokers(object jokers) except -1:
    if type(jokers) is int:
        k = jokers
    elif isinstance(jokers, (bool, np.bool_)) or not isinstance(jokers, (int, np.integer)):
        raise TypeError(f"jokers must be an int, got {type(jokers).__name__}")
    else:
        k = int(jokers)
    if k < 0 or k > 17:
        raise ValueError(f"jokers must be 0..17, got {k}")
    return k


cdef uint64_t coerce_joker_tiles(object joker_tiles) except? 0xFFFFFFFFFFFFFFFF:
    """Bit mask of the tile kinds that are jokers (indices or names like '5z')."""
    cdef uint64_t mask = 0
    if joker_tiles is None:
        return 0
    if isinstance(joker_tiles, (str, int, np.integer)):
        joker_tiles = [joker_tiles]
    try:
        items = list(joker_tiles)
    except TypeError:
        raise TypeError(f"joker_tiles must be a list of tiles, got {type(joker_tiles).__name__}") from None
    for t in items:
        if isinstance(t, str):
            if _tile_index_hook is not None:
                i = _tile_index_hook(t)
            elif t in NAMES:
                i = NAMES.index(t)
            else:
                raise ValueError(f"joker_tiles: unknown tile {t!r}")
        elif isinstance(t, (int, np.integer)) and not isinstance(t, (bool, np.bool_)):
            i = int(t)
        else:
            raise TypeError(f"joker_tiles: tiles are indices or names, got {type(t).__name__}")
        if not 0 <= i < 34:
            raise ValueError(f"joker_tiles: tile index {i} out of range 0..33")
        mask |= (<uint64_t>1) << i
    return mask


cdef dict _SCOPE_INDEX = {name: i for i, name in enumerate(SCOPES)}


cdef int coerce_scopes(object jokers_by_scope, Scoped* sj) except -1:
    """Fill ``sj`` from a mapping scope name -> number of jokers (None: no scoped jokers)."""
    cdef int i
    for i in range(N_SCOPES):
        sj.n[i] = 0
    sj.total = 0
    if jokers_by_scope is None:
        return 0
    if not hasattr(jokers_by_scope, "items"):
        raise TypeError(f"jokers_by_scope must be a mapping scope -> count, "
                        f"got {type(jokers_by_scope).__name__}")
    for name, v in jokers_by_scope.items():
        i = _SCOPE_INDEX.get(name, -1) if isinstance(name, str) else -1
        if i < 0:
            raise ValueError(f"jokers_by_scope: unknown scope {name!r} (scopes: {', '.join(SCOPES)})")
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (int, np.integer)):
            raise TypeError(f"jokers_by_scope[{name!r}] must be an int, got {type(v).__name__}")
        if v < 0:
            raise ValueError(f"jokers_by_scope[{name!r}] is {v}: counts must be >= 0")
        if v > MAX_SCOPED:
            raise ValueError(f"jokers_by_scope[{name!r}] is {v}: at most {MAX_SCOPED} scoped jokers")
        sj.n[i] += <int>v
        sj.total += <int>v
    if sj.total > MAX_SCOPED:
        raise ValueError(f"jokers_by_scope holds {sj.total} jokers: at most {MAX_SCOPED} scoped jokers")
    return 0


cdef int prepare(object hand, object melds, object forms, bint quads, object hand_size_arg, int want,
                 uint8_t* h, uint8_t* mc, Ctx* ctx, object jokers=0, object joker_tiles=None,
                 bint fifth=True, uint8_t* held=NULL, uint64_t* joker_mask=NULL,
                 object jokers_by_scope=None, Scoped* sj=NULL) except -1:
    """Validate every argument; fill the counts and the kernel context. Returns M (sets needed).

    With ``joker_tiles`` the copies of those kinds leave ``h`` and join the jokers; ``held``
    (if given) receives the counts as passed, ``joker_mask`` the joker kinds. ``sj`` (if given)
    receives the scoped jokers, ``jokers`` and ``joker_tiles`` added as "any" jokers; ``ctx.jokers``
    is then the number of all jokers.
    """
    cdef Scoped local
    cdef int hand_size = 13 if hand_size_arg is 13 else check_hand_size(hand_size_arg)
    cdef int i, k
    cdef uint64_t jm = 0
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
    ctx.fifth = fifth
    k = 0 if jokers is 0 else coerce_jokers(jokers)
    coerce_hand(hand, h)
    if held != NULL:
        memcpy(held, h, 34)
    if joker_tiles is not None:
        jm = coerce_joker_tiles(joker_tiles)
        for i in range(34):
            if (jm >> i) & 1:
                k += h[i]
                h[i] = 0
    if joker_mask != NULL:
        joker_mask[0] = jm
    if sj == NULL:
        sj = &local
    coerce_scopes(jokers_by_scope, sj)
    sj.n[SC_ANY] += k
    sj.total += k
    if scoped_restricted(sj) and sj.total > MAX_SCOPED:
        raise ValueError(f"{sj.total} jokers in all (jokers_by_scope, jokers, joker_tiles): "
                         f"at most {MAX_SCOPED} with scoped jokers")
    k = sj.total
    ctx.jokers = k
    ctx.melds = coerce_melds(melds, mc, hand_size)
    n = check_total(h, mc, ctx.melds, hand_size, want, k)
    if not (ctx.forms & FORM_STANDARD):
        _check_special_applies(ctx)
    return (n + k) // 3


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
#
# Joker keywords, everywhere: ``jokers`` (jokers held apart from the 34 counts), ``joker_tiles``
# (kinds whose copies in the hand are jokers), ``allow_fifth_copy`` (a joker may be a copy beyond
# the fourth; flag wild.allow_fifth_copy, default True, docs/rules.md#jokers), ``jokers_by_scope``
# (a mapping scope -> count of jokers that stand only for part of the kinds, at most 8 jokers in
# all then; ``jokers`` and ``joker_tiles`` add "any" jokers; docs/scoped_jokers.md).

def shanten(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True, hand_size=13,
            jokers=0, joker_tiles=None, bint allow_fifth_copy=True, jokers_by_scope=None):
    """Tiles away from tenpai: -1 complete, 0 tenpai, 1 one away, ...

    Exact: never counts toward a hand that needs a fifth real copy of a tile.

    >>> shanten("123m456p789s1122z")
    0
    >>> shanten("1111m234p567p789s")
    1
    >>> shanten("1234567m123p5s", jokers=2)
    0
    >>> shanten("1234567m123p55s", jokers_by_scope={"dragon": 1})   # a dragon cannot be 8m
    1
    >>> shanten("1234567m123p55s", jokers_by_scope={"suit_m": 1})
    0
    """
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef Ctx ctx
    cdef Scoped sj
    cdef int M = prepare(hand, melds, forms, quads_as_two_pairs, hand_size, 0, h, mc, &ctx,
                         jokers, joker_tiles, allow_fifth_copy, NULL, NULL, jokers_by_scope, &sj)
    if scoped_restricted(&sj):
        return scoped_distance(get_tables(), h, M, &ctx, &sj) - 1
    return hand_distance(get_tables(), h, M, &ctx) - 1


def shanten_standard(hand, *, melds=0, hand_size=13, jokers=0, joker_tiles=None,
                     bint allow_fifth_copy=True):
    """Shanten of the standard form (melds + pair): ``shanten_standard("13m456p789s11222z") == 0``."""
    return shanten(hand, melds=melds, forms=("standard",), hand_size=hand_size, jokers=jokers,
                   joker_tiles=joker_tiles, allow_fifth_copy=allow_fifth_copy)


def shanten_seven_pairs(hand, *, bint quads_as_two_pairs=True, jokers=0, joker_tiles=None):
    """Shanten of seven pairs; by default four of a kind counts as two pairs (龙七对)."""
    return shanten(hand, forms=("seven_pairs",), quads_as_two_pairs=quads_as_two_pairs,
                   jokers=jokers, joker_tiles=joker_tiles)


def shanten_thirteen_orphans(hand, *, jokers=0, joker_tiles=None):
    """Shanten of thirteen orphans (十三幺): ``shanten_thirteen_orphans("19m19p19s1234567z") == 0``."""
    return shanten(hand, forms=("thirteen_orphans",), jokers=jokers, joker_tiles=joker_tiles)


def shanten_knitted(hand, *, melds=0, jokers=0, joker_tiles=None, bint allow_fifth_copy=True):
    """Shanten of the knitted forms: 全不靠/七星不靠 and 组合龙 + set + pair."""
    return shanten(hand, melds=melds, forms=("knitted",), jokers=jokers, joker_tiles=joker_tiles,
                   allow_fifth_copy=allow_fifth_copy)


def is_win(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True, hand_size=13,
           jokers=0, joker_tiles=None, bint allow_fifth_copy=True, jokers_by_scope=None):
    """Whether a complete-size hand (3M+2 concealed tiles, jokers included) is a win.

    >>> is_win("11123456789999m")
    True
    >>> is_win("123456m234p55s555z", joker_tiles=["5z"])    # 中 as the joker kind
    True
    >>> is_win("12m456m234p55s555z", jokers_by_scope={"suit_m": 1})   # 萬 joker as 3m
    True
    >>> is_win("12m456m234p55s555z", jokers_by_scope={"suit_p": 1})
    False
    """
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef Ctx ctx
    cdef Scoped sj
    cdef int M = prepare(hand, melds, forms, quads_as_two_pairs, hand_size, 2, h, mc, &ctx,
                         jokers, joker_tiles, allow_fifth_copy, NULL, NULL, jokers_by_scope, &sj)
    if scoped_restricted(&sj):
        return scoped_complete(get_tables(), h, M, &ctx, &sj)
    return hand_complete(get_tables(), h, M, &ctx)


cdef uint64_t _waits(object hand, object melds, object forms, bint quads, object hand_size,
                     object jokers, object joker_tiles, bint fifth,
                     uint64_t* exhausted, object jokers_by_scope=None) except? 0xFFFFFFFFFFFFFFFF:
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef uint8_t held[34]
    cdef Ctx ctx
    cdef Scoped sj
    cdef uint64_t four, w, held_four = 0, jm = 0
    cdef int i, M
    cdef bint scoped
    cdef const Tables* T = get_tables()
    M = prepare(hand, melds, forms, quads, hand_size, 1, h, mc, &ctx, jokers, joker_tiles, fifth,
                held, &jm, jokers_by_scope, &sj)
    scoped = scoped_restricted(&sj)
    w = scoped_waits(T, h, &ctx, &sj, &four) if scoped else hand_waits(T, h, &ctx, &four)
    for i in range(34):
        if held[i] + mc[i] == 4:
            held_four |= (<uint64_t>1) << i
    if jm:
        # every copy of a joker kind is a joker: drawing one adds a joker, never a real tile
        w &= ~jm
        ctx.jokers += 1
        sj.n[SC_ANY] += 1
        sj.total += 1
        if scoped_complete(T, h, M, &ctx, &sj) if scoped else hand_complete(T, h, M, &ctx):
            w |= jm
        ctx.jokers -= 1
    exhausted[0] = w & held_four
    return w & ~held_four


def waits(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
          bint include_exhausted=False, hand_size=13, jokers=0, joker_tiles=None,
          bint allow_fifth_copy=True, jokers_by_scope=None):
    """Tiles that complete a waiting hand (3M+1 concealed tiles, jokers included), as :class:`Wait`.

    A tile the player holds all four of cannot be drawn: it is left out unless
    ``include_exhausted``, where it is listed with ``exhausted=True``. With ``joker_tiles``, drawing
    a joker kind adds a joker, so the joker kinds are waits of every tenpai hand.

    >>> [w.name for w in waits("2233445566778p")]
    ['2p', '5p', '8p']
    """
    cdef uint64_t exhausted = 0
    cdef uint64_t w = _waits(hand, melds, forms, quads_as_two_pairs, hand_size, jokers, joker_tiles,
                             allow_fifth_copy, &exhausted, jokers_by_scope)
    cdef int i
    out = []
    for i in range(34):
        if (w >> i) & 1:
            out.append(_WAITS[i])
        elif include_exhausted and (exhausted >> i) & 1:
            out.append(_EXHAUSTED[i])
    return out


def waits_mask(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
               bint include_exhausted=False, hand_size=13, jokers=0, joker_tiles=None,
               bint allow_fifth_copy=True, jokers_by_scope=None):
    """The waits as a 34-bit mask (bit i = tile i), as the batch API returns them."""
    cdef uint64_t exhausted = 0
    cdef uint64_t w = _waits(hand, melds, forms, quads_as_two_pairs, hand_size, jokers, joker_tiles,
                             allow_fifth_copy, &exhausted, jokers_by_scope)
    return w | exhausted if include_exhausted else w


def is_tenpai(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True, hand_size=13,
              jokers=0, joker_tiles=None, bint allow_fifth_copy=True, jokers_by_scope=None):
    """A waiting hand with at least one drawable winning tile."""
    cdef uint64_t exhausted = 0
    return _waits(hand, melds, forms, quads_as_two_pairs, hand_size, jokers, joker_tiles,
                  allow_fifth_copy, &exhausted, jokers_by_scope) != 0


def useful_tiles(hand, *, melds=0, forms=DEFAULT_FORMS, bint quads_as_two_pairs=True,
                 visible=None, hand_size=13, jokers=0, joker_tiles=None,
                 bint allow_fifth_copy=True, jokers_by_scope=None):
    """Tiles whose draw lowers the shanten of a waiting-size hand, with copies left unseen.

    ``left`` = 4 - held (hand and melds) - ``visible`` (a hand-like count of tiles seen elsewhere).

    >>> [(u.name, u.left) for u in useful_tiles("123m456p789s1122z")]
    [('1z', 2), ('2z', 2)]
    """
    cdef uint8_t h[34]
    cdef uint8_t mc[34]
    cdef uint8_t vis[34]
    cdef uint8_t held[34]
    cdef Ctx ctx
    cdef Scoped sj
    cdef uint64_t jm = 0
    cdef const Tables* T = get_tables()
    cdef int M = prepare(hand, melds, forms, quads_as_two_pairs, hand_size, 1, h, mc, &ctx,
                         jokers, joker_tiles, allow_fifth_copy, held, &jm, jokers_by_scope, &sj)
    cdef int i, distance, left
    cdef uint64_t u
    cdef bint scoped = scoped_restricted(&sj)
    memset(vis, 0, 34)
    if visible is not None:
        coerce_hand(visible, vis, "visible")
        for i in range(34):
            if held[i] + mc[i] + vis[i] > 4:
                raise ValueError(
                    f"visible: {NAMES[i]} seen {vis[i]} times but the player holds "
                    f"{held[i] + mc[i]} (at most 4 in all)")
    if scoped:
        u = scoped_useful(T, h, M, &ctx, &sj, &distance)
    else:
        u = hand_useful(T, h, M, &ctx, &distance)
    if jm:
        u &= ~jm
        ctx.jokers += 1
        sj.n[SC_ANY] += 1
        sj.total += 1
        if (scoped_distance(T, h, M, &ctx, &sj) if scoped else hand_distance(T, h, M, &ctx)) < distance:
            u |= jm
        ctx.jokers -= 1
    for i in range(34):          # a joker kind the player holds all four of cannot be drawn (as any tile)
        if (jm >> i) & 1 and held[i] + mc[i] >= 4:
            u &= ~((<uint64_t>1) << i)
    cdef list out = PyList_New(mj_popcount64(u))
    cdef Py_ssize_t k = 0
    cdef PyObject* item
    while u:
        i = mj_ctz64(u)
        u &= u - 1
        item = _USEFUL_P[i][4 - held[i] - mc[i] - vis[i]]
        Py_INCREF(<object>item)
        PyList_SET_ITEM(out, k, <object>item)
        k += 1
    return out


def _joker_mask(joker_tiles):
    """Bit mask of joker kinds (for the batch API)."""
    return coerce_joker_tiles(joker_tiles)
