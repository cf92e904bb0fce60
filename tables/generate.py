"""Generate the mjcore lookup tables (deterministic; numpy only).

    python tables/generate.py                 # writes src/mjcore/_tables/tables.npz
    python tables/generate.py --check         # regenerates and compares with the shipped file

A *block* is one suit (9 positions, sequences allowed) or the honors (7 positions, triplets only).
A block's tiles are keyed base 5: key = sum(count[i] * 5**i).  For every key we precompute

* ``dist[m, p]`` for m = 0..5 sets and p = 0/1 pair: the fewest tiles that must be *added* to the
  block so that it contains m sets + p pairs whose per-tile counts never exceed 4 (tiles the block
  holds but the target does not use are free to discard).  A hand's standard-form distance is the
  min-plus combination of its four blocks' vectors, and shanten = distance - 1.  Because a target
  never holds five copies of a tile, the tables are exact for hands holding four of a kind.
* ``complete``: the block splits into sets (plus exactly one pair when its size is 2 mod 3).
* ``wait mask``: bit t set when adding one tile t makes the block complete.  Where the block already
  holds four t this is a *structural* wait on a fifth copy (the kernel reports it as exhausted).

Distance vectors repeat a lot, so each key maps to a small class id and the vectors are stored once
per class.  Output arrays (all read-only at run time):

* ``suit_info``  uint32[5**9]: bits 0-8 wait mask, bits 9-17 tiles held four times, bit 18 complete,
  bits 19-20 block size mod 3, bits 24-31 distance class id
* ``suit_dist``  uint8[n_suit_classes, 16]: dist[p*6 + m] (entries 12..15 are padding)
* ``honor_info`` uint32[5**7], ``honor_dist`` uint8[n_honor_classes, 16]: the same for honors
* ``pair_class`` uint16[n_suit, n_suit], ``triple_class`` uint16[n_pair, n_suit] and
  ``final_dist`` uint8[n_triple, n_honor, 8]: the min-plus combination of the four blocks, done once
  per class tuple here so that the kernel's standard distance is three small dependent loads.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np

MAX_SETS = 5  # 16+1-tile play needs five sets from the concealed part
INF = 99
OUT = Path(__file__).resolve().parent.parent / "src" / "mjcore" / "_tables" / "tables.npz"


def _digits(n_pos: int) -> np.ndarray:
    """(5**n_pos, n_pos) array: the base-5 digits of every key (digit i = count of tile i)."""
    keys = np.arange(5**n_pos, dtype=np.int64)
    return np.stack([(keys // 5**i) % 5 for i in range(n_pos)], axis=1).astype(np.int8)


def _set_codes(n_pos: int, sequences: bool) -> list[np.ndarray]:
    """Count vectors of every set (triplets, and sequences for suits)."""
    sets = []
    for i in range(n_pos):
        v = np.zeros(n_pos, np.int8)
        v[i] = 3
        sets.append(v)
    if sequences:
        for i in range(n_pos - 2):
            v = np.zeros(n_pos, np.int8)
            v[i : i + 3] = 1
            sets.append(v)
    return sets


def _targets(n_pos: int, sequences: bool) -> dict[tuple[int, int], np.ndarray]:
    """Keys of every block of exactly m sets + p pairs with counts <= 4."""
    pow5 = 5 ** np.arange(n_pos, dtype=np.int64)
    sets = _set_codes(n_pos, sequences)
    out = {}
    for p in (0, 1):
        if p == 0:
            level = np.zeros((1, n_pos), np.int8)
        else:
            level = np.zeros((n_pos, n_pos), np.int8)
            level[np.arange(n_pos), np.arange(n_pos)] = 2
        for m in range(MAX_SETS + 1):
            out[(m, p)] = np.unique(level.astype(np.int64) @ pow5)
            grown = np.concatenate([level + s for s in sets])
            grown = grown[(grown <= 4).all(axis=1)]
            level = np.unique(grown, axis=0)
    return out


def _distance(n_pos: int, targets: np.ndarray) -> np.ndarray:
    """Fewest tiles to add to each key to reach some target (0-1 shortest paths, vectorised).

    d(h) <= d(h - e_i)       (holding one more tile never hurts: extra tiles are discarded)
    d(h) <= d(h + e_i) + 1   (one tile short of h + e_i)
    with d = 0 on targets; iterate both relaxations to the fixed point.
    """
    d = np.full(5**n_pos, INF, np.uint8)
    d[targets] = 0
    # C-order reshape: axis a holds digit n_pos - 1 - a; every axis is a tile position.
    d = d.reshape((5,) * n_pos)
    while True:
        before = d.copy()
        for ax in range(n_pos):
            np.minimum.accumulate(d, axis=ax, out=d)
            for c in range(3, -1, -1):
                lo = [slice(None)] * n_pos
                hi = [slice(None)] * n_pos
                lo[ax] = c
                hi[ax] = c + 1
                np.minimum(d[tuple(lo)], d[tuple(hi)] + 1, out=d[tuple(lo)])
        if np.array_equal(before, d):
            return d.reshape(-1)


def build_block(n_pos: int, sequences: bool) -> tuple[np.ndarray, np.ndarray]:
    digits = _digits(n_pos)
    size = digits.sum(axis=1, dtype=np.int64)
    pow5 = 5 ** np.arange(n_pos, dtype=np.int64)
    targets = _targets(n_pos, sequences)

    dist = np.zeros((5**n_pos, 16), np.uint8)
    for (m, p), keys in targets.items():
        dist[:, p * 6 + m] = _distance(n_pos, keys)

    # complete: size 3m -> m sets, size 3m + 2 -> m sets + pair (m <= MAX_SETS)
    complete = np.zeros(5**n_pos, bool)
    for m in range(MAX_SETS + 1):
        complete |= (size == 3 * m) & (dist[:, m] == 0)
        complete |= (size == 3 * m + 2) & (dist[:, 6 + m] == 0)

    # wait masks: complete(h + e_t); with four t already, decide the five-copy block directly:
    # five copies of t must use a triplet of t, a pair of t, or a sequence through t.
    keys = np.arange(5**n_pos, dtype=np.int64)
    wait = np.zeros(5**n_pos, np.uint32)
    for t in range(n_pos):
        ct = digits[:, t]
        ok = np.zeros(5**n_pos, bool)
        room = ct < 4
        ok[room] = complete[keys[room] + pow5[t]]
        four = ~room
        k4 = keys[four]
        sz = size[four] + 1  # size of the five-copy block
        via = complete[k4 - 2 * pow5[t]]  # triplet of t: the rest is h - 2 e_t
        # pair of t (block size 2 mod 3): the rest h - e_t must be sets only (size 0 mod 3)
        via |= (sz % 3 == 2) & complete[k4 - pow5[t]]
        if sequences:
            d4 = digits[four]
            for start in (t - 2, t - 1, t):
                if start < 0 or start + 2 >= n_pos:
                    continue
                others = [j for j in range(start, start + 3) if j != t]
                has = (d4[:, others[0]] > 0) & (d4[:, others[1]] > 0)
                rest = k4 + pow5[t] - pow5[start] - pow5[start + 1] - pow5[start + 2]
                rest = np.where(has, rest, 0)
                via |= has & complete[rest]
        ok[four] = via
        wait |= ok.astype(np.uint32) << t

    classes, cls = np.unique(dist, axis=0, return_inverse=True)
    cls = cls.reshape(-1)
    if len(classes) >= 1 << 8:
        raise RuntimeError(f"{len(classes)} distance classes do not fit 8 bits")
    four = np.zeros(5**n_pos, np.uint32)
    for t in range(n_pos):
        four |= (digits[:, t] == 4).astype(np.uint32) << t
    info = (
        wait
        | (four << 9)
        | (complete.astype(np.uint32) << 18)
        | ((size % 3).astype(np.uint32) << 19)
        | (cls.astype(np.uint32) << 24)
    )
    return info.astype(np.uint32), classes.astype(np.uint8)


def _combine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Min-plus product of every pair of distance vectors: (na, 12) x (nb, 12) -> (na, nb, 12)."""
    a = a[:, None, :12].astype(np.int32)
    b = b[None, :, :12].astype(np.int32)
    out = np.empty((a.shape[0], b.shape[1], 12), np.int32)
    for m in range(MAX_SETS + 1):
        no_pair = [a[..., j] + b[..., m - j] for j in range(m + 1)]
        pair = [a[..., j] + b[..., 6 + m - j] for j in range(m + 1)]
        pair += [a[..., 6 + j] + b[..., m - j] for j in range(m + 1)]
        out[..., m] = np.min(no_pair, axis=0)
        out[..., 6 + m] = np.min(pair, axis=0)
    return out


def build_combine(suit_dist: np.ndarray, honor_dist: np.ndarray) -> dict[str, np.ndarray]:
    """Class-level combine tables: two suits -> class, that + third suit -> class, + honors -> dist.

    ``pair_class[a, b]`` is the class of the first two suits' combined vector, ``triple_class[ab, c]``
    the class after the third suit, and ``final_dist[abc, z, M]`` the distance of M sets + a pair for
    the whole hand (M = 0..5; entries 6 and 7 are padding).
    """
    ab = _combine(suit_dist, suit_dist)
    ab_vec, ab_cls = np.unique(ab.reshape(-1, 12), axis=0, return_inverse=True)
    abc = _combine(ab_vec, suit_dist)
    abc_vec, abc_cls = np.unique(abc.reshape(-1, 12), axis=0, return_inverse=True)
    z = honor_dist[None, :, :12].astype(np.int32)
    v = abc_vec[:, None, :]
    final = np.zeros((len(abc_vec), len(honor_dist), 8), np.int32)
    for M in range(MAX_SETS + 1):
        cand = [v[..., j] + z[..., 6 + M - j] for j in range(M + 1)]
        cand += [v[..., 6 + j] + z[..., M - j] for j in range(M + 1)]
        final[..., M] = np.min(cand, axis=0)
    if max(len(ab_vec), len(abc_vec)) >= 1 << 16 or final.max() > 255:
        raise RuntimeError("combine tables overflow their integer types")
    return {
        "pair_class": ab_cls.reshape(ab.shape[:2]).astype(np.uint16),
        "triple_class": abc_cls.reshape(abc.shape[:2]).astype(np.uint16),
        "final_dist": final.astype(np.uint8),
    }


def build() -> dict[str, np.ndarray]:
    suit_info, suit_dist = build_block(9, True)
    honor_info, honor_dist = build_block(7, False)
    return {
        "suit_info": suit_info,
        "suit_dist": suit_dist,
        "honor_info": honor_info,
        "honor_dist": honor_dist,
        **build_combine(suit_dist, honor_dist),
    }


def digest(tables: dict[str, np.ndarray]) -> str:
    h = hashlib.sha256()
    for name in sorted(tables):
        a = np.ascontiguousarray(tables[name])
        h.update(name.encode())
        h.update(str(a.dtype).encode() + str(a.shape).encode())
        h.update(a.tobytes())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the shipped tables")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    tables = build()
    if args.check:
        with np.load(args.out) as shipped:
            old = {k: shipped[k] for k in shipped.files}
        same = digest(old) == digest(tables)
        print("tables match" if same else "tables DIFFER from the generator output")
        return 0 if same else 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **tables)
    for k, v in tables.items():
        print(f"{k}: {v.dtype} {v.shape}")
    print("sha256", digest(tables))
    return 0


if __name__ == "__main__":
    sys.exit(main())
