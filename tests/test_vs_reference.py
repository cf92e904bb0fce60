"""mjpy (kernel + public API) against the independent slow reference.

The batch API is fast, so every hand is checked there under several form
configurations; the reference cost is paid once per hand (its per-form
minimum costs are computed once and combined per configuration, which is
exactly what ``ref_shanten`` does for each configuration).  The scalar API is
checked on smaller samples, including waits with exhausted tiles, useful tiles
with ``visible`` and decompositions.

Default run: > 100,000 distinct hands (random wall deals, near-complete,
quad-heavy, near special forms; k = 0..4 in 13-tile play and k = 0..5 in
16-tile play).  ``-m slow`` runs a 10x larger sweep.

On failure the assertion message lists the exact hands (m/p/s/z notation,
melds, forms, kernel value, reference value).
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy
from conftest import complete_hands, mixed_hands, rng_for
from reference import (FORMS_ALL, FORMS_DEFAULT, parse, ref_decompositions,
                       ref_form_costs, ref_is_complete, ref_useful, ref_waits,
                       seven_pairs_cost, to_str)

# Form configurations checked for every hand: (label, forms, quads_as_two_pairs).
CONFIGS = [
    ("default", FORMS_DEFAULT, True),
    ("default-distinct-pairs", FORMS_DEFAULT, False),
    ("standard", ("standard",), True),
    ("all", FORMS_ALL, True),
    ("all-distinct-pairs", FORMS_ALL, False),
    ("seven_pairs", ("seven_pairs",), True),
    ("seven_pairs-distinct", ("seven_pairs",), False),
    ("thirteen_orphans", ("thirteen_orphans",), True),
    ("knitted", ("knitted",), True),
]

# form-cost names per requested form
_COST_NAMES = {
    "standard": ("standard",),
    "seven_pairs": ("seven_pairs",),
    "thirteen_orphans": ("thirteen_orphans",),
    "knitted": ("honors_knitted", "knitted_straight"),
}


def _all_costs(h, k, hand_size):
    """Reference per-form costs, plus seven pairs with distinct kinds (key 'seven_pairs_distinct')."""
    costs = ref_form_costs(h, k, FORMS_ALL, True, hand_size)
    if "seven_pairs" in costs:
        costs["seven_pairs_distinct"] = seven_pairs_cost(h, False)
    return costs


def _config_shanten(costs, forms, quads):
    """ref_shanten for one configuration from the precomputed per-form costs (None: no form applies)."""
    vals = []
    for f in forms:
        for name in _COST_NAMES[f]:
            if name == "seven_pairs" and not quads:
                name = "seven_pairs_distinct"
            if name in costs:
                vals.append(costs[name])
    return min(vals) - 1 if vals else None


def _fmt(rows, limit=25):
    return "\n".join(str(r) for r in rows[:limit]) + (f"\n... {len(rows)} in all" if len(rows) > limit else "")


# --------------------------------------------------------------------------
# Hand sets (cached per module: generated once, reused by several tests)
# --------------------------------------------------------------------------
SIZES_13 = [(13, k, parity) for k in range(5) for parity in (1, 2)]
SIZES_16 = [(16, k, parity) for k in range(6) for parity in (1, 2)]

N_PER_SIZE_13 = 8500
N_PER_SIZE_16 = 2000
SLOW_FACTOR = 10

_cache: dict = {}


def _hands_and_costs(hand_size, k, parity, count, tag="main"):
    key = (hand_size, k, parity, count, tag)
    if key not in _cache:
        rng = rng_for("vs-ref", tag, hand_size, k, parity)
        hands = mixed_hands(rng, count, k, parity, hand_size)
        costs = [_all_costs(h, k, hand_size) for h in hands]
        _cache[key] = (hands, costs)
    return _cache[key]


def _check_shanten_and_win(hand_size, k, parity, count, tag):
    hands, costs = _hands_and_costs(hand_size, k, parity, count, tag)
    bad = []
    n_checked = 0
    for label, forms, quads in CONFIGS:
        expected = [_config_shanten(c, forms, quads) for c in costs]
        if expected[0] is None:
            # no requested form applies to this meld count / play size: must raise
            with pytest.raises(ValueError):
                mjpy.batch.shanten(hands[:5], melds=k, forms=forms, quads_as_two_pairs=quads,
                                   hand_size=hand_size)
            continue
        expected = np.array(expected)
        got = mjpy.batch.shanten(hands, melds=k, forms=forms, quads_as_two_pairs=quads,
                                 hand_size=hand_size, workers=1)
        assert got.dtype == np.int8 and got.shape == (len(hands),)
        for i in np.flatnonzero(got != expected):
            bad.append(("shanten", to_str(hands[i]), f"k={k}", f"hand_size={hand_size}", label,
                        f"kernel={int(got[i])}", f"reference={int(expected[i])}"))
        n_checked += len(hands)
        if parity == 2:
            win = mjpy.batch.is_win(hands, melds=k, forms=forms, quads_as_two_pairs=quads,
                                    hand_size=hand_size, workers=1)
            assert win.dtype == np.bool_
            for i in np.flatnonzero(win != (expected == -1)):
                bad.append(("is_win", to_str(hands[i]), f"k={k}", f"hand_size={hand_size}", label,
                            f"kernel={bool(win[i])}", f"reference={bool(expected[i] == -1)}"))
    assert not bad, "kernel disagrees with reference:\n" + _fmt(bad)
    return n_checked


@pytest.mark.parametrize("hand_size, k, parity", SIZES_13 + SIZES_16)
def test_batch_shanten_and_is_win(hand_size, k, parity):
    count = N_PER_SIZE_13 if hand_size == 13 else N_PER_SIZE_16
    if hand_size == 16 and parity == 1:
        count //= 2
    _check_shanten_and_win(hand_size, k, parity, count, "main")


@pytest.mark.slow
@pytest.mark.parametrize("hand_size, k, parity", SIZES_13 + SIZES_16)
def test_batch_shanten_and_is_win_slow(hand_size, k, parity):
    count = (N_PER_SIZE_13 if hand_size == 13 else N_PER_SIZE_16) * SLOW_FACTOR
    _check_shanten_and_win(hand_size, k, parity, count, "slow")


def test_total_hand_count():
    """The default run compares at least 100,000 distinct hands."""
    total = sum(N_PER_SIZE_13 for _ in SIZES_13) + sum(
        N_PER_SIZE_16 if p == 2 else N_PER_SIZE_16 // 2 for _, _, p in SIZES_16)
    assert total >= 100_000


# --------------------------------------------------------------------------
# Waits (batch masks, drawable and with exhausted tiles)
# --------------------------------------------------------------------------
WAIT_CONFIGS = [("default", FORMS_DEFAULT, True), ("default-distinct-pairs", FORMS_DEFAULT, False),
                ("all", FORMS_ALL, True)]


def _mask(tiles):
    m = 0
    for t in tiles:
        m |= 1 << int(t)
    return m


@pytest.mark.parametrize("hand_size, k", [(13, k) for k in range(5)] + [(16, 0), (16, 2), (16, 5)])
def test_batch_waits(hand_size, k):
    count = 2500 if hand_size == 13 else 600
    hands, _ = _hands_and_costs(hand_size, k, 1, N_PER_SIZE_13 if hand_size == 13 else N_PER_SIZE_16 // 2)
    hands = hands[:: max(1, len(hands) // count)][:count]
    bad = []
    n_exhausted = 0
    for label, forms, quads in WAIT_CONFIGS:
        if hand_size == 16 and forms != FORMS_DEFAULT:
            continue
        got = mjpy.batch.waits(hands, melds=k, forms=forms, quads_as_two_pairs=quads,
                               hand_size=hand_size, workers=1)
        got_ex = mjpy.batch.waits(hands, melds=k, forms=forms, quads_as_two_pairs=quads,
                                  include_exhausted=True, hand_size=hand_size, workers=1)
        assert got.dtype == np.uint64
        for i, h in enumerate(hands):
            drawable, exhausted = ref_waits(h, k, forms, quads, hand_size)
            n_exhausted += bool(exhausted)
            if int(got[i]) != _mask(drawable) or int(got_ex[i]) != _mask(drawable + exhausted):
                bad.append((to_str(h), f"k={k}", f"hand_size={hand_size}", label,
                            f"kernel={mjpy.batch.mask_to_tiles(got[i])}"
                            f"+exhausted{mjpy.batch.mask_to_tiles(int(got_ex[i]) & ~int(got[i]))}",
                            f"reference={drawable}+exhausted{exhausted}"))
    assert not bad, "waits disagree:\n" + _fmt(bad)


def test_exhausted_waits_examples():
    for text, drawable, exhausted in [("1111m234p567p789s", [], [0]),
                                      ("4449999m666p678s", [], [8]),
                                      ("1111222233334m", [3, 4], [0, 1, 2]),
                                      ("2233445566778p", [10, 13, 16], [])]:
        h = parse(text).astype(np.uint8)
        assert ref_waits(h) == (drawable, exhausted)
        ws = mjpy.waits(h, include_exhausted=True)
        assert [int(w) for w in ws] == sorted(drawable + exhausted)
        assert [int(w) for w in ws if w.exhausted] == exhausted
        assert [int(w) for w in mjpy.waits(h)] == drawable
    assert mjpy.shanten("1111m234p567p789s") == 1
    assert mjpy.shanten("4449999m666p678s") == 1


# --------------------------------------------------------------------------
# Scalar API on samples: shanten, is_win, waits, useful tiles, decompositions
# --------------------------------------------------------------------------
def _scalar_sample(k, parity, count, hand_size=13):
    hands, costs = _hands_and_costs(hand_size, k, parity,
                                    N_PER_SIZE_13 if hand_size == 13 else (
                                        N_PER_SIZE_16 if parity == 2 else N_PER_SIZE_16 // 2))
    step = max(1, len(hands) // count)
    return hands[::step][:count], costs[::step][:count]


@pytest.mark.parametrize("k", range(5))
def test_scalar_shanten_waits_is_win(k):
    bad = []
    for parity in (1, 2):
        hands, costs = _scalar_sample(k, parity, 400)
        for h, c in zip(hands, costs):
            as_list = [int(x) for x in h]
            for label, forms, quads in CONFIGS:
                exp = _config_shanten(c, forms, quads)
                if exp is None:
                    with pytest.raises(ValueError):
                        mjpy.shanten(h, melds=k, forms=forms, quads_as_two_pairs=quads)
                    continue
                got = mjpy.shanten(h if label != "default" else as_list, melds=k, forms=forms,
                                   quads_as_two_pairs=quads)
                if got != exp:
                    bad.append(("shanten", to_str(h), k, label, got, exp))
                if parity == 2:
                    w = mjpy.is_win(h, melds=k, forms=forms, quads_as_two_pairs=quads)
                    if w != (exp == -1) or w != ref_is_complete(h, k, forms, quads):
                        bad.append(("is_win", to_str(h), k, label, w, exp))
            if parity == 1:
                drawable, exhausted = ref_waits(h, k, FORMS_DEFAULT)
                ws = mjpy.waits(h, melds=k, include_exhausted=True)
                got_d = [int(w) for w in ws if not w.exhausted]
                got_e = [int(w) for w in ws if w.exhausted]
                if (got_d, got_e) != (drawable, exhausted) or [int(w) for w in mjpy.waits(h, melds=k)] != drawable:
                    bad.append(("waits", to_str(h), k, got_d, got_e, drawable, exhausted))
                if mjpy.is_tenpai(h, melds=k) != bool(drawable):
                    bad.append(("is_tenpai", to_str(h), k))
    assert not bad, "scalar API disagrees:\n" + _fmt(bad)


def test_scalar_string_input_matches_array():
    hands, _ = _scalar_sample(0, 1, 300)
    for h in hands:
        assert mjpy.shanten(to_str(h)) == mjpy.shanten(h)


@pytest.mark.parametrize("k, forms, count, hand_size", [
    (0, FORMS_DEFAULT, 350, 13), (1, FORMS_DEFAULT, 200, 13), (2, FORMS_DEFAULT, 150, 13),
    (3, FORMS_DEFAULT, 150, 13), (4, FORMS_DEFAULT, 100, 13), (0, FORMS_ALL, 80, 13),
    (1, FORMS_ALL, 60, 13), (0, FORMS_DEFAULT, 80, 16), (3, FORMS_DEFAULT, 80, 16)])
def test_useful_tiles(k, forms, count, hand_size):
    hands, _ = _scalar_sample(k, 1, count, hand_size)
    rng = rng_for("useful-visible", k, forms, hand_size)
    bad = []
    masks = mjpy.batch.useful_tiles(hands, melds=k, forms=forms, hand_size=hand_size, workers=1)
    for h, m in zip(hands, masks):
        # a random 'visible' vector compatible with the hand
        visible = np.minimum(rng.integers(0, 3, 34), 4 - h.astype(int)).astype(np.uint8)
        exp = ref_useful(h, k, forms, hand_size=hand_size, visible=visible)
        got = [(u.tile, u.left) for u in
               mjpy.useful_tiles(h, melds=k, forms=forms, visible=visible, hand_size=hand_size)]
        if got != exp or int(m) != _mask(t for t, _ in exp):
            bad.append((to_str(h), k, forms, hand_size, got, exp, mjpy.batch.mask_to_tiles(m)))
    assert not bad, "useful tiles disagree:\n" + _fmt(bad)


def test_convenience_shanten_functions():
    bad = []
    for k in (0, 1):
        hands, costs = _scalar_sample(k, 1 + k, 300)
        for h, c in zip(hands, costs):
            checks = [("shanten_standard", mjpy.shanten_standard(h, melds=k), c["standard"] - 1),
                      ("shanten_knitted", mjpy.shanten_knitted(h, melds=k),
                       min(c.get("honors_knitted", 99), c["knitted_straight"]) - 1)]
            if k == 0:
                checks += [("shanten_seven_pairs", mjpy.shanten_seven_pairs(h), c["seven_pairs"] - 1),
                           ("shanten_seven_pairs/distinct",
                            mjpy.shanten_seven_pairs(h, quads_as_two_pairs=False),
                            c["seven_pairs_distinct"] - 1),
                           ("shanten_thirteen_orphans", mjpy.shanten_thirteen_orphans(h),
                            c["thirteen_orphans"] - 1)]
            for name, got, exp in checks:
                if got != exp:
                    bad.append((name, to_str(h), k, got, exp))
            if k == 0:
                drawable, exhausted = ref_waits(h)
                if mjpy.waits_mask(h) != _mask(drawable) or \
                        mjpy.waits_mask(h, include_exhausted=True) != _mask(drawable + exhausted):
                    bad.append(("waits_mask", to_str(h)))
    assert not bad, _fmt(bad)


def _norm_kernel_decomp(d):
    if d.form == "standard":
        return ("standard", tuple(sorted(d.sets)), d.pair)
    if d.form == "seven_pairs":
        return ("seven_pairs", tuple(sorted(d.pairs)))
    if d.form == "thirteen_orphans":
        return ("thirteen_orphans", d.pair)
    if d.form == "honors_and_knitted":
        return ("honors_knitted", tuple(sorted(d.tiles)))
    if d.form == "knitted_straight":
        return ("knitted_straight", tuple(sorted(d.tiles)), tuple(sorted(d.sets)), d.pair)
    raise AssertionError(f"unknown decomposition form {d.form!r}")


def _norm_ref_decomp(d, h):
    if d[0] == "honors_knitted":
        return ("honors_knitted", tuple(int(t) for t in np.flatnonzero(h)))
    return d


@pytest.mark.parametrize("k", range(5))
def test_decompositions(k):
    rng = rng_for("decomp", k)
    hands, _ = _scalar_sample(k, 2, 600)
    hands = np.concatenate([hands, complete_hands(rng, 300, 4 - k, "dense")])
    bad = []
    n_multi = 0
    for h in hands:
        for forms, quads in ((FORMS_DEFAULT, True), (FORMS_ALL, False)):
            exp = {_norm_ref_decomp(d, h) for d in ref_decompositions(h, k, forms, quads)}
            got_list = [_norm_kernel_decomp(d) for d in
                        mjpy.decompositions(h, melds=k, forms=forms, quads_as_two_pairs=quads)]
            got = set(got_list)
            n_multi += len(exp) > 1
            if got != exp or len(got_list) != len(got):
                bad.append((to_str(h), k, forms, quads, sorted(got_list), sorted(exp)))
    assert not bad, "decompositions disagree:\n" + _fmt(bad, 10)
    if k <= 2:   # with 0 or 1 sets to find a hand has at most one reading
        assert n_multi > 0


@pytest.mark.parametrize("k", [0, 2, 4])
def test_decompositions_16(k):
    rng = rng_for("decomp16", k)
    hands = complete_hands(rng, 200, 5 - k, "dense")
    bad = []
    for h in hands:
        exp = ref_decompositions(h, k, FORMS_ALL, True, hand_size=16)
        got_list = [_norm_kernel_decomp(d) for d in
                    mjpy.decompositions(h, melds=k, forms=FORMS_ALL, hand_size=16)]
        if set(got_list) != exp or len(got_list) != len(exp):
            bad.append((to_str(h), k, sorted(got_list), sorted(exp)))
    assert not bad, "16-tile decompositions disagree:\n" + _fmt(bad, 10)


# --------------------------------------------------------------------------
# Batch plumbing: per-row melds, workers, scalar == batch
# --------------------------------------------------------------------------
def test_batch_per_row_melds_and_workers():
    rows, ks, exp = [], [], []
    for k in range(5):
        for parity in (1, 2):
            hands, costs = _hands_and_costs(13, k, parity, N_PER_SIZE_13)
            rows.append(hands[:1500])
            ks.append(np.full(1500, k, np.int8))
            exp.append([_config_shanten(c, FORMS_DEFAULT, True) for c in costs[:1500]])
    rng = rng_for("per-row")
    order = rng.permutation(sum(len(r) for r in rows))
    H = np.concatenate(rows)[order]
    K = np.concatenate(ks)[order]
    E = np.concatenate([np.array(e) for e in exp])[order]
    s1 = mjpy.batch.shanten(H, melds=K, workers=1)
    s2 = mjpy.batch.shanten(H, melds=K.astype(np.int64), workers=2)
    s3 = mjpy.batch.shanten(H, melds=K, workers=None)
    assert (s1 == E).all()
    assert (s2 == E).all() and (s3 == E).all()
    # scalar == batch on a slice
    for i in range(0, len(H), 97):
        assert mjpy.shanten(H[i], melds=int(K[i])) == s1[i]
    # waits / is_win on rows of the right size only
    n = H.sum(axis=1)
    w_rows = (n + 3 * K) == 13
    w1 = mjpy.batch.waits(H[w_rows], melds=K[w_rows], workers=1)
    w2 = mjpy.batch.waits(H[w_rows], melds=K[w_rows], workers=2)
    assert (w1 == w2).all()
    assert ((w1 != 0) == (E[w_rows] == 0)).all()
    iw = mjpy.batch.is_win(H[~w_rows], melds=K[~w_rows], workers=2)
    assert (iw == (E[~w_rows] == -1)).all()


def test_batch_empty_and_list_input():
    assert mjpy.batch.shanten(np.zeros((0, 34), np.uint8)).shape == (0,)
    h = [int(x) for x in mjpy.parse("123m456p789s1122z")]
    assert mjpy.batch.shanten([h, h]).tolist() == [0, 0]
    assert mjpy.batch.shanten(np.array([h], dtype=np.int64)).tolist() == [0]
