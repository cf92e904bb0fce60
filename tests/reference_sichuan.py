"""A plain, slow Sichuan scorer for the tests: the three fan tables of docs/rules.md#sichuan-fan,
#sichuan-points and #chengdu written out as rows of (name, value, what the hand needs), the hand's
facts computed by counting, and the shapes by tests/reference.py. It shares no code with mjpy's
scoring (the rule engine and its tables in src/mjpy/rules/sichuan_tables.py): the tests score hands
both ways.

A row is ``(name, value, requires, forbids, gen_minus)`` (a base row: it holds when every fact of
``requires`` is true and none of ``forbids``; the largest counts in the ``max`` profiles, all add in
``chengdu_simple``) or ``(name, value, count)`` (an extra row: ``value`` times the fact ``count``).
"""
from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Sequence

import numpy as np

from reference import ref_is_complete

TERMINALS = (0, 8, 9, 17, 18, 26)


def _fan_rows(o) -> tuple:
    base = [
        ("平胡", 1, ("std",), (), 0),
        ("对对胡", 2, ("allpung",), (), 0),
        ("清一色", 3, ("qing",), (), 0),
        ("带幺九", 3, ("yaojiu",), (), 0),
        ("七对", 3, ("seven",), ("quads",), 0),
        ("清对", 4, ("qing", "allpung"), (), 0),
        ("将对", 4, ("allpung", "jiang"), (), 0),
        ("龙七对", 5, ("seven", "quads"), (), 1),
        ("清七对", 5, ("qing", "seven"), ("quads",), 0),
        ("清幺九", 5, ("qing", "yaojiu"), (), 0),
        ("天胡", 6, ("tianhu",), (), 0),
        ("地胡", 6, ("dihu",), (), 0),
        ("清龙七对", 6, ("qing", "seven", "quads"), (), 1),
    ]
    extra = [("根", 1, "gen"), ("杠上花", 1, "gangshanghua"), ("杠上炮", 1, "gangshangpao")]
    return base, extra


def _points_rows(o) -> tuple:
    base = [("平胡", 1, ("std",), (), 0), ("对对胡", 2, ("allpung",), (), 0)]
    if o.qianggang_mode == "row":
        base.append(("抢杠胡", 2, ("qianggang",), (), 0))
    base += [
        ("清一色", 3, ("qing",), (), 0),
        ("幺九牌", 3, ("yaojiu",), (), 0),
        ("七对", 3, ("seven",), (), 0),
        ("清对", 4, ("qing", "allpung"), (), 0),
        ("将对", 4, ("allpung", "jiang"), (), 0),
        ("天胡", 8, ("tianhu",), (), 0),
        ("地胡", 8, ("dihu",), (), 0),
    ]
    if o.qing_qidui_8:
        base.append(("清七对", 8, ("qing", "seven"), (), 0))
    extra = [("根", 1, "gen"), ("杠", 1, "kongs"), ("杠上花", 2, "gangshanghua")]
    if o.qianggang_mode == "bonus":
        extra.append(("抢杠", 1, "qianggang"))
    return base, extra


def _chengdu_rows(o) -> tuple:
    base = [("對對和", 1, ("allpung",), (), 0), ("七對", 2, ("seven",), (), 0), ("清一色", 2, ("qing",), (), 0)]
    extra = [("四歸一", 1, "gen"), ("槓", 1, "kongs"), ("槓上開花", 1, "gangshanghua")]
    return base, extra


TABLES = {"sichuan_fan": _fan_rows, "sichuan_points": _points_rows, "chengdu_simple": _chengdu_rows}


class Answer(NamedTuple):
    is_win: bool
    total: int
    fans: List[tuple]
    form: Optional[str]
    reason: str


def _sets_only_terminal(c: List[int]) -> bool:
    """The suited counts split into 123 / 789 / 111 / 999 sets only."""
    for b in (0, 9, 18):
        if c[b + 3] or c[b + 4] or c[b + 5] or c[b + 1] != c[b + 2] or c[b + 6] != c[b + 7]:
            return False
        r1, r9 = c[b] - c[b + 1], c[b + 8] - c[b + 7]
        if r1 < 0 or r9 < 0 or r1 % 3 or r9 % 3:
            return False
    return True


def _yaojiu(c: List[int], pons, kongs, pair_terminal: bool) -> bool:
    if any(t not in TERMINALS for t in list(pons) + list(kongs)):
        return False
    for p in (TERMINALS if pair_terminal else range(27)):
        if c[p] >= 2:
            c[p] -= 2
            ok = _sets_only_terminal(c)
            c[p] += 2
            if ok:
                return True
    return False


def facts(c: List[int], pons, kongs, std: bool, o, **flags) -> Dict[str, int]:
    """The facts of a complete hand (27 suited counts, the winning tile included)."""
    seven = not pons and not kongs and all(x % 2 == 0 for x in c)
    quads = sum(1 for x in c if x >= 4)
    gen = quads + sum(1 for t in pons if o.gen_counts_pon_plus_held and c[t] >= 1)
    if o.kong_counts_as_gen:
        gen += len(kongs)
    held = [t for t in range(27) if c[t]] + list(pons) + list(kongs)
    suits = {t // 9 for t in held}
    return dict(std=int(std), seven=int(seven), quads=quads,
                allpung=int(all(x % 3 != 1 for x in c) and sum(1 for x in c if x % 3 == 2) == 1),
                yaojiu=int(std and _yaojiu(list(c), pons, kongs, o.daiyaojiu_pair_must_contain_terminal)),
                qing=int(len(suits) == 1), jiang=int(all(t % 9 in (1, 4, 7) for t in held)), gen=gen,
                kongs=len(kongs), **{k: int(v) for k, v in flags.items()})


def evaluate(f: Dict[str, int], o) -> tuple:
    """(total before the cap, fans, tie key) of the facts ``f`` under the options ``o``. The tie key
    orders readings of equal totals: the larger base row, then the base row later in the table
    (``max`` profiles); the first row counted earlier in the table (``chengdu_simple``)."""
    base, extra = TABLES[o.profile](o)
    hits = [(i, r) for i, r in enumerate(base) if all(f[k] for k in r[2]) and not any(f[k] for k in r[3])]
    gen_row = extra[0]
    extras = [(name, v, f[k]) for name, v, k in extra[1:] if f[k]]
    if o.profile == "chengdu_simple":
        shown = [(r[0], r[1]) for _, r in hits if r[1]] or [("P和", 0)]
        gen = f["gen"]
        first = min([i for i, r in hits if r[1]], default=len(base))
        key = (-first,)
    else:
        # the largest base row with its 根 (ties: the larger row, then the later row of the table)
        best = max(((v + max(f["gen"] - gm, 0) * gen_row[1], v, i), (n, v), max(f["gen"] - gm, 0))
                   for i, (n, v, _, _, gm) in hits)
        shown, gen = [best[1]], best[2]
        key = best[0][1:]
    fans = shown + [(gen_row[0], gen_row[1])] * gen
    for name, v, n in extras:
        fans += [(name, v)] * n
    return sum(v for _, v in fans), fans, key


def score(counts: Sequence[int], pons=(), kongs=(), *, o, dingque: Optional[int] = None, self_drawn=False,
          after_kong=False, kong_discard=False, robbing_kong=False, tianhu=False, dihu=False) -> Answer:
    """Score a Sichuan hand: 34 counts (no honors) with the winning tile, the pon and kong tiles."""
    c = [int(x) for x in counts[:27]]
    held = [t for t in range(27) if c[t]] + list(pons) + list(kongs)
    suits = {t // 9 for t in held}
    if dingque is not None and dingque in suits:
        return Answer(False, 0, [], None, "dingque")
    if len(suits) == 3:
        return Answer(False, 0, [], None, "three suits")
    arr = np.zeros(34, np.uint8)
    arr[:27] = c
    k = len(pons) + len(kongs)
    std = ref_is_complete(arr, k, forms=("standard",), allow_five=True)
    seven = k == 0 and ref_is_complete(arr, 0, forms=("seven_pairs",), quads_as_two_pairs=True, allow_five=True)
    if not (std or seven):
        return Answer(False, 0, [], None, "incomplete")
    flags = dict(self_drawn=self_drawn, gangshanghua=after_kong and self_drawn, gangshangpao=kong_discard,
                 qianggang=robbing_kong, tianhu=tianhu, dihu=dihu)
    best = None
    for form, s in (("standard", std), ("seven_pairs", seven)):   # the reading that scores best
        if not s:
            continue
        f = facts(c, pons, kongs, form == "standard", o, **flags)
        f["seven"] = int(form == "seven_pairs")
        if form == "seven_pairs":
            f["allpung"] = f["yaojiu"] = 0
        total, fans, key = evaluate(f, o)
        capped = total if o.max_fan is None else min(total, o.max_fan)
        if best is None or (capped, total, key) > best[0]:
            best = ((capped, total, key), fans, form)
    (_, total, _), fans, form = best
    if o.max_fan is not None:
        total = min(total, o.max_fan)
    return Answer(True, total, fans, form, "")
