"""What a Dask compute adds to the kernel: shanten of N dealt hands held on a LocalCluster's workers.

    python bench/dask_overhead.py                      # 10 million hands, 1 and 2 worker processes
    python bench/dask_overhead.py --n 100000000 --workers 2 --chunks 16

For each cluster (W worker processes x 1 thread, loopback) and chunk count, best of 5 (ms): the local call
``mjpy.batch.shanten(hands, workers=W)``; ``mjpy.distributed.shanten(x).compute()`` on the same hands made on
the workers (``mjpy.distributed.deal(...).persist()``); a task per chunk that returns zeros of the same size
(Dask's cost alone: the graph, the round trip, the transfer of the result); and ``.sum()`` of the shanten
computed on the workers (only a number comes back). bench/README.md ("Mass evaluation") holds a run.
"""
from __future__ import annotations

import argparse

import numpy as np

from mass_report import best_of      # bench/ is the script's folder, first on sys.path


def best(fn) -> float:
    return best_of(fn, rounds=5)


def _zeros(block):
    return np.zeros(len(block), np.int8)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=10_000_000, help="hands")
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="worker processes")
    p.add_argument("--chunks", type=int, default=8, help="chunks besides one per worker")
    a = p.parse_args(argv)

    from distributed import Client, LocalCluster, wait

    import mjpy
    from mjpy import distributed as D

    hands = mjpy.random.deal(a.n, "standard", seed=1, workers=2)
    print("| hands, worker processes, chunks | local batch | Dask, result gathered | a task returning zeros "
          "| Dask, `.sum()` on the workers |")
    print("|---|--:|--:|--:|--:|")
    for nw in a.workers:
        with LocalCluster(n_workers=nw, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address=None) as cluster, Client(cluster):
            t_local = best(lambda: mjpy.batch.shanten(hands, workers=nw))
            for n_chunks in (nw, a.chunks):
                x = D.deal(a.n, "standard", seed=1, chunk_size=-(-a.n // n_chunks)).persist()
                wait(x)
                assert np.array_equal(D.shanten(x).compute(), mjpy.batch.shanten(hands))
                t_dask = best(lambda: D.shanten(x).compute())
                t_zero = best(lambda: x.map_blocks(_zeros, drop_axis=1, dtype=np.int8).compute())
                t_sum = best(lambda: D.shanten(x).sum().compute())
                print(f"| {a.n / 1e6:g} M, {nw}, {n_chunks} | {t_local * 1e3:.0f} ms | {t_dask * 1e3:.0f} ms "
                      f"({(t_dask / t_local - 1) * 100:+.0f} %) | {t_zero * 1e3:.0f} ms | {t_sum * 1e3:.0f} ms "
                      f"({(t_sum / t_local - 1) * 100:+.0f} %) |", flush=True)


if __name__ == "__main__":
    main()
