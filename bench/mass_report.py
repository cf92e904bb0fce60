"""Figures of the "Mass evaluation" section of bench/README.md.

    python bench/mass_report.py                # deals/s, simulate end to end (1 and 2 workers), memory
    python bench/mass_report.py --dask         # + Dask local cluster: simulate, shanten overhead
    python bench/mass_report.py --quick        # small sizes, to check the script runs

* ``deal``: ``mjpy.random.deal`` of 2,000,000 hands, best of 3.
* ``simulate end to end``: ``mjpy simulate --rules R --deals N --out x.parquet --no-progress --json``
  in a fresh process; deals/s is the command's own figure (deal + play + summary + Parquet,
  without the interpreter start-up); peak memory is the child's ``ru_maxrss``.
* ``memory``: the same command with 1,000,000 and 10,000,000 deals (streamed in chunks).
* ``--dask``: a ``distributed.LocalCluster`` (1 and 2 worker processes x 1 thread, loopback). Shanten
  of 10,000,000 dealt hands held on the workers (``mjpy.distributed.deal(...).persist()``, in 8
  chunks and in one chunk per worker) vs
  ``mjpy.batch.shanten(hands, workers=2)`` on the same hands in this process; and
  ``mjpy.distributed.summarize`` / ``simulate`` of Sichuan deals.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

import mjpy


def best_of(fn, rounds=3):
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def run_cli(args):
    """Run ``mjpy`` in a child; -> (its JSON output, peak RSS in MB)."""
    p = subprocess.Popen([sys.executable, "-m", "mjpy.cli", *args], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=os.environ.copy())
    out = p.stdout.read()
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = status
    if status != 0:
        raise RuntimeError(err.decode())
    return json.loads(out), ru.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--dask", action="store_true")
    ap.add_argument("--no-memory", action="store_true")
    ap.add_argument("--dask-only", action="store_true", help="only the Dask figures")
    a = ap.parse_args()
    q = a.quick
    print(f"load average {os.getloadavg()}, {os.cpu_count()} cpus")
    lines = []

    if a.dask_only:
        a.dask, a.no_memory = True, True
    n = 100_000 if q else 2_000_000
    for rules in (() if a.dask_only else ("sichuan", "guobiao")):
        for w in (1, 2):
            t = best_of(lambda: mjpy.random.deal(n, rules, 7, workers=w))
            lines.append(f"| deal | {rules} | {w} | {n:,} | {n / t:,.0f} deals/s |")

    tmp = tempfile.mkdtemp()
    sizes = {"sichuan": 1_000_000, "standard": 200_000, "riichi": 200_000, "guobiao": 100_000}
    for rules, n in ({} if a.dask_only else sizes).items():
        n = n // 20 if q else n
        for w in (1, 2):
            d, rss = run_cli(["simulate", "--rules", rules, "--deals", str(n), "--workers", str(w),
                              "--out", os.path.join(tmp, "r.parquet"), "--no-progress", "--json"])
            lines.append(f"| simulate end to end (Parquet) | {rules} | {w} | {n:,} | "
                         f"{d['deals_per_s']:,} deals/s (peak RSS {rss:.0f} MB) |")

    if not a.no_memory:
        for n in ((50_000, 500_000) if q else (1_000_000, 10_000_000)):
            d, rss = run_cli(["simulate", "--rules", "sichuan", "--deals", str(n), "--workers", "2",
                              "--out", os.path.join(tmp, "m.parquet"), "--no-progress", "--json"])
            size = os.path.getsize(os.path.join(tmp, "m.parquet")) / 2**20
            lines.append(f"| memory: simulate --out parquet | sichuan | 2 | {n:,} | peak RSS {rss:.0f} MB "
                         f"({d['deals_per_s']:,} deals/s, file {size:.0f} MB) |")

    if a.dask:
        import dask.array  # noqa: F401
        from distributed import Client, LocalCluster, wait

        from mjpy import distributed as D

        n = 1_000_000 if q else 10_000_000
        hands = mjpy.random.deal(n, "standard", seed=1, workers=2)
        for nw in (1, 2):
            with LocalCluster(n_workers=nw, threads_per_worker=1, processes=True, host="127.0.0.1",
                              dashboard_address=None) as cluster, Client(cluster) as client:
                t_local = best_of(lambda: mjpy.batch.shanten(hands, workers=nw))
                lines.append(f"| shanten, local batch | standard | {nw} | {n:,} | "
                             f"{n / t_local:,.0f} hands/s ({t_local:.3f} s) |")
                for n_chunks in (8, nw):          # fixed chunks; one chunk per worker
                    x = D.deal(n, "standard", seed=1, chunk_size=n // n_chunks).persist()
                    wait(x)
                    t_dask = best_of(lambda: D.shanten(x).compute())
                    assert np.array_equal(D.shanten(x).compute(), mjpy.batch.shanten(hands))
                    lines.append(f"| shanten, Dask LocalCluster {nw} process(es) x 1 thread, {n_chunks} "
                                 f"chunk{'s' if n_chunks > 1 else ''} | standard | {nw} | {n:,} | "
                                 f"{n / t_dask:,.0f} hands/s ({t_dask:.3f} s): overhead "
                                 f"{(t_dask / t_local - 1) * 100:+.1f}% |")
                    del x
                m = 50_000 if q else 1_000_000
                t_loc = best_of(lambda: mjpy.simulate("sichuan", m, 7, workers=nw), rounds=2)
                t_ds = best_of(lambda: D.summarize("sichuan", m, 7, chunk_size=m // 16, client=client),
                               rounds=2)
                t_dr = best_of(lambda: D.simulate("sichuan", m, 7, chunk_size=m // 16, client=client),
                               rounds=2)
                lines.append(f"| simulate, local | sichuan | {nw} | {m:,} | {m / t_loc:,.0f} deals/s |")
                lines.append(f"| simulate, Dask summarize | sichuan | {nw} | {m:,} | {m / t_ds:,.0f} deals/s |")
                lines.append(f"| simulate, Dask, all arrays back | sichuan | {nw} | {m:,} | "
                             f"{m / t_dr:,.0f} deals/s |")

    print("| what | rules | workers | n | result |")
    print("|---|---|---|---|---|")
    print("\n".join(lines))
    print(f"load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
