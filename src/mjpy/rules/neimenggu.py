"""Inner Mongolia 内蒙麻将 (136 tiles): the three win conditions of the source, no scoring.

>>> from mjpy import rules, Meld
>>> nm = rules.get("neimenggu")
>>> nm.score("234m456p789s99s", melds=[Meld("pon", "555z")], win_tile="9s").is_win   # 中 pung, open, a 9
True
>>> nm.score("123m456p789s11z234s", win_tile="1z").reason                                 # concealed
'neimenggu: the hand must be open: a 吃 or a 碰 (必须要开门)'
>>> nm.score("456p789s11z234s", melds=[Meld("chi", "123m")], win_tile="1z").reason       # open, no pung
'neimenggu: a pung or kong is needed (必须有碰或槓，也可以自己手裡有暗刻)'

"一是必須有碰或槓才可以，也可以自己手裡有暗刻；二是必須要開門，就是要吃上家的牌或者碰別人的牌；三是必須有么九或箭刻":
each is a win condition, and a refusal names the one that failed. ``yaojiu="tile"`` (default) reads 么九 as any
1, 9 or honour tile, ``"pung"`` as a pung or kong of one (a 箭刻 is one). ``total`` is 0: the source gives no
scoring. docs/rules.md#neimenggu.
"""
from __future__ import annotations

from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, Group, Table, Win

__all__ = ["NEIMENGGU"]


def _table(o) -> Table:
    yaojiu = (F.has_terminals | F.has_honors) if o.yaojiu == "tile" else (F.n_yaojiu_pungs >= 1)
    wins = (Win(F.n_open_melds >= 1, "the hand must be open: a 吃 or a 碰 (必须要开门)"),
            Win(F.standard & ~F.all_chows, "a pung or kong is needed (必须有碰或槓，也可以自己手裡有暗刻)"),
            Win(yaojiu, "a 么九 or a 箭刻 is needed (必须有么九或箭刻" + (", yaojiu='tile': a 1, 9 or honour)"
                                                                  if o.yaojiu == "tile" else
                                                                  ", yaojiu='pung': a pung of 1, 9 or honour)")))
    return Table("neimenggu", "", (), groups=(Group("base", "sum"),), wins=wins)


NEIMENGGU = TableRules.register(RuleSpec(
    "neimenggu",
    defaults=dict(yaojiu="tile", allow_quad=True),
    choices=dict(yaojiu=("tile", "pung")),
    table=_table, kinds=lambda o: tuple(range(34)), seven_pairs=False,
))
