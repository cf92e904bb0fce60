"""Shanten benchmarks: standard form; standard + seven pairs + thirteen orphans (13 and 14
tiles); all Guobiao forms. mjpy batch (1 and 2 workers), mjpy scalar (list / bytes / ndarray
input) and the peers.

``pytest bench --benchmark-enable`` to time; without it (the project default) a smoke test that
checks mjpy against each peer on a few hundred of the same hands.
"""
import pytest

from hands import cases

OPS = ["shanten_standard", "shanten_default", "shanten_default14", "shanten_all"]


PARAMS = [pytest.param(key, kind, index, id=name) for key, kind, index, name in cases(OPS)]


@pytest.mark.parametrize("key, kind, index", PARAMS)
def test_bench(run_case, key, kind, index):
    run_case(key, kind, index)


@pytest.mark.parametrize("size", [13, 16])
def test_bench_shanten_16_tiles(benchmark, size):
    """Batch shanten (standard form, one worker) of 13-tile deals and of 16-tile deals (Taiwan / Wenzhou:
    five sets and a pair), 1,000,000 hands each, side by side (issue: 16 tiles within 1.5x of 13)."""
    import mjpy

    n = 1_000_000 if not benchmark.disabled else 2_000
    hands = mjpy.random.deal(n, "standard" if size == 13 else "taiwan", seed=11)
    got = mjpy.batch.shanten(hands[:2_000], forms=("standard",), hand_size=size, workers=1)
    assert got.tolist() == [mjpy.shanten(h, forms=("standard",), hand_size=size) for h in hands[:2_000]]
    benchmark.group = "shanten 16-tile vs 13-tile"
    if benchmark.disabled:
        return
    benchmark.pedantic(lambda: mjpy.batch.shanten(hands, forms=("standard",), hand_size=size, workers=1),
                       rounds=3, iterations=1)
    per = min(benchmark.stats.stats.data) / n
    benchmark.extra_info.update(ns_per_hand=round(per * 1e9, 1), hands_per_s=round(1 / per))
