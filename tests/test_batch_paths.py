"""The batch kernel's fast paths against its general path, and its vector arithmetic against numpy.

Rows without jokers of any kind take dedicated loops (``run_distance`` for shanten and the win check of the
standard form alone or with seven pairs and thirteen orphans, ``run_plain`` for the rest), whose block keys,
seven pairs and thirteen orphans come from SSE2 registers. The general loop (``run_rows``) is reached with
``jokers_by_scope={"any": 0}``: the same question, no joker, no fast path. Both must agree on every row,
every op, form set, pair rule, meld count and hand size; test_vs_reference checks the answers themselves
against the plain-Python reference.
"""
from __future__ import annotations

import mmap
import sys

import numpy as np
import pytest

import mjpy
from conftest import mixed_hands, rng_for
from mjcore import batch as kb

FORM_SETS = [
    ("standard",),
    ("standard", "seven_pairs", "thirteen_orphans"),
    ("standard", "seven_pairs"),
    ("seven_pairs",),
    ("thirteen_orphans",),
    ("standard", "seven_pairs", "thirteen_orphans", "knitted"),
]
GENERAL = {"jokers_by_scope": {"any": 0}}


def test_block_keys_match_numpy():
    """Keys by pmaddwd and sizes by psadbw = base-5 sums and row sums; a count above 4 anywhere is -1."""
    rng = rng_for("block keys")
    h = rng.integers(0, 5, size=(60_000, 34), dtype=np.uint8)
    h[:20_000] = np.minimum(h[:20_000], rng.integers(0, 3, size=(20_000, 34)))   # sparse rows too
    bad = rng.random(60_000) < 0.2
    h[bad, rng.integers(0, 34, size=bad.sum())] = rng.integers(5, 256, size=bad.sum())
    keys, sizes = kb._block_keys(h)
    p5 = (5 ** np.arange(9)).astype(np.int64)
    ok = (h <= 4).all(axis=1)
    want = np.stack([h[:, 0:9] @ p5, h[:, 9:18] @ p5, h[:, 18:27] @ p5, h[:, 27:34] @ p5[:7]], axis=1)
    assert np.array_equal(sizes, np.where(ok, h.sum(axis=1, dtype=np.int64), -1))
    assert np.array_equal(keys[ok], want[ok])
    # every single position beyond 4 is caught (the 9m and 9p counts are read apart from the registers)
    for t in range(34):
        row = np.zeros((1, 34), np.uint8)
        row[0, t] = 5
        assert kb._block_keys(row)[1][0] == -1, t


@pytest.mark.skipif(sys.platform != "linux", reason="mprotect through ctypes' libc: Linux only")
def test_row_at_the_end_of_readable_memory():
    """The kernel reads no byte past a row: a row in the last 34 bytes before an unreadable page is analysed."""
    import ctypes

    page = mmap.PAGESIZE
    buf = mmap.mmap(-1, 2 * page, prot=mmap.PROT_READ | mmap.PROT_WRITE)
    libc = ctypes.CDLL(None, use_errno=True)
    addr = ctypes.addressof(ctypes.c_char.from_buffer(buf))
    assert libc.mprotect(ctypes.c_void_p(addr + page), page, 0) == 0, ctypes.get_errno()
    try:
        rows = np.frombuffer(buf, dtype=np.uint8, count=34 * 3, offset=page - 34 * 3).reshape(3, 34)
        hand = np.zeros(34, np.uint8)
        for t in (0, 1, 2, 3, 4, 5, 6, 7, 8, 27, 27, 28, 28):
            hand[t] += 1
        rows[:] = hand
        rows[2, 33] = 1                       # the last byte of readable memory: 14 tiles
        ro = rows[:2]
        assert kb.shanten(ro, workers=1).tolist() == [0, 0]
        assert kb.waits(ro, workers=1).tolist() == [(1 << 27) | (1 << 28)] * 2
        assert kb.is_win(rows[2:], workers=1).tolist() == [False]
        assert kb.shanten(rows[2:], workers=1).tolist() == [0]
        assert kb.useful_tiles(ro, workers=1)[0] != 0
        assert kb._block_keys(rows)[1].tolist() == [13, 13, 14]
    finally:
        del rows, ro
        libc.mprotect(ctypes.c_void_p(addr + page), page, 3)
        buf.close()


def _rows(key, hand_size, parity, count):
    """Mixed rows of every meld count for one size parity, with their meld counts."""
    rng = rng_for("paths", key, hand_size, parity)
    hands, melds = [], []
    for k in range(0, 5 if hand_size == 13 else 6):
        h = mixed_hands(rng, count, k, parity, hand_size)
        hands.append(h)
        melds.append(np.full(len(h), k, np.int8))
    order = rng.permutation(sum(len(h) for h in hands))
    return np.concatenate(hands)[order], np.concatenate(melds)[order]


@pytest.mark.parametrize("hand_size", [13, 16])
@pytest.mark.parametrize("forms", FORM_SETS, ids="+".join)
def test_fast_paths_equal_the_general_path(forms, hand_size):
    h13, k13 = _rows("waiting", hand_size, 1, 800)
    h14, k14 = _rows("complete", hand_size, 2, 800)
    for quads in (True, False):
        kw = dict(forms=forms, quads_as_two_pairs=quads, hand_size=hand_size, workers=1)
        if hand_size == 16 and set(forms) <= {"seven_pairs", "thirteen_orphans", "knitted"}:
            with pytest.raises(ValueError):
                kb.shanten(h13, melds=k13, **kw)
            continue
        # rows no form applies to (special forms with melds) are refused alike by both paths
        usable13 = np.ones(len(h13), bool)
        usable14 = np.ones(len(h14), bool)
        if "standard" not in forms:
            usable13 = k13 <= (1 if "knitted" in forms else 0)
            usable14 = k14 <= (1 if "knitted" in forms else 0)
        a, ka, b, kb_ = h13[usable13], k13[usable13], h14[usable14], k14[usable14]
        for fn, rows, melds in ((kb.shanten, a, ka), (kb.shanten, b, kb_), (kb.is_win, b, kb_),
                                (kb.waits, a, ka), (kb.useful_tiles, a, ka)):
            fast = fn(rows, melds=melds, **kw)
            general = fn(rows, melds=melds, **kw, **GENERAL)
            assert np.array_equal(fast, general), (fn.__name__, forms, quads, hand_size)
        inc = kb.waits(a, melds=ka, include_exhausted=True, **kw)
        assert np.array_equal(inc, kb.waits(a, melds=ka, include_exhausted=True, **kw, **GENERAL))


def test_fast_paths_on_wins_of_every_form():
    """Seven pairs (both pair rules) and thirteen orphans wins and their near misses, in the win loop."""
    rng = rng_for("special wins")
    rows = []
    for _ in range(400):
        kinds = rng.choice(34, size=7, replace=False)
        c = np.zeros(34, np.uint8)
        c[kinds] = 2
        rows.append(c.copy())
        c[kinds[0]] = 4                      # a four of a kind as two pairs
        c[kinds[1]] = 0
        rows.append(c.copy())
        o = np.zeros(34, np.uint8)
        o[[0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]] = 1
        o[rng.choice([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])] += 1
        rows.append(o.copy())
        o[rng.choice([0, 8, 9, 17, 18, 26, 27])] -= 1     # a missing orphan replaced by a middle tile
        o[4] += 1
        rows.append(o)
    h = np.array(rows, np.uint8)
    for quads in (True, False):
        kw = dict(quads_as_two_pairs=quads, workers=1)
        fast = kb.is_win(h, **kw)
        assert np.array_equal(fast, kb.is_win(h, **kw, **GENERAL))
        assert np.array_equal(kb.shanten(h, **kw), kb.shanten(h, **kw, **GENERAL))
        assert fast[0::4].all() and fast[2::4].all() and not fast[3::4].any()
        assert fast[1::4].all() == quads


@pytest.mark.parametrize("workers", [1, 2])
def test_first_bad_row_is_named_with_threads(workers):
    """Threads take chunks in any order; the error still names the first bad row of the call."""
    h = mjpy.random.deal(200_000, "standard", seed=3)
    h[120_000] = 0
    h[120_000, :15] = 1                  # 15 tiles: too many for every op
    h[150_000, 5] = 7                    # a later chunk's bad count
    for fn in (kb.shanten, kb.waits, kb.useful_tiles):
        with pytest.raises(ValueError, match=r"hands\[120000\] has 15 tiles"):
            fn(h, workers=workers)
