"""Hubei 卡五星 (3 players, 84 tiles: 筒, 条 and 中发白; the 大胡 factors multiply; 亮倒 ×2) on the engine.

>>> from mjpy import rules
>>> kwx = rules.get("kawuxing")
>>> kwx.score("123p46p789s11122s5p", win_tile="5p").fans           # the 5筒 between 4 and 6: 卡五星
[('卡五星', 2)]
>>> r = kwx.score("22446688p113355p", win_tile="8p")                 # 七对 of one suit: 七对 ×4 and 清一色 ×4
>>> r.fans, r.total
([('七对', 4), ('清一色', 4)], 16)
>>> kwx.score("22446688p113355p", win_tile="8p", liangdao=True).total   # 亮倒: ×2 on top
32
>>> kwx.score("123m456p789s11122s", win_tile="2s")
Traceback (most recent call last):
...
ValueError: kawuxing: 1m is not used in this rule set (84 tiles, docs/rules.md#kawuxing)

``total`` is the product of the factors (``stack="multiply"``, C31; a plain win is 1), times 2 after
亮倒 (``liangdao=True``); ``stack="add"`` adds them instead. 抢杠胡 has no value in the source: option
``qiangganghu`` (``None``: such a win is refused naming it). No 吃 (``chi=False``, the common practice;
the source does not say). Settlement for the 3-player table (自摸两家出, 点炮 one share, 包胡 after 亮倒, 喜钱
for kongs, 荒庄 with 亮倒): docs/settle.md#kawuxing. Rules and choices: docs/rules.md#kawuxing.
"""
from __future__ import annotations

from fractions import Fraction
from typing import List

from .engine.scoring import RuleSpec, TableRules
from .engine.settle import REASONS, Pay, Payment, SettleRules, SettleTable, Win, settle, show
from .engine.table import F, Fan, Group, Opt, Table, Win as WinCond

__all__ = ["KAWUXING", "KAWUXING_KINDS", "settle_kawuxing"]

#: the 21 kinds of the 84 tiles: 筒 1-9, 条 1-9, 中 发 白 (docs/rules.md#kawuxing: why these)
KAWUXING_KINDS = tuple(range(9, 27)) + (31, 32, 33)


def _table(o) -> Table:
    seven = F.seven_pairs
    dragon_seven = seven & (F.n_quads_held >= 1)
    rows = (
        Fan("碰碰胡", 2, F.all_pungs, en="four pungs or kongs and a pair"),
        Fan("明四归一", 2, F.win_kind_ponged, en="won on the fourth tile of one's own 碰"),
        Fan("暗四归一", 4, (F.win_kind_held == 4) & ~dragon_seven, en="won on the fourth tile of three held"),
        Fan("七对", 4, seven & (F.n_quads_held == 0), en="seven pairs"),
        Fan("龙七对", 8, seven & (F.n_quads_held == 1), en="seven pairs with a four of a kind"),
        Fan("双龙七对", 16, seven & (F.n_quads_held >= 2), en="seven pairs with two fours of a kind"),
        Fan("大三元", 8, F.n_dragon_pungs == 3, en="pungs of 中, 发 and 白"),
        Fan("小三元", 4, (F.n_dragon_pungs == 2) & F.pair_dragon, en="two dragon pungs and a dragon pair"),
        Fan("杠上开花", 2, F.after_kong & F.self_drawn, en="won on a kong's replacement tile"),
        Fan("杠上炮", 2, F.kong_discard, en="won on the discard after the discarder's kong"),
        Fan("抢杠胡", Opt("qiangganghu"), F.robbing_kong, en="robbing a kong"),
        Fan("清一色", 4, F.one_suit, en="one suit, no dragon"),
        Fan("手抓一", 4, F.n_melds == 4, en="four melds, a single tile left"),
        Fan("海底捞月", 2, F.last_tile & F.self_drawn, en="self-drawn on the last (84th) tile"),
        Fan("卡五星", 2, F.win_middle & (F.win_rank == 5), en="won on 5筒 / 5条 between the 4 and the 6"),
        Fan("亮倒", 2, F.context_count >= 1, group="liangdao", en="declared hand (亮倒): doubles the win"),
    )
    mode = "product" if o.stack == "multiply" else "sum"
    wins = []
    if not o.chi:
        wins.append(WinCond(F.n_chi == 0, "吃 is not allowed (chi=False: the common practice; the source does not "
                                          "say)"))
    if o.liangdao_self_draw_only:
        wins.append(WinCond(~((F.context_count >= 1) & ~F.self_drawn),
                            "after 亮倒 only a self-drawn win (liangdao_self_draw_only=True, C21)"))
    return Table("kawuxing", "倍", rows, groups=(Group("base", mode, default=("平胡", 1)),
                                                  Group("liangdao", "product", "factor")), wins=tuple(wins))


# ------------------------------------------------------------------------------------------ settlement
def _read(t: SettleTable) -> None:
    o = t.options
    if t.raw.get("base") is None and o.base is None:
        raise ValueError("table: the base score of a 卡五星 win is not given by the source (docs/rules.md#kawuxing): "
                         "give the table's 'base' (the money of one 倍) or the option base=N")
    liang = {}
    for p in t.players:
        liang[p.index] = t.flag(p.extra, "liangdao", f"table.players[{p.index}]")
    t.extra["liangdao"] = liang
    factor = {}
    prev = None
    for k, e in enumerate(t.events):
        if e["type"] != "kong":
            prev = None
            continue
        f = 1
        if e.get("gangshanggang"):
            if prev is None or t.events[k - 1]["type"] != "kong":
                raise ValueError(f"{e['where']}: gangshanggang (杠上杠) needs a kong as the event right before")
            f = 2 * factor[prev]
        factor[e["index"]] = f
        prev = e["index"]
    t.extra["kong_factor"] = factor


def _win(t: SettleTable, w: Win) -> List[Pay]:
    total = Fraction(w.result.total)
    fans = " ".join(f"{n}{show(v)}" for n, v in list(w.result.fans) + list(w.result.detail.get("factors", [])))
    head = f"{fans or '平胡 1'} = {show(total)}倍"
    if w.self_drawn:
        return [(q, w.winner, total, "zimo", head + " (自摸两家出)") for q in t.others(w.winner)]
    if t.extra["liangdao"][w.winner]:
        w.detail["baohu"] = True
        return [(w.source, w.winner, 2 * total, "dianpao", head + " ×2 (包胡: 亮倒 player won on this discard)")]
    return [(w.source, w.winner, total, "dianpao", head + " (点炮 one share)")]


def _kong(t: SettleTable, ev: dict) -> List[Pay]:
    f = t.extra["kong_factor"][ev["index"]]
    p = ev["player"]
    what = " ×%d 杠上杠" % f if f != 1 else ""
    if ev["kind"] == "minkan":
        return [(ev["from"], p, 2 * f, "zhigang", f"直杠: the feeder pays double{what}")]
    amount, reason, name = (1, "bugang", "明杠") if ev["kind"] == "kakan" else (2, "angang", "暗杠")
    return [(q, p, amount * f, reason, f"{name} 喜钱{what}") for q in t.others(p)]


def _end(t: SettleTable) -> List[Pay]:
    if not t.wall_exhausted:
        return []
    liang = t.extra["liangdao"]
    return [(p, q, 1, "huangzhuang", "荒庄: a 亮倒 player pays each one who did not 亮倒", None)
            for p in range(t.n) if liang[p] for q in range(t.n) if not liang[q]]


class _Payment(Payment):
    reasons = dict(REASONS, huangzhuang="荒庄亮倒")


KAWUXING_SETTLE = SettleRules(
    win=_win, kong=_kong, kongs_need_events=lambda t: True,
    win_flags=("after_kong", "robbing_kong", "last_tile", "kong_discard"), kong_flags=("gangshanggang",),
    multiple_winners=True, needs_dealer=False, player_keys=("liangdao",), read=_read,
    allow_chi=lambda o: o.chi, end=_end, default_base=lambda o: o.base if o.base is not None else 1,
    payment=_Payment,
)


def settle_kawuxing(rs, table):
    """``kawuxing`` table settlement (docs/settle.md#kawuxing)."""
    return settle(rs, table, KAWUXING_SETTLE)


KAWUXING = TableRules.register(RuleSpec(
    "kawuxing",
    defaults=dict(stack="multiply", qiangganghu=None, chi=False, liangdao_self_draw_only=False, allow_quad=True,
                  base=None),
    choices=dict(stack=("multiply", "add")),
    numbers=("qiangganghu", "base"),
    table=_table, kinds=lambda o: KAWUXING_KINDS, extra_flags=("kong_discard",), context_flag="liangdao",
    every_win_slot=True,
    settle=settle_kawuxing,
))
