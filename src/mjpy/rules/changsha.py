"""Changsha 长沙麻将 (108 tiles; 平和 on a 2-5-8 pair, 大和 patterns; 起手小和, 扎鸟) on the engine.

>>> from mjpy import rules
>>> cs = rules.get("changsha", xiaohu=1, dahu=6)        # the values: the sources give none
>>> cs.score("123456789m234p55s", win_tile="5s").fans    # 平和: a 2-5-8 pair (需將)
[('平和', 1)]
>>> cs.score("123456789m234p66s", win_tile="6s").reason
'changsha: no 2-5-8 pair (平和 需將) and no 大和 shape (七巧對, 碰碰和, 將將和, 清一色)'
>>> r = cs.score("111222333444m66m", win_tile="6m")     # 碰碰和 and 清一色: 大和 add up (dahu_stack)
>>> r.fans, r.total
([('碰碰和', 6), ('清一色', 6)], 12)
>>> qishou_xiaohu("1111m3679m369p139s")                  # the dealt hand: 四喜 and 板板和
['四喜', '板板和']
>>> zhaniao("5p", dealer_seat=2)                          # a 5: the dealer again (ranks 5-9 go round)
2

The sources name the patterns but give no point values: ``xiaohu`` (平和, and each 起手小和: "計分等同
小和自摸") and ``dahu`` (each 大和) are required options; a hand that needs one while it is ``None`` is
refused naming it. Several 大和 add up (``dahu_stack="sum"``, the common practice; ``"max"``: the first
of the table). 將將和 holds whatever the shape (``jiangjiang_requires_shape=False``, the spec's policy).
Rules, choices and the settlement (扎鸟, 通炮): docs/rules.md#changsha.
"""
from __future__ import annotations

from fractions import Fraction
from typing import List

import numpy as np
from mjcore.batch import kind_masks

from ..notation import _coerce_counts
from ..tiles import TILE_NAMES, tile_index
from .engine.scoring import RuleSpec, TableRules
from .engine.settle import Pay, SettleRules, SettleTable, Win, settle, show
from .engine.table import F, G, Fan, Group, Opt, Table, Win as WinCond

__all__ = ["CHANGSHA", "qishou_xiaohu", "qishou_xiaohu_batch", "zhaniao", "QISHOU_NAMES"]

#: the 起手小和 of the dealt hand, in the order :func:`qishou_xiaohu` lists them (bit i of the batch code)
QISHOU_NAMES = ("四喜", "板板和", "缺一色")


def _table(o) -> Table:
    pair258 = (F.pair_rank == 2) | (F.pair_rank == 5) | (F.pair_rank == 8)
    shaped = F.standard | F.seven_pairs
    jiangjiang = F.all_258 & shaped if o.jiangjiang_requires_shape else F.all_258
    qingyise = F.one_suit & shaped
    shape_big = F.seven_pairs | F.all_pungs | jiangjiang | qingyise
    rows = (
        Fan("七巧對", Opt("dahu"), F.seven_pairs, group="big", en="seven pairs (亂將)"),
        Fan("碰碰和", Opt("dahu"), F.all_pungs, group="big", en="pungs and a pair (亂將)"),
        Fan("將將和", Opt("dahu"), jiangjiang, group="big", en="every tile a 2, 5 or 8"),
        Fan("清一色", Opt("dahu"), qingyise, group="big", en="one suit (亂將)"),
        Fan("槓上花", Opt("dahu"), F.after_kong & F.self_drawn, group="big", en="won on a kong's replacement"),
        Fan("天和", Opt("dahu"), F.tianhu, group="big", en="the dealer's dealt hand"),
        Fan("地和", Opt("dahu"), F.dihu, group="big", en="on the dealer's first discard"),
        Fan("搶槓和", Opt("dahu"), F.robbing_kong, group="big", en="robbing a 補槓"),
        Fan("海底撈月", Opt("dahu"), F.last_tile & F.self_drawn, group="big", en="self-drawn on the last tile"),
        Fan("海底炮和", Opt("dahu"), F.last_tile & ~F.self_drawn, group="big", en="on the last tile, discarded"),
        Fan("平和", Opt("xiaohu"), G.big == 0, group="small", en="sets and a 2-5-8 pair (需將)"),
    )
    wins = (WinCond((F.standard & pair258) | shape_big,
                    "no 2-5-8 pair (平和 需將) and no 大和 shape (七巧對, 碰碰和, 將將和, 清一色)"),)
    return Table("changsha", "分", rows, groups=(Group("big", o.dahu_stack), Group("small", "sum")), wins=wins)


CHANGSHA = TableRules.register(RuleSpec(
    "changsha",
    defaults=dict(xiaohu=None, dahu=None, dahu_stack="sum", jiangjiang_requires_shape=False, allow_quad=True),
    choices=dict(dahu_stack=("sum", "max")),
    numbers=("xiaohu", "dahu"),
    table=_table, kinds=lambda o: tuple(range(27)),
    any_shape=lambda o: False if o.jiangjiang_requires_shape else "258",
    settle=lambda rs, table: settle_changsha(rs, table),
))


# ------------------------------------------------------------------------------------------ 起手小和
def _dealt_counts(hand, where: str) -> np.ndarray:
    c = _coerce_counts(hand, name=where).astype(np.int64)
    if c[27:].any():
        t = 27 + int(np.flatnonzero(c[27:])[0])
        raise ValueError(f"{where}: {TILE_NAMES[t]} is not used in changsha (108 tiles: 万 筒 条 only)")
    n = int(c.sum())
    if n not in (13, 14):
        raise ValueError(f"{where}: a dealt hand has 13 tiles (14 for the dealer), got {n}")
    return c


def qishou_xiaohu(hand) -> List[str]:
    """The 起手小和 of a dealt hand (13 tiles, 14 for the dealer; no 將 needed), in the order 四喜 (four
    of a kind), 板板和 (no 2, 5 or 8), 缺一色 (a suit missing). Each scores as a 小和 self-drawn
    (``xiaohu`` to each other player).

    >>> qishou_xiaohu("1111m3679m369p139s")
    ['四喜', '板板和']
    >>> qishou_xiaohu("123456789m12345p")
    ['缺一色']
    """
    c = _dealt_counts(hand, "qishou_xiaohu")
    _, held, fours = kind_masks(c[None, :].astype(np.uint8))
    code = int(_qishou_codes(held, fours)[0])
    return [n for i, n in enumerate(QISHOU_NAMES) if code >> i & 1]


_M258 = np.uint64(sum(1 << (9 * s + r) for s in range(3) for r in (1, 4, 7)))
_SUITS = [np.uint64(0x1FF << (9 * s)) for s in range(3)]
_HONORS = np.uint64(((1 << 34) - 1) ^ ((1 << 27) - 1))


def _qishou_codes(held: np.ndarray, fours: np.ndarray) -> np.ndarray:
    """The 起手小和 bits from the kinds held and held four times (:func:`mjcore.batch.kind_masks`)."""
    zero = np.uint64(0)
    missing = ((held & _SUITS[0]) == zero) | ((held & _SUITS[1]) == zero) | ((held & _SUITS[2]) == zero)
    return ((fours != zero).astype(np.uint8) | (((held & _M258) == zero).astype(np.uint8) << 1)
            | (missing.astype(np.uint8) << 2))


def qishou_xiaohu_batch(hands) -> np.ndarray:
    """The 起手小和 of many dealt hands: ``(N, 34)`` counts (13 or 14 tiles a row) -> uint8 ``(N,)``
    codes, bit ``i`` set for :data:`QISHOU_NAMES` ``[i]`` (1 四喜, 2 板板和, 4 缺一色), from one pass of
    :func:`mjcore.batch.kind_masks` without the GIL. The rows are checked in bulk (ValueError naming the
    first bad row).

    >>> from mjpy.random import deal
    >>> qishou_xiaohu_batch(deal(3, "changsha", seed=1)).dtype
    dtype('uint8')
    """
    try:
        sizes, held, fours = kind_masks(hands)
    except ValueError as e:
        raise ValueError(f"qishou_xiaohu_batch: {e}") from None
    except TypeError as e:
        raise TypeError(f"qishou_xiaohu_batch: {e}") from None
    bad = ((held & _HONORS) != np.uint64(0)) | ((sizes != 13) & (sizes != 14))
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        _dealt_counts(np.asarray(hands)[i], f"qishou_xiaohu_batch: row {i}")
    return _qishou_codes(held, fours)


# ------------------------------------------------------------------------------------------ 扎鸟
def zhaniao(bird_tile, dealer_seat: int) -> int:
    """The seat a bird tile (鳥牌) points at: counting from the dealer by the tile's rank, 1 the dealer,
    2 下家 (the dealer's right, seat + 1), 3 對家, 4 上家, and round again for 5-9 (the sources stop at
    4: rank 5 is the dealer again, docs/rules.md#changsha). That seat's win or loss doubles.

    >>> [zhaniao(f"{r}m", 0) for r in range(1, 10)]
    [0, 1, 2, 3, 0, 1, 2, 3, 0]
    """
    t = tile_index(bird_tile)
    if t >= 27:
        raise ValueError(f"zhaniao: {TILE_NAMES[t]} is not used in changsha (108 tiles: 万 筒 条 only)")
    if isinstance(dealer_seat, bool) or not isinstance(dealer_seat, (int, np.integer)) or not 0 <= dealer_seat <= 3:
        raise ValueError(f"zhaniao: dealer_seat must be a seat 0-3, got {dealer_seat!r}")
    return (int(dealer_seat) + t % 9) % 4


# ------------------------------------------------------------------------------------------ settlement
def _read(t: SettleTable) -> None:
    birds = t.raw.get("birds", [])
    if not isinstance(birds, (list, tuple)):
        raise ValueError(f"table.birds must be a list of tiles (the 鳥牌 drawn after the win), got {birds!r}")
    hits = [0] * t.n
    tiles = []
    for i, b in enumerate(birds):
        tile = t.tile(b, f"table.birds[{i}]")
        tiles.append(tile)
        hits[zhaniao(tile, t.dealer)] += 1
        t.extra_tiles.append((tile, f"table.birds[{i}]"))
    t.extra["birds"] = tiles
    t.extra["hits"] = hits
    for e in t.events:
        if e["type"] == "kong":
            raise ValueError(f"{e['where']}: kong money is not given by the Changsha sources (docs/rules.md#changsha): "
                             f"a Changsha table has no kong events (the kong melds need none)")


def _win(t: SettleTable, w: Win) -> List[Pay]:
    total = Fraction(w.result.total)
    hits = t.extra["hits"]
    fans = " ".join(f"{n}{show(v)}" for n, v in w.result.fans)
    out: List[Pay] = []
    payers = t.others(w.winner) if w.self_drawn else [w.source]
    for q in payers:
        f = 2 ** (hits[q] + hits[w.winner])
        reason = "zimo" if w.self_drawn else "dianpao"
        out.append((q, w.winner, total * f, reason,
                    f"{fans} = {show(total)}" + (f" ×{f} (扎鸟)" if f != 1 else "")))
    w.detail.update(birds=[TILE_NAMES[b] for b in t.extra["birds"]],
                    factors={q: 2 ** (hits[q] + hits[w.winner]) for q in payers})
    return out


CHANGSHA_SETTLE = SettleRules(
    win=_win, win_flags=("after_kong", "robbing_kong", "last_tile", "tianhu", "dihu"), multiple_winners=True,
    needs_dealer=True, table_keys=("birds",), read=_read,
)


def settle_changsha(rs, table):
    """``changsha`` table settlement (docs/settle.md#changsha): a self-drawn win is paid by the three
    others, a win on a discard by the discarder alone, for every winner of it (通炮); each bird
    (``"birds"``: the tiles drawn after the win) doubles what its seat wins or loses."""
    return settle(rs, table, CHANGSHA_SETTLE)
