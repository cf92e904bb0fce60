"""The shipped lookup tables are exactly what tables/generate.py produces, and mean what they say."""
import importlib.util
from pathlib import Path

import numpy as np
import pytest

from mjcore import _tables

ROOT = Path(__file__).resolve().parent.parent


def _generator():
    spec = importlib.util.spec_from_file_location("mj_generate", ROOT / "tables" / "generate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def gen():
    return _generator()


def test_shipped_tables_match_generator(gen):
    fresh = gen.build()
    shipped = _tables.arrays()
    assert sorted(fresh) == sorted(shipped)
    for name in fresh:
        assert fresh[name].dtype == shipped[name].dtype, name
        np.testing.assert_array_equal(fresh[name], shipped[name], err_msg=name)
    assert gen.digest(fresh) == gen.digest(shipped)


def test_tables_are_read_only():
    for name, arr in _tables.arrays().items():
        assert not arr.flags.writeable, name


def _key(counts):
    return sum(int(c) * 5**i for i, c in enumerate(counts))


def _block(name, counts):
    """(distance vector [p*6 + m], flags, wait mask) of one block's counts."""
    t = _tables.arrays()
    key = _key(counts)
    row = t[f"{name}_states"][t[f"{name}_state"][key]]
    return row[:12], int(row[12]), int(t[f"{name}_wait"][key])


def test_empty_block_distances():
    for name, n in (("suit", 9), ("honor", 7)):
        d, flags, _ = _block(name, [0] * n)
        for m in range(6):
            assert d[m] == 3 * m  # m sets from nothing
            assert d[6 + m] == 3 * m + 2  # m sets and a pair
        assert flags & 1  # the empty block is complete


def test_block_facts():
    # 1112345678999: complete after any of 1..9 (nine-gates wait), not complete itself
    d, flags, wait = _block("suit", [3, 1, 1, 1, 1, 1, 1, 1, 3])
    assert wait == 0x1FF
    assert not flags & 1 and flags >> 1 == 13 % 3
    assert d[6 + 4] == 1  # one tile from four sets and a pair
    # 1111: structural wait on a fifth 1 (111 + 11)
    d, flags, wait = _block("suit", [4, 0, 0, 0, 0, 0, 0, 0, 0])
    assert wait & 1
    # honors never form sequences
    d, flags, wait = _block("honor", [1, 1, 1, 0, 0, 0, 0])
    assert d[1] == 2 and d[6 + 1] == 3 and wait == 0
    # exactness: 4444 cannot use a fifth 4 -- two sets need 444 + two more tiles (e.g. 3 5)
    d, flags, wait = _block("suit", [0, 0, 0, 4, 0, 0, 0, 0, 0])
    assert d[2] == 2


def test_combine_tables_agree_with_min_plus():
    t = _tables.arrays()
    suit = t["suit_states"][:, :12].astype(int)
    honor = t["honor_states"][:, :12].astype(int)
    rng = np.random.default_rng(5)
    for _ in range(300):
        a, b, c = rng.integers(0, len(suit), 3)
        z = rng.integers(0, len(honor))
        ab = t["pair_class"][a, b]
        cz = t["mixed_class"][c, z]
        for M in range(6):
            best = min(
                suit[a][6 * pa + ma] + suit[b][6 * pb + mb] + suit[c][6 * pc + mc] + honor[z][6 * pz + mz]
                for ma in range(M + 1)
                for mb in range(M + 1 - ma)
                for mc in range(M + 1 - ma - mb)
                for mz in [M - ma - mb - mc]
                for pa, pb, pc, pz in ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))
            )
            assert t["final_dist"][ab, cz, M] == best


def test_blocks_below_four_copies_ignore_fifth_copies():
    """A block holding no kind four times has the same distances whether a target may hold copies beyond the
    fourth or not (the kernel's useful tiles with jokers rest on it: ``hand_useful_at``); with four of a kind
    they may differ."""
    import itertools

    t = _tables.arrays()
    for name, n in (("suit", 9), ("honor", 7)):
        digits = np.array(list(itertools.product(range(5), repeat=n)), dtype=np.int64)
        keys = digits @ (5 ** np.arange(n))
        capped = t[f"{name}_states"][t[f"{name}_state"][keys]][:, :12]
        free = t[f"{name}_ustates"][t[f"{name}_ustate"][keys]][:, :12]
        differ = (capped != free).any(axis=1)
        below4 = digits.max(axis=1) <= 3
        assert not differ[below4].any(), name
        assert differ[~below4].any(), name
