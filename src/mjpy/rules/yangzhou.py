"""Yangzhou 扬州麻将 (136 tiles, no 吃, the highest multiplier) as a table on the engine.

>>> from mjpy import rules
>>> yz = rules.get("yangzhou")
>>> yz.score("123m456p789s11122z", win_tile="2z").fans            # 屁胡
[('屁胡', 1)]
>>> yz.score("111333555m777m11z", win_tile="1z").fans              # 混對對: 混一色 and 對對胡
[('混對對', 4)]
>>> yz.score("123456789m123p11z", win_tile="1z", melds=[]).total
1
>>> from mjpy import Meld
>>> yz.score("456m789m11z", melds=[Meld("chi", "123m"), Meld("pon", "999m")], win_tile="1z").reason
'yangzhou: 吃 is not allowed (可碰，可明槓，暗槓，但不可吃)'

``total`` is the highest of the multipliers that apply (屁胡 1, 對對胡 2, 混一色 2, 清一色 4, 混對對 4, 清對對 4): the
source gives no base score. Rules and choices (four sets, C24; 七對 only with a value; 賴子 not defined):
docs/rules.md#yangzhou.
"""
from __future__ import annotations

from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, Fan, Group, Opt, Table, Win

__all__ = ["YANGZHOU"]


def _table(o) -> Table:
    pungs, half, one = F.standard & F.all_pungs, F.half_flush, F.one_suit
    rows = (                                    # combinations first: of equal values the first row is shown
        Fan("清對對", 4, one & pungs, en="清一色 and 對對胡"),
        Fan("混對對", 4, half & pungs, en="混一色 and 對對胡"),
        Fan("清一色", 4, one, en="one suit, no honours"),
        Fan("七對", Opt("qidui"), F.seven_pairs, en="seven pairs (not a listed shape: a value makes it one)"),
        Fan("對對胡", 2, pungs, en="four pungs or kongs and a pair"),
        Fan("混一色", 2, half, en="one suit and honours"),
    )
    wins = (Win(F.n_chi == 0, "吃 is not allowed (可碰，可明槓，暗槓，但不可吃)"),)
    return Table("yangzhou", "倍", rows, groups=(Group("base", "max", default=("屁胡", 1)),), wins=wins)


YANGZHOU = TableRules.register(RuleSpec(
    "yangzhou",
    defaults=dict(qidui=None, allow_quad=True),
    numbers=("qidui",),
    table=_table, kinds=lambda o: tuple(range(34)),
    seven_pairs=True,
))
