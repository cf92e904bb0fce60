"""The facts of one reading: what fan rows and win conditions read (docs/rules.md#engine).

>>> from mjpy.rules.engine.facts import FACTS
>>> FACTS["all_pungs"]
'standard form, every set a pung or kong (declared melds included)'

:func:`facts` turns a :class:`~mjpy.rules.engine.readings.Reading`, the declared melds and the
situation into a :class:`Facts` (attribute access, every name of :data:`FACTS`). Booleans are
``0``/``1`` so that rows can count them; counts are ints. The list is the contract between the
tables and the engine: a table may only name these facts (checked when the table is built).
"""
from __future__ import annotations

from typing import Mapping, Sequence, Tuple

from .readings import Reading

__all__ = ["FACTS", "Facts", "facts", "Situation"]

TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
OPEN_MELDS = ("chi", "pon", "minkan", "kakan")

#: name -> meaning. Situation flags come from the caller; the rest from the reading.
FACTS: Mapping[str, str] = {
    # form
    "standard": "a standard reading (sets and a pair)",
    "seven_pairs": "a seven-pairs reading",
    "thirteen_orphans": "a thirteen-orphans reading",
    "eight_pairs": "an eight-pairs-and-a-single reading (16-tile play, 温州 硬八對)",
    "knitted": "a reading of 14 distinct tiles of one knitting (147 258 369 of three suits) and honors (徐州 亂牌), "
               "or of the nine knitted tiles and five honours with one pair (通称 十三不靠)",
    # sets
    "all_pungs": "standard form, every set a pung or kong (declared melds included)",
    "all_chows": "standard form, every set a chow (declared melds included)",
    "all_pungs_exposed": "standard form, every set a declared pon or exposed kong (minkan / kakan)",
    "straight": "chows 123, 456 and 789 of one suit (一条龙)",
    "n_dragon_pungs": "pungs and kongs of dragons",
    "n_wind_pungs": "pungs and kongs of winds",
    "seat_wind_pung": "a pung or kong of the seat wind",
    "round_wind_pung": "a pung or kong of the round wind",
    "pair_dragon": "the pair (standard form) is a dragon",
    "pair_wind": "the pair (standard form) is a wind",
    "pair_value_honor": "the pair (standard form) is a dragon, the seat wind or the round wind",
    # tiles of the whole hand (melds included)
    "n_suits": "suits present",
    "has_honors": "an honor is present",
    "has_terminals": "a 1 or 9 is present",
    "one_suit": "one suit and no honors (清一色)",
    "half_flush": "one suit and honors (混一色)",
    "honors_only": "honors only",
    "all_258": "every tile a 2, 5 or 8 of a suit (将一色)",
    "terminals_only": "every tile a 1 or 9",
    "orphans_only": "every tile a 1, 9 or honor",
    "nine_gates": "no melds and the 13 tiles before the win are 1112345678999 of one suit",
    # melds
    "n_open_melds": "declared chi / pon / minkan / kakan (开口)",
    "n_ankan": "declared concealed kongs",
    "n_mingang": "declared exposed kongs (minkan and kakan)",
    "all_melds_open": "four declared chi / pon / minkan / kakan (the concealed part is the pair)",
    "n_chi": "declared chi",
    "joker_melded": "a pon / minkan / kakan of a joker kind",
    # jokers
    "n_substitutes": "jokers standing for another kind (0: 硬胡)",
    "jokers_held": "joker tiles in the hand or its melds",
    "n_jokers": "the number of joker tiles among the concealed tiles (not the melds)",
    "straight_face_joker": "the straight holds no substitute and at least one joker at its own face (本绘龙)",
    "straight_no_substitute": "the straight holds no substitute",
    # the winning tile
    "win_in_pair": "the winning tile completes the pair (单钓)",
    "win_pair_joker": "the winning tile is not a joker and its pair partner is a joker (混吊)",
    "win_pair_joker_joker": "the winning tile is a joker and its pair partner is a joker (双混吊)",
    "zhuowu": "the winning tile is the 5m of a 4m-5m-6m chow, 4m and 6m not both substitutes (捉五魁)",
    "zhuowu_both_jokers": "捉五魁 with 4m and 6m both substitutes (双绘捉五)",
    "win_middle": "the winning tile is the middle tile of a chow (徐州 夾)",
    "all_sets_five": "standard form, every set (declared melds included) holds a 5 and the pair is a 5 (全带五)",
    "win_joker": "the winning tile is a joker tile",
    # terminals in the sets, four of a kind, the 定缺 suit
    "all_sets_terminal": "standard form, every set (declared melds included) holds a 1, 9 or honor (带幺九)",
    "pair_terminal": "the pair (standard form) is a 1, 9 or honor",
    "n_quads_held": "kinds of which the concealed tiles hold all four (根 / 四归一; a seven-pairs quad too; a virtual fifth copy of waits counts)",
    "three_suit_set": "chows of one rank in the three suits, or pungs of one rank in the three suits (喜相逢)",
    "n_kongs": "declared kongs (concealed and exposed)",
    "dingque_held": "tiles of the 定缺 suit (situation ``dingque``) are in the hand or its melds",
    "n_yaojiu_pungs": "pungs and kongs of a 1, 9 or honour (declared melds included; 内蒙 幺九刻)",
    "five_gates": "万, 筒, 条, a wind and a dragon all present (五门齐)",
    # the caller's context
    "context_count": "the number the rule set reads from ``context`` (Hangzhou: 财飘 in a row); 0 without",
    # situation (from the caller)
    "self_drawn": "自摸", "after_kong": "the winning tile is a kong replacement (杠上花)",
    "robbing_kong": "抢杠", "last_tile": "the last tile (海底)", "tianhu": "天胡 / 天和",
    "dihu": "地胡 / 人和", "dealer": "the winner is the dealer", "triple_ron": "一炮三响 (three winners)",
    "kong_discard": "the winning tile is a discard right after the discarder's kong (杠上炮)",
    # (these facts read ranks a joker standing alone does not refine: for rule sets without jokers)
    "pair_rank": "the rank 1-9 of the pair (standard form; 0: an honour pair or none) (长沙 2-5-8 将, 五将)",
    "win_kind_held": "copies of the winning tile's kind among the concealed tiles, the winning tile included (暗四归一: 4)",
    "win_kind_ponged": "the winning tile's kind is a declared pon (明四归一)",
    "n_melds": "declared melds of any kind (手抓一: 4)",
    "win_rank": "the rank 1-9 of the tile the winning tile stands for (0: an honor)",
    "max_same_chows": "the most chows with one lowest tile (declared chi included; 三姐妹: 3)",
    "n_concealed_pungs": "concealed pungs: of the concealed tiles (a pung the winning tile completes only when "
                         "self-drawn) and concealed kongs (三箱次)",
    "min_rank": "the lowest rank of a suited tile (0: none)",
    "max_rank": "the highest rank of a suited tile (0: none)",
    "n_pon_fourth_held": "declared pons whose fourth tile is among the concealed tiles",
    "max_suit_tiles": "the tiles of the most-held suit, declared melds included (八枝: eight or more)",
    "n_bonus": "copies of the hand's bonus tiles (寶牌: ``bonus_tiles`` / ``bonus_indicator``), melds included",
}


class AttrDict(dict):
    """A dict whose keys read as attributes (the engine's facts, situations and options)."""

    __slots__ = ()

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class Facts(AttrDict):
    """The facts of one reading."""

    __slots__ = ()


class Situation(AttrDict):
    """The situation flags of a win plus the seat and round wind (indices 27-30)."""

    __slots__ = ()


def _meld_sets(melds: Sequence[Tuple[str, int]]):
    """(set kind, tile, meld kind) of each declared meld."""
    out = []
    for kind, t in melds:
        out.append(("chow" if kind == "chi" else "pung", t, kind))
    return out


def _set_has_terminal(kind: str, t: int) -> bool:
    """A chow starting at ``t`` or a pung of ``t`` holds a 1, 9 or honor."""
    if kind == "chow":
        return t % 9 in (0, 6)
    return t in TERMINALS or t >= 27


def _chow_rank(slots, jokers) -> int:
    subs = sum(1 for rep, phys in slots if rep != phys)
    face = any(rep == phys and phys in jokers for rep, phys in slots)
    return 2 * subs + (0 if face else 1)


def facts(r: Reading, melds: Sequence[Tuple[str, int]], situation: Situation, jokers: Tuple[int, ...],
          pre_win: Sequence[int] = (), n_sets: int = 4) -> Facts:
    """The :data:`FACTS` of reading ``r`` with the declared ``melds`` ((kind, lowest tile) pairs).

    ``jokers``: the joker kinds; ``pre_win``: the concealed counts before the winning tile (for
    ``nine_gates``); ``n_sets``: the sets of a complete hand (5 in 16-tile play).
    """
    std = r.form == "standard"
    sets = [(k, slots[0][0], None) for k, slots in r.groups if k in ("pung", "chow")] + _meld_sets(melds)
    pair = next((slots[0][0] for k, slots in r.groups if k == "pair"), None) if std else None
    tiles = [rep for _, slots in r.groups for rep, _ in slots]
    n_concealed = len(tiles)
    for kind, t in melds:
        tiles += [t, t + 1, t + 2] if kind == "chi" else [t] * (3 if kind == "pon" else 4)
    kinds = set(tiles)
    suits = {t // 9 for t in kinds if t < 27}
    honors = any(t >= 27 for t in kinds)
    pungs = [t for k, t, _ in sets if k == "pung"]
    seat, rnd = situation["seat_wind"], situation["round_wind"]
    n_chows = sum(1 for k, _, _ in sets if k == "chow")

    chow_groups = {}                # of chows with one start: fewest substitutes, then a joker at its face
    for k, slots in r.groups:
        if k == "chow":
            old = chow_groups.get(slots[0][0])
            if old is None or _chow_rank(slots, jokers) < _chow_rank(old, jokers):
                chow_groups[slots[0][0]] = slots
    for kind, t in melds:
        if kind == "chi":
            chow_groups.setdefault(t, tuple((t + i, t + i) for i in range(3)))
    straight = face = nosub = False
    for s0 in (0, 9, 18):
        if all(s0 + d in chow_groups for d in (0, 3, 6)):
            slots = [x for d in (0, 3, 6) for x in chow_groups[s0 + d]]
            straight = True
            nosub = all(rep == phys for rep, phys in slots)
            face = nosub and any(phys in jokers for _, phys in slots)
            break

    gi, (wrep, wphys) = r.win
    wkind, wslots = r.groups[gi]
    in_pair = wkind == "pair"
    partner = None
    if in_pair:
        rest = list(wslots)
        rest.remove((wrep, wphys))
        partner = rest[0][1]
    zhuowu = both = False
    if wkind == "chow" and wslots[0][0] == 3 and wrep == 4:
        flanks = [phys for rep, phys in wslots if rep in (3, 5)]
        both = all(p in jokers for p in flanks)
        zhuowu = not both

    nine = False
    if not melds and pre_win and len(suits) == 1 and not honors:
        s0 = 9 * next(iter(suits))
        nine = [pre_win[s0 + i] for i in range(9)] == [3, 1, 1, 1, 1, 1, 1, 1, 3]
    held = any(phys in jokers for _, slots in r.groups for _, phys in slots) or any(t in jokers for t in tiles[n_concealed:])

    held_n = {}
    for _, slots in r.groups:
        for rep, _ in slots:
            held_n[rep] = held_n.get(rep, 0) + 1
    dq = situation.get("dingque")

    f = Facts(
        standard=int(std), seven_pairs=int(r.form == "seven_pairs"),
        thirteen_orphans=int(r.form == "thirteen_orphans"), eight_pairs=int(r.form == "eight_pairs"),
        knitted=int(r.form in ("honors_and_knitted", "knitted_pair")),
        all_pungs=int(std and n_chows == 0), all_chows=int(std and len(pungs) == 0),
        all_pungs_exposed=int(std and all(mk in ("pon", "minkan", "kakan") for _, _, mk in sets)),
        straight=int(straight),
        n_dragon_pungs=sum(1 for t in pungs if t in DRAGONS), n_wind_pungs=sum(1 for t in pungs if t in WINDS),
        seat_wind_pung=int(seat in pungs), round_wind_pung=int(rnd in pungs),
        pair_dragon=int(pair in DRAGONS), pair_wind=int(pair in WINDS),
        pair_value_honor=int(pair is not None and (pair in DRAGONS or pair in (seat, rnd))),
        n_suits=len(suits), has_honors=int(honors), has_terminals=int(bool(kinds & TERMINALS)),
        one_suit=int(len(suits) == 1 and not honors), half_flush=int(len(suits) == 1 and honors),
        honors_only=int(not suits), all_258=int(all(t < 27 and t % 9 in (1, 4, 7) for t in kinds)),
        terminals_only=int(kinds <= TERMINALS),
        orphans_only=int(all(t in TERMINALS or t >= 27 for t in kinds)),
        nine_gates=int(nine),
        n_open_melds=sum(1 for k, _ in melds if k in OPEN_MELDS),
        n_ankan=sum(1 for k, _ in melds if k == "ankan"),
        n_mingang=sum(1 for k, _ in melds if k in ("minkan", "kakan")),
        all_melds_open=int(len(melds) == n_sets and all(k in OPEN_MELDS for k, _ in melds)),
        n_chi=sum(1 for k, _ in melds if k == "chi"),
        joker_melded=int(any(k in ("pon", "minkan", "kakan") and t in jokers for k, t in melds)),
        n_substitutes=r.substitutes,
        jokers_held=int(held),
        n_jokers=sum(1 for _, slots in r.groups for _, phys in slots if phys in jokers),
        straight_face_joker=int(face), straight_no_substitute=int(straight and nosub),
        win_in_pair=int(in_pair),
        win_pair_joker=int(in_pair and partner in jokers and wphys not in jokers),
        win_pair_joker_joker=int(in_pair and partner in jokers and wphys in jokers),
        zhuowu=int(zhuowu), zhuowu_both_jokers=int(both),
        win_middle=int(wkind == "chow" and wrep == wslots[0][0] + 1),
        win_rank=wrep % 9 + 1 if wrep < 27 else 0,
        win_joker=int(wphys in jokers),
        all_sets_terminal=int(std and all(_set_has_terminal(k, t) for k, t, _ in sets)),
        pair_terminal=int(pair is not None and (pair in TERMINALS or pair >= 27)),
        n_quads_held=sum(1 for n in held_n.values() if n >= 4),
        n_pon_fourth_held=sum(1 for k, t in melds if k == "pon" and held_n.get(t, 0) >= 1),
        n_kongs=sum(1 for k, _ in melds if k in ("minkan", "kakan", "ankan")),
        dingque_held=int(dq is not None and dq in suits),
        n_yaojiu_pungs=sum(1 for t in pungs if t in TERMINALS or t >= 27),
        max_suit_tiles=max(sum(1 for t in tiles if t < 27 and t // 9 == s) for s in range(3)),
        context_count=int(situation.get("context_count", 0)),
    )
    for k in ("self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer", "triple_ron",
              "kong_discard"):
        f[k] = int(bool(situation.get(k, False)))
    ranks = [t % 9 + 1 for t in kinds if t < 27]
    chows = [t for k, t, _ in sets if k == "chow"]
    suited_pungs = {t for t in pungs if t < 27}
    chow_starts = set(chows)
    self_drawn = bool(situation.get("self_drawn", False))
    f.update(
        pair_rank=pair % 9 + 1 if pair is not None and pair < 27 else 0,
        win_kind_held=(pre_win[wphys] + 1) if pre_win else 0,
        win_kind_ponged=int(any(k == "pon" and t == wphys for k, t in melds)),
        n_melds=len(melds),
        all_sets_five=int(std and pair is not None and pair < 27 and pair % 9 == 4
                          and all((t < 27 and t % 9 == 4) if k == "pung" else 2 <= t % 9 <= 4 for k, t, _ in sets)),
        max_same_chows=max((chows.count(t) for t in chow_starts), default=0),
        n_concealed_pungs=sum(1 for i, (k, _) in enumerate(r.groups) if k == "pung" and (i != gi or self_drawn))
        + sum(1 for k, _ in melds if k == "ankan"),
        min_rank=min(ranks, default=0), max_rank=max(ranks, default=0),
        three_suit_set=int(any(all(9 * s + i in chow_starts for s in range(3))
                               or all(9 * s + i in suited_pungs for s in range(3)) for i in range(9))),
        five_gates=int(len(suits) == 3 and any(t in kinds for t in WINDS) and any(t in kinds for t in DRAGONS)),
        n_bonus=int(situation.get("n_bonus", 0)),
    )
    return f
