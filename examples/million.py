"""Analyse one hand, then a million random deals (dealt from 136-tile walls in the kernel) with the
batch API on every core.

    python examples/million.py [N]
"""
import sys
import time

import numpy as np

import mjpy


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    hand = "1112345678999m"
    print(f"{hand}: shanten {mjpy.shanten(hand)}, waits {[w.name for w in mjpy.waits(hand)]}")
    t = time.perf_counter()
    deals = mjpy.random.deal(n, rules="standard", seed=7)
    print(f"dealt {n:,} hands from shuffled 136-tile walls in {time.perf_counter() - t:.2f} s")
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
