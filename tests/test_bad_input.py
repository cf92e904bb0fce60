"""Malformed input must raise ValueError or TypeError: never another exception, never a crash.

Thousands of generated bad inputs go through the scalar and batch APIs:
random strings over the notation alphabet, count vectors with 5 copies or
negative counts, wrong totals for the melds given, wrong dtypes / shapes /
objects for the batch calls, melds / forms / hand_size / workers / visible
out of range.  A few messages are checked to name the problem.

Random strings are sometimes valid hands; then the call must succeed and
agree with the reference on the parsed hand.
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy
from conftest import expect_error as _expect_error, mixed_hands, rng_for
from reference import ref_shanten, to_str

OK_ERRORS = (ValueError, TypeError)
ALPHABET = list("0123456789mpsz东南西北中发白万筒条x []")

SCALAR_FUNCS = {
    "shanten": mjpy.shanten,
    "is_win": mjpy.is_win,
    "waits": mjpy.waits,
    "useful_tiles": mjpy.useful_tiles,
    "decompositions": mjpy.decompositions,
}
BATCH_FUNCS = {
    "shanten": mjpy.batch.shanten,
    "is_win": mjpy.batch.is_win,
    "waits": mjpy.batch.waits,
    "useful_tiles": mjpy.batch.useful_tiles,
}


BASE13 = np.zeros(34, np.uint8)
BASE13[[0, 1, 2, 12, 13, 14, 24, 25, 26]] = 1
BASE13[[27, 28]] = 2          # 123m456p789s1122z (13 tiles, tenpai)
BASE14 = BASE13.copy()
BASE14[28] += 1               # 123m456p789s11222z (complete)


# --------------------------------------------------------------------------
# Random strings
# --------------------------------------------------------------------------
def _random_strings(count, seed):
    rng = rng_for("bad-strings", seed)
    out = []
    for _ in range(count):
        n = int(rng.integers(0, 32))
        out.append("".join(rng.choice(ALPHABET, size=n)))
    return out


def _dense_strings(count, seed):
    """Strings that look like hands: digit runs + suit letters, some honors / brackets / junk."""
    rng = rng_for("bad-dense", seed)
    out = []
    for _ in range(count):
        parts = []
        for _ in range(int(rng.integers(1, 6))):
            digits = "".join(rng.choice(list("0123456789"), size=int(rng.integers(0, 6))))
            parts.append(digits + str(rng.choice(list("mpsz万筒条x] "))))
        s = "".join(parts)
        if rng.random() < 0.3:
            pos = int(rng.integers(0, len(s) + 1))
            s = s[:pos] + str(rng.choice(list("东南西北中发白[]x "))) + s[pos:]
        out.append(s)
    return out


@pytest.mark.parametrize("maker, seed", [(_random_strings, 0), (_random_strings, 1), (_dense_strings, 0),
                                         (_dense_strings, 1)])
def test_random_strings(maker, seed):
    strings = maker(1500, seed)
    n_err = n_ok = 0
    for s in strings:
        for melds in (0, 1):
            try:
                got = mjpy.shanten(s, melds=melds)
            except OK_ERRORS:
                n_err += 1
                continue
            # accepted: it must really be a valid hand and the answer must be right
            h = mjpy.parse(s)
            assert h.shape == (34,) and h.max() <= 4, s
            assert got == ref_shanten(h, melds), (s, got)
            n_ok += 1
        for name, fn in SCALAR_FUNCS.items():
            try:
                fn(s)
            except OK_ERRORS:
                pass
    assert n_err > 1000
    if maker is _dense_strings:
        assert n_ok >= 0   # dense strings are sometimes valid; nothing to require


def test_notation_errors_name_the_position():
    e = _expect_error(mjpy.shanten, "123m456p789s112x")
    assert "position" in str(e) and "'x'" in str(e)
    e = _expect_error(mjpy.shanten, "123m456p789s1122")
    assert "position" in str(e)
    e = _expect_error(mjpy.shanten, "123m456p789s1189z")
    assert "position" in str(e)


def test_string_with_five_copies():
    e = _expect_error(mjpy.shanten, "11111m456p789s112z")
    assert "appears 5 times" in str(e)
    e = _expect_error(mjpy.is_win, "11111m456p789s1122z")
    assert "appears 5 times" in str(e)


# --------------------------------------------------------------------------
# Count vectors: 5+ copies, negative values, wrong totals
# --------------------------------------------------------------------------
def _five_copy_hands(count, seed):
    rng = rng_for("five", seed)
    hands = mixed_hands(rng, count, 0, 1 + seed % 2).astype(np.int64)
    for h in hands:
        t = int(rng.integers(0, 34))
        h[t] = int(rng.choice([5, 5, 5, 6, 7, 9, 200]))
    return hands


def test_five_copies_scalar():
    hands = _five_copy_hands(600, 0)
    for i, h in enumerate(hands):
        for form in (h, h.astype(np.uint8) if h.max() < 256 else h, [int(x) for x in h], h.astype(np.int16)):
            for name, fn in SCALAR_FUNCS.items():
                e = _expect_error(fn, form)
                if int(h.max()) == 5 and name == "shanten" and i < 50:
                    assert "appears 5 times" in str(e), str(e)


def test_five_copies_batch():
    hands = _five_copy_hands(500, 1)
    good = mixed_hands(rng_for("five-good"), 20, 0, 2)
    for i, h in enumerate(hands):
        batch = np.concatenate([good, h[None].astype(np.uint8)])
        for name, fn in BATCH_FUNCS.items():
            e = _expect_error(fn, batch)
            if name == "shanten" and h.max() == 5:
                assert "hands[20]" in str(e) and "5 times" in str(e), str(e)
        _expect_error(mjpy.batch.shanten, batch.astype(np.int64))


def test_negative_counts():
    rng = rng_for("negative")
    hands = mixed_hands(rng, 500, 0, 1).astype(np.int64)
    for h in hands:
        t = int(rng.integers(0, 34))
        h[t] = -int(rng.integers(1, 5))
        for form in (h, [int(x) for x in h], h.astype(np.int8)):
            for fn in SCALAR_FUNCS.values():
                _expect_error(fn, form)
        _expect_error(mjpy.batch.shanten, h[None])
        _expect_error(mjpy.batch.waits, h[None].astype(np.int8))
    e = _expect_error(mjpy.shanten, np.where(np.arange(34) == 3, -1, BASE13.astype(int)))
    assert "-1" in str(e)


def test_wrong_totals_for_melds():
    rng = rng_for("totals")
    n_checked = 0
    for n in range(0, 18):
        hands = []
        for _ in range(60):
            c = np.zeros(34, np.int64)
            while c.sum() < n:
                t = int(rng.integers(0, 34))
                if c[t] < 4:
                    c[t] += 1
            hands.append(c.astype(np.uint8))
        hands = np.array(hands)
        for k in range(5):
            for hand_size in (13, 16):
                if k > (4 if hand_size == 13 else 5):
                    continue
                base = hand_size - 3 * k
                if n in (base, base + 1):
                    continue
                for h in hands[:15]:
                    for fn in SCALAR_FUNCS.values():
                        _expect_error(fn, h, melds=k, hand_size=hand_size)
                    n_checked += 1
                _expect_error(mjpy.batch.shanten, hands, melds=k, hand_size=hand_size)
    assert n_checked > 1000
    e = _expect_error(mjpy.shanten, BASE13, melds=1)
    assert "13" in str(e) and "expected" in str(e)


def test_size_not_matching_the_call():
    # waits / useful_tiles need 3M+1; is_win / decompositions need 3M+2
    for fn in (mjpy.waits, mjpy.useful_tiles, mjpy.is_tenpai):
        _expect_error(fn, BASE14)
    for fn in (mjpy.is_win, mjpy.decompositions):
        _expect_error(fn, BASE13)
    _expect_error(mjpy.batch.waits, BASE14[None])
    _expect_error(mjpy.batch.useful_tiles, BASE14[None])
    _expect_error(mjpy.batch.is_win, BASE13[None])


# --------------------------------------------------------------------------
# Wrong types / shapes
# --------------------------------------------------------------------------
BAD_SCALAR_HANDS = [
    None, 13, 1.5, object(), {"1m": 3}, b"\x01" * 33, b"\x01" * 35, bytes(34) + b"\x05",
    list(range(33)), [0] * 35, [[0] * 34], [0.0] * 34, ["1"] * 34, [None] * 34,
    [1.5] + [0] * 33, [True] * 13 + [False] * 21, [2 ** 70] + [0] * 33,
    np.zeros((1, 34), np.uint8), np.zeros(33, np.uint8), np.zeros(35, np.uint8),
    BASE13.astype(np.float64), BASE13.astype(np.float32), BASE13.astype(bool), BASE13.astype(object),
    BASE13.astype(str), np.zeros((2, 17), np.uint8), np.array(5),
]


@pytest.mark.parametrize("idx", range(len(BAD_SCALAR_HANDS)))
def test_bad_scalar_hand_types(idx):
    bad = BAD_SCALAR_HANDS[idx]
    for fn in SCALAR_FUNCS.values():
        _expect_error(fn, bad)


def _bad_batch_arrays():
    good = mixed_hands(rng_for("batch-shapes"), 8, 0, 1)
    return [
        good.astype(np.float64), good.astype(np.float32), good.astype(np.float16),
        good.astype(object), good.astype(bool), good.astype(str), good.astype(complex),
        np.zeros((8, 35), np.uint8), np.zeros((8, 33), np.uint8), good[0], good.ravel(),
        good[None], good.reshape(4, 2, 34), good.T.copy(), np.zeros((8, 0), np.uint8),
        np.array(3), np.array(7), np.array(-1), np.full(34, 5), np.full((2, 3, 34), 9),
        "123m456p789s1122z", None, 7, [[1, 2], [3]], [good[0].tolist(), [0] * 33],
        [["x"] * 34], object(),
    ]


def test_bad_batch_arrays():
    problems = []
    for arr in _bad_batch_arrays():
        for name, fn in BATCH_FUNCS.items():
            try:
                fn(arr)
            except OK_ERRORS:
                continue
            except Exception as e:   # noqa: BLE001 - the point of the test
                problems.append(f"batch.{name}({arr!r:.60}): {type(e).__name__}: {e}")
            else:
                problems.append(f"batch.{name}({arr!r:.60}): no error")
    assert not problems, "\n".join(problems)


def test_batch_error_messages_name_the_problem():
    good = mixed_hands(rng_for("batch-msg"), 10, 0, 1)
    e = _expect_error(mjpy.batch.shanten, np.zeros((3, 35), np.uint8))
    assert "(N, 34)" in str(e) or "35" in str(e)
    e = _expect_error(mjpy.batch.shanten, good.astype(np.float64))
    assert "dtype" in str(e) or "integer" in str(e)
    bad = good.astype(np.int64)
    bad[4, 7] = -2
    e = _expect_error(mjpy.batch.shanten, bad)
    assert "4" in str(e) and "-2" in str(e)
    bad = good.copy()
    bad[6, 0] = 0 if bad[6, 0] else 1
    e = _expect_error(mjpy.batch.shanten, bad)
    assert "hands[6]" in str(e)


def test_batch_noncontiguous_input_is_fine():
    hands = mixed_hands(rng_for("noncontig"), 200, 0, 1)
    expect = mjpy.batch.shanten(hands)
    fortran = np.asfortranarray(hands)
    strided = np.repeat(hands, 2, axis=0)[::2]
    wide = np.zeros((200, 68), np.uint8)
    wide[:, ::2] = hands
    for arr in (fortran, strided, wide[:, ::2], hands.astype(np.int32), hands.tolist()):
        assert (mjpy.batch.shanten(arr) == expect).all()


# --------------------------------------------------------------------------
# melds / forms / hand_size / workers / visible
# --------------------------------------------------------------------------
@pytest.mark.parametrize("melds", [-1, 5, 6, 100, -100, 2 ** 40, -2 ** 70, 1.0, "1", None, [1], object()])
def test_bad_melds_scalar(melds):
    for fn in (mjpy.shanten, mjpy.waits, mjpy.is_win, mjpy.useful_tiles, mjpy.decompositions):
        _expect_error(fn, BASE13, melds=melds)


def test_bad_melds_16():
    h = np.zeros(34, np.uint8)
    h[:1] = 1
    _expect_error(mjpy.shanten, h, melds=6, hand_size=16)
    _expect_error(mjpy.batch.shanten, h[None], melds=6, hand_size=16)
    e = _expect_error(mjpy.shanten, BASE13, melds=5)
    assert "melds" in str(e)


@pytest.mark.parametrize("melds", [-1, 5, 1.0, "0", np.zeros(3, np.int8), np.zeros((4, 1), np.int8),
                                   np.zeros(4, np.float64), np.array([0, 0, 0, 9]), np.array([0, -1, 0, 0]),
                                   np.array(["0"] * 4), None])
def test_bad_melds_batch(melds):
    hands = np.stack([BASE13] * 4)
    for fn in (mjpy.batch.shanten, mjpy.batch.waits, mjpy.batch.useful_tiles):
        _expect_error(fn, hands, melds=melds)


@pytest.mark.parametrize("forms", ["foo", (), ("standard", "bogus"), [None], 123, ("Standard",), "", 1.5,
                                   ("seven_pairs", 7)])
def test_bad_forms(forms):
    _expect_error(mjpy.shanten, BASE13, forms=forms)
    _expect_error(mjpy.waits, BASE13, forms=forms)
    _expect_error(mjpy.batch.shanten, BASE13[None], forms=forms)
    _expect_error(mjpy.decompositions, BASE14, forms=forms)


def test_forms_that_do_not_apply():
    h10 = np.zeros(34, np.uint8)
    h10[[0, 1, 2, 9, 10, 11, 18, 19, 20, 27]] = 1
    for forms in (("seven_pairs",), ("thirteen_orphans",), ("seven_pairs", "thirteen_orphans")):
        _expect_error(mjpy.shanten, h10, melds=1, forms=forms)
        _expect_error(mjpy.batch.shanten, h10[None], melds=1, forms=forms)
    h7 = np.zeros(34, np.uint8)
    h7[[0, 1, 2, 9, 10, 11, 27]] = 1
    _expect_error(mjpy.shanten, h7, melds=2, forms=("knitted",))
    _expect_error(mjpy.batch.shanten, h7[None], melds=2, forms=("knitted",))
    h16 = np.zeros(34, np.uint8)
    h16[:16] = 1
    _expect_error(mjpy.shanten, h16, hand_size=16, forms=("seven_pairs",))
    _expect_error(mjpy.shanten, h16, hand_size=16, forms=("knitted",))


@pytest.mark.parametrize("hand_size", [0, 12, 14, 15, 17, -13, 13.5, 16.5, "13", None])
def test_bad_hand_size(hand_size):
    _expect_error(mjpy.shanten, BASE13, hand_size=hand_size)
    _expect_error(mjpy.batch.shanten, BASE13[None], hand_size=hand_size)
    _expect_error(mjpy.waits, BASE13, hand_size=hand_size)


@pytest.mark.parametrize("workers", [0, -2, 1.5, "2", [2], True, 2 ** 70, -2 ** 70])
def test_bad_workers(workers):
    _expect_error(mjpy.batch.shanten, BASE13[None], workers=workers)


@pytest.mark.parametrize("visible", [np.full(34, 4, np.uint8), [0] * 33, np.full(34, -1), np.zeros(34, float),
                                     "123m456p789s1122z" + "1z" * 3, [5] + [0] * 33])
def test_bad_visible(visible):
    _expect_error(mjpy.useful_tiles, BASE13, visible=visible)


def test_random_garbage_count_vectors():
    """Random int vectors (-3..7 per slot, random totals): error or a correct answer."""
    rng = rng_for("garbage")
    n_err = n_ok = 0
    for _ in range(3000):
        h = rng.integers(-3, 8, size=34) * (rng.random(34) < 0.35)
        k = int(rng.integers(-1, 6))
        try:
            got = mjpy.shanten(h, melds=k)
        except OK_ERRORS:
            n_err += 1
        else:
            n_ok += 1
            assert got == ref_shanten(h, k), to_str(h)
        try:
            mjpy.batch.shanten(h[None], melds=k)
        except OK_ERRORS:
            pass
    assert n_err > 2500
