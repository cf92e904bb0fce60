"""What a Dask compute adds to the kernel: shanten of N dealt hands held on a LocalCluster's workers.

    python bench/dask_overhead.py                      # 10 million hands, 1 and 2 worker processes
    python bench/dask_overhead.py --n 100000000 --workers 2 --chunks 16

For each cluster (W worker processes x 1 thread, loopback) and chunk count, best of 7 (ms), each run started
after a 50 ms pause (as a lone call would: the client's and the scheduler's message batching, 2-10 ms windows,
otherwise holds back a run that follows the previous one at once): the local call
``mjpy.batch.shanten(hands, workers=W)``; ``mjpy.distributed.shanten(x).compute()`` on the same hands made on
the workers (``mjpy.distributed.deal(...).persist()``); ``.sum()`` of the shanten computed on the workers (only
a number comes back); and the floor of any Dask path: the kernel's own time inside the workers' tasks (the
slowest chunk of a worker, timed in the task) and a task per chunk that returns nothing (the scheduler's round
trip). bench/README.md ("Mass evaluation") holds a run.
"""
from __future__ import annotations

import argparse
import time

import numpy as np


def best(fn, rounds: int = 7, pause: float = 0.05) -> float:
    t_best = float("inf")
    for _ in range(rounds):
        time.sleep(pause)
        t = time.perf_counter()
        fn()
        t_best = min(t_best, time.perf_counter() - t)
    return t_best


def _timed_shanten(block) -> float:
    from mjpy import batch
    t = time.perf_counter()
    batch.shanten(block, workers=1)
    return time.perf_counter() - t


def _nothing(block) -> int:
    return len(block)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=10_000_000, help="hands")
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2], help="worker processes")
    p.add_argument("--chunks", type=int, default=8, help="chunks besides one per worker")
    a = p.parse_args(argv)

    from distributed import Client, LocalCluster, futures_of, wait

    import mjpy
    from mjpy import distributed as D

    hands = mjpy.random.deal(a.n, "standard", seed=1, workers=2)
    print("| hands, worker processes, chunks | local batch | Dask, result gathered | Dask, `.sum()` on the workers "
          "| kernel inside the tasks | a task per chunk doing nothing |")
    print("|---|--:|--:|--:|--:|--:|")
    ms = lambda t: f"{t * 1e3:.0f} ms"     # noqa: E731
    for nw in a.workers:
        with LocalCluster(n_workers=nw, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address=None) as cluster, Client(cluster) as client:
            t_local = best(lambda: mjpy.batch.shanten(hands, workers=nw))
            for n_chunks in (nw, a.chunks):
                x = D.deal(a.n, "standard", seed=1, chunk_size=-(-a.n // n_chunks)).persist()
                wait(x)
                futures = futures_of(x)
                assert np.array_equal(D.shanten(x).compute(), mjpy.batch.shanten(hands))
                t_dask = best(lambda: D.shanten(x).compute())
                t_sum = best(lambda: D.shanten(x).sum().compute())
                kernel = []                 # per run: the busiest worker's kernel time
                for _ in range(7):
                    time.sleep(0.05)
                    fs = client.map(_timed_shanten, futures, pure=False)
                    per = {}
                    for f, t in zip(fs, client.gather(fs)):
                        w = next(iter(client.who_has(f)[f.key]))
                        per[w] = per.get(w, 0.0) + t
                    kernel.append(max(per.values()))
                t_nothing = best(lambda: client.gather(client.map(_nothing, futures, pure=False)))
                print(f"| {a.n / 1e6:g} M, {nw}, {n_chunks} | {ms(t_local)} | {ms(t_dask)} "
                      f"({(t_dask / t_local - 1) * 100:+.0f} %) | {ms(t_sum)} ({(t_sum / t_local - 1) * 100:+.0f} %) "
                      f"| {ms(min(kernel))} ({(min(kernel) / t_local - 1) * 100:+.0f} %) | {ms(t_nothing)} |", flush=True)


if __name__ == "__main__":
    main()
