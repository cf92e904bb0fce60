"""The two-player 71-tile online variant (region not named): win, waits, and the 13-番 cap.

>>> from mjpy import rules
>>> tp = rules.get("two_player_71")
>>> tp.players, tp.tiles, tp.options.max_fan
(2, 71, 13)
>>> tp.score("123m456p789s11z234s", win_tile="1z").is_win
True
>>> from mjpy.random import deal_table
>>> deal_table(1, "two_player_71", seed=3).shape            # both players' hands from one 71-tile wall
(1, 2, 34)

The source gives the tile set (136, of which 71 are drawn at random for each game), free 吃 碰 杠, 门清 with
concealed kongs, 抢杠 on a 补杠 only, and the cap (上限封顶 13 番) but no fan table: ``total`` is 0 for a
win (``score_batch`` 0 / -1) unless bonus tiles count (花牌: the wall tiles shown on the screen, "胡牌时花牌可以多
算番", docs/rules.md#baopai: ``baopai=True``, ``bonus_tiles=[...]`` per hand and ``baopai_fan``, whose value the
source does not give); ``max_fan`` caps the total. Shapes: four sets and a pair, seven pairs
(``seven_pairs``, the common practice). ``mjpy simulate --rules two_player_71`` draws each player's share of
the 45 tiles left after the deal (22). docs/rules.md#two-player-71.
"""
from __future__ import annotations

from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, Group, Table, Win

__all__ = ["TWO_PLAYER_71"]


def _table(o) -> Table:
    wins = [] if o.seven_pairs else [Win(~F.seven_pairs, "seven pairs is not a win (seven_pairs=False)")]
    return Table("two_player_71", "番", (), groups=(Group("base", "sum"),), wins=tuple(wins), cap=o.max_fan)


TWO_PLAYER_71 = TableRules.register(RuleSpec(
    "two_player_71",
    defaults=dict(max_fan=13, seven_pairs=True, allow_quad=True, baopai=True, baopai_fan=None),
    numbers=("max_fan",),
    table=_table, kinds=lambda o: tuple(range(34)), seven_pairs=True, baopai=True,
))
