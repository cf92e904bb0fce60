"""Wildcard (joker) indicator rules: which tile kinds are jokers this hand (docs/rules.md#indicators).

>>> from mjpy.wildcards import joker_kinds, successor
>>> [tile_name(t) for t in joker_kinds("tianjin", "9s")]          # 天津 混: flipped + successor
['1s', '9s']
>>> tile_name(successor("4z", table="guangdong"))                 # 广东 翻鬼: 北 -> 发 (skips 中)
'6z'

Rule sets are data (:data:`RULESETS`, :data:`SUCCESSOR_TABLES`); the functions only look them up:

* :func:`successor` - the next tile by a named successor table (docs/rules.md#c14).
* :func:`joker_kinds` / :func:`resolve` - the joker kinds of a rule set for an indicator.
* :func:`apply_stand_in` - 白板 playing the joker kind's natural face (徐州 配兒, 福建 活動百搭).
* :func:`split_jokers` - remove the joker kinds from a hand, counting them.

Tile arguments accept a name (``"9s"``, ``"中"``, ``"白板"``) or an index 0-33; results are indices,
ascending. This module needs no kernel: it works on count vectors only.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Dict, Iterable, Mapping, Optional, Tuple, Union

import numpy as np

from .notation import _coerce_counts, parse, to_string  # noqa: F401  (to_string: used in the doctests)
from .tiles import TILE_NAMES, tile_index, tile_name  # noqa: F401  (tile_name: doctests)

__all__ = [
    "SUCCESSOR_TABLES", "TABLE_ALIASES", "RULES", "RULESETS", "RULESET_ALIASES",
    "Ruleset", "Jokers",
    "successor", "predecessor", "joker_kinds", "resolve", "ruleset",
    "apply_stand_in", "split_jokers", "tile_list",
]

Tile = Union[int, str]

E, S, W, N, ZHONG, FA, BAI = range(27, 34)   # 东 南 西 北 中 发 白 (1z-7z)

# ------------------------------------------------------------------------------------------------
# Successor tables (docs/rules.md#c14). Suits always wrap 9 -> 1 in every table: every regional source
# that mentions it (Tianjin, Guangdong, Xuzhou, Fujian 帶弟, 寶牌) has 9 followed by 1 of the same suit
# (docs/rules.md#indicators). Only the honor successors differ.


def _cycle(*kinds: int) -> Dict[int, int]:
    return {a: kinds[(i + 1) % len(kinds)] for i, a in enumerate(kinds)}


@dataclass(frozen=True)
class _Table:
    honors: Mapping[int, int]
    description: str
    source: str


SUCCESSOR_TABLES: Mapping[str, _Table] = MappingProxyType({
    # Tianjin 混, TJ-1: the winds follow 东南西北 (北 is followed by 东) and the dragons 中发白 (白 is
    # followed by 中) -> winds 4-cycle, dragons 3-cycle (docs/rules.md#indicators).
    "tianjin": _Table(
        MappingProxyType({**_cycle(E, S, W, N), **_cycle(ZHONG, FA, BAI)}),
        "winds 东→南→西→北→东; dragons 中→发→白→中",
        "docs/rules.md#indicators (TJ-1: winds in the order 东南西北, dragons in the order 中发白)",
    ),
    # Guangdong 翻鬼, GD-T: the order 东南西北中发白, but a flipped 北 skips 中 (发 is the 鬼) and a flipped 白
    # gives 东. 中→发 and 发→白 are not stated: mjpy's policy (docs/rules.md#missing-wildcards).
    "guangdong": _Table(
        MappingProxyType({E: S, S: W, W: N, N: FA, ZHONG: FA, FA: BAI, BAI: E}),
        "东→南→西→北→发 (skips 中), 白→东; 中→发, 发→白 [policy]",
        "docs/rules.md#indicators (GD-T: 北 skips 中 to 发, 白 gives 东)",
    ),
    # One 7-cycle 东南西北中发白. Fujian 帶弟百搭, FJ: the seven honours joined end to end (北 gives 中);
    # Xuzhou 配兒, XZ: the same order, the wrap unstated (mjpy's policy for unstated wraps is this single
    # 7-cycle, docs/rules.md#c14).
    "cycle7": _Table(
        MappingProxyType(_cycle(E, S, W, N, ZHONG, FA, BAI)),
        "one 7-cycle 东→南→西→北→中→发→白→东",
        "docs/rules.md#indicators (FJ: the seven honours joined end to end; XZ: the same order, wrap: "
        "docs/rules.md#c14)",
    ),
    # 寶牌 (unattributed), RN: 东 gives 南 ... 北 gives 东; 白 gives 发, 发 gives 中, 中 gives 白 -> winds
    # 4-cycle, dragons 白→发→中→白 (the reverse of Tianjin's dragon order; docs/rules.md#indicators).
    "baopai": _Table(
        MappingProxyType({**_cycle(E, S, W, N), **_cycle(BAI, FA, ZHONG)}),
        "winds 东→南→西→北→东; dragons 白→发→中→白",
        "docs/rules.md#indicators (RN 寶牌: 北 gives 东; 白 gives 发, 发 gives 中, 中 gives 白)",
    ),
})

#: Other names accepted for the tables: the rule set that uses each.
TABLE_ALIASES: Mapping[str, str] = MappingProxyType({
    "daidi": "cycle7", "fujian": "cycle7", "fujian_daidi": "cycle7", "xuzhou": "cycle7", "philippines": "cycle7",
    "guangdong_tuidao": "guangdong", "baopai_unattributed": "baopai",
})

DEFAULT_TABLE = "cycle7"


def _table(name: str) -> _Table:
    key = TABLE_ALIASES.get(name, name)
    try:
        return SUCCESSOR_TABLES[key]
    except (KeyError, TypeError):
        known = ", ".join(sorted(SUCCESSOR_TABLES))
        raise ValueError(f"unknown successor table {name!r} (known: {known}; aliases: "
                         f"{', '.join(sorted(TABLE_ALIASES))})") from None


def successor(tile: Tile, table: str = DEFAULT_TABLE) -> int:
    """The next tile after ``tile`` by the successor table ``table`` (index).

    Suits wrap 9→1 in every table; honors follow the table (docs/rules.md#c14).

    >>> tile_name(successor("9s")), tile_name(successor("4z")), tile_name(successor("4z", table="tianjin"))
    ('1s', '5z', '1z')
    """
    t = tile_index(tile)
    tab = _table(table)
    if t < 27:
        return t - 8 if t % 9 == 8 else t + 1
    return tab.honors[t]


def predecessor(tile: Tile, table: str = DEFAULT_TABLE) -> int:
    """The tile whose successor is ``tile`` (only for tables where that is unique).

    >>> tile_name(predecessor("1m")), tile_name(predecessor("5z"))
    ('9m', '4z')
    """
    t = tile_index(tile)
    if t < 27:
        return t + 8 if t % 9 == 0 else t - 1
    before = [a for a, b in _table(table).honors.items() if b == t]
    if len(before) != 1:
        raise ValueError(f"successor table {table!r} has {len(before)} predecessors of {TILE_NAMES[t]}")
    return before[0]


# ------------------------------------------------------------------------------------------------
# Rule kinds (option `wild.rule`, docs/rules.md#c39): what is wild given the flipped tile.

def _rule_none(ind: Optional[int], rs: "Ruleset", opts: Mapping[str, Any]) -> Tuple[int, ...]:
    return ()


def _rule_flipped(ind: Optional[int], rs: "Ruleset", opts: Mapping[str, Any]) -> Tuple[int, ...]:
    return (ind,)


def _rule_successor(ind: Optional[int], rs: "Ruleset", opts: Mapping[str, Any]) -> Tuple[int, ...]:
    return (successor(ind, opts.get("successor_table", rs.table)),)


def _rule_flipped_and_successor(ind: Optional[int], rs: "Ruleset", opts: Mapping[str, Any]) -> Tuple[int, ...]:
    return (ind, successor(ind, opts.get("successor_table", rs.table)))


def _rule_window(ind: Optional[int], rs: "Ruleset", opts: Mapping[str, Any]) -> Tuple[int, ...]:
    """Philippine 窗百搭: suited -> the flipped tile, its two neighbours, the same rank in the other suits;
    honors -> five consecutive honors along the table ("forward": the flipped + the next four, as the
    source's example 中 → 中发白东南; "centered": two before and two after, as its rule text reads for 中;
    docs/rules.md#c14)."""
    table = opts.get("successor_table", rs.table)
    if ind < 27:
        rank = ind % 9
        same_rank = [9 * s + rank for s in range(3)]
        wrap = opts.get("suit_wrap", True)
        nbrs = []
        if rank > 0 or wrap:
            nbrs.append(predecessor(ind, table))
        if rank < 8 or wrap:
            nbrs.append(successor(ind, table))
        return tuple(same_rank + nbrs)
    mode = opts.get("honor_window", "forward")
    if mode not in ("forward", "centered"):
        raise ValueError(f"honor_window must be 'forward' or 'centered', got {mode!r}")
    start = ind
    if mode == "centered":
        start = predecessor(predecessor(ind, table), table)
    out = [start]
    for _ in range(4):
        out.append(successor(out[-1], table))
    return tuple(out)


def _rule_fixed(ind: Optional[int], rs: "Ruleset", opts: Mapping[str, Any]) -> Tuple[int, ...]:
    return rs.fixed


def _rule_given(ind: Optional[int], rs: "Ruleset", opts: Mapping[str, Any]) -> Tuple[int, ...]:
    value = opts.get(rs.required_option)
    if value is None:
        raise ValueError(
            f"{rs.name}: the regional sources do not say which tile is {rs.title.split()[-1]} "
            f"(MISSING, docs/rules.md#missing-wildcards); "
            f"pass {rs.required_option}= naming the kind(s), e.g. {rs.required_option}='5z' "
            f"(mjpy jokers {rs.name} --{rs.required_option} 5z)")
    kinds = tile_list(value)
    if not kinds:
        raise ValueError(f"{rs.name}: {rs.required_option}= names no tile")
    return kinds


#: Rule kinds by name: ``RULES[name](indicator, ruleset, options) -> kinds``; ``needs_indicator`` below.
RULES: Mapping[str, Callable[..., Tuple[int, ...]]] = MappingProxyType({
    "none": _rule_none,
    "flipped": _rule_flipped,
    "successor": _rule_successor,
    "flipped_and_successor": _rule_flipped_and_successor,
    "window": _rule_window,
    "fixed": _rule_fixed,
    "given": _rule_given,
})
_NEEDS_INDICATOR = frozenset({"flipped", "successor", "flipped_and_successor", "window"})


# ------------------------------------------------------------------------------------------------
# The registry.

@dataclass(frozen=True)
class Ruleset:
    """One rule set's joker rule (a row of :data:`RULESETS`).

    ``rule`` names an entry of :data:`RULES`; ``table`` a successor table; ``fixed`` the kinds of a fixed
    rule; ``stand_in`` the plain tile that plays the joker kind's natural face (``stand_in_copies`` of them,
    None = all); ``wild`` is False for bonus-tile indicators (寶牌); ``variant_option`` names an option whose
    value picks one of ``variants`` (field overrides), ``default_variant`` when the option is not given, or
    ``indicator_variant`` when it is not given but an indicator is; ``options`` lists the extra keyword
    options accepted.
    """

    name: str
    title: str
    description: str
    section: str
    rule: str
    table: Optional[str] = None
    fixed: Tuple[int, ...] = ()
    stand_in: Optional[int] = None
    stand_in_copies: Optional[int] = None
    wild: bool = True
    required_option: Optional[str] = None
    variant_option: Optional[str] = None
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    default_variant: Optional[str] = None
    indicator_variant: Optional[str] = None
    options: Tuple[str, ...] = ()

    @property
    def needs_indicator(self) -> bool:
        """True when the rule reads the flipped tile."""
        return self.rule in _NEEDS_INDICATOR


def _frozen(d: Mapping[str, Mapping[str, Any]]) -> Mapping[str, Mapping[str, Any]]:
    return {k: dict(v) for k, v in d.items()}   # plain dicts: a Ruleset pickles (never mutate them)


RULESETS: Mapping[str, Ruleset] = MappingProxyType({r.name: r for r in (
    Ruleset(
        "tianjin", "天津 混",
        "the flipped tile and its successor are 混 (7 live jokers: 3 + 4)",
        "docs/rules.md#indicators (TJ-1, TJ-2)", "flipped_and_successor", table="tianjin"),
    Ruleset(
        "guangdong", "广东推倒胡 鬼",
        "option gui: 'fan' 翻鬼 = successor of the flipped tile (北→发, 白→东), 'baiban' 白板鬼 = the four 白, "
        "'none' = no jokers (default guangdong_tuidao.gui = none; 'fan' when an indicator is given)",
        "docs/rules.md#indicators (GD-T)", "none", table="guangdong",
        variant_option="gui", default_variant="none", indicator_variant="fan",
        variants=_frozen({"fan": {"rule": "successor"},
                          "baiban": {"rule": "fixed", "fixed": (BAI,)},
                          "none": {"rule": "none"}})),
    Ruleset(
        "xuzhou", "徐州 配兒",
        "the successor of the flipped tile is 配兒; the four 白板 play the 配兒 kind's natural face",
        "docs/rules.md#indicators (XZ)", "successor", table="cycle7", stand_in=BAI),
    Ruleset(
        "fujian", "福建 百搭",
        "option baida: 'daidi' 帶弟百搭 (default, flag fujian.baida) or 'huodong' 活動百搭",
        "docs/rules.md#indicators (FJ)", "successor", table="cycle7",
        variant_option="baida", default_variant="daidi",
        variants=_frozen({"daidi": {"rule": "successor", "stand_in": None, "stand_in_copies": None},
                          "huodong": {"rule": "flipped", "stand_in": BAI, "stand_in_copies": 1}})),
    Ruleset(
        "fujian_daidi", "福建 帶弟百搭",
        "the successor of the flipped tile is 百搭 (honors one 7-cycle 东南西北中发白)",
        "docs/rules.md#indicators (FJ)", "successor", table="cycle7"),
    Ruleset(
        "fujian_huodong", "福建 活動百搭",
        "the flipped tile's kind is 百搭; one 白板 may play its natural face ('其中一張白板'; "
        "option stand_in_copies=4 for all four)",
        "docs/rules.md#indicators (FJ)", "flipped", table="cycle7", stand_in=BAI, stand_in_copies=1),
    Ruleset(
        "philippines", "菲律賓 窗百搭",
        "suited: the flipped tile, its two neighbours (9↔1 wrap, option suit_wrap) and the same rank in the "
        "other suits; honors: five in the order 东南西北中发白, the flipped + next four as the source's example "
        "(option honor_window='centered' for the text's reading 西北中發白 around 中)",
        "docs/rules.md#indicators (RN), docs/rules.md#c14", "window", table="cycle7",
        options=("honor_window", "suit_wrap")),
    Ruleset(
        "baopai", "寶牌",
        "bonus tile, NOT a joker: the successor of the flipped tile scores +1番 per copy in the winning hand",
        "docs/rules.md#indicators (RN)", "successor", table="baopai", wild=False),
    Ruleset(
        "hongzhong", "红中癞子",
        "the four 中 are jokers (not from the regional sources: a common house rule; Yangzhou (YZ) mentions "
        "konged 红中 and 賴子)",
        "docs/rules.md#indicators (a house rule, not a regional source)", "fixed", fixed=(ZHONG,)),
    Ruleset(
        "hangzhou", "杭州 财神",
        "财神 can be any tile; which tile is 财神 is MISSING from the regional sources: required option caishen",
        "docs/rules.md#indicators (HZ)", "given", required_option="caishen"),
    Ruleset(
        "wenzhou", "温州 財神",
        "財神 can be any tile; which tile is 財神 is MISSING from the regional sources: required option caishen",
        "docs/rules.md#indicators (WZ)", "given", required_option="caishen"),
    Ruleset(
        "fuzhou", "福州 金",
        "how the 金 is chosen is MISSING from the regional sources: required option gold",
        "docs/rules.md#indicators (FZ)", "given", required_option="gold"),
)})

#: Other names accepted for the rule sets (the profile names of docs/rules.md#indicators).
RULESET_ALIASES: Mapping[str, str] = MappingProxyType({
    "guangdong_tuidao": "guangdong", "baopai_unattributed": "baopai", "hongzhong_laizi": "hongzhong",
})

_COMMON_OPTIONS = ("rule", "successor_table", "stand_in_copies")


def ruleset(name: str) -> Ruleset:
    """The registry row of ``name`` (aliases accepted); ValueError listing the known names.

    >>> ruleset("guangdong_tuidao").name
    'guangdong'
    """
    key = RULESET_ALIASES.get(name, name) if isinstance(name, str) else name
    try:
        return RULESETS[key]
    except (KeyError, TypeError):
        raise ValueError(f"unknown ruleset {name!r} (known: {', '.join(RULESETS)}; aliases: "
                         f"{', '.join(RULESET_ALIASES)})") from None


@dataclass(frozen=True)
class Jokers:
    """The resolved joker rule of one hand (see :func:`resolve`).

    ``kinds``: joker kinds (ascending indices); ``stand_in``: the plain kind that plays ``face`` (the joker
    kind's natural face), or None; ``stand_in_copies``: how many of them may (None = all); ``wild``: False
    for bonus tiles (寶牌), whose ``kinds`` are then the bonus kinds.
    """

    ruleset: str
    indicator: Optional[int]
    kinds: Tuple[int, ...]
    rule: str
    table: Optional[str]
    wild: bool = True
    stand_in: Optional[int] = None
    face: Optional[int] = None
    stand_in_copies: Optional[int] = None
    variant: Optional[str] = None

    @property
    def names(self) -> Tuple[str, ...]:
        """The joker kinds in MPSZ notation."""
        return tuple(TILE_NAMES[t] for t in self.kinds)


def resolve(ruleset_name: str, indicator: Optional[Tile] = None, **options: Any) -> Jokers:
    """The joker kinds of ``ruleset_name`` for ``indicator``, with the stand-in rule (a :class:`Jokers`).

    >>> j = resolve("xuzhou", "1m")          # XZ: indicator 1m -> 2m is 配兒, 白板 plays 2m
    >>> j.names, tile_name(j.stand_in), tile_name(j.face)
    (('2m',), '7z', '2m')
    """
    rs = ruleset(ruleset_name)
    allowed = set(_COMMON_OPTIONS) | set(rs.options)
    if rs.variant_option:
        allowed.add(rs.variant_option)
    if rs.required_option:
        allowed.add(rs.required_option)
    unknown = sorted(k for k, v in options.items() if v is not None and k not in allowed)
    if unknown:
        raise ValueError(f"{rs.name}: unknown option{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} "
                         f"(accepted: {', '.join(sorted(allowed))})")
    opts = {k: v for k, v in options.items() if v is not None}
    ind = None if indicator is None else tile_index(indicator)

    variant = None
    if rs.variant_option:
        variant = opts.get(rs.variant_option)
        if variant is None:
            # e.g. guangdong: the default gui=none means "no jokers", but an indicator implies 翻鬼
            variant = rs.indicator_variant if (ind is not None and rs.indicator_variant) else rs.default_variant
        if variant not in rs.variants:
            raise ValueError(f"{rs.name}: {rs.variant_option} must be one of {', '.join(map(repr, rs.variants))}, "
                             f"got {variant!r}")
        rs = dataclasses.replace(rs, **rs.variants[variant])
    if "rule" in opts:
        if opts["rule"] not in RULES:
            raise ValueError(f"unknown rule {opts['rule']!r} (known: {', '.join(RULES)})")
        rs = dataclasses.replace(rs, rule=opts["rule"])
    if "successor_table" in opts:
        _table(opts["successor_table"])   # validate the name
    if "stand_in_copies" in opts:
        c = opts["stand_in_copies"]
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c <= 4:
            raise ValueError(f"stand_in_copies must be 0-4, got {c!r}")
        rs = dataclasses.replace(rs, stand_in_copies=c)

    if rs.needs_indicator and ind is None:
        raise ValueError(f"{rs.name}: the rule '{rs.rule}' needs an indicator (the flipped tile), e.g. '9s'")
    if not rs.needs_indicator and ind is not None:
        what = f"{rs.variant_option}={variant!r}" if variant else f"rule '{rs.rule}'"
        raise ValueError(f"{rs.name}: {what} takes no indicator (got {TILE_NAMES[ind]})")

    kinds = tuple(sorted(set(RULES[rs.rule](ind, rs, opts))))
    stand_in = face = None
    if rs.stand_in is not None and rs.stand_in_copies != 0 and kinds and rs.stand_in not in kinds:
        # the stand-in plays the natural face of the (single) joker kind; when the joker kind *is* the
        # stand-in (Xuzhou indicator 发 -> 配兒 白, not covered by the source) nothing stands in [policy,
        # docs/rules.md#missing-wildcards].
        if len(kinds) != 1:  # only reachable by overriding `rule`
            raise ValueError(f"{rs.name}: the 白板 stand-in plays one joker kind's face, but rule '{rs.rule}' "
                             f"gives {len(kinds)} kinds (pass stand_in_copies=0 to drop the stand-in)")
        stand_in, face = rs.stand_in, kinds[0]
    table = opts.get("successor_table", rs.table) if rs.rule in _NEEDS_INDICATOR else None
    return Jokers(rs.name, ind, kinds, rs.rule, table, rs.wild, stand_in, face,
                  rs.stand_in_copies if stand_in is not None else None, variant)


def joker_kinds(ruleset_name: str, indicator: Optional[Tile] = None, **options: Any) -> Tuple[int, ...]:
    """Which tile kinds are jokers this hand (ascending indices).

    ``options``: ``gui`` (guangdong: "fan" | "baiban" | "none"), ``baida`` (fujian: "daidi" | "huodong"),
    ``caishen`` (hangzhou / wenzhou, required), ``gold`` (fuzhou, required), ``honor_window`` / ``suit_wrap``
    (philippines), and for every rule set ``successor_table`` (flag ``wild.successor_table``) and ``rule``
    (flag ``wild.rule``; docs/rules.md#options). For ``baopai`` the kinds are bonus tiles, not jokers.

    >>> [tile_name(t) for t in joker_kinds("guangdong", "9m")], joker_kinds("hongzhong")
    (['1m'], (31,))
    >>> [tile_name(t) for t in joker_kinds("hangzhou", caishen="7z")]
    ['7z']
    """
    return resolve(ruleset_name, indicator, **options).kinds


# ------------------------------------------------------------------------------------------------
# Hands with jokers.

def tile_list(value: Any) -> Tuple[int, ...]:
    """Tile kinds (ascending, distinct) from an index, a name, a comma-separated list or notation, or an iterable.

    >>> tile_list("5z,6z"), tile_list("56z"), tile_list("中"), tile_list([33, "1m"])
    ((31, 32), (31, 32), (31,), (0, 33))
    """
    if isinstance(value, str):
        out = set()
        for part in re.split(r"[,\s]+", value.strip()):
            if not part:
                continue
            try:
                out.add(tile_index(part))
            except ValueError:
                try:
                    counts = parse(part)
                except ValueError:
                    raise ValueError(f"unknown tile {part!r}") from None
                out.update(int(t) for t in np.flatnonzero(counts))
        return tuple(sorted(out))
    if isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray)):
        return tuple(sorted({t for v in value for t in tile_list(v)}))
    return (tile_index(value),)


def split_jokers(hand: Any, joker_tiles: Any) -> Tuple[np.ndarray, int]:
    """Remove the joker kinds from ``hand``: ``(counts_without_jokers, n_jokers)``.

    >>> counts, n = split_jokers("123456m234p55s55z", "5z")
    >>> to_string(counts), n
    ('123456m234p55s', 2)
    """
    counts = _coerce_counts(hand).astype(np.uint8, copy=True)
    kinds = tile_list(joker_tiles) if joker_tiles is not None else ()
    n = int(sum(int(counts[k]) for k in kinds))
    for k in kinds:
        counts[k] = 0
    return counts, n


def apply_stand_in(hand: Any, joker_kinds: Any, stand_in: Optional[Tile] = BAI,
                   copies: Optional[int] = None) -> Tuple[np.ndarray, int]:
    """Jokers out, stand-in tiles in as the joker kind's face: ``(real_counts, n_jokers)``.

    Every copy of the joker kind(s) in ``hand`` leaves the count vector and is counted as a joker; then up to
    ``copies`` (None = all) copies of ``stand_in`` are moved to the (single) joker kind's slot, where they are
    ordinary tiles of that kind. With ``stand_in=None``, or when the stand-in is itself a joker kind, this is
    :func:`split_jokers`. Xuzhou (docs/rules.md#indicators): indicator 1m → 配兒 2m, 白板 plays 2m:

    >>> real, n = apply_stand_in("1223m77z", "2m")     # two 2m are 配兒, the two 白 become 2m
    >>> to_string(real), n
    ('1223m', 2)
    """
    real, n = split_jokers(hand, joker_kinds)
    kinds = tile_list(joker_kinds) if joker_kinds is not None else ()
    if stand_in is None:
        return real, n
    s = tile_index(stand_in)
    if s in kinds or not kinds:
        return real, n
    if len(kinds) != 1:
        raise ValueError(f"a stand-in plays one joker kind's face; got {len(kinds)} joker kinds "
                         f"({', '.join(TILE_NAMES[k] for k in kinds)})")
    if copies is not None and not 0 <= copies <= 4:
        raise ValueError(f"copies must be 0-4 or None, got {copies!r}")
    face = kinds[0]
    moved = int(real[s]) if copies is None else min(int(real[s]), copies)
    real[s] -= moved
    real[face] += moved
    return real, n


