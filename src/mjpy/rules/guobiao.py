"""Guobiao / MCR mahjong (国标麻将, 中国麻将竞赛规则): the 81 fans, exclusions, payments.

docs/rules.md#guobiao (and docs/rules.md#guobiao-combination, the combination rules of the reference
implementation pymahjonggb 1.4.0, which is the default profile) and the ``guobiao.*`` flags
(docs/rules.md#guobiao-options).

>>> from mjpy import Meld
>>> r = score("11199p222z", melds=[Meld("chi", "123m"), Meld("pon", "555s")], win_tile="2z",
...           seat_wind="S", round_wind="E")
>>> r.total, r.is_valid_win, [f.name for f in r.fans]
(3, False, ['门风刻', '幺九刻'])
>>> score("14m258p36s1234567z").fans           # 七星不靠, won on 白 (the last tile written)
[('七星不靠', 24, 'Greater Honors and Knitted Tiles')]

Conventions: the hand holds the concealed tiles *including* the winning tile; declared melds are
:class:`mjpy.Meld` (``chi``, ``pon``, ``minkan``, ``kakan``, ``ankan``; ``kan`` of unknown openness
is rejected because 明杠 and 暗杠 score differently). ``win_tile`` defaults to the last tile written in
a hand string. Winds: ``"E"``/``"S"``/``"W"``/``"N"``, ``东南西北``, ``1z``-``4z`` or 0-3.

The rule set is data: :data:`FANS` (number, 中文 name, English name, value), the exclusion lists
:data:`REFERENCE_EXCLUSIONS` (docs/rules.md#guobiao-combination), :data:`UNION_EXCLUSIONS`,
:data:`N4_EXCLUSIONS`, :data:`LIANZHONG_EXCLUSIONS` and :data:`ENTAILMENT_EXCLUSIONS`
(docs/rules.md#guobiao-options). The combination logic (forms, decompositions, set relations,
exclusion by bit masks, best total) runs in the Cython core ``mjpy.rules._guobiao``.

A hand that is no legal win shape is not an error: :func:`score` returns a result with
``is_win=False``, ``is_valid_win=False`` and ``reason``. Malformed input raises ``ValueError`` /
``TypeError`` naming the problem.
"""
from __future__ import annotations

import dataclasses
import re
from collections import namedtuple
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

import mjcore._tables  # noqa: F401  (loads the kernel tables the core reads)
import mjpy
from mjpy.errors import NotationError
from mjpy.meld import Meld, coerce_melds
from mjpy.tiles import TILE_NAMES, tile_index

from . import _guobiao

__all__ = [
    "FANS",
    "FAN_BY_NAME",
    "REFERENCE_EXCLUSIONS",
    "UNION_EXCLUSIONS",
    "N4_EXCLUSIONS",
    "LIANZHONG_EXCLUSIONS",
    "ENTAILMENT_EXCLUSIONS",
    "PROFILES",
    "GuobiaoOptions",
    "FanEntry",
    "GuobiaoResult",
    "score",
    "score_batch",
    "encode_melds",
    "batch_melds",
    "payments",
    "best_tenpai",
    "normalize_wind",
]

# ----------------------------------------------------------------------------------------------
# the fan table (docs/rules.md#guobiao-fans; #82 明暗杠 = the reference build's extra fan)
# ----------------------------------------------------------------------------------------------
FanRow = namedtuple("FanRow", "no name english value")

FANS: Tuple[FanRow, ...] = tuple(FanRow(*r) for r in (
    (1, "大四喜", "Big Four Winds", 88), (2, "大三元", "Big Three Dragons", 88),
    (3, "绿一色", "All Green", 88), (4, "九莲宝灯", "Nine Gates", 88), (5, "四杠", "Four Kongs", 88),
    (6, "连七对", "Seven Shifted Pairs", 88), (7, "十三幺", "Thirteen Orphans", 88),
    (8, "清幺九", "All Terminals", 64), (9, "小四喜", "Little Four Winds", 64),
    (10, "小三元", "Little Three Dragons", 64), (11, "字一色", "All Honors", 64),
    (12, "四暗刻", "Four Concealed Pungs", 64), (13, "一色双龙会", "Pure Terminal Chows", 64),
    (14, "一色四同顺", "Quadruple Chow", 48), (15, "一色四节高", "Four Pure Shifted Pungs", 48),
    (16, "一色四步高", "Four Pure Shifted Chows", 32), (17, "三杠", "Three Kongs", 32),
    (18, "混幺九", "All Terminals and Honors", 32), (19, "七对", "Seven Pairs", 24),
    (20, "七星不靠", "Greater Honors and Knitted Tiles", 24), (21, "全双刻", "All Even Pungs", 24),
    (22, "清一色", "Full Flush", 24), (23, "一色三同顺", "Pure Triple Chow", 24),
    (24, "一色三节高", "Pure Shifted Pungs", 24), (25, "全大", "Upper Tiles", 24),
    (26, "全中", "Middle Tiles", 24), (27, "全小", "Lower Tiles", 24), (28, "清龙", "Pure Straight", 16),
    (29, "三色双龙会", "Three-Suited Terminal Chows", 16), (30, "一色三步高", "Pure Shifted Chows", 16),
    (31, "全带五", "All Fives", 16), (32, "三同刻", "Triple Pung", 16),
    (33, "三暗刻", "Three Concealed Pungs", 16), (34, "全不靠", "Lesser Honors and Knitted Tiles", 12),
    (35, "组合龙", "Knitted Straight", 12), (36, "大于五", "Upper Four", 12),
    (37, "小于五", "Lower Four", 12), (38, "三风刻", "Big Three Winds", 12),
    (39, "花龙", "Mixed Straight", 8), (40, "推不倒", "Reversible Tiles", 8),
    (41, "三色三同顺", "Mixed Triple Chow", 8), (42, "三色三节高", "Mixed Shifted Pungs", 8),
    (43, "无番和", "Chicken Hand", 8), (44, "妙手回春", "Last Tile Draw", 8),
    (45, "海底捞月", "Last Tile Claim", 8), (46, "杠上开花", "Out with Replacement Tile", 8),
    (47, "抢杠和", "Robbing the Kong", 8), (48, "碰碰和", "All Pungs", 6), (49, "混一色", "Half Flush", 6),
    (50, "三色三步高", "Mixed Shifted Chows", 6), (51, "五门齐", "All Types", 6),
    (52, "全求人", "Melded Hand", 6), (53, "双暗杠", "Two Concealed Kongs", 6),
    (54, "双箭刻", "Two Dragon Pungs", 6), (55, "全带幺", "Outside Hand", 4),
    (56, "不求人", "Fully Concealed Hand", 4), (57, "双明杠", "Two Melded Kongs", 4),
    (58, "和绝张", "Last Tile", 4), (59, "箭刻", "Dragon Pung", 2), (60, "圈风刻", "Prevalent Wind", 2),
    (61, "门风刻", "Seat Wind", 2), (62, "门前清", "Concealed Hand", 2), (63, "平和", "All Chows", 2),
    (64, "四归一", "Tile Hog", 2), (65, "双同刻", "Double Pung", 2), (66, "双暗刻", "Two Concealed Pungs", 2),
    (67, "暗杠", "Concealed Kong", 2), (68, "断幺", "All Simples", 2), (69, "一般高", "Pure Double Chow", 1),
    (70, "喜相逢", "Mixed Double Chow", 1), (71, "连六", "Short Straight", 1),
    (72, "老少副", "Two Terminal Chows", 1), (73, "幺九刻", "Pung of Terminals or Honors", 1),
    (74, "明杠", "Melded Kong", 1), (75, "缺一门", "One Voided Suit", 1), (76, "无字", "No Honors", 1),
    (77, "边张", "Edge Wait", 1), (78, "坎张", "Closed Wait", 1), (79, "单钓将", "Single Wait", 1),
    (80, "自摸", "Self-Drawn", 1), (81, "花牌", "Flower Tiles", 1),
    (82, "明暗杠", "Concealed Kong and Melded Kong", 5),
))
FAN_BY_NAME: Dict[str, FanRow] = {r.name: r for r in FANS}
FAN_BY_NO: Dict[int, FanRow] = {r.no: r for r in FANS}
_N_CORE = 88   # the core's fan arrays: numbers 1-82 used, padded

# ----------------------------------------------------------------------------------------------
# exclusion lists (不计): "counted fan -> fans not counted with it"
# ----------------------------------------------------------------------------------------------
#: docs/rules.md#guobiao-combination, the reference's explicit list (everything else it never counts together is
#: structural, in the core). 四暗刻's "不求人 -> 自摸" is structural too.
REFERENCE_EXCLUSIONS: Dict[str, Tuple[str, ...]] = {
    "大四喜": ("碰碰和", "幺九刻", "圈风刻", "门风刻", "三风刻", "小四喜"),
    "大三元": ("箭刻", "双箭刻"), "小三元": ("箭刻", "双箭刻"), "双箭刻": ("箭刻",),
    "绿一色": ("混一色", "缺一门"),
    "四杠": ("单钓将",),
    "清幺九": ("碰碰和", "全带幺", "幺九刻", "无字", "双同刻"),
    "小四喜": ("幺九刻", "三风刻"),
    "字一色": ("碰碰和", "全带幺", "幺九刻", "缺一门"),
    "四暗刻": ("碰碰和", "门前清", "不求人"),
    "一色双龙会": ("清一色", "平和", "无字"),
    "一色四节高": ("碰碰和",),
    "混幺九": ("碰碰和", "全带幺", "幺九刻"),
    "全双刻": ("碰碰和", "断幺", "无字"),
    "全大": ("无字",), "全小": ("无字",), "大于五": ("无字",), "小于五": ("无字",),
    "全中": ("断幺", "无字"), "全带五": ("断幺", "无字"),
    "三色双龙会": ("平和", "无字"),
    "推不倒": ("缺一门",),
    "妙手回春": ("自摸",), "杠上开花": ("自摸",), "不求人": ("自摸",),
    "全求人": ("单钓将",),
    "平和": ("无字",), "断幺": ("无字",),
    "抢杠和": ("和绝张",),
}

#: the union of the 不计 lists of GB-N4, GB-LZ and GB-W, exclusion_profile="union" (docs/rules.md#guobiao-options)
UNION_EXCLUSIONS: Dict[str, Tuple[str, ...]] = {
    "大四喜": ("圈风刻", "门风刻", "三风刻", "碰碰和", "幺九刻"), "大三元": ("箭刻", "双箭刻"),
    "绿一色": ("混一色",), "九莲宝灯": ("清一色", "门前清", "幺九刻"), "四杠": ("单钓将",),
    "连七对": ("清一色", "不求人", "门前清", "单钓将"), "十三幺": ("五门齐", "不求人", "门前清", "单钓将", "混幺九"),
    "清幺九": ("碰碰和", "双同刻", "三同刻", "无字", "全带幺", "幺九刻"), "小四喜": ("三风刻", "幺九刻"),
    "小三元": ("箭刻", "双箭刻"), "字一色": ("碰碰和", "全带幺", "幺九刻"), "四暗刻": ("门前清", "碰碰和"),
    "一色双龙会": ("平和", "七对", "清一色", "一般高", "老少副"),
    "一色四同顺": ("一色三同顺", "一色三节高", "一般高", "四归一"),
    "一色四节高": ("一色三节高", "一色三同顺", "碰碰和", "一般高", "四归一"), "混幺九": ("碰碰和",),
    "七对": ("不求人", "门前清", "单钓将"), "七星不靠": ("五门齐", "不求人", "门前清", "单钓将"),
    "全双刻": ("碰碰和", "断幺"), "清一色": ("无字",), "一色三同顺": ("一色三节高",), "一色三节高": ("一色三同顺",),
    "全大": ("无字",), "全中": ("断幺",), "全小": ("无字",), "三色双龙会": ("喜相逢", "老少副", "无字", "平和"),
    "全带五": ("断幺",), "全不靠": ("五门齐", "不求人", "门前清", "单钓将"), "大于五": ("无字",), "小于五": ("无字",),
    "推不倒": ("缺一门",), "妙手回春": ("自摸",), "杠上开花": ("自摸",), "抢杠和": ("和绝张",), "全求人": ("单钓将",),
    "双箭刻": ("箭刻",), "不求人": ("门前清",),
}

#: the 不计 lists of GB-N4, exclusion_profile="n4" (docs/rules.md#guobiao-options)
N4_EXCLUSIONS: Dict[str, Tuple[str, ...]] = {
    "大四喜": ("圈风刻", "门风刻", "三风刻", "碰碰和"), "大三元": ("箭刻",), "绿一色": ("混一色",),
    "九莲宝灯": ("清一色",), "连七对": ("清一色", "不求人", "单钓将"), "十三幺": ("五门齐", "不求人", "单钓将"),
    "清幺九": ("碰碰和", "双同刻", "无字"), "小四喜": ("三风刻",), "小三元": ("箭刻",), "字一色": ("碰碰和",),
    "四暗刻": ("门前清", "碰碰和"), "一色双龙会": ("平和", "七对", "清一色"),
    "一色四同顺": ("一色三节高", "一般高", "四归一"), "一色四节高": ("一色三同顺", "碰碰和"),
    "混幺九": ("碰碰和",), "七对": ("不求人", "单钓将"), "七星不靠": ("五门齐", "不求人", "单钓将"),
    "全双刻": ("碰碰和", "断幺"), "清一色": ("无字",), "一色三同顺": ("一色三节高",), "一色三节高": ("一色三同顺",),
    "全大": ("无字",), "全中": ("断幺",), "全小": ("无字",), "三色双龙会": ("喜相逢", "老少副", "无字", "平和"),
    "全带五": ("断幺",), "全不靠": ("五门齐", "不求人", "单钓将"), "大于五": ("无字",), "小于五": ("无字",),
    "推不倒": ("缺一门",), "妙手回春": ("自摸",), "杠上开花": ("自摸",), "抢杠和": ("和绝张",), "全求人": ("单钓将",),
}

#: the GB-LZ (联众) lists only, exclusion_profile="lianzhong" (docs/rules.md#guobiao-options)
#: (门清 = 门前清, 单钓 = 单钓将, 二同刻 = 双同刻, 老少配 = 老少副, 断幺九 = 断幺; GB-LZ under 碰碰和:
#: 混幺九/清幺九/四暗刻/四杠/大四喜 不作重复计算; under 门清: 自摸 makes it 不求人)
LIANZHONG_EXCLUSIONS: Dict[str, Tuple[str, ...]] = {
    "大四喜": ("碰碰和", "圈风刻", "门风刻", "三风刻"), "大三元": ("双箭刻",), "绿一色": ("混一色",),
    "九莲宝灯": ("清一色",), "连七对": ("门前清", "单钓将", "清一色"), "十三幺": ("门前清", "单钓将", "五门齐", "混幺九"),
    "清幺九": ("碰碰和", "双同刻", "无字"), "小四喜": ("三风刻",), "小三元": ("双箭刻",), "字一色": ("碰碰和",),
    "四暗刻": ("门前清", "碰碰和"), "一色双龙会": ("平和", "清一色", "老少副", "一般高"),
    "一色四同顺": ("一色三同顺", "一般高", "四归一"), "一色四节高": ("一色三节高", "一般高", "四归一"),
    "混幺九": ("碰碰和",), "七对": ("门前清", "单钓将"), "七星不靠": ("门前清", "单钓将", "五门齐"),
    "全双刻": ("碰碰和", "断幺"), "清一色": ("无字",), "全大": ("无字",), "全中": ("断幺",), "全小": ("无字",),
    "三色双龙会": ("喜相逢", "老少副"), "全带五": ("断幺",), "全不靠": ("门前清", "单钓将", "五门齐"),
    "大于五": ("无字",), "小于五": ("无字",), "推不倒": ("缺一门",), "双箭刻": ("箭刻",),
    "四杠": ("碰碰和",), "不求人": ("门前清",),
}

#: docs/rules.md#guobiao-options, added to the non-reference profiles when ``entailment_exclusions``
ENTAILMENT_EXCLUSIONS: Dict[str, Tuple[str, ...]] = {
    "连七对": ("七对", "无字"), "四暗刻": ("三暗刻", "双暗刻", "碰碰和"), "三暗刻": ("双暗刻",),
    "四杠": ("三杠", "双明杠", "双暗杠", "明杠", "暗杠", "碰碰和"), "三杠": ("双明杠", "双暗杠", "明杠", "暗杠"),
    "字一色": ("碰碰和",), "清幺九": ("碰碰和",), "混幺九": ("碰碰和",), "大四喜": ("碰碰和",),
    "一色四节高": ("碰碰和",), "全双刻": ("碰碰和",), "九莲宝灯": ("无字",), "清一色": ("无字",),
    "七星不靠": ("全不靠",), "十三幺": ("全带幺",), "不求人": ("自摸",), "清龙": ("连六", "老少副"),
    "一色四步高": ("一色三步高",),
}

PROFILES = ("reference", "union", "n4", "lianzhong")
_PROFILE_LISTS = {"reference": REFERENCE_EXCLUSIONS, "union": UNION_EXCLUSIONS, "n4": N4_EXCLUSIONS,
                  "lianzhong": LIANZHONG_EXCLUSIONS}


# ----------------------------------------------------------------------------------------------
# options
# ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GuobiaoOptions:
    """Every Guobiao option (``guobiao.*`` flags, docs/rules.md#guobiao-options) with its default.

    >>> GuobiaoOptions().exclusion_profile, GuobiaoOptions().min_fan
    ('reference', 8)
    >>> GuobiaoOptions().replace(concealed_and_melded_kong=False).concealed_and_melded_kong
    False
    """

    #: ``guobiao.exclusion_profile``: ``"reference"`` (pymahjonggb 1.4.0), ``"union"`` (the
    #: 不计 lists of GB-N4, GB-LZ and GB-W united), ``"n4"`` (GB-N4 only) or ``"lianzhong"``
    #: (GB-LZ only).
    exclusion_profile: str = "reference"
    #: ``guobiao.min_fan``: fans needed to win (flowers not counted); applied by ``is_valid_win``.
    min_fan: int = 8
    #: ``guobiao.entailment_exclusions``: add the entailment list (non-reference profiles only).
    entailment_exclusions: bool = True
    #: ``guobiao.sigang_counts_ankan``: 四杠 also scores 暗杠 (GB-W "暗杠加计").
    sigang_counts_ankan: bool = False
    #: ``guobiao.buqiuren_excludes_zimo``: 不求人 replaces 自摸 (reference) or adds to it.
    buqiuren_excludes_zimo: bool = True
    #: ``guobiao.ron_pung_is_concealed``: a pung completed by a discard stays a 暗刻.
    ron_pung_is_concealed: bool = False
    #: ``guobiao.qingyaojiu_tongke``: with 清幺九, ``"triple_only"`` (三同刻 counted, 双同刻 not),
    #: ``"none"`` or ``"both"``.
    qingyaojiu_tongke: str = "triple_only"
    #: ``guobiao.closed_specials_zimo_buqiuren``: 七对/十三幺/连七对/全不靠/七星不靠/九莲宝灯 get
    #: 门前清/不求人 like other concealed hands (reference: only 自摸).
    closed_specials_zimo_buqiuren: bool = False
    #: ``guobiao.concealed_and_melded_kong``: 明暗杠 (5) for one 暗杠 + one 明杠 (PyPI reference build).
    concealed_and_melded_kong: bool = True
    #: 寶牌 (docs/rules.md#baopai): bonus tiles named per hand (``bonus_indicator=`` / ``bonus_tiles=`` of
    #: ``rules.get("guobiao", baopai=True).score``) add ``baopai_fan`` per copy; they do not count toward
    #: ``min_fan`` (as the flowers).
    baopai: bool = False
    baopai_fan: int = 1

    def __post_init__(self):
        if self.exclusion_profile not in PROFILES:
            raise ValueError(f"exclusion_profile must be one of {', '.join(PROFILES)}; got {self.exclusion_profile!r}")
        if self.qingyaojiu_tongke not in ("triple_only", "none", "both"):
            raise ValueError(f"qingyaojiu_tongke must be 'triple_only', 'none' or 'both'; got {self.qingyaojiu_tongke!r}")
        if isinstance(self.min_fan, bool) or not isinstance(self.min_fan, int) or self.min_fan < 0:
            raise ValueError(f"min_fan must be a non-negative int, got {self.min_fan!r}")
        if not isinstance(self.baopai, bool):
            raise ValueError(f"baopai must be a bool, got {self.baopai!r}")
        if isinstance(self.baopai_fan, bool) or not isinstance(self.baopai_fan, int) or self.baopai_fan < 0:
            raise ValueError(f"baopai_fan must be a non-negative int, got {self.baopai_fan!r}")

    def replace(self, **changes) -> "GuobiaoOptions":
        return dataclasses.replace(self, **changes)


def _exclusion_masks(opts: GuobiaoOptions) -> Tuple[List[int], List[int]]:
    table: Dict[str, set] = {k: set(v) for k, v in _PROFILE_LISTS[opts.exclusion_profile].items()}
    if opts.exclusion_profile != "reference" and opts.entailment_exclusions:
        for k, v in ENTAILMENT_EXCLUSIONS.items():
            table.setdefault(k, set()).update(v)
    # structural removals the reference makes that every profile keeps (docs/rules.md#guobiao-combination)
    table.setdefault("明暗杠", set()).update(("明杠", "暗杠"))
    table.setdefault("一色四同顺", set()).add("四归一")
    table.setdefault("不求人", set())
    if opts.buqiuren_excludes_zimo:
        table["不求人"].add("自摸")
    else:
        table["不求人"].discard("自摸")
    q = table.setdefault("清幺九", set())
    q.discard("双同刻")
    q.discard("三同刻")
    if opts.qingyaojiu_tongke in ("triple_only", "none"):
        q.add("双同刻")
    if opts.qingyaojiu_tongke == "none":
        q.add("三同刻")
    lo, hi = [0] * _N_CORE, [0] * _N_CORE
    for name, ex in table.items():
        i = FAN_BY_NAME[name].no
        for e in ex:
            j = FAN_BY_NAME[e].no
            if j < 64:
                lo[i] |= 1 << j
            else:
                hi[i] |= 1 << (j - 64)
    return lo, hi


_CORES: Dict[GuobiaoOptions, "_guobiao.Core"] = {}


def _core(opts: GuobiaoOptions):
    core = _CORES.get(opts)
    if core is None:
        values = [0] * _N_CORE
        for r in FANS:
            values[r.no] = r.value
        lo, hi = _exclusion_masks(opts)
        core = _guobiao.Core(values, lo, hi, opts.concealed_and_melded_kong, opts.ron_pung_is_concealed,
                             opts.closed_specials_zimo_buqiuren, opts.sigang_counts_ankan)
        core.entries = _ENTRIES
        _CORES[opts] = core
    return core


# ----------------------------------------------------------------------------------------------
# results
# ----------------------------------------------------------------------------------------------
class FanEntry(namedtuple("FanEntry", "name value english")):
    """One counted fan: ``(中文 name, value, English name)``; repeated fans appear repeatedly."""

    __slots__ = ()

    def __repr__(self) -> str:
        return repr(tuple(self))


_ENTRIES = tuple([None] + [FanEntry(FAN_BY_NO[i].name, FAN_BY_NO[i].value, FAN_BY_NO[i].english)
                           if i in FAN_BY_NO else None for i in range(1, _N_CORE)])


#: form names by the core's form index (-1 = standard)
_FORMS = ("seven_shifted_pairs", "seven_pairs", "thirteen_orphans", "greater_honors_knitted",
          "lesser_honors_knitted", "knitted_straight", "nine_gates", "standard")


class GuobiaoResult(NamedTuple):
    """The score of one hand (an immutable named tuple).

    ``fans``: one :class:`FanEntry` per counted fan (with repeats), in fan-number order;
    ``total`` includes flowers; ``is_valid_win``: ``total - flowers >= min_fan`` (the 8-fan minimum);
    ``is_win``: the tiles form a legal shape (false → ``reason`` says why, ``total`` is 0);
    ``form``: standard, seven_pairs, seven_shifted_pairs, thirteen_orphans, greater_honors_knitted,
    lesser_honors_knitted, knitted_straight or nine_gates.
    """

    is_win: bool
    is_valid_win: bool
    total: int
    fans: List[FanEntry]
    flowers: int = 0
    min_fan: int = 8
    form: Optional[str] = None
    reason: str = ""

    @property
    def fan_total_without_flowers(self) -> int:
        return self.total - self.flowers

    @property
    def counts(self) -> Dict[str, int]:
        """``{name: count}`` of the counted fans."""
        out: Dict[str, int] = {}
        for f in self.fans:
            out[f.name] = out.get(f.name, 0) + 1
        return out

    def to_dict(self) -> dict:
        return {"is_win": self.is_win, "is_valid_win": self.is_valid_win, "total": self.total,
                "fan_total_without_flowers": self.fan_total_without_flowers, "min_fan": self.min_fan,
                "flowers": self.flowers, "form": self.form, "reason": self.reason,
                "fans": [{"name": f.name, "english": f.english, "value": f.value} for f in self.fans]}


# ----------------------------------------------------------------------------------------------
# input
# ----------------------------------------------------------------------------------------------
_WINDS = {"e": 0, "east": 0, "东": 0, "東": 0, "1z": 0,
          "s": 1, "south": 1, "南": 1, "2z": 1,
          "w": 2, "west": 2, "西": 2, "3z": 2,
          "n": 3, "north": 3, "北": 3, "4z": 3}
_KIND_CODE = {"chi": 0, "pon": 1, "minkan": 2, "kakan": 2, "ankan": 3}
_STATUS = {1: "not a winning hand", 2: "more than 4 copies of a tile (melds included)",
           3: "wrong number of tiles", 4: "malformed meld", 5: "win tile not among the concealed tiles",
           6: "unknown wind", 7: "flowers must be 0-8"}
_LAST_TILE = re.compile(r"(\d)\s*([mpsz])\s*$")
_BRACKETED = re.compile(r"[\[\(\{][^\]\)\}]*[\]\)\}]")


def normalize_wind(w, name: str = "wind") -> int:
    """0-3 for 东南西北 from ``"E"``, ``"east"``, ``"东"``, ``"1z"`` or an int 0-3.

    >>> normalize_wind("S"), normalize_wind("北"), normalize_wind(2)
    (1, 3, 2)
    """
    if isinstance(w, (int, np.integer)) and not isinstance(w, bool):
        if 0 <= int(w) <= 3:
            return int(w)
        raise ValueError(f"{name}: {int(w)} is not a wind (0-3 = 东南西北)")
    if isinstance(w, str):
        v = _WINDS.get(w.strip().lower())
        if v is not None:
            return v
        raise ValueError(f"{name}: unknown wind {w!r} (use E/S/W/N, 东南西北, 1z-4z or 0-3)")
    raise TypeError(f"{name} must be a str or int, got {type(w).__name__}")


def _last_tile_of(text: str) -> int:
    rest = _BRACKETED.sub("", text)
    m = _LAST_TILE.search(rest)
    if m is None:
        raise ValueError(f"hand {text!r}: cannot tell the winning tile; pass win_tile")
    return tile_index(m.group(1) + m.group(2))


def _hand_and_melds(hand, melds):
    """(counts list, melds list, default win tile or None)."""
    default_win = None
    if isinstance(hand, str):
        try:
            counts, inline = mjpy.parse_hand(hand)
        except NotationError as e:
            raise e.relabel(f"hand {hand!r}") from None
        if counts.sum():
            default_win = _last_tile_of(hand)
        meld_list = list(inline)
    else:
        try:
            counts = np.asarray(hand)
        except Exception:
            raise TypeError(f"hand must be a notation string or 34 tile counts, got {type(hand).__name__}") from None
        if counts.ndim == 0 or counts.dtype.kind not in "iub":
            raise TypeError(f"hand must be a notation string or 34 tile counts, got {type(hand).__name__}")
        if counts.shape != (34,):
            raise ValueError(f"hand must be a notation string or 34 tile counts, got shape {counts.shape}")
        if counts.min() < 0 or counts.max() > 4:
            t = int(np.argmax((counts < 0) | (counts > 4)))
            raise ValueError(f"hand: {TILE_NAMES[t]} count {int(counts[t])} outside 0-4")
        meld_list = []
    if melds:
        k, lst = coerce_melds(melds)
        if lst is None:
            raise ValueError("Guobiao scoring needs the melds themselves (e.g. [Meld('pon', '555p')]), not a count")
        meld_list += lst
    return counts.astype(np.uint8), meld_list, default_win


def encode_melds(melds: Sequence[Meld]) -> bytes:
    """The core's meld encoding: (kind code, lowest tile) per meld; kind 0 chi, 1 pon, 2 明杠, 3 暗杠.

    >>> encode_melds([Meld("chi", "123m"), Meld("ankan", "1111z")])
    b'\\x00\\x00\\x03\\x1b'
    """
    out = bytearray()
    for i, m in enumerate(melds):
        if not isinstance(m, Meld):
            raise TypeError(f"melds[{i}] must be a Meld, got {type(m).__name__}")
        code = _KIND_CODE.get(m.kind)
        if code is None:
            raise ValueError(f"melds[{i}] {m!r}: Guobiao needs to know whether a kong is exposed "
                             "(minkan / kakan) or concealed (ankan); 'kan' is ambiguous")
        out += bytes((code, min(m.tiles)))
    return bytes(out)


def _check_bool(**kw):
    for k, v in kw.items():
        if not isinstance(v, (bool, np.bool_)):
            raise TypeError(f"{k} must be a bool, got {type(v).__name__}")


def _explain(status: int, counts, melds, win: int) -> str:
    if status == 2:
        allc = np.array(counts, dtype=np.int64)
        for m in melds:
            for t in m.tiles:
                allc[t] += 1
        t = int(np.argmax(allc))
        return f"{TILE_NAMES[t]} appears {int(allc[t])} times counting the melds (at most 4)"
    if status == 3:
        n = int(np.sum(counts))
        return (f"{n} concealed tiles with {len(melds)} melds; a complete hand has {14 - 3 * len(melds)} "
                "(kongs count as 3, the winning tile is included)")
    if status == 4:
        return f"malformed melds {melds!r} (at most 4)"
    if status == 5:
        return f"win tile {TILE_NAMES[win]} is not among the concealed tiles (the hand includes the winning tile)"
    return _STATUS.get(status, f"status {status}")


_MELD_BYTES: Dict[Meld, bytes] = {}
_WIND_FAST = {0: 0, 1: 1, 2: 2, 3: 3, "E": 0, "S": 1, "W": 2, "N": 3}
_U8 = np.dtype(np.uint8)
_SHAPE34 = (34,)


def _meld_bytes(melds) -> Tuple[bytes, list]:
    if not melds:
        return b"", []
    if type(melds) is list and all(type(m) is Meld for m in melds):
        lst = melds
    else:
        k, lst = coerce_melds(melds)
        if lst is None:
            raise ValueError("Guobiao scoring needs the melds themselves (e.g. [Meld('pon', '555p')]), not a count")
    if len(lst) > 4:
        raise ValueError(f"at most 4 melds, got {len(lst)}")
    try:
        return b"".join([_MELD_BYTES[m] for m in lst]), lst
    except KeyError:
        for m in lst:
            if m not in _MELD_BYTES:
                _MELD_BYTES[m] = encode_melds([m])
        return b"".join([_MELD_BYTES[m] for m in lst]), lst


def _score_py(hand, melds=(), win_tile=None, *, self_drawn: bool = False, fourth_tile: bool = False,
               kong_related: bool = False, last_tile: bool = False, seat_wind="E", round_wind="E",
               flowers: int = 0, options: Optional[GuobiaoOptions] = None) -> GuobiaoResult:
    """Score a complete Guobiao hand (concealed tiles *including* the winning tile, plus ``melds``).

    ``fourth_tile`` 和绝张 (the last copy; corrected as the reference does: dropped if the hand holds
    another copy, forced if the melds hold the other three), ``kong_related`` 杠上开花 when
    ``self_drawn`` else 抢杠和, ``last_tile`` 妙手回春 when ``self_drawn`` else 海底捞月, ``flowers``
    花牌 0-8 (not counted toward ``min_fan``). Returns the best total over all forms and
    decompositions (docs/rules.md#guobiao-combination). Fast path: ``hand`` a (34,) uint8 array, ``win_tile`` an int,
    ``melds`` a list of :class:`Meld`.

    >>> r = score("1112345678999m5m", self_drawn=True)
    >>> r.total, [f.name for f in r.fans]
    (92, ['九莲宝灯', '双暗刻', '幺九刻', '自摸'])
    """
    if options is None:
        opts = _DEFAULT
        core = _DEFAULT_CORE
    elif type(options) is GuobiaoOptions:
        opts = options
        core = _CORES.get(opts) or _core(opts)
    else:
        raise TypeError(f"options must be GuobiaoOptions, got {type(options).__name__}")
    if (type(self_drawn) is not bool or type(fourth_tile) is not bool or type(kong_related) is not bool
            or type(last_tile) is not bool):
        _check_bool(self_drawn=self_drawn, fourth_tile=fourth_tile, kong_related=kong_related, last_tile=last_tile)
    if type(flowers) is not int or not 0 <= flowers <= 8:
        if isinstance(flowers, bool) or not isinstance(flowers, (int, np.integer)) or not 0 <= flowers <= 8:
            raise ValueError(f"flowers must be an int 0-8 (花牌), got {flowers!r}")
        flowers = int(flowers)
    seat = _WIND_FAST.get(seat_wind) if type(seat_wind) in (int, str) else None
    if seat is None:
        seat = normalize_wind(seat_wind, "seat_wind")
    rnd = _WIND_FAST.get(round_wind) if type(round_wind) in (int, str) else None
    if rnd is None:
        rnd = normalize_wind(round_wind, "round_wind")
    if type(hand) is np.ndarray and hand.dtype is _U8 and hand.shape == _SHAPE34:
        counts, default_win = hand, None
        enc, meld_list = _meld_bytes(melds)
    else:
        counts, meld_list, default_win = _hand_and_melds(hand, melds)
        if len(meld_list) > 4:
            raise ValueError(f"at most 4 melds, got {len(meld_list)}")
        enc = encode_melds(meld_list)
    if type(win_tile) is int and 0 <= win_tile < 34:
        win = win_tile
    elif win_tile is None:
        if default_win is None:
            raise ValueError("win_tile is required when the hand is given as counts")
        win = default_win
    else:
        win = tile_index(win_tile)
    flags = (1 if self_drawn else 0) | (2 if fourth_tile else 0) | (4 if kong_related else 0) | (8 if last_tile else 0)
    if type(counts) is np.ndarray and not counts.flags.c_contiguous:
        counts = np.ascontiguousarray(counts)
    st, total, fans, form = core.score_fast(counts, enc, win, flags, seat, rnd, flowers)
    if st:
        if st == 1:
            return GuobiaoResult(False, False, 0, [], flowers, opts.min_fan, None,
                                 "not a winning hand: no standard, seven-pairs, thirteen-orphans, knitted or "
                                 "nine-gates shape")
        raise ValueError(_explain(st, counts, meld_list, win))
    base = total - flowers
    if base >= opts.min_fan:
        return GuobiaoResult(True, True, total, fans, flowers, opts.min_fan, _FORMS[form], "")
    return GuobiaoResult(True, False, total, fans, flowers, opts.min_fan, _FORMS[form],
                         f"{base} fan without flowers, fewer than the minimum {opts.min_fan}")


_DEFAULT = GuobiaoOptions()
_DEFAULT_CORE = _core(_DEFAULT)
_guobiao.configure(_score_py, GuobiaoResult, _FORMS, _DEFAULT_CORE, _MELD_BYTES, _DEFAULT.min_fan)


#: the public entry point: the Cython fast path (uint8 counts, int win tile, Meld list, bool flags,
#: default options) falling back to :func:`_score_py` for every other input and every error
if TYPE_CHECKING:  # pragma: no cover - what editors and type checkers see
    def score(hand: Union[str, np.ndarray, Sequence[int]], melds: Sequence[Meld] = (),
              win_tile: Union[None, int, str] = None, *, self_drawn: bool = False, fourth_tile: bool = False,
              kong_related: bool = False, last_tile: bool = False, seat_wind: Union[int, str] = "E",
              round_wind: Union[int, str] = "E", flowers: int = 0,
              options: Optional[GuobiaoOptions] = None) -> GuobiaoResult: ...
else:
    score = _guobiao.score
score.__doc__ = _score_py.__doc__


# ----------------------------------------------------------------------------------------------
# batch
# ----------------------------------------------------------------------------------------------
def _executor(workers: int):
    from mjcore.batch import _executor as ex
    return ex(workers)


def score_batch(hands, melds=None, win_tiles=None, flags=None, seat_winds=None, round_winds=None,
                flowers=None, *, return_fans: bool = False, workers=None,
                options: Optional[GuobiaoOptions] = None):
    """Score many hands at once (no GIL, rows split over ``workers`` threads).

    ``hands`` (N, 34) uint8 concealed counts including the winning tile; ``melds`` (N, 8) int8 of
    (kind, lowest tile) x 4 with kind -1 for an empty slot (0 chi, 1 pon, 2 明杠, 3 暗杠; see
    :func:`encode_melds`); ``win_tiles`` (N,) tile indices; ``flags`` (N,) bits 1 self-drawn,
    2 和绝张, 4 kong (杠上开花/抢杠和), 8 last tile; ``seat_winds``/``round_winds`` (N,) 0-3;
    ``flowers`` (N,). Returns ``totals`` int32 (N,) (flowers included; -1 for a row that is not a
    winning hand), and with ``return_fans`` also ``fans`` uint8 (N, 83): column k = count of fan
    number k (column 0 unused, 81 = flowers, 82 = 明暗杠). Malformed rows raise ``ValueError``
    naming the first bad row.

    >>> import numpy as np, mjpy
    >>> h = mjpy.parse("1112345678999m5m")[None, :]
    >>> score_batch(h, win_tiles=[4], flags=[1]).tolist()
    [92]
    """
    from mjcore.batch import resolve_workers

    opts = options if options is not None else _DEFAULT
    nworkers = resolve_workers(workers)
    arr = hands if type(hands) is np.ndarray else np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"hands must have shape (N, 34), got {arr.shape}")
    if arr.dtype.kind not in "iu":
        raise TypeError(f"hands must be an integer array, got dtype {arr.dtype}")
    n = arr.shape[0]
    if arr.dtype != np.uint8:
        if n and (arr.min() < 0 or arr.max() > 4):
            r = int(np.argwhere((arr < 0) | (arr > 4))[0][0])
            raise ValueError(f"hands[{r}]: a count outside 0-4")
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)

    def col(x, name, default, dtype, lo, hi):
        if x is None:
            a = np.full(n, default, dtype=dtype)
        else:
            a = np.asarray(x)
            if a.ndim == 0:
                a = np.full(n, a, dtype=np.int64)
            if a.shape != (n,):
                raise ValueError(f"{name} must have shape ({n},), got {a.shape}")
            if a.dtype.kind not in "iub":
                raise TypeError(f"{name} must be integers, got dtype {a.dtype}")
            if n and (a.min() < lo or a.max() > hi):
                r = int(np.argwhere((a < lo) | (a > hi))[0][0])
                raise ValueError(f"{name}[{r}] = {int(a[r])} outside {lo}-{hi}")
            a = a.astype(dtype)
        return np.ascontiguousarray(a)

    if win_tiles is None:
        raise ValueError("win_tiles is required (tile index per row)")
    w = col(win_tiles, "win_tiles", 0, np.int8, 0, 33)
    fl = col(flags, "flags", 0, np.uint8, 0, 15)
    sw = col(seat_winds, "seat_winds", 0, np.int8, 0, 3)
    rw = col(round_winds, "round_winds", 0, np.int8, 0, 3)
    fw = col(flowers, "flowers", 0, np.int8, 0, 8)
    if melds is None:
        m = np.full((n, 8), -1, dtype=np.int8)
    else:
        m = np.asarray(melds)
        if m.shape != (n, 8):
            raise ValueError(f"melds must have shape ({n}, 8) (kind, tile) x 4, got {m.shape}")
        if m.dtype.kind not in "iu":
            raise TypeError(f"melds must be integers, got dtype {m.dtype}")
        m = np.ascontiguousarray(m.astype(np.int8))
    totals = np.empty(n, dtype=np.int32)
    status = np.empty(n, dtype=np.int8)
    fans = np.empty((n if return_fans else 0, _N_CORE), dtype=np.uint8)
    core = _core(opts)
    if n:
        per = max(512, (n + 4 * nworkers - 1) // (4 * nworkers)) if nworkers > 1 else n
        chunks = [(s, min(n, s + per)) for s in range(0, n, per)]
        if nworkers == 1 or len(chunks) == 1:
            core.score_batch(arr, m, w, fl, sw, rw, fw, totals, status, fans, 0, n)
        else:
            list(_executor(nworkers).map(
                lambda se: core.score_batch(arr, m, w, fl, sw, rw, fw, totals, status, fans, se[0], se[1]),
                chunks))
        bad = np.flatnonzero(status > 1)
        if bad.size:
            r = int(bad[0])
            raise ValueError(f"hands[{r}]: {_STATUS.get(int(status[r]), 'invalid')}")
    if return_fans:
        return totals, fans[:, :83]
    return totals


def batch_melds(meld_lists: Sequence[Sequence[Meld]]) -> np.ndarray:
    """The ``melds`` argument of :func:`score_batch` from one list of :class:`Meld` per row.

    >>> batch_melds([[Meld("chi", "123m")], []]).tolist()
    [[0, 0, -1, -1, -1, -1, -1, -1], [-1, -1, -1, -1, -1, -1, -1, -1]]
    """
    out = np.full((len(meld_lists), 8), -1, dtype=np.int8)
    for i, ms in enumerate(meld_lists):
        if len(ms) > 4:
            raise ValueError(f"meld_lists[{i}]: at most 4 melds, got {len(ms)}")
        enc = encode_melds(list(ms))
        out[i, :len(enc)] = np.frombuffer(enc, dtype=np.int8)
    return out


# ----------------------------------------------------------------------------------------------
# settlement and tenpai
# ----------------------------------------------------------------------------------------------
def payments(result, winner: int, discarder: Optional[int] = None, *, players: int = 4,
             min_fan: Optional[int] = None) -> List[int]:
    """Score changes of the four seats (docs/rules.md#guobiao-settle): self-drawn (8+F)x3 from (8+F) each; on a
    discard the winner gets 8x3+F, the discarder pays 8+F and the others 8.

    ``result``: a :class:`GuobiaoResult` or a fan total F (flowers included, as the regional sources count).

    ``min_fan``: the fans a win needs, flowers not counted (None: the result's own ``min_fan``, i.e.
    the ``GuobiaoOptions.min_fan`` it was scored with, or 8 for a bare total, checked as F >= 8). A
    hand below it is not a valid win and is refused with a ValueError naming its fans and the
    minimum; ``min_fan=0`` pays it anyway. A result that is not a winning shape is always refused.

    >>> payments(25, winner=0, discarder=2)
    [49, -8, -33, -8]
    >>> payments(25, winner=1)
    [-33, 99, -33, -33]
    """
    f = result.total if isinstance(result, GuobiaoResult) else result
    if isinstance(f, bool) or not isinstance(f, (int, np.integer)) or f < 0:
        raise ValueError(f"fan total must be a non-negative int, got {f!r}")
    if min_fan is not None and (isinstance(min_fan, bool) or not isinstance(min_fan, (int, np.integer))
                                or min_fan < 0):
        raise ValueError(f"min_fan must be a non-negative int or None, got {min_fan!r}")
    if isinstance(result, GuobiaoResult):
        if not result.is_win:
            raise ValueError(f"payments: {result.reason or 'not a winning hand'}; nothing to pay")
        fans, need = result.total - result.flowers, result.min_fan if min_fan is None else int(min_fan)
        shown = f"{fans} fan" + (f" without flowers (total {f} with {result.flowers} flowers)" if result.flowers else "")
    else:
        fans, need = int(f), _DEFAULT.min_fan if min_fan is None else int(min_fan)
        shown = f"a total of {fans} fan"
    if fans < need:
        raise ValueError(f"payments: {shown} is below the {need}-fan minimum, not a valid win "
                         f"(min_fan=0 pays it anyway)")
    if players != 4:
        raise ValueError("Guobiao settlement is for 4 players")
    for name, v in (("winner", winner), ("discarder", discarder)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v < 4):
            raise ValueError(f"{name} must be a seat 0-3, got {v!r}")
    if discarder == winner:
        raise ValueError("the discarder cannot be the winner (use discarder=None for a self-drawn win)")
    f = int(f)
    out = [0, 0, 0, 0]
    if discarder is None:
        for p in range(4):
            out[p] = 3 * (8 + f) if p == winner else -(8 + f)
    else:
        for p in range(4):
            out[p] = 24 + f if p == winner else (-(8 + f) if p == discarder else -8)
    return out


def best_tenpai(hand13, melds=(), *, self_drawn: bool = False, seat_wind="E", round_wind="E",
                flowers: int = 0, options: Optional[GuobiaoOptions] = None) -> Dict[str, GuobiaoResult]:
    """For each tile that completes the 13-tile hand: the score it would get (valid or not).

    Fifth copies (a tile the player holds all four of) are not listed. Flags other than
    ``self_drawn`` are off (和绝张 etc. depend on the table).

    >>> r = best_tenpai("1112345678999m")
    >>> len(r), r["5m"].total
    (9, 91)
    """
    opts = options if options is not None else _DEFAULT
    if isinstance(hand13, str):
        try:
            counts, inline = mjpy.parse_hand(hand13)
        except NotationError as e:
            raise e.relabel(f"hand {hand13!r}") from None
        meld_list = list(inline)
    else:
        counts, meld_list, _ = _hand_and_melds(hand13, ())
    if melds:
        _, lst = coerce_melds(melds)
        if lst is None:
            raise ValueError("best_tenpai needs the melds themselves, not a count")
        meld_list += lst
    need = 13 - 3 * len(meld_list)
    if int(counts.sum()) != need:
        raise ValueError(f"best_tenpai: {int(counts.sum())} concealed tiles with {len(meld_list)} melds; "
                         f"a waiting hand has {need}")
    held = np.array(counts, dtype=np.int64)
    for m in meld_list:
        for t in m.tiles:
            held[t] += 1
    out: Dict[str, GuobiaoResult] = {}
    for t in range(34):
        if held[t] >= 4:
            continue
        c = counts.copy()
        c[t] += 1
        r = score(c, meld_list, t, self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind,
                  flowers=flowers, options=opts)
        if r.is_win:
            out[TILE_NAMES[t]] = r
    return out
