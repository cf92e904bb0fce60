"""Fan tables as data: expressions over facts, rows, groups, stacking, caps and win conditions.

>>> from mjpy.rules.engine.table import F, Fan, Group, Table, evaluate
>>> t = Table("demo", "番", groups=(Group("base", "sum"),),
...           rows=(Fan("碰碰和", 2, F.all_pungs), Fan("混一色", 2, F.half_flush)))
>>> v = evaluate(t, dict(all_pungs=1, half_flush=1), {})
>>> v.total, v.fans
(4, [('碰碰和', 2), ('混一色', 2)])

A :class:`Fan` holds when its expression (``when``) is true of a reading's facts; ``per`` names a
count fact and repeats the row that many times. A value is a number or :class:`Opt` (the value of
an option the regional sources leave open: a row that holds while the option is ``None`` makes the
hand *missing* that value, and the hand is refused naming the option).

Rows belong to :class:`Group` s, evaluated in order. A group combines its rows by ``sum``, ``max``
(the largest row) or ``product``, with a ``default`` row when none holds, and plays a ``role``:

* ``add``: its value is added to the main total (the main total is then capped by ``cap``);
* ``special``: patterns beyond the cap that do not stack: when the best of them is at least the
  capped main total, it alone is the total and the other groups' rows are dropped (爆和);
* ``factor``: multiplies the total (after cap and floor).

Later rows may read an earlier group through ``G.name`` (the number of its rows that held).
``floor=(value, expr)`` raises the total to ``value`` when ``expr`` holds; ``points`` names the
transform of the total into points (``"pow2"``: 2**total).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, Union

from .facts import FACTS

__all__ = ["F", "G", "BIG", "Expr", "Opt", "Fan", "Group", "Win", "Table", "Value", "evaluate"]


# ------------------------------------------------------------------------------------ expressions
#: bounds of a fact's value in an atom (facts are ints >= 0)
BIG = 1 << 30


class Expr:
    """A boolean expression over facts: ``F.one_suit & ~F.has_honors``, ``F.n_dragon_pungs >= 2``.

    ``fn`` evaluates it on a facts mapping (the Python engine); ``node`` is its tree for the
    compiled engine: ``("true",)``, ``("atom", key, lo, hi)`` (the fact ``key`` lies in
    ``[lo, hi]``), ``("and", a, b)``, ``("or", a, b)``, ``("not", a)``.
    """

    __slots__ = ("fn", "text", "names", "node")

    def __init__(self, fn: Callable[[Mapping], Any], text: str, names: frozenset, node: tuple):
        self.fn, self.text, self.names, self.node = fn, text, names, node

    def __call__(self, facts: Mapping) -> bool:
        return bool(self.fn(facts))

    def __and__(self, other: "Expr") -> "Expr":
        a, b = self.fn, other.fn
        return Expr(lambda f: a(f) and b(f), f"({self.text} & {other.text})", self.names | other.names,
                    ("and", self.node, other.node))

    def __or__(self, other: "Expr") -> "Expr":
        a, b = self.fn, other.fn
        return Expr(lambda f: a(f) or b(f), f"({self.text} | {other.text})", self.names | other.names,
                    ("or", self.node, other.node))

    def __invert__(self) -> "Expr":
        a = self.fn
        return Expr(lambda f: not a(f), f"~{self.text}", self.names, ("not", self.node))

    def __repr__(self) -> str:
        return self.text


class _Ref(Expr):
    """A fact (or group) read as a number; comparisons make expressions."""

    __slots__ = ()

    def _cmp(self, op: str, v, fn, lo, hi) -> Expr:
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{self.text} {op} {v!r}: facts compare with ints")
        key = next(iter(self.names))
        get = self.fn
        node = ("atom", key, lo, hi)
        if op == "!=":
            node = ("not", ("atom", key, v, v))
        return Expr(lambda f: fn(get(f), v), f"{self.text} {op} {v!r}", frozenset((key,)), node)

    def __ge__(self, v):
        return self._cmp(">=", v, lambda a, b: a >= b, v, BIG)

    def __le__(self, v):
        return self._cmp("<=", v, lambda a, b: a <= b, -BIG, v)

    def __gt__(self, v):
        return self._cmp(">", v, lambda a, b: a > b, v + 1, BIG)

    def __lt__(self, v):
        return self._cmp("<", v, lambda a, b: a < b, -BIG, v - 1)

    def __eq__(self, v):  # type: ignore[override]
        return self._cmp("==", v, lambda a, b: a == b, v, v)

    def __ne__(self, v):  # type: ignore[override]
        return self._cmp("!=", v, lambda a, b: a != b, v, v)

    __hash__ = Expr.__hash__


def _ref(key: str) -> _Ref:
    """A fact or group count as an expression: true when it is not 0."""
    return _Ref(lambda f, _k=key: f[_k], key, frozenset((key,)), ("atom", key, 1, BIG))


class _Facts:
    """``F.name``: the fact ``name`` of :data:`~mjpy.rules.engine.facts.FACTS`."""

    def __getattr__(self, name: str) -> _Ref:
        if name.startswith("__"):
            raise AttributeError(name)
        if name not in FACTS:
            raise ValueError(f"unknown fact {name!r} (known: {', '.join(FACTS)})")
        return _ref(name)


class _Groups:
    """``G.name``: how many rows of the (earlier) group ``name`` held."""

    def __getattr__(self, name: str) -> _Ref:
        if name.startswith("__"):
            raise AttributeError(name)
        return _ref("group:" + name)


F = _Facts()
G = _Groups()
ALWAYS = Expr(lambda f: True, "always", frozenset(), ("true",))


# ------------------------------------------------------------------------------------ rows
@dataclass(frozen=True)
class Opt:
    """A value taken from the option ``name`` (``None`` there: the value is not given)."""

    name: str


Number = Union[int, Fraction]


@dataclass(frozen=True)
class Fan:
    """One row: ``name``, ``value`` (number or :class:`Opt`), ``when`` (expression), ``per`` (a
    count fact: the row counts that many times, less ``less``: 龙七对 takes one 根), ``group``,
    ``en`` (English name)."""

    name: str
    value: Union[Number, Opt]
    when: Expr = ALWAYS
    per: Optional[str] = None
    group: str = "base"
    en: str = ""
    less: int = 0

    def __post_init__(self):
        if self.per is not None and self.per not in FACTS:
            raise ValueError(f"Fan {self.name}: unknown count fact {self.per!r}")
        if self.less and self.per is None:
            raise ValueError(f"Fan {self.name}: less= needs a count fact (per=)")


@dataclass(frozen=True)
class Group:
    """How the rows of one group combine: ``mode`` sum / max / product, ``role`` add / special /
    factor, ``default`` the row shown when none holds (its value counts)."""

    name: str
    mode: str = "sum"
    role: str = "add"
    default: Optional[Tuple[str, Number]] = None

    def __post_init__(self):
        if self.mode not in ("sum", "max", "product"):
            raise ValueError(f"Group {self.name}: mode must be sum, max or product, got {self.mode!r}")
        if self.role not in ("add", "special", "factor"):
            raise ValueError(f"Group {self.name}: role must be add, special or factor, got {self.role!r}")


@dataclass(frozen=True)
class Win:
    """A win condition: the hand wins only where ``when`` holds; else ``reason``."""

    when: Expr
    reason: str


@dataclass(frozen=True)
class Table:
    """A fan table: ``rows`` in ``groups`` (evaluated in order), ``cap`` on the main total,
    ``floor`` = (value, expression), ``points`` (``None`` or ``"pow2"``), ``wins`` (conditions on
    each reading)."""

    name: str
    unit: str
    rows: Tuple[Fan, ...]
    groups: Tuple[Group, ...] = (Group("base"),)
    cap: Optional[Number] = None
    floor: Optional[Tuple[Number, Expr]] = None
    points: Optional[str] = None
    wins: Tuple[Win, ...] = ()

    def __post_init__(self):
        names = [g.name for g in self.groups]
        for r in self.rows:
            if r.group not in names:
                raise ValueError(f"table {self.name}: row {r.name} is in unknown group {r.group!r}")
            for n in r.when.names:
                if n.startswith("group:") and names.index(n[6:]) >= names.index(r.group):
                    raise ValueError(f"table {self.name}: row {r.name} reads group {n[6:]!r}, not evaluated before it")

    def options_read(self) -> Tuple[str, ...]:
        """The :class:`Opt` names the rows read."""
        return tuple(sorted({r.value.name for r in self.rows if isinstance(r.value, Opt)}))


# ------------------------------------------------------------------------------------ evaluation
@dataclass
class Value:
    """A table evaluated on one reading: ``total`` (after cap / floor / factors), ``fans``
    (``(name, value)`` rows counted, factor rows apart in ``factors``), ``points`` (``None`` without a transform), ``missing``
    (options whose value a holding row needs), ``failed`` (the reason of a failed win condition)."""

    total: Number
    fans: List[Tuple[str, Number]]
    points: Optional[int] = None
    factors: List[Tuple[str, Number]] = field(default_factory=list)
    missing: Tuple[str, ...] = ()
    failed: str = ""
    groups: Dict[str, Number] = field(default_factory=dict)
    uncapped: Number = 0
    #: (group, row) position of the first row counted, in the compiled order (a tie-break between readings)
    first: Tuple[int, int] = (1 << 30, 0)


def _num(x):
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else x
    return x


def evaluate(table: Table, facts: Mapping, options: Mapping) -> Value:
    """Evaluate ``table`` on one reading's ``facts`` with the rule set's ``options`` (for :class:`Opt`)."""
    for w in table.wins:
        if not w.when(facts):
            return Value(0, [], failed=w.reason)
    f = dict(facts)
    missing = []
    parts: Dict[str, Tuple[Group, Number, List[Tuple[str, Number]]]] = {}
    first = (1 << 30, 0)
    for gi, g in enumerate(table.groups):
        held = []
        where = []
        n_missing = 0                           # rows that hold without a value: they count in G.name
        for ri, r in enumerate(table.rows):
            if r.group != g.name or not r.when(f):
                continue
            n = 1 if r.per is None else f[r.per] - r.less
            if n <= 0:
                continue
            v = r.value
            if isinstance(v, Opt):
                v = options.get(v.name)
                if v is None:
                    missing.append(r.value.name)
                    n_missing += n
                    continue
            held += [(r.name, v)] * n
            where += [(gi, ri)] * n
        f["group:" + g.name] = len(held) + n_missing
        if not held and g.default is not None:
            shown = [g.default]
        else:
            shown = held
        if held:
            first = min(first, where[max(range(len(held)), key=lambda i: (held[i][1], -i))] if g.mode == "max"
                        else where[0])
        if g.mode == "sum":
            val = sum((v for _, v in shown), 0)
        elif g.mode == "max":
            best = max(shown, key=lambda x: x[1], default=None)
            shown = [best] if best is not None else []
            val = best[1] if best is not None else 0
        else:
            val = Fraction(1)
            for _, v in shown:
                val *= Fraction(v)
        parts[g.name] = (g, val, shown)
    if missing:
        return Value(0, [], missing=tuple(sorted(set(missing))))
    main = sum((v for g, v, _ in parts.values() if g.role == "add"), 0)
    fans = [x for g, _, rows in parts.values() if g.role == "add" for x in rows]
    uncapped = main
    if table.cap is not None:
        main = min(main, table.cap)
    specials = [(v, rows) for g, v, rows in parts.values() if g.role == "special" and rows]
    if specials:
        sv, srows = max(specials, key=lambda x: x[0])
        if sv >= main:
            main, fans = sv, list(srows)
    if table.floor is not None and table.floor[1](f) and main < table.floor[0]:
        main = table.floor[0]
    total = Fraction(main)
    factors = []
    for g, v, rows in parts.values():
        if g.role == "factor":
            total *= v
            factors += rows
    total = _num(total)
    points = 2 ** total if table.points == "pow2" else None
    return Value(total, [(n, _num(Fraction(v))) for n, v in fans], points,
                 factors=[(n, _num(Fraction(v))) for n, v in factors],
                 groups={k: _num(Fraction(v)) for k, (_, v, _) in parts.items()}, uncapped=_num(Fraction(uncapped)),
                 first=first)
