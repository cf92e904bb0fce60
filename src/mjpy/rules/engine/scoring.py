"""A rule set defined as data (:class:`RuleSpec`: tile set, forms, jokers, options, a fan table)
behind the common :class:`~mjpy.rules.interface.RuleSet` interface.

>>> from mjpy import rules
>>> r = rules.get("qingyuan").score("111222333p44455s", win_tile="5s", self_drawn=True)
>>> r.fans, r.total
([('對對糊', 6)], 6)

Scoring a hand: validate the input (one path for every rule set), check the win conditions that
read only the situation and the melds, enumerate every reading (:mod:`.readings`), compute its
facts (:mod:`.facts`), evaluate the table (:mod:`.table`) and keep the best reading (就高: the
highest total, then the fewest jokers used as substitutes, then the highest total before the cap, then the reading whose first counted row comes first in the table). If a reading needs a value the
regional sources leave open (an :class:`~mjpy.rules.engine.table.Opt` row while the option is
``None``), the hand is refused naming the option (docs/rules.md#missing): its best reading cannot
be known without it.
"""
from __future__ import annotations

import dataclasses
import inspect
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Dict, Mapping, Optional, Tuple, Union

import numpy as np

from mjcore import engine as _engine
from mjcore.batch import coerce_hands
from mjcore.analysis import is_win as _kernel_is_win

from ...meld import Meld, coerce_melds
from ...notation import NotationError, _parse_cached
from ...tiles import TILE_NAMES, suit_number, tile_index
from ..baopai import BONUS_FLAGS, bonus_kinds, count_bonus, count_bonus_rows
from ..interface import Result, RuleSet, check_option_names, hand_and_melds
from .facts import FACTS, AttrDict, Situation, facts
from .compiled import compile_table
from .readings import Reading, readings
from .table import Fan, Opt, Table, evaluate

__all__ = ["RuleSpec", "TableRules", "melds_array"]


def _with_baopai(table: Table, name: str) -> Table:
    """The table with the 寶牌 row (``baopai_fan`` per bonus-tile copy) in its first summed group."""
    g = next((g for g in table.groups if g.role == "add" and g.mode == "sum"), None)
    if g is None:
        raise ValueError(f"{name}: 寶牌 adds 番 to a sum, and this table sums none (baopai=True is not available)")
    row = Fan("寶牌", Opt("baopai_fan"), per="n_bonus", group=g.name, en="a bonus tile (寶牌), per copy")
    return dataclasses.replace(table, rows=table.rows + (row,))


def meld_of(kind: str, t: int) -> Meld:
    """The :class:`~mjpy.Meld` of a ``(kind, lowest tile)`` pair."""
    return Meld(kind, [t, t + 1, t + 2] if kind == "chi" else [t] * (3 if kind == "pon" else 4))


_FLAGS = ("self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer")
_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3, "东": 0, "南": 1, "西": 2, "北": 3, "東": 0}
_SITUATION = _FLAGS + ("triple_ron", "kong_discard")
#: seat / round wind -> tile index (the fast path of ``score``; other spellings take the checked path)
_JOKER_KEYS = frozenset(("indicator", "joker_tiles"))
_TILE_CODES = {n: i for i, n in enumerate(TILE_NAMES)}
_TILE_NAMES = tuple(TILE_NAMES)
_WIND_INDEX = {"E": 27, "S": 28, "W": 29, "N": 30, 0: 27, 1: 28, 2: 29, 3: 30}
# a rule set's score / waits is the engine's ScoreCall.score / WaitsCall.waits bound (TableRules.__init__),
# with the signature and docstring of the checked path it stands for
for _call, _checked in ((_engine.ScoreCall.score, RuleSet.score), (_engine.WaitsCall.waits, RuleSet.waits)):
    _call.__signature__, _call.__doc__ = inspect.signature(_checked), _checked.__doc__
del _call, _checked


def missing_reason(name: str, names, where: str = "") -> str:
    """The one wording of a refusal for values the regional sources do not give (``where``: what needs them,
    e.g. ``"winning on 1m"``): ``"tianjin: winning on 1m: a reading scores a row ... pass hundiao=..."``."""
    what = ", ".join(f"pass {m}=..." for m in names)
    return (f"{name}: {where + ': ' if where else ''}a reading scores a row whose value the regional sources do not "
            f"give (docs/rules.md#missing): {what}")


def _winning_on(tiles) -> str:
    """``"winning on 1m, 2m, 3m and 31 more"``: the tiles of a refused waiting hand (kind indices)."""
    names = [TILE_NAMES[t] for t in tiles]
    more = f" and {len(names) - 3} more" if len(names) > 3 else ""
    return "winning on " + ", ".join(names[:3]) + more


@dataclass(frozen=True)
class RuleSpec:
    """One rule set as data. ``defaults``: option -> default; ``choices``: option -> allowed values;
    ``numbers``: options that hold a number or ``None`` (values the sources leave open);
    ``table(options)`` builds the fan table; ``kinds(options)`` the tile set; ``jokers(options,
    indicator, given)`` the joker kinds (``()`` for none); ``any_shape(options)``: a hand of honors
    only wins in any shape (``True``), or a hand whose every tile is a 2, 5 or 8 (``"258"``); ``extra_flags``: keyword flags of ``score``
    beyond the common ones; ``check(situation, options)`` raises for inconsistent flags (``check_flags``: the flags it reads)."""

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
    any_shape: Callable[[Any], Union[bool, str]] = lambda o: False
    discard_wins: Callable[[Any], bool] = lambda o: True
    extra_flags: Tuple[str, ...] = ()
    check: Optional[Callable[[Situation, Any], None]] = None
    #: the situation flags ``check`` reads (``None``: all of them)
    check_flags: Optional[Tuple[str, ...]] = None
    #: ``settle(rules, table) -> Settlement``: the table settlement (docs/settle.md), None without one
    settle: Optional[Callable[["TableRules", Any], Any]] = None
    #: ``waits`` lists a wait on a kind whose four copies the player holds (a virtual fifth copy;
    #: for rule sets without jokers)
    exhausted_waits: Callable[[Any], bool] = lambda o: False
    #: ``detail(options, total, fans, detail) -> dict``: fields the rule set adds to a win's ``detail``
    #: (Sichuan: ``multiplier``, ``points``, ``gen``, ...)
    detail: Optional[Callable[[Any, Any, Any, Mapping], Mapping]] = None
    #: the form eight pairs + a single without any joker tile (16-tile play: 温州 硬八對)
    eight_pairs: bool = False
    #: a hand holding this many joker tiles wins in any shape (温州 三財神: 3); 0: never
    any_jokers: int = 0
    #: ``(key, most)``: the one number the rule set reads from ``score(context={key: n})`` (0 <= n <=
    #: most; the fact ``context_count``), ``None``: it reads no context
    context: Optional[Tuple[str, int]] = None
    #: a bool keyword flag of ``score`` / ``score_batch`` / ``waits`` read as ``context_count`` 1 (卡五星
    #: ``liangdao``: 亮倒); a rule set has this or ``context``, not both
    context_flag: Optional[str] = None
    #: the rule set counts 番 in a sum: the 寶牌 add-on (options ``baopai``, ``baopai_fan``; flags
    #: ``bonus_tiles`` / ``bonus_indicator``; docs/rules.md#baopai)
    baopai: bool = False
    #: the honors of the form 14 distinct tiles of one knitting + honors (徐州 亂牌: 东南西北中发); () none
    knit_honors: Tuple[int, ...] = ()
    #: the form nine knitted tiles + five honours with one pair (通称 十三不靠; no jokers)
    knit_pair: bool = False
    #: a kind whose tiles play the (single) joker kind's natural face (徐州 白板: 33); None: no stand-in
    stand_in: Optional[int] = None
    #: a joker tile may be the winning tile on a discard (徐州: a 配兒 cannot be claimed)
    claim_jokers: bool = True
    #: what the sources call the joker (in messages)
    joker_word: str = "joker"


def _four(name: str, total, why: str = "") -> None:
    """At most four of a kind among ``total`` (the concealed tiles and the melds' tiles)."""
    for t, n in enumerate(total):
        if n > 4:
            raise ValueError(f"{name}: {TILE_NAMES[t]} appears {n} times counting the melds (at most 4){why}")


def swap_stand_in(stand_in: Optional[int], counts, w: Optional[int], jk: Tuple[int, ...]):
    """The stand-in's counts and the joker kind's trade places (the engine's ``swap_stand_in``): the
    stand-in tiles become real tiles of the joker kind f, the jokers tiles of the stand-in kind.
    ``(counts, winning tile, joker kinds, f or None)``; unchanged without a stand-in or with a joker kind
    other than one kind different from the stand-in."""
    if stand_in is None or len(jk) != 1 or jk[0] == stand_in:
        return counts, w, jk, None
    f = jk[0]
    c = list(counts)
    c[f], c[stand_in] = c[stand_in], c[f]
    if w == f:
        w = stand_in
    elif w == stand_in:
        w = f
    return c, w, (stand_in,), f


def _unswap_reading(rd: Reading, face: int, stand_in: int) -> Reading:
    """A reading of the swapped hand with physical tiles (:func:`swap_stand_in` undone)."""
    def ph(p):
        return face if p == stand_in else stand_in if p == face else p
    groups = tuple((k, tuple((r, ph(p)) for r, p in slots)) for k, slots in rd.groups)
    gi, (r, p) = rd.win
    return Reading(rd.form, groups, (gi, (r, ph(p))))


def caller_jokers(name: str, word: str, option: str = "caishen"):
    """The ``jokers`` hook of a rule set whose sources name a joker (``word``: 财神) but not which tile
    it is: the kinds come from the rule set's ``option`` or from ``joker_tiles=`` per call, never from
    an indicator."""
    def jokers(o, indicator, given):
        if indicator is not None:
            raise ValueError(f"{name}: the sources do not say how {word} is chosen, so there is no indicator: "
                             f"pass joker_tiles=[...] (or the option {option}=[...])")
        bound = o[option]
        if given is None and bound is not None:
            given = tuple(sorted({tile_index(t) for t in ([bound] if isinstance(bound, (str, int)) else bound)}))
        if not given:
            raise ValueError(f"{name}: which tile is {word} is not given by the sources: pass joker_tiles=[...] "
                             f"(or the option {option}=[...]), docs/rules.md#{name}")
        return tuple(given)
    return jokers


def waiting_hand(name: str, option: str, word: str, hand, melds, joker_tiles, who: str):
    """(bound rule set, counts, melds, joker kinds) of a waiting hand of ``name`` whose jokers (``word``)
    the caller names (``joker_tiles``, bound as ``option``): the set-up of the servers' predicates
    (``baotou_ready``, ``qiangjin_ready``); a one-line ValueError for bad input."""
    from ..registry import get

    if joker_tiles is None or (not isinstance(joker_tiles, (str, int)) and not len(joker_tiles)):
        raise ValueError(f"{who}: joker_tiles=[...] names the {word} kinds (the sources do not say which)")
    rs = get(name, **{option: [joker_tiles] if isinstance(joker_tiles, (str, int)) else list(joker_tiles)})
    counts, ms = rs._hand(hand, melds, rs._size - 1)
    return rs, counts, ms, rs._jokers({})


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
    check_option_names(spec.name, given, spec.defaults)
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
        if isinstance(d, tuple) and isinstance(v, list):
            v = tuple(v)                        # (a pair given as a list, e.g. from JSON: options stay hashable)
        o[k] = v
    return Options(o)


_FLAG_BITS = tuple(enumerate(_engine.FLAG_NAMES))
_CODES = _engine.MELD_CODES


def _flag_bits(s) -> int:
    bits = 0
    for i, k in _FLAG_BITS:
        if s[k]:
            bits |= 1 << i
    if s.get("dingque") is not None:
        bits |= (s["dingque"] + 1) << _engine.DINGQUE_SHIFT_BITS
    return (bits | s.get("context_count", 0) << _engine.CONTEXT_SHIFT_BITS
            | min(s.get("n_bonus", 0), 63) << _engine.BONUS_SHIFT_BITS)


def _meld_codes(ms) -> bytes:
    """The engine's meld bytes: (kind code, lowest tile) per meld."""
    return bytes(x for k, t in ms for x in (_CODES[k], t))


def _str_counts(hand: str):
    """The counts of a notation string without melds (cached), ``None`` when it needs the checked path."""
    if "[" in hand or "(" in hand:
        return None
    try:
        return _parse_cached(hand)
    except NotationError:
        return None


def checked_counts(hand, codes: bytes, size: int, outside: int) -> Optional[bytes]:
    """The 34 counts (bytes) of ``hand`` (a notation string without melds, or a uint8 count array)
    with the melds ``codes`` when the engine's C check passes it (:func:`mjcore.engine.check_hand`:
    ``size`` tiles, no kind of ``outside``); ``None`` for the caller's checked path, which explains."""
    if type(hand) is str:
        hand = _str_counts(hand)
        if hand is None:
            return None
    return _engine.check_hand(hand, codes, size, outside)


def _fast_melds(melds, most: int = 4) -> Optional[bytes]:
    """The engine's meld bytes of a list or tuple of at most ``most`` :class:`Meld` (none a bare
    ``kan``); ``None`` for anything else (the checked path reads and explains it)."""
    return _engine.meld_bytes(melds, most, Meld)


def _mask(kinds) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


def melds_array(meld_lists, slots: int = 4) -> np.ndarray:
    """Per-row melds in the engine's batch encoding: an (N, slots, 2) int8 array of (kind code, lowest
    tile) per meld, kind codes ``chi 1, pon 2, minkan 3, kakan 4, ankan 5``, 0 = no meld; ``slots``:
    4, or 5 for the 16-tile rule sets. Build it once and pass it as ``melds=`` to the engine rule
    sets' ``score_batch`` (no per-row Python).

    >>> from mjpy import Meld
    >>> melds_array([[Meld("pon", "777z"), Meld("chi", "123m")], []])[0].tolist()
    [[2, 33], [1, 0], [0, 0], [0, 0]]
    """
    if slots not in (4, 5):
        raise ValueError(f"melds_array: slots must be 4 (13-tile play) or 5 (16-tile), got {slots!r}")
    out = np.zeros((len(meld_lists), slots, 2), np.int8)
    for i, row in enumerate(meld_lists):
        try:
            for j, pair in enumerate(_row_codes(row, slots)):
                out[i, j] = pair
        except (ValueError, TypeError) as e:
            raise type(e)(f"meld_lists[{i}]: {e}") from None
    return out


def _row_codes(row, most: int = 4):
    """(kind code, lowest tile) of each meld of one row (``Meld`` list, strings or dicts), at most ``most``."""
    _, lst = coerce_melds(row)
    if lst is None:
        if row:
            raise ValueError("melds must be the melds themselves (e.g. [Meld('pon', '555p')]), not a count")
        return []
    if len(lst) > most:
        raise ValueError(f"{len(lst)} melds, at most {most}")
    for m in lst:
        if m.kind == "kan":
            raise ValueError(f"meld {m}: say whether the kong is exposed (minkan / kakan) or concealed (ankan)")
    return [(_CODES[m.kind], m.first) for m in lst]


def _row_keys(v: np.ndarray) -> Optional[np.ndarray]:
    """One value per row of a per-row array of joker kinds (1-D tile names or kinds, or (N, k) kinds 0-63,
    k <= 10) that is alike exactly where the rows are; None for any other array (read row by row)."""
    if v.ndim == 1 and v.dtype.kind in "iuU":
        return v
    if v.ndim == 2 and v.dtype.kind in "iu" and 0 < v.shape[1] <= 10 and v.min() >= 0 and v.max() < 64:
        return (v.astype(np.int64) << (6 * np.arange(v.shape[1], dtype=np.int64))).sum(axis=1)
    return None


def _totals(out: np.ndarray) -> np.ndarray:
    """A batch's totals as int32 when they are all whole (they are, but for fractional table values)."""
    if len(out) and (out == np.floor(out)).all():
        return out.astype(np.int32)
    return out


def _per_row(v, n: int, what: str, kind) -> np.ndarray:
    """One value for every row, or one per row, as an (n,) array."""
    a = np.asarray(v, dtype=object if kind is object else None)
    if a.ndim == 0:
        a = np.full(n, v, dtype=object if kind is object else None)
    elif a.shape != (n,):
        raise ValueError(f"{what} must be one value or one per row ({n}), got shape {a.shape}")
    if kind is bool:
        if a.dtype != bool:
            if a.dtype == object and all(isinstance(x, (bool, np.bool_)) for x in a):
                return a.astype(bool)
            raise TypeError(f"{what} must be bools, got dtype {a.dtype}")
    return a


def _row(v, i: int):
    """Row ``i`` of a per-row flag (or the one value)."""
    if isinstance(v, np.ndarray) and v.ndim == 1:
        x = v[i]
        return x.item() if isinstance(x, np.generic) else x
    if isinstance(v, (list, tuple)) and v and isinstance(v[0], (list, tuple, np.ndarray, type(None))):
        return v[i]
    return v


class TableRules(RuleSet):
    """A :class:`RuleSpec` bound to its options (built by :func:`mjpy.rules.get`)."""

    specs: Dict[str, RuleSpec] = {}

    def __init__(self, info, options):
        super().__init__(info, options)
        self.spec = self.specs[info.name]
        self._n_sets = 5 if info.hand_size == 16 else 4     # sets of a complete hand; meld slots
        self._size = 3 * self._n_sets + 2                    # tiles of a complete hand, melds as 3
        self.table = self.spec.table(options)
        if options.get("baopai", False) and not self.spec.baopai:
            raise ValueError(f"{info.name}: 寶牌 adds 番 to a sum, and this rule set counts {info.unit or 'no value'} "
                             f"(baopai=True is not available)")
        self._bonus = bool(self.spec.baopai and options.get("baopai", False))
        if self._bonus:
            self.table = _with_baopai(self.table, info.name)
        self.kinds = tuple(self.spec.kinds(options))
        self.compiled = compile_table(self.table, options, self._shape())
        self._joker_cache: Dict[Any, Tuple[Tuple[int, ...], int]] = {}
        self._filled: Dict[Tuple[str, ...], Any] = {}      # missing options -> the rule set with them at 1
        self._modes_cache: Dict[Any, tuple] = {}   # waits: (flag bits per mode, seat, round) of flags seen before
        # bits of score()'s flags that take the checked path: those the rule set's own check reads (the
        # engine's hand check tests the rest)
        self._slow_bits = sum(1 << i for i, k in _FLAG_BITS if self.spec.check is not None
                              and k in (self.spec.check_flags or _FLAGS))
        self._outside = tuple(t for t in range(34) if t not in set(self.kinds))
        self._outside_mask = sum(1 << t for t in self._outside)
        # a win's Result, built by the engine: fans, factors, groups, reading, 2^番 points, the rule set's detail
        self._maker = _engine.ResultMaker(Result, Reading, self.unit, info.name, self.table.points == "pow2",
                                          self.spec.detail, self.options)
        self._base_bits = self._option_bits()
        self._guarded = not self.spec.claim_jokers or self.spec.stand_in is not None
        try:                                    # the joker kinds when a call names none
            self._default_jokers = self._jokers_given({})
        except ValueError:                      # (an indicator is needed: asked again per call)
            self._default_jokers = None
        self._default_mask = (self._default_jokers, _mask(self._default_jokers or ()))
        self._plain_limit = 5 if self.spec.exhausted_waits(self.options) else 4   # waits without jokers
        # score's and waits' common calls in the engine, without a Python frame (a subclass's own kept)
        common = (self, self._jokers_cached, self._joker_cache, Meld, _str_counts, self.compiled.program,
                  self._maker, _JOKER_KEYS, self._default_mask, self._n_sets, self._size, self._outside_mask,
                  _TILE_CODES)
        if type(self).score is RuleSet.score:
            self.score = _engine.ScoreCall(common[0], RuleSet.score, *common[1:], self._refused, _WIND_INDEX,
                                           self._slow_bits, self._base_bits, self._guarded,
                                           -1 if self.spec.stand_in is None else self.spec.stand_in).score
        if type(self).waits is RuleSet.waits and not self._guarded and not self._bonus:
            self.waits = _engine.WaitsCall(common[0], RuleSet.waits, *common[1:], self._modes_cache, _TILE_NAMES,
                                           self._plain_limit).waits
        cf = (self.spec.context_flag,) if self.spec.context_flag else ()
        if self._bonus:
            cf += BONUS_FLAGS
        self.extra_flags = (("joker_tiles", "indicator", "triple_ron") + self.spec.extra_flags
                            + (("context",) if self.spec.context else ()) + cf)
        self.batch_flags = ("after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer", "seat_wind",
                            "round_wind", "triple_ron", "joker_tiles", "indicator") + self.spec.extra_flags + cf

    def _option_bits(self) -> int:
        """Engine flag bits the bound options set for every hand (a Sichuan 定缺 option)."""
        return 0

    @classmethod
    def register(cls, spec: RuleSpec) -> RuleSpec:
        if spec.baopai:                         # the 寶牌 add-on's options (a rule set may set baopai_fan's default)
            d = dict(spec.defaults)
            d.setdefault("baopai", False)
            d.setdefault("baopai_fan", 1)
            nums = spec.numbers + (() if "baopai_fan" in spec.numbers else ("baopai_fan",))
            spec = dataclasses.replace(spec, defaults=d, numbers=nums)
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
        """(counts as a (34,) uint8 array, [(kind, lowest tile)]) checked: tile set, copies, size."""
        counts, meld_list = hand_and_melds(self.name, hand, melds)
        ms = []
        for m in meld_list:
            if m.kind == "kan":
                raise ValueError(f"{self.name}: meld {m}: say whether the kong is exposed (minkan / kakan) or "
                                 f"concealed (ankan)")
            ms.append((m.kind, min(m.tiles)))
        if len(ms) > self._n_sets:
            raise ValueError(f"{self.name}: {len(ms)} melds, at most {self._n_sets}")
        raw = counts.tobytes()
        need = size - 3 * len(ms)
        if sum(raw) != need:
            raise ValueError(f"{self.name}: the hand has {sum(raw)} concealed tiles with {len(ms)} melds: expected "
                             f"{need} ({'the winning tile included' if size == self._size else 'a waiting hand'})")
        if meld_list:
            total = list(raw)
            for m in meld_list:
                for t in m.tiles:
                    total[t] += 1
        else:
            total = raw
        for t in self._outside:
            if total[t]:
                raise ValueError(f"{self.name}: {TILE_NAMES[t]} is not used in this rule set "
                                 f"({len(self.kinds) * 4} tiles, docs/rules.md#{self.info.docs.split('#')[-1]})")
        if meld_list and self.spec.stand_in is None:      # (with a stand-in: :meth:`_guard`, by physical tiles)
            _four(self.name, total)
        return counts, ms

    def joker_kinds(self, indicator=None, joker_tiles=None) -> Tuple[int, ...]:
        """The joker kinds of a hand (ascending indices) from the flipped ``indicator`` (or the
        rule set's ``indicator`` option) or given ``joker_tiles``; ``()`` without jokers.

        >>> from mjpy import rules
        >>> rules.get("tianjin").joker_kinds("9s")          # 混: the flipped tile and its successor
        (18, 26)
        """
        return self._jokers({"indicator": indicator, "joker_tiles": joker_tiles})

    def _jokers(self, flags) -> Tuple[int, ...]:
        if self._default_jokers is not None and flags.get("joker_tiles") is None and flags.get("indicator") is None:
            return self._default_jokers
        return self._jokers_given(flags)

    def _jokers_given(self, flags) -> Tuple[int, ...]:
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
        s = Situation()
        for k in _SITUATION:
            v = flags.get(k, False)
            if v is not False and v is not True:
                if not isinstance(v, np.bool_):
                    raise TypeError(f"{self.name}: {k} must be a bool, got {type(v).__name__}")
                v = bool(v)
            s[k] = v
        for k in ("seat_wind", "round_wind"):
            s[k] = 27 + self._wind(flags.get(k, "E"), k)
        s["dingque"] = suit_number(flags.get("dingque"), f"{self.name}: dingque")
        s["context_count"] = self._context(flags.get("context"))
        cf = self.spec.context_flag
        if cf is not None:
            v = flags.get(cf, False)
            if not isinstance(v, (bool, np.bool_)):
                raise TypeError(f"{self.name}: {cf} must be a bool, got {type(v).__name__}")
            s["context_count"] = int(bool(v))
        if s["self_drawn"]:
            if s["robbing_kong"]:
                raise ValueError(f"{self.name}: self_drawn and robbing_kong exclude each other")
            if s["triple_ron"]:
                raise ValueError(f"{self.name}: triple_ron (一炮三响) is a win on a discard: self_drawn must be False")
            if s["kong_discard"]:
                raise ValueError(f"{self.name}: kong_discard (杠上炮) is a win on a discard: self_drawn must be False")
        elif s["after_kong"]:
            raise ValueError(f"{self.name}: after_kong (the winning tile is a kong replacement) needs self_drawn=True")
        if s["after_kong"] + s["robbing_kong"] + s["kong_discard"] > 1:
            raise ValueError(f"{self.name}: at most one of after_kong, robbing_kong, kong_discard")
        if s["tianhu"] and s["dihu"]:
            raise ValueError(f"{self.name}: tianhu and dihu exclude each other")
        if self.spec.check is not None:
            self.spec.check(s, self.options)
        return s

    def _context(self, ctx) -> int:
        """The number the rule set reads from ``context`` (0 without one)."""
        if ctx is None:
            return 0
        if not isinstance(ctx, Mapping):
            raise TypeError(f"{self.name}: context must be a mapping (e.g. {{'caipiao': 1}}), got {type(ctx).__name__}")
        want = self.spec.context
        for k in ctx:
            if want is None or k != want[0]:
                reads = f"it reads {want[0]!r}" if want else "it reads none"
                raise ValueError(f"{self.name}: unknown context key {k!r} ({reads})")
        if want is None or want[0] not in ctx:
            return 0
        n = ctx[want[0]]
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= want[1]:
            raise ValueError(f"{self.name}: context {want[0]} must be an int 0-{want[1]}, got {n!r}")
        return int(n)

    # -- scoring --------------------------------------------------------------------------------
    def _shape(self) -> dict:
        """How the rule set's readings are enumerated (for the compiled engine)."""
        return dict(kinds=self.kinds, seven_pairs=self.spec.seven_pairs, n_sets=self._n_sets,
                    eight_pairs=self.spec.eight_pairs, any_jokers=self.spec.any_jokers,
                    quad_limit=2 if self.options.get("allow_quad", True) else 1,
                    thirteen_orphans=self.spec.thirteen_orphans,
                    fifth=self.options.get("allow_fifth_copy", True), every_win_slot=self.spec.every_win_slot,
                    any_honors=self.spec.any_shape(self.options), knit_honors=self.spec.knit_honors,
                    knit_pair=self.spec.knit_pair,
                    stand_in=-1 if self.spec.stand_in is None else self.spec.stand_in)

    def _core(self, c, ms, w: int, s: Situation, jk: Tuple[int, ...]) -> Result:
        """Score concealed counts ``c`` (winning tile ``w`` included) with melds ``ms`` in the
        compiled engine (:mod:`mjcore.engine`). A hand refused for values the sources do not give still
        says which patterns it holds: ``detail["patterns"]``."""
        r = self._run(c, ms, w, _flag_bits(s), s["seat_wind"], s["round_wind"], jk)
        if not r.is_win and r.detail and r.detail.get("missing"):
            r.detail["patterns"] = self._patterns(c, ms, w, s, jk, tuple(r.detail["missing"]))
        return r

    def _patterns(self, c, ms, w: int, s: Situation, jk: Tuple[int, ...], missing: Tuple[str, ...]):
        """The names of the rows the best reading counts with every missing value set to 1: the patterns a
        hand holds when the caller has not given their values (Changsha, 通称, Fuzhou ...)."""
        rs = self._filled.get(missing)
        if rs is None:
            try:
                rs = type(self).bind(self.info, dict(self.options, **{m: 1 for m in missing}))
            except (TypeError, ValueError):     # options that are not a plain mapping (Sichuan's object)
                return None
            if len(self._filled) < 64:
                self._filled[missing] = rs
        r = rs._core(c, ms, w, s, jk)
        return [n for n, _ in list(r.fans) + list(r.detail.get("factors", []))] if r.is_win else None

    def _run(self, c, ms, w: int, bits: int, seat: int, rnd: int, jk: Tuple[int, ...]) -> Result:
        out = _engine.score_one(self.compiled.program, c, _meld_codes(ms) if ms else b"", w, bits, seat, rnd,
                                _mask(jk) if jk else 0, bool(jk), maker=self._maker)
        return out if type(out) is not tuple else self._refused(out[0], out[3], out[4])

    def _refused(self, status: int, failed: int, missing: int) -> Result:
        """The :class:`Result` of an engine answer that is no win (:func:`mjcore.engine.score_one`'s
        status, failed condition and missing values; a win comes built by the engine: ``self._maker``)."""
        name = self.name
        if status == _engine.STATUS_MISSING:
            names = sorted({self.compiled.option_names[i] for i in range(64) if missing >> i & 1})
            return Result(False, 0, [], self.unit, name, missing_reason(name, names),
                          detail={"missing": names, "complete": True})
        if status in (_engine.STATUS_FAILED, _engine.STATUS_HAND_FAILED):
            return Result(False, 0, [], self.unit, name, f"{name}: {self.table.wins[failed].reason}")
        return Result(False, 0, [], self.unit, name, f"{name}: not a complete hand")

    def _core_python(self, c, ms, w: int, s: Situation, jk: Tuple[int, ...]) -> Result:
        """The plain-Python twin of :meth:`_core` (readings, facts and the table evaluated in
        Python; the tests check one against the other)."""
        name = self.name
        c = [int(x) for x in c]
        c, w, jk, face = swap_stand_in(self.spec.stand_in, c, w, jk)
        hand_facts = dict(s)
        hand_facts.update(n_chi=sum(1 for k, _ in ms if k == "chi"),
                          n_open_melds=sum(1 for k, _ in ms if k in ("chi", "pon", "minkan", "kakan")),
                          joker_melded=int(any(k in ("pon", "minkan", "kakan") and t in jk for k, t in ms)))
        assert set(hand_facts) - {"seat_wind", "round_wind", "dingque"} <= set(FACTS)
        for cond in self.table.wins:
            if all(n in hand_facts for n in cond.when.names) and not cond.when(hand_facts):
                return Result(False, 0, [], self.unit, name, f"{name}: {cond.reason}")
        meld_tiles = []
        for k, t in ms:
            meld_tiles += [t, t + 1, t + 2] if k == "chi" else [t] * (3 if k == "pon" else 4)
        if not self._kernel_win(c, len(ms), jk):
            return Result(False, 0, [], self.unit, name, f"{name}: not a complete hand")
        rds = readings(c, n_sets=self._n_sets - len(ms), win_tile=w, jokers=jk, kinds=self.kinds,
                       seven_pairs=self.spec.seven_pairs and not ms,
                       quads_as_two_pairs=self.options.get("allow_quad", True),
                       thirteen_orphans=self.spec.thirteen_orphans and not ms, meld_tiles=meld_tiles,
                       allow_fifth_copy=self.options.get("allow_fifth_copy", True),
                       every_win_slot=self.spec.every_win_slot, any_honors=self.spec.any_shape(self.options),
                       eight_pairs=self.spec.eight_pairs, any_jokers=self.spec.any_jokers,
                       knit_honors=self.spec.knit_honors, knit_pair=self.spec.knit_pair)
        if not rds:
            return Result(False, 0, [], self.unit, name, f"{name}: not a complete hand")
        pre = list(c)
        pre[w] -= 1
        best, missing, failed = None, set(), ""
        seen: Dict[tuple, Any] = {}
        for rd in rds:
            f = facts(rd, ms, s, jk, pre, self._n_sets)
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
            key = (Fraction(v.total), -rd.substitutes, Fraction(v.uncapped), (-v.first[0], -v.first[1]))
            if best is None or key > best[0]:
                best = (key, rd, v)
        if missing:
            return Result(False, 0, [], self.unit, name, missing_reason(name, sorted(missing)),
                          detail={"missing": sorted(missing), "complete": True})
        if best is None:
            return Result(False, 0, [], self.unit, name, f"{name}: {failed}")
        _, rd, v = best
        detail = {"factors": v.factors, "groups": v.groups, "substitutes": rd.substitutes, "form": rd.form}
        if v.points is not None:
            detail["points"] = v.points
        if self.spec.detail is not None:
            detail.update(self.spec.detail(self.options, v.total, v.fans, detail))
        if face is not None:
            rd = _unswap_reading(rd, face, self.spec.stand_in)
        return Result(True, v.total, v.fans, self.unit, name, "", rd.form, rd if jk else None, detail)

    def _kernel_win(self, c, n_melds: int, jk) -> bool:
        """The kernel's win check, a superset of the readings (a joker may stand for any of the 34
        kinds and for fifth copies there): a hand it rejects has no reading, so the enumeration is
        skipped. Not used where honours win in any shape."""
        if (self.spec.any_shape(self.options) or self.spec.eight_pairs or self.spec.any_jokers or self.spec.knit_honors
                or self.spec.knit_pair):
            return True                         # (forms the kernel does not know)
        forms = ["standard"]
        if not n_melds and self.spec.seven_pairs:
            forms.append("seven_pairs")
        if not n_melds and self.spec.thirteen_orphans:
            forms.append("thirteen_orphans")
        return bool(_kernel_is_win(np.asarray(c, np.uint8), melds=n_melds, forms=tuple(forms),
                                   joker_tiles=list(jk) or None,
                                   quads_as_two_pairs=self.options.get("allow_quad", True),
                                   hand_size=self._size - 1))

    def _jokers_cached(self, flags) -> Tuple[Tuple[int, ...], int]:
        """:meth:`_jokers` and their mask as bits, memoised on a hashable ``indicator`` / ``joker_tiles``
        (a list of tile names or indices is keyed as a tuple)."""
        jt = flags.get("joker_tiles")
        if type(jt) is list:
            jt = tuple(jt)
        try:
            key = (flags.get("indicator"), jt)
            hash(key)
        except TypeError:
            jk = self._jokers(flags)
            return jk, _mask(jk)
        v = self._joker_cache.get(key)
        if v is None:
            jk = self._jokers(flags)
            v = (jk, _mask(jk))
            if len(self._joker_cache) < 1024:
                self._joker_cache[key] = v
        return v

    def _score(self, hand, melds, win_tile, flags) -> Result:
        c, ms = self._hand(hand, melds, self._size)
        if win_tile is None:
            if self.compiled.reads_win:
                raise ValueError(f"{self.name}: win_tile is required (the table reads where it sits)")
            win_tile = int(np.flatnonzero(c)[0])    # the table does not read it: any held tile
        w = tile_index(win_tile)
        if c[w] < 1:
            raise ValueError(f"{self.name}: the winning tile {TILE_NAMES[w]} is not among the concealed tiles "
                             f"(the hand includes the winning tile)")
        s = self._situation(flags)
        if self._bonus:
            s["n_bonus"] = self._n_bonus(c, ms, flags)
        jk = self._jokers_cached(flags)[0]
        if self._guarded:
            self._guard(c, ms, jk, w, s["self_drawn"])
        return self._core(c, ms, w, s, jk)

    def _n_bonus(self, c, ms, flags) -> int:
        """Copies of the hand's bonus tiles (寶牌), at most 63."""
        kinds = bonus_kinds(flags.get("bonus_tiles"), flags.get("bonus_indicator"), name=self.name)
        n = count_bonus(c, ms, kinds)
        if n > 63:
            raise ValueError(f"{self.name}: {n} bonus-tile copies (at most 63)")
        return n

    def _guard(self, counts, ms, jk, w, self_drawn) -> None:
        """The rule set's refusals of a joker on a claim (徐州: a discarded 配兒 cannot be claimed) and of
        a stand-in tile in a meld (melds are written in play values: the 白板 of a meld play the 配兒
        kind), each a one-line ValueError; ``w`` None for a waiting hand."""
        word = self.spec.joker_word
        if not self.spec.claim_jokers and w is not None and w in jk and not self_drawn:
            raise ValueError(f"{self.name}: a {word} ({TILE_NAMES[w]}) cannot be claimed: a win on it is self-drawn "
                             f"only (self_drawn=True)")
        st = self.spec.stand_in
        if st is None:
            return
        face = jk[0] if len(jk) == 1 and jk[0] != st else None
        total = [int(x) for x in counts]
        for k, t in ms:
            for x in ((t, t + 1, t + 2) if k == "chi" else (t,) * (3 if k == "pon" else 4)):
                if x == st and face is not None:
                    raise ValueError(f"{self.name}: meld {k} {TILE_NAMES[t]}: {TILE_NAMES[st]} plays "
                                     f"{TILE_NAMES[face]} here, write the meld in play values ({TILE_NAMES[face]})")
                total[st if x == face else x] += 1      # a melded f is a stand-in tile
        _four(self.name, total, " (a melded " + TILE_NAMES[face] + " is a " + TILE_NAMES[st] + ")" if face is not None
              else "")

    def _waits(self, hand13, melds, flags) -> Dict[str, Result]:
        if self._bonus and any(flags.get(k) is not None for k in BONUS_FLAGS):
            return self._waits_bonus(hand13, melds, flags)
        codes = _fast_melds(melds, self._n_sets) if melds else b""
        counts = None if codes is None else checked_counts(hand13, codes, self._size - 1, self._outside_mask)
        if counts is None:                      # the checked path reads (and explains) the rest
            c, ms = self._hand(hand13, melds, self._size - 1)
            counts, codes = c.tobytes(), _meld_codes(ms)
        jk = self._jokers_cached(flags)[0]
        if self._guarded:
            c, ms = self._hand(hand13, melds, self._size - 1)
            self._guard(c, ms, jk, None, True)
            counts, codes = c.tobytes(), _meld_codes(ms)
        try:                                    # (the situations do not read the jokers: often a list)
            key = tuple([kv for kv in flags.items() if kv[0] not in _JOKER_KEYS])
            hash(key)
        except TypeError:                       # an unhashable flag value: no cache
            key = None
        return self._engine_waits(counts, codes, _mask(jk), self._wait_modes(key, flags))

    def _engine_waits(self, counts: bytes, codes: bytes, jm: int, modes) -> Dict[str, Result]:
        """The engine's waits of a checked hand (its joker kinds ``jm`` as bits, ``modes`` as
        :meth:`_wait_modes` gives them): each win's Result built by the engine; a ValueError naming the values
        where a tile's win needs one not given."""
        try:
            return _engine.waits_by_name(self.compiled.program, counts, codes, self._plain_limit, modes, jm,
                                         self._maker, _TILE_NAMES)
        except _engine.MissingValues as e:
            raise ValueError(missing_reason(self.name, e.names, _winning_on(e.tiles))) from None

    def _wait_modes(self, key, flags):
        """``(flag bits of each situation tried, seat, round)`` of a waiting hand: self-drawn, then on a
        discard where discards win (unless the caller said self-drawn); memoised on ``key`` (the flags but
        the jokers' as items, ``None``: no memo)."""
        modes = None if key is None else self._modes_cache.get(key)
        if modes is None:
            drawn = [True] + ([False] if self.spec.discard_wins(self.options) else [])
            if "self_drawn" in flags and flags["self_drawn"] is not None and flags["self_drawn"] is not False:
                drawn = [True]
            elif self.compiled.self_drawn_dominates and not flags.get("after_kong"):
                drawn = [True]                  # (a discard win never scores more: the same best, self-drawn)
            sits = []
            for mode in drawn:
                f = dict(flags, self_drawn=mode)
                if not mode:
                    f.pop("after_kong", None)
                sits.append(self._situation(f))
            modes = ([_flag_bits(s) for s in sits], sits[0]["seat_wind"], sits[0]["round_wind"])
            if key is not None and len(self._modes_cache) < 256:
                self._modes_cache[key] = modes
        return modes

    def _dajiao_bonus(self, hands13, melds, lowest, flags) -> np.ndarray:
        """:meth:`dajiao_batch` with bonus tiles, row by row through :meth:`waits` (a bonus tile changes
        with the winning tile, so the compiled batch cannot carry it)."""
        h = coerce_hands(hands13, f"{self.name}: hands")
        n = len(h)
        codes = self._batch_melds(melds, n)
        out = np.full(n, -1, np.float64)
        bt, bi = flags.get("bonus_tiles"), flags.get("bonus_indicator")
        bt_rows = isinstance(bt, np.ndarray) and bt.ndim == 2
        bi_rows = isinstance(bi, np.ndarray) and bi.ndim == 1
        for i in range(n):
            row = {k: _row(v, i) for k, v in flags.items() if k not in BONUS_FLAGS and v is not None}
            row["bonus_tiles"] = [t for t in range(34) for _ in range(int(bt[i, t]))] if bt_rows else bt
            row["bonus_indicator"] = (None if int(bi[i]) < 0 else int(bi[i])) if bi_rows else bi
            try:
                w = self.waits(h[i], melds=self._melds_of(codes[i]), **row)
            except (ValueError, TypeError) as e:
                raise type(e)(f"hands[{i}]: {e}") from None
            if w:
                totals = [float(r.total) for r in w.values()]
                out[i] = min(totals) if lowest else max(totals)
        return _totals(out)

    def _waits_bonus(self, hand13, melds, flags) -> Dict[str, Result]:
        """:meth:`_waits` with bonus tiles: the tiles the hand waits on (without them), each scored with
        them, self-drawn and on a discard (where discards win), the better kept."""
        plain = {k: v for k, v in flags.items() if k not in BONUS_FLAGS}
        c, ms = self._hand(hand13, melds, self._size - 1)
        out = {}
        modes = [True] + ([False] if self.spec.discard_wins(self.options) else [])
        if flags.get("self_drawn"):
            modes = [True]
        for name in self._waits(hand13, melds, plain):
            t = tile_index(name)
            full = c.copy()
            full[t] += 1
            best = None
            for mode in modes:
                f = dict(flags, self_drawn=mode)
                if not mode:
                    f.pop("after_kong", None)
                r = self._score(full, [meld_of(k, x) for k, x in ms], TILE_NAMES[t], f)
                if not r.is_win and r.detail and r.detail.get("missing"):
                    raise ValueError(missing_reason(self.name, r.detail["missing"], _winning_on((t,))))
                if r.is_win and (best is None or r.total > best.total):
                    best = r
            if best is not None:
                out[name] = best
        return out

    def _score_batch(self, hands, win_tiles, melds, flags, workers) -> np.ndarray:
        """Score every row in the compiled engine without the GIL (:func:`mjcore.engine.score_rows`),
        which checks each row (counts, size, melds, winning tile, tile set, flags) in the same loop;
        the first bad row raises the scalar call's error, prefixed with ``hands[i]: ``."""
        name = self.name
        h = coerce_hands(hands, f"{name}: hands")
        n = len(h)
        if win_tiles is None:
            if self.compiled.reads_win:
                raise ValueError(f"{name}: win_tiles is required (one tile index per row)")
            win_tiles = (h != 0).argmax(1)          # the table does not read it: any held tile
        w = np.asarray(win_tiles)
        if w.shape != (n,) or w.dtype.kind not in "iu":
            raise ValueError(f"{name}: win_tiles must be {n} tile indices, got shape {w.shape} dtype {w.dtype}")
        bonus = {k: flags.pop(k) for k in BONUS_FLAGS if k in flags} if self._bonus else {}
        codes, bits, winds, jmask = self._batch_rows(melds, flags, n)
        if bonus:
            nb = count_bonus_rows(h, codes, bonus.get("bonus_tiles"), bonus.get("bonus_indicator"), name)
            bits |= np.minimum(nb, 63).astype(np.uint32) << np.uint32(_engine.BONUS_SHIFT_BITS)
        wins = np.where((w < 0) | (w > 33), -1, w).astype(np.int32)
        if self._guarded and n:
            bad = self._guard_rows(codes, wins, bits, jmask)
            if bad >= 0:
                self._explain(h, codes, w, flags, bad)
        out = np.empty(n, np.float64)
        status = np.empty(n, np.int8)
        # rows the rule set's own check must see go through the scalar call first (it raises)
        if self.spec.check is not None and n:
            for i in np.flatnonzero(bits & np.uint32(self._slow_bits & ~0b110)):
                self._explain(h, codes, w, flags, int(i))
        _engine.score_rows(self.compiled.program, h, codes, wins, bits, winds, jmask, out, status, workers)
        bad = np.flatnonzero(status == _engine.STATUS_BAD)
        if len(bad):
            self._explain(h, codes, w, flags, int(bad[0]))
            raise ValueError(f"hands[{int(bad[0])}]: {name}: bad row")        # pragma: no cover - explained above
        return _totals(out)

    def dajiao_batch(self, hands13, *, melds=None, lowest: bool = False, workers=None, **flags) -> np.ndarray:
        """查大叫 of many waiting hands in the compiled engine without the GIL: each row's best total
        over the tiles it waits on (``lowest``: the lowest), -1 where no tile wins. ``hands13``: (N, 34)
        concealed counts of 13 tiles with the melds' 3 each; ``melds`` and the flags as in
        :meth:`score_batch`. As :meth:`waits`, each tile is scored self-drawn and on a discard (where
        the rule set lets discards win) and keeps the better, unless ``self_drawn`` is given (one bool
        or one per row: self-drawn only where true). A wait on a kind whose four copies the hand and
        melds hold counts only where the rule set says so (never with jokers). A row with a wait needing a
        value the sources do not give is a ValueError naming the row, the tiles and the values, as :meth:`waits`.

        >>> import mjpy
        >>> from mjpy import rules
        >>> rules.get("sichuan_fan").dajiao_batch([mjpy.parse("1122244p557799m")], dingque="s").tolist()
        [5]
        """
        unknown = sorted(set(flags) - set(self.batch_flags) - {"self_drawn"})
        if unknown:
            raise TypeError(f"{self.name}.dajiao_batch: unknown keyword {unknown[0]!r} "
                            f"(known: {', '.join(('self_drawn',) + self.batch_flags)})")
        if any(flags.get(k) is not None for k in BONUS_FLAGS):
            return self._dajiao_bonus(hands13, melds, lowest, flags)
        name = self.name
        h = coerce_hands(hands13, f"{name}: hands")
        n = len(h)
        sd = flags.pop("self_drawn", None)
        # as waits: each tile self-drawn and on a discard (where discards win), the better; one mode when given
        drawn = sd is not None and sd is not False
        codes, bits, winds, jmask = self._batch_rows(melds, dict(flags, self_drawn=sd if drawn else True), n)
        bits2 = bits
        if not drawn and self.spec.discard_wins(self.options):
            bits2 = bits & ~np.uint32(0b11)                 # self_drawn and after_kong off
            if self.compiled.self_drawn_dominates:          # (as waits: a discard never scores more)
                bits2 = np.where(bits & np.uint32(0b10), bits2, bits)
        if self._guarded and n:
            bad = self._guard_rows(codes, None, bits, jmask)
            if bad >= 0:
                try:
                    c, ms = self._hand(h[bad], self._melds_of(codes[bad]), self._size - 1)
                    self._guard(c, ms, self._jokers({k: _row(v, bad) for k, v in flags.items()}), None, True)
                except (ValueError, TypeError) as e:
                    raise type(e)(f"hands[{bad}]: {e}") from None
        limit = 5 if self.spec.exhausted_waits(self.options) else 4     # (4 in the rows with jokers)
        out = np.empty(n, np.float64)
        status = np.empty(n, np.int8)
        _engine.best_wait_rows(self.compiled.program, h, codes, bits, bits2, winds, jmask, limit, bool(lowest), out,
                               status, workers)
        self._refuse_missing_rows(status, h, codes, bits, bits2, winds, jmask, limit)
        bad = np.flatnonzero(status == _engine.STATUS_BAD)
        if len(bad):
            i = int(bad[0])
            try:
                c, ms = self._hand(h[i], self._melds_of(codes[i]), self._size - 1)
                row_flags = {k: _row(v, i) for k, v in flags.items()}
                self._situation(row_flags)
                if self._guarded:
                    self._guard(c, ms, self._jokers(row_flags), None, True)
            except (ValueError, TypeError) as e:
                raise type(e)(f"hands[{i}]: {e}") from None
            raise ValueError(f"hands[{i}]: {name}: bad row")                  # pragma: no cover - explained above
        return _totals(out)

    def _refuse_missing_rows(self, status, h, codes, bits, bits2, winds, jmask, limit) -> None:
        """:meth:`dajiao_batch`'s ValueError for its first row whose waits need a value not given (the engine's
        ``STATUS_MISSING``), naming the tile and every value (that row's waits searched again)."""
        rows = np.flatnonzero(status == _engine.STATUS_MISSING)
        if not len(rows):
            return
        i = int(rows[0])
        modes = [int(bits[i])] + ([int(bits2[i])] if bits2[i] != bits[i] else [])
        row = codes[i]
        nm = int(np.count_nonzero(row[0::2]))   # (melds first)
        try:
            _engine.waits_one(self.compiled.program, h[i].tobytes(), row[:2 * nm].tobytes(),
                              4 if jmask[i] and limit > 4 else limit, modes, 27 + (int(winds[i]) & 3),
                              27 + (int(winds[i]) >> 2 & 3), int(jmask[i]))
        except _engine.MissingValues as e:
            raise ValueError(f"hands[{i}]: " + missing_reason(self.name, e.names, _winning_on(e.tiles))) from None
        raise ValueError(f"hands[{i}]: {self.name}: a tile's win needs a value not given")   # pragma: no cover

    def _batch_rows(self, melds, flags, n: int):
        """The engine's per-row arrays of a batch: meld codes (N, 8), flag bits (with the 定缺 suit),
        winds ``seat | round << 2`` and joker masks, each flag checked once per distinct value."""
        name = self.name
        codes = self._batch_melds(melds, n)
        bits = np.zeros(n, np.uint32)
        for i, k in _FLAG_BITS:
            v = flags.get(k, False)
            if v is False or v is True:
                if v:
                    bits |= np.uint32(1 << i)
                continue
            bits |= _per_row(v, n, f"{name}: {k}", bool).astype(np.uint32) << i
        dq = flags.get("dingque")
        if dq is not None:
            if isinstance(dq, (str, int, np.integer)):
                bits |= np.uint32((suit_number(dq, f"{name}: dingque") + 1) << _engine.DINGQUE_SHIFT_BITS)
            else:
                bits |= self._batch_dingque(dq, n) << np.uint32(_engine.DINGQUE_SHIFT_BITS)
        winds = np.zeros(n, np.uint8)
        for shift, k in ((0, "seat_wind"), (2, "round_wind")):
            v = flags.get(k, "E")
            if isinstance(v, (str, int, np.integer)):
                winds |= np.uint8(self._wind(v, k) << shift)
                continue
            v = _per_row(v, n, f"{name}: {k}", object)
            values, inverse = np.unique(v.astype(str) if any(isinstance(x, str) for x in v) else v.astype(np.int64),
                                        return_inverse=True)
            codes_w = np.array([self._wind(x, k) for x in values], np.uint8)   # one check per distinct value
            winds |= codes_w[inverse.reshape(-1)] << shift
        cf = self.spec.context_flag
        if cf is not None and flags.get(cf, False) is not False:
            v = flags[cf]
            on = np.full(n, True) if v is True else _per_row(v, n, f"{name}: {cf}", bool)
            bits |= on.astype(np.uint32) << np.uint32(_engine.CONTEXT_SHIFT_BITS)
        jmask = self._batch_jokers(flags, n)
        return codes, bits, winds, jmask

    def _guard_rows(self, codes: np.ndarray, wins: Optional[np.ndarray], bits: np.ndarray, jmask: np.ndarray) -> int:
        """The first batch row :meth:`_guard` refuses (a joker claimed, a stand-in melded), -1 for none."""
        bad = np.zeros(len(codes), bool)
        if wins is not None and not self.spec.claim_jokers:
            w = np.clip(wins, 0, 33).astype(np.uint64)
            bad |= ((jmask >> w) & np.uint64(1)).astype(bool) & ((bits & np.uint32(1)) == 0)
        st = self.spec.stand_in
        if st is not None:
            single = (jmask != 0) & ((jmask & (jmask - np.uint64(1))) == 0) & (((jmask >> np.uint64(st)) & np.uint64(1)) == 0)
            kind, t = codes[:, 0::2].astype(np.int16), codes[:, 1::2].astype(np.int16)
            hit = ((kind == 1) & (t <= st) & (st <= t + 2)) | ((kind > 1) & (t == st))
            bad |= single & hit.any(1)
        i = np.flatnonzero(bad)
        return int(i[0]) if len(i) else -1

    def _explain(self, h, codes, w, flags, i: int) -> None:
        """Raise the scalar call's error for batch row ``i``, prefixed with ``hands[i]: ``."""
        row_flags = {k: _row(flags[k], i) for k in flags}
        try:
            ms = self._melds_of(codes[i])
            self._score(h[i], ms, int(w[i]), row_flags)
        except (ValueError, TypeError) as e:
            raise type(e)(f"hands[{i}]: {e}") from None

    def _batch_dingque(self, dq, n: int) -> np.ndarray:
        """The 定缺 suit of every row + 1 (0: none) as uint32: an integer array (-1 none, 0 m, 1 p,
        2 s) or one suit name / ``None`` per row (each distinct value checked once)."""
        a = np.asarray(dq)
        if a.dtype.kind in "iu" and a.shape == (n,):
            if ((a < -1) | (a > 2)).any():
                i = int(np.flatnonzero((a < -1) | (a > 2))[0])
                raise ValueError(f"hands[{i}]: {self.name}: dingque array entries must be -1 (none), 0 (m), "
                                 f"1 (p) or 2 (s), got {int(a[i])}")
            return (a + 1).astype(np.uint32)
        vals = _per_row(dq, n, f"{self.name}: dingque", object).tolist()
        code, bad = {}, []
        for x in set(vals):
            try:
                v = suit_number(x, f"{self.name}: dingque")
                code[x] = 0 if v is None else v + 1
            except ValueError as e:
                bad.append((vals.index(x), e))
        if bad:
            i, e = min(bad, key=lambda b: b[0])
            raise ValueError(f"hands[{i}]: {e}") from None
        return np.fromiter(map(code.__getitem__, vals), np.uint32, n)

    def _wind(self, w, k) -> int:
        """A seat / round wind (E/S/W/N, 东南西北 or 0-3) as 0-3; ValueError naming ``k`` otherwise."""
        i = _WINDS.get(w) if isinstance(w, str) else None
        if i is None and isinstance(w, str):
            i = _WINDS.get(w.strip().upper())
        if i is not None:
            return i
        if isinstance(w, (int, np.integer)) and not isinstance(w, (bool, np.bool_)) and 0 <= w <= 3:
            return int(w)
        raise ValueError(f"{self.name}: {k} must be E/S/W/N (东南西北) or 0-3, got {w!r}")

    def _batch_melds(self, melds, n: int) -> np.ndarray:
        """Melds as the engine's (N, 2 × slots) int8 (kind code, lowest tile) pairs (checked in the engine's loop)."""
        codes = np.zeros((n, 2 * self._n_sets), np.int8)
        if melds is None:
            return codes
        if isinstance(melds, np.ndarray):
            return self._meld_codes_array(melds, n)
        if len(melds) != n:
            raise ValueError(f"{self.name}: melds: {len(melds)} meld lists for {n} hands")
        for i, row in enumerate(melds):
            if not row:
                continue
            b = _fast_melds(row, self._n_sets)          # Meld objects are valid by construction
            if b is not None:
                codes[i, :len(b)] = np.frombuffer(b, np.int8)
                continue
            try:
                for j, (code, t) in enumerate(_row_codes(row, self._n_sets)):
                    codes[i, 2 * j] = code
                    codes[i, 2 * j + 1] = t
            except (ValueError, TypeError) as e:
                raise type(e)(f"hands[{i}]: {self.name}: {e}") from None
        return codes

    def _meld_codes_array(self, a: np.ndarray, n: int) -> np.ndarray:
        """Melds given in the engine's encoding: (N, slots, 2) or (N, 2 × slots) ints (slots: 4, or 5
        in 16-tile play), (kind code, lowest tile) per meld (kind codes of :data:`mjcore.engine.MELD_CODES`,
        0 = no meld; melds first). The values are checked in the engine's loop with the rest of each row."""
        k = self._n_sets
        if a.dtype.kind not in "iu":
            raise TypeError(f"{self.name}: melds array must hold integers, got dtype {a.dtype}")
        if a.shape not in ((n, 2 * k), (n, k, 2)):
            raise ValueError(f"{self.name}: melds array must have shape ({n}, {k}, 2) or ({n}, {2 * k}), "
                             f"got {a.shape}")
        m = a.reshape(n, 2 * k)
        if m.dtype != np.int8:
            m = np.where((m < -1) | (m > 40), -1, m)            # out of range: a bad code / tile in the loop
        return np.ascontiguousarray(m, dtype=np.int8)

    def _melds_of(self, codes):
        """The Meld list of one row of engine meld codes (ValueError for a bad row)."""
        names = {v: k for k, v in _CODES.items()}
        out = []
        seen_empty = False
        for j in range(len(codes) // 2):
            code, t = int(codes[2 * j]), int(codes[2 * j + 1])
            if code == 0:
                seen_empty = True
                continue
            if seen_empty or code not in names or not 0 <= t <= 33:
                raise ValueError(f"{self.name}: melds row {codes.tolist()} is not (kind code 1-5, lowest tile) "
                                 f"pairs, melds first (codes: {_CODES})")
            out.append(meld_of(names[code], t))
        return out

    def _batch_jokers(self, flags, n: int) -> np.ndarray:
        """The joker kinds of every row as bit masks (one ``joker_tiles`` list or ``indicator`` for
        all rows, or one per row)."""
        jt, ind = flags.get("joker_tiles"), flags.get("indicator")
        if jt is None and ind is None:
            if self._default_jokers is None:
                self._jokers({})                # raises: the rule set needs its jokers named
            return np.full(n, _mask(self._default_jokers), np.uint64)
        if jt is not None and ind is not None:
            raise ValueError(f"{self.name}: give joker_tiles= or indicator=, not both")
        key, v = ("joker_tiles", jt) if jt is not None else ("indicator", ind)
        one = (isinstance(v, (str, int, np.integer)) if key == "indicator" else
               isinstance(v, (str, int)) or (isinstance(v, (list, tuple)) and not any(
                   isinstance(x, (list, tuple, np.ndarray)) or x is None for x in v)))
        if one:
            return np.full(n, _mask(self._jokers({key: v})), np.uint64)
        if len(v) != n:
            raise ValueError(f"{self.name}: {key} must be one value or one per row ({n}), got {len(v)}")
        rows = _row_keys(v) if isinstance(v, np.ndarray) and n else None
        if rows is not None:                    # an array: each distinct row once, in the order of its first row
            _, first, inv = np.unique(rows, return_index=True, return_inverse=True)
            masks = np.zeros(len(first), np.uint64)
            for j in np.argsort(first, kind="stable").tolist():
                masks[j] = self._row_jokers(key, v[first[j]].tolist(), int(first[j]))
            return masks[inv.reshape(-1)]
        cache: Dict[Any, int] = {}
        out = []
        for i, x in enumerate(v):
            hx = tuple(x) if x.__class__ is list else x.item() if isinstance(x, np.generic) else x
            try:
                out.append(cache[hx])
            except KeyError:
                cache[hx] = self._row_jokers(key, x.tolist() if isinstance(x, (np.ndarray, np.generic)) else x, i)
                out.append(cache[hx])
            except TypeError:                   # (unhashable: an array row)
                hx = tuple(x)
                if hx not in cache:
                    cache[hx] = self._row_jokers(key, list(hx), i)
                out.append(cache[hx])
        return np.array(out, np.uint64)

    def _row_jokers(self, key: str, x, i: int) -> int:
        """One row's joker kinds as a bit mask; a bad value raises, naming the row."""
        try:
            return _mask(self._jokers({key: x}))
        except (ValueError, TypeError) as e:
            raise type(e)(f"hands[{i}]: {e}") from None
