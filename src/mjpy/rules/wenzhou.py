"""Wenzhou 溫州麻將 (16 tiles: five sets and a pair; 財神 named by the caller) as a table on the engine.

>>> from mjpy import rules, Meld
>>> wz = rules.get("wenzhou", caishen=["7z"])                  # which tile is 財神: the table's choice
>>> r = wz.score("123456789m123p456s11z", win_tile="1z")        # 17 tiles: five sets and a pair
>>> r.fans, r.total
([('平胡', 1)], 1)
>>> wz.score("1122334455m667788p9s", win_tile="9s").detail["factors"]   # 硬八對: eight pairs and a single
[('硬八對', 2)]
>>> wz.score("1359m47p258s369s12777z", win_tile="1z").detail["factors"]   # three 財神: any shape
[('三財神', 2)]

``total`` is the product of the patterns the source doubles (雙翻: 硬八對, 三財神, 天胡, 地胡, 單吊; a plain
win 1). The source gives no value to 硬 / 軟 (no 財神 standing in, or one): the options ``yingpai`` /
``ruanpai`` add them as factors when given. Rules and choices: docs/rules.md#wenzhou.
"""
from __future__ import annotations

from .engine.scoring import RuleSpec, TableRules, caller_jokers
from .engine.table import F, Fan, Group, Table, Win

__all__ = ["WENZHOU"]


def _table(o) -> Table:
    rows = (
        Fan("硬八對", 2, F.eight_pairs, group="factor", en="eight pairs and a single, no 財神"),
        Fan("三財神", 2, F.n_jokers >= 3, group="factor", en="three 財神 (a win in any shape)"),
        Fan("天胡", 2, F.tianhu, group="factor", en="dealer's first draw"),
        Fan("地胡", 2, F.dihu, group="factor", en="on the dealer's first discard"),
        Fan("單吊", 2, F.standard & F.all_melds_open, group="factor", en="five melds, won on the single"),
    )
    if o.yingpai is not None:
        rows += (Fan("硬牌", o.yingpai, F.n_substitutes == 0, group="factor", en="no 財神 standing in"),)
    if o.ruanpai is not None:
        rows += (Fan("軟牌", o.ruanpai, F.n_substitutes >= 1, group="factor", en="a 財神 standing in"),)
    wins = [Win(F.joker_melded == 0, "a 財神 cannot be melded")]
    if not o.allow_all_pungs:
        wins.append(Win(~(F.standard & F.all_pungs), "all pungs is not a listed shape (allow_all_pungs=False)"))
    return Table("wenzhou", "倍", rows, groups=(Group("base", "sum", default=("平胡", 1)),
                                                Group("factor", "product", "factor")), wins=tuple(wins))


WENZHOU = TableRules.register(RuleSpec(
    "wenzhou",
    defaults=dict(caishen=None, allow_quad=True, allow_fifth_copy=True, allow_all_pungs=True, yingpai=None,
                  ruanpai=None),
    numbers=("yingpai", "ruanpai"),
    table=_table, kinds=lambda o: tuple(range(34)), jokers=caller_jokers("wenzhou", "財神"),
    seven_pairs=False, eight_pairs=True, any_jokers=3,
))
