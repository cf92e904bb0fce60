"""The compiled rule engine (mjcore.engine) against its plain-Python twin (mjpy.rules.engine:
readings, facts, table.evaluate), piece by piece.

* the fact list is one list: ``mjcore.engine.FACT_NAMES`` is ``FACTS`` in the same order;
* expressions: the compiled clauses (disjunctive normal form) agree with the Python expression on
  random facts, for random expressions;
* facts, reading by reading: every reading the compiled engine scores, rebuilt as a Python
  ``Reading`` and given to ``facts.facts``, has the same value for every fact; without jokers
  standing alone the compiled readings are exactly the Python readings;
* whole hands: ``TableRules._core`` (compiled) and ``_core_python`` agree (win, reason kind,
  total, fans as one of the best readings', jokers as substitutes) on seeded random hands of every
  engine rule set, with up to 4 jokers (6 under ``-m slow``).
"""
from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from mjcore import engine as E
from mjpy import Meld, rules
from mjpy.rules.engine import F, G
from mjpy.rules.engine.compiled import HAND_LEVEL, dnf
from mjpy.rules.engine.facts import FACTS, Situation, facts
from mjpy.rules.engine.readings import Reading, readings
from mjpy.rules.engine.scoring import _flag_bits, _mask, _meld_codes
from mjpy.tiles import TILE_NAMES

import regional_gen as RG

ENGINE = ("guangdong_tuidao", "guangdong_jipinghu", "qingyuan", "tianjin", "hangzhou", "wenzhou", "fuzhou")
N_FACT_CASES = 250          # per rule set
N_TWIN = 300                # per rule set
N_TWIN_SLOW = 3000


def test_fact_lists_are_one_list():
    assert E.FACT_NAMES == tuple(FACTS)
    assert set(E.FLAG_NAMES) <= set(FACTS) and HAND_LEVEL <= set(FACTS)


# ------------------------------------------------------------------------------------ expressions
def _random_expr(rng, depth=0):
    names = ["self_drawn", "n_suits", "n_dragon_pungs", "one_suit", "n_substitutes", "straight"]
    u = rng.random()
    if depth > 3 or u < 0.35:
        ref = getattr(F, rng.choice(names))
        op = rng.randrange(7)
        v = rng.randrange(4)
        return [ref, ref >= v, ref <= v, ref > v, ref < v, ref == v, ref != v][op]
    if u < 0.55:
        return ~_random_expr(rng, depth + 1)
    a, b = _random_expr(rng, depth + 1), _random_expr(rng, depth + 1)
    return a & b if u < 0.8 else a | b


def _dnf_holds(clauses, f):
    return any(all(lo <= f[k] <= hi for k, lo, hi in c) for c in clauses)


def test_compiled_expressions_agree_with_python():
    rng = random.Random("engine-dnf")
    for _ in range(400):
        e = _random_expr(rng)
        clauses = dnf(e.node)
        for _ in range(20):
            f = {k: rng.randrange(4) for k in FACTS}
            assert _dnf_holds(clauses, f) == e(f), (e, clauses, f)


def test_group_counts_and_constants_compile():
    assert dnf((G.big >= 1).node) == [[("group:big", 1, 1 << 30)]]
    assert dnf((~F.self_drawn).node) == [[("self_drawn", -(1 << 30), 0)]]
    assert dnf((F.self_drawn & ~F.self_drawn).node) == []          # never true: no clause


# ------------------------------------------------------------------------------------ facts
def _situation(rs, case):
    from test_engine_regional import engine_flags
    kw = engine_flags(case)
    return rs._situation(kw)


def _bound(case):
    from test_engine_regional import ruleset
    return ruleset(case)


def _usable(case):
    try:
        rs = _bound(case)
        c, ms = rs._hand(np.array(case.counts, np.uint8),
                         [__import__("test_engine_regional").meld_obj(k, t) for k, t in case.melds], rs._size)
        return rs, c, ms, _situation(rs, case), tuple(sorted(case.joker_kinds))
    except ValueError:
        return None


def _dumped(rs, c, ms, win, s, jk):
    """Every reading the compiled engine scores (``dump_readings``) and the concealed counts before ``win``."""
    dumped = E.dump_readings(rs.compiled.program, c.tobytes(), _meld_codes(ms), win, _flag_bits(s),
                             s["seat_wind"], s["round_wind"], _mask(jk))
    pre = c.astype(int).tolist()
    pre[win] -= 1
    return dumped, pre


@pytest.mark.parametrize("rule", ENGINE)
def test_facts_reading_by_reading(rule):
    checked = plain = 0
    for case in RG.cases(rule, N_FACT_CASES, seed=11):
        got = _usable(case)
        if got is None:
            continue
        rs, c, ms, s, jk = got
        dumped, pre = _dumped(rs, c, ms, case.win, s, jk)
        hand_facts = dict(s)
        hand_facts.update(n_chi=sum(1 for k, _ in ms if k == "chi"),
                          joker_melded=int(any(k in ("pon", "minkan", "kakan") and t in jk for k, t in ms)))
        keys = set()
        for form, groups, win, cf in dumped:
            keyed = [(kind, tuple(sorted(slots))) for kind, slots in groups]
            ordered = tuple(sorted(keyed))
            rd = Reading(form, ordered, (ordered.index(keyed[win[0]]), tuple(win[1])))
            keys.add((form, ordered, rd.groups[rd.win[0]], rd.win[1]))
            pf = facts(rd, ms, Situation(s), jk, pre, rs._n_sets)
            pf.update(hand_facts)
            diff = {k: (cf[i], pf[k]) for i, k in enumerate(FACTS) if int(pf[k]) != cf[i]}
            assert not diff, (case.describe(), str(rd), diff)
            checked += 1
        free = sum(c[j] for j in jk)
        status = E.score_one(rs.compiled.program, c.tobytes(), _meld_codes(ms), case.win, _flag_bits(s),
                             s["seat_wind"], s["round_wind"], _mask(jk))[0]
        if free == 0 and not rs.spec.any_shape(rs.options) and status != E.STATUS_HAND_FAILED:
            py = readings(c.astype(int).tolist(), n_sets=rs._n_sets - len(ms), win_tile=case.win, jokers=jk,
                          kinds=rs.kinds, eight_pairs=rs.spec.eight_pairs, any_jokers=rs.spec.any_jokers,
                          seven_pairs=rs.spec.seven_pairs and not ms,
                          quads_as_two_pairs=rs.options.get("allow_quad", True),
                          thirteen_orphans=rs.spec.thirteen_orphans and not ms,
                          meld_tiles=[x for k, t in ms for x in ([t, t + 1, t + 2] if k == "chi" else
                                                                 [t] * (3 if k == "pon" else 4))],
                          allow_fifth_copy=rs.options.get("allow_fifth_copy", True), every_win_slot=True)
            want = {(r.form, r.groups, r.groups[r.win[0]], r.win[1]) for r in py}
            if rs.spec.every_win_slot:
                assert keys == want, case.describe()
            else:                                   # one place of the winning tile per split
                assert {k[:2] for k in keys} == {k[:2] for k in want}, case.describe()
            plain += 1
    assert checked > N_FACT_CASES // 2 and plain >= 25


def _free_groups(dumped, jk):
    """(reading, group index) of the dumped readings whose group is jokers alone, none at its face."""
    for form, groups, win, _ in dumped:
        for gi, (kind, slots) in enumerate(groups):
            if all(p in jk and r != p for r, p in slots) and kind in ("pung", "pair", "chow"):
                yield form, groups, win, gi


@pytest.mark.parametrize("rule", ["tianjin", "hangzhou", "guangdong_tuidao"])
def test_free_joker_group_classes_keep_every_fact(rule):
    """Jokers alone stand for one kind per class (engine ``free_candidates``): a free group's kind
    swapped for another of its class under a fact's ``FACT_FEATURES`` leaves that fact as it was
    (both readings' facts from the Python twin), for every fact but the copy counts (where the
    engine keeps every held kind apart)."""
    names = [k for k in FACTS if k not in ("n_quads_held", "n_pon_fourth_held")]
    feats = {k: E.FACT_FEATURES.get(k, 0) for k in names}
    assert set(E.FACT_FEATURES) <= set(FACTS)
    rng = random.Random(f"free-classes/{rule}")
    checked = differed = 0
    from mjpy.notation import parse
    made = []
    if rule == "tianjin":                       # a straight through a free chow; 捉五魁 on a free chow's 5m
        for hand, win in (("123456m111p22p9s9s1s", 10), ("123p456p789p11z9s1s1s", 26)):
            made.append(RG.Case(rule, parse(hand).tolist(), [], win, (26, 18), flags={"self_drawn": True},
                                options={"qidui": 1, "hundiao": 1, "shuanghundiao": 2, "shuanghui_zhuowu": 2}))
    for case in made + _twin_cases(rule, 400, 4, 7):
        got = _usable(case)
        if got is None or sum(case.counts[j] for j in case.joker_kinds) < 2:
            continue
        rs, c, ms, s, jk = got
        dumped, pre = _dumped(rs, c, ms, case.win, s, jk)
        fixed = set(jk) | {case.win, s["seat_wind"], s["round_wind"]}
        frees = list(_free_groups(dumped, jk))
        for form, groups, win, gi in (frees if case in made else rng.sample(frees, min(len(frees), 3))):
            kind, slots = groups[gi]
            chow = kind == "chow"
            t = slots[0][0]
            holds_win = win[0] == gi
            if ({t, t + 1, t + 2} if chow else {t}) & fixed:
                continue                        # kinds the engine keeps apart

            def reading(gs, w):
                keyed = [(k, tuple(sorted(sl))) for k, sl in gs]
                ordered = tuple(sorted(keyed))
                return Reading(form, ordered, (ordered.index(keyed[w[0]]), tuple(w[1])))
            f0 = facts(reading(groups, win), ms, Situation(s), jk, pre, rs._n_sets)
            starts = [x for x in range(27) if x % 9 <= 6] if chow else range(34)
            for t2 in starts:
                kinds2 = {t2, t2 + 1, t2 + 2} if chow else {t2}
                if t2 == t or kinds2 & fixed or not kinds2 <= set(rs.kinds):
                    continue
                new = [(r - t + t2, p) for r, p in slots]
                gs = list(groups)
                gs[gi] = (kind, tuple(new))
                w = (gi, new[win[1][0] - t if chow else 0]) if holds_win else win
                f2 = facts(reading(gs, w), ms, Situation(s), jk, pre, rs._n_sets)
                for k in names:
                    if E._free_class(feats[k], t, chow, holds_win) == E._free_class(feats[k], t2, chow, holds_win):
                        assert int(f0[k]) == int(f2[k]), (case.describe(), k, t, t2, chow)
                        checked += 1
                    else:
                        differed += f0[k] != f2[k]
    assert checked > 20000 and differed > 100, (checked, differed)


# ------------------------------------------------------------------------------------ whole hands
def _twin_cases(rule, n, max_jokers, seed):
    rng = random.Random(f"engine-twin/{rule}/{seed}")
    return [RG.make_case(rule, rng, max_jokers=max_jokers) for _ in range(n)]


def _fanset(fans):
    return tuple(sorted((n, Fraction(v)) for n, v in fans))


def _best_fansets(rs, c, ms, w, s, jk, total):
    """The fans of every Python reading that scores ``total``."""
    from mjpy.rules.engine.table import evaluate
    meld_tiles = [x for k, t in ms for x in ([t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4))]
    counts = c.astype(int).tolist()
    pre = list(counts)
    pre[w] -= 1
    out = set()
    for rd in readings(counts, n_sets=rs._n_sets - len(ms), win_tile=w, jokers=jk, kinds=rs.kinds,
                       eight_pairs=rs.spec.eight_pairs, any_jokers=rs.spec.any_jokers,
                       seven_pairs=rs.spec.seven_pairs and not ms, quads_as_two_pairs=rs.options.get("allow_quad", True),
                       thirteen_orphans=rs.spec.thirteen_orphans and not ms, meld_tiles=meld_tiles,
                       allow_fifth_copy=rs.options.get("allow_fifth_copy", True)):
        f = facts(rd, ms, Situation(s), jk, pre, rs._n_sets)
        f.update(dict(s), n_chi=sum(1 for k, _ in ms if k == "chi"),
                 joker_melded=int(any(k in ("pon", "minkan", "kakan") and t in jk for k, t in ms)))
        v = evaluate(rs.table, f, rs.options)
        if not v.failed and not v.missing and Fraction(v.total) == total:
            out.add(_fanset(v.fans))
    return out


def _compare_twin(rule, n, max_jokers, seed):
    bad = []
    for case in _twin_cases(rule, n, max_jokers, seed):
        got = _usable(case)
        if got is None:
            continue
        rs, c, ms, s, jk = got
        a = rs._core(c, ms, case.win, s, jk)
        b = rs._core_python(c, ms, case.win, s, jk)
        if a.is_win != b.is_win or Fraction(a.total) != Fraction(b.total):
            bad.append((case.describe(), a, b))
        elif type(a.total) is not (int if Fraction(a.total).denominator == 1 else Fraction):
            bad.append((case.describe(), "total is an int where whole, else a Fraction", repr(a.total)))
        elif a.is_win and a.detail["substitutes"] != b.detail["substitutes"]:
            bad.append((case.describe(), a.detail, b.detail))
        elif not a.is_win and (("missing" in (a.detail or {})) != ("missing" in (b.detail or {}))
                               or ("not a complete hand" in a.reason) != ("not a complete hand" in b.reason)):
            bad.append((case.describe(), a.reason, b.reason))
        elif a.is_win and sorted(map(str, a.fans)) != sorted(map(str, b.fans)):
            # another reading of the same total and substitutes: its fans must be such a reading's
            if _fanset(a.fans) not in _best_fansets(rs, c, ms, case.win, s, jk, Fraction(a.total)):
                bad.append((case.describe(), a.fans, b.fans))
    assert not bad, bad[:5]


@pytest.mark.parametrize("rule", ENGINE)
def test_compiled_equals_python_twin(rule):
    _compare_twin(rule, N_TWIN, 4, 0)


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["guangdong_tuidao", "tianjin"])
def test_compiled_equals_python_twin_many_jokers(rule):
    _compare_twin(rule, N_TWIN_SLOW // 10, 6, 1)


@pytest.mark.slow
@pytest.mark.parametrize("rule", ENGINE)
def test_compiled_equals_python_twin_slow(rule):
    _compare_twin(rule, N_TWIN_SLOW, 4, 2)


def _abstract(dumped, every_win_slot):
    """The readings of ``dump_readings`` as a set, a substituting joker's concrete kind left out (any
    joker of another kind may take its slot) and, unless the rule set scores every place of the
    winning tile, without that place."""
    out = set()
    for form, groups, (gi, (rep, phys)), _ in dumped:
        gs = [(kind, tuple(sorted((r, p if p == r else -1) for r, p in slots))) for kind, slots in groups]
        out.add((form, tuple(sorted(gs)), (gs[gi], (rep, phys if phys == rep else -1)) if every_win_slot else None))
    return out


def _joker_cases(rule, n, seed):
    """``(case, rs, counts, melds, situation, joker kinds, score_one's arguments)`` of the usable seeded
    cases holding jokers (up to 4)."""
    for case in _twin_cases(rule, n, 4, seed):
        got = _usable(case)
        if got is None or not case.joker_kinds:
            continue
        rs, c, ms, s, jk = got
        yield case, rs, c, ms, s, jk, (rs.compiled.program, c.tobytes(), _meld_codes(ms), case.win, _flag_bits(s),
                                       s["seat_wind"], s["round_wind"], _mask(jk))


@pytest.mark.parametrize("rule", ["guangdong_tuidao", "tianjin"])
def test_joker_search_by_substitutes_finds_the_slot_search_readings(rule):
    """The standard readings of hands with jokers come from joker_std (substitutes first, then the
    split tables) or, for three jokers and more whose places a fact reads, from the slot-by-slot search
    (split / fill): both give the same readings and scores."""
    n = compared = 0
    try:
        for case, rs, c, ms, s, jk, args in _joker_cases(rule, 500, 3):
            sets, scores = [], []
            for how in ("slots", "substitutes", "auto"):
                E._set_joker_search(how)
                sets.append(_abstract(E.dump_readings(*args), rs.spec.every_win_slot))
                # scored (no dump): one placement per split where nothing reads where the jokers sit
                scores.append(E.score_one(*args)[:5])
            assert sets[0] == sets[1] == sets[2], (case.describe(), sets[0] - sets[1], sets[1] - sets[0])
            assert scores[0] == scores[1] == scores[2], (case.describe(), scores)
            n += 1
            compared += len(sets[0]) > 1
    finally:
        E._set_joker_search("auto")
    assert n >= 150 and compared >= 50, (n, compared)
    with pytest.raises(ValueError, match="substitutes"):
        E._set_joker_search("fast")


@pytest.mark.parametrize("rule", ENGINE)
def test_hand_facts_are_shared_by_every_reading(rule):
    """The facts the engine takes as the hand's (``HAND_FACTS``: what aim_standard evaluates without a
    reading) have one value in every reading of a hand, jokers and melds included."""
    idx = [E.FACT_NAMES.index(n) for n in E.HAND_FACTS]
    hands = several = 0
    for case in _twin_cases(rule, 300, 4, 6):
        got = _usable(case)
        if got is None:
            continue
        rs, c, ms, s, jk = got
        dumped, _ = _dumped(rs, c, ms, case.win, s, jk)
        values = {tuple(fa[i] for i in idx) for _, _, _, fa in dumped}
        assert len(values) <= 1, (case.describe(), values)
        hands += bool(dumped)
        several += len(dumped) > 1
    assert hands >= 100 and several >= 5, (hands, several)


@pytest.mark.parametrize("rule", [r for r in ENGINE if r not in ("guangdong_jipinghu", "qingyuan")])
def test_aimed_search_gives_the_full_search_results(rule):
    """The search stops at the best a standard reading can score (aim_standard) and, in ``waits``, at a
    reading needing a value not given (the hand is refused, naming the tiles and values: those tiles searched
    again in full); the results, the reading included, are those of the full search: for score_one, and for
    waits_one under one and two situations."""
    n = refused = 0

    def waits(c13, ms, modes, s, jk, rs):
        try:
            return E.waits_one(rs.compiled.program, c13.tobytes(), _meld_codes(ms), 4, modes, s["seat_wind"],
                               s["round_wind"], _mask(jk), True)
        except E.MissingValues as e:
            return "refused", e.tiles, e.names

    try:
        for case, rs, c, ms, s, jk, args in _joker_cases(rule, 400, 5):
            c13 = c.copy()
            c13[case.win] -= 1
            drawn = _flag_bits(dict(s, self_drawn=True))
            both = [drawn, _flag_bits(dict(s, self_drawn=False, after_kong=False))]
            out = []
            for on in (True, False):
                E._set_aim(on)
                out.append((E.score_one(*args, True), [waits(c13, ms, modes, s, jk, rs) for modes in ([drawn], both)]))
            assert out[0] == out[1], case.describe()
            refused += type(out[0][1][1]) is tuple
            n += 1
    finally:
        E._set_aim(True)
    assert n >= 150 and (refused > 10 or rule in ("hangzhou", "wenzhou")), (n, refused)


def _rows_of(args_list, n_sets):
    """The batch arrays of :func:`mjcore.engine.score_rows` for ``score_one``'s arguments, one row each."""
    n = len(args_list)
    hands = np.zeros((n, 34), np.uint8)
    melds = np.zeros((n, 2 * n_sets), np.int8)
    wins, flags = np.zeros(n, np.int32), np.zeros(n, np.uint32)
    winds, jm = np.zeros(n, np.uint8), np.zeros(n, np.uint64)
    for i, (_, counts, mb, win, fl, seat, round_, jmask) in enumerate(args_list):
        hands[i] = np.frombuffer(counts, np.uint8)
        melds[i, :len(mb)] = np.frombuffer(mb, np.int8)
        wins[i], flags[i], winds[i], jm[i] = win, fl, (seat - 27) | (round_ - 27) << 2, jmask
    return hands, melds, wins, flags, winds, jm


def totals_only_runs(prog, args_list, n_sets=4):
    """``(out, status)`` of ``score_rows`` (totals only: the aims compared by total, another form's best reaching
    them, no standard reading read where none passes the win conditions, what every passing reading holds required
    of the second pass) for each search with its stops, and once without any stop (``_set_aim``)."""
    rows = _rows_of(args_list, n_sets)
    got = []
    try:
        for how, aim in (("auto", True), ("substitutes", True), ("auto", False)):
            E._set_joker_search(how)
            E._set_aim(aim)
            out, status = np.empty(len(args_list)), np.empty(len(args_list), np.int8)
            E.score_rows(prog, *rows, out, status, 1)
            got.append((out.tolist(), status.tolist()))
    finally:
        E._set_joker_search("auto")
        E._set_aim(True)
    return got


@pytest.mark.parametrize("rule", ["guangdong_tuidao", "tianjin", "hangzhou", "wenzhou", "fuzhou"])
def test_totals_only_search_gives_the_full_search_totals(rule):
    """The batches keep the total alone, so their search stops at the first reading of an aim's total (not its
    substitutes, uncapped total and row), reads the any-shape form first, skips a form whose aim the best so far
    reaches and, where no standard reading passes the win conditions, the standard form: the totals and statuses
    are the full search's and score_one's, with either search; seeded hands with 1-4 jokers."""
    by_prog, n = {}, 0
    for case, rs, *_, args in _joker_cases(rule, 400, 7):
        by_prog.setdefault(id(args[0]), (rs, []))[1].append(args)
    wins = 0
    for rs, args_list in by_prog.values():     # (the cases' options differ: one batch per program)
        runs = totals_only_runs(args_list[0][0], args_list, rs._n_sets)
        assert runs[0] == runs[1] == runs[2]
        one = [E.score_one(*a) for a in args_list]
        assert runs[0][1] == [r[0] for r in one]
        assert [t if st == E.STATUS_WIN else -1 for t, st in zip(*runs[0])] == \
            [r[1] if r[0] == E.STATUS_WIN else -1 for r in one]
        n += len(args_list)
        wins += sum(r[0] == E.STATUS_WIN for r in one)
    assert n >= 150 and wins >= 50, (n, wins)


def _best_standard(dumped, table, options):
    """``(total, -substitutes)`` of the best standard reading of ``dump_readings``' list by the table's own
    evaluator (None: none wins), whether one needed a value not given, and the readings' facts."""
    from mjpy.rules.engine.table import evaluate
    n_sub = E.FACT_NAMES.index("n_substitutes")
    best, missing, facts = None, False, []
    for form, _, _, fa in dumped:
        if form != "standard":
            continue
        v = evaluate(table, dict(zip(E.FACT_NAMES, fa)), options)
        missing |= bool(v.missing)
        if not v.failed and not v.missing:
            best = max(best or (Fraction(v.total), -fa[n_sub]), (Fraction(v.total), -fa[n_sub]))
            facts.append(fa)
    return best, missing, facts


#: what each rule set's aim reads besides the substitutes (the facts of its table's rows)
AIM_SHOWN = {"tianjin": ("straight", "zhuowu", "zhuowu_both_jokers", "win_pair_joker", "win_pair_joker_joker"),
             "guangdong_tuidao": ("all_pungs", "one_suit", "all_258", "honors_only"),
             "hangzhou": (), "wenzhou": (), "fuzhou": ()}


@pytest.mark.parametrize("rule", list(AIM_SHOWN))
def test_aim_bounds_every_standard_reading(rule):
    """The best a standard reading can score by aim_standard (``aim_of``: the table on every combination
    of substitutes, joker pair, 捉五, straight, all pungs and the kinds' facts some reading may hold) is
    never below a reading's total and substitutes (else the search would stop before a better reading), and
    is reached on most hands (else it would never stop the search); seeded hands with 1-4 jokers, the
    readings of ``dump_readings`` scored by the table's own evaluator."""
    shown = {k: E.FACT_NAMES.index(k) for k in AIM_SHOWN[rule]}
    hands = reached = 0
    seen = dict.fromkeys(shown, 0)
    for case, rs, c, ms, s, jk, args in _joker_cases(rule, 1200 if rule == "guangdong_tuidao" else 700, 8):
        if not rs.compiled.program.aim_kind or not sum(int(c[k]) for k in jk):
            continue                            # (a table that reads more: no aim; no joker held)
        best, missing, facts = _best_standard(E.dump_readings(*args), rs.table, rs.options)
        for fa in facts:
            for k, i in shown.items():
                seen[k] += fa[i] > 0
        if missing or best is None:
            continue
        hands += 1
        aim = E.aim_of(*args)                   # (None: a combination needs a value not given)
        if aim is not None:
            assert (Fraction(aim[0]), -aim[1]) >= best, (case.describe(), aim, best)
            reached += (Fraction(aim[0]), -aim[1]) == best
    assert hands >= 200 and reached >= 0.75 * hands, (hands, reached)
    if shown:                                   # the facts the aim reads besides the substitutes, each seen
        assert min(seen.values()) >= 5, seen


def test_seven_pairs_aim_bounds_every_seven_pairs_reading():
    """Where a table reads of a seven pairs reading nothing but its substitutes, kinds, joker pair and kinds
    held four times (``aim_seven``: 翻鬼; Tianjin, whose 混吊 / 双混吊 read the joker pair; Hangzhou's 豪华七对),
    the best a seven pairs reading can score (``aim_of(..., seven=True)``: the table on each number of
    substitutes from one per odd count of a kind that is no joker kind, each combination of the kinds' facts,
    the winning tile paired with a joker or not, the kinds held four times with the substitutes they take) is
    never below a seven pairs reading's total and substitutes (the search stops at it, and skips seven pairs
    where it cannot beat the best so far), and is reached on most hands; seeded hands with 1-4 jokers."""
    from mjpy.rules.engine.table import evaluate
    n_sub = E.FACT_NAMES.index("n_substitutes")
    seen = {}
    alone = 0
    for rule in ("guangdong_tuidao", "tianjin", "hangzhou"):
        hands = reached = 0
        for case, rs, c, ms, s, jk, args in _joker_cases(rule, 4000, 9):
            if not rs.compiled.program.aim_kind or not sum(int(c[k]) for k in jk) or ms:
                continue
            best, missing = None, False
            for form, _, _, fa in E.dump_readings(*args):
                if form == "seven_pairs":
                    v = evaluate(rs.table, dict(zip(E.FACT_NAMES, fa)), rs.options)
                    missing |= bool(v.missing)
                    if not v.failed and not v.missing:
                        best = max(best or (Fraction(v.total), -fa[n_sub]), (Fraction(v.total), -fa[n_sub]))
            aim = E.aim_of(*args, seven=True)
            if not rs.compiled.program.aim_seven:
                assert aim is None
                continue
            std = E.aim_of(*args)
            if best is None or std is None and aim is None:
                continue
            if aim is None:                     # (only where a reading needs a value not given: all are read)
                assert E.score_one(*args)[0] == E.STATUS_MISSING, (case.describe(), best)
                continue
            alone += std is None                # (no standard reading: seven pairs' own aim, seven_alone)
            assert not missing and (Fraction(aim[0]), -aim[1]) >= best, (case.describe(), aim, best)
            hands += 1
            reached += (Fraction(aim[0]), -aim[1]) == best
        seen[rule] = (hands, reached)
    for rule in ("guangdong_tuidao", "tianjin", "hangzhou"):
        hands, reached = seen[rule]
        assert hands >= 60 and reached >= 0.6 * hands, seen
    assert alone >= 300, alone


def test_aim_bounds_tianjin_straights_beside_the_pair_and_zhuowu():
    """Tianjin hands built around a straight with two to four 混 (each in the straight, in a set beside it or in
    the pair, the winning tile a 混 or not, a 4m-5m-6m set for 捉五 in some): the aim (the straight beside 捉五
    or the joker pair only where the rest completes, a straight at its face with the substitutes of the rest
    once its faces are taken) is never below the best standard reading, and the search with its stops gives
    the full search's result, reading included."""
    rs = rules.get("tianjin", qidui=1, hundiao=1, shuanghundiao=2, shuanghui_zhuowu=2)
    prog = rs.compiled.program
    names = {k: E.FACT_NAMES.index(k) for k in ("straight", "straight_face_joker", "zhuowu", "zhuowu_both_jokers",
                                                  "win_pair_joker_joker")}
    rng = random.Random("aim-tianjin-straights")
    seen = dict.fromkeys(("face+pair", "straight+zhuowu", "straight+both"), 0)
    hands = reached = 0
    while hands < 250:
        b = rng.randrange(3) * 9
        tiles = list(range(b, b + 9))
        tiles += [3, 4, 5] if rng.random() < 0.4 else [rng.randrange(34)] * 3
        tiles += [rng.randrange(34)] * 2
        ind = b + rng.randrange(9) if rng.random() < 0.8 else rng.randrange(34)
        jk = tuple(rs._jokers_cached({"indicator": TILE_NAMES[ind]})[0])
        for i in rng.sample(range(14), rng.randint(2, 4)):
            tiles[i] = rng.choice(jk)
        counts = np.bincount(tiles, minlength=34).astype(np.uint8)
        if counts.max() > 4:
            continue
        win = rng.choice(tiles)
        args = (prog, counts.tobytes(), b"", win, 1, 27, 27, _mask(jk))
        best, missing, facts = _best_standard(E.dump_readings(*args), rs.table, rs.options)
        if best is None or missing:
            continue
        for fa in facts:
            has = {k: fa[i] > 0 for k, i in names.items()}
            seen["face+pair"] += has["straight_face_joker"] and has["win_pair_joker_joker"]
            seen["straight+zhuowu"] += has["straight"] and has["zhuowu"]
            seen["straight+both"] += has["straight"] and has["zhuowu_both_jokers"]
        aim = E.aim_of(*args)
        assert aim is not None and (Fraction(aim[0]), -aim[1]) >= best, (counts.tolist(), win, jk, aim, best)
        reached += (Fraction(aim[0]), -aim[1]) == best
        got = []
        try:
            for on in (True, False):
                E._set_aim(on)
                got.append(E.score_one(*args, True))
        finally:
            E._set_aim(True)
        assert got[0] == got[1], (counts.tolist(), win, jk)
        hands += 1
    assert reached >= 0.9 * hands and min(seen.values()) >= 5, (reached, hands, seen)


def _sets(rng, n):
    """``n`` random sets (chows 60 %, else pungs) as a tile list."""
    out = []
    for _ in range(n):
        if rng.random() < 0.6:
            s = rng.randrange(3) * 9 + rng.randrange(7)
            out += [s, s + 1, s + 2]
        else:
            out += [rng.randrange(34)] * 3
    return out


def _cut_runs(args, searches=("auto",)):
    """``score_one``'s result (reading included) and ``search_counts`` of the hand ``args`` for each search
    (``_set_joker_search``): with the first pass's cut, without it (``_set_aim_req``), without any stop
    (``_set_aim``)."""
    got, n = [], []
    try:
        for how in searches:
            E._set_joker_search(how)
            for aim, req in ((True, True), (True, False), (False, False)):
                E._set_aim(aim)
                E._set_aim_req(req)
                got.append(E.score_one(*args, True))
                n.append(E.search_counts(*args))
    finally:
        E._set_joker_search("auto")
        E._set_aim(True)
        E._set_aim_req(True)
    return got, n


def test_first_pass_reads_only_what_every_aim_needs():
    """Where every reading scoring the aim puts the winning tile in the joker pair (混吊), in a pair of 混 alone
    (双混吊), as the 5m of 4m-5m-6m (捉五, both flanks 混 for 双绘捉五; a winning 混 standing for the 5m beside a real
    flank) or holds a straight (一条龙), the standard
    search's first pass reads only such readings (``Out.req``; two jokers: the search by substitutes, its splits;
    three and four: the slot-by-slot search): on Tianjin hands built around each, the results (reading included)
    are the full search's, the first pass finds the aim wherever it does without that cut (it never leaves out
    the aim's reading), and it reads fewer search nodes (``search_counts``), in each search."""
    rs = rules.get("tianjin", qidui=1, hundiao=1, shuanghundiao=2, shuanghui_zhuowu=2)
    prog = rs.compiled.program
    rng = random.Random("aim-req")
    kinds = ("pair", "jpair", "zhuowu", "zjoker", "straight")
    stats = {(k, two): [] for k in kinds for two in (False, True)}
    while sum(map(len, stats.values())) < 600:
        kind = kinds[sum(map(len, stats.values())) % 5]
        b = rng.randrange(3) * 9
        ind = b + rng.randrange(9) if rng.random() < 0.8 else rng.randrange(34)
        jk = tuple(rs._jokers_cached({"indicator": TILE_NAMES[ind]})[0])
        if kind == "straight":
            tiles = list(range(b, b + 9)) + _sets(rng, 1) + [rng.randrange(34)] * 2
            win = rng.choice(tiles)
        elif kind == "zhuowu":
            tiles, win = [3, 4, 5] + _sets(rng, 3) + [rng.randrange(34)] * 2, 4
        elif kind == "zjoker":
            win = rng.choice(jk)
            tiles = [3, win, 5] + _sets(rng, 3) + [rng.randrange(34)] * 2
        elif kind == "pair":
            win = rng.randrange(34)
            tiles = _sets(rng, 4) + [win, rng.choice(jk)]
        else:
            win = rng.choice(jk)
            tiles = _sets(rng, 4) + [win, rng.choice(jk)]
        n_jokers = rng.randint(2, 4)
        while sum(t in jk for t in tiles) < n_jokers:
            i = rng.randrange(len(tiles))
            if tiles[i] != win or tiles.count(win) > 1:
                tiles[i] = rng.choice(jk)
        counts = np.bincount(tiles, minlength=34).astype(np.uint8)
        if counts.max() > 4:
            continue
        got, n = _cut_runs((prog, counts.tobytes(), b"", win, 1, 27, 27, _mask(jk)),
                           ("substitutes" if n_jokers == 2 else "slots",))
        if got[0][0] != 1:
            continue
        assert got[0] == got[1] == got[2], (kind, counts.tolist(), win, jk)
        assert n[0][2] <= n[1][2], (kind, counts.tolist(), win, jk, n)   # (passes: 1 the aim found, 2 read again)
        stats[kind, n_jokers == 2].append((n[0][1], n[1][1]))
    for (kind, two), st in stats.items():       # (two jokers: 4m-5m-6m and the straight, little to cut)
        fewer, cut = sum(a < b for a, b in st), sum(a for a, _ in st) / sum(b for _, b in st)
        assert all(a <= b for a, b in st) and cut < 1, (kind, two, st)
        if not two or kind in ("pair", "jpair"):
            assert fewer >= 0.4 * len(st) and cut <= 0.7, (kind, two, fewer, len(st), cut)


def test_first_pass_reads_only_pungs_where_every_aim_needs_them():
    """Where every reading scoring the aim holds pungs alone (碰碰胡: ``REQ_PUNGS``), the first pass of the search
    by substitutes reads only those (no chow in a split or among the free sets; substitutes only for kinds held,
    and without a fifth copy only for kinds held once or twice), as does the slot-by-slot search (no chow placed): on 翻鬼 hands built of pungs (some with a chow,
    some with pon melds) with two to four 鬼, a fifth copy allowed or not, the results (reading included) are the
    full search's, the first pass finds the aim wherever it does without the cut, and it reads fewer search
    nodes and scores fewer readings; some kept readings hold a kind five times (a pung and the pair)."""
    opts = dict(RG.BATCH_CONFIGS["guangdong_tuidao"][2][0])
    rng = random.Random("aim-req-pungs")
    stats = {True: [], False: []}
    fifths = 0
    while min(map(len, stats.values())) < 150:
        fifth = rng.random() < 0.5
        rs = rules.get("guangdong_tuidao", **dict(opts, allow_fifth_copy=fifth))
        jk = tuple(rs._jokers_cached({"indicator": TILE_NAMES[rng.randrange(34)]})[0])
        lo = 27 if rng.random() < 0.4 else 0    # (honours only: 风一色)
        n_melds = rng.randrange(3)
        melds = [rng.randrange(lo, 34) for _ in range(n_melds)]
        n_sets = 4 - n_melds
        tiles = [t for _ in range(n_sets) for t in ([rng.randrange(lo, 34)] * 3 if lo or rng.random() < 0.85
                                                    else _sets(rng, 1))]
        tiles += [rng.randrange(lo, 34)] * 2
        n_jokers = rng.randint(2, 4)
        at = rng.sample(range(len(tiles)), n_jokers)
        if n_jokers == 4 and rng.random() < 0.5:  # (a pung and half the pair: a pung and a pair of one kind read first)
            at = [3 * n_sets] + [3 * rng.randrange(n_sets) + i for i in range(3)]
        for i in at:
            tiles[i] = jk[0]
        counts = np.bincount(tiles, minlength=34).astype(np.uint8)
        if (counts + 3 * np.bincount(melds, minlength=34)).max() > 4 or jk[0] in melds:
            continue
        win = rng.choice(tiles)
        codes = bytes(x for t in melds for x in (E.MELD_CODES["pon"], t))
        got, n = _cut_runs((rs.compiled.program, counts.tobytes(), codes, win, 1, 27, 27, _mask(jk)),
                           ("substitutes", "slots"))
        if got[0][0] != 1 or got[0][5][0] != "standard" or "碰碰胡" not in dict(got[0][5][1]):
            continue
        assert got[0] == got[1] == got[2] and got[3] == got[4] == got[5] and got[0][:3] == got[3][:3], (
            fifth, counts.tolist(), melds, win, jk)     # (the two searches' orders differ: a reading alike may too)
        assert n[0][2] <= n[1][2] and n[3][2] <= n[4][2], (fifth, counts.tolist(), melds, win, jk, n)   # (passes)
        reps = [rep for _, slots in got[0][5][4][0] for rep, _ in slots]
        fifths += max(reps.count(t) for t in set(reps)) > 4
        stats[fifth].append((n[0][1], n[1][1], n[0][0], n[1][0], n[3][1], n[4][1]))
    for fifth, st in stats.items():             # search nodes, readings scored; the slot-by-slot search's nodes
        # (the slot-by-slot search: its distance check with no pair left already drops most chows, so the cut
        # leaves out nodes on a few hands only)
        for i, least, most in ((0, 0.3, 0.7), (2, 0.3, 0.7), (4, 0.01, 0.995)):
            fewer, cut = sum(x[i] < x[i + 1] for x in st), sum(x[i] for x in st) / sum(x[i + 1] for x in st)
            assert all(x[i] <= x[i + 1] for x in st) and fewer >= least * len(st) and cut <= most, (fifth, i, fewer, cut)
    assert fifths >= 5, fifths


def test_seven_pairs_first_pass_reads_only_the_winning_tiles_joker_pair():
    """Where every seven pairs aim pairs the winning tile with a joker (混吊: a pair of the winning tile and a 混;
    双混吊: a pair of 混 alone holding the winning 混: ``Out.s7_req``), the seven pairs search's first pass reads only
    such readings: on Tianjin seven pairs hands with two to four 混 the results (reading included) are the full
    search's, with the cut, without it and without any stop, and the pass reads fewer search nodes on many."""
    rs = rules.get("tianjin", qidui=1, hundiao=1, shuanghundiao=2, shuanghui_zhuowu=2)
    prog = rs.compiled.program
    rng = random.Random("seven-pairs-req")
    stats = {False: [], True: []}               # (the winning tile a joker)
    while min(map(len, stats.values())) < 120:
        jk = tuple(rs._jokers_cached({"indicator": TILE_NAMES[rng.randrange(34)]})[0])
        kinds = rng.sample([k for k in range(34) if k not in jk], 7)
        tiles = [k for k in kinds for _ in range(2)]
        for i in rng.sample(range(14), rng.randint(2, 4)):
            tiles[i] = rng.choice(jk)
        counts = np.bincount(tiles, minlength=34).astype(np.uint8)
        joker_win = rng.random() < 0.4
        wins = [t for t in tiles if (t in jk) == joker_win]
        if counts.max() > 4 or not wins:
            continue
        got, n = _cut_runs((prog, counts.tobytes(), b"", rng.choice(wins), 1, 27, 27, _mask(jk)))
        if got[0][0] != 1 or got[0][5][0] != "seven_pairs" or not {"混吊", "双混吊"} & set(dict(got[0][5][1])):
            continue
        assert got[0] == got[1] == got[2], (counts.tolist(), jk, got[0], got[2])
        stats[joker_win].append((n[0][1], n[1][1]))
    for joker_win, least, most in ((False, 0.3, 0.8), (True, 0.05, 1)):   # (双混吊: a pair of 混 alone, little to cut)
        st = stats[joker_win]
        fewer, cut = sum(a < b for a, b in st), sum(a for a, _ in st) / sum(b for _, b in st)
        assert all(a <= b for a, b in st) and fewer >= least * len(st) and cut <= most, (joker_win, fewer, cut)


def test_aim_bounds_a_straight_with_a_chi_meld():
    """The aim's straight counts a third declared as a chi meld (no rule set on the engine reads straights
    and allows chi, so a table of its own): on complete hands whose straight holds a chi meld, 1-3 of the
    concealed tiles turned into jokers of one or two kinds, the aim is never below a reading and is reached."""
    from mjpy.rules.engine import Fan, Group, Table
    from mjpy.rules.engine.compiled import compile_table
    table = Table("test", "番", (
        Fan("本龙", 3, F.straight_face_joker), Fan("龙", 2, F.straight & ~F.straight_face_joker),
        Fan("吊", 1, F.win_pair_joker | F.win_pair_joker_joker), Fan("硬", 1, F.n_substitutes == 0)),
        groups=(Group("base", "sum"),))
    shape = dict(kinds=tuple(range(34)), seven_pairs=False, n_sets=4, eight_pairs=False, any_jokers=0, quad_limit=2,
                 thirteen_orphans=False, fifth=True, every_win_slot=True, any_honors=0, knit_honors=(), knit_pair=False,
                 stand_in=-1)
    prog = compile_table(table, {}, shape).program
    assert prog.aim_kind
    rng = random.Random("aim-chi-straight")
    hands = reached = straights = 0
    for _ in range(300):
        b = rng.randrange(3) * 9
        chi = b + 3 * rng.randrange(3)
        tiles = [t for d in (0, 3, 6) if b + d != chi for t in range(b + d, b + d + 3)]
        t = rng.randrange(31)
        tiles += [t] * 3 if rng.random() < 0.5 or t >= 27 or t % 9 > 6 else [t, t + 1, t + 2]
        tiles += [rng.randrange(31)] * 2
        counts = np.bincount(tiles + [chi, chi + 1, chi + 2], minlength=34).astype(np.uint8)
        if counts.max() > 4:                    # (the chi meld's tiles count among the copies)
            continue
        counts[chi:chi + 3] -= 1
        jk = (33,) if rng.random() < 0.5 else (32, 33)
        for i in rng.sample(range(len(tiles)), rng.randint(1, 3)):
            counts[tiles[i]] -= 1
            counts[rng.choice(jk)] += 1
        win = rng.choice([k for k in range(34) if counts[k]])
        args = (prog, counts.tobytes(), bytes((E.MELD_CODES["chi"], chi)), win, 1, 27, 27, _mask(jk))
        best, _, facts = _best_standard(E.dump_readings(*args), table, {})
        straights += sum(fa[E.FACT_NAMES.index("straight")] > 0 for fa in facts)
        if best is None:
            continue
        aim = E.aim_of(*args)
        assert aim is not None and (Fraction(aim[0]), -aim[1]) >= best, (counts.tolist(), chi, win, jk, aim, best)
        hands += 1
        reached += (Fraction(aim[0]), -aim[1]) == best
    assert hands >= 150 and straights >= 150 and reached >= 0.9 * hands, (hands, straights, reached)


def test_threads_share_one_program():
    """One Program scored from two workers gives the rows of one worker (read-only, re-entrant)."""
    rs = rules.get("tianjin", qidui=2, hundiao=1, shuanghundiao=2, shuanghui_zhuowu=2)
    rng = random.Random("engine-threads")
    cs = [RG.make_case("tianjin", rng, options=dict(rs.options), jokers=((18, 26), 26), outside=False)
          for _ in range(400)]
    hands = np.array([c.counts for c in cs], np.uint8)
    wins = np.array([c.win for c in cs])
    from test_engine_regional import meld_obj
    melds = [[meld_obj(k, t) for k, t in c.melds] for c in cs]
    sd = np.array([bool(c.flags.get("self_drawn")) for c in cs])
    one = rs.score_batch(hands, wins, melds=melds, self_drawn=sd, joker_tiles=[18, 26], workers=1)
    for w in (2, 3, 8):
        assert rs.score_batch(hands, wins, melds=melds, self_drawn=sd, joker_tiles=[18, 26], workers=w).tolist() \
            == one.tolist()
    assert (one >= 0).sum() > 50


def test_melds_array_is_the_same_batch():
    """The (N, 4, 2) meld encoding gives the rows of the Meld lists; a bad array is a ValueError naming the row."""
    from mjpy.rules.engine import melds_array
    from test_engine_regional import meld_obj
    opts, jk, ind, cs = RG.batch_cases("guangdong_tuidao", 150, 0)[1]
    rs = rules.get("guangdong_tuidao", **opts)
    hands = np.array([c.counts for c in cs], np.uint8)
    wins = np.array([c.win for c in cs])
    lists = [[meld_obj(k, t) for k, t in c.melds] for c in cs]
    sd = np.array([bool(c.flags.get("self_drawn")) for c in cs])
    a = rs.score_batch(hands, wins, melds=lists, self_drawn=sd, joker_tiles=list(jk))
    arr = melds_array(lists)
    assert arr.shape == (150, 4, 2) and (arr[:, :, 0] > 0).sum() == sum(len(x) for x in lists) > 30
    b = rs.score_batch(hands, wins, melds=arr, self_drawn=sd, joker_tiles=list(jk))
    c = rs.score_batch(hands, wins, melds=arr.reshape(150, 8), self_drawn=sd, joker_tiles=list(jk))
    assert a.tolist() == b.tolist() == c.tolist()
    bad = arr.copy()
    row = int(np.flatnonzero(bad[:, 0, 0] == 0)[0])
    bad[row, 1] = (2, 5)                        # a meld after an empty slot
    with pytest.raises(ValueError, match=rf"hands\[{row}\].*melds first"):
        rs.score_batch(hands, wins, melds=bad, self_drawn=sd, joker_tiles=list(jk))
    bad = arr.copy()
    bad[0, 0] = (1, 8)                          # chi 9m-1p
    with pytest.raises(ValueError, match=r"hands\[0\]"):
        rs.score_batch(hands, wins, melds=bad, self_drawn=sd, joker_tiles=list(jk))
    with pytest.raises(ValueError, match="shape"):
        rs.score_batch(hands, wins, melds=arr[:10], self_drawn=sd, joker_tiles=list(jk))
    # a meld array that makes a fifth copy is the scalar call's error
    h = hands.copy()
    over = arr.copy()
    i = int(np.flatnonzero((arr[:, 0, 0] == 0))[0])
    t = int(np.flatnonzero(h[i])[0])
    over[i, 0] = (5, t)
    with pytest.raises(ValueError, match=rf"hands\[{i}\]"):
        rs.score_batch(h, wins, melds=over, self_drawn=sd, joker_tiles=list(jk))


# ------------------------------------------------------------------------------------------------
# score(): the unchecked fast path (the engine checks the hand) and the checked path agree
# ------------------------------------------------------------------------------------------------
def _outcome(call):
    try:
        r = call()
    except (TypeError, ValueError) as e:
        return type(e).__name__, str(e)
    return r.is_win, r.total, r.fans, r.reason, r.form, str(r.reading), r.detail


def _variants(counts):
    """The same hand in every input form score() reads, and broken copies of it."""
    c = np.array(counts, np.uint8)
    yield "uint8", c
    yield "bytes", c.tobytes()
    yield "list", [int(x) for x in c]
    yield "int64", c.astype(np.int64)
    yield "int8", c.astype(np.int8)
    yield "strided", np.repeat(c, 2)[::2]
    yield "bool", c.astype(bool)
    yield "2-d", c.reshape(2, 17)
    five = c.copy()
    five[int(np.argmax(c))] = 5
    yield "five copies", five
    short = c.copy()
    short[int(np.argmax(c))] -= 1
    yield "13 tiles", short
    yield "35 counts", np.append(c, 0).astype(np.uint8)
    yield "man", np.where(np.arange(34) == 0, 1, 0).astype(np.uint8) + c * 0 + short


@pytest.mark.parametrize("name, hand, melds, win, kw", [
    ("guangdong_jipinghu", "123m456p789s111z55z", [], "5z", {}),
    ("guangdong_tuidao", "456m11p234567s", [Meld("pon", "777z")], "6m", {}),
    ("qingyuan", "123p456p789s111z55z", [], "5z", {}),
    ("tianjin", "123m456p789s111z55z", [], "5z", {"indicator": "4m"}),
    ("guangdong_tuidao", "123m456p789s11z", [Meld("chi", "123m")], "1z", {}),
    ("guangdong_tuidao", "1111m456p789s11z", [Meld("kan", "1111m")], "1z", {}),
])
def test_fast_path_and_checked_path_agree(name, hand, melds, win, kw):
    """score() with an int or named winning tile and plain booleans skips the Python checks (the
    engine checks the hand and hands anything it refuses back); a numpy bool flag takes the checked
    path. Both give the same result or the same error for every input form."""
    from mjpy.notation import parse_hand
    from mjpy.tiles import tile_index

    rs = rules.get(name)
    counts = parse_hand(hand)[0]
    for what, h in _variants(counts):
        for w in (win, tile_index(win)):
            fast = _outcome(lambda: rs.score(h, melds, w, self_drawn=True, **kw))
            checked = _outcome(lambda: rs.score(h, melds, w, self_drawn=np.True_, **kw))
            assert fast == checked, (what, w)
    # melds that overlap the hand past four copies; a string hand with and without brackets
    assert _outcome(lambda: rs.score(hand, melds, win, self_drawn=True, **kw)) == \
        _outcome(lambda: rs.score(hand, melds, win, self_drawn=np.True_, **kw))
    if melds and melds[0].kind != "kan":
        text = "".join(str(m) for m in melds) + hand
        assert _outcome(lambda: rs.score(text, (), win, self_drawn=True, **kw)) == \
            _outcome(lambda: rs.score(hand, melds, win, self_drawn=True, **kw))


def test_score_is_the_engines_call(monkeypatch):
    """A rule set on the engine has the engine's ScoreCall as its score (RuleSet.score's signature): the
    common call is answered there, anything else by the checked path it was given (RuleSet.score), with
    the same answers; a subclass with a score of its own keeps it."""
    import inspect

    from mjpy.notation import parse_hand
    from mjpy.rules.engine.scoring import TableRules
    from mjpy.rules.interface import RuleSet

    rs = rules.get("tianjin")
    assert isinstance(rs.score.__self__, E.ScoreCall) and isinstance(rs.waits.__self__, E.WaitsCall)
    assert inspect.signature(rs.score) == inspect.signature(RuleSet.score.__get__(rs))
    assert inspect.signature(rs.waits) == inspect.signature(RuleSet.waits.__get__(rs))
    checked_calls = []
    general = RuleSet.score
    monkeypatch.setattr(RuleSet, "score", lambda *a, **k: checked_calls.append(1) or general(*a, **k))
    fresh = type(rs)(rs.info, rs.options)      # (its ScoreCall made with the counting checked path)
    hand = np.array(parse_hand("123456789m11p456m")[0], np.uint8)
    calls = [((hand,), dict(win_tile=4, self_drawn=True, indicator="1z"), False),
             (("123456789m11p456m",), dict(win_tile="5m", self_drawn=True, joker_tiles=["1z", "2z"]), False),
             ((hand, [], 4), dict(self_drawn=False, seat_wind="S", indicator="1z"), False),
             ((hand,), dict(win_tile=4, self_drawn=np.True_, indicator="1z"), True),
             ((hand,), dict(win_tile=4, self_drawn=True, indicator="1z", context={}), True),
             ((hand,), dict(win_tile=4, self_drawn=True), True)]          # (no indicator: the checked path says so)
    for args, kw, checked in calls:
        n = len(checked_calls)
        assert _outcome(lambda: fresh.score(*args, **kw)) == _outcome(lambda: general(fresh, *args, **kw)), kw
        assert (len(checked_calls) > n) == checked, kw

    class Own(TableRules):
        def score(self, *a, **k):
            return "own"

    assert Own(rs.info, rs.options).score() == "own"


def test_joker_tiles_keyed_by_their_kinds():
    """score's and waits' common call read ``joker_tiles`` (a list or tuple of indices or names) by the
    kinds it names, whatever their order and repeats: the same answers as the checked path for every
    spelling, first call and cached; a list it cannot read that way (a bad name, an index out of range,
    a bool, with an indicator too) gets the checked path's answer or error."""
    from mjpy.rules.interface import RuleSet

    hand, win = "123456789m1p1z456m", "5m"
    good = [[27, 31], ["1z", "5z"], (31, 27), [31, 27, 31], ["5z", 27], [27], ["1z"], (27, 27)]
    bad = [[27, 34], ["1z", "xx"], [True, 27], [-1], [], "1z", 27]
    for rule in ("tianjin", "hangzhou", "fuzhou"):
        rs = rules.get(rule, **({"indicator": "1z"} if rule == "tianjin" else {}))
        for jt in good + bad + good:           # (twice: from the cache)
            for extra in ({}, {"indicator": "9m"}):
                kw = dict(joker_tiles=jt, self_drawn=True, **extra)
                fast = _outcome(lambda: rs.score(hand, [], win, **kw))
                assert fast == _outcome(lambda: RuleSet.score(rs, hand, [], win, **kw)), (rule, jt, extra)
                kw.pop("self_drawn")
                assert _waits_outcome(lambda: rs.waits("123456789m1p1z45m", [], **kw)) == _waits_outcome(
                    lambda: RuleSet.waits(rs, "123456789m1p1z45m", [], **kw)), (rule, jt, extra)
    rs = rules.get("hangzhou")
    assert [rs.score(hand, [], win, joker_tiles=jt).is_win for jt in ([27], [31], ["1z"], ["5z"])] == [
        True, False, True, False]


def test_batch_joker_kinds_per_row_in_every_spelling():
    """``score_batch``'s per-row jokers read alike as a list of lists, an (N, k) integer array, a list of tile
    names or a 1-D array of them (each distinct value once); the first bad row is named by its index whatever
    the spelling."""
    import mjpy
    hands = np.array([mjpy.parse(t) for t in ("123456789m1p1z456m", "123456789m1p5z456m", "123456789m11p456m")] * 3,
                     np.uint8)
    wins = np.full(len(hands), 4)
    rs = rules.get("hangzhou")
    kinds = [27, 31, 27, 31, 31, 9, 27, 27, 31]
    want = rs.score_batch(hands, wins, joker_tiles=[[k] for k in kinds]).tolist()
    one = [rs.score(hands[i], [], "5m", joker_tiles=[kinds[i]]) for i in range(len(kinds))]
    assert want == [r.total if r.is_win else -1 for r in one] and len(set(want)) > 1
    for spelt in (np.array(kinds)[:, None], [[TILE_NAMES[k]] for k in kinds], np.array(kinds, np.int64)[:, None],
                  [np.array([k]) for k in kinds], [(k,) for k in kinds]):
        assert rs.score_batch(hands, wins, joker_tiles=spelt).tolist() == want, spelt
    tj = rules.get("tianjin")
    ind = ["1z", "9m", "1z", "5p", "1z", "9m", "5p", "1z", "1z"]
    want = tj.score_batch(hands, wins, indicator=ind).tolist()
    assert tj.score_batch(hands, wins, indicator=np.array(ind)).tolist() == want
    assert want == [tj.score(hands[i], [], "5m", indicator=ind[i]).total if tj.score(
        hands[i], [], "5m", indicator=ind[i]).is_win else -1 for i in range(len(ind))]
    for bad in ([[27]] * 4 + [[34]] + [[27]] * 4, np.array([[27]] * 4 + [[99]] + [[27]] * 4)):
        with pytest.raises(ValueError, match=r"^hands\[4\]: "):
            rs.score_batch(hands, wins, joker_tiles=bad)
    for bad in (ind[:4] + ["9x"] + ind[5:], np.array(ind[:4] + ["9x"] + ind[5:])):
        with pytest.raises(ValueError, match=r"^hands\[4\]: "):
            tj.score_batch(hands, wins, indicator=bad)


def test_melds_encoded_in_c():
    """score's and waits' common call encode a list or tuple of Meld objects in C (``meld_bytes``): the
    same bytes as the checked path's encoding; anything else (a bare ``kan``, a subclass, a tuple of
    strings, too many melds, a set) is ``None`` and gets the checked path's answer or error."""
    from mjpy.rules.interface import RuleSet

    class MyMeld(Meld):
        __slots__ = ()

    m1, m2, m3 = Meld("pon", "777z"), Meld("chi", "789s"), Meld("ankan", "1111p")
    for ms in ([m1], (m1, m2), [m2, m3, m1], [Meld("minkan", "5555z"), Meld("kakan", "9999m")]):
        assert E.meld_bytes(ms, 4, Meld) == _meld_codes([(m._kind, m._tiles[0]) for m in ms])
    assert E.meld_bytes([], 4, Meld) == b""
    for odd in ([Meld("kan", "1111m")], [MyMeld("pon", "777z")], [("pon", "777z")], [m1] * 5, {m1}, "777z",
                [m1, None]):
        assert E.meld_bytes(odd, 4, Meld) is None, odd
    assert E.meld_bytes([m1] * 5, 5, Meld) == _meld_codes([("pon", 33)] * 5)
    rs = rules.get("guangdong_tuidao")
    hand = "456m1p234567s1p"
    for ms in ([m1], (m1,), [Meld("kan", "7777z")], [MyMeld("pon", "777z")], [("pon", "777z")], ["777z"],
               [m1] * 5, {m1}, [m1, None], [Meld("pon", "111p")]):
        assert _outcome(lambda: rs.score(hand, ms, "1p")) == _outcome(
            lambda: RuleSet.score(rs, hand, ms, "1p")), ms
        assert _waits_outcome(lambda: rs.waits("456m1p234567s", ms)) == _waits_outcome(
            lambda: RuleSet.waits(rs, "456m1p234567s", ms)), ms


def _waits_outcome(call):
    try:
        return {t: (r.total, r.fans) for t, r in call().items()}
    except (TypeError, ValueError) as e:
        return type(e).__name__, str(e)


@pytest.mark.parametrize("name, hand, melds, kw", [
    ("guangdong_jipinghu", "123m456p789s111z5z", [], {}),
    ("guangdong_tuidao", "456m1p234567s", [Meld("pon", "777z")], {}),
    ("qingyuan", "123p456p789s111z5z", [], {}),
    ("tianjin", "123m456p789s111z5z", [], {"indicator": "4m"}),
    ("guangdong_tuidao", "1111m456p789s1z", [Meld("kan", "1111m")], {}),
])
def test_waits_fast_path_and_checked_path_agree(name, hand, melds, kw):
    """waits() checks a count array, bytes or a plain string in the engine; a list of counts takes
    the checked path: the same waits or the same error for every input form."""
    from mjpy.notation import parse_hand

    rs = rules.get(name)

    def outcome(call):
        try:
            return {t: (r.total, r.fans, r.form) for t, r in call().items()}
        except (TypeError, ValueError) as e:
            return type(e).__name__, str(e)

    counts = parse_hand(hand)[0]
    seen = set()
    for what, h in _variants(counts):
        fast = outcome(lambda: rs.waits(h, melds, **kw))
        plain = list(h) if isinstance(h, bytes) else [int(x) for x in np.asarray(h).reshape(-1)]
        checked = outcome(lambda: rs.waits(plain, melds, **kw))
        if what in ("uint8", "bytes", "five copies", "13 tiles", "man"):
            assert fast == checked, what
        if isinstance(fast, dict):              # the totals as score()'s: an int where whole
            assert all(type(v[0]) is int for v in fast.values()), fast
        seen.add(str(fast)[:40])
    assert outcome(lambda: rs.waits(hand, melds, **kw)) == outcome(lambda: rs.waits(counts, melds, **kw))
    assert len(seen) > 1                        # the broken forms are refused


@pytest.mark.parametrize("rule", ENGINE)
def test_waits_fast_path_as_checked_path(rule, monkeypatch):
    """waits()'s fast path (the engine's WaitsCall: flags but the jokers' absent, the situations of these
    flags seen before) gives what the checked path (RuleSet.waits: every flag in a dict) gives, results and
    errors alike (a hand refused for a value not given among them), and is the path the common call takes."""
    from mjpy.rules.interface import RuleSet
    from test_engine_regional import engine_flags, joker_kw, meld_obj, ruleset

    checked_calls = []
    general = RuleSet.waits
    monkeypatch.setattr(RuleSet, "waits", lambda *a, **k: checked_calls.append(1) or general(*a, **k))
    fresh = {}                                  # rule sets made now: their WaitsCall with the counting path

    def outcome(fn):
        try:
            return {t: (r.total, r.fans, r.reading, r.detail) for t, r in fn().items()}
        except (TypeError, ValueError) as e:
            return type(e).__name__, str(e)

    fast_calls = refused = 0
    for case in RG.waiting_cases(rule, 60, seed=11):
        bound = ruleset(case)
        rs = fresh.setdefault(id(bound), type(bound)(bound.info, bound.options))
        assert isinstance(rs.waits.__self__, E.WaitsCall)
        kw = {k: v for k, v in engine_flags(case).items() if k in ("seat_wind", "round_wind", "dealer")}
        kw.update(joker_kw(case))
        hand, melds = np.array(case.counts, np.uint8), [meld_obj(k, t) for k, t in case.melds]
        for h in (hand, hand.tobytes(), np.append(hand, 0)[:34].copy()):
            checked = outcome(lambda: general(rs, h, melds, **kw))
            n = len(checked_calls)
            assert outcome(lambda: rs.waits(h, melds, **kw)) == checked, case.describe()
            fast_calls += len(checked_calls) == n
            refused += type(checked) is tuple and "(docs/rules.md#missing)" in checked[1]
        bad = hand.copy()
        bad[int(np.flatnonzero(hand)[0])] += 1          # a tile too many
        assert outcome(lambda: rs.waits(bad, melds, **kw)) == outcome(lambda: general(rs, bad, melds, **kw))
    assert fast_calls > 50
    assert refused > 0 or rule in ("hangzhou", "wenzhou", "xuzhou"), refused


def test_waits_situations_cached_with_joker_list():
    """waits() keeps the situations of its flags between calls, joker_tiles given as a list (unhashable)
    included; a call with other flags gets its own situations, the same results as a fresh rule set's."""
    hand, melds = "23m456p789s111z5z7z", []
    rs = rules.get("hangzhou")

    def fresh(**kw):
        return {t: (r.total, r.fans) for t, r in rules.get("hangzhou").waits(hand, melds, **kw).items()}

    for _ in range(2):
        for kw in (dict(joker_tiles=["7z"]), dict(joker_tiles=["7z"], dealer=True),
                   dict(joker_tiles=["7z"], self_drawn=True, seat_wind="S")):
            got = {t: (r.total, r.fans) for t, r in rs.waits(hand, melds, **kw).items()}
            assert got and got == fresh(**kw), kw
    assert len(rs._modes_cache) == 3


def result_fields(rs, status, total, n_sub, failed, missing, det):
    """The fields of the Result of a win, built here from :func:`mjcore.engine.score_one`'s tuple (the
    engine's ``ResultMaker`` builds it in C: the tests compare the two)."""
    assert status == E.STATUS_WIN
    form, fans, factors, groups, reading = det
    detail = {"factors": factors, "groups": groups, "substitutes": n_sub, "form": form}
    if rs.table.points == "pow2":
        detail["points"] = 2 ** total
    if rs.spec.detail is not None:
        detail.update(rs.spec.detail(rs.options, total, fans, detail))
    return {"is_win": True, "total": total, "fans": fans, "unit": rs.unit, "rules": rs.name, "reason": "",
            "form": form, "reading": None if reading is None else Reading(form, *reading), "detail": detail}


@pytest.mark.parametrize("rule", ENGINE)
def test_result_built_by_the_engine(rule):
    """A win's Result comes built by the engine (ResultMaker): every field as built here from score_one's
    tuple, the reading a Reading; and score()'s fast path (the engine checks the hand) gives what the
    checked path (a numpy bool flag) gives."""
    from test_engine_regional import engine_flags, joker_kw, meld_obj, ruleset

    wins = 0
    for case in RG.cases(rule, 300, seed=5):
        rs = ruleset(case)
        hand, melds = np.array(case.counts, np.uint8), [meld_obj(k, t) for k, t in case.melds]
        kw = dict(engine_flags(case), **joker_kw(case))
        out = []
        for sd in (kw["self_drawn"], np.bool_(kw["self_drawn"])):
            try:
                out.append(rs.score(hand, melds, case.win, **dict(kw, self_drawn=sd)))
            except (TypeError, ValueError) as e:
                out.append((type(e), str(e)))
        fast, checked = out
        if isinstance(fast, tuple) or isinstance(checked, tuple):
            assert fast == checked, case.describe()
            continue
        if fast.is_win:                         # (a win's fields past its total are built when first read)
            assert set(fast.__dict__) == set(checked.__dict__) == DEFERRED_KEYS, case.describe()
            fast.fans, checked.fans             # noqa: B018
        assert fast.__dict__ == checked.__dict__, case.describe()
        got = _usable(case)
        if not fast.is_win or got is None:
            continue
        rs, c, ms, s, jk = got
        args = (rs.compiled.program, c.tobytes(), _meld_codes(ms), case.win, _flag_bits(s), s["seat_wind"],
                s["round_wind"], _mask(jk), bool(jk))
        built = E.score_one(*args, maker=rs._maker)
        want = result_fields(rs, *E.score_one(*args))
        assert set(built.__dict__) == DEFERRED_KEYS and built.total == want["total"], case.describe()
        built.fans                              # noqa: B018
        assert built.__dict__ == want, case.describe()
        assert type(built.reading) is type(want["reading"]) and type(built.total) is type(want["total"])
        wins += 1
    assert wins > 50


@pytest.mark.parametrize("rule", ENGINE)
def test_waits_results_built_by_the_engine(rule):
    """waits() gets each win's Result built by the engine (ResultMaker): every field as built here from
    the tuples of waits_one without a maker."""
    from test_engine_regional import engine_flags, joker_kw, meld_obj, ruleset

    seen = 0
    for case in RG.waiting_cases(rule, 120, seed=7):
        kw = {k: v for k, v in engine_flags(case).items() if k in ("seat_wind", "round_wind", "dealer", "context")}
        kw.update(joker_kw(case))
        rs = ruleset(case)
        rs._modes_cache.clear()                 # (the bound rule set is shared: this call's situations alone)
        try:
            w = rs.waits(np.array(case.counts, np.uint8), [meld_obj(k, t) for k, t in case.melds], **kw)
        except (TypeError, ValueError):
            continue
        if not w or rs.spec.stand_in is not None or not rs._modes_cache:
            continue                            # (a stand-in: waits trades the tiles first; a context: no cache)
        (modes, seat, rnd), = rs._modes_cache.values()
        jk = rs._jokers_cached(kw)[0]
        limit = 5 if not jk and rs.spec.exhausted_waits(rs.options) else 4
        ms = [(k, t) for k, t in case.melds]
        args = (rs.compiled.program, bytes(case.counts), _meld_codes(ms), limit, modes, seat, rnd, _mask(jk), bool(jk))
        built = E.waits_one(*args, maker=rs._maker)
        plain = E.waits_one(*args)
        assert [x[:2] for x in built] == [x[:2] for x in plain]
        for (t, _, r), (_, _, total, n_sub, det) in zip(built, plain):
            assert set(r.__dict__) == DEFERRED_KEYS and r.total == total   # the rest built when first read
            r.fans                                                          # noqa: B018
            assert r.__dict__ == result_fields(rs, E.STATUS_WIN, total, n_sub, -1, 0, det), (case.describe(), t)
            assert w[TILE_NAMES[t]] == r and w[TILE_NAMES[t]].__dict__ == r.__dict__
        seen += len(built)
    assert seen > 50


#: what a win's result from the engine holds before its other fields are read
DEFERRED_KEYS = {"is_win", "total", "unit", "rules", "reason", "_deferred"}


@pytest.mark.parametrize("call", ["waits", "score"])
def test_results_build_their_fields_when_read(call):
    """A win's result of waits() or score() holds its total and builds fans, form, reading and detail when
    one is first read (mjcore.engine.DeferredWin): unread, it compares, prints, copies and pickles as the
    result read; an attribute it has not stays an AttributeError and builds nothing; threads reading it at
    once all get the same objects; DeferredWin.fields() builds new objects each call, and only the engine
    makes one."""
    import copy
    import dataclasses
    import pickle
    import threading

    rs = rules.get("tianjin", indicator="1z")

    def fresh():
        if call == "waits":
            r = rs.waits("123456789m11p45m")["6m"]
        else:
            r = rs.score("123456789m11p456m", win_tile="6m", self_drawn=True)
        assert set(r.__dict__) == DEFERRED_KEYS
        return r

    read = fresh()
    assert read.fans == [("一条龙", 2), ("无绘", 1)] and read.total == 3 and read.form == "standard"
    assert str(read.reading) == "1m 2m 3m | 4m 5m 6m | 4m 5m 6m | 7m 8m 9m | 1p 1p"
    assert read.detail["groups"] == {"base": 3} and "_deferred" not in read.__dict__
    assert read == rs.score("123456789m11p456m", win_tile="6m", self_drawn=True) == rs.waits("123456789m11p45m")["6m"]
    assert fresh() == read and repr(fresh()) == repr(read) and fresh().to_dict() == read.to_dict()
    for f in (pickle.loads(pickle.dumps(fresh())), copy.copy(fresh()), copy.deepcopy(fresh()),
              dataclasses.replace(fresh()), dataclasses.replace(fresh(), total=9)):
        assert "_deferred" not in f.__dict__ and f.fans == read.fans and f.detail == read.detail
    assert dataclasses.asdict(fresh())["fans"] == [("一条龙", 2), ("无绘", 1)]
    r = fresh()
    with pytest.raises(AttributeError, match="no attribute 'points'"):
        r.points                                # noqa: B018
    assert set(r.__dict__) == DEFERRED_KEYS
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.fans = []
    w = r.__dict__["_deferred"]
    a, b = w.fields(), w.fields()
    assert a == b and a["fans"] is not b["fans"] and a["detail"] is not b["detail"]
    with pytest.raises(TypeError, match="engine only"):
        type(w)()
    with pytest.raises(TypeError, match="not picklable"):
        pickle.dumps(w)
    for _ in range(20):
        r = fresh()
        got = []
        threads = [threading.Thread(target=lambda: got.append((r.fans, r.detail))) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert all(f is got[0][0] and d is got[0][1] for f, d in got) and r.fans is got[0][0]


#: wins whose best readings are the longest or the oddest the engine keeps for a result (DeferredWin packs them)
ODD_READINGS = [
    ("xuzhou", {}, "1359m147p258s2222z", "1m", dict(indicator="1z")),      # 跑配成牌: one group of 14, stand-ins
    ("xuzhou", {}, "19m19p19s1357z2222z", "9s", dict(indicator="1z")),
    ("xuzhou", {}, "1133m5577p99s13z22z", "3z", dict(indicator="1z")),     # 七對 with two 配兒
    ("wenzhou", {}, "1122334455667788m9p", "9p", dict(joker_tiles=["7z"])),   # 硬八對: nine groups, 17 tiles
    ("wenzhou", {}, "123456789m12345p777z", "7z", dict(joker_tiles=["7z"])),  # 三財神: one group of 17
    ("wenzhou", {}, "123456789m1234567p7z", "7z", dict(joker_tiles=["7z"])),  # six groups, a 財神 substituting
    ("tianjin", {"qidui": 2, "shuanghundiao": 2}, "1122m3344p5566s1z2z", "1z", dict(indicator="1z")),
]


@pytest.mark.parametrize("rule, opts, text, win, kw", ODD_READINGS)
def test_deferred_fields_of_long_readings(rule, opts, text, win, kw):
    """A win's deferred fields (its best reading kept packed by DeferredWin) are those built at once from the
    engine's reading (score_one's tuple), for the longest and oddest readings: one any-shape group of 17 tiles,
    nine groups of a 16-tile hand, stand-ins, jokers at their face and substituting."""
    from mjpy.notation import parse_hand

    rs = rules.get(rule, **opts)
    r = rs.score(text, win_tile=win, self_drawn=True, **kw)
    assert r.is_win and set(r.__dict__) == DEFERRED_KEYS
    counts = np.array(parse_hand(text)[0], np.uint8)
    s = rs._situation({"self_drawn": True})
    want = result_fields(rs, *E.score_one(rs.compiled.program, counts.tobytes(), b"", TILE_NAMES.index(win),
                                          _flag_bits(s), s["seat_wind"], s["round_wind"],
                                          rs._jokers_cached(kw)[1], True))
    r.fans                                      # noqa: B018
    assert r.__dict__ == want and len(str(r.reading).split()) >= 14


def test_result_maker_takes_plain_classes_only():
    """The engine allocates a ResultMaker's instances itself: a class with its own __new__ or __slots__
    is refused, not half-built."""
    from mjpy.rules.engine.readings import Reading
    from mjpy.rules.interface import Result

    class Slotted:
        __slots__ = ("total",)

    class OwnNew:
        def __new__(cls):
            return super().__new__(cls)

    E.ResultMaker(Result, Reading, "番", "tianjin")
    for bad in (Slotted, OwnNew, int):
        with pytest.raises(TypeError, match="plain class"):
            E.ResultMaker(bad, Reading, "番", "tianjin")
    for bad in (list, Result):
        with pytest.raises(TypeError, match="tuple subclass"):
            E.ResultMaker(Result, bad, "番", "tianjin")


def test_engine_built_results_share_no_mutable_part():
    """Each Result the engine builds has its own fans list and detail / groups dicts (they are copied from
    one template per rule set): changing one result's leaves the next one's as it was."""
    rs = rules.get("tianjin", indicator="1z")
    first = rs.score("123456789m11p456m", win_tile="5m", self_drawn=True)
    first.fans.append(("x", 9))
    first.detail["groups"]["base"] = -1
    first.detail["extra"] = 1
    second = rs.score("123456789m11p456m", win_tile="5m", self_drawn=True)
    assert second.fans == [("一条龙", 2), ("捉五魁", 1), ("无绘", 1)]
    assert second.detail["groups"] == {"base": 4} and "extra" not in second.detail
    assert second.fans is not first.fans and second.detail is not first.detail
    assert second.reading.groups[0] == ("chow", ((0, 0), (1, 1), (2, 2)))   # a group of real tiles only, as listed


def test_set_results_checks_its_groups():
    """Program.set_results refuses a group index the program does not have (it is read without a check
    when a result is built)."""
    rs = rules.get("tianjin", indicator="1z")
    c = rs.compiled
    with pytest.raises(ValueError, match="group index out of range"):
        c.program.set_results(c._items, c._defaults, [len(c._defaults)], [], None)


def test_engine_built_result_is_an_ordinary_result():
    """A Result the engine allocated (ResultMaker) pickles, copies, compares and stays frozen like one built
    by its constructor."""
    import copy
    import dataclasses
    import pickle

    from mjpy.rules.interface import Result

    r = rules.get("tianjin").score("123456789m11p456m", win_tile="5m", self_drawn=True, indicator="1z")
    built = Result(r.is_win, r.total, r.fans, r.unit, r.rules, r.reason, r.form, r.reading, r.detail)
    assert r == built and r.detail == built.detail and r.total == 4
    for other in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r), dataclasses.replace(r)):
        assert other == r and other.reading == r.reading and type(other.reading) is type(r.reading)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.total = 5


#: options binding the rule sets whose jokers are the caller's choice
_BIND = {"hangzhou": {"caishen": ["7z"]}, "wenzhou": {"caishen": ["7z"]}, "fuzhou": {"gold": ["7z"]}}


@pytest.mark.parametrize("name", [n for n in rules.names() if n not in ("standard", "riichi", "taiwan")])
def test_self_drawn_dominates_holds_on_random_facts(name):
    """Where the compiled table says no reading scores more on a discard than self-drawn (``waits`` then
    scores the self-drawn situation alone), the table's own evaluator agrees on random facts: whatever
    wins on a discard wins self-drawn with at least the same total."""
    from mjpy.rules.engine.table import evaluate

    rs = rules.get(name, **_BIND.get(name, {}))
    compiled = getattr(rs, "compiled", None)
    if compiled is None or not compiled.self_drawn_dominates:
        return
    table, rng, wins = compiled.table, random.Random(f"dominates/{name}"), 0
    read = sorted({n for r in table.rows for n in r.when.names} | {r.per for r in table.rows if r.per}
                  | {n for w in table.wins for n in w.when.names} - {"self_drawn"})
    for _ in range(3000):
        f = dict.fromkeys(FACTS, 0)
        for n in read:
            if not n.startswith("group:"):
                f[n] = rng.choice((0, 0, 1, 1, 2, 3, 9))
        f["self_drawn"], f["after_kong"] = 0, 0
        on_discard = evaluate(table, f, rs.options)
        f["self_drawn"] = 1
        drawn = evaluate(table, f, rs.options)
        if on_discard.failed or on_discard.missing:
            continue
        wins += 1
        assert not drawn.failed and not drawn.missing and drawn.total >= on_discard.total, (name, f)
    assert wins > 0 or not rs.spec.discard_wins(rs.options)


def test_self_drawn_dominates_is_refused_where_a_discard_scores_more():
    """The analysis says no where a row, a win condition or a group count falls with self_drawn, where a
    row that reads it has no value given or scales down, or where concealed pungs are read."""
    from mjpy.rules.engine.compiled import self_drawn_dominates
    from mjpy.rules.engine.table import Fan, Group, Opt, Table, Win

    up = Fan("自摸", 1, F.self_drawn)
    base, extra, factor = Group("base"), Group("extra"), Group("f", "product", "factor")
    for rows, groups, wins, want in (
            ((up,), (base,), (), True),
            ((up, Fan("x", 2, F.n_chi == 0, group="f")), (base, factor), (), True),
            ((up, Fan("河底", 2, F.last_tile & ~F.self_drawn)), (base,), (), False),
            ((Fan("x", Opt("x"), F.self_drawn),), (base,), (), False),
            ((up, Fan("x", Fraction(1, 2), F.self_drawn, group="f")), (base, factor), (), False),
            ((up, Fan("y", 1, G.base == 0, group="extra")), (base, extra), (), False),
            ((up,), (base,), (Win(F.self_drawn == 0, "discard only"),), False),
            ((up, Fan("z", 1, F.n_concealed_pungs >= 3)), (base,), (), False)):
        t = Table("t", "番", rows, groups=groups, wins=wins)
        values = [0 if isinstance(r.value, Opt) else r.value for r in rows]
        assert self_drawn_dominates(t, rows, values, [isinstance(r.value, Opt) for r in rows]) is want, rows
