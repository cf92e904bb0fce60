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

The fan tables are rule-engine data (:mod:`mjpy.rules.sichuan_tables`; :data:`FAN_TABLES` lists each
profile's rows under its preset options) and every function here scores on the rule engine
(:mod:`mjpy.rules.engine`, the same tables as ``mjpy.rules.get("sichuan_fan")``), batches included;
this module keeps its own argument checks, messages and :class:`ScoreResult`.
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

from .engine.scoring import checked_counts

__all__ = [
    "PROFILES",
    "FAN_TABLES",
    "FanEntry",
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
_KONG_KINDS = frozenset(("minkan", "kakan", "ankan", "kan"))
_PON, _KONG = 2, 3                      # mjcore.engine.MELD_CODES of pon and minkan (checked in the tests)
_DINGQUE_SHIFT = 16                     # mjcore.engine.DINGQUE_SHIFT_BITS (checked in the tests)
_HONORS = ((1 << 34) - 1) ^ ((1 << 27) - 1)     # kinds outside the 108 tiles, for mjcore.engine.check_hand


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
    #: 寶牌 (docs/rules.md#baopai): bonus tiles named per hand (``bonus_indicator=`` / ``bonus_tiles=`` of
    #: ``rules.get("sichuan_fan", baopai=True).score``) add ``baopai_fan`` 番 per copy (the 番 profiles only).
    baopai: bool = False
    baopai_fan: int = 1

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
        check("baopai", isinstance(self.baopai, bool), "a bool")
        check("baopai_fan", type(self.baopai_fan) is int and self.baopai_fan >= 0, "an int >= 0")
        if self.baopai and self.profile == "sichuan_points":
            raise ValueError("SichuanOptions.baopai: 寶牌 adds 番, and sichuan_points counts 分 (use sichuan_fan or "
                             "chengdu_simple)")

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
# the fan tables (data: mjpy.rules.sichuan_tables, scored by the rule engine)
# ----------------------------------------------------------------------------------------------
def _engine(opts: SichuanOptions):
    """The rule-engine rule set of ``opts`` (:func:`mjpy.rules.bindings.sichuan_rules`, cached on ``opts``)."""
    global _sichuan_rules
    if _sichuan_rules is None:
        from .bindings import sichuan_rules     # local: bindings reads SichuanOptions from this module

        _sichuan_rules = sichuan_rules
    return _sichuan_rules(opts)


_sichuan_rules = None                   # mjpy.rules.bindings.sichuan_rules, once imported


def _tables() -> Dict[str, tuple]:
    from .sichuan_tables import table

    return {p: table(_PRESETS[p]).rows for p in PROFILES}


def _alias(name: str) -> str:
    """The English alias of a fan name (:data:`ALIASES`)."""
    a = globals().get("ALIASES") or __getattr__("ALIASES")
    return a.get(name, name)


def __getattr__(name):
    """``FAN_TABLES`` / ``ALIASES`` (built on first use), and the settlement API of
    :mod:`mjpy.rules.sichuan_settle` (``sichuan.settle``, ``sichuan.SettleOptions`` ...)."""
    if name == "FAN_TABLES":
        v = _tables()
    elif name == "ALIASES":
        v = {r.name: r.en for rows in _tables().values() for r in rows if r.en}
        v.setdefault("P和", "p_hu")
    elif name == "FanRow":
        from .engine.table import Fan as v
    elif name == "HandFacts":
        raise AttributeError("mjpy.rules.sichuan.HandFacts was removed: the Sichuan tables are rule-engine rows "
                             "(mjpy.rules.sichuan_tables) and read the engine's facts (mjpy.rules.engine.F)")
    elif not name.startswith("_"):
        from . import sichuan_settle as _s   # local: sichuan_settle imports this module, not the reverse

        if name in _s.__all__:
            return getattr(_s, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = v
    return v


# ----------------------------------------------------------------------------------------------
# results
# ----------------------------------------------------------------------------------------------
class FanEntry(namedtuple("FanEntry", "name value")):
    """``(name, value)`` with the Chinese name of the regional sources; ``.alias`` is the English name."""

    __slots__ = ()

    @property
    def alias(self) -> str:
        return _alias(self.name)

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
        return None if self.base is None else _alias(self.base)

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
# results of the engine
# ----------------------------------------------------------------------------------------------
_INCOMPLETE = "not a complete hand (no four sets + pair and no seven pairs)"


def _from_engine(r, opts: SichuanOptions, kongs: int) -> ScoreResult:
    """The :class:`ScoreResult` of an engine :class:`~mjpy.rules.interface.Result` (the suits were
    checked before, so a refusal here is an incomplete hand)."""
    if not r.is_win:
        return _not_win(opts, _INCOMPLETE)
    d = r.detail
    return ScoreResult(is_win=True, profile=opts.profile, unit=r.unit, base=d["base"], base_fan=d["base_fan"],
                       gen=d["gen"], kongs=kongs, total_fan=r.total, multiplier=d["multiplier"],
                       points=d["points"], fans=[FanEntry(n, v) for n, v in r.fans], form=r.form,
                       capped=d["capped"], uncapped_total=d["uncapped_total"])


def _engine_melds(ml: Sequence[Meld]) -> List[Meld]:
    """The melds for the engine: a bare ``kan`` as an exposed kong (the Sichuan tables count kongs
    alike)."""
    return [Meld("minkan", m.tiles) if m.kind == "kan" else m for m in ml]


def _not_win(opts: SichuanOptions, reason: str) -> ScoreResult:
    from .sichuan_tables import unit as table_unit

    unit = table_unit(opts.profile)
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
    pons, kongs, ml = _melds(melds)
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
    w = tile_index(win_tile) if win_tile is not None else next(t for t in range(27) if c[t])
    bits = 0 if dq is None else (dq + 1) << _DINGQUE_SHIFT
    for name, v in (("self_drawn", self_drawn), ("after_kong", after_kong), ("kong_discard", kong_discard),
                    ("robbing_kong", robbing_kong), ("tianhu", tianhu), ("dihu", dihu)):
        if v:
            bits |= _FLAG_BIT[name]
    # checked above: the engine scores it without checking again (east seat and round: no winds here)
    r = _engine(opts)._run(bytes(c), [(m.kind, m.tiles[0]) for m in _engine_melds(ml)], w, bits, 27, 27, ())
    return _from_engine(r, opts, len(kongs))


# ----------------------------------------------------------------------------------------------
# 查大叫
# ----------------------------------------------------------------------------------------------
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
    c = _counts(hand13)
    pons, kongs, ml = _melds(melds)
    _check_total(c, pons, kongs, 13, "hand")
    dq = normalize_dingque(opts.dingque if dingque is None else dingque)
    if _suit_violation(_suit_mask(c, pons, kongs), dq):
        return {}
    arr = np.zeros(34, np.uint8)
    arr[:27] = c[:27]
    return {t: _from_engine(r, opts, len(kongs))
            for t, r in _engine(opts).waits(arr, _engine_melds(ml), dingque=dq).items()}


def best_fan_if_tenpai(hand13, melds=(), dingque=None, *, profile: Optional[str] = None,
                       options: Optional[SichuanOptions] = None) -> Optional[int]:
    """大叫: the maximum (``options.chadajiao == "min"``: minimum) total over the waits of a 13-tile
    hand, in the profile's unit (番 or 分), after the cap; ``None`` when not 听 (docs/rules.md#c05).

    >>> best_fan_if_tenpai("1122244p557799m", dingque="s"), best_fan_if_tenpai("1122244p557799m", dingque="p")
    (5, None)
    """
    from mjcore import engine as E

    opts = _resolve_options(profile, options)
    got = _engine_hand(hand13, melds, 13)
    if got is None:                             # the module's checks read (and explain) the hand
        c = _counts(hand13)
        pons, kongs, _ = _melds(melds)
        _check_total(c, pons, kongs, 13, "hand")
        got = bytes(c), bytes([x for t in pons for x in (_PON, t)] + [x for t in kongs for x in (_KONG, t)])
    dq = normalize_dingque(opts.dingque if dingque is None else dingque)
    flags = 0 if dq is None else (dq + 1) << E.DINGQUE_SHIFT_BITS
    return E.best_wait_one(_engine(opts).compiled.program, got[0], got[1], flags, flags,
                           5 if opts.count_exhausted_waits else 4, opts.chadajiao == "min")


def _engine_hand(hand, melds, size: int) -> Optional[Tuple[bytes, bytes]]:
    """The engine's counts and meld codes (a kong as minkan: the tables count kongs alike) of a valid
    hand given as a notation string or a uint8 count array with a list of :class:`Meld`, checked in
    C (:func:`mjcore.engine.check_hand`); ``None`` for a bad hand or another form (the module's own
    checks then read and explain it)."""
    if (type(melds) is not list and type(melds) is not tuple) or len(melds) > 4:
        return None
    codes = []
    for m in melds:
        if type(m) is not Meld or m._kind == "chi":
            return None
        codes += (_KONG if m._kind in _KONG_KINDS else _PON, m._tiles[0])
    codes = bytes(codes)
    counts = checked_counts(hand, codes, size, _HONORS)
    return None if counts is None else (counts, codes)


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


def _bad_row(h: np.ndarray, marr: Optional[np.ndarray], r: int, need: int, flags: Optional[np.ndarray] = None,
             wins: Optional[np.ndarray] = None) -> str:
    """Why row ``r`` was rejected by the kernel loop: its flags (:func:`_flag_problem`), its winning
    tile, its counts or its melds."""
    row = h[r]
    if flags is not None:
        problem = _flag_problem(int(flags[r]), marr is not None and bool(marr[r].any()))
        if problem:
            return f"row {r}: {problem}"
    if wins is not None:
        w = int(wins[r])
        if not 0 <= w <= 26:
            return f"win_tile[{r}] = {w}: Sichuan tiles are indices 0-26"
        if row[w] == 0:
            return f"row {r}: win_tile {TILE_NAMES[w]} is not among the concealed tiles"
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


def _flag_problem(bits: int, melds: bool) -> Optional[str]:
    """What is wrong with one row's situation flags (engine flag bits), or None."""
    on = {name: bool(bits & b) for name, b in _FLAG_BIT.items()}
    for name, need_sd in (("after_kong", True), ("kong_discard", False), ("robbing_kong", False)):
        if on[name] and on["self_drawn"] != need_sd:
            return f"{name} needs self_drawn={need_sd}"
    if on["after_kong"] + on["kong_discard"] + on["robbing_kong"] > 1:
        return "at most one of after_kong, kong_discard, robbing_kong"
    if on["tianhu"] and on["dihu"]:
        return "tianhu and dihu exclude each other"
    if (on["tianhu"] or on["dihu"]) and melds:
        return "tianhu/dihu: the hand cannot have declared melds"
    return None


def _codes8(marr: Optional[np.ndarray], n: int) -> Tuple[np.ndarray, int]:
    """Pon / kong counts (N, 34) -> the engine's (N, 8) (kind code, lowest tile) pairs
    (:func:`mjcore.engine.melds_from_counts`) and the first row whose melds are not 0 / 3 / 4 entries
    on at most four suited kinds (-1: none)."""
    from mjcore import engine as E

    out = np.zeros((n, 8), np.int8)
    if marr is None:
        return out, -1
    return out, E.melds_from_counts(np.ascontiguousarray(marr, np.int8), out)


def _run_batch(h, marr, dq, flags, opts, score: bool, workers, wins=None) -> np.ndarray:
    """Score (``score``) or 查大叫 every row on the rule engine (:func:`mjcore.engine.score_rows` /
    :func:`mjcore.engine.best_wait_rows`, no GIL), which checks each row (counts, melds, winning tile,
    flags) in the same loop; a bad row raises :func:`_bad_row`'s message."""
    from mjcore import engine as E

    n, need = len(h), 14 if score else 13
    codes, bad = _codes8(marr, n)
    if bad >= 0:
        raise ValueError(_bad_row(h, marr, bad, need, flags, wins))
    bits = (dq.astype(np.uint32) + np.uint32(1)) << np.uint32(E.DINGQUE_SHIFT_BITS)
    if flags is not None:
        bits |= flags
    prog = _engine(opts).compiled.program
    winds, jm = np.zeros(n, np.uint8), np.zeros(n, np.uint64)
    out, status = np.empty(n, np.float64), np.empty(n, np.int8)
    if score:
        w = (h != 0).argmax(1) if wins is None else wins      # the tables do not read where it sits
        E.score_rows(prog, h, codes, np.ascontiguousarray(w, np.int32), bits, winds, jm, out, status, workers)
    else:
        E.best_wait_rows(prog, h, codes, bits, bits, winds, jm, 5 if opts.count_exhausted_waits else 4,
                         opts.chadajiao == "min", out, status, workers)
    bad = np.flatnonzero(status == E.STATUS_BAD)
    if len(bad):
        raise ValueError(_bad_row(h, marr, int(bad[0]), need, flags, wins))
    return out.astype(np.int16)


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


#: the engine's flag bits (mjcore.engine.FLAG_NAMES) of the batch flags
_FLAG_BIT = {"self_drawn": 1, "after_kong": 2, "robbing_kong": 4, "tianhu": 16, "dihu": 32, "kong_discard": 256}


def _batch_flags(n: int, **flags) -> np.ndarray:
    """The engine's flag bits of each row from one bool or a bool array per flag (types and shapes
    checked here; the engine's row check rejects inconsistent rows and :func:`_flag_problem` says why)."""
    const = 0
    arrs = []
    for name in _FLAG_ARGS:
        v = flags[name]
        if v is True or v is False:
            const |= _FLAG_BIT[name] if v else 0
            continue
        a = np.asarray(v)
        if a.dtype != np.bool_:
            raise TypeError(f"{name} must be a bool or a bool array, got {a.dtype if a.ndim else type(v).__name__}")
        if a.shape not in ((), (n,)):
            raise ValueError(f"{name} must be one bool or one per row ({n}), got shape {a.shape}")
        if a.ndim == 0:
            const |= _FLAG_BIT[name] if a else 0
        else:
            arrs.append((a, _FLAG_BIT[name]))
    out = np.full(n, const, np.uint32)
    for a, bit in arrs:
        out |= a.astype(np.uint32) * np.uint32(bit)
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
    opts = _resolve_options(profile, options)
    workers = resolve_workers(workers)
    h, marr = _batch_arrays(hands, melds)
    n = len(h)
    flags = _batch_flags(n, self_drawn=self_drawn, after_kong=after_kong, kong_discard=kong_discard,
                         robbing_kong=robbing_kong, tianhu=tianhu, dihu=dihu)
    if marr is not None and n:                  # (tianhu / dihu and the melds: the engine does not see both)
        bad = np.flatnonzero(flags & np.uint32(_FLAG_BIT["tianhu"] | _FLAG_BIT["dihu"]))
        if len(bad):
            bad = bad[(marr[bad] != 0).any(1)]
            if len(bad):
                raise ValueError(_bad_row(h, marr, int(bad[0]), 14, flags, None))
    w = None
    if win_tile is not None:
        w = np.asarray(win_tile)
        if w.shape != (n,) or not np.issubdtype(w.dtype, np.integer):
            raise ValueError(f"win_tile must be an (N,) integer array of tile indices ({n} rows), got "
                             f"shape {w.shape} dtype {w.dtype}")
        if n and (w.min() < 0 or w.max() > 26):     # (held and in range: the engine's row check)
            r = int(np.argmax((w < 0) | (w > 26)))
            raise ValueError(f"win_tile[{r}] = {int(w[r])}: Sichuan tiles are indices 0-26")
    dq = _batch_dingque(opts.dingque if dingque is None else dingque, n)
    return _run_batch(h, marr, dq, flags, opts, True, workers, w)
