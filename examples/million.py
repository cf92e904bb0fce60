"""Analyse one hand, then a million random deals with the batch API (all cores).

    python examples/million.py [N]
"""
import sys
import time

import numpy as np

import mjpy


def random_deals(n: int, tiles: int = 13, seed: int = 7) -> np.ndarray:
    """n deals of `tiles` tiles each from shuffled 136-tile walls, as (n, 34) uint8 counts."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 34), np.uint8)
    step = 100_000
    for start in range(0, n, step):
        m = min(step, n - start)
        ids = np.argsort(rng.random((m, 136)), axis=1)[:, :tiles] // 4
        np.add.at(out[start : start + m], (np.repeat(np.arange(m), tiles), ids.ravel()), 1)
    return out


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    hand = "1112345678999m"
    print(f"{hand}: shanten {mjpy.shanten(hand)}, waits {[w.name for w in mjpy.waits(hand)]}")
    deals = random_deals(n)
    t0 = time.perf_counter()
    sh = mjpy.batch.shanten(deals)
    t1 = time.perf_counter()
    w = mjpy.batch.waits(deals)
    t2 = time.perf_counter()
    print(f"{n:,} random 13-tile deals")
    print(f"  shanten (standard + seven pairs + thirteen orphans): {(t1 - t0) * 1e9 / n:.1f} ns/hand, "
          f"{n / (t1 - t0) / 1e6:.1f} M hands/s")
    print(f"  waits:                                               {(t2 - t1) * 1e9 / n:.1f} ns/hand, "
          f"{n / (t2 - t1) / 1e6:.1f} M hands/s")
    values, counts = np.unique(sh, return_counts=True)
    print("  shanten at deal: " + ", ".join(f"{v}: {c / n:.2%}" for v, c in zip(values, counts)))
    print(f"  tenpai at deal: {np.count_nonzero(w) / n:.3%}")


if __name__ == "__main__":
    main()
