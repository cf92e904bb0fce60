"""Slow, independent reference implementation of mahjong hand analysis.

This module deliberately shares NO code with ``src/`` (neither ``mjcore`` nor
``mjpy``).  It is written to be obviously correct rather than fast:

* completeness is decided by plain recursive backtracking;
* shanten is computed from its *definition*: the minimum, over every complete
  target hand ``T`` of the allowed forms (a 34-count vector with every
  ``T_i <= 4``), of ``sum_i max(0, T_i - H_i)``, minus one.  No
  mentsu/taatsu counting heuristic is used anywhere.

Tile model (the project contract)
---------------------------------
A hand is a length-34 count vector.  0-8 = 1m-9m, 9-17 = 1p-9p,
18-26 = 1s-9s, 27-30 = 1z-4z (E S W N), 31 = 5z (中), 32 = 6z (发),
33 = 7z (白).  ``k`` is the number of declared melds; the concealed part must
hold ``n`` tiles with ``n + 3k`` in ``{13, 14}`` (``hand_size=13``) or
``{16, 17}`` (``hand_size=16``), and must supply ``M = 4 - k`` (resp.
``5 - k``) sets plus one pair.

Standard-form shanten is split by *block*: the three suits (9 positions,
sequences allowed) and the honors (7 positions, triplets only).  For every
block type and every ``(m sets, p pairs)`` with ``m <= 5`` and ``p <= 1`` the
full list of block targets (counts <= 4) is enumerated once; for a hand the
per-block minimum cost of every ``(m, p)`` is a vectorised min over that list
(cached by the block's count tuple), and the ``M`` sets and the one pair are
then split over the four blocks by brute force.  Because the blocks are
disjoint, the ``<= 4`` constraint of a whole-hand target is exactly the
conjunction of the per-block constraints, so this is the exact minimum over
whole-hand targets.
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

# --------------------------------------------------------------------------
# Tile constants
# --------------------------------------------------------------------------
N_KINDS = 34
SUIT_STARTS = (0, 9, 18)
HONOR_START = 27
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

FORMS_DEFAULT = ("standard", "seven_pairs", "thirteen_orphans")
FORMS_ALL = FORMS_DEFAULT + ("knitted",)
_KNOWN_FORMS = set(FORMS_ALL)

_HONOR_CHARS = {"东": 27, "南": 28, "西": 29, "北": 30, "中": 31, "发": 32, "白": 33}


def is_suited(t: int) -> bool:
    return t < 27


def _knitted_permutations():
    """The 6 knitted straights: each a tuple of 9 tile indices.

    Suit m/p/s (offsets 0/9/18) receives one of the classes {1,4,7},
    {2,5,8}, {3,6,9} (positions {0,3,6}, {1,4,7}, {2,5,8}); every
    assignment of classes to suits is one permutation.
    """
    classes = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
    out = []
    for perm in itertools.permutations(range(3)):
        tiles = []
        for suit_idx, cls in enumerate(perm):
            tiles.extend(SUIT_STARTS[suit_idx] + pos for pos in classes[cls])
        out.append(tuple(sorted(tiles)))
    return tuple(out)


KNITTED_STRAIGHTS = _knitted_permutations()


# --------------------------------------------------------------------------
# Notation (own tiny parser, independent of the project's notation module)
# --------------------------------------------------------------------------
def parse(text: str) -> np.ndarray:
    """Parse ``'123m456p789s1122z'`` style notation into a 34-count vector.

    Honors may also be written with the Chinese characters 东南西北中发白.
    Raises ValueError on anything else.  Counts above 4 are *not* rejected
    (the reference is sometimes fed 5-copy hands on purpose).
    """
    counts = np.zeros(N_KINDS, dtype=np.int64)
    pending: list[int] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            pending.append(int(ch))
        elif ch in "mps":
            off = {"m": 0, "p": 9, "s": 18}[ch]
            if not pending:
                raise ValueError(f"suit letter {ch!r} without digits in {text!r}")
            for d in pending:
                if not 1 <= d <= 9:
                    raise ValueError(f"bad digit {d} in {text!r}")
                counts[off + d - 1] += 1
            pending = []
        elif ch == "z":
            if not pending:
                raise ValueError(f"'z' without digits in {text!r}")
            for d in pending:
                if not 1 <= d <= 7:
                    raise ValueError(f"bad honor digit {d} in {text!r}")
                counts[27 + d - 1] += 1
            pending = []
        elif ch in _HONOR_CHARS:
            counts[_HONOR_CHARS[ch]] += 1
        else:
            raise ValueError(f"bad character {ch!r} in {text!r}")
    if pending:
        raise ValueError(f"trailing digits without suit in {text!r}")
    return counts


def tile_name(t: int) -> str:
    if t < 27:
        return f"{t % 9 + 1}{'mps'[t // 9]}"
    return f"{t - 26}z"


def to_str(counts) -> str:
    """Inverse of :func:`parse` (m/p/s/z notation)."""
    c = [int(x) for x in counts]
    parts = []
    for off, letter, size in ((0, "m", 9), (9, "p", 9), (18, "s", 9), (27, "z", 7)):
        digits = "".join(str(i + 1) * c[off + i] for i in range(size))
        if digits:
            parts.append(digits + letter)
    return "".join(parts)


# --------------------------------------------------------------------------
# Hand-shape bookkeeping
# --------------------------------------------------------------------------
def normalize_forms(forms) -> frozenset:
    if forms == "all":
        return frozenset(FORMS_ALL)
    if forms is None or forms == "default":
        return frozenset(FORMS_DEFAULT)
    if isinstance(forms, str):
        forms = (forms,)
    fs = frozenset(forms)
    unknown = fs - _KNOWN_FORMS
    if unknown:
        raise ValueError(f"unknown forms {sorted(unknown)}")
    return fs


def sets_needed(n: int, k: int, hand_size: int = 13) -> int:
    """``M``: number of sets the concealed part must supply; validates shape."""
    if hand_size not in (13, 16):
        raise ValueError("hand_size must be 13 or 16")
    if n + 3 * k not in (hand_size, hand_size + 1):
        raise ValueError(f"{n} concealed tiles + {k} melds is not a {hand_size}-tile hand")
    return (4 if hand_size == 13 else 5) - k


def _as_counts(counts) -> np.ndarray:
    if isinstance(counts, str):
        return parse(counts)
    c = np.asarray(counts, dtype=np.int64).reshape(-1)
    if c.shape != (N_KINDS,):
        raise ValueError("hand must have 34 counts")
    if (c < 0).any():
        raise ValueError("negative count")
    return c


def _forms_applicable(forms: frozenset, k: int, hand_size: int) -> dict:
    """Which special forms are possible for this meld count / play size."""
    thirteen = hand_size == 13
    return {
        "standard": "standard" in forms,
        "seven_pairs": "seven_pairs" in forms and k == 0 and thirteen,
        "thirteen_orphans": "thirteen_orphans" in forms and k == 0 and thirteen,
        "honors_knitted": "knitted" in forms and k == 0 and thirteen,   # 全不靠
        "knitted_straight": "knitted" in forms and k <= 1 and thirteen,  # 组合龙
    }


# --------------------------------------------------------------------------
# Completeness by recursive backtracking
# --------------------------------------------------------------------------
def _std_complete(c: list, sets_left: int, pair_left: int) -> bool:
    """Can ``c`` be split into exactly ``sets_left`` sets and ``pair_left`` pairs?

    Takes the lowest tile present; every group containing it must *start*
    at it (pair, triplet, or sequence beginning there).
    """
    i = 0
    while i < N_KINDS and c[i] == 0:
        i += 1
    if i == N_KINDS:
        return sets_left == 0 and pair_left == 0
    if pair_left and c[i] >= 2:
        c[i] -= 2
        ok = _std_complete(c, sets_left, pair_left - 1)
        c[i] += 2
        if ok:
            return True
    if sets_left and c[i] >= 3:
        c[i] -= 3
        ok = _std_complete(c, sets_left - 1, pair_left)
        c[i] += 3
        if ok:
            return True
    if sets_left and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _std_complete(c, sets_left - 1, pair_left)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        if ok:
            return True
    return False


def _seven_pairs_complete(c: list, quads_as_two_pairs: bool) -> bool:
    if sum(c) != 14:
        return False
    if quads_as_two_pairs:
        return all(x % 2 == 0 and x <= 4 for x in c)
    return all(x in (0, 2) for x in c) and sum(1 for x in c if x == 2) == 7


def _orphans_complete(c: list) -> bool:
    if sum(c) != 14:
        return False
    if any(c[i] for i in range(N_KINDS) if i not in ORPHANS):
        return False
    return all(1 <= c[i] <= 2 for i in ORPHANS)


def _honors_knitted_complete(c: list) -> bool:
    """全不靠: 14 distinct tiles from the 16 kinds of one knitted assignment."""
    if sum(c) != 14 or max(c) > 1:
        return False
    for ks in KNITTED_STRAIGHTS:
        allowed = set(ks) | set(range(27, 34))
        if all(c[i] == 0 or i in allowed for i in range(N_KINDS)):
            return True
    return False


def _knitted_straight_complete(c: list, k: int) -> bool:
    """组合龙: one whole knitted straight + (1-k) sets + 1 pair."""
    if sum(c) != 9 + 3 * (1 - k) + 2:
        return False
    for ks in KNITTED_STRAIGHTS:
        if all(c[t] >= 1 for t in ks):
            rest = list(c)
            for t in ks:
                rest[t] -= 1
            if _std_complete(rest, 1 - k, 1):
                return True
    return False


def ref_is_complete(counts, k: int = 0, forms=FORMS_DEFAULT, quads_as_two_pairs: bool = True,
                    hand_size: int = 13, allow_five: bool = False) -> bool:
    """Is the concealed part (``3M+2`` tiles) complete in one of ``forms``?

    With ``allow_five=True`` a count of 5 is accepted (structural waits on an
    exhausted tile); otherwise a count above 4 raises ValueError.
    """
    c = [int(x) for x in _as_counts(counts)]
    limit = 5 if allow_five else 4
    if max(c) > limit:
        raise ValueError("count above limit")
    forms = normalize_forms(forms)
    n = sum(c)
    M = sets_needed(n, k, hand_size)
    if n != 3 * M + 2:
        return False
    app = _forms_applicable(forms, k, hand_size)
    if app["standard"] and _std_complete(list(c), M, 1):
        return True
    if app["seven_pairs"] and _seven_pairs_complete(c, quads_as_two_pairs):
        return True
    if app["thirteen_orphans"] and _orphans_complete(c):
        return True
    if app["honors_knitted"] and _honors_knitted_complete(c):
        return True
    if app["knitted_straight"] and _knitted_straight_complete(c, k):
        return True
    return False


# --------------------------------------------------------------------------
# Standard form: per-block target lists
# --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def block_targets(npos: int, sequences: bool, m: int, p: int) -> np.ndarray:
    """All distinct count vectors of a block holding ``m`` sets and ``p`` pairs.

    ``npos`` positions (9 for a suit, 7 for the honors); sequences only when
    ``sequences``.  Every count is <= 4.  Returned as an (R, npos) int8 array.
    """
    groups = [("pung", i) for i in range(npos)]
    if sequences:
        groups += [("seq", i) for i in range(npos - 2)]
    found = set()
    for combo in itertools.combinations_with_replacement(groups, m):
        base = [0] * npos
        for kind, i in combo:
            if kind == "pung":
                base[i] += 3
            else:
                base[i] += 1
                base[i + 1] += 1
                base[i + 2] += 1
        if max(base, default=0) > 4:
            continue
        if p == 0:
            found.add(tuple(base))
        else:
            for j in range(npos):
                if base[j] + 2 <= 4:
                    b = list(base)
                    b[j] += 2
                    found.add(tuple(b))
    arr = np.array(sorted(found), dtype=np.int8).reshape(-1, npos)
    return arr


INF = 10 ** 6


@lru_cache(maxsize=None)
def _stacked_targets(npos: int, sequences: bool, mmax: int):
    """All block targets for m in 0..mmax, p in {0,1}, stacked in one array.

    Returns ``(targets, starts)`` where group ``g = 2*m + p`` occupies rows
    ``starts[g]:starts[g+1]`` (every group is non-empty).
    """
    arrays, starts, pos = [], [], 0
    for m in range(mmax + 1):
        for p in (0, 1):
            T = block_targets(npos, sequences, m, p)
            assert len(T) > 0
            arrays.append(T)
            starts.append(pos)
            pos += len(T)
    return np.concatenate(arrays), np.array(starts)


@lru_cache(maxsize=500_000)
def block_minima(block: tuple, sequences: bool, mmax: int) -> np.ndarray:
    """Min cost ``sum max(0, T - h)`` over the targets of every (m, p) of one block.

    Returns an int array of shape ``(mmax + 1, 2)`` indexed ``[m, p]``.
    """
    T, starts = _stacked_targets(len(block), sequences, mmax)
    cost = np.maximum(T - np.array(block, dtype=np.int8), 0).sum(axis=1)
    return np.minimum.reduceat(cost, starts).reshape(mmax + 1, 2)


@lru_cache(maxsize=None)
def _splits(M: int):
    """Every way to give the 4 blocks (m_b sets, p_b pairs) with sum m = M, sum p = 1."""
    ms, ps = [], []
    for m in itertools.product(range(M + 1), repeat=4):
        if sum(m) != M:
            continue
        for pair_block in range(4):
            ms.append(m)
            ps.append(tuple(int(b == pair_block) for b in range(4)))
    return np.array(ms), np.array(ps)


def _blocks(c) -> list:
    """(count tuple, sequences allowed) for the 3 suits and the honors."""
    c = [int(x) for x in c]
    return [(tuple(c[0:9]), True), (tuple(c[9:18]), True), (tuple(c[18:27]), True),
            (tuple(c[27:34]), False)]


def standard_cost(c, M: int) -> int:
    """Min number of tiles to add (with counts kept <= 4) to reach M sets + 1 pair.

    Brute force over every split of the M sets and the pair across the four
    blocks, each block contributing its own exact minimum.
    """
    A = np.stack([block_minima(block, seq, M) for block, seq in _blocks(c)])  # (4, M+1, 2)
    ms, ps = _splits(M)
    total = sum(A[b, ms[:, b], ps[:, b]] for b in range(4))
    return int(total.min())


# --------------------------------------------------------------------------
# Special forms: direct target enumeration
# --------------------------------------------------------------------------
def seven_pairs_cost(c, quads_as_two_pairs: bool) -> int:
    """Min tiles to add to reach 7 pairs.

    Target: per kind 0 or 2 copies (plus 4 = two pairs when
    ``quads_as_two_pairs``), 14 tiles in all.  Exhaustive knapsack over the
    34 kinds on the number of pairs chosen so far.
    """
    c = [int(x) for x in c]
    dp = [0] + [INF] * 7          # dp[j]: min cost choosing j pairs so far
    for h in c:
        options = [(1, max(0, 2 - h))]
        if quads_as_two_pairs:
            options.append((2, max(0, 4 - h)))
        new = list(dp)
        for j in range(8):
            if dp[j] >= INF:
                continue
            for dj, cost in options:
                if j + dj <= 7 and dp[j] + cost < new[j + dj]:
                    new[j + dj] = dp[j] + cost
        dp = new
    return dp[7]


def thirteen_orphans_cost(c) -> int:
    c = [int(x) for x in c]
    best = INF
    for dup in ORPHANS:
        cost = 0
        for t in ORPHANS:
            want = 2 if t == dup else 1
            cost += max(0, want - c[t])
        best = min(best, cost)
    return best


@lru_cache(maxsize=None)
def _honors_knitted_targets() -> np.ndarray:
    rows = set()
    for ks in KNITTED_STRAIGHTS:
        kinds = list(ks) + list(range(27, 34))
        for drop in itertools.combinations(kinds, 2):
            t = [0] * N_KINDS
            for x in kinds:
                if x not in drop:
                    t[x] = 1
            rows.add(tuple(t))
    return np.array(sorted(rows), dtype=np.int8)


def _all_sets():
    out = []
    for t in range(N_KINDS):
        v = [0] * N_KINDS
        v[t] = 3
        out.append(v)
    for s in SUIT_STARTS:
        for i in range(7):
            v = [0] * N_KINDS
            v[s + i] = v[s + i + 1] = v[s + i + 2] = 1
            out.append(v)
    return out


@lru_cache(maxsize=None)
def _knitted_straight_targets(k: int) -> np.ndarray:
    """All 组合龙 targets: straight + (1-k) sets + 1 pair, counts <= 4."""
    sets = _all_sets() if k == 0 else [[0] * N_KINDS]
    rows = set()
    for ks in KNITTED_STRAIGHTS:
        for s in sets:
            for pair in range(N_KINDS):
                t = list(s)
                for x in ks:
                    t[x] += 1
                t[pair] += 2
                if max(t) <= 4:
                    rows.add(tuple(t))
    return np.array(sorted(rows), dtype=np.int8)


def honors_knitted_cost(c) -> int:
    T = _honors_knitted_targets()
    return int(np.maximum(T - np.asarray(c, dtype=np.int8), 0).sum(axis=1).min())


def knitted_straight_cost(c, k: int) -> int:
    T = _knitted_straight_targets(k)
    return int(np.maximum(T - np.asarray(c, dtype=np.int8), 0).sum(axis=1).min())


# --------------------------------------------------------------------------
# Public reference API
# --------------------------------------------------------------------------
def ref_form_costs(counts, k: int = 0, forms=FORMS_DEFAULT, quads_as_two_pairs: bool = True,
                   hand_size: int = 13) -> dict:
    """Min number of missing tiles per applicable form (``{name: cost}``).

    Names: standard, seven_pairs, thirteen_orphans, honors_knitted (全不靠),
    knitted_straight (组合龙).  Forms that do not apply are absent.
    """
    c = _as_counts(counts)
    if c.max() > 4:
        raise ValueError("count above 4")
    forms = normalize_forms(forms)
    n = int(c.sum())
    M = sets_needed(n, k, hand_size)
    app = _forms_applicable(forms, k, hand_size)
    out = {}
    if app["standard"]:
        out["standard"] = standard_cost(c, M)
    if app["seven_pairs"]:
        out["seven_pairs"] = seven_pairs_cost(c, quads_as_two_pairs)
    if app["thirteen_orphans"]:
        out["thirteen_orphans"] = thirteen_orphans_cost(c)
    if app["honors_knitted"]:
        out["honors_knitted"] = honors_knitted_cost(c)
    if app["knitted_straight"]:
        out["knitted_straight"] = knitted_straight_cost(c, k)
    return out


def ref_shanten(counts, k: int = 0, forms=FORMS_DEFAULT, quads_as_two_pairs: bool = True,
                hand_size: int = 13) -> int:
    """Exact shanten: min over complete targets of missing tiles, minus 1.

    Returns None when no allowed form applies to this meld count.
    """
    costs = ref_form_costs(counts, k, forms, quads_as_two_pairs, hand_size)
    if not costs:
        return None
    return min(costs.values()) - 1


def ref_waits(counts, k: int = 0, forms=FORMS_DEFAULT, quads_as_two_pairs: bool = True,
              hand_size: int = 13):
    """Waits of a 3M+1 hand: ``(drawable, exhausted)`` lists of tile indices.

    ``exhausted`` holds the tiles the hand already has 4 of and that would
    complete it structurally with a fifth copy.
    """
    c = _as_counts(counts)
    n = int(c.sum())
    M = sets_needed(n, k, hand_size)
    if n != 3 * M + 1:
        raise ValueError("waits need a 3M+1 hand")
    drawable, exhausted = [], []
    for t in range(N_KINDS):
        d = c.copy()
        d[t] += 1
        if c[t] >= 4:
            if ref_is_complete(d, k, forms, quads_as_two_pairs, hand_size, allow_five=True):
                exhausted.append(t)
        elif ref_is_complete(d, k, forms, quads_as_two_pairs, hand_size):
            drawable.append(t)
    return drawable, exhausted


def ref_useful(counts, k: int = 0, forms=FORMS_DEFAULT, quads_as_two_pairs: bool = True,
               hand_size: int = 13, visible=None):
    """Useful tiles of a 3M+1 hand: ``[(tile, left), ...]``.

    Tile ``t`` (with fewer than 4 in hand) is useful when the 3M+2 hand
    ``hand + t`` has a lower shanten than ``hand``.
    ``left = 4 - hand[t] - visible[t]``.
    """
    c = _as_counts(counts)
    n = int(c.sum())
    M = sets_needed(n, k, hand_size)
    if n != 3 * M + 1:
        raise ValueError("useful tiles need a 3M+1 hand")
    vis = np.zeros(N_KINDS, dtype=np.int64) if visible is None else np.asarray(visible, dtype=np.int64)
    s = ref_shanten(c, k, forms, quads_as_two_pairs, hand_size)
    out = []
    for t in range(N_KINDS):
        if c[t] >= 4:
            continue
        d = c.copy()
        d[t] += 1
        if ref_shanten(d, k, forms, quads_as_two_pairs, hand_size) < s:
            out.append((t, int(4 - c[t] - vis[t])))
    return out


def _std_decomps(c: list, sets_left: int, pair_left: int, acc: list, out: set, pair):
    i = 0
    while i < N_KINDS and c[i] == 0:
        i += 1
    if i == N_KINDS:
        if sets_left == 0 and pair_left == 0:
            out.add((tuple(sorted(acc)), pair))
        return
    if pair_left and c[i] >= 2:
        c[i] -= 2
        _std_decomps(c, sets_left, 0, acc, out, i)
        c[i] += 2
    if sets_left and c[i] >= 3:
        c[i] -= 3
        acc.append(("pung", i))
        _std_decomps(c, sets_left - 1, pair_left, acc, out, pair)
        acc.pop()
        c[i] += 3
    if sets_left and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for j in range(3):
            c[i + j] -= 1
        acc.append(("seq", i))
        _std_decomps(c, sets_left - 1, pair_left, acc, out, pair)
        acc.pop()
        for j in range(3):
            c[i + j] += 1


def standard_decompositions(counts, M: int) -> set:
    """Every distinct ``(sorted sets, pair)`` reading of ``counts`` as M sets + 1 pair.

    A set is ``("seq"|"pung", first_tile_index)``; the pair is a tile index.
    """
    out = set()
    _std_decomps([int(x) for x in counts], M, 1, [], out, None)
    return out


def ref_decompositions(counts, k: int = 0, forms=FORMS_DEFAULT, quads_as_two_pairs: bool = True,
                       hand_size: int = 13) -> set:
    """Every distinct reading of a complete 3M+2 hand.

    Elements:
      ("standard", ((kind, tile), ...), pair)
      ("seven_pairs", (tile, tile, ...))          # 7 entries; a quad appears twice
      ("thirteen_orphans", duplicate_tile)
      ("honors_knitted", knitted_straight_tiles)  # 全不靠; the 9-tile straight it uses
      ("knitted_straight", knitted_straight_tiles, ((kind, tile), ...), pair)  # 组合龙
    """
    c = [int(x) for x in _as_counts(counts)]
    forms = normalize_forms(forms)
    n = sum(c)
    M = sets_needed(n, k, hand_size)
    app = _forms_applicable(forms, k, hand_size)
    out = set()
    if n != 3 * M + 2:
        return out
    if app["standard"]:
        for sets, pair in standard_decompositions(c, M):
            out.add(("standard", sets, pair))
    if app["seven_pairs"] and _seven_pairs_complete(c, quads_as_two_pairs):
        pairs = []
        for t in range(N_KINDS):
            pairs.extend([t] * (c[t] // 2))
        out.add(("seven_pairs", tuple(pairs)))
    if app["thirteen_orphans"] and _orphans_complete(c):
        out.add(("thirteen_orphans", next(t for t in ORPHANS if c[t] == 2)))
    if app["honors_knitted"] and _honors_knitted_complete(c):
        for ks in KNITTED_STRAIGHTS:
            allowed = set(ks) | set(range(27, 34))
            if all(c[i] == 0 or i in allowed for i in range(N_KINDS)):
                out.add(("honors_knitted", ks))
    if app["knitted_straight"] and sum(c) == 9 + 3 * (1 - k) + 2:
        for ks in KNITTED_STRAIGHTS:
            if all(c[t] >= 1 for t in ks):
                rest = list(c)
                for t in ks:
                    rest[t] -= 1
                for sets, pair in standard_decompositions(rest, 1 - k):
                    out.add(("knitted_straight", ks, sets, pair))
    return out
