"""mjpy's joker support against the slow joker reference (``tests/reference_jokers.py``).

The budget reference (exact for any number of jokers, itself checked against
the substitution reference in ``test_jokers_reference_selfcheck.py``) gives,
per hand, the draws needed for every form with and without fifth copies; the
kernel is then asked every option set through the batch API.

Default run: 52,000 hands of 13-tile play with 0..8 jokers and 0..4 declared
melds (about 60% near-complete: a complete shape, some tiles made jokers, 0-2
tiles replaced; 20% four-of-a-kind plus jokers; 20% wall-dealt), each checked
under 7 form configurations x both ``allow_fifth_copy`` settings; plus 16-tile
play, 9..17 jokers, ``joker_tiles`` hands (中 as the joker kind, two joker
kinds, joker kinds plus extra jokers), waits, useful tiles and the scalar API
on samples.  ``-m slow`` runs a 5x larger sweep.

Failure messages list the exact hands: m/p/s/z notation + ``+kJ`` for the
jokers, the melds and the options, the kernel's and the reference's answers.
"""
from __future__ import annotations

import numpy as np
import pytest

import mjpy
from conftest import rng_for
from reference_jokers import (FORMS_ALL, FORMS_DEFAULT, N_KINDS, fmt_hand, joker_mixed,
                              joker_near_complete, joker_quad_hands, ref_budget_all_costs,
                              ref_budget_shanten, ref_budget_useful, ref_budget_useful_jt,
                              ref_budget_waits, ref_budget_waits_fast, ref_budget_waits_jt_fast,
                              shanten_from_costs, split_joker_tiles)

KMAX = 8
N_PER_SIZE = 5200
SLOW_FACTOR = 5
SIZES_13 = [(melds, parity) for melds in range(5) for parity in (1, 2)]

CONFIGS = [
    ("default", FORMS_DEFAULT, True),
    ("default-distinct-pairs", FORMS_DEFAULT, False),
    ("standard", ("standard",), True),
    ("all", FORMS_ALL, True),
    ("seven_pairs", ("seven_pairs",), True),
    ("thirteen_orphans", ("thirteen_orphans",), True),
    ("knitted", ("knitted",), True),
]


def _fmt(rows, limit=30):
    return "\n".join(str(r) for r in rows[:limit]) + (f"\n... {len(rows)} in all" if len(rows) > limit else "")


def _mask(tiles):
    m = 0
    for t in tiles:
        m |= 1 << int(t)
    return m


def _opts(forms, quads, fifth):
    return f"forms={forms} quads_as_two_pairs={quads} allow_fifth_copy={fifth}"


# --------------------------------------------------------------------------
# Hand sets, generated once per module
# --------------------------------------------------------------------------
_cache: dict = {}


def _hand_set(melds, parity, count, tag="main", kmax=KMAX, hand_size=13):
    key = (melds, parity, count, tag, kmax, hand_size)
    if key not in _cache:
        rng = rng_for("jokers-vs-ref", tag, melds, parity, count, kmax, hand_size)
        pairs = joker_mixed(rng, count, melds, parity, kmax, hand_size)
        H = np.array([h for h, _ in pairs], np.uint8).reshape(-1, N_KINDS)
        K = np.array([k for _, k in pairs], np.int64)
        costs = [ref_budget_all_costs(h, k, melds, hand_size) for h, k in pairs]
        _cache[key] = (H, K, costs)
    return _cache[key]


def _check_batch(H, K, costs, melds, parity, hand_size=13, configs=CONFIGS):
    bad = []
    jokers = K.astype(np.int8)
    for label, forms, quads in configs:
        for fifth in (True, False):
            exp = [shanten_from_costs(c, forms, quads, fifth) for c in costs]
            if exp[0] is None:
                with pytest.raises(ValueError):
                    mjpy.batch.shanten(H[:3], melds=melds, forms=forms, jokers=jokers[:3],
                                       quads_as_two_pairs=quads, allow_fifth_copy=fifth,
                                       hand_size=hand_size)
                continue
            exp = np.array(exp)
            got = mjpy.batch.shanten(H, melds=melds, jokers=jokers, forms=forms,
                                     quads_as_two_pairs=quads, allow_fifth_copy=fifth,
                                     hand_size=hand_size, workers=1)
            assert got.dtype == np.int8 and got.shape == (len(H),)
            for i in np.flatnonzero(got != exp):
                bad.append(("shanten", fmt_hand(H[i], K[i]), f"melds={melds}", f"hand_size={hand_size}",
                            label, f"fifth={fifth}", f"kernel={int(got[i])}", f"reference={int(exp[i])}"))
            if parity == 2:
                win = mjpy.batch.is_win(H, melds=melds, jokers=jokers, forms=forms,
                                        quads_as_two_pairs=quads, allow_fifth_copy=fifth,
                                        hand_size=hand_size, workers=1)
                assert win.dtype == np.bool_
                for i in np.flatnonzero(win != (exp == -1)):
                    bad.append(("is_win", fmt_hand(H[i], K[i]), f"melds={melds}",
                                f"hand_size={hand_size}", label, f"fifth={fifth}",
                                f"kernel={bool(win[i])}", f"reference={bool(exp[i] == -1)}"))
    return bad


@pytest.mark.parametrize("melds, parity", SIZES_13)
def test_batch_shanten_and_is_win(melds, parity):
    H, K, costs = _hand_set(melds, parity, N_PER_SIZE)
    assert K.min() == 0 and K.max() == min(KMAX, 3 * (4 - melds) + parity)
    bad = _check_batch(H, K, costs, melds, parity)
    assert not bad, "kernel disagrees with the joker reference:\n" + _fmt(bad)


def test_hand_count_and_mix():
    """>= 50,000 hands by default, every joker count 0..8 well represented."""
    total = 0
    ks = []
    for melds, parity in SIZES_13:
        H, K, costs = _hand_set(melds, parity, N_PER_SIZE)
        total += len(H)
        ks.append(K)
        # most hands near-complete: shanten <= 1 for the majority
        s = np.array([shanten_from_costs(c, FORMS_DEFAULT) for c in costs])
        assert (s <= 1).mean() > 0.5
    assert total >= 50_000
    counts = np.bincount(np.concatenate(ks), minlength=KMAX + 1)
    assert (counts[:KMAX + 1] > 1000).all(), counts


def test_fifth_copy_hands_present():
    """The sample really exercises the fifth-copy rule (the two settings differ)."""
    n_diff = 0
    for melds, parity in SIZES_13:
        _, _, costs = _hand_set(melds, parity, N_PER_SIZE)
        n_diff += sum(c["standard"] != c["standard_no_fifth"] for c in costs)
    assert n_diff > 1000


@pytest.mark.slow
@pytest.mark.parametrize("melds, parity", SIZES_13)
def test_batch_shanten_and_is_win_slow(melds, parity):
    H, K, costs = _hand_set(melds, parity, N_PER_SIZE * SLOW_FACTOR, "slow")
    bad = _check_batch(H, K, costs, melds, parity)
    assert not bad, "kernel disagrees with the joker reference:\n" + _fmt(bad)


@pytest.mark.parametrize("melds", [0, 1, 2, 3, 5])
def test_batch_16_tile_play(melds):
    bad = []
    for parity in (1, 2):
        H, K, costs = _hand_set(melds, parity, 700 if melds <= 1 else 1000, "16", hand_size=16)
        bad += _check_batch(H, K, costs, melds, parity, 16, [CONFIGS[0], CONFIGS[2]])
    assert not bad, "16-tile play:\n" + _fmt(bad)


@pytest.mark.parametrize("hand_size", [13, 16])
def test_many_jokers(hand_size):
    """9..17 jokers (beyond the usual 8)."""
    rows, ks, ms, exp_f, exp_nf, par = [], [], [], [], [], []
    rng = rng_for("many-jokers", hand_size)
    for melds in range(0, 4):
        for parity in (1, 2):
            n = 3 * ((4 if hand_size == 13 else 5) - melds) + parity
            if n < 9:
                continue
            for h, k in joker_near_complete(rng, 150, melds, parity, kmax=n, hand_size=hand_size):
                if k < 9:
                    continue
                c = ref_budget_all_costs(h, k, melds, hand_size)
                rows.append(h)
                ks.append(k)
                ms.append(melds)
                par.append(parity)
                exp_f.append(shanten_from_costs(c, FORMS_DEFAULT, True, True))
                exp_nf.append(shanten_from_costs(c, FORMS_DEFAULT, True, False))
            for _ in range(30):   # jokers only, or jokers + one quad
                k = n if rng.random() < 0.3 else n - 4
                h = np.zeros(N_KINDS, np.uint8)
                if k < n:
                    h[int(rng.integers(0, N_KINDS))] = 4
                c = ref_budget_all_costs(h, k, melds, hand_size)
                rows.append(h)
                ks.append(k)
                ms.append(melds)
                par.append(parity)
                exp_f.append(shanten_from_costs(c, FORMS_DEFAULT, True, True))
                exp_nf.append(shanten_from_costs(c, FORMS_DEFAULT, True, False))
    H = np.array(rows, np.uint8)
    K = np.array(ks)
    Ms = np.array(ms)
    assert len(H) > 100 and K.max() >= 14
    bad = []
    for fifth, exp in ((True, exp_f), (False, exp_nf)):
        got = mjpy.batch.shanten(H, melds=Ms, jokers=K, allow_fifth_copy=fifth,
                                 hand_size=hand_size, workers=1)
        win = mjpy.batch.is_win(H[np.array(par) == 2], melds=Ms[np.array(par) == 2],
                                jokers=K[np.array(par) == 2], allow_fifth_copy=fifth,
                                hand_size=hand_size, workers=1)
        exp = np.array(exp)
        for i in np.flatnonzero(got != exp):
            bad.append(("shanten", fmt_hand(H[i], K[i]), f"melds={Ms[i]}", f"hand_size={hand_size}",
                        f"fifth={fifth}", int(got[i]), int(exp[i])))
        exp_w = exp[np.array(par) == 2] == -1
        for j in np.flatnonzero(win != exp_w):
            i = np.flatnonzero(np.array(par) == 2)[j]
            bad.append(("is_win", fmt_hand(H[i], K[i]), f"melds={Ms[i]}", f"hand_size={hand_size}",
                        f"fifth={fifth}", bool(win[j]), bool(exp_w[j])))
    assert not bad, "many jokers:\n" + _fmt(bad)


def test_batch_per_row_melds_jokers_and_workers():
    rows, ms, ks, exp = [], [], [], []
    for melds, parity in SIZES_13:
        H, K, costs = _hand_set(melds, parity, N_PER_SIZE)
        rows.append(H[:800])
        ms.append(np.full(800, melds))
        ks.append(K[:800])
        exp.append([shanten_from_costs(c, FORMS_DEFAULT) for c in costs[:800]])
    order = rng_for("jokers-per-row").permutation(8000)
    H = np.concatenate(rows)[order]
    Ms = np.concatenate(ms)[order]
    K = np.concatenate(ks)[order]
    E = np.concatenate([np.array(e) for e in exp])[order]
    s1 = mjpy.batch.shanten(H, melds=Ms.astype(np.int8), jokers=K.astype(np.int8), workers=1)
    s2 = mjpy.batch.shanten(H, melds=Ms, jokers=K, workers=2)
    s3 = mjpy.batch.shanten(H, melds=Ms, jokers=K.astype(np.uint8), workers=None)
    bad = [(fmt_hand(H[i], K[i]), int(Ms[i]), int(s1[i]), int(E[i])) for i in np.flatnonzero(s1 != E)]
    assert not bad, _fmt(bad)
    assert (s2 == E).all() and (s3 == E).all()
    for i in range(0, len(H), 211):     # scalar == batch
        assert mjpy.shanten(H[i], melds=int(Ms[i]), jokers=int(K[i])) == s1[i]
    n = H.sum(axis=1) + K + 3 * Ms
    w_rows = n == 13
    w1 = mjpy.batch.waits(H[w_rows], melds=Ms[w_rows], jokers=K[w_rows], workers=1)
    w2 = mjpy.batch.waits(H[w_rows], melds=Ms[w_rows], jokers=K[w_rows], workers=2)
    assert (w1 == w2).all()
    assert ((w1 != 0) == (E[w_rows] == 0)).all()
    iw = mjpy.batch.is_win(H[~w_rows], melds=Ms[~w_rows], jokers=K[~w_rows], workers=2)
    assert (iw == (E[~w_rows] == -1)).all()


# --------------------------------------------------------------------------
# Waits (batch masks) and useful tiles
# --------------------------------------------------------------------------
def _ref_waits_fast(h, k, melds, s, forms, quads, fifth, hand_size=13):
    """Reference waits; a hand that is not tenpai and holds no four-of-a-kind has none."""
    if s != 0 and h.max() < 4:
        return [], []
    return ref_budget_waits_fast(h, k, melds, forms, quads, fifth, hand_size)


WAIT_CONFIGS = [("default", FORMS_DEFAULT, True, True), ("default", FORMS_DEFAULT, True, False),
                ("all-distinct", FORMS_ALL, False, True)]


@pytest.mark.parametrize("melds", range(5))
def test_batch_waits(melds):
    H, K, costs = _hand_set(melds, 1, N_PER_SIZE)
    count = 1000 if melds <= 1 else 1800
    H, K, costs = H[:count], K[:count], costs[:count]
    bad = []
    n_tenpai = 0
    for label, forms, quads, fifth in WAIT_CONFIGS:
        if forms == FORMS_ALL and melds > 1:
            continue
        if forms == FORMS_ALL:
            H, K, costs = H[:400], K[:400], costs[:400]
        got = mjpy.batch.waits(H, melds=melds, jokers=K, forms=forms, quads_as_two_pairs=quads,
                               allow_fifth_copy=fifth, workers=1)
        assert got.dtype == np.uint64
        for i, (h, k, c) in enumerate(zip(H, K, costs)):
            s = shanten_from_costs(c, forms, quads, fifth)
            drawable, _ = _ref_waits_fast(h, int(k), melds, s, forms, quads, fifth)
            n_tenpai += bool(drawable)
            if int(got[i]) != _mask(drawable):
                bad.append(("waits", fmt_hand(h, k), f"melds={melds}", _opts(forms, quads, fifth),
                            f"kernel={mjpy.batch.mask_to_tiles(got[i])}", f"reference={drawable}"))
    assert not bad, "waits disagree:\n" + _fmt(bad)
    assert n_tenpai > 500


@pytest.mark.parametrize("melds", range(5))
def test_useful_tiles(melds):
    H, K, costs = _hand_set(melds, 1, N_PER_SIZE)
    step = 40 if melds == 0 else 25
    H, K = H[::step][:150], K[::step][:150]
    rng = rng_for("jokers-useful-visible", melds)
    bad = []
    for fifth in (True, False):
        masks = mjpy.batch.useful_tiles(H, melds=melds, jokers=K, allow_fifth_copy=fifth, workers=1)
        for h, k, m in zip(H, K, masks):
            visible = np.minimum(rng.integers(0, 3, 34), 4 - h.astype(int)).astype(np.uint8)
            exp = ref_budget_useful(h, int(k), melds, allow_fifth_copy=fifth, visible=visible)
            got = [(u.tile, u.left) for u in mjpy.useful_tiles(h, melds=melds, jokers=int(k),
                                                                allow_fifth_copy=fifth, visible=visible)]
            if got != exp or int(m) != _mask(t for t, _ in exp):
                bad.append((fmt_hand(h, k), f"melds={melds}", f"fifth={fifth}", f"kernel={got}",
                            f"batch={mjpy.batch.mask_to_tiles(m)}", f"reference={exp}"))
    assert not bad, "useful tiles disagree:\n" + _fmt(bad, 10)


def _triplet_hands(rng, n):
    """13-tile hands (no melds) of 1-4 jokers whose real tiles hold one to three kinds three times, the rest
    drawn near them in one or two suits: the hands where a drawn fourth copy may let a joker be a fifth."""
    out = []
    while len(out) < n:
        k = int(rng.integers(1, 5))
        c = np.zeros(N_KINDS, np.int64)
        suits = rng.choice(4, size=int(rng.integers(1, 3)), replace=False)
        kinds = [t for s in suits for t in (range(27, 34) if s == 3 else range(9 * s, 9 * s + 9))]
        for t in rng.choice(kinds, size=min(len(kinds), int(rng.integers(1, 4))), replace=False):
            c[t] = 3
        while c.sum() < 13 - k:                  # (at most nine tiles in the triplets: within 13 - k)
            t = int(rng.choice(kinds))
            if c[t] < 3:
                c[t] += 1
        out.append((c, k))
    return out


@pytest.mark.parametrize("forms,quads", [(FORMS_DEFAULT, True), (FORMS_DEFAULT, False), (("standard",), True)])
def test_useful_tiles_with_triplets(forms, quads):
    """Useful tiles with jokers come from the plain per-form masks where no kind is held four times; a draw
    making a fourth copy is tried where a joker may be a fifth (the kernel's ``hand_useful_at``)."""
    rng = rng_for("jokers-useful-triplets", len(forms), quads)
    hands = _triplet_hands(rng, 400)
    H = np.array([h for h, _ in hands], np.uint8)
    K = np.array([k for _, k in hands], np.int64)
    bad, differ = [], 0
    for fifth in (True, False):
        masks = mjpy.batch.useful_tiles(H, jokers=K, forms=forms, quads_as_two_pairs=quads,
                                        allow_fifth_copy=fifth, workers=1)
        for h, k, m in zip(H, K, masks):
            exp = _mask(t for t, _ in ref_budget_useful(h, int(k), 0, forms, quads, allow_fifth_copy=fifth))
            if int(m) != exp:
                bad.append((fmt_hand(h, k), _opts(forms, quads, fifth), f"kernel={mjpy.batch.mask_to_tiles(m)}",
                            f"reference={mjpy.batch.mask_to_tiles(exp)}"))
            if fifth:
                differ += exp != _mask(t for t, _ in ref_budget_useful(h, int(k), 0, forms, quads,
                                                                       allow_fifth_copy=False))
    assert not bad, "useful tiles disagree:\n" + _fmt(bad, 10)
    assert differ >= 5          # the sample holds hands where a fifth copy changes the useful tiles


# --------------------------------------------------------------------------
# Scalar API on samples
# --------------------------------------------------------------------------
@pytest.mark.parametrize("melds", range(5))
def test_scalar_api(melds):
    bad = []
    for parity in (1, 2):
        H, K, costs = _hand_set(melds, parity, N_PER_SIZE)
        step = len(H) // 250
        for h, k, c in zip(H[::step], K[::step], costs[::step]):
            k = int(k)
            as_list = [int(x) for x in h]
            for label, forms, quads in CONFIGS[:4]:
                for fifth in (True, False):
                    exp = shanten_from_costs(c, forms, quads, fifth)
                    kw = dict(melds=melds, forms=forms, quads_as_two_pairs=quads, jokers=k,
                              allow_fifth_copy=fifth)
                    got = mjpy.shanten(h if label != "default" else as_list, **kw)
                    if got != exp:
                        bad.append(("shanten", fmt_hand(h, k), melds, label, fifth, got, exp))
                    if parity == 2:
                        w = mjpy.is_win(h, **kw)
                        if w != (exp == -1):
                            bad.append(("is_win", fmt_hand(h, k), melds, label, fifth, w, exp))
                    elif label == "default":
                        drawable, _ = _ref_waits_fast(h, k, melds, exp, forms, quads, fifth)
                        ws = mjpy.waits(h, **kw)
                        if [int(w) for w in ws] != drawable or any(w.exhausted for w in ws):
                            bad.append(("waits", fmt_hand(h, k), melds, fifth, list(ws), drawable))
                        if mjpy.waits_mask(h, **kw) != _mask(drawable):
                            bad.append(("waits_mask", fmt_hand(h, k), melds, fifth))
                        if mjpy.is_tenpai(h, **kw) != bool(drawable):
                            bad.append(("is_tenpai", fmt_hand(h, k), melds, fifth))
            if k == 0:
                continue
            text = mjpy.to_string(h) if h.any() else None
            if text is not None and mjpy.shanten(text, melds=melds, jokers=k) != \
                    shanten_from_costs(c, FORMS_DEFAULT):
                bad.append(("string input", text, k, melds))
    assert not bad, "scalar API disagrees:\n" + _fmt(bad)


def test_convenience_shanten_functions():
    bad = []
    for melds in (0, 1):
        H, K, costs = _hand_set(melds, 2, N_PER_SIZE)
        for h, k, c in zip(H[::40], K[::40], costs[::40]):
            k = int(k)
            for fifth in (True, False):
                checks = [("shanten_standard", mjpy.shanten_standard(h, melds=melds, jokers=k,
                                                                     allow_fifth_copy=fifth),
                           shanten_from_costs(c, ("standard",), True, fifth)),
                          ("shanten_knitted", mjpy.shanten_knitted(h, melds=melds, jokers=k,
                                                                   allow_fifth_copy=fifth),
                           shanten_from_costs(c, ("knitted",), True, fifth))]
                if melds == 0:
                    checks += [("shanten_seven_pairs", mjpy.shanten_seven_pairs(h, jokers=k),
                                shanten_from_costs(c, ("seven_pairs",), True)),
                               ("shanten_seven_pairs/distinct",
                                mjpy.shanten_seven_pairs(h, jokers=k, quads_as_two_pairs=False),
                                shanten_from_costs(c, ("seven_pairs",), False)),
                               ("shanten_thirteen_orphans", mjpy.shanten_thirteen_orphans(h, jokers=k),
                                shanten_from_costs(c, ("thirteen_orphans",)))]
                for name, got, exp in checks:
                    if got != exp:
                        bad.append((name, fmt_hand(h, k), melds, fifth, got, exp))
    assert not bad, _fmt(bad)


# --------------------------------------------------------------------------
# Exhausted waits with jokers: the contract lists them (marked) with include_exhausted
# --------------------------------------------------------------------------
def test_exhausted_waits_no_jokers_unchanged():
    """k = 0: the plain structural rule, whatever allow_fifth_copy says."""
    bad = []
    for melds in range(4):
        rng = rng_for("exhausted-k0", melds)
        for h, k in joker_quad_hands(rng, 150, melds, 1, kmax=0):
            for fifth in (True, False):
                drawable, exhausted = ref_budget_waits(h, 0, melds, allow_fifth_copy=fifth)
                ws = mjpy.waits(h, melds=melds, include_exhausted=True, allow_fifth_copy=fifth)
                got = ([int(w) for w in ws if not w.exhausted], [int(w) for w in ws if w.exhausted])
                if got != (drawable, exhausted):
                    bad.append((fmt_hand(h), melds, fifth, got, (drawable, exhausted)))
    assert not bad, _fmt(bad)


def test_exhausted_waits_with_jokers_per_contract():
    """k >= 1: a real tile held 4 times whose fifth copy would complete the hand is listed
    with include_exhausted=True, marked exhausted (contract); never without the flag.
    With allow_fifth_copy=False no kind may go beyond four copies, so a fifth copy is never a
    completion and nothing is listed as exhausted (README, "Jokers")."""
    bad = []
    n_exhausted = 0
    for melds in range(4):
        rng = rng_for("exhausted-k", melds)
        for h, k in joker_quad_hands(rng, 150, melds, 1, kmax=4):
            if k == 0:
                continue
            for fifth in (True, False):
                drawable, exhausted = ref_budget_waits(h, k, melds, allow_fifth_copy=fifth)
                if not fifth:
                    exhausted = []
                n_exhausted += bool(exhausted)
                ws = mjpy.waits(h, melds=melds, jokers=k, include_exhausted=True, allow_fifth_copy=fifth)
                plain = [int(w) for w in mjpy.waits(h, melds=melds, jokers=k, allow_fifth_copy=fifth)]
                got = ([int(w) for w in ws if not w.exhausted], [int(w) for w in ws if w.exhausted])
                if got != (drawable, exhausted) or plain != drawable:
                    bad.append((fmt_hand(h, k), f"melds={melds}", f"fifth={fifth}",
                                f"kernel={got}", f"reference={(drawable, exhausted)}"))
    assert n_exhausted > 20
    assert not bad, "exhausted waits with jokers:\n" + _fmt(bad)


# --------------------------------------------------------------------------
# joker_tiles
# --------------------------------------------------------------------------
def _jt_hands(tag, count, melds, parity, kinds, kmax_per_kind=4, extra=0):
    """Full hands where the copies of ``kinds`` are the jokers; plus ``extra`` jokers apart."""
    rng = rng_for("jt", tag, melds, parity, tuple(kinds), extra)
    out = []
    for H, k in joker_near_complete(rng, count * 2, melds, parity, kmax=len(kinds) * 4 + extra):
        full = H.astype(np.int64).copy()
        k_here = k + int(full[list(kinds)].sum())
        full[list(kinds)] = 0
        e = min(extra, k_here)
        k_here -= e
        # spread the jokers over the joker kinds
        ok = True
        for t in kinds:
            take = min(kmax_per_kind, k_here)
            full[t] = take
            k_here -= take
        if k_here:
            ok = False
        if ok:
            out.append((full.astype(np.uint8), e))
        if len(out) == count:
            break
    return out


JT_CASES = [("red-dragon", [31], 0), ("1s9s", [18, 26], 0), ("red-dragon+2", [31], 2)]


@pytest.mark.parametrize("label, kinds, extra", JT_CASES)
@pytest.mark.parametrize("melds", [0, 1, 2, 3])
def test_joker_tiles_batch(label, kinds, extra, melds):
    bad = []
    n_tenpai = 0
    for parity in (1, 2):
        hands = _jt_hands(label, 300 if melds == 0 else 500, melds, parity, kinds, extra=extra)
        F = np.array([f for f, _ in hands], np.uint8)
        E = np.array([e for _, e in hands], np.int64)
        for fifth in (True, False):
            exp = []
            for f, e in hands:
                c, kk = split_joker_tiles(f, kinds, int(e))
                exp.append(ref_budget_shanten(c, kk, melds, allow_fifth_copy=fifth))
            exp = np.array(exp)
            got = mjpy.batch.shanten(F, melds=melds, jokers=E, joker_tiles=kinds,
                                     allow_fifth_copy=fifth, workers=1)
            for i in np.flatnonzero(got != exp):
                bad.append(("shanten", mjpy.to_string(F[i]), f"jokers={E[i]}", f"joker_tiles={kinds}",
                            f"melds={melds}", f"fifth={fifth}", int(got[i]), int(exp[i])))
            if parity == 2:
                win = mjpy.batch.is_win(F, melds=melds, jokers=E, joker_tiles=kinds,
                                        allow_fifth_copy=fifth, workers=1)
                for i in np.flatnonzero(win != (exp == -1)):
                    bad.append(("is_win", mjpy.to_string(F[i]), f"jokers={E[i]}", f"joker_tiles={kinds}",
                                f"melds={melds}", f"fifth={fifth}", bool(win[i])))
            else:
                w = mjpy.batch.waits(F, melds=melds, jokers=E, joker_tiles=kinds,
                                     allow_fifth_copy=fifth, workers=1)
                u = mjpy.batch.useful_tiles(F, melds=melds, jokers=E, joker_tiles=kinds,
                                            allow_fifth_copy=fifth, workers=1)
                for i, (f, e) in enumerate(hands):
                    drawable, _ = ref_budget_waits_jt_fast(f, kinds, int(e), melds,
                                                           allow_fifth_copy=fifth)
                    n_tenpai += bool(drawable)
                    if int(w[i]) != _mask(drawable):
                        bad.append(("waits", mjpy.to_string(f), f"jokers={e}", f"joker_tiles={kinds}",
                                    f"melds={melds}", f"fifth={fifth}",
                                    mjpy.batch.mask_to_tiles(w[i]), drawable))
                    if i % 5 == 0:
                        useful = [t for t, _ in ref_budget_useful_jt(f, kinds, int(e), melds,
                                                                     allow_fifth_copy=fifth)]
                        if int(u[i]) != _mask(useful):
                            bad.append(("useful", mjpy.to_string(f), f"jokers={e}",
                                        f"joker_tiles={kinds}", f"melds={melds}", f"fifth={fifth}",
                                        mjpy.batch.mask_to_tiles(u[i]), useful))
    assert not bad, "joker_tiles disagree:\n" + _fmt(bad)
    assert n_tenpai > 50


@pytest.mark.parametrize("melds", [0, 2])
def test_joker_tiles_scalar(melds):
    bad = []
    names = {31: ["5z", "中", 31], 18: ["1s", 18], 26: ["9s", 26]}
    for label, kinds, extra in JT_CASES:
        for parity in (1, 2):
            for j, (f, e) in enumerate(_jt_hands(label, 60, melds, parity, kinds, extra=extra)):
                c, kk = split_joker_tiles(f, kinds, int(e))
                spelled = [names[t][j % len(names[t])] for t in kinds]
                kw = dict(melds=melds, jokers=int(e), joker_tiles=spelled)
                exp = ref_budget_shanten(c, kk, melds)
                got = mjpy.shanten(f, **kw)
                if got != exp:
                    bad.append(("shanten", mjpy.to_string(f), kw, got, exp))
                if parity == 2:
                    if mjpy.is_win(f, **kw) != (exp == -1):
                        bad.append(("is_win", mjpy.to_string(f), kw, exp))
                    continue
                drawable, exhausted = ref_budget_waits_jt_fast(f, kinds, int(e), melds)
                ws = mjpy.waits(f, include_exhausted=True, **kw)
                got_d = [int(w) for w in ws if not w.exhausted]
                got_e = [int(w) for w in ws if w.exhausted]
                if got_d != drawable:
                    bad.append(("waits", mjpy.to_string(f), kw, got_d, drawable))
                # joker kinds held 4 times: exhausted (no more can be drawn)
                if [t for t in got_e if t in kinds] != [t for t in exhausted if t in kinds]:
                    bad.append(("exhausted joker kind", mjpy.to_string(f), kw, got_e, exhausted))
                if mjpy.is_tenpai(f, **kw) != bool(drawable):
                    bad.append(("is_tenpai", mjpy.to_string(f), kw))
                visible = np.zeros(34, np.uint8)
                visible[kinds[0]] = min(1, 4 - int(f[kinds[0]]))
                exp_u = ref_budget_useful_jt(f, kinds, int(e), melds, visible=visible)
                got_u = [(u.tile, u.left) for u in mjpy.useful_tiles(f, visible=visible, **kw)]
                if got_u != exp_u:
                    bad.append(("useful", mjpy.to_string(f), kw, got_u, exp_u))
    assert not bad, "joker_tiles (scalar) disagree:\n" + _fmt(bad, 15)


# --------------------------------------------------------------------------
# Knitted straight (组合龙) with copies beyond four
# --------------------------------------------------------------------------
@pytest.mark.parametrize("melds", [0, 1])
def test_knitted_straight_fifth_copies(melds):
    """组合龙 + a pung / pair stacked on a straight tile: six copies, the rest jokers.

    (The fifth-copy rule never changes a 组合龙 answer: moving the pair off the
    stacked kind onto a fresh kind keeps the deficit and drops the excess; the
    kernel must still handle the counts above four.)"""
    from reference_jokers import KNITTED_STRAIGHTS, _perturb_joker_hand, _to_jokers
    rng = rng_for("knitted-fifth", melds)
    rows, ks = [], []
    while len(rows) < 1200:
        ks_tiles = KNITTED_STRAIGHTS[int(rng.integers(0, 6))]
        T = np.zeros(N_KINDS, np.int64)
        T[list(ks_tiles)] = 1
        hot = int(rng.choice(ks_tiles))
        if melds == 0:
            T[hot] += 3 if rng.random() < 0.6 else 0
            if T[hot] == 1:
                s = hot - hot % 9 + min(hot % 9, 6) if hot < 27 else hot
                T[s:s + 3] += 1
        T[hot if rng.random() < 0.7 else int(rng.integers(0, N_KINDS))] += 2
        k = int(rng.integers(0, 6))
        H = _to_jokers(rng, T, k)
        if H is None:
            continue
        parity = 2 if rng.random() < 0.5 else 1
        H, k = _perturb_joker_hand(rng, H, k, 3 * (4 - melds) + parity, 1 if rng.random() < 0.5 else 0)
        rows.append(H)
        ks.append(k)
    H = np.array(rows, np.uint8)
    K = np.array(ks)
    n = H.sum(axis=1) + K
    bad = []
    n_diff = 0
    for parity in (1, 2):
        sel = n == 3 * (4 - melds) + parity
        costs = [ref_budget_all_costs(h, int(k), melds) for h, k in zip(H[sel], K[sel])]
        n_diff += sum(c["knitted_straight"] != c["knitted_straight_no_fifth"] for c in costs)
        bad += _check_batch(H[sel], K[sel], costs, melds, parity,
                            configs=[("knitted", ("knitted",), True), ("all", FORMS_ALL, True)])
    assert not bad, "knitted straight with fifth copies:\n" + _fmt(bad)
    assert n_diff == 0
