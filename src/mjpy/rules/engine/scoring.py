"""A rule set defined as data (:class:`RuleSpec`: tile set, forms, jokers, options, a fan table)
behind the common :class:`~mjpy.rules.interface.RuleSet` interface.

>>> from mjpy import rules
>>> r = rules.get("qingyuan").score("111222333p44455s", win_tile="5s", self_drawn=True)
>>> r.fans, r.total
([('對對糊', 6)], 6)

Scoring a hand: validate the input (one path for every rule set), check the win conditions that
read only the situation and the melds, enumerate every reading (:mod:`.readings`), compute its
facts (:mod:`.facts`), evaluate the table (:mod:`.table`) and keep the best reading (就高: the
highest total, then the fewest jokers used as substitutes). If a reading needs a value the
regional sources leave open (an :class:`~mjpy.rules.engine.table.Opt` row while the option is
``None``), the hand is refused naming the option (docs/rules.md#missing): its best reading cannot
be known without it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Dict, Mapping, Optional, Tuple

import numpy as np

from mjcore.analysis import is_win as _kernel_is_win

from ...meld import coerce_melds
from ...notation import NotationError, _coerce_counts, parse_hand
from ...tiles import TILE_NAMES, tile_index
from ..interface import Result, RuleSet
from .facts import FACTS, AttrDict, Situation, facts
from .readings import readings
from .table import Table, evaluate

__all__ = ["RuleSpec", "TableRules"]

_FLAGS = ("self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer")
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3, "东": 0, "南": 1, "西": 2, "北": 3, "東": 0}


@dataclass(frozen=True)
class RuleSpec:
    """One rule set as data. ``defaults``: option -> default; ``choices``: option -> allowed values;
    ``numbers``: options that hold a number or ``None`` (values the sources leave open);
    ``table(options)`` builds the fan table; ``kinds(options)`` the tile set; ``jokers(options,
    indicator, given)`` the joker kinds (``()`` for none); ``any_shape(options)``: a hand of honors
    only wins in any shape; ``extra_flags``: keyword flags of ``score``
    beyond the common ones; ``check(situation, options)`` raises for inconsistent flags."""

    name: str
    defaults: Mapping[str, Any]
    table: Callable[[Any], Table]
    kinds: Callable[[Any], Tuple[int, ...]]
    choices: Mapping[str, Tuple[Any, ...]] = field(default_factory=dict)
    numbers: Tuple[str, ...] = ()
    jokers: Optional[Callable[[Any, Optional[int]], Tuple[int, ...]]] = None
    seven_pairs: bool = True
    thirteen_orphans: bool = False
    every_win_slot: bool = False
    any_shape: Callable[[Any], bool] = lambda o: False
    discard_wins: Callable[[Any], bool] = lambda o: True
    extra_flags: Tuple[str, ...] = ()
    check: Optional[Callable[[Situation, Any], None]] = None
    #: ``settle(rules, table) -> Settlement``: the table settlement (docs/settle.md), None without one
    settle: Optional[Callable[["TableRules", Any], Any]] = None


class Options(AttrDict):
    """A rule set's options (read-only mapping with attribute access)."""

    __slots__ = ()

    def __setitem__(self, k, v):
        raise TypeError("rule-set options are read-only: rules.get(name, **options) builds new ones")

    def __hash__(self):
        return hash(tuple(sorted(self.items(), key=lambda kv: kv[0])))

    def __reduce__(self):
        return Options, (dict(self),)


def _options(spec: RuleSpec, given: Mapping[str, Any]) -> Options:
    unknown = sorted(set(given) - set(spec.defaults))
    if unknown:
        raise ValueError(f"{spec.name}: unknown option {unknown[0]!r} (options: {', '.join(sorted(spec.defaults))})")
    o = dict(spec.defaults)
    for k, v in given.items():
        if k in spec.choices and v not in spec.choices[k]:
            raise ValueError(f"{spec.name}: option {k} must be one of {', '.join(map(repr, spec.choices[k]))}, "
                             f"got {v!r}")
        if k in spec.numbers and v is not None and (isinstance(v, bool) or not isinstance(v, (int, float, Fraction))
                                                    or v < 0):
            raise ValueError(f"{spec.name}: option {k} must be None or a number >= 0, got {v!r}")
        d = spec.defaults[k]
        if isinstance(d, bool) and not isinstance(v, bool):
            raise ValueError(f"{spec.name}: option {k} must be a bool, got {v!r}")
        o[k] = v
    return Options(o)


class TableRules(RuleSet):
    """A :class:`RuleSpec` bound to its options (built by :func:`mjpy.rules.get`)."""

    specs: Dict[str, RuleSpec] = {}

    def __init__(self, info, options):
        super().__init__(info, options)
        self.spec = self.specs[info.name]
        self.table = self.spec.table(options)
        self.kinds = tuple(self.spec.kinds(options))
        self.extra_flags = ("joker_tiles", "indicator", "triple_ron") + self.spec.extra_flags
        self.batch_flags = ("after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer", "seat_wind",
                            "round_wind", "triple_ron", "joker_tiles", "indicator") + self.spec.extra_flags

    @classmethod
    def register(cls, spec: RuleSpec) -> RuleSpec:
        cls.specs[spec.name] = spec
        return spec

    @classmethod
    def bind(cls, row, options):
        return cls(row, _options(cls.specs[row.name], options))

    @classmethod
    def defaults(cls, row) -> dict:
        return dict(cls.specs[row.name].defaults)

    @property
    def can_settle(self) -> bool:
        return self.spec.settle is not None

    def _settle(self, table):
        if self.spec.settle is None:
            return super()._settle(table)
        return self.spec.settle(self, table)

    # -- input ----------------------------------------------------------------------------------
    def _hand(self, hand, melds, size: int):
        """(counts list, [(kind, lowest tile)]) checked: tile set, copies, size."""
        if isinstance(hand, str):
            try:
                counts, inline = parse_hand(hand)
            except NotationError as e:
                raise e.relabel(f"{self.name}: hand {hand!r}") from None
            meld_list = list(inline)
        else:
            counts, meld_list = _coerce_counts(hand), []
        if melds:
            k, lst = coerce_melds(melds)
            if lst is None:
                raise ValueError(f"{self.name}: melds must be the melds themselves (e.g. [Meld('pon', '555p')]), "
                                 f"not a count")
            meld_list += lst
        ms = []
        for m in meld_list:
            if m.kind == "kan":
                raise ValueError(f"{self.name}: meld {m}: say whether the kong is exposed (minkan / kakan) or "
                                 f"concealed (ankan)")
            ms.append((m.kind, min(m.tiles)))
        if len(ms) > 4:
            raise ValueError(f"{self.name}: {len(ms)} melds, at most 4")
        c = [int(x) for x in counts]
        need = size - 3 * len(ms)
        if sum(c) != need:
            raise ValueError(f"{self.name}: the hand has {sum(c)} concealed tiles with {len(ms)} melds: expected "
                             f"{need} ({'the winning tile included' if size == 14 else 'a waiting hand'})")
        total = list(c)
        for m in meld_list:
            for t in m.tiles:
                total[t] += 1
        kinds = set(self.kinds)
        for t, n in enumerate(total):
            if n and t not in kinds:
                raise ValueError(f"{self.name}: {TILE_NAMES[t]} is not used in this rule set "
                                 f"({len(self.kinds) * 4} tiles, docs/rules.md#{self.info.docs.split('#')[-1]})")
            if n > 4:
                raise ValueError(f"{self.name}: {TILE_NAMES[t]} appears {n} times counting the melds (at most 4)")
        return c, ms

    def joker_kinds(self, indicator=None, joker_tiles=None) -> Tuple[int, ...]:
        """The joker kinds of a hand (ascending indices) from the flipped ``indicator`` (or the
        rule set's ``indicator`` option) or given ``joker_tiles``; ``()`` without jokers.

        >>> from mjpy import rules
        >>> rules.get("tianjin").joker_kinds("9s")          # 混: the flipped tile and its successor
        (18, 26)
        """
        return self._jokers({"indicator": indicator, "joker_tiles": joker_tiles})

    def _jokers(self, flags) -> Tuple[int, ...]:
        jt, ind = flags.get("joker_tiles"), flags.get("indicator")
        if jt is not None and ind is not None:
            raise ValueError(f"{self.name}: give joker_tiles= or indicator=, not both")
        if self.spec.jokers is None:
            if jt or ind is not None:
                raise ValueError(f"{self.name}: the rule set has no jokers")
            return ()
        if jt is not None:
            kinds = tuple(sorted({tile_index(t) for t in ([jt] if isinstance(jt, (str, int)) else jt)}))
            return tuple(sorted(self.spec.jokers(self.options, None, kinds)))
        if ind is None:
            ind = self.options.get("indicator")
        return tuple(sorted(self.spec.jokers(self.options, None if ind is None else tile_index(ind), None)))

    def _situation(self, flags) -> Situation:
        s = Situation({k: bool(flags.get(k, False)) for k in _FLAGS + ("triple_ron",)})
        for k in _FLAGS + ("triple_ron",):
            v = flags.get(k, False)
            if not isinstance(v, (bool, np.bool_)):
                raise TypeError(f"{self.name}: {k} must be a bool, got {type(v).__name__}")
        for k in ("seat_wind", "round_wind"):
            w = flags.get(k, "E")
            key = w.strip().upper() if isinstance(w, str) else None
            if key in _WINDS:
                s[k] = 27 + _WINDS[key]
            elif isinstance(w, (int, np.integer)) and not isinstance(w, bool) and 0 <= w <= 3:
                s[k] = 27 + int(w)
            else:
                raise ValueError(f"{self.name}: {k} must be E/S/W/N (东南西北) or 0-3, got {w!r}")
        if s.self_drawn and s.robbing_kong:
            raise ValueError(f"{self.name}: self_drawn and robbing_kong exclude each other")
        if s.after_kong and not s.self_drawn:
            raise ValueError(f"{self.name}: after_kong (the winning tile is a kong replacement) needs self_drawn=True")
        if s.triple_ron and s.self_drawn:
            raise ValueError(f"{self.name}: triple_ron (一炮三响) is a win on a discard: self_drawn must be False")
        if self.spec.check is not None:
            self.spec.check(s, self.options)
        return s

    # -- scoring --------------------------------------------------------------------------------
    def _core(self, c, ms, w: int, s: Situation, jk: Tuple[int, ...]) -> Result:
        """Score concealed counts ``c`` (winning tile ``w`` included) with melds ``ms``."""
        name = self.name
        hand_facts = dict(s)
        hand_facts.update(n_chi=sum(1 for k, _ in ms if k == "chi"),
                          joker_melded=int(any(k in ("pon", "minkan", "kakan") and t in jk for k, t in ms)))
        assert set(hand_facts) - {"seat_wind", "round_wind"} <= set(FACTS)
        for cond in self.table.wins:
            if all(n in hand_facts for n in cond.when.names) and not cond.when(hand_facts):
                return Result(False, 0, [], self.unit, name, f"{name}: {cond.reason}")
        meld_tiles = []
        for k, t in ms:
            meld_tiles += [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4)
        if not self._kernel_win(c, len(ms), jk):
            return Result(False, 0, [], self.unit, name, f"{name}: not a complete hand")
        rds = readings(c, n_sets=4 - len(ms), win_tile=w, jokers=jk, kinds=self.kinds,
                       seven_pairs=self.spec.seven_pairs and not ms,
                       quads_as_two_pairs=self.options.get("allow_quad", True),
                       thirteen_orphans=self.spec.thirteen_orphans and not ms, meld_tiles=meld_tiles,
                       allow_fifth_copy=self.options.get("allow_fifth_copy", True),
                       every_win_slot=self.spec.every_win_slot, any_honors=self.spec.any_shape(self.options))
        if not rds:
            return Result(False, 0, [], self.unit, name, f"{name}: not a complete hand")
        pre = list(c)
        pre[w] -= 1
        best, missing, failed = None, set(), ""
        seen: Dict[tuple, Any] = {}
        for rd in rds:
            f = facts(rd, ms, s, jk, pre)
            f.update(hand_facts)
            key = tuple(f.values())
            v = seen.get(key)
            if v is None:
                v = seen[key] = evaluate(self.table, f, self.options)
            if v.failed:
                failed = v.failed
                continue
            if v.missing:
                missing.update(v.missing)
                continue
            key = (Fraction(v.total), -rd.substitutes)
            if best is None or key > best[0]:
                best = (key, rd, v)
        if missing:
            what = ", ".join(f"pass {m}=..." for m in sorted(missing))
            return Result(False, 0, [], self.unit, name,
                          f"{name}: a reading scores a row whose value the regional sources do not give "
                          f"(docs/rules.md#missing): {what}",
                          detail={"missing": sorted(missing), "complete": True})
        if best is None:
            return Result(False, 0, [], self.unit, name, f"{name}: {failed}")
        _, rd, v = best
        detail = {"factors": v.factors, "groups": v.groups, "substitutes": rd.substitutes, "form": rd.form}
        if v.points is not None:
            detail["points"] = v.points
        return Result(True, v.total, v.fans, self.unit, name, "", rd.form, rd if jk else None, detail)

    def _kernel_win(self, c, n_melds: int, jk) -> bool:
        """The kernel's win check, a superset of the readings (a joker may stand for any of the 34
        kinds and for fifth copies there): a hand it rejects has no reading, so the enumeration is
        skipped. Not used where honours win in any shape."""
        if self.spec.any_shape(self.options):
            return True
        forms = ["standard"]
        if not n_melds and self.spec.seven_pairs:
            forms.append("seven_pairs")
        if not n_melds and self.spec.thirteen_orphans:
            forms.append("thirteen_orphans")
        return bool(_kernel_is_win(np.asarray(c, np.uint8), melds=n_melds, forms=tuple(forms),
                                   joker_tiles=list(jk) or None,
                                   quads_as_two_pairs=self.options.get("allow_quad", True)))

    def _score(self, hand, melds, win_tile, flags) -> Result:
        c, ms = self._hand(hand, melds, 14)
        if win_tile is None:
            raise ValueError(f"{self.name}: win_tile is required")
        w = tile_index(win_tile)
        if c[w] < 1:
            raise ValueError(f"{self.name}: the winning tile {TILE_NAMES[w]} is not among the concealed tiles "
                             f"(the hand includes the winning tile)")
        return self._core(c, ms, w, self._situation(flags), self._jokers(flags))

    def _waits(self, hand13, melds, flags) -> Dict[str, Result]:
        c, ms = self._hand(hand13, melds, 13)
        jk = self._jokers(flags)
        held = list(c)
        for k, t in ms:
            for x in ([t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4)):
                held[x] += 1
        modes = [True] + ([False] if self.spec.discard_wins(self.options) else [])
        if "self_drawn" in flags and flags["self_drawn"] is not None and flags["self_drawn"] is not False:
            modes = [True]
        out = {}
        for t in self.kinds:
            if held[t] >= 4:
                continue
            c[t] += 1
            best = None
            for mode in modes:
                f = dict(flags, self_drawn=mode)
                if not mode:
                    f.pop("after_kong", None)
                r = self._core(c, ms, t, self._situation(f), jk)
                if r.is_win and (best is None or Fraction(r.total) > Fraction(best.total)):
                    best = r
            c[t] -= 1
            if best is not None:
                out[TILE_NAMES[t]] = best
        return out

    def _score_batch(self, hands, win_tiles, melds, flags, workers) -> np.ndarray:
        h = np.asarray(hands)
        if h.ndim != 2 or h.shape[1] != 34:
            raise ValueError(f"{self.name}: hands must have shape (N, 34), got {h.shape}")
        if h.dtype.kind not in "iu":
            raise TypeError(f"{self.name}: hands must hold integer counts, got dtype {h.dtype}")
        n = len(h)
        if win_tiles is None:
            raise ValueError(f"{self.name}: win_tiles is required (one tile index per row)")
        w = np.asarray(win_tiles)
        if w.shape != (n,) or w.dtype.kind not in "iu":
            raise ValueError(f"{self.name}: win_tiles must be {n} tile indices, got shape {w.shape} dtype {w.dtype}")
        if melds is not None and len(melds) != n:
            raise ValueError(f"{self.name}: melds: {len(melds)} meld lists for {n} hands")
        cols = {}
        for k, v in flags.items():
            if k == "joker_tiles" and (v is None or isinstance(v, (str, int))
                                       or (isinstance(v, (list, tuple)) and not any(
                                           isinstance(x, (list, tuple, np.ndarray)) or x is None for x in v))):
                cols[k] = [v] * n               # one list of joker kinds for every row
                continue
            a = np.asarray(v, dtype=object) if not isinstance(v, (list, tuple)) else np.empty(len(v), object)
            if isinstance(v, (list, tuple)):
                a[:] = list(v)
            if a.ndim == 0:
                cols[k] = [v] * n
            elif a.shape == (n,):
                cols[k] = [x.item() if isinstance(x, np.generic) else x for x in a]
            else:
                raise ValueError(f"{self.name}: {k} must be one value or one per row ({n}), got shape {a.shape}")
        out = [0] * n
        for i in range(n):
            row_flags = {k: cols[k][i] for k in cols}
            try:
                r = self._score(h[i], melds[i] if melds is not None else (), int(w[i]), row_flags)
            except (ValueError, TypeError) as e:
                raise type(e)(f"hands[{i}]: {e}") from None
            out[i] = r.total if r.is_win else -1
        whole = all(isinstance(x, (int, np.integer)) for x in out)
        return np.array(out, dtype=np.int32 if whole else np.float64)
