"""Hangzhou 杭州麻将 (财神: jokers the table chooses; 七对 family, 暴头, 财飘) as a table on the engine.

>>> from mjpy import rules
>>> hz = rules.get("hangzhou", caishen=["7z"])                 # which tile is 财神: the table's choice
>>> r = hz.score("123m456p789s11122z", win_tile="2z")
>>> r.fans, r.total
([('平胡', 1)], 1)
>>> r = hz.score("123m456p5789s1117z", win_tile="5s", self_drawn=True)   # 5s pairs with the 财神
>>> r.total, r.detail["factors"]
(2, [('暴头', 2)])
>>> hz.score("123m456p5789s1117z", win_tile="5s", self_drawn=True, context={"caipiao": 2}).total
8

``total`` is the product of the multipliers (a plain win 1): the sources give no base score
(当局应得分数), so the caller multiplies it. Rules and choices: docs/rules.md#hangzhou. 杠开 is named by
the sources without a value: option ``gangkai`` (``None``: a win after a kong is refused naming it).
"""
from __future__ import annotations

import numpy as np

from .engine.scoring import RuleSpec, TableRules, caller_jokers, waiting_hand
from .engine.table import F, Fan, Group, Opt, Table, Win

__all__ = ["HANGZHOU", "baotou_ready"]


def _table(o) -> Table:
    baotou = F.standard & F.self_drawn & (F.win_pair_joker | F.win_pair_joker_joker)
    seven = F.seven_pairs
    rows = (
        Fan("七对", 2, seven & (F.n_quads_held == 0), en="seven pairs"),
        Fan("豪华七对", 4, seven & (F.n_quads_held == 1), en="seven pairs with four of a kind"),
        Fan("两豪华七对", 8, seven & (F.n_quads_held == 2), en="seven pairs with two fours of a kind"),
        Fan("三豪华七对", 16, seven & (F.n_quads_held >= 3), en="seven pairs with three fours of a kind"),
        Fan("暴头", 2, baotou, group="factor", en="self-drawn on a 财神 single wait"),
        Fan("财飘", 2, baotou & (F.context_count >= 1), group="factor", en="暴头 after discarding a 财神"),
        Fan("连续财飘", 2, baotou & (F.context_count >= 2), group="factor", en="财飘 twice in a row"),
        Fan("杠开", Opt("gangkai"), F.after_kong, group="factor", en="win on a kong replacement"),
    )
    wins = () if o.caishen_melds else (Win(F.joker_melded == 0, "a 财神 cannot be melded (caishen_melds=False)"),)
    return Table("hangzhou", "倍", rows, groups=(Group("base", "max", default=("平胡", 1)),
                                                  Group("factor", "product", "factor")), wins=wins)


HANGZHOU = TableRules.register(RuleSpec(
    "hangzhou",
    defaults=dict(caishen=None, allow_quad=True, allow_fifth_copy=True, gangkai=None, caishen_melds=False),
    numbers=("gangkai",),
    table=_table, kinds=lambda o: tuple(range(34)), jokers=caller_jokers("hangzhou", "财神"), every_win_slot=True,
    context=("caipiao", 2),
))


def baotou_ready(hand13, melds=(), *, joker_tiles) -> bool:
    """Whether a waiting hand is one 财神 plus complete sets (暴头 on any self-drawn tile): the 13
    tiles less one 财神 split into ``4 - len(melds)`` sets, the other 财神 standing for anything.

    >>> baotou_ready("123m456p789s1117z", joker_tiles=["7z"])
    True
    >>> baotou_ready("123m456p789s1127z", joker_tiles=["7z"])
    False
    """
    from mjcore.analysis import is_win

    rs, counts, ms, jk = waiting_hand("hangzhou", "caishen", "财神", hand13, melds, joker_tiles, "baotou_ready")
    held = [j for j in jk if counts[j]]
    if not held:
        return False
    c = counts.copy()
    c[held[0]] -= 1                              # the 财神 that waits as the pair
    n_jokers = int(sum(int(c[j]) for j in jk))
    free = [x for x in range(27, 34) if c[x] == 0 and x not in jk]
    if free:
        # with a pair of an honor nobody holds added, the hand is complete exactly when the 12 tiles
        # are sets: that pair is the pair, or a 财神 joins it as a pung and another set gives one back
        c[free[0]] += 2
        return bool(is_win(c, melds=len(ms), forms=("standard",), joker_tiles=list(jk),
                           allow_fifth_copy=rs.options.allow_fifth_copy))
    for j in jk:
        c[j] = 0
    return _sets(c, n_jokers, 4 - len(ms))


def _sets(c: np.ndarray, jokers: int, n_sets: int) -> bool:
    """Whether the counts ``c`` and ``jokers`` jokers make ``n_sets`` sets: the lowest tile's group
    (a pung of 1-3 copies, or a chow holding it) with jokers in its missing places, then the rest."""
    nz = np.flatnonzero(c)
    if len(nz) == 0:
        return jokers == 3 * n_sets
    if n_sets == 0:
        return False
    t = int(nz[0])
    for k in range(min(int(c[t]), 3), 0, -1):
        if jokers >= 3 - k:
            c[t] -= k
            ok = _sets(c, jokers - (3 - k), n_sets - 1)
            c[t] += k
            if ok:
                return True
    if t >= 27:
        return False
    base = t - t % 9
    for s0 in (t - 2, t - 1, t):
        if s0 < base or s0 + 2 > base + 8:
            continue
        taken = [x for x in range(s0, s0 + 3) if x >= t and c[x]]
        need = 3 - len(taken)
        if need > jokers:
            continue
        for x in taken:
            c[x] -= 1
        ok = _sets(c, jokers - need, n_sets - 1)
        for x in taken:
            c[x] += 1
        if ok:
            return True
    return False
