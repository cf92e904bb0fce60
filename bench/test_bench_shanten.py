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
