"""Plain references for the rule sets whose sources give win conditions but no scoring (docs/rules.md#neimenggu,
docs/rules.md#hebei), written from the sources' text and independent of the engine: every standard
decomposition of the concealed tiles (tests/reference.py) with the declared melds, the conditions applied
literally.

* Inner Mongolia: "一是必須有碰或槓才可以，也可以自己手裡有暗刻；二是必須要開門，就是要吃上家的牌或者碰別人的牌；三是
  必須有么九或箭刻": some reading holds a pung or kong (declared or concealed); a chi / pon / exposed kong is declared;
  ``yaojiu="tile"``: a 1, 9 or honour tile somewhere, ``"pung"``: a pung or kong of one. The standard form only.
* Hebei: no 吃; a pair and four sets, or (``seven_pairs``) seven pairs, concealed (a four of a kind as two pairs).
* 八枝: "和牌時需要一門有八張以上。和牌：不許吃牌，只能碰一對": a pair and four sets or seven pairs; no 吃; at most one
  claimed set (碰, or a kong claimed or added to a 碰); eight or more tiles of one suit, the melds' tiles included.

Each returns ``(is_win, failed)`` with ``failed`` one of ``"open"``, ``"pung"``, ``"yaojiu"``, ``"chi"``,
``"suit"``, ``"pon"``, ``"shape"`` or ``""``; the hand-level conditions (melds) are checked first, as the engine does.
"""
from __future__ import annotations

from reference import parse, standard_decompositions

__all__ = ["ref_neimenggu", "ref_hebei", "ref_bazhi"]

OPEN = ("chi", "pon", "minkan", "kakan")
YAOJIU = {0, 8, 9, 17, 18, 26} | set(range(27, 34))


def _counts(hand):
    return [int(x) for x in (parse(hand) if isinstance(hand, str) else hand)]


def _meld_tiles(melds):
    out = []
    for k, t in melds:
        out += [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4)
    return out


def ref_neimenggu(hand, melds=(), yaojiu="tile"):
    c = _counts(hand)
    if not any(k in OPEN for k, _ in melds):
        return False, "open"
    decomps = standard_decompositions(c, 4 - len(melds))
    if not decomps:
        return False, "shape"
    meld_pungs = [t for k, t in melds if k != "chi"]
    tiles = [t for t in range(34) for _ in range(c[t])] + _meld_tiles(melds)
    failed = "pung"
    for sets, _pair in decomps:
        pungs = meld_pungs + [t for kind, t in sets if kind == "pung"]
        if not pungs:
            continue
        if yaojiu == "tile" and not any(t in YAOJIU for t in tiles):
            failed = "yaojiu"
            continue
        if yaojiu == "pung" and not any(t in YAOJIU for t in pungs):
            failed = "yaojiu"
            continue
        return True, ""
    return False, failed


def ref_hebei(hand, melds=(), seven_pairs=True):
    c = _counts(hand)
    if any(k == "chi" for k, _ in melds):
        return False, "chi"
    if standard_decompositions(c, 4 - len(melds)):
        return True, ""
    if seven_pairs and not melds and sum(c) == 14 and all(x % 2 == 0 for x in c):
        return True, ""
    return False, "shape"


def ref_bazhi(hand, melds=()):
    c = _counts(hand)
    if any(k == "chi" for k, _ in melds):
        return False, "chi"
    if sum(1 for k, _ in melds if k in ("pon", "minkan", "kakan")) > 1:
        return False, "pon"
    shape = bool(standard_decompositions(c, 4 - len(melds))) or (
        not melds and sum(c) == 14 and all(x % 2 == 0 for x in c))
    if not shape:
        return False, "shape"
    tiles = [t for t in range(34) for _ in range(c[t])] + _meld_tiles(melds)
    if max(sum(1 for t in tiles if t < 27 and t // 9 == s) for s in range(3)) < 8:
        return False, "suit"
    return True, ""


def ref_two_player(hand, melds=(), seven_pairs=True, bonus=(), baopai_fan=None, max_fan=13):
    """The two-player 71-tile game: free 吃碰杠; a pair and four sets, or seven pairs (``seven_pairs``); the
    total is ``baopai_fan`` per copy of the ``bonus`` kinds in the hand and its melds (花牌), capped at
    ``max_fan``. ``(is_win, total)``; ``(True, None)`` when copies count and ``baopai_fan`` is None."""
    c = _counts(hand)
    shape = bool(standard_decompositions(c, 4 - len(melds))) or (
        seven_pairs and not melds and sum(c) == 14 and all(x % 2 == 0 for x in c))
    if not shape:
        return False, 0
    tiles = [t for t in range(34) for _ in range(c[t])] + _meld_tiles(melds)
    copies = sum(tiles.count(k) for k in bonus)
    if copies == 0:
        return True, 0
    if baopai_fan is None:
        return True, None
    return True, min(copies * baopai_fan, max_fan)

