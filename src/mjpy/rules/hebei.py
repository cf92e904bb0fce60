"""Hebei 河北麻将 (136 tiles, no 吃, wins on a discard): win and waits, no scoring.

>>> from mjpy import rules, Meld
>>> hb = rules.get("hebei")
>>> hb.score("123m456p789s11z234s", win_tile="1z").is_win
True
>>> hb.score("456p789s11z234s", melds=[Meld("chi", "123m")], win_tile="1z").reason
'hebei: 吃 is not allowed (the source has 碰 and 杠 only)'

The source describes the claims and 听 ("不听也能胡牌，听牌不加番") but no fan table: ``total`` is 0 for a win,
``score_batch`` 0 / -1. Shapes: a pair and four sets, and seven pairs (``seven_pairs``, the common practice; the
source does not say). docs/rules.md#hebei.
"""
from __future__ import annotations

from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, Group, Table, Win

__all__ = ["HEBEI"]


def _table(o) -> Table:
    wins = [Win(F.n_chi == 0, "吃 is not allowed (the source has 碰 and 杠 only)")]
    if not o.seven_pairs:
        wins.append(Win(~F.seven_pairs, "seven pairs is not a win (seven_pairs=False)"))
    return Table("hebei", "", (), groups=(Group("base", "sum"),), wins=tuple(wins))


HEBEI = TableRules.register(RuleSpec(
    "hebei",
    defaults=dict(seven_pairs=True, allow_quad=True),
    table=_table, kinds=lambda o: tuple(range(34)), seven_pairs=True,
))
