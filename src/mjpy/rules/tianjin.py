"""Tianjin 天津麻将 (混: the flipped tile and its successor are jokers) as a fan table on the engine.

>>> from mjpy import rules
>>> r = rules.get("tianjin").score("123456789m11p456m", win_tile="5m", self_drawn=True, indicator="1z")
>>> r.fans, r.total
([('一条龙', 2), ('捉五魁', 1), ('无绘', 1)], 4)

和目 add up (合并计算); ``total`` is the sum of 番 (how 番 become points is not given). Rules and
choices: docs/rules.md#tianjin. The values of 混吊, 双混吊, 双绘捉五 and 七对 are not given by the
sources: options that default to ``None`` (a hand that needs one is refused naming it).
"""
from __future__ import annotations

from .. import wildcards
from .engine.scoring import RuleSpec, TableRules
from .engine.table import F, Fan, Group, Opt, Table, Win
from .tianjin_settle import settle_tianjin

__all__ = ["TIANJIN"]


def _table(o) -> Table:
    benhui = F.straight_no_substitute & (F.straight_face_joker if o.benhuilong == "face_joker" else F.straight)
    no_hui = (F.n_substitutes == 0) if o.wuhui == "no_substitute" else (F.jokers_held == 0)
    rows = (
        Fan("七对", Opt("qidui"), F.seven_pairs, en="seven pairs"),
        Fan("本绘龙", 3, benhui, en="straight with 混 at their own face"),
        Fan("一条龙", 2, F.straight & ~benhui, en="straight"),
        Fan("捉五魁", 1, F.zhuowu, en="5m in 4m-6m"),
        Fan("双绘捉五", Opt("shuanghui_zhuowu"), F.zhuowu_both_jokers),
        Fan("混吊", Opt("hundiao"), F.win_pair_joker, en="single wait on a 混"),
        Fan("双混吊", Opt("shuanghundiao"), F.win_pair_joker_joker),
        Fan("无绘", 1, no_hui, en="no 混"),
    )
    wins = [Win(F.n_chi == 0, "chi is not allowed"), Win(~F.robbing_kong, "no win by robbing a kong"),
            Win(F.joker_melded == 0, "a 混 kind cannot be ponged (only an 暗杠 of four 混)")]
    if o.self_draw_only:
        wins.append(Win(F.self_drawn, "self-drawn wins only"))
    return Table("tianjin", "番", rows, groups=(Group("base", "sum"),), wins=tuple(wins))


def _jokers(o, indicator, given):
    if given is not None:
        if len(given) != 2:
            raise ValueError("tianjin: the 混 are two kinds (the flipped tile and its successor)")
        return tuple(given)
    if indicator is None:
        raise ValueError("tianjin: the 混 needs the flipped tile: indicator=... (or joker_tiles=[...])")
    return wildcards.joker_kinds("tianjin", indicator)


TIANJIN = TableRules.register(RuleSpec(
    "tianjin",
    defaults=dict(indicator=None, self_draw_only=True, qidui=None, allow_quad=True, allow_fifth_copy=True,
                  hundiao=None, shuanghundiao=None, shuanghui_zhuowu=None, benhuilong="face_joker",
                  wuhui="no_substitute", chan_reading="b", base_points=None, fan_points=None),
    choices=dict(benhuilong=("face_joker", "no_substitute"), wuhui=("no_substitute", "none_held"),
                 chan_reading=("b", "a"), fan_points=(None, "pow2", "linear")),
    numbers=("qidui", "hundiao", "shuanghundiao", "shuanghui_zhuowu", "base_points"),
    table=_table, kinds=lambda o: tuple(range(34)), jokers=_jokers, every_win_slot=True, baopai=True,
    discard_wins=lambda o: not o.self_draw_only, settle=settle_tianjin,
))
