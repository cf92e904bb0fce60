"""Table settlement of Tianjin 天津麻将: wins with 坐庄 / 拉庄, and 铲 (docs/settle.md#tianjin).

The payment rules are data and hooks for the generic machinery (:mod:`mjpy.rules.engine.settle`).
Rules: docs/rules.md#tianjin, the two readings of 铲: docs/rules.md#c30.

* 坐庄 (the table's ``"zuozhuang": true``) doubles what passes between the dealer and each other
  player; each non-dealer's ``"lazhuang"`` (0, 1 or 2 拉庄) doubles his edge with the dealer once
  more per 拉庄. Two non-dealers pay each other single.
* A win: each of the three others pays the win's points × the factor of his edge with the winner
  (TJ-1: 庄家胡后其他三家付两倍 ...). The points of a win are not given by the sources: the
  required options ``base_points`` (a win of 0 番) and ``fan_points`` (``pow2``: base_points × 2^番;
  ``linear``: base_points × (1 + 番)).
* 铲 (an event ``{"type": "chan"}``: the three non-dealers followed the dealer's first discard): the
  dealer pays each non-dealer a 明杠's value, ``chan_reading`` ``b`` (default): 1 × 2 for 坐庄 × 2 per
  拉庄; ``a``: 2 × 2 per 拉庄 (坐庄 not applied). Both give the source's example 2, 4, 8.
* Kong money (杠分) is not given by the sources: a Tianjin table has no kong events.
"""
from __future__ import annotations

from fractions import Fraction
from typing import List

from .engine.settle import Pay, SettleRules, SettleTable, Win, settle, show

__all__ = ["TIANJIN_SETTLE", "settle_tianjin", "edge_factor"]


def edge_factor(t: SettleTable, a: int, b: int) -> int:
    """The factor between players ``a`` and ``b``: 1 between two non-dealers; between the dealer and a
    non-dealer ×2 for 坐庄 and ×2 per 拉庄 of the non-dealer."""
    d = t.dealer
    if d not in (a, b):
        return 1
    other = b if a == d else a
    return (2 if t.extra["zuozhuang"] else 1) * 2 ** t.extra["lazhuang"][other]


def _read(t: SettleTable) -> None:
    t.extra["zuozhuang"] = t.flag(t.raw, "zuozhuang", "table")
    la = {}
    for p in t.players:
        v = p.extra.get("lazhuang", 0)
        where = f"table.players[{p.index}].lazhuang"
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 2:
            raise ValueError(f"{where} must be 0, 1 or 2 (each non-dealer may 拉庄 at most twice), got {v!r}")
        if v and p.index == t.dealer:
            raise ValueError(f"{where}: the dealer does not 拉庄 (he may 坐庄: table.zuozhuang)")
        la[p.index] = v
    t.extra["lazhuang"] = la
    first_win = next((e["index"] for e in t.events if e["type"] == "win"), None)
    chans = [e["index"] for e in t.events if e["type"] == "chan"]
    for e in t.events:
        if e["type"] == "kong":
            raise ValueError(f"{e['where']}: kong money (杠分) is not given by the Tianjin sources "
                             f"(docs/rules.md#tianjin): a Tianjin table has no kong events (the kong melds need none)")
    if len(chans) > 1:
        raise ValueError(f"table.events[{chans[1]}]: a second 铲 (it happens once, on the dealer's first discard)")
    if chans and first_win is not None and first_win < chans[0]:
        raise ValueError(f"table.events[{chans[0]}]: 铲 happens in the first go-around, before the win at "
                         f"table.events[{first_win}]")


def _points(t: SettleTable, w: Win) -> Fraction:
    o = t.options
    if o.base_points is None or o.fan_points is None:
        raise ValueError(f"{w.where}: the points of a Tianjin win are not given by the sources (docs/rules.md#missing): "
                         f"pass base_points=N (a win of 0 番) and fan_points='pow2' (base_points × 2^番) or "
                         f"'linear' (base_points × (1 + 番))")
    fan = int(w.result.total)
    base = Fraction(o.base_points)
    return base * 2 ** fan if o.fan_points == "pow2" else base * (1 + fan)


def _win(t: SettleTable, w: Win) -> List[Pay]:
    pts = _points(t, w)
    out: List[Pay] = []
    fans = " ".join(f"{n}{show(v)}" for n, v in w.result.fans) or "no 和目"
    for q in t.others(w.winner):
        f = edge_factor(t, q, w.winner)
        reason = "zimo" if w.self_drawn else ("dianpao" if q == w.source else "hu")
        out.append((q, w.winner, pts * f, reason, f"{fans} = {show(w.result.total)}番 = {show(pts)}"
                    + (f" ×{f} (坐庄/拉庄)" if f != 1 else "")))
    w.detail.update(points=pts, factors={q: edge_factor(t, q, w.winner) for q in t.others(w.winner)})
    return out


def _chan(t: SettleTable, ev: dict) -> List[Pay]:
    d = t.dealer
    out: List[Pay] = []
    for q in t.others(d):
        la = t.extra["lazhuang"][q]
        if t.options.chan_reading == "b":
            amount, how = edge_factor(t, d, q), "明杠 1" + (" ×2 坐庄" if t.extra["zuozhuang"] else "")
        else:
            amount, how = 2 * 2 ** la, "明杠 2"
        how += f" ×{2 ** la} 拉庄" if la else ""
        out.append((d, q, amount, "chan", f"铲 (reading {t.options.chan_reading}): {how}"))
    return out


TIANJIN_SETTLE = SettleRules(
    win=_win, events={"chan": (_chan, ())}, win_flags=("after_kong", "last_tile"), needs_dealer=True,
    table_keys=("zuozhuang", "indicator"), player_keys=("lazhuang",), read=_read, allow_chi=lambda o: False,
)


def settle_tianjin(rs, table):
    """``tianjin`` table settlement (docs/settle.md#tianjin)."""
    return settle(rs, table, TIANJIN_SETTLE)
