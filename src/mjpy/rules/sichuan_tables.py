"""Sichuan's three fan tables (``sichuan_fan``, ``sichuan_points``, ``chengdu_simple``) as rule-engine data.

>>> from mjpy.rules.sichuan import SichuanOptions
>>> t = table(SichuanOptions.preset("sichuan_fan"))
>>> [r.name for r in t.rows][:4], t.unit          # the base rows, highest first
(['清龙七对', '地胡', '天胡', '清幺九'], '番')

The rules and their options: docs/rules.md#sichuan-fan, #sichuan-points, #chengdu, the conflicts
#c01, #c03, #c07, #c09 and the ``sichuan.*`` flags (docs/rules.md#sichuan-options). The base rows form
one ``max`` group (only the largest 基本番 counts; ``chengdu_simple`` adds them all); 根, 杠 and the
situational rows add to it. 龙七对 and 清龙七对 take one 根 (``less=1`` on the 根 row of a
seven-pairs reading with a four of a kind). 缺一门 and the 定缺 suit are win conditions.
"""
from __future__ import annotations

from .engine.table import F, Fan, Group, Table, Win

__all__ = ["table", "unit", "WINS", "detail"]

#: no chi; 缺一门 (docs/rules.md#sichuan): a win lacks one suit; a hand holding its 定缺 suit cannot win
WINS = (
    Win(F.n_chi == 0, "Sichuan has no chi (不可以吃); only pon and kongs"),
    Win(F.dingque_held == 0, "holds its 定缺 suit (a hand holding its missing suit cannot win)"),
    Win(F.n_suits <= 2, "holds all three suits (缺一门: a Sichuan win must lack one suit)"),
)


#: 天胡 / 地胡 outrank 龙七对 and 清龙七对 with the full 根 (6 + 根 against 6 + 根 - 1): with them the
#: 龙七对 rows do not count and no 根 is taken
_NO_TIANDI = ~F.tianhu & ~F.dihu


def _gen_rows(o, profile: str, name: str = "根"):
    """根: four of a kind held (not declared as a kong), a 碰 plus its fourth tile held (option,
    docs/rules.md#c07), each declared kong (option, #c07). In ``sichuan_fan`` 龙七对 takes one (SC-A)."""
    long_qidui = F.seven_pairs & (F.n_quads_held >= 1) & _NO_TIANDI
    if profile == "sichuan_fan":
        rows = [Fan(name, 1, ~long_qidui, per="n_quads_held", group="extra", en="gen"),
                Fan(name, 1, long_qidui, per="n_quads_held", less=1, group="extra", en="gen")]
    else:
        rows = [Fan(name, 1, per="n_quads_held", group="extra", en="gen")]
    if o.gen_counts_pon_plus_held:
        rows.append(Fan(name, 1, per="n_pon_fourth_held", group="extra", en="gen"))
    if o.kong_counts_as_gen:
        rows.append(Fan(name, 1, per="n_kongs", group="extra", en="gen"))
    return rows


def _yaojiu(o):
    """带幺九 (docs/rules.md#c03): every set holds a 1 or 9; with the option the pair too."""
    e = F.all_sets_terminal
    return e & F.pair_terminal if o.daiyaojiu_pair_must_contain_terminal else e


def _fan_rows(o):
    std, seven, qing, allpung = F.standard, F.seven_pairs, F.one_suit, F.all_pungs
    quads = F.n_quads_held >= 1
    yaojiu = _yaojiu(o)
    return [
        Fan("平胡", 1, std, en="pinghu"),
        Fan("对对胡", 2, allpung, en="duiduihu"),
        Fan("清一色", 3, qing, en="qingyise"),
        Fan("带幺九", 3, yaojiu, en="daiyaojiu"),
        Fan("七对", 3, seven & ~quads, en="qidui"),
        Fan("清对", 4, qing & allpung, en="qingdui"),
        Fan("将对", 4, allpung & F.all_258, en="jiangdui"),
        Fan("龙七对", 5, seven & quads & _NO_TIANDI, en="longqidui"),
        Fan("清七对", 5, qing & seven & ~quads, en="qingqidui"),
        Fan("清幺九", 5, qing & yaojiu, en="qingyaojiu"),
        Fan("天胡", 6, F.tianhu, en="tianhu"),
        Fan("地胡", 6, F.dihu, en="dihu"),
        Fan("清龙七对", 6, qing & seven & quads & _NO_TIANDI, en="qinglongqidui"),
        *_gen_rows(o, "sichuan_fan"),
        Fan("杠上花", 1, F.after_kong & F.self_drawn, group="extra", en="gangshanghua"),
        Fan("杠上炮", 1, F.kong_discard, group="extra", en="gangshangpao"),
    ]


def _points_rows(o):
    std, seven, qing, allpung = F.standard, F.seven_pairs, F.one_suit, F.all_pungs
    rows = [
        Fan("平胡", 1, std, en="pinghu"),
        Fan("对对胡", 2, allpung, en="duiduihu"),
    ]
    if o.qianggang_mode == "row":
        rows.append(Fan("抢杠胡", 2, F.robbing_kong, en="qiangganghu"))
    rows += [
        Fan("清一色", 3, qing, en="qingyise"),
        Fan("幺九牌", 3, _yaojiu(o), en="daiyaojiu"),
        Fan("七对", 3, seven, en="qidui"),
        Fan("清对", 4, qing & allpung, en="qingdui"),
        Fan("将对", 4, allpung & F.all_258, en="jiangdui"),
        Fan("天胡", 8, F.tianhu, en="tianhu"),
        Fan("地胡", 8, F.dihu, en="dihu"),
    ]
    if o.qing_qidui_8:
        rows.append(Fan("清七对", 8, qing & seven, en="qingqidui"))
    rows += [*_gen_rows(o, "sichuan_points"), Fan("杠", 1, per="n_kongs", group="extra", en="kong")]
    rows.append(Fan("杠上花", 2, F.after_kong & F.self_drawn, group="extra", en="gangshanghua"))
    if o.qianggang_mode == "bonus":
        rows.append(Fan("抢杠", 1, F.robbing_kong, group="extra", en="qianggang"))
    return rows


def _chengdu_rows(o):
    return [
        Fan("對對和", 1, F.all_pungs, en="duiduihu"),
        Fan("七對", 2, F.seven_pairs, en="qidui"),
        Fan("清一色", 2, F.one_suit, en="qingyise"),
        *_gen_rows(o, "chengdu_simple", "四歸一"),
        Fan("槓", 1, per="n_kongs", group="extra", en="kong"),
        Fan("槓上開花", 1, F.after_kong & F.self_drawn, group="extra", en="gangshanghua"),
    ]


_SHAPES = {
    "sichuan_fan": ("番", _fan_rows, "max"),
    "sichuan_points": ("分", _points_rows, "max"),
    "chengdu_simple": ("番", _chengdu_rows, "sum"),
}


def unit(profile: str) -> str:
    """The unit of a profile's totals: 番 or 分."""
    return _SHAPES[profile][0]


def table(o, profile: str = "") -> Table:
    """The fan table of ``profile`` (default ``o.profile``) under the options ``o`` (a
    :class:`~mjpy.rules.sichuan.SichuanOptions` or the rule set's options mapping)."""
    profile = profile or o.profile
    unit, make, mode = _SHAPES[profile]
    rows = make(o)
    if mode == "max":       # of base rows with one value the later row of the table counts (the max group keeps the first)
        rows = [r for r in rows if r.group == "base"][::-1] + [r for r in rows if r.group != "base"]
    base = Group("base", mode, default=("P和", 0) if profile == "chengdu_simple" else None)   # CD-F: a win without a fan
    return Table(profile, unit, tuple(rows), groups=(base, Group("extra", "sum")), cap=o.max_fan, wins=WINS)


_GEN_NAMES = ("根", "四歸一")


def _base_names() -> frozenset:
    """The names of the base rows of every profile under every option."""
    from types import SimpleNamespace

    names = {"P和"}
    for qianggang in ("row", "bonus"):
        o = SimpleNamespace(gen_counts_pon_plus_held=True, kong_counts_as_gen=True, qing_qidui_8=True,
                            daiyaojiu_pair_must_contain_terminal=True, qianggang_mode=qianggang)
        for _, make, _ in _SHAPES.values():
            names |= {r.name for r in make(o) if r.group == "base"}
    return frozenset(names)


_BASE_NAMES = _base_names()


def detail(o, total, fans, d) -> dict:
    """What :class:`~mjpy.rules.sichuan.ScoreResult` adds to a total: the base row and its value, 根
    counted, declared kongs, ``multiplier`` (2^(番-1) in ``sichuan_fan``, 2^番 in ``chengdu_simple``
    with ``combination="doubling"``, else ``None``), ``points`` (基本分 x multiplier, or the total),
    ``capped`` and ``uncapped_total`` (docs/rules.md#sichuan-fan)."""
    base = [(n, v) for n, v in fans if n not in _GEN_NAMES and n in _BASE_NAMES]
    top = max(base, key=lambda x: x[1]) if base else (None, 0)
    uncapped = d["groups"]["base"] + d["groups"]["extra"]
    if o.profile == "sichuan_fan":
        mult = 2 ** (total - 1)
    elif o.profile == "chengdu_simple" and o.combination == "doubling":
        mult = 2 ** total
    else:
        mult = None
    return {"base": top[0], "base_fan": top[1], "gen": sum(1 for n, _ in fans if n in _GEN_NAMES),
            "multiplier": mult, "points": o.base_points * mult if mult is not None else total,
            "capped": uncapped != total, "uncapped_total": uncapped}
