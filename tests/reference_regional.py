"""Slow, plain reference scorers for the regional rule sets (Guangdong, Tianjin, Hangzhou, Wenzhou, Fuzhou rules).

Rule sets: ``guangdong_tuidao`` (推倒胡 with 鬼), ``guangdong_jipinghu`` (雞平和), ``qingyuan``
(清远), ``tianjin`` (天津 混), ``hangzhou`` (杭州 财神), ``wenzhou`` (溫州 財神, a 16-tile game) and
``fuzhou`` (福州 金),
plus the settlement pieces of the Guangdong house rules (``guangdong_general``: 抓马, kong money)
and of Tianjin (铲).  The rules are those of docs/rules.md#guangdong-tuidao, #guangdong-jipinghu,
#guangdong-general, #qingyuan, #tianjin, #hangzhou, #wenzhou and #fuzhou; the joker model is
docs/rules.md#jokers and #indicators; the forms are docs/rules.md#forms.

Nothing here imports ``src/``: the module is the yardstick a rule engine is compared with, so it
is written to be obviously right, not fast.  A hand is read every possible way and every reading
is scored literally from the tables:

* **Readings.**  The concealed tiles (the winning tile included) are split into the rule set's
  forms: 4 - len(melds) sets and a pair (``standard``); seven pairs (``seven_pairs``, no melds;
  its value is the option ``qidui`` in every rule set, see below); thirteen orphans
  (``thirteen_orphans``, 雞平和 only, no melds).  Every split is enumerated with every use of the jokers: a joker fills any slot
  of any group (it may stand for any kind of the rule set's tile set, its own face included),
  groups made of jokers only are tried with every kind, and which physical joker sits in which
  slot is enumerated too (Tianjin has two joker kinds).  The winning tile is then placed in every
  slot it can occupy (a slot whose physical tile is the winning tile's kind), which decides the
  wait-type 和目 (捉五魁, 混吊 ...) and Hangzhou's 暴头.  Only Tianjin and Hangzhou have
  wait-dependent rows, so for the other rule sets the first position is kept (the others cannot
  change the score).
* **Best reading** (就高, docs/rules.md#jokers): the highest ``total``; ties go to the reading
  with fewer jokers used as substitutes, then to the smallest key (the sorted list of
  (physical, stands-for) joker pairs, the form, the groups, the winning slot).
* A reading needs a value the sources do not give (the options below that default to None):
  the hand is refused (``is_win=False``, ``reason`` "... value not given: pass X=...",
  ``extra["missing"]``), since its best reading cannot be known.  Pass the value to score it.

Tiles: 34 counts, 0-8 1m-9m (万), 9-17 1p-9p (筒), 18-26 1s-9s (条), 27-30 东南西北, 31 中,
32 发, 33 白 (docs/rules.md#tiles).  ``parse("123m11z")`` and ``tile("5m")`` read the notation.

Choices where the sources leave a point open (each is an option unless stated)
-------------------------------------------------------------------------------
All rule sets
  * Jokers stand for kinds of the rule set's tile set only; ``allow_fifth_copy=True`` lets a
    joker stand for a kind whose four copies are all in the hand (docs/rules.md#jokers);
    ``allow_quad=True``: a four-of-a-kind may be two of the seven pairs (#c17).
  * ``self_drawn`` and ``robbing_kong`` exclude each other; ``after_kong`` means the winning
    tile is a kong replacement, so it needs ``self_drawn=True`` (ValueError otherwise).
  * Robbing a kong (抢杠) is a win only where a source names it (推倒胡, 雞平和); 清远 and Tianjin
    win on their own draw only, so a robbing win is refused there.
  * Context flags a rule set has no fan for (e.g. ``tianhu`` in 推倒胡) are ignored.
guangdong_tuidao (docs/rules.md#guangdong-tuidao)
  * Options: ``gui`` ("none" | "baiban" | "fan", must agree with ``joker_kinds``),
    ``allow_chi=False``, ``self_draw_only=True`` (#c15), ``pengpeng_requires_exposed=False``
    (#c33: when True the four sets must be pon / minkan / kakan melds), ``with_honors=True``,
    ``cap=300``, ``gold_cap=None`` (400; 500 with ``koukoufan``), ``koukoufan=False``
    (口口翻: ×2 per opening instead of one 开口 ×2); ``horse_mode`` is accepted for
    :func:`horse_payment` and not used by score().
  * ``qidui=None``: 七对 exists but has no value.  Given, it is a 大胡 worth ``qidui`` added to
    the 大胡 base, with 清一色 / 将一色 / 风一色 and the situational 大胡 on top.
  * ``quanqiuren=None``: 全求人 (four chi / pon / minkan / kakan melds, the concealed part a
    pair) has no value or class; given, it is a 大胡 worth ``quanqiuren``.
  * 大胡 (each 10, added): 碰碰胡, 清一色 (one suit, no honors), 将一色 (all 2/5/8), 风一色 (all
    honors, a win shape needed unless ``fengyise_any_shape=True``), 杠上花 (``after_kong``),
    海底捞 (``last_tile`` and self-drawn: the caller says whether the tile is among the last
    four), 抢杠 (``robbing_kong``, allowed although wins are self-drawn only).
  * The 小胡 column's factors apply to 小胡 and the 大胡 column's to 大胡, never both.
    开口 = any chi / pon / minkan / kakan; 明杠 = minkan and kakan (×4 each); 暗杠 ×2 each.
  * 硬胡 ×2: no joker used as a substitute.  A game without 鬼 has "no 鬼", so its wins are
    硬胡 too (literal; ``yinghu_without_gui=False`` turns that off).
  * ``total`` is the winner's side (base × winner's factors).  ``tuidao_payment`` adds the
    payer's own factor (放冲者 ×2 / ×1.5; the caller may name the robbed player of a 抢杠 as
    the discarder) and 庄闲 (小胡 only) and applies the cap;
    ``tuidao_settle`` applies the 金顶 rule (if all three losers exceed ``cap``, the cap rises
    to ``gold_cap`` for each) and 承包 (one payer pays the sum of the three).
guangdong_jipinghu (docs/rules.md#guangdong-jipinghu)
  * Any complete hand wins (雞和 0 番); chi and discard wins are allowed; no jokers.
  * ``within_cap_stacking="add"`` (平和 + 混一色 = 3) or "max"; ``cap=3`` (爆和).
  * Beyond-cap patterns never stack and take no add-ons: ``fan = max`` of them (always above
    the cap).  Patterns defined as 刻子牌型 (字一色, 清么九) and the 三元 / 四喜 patterns need a
    standard reading; 混么九 needs terminals and honors both (a standard hand of them is all
    pungs anyway); 九蓮寶燈 needs no melds and the 13 tiles before the win = 1112345678999.
  * ``pinghu_pair="any"`` (平和 says nothing of the pair) or "no_value_honor" (not a dragon,
    seat or round wind pair).  混一色 needs honors and exactly one suit.
  * Add-ons (standard, within-cap only, then capped at 3): 自摸 +1, seat-wind pung +1,
    round-wind pung +1 (both for a pung of a wind that is both), each dragon pung +1.
  * Floor 3 (不滿3番按3番): 杠上開花 (``after_kong``), 海底撈月 (``last_tile`` and self-drawn:
    "摸最後一張牌"), 一炮三響 (``triple_ron=True``, a win on a discard).
  * ``qidui=None``: 七对 is not listed.  Given, it is a within-cap pattern of ``qidui`` 番
    (stacking with 混一色, 自摸 add-on), with 清一色 and 混么九 still beyond the cap.
  * ``tianhe_fan=None`` / ``renhe_fan=None``: 天和 (``tianhu``, needs ``dealer=True``) and 人和
    (``dihu``: a discard win in the first round, needs ``self_drawn=False``) are defined without
    a value; given, they count like a beyond-cap pattern (the higher of them and the rest).
  * ``extra["points"] = 2 ** fan`` (番 → 分值).
qingyuan (docs/rules.md#qingyuan)
  * No 万, no chi, self-draw only (no robbing), no jokers.  The highest pattern counts: 雞糊 3,
    對對糊 6 (four pungs), 清一色 9, 清一色全對 12, 壹玖全對 15, 全字全對 18.
  * 壹玖全對: pungs and pair of 1/9 only, the documented policy (``yijiu_allows_honors=False``).  With
    only 1p 9p 1s 9s in play that needs a fifth copy, so the row never occurs;
    ``yijiu_allows_honors=True`` admits honors (at least one 1/9 kind left).
  * ``qidui=None``; given, a seven-pairs reading scores the highest of 雞糊, ``qidui`` and 清一色.
tianjin (docs/rules.md#tianjin)
  * No chi; ``self_draw_only=True``; a 混 kind cannot be ponged (pon / minkan / kakan of a joker
    kind is refused; an 暗杠 of four 混 is fine).  ``joker_kinds_for("tianjin", indicator=...)``.
  * 和目 add up (合并计算): 一条龙 2 (123-456-789 of one suit); 本绘龙 3 replaces 一条龙 when no 混
    substitutes inside the straight and at least one 混 sits there at its own face
    (``benhuilong="face_joker"``; "no_substitute" drops the last condition, but then a dragon
    without any 混 would be 本绘龙 and the source's own 一条龙 + 捉五魁 example would not give
    一条龙); 捉五魁 1 (the winning tile is the 5m of a 4m-5m-6m chow, not both 4m and 6m 混);
    无绘 +1 (``wuhui="no_substitute"``: no 混 used as a substitute; "none_held": no 混 tile at all).
  * No values given: ``hundiao`` (混吊: the winning tile, not a 混, pairs with a 混),
    ``shuanghundiao`` (双混吊: the winning tile is a 混 and pairs with a 混),
    ``shuanghui_zhuowu`` (双绘捉五: 捉五魁 with both 4m and 6m 混), ``qidui``.  The damaged
    print of the 绘钓 value is not used.  混吊 / 双混吊 look at the pair the winning tile
    completes, in seven pairs too.  提留 and the flowers are not scored.
  * ``total`` = the sum of 番; how 番 become points is not given.  ``chan_reading`` is accepted
    for :func:`tianjin_chan` and not used by score().
hangzhou (docs/rules.md#hangzhou)
  * 136 tiles; chi, discard wins and robbing a kong are allowed; forms: standard (乱将: any
    pair) and seven pairs (``allow_quad=True``: four of a kind is two pairs); no thirteen orphans.
  * Which kinds are 财神 is not given by the sources: the caller names them, as the option
    ``caishen`` (tiles) or per call ``joker_kinds`` (both given: they must agree); neither is a
    ValueError.  There is no indicator (``joker_kinds_for("hangzhou", caishen=[...])``).  A 财神
    stands for any kind; ``allow_fifth_copy=True``.
  * ``caishen_melds=False``: a pon / minkan / kakan of a 财神 kind is refused ("a 财神 cannot be
    melded"); an 暗杠 of four 财神 and a chi holding a 财神 kind are fine.
  * Unit 倍, ``total`` = base × the product of the factors.  Base (the highest that holds): 七对 2
    (a seven-pairs reading, no kind held four times), 豪华七对 4 (one kind four times), 两豪华七对 8
    (two), 三豪华七对 16 (three), counted by the kinds the tiles stand for; else ("平胡", 1).
  * Factors: 暴头 2 (a standard reading, self-drawn, the winning tile's group is the pair and the
    pair's other tile is a 财神 tile, at its face or standing in; the winning tile may be a 财神);
    财飘 2 (暴头 and ``caipiao >= 1``); 连续财飘 2 (暴头 and ``caipiao >= 2``); 杠开 ``gangkai``
    (``after_kong``; ``gangkai=None``: not given, the hand is refused "pass gangkai=...").
  * ``caipiao`` (0-2, or ``context={"caipiao": n}``) is the number of 财飘 in a row before this
    win; any other value or context key is a ValueError.
  * :func:`baotou_ready`: 13 - 3 * melds concealed tiles that are one 财神 and 4 - melds sets.
wenzhou (docs/rules.md#wenzhou)
  * 16-tile play: a complete hand is 17 tiles counting 3 per meld (the winning tile included; at
    most 5 melds), a waiting hand 16 (``N_SETS``: 5 sets and a pair).  136 tiles; chi, discard
    wins and robbing a kong are allowed.  Anything but 17 (16 for waits) is a ValueError naming
    the tile count.
  * 財神: named by the caller, as for Hangzhou (the option ``caishen`` or per call
    ``joker_kinds``; neither is a ValueError naming caishen / joker_tiles; no indicator).  A 財神
    stands for any of the 34 kinds; ``allow_fifth_copy=True``.  A pon / minkan / kakan of a 財神
    kind is refused ("a 財神 cannot be melded"); an 暗杠 of four 財神 and a chi are not checked.
  * Forms: ``standard`` (5 - melds sets and a pair; ``allow_all_pungs=False``: a reading without
    any chow, melds included, does not win, "all pungs is not a listed shape"); ``eight_pairs``
    (硬八對: no melds, 8 pairs and one single tile, no 財神 tile among the 17 at all;
    ``allow_quad=True``: four of a kind is two pairs; three of a kind is a pair and the single);
    ``three_caishen`` (三財神: 3 or more 財神 among the concealed tiles, any 17 tiles, every tile
    at its face, so the reading is 硬).  No seven pairs, no thirteen orphans.  Wait-independent:
    one winning position per reading.
  * Unit 倍: ``total`` = the product of the factor rows (the base group is always ("平胡", 1)).
    Factors, each 2: 硬八對 (the eight-pairs reading), 三財神 (the hand holds >= 3 財神 tiles,
    any reading), 天胡 (``tianhu``), 地胡 (``dihu``), 單吊 (five declared melds, all chi / pon /
    minkan / kakan).  硬牌 ``yingpai`` (no 財神 stands in for another kind) and 軟牌 ``ruanpai``
    (one does): rows only when the option is given (None: no row, not a refusal).
  * Best reading: the highest total, then the fewest 財神 standing in (the general rule above).
  * ``tianhu`` / ``dihu`` are taken as given (no dealer / self-draw check); no context keys.
fuzhou (docs/rules.md#fuzhou)
  * 144 tiles (the 136 and 8 flowers, 补花: flowers are not part of a hand, so a hand is the 34
    kinds as everywhere); 13 + 1 tiles; chi, pon, kongs, wins on a discard and robbing a kong (a
    win that is not self-drawn) are allowed.  Forms: ``standard`` only (no seven pairs, no
    thirteen orphans); wait-independent (one winning position per reading).
  * 金: named by the caller, the option ``gold`` (tiles) or per call ``joker_kinds`` (both given:
    they must agree; neither: a ValueError naming gold / joker_tiles; no indicator).  A 金 stands
    for any of the 34 kinds; ``allow_fifth_copy=True``.
  * ``allow_discard_gold=False`` (本系统设置为金牌不允许打出: nobody can claim a 金): a pon /
    minkan / kakan of a 金 kind is refused ("a 金 cannot be melded"); an 暗杠 of four 金 and a chi
    are not checked.  ``allow_discard_gold=True``: no such refusal.
  * Unit 番, ``total`` = the SUM of the rows that hold (all in one group; a value of 0 still
    shows).  Every value is an option (None: the row, when it holds, refuses the hand with
    "pass OPTION=..."):  自摸 ``zimo`` (self-drawn); 平胡 ``pinghu`` (not self-drawn: a win on a
    discard or by robbing a kong); 抢金 ``qiangjin`` (``context={"qiangjin": 1}``); 天和 the same
    option ``qiangjin`` (天和和抢金的计番相同; the flag ``tianhu``, taken as given); 用金 ``jin`` (some
    金 stands in for another kind in the reading; a 金 at its own face does not count).
  * Best reading: the highest total, then the fewest 金 standing in (the general rule above).
  * ``context={"qiangjin": n}``, n an int 0-1; any other value or key is a ValueError.
  * :func:`qiangjin_ready`: the 13 - 3 * melds concealed tiles and one 金 tile (the first 金 kind)
    make 4 - melds sets and a pair.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from fractions import Fraction

N_KINDS = 34
RULES = ("guangdong_tuidao", "guangdong_jipinghu", "qingyuan", "tianjin", "hangzhou", "wenzhou", "fuzhou")
#: Rule sets whose joker kinds the caller names, and the option that names them (no indicator).
JOKER_OPTION = {"hangzhou": "caishen", "wenzhou": "caishen", "fuzhou": "gold"}
#: The jokers' name in each such rule set's messages.
JOKER_WORD = {"hangzhou": "财神", "wenzhou": "財神", "fuzhou": "金"}
#: Sets of a complete standard hand (4: 13-tile play, 14 with the winning tile; 5: 16-tile play).
N_SETS = {"wenzhou": 5}
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + HONORS
MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
EXPOSED_MELDS = ("chi", "pon", "minkan", "kakan")     # 开口 / 全求人
MING_KONGS = ("minkan", "kakan")                      # 明杠
BIG_WIN = 10                                          # 推倒胡 大胡 base, per 大胡

_HONOR_CHARS = {"东": 27, "南": 28, "西": 29, "北": 30, "中": 31, "发": 32, "白": 33}


# --------------------------------------------------------------------------
# Tiles and notation
# --------------------------------------------------------------------------
def is_honor(t: int) -> bool:
    return t >= 27


def suit(t: int):
    """0 (万), 1 (筒), 2 (条) or None for honors."""
    return None if t >= 27 else t // 9


def rank(t: int) -> int:
    return t % 9 + 1


def name(t: int) -> str:
    if not 0 <= t < N_KINDS:
        raise ValueError(f"tile index {t!r} out of range 0-33")
    return f"{t - 26}z" if t >= 27 else f"{rank(t)}{'mps'[suit(t)]}"


def tile(x) -> int:
    """A tile index from an index, ``"5m"``/``"7z"`` or a Chinese honor ``"白"``."""
    if isinstance(x, int) and not isinstance(x, bool):
        if 0 <= x < N_KINDS:
            return x
        raise ValueError(f"tile index {x!r} out of range 0-33")
    if isinstance(x, str):
        s = x.strip()
        if s in _HONOR_CHARS:
            return _HONOR_CHARS[s]
        if len(s) == 2 and s[0].isdigit():
            n, u = int(s[0]), s[1]
            if u in "mps" and 1 <= n <= 9:
                return "mps".index(u) * 9 + n - 1
            if u == "z" and 1 <= n <= 7:
                return 26 + n
    raise ValueError(f"not a tile: {x!r}")


def parse(text: str) -> list:
    """``"123m456p11z"`` -> 34 counts (no 5-copy check; score() checks counts)."""
    counts = [0] * N_KINDS
    digits = []
    for pos, ch in enumerate(text.replace(" ", "")):
        if ch.isdigit():
            digits.append(int(ch))
        elif ch in "mpsz":
            if not digits:
                raise ValueError(f"parse({text!r}): suit {ch!r} without digits at position {pos}")
            for d in digits:
                counts[tile(f"{d}{ch}")] += 1
            digits = []
        else:
            raise ValueError(f"parse({text!r}): unexpected {ch!r} at position {pos}")
    if digits:
        raise ValueError(f"parse({text!r}): digits without a suit at the end")
    return counts


def to_str(counts) -> str:
    out = []
    for u, base, n in (("m", 0, 9), ("p", 9, 9), ("s", 18, 9), ("z", 27, 7)):
        ds = "".join(str(i + 1) * counts[base + i] for i in range(n))
        if ds:
            out.append(ds + u)
    return "".join(out)


def tile_set(rule: str, with_honors: bool = True) -> tuple:
    """Kinds in play: 清远 has no 万; 推倒胡 不带风 (``with_honors=False``) has no honors."""
    if rule == "qingyuan":
        return tuple(range(9, 34))
    if rule == "guangdong_tuidao" and not with_honors:
        return tuple(range(27))
    return tuple(range(34))


# --------------------------------------------------------------------------
# Indicators (docs/rules.md#indicators, #c14, #c39)
# --------------------------------------------------------------------------
def _suit_successor(t: int) -> int:
    return t - 8 if rank(t) == 9 else t + 1                   # 9 wraps to 1


# 翻鬼: 东南西北中发白 with 北 -> 发 (skips 中) and 白 -> 东 as written; 中 -> 发 and 发 -> 白
# are the documented policy for the two kinds the source does not give (#c14).
GUANGDONG_HONOR_SUCCESSOR = {27: 28, 28: 29, 29: 30, 30: 32, 31: 32, 32: 33, 33: 27}
# Tianjin 混: winds 东南西北 cycle, dragons 中发白 cycle (#c14).
TIANJIN_HONOR_SUCCESSOR = {27: 28, 28: 29, 29: 30, 30: 27, 31: 32, 32: 33, 33: 31}


def successor(rule: str, t: int) -> int:
    t = tile(t)
    if t < 27:
        return _suit_successor(t)
    if rule == "guangdong_tuidao":
        return GUANGDONG_HONOR_SUCCESSOR[t]
    if rule == "tianjin":
        return TIANJIN_HONOR_SUCCESSOR[t]
    raise ValueError(f"{rule}: no indicator successor (the rule set has no jokers)")


def joker_kinds_for(rule: str, *, gui: str = "none", indicator=None, with_honors: bool = True,
                    caishen=None, gold=None) -> tuple:
    """The joker kinds of a hand.

    * ``guangdong_tuidao``: ``gui="none"`` -> (); ``"baiban"`` -> (白,); ``"fan"`` -> the
      successor of the flipped ``indicator`` (翻鬼: the successor only, #c39).
    * ``tianjin``: the flipped ``indicator`` and its successor (混, #c39).
    * ``hangzhou`` and ``wenzhou``: the ``caishen`` kinds the caller names (no indicator), sorted.
    * ``fuzhou``: the ``gold`` (金) kinds the caller names (no indicator), sorted.
    * the other rule sets have no jokers (ValueError).
    """
    if rule == "fuzhou":
        if indicator is not None:
            raise ValueError("fuzhou: 金 has no indicator: name the kinds (gold=[...])")
        if caishen is not None:
            raise ValueError("fuzhou: the 金 kinds are the option gold, not caishen")
        return _caishen_kinds(gold, rule)
    if gold is not None:
        raise ValueError(f"{rule}: gold is a fuzhou option")
    if rule == "hangzhou":
        if indicator is not None:
            raise ValueError("hangzhou: 财神 has no indicator: name the kinds (caishen=[...])")
        return _caishen_kinds(caishen)
    if rule == "wenzhou":
        if indicator is not None:
            raise ValueError("wenzhou: 財神 has no indicator: name the kinds (caishen=[...])")
        return _caishen_kinds(caishen, rule)
    if caishen is not None:
        raise ValueError(f"{rule}: caishen is a hangzhou option")
    if rule == "guangdong_tuidao":
        if gui == "none":
            if indicator is not None:
                raise ValueError("guangdong_tuidao: gui='none' takes no indicator")
            return ()
        if gui == "baiban":
            if indicator is not None:
                raise ValueError("guangdong_tuidao: gui='baiban' takes no indicator")
            if not with_honors:
                raise ValueError("guangdong_tuidao: gui='baiban' needs the honors (with_honors=True)")
            return (33,)
        if gui == "fan":
            if indicator is None:
                raise ValueError("guangdong_tuidao: gui='fan' needs the flipped indicator tile")
            t = tile(indicator)
            if is_honor(t) and not with_honors:
                raise ValueError(f"guangdong_tuidao: indicator {name(t)} is an honor but with_honors=False")
            return (successor(rule, t),)
        raise ValueError(f"guangdong_tuidao: gui must be 'none', 'baiban' or 'fan', not {gui!r}")
    if rule == "tianjin":
        if indicator is None:
            raise ValueError("tianjin: the 混 needs the flipped indicator tile")
        t = tile(indicator)
        return (t, successor(rule, t))
    if rule in RULES:
        raise ValueError(f"{rule}: the rule set has no jokers")
    raise ValueError(f"unknown rule set {rule!r}")


def _caishen_kinds(caishen, rule: str = "hangzhou") -> tuple:
    """The 财神 kinds of ``caishen`` (tiles): a sorted tuple, at least one, no repeats (Fuzhou:
    the 金 kinds of the option ``gold``)."""
    cs, opt = JOKER_WORD[rule], JOKER_OPTION[rule]
    if caishen is None:
        raise ValueError(f"{rule}: which kinds are {cs} is not given: pass {opt}=[...] or joker_tiles=[...]")
    if isinstance(caishen, (str, int)):
        caishen = [caishen]
    kinds = [tile(t) for t in caishen]
    if not kinds:
        raise ValueError(f"{rule}: {opt} names no tile")
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"{rule}: {opt} {caishen!r} repeats a kind")
    return tuple(sorted(kinds))


# --------------------------------------------------------------------------
# Options (docs/rules.md#options)
# --------------------------------------------------------------------------
DEFAULTS = {
    "guangdong_tuidao": dict(gui="none", allow_chi=False, self_draw_only=True,
                             pengpeng_requires_exposed=False, with_honors=True, cap=300,
                             gold_cap=None, koukoufan=False, qidui=None, quanqiuren=None,
                             fengyise_any_shape=False, yinghu_without_gui=True, allow_quad=True,
                             allow_fifth_copy=True, horse_mode="additive"),
    "guangdong_jipinghu": dict(within_cap_stacking="add", cap=3, qidui=None, allow_quad=True,
                               tianhe_fan=None, renhe_fan=None, pinghu_pair="any"),
    "qingyuan": dict(qidui=None, allow_quad=True, yijiu_allows_honors=False),
    "tianjin": dict(self_draw_only=True, qidui=None, allow_quad=True, allow_fifth_copy=True,
                    hundiao=None, shuanghundiao=None, shuanghui_zhuowu=None,
                    benhuilong="face_joker", wuhui="no_substitute", chan_reading="b"),
    "hangzhou": dict(caishen=None, allow_quad=True, allow_fifth_copy=True, gangkai=None,
                     caishen_melds=False),
    "wenzhou": dict(caishen=None, allow_quad=True, allow_fifth_copy=True, allow_all_pungs=True,
                    yingpai=None, ruanpai=None),
    "fuzhou": dict(gold=None, allow_fifth_copy=True, allow_discard_gold=False, zimo=None, pinghu=None,
                   qiangjin=None, jin=None),
}
_CHOICES = {
    "gui": ("none", "baiban", "fan"),
    "within_cap_stacking": ("add", "max"),
    "pinghu_pair": ("any", "no_value_honor"),
    "benhuilong": ("face_joker", "no_substitute"),
    "wuhui": ("no_substitute", "none_held"),
    "chan_reading": ("a", "b"),
    "horse_mode": ("additive", "fan"),
}
_VALUE_OPTIONS = ("qidui", "quanqiuren", "tianhe_fan", "renhe_fan", "hundiao", "shuanghundiao",
                  "shuanghui_zhuowu", "gangkai", "yingpai", "ruanpai", "zimo", "pinghu", "qiangjin", "jin")


class Options(dict):
    __getattr__ = dict.__getitem__


def options_for(rule: str, given: dict) -> Options:
    if rule not in DEFAULTS:
        raise ValueError(f"unknown rule set {rule!r} (known: {', '.join(RULES)})")
    o = Options(DEFAULTS[rule])
    for k, v in given.items():
        if k not in o:
            raise TypeError(f"{rule}: unknown option {k!r}")
        if k in _CHOICES and v not in _CHOICES[k]:
            raise ValueError(f"{rule}: option {k} must be one of {_CHOICES[k]}, not {v!r}")
        bad_number = isinstance(v, bool) or not isinstance(v, (int, float, Fraction)) or v < 0
        if k in _VALUE_OPTIONS and v is not None and bad_number:
            raise ValueError(f"{rule}: option {k} must be None or a number >= 0, not {v!r}")
        o[k] = v
    if rule == "guangdong_tuidao" and o.gold_cap is None:
        o["gold_cap"] = 500 if o.koukoufan else 400
    opt = JOKER_OPTION.get(rule)
    if opt is not None and o[opt] is not None:
        o[opt] = _caishen_kinds(o[opt], rule)
    return o


# --------------------------------------------------------------------------
# Readings
# --------------------------------------------------------------------------
# A slot is (rep, phys): the kind the tile stands for and the physical tile.  A real tile has
# rep == phys and phys not a joker kind; a joker has phys in joker_kinds (rep == phys: its own
# face; rep != phys: a substitute).  A group is (gtype, slots) with gtype "pair", "pung",
# "chow", "single" (thirteen orphans) or "any" (风一色 without a shape); slots are sorted.

@dataclass(frozen=True)
class Reading:
    form: str            # "standard" | "seven_pairs" | "thirteen_orphans" | "any_shape"
    groups: tuple        # concealed groups
    win: tuple           # (group index, slot) of the winning tile


def _templates(i: int, allowed: set, sets: bool, pairs: bool):
    """Groups (gtype, reps, anchor position) containing kind i at the anchor position."""
    out = []
    if pairs:
        out.append(("pair", (i, i), 0))
    if sets:
        out.append(("pung", (i, i, i), 0))
        if i < 27:
            for s in (i - 2, i - 1, i):
                if s >= 0 and suit(s) == suit(i) and rank(s) <= 7:
                    reps = (s, s + 1, s + 2)
                    if all(r in allowed for r in reps):
                        out.append(("chow", reps, reps.index(i)))
    return out


def _fill(reps, anchor, real, jrem, jkinds, allowed):
    """Every way to fill the positions of ``reps``: the anchor with a real tile, every other
    position with a real tile (if one is left) or any physical joker (if it may stand there).
    Yields (slots, real, jrem)."""
    def rec(pos, real, jrem, slots):
        if pos == len(reps):
            yield tuple(sorted(slots)), real, jrem
            return
        r = reps[pos]
        if real[r] > 0:
            nr = list(real)
            nr[r] -= 1
            yield from rec(pos + 1, tuple(nr), jrem, slots + [(r, r)])
        if pos != anchor and r in allowed:
            for j, p in enumerate(jkinds):
                if jrem[j] > 0:
                    nj = list(jrem)
                    nj[j] -= 1
                    yield from rec(pos + 1, real, tuple(nj), slots + [(r, p)])
    if real[reps[anchor]] <= 0:
        return
    yield from rec(0, real, jrem, [])


def _multiset_perms(items):
    """Distinct orderings of a multiset (tuple)."""
    if not items:
        yield ()
        return
    for x in sorted(set(items)):
        rest = list(items)
        rest.remove(x)
        for p in _multiset_perms(tuple(rest)):
            yield (x,) + p


def _joker_only_groups(jrem, jkinds, allowed, n_sets, n_pairs):
    """Every way for the jokers left to make exactly n_sets sets and n_pairs pairs by
    themselves (any kinds, any physical joker in any slot): a list of sorted group tuples."""
    k = sum(jrem)
    if k != 3 * n_sets + 2 * n_pairs:
        return []
    set_shapes = [("pung", (r, r, r)) for r in sorted(allowed)]
    set_shapes += [("chow", (s, s + 1, s + 2)) for s in sorted(allowed)
                   if s < 27 and rank(s) <= 7 and s + 2 in allowed and s + 1 in allowed]
    pair_shapes = [("pair", (r, r)) for r in sorted(allowed)]
    phys = tuple(p for j, p in enumerate(jkinds) for _ in range(jrem[j]))
    out = set()
    for sets in itertools.combinations_with_replacement(set_shapes, n_sets):
        for prs in itertools.combinations_with_replacement(pair_shapes, n_pairs):
            shapes = list(sets) + list(prs)
            for perm in _multiset_perms(phys):
                groups, pos = [], 0
                for gtype, rr in shapes:
                    groups.append((gtype, tuple(sorted(zip(rr, perm[pos:pos + len(rr)])))))
                    pos += len(rr)
                out.add(tuple(sorted(groups)))
    return sorted(out)


def _decompositions(real, jokers, jkinds, allowed, n_sets, n_pairs):
    """All splits of real tiles + jokers into n_sets sets and n_pairs pairs (n_sets=0,
    n_pairs=7: seven pairs).  The lowest real tile left must lie in some group: every group
    containing it is tried, every other slot of that group filled with a real tile or a joker.
    Returns a set of sorted group tuples (the recursion is memoised on its state)."""
    memo = {}

    def rec(real, jrem, sets_left, pairs_left):
        state = (real, jrem, sets_left, pairs_left)
        if state in memo:
            return memo[state]
        i = next((t for t in range(N_KINDS) if real[t] > 0), None)
        if i is None:
            res = set(_joker_only_groups(jrem, jkinds, allowed, sets_left, pairs_left))
        else:
            res = set()
            for gtype, reps, anchor in _templates(i, allowed | {i}, sets_left > 0, pairs_left > 0):
                for slots, nreal, njrem in _fill(reps, anchor, real, jrem, jkinds, allowed):
                    rest = rec(nreal, njrem, sets_left - (gtype != "pair"), pairs_left - (gtype == "pair"))
                    res |= {tuple(sorted(((gtype, slots),) + r)) for r in rest}
        memo[state] = frozenset(res)
        return memo[state]

    return set(rec(tuple(real), tuple(jokers[p] for p in jkinds), n_sets, n_pairs))


def _orphans_decompositions(real, jokers, jkinds, allowed):
    """Thirteen orphans: each orphan once plus one more of them; jokers fill what is missing."""
    out = set()
    if any(real[t] for t in range(N_KINDS) if t not in ORPHANS):
        return out
    phys = tuple(p for p in jkinds for _ in range(jokers[p]))
    for dup in ORPHANS:
        need = {t: 1 + (t == dup) for t in ORPHANS}
        if any(real[t] > need[t] for t in ORPHANS):
            continue
        holes = [t for t in ORPHANS for _ in range(need[t] - real[t])]
        if len(holes) != len(phys) or any(h not in allowed for h in holes):
            continue
        for perm in _multiset_perms(phys):
            filled = {t: [(t, t)] * real[t] for t in ORPHANS}
            for h, p in zip(holes, perm):
                filled[h] = filled[h] + [(h, p)]
            groups = [("pair" if t == dup else "single", tuple(sorted(filled[t]))) for t in ORPHANS]
            out.add(tuple(sorted(groups)))
    return out


def _any_shape_reading(real, jokers, jkinds):
    """风一色 without a shape: every real tile an honor; a joker that is an honor is at its face,
    any other joker stands for an honor (东, for definiteness)."""
    if any(real[t] for t in range(27)):
        return None
    slots = [(t, t) for t in HONORS for _ in range(real[t])]
    slots += [((p if is_honor(p) else 27), p) for p in jkinds for _ in range(jokers[p])]
    return (("any", tuple(sorted(slots))),)


def _eight_pairs_reading(counts, jset, allow_quad):
    """Wenzhou 硬八對: 8 pairs and one single tile (17 concealed tiles), no 財神 tile at all; four of
    a kind is two pairs (only with ``allow_quad``), three of a kind a pair and the single."""
    if sum(counts) != 17 or any(counts[j] for j in jset):
        return None
    odd = [t for t in range(N_KINDS) if counts[t] % 2]
    if len(odd) != 1 or (not allow_quad and max(counts) >= 4):
        return None
    groups = [("pair", ((t, t), (t, t))) for t in range(N_KINDS) for _ in range(counts[t] // 2)]
    groups.append(("single", ((odd[0], odd[0]),)))
    return tuple(sorted(groups))


def _meld_reps(melds):
    """The kinds of every tile of the declared melds."""
    out = []
    for kind, t in melds:
        if kind == "chi":
            out += [t, t + 1, t + 2]
        elif kind == "pon":
            out += [t] * 3
        else:
            out += [t] * 4
    return out


# --------------------------------------------------------------------------
# Facts of one reading
# --------------------------------------------------------------------------
@dataclass
class View:
    form: str
    sets: list           # (stype "chow"|"pung"|"kong", first kind, exposed?, meld kind or None)
    pair: object         # kind of the pair (standard form) or None
    kinds: set           # every kind in the hand (concealed reps + melds)
    reps: list           # every tile's kind (concealed reps + melds)
    n_sub: int           # jokers used as substitutes
    n_jokers: int        # joker tiles in the concealed hand
    win_group: tuple
    win_slot: tuple

    @property
    def suits(self):
        return {suit(t) for t in self.kinds if t < 27}

    @property
    def has_honor(self):
        return any(is_honor(t) for t in self.kinds)

    @property
    def all_pungs(self):
        return self.form == "standard" and all(s[0] != "chow" for s in self.sets)

    @property
    def all_chows(self):
        return self.form == "standard" and all(s[0] == "chow" for s in self.sets)

    def pungs_of(self, kinds):
        return sum(1 for s in self.sets if s[0] != "chow" and s[1] in kinds)


def view(reading: Reading, melds, jset) -> View:
    sets, pair = [], None
    for gtype, slots in reading.groups:
        if gtype == "pung":
            sets.append(("pung", slots[0][0], False, None))
        elif gtype == "chow":
            sets.append(("chow", slots[0][0], False, None))
        elif gtype == "pair" and reading.form == "standard":
            pair = slots[0][0]
    for kind, t in melds:
        stype = "chow" if kind == "chi" else "pung" if kind == "pon" else "kong"
        sets.append((stype, t, kind != "ankan", kind))
    reps = [r for _, slots in reading.groups for r, _ in slots] + _meld_reps(melds)
    jslots = [(r, p) for _, slots in reading.groups for r, p in slots if p in jset]
    g, s = reading.win
    return View(reading.form, sets, pair, set(reps), reps,
                sum(1 for r, p in jslots if r != p), len(jslots), reading.groups[g], s)


# --------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------
@dataclass
class RefResult:
    is_win: bool
    reason: str = ""
    fans: list = field(default_factory=list)      # [(name, value)]
    total: object = 0
    reading: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)


@dataclass
class Context:
    self_drawn: bool = False
    after_kong: bool = False
    robbing_kong: bool = False
    last_tile: bool = False
    tianhu: bool = False
    dihu: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dealer: bool = False
    triple_ron: bool = False
    caipiao: int = 0                 # Hangzhou: 财飘 in a row before this win (0-2)
    qiangjin: int = 0                # Fuzhou: the caller says the win is a 抢金 (0-1)


def _num(x):
    """Fractions back to int when whole, else float."""
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


def describe(reading: Reading, melds, jset) -> dict:
    def grp(slots):
        return "".join(name(r) + ("*" if p in jset else "") for r, p in slots)
    groups = [(gtype, grp(slots)) for gtype, slots in reading.groups]
    groups += [(kind, to_str([_meld_reps([(kind, t)]).count(i) for i in range(N_KINDS)]))
               for kind, t in melds]
    g, s = reading.win
    return {"form": reading.form, "groups": groups,
            "jokers": sorted((name(p), name(r)) for _, slots in reading.groups
                             for r, p in slots if p in jset),
            "win": (groups[g][1], name(s[0]))}


# --------------------------------------------------------------------------
# Rule set scorers: (reading view, context, options) -> (fans, total, missing, extra)
# --------------------------------------------------------------------------
def _score_tuidao(v: View, ctx: Context, o: Options, melds):
    bigs, missing = [], []
    if v.form == "seven_pairs":
        if o.qidui is None:
            missing.append(("七对", "qidui"))
        else:
            bigs.append(("七对", o.qidui))
    if v.form == "standard":
        pung_sets = all(s[0] != "chow" for s in v.sets)
        exposed = all(s[3] in ("pon", "minkan", "kakan") for s in v.sets)
        if pung_sets and (exposed or not o.pengpeng_requires_exposed):
            bigs.append(("碰碰胡", BIG_WIN))
        if len(melds) == 4 and all(k in EXPOSED_MELDS for k, _ in melds):
            if o.quanqiuren is None:
                missing.append(("全求人", "quanqiuren"))
            else:
                bigs.append(("全求人", o.quanqiuren))
    if len(v.suits) == 1 and not v.has_honor:
        bigs.append(("清一色", BIG_WIN))
    if all(t < 27 and rank(t) in (2, 5, 8) for t in v.kinds):
        bigs.append(("将一色", BIG_WIN))
    if all(is_honor(t) for t in v.kinds):
        bigs.append(("风一色", BIG_WIN))
    if ctx.after_kong and ctx.self_drawn:
        bigs.append(("杠上花", BIG_WIN))
    if ctx.last_tile and ctx.self_drawn:
        bigs.append(("海底捞", BIG_WIN))
    if ctx.robbing_kong:
        bigs.append(("抢杠", BIG_WIN))
    big = bool(bigs)
    fans = bigs if big else [("小胡", 1)]
    base = Fraction(sum(Fraction(x) for _, x in fans))
    factors = []
    n_open = sum(1 for k, _ in melds if k in EXPOSED_MELDS)
    if n_open:
        factors += [("开口", 2)] * (n_open if o.koukoufan else 1)
    factors += [("暗杠", 2)] * sum(1 for k, _ in melds if k == "ankan")
    factors += [("明杠", 4)] * sum(1 for k, _ in melds if k in MING_KONGS)
    if ctx.self_drawn:
        factors.append(("自摸", Fraction(3, 2) if big else 2))
    yinghu = v.n_sub == 0 and (o.gui != "none" or o.yinghu_without_gui)
    if yinghu:
        factors.append(("硬胡", 2))
    total = base
    for _, f in factors:
        total *= f
    extra = {"big": big, "factors": [(n, _num(Fraction(f))) for n, f in factors],
             "yinghu": yinghu, "base": _num(base)}
    return fans, total, missing, extra


def _score_jipinghu(v: View, ctx: Context, o: Options, pre_win):
    missing, special, within, addons = [], [], [], []
    if v.form == "thirteen_orphans":
        special.append(("十三麼", 6))
    else:
        one_suit = len(v.suits) == 1
        terminals = any(t in TERMINALS for t in v.kinds)
        if one_suit and not v.has_honor:
            special.append(("清一色", 4))
        if all(t in ORPHANS for t in v.kinds) and terminals and v.has_honor:
            special.append(("混么九", 5))
        if v.form == "standard":
            if one_suit and v.has_honor and v.all_pungs:
                special.append(("混碰", 4))
            if one_suit and not v.has_honor and v.all_pungs:
                special.append(("清碰", 5))
            dragon_pungs, wind_pungs = v.pungs_of(DRAGONS), v.pungs_of(WINDS)
            if dragon_pungs == 2 and v.pair in DRAGONS:
                special.append(("小三元", 5))
            if wind_pungs == 3 and v.pair in WINDS:
                special.append(("小四喜", 5))
            if all(is_honor(t) for t in v.kinds) and v.all_pungs:
                special.append(("字一色", 6))
            if all(t in TERMINALS for t in v.kinds) and v.all_pungs:
                special.append(("清么九", 6))
            if dragon_pungs == 3:
                special.append(("大三元", 6))
            if wind_pungs == 4:
                special.append(("大四喜", 6))
            if pre_win is not None and one_suit and not v.has_honor:
                s0 = suit(next(iter(v.kinds))) * 9
                if [pre_win[s0 + i] for i in range(9)] == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
                    special.append(("九蓮寶燈", 6))
            value_honors = set(DRAGONS) | {27 + ctx.seat_wind, 27 + ctx.round_wind}
            if v.all_chows and (o.pinghu_pair == "any" or v.pair not in value_honors):
                within.append(("平和", 1))
            if v.all_pungs:
                within.append(("碰碰和", 2))
        elif v.form == "seven_pairs":
            if o.qidui is None:
                missing.append(("七对", "qidui"))
            else:
                within.append(("七对", o.qidui))
        if one_suit and v.has_honor:
            within.append(("混一色", 2))
    if ctx.tianhu:
        if o.tianhe_fan is None:
            missing.append(("天和", "tianhe_fan"))
        else:
            special.append(("天和", o.tianhe_fan))
    if ctx.dihu:
        if o.renhe_fan is None:
            missing.append(("人和", "renhe_fan"))
        else:
            special.append(("人和", o.renhe_fan))
    if v.form in ("standard", "seven_pairs"):
        if ctx.self_drawn:
            addons.append(("自摸", 1))
        if v.pungs_of({27 + ctx.seat_wind}):
            addons.append(("風位", 1))
        if v.pungs_of({27 + ctx.round_wind}):
            addons.append(("風圈", 1))
        addons += [("三元牌", 1)] * v.pungs_of(DRAGONS)
    if o.within_cap_stacking == "add":
        w = sum(x for _, x in within)
    else:                                  # "max": only the largest within-cap pattern counts (and is listed)
        within = [max(within, key=lambda r: r[1])] if within else []
        w = within[0][1] if within else 0
    raw = w + sum(x for _, x in addons)
    capped = min(o.cap, raw)
    best_special = max(special, key=lambda r: r[1], default=None)
    if best_special is not None and best_special[1] >= capped:
        fan, fans = best_special[1], [best_special]
    else:
        fan = capped
        fans = (within or [("雞和", 0)]) + addons
    floor = []
    if ctx.after_kong and ctx.self_drawn:
        floor.append("槓上開花")
    if ctx.last_tile and ctx.self_drawn:
        floor.append("海底撈月")
    if ctx.triple_ron:
        floor.append("一炮三響")
    if floor and fan < 3:
        fan = 3
    extra = {"raw_within": raw, "capped": raw > o.cap, "floor": floor,
             "not_counted": [r for r in special if r not in fans], "points": 2 ** fan}
    return fans, fan, missing, extra


def _score_qingyuan(v: View, ctx: Context, o: Options):
    missing = []
    rows = [("雞糊", 3)]
    qing = len(v.suits) == 1 and not v.has_honor
    if v.form == "seven_pairs":
        if o.qidui is None:
            missing.append(("七对", "qidui"))
        else:
            rows.append(("七对", o.qidui))
    if v.all_pungs:
        rows.append(("對對糊", 6))
    if qing:
        rows.append(("清一色", 9))
    if qing and v.all_pungs:
        rows.append(("清一色全對", 12))
    yijiu_kinds = set(TERMINALS) | (set(HONORS) if o.yijiu_allows_honors else set())
    if v.all_pungs and v.kinds <= yijiu_kinds and any(t in TERMINALS for t in v.kinds):
        rows.append(("壹玖全對", 15))
    if v.all_pungs and all(is_honor(t) for t in v.kinds):
        rows.append(("全字全對", 18))
    best = max(rows, key=lambda r: r[1])
    return [best], best[1], missing, {"applicable": rows}


def _score_tianjin(v: View, ctx: Context, o: Options, reading: Reading, jset, melds):
    fans, missing = [], []

    def need(label, opt):
        value = o[opt]
        if value is None:
            missing.append((label, opt))
        else:
            fans.append((label, value))

    if v.form == "seven_pairs":
        need("七对", "qidui")
    # 一条龙 / 本绘龙: three chows 123, 456, 789 of one suit in the reading
    chow_groups = [slots for gtype, slots in reading.groups if gtype == "chow"]
    chow_groups += [tuple((t + i, t + i) for i in range(3)) for k, t in melds if k == "chi"]
    for s0 in (0, 9, 18):
        # of two chows of one start, the straight takes the better (就高): no substitute, a 混 at its face
        parts = [min((g for g in chow_groups if g[0][0] == s0 + d), default=None,
                     key=lambda g: (sum(p != r for r, p in g if p in jset),
                                    not any(p == r and p in jset for r, p in g))) for d in (0, 3, 6)]
        if all(parts):
            slots = [x for g in parts for x in g]
            no_sub = all(p == r for r, p in slots if p in jset)
            face = any(p == r and p in jset for r, p in slots)
            if no_sub and (face or o.benhuilong == "no_substitute"):
                fans.append(("本绘龙", 3))
            else:
                fans.append(("一条龙", 2))
            break
    gtype, wslots = v.win_group
    wrep, wphys = v.win_slot
    if gtype == "chow" and [r for r, _ in wslots] == [3, 4, 5] and wrep == 4:
        flanks = [p for r, p in wslots if r in (3, 5)]
        if all(p in jset for p in flanks):
            need("双绘捉五", "shuanghui_zhuowu")
        else:
            fans.append(("捉五魁", 1))
    if gtype == "pair":
        other = list(wslots)
        other.remove(v.win_slot)
        if other[0][1] in jset:
            if wphys in jset:
                need("双混吊", "shuanghundiao")
            else:
                need("混吊", "hundiao")
    if o.wuhui == "no_substitute":
        no_hui = v.n_sub == 0
    else:
        no_hui = v.n_jokers == 0 and not any(t in jset for t in _meld_reps(melds))
    if no_hui:
        fans.append(("无绘", 1))
    total = sum(x for _, x in fans)
    return fans, total, missing, {}


#: Hangzhou's seven-pairs rows by the number of kinds held four times.
HANGZHOU_QIDUI = (("七对", 2), ("豪华七对", 4), ("两豪华七对", 8), ("三豪华七对", 16))


def _score_hangzhou(v: View, ctx: Context, o: Options, jset):
    missing = []
    if v.form == "seven_pairs":
        quads = sum(1 for k in set(v.reps) if v.reps.count(k) == 4)
        base = HANGZHOU_QIDUI[quads]
    else:
        base = ("平胡", 1)
    factors = []
    gtype, wslots = v.win_group
    if v.form == "standard" and ctx.self_drawn and gtype == "pair":
        other = list(wslots)
        other.remove(v.win_slot)
        if other[0][1] in jset:                  # the pair's other tile is a 财神 (face or substitute)
            factors.append(("暴头", 2))
            if ctx.caipiao >= 1:
                factors.append(("财飘", 2))
            if ctx.caipiao >= 2:
                factors.append(("连续财飘", 2))
    if ctx.after_kong:
        if o.gangkai is None:
            missing.append(("杠开", "gangkai"))
        else:
            factors.append(("杠开", o.gangkai))
    total = Fraction(base[1])
    for _, f in factors:
        total *= Fraction(f)
    return [base] + factors, total, missing, {"base": base[1], "factors": list(factors)}


def _score_wenzhou(v: View, ctx: Context, o: Options, counts, melds, jset):
    """Wenzhou: the base group is always ("平胡", 1); the factors multiply."""
    factors = []
    if v.form == "eight_pairs":
        factors.append(("硬八對", 2))
    if sum(counts[j] for j in jset) >= 3:                  # concealed 財神 tiles, whatever the reading
        factors.append(("三財神", 2))
    if ctx.tianhu:
        factors.append(("天胡", 2))
    if ctx.dihu:
        factors.append(("地胡", 2))
    if len(melds) == 5 and all(k in EXPOSED_MELDS for k, _ in melds):
        factors.append(("單吊", 2))
    if v.n_sub == 0 and o.yingpai is not None:             # 硬: no 財神 stands in (三財神 any shape: 硬)
        factors.append(("硬牌", o.yingpai))
    if v.n_sub > 0 and o.ruanpai is not None:              # 軟: some 財神 stands in for another kind
        factors.append(("軟牌", o.ruanpai))
    total = Fraction(1)
    for _, f in factors:
        total *= Fraction(f)
    return [("平胡", 1)] + factors, total, [], {"base": 1, "factors": list(factors)}


#: Fuzhou's rows: (label, the option holding its value).  天和 takes 抢金's value (天和和抢金的计番相同).
FUZHOU_ROWS = (("自摸", "zimo"), ("平胡", "pinghu"), ("抢金", "qiangjin"), ("天和", "qiangjin"), ("用金", "jin"))


def _score_fuzhou(v: View, ctx: Context, o: Options):
    """Fuzhou: the sum of the rows that hold; a row whose value is None is missing."""
    holds = {"自摸": ctx.self_drawn, "平胡": not ctx.self_drawn, "抢金": ctx.qiangjin >= 1,
             "天和": ctx.tianhu, "用金": v.n_sub > 0}
    fans, missing = [], []
    for label, opt in FUZHOU_ROWS:
        if not holds[label]:
            continue
        if o[opt] is None:
            missing.append((label, opt))
        else:
            fans.append((label, o[opt]))
    total = sum((Fraction(x) for _, x in fans), Fraction(0))
    return fans, total, missing, {}


def qiangjin_ready(counts13, melds=(), *, joker_kinds) -> bool:
    """Fuzhou 抢金: do the 13 - 3 * melds concealed tiles and one 金 tile (of the first 金 kind)
    make 4 - melds sets and a pair?  A brute force independent of the reading code: every kind
    for every 金 tile (its own face included), then a plain split into a pair and sets.  The
    melds are only counted (no win condition is checked)."""
    jk = _caishen_kinds(joker_kinds, "fuzhou")
    counts = [int(c) for c in counts13]
    ms = [(m[0], tile(m[1])) for m in melds]
    if len(counts) != N_KINDS or sum(counts) + 3 * len(ms) != 13:
        raise ValueError("qiangjin_ready: a waiting hand of 13 - 3 * melds concealed tiles")
    c = list(counts)
    c[jk[0]] += 1
    n_jokers = sum(c[p] for p in jk)
    for p in jk:
        c[p] = 0
    for assign in itertools.combinations_with_replacement(range(N_KINDS), n_jokers):
        cc = list(c)
        for r in assign:
            cc[r] += 1
        for pair in range(N_KINDS):
            if cc[pair] >= 2:
                cc[pair] -= 2
                ok = _sets_only(cc, 4 - len(ms))
                cc[pair] += 2
                if ok:
                    return True
    return False


def baotou_ready(counts13, melds=(), *, joker_kinds) -> bool:
    """Hangzhou: are the 13 - 3 * melds concealed tiles one 财神 and 4 - melds complete sets (the
    other 财神 anywhere in the sets, standing for any kind, their own face included)?  A brute
    force independent of the reading code: every 财神 set aside in turn, every kind for every
    other 财神, then a plain split into sets."""
    jk = _caishen_kinds(joker_kinds)
    counts = [int(c) for c in counts13]
    ms = [(m[0], tile(m[1])) for m in melds]
    if len(counts) != N_KINDS or sum(counts) + 3 * len(ms) != 13:
        raise ValueError("baotou_ready: a waiting hand of 13 - 3 * melds concealed tiles")
    for j in jk:
        if not counts[j]:
            continue
        rest = list(counts)
        rest[j] -= 1
        others = [p for p in jk for _ in range(rest[p])]
        for p in jk:
            rest[p] = 0
        for assign in itertools.combinations_with_replacement(range(N_KINDS), len(others)):
            c = list(rest)
            for r in assign:
                c[r] += 1
            if _sets_only(c, 4 - len(ms)):
                return True
    return False


def _sets_only(c, n):
    """Do the counts split into exactly n sets (pungs and chows)?"""
    i = next((t for t in range(N_KINDS) if c[t]), None)
    if i is None:
        return n == 0
    if n == 0:
        return False
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_only(c, n - 1)
        c[i] += 3
        if ok:
            return True
    if i < 27 and rank(i) <= 7 and c[i + 1] and c[i + 2]:
        for d in range(3):
            c[i + d] -= 1
        ok = _sets_only(c, n - 1)
        for d in range(3):
            c[i + d] += 1
        return ok
    return False


# --------------------------------------------------------------------------
# score()
# --------------------------------------------------------------------------
def _check_inputs(counts14, melds, win_tile, joker_kinds, ctx, allow_five=False, n_sets=4):
    if len(counts14) != N_KINDS:
        raise ValueError(f"counts14 must have 34 counts, not {len(counts14)}")
    counts = []
    for i, c in enumerate(counts14):
        if isinstance(c, bool) or int(c) != c or c < 0:
            raise ValueError(f"counts14[{i}] = {c!r} is not a count")
        counts.append(int(c))
    ms = []
    for m in melds:
        if not isinstance(m, (tuple, list)) or len(m) != 2 or m[0] not in MELD_KINDS:
            raise ValueError(f"meld {m!r}: expected (kind, tile) with kind in {MELD_KINDS}")
        t = tile(m[1])
        if m[0] == "chi" and (t >= 27 or rank(t) > 7):
            raise ValueError(f"meld {m!r}: a chi is named by its lowest tile, 1-7 of a suit")
        ms.append((m[0], t))
    if len(ms) > n_sets:
        raise ValueError(f"{len(ms)} melds: at most {n_sets}")
    n = 3 * n_sets + 2
    if sum(counts) + 3 * len(ms) != n:
        raise ValueError(f"{sum(counts)} concealed tiles and {len(ms)} melds: a winning hand has "
                         f"{n} - 3 * melds = {n - 3 * len(ms)} concealed tiles (the winning tile included)")
    w = tile(win_tile)
    total = list(counts)
    for r in _meld_reps(ms):
        total[r] += 1
    for i, c in enumerate(total):
        if c > (5 if allow_five and i == w else 4):
            raise ValueError(f"{name(i)} appears {c} times (at most 4)")
    if counts[w] < 1:
        raise ValueError(f"the winning tile {name(w)} is not among the concealed tiles")
    jk = tuple(sorted({tile(j) for j in joker_kinds}))
    if len(jk) != len(tuple(joker_kinds)):
        raise ValueError(f"joker_kinds {joker_kinds!r} repeats a kind")
    if ctx.self_drawn and ctx.robbing_kong:
        raise ValueError("self_drawn and robbing_kong exclude each other")
    if ctx.after_kong and not ctx.self_drawn:
        raise ValueError("after_kong: the winning tile is the kong replacement, so self_drawn must be True")
    if ctx.triple_ron and ctx.self_drawn:
        raise ValueError("triple_ron (一炮三響) is a win on a discard: self_drawn must be False")
    if ctx.tianhu and ctx.dihu:
        raise ValueError("tianhu (the dealer's first draw) and dihu (another player's first turn) exclude each other")
    for wname in ("seat_wind", "round_wind"):
        if getattr(ctx, wname) not in (0, 1, 2, 3):
            raise ValueError(f"{wname} must be 0-3 (东南西北), not {getattr(ctx, wname)!r}")
    return counts, ms, w, jk


def _qiangjin(context):
    """Fuzhou's 抢金 of a call: ``context={"qiangjin": n}``, an int 0-1 (None: 0)."""
    if context is None:
        return 0
    if not isinstance(context, dict):
        raise ValueError(f"context must be a dict, not {type(context).__name__}")
    unknown = set(context) - {"qiangjin"}
    if unknown:
        raise ValueError(f"unknown context key(s) {sorted(map(str, unknown))}: only 'qiangjin'")
    n = context.get("qiangjin", 0)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1:
        raise ValueError(f"qiangjin must be an int 0-1, not {n!r}")
    return n


def _caipiao(caipiao, context):
    """The 财飘 count of a call: ``caipiao`` or ``context={"caipiao": n}``, an int 0-2."""
    if context is not None:
        if not isinstance(context, dict):
            raise ValueError(f"context must be a dict, not {type(context).__name__}")
        unknown = set(context) - {"caipiao"}
        if unknown:
            raise ValueError(f"unknown context key(s) {sorted(map(str, unknown))}: only 'caipiao'")
        if caipiao:
            raise ValueError("caipiao given twice (keyword and context)")
        caipiao = context.get("caipiao", 0)
    if isinstance(caipiao, bool) or not isinstance(caipiao, int) or not 0 <= caipiao <= 2:
        raise ValueError(f"caipiao must be an int 0-2, not {caipiao!r}")
    return caipiao


def _refuse(reason, **extra):
    return RefResult(False, reason, [], 0, {}, dict(extra))


def _refusal(rule, counts, ms, ctx, o, jk):
    """The rule set's win conditions that do not depend on the reading (None: none fails)."""
    kinds = {i for i, c in enumerate(counts) if c} | set(_meld_reps(ms))
    allowed = set(tile_set(rule, o.get("with_honors", True)))
    if rule == "qingyuan" and any(t < 9 for t in kinds):
        return "qingyuan: 万 tiles are not used"
    if rule == "guangdong_tuidao" and not o.with_honors and any(is_honor(t) for t in kinds):
        return "guangdong_tuidao: honor tiles are not used (with_honors=False)"
    if not kinds <= allowed:
        return f"{rule}: tiles outside the rule set's tile set"
    has_chi = any(k == "chi" for k, _ in ms)
    if has_chi and rule in ("qingyuan", "tianjin"):
        return f"{rule}: chi is not allowed"
    if has_chi and rule == "guangdong_tuidao" and not o.allow_chi:
        return "guangdong_tuidao: chi is not allowed (allow_chi=False)"
    if ctx.robbing_kong and rule in ("qingyuan", "tianjin"):
        return f"{rule}: no win by robbing a kong (wins are on the player's own draw)"
    if not ctx.self_drawn:
        if rule == "qingyuan" or (rule == "tianjin" and o.self_draw_only):
            return f"{rule}: self-drawn wins only"
        if rule == "guangdong_tuidao" and o.self_draw_only and not ctx.robbing_kong:
            return "guangdong_tuidao: self-drawn wins only"
    if rule == "tianjin" and any(k in ("pon", "minkan", "kakan") and t in jk for k, t in ms):
        return "tianjin: a 混 kind cannot be ponged (only an 暗杠 of four 混)"
    if rule == "hangzhou" and not o.caishen_melds and any(k in ("pon", "minkan", "kakan") and t in jk for k, t in ms):
        return "hangzhou: a 财神 cannot be melded (pon / minkan / kakan; caishen_melds=False)"
    if rule == "wenzhou" and any(k in ("pon", "minkan", "kakan") and t in jk for k, t in ms):
        return "wenzhou: a 財神 cannot be melded (pon / minkan / kakan)"
    if rule == "fuzhou" and not o.allow_discard_gold and any(k in ("pon", "minkan", "kakan") and t in jk
                                                             for k, t in ms):
        return "fuzhou: a 金 cannot be melded (pon / minkan / kakan; allow_discard_gold=False)"
    return None


def _check_jokers(rule, jk, o, allowed):
    if rule == "hangzhou" and not jk:
        raise ValueError("hangzhou: which kinds are 财神 is not given: pass caishen=[...] or joker_tiles=[...]")
    if rule == "wenzhou" and not jk:
        raise ValueError("wenzhou: which kinds are 財神 is not given: pass caishen=[...] or joker_tiles=[...]")
    if rule == "fuzhou" and not jk:
        raise ValueError("fuzhou: which kinds are 金 is not given: pass gold=[...] or joker_tiles=[...]")
    if rule in ("guangdong_jipinghu", "qingyuan") and jk:
        raise ValueError(f"{rule}: the rule set has no jokers, joker_kinds must be empty")
    if rule == "guangdong_tuidao":
        if o.gui == "none" and jk:
            raise ValueError("guangdong_tuidao: joker_kinds given but gui='none' (pass gui='baiban' or 'fan')")
        if o.gui == "baiban" and jk != (33,):
            raise ValueError("guangdong_tuidao: gui='baiban' means joker_kinds=(33,) (白)")
        if o.gui == "fan" and len(jk) != 1:
            raise ValueError("guangdong_tuidao: gui='fan' means exactly one joker kind")
    if any(j not in allowed for j in jk):
        raise ValueError(f"{rule}: a joker kind is outside the rule set's tile set")


def all_readings(rule, counts, ms, w, jk, o):
    """Every reading of the hand (concealed counts incl. the winning tile) under the rule set."""
    allowed = set(tile_set(rule, o.get("with_honors", True)))
    jset = set(jk)
    jokers = {p: counts[p] for p in jk}
    real = [0 if i in jset else c for i, c in enumerate(counts)]
    n_sets = N_SETS.get(rule, 4)
    decomps = [("standard", d) for d in _decompositions(real, jokers, jk, allowed, n_sets - len(ms), 1)]
    if rule == "wenzhou":
        if not o.allow_all_pungs:           # a reading without any chow (melds included) does not win
            has_chi = any(k == "chi" for k, _ in ms)
            decomps = [(f, d) for f, d in decomps if has_chi or any(g == "chow" for g, _ in d)]
        if not ms:
            d = _eight_pairs_reading(counts, jset, o.allow_quad)
            if d is not None:
                decomps.append(("eight_pairs", d))
        if sum(jokers.values()) >= 3:
            decomps.append(("three_caishen", (("any", tuple((t, t) for t in range(N_KINDS)
                                                            for _ in range(counts[t]))),)))
    elif rule == "fuzhou":
        pass                                # the standard form only
    elif not ms:
        sp = _decompositions(real, jokers, jk, allowed, 0, 7)
        limit = 2 if o.allow_quad else 1
        for d in sp:
            reps = [slots[0][0] for _, slots in d]
            if all(reps.count(r) <= limit for r in reps):
                decomps.append(("seven_pairs", d))
        if rule == "guangdong_jipinghu":
            decomps += [("thirteen_orphans", d) for d in _orphans_decompositions(real, jokers, jk, allowed)]
    if rule == "guangdong_tuidao" and o.fengyise_any_shape and all(is_honor(t) for t in _meld_reps(ms)):
        d = _any_shape_reading(real, jokers, jk)
        if d is not None:
            decomps.append(("any_shape", d))
    meld_reps = _meld_reps(ms)
    out = []
    for form, groups in decomps:
        if not o.get("allow_fifth_copy", True) and form not in ("any_shape", "three_caishen"):
            reps = [r for _, slots in groups for r, _ in slots] + meld_reps
            if any(reps.count(r) > 4 for r in set(reps)):
                continue
        positions = []
        for gi, (gtype, slots) in enumerate(groups):
            for s in sorted(set(slots)):
                if s[1] == w:
                    positions.append((gi, s))
        seen = set()
        for gi, s in positions:
            key = (groups[gi], s)
            if key in seen:
                continue
            seen.add(key)
            out.append(Reading(form, groups, (gi, s)))
            if rule not in ("tianjin", "hangzhou"):
                break               # no wait-dependent fan: one position is enough
    return out


def score_reading(rule, reading, counts, ms, w, jk, ctx, o, v=None):
    """(fans, total, missing, extra) of one reading."""
    jset = set(jk)
    if v is None:
        v = view(reading, ms, jset)
    if rule == "guangdong_tuidao":
        return _score_tuidao(v, ctx, o, ms)
    if rule == "guangdong_jipinghu":
        pre = None
        if not ms:
            pre = list(counts)
            pre[w] -= 1
        return _score_jipinghu(v, ctx, o, pre)
    if rule == "qingyuan":
        return _score_qingyuan(v, ctx, o)
    if rule == "hangzhou":
        return _score_hangzhou(v, ctx, o, jset)
    if rule == "wenzhou":
        return _score_wenzhou(v, ctx, o, counts, ms, jset)
    if rule == "fuzhou":
        return _score_fuzhou(v, ctx, o)
    return _score_tianjin(v, ctx, o, reading, jset, ms)


def _tie_key(reading, jset):
    jokers = tuple(sorted((p, r) for _, slots in reading.groups for r, p in slots if p in jset))
    return (jokers, reading.form, reading.groups, reading.win)


def score(rule, counts14, melds=(), win_tile=None, *, joker_kinds=(), self_drawn=False,
          after_kong=False, robbing_kong=False, last_tile=False, tianhu=False, dihu=False,
          seat_wind=0, round_wind=0, dealer=False, triple_ron=False, caipiao=0, context=None,
          _allow_five=False, **options) -> RefResult:
    """Score a complete hand (see the module docstring).  ``counts14``: concealed counts with the
    winning tile; ``melds``: [(kind, tile)] (chi: lowest tile); ``joker_kinds``: this hand's
    joker kinds (from :func:`joker_kinds_for`); Hangzhou: ``caipiao`` (or ``context``), Fuzhou:
    ``context={"qiangjin": 1}``, see the module docstring.  Wenzhou: 17 tiles counting 3 per meld
    (``counts14`` is then 17 - 3 * melds concealed tiles)."""
    if rule not in RULES:
        raise ValueError(f"unknown rule set {rule!r} (known: {', '.join(RULES)})")
    if win_tile is None:
        raise ValueError("win_tile is required")
    o = options_for(rule, options)
    if rule == "wenzhou" and (caipiao or context):
        raise ValueError("wenzhou: no context (caipiao is a hangzhou count)")
    qiangjin = 0
    if rule == "fuzhou":
        if caipiao:
            raise ValueError("fuzhou: no caipiao (a hangzhou count); the context key is qiangjin")
        qiangjin = _qiangjin(context)
    else:
        caipiao = _caipiao(caipiao, context)
    ctx = Context(bool(self_drawn), bool(after_kong), bool(robbing_kong), bool(last_tile),
                  bool(tianhu), bool(dihu), seat_wind, round_wind, bool(dealer), bool(triple_ron), caipiao,
                  qiangjin)
    jopt = JOKER_OPTION.get(rule)
    if jopt is not None and o[jopt] is not None:
        if joker_kinds and _caishen_kinds(joker_kinds, rule) != o[jopt]:
            raise ValueError(f"{rule}: joker_kinds and the option {jopt} name different kinds")
        joker_kinds = o[jopt]
    counts, ms, w, jk = _check_inputs(counts14, melds, win_tile, joker_kinds, ctx, _allow_five,
                                      N_SETS.get(rule, 4))
    allowed = set(tile_set(rule, o.get("with_honors", True)))
    _check_jokers(rule, jk, o, allowed)
    if rule == "guangdong_jipinghu":
        if ctx.tianhu and not ctx.dealer:
            raise ValueError("guangdong_jipinghu: tianhu (天和) is the dealer's win")
        if ctx.dihu and ctx.self_drawn:
            raise ValueError("guangdong_jipinghu: dihu (人和) is a win on a discard: self_drawn must be False")
    reason = _refusal(rule, counts, ms, ctx, o, jk)
    if reason:
        return _refuse(reason)
    readings = all_readings(rule, counts, ms, w, jk, o)
    if not readings:
        if rule == "wenzhou" and not o.allow_all_pungs and all_readings(
                rule, counts, ms, w, jk, Options(o, allow_all_pungs=True)):
            return _refuse("wenzhou: all pungs is not a listed shape (allow_all_pungs=False)")
        return _refuse(f"{rule}: not a complete hand")
    jset = set(jk)
    scored, missing = [], {}
    for rd in readings:
        v = view(rd, ms, jset)
        fans, total, miss, extra = score_reading(rule, rd, counts, ms, w, jk, ctx, o, v)
        for label, opt in miss:
            missing[opt] = label
        n_sub = v.n_sub
        scored.append((Fraction(total), -n_sub, rd, fans, extra))
    if missing:
        opts = sorted(missing)
        what = ", ".join(f"{missing[k]} value not given: pass {k}=..." for k in opts)
        return _refuse(f"{rule}: {what}", missing=opts, complete=True)
    best_total, best_sub = max((t, s) for t, s, *_ in scored)
    cands = [x for x in scored if x[0] == best_total and x[1] == best_sub]
    total, neg_sub, rd, fans, extra = min(cands, key=lambda x: _tie_key(x[2], jset))
    extra = dict(extra)
    extra.update(n_substitutes=-neg_sub, n_readings=len(readings), self_drawn=ctx.self_drawn,
                 rule=rule)
    return RefResult(True, "", list(fans), _num(total), describe(rd, ms, jset), extra)


def waits(rule, counts13, melds=(), *, self_drawn=None, count_exhausted=True, refused=None, **kw) -> dict:
    """{tile: best winning RefResult} of a 13 - 3 * melds tile hand (Wenzhou: 16 - 3 * melds).
    ``self_drawn=None`` tries a self-drawn win and, where the rule set allows it, a win on a
    discard, and keeps the higher total (self-drawn on a tie).  A tile whose copies are all held is listed with
    ``extra["exhausted"]=True`` unless ``count_exhausted=False``.  Tiles whose result is refused
    (e.g. a value not given) are not listed: ask score() for the reason; with a dict ``refused``, each tile
    refused for values not given in some situation tried is added to it: {tile: set of the options}."""
    o = options_for(rule, {k: v for k, v in kw.items() if k in DEFAULTS.get(rule, {})})
    if len(counts13) != N_KINDS:
        raise ValueError(f"counts13 must have 34 counts, not {len(counts13)}")
    ms = [(m[0], tile(m[1])) for m in melds]
    n = 3 * N_SETS.get(rule, 4) + 1
    if sum(counts13) + 3 * len(ms) != n:
        raise ValueError(f"{sum(counts13)} concealed tiles and {len(ms)} melds: a waiting hand has "
                         f"{n - 3 * len(ms)} concealed tiles")
    if self_drawn is None:
        modes = [True]
        discard_ok = {"guangdong_tuidao": not o.get("self_draw_only", True),
                      "guangdong_jipinghu": True, "qingyuan": False,
                      "tianjin": not o.get("self_draw_only", True), "hangzhou": True,
                      "wenzhou": True, "fuzhou": True}[rule]
        if discard_ok and rule != "wenzhou":    # Wenzhou: no row or refusal reads the self-draw, so a
            modes.append(False)                 # discard win scores the same (self-drawn kept on a tie)
    else:
        modes = [bool(self_drawn)]
    held = list(counts13)
    for r in _meld_reps(ms):
        held[r] += 1
    out = {}
    for t in tile_set(rule, o.get("with_honors", True)):
        exhausted = held[t] >= 4
        if exhausted and not count_exhausted:
            continue
        c = list(counts13)
        c[t] += 1
        best = None
        for mode in modes:
            ckw = dict(kw)
            if not mode:
                ckw.pop("after_kong", None)
            r = score(rule, c, ms, t, self_drawn=mode, _allow_five=exhausted, **ckw)
            if refused is not None and r.extra.get("missing"):
                refused.setdefault(t, set()).update(r.extra["missing"])
            if r.is_win and (best is None or Fraction(r.total) > Fraction(best.total)):
                best = r
        if best is not None:
            best.extra["exhausted"] = exhausted
            out[t] = best
    return out


# --------------------------------------------------------------------------
# Settlement: 推倒胡 payments (docs/rules.md#guangdong-tuidao)
# --------------------------------------------------------------------------
def tuidao_payment(result: RefResult, payer_is_discarder: bool, payer_is_dealer: bool,
                   winner_is_dealer: bool, options=None) -> dict:
    """One loser's payment for a 推倒胡 win: the winner's side (``result.total``) times the
    payer's own factor (放冲者 ×2 for 小胡, ×1.5 for 大胡) and, for 小胡 only, 庄闲 ×2 (the
    winner is the dealer, or the payer is).  Returns {"raw", "capped"} with the per-payer cap
    ``cap`` (300); the 金顶 rule needs all three payers: see :func:`tuidao_settle`."""
    o = options_for("guangdong_tuidao", dict(options or {}))
    if not result.is_win or result.extra.get("rule") != "guangdong_tuidao":
        raise ValueError("tuidao_payment needs a winning guangdong_tuidao result")
    if payer_is_dealer and winner_is_dealer:
        raise ValueError("the payer and the winner cannot both be the dealer")
    if payer_is_discarder and result.extra["self_drawn"]:
        raise ValueError("a self-drawn win has no discarder")
    big = result.extra["big"]
    amount = Fraction(result.total)
    if payer_is_discarder:
        amount *= Fraction(3, 2) if big else 2
    if not big and (winner_is_dealer or payer_is_dealer):
        amount *= 2
    return {"raw": _num(amount), "capped": _num(min(amount, Fraction(o.cap)))}


def tuidao_settle(result: RefResult, *, winner_is_dealer: bool, payers, chengbao=None,
                  options=None) -> list:
    """The three losers' payments.  ``payers``: three (is_discarder, is_dealer) pairs.
    Cap ``cap`` (300) each; if all three raw amounts exceed it, the cap of each is ``gold_cap``
    (金顶, 400; 500 with 口口翻).  ``chengbao`` (an index 0-2): that payer pays the sum of the
    three capped amounts (承包), the others nothing."""
    o = options_for("guangdong_tuidao", dict(options or {}))
    payers = list(payers)
    if len(payers) != 3:
        raise ValueError("tuidao_settle: three payers")
    raws = [Fraction(tuidao_payment(result, d, dl, winner_is_dealer, options)["raw"]) for d, dl in payers]
    cap = o.gold_cap if all(r > o.cap for r in raws) else o.cap
    amounts = [min(r, Fraction(cap)) for r in raws]
    if chengbao is not None:
        if chengbao not in (0, 1, 2):
            raise ValueError("chengbao must be a payer index 0-2")
        total = sum(amounts)
        amounts = [total if i == chengbao else Fraction(0) for i in range(3)]
    return [_num(a) for a in amounts]


# --------------------------------------------------------------------------
# Settlement: Guangdong house rules (docs/rules.md#guangdong-general, #c29)
# --------------------------------------------------------------------------
SEATS = "ABCD"
# A = the previous hand's winner; ranks 1-9 of every suit A B C D A B C D A; 中 B, 发 C, 白 D;
# 东 A, 南 B, 西 C, 北 D.
_HORSE_HONORS = {31: "B", 32: "C", 33: "D", 27: "A", 28: "B", 29: "C", 30: "D"}


def horse_seat(t) -> str:
    t = tile(t)
    if is_honor(t):
        return _HORSE_HONORS[t]
    return SEATS[(rank(t) - 1) % 4]


def horses_per_seat() -> dict:
    """How many of the 136 tiles name each seat (A 40, B C D 32)."""
    out = dict.fromkeys(SEATS, 0)
    for t in range(N_KINDS):
        out[horse_seat(t)] += 4
    return out


def horse_hits(winner_seat: str, horse_tiles) -> int:
    if winner_seat not in SEATS:
        raise ValueError(f"winner_seat must be one of {SEATS}")
    return sum(1 for t in horse_tiles if horse_seat(t) == winner_seat)


def horse_payment(hits: int, base=20, horse_mode="additive"):
    """What each loser pays for a win with ``hits`` horses: ``additive`` (the worked example:
    base 20 -> 1 horse 40, 2 horses 60, i.e. base × (1 + hits)) or ``fan`` (中一匹马就加一番,
    one 番 = ×2: base × 2 ** hits).  #c29."""
    if hits < 0:
        raise ValueError("hits must be >= 0")
    if horse_mode == "additive":
        return base * (1 + hits)
    if horse_mode == "fan":
        return base * 2 ** hits
    raise ValueError(f"horse_mode must be 'additive' or 'fan', not {horse_mode!r}")


def guangdong_kong_money(kind: str) -> dict:
    """House-rule kong money (元): 暗杠 each of the three pays 20; 明杠 (a 补杠, ``kakan``) each pays
    10 (the konger gets 30); ``robbed``: without horses the konger pays the robber 60.  直杠
    (``minkan``) money is not given."""
    if kind == "ankan":
        return {"each_pays": 20, "total": 60}
    if kind == "kakan":
        return {"each_pays": 10, "total": 30}
    if kind == "robbed":
        return {"konger_pays_robber": 60}
    if kind == "minkan":
        raise ValueError("guangdong_general: the money of a 直杠 (minkan) is not given")
    raise ValueError(f"unknown kong kind {kind!r}")


def jipinghu_points(fan: int) -> int:
    """雞平和 番 -> 分值: 2 ** 番 (番是2倍的意思)."""
    if not isinstance(fan, int) or fan < 0:
        raise ValueError(f"fan must be an int >= 0, not {fan!r}")
    return 2 ** fan


# --------------------------------------------------------------------------
# Settlement: Tianjin (docs/rules.md#tianjin, #c30)
# --------------------------------------------------------------------------
def tianjin_edge_factor(zuozhuang: bool, lazhuang: int) -> int:
    """Factor between the dealer and one non-dealer: ×2 for 坐庄, ×2 per 拉庄 (at most two)."""
    if lazhuang not in (0, 1, 2):
        raise ValueError(f"拉庄 count must be 0, 1 or 2, not {lazhuang!r}")
    return (2 if zuozhuang else 1) * 2 ** lazhuang


def tianjin_chan(zuozhuang: bool, lazhuang_counts: dict, chan_reading: str = "b") -> dict:
    """铲: what the dealer pays each non-dealer.  Reading "b" (default): a 明杠 is 1, doubled for
    坐庄 and per 拉庄; reading "a": a 明杠 is 2, doubled per 拉庄 only.  Both give the source's
    example (坐庄; A 0, B 1, C 2 拉庄 -> 2, 4, 8)."""
    out = {}
    for who, la in lazhuang_counts.items():
        if chan_reading == "b":
            out[who] = tianjin_edge_factor(zuozhuang, la)
        elif chan_reading == "a":
            out[who] = 2 * tianjin_edge_factor(False, la)
        else:
            raise ValueError(f"chan_reading must be 'a' or 'b', not {chan_reading!r}")
    return out
