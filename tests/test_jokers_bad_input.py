"""Bad joker arguments must raise ValueError / TypeError naming the problem: never a crash.

* ``jokers``: negative, above the limit, more than the hand size allows, not
  an integer (float, str, bool, None, list, array for the scalar API);
* ``joker_tiles``: indices out of range, unknown names, wrong element types;
* batch ``jokers`` arrays: wrong shape, wrong dtype, out-of-range entries,
  rows whose size does not fit (the message names the row);
* a seeded fuzz over (hand size, jokers, melds, joker_tiles): every call either
  succeeds and agrees with the joker reference, or raises ValueError/TypeError.
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy
from conftest import expect_error as _expect_error, rng_for
from reference_jokers import (FORMS_DEFAULT, N_KINDS, fmt_hand, ref_budget_shanten,
                              split_joker_tiles)

OK_ERRORS = (ValueError, TypeError)

HAND12 = mjpy.parse("123456m234p55s5z")        # 12 real tiles: + 1 joker = 13, + 2 = 14

SCALAR_13 = {   # functions wanting a 3M+1 hand (12 real + 1 joker)
    "shanten": mjpy.shanten,
    "waits": mjpy.waits,
    "waits_mask": mjpy.waits_mask,
    "is_tenpai": mjpy.is_tenpai,
    "useful_tiles": mjpy.useful_tiles,
    "shanten_standard": mjpy.shanten_standard,
    "shanten_knitted": mjpy.shanten_knitted,
    "shanten_seven_pairs": mjpy.shanten_seven_pairs,
    "shanten_thirteen_orphans": mjpy.shanten_thirteen_orphans,
}
BATCH = {
    "shanten": mjpy.batch.shanten,
    "is_win": mjpy.batch.is_win,
    "waits": mjpy.batch.waits,
    "useful_tiles": mjpy.batch.useful_tiles,
}


# --------------------------------------------------------------------------
# Scalar jokers
# --------------------------------------------------------------------------
BAD_JOKER_VALUES = [
    (-1, ValueError), (-100, ValueError), (18, ValueError), (255, ValueError), (256, ValueError),
    (2 ** 31, ValueError), (2 ** 70, ValueError), (-(2 ** 70), ValueError),
    (2.5, TypeError), (1.0, TypeError), (float("nan"), TypeError), ("1", TypeError),
    (None, TypeError), (True, TypeError), (False, TypeError), ([1], TypeError),
    (np.array([1]), TypeError), (np.float64(1.0), TypeError), (1 + 0j, TypeError), (b"1", TypeError),
]


@pytest.mark.parametrize("value, exc", BAD_JOKER_VALUES, ids=repr)
@pytest.mark.parametrize("name", list(SCALAR_13) + ["is_win"])
def test_scalar_bad_jokers(name, value, exc):
    fn = mjpy.is_win if name == "is_win" else SCALAR_13[name]
    e = _expect_error(fn, HAND12, jokers=value)
    assert isinstance(e, exc), (name, value, type(e), e)
    assert "joker" in str(e), str(e)


@pytest.mark.parametrize("name", list(SCALAR_13))
def test_scalar_jokers_beyond_hand_size(name):
    fn = SCALAR_13[name]
    assert fn(HAND12, jokers=1) is not None              # 13 tiles: fine
    for k in (3, 4, 17):
        e = _expect_error(fn, HAND12, jokers=k)
        assert isinstance(e, ValueError) and "joker" in str(e), str(e)
    # a full 14-tile hand plus jokers
    e = _expect_error(fn, mjpy.parse("123m456p789s11222z"), jokers=1)
    assert "joker" in str(e)
    # jokers plus declared melds beyond the size
    if name not in ("shanten_seven_pairs", "shanten_thirteen_orphans"):   # no melds argument
        e = _expect_error(fn, HAND12, jokers=1, melds=1)
        assert isinstance(e, ValueError)


def test_scalar_wrong_parity_with_jokers():
    # is_win wants 3M+2, waits / tenpai / useful want 3M+1: jokers count toward the size
    e = _expect_error(mjpy.is_win, HAND12, jokers=1)
    assert "joker" in str(e)
    assert mjpy.is_win(HAND12, jokers=2) in (True, False)
    for fn in (mjpy.waits, mjpy.waits_mask, mjpy.is_tenpai, mjpy.useful_tiles):
        e = _expect_error(fn, HAND12, jokers=2)
        assert "joker" in str(e)
    # 16-tile play: up to 17 jokers, not 18
    assert mjpy.shanten(np.zeros(34, np.uint8), jokers=17, hand_size=16) == -1
    _expect_error(mjpy.shanten, np.zeros(34, np.uint8), jokers=18, hand_size=16)
    _expect_error(mjpy.shanten, np.zeros(34, np.uint8), jokers=15)


def test_scalar_numpy_integer_jokers_accepted():
    for v in (np.int8(1), np.int64(1), np.uint8(1), np.uint64(1)):
        assert mjpy.shanten(HAND12, jokers=v) == mjpy.shanten(HAND12, jokers=1)


# --------------------------------------------------------------------------
# joker_tiles
# --------------------------------------------------------------------------
class _Opaque:
    """An object that is no tile, with a stable repr (test ids must match across xdist workers)."""

    def __repr__(self):
        return "<opaque>"


BAD_JOKER_TILES = [
    ([34], ValueError), ([-1], ValueError), ([100], ValueError), ([2 ** 70], ValueError),
    (["8z"], ValueError), (["0z"], ValueError), (["10m"], ValueError), (["foo"], ValueError),
    (["中中"], ValueError), (["5z5z"], ValueError), ([""], ValueError), (["x"], ValueError),
    ([None], TypeError), ([1.5], TypeError), ([31.0], TypeError), ([[31]], TypeError),
    ([b"5z"], TypeError), ([_Opaque()], TypeError),
]


@pytest.mark.parametrize("tiles, exc", BAD_JOKER_TILES, ids=repr)
@pytest.mark.parametrize("name", ["shanten", "waits", "useful_tiles", "is_tenpai", "is_win"])
def test_scalar_bad_joker_tiles(name, tiles, exc):
    hand = mjpy.parse("123456m234p55s55z") if name != "is_win" else mjpy.parse("123456m234p55s555z")
    fn = getattr(mjpy, name)
    e = _expect_error(fn, hand, joker_tiles=tiles)
    assert isinstance(e, OK_ERRORS)
    text = str(e)
    assert "joker_tiles" in text or "tile" in text, text


@pytest.mark.parametrize("tiles, exc", BAD_JOKER_TILES[:12], ids=repr)
@pytest.mark.parametrize("name", list(BATCH))
def test_batch_bad_joker_tiles(name, tiles, exc):
    hands = np.stack([mjpy.parse("123456m234p55s55z" if name != "is_win" else "123456m234p55s555z")] * 4)
    e = _expect_error(BATCH[name], hands, joker_tiles=tiles)
    assert "tile" in str(e), str(e)


def test_joker_tiles_spellings_agree():
    hand = mjpy.parse("123456m234p58s55z")
    expected = mjpy.shanten(hand, joker_tiles=[31])
    c, k = split_joker_tiles(hand, [31])
    assert expected == ref_budget_shanten(c, k)
    for spelling in (["5z"], ["中"], (31,), [np.int64(31)], np.array([31]), [31, 31], ["5z", 31]):
        assert mjpy.shanten(hand, joker_tiles=spelling) == expected, spelling
        assert mjpy.waits_mask(mjpy.parse("123456m234p55s55z"), joker_tiles=spelling) == \
            mjpy.waits_mask(mjpy.parse("123456m234p55s55z"), joker_tiles=[31])
    assert mjpy.shanten(hand, joker_tiles=[]) == mjpy.shanten(hand)      # no joker kinds: plain


def test_joker_tiles_size_errors():
    # four 中 as jokers + one more joker + 12 real: 17 tiles
    e = _expect_error(mjpy.shanten, mjpy.parse("123456m234p55s5555z"), joker_tiles=[31], jokers=1)
    assert "joker" in str(e)
    # joker kinds are counted in the size like any tile
    e = _expect_error(mjpy.is_win, mjpy.parse("123456m234p55s55z"), joker_tiles=[31])
    assert isinstance(e, ValueError)


# --------------------------------------------------------------------------
# Batch jokers arrays
# --------------------------------------------------------------------------
def _hands3():
    return np.stack([HAND12] * 3)


BATCH_BAD_JOKERS = [
    ("short", np.array([1, 1]), ValueError),
    ("long", np.array([1, 1, 1, 1]), ValueError),
    ("2-D", np.ones((3, 1), np.int64), ValueError),
    ("2-D square", np.ones((3, 3), np.int64), ValueError),
    ("empty", np.array([], np.int64), ValueError),
    ("float", np.array([1.0, 1.0, 1.0]), TypeError),
    ("float32", np.ones(3, np.float32), TypeError),
    ("bool", np.ones(3, bool), TypeError),
    ("object", np.array([1, 1, 1], object), TypeError),
    ("str", np.array(["1", "1", "1"]), TypeError),
    ("complex", np.ones(3, complex), TypeError),
    ("list with None", [1, 1, None], TypeError),
    ("list with float", [1, 1, 1.5], TypeError),
    ("negative", np.array([1, -1, 1]), ValueError),
    ("too many", np.array([1, 1, 18]), ValueError),
    ("huge", np.array([1, 1, 2 ** 40]), ValueError),
    ("huge uint64", np.array([1, 1, 2 ** 63], np.uint64), ValueError),
    ("int8 wrap", np.array([1, 1, -128], np.int8), ValueError),
    ("scalar negative", -1, ValueError),
    ("scalar float", 1.5, TypeError),
    ("scalar str", "1", TypeError),
    ("None", None, TypeError),
]


@pytest.mark.parametrize("label, jokers, exc", BATCH_BAD_JOKERS, ids=[c[0] for c in BATCH_BAD_JOKERS])
@pytest.mark.parametrize("name", list(BATCH))
def test_batch_bad_jokers(name, label, jokers, exc):
    hands = _hands3()
    e = _expect_error(BATCH[name], hands, jokers=jokers)
    assert isinstance(e, exc), (label, type(e), e)
    assert "joker" in str(e), str(e)


@pytest.mark.parametrize("name", list(BATCH))
def test_batch_row_size_errors_name_the_row(name):
    hands = np.stack([HAND12] * 5)
    good = 1 if name != "is_win" else 2
    ks = np.full(5, good)
    ks[3] = 3                      # 12 + 3 = 15 tiles: too many for any call
    e = _expect_error(BATCH[name], hands, jokers=ks)
    assert isinstance(e, ValueError) and "3" in str(e) and "joker" in str(e), str(e)
    # the same with per-row melds pushing a row over
    ms = np.zeros(5, np.int64)
    ms[4] = 1
    e = _expect_error(BATCH[name], hands, jokers=np.full(5, good), melds=ms)
    assert isinstance(e, ValueError) and "4" in str(e), str(e)


def test_batch_joker_arrays_accepted():
    hands = _hands3()
    exp = mjpy.batch.shanten(hands, jokers=1).tolist()
    for jokers in ([1, 1, 1], (1, 1, 1), np.ones(3, np.int8), np.ones(3, np.uint8),
                   np.ones(3, np.int64), np.ones(6, np.int64)[::2], np.int64(1), np.uint8(1)):
        assert mjpy.batch.shanten(hands, jokers=jokers).tolist() == exp, jokers
    # a 0-d array is treated like melds treats one (accepted as a scalar or rejected cleanly)
    try:
        assert mjpy.batch.shanten(hands, jokers=np.array(1)).tolist() == exp
    except OK_ERRORS as e:
        assert "joker" in str(e)
    # empty batch with an empty jokers array
    assert mjpy.batch.shanten(np.zeros((0, 34), np.uint8), jokers=np.zeros(0, np.int64)).shape == (0,)


# --------------------------------------------------------------------------
# Seeded fuzz: success must be right, failure must be ValueError / TypeError
# --------------------------------------------------------------------------
def test_fuzz_scalar():
    rng = rng_for("jokers-bad-fuzz")
    n_ok = n_err = 0
    for _ in range(2500):
        n_real = int(rng.integers(0, 16))
        h = np.bincount(rng.permutation(136)[:n_real] // 4, minlength=N_KINDS).astype(np.uint8)
        k = int(rng.integers(-2, 20))
        melds = int(rng.integers(0, 6))
        jt = None
        r = rng.random()
        if r < 0.2:
            jt = [int(rng.integers(-2, 37))]
        elif r < 0.3:
            jt = [str(rng.choice(["5z", "中", "9s", "8z", "x", "1m"]))]
        kw = dict(jokers=k, melds=melds, allow_fifth_copy=bool(rng.random() < 0.5))
        if jt is not None:
            kw["joker_tiles"] = jt
        try:
            got = mjpy.shanten(h, **kw)
        except OK_ERRORS:
            n_err += 1
        else:
            n_ok += 1
            kinds = [] if jt is None else [mjpy.tile_index(t) if isinstance(t, str) else t for t in jt]
            c, kk = split_joker_tiles(h, kinds, k)
            exp = ref_budget_shanten(c, kk, melds, FORMS_DEFAULT, True, kw["allow_fifth_copy"])
            assert got == exp, (fmt_hand(h, k), kw, got, exp)
        for fn in (mjpy.is_win, mjpy.waits, mjpy.useful_tiles):
            try:
                fn(h, **kw)
            except OK_ERRORS:
                pass
    assert n_ok > 50 and n_err > 1000


def test_fuzz_batch():
    rng = rng_for("jokers-bad-fuzz-batch")
    for _ in range(300):
        n = int(rng.integers(1, 6))
        sizes = rng.integers(0, 15, size=n)
        hands = np.array([np.bincount(rng.permutation(136)[:s] // 4, minlength=N_KINDS)
                          for s in sizes], np.uint8)
        choice = rng.random()
        if choice < 0.6:
            jokers = rng.integers(-1, 19, size=n)
        elif choice < 0.8:
            jokers = int(rng.integers(-1, 19))
        else:
            jokers = rng.integers(0, 3, size=int(rng.integers(0, 8)))
        melds = rng.integers(0, 5, size=n) if rng.random() < 0.5 else int(rng.integers(0, 5))
        for name, fn in BATCH.items():
            try:
                out = fn(hands, jokers=jokers, melds=melds, workers=int(rng.integers(1, 3)))
            except OK_ERRORS:
                continue
            assert out.shape == (n,)
            if name == "shanten":
                js = np.broadcast_to(jokers, (n,))
                ms = np.broadcast_to(melds, (n,))
                for i in range(n):
                    assert out[i] == ref_budget_shanten(hands[i], int(js[i]), int(ms[i])), \
                        (fmt_hand(hands[i], int(js[i])), int(ms[i]))
