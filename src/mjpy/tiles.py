"""Tile kinds: the 34-slot index, tile names and small helpers.

The engine's index (docs/rules.md#tiles)::

    0-8   1m-9m   万 characters        27-30  1z-4z  东 南 西 北
    9-17  1p-9p   筒 dots              31     5z     中 (red)
    18-26 1s-9s   条 bamboo            32     6z     发 (green)
                                       33     7z     白 (white)

The dragon order 5z=中, 6z=发, 7z=白 is the Chinese one; Tenhou and the ``mahjong`` package
put 白 at 5z (index 31) and 中 at 7z (index 33), see :mod:`mjpy.notation` for converters.

>>> tile_index("5m"), tile_index("中"), tile_name(31), CHINESE_NAMES[31]
(4, 31, '5z', '中')

This module imports nothing but the standard library.
"""
from __future__ import annotations

import operator

__all__ = [
    "N_KINDS", "SUITS", "SUIT_BASE", "SUIT_SIZE",
    "TILE_NAMES", "CHINESE_NAMES", "UNICODE_TILES", "ENGLISH_NAMES",
    "TERMINALS", "HONORS", "WINDS", "DRAGONS", "SUITED", "SIMPLES", "TERMINALS_AND_HONORS",
    "THIRTEEN_ORPHANS",
    "tile_index", "tile_name", "suit_of", "rank_of", "suit_number",
    "is_suited", "is_honor", "is_terminal", "is_terminal_or_honor", "is_simple",
]

#: Number of tile kinds (flowers excluded).
N_KINDS = 34

#: Suit letters in index order.
SUITS = ("m", "p", "s", "z")
#: First index of each suit.
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
#: Number of ranks in each suit.
SUIT_SIZE = {"m": 9, "p": 9, "s": 9, "z": 7}

#: MPSZ names: ``TILE_NAMES[4] == "5m"``, ``TILE_NAMES[31] == "5z"`` (中).
TILE_NAMES = tuple(f"{r}{s}" for s in "mps" for r in range(1, 10)) + tuple(f"{r}z" for r in range(1, 8))

_CN_DIGITS = "一二三四五六七八九"
_HONOR_CHARS = "东南西北中发白"

#: Chinese names: 一万…九万, 一筒…九筒, 一条…九条, 东 南 西 北 中 发 白.
CHINESE_NAMES = (
    tuple(d + "万" for d in _CN_DIGITS)
    + tuple(d + "筒" for d in _CN_DIGITS)
    + tuple(d + "条" for d in _CN_DIGITS)
    + tuple(_HONOR_CHARS)
)

#: Unicode mahjong tiles (🀇…🀏 🀙…🀡 🀐…🀘 🀀🀁🀂🀃 🀄🀅🀆).
UNICODE_TILES = (
    tuple(chr(0x1F007 + i) for i in range(9))       # 万 U+1F007..U+1F00F
    + tuple(chr(0x1F019 + i) for i in range(9))     # 筒 U+1F019..U+1F021
    + tuple(chr(0x1F010 + i) for i in range(9))     # 条 U+1F010..U+1F018
    + tuple(chr(0x1F000 + i) for i in range(4))     # 东南西北 U+1F000..U+1F003
    + (chr(0x1F004), chr(0x1F005), chr(0x1F006))    # 中 发 白
)

_EN_RANKS = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
#: English names: "One of Characters", …, "East Wind", "Red Dragon", "Green Dragon", "White Dragon".
ENGLISH_NAMES = (
    tuple(f"{r} of Characters" for r in _EN_RANKS)
    + tuple(f"{r} of Dots" for r in _EN_RANKS)
    + tuple(f"{r} of Bamboo" for r in _EN_RANKS)
    + ("East Wind", "South Wind", "West Wind", "North Wind", "Red Dragon", "Green Dragon", "White Dragon")
)

#: 一、九 suited tiles: 1m 9m 1p 9p 1s 9s.
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
#: 字牌: winds and dragons.
HONORS = frozenset(range(27, 34))
#: 风牌 东南西北.
WINDS = frozenset(range(27, 31))
#: 箭牌 中发白.
DRAGONS = frozenset(range(31, 34))
#: 序数牌: indices 0-26.
SUITED = frozenset(range(27))
#: 断幺: 2-8 of each suit.
SIMPLES = frozenset(i for i in range(27) if i % 9 not in (0, 8))
#: 幺九牌: terminals and honors.
TERMINALS_AND_HONORS = TERMINALS | HONORS
#: The 13 kinds of thirteen orphans (十三幺), ascending.
THIRTEEN_ORPHANS = tuple(sorted(TERMINALS_AND_HONORS))


def _build_lookup() -> dict:
    names: dict = {}
    for i in range(N_KINDS):
        names[TILE_NAMES[i]] = i
        names[CHINESE_NAMES[i]] = i
        names[UNICODE_TILES[i]] = i
        names[ENGLISH_NAMES[i].lower()] = i
    for i in range(27):
        r = i % 9
        if r == 4:
            names[f"0{'mps'[i // 9]}"] = i        # red five
        d = _CN_DIGITS[r]
        base = i // 9
        for ch in (("萬",), ("饼", "餅", "并"), ("條", "索", "束"))[base]:
            names[d + ch] = i
    extra = {
        "東": 27, "东风": 27, "東風": 27, "南风": 28, "南風": 28, "西风": 29, "西風": 29, "北风": 30, "北風": 30,
        "红中": 31, "紅中": 31, "發": 32, "发财": 32, "發財": 32, "青发": 32, "白板": 33,
        "east": 27, "south": 28, "west": 29, "north": 30, "red": 31, "green": 32, "white": 33,
    }
    names.update(extra)
    return names


_NAME_TO_INDEX = _build_lookup()


def tile_index(name) -> int:
    """Index of one tile given by name.

    Accepts MPSZ (``"5m"``, ``"0p"`` red five, ``"5z"``), Chinese (``"五万"``, ``"中"``, ``"红中"``,
    ``"白板"``), Unicode (``"🀄"``), English (``"Red Dragon"``, ``"east"``) or an index 0-33.

    >>> tile_index("5m"), tile_index("中"), tile_index("7z")
    (4, 31, 33)

    Raises ValueError for an unknown name, TypeError for other types.
    """
    if isinstance(name, str):
        i = _NAME_TO_INDEX.get(name.strip())
        if i is None:
            i = _NAME_TO_INDEX.get(name.strip().lower())
            if i is None:
                raise ValueError(f"unknown tile {name!r}")
        return i
    if isinstance(name, bool):
        raise TypeError("tile must be a tile name or an index 0-33, got bool")
    try:
        i = operator.index(name)
    except TypeError:
        raise TypeError(f"tile must be a tile name or an index 0-33, got {type(name).__name__}") from None
    if not 0 <= i < N_KINDS:
        raise ValueError(f"tile index {i} out of range 0-33")
    return i


def tile_name(i: int, style: str = "mpsz") -> str:
    """Name of tile index ``i``: ``style`` is "mpsz" (``"5m"``), "chinese" (``"五万"``), "unicode" or "english".

    >>> tile_name(31), tile_name(31, "chinese"), tile_name(33, "english")
    ('5z', '中', 'White Dragon')
    """
    try:
        table = _STYLES[style]
    except KeyError:
        raise ValueError(f"unknown style {style!r} (use 'mpsz', 'chinese', 'unicode' or 'english')") from None
    i = tile_index(i) if not (type(i) is int and 0 <= i < N_KINDS) else i
    return table[i]


_STYLES = {"mpsz": TILE_NAMES, "chinese": CHINESE_NAMES, "unicode": UNICODE_TILES, "english": ENGLISH_NAMES}


def suit_of(i: int) -> str:
    """Suit letter of index ``i``: ``suit_of(4) == "m"``, ``suit_of(31) == "z"``."""
    return SUITS[tile_index(i) // 9]


def rank_of(i: int) -> int:
    """Rank 1-9 (1-7 for honors): ``rank_of(4) == 5``, ``rank_of(31) == 5`` (5z = 中)."""
    return tile_index(i) % 9 + 1


def is_suited(i: int) -> bool:
    """True for 序数牌 (indices 0-26)."""
    return tile_index(i) < 27


def is_honor(i: int) -> bool:
    """True for 字牌 (indices 27-33)."""
    return tile_index(i) >= 27


def is_terminal(i: int) -> bool:
    """True for 1 and 9 of a suit."""
    return tile_index(i) in TERMINALS


def is_terminal_or_honor(i: int) -> bool:
    """True for 幺九牌: terminals and honors."""
    return tile_index(i) in TERMINALS_AND_HONORS


def is_simple(i: int) -> bool:
    """True for 2-8 of a suit."""
    return tile_index(i) in SIMPLES


_SUIT_ALIASES = {
    "m": 0, "万": 0, "萬": 0, "wan": 0, "man": 0, "characters": 0,
    "p": 1, "筒": 1, "饼": 1, "餅": 1, "tong": 1, "pin": 1, "dots": 1,
    "s": 2, "条": 2, "條": 2, "索": 2, "tiao": 2, "sou": 2, "bamboo": 2,
}
_SUIT_FAST = {None: (None,), 0: (0,), 1: (1,), 2: (2,), "m": (0,), "p": (1,), "s": (2,)}


def suit_number(suit, what: str = "suit"):
    """Suit 0 (万 m), 1 (筒 p) or 2 (条 s) of ``"m"`` / ``"万"`` / ``"wan"`` / ... or 0-2; ``None`` or
    ``""`` -> ``None`` (a 定缺 suit, a suit to count). ValueError naming ``what`` otherwise.

    >>> suit_number("条"), suit_number("p"), suit_number(None)
    (2, 1, None)
    """
    hit = _SUIT_FAST.get(suit) if type(suit) in (str, int, type(None)) else None
    if hit is not None:
        return hit[0]
    if suit is None or (isinstance(suit, str) and not suit.strip()):
        return None
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit <= 2:
        return int(suit)
    if hasattr(suit, "dtype") and getattr(suit, "shape", None) == () and suit.dtype.kind in "iu" and 0 <= suit <= 2:
        return int(suit)
    if isinstance(suit, str):
        d = _SUIT_ALIASES.get(suit.strip().lower())
        if d is not None:
            return d
    raise ValueError(f"{what} must be a suit: 'm' (万), 'p' (筒) or 's' (条), got {suit!r}")
