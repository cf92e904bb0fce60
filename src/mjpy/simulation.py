"""Solo-play simulation of random deals, in the kernel, streamed in chunks.

>>> import mjpy
>>> res = mjpy.simulate(rules="sichuan", deals=1000, seed=7)
>>> res.shanten.shape, res.win_turn.dtype
((1000, 18), dtype('int8'))
>>> s = res.summary()               # tenpai / win rate by turn, shanten at deal, fan of the wins

Each deal is played alone from its own wall (``mjpy.random.walls``): draw, then discard by the
greedy rule of docs/simulate.md, until the hand wins (self-drawn) or ``draws`` tiles were drawn.
The loop runs in ``mjcore.simulate`` without the GIL, split over ``workers`` threads; deal ``i``
depends only on ``(rules, seed, i)``. :func:`simulate_chunks` yields the same result in chunks of
``chunk_size`` deals, so memory stays flat however many deals are played.

Rule sets are a registry (:data:`RULESETS`): every rule set of :mod:`mjpy.rules.registry` (and
the names ``sichuan``, ``standard``, ``riichi``, ``guobiao`` of earlier versions) with its wall (the
rule set's tile kinds), win forms, 定缺, jokers (a fixed kind, or an indicator flipped from the wall
after the deal) and the fan of the wins (the rule set's ``score_batch``; :func:`register_scorer`
plugs another one in). ``rule_options`` are the options of :func:`mjpy.rules.get`.

>>> r = mjpy.simulate(rules="tianjin", deals=200, seed=1, rule_options={"qidui": 2})
>>> sorted(k for k in r.arrays() if k in ("indicator", "jokers", "fan"))
['fan', 'indicator', 'jokers']
"""
from __future__ import annotations

import json
import os
import tempfile
import zipfile
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, Mapping, Optional, Sequence, Tuple

import numpy as np

from mjcore import simulate as _sim
from mjcore.batch import resolve_workers
from mjcore.options import forms_mask

__all__ = [
    "RULESETS",
    "RuleSet",
    "SimulationResult",
    "Summary",
    "register_scorer",
    "simulate",
    "simulate_chunks",
    "DEFAULT_CHUNK",
]

DEFAULT_CHUNK = 1 << 17
DEFAULT_DRAWS = 18

#: ``scorer(hands, win_tile, *, dingque, flowers, workers) -> int16[n]``: total fan of winning
#: 14-tile hands (self-drawn, concealed), -1 where not a win.
Scorer = Callable[..., np.ndarray]


class _Fan:
    """The built-in fan column of a registry rule set: ``factory(bound)`` -> a scorer for the rule
    set bound to the call's options (``rules.get(name, **rule_options)``; ``factory()``: the
    defaults). ``guobiao``: ``mjpy.rules.guobiao.score_batch`` (self-drawn, concealed, winds 东, the
    deal's flowers included, the minimum not applied); otherwise the rule set's ``score_batch``
    (self-drawn; 定缺 per row for Sichuan, the flipped indicator per row with jokers): -1 where the
    rule set says the hand is no legal win."""

    def __init__(self, kind: str = "rules"):
        self.kind = kind

    def __eq__(self, other):
        return isinstance(other, _Fan) and other.kind == self.kind

    __hash__ = None

    def __repr__(self) -> str:
        return f"_Fan({self.kind!r})"

    def __call__(self, bound=None, registered: str = "") -> Optional[Scorer]:
        if bound is None:
            from mjpy.rules import registry

            bound = registry.get(registered or ("guobiao" if self.kind == "guobiao" else "sichuan_fan"))
        if self.kind == "guobiao":
            from mjpy.rules import guobiao

            def score(hands, win_tile, *, dingque=None, flowers=None, workers=None, indicator=None):
                n = len(hands)
                total = guobiao.score_batch(hands, win_tiles=np.asarray(win_tile, np.int64),
                                            flags=np.ones(n, np.int64), flowers=np.asarray(flowers, np.int64),
                                            workers=workers, options=bound.options)
                return np.asarray(total)

            return score
        row = bound.info

        def score(hands, win_tile, *, dingque=None, flowers=None, workers=None, indicator=None):
            flags = {}
            if row.dingque and dingque is not None:
                flags["dingque"] = np.asarray(dingque)
            if indicator is not None:
                flags["indicator"] = [int(x) for x in indicator]
            return np.asarray(bound.score_batch(hands, np.asarray(win_tile, np.int64), self_drawn=True,
                                                workers=workers, **flags))

        return score


@dataclass
class RuleSet:
    """One rule set's simulation: its wall, win forms, 定缺 and fan scorer."""

    name: str
    n_kinds: int                      # 27: the three suits only; 34: with honors
    n_flowers: int                    # flowers in the wall (set aside and replaced)
    forms: tuple                      # win forms (mjpy form names)
    quads_as_two_pairs: bool          # seven pairs: four of a kind = two pairs
    dingque: bool                     # Sichuan 定缺: the emptiest suit at deal is discarded first
    description: str
    scorer_factory: Optional[Callable[[], Optional[Scorer]]] = field(default=None, repr=False)
    registered: str = ""              # its row of mjpy.rules.registry (kinds, jokers, options)
    hand_size: int = 13               # tiles dealt (16: 16-tile play, five sets and a pair)
    players: int = 4                  # players dealt from the wall (2: two-player 71, 3: 卡五星)
    wall: Optional[int] = None        # tiles in play when fewer than the set's (two-player 71: 71 of 136)

    @property
    def wall_size(self) -> int:
        return self.wall if self.wall is not None else 4 * self.n_kinds + self.n_flowers

    @property
    def live_share(self) -> int:
        """One player's share of the tiles left after the deal (the draws of a hand played to the end)."""
        return (self.wall_size - self.players * self.hand_size) // self.players

    @property
    def default_draws(self) -> int:
        """``draws`` when not given: 18 for the four-player rule sets (as ever), one player's share of the
        live wall for two or three players (two-player 71: 22, 卡五星: 15)."""
        return DEFAULT_DRAWS if self.players == 4 else self.live_share

    def scorer(self) -> Optional[Scorer]:
        """The batch fan scorer, or None when the rule set has none (no fan column)."""
        f = self.scorer_factory
        if f is None:
            return None
        return f(None, self.registered) if isinstance(f, _Fan) else f()


def _from_registry(name: str, registered: str, description: str, scorer=None) -> RuleSet:
    """A simulation rule set whose wall, forms, seven-pairs rule and 定缺 are those of the registry's
    row ``registered`` (:mod:`mjpy.rules.registry`, the one list of rule sets)."""
    from mjpy.rules.registry import info

    row = info(registered)
    return RuleSet(name, row.n_kinds, row.n_flowers, row.forms, row.quads_as_two_pairs, row.dingque, description,
                   scorer, row.name, row.hand_size, row.players, row.wall)


def _rulesets() -> Dict[str, RuleSet]:
    from mjpy.rules.registry import REGISTRY

    out = {
        "sichuan": _from_registry("sichuan", "sichuan_fan",
                                  "Sichuan 血战到底: 108 tiles, 定缺, standard + seven pairs (龙七对)", _Fan()),
        "standard": _from_registry("standard", "standard", "136 tiles, standard + seven pairs + thirteen orphans"),
        "riichi": _from_registry("riichi", "riichi", "136 tiles, seven pairs of distinct kinds (Japanese rule)"),
        "guobiao": _from_registry("guobiao", "guobiao",
                                  "144 tiles (8 flowers, 补花), every Guobiao form; fan = guobiao.score_batch "
                                  "(self-drawn, flowers included; the 8-fan minimum is not applied to wins)",
                                  _Fan("guobiao")),
    }
    for name, row in REGISTRY.items():
        if name not in out and row.game == "mahjong":
            wall = f"{row.tiles} tiles" + (", jokers" if row.jokers else "")
            out[name] = _from_registry(name, name, f"{row.title}: {wall}; fan = score_batch (-1: no legal win)",
                                       _Fan() if row.binding else None)
    return out


RULESETS: Dict[str, RuleSet] = _rulesets()


def register_scorer(rules: str, factory: Callable[[], Optional[Scorer]]) -> None:
    """Plug a batch fan scorer into a rule set: ``factory()`` returns the scorer (or None)."""
    get_rules(rules).scorer_factory = factory


def get_rules(rules) -> RuleSet:
    """The simulation rule set of a name of :data:`RULESETS` or an alias of the registry."""
    if isinstance(rules, RuleSet):
        return rules
    if not isinstance(rules, str):
        raise TypeError(f"rules must be a string, got {type(rules).__name__}")
    from mjpy.rules.registry import ALIASES

    key = rules.strip().lower()
    rs = RULESETS.get(key) or RULESETS.get(ALIASES.get(key, ""))
    if rs is None:
        from mjpy.rules.registry import REGISTRY

        row = REGISTRY.get(ALIASES.get(key, key))
        if row is not None and row.game != "mahjong":
            raise ValueError(f"{row.name} is not a mahjong rule set: simulate plays tile walls ({row.docs})")
        raise ValueError(f"unknown rule set {rules!r}: expected one of {', '.join(RULESETS)}") from None
    return rs


@dataclass(frozen=True)
class _Plan:
    """What one call plays: the rule set bound to its options (``bound``, None for shapes only),
    the wall's kinds, forms, jokers (``joker_table`` by flipped indicator, or a fixed mask)."""

    kinds: Tuple[int, ...]
    forms: int
    quads: bool
    joker_table: Optional[np.ndarray]
    joker_mask: int
    fifth: bool
    fan_dtype: Any
    bound: Any
    options: Tuple[Tuple[str, Any], ...]
    stand_in: Tuple[int, int] = (-1, 0)

    @property
    def flip(self) -> bool:
        return self.joker_table is not None

    @property
    def jokers(self) -> bool:
        return self.joker_table is not None or self.joker_mask != 0


def _kinds_mask(kinds) -> int:
    m = 0
    for k in kinds:
        m |= 1 << int(k)
    return m


def _opt(bound, name: str, default):
    o = getattr(bound, "options", None)
    if isinstance(o, Mapping):
        return o.get(name, default)
    return getattr(o, name, default)


_PLANS: Dict[tuple, _Plan] = {}


def _plan(rs: RuleSet, rule_options: Optional[Mapping[str, Any]] = None) -> _Plan:
    """The :class:`_Plan` of a rule set and options (``mjpy.rules.get(rs.registered, **options)``)."""
    if rule_options is None:
        rule_options = {}
    if not isinstance(rule_options, Mapping):
        raise TypeError(f"rule_options must be a dict of rule-set options, got {type(rule_options).__name__}")
    for k in rule_options:
        if not isinstance(k, str):
            raise TypeError(f"rule_options: option names are strings, got {k!r}")
    key = (rs.name, rs.registered, rs.n_kinds, repr(sorted(rule_options.items())))
    p = _PLANS.get(key)
    if p is not None:
        return p
    from mjpy.rules import registry

    row = registry.info(rs.registered) if rs.registered else None
    bound = None
    if row is not None and row.binding:
        bound = registry.get(row.name, **rule_options)
    elif rule_options:
        raise ValueError(f"rule set {rs.name!r} has shapes only: it takes no options "
                         f"(got {', '.join(sorted(rule_options))})")
    kinds = tuple(getattr(bound, "kinds", None) or range(rs.n_kinds))
    table, fixed = None, 0
    if callable(getattr(bound, "joker_kinds", None)):
        try:
            fixed = _kinds_mask(bound.joker_kinds())
        except ValueError as e:          # the jokers come from a flipped indicator
            table = np.zeros(34, np.uint64)
            try:
                for k in kinds:
                    table[k] = _kinds_mask(bound.joker_kinds(indicator=k))
            except ValueError:
                raise e from None
    quads = rs.quads_as_two_pairs and bool(_opt(bound, "allow_quad", True))
    fan_dtype = np.float32 if row is not None and row.unit == "倍" else np.int16
    p = _Plan(kinds, forms_mask(rs.forms), quads, table, fixed, bool(_opt(bound, "allow_fifth_copy", True)),
              fan_dtype, bound, tuple(sorted(rule_options.items())), _stand_in(bound))
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[key] = p
    return p


def _stand_in(bound) -> Tuple[int, int]:
    """``(kind, may)``: the kind whose tiles play the joker kind's face in the bound rule set (-1: none),
    and ``may`` 0 when every such tile does (徐州 白板), k when up to k of them may (福建 活動百搭)."""
    hook = getattr(bound, "simulation_stand_in", None)
    if hook is not None:
        return hook()
    st = getattr(getattr(bound, "spec", None), "stand_in", None)
    return (-1, 0) if st is None else (int(st), 0)


def _scorer(rs: RuleSet, p: _Plan) -> Optional[Scorer]:
    f = rs.scorer_factory
    if f is None:
        return None
    if isinstance(f, _Fan):
        return f(p.bound, rs.registered) if p.bound is not None else None
    return f()


def _fan_values(vals, dtype, name: str) -> np.ndarray:
    v = np.asarray(vals)
    if np.issubdtype(dtype, np.integer):
        if v.dtype.kind == "f" and not np.all(v == np.floor(v)):
            raise ValueError(f"{name}: a fan total is not whole ({v[v != np.floor(v)][0]}); the fan column is int16")
        if v.size and (v.max() > np.iinfo(dtype).max or v.min() < -1):
            raise ValueError(f"{name}: a fan total ({v.max()}) does not fit the int16 fan column")
    return v.astype(dtype)


def _int_arg(value, name: str, lo: int, hi: Optional[int] = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}")
    value = int(value)
    if value < lo or (hi is not None and value > hi):
        raise ValueError(f"{name} must be {lo}..{hi}, got {value}" if hi is not None
                         else f"{name} must be >= {lo}, got {value}")
    return value


# ---------------------------------------------------------------------------------------------
# results

COLUMNS = ("deal", "dingque", "flowers", "shanten_deal", "shanten", "tenpai_turn", "win_turn",
           "win_tile", "hand", "indicator", "jokers", "fan")


class SimulationResult:
    """Arrays per deal (one row each): ``deal`` int64 (the deal index), ``dingque`` int8 (suit
    0/1/2 or -1), ``flowers`` int8, ``shanten_deal`` int8, ``shanten`` int8[n, draws] (after each
    turn's discard; -1 from the win on), ``tenpai_turn`` int8 (first turn with shanten <= 0, 0 = at
    deal, -1 never), ``win_turn`` int8 (1..draws, -1 none), ``win_tile`` int8 (-1 none), ``hand``
    uint8[n, 34] (the final hand: 14 tiles with a win, else 13; 17 / 16 in 16-tile play), with jokers ``indicator`` int8 (the
    flipped tile, -1 for a fixed joker) and ``jokers`` uint64 (bit mask of the deal's joker kinds)
    (``None`` without jokers), and ``fan`` int16 (float32 for a rule set counting 倍; -1 not a
    legal win; ``None`` when the rule set has no scorer). ``rule_options``: the options played.
    """

    def __init__(self, rules: str, seed: int, draws: int, arrays: dict, rule_options: Optional[dict] = None):
        self.rules = rules
        self.seed = seed
        self.draws = draws
        self.rule_options = dict(rule_options) if rule_options else {}
        self.indicator: Optional[np.ndarray] = arrays.get("indicator")
        self.jokers: Optional[np.ndarray] = arrays.get("jokers")
        self.deal: np.ndarray = arrays["deal"]
        self.dingque: np.ndarray = arrays["dingque"]
        self.flowers: np.ndarray = arrays["flowers"]
        self.shanten_deal: np.ndarray = arrays["shanten_deal"]
        self.shanten: np.ndarray = arrays["shanten"]
        self.tenpai_turn: np.ndarray = arrays["tenpai_turn"]
        self.win_turn: np.ndarray = arrays["win_turn"]
        self.win_tile: np.ndarray = arrays["win_tile"]
        self.hand: np.ndarray = arrays["hand"]
        self.fan: Optional[np.ndarray] = arrays.get("fan")

    def __len__(self) -> int:
        return len(self.deal)

    def __repr__(self) -> str:
        return (f"SimulationResult(rules={self.rules!r}, deals={len(self)}, seed={self.seed}, "
                f"draws={self.draws}, win_rate={self.win_rate:.4f})")

    @property
    def win_rate(self) -> float:
        return float((self.win_turn >= 0).mean()) if len(self) else 0.0

    @property
    def tenpai_rate(self) -> float:
        return float((self.tenpai_turn >= 0).mean()) if len(self) else 0.0

    def arrays(self) -> Dict[str, np.ndarray]:
        """The columns as a dict (``fan`` only with a scorer, ``indicator`` / ``jokers`` only with
        jokers)."""
        return {c: getattr(self, c) for c in COLUMNS if getattr(self, c) is not None}

    def summary(self) -> "Summary":
        s = Summary(self.rules, self.draws, seed=self.seed)
        s.update(self)
        return s

    @staticmethod
    def concat(parts: Sequence["SimulationResult"]) -> "SimulationResult":
        if not parts:
            raise ValueError("nothing to concatenate")
        first = parts[0]
        keys = first.arrays().keys()
        arrays = {k: np.concatenate([p.arrays()[k] for p in parts]) for k in keys}
        return SimulationResult(first.rules, first.seed, first.draws, arrays, first.rule_options)

    def to_npz(self, path) -> None:
        """Write the columns to one .npz (``np.load(path)["win_turn"]``)."""
        np.savez(path, **self.arrays())

    def arrow_table(self):
        """The columns as a pyarrow Table (``shanten`` and ``hand`` as fixed-size lists)."""
        pa = _require("pyarrow", "Parquet output")
        cols = {}
        for name, arr in self.arrays().items():
            if arr.ndim == 2:
                width = arr.shape[1]
                flat = pa.array(np.ascontiguousarray(arr).reshape(-1))
                cols[name] = pa.FixedSizeListArray.from_arrays(flat, width)
            else:
                cols[name] = pa.array(arr)
        meta = {"mjpy.rules": self.rules, "mjpy.seed": str(self.seed), "mjpy.draws": str(self.draws)}
        if self.rule_options:
            meta["mjpy.rule_options"] = json.dumps(self.rule_options, ensure_ascii=False, default=str)
        return pa.table(cols).replace_schema_metadata(meta)

    def to_parquet(self, path) -> None:
        """Write one Parquet file, one row per deal."""
        pq = _require("pyarrow.parquet", "Parquet output")
        pq.write_table(self.arrow_table(), path)


def _require(module: str, what: str):
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.split(".")[0]
        raise ImportError(f"{what} needs {top}: pip install 'mjpy[sim]'") from None


class Summary:
    """Running totals over simulated deals: tenpai and win rate by turn, mean shanten by turn,
    shanten at deal, fan of the wins. ``update(chunk)`` adds a chunk; memory does not grow."""

    MAX_SHANTEN = 16

    def __init__(self, rules: str, draws: int, seed: Optional[int] = None):
        self.rules = rules
        self.draws = draws
        self.seed = seed
        self.n = 0
        self.tenpai_at = np.zeros(draws + 1, np.int64)           # first tenpai at turn t
        self.win_at = np.zeros(draws + 1, np.int64)              # win at turn t (t >= 1)
        self.shanten_sum = np.zeros(draws + 1, np.int64)         # turn 0 = at deal
        self.shanten_deal = np.zeros(self.MAX_SHANTEN + 1, np.int64)   # index = shanten + 1
        self.fan: Optional[Dict[int, int]] = None
        self.flowers_sum = 0

    def update(self, r: SimulationResult) -> "Summary":
        n = len(r)
        if n == 0:
            return self
        self.n += n
        self.tenpai_at += np.bincount(r.tenpai_turn[r.tenpai_turn >= 0], minlength=self.draws + 1)
        self.win_at += np.bincount(r.win_turn[r.win_turn >= 0], minlength=self.draws + 1)
        self.shanten_sum[0] += int(r.shanten_deal.sum(dtype=np.int64))
        if self.draws:
            self.shanten_sum[1:] += r.shanten.sum(axis=0, dtype=np.int64)
        self.shanten_deal += np.bincount(r.shanten_deal.astype(np.int64) + 1,
                                         minlength=self.MAX_SHANTEN + 1)[:self.MAX_SHANTEN + 1]
        self.flowers_sum += int(r.flowers.sum(dtype=np.int64))
        if r.fan is not None:
            if self.fan is None:
                self.fan = {}
            vals, cnt = np.unique(r.fan[r.win_turn >= 0], return_counts=True)
            for v, c in zip(vals.tolist(), cnt.tolist()):
                if isinstance(v, float) and v.is_integer():
                    v = int(v)
                self.fan[v] = self.fan.get(v, 0) + c
        return self

    def merge(self, other: "Summary") -> "Summary":
        self.n += other.n
        self.tenpai_at += other.tenpai_at
        self.win_at += other.win_at
        self.shanten_sum += other.shanten_sum
        self.shanten_deal += other.shanten_deal
        self.flowers_sum += other.flowers_sum
        if other.fan is not None:
            self.fan = self.fan or {}
            for v, c in other.fan.items():
                self.fan[v] = self.fan.get(v, 0) + c
        return self

    def tenpai_rate(self) -> np.ndarray:
        """Share of deals tenpai by turn t (t = 0 .. draws; cumulative)."""
        return np.cumsum(self.tenpai_at) / max(self.n, 1)

    def win_rate(self) -> np.ndarray:
        """Share of deals won by turn t (t = 0 .. draws; cumulative)."""
        return np.cumsum(self.win_at) / max(self.n, 1)

    def mean_shanten(self) -> np.ndarray:
        """Mean shanten after turn t (0 = at deal; a won hand counts -1)."""
        return self.shanten_sum / max(self.n, 1)

    def to_dict(self) -> dict:
        top = int(np.nonzero(self.shanten_deal)[0].max()) if self.shanten_deal.any() else 0
        d = {
            "rules": self.rules,
            "deals": self.n,
            "seed": self.seed,
            "draws": self.draws,
            "tenpai_rate": round(float(self.tenpai_rate()[-1]), 6),
            "win_rate": round(float(self.win_rate()[-1]), 6),
            "by_turn": [
                {"turn": t, "tenpai_rate": round(float(a), 6), "win_rate": round(float(b), 6),
                 "mean_shanten": round(float(c), 4)}
                for t, (a, b, c) in enumerate(zip(self.tenpai_rate(), self.win_rate(),
                                                  self.mean_shanten()))
            ],
            "shanten_at_deal": {str(i - 1): int(self.shanten_deal[i]) for i in range(top + 1)
                                if self.shanten_deal[i]},
        }
        if self.flowers_sum:
            d["mean_flowers"] = round(self.flowers_sum / max(self.n, 1), 4)
        if self.fan is not None:
            d["fan_of_wins"] = {str(k): v for k, v in sorted(self.fan.items())}
        return d

    def format(self) -> str:
        """The summary as text tables."""
        n = max(self.n, 1)
        lines = [f"{self.rules}: {self.n:,} deals, seed {self.seed}, {self.draws} draws each",
                 f"after {self.draws} draws: {self.tenpai_rate()[-1]:.2%} of the deals were tenpai at some "
                 f"point, {self.win_rate()[-1]:.2%} won (self-drawn)",
                 "", "by draw (0 = the deal): share of deals tenpai / won so far; mean shanten (a won hand "
                     "counts -1)",
                 "draw  tenpai   won      mean shanten"]
        tr, wr, ms = self.tenpai_rate(), self.win_rate(), self.mean_shanten()
        for t in range(self.draws + 1):
            lines.append(f"{t:>4}  {tr[t]:7.2%}  {wr[t]:7.2%}  {ms[t]:6.3f}")
        lines += ["", "shanten at deal  deals      share of the deals"]
        for i, c in enumerate(self.shanten_deal):
            if c:
                lines.append(f"{i - 1:>15}  {int(c):>9,}  {c / n:6.2%}")
        if self.flowers_sum:
            lines.append(f"\nflowers per deal (补花): {self.flowers_sum / n:.3f}")
        if self.fan is not None:
            wins = sum(self.fan.values()) or 1
            lines += ["", "fan of the wins  wins       share of the wins"]
            for k, v in sorted(self.fan.items()):
                lines.append(f"{k:>15}  {v:>9,}  {v / wins:6.2%}")
            if -1 in self.fan:
                lines.append("(-1: a complete hand the rule set does not accept as a win, or one needing an "
                             "option left open; docs/simulate.md)")
        return "\n".join(lines)

    __str__ = format

    def plot(self, path) -> None:
        """A PNG: tenpai and win rate by turn, shanten at deal and (with a scorer) fan of wins."""
        _require("matplotlib", "--plot")
        import matplotlib

        matplotlib.use("Agg", force=False)
        import matplotlib.pyplot as plt
        import matplotlib.ticker

        panels = 3 if self.fan else 2
        fig, axes = plt.subplots(1, panels, figsize=(5 * panels, 4))
        t = np.arange(self.draws + 1)
        ax = axes[0]
        ax.plot(t, self.tenpai_rate() * 100, marker="o", ms=3, label="tenpai")
        ax.plot(t, self.win_rate() * 100, marker="o", ms=3, label="won (self-drawn)")
        ax.set_xlabel("draws")
        ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        ax.set_ylabel("% of deals (cumulative)")
        ax.set_title(f"{self.rules}: {self.n:,} solo deals")
        ax.grid(alpha=0.3)
        ax.legend()
        ax = axes[1]
        idx = np.nonzero(self.shanten_deal)[0]
        ax.bar(idx - 1, self.shanten_deal[idx] / max(self.n, 1) * 100)
        ax.set_xlabel("shanten at deal")
        ax.set_ylabel("% of deals")
        ax.grid(alpha=0.3, axis="y")
        if self.fan:
            ax = axes[2]
            ks = sorted(self.fan)
            wins = sum(self.fan.values())
            ax.bar(ks, [self.fan[k] / wins * 100 for k in ks])
            ax.set_xlabel("fan")
            ax.set_ylabel("% of wins")
            ax.grid(alpha=0.3, axis="y")
        fig.tight_layout()
        fig.savefig(path, dpi=100)
        plt.close(fig)


# ---------------------------------------------------------------------------------------------
# running

def play_range(rules, seed: int, start: int, n: int, draws: int = DEFAULT_DRAWS, workers=None,
               score: bool = True, rule_options: Optional[Mapping[str, Any]] = None) -> SimulationResult:
    """Play deals ``start .. start + n - 1`` -> one :class:`SimulationResult` (the unit of work
    of :func:`simulate_chunks` and of ``mjpy.distributed.simulate``). ``score=False``: no fan
    column; ``rule_options``: options of ``mjpy.rules.get``."""
    rs = get_rules(rules)
    p = _plan(rs, rule_options)
    arrays = _sim.play(n, kinds=p.kinds, n_flowers=rs.n_flowers, forms=p.forms, quads=p.quads,
                       dingque=rs.dingque, draws=draws, seed=seed, start=start, workers=workers,
                       joker_table=p.joker_table, joker_mask=p.joker_mask, allow_fifth_copy=p.fifth,
                       hand_size=rs.hand_size, stand_in=p.stand_in[0], stand_in_may=p.stand_in[1])
    indicator, jokers = arrays.pop("indicator"), arrays.pop("jokers")
    if p.jokers:
        arrays["indicator"], arrays["jokers"] = indicator, jokers
    arrays["deal"] = np.arange(start, start + n, dtype=np.int64)
    scorer = _scorer(rs, p) if score else None
    if scorer is not None:
        fan = np.full(n, -1, p.fan_dtype)
        won = np.nonzero(arrays["win_turn"] >= 0)[0]
        if len(won):
            kw = {}
            if p.flip and isinstance(rs.scorer_factory, _Fan):
                kw["indicator"] = indicator[won]
            fan[won] = _fan_values(scorer(arrays["hand"][won], arrays["win_tile"][won].astype(np.int64),
                                          dingque=arrays["dingque"][won], flowers=arrays["flowers"][won],
                                          workers=workers, **kw), p.fan_dtype, rs.name)
        arrays["fan"] = fan
    return SimulationResult(rs.name, seed, draws, arrays, dict(p.options))


def _check_args(rules, deals, seed, draws, chunk_size, start, rule_options=None):
    rs = get_rules(rules)
    deals = _int_arg(deals, "deals", 1)          # 0 deals would summarise to rates and means of nothing
    seed = _int_arg(seed, "seed", 0, 2 ** 64 - 1)
    p = _plan(rs, rule_options)
    if draws is None:
        draws = rs.default_draws
    most = 4 * len(p.kinds) - rs.hand_size - p.flip
    if rs.wall is not None or rs.players != 4:          # the other players' hands and a short wall
        most = min(most, rs.wall_size - rs.players * rs.hand_size)
    draws = _int_arg(draws, "draws", 0, min(most, 127))
    chunk_size = _int_arg(chunk_size, "chunk_size", 1)
    start = _int_arg(start, "start", 0)
    return rs, deals, seed, draws, chunk_size, start


def simulate_chunks(rules: str = "sichuan", deals: int = 1000, seed: int = 0, *,
                    draws: Optional[int] = None, workers: Optional[int] = None,
                    chunk_size: int = DEFAULT_CHUNK, start: int = 0,
                    rule_options: Optional[Mapping[str, Any]] = None, fan: bool = True
                    ) -> Iterator[SimulationResult]:
    """Yield :class:`SimulationResult` chunks of ``chunk_size`` deals (deal indices ``start`` ..
    ``start + deals - 1``), each played over ``workers`` threads. ``rule_options``: options of
    ``mjpy.rules.get(rules, **rule_options)``; ``fan=False``: no fan column (faster).

    >>> sum(len(c) for c in simulate_chunks("sichuan", 2500, seed=1, chunk_size=1000))
    2500
    """
    rs, deals, seed, draws, chunk_size, start = _check_args(rules, deals, seed, draws, chunk_size,
                                                            start, rule_options)
    workers = resolve_workers(workers)
    for a in range(start, start + deals, chunk_size):
        yield play_range(rs, seed, a, min(chunk_size, start + deals - a), draws, workers, bool(fan), rule_options)


def simulate(rules: str = "sichuan", deals: int = 1000, seed: int = 0, workers: Optional[int] = None,
             draws: Optional[int] = None, chunk_size: int = DEFAULT_CHUNK, *,
             start: int = 0, rule_options: Optional[Mapping[str, Any]] = None,
             fan: bool = True) -> SimulationResult:
    """Play ``deals`` random deals solo -> :class:`SimulationResult` with arrays per deal.
    ``rules``: any rule set of :data:`RULESETS` (every rule set of the registry, aliases too);
    ``rule_options``: its options (``mjpy.rules.get(rules, **rule_options)``); ``fan=False``:
    no fan column.

    >>> r = simulate("sichuan", deals=500, seed=7)
    >>> len(r), r.shanten.shape[1]
    (500, 18)
    """
    rs, deals, seed, draws, chunk_size, start = _check_args(rules, deals, seed, draws, chunk_size,
                                                            start, rule_options)
    parts = list(simulate_chunks(rs, deals, seed, draws=draws, workers=workers,
                                 chunk_size=chunk_size, start=start, rule_options=rule_options, fan=fan))
    if not parts:
        return play_range(rs, seed, start, 0, draws, 1, fan, rule_options)
    return parts[0] if len(parts) == 1 else SimulationResult.concat(parts)


# ---------------------------------------------------------------------------------------------
# streaming writers (used by the command line)

class ParquetChunkWriter:
    """Append :class:`SimulationResult` chunks to one Parquet file (one row group per chunk)."""

    def __init__(self, path):
        self.pq = _require("pyarrow.parquet", "Parquet output")
        self.path = path
        self.writer = None

    def write(self, r: SimulationResult) -> None:
        table = r.arrow_table()
        if self.writer is None:
            self.writer = self.pq.ParquetWriter(self.path, table.schema)
        self.writer.write_table(table)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class NpzStreamWriter:
    """Write arrays of known length row range by row range into one .npz, with flat memory: each
    column goes to a disk-backed .npy (``open_memmap``) in a temporary directory next to the output,
    and the columns are stored (uncompressed, zip64) into the .npz at ``close()``."""

    def __init__(self, path, n: int, columns: Dict[str, tuple]):
        """``columns``: name -> (dtype, row shape), e.g. ``{"shanten": (np.int8, (18,))}``."""
        self.path = os.fspath(path)
        self.n = n
        self.tmp = tempfile.TemporaryDirectory(prefix=".mjpy-", dir=os.path.dirname(os.path.abspath(self.path)))
        self.maps = {
            name: np.lib.format.open_memmap(os.path.join(self.tmp.name, name + ".npy"), mode="w+",
                                            dtype=dtype, shape=(n,) + tuple(shape))
            for name, (dtype, shape) in columns.items()
        }

    def write(self, start: int, arrays: Dict[str, np.ndarray]) -> None:
        for name, arr in arrays.items():
            self.maps[name][start:start + len(arr)] = arr

    def close(self) -> None:
        names = list(self.maps)
        for m in self.maps.values():
            m.flush()
        self.maps.clear()
        with zipfile.ZipFile(self.path, "w", zipfile.ZIP_STORED, allowZip64=True) as z:
            for name in names:
                z.write(os.path.join(self.tmp.name, name + ".npy"), name + ".npy")
        self.tmp.cleanup()

    def abort(self) -> None:
        self.maps.clear()
        self.tmp.cleanup()


def result_columns(rules, draws: int, rule_options: Optional[Mapping[str, Any]] = None,
                   fan: bool = True) -> Dict[str, tuple]:
    """Column dtypes and row shapes of a simulation (for :class:`NpzStreamWriter`)."""
    rs = get_rules(rules)
    p = _plan(rs, rule_options)
    cols = {"deal": (np.int64, ()), "dingque": (np.int8, ()), "flowers": (np.int8, ()),
            "shanten_deal": (np.int8, ()), "shanten": (np.int8, (draws,)),
            "tenpai_turn": (np.int8, ()), "win_turn": (np.int8, ()), "win_tile": (np.int8, ()),
            "hand": (np.uint8, (34,))}
    if p.jokers:
        cols["indicator"] = (np.int8, ())
        cols["jokers"] = (np.uint64, ())
    if fan and _scorer(rs, p) is not None:
        cols["fan"] = (p.fan_dtype, ())
    return cols
