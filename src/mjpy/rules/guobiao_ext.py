"""Non-Guobiao fans on top of Guobiao: 联众 online fans and 大众麻将 (docs/rules.md#guobiao-ext).

Two rule sets extend :mod:`mjpy.rules.guobiao`: ``"lianzhong"`` (GB + the 联众 fans of GB-LZ) and
``"dazhong"`` (GB + the 大众 fans of DZ). The GB part is scored exactly as :func:`mjpy.rules.guobiao.score`; the extension fans
are then added (and the fans they replace removed) from the rows of :data:`EXTENSION_FANS`.

>>> r = score("11122233344466z", extension="lianzhong")      # 东东东西西西南南南北北北发发
>>> [f.name for f in r.fans], r.total
(['四方大发', '字一色', '四暗刻', '单钓将'], 297)

What is and is not implemented:

* shape fans (混四节, 混四步, 混三节, 混三步, 258将 / 二五八将, 幺九头, 混龙) are evaluated on every
  standard reading of the hand together with that reading's GB fans; the reading with the highest
  combined total wins (the GB result is kept unless a reading beats it);
* 四方大发 / 四方大发财 replace 大四喜 and the fans their sources list as 不重复 / 不记;
* 天和/地和/人和/天听 (and 大众 天胡/地胡/人胡/天听/立直) come from caller flags, since they depend
  on the game flow, not on the tiles;
* 大众 flower fans: 花牌 2 (any of 梅兰竹菊) instead of GB #81, 季花 1, 四君子 24 need the flower
  identities (``flower_tiles``: 1-8 = 春夏秋冬梅兰竹菊);
* not implemented: 混杠 (88), 四混 (32), 无混 (2) — the regional sources never define which tiles are 混
  (docs/rules.md#missing-guobiao).
"""
from __future__ import annotations

from collections import namedtuple
from typing import Dict, Iterable, List, Optional, Tuple

import numpy as np

import mjpy

from . import guobiao as gb

__all__ = ["EXTENSIONS", "EXTENSION_FANS", "score"]

ExtFan = namedtuple("ExtFan", "name english value excludes counts_toward_minimum")

#: extension -> its fan rows (docs/rules.md#guobiao-ext; values and 不重复/不记 lists as in GB-LZ / DZ)
EXTENSION_FANS: Dict[str, Dict[str, ExtFan]] = {
    "lianzhong": {r.name: r for r in (
        ExtFan("四方大发", "Big Four Winds with a Green pair", 168,
               ("大四喜", "碰碰和", "圈风刻", "门风刻", "三风刻"), True),
        ExtFan("天和", "Heavenly Hand", 168, (), True),
        ExtFan("地和", "Earthly Hand", 158, (), True),
        ExtFan("人和", "Human Hand", 108, (), True),
        ExtFan("天听", "Heavenly Ready", 32, (), True),
        ExtFan("混四节", "Mixed Four Shifted Pungs", 6, (), True),
        ExtFan("混四步", "Mixed Four Shifted Chows", 4, (), True),
        ExtFan("混三节", "Mixed Three Shifted Pungs", 4, (), True),
        ExtFan("混三步", "Mixed Three Shifted Chows", 2, (), True),
        ExtFan("258将", "2-5-8 Pair", 1, (), True),
        ExtFan("幺九头", "Terminal Pair", 1, (), True),
    )},
    "dazhong": {r.name: r for r in (
        ExtFan("四方大发财", "Big Four Winds with a Green pair", 168,
               ("大四喜", "圈风刻", "门风刻", "三风刻", "碰碰和", "幺九刻"), True),
        ExtFan("天胡", "Heavenly Hand", 48, ("单钓将", "边张", "坎张"), True),
        ExtFan("地胡", "Earthly Hand", 32, (), True),
        ExtFan("四君子", "Four Gentlemen (梅兰竹菊)", 24, ("季花", "花牌"), False),
        ExtFan("人胡", "Human Hand", 24, (), True),
        ExtFan("天听", "Heavenly Ready", 16, (), True),
        ExtFan("混四节", "Mixed Four Shifted Pungs", 6, (), True),
        ExtFan("混四步", "Mixed Four Shifted Chows", 4, ("混三步",), True),
        ExtFan("混三节", "Mixed Three Shifted Pungs", 4, (), True),
        ExtFan("混三步", "Mixed Three Shifted Chows", 2, (), True),
        ExtFan("混龙", "Mixed Dragon", 2, (), True),
        ExtFan("立直", "Ready Declared", 2, (), False),
        ExtFan("花牌", "Flower (梅兰竹菊)", 2, (), False),
        ExtFan("二五八将", "2-5-8 Pair", 1, (), True),
        ExtFan("季花", "Seat Flower", 1, (), False),
        ExtFan("幺九头", "Terminal Pair", 1, (), True),
    )},
}
EXTENSIONS = tuple(EXTENSION_FANS)


def _shifted(items: List[int], n: int, suits_ok) -> bool:
    """Some n of the tiles have ranks r, r+1, ... and a suit pattern accepted by suits_ok."""
    from itertools import combinations

    for combo in combinations(items, n):
        ranks = sorted(t % 9 for t in combo)
        if all(ranks[i + 1] == ranks[i] + 1 for i in range(n - 1)):
            suits = {t // 9 for t in combo}
            if suits_ok(len(suits)):
                return True
    return False


def _shape_fans(sets: List[Tuple[str, int]], pair: int, ext: str) -> Dict[str, int]:
    chows = [t for k, t in sets if k == "chow"]
    pungs = [t for k, t in sets if k == "pung" and t < 27]
    f: Dict[str, int] = {}
    four_ok = (lambda k: k in (2, 3)) if ext == "lianzhong" else (lambda k: k == 3)
    if len(pungs) == 4 and _shifted(pungs, 4, four_ok):
        f["混四节"] = 1
    elif len(pungs) >= 3 and _shifted(pungs, 3, lambda k: k == 2):
        f["混三节"] = 1
    if len(chows) == 4 and _shifted(chows, 4, four_ok):
        f["混四步"] = 1
    elif len(chows) >= 3 and _shifted(chows, 3, lambda k: k == 2):
        f["混三步"] = 1
    if ext == "dazhong" and len(chows) >= 3:
        from itertools import combinations

        for combo in combinations(chows, 3):
            if sorted(t % 9 for t in combo) == [0, 3, 6] and len({t // 9 for t in combo}) == 2:
                f["混龙"] = 1
                break
    if pair < 27 and pair % 9 in (1, 4, 7):
        f["258将" if ext == "lianzhong" else "二五八将"] = 1
    if pair < 27 and pair % 9 in (0, 8):
        f["幺九头"] = 1
    return f


def score(hand, melds=(), win_tile=None, *, extension: str = "lianzhong", tianhu: bool = False,
          dihu: bool = False, renhu: bool = False, tianting: bool = False, riichi: bool = False,
          flower_tiles: Iterable[int] = (), self_drawn: bool = False, fourth_tile: bool = False,
          kong_related: bool = False, last_tile: bool = False, seat_wind="E", round_wind="E",
          flowers: Optional[int] = None, options: Optional[gb.GuobiaoOptions] = None) -> gb.GuobiaoResult:
    """Guobiao score plus the ``extension``'s fans (``"lianzhong"`` or ``"dazhong"``).

    ``tianhu``/``dihu``/``renhu``/``tianting`` (and 大众 ``riichi`` 立直) are flow facts given by
    the caller. ``flower_tiles``: the flowers held, 1-8 = 春夏秋冬梅兰竹菊 (``flowers`` defaults to
    their number). Fans that DZ says do not count toward the minimum (大众 四君子, 立直, 花牌,
    季花) are left out of ``is_valid_win`` like GB flowers.

    >>> score("123m456p789s11122z", extension="dazhong", seat_wind="S").total >= 1
    True
    """
    if extension not in EXTENSION_FANS:
        raise ValueError(f"extension must be one of {', '.join(EXTENSIONS)}; got {extension!r}")
    for name, v in (("tianhu", tianhu), ("dihu", dihu), ("renhu", renhu), ("tianting", tianting),
                    ("riichi", riichi)):
        if not isinstance(v, (bool, np.bool_)):
            raise TypeError(f"{name} must be a bool, got {type(v).__name__}")
    if sum((bool(tianhu), bool(dihu), bool(renhu))) > 1:
        raise ValueError("at most one of tianhu, dihu, renhu")
    ft = sorted(int(x) for x in flower_tiles)
    if any(not 1 <= x <= 8 for x in ft) or len(set(ft)) != len(ft):
        raise ValueError(f"flower_tiles must be distinct numbers 1-8 (春夏秋冬梅兰竹菊), got {list(flower_tiles)!r}")
    if flowers is None:
        flowers = len(ft)
    rows = EXTENSION_FANS[extension]
    counts, meld_list, default_win = gb._hand_and_melds(hand, melds)
    if win_tile is None:
        if default_win is None:
            raise ValueError("win_tile is required when the hand is given as counts")
        win_tile = default_win
    gb_flowers = flowers if extension == "lianzhong" else 0
    base = gb.score(counts, meld_list, win_tile, self_drawn=self_drawn, fourth_tile=fourth_tile,
                    kong_related=kong_related, last_tile=last_tile, seat_wind=seat_wind,
                    round_wind=round_wind, flowers=gb_flowers, options=options)
    if not base.is_win:
        return base
    seat = gb.normalize_wind(seat_wind, "seat_wind")
    extra: Dict[str, int] = {}
    # shapes: every standard reading scored as GB + extension; a reading replaces the GB result only
    # when its combined total is higher (就高不就低 over both fan lists)
    if base.form == "standard":
        opts = options if options is not None else gb._DEFAULT
        core = gb._core(opts)
        enc = gb.encode_melds(meld_list)
        win = win_tile if isinstance(win_tile, (int, np.integer)) else gb.tile_index(win_tile)
        flags = (1 if self_drawn else 0) | (2 if fourth_tile else 0) | (4 if kong_related else 0) | \
            (8 if last_tile else 0)
        rnd = gb.normalize_wind(round_wind, "round_wind")
        c = np.ascontiguousarray(counts, dtype=np.uint8)
        best_gain, best = 0, None
        for d in mjpy.decompositions(c, melds=len(meld_list), forms=("standard",)):
            sets = [(k == "seq", t) for k, t in d.sets]
            fixed = [("chow" if m.kind == "chi" else "pung", min(m.tiles)) for m in meld_list]
            f = _shape_fans(fixed + [("chow" if ch else "pung", t) for ch, t in sets], d.pair, extension)
            ext_total = sum(rows[k].value * n for k, n in f.items())
            if not ext_total:
                continue
            total_d, fans_d = core.score_decomposition(c, enc, int(win), flags, seat, rnd, int(gb_flowers),
                                                       sets, d.pair)
            gain = total_d + ext_total - base.total
            if gain > best_gain:
                best_gain, best = gain, (total_d, fans_d, f)
        if best is not None:
            total_d, fans_d, f = best
            base = base._replace(total=total_d, fans=fans_d)
            extra.update(f)
    names = {f.name for f in base.fans}
    if "大四喜" in names:
        allc = np.array(counts, dtype=np.int64)
        if allc[32] == 2:                              # the 发 pair
            extra["四方大发" if extension == "lianzhong" else "四方大发财"] = 1
    flags = {"lianzhong": (("天和", tianhu), ("地和", dihu), ("人和", renhu), ("天听", tianting)),
             "dazhong": (("天胡", tianhu), ("地胡", dihu), ("人胡", renhu), ("天听", tianting),
                         ("立直", riichi))}[extension]
    for name, on in flags:
        if on:
            extra[name] = 1
    if extension == "dazhong":
        plants = [x for x in ft if x >= 5]
        if len(plants) == 4:
            extra["四君子"] = 1
        else:
            if plants:
                extra["花牌"] = 1
            season = sum(1 for x in ft if x in (seat + 1, seat + 5))
            if season:
                extra["季花"] = season
        if "清幺九" in names:
            extra.pop("幺九头", None)
    # exclusions of the extension rows
    removed = set()
    for name in extra:
        removed.update(rows[name].excludes)
    fans = [f for f in base.fans if f.name not in removed]
    if extension == "dazhong":
        fans = [f for f in fans if f.name != "花牌" or "花牌" not in extra]
    ext_entries = []
    for name, n in extra.items():
        if name in removed:
            continue
        r = rows[name]
        ext_entries += [gb.FanEntry(r.name, r.value, r.english)] * n
    fans = sorted(ext_entries, key=lambda f: -f.value) + fans
    total = sum(f.value for f in fans)
    outside = sum(f.value for f in fans if f.name in ("花牌", "季花", "四君子", "立直"))
    min_fan = base.min_fan
    counted = total - outside
    valid = counted >= min_fan
    why = "" if valid else f"{counted} fan toward the minimum, fewer than {min_fan}"
    return base._replace(fans=fans, total=total, is_valid_win=valid, flowers=outside, reason=why)
