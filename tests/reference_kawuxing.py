"""A plain, slow reference for 卡五星 (Kawuxing), written from the rules of docs/rules.md#kawuxing and independent of the
engine (no import of ``mjpy.rules`` or ``mjcore``); only tests/reference.py's ``parse`` and
``standard_decompositions`` are reused.

The rules, literally
--------------------
* 84 tiles: kinds 9-26 (筒, 条) and 31-33 (中发白).  Any other kind, or more than 4 copies of a kind counting
  the melds, is a ValueError.  Melds ``(kind, lowest tile)``: chi (t, t+1, t+2), pon (3), minkan / kakan /
  ankan (4).  A chi meld while ``chi=False`` is no win (None).
* A reading = a standard decomposition of the concealed tiles into 4 - len(melds) sets + a pair, or (no
  melds only) seven pairs (a four of a kind as two pairs when ``allow_quad``), plus the melds as sets.
* Factors, each holding per reading (value):
  碰碰胡 (2: standard reading, every set a pung/kong, melds included); 明四归一 (2: the winning tile's kind
  is a pon meld of the hand); 暗四归一 (4: the concealed tiles, winning tile included, hold 4 of the
  winning tile's kind; not with 龙七对 / 双龙七对); 七对 (4: seven-pairs reading with no four of a kind);
  龙七对 (8: seven pairs with exactly one four); 双龙七对 (16: seven pairs with two or more fours); 大三元
  (8: pungs/kongs of 中, 发 and 白, melds included); 小三元 (4: exactly two dragon pungs/kongs and the pair
  a dragon); 杠上开花 (2: after_kong and self_drawn); 杠上炮 (2: kong_discard); 抢杠胡 (``qiangganghu``:
  robbing_kong); 清一色 (4: every tile of one suit, no dragon); 手抓一 (4: four melds of any kind);
  海底捞月 (2: last_tile and self_drawn); 卡五星 (2: the winning tile is 5筒 or 5条 and in the reading it
  is the middle tile of a chow 4-5-6 of its suit made from the concealed tiles).
* 亮倒 (2: flag liangdao) comes after: total = (product of the factors, 1 if none) x 2 if liangdao
  (``stack="multiply"``), or (sum of the factors, 1 if none) x 2 if liangdao (``stack="add"``).
* Fans = every factor that holds ``(name, value)``, 亮倒 included, sorted by name.
* No win (None): no reading; a chi meld with ``chi=False``; liangdao and not self_drawn while
  ``liangdao_self_draw_only``.
* Answer: None, ``"missing qiangganghu"`` when a reading counts 抢杠胡 with ``qiangganghu=None``, else
  ``(total, best)``: the highest total and the sorted distinct fan lists of the readings reaching it.

Choices where the spec leaves room (each the literal reading)
-------------------------------------------------------------
* 大三元 / 小三元 count pung or kong *sets of the reading* (concealed pungs and pon/kong melds); a seven-
  pairs reading has no sets, so a four of 中 read as two pairs is no 中 pung.
* 明四归一 looks at pon melds only (not kongs), as written.
* 暗四归一 is excluded whenever the reading is 龙七对 or 双龙七对, whichever kind is the four.
* A hand with no factor has fans [] (or [亮倒]) and total 1 (or 2).
* The size is checked: concealed tiles + 3 per meld must be 14, else ValueError; ``win_tile`` must be one
  of the concealed tiles (ValueError); unknown flag names are a ValueError.  Bad input is checked before
  the chi refusal (a chi meld of a bad tile is a ValueError, not None).

Example::

    >>> ref_kawuxing_score("123p456p789p456s55z", win_tile=22)      # won on the 5s of 456s
    (2, [[('卡五星', 2)]])
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_input import (FLAG_NAMES, answer, as_meld as _as_meld, complete, finish as _finish, n_melds as _n_melds,
                             random_set as _random_set, read_input, seven_pairs as _seven_pairs,
                             standard_readings)  # noqa: E402

__all__ = ["ref_kawuxing_score", "random_hand", "TILES", "DRAGONS", "FLAG_NAMES"]

TILES = tuple(range(9, 27)) + (31, 32, 33)
DRAGONS = (31, 32, 33)
FIVES = (13, 22)                     # 5筒, 5条


# ------------------------------------------------------------------------------------------------
# Input
# ------------------------------------------------------------------------------------------------
# ------------------------------------------------------------------------------------------------
# Readings
# ------------------------------------------------------------------------------------------------
def _read_input(hand, melds, win_tile, flags):
    return read_input(hand, melds, win_tile, flags, TILES, 'a 卡五星 tile (筒, 条, 中发白 only)')


def _complete(rng, sets, pair, n_melds):
    return complete(rng, sets, pair, n_melds, shuffle=False)


def _readings(c, melds, allow_quad):
    """Readings ``(form, sets, pair)``: a set is ``(shape, tile, source)``, shape chow / pung, source
    "hand" (concealed) or the meld kind; seven pairs has sets [] and pair None."""
    out = standard_readings(c, melds)
    if not melds and _seven_pairs(c, allow_quad):
        out.append(("seven_pairs", [], None))
    return out


# ------------------------------------------------------------------------------------------------
# Scoring
# ------------------------------------------------------------------------------------------------
def ref_kawuxing_score(hand, melds=(), win_tile=None, flags=None, *, stack="multiply", qiangganghu=None,
                       chi=False, liangdao_self_draw_only=False, allow_quad=True):
    """None, ``"missing qiangganghu"`` or ``(total, best)`` for a 卡五星 win.

    >>> ref_kawuxing_score("555666777p555z66z", win_tile=31, flags={"liangdao": True})   # 碰碰胡 x 亮倒
    (4, [[('亮倒', 2), ('碰碰胡', 2)]])
    """
    c, melds, all_counts, f = _read_input(hand, melds, win_tile, flags)
    if stack not in ("multiply", "add"):
        raise ValueError(f"stack must be 'multiply' or 'add', got {stack!r}")
    if qiangganghu is not None and (isinstance(qiangganghu, bool) or not isinstance(qiangganghu, (int, float))):
        raise TypeError(f"qiangganghu must be a number or None, got {qiangganghu!r}")
    if not chi and any(kind == "chi" for kind, _ in melds):
        return None
    if f["liangdao"] and not f["self_drawn"] and liangdao_self_draw_only:
        return None
    readings = _readings(c, melds, allow_quad)
    if not readings:
        return None

    w = win_tile
    tiles = [t for t in range(34) for _ in range(all_counts[t])]
    one_suit = all(t < 27 for t in tiles) and len({t // 9 for t in tiles}) == 1

    results = []
    missing = set()
    for form, sets, pair in readings:
        fours = sum(1 for x in c if x == 4) if form == "seven_pairs" else 0
        dragon_pungs = sum(1 for shape, t, _ in sets if shape == "pung" and t in DRAGONS)
        factors = []
        if form == "standard" and all(shape == "pung" for shape, _, _ in sets):
            factors.append(("碰碰胡", 2))
        if ("pon", w) in melds:
            factors.append(("明四归一", 2))
        if c[w] == 4 and not (form == "seven_pairs" and fours >= 1):
            factors.append(("暗四归一", 4))
        if form == "seven_pairs" and fours == 0:
            factors.append(("七对", 4))
        if form == "seven_pairs" and fours == 1:
            factors.append(("龙七对", 8))
        if form == "seven_pairs" and fours >= 2:
            factors.append(("双龙七对", 16))
        if all(any(shape == "pung" and t == d for shape, t, _ in sets) for d in DRAGONS):
            factors.append(("大三元", 8))
        if dragon_pungs == 2 and form == "standard" and pair in DRAGONS:
            factors.append(("小三元", 4))
        if f["after_kong"] and f["self_drawn"]:
            factors.append(("杠上开花", 2))
        if f["kong_discard"]:
            factors.append(("杠上炮", 2))
        if f["robbing_kong"]:
            factors.append(("抢杠胡", qiangganghu))
        if one_suit:
            factors.append(("清一色", 4))
        if len(melds) == 4:
            factors.append(("手抓一", 4))
        if f["last_tile"] and f["self_drawn"]:
            factors.append(("海底捞月", 2))
        if w in FIVES and ("chow", w - 1, "hand") in sets:
            factors.append(("卡五星", 2))

        if any(value is None for _, value in factors):
            missing.add("qiangganghu")
            continue
        if stack == "multiply":
            total = 1
            for _, value in factors:
                total *= value
        else:
            total = sum(value for _, value in factors) if factors else 1
        fans = list(factors)
        if f["liangdao"]:
            total *= 2
            fans.append(("亮倒", 2))
        results.append((total, sorted(fans)))

    return answer(results, missing)


# ------------------------------------------------------------------------------------------------
# A random hand for sweeps
# ------------------------------------------------------------------------------------------------
SUITED = tuple(range(9, 27))


def random_hand(rng):
    """A random 卡五星 case ``(counts, melds, win_tile)`` for a sweep; ``rng`` is a ``random.Random``.

    Mostly complete hands (dragon pungs, all pungs, seven pairs with fours, a 4-5-6 chow won on the 5, a
    pon of the winning kind, four melds, four concealed copies of the winning kind, one suit), some near
    misses (one concealed tile swapped) and junk.
    """
    while True:
        kind = rng.choice(["free", "dragons", "dragons", "pungs", "seven_pairs", "seven_pairs", "kawu",
                           "kawu", "ming4", "four_melds", "an4", "one_suit", "near_miss", "near_miss", "junk"])
        n_melds = _n_melds(rng)
        kinds = list(TILES)
        win = None
        if kind == "one_suit":
            s = rng.randrange(1, 3)
            kinds = list(range(9 * s, 9 * s + 9))
        if kind == "seven_pairs":
            if rng.random() < 0.3:
                kinds = list(DRAGONS) + list(range(9, 18))
            c = [0] * 34
            for _ in range(7):
                c[rng.choice(kinds)] += 2             # a kind drawn twice is a four
            melds = []
        elif kind == "junk":
            melds = [_as_meld(rng, *_random_set(rng, kinds)) for _ in range(n_melds)]
            c = [0] * 34
            for _ in range(14 - 3 * n_melds):
                c[rng.choice(kinds)] += 1
        else:
            sets = [_random_set(rng, kinds) for _ in range(4)]
            pair = rng.choice(kinds)
            if kind == "dragons":
                for i in range(rng.choice([2, 2, 3])):
                    sets[i] = ("pung", DRAGONS[i])
                rng.shuffle(sets)
                if rng.random() < 0.5:
                    pair = rng.choice(DRAGONS)
            if kind == "pungs":
                sets = [("pung", t) for _, t in sets]
            if kind == "kawu":                        # 4-5-6 concealed, won on the 5 (sometimes a pung of 5)
                five = rng.choice(FIVES)
                sets[0] = ("chow", five - 1)
                if rng.random() < 0.3:
                    sets[1] = ("pung", five)
                n_melds = min(n_melds, 3)
                win = five
            if kind == "ming4":                       # a pon of w, w concealed in a chow
                w = rng.choice(SUITED)
                low = rng.choice([x for x in (w - 2, w - 1, w) if x // 9 == w // 9 and x % 9 <= 6])
                sets[0] = ("chow", low)
                sets[3] = ("pung", w)
                n_melds = max(1, min(n_melds, 3))
                c, melds = _complete(rng, sets, pair, n_melds)
                melds[-1] = ("pon", w)
                win = w
            if kind == "an4":                         # a concealed pung of w and one more w
                w = rng.choice(SUITED)
                low = rng.choice([x for x in (w - 2, w - 1, w) if x // 9 == w // 9 and x % 9 <= 6])
                sets[0] = ("pung", w)
                sets[1] = ("chow", low)
                n_melds = min(n_melds, 2)
                win = w
            if kind == "four_melds":
                n_melds = 4
            if kind != "ming4":
                c, melds = _complete(rng, sets, pair, n_melds)
            if kind == "near_miss":
                concealed = [t for t in range(34) for _ in range(c[t])]
                c[rng.choice(concealed)] -= 1
                c[rng.choice(TILES)] += 1
        out = _finish(rng, c, melds, win)
        if out is not None:
            return out
