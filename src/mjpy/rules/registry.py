"""The one registry of rule sets: what :func:`mjpy.rules.get`, the CLI, ``deal``, ``simulate`` and
``evaluate`` read.

>>> from mjpy.rules import registry
>>> registry.names()[:3]
['sichuan_fan', 'sichuan_points', 'chengdu_simple']
>>> registry.info("sichuan").name                 # aliases resolve to their rule set
'sichuan_fan'
>>> registry.info("guobiao").tiles, registry.info("guobiao").unit
(144, '番')

Each row (:class:`RuleSetInfo`) is data: the wall, players, hand size, win forms, unit, the joker
rule (a name of :data:`mjpy.wildcards.RULESETS`), and where the scoring lives (``binding``: a
``module:class`` loaded on first use, so importing the registry imports no rule set).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import MappingProxyType
from typing import List, Mapping, Optional, Tuple

__all__ = ["RuleSetInfo", "REGISTRY", "ALIASES", "names", "info", "get", "options"]


@dataclass(frozen=True)
class RuleSetInfo:
    """One rule set. ``n_kinds``: tile kinds in the wall (27: the three suits; 34: with honors; 25:
    清远's 筒, 条 and honors);
    ``n_flowers``: flowers in the wall (set aside and replaced); ``forms``: the win forms (mjpy
    form names) the kernel checks for shanten and the solo-play loop; ``dingque``: the player
    declares a missing suit (Sichuan 定缺); ``binding``: ``"module:Class"`` of its
    :class:`~mjpy.rules.interface.RuleSet`, or ``""`` for a shape-only rule set (no scoring)."""

    name: str
    title: str
    n_kinds: int
    n_flowers: int
    players: int
    hand_size: int
    unit: str
    forms: Tuple[str, ...]
    quads_as_two_pairs: bool = True
    dingque: bool = False
    jokers: Optional[str] = None
    binding: str = ""
    docs: str = ""
    #: tiles in play when fewer than the set's (two-player 71: 71 of the 136); None: all of them
    wall: Optional[int] = None
    #: ``"mahjong"``, or ``"zipai"`` for the 字牌 card game (no tile kinds: no deal, simulate or shapes)
    game: str = "mahjong"

    @property
    def tiles(self) -> int:
        return self.wall if self.wall is not None else 4 * self.n_kinds + self.n_flowers

    @property
    def scores(self) -> bool:
        return bool(self.binding)


_STD2 = ("standard", "seven_pairs")
_STD3 = ("standard", "seven_pairs", "thirteen_orphans")

REGISTRY: Mapping[str, RuleSetInfo] = MappingProxyType({r.name: r for r in (
    RuleSetInfo("sichuan_fan", "Sichuan 血战到底 (番, doubling)", 27, 0, 4, 13, "番",
                ("standard", "seven_pairs"), dingque=True,
                binding="mjpy.rules.bindings:SichuanEngineRules", docs="docs/rules.md#sichuan-fan"),
    RuleSetInfo("sichuan_points", "Sichuan 血战到底 (additive 分)", 27, 0, 4, 13, "分",
                ("standard", "seven_pairs"), dingque=True,
                binding="mjpy.rules.bindings:SichuanEngineRules", docs="docs/rules.md#sichuan-points"),
    RuleSetInfo("chengdu_simple", "Chengdu 成都麻将 (additive 番)", 27, 0, 4, 13, "番",
                ("standard", "seven_pairs"), dingque=True,
                binding="mjpy.rules.bindings:SichuanEngineRules", docs="docs/rules.md#chengdu"),
    RuleSetInfo("guobiao", "Guobiao / MCR 国标麻将 (81 fans, 8-fan minimum)", 34, 8, 4, 13, "番",
                _STD3 + ("knitted",),
                binding="mjpy.rules.bindings:GuobiaoRules", docs="docs/rules.md#guobiao"),
    RuleSetInfo("guangdong_tuidao", "Guangdong 推倒胡 with 鬼 (大胡 / 小胡, factors)", 34, 0, 4, 13, "倍", _STD2,
                jokers="guangdong", binding="mjpy.rules.guangdong:TableRules",
                docs="docs/rules.md#guangdong-tuidao"),
    RuleSetInfo("guangdong_jipinghu", "Guangdong 雞平和 (番, 爆和 3, 分值 2^番)", 34, 0, 4, 13, "番", _STD3,
                binding="mjpy.rules.guangdong:TableRules", docs="docs/rules.md#guangdong-jipinghu"),
    RuleSetInfo("qingyuan", "Qingyuan 清远 (100 tiles: no 万; points of the highest pattern)", 25, 0, 4, 13, "点",
                _STD2, binding="mjpy.rules.guangdong:TableRules", docs="docs/rules.md#qingyuan"),
    RuleSetInfo("tianjin", "Tianjin 天津 混 (和目 add up, self-drawn only)", 34, 0, 4, 13, "番", _STD2,
                jokers="tianjin", binding="mjpy.rules.tianjin:TableRules", docs="docs/rules.md#tianjin"),
    RuleSetInfo("hangzhou", "Hangzhou 杭州 财神 (七对 family, 暴头, 财飘: multipliers)", 34, 0, 4, 13, "倍", _STD2,
                jokers="hangzhou", binding="mjpy.rules.hangzhou:TableRules", docs="docs/rules.md#hangzhou"),
    RuleSetInfo("wenzhou", "Wenzhou 溫州 財神 (16 tiles; 硬八對, 三財神, 天胡, 地胡, 單吊: ×2 each)", 34, 0, 4, 16, "倍",
                ("standard",), jokers="wenzhou", binding="mjpy.rules.wenzhou:TableRules",
                docs="docs/rules.md#wenzhou"),
    RuleSetInfo("fuzhou", "Fuzhou 福州 金 (自摸 / 平胡 / 抢金 / 天和 / 用金: values the caller gives)", 34, 8, 4, 13,
                "番", ("standard",), jokers="fuzhou", binding="mjpy.rules.fuzhou:TableRules",
                docs="docs/rules.md#fuzhou"),
    RuleSetInfo("xuzhou", "Xuzhou 徐州 配兒 (平胡 on a 夾, 七對, 亂牌, 跑配成牌; 天胡 ×2)", 34, 0, 4, 13, "倍", _STD2,
                jokers="xuzhou", binding="mjpy.rules.xuzhou:TableRules", docs="docs/rules.md#xuzhou"),
    RuleSetInfo("yangzhou", "Yangzhou 扬州 (no 吃; 屁胡 1 / 對對胡 2 / 混一色 2 / 清一色 4 / 混對對 4 / 清對對 4: the highest)", 34,
                0, 4, 13, "倍", _STD2, binding="mjpy.rules.yangzhou:TableRules", docs="docs/rules.md#yangzhou"),
    RuleSetInfo("neimenggu", "Inner Mongolia 内蒙 (win conditions: a pung, an open hand, a 么九 or 箭刻; no scoring)", 34,
                0, 4, 13, "", ("standard",), binding="mjpy.rules.neimenggu:TableRules", docs="docs/rules.md#neimenggu"),
    RuleSetInfo("hebei", "Hebei 河北 (no 吃, discard wins; win and waits, no scoring)", 34, 0, 4, 13, "", _STD2,
                binding="mjpy.rules.hebei:TableRules", docs="docs/rules.md#hebei"),
    RuleSetInfo("bazhi", "八枝 (win conditions: eight tiles of one suit, no 吃, one 碰 at most; no scoring)", 34, 0, 4, 13,
                "", _STD2, binding="mjpy.rules.bazhi:TableRules", docs="docs/rules.md#bazhi"),
    RuleSetInfo("changsha", "Changsha 长沙 (108 tiles; 平和 needs a 2-5-8 pair; 大和 patterns; 起手小和, 扎鸟: values the "
                "caller gives)", 27, 0, 4, 13, "分", _STD2, binding="mjpy.rules.changsha:TableRules",
                docs="docs/rules.md#changsha"),
    RuleSetInfo("kawuxing", "Hubei 卡五星 (3 players, 84 tiles: 筒 条 中发白; 大胡 factors multiply, 亮倒 ×2)", 21, 0, 3, 13,
                "倍", _STD2, binding="mjpy.rules.kawuxing:TableRules", docs="docs/rules.md#kawuxing"),
    RuleSetInfo("tongcheng", "通称番数 (the source's fans and values; incomplete: the values it lacks are required "
                "options)", 34, 0, 4, 13, "番", _STD3, binding="mjpy.rules.tongcheng:TableRules",
                docs="docs/rules.md#tongcheng"),
    RuleSetInfo("two_player_71", "Two players, 71 tiles drawn from 136 (13-番 cap; the source gives no fan table)", 34, 0,
                2, 13, "番", _STD2, binding="mjpy.rules.two_player:TableRules", docs="docs/rules.md#two-player-71",
                wall=71),
    RuleSetInfo("daye_zipai", "Daye 大冶字牌 (80 cards, not mahjong: 胡数 -> 诈胡 / 飘胡 / 单倍 / 双倍 / 四倍 / 八倍)", 20, 0,
                3, 20, "倍", (), binding="mjpy.rules.daye_zipai:ZipaiRules", docs="docs/zipai.md", game="zipai"),
    RuleSetInfo("fujian", "Fujian 福建 百搭 (帶弟 / 活動百搭: win, waits, readings; the source gives no scoring)", 34, 0, 4,
                13, "", ("standard",), jokers="fujian", binding="mjpy.rules.fujian:FujianRules",
                docs="docs/rules.md#fujian"),
    RuleSetInfo("standard", "136 tiles, shapes only: standard, seven pairs, thirteen orphans", 34, 0, 4, 13, "",
                _STD3, docs="docs/rules.md#forms"),
    RuleSetInfo("riichi", "136 tiles, shapes only: seven pairs of distinct kinds (Japanese rule)", 34, 0, 4, 13,
                "", _STD3, quads_as_two_pairs=False, docs="docs/rules.md#forms"),
    RuleSetInfo("taiwan", "Taiwan 台灣 16 tiles, shapes only: five sets and a pair (144 tiles with 8 flowers)", 34, 8,
                4, 16, "", ("standard",), docs="docs/rules.md#taiwan"),
)})

#: Other names accepted for a rule set.
ALIASES: Mapping[str, str] = MappingProxyType({
    "sichuan": "sichuan_fan", "xuezhan": "sichuan_fan", "chengdu": "chengdu_simple",
    "mcr": "guobiao", "gb": "guobiao", "inner_mongolia": "neimenggu", "tuidaohu": "guangdong_tuidao", "jipinghu": "guangdong_jipinghu",
    "kwx": "kawuxing", "two_player": "two_player_71", "daye": "daye_zipai", "zipai": "daye_zipai",
})


def names(*, scoring_only: bool = False) -> List[str]:
    """Every rule set name, in registry order (``scoring_only``: those with a fan table)."""
    return [n for n, r in REGISTRY.items() if r.scores or not scoring_only]


def info(name: str) -> RuleSetInfo:
    """The registry row of ``name`` (case-insensitive; aliases accepted).

    >>> info("mcr").name
    'guobiao'
    """
    if not isinstance(name, str):
        raise TypeError(f"rule set name must be a string, got {type(name).__name__}")
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    try:
        return REGISTRY[key]
    except KeyError:
        raise ValueError(f"unknown rule set {name!r} (known: {', '.join(REGISTRY)})") from None


def get(name: str, **options):
    """The rule set ``name`` with ``options`` bound: a :class:`~mjpy.rules.interface.RuleSet`.

    Options are the rule set's flags (keyword, snake_case); an unknown one is a ``ValueError``
    listing the known ones. A shape-only rule set (``standard``, ``riichi``, ``taiwan``) has no scoring.

    >>> get("sichuan_points", max_fan=4).options.max_fan
    4
    """
    row = info(name)
    if not row.binding:
        extra = ("" if row.quads_as_two_pairs else ", quads_as_two_pairs=False") + (
            f", hand_size={row.hand_size}" if row.hand_size != 13 else "")
        raise ValueError(f"rule set {row.name!r} has shapes only (no fan table): use mjpy.shanten / is_win / "
                         f"waits with forms={row.forms}{extra}")
    return _binding(row).bind(row, options)


def options(name: str) -> dict:
    """``{option: default}`` of a rule set (what :func:`get` accepts as keywords).

    >>> options("guobiao")["min_fan"]
    8
    """
    row = info(name)
    if not row.binding:
        return {}
    return _binding(row).defaults(row)


def _binding(row: RuleSetInfo):
    module, cls = row.binding.split(":")
    return getattr(importlib.import_module(module), cls)


def _rebuild(name: str, options):
    """Unpickle a bound rule set."""
    row = info(name)
    return _binding(row)(row, options)
