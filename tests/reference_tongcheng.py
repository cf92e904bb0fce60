"""A plain, slow reference for 通称 (Tongcheng), written from the rules of docs/rules.md#tongcheng and independent of the
engine (no import of ``mjpy.rules`` or ``mjcore``); only tests/reference.py's ``parse`` and
``standard_decompositions`` are reused.

The rules, literally
--------------------
* 136 tiles (kinds 0-33); more than 4 copies of a kind counting the melds is a ValueError.  Melds
  ``(kind, lowest tile)``: chi (t, t+1, t+2), pon (3), minkan / kakan / ankan (4).
* Forms (readings): standard (4 - len(melds) concealed sets + a pair, plus the melds as sets); with no
  melds also seven pairs (a four of a kind as two pairs when ``allow_quad``), thirteen orphans (one each of
  1m9m1p9p1s9s and the 7 honours + one of them again) and 十三不靠 (147 / 258 / 369 in three different
  suits, all nine present once each, plus 5 honour tiles: 4 distinct kinds, one of them twice).
* Unit 番, total = the sum of the fans.  Rows (value; definition):
  天胡 30 tianhu; 地胡 30 dihu; 十三幺 30 thirteen orphans; 全风七对 30 seven pairs all honours;
  全风对对胡 25 standard all pungs all honours; 扣听 25 flag kouting; 大四喜 25 four wind pungs/kongs;
  大三元 20 three dragon pungs; 小四喜 20 three wind pungs + wind pair; 十三不靠 15 the form; 小三元 15 two
  dragon pungs + dragon pair; 清一色 15 one suit no honours; 全带五 15 standard, every set (melds included)
  holds a rank-5 tile and the pair is rank 5; 七对 10 seven pairs; 三姐妹 10 three identical chows (same
  lowest tile); 三箱次 10 three or more concealed pungs (pungs of concealed tiles and ankan melds; a pung
  holding the winning tile counts only when self_drawn); 一条龙 8 chows 123 456 789 of one suit; 混一色 8
  one suit and honours (both present); 不求人 7 self_drawn and no chi / pon / minkan / kakan meld; 对对胡 7
  standard all pungs; 小于五 7 every tile suited of rank <= 4; 大于五 7 every tile suited of rank >= 6;
  喜相逢 5 some rank r with a chow starting at r in each of the three suits, or a pung of r in each of
  the three suits; 全带幺 5 standard, every set and the pair hold a 1, 9 or honour, not all sets pungs;
  五门齐 5 万, 筒, 条, a wind and a dragon all present.
* Rows whose value is an option (None by default): 断幺 ``duanyao`` no 1, 9 or honour; 五将 ``wujiang``
  standard, the pair rank 5; 缺字 ``quezi`` no honour; 门清 ``menqing`` no chi / pon / minkan / kakan meld
  and not self_drawn; 单调 ``dandiao`` the winning tile completes the pair (standard) or a pair (seven
  pairs); 全风 ``quanfeng`` every tile an honour; 全幺九 ``quanyaojiu`` standard, all sets pungs, every set
  and the pair hold a 1, 9 or honour.
* Exclusions (the row on the right does not count when the one on the left holds): 天胡 -> 不求人;
  地胡 -> 门清; 全风七对 -> 不求人, 门清, 单调, 全带幺, 七对, 全风; 全风对对胡 -> 对对胡, 全风; 扣听 -> 门清;
  大四喜 -> 对对胡; 十三不靠 -> 不求人, 门清; 全带五 -> 断幺, 五将, 缺字; 小于五, 大于五 -> 缺字;
  全幺九 -> 全带幺.
* 穷胡 7 when no other row holds (after the exclusions).
* Answer: None (no reading); ``"missing <option>"`` when a reading counts an option row (held and not
  excluded) whose value is None (the alphabetically first option); else ``(total, best)``: the highest total
  and the sorted distinct fan lists (each sorted by name) of the readings reaching it.

Choices where the spec leaves room (each the literal reading)
-------------------------------------------------------------
* Pung / chow rows (大四喜, 大三元, 小四喜, 小三元, 三姐妹, 一条龙, 喜相逢, 三箱次) read the sets of a
  standard reading (concealed sets and melds); seven pairs, thirteen orphans and 十三不靠 have no sets.
* The winning tile sits in one group of a standard reading: every such place is scored (the pair, or a
  concealed set holding the winning tile) and the best counts. "A pung that holds the winning tile" = the
  concealed pung where it sits: without self_drawn it does not count for 三箱次.  An ankan meld always counts
  (the winning tile is concealed, never in a meld).
* 单调 in a standard reading = the winning tile sits in the pair; in a seven-pairs reading it always holds
  (the winning tile is in some pair); never in the other forms.
* 全风对对胡 is all honour pungs: it excludes 全幺九 as it excludes 全风 and 对对胡 (the rows it is made of).
* 三姐妹 = some lowest tile with three or more chows; 喜相逢 pungs include kongs.
* Hand-level rows (清一色, 混一色, 小于五, 大于五, 五门齐, 断幺, 缺字, 全风, 门清, 不求人, 天胡 ...) hold in every
  form, thirteen orphans and 十三不靠 included.
* The size is checked: concealed tiles + 3 per meld must be 14, else ValueError; ``win_tile`` must be one
  of the concealed tiles (ValueError); unknown flag names are a ValueError.

Example::

    >>> ref_tongcheng_score("111z222z333z44z555z", win_tile=31, flags={"self_drawn": True}, quanyaojiu=3)
    (62, [[('三箱次', 10), ('不求人', 7), ('全风对对胡', 25), ('小四喜', 20)]])
"""
from __future__ import annotations

import itertools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_input import (FLAG_NAMES, answer, as_meld as _as_meld, complete, finish as _finish, n_melds as _n_melds,
                             random_set as _random_set, read_input, seven_pairs as _seven_pairs,
                             standard_readings)  # noqa: E402

__all__ = ["ref_tongcheng_score", "random_hand", "TILES", "ROWS", "OPTION_ROWS", "EXCLUDES", "FLAG_NAMES",
           "KNITTED_STRAIGHTS", "ORPHANS"]

TILES = tuple(range(34))
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONOURS = WINDS + DRAGONS
ORPHANS = (0, 8, 9, 17, 18, 26) + HONOURS
OPEN_MELDS = ("chi", "pon", "minkan", "kakan")

ROWS = {"天胡": 30, "地胡": 30, "十三幺": 30, "全风七对": 30, "全风对对胡": 25, "扣听": 25, "大四喜": 25,
        "大三元": 20, "小四喜": 20, "十三不靠": 15, "小三元": 15, "清一色": 15, "全带五": 15, "七对": 10,
        "三姐妹": 10, "三箱次": 10, "一条龙": 8, "混一色": 8, "不求人": 7, "对对胡": 7, "小于五": 7,
        "大于五": 7, "喜相逢": 5, "全带幺": 5, "五门齐": 5}
OPTION_ROWS = {"断幺": "duanyao", "五将": "wujiang", "缺字": "quezi", "门清": "menqing", "单调": "dandiao",
               "全风": "quanfeng", "全幺九": "quanyaojiu"}
EXCLUDES = {"天胡": ("不求人",), "地胡": ("门清",),
            "全风七对": ("不求人", "门清", "单调", "全带幺", "七对", "全风"),
            "全风对对胡": ("对对胡", "全风", "全幺九"), "扣听": ("门清",), "大四喜": ("对对胡",),
            "十三不靠": ("不求人", "门清"), "全带五": ("断幺", "五将", "缺字"),
            "小于五": ("缺字",), "大于五": ("缺字",), "全幺九": ("全带幺",)}
QIONGHU = ("穷胡", 7)


def _knitted_straights():
    """The 6 knitted straights (9 tiles each): ranks 147 / 258 / 369 spread over the three suits."""
    out = []
    for perm in itertools.permutations(range(3)):
        tiles = []
        for suit, cls in enumerate(perm):
            tiles += [9 * suit + cls, 9 * suit + cls + 3, 9 * suit + cls + 6]
        out.append(tuple(sorted(tiles)))
    return tuple(out)


KNITTED_STRAIGHTS = _knitted_straights()


def _rank(t):
    return t % 9 + 1


def _terminal_or_honour(t):
    return t >= 27 or _rank(t) in (1, 9)


# ------------------------------------------------------------------------------------------------
# Input
# ------------------------------------------------------------------------------------------------
# ------------------------------------------------------------------------------------------------
# Readings
# ------------------------------------------------------------------------------------------------
def _thirteen_orphans(c):
    if sum(c) != 14 or any(c[t] for t in range(34) if t not in ORPHANS):
        return False
    return all(c[t] in (1, 2) for t in ORPHANS)


def _shisan_bukao(c):
    """十三不靠: one knitted straight (each of its 9 tiles once, no other suited tile) + 5 honour tiles of
    4 distinct kinds (one twice)."""
    suited = [t for t in range(27) for _ in range(c[t])]
    honours = [c[t] for t in HONOURS if c[t]]
    return tuple(suited) in KNITTED_STRAIGHTS and sorted(honours) == [1, 1, 1, 2]


def _read_input(hand, melds, win_tile, flags):
    return read_input(hand, melds, win_tile, flags, TILES, "a tile")


def _complete(rng, sets, pair, n_melds):
    return complete(rng, sets, pair, n_melds, shuffle=True)


def _readings(c, melds, allow_quad):
    """Readings ``(form, sets, pair)``: a set is ``(shape, tile, source)``, shape chow / pung, source
    "hand" (concealed) or the meld kind; the special forms have sets [] and pair None."""
    out = standard_readings(c, melds)
    if not melds:
        if _seven_pairs(c, allow_quad):
            out.append(("seven_pairs", [], None))
        if _thirteen_orphans(c):
            out.append(("thirteen_orphans", [], None))
        if _shisan_bukao(c):
            out.append(("shisan_bukao", [], None))
    return out


# ------------------------------------------------------------------------------------------------
# Scoring
# ------------------------------------------------------------------------------------------------
def _set_tiles(shape, t):
    return [t, t + 1, t + 2] if shape == "chow" else [t]


def _placements(reading, w):
    """Where the winning tile ``w`` may sit in a reading: ``"pair"``, the index of a concealed set holding
    it, or None (the forms without sets: seven pairs, 十三幺, 十三不靠)."""
    form, sets, pair = reading
    if form != "standard":
        return [None]
    out = ["pair"] if pair == w else []
    out += [i for i, (shape, t, source) in enumerate(sets) if source == "hand" and w in _set_tiles(shape, t)]
    return out


def _rows_of_reading(reading, tiles, melds, w, f, place=None):
    """The set of row names (value rows and option rows) that hold for one reading with the winning
    tile at ``place`` (:func:`_placements`), before exclusions."""
    form, sets, pair = reading
    std = form == "standard"
    pungs = [t for shape, t, _ in sets if shape == "pung"]
    chows = [t for shape, t, _ in sets if shape == "chow"]
    all_pungs = std and not chows
    all_honours = all(t >= 27 for t in tiles)
    no_honour = all(t < 27 for t in tiles)
    suits = {t // 9 for t in tiles if t < 27}
    open_melds = any(kind in OPEN_MELDS for kind, _ in melds)
    wind_pungs = sum(1 for t in pungs if t in WINDS)
    dragon_pungs = sum(1 for t in pungs if t in DRAGONS)
    concealed_pungs = 0
    for i, (shape, t, source) in enumerate(sets):
        if shape == "pung" and source == "hand" and (i != place or f["self_drawn"]):
            concealed_pungs += 1
        if source == "ankan":
            concealed_pungs += 1
    sets_hold = lambda test: all(any(test(x) for x in _set_tiles(shape, t)) for shape, t, _ in sets)  # noqa: E731

    rows = set()
    if f["tianhu"]:
        rows.add("天胡")
    if f["dihu"]:
        rows.add("地胡")
    if form == "thirteen_orphans":
        rows.add("十三幺")
    if form == "seven_pairs" and all_honours:
        rows.add("全风七对")
    if all_pungs and all_honours:
        rows.add("全风对对胡")
    if f["kouting"]:
        rows.add("扣听")
    if wind_pungs == 4:
        rows.add("大四喜")
    if dragon_pungs == 3:
        rows.add("大三元")
    if std and wind_pungs == 3 and pair in WINDS:
        rows.add("小四喜")
    if form == "shisan_bukao":
        rows.add("十三不靠")
    if std and dragon_pungs == 2 and pair in DRAGONS:
        rows.add("小三元")
    if no_honour and len(suits) == 1:
        rows.add("清一色")
    if std and sets_hold(lambda x: x < 27 and _rank(x) == 5) and pair < 27 and _rank(pair) == 5:
        rows.add("全带五")
    if form == "seven_pairs":
        rows.add("七对")
    if any(chows.count(t) >= 3 for t in chows):
        rows.add("三姐妹")
    if concealed_pungs >= 3:
        rows.add("三箱次")
    if any(all(9 * s + r in chows for r in (0, 3, 6)) for s in range(3)):
        rows.add("一条龙")
    if len(suits) == 1 and not no_honour:
        rows.add("混一色")
    if f["self_drawn"] and not open_melds:
        rows.add("不求人")
    if all_pungs:
        rows.add("对对胡")
    if all(t < 27 and _rank(t) <= 4 for t in tiles):
        rows.add("小于五")
    if all(t < 27 and _rank(t) >= 6 for t in tiles):
        rows.add("大于五")
    for r in range(9):
        if all(9 * s + r in chows for s in range(3)) or all(9 * s + r in pungs for s in range(3)):
            rows.add("喜相逢")
    if std and sets_hold(_terminal_or_honour) and _terminal_or_honour(pair) and not all_pungs:
        rows.add("全带幺")
    if suits == {0, 1, 2} and any(t in WINDS for t in tiles) and any(t in DRAGONS for t in tiles):
        rows.add("五门齐")
    # option rows
    if not any(_terminal_or_honour(t) for t in tiles):
        rows.add("断幺")
    if std and pair < 27 and _rank(pair) == 5:
        rows.add("五将")
    if no_honour:
        rows.add("缺字")
    if not open_melds and not f["self_drawn"]:
        rows.add("门清")
    if (std and place == "pair") or form == "seven_pairs":
        rows.add("单调")
    if all_honours:
        rows.add("全风")
    if all_pungs and sets_hold(_terminal_or_honour) and _terminal_or_honour(pair):
        rows.add("全幺九")
    return rows


def ref_tongcheng_score(hand, melds=(), win_tile=None, flags=None, *, duanyao=None, wujiang=None,
                        quezi=None, menqing=None, dandiao=None, quanfeng=None, quanyaojiu=None,
                        allow_quad=True):
    """None, ``"missing <option>"`` or ``(total, best)`` for a 通称 win.

    >>> ref_tongcheng_score("123m123m123m789p55s", win_tile=0, flags={"self_drawn": True},
    ...                     wujiang=2, quezi=1)      # 三姐妹 (123m x3) or 三箱次 (111 222 333m): both 20
    (20, [[('三姐妹', 10), ('不求人', 7), ('五将', 2), ('缺字', 1)], [('三箱次', 10), ('不求人', 7), ('五将', 2), ('缺字', 1)]])
    """
    c, melds, all_counts, f = _read_input(hand, melds, win_tile, flags)
    values = {"duanyao": duanyao, "wujiang": wujiang, "quezi": quezi, "menqing": menqing,
              "dandiao": dandiao, "quanfeng": quanfeng, "quanyaojiu": quanyaojiu}
    for name, value in values.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise TypeError(f"{name} must be a number or None, got {value!r}")
    readings = _readings(c, melds, allow_quad)
    if not readings:
        return None
    tiles = [t for t in range(34) for _ in range(all_counts[t])]

    results = []
    missing = set()
    for reading, place in [(r, p) for r in readings for p in _placements(r, win_tile)]:
        rows = _rows_of_reading(reading, tiles, melds, win_tile, f, place)
        excluded = set()
        for name in rows:
            excluded.update(EXCLUDES.get(name, ()))
        rows -= excluded
        needs = sorted(OPTION_ROWS[name] for name in rows if name in OPTION_ROWS
                       and values[OPTION_ROWS[name]] is None)
        if needs:
            missing.update(needs)
            continue
        fans = []
        for name in rows:
            value = ROWS[name] if name in ROWS else values[OPTION_ROWS[name]]
            fans.append((name, value))
        if not fans:
            fans = [QIONGHU]
        results.append((sum(value for _, value in fans), sorted(fans)))

    return answer(results, missing)


# ------------------------------------------------------------------------------------------------
# A random hand for sweeps
# ------------------------------------------------------------------------------------------------
def _swap_one(rng, c):
    """Replace one concealed tile by a random tile (a near miss)."""
    c = list(c)
    concealed = [t for t in range(34) for _ in range(c[t])]
    c[rng.choice(concealed)] -= 1
    c[rng.choice(TILES)] += 1
    return c


def random_hand(rng):
    """A random 通称 case ``(counts, melds, win_tile)`` for a sweep; ``rng`` is a ``random.Random``.

    Mostly complete hands (wind / dragon pungs, all honours, thirteen orphans, 十三不靠 and its near
    misses, identical chows, three-suit chows and pungs, 一条龙, all below / above 5, sets holding a 5,
    terminal sets, seven pairs with fours, one suit with or without honours), some near misses and junk.
    """
    low = [t for t in range(27) if _rank(t) <= 4]
    high = [t for t in range(27) if _rank(t) >= 6]
    fives = [t for t in range(27) if _rank(t) == 5]
    while True:
        kind = rng.choice(["free", "honour_pungs", "honour_pungs", "all_honours", "orphans", "knitted",
                           "knitted", "sisters", "three_suits", "dragon_line", "below5", "above5",
                           "with5", "terminals", "seven_pairs", "seven_pairs", "one_suit", "near_miss",
                           "near_miss", "junk"])
        n_melds = _n_melds(rng)
        sets = [_random_set(rng, TILES) for _ in range(4)]
        pair = rng.choice(TILES)
        melds = []
        c = None
        if kind == "honour_pungs":
            group = list(WINDS) if rng.random() < 0.5 else list(DRAGONS)
            rng.shuffle(group)
            for i in range(rng.choice([2, 3, 3, len(group)])):
                sets[i] = ("pung", group[i])
            if rng.random() < 0.6:
                pair = rng.choice(group)
        elif kind == "all_honours":
            if rng.random() < 0.4:
                c = [0] * 34
                for _ in range(7):
                    c[rng.choice(HONOURS)] += 2
            else:
                sets = [("pung", rng.choice(HONOURS)) for _ in range(4)]
                pair = rng.choice(HONOURS)
        elif kind == "orphans":
            c = [0] * 34
            for t in ORPHANS:
                c[t] = 1
            c[rng.choice(ORPHANS)] += 1
            if rng.random() < 0.3:
                c = _swap_one(rng, c)
        elif kind == "knitted":
            c = [0] * 34
            for t in rng.choice(KNITTED_STRAIGHTS):
                c[t] += 1
            honours = rng.sample(HONOURS, 4)
            for t in honours + [rng.choice(honours)]:
                c[t] += 1
            if rng.random() < 0.3:            # a near miss: 5 distinct honours, or a suited tile swapped
                if rng.random() < 0.5:
                    c[rng.choice(honours)] -= 1
                    c[rng.choice([t for t in HONOURS if t not in honours])] += 1
                c = _swap_one(rng, c) if rng.random() < 0.5 else c
        elif kind == "sisters":
            t = rng.choice([x for x in range(27) if x % 9 <= 6])
            sets[:3] = [("chow", t)] * 3
        elif kind == "three_suits":
            r = rng.randrange(7)
            shape = "chow" if rng.random() < 0.6 else "pung"
            sets[:3] = [(shape, r), (shape, 9 + r), (shape, 18 + r)]
        elif kind == "dragon_line":
            s = 9 * rng.randrange(3)
            sets[:3] = [("chow", s), ("chow", s + 3), ("chow", s + 6)]
        elif kind in ("below5", "above5"):
            kinds = low if kind == "below5" else high
            sets = [_random_set(rng, kinds) for _ in range(4)]
            pair = rng.choice(kinds)
        elif kind == "with5":
            for i in range(4):
                five = rng.choice(fives)
                sets[i] = rng.choice([("pung", five), ("chow", five - 2), ("chow", five - 1), ("chow", five)])
            pair = rng.choice(fives) if rng.random() < 0.8 else rng.choice(TILES)
        elif kind == "terminals":
            ends = [0, 8, 9, 17, 18, 26]
            for i in range(4):
                t = rng.choice(ends + list(HONOURS))
                if t < 27 and rng.random() < 0.5:
                    sets[i] = ("chow", t if _rank(t) == 1 else t - 2)
                else:
                    sets[i] = ("pung", t)
            pair = rng.choice(ORPHANS)
        elif kind == "seven_pairs":
            kinds = list(TILES)
            if rng.random() < 0.3:
                s = rng.randrange(3)
                kinds = list(range(9 * s, 9 * s + 9)) + (list(HONOURS) if rng.random() < 0.5 else [])
            c = [0] * 34
            for _ in range(7):
                c[rng.choice(kinds)] += 2          # a kind drawn twice is a four
        elif kind == "one_suit":
            s = rng.randrange(3)
            kinds = list(range(9 * s, 9 * s + 9)) + (list(HONOURS) if rng.random() < 0.5 else [])
            sets = [_random_set(rng, kinds) for _ in range(4)]
            pair = rng.choice(kinds)
        elif kind == "junk":
            melds = [_as_meld(rng, *_random_set(rng, TILES)) for _ in range(n_melds)]
            c = [0] * 34
            for _ in range(14 - 3 * n_melds):
                c[rng.choice(TILES)] += 1
        if c is None:
            c, melds = _complete(rng, sets, pair, n_melds)
            if kind == "near_miss":
                c = _swap_one(rng, c)
        out = _finish(rng, c, melds)
        if out is not None:
            return out
