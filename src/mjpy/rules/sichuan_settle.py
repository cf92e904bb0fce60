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
The wins are scored on the rule engine (:func:`mjpy.rules.bindings.sichuan_rules`), 大叫 by
:func:`mjpy.rules.sichuan.best_fan_if_tenpai`.

The table is read, checked and paid by the generic machinery (:mod:`mjpy.rules.engine.settle`, one
error format naming the place: ``table.players[2].hand: ...``); this module gives it the Sichuan rules
as :data:`SICHUAN_SETTLE`: kong money (刮风下雨), the wins (血战到底: successive winners, 呼叫转移),
the 流局 checks at the wall's end, its options, and the Sichuan shapes of the results.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Tuple

import numpy as np

from ..meld import _canonical_kind
from ..tiles import TILE_NAMES, suit_number
from . import sichuan
from .bindings import sichuan_rules
from .engine import settle as _engine
from .engine.settle import Pay, SettleRules, SettleTable, Win, exact, load_table, show

__all__ = ["settle", "SettleOptions", "Settlement", "Payment", "WinResult", "DrawResult", "load_table",
           "format_settlement", "REASONS", "PRESETS", "SICHUAN_SETTLE"]

_KONG_KINDS = ("minkan", "kakan", "ankan")
_KONG_REASONS = {"minkan": "zhigang", "kakan": "bugang", "ankan": "angang"}

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
_RULE_NAMES = ("sichuan", "sichuan_fan", "sichuan_points")


# ------------------------------------------------------------------------------------------- results

class Payment(_engine.Payment):
    """One ledger row (:class:`mjpy.rules.engine.settle.Payment`: ``payer`` pays ``payee`` ``amount`` > 0 for
    ``reason``) with the Sichuan labels (:data:`REASONS`: a 补杠 is 面下杠 here). ``event`` is the index in
    ``table["events"]`` that caused it (for a refund, the kong refunded), or None for 查花猪 / 查大叫
    (``draw`` in the text). ``detail`` says it in words."""

    reasons = REASONS
    end = "draw"


class WinResult(_engine.WinRecord):
    """A win (one ``win`` event): the generic record read the Sichuan way. ``discarder``: ``source`` (the
    discarder, or the robbed player of a 抢杠胡; None when self-drawn); ``total_fan``: ``total``;
    ``multiplier``: the base units each payer pays (before 自摸加底); ``payers``; ``amount``: the total
    received for the win itself (呼叫转移 not included)."""

    discarder = property(lambda self: self.source)
    total_fan = property(lambda self: self.total)
    multiplier = property(lambda self: self.detail["multiplier"])
    payers = property(lambda self: self.detail["payers"])
    amount = property(lambda self: self.detail["amount"])

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
class Settlement(_engine.Settlement):
    """The generic :class:`~mjpy.rules.engine.settle.Settlement` (``totals[i]``: player i's net result;
    ``ledger``: every :class:`Payment` in order; ``wins``: each :class:`WinResult`; ``base``: 基本分;
    ``names``; ``options``: the :class:`SettleOptions` used) with ``draw``: the 流局 checks (None when the
    hand ended with three winners, or without a draw)."""

    draw: Optional[DrawResult] = None

    def to_dict(self) -> dict:
        """JSON-ready (the ``mjpy settle --json`` object)."""
        return {"base": self.base, "names": list(self.names), "totals": list(self.totals),
                "ledger": [p.to_dict() for p in self.ledger], "wins": [w.to_dict() for w in self.wins],
                "draw": None if self.draw is None else self.draw.to_dict(),
                "options": self.options.to_dict()}

    def __str__(self) -> str:
        return format_settlement(self)


# ------------------------------------------------------------------------------------------- scoring glue

def _suits_held(p) -> set:
    c = p.counts
    s = {k for k in range(3) if any(c[9 * k:9 * k + 9])}
    s.update(m.first // 9 for m in p.melds)
    return s


def _units(total: int, opts: SettleOptions) -> int:
    """Base units a win (or a 大叫) of ``total`` pays: 2**(番-1) in sichuan_fan, the 分 in sichuan_points."""
    if opts.profile == "sichuan_fan":
        return 1 << (total - 1)
    return total


def _unit(opts: SettleOptions) -> str:
    """The unit of a hand's total: 番 in sichuan_fan, 分 in sichuan_points."""
    return "分" if opts.profile == "sichuan_points" else "番"


def _plus_one_fan(r, opts: SettleOptions) -> int:
    """自摸加番: the units of the win ``r`` with one 番 more (fan profile; one 分 more in points), within the cap."""
    total = int(r.detail["uncapped_total"]) + 1
    cap = opts.scoring_options.max_fan
    if cap is not None:
        total = min(total, cap)
    return max(_units(int(r.total), opts), _units(total, opts))


def _dajiao(p, opts: SettleOptions) -> Optional[Tuple[int, int]]:
    """(total, units) of the 大叫 a player still in the hand at the draw collects, or None if not tenpai
    (a hand holding its 定缺 suit is not tenpai; ``sichuan.best_fan_if_tenpai`` decides)."""
    total = sichuan.best_fan_if_tenpai(np.array(p.counts, np.uint8), melds=p.melds, dingque=p.extra["dingque"],
                                       options=opts.scoring_options)
    if total is None:
        return None
    return int(total), _units(int(total), opts)


# ------------------------------------------------------------------------------------------- the hooks

def _read(t: SettleTable) -> None:
    """基本分 a whole number; each player's 定缺 (one reading of a suit, :func:`mjpy.tiles.suit_number`) and
    no meld in it."""
    if t.base.denominator != 1:
        raise ValueError(f"table.base (基本分) must be a whole number, got {show(t.base)}")
    for p in t.players:
        dq = suit_number(p.extra.get("dingque"), f"table.players[{p.index}].dingque")
        p.extra["dingque"] = None if dq is None else sichuan.SUITS[dq]
        for k, m in enumerate(p.melds):
            if m.first // 9 == dq:
                raise ValueError(f"table.players[{p.index}].melds[{k}]: {m} is in the 定缺 suit "
                                 f"{sichuan.SUITS[dq]!r} (a 定缺 suit is never melded)")
    t.extra.update(kong_income={}, transferred=set(), draw=None)


def _kong(t: SettleTable, ev: dict) -> List[Pay]:
    """刮风下雨: a 直杠's feeder pays (家家有: each other player still in too); a 面下杠 / 暗杠: each player
    still in. The income is kept for 呼叫转移 and the refunds at a draw."""
    o, pl, i = t.options, ev["player"], ev["index"]
    name = TILE_NAMES[ev["tile"]]
    out: List[Pay] = []
    if o.pays_kongs:
        if ev["kind"] == "minkan":
            frm = ev["from"]
            out.append((frm, pl, o.zhigang_rate, "zhigang", f"直杠 {name}, fed by P{frm}"))
            if o.zhigang_mode == "jiajiayou":
                out += [(q, pl, 1, "zhigang_jiajiayou", f"直杠 {name} 家家有") for q in t.in_hand(i) if q not in (pl, frm)]
        else:
            rate, reason = (o.bugang_rate, "bugang") if ev["kind"] == "kakan" else (o.angang_rate, "angang")
            out += [(q, pl, rate, reason, f"{REASONS[reason]} {name}") for q in t.in_hand(i) if q != pl]
    t.extra["kong_income"][i] = [(q, a) for q, _, a, _, _ in out if a > 0]
    return out


def _win(t: SettleTable, w: Win) -> List[Pay]:
    """A win on a discard (抢杠胡, 杠上炮 with 呼叫转移 included): the discarder pays; a self-drawn win: each
    player still in (自摸加底 / 自摸加番), or the 直杠's feeder alone (``ganghua_zhigang_feeder_pays``)."""
    o, ev, pl = t.options, w.event, w.winner
    r = w.result                                             # the engine's Result (docs/rules.md#sichuan-engine)
    total_fan = int(r.total)
    units, fu, name = _units(total_fan, o), _unit(o), TILE_NAMES[w.tile]
    out: List[Pay] = []
    if w.source is not None:
        how = "抢杠胡" if w.robbing else ("杠上炮" if ev["kong_discard"] else "点炮")
        out.append((w.source, pl, units, "dianpao", f"{how} {name}: {total_fan}{fu} ×{units}"))
        payers, received = (w.source,), units
        if ev["kong_discard"] and o.hujiao_zhuanyi:
            kev = w.kong_before["index"]
            income = sum(a for _, a in t.extra["kong_income"].get(kev, ()))
            out.append((w.source, pl, income, "hujiao_zhuanyi", f"杠上炮: income of the kong at events[{kev}]"))
            t.extra["transferred"].add(kev)
    elif ev["after_kong"] and o.ganghua_zhigang_feeder_pays and w.kong_before["kind"] == "minkan":
        # 算引杠者点炮: settled as a win on the feeder's discard, one share from him alone
        # (units × base, as a 点炮; 自摸加底 / 自摸加番 are for self-drawn wins only)
        feeder = w.kong_before["from"]
        out.append((feeder, pl, units, "dianpao", f"杠上花 {name} after 直杠 fed by P{feeder}: "
                                                  f"{total_fan}{fu} ×{units} (引杠者 pays as 点炮)"))
        payers, received = (feeder,), units
    else:
        zunits = _plus_one_fan(r, o) if o.zimo_bonus == "jiafan" else units
        how = "杠上花" if ev["after_kong"] else ("天胡" if ev["tianhu"] else "自摸")
        payers, received = tuple(q for q in t.in_hand(w.index) if q != pl), 0
        for q in payers:
            out.append((q, pl, zunits, "zimo", f"{how} {name}: {total_fan}{fu} ×{units}"
                        + (" +1番 (自摸加番)" if o.zimo_bonus == "jiafan" else "")))
            received += zunits
            if o.zimo_bonus == "jiadi":
                out.append((q, pl, 1, "zimo_jiadi", "自摸加底"))
                received += 1
    w.detail.update(multiplier=units, payers=payers, amount=exact(received * t.base))
    return out


def _end(t: SettleTable) -> List[Pay]:
    """流局 (the wall ran out with two or more players still in): 查花猪, 查大叫, then the kong refunds of
    the players without 叫 (docs/rules.md#sichuan-settle)."""
    remaining = t.in_hand()
    if not t.wall_exhausted or len(remaining) < 2:
        return []
    o = t.options
    huazhu = [q for q in remaining if len(_suits_held(t.players[q])) == 3]
    # 1. 查花猪: each 花猪 pays 16x base to each non-花猪
    receivers = [q for q in range(t.n) if q not in huazhu and (q not in t.won_at or o.huazhu_pays_winners)]
    out: List[Pay] = [(h, q, o.huazhu_rate, "huazhu", f"花猪 P{h} (three suits) pays {o.huazhu_rate}x", None)
                      for h in huazhu for q in receivers]
    # 2. 查大叫
    tenpai: Dict[int, Tuple[int, int]] = {}
    for q in remaining:
        dj = None if q in huazhu else _dajiao(t.players[q], o)
        if dj is not None:
            tenpai[q] = dj
    not_tenpai = [q for q in remaining if q not in huazhu and q not in tenpai]
    out += [(q, p, units, "dajiao", f"P{p} tenpai: 大叫 {fan}{_unit(o)} ×{units} ({o.chadajiao_mode})", None)
            for q in not_tenpai for p, (fan, units) in tenpai.items()]
    # 3. refunds of 刮风下雨 by those without 叫 (income moved by 呼叫转移 excepted)
    if o.refund_kongs:
        refunders = set(not_tenpai) | (set(huazhu) if o.huazhu_refunds_kongs else set())
        for ev in t.events:
            if ev["type"] != "kong" or ev["player"] not in refunders or ev["index"] in t.extra["transferred"]:
                continue
            what = f"{REASONS[_KONG_REASONS[ev['kind']]]} {TILE_NAMES[ev['tile']]}"
            out += [(ev["player"], payer, a, "kong_refund", f"P{ev['player']} not tenpai: refunds {what}", ev["index"])
                    for payer, a in t.extra["kong_income"].get(ev["index"], ())]
    t.extra["draw"] = DrawResult(tuple(remaining), tuple(huazhu), tenpai, tuple(not_tenpai), o.chadajiao_mode)
    return out


def _result(t: SettleTable, s: _engine.Settlement) -> Settlement:
    return Settlement(**vars(s), draw=t.extra["draw"])


#: The Sichuan payment rules for the generic machinery (:mod:`mjpy.rules.engine.settle`); the hooks read
#: the :class:`SettleOptions` as ``t.options``.
SICHUAN_SETTLE = SettleRules(
    win=_win, kong=_kong, kongs_need_events=lambda t: True,
    win_flags=("after_kong", "kong_discard", "robbing_kong", "tianhu", "dihu"), multiple_winners=True,
    needs_dealer=False, player_keys=("dingque",), read=_read, allow_chi=lambda o: False,
    robbable_kongs=lambda o: o.robbable_kongs, successive_wins=lambda o: o.xuezhan, end=_end,
    default_base=lambda o: o.default_base, payment=Payment, win_record=WinResult, result=_result,
)


# ------------------------------------------------------------------------------------------- settle

def settle(table, options: Optional[SettleOptions] = None) -> Settlement:
    """Settle one Sichuan 血战到底 hand. ``table``: a dict (or a JSON path / text, see :func:`load_table`)
    in the format of ``docs/sichuan_settle.md``; ``options``: a :class:`SettleOptions` (or a mapping for
    :meth:`SettleOptions.from_dict`, or a ``sichuan.SichuanOptions``: :meth:`SettleOptions.from_sichuan`);
    None uses the table's ``"options"`` object, else the defaults (``"rules": "sichuan_points"``: ``sc_b``).

    Returns a :class:`Settlement`. Raises ValueError saying what is wrong with the table, naming the place:
    tiles outside the 108-tile set or more than 4 of a tile across the table, a hand of the wrong size, a
    kong event without its meld or a kong meld without its event, a kong made twice, a win by a player who
    already won, a hand that is not a win for the claimed winner, flags that do not fit the events (杠上花 /
    杠上炮 / 抢杠胡 / 天胡 / 地胡), a hand that has not ended (the wall not exhausted and fewer than three
    winners), ...
    """
    raw = load_table(table)
    name = raw.get("rules")
    if name is not None and name not in _RULE_NAMES:
        raise ValueError(f"table.rules must be {', '.join(map(repr, _RULE_NAMES))}, got {name!r}")
    if options is not None:
        opts = SettleOptions.from_dict(options)
    elif raw.get("options") is not None:
        opts = SettleOptions.from_dict(raw["options"])
    else:
        opts = PRESETS["sc_b"] if name == "sichuan_points" and "options" not in raw else _DEFAULT
    rs = sichuan_rules(opts.scoring_options)
    return _engine.settle(rs, raw, SICHUAN_SETTLE, opts)


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
