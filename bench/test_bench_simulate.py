"""Mass evaluation benchmarks: deals per second, and ``mjpy simulate`` end to end (deal + play +
write Parquet) with 1 and 2 workers.

``pytest bench/test_bench_simulate.py --benchmark-enable`` times them (rounds are rescaled to time
per deal, so the OPS column reads deals/s); without it (the project default) a smoke test on a
few thousand deals. ``bench/mass_report.py`` measures the figures of bench/README.md ("Mass
evaluation"), including peak memory and the Dask overhead.
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy
from mjpy import simulation as S

N_DEAL = 2_000_000
N_SIM = 200_000
SMOKE = 5_000


def _per_item(benchmark, n):
    stats = benchmark.stats.stats
    stats.data = [d / n for d in stats.data]
    for name in list(vars(stats)):
        if name != "data":
            del vars(stats)[name]
    return stats.min


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("rules", ["sichuan", "guobiao"])
def test_deal(benchmark, rules, workers):
    n = SMOKE if benchmark.disabled else N_DEAL
    benchmark.group = "deal: hands dealt from real walls"
    h = benchmark.pedantic(mjpy.random.deal, args=(n, rules, 7), kwargs={"workers": workers},
                           rounds=5, warmup_rounds=1)
    assert (h.sum(1) == 13).all()
    if not benchmark.disabled:
        s = _per_item(benchmark, n)
        benchmark.extra_info.update(deals=n, workers=workers, deals_per_s=round(1 / s))


def _simulate_to_parquet(path, rules, n, workers):
    w = S.ParquetChunkWriter(path)
    summary = S.Summary(rules, S.DEFAULT_DRAWS)
    for c in S.simulate_chunks(rules, n, seed=7, workers=workers):
        summary.update(c)
        w.write(c)
    w.close()
    return summary


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("rules", ["sichuan", "standard", "guobiao"])
def test_simulate_end_to_end(benchmark, tmp_path, rules, workers):
    pytest.importorskip("pyarrow")
    n = SMOKE if benchmark.disabled else (N_SIM if rules == "sichuan" else N_SIM // 4)
    benchmark.group = "simulate: deal + play 18 draws + write Parquet"
    s = benchmark.pedantic(_simulate_to_parquet, args=(tmp_path / "r.parquet", rules, n, workers),
                           rounds=3 if not benchmark.disabled else 1, warmup_rounds=0)
    assert s.n == n
    if not benchmark.disabled:
        sec = _per_item(benchmark, n)
        benchmark.extra_info.update(deals=n, workers=workers, deals_per_s=round(1 / sec),
                                    target_per_core=50_000)


def test_simulate_play_only(benchmark):
    """The kernel loop alone (no Parquet), Sichuan, one worker."""
    n = SMOKE if benchmark.disabled else N_SIM
    benchmark.group = "simulate: kernel loop only"
    r = benchmark.pedantic(S.play_range, args=("sichuan", 7, 0, n), kwargs={"workers": 1},
                           rounds=3, warmup_rounds=0)
    assert len(r) == n and np.isin(r.win_turn, np.arange(-1, 19)).all()
    if not benchmark.disabled:
        benchmark.extra_info.update(deals_per_s=round(1 / _per_item(benchmark, n)))
