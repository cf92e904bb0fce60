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

Blocks fall into few *states* (distance vector, completeness, size mod 3): 222 for suits, 192 for
honors, so a key maps to a one-byte state (a 1.9 MB table that stays in cache) and the rest is
stored once per state.  Output arrays (all read-only at run time):

* ``suit_state``   uint8[5**9]: the state of every suit key
* ``suit_states``  uint8[n_states, 16]: per state, dist[p*6 + m] in 0..11 and at 12 the flags
  (bit 0 complete, bits 1-2 size mod 3); 13..15 padding
* ``suit_wait``    uint16[5**9]: bit t set when adding one tile t completes the block (where the
  block already holds four t, a structural wait on a fifth copy: the kernel marks it exhausted)
* ``honor_state``, ``honor_states``, ``honor_wait``: the same for the honors (5**7 keys)
* ``pair_class`` uint16[n_suit_states, n_suit_states] (suits 1 + 2), ``mixed_class``
  uint16[n_suit_states, n_honor_states] (suit 3 + honors) and ``final_dist`` uint8[n_pair,
  n_mixed, 8]: the min-plus combination of the four blocks, done once per state tuple here, so
  that the kernel's standard distance is two parallel small loads and one final load (entry
  M = 0..5 of final_dist: M sets and a pair; 6, 7 padding).
* ``suit_ustate`` / ``suit_bstate`` (and the honors'): the same distances where jokers may be copies
  beyond the fourth (see ``_joker_tables``), with ``upair_class``, ``umixed_class``, ``ufinal_dist``.
* ``suit_pclass`` uint8[5**9] and ``suit_pclasses`` int8[n, 18] (``wind_*`` over 5**4 keys, ``dragon_*``
  over 5**3): the groups' pung capacities, for the scoped "pung" jokers of American play (see
  ``build_pung_classes``).
"""
from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import numpy as np

MAX_SETS = 5  # 16+1-tile play needs five sets from the concealed part
MAX_BUDGET = 8  # joker budgets for copies beyond the fourth, per block (exact up to 8 jokers)
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


def _targets(n_pos: int, sequences: bool) -> dict[tuple[int, int], tuple[np.ndarray, np.ndarray]]:
    """Every block of exactly m sets + p pairs, *any* count per tile, as (clipped key, excess).

    The clipped key is the block with every count cut to 4; the excess is the number of copies cut
    (3m + 2p minus the clipped size): copies beyond the four real ones, which only jokers can be.
    """
    pow5 = 5 ** np.arange(n_pos, dtype=np.int64)
    sets = _set_codes(n_pos, sequences)
    out = {}
    for p in (0, 1):
        if p == 0:
            level = np.zeros((1, n_pos), np.int16)
        else:
            level = np.zeros((n_pos, n_pos), np.int16)
            level[np.arange(n_pos), np.arange(n_pos)] = 2
        for m in range(MAX_SETS + 1):
            clipped = np.minimum(level, 4)
            excess = (level - clipped).sum(axis=1)
            keys = clipped.astype(np.int64) @ pow5
            out[(m, p)] = (keys, excess)
            level = np.unique(np.concatenate([level + s for s in sets]), axis=0)
    return out


def _distance(n_pos: int, keys: np.ndarray, init: np.ndarray) -> np.ndarray:
    """d(h) = min over sources s of init(s) + sum_i max(0, s_i - h_i), for every key h.

    The cost is a sum of per-tile terms, so the transform factors into one exact 1-D pass per tile
    position: along an axis, out[c] = min(min_{s <= c} f[s], min_{s >= c} f[s] + (s - c)).
    """
    d = np.full(5**n_pos, INF, np.uint8)
    np.minimum.at(d, keys, init.astype(np.uint8))
    # C-order reshape: axis a holds digit n_pos - 1 - a; every axis is a tile position.
    d = d.reshape((5,) * n_pos)
    for ax in range(n_pos):
        back = d.copy()
        for c in range(3, -1, -1):
            lo = [slice(None)] * n_pos
            hi = [slice(None)] * n_pos
            lo[ax] = c
            hi[ax] = c + 1
            np.minimum(back[tuple(lo)], back[tuple(hi)] + 1, out=back[tuple(lo)])
        np.minimum.accumulate(d, axis=ax, out=d)
        np.minimum(d, back, out=d)
    return d.reshape(-1)


def build_block(n_pos: int, sequences: bool) -> dict[str, np.ndarray]:
    digits = _digits(n_pos)
    size = digits.sum(axis=1, dtype=np.int64)
    pow5 = 5 ** np.arange(n_pos, dtype=np.int64)
    targets = _targets(n_pos, sequences)

    dist = np.zeros((5**n_pos, 16), np.uint8)
    for (m, p), (keys, excess) in targets.items():
        capped = excess == 0
        dist[:, p * 6 + m] = _distance(n_pos, keys[capped], excess[capped])

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

    # a block's *state*: its distance vector, completeness and size mod 3 -- one byte
    dist[:, 12] = complete | ((size % 3) << 1)
    states, state = np.unique(dist, axis=0, return_inverse=True)
    if len(states) >= 1 << 8:
        raise RuntimeError(f"{len(states)} block states do not fit 8 bits")
    out = {
        "state": state.reshape(-1).astype(np.uint8),
        "states": states.astype(np.uint8),
        "wait": wait.astype(np.uint16),
    }
    out.update(_joker_tables(n_pos, targets))
    return out


def _joker_tables(n_pos: int, targets) -> dict[str, np.ndarray]:
    """Distances where jokers may be copies beyond the fourth (``wild.allow_fifth_copy``).

    ``ustate`` / ``ustates``: the distance with no limit on such copies (targets of any counts).
    ``bstate`` / ``bstates``: the distance when at most e of the block's target copies lie beyond
    the fourth, for e = 0..MAX_BUDGET: row[(p * 6 + m) * (MAX_BUDGET + 1) + e].  The kernel uses
    the unlimited distance, and the budgeted rows only when it disagrees with the capped one.
    """
    n_e = MAX_BUDGET + 1
    udist = np.zeros((5**n_pos, 16), np.uint8)
    budget = np.zeros((5**n_pos, 12 * n_e), np.uint8)
    for (m, p), (keys, excess) in targets.items():
        unlimited = _distance(n_pos, keys, excess)
        udist[:, p * 6 + m] = unlimited
        base = (p * 6 + m) * n_e
        for e in range(n_e):
            ok = excess <= e
            budget[:, base + e] = _distance(n_pos, keys[ok], excess[ok])
            if np.array_equal(budget[:, base + e], unlimited):  # larger budgets change nothing
                budget[:, base + e + 1 : base + n_e] = unlimited[:, None]
                break
    ustates, ustate = np.unique(udist, axis=0, return_inverse=True)
    bstates, bstate = np.unique(budget, axis=0, return_inverse=True)
    if len(ustates) >= 1 << 8 or len(bstates) >= 1 << 8:
        raise RuntimeError(f"{len(ustates)} / {len(bstates)} joker states overflow their types")
    return {
        "ustate": ustate.reshape(-1).astype(np.uint8),
        "ustates": ustates.astype(np.uint8),
        "bstate": bstate.reshape(-1).astype(np.uint8),
        "bstates": bstates.astype(np.uint8),
    }


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


def build_combine(suit_states: np.ndarray, honor_states: np.ndarray) -> dict[str, np.ndarray]:
    """Class-level combine tables, in two independent halves joined by one final lookup.

    ``pair_class[a, b]`` is the class of suits 1 + 2 combined, ``mixed_class[c, z]`` the class of
    suit 3 + the honors, and ``final_dist[ab, cz, M]`` the distance of M sets + a pair for the
    whole hand (M = 0..5; entries 6 and 7 are padding).  The two halves do not depend on each
    other, so the kernel's chain of dependent loads is state -> half class -> distance.
    """
    ab = _combine(suit_states, suit_states)
    ab_vec, ab_cls = np.unique(ab.reshape(-1, 12), axis=0, return_inverse=True)
    cz = _combine(suit_states, honor_states)
    cz_vec, cz_cls = np.unique(cz.reshape(-1, 12), axis=0, return_inverse=True)
    a = ab_vec[:, None, :]
    z = cz_vec[None, :, :]
    final = np.zeros((len(ab_vec), len(cz_vec), 8), np.int32)
    for M in range(MAX_SETS + 1):
        cand = [a[..., j] + z[..., 6 + M - j] for j in range(M + 1)]
        cand += [a[..., 6 + j] + z[..., M - j] for j in range(M + 1)]
        final[..., M] = np.min(cand, axis=0)
    if max(len(ab_vec), len(cz_vec)) >= 1 << 16 or final.max() > 255:
        raise RuntimeError("combine tables overflow their integer types")
    return {
        "pair_class": ab_cls.reshape(ab.shape[:2]).astype(np.uint16),
        "mixed_class": cz_cls.reshape(cz.shape[:2]).astype(np.uint16),
        "final_dist": final.astype(np.uint8),
    }


def build_pung_classes(bstate: np.ndarray, bstates: np.ndarray, n_pos: int = 9) -> dict[str, np.ndarray]:
    """Pung capacities of a group's keys (a suit, n_pos = 9; the winds, 4; the dragons, 3), for the scoped
    jokers of American play (a joker that may only stand in a pung): ``q[p, t]``, the most of t jokers that
    can sit in pungs when the group's real tiles and the t jokers split into sets + p pairs (-1: they do
    not split), t = 0..8, copies beyond the fourth allowed (the jokers may be any tile).

    A split with a pung holding jokers is that pung (a real copies of its kind, a = 0..2, and 3 - a
    jokers) and a split of the rest, so ``q[c, p, t] = max(0 where c and t jokers split at all
    (the budget rows: distance <= t with t copies beyond the fourth), 3 - a + q[c - a, p, t - 3 + a])``
    where the tiles make at most MAX_SETS sets, built up t by t. The keys fall into few classes:

    * ``pclass`` uint8[5**n_pos]: the class of every key
    * ``pclasses`` int8[n_classes, 18]: per class q[p * 9 + t]
    """
    n_keys = 5**n_pos
    keys = np.arange(n_keys, dtype=np.int64)
    digits = _digits(n_pos)
    size = digits.sum(axis=1, dtype=np.int64)
    rows = bstates[bstate]                                  # (5**n_pos, 108) budget rows per key
    q = np.full((n_keys, 2, MAX_BUDGET + 1), -1, np.int8)
    for t in range(MAX_BUDGET + 1):
        for p in range(2):
            n = size + t
            sets = (n - 2 * p) // 3
            split = (n >= 2 * p) & ((n - 2 * p) % 3 == 0) & (sets <= MAX_SETS)
            col = (p * 6 + np.clip(sets, 0, MAX_SETS)) * (MAX_BUDGET + 1) + t
            best = np.where(split & (rows[keys, col] <= t), 0, -1).astype(np.int16)
            for a in range(3):                              # a pung of a real copies and 3 - a jokers
                j = 3 - a
                if t < j:
                    continue
                for k in range(n_pos) if a else range(1):   # (a = 0: the key is unchanged)
                    held = digits[:, k] >= a
                    rest = q[np.where(held, keys - a * 5**k, keys), p, t - j].astype(np.int16)
                    best = np.maximum(best, np.where(held & (rest >= 0), rest + j, -1))
            q[:, p, t] = np.where(split, best, -1)            # (at most MAX_SETS sets, as the budget rows)
    classes, pclass = np.unique(q.reshape(n_keys, -1), axis=0, return_inverse=True)
    if len(classes) >= 1 << 8:
        raise RuntimeError(f"{len(classes)} pung classes overflow their type")
    return {"pclass": pclass.reshape(-1).astype(np.uint8), "pclasses": classes.astype(np.int8)}


def build_pung_tables(suit: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The pung capacities of the groups of the scoped jokers (docs/scoped_jokers.md): the suits (their budget
    rows above), the winds and the dragons (blocks of 4 and 3 honours of their own)."""
    out = {}
    for name, block, n_pos in (("suit", suit, 9), ("wind", build_block(4, False), 4),
                               ("dragon", build_block(3, False), 3)):
        for k, v in build_pung_classes(block["bstate"], block["bstates"], n_pos).items():
            out[f"{name}_{k}"] = v
    return out


def build() -> dict[str, np.ndarray]:
    suit = build_block(9, True)
    honor = build_block(7, False)
    tables = {f"suit_{k}": v for k, v in suit.items()}
    tables.update({f"honor_{k}": v for k, v in honor.items()})
    tables.update(build_combine(suit["states"], honor["states"]))
    joker = build_combine(suit["ustates"], honor["ustates"])
    tables.update({f"u{k}": v for k, v in joker.items()})
    tables.update(build_pung_tables(suit))
    return tables


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
