"""Seeded random Xuzhou 徐州麻将 cases, for checking the rule engine against tests/reference_xuzhou.py.

Imports nothing from ``src/``: a case is plain data (physical 34 counts, ``(kind, lowest tile)`` melds
in play values, tile indices).  Every case is valid input for the reference (no ValueError): right
size, at most four physical copies of a kind (a melded f counting as a 白), a 配兒 winning tile only
when self-drawn, no 7z in a meld unless f == 白 (and then only rarely, as a melded 配兒 pon).

:func:`random_xuzhou_hands` yields ``(hand14, melds, win_tile, self_drawn, f)`` drawn from these motifs:

* ``standard``: a complete hand in play values (4 - melds sets + a pair; chows mostly, often with
  the middle rank 4-8 and the winning tile there), 0-2 groups built on the 配兒 kind f (so that
  their f tiles become 白 playing f), 0-4 concealed tiles replaced by 配兒 (jokers standing for
  what they replace), sometimes one tile moved (a near miss);
* ``qidui``: seven pairs (sometimes a four-of-a-kind), jokers and 白 as above;
* ``luanpai``: 14 of the 15 亂牌 kinds, some replaced by jokers or, where f is one of them, 白;
* ``paopei``: four 配兒 and random junk (f == 白 sometimes: four 白);
* ``junk``: random tiles from the wall, sometimes with jokers;
* 0-2 declared melds (a chi / pon / kong taken from the hand's sets or random).

:func:`random_xuzhou_waiting` yields ``(hand13, melds, self_drawn, f)``: the same cases less one tile.
:func:`random_xuzhou_options` draws keyword options away from their defaults on part of the draws.
"""
from __future__ import annotations

import random
from typing import Iterator, List, Tuple

import reference_xuzhou as X

BAI = 33
N_KINDS = 34
MOTIFS = ("standard", "qidui", "luanpai", "paopei", "junk")
MOTIF_WEIGHTS = (55, 12, 10, 8, 15)

Case = Tuple[List[int], List[Tuple[str, int]], int, bool, int]


def random_f(rng: random.Random) -> int:
    """The 配兒 kind: the successor of a random indicator, 白 (indicator 发) on about 1 in 8 draws."""
    if rng.random() < 0.12:
        return BAI
    return X.indicator_to_peier(rng.randrange(N_KINDS))


def _phys(v: int, f: int) -> int:
    """The physical tile a non-joker tile of play value v is (白 for f when f != 白)."""
    return BAI if (v == f and f != BAI) else v


def _meld_phys(melds, f) -> List[int]:
    p = [0] * N_KINDS
    for kind, t in melds:
        for v in X.meld_tiles(kind, t):
            p[_phys(v, f)] += 1
    return p


def _valid(counts, melds, f) -> bool:
    mp = _meld_phys(melds, f)
    return all(counts[k] + mp[k] <= 4 for k in range(N_KINDS)) and min(counts) >= 0


def _play_kinds(f: int) -> list:
    """Kinds a non-joker tile may play: all but 白, whatever f (when f != 白 a 白 plays f; when f == 白
    the 白 are jokers)."""
    return list(range(33))


def _random_group(rng, f, force_f=False):
    """('chow', a) or ('pung', a) in play values."""
    if force_f:
        if f < 27 and rng.random() < 0.7:
            r = f % 9
            starts = [s for s in (r - 2, r - 1, r) if 0 <= s <= 6]
            return ("chow", (f // 9) * 9 + rng.choice(starts))
        return ("pung", f) if f != BAI else ("pung", rng.randrange(27, 33))
    if rng.random() < 0.65:
        suit = rng.randrange(3)
        if rng.random() < 0.6:
            start = rng.randrange(2, 7)        # middle rank 4-8
        else:
            start = rng.randrange(0, 7)
        return ("chow", suit * 9 + start)
    return ("pung", rng.choice(_play_kinds(f)))


def _group_tiles(g) -> list:
    kind, a = g
    return [a, a + 1, a + 2] if kind == "chow" else [a] * 3


def _to_meld(rng, g) -> Tuple[str, int]:
    kind, a = g
    if kind == "chow":
        return ("chi", a)
    return (rng.choice(("pon", "pon", "minkan", "kakan", "ankan")), a)


def _n_melds(rng) -> int:
    return rng.choices((0, 1, 2), (55, 30, 15))[0]


def _jokerize(rng, play_tiles: list, f: int, n_jokers: int) -> Tuple[List[int], list]:
    """Physical counts of concealed play-value tiles with ``n_jokers`` of them replaced by 配兒.
    Returns (counts, list of (index in play_tiles, is_joker))."""
    idx = list(range(len(play_tiles)))
    rng.shuffle(idx)
    jokers = set(idx[:n_jokers])
    counts = [0] * N_KINDS
    for i, v in enumerate(play_tiles):
        counts[f if i in jokers else _phys(v, f)] += 1
    return counts, jokers


def _standard(rng, f) -> Case:
    k = _n_melds(rng)
    n_force = rng.choices((0, 1, 2), (50, 35, 15))[0]
    groups = [_random_group(rng, f, force_f=i < n_force) for i in range(4)]
    rng.shuffle(groups)
    pair = rng.choice(_play_kinds(f)) if rng.random() > 0.15 else f if f != BAI else 0
    melds = [_to_meld(rng, g) for g in groups[:k]]
    concealed_groups = groups[k:]
    play_tiles = [pair, pair] + [v for g in concealed_groups for v in _group_tiles(g)]
    # the winning tile: mostly the middle of a concealed chow
    chows = [i for i, g in enumerate(concealed_groups) if g[0] == "chow"]
    if chows and rng.random() < 0.7:
        gi = rng.choice(chows)
        win_pos = 2 + 3 * gi + 1
    else:
        win_pos = rng.randrange(len(play_tiles))
    n_jokers = rng.choices((0, 1, 2, 3, 4), (35, 30, 20, 10, 5))[0]
    idx = list(range(len(play_tiles)))
    rng.shuffle(idx)
    jokers = set(idx[:n_jokers])
    if rng.random() < 0.25 and n_jokers and win_pos not in jokers:      # the winning tile a 配兒
        jokers.pop()
        jokers.add(win_pos)
    counts = [0] * N_KINDS
    for i, v in enumerate(play_tiles):
        counts[f if i in jokers else _phys(v, f)] += 1
    win = f if win_pos in jokers else _phys(play_tiles[win_pos], f)
    if rng.random() < 0.15:                                           # a near miss: move one tile
        src = rng.choice([t for t in range(N_KINDS) if counts[t] and not (t == win and counts[t] == 1)])
        counts[src] -= 1
        counts[rng.randrange(N_KINDS)] += 1
    return counts, melds, win, None, "standard"


def _qidui(rng, f) -> Case:
    kinds = rng.sample(_play_kinds(f), 7)
    if rng.random() < 0.2:
        kinds[1] = kinds[0]                    # a four-of-a-kind (two pairs)
    if rng.random() < 0.3 and f != BAI:
        kinds[2] = f                           # a pair of 白 playing f
    play_tiles = [v for v in kinds for _ in range(2)]
    n_jokers = rng.choices((0, 1, 2, 3), (40, 30, 20, 10))[0]
    counts, jokers = _jokerize(rng, play_tiles, f, n_jokers)
    if rng.random() < 0.15:
        src = rng.choice([t for t in range(N_KINDS) if counts[t]])
        counts[src] -= 1
        counts[rng.randrange(N_KINDS)] += 1
    win = rng.choice([t for t in range(N_KINDS) if counts[t]])
    return counts, [], win, None, "qidui"


def _luanpai(rng, f) -> Case:
    kinds = sorted(rng.choice(X.LUANPAI_SETS))
    kinds.remove(rng.choice(kinds))
    play_tiles = list(kinds)
    n_jokers = rng.choices((0, 1, 2, 3), (40, 30, 20, 10))[0]
    counts, jokers = _jokerize(rng, play_tiles, f, n_jokers)
    if rng.random() < 0.25:                    # an honor (or any tile) swapped for a 白
        src = rng.choice([t for t in range(N_KINDS) if counts[t] and t != BAI])
        counts[src] -= 1
        counts[BAI] += 1
    if rng.random() < 0.15:
        src = rng.choice([t for t in range(N_KINDS) if counts[t]])
        counts[src] -= 1
        counts[rng.randrange(N_KINDS)] += 1
    win = rng.choice([t for t in range(N_KINDS) if counts[t]])
    return counts, [], win, None, "luanpai"


def _random_meld(rng, f) -> Tuple[str, int]:
    if rng.random() < 0.4:
        suit, start = rng.randrange(3), rng.randrange(7)
        return ("chi", suit * 9 + start)
    kind = rng.choice(("pon", "pon", "minkan", "kakan", "ankan"))
    t = rng.randrange(33)
    if f == BAI and rng.random() < 0.1:
        t = BAI                                # a melded 配兒 (not a win)
    return (kind, t)


def _wall_tiles(rng, n, counts, melds, f, avoid=()) -> bool:
    mp = _meld_phys(melds, f)
    pool = [t for t in range(N_KINDS) if t not in avoid for _ in range(4 - counts[t] - mp[t])]
    if len(pool) < n:
        return False
    for t in rng.sample(pool, n):
        counts[t] += 1
    return True


def _paopei(rng, f) -> Case:
    k = _n_melds(rng)
    melds = [_random_meld(rng, f) for _ in range(k)]
    counts = [0] * N_KINDS
    counts[f] = 4
    _wall_tiles(rng, 14 - 3 * k - 4, counts, melds, f, avoid=(f,))
    win = rng.choice([t for t in range(N_KINDS) if counts[t]])
    return counts, melds, win, None, "paopei"


def _junk(rng, f) -> Case:
    k = _n_melds(rng)
    melds = [_random_meld(rng, f) for _ in range(k)]
    counts = [0] * N_KINDS
    nj = rng.choices((0, 1, 2, 3), (50, 25, 15, 10))[0]
    counts[f] = nj
    _wall_tiles(rng, 14 - 3 * k - nj, counts, melds, f, avoid=(f,))
    win = rng.choice([t for t in range(N_KINDS) if counts[t]])
    return counts, melds, win, None, "junk"


_MAKERS = {"standard": _standard, "qidui": _qidui, "luanpai": _luanpai, "paopei": _paopei, "junk": _junk}


def make_case(rng: random.Random, motif: str = None, f: int = None) -> Tuple[Case, str]:
    """One valid case ``((hand14, melds, win_tile, self_drawn, f), motif)``."""
    while True:
        m = motif or rng.choices(MOTIFS, MOTIF_WEIGHTS)[0]
        ff = random_f(rng) if f is None else f
        counts, melds, win, _, name = _MAKERS[m](rng, ff)
        if sum(counts) != 14 - 3 * len(melds) or not _valid(counts, melds, ff) or counts[win] == 0:
            continue
        if any(v == BAI and ff != BAI for kind, t in melds for v in X.meld_tiles(kind, t)):
            continue
        self_drawn = True if win == ff else rng.random() < 0.5
        return (counts, melds, win, self_drawn, ff), name


def random_xuzhou_hands(rng: random.Random, n: int, motif: str = None, f: int = None) -> Iterator[Case]:
    """``n`` cases ``(hand14 counts, melds, win_tile, self_drawn, f)``; ``motif`` / ``f`` pin one."""
    for _ in range(n):
        yield make_case(rng, motif, f)[0]


def random_xuzhou_waiting(rng: random.Random, n: int, motif: str = None,
                          f: int = None) -> Iterator[Tuple[List[int], list, bool, int]]:
    """``n`` waiting cases ``(hand13 counts, melds, self_drawn, f)``: a case less one concealed tile
    (its winning tile on most draws, so that many hands wait on something)."""
    for _ in range(n):
        (counts, melds, win, self_drawn, ff), _ = make_case(rng, motif, f)
        counts = list(counts)
        drop = win if rng.random() < 0.75 else rng.choice([t for t in range(N_KINDS) if counts[t]])
        counts[drop] -= 1
        yield counts, melds, rng.random() < 0.5, ff


def random_xuzhou_options(rng: random.Random) -> dict:
    """Keyword options of the reference, each away from its default on part of the draws."""
    o = {}
    if rng.random() < 0.2:
        o["jia_rank_range"] = rng.choice(((1, 9), (2, 8), (3, 7), (5, 5), (4, 6)))
    if rng.random() < 0.2:
        o["peier_jia"] = False
    if rng.random() < 0.2:
        o["allow_fifth_copy"] = False
    if rng.random() < 0.1:
        o["tianhu"] = True
    return o
