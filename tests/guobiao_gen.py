"""Seeded generator of random Guobiao winning hands, and the pymahjonggb bridge (tests, benchmarks).

A hand is a dict: ``counts`` (34 concealed counts incl. the winning tile), ``melds`` (list of
(kind code, lowest tile): 0 chi, 1 pon, 2 明杠, 3 暗杠), ``win``, ``self_drawn``, ``fourth``,
``kong``, ``last``, ``seat``, ``rnd``, ``flowers``.
"""
from __future__ import annotations

import random
from typing import Dict, List, Optional, Tuple

# pymahjonggb tile codes in mjpy's index order, docs/rules.md#tiles (W = 万 m, B = 饼 p, T = 条 s, J1 中 J2 发 J3 白)
CODES = ([f"W{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 10)] + [f"T{i}" for i in range(1, 10)]
         + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"])
#: the reference's names that differ from ours
REF_NAME_MAP = {"独听・边张": "边张", "独听・嵌张": "坎张", "独听・单钓": "单钓将"}
YAOJIU = [0, 8, 9, 17, 18, 26] + list(range(27, 34))


def reference_score(h: dict) -> Tuple[int, Dict[str, int]]:
    """(total, {our fan name: count}) from pymahjonggb for the hand dict ``h``."""
    import MahjongGB

    c = list(h["counts"])
    c[h["win"]] -= 1
    hand = []
    for t in range(34):
        hand += [CODES[t]] * c[t]
    pack = []
    for k, t in h["melds"]:
        if k == 0:
            pack.append(("CHI", CODES[t + 1], 1))
        elif k == 1:
            pack.append(("PENG", CODES[t], 1))
        else:
            pack.append(("GANG", CODES[t], 1 if k == 2 else 0))
    r = MahjongGB.MahjongFanCalculator(
        pack=tuple(pack), hand=tuple(hand), winTile=CODES[h["win"]], flowerCount=h["flowers"],
        isSelfDrawn=h["self_drawn"], is4thTile=h["fourth"], isAboutKong=h["kong"], isWallLast=h["last"],
        seatWind=h["seat"], prevalentWind=h["rnd"], verbose=True)
    out: Dict[str, int] = {}
    total = 0
    for pt, cnt, name, _en in r:
        name = REF_NAME_MAP.get(name, name)
        out[name] = out.get(name, 0) + cnt
        total += pt * cnt
    return total, out


def _chow_ok(t: int) -> bool:
    return t < 27 and t % 9 <= 6


class Gen:
    """Random winning hands; ``biased`` picks tiles from few suits / shapes that score high fans."""

    def __init__(self, seed: int):
        self.r = random.Random(seed)

    # -- sets -------------------------------------------------------------------------------
    def _pool(self, biased: bool) -> List[int]:
        r = self.r
        if not biased:
            return list(range(34))
        mode = r.randrange(6)
        if mode == 0:                                   # one suit (flushes, straights, shifted)
            s = r.randrange(3) * 9
            return list(range(s, s + 9))
        if mode == 1:                                   # one suit + honours
            s = r.randrange(3) * 9
            return list(range(s, s + 9)) + list(range(27, 34))
        if mode == 2:                                   # terminals and honours
            return YAOJIU
        if mode == 3:                                   # two suits
            a, b = r.sample(range(3), 2)
            return list(range(a * 9, a * 9 + 9)) + list(range(b * 9, b * 9 + 9))
        if mode == 4:                                   # a rank window across suits
            lo = r.randrange(0, 7)
            return [s * 9 + x for s in range(3) for x in range(lo, lo + 3)] + r.sample(range(27, 34), 2)
        return [t for t in range(27)]

    def _set(self, pool: List[int], used: List[int], allow_chow=True, allow_pung=True):
        r = self.r
        for _ in range(40):
            t = r.choice(pool)
            if allow_chow and _chow_ok(t) and (not allow_pung or r.random() < 0.55):
                if used[t] < 4 and used[t + 1] < 4 and used[t + 2] < 4:
                    return ("chow", t)
            elif allow_pung and used[t] <= 1:
                return ("pung", t)
        return None

    def standard(self, biased: bool) -> Optional[dict]:
        r = self.r
        pool = self._pool(biased)
        used = [0] * 34
        nmeld = r.choice([0, 0, 0, 1, 1, 2, 2, 3, 4])
        melds = []
        conc_sets = []
        for i in range(4):
            s = self._set(pool, used)
            if s is None:
                return None
            kind, t = s
            if kind == "chow":
                used[t] += 1; used[t + 1] += 1; used[t + 2] += 1
            else:
                kong = r.random() < 0.25 and used[t] == 0
                used[t] += 4 if kong else 3
                kind = "kong" if kong else "pung"
            if i < nmeld:
                if kind == "chow":
                    melds.append((0, t))
                elif kind == "pung":
                    melds.append((1, t))
                else:
                    melds.append((r.choice([2, 3]), t))
            else:
                if kind == "kong":                    # a concealed kong must be declared
                    melds.append((r.choice([2, 3, 3]), t))
                else:
                    conc_sets.append((kind, t))
        cands = [t for t in pool if used[t] <= 2] or [t for t in range(34) if used[t] <= 2]
        p = r.choice(cands)
        used[p] += 2
        counts = [0] * 34
        counts[p] += 2
        for kind, t in conc_sets:
            if kind == "chow":
                counts[t] += 1; counts[t + 1] += 1; counts[t + 2] += 1
            else:
                counts[t] += 3
        melds.sort(key=lambda m: 0)
        return self._finish(counts, melds)

    def seven_pairs(self, biased: bool) -> dict:
        r = self.r
        if r.random() < 0.15:                          # 连七对
            s = r.randrange(3) * 9 + r.randrange(3)
            counts = [0] * 34
            for t in range(s, s + 7):
                counts[t] = 2
            return self._finish(counts, [])
        pool = self._pool(biased)
        counts = [0] * 34
        n = 0
        while n < 7:
            t = r.choice(pool) if r.random() < 0.9 else r.randrange(34)
            if counts[t] == 0 or (counts[t] == 2 and r.random() < 0.3):
                counts[t] += 2
                n += 1
        return self._finish(counts, [])

    def orphans(self) -> dict:
        counts = [0] * 34
        for t in YAOJIU:
            counts[t] = 1
        counts[self.r.choice(YAOJIU)] += 1
        return self._finish(counts, [])

    def _ks(self) -> List[int]:
        suits = self.r.sample(range(3), 3)
        return [suits[g] * 9 + g + 3 * k for g in range(3) for k in range(3)]

    def knitted(self) -> dict:
        r = self.r
        ks = self._ks()
        nsuited = r.choice([7, 8, 9, 9])
        tiles = r.sample(ks, nsuited) + r.sample(range(27, 34), 14 - nsuited)
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        return self._finish(counts, [])

    def knitted_straight(self) -> Optional[dict]:
        r = self.r
        used = [0] * 34
        counts = [0] * 34
        for t in self._ks():
            used[t] += 1
            counts[t] += 1
        melds = []
        s = self._set(list(range(34)), used)
        if s is None:
            return None
        kind, t = s
        if kind == "chow":
            used[t] += 1; used[t + 1] += 1; used[t + 2] += 1
        else:
            used[t] += 3
        if r.random() < 0.4:
            if kind == "chow":
                melds.append((0, t))
            else:
                k = r.choice([1, 1, 2, 3]) if used[t] == 3 else 1
                melds.append((k, t))
        else:
            if kind == "chow":
                counts[t] += 1; counts[t + 1] += 1; counts[t + 2] += 1
            else:
                counts[t] += 3
        cands = [x for x in range(34) if used[x] <= 2]
        p = r.choice(cands)
        counts[p] += 2
        return self._finish(counts, melds)

    def nine_gates(self) -> dict:
        s = self.r.randrange(3) * 9
        counts = [0] * 34
        for i in range(9):
            counts[s + i] = 3 if i in (0, 8) else 1
        w = s + self.r.randrange(9)
        counts[w] += 1
        return self._finish(counts, [], win=w)

    def template(self) -> Optional[dict]:
        """Sets of a rare high-fan shape (双龙会, 四步高, 四同顺, 四节高, 绿一色, 全双刻, 大四喜, 四杠, ...)
        with random suits/ranks, random fill, random declared melds."""
        r = self.r
        a, b, c = r.sample(range(3), 3)
        A, B, C = a * 9, b * 9, c * 9
        k = r.randrange(16)
        sets: List[Tuple[str, int]] = []
        pair = None
        if k == 0:                                   # 三色双龙会
            sets = [("chow", A), ("chow", A + 6), ("chow", B), ("chow", B + 6)]; pair = C + 4
        elif k == 1:                                 # 一色双龙会
            sets = [("chow", A), ("chow", A), ("chow", A + 6), ("chow", A + 6)]; pair = A + 4
        elif k == 2:                                 # 一色四步高 / 三步高
            d = r.choice([1, 2])
            s0 = r.randrange(0, 7 - 3 * d)
            sets = [("chow", A + s0 + i * d) for i in range(r.choice([3, 4]))]
        elif k == 3:                                 # 一色四同顺 / 三同顺
            t = A + r.randrange(7)
            sets = [("chow", t)] * r.choice([3, 4])
        elif k == 4:                                 # 一色四节高 / 三节高
            s0 = r.randrange(0, 6)
            sets = [("pung", A + s0 + i) for i in range(r.choice([3, 4]))]
        elif k == 5:                                 # 清幺九 / 混幺九
            ts = r.sample([0, 8, 9, 17, 18, 26] + ([] if r.random() < 0.5 else [27, 28, 31, 33]), 5)
            sets = [("pung", t) for t in ts[:4]]; pair = ts[4]
        elif k == 6:                                 # 绿一色
            g = [19, 20, 21, 23, 25, 32]
            ts = r.sample(g, 5)
            sets = [("pung", t) for t in ts[:3]] + [r.choice([("chow", 19), ("pung", ts[3])])]; pair = ts[4]
        elif k == 7:                                 # 全双刻
            ev = [s * 9 + x for s in range(3) for x in (1, 3, 5, 7)]
            ts = r.sample(ev, 5)
            sets = [("pung", t) for t in ts[:4]]; pair = ts[4]
        elif k == 8:                                 # 花龙 / 三色三同顺 / 三色三步高
            m = r.randrange(3)
            if m == 0:
                sets = [("chow", A), ("chow", B + 3), ("chow", C + 6)]
            elif m == 1:
                t = r.randrange(7); sets = [("chow", A + t), ("chow", B + t), ("chow", C + t)]
            else:
                t = r.randrange(5); sets = [("chow", A + t), ("chow", B + t + 1), ("chow", C + t + 2)]
        elif k == 9:                                 # 全带五
            sets = [r.choice([("chow", X + r.randrange(2, 5)), ("pung", X + 4)]) for X in (A, B, A, C)]
            pair = r.choice([A, B, C]) + 4
        elif k == 10:                                # winds: 大四喜 / 小四喜 / 三风刻
            ws = r.sample(range(27, 31), 4)
            n = r.choice([3, 4])
            sets = [("pung", t) for t in ws[:n]]
            if n == 3 and r.random() < 0.5:
                pair = ws[3]
        elif k == 11:                                # dragons: 大三元 / 小三元
            ds = r.sample(range(31, 34), 3)
            n = r.choice([2, 3])
            sets = [("pung", t) for t in ds[:n]]
            if n == 2 and r.random() < 0.6:
                pair = ds[2]
        elif k == 12:                                # four / three kongs
            ts = r.sample(range(34), 4)
            sets = [("kong", t) for t in ts[:r.choice([3, 4])]]
        elif k == 13:                                # rank windows: 全大/全中/全小/大于五/小于五
            lo, hi = r.choice([(6, 8), (3, 5), (0, 2), (5, 8), (0, 3)])
            for _ in range(4):
                x = r.randrange(lo, hi + 1)
                X = r.choice([A, B, C])
                if x + 2 <= hi and r.random() < 0.5:
                    sets.append(("chow", X + x))
                else:
                    sets.append(("pung", X + x))
            pair = r.choice([A, B, C]) + r.randrange(lo, hi + 1)
        elif k == 14:                                # 三同刻 / 双同刻 / 三色三节高
            t = r.randrange(9)
            if r.random() < 0.5:
                sets = [("pung", A + t), ("pung", B + t), ("pung", C + t)]
            else:
                t = min(t, 6); sets = [("pung", A + t), ("pung", B + t + 1), ("pung", C + t + 2)]
        else:                                        # 清龙 + one more chow
            sets = [("chow", A), ("chow", A + 3), ("chow", A + 6)]
        used = [0] * 34
        for kind, t in sets:
            if kind == "chow":
                used[t] += 1; used[t + 1] += 1; used[t + 2] += 1
            else:
                used[t] += 4 if kind == "kong" else 3
        pool = self._pool(True)
        while len(sets) < 4:
            s = self._set(pool, used)
            if s is None:
                return None
            sets.append(s)
            kind, t = s
            if kind == "chow":
                used[t] += 1; used[t + 1] += 1; used[t + 2] += 1
            else:
                used[t] += 3
        if pair is None:
            cands = [t for t in pool if used[t] <= 2] or [t for t in range(34) if used[t] <= 2]
            pair = r.choice(cands)
        used[pair] += 2
        if max(used) > 4:
            return None
        r.shuffle(sets)
        nmeld = r.choice([0, 0, 1, 2, 3, 4])
        counts = [0] * 34
        counts[pair] += 2
        melds = []
        for i, (kind, t) in enumerate(sets):
            if kind == "kong":
                melds.append((r.choice([2, 3]), t))
            elif i < nmeld:
                melds.append((0, t) if kind == "chow" else (r.choice([1, 1, 1, 2, 3]), t))
            elif kind == "chow":
                counts[t] += 1; counts[t + 1] += 1; counts[t + 2] += 1
            else:
                counts[t] += 3
        return self._finish(counts, melds)

    # -- flags --------------------------------------------------------------------------------
    def _finish(self, counts, melds, win=None) -> dict:
        r = self.r
        if win is None:
            win = r.choice([t for t in range(34) if counts[t]])
        nk = sum(1 for k, _ in melds if k >= 2)
        self_drawn = r.random() < 0.45
        kong = r.random() < (0.35 if nk else 0.1)
        return {"counts": counts, "melds": melds, "win": win, "self_drawn": self_drawn,
                "fourth": r.random() < 0.15, "kong": kong, "last": r.random() < 0.1,
                "seat": r.randrange(4), "rnd": r.randrange(4),
                "flowers": r.choice([0, 0, 0, 0, 1, 2, 3, 8])}

    def hand(self) -> dict:
        r = self.r
        while True:
            x = r.random()
            if x < 0.25:
                h = self.standard(False)
            elif x < 0.55:
                h = self.standard(True)
            elif x < 0.70:
                h = self.template()
            elif x < 0.80:
                h = self.seven_pairs(r.random() < 0.6)
            elif x < 0.83:
                h = self.orphans()
            elif x < 0.88:
                h = self.knitted()
            elif x < 0.95:
                h = self.knitted_straight()
            else:
                h = self.nine_gates()
            if h is not None and valid(h):
                return h


def valid(h: dict) -> bool:
    allc = list(h["counts"])
    for k, t in h["melds"]:
        if k == 0:
            allc[t] += 1; allc[t + 1] += 1; allc[t + 2] += 1
        else:
            allc[t] += 3 if k == 1 else 4
    return max(allc) <= 4 and sum(h["counts"]) == 14 - 3 * len(h["melds"])


def hands(n: int, seed: int) -> List[dict]:
    g = Gen(seed)
    return [g.hand() for _ in range(n)]
