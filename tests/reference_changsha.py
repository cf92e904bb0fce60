"""A plain, slow reference for Changsha 长沙麻将, written from the rules of docs/rules.md#changsha and independent of the
engine (no import of ``mjpy.rules`` or ``mjcore``); only tests/reference.py's ``parse`` and
``standard_decompositions`` are reused.

The rules, literally
--------------------
* Tiles 0-26 only (no honours): an honour anywhere, or more than 4 copies of a kind counting the melds,
  is a ValueError.  Melds ``(kind, lowest tile)``: chi (t, t+1, t+2), pon (3), minkan / kakan / ankan (4).
* A reading = a standard decomposition of the concealed tiles into 4 - len(melds) sets + a pair, or (no
  melds only) seven pairs (a four of a kind as two pairs when ``allow_quad``), plus the melds as sets
  (pon / kongs are pungs, chi are chows).
* 平和 (小和): a standard reading whose pair has rank 2, 5 or 8.
* Shape 大和: 七巧對 (a seven-pairs reading); 碰碰和 (a standard reading, every set incl. melds a pung or
  kong, any pair); 將將和 (every tile, concealed and melds, has rank 2, 5 or 8; with
  ``jiangjiang_requires_shape=False`` whatever the shape, so the hand wins even with no reading; with True
  it needs a standard or seven-pairs reading); 清一色 (every tile of one suit, with a standard or
  seven-pairs reading, any pair).
* Situational 大和, holding only when the hand is a win by the rules above: 槓上花 (after_kong and
  self_drawn), 天和 (tianhu), 地和 (dihu), 搶槓和 (robbing_kong), 海底撈月 (last_tile and self_drawn),
  海底炮和 (last_tile and not self_drawn).
* Win: some reading is 平和 or some shape 大和 holds.
* Value of a reading: if any 大和 holds (the shape ones of that reading, 將將和 / 清一色, the situational
  ones) each is a fan ``(name, dahu)`` and the total is their sum (``dahu_stack="sum"``) or ``dahu``
  (``"max"``: the fans are the first 大和 in the order 七巧對, 碰碰和, 將將和, 清一色, 槓上花, 天和, 地和,
  搶槓和, 海底撈月, 海底炮和); otherwise ``[("平和", xiaohu)]``, total ``xiaohu``.
* Answer: None (no win); ``"missing dahu"`` / ``"missing xiaohu"`` when a scored reading needs a value that
  is None (the alphabetically first); else ``(total, best)``: the highest total and the sorted list of the
  distinct fan lists (each sorted by name) of the readings reaching it.
* ``qishou_xiaohu(hand)`` (13 or 14 tiles): the names found, in the order 四喜 (a kind held 4 times),
  板板和 (no tile of rank 2, 5 or 8), 缺一色 (a suit absent).
* ``zhaniao(bird_tile, dealer_seat)``: seats 0-3 counter-clockwise; a bird of rank r points at seat
  (dealer_seat + r - 1) % 4 (1 庄家, 2 下家, 3 对家, 4 上家, 5 庄家 again ...).

Choices where the spec leaves room (each the literal reading)
-------------------------------------------------------------
* A reading that is not 平和 and for which no 大和 holds (a standard reading with a pair of rank 1, 3, 4,
  6, 7 or 9, not all pungs, in a hand that wins through another reading) is not scored at all: the
  "otherwise 平和" clause is read as applying to 平和 readings only.  So it neither adds a fan list nor
  asks for ``xiaohu``.
* With ``jiangjiang_requires_shape=False`` and no reading at all, the hand is scored as one shapeless
  reading holding 將將和 (and the situational 大和).  When readings exist, no shapeless one is added.
* 缺一色 is "at least one suit absent" (a one-suit hand has it too).
* The size is checked: concealed tiles + 3 per meld must be 14 (a kong counts as 3), else ValueError;
  ``win_tile`` must be one of the concealed tiles (ValueError); unknown flag names are a ValueError.

Example::

    >>> ref_changsha_score("123m456m789m123p55s", win_tile=0, xiaohu=1, dahu=6)
    (1, [[('平和', 1)]])
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_input import (FLAG_NAMES, answer, as_meld as _as_meld, complete, counts as _counts, finish as _finish,
                             n_melds as _n_melds, random_set as _random_set, read_input,
                             seven_pairs as _seven_pairs, standard_readings)  # noqa: E402

__all__ = ["ref_changsha_score", "qishou_xiaohu", "zhaniao", "random_hand", "TILES", "DAHU_ORDER", "FLAG_NAMES"]

TILES = tuple(range(27))
DAHU_ORDER = ("七巧對", "碰碰和", "將將和", "清一色", "槓上花", "天和", "地和", "搶槓和", "海底撈月", "海底炮和")


def _rank(t):
    return t % 9 + 1


# ------------------------------------------------------------------------------------------------
# Input
# ------------------------------------------------------------------------------------------------
# ------------------------------------------------------------------------------------------------
# Readings
# ------------------------------------------------------------------------------------------------
def _read_input(hand, melds, win_tile, flags):
    return read_input(hand, melds, win_tile, flags, TILES, 'a Changsha tile (no honours)')


def _complete(rng, sets, pair, n_melds):
    return complete(rng, sets, pair, n_melds, shuffle=True)


def _readings(c, melds, allow_quad):
    """[("standard", [(shape, tile), ...], pair)] + [("seven_pairs", None, None)]; shape chow / pung."""
    out = [(form, [(shape, t) for shape, t, _ in sets], pair) for form, sets, pair in standard_readings(c, melds)]
    if not melds and _seven_pairs(c, allow_quad):
        out.append(("seven_pairs", None, None))
    return out


# ------------------------------------------------------------------------------------------------
# Scoring
# ------------------------------------------------------------------------------------------------
def _check_number(name, value):
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise TypeError(f"{name} must be a number or None, got {value!r}")


def ref_changsha_score(hand, melds=(), win_tile=None, flags=None, *, xiaohu=None, dahu=None,
                       dahu_stack="sum", jiangjiang_requires_shape=False, allow_quad=True):
    """None, ``"missing <option>"`` or ``(total, best)`` for a Changsha win.

    >>> ref_changsha_score("222555888m222p55s", win_tile=4, xiaohu=1, dahu=6)   # 碰碰和 + 將將和
    (12, [[('將將和', 6), ('碰碰和', 6)]])
    """
    c, melds, all_counts, f = _read_input(hand, melds, win_tile, flags)
    _check_number("xiaohu", xiaohu)
    _check_number("dahu", dahu)
    if dahu_stack not in ("sum", "max"):
        raise ValueError(f"dahu_stack must be 'sum' or 'max', got {dahu_stack!r}")

    tiles = [t for t in range(34) for _ in range(all_counts[t])]
    readings = _readings(c, melds, allow_quad)
    all_258 = all(_rank(t) in (2, 5, 8) for t in tiles)
    one_suit = len({t // 9 for t in tiles}) == 1

    jiangjiang = all_258 and (bool(readings) or not jiangjiang_requires_shape)
    qingyise = one_suit and bool(readings)

    def shape_dahu(reading):
        form, sets, _pair = reading
        names = []
        if form == "seven_pairs":
            names.append("七巧對")
        if form == "standard" and all(shape == "pung" for shape, _ in sets):
            names.append("碰碰和")
        return names

    def is_pinghe(reading):
        form, _sets, pair = reading
        return form == "standard" and _rank(pair) in (2, 5, 8)

    win = jiangjiang or qingyise or any(is_pinghe(r) or shape_dahu(r) for r in readings)
    if not win:
        return None

    situational = []
    if f["after_kong"] and f["self_drawn"]:
        situational.append("槓上花")
    if f["tianhu"]:
        situational.append("天和")
    if f["dihu"]:
        situational.append("地和")
    if f["robbing_kong"]:
        situational.append("搶槓和")
    if f["last_tile"] and f["self_drawn"]:
        situational.append("海底撈月")
    if f["last_tile"] and not f["self_drawn"]:
        situational.append("海底炮和")

    hand_dahu = []
    if jiangjiang:
        hand_dahu.append("將將和")
    if qingyise:
        hand_dahu.append("清一色")

    scored = readings if readings else [("shapeless", None, None)]
    results = []          # (total, fans)
    missing = set()
    for r in scored:
        found = shape_dahu(r) + hand_dahu + situational
        found = [n for n in DAHU_ORDER if n in found]
        if found:
            if dahu is None:
                missing.add("dahu")
                continue
            if dahu_stack == "sum":
                fans = [(n, dahu) for n in found]
                total = dahu * len(found)
            else:
                fans = [(found[0], dahu)]
                total = dahu
        elif is_pinghe(r):
            if xiaohu is None:
                missing.add("xiaohu")
                continue
            fans = [("平和", xiaohu)]
            total = xiaohu
        else:
            continue          # neither 平和 nor any 大和: this reading does not win
        results.append((total, sorted(fans)))
    return answer(results, missing)


# ------------------------------------------------------------------------------------------------
# 起手小胡 and 扎鸟
# ------------------------------------------------------------------------------------------------
def qishou_xiaohu(hand):
    """Names of the opening small wins of a 13- or 14-tile hand: 四喜, 板板和, 缺一色 (in that order).

    >>> qishou_xiaohu("1111m369m147p369p")
    ['四喜', '板板和', '缺一色']
    """
    c = _counts(hand)
    for t in range(34):
        if c[t] and t not in TILES:
            raise ValueError(f"tile {t} is not a Changsha tile (no honours)")
        if c[t] > 4:
            raise ValueError(f"tile {t} held {c[t]} times (more than 4)")
    if sum(c) not in (13, 14):
        raise ValueError(f"qishou_xiaohu needs 13 or 14 tiles, got {sum(c)}")
    names = []
    if any(x == 4 for x in c):
        names.append("四喜")
    if not any(c[t] for t in TILES if _rank(t) in (2, 5, 8)):
        names.append("板板和")
    if any(sum(c[9 * s: 9 * s + 9]) == 0 for s in range(3)):
        names.append("缺一色")
    return names


def zhaniao(bird_tile, dealer_seat):
    """Seat (0-3, counter-clockwise) a bird tile points at: (dealer_seat + rank - 1) % 4.

    >>> zhaniao(4, 2)       # 5m: rank 5 -> the dealer
    2
    """
    if isinstance(bird_tile, bool) or not isinstance(bird_tile, int) or bird_tile not in TILES:
        raise ValueError(f"bad bird tile {bird_tile!r} (0-26)")
    if isinstance(dealer_seat, bool) or not isinstance(dealer_seat, int) or not 0 <= dealer_seat <= 3:
        raise ValueError(f"bad dealer seat {dealer_seat!r} (0-3)")
    return (dealer_seat + _rank(bird_tile) - 1) % 4


# ------------------------------------------------------------------------------------------------
# A random hand for sweeps
# ------------------------------------------------------------------------------------------------
RANK258 = tuple(t for t in TILES if _rank(t) in (2, 5, 8))


def random_hand(rng):
    """A random Changsha case ``(counts, melds, win_tile)`` for a sweep; ``rng`` is a ``random.Random``.

    Mostly complete hands (258 pairs, all-258, one suit, pungs, seven pairs with fours, melds), some near
    misses (one concealed tile swapped) and junk (14 - 3k random tiles, all-258 junk).
    """
    while True:
        kind = rng.choice(["free", "pair258", "pair258", "all258", "all258_junk", "one_suit", "one_suit",
                           "pungs", "seven_pairs", "seven_pairs", "near_miss", "near_miss", "junk"])
        n_melds = _n_melds(rng)
        kinds = list(TILES)
        if kind == "one_suit":
            s = rng.randrange(3)
            kinds = list(range(9 * s, 9 * s + 9))
        if kind in ("all258", "all258_junk"):
            kinds = list(RANK258)
        if kind in ("free", "pair258", "one_suit", "pungs", "all258", "near_miss"):
            sets = [_random_set(rng, kinds) for _ in range(4)]
            if kind in ("pungs", "all258"):
                sets = [("pung", t) for _, t in sets]
            pair = rng.choice(RANK258 if kind == "pair258" else kinds)
            c, melds = _complete(rng, sets, pair, n_melds)
            if kind == "near_miss":
                concealed = [t for t in range(34) for _ in range(c[t])]
                c[rng.choice(concealed)] -= 1
                c[rng.choice(TILES)] += 1
        elif kind == "seven_pairs":
            if rng.random() < 0.3:
                s = rng.randrange(3)
                kinds = list(range(9 * s, 9 * s + 9))
            elif rng.random() < 0.3:
                kinds = list(RANK258)
            c = [0] * 34
            for _ in range(7):
                c[rng.choice(kinds)] += 2          # a kind drawn twice is a four
            melds = []
        else:                                      # junk, all258_junk
            melds = [_as_meld(rng, *_random_set(rng, kinds)) for _ in range(n_melds)]
            c = [0] * 34
            for _ in range(14 - 3 * n_melds):
                c[rng.choice(kinds)] += 1
        out = _finish(rng, c, melds)
        if out is not None:
            return out
