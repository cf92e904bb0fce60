"""Self-checks of the plain Xuzhou 徐州麻将 reference (tests/reference_xuzhou.py) and its generator
(tests/regional_gen_xuzhou.py).

* hand-worked examples of every rule of docs/rules.md#xuzhou (each worked out in its comment);
* refusals (ValueError / TypeError) and the melded 配兒;
* waits worked by hand, and waits == the tiles whose 14-tile hand wins;
* a seeded sweep against an independent brute force (every joker value tried one joker at a time
  with ``itertools.product``, the winning joker named, tests/reference.py's ``_std_complete`` /
  ``_seven_pairs_complete`` / ``KNITTED_STRAIGHTS`` deciding the forms), the block-pruned enumeration
  against the flat one, and option properties (wider 夾 range, peier_jia, allow_fifth_copy, 天胡);
* the generator's cases are valid and mixed; the slowest hands stay well under a second.
"""
from __future__ import annotations

import itertools
import random

import pytest

from conftest import seconds_without_gc
import reference as REF
import reference_xuzhou as X
import regional_gen_xuzhou as G

T = X.tile
PH, QD, LP, PP = X.PINGHU, X.QIDUI, X.LUANPAI, X.PAOPEI
EAST = "1z"


def sc(hand, win, f, melds=(), **kw):
    return X.ref_xuzhou_score(hand, [(k, T(t)) for k, t in melds], T(win), f=T(f), **kw)


def waits(hand, f, melds=(), **kw):
    return {X.tile_name(t) for t in X.ref_xuzhou_waits(hand, [(k, T(t)) for k, t in melds], f=T(f), **kw)}


WIN = lambda *forms: (True, 1, set(forms))     # noqa: E731
LOSS = (False, 0, set())


# =============================================================================================
# 配兒 from the indicator
# =============================================================================================
def test_indicator_successor():
    pairs = {"1m": "2m", "8m": "9m", "9m": "1m", "9p": "1p", "5s": "6s", "9s": "1s",
             "1z": "2z", "4z": "5z", "5z": "6z", "6z": "7z", "7z": "1z"}     # 北->中, 中->发, 发->白, 白->东
    for ind, f in pairs.items():
        assert X.indicator_to_peier(T(ind)) == T(f)
    assert X.indicator_to_peier("发") == 33
    assert sorted(X.indicator_to_peier(i) for i in range(34)) == list(range(34))     # a bijection
    with pytest.raises(ValueError):
        X.indicator_to_peier(34)
    with pytest.raises(ValueError):
        X.indicator_to_peier("0m")


# =============================================================================================
# 平胡 and 夾
# =============================================================================================
# 11m 456m 123p 789p 345s, f = 东 (none in the hand, no 白): one decomposition only.
PLAIN = "11m456m123p789p345s"


@pytest.mark.parametrize("win,expected", [
    ("5m", WIN(PH)),    # middle of 456m, rank 5 in 4..8
    ("4m", LOSS),       # low end of 456m: no chow has 4m as its middle
    ("6m", LOSS),       # high end
    ("1m", LOSS),       # on the pair
    ("2p", LOSS),       # middle of 123p but rank 2
    ("8p", WIN(PH)),    # middle of 789p, rank 8
    ("4s", WIN(PH)),    # middle of 345s, rank 4
    ("3s", LOSS),
])
def test_pinghu_jia_positions(win, expected):
    assert sc(PLAIN, win, EAST) == expected
    assert sc(PLAIN, win, EAST, self_drawn=True) == expected


def test_pinghu_rank_three_and_range_option():
    # 11m 234m 123p 789p 345s: winning 3m is the middle of 234m at rank 3 -> not 夾 by default.
    assert sc("11m234m123p789p345s", "3m", EAST) == LOSS
    assert sc("11m234m123p789p345s", "3m", EAST, jia_rank_range=(3, 8)) == WIN(PH)
    assert sc(PLAIN, "2p", EAST, jia_rank_range=(2, 8)) == WIN(PH)      # 123p's middle, rank 2
    assert sc(PLAIN, "4s", EAST, jia_rank_range=(5, 8)) == LOSS         # rank 4 now outside
    assert sc(PLAIN, "8p", EAST, jia_rank_range=(4, 7)) == LOSS


def test_one_reading_jia_another_not():
    # 444555666m 789s 11p: read as pungs 444/555/666 the winning 5m is in a pung (not 夾), read as
    # three 456m chows it is the middle of one (rank 5): some reading suffices -> a win.
    assert sc("444555666m789s11p", "5m", EAST) == WIN(PH)
    assert X.ref_xuzhou_explain("444555666m789s11p", win_tile="5m", f=T(EAST))[PH]["groups"][:3] \
        == ["456m", "456m", "456m"]
    # 4m is a pung tile or the low end of 456m in every reading; 6m a pung tile or the high end.
    assert sc("444555666m789s11p", "4m", EAST) == LOSS
    assert sc("444555666m789s11p", "6m", EAST) == LOSS
    # 344556m 11p 789p 123s = 345m + 456m: 5m is the high end of 345m but the middle of 456m -> win;
    # 4m the middle of 345m (rank 4) -> win; 3m / 6m ends only -> no.
    h = "344556m11p789p123s"
    assert sc(h, "5m", EAST) == WIN(PH)
    assert sc(h, "4m", EAST) == WIN(PH)
    assert sc(h, "3m", EAST) == LOSS
    assert sc(h, "6m", EAST) == LOSS


def test_joker_stands_in_the_hand():
    # f = 9p: the 9p is a joker.  56m + 9p: the joker as 4m makes 456m, the winning 5m its middle.
    h = "56m9p11p234p123s789s"
    assert sc(h, "5m", "9p") == WIN(PH)
    assert X.ref_xuzhou_explain(h, win_tile="5m", f="9p")[PH]["jokers"] == ["9p=4m"]
    # 6m: the joker as 7m makes 567m with 6m in the middle (the 456m reading would not do).
    assert sc(h, "6m", "9p") == WIN(PH)
    assert sc(h, "6m", "9p", peier_jia=False) == WIN(PH)        # the winning tile is no 配兒
    assert sc(h, "2p", "9p") == LOSS                            # 234p's low end, or the pair side


def test_self_drawn_peier_as_jia_tile_and_peier_jia_false():
    # f = 5m: 4m 6m + the 配兒 5m self-drawn, standing for 5m -> 456m, middle rank 5.
    h = "456m11p234p123s789s"
    assert sc(h, "5m", "5m", self_drawn=True) == WIN(PH)
    assert sc(h, "5m", "5m", self_drawn=True, peier_jia=False) == LOSS
    with pytest.raises(ValueError, match="配兒"):
        sc(h, "5m", "5m", self_drawn=False)                    # a 配兒 claimed on a discard
    # the same hand won on 4m (self-drawn): 4m is the low end of 456m -> no, whatever peier_jia.
    assert sc(h, "4m", "5m", self_drawn=True) == LOSS


def test_baiban_plays_f_inside_a_chow():
    # f = 5m (indicator 4m): the 白 is an ordinary 5m, so 4m 白 6m is the chow 456m.
    h = "46m11p234p123s789s7z"
    assert sc(h, "7z", "5m") == WIN(PH)              # the 白 (5m) is the middle; claimable (not a 配兒)
    assert sc(h, "4m", "5m") == LOSS
    # f = 2m: the 白 plays 2m; 2m 4m 6m is no chow -> no standard decomposition.
    assert sc(h, "7z", "2m") == LOSS
    # the 白 is not a joker: with f = 东 it plays 东, a single honor -> not complete.
    assert sc(h, "7z", EAST, self_drawn=True) == LOSS


def test_melds_in_play_values():
    # melds chi 123s + pon 东, f = 5p, concealed 11m 456m 789p: 5m the middle of 456m -> 平胡.
    m = [("chi", "1s"), ("pon", "1z")]
    assert sc("11m456m789p", "5m", "5p", melds=m) == WIN(PH)
    assert sc("11m456m789p", "8p", "5p", melds=m) == WIN(PH)
    assert sc("11m456m789p", "4m", "5p", melds=m) == LOSS
    # a chi 4m-5m-6m with f = 5m holds a 白 physically; the concealed part wins on 5s.
    assert sc("11p234p456s789s", "5s", "5m", melds=[("chi", "4m")]) == WIN(PH)
    # a kong is a set too (concealed 11 tiles with one meld).
    assert sc("11p234p456s789s", "5s", "5m", melds=[("ankan", "1z")]) == WIN(PH)


def test_fifth_copy_option():
    # f = 9p: 5555m + the joker: 555m + a pair 5m-joker, or 55m + 55m-joker pung: the joker must
    # be a fifth 5m either way.  234p 456s 789s; the winning 5s is the middle of 456s.
    h = "5555m9p234p456s789s"
    assert sc(h, "5s", "9p") == WIN(PH)
    assert sc(h, "5s", "9p", allow_fifth_copy=False) == LOSS
    # a melded pon counts too: pon 5m + concealed 5m 9p 234p 456s 789s.  The m block holds the 5m
    # and must be the pair, so the joker is a 5m: 3 (pon) + 1 + 1 = 5 copies.
    assert sc("5m9p234p456s789s", "5s", "9p", melds=[("pon", "5m")]) == WIN(PH)
    assert sc("5m9p234p456s789s", "5s", "9p", melds=[("pon", "5m")], allow_fifth_copy=False) == LOSS
    # the same with 6m: pon 6m + 6m + the joker as 6m = 5 copies -> refused; with a kong of 5m
    # instead of the pon the pair 6m + joker holds 2 copies of 6m -> a win.
    assert sc("6m9p234p456s789s", "5s", "9p", melds=[("pon", "6m")], allow_fifth_copy=False) == LOSS
    assert sc("6m9p234p456s789s", "5s", "9p", melds=[("minkan", "5m")], allow_fifth_copy=False) \
        == WIN(PH)                                         # 6m + joker (6m): 2 copies of 6m


def test_tianhu_total_two():
    assert sc(PLAIN, "5m", EAST, self_drawn=True, tianhu=True) == (True, 2, {PH})
    assert sc(PLAIN, "4m", EAST, self_drawn=True, tianhu=True) == LOSS
    assert sc("2222445599m1199p", "4m", "5s", self_drawn=True, tianhu=True) == (True, 2, {QD})


# =============================================================================================
# 七對
# =============================================================================================
def test_qidui():
    # 2222m (two pairs) 44m 55m 99m 11p 99p, f = 5s: seven pairs.  Standard form: the m block holds
    # 10 tiles (10 = 3n + 1) -> none.  No 夾 needed, any winning tile.
    assert sc("2222445599m1199p", "4m", "5s") == WIN(QD)
    assert sc("2222445599m1199p", "2m", "5s", self_drawn=True) == WIN(QD)
    # a joker (5s) pairs with the single 9p.
    assert sc("2222445599m119p5s", "9p", "5s") == WIN(QD)
    # two jokers pair with each other.
    assert sc("22224455m1199p55s", "1p", "5s") == WIN(QD)
    # three singles (3m, 5m, 9m) and one joker: no 七對; the winning 1p is a pair tile: no 平胡.
    assert sc("222234459m1199p5s", "1p", "5s") == LOSS
    # a pair of 白 is a pair of f (here f = 5s): 22 44 55 99m 11 99p + 白白.
    assert sc("22445599m1199p77z", "7z", "5s") == WIN(QD)
    # the 白 plays 5s (no other 5s in the hand) and the 3s is a single: no joker to pair them -> no.
    assert sc("22445599m1199p3s7z", "3s", "5s") == LOSS
    # seven pairs that are also 平胡: 223344m 556677p 55s: 234m 234m 567p 567p 55s; win 3m (middle).
    assert sc("223344m556677p55s", "3m", EAST) == WIN(QD)               # rank 3: 七對 only
    assert sc("223344m556677p55s", "6p", EAST) == WIN(QD, PH)           # rank 6: both


# =============================================================================================
# 亂牌
# =============================================================================================
def test_luanpai():
    # 147m 258p 369s 东南西北中 (发 missing): 14 different kinds of one 15-kind set.  f = 5s absent.
    assert sc("147m258p369s12345z", "5z", "5s") == WIN(LP)
    assert sc("147m258p369s12345z", "1m", "5s", self_drawn=True) == WIN(LP)
    # another suit order: 369m 147p 258s + 东南西北发.
    assert sc("369m147p258s12346z", "6z", "5s") == WIN(LP)
    # 147 in two suits: no class for the third -> not.
    assert sc("147m147p369s12345z", "5z", "5s") == LOSS
    # a repeated kind: not.
    assert sc("147m258p369s12344z", "4z", "5s") == LOSS
    # 9 suited + all 6 honors minus a suited tile: 47m 258p 369s 东南西北中发.
    assert sc("47m258p369s123456z", "4m", "5s") == WIN(LP)


def test_luanpai_with_bai_and_jokers():
    h = "147m258p369s12347z"              # 白 instead of 中 (中 and 发 missing)
    # f = 5s: the 白 plays 5s; s holds 369 -> 5s fits no set (the s suit would need 258) -> no.
    assert sc(h, "1z", "5s") == LOSS
    # f = 中 (indicator 北): the 白 plays 中 -> 147m258p369s东南西北中 -> win.
    assert X.indicator_to_peier(T("4z")) == T("5z")
    assert sc(h, "1z", "5z") == WIN(LP)
    assert sc(h, "7z", "6z") == WIN(LP)   # f = 发: the 白 plays 发 (and may be the winning tile)
    # f = 5m: the 白 plays 5m, which the 147m suit cannot take -> no.
    assert sc(h, "1z", "5m") == LOSS
    # f = 1m: the 1m is now a joker (-> 中 or 发) and the 白 plays 1m -> 14 different kinds -> win.
    assert sc(h, "4m", "1m") == WIN(LP)
    # a joker fills a missing kind: f = 5m, 147m258p369s东南西北 + the 配兒 5m (as 中 or 发).
    assert sc("1457m258p369s1234z", "4z", "5m") == WIN(LP)
    assert sc("1457m258p369s1234z", "5m", "5m", self_drawn=True) == WIN(LP)
    with pytest.raises(ValueError):
        sc("1457m258p369s1234z", "5m", "5m")


# =============================================================================================
# 跑配成牌
# =============================================================================================
def test_paopei():
    # four 配兒 (f = 5m) and junk: 19p 19s 东南西北中发 -> a win whatever the shape.
    assert sc("5555m19p19s123456z", "1p", "5m") == WIN(PP)
    assert sc("5555m19p19s123456z", "5m", "5m", self_drawn=True) == WIN(PP)
    # three 配兒 and junk: nothing (10 + 1 junk tiles cannot be filled by 3 jokers).
    assert sc("555m9m19p19s123456z", "1p", "5m") == LOSS
    # with a meld: 11 concealed tiles, four of them 配兒.
    assert sc("5555m19p19s234z", "1p", "5m", melds=[("pon", "1z")]) == WIN(PP)
    # f = 白 (indicator 发): four 白 are the 配兒.
    assert sc("19m19p19s1234z7777z", "1m", "7z") == WIN(PP)
    # four 配兒 and also a 平胡: f = 东, 1111z + 456m 11p 789p 35s: a joker as 4s (345s), three as a
    # pung; the winning 5m is the middle of 456m -> both forms.
    assert sc("456m11p789p35s1111z", "5m", EAST) == WIN(PP, PH)


def test_bai_as_joker_when_f_is_bai():
    # f = 白: the 白 is a joker standing for any kind (no stand-in), 白 itself included.
    # 46m + 白 (as 5m) 11p 234p 123s 789s, self-drawn 白 as the 夾 5m.
    h = "46m11p234p123s789s7z"
    assert sc(h, "7z", "7z", self_drawn=True) == WIN(PH)
    with pytest.raises(ValueError):
        sc(h, "7z", "7z")                  # a 配兒 on a discard
    # 七對 with the joker standing for a 白 pair partner is irrelevant; a joker may be 白: 22m44m...
    # 22 44 55 99m 11 99p + 白 + 9s: the joker pairs with 9s.
    assert sc("22445599m1199p9s7z", "9s", "7z") == WIN(QD)


# =============================================================================================
# Refusals
# =============================================================================================
def test_bad_input():
    with pytest.raises(ValueError, match="配兒"):
        sc(PLAIN, "5m", "5m")                                   # 5m is the 配兒: claimed on a discard
    with pytest.raises(ValueError, match="not in the hand"):
        sc(PLAIN, "9m", EAST)
    with pytest.raises(ValueError, match="14 tiles"):
        sc(PLAIN + "9m", "5m", EAST)
    with pytest.raises(ValueError, match="11 tiles"):
        sc(PLAIN, "5m", EAST, melds=[("pon", "7m")])
    with pytest.raises(ValueError, match="7z"):
        sc("11m456m789p", "5m", "5p", melds=[("pon", "7z"), ("chi", "1s")])  # 白 in a meld, f != 白
    with pytest.raises(ValueError, match="physical"):
        sc("46m11p123s7777z", "4m", "5m", melds=[("chi", "4m")])              # 5 白 (one melded)
    with pytest.raises(ValueError, match="physical"):
        sc("11111m456m789p123s", "5m", EAST)
    with pytest.raises(ValueError, match="meld kind"):
        sc("11m456m789p", "5m", "5p", melds=[("kong", "1z"), ("chi", "1s")])
    with pytest.raises(ValueError, match="chi"):
        sc("11m456m789p", "5m", "5p", melds=[("chi", "8m"), ("chi", "1s")])
    with pytest.raises(ValueError, match="chi"):
        sc("11m456m789p", "5m", "5p", melds=[("chi", "1z"), ("chi", "1s")])
    with pytest.raises(ValueError, match="jia_rank_range"):
        sc(PLAIN, "5m", EAST, jia_rank_range=(6, 4))
    with pytest.raises(ValueError):
        X.ref_xuzhou_score([0] * 33, win_tile=0, f=1)
    with pytest.raises(TypeError):
        X.ref_xuzhou_score(PLAIN, win_tile=4)                  # f missing
    with pytest.raises(TypeError):
        X.ref_xuzhou_score(PLAIN, f=27)                        # win_tile missing
    with pytest.raises(ValueError):
        X.ref_xuzhou_waits(PLAIN, f=27)                        # 14 tiles to waits


def test_melded_peier_is_no_win():
    # f = 白: a pon of 白 is a melded 配兒 -> not a win, even though 11m 456m 789p 123s... completes.
    assert sc("11m456m789p123s", "5m", "7z", melds=[("pon", "7z")]) == LOSS
    assert sc("11m456m789p123s", "5m", "7z", melds=[("pon", "5z")]) == WIN(PH)
    assert X.ref_xuzhou_waits("11m456m789p13s", [("ankan", 33)], f=33) == set()


# =============================================================================================
# Waits
# =============================================================================================
def test_waits_by_hand():
    # 11m 456m 123p 789p + 3s 5s, f = 东: 4s closes 345s as its middle (rank 4).  Self-drawn, the
    # 配兒 东 may stand for that 4s; the 白 plays 东 (an honor, never a 夾 middle).
    h = "11m456m123p789p35s"
    assert waits(h, EAST, self_drawn=True) == {"4s", "1z"}
    assert waits(h, EAST, self_drawn=False) == {"4s"}
    assert waits(h, EAST, self_drawn=True, peier_jia=False) == {"4s"}
    # 34s instead: 2s / 5s close 234s / 345s at an end only, and a 配兒 cannot be the middle -> none.
    assert waits("11m456m123p789p34s", EAST, self_drawn=True) == set()
    # 12s instead: 3s closes 123s as its high end -> none; with jia_rank_range (1, 9) still none.
    assert waits("11m456m123p789p12s", EAST, self_drawn=True, jia_rank_range=(1, 9)) == set()
    # 13s: 2s is the middle of 123s at rank 2: only with the wider range.
    assert waits("11m456m123p789p13s", EAST) == set()
    assert waits("11m456m123p789p13s", EAST, jia_rank_range=(2, 8)) == {"2s", "1z"}
    # waits skip tiles held four times physically: 44 5555 66m 11p 789p + a fifth 5m would read
    # 456m 456m 555m (5m in the middle), but there is no fifth 5m.
    assert "5m" not in waits("445555m66m11p789p", EAST)
    with pytest.raises(ValueError, match="physical"):
        sc("4455555m66m11p789p", "5m", EAST)


def test_waits_agree_with_score():
    rng = random.Random(7)
    for hand13, melds, self_drawn, f in G.random_xuzhou_waiting(rng, 120):
        opts = G.random_xuzhou_options(rng)
        got = X.ref_xuzhou_waits(hand13, melds, self_drawn, f=f, **opts)
        phys = list(hand13)
        for kind, t in melds:
            for v in X.meld_tiles(kind, t):
                phys[33 if (v == f and f != 33) else v] += 1
        expected = set()
        for t in range(34):
            if phys[t] >= 4 or (t == f and not self_drawn):
                continue
            h = list(hand13)
            h[t] += 1
            if X.ref_xuzhou_score(h, melds, t, self_drawn, f=f, **opts)[0]:
                expected.add(t)
        assert got == expected, (X.to_str(hand13), melds, self_drawn, f, opts)


# =============================================================================================
# Independent brute force
# =============================================================================================
def _brute_forms(c, melds, win, self_drawn, f, jia=(4, 8), peier_jia=True, allow_fifth=True):
    """Every joker one at a time over its domain (itertools.product), the winning joker named; the
    forms decided by tests/reference.py's own routines."""
    k = len(melds)
    if f == 33 and any(33 in X.meld_tiles(kd, t) for kd, t in melds):
        return set()
    forms = set()
    if c[f] == 4:
        forms.add(PP)
    meld_play = [0] * 34
    for kd, t in melds:
        for v in X.meld_tiles(kd, t):
            meld_play[v] += 1
    base = [0] * 34
    for t in range(34):
        if t != f:
            base[f if (t == 33 and f != 33) else t] += c[t]
    domain = range(34) if f == 33 else range(33)
    luan_sets = [set(ks) | set(range(27, 33)) for ks in REF.KNITTED_STRAIGHTS]
    for vals in itertools.product(domain, repeat=c[f]):
        conc = list(base)
        for v in vals:
            conc[v] += 1
        if not allow_fifth and any(conc[i] + meld_play[i] > 4 for i in range(34)):
            continue
        if k == 0 and REF._seven_pairs_complete(conc, True):
            forms.add(QD)
        if k == 0 and max(conc) == 1 and any(all(conc[i] == 0 or i in s for i in range(34)) for s in luan_sets):
            forms.add(LP)
        if win == f:
            ws = list(vals) if (self_drawn and peier_jia) else []      # the winning joker is vals[i]
        else:
            ws = [f if (win == 33 and f != 33) else win]
        for w in ws:
            if w >= 27 or not (jia[0] <= w % 9 + 1 <= jia[1]) or w % 9 in (0, 8):
                continue
            rest = list(conc)
            for x in (w - 1, w, w + 1):
                rest[x] -= 1
            if min(rest) >= 0 and REF._std_complete(rest, 4 - k - 1, 1):
                forms.add(PH)
    return forms


def test_sweep_against_brute_force():
    rng = random.Random(2024)
    n = n3 = 0
    seen = set()
    while n < 260:
        (c, melds, win, self_drawn, f), motif = G.make_case(rng)
        if c[f] > 3 or (c[f] == 3 and n3 >= 6):
            continue                       # the product over 33^3 is slow: six three-joker hands
        n3 += c[f] == 3
        opts = G.random_xuzhou_options(rng)
        opts.pop("tianhu", None)
        got = X.ref_xuzhou_score(c, melds, win, self_drawn, f=f, **opts)
        exp = _brute_forms(c, melds, win, self_drawn, f, opts.get("jia_rank_range", (4, 8)),
                           opts.get("peier_jia", True), opts.get("allow_fifth_copy", True))
        assert got[2] == exp, (motif, X.to_str(c), melds, X.tile_name(win), self_drawn, X.tile_name(f), opts)
        assert got[0] == bool(exp) and got[1] == (1 if exp else 0)
        seen |= exp
        seen.add(got[0])
        n += 1
    assert seen == {PH, QD, LP, True, False}       # 跑配成牌 (4 jokers, 33^4 values): see the flat check


def test_block_enumeration_equals_flat():
    rng = random.Random(99)
    done = {0: 0, 1: 0, 2: 0, 3: 0, 4: 0}
    quota = {0: 40, 1: 40, 2: 40, 3: 12, 4: 3}
    while any(done[j] < quota[j] for j in done):
        (c, melds, win, self_drawn, f), _ = G.make_case(rng)
        j = c[f]
        if done[j] >= quota[j]:
            continue
        done[j] += 1
        cc, ff, ms, mp, _, mpe = X._prepare(c, melds, f, 14)
        for peier_jia, fifth in ((True, True), (False, False)):
            a = X._evaluate(cc, ff, ms, mp, mpe, win, (4, 8), peier_jia, fifth, True)
            b = X._evaluate_flat(cc, ff, ms, mp, mpe, win, (4, 8), peier_jia, fifth, True)
            assert set(a) == set(b), (X.to_str(c), melds, win, f)


def test_option_properties():
    rng = random.Random(5)
    for (c, melds, win, self_drawn, f) in G.random_xuzhou_hands(rng, 400):
        base = X.ref_xuzhou_score(c, melds, win, self_drawn, f=f)
        wide = X.ref_xuzhou_score(c, melds, win, self_drawn, f=f, jia_rank_range=(1, 9))
        narrow = X.ref_xuzhou_score(c, melds, win, self_drawn, f=f, jia_rank_range=(5, 6))
        assert narrow[2] <= base[2] <= wide[2]
        assert X.ref_xuzhou_score(c, melds, win, self_drawn, f=f, peier_jia=False)[2] <= base[2]
        assert X.ref_xuzhou_score(c, melds, win, self_drawn, f=f, allow_fifth_copy=False)[2] <= base[2]
        th = X.ref_xuzhou_score(c, melds, win, self_drawn, f=f, tianhu=True)
        assert th == ((True, 2, base[2]) if base[0] else LOSS)
        assert (PP in base[2]) == (c[f] == 4 and not (f == 33 and any(t == 33 for _, t in melds)))
        if melds:
            assert not base[2] & {QD, LP}
        if win == f and not base[2] - {PH}:
            assert not X.ref_xuzhou_score(c, melds, win, self_drawn, f=f, peier_jia=False)[0]


# =============================================================================================
# Generator and speed
# =============================================================================================
def test_generator_cases_are_valid_and_mixed():
    rng = random.Random(11)
    motifs, forms, jokers, n_melds, fs, wins = set(), set(), set(), set(), set(), set()
    for _ in range(600):
        (c, melds, win, self_drawn, f), motif = G.make_case(rng)
        assert len(c) == 34 and sum(c) == 14 - 3 * len(melds) and c[win] > 0
        assert self_drawn or win != f
        phys = list(c)
        for kind, t in melds:
            for v in X.meld_tiles(kind, t):
                assert v != 33 or f == 33
                phys[33 if (v == f and f != 33) else v] += 1
        assert max(phys) <= 4
        r = X.ref_xuzhou_score(c, melds, win, self_drawn, f=f)      # no ValueError
        motifs.add(motif)
        forms |= r[2]
        wins.add(r[0])
        jokers.add(c[f])
        n_melds.add(len(melds))
        fs.add(f == 33)
    assert motifs == set(G.MOTIFS) and forms == {PH, QD, LP, PP} and wins == {True, False}
    assert jokers == {0, 1, 2, 3, 4} and n_melds == {0, 1, 2} and fs == {True, False}
    rng = random.Random(12)
    sizes, any_waits = set(), set()
    for hand13, melds, self_drawn, f in G.random_xuzhou_waiting(rng, 150):
        assert sum(hand13) == 13 - 3 * len(melds)
        sizes.add(len(melds))
        any_waits.add(bool(X.ref_xuzhou_waits(hand13, melds, self_drawn, f=f)))
    assert sizes == {0, 1, 2} and any_waits == {True, False}


def test_generator_is_deterministic():
    a = list(G.random_xuzhou_hands(random.Random(3), 50))
    b = list(G.random_xuzhou_hands(random.Random(3), 50))
    assert a == b


@pytest.mark.parametrize("hand,win,f,self_drawn", [
    ("159m159p19s12z2222m", "1z", "2m", False),     # 4 jokers, 平胡 / 七對 / 亂牌 all searched in vain
    ("159m159p19s12z2222m", "2m", "2m", True),
    ("19m19p19s12347777z", "1m", "7z", False),     # f = 白: 34-kind jokers
    ("15m9p19s12345z2222m", "1z", "2m", False),
])
def test_worst_hands_are_fast(hand, win, f, self_drawn):
    X._block_info.cache_clear()
    X._block_decomps.cache_clear()
    X._block_flags.cache_clear()
    got = []
    took = seconds_without_gc(lambda: got.append(sc(hand, win, f, self_drawn=self_drawn)))
    assert took < 2.0, took                     # milliseconds; a blow-up would take minutes
    r = got[0]
    assert PP in r[2]
