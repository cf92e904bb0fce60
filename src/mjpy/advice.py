"""Which tile to discard: tenpai / win probability and expected value per discard, for every rule set.

>>> import mjpy
>>> adv = mjpy.advise("11234577m345789p", rules="sichuan_fan", turns=12, dingque="s")
>>> row = adv[0]                  # the best discard first
>>> row.discard, row.shanten, round(float(row.win_prob[12]), 3)
('1m', 0, 0.629)

The model (docs/advise.md): the unseen tiles (the rule set's wall minus the hand, the melds and
``visible``) come in random order; the player draws ``turns`` more times and after each draw keeps the
hand or takes a tile that lowers its shanten (``keep_shanten=True``: or one that keeps it and changes the
hand), discarding to maximise the objective; a draw that completes the hand wins by self-draw when the
rule set allows that win (its win conditions, jokers and 定缺). Under the hand-state model the
probabilities are exact: draw i comes from the ``R - i + 1`` tiles still unseen, and kind t is drawn with
probability ``(u_t - k_t) / (R - i + 1)`` (``u_t`` its unseen copies now, ``k_t`` the copies drawn and kept
since); a draw thrown away at once is not remembered by kind.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

from mjcore.advise import Graph
from mjcore.options import forms_mask

from .tiles import TILE_NAMES

__all__ = ["advise", "advise_batch", "Advice", "AdviceRow", "OBJECTIVES", "Position"]

OBJECTIVES = ("win", "tenpai", "expected")
#: the most hands one call may visit by default (about 1 KB each)
MAX_HANDS = 500_000
_SUITS = {"m": 0, "p": 1, "s": 2, 0: 0, 1: 1, 2: 2}


@dataclass
class AdviceRow:
    """One discard: the tile (``None`` for a 13-tile hand), the shanten after it, the useful tiles
    ``[(tile, left), ...]`` (``left``: unseen copies), and by draw t = 0..turns the probability of
    being tenpai, of having won, and the expected value of the wins (in the rule set's unit).
    ``value``: the objective at ``turns``; ``hands``: hands the dynamic programme visited."""

    discard: Optional[str]
    shanten: int
    useful: List[Tuple[str, int]]
    tenpai_prob: np.ndarray
    win_prob: np.ndarray
    expected: np.ndarray
    value: float
    hands: int

    def to_dict(self) -> Dict[str, Any]:
        return {"discard": self.discard, "shanten": self.shanten, "useful": [[t, n] for t, n in self.useful],
                "left": sum(n for _, n in self.useful), "value": self.value,
                "tenpai_prob": [float(x) for x in self.tenpai_prob], "win_prob": [float(x) for x in self.win_prob],
                "expected": [float(x) for x in self.expected], "hands": self.hands}


class Advice(list):
    """The rows of :func:`advise`, best first, with the question's settings as attributes:
    ``hand`` (notation), ``rules``, ``unit``, ``turns``, ``objective``, ``unseen`` (tiles), ``keep_shanten``,
    ``dingque``. ``str(advice)`` is the table of ``mjpy advise``."""

    def __init__(self, rows, **attrs):
        super().__init__(rows)
        self.__dict__.update(attrs)

    def to_dict(self) -> Dict[str, Any]:
        return {"hand": self.hand, "rules": self.rules, "unit": self.unit, "turns": self.turns,
                "objective": self.objective, "unseen": self.unseen, "keep_shanten": self.keep_shanten,
                "dingque": self.dingque, "rows": [r.to_dict() for r in self]}

    def __str__(self) -> str:
        from .cli_advise import human

        return human(self.to_dict())


class Position:
    """One question for :func:`advise` made ready: the rule set bound, the hand checked, the wall's
    unseen tiles counted, the roots (one per distinct discard) in a :class:`mjcore.advise.Graph`."""

    def __init__(self, hand, rules="standard", *, melds=(), visible=None, keep_shanten: bool = False,
                 seat_wind="E", round_wind="E", dealer: bool = False, rule_options: Optional[Mapping] = None,
                 flags: Optional[Mapping] = None):
        from .rules import registry
        from .rules.interface import RuleSet, hand_and_melds
        from .random import wall_kinds

        flags = dict(flags or {})
        rule_options = dict(rule_options or {})
        if isinstance(rules, RuleSet):
            rs, name = rules, rules.name
            row = registry.info(name)
            if rule_options:
                raise TypeError("advise: options go with a rule set's name, not with a bound RuleSet")
            rule_options = {}
        elif isinstance(rules, str):
            row = registry.info(rules)
            name = row.name
            rs = registry.get(name, **rule_options) if row.binding else None
        else:
            raise TypeError(f"advise: rules must be a rule set's name or a RuleSet, got {type(rules).__name__}")
        if row.game != "mahjong":
            raise ValueError(f"advise: {name} is not a tile game ({row.docs})")
        self.name, self.info, self.rs = name, row, rs
        if rs is not None:
            rs._check_flags(flags)
        elif flags:
            raise TypeError(f"advise: {name} is a shape-only rule set: it takes no keyword {sorted(flags)[0]!r}")
        counts, meld_list = hand_and_melds("advise", hand, melds)
        counts = np.asarray(counts, np.uint8)
        n = int(counts.sum())
        size = row.hand_size - 3 * len(meld_list)
        if n not in (size, size + 1):
            raise ValueError(f"advise: the hand has {n} concealed tiles with {len(meld_list)} melds: expected "
                             f"{size + 1} (choose a discard) or {size} (a waiting hand) in {name}")
        self.counts, self.melds = counts, meld_list
        self.discarding = n == size + 1
        # the wall's unseen tiles
        kinds, _ = wall_kinds(name, rule_options or None)
        wall = np.zeros(34, np.int64)
        wall[list(kinds)] = 4
        seen = counts.astype(np.int64).copy()
        for m in meld_list:
            for t in m.tiles:
                seen[t] += 1
        if visible is not None:
            from .notation import _coerce_counts
            seen += _coerce_counts(visible, name="advise: visible").astype(np.int64)
        for t in np.flatnonzero(seen > wall):
            if not wall[t]:
                raise ValueError(f"advise: {TILE_NAMES[t]} is not in the {name} wall")
            raise ValueError(f"advise: {TILE_NAMES[t]} is seen {int(seen[t])} times in the hand, melds and visible "
                             f"(at most 4)")
        self.unseen = (wall - seen).astype(np.int32)
        # jokers and 定缺
        jk: Tuple[int, ...] = ()
        if rs is not None and hasattr(rs, "joker_kinds"):
            jk = tuple(rs.joker_kinds(flags.get("indicator"), flags.get("joker_tiles")))
        self.dingque = None
        forbidden = 0
        if row.dingque:
            dq = flags.get("dingque")
            if dq is None and rs is not None:
                dq = getattr(rs.options, "dingque", None)
            if dq is None:          # the suit with the fewest tiles (ties: m, p, s), as the simulation does
                per = [int(counts[9 * s:9 * s + 9].sum()) + sum(1 for m in meld_list for t in m.tiles
                                                                if t // 9 == s) for s in range(3)]
                dq = "mps"[per.index(min(per))]
            if dq not in _SUITS:
                raise ValueError(f"advise: dingque must be 'm', 'p' or 's', got {dq!r}")
            self.dingque = "mps"[_SUITS[dq]]
            flags["dingque"] = self.dingque
            forbidden = 0x1FF << (9 * _SUITS[dq])
        self.flags = flags
        from .rules.guobiao import normalize_wind
        self.situation = dict(seat_wind=normalize_wind(seat_wind, "seat_wind"),
                              round_wind=normalize_wind(round_wind, "round_wind"), dealer=dealer)
        jmask = 0
        for t in jk:
            jmask |= 1 << t
        # a kind can be held up to the copies of the position's hand plus the unseen ones
        caps = (counts.astype(np.int64) + self.unseen).astype(np.uint8)
        self.graph = Graph(forms=forms_mask(row.forms), melds=len(meld_list), quads=row.quads_as_two_pairs,
                           thirteen_play=row.hand_size == 13, sets=(row.hand_size + 1) // 3 - len(meld_list),
                           joker_kinds=jmask, forbidden=forbidden, caps=caps.tobytes(), keep=keep_shanten)
        self.keep_shanten = keep_shanten
        # roots: one per distinct discard (or the hand itself)
        self.roots: List[Tuple[Optional[int], int]] = []
        if self.discarding:
            for d in range(34):
                if counts[d]:
                    h = counts.copy()
                    h[d] -= 1
                    self.roots.append((d, self.graph.add_root(h.tobytes())))
        else:
            self.roots.append((None, self.graph.add_root(counts.tobytes())))

    def lowest_roots(self) -> List[Tuple[Optional[int], int]]:
        """The roots at the lowest distance: the discards solved unless ``shanten_down``."""
        best = min(self.graph.node_distance(n) for _, n in self.roots)
        return [(d, n) for d, n in self.roots if self.graph.node_distance(n) == best]

    def useful(self, node: int) -> List[Tuple[str, int]]:
        """The kinds whose draw lowers the distance of a root hand (by shape), with their unseen copies."""
        g = self.graph
        h = np.frombuffer(g.node_hand(node), np.uint8).copy()
        d = g.node_distance(node)
        out = []
        for t in range(34):
            if self.unseen[t] > 0 and h[t] < 4:
                h[t] += 1
                if g.distance(h.tobytes()) < d:
                    out.append((TILE_NAMES[t], int(self.unseen[t])))
                h[t] -= 1
        return out

    def win_rows(self) -> Tuple[np.ndarray, np.ndarray]:
        """The 14-tile hands and winning tiles of every win the graph found by shape."""
        g = self.graph
        wins = g.wins()
        rows = np.zeros((len(wins), 34), np.uint8)
        tiles = np.zeros(len(wins), np.int64)
        for i, (node, t) in enumerate(wins):
            rows[i] = np.frombuffer(g.node_hand(node), np.uint8)
            rows[i, t] += 1
            tiles[i] = t
        return rows, tiles

    def batch_flags(self) -> Dict[str, Any]:
        return {k: v for k, v in {**self.situation, **self.flags}.items()
                if k in self.rs.batch_flags and v is not None}

    def score_wins(self, objective: str, rows=None, tiles=None, totals=None) -> None:
        """Value every win the graph found (the rule set's ``score_batch``, self-drawn) and freeze the graph.
        ``rows``, ``tiles``, ``totals``: :meth:`win_rows` and their totals when the caller scored them."""
        g = self.graph
        if rows is None:
            rows, tiles = self.win_rows()
        values = np.ones(len(rows), np.float64)
        if len(rows) and self.rs is not None:
            if totals is None:
                totals = self.rs.score_batch(rows, tiles, melds=[self.melds] * len(rows) if self.melds else None,
                                             self_drawn=True, **self.batch_flags())
            values = np.asarray(totals, np.float64)
            for i in np.nonzero(values < 0)[0]:
                # refused: a condition failed, or a value the sources do not give (a legal win of unknown worth)
                r = self.rs.score(rows[i], self.melds, TILE_NAMES[int(tiles[i])], self_drawn=True,
                                  **self.situation, **self.flags)
                missing = r.detail.get("missing") if isinstance(r.detail, dict) else None
                if missing:
                    if objective == "expected":
                        raise ValueError(f"advise: objective='expected' needs the values the sources do not give "
                                         f"for {self.name}: pass {missing[0]}=... ({r.reason})")
                    values[i] = 1.0
        g.set_wins(values)

    def row(self, discard: Optional[int], node: int, turns: int, objective: str) -> AdviceRow:
        g = self.graph
        unseen = self.unseen
        value, tp, wp, ex, n = g.solve(node, unseen, turns, objective)
        useful = []
        for t, kind, _, succ in g.transitions(node):
            if (kind == 1 or (kind == 0 and g.node_distance(succ[0]) < g.node_distance(node))) and unseen[t] > 0:
                useful.append((TILE_NAMES[t], int(unseen[t])))
        return AdviceRow(None if discard is None else TILE_NAMES[discard], g.node_distance(node) - 1, useful,
                         tp, wp, ex, value, n)


def advise(hand, rules: Any = "standard", *, melds: Sequence = (), turns: int = 12, visible=None,
           objective: str = "win", keep_shanten: bool = False, shanten_down: bool = False,
           seat_wind="E", round_wind="E", dealer: bool = False, max_hands: int = MAX_HANDS, **options) -> Advice:
    """Rank the discards of a hand by the objective within ``turns`` draws (docs/advise.md).

    ``hand``: 14 tiles (13 + the draw; 17 in 16-tile play; fewer with ``melds``) to choose a discard, or
    13 to evaluate a waiting or building hand as it is. ``rules``: a rule set's name (its options as
    keywords: ``indicator=``, ``gui=``...) or a bound RuleSet; the rule set's own score flags
    (``dingque=`` for Sichuan, ``joker_tiles=``...) are keywords too. ``objective``: ``"win"`` (win
    probability), ``"tenpai"`` or ``"expected"`` (the mean ``total`` of the win, 0 without one).
    ``shanten_down``: also solve the discards that raise the shanten (else those rows keep their shanten
    and useful tiles, with probabilities of NaN). ``max_hands``: the most hands the discards may reach
    (ValueError beyond: 4 shanten and more can reach millions). Rows come best first.

    >>> adv = advise("123m456p789s11234z", rules="standard", turns=5)
    >>> adv[0].discard, adv[0].shanten
    ('2z', 1)
    """
    _check_question("advise", objective, turns)
    rule_options, flags = _split_options(rules, options)
    pos = Position(hand, rules, melds=melds, visible=visible, keep_shanten=keep_shanten, seat_wind=seat_wind,
                   round_wind=round_wind, dealer=dealer, rule_options=rule_options, flags=flags)
    R = int(pos.unseen.sum())
    if turns > R:
        raise ValueError(f"advise: turns={turns} but only {R} tiles are unseen")
    g = pos.graph
    solve = pos.roots if shanten_down else pos.lowest_roots()
    try:
        g.expand([n for _, n in solve], max_hands)
    except ValueError as e:
        raise ValueError(f"advise: {e}") from None
    pos.score_wins(objective)
    rows = [pos.row(d, n, turns, objective) for d, n in solve]
    nan = np.full(turns + 1, np.nan)
    for d, n in pos.roots:
        if (d, n) not in solve:
            rows.append(AdviceRow(TILE_NAMES[d], g.node_distance(n) - 1, pos.useful(n), nan, nan, nan,
                                  float("nan"), 0))
    rows.sort(key=lambda r: (np.isnan(r.value), -r.value if not np.isnan(r.value) else 0, r.shanten,
                             -sum(n for _, n in r.useful)))
    unit = pos.rs.unit if pos.rs is not None else "win"
    from .notation import to_string

    return Advice(rows, hand=to_string(pos.counts, pos.melds), rules=pos.name, unit=unit, turns=int(turns),
                  objective=objective, unseen=R, keep_shanten=keep_shanten, dingque=pos.dingque)


def _check_question(fn: str, objective: str, turns) -> None:
    if objective not in OBJECTIVES:
        raise ValueError(f"{fn}: objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
    if isinstance(turns, bool) or not isinstance(turns, (int, np.integer)) or turns < 0:
        raise ValueError(f"{fn}: turns must be a whole number >= 0, got {turns!r}")


def _split_options(rules, options):
    from .rules import registry

    rule_options: Dict[str, Any] = {}
    flags: Dict[str, Any] = {}
    if isinstance(rules, str) and options:
        row = registry.info(rules)
        known = registry.options(row.name) if row.binding else {}
        for k, v in options.items():
            (rule_options if k in known else flags)[k] = v
    else:
        flags = dict(options)
    return rule_options, flags


def _batch_chunk(hands, rules, rule_options, flags, turns, objective, visible, seat_wind, round_wind, dealer):
    """:func:`advise_batch` on one chunk in this process: the wins of every hand scored in one call."""
    from .rules import registry

    rs = rules
    if isinstance(rules, str):
        row = registry.info(rules)
        rs = registry.get(row.name, **rule_options) if row.binding else row.name
    n = len(hands)
    discard = np.full(n, -1, np.int8)
    shanten = np.zeros(n, np.int8)
    value = np.zeros(n, np.float64)
    positions = []
    for i in range(n):
        pos = Position(hands[i], rs, visible=visible, seat_wind=seat_wind, round_wind=round_wind, dealer=dealer,
                       flags=flags)
        roots = pos.lowest_roots()
        pos.graph.expand([x for _, x in roots])
        positions.append((pos, roots))
    rows = [p.win_rows() for p, _ in positions]
    totals = [None] * n
    if n and positions[0][0].rs is not None:
        sizes = [len(r[0]) for r in rows]
        if sum(sizes):
            p0 = positions[0][0]
            flat = p0.rs.score_batch(np.concatenate([r[0] for r in rows]), np.concatenate([r[1] for r in rows]),
                                     self_drawn=True, **p0.batch_flags())
            totals = np.split(np.asarray(flat), np.cumsum(sizes)[:-1])
    for i, (pos, roots) in enumerate(positions):
        pos.score_wins(objective, rows[i][0], rows[i][1], totals[i])
        R = int(pos.unseen.sum())
        if turns > R:
            raise ValueError(f"advise_batch: hands[{i}]: turns={turns} but only {R} tiles are unseen")
        best_v, best_d = -1.0, -1
        for d, x in roots:
            v = pos.graph.solve(x, pos.unseen, turns, objective)[0]
            if v > best_v + 1e-12:
                best_v, best_d = v, -1 if d is None else d
        discard[i], value[i] = best_d, best_v
        shanten[i] = pos.graph.node_distance(roots[0][1]) - 1
    return discard, shanten, value


_POOLS: Dict[int, Any] = {}


def _pool(workers: int):
    """One process pool per worker count, kept for the next call (its start costs about half a second).
    The workers fork from a clean forkserver, not from this process and its threads (a fork of a process
    whose other threads hold locks can hang)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    ex = _POOLS.get(workers)
    if ex is None:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        ex = _POOLS[workers] = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    return ex


def advise_batch(hands, rules: Any = "standard", *, turns: int = 12, visible=None, objective: str = "win",
                 seat_wind="E", round_wind="E", dealer: bool = False, workers: Optional[int] = None,
                 **options) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The best discard of many hands: ``(discard int8[N], shanten int8[N], value float64[N])``.

    ``hands``: (N, 34) uint8 counts, 14 tiles each to choose a discard (``discard`` is the tile index) or
    13 each (``discard`` -1); no melds; ``visible``: one set of seen tiles for every hand. Only the discards
    at the hand's lowest shanten are solved (as :func:`advise` without ``shanten_down``); ties go to the
    lowest tile. ``workers``: processes (``None``/-1: all cores; the pool stays for the next call); each
    scores its hands' wins in one ``score_batch`` call.

    >>> import mjpy
    >>> d, s, v = advise_batch(np.stack([mjpy.parse("123m456p789s11234z")]), turns=5)
    >>> int(d[0]), int(s[0])
    (28, 1)
    """
    from mjcore.batch import coerce_hands, resolve_workers

    _check_question("advise_batch", objective, turns)
    arr = coerce_hands(hands)
    if arr.shape[0]:
        if int(arr.max()) > 4:
            bad = int(np.nonzero((arr > 4).any(axis=1))[0][0])
            raise ValueError(f"advise_batch: hands[{bad}] holds {int(arr[bad].max())} copies of a tile (at most 4)")
        sizes = arr.sum(axis=1, dtype=np.int64)
        if (sizes != sizes[0]).any():
            bad = int(np.nonzero(sizes != sizes[0])[0][0])
            raise ValueError(f"advise_batch: hands[{bad}] has {int(sizes[bad])} tiles, hands[0] {int(sizes[0])}: "
                             f"every hand has the same size")
    w = resolve_workers(workers)
    rule_options, flags = _split_options(rules, options)
    args = (rules, rule_options, flags, int(turns), objective, visible, seat_wind, round_wind, dealer)
    n = arr.shape[0]
    if w == 1 or n < 64:
        return _batch_chunk(arr, *args)
    bounds = np.linspace(0, n, min(n, 4 * w) + 1).astype(int)
    parts = list(_pool(w).map(_batch_chunk, [arr[a:b] for a, b in zip(bounds[:-1], bounds[1:])],
                              *[[x] * (len(bounds) - 1) for x in args]))
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(3))
