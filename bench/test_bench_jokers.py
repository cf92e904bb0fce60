"""Jokers: win check, shanten, waits and useful tiles with 0, 1, 2, 4 and 8 jokers (batch and scalar).

No PyPI peer analyses hands with jokers, so the comparison is with the no-joker case.
Run: pytest bench/test_bench_jokers.py --benchmark-enable --benchmark-group-by=group
"""
import numpy as np
import pytest

import mjpy

from .jokers import JOKER_COUNTS, dealt_joker_hands, joker_hands

N = 100_000


@pytest.fixture(scope="module", params=JOKER_COUNTS, ids=lambda k: f"{k}j")
def hands(request):
    k = request.param
    return k, joker_hands(N, k, waiting=False), joker_hands(N // 10, k, waiting=True)


def _per_hand(benchmark, n):
    benchmark.extra_info["hands"] = n


def test_batch_is_win(benchmark, hands):
    k, h14, _ = hands
    benchmark.group = "jokers: batch is_win"
    out = benchmark(mjpy.batch.is_win, h14, jokers=k, workers=1)
    assert out.all()  # built from complete hands
    _per_hand(benchmark, len(h14))


def test_batch_shanten(benchmark, hands):
    k, _, h13 = hands
    benchmark.group = "jokers: batch shanten"
    out = benchmark(mjpy.batch.shanten, h13, jokers=k, workers=1)
    assert (out <= 0).all()  # one tile from complete
    _per_hand(benchmark, len(h13))


def test_batch_waits(benchmark, hands):
    k, _, h13 = hands
    benchmark.group = "jokers: batch waits"
    out = benchmark(mjpy.batch.waits, h13, jokers=k, workers=1)
    assert (out != 0).mean() > 0.5
    _per_hand(benchmark, len(h13))


def test_batch_useful_tiles(benchmark, hands):
    k = hands[0]
    h13 = dealt_joker_hands(N // 10, k)
    benchmark.group = "jokers: batch useful_tiles (dealt hands)"
    out = benchmark(mjpy.batch.useful_tiles, h13, jokers=k, workers=1)
    assert (out != 0).all()  # a dealt hand always has a useful tile
    _per_hand(benchmark, len(h13))


def test_scalar_is_win(benchmark, hands):
    k, h14, _ = hands
    rows = [bytes(r) for r in h14[:2000]]
    benchmark.group = "jokers: scalar is_win"

    def run():
        return sum(mjpy.is_win(r, jokers=k) for r in rows)

    assert benchmark(run) == len(rows)
    _per_hand(benchmark, len(rows))
