"""寶牌: bonus tiles (not jokers) that add 番 per copy in the winning hand, an add-on of the rule sets that
count 番 (docs/rules.md#baopai).

>>> bonus_kind("1m"), bonus_kind("9p"), bonus_kind("4z"), bonus_kind("7z")    # 一萬→二萬, 九筒→一筒, 北→東, 白→發
('2m', '1p', '1z', '6z')
>>> from mjpy import rules
>>> tc = rules.get("tongcheng", baopai=True, menqing=1, quezi=1)
>>> tc.score("123m456m234p789p88m", win_tile="4p", bonus_indicator="7m").fans   # 七萬 flipped: two 八萬, +2 (BP-09)
[('缺字', 1), ('门清', 1), ('寶牌', 1), ('寶牌', 1)]

The flipped tile's successor is the 寶牌 ("開出一萬，寶牌為二萬 … 開出九筒，寶牌為一筒"; winds 東→南→西→北→東;
dragons 白→發→中→白: the ``baopai`` successor table of :mod:`mjpy.wildcards`); each copy in the winning hand, melds included, adds ``baopai_fan`` 番 ("每張多算一番").
A rule set takes it with ``rules.get(name, baopai=True)``; each hand names its bonus tiles with
``bonus_indicator=`` (the flipped tile, or several) or ``bonus_tiles=`` (the kinds themselves: the two-player
game's 花牌).
"""
from __future__ import annotations

from typing import Iterable, Tuple

import numpy as np

from ..tiles import TILE_NAMES, tile_index
from ..wildcards import successor

__all__ = ["bonus_kind", "bonus_kinds", "BONUS_OF", "BONUS_FLAGS"]

#: the keyword flags of ``score`` / ``score_batch`` / ``waits`` that name a hand's bonus tiles
BONUS_FLAGS = ("bonus_tiles", "bonus_indicator")


#: the 寶牌 kind of each flipped kind (index -> index)
BONUS_OF = np.array([successor(t, table="baopai") for t in range(34)], np.int64)


def bonus_kind(indicator) -> str:
    """The 寶牌 shown by a flipped tile: the next rank of its suit (9 → 1), the next wind (東南西北),
    the next dragon in the order 白 發 中.

    >>> bonus_kind("8s"), bonus_kind("5z"), bonus_kind("6z")
    ('9s', '7z', '5z')
    """
    return TILE_NAMES[int(BONUS_OF[tile_index(indicator)])]


def _tiles(v, what: str) -> Tuple[int, ...]:
    items = [v] if isinstance(v, (str, int, np.integer)) else list(v)
    out = []
    for x in items:
        try:
            out.append(tile_index(x))
        except (TypeError, ValueError) as e:
            raise ValueError(f"{what}: {e}") from None
    return tuple(out)


def bonus_kinds(bonus_tiles=None, bonus_indicator=None, *, name: str = "baopai") -> Tuple[int, ...]:
    """The bonus kinds of one hand (a kind named twice counts twice): ``bonus_tiles`` (tiles) plus the
    寶牌 of each ``bonus_indicator`` (one tile or several).

    >>> bonus_kinds(bonus_indicator=["7m", "1z"])
    (7, 28)
    """
    kinds = ()
    if bonus_tiles is not None:
        kinds += _tiles(bonus_tiles, f"{name}: bonus_tiles")
    if bonus_indicator is not None:
        kinds += tuple(int(BONUS_OF[t]) for t in _tiles(bonus_indicator, f"{name}: bonus_indicator"))
    return kinds


def count_bonus(counts, melds: Iterable[Tuple[str, int]], kinds: Iterable[int]) -> int:
    """Copies of the bonus ``kinds`` among the concealed ``counts`` and the ``melds`` ((kind, lowest tile)
    pairs); a kind listed twice counts its copies twice."""
    total = [int(x) for x in counts]
    for k, t in melds:
        for x in ((t, t + 1, t + 2) if k == "chi" else (t,) * (3 if k == "pon" else 4)):
            total[x] += 1
    return sum(total[k] for k in kinds)


def count_bonus_rows(hands: np.ndarray, codes: np.ndarray, bonus_tiles=None, bonus_indicator=None,
                     name: str = "baopai") -> np.ndarray:
    """:func:`count_bonus` of every row: ``hands`` (N, 34), ``codes`` the engine's (N, 2 * slots) meld
    codes; ``bonus_tiles`` one tile or list for every row, or an (N, 34) array of per-row multiplicities;
    ``bonus_indicator`` one tile (or list) for every row, or (N,) tile indices (-1: none)."""
    n = len(hands)
    rows = np.arange(n)
    columns = []                                    # (N,) bonus kinds, -1 for none: one per bonus tile
    weight = None                                   # (N, 34) multiplicities, where given so
    for v, indicator in ((bonus_tiles, False), (bonus_indicator, True)):
        if v is None:
            continue
        a = np.asarray(v) if not isinstance(v, (str, list, tuple)) else None
        if a is not None and a.ndim == 2:
            if a.shape != (n, 34) or indicator or a.dtype.kind not in "iub":
                raise ValueError(f"{name}: bonus_tiles as an array is (N, 34) multiplicities, got shape {a.shape}")
            weight = a.astype(np.int64)
        elif a is not None and a.ndim == 1 and indicator:
            if a.shape != (n,) or a.dtype.kind not in "iu":
                raise ValueError(f"{name}: bonus_indicator per row is ({n},) tile indices, got shape {a.shape}")
            if ((a < -1) | (a > 33)).any():
                raise ValueError(f"{name}: bonus_indicator holds {int(a[(a < -1) | (a > 33)][0])}: tile indices are 0-33")
            columns.append(np.where(a >= 0, BONUS_OF[np.clip(a, 0, 33)], -1))
        else:
            for k in bonus_kinds(v if not indicator else None, v if indicator else None, name=name):
                columns.append(np.full(n, k, np.int64))
    total = np.zeros(n, np.int64)
    if weight is not None:
        total += (hands.astype(np.int64) * weight).sum(axis=1)
        for j in range(0, codes.shape[1], 2):
            kind, t = codes[:, j].astype(np.int64), np.clip(codes[:, j + 1].astype(np.int64), 0, 33)
            copies = np.where(kind == 2, 3, np.where(kind >= 3, 4, 0))
            total += copies * weight[rows, t] + (kind == 1) * (weight[rows, t] + weight[rows, np.minimum(t + 1, 33)]
                                                               + weight[rows, np.minimum(t + 2, 33)])
    for k in columns:
        on = k >= 0
        kc = np.clip(k, 0, 33)
        total += np.where(on, hands[rows, kc], 0)
        for j in range(0, codes.shape[1], 2):
            kind, t = codes[:, j], codes[:, j + 1].astype(np.int64)
            hit = np.where(kind == 1, (kc >= t) & (kc <= t + 2), kc == t) & on
            total += hit * np.where(kind == 1, 1, np.where(kind == 2, 3, np.where(kind >= 3, 4, 0)))
    return total
