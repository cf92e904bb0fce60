"""Shared, seeded hand generators for the mjpy test-suite.

Everything here is deterministic: every generator takes a
``numpy.random.Generator`` (tests build them with fixed seeds through the
``make_rng`` fixture or :func:`rng_for`) and returns ``(N, 34)`` uint8 count
arrays in the project's tile order (0-8 m, 9-17 p, 18-26 s, 27-33 honors;
31 = 中, 32 = 发, 33 = 白).

Generators
----------
* :func:`wall_hands`        - hands dealt from a real 136-tile wall.
* :func:`complete_hands`    - random complete standard hands (M sets + pair).
* :func:`near_complete`     - complete hands with 0-3 tiles replaced, and one
                              tile removed for 3M+1 sizes.
* :func:`quad_heavy`        - hands holding one or more four-of-a-kinds.
* :func:`single_suit`       - hands drawn from the 36 tiles of one suit.
* :func:`seven_pairs_like`, :func:`orphans_like`, :func:`knitted_like` -
  hands close to the special forms.
* :func:`mixed_hands`       - a blend of all of the above for one size.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys

import numpy as np
import pytest

# Make ``import reference`` work whatever pytest's import mode is.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

N_KINDS = 34
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_SUIT_STARTS = (0, 9, 18)


def rng_for(*key) -> np.random.Generator:
    """A Generator seeded deterministically from any printable key."""
    digest = hashlib.sha256(repr(key).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


@pytest.fixture
def make_rng():
    """``make_rng(*key)`` -> a fixed-seed numpy Generator."""
    return rng_for


# --------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------
def n_concealed(k: int, parity: int, hand_size: int = 13) -> int:
    """Concealed tile count for ``k`` melds; ``parity`` 1 -> 3M+1, 2 -> 3M+2."""
    return hand_size + (parity - 1) - 3 * k


def sets_needed(k: int, hand_size: int = 13) -> int:
    return (4 if hand_size == 13 else 5) - k


def _counts_from_indices(idx: np.ndarray) -> np.ndarray:
    """(N, n) tile indices -> (N, 34) uint8 counts."""
    N = idx.shape[0]
    flat = (idx + N_KINDS * np.arange(N)[:, None]).ravel()
    return np.bincount(flat, minlength=N_KINDS * N).reshape(N, N_KINDS).astype(np.uint8)


def wall_hands(rng: np.random.Generator, count: int, n: int) -> np.ndarray:
    """``count`` hands of ``n`` tiles dealt from a shuffled 136-tile wall."""
    if n == 0:
        return np.zeros((count, N_KINDS), np.uint8)
    keys = rng.random((count, 136))
    picks = np.argpartition(keys, n - 1, axis=1)[:, :n] // 4
    return _counts_from_indices(picks)


def single_suit(rng: np.random.Generator, count: int, n: int) -> np.ndarray:
    """Hands of ``n`` tiles from the 36 tiles of one (random) suit."""
    keys = rng.random((count, 36))
    picks = np.argpartition(keys, n - 1, axis=1)[:, :n] // 4
    suit = rng.integers(0, 3, size=(count, 1)) * 9
    return _counts_from_indices(picks + suit)


_ALL_SETS = [("pung", t) for t in range(N_KINDS)] + [
    ("seq", s + i) for s in _SUIT_STARTS for i in range(7)
]


def _add_set(c, kind, t):
    if kind == "pung":
        c[t] += 3
    else:
        c[t] += 1
        c[t + 1] += 1
        c[t + 2] += 1


def complete_hand(rng: np.random.Generator, M: int, style: str = "mixed") -> np.ndarray:
    """One complete standard hand: M sets + 1 pair, counts <= 4.

    ``style``: "mixed" draws sets from all 55 kinds (sequences favoured);
    "dense" keeps everything inside one or two suits so that overlapping
    sequences, quads and ambiguous readings are common.
    """
    while True:
        c = np.zeros(N_KINDS, np.int64)
        if style == "dense":
            suits = rng.choice(3, size=rng.integers(1, 3), replace=False)
            pool = [s for s in _ALL_SETS
                    if s[1] < 27 and s[1] // 9 in suits]
            kinds = [int(_SUIT_STARTS[s]) + i for s in suits for i in range(9)]
        else:
            pool = _ALL_SETS
            kinds = list(range(N_KINDS))
        for _ in range(M):
            if style == "mixed" and rng.random() < 0.35:
                kind, t = ("pung", int(rng.integers(0, N_KINDS)))
            else:
                kind, t = pool[int(rng.integers(0, len(pool)))]
            _add_set(c, kind, t)
        c[kinds[int(rng.integers(0, len(kinds)))]] += 2
        if c.max() <= 4:
            return c.astype(np.uint8)


def _replace_tiles(rng, c: np.ndarray, r: int) -> None:
    """Replace ``r`` random tiles of ``c`` in place (counts stay <= 4).

    Half of the new tiles are drawn near a tile already held (same suit,
    distance 1-2) to create realistic partial shapes.
    """
    for _ in range(r):
        held = np.flatnonzero(c)
        out = int(rng.choice(held, p=c[held] / c[held].sum()))
        c[out] -= 1
        while True:
            if rng.random() < 0.5:
                base = int(rng.choice(np.flatnonzero(c))) if c.any() else 0
                if base < 27:
                    pos = base % 9 + int(rng.choice([-2, -1, 1, 2]))
                    new = base - base % 9 + pos if 0 <= pos < 9 else int(rng.integers(0, N_KINDS))
                else:
                    new = int(rng.integers(27, N_KINDS))
            else:
                new = int(rng.integers(0, N_KINDS))
            if c[new] < 4:
                c[new] += 1
                break


def _remove_one(rng, c: np.ndarray) -> None:
    held = np.flatnonzero(c)
    c[int(rng.choice(held))] -= 1


def perturb(rng, base: np.ndarray, n: int, max_replace: int = 3) -> np.ndarray:
    """Replace 0..max_replace tiles of a 14-style hand, then trim to ``n`` tiles."""
    c = base.astype(np.int64).copy()
    _replace_tiles(rng, c, int(rng.integers(0, max_replace + 1)))
    while c.sum() > n:
        _remove_one(rng, c)
    return c.astype(np.uint8)


def complete_hands(rng, count: int, M: int, style: str = "mixed") -> np.ndarray:
    return np.array([complete_hand(rng, M, style) for _ in range(count)], np.uint8).reshape(count, N_KINDS)


def near_complete(rng, count: int, n: int, M: int, max_replace: int = 3) -> np.ndarray:
    """Complete M-set hands with 0..max_replace tiles replaced, trimmed to ``n`` tiles.

    For ``n == 3M+2`` about a quarter of the results are still complete.
    """
    out = np.empty((count, N_KINDS), np.uint8)
    for i in range(count):
        style = "dense" if rng.random() < 0.5 else "mixed"
        out[i] = perturb(rng, complete_hand(rng, M, style), n, max_replace)
    return out


def quad_heavy(rng, count: int, n: int, M: int) -> np.ndarray:
    """Hands of ``n`` tiles that hold at least one four-of-a-kind.

    Half: 1-3 quads plus tiles dealt from the rest of the wall.  Half:
    near-complete dense hands that happen to contain a quad (rejection
    sampling, falling back to the first construction).
    """
    out = np.empty((count, N_KINDS), np.uint8)
    max_q = n // 4
    for i in range(count):
        c = None
        if rng.random() < 0.5:
            for _ in range(30):
                cand = perturb(rng, complete_hand(rng, M, "dense"), n, 2)
                if cand.max() == 4:
                    c = cand
                    break
        if c is None:
            q = int(rng.integers(1, min(3, max_q) + 1))
            kinds = rng.choice(N_KINDS, size=q, replace=False)
            c = np.zeros(N_KINDS, np.int64)
            c[kinds] = 4
            rest = np.repeat(np.arange(N_KINDS), 4 - c)
            if rng.random() < 0.5:   # concentrate the rest around the quads' suits
                near = [t for t in rest if any(abs(int(t) - int(q_)) <= 3 for q_ in kinds)]
                if len(near) >= n - 4 * q:
                    rest = np.array(near)
            extra = rng.choice(rest, size=n - 4 * q, replace=False)
            np.add.at(c, extra, 1)
            c = c.astype(np.uint8)
        out[i] = c
    return out


def seven_pairs_like(rng, count: int, n: int, quad_prob: float = 0.3) -> np.ndarray:
    """Seven pairs (sometimes with a quad as two pairs), perturbed, trimmed to n."""
    out = np.empty((count, N_KINDS), np.uint8)
    for i in range(count):
        c = np.zeros(N_KINDS, np.int64)
        if rng.random() < quad_prob:
            kinds = rng.choice(N_KINDS, size=6, replace=False)
            c[kinds] = 2
            c[kinds[0]] = 4
        else:
            c[rng.choice(N_KINDS, size=7, replace=False)] = 2
        out[i] = perturb(rng, c, n, 2)
    return out


def orphans_like(rng, count: int, n: int) -> np.ndarray:
    out = np.empty((count, N_KINDS), np.uint8)
    for i in range(count):
        c = np.zeros(N_KINDS, np.int64)
        c[list(ORPHANS)] = 1
        c[ORPHANS[int(rng.integers(0, 13))]] += 1
        out[i] = perturb(rng, c, n, 2)
    return out


def _knitted_straight(rng):
    perm = rng.permutation(3)
    return [_SUIT_STARTS[s] + cls + 3 * j for s, cls in enumerate(perm) for j in range(3)]


def knitted_like(rng, count: int, n: int, k: int = 0) -> np.ndarray:
    """Near 全不靠 (k == 0 only) or near 组合龙 (knitted straight + sets + pair)."""
    out = np.empty((count, N_KINDS), np.uint8)
    for i in range(count):
        ks = _knitted_straight(rng)
        c = np.zeros(N_KINDS, np.int64)
        if k == 0 and rng.random() < 0.5:
            kinds = ks + list(range(27, 34))
            c[rng.choice(kinds, size=14, replace=False)] = 1
        else:
            while True:
                c = np.zeros(N_KINDS, np.int64)
                c[ks] = 1
                for _ in range(1 - k):
                    kind, t = _ALL_SETS[int(rng.integers(0, len(_ALL_SETS)))]
                    _add_set(c, kind, t)
                c[int(rng.integers(0, N_KINDS))] += 2
                if c.max() <= 4:
                    break
        out[i] = perturb(rng, c, n, 2)
    return out


def mixed_hands(rng, count: int, k: int, parity: int, hand_size: int = 13,
                special: bool = True) -> np.ndarray:
    """A blend for one size: ~30% wall-dealt, ~40% near-complete, ~15% quad-heavy,
    ~15% near special forms (when they apply to ``k``/``hand_size``)."""
    n = n_concealed(k, parity, hand_size)
    M = sets_needed(k, hand_size)
    parts = []
    n_special = count * 15 // 100 if special and hand_size == 13 and k <= 1 else 0
    n_quad = count * 15 // 100 if n >= 4 else 0
    n_near = count * 40 // 100
    n_wall = count - n_special - n_quad - n_near
    parts.append(wall_hands(rng, n_wall, n))
    parts.append(near_complete(rng, n_near, n, M))
    if n_quad:
        parts.append(quad_heavy(rng, n_quad, n, M))
    if n_special:
        if k == 0:
            third = n_special // 3
            parts.append(seven_pairs_like(rng, third, n))
            parts.append(orphans_like(rng, third, n))
            parts.append(knitted_like(rng, n_special - 2 * third, n, 0))
        else:
            parts.append(knitted_like(rng, n_special, n, 1))
    hands = np.concatenate(parts)
    assert hands.shape == (count, N_KINDS)
    assert (hands.sum(axis=1) == n).all() and hands.max() <= 4
    return hands


def expect_error(fn, *args, **kwargs):
    """Call ``fn``; it must raise ValueError/TypeError (any other exception propagates)."""
    try:
        fn(*args, **kwargs)
    except (ValueError, TypeError) as e:
        return e
    raise AssertionError(f"{getattr(fn, '__name__', fn)}{args!r} {kwargs!r} did not raise")


def one_line_error(excinfo):
    """The message of a ``pytest.raises`` error, which must be one non-empty line."""
    msg = str(excinfo.value).strip()
    assert msg and "\n" not in msg, msg
    return msg


def raises_one_line(call, words=()) -> str:
    """``call()`` raises a ValueError of one line that names one of ``words`` (when given)."""
    with pytest.raises(ValueError) as ei:
        call()
    msg = one_line_error(ei)
    assert not words or any(w in msg for w in words), msg
    return msg


def run_cli(capsys, *argv):
    """Run the ``mjpy`` command line in this process -> (exit code, stdout, stderr)."""
    from mjpy.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_cli_json(capsys, *argv):
    """``run_cli`` with ``--json``: the parsed output of a successful run."""
    code, out, err = run_cli(capsys, *argv, "--json")
    assert code == 0, err
    assert err == ""
    return json.loads(out)


# --------------------------------------------------------------------------
# Worked examples (tests/data/*.json, described in tests/data/README.md)
# --------------------------------------------------------------------------
DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def seconds_without_gc(call) -> float:
    """Wall seconds of ``call()`` with the collector off: a guard of a brute force against a blow-up
    (milliseconds against minutes) must not fail on a full collection of a worker that has run many
    tests, which can take a second of its own."""
    import gc
    import time
    gc.disable()
    try:
        t0 = time.perf_counter()
        call()
        return time.perf_counter() - t0
    finally:
        gc.enable()


def load_vectors(name: str) -> list:
    """The vectors of ``tests/data/<name>.json`` (``hands``, ``waits``, ``indicators``,
    ``settlement``, ``templates``) as a list of dicts, read fresh on every call.

    A missing file, bad JSON, no vectors or a repeated id raise: the data ships with the
    tests, so its absence is an error of the run, never a reason to skip."""
    path = os.path.join(DATA_DIR, f"{name}.json")
    if not os.path.isfile(path):
        raise FileNotFoundError(f"test data {path} is missing (see tests/data/README.md)")
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    vectors = doc.get("vectors") if isinstance(doc, dict) else None
    if not isinstance(vectors, list) or not vectors:
        raise ValueError(f"test data {path} holds no vectors")
    ids = [v.get("id") for v in vectors]
    if None in ids or len(set(ids)) != len(ids):
        raise ValueError(f"test data {path}: every vector needs a unique id")
    return vectors
