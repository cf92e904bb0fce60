"""The "通称番数" table (region not named; 136 tiles, 番 add up) on the engine, marked incomplete.

>>> from mjpy import rules
>>> tc = rules.get("tongcheng", menqing=1, quezi=1)       # values the source names but does not list
>>> r = tc.score("123456789m234p88p", win_tile="4p")       # 一条龙 8, 门清 and 缺字 (the caller's 1 each)
>>> r.fans, r.total
([('一条龙', 8), ('缺字', 1), ('门清', 1)], 10)
>>> rules.get("tongcheng").score("123456789m234p88p", win_tile="4p").reason
'tongcheng: a reading scores a row whose value the regional sources do not give (docs/rules.md#missing): pass menqing=..., pass quezi=...'
>>> rules.get("tongcheng", menqing=2).score("111222333444z55z", win_tile="4z").fans   # no 对对胡, no 全风
[('全风对对胡', 25), ('大四喜', 25), ('三箱次', 10), ('门清', 2)]

The source's table stops after 五门齐; it refers to 断幺, 五将, 缺字, 门清, 单调, 全风 and 全幺九 without
their values: each is an option (``None`` by default) and a hand that has one is refused naming it. The
exclusions are the source's "不算" clauses; 穷胡 7 is the hand with no other fan. 扣听 is the flag
``kouting=True``. 十三不靠 is the source's shape: the nine knitted tiles and five honours with one pair
(C13). Rules and choices: docs/rules.md#tongcheng.
"""
from __future__ import annotations

from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, Fan, Group, Opt, Table

__all__ = ["TONGCHENG", "TONGCHENG_MISSING"]

#: the fans the source refers to without a value (the options that give them)
TONGCHENG_MISSING = {"断幺": "duanyao", "五将": "wujiang", "缺字": "quezi", "门清": "menqing", "单调": "dandiao",
                     "全风": "quanfeng", "全幺九": "quanyaojiu"}


def _table(o) -> Table:
    qf7 = F.seven_pairs & F.honors_only                     # 全风七对
    qfdd = F.all_pungs & F.honors_only                      # 全风对对胡
    kouting = F.context_count >= 1
    five = F.all_sets_five                                  # 全带五
    below = ~F.has_honors & (F.max_rank >= 1) & (F.max_rank <= 4)
    above = ~F.has_honors & (F.min_rank >= 6)
    yaojiu = F.standard & F.all_sets_terminal & F.pair_terminal
    rows = (
        Fan("天胡", 30, F.tianhu, en="the dealer's dealt hand"),
        Fan("地胡", 30, F.dihu, en="on the dealer's first discard"),
        Fan("十三幺", 30, F.thirteen_orphans, en="thirteen orphans"),
        Fan("全风七对", 30, qf7, en="seven pairs of winds and dragons"),
        Fan("全风对对胡", 25, qfdd, en="pungs and a pair of winds and dragons"),
        Fan("扣听", 25, kouting, en="ready declared on the dealer's first discard (kouting=True)"),
        Fan("大四喜", 25, F.n_wind_pungs == 4, en="four wind pungs"),
        Fan("大三元", 20, F.n_dragon_pungs == 3, en="three dragon pungs"),
        Fan("小四喜", 20, (F.n_wind_pungs == 3) & F.pair_wind, en="three wind pungs and a wind pair"),
        Fan("十三不靠", 15, F.knitted, en="147 258 369 of three suits and honours with an honour pair"),
        Fan("小三元", 15, (F.n_dragon_pungs == 2) & F.pair_dragon, en="two dragon pungs and a dragon pair"),
        Fan("清一色", 15, F.one_suit, en="one suit"),
        Fan("全带五", 15, five, en="a 5 in every set and the pair"),
        Fan("七对", 10, F.seven_pairs & ~qf7, en="seven pairs"),
        Fan("三姐妹", 10, F.max_same_chows >= 3, en="three identical chows"),
        Fan("三箱次", 10, F.n_concealed_pungs >= 3, en="three concealed pungs"),
        Fan("一条龙", 8, F.straight, en="123 456 789 of one suit"),
        Fan("混一色", 8, F.half_flush, en="one suit and honours (C26: the usual meaning)"),
        Fan("不求人", 7, F.self_drawn & (F.n_open_melds == 0) & ~F.tianhu & ~qf7 & ~F.knitted,
            en="concealed and self-drawn"),
        Fan("对对胡", 7, F.all_pungs & ~(F.n_wind_pungs == 4) & ~qfdd, en="pungs and a pair"),
        Fan("小于五", 7, below, en="every tile below 5"),
        Fan("大于五", 7, above, en="every tile above 5"),
        Fan("喜相逢", 5, F.three_suit_set, en="one chow or pung of a rank in each suit"),
        Fan("全带幺", 5, yaojiu & ~F.all_pungs, en="a 1, 9 or honour in every set and the pair"),
        Fan("五门齐", 5, F.five_gates, en="万 筒 条, a wind and a dragon"),
        # named by the source without a value: required options
        Fan("断幺", Opt("duanyao"), ~F.has_terminals & ~F.has_honors & ~five, en="no 1, 9 or honour"),
        Fan("五将", Opt("wujiang"), F.standard & (F.pair_rank == 5) & ~five, en="a pair of 5s"),
        Fan("缺字", Opt("quezi"), ~F.has_honors & ~five & ~below & ~above, en="no honour"),
        Fan("门清", Opt("menqing"), (F.n_open_melds == 0) & ~F.self_drawn & ~F.dihu & ~qf7 & ~kouting & ~F.knitted,
            en="concealed, won on a discard"),
        Fan("单调", Opt("dandiao"), F.win_in_pair & (F.standard | F.seven_pairs) & ~qf7, en="won on the pair"),
        Fan("全风", Opt("quanfeng"), F.honors_only & ~qf7 & ~qfdd, en="winds and dragons only"),
        Fan("全幺九", Opt("quanyaojiu"), yaojiu & F.all_pungs & ~qfdd, en="pungs of 1, 9 or honours"),
    )
    return Table("tongcheng", "番", rows, groups=(Group("base", "sum", default=("穷胡", 7)),))


TONGCHENG = TableRules.register(RuleSpec(
    "tongcheng",
    defaults=dict(allow_quad=True, **{v: None for v in TONGCHENG_MISSING.values()}),
    numbers=tuple(TONGCHENG_MISSING.values()),
    table=_table, kinds=lambda o: tuple(range(34)),
    seven_pairs=True, thirteen_orphans=True, knit_pair=True, context_flag="kouting", every_win_slot=True, baopai=True,
))
