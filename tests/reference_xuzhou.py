"""Slow, plain reference for Xuzhou 徐州麻将 (the rules of docs/rules.md#xuzhou, as mjpy implements them).

Nothing here imports ``src/`` (neither ``mjpy`` nor ``mjcore``): this module is the yardstick the rule
engine is checked against, so it is written to be obviously right, not fast.  Only the notation
helpers ``parse`` / ``to_str`` of tests/reference.py are reused.

Tiles: 34 counts, 0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-30 东南西北, 31 中, 32 发, 33 白 (7z).

The model, literally
--------------------
* **配兒** ``f`` (a kind index; :func:`indicator_to_peier` turns the flipped tile into it).  Every
  concealed tile of kind ``f`` is a joker.  A joker stands for any kind except 白 (33 kinds) -- unless
  ``f`` is 白 itself, then it stands for any of the 34 kinds.
* **白板 stand-in** (``f != 白``): every concealed 白 is an ordinary tile of kind ``f`` (not a joker).
* **Melds** are written in play values: a meld holding ``f`` holds a 白 physically; a meld holding 7z
  is a ValueError when ``f != 白``; when ``f == 白`` a pon / kong of 7z is a melded 配兒 (not a win).
* **Physical tiles**: the hand is given physically (``2m`` is a 配兒 when ``f`` = 2m, ``7z`` a 白板).
  More than four physical copies of a kind (hand + melds) is a ValueError.

How a hand is read (:func:`ref_xuzhou_score`)
---------------------------------------------
1. The jokers' values are enumerated: every multiset of kinds of the allowed domain, one kind per
   joker (the jokers are physically identical, so the multiset is all that matters, and a joker
   winning tile may be any one of them).  The multisets are chosen block by block (how many jokers
   stand for m / p / s / honor kinds, then which kinds, ``combinations_with_replacement``), and a
   branch is dropped as soon as one block already rules out every form still sought (a block with
   no standard decomposition, an odd count, a count above one ...): every completion of that branch
   would fail the same check at the leaf.  ``_evaluate_flat`` enumerates the same multisets over the
   whole domain without any pruning; the self-checks compare the two.
2. The values are substituted: the concrete hand (play values) is the non-joker tiles (白 -> ``f``)
   plus the jokers' values.  With ``allow_fifth_copy=False`` a concrete hand holding a kind more than
   four times (declared melds included) is skipped.
3. **平胡**: every standard decomposition of the concrete hand is enumerated (sets = pungs / chows,
   one pair; groups never leave their suit, so the decompositions of the hand are exactly the
   products of the decompositions of the four blocks m / p / s / honors, of which exactly one holds
   the pair; each block's decompositions are enumerated by backtracking and memoised).  The winning
   tile may sit in any group holding its value (tiles of one value can be swapped between groups),
   so a reading is 夾 when some decomposition holds the chow whose MIDDLE is the winning tile's value
   ``w`` and ``w``'s rank lies in ``jia_rank_range``.  The winning tile's value: a plain tile its
   kind; a 白 (``f != 白``) ``f``; a self-drawn 配兒 any of the jokers' values when ``peier_jia``,
   and no 平胡 at all when not.
4. **七對** (no melds): every concrete count even (a four-of-a-kind is two pairs).
5. **亂牌** (no melds): 14 different concrete kinds, all within one of the six 15-kind sets
   {147 of suit A, 258 of suit B, 369 of suit C, 东南西北中发}.
6. **跑配成牌**: four physical 配兒 in the concealed hand (any shape, the size checked).

Value: ``total`` = 2 with ``tianhu`` else 1 when the hand wins, 0 when it does not.

Choices where the notes say nothing (kept plain, listed so the engine can be compared knowingly)
* ``tianhu`` changes the value only: the 夾 condition still reads ``win_tile``, and ``tianhu`` with
  ``self_drawn=False`` or with melds is not refused.
* Physical counts above four (hand + melds, a melded f counting as a 白) are a ValueError.

Example::

    >>> ref_xuzhou_score("11m456m123p789p345s", win_tile="5m", f="1z")
    (True, 1, {'平胡'})
"""
from __future__ import annotations

import itertools
import operator
import os
import sys
from functools import lru_cache

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference import parse, to_str  # noqa: E402  (plain notation helpers, no src/ import)

__all__ = ["ref_xuzhou_score", "ref_xuzhou_waits", "ref_xuzhou_explain", "indicator_to_peier",
           "tile", "tile_name", "parse", "to_str", "PINGHU", "QIDUI", "LUANPAI", "PAOPEI", "FORMS",
           "MELD_KINDS", "LUANPAI_SETS", "meld_tiles"]

N_KINDS = 34
BAI = 33
PINGHU, QIDUI, LUANPAI, PAOPEI = "平胡", "七對", "亂牌", "跑配成牌"
FORMS = (PINGHU, QIDUI, LUANPAI, PAOPEI)
MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
_HONOR_CHARS = {"东": 27, "南": 28, "西": 29, "北": 30, "中": 31, "发": 32, "白": 33}


def _luanpai_sets() -> tuple:
    """The six 15-kind sets of 亂牌: 147 / 258 / 369 over the suits in every order, plus 东南西北中发."""
    out = []
    for order in itertools.permutations((0, 1, 2)):          # order[c] = suit holding class c
        kinds = set(range(27, 33))                           # 东 南 西 北 中 发 (no 白)
        for cls, suit in enumerate(order):                   # cls 0 -> ranks 1,4,7; 1 -> 2,5,8; 2 -> 3,6,9
            kinds |= {suit * 9 + cls + step for step in (0, 3, 6)}
        out.append(frozenset(kinds))
    return tuple(out)


LUANPAI_SETS = _luanpai_sets()


# --------------------------------------------------------------------------------------------
# Tiles and input
# --------------------------------------------------------------------------------------------
def tile(t) -> int:
    """One tile: an index 0..33 or a name (``"5m"``, ``"7z"``, ``"白"``) -> its index."""
    if isinstance(t, str):
        s = t.strip()
        if s in _HONOR_CHARS:
            return _HONOR_CHARS[s]
        if len(s) == 2 and s[0].isdigit() and s[1] in "mpsz":
            d = int(s[0])
            if s[1] == "z" and 1 <= d <= 7:
                return 26 + d
            if s[1] != "z" and 1 <= d <= 9:
                return {"m": 0, "p": 9, "s": 18}[s[1]] + d - 1
        raise ValueError(f"bad tile {t!r}")
    if isinstance(t, bool):
        raise TypeError(f"tile must be an index or a name, not {t!r}")
    try:
        i = operator.index(t)
    except TypeError:
        raise TypeError(f"tile must be an index or a name, not {type(t).__name__}") from None
    if not 0 <= i < N_KINDS:
        raise ValueError(f"tile index {i} outside 0..33")
    return i


def tile_name(t: int) -> str:
    return f"{t % 9 + 1}{'mps'[t // 9]}" if t < 27 else f"{t - 26}z"


def indicator_to_peier(indicator_index) -> int:
    """The 配兒 kind of a flipped tile: its successor (1->2 ... 9->1 in the suit; 东南西北中发白 a 7-cycle).

    ``indicator_to_peier(tile("9m")) == tile("1m")``; ``indicator_to_peier(tile("发")) == 33`` (白).
    """
    i = tile(indicator_index)
    if i < 27:
        return (i // 9) * 9 + (i % 9 + 1) % 9
    return 27 + (i - 27 + 1) % 7


def _counts(hand) -> list:
    if isinstance(hand, str):
        c = [int(x) for x in parse(hand)]
    else:
        try:
            c = [operator.index(x) for x in hand]
        except TypeError:
            raise TypeError("hand must be an MPSZ string or 34 integer counts") from None
        if len(c) != N_KINDS:
            raise ValueError(f"hand must have 34 counts, got {len(c)}")
    if min(c) < 0:
        raise ValueError("hand counts must be >= 0")
    return c


def meld_tiles(kind: str, t: int) -> list:
    """The play values a meld holds: chi t, t+1, t+2; pon 3 x t; kongs 4 x t."""
    if kind == "chi":
        return [t, t + 1, t + 2]
    return [t] * (3 if kind == "pon" else 4)


def _melds(melds, f: int):
    """Validate melds; return (list, play counts, physical counts, melded 配兒?)."""
    if isinstance(melds, (str, bytes)):
        raise TypeError("melds must be a list of (kind, lowest tile) pairs")
    out = []
    play = [0] * N_KINDS
    phys = [0] * N_KINDS
    melded_peier = False
    for m in melds:
        try:
            kind, t = m
        except (TypeError, ValueError):
            raise TypeError(f"a meld must be a (kind, lowest tile) pair, got {m!r}") from None
        if kind not in MELD_KINDS:
            raise ValueError(f"unknown meld kind {kind!r} (one of {', '.join(MELD_KINDS)})")
        t = tile(t)
        if kind == "chi" and (t >= 27 or t % 9 > 6):
            raise ValueError(f"chi must start at a suited tile of rank 1-7, got {tile_name(t)}")
        for v in meld_tiles(kind, t):
            if v == BAI and f != BAI:
                raise ValueError("a meld may not hold 7z (白板 plays the 配兒 kind): write it as f")
            if v == BAI and f == BAI:
                melded_peier = True                 # a pon / kong of 白 = a melded 配兒
            play[v] += 1
            phys[BAI if (v == f and f != BAI) else v] += 1
        out.append((kind, t))
    if len(out) > 4:
        raise ValueError(f"at most 4 melds, got {len(out)}")
    return out, play, phys, melded_peier


def _jia_range(r) -> tuple:
    try:
        lo, hi = (operator.index(x) for x in r)
    except (TypeError, ValueError):
        raise TypeError("jia_rank_range must be a pair of ranks (lo, hi)") from None
    if not 1 <= lo <= hi <= 9:
        raise ValueError(f"jia_rank_range must satisfy 1 <= lo <= hi <= 9, got {r!r}")
    return lo, hi


# --------------------------------------------------------------------------------------------
# Standard decompositions, block by block
# --------------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _block_decomps(block: tuple, honors: bool) -> frozenset:
    """Every decomposition of one block (9 suit positions or 7 honors) into pungs / chows and at most
    one pair, exactly one pair when the block holds 3n+2 tiles, none when 3n (3n+1: none at all).

    A decomposition is a sorted tuple of groups (``("pair"|"pung"|"chow", position)``, a chow by its
    lowest position).  Backtracking: the lowest tile present starts its group.
    """
    n = sum(block)
    if n % 3 == 1:
        return frozenset()
    pairs_needed = 1 if n % 3 == 2 else 0
    found = set()

    def rec(c: list, pairs_left: int, acc: list):
        i = 0
        while i < len(c) and c[i] == 0:
            i += 1
        if i == len(c):
            if pairs_left == 0:
                found.add(tuple(sorted(acc)))
            return
        if pairs_left and c[i] >= 2:
            c[i] -= 2
            rec(c, pairs_left - 1, acc + [("pair", i)])
            c[i] += 2
        if c[i] >= 3:
            c[i] -= 3
            rec(c, pairs_left, acc + [("pung", i)])
            c[i] += 3
        if not honors and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            rec(c, pairs_left, acc + [("chow", i)])
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    rec(list(block), pairs_needed, [])
    return frozenset(found)


@lru_cache(maxsize=None)
def _block_info(block: tuple, honors: bool) -> tuple:
    """(decomposable?, holds the pair?, positions that are the MIDDLE of a chow in some decomposition)."""
    ds = _block_decomps(block, honors)
    middles = frozenset(p + 1 for d in ds for (g, p) in d if g == "chow")
    return bool(ds), sum(block) % 3 == 2, middles


_BLOCKS = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))


def _standard_jia_middles(c: list):
    """None when the concrete hand has no standard decomposition (4 - melds sets + one pair, the
    size being right), else the set of kinds that are the middle of a chow in some decomposition."""
    middles = set()
    pair_blocks = 0
    for lo, hi, honors in _BLOCKS:
        ok, has_pair, mids = _block_info(tuple(c[lo:hi]), honors)
        if not ok:
            return None
        pair_blocks += has_pair
        middles |= {lo + p for p in mids}
    if pair_blocks != 1:
        return None
    return middles


def _witness_decomposition(c: list, w: int) -> list:
    """One decomposition (groups as tile names) whose chow centred on ``w`` exists (for explain)."""
    groups = []
    for lo, hi, honors in _BLOCKS:
        ds = sorted(_block_decomps(tuple(c[lo:hi]), honors))
        if lo <= w < hi:
            ds = [d for d in ds if ("chow", w - lo - 1) in d]
        for g, p in ds[0]:
            k = lo + p
            tiles = {"pair": [k, k], "pung": [k] * 3, "chow": [k, k + 1, k + 2]}[g]
            groups.append("".join(tile_name(x)[0] for x in tiles) + tile_name(k)[1])
    return groups


# --------------------------------------------------------------------------------------------
# The evaluation
# --------------------------------------------------------------------------------------------
def _prepare(hand, melds, f, size: int):
    if f is None:
        raise TypeError("f (the 配兒 kind) is required")
    f = tile(f)
    c = _counts(hand)
    ms, m_play, m_phys, melded_peier = _melds(melds, f)
    want = size - 3 * len(ms)
    if sum(c) != want:
        raise ValueError(f"the concealed hand must hold {want} tiles with {len(ms)} melds, got {sum(c)}")
    for k in range(N_KINDS):
        if c[k] + m_phys[k] > 4:
            raise ValueError(f"{c[k] + m_phys[k]} physical copies of {tile_name(k)} (hand + melds)")
    return c, f, ms, m_play, m_phys, melded_peier


def _setup(c, f, ms, melded_peier, win_tile, jia, peier_jia, want_all):
    """The common part of both enumerations: 跑配成牌, the non-joker play values, what is left to find."""
    found: dict = {}
    if melded_peier:
        return found, None
    if c[f] == 4:                                         # four physical 配兒
        found[PAOPEI] = {"jokers": [tile_name(f)] * 4}
        if not want_all:
            return found, None
    base = [0] * N_KINDS                                  # play values of the non-joker tiles
    for k in range(N_KINDS):
        if k != f:
            base[f if (k == BAI and f != BAI) else k] += c[k]   # a 白 plays f
    win_is_joker = win_tile == f
    win_value = f if (win_tile == BAI and f != BAI) else win_tile
    lo, hi = jia

    def jia_ok(w: int) -> bool:
        return w < 27 and lo <= w % 9 + 1 <= hi

    todo = set()
    if not ms:
        todo |= {QIDUI, LUANPAI}
    if win_is_joker:
        if peier_jia:
            todo.add(PINGHU)
    elif jia_ok(win_value):                               # otherwise no reading can be 夾
        todo.add(PINGHU)
    if not todo:
        return found, None
    return found, (base, win_is_joker, win_value, jia_ok, todo)


def _pinghu_win(conc, values, win_is_joker, win_value, jia_ok):
    """The 夾 value of a winning 平胡 reading of the concrete hand, or None."""
    middles = _standard_jia_middles(conc)
    if middles is None:
        return None
    for w in sorted(set(values) if win_is_joker else {win_value}):
        if jia_ok(w) and w in middles:
            return w
    return None


def _luanpai_win(conc) -> bool:
    if max(conc) > 1:
        return False
    kinds = {k for k in range(N_KINDS) if conc[k]}
    return len(kinds) == 14 and any(kinds <= s for s in LUANPAI_SETS)


def _evaluate_flat(c, f, ms, m_play, melded_peier, win_tile, jia, peier_jia, allow_fifth, want_all):
    """{form: witness}: every multiset of joker values over the whole domain, each concrete hand
    checked in full.  Slow with 4 jokers (52 360 multisets); the self-checks compare it with
    :func:`_evaluate`, which enumerates the same multisets block by block."""
    found, ctx = _setup(c, f, ms, melded_peier, win_tile, jia, peier_jia, want_all)
    if ctx is None:
        return found
    base, win_is_joker, win_value, jia_ok, todo = ctx
    domain = range(34) if f == BAI else range(33)
    for values in itertools.combinations_with_replacement(domain, c[f]):
        conc = list(base)
        for v in values:
            conc[v] += 1
        if not allow_fifth and any(conc[v] + m_play[v] > 4 for v in set(values)):
            continue
        reading = {"jokers": [f"{tile_name(f)}={tile_name(v)}" for v in values]}
        if QIDUI in todo and all(x % 2 == 0 for x in conc):
            found[QIDUI] = reading
            todo.discard(QIDUI)
        if LUANPAI in todo and _luanpai_win(conc):
            found[LUANPAI] = reading
            todo.discard(LUANPAI)
        if PINGHU in todo:
            w = _pinghu_win(conc, values, win_is_joker, win_value, jia_ok)
            if w is not None:
                found[PINGHU] = dict(reading, win=tile_name(w), groups=_witness_decomposition(conc, w))
                todo.discard(PINGHU)
        if (found and not want_all) or not todo:
            break
    return found


@lru_cache(maxsize=None)
def _block_flags(block: tuple, honors: bool) -> tuple:
    """Per-block necessary conditions of the forms: (standard-decomposable, all counts even,
    亂牌-compatible: every count <= 1 and the kinds inside one class 147 / 258 / 369, or for the
    honors inside 东南西北中发)."""
    std_ok = _block_info(block, honors)[0]
    even = all(x % 2 == 0 for x in block)
    present = {i for i, x in enumerate(block) if x}
    if max(block) > 1:
        luan = False
    elif honors:
        luan = 6 not in present                           # no 白 among the 15 kinds
    else:
        luan = any(present <= {cls, cls + 3, cls + 6} for cls in range(3))
    return std_ok, even, luan


def _evaluate(c, f, ms, m_play, melded_peier, win_tile, jia, peier_jia, allow_fifth, want_all):
    """{form: witness}: the same multisets of joker values as :func:`_evaluate_flat`, chosen block by
    block (how many jokers stand for m / p / s / honor kinds, then which kinds), a branch dropped as
    soon as a block rules out every form still sought (a block that no form can use makes every
    completion of the branch fail).  The full concrete hand is checked at the leaves, as in the flat
    enumeration."""
    found, ctx = _setup(c, f, ms, melded_peier, win_tile, jia, peier_jia, want_all)
    if ctx is None:
        return found
    base, win_is_joker, win_value, jia_ok, todo = ctx
    honor_hi = 34 if f == BAI else 33
    domains = (range(0, 9), range(9, 18), range(18, 27), range(27, honor_hi))
    n_jokers = c[f]

    def rec(b: int, left: int, values: tuple, conc: list, alive: frozenset) -> bool:
        """True to stop the whole enumeration."""
        if b == 4:
            reading = {"jokers": [f"{tile_name(f)}={tile_name(v)}" for v in values]}
            if QIDUI in alive and QIDUI in todo:
                found[QIDUI] = reading
                todo.discard(QIDUI)
            if LUANPAI in alive and LUANPAI in todo and _luanpai_win(conc):
                found[LUANPAI] = reading
                todo.discard(LUANPAI)
            if PINGHU in alive and PINGHU in todo:
                w = _pinghu_win(conc, values, win_is_joker, win_value, jia_ok)
                if w is not None:
                    found[PINGHU] = dict(reading, win=tile_name(w),
                                         groups=_witness_decomposition(conc, w))
                    todo.discard(PINGHU)
            return (bool(found) and not want_all) or not todo
        lo, hi, honors = _BLOCKS[b]
        for n in ((left,) if b == 3 else range(left + 1)):
            for vals in itertools.combinations_with_replacement(domains[b], n):
                for v in vals:
                    conc[v] += 1
                if allow_fifth or all(conc[v] + m_play[v] <= 4 for v in vals):
                    std_ok, even, luan = _block_flags(tuple(conc[lo:hi]), honors)
                    keep = {PINGHU} if std_ok else set()
                    if even:
                        keep.add(QIDUI)
                    if luan:
                        keep.add(LUANPAI)
                    now = alive & keep & todo
                    if now and rec(b + 1, left - n, values + vals, conc, frozenset(now)):
                        for v in vals:
                            conc[v] -= 1
                        return True
                for v in vals:
                    conc[v] -= 1
        return False

    rec(0, n_jokers, (), list(base), frozenset(todo))
    return found


def _check_win_tile(c, f, win_tile, self_drawn):
    if win_tile is None:
        raise TypeError("win_tile is required")
    w = tile(win_tile)
    if c[w] == 0:
        raise ValueError(f"the winning tile {tile_name(w)} is not in the hand")
    if w == f and not self_drawn:
        raise ValueError(f"a 配兒 ({tile_name(f)}) cannot be claimed on a discard")
    return w


def ref_xuzhou_explain(hand, melds=(), win_tile=None, self_drawn: bool = False, tianhu: bool = False,
                       f=None, jia_rank_range=(4, 8), peier_jia: bool = True,
                       allow_fifth_copy: bool = True) -> dict:
    """{form: one winning reading} (jokers' values, and for 平胡 the groups and the 夾 value).

    ``ref_xuzhou_explain("56m9p11p234p123s789s", win_tile="5m", f="9p")[PINGHU]["jokers"] == ["9p=4m"]``.
    """
    c, f, ms, m_play, _, melded_peier = _prepare(hand, melds, f, 14)
    w = _check_win_tile(c, f, win_tile, self_drawn)
    return _evaluate(c, f, ms, m_play, melded_peier, w, _jia_range(jia_rank_range), bool(peier_jia),
                     bool(allow_fifth_copy), want_all=True)


def ref_xuzhou_score(hand, melds=(), win_tile=None, self_drawn: bool = False, tianhu: bool = False,
                     f=None, jia_rank_range=(4, 8), peier_jia: bool = True,
                     allow_fifth_copy: bool = True) -> tuple:
    """(is_win, total, forms) of a 14-tile hand (3 fewer per meld), the winning tile included.

    ``ref_xuzhou_score("11m456m123p789p345s", win_tile="5m", f="1z") == (True, 1, {"平胡"})``;
    ``win_tile="4m"`` (the low end of 456m) -> ``(False, 0, set())``.
    """
    found = ref_xuzhou_explain(hand, melds, win_tile, self_drawn, tianhu, f, jia_rank_range,
                               peier_jia, allow_fifth_copy)
    if not found:
        return False, 0, set()
    return True, (2 if tianhu else 1), set(found)


def ref_xuzhou_waits(hand13, melds=(), self_drawn: bool = True, tianhu: bool = False, f=None,
                     jia_rank_range=(4, 8), peier_jia: bool = True, allow_fifth_copy: bool = True) -> set:
    """Physical tiles t that complete a 13-tile hand (3 fewer per meld) as the winning tile.

    Tiles the hand + melds hold four of (physically) are left out; on a discard the 配兒 never wins.
    ``ref_xuzhou_waits("11m456m123p789p35s", f="1z") == {tile("4s"), tile("1z")}``.
    """
    c, f, ms, m_play, m_phys, melded_peier = _prepare(hand13, melds, f, 13)
    jia = _jia_range(jia_rank_range)
    out = set()
    for t in range(N_KINDS):
        if c[t] + m_phys[t] >= 4:
            continue
        if t == f and not self_drawn:
            continue
        c[t] += 1
        if _evaluate(c, f, ms, m_play, melded_peier, t, jia, bool(peier_jia), bool(allow_fifth_copy),
                     want_all=False):
            out.add(t)
        c[t] -= 1
    return out
