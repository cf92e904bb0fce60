"""八枝 (a regional note, region not named): win conditions, no scoring.

>>> from mjpy import rules, Meld
>>> bz = rules.get("bazhi")
>>> bz.score("123456789m11z555z", win_tile="5z").is_win                 # 9 万: 八枝
True
>>> bz.score("123456m789p11z555z", win_tile="5z").reason                # 6 万, 3 筒
'bazhi: eight tiles of one suit are needed (和牌時需要一門有八張以上)'

"八枝：和牌時需要一門有八張以上。和牌：不許吃牌，只能碰一對，必須有八枝": a win needs eight or more tiles of one suit
(the melds' included), no 吃, at most one 碰 (a claimed kong is a 碰 too). ``total`` is 0: no scoring is given.
docs/rules.md#bazhi.
"""
from __future__ import annotations

from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, Group, Table, Win

__all__ = ["BAZHI"]


def _table(o) -> Table:
    wins = (Win(F.n_chi == 0, "吃 is not allowed (不許吃牌)"),
            Win(F.n_open_melds <= 1, "one 碰 at most (只能碰一對)"),
            Win(F.max_suit_tiles >= 8, "eight tiles of one suit are needed (和牌時需要一門有八張以上)"))
    return Table("bazhi", "", (), groups=(Group("base", "sum"),), wins=wins)


BAZHI = TableRules.register(RuleSpec(
    "bazhi",
    defaults=dict(allow_quad=True),
    table=_table, kinds=lambda o: tuple(range(34)), seven_pairs=True,
))
