"""Declared melds (吃 碰 杠): the :class:`Meld` value type and helpers.

>>> Meld("pon", "555p")
Meld('pon', '555p')
>>> Meld("chi", "123m").tiles, Meld("ankan", "2222s").is_concealed
((0, 1, 2), True)

Kinds (docs/rules.md#melds): ``chi`` 吃, ``pon`` 碰, ``minkan`` 明杠 (kong on a discard), ``kakan``
补杠 (own draw added to a pon), ``ankan`` 暗杠 (concealed kong), and ``kan`` for a kong whose
openness is not known (a bare 杠 in the regional sources).
"""
from __future__ import annotations

import functools
import operator
from typing import Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from .errors import NotationError
from .scanner import _BRACKET_KIND, _Group, _scan
from .tiles import N_KINDS, TILE_NAMES, tile_index

__all__ = ["Meld", "MELD_KINDS", "melds_counts", "coerce_melds"]

#: Canonical meld kinds.
MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan", "kan")
_KONGS = frozenset(("minkan", "kakan", "ankan", "kan"))
_EXPOSED = frozenset(("chi", "pon", "minkan", "kakan"))
_ALIASES = {
    "chow": "chi", "吃": "chi", "上": "chi",
    "pung": "pon", "pong": "pon", "碰": "pon",
    "daiminkan": "minkan", "明杠": "minkan", "明槓": "minkan", "直杠": "minkan", "点杠": "minkan",
    "shouminkan": "kakan", "补杠": "kakan", "補槓": "kakan", "加杠": "kakan", "弯杠": "kakan",
    "面下杠": "kakan", "蓄杠": "kakan",
    "暗杠": "ankan", "暗槓": "ankan",
    "kong": "kan", "杠": "kan", "槓": "kan",
}
# bracket notation read by mjpy.notation.parse_hand
_BRACKETS = {"chi": "[]", "pon": "[]", "minkan": "[]", "kan": "[]", "kakan": "{}", "ankan": "()"}
_MAX_MELDS = 5


def _canonical_kind(kind) -> str:
    if not isinstance(kind, str):
        raise TypeError(f"Meld kind must be a str, got {type(kind).__name__}")
    k = kind.strip().lower()
    if k in MELD_KINDS:
        return k
    k = _ALIASES.get(k) or _ALIASES.get(kind.strip())
    if k is None:
        raise ValueError(f"Meld kind must be one of {', '.join(MELD_KINDS)}; got {kind!r}")
    return k


def _tile_list(tiles) -> List[int]:
    if isinstance(tiles, str):
        try:
            hand, _ = _scan(tiles, False)
        except NotationError as e:
            raise e.relabel(f"Meld tiles {tiles!r}") from None
        return sorted(hand)
    if isinstance(tiles, (bytes, bytearray)) or not hasattr(tiles, "__iter__"):
        raise TypeError(f"Meld tiles must be a notation string or a sequence of tile indices, "
                        f"got {type(tiles).__name__}")
    return sorted(tile_index(t) for t in tiles)


def _mpsz(tiles: Sequence[int]) -> str:
    out, suit = [], None
    for t in tiles:
        s = "mpsz"[t // 9] if t < 27 else "z"
        if suit is not None and s != suit:
            out.append(suit)
        suit = s
        out.append(str(t - 26 if t >= 27 else t % 9 + 1))
    if suit is not None:
        out.append(suit)
    return "".join(out)


class Meld:
    """A declared meld: ``Meld(kind, tiles)``; frozen, hashable, picklable.

    ``tiles`` is a notation string (``"555p"``, ``"2222m"``, ``"123m"``, ``"中中中"``) or a sequence
    of tile indices / names. A chi is 3 consecutive tiles of one suit, a pon 3 identical tiles,
    a kong (minkan, kakan, ankan, kan) 4 identical tiles; anything else raises ValueError.

    >>> m = Meld("chi", [2, 1, 0])
    >>> m, m.first, m.is_exposed, str(m)
    (Meld('chi', '123m'), 0, True, '[123m]')
    """

    __slots__ = ("_kind", "_tiles", "_counts")

    def __init__(self, kind: str, tiles: Union[str, Sequence[int]]):
        k = _canonical_kind(kind)
        ts = _tile_list(tiles)
        n = len(ts)
        shown = _mpsz(ts) if ts else repr(tiles)
        where = f"Meld({k!r}, {shown!r})"
        if k == "chi":
            if n != 3:
                raise ValueError(f"{where}: chi needs 3 tiles, got {n}")
            if ts[2] >= 27:
                raise ValueError(f"{where}: chi must be 3 consecutive tiles of one suit (honors cannot form a chi)")
            if not (ts[0] // 9 == ts[2] // 9 and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2):
                raise ValueError(f"{where}: chi must be 3 consecutive tiles of one suit")
        else:
            need = 3 if k == "pon" else 4
            if n != need:
                hint = f"; write {_mpsz(ts * need)!r}" if n == 1 else ""
                raise ValueError(f"{where}: {k} needs {need} tiles, got {n}{hint}")
            if ts[0] != ts[-1]:
                raise ValueError(f"{where}: {k} must be {need} identical tiles")
        object.__setattr__(self, "_kind", k)
        object.__setattr__(self, "_tiles", tuple(ts))
        object.__setattr__(self, "_counts", None)

    # -- immutability, equality, pickling ------------------------------------------------------
    def __setattr__(self, name, value):
        raise AttributeError(f"Meld is immutable (cannot set {name!r})")

    def __delattr__(self, name):
        raise AttributeError(f"Meld is immutable (cannot delete {name!r})")

    def __eq__(self, other):
        if type(other) is not Meld:
            return NotImplemented
        return self._kind == other._kind and self._tiles == other._tiles

    def __hash__(self):
        return hash((self._kind, self._tiles))

    def __reduce__(self):
        return (Meld, (self._kind, self.notation))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        return f"Meld({self._kind!r}, {self.notation!r})"

    def __str__(self) -> str:
        """Bracket notation read by :func:`mjpy.parse_hand`: ``[123m]``, ``[555p]``, ``(2222s)``."""
        return self._bracketed(self.notation)

    def _bracketed(self, text: str) -> str:
        b = _BRACKETS[self._kind]
        return b[0] + text + b[1]

    def __len__(self) -> int:
        return len(self._tiles)

    # -- properties ----------------------------------------------------------------------------
    @property
    def kind(self) -> str:
        """One of ``chi pon minkan kakan ankan kan``."""
        return self._kind

    @property
    def tiles(self) -> Tuple[int, ...]:
        """Tile indices, ascending: ``Meld("pon", "555p").tiles == (13, 13, 13)``."""
        return self._tiles

    @property
    def notation(self) -> str:
        """MPSZ string of the tiles: ``"555p"``."""
        return _mpsz(self._tiles)

    @property
    def counts(self) -> np.ndarray:
        """Count vector (34,) uint8 of the meld's tiles (read-only)."""
        c = self._counts
        if c is None:
            c = np.zeros(N_KINDS, dtype=np.uint8)
            for t in self._tiles:
                c[t] += 1
            c.flags.writeable = False
            object.__setattr__(self, "_counts", c)
        return c

    @property
    def first(self) -> int:
        """Lowest tile index (the tile of a pon/kong, the start of a chi)."""
        return self._tiles[0]

    @property
    def is_kong(self) -> bool:
        """True for minkan, kakan, ankan and kan."""
        return self._kind in _KONGS

    @property
    def is_concealed(self) -> bool:
        """True only for ankan (暗杠 keeps the hand concealed, 门清)."""
        return self._kind == "ankan"

    @property
    def is_exposed(self) -> bool:
        """True for chi, pon, minkan, kakan. A ``kan`` of unknown openness is neither exposed nor concealed."""
        return self._kind in _EXPOSED

    # -- conversions ---------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """``{"kind": "pon", "tiles": "555p"}``, the form used by settlement tables (docs/rules.md#notation)."""
        return {"kind": self._kind, "tiles": self.notation}

    @classmethod
    def from_dict(cls, d: dict) -> "Meld":
        """Inverse of :meth:`to_dict`: ``Meld.from_dict({"kind": "kan", "tiles": "2222p"})``."""
        try:
            return cls(d["kind"], d["tiles"])
        except (KeyError, TypeError):
            raise TypeError(f"a meld dict needs 'kind' and 'tiles', got {d!r}") from None


@functools.lru_cache(maxsize=4096)
def _meld(kind: str, tiles: Tuple[int, ...]):
    """Melds are immutable: share one per (kind, tiles)."""
    return Meld(kind, list(tiles))


def _group_meld(text: str, group: _Group, where: str):
    Meld = _meld
    open_ch, start, end, tiles = group
    shown = text[start:end + 1]
    tiles = tuple(sorted(tiles))
    n = len(tiles)
    alike = n > 0 and tiles[0] == tiles[-1]
    if open_ch == "[":
        if n == 3:
            if alike:
                return Meld("pon", tiles)
            if tiles[2] < 27 and tiles[0] // 9 == tiles[2] // 9 and tiles[1] == tiles[0] + 1 and tiles[2] == tiles[0] + 2:
                return Meld("chi", tiles)
            reason = f"meld {shown!r} at position {start} is neither a chi (3 in a row of one suit) nor a pon (3 alike)"
        elif n == 4:
            if alike:
                return Meld("minkan", tiles)
            reason = f"kong {shown!r} at position {start} needs 4 identical tiles"
        else:
            reason = f"meld {shown!r} at position {start} has {n} tiles (a chi or pon has 3, a kong 4)"
    else:
        if n == 4 and alike:
            return Meld("ankan" if open_ch == "(" else "kakan", tiles)
        reason = f"{_BRACKET_KIND[open_ch]} {shown!r} at position {start} needs 4 identical tiles"
    raise NotationError(reason, text, start, where)


def _bracket_melds(text: str, where: str) -> Optional[List[Meld]]:
    """The melds of a string of bracketed melds (``"[123m](5555s)"``); None if tiles stand outside brackets."""
    try:
        tiles, groups = _scan(text, True)
    except NotationError as e:
        raise e.relabel(where) from None
    if tiles:
        return None
    return [_group_meld(text, g, where) for g in groups]


def _as_meld(x, where: str) -> Meld:
    if type(x) is Meld:
        return x
    if isinstance(x, dict):
        return Meld.from_dict(x)
    if isinstance(x, str):
        ms = _bracket_melds(x, where)
        if ms is None or len(ms) != 1:
            raise ValueError(f"{where}: {x!r} is not one bracketed meld like '[555p]'")
        return ms[0]
    raise TypeError(f"{where} must be a Meld, got {type(x).__name__}")


def melds_counts(melds: Iterable[Meld]) -> np.ndarray:
    """Count vector (34,) uint8 summing the tiles of ``melds``.

    >>> melds_counts([Meld("pon", "555p"), Meld("chi", "345p")])[11:14].tolist()
    [1, 1, 4]
    """
    total = np.zeros(N_KINDS, dtype=np.uint8)
    for i, m in enumerate(melds):
        for t in _as_meld(m, f"melds[{i}]")._tiles:
            total[t] += 1
    return total


def coerce_melds(melds) -> Tuple[int, Optional[List[Meld]]]:
    """Normalize the API's ``melds=`` argument to ``(count, list of Meld or None)``.

    * an int 0-5: that many declared melds, tiles unknown -> ``(k, None)``;
    * a list/tuple of :class:`Meld` (or dicts ``{"kind", "tiles"}`` or strings ``"[555p]"``),
      a single Meld, or a bracket string ``"[123m](5555s)"`` -> ``(len, [Meld, ...])``;
      an empty list or None -> ``(0, None)``.

    >>> coerce_melds(2)
    (2, None)
    >>> coerce_melds("[123m][555s]")
    (2, [Meld('chi', '123m'), Meld('pon', '555s')])

    ValueError for a count outside 0-5 or a fifth copy across melds; TypeError otherwise.
    """
    if type(melds) is int:
        if 0 <= melds <= _MAX_MELDS:
            return melds, None
        raise ValueError(f"melds must be 0-{_MAX_MELDS}, got {melds}")
    if melds is None:
        return 0, None
    if isinstance(melds, bool):
        raise TypeError("melds must be an int or a list of Meld, got bool")
    if isinstance(melds, (int, np.integer)):
        return coerce_melds(operator.index(melds))
    if type(melds) is Meld:
        return 1, [melds]
    if isinstance(melds, str):
        items = _bracket_melds(melds, f"melds {melds!r}")
        if items is None:
            raise ValueError(f"melds {melds!r}: tiles outside brackets (write melds as '[123m][555s](2222p)')")
    elif isinstance(melds, (list, tuple)):
        items = [_as_meld(x, f"melds[{i}]") for i, x in enumerate(melds)]
    else:
        raise TypeError(f"melds must be an int or a list of Meld, got {type(melds).__name__}")
    if not items:
        return 0, None
    if len(items) > _MAX_MELDS:
        raise ValueError(f"melds: {len(items)} melds given (at most {_MAX_MELDS})")
    total = [0] * N_KINDS
    for m in items:
        for t in m._tiles:
            total[t] += 1
    for t in range(N_KINDS):
        if total[t] > 4:
            raise ValueError(f"melds: {TILE_NAMES[t]} appears {total[t]} times (at most 4)")
    return len(items), list(items)


def _check_with_melds(counts: np.ndarray, melds: Optional[List[Meld]], name: str = "hand") -> None:
    """Raise ValueError if hand + melds hold more than 4 of a kind:
    ``hand: 5m appears 5 times counting the melds (at most 4)``."""
    if not melds:
        return
    total = counts.astype(np.int16)
    for m in melds:
        for t in m._tiles:
            total[t] += 1
    if int(total.max()) > 4:
        t = int(total.argmax())
        raise ValueError(f"{name}: {TILE_NAMES[t]} appears {int(total[t])} times counting the melds (at most 4)")
