"""The notation scanner: characters to tile indices and bracketed groups (shared by
:mod:`mjpy.notation` and :mod:`mjpy.meld`, which build on it; it imports neither).

>>> _scan("12m[555p]", True)
([0, 1], [('[', 3, 8, [13, 13, 13])])
"""
from __future__ import annotations

from typing import List, Tuple

from .errors import NotationError
from .tiles import UNICODE_TILES


_DIGITS = {str(d): d for d in range(10)}
_DIGITS.update({chr(0xFF10 + d): d for d in range(10)})          # full-width ０-９
_DIGITS.update({c: d for d, c in enumerate("一二三四五六七八九", 1)})

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "ｍ": 0, "ｐ": 9, "ｓ": 18, "ｚ": 27}  # and full-width letters
for _c in "万萬":
    _SUIT_BASE[_c] = 0
for _c in "筒饼餅并":
    _SUIT_BASE[_c] = 9
for _c in "条條索束":
    _SUIT_BASE[_c] = 18

_HONOR = {"东": 27, "東": 27, "南": 28, "西": 29, "北": 30, "中": 31, "发": 32, "發": 32, "白": 33}
# optional second character: 东风, 发财, 白板
_HONOR_SUFFIX = {27: "风風", 28: "风風", 29: "风風", 30: "风風", 32: "财財", 33: "板"}
_RED = "红紅"  # 红中

# Unicode mahjong tiles (U+1F000 block), as written by to_unicode; an emoji variation selector
# (U+FE0E / U+FE0F, e.g. the 🀄️ of emoji keyboards) after a tile is ignored
_UNICODE = {ch: t for t, ch in enumerate(UNICODE_TILES)}
_VARIATION = "\ufe0e\ufe0f"
_UNICODE_NOT_IN_HAND = {chr(0x1F022 + k): "a flower or season tile (flowers are not part of the 34 kinds: "
                                          "count them apart)" for k in range(8)}
_UNICODE_NOT_IN_HAND[chr(0x1F02A)] = "a joker tile (pass jokers=k, or --jokers K)"
_UNICODE_NOT_IN_HAND[chr(0x1F02B)] = "a tile back"

_OPEN = {"[": "]", "(": ")", "{": "}"}
_CLOSE = {v: k for k, v in _OPEN.items()}
_BRACKET_KIND = {"[": "exposed meld", "(": "concealed kong", "{": "added kong"}

_Group = Tuple[str, int, int, List[int]]  # (open bracket, start, end, tile indices)


def _scan(text: str, melds_ok: bool) -> Tuple[List[int], List[_Group]]:
    """Tile indices of the hand part and the bracketed groups; raises NotationError."""
    hand: List[int] = []
    groups: List[_Group] = []
    cur = hand
    open_ch = ""
    open_pos = -1
    run: List[Tuple[int, int]] = []  # (digit, position)
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        d = _DIGITS.get(ch)
        if d is not None:
            run.append((d, i))
            i += 1
            continue
        base = _SUIT_BASE.get(ch)
        if base is not None:
            if not run:
                raise NotationError(f"suit {ch!r} at position {i} has no digits before it", text, i)
            if base == 27:
                for d, p in run:
                    if not 1 <= d <= 7:
                        raise NotationError(f"no honor {d}z at position {p} (z takes 1-7)", text, p)
                    cur.append(26 + d)
            else:
                for d, p in run:
                    cur.append(base + (d if d else 5) - 1)
            run.clear()
            i += 1
            continue
        if ch.isspace():
            i += 1
            continue
        if run:
            if ch in "wtb":
                raise NotationError(
                    f"unknown suit {ch!r} at position {i} (write m for 万 w, p for 筒/饼 b, s for 条 t)", text, i)
            if ch in _HONOR or ch in _RED or ch in _OPEN or ch in _CLOSE or ch in _UNICODE:
                digits = "".join(text[p] for _, p in run)
                raise NotationError(f"digits {digits!r} at position {run[0][1]} have no suit", text, run[0][1])
            raise NotationError(f"unknown character {_char(ch)} at position {i}", text, i)
        u = _UNICODE.get(ch)
        if u is not None:
            cur.append(u)
            i += 1
            if i < n and text[i] in _VARIATION:
                i += 1
            continue
        h = _HONOR.get(ch)
        if h is not None:
            cur.append(h)
            i += 1
            if i < n and text[i] in _HONOR_SUFFIX.get(h, ""):
                i += 1
            continue
        if ch in _RED and i + 1 < n and text[i + 1] == "中":
            cur.append(31)
            i += 2
            continue
        if ch in _OPEN:
            if not melds_ok:
                raise NotationError(
                    f"meld bracket {ch!r} at position {i} (declared melds are read by parse_hand, "
                    f"or passed as melds=)", text, i)
            if cur is not hand:
                raise NotationError(f"bracket {ch!r} at position {i} inside the meld opened at position {open_pos}",
                                    text, i)
            cur = []
            open_ch, open_pos = ch, i
            i += 1
            continue
        if ch in _CLOSE:
            if not melds_ok:
                raise NotationError(f"meld bracket {ch!r} at position {i} (declared melds are read by parse_hand, "
                                    f"or passed as melds=)", text, i)
            if cur is hand:
                raise NotationError(f"unmatched {ch!r} at position {i}", text, i)
            if _CLOSE[ch] != open_ch:
                raise NotationError(f"{open_ch!r} at position {open_pos} closed by {ch!r} at position {i}", text, i)
            groups.append((open_ch, open_pos, i, cur))
            cur = hand
            i += 1
            continue
        what = _UNICODE_NOT_IN_HAND.get(ch)
        if what is not None:
            raise NotationError(f"{ch!r} at position {i} is {what}", text, i)
        if 0x1F000 <= ord(ch) <= 0x1F02F:
            raise NotationError(f"{_char(ch)} at position {i} is not a mahjong tile", text, i)
        raise NotationError(f"unknown character {_char(ch)} at position {i}", text, i)
    if run:
        digits = "".join(text[p] for _, p in run)
        raise NotationError(f"digits {digits!r} at position {run[0][1]} have no suit", text, run[0][1])
    if cur is not hand:
        raise NotationError(f"{open_ch!r} at position {open_pos} is never closed", text, open_pos)
    return hand, groups


def _char(ch: str) -> str:
    """A character for an error message, with its code point when it is not ASCII (an emoji, an
    invisible or look-alike character)."""
    return repr(ch) if ord(ch) < 128 else f"{ch!r} (U+{ord(ch):04X})"


