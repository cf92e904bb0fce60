"""Small result types returned by the kernel's Python API."""
from __future__ import annotations

from typing import NamedTuple, Optional, Tuple

_SUITS = "mps"


def tile_name(i: int) -> str:
    """MPSZ name of tile index ``i``: ``tile_name(31) == '5z'`` (中)."""
    if not 0 <= i < 34:
        raise ValueError(f"tile index {i} out of range 0..33")
    if i < 27:
        return f"{i % 9 + 1}{_SUITS[i // 9]}"
    return f"{i - 26}z"


class Wait(int):
    """A waiting tile: behaves as its tile index, with ``.exhausted`` when the player holds all four.

    >>> w = Wait(4); w == 4, w.name, w.exhausted
    (True, '5m', False)
    """

    def __new__(cls, tile: int, exhausted: bool = False) -> "Wait":
        obj = int.__new__(cls, tile)
        obj._exhausted = bool(exhausted)
        return obj

    @property
    def exhausted(self) -> bool:
        """True when the player holds all four copies: the tile cannot be drawn."""
        return self._exhausted

    @property
    def tile(self) -> int:
        return int(self)

    @property
    def name(self) -> str:
        return tile_name(int(self))

    def __repr__(self) -> str:
        flag = ", exhausted=True" if self.exhausted else ""
        return f"Wait({int(self)} {self.name!r}{flag})"

    def __reduce__(self):
        return (Wait, (int(self), self._exhausted))


class Useful(NamedTuple):
    """A tile whose draw lowers shanten, with the copies still unseen (``left``)."""

    tile: int
    left: int

    @property
    def name(self) -> str:
        return tile_name(self.tile)


Set = Tuple[str, int]  # ("seq" | "pung", lowest tile index)


class Decomposition(NamedTuple):
    """One reading of a complete hand (the concealed part; declared melds are not repeated).

    ``form`` is ``standard`` (``sets`` + ``pair``), ``seven_pairs`` (``pairs``),
    ``thirteen_orphans`` (``pair`` is the doubled tile), ``honors_and_knitted`` (全不靠: ``tiles``
    holds the 14 singles) or ``knitted_straight`` (组合龙: ``tiles`` holds the nine knitted tiles,
    plus ``sets`` and ``pair``).
    """

    form: str
    sets: Tuple[Set, ...] = ()
    pair: Optional[int] = None
    pairs: Tuple[int, ...] = ()
    tiles: Tuple[int, ...] = ()

    def __str__(self) -> str:
        parts = []
        if self.tiles:
            parts.append(_group(self.tiles))
        for kind, first in self.sets:
            parts.append(_group((first, first + 1, first + 2) if kind == "seq" else (first,) * 3))
        for p in self.pairs:
            parts.append(_group((p, p)))
        if self.pair is not None:
            parts.append(_group((self.pair, self.pair)))
        return " ".join(parts)


def _group(tiles) -> str:
    """Compact MPSZ for a small group: (0, 1, 2) -> '123m'."""
    out, suit, digits = [], None, ""
    for t in sorted(tiles):
        s = "z" if t >= 27 else _SUITS[t // 9]
        d = str(t - 26) if t >= 27 else str(t % 9 + 1)
        if suit is not None and s != suit:
            out.append(digits + suit)
            digits = ""
        suit = s
        digits += d
    out.append(digits + suit)
    return "".join(out)


# Shared immutable instances the kernel hands out (building objects costs more than the analysis).
WAITS = tuple(Wait(i) for i in range(34))
EXHAUSTED_WAITS = tuple(Wait(i, True) for i in range(34))
USEFUL = tuple(tuple(Useful(i, left) for left in range(5)) for i in range(34))
