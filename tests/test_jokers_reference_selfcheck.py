"""The joker references check themselves and each other (no mjpy needed).

* substitution (``ref_sub_*``, k <= 3) and budget (``ref_budget_*``) agree on
  shanten, is_win and waits on random, near-complete, quad-heavy and
  fifth-copy-heavy hands, 0..4 declared melds, both ``allow_fifth_copy``
  settings, both seven-pairs conventions, default and "all" forms;
* with k = 0 the budget reference equals the plain reference
  (``tests/reference.py``);
* without fifth copies every joker target is a plain target: the budget costs
  equal the plain costs minus k;
* the budget standard cost equals a whole-hand brute force over every
  unbounded target (small M);
* structural properties: shanten -1 iff win, tenpai iff a drawable wait, a
  joker is never worse than the real tile it replaces, fifth copies never hurt;
* hand-checked examples.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

from conftest import rng_for
from reference import (block_targets, ref_is_complete, ref_shanten, ref_waits,
                       standard_cost)
from reference_jokers import (FORMS_ALL, FORMS_DEFAULT, N_KINDS, _sub_rows,
                              block_targets_unbounded, budget_standard_deficit, fmt_hand,
                              joker_mixed, joker_near_complete, joker_quad_hands, parse,
                              ref_budget_form_costs, ref_budget_is_win, ref_budget_shanten,
                              ref_budget_useful, ref_budget_useful_jt, ref_budget_waits,
                              ref_budget_waits_fast, ref_budget_waits_jt, ref_budget_waits_jt_fast, ref_sub_is_win, ref_sub_shanten, ref_sub_waits,
                              ref_sub_waits_multisets, split_joker_tiles)

ALL34 = list(range(34))


def _fmt(rows, limit=20):
    return "\n".join(str(r) for r in rows[:limit]) + (f"\n... {len(rows)} in all" if len(rows) > limit else "")


# --------------------------------------------------------------------------
# Hand-checked examples
# --------------------------------------------------------------------------
def _both_shanten(text, k, melds=0, **kw):
    h = parse(text)
    a = ref_budget_shanten(h, k, melds, **kw)
    if k <= 3:
        assert ref_sub_shanten(h, k, melds, **kw) == a, (text, k, kw)
    return a


def _both_win(text, k, melds=0, **kw):
    h = parse(text)
    a = ref_budget_is_win(h, k, melds, **kw)
    if k <= 3:
        assert ref_sub_is_win(h, k, melds, **kw) == a, (text, k, kw)
    return a


def _both_waits(text, k, melds=0, **kw):
    h = parse(text)
    a = ref_budget_waits(h, k, melds, **kw)
    if k <= 3:
        assert ref_sub_waits(h, k, melds, **kw) == a, (text, k, kw)
    return a


def test_contract_example():
    # 123m 456m 123p + 7m with two jokers as 8m 9m: waiting on the 5s pair
    assert _both_shanten("1234567m123p5s", 2) == 0
    drawable, exhausted = _both_waits("1234567m123p5s", 2)
    assert 22 in drawable and exhausted == []


def test_fifth_copy_rule():
    # 1111m + joker: the only readings need five 1m (pung + pair, or pair + pung)
    text = "1111m234p567p789s"
    assert _both_win(text, 1)
    assert not _both_win(text, 1, allow_fifth_copy=False)
    assert _both_shanten(text, 1) == -1
    assert _both_shanten(text, 1, allow_fifth_copy=False) == 0
    # 111m + joker waits: the joker pairs with any drawn tile; 1m too (11m + 111m with 5 copies)
    drawable, exhausted = _both_waits("111m234p567p789s", 1)
    assert drawable == ALL34 and exhausted == []
    drawable, exhausted = _both_waits("111m234p567p789s", 1, allow_fifth_copy=False)
    assert drawable == [t for t in ALL34 if t != 0] and exhausted == []
    # a drawn tile is real: with 1111m held, 1m is only an exhausted (structural) wait
    drawable, exhausted = _both_waits("1111m234p567p78s", 1)
    assert drawable == [23, 26] and exhausted == [0]
    # without fifth copies 6s / 9s would need 111m + 1m J (five 1m): not waits; and with
    # jokers in play no fifth copy is a completion, so 1m is not an exhausted wait either
    assert _both_waits("1111m234p567p78s", 1, allow_fifth_copy=False) == ([], [])
    assert _both_shanten("1111m234p567p78s", 1, allow_fifth_copy=False) == 1
    # k = 0: the plain rule (exhausted structural wait) whatever allow_fifth_copy says
    for fifth in (True, False):
        assert _both_waits("1111m234p567p789s", 0, allow_fifth_copy=fifth) == ([], [0])


def test_fifth_copy_shanten_needs_jokers_for_the_excess():
    # 1111m 2222m + 6 jokers: 111m 222m 12m+J(3m) ... every reading is easy
    assert ref_budget_shanten(parse("11112222m"), 6) == -1
    # five 1m in the completed hand need at least one joker standing for 1m
    h = parse("1111m")                       # 4 real + 10 jokers (14 tiles)
    assert ref_budget_is_win(h, 10) and ref_budget_is_win(h, 10, allow_fifth_copy=False)
    # 4 real 1m with 1 joker and melds=3 (5 concealed): 111m + 1m J -> five 1m
    assert _both_win("1111m", 1, melds=3)
    assert not _both_win("1111m", 1, melds=3, allow_fifth_copy=False)
    assert _both_shanten("1111m", 1, melds=3, allow_fifth_copy=False) == 0
    # 13 real-less hands: jokers only
    assert ref_budget_shanten(np.zeros(34, int), 14) == -1
    assert ref_budget_shanten(np.zeros(34, int), 13) == 0
    assert ref_budget_waits(np.zeros(34, int), 13) == (ALL34, [])


def test_special_forms_with_jokers():
    # seven pairs: 11 22m 33 44p + 5s 6s 7z singles paired by 3 jokers
    assert _both_win("1122m3344p56s7z", 3, forms=("seven_pairs",))
    # quads as two pairs with jokers
    assert _both_win("1111m2233p4455s", 2, forms=("seven_pairs",))
    assert not _both_win("1111m2233p4455s", 2, forms=("seven_pairs",), quads_as_two_pairs=False)
    assert ref_budget_is_win(parse("1111m22m"), 8, forms=("seven_pairs",))
    # distinct kinds: four real 1m can never be one pair
    assert not ref_budget_is_win(parse("1111m22m"), 8, forms=("seven_pairs",),
                                 quads_as_two_pairs=False)
    assert ref_budget_shanten(parse("1111m22m"), 8, forms=("seven_pairs",),
                              quads_as_two_pairs=False) == 1    # two 1m to replace
    # thirteen orphans: 12 distinct orphans + 2 jokers
    assert _both_win("19m19p19s123456z", 2, forms=("thirteen_orphans",))
    assert _both_shanten("19m19p19s12345z", 2, forms=("thirteen_orphans",)) == 0
    # 全不靠 with one joker
    assert _both_win("147m258p369s1234z", 1, forms=("knitted",))
    # 组合龙 with a joker in the straight and a five-copy kind
    assert _both_win("147m258p36s11122z", 1, forms=("knitted",))


def test_five_copies_in_knitted_straight():
    # 组合龙 147m 258p 369s + 111m + 11m: six 1m; four real 1m + two jokers
    h = parse("1111m47m258p369s")       # 12 real
    assert ref_budget_is_win(h, 2, forms=("knitted",))
    assert ref_sub_is_win(h, 2, forms=("knitted",))
    assert ref_budget_shanten(h, 2, forms=("knitted",), allow_fifth_copy=False) == \
        ref_sub_shanten(h, 2, forms=("knitted",), allow_fifth_copy=False)


def test_joker_tiles_waits():
    # 红中 jokers: 123456m 234p 55s + two 中 -> the two 中 make a set with anything
    h = parse("123456m234p55s55z")
    drawable, exhausted = ref_budget_waits_jt(h, [31])
    assert drawable == ALL34 and exhausted == []
    # four 中 held: 中 itself can't be drawn any more
    h = parse("12345m8s5555z")
    drawable, exhausted = ref_budget_waits_jt(h, [31], melds=1)
    assert exhausted == [31] and 31 not in drawable
    c, k = split_joker_tiles(h, [31])
    assert k == 4 and c[31] == 0
    # a joker kind can be a wait of a hand that is not tenpai: 999p 333z 3z needs a fifth
    # 3z, which only a joker can be (a drawn real tile is never a fifth copy)
    h = parse("999p3333z")
    assert ref_budget_shanten(h, 0, 2) == 1
    assert ref_budget_waits_jt(h, [31], 0, 2) == ([31], [29])
    assert ref_budget_waits_jt_fast(h, [31], 0, 2) == ([31], [29])
    assert ref_budget_waits_jt(h, [31], 0, 2, allow_fifth_copy=False) == ([], [29])   # k = 0
    # one 中 held (k = 1): without fifth copies nothing is exhausted any more
    assert ref_budget_waits_jt(parse("99p3333z5z"), [31], 0, 2, allow_fifth_copy=False)[1] == []
    assert ref_budget_waits_jt(parse("99p3333z5z"), [31], 0, 2)[1] == [29]
    # useful tiles: the joker kind is useful whenever another joker lowers shanten
    h = parse("123456m234p58s55z")
    useful = ref_budget_useful_jt(h, [31])
    assert (31, 2) in useful


# --------------------------------------------------------------------------
# Substitution vs budget on random hands
# --------------------------------------------------------------------------
# (kmax, melds, parity, count, forms)
AGREE_CASES = [(kmax, melds, parity, cnt, forms)
               for kmax, cnt in ((1, 90), (2, 70), (3, 45))
               for melds in (0, 1, 2, 3, 4)
               for parity in (1, 2)
               for forms in (FORMS_DEFAULT,)]
AGREE_CASES += [(kmax, melds, parity, cnt, FORMS_ALL)
                for kmax, cnt in ((1, 40), (2, 20), (3, 6))
                for melds in (0, 1) for parity in (1, 2)]


def _hands(tag, kmax, melds, parity, count, hand_size=13):
    rng = rng_for("jsc", tag, kmax, melds, parity, count, hand_size)
    return joker_mixed(rng, count, melds, parity, kmax, hand_size)


@pytest.mark.parametrize("kmax, melds, parity, count, forms", AGREE_CASES)
def test_sub_vs_budget(kmax, melds, parity, count, forms):
    hands = _hands("agree", kmax, melds, parity, count)
    bad = []
    n_win = n_tenpai = 0
    waits_every = 1 if kmax <= 2 else 3
    for i, (h, k) in enumerate(hands):
        for fifth in (True, False):
            for quads in ((True, False) if melds == 0 and forms == FORMS_DEFAULT else (True,)):
                kw = dict(forms=forms, quads_as_two_pairs=quads, allow_fifth_copy=fifth)
                a = ref_budget_shanten(h, k, melds, **kw)
                b = ref_sub_shanten(h, k, melds, **kw)
                if a != b:
                    bad.append(("shanten", fmt_hand(h, k), melds, kw, a, b))
                if parity == 2:
                    wa = ref_budget_is_win(h, k, melds, **kw)
                    wb = ref_sub_is_win(h, k, melds, **kw)
                    n_win += wa
                    if not wa == wb == (a == -1):
                        bad.append(("is_win", fmt_hand(h, k), melds, kw, wa, wb, a))
                elif i % waits_every == 0 and quads:
                    wa = ref_budget_waits(h, k, melds, **kw)
                    wb = ref_sub_waits(h, k, melds, **kw)
                    n_tenpai += bool(wa[0])
                    if wa != wb or bool(wa[0]) != (a == 0):
                        bad.append(("waits", fmt_hand(h, k), melds, kw, wa, wb, a))
    assert not bad, "references disagree:\n" + _fmt(bad)
    if parity == 2 and melds < 4:
        assert n_win > 0
    if parity == 1 and forms == FORMS_DEFAULT:
        assert n_tenpai > 0


@pytest.mark.parametrize("melds", [0, 1, 3])
def test_sub_waits_two_ways(melds):
    """Block-wise substitution waits == whole-hand multiset substitution waits."""
    bad = []
    for kmax, count in ((1, 30), (2, 15)):
        for h, k in _hands("waits2", kmax, melds, 1, count):
            for fifth in (True, False):
                forms = FORMS_ALL if melds <= 1 and kmax == 1 else FORMS_DEFAULT
                a = ref_sub_waits(h, k, melds, forms, True, fifth)
                b = ref_sub_waits_multisets(h, k, melds, forms, True, fifth)
                if a != b:
                    bad.append((fmt_hand(h, k), melds, fifth, a, b))
    assert not bad, _fmt(bad)


@pytest.mark.parametrize("melds", [0, 2, 5])
def test_sub_vs_budget_16(melds):
    bad = []
    for parity in (1, 2):
        for h, k in _hands("agree16", 2, melds, parity, 12 if melds == 0 else 25, 16):
            for fifth in (True, False):
                kw = dict(allow_fifth_copy=fifth, hand_size=16)
                a = ref_budget_shanten(h, k, melds, **kw)
                b = ref_sub_shanten(h, k, melds, **kw)
                if a != b:
                    bad.append(("shanten", fmt_hand(h, k), melds, kw, a, b))
                if parity == 2 and ref_budget_is_win(h, k, melds, **kw) != (a == -1):
                    bad.append(("is_win", fmt_hand(h, k), melds, kw, a))
    assert not bad, _fmt(bad)


@pytest.mark.parametrize("melds", range(4))
def test_quad_heavy_sub_vs_budget(melds):
    """Four-of-a-kind plus jokers: where allow_fifth_copy matters."""
    rng = rng_for("jsc-quads", melds)
    bad = []
    n_diff = 0
    for parity in (1, 2):
        hands = joker_quad_hands(rng, 40 if melds == 0 else 60, melds, parity, 3)
        for h, k in hands:
            s, extra = {}, {}
            for fifth in (True, False):
                a = ref_budget_shanten(h, k, melds, allow_fifth_copy=fifth)
                b = ref_sub_shanten(h, k, melds, allow_fifth_copy=fifth)
                s[fifth] = a
                if a != b:
                    bad.append(("shanten", fmt_hand(h, k), melds, fifth, a, b))
                if parity == 1:
                    wa = ref_budget_waits(h, k, melds, allow_fifth_copy=fifth)
                    wb = ref_sub_waits(h, k, melds, allow_fifth_copy=fifth)
                    extra[fifth] = wa
                    if wa != wb:
                        bad.append(("waits", fmt_hand(h, k), melds, fifth, wa, wb))
                else:
                    wa = ref_budget_is_win(h, k, melds, allow_fifth_copy=fifth)
                    wb = ref_sub_is_win(h, k, melds, allow_fifth_copy=fifth)
                    if not wa == wb == (a == -1):
                        bad.append(("is_win", fmt_hand(h, k), melds, fifth, wa, wb, a))
            assert s[True] <= s[False]
            n_diff += s[True] != s[False] or extra.get(True) != extra.get(False)
    assert not bad, _fmt(bad)
    assert n_diff > 0


# --------------------------------------------------------------------------
# Budget reference vs the plain reference
# --------------------------------------------------------------------------
@pytest.mark.parametrize("melds", range(5))
def test_budget_k0_equals_plain(melds):
    rng = rng_for("jsc-k0", melds)
    bad = []
    for parity in (1, 2):
        hands = joker_mixed(rng, 150, melds, parity, kmax=0)
        for h, k in hands:
            assert k == 0
            for forms in (FORMS_DEFAULT, FORMS_ALL):
                for quads in (True, False):
                    for fifth in (True, False):
                        a = ref_budget_shanten(h, 0, melds, forms, quads, fifth)
                        p = ref_shanten(h, melds, forms, quads)
                        if a != p:
                            bad.append(("shanten", fmt_hand(h), melds, forms, quads, fifth, a, p))
                        if parity == 2:
                            w = ref_budget_is_win(h, 0, melds, forms, quads, fifth)
                            if w != ref_is_complete(h, melds, forms, quads):
                                bad.append(("is_win", fmt_hand(h), melds, forms, quads, fifth))
            if parity == 1:
                for fifth in (True, False):
                    if ref_budget_waits(h, 0, melds, allow_fifth_copy=fifth) != ref_waits(h, melds):
                        bad.append(("waits", fmt_hand(h), melds, fifth))
    assert not bad, _fmt(bad)


@pytest.mark.parametrize("melds", range(5))
def test_no_fifth_costs_are_plain_costs_minus_k(melds):
    """Without fifth copies every target is a plain (<= 4) target: cost = plain cost - k."""
    rng = rng_for("jsc-plain-minus-k", melds)
    bad = []
    for parity in (1, 2):
        for h, k in joker_mixed(rng, 200, melds, parity, kmax=8):
            budget = ref_budget_form_costs(h, k, melds, FORMS_ALL, True, False)
            # the plain reference wants a 13/14-tile hand: ask its per-form helpers directly
            plain = {}
            M = 4 - melds
            plain["standard"] = standard_cost(h, M)
            if melds <= 1:
                pad = h.astype(np.int64)
                from reference import (honors_knitted_cost, knitted_straight_cost,
                                       seven_pairs_cost, thirteen_orphans_cost)
                plain["knitted_straight"] = knitted_straight_cost(pad, melds)
                if melds == 0:
                    plain["seven_pairs"] = seven_pairs_cost(pad, True)
                    plain["thirteen_orphans"] = thirteen_orphans_cost(pad)
                    plain["honors_knitted"] = honors_knitted_cost(pad)
            exp = {name: v - k for name, v in plain.items()}
            if budget != exp:
                bad.append((fmt_hand(h, k), melds, budget, exp))
    assert not bad, _fmt(bad)


def _whole_targets(M):
    """Every whole-hand standard target of M sets + pair (unbounded counts)."""
    sets = []
    for t in range(N_KINDS):
        v = np.zeros(N_KINDS, np.int16)
        v[t] = 3
        sets.append(v)
    for s in (0, 9, 18):
        for i in range(7):
            v = np.zeros(N_KINDS, np.int16)
            v[s + i:s + i + 3] = 1
            sets.append(v)
    rows = set()
    for combo in itertools.combinations_with_replacement(range(len(sets)), M):
        base = sum((sets[i] for i in combo), np.zeros(N_KINDS, np.int16))
        for p in range(N_KINDS):
            t = base.copy()
            t[p] += 2
            rows.add(t.tobytes())
    return np.array([np.frombuffer(r, np.int16) for r in rows])


@pytest.mark.parametrize("M", [1, 2])
def test_budget_standard_matches_whole_hand_definition(M):
    """min over whole-hand targets T with sum max(0, T-4) <= K of sum max(0, T-H)."""
    T = _whole_targets(M)
    excess = np.maximum(T - 4, 0).sum(axis=1)
    rng = rng_for("jsc-whole", M)
    melds = 4 - M
    bad = []
    for parity in (1, 2):
        hands = joker_mixed(rng, 120 if M == 2 else 250, melds, parity, kmax=8)
        hands += joker_quad_hands(rng, 40, melds, parity, 8)
        for h, k in hands:
            d = np.maximum(T - h.astype(np.int16), 0).sum(axis=1)
            for K in (0, k):
                brute = int(d[excess <= K].min())
                got = budget_standard_deficit(h, M, K)
                if brute != got:
                    bad.append((fmt_hand(h, k), M, K, got, brute))
    assert not bad, _fmt(bad)


def test_target_enumerations_agree():
    """The two enumerators and the plain reference's capped list describe the same sets."""
    for npos, seq in ((9, True), (7, False)):
        for m in range(5):
            for p in (0, 1):
                U = block_targets_unbounded(npos, seq, m, p)
                assert (U.sum(axis=1) == 3 * m + 2 * p).all()
                capped = {r.tobytes() for r in U if r.max() <= 4}
                assert capped == {r.astype(np.int8).tobytes() for r in block_targets(npos, seq, m, p)}
        T, kg, starts, _, _ = _sub_rows(npos, seq, 4, 3)
        g_of_row = np.repeat(kg, np.diff(np.r_[starts, len(T)]))
        for m in range(5):
            for p in (0, 1):
                U = block_targets_unbounded(npos, seq, m, p)
                keep = (U.max(axis=1) <= 7) & (np.maximum(U.astype(int) - 4, 0).sum(axis=1) <= 3)
                sub = {r.tobytes() for r in T[g_of_row == 2 * m + p]}
                assert sub == {r.tobytes() for r in U[keep]}, (npos, m, p)


# --------------------------------------------------------------------------
# Structural properties (budget reference, any k)
# --------------------------------------------------------------------------
@pytest.mark.parametrize("melds", range(5))
def test_structure(melds):
    rng = rng_for("jsc-structure", melds)
    bad = []
    n_tenpai = 0
    for parity in (1, 2):
        hands = joker_mixed(rng, 120, melds, parity, kmax=8)
        for h, k in hands:
            h = h.astype(np.int64)
            s = ref_budget_shanten(h, k, melds)
            s_nf = ref_budget_shanten(h, k, melds, allow_fifth_copy=False)
            if s > s_nf:
                bad.append(("fifth copies hurt", fmt_hand(h, k), melds, s, s_nf))
            # a joker is never worse than the real tile it replaces
            for t in np.flatnonzero(h)[:3]:
                d = h.copy()
                d[t] -= 1
                if ref_budget_shanten(d, k + 1, melds) > s:
                    bad.append(("joker worse than real", fmt_hand(h, k), melds, int(t)))
            if parity == 2:
                if ref_budget_is_win(h, k, melds) != (s == -1):
                    bad.append(("win", fmt_hand(h, k), melds, s))
                if ref_budget_is_win(h, k, melds, allow_fifth_copy=False) != (s_nf == -1):
                    bad.append(("win/no-fifth", fmt_hand(h, k), melds, s_nf))
            else:
                drawable, exhausted = ref_budget_waits(h, k, melds)
                for fifth in (True, False):
                    if ref_budget_waits_fast(h, k, melds, allow_fifth_copy=fifth) != \
                            ref_budget_waits(h, k, melds, allow_fifth_copy=fifth):
                        bad.append(("waits fast", fmt_hand(h, k), melds, fifth))
                if bool(drawable) != (s == 0):
                    bad.append(("tenpai", fmt_hand(h, k), melds, s, drawable))
                if any(h[t] >= 4 for t in drawable) or any(h[t] != 4 for t in exhausted):
                    bad.append(("wait kinds", fmt_hand(h, k), melds, drawable, exhausted))
                if s == 0:
                    n_tenpai += 1
                    useful = [t for t, _ in ref_budget_useful(h, k, melds)]
                    if useful != drawable:
                        bad.append(("useful of tenpai", fmt_hand(h, k), melds, useful, drawable))
                elif melds == 0 and len(bad) == 0 and n_tenpai % 4 == 0:
                    for t, left in ref_budget_useful(h, k, melds, visible=np.ones(34, int)):
                        d = h.copy()
                        d[t] += 1
                        if ref_budget_shanten(d, k, melds) != s - 1 or left != 3 - h[t]:
                            bad.append(("useful", fmt_hand(h, k), melds, t))
    assert not bad, _fmt(bad)
    assert n_tenpai > 10


@pytest.mark.parametrize("kmax", [1, 3])
def test_joker_tiles_consistency(kmax):
    """joker_tiles waits: the joker kind is a wait iff the hand is tenpai; other kinds as usual."""
    rng = rng_for("jsc-jt", kmax)
    bad = []
    for melds in (0, 1, 2):
        for H, k in joker_near_complete(rng, 40, melds, 1, kmax):
            k = k + int(H[31])
            if k > 4:
                continue
            full = H.astype(np.int64).copy()
            full[31] = k
            c, kk = split_joker_tiles(full, [31])
            drawable, exhausted = ref_budget_waits_jt(full, [31], 0, melds)
            if ref_budget_waits_jt_fast(full, [31], 0, melds) != (drawable, exhausted):
                bad.append(("jt fast", fmt_hand(full), melds))
            plain_d, plain_e = ref_budget_waits(c, kk, melds)
            jw = ref_budget_is_win(c, kk + 1, melds)
            exp_d = sorted(set(t for t in plain_d if t != 31) | ({31} if jw and k < 4 else set()))
            exp_e = sorted(set(t for t in plain_e if t != 31) | ({31} if jw and k == 4 else set()))
            if (drawable, exhausted) != (exp_d, exp_e):
                bad.append((fmt_hand(full), melds, drawable, exhausted, exp_d, exp_e))
            if kk <= 3 and melds > 0:
                sub = ref_sub_waits(c, kk, melds)
                if sub != (plain_d, plain_e):
                    bad.append(("sub", fmt_hand(c, kk), melds, sub, plain_d, plain_e))
    assert not bad, _fmt(bad)


@pytest.mark.slow
@pytest.mark.parametrize("melds", range(5))
def test_sub_vs_budget_slow(melds):
    bad = []
    for kmax in (1, 2, 3):
        for parity in (1, 2):
            for h, k in _hands("agree-slow", kmax, melds, parity, 400):
                for fifth in (True, False):
                    kw = dict(allow_fifth_copy=fifth)
                    a = ref_budget_shanten(h, k, melds, **kw)
                    if a != ref_sub_shanten(h, k, melds, **kw):
                        bad.append(("shanten", fmt_hand(h, k), melds, fifth))
                    if parity == 1 and ref_budget_waits(h, k, melds, **kw) != ref_sub_waits(h, k, melds, **kw):
                        bad.append(("waits", fmt_hand(h, k), melds, fifth))
                    if parity == 2 and ref_budget_is_win(h, k, melds, **kw) != ref_sub_is_win(h, k, melds, **kw):
                        bad.append(("win", fmt_hand(h, k), melds, fifth))
    assert not bad, _fmt(bad)
