"""Slow, plain reimplementation of the solo greedy loop of docs/simulate.md.

It replays the tiles of ``mjpy.random.walls`` (the kernel's wall order for a deal) and decides
every discard from distances computed by ``reference.py`` (target enumeration, no kernel code):
every candidate discard, every drawable tile for the useful-tile count, no shortcuts.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Dict, List

import reference as R

# discard order for ties: honors 东..白, then ranks 1/9, 2/8, 3/7, 4/6, 5, suits m, p, s
ORDER: List[int] = list(range(27, 34)) + [s * 9 + r for r in (0, 8, 1, 7, 2, 6, 3, 5, 4)
                                          for s in range(3)]
RANK = {t: i for i, t in enumerate(ORDER)}

RULES = {
    # kinds in the wall, forms, quads as two pairs, 定缺
    "sichuan": (27, ("standard", "seven_pairs"), True, True),
    "standard": (34, ("standard", "seven_pairs", "thirteen_orphans"), True, False),
    "riichi": (34, ("standard", "seven_pairs", "thirteen_orphans"), False, False),
    "guobiao": (34, ("standard", "seven_pairs", "thirteen_orphans", "knitted"), True, False),
    "taiwan": (34, ("standard",), True, False),
}
#: tiles dealt, where not 13 (16-tile play: five sets and a pair)
HAND_SIZE = {"taiwan": 16}


@lru_cache(maxsize=None)
def distance(counts: tuple, forms: tuple, quads: bool, n_sets: int = 4) -> int:
    """Fewest tiles to add for ``n_sets`` sets and a pair (or a special form): shanten + 1."""
    c = list(counts)
    best = R.standard_cost(c, n_sets)
    if "seven_pairs" in forms:
        best = min(best, R.seven_pairs_cost(c, quads))
    if "thirteen_orphans" in forms:
        best = min(best, R.thirteen_orphans_cost(c))
    if "knitted" in forms:
        best = min(best, R.honors_knitted_cost(c), R.knitted_straight_cost(c, 0))
    return best


def play(wall, rules: str, draws: int = 18) -> Dict[str, object]:
    """Play one deal from its wall (tile codes, >= 34 flowers) -> the per-deal records."""
    n_kinds, forms, quads, has_dq = RULES[rules]
    size = HAND_SIZE.get(rules, 13)
    it = iter(int(x) for x in wall)
    flowers = 0

    def draw():
        nonlocal flowers
        t = next(it)
        while t >= 34:
            flowers += 1
            t = next(it)
        return t

    hand = [0] * 34
    for _ in range(size):
        hand[draw()] += 1
    dq = -1
    if has_dq:
        sizes = [sum(hand[9 * s:9 * s + 9]) for s in range(3)]
        dq = sizes.index(min(sizes))            # fewest tiles, ties m < p < s

    def in_dq(t):
        return dq >= 0 and t < 27 and t // 9 == dq

    def eff(h):                                  # the hand without its 定缺 tiles
        return tuple(0 if in_dq(t) else h[t] for t in range(34))

    def dist(h):
        return distance(eff(h), forms, quads, (size - 1) // 3)

    drawable = [t for t in range(n_kinds) if not in_dq(t)]
    discards = [0] * 34
    out = {"dingque": dq, "shanten_deal": dist(hand) - 1, "shanten": [], "tenpai_turn": -1,
           "win_turn": -1, "win_tile": -1}
    if out["shanten_deal"] <= 0:
        out["tenpai_turn"] = 0
    for turn in range(1, draws + 1):
        t = draw()
        hand[t] += 1
        if not any(hand[x] and in_dq(x) for x in range(34)) and dist(hand) == 0:
            out["win_turn"], out["win_tile"] = turn, t
            out["shanten"] += [-1] * (draws - turn + 1)
            break
        dq_held = [x for x in range(34) if hand[x] and in_dq(x)]
        if dq_held:
            pick = min(dq_held, key=RANK.get)
        else:
            options = []
            for c in range(34):
                if hand[c]:
                    hand[c] -= 1
                    options.append((dist(hand), c))
                    hand[c] += 1
            d = min(o[0] for o in options)
            scored = []
            for dc, c in options:
                if dc != d:
                    continue
                hand[c] -= 1
                discards[c] += 1
                useful = 0                       # unseen copies: 4 - in hand - own discards
                for u in drawable:
                    if hand[u] < 4:
                        hand[u] += 1
                        if dist(hand) < d:
                            useful += 4 - (hand[u] - 1) - discards[u]
                        hand[u] -= 1
                discards[c] -= 1
                hand[c] += 1
                scored.append((-useful, RANK[c], c))
            pick = min(scored)[2]
        hand[pick] -= 1
        discards[pick] += 1
        s = dist(hand) - 1
        out["shanten"].append(s)
        if s <= 0 and out["tenpai_turn"] < 0:
            out["tenpai_turn"] = turn
    out["flowers"] = flowers
    out["hand"] = list(hand)
    return out
