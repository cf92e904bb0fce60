"""What the plain references of Changsha, 卡五星 and 通称 share (tests/reference_changsha.py, reference_kawuxing.py,
reference_tongcheng.py): reading and checking their input, the standard and seven-pairs readings, and the pieces
of their random-hand generators. Independent of the engine: only tests/reference.py is reused.
"""
from __future__ import annotations

from reference import parse, standard_decompositions

__all__ = ["MELD_KINDS", "FLAG_NAMES", "counts", "meld_tiles", "read_input", "seven_pairs", "standard_readings",
           "answer", "random_set", "as_meld", "finish", "complete", "n_melds"]

MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
FLAG_NAMES = ("self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu", "dihu",
              "kong_discard", "liangdao", "kouting")


# ------------------------------------------------------------------------------------------------ input
def counts(hand):
    """34 counts from notation or a sequence; ValueError on a bad length or a negative count."""
    if isinstance(hand, str):
        return [int(x) for x in parse(hand)]
    c = [int(x) for x in hand]
    if len(c) != 34:
        raise ValueError(f"hand must have 34 counts, got {len(c)}")
    if min(c) < 0:
        raise ValueError("hand has a negative count")
    return c


def meld_tiles(kind, t):
    if kind == "chi":
        return [t, t + 1, t + 2]
    if kind == "pon":
        return [t, t, t]
    return [t, t, t, t]


def _check_melds(melds):
    out = []
    for m in melds:
        kind, t = m
        if kind not in MELD_KINDS:
            raise ValueError(f"unknown meld kind {kind!r}")
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < 34:
            raise ValueError(f"bad meld tile {t!r}")
        if kind == "chi" and (t >= 27 or t % 9 > 6):
            raise ValueError(f"no chi starts at tile {t}")
        out.append((kind, t))
    if len(out) > 4:
        raise ValueError(f"{len(out)} melds: at most 4")
    return out


def _check_flags(flags):
    flags = dict(flags or {})
    for k in flags:
        if k not in FLAG_NAMES:
            raise ValueError(f"unknown flag {k!r}")
    return {k: bool(flags.get(k, False)) for k in FLAG_NAMES}


def read_input(hand, melds, win_tile, flags, tiles, what):
    """``(concealed counts, melds, counts with the melds, flags)`` checked: the rule set's ``tiles`` (else
    ValueError "tile t is not <what>"), four copies, 14 tiles with the melds' 3 each, a concealed ``win_tile``."""
    c = counts(hand)
    melds = _check_melds(melds)
    all_counts = list(c)
    for kind, t in melds:
        for x in meld_tiles(kind, t):
            all_counts[x] += 1
    for t in range(34):
        if all_counts[t] and t not in tiles:
            raise ValueError(f"tile {t} is not {what}")
        if all_counts[t] > 4:
            raise ValueError(f"tile {t} held {all_counts[t]} times (more than 4)")
    if sum(c) + 3 * len(melds) != 14:
        raise ValueError(f"{sum(c)} concealed tiles with {len(melds)} melds is not a 14-tile win")
    if isinstance(win_tile, bool) or not isinstance(win_tile, int) or not 0 <= win_tile < 34:
        raise ValueError(f"bad win_tile {win_tile!r}")
    if c[win_tile] == 0:
        raise ValueError(f"win_tile {win_tile} is not among the concealed tiles")
    return c, melds, all_counts, _check_flags(flags)


# ------------------------------------------------------------------------------------------------ readings
def seven_pairs(c, allow_quad):
    """Seven pairs of the 14 concealed tiles (a four of a kind as two pairs when ``allow_quad``)."""
    if sum(c) != 14:
        return False
    for x in c:
        if x % 2 == 1:
            return False
        if x == 4 and not allow_quad:
            return False
    return True


def standard_readings(c, melds):
    """The standard readings ``("standard", sets, pair)``: a set is ``(shape, tile, source)``, shape chow /
    pung, source "hand" (concealed) or the meld kind."""
    meld_sets = [("chow" if kind == "chi" else "pung", t, kind) for kind, t in melds]
    out = []
    for sets, pair in standard_decompositions(c, 4 - len(melds)):
        hand_sets = [("chow" if shape == "seq" else "pung", t, "hand") for shape, t in sets]
        out.append(("standard", hand_sets + meld_sets, pair))
    return out


def answer(results, missing):
    """The reference's answer from the scored readings ``[(total, sorted fans)]`` and the ``missing`` options:
    ``"missing <first>"``, or ``(best total, sorted distinct fan lists reaching it)``."""
    if missing:
        return "missing " + sorted(missing)[0]
    best_total = max(total for total, _ in results)
    best = []
    for total, fans in results:
        if total == best_total and fans not in best:
            best.append(fans)
    return (best_total, sorted(best))


# ------------------------------------------------------------------------------------------------ random hands
def random_set(rng, kinds):
    """A random set ("pung"|"chow", t) with t among ``kinds`` (a chow only where it fits)."""
    t = rng.choice(kinds)
    if rng.random() < 0.5 and t < 27 and t % 9 <= 6 and t + 2 in kinds:
        return ("chow", t)
    return ("pung", t)


def as_meld(rng, shape, t):
    if shape == "chow":
        return ("chi", t)
    return (rng.choice(["pon", "pon", "minkan", "kakan", "ankan"]), t)


def finish(rng, c, melds, win=None):
    """(counts, melds, win tile: ``win`` or a random concealed tile), or None when a kind is held more than
    4 times (or fewer than 0) or ``win`` is not concealed."""
    total = list(c)
    for kind, t in melds:
        for x in meld_tiles(kind, t):
            total[x] += 1
    if max(total) > 4 or min(total) < 0:
        return None
    if win is None:
        win = rng.choice([t for t in range(34) for _ in range(c[t])])
    if c[win] == 0:
        return None
    return c, melds, win


def complete(rng, sets, pair, n, shuffle=True):
    """Counts of ``sets`` + ``pair`` with ``n`` of the sets declared as melds: after a shuffle the first ``n``
    (``shuffle``), else the last ``n`` (the first sets stay concealed)."""
    sets = list(sets)
    if shuffle:
        rng.shuffle(sets)
        declared, kept = sets[:n], sets[n:]
    else:
        declared, kept = sets[len(sets) - n:], sets[:len(sets) - n]
    melds = [as_meld(rng, shape, t) for shape, t in declared]
    c = [0] * 34
    for shape, t in kept:
        for x in ([t, t + 1, t + 2] if shape == "chow" else [t, t, t]):
            c[x] += 1
    c[pair] += 2
    return c, melds


def n_melds(rng):
    return rng.choice([0, 0, 0, 0, 1, 1, 2, 3, 4])
