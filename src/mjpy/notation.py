"""Reading and writing hands: MPSZ and Chinese notation, Unicode tiles, Tenhou converters.

A hand is a count vector of 34 uint8 (index order in :mod:`mjpy.tiles`).

>>> to_string(parse("23445677筒345789条"))
'23445677p345789s'
>>> to_chinese(parse("123m11z567z"))
'123万东东中发白'

Notation read by :func:`parse`:

* MPSZ: digits then a suit letter, ``123m456p789s1122z``; ``z`` digits 1-7 are 东南西北中发白
  (Chinese order: 5z = 中, 7z = 白); ``0`` is a red five and reads as 5.
* Chinese: digits (or 一…九) then 万/萬, 筒/饼/餅/并, 条/條/索/束 (``23445677筒345789条``), and honor
  characters 东南西北中发白 (also 東 發 红中 白板 发财 东风 …).
* Unicode tiles, one character per tile, as :func:`to_unicode` writes them (``🀇🀈🀉🀄``; an emoji
  variation selector after a tile is ignored). Flower, season, joker and back tiles are errors.
* Whitespace is ignored (also inside a digit run); notations can be mixed.

:func:`parse_hand` also reads declared melds in brackets: ``[123m]`` chi, ``[555s]`` pon,
``[5555s]`` exposed kong (minkan), ``{5555s}`` added kong (kakan), ``(5555s)`` concealed kong (ankan).
"""
from __future__ import annotations

import functools
import operator
from typing import Iterable, List, Optional, Sequence

import numpy as np

from .errors import NotationError, _show
from .meld import _group_meld
from .scanner import _scan
from .tiles import CHINESE_NAMES, N_KINDS, TILE_NAMES, UNICODE_TILES

__all__ = [
    "parse", "parse_hand", "to_string", "to_chinese", "to_unicode",
    "tenhou34_index", "to_tenhou34", "from_tenhou34", "to_tenhou136", "from_tenhou136",
    "to_tenhou_string", "from_tenhou_string",
]

# ----------------------------------------------------------------------------------------------
# scanner: mjpy.scanner (shared with mjpy.meld)

def _count(tiles: Iterable[int], counts: List[int], text: str, where: str = "") -> List[int]:
    for t in tiles:
        counts[t] += 1
    for t in range(N_KINDS):
        if counts[t] > 4:
            raise NotationError(f"{TILE_NAMES[t]} appears {counts[t]} times (at most 4)", text, None, where or None)
    return counts


_PLAIN_SUIT = {"m": 0, "p": 9, "s": 18, "z": 27}
_PLAIN_DIGIT = {str(d): d - 1 for d in range(1, 10)}
_PLAIN_DIGIT["0"] = 4                     # red five


def _counts_plain(text: str) -> Optional[List[int]]:
    """Counts of plain ASCII MPSZ text (``123m0p11z``, at most 4 of a kind), or None for anything
    else: the full scanner then reads it and explains any error."""
    counts = [0] * N_KINDS
    base = -1
    for ch in reversed(text):
        b = _PLAIN_SUIT.get(ch)
        if b is not None:
            base = b
            continue
        d = _PLAIN_DIGIT.get(ch)
        if d is None or base < 0 or (base == 27 and (d > 6 or ch == "0")):
            return None
        counts[base + d] += 1
    if base < 0 or not text[0].isdigit() or max(counts) > 4:
        return None
    return counts


@functools.lru_cache(maxsize=8192)
def _parse_cached(text: str) -> np.ndarray:
    """Read-only count array of ``text`` (cached; callers copy)."""
    counts = _counts_plain(text)
    if counts is None:
        tiles, _ = _scan(text, False)
        counts = _count(tiles, [0] * N_KINDS, text)
    return np.frombuffer(bytes(counts), dtype=np.uint8)     # read-only


def parse(text: str) -> np.ndarray:
    """Count vector (34,) uint8 of a hand written in MPSZ or Chinese notation.

    >>> parse("123m456p789s1122z").nonzero()[0].tolist()
    [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 28]
    >>> int(parse("111222444万33399筒").sum())
    14

    Raises NotationError (a ValueError) naming the problem and its position, e.g.
    ``parse('123x'): unknown character 'x' at position 3``; TypeError for a non-str.
    """
    if type(text) is not str:
        if not isinstance(text, str):
            raise TypeError(f"parse() expects a str, got {type(text).__name__}")
        text = str(text)
    return _parse_cached(text).copy()


@functools.lru_cache(maxsize=1024)
def _parse_hand_cached(text: str):
    where = f"parse_hand({_show(text)})"
    plain = _counts_plain(text)
    if plain is not None:
        return np.frombuffer(bytes(plain), dtype=np.uint8), ()
    try:
        tiles, groups = _scan(text, True)
    except NotationError as e:
        raise e.relabel(where) from None
    melds = tuple(_group_meld(text, g, where) for g in groups)
    counts = _count(tiles, [0] * N_KINDS, text, where)
    total = list(counts)
    for g in groups:
        for t in g[3]:
            total[t] += 1
    for t in range(N_KINDS):
        if total[t] > 4:
            raise NotationError(f"{TILE_NAMES[t]} appears {total[t]} times counting the melds (at most 4)",
                                text, None, where)
    arr = np.array(counts, dtype=np.uint8)
    arr.flags.writeable = False
    return arr, melds


def parse_hand(text: str):
    """Concealed tiles and declared melds of a hand written with bracketed melds.

    ``[123m]`` chi, ``[555s]`` pon, ``[5555s]`` exposed kong, ``{5555s}`` added kong,
    ``(5555s)`` concealed kong; brackets can stand anywhere in the string.

    >>> counts, melds = parse_hand("[123m][555s]11199p222z")
    >>> to_string(counts), melds
    ('11199p222z', [Meld('chi', '123m'), Meld('pon', '555s')])

    Returns ``(counts, melds)``: a (34,) uint8 array and a list of :class:`~mjpy.meld.Meld`.
    Copies are counted across the hand and the melds (at most 4 of a kind).
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_hand() expects a str, got {type(text).__name__}")
    arr, melds = _parse_hand_cached(str(text))
    return arr.copy(), list(melds)


# ----------------------------------------------------------------------------------------------
# fast coercion used by the public API

_U8 = np.dtype(np.uint8)
_SHAPE34 = (N_KINDS,)
_STRIDE1 = (1,)
_VALID = bytes(range(5))


def _bad_count(values: Sequence[int], name: str) -> ValueError:
    for t, v in enumerate(values):
        v = int(v)
        if v < 0:
            return ValueError(f"{name}: {TILE_NAMES[t]} count is {v}")
        if v > 4:
            return ValueError(f"{name}: {TILE_NAMES[t]} appears {v} times (at most 4)")
    return ValueError(f"{name}: counts must be 0-4")  # pragma: no cover


def _coerce_counts(hand, *, name: str = "hand") -> np.ndarray:
    """The hand as a C-contiguous (34,) uint8 array with counts 0-4 (hot path of the API).

    Accepts a notation string (parsed, cached), a sequence of 34 ints, bytes of length 34,
    or an integer numpy array of shape (34,). A valid uint8 C-contiguous array is returned
    as is (not copied): the caller must not write to it.

    Errors: TypeError for float/bool/object data or other types; ValueError
    ``hand must have 34 counts, got shape (35,)``, ``hand: 5m appears 5 times (at most 4)``,
    ``hand: 3p count is -1``, or the parse error (``hand '123x': unknown character 'x' at position 3``).
    """
    if type(hand) is np.ndarray:
        if hand.dtype is _U8 and hand.shape == _SHAPE34 and hand.strides == _STRIDE1:
            if not hand.tobytes().translate(None, _VALID):
                return hand
            raise _bad_count(hand.tolist(), name)
        return _coerce_array(hand, name)
    if type(hand) is str:
        try:
            return _parse_cached(hand).copy()
        except NotationError as e:
            raise e.relabel(f"{name} {_show(hand)}") from None
    return _coerce_other(hand, name)


def _coerce_array(a: np.ndarray, name: str) -> np.ndarray:
    kind = a.dtype.kind
    if kind not in "iu":
        what = "bool" if kind == "b" else str(a.dtype)
        raise TypeError(f"{name} must hold integer counts, got dtype {what}")
    if a.shape != _SHAPE34:
        raise ValueError(f"{name} must have 34 counts, got shape {a.shape}")
    if a.dtype.itemsize == 1 and kind == "u":
        b = a.tobytes()
        if b.translate(None, _VALID):
            raise _bad_count(b, name)
        return np.frombuffer(bytearray(b), dtype=np.uint8)
    if int(a.min()) < 0 or int(a.max()) > 4:
        raise _bad_count(a.tolist(), name)
    return a.astype(np.uint8)


def _coerce_other(hand, name: str) -> np.ndarray:
    if isinstance(hand, str):
        return _coerce_counts(str(hand), name=name)
    if isinstance(hand, np.ndarray):
        return _coerce_array(np.asarray(hand), name)
    if isinstance(hand, (list, tuple)):
        if len(hand) != N_KINDS:
            try:
                shape = np.shape(hand)
            except ValueError:  # ragged
                shape = (len(hand),)
            raise ValueError(f"{name} must have 34 counts, got shape {shape}")
        try:
            buf = bytearray(hand)
        except TypeError:
            bad = next((v for v in hand if isinstance(v, bool) or not _is_int(v)), None)
            raise TypeError(f"{name} must hold integer counts, got {type(bad).__name__}") from None
        except ValueError:  # outside 0-255
            raise _bad_count(hand, name) from None
        if bytes(buf).translate(None, _VALID):
            raise _bad_count(buf, name)
        return np.frombuffer(buf, dtype=np.uint8)
    if isinstance(hand, (bytes, bytearray, memoryview)):
        buf = bytearray(hand)
        if len(buf) != N_KINDS:
            raise ValueError(f"{name} must have 34 counts, got shape ({len(buf)},)")
        if bytes(buf).translate(None, _VALID):
            raise _bad_count(buf, name)
        return np.frombuffer(buf, dtype=np.uint8)
    if hand is None or isinstance(hand, (int, float, complex, dict, set, frozenset)) or not (
            hasattr(hand, "__len__") or hasattr(hand, "__array__") or hasattr(hand, "__iter__")):
        raise TypeError(f"{name} must be a tile string or 34 counts, got {type(hand).__name__}")
    arr = np.asarray(hand)
    if arr.dtype.kind == "O":
        raise TypeError(f"{name} must hold integer counts, got dtype object")
    return _coerce_array(arr, name)


def _is_int(v) -> bool:
    try:
        operator.index(v)
        return True
    except TypeError:
        return False


# ----------------------------------------------------------------------------------------------
# writing

def _counts_list(counts, name: str = "counts") -> List[int]:
    return _coerce_counts(counts, name=name).tolist()


def _mpsz(c: List[int]) -> str:
    out = []
    for s, base, size in (("m", 0, 9), ("p", 9, 9), ("s", 18, 9), ("z", 27, 7)):
        digits = "".join(str(r + 1) * c[base + r] for r in range(size))
        if digits:
            out.append(digits + s)
    return "".join(out)


def to_string(counts, melds: Iterable = ()) -> str:
    """Canonical MPSZ string of a count vector (suits m p s z, empty suits omitted).

    Melds, if given, are written first in bracket notation (read back by :func:`parse_hand`).

    >>> to_string(parse("1122z789s456p123m"))
    '123m456p789s1122z'
    """
    text = _mpsz(_counts_list(counts))
    if melds:
        text = "".join(str(m) for m in melds) + text
    return text


def to_chinese(counts, melds: Iterable = ()) -> str:
    """Chinese notation: ``123万456筒789条东东南南`` (honors as characters).

    >>> to_chinese("123m456p789s1122z")
    '123万456筒789条东东南南'
    """
    c = _counts_list(counts)
    out = []
    for suit, base in (("万", 0), ("筒", 9), ("条", 18)):
        digits = "".join(str(r + 1) * c[base + r] for r in range(9))
        if digits:
            out.append(digits + suit)
    out.extend(CHINESE_NAMES[t] * c[t] for t in range(27, 34))
    text = "".join(out)
    if melds:
        text = "".join(m._bracketed(to_chinese(m.counts)) for m in melds) + text
    return text


def to_unicode(counts) -> str:
    """Unicode mahjong tiles, one character per tile: ``to_unicode("123m") == "🀇🀈🀉"``."""
    c = _counts_list(counts)
    return "".join(UNICODE_TILES[t] * c[t] for t in range(N_KINDS))


# ----------------------------------------------------------------------------------------------
# Tenhou / `mahjong` package conventions: 5z = 白, 7z = 中 (34-index 31 <-> 33 swapped)

_TENHOU34 = tuple(33 if i == 31 else 31 if i == 33 else i for i in range(N_KINDS))
_TENHOU_PERM = np.array(_TENHOU34, dtype=np.intp)


def tenhou34_index(i: int) -> int:
    """Tenhou 34-index of engine index ``i`` (and back: the map is its own inverse).

    >>> tenhou34_index(31), tenhou34_index(33), tenhou34_index(4)   # 中, 白, 5m
    (33, 31, 4)
    """
    if isinstance(i, bool):
        raise TypeError("tile index must be an int, got bool")
    i = operator.index(i)
    if not 0 <= i < N_KINDS:
        raise ValueError(f"tile index {i} out of range 0-33")
    return _TENHOU34[i]


def _swap34(x, name: str):
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return tenhou34_index(x)
    if (isinstance(x, np.ndarray) and x.ndim == 1 and x.shape != _SHAPE34) or (
            isinstance(x, (list, tuple)) and len(x) != N_KINDS):
        return [tenhou34_index(i) for i in x]
    c = _coerce_counts(x, name=name)
    return c[_TENHOU_PERM]


def to_tenhou34(counts_or_indices):
    """Engine order -> Tenhou order (swaps index 31 中 and 33 白).

    * a count vector (34 entries, or a notation string) -> (34,) uint8 array in Tenhou order;
    * a list of tile indices (any length but 34) -> list of Tenhou indices;
    * a single index -> int.

    >>> to_tenhou34([31, 33, 0])
    [33, 31, 0]
    >>> int(to_tenhou34("5z")[33])   # 中 is Tenhou's 7z
    1
    """
    return _swap34(counts_or_indices, "counts")


def from_tenhou34(counts_or_indices):
    """Tenhou order -> engine order (the inverse of :func:`to_tenhou34`; same swap 31 <-> 33).

    Takes a 34-count vector, a list of indices or one index (not a string: use
    :func:`from_tenhou_string`).

    >>> from_tenhou34([31])   # Tenhou 31 = 白
    [33]
    """
    if isinstance(counts_or_indices, str):
        raise TypeError("from_tenhou34() takes counts or indices; read Tenhou strings with from_tenhou_string()")
    return _swap34(counts_or_indices, "counts")


def from_tenhou136(ids: Iterable[int]) -> np.ndarray:
    """Count vector from Tenhou 136-tile ids (``id // 4`` is the Tenhou 34 kind).

    >>> to_string(from_tenhou136([0, 1, 124, 132]))   # 1m 1m 白 中
    '11m57z'
    """
    if isinstance(ids, (str, bytes)):
        raise TypeError("from_tenhou136() expects a sequence of ints 0-135")
    counts = [0] * N_KINDS
    seen = set()
    for x in ids:
        if isinstance(x, bool) or not _is_int(x):
            raise TypeError(f"from_tenhou136(): tile id must be an int, got {type(x).__name__}")
        x = operator.index(x)
        if not 0 <= x < 136:
            raise ValueError(f"from_tenhou136(): tile id {x} out of range 0-135")
        if x in seen:
            raise ValueError(f"from_tenhou136(): tile id {x} given twice")
        seen.add(x)
        counts[_TENHOU34[x // 4]] += 1
    return np.array(counts, dtype=np.uint8)


def to_tenhou136(counts) -> List[int]:
    """Tenhou 136-tile ids of a hand, ascending; copies take the lowest ids of their kind.

    >>> to_tenhou136("11m5z7z")   # 中 -> Tenhou kind 33 (ids 132..), 白 -> 31 (ids 124..)
    [0, 1, 124, 132]
    """
    c = _counts_list(counts)
    ids = []
    for t in range(N_KINDS):
        k = _TENHOU34[t]
        ids.extend(range(4 * k, 4 * k + c[t]))
    ids.sort()
    return ids


def from_tenhou_string(text: str) -> np.ndarray:
    """Count vector of a Tenhou / ``mahjong``-package MPSZ string (5z = 白, 7z = 中).

    >>> to_chinese(from_tenhou_string("567z"))
    '中发白'
    """
    if not isinstance(text, str):
        raise TypeError(f"from_tenhou_string() expects a str, got {type(text).__name__}")
    for i, ch in enumerate(text):
        if ord(ch) > 127:
            raise NotationError(f"not an MPSZ character {ch!r} at position {i}", text, i,
                                f"from_tenhou_string({_show(text)})")
    try:
        c = _parse_cached(text)
    except NotationError as e:
        raise e.relabel(f"from_tenhou_string({_show(text)})") from None
    return c[_TENHOU_PERM]


def to_tenhou_string(counts) -> str:
    """Tenhou / ``mahjong``-package MPSZ string (5z = 白, 7z = 中).

    >>> to_tenhou_string("123m5z")   # 中 is Tenhou's 7z
    '123m7z'
    """
    c = _counts_list(counts)
    return _mpsz([c[_TENHOU34[i]] for i in range(N_KINDS)])
