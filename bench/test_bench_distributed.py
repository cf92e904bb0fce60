"""Dask benchmarks on a local cluster (2 worker processes, 1 thread each, loopback): shanten of a
dask array vs the local batch call on the same hands, and simulate as Dask tasks.

``pytest bench/test_bench_distributed.py --benchmark-enable`` times them (per hand / per deal);
without it a smoke test. The 10-million-hand overhead figure of bench/README.md comes from
``python bench/mass_report.py --dask``.
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy

da = pytest.importorskip("dask.array")
pytest.importorskip("distributed")

from mjpy import distributed as D  # noqa: E402

N_HANDS = 2_000_000
N_DEALS = 200_000
SMOKE = 20_000


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as c:
        yield c


def _per_item(benchmark, n):
    stats = benchmark.stats.stats
    stats.data = [d / n for d in stats.data]
    for name in list(vars(stats)):
        if name != "data":
            del vars(stats)[name]
    return stats.min


def test_dask_shanten(benchmark, client):
    n = SMOKE if benchmark.disabled else N_HANDS
    h = mjpy.random.deal(n, "standard", seed=1)
    x = da.from_array(h, chunks=(max(n // 8, 1), 34)).persist()   # data already on the workers
    benchmark.group = "shanten: Dask local cluster (2 processes) vs local batch"
    got = benchmark.pedantic(lambda: D.shanten(x).compute(), rounds=3, warmup_rounds=1)
    assert np.array_equal(got, mjpy.batch.shanten(h))
    if not benchmark.disabled:
        benchmark.extra_info.update(hands=n, hands_per_s=round(1 / _per_item(benchmark, n)))


def test_local_shanten(benchmark):
    n = SMOKE if benchmark.disabled else N_HANDS
    h = mjpy.random.deal(n, "standard", seed=1)
    benchmark.group = "shanten: Dask local cluster (2 processes) vs local batch"
    benchmark.pedantic(mjpy.batch.shanten, args=(h,), kwargs={"workers": 2}, rounds=3,
                       warmup_rounds=1)
    if not benchmark.disabled:
        benchmark.extra_info.update(hands=n, hands_per_s=round(1 / _per_item(benchmark, n)))


def test_dask_simulate(benchmark, client):
    n = SMOKE if benchmark.disabled else N_DEALS
    benchmark.group = "simulate: Dask local cluster (summary only)"
    s = benchmark.pedantic(D.summarize, args=("sichuan", n, 7),
                           kwargs={"chunk_size": max(n // 8, 1), "client": client},
                           rounds=3, warmup_rounds=0)
    assert s.n == n
    if not benchmark.disabled:
        benchmark.extra_info.update(deals=n, deals_per_s=round(1 / _per_item(benchmark, n)))
