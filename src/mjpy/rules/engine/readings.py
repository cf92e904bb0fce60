"""Every reading of a winning hand, jokers included: the input of the fact engine.

>>> from mjpy.rules.engine.readings import readings
>>> c = [0] * 34; c[0] = c[1] = c[2] = 1; c[9:12] = [1, 1, 1]; c[18:21] = [1, 1, 1]; c[27] = 3; c[33] = 2
>>> [r.form for r in readings(c, n_sets=4, win_tile=33, jokers=(), kinds=range(34))]
['standard']

A *slot* is ``(rep, phys)``: the kind the tile stands for and the physical tile's kind. A real tile
has ``rep == phys``; a joker has ``phys`` in the hand's joker kinds, with ``rep == phys`` when it
plays its own face and ``rep != phys`` when it substitutes (docs/rules.md#jokers). A *group* is
``(kind, slots)`` with kind ``"pung"``, ``"chow"``, ``"pair"`` or ``"single"`` (thirteen orphans),
slots sorted. A :class:`Reading` is a form, its concealed groups (sorted), and where the winning
tile sits: ``win = (group index, slot)``.

Enumeration: the lowest real tile left must belong to some group; each group containing it is tried
(pung, pair, the chows through it), its other slots filled by a real tile or by any joker that may
stand there; when no real tile is left, the jokers alone form the remaining groups over every kind
of the rule set. Memoised on the state, so a hand with four jokers takes milliseconds.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, combinations_with_replacement, permutations
from typing import Iterable, List, NamedTuple, Sequence, Tuple, Union

__all__ = ["Reading", "readings", "ORPHANS"]

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

Slot = Tuple[int, int]
Group = Tuple[str, Tuple[Slot, ...]]


class Reading(NamedTuple):
    """One reading: ``form`` (standard, seven_pairs, thirteen_orphans, any_shape), ``groups`` and ``win``."""

    form: str
    groups: Tuple[Group, ...]
    win: Tuple[int, Slot]

    @property
    def substitutes(self) -> int:
        """Jokers standing for another kind than their own."""
        return sum(1 for _, slots in self.groups for r, p in slots if r != p)

    def __str__(self) -> str:
        from ...tiles import TILE_NAMES

        def slot(s):
            r, p = s
            return TILE_NAMES[r] + ("" if r == p else f"({TILE_NAMES[p]})")
        parts = [" ".join(slot(s) for s in slots) for _, slots in self.groups]
        return " | ".join(parts)


def _chow_starts(t: int, kinds: frozenset) -> List[int]:
    if t >= 27:
        return []
    base = t - t % 9
    return [s for s in (t - 2, t - 1, t) if base <= s <= base + 6 and {s, s + 1, s + 2} <= kinds]


def _fills(reps: Sequence[int], anchor: int, real: Tuple[int, ...], jok: Tuple[int, ...],
           jkinds: Tuple[int, ...], kinds: frozenset):
    """Ways to fill the slots of ``reps``: the anchor with a real tile, every other slot with a real
    tile or a joker (any joker kind still in hand) -> (slots, real left, jokers left)."""
    out = []

    def rec(i, real, jok, slots):
        if i == len(reps):
            out.append((tuple(sorted(slots)), real, jok))
            return
        r = reps[i]
        if real[r]:
            rr = list(real)
            rr[r] -= 1
            rec(i + 1, tuple(rr), jok, slots + [(r, r)])
        if i != anchor and r in kinds:
            for j, p in enumerate(jkinds):
                if jok[j]:
                    jj = list(jok)
                    jj[j] -= 1
                    rec(i + 1, real, tuple(jj), slots + [(r, p)])

    rec(0, real, jok, [])
    return out


def _joker_groups(jok, jkinds, kinds, n_sets: int, n_pairs: int):
    """Every way for the jokers left to make ``n_sets`` sets and ``n_pairs`` pairs alone."""
    phys = [p for j, p in enumerate(jkinds) for _ in range(jok[j])]
    if len(phys) != 3 * n_sets + 2 * n_pairs:
        return set()
    ks = sorted(kinds)
    sets = [("pung", (k, k, k)) for k in ks] + [("chow", (s, s + 1, s + 2)) for s in ks
                                                if s < 27 and s % 9 <= 6 and {s + 1, s + 2} <= kinds]
    pairs = [("pair", (k, k)) for k in ks]
    out = set()
    for ss in combinations_with_replacement(sets, n_sets):
        for pp in combinations_with_replacement(pairs, n_pairs):
            shapes = list(ss) + list(pp)
            for order in _orderings(tuple(phys)):
                groups, at = [], 0
                for kind, reps in shapes:
                    groups.append((kind, tuple(sorted(zip(reps, order[at:at + len(reps)])))))
                    at += len(reps)
                out.add(tuple(sorted(groups)))
    return out


def _orderings(items: Tuple[int, ...]):
    if not items:
        yield ()
        return
    for x in sorted(set(items)):
        rest = list(items)
        rest.remove(x)
        for tail in _orderings(tuple(rest)):
            yield (x,) + tail


def _split(real: Tuple[int, ...], jok: Tuple[int, ...], jkinds: Tuple[int, ...], kinds: frozenset,
           n_sets: int, n_pairs: int, chows: bool):
    """Sets of sorted group tuples splitting real tiles + jokers into the sets and pairs."""
    @lru_cache(maxsize=None)
    def rec(real, jok, n_sets, n_pairs):
        t = next((i for i, c in enumerate(real) if c), -1)
        if t < 0:
            return frozenset(_joker_groups(jok, jkinds, kinds, n_sets, n_pairs))
        res = set()
        shapes = []
        if n_pairs:
            shapes.append(("pair", (t, t), 0))
        if n_sets:
            shapes.append(("pung", (t, t, t), 0))
            if chows:
                for s in _chow_starts(t, kinds | {t}):
                    shapes.append(("chow", (s, s + 1, s + 2), t - s))
        for kind, reps, anchor in shapes:
            for slots, r2, j2 in _fills(reps, anchor, real, jok, jkinds, kinds):
                for rest in rec(r2, j2, n_sets - (kind != "pair"), n_pairs - (kind == "pair")):
                    res.add(tuple(sorted(((kind, slots),) + rest)))
        return frozenset(res)

    return rec(real, jok, n_sets, n_pairs)


def _orphans(real, jok, jkinds, kinds):
    """Thirteen orphans: each orphan once and one of them twice, jokers filling the holes."""
    if any(c for i, c in enumerate(real) if c and i not in ORPHANS):
        return set()
    phys = tuple(p for j, p in enumerate(jkinds) for _ in range(jok[j]))
    out = set()
    for dup in ORPHANS:
        need = {t: 1 + (t == dup) for t in ORPHANS}
        if any(real[t] > need[t] for t in ORPHANS):
            continue
        holes = [t for t in ORPHANS for _ in range(need[t] - real[t])]
        if len(holes) != len(phys) or any(h not in kinds for h in holes):
            continue
        for order in _orderings(phys):
            slots = {t: [(t, t)] * real[t] for t in ORPHANS}
            for h, p in zip(holes, order):
                slots[h] = slots[h] + [(h, p)]
            out.add(tuple(sorted(("pair" if t == dup else "single", tuple(sorted(slots[t]))) for t in ORPHANS)))
    return out


def _knitted(real, jok, jkinds, kinds, honors):
    """14 distinct tiles, each of one knitting (147 258 369 in three different suits) or one of
    ``honors``: real tiles once each, the jokers in kinds no real tile holds (every choice)."""
    if any(c > 1 for c in real) or sum(real) + sum(jok) != 14:
        return set()
    phys = tuple(p for j, p in enumerate(jkinds) for _ in range(jok[j]))
    out = set()
    for perm in permutations(range(3)):
        allowed = {9 * s + perm[s] + 3 * i for s in range(3) for i in range(3)} | set(honors)
        held = {t for t in range(34) if real[t]}
        if not held <= allowed:
            continue
        free = sorted((allowed - held) & kinds)
        for holes in combinations(free, len(phys)):
            for order in _orderings(phys):
                groups = [("single", ((t, t),)) for t in sorted(held)]
                groups += [("single", ((h, p),)) for h, p in zip(holes, order)]
                out.add(tuple(sorted(groups)))
    return out


def _knitted_pair(real):
    """通称 十三不靠: the nine tiles of one knitting once each and five honours of four kinds, one twice."""
    honors = real[27:]
    if sorted(x for x in honors if x) != [1, 1, 1, 2]:
        return set()
    held = {t for t in range(27) if real[t]}
    if any(real[t] > 1 for t in held):
        return set()
    for perm in permutations(range(3)):
        if held == {9 * s + perm[s] + 3 * i for s in range(3) for i in range(3)}:
            groups = [("single", ((t, t),)) for t in sorted(held)]
            groups += [("pair" if real[t] == 2 else "single", ((t, t),) * real[t]) for t in range(27, 34) if real[t]]
            return {tuple(sorted(groups))}
    return set()


def readings(counts: Sequence[int], *, n_sets: int, win_tile: int, jokers: Iterable[int], kinds: Iterable[int],
             seven_pairs: bool = False, quads_as_two_pairs: bool = True, thirteen_orphans: bool = False,
             chows: bool = True, meld_tiles: Sequence[int] = (), allow_fifth_copy: bool = True,
             every_win_slot: bool = True, any_honors: Union[bool, str] = False, eight_pairs: bool = False,
             any_jokers: int = 0, knit_honors: Sequence[int] = (), knit_pair: bool = False) -> List[Reading]:
    """Every reading of ``counts`` (the concealed tiles, winning tile included): ``n_sets`` sets
    and a pair, seven pairs, thirteen orphans. ``jokers``: the joker kinds (every copy in the hand
    is a joker); ``kinds``: the kinds a joker may stand for (the rule set's tile set);
    ``meld_tiles``: the tiles of the declared melds (for ``allow_fifth_copy=False``);
    ``every_win_slot``: one reading per distinct place of the winning tile (else the first);
    ``any_honors``: a hand of honors only (melds included) also wins in any shape (form
    ``any_shape``, one group ``"any"``; a joker that is not an honor stands for 东; ``"258"``: a hand
    without jokers whose every tile is a 2, 5 or 8 instead, 长沙 將將和); ``eight_pairs``:
    eight pairs and a single without any joker tile (16-tile play); ``any_jokers``: a hand holding
    that many joker tiles also wins in any shape (every joker at its own face); ``knit_honors``: the
    form ``honors_and_knitted`` (14 distinct tiles of one knitting and these honors) without melds;
    ``knit_pair``: the form ``knitted_pair`` (the nine knitted tiles and five honours with one pair, 通称
    十三不靠) without melds or jokers.
    """
    kinds = frozenset(kinds)
    jkinds = tuple(sorted(set(jokers)))
    real = tuple(0 if i in jkinds else c for i, c in enumerate(counts))
    jok = tuple(counts[p] for p in jkinds)
    splits = [("standard", g) for g in _split(real, jok, jkinds, kinds, n_sets, 1, chows)]
    if seven_pairs:
        limit = 2 if quads_as_two_pairs else 1
        for g in _split(real, jok, jkinds, kinds, 0, 7, chows):
            reps = [slots[0][0] for _, slots in g]
            if all(reps.count(r) <= limit for r in reps):
                splits.append(("seven_pairs", g))
    if thirteen_orphans:
        splits += [("thirteen_orphans", g) for g in _orphans(real, jok, jkinds, kinds)]
    if any_honors == "258" and not sum(jok) and all(t < 27 and t % 9 in (1, 4, 7) for t in range(34) if real[t]) \
            and all(t < 27 and t % 9 in (1, 4, 7) for t in meld_tiles):
        slots = [(t, t) for t in range(27) for _ in range(real[t])]
        splits.append(("any_shape", (("any", tuple(sorted(slots))),)))
    elif any_honors and any_honors != "258" and not any(real[:27]) and all(t >= 27 for t in meld_tiles):
        slots = [(t, t) for t in range(27, 34) for _ in range(real[t])]
        slots += [(p if p >= 27 else 27, p) for j, p in enumerate(jkinds) for _ in range(jok[j])]
        splits.append(("any_shape", (("any", tuple(sorted(slots))),)))
    if any_jokers and sum(jok) >= any_jokers:
        slots = [(t, t) for t in range(34) for _ in range(real[t])]
        slots += [(p, p) for j, p in enumerate(jkinds) for _ in range(jok[j])]
        splits.append(("any_shape", (("any", tuple(sorted(slots))),)))
    if eight_pairs and not sum(jok) and not meld_tiles:
        odd = [t for t in range(34) if real[t] % 2]
        if len(odd) == 1 and (quads_as_two_pairs or all(x < 4 for x in real)):
            groups = [("pair", ((t, t), (t, t))) for t in range(34) for _ in range(real[t] // 2)]
            groups.append(("single", ((odd[0], odd[0]),)))
            splits.append(("eight_pairs", tuple(sorted(groups))))
    if knit_honors and not meld_tiles:
        splits += [("honors_and_knitted", g) for g in _knitted(real, jok, jkinds, kinds, knit_honors)]
    if knit_pair and not meld_tiles and not sum(jok):
        splits += [("knitted_pair", g) for g in _knitted_pair(real)]
    out = []
    for form, groups in sorted(splits):
        if not allow_fifth_copy and form != "any_shape":     # any_shape: a joker is "an honor", no kind
            held = list(meld_tiles)
            reps = [r for _, slots in groups for r, _ in slots] + held
            if any(reps.count(r) > 4 for r in set(reps)):
                continue
        seen = set()
        for gi, (_, slots) in enumerate(groups):
            for s in slots:
                if s[1] == win_tile and (groups[gi], s) not in seen:
                    seen.add((groups[gi], s))
                    out.append(Reading(form, groups, (gi, s)))
                    if not every_win_slot:
                        break
            if seen and not every_win_slot:
                break
    return out
