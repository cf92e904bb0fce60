"""A plain reference for Yangzhou 扬州麻将 (docs/rules.md#yangzhou), written from the source's text and
independent of the engine: every standard decomposition of the concealed tiles (tests/reference.py) with the
declared melds, the multipliers applied literally, the highest kept.

* 136 tiles, 13 + 1; melds: 碰, 明槓, 暗槓 — "但不可吃": a hand with a chi meld is no win;
* shapes: a pair and four sets (pungs, kongs, chows of one suit); 七對 (seven pairs, a four of a kind as two
  pairs unless ``allow_quad=False``) is not a listed shape: a win only when ``qidui`` gives its value, and
  a hand that reads as seven pairs while ``qidui`` is None is refused (its best value is unknown);
* 屁胡 1; 對對胡 2 (every set a pung or kong); 混一色 2 (one suit and honours, both present); 清一色 4 (one
  suit, no honours); 混對對 4 (混一色 and 對對胡); 清對對 4 (清一色 and 對對胡); the highest counts.
"""
from __future__ import annotations

from reference import parse, standard_decompositions

__all__ = ["ref_yangzhou_score", "MISSING"]

#: the answer for a hand whose best value needs ``qidui`` while it is None
MISSING = "missing qidui"


def _seven_pairs(c, allow_quad):
    if sum(c) != 14:
        return False
    pairs = 0
    for x in c:
        if x % 2:
            return False
        if x == 4 and not allow_quad:
            return False
        pairs += x // 2
    return pairs == 7


def ref_yangzhou_score(hand, melds=(), qidui=None, allow_quad=True):
    """``(is_win, total)``, or ``MISSING``. ``hand``: 34 concealed counts (winning tile included) or notation;
    ``melds``: ``(kind, lowest tile)`` with kind chi / pon / minkan / kakan / ankan."""
    c = parse(hand) if isinstance(hand, str) else [int(x) for x in hand]
    c = [int(x) for x in c]
    if any(k == "chi" for k, _ in melds):
        return (False, 0)
    tiles = [t for t in range(34) for _ in range(c[t])]
    for k, t in melds:
        tiles += [t] * (3 if k == "pon" else 4)
    suits = {t // 9 for t in tiles if t < 27}
    honors = any(t >= 27 for t in tiles)
    one = len(suits) == 1 and not honors
    half = len(suits) == 1 and honors
    best = None
    for sets, _pair in standard_decompositions(c, 4 - len(melds)):
        pungs = all(kind == "pung" for kind, _ in sets)
        v = 1
        if pungs:
            v = max(v, 2)
        if half:
            v = max(v, 4 if pungs else 2)
        if one:
            v = 4
        best = v if best is None else max(best, v)
    if not melds and _seven_pairs(c, allow_quad):
        if qidui is None:
            return MISSING
        best = max(best or 0, qidui, 4 if one else 2 if half else 1)
    return (False, 0) if best is None else (True, best)
