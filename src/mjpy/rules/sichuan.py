"""Sichuan / Chengdu mahjong (四川麻将 / 成都麻将, 血战到底): fan tables, scoring and 查大叫.

docs/rules.md#sichuan (profiles ``sichuan_fan`` (default), ``sichuan_points``, ``chengdu_simple``),
conflicts docs/rules.md#c01, #c03, #c05, #c07, #c09, #c10 and the ``sichuan.*`` flags
(docs/rules.md#sichuan-options).

>>> r = score("11222244p557799m", win_tile="9m", self_drawn=True, dingque="s")
>>> r.base, r.base_fan, r.gen, r.total_fan, r.multiplier, r.fans
('龙七对', 5, 0, 5, 16, [('龙七对', 5)])
>>> best_fan_if_tenpai("1122244p557799m", dingque="s")     # 大叫: max over the waits
5

Conventions: 34-count hands (indices 0-8 万 m, 9-17 筒 p, 18-26 条 s); Sichuan plays the 108 suited
tiles only, so honors raise ``ValueError``. Scoring functions take the concealed tiles *including*
the winning tile, plus ``win_tile``; melds are :class:`mjpy.Meld` (``pon`` and the kongs ``minkan``,
``kakan``, ``ankan``, ``kan``; Sichuan has no ``chi``).

The rule set is data: :data:`FAN_TABLES` maps each profile to its rows (:class:`FanRow`: name as the
regional sources print it, English alias, value, predicate, what it excludes). Predicates read a small record of
hand facts (:class:`HandFacts`) and are written with ``&``/``|``/comparisons only, so the same rows
score one hand (Python values) and a batch (numpy arrays) in :func:`best_fan_if_tenpai_batch`.
"""
from __future__ import annotations

import dataclasses
from collections import namedtuple
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
from mjcore.batch import resolve_workers

import mjpy
from mjpy.meld import Meld, coerce_melds
from mjpy.tiles import TILE_NAMES, suit_number, tile_index

__all__ = [
    "PROFILES",
    "FAN_TABLES",
    "FanRow",
    "FanEntry",
    "HandFacts",
    "ScoreResult",
    "SichuanOptions",
    "ALIASES",
    "score",
    "best_fan_if_tenpai",
    "best_fan_if_tenpai_batch",
    "tenpai_scores",
    "is_flower_pig",
    "is_flower_pig_batch",
    "suits_present",
    "normalize_dingque",
    "melds_array",
]

SUITS = "mps"
SUIT_NAMES = {"m": "万", "p": "筒", "s": "条"}
_TERMINALS = (0, 8, 9, 17, 18, 26)
_KONG_KINDS = frozenset(("minkan", "kakan", "ankan", "kan"))


# ----------------------------------------------------------------------------------------------
# options
# ----------------------------------------------------------------------------------------------
PROFILES = ("sichuan_fan", "sichuan_points", "chengdu_simple")


@dataclass(frozen=True)
class SichuanOptions:
    """Every Sichuan option (``sichuan.*`` flags, docs/rules.md#sichuan-options); frozen, hashable, picklable.

    Build one with :meth:`preset` (the profile's defaults) and change fields with :meth:`replace`:

    >>> SichuanOptions.preset("sichuan_points").chadajiao
    'min'
    >>> SichuanOptions.preset("sichuan_fan").replace(max_fan=4).max_fan
    4
    """

    #: ``sichuan.profile``: which fan table (docs/rules.md#c01, #c10).
    profile: str = "sichuan_fan"
    #: ``sichuan.dingque``: default 定缺 suit (``None``/``"m"``/``"p"``/``"s"``); the ``dingque=``
    #: argument of the functions overrides it. Without one, any missing suit satisfies 缺一门 (docs/rules.md#sichuan).
    dingque: Optional[str] = None
    #: ``sichuan.gen_counts_pon_plus_held``: a 碰 plus the fourth copy held in hand is a 根 (docs/rules.md#c07).
    gen_counts_pon_plus_held: bool = True
    #: ``sichuan.kong_counts_as_gen``: each declared kong is also a 根 (docs/rules.md#c07; default false: kongs
    #: are paid through 刮风下雨 in ``sichuan_fan`` and score their own 杠 row in the others).
    kong_counts_as_gen: bool = False
    #: ``sichuan.max_fan``: cap (封顶) on the total, in the profile's unit; ``None`` = no cap.
    max_fan: Optional[int] = None
    #: ``sichuan.daiyaojiu_pair_must_contain_terminal`` (docs/rules.md#c03): the pair of 带幺九 needs a 1 or 9 too.
    daiyaojiu_pair_must_contain_terminal: bool = True
    #: ``sichuan.chadajiao`` (docs/rules.md#c05): 查大叫 pays the ``"max"`` or ``"min"`` score over the waits.
    chadajiao: str = "max"
    #: ``waits.count_exhausted`` (docs/rules.md#waits): a wait whose four copies are all in the player's own
    #: hand and melds still makes the hand 听 for 查大叫.
    count_exhausted_waits: bool = True
    #: 基本分 (SC-C): ``points = base_points × multiplier`` in the doubling profiles.
    base_points: int = 6
    #: ``sichuan_points.qing_qidui_8`` (docs/rules.md#c01): 清一色 七对 scores the 8分 "清七对" row.
    qing_qidui_8: bool = False
    #: ``sichuan_points.qianggang_mode`` (docs/rules.md#c09): ``"bonus"`` (+1分) or ``"row"`` (the 2分 抢杠胡 base row).
    qianggang_mode: str = "bonus"
    #: ``chengdu_simple.combination`` (docs/rules.md#chengdu): ``"additive"`` (番 add, no multiplier) or ``"doubling"``
    #: (multiplier 2**番).
    combination: str = "additive"
    # settlement flags (used by ``settle``; docs/rules.md#sichuan-settle)
    #: ``sichuan.zhigang.rate`` (docs/rules.md#c04): 直杠 pays 1 or 2 × 基本分.
    zhigang_rate: int = 1
    #: ``sichuan.zhigang.mode`` (docs/rules.md#c04): ``"single"``, ``"jiajiayou"`` (家家有) or ``"chengbao"`` (承包制).
    zhigang_mode: str = "single"
    #: ``sichuan.zimo_jiadi``: 自摸加底.
    zimo_jiadi: bool = False
    #: 呼叫转移: a 杠上炮 moves the kong's income to the winner.
    hujiao_zhuanyi: bool = True
    #: ``sichuan.last_four_forced`` (docs/rules.md#c06); ``None`` = true unless 定缺 is on.
    last_four_forced: Optional[bool] = None
    #: 查花猪: a 花猪 pays this many × 基本分 to each non-花猪.
    huazhu_multiplier: int = 16

    def __post_init__(self):
        def check(name, ok, what):
            if not ok:
                raise ValueError(f"SichuanOptions.{name} must be {what}, got {getattr(self, name)!r}")

        check("profile", self.profile in PROFILES, "one of " + ", ".join(PROFILES))
        if self.dingque is not None:
            object.__setattr__(self, "dingque", SUITS[normalize_dingque(self.dingque)])
        for name in ("gen_counts_pon_plus_held", "kong_counts_as_gen", "daiyaojiu_pair_must_contain_terminal",
                     "count_exhausted_waits", "qing_qidui_8", "zimo_jiadi", "hujiao_zhuanyi"):
            check(name, isinstance(getattr(self, name), bool), "a bool")
        check("max_fan", self.max_fan is None or (type(self.max_fan) is int and self.max_fan >= 1),
              "None or an int >= 1")
        check("chadajiao", self.chadajiao in ("max", "min"), "'max' or 'min'")
        check("base_points", type(self.base_points) is int and self.base_points > 0, "a positive int")
        check("qianggang_mode", self.qianggang_mode in ("bonus", "row"), "'bonus' or 'row'")
        check("combination", self.combination in ("additive", "doubling"), "'additive' or 'doubling'")
        check("zhigang_rate", self.zhigang_rate in (1, 2), "1 or 2")
        check("zhigang_mode", self.zhigang_mode in ("single", "jiajiayou", "chengbao"),
              "'single', 'jiajiayou' or 'chengbao'")
        check("last_four_forced", self.last_four_forced in (None, True, False), "None or a bool")
        check("huazhu_multiplier", type(self.huazhu_multiplier) is int and self.huazhu_multiplier >= 0,
              "an int >= 0")

    @classmethod
    def preset(cls, profile: str = "sichuan_fan", **overrides) -> "SichuanOptions":
        """The defaults of ``profile`` (docs/rules.md#sichuan-options), with ``overrides`` applied."""
        if profile not in _PRESETS:
            raise ValueError(f"unknown Sichuan profile {profile!r}; expected one of {', '.join(PROFILES)}")
        return dataclasses.replace(_PRESETS[profile], **overrides) if overrides else _PRESETS[profile]

    def replace(self, **changes) -> "SichuanOptions":
        """A copy with ``changes`` (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)

    def get(self, name: str, default=None):
        """An option by name (the rule engine reads options as a mapping)."""
        return getattr(self, name, default)

    @property
    def last_four_forced_effective(self) -> bool:
        """docs/rules.md#c06: forced unless 定缺 is on (when ``last_four_forced`` is ``None``)."""
        return self.dingque is None if self.last_four_forced is None else self.last_four_forced


_PRESETS: Dict[str, SichuanOptions] = {
    "sichuan_fan": SichuanOptions(),
    "sichuan_points": SichuanOptions(profile="sichuan_points", chadajiao="min"),
    "chengdu_simple": SichuanOptions(profile="chengdu_simple"),
}


def _resolve_options(profile: Optional[str], options: Optional[SichuanOptions]) -> SichuanOptions:
    if options is None:
        return SichuanOptions.preset(profile or "sichuan_fan")
    if not isinstance(options, SichuanOptions):
        raise TypeError(f"options must be a SichuanOptions, got {type(options).__name__}")
    if profile is not None and profile != options.profile:
        raise ValueError(f"profile={profile!r} disagrees with options.profile={options.profile!r}")
    return options


def normalize_dingque(dingque) -> Optional[int]:
    """Suit index 0 (万 m), 1 (筒 p), 2 (条 s) of a 定缺 given as ``"m"``/``"万"``/``"p"``/... or 0-2;
    ``None``/``""`` -> ``None`` (:func:`mjpy.tiles.suit_number`)."""
    return suit_number(dingque, "dingque")


# ----------------------------------------------------------------------------------------------
# the fan tables (data)
# ----------------------------------------------------------------------------------------------
_FACT_FIELDS = ("std", "seven", "quads", "allpung", "yaojiu", "qing", "jiang", "gen", "kongs",
                "self_drawn", "gangshanghua", "gangshangpao", "qianggang", "tianhu", "dihu")


class HandFacts(namedtuple("HandFacts", _FACT_FIELDS, defaults=(False,) * 6)):
    """What the fan predicates read. Scalars for one hand, numpy arrays (one entry per candidate
    hand) in the batch; predicates combine them with ``&``, ``|`` and comparisons only.

    ``std`` a standard (4 sets + pair) reading exists; ``seven`` seven pairs (concealed, a quad is
    two pairs); ``quads`` concealed four-of-a-kinds (龙七对); ``allpung`` 对对胡; ``yaojiu`` 带幺九
    (option, docs/rules.md#c03); ``qing`` one suit over tiles and melds; ``jiang`` every tile a 2, 5 or 8; ``gen``
    根 before the 龙七对 adjustment; ``kongs`` declared kongs; then the situational flags
    ``self_drawn``, ``gangshanghua`` 杠上花, ``gangshangpao`` 杠上炮, ``qianggang`` 抢杠,
    ``tianhu``, ``dihu``.
    """

    __slots__ = ()


@dataclass(frozen=True)
class FanRow:
    """One fan: ``name`` as the regional sources print it, English ``alias``, ``value`` in the profile's unit.

    ``kind`` is ``"base"`` (基本番: holds when every fact in ``requires`` is true and none in
    ``forbids``; the largest one counts in the ``max`` profiles) or ``"extra"`` (另加番: ``value``
    times the fact named by ``count``). Facts are the fields of :class:`HandFacts`. ``excludes``
    names what the row replaces; ``gen_minus`` 根 are not counted with it (龙七对 "同时减1根").
    ``when`` names the option that enables the row (``"qing_qidui_8"``, ``"qianggang_mode=row"``...),
    ``""`` = always.

    >>> FanRow("龙七对", "longqidui", 5, "base", requires=("seven", "quads"), gen_minus=1).test(
    ...     HandFacts(std=False, seven=True, quads=1, allpung=False, yaojiu=False, qing=False, jiang=False,
    ...               gen=1, kongs=0))
    True
    """

    name: str
    alias: str
    value: int
    kind: str
    requires: Tuple[str, ...] = ()
    forbids: Tuple[str, ...] = ()
    count: str = ""
    excludes: Tuple[str, ...] = ()
    gen_minus: int = 0
    when: str = ""
    source: str = ""

    def __post_init__(self):
        if self.kind not in ("base", "extra"):
            raise ValueError(f"FanRow {self.name}: kind must be 'base' or 'extra', got {self.kind!r}")
        for k in self.requires + self.forbids + ((self.count,) if self.count else ()):
            if k not in _FACT_FIELDS:
                raise ValueError(f"FanRow {self.name}: unknown fact {k!r}")
        if (self.kind == "extra") != bool(self.count):
            raise ValueError(f"FanRow {self.name}: extra rows (and only they) name a count")

    def test(self, f: HandFacts):
        """Base rows: whether the row holds; extra rows: how many times. Works on scalars and on
        the numpy arrays of the batch facts."""
        if self.count:
            return getattr(f, self.count)
        ok = True
        for k in self.requires:
            ok = ok & (getattr(f, k) > 0)
        for k in self.forbids:
            ok = ok & (getattr(f, k) == 0)
        return ok

    def active(self, opts: SichuanOptions) -> bool:
        if not self.when:
            return True
        neg = self.when.startswith("!")
        key = self.when[1:] if neg else self.when
        if "=" in key:
            k, v = key.split("=", 1)
            on = str(getattr(opts, k)) == v
        else:
            on = bool(getattr(opts, key))
        return on != neg


_GEN_FAN = FanRow("根", "gen", 1, "extra", count="gen", source="SC-A: four identical tiles not declared as a kong are 1 根, +1 番 each; "
                  "docs/rules.md#sichuan-fan")

FAN_TABLES: Dict[str, Tuple[FanRow, ...]] = {
    # docs/rules.md#sichuan-fan, SC-A + SC-C: 番, doubling, only the largest 基本番 counts.
    "sichuan_fan": (
        FanRow("平胡", "pinghu", 1, "base", requires=("std",), source="SC-A: four sets and a pair"),
        FanRow("对对胡", "duiduihu", 2, "base", requires=("allpung",), excludes=("平胡",)),
        FanRow("清一色", "qingyise", 3, "base", requires=("qing",), excludes=("平胡",)),
        FanRow("带幺九", "daiyaojiu", 3, "base", requires=("yaojiu",), excludes=("平胡",)),
        FanRow("七对", "qidui", 3, "base", requires=("seven",), forbids=("quads",)),
        FanRow("清对", "qingdui", 4, "base", requires=("qing", "allpung"), excludes=("清一色", "对对胡")),
        FanRow("将对", "jiangdui", 4, "base", requires=("allpung", "jiang"), excludes=("对对胡",)),
        FanRow("龙七对", "longqidui", 5, "base", requires=("seven", "quads"), excludes=("七对", "根"), gen_minus=1,
               source="SC-A: replaces 七对 and deducts one 根"),
        FanRow("清七对", "qingqidui", 5, "base", requires=("qing", "seven"), forbids=("quads",), excludes=("清一色", "七对")),
        FanRow("清幺九", "qingyaojiu", 5, "base", requires=("qing", "yaojiu"), excludes=("清一色", "带幺九")),
        FanRow("天胡", "tianhu", 6, "base", requires=("tianhu",)),
        FanRow("地胡", "dihu", 6, "base", requires=("dihu",)),
        FanRow("清龙七对", "qinglongqidui", 6, "base", requires=("qing", "seven", "quads"), excludes=("清七对", "龙七对", "清一色", "七对", "根"),
               gen_minus=1, source="SC-A: written 青龙七对; one 根 deducted"),
        _GEN_FAN,
        FanRow("杠上花", "gangshanghua", 1, "extra", count="gangshanghua"),
        FanRow("杠上炮", "gangshangpao", 1, "extra", count="gangshangpao"),
    ),
    # docs/rules.md#sichuan-points, SC-B: additive 分, only the largest base row counts; +1 per 杠 and per 根.
    "sichuan_points": (
        FanRow("平胡", "pinghu", 1, "base", requires=("std",)),
        FanRow("对对胡", "duiduihu", 2, "base", requires=("allpung",), excludes=("平胡",)),
        FanRow("抢杠胡", "qiangganghu", 2, "base", requires=("qianggang",), excludes=("平胡",), when="qianggang_mode=row",
               source="docs/rules.md#c09: only with qianggang_mode='row' (default: 抢杠 is the +1 bonus)"),
        FanRow("清一色", "qingyise", 3, "base", requires=("qing",), excludes=("平胡",)),
        FanRow("幺九牌", "daiyaojiu", 3, "base", requires=("yaojiu",), excludes=("平胡",)),
        FanRow("七对", "qidui", 3, "base", requires=("seven",), source="quads add 根 (七对+2根=双龙七对 5分)"),
        FanRow("清对", "qingdui", 4, "base", requires=("qing", "allpung"), excludes=("清一色", "对对胡")),
        FanRow("将对", "jiangdui", 4, "base", requires=("allpung", "jiang"), excludes=("对对胡",)),
        FanRow("天胡", "tianhu", 8, "base", requires=("tianhu",)),
        FanRow("地胡", "dihu", 8, "base", requires=("dihu",)),
        FanRow("清七对", "qingqidui", 8, "base", requires=("qing", "seven"), excludes=("清一色", "七对"), when="qing_qidui_8",
               source="docs/rules.md#c01: the 8分 row, only with qing_qidui_8"),
        FanRow("杠", "kong", 1, "extra", count="kongs", source="SC-B: +1分 per kong at the win"),
        _GEN_FAN,
        FanRow("杠上花", "gangshanghua", 2, "extra", count="gangshanghua"),
        FanRow("抢杠", "qianggang", 1, "extra", count="qianggang", when="qianggang_mode=bonus"),
    ),
    # docs/rules.md#chengdu, CD-F: every listed fan adds (combination additive; P和 = no fan).
    "chengdu_simple": (
        FanRow("P和", "p_hu", 0, "base", requires=(), source="CD-F: a win without a fan is legal (P和)"),
        FanRow("對對和", "duiduihu", 1, "base", requires=("allpung",)),
        FanRow("七對", "qidui", 2, "base", requires=("seven",)),
        FanRow("清一色", "qingyise", 2, "base", requires=("qing",)),
        FanRow("槓", "kong", 1, "extra", count="kongs"),
        FanRow("四歸一", "siguiyi", 1, "extra", count="gen", source="CD-F 槓或四歸一 (each)"),
        FanRow("槓上開花", "gangshanghua", 1, "extra", count="gangshanghua"),
    ),
}

#: profile -> (unit, stacking): ``max`` = only the largest base row counts; ``sum`` = all add.
_PROFILE_SHAPE = {
    "sichuan_fan": ("番", "max"),
    "sichuan_points": ("分", "max"),
    "chengdu_simple": ("番", "sum"),
}

#: Chinese name -> English alias, over every table.
ALIASES: Dict[str, str] = {r.name: r.alias for rows in FAN_TABLES.values() for r in rows}
_GEN_NAMES = frozenset(("根", "四歸一"))


def _rows(opts: SichuanOptions) -> Tuple[Tuple[FanRow, ...], Tuple[FanRow, ...], Optional[FanRow]]:
    """(base rows, extra rows without 根, 根 row) active under ``opts`` (cached per options)."""
    hit = opts.__dict__.get("_rows")
    if hit is None:
        rows = [r for r in FAN_TABLES[opts.profile] if r.active(opts)]
        base = tuple(r for r in rows if r.kind == "base")
        gen = next((r for r in rows if r.kind == "extra" and r.name in _GEN_NAMES), None)
        extra = tuple(r for r in rows if r.kind == "extra" and r is not gen)
        hit = (base, extra, gen)
        object.__setattr__(opts, "_rows", hit)   # cache on the frozen options (not a field)
    return hit


def _compiled(opts: SichuanOptions):
    """The fan table active under ``opts`` as a :class:`mjpy.rules._sichuan.Profile` (cached)."""
    hit = opts.__dict__.get("_compiled")
    if hit is None:
        from . import _sichuan

        base, extras, gen_row = _rows(opts)
        bits = _sichuan.FACT_BITS

        def mask(names):
            return sum(bits[k] for k in names)

        hit = _sichuan.compile_profile(
            opts.profile,
            [(mask(r.requires), mask(r.forbids), r.value, r.gen_minus) for r in base],
            [(_sichuan.COUNT_SOURCES[r.count], r.value) for r in extras],
            gen_row.value if gen_row is not None else 0,
            _PROFILE_SHAPE[opts.profile][1] == "sum", opts.max_fan, opts.chadajiao == "max",
            opts.count_exhausted_waits, opts.gen_counts_pon_plus_held, opts.kong_counts_as_gen,
            opts.daiyaojiu_pair_must_contain_terminal)
        object.__setattr__(opts, "_compiled", hit)
    return hit


# ----------------------------------------------------------------------------------------------
# results
# ----------------------------------------------------------------------------------------------
class FanEntry(namedtuple("FanEntry", "name value")):
    """``(name, value)`` with the Chinese name of the regional sources; ``.alias`` is the English name."""

    __slots__ = ()

    @property
    def alias(self) -> str:
        return ALIASES.get(self.name, self.name)

    def __repr__(self) -> str:
        return repr(tuple(self))


@dataclass(frozen=True)
class ScoreResult:
    """The score of one hand. ``total_fan`` is in the profile's ``unit`` (番 or 分), after the cap."""

    is_win: bool
    profile: str
    unit: str
    base: Optional[str] = None
    base_fan: int = 0
    gen: int = 0
    kongs: int = 0
    total_fan: int = 0
    multiplier: Optional[int] = None
    points: int = 0
    fans: List[FanEntry] = field(default_factory=list)
    form: Optional[str] = None
    capped: bool = False
    uncapped_total: int = 0
    reason: str = ""

    @property
    def base_alias(self) -> Optional[str]:
        return None if self.base is None else ALIASES.get(self.base, self.base)

    @property
    def fans_en(self) -> List[Tuple[str, int]]:
        """``fans`` with the English aliases."""
        return [(f.alias, f.value) for f in self.fans]

    @property
    def total_points(self) -> int:
        return self.points

    def to_dict(self) -> dict:
        d = {k: getattr(self, k) for k in ("is_win", "profile", "unit", "base", "base_alias", "base_fan", "gen",
                                             "kongs", "total_fan", "multiplier", "points", "form", "capped",
                                             "uncapped_total", "reason")}
        d["fans"] = [{"name": f.name, "alias": f.alias, "value": f.value} for f in self.fans]
        return d


# ----------------------------------------------------------------------------------------------
# input
# ----------------------------------------------------------------------------------------------
def _counts(hand, what="hand") -> List[int]:
    if type(hand) is np.ndarray and hand.dtype == np.uint8 and hand.shape == (34,):   # fast path
        lst = hand.tolist()
        if max(lst) > 4:
            t = lst.index(max(lst))
            raise ValueError(f"{what}: {TILE_NAMES[t]} count {lst[t]} outside 0-4")
        if any(lst[27:]):
            _no_honors(lst, what)
        return lst
    if isinstance(hand, str):
        c = mjpy.parse(hand)
    else:
        try:
            c = np.asarray(hand)
        except Exception:
            raise TypeError(f"{what} must be a notation string or 34 tile counts, got {type(hand).__name__}") from None
        if c.shape != (34,) or not (np.issubdtype(c.dtype, np.integer) or c.dtype == bool):
            raise ValueError(f"{what} must be a notation string or 34 tile counts, got shape {c.shape}")
        lst = c.tolist()
        if min(lst) < 0 or max(lst) > 4:
            t = next(i for i, x in enumerate(lst) if not 0 <= x <= 4)
            raise ValueError(f"{what}: {TILE_NAMES[t]} count {int(lst[t])} outside 0-4")
        lst = [int(x) for x in lst] if c.dtype == bool else lst
        _no_honors(lst, what)
        return lst
    lst = c.tolist()
    _no_honors(lst, what)
    return lst


def _no_honors(c: Sequence[int], what: str) -> None:
    for t in range(27, 34):
        if c[t]:
            raise ValueError(f"{what}: Sichuan mahjong uses the 108 suited tiles (万筒条) only; "
                             f"honor {TILE_NAMES[t]} is not allowed")


def _melds(melds) -> Tuple[List[int], List[int], List[Meld]]:
    """(pon tiles, kong tiles, melds); ValueError for chi, honors or a bare count."""
    k, lst = coerce_melds(melds if melds is not None else [])
    if lst is None:
        if k:
            raise ValueError("Sichuan scoring needs the melds themselves (e.g. [Meld('pon', '555p')]), not a count")
        return [], [], []
    pons, kongs = [], []
    for i, m in enumerate(lst):
        if m.kind == "chi":
            raise ValueError(f"melds[{i}] {m!r}: Sichuan has no chi (不可以吃); only pon and kongs")
        if m.tiles[0] >= 27:
            raise ValueError(f"melds[{i}] {m!r}: Sichuan mahjong uses the 108 suited tiles (万筒条) only")
        (kongs if m.kind in _KONG_KINDS else pons).append(m.tiles[0])
    return pons, kongs, lst


def _check_total(c: List[int], pons, kongs, need: int, what: str) -> None:
    tot = list(c)
    for t in pons:
        tot[t] += 3
    for t in kongs:
        tot[t] += 4
    for t in range(27):
        if tot[t] > 4:
            raise ValueError(f"{what}: {TILE_NAMES[t]} appears {tot[t]} times counting the melds (at most 4)")
    n = sum(c)
    want = need - 3 * (len(pons) + len(kongs))
    if n != want:
        m = len(pons) + len(kongs)
        raise ValueError(f"{what} has {n} concealed tiles with {m} meld{'s' if m != 1 else ''}: expected {want}")


def _suit_mask(c: Sequence[int], pons=(), kongs=()) -> int:
    m = 0
    for s in range(3):
        if any(c[9 * s:9 * s + 9]):
            m |= 1 << s
    for t in list(pons) + list(kongs):
        m |= 1 << (t // 9)
    return m


def suits_present(hand, melds=()) -> str:
    """The suits held in ``hand`` and ``melds``, as a string in ``"mps"`` order.

    >>> suits_present("123m456p", melds=[Meld("pon", "999s")])
    'mps'
    """
    c = _counts(hand)
    pons, kongs, _ = _melds(melds)
    m = _suit_mask(c, pons, kongs)
    return "".join(SUITS[s] for s in range(3) if m >> s & 1)


def is_flower_pig(hand, melds=()) -> bool:
    """花猪 (docs/rules.md#sichuan): the player holds tiles of all three suits (concealed tiles and melds).

    >>> is_flower_pig("123m456p789s1p"), is_flower_pig("123m456p789p1p")
    (True, False)
    """
    return len(suits_present(hand, melds)) == 3


def is_flower_pig_batch(hands, melds=None) -> np.ndarray:
    """:func:`is_flower_pig` of every row of ``hands`` (N, 34) (+ ``melds``: see :func:`melds_array`)."""
    h = _batch_hands(hands)
    tot = h[:, :27].astype(np.int16)
    if melds is not None and not (isinstance(melds, int) and melds == 0):
        tot += _batch_melds(melds, len(h))[:, :27]
    return (tot.reshape(len(h), 3, 9).sum(2) > 0).all(1)


# ----------------------------------------------------------------------------------------------
# facts and evaluation (scalar)
# ----------------------------------------------------------------------------------------------
def _sets_only_terminal(c: List[int]) -> bool:
    """The tiles split into 123/789/111/999 sets only (every set holds a 1 or a 9)."""
    for b in (0, 9, 18):
        if c[b + 3] or c[b + 4] or c[b + 5] or c[b + 1] != c[b + 2] or c[b + 6] != c[b + 7]:
            return False
        r1 = c[b] - c[b + 1]
        r9 = c[b + 8] - c[b + 7]
        if r1 < 0 or r9 < 0 or r1 % 3 or r9 % 3:
            return False
    return True


def _yaojiu(c: List[int], pons, kongs, pair_terminal: bool) -> bool:
    for t in pons:
        if t not in _TERMINALS:
            return False
    for t in kongs:
        if t not in _TERMINALS:
            return False
    for p in (_TERMINALS if pair_terminal else range(27)):
        if c[p] >= 2:
            c[p] -= 2
            ok = _sets_only_terminal(c)
            c[p] += 2
            if ok:
                return True
    return False


def _facts(c: List[int], pons, kongs, std: Optional[bool], opts: SichuanOptions, **flags) -> HandFacts:
    """Facts of a complete hand ``c`` (27 suited counts; may hold a virtual fifth copy for an exhausted
    wait). ``std`` None: ask the kernel."""
    n_melds = len(pons) + len(kongs)
    seven = n_melds == 0
    pair_mods = 0
    bad_mod = False
    quads = 0
    jiang = True
    gen = 0
    for t in range(27):
        x = c[t]
        if x:
            if x & 1:
                seven = False
            r = x % 3
            if r == 1:
                bad_mod = True
            elif r == 2:
                pair_mods += 1
            if x >= 4:
                quads += 1
                gen += 1
            if t % 9 not in (1, 4, 7):
                jiang = False
    for t in pons:
        if t % 9 not in (1, 4, 7):
            jiang = False
        if opts.gen_counts_pon_plus_held and c[t] >= 1:
            gen += 1
    for t in kongs:
        if t % 9 not in (1, 4, 7):
            jiang = False
    if opts.kong_counts_as_gen:
        gen += len(kongs)
    allpung = not bad_mod and pair_mods == 1
    if std is None:
        if not seven:
            std = True   # a complete hand that is not seven pairs is standard
        else:
            arr = np.zeros(34, np.uint8)
            arr[:27] = c[:27]
            std = bool(mjpy.is_win(arr, melds=0, forms=("standard",)))
    return HandFacts(
        std=std, seven=seven, quads=quads, allpung=allpung,
        yaojiu=std and _yaojiu(c, pons, kongs, opts.daiyaojiu_pair_must_contain_terminal),
        qing=bin(_suit_mask(c, pons, kongs)).count("1") == 1,
        jiang=jiang, gen=gen, kongs=len(kongs), **flags)


def _evaluate(f: HandFacts, opts: SichuanOptions):
    """(base rows counted, 根 counted, extras [(row, n)], uncapped total)."""
    base_rows, extras, gen_row = _rows(opts)
    unit, stacking = _PROFILE_SHAPE[opts.profile]
    ex = [(r, int(r.test(f))) for r in extras]
    ex = [(r, n) for r, n in ex if n]
    ex_total = sum(r.value * n for r, n in ex)
    gv = gen_row.value if gen_row is not None else 0
    if stacking == "sum":
        hits = [r for r in base_rows if r.test(f)]
        gen = f.gen
        total = sum(r.value for r in hits) + gen * gv + ex_total
        shown = [r for r in hits if r.value] or hits[:1]
        return shown, gen, ex, total
    best = None
    for i, r in enumerate(base_rows):
        if r.test(f):
            gen = max(f.gen - r.gen_minus, 0)
            key = (r.value + gen * gv, r.value, i)
            if best is None or key > best[0]:
                best = (key, r, gen)
    if best is None:  # pragma: no cover - every complete hand satisfies 平胡 or a seven-pairs row
        return [], 0, ex, ex_total
    (_, _, _), r, gen = best
    return [r], gen, ex, r.value + gen * gv + ex_total


def _result(f: HandFacts, opts: SichuanOptions, form: str) -> ScoreResult:
    shown, gen, ex, total = _evaluate(f, opts)
    unit, stacking = _PROFILE_SHAPE[opts.profile]
    _, _, gen_row = _rows(opts)
    capped_total = total if opts.max_fan is None else min(total, opts.max_fan)
    fans = [FanEntry(r.name, r.value) for r in shown]
    if gen_row is not None:
        fans += [FanEntry(gen_row.name, gen_row.value)] * gen
    for r, n in ex:
        fans += [FanEntry(r.name, r.value)] * n
    if opts.profile == "sichuan_fan":
        mult = 2 ** (capped_total - 1)
        points = opts.base_points * mult
    elif opts.profile == "chengdu_simple" and opts.combination == "doubling":
        mult = 2 ** capped_total
        points = opts.base_points * mult
    else:
        mult = None
        points = capped_total
    base = max(shown, key=lambda r: r.value) if shown else None
    return ScoreResult(
        is_win=True, profile=opts.profile, unit=unit, base=base.name if base else None,
        base_fan=base.value if base else 0, gen=gen, kongs=int(f.kongs), total_fan=capped_total,
        multiplier=mult, points=points, fans=fans, form=form, capped=capped_total != total,
        uncapped_total=total)


def _not_win(opts: SichuanOptions, reason: str) -> ScoreResult:
    unit, _ = _PROFILE_SHAPE[opts.profile]
    return ScoreResult(is_win=False, profile=opts.profile, unit=unit, multiplier=0 if unit == "番" else None,
                       reason=reason)


def _suit_violation(mask: int, dq: Optional[int]) -> str:
    if dq is not None and mask >> dq & 1:
        return f"holds {_suit_label(dq)} tiles, its 定缺 suit (a hand holding its missing suit cannot win)"
    if mask == 7:
        return "holds all three suits (缺一门: a Sichuan win must lack one suit)"
    return ""


def _suit_label(s: int) -> str:
    return f"{SUIT_NAMES[SUITS[s]]} ({SUITS[s]})"


# ----------------------------------------------------------------------------------------------
# public scoring
# ----------------------------------------------------------------------------------------------
def score(hand, melds=(), win_tile=None, *, self_drawn: bool = False, after_kong: bool = False,
          kong_discard: bool = False, robbing_kong: bool = False, tianhu: bool = False, dihu: bool = False,
          dingque=None, profile: Optional[str] = None, options: Optional[SichuanOptions] = None) -> ScoreResult:
    """Score a complete Sichuan hand (concealed tiles *including* the winning tile, plus ``melds``).

    ``after_kong`` 杠上花 (needs ``self_drawn``), ``kong_discard`` 杠上炮 (a discard after a kong),
    ``robbing_kong`` 抢杠 (a discard win), ``tianhu``/``dihu`` 天胡/地胡 (no melds). ``dingque``:
    the 定缺 suit (default ``options.dingque``). ``profile`` picks the preset options when ``options``
    is not given. A hand that is not a legal win (shape, 缺一门, 定缺) gives ``is_win=False`` and
    ``reason``; malformed input raises ``ValueError``.

    >>> r = score("11224444557799m", win_tile="1m")
    >>> r.base, r.gen, r.total_fan, r.multiplier
    ('清龙七对', 0, 6, 32)
    >>> score("123345m66999p", melds=[Meld("kan", "2222p")], profile="sichuan_points").total_fan
    2
    """
    opts = _resolve_options(profile, options)
    c = _counts(hand)
    pons, kongs, _ = _melds(melds)
    _check_total(c, pons, kongs, 14, "hand")
    for name, v in (("self_drawn", self_drawn), ("after_kong", after_kong), ("kong_discard", kong_discard),
                    ("robbing_kong", robbing_kong), ("tianhu", tianhu), ("dihu", dihu)):
        if not isinstance(v, (bool, np.bool_)):
            raise TypeError(f"{name} must be a bool, got {type(v).__name__}")
    if after_kong and not self_drawn:
        raise ValueError("after_kong (杠上花) is a self-drawn win: pass self_drawn=True")
    if kong_discard and self_drawn:
        raise ValueError("kong_discard (杠上炮) is a win on a discard: self_drawn must be False")
    if robbing_kong and self_drawn:
        raise ValueError("robbing_kong (抢杠) is a win on another player's kong tile: self_drawn must be False")
    if sum(map(bool, (after_kong, kong_discard, robbing_kong))) > 1:
        raise ValueError("at most one of after_kong, kong_discard, robbing_kong")
    if tianhu and dihu:
        raise ValueError("tianhu and dihu exclude each other")
    if (tianhu or dihu) and (pons or kongs):
        raise ValueError("tianhu/dihu: the hand cannot have declared melds")
    if win_tile is not None:
        w = tile_index(win_tile)
        if w >= 27:
            raise ValueError(f"win_tile {TILE_NAMES[w]}: Sichuan mahjong has no honors")
        if c[w] < 1:
            raise ValueError(f"win_tile {TILE_NAMES[w]} is not among the concealed tiles "
                             "(the hand includes the winning tile)")
    dq = normalize_dingque(opts.dingque if dingque is None else dingque)
    why = _suit_violation(_suit_mask(c, pons, kongs), dq)
    if why:
        return _not_win(opts, why)
    seven = not pons and not kongs and all(x % 2 == 0 for x in c)
    arr = np.zeros(34, np.uint8)
    arr[:27] = c[:27]
    std = bool(mjpy.is_win(arr, melds=len(pons) + len(kongs), forms=("standard",)))
    if not (std or seven):
        return _not_win(opts, "not a complete hand (no four sets + pair and no seven pairs)")
    f = _facts(c, pons, kongs, std, opts, self_drawn=bool(self_drawn), gangshanghua=bool(after_kong),
               gangshangpao=bool(kong_discard), qianggang=bool(robbing_kong), tianhu=bool(tianhu), dihu=bool(dihu))
    return _result(f, opts, "standard" if std and not (seven and _prefers_seven(f, opts)) else "seven_pairs")


def _prefers_seven(f: HandFacts, opts: SichuanOptions) -> bool:
    base, _, _, _ = _evaluate(f, opts)
    return bool(base) and "seven" in base[0].requires


# ----------------------------------------------------------------------------------------------
# 查大叫
# ----------------------------------------------------------------------------------------------
def _tenpai_setup(hand13, melds, dingque, opts):
    c = _counts(hand13)
    pons, kongs, _ = _melds(melds)
    _check_total(c, pons, kongs, 13, "hand")
    dq = normalize_dingque(opts.dingque if dingque is None else dingque)
    mask = _suit_mask(c, pons, kongs)
    if _suit_violation(mask, dq):
        return c, pons, kongs, 0
    if dq is not None:
        allowed = 7 & ~(1 << dq)
    elif mask in (3, 5, 6):
        allowed = mask
    else:
        allowed = 7
    arr = np.zeros(34, np.uint8)
    arr[:27] = c[:27]
    wm = mjpy.waits_mask(arr, melds=len(pons) + len(kongs), forms=("standard", "seven_pairs"),
                         include_exhausted=opts.count_exhausted_waits)
    wm &= _SUIT_BITS[allowed]
    if not opts.count_exhausted_waits:   # the kernel cannot see the melds' copies
        for t in pons:
            if c[t] and wm >> t & 1:
                wm &= ~(1 << t)
        for t in kongs:
            wm &= ~(1 << t)
    return c, pons, kongs, wm


_SUIT_BITS = [sum(((1 << 9) - 1) << (9 * s) for s in range(3) if a >> s & 1) for a in range(8)]


def tenpai_scores(hand13, melds=(), dingque=None, *, profile: Optional[str] = None,
                  options: Optional[SichuanOptions] = None) -> Dict[str, ScoreResult]:
    """Every legal wait of a 13-tile hand -> the :class:`ScoreResult` of winning on it (a discard
    win with no situational extras, 根 included, docs/rules.md#sichuan-settle). Empty when not 听 (a hand still
    holding its 定缺 suit, or all three suits, is not 听). Exhausted waits (all four copies held)
    count unless ``options.count_exhausted_waits`` is false; their hand holds a virtual fifth copy.

    >>> {t: r.total_fan for t, r in tenpai_scores("1122244p557799m", dingque="s").items()}
    {'2p': 5}
    """
    opts = _resolve_options(profile, options)
    c, pons, kongs, wm = _tenpai_setup(hand13, melds, dingque, opts)
    out = {}
    while wm:
        t = (wm & -wm).bit_length() - 1
        wm &= wm - 1
        c[t] += 1
        f = _facts(c, pons, kongs, None, opts)
        out[TILE_NAMES[t]] = _result(f, opts, "standard" if f.std else "seven_pairs")
        c[t] -= 1
    return out


def best_fan_if_tenpai(hand13, melds=(), dingque=None, *, profile: Optional[str] = None,
                       options: Optional[SichuanOptions] = None) -> Optional[int]:
    """大叫: the maximum (``options.chadajiao == "min"``: minimum) total over the waits of a 13-tile
    hand, in the profile's unit (番 or 分), after the cap; ``None`` when not 听 (docs/rules.md#c05).

    >>> best_fan_if_tenpai("1122244p557799m", dingque="s"), best_fan_if_tenpai("1122244p557799m", dingque="p")
    (5, None)
    """
    from . import _sichuan

    opts = _resolve_options(profile, options)
    c = _counts(hand13)
    if not melds:
        if sum(c) != 13:
            raise ValueError(f"hand has {sum(c)} concealed tiles with 0 melds: expected 13")
        mb = b""
    else:
        pons, kongs, _ = _melds(melds)
        _check_total(c, pons, kongs, 13, "hand")
        mb = _meld_bytes(pons, kongs)
    dq = normalize_dingque(opts.dingque if dingque is None else dingque)
    v = _sichuan.best_fan(bytes(c), mb, -1 if dq is None else dq, _compiled(opts))
    return None if v < 0 else v


def forced_win(hand13, tile, wall_remaining: int, melds=(), dingque=None, *, profile: Optional[str] = None,
               options: Optional[SichuanOptions] = None) -> bool:
    """最后四张自动胡 (docs/rules.md#c06): whether a player must win on ``tile`` (drawn or discarded)
    when ``wall_remaining`` tiles (at most 4) are left in the wall, i.e. the option
    ``last_four_forced`` is in effect and ``hand13`` + ``tile`` is a legal win (shape, 缺一门, 定缺).
    With ``last_four_forced=None`` (the default) the rule applies unless 定缺 is played, that is
    unless a 定缺 suit is given (``dingque`` or ``options.dingque``; SC-D exempts the last four with 定缺).
    Servers call it to refuse a pass on the last four tiles.

    >>> forced_win("1122244p557799m", "2p", wall_remaining=3)
    True
    >>> forced_win("1122244p557799m", "2p", wall_remaining=3, dingque="s")
    False
    >>> forced_win("1122244p557799m", "2p", wall_remaining=3, dingque="s",
    ...            options=SichuanOptions(last_four_forced=True))
    True
    """
    opts = _resolve_options(profile, options)
    if isinstance(wall_remaining, bool) or not isinstance(wall_remaining, (int, np.integer)) or wall_remaining < 0:
        raise ValueError(f"wall_remaining must be an int >= 0, got {wall_remaining!r}")
    c = _counts(hand13)
    pons, kongs, ml = _melds(melds)
    _check_total(c, pons, kongs, 13, "hand")
    t = tile_index(tile)
    if t >= 27:
        raise ValueError(f"tile {TILE_NAMES[t]}: Sichuan mahjong has no honors")
    dq = normalize_dingque(opts.dingque if dingque is None else dingque)
    forced = dq is None if opts.last_four_forced is None else opts.last_four_forced
    if wall_remaining > 4 or not forced:
        return False
    c[t] += 1
    if c[t] + sum(3 for p in pons if p == t) + sum(4 for k in kongs if k == t) > 4:
        return False
    return score(np.array(c, np.uint8), ml, win_tile=t, dingque=dingque, options=opts).is_win


def _meld_bytes(pons, kongs) -> bytes:
    m = bytearray(34)
    for t in pons:
        m[t] = 3
    for t in kongs:
        m[t] = 4
    return bytes(m)


# ----------------------------------------------------------------------------------------------
# batch 查大叫
# ----------------------------------------------------------------------------------------------
def _batch_hands(hands) -> np.ndarray:
    h = np.asarray(hands)
    if h.ndim != 2 or h.shape[1] != 34:
        raise ValueError(f"hands must be an (N, 34) array of tile counts, got shape {h.shape}")
    if not np.issubdtype(h.dtype, np.integer):
        raise TypeError(f"hands must hold integer counts, got dtype {h.dtype}")
    if h.dtype != np.uint8 or (h.size and h.max() > 4):
        bad = (h < 0) | (h > 4)
        if bad.any():
            r, t = (int(x) for x in np.argwhere(bad)[0])
            raise ValueError(f"hands row {r}: {TILE_NAMES[t]} count {int(h[r, t])} outside 0-4")
    if len(h) and h[:, 27:].any():
        r = int(np.argmax(h[:, 27:].any(1)))
        raise ValueError(f"hands row {r}: Sichuan mahjong uses the 108 suited tiles (万筒条) only; honors found")
    return np.ascontiguousarray(h, dtype=np.uint8)


def melds_array(meld_lists: Sequence) -> np.ndarray:
    """Per-row melds as an (N, 34) int8 array for the batch calls: 3 = a 碰 of that tile, 4 = a kong,
    0 = none (Sichuan melds are pon or kong, one per tile kind).

    >>> melds_array([[Meld("pon", "555p")], []])[:, 13].tolist()
    [3, 0]
    """
    out = np.zeros((len(meld_lists), 34), np.int8)
    for i, ms in enumerate(meld_lists):
        pons, kongs, _ = _melds(ms)
        for t in pons:
            out[i, t] = 3
        for t in kongs:
            out[i, t] = 4
    return out


def _batch_melds(melds, n: int) -> np.ndarray:
    if isinstance(melds, np.ndarray) and melds.ndim == 2:
        m = melds
        if m.shape != (n, 34):
            raise ValueError(f"melds must be an (N, 34) array matching hands ({n} rows), got shape {m.shape}")
        if not np.isin(m, (0, 3, 4)).all():
            raise ValueError("melds array entries must be 0, 3 (pon) or 4 (kong)")
        if m[:, 27:].any():
            raise ValueError("melds: Sichuan mahjong uses the 108 suited tiles (万筒条) only; honors found")
        return m.astype(np.int16)
    if isinstance(melds, (list, tuple)):
        if len(melds) != n:
            raise ValueError(f"melds: {len(melds)} meld lists for {n} hands")
        return melds_array(melds).astype(np.int16)
    raise TypeError("melds must be None, an (N, 34) array of 0/3/4, or one list of Meld per row")


def _batch_dingque(dingque, n: int) -> np.ndarray:
    if dingque is None or isinstance(dingque, (str, int, np.integer)):
        d = normalize_dingque(dingque)
        return np.full(n, -1 if d is None else d, np.int8)
    arr = np.asarray(dingque)
    if arr.shape != (n,):
        raise ValueError(f"dingque must be one suit or one per row ({n}), got shape {arr.shape}")
    if np.issubdtype(arr.dtype, np.integer):
        if ((arr < -1) | (arr > 2)).any():
            raise ValueError("dingque array entries must be -1 (none), 0 (m), 1 (p) or 2 (s)")
        return arr.astype(np.int8)
    return np.array([-1 if normalize_dingque(x) is None else normalize_dingque(x) for x in arr], np.int8)


def _batch_arrays(hands, melds) -> Tuple[np.ndarray, Optional[np.ndarray]]:
    """(N, 34) C-contiguous uint8 hands and int8 melds (or None) with types and shapes checked; the
    values are checked row by row in the kernel loop (:func:`_bad_row` explains a rejected row)."""
    h = hands if type(hands) is np.ndarray else np.asarray(hands)
    if h.ndim != 2 or h.shape[1] != 34:
        raise ValueError(f"hands must be an (N, 34) array of tile counts, got shape {h.shape}")
    if not np.issubdtype(h.dtype, np.integer):
        raise TypeError(f"hands must hold integer counts, got dtype {h.dtype}")
    if h.dtype != np.uint8:
        _batch_hands(h)                       # range check before narrowing
        h = h.astype(np.uint8)
    h = np.ascontiguousarray(h)
    if melds is None or (isinstance(melds, (int, np.integer)) and not isinstance(melds, bool) and melds == 0):
        return h, None
    if isinstance(melds, np.ndarray) and melds.ndim == 2:
        if melds.shape != h.shape:
            raise ValueError(f"melds must be an (N, 34) array matching hands ({len(h)} rows), got shape {melds.shape}")
        if not np.issubdtype(melds.dtype, np.integer):
            raise TypeError(f"melds must hold integers 0, 3 (pon) or 4 (kong), got dtype {melds.dtype}")
        if melds.dtype != np.int8:
            _batch_melds(melds, len(h))
            melds = melds.astype(np.int8)
        return h, np.ascontiguousarray(melds)
    return h, np.ascontiguousarray(_batch_melds(melds, len(h)).astype(np.int8))


def _bad_row(h: np.ndarray, marr: Optional[np.ndarray], r: int, need: int) -> str:
    """Why row ``r`` was rejected by the kernel loop."""
    row = h[r]
    for t in range(34):
        if row[t] > 4:
            return f"hands row {r}: {TILE_NAMES[t]} count {int(row[t])} outside 0-4"
    if row[27:].any():
        return f"hands row {r}: Sichuan mahjong uses the 108 suited tiles (万筒条) only; honors found"
    k = 0
    if marr is not None:
        m = marr[r]
        if not np.isin(m, (0, 3, 4)).all():
            return f"melds row {r}: entries must be 0, 3 (pon) or 4 (kong)"
        if m[27:].any():
            return f"melds row {r}: Sichuan mahjong uses the 108 suited tiles (万筒条) only; honors found"
        tot = row.astype(np.int16) + m
        if (tot > 4).any():
            t = int(np.argmax(tot > 4))
            return f"hands row {r}: {TILE_NAMES[t]} appears {int(tot[t])} times counting the melds (at most 4)"
        k = int((m != 0).sum())
    return (f"hands row {r} has {int(row.sum())} concealed tiles with {k} meld{'s' if k != 1 else ''}: "
            f"expected {need - 3 * k}")


def _run_batch(h, marr, dq, flags, opts, score: bool, workers) -> np.ndarray:
    from . import _sichuan

    out, bad = _sichuan.run_batch(h, marr, dq, flags, _compiled(opts), score, workers)
    if bad >= 0:
        raise ValueError(_bad_row(h, marr, bad, 14 if score else 13))
    return out


def best_fan_if_tenpai_batch(hands, melds=None, dingque=None, *, profile: Optional[str] = None,
                             options: Optional[SichuanOptions] = None, workers=None) -> np.ndarray:
    """:func:`best_fan_if_tenpai` of every row: ``hands`` (N, 34) counts of 13 − 3·melds concealed
    tiles -> int16 (N,), ``-1`` where the hand is not 听. Runs without the GIL on ``workers``
    threads (``None`` = all cores).

    ``melds``: ``None`` (all concealed), an (N, 34) array (3 = 碰, 4 = kong; :func:`melds_array`) or
    one list of :class:`Meld` per row. ``dingque``: one suit for all rows or an (N,) array (-1 none,
    0 m, 1 p, 2 s, or suit letters).

    >>> import numpy as np, mjpy
    >>> best_fan_if_tenpai_batch(np.stack([mjpy.parse("1122244p557799m"), mjpy.parse("1122244p557799s")]),
    ...                          dingque="s").tolist()
    [5, -1]
    """
    opts = _resolve_options(profile, options)
    workers = resolve_workers(workers)
    h, marr = _batch_arrays(hands, melds)
    dq = _batch_dingque(opts.dingque if dingque is None else dingque, len(h))
    return _run_batch(h, marr, dq, None, opts, False, workers)


_FLAG_ARGS = ("self_drawn", "after_kong", "kong_discard", "robbing_kong", "tianhu", "dihu")


def _batch_flags(n: int, **flags) -> Optional[np.ndarray]:
    from . import _sichuan

    bits = {"self_drawn": "self_drawn", "after_kong": "gangshanghua", "kong_discard": "gangshangpao",
            "robbing_kong": "qianggang", "tianhu": "tianhu", "dihu": "dihu"}
    out = np.zeros(n, np.uint16)
    arrs = {}
    for name in _FLAG_ARGS:
        v = flags[name]
        a = np.asarray(v)
        if a.dtype != np.bool_:
            raise TypeError(f"{name} must be a bool or a bool array, got {a.dtype if a.ndim else type(v).__name__}")
        if a.shape not in ((), (n,)):
            raise ValueError(f"{name} must be one bool or one per row ({n}), got shape {a.shape}")
        a = np.broadcast_to(a, (n,))
        arrs[name] = a
        out |= a.astype(np.uint16) * np.uint16(_sichuan.FACT_BITS[bits[name]])
    sd = arrs["self_drawn"]
    for name, need_sd in (("after_kong", True), ("kong_discard", False), ("robbing_kong", False)):
        bad = arrs[name] & (sd != need_sd)
        if bad.any():
            r = int(np.argmax(bad))
            raise ValueError(f"row {r}: {name} needs self_drawn={need_sd}")
    bad = (arrs["after_kong"].astype(int) + arrs["kong_discard"] + arrs["robbing_kong"]) > 1
    if bad.any():
        raise ValueError(f"row {int(np.argmax(bad))}: at most one of after_kong, kong_discard, robbing_kong")
    bad = arrs["tianhu"] & arrs["dihu"]
    if bad.any():
        raise ValueError(f"row {int(np.argmax(bad))}: tianhu and dihu exclude each other")
    return out


def score_batch(hands, win_tile=None, *, melds=None, self_drawn=False, after_kong=False, kong_discard=False,
                robbing_kong=False, tianhu=False, dihu=False, dingque=None, profile: Optional[str] = None,
                options: Optional[SichuanOptions] = None, workers=None) -> np.ndarray:
    """Total of every complete hand (the :attr:`ScoreResult.total_fan` of :func:`score`), without the
    GIL on ``workers`` threads: ``hands`` (N, 34) concealed counts *including* the winning tile
    -> int16 (N,), ``-1`` where the row is not a legal win (shape, 缺一门, 定缺).

    ``win_tile`` (optional, (N,) tile indices) is checked to be in each hand; the flags are one bool
    or a bool array per row; ``melds`` and ``dingque`` as in :func:`best_fan_if_tenpai_batch`.

    >>> import numpy as np, mjpy
    >>> score_batch(np.stack([mjpy.parse("11224444557799m"), mjpy.parse("11122233345679m")]),
    ...             self_drawn=True).tolist()
    [6, -1]
    """
    from . import _sichuan

    opts = _resolve_options(profile, options)
    workers = resolve_workers(workers)
    h, marr = _batch_arrays(hands, melds)
    n = len(h)
    flags = _batch_flags(n, self_drawn=self_drawn, after_kong=after_kong, kong_discard=kong_discard,
                         robbing_kong=robbing_kong, tianhu=tianhu, dihu=dihu)
    if marr is not None:
        bad = (flags & (_sichuan.FACT_BITS["tianhu"] | _sichuan.FACT_BITS["dihu"])).astype(bool) & (marr != 0).any(1)
        if bad.any():
            raise ValueError(f"row {int(np.argmax(bad))}: tianhu/dihu: the hand cannot have declared melds")
    if win_tile is not None:
        w = np.asarray(win_tile)
        if w.shape != (n,) or not np.issubdtype(w.dtype, np.integer):
            raise ValueError(f"win_tile must be an (N,) integer array of tile indices ({n} rows), got "
                             f"shape {w.shape} dtype {w.dtype}")
        if ((w < 0) | (w > 26)).any():
            r = int(np.argmax((w < 0) | (w > 26)))
            raise ValueError(f"win_tile[{r}] = {int(w[r])}: Sichuan tiles are indices 0-26")
        missing = h[np.arange(n), w] == 0
        if missing.any():
            r = int(np.argmax(missing))
            raise ValueError(f"row {r}: win_tile {TILE_NAMES[int(w[r])]} is not among the concealed tiles")
    dq = _batch_dingque(opts.dingque if dingque is None else dingque, n)
    return _run_batch(h, marr, dq, flags, opts, True, workers)


def __getattr__(name):
    """``sichuan.settle``, ``sichuan.SettleOptions`` ...: the settlement API of
    :mod:`mjpy.rules.sichuan_settle` (its ``__all__``), looked up on first use."""
    if not name.startswith("_"):
        from . import sichuan_settle as _s   # local: sichuan_settle imports this module, not the reverse

        if name in _s.__all__:
            return getattr(_s, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
