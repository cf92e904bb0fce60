"""Joker readings of a winning hand: what each joker stands for, and the groups it completes.

>>> import mjpy
>>> [str(r) for r in assignments("4566m123p789s111z", jokers=1)]
['3*45m 123p 789s 111z 66m', '456m 123p 789s 111z 66*m', '456*m 123p 789s 111z 66m']
>>> [str(r) for r in assignments("123m456p789s11z55z", jokers_by_scope={"dragon": 1})]
['123m 456p 789s 555*z 11z']

A :class:`Reading` is one way to see a winning hand with jokers: its ``form``, its ``groups`` (each
a :class:`Group`: kind, tile indices, positions held by jokers), the tiles the jokers stand for
(``jokers``) and how many jokers play their own face (``natural``). In text a joker is the tile it
stands for followed by ``*`` (``3*45m``: a joker as 3m completes 345m); a free group (below) is
``JJJ`` (free set) or ``JJ`` (free pair).

What counts as one reading
--------------------------
* **Values.** A joker stands for any of the 34 kinds. With ``allow_fifth_copy=False`` no kind may
  appear more than four times in the reading: real tiles + jokers standing for it + the tiles of
  declared melds given as :class:`mjpy.Meld` (a meld *count* carries no tiles).
* **Identity.** A group is ``(kind, tiles, joker_at)`` with ``tiles`` ascending and, among equal
  tiles, the real ones first, so ``joker_at`` (the positions held by jokers) is canonical. Two
  readings are the same iff they have the same form and the same multiset of groups; ``jokers`` and
  ``natural`` follow from the groups. Jokers are interchangeable: which physical joker plays which
  role is not a difference.
* **A joker where a real tile could stand** is allowed and is its own reading whenever the groups
  differ. ``4566m`` + one joker (the rest fixed) has three readings: ``3*45m 66m``,
  ``456m 66*m`` and ``456*m 66m``. The last two both read the joker as 6m, but in one it is in the
  pair and in the other in the sequence (scoring may care: 单钓, 财神 in the pair, ...).
* **Free groups.** A set or pair made only of jokers is *free*: ``Group("set", (None,)*3, ...)`` or
  ``Group("pair", (None, None), ...)``, standing for any set / pair. It is returned once, not once
  per tile it could be, with ``None`` for its jokers in :attr:`Reading.jokers`. A free group can
  always be realised (enough kinds are unused, also with ``allow_fifth_copy=False`` or, in seven
  pairs, with ``quads_as_two_pairs=False``). Free groups occur in the standard form, in the set and
  pair of 组合龙 and in seven pairs; the jokers of thirteen orphans and 全不靠 always get definite
  tiles (at most 13 or 720 readings even with 14 jokers).
* **Natural jokers** (``joker_tiles``). Every copy in ``hand`` of a kind in ``joker_tiles`` is a
  joker whose *face* is that kind (``jokers=`` adds jokers without a face). ``natural`` is the most
  jokers that can be read as their own face, ``sum over kinds v of min(jokers standing for v,
  joker faces v)``, counting the jokers of concrete groups only. The one exception to free groups:
  a set or pair of jokers only whose jokers are *all* read as their own faces (together with the
  other such groups of the reading: their tiles fit within the faces) is a concrete group, returned
  in addition to the free one; three 中 jokers give ``5*5*5*z`` (natural 3, 硬胡) as well as ``JJJ``
  (natural 0).
* **Order.** Substitutes (``len(jokers) - natural``; free-group jokers are substitutes) ascending,
  so 硬胡 comes first; then form (:data:`FORMS_ORDER`); then groups (special group, sets by lowest
  tile with pung before sequence, free sets, pairs, free pairs; ties by joker positions).

Scoped jokers (``jokers_by_scope``)
----------------------------------
``jokers_by_scope={scope: count}`` adds jokers that may stand only for part of the tiles (at most 8
of them): ``any`` (all 34 kinds), ``suit_m`` / ``suit_p`` / ``suit_s`` (1-9 of that suit),
``number`` (any suited tile), ``honor`` (1z-7z), ``wind`` (1z-4z), ``dragon`` (5z-7z) and ``pung``
(any kind, but only as a member of a pung of the standard form: never in a sequence, the pair, seven
pairs, thirteen orphans or the knitted forms). ``jokers=`` are ``any`` jokers; ``joker_tiles``
cannot be combined with scopes (a face joker's scope is not defined).

* **Concrete readings.** A reading is kept when its jokers can be matched one to one to the
  positions they fill, each joker to a position whose tile is in its scope (a bipartite matching;
  pung jokers only to positions of ``pung`` groups of the standard form). Which joker takes which
  position is not part of the reading.
* **Free groups stay exact.** ``JJJ`` / ``JJ`` now stand for *every* set / pair that the jokers
  matched to them can form within their scopes (jointly with the rest of the reading: the other
  free groups, and the four-copy limit when ``allow_fifth_copy=False``, or one pair per kind in
  seven pairs without ``quads_as_two_pairs``); a reading with free groups is kept when at least one
  such realisation exists. Three dragon jokers give ``JJJ`` meaning "a dragon pung"; two pung jokers
  and an ``any`` joker give ``JJJ`` meaning "any pung". Expanding every free group into its fitting
  concrete realisations gives exactly the concrete readings of the hand.

>>> [str(r) for r in assignments("123m456p789s11z", jokers_by_scope={"pung": 3})]
['123m 456p 789s JJJ 11z']
>>> assignments("123m456p789s111z5p", jokers_by_scope={"suit_m": 1})
Traceback (most recent call last):
    ...
ValueError: not a winning hand with these joker scopes: no reading fits them

Forms: ``standard`` (M sets + pair, M = 4 - melds, or 5 - melds when ``hand_size=16``),
``seven_pairs`` (concealed 13-tile play; a kind gives at most one pair, or two with
``quads_as_two_pairs``), ``thirteen_orphans`` and, with ``"knitted"`` in ``forms``,
``honors_and_knitted`` (全不靠: 14 distinct tiles from one 147/258/369 knitting + honors) and
``knitted_straight`` (组合龙: the nine knitted tiles + the rest as sets and pair), as in
:func:`mjpy.decompositions`.
"""
from __future__ import annotations

import operator
from itertools import combinations
from itertools import combinations_with_replacement, permutations
from typing import Dict, List, Mapping, NamedTuple, Optional, Tuple

import numpy as np
from mjcore.analysis import is_win
from mjcore.options import DEFAULT_FORMS, check_hand_size, forms_mask
from mjcore.types import Decomposition

from .notation import parse
from .tiles import tile_index

__all__ = ["assignments", "Reading", "Group", "FORMS_ORDER", "SCOPES"]

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONORS = tuple(range(27, 34))
KNITTED_PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
KNITTED_NINES = tuple(tuple(9 * s + perm[s] + 3 * j for s in range(3) for j in range(3))
                      for perm in KNITTED_PERMS)

#: Order of the forms in the result (after the number of substitutes).
FORMS_ORDER = ("standard", "seven_pairs", "thirteen_orphans", "honors_and_knitted", "knitted_straight")
_FORM_RANK = {f: i for i, f in enumerate(FORMS_ORDER)}
_BIT_STANDARD, _BIT_SEVEN, _BIT_ORPHANS, _BIT_KNITTED = 1, 2, 4, 8
_SUITS = "mpsz"


# ---------------------------------------------------------------------------------------------
# result types

class Group(NamedTuple):
    """One group of a reading: ``kind``, ``tiles`` (ascending indices) and ``joker_at``.

    ``kind`` is ``seq``, ``pung``, ``pair``, ``set`` (a free set: three jokers, ``tiles`` all None),
    ``knitted`` (the nine tiles of 组合龙), ``thirteen_orphans`` or ``honors_and_knitted`` (the
    14 tiles of those forms). A free pair is a ``pair`` whose ``tiles`` are None. ``joker_at`` lists
    the positions in ``tiles`` held by jokers; among equal tiles real ones come first.

    >>> str(Group("seq", (3, 4, 5), (1,))), str(Group("pair", (None, None), (0, 1)))
    ('45*6m', 'JJ')
    """

    kind: str
    tiles: Tuple[Optional[int], ...]
    joker_at: Tuple[int, ...] = ()

    @property
    def free(self) -> bool:
        """True for a group of jokers only that stands for any set / pair."""
        return self.tiles[0] is None

    @property
    def joker_values(self) -> Tuple[Optional[int], ...]:
        """The tiles the jokers of this group stand for (None in a free group)."""
        return tuple(self.tiles[i] for i in self.joker_at)

    def __str__(self) -> str:
        if self.free:
            return "J" * len(self.tiles)
        jokers = set(self.joker_at)
        out, suit = [], None
        for pos, t in enumerate(self.tiles):
            s = "z" if t >= 27 else _SUITS[t // 9]
            if suit is not None and s != suit:
                out.append(suit)
            suit = s
            out.append(str(t - 26 if t >= 27 else t % 9 + 1) + ("*" if pos in jokers else ""))
        out.append(suit)
        return "".join(out)


class Reading(NamedTuple):
    """One reading of a winning hand with jokers (see the module docstring for the rule).

    ``form``: ``standard``, ``seven_pairs``, ``thirteen_orphans``, ``honors_and_knitted`` or
    ``knitted_straight``. ``groups``: the concealed part's groups (declared melds are not repeated),
    the special group first, then sets, then pairs, free groups after concrete ones. ``jokers``: the
    tiles the jokers stand for, ascending, then one ``None`` per joker of a free group.
    ``natural``: how many jokers are read as their own face (``joker_tiles``).
    """

    form: str
    groups: Tuple[Group, ...]
    jokers: Tuple[Optional[int], ...]
    natural: int = 0

    @property
    def substitutes(self) -> int:
        """Jokers standing for another tile (all jokers but the natural ones): 0 is 硬胡."""
        return len(self.jokers) - self.natural

    @property
    def free_groups(self) -> int:
        """Number of free groups (jokers only, standing for any set / pair)."""
        return sum(1 for g in self.groups if g.free)

    def decomposition(self) -> Decomposition:
        """The equivalent :class:`mjpy.Decomposition` (jokers replaced by the tiles they stand for).

        Raises ValueError when free groups remain (they stand for no definite tile).
        """
        if self.free_groups:
            raise ValueError(f"reading {self} has free groups of jokers: no definite decomposition")
        sets = tuple(sorted(((g.kind, g.tiles[0]) for g in self.groups if g.kind in ("seq", "pung")),
                            key=lambda s: (s[1], s[0] == "seq")))
        pairs = [g.tiles[0] for g in self.groups if g.kind == "pair"]
        if self.form == "standard":
            return Decomposition("standard", sets, pairs[0])
        if self.form == "seven_pairs":
            return Decomposition("seven_pairs", pairs=tuple(sorted(pairs)))
        special = self.groups[0].tiles
        if self.form == "thirteen_orphans":
            pair = next(t for i, t in enumerate(special) if i and special[i - 1] == t)
            return Decomposition("thirteen_orphans", pair=pair, tiles=ORPHANS)
        if self.form == "honors_and_knitted":
            return Decomposition("honors_and_knitted", tiles=special)
        return Decomposition("knitted_straight", sets, pairs[0], tiles=special)

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)


# ---------------------------------------------------------------------------------------------
# argument handling (validation itself is the kernel's, through is_win)

def _joker_kinds(joker_tiles) -> Tuple[int, ...]:
    """Kinds named by ``joker_tiles`` (already checked by the kernel): a tile or a list of tiles."""
    if joker_tiles is None:
        return ()
    if isinstance(joker_tiles, (str, int, np.integer)):
        joker_tiles = [joker_tiles]
    return tuple(sorted({tile_index(t) for t in joker_tiles}))


def _counts(hand) -> List[int]:
    if isinstance(hand, str):
        return [int(x) for x in parse(hand)]
    if isinstance(hand, (bytes, bytearray)):
        return list(hand)
    return [int(x) for x in hand]


def _materialize(x):
    """Turn a one-shot iterable into a list so that the kernel and this module see the same values."""
    if isinstance(x, (str, bytes, bytearray, list, tuple, np.ndarray, int, np.integer)) or x is None:
        return x
    try:
        return list(x)
    except TypeError:
        return x  # let the kernel name the problem


# ---------------------------------------------------------------------------------------------
# scoped jokers

#: The kinds each joker scope may stand for ("pung": any kind, in a pung of the standard form only).
SCOPES: Dict[str, frozenset] = {
    "any": frozenset(range(34)),
    "suit_m": frozenset(range(0, 9)),
    "suit_p": frozenset(range(9, 18)),
    "suit_s": frozenset(range(18, 27)),
    "number": frozenset(range(27)),
    "honor": frozenset(range(27, 34)),
    "wind": frozenset(range(27, 31)),
    "dragon": frozenset(range(31, 34)),
    "pung": frozenset(range(34)),
}
_MAX_SCOPED = 8


def _check_scopes(jokers_by_scope) -> Dict[str, int]:
    """Validated ``{scope: count}`` without zero counts (one-line TypeError / ValueError)."""
    if not isinstance(jokers_by_scope, Mapping):
        raise TypeError(f"jokers_by_scope must be a dict scope -> count, got {type(jokers_by_scope).__name__}")
    out: Dict[str, int] = {}
    for scope, n in jokers_by_scope.items():
        if not isinstance(scope, str) or scope not in SCOPES:
            raise ValueError(f"jokers_by_scope: unknown scope {scope!r} (known: {', '.join(SCOPES)})")
        if isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)):
            raise TypeError(f"jokers_by_scope[{scope!r}] must be an int, got {type(n).__name__}")
        if n < 0:
            raise ValueError(f"jokers_by_scope[{scope!r}] is negative ({int(n)})")
        if n:
            out[scope] = int(n)
    total = sum(out.values())
    if total > _MAX_SCOPED:
        raise ValueError(f"jokers_by_scope holds {total} jokers: at most {_MAX_SCOPED}")
    return out


def _fits(scope: str, v: int, pung_slot: bool) -> bool:
    return v in SCOPES[scope] and (scope != "pung" or pung_slot)


_SETS = tuple((v, v, v) for v in range(34)) + tuple((v, v + 1, v + 2) for v in range(27) if v % 9 <= 6)
_PAIRS = tuple((v, v) for v in range(34))
_REAL_CACHE: dict = {}


def _realisations(scopes: Tuple[str, ...], kind: str, pung_slots: bool) -> Tuple[Tuple[int, ...], ...]:
    """Concrete sets / pairs a free group of jokers with these scopes can stand for."""
    key = (scopes, kind, pung_slots)
    got = _REAL_CACHE.get(key)
    if got is None:
        cands = _SETS if kind == "set" else _PAIRS
        got = tuple(tiles for tiles in cands
                    if any(all(_fits(s, t, pung_slots and len(tiles) == 3 and tiles[0] == tiles[2])
                               for s, t in zip(perm, tiles)) for perm in set(permutations(scopes))))
        _REAL_CACHE[key] = got
    return got


def _match(positions, pool: Tuple[Tuple[str, int], ...]) -> bool:
    """Can the jokers of ``pool`` fill ``positions`` ((tile, pung slot) each) one to one?"""
    jokers = [s for s, n in pool for _ in range(n)]
    if len(jokers) != len(positions):
        return False
    taken = [-1] * len(positions)       # position -> joker holding it (Kuhn's augmenting paths)

    def augment(j, seen):
        for p, (v, slot) in enumerate(positions):
            if p not in seen and _fits(jokers[j], v, slot):
                seen.add(p)
                if taken[p] < 0 or augment(taken[p], seen):
                    taken[p] = j
                    return True
        return False

    return all(augment(j, set()) for j in range(len(jokers)))


def _scoped_ok(r: "Reading", pool: Dict[str, int], tot: List[int], cap: bool, quads: bool) -> bool:
    """Is there a matching of the scoped jokers to the reading (free groups realised jointly)?"""
    positions, free = [], []
    counts = list(tot)
    for g in r.groups:
        if g.free:
            free.append(g.kind)
            continue
        slot = g.kind == "pung" and r.form == "standard"
        for p in g.joker_at:
            positions.append((g.tiles[p], slot))
            counts[g.tiles[p]] += 1
    if r.form == "seven_pairs":
        limit = 4 if quads else 2      # kinds of seven pairs never exceed these counts
    else:
        limit = 4 if cap else None
    pung_slots = r.form == "standard"
    memo = {}

    def search(i, left, counts):
        key = (i, left, tuple(counts) if limit is not None else None)
        if key in memo:
            return memo[key]
        ok = False
        if i == len(free):
            ok = _match(positions, left)
        else:
            size = 3 if free[i] == "set" else 2
            names = [s for s, n in left]
            for S in combinations_with_replacement(names, size):
                rest = dict(left)
                for s in S:
                    rest[s] -= 1
                if any(n < 0 for n in rest.values()):
                    continue
                rest_t = tuple((s, n) for s, n in rest.items() if n)
                for tiles in _realisations(S, free[i], pung_slots):
                    if limit is not None:
                        for t in tiles:
                            counts[t] += 1
                        fits = all(counts[t] <= limit for t in tiles)
                        ok = fits and search(i + 1, rest_t, counts)
                        for t in tiles:
                            counts[t] -= 1
                    else:
                        ok = search(i + 1, rest_t, counts)
                        if not ok:
                            break       # without a limit the realisation does not matter
                    if ok:
                        break
                if ok:
                    break
        memo[key] = ok
        return ok

    return search(0, tuple(sorted(pool.items())), counts)


# ---------------------------------------------------------------------------------------------
# standard form: cover the real tiles by groups that hold at least one real tile

def _build_options():
    """For each tile i: the groups whose lowest *real* tile is i, in a fixed order.

    Each option: (is_set, need ((tile, n), ...), joker values ((tile, n), ...), n_jokers, (kind, tiles, joker_at)).
    """
    table = []
    for i in range(34):
        opts = []

        def add(is_set, kind, tiles, joker_at):
            need, jv = {}, {}
            for pos, t in enumerate(tiles):
                d = jv if pos in joker_at else need
                d[t] = d.get(t, 0) + 1
            opts.append((is_set, tuple(need.items()), tuple(jv.items()), len(joker_at),
                         (kind, tiles, tuple(joker_at))))

        for r in (3, 2, 1):
            add(True, "pung", (i, i, i), tuple(range(r, 3)))
        if i < 27:
            rank = i % 9
            if rank <= 6:
                for j1 in (False, True):
                    for j2 in (False, True):
                        add(True, "seq", (i, i + 1, i + 2), tuple(p for p, j in ((1, j1), (2, j2)) if j))
            if 1 <= rank <= 7:
                for j2 in (False, True):
                    add(True, "seq", (i - 1, i, i + 1), (0, 2) if j2 else (0,))
            if rank >= 2:
                add(True, "seq", (i - 2, i - 1, i), (0, 1))
        for r in (2, 1):
            add(False, "pair", (i, i), tuple(range(r, 2)))
        table.append(tuple(opts))
    return tuple(table)


_OPTIONS = _build_options()


def _cover(c, i, start, J, S, P, tot, cap, acc, out):
    """Every multiset of groups with real tiles covering ``c`` exactly (each group keyed by its lowest
    real tile and option index, taken in order, so each multiset is produced once)."""
    while i < 34 and not c[i]:
        i += 1
        start = 0
    if i == 34:
        out.append((tuple(acc), S, P))
        return
    opts = _OPTIONS[i]
    for o in range(start, len(opts)):
        is_set, need, jv, nj, g = opts[o]
        if nj > J or (S == 0 if is_set else P == 0):
            continue
        ok = True
        for t, n in need:
            if c[t] < n:
                ok = False
                break
        if not ok:
            continue
        if cap:
            for t, n in jv:
                if tot[t] + n > 4:
                    ok = False
                    break
            if not ok:
                continue
        for t, n in need:
            c[t] -= n
        for t, n in jv:
            tot[t] += n
        acc.append(g)
        if is_set:
            _cover(c, i, o, J - nj, S - 1, P, tot, cap, acc, out)
        else:
            _cover(c, i, o, J - nj, S, P - 1, tot, cap, acc, out)
        acc.pop()
        for t, n in need:
            c[t] += n
        for t, n in jv:
            tot[t] -= n


def _natural_sets(faces):
    """Sets made of three jokers all read as their own faces (faces: kind -> count), in a fixed order."""
    out = []
    for v in sorted(faces):
        if faces[v] >= 3:
            out.append(("pung", (v, v, v), (0, 1, 2)))
        if v < 27 and v % 9 <= 6 and faces.get(v + 1) and faces.get(v + 2):
            out.append(("seq", (v, v + 1, v + 2), (0, 1, 2)))
    return out


def _free_fill(S, P, faces, tot, cap):
    """Ways to fill S free sets and P free pairs: lists of concrete all-natural groups + free ones.

    Without faces this is just the free groups. Each result: (natural groups, n free sets, n free pairs).
    """
    if not faces or not (S or P):
        return [((), S, P)]
    res = []
    left = dict(faces)
    cands = _natural_sets(faces)
    chosen = []

    def use(g, sign):
        for t in g[1]:
            left[t] -= sign
            tot[t] += sign

    def fits(g):
        need = {}
        for t in g[1]:
            need[t] = need.get(t, 0) + 1
        return all(left.get(t, 0) >= n and (not cap or tot[t] + n <= 4) for t, n in need.items())

    def pairs_step(sets_left):
        res.append((tuple(chosen), sets_left, P))
        for p in range(P):  # P is 0 or 1 in the standard form
            for v in sorted(left):
                g = ("pair", (v, v), (0, 1))
                if fits(g):
                    use(g, 1)
                    res.append((tuple(chosen) + (g,), sets_left, P - 1))
                    use(g, -1)

    def sets_step(start, sets_left):
        pairs_step(sets_left)
        if not sets_left:
            return
        for k in range(start, len(cands)):
            g = cands[k]
            if fits(g):
                use(g, 1)
                chosen.append(g)
                sets_step(k, sets_left - 1)
                chosen.pop()
                use(g, -1)

    sets_step(0, S)
    return res


# ---------------------------------------------------------------------------------------------
# assembling readings

_CLASS = {"thirteen_orphans": 0, "honors_and_knitted": 0, "knitted": 0, "pung": 1, "seq": 1, "set": 2, "pair": 3}


def _gkey(g):
    """Special group, then sets by lowest tile (pung before seq), free sets, pairs, free pairs."""
    kind, tiles, joker_at = g
    free = tiles[0] is None
    return (_CLASS[kind] + (1 if free and kind == "pair" else 0), tuple(99 if free else t for t in tiles),
            kind == "seq", joker_at)


def _order_groups(groups):
    return sorted(groups, key=_gkey)


def _reading(form, groups, faces):
    groups = _order_groups(groups)
    vals = []
    n_free = 0
    for kind, tiles, joker_at in groups:
        if tiles[0] is None:
            n_free += len(tiles)
        else:
            vals.extend(tiles[p] for p in joker_at)
    vals.sort()
    natural = 0
    if faces and vals:
        seen = {}
        for v in vals:
            seen[v] = seen.get(v, 0) + 1
        natural = sum(min(n, faces.get(v, 0)) for v, n in seen.items())
    return Reading(form, tuple(Group(*g) for g in groups), tuple(vals) + (None,) * n_free, natural)


_FREE_SET = ("set", (None, None, None), (0, 1, 2))
_FREE_PAIR = ("pair", (None, None), (0, 1))


def _standard(c, J, S, P, tot, cap, faces, form, prefix, out):
    """Readings of the real tiles ``c`` as S sets + P pairs with J jokers, after the groups ``prefix``."""
    found = []
    _cover(c, 0, 0, J, S, P, tot, cap, [], found)
    for groups, s, p in found:
        if not faces:
            out.append(_reading(form, prefix + groups + (_FREE_SET,) * s + (_FREE_PAIR,) * p, faces))
            continue
        used = [(tiles[i], 1) for _, tiles, joker_at in groups for i in joker_at]
        for t, n in used:       # the natural groups below must respect the copies these jokers take
            tot[t] += n
        for nat, fs, fp in _free_fill(s, p, faces, tot, cap):
            out.append(_reading(form, prefix + groups + nat + (_FREE_SET,) * fs + (_FREE_PAIR,) * fp, faces))
        for t, n in used:
            tot[t] -= n


def _seven_pairs(c, k, quads, faces, out):
    """Concrete pairs hold >= 1 real tile: per kind, a real-real pairs and b real-joker pairs."""
    most = 2 if quads else 1
    per_kind = []
    for v in range(34):
        n = c[v]
        if not n:
            continue
        choices = [(a, n - 2 * a) for a in range(n // 2 + 1) if n - 2 * a >= 0 and a + (n - 2 * a) <= most]
        if not choices:
            return
        per_kind.append((v, choices))
    acc = []

    def rec(idx, jokers_left):
        if idx == len(per_kind):
            if jokers_left % 2:
                return
            f = jokers_left // 2
            for nat in _natural_pairs(f, faces, most):
                groups = tuple(acc) + nat + (_FREE_PAIR,) * (f - len(nat))
                out.append(_reading("seven_pairs", groups, faces))
            return
        v, choices = per_kind[idx]
        for a, b in choices:
            if b > jokers_left:
                continue
            acc.extend([("pair", (v, v), ())] * a + [("pair", (v, v), (1,))] * b)
            rec(idx + 1, jokers_left - b)
            del acc[len(acc) - a - b:]

    rec(0, k)


def _natural_pairs(f, faces, most):
    """Pairs of two jokers both read as their own face (faces are kinds with no real copies)."""
    res = [()]
    if not faces or not f:
        return res
    kinds = sorted(faces)
    acc = []

    def rec(idx, left):
        if idx == len(kinds):
            if acc:
                res.append(tuple(acc))
            return
        v = kinds[idx]
        for n in range(min(faces[v] // 2, most, left) + 1):
            acc.extend([("pair", (v, v), (0, 1))] * n)
            rec(idx + 1, left - n)
            if n:
                del acc[-n:]

    rec(0, f)
    return res


def _thirteen_orphans(c, k, faces, out):
    if any(c[v] for v in range(34) if v not in ORPHANS) or any(c[v] > 2 for v in ORPHANS):
        return
    doubled = [v for v in ORPHANS if c[v] == 2]
    if len(doubled) > 1:
        return
    for p in (doubled or ORPHANS):
        tiles, joker_at = [], []
        for v in ORPHANS:
            need = 2 if v == p else 1
            for m in range(need):
                if m >= c[v]:
                    joker_at.append(len(tiles))
                tiles.append(v)
        if len(joker_at) == k:
            out.append(_reading("thirteen_orphans", (("thirteen_orphans", tuple(tiles), tuple(joker_at)),), faces))


def _knitted(c, k, melds, tot, cap, faces, out):
    for nine in KNITTED_NINES:
        if melds == 0 and max(c) <= 1:
            pool = nine + HONORS
            if all(c[v] == 0 or v in pool for v in range(34)):
                missing = [v for v in pool if not c[v]]
                for fill in combinations(missing, k):
                    tiles = tuple(sorted(tuple(v for v in pool if c[v]) + fill))
                    joker_at = tuple(i for i, t in enumerate(tiles) if t in fill)
                    out.append(_reading("honors_and_knitted", (("honors_and_knitted", tiles, joker_at),), faces))
        # 组合龙: each of the nine slots is a real tile or a joker (a joker also where a real copy exists)
        optional = [v for v in nine if c[v]]
        forced = [v for v in nine if not c[v]]
        if len(forced) > k or (cap and any(tot[v] >= 4 for v in forced)):
            continue
        for n in range(len(optional) + 1):
            if len(forced) + n > k:
                break
            for extra in combinations(optional, n):
                as_joker = set(forced) | set(extra)
                if cap and any(tot[v] >= 4 for v in extra):
                    continue
                for v in nine:
                    if v in as_joker:
                        tot[v] += 1
                    else:
                        c[v] -= 1
                group = ("knitted", nine, tuple(i for i, v in enumerate(nine) if v in as_joker))
                _standard(c, k - len(as_joker), 1 - melds, 1, tot, cap, faces, "knitted_straight", (group,), out)
                for v in nine:
                    if v in as_joker:
                        tot[v] -= 1
                    else:
                        c[v] += 1


def _sort_key(r: Reading):
    return (r.substitutes, _FORM_RANK[r.form], tuple(_gkey(g) for g in r.groups))


def assignments(hand, *, jokers=0, joker_tiles=None, melds=0, forms=DEFAULT_FORMS,
                quads_as_two_pairs=True, allow_fifth_copy=True, hand_size=13,
                jokers_by_scope: Optional[Mapping[str, int]] = None) -> List[Reading]:
    """Every distinct reading of a winning hand with jokers, as :class:`Reading` (see the module doc).

    ``hand``: the real tiles (notation, 34 counts, ...); ``jokers``: jokers held apart from the
    counts; ``joker_tiles``: kinds whose copies in ``hand`` are jokers (their face is that kind);
    ``jokers_by_scope``: more jokers held apart, ``{scope: count}``, each standing only for the
    tiles of its scope (:data:`SCOPES`; see "Scoped jokers" in the module doc).
    Raises ValueError when the hand is not a win (the message and argument checks are
    :func:`mjpy.is_win`'s) or when no reading fits the scopes.

    >>> rs = assignments("4566m123p789s11z", jokers_by_scope={"pung": 1, "any": 1})
    >>> len(assignments("4566m123p789s11z", jokers=2)), len(rs)     # the pung joker needs a pung
    (11, 6)
    >>> [str(r) for r in rs][:2]
    ['3*45m 666*m 123p 789s 11z', '3*45m 123p 789s 111*z 66m']

    >>> rs = assignments("123m456p789s11z555z", joker_tiles="5z")    # the three 中 are jokers
    >>> [(str(r), r.natural, r.substitutes) for r in rs[:2]]
    [('123m 456p 789s 5*5*5*z 11z', 3, 0), ('123m 456p 789s 111*z 5*5*z', 2, 1)]
    >>> [str(r) for r in rs if any(g.kind == "set" for g in r.groups)]     # three jokers: one free set
    ['123m 456p 789s JJJ 11z']
    """
    hand = _materialize(hand)
    melds = _materialize(melds)
    joker_tiles = _materialize(joker_tiles)
    scoped: Dict[str, int] = {}
    if jokers_by_scope is not None:
        scoped = _check_scopes(jokers_by_scope)
        if joker_tiles is not None:
            raise ValueError("jokers_by_scope cannot be combined with joker_tiles")
        if isinstance(jokers, (bool, np.bool_)) or not isinstance(jokers, (int, np.integer)):
            raise TypeError(f"jokers must be an int, got {type(jokers).__name__}")
        if jokers < 0:
            raise ValueError(f"jokers is negative ({int(jokers)})")
        if jokers:
            scoped["any"] = scoped.get("any", 0) + int(jokers)
        jokers = sum(scoped.values())
    win = is_win(hand, melds=melds, forms=forms, jokers=jokers, joker_tiles=joker_tiles,
                 quads_as_two_pairs=quads_as_two_pairs, allow_fifth_copy=allow_fifth_copy,
                 hand_size=hand_size)
    if not win:
        raise ValueError("not a winning hand: no reading of the jokers completes it")
    hand_size = check_hand_size(hand_size)
    mask = forms_mask(forms)
    c = _counts(hand)
    faces = {}
    for v in _joker_kinds(joker_tiles):
        if c[v]:
            faces[v] = c[v]
            c[v] = 0
    k = operator.index(jokers) + sum(faces.values())
    tot = list(c)
    if isinstance(melds, (int, np.integer)):
        n_melds = int(melds)
    else:
        n_melds = len(melds)
        for m in melds:
            for t in m.tiles:
                tot[t] += 1
    cap = not allow_fifth_copy
    out: List[Reading] = []
    M = (4 if hand_size == 13 else 5) - n_melds
    if mask & _BIT_STANDARD:
        _standard(c, k, M, 1, tot, cap, faces, "standard", (), out)
    if hand_size == 13 and n_melds == 0:
        if mask & _BIT_SEVEN:
            _seven_pairs(c, k, quads_as_two_pairs, faces, out)
        if mask & _BIT_ORPHANS:
            _thirteen_orphans(c, k, faces, out)
    if hand_size == 13 and n_melds <= 1 and mask & _BIT_KNITTED:
        _knitted(c, k, n_melds, tot, cap, faces, out)
    if not out:  # the kernel's check and this enumeration agree (tested); never return an empty list
        raise ValueError("not a winning hand: no reading of the jokers completes it")
    if any(s != "any" for s in scoped):
        out = [r for r in out if _scoped_ok(r, scoped, tot, cap, quads_as_two_pairs)]
        if not out:
            raise ValueError("not a winning hand with these joker scopes: no reading fits them")
    out.sort(key=_sort_key)
    return out
