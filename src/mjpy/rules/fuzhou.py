"""Fuzhou 福州麻将 (金: jokers the caller names; 抢金, 天和) as a table on the engine.

>>> from mjpy import rules
>>> fz = rules.get("fuzhou", gold=["5m"], zimo=1, pinghu=0, qiangjin=3, jin=1)   # values: the caller's
>>> r = fz.score("123m456p789s1122z5m", win_tile="2z", self_drawn=True)          # 5m (金) stands for 2z
>>> r.fans, r.total
([('自摸', 1), ('用金', 1)], 2)
>>> fz.score("123m456p789s1122z5m", win_tile="5m", self_drawn=True, context={"qiangjin": 1}).fans
[('自摸', 1), ('抢金', 3), ('用金', 1)]
>>> rules.get("fuzhou", gold=["5m"]).score("123m456p789s11222z", win_tile="2z").reason
'fuzhou: ... pass pinghu=...'

The source names the patterns (自摸, 平胡 the win on a discard, 抢金, 天和 "和抢金的计番相同") but gives no
value: each is an option, ``None`` by default, and a hand that needs one is refused naming it (``total`` is
their sum in 番). Rules and choices: docs/rules.md#fuzhou.
"""
from __future__ import annotations

from .engine.scoring import RuleSpec, TableRules, caller_jokers, waiting_hand
from .engine.table import F, Fan, Group, Opt, Table, Win

__all__ = ["FUZHOU", "qiangjin_ready"]


def _table(o) -> Table:
    rows = (
        Fan("自摸", Opt("zimo"), F.self_drawn, en="self-drawn"),
        Fan("平胡", Opt("pinghu"), ~F.self_drawn, en="won on a discard"),
        Fan("抢金", Opt("qiangjin"), F.context_count >= 1, en="the revealed 金 taken in at the start"),
        Fan("天和", Opt("qiangjin"), F.tianhu, en="dealer's first hand (scored as 抢金)"),
        Fan("用金", Opt("jin"), F.n_substitutes >= 1, en="a 金 standing for another tile"),
    )
    wins = () if o.allow_discard_gold else (Win(F.joker_melded == 0,
                                                "a 金 cannot be melded (allow_discard_gold=False: 金 is never "
                                                "discarded)"),)
    return Table("fuzhou", "番", rows, groups=(Group("base", "sum"),), wins=wins)


FUZHOU = TableRules.register(RuleSpec(
    "fuzhou",
    defaults=dict(gold=None, allow_fifth_copy=True, allow_discard_gold=False, zimo=None, pinghu=None,
                  qiangjin=None, jin=None),
    numbers=("zimo", "pinghu", "qiangjin", "jin"),
    table=_table, kinds=lambda o: tuple(range(34)), jokers=caller_jokers("fuzhou", "金", "gold"), baopai=True,
    seven_pairs=False, context=("qiangjin", 1),
))


def qiangjin_ready(hand13, melds=(), *, joker_tiles) -> bool:
    """抢金 is open to a waiting hand: its 13 tiles and one 金 (the first 金 kind) form a complete hand
    (the dealer after the first discard, or a player drawing the revealed 金).

    >>> qiangjin_ready("123m456p789s1122z", joker_tiles=["5m"])
    True
    >>> qiangjin_ready("123m456p789s1123z", joker_tiles=["5m"])
    False
    """
    rs, counts, ms, jk = waiting_hand("fuzhou", "gold", "金", hand13, melds, joker_tiles, "qiangjin_ready")
    gold = jk[0]
    in_melds = sum(1 for k, t in ms for x in ((t, t + 1, t + 2) if k == "chi" else (t,) * (3 if k == "pon" else 4))
                   if x == gold)
    if counts[gold] + in_melds >= 4:
        return False                            # no 金 left to take in
    counts[gold] += 1
    return bool(rs._kernel_win(counts, len(ms), jk))
