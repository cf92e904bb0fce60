"""Sichuan 血战到底 settlement: who pays whom at the end of a hand (docs/rules.md#sichuan-settle).

``settle(table, options=None)`` takes the end state of a hand as data (a dict, or the JSON file that
``mjpy settle FILE --rules sichuan`` reads; the format is ``docs/sichuan_settle.md``, a complete example
``examples/sichuan_table.json``) and returns a :class:`Settlement`: each player's total and an itemised
ledger of :class:`Payment` rows (payer, payee, amount, reason, event index), so a server can show the
reason of every payment. Payments always sum to zero (no variant of the regional sources has a house fee).

    >>> from mjpy.rules.sichuan_settle import settle
    >>> s = settle(table)                      # doctest: +SKIP
    >>> s.totals, [str(p) for p in s.ledger]   # doctest: +SKIP

Order of settlement (血战到底, docs/rules.md#sichuan-settle): the events in the order given, each kong
(刮风下雨) and each win moving points at once; then, when the wall ran out with two or more players still
in the hand (流局): 查花猪, then 查大叫, then the kong refunds of the players that are not tenpai.

Every disputed rule is a field of :class:`SettleOptions` (frozen, picklable), defaults as docs/rules.md#options
names them.
The hands are scored by :func:`mjpy.rules.sichuan.score` and :func:`mjpy.rules.sichuan.best_fan_if_tenpai`.
"""
from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

import numpy as np

from ..meld import Meld, _canonical_kind
from . import sichuan
from ..notation import parse_hand, to_string
from ..tiles import TILE_NAMES, tile_index
from .engine.settle import load_table

__all__ = ["settle", "SettleOptions", "Settlement", "Payment", "WinResult", "DrawResult", "load_table",
           "format_settlement", "REASONS", "PRESETS"]

N_PLAYERS = 4
_SUITS = "mps"
_SUIT_ALIASES = {
    "m": "m", "万": "m", "萬": "m", "wan": "m", "characters": "m",
    "p": "p", "筒": "p", "饼": "p", "餅": "p", "tong": "p", "dots": "p",
    "s": "s", "条": "s", "條": "s", "索": "s", "tiao": "s", "bamboo": "s",
}
_KONG_KINDS = ("minkan", "kakan", "ankan")
_KONG_NAMES = {"minkan": "直杠", "kakan": "面下杠", "ankan": "暗杠"}

#: reason code -> Chinese label, in the order they can appear in a ledger.
REASONS: Dict[str, str] = {
    "zhigang": "直杠",                 # 刮风: the feeder (引杠者) pays
    "zhigang_jiajiayou": "直杠家家有",  # 家家有: each other player still in the hand pays 1x base as well
    "bugang": "面下杠",                # 刮风 (弯杠): every player still in the hand pays
    "angang": "暗杠",                  # 下雨: every player still in the hand pays 2x base
    "dianpao": "点炮",                 # win on a discard: the discarder pays
    "zimo": "自摸",                    # self-drawn win (杠上花 included): every player still in the hand pays
    "zimo_jiadi": "自摸加底",          # option zimo_bonus="jiadi": 1x base more from each payer
    "hujiao_zhuanyi": "呼叫转移",      # 杠上炮: the kong's income goes to the winner (each winner of 一炮多响)
    "huazhu": "查花猪",                # draw: a 花猪 pays 16x base to each non-花猪
    "dajiao": "查大叫",                # draw: not tenpai pays each tenpai player his 大叫
    "kong_refund": "退杠钱",           # draw: not tenpai refunds his 刮风下雨 income
}


# ------------------------------------------------------------------------------------------- options

_PROFILES = ("sichuan_fan", "sichuan_points")


@dataclass(frozen=True)
class SettleOptions:
    """The settlement variants (docs/rules.md#options; conflicts: docs/rules.md#conflicts). Frozen and picklable.

    * ``profile``: scoring table passed to ``sichuan.score`` (``"sichuan_fan"``, default, or
      ``"sichuan_points"``); ``scoring``: a ``sichuan.SichuanOptions`` for ``score`` and
      ``best_fan_if_tenpai`` (None = the profile's preset; its profile must be ``profile``). Scoring
      variants (根 counting, 封顶 ``max_fan``, ``count_exhausted_waits``, ...) live there.
      A win pays ``base × multiplier`` (``2**(番-1)``) in ``sichuan_fan``, ``base × 分`` in ``sichuan_points``.
    * ``zhigang_rate`` (1|2) and ``zhigang_mode`` (``"single"`` | ``"jiajiayou"`` | ``"chengbao"``):
      ``sichuan.zhigang.rate`` / ``.mode``, default 1 / single (SC-C, majority of the copies; docs/rules.md#c04).
      The feeder of a 直杠 pays ``zhigang_rate`` × base; with 家家有 each other player still in the hand
      also pays 1 × base; 承包制 is the feeder alone (SC-D's 2倍: use ``zhigang_rate=2``, or a preset).
    * ``bugang_rate`` (1) and ``angang_rate`` (2): 面下杠 / 暗杠 from each player still in the hand (all sources agree).
    * ``zimo_bonus``: ``"none"`` (default; flag ``sichuan.zimo_jiadi = false``), ``"jiadi"`` (自摸加底:
      1 × base more from each payer, SC-D) or ``"jiafan"`` (自摸加番 read as +1 番).
    * ``hujiao_zhuanyi`` (True): 杠上炮 moves the discarder's income of that kong to the winner,
      a full share to each winner of 一炮多响 (SC-C: each winner gets a share; SC-D 呼叫转移).
    * ``ganghua_zhigang_feeder_pays`` (False): SC-B (4), the kong's feeder counts as the discarder: a 杠上花
      right after a 直杠 is paid by the feeder alone, as a 点炮: one share (``base × multiplier``), as if he had
      discarded the winning tile (no 自摸加底 / 自摸加番); the others pay nothing for it. Default: a
      杠上花 is a self-drawn win (SC-C).
    * ``robbable_kongs`` (("kakan",)): kongs that 抢杠胡 may rob (flag ``robbable_kongs``, docs/rules.md#c35).
    * ``huazhu_rate`` (16): 花猪 pays 16 × base to each non-花猪 (SC-C/SC-D).
    * ``huazhu_pays_winners`` (False): whether players who already won also collect from a 花猪 (the
      sources say "non-花猪 players"; default: only the players still in the hand at the draw).
    * ``chadajiao``: ``"max"`` | ``"min"`` | None = the scoring options' value (the profile preset:
      max for sichuan_fan, min for sichuan_points; flag ``sichuan.chadajiao``, docs/rules.md#c05).
    * ``refund_kongs`` (True): at a draw a player without 叫 refunds all his 刮风下雨 income (SC-C/SC-D);
      ``huazhu_refunds_kongs`` (True): a 花猪 (who has no 叫) refunds too. Income already moved by
      呼叫转移 is not refunded (the player no longer holds it).
    * ``kong_payments``: None = per profile (True for sichuan_fan; False for sichuan_points, whose kongs
      score +1分 inside the hand instead, SC-B).
    * ``default_base`` (6): 基本分 when the table gives no ``base`` (SC-C: 基本分 6).
    * ``xuezhan`` (True): 血战到底, play goes on after a win until three have won or the wall runs out.
      False (CD-E 标准打法 / 标准下雨): the first win ends the hand (all winners of one discard, 一炮多响,
      are paid); a drawn hand (no win) is still checked for 花猪 and 大叫. The four CD-E modes are
      the presets ``chengdu_biaozhun`` (标准打法: no 刮风下雨, not 血战), ``chengdu_xiayu`` (标准下雨),
      ``chengdu_xuezhan`` (标准血战: no 刮风下雨) and ``chengdu_xuezhan_xiayu`` (血战下雨).
    """

    profile: str = "sichuan_fan"
    scoring: Any = None
    zhigang_rate: int = 1
    zhigang_mode: str = "single"
    bugang_rate: int = 1
    angang_rate: int = 2
    zimo_bonus: str = "none"
    hujiao_zhuanyi: bool = True
    ganghua_zhigang_feeder_pays: bool = False
    robbable_kongs: Tuple[str, ...] = ("kakan",)
    huazhu_rate: int = 16
    huazhu_pays_winners: bool = False
    chadajiao: Optional[str] = None
    refund_kongs: bool = True
    huazhu_refunds_kongs: bool = True
    kong_payments: Optional[bool] = None
    default_base: int = 6
    xuezhan: bool = True

    def __post_init__(self):
        def bad(name, want):
            raise ValueError(f"SettleOptions.{name} must be {want}, got {getattr(self, name)!r}")

        if self.profile not in _PROFILES:
            bad("profile", " or ".join(map(repr, _PROFILES)))
        for name in ("zhigang_rate", "bugang_rate", "angang_rate", "huazhu_rate", "default_base"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0 or (name == "default_base" and v == 0):
                bad(name, "a positive int" if name == "default_base" else "an int >= 0")
        if self.zhigang_mode not in ("single", "jiajiayou", "chengbao"):
            bad("zhigang_mode", "'single', 'jiajiayou' or 'chengbao'")
        if self.zimo_bonus not in ("none", "jiadi", "jiafan"):
            bad("zimo_bonus", "'none', 'jiadi' or 'jiafan'")
        if self.chadajiao not in (None, "max", "min"):
            bad("chadajiao", "'max', 'min' or None")
        for name in ("hujiao_zhuanyi", "ganghua_zhigang_feeder_pays", "huazhu_pays_winners", "refund_kongs",
                     "huazhu_refunds_kongs", "xuezhan"):
            if not isinstance(getattr(self, name), bool):
                bad(name, "a bool")
        if self.kong_payments is not None and not isinstance(self.kong_payments, bool):
            bad("kong_payments", "a bool or None")
        rk = self.robbable_kongs
        if isinstance(rk, str):
            rk = (rk,)
        try:
            rk = tuple(_canonical_kind(k) for k in rk)
        except (TypeError, ValueError):
            bad("robbable_kongs", "a tuple of kong kinds ('kakan', 'minkan', 'ankan')")
        if any(k not in _KONG_KINDS for k in rk):
            bad("robbable_kongs", "a tuple of kong kinds ('kakan', 'minkan', 'ankan')")
        object.__setattr__(self, "robbable_kongs", rk)
        if self.scoring is not None:
            so = self.scoring
            if type(so).__name__ != "SichuanOptions" or not hasattr(so, "profile"):
                bad("scoring", "None or a mjpy.rules.sichuan.SichuanOptions")
            if so.profile != self.profile:
                raise ValueError(f"SettleOptions.scoring.profile {so.profile!r} differs from "
                                 f"SettleOptions.profile {self.profile!r}")

    @classmethod
    def from_sichuan(cls, so) -> "SettleOptions":
        """The settlement options named by a ``sichuan.SichuanOptions`` (its settlement flags, docs/rules.md#options:
        ``zhigang_rate``, ``zhigang_mode``, ``zimo_jiadi``, ``hujiao_zhuanyi``, ``huazhu_multiplier``,
        ``chadajiao``, ``base_points``), scoring with it."""
        if so.profile not in _PROFILES:
            raise ValueError(f"profile {so.profile!r} has no settlement rules in the regional sources "
                             f"(MISSING, docs/rules.md#missing-sichuan); "
                             f"settle supports {', '.join(_PROFILES)}")
        return cls(profile=so.profile, scoring=so, zhigang_rate=so.zhigang_rate, zhigang_mode=so.zhigang_mode,
                   zimo_bonus="jiadi" if so.zimo_jiadi else "none", hujiao_zhuanyi=so.hujiao_zhuanyi,
                   huazhu_rate=so.huazhu_multiplier, chadajiao=so.chadajiao, default_base=so.base_points)

    @property
    def scoring_options(self):
        """The ``SichuanOptions`` given to ``score`` / ``best_fan_if_tenpai`` (``chadajiao`` applied)."""
        cached = self.__dict__.get("_scoring_cache")
        if cached is not None:
            return cached
        so = self.scoring if self.scoring is not None else sichuan.SichuanOptions.preset(self.profile)
        if self.chadajiao is not None and so.chadajiao != self.chadajiao:
            so = so.replace(chadajiao=self.chadajiao)
        object.__setattr__(self, "_scoring_cache", so)
        return so

    def __getstate__(self):
        d = dict(self.__dict__)
        d.pop("_scoring_cache", None)
        return d

    def __setstate__(self, d):
        self.__dict__.update(d)

    # resolved per-profile values
    @property
    def chadajiao_mode(self) -> str:
        """``chadajiao`` with the default filled in (the scoring options', per profile)."""
        if self.chadajiao is not None:
            return self.chadajiao
        if self.scoring is not None:
            return self.scoring.chadajiao
        return "min" if self.profile == "sichuan_points" else "max"

    @property
    def pays_kongs(self) -> bool:
        """``kong_payments`` with the per-profile default filled in."""
        if self.kong_payments is not None:
            return self.kong_payments
        return self.profile != "sichuan_points"

    def replace(self, **changes) -> "SettleOptions":
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
        """The fields as JSON-ready values (``scoring`` as its repr when set)."""
        d = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        d["robbable_kongs"] = list(self.robbable_kongs)
        if d["scoring"] is not None:
            d["scoring"] = repr(d["scoring"])
        return d

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "SettleOptions":
        """Options from a mapping (the table's ``"options"`` object); unknown keys are an error.
        ``"preset"`` names a starting point from :data:`PRESETS`; ``"scoring"`` may be a mapping given
        to ``sichuan.SichuanOptions(**scoring)``."""
        if isinstance(d, SettleOptions):
            return d
        if type(d).__name__ == "SichuanOptions":
            return cls.from_sichuan(d)
        if not isinstance(d, Mapping):
            raise ValueError(f"options must be an object, got {type(d).__name__}")
        d = dict(d)
        base = cls()
        preset = d.pop("preset", None)
        if preset is not None:
            if preset not in PRESETS:
                raise ValueError(f"options.preset {preset!r} is unknown (known: {', '.join(PRESETS)})")
            base = PRESETS[preset]
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(d) - names)
        if unknown:
            raise ValueError(f"options: unknown key{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} "
                             f"(known: preset, {', '.join(sorted(names))})")
        if isinstance(d.get("scoring"), Mapping):

            try:
                d["scoring"] = sichuan.SichuanOptions.preset(d.get("profile", base.profile), **d["scoring"])
            except TypeError as e:
                raise ValueError(f"options.scoring: {e}") from None
        if "robbable_kongs" in d and isinstance(d["robbable_kongs"], list):
            d["robbable_kongs"] = tuple(d["robbable_kongs"])
        try:
            return dataclasses.replace(base, **d)
        except TypeError as e:  # pragma: no cover - names are checked above
            raise ValueError(f"options: {e}") from None


#: Named variants: ``qq`` = SC-C (the defaults), ``sc_d`` = SC-D (直杠 2倍 from the feeder), the two SC-D
#: 直杠 modes, SC-D with 自摸加底, and ``sc_b`` = the additive-points profile (查大叫 minimum, no 刮风下雨).
PRESETS: Dict[str, SettleOptions] = {
    "qq": SettleOptions(),
    "sc_d": SettleOptions(zhigang_rate=2),
    "sc_d_jiajiayou": SettleOptions(zhigang_rate=2, zhigang_mode="jiajiayou"),
    "sc_d_chengbao": SettleOptions(zhigang_rate=2, zhigang_mode="chengbao"),
    "sc_d_zimo_jiadi": SettleOptions(zhigang_rate=2, zimo_bonus="jiadi"),
    "sc_b": SettleOptions(profile="sichuan_points", ganghua_zhigang_feeder_pays=True),
    # CD-E's four modes: 下雨 = kong payments (刮风下雨), 血战 = play continues after a win
    "chengdu_biaozhun": SettleOptions(kong_payments=False, xuezhan=False),
    "chengdu_xiayu": SettleOptions(kong_payments=True, xuezhan=False),
    "chengdu_xuezhan": SettleOptions(kong_payments=False, xuezhan=True),
    "chengdu_xuezhan_xiayu": SettleOptions(kong_payments=True, xuezhan=True),
}


_DEFAULT = SettleOptions()
_meld = functools.lru_cache(maxsize=4096)(Meld)     # Meld is immutable: share the parsed melds


# ------------------------------------------------------------------------------------------- results

@dataclass(frozen=True)
class Payment:
    """One ledger row: ``payer`` pays ``payee`` ``amount`` (> 0) for ``reason`` (a :data:`REASONS` code;
    ``label`` is its Chinese name). ``event`` is the index in ``table["events"]`` that caused it (for a
    refund, the kong refunded), or None for 查花猪 / 查大叫. ``detail`` says it in words."""

    payer: int
    payee: int
    amount: int
    reason: str
    event: Optional[int]
    detail: str = ""

    @property
    def label(self) -> str:
        return REASONS[self.reason]

    def to_dict(self) -> dict:
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount, "reason": self.reason,
                "label": self.label, "event": self.event, "detail": self.detail}

    def __str__(self) -> str:
        where = "draw" if self.event is None else f"event {self.event}"
        return f"P{self.payer} -> P{self.payee} {self.amount:>5}  {self.label} ({where}) {self.detail}".rstrip()


@dataclass(frozen=True)
class WinResult:
    """A win (one ``win`` event): the scoring and who paid how much."""

    event: int
    winner: int
    tile: str
    discarder: Optional[int]            # None when self-drawn
    fans: Tuple[Tuple[str, int], ...]
    total_fan: int
    multiplier: int                     # the base units each payer pays (before 自摸加底)
    payers: Tuple[int, ...]
    amount: int                         # total received for the win itself (transfers not included)

    def to_dict(self) -> dict:
        return {"event": self.event, "winner": self.winner, "tile": self.tile, "discarder": self.discarder,
                "self_drawn": self.discarder is None, "fans": [list(f) for f in self.fans],
                "total_fan": self.total_fan, "multiplier": self.multiplier, "payers": list(self.payers),
                "amount": self.amount}


@dataclass(frozen=True)
class DrawResult:
    """The 流局 checks: ``players`` still in the hand, ``huazhu`` (three suits), ``tenpai``
    {player: (fan, units)} of the 大叫 each one collects, ``not_tenpai`` (花猪 excluded)."""

    players: Tuple[int, ...]
    huazhu: Tuple[int, ...]
    tenpai: Dict[int, Tuple[int, int]]
    not_tenpai: Tuple[int, ...]
    chadajiao: str

    def to_dict(self) -> dict:
        return {"players": list(self.players), "huazhu": list(self.huazhu),
                "tenpai": {str(p): {"fan": f, "multiplier": u} for p, (f, u) in sorted(self.tenpai.items())},
                "not_tenpai": list(self.not_tenpai), "chadajiao": self.chadajiao}


@dataclass(frozen=True)
class Settlement:
    """``totals[i]``: player i's net result; ``ledger``: every payment in order; ``wins``: each win's
    scoring; ``draw``: the 流局 checks (None when the hand ended with three winners); ``base``: 基本分."""

    totals: Tuple[int, ...]
    ledger: Tuple[Payment, ...]
    wins: Tuple[WinResult, ...]
    draw: Optional[DrawResult]
    base: int
    names: Tuple[str, ...]
    options: SettleOptions = field(default_factory=SettleOptions, repr=False)

    def to_dict(self) -> dict:
        """JSON-ready (the ``mjpy settle --json`` object)."""
        return {"base": self.base, "names": list(self.names), "totals": list(self.totals),
                "ledger": [p.to_dict() for p in self.ledger], "wins": [w.to_dict() for w in self.wins],
                "draw": None if self.draw is None else self.draw.to_dict(),
                "options": self.options.to_dict()}

    def by_reason(self) -> Dict[str, List[int]]:
        """Net per player for each reason code present."""
        out: Dict[str, List[int]] = {}
        for p in self.ledger:
            row = out.setdefault(p.reason, [0] * N_PLAYERS)
            row[p.payer] -= p.amount
            row[p.payee] += p.amount
        return out


# ------------------------------------------------------------------------------------------- input

class _Player:
    __slots__ = ("index", "name", "counts", "melds", "dingque", "won_at")

    def __init__(self, index, name, counts, melds, dingque):
        self.index = index
        self.name = name
        self.counts = counts          # list of 34 ints, concealed tiles
        self.melds = melds            # list of Meld
        self.dingque = dingque        # "m" / "p" / "s" / None
        self.won_at = None            # event index of the player's win

    def hand_text(self) -> str:
        return to_string(self.counts) or "-"


def _tile(value, where: str) -> int:
    try:
        t = tile_index(value)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{where}: {e}") from None
    if t >= 27:
        raise ValueError(f"{where}: {TILE_NAMES[t]} is not a Sichuan tile (108-tile set: 1-9 m/p/s only)")
    return t


def _int_field(d: Mapping, key: str, where: str, lo: int, hi: int, required=True):
    if key not in d or d[key] is None:
        if required:
            raise ValueError(f"{where}: missing {key!r}")
        return None
    v = d[key]
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{where}.{key} must be an int, got {v!r}")
    if not lo <= v <= hi:
        raise ValueError(f"{where}.{key} must be {lo}-{hi}, got {v}")
    return v


def _bool_field(d: Mapping, key: str, where: str) -> bool:
    v = d.get(key, False)
    if v is None:
        return False
    if not isinstance(v, bool):
        raise ValueError(f"{where}.{key} must be true or false, got {v!r}")
    return v


def _read_player(i: int, d, names_seen) -> _Player:
    where = f"players[{i}]"
    if not isinstance(d, Mapping):
        raise ValueError(f"{where} must be an object with 'hand', 'melds', 'dingque', got {type(d).__name__}")
    unknown = sorted(set(d) - {"name", "hand", "melds", "dingque"})
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r} (known: name, hand, melds, dingque)")
    name = d.get("name", f"P{i}")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{where}.name must be a non-empty string")
    hand = d.get("hand")
    if hand is None:
        raise ValueError(f"{where}: missing 'hand' (the concealed tiles, e.g. '1122m345p')")
    if isinstance(hand, str):
        try:
            counts, melds = parse_hand(hand)
        except ValueError as e:
            raise ValueError(f"{where}.hand: {e}") from None
        counts = counts.tolist()
    elif isinstance(hand, (list, tuple)):
        counts, melds = [0] * 34, []
        for k, t in enumerate(hand):
            counts[_tile(t, f"{where}.hand[{k}]")] += 1
    else:
        raise ValueError(f"{where}.hand must be a tile string or a list of tiles, got {type(hand).__name__}")
    for t in range(27, 34):
        if counts[t]:
            raise ValueError(f"{where}.hand: {TILE_NAMES[t]} is not a Sichuan tile (108-tile set: 1-9 m/p/s only)")
    raw = d.get("melds") or []
    if isinstance(raw, str):
        try:
            c2, ms = parse_hand(raw)
        except ValueError as e:
            raise ValueError(f"{where}.melds: {e}") from None
        if c2.any():
            raise ValueError(f"{where}.melds: tiles outside brackets (write '[555p]{{2222s}}(9999m)')")
        raw = ms
    if not isinstance(raw, (list, tuple)):
        raise ValueError(f"{where}.melds must be a list, got {type(raw).__name__}")
    for k, m in enumerate(raw):
        mw = f"{where}.melds[{k}]"
        try:
            if isinstance(m, Meld):
                meld = m
            elif isinstance(m, Mapping):
                if "kind" not in m or "tiles" not in m:
                    raise ValueError("a meld needs 'kind' and 'tiles', e.g. {\"kind\": \"pon\", \"tiles\": \"555p\"}")
                meld = _meld(m["kind"], m["tiles"]) if isinstance(m["tiles"], str) else Meld(m["kind"], m["tiles"])
            elif isinstance(m, str):
                c2, ms = parse_hand(m)
                if c2.any() or len(ms) != 1:
                    raise ValueError(f"{m!r} is not one bracketed meld like '[555p]'")
                meld = ms[0]
            else:
                raise ValueError(f"a meld must be an object {{kind, tiles}} or a string like '[555p]', "
                                 f"got {type(m).__name__}")
        except (TypeError, ValueError) as e:
            raise ValueError(f"{mw}: {e}") from None
        melds.append(meld)
    for k, meld in enumerate(melds):
        if meld.kind == "chi":
            raise ValueError(f"{where}: chi {meld} is not allowed in Sichuan mahjong (不可以吃)")
        if meld.kind == "kan":
            raise ValueError(f"{where}: kong {meld.notation} needs its kind for the payments: "
                             f"minkan (直杠), kakan (面下杠) or ankan (暗杠)")
        if meld.first >= 27:
            raise ValueError(f"{where}: meld {meld} is not a Sichuan tile (108-tile set: 1-9 m/p/s only)")
    dq = d.get("dingque")
    if dq is not None:
        if not isinstance(dq, str) or dq.strip().lower() not in _SUIT_ALIASES and dq.strip() not in _SUIT_ALIASES:
            raise ValueError(f"{where}.dingque must be 'm', 'p', 's' or null, got {dq!r}")
        dq = _SUIT_ALIASES.get(dq.strip().lower()) or _SUIT_ALIASES[dq.strip()]
        for meld in melds:
            if _SUITS[meld.first // 9] == dq:
                raise ValueError(f"{where}: meld {meld} is in the 定缺 suit {dq!r} (a 定缺 suit is never melded)")
    if name in names_seen:
        raise ValueError(f"{where}.name {name!r} is used twice")
    names_seen.add(name)
    return _Player(i, name, counts, melds, dq)


def _player_ref(v, players, where: str) -> int:
    if isinstance(v, str):
        for p in players:
            if p.name == v:
                return p.index
        raise ValueError(f"{where}: no player named {v!r}")
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{where} must be a player index 0-3 or name, got {v!r}")
    if not 0 <= v < N_PLAYERS:
        raise ValueError(f"{where} must be a player index 0-3, got {v}")
    return v


_EVENT_KEYS = {
    "kong": {"type", "player", "kind", "tile", "from", "note"},
    "win": {"type", "player", "tile", "from", "self_drawn", "after_kong", "kong_discard", "robbing_kong",
            "tianhu", "dihu", "note"},
}


def _read_event(i: int, e, players) -> dict:
    where = f"events[{i}]"
    if not isinstance(e, Mapping):
        raise ValueError(f"{where} must be an object, got {type(e).__name__}")
    typ = e.get("type")
    if typ not in _EVENT_KEYS:
        raise ValueError(f"{where}.type must be 'kong' or 'win', got {typ!r}")
    unknown = sorted(set(e) - _EVENT_KEYS[typ])
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r} for a {typ} event "
                         f"(known: {', '.join(sorted(_EVENT_KEYS[typ]))})")
    if "player" not in e:
        raise ValueError(f"{where}: missing 'player'")
    player = _player_ref(e["player"], players, f"{where}.player")
    if "tile" not in e:
        raise ValueError(f"{where}: missing 'tile'")
    tile = _tile(e["tile"], f"{where}.tile")
    frm = e.get("from")
    if frm is not None and frm != "self":
        frm = _player_ref(frm, players, f"{where}.from")
        if frm == player:
            raise ValueError(f"{where}.from is the player himself ({player}); write null for a self-drawn "
                             f"{'win' if typ == 'win' else 'kong'}")
    else:
        frm = None
    ev = {"type": typ, "index": i, "player": player, "tile": tile, "from": frm}
    if typ == "kong":
        kind = e.get("kind")
        try:
            kind = _canonical_kind(kind)
        except (TypeError, ValueError):
            kind = None
        if kind not in _KONG_KINDS:
            raise ValueError(f"{where}.kind must be 'minkan' (直杠), 'kakan' (面下杠) or 'ankan' (暗杠), "
                             f"got {e.get('kind')!r}")
        if kind == "minkan" and frm is None:
            raise ValueError(f"{where}: a minkan (直杠) needs 'from', the player whose discard was konged")
        if kind != "minkan" and frm is not None:
            raise ValueError(f"{where}: a {kind} ({_KONG_NAMES[kind]}) is made from the player's own draw; "
                             f"'from' must be null")
        ev["kind"] = kind
    else:
        sd = e.get("self_drawn")
        if sd is not None:
            if not isinstance(sd, bool):
                raise ValueError(f"{where}.self_drawn must be true or false, got {sd!r}")
            if sd != (frm is None):
                raise ValueError(f"{where}: self_drawn is {str(sd).lower()} but 'from' is "
                                 f"{'null' if frm is None else frm}")
        for flag in ("after_kong", "kong_discard", "robbing_kong", "tianhu", "dihu"):
            ev[flag] = _bool_field(e, flag, where)
    return ev


# ------------------------------------------------------------------------------------------- scoring glue

def _scoring():
    """The scoring module (:mod:`mjpy.rules.sichuan`)."""
    return sichuan


def _suits_held(p: _Player) -> set:
    c = p.counts
    s = {_SUITS[k] for k in range(3) if any(c[9 * k:9 * k + 9])}
    for m in p.melds:
        s.add(_SUITS[m.first // 9])
    return s


def _units(total: int, opts: SettleOptions) -> int:
    """Base units a win (or a 大叫) of ``total`` pays: 2**(番-1) in sichuan_fan, the 分 in sichuan_points."""
    if opts.profile == "sichuan_fan":
        return 1 << (total - 1)
    return total


def _unit(opts: SettleOptions) -> str:
    """The unit of a hand's total: 番 in sichuan_fan, 分 in sichuan_points."""
    return "分" if opts.profile == "sichuan_points" else "番"


def _score_win(p: _Player, ev: dict, opts: SettleOptions):
    sc = _scoring()
    def what():
        return f"events[{ev['index']}]: player {p.index}'s hand {_show_hand(p)} is not a win on {TILE_NAMES[ev['tile']]}"

    try:
        r = sc.score(np.array(p.counts, np.uint8), melds=p.melds, win_tile=TILE_NAMES[ev["tile"]],
                     self_drawn=ev["from"] is None, after_kong=ev["after_kong"], kong_discard=ev["kong_discard"],
                     robbing_kong=ev["robbing_kong"], tianhu=ev["tianhu"], dihu=ev["dihu"],
                     dingque=p.dingque, options=opts.scoring_options)
    except (ValueError, TypeError) as e:
        raise ValueError(f"{what()}: {e}") from None
    if not r.is_win:
        dq = f" (定缺 {p.dingque})" if p.dingque else ""
        raise ValueError(f"{what()}{dq}: {r.reason}")
    return r


def _show_hand(p: _Player) -> str:
    return to_string(p.counts, p.melds) or "-"


def _dajiao(p: _Player, opts: SettleOptions) -> Optional[Tuple[int, int]]:
    """(total, units) of the 大叫 a player still in the hand at the draw collects, or None if not tenpai
    (a hand holding its 定缺 suit is not tenpai; ``sichuan.best_fan_if_tenpai`` decides)."""
    total = _scoring().best_fan_if_tenpai(np.array(p.counts, np.uint8), melds=p.melds, dingque=p.dingque,
                                          options=opts.scoring_options)
    if total is None:
        return None
    return int(total), _units(int(total), opts)


# ------------------------------------------------------------------------------------------- settle

def settle(table, options: Optional[SettleOptions] = None) -> Settlement:
    """Settle one Sichuan 血战到底 hand. ``table``: a dict (or a JSON path / text, see :func:`load_table`)
    in the format of ``docs/sichuan_settle.md``; ``options``: a :class:`SettleOptions` (or a mapping for
    :meth:`SettleOptions.from_dict`, or a ``sichuan.SichuanOptions``: :meth:`SettleOptions.from_sichuan`);
    None uses the table's ``"options"`` object, else the defaults.

    Returns a :class:`Settlement`. Raises ValueError saying what is wrong with the table: tiles outside the
    108-tile set or more than 4 of a tile across the table, a hand of the wrong size, a kong event without
    its meld or a kong meld without its event, a kong made twice, a win by a player who already won, a hand
    that is not a win for the claimed winner, flags that do not fit the events (杠上花 / 杠上炮 / 抢杠胡),
    a hand that has not ended (the wall not exhausted and fewer than three winners), ...
    """
    if not isinstance(table, Mapping):
        table = load_table(table)
    unknown = sorted(set(table) - {"rules", "base", "players", "events", "wall_exhausted", "dealer", "options",
                                   "comment", "description"})
    if unknown:
        raise ValueError(f"table: unknown key {unknown[0]!r} (known: rules, base, dealer, players, events, "
                         f"wall_exhausted, options, comment)")
    rules = table.get("rules", "sichuan")
    if rules not in ("sichuan", "sichuan_fan", "sichuan_points"):
        raise ValueError(f"table.rules must be 'sichuan', got {rules!r}")
    if options is None:
        opts = SettleOptions.from_dict(table["options"]) if table.get("options") is not None else _DEFAULT
        if rules == "sichuan_points" and "options" not in table:
            opts = PRESETS["sc_b"]
    else:
        opts = SettleOptions.from_dict(options)

    base = table.get("base", opts.default_base)
    if isinstance(base, bool) or not isinstance(base, int) or base <= 0:
        raise ValueError(f"table.base (基本分) must be a positive int, got {base!r}")
    dealer = _int_field(table, "dealer", "table", 0, 3, required=False)
    wall_exhausted = _bool_field(table, "wall_exhausted", "table")

    raw_players = table.get("players")
    if not isinstance(raw_players, (list, tuple)) or len(raw_players) != N_PLAYERS:
        raise ValueError(f"table.players must be a list of 4 players, got "
                         f"{len(raw_players) if isinstance(raw_players, (list, tuple)) else type(raw_players).__name__}")
    seen_names: set = set()
    players = [_read_player(i, d, seen_names) for i, d in enumerate(raw_players)]

    raw_events = table.get("events", [])
    if not isinstance(raw_events, (list, tuple)):
        raise ValueError(f"table.events must be a list, got {type(raw_events).__name__}")
    events = [_read_event(i, e, players) for i, e in enumerate(raw_events)]


    # tiles across the table: at most 4 of each kind (concealed + melds)
    total = [0] * 34
    for p in players:
        for t in range(27):
            total[t] += p.counts[t]
        for m in p.melds:
            total[m.first] += len(m.tiles)
    # one discard won by several players (一炮多响) sits in each winner's hand: count it once
    for k in range(1, len(events)):
        a, b = events[k - 1], events[k]
        if a["type"] == b["type"] == "win" and b["from"] is not None and a["from"] == b["from"] \
                and a["tile"] == b["tile"]:
            total[b["tile"]] -= 1
    for t in range(27):
        if total[t] > 4:
            holders = [f"player {p.index}" for p in players
                       if p.counts[t] or any(m.first == t for m in p.melds)]
            raise ValueError(f"table: {TILE_NAMES[t]} appears {total[t]} times across the table (at most 4; "
                             f"held by {', '.join(holders)})")

    # kong events <-> kong melds; a kakan robbed by 抢杠胡 is cancelled and stays a pon
    cancelled = set()
    for k, ev in enumerate(events):
        if ev["type"] == "win" and ev["robbing_kong"]:
            _check_robbing(ev, events, k, players, opts, cancelled)
    kong_melds: Dict[Tuple[int, int], str] = {}
    for p in players:
        for m in p.melds:
            if m.is_kong:
                kong_melds[p.index, m.first] = m.kind
    kong_seen: Dict[Tuple[int, int], int] = {}
    kong_tile_seen: Dict[int, int] = {}
    for ev in events:
        if ev["type"] != "kong" or ev["index"] in cancelled:
            continue
        i, key = ev["index"], (ev["player"], ev["tile"])
        name = TILE_NAMES[ev["tile"]]
        if ev["tile"] in kong_tile_seen:
            raise ValueError(f"events[{i}]: {name} was already konged at events[{kong_tile_seen[ev['tile']]}] "
                             f"(duplicated kong)")
        kong_tile_seen[ev["tile"]] = i
        kong_seen[key] = i
        have = kong_melds.get(key)
        if have is None:
            raise ValueError(f"events[{i}]: player {ev['player']} has no kong of {name} among his melds "
                             f"(add {{\"kind\": \"{ev['kind']}\", \"tiles\": \"{name[0] * 4}{name[1]}\"}})")
        if have != ev["kind"]:
            raise ValueError(f"events[{i}]: the kong of {name} is a {ev['kind']} ({_KONG_NAMES[ev['kind']]}) "
                             f"but player {ev['player']}'s meld is a {have} ({_KONG_NAMES[have]})")
    for key, kind in kong_melds.items():
        if key not in kong_seen:
            name = TILE_NAMES[key[1]]
            raise ValueError(f"players[{key[0]}]: the {kind} ({_KONG_NAMES[kind]}) of {name} has no kong event "
                             f"(every kong moves points: add {{\"type\": \"kong\", \"player\": {key[0]}, "
                             f"\"kind\": \"{kind}\", \"tile\": \"{name}\"...}})")

    ledger: List[Payment] = []
    wins: List[WinResult] = []
    kong_income: Dict[int, List[Tuple[int, int]]] = {}    # kong event -> [(payer, amount)]
    transferred: set = set()
    n_won = 0
    ended_at = None

    def pay(payer, payee, amount, reason, event, detail):
        if amount > 0:
            ledger.append(Payment(payer, payee, amount, reason, event, detail))

    def still_in(exclude=()):
        return [q.index for q in players if q.won_at is None and q.index not in exclude]

    for k, ev in enumerate(events):
        i, pl = ev["index"], ev["player"]
        p = players[pl]
        name = TILE_NAMES[ev["tile"]]
        if ended_at is not None:
            why = "three players have won" if opts.xuezhan else \
                "not 血战 (xuezhan=False): the first win, with every winner of its discard, ends the hand"
            raise ValueError(f"events[{i}]: the hand ended at events[{ended_at}] ({why})")
        if p.won_at is not None:
            what = "win" if ev["type"] == "win" else "kong"
            raise ValueError(f"events[{i}]: player {pl} already won at events[{p.won_at}] and cannot {what} "
                             f"again (血战: a winner leaves the hand)")
        frm = ev["from"]
        if frm is not None and players[frm].won_at is not None:
            raise ValueError(f"events[{i}]: player {frm} already won at events[{players[frm].won_at}] and "
                             f"discards no more tiles")
        if ev["type"] == "kong":
            if i in cancelled:
                continue                                   # robbed: 刮风下雨无效
            kind = ev["kind"]
            got: List[Tuple[int, int]] = []
            if opts.pays_kongs:
                if kind == "minkan":
                    amt = opts.zhigang_rate * base
                    pay(frm, pl, amt, "zhigang", i, f"直杠 {name}, fed by P{frm}")
                    got.append((frm, amt))
                    if opts.zhigang_mode == "jiajiayou":
                        for q in still_in((pl, frm)):
                            pay(q, pl, base, "zhigang_jiajiayou", i, f"直杠 {name} 家家有")
                            got.append((q, base))
                else:
                    rate, reason = (opts.bugang_rate, "bugang") if kind == "kakan" else (opts.angang_rate, "angang")
                    for q in still_in((pl,)):
                        amt = rate * base
                        pay(q, pl, amt, reason, i, f"{_KONG_NAMES[kind]} {name}")
                        got.append((q, amt))
            kong_income[i] = [g for g in got if g[1] > 0]
            continue

        # a win
        _check_win_flags(ev, events, k, players, dealer, cancelled)
        _check_size(p, 14, i)
        if not p.counts[ev["tile"]]:
            raise ValueError(f"events[{i}]: player {pl} wins on {name} but his concealed tiles "
                             f"{_show_hand(p)} do not hold it (a winner's hand includes the winning tile)")
        r = _score_win(p, ev, opts)
        total_fan = int(r.total_fan)
        units = _units(total_fan, opts)
        fu = _unit(opts)
        fans = tuple((str(n), int(v)) for n, v in r.fans)
        received = 0
        if frm is not None:
            payers = (frm,)
            reason = "dianpao"
            how = "抢杠胡" if ev["robbing_kong"] else ("杠上炮" if ev["kong_discard"] else "点炮")
            amt = units * base
            pay(frm, pl, amt, reason, i, f"{how} {name}: {total_fan}{fu} ×{units}")
            received += amt
            if ev["kong_discard"] and opts.hujiao_zhuanyi:
                kev = _last_kong(events, k)
                inc = sum(a for _, a in kong_income.get(kev, ()))
                pay(frm, pl, inc, "hujiao_zhuanyi", i, f"杠上炮: income of the kong at events[{kev}]")
                transferred.add(kev)
        else:
            feeder = None
            if ev["after_kong"] and opts.ganghua_zhigang_feeder_pays:
                kev = _last_kong(events, k)
                if events[kev]["kind"] == "minkan":
                    feeder = events[kev]["from"]
            zunits = units
            if opts.zimo_bonus == "jiafan":
                zunits = _plus_one_fan(r, opts)
            if feeder is not None:
                # 算引杠者点炮: settled as a win on the feeder's discard, one share from him alone
                # (units × base, as a 点炮; 自摸加底 / 自摸加番 are for self-drawn wins only)
                payers = (feeder,)
                amt = units * base
                pay(feeder, pl, amt, "dianpao", i, f"杠上花 {name} after 直杠 fed by P{feeder}: "
                                                   f"{total_fan}{fu} ×{units} (引杠者 pays as 点炮)")
                received += amt
            else:
                payers = tuple(still_in((pl,)))
                how = "杠上花" if ev["after_kong"] else ("天胡" if ev["tianhu"] else "自摸")
                for q in payers:
                    amt = zunits * base
                    pay(q, pl, amt, "zimo", i, f"{how} {name}: {total_fan}{fu} ×{units}"
                        + (" +1番 (自摸加番)" if opts.zimo_bonus == "jiafan" else ""))
                    received += amt
                    if opts.zimo_bonus == "jiadi":
                        pay(q, pl, base, "zimo_jiadi", i, "自摸加底")
                        received += base
        wins.append(WinResult(i, pl, name, frm, fans, total_fan, units, payers, received))
        # one-discard multiple winners are marked after every payment of the group: mark now (the
        # discarder pays each winner separately, 1对1)
        p.won_at = i
        n_won += 1
        if n_won >= 3:
            ended_at = i
        elif not opts.xuezhan:
            nxt = events[k + 1] if k + 1 < len(events) else None
            same_discard = (nxt is not None and nxt["type"] == "win" and frm is not None
                            and nxt["from"] == frm and nxt["tile"] == ev["tile"])
            if not same_discard:
                ended_at = i

    remaining = still_in()
    for q in remaining:
        _check_size(players[q], 13, None)
    draw = None
    if (n_won < 3 if opts.xuezhan else n_won == 0) and not wall_exhausted:
        rule = ("血战 ends when three have won or the wall runs out" if opts.xuezhan else
                "without 血战 the hand ends at the first win or when the wall runs out")
        raise ValueError(f"table: the hand has not ended: {n_won} player{'s' if n_won != 1 else ''} won and "
                         f"the wall is not exhausted ({rule}; set \"wall_exhausted\": true for a drawn hand)")
    if not opts.xuezhan and n_won and wall_exhausted:
        raise ValueError("table: wall_exhausted is set but a player won, which ends a hand without 血战 "
                         "(xuezhan=False): a won hand is not a draw")
    if wall_exhausted and len(remaining) >= 2:
        draw = _settle_draw(players, remaining, events, kong_income, transferred, base, opts, pay)

    totals = [0] * N_PLAYERS
    for row in ledger:
        totals[row.payer] -= row.amount
        totals[row.payee] += row.amount
    return Settlement(tuple(totals), tuple(ledger), tuple(wins), draw, base,
                      tuple(p.name for p in players), opts)


def _check_size(p: _Player, want: int, event: Optional[int]) -> None:
    """14 tiles for a winner (the winning tile included), 13 for the others; a meld counts 3."""
    size = sum(p.counts) + 3 * len(p.melds)
    if size != want:
        where = f"events[{event}]: players[{p.index}]" if event is not None else f"players[{p.index}]"
        what = "a winner holds 14 (the winning tile included)" if want == 14 else \
            "a player who did not win holds 13"
        raise ValueError(f"{where}: {sum(p.counts)} concealed tiles + {len(p.melds)} melds make {size} tiles; "
                         f"{what}, counting each meld as 3")


def _plus_one_fan(r, opts: SettleOptions) -> int:
    """自摸加番: the units of the win with one 番 more (fan profile; one 分 more in points), within the cap."""
    total = int(r.uncapped_total) + 1
    cap = opts.scoring_options.max_fan
    if cap is not None:
        total = min(total, cap)
    return max(_units(int(r.total_fan), opts), _units(total, opts))


def _last_kong(events, k) -> Optional[int]:
    """Index of the kong just before the win at position k (skipping the other winners of one discard)."""
    j = k - 1
    while j >= 0 and events[j]["type"] == "win":
        j -= 1
    return events[j]["index"] if j >= 0 else None


def _check_robbing(ev, events, k, players, opts, cancelled):
    i = ev["index"]
    if ev["from"] is None:
        raise ValueError(f"events[{i}]: a 抢杠胡 (robbing_kong) wins on another player's kong: 'from' is the "
                         f"player who tried to kong")
    if ev["after_kong"] or ev["kong_discard"] or ev["tianhu"] or ev["dihu"]:
        raise ValueError(f"events[{i}]: robbing_kong cannot be combined with after_kong, kong_discard, tianhu "
                         f"or dihu")
    # the robbed kong: the kong event right before (other robbers of the same kong may stand between)
    j = k - 1
    while j >= 0 and events[j]["type"] == "win" and events[j]["robbing_kong"] and events[j]["from"] == ev["from"] \
            and events[j]["tile"] == ev["tile"]:
        j -= 1
    robbed_kind = "kakan"
    if j >= 0 and events[j]["type"] == "kong" and events[j]["player"] == ev["from"] \
            and events[j]["tile"] == ev["tile"]:
        robbed_kind = events[j]["kind"]
        cancelled.add(events[j]["index"])
    if robbed_kind not in opts.robbable_kongs:
        raise ValueError(f"events[{i}]: a {robbed_kind} ({_KONG_NAMES[robbed_kind]}) cannot be robbed "
                         f"(robbable: {', '.join(opts.robbable_kongs)}; docs/rules.md#c35)")
    victim = players[ev["from"]]
    t = ev["tile"]
    if robbed_kind == "kakan" and not any(m.kind == "pon" and m.first == t for m in victim.melds):
        raise ValueError(f"events[{i}]: player {victim.index} has no pon of {TILE_NAMES[t]} to add the robbed "
                         f"tile to (after 抢杠胡 the robbed kong stays a pon)")


def _check_win_flags(ev, events, k, players, dealer, cancelled):
    i, pl = ev["index"], ev["player"]
    if ev["after_kong"]:
        if ev["from"] is not None:
            raise ValueError(f"events[{i}]: after_kong (杠上花) is a self-drawn win; 'from' must be null")
        kev = _last_kong(events, k)
        if kev is None or k == 0 or events[k - 1]["type"] != "kong" or events[k - 1]["player"] != pl \
                or kev in cancelled:
            raise ValueError(f"events[{i}]: after_kong (杠上花) needs a kong by player {pl} as the event "
                             f"right before the win")
    if ev["kong_discard"]:
        if ev["from"] is None:
            raise ValueError(f"events[{i}]: kong_discard (杠上炮) is a win on a discard; 'from' is the player "
                             f"who konged and discarded")
        kev = _last_kong(events, k)
        ok = kev is not None and kev not in cancelled and events[kev]["player"] == ev["from"]
        # every win between the kong and this one must be on the same discard
        j = k - 1
        while ok and j >= 0 and events[j]["type"] == "win":
            w = events[j]
            ok = w["from"] == ev["from"] and w["tile"] == ev["tile"] and w["kong_discard"]
            j -= 1
        if not ok:
            raise ValueError(f"events[{i}]: kong_discard (杠上炮) needs a kong by player {ev['from']} right "
                             f"before the win (only other winners of the same discard in between)")
    if ev["tianhu"] and ev["dihu"]:
        raise ValueError(f"events[{i}]: tianhu and dihu are exclusive")
    if ev["tianhu"]:
        if ev["from"] is not None or k != 0:
            raise ValueError(f"events[{i}]: tianhu (天胡) is the dealer's self-drawn win before anything else; "
                             f"it must be the first event, self-drawn")
        if dealer is not None and pl != dealer:
            raise ValueError(f"events[{i}]: tianhu (天胡) by player {pl}, but the dealer is player {dealer}")
    if ev["dihu"]:
        if any(e["type"] == "kong" for e in events[:k]):
            raise ValueError(f"events[{i}]: dihu (地胡) is a win in the first go-around; no kong can come before it")
        if dealer is not None and pl == dealer:
            raise ValueError(f"events[{i}]: dihu (地胡) is a non-dealer's win, but player {pl} is the dealer")


def _settle_draw(players, remaining, events, kong_income, transferred, base, opts, pay) -> DrawResult:
    """流局: 查花猪, 查大叫, refunds (docs/rules.md#sichuan-settle)."""
    huazhu = [q for q in remaining if len(_suits_held(players[q])) == 3]
    # 1. 查花猪: each 花猪 pays 16x base to each non-花猪
    receivers = [p.index for p in players if p.index not in huazhu
                 and (p.won_at is None or opts.huazhu_pays_winners)]
    for h in huazhu:
        for q in receivers:
            pay(h, q, opts.huazhu_rate * base, "huazhu", None, f"花猪 P{h} (three suits) pays {opts.huazhu_rate}x")
    # 2. 查大叫
    tenpai: Dict[int, Tuple[int, int]] = {}
    for q in remaining:
        if q in huazhu:
            continue
        dj = _dajiao(players[q], opts)
        if dj is not None:
            tenpai[q] = dj
    not_tenpai = [q for q in remaining if q not in huazhu and q not in tenpai]
    for q in not_tenpai:
        for t, (fan, units) in tenpai.items():
            pay(q, t, units * base, "dajiao", None, f"P{t} tenpai: 大叫 {fan}{_unit(opts)} ×{units} ({opts.chadajiao_mode})")
    # 3. refunds of 刮风下雨 by those without 叫
    if opts.refund_kongs:
        refunders = set(not_tenpai) | (set(huazhu) if opts.huazhu_refunds_kongs else set())
        for ev in events:
            if ev["type"] != "kong" or ev["player"] not in refunders or ev["index"] in transferred:
                continue
            for payer, amt in kong_income.get(ev["index"], ()):
                pay(ev["player"], payer, amt, "kong_refund", ev["index"],
                    f"P{ev['player']} not tenpai: refunds {_KONG_NAMES[ev['kind']]} {TILE_NAMES[ev['tile']]}")
    return DrawResult(tuple(remaining), tuple(huazhu), tenpai, tuple(not_tenpai), opts.chadajiao_mode)


def format_settlement(s: Settlement) -> str:
    """Human-readable report (``mjpy settle`` without ``--json``)."""
    lines = [f"base      {s.base} (基本分)"]
    fu = _unit(s.options)
    shown = ["" if n == f"P{i}" else n for i, n in enumerate(s.names)]
    width = max(len(n) for n in shown)
    for i, (n, t) in enumerate(zip(shown, s.totals)):
        lines.append(f"P{i} {n:<{width}}  {t:+d}".replace("  ", " ", 1) if not width else
                     f"P{i} {n:<{width}}  {t:+d}")
    if s.wins:
        lines.append("wins:")
        for w in s.wins:
            how = "self-drawn" if w.discarder is None else f"on P{w.discarder}'s discard"
            fans = " ".join(f"{n}{v}" for n, v in w.fans)
            lines.append(f"  event {w.event}: P{w.winner} {w.tile} {how}: {fans} = {w.total_fan}{fu} ×{w.multiplier}")
    if s.draw is not None:
        d = s.draw
        lines.append("draw (流局):")
        lines.append(f"  花猪 {', '.join(f'P{h}' for h in d.huazhu) or 'none'}; tenpai "
                     f"{', '.join(f'P{p} ({f}{fu})' for p, (f, _) in sorted(d.tenpai.items())) or 'none'}; "
                     f"not tenpai {', '.join(f'P{p}' for p in d.not_tenpai) or 'none'}")
    lines.append("ledger:")
    for row in s.ledger:
        lines.append("  " + str(row))
    return "\n".join(lines)
