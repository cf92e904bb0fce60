"""Seeded random cases for the regional rule sets (``guangdong_tuidao``, ``guangdong_jipinghu``,
``qingyuan``, ``tianjin``, ``hangzhou``, ``wenzhou``, ``fuzhou``), for tests/test_engine_regional.py.

Like tests/reference_regional.py this module imports nothing from ``src/``: a case is plain data
(34 counts, ``(kind, first tile)`` melds, tile indices) that the tests hand to the reference as is
and convert for the engine.

A case (:class:`Case`) is drawn in this order:

1. **Options** (:func:`random_options`): the rule set's options, each away from its default on a
   fraction of the cases, so that every refusal ("value not given: pass qidui=...", "self-drawn
   wins only", "chi is not allowed") occurs and so does the scored path it guards.  Value options
   (``qidui``, ``quanqiuren``, ``hundiao`` ...) are given on about 60% of the cases; Fuzhou's four
   values (``zimo``, ``pinghu``, ``qiangjin``, ``jin``: small ints, some 0) all on 70% of the cases,
   else each on half of them.
2. **Jokers**: 推倒胡 ``gui="baiban"`` -> 白; ``gui="fan"`` -> the successor of a random indicator;
   Tianjin -> the flipped kind and its successor; through ``reference_regional.joker_kinds_for``.
   Hangzhou, Wenzhou and Fuzhou -> one or two random 财神 / 金 kinds (白 and 5m often), no
   indicator; on part of the cases they are bound as the option ``caishen`` (Fuzhou ``gold``)
   instead of passed per call.
3. **Motif** (:data:`MOTIFS`): a complete hand built from random sets and a pair over a pool of
   kinds of the rule set's tile set (all kinds, one suit, one suit + honors, honors, 2/5/8,
   terminals, dragons, winds, chows only, pungs only ...), or a special shape (seven pairs with
   an occasional four-of-a-kind, thirteen orphans, 九蓮寶燈, chows of one suit with an honor
   pair for 平和 + 混一色, Tianjin's 1-9 straight, 4m-5m-6m, a pair of 混, two 混 beside a 5m,
   four exposed melds for 全求人; Hangzhou's 暴头: one 财神 beside four sets and the winning tile,
   财飘 the same with ``caipiao`` 1 or 2, seven pairs with 0-3 quads, a melded 财神 pon, a kong
   and ``after_kong``; Wenzhou's 16-tile hands: five sets and a pair, all pungs, 硬八對 (8 pairs and
   a single, with quads sometimes, a few with a 財神 so that it must not count), 三財神 (3-4 財神 and
   random junk), 單吊 (five declared melds and the pair), a melded 財神, 天胡 / 地胡; Fuzhou's 抢金:
   a complete hand one tile of which is a 金, mostly the winning tile, with ``qiangjin`` 1; 天和;
   a melded 金), chosen with weights per rule set.  The pool seldom holds a joker kind, so jokers
   at their own face occur but stay few.
4. **Melds**: 0-3 of the sets (4 for the 全求人 motif and rarely otherwise; Wenzhou 0-5, 5 for
   單吊) become declared melds: a pung becomes pon / minkan / kakan / ankan (a kong takes a fourth copy), a chow
   becomes chi only where the rule set has chi (雞平和; 推倒胡 whatever ``allow_chi`` says, so
   its refusal occurs; Hangzhou, Wenzhou and Fuzhou always).
5. **Jokers in the hand**: 0-4 concealed tiles replaced by joker-kind tiles (never more than
   ``max_jokers`` joker tiles in the concealed hand, faces included).
6. **Breaking** (about 12%): one concealed tile moved to another kind (sometimes one outside the
   tile set: a 万 in 清远, an honor in 推倒胡 不带风), so near-complete non-winning hands occur.
7. **Winning tile**: a concealed tile, often a joker kind or (Tianjin) the 5m.
8. **Flags** consistent with the rule set: self-drawn mostly where wins are self-drawn only (a few
   discard wins for the refusal), ``after_kong`` only with ``self_drawn``, ``robbing_kong`` only
   without it, 雞平和 ``tianhu`` with ``dealer``, ``dihu`` / ``triple_ron`` on a discard; random
   seat and round winds (0-3), ``dealer``; Hangzhou ``caipiao`` (0-2, mostly 0); Wenzhou ``tianhu``
   (self-drawn, dealer, no melds) and ``dihu`` (on a discard, not the dealer) by their motifs; Fuzhou
   ``qiangjin`` 1 (a context count kept in ``flags``: :meth:`Case.ref_kwargs` passes it as
   ``context``) with the 抢金 motif and on a few other cases, ``tianhu`` (self-drawn, dealer, no
   melds) with its motif.

Hand size: ``R.N_SETS`` sets and a pair, 14 tiles (17 for Wenzhou) counting 3 per meld; a waiting
hand one fewer.

No kind is ever held more than four times, melds included (checked, the draw is retried).
Everything is driven by one ``random.Random`` per (rule set, seed), so a case list is a pure
function of its arguments.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

import reference_regional as R

__all__ = ["Case", "MOTIFS", "random_options", "make_case", "cases", "waiting_cases", "batch_cases",
           "held_counts", "check_case", "BATCH_CONFIGS", "qiangjin_hands"]

RULES = R.RULES
SUIT_STARTS = (0, 9, 18)


def n_sets(rule: str) -> int:
    """Sets of a complete standard hand of ``rule`` (5 for Wenzhou's 16-tile play, else 4)."""
    return R.N_SETS.get(rule, 4)


def hand_size(rule: str) -> int:
    """Tiles of a complete hand counting 3 per meld (14; Wenzhou 17)."""
    return 3 * n_sets(rule) + 2


@dataclass
class Case:
    rule: str
    counts: List[int]                   # 34 concealed counts (the winning tile included; 13 - 3m for waits)
    melds: List[Tuple[str, int]]        # (kind, first tile)
    win: Optional[int]                  # the winning tile (None for a waiting hand)
    joker_kinds: Tuple[int, ...] = ()
    indicator: Optional[int] = None     # the flipped tile (翻鬼 / 混), None for 白板鬼 or no jokers
    pass_indicator: bool = False        # give the engine indicator= instead of the joker kinds
    flags: Dict[str, object] = field(default_factory=dict)     # reference score() flags, winds 0-3, caipiao
    options: Dict[str, object] = field(default_factory=dict)   # rule-set options away from the defaults
    motif: str = ""

    def ref_kwargs(self) -> dict:
        kw = dict(self.flags)
        if "qiangjin" in kw:                # Fuzhou: a context count (the option of that name is a value)
            n = kw.pop("qiangjin")
            if n:
                kw["context"] = {"qiangjin": n}
        kw.update(self.options)
        if self.joker_kinds:
            kw["joker_kinds"] = tuple(self.joker_kinds)
        return kw

    def describe(self) -> str:
        ms = " ".join(f"{k}:{R.name(t)}" for k, t in self.melds)
        jk = ",".join(R.name(t) for t in self.joker_kinds)
        ind = "" if self.indicator is None else f" indicator={R.name(self.indicator)}"
        win = "" if self.win is None else f" win={R.name(self.win)}"
        flags = {k: v for k, v in self.flags.items() if v}
        return (f"{self.rule} [{self.motif}] {R.to_str(self.counts)} melds=[{ms}]{win} jokers=[{jk}]{ind} "
                f"flags={flags} options={self.options}")


# --------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------
def _maybe(rng, p, values):
    """A random value of ``values`` with probability p, else None."""
    return rng.choice(values) if rng.random() < p else None


def random_options(rule: str, rng: random.Random) -> dict:
    """Options of ``rule`` away from their defaults on part of the draws (only those keys)."""
    o = {}

    def put(key, value):
        if value != R.DEFAULTS[rule][key]:
            o[key] = value

    if rule == "guangdong_tuidao":
        gui = rng.choices(("none", "baiban", "fan"), (35, 30, 35))[0]
        o["gui"] = gui                                   # always named: the jokers depend on it
        put("with_honors", gui == "baiban" or rng.random() < 0.85)
        put("allow_chi", rng.random() < 0.35)
        put("self_draw_only", rng.random() < 0.8)
        put("pengpeng_requires_exposed", rng.random() < 0.15)
        put("koukoufan", rng.random() < 0.2)
        put("qidui", _maybe(rng, 0.6, (10, 10, 20, 5)))
        put("quanqiuren", _maybe(rng, 0.6, (10, 10, 20, 5)))
        put("fengyise_any_shape", rng.random() < 0.2)
        put("yinghu_without_gui", rng.random() < 0.8)
        put("allow_quad", rng.random() < 0.85)
        put("allow_fifth_copy", rng.random() < 0.85)
        if rng.random() < 0.1:                           # settlement only: must not change score()
            put("cap", rng.choice((200, 300, 500)))
    elif rule == "guangdong_jipinghu":
        put("within_cap_stacking", "add" if rng.random() < 0.75 else "max")
        put("cap", 3 if rng.random() < 0.85 else rng.choice((2, 4, 5)))
        put("qidui", _maybe(rng, 0.6, (1, 2, 3, 4)))
        put("tianhe_fan", _maybe(rng, 0.6, (6, 13, 3)))
        put("renhe_fan", _maybe(rng, 0.6, (6, 13, 2)))
        put("pinghu_pair", "any" if rng.random() < 0.7 else "no_value_honor")
        put("allow_quad", rng.random() < 0.85)
    elif rule == "qingyuan":
        put("qidui", _maybe(rng, 0.6, (6, 9, 3, 12)))
        put("allow_quad", rng.random() < 0.85)
        put("yijiu_allows_honors", rng.random() < 0.35)
    elif rule == "tianjin":
        put("self_draw_only", rng.random() < 0.85)
        put("qidui", _maybe(rng, 0.65, (1, 2, 3)))
        put("hundiao", _maybe(rng, 0.65, (1, 2, 3)))
        put("shuanghundiao", _maybe(rng, 0.65, (1, 2, 4)))
        put("shuanghui_zhuowu", _maybe(rng, 0.65, (1, 2, 3)))
        put("benhuilong", "face_joker" if rng.random() < 0.75 else "no_substitute")
        put("wuhui", "no_substitute" if rng.random() < 0.75 else "none_held")
        put("allow_quad", rng.random() < 0.85)
        put("allow_fifth_copy", rng.random() < 0.85)
    elif rule == "hangzhou":                             # caishen: see make_case (it names the jokers)
        put("allow_quad", rng.random() < 0.85)
        put("allow_fifth_copy", rng.random() < 0.85)
        put("gangkai", _maybe(rng, 0.6, (2, 2, 4, 3)))
        put("caishen_melds", rng.random() < 0.2)
    elif rule == "wenzhou":                              # caishen: see make_case (it names the jokers)
        put("allow_quad", rng.random() < 0.85)
        put("allow_fifth_copy", rng.random() < 0.85)
        put("allow_all_pungs", rng.random() < 0.75)
        put("yingpai", _maybe(rng, 0.5, (1, 2, 2, 3)))
        put("ruanpai", _maybe(rng, 0.5, (1, 1, 2, 4)))
    elif rule == "fuzhou":                               # gold: see make_case (it names the jokers)
        put("allow_fifth_copy", rng.random() < 0.85)
        put("allow_discard_gold", rng.random() < 0.2)
        p = 1.0 if rng.random() < 0.7 else 0.5           # all four values given, or each on half the cases
        for key in ("zimo", "pinghu", "qiangjin", "jin"):
            put(key, _maybe(rng, p, (0, 1, 1, 2, 2, 3, 5)))
    else:
        raise ValueError(f"unknown rule set {rule!r}")
    return o


def _joker_setup(rule, opts, rng, tiles):
    """(joker_kinds, indicator) of one hand."""
    if rule == "guangdong_tuidao":
        gui = opts.get("gui", "none")
        if gui == "none":
            return (), None
        if gui == "baiban":
            return R.joker_kinds_for(rule, gui="baiban"), None
        ind = rng.choice(tiles)
        return R.joker_kinds_for(rule, gui="fan", indicator=ind, with_honors=opts.get("with_honors", True)), ind
    if rule == "tianjin":
        ind = rng.randrange(34)
        return R.joker_kinds_for(rule, indicator=ind), ind
    if rule in ("hangzhou", "wenzhou", "fuzhou"):        # the caller names the 财神 / 金 kinds
        first = rng.choice((33, 33, 4, 31, rng.randrange(34), rng.randrange(34)))
        kinds = {first}
        if rng.random() < 0.35:
            kinds.add(rng.choice([t for t in range(34) if t != first]))
        return R.joker_kinds_for(rule, **{R.JOKER_OPTION[rule]: sorted(kinds)}), None
    return (), None


# --------------------------------------------------------------------------------------------
# Motifs: (name, weight) per rule set
# --------------------------------------------------------------------------------------------
MOTIFS = {
    "guangdong_tuidao": (("random", 30), ("pungs", 10), ("suit", 12), ("suit_honors", 5), ("honors", 6),
                         ("honors_any", 3), ("258", 8), ("seven_pairs", 14), ("chows", 4),
                         ("all_melds", 3)),
    "guangdong_jipinghu": (("random", 18), ("pungs", 7), ("suit", 8), ("suit_honors", 10), ("honors", 5),
                           ("dragons", 7), ("winds", 7), ("terminals", 4), ("terminals_honors", 6),
                           ("chows", 9), ("suit_pungs", 4), ("all_melds", 2), ("seven_pairs", 9),
                           ("thirteen_orphans", 6), ("nine_gates", 4), ("half_flush_chows", 5)),
    "qingyuan": (("random", 25), ("pungs", 12), ("suit", 12), ("suit_pungs", 8), ("honors", 8),
                 ("terminals_honors", 8), ("seven_pairs", 15), ("all_melds", 2)),
    "tianjin": (("random", 28), ("dragon_straight", 16), ("kan5m", 14), ("hui_pair", 8), ("two_hui_5m", 8),
                ("seven_pairs", 12), ("pungs", 5), ("all_melds", 2)),
    "hangzhou": (("random", 26), ("baotou", 18), ("caipiao", 10), ("qidui", 18), ("pungs", 6), ("all_melds", 3),
                 ("caishen_pon", 5), ("after_kong", 6)),
    "wenzhou": (("random", 36), ("pungs", 10), ("eight_pairs", 16), ("three_caishen", 10), ("dandiao", 8),
                ("caishen_pon", 5), ("tianhu", 4), ("dihu", 4)),
    "fuzhou": (("random", 40), ("pungs", 8), ("suit", 8), ("qiangjin", 20), ("tianhu", 8), ("gold_pon", 6),
               ("all_melds", 3)),
}


def _pool(motif, tiles, rng):
    """The kinds a motif draws its sets from (a list, within the tile set)."""
    tset = set(tiles)
    suits = [s for s in SUIT_STARTS if s in tset]
    honors = [t for t in R.HONORS if t in tset]
    s0 = rng.choice(suits)
    if motif in ("suit", "suit_pungs", "dragon_straight"):
        pool = list(range(s0, s0 + 9))
    elif motif == "suit_honors":
        pool = list(range(s0, s0 + 9)) + honors
    elif motif in ("honors", "honors_any"):
        pool = honors
    elif motif == "258":
        pool = [t for t in tiles if t < 27 and R.rank(t) in (2, 5, 8)]
    elif motif == "terminals":
        pool = [t for t in R.TERMINALS if t in tset]
    elif motif == "terminals_honors":
        pool = [t for t in R.ORPHANS if t in tset]
    else:
        pool = list(tiles)
    return pool or list(tiles)


def _random_sets(rng, pool, n_sets, chow_p=0.5):
    """n_sets random sets of the pool: [("pung"|"chow", first)]."""
    pset = set(pool)
    starts = [k for k in pool if k < 27 and R.rank(k) <= 7 and k + 1 in pset and k + 2 in pset]
    out = []
    for _ in range(n_sets):
        if starts and rng.random() < chow_p:
            out.append(("chow", rng.choice(starts)))
        else:
            out.append(("pung", rng.choice(pool)))
    return out


def _group_tiles(g):
    kind, t = g
    return [t, t + 1, t + 2] if kind == "chow" else [t] * 3


def _build_wenzhou(motif, tiles, jk, rng):
    """Wenzhou's (sets, pair, loose): five sets and a pair, or a special shape (17 tiles)."""
    pool = [t for t in tiles if t not in jk or rng.random() < 0.25]
    plain = [t for t in tiles if t not in jk]
    if motif == "pungs":                              # all pungs (refused with allow_all_pungs=False)
        return _random_sets(rng, pool, 5, chow_p=0.0), rng.choice(pool), []
    if motif == "eight_pairs":                        # 硬八對: 8 pairs + a single, no 財神
        n_quads = rng.choice((0, 0, 0, 1, 1, 2))
        kinds = rng.sample(plain, 9 - n_quads)
        loose = [t for i, t in enumerate(kinds[:-1]) for _ in range(4 if i < n_quads else 2)]
        single = kinds[-1]
        if rng.random() < 0.3:                        # three of a kind: a pair and the single
            single = rng.choice(kinds[n_quads:-1])
        loose.append(single)
        if rng.random() < 0.15:                       # a 財神 tile in the hand: not 硬八對
            loose[rng.randrange(len(loose))] = rng.choice(jk)
        return [], None, loose
    if motif == "three_caishen":                      # 3-4 財神 + random junk: a win whatever the shape
        sets = _random_sets(rng, plain, rng.choice((0, 0, 1, 2)))
        loose = [rng.choice(jk) for _ in range(rng.choice((3, 3, 4)))]
        while len(loose) + 3 * len(sets) < 17:
            loose.append(rng.choice(plain))
        return sets, None, loose
    if motif == "caishen_pon":                        # a pung of a 財神 kind (declared: refused)
        return [("pung", rng.choice(jk))] + _random_sets(rng, pool, 4), rng.choice(pool), []
    return _random_sets(rng, pool, 5), rng.choice(pool), []      # random, dandiao, tianhu, dihu


def _build_fuzhou(motif, tiles, jk, rng):
    """Fuzhou's (sets, pair, loose): four sets and a pair; 抢金: one tile of them a 金 (the last
    loose tile, the winning tile of make_case), in the pair or in a set."""
    pool = _pool(motif, tiles, rng)
    pool = [t for t in pool if t not in jk or rng.random() < 0.25] or pool
    if motif == "gold_pon":                           # a pung of a 金 kind (declared: refused by default)
        return [("pung", rng.choice(jk))] + _random_sets(rng, pool, 3), rng.choice(pool), []
    if motif == "pungs":
        return _random_sets(rng, pool, 4, chow_p=0.0), rng.choice(pool), []
    sets, pair = _random_sets(rng, pool, 4), rng.choice(pool)
    if motif == "qiangjin":                           # 13 tiles and the revealed 金 make the hand
        gold = rng.choice(jk)
        if rng.random() < 0.4:                        # the 金 pairs with a tile
            return sets, None, [pair, gold]
        tiles3 = _group_tiles(sets[-1])
        tiles3.remove(rng.choice(tiles3))
        return sets[:-1], pair, tiles3 + [gold]
    return sets, pair, []                             # random, suit, tianhu, all_melds


def _build(rule, motif, tiles, jk, rng):
    """(sets, pair, loose): sets that may become melds, the pair kind (or None) and the loose
    concealed tiles (a list) of a complete (or special-form) hand of the motif."""
    if rule == "wenzhou":
        return _build_wenzhou(motif, tiles, jk, rng)
    if rule == "fuzhou":
        return _build_fuzhou(motif, tiles, jk, rng)
    pool = _pool(motif, tiles, rng)
    if len(jk) and motif not in ("honors", "honors_any", "258", "terminals", "terminals_honors"):
        pool = [t for t in pool if t not in jk or rng.random() < 0.25] or pool
    tset = set(tiles)
    if motif == "seven_pairs":
        kinds = rng.sample(pool if len(pool) >= 7 else list(tiles), 7)
        loose = [t for t in kinds for _ in range(2)]
        if rng.random() < 0.25:                       # a four-of-a-kind as two pairs
            loose = loose[:-2] + [kinds[0]] * 2
        return [], None, loose
    if motif == "qidui":                              # Hangzhou: seven pairs with 0-3 quads, some 财神
        n_quads = rng.choice((0, 0, 1, 1, 2, 3))
        kinds = rng.sample(pool if len(pool) >= 7 else list(tiles), 7 - n_quads)
        loose = [t for i, t in enumerate(kinds) for _ in range(4 if i < n_quads else 2)]
        for _ in range(rng.choice((0, 0, 1, 1, 2))):  # a 财神 in place of a tile
            i = rng.randrange(len(loose))
            loose[i] = rng.choice(jk)
        return [], None, loose
    if motif in ("baotou", "caipiao"):                # one 财神 + four sets; the winning tile pairs with it
        drawn = rng.choice(jk) if rng.random() < 0.2 else rng.choice(pool)
        return _random_sets(rng, pool, 4), None, [rng.choice(jk), drawn]
    if motif == "caishen_pon":                        # a pung of a 财神 kind (declared: refused by default)
        return [("pung", rng.choice(jk))] + _random_sets(rng, pool, 3), rng.choice(pool), []
    if motif == "thirteen_orphans":
        return [], None, list(R.ORPHANS) + [rng.choice(R.ORPHANS)]
    if motif == "nine_gates":
        s0 = rng.choice([s for s in SUIT_STARTS if s in tset])
        loose = [s0] * 3 + list(range(s0 + 1, s0 + 8)) + [s0 + 8] * 3 + [s0 + rng.randrange(9)]
        return [], None, loose
    if motif == "honors_any":                         # 风一色 with or without a shape
        loose = []
        while len(loose) < 14:
            t = rng.choice(pool)
            if loose.count(t) < 4:
                loose.append(t)
        return [], None, loose
    if motif == "pungs" or motif == "suit_pungs" or motif.startswith("terminals") or motif == "honors":
        return _random_sets(rng, pool, 4, chow_p=0.0), rng.choice(pool), []
    if motif == "all_melds":
        return _random_sets(rng, pool, 4, chow_p=0.5 if rule in ("guangdong_tuidao", "guangdong_jipinghu") else 0.0), \
            rng.choice(pool), []
    if motif == "chows":
        return _random_sets(rng, pool, 4, chow_p=1.0), rng.choice(pool), []
    if motif == "half_flush_chows":                   # 平和 / 碰碰和 with 混一色: two within-cap patterns
        s0 = rng.choice([s for s in SUIT_STARTS if s in tset])
        return (_random_sets(rng, list(range(s0, s0 + 9)), 4, chow_p=0.85),
                rng.choice([t for t in R.HONORS if t in tset]), [])
    if motif == "dragons":
        k = rng.choice((2, 2, 3))
        ds = rng.sample(R.DRAGONS, k)
        sets = [("pung", d) for d in ds] + _random_sets(rng, pool, 4 - k)
        pair = rng.choice([d for d in R.DRAGONS if d not in ds] or pool) if rng.random() < 0.5 else rng.choice(pool)
        return sets, pair, []
    if motif == "winds":
        k = rng.choice((3, 3, 4))
        ws = rng.sample(R.WINDS, k)
        sets = [("pung", w) for w in ws] + _random_sets(rng, pool, 4 - k)
        pair = rng.choice([w for w in R.WINDS if w not in ws] or pool) if rng.random() < 0.6 else rng.choice(pool)
        return sets, pair, []
    if motif == "dragon_straight":
        s0 = pool[0] - pool[0] % 9 if pool[0] < 27 else 0
        sets = [("chow", s0), ("chow", s0 + 3), ("chow", s0 + 6)] + _random_sets(rng, list(tiles), 1)
        return sets, rng.choice(list(tiles)), []
    if motif == "kan5m":
        return [("chow", 3)] + _random_sets(rng, pool, 3), rng.choice(pool), []
    if motif == "hui_pair":                           # four sets and two 混 (no pair)
        return _random_sets(rng, pool, 4), None, [rng.choice(jk) for _ in range(2)]
    if motif == "two_hui_5m":                         # three sets, a pair, 5m and two 混
        return _random_sets(rng, pool, 3), rng.choice(pool), [4] + [rng.choice(jk) for _ in range(2)]
    return _random_sets(rng, pool, 4), rng.choice(pool), []      # random, suit, suit_honors, 258


def held_counts(counts, melds):
    """Copies of each kind held: the concealed counts plus the declared melds."""
    held = list(counts)
    for r in R._meld_reps(melds):
        held[r] += 1
    return held


_N_MELDS = ((0, 45), (1, 25), (2, 17), (3, 9), (4, 4))
_N_MELDS_WENZHOU = ((0, 40), (1, 22), (2, 15), (3, 10), (4, 7), (5, 6))
_JOKERS = ((0, 26), (1, 32), (2, 24), (3, 12), (4, 6))
_PUNG_MELDS = (("pon", 45), ("minkan", 15), ("kakan", 15), ("ankan", 25))


def _pick(rng, table):
    return rng.choices([x for x, _ in table], [w for _, w in table])[0]


def _flags(rule, opts, melds, rng, waiting=False, motif=""):
    """Situational flags consistent with the rule set (reference names, winds 0-3)."""
    f = dict(seat_wind=rng.randrange(4), round_wind=rng.randrange(4), dealer=rng.random() < 0.25)
    if rule in ("guangdong_tuidao", "tianjin"):
        only = opts.get("self_draw_only", True)
        f["self_drawn"] = rng.random() < (0.92 if only else 0.55)
    elif rule == "qingyuan":
        f["self_drawn"] = rng.random() < 0.95
    elif rule == "wenzhou":
        f["self_drawn"] = rng.random() < 0.55
        if motif.startswith(("tianhu", "dihu")):          # 天胡: the dealer's first draw; 地胡: a discard
            f.update(self_drawn=motif.startswith("tianhu"), dealer=motif.startswith("tianhu"))
    elif rule == "fuzhou":
        f["self_drawn"] = rng.random() < (0.8 if motif.startswith("qiangjin") else 0.55)
        if motif.startswith("tianhu"):                    # 天和: the dealer wins on the dealt tiles
            f.update(self_drawn=True, dealer=True)
        if motif.startswith("qiangjin") or rng.random() < 0.04:
            f["qiangjin"] = 1                             # a context count (see Case.ref_kwargs)
    elif rule == "hangzhou":
        f["self_drawn"] = rng.random() < (0.85 if motif.startswith(("baotou", "caipiao")) else 0.6)
        if motif.startswith("caipiao"):
            f["caipiao"] = rng.choice((1, 2))
        elif rng.random() < 0.06:                         # 财飘 without 暴头: no row
            f["caipiao"] = rng.choice((1, 2))
    else:
        f["self_drawn"] = rng.random() < 0.5
    if waiting:
        return {k: v for k, v in f.items() if v or k != "caipiao"}
    has_kong = any(k in ("minkan", "kakan", "ankan") for k, _ in melds)
    if rule == "hangzhou" and motif.startswith("after_kong"):
        f["self_drawn"] = True
    if f["self_drawn"]:
        f["after_kong"] = rng.random() < (0.35 if has_kong else 0.04) or motif.startswith("after_kong")
        f["last_tile"] = rng.random() < 0.1
    else:
        robbing_p = {"guangdong_tuidao": 0.3, "guangdong_jipinghu": 0.08}.get(rule, 0.04)
        f["robbing_kong"] = rng.random() < robbing_p
        f["last_tile"] = rng.random() < 0.05              # no fan without a self-draw
    if rule == "guangdong_jipinghu":
        if f["self_drawn"] and not melds and rng.random() < 0.06:
            f.update(tianhu=True, dealer=True)
        if not f["self_drawn"]:
            f["dihu"] = rng.random() < 0.06
            f["triple_ron"] = rng.random() < 0.06
    elif rule == "wenzhou":
        if motif.startswith("tianhu"):
            f.update(tianhu=True, after_kong=False)
        if motif.startswith("dihu"):
            f.update(dihu=True, robbing_kong=False)
    elif rule == "fuzhou":
        if motif.startswith("tianhu"):
            f.update(tianhu=True, after_kong=False)
        elif rng.random() < 0.03:                         # 地和 has no row: ignored
            f["dihu"] = True
    elif rng.random() < 0.03:                             # context flags without a fan: ignored
        f["tianhu" if rng.random() < 0.5 else "dihu"] = True
    return {k: v for k, v in f.items() if v or k in ("seat_wind", "round_wind", "self_drawn")}


def _meld_kind(rule, motif, i, all_melds, rng):
    """The declared kind of pung set i."""
    if i == 0 and (motif == "caishen_pon" and rule in ("hangzhou", "wenzhou") or motif == "gold_pon"):
        return _pick(rng, (("pon", 40), ("minkan", 20), ("kakan", 20), ("ankan", 20)))
    if rule == "hangzhou" and i == 0 and motif == "after_kong":
        return rng.choice(("minkan", "kakan", "ankan"))
    return _pick(rng, _PUNG_MELDS[:3] if all_melds else _PUNG_MELDS)


def make_case(rule: str, rng: random.Random, *, options: Optional[dict] = None, jokers=None,
              max_jokers: int = 4, waiting: bool = False, outside: bool = True) -> Case:
    """One random case of ``rule`` (see the module docstring).  ``options``: fixed options instead
    of random ones; ``jokers``: fixed ``(joker_kinds, indicator)``; ``waiting``: remove one
    concealed tile (a 13-tile hand for waits(), 16 for Wenzhou, ``win=None``, flags limited to
    self_drawn / winds / dealer); ``outside=False``: never a tile outside the rule set's tile set."""
    for _ in range(1000):
        opts = random_options(rule, rng) if options is None else dict(options)
        tiles = list(R.tile_set(rule, opts.get("with_honors", True)))
        jk, ind = _joker_setup(rule, opts, rng, tiles) if jokers is None else (tuple(jokers[0]), jokers[1])
        if rule in ("hangzhou", "wenzhou", "fuzhou") and options is None and rng.random() < 0.25:
            opts[R.JOKER_OPTION[rule]] = tuple(R.name(t) for t in jk)   # bound with the rule set
        motif = _pick(rng, MOTIFS[rule])
        if motif in ("hui_pair", "two_hui_5m") and not jk:
            motif = "random"
        sets, pair, loose = _build(rule, motif, tiles, jk, rng)
        if motif == "after_kong":                     # a kong first: the winning tile is its replacement
            plain = [t for t in tiles if t not in jk]
            sets = [("pung", rng.choice(plain))] + _random_sets(rng, plain, 3)
        # melds
        all_melds = motif == "all_melds"              # 全求人: four exposed melds and a pair
        chi_ok = rule in ("guangdong_jipinghu", "hangzhou", "wenzhou", "fuzhou") or (
            rule == "guangdong_tuidao" and (all_melds or rng.random() < 0.5))
        candidates = [i for i, g in enumerate(sets) if g[0] == "pung" or chi_ok]
        if rule == "wenzhou":                         # 單吊: five declared melds (mostly exposed ones)
            n_m = 5 if motif == "dandiao" else 0 if motif == "tianhu" else _pick(rng, _N_MELDS_WENZHOU)
            all_melds = motif == "dandiao" and rng.random() < 0.85
            n_m = min(n_m, len(candidates))
        elif rule == "fuzhou" and motif == "tianhu":  # 天和: the dealt hand, no melds
            n_m = 0
        else:
            n_m = min(4 if all_melds else _pick(rng, _N_MELDS), len(candidates))
        chosen = set(rng.sample(candidates, n_m))
        if motif in ("caishen_pon", "after_kong", "gold_pon"):
            chosen.add(0)
        melds = []
        counts = [0] * 34
        for i, g in enumerate(sets):
            if i in chosen:
                melds.append(("chi", g[1]) if g[0] == "chow" else (_meld_kind(rule, motif, i, all_melds, rng), g[1]))
            else:
                for t in _group_tiles(g):
                    counts[t] += 1
        if pair is not None:
            counts[pair] += 2
        for t in loose:
            counts[t] += 1
        # jokers replacing concealed tiles
        drawn = loose[1] if motif in ("baotou", "caipiao") else loose[-1] if motif == "qiangjin" else None
        if jk and motif not in ("eight_pairs", "three_caishen") and not (drawn is not None and rng.random() < 0.7):
            for _ in range(_pick(rng, _JOKERS)):
                plain = [t for t in range(34) for _ in range(counts[t]) if t not in jk]
                if not plain:
                    break
                counts[rng.choice(plain)] -= 1
                counts[rng.choice(jk)] += 1
        # breaking: move one concealed tile
        if rng.random() < 0.12:
            src = rng.choice([t for t in range(34) for _ in range(counts[t])])
            away = [t for t in range(34) if t not in tiles] if outside else []
            dst = rng.choice(away) if away and rng.random() < 0.15 else rng.choice(tiles)
            counts[src] -= 1
            counts[dst] += 1
            motif += "+broken"
        if max(held_counts(counts, melds)) > 4 or sum(counts[j] for j in jk) > max_jokers:
            continue
        if sum(counts) + 3 * len(melds) != hand_size(rule):
            raise AssertionError(f"generator bug: {motif} {counts} {melds}")
        win = None
        if drawn is not None and (counts[drawn] == 0 or rng.random() < 0.2):
            drawn = None
        if waiting:
            src = drawn if drawn is not None else rng.choice([t for t in range(34) for _ in range(counts[t])])
            counts[src] -= 1
        else:
            present = [t for t in range(34) for _ in range(counts[t])]
            jpresent = [t for t in jk if counts[t]]
            u = rng.random()
            if drawn is not None:
                win = drawn
            elif jpresent and u < 0.25:
                win = rng.choice(jpresent)
            elif rule == "tianjin" and counts[4] and u < 0.45:
                win = 4
            else:
                win = rng.choice(present)
        flags = _flags(rule, opts, melds, rng, waiting, motif)
        return Case(rule, counts, melds, win, tuple(jk), ind, ind is not None and rng.random() < 0.5,
                    flags, opts, motif)
    raise AssertionError(f"{rule}: could not draw a valid case")


def cases(rule: str, n: int, seed=0, **kw) -> List[Case]:
    """``n`` random complete (or nearly complete) cases of ``rule``: a pure function of its arguments."""
    rng = random.Random(f"regional-cases/{rule}/{seed}")
    return [make_case(rule, rng, **kw) for _ in range(n)]


def waiting_cases(rule: str, n: int, seed=0, max_jokers: Optional[int] = None) -> List[Case]:
    """``n`` hands one tile short of 14 (13 - 3 * melds concealed tiles; Wenzhou 16 - 3 * melds),
    mostly waiting.  ``max_jokers``: 2 (Wenzhou 3, so that 三財神 waits occur)."""
    if max_jokers is None:
        max_jokers = 3 if rule == "wenzhou" else 2
    rng = random.Random(f"regional-waits/{rule}/{seed}")
    return [make_case(rule, rng, waiting=True, max_jokers=max_jokers) for _ in range(n)]


#: Fixed (options, joker_kinds, indicator) per score_batch call: a bound rule set and one joker
#: set per call.  Values are even so that 推倒胡 totals (×1.5 for a self-drawn 大胡) stay whole.
BATCH_CONFIGS = {
    "guangdong_tuidao": (
        (dict(gui="none"), (), None),
        (dict(gui="baiban", qidui=10, quanqiuren=20, allow_chi=True), (33,), None),
        (dict(gui="fan", qidui=20, quanqiuren=10, self_draw_only=False, koukoufan=True), (5,), 4),
        (dict(gui="fan", with_honors=False, qidui=10), (18,), 26),
    ),
    "guangdong_jipinghu": (
        ({}, (), None),
        (dict(qidui=2, tianhe_fan=6, renhe_fan=6, within_cap_stacking="max", pinghu_pair="no_value_honor"), (), None),
    ),
    "qingyuan": (
        ({}, (), None),
        (dict(qidui=6, yijiu_allows_honors=True), (), None),
    ),
    "tianjin": (
        (dict(qidui=1, hundiao=1, shuanghundiao=2, shuanghui_zhuowu=2), (26, 18), 26),
        (dict(qidui=2, hundiao=2, shuanghundiao=2, shuanghui_zhuowu=3, self_draw_only=False,
              wuhui="none_held"), (28, 29), 28),
        ({}, (3, 4), 3),
    ),
    "hangzhou": (                                        # the 财神 kinds are named, never an indicator
        (dict(gangkai=2), (33,), None),
        ({}, (4,), None),
        (dict(gangkai=4, allow_quad=False, caishen_melds=True), (31, 33), None),
        (dict(caishen=("7z",), gangkai=2), (33,), None),  # bound as an option, not passed per call
    ),
    "wenzhou": (                                         # 17-tile rows; the 財神 kinds are named
        (dict(yingpai=1, ruanpai=2), (33,), None),
        ({}, (4,), None),
        (dict(allow_all_pungs=False, allow_quad=False, yingpai=4, ruanpai=1), (31, 33), None),
        (dict(caishen=("7z",), yingpai=2), (33,), None),  # bound as an option, not passed per call
    ),
    "fuzhou": (                                          # all four values given: mostly wins; the 金 named
        (dict(zimo=1, pinghu=1, qiangjin=4, jin=1), (33,), None),
        (dict(zimo=2, pinghu=0, qiangjin=3, jin=0), (4,), None),
        (dict(zimo=1, pinghu=2, qiangjin=5, jin=2, allow_fifth_copy=False, allow_discard_gold=True), (31, 33), None),
        (dict(gold=("7z",), zimo=3, pinghu=1, qiangjin=6, jin=2), (33,), None),   # bound as an option
    ),
}


def batch_cases(rule: str, n_per_config: int, seed=0):
    """[(options, joker_kinds, indicator, [Case])] for score_batch: one bound rule set and one
    joker set per group, every tile within the tile set (valid input for a whole batch)."""
    out = []
    for i, (opts, jk, ind) in enumerate(BATCH_CONFIGS[rule]):
        rng = random.Random(f"regional-batch/{rule}/{seed}/{i}")
        cs = [make_case(rule, rng, options=opts, jokers=(jk, ind), outside=False) for _ in range(n_per_config)]
        for c in cs:
            c.flags.pop("caipiao", None)             # a context, not a per-row flag of score_batch
            c.flags.pop("qiangjin", None)
        out.append((opts, jk, ind, cs))
    return out


def check_case(case: Case) -> None:
    """Assert that a case is well formed (tile counts, melds, winning tile, jokers, flags)."""
    held = held_counts(case.counts, case.melds)
    assert len(case.counts) == 34 and min(case.counts) >= 0, case.describe()
    assert max(held) <= 4, case.describe()
    n = hand_size(case.rule) - (case.win is None)
    assert sum(case.counts) + 3 * len(case.melds) == n, case.describe()
    assert len(case.melds) <= n_sets(case.rule)
    for kind, t in case.melds:
        assert kind in R.MELD_KINDS, case.describe()
        if kind == "chi":
            assert t < 27 and R.rank(t) <= 7, case.describe()
            assert case.rule in ("guangdong_tuidao", "guangdong_jipinghu", "hangzhou", "wenzhou", "fuzhou"), \
                case.describe()
    if case.win is not None:
        assert case.counts[case.win] >= 1, case.describe()
    if case.joker_kinds:
        assert sum(case.counts[j] for j in case.joker_kinds) <= 4, case.describe()
        if case.rule == "tianjin":
            assert case.joker_kinds == R.joker_kinds_for("tianjin", indicator=case.indicator)
        elif case.rule in ("hangzhou", "wenzhou", "fuzhou"):
            opt = R.JOKER_OPTION[case.rule]
            assert case.indicator is None and not case.pass_indicator, case.describe()
            assert case.joker_kinds == R.joker_kinds_for(case.rule, **{opt: case.joker_kinds}), case.describe()
            if opt in case.options:
                assert R._caishen_kinds(case.options[opt], case.rule) == case.joker_kinds, case.describe()
        else:
            gui = case.options["gui"]
            want = R.joker_kinds_for(case.rule, gui=gui, indicator=case.indicator,
                                     with_honors=case.options.get("with_honors", True))
            assert tuple(case.joker_kinds) == want, case.describe()
    else:
        assert case.rule not in ("tianjin", "hangzhou", "wenzhou", "fuzhou") and \
            case.options.get("gui", "none") == "none", case.describe()
    f = case.flags
    assert not (f.get("self_drawn") and f.get("robbing_kong")), case.describe()
    assert not f.get("after_kong") or f.get("self_drawn"), case.describe()
    assert f.get("caipiao", 0) in (0, 1, 2) and (case.rule == "hangzhou" or "caipiao" not in f), case.describe()
    if case.rule == "guangdong_jipinghu":
        assert not f.get("tianhu") or f.get("dealer"), case.describe()
        assert not (f.get("dihu") or f.get("triple_ron")) or not f.get("self_drawn"), case.describe()
    if case.rule == "wenzhou":                           # 天胡 / 地胡 drawn consistent (no check needed)
        assert not f.get("tianhu") or (f.get("self_drawn") and f.get("dealer") and not case.melds), case.describe()
        assert not f.get("dihu") or not (f.get("self_drawn") or f.get("dealer")), case.describe()
    assert f.get("qiangjin", 0) in (0, 1) and (case.rule == "fuzhou" or "qiangjin" not in f), case.describe()
    if case.rule == "fuzhou":                            # 天和: the dealer's dealt hand
        assert not f.get("tianhu") or (f.get("self_drawn") and f.get("dealer") and not case.melds), case.describe()


def qiangjin_hands(n: int, seed=0) -> list:
    """Fuzhou ``qiangjin_ready`` inputs: ``n`` seeded (13 - 3 * melds counts, [("pon", t)], 金 kinds)
    with 0-3 金 tiles (the first 金 kind at most three times, so that one more is a real tile):
    half built as four sets and a pair with one tile taken out (a 金 can take its place, ready),
    with 金 in place of some other tiles, the rest random or one tile moved (mostly not ready)."""
    rng = random.Random(f"fuzhou-qiangjin/{seed}")
    out = []
    while len(out) < n:
        jk = tuple(sorted(rng.choice([(33,), (4,), (31, 33), (rng.randrange(34),),
                                      tuple(rng.sample(range(34), 2))])))
        kinds = [t for t in range(34) if t not in jk or rng.random() < 0.15]
        n_melds = rng.choice((0, 0, 0, 1, 2))
        mode = rng.choice(("ready", "ready", "random", "off"))
        c = [0] * 34
        if mode == "random":
            for _ in range(13 - 3 * n_melds):
                c[rng.randrange(34)] += 1
        else:
            for g in _random_sets(rng, kinds, 4 - n_melds):
                for t in _group_tiles(g):
                    c[t] += 1
            c[rng.choice(kinds)] += 2
            c[rng.choice([t for t in range(34) for _ in range(c[t])])] -= 1   # the tile a 金 will stand for
            tiles = [t for t in range(34) for _ in range(c[t]) if t not in jk]
            rng.shuffle(tiles)
            for t in tiles[:rng.choice((0, 0, 1, 2))]:                    # 金 in the hand too
                c[t] -= 1
                c[rng.choice(jk)] += 1
            if mode == "off":
                c[rng.choice([t for t in range(34) if c[t]])] -= 1
                c[rng.randrange(34)] += 1
        free = [t for t in range(27) if c[t] == 0 and t not in jk]
        melds = [("pon", t) for t in rng.sample(free, n_melds)]
        if max(c) > 4 or sum(c[p] for p in jk) > 3 or c[jk[0]] > 3:
            continue
        out.append((c, melds, jk))
    return out
