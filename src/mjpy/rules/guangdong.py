"""Guangdong 推倒胡 (with 鬼), 雞平和 and Qingyuan 清远 as fan tables on the rule engine.

>>> from mjpy import rules, Meld
>>> r = rules.get("guangdong_tuidao").score("234567m234p11s", melds=[Meld("pon", "777z")],
...                                         win_tile="1s", self_drawn=True)
>>> r.fans, r.total, r.detail["factors"]
([('小胡', 1)], 8, [('开口', 2), ('自摸', 2), ('硬胡', 2)])
>>> rules.get("guangdong_jipinghu").score("123456m789p234s55z", win_tile="5z").detail["points"]
2

The rules and every choice where the regional sources are silent: docs/rules.md#guangdong-tuidao,
#guangdong-jipinghu, #qingyuan. Values the sources do not give (推倒胡 七对 and 全求人, 雞平和 七对,
天和 and 人和, 清远 七对) are options that default to ``None``: a hand that needs one is refused
naming it, never scored with an invented value.
"""
from __future__ import annotations

from fractions import Fraction

from .. import wildcards
from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, G, Fan, Group, Opt, Table, Win
from .guangdong_settle import settle_jipinghu, settle_qingyuan, settle_tuidao

__all__ = ["TUIDAO", "JIPINGHU", "QINGYUAN"]

ALL_KINDS = tuple(range(34))
BAI = 33


# ------------------------------------------------------------------------------------ 推倒胡
def _tuidao_table(o) -> Table:
    pengpeng = F.all_pungs_exposed if o.pengpeng_requires_exposed else F.all_pungs
    hard = o.gui != "none" or o.yinghu_without_gui     # without 鬼 every win is 硬胡 unless the option says not
    rows = (
        Fan("七对", Opt("qidui"), F.seven_pairs, group="big", en="seven pairs"),
        Fan("碰碰胡", 10, pengpeng, group="big", en="all pungs"),
        Fan("全求人", Opt("quanqiuren"), F.standard & F.all_melds_open, group="big", en="all melded"),
        Fan("清一色", 10, F.one_suit, group="big", en="one suit"),
        Fan("将一色", 10, F.all_258, group="big", en="all 2-5-8"),
        Fan("风一色", 10, F.honors_only, group="big", en="all honors"),
        Fan("杠上花", 10, F.after_kong & F.self_drawn, group="big", en="win after a kong"),
        Fan("海底捞", 10, F.last_tile & F.self_drawn, group="big", en="last tile"),
        Fan("抢杠", 10, F.robbing_kong, group="big", en="robbing a kong"),
        Fan("开口", 2, F.n_open_melds >= 1, per="n_open_melds" if o.koukoufan else None, group="factor",
            en="open hand"),
        Fan("暗杠", 2, F.n_ankan >= 1, per="n_ankan", group="factor", en="concealed kong"),
        Fan("明杠", 4, F.n_mingang >= 1, per="n_mingang", group="factor", en="exposed kong"),
        Fan("自摸", 2, F.self_drawn & (G.big == 0), group="factor", en="self-drawn"),
        Fan("自摸", Fraction(3, 2), F.self_drawn & (G.big >= 1), group="factor", en="self-drawn (大胡)"),
    ) + ((Fan("硬胡", 2, F.n_substitutes == 0, group="factor", en="no joker substituting"),) if hard else ())
    wins = [Win(F.n_chi == 0, "chi is not allowed (allow_chi=False)")] if not o.allow_chi else []
    if o.self_draw_only:
        wins.append(Win(F.self_drawn | F.robbing_kong, "self-drawn wins only"))
    return Table("guangdong_tuidao", "倍", rows,
                 groups=(Group("big", "sum", default=("小胡", 1)), Group("factor", "product", "factor")),
                 wins=tuple(wins))


def _tuidao_kinds(o):
    return ALL_KINDS if o.with_honors else tuple(range(27))


def _tuidao_jokers(o, indicator, given):
    if o.gui == "none":
        if given or indicator is not None:
            raise ValueError("guangdong_tuidao: no 鬼 with gui='none' (pass gui='baiban' or gui='fan')")
        return ()
    if o.gui == "baiban":
        if indicator is not None:
            raise ValueError("guangdong_tuidao: gui='baiban' (白板鬼) takes no indicator")
        if not o.with_honors:
            raise ValueError("guangdong_tuidao: gui='baiban' needs the honors (with_honors=True)")
        if given is not None and tuple(given) != (BAI,):
            raise ValueError("guangdong_tuidao: with gui='baiban' the 鬼 is 白 (7z)")
        return (BAI,)
    if given is not None:
        if len(given) != 1:
            raise ValueError("guangdong_tuidao: gui='fan' (翻鬼) has one joker kind")
        return tuple(given)
    if indicator is None:
        raise ValueError("guangdong_tuidao: gui='fan' (翻鬼) needs the flipped tile: indicator=...")
    if indicator >= 27 and not o.with_honors:
        raise ValueError("guangdong_tuidao: an honor indicator with with_honors=False")
    return wildcards.joker_kinds("guangdong", indicator, gui="fan")


TUIDAO = TableRules.register(RuleSpec(
    "guangdong_tuidao",
    defaults=dict(gui="none", indicator=None, allow_chi=False, self_draw_only=True, pengpeng_requires_exposed=False,
                  with_honors=True, cap=300, gold_cap=None, koukoufan=False, qidui=None, quanqiuren=None,
                  yinghu_without_gui=True, fengyise_any_shape=False, allow_quad=True, allow_fifth_copy=True,
                  horse_mode="additive"),
    choices=dict(gui=("none", "baiban", "fan"), horse_mode=("additive", "fan")),
    numbers=("qidui", "quanqiuren", "cap", "gold_cap"),
    table=_tuidao_table, kinds=_tuidao_kinds, jokers=_tuidao_jokers,
    discard_wins=lambda o: not o.self_draw_only, any_shape=lambda o: o.fengyise_any_shape,
    settle=settle_tuidao,
))


# ------------------------------------------------------------------------------------ 雞平和
def _jipinghu_table(o) -> Table:
    std = F.standard
    pinghu = std & F.all_chows
    if o.pinghu_pair == "no_value_honor":
        pinghu = pinghu & ~F.pair_value_honor
    rows = (
        Fan("十三麼", 6, F.thirteen_orphans, group="special", en="thirteen orphans"),
        Fan("清一色", 4, F.one_suit & ~F.thirteen_orphans, group="special", en="one suit"),
        Fan("混么九", 5, F.orphans_only & F.has_terminals & F.has_honors & ~F.thirteen_orphans, group="special"),
        Fan("混碰", 4, std & F.half_flush & F.all_pungs, group="special"),
        Fan("清碰", 5, std & F.one_suit & F.all_pungs, group="special"),
        Fan("小三元", 5, std & (F.n_dragon_pungs == 2) & F.pair_dragon, group="special"),
        Fan("小四喜", 5, std & (F.n_wind_pungs == 3) & F.pair_wind, group="special"),
        Fan("字一色", 6, std & F.honors_only & F.all_pungs, group="special"),
        Fan("清么九", 6, std & F.terminals_only & F.all_pungs, group="special"),
        Fan("大三元", 6, std & (F.n_dragon_pungs == 3), group="special"),
        Fan("大四喜", 6, std & (F.n_wind_pungs == 4), group="special"),
        Fan("九蓮寶燈", 6, std & F.nine_gates, group="special", en="nine gates"),
        Fan("天和", Opt("tianhe_fan"), F.tianhu, group="special"),
        Fan("人和", Opt("renhe_fan"), F.dihu, group="special"),
        Fan("平和", 1, pinghu, group="within", en="all chows"),
        Fan("碰碰和", 2, std & F.all_pungs, group="within", en="all pungs"),
        Fan("七对", Opt("qidui"), F.seven_pairs, group="within", en="seven pairs"),
        Fan("混一色", 2, F.half_flush & ~F.thirteen_orphans, group="within", en="half flush"),
        Fan("自摸", 1, F.self_drawn & ~F.thirteen_orphans, group="addon"),
        Fan("風位", 1, F.seat_wind_pung, group="addon", en="seat wind"),
        Fan("風圈", 1, F.round_wind_pung, group="addon", en="round wind"),
        Fan("三元牌", 1, F.n_dragon_pungs >= 1, per="n_dragon_pungs", group="addon", en="dragon pung"),
    )
    floor = (F.after_kong & F.self_drawn) | (F.last_tile & F.self_drawn) | F.triple_ron
    return Table("guangdong_jipinghu", "番", rows,
                 groups=(Group("special", "max", "special"),
                         Group("within", "sum" if o.within_cap_stacking == "add" else "max", default=("雞和", 0)),
                         Group("addon", "sum")),
                 cap=o.cap, floor=(3, floor), points="pow2")


def _jipinghu_check(s, o):
    if s.tianhu and not s.dealer:
        raise ValueError("guangdong_jipinghu: tianhu (天和) is the dealer's win: pass dealer=True")
    if s.dihu and s.self_drawn:
        raise ValueError("guangdong_jipinghu: dihu (人和) is a win on a discard: self_drawn must be False")


JIPINGHU = TableRules.register(RuleSpec(
    "guangdong_jipinghu",
    defaults=dict(within_cap_stacking="add", cap=3, qidui=None, allow_quad=True, tianhe_fan=None, renhe_fan=None,
                  pinghu_pair="any", payment=None),
    choices=dict(within_cap_stacking=("add", "max"), pinghu_pair=("any", "no_value_honor"),
                 payment=(None, "discarder_pays", "discarder_pays_all", "all_pay")),
    numbers=("cap", "qidui", "tianhe_fan", "renhe_fan"),
    table=_jipinghu_table, kinds=lambda o: ALL_KINDS, thirteen_orphans=True, check=_jipinghu_check, baopai=True,
    check_flags=("tianhu", "dihu"),
    settle=settle_jipinghu,
))


# ------------------------------------------------------------------------------------ 清远
def _qingyuan_table(o) -> Table:
    yijiu = F.terminals_only if not o.yijiu_allows_honors else (F.orphans_only & F.has_terminals)
    rows = (
        Fan("雞糊", 3, en="basic win"),
        Fan("七对", Opt("qidui"), F.seven_pairs, en="seven pairs"),
        Fan("對對糊", 6, F.all_pungs, en="all pungs"),
        Fan("清一色", 9, F.one_suit, en="one suit"),
        Fan("清一色全對", 12, F.one_suit & F.all_pungs),
        Fan("壹玖全對", 15, F.all_pungs & yijiu),
        Fan("全字全對", 18, F.all_pungs & F.honors_only),
    )
    wins = (Win(F.n_chi == 0, "chi is not allowed"), Win(F.self_drawn, "self-drawn wins only"),
            Win(~F.robbing_kong, "no win by robbing a kong"))
    return Table("qingyuan", "点", rows, groups=(Group("base", "max"),), wins=wins)


QINGYUAN = TableRules.register(RuleSpec(
    "qingyuan",
    defaults=dict(qidui=None, allow_quad=True, yijiu_allows_honors=False, payment=None, kakan_points=None),
    choices=dict(payment=(None, "all_pay", "shared")),
    numbers=("qidui", "kakan_points"),
    table=_qingyuan_table, kinds=lambda o: tuple(range(9, 34)), discard_wins=lambda o: False,
    settle=settle_qingyuan,
))
