"""Waits and useful-tiles benchmarks: mjpy batch (1 and 2 workers), mjpy scalar (list / bytes /
ndarray input) and the peers (xiangting necessary tiles, cmajiang tingpai, pymahjonggb useful
tiles).

``pytest bench --benchmark-enable`` to time; without it (the project default) a smoke test that
checks mjpy against each peer on a few hundred of the same hands.
"""
import pytest

from hands import cases

OPS = ["waits", "useful_tiles"]


PARAMS = [pytest.param(key, kind, index, id=name) for key, kind, index, name in cases(OPS)]


@pytest.mark.parametrize("key, kind, index", PARAMS)
def test_bench(run_case, key, kind, index):
    run_case(key, kind, index)
