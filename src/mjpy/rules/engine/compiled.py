"""Compile a fan table (:class:`~mjpy.rules.engine.table.Table`) for the compiled engine
(:mod:`mjcore.engine`): expressions become clauses of fact ranges, rows and groups flat arrays.

>>> from mjpy.rules.engine.table import F
>>> dnf((F.self_drawn & ~F.robbing_kong).node)
[[('robbing_kong', -1073741824, 0), ('self_drawn', 1, 1073741824)]]

An expression is turned into disjunctive normal form: a list of clauses, each a list of atoms
``(fact, lo, hi)`` that must all hold (the fact's value within ``[lo, hi]``). Negation moves
inward (De Morgan), a negated range becomes the ranges outside it, and atoms on one fact in a
clause are intersected.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Dict, List, Mapping, Tuple

from mjcore import engine as _engine

from .facts import FACTS
from .table import BIG, Opt, Table

__all__ = ["dnf", "compile_table", "Compiled", "HAND_LEVEL"]

FACT_INDEX: Dict[str, int] = {n: i for i, n in enumerate(_engine.FACT_NAMES)}
NF = len(_engine.FACT_NAMES)
#: facts known before any reading (the situation, the melds): win conditions on these alone are
#: checked first, so that such a refusal names the condition even for an incomplete hand
HAND_LEVEL = frozenset(_engine.FLAG_NAMES) | {"n_chi", "n_open_melds", "joker_melded", "context_count"}
_MODES = {"sum": 0, "max": 1, "product": 2}
_ROLES = {"add": 0, "special": 1, "factor": 2}

Atom = Tuple[str, int, int]


def _simplify(clause: List[Atom]):
    ranges: Dict[str, Tuple[int, int]] = {}
    for k, lo, hi in clause:
        a, b = ranges.get(k, (-BIG, BIG))
        ranges[k] = (max(a, lo), min(b, hi))
    if any(lo > hi for lo, hi in ranges.values()):
        return None
    return sorted((k, lo, hi) for k, (lo, hi) in ranges.items() if (lo, hi) != (-BIG, BIG))


def dnf(node: tuple, neg: bool = False) -> List[List[Atom]]:
    """Clauses (or-ed) of atoms (and-ed) equivalent to ``node`` (negated with ``neg``)."""
    op = node[0]
    if op == "true":
        out = [] if neg else [[]]
    elif op == "atom":
        _, k, lo, hi = node
        if not neg:
            out = [[(k, lo, hi)]]
        else:
            out = ([[(k, -BIG, lo - 1)]] if lo > -BIG else []) + ([[(k, hi + 1, BIG)]] if hi < BIG else [])
    elif op == "not":
        out = dnf(node[1], not neg)
    elif (op == "and") != neg:                  # and, or a negated or
        a, b = dnf(node[1], neg), dnf(node[2], neg)
        out = [x + y for x in a for y in b]
    else:                                       # or, or a negated and
        out = dnf(node[1], neg) + dnf(node[2], neg)
    res = []
    for c in out:
        s = _simplify(c)
        if s is not None and s not in res:
            res.append(s)
    return res


#: the facts of the winning tile's place in a reading
WIN_PLACE_FACTS = frozenset(("win_in_pair", "win_pair_joker", "win_pair_joker_joker", "zhuowu", "zhuowu_both_jokers",
                             "win_middle", "win_rank", "win_joker"))


class Compiled:
    """A table compiled for one rule set's options: the :class:`mjcore.engine.Program` and what
    turns its answers back into names (rows in group order, their exact values, the options)."""

    def __init__(self, table: Table, options: Mapping, shape: Mapping):
        groups = {g.name: i for i, g in enumerate(table.groups)}
        index = dict(FACT_INDEX)
        index.update({"group:" + g: NF + i for g, i in groups.items()})
        atoms: List[Tuple[int, int, int]] = []
        clauses: List[Tuple[int, int]] = []
        exprs: List[Tuple[int, int]] = []

        def expr(e) -> int:
            c0 = len(clauses)
            for clause in dnf(e.node):
                a0 = len(atoms)
                atoms.extend((index[k], max(lo, -BIG), min(hi, BIG)) for k, lo, hi in clause)
                clauses.append((a0, len(atoms)))
            exprs.append((c0, len(clauses)))
            return len(exprs) - 1

        order = sorted(range(len(table.rows)), key=lambda i: (groups[table.rows[i].group], i))
        self.rows = [table.rows[i] for i in order]
        self.values: List = []
        unset: List[bool] = []                  # the row's value is an option not given
        option_names: List[str] = []
        rows = []
        for r in self.rows:
            v = r.value
            miss = -1
            if isinstance(v, Opt):
                v = options.get(v.name)
                if v is None:
                    if r.value.name not in option_names:
                        option_names.append(r.value.name)
                    miss = option_names.index(r.value.name)
                    v = 0
            self.values.append(v)
            unset.append(miss >= 0)
            rows.append((expr(r.when), -1 if r.per is None else FACT_INDEX[r.per], miss, float(v), r.less))
        grps = [(_MODES[g.mode], _ROLES[g.role], g.default is not None,
                 float(g.default[1]) if g.default is not None else 0.0) for g in table.groups]
        wins = [(expr(w.when), all(n in HAND_LEVEL for n in w.when.names)) for w in table.wins]
        floor = None if table.floor is None else (float(table.floor[0]), expr(table.floor[1]))
        kinds = 0
        for k in shape["kinds"]:
            kinds |= 1 << k
        read = {n for r in self.rows for n in r.when.names} | {r.per for r in self.rows if r.per}
        read |= {n for w in table.wins for n in w.when.names}
        if table.floor is not None:
            read |= set(table.floor[1].names)
        #: the table reads where the winning tile sits (else any held tile may stand for it)
        self.reads_win = bool(read & WIN_PLACE_FACTS)
        #: no reading scores more on a discard than self-drawn (:func:`self_drawn_dominates`)
        self.self_drawn_dominates = self_drawn_dominates(table, self.rows, self.values, unset)
        self.table = table
        self.groups = table.groups
        self.row_group = [groups[r.group] for r in self.rows]
        self.option_names = tuple(option_names)
        self._items = [(r.name, _num(v)) for r, v in zip(self.rows, self.values)]
        self._defaults = [None if g.default is None else (g.default[0], _num(g.default[1])) for g in table.groups]
        self._add = [i for i, g in enumerate(table.groups) if g.role == "add"]
        self._factor = [i for i, g in enumerate(table.groups) if g.role == "factor"]
        self.program = _engine.Program(
            atoms, clauses, exprs, rows, grps, wins, None if table.cap is None else float(table.cap), floor,
            dict(shape, kinds=kinds), ([r.name for r in self.rows], self.row_group),
            [g.name for g in table.groups], [w.reason for w in table.wins], option_names)
        self.program.set_results(self._items, self._defaults, self._add, self._factor, exact)


def _rises_with(node: tuple, fact: str) -> bool:
    """Whether the expression ``node`` can only turn true, never false, when the 0 / 1 fact ``fact`` turns
    from 0 to 1: each clause of its normal form holding at 0 holds at 1."""
    for clause in dnf(node):
        for k, lo, hi in clause:
            if k == fact and lo <= 0 <= hi and not lo <= 1 <= hi:
                return False
    return True


def self_drawn_dominates(table: Table, rows, values, unset) -> bool:
    """Whether every reading scores at least as much self-drawn as on a discard (the situations otherwise
    alike), so that a waiting hand's best win is always the self-drawn one (``waits`` then scores that
    situation alone). Sufficient conditions: every row, win condition and floor rises with ``self_drawn``;
    the rows that read it have values given (``unset``: not), at least their group's default, 1 or more in a product group
    and 0 or more elsewhere; every value and default is 0 or more (products stay rising); no row reads
    the count of a group holding such a row; nothing reads ``n_concealed_pungs`` (a pung the winning tile
    completes on a discard is not concealed).

    >>> from mjpy.rules.engine.table import F, Fan, Table
    >>> t = Table("t", "番", (Fan("自摸", 1, F.self_drawn), Fan("门清", 1, ~F.self_drawn & (F.n_open_melds == 0))))
    >>> self_drawn_dominates(t, t.rows, [1, 1], [False, False])
    False
    >>> self_drawn_dominates(t, t.rows[:1], [1], [False])
    True
    """
    exprs = [r.when for r in rows] + [w.when for w in table.wins] + ([table.floor[1]] if table.floor else [])
    if any("n_concealed_pungs" in e.names for e in exprs) or any(r.per == "n_concealed_pungs" for r in rows):
        return False
    if not all(_rises_with(e.node, "self_drawn") for e in exprs):
        return False
    groups = {g.name: g for g in table.groups}
    rising = set()
    for r, v, miss in zip(rows, values, unset):
        g = groups[r.group]
        if v < 0 or (g.default is not None and g.default[1] < 0) or r.per == "self_drawn":
            return False
        if "self_drawn" not in r.when.names:
            continue
        if miss:                                # (a reading where it holds is refused)
            return False
        if (g.mode == "product" and v < 1) or (g.default is not None and v < g.default[1]):
            return False
        rising.add(g.name)
    return not any(("group:" + g) in e.names for e in exprs for g in rising)


def _num(x):
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else x
    if isinstance(x, float):
        return exact(x)
    return x


def exact(x: float):
    """A double from the engine as an int or an exact Fraction (table values are short binary fractions)."""
    i = int(x)
    if x == i:
        return i
    return Fraction(x).limit_denominator(1 << 20)


def compile_table(table: Table, options: Mapping, shape: Mapping) -> Compiled:
    """Compile ``table`` with ``options`` (for :class:`~mjpy.rules.engine.table.Opt` values) and
    the reading ``shape`` (kinds, seven_pairs, quad_limit, thirteen_orphans, fifth,
    every_win_slot, any_honors)."""
    return Compiled(table, options, shape)


assert tuple(FACTS) == _engine.FACT_NAMES, "mjcore.engine.FACT_NAMES and engine.facts.FACTS differ"
