"""Every single-suit hand, checked exhaustively against an independent lattice reference.

All count vectors of one suit (9 kinds, 0..4 copies each) with 1..14 tiles
(and 1..17 in 16-tile play) whose size is valid (not a multiple of 3) are
fed to the kernel's batch API with ``melds = (14 - n) // 3`` (resp.
``(17 - n) // 3``) so that ``n + 3k`` is 13/14 (16/17):

* 3M+2 sizes: ``is_win`` (standard form) and standard shanten;
* 3M+1 sizes: standard shanten and waits (drawable, and with exhausted tiles).

The reference here is a second, independent derivation (it does not use
``reference.py``'s target lists or the kernel): the lattice of all
``5**9`` suit count vectors, as a 9-D boolean array.

* ``W[m][p]``: vectors that are exactly m sets + p pairs, built by adding
  one group at a time (array shifts);
* ``DOWN[m][p]``: the downward closure (vectors <= some member of W),
  a suffix-OR along each axis;
* ``G[m][p][H]``: the largest ``|S|`` with ``S <= H`` and ``S`` in DOWN,
  a prefix-max along each axis.

Then the cheapest in-suit target with (m, p) misses ``3m + 2p - G`` tiles,
sets/pair placed outside the (empty) other blocks cost 3 / 2 tiles each, and
standard shanten is the minimum over (m, p) minus one.  Completeness is
``W[M][1][H]`` and is also cross-checked with reference.py's recursive
``ref_is_complete`` on every 3M+2 hand; waits on exhausted tiles (five
copies) come from ``ref_is_complete(..., allow_five=True)``.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import mjpy
from reference import ref_is_complete, ref_shanten, to_str

NPOS = 9
SHAPE = (5,) * NPOS
STANDARD = ("standard",)


# --------------------------------------------------------------------------
# The lattice reference
# --------------------------------------------------------------------------
def _shift_add(src: np.ndarray, delta) -> np.ndarray:
    """out[x + delta] = src[x] where x + delta stays inside 0..4 on every axis."""
    out = np.zeros_like(src)
    dst_idx, src_idx = [], []
    for d in delta:
        dst_idx.append(slice(d, 5))
        src_idx.append(slice(0, 5 - d))
    out[tuple(dst_idx)] = src[tuple(src_idx)]
    return out


def _groups():
    sets = []
    for i in range(NPOS):
        v = [0] * NPOS
        v[i] = 3
        sets.append(tuple(v))
    for i in range(NPOS - 2):
        v = [0] * NPOS
        v[i] = v[i + 1] = v[i + 2] = 1
        sets.append(tuple(v))
    pairs = []
    for i in range(NPOS):
        v = [0] * NPOS
        v[i] = 2
        pairs.append(tuple(v))
    return sets, pairs


class Lattice:
    """Exact standard-form facts for every single-suit count vector."""

    def __init__(self, mmax: int):
        sets, pairs = _groups()
        self.mmax = mmax
        # exact members: W[(m, p)]
        W = {}
        W[(0, 0)] = np.zeros(SHAPE, bool)
        W[(0, 0)][(0,) * NPOS] = True
        for m in range(mmax + 1):
            for p in (0, 1):
                if (m, p) == (0, 0):
                    continue
                acc = np.zeros(SHAPE, bool)
                if m > 0:
                    for g in sets:
                        acc |= _shift_add(W[(m - 1, p)], g)
                if p > 0:
                    for g in pairs:
                        acc |= _shift_add(W[(m, 0)], g)
                W[(m, p)] = acc
        self.W = W
        size = np.indices(SHAPE).sum(axis=0)
        self.G = {}
        for key, w in W.items():
            down = w.copy()
            for ax in range(NPOS):   # suffix-OR: S in DOWN iff S <= T for some T in W
                down = np.flip(np.logical_or.accumulate(np.flip(down, ax), axis=ax), ax)
            f = np.where(down, size, -1).astype(np.int8)
            for ax in range(NPOS):   # prefix-max: best sub-vector of H inside DOWN
                f = np.maximum.accumulate(f, axis=ax)
            self.G[key] = f

    def complete(self, hands: np.ndarray, M: int) -> np.ndarray:
        return self.W[(M, 1)][tuple(hands.T)]

    def standard_cost(self, hands: np.ndarray, M: int) -> np.ndarray:
        idx = tuple(hands.T)
        best = np.full(len(hands), 10 ** 6)
        for m in range(M + 1):
            for p in (0, 1):
                inside = 3 * m + 2 * p - self.G[(m, p)][idx].astype(np.int64)
                outside = 3 * (M - m) + 2 * (1 - p)
                best = np.minimum(best, inside + outside)
        return best


@pytest.fixture(scope="module")
def lattice():
    return Lattice(mmax=5)


def _all_suit_vectors():
    v = np.array(list(itertools.product(range(5), repeat=NPOS)), dtype=np.uint8)
    return v, v.sum(axis=1)


@pytest.fixture(scope="module")
def suit_vectors():
    return _all_suit_vectors()


def _embed(vectors: np.ndarray, suit: int) -> np.ndarray:
    out = np.zeros((len(vectors), 34), np.uint8)
    out[:, 9 * suit:9 * suit + 9] = vectors
    return out


def _fmt(hands, ks, rows, limit=25):
    lines = [f"{to_str(h)} k={k}: {r}" for h, k, r in zip(hands[:limit], ks[:limit], rows[:limit])]
    return "\n".join(lines) + (f"\n... {len(hands)} in all" if len(hands) > limit else "")


# --------------------------------------------------------------------------
# Self-checks of the lattice against reference.py (small samples)
# --------------------------------------------------------------------------
def test_lattice_matches_reference_sample(lattice, suit_vectors):
    vecs, sizes = suit_vectors
    rng = np.random.default_rng(20240601)
    for n in [n for n in range(1, 15) if n % 3]:
        k = (14 - n) // 3
        M = 4 - k
        pool = vecs[sizes == n]
        sample = pool[rng.choice(len(pool), size=min(len(pool), 150), replace=False)]
        hands = _embed(sample, int(rng.integers(0, 3)))
        costs = lattice.standard_cost(sample, M)
        for h, c in zip(hands, costs):
            assert ref_shanten(h, k, STANDARD) == c - 1, to_str(h)


def test_lattice_member_counts(lattice):
    # 1 set + pair inside one suit: 16 sets x 9 pairs minus the 9 pung+pair (5 copies)
    assert lattice.W[(1, 1)].sum() == 16 * 9 - 9
    assert lattice.W[(0, 1)].sum() == 9
    assert lattice.W[(1, 0)].sum() == 16


# --------------------------------------------------------------------------
# The exhaustive comparisons
# --------------------------------------------------------------------------
def _sizes(hand_size):
    top = hand_size + 1
    return [n for n in range(1, top + 1) if n % 3]


@pytest.mark.parametrize("hand_size", [13, 16])
def test_every_suit_hand_shanten(lattice, suit_vectors, hand_size):
    vecs, sizes = suit_vectors
    base_sets = 4 if hand_size == 13 else 5
    total = 0
    for n in _sizes(hand_size):
        k = (hand_size + 1 - n) // 3
        M = base_sets - k
        pool = vecs[sizes == n]
        expected = lattice.standard_cost(pool, M) - 1
        for suit in range(3):
            hands = _embed(pool, suit)
            got = mjpy.batch.shanten(hands, melds=k, forms=STANDARD, hand_size=hand_size)
            bad = np.flatnonzero(got != expected)
            assert bad.size == 0, f"standard shanten, {n} tiles, k={k}, hand_size={hand_size}:\n" + _fmt(
                hands[bad], [k] * bad.size,
                [f"kernel={int(got[i])} reference={int(expected[i])}" for i in bad])
            total += len(hands)
    assert total > (400_000 if hand_size == 13 else 1_000_000)


def test_every_suit_hand_is_win(lattice, suit_vectors):
    vecs, sizes = suit_vectors
    n_wins = 0
    for n in (2, 5, 8, 11, 14):
        k = (14 - n) // 3
        M = 4 - k
        pool = vecs[sizes == n]
        expected = lattice.complete(pool, M)
        # independent cross-check: recursive backtracking from reference.py
        rec = np.array([ref_is_complete(_embed(v[None], 0)[0], k, STANDARD) for v in pool])
        assert (rec == expected).all(), "lattice vs recursive reference disagree"
        n_wins += int(expected.sum())
        for suit in range(3):
            hands = _embed(pool, suit)
            got = mjpy.batch.is_win(hands, melds=k, forms=STANDARD)
            bad = np.flatnonzero(got != expected)
            assert bad.size == 0, f"is_win, {n} tiles, k={k}:\n" + _fmt(
                hands[bad], [k] * bad.size,
                [f"kernel={bool(got[i])} reference={bool(expected[i])}" for i in bad])
    assert n_wins > 10_000


def test_every_suit_hand_waits(lattice, suit_vectors):
    vecs, sizes = suit_vectors
    n_exhausted = 0
    for n in (1, 4, 7, 10, 13):
        k = (14 - n) // 3
        M = 4 - k
        pool = vecs[sizes == n]
        drawable = np.zeros(len(pool), np.uint64)
        exhausted = np.zeros(len(pool), np.uint64)
        for t in range(NPOS):
            room = pool[:, t] < 4
            plus = pool[room].copy()
            plus[:, t] += 1
            hit = np.zeros(len(pool), bool)
            hit[room] = lattice.complete(plus, M)
            drawable[hit] |= np.uint64(1 << t)
            # a fifth copy: outside the lattice, use the recursive reference
            for i in np.flatnonzero(~room):
                h = _embed(pool[i][None], 0)[0].astype(np.int64)
                h[t] += 1
                if ref_is_complete(h, k, STANDARD, allow_five=True):
                    exhausted[i] |= np.uint64(1 << t)
        n_exhausted += int((exhausted != 0).sum())
        # shanten 0 iff a drawable wait (consistency of the lattice itself)
        assert ((drawable != 0) == (lattice.standard_cost(pool, M) == 1)).all()
        for suit in range(3):
            hands = _embed(pool, suit)
            shift = np.uint64(9 * suit)
            got = mjpy.batch.waits(hands, melds=k, forms=STANDARD)
            got_ex = mjpy.batch.waits(hands, melds=k, forms=STANDARD, include_exhausted=True)
            exp = drawable << shift
            exp_ex = (drawable | exhausted) << shift
            bad = np.flatnonzero((got != exp) | (got_ex != exp_ex))
            assert bad.size == 0, f"waits, {n} tiles, k={k}:\n" + _fmt(
                hands[bad], [k] * bad.size,
                [f"kernel={mjpy.batch.mask_to_tiles(got[i])}/{mjpy.batch.mask_to_tiles(got_ex[i])} "
                 f"reference={mjpy.batch.mask_to_tiles(exp[i])}/{mjpy.batch.mask_to_tiles(exp_ex[i])}"
                 for i in bad])
    assert n_exhausted > 1000


def _outside_cost(lattice, pool, M):
    """Standard cost of ``suit hand + one tile of another suit/honor`` (any such tile).

    That tile's block holds one tile, so any group placed there (pung, pair,
    or a sequence through it) saves exactly one tile over placing it in an
    empty block; the saving applies when at least one group is outside the suit.
    """
    idx = tuple(pool.T)
    best = np.full(len(pool), 10 ** 6)
    for m in range(M + 1):
        for p in (0, 1):
            inside = 3 * m + 2 * p - lattice.G[(m, p)][idx].astype(np.int64)
            outside = 3 * (M - m) + 2 * (1 - p)
            saving = 1 if (m, p) != (M, 1) else 0
            best = np.minimum(best, inside + outside - saving)
    return best


def test_every_suit_hand_useful(lattice, suit_vectors):
    vecs, sizes = suit_vectors
    for n in (1, 4, 7, 10, 13):
        k = (14 - n) // 3
        M = 4 - k
        pool = vecs[sizes == n]
        base = lattice.standard_cost(pool, M)
        useful = np.zeros(len(pool), np.uint64)
        for t in range(NPOS):
            room = pool[:, t] < 4
            plus = pool[room].copy()
            plus[:, t] += 1
            hit = np.zeros(len(pool), bool)
            hit[room] = lattice.standard_cost(plus, M) < base[room]
            useful[hit] |= np.uint64(1 << t)
        out_hit = _outside_cost(lattice, pool, M) < base
        all_tiles = np.uint64((1 << 34) - 1)
        for suit in range(3):
            hands = _embed(pool, suit)
            shift = np.uint64(9 * suit)
            suit_bits = np.uint64(((1 << 9) - 1) << (9 * suit))
            exp = (useful << shift) | np.where(out_hit, all_tiles & ~suit_bits, np.uint64(0))
            got = mjpy.batch.useful_tiles(hands, melds=k, forms=STANDARD)
            bad = np.flatnonzero(got != exp)
            assert bad.size == 0, f"useful tiles, {n} tiles, k={k}:\n" + _fmt(
                hands[bad], [k] * bad.size,
                [f"kernel={mjpy.batch.mask_to_tiles(got[i])} reference={mjpy.batch.mask_to_tiles(exp[i])}"
                 for i in bad])


def _seven_pairs_cost_vec(hands: np.ndarray, quads: bool) -> np.ndarray:
    """Knapsack over the 34 kinds on the number of pairs (vectorised over hands)."""
    INF = 10 ** 6
    dp = np.full((len(hands), 8), INF)
    dp[:, 0] = 0
    for col in range(34):
        h = hands[:, col].astype(np.int64)
        new = dp.copy()
        for j in range(7):
            new[:, j + 1] = np.minimum(new[:, j + 1], dp[:, j] + np.maximum(0, 2 - h))
        if quads:
            for j in range(6):
                new[:, j + 2] = np.minimum(new[:, j + 2], dp[:, j] + np.maximum(0, 4 - h))
        dp = new
    return dp[:, 7]


def _orphans_cost_vec(hands: np.ndarray) -> np.ndarray:
    orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
    h = hands[:, orphans].astype(np.int64)
    need_one = np.maximum(0, 1 - h).sum(axis=1)
    # plus the duplicate: free if some orphan is already held twice, else one more tile
    extra = np.where((h >= 2).any(axis=1), 0, 1)
    return need_one + extra


@pytest.mark.parametrize("quads", [True, False])
def test_every_suit_hand_default_forms(lattice, suit_vectors, quads):
    """13/14-tile concealed single-suit hands with all three default forms."""
    vecs, sizes = suit_vectors
    for n in (13, 14):
        pool = vecs[sizes == n]
        std = lattice.standard_cost(pool, 4)
        for suit in range(3):
            hands = _embed(pool, suit)
            exp = np.minimum(np.minimum(std, _seven_pairs_cost_vec(hands, quads)),
                             _orphans_cost_vec(hands)) - 1
            got = mjpy.batch.shanten(hands, melds=0, quads_as_two_pairs=quads)
            bad = np.flatnonzero(got != exp)
            assert bad.size == 0, f"default forms, quads={quads}, {n} tiles:\n" + _fmt(
                hands[bad], [0] * bad.size,
                [f"kernel={int(got[i])} reference={int(exp[i])}" for i in bad])
            if n == 14:
                win = mjpy.batch.is_win(hands, quads_as_two_pairs=quads)
                assert (win == (exp == -1)).all()
