"""Xuzhou 徐州麻将 (配兒: the successor of the flipped tile, the 白板 playing its face; 平胡 only on a 夾)
as a table on the engine.

>>> from mjpy import rules
>>> xz = rules.get("xuzhou")
>>> r = xz.score("11m123456p46789s5s", win_tile="5s", indicator="1z")   # 5s: the middle of 456s, rank 5
>>> r.fans, r.total
([('平胡', 1)], 1)
>>> xz.score("11m123456p45789s6s", win_tile="6s", indicator="1z").reason      # 6s ends 456s: no 夾
'xuzhou: 平胡 is won on a 夾: the winning tile the middle tile of a chow, rank 4-8 (jia_rank_range)'
>>> xz.score("2222445599m1199p", win_tile="1p", indicator="4s").fans            # 七對: no 夾 needed
[('七對', 1)]
>>> xz.score("123m456p789s46s77z5s", win_tile="5s", indicator="1m", self_drawn=True, tianhu=True).total
2

With ``indicator="1m"`` the 配兒 is 2m and each 白板 (7z) is an ordinary 2m: above, ``77z`` is the pair
(2m 2m). ``total`` is 1 for a win, 2 for 天胡 ("徐州麻將不計番": the source gives no other value). Rules and
choices (夾's rank range, a 配兒 as the 夾 tile, 亂牌, 跑配成牌): docs/rules.md#xuzhou.
"""
from __future__ import annotations

from .. import wildcards
from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, Fan, Group, Table, Win

__all__ = ["XUZHOU"]

BAI = 33
#: 亂牌's honors: 东南西北中发 (the 白板 play the 配兒 kind)
LUAN_HONORS = (27, 28, 29, 30, 31, 32)


def _rank_range(o):
    r = o.jia_rank_range
    if (not isinstance(r, (tuple, list)) or len(r) != 2 or any(isinstance(x, bool) or not isinstance(x, int) for x in r)
            or not 1 <= r[0] <= r[1] <= 9):
        raise ValueError(f"xuzhou: jia_rank_range must be two ranks (lo, hi) with 1 <= lo <= hi <= 9, got {r!r}")
    return int(r[0]), int(r[1])


def _table(o) -> Table:
    lo, hi = _rank_range(o)
    rows = (
        Fan("七對", 1, F.seven_pairs, en="seven pairs (no 夾 needed; 配兒 pair up: 七對跑配)"),
        Fan("亂牌", 1, F.knitted, en="147 258 369 of three suits and 东南西北中发, 14 different tiles"),
        Fan("跑配成牌", 1, (F.n_jokers >= 4) & ~F.standard & ~F.seven_pairs & ~F.knitted,
            en="four 配兒: a win in any shape"),
        Fan("天胡", 2, F.tianhu, group="factor", en="the dealer's first draw"),
    )
    jia = F.win_middle & (F.win_rank >= lo) & (F.win_rank <= hi)
    wins = [Win(F.joker_melded == 0, "a 配兒 cannot be melded"),
            Win(F.self_drawn | ~F.win_joker, "a 配兒 cannot be claimed (a win on it is self-drawn only)"),
            Win(~F.standard | jia, f"平胡 is won on a 夾: the winning tile the middle tile of a chow, rank {lo}-{hi} "
                                   f"(jia_rank_range)")]
    if not o.peier_jia:
        wins.append(Win(~F.standard | ~F.win_joker, "a 配兒 cannot be the 夾 tile (peier_jia=False)"))
    return Table("xuzhou", "倍", rows, groups=(Group("base", "max", default=("平胡", 1)),
                                               Group("factor", "product", "factor")), wins=tuple(wins))


def _jokers(o, indicator, given):
    if given is not None:
        if len(given) != 1:
            raise ValueError("xuzhou: the 配兒 is one kind (the successor of the flipped tile)")
        return tuple(given)
    if indicator is None:
        raise ValueError("xuzhou: the 配兒 needs the flipped tile: indicator=... (or joker_tiles=[the 配兒 kind])")
    return wildcards.joker_kinds("xuzhou", indicator)


XUZHOU = TableRules.register(RuleSpec(
    "xuzhou",
    defaults=dict(indicator=None, jia_rank_range=(4, 8), peier_jia=True, allow_quad=True, allow_fifth_copy=True),
    table=_table, kinds=lambda o: tuple(range(34)), jokers=_jokers, every_win_slot=True,
    any_jokers=4, knit_honors=LUAN_HONORS, stand_in=BAI, claim_jokers=False, joker_word="配兒",
))

