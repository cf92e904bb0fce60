"""The regional rule engine (``guangdong_tuidao``, ``guangdong_jipinghu``, ``qingyuan``, ``tianjin``,
``hangzhou``, ``wenzhou``, ``fuzhou`` through :func:`mjpy.rules.get`) against the slow plain reference
tests/reference_regional.py, on seeded random cases from tests/regional_gen.py.  Wenzhou is a
16-tile game: its complete hands are 17 tiles counting 3 per meld (up to 5 melds), its waiting
hands 16.

* ``score``: every case scored by both; ``is_win`` equal; for a win the total equal, the fans
  equal as a multiset (or, where several readings reach the best total, the fans of one of them),
  and, if the engine's ``reading`` / ``detail`` says how many jokers were substitutes, that number
  equal to the reference's best reading (the fewest substitutes among the highest totals,
  docs/rules.md#jokers); for a refusal a one-line ``reason``.  A hand holding tiles outside the
  rule set's tile set (a 万 in 清远) is refused by the reference; the engine may refuse it too or
  reject it as bad input with a one-line ValueError.
* ``waits``: hands one tile short, the winning tiles and their results.  ``self_drawn=True`` is
  passed on as is; otherwise it is left out (the engine's default) and compared with the
  reference's ``self_drawn=None`` (the better of a self-draw and a discard win where the rule set
  has discard wins).  An exhausted wait (all four copies held) may be listed or not
  (docs/rules.md#waits); a listed one must agree with the reference.
* ``score_batch``: equal to the scalar ``score`` (``-1`` where not a win) and to the reference,
  with ``workers=1`` and ``2``; one bound rule set and one joker set per call, given as a list of
  kinds (``joker_tiles=[...]``) or as ``indicator=`` (Hangzhou and Wenzhou: the kinds, or the
  bound option ``caishen``; Fuzhou: the kinds or the bound option ``gold``).  Hangzhou's
  ``caipiao`` is passed as ``context={"caipiao": n}`` and Fuzhou's 抢金 as
  ``context={"qiangjin": 1}`` (score and waits; only when not 0).
* the options: every scoring option of the reference, with its default; inconsistent flags are
  a ValueError on both sides.
* the generators themselves (valid hands, every table row and refusal reached per the reference).

Sizes: ``N_SCORE`` cases per rule set (``N_SCORE_SLOW`` under ``-m slow``), ``N_WAITS`` waiting
hands, ``N_BATCH`` rows per batch configuration.
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

import numpy as np
import pytest

from mjpy import Meld, rules

import reference_regional as R
import regional_gen as G

RULES = R.RULES
N_SCORE = 2000
N_SCORE_SLOW = 20000
N_WAITS = 300
N_WAITS_SLOW = 3000
N_ONE_JOKER, SEED_ONE_JOKER = 400, 17
N_BATCH = 120                 # rows per configuration of regional_gen.BATCH_CONFIGS
JOKER_KW = "joker_tiles"      # the engine's keyword for the joker kinds (or indicator=)
WIND = "ESWN"
MAX_SHOWN = 8                 # mismatches printed in a failure


# --------------------------------------------------------------------------------------------
# Calling both sides
# --------------------------------------------------------------------------------------------
def meld_obj(kind, t):
    if kind == "chi":
        return Meld("chi", [t, t + 1, t + 2])
    return Meld(kind, [t] * (3 if kind == "pon" else 4))


@functools.lru_cache(maxsize=None)
def _bound(rule, opts_key):
    return rules.get(rule, **dict(opts_key))


def ruleset(case):
    return _bound(case.rule, tuple(sorted(case.options.items())))


def joker_kw(case, as_names=True):
    """The engine's joker keyword of a case: the flipped ``indicator`` or the joker kinds."""
    if not case.joker_kinds or "caishen" in case.options or "gold" in case.options:   # bound as an option
        return {}
    if case.pass_indicator:
        return {"indicator": R.name(case.indicator)}
    kinds = list(case.joker_kinds)
    return {JOKER_KW: [R.name(t) for t in kinds] if as_names else kinds}


def engine_flags(case):
    f = case.flags
    kw = {k: bool(f.get(k, False)) for k in ("self_drawn", "after_kong", "robbing_kong", "last_tile",
                                            "tianhu", "dihu", "dealer")}
    kw["seat_wind"] = WIND[f.get("seat_wind", 0)]
    kw["round_wind"] = WIND[f.get("round_wind", 0)]
    if f.get("triple_ron"):
        kw["triple_ron"] = True
    kw.update(engine_context(case))
    return kw


def engine_context(case):
    """Hangzhou's ``context={"caipiao": n}`` and Fuzhou's ``context={"qiangjin": n}``, only when n
    is not 0."""
    for key in ("caipiao", "qiangjin"):
        n = case.flags.get(key, 0)
        if n:
            return {"context": {key: n}}
    return {}


def engine_score(case):
    hand = np.array(case.counts, np.uint8)
    return ruleset(case).score(hand, melds=[meld_obj(k, t) for k, t in case.melds], win_tile=case.win,
                               **engine_flags(case), **joker_kw(case))


def ref_score(case):
    return R.score(case.rule, case.counts, case.melds, case.win, **case.ref_kwargs())


def fanset(fans):
    return tuple(sorted((str(n), Fraction(v)) for n, v in fans))


def engine_n_sub(r):
    """The number of jokers used as substitutes in the engine's best reading, if it says
    (``n_substitutes`` / ``substitutes``, an int, in ``reading`` or ``detail``)."""
    for obj in (r.reading, r.detail):
        for key in ("n_substitutes", "substitutes"):
            v = obj.get(key) if isinstance(obj, Mapping) else getattr(obj, key, None)
            if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
                return int(v)
    return None


def best_readings(case):
    """{(fanset, n_substitutes)} of every reading of the case that reaches the best total."""
    o = R.options_for(case.rule, case.options)
    f = case.flags
    ctx = R.Context(self_drawn=bool(f.get("self_drawn")), after_kong=bool(f.get("after_kong")),
                    robbing_kong=bool(f.get("robbing_kong")), last_tile=bool(f.get("last_tile")),
                    tianhu=bool(f.get("tianhu")), dihu=bool(f.get("dihu")), seat_wind=f.get("seat_wind", 0),
                    round_wind=f.get("round_wind", 0), dealer=bool(f.get("dealer")),
                    triple_ron=bool(f.get("triple_ron")), caipiao=f.get("caipiao", 0),
                    qiangjin=f.get("qiangjin", 0))
    jk = tuple(sorted(case.joker_kinds))
    jopt = R.JOKER_OPTION.get(case.rule)
    if jopt is not None and jopt in case.options:
        jk = o[jopt]
    scored = []
    for rd in R.all_readings(case.rule, list(case.counts), list(case.melds), case.win, jk, o):
        v = R.view(rd, case.melds, set(jk))
        fans, total, _, _ = R.score_reading(case.rule, rd, case.counts, case.melds, case.win, jk, ctx, o, v)
        scored.append((Fraction(total), fanset(fans), v.n_sub))
    best = max(t for t, _, _ in scored)
    return {(fs, n) for t, fs, n in scored if t == best}


def engine_fans(case, r):
    """The engine's rows of a win: ``fans`` and, for Hangzhou and Wenzhou, the rows of their product
    group (暴头, 财飘, 连续财飘, 杠开; 硬八對, 三財神, 天胡, 地胡, 單吊, 硬牌, 軟牌) where the engine
    lists them (``detail["factors"]``); the reference lists every row that holds in ``fans``."""
    fans = [tuple(f) for f in r.fans]
    if case.rule in ("hangzhou", "wenzhou"):
        detail = r.detail if isinstance(r.detail, Mapping) else {}
        fans += [tuple(f) for f in detail.get("factors", ()) if tuple(f) not in fans]
    return fans


def compare(case, r, ref):
    """'' when the engine's result ``r`` agrees with the reference's ``ref``, else what differs."""
    if bool(r.is_win) != ref.is_win:
        return f"is_win {r.is_win} (reason {r.reason!r}), reference {ref.is_win} ({ref.reason!r}, {ref.fans})"
    if not ref.is_win:
        if not isinstance(r.reason, str) or not r.reason.strip() or "\n" in r.reason:
            return f"refused without a one-line reason: {r.reason!r} (reference: {ref.reason!r})"
        return ""
    if Fraction(r.total) != Fraction(ref.total):
        return f"total {r.total} {engine_fans(case, r)}, reference {ref.total} {ref.fans} {ref.reading}"
    got = fanset(engine_fans(case, r))
    n_sub = engine_n_sub(r)
    if got != fanset(ref.fans):
        alts = best_readings(case)
        if got not in {fs for fs, _ in alts}:
            return f"fans {engine_fans(case, r)}, reference {ref.fans} (best-total readings: {sorted(alts)})"
    if n_sub is not None and n_sub != ref.extra["n_substitutes"]:
        return f"{n_sub} jokers as substitutes, reference {ref.extra['n_substitutes']} ({ref.reading})"
    return ""


#: Reference refusals for tiles outside the rule set's tile set (a 万 in 清远, an honor in 推倒胡
#: 不带风): the engine may refuse the hand or reject it as bad input (a one-line ValueError).
TILE_SET_REFUSALS = ("tiles are not used", "tiles outside the rule set's tile set")


def outside_tile_set(case):
    kinds = set(R.tile_set(case.rule, case.options.get("with_honors", True)))
    return any(n and t not in kinds for t, n in enumerate(G.held_counts(case.counts, case.melds)))


def bad_input_ok(case, exc):
    """A ValueError is a fine answer only for a hand holding tiles outside the tile set."""
    return (isinstance(exc, ValueError) and outside_tile_set(case) and str(exc).strip()
            and "\n" not in str(exc).strip())


def _fail_on(bad, n, what):
    if bad:
        shown = "\n".join(f"  {c.describe()}\n    -> {msg}" for c, msg in bad[:MAX_SHOWN])
        n_bad = len({id(c) for c, _ in bad})
        pytest.fail(f"{len(bad)} differences in {n_bad} of {n} {what}:\n{shown}", pytrace=False)


# --------------------------------------------------------------------------------------------
# Reference side, shared by the generator self-check and the engine comparison
# --------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def reference_cases(rule, n, seed):
    """[(case, reference result)] of ``regional_gen.cases(rule, n, seed)``."""
    return tuple((c, ref_score(c)) for c in G.cases(rule, n, seed))


#: Fans and refusals the default-size case list must reach (per the reference).
WANT_FANS = {
    "guangdong_tuidao": {"小胡", "碰碰胡", "清一色", "将一色", "风一色", "杠上花", "海底捞", "抢杠", "全求人", "七对"},
    "guangdong_jipinghu": {"雞和", "平和", "碰碰和", "混一色", "清一色", "混碰", "清碰", "混么九", "小三元", "小四喜",
                           "字一色", "清么九", "大三元", "大四喜", "九蓮寶燈", "十三麼", "自摸", "風位", "風圈", "三元牌",
                           "七对", "天和", "人和"},
    "qingyuan": {"雞糊", "對對糊", "清一色", "清一色全對", "壹玖全對", "全字全對", "七对"},
    "tianjin": {"一条龙", "本绘龙", "捉五魁", "无绘", "混吊", "双混吊", "双绘捉五", "七对"},
    "hangzhou": {"平胡", "七对", "豪华七对", "两豪华七对", "三豪华七对", "暴头", "财飘", "连续财飘", "杠开"},
    "wenzhou": {"平胡", "硬八對", "三財神", "天胡", "地胡", "單吊", "硬牌", "軟牌"},
    "fuzhou": {"自摸", "平胡", "抢金", "天和", "用金"},
}
WANT_REFUSALS = {
    "guangdong_tuidao": ("not a complete hand", "self-drawn wins only", "pass qidui=", "pass quanqiuren=",
                         "chi is not allowed", "honor tiles are not used"),
    "guangdong_jipinghu": ("not a complete hand", "pass qidui=", "pass tianhe_fan=", "pass renhe_fan="),
    "qingyuan": ("not a complete hand", "self-drawn wins only", "pass qidui=", "万 tiles are not used",
                 "no win by robbing a kong"),
    "tianjin": ("not a complete hand", "self-drawn wins only", "pass qidui=", "pass hundiao=",
                "pass shuanghundiao=", "pass shuanghui_zhuowu=", "cannot be ponged", "no win by robbing a kong"),
    "hangzhou": ("not a complete hand", "pass gangkai=", "a 财神 cannot be melded"),
    "wenzhou": ("not a complete hand", "a 財神 cannot be melded", "all pungs is not a listed shape"),
    "fuzhou": ("not a complete hand", "a 金 cannot be melded", "pass zimo=", "pass pinghu=", "pass qiangjin=",
               "pass jin="),
}


@pytest.mark.parametrize("rule", RULES)
def test_generators_produce_valid_hands(rule):
    pairs = reference_cases(rule, N_SCORE, 0)
    assert len(pairs) == N_SCORE
    for c, _ in pairs:
        G.check_case(c)
    assert G.cases(rule, 50, 0) == [c for c, _ in pairs[:50]]              # deterministic
    assert G.cases(rule, 50, 1) != [c for c, _ in pairs[:50]]
    wins = [ref for _, ref in pairs if ref.is_win]
    assert 0.55 * N_SCORE <= len(wins) <= 0.9 * N_SCORE, len(wins)
    seen = {n for ref in wins for n, _ in ref.fans}
    assert WANT_FANS[rule] <= seen, WANT_FANS[rule] - seen
    reasons = [ref.reason for _, ref in pairs if not ref.is_win]
    for want in WANT_REFUSALS[rule]:
        assert any(want in x for x in reasons), (want, Counter(reasons).most_common(12))
    melds = Counter(len(c.melds) for c, _ in pairs)
    assert all(melds[k] >= N_SCORE // 100 for k in range(G.n_sets(rule) + 1)), melds
    assert G.hand_size(rule) == (17 if rule == "wenzhou" else 14)
    assert all(sum(c.counts) + 3 * len(c.melds) == G.hand_size(rule) for c, _ in pairs)
    kinds = Counter(k for c, _ in pairs for k, _ in c.melds)
    assert set(kinds) == ({"pon", "minkan", "kakan", "ankan"} | ({"chi"} if rule in ("guangdong_tuidao",
                                                                                     "guangdong_jipinghu",
                                                                                     "hangzhou", "wenzhou",
                                                                                     "fuzhou")
                                                                 else set()))
    assert sum(not any(t for t in c.flags if t not in ("seat_wind", "round_wind", "self_drawn", "dealer"))
               for c, _ in pairs) > N_SCORE // 2          # mostly plain wins, some situational flags
    if rule in ("guangdong_tuidao", "tianjin", "hangzhou", "wenzhou", "fuzhou"):
        nj = Counter(sum(c.counts[j] for j in c.joker_kinds) for c, _ in pairs if c.joker_kinds)
        assert all(nj[k] >= N_SCORE // 100 for k in range(5)), nj
        subs = Counter(ref.extra["n_substitutes"] for ref in wins)
        assert all(subs[k] for k in range(4)), subs
        if rule in R.JOKER_OPTION:   # no indicator: the kinds per call, or bound as the option caishen / gold
            jopt = R.JOKER_OPTION[rule]
            assert all(c.joker_kinds and not c.pass_indicator for c, _ in pairs)
            assert Counter(len(c.joker_kinds) for c, _ in pairs).keys() == {1, 2}
            assert any(jopt in c.options for c, _ in pairs) and any(jopt not in c.options for c, _ in pairs)
            if rule == "hangzhou":
                caipiao = Counter(c.flags.get("caipiao", 0) for c, _ in pairs)
                assert all(caipiao[k] >= N_SCORE // 50 for k in range(3)), caipiao
            if rule == "wenzhou":         # the readings: five sets and a pair, 硬八對, 三財神 (any shape)
                forms = Counter(ref.reading["form"] for ref in wins)
                assert all(forms[f] >= N_SCORE // 50 for f in ("standard", "eight_pairs", "three_caishen")), forms
                dandiao = [("單吊" in dict(ref.fans)) == all(k != "ankan" for k, _ in c.melds)
                           for c, ref in pairs if ref.is_win and len(c.melds) == 5]
                assert len(dandiao) >= N_SCORE // 50 and all(dandiao)
                # 硬八對 shapes holding a 財神 occur and never score 硬八對
                held = [ref for c, ref in pairs
                        if c.motif.startswith("eight_pairs") and any(c.counts[j] for j in c.joker_kinds)]
                assert len(held) >= N_SCORE // 200 and not any("硬八對" in dict(ref.fans) for ref in held)
            if rule == "fuzhou":
                # 抢金 (context 1) mostly won on a 金 tile; both row values 0 and missing occur
                qj = [c for c, _ in pairs if c.flags.get("qiangjin")]
                assert len(qj) >= N_SCORE // 10 and sum(c.win in c.joker_kinds for c in qj) > len(qj) // 2
                zero = Counter(n for ref in wins for n, v in ref.fans if v == 0)
                assert {"自摸", "平胡", "抢金", "用金"} <= set(zero), zero
                # a 金 pon is refused only with allow_discard_gold=False
                gold_pons = [(c, ref) for c, ref in pairs if any(k != "chi" and k != "ankan" and t in c.joker_kinds
                                                                 for k, t in c.melds)]
                assert any(c.options.get("allow_discard_gold") and ref.is_win for c, ref in gold_pons)
                assert all(("a 金 cannot be melded" in ref.reason) != bool(c.options.get("allow_discard_gold"))
                           for c, ref in gold_pons)
        else:
            assert any(c.pass_indicator for c, _ in pairs) and any(c.joker_kinds and not c.pass_indicator
                                                                   for c, _ in pairs)
    else:
        assert not any(c.joker_kinds for c, _ in pairs)
    # the helper behind the tie tolerance of compare() finds the reference's own best reading
    for c, ref in [x for x in pairs if x[1].is_win][:300]:
        alts = best_readings(c)
        assert (fanset(ref.fans), ref.extra["n_substitutes"]) in alts, c.describe()
        assert ref.extra["n_substitutes"] == min(n for _, n in alts), c.describe()
    # waiting hands: valid, and most of them wait on something per the reference
    ws = G.waiting_cases(rule, 40, 0)
    for c in ws:
        G.check_case(c)
    waiting = sum(bool(R.waits(rule, c.counts, c.melds, **c.ref_kwargs())) for c in ws)
    assert waiting >= 20, waiting
    # batch configurations: the options and jokers they name are valid for the reference
    for opts, jk, ind, cs in G.batch_cases(rule, 10, 0):
        assert all(c.options == opts and c.joker_kinds == jk and c.indicator == ind for c in cs)
        for c in cs:
            G.check_case(c)
            ref_score(c)


# --------------------------------------------------------------------------------------------
# score
# --------------------------------------------------------------------------------------------
def _check_score(rule, n, seed):
    rules.get(rule)                      # fails at once (not per case) if the rule set is missing
    pairs = reference_cases(rule, n, seed)
    bad = []
    for case, ref in pairs:
        try:
            r = engine_score(case)
        except Exception as e:          # noqa: BLE001 - every case is reported, not only the first
            if not (bad_input_ok(case, e) and any(x in ref.reason for x in TILE_SET_REFUSALS)):
                bad.append((case, f"raised {type(e).__name__}: {e}"))
            continue
        msg = compare(case, r, ref)
        if msg:
            bad.append((case, msg))
    _fail_on(bad, len(pairs), f"{rule} score() cases")


@pytest.mark.parametrize("rule", RULES)
def test_score_matches_reference(rule):
    _check_score(rule, N_SCORE, 0)


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
def test_score_matches_reference_slow(rule):
    _check_score(rule, N_SCORE_SLOW, 1)


# --------------------------------------------------------------------------------------------
# waits
# --------------------------------------------------------------------------------------------
def _check_waits(rule, n, seed):
    rules.get(rule)
    ws = G.waiting_cases(rule, n, seed)
    bad = []
    for case in ws:
        # self_drawn=True: self-drawn wins only; not given: the better of a self-draw and (where the
        # rule set allows one) a discard win, self-drawn on a tie (the reference's self_drawn=None)
        drawn = bool(case.flags.get("self_drawn"))
        ref_kw = dict(case.ref_kwargs(), self_drawn=True if drawn else None)
        refused = {}
        ref = R.waits(rule, case.counts, case.melds, refused=refused, **ref_kw)
        held = G.held_counts(case.counts, case.melds)
        exhausted = {t for t in range(34) if held[t] >= 4}
        kw = {k: v for k, v in engine_flags(case).items() if k in ("seat_wind", "round_wind", "dealer", "context")}
        if drawn:
            kw["self_drawn"] = True
        rs = ruleset(case)
        # a tile some situation of which needs a value not given refuses the hand, naming every such value (the
        # tiles the engine tries: a wait on a kind held four times only where the rule set counts it, never with
        # jokers)
        jkw = joker_kw(case)
        counted = rs.spec.exhausted_waits(rs.options) and not (
            rs._jokers_cached(jkw)[0] if jkw or rs._default_jokers else ())
        tiles = [R.name(t) for t in sorted(refused) if t not in exhausted or counted]
        missing = sorted(set().union(*(v for t, v in refused.items() if t not in exhausted or counted)))
        try:
            got = rs.waits(np.array(case.counts, np.uint8), melds=[meld_obj(k, t) for k, t in case.melds],
                           **kw, **jkw)
        except Exception as e:          # noqa: BLE001
            if missing and isinstance(e, ValueError) and str(e) == (
                    f"{rule}: winning on {', '.join(tiles[:3])}{f' and {len(tiles) - 3} more' if len(tiles) > 3 else ''}"
                    ": a reading scores a row whose value the regional sources do not give (docs/rules.md#missing): "
                    + ", ".join(f"pass {m}=..." for m in missing)):
                continue
            if not (bad_input_ok(case, e) and not ref):
                bad.append((case, f"raised {type(e).__name__}: {e}"))
            continue
        if missing:
            bad.append((case, f"waits listed, the reference refuses the hand for {missing}"))
            continue
        got = {R.tile(k): v for k, v in got.items()}
        wins = {t for t, r in got.items() if r.is_win}
        # an exhausted wait (all four copies held) may be listed or not (docs/rules.md#waits)
        if wins - exhausted != set(ref) - exhausted or not wins & exhausted <= set(ref):
            bad.append((case, f"waits {sorted(R.name(t) for t in wins)}, reference {sorted(R.name(t) for t in ref)}"))
            continue
        for t, r in got.items():
            one = G.Case(rule, list(case.counts), case.melds, t, case.joker_kinds, case.indicator,
                         case.pass_indicator, dict(case.flags), case.options, case.motif)
            one.counts[t] += 1
            if t in ref:
                one.flags["self_drawn"] = ref[t].extra["self_drawn"]
                msg = compare(one, r, ref[t])
            elif r.is_win:
                msg = "a win the reference does not list"
            else:                      # listed as a refused win: the reference must refuse it too
                modes = (True,) if drawn else (True, False)
                msg = "" if t in exhausted or not any(R.score(rule, one.counts, one.melds, t, **dict(
                    one.ref_kwargs(), self_drawn=sd)).is_win for sd in modes) else f"refused: {r.reason!r}"
            if msg:
                bad.append((case, f"{R.name(t)}: {msg}"))
    _fail_on(bad, len(ws), f"{rule} waiting hands")


@pytest.mark.parametrize("rule", RULES)
def test_waits_match_reference(rule):
    _check_waits(rule, N_WAITS, 0)


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
def test_waits_match_reference_slow(rule):
    _check_waits(rule, N_WAITS_SLOW, 1)


JOKER_RULES = [r for r in RULES if r not in ("guangdong_jipinghu", "qingyuan")]
N_JOKERS, SEED_JOKERS = 600, 23


def _waits_as_score(rule, cases, n_jokers):
    """Check each wait of the ``cases`` holding ``n_jokers`` (a range) joker tiles: its result (total, fans,
    reading, detail, form) is the one ``score`` gives the hand with that tile, the better situation kept
    (self-drawn on a tie). Returns the tiles checked: ``(all, those the engine may trade)``: with one joker, a kind
    no tile of which is held nor one within two ranks of its suit; with more, an honour no tile of which is held
    whose kind just below is such an honour and wins too (winds and dragons apart)."""
    n_all = n_free = 0
    for case in cases:
        rs, kw = ruleset(case), joker_kw(case)
        jk = rs._jokers_cached(kw)[0] if kw or rs._default_jokers else ()
        held_jokers = sum(case.counts[j] for j in jk)
        if held_jokers not in n_jokers:
            continue
        kw.update({k: v for k, v in engine_flags(case).items() if k in ("seat_wind", "round_wind", "dealer", "context")})
        melds = [meld_obj(k, t) for k, t in case.melds]
        try:
            got = rs.waits(np.array(case.counts, np.uint8), melds, **kw)
        except ValueError:
            continue
        held = G.held_counts(case.counts, case.melds)
        free = [not held[u] and u not in jk for u in range(34)]
        wins = {R.tile(name) for name in got}
        for name, r in got.items():
            t = R.tile(name)
            hand = np.array(case.counts, np.uint8)
            hand[t] += 1
            best = None
            for sd in (True, False) if rs.spec.discard_wins(rs.options) else (True,):
                s = rs.score(hand, melds, win_tile=t, self_drawn=sd, **kw)
                if s.is_win and (best is None or s.total > best.total):
                    best = s
            assert best is not None, (case.describe(), name)
            assert (r.total, r.fans, r.reading, r.detail, r.form) == (
                best.total, best.fans, best.reading, best.detail, best.form), (case.describe(), name)
            n_all += 1
            if held_jokers == 1:
                n_free += free[t] and all(not held[u] for u in range(34) if u // 9 == t // 9 < 3 and abs(u - t) <= 2)
            else:
                n_free += t >= 28 and t != 31 and free[t] and free[t - 1] and t - 1 in wins
    return n_all, n_free


@pytest.mark.parametrize("rule", JOKER_RULES)
def test_waits_one_joker_as_score(rule):
    """A waiting hand holding one joker tile: each wait's result is the one ``score`` gives
    (:func:`_waits_as_score`). The engine scores the kinds that can only pair with the joker once per class
    and trades the kinds' names for the others (``alike_tiles``): this checks the trade, reading included,
    against a search of each."""
    cases = G.waiting_cases(rule, N_ONE_JOKER, seed=SEED_ONE_JOKER)
    n_all, n_free = _waits_as_score(rule, cases, range(1, 2))
    assert n_free > 100, (n_all, n_free)


@pytest.mark.parametrize("rule", JOKER_RULES)
def test_waits_several_jokers_as_score(rule):
    """The same with two to four joker tiles held, where an honour no tile of which is held takes the results
    of the honour just below it (``alike_tiles``): the trade must keep the reading the search of that tile
    shows, its groups of jokers alone included."""
    cases = G.waiting_cases(rule, N_JOKERS, seed=SEED_JOKERS, max_jokers=4)
    n_all, n_free = _waits_as_score(rule, cases, range(2, 5))
    assert n_all > 2000 and n_free > 100, (n_all, n_free)


# --------------------------------------------------------------------------------------------
# score_batch
# --------------------------------------------------------------------------------------------
#: The per-row flags each rule set's score_batch is given (those its scoring reads).
BATCH_FLAGS = {
    "guangdong_tuidao": ("after_kong", "robbing_kong", "last_tile"),
    "guangdong_jipinghu": ("after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer", "triple_ron",
                           "seat_wind", "round_wind"),
    "qingyuan": ("robbing_kong",),
    "tianjin": ("robbing_kong",),
    "hangzhou": ("after_kong", "robbing_kong"),
    "wenzhou": ("after_kong", "robbing_kong", "tianhu", "dihu", "dealer"),
    "fuzhou": ("after_kong", "robbing_kong", "tianhu", "dihu", "dealer"),
}


@pytest.mark.parametrize("rule", RULES)
def test_score_batch_matches_score(rule):
    rules.get(rule)
    for i, (opts, jk, ind, cs) in enumerate(G.batch_cases(rule, N_BATCH, 0)):
        rs = rules.get(rule, **opts)
        hands = np.array([c.counts for c in cs], np.uint8)
        wins = np.array([c.win for c in cs], np.int64)
        melds = [[meld_obj(k, t) for k, t in c.melds] for c in cs]
        kw = {"self_drawn": np.array([bool(c.flags.get("self_drawn")) for c in cs])}
        for name in BATCH_FLAGS[rule]:
            if name in ("seat_wind", "round_wind"):
                kw[name] = np.array([c.flags.get(name, 0) for c in cs], np.int64)
            else:
                kw[name] = np.array([bool(c.flags.get(name)) for c in cs])
        if ind is not None and i % 2:
            kw["indicator"] = R.name(ind)
        elif jk and "caishen" not in opts and "gold" not in opts:   # a bound caishen / gold names them
            kw[JOKER_KW] = list(jk)           # one list of kinds for the whole batch
        one = rs.score_batch(hands, wins, melds=melds, workers=1, **kw)
        two = rs.score_batch(hands, wins, melds=melds, workers=2, **kw)
        assert isinstance(one, np.ndarray) and one.shape == (len(cs),)
        assert one.tolist() == two.tolist()
        for c in cs:
            c.pass_indicator = False              # the scalar call names the same joker kinds
        scalar = [engine_score(c) for c in cs]
        want = [r.total if r.is_win else -1 for r in scalar]
        assert one.tolist() == want, [(c.describe(), b, w) for c, b, w in zip(cs, one, want) if b != w][:MAX_SHOWN]
        ref = [ref_score(c) for c in cs]
        assert want == [r.total if r.is_win else -1 for r in ref]
        assert 0 < sum(x >= 0 for x in want) < len(cs)          # wins and non-wins in every call


# --------------------------------------------------------------------------------------------
# Options and inconsistent flags
# --------------------------------------------------------------------------------------------
#: Reference options read only by its settlement helpers (horse_payment, tianjin_chan), not by score().
SETTLEMENT_ONLY = ("horse_mode", "chan_reading")


@pytest.mark.parametrize("rule", RULES)
def test_reference_options_are_the_engine_options(rule):
    """Every scoring option of the reference is an option of the rule set, with the same default."""
    want = {k: v for k, v in R.DEFAULTS[rule].items() if k not in SETTLEMENT_ONLY}
    known = rules.registry.options(rule)
    assert set(want) <= set(known), set(want) - set(known)
    assert {k: known[k] for k in want} == want
    rs = rules.get(rule, **{k: v for k, v in want.items() if v is not None})
    assert rs.name == rule


BAD_FLAGS = [
    ("guangdong_tuidao", dict(after_kong=True), "after_kong without self_drawn"),
    ("guangdong_tuidao", dict(self_drawn=True, robbing_kong=True), "self_drawn with robbing_kong"),
    ("guangdong_jipinghu", dict(tianhu=True, self_drawn=True), "tianhu without dealer"),
    ("guangdong_jipinghu", dict(dihu=True, self_drawn=True), "dihu on a self-draw"),
    ("guangdong_jipinghu", dict(triple_ron=True, self_drawn=True), "triple_ron on a self-draw"),
    ("qingyuan", dict(after_kong=True), "after_kong without self_drawn"),
    ("guangdong_tuidao", dict(tianhu=True, dihu=True, self_drawn=True), "tianhu with dihu"),
    ("qingyuan", dict(tianhu=True, dihu=True, self_drawn=True), "tianhu with dihu"),
    ("tianjin", dict(self_drawn=True, robbing_kong=True, **{JOKER_KW: ["1p", "2p"]}), "self_drawn with robbing_kong"),
    ("hangzhou", dict(self_drawn=True, robbing_kong=True, **{JOKER_KW: ["7z"]}), "self_drawn with robbing_kong"),
    ("hangzhou", dict(after_kong=True, **{JOKER_KW: ["7z"]}), "after_kong without self_drawn"),
    ("hangzhou", dict(self_drawn=True, context={"caipiao": 3}, **{JOKER_KW: ["7z"]}), "caipiao 3"),
    ("hangzhou", dict(self_drawn=True, context={"caipiao": -1}, **{JOKER_KW: ["7z"]}), "caipiao -1"),
    ("hangzhou", dict(self_drawn=True, context={"caipiao": True}, **{JOKER_KW: ["7z"]}), "caipiao True"),
    ("hangzhou", dict(self_drawn=True, context={"caipiao": 1.0}, **{JOKER_KW: ["7z"]}), "caipiao 1.0"),
    ("hangzhou", dict(self_drawn=True, context={"bao": 1}, **{JOKER_KW: ["7z"]}), "unknown context key"),
    ("wenzhou", dict(self_drawn=True, robbing_kong=True, **{JOKER_KW: ["7z"]}), "self_drawn with robbing_kong"),
    ("wenzhou", dict(after_kong=True, **{JOKER_KW: ["7z"]}), "after_kong without self_drawn"),
    ("wenzhou", dict(tianhu=True, dihu=True, self_drawn=True, **{JOKER_KW: ["7z"]}), "tianhu with dihu"),
    ("wenzhou", dict(self_drawn=True, context={"caipiao": 1}, **{JOKER_KW: ["7z"]}), "a context key"),
    ("fuzhou", dict(self_drawn=True, robbing_kong=True, **{JOKER_KW: ["7z"]}), "self_drawn with robbing_kong"),
    ("fuzhou", dict(after_kong=True, **{JOKER_KW: ["7z"]}), "after_kong without self_drawn"),
    ("fuzhou", dict(tianhu=True, dihu=True, self_drawn=True, **{JOKER_KW: ["7z"]}), "tianhu with dihu"),
    ("fuzhou", dict(self_drawn=True, context={"qiangjin": 2}, **{JOKER_KW: ["7z"]}), "qiangjin 2"),
    ("fuzhou", dict(self_drawn=True, context={"qiangjin": -1}, **{JOKER_KW: ["7z"]}), "qiangjin -1"),
    ("fuzhou", dict(self_drawn=True, context={"qiangjin": True}, **{JOKER_KW: ["7z"]}), "qiangjin True"),
    ("fuzhou", dict(self_drawn=True, context={"qiangjin": 1.0}, **{JOKER_KW: ["7z"]}), "qiangjin 1.0"),
    ("fuzhou", dict(self_drawn=True, context={"caipiao": 1}, **{JOKER_KW: ["7z"]}), "unknown context key"),
]
#: The complete hand of test_inconsistent_flags_are_value_errors (a 16-tile game: 17 tiles).
BAD_FLAGS_HAND = {"wenzhou": "123p456p789s111s222s33z"}


@pytest.mark.parametrize("rule, flags, why", BAD_FLAGS, ids=[f"{r}-{w}" for r, _, w in BAD_FLAGS])
def test_inconsistent_flags_are_value_errors(rule, flags, why):
    hand = BAD_FLAGS_HAND.get(rule, "123p456p789s111s22z")
    ref_kw = {("joker_kinds" if k == JOKER_KW else k): (tuple(R.tile(t) for t in v) if k == JOKER_KW else v)
              for k, v in flags.items()}
    with pytest.raises(ValueError):
        R.score(rule, R.parse(hand), [], R.tile("1p"), **ref_kw)
    rs = rules.get(rule)                  # outside the raises block: a missing rule set must not pass
    with pytest.raises(ValueError):
        rs.score(hand, win_tile="1p", **flags)
    if JOKER_KW not in flags:             # melds the fast path does not read (a bare kan) are checked alike
        with pytest.raises(ValueError):
            rs.score("123p456p789s22z", melds=[Meld("kan", "1111s")], win_tile="1p", **flags)
    if JOKER_KW not in flags:             # the batch: the engine's row check, explained by the scalar call
        hands = np.array([R.parse(hand)] * 2, np.uint8)
        row_flags = {k: np.array([False, v]) for k, v in flags.items()}
        with pytest.raises(ValueError, match=r"hands\[1\]"):
            rs.score_batch(hands, [R.tile("1p")] * 2, **row_flags)
