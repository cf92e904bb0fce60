"""Sichuan / Chengdu mahjong (四川麻将 / 成都麻将, 血战到底): fan tables, scoring and 查大叫.

rules.md §2 (profiles ``sichuan_fan`` (default), ``sichuan_points``, ``chengdu_simple``), conflicts
C01, C03, C05, C07, C09, C10 (§22) and the ``sichuan.*`` flags of §24.

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
seeds print it, English alias, value, predicate, what it excludes). Predicates read a small record of
hand facts (:class:`HandFacts`) and are written with ``&``/``|``/comparisons only, so the same rows
score one hand (Python values) and a batch (numpy arrays) in :func:`best_fan_if_tenpai_batch`.
"""
from __future__ import annotations

import dataclasses
from collections import namedtuple
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

import mjpy
from mjpy.meld import Meld, coerce_melds
from mjpy.tiles import TILE_NAMES, tile_index

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
_DINGQUE_ALIASES = {
    "m": 0, "万": 0, "萬": 0, "wan": 0, "man": 0, "characters": 0,
    "p": 1, "筒": 1, "饼": 1, "餅": 1, "tong": 1, "pin": 1, "dots": 1,
    "s": 2, "条": 2, "條": 2, "索": 2, "tiao": 2, "sou": 2, "bamboo": 2,
}
_TERMINALS = (0, 8, 9, 17, 18, 26)
_DQ_FAST = {None: (None,), 0: (0,), 1: (1,), 2: (2,), "m": (0,), "p": (1,), "s": (2,)}
_KONG_KINDS = frozenset(("minkan", "kakan", "ankan", "kan"))


# ----------------------------------------------------------------------------------------------
# options
# ----------------------------------------------------------------------------------------------
PROFILES = ("sichuan_fan", "sichuan_points", "chengdu_simple")


@dataclass(frozen=True)
class SichuanOptions:
    """Every Sichuan option (rules.md §24 ``sichuan.*``); frozen, hashable, picklable.

    Build one with :meth:`preset` (the profile's defaults) and change fields with :meth:`replace`:

    >>> SichuanOptions.preset("sichuan_points").chadajiao
    'min'
    >>> SichuanOptions.preset("sichuan_fan").replace(max_fan=4).max_fan
    4
    """

    #: ``sichuan.profile``: which fan table (C01, C10).
    profile: str = "sichuan_fan"
    #: ``sichuan.dingque``: default 定缺 suit (``None``/``"m"``/``"p"``/``"s"``); the ``dingque=``
    #: argument of the functions overrides it. Without one, any missing suit satisfies 缺一门 (R1).
    dingque: Optional[str] = None
    #: ``sichuan.gen_counts_pon_plus_held``: a 碰 plus the fourth copy held in hand is a 根 (C07).
    gen_counts_pon_plus_held: bool = True
    #: ``sichuan.kong_counts_as_gen``: each declared kong is also a 根 (C07; default false: kongs
    #: are paid through 刮风下雨 in ``sichuan_fan`` and score their own 杠 row in the others).
    kong_counts_as_gen: bool = False
    #: ``sichuan.max_fan``: cap (封顶) on the total, in the profile's unit; ``None`` = no cap.
    max_fan: Optional[int] = None
    #: ``sichuan.daiyaojiu_pair_must_contain_terminal`` (C03): the pair of 带幺九 needs a 1 or 9 too.
    daiyaojiu_pair_must_contain_terminal: bool = True
    #: ``sichuan.chadajiao`` (C05): 查大叫 pays the ``"max"`` or ``"min"`` score over the waits.
    chadajiao: str = "max"
    #: ``waits.count_exhausted`` (§1.8, §2.10): a wait whose four copies are all in the player's own
    #: hand and melds still makes the hand 听 for 查大叫.
    count_exhausted_waits: bool = True
    #: 基本分 (SC-C): ``points = base_points × multiplier`` in the doubling profiles.
    base_points: int = 6
    #: ``sichuan_points.qing_qidui_8`` (C01): 清一色 七对 scores the 8分 "清七对" row.
    qing_qidui_8: bool = False
    #: ``sichuan_points.qianggang_mode`` (C09): ``"bonus"`` (+1分) or ``"row"`` (the 2分 抢杠胡 base row).
    qianggang_mode: str = "bonus"
    #: ``chengdu_simple.combination`` (§2.7): ``"additive"`` (番 add, no multiplier) or ``"doubling"``
    #: (multiplier 2**番).
    combination: str = "additive"
    # settlement flags (used by ``settle``; §2.8-§2.11)
    #: ``sichuan.zhigang.rate`` (C04): 直杠 pays 1 or 2 × 基本分.
    zhigang_rate: int = 1
    #: ``sichuan.zhigang.mode`` (C04): ``"single"``, ``"jiajiayou"`` (家家有) or ``"chengbao"`` (承包制).
    zhigang_mode: str = "single"
    #: ``sichuan.zimo_jiadi`` (§2.9): 自摸加底.
    zimo_jiadi: bool = False
    #: 呼叫转移 (§2.9): a 杠上炮 moves the kong's income to the winner.
    hujiao_zhuanyi: bool = True
    #: ``sichuan.last_four_forced`` (C06); ``None`` = true unless 定缺 is on.
    last_four_forced: Optional[bool] = None
    #: 查花猪 (§2.10): a 花猪 pays this many × 基本分 to each non-花猪.
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
        """The defaults of ``profile`` (rules.md §24), with ``overrides`` applied."""
        if profile not in _PRESETS:
            raise ValueError(f"unknown Sichuan profile {profile!r}; expected one of {', '.join(PROFILES)}")
        return dataclasses.replace(_PRESETS[profile], **overrides) if overrides else _PRESETS[profile]

    def replace(self, **changes) -> "SichuanOptions":
        """A copy with ``changes`` (``dataclasses.replace``)."""
        return dataclasses.replace(self, **changes)

    @property
    def last_four_forced_effective(self) -> bool:
        """C06: forced unless 定缺 is on (when ``last_four_forced`` is ``None``)."""
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
    ``None``/``""`` -> ``None``."""
    hit = _DQ_FAST.get(dingque) if type(dingque) in (str, int, type(None)) else None
    if hit is not None:
        return hit[0]
    if dingque is None or (isinstance(dingque, str) and not dingque.strip()):
        return None
    if isinstance(dingque, (int, np.integer)) and not isinstance(dingque, bool) and 0 <= int(dingque) <= 2:
        return int(dingque)
    if isinstance(dingque, str):
        d = _DINGQUE_ALIASES.get(dingque.strip().lower())
        if d is not None:
            return d
    raise ValueError(f"dingque must be a suit: 'm' (万), 'p' (筒) or 's' (条), got {dingque!r}")


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
    (option C03); ``qing`` one suit over tiles and melds; ``jiang`` every tile a 2, 5 or 8; ``gen``
    根 before the 龙七对 adjustment; ``kongs`` declared kongs; then the situational flags
    ``self_drawn``, ``gangshanghua`` 杠上花, ``gangshangpao`` 杠上炮, ``qianggang`` 抢杠,
    ``tianhu``, ``dihu``.
    """

    __slots__ = ()


@dataclass(frozen=True)
class FanRow:
    """One fan: ``name`` as the seeds print it, English ``alias``, ``value`` in the profile's unit.

    ``kind`` is ``"base"`` (基本番: satisfied or not, the largest one counts in the ``max``
    profiles) or ``"extra"`` (另加番: ``count(facts)`` times ``value``). ``excludes`` names what the
    row replaces; ``gen_minus`` 根 are not counted with it (龙七对 "同时减1根"). ``when`` names the
    option that enables the row (``"qing_qidui_8"``, ``"qianggang_mode=row"``...), ``""`` = always.
    """

    name: str
    alias: str
    value: int
    kind: str
    test: Callable[[HandFacts], object]
    excludes: Tuple[str, ...] = ()
    gen_minus: int = 0
    when: str = ""
    source: str = ""

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


# predicates (module-level functions: picklable, work on scalars and arrays)
def _p_win(f): return f.std | f.seven
def _p_std(f): return f.std
def _p_allpung(f): return f.allpung
def _p_qing(f): return f.qing
def _p_yaojiu(f): return f.yaojiu
def _p_seven_plain(f): return f.seven & (f.quads == 0)
def _p_seven(f): return f.seven
def _p_qingdui(f): return f.qing & f.allpung
def _p_jiangdui(f): return f.allpung & f.jiang
def _p_long(f): return f.seven & (f.quads > 0)
def _p_qing_seven_plain(f): return f.qing & f.seven & (f.quads == 0)
def _p_qing_seven(f): return f.qing & f.seven
def _p_qingyaojiu(f): return f.qing & f.yaojiu
def _p_qinglong(f): return f.qing & f.seven & (f.quads > 0)
def _p_tianhu(f): return f.tianhu
def _p_dihu(f): return f.dihu
def _p_qianggang(f): return f.qianggang
def _c_gangshanghua(f): return f.gangshanghua
def _c_gangshangpao(f): return f.gangshangpao
def _c_qianggang(f): return f.qianggang
def _c_kongs(f): return f.kongs
def _c_gen(f): return f.gen


_GEN_FAN = FanRow("根", "gen", 1, "extra", _c_gen, source="SC-A 四张同样的牌不作杠算1根，胡牌时1根加1番")

FAN_TABLES: Dict[str, Tuple[FanRow, ...]] = {
    # rules.md §2.5, SC-A + SC-C: 番, doubling, only the largest 基本番 counts.
    "sichuan_fan": (
        FanRow("平胡", "pinghu", 1, "base", _p_std, source="SC-A 四坎牌加一对将"),
        FanRow("对对胡", "duiduihu", 2, "base", _p_allpung, ("平胡",)),
        FanRow("清一色", "qingyise", 3, "base", _p_qing, ("平胡",)),
        FanRow("带幺九", "daiyaojiu", 3, "base", _p_yaojiu, ("平胡",)),
        FanRow("七对", "qidui", 3, "base", _p_seven_plain),
        FanRow("清对", "qingdui", 4, "base", _p_qingdui, ("清一色", "对对胡")),
        FanRow("将对", "jiangdui", 4, "base", _p_jiangdui, ("对对胡",)),
        FanRow("龙七对", "longqidui", 5, "base", _p_long, ("七对", "根"), gen_minus=1,
               source="SC-A 不再计七对，同时减1根"),
        FanRow("清七对", "qingqidui", 5, "base", _p_qing_seven_plain, ("清一色", "七对")),
        FanRow("清幺九", "qingyaojiu", 5, "base", _p_qingyaojiu, ("清一色", "带幺九")),
        FanRow("天胡", "tianhu", 6, "base", _p_tianhu),
        FanRow("地胡", "dihu", 6, "base", _p_dihu),
        FanRow("清龙七对", "qinglongqidui", 6, "base", _p_qinglong, ("清七对", "龙七对", "清一色", "七对", "根"),
               gen_minus=1, source="SC-A 青龙七对 = 清龙七对, 算番时减1根"),
        _GEN_FAN,
        FanRow("杠上花", "gangshanghua", 1, "extra", _c_gangshanghua),
        FanRow("杠上炮", "gangshangpao", 1, "extra", _c_gangshangpao),
    ),
    # rules.md §2.6, SC-B: additive 分, only the largest base row counts; +1 per 杠 and per 根.
    "sichuan_points": (
        FanRow("平胡", "pinghu", 1, "base", _p_std),
        FanRow("对对胡", "duiduihu", 2, "base", _p_allpung, ("平胡",)),
        FanRow("抢杠胡", "qiangganghu", 2, "base", _p_qianggang, ("平胡",), when="qianggang_mode=row",
               source="C09: only with qianggang_mode='row' (default: 抢杠 is the +1 bonus)"),
        FanRow("清一色", "qingyise", 3, "base", _p_qing, ("平胡",)),
        FanRow("幺九牌", "daiyaojiu", 3, "base", _p_yaojiu, ("平胡",)),
        FanRow("七对", "qidui", 3, "base", _p_seven, source="quads add 根 (七对+2根=双龙七对 5分)"),
        FanRow("清对", "qingdui", 4, "base", _p_qingdui, ("清一色", "对对胡")),
        FanRow("将对", "jiangdui", 4, "base", _p_jiangdui, ("对对胡",)),
        FanRow("天胡", "tianhu", 8, "base", _p_tianhu),
        FanRow("地胡", "dihu", 8, "base", _p_dihu),
        FanRow("清七对", "qingqidui", 8, "base", _p_qing_seven, ("清一色", "七对"), when="qing_qidui_8",
               source="C01: the 8分 row, only with qing_qidui_8"),
        FanRow("杠", "kong", 1, "extra", _c_kongs, source="SC-B 胡牌时，每有一扛加1分"),
        _GEN_FAN,
        FanRow("杠上花", "gangshanghua", 2, "extra", _c_gangshanghua),
        FanRow("抢杠", "qianggang", 1, "extra", _c_qianggang, when="qianggang_mode=bonus"),
    ),
    # rules.md §2.7, CD-F: every listed fan adds (combination additive; P和 = no fan).
    "chengdu_simple": (
        FanRow("P和", "p_hu", 0, "base", _p_win, source="CD-F 無番也可和，為P和"),
        FanRow("對對和", "duiduihu", 1, "base", _p_allpung),
        FanRow("七對", "qidui", 2, "base", _p_seven),
        FanRow("清一色", "qingyise", 2, "base", _p_qing),
        FanRow("槓", "kong", 1, "extra", _c_kongs),
        FanRow("四歸一", "siguiyi", 1, "extra", _c_gen, source="CD-F 槓或四歸一 (each)"),
        FanRow("槓上開花", "gangshanghua", 1, "extra", _c_gangshanghua),
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


# ----------------------------------------------------------------------------------------------
# results
# ----------------------------------------------------------------------------------------------
class FanEntry(namedtuple("FanEntry", "name value")):
    """``(name, value)`` with the seeds' Chinese name; ``.alias`` is the English name."""

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
    """花猪 (R5): the player holds tiles of all three suits (concealed tiles and melds).

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
    return bool(base) and base[0].test in (_p_seven_plain, _p_seven, _p_long, _p_qing_seven_plain,
                                          _p_qing_seven, _p_qinglong)


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
    win with no situational extras, 根 included, rules.md §2.10). Empty when not 听 (a hand still
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
    hand, in the profile's unit (番 or 分), after the cap; ``None`` when not 听 (C05).

    >>> best_fan_if_tenpai("1122244p557799m", dingque="s"), best_fan_if_tenpai("1122244p557799m", dingque="p")
    (5, None)
    """
    opts = _resolve_options(profile, options)
    c, pons, kongs, wm = _tenpai_setup(hand13, melds, dingque, opts)
    if not wm:
        return None
    best = None
    use_max = opts.chadajiao == "max"
    cap = opts.max_fan
    while wm:
        t = (wm & -wm).bit_length() - 1
        wm &= wm - 1
        c[t] += 1
        _, _, _, total = _evaluate(_facts(c, pons, kongs, None, opts), opts)
        c[t] -= 1
        if cap is not None and total > cap:
            total = cap
        if best is None or (total > best if use_max else total < best):
            best = total
    return best


# ----------------------------------------------------------------------------------------------
# batch 查大叫
# ----------------------------------------------------------------------------------------------
def _batch_hands(hands) -> np.ndarray:
    h = np.asarray(hands)
    if h.ndim != 2 or h.shape[1] != 34:
        raise ValueError(f"hands must be an (N, 34) array of tile counts, got shape {h.shape}")
    if not np.issubdtype(h.dtype, np.integer):
        raise ValueError(f"hands must hold integer counts, got dtype {h.dtype}")
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


def _sets_only_terminal_vec(c: np.ndarray) -> np.ndarray:
    X = c.reshape(len(c), 3, 9)
    r1 = X[:, :, 0] - X[:, :, 1]
    r9 = X[:, :, 8] - X[:, :, 7]
    ok = (X[:, :, 3:6] == 0).all(2) & (X[:, :, 1] == X[:, :, 2]) & (X[:, :, 6] == X[:, :, 7])
    ok &= (r1 >= 0) & (r9 >= 0) & (r1 % 3 == 0) & (r9 % 3 == 0)
    return ok.all(1)


def best_fan_if_tenpai_batch(hands, melds=None, dingque=None, *, profile: Optional[str] = None,
                             options: Optional[SichuanOptions] = None, workers=None,
                             chunk: int = 65536) -> np.ndarray:
    """:func:`best_fan_if_tenpai` of every row, in chunks of ``chunk`` rows spread over ``workers``
    threads (the kernel and most numpy steps release the GIL). See :func:`_best_fan_rows`.
    """
    from mjcore.batch import resolve_workers

    h = _batch_hands(hands)
    n = len(h)
    nw = resolve_workers(workers)
    if nw == 1 or n <= chunk:
        return _best_fan_rows(h, melds, dingque, profile=profile, options=options, workers=nw)
    bounds = [(i, min(i + chunk, n)) for i in range(0, n, chunk)]

    def part(b):
        a, z = b
        m = melds
        if m is not None and not (isinstance(m, (int, np.integer)) and not isinstance(m, bool)):
            m = m[a:z]
        d = dingque
        if d is not None and not isinstance(d, (str, int, np.integer)):
            d = np.asarray(d)[a:z]
        return _best_fan_rows(h[a:z], m, d, profile=profile, options=options, workers=1)

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=nw) as ex:
        return np.concatenate(list(ex.map(part, bounds)))


def _best_fan_rows(hands, melds=None, dingque=None, *, profile: Optional[str] = None,
                   options: Optional[SichuanOptions] = None, workers=None) -> np.ndarray:
    """:func:`best_fan_if_tenpai` of every row: ``hands`` (N, 34) counts of 13 − 3·melds concealed
    tiles -> int16 (N,), ``-1`` where the hand is not 听.

    ``melds``: ``None`` (all concealed), an (N, 34) array (3 = 碰, 4 = kong; :func:`melds_array`) or
    one list of :class:`Meld` per row. ``dingque``: one suit for all rows or an (N,) array (-1 none,
    0 m, 1 p, 2 s, or suit letters). The kernel's batch waits (on ``workers`` threads) filter the
    tenpai rows first; the fan table is then evaluated with numpy over every (row, wait) pair.

    >>> import numpy as np, mjpy
    >>> best_fan_if_tenpai_batch(np.stack([mjpy.parse("1122244p557799m"), mjpy.parse("1122244p557799s")]),
    ...                          dingque="s").tolist()
    [5, -1]
    """
    opts = _resolve_options(profile, options)
    h = _batch_hands(hands)
    n = len(h)
    out = np.full(n, -1, np.int16)
    if n == 0:
        return out
    if melds is None or (isinstance(melds, (int, np.integer)) and not isinstance(melds, bool) and melds == 0):
        marr = None
        n_melds = 0
    else:
        marr = _batch_melds(melds, n)
        n_melds = (marr > 0).sum(1).astype(np.int64)
        tot = h.astype(np.int16) + marr
        if (tot > 4).any():
            r = int(np.argmax((tot > 4).any(1)))
            raise ValueError(f"hands row {r}: more than 4 copies of a tile counting the melds")
    dq = _batch_dingque(opts.dingque if dingque is None else dingque, n)
    masks = mjpy.batch.waits(h, melds=n_melds, forms=("standard", "seven_pairs"),
                             include_exhausted=opts.count_exhausted_waits, workers=workers)
    tot = h[:, :27].astype(np.int16)
    if marr is not None:
        tot = tot + marr[:, :27]
    present = tot.reshape(n, 3, 9).sum(2) > 0                      # (n, 3)
    pmask = present @ np.array([1, 2, 4])
    has_dq = dq >= 0
    dq_held = has_dq & ((pmask >> np.where(has_dq, dq, 0)) & 1).astype(bool)
    legal = ~dq_held & (pmask != 7)
    allowed = np.where(has_dq, 7 & ~(1 << np.where(has_dq, dq, 0)),
                       np.where(np.isin(pmask, (3, 5, 6)), pmask, 7))
    bits = np.array(_SUIT_BITS, dtype=np.uint64)[allowed]
    masks = np.where(legal, masks & bits, np.uint64(0))
    if not opts.count_exhausted_waits and marr is not None:   # copies in melds: the kernel cannot see them
        full = (tot >= 4).astype(np.uint64) << np.arange(27, dtype=np.uint64)
        masks &= ~np.bitwise_or.reduce(full, axis=1)
    rows_t = np.nonzero(masks)[0]
    if len(rows_t) == 0:
        return out
    wbits = ((masks[rows_t, None] >> np.arange(27, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    ri, ti = np.nonzero(wbits)
    rows = rows_t[ri]
    M = len(rows)
    conc = h[rows, :27].astype(np.int16)
    conc[np.arange(M), ti] += 1
    if marr is not None:
        mr = marr[rows, :27]
        nm = n_melds[rows]
    else:
        mr = None
        nm = np.zeros(M, np.int64)
    F = _facts_vec(conc, mr, nm, opts)
    total = _evaluate_vec(F, opts, M)
    if opts.max_fan is not None:
        total = np.minimum(total, opts.max_fan)
    if opts.chadajiao == "max":
        np.maximum.at(out, rows, total.astype(np.int16))
    else:
        big = np.iinfo(np.int16).max
        tmp = np.full(n, big, np.int16)
        np.minimum.at(tmp, rows, total.astype(np.int16))
        out = np.where(tmp == big, np.int16(-1), tmp).astype(np.int16)
    return out


def _facts_vec(conc: np.ndarray, mr: Optional[np.ndarray], nm: np.ndarray, opts: SichuanOptions) -> HandFacts:
    M = len(conc)
    seven = (nm == 0) & (conc % 2 == 0).all(1)
    mod = conc % 3
    allpung = ~(mod == 1).any(1) & ((mod == 2).sum(1) == 1)
    quads = (conc >= 4).sum(1)
    gen = quads.copy()
    kongs = np.zeros(M, np.int64)
    tot = conc if mr is None else conc + mr
    if mr is not None:
        kongs = (mr == 4).sum(1)
        if opts.gen_counts_pon_plus_held:
            gen += ((mr == 3) & (conc >= 1)).sum(1)
        if opts.kong_counts_as_gen:
            gen += kongs
    rank = np.arange(27) % 9
    jiang = ~((tot > 0) & ~np.isin(rank, (1, 4, 7))).any(1)
    qing = ((tot.reshape(M, 3, 9).sum(2) > 0).sum(1) == 1)
    std = np.ones(M, bool)
    idx = np.nonzero(seven)[0]
    if len(idx):
        full = np.zeros((len(idx), 34), np.uint8)
        full[:, :27] = conc[idx]
        std[idx] = mjpy.batch.is_win(full, melds=0, forms=("standard",)).astype(bool)
    # 带幺九: melds of terminals only, and the concealed tiles split into terminal sets + a pair
    ok_melds = np.ones(M, bool) if mr is None else ~((mr > 0) & ~np.isin(np.arange(27), _TERMINALS)).any(1)
    yaojiu = np.zeros(M, bool)
    cand = np.nonzero(ok_melds & std)[0]
    if len(cand):
        cc = conc[cand]
        yj = np.zeros(len(cand), bool)
        for p in (_TERMINALS if opts.daiyaojiu_pair_must_contain_terminal else range(27)):
            has = cc[:, p] >= 2
            if not has.any():
                continue
            c2 = cc.copy()
            c2[:, p] -= 2
            yj |= has & _sets_only_terminal_vec(c2)
        yaojiu[cand] = yj
    return HandFacts(std=std, seven=seven, quads=quads, allpung=allpung, yaojiu=yaojiu, qing=qing,
                     jiang=jiang, gen=gen, kongs=kongs)


def _evaluate_vec(F: HandFacts, opts: SichuanOptions, M: int) -> np.ndarray:
    base_rows, extras, gen_row = _rows(opts)
    _, stacking = _PROFILE_SHAPE[opts.profile]
    gv = gen_row.value if gen_row is not None else 0
    ex_total = np.zeros(M, np.int64)
    for r in extras:
        ex_total += r.value * np.broadcast_to(np.asarray(r.test(F), dtype=np.int64), (M,))
    if stacking == "sum":
        t = ex_total + F.gen * gv
        for r in base_rows:
            t = t + r.value * np.broadcast_to(np.asarray(r.test(F), dtype=np.int64), (M,))
        return t
    best = np.full(M, np.iinfo(np.int64).min, np.int64)
    for r in base_rows:
        pred = np.broadcast_to(np.asarray(r.test(F), dtype=bool), (M,))
        if not pred.any():
            continue
        t = r.value + np.maximum(F.gen - r.gen_minus, 0) * gv
        best = np.where(pred & (t > best), t, best)
    return best + ex_total


def __getattr__(name):
    """Forward the settlement API (``settle`` ...) of :mod:`mjpy.rules.sichuan_settle`."""
    if not name.startswith("_"):
        try:
            from . import sichuan_settle as _s
        except ImportError:
            _s = None
        if _s is not None and (name in getattr(_s, "__all__", ()) or name == "settle") and hasattr(_s, name):
            return getattr(_s, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
