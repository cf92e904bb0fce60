"""Print the joker benchmark table (Markdown): ns per hand by joker count, and the ratio to none.

    python bench/jokers_report.py
"""
import gc
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import mjpy  # noqa: E402
from jokers import JOKER_COUNTS, dealt_joker_hands, joker_hands  # noqa: E402


def best(fn, repeats=5):
    gc.disable()
    try:
        b = float("inf")
        for _ in range(repeats):
            t = time.perf_counter()
            fn()
            b = min(b, time.perf_counter() - t)
        return b
    finally:
        gc.enable()


def main(n=400_000):
    rows = []
    for k in JOKER_COUNTS:
        h14 = joker_hands(n, k, waiting=False)
        h13 = joker_hands(n // 4, k, waiting=True)
        dealt = dealt_joker_hands(n // 4, k)
        scalar = [bytes(r) for r in h14[:20_000]]
        r = {
            "k": k,
            "win1": best(lambda: mjpy.batch.is_win(h14, jokers=k, workers=1)) / n * 1e9,
            "win2": best(lambda: mjpy.batch.is_win(h14, jokers=k, workers=2)) / n * 1e9,
            "shanten": best(lambda: mjpy.batch.shanten(h13, jokers=k, workers=1)) / len(h13) * 1e9,
            "waits": best(lambda: mjpy.batch.waits(h13, jokers=k, workers=1)) / len(h13) * 1e9,
            "useful": best(lambda: mjpy.batch.useful_tiles(dealt, jokers=k, workers=1)) / len(dealt) * 1e9,
            "scalar": best(lambda: [mjpy.is_win(x, jokers=k) for x in scalar], 3) / len(scalar) * 1e9,
        }
        rows.append(r)
        print(f"k={k} done", file=sys.stderr)
    base = rows[0]
    print("| jokers | is_win batch, 1 worker | vs 0 jokers | is_win batch, 2 workers | "
          "shanten batch | waits batch | useful_tiles batch (dealt) | is_win scalar (bytes) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['k']} | {r['win1']:.1f} ns | {r['win1'] / base['win1']:.2f}x | {r['win2']:.1f} ns | "
              f"{r['shanten']:.1f} ns | {r['waits']:.0f} ns | {r['useful']:.0f} ns | {r['scalar']:.0f} ns |")


if __name__ == "__main__":
    main()
