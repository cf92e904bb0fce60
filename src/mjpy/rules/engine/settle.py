"""Table settlement as generic machinery: who pays whom at the end of one hand (docs/settle.md).

A rule set supplies its payment rules as data plus small hooks (:class:`SettleRules`): which
flags its events take, who is liable, and one function per event type that turns the event into
payments. Everything else is here, the same for every rule set:

* reading the table (:func:`load_table`; players with their hands and melds, the dealer, the
  events), with one error format that names the place: ``table.players[2].hand: ...``,
  ``table.events[3].from: ...``;
* the checks every table needs: tiles of the rule set's tile set, at most four copies across the
  table, 14 tiles for a winner and 13 for the others, kong events that match kong melds, flags
  that fit the events (杠上花 after the winner's kong, 杠上炮 after the discarder's, 抢杠 of a
  robbable kong, 天胡 / 地胡, several winners only of one discard), the order of the wins (one win
  ends the hand, or 血战到底: a winner leaves and the others play on), a hand that has ended (a
  win, or ``"wall_exhausted": true``);
* scoring each win with the bound rule set (:meth:`RuleSet.score`: a table whose winner does not
  hold a win is refused with the scorer's reason);
* the payment loop: each event produces :class:`Payment` rows (payer, payee, amount, reason,
  event), then the end of the hand (a drawn hand's checks); amounts are exact (``Fraction``
  inside, ``int`` when whole) and the totals sum to zero;
* :class:`Settlement` with ``to_dict()`` and a text report (:func:`format_settlement`).

Guangdong (:mod:`mjpy.rules.guangdong_settle`), Tianjin (:mod:`mjpy.rules.tianjin_settle`) and
Sichuan 血战到底 (:mod:`mjpy.rules.sichuan_settle`: its own options, sequential winners, 呼叫转移,
查花猪 / 查大叫 and kong refunds at the wall's end) all settle here.
"""
from __future__ import annotations

import functools
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, ClassVar, Dict, Iterable, List, Optional, Tuple, Union

from ...meld import Meld, _canonical_kind
from ...notation import parse_hand, to_string
from ...tiles import TILE_NAMES, tile_index
from ..interface import SITUATION_FLAGS

__all__ = ["REASONS", "Payment", "WinRecord", "Settlement", "SettleRules", "SettleTable", "Win", "load_table",
           "settle", "format_settlement", "exact", "show"]

Amount = Union[int, Fraction]

#: reason code -> label; one vocabulary for every rule set (the Sichuan codes first).
REASONS: Dict[str, str] = {
    "zhigang": "直杠",            # a kong on a discard (開槓 / 明杠 of an 暗刻)
    "bugang": "补杠",             # a kong added to one's own 碰 (面下杠 / 明杠 in GD-G)
    "angang": "暗杠",             # a concealed kong
    "gangshanggang": "杠上杠",    # a kong made with a kong's replacement tile
    "dianpao": "点炮",            # the discarder's (放冲者) share of a win on his discard
    "zimo": "自摸",               # a loser's share of a self-drawn win
    "hu": "胡",                   # a loser's share of a win that is neither his discard nor self-drawn
    "gangbao": "杠爆",            # house money for a win on a kong's replacement tile
    "horse": "抓马",              # horses (GD-G)
    "chengbao": "承包",           # the liable player pays another loser's share (推倒胡)
    "baozimo": "包自摸",          # the liable player pays another loser's share (雞平和)
    "baogang": "包杠",            # the kong's feeder pays another loser's share (杠上開花包槓) or kong money
    "chan": "铲",                 # Tianjin: the dealer pays each follower of his first discard
}


# ------------------------------------------------------------------------------------------- numbers

def exact(x) -> Amount:
    """``x`` as an exact amount: ``int`` when whole, else ``Fraction``."""
    f = x if isinstance(x, Fraction) else Fraction(x)
    return int(f) if f.denominator == 1 else f


def _json_number(x):
    return x if isinstance(x, int) else float(x)


def show(x) -> str:
    """An amount as text: ``8``, ``7.5``, ``10/3`` (a decimal when it ends)."""
    f = Fraction(x)
    if f.denominator == 1:
        return str(f.numerator)
    d = f.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    return repr(float(f)) if d == 1 else f"{f.numerator}/{f.denominator}"


# ------------------------------------------------------------------------------------------- results

@dataclass(frozen=True)
class Payment:
    """One ledger row: ``payer`` pays ``payee`` ``amount`` (> 0) for ``reason`` (a code of ``reasons``,
    ``label`` its name); ``event``: the index in ``table["events"]`` that caused it (None: the end of the
    hand); ``detail`` in words. A rule set with its own vocabulary subclasses it (``reasons``, ``end``)."""

    payer: int
    payee: int
    amount: Amount
    reason: str
    event: Optional[int]
    detail: str = ""

    #: the reason vocabulary (code -> label)
    reasons: ClassVar[Mapping[str, str]] = REASONS
    #: what a row of no event says in the text report
    end: ClassVar[str] = "end"

    @property
    def label(self) -> str:
        return self.reasons.get(self.reason, self.reason)

    def to_dict(self) -> dict:
        return {"payer": self.payer, "payee": self.payee, "amount": _json_number(self.amount),
                "reason": self.reason, "label": self.label, "event": self.event, "detail": self.detail}

    def __str__(self) -> str:
        where = self.end if self.event is None else f"event {self.event}"
        return f"P{self.payer} -> P{self.payee} {show(self.amount):>5}  {self.label} ({where}) {self.detail}".rstrip()


@dataclass(frozen=True)
class WinRecord:
    """One win: ``source`` is the discarder (or the robbed player of a 抢杠), None when self-drawn;
    ``fans`` / ``total`` / ``unit`` the rule set's scoring; ``paid``: what the win moved per payer
    (liability and horses included); ``detail``: the rule set's own numbers (factors, caps, points,
    horses, the liable player)."""

    event: int
    winner: int
    tile: str
    how: str
    source: Optional[int]
    fans: Tuple[Tuple[str, Any], ...]
    total: Amount
    unit: str
    paid: Dict[int, Amount]
    detail: Dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"event": self.event, "winner": self.winner, "tile": self.tile, "how": self.how,
                "source": self.source, "self_drawn": self.source is None,
                "fans": [[n, _json_number(exact(v))] for n, v in self.fans],
                "total": _json_number(self.total), "unit": self.unit,
                "paid": {str(k): _json_number(v) for k, v in sorted(self.paid.items())},
                "detail": _jsonable(self.detail)}


def _jsonable(x):
    if isinstance(x, Fraction):
        return _json_number(exact(x))
    if isinstance(x, Mapping):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    return x


@dataclass(frozen=True)
class Settlement:
    """``totals[i]``: player i's net result (sums to zero); ``ledger``: every payment in order; ``wins``:
    each win's scoring; ``drawn``: the hand ended without a win; ``base``: the money of one point
    (every amount is points × base); ``options``: the rule set's options used."""

    rules: str
    totals: Tuple[Amount, ...]
    ledger: Tuple[Payment, ...]
    wins: Tuple[WinRecord, ...]
    base: Amount
    names: Tuple[str, ...]
    drawn: bool
    options: Mapping[str, Any] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict:
        """JSON-ready (the ``mjpy settle --json`` object); amounts are ints, or floats when not whole."""
        return {"rules": self.rules, "base": _json_number(self.base), "names": list(self.names),
                "totals": [_json_number(t) for t in self.totals], "drawn": self.drawn,
                "ledger": [p.to_dict() for p in self.ledger], "wins": [w.to_dict() for w in self.wins],
                "options": _jsonable(dict(self.options))}

    def by_reason(self) -> Dict[str, List[Amount]]:
        """Net per player for each reason code present."""
        out: Dict[str, List[Fraction]] = {}
        for p in self.ledger:
            row = out.setdefault(p.reason, [Fraction(0)] * len(self.totals))
            row[p.payer] -= p.amount
            row[p.payee] += p.amount
        return {k: [exact(x) for x in v] for k, v in out.items()}

    def __str__(self) -> str:
        return format_settlement(self)


def format_settlement(s: Settlement) -> str:
    """Human-readable report (``mjpy settle`` without ``--json``)."""
    lines = [f"rules     {s.rules}, base {show(s.base)}" + ("  (drawn hand: no win)" if s.drawn else "")]
    shown = ["" if n == f"P{i}" else n for i, n in enumerate(s.names)]
    width = max(len(n) for n in shown)
    for i, (n, t) in enumerate(zip(shown, s.totals)):
        sign = "+" if t >= 0 else "-"
        lines.append(f"P{i} {n:<{width}}  {sign}{show(abs(t))}" if width else f"P{i} {sign}{show(abs(t))}")
    if s.wins:
        lines.append("wins:")
        for w in s.wins:
            fans = " ".join(f"{n}{show(v)}" for n, v in w.fans)
            paid = ", ".join(f"P{k} {show(v)}" for k, v in sorted(w.paid.items()))
            lines.append(f"  event {w.event}: P{w.winner} {w.tile} {w.how}: {fans} = {show(w.total)}{w.unit}; "
                         f"paid {paid}")
    lines.append("ledger:")
    lines.extend("  " + str(p) for p in s.ledger)
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- the table

def load_table(path_or_text) -> dict:
    """Read a table: a path to a JSON file, or JSON text. ValueError naming the file and the JSON error."""
    if isinstance(path_or_text, Mapping):
        return dict(path_or_text)
    if isinstance(path_or_text, (str, os.PathLike)) and not str(path_or_text).lstrip().startswith("{"):
        path = os.fspath(path_or_text)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise ValueError(f"{path}: cannot read ({e.strerror or e})") from None
        where = path
    else:
        text, where = str(path_or_text), "table"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{where}: not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{where}: the table must be a JSON object, got {type(data).__name__}")
    return data


class Player:
    """One seat: ``counts`` (34 concealed counts), ``melds`` (:class:`~mjpy.Meld`, in the order they were
    made), ``meld_from`` (the player each meld was claimed from, or None), ``extra`` (the rule set's keys)."""

    __slots__ = ("index", "name", "counts", "melds", "meld_from", "extra")

    def __init__(self, index, name, counts, melds, meld_from, extra):
        self.index = index
        self.name = name
        self.counts = counts
        self.melds = melds
        self.meld_from = meld_from
        self.extra = extra

    @property
    def size(self) -> int:
        return sum(self.counts) + 3 * len(self.melds)

    def text(self) -> str:
        return to_string(self.counts, self.melds) or "-"

    def openings(self) -> List[int]:
        """Indices of the exposed melds (吃 / 碰 / 明杠 / 补杠: each one opening, 开口), in order."""
        return [k for k, m in enumerate(self.melds) if m.kind in ("chi", "pon", "minkan", "kakan")]


@dataclass
class Win:
    """One win being settled (given to the rule set's ``win`` hook).

    ``source``: the discarder or the robbed player (None when self-drawn); ``discarder``: the source of
    a win on a discard (None for a self-draw or a 抢杠); ``group``: every winner of the same discard
    (一炮多响), this one included; ``liable``: ``(player, case)`` named by the table, or None;
    ``kong_before``: the kong event right before a win on a kong's replacement tile (杠上花) or on the
    discard that followed a kong (杠上炮), else None; ``detail``: what the hook records for the win
    (factors, caps, points ...)."""

    event: dict
    winner: int
    tile: int
    source: Optional[int]
    result: Any
    group: Tuple[int, ...]
    liable: Optional[Tuple[int, str]]
    kong_before: Optional[dict]
    detail: Dict[str, Any] = field(default_factory=dict)

    @property
    def index(self) -> int:
        return self.event["index"]

    @property
    def self_drawn(self) -> bool:
        return self.source is None

    @property
    def robbing(self) -> bool:
        return bool(self.event.get("robbing_kong"))

    @property
    def discarder(self) -> Optional[int]:
        return None if self.source is None or self.robbing else self.source

    @property
    def where(self) -> str:
        return f"table.events[{self.index}]"

    @property
    def how(self) -> str:
        if self.source is None:
            return "杠上花 (self-drawn after a kong)" if self.event.get("after_kong") else "self-drawn"
        if self.robbing:
            return f"robbing P{self.source}'s kong (抢杠)"
        return f"on P{self.source}'s discard"


#: one payment produced by a hook: (payer, payee, amount in points, reason, detail), or with a sixth
#: item, the event index it refers to (the ``end`` hook's rows: None, or the kong a refund returns)
Pay = Tuple[Any, ...]


@dataclass(frozen=True)
class SettleRules:
    """A rule set's settlement as data plus hooks.

    * ``win(table, win) -> [Pay]``: the payments of one win (amounts in points; the loop multiplies
      by the table's ``base``);
    * ``kong(table, event) -> [Pay]``: kong money, or None when kongs move no points;
      ``kongs_need_events(table)``: every kong meld must have its kong event (kongs move points);
    * ``events``: other event types ``{type: (hook(table, event) -> [Pay], extra keys)}`` (Tianjin 铲);
    * ``win_flags`` / ``kong_flags``: the boolean keys a win / kong event takes (``after_kong`` on a
      kong: 杠上杠); ``liable_cases``: the cases a win's ``"liable"`` may name (() = no key);
    * ``multiple_winners``: several winners of one discard (一炮多响) or one winner per hand;
    * ``needs_dealer``; ``table_keys`` / ``player_keys``: the rule set's own keys;
      ``read(table)``: reads and checks them (after players and events), may add ``extra_tiles``;
    * ``allow_chi(options)``: whether chi melds exist; ``kong_event_after_kong``: a win with
      ``after_kong`` needs the winner's kong as the event right before (its feeder may be liable);
      ``robbable_kongs(options)``: the kong kinds a 抢杠 may rob (docs/rules.md#c35);
    * ``successive_wins(options)``: 血战到底, a winner leaves the hand and the others play on until one
      player is left or the wall runs out (None: the first win, with every winner of its discard,
      ends the hand); ``t.in_hand(i)`` tells the hooks who is still in at event ``i``;
    * ``end(table) -> [Pay]``: payments once every event is paid (a drawn hand's checks), each row
      with its event index as a sixth item;
    * ``default_base(options)``: the ``base`` of a table that gives none;
    * ``payment`` / ``win_record``: the ledger row and win record classes (subclasses with the rule
      set's vocabulary and shapes); ``result(table, settlement)``: the rule set's own result built
      from the generic :class:`Settlement` (None: that one).

    :func:`settle` may be given the rule set's own settlement options (``options=``): the caller has
    read the table's ``rules`` and ``options`` keys itself, and the hooks read those options as
    ``t.options``.
    """

    win: Callable[["SettleTable", Win], Iterable[Pay]]
    kong: Optional[Callable[["SettleTable", dict], Iterable[Pay]]] = None
    kongs_need_events: Callable[["SettleTable"], bool] = lambda t: False
    events: Mapping[str, Tuple[Callable[["SettleTable", dict], Iterable[Pay]], Tuple[str, ...]]] = \
        field(default_factory=dict)
    win_flags: Tuple[str, ...] = ("after_kong", "robbing_kong", "last_tile")
    kong_flags: Tuple[str, ...] = ()
    liable_cases: Tuple[str, ...] = ()
    multiple_winners: bool = False
    needs_dealer: bool = True
    table_keys: Tuple[str, ...] = ()
    player_keys: Tuple[str, ...] = ()
    read: Optional[Callable[["SettleTable"], None]] = None
    allow_chi: Callable[[Any], bool] = lambda o: True
    kong_event_after_kong: bool = False
    robbable_kongs: Callable[[Any], Tuple[str, ...]] = lambda o: ("kakan",)
    successive_wins: Optional[Callable[[Any], bool]] = None
    end: Optional[Callable[["SettleTable"], Iterable[Pay]]] = None
    default_base: Callable[[Any], Any] = lambda o: 1
    payment: type = Payment
    win_record: type = WinRecord
    result: Optional[Callable[["SettleTable", Settlement], Any]] = None


_meld = functools.lru_cache(maxsize=4096)(Meld)     # Meld is immutable: share the parsed melds
_TABLE_KEYS = ("rules", "base", "dealer", "players", "events", "wall_exhausted", "options", "comment",
               "description")
_KONG_KINDS = ("minkan", "kakan", "ankan")
_KONG_NAMES = {"minkan": "直杠", "kakan": "补杠", "ankan": "暗杠"}
_WINDS = "ESWN"
_WIND_NAMES = {"东": "E", "東": "E", "南": "S", "西": "W", "北": "N"}


class SettleTable:
    """The table being settled (given to the hooks): ``rs`` (the bound rule set), ``options`` (its
    options, or the caller's settlement options), ``base``, ``dealer`` (or None), ``players``,
    ``events`` (checked dicts), ``raw`` (the JSON object), ``wall_exhausted``, ``won_at`` ({player:
    the event index of his win}, once the events are checked), ``extra`` (what the rule set's ``read``
    hook stored), ``extra_tiles`` (tiles on the table outside the hands, e.g. horses: counted in the
    four-copies check)."""

    def __init__(self, rs, raw: Mapping, rules: SettleRules, options=None):
        self.rs = rs
        self.rules = rules
        self.raw = raw
        self.name = rs.name
        self.options = rs.options if options is None else options
        kinds = getattr(rs, "kinds", None)                  # a module-backed rule set: its wall's kinds
        self._kinds = frozenset(range(rs.info.n_kinds) if kinds is None else kinds)
        self.extra: Dict[str, Any] = {}
        self.extra_tiles: List[Tuple[int, str]] = []
        self.base = Fraction(1)
        self.dealer: Optional[int] = None
        self.players: List[Player] = []
        self.events: List[dict] = []
        self.cancelled: set = set()
        self.won_at: Dict[int, int] = {}                    # player -> the event index of his win
        self.wall_exhausted = False

    # -- helpers for hooks ----------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def others(self, p: int) -> List[int]:
        return [q for q in range(self.n) if q != p]

    def in_hand(self, at: Optional[int] = None) -> List[int]:
        """The players still in the hand at event index ``at`` (no win before it); ``at`` None: at the
        end (the players who did not win)."""
        return [q for q in range(self.n)
                if q not in self.won_at or (at is not None and self.won_at[q] >= at)]

    def seat_wind(self, p: int) -> str:
        return _WINDS[(p - self.dealer) % 4] if self.dealer is not None else "E"

    def ref(self, v, where: str) -> int:
        """A player given by index or name."""
        if isinstance(v, str):
            for p in self.players:
                if p.name == v:
                    return p.index
            raise ValueError(f"{where}: no player named {v!r}")
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"{where} must be a player index 0-{self.n - 1} or name, got {v!r}")
        if not 0 <= v < self.n:
            raise ValueError(f"{where} must be a player index 0-{self.n - 1}, got {v}")
        return v

    def tile(self, v, where: str) -> int:
        """A tile of the rule set's tile set."""
        try:
            t = tile_index(v)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{where}: {e}") from None
        self.check_kind(t, where)
        return t

    def check_kind(self, t: int, where: str) -> None:
        if t not in self._kinds:
            raise ValueError(f"{where}: {TILE_NAMES[t]} is not used in {self.name} ({len(self._kinds) * 4} tiles, "
                             f"{self.rs.info.docs})")

    def number(self, d: Mapping, key: str, where: str, default=None, required=False):
        """A number >= 0 from ``d[key]`` as a Fraction (``default`` when missing or null)."""
        v = d.get(key)
        if v is None:
            if required:
                raise ValueError(f"{where}: missing {key!r}")
            return default
        if isinstance(v, bool) or not isinstance(v, (int, float, Fraction)) or v < 0:
            raise ValueError(f"{where}.{key} must be a number >= 0, got {v!r}")
        return Fraction(str(v)) if isinstance(v, float) else Fraction(v)

    def flag(self, d: Mapping, key: str, where: str) -> bool:
        v = d.get(key, False)
        if v is None:
            return False
        if not isinstance(v, bool):
            raise ValueError(f"{where}.{key} must be true or false, got {v!r}")
        return v


def settle(rs, table, rules: SettleRules, options=None) -> Settlement:
    """Settle one hand of the bound rule set ``rs`` with its :class:`SettleRules`. ``table``: a dict,
    a JSON path or JSON text (docs/settle.md). ``options``: the rule set's own settlement options
    (the caller read the table's ``rules`` and ``options``; Sichuan), else ``rs.options`` with the
    table's ``options`` over them. Raises a one-line ValueError naming the place."""
    raw = load_table(table)
    allowed = set(_TABLE_KEYS) | set(rules.table_keys)
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise ValueError(f"table: unknown key {unknown[0]!r} (known: {', '.join(sorted(allowed))})")
    name = raw.get("rules")
    if name is not None and options is None:
        from ..registry import info

        try:
            same = info(name).name == rs.name
        except (TypeError, ValueError):
            same = False
        if not same:
            raise ValueError(f"table.rules is {name!r} but the table is settled with {rs.name}")
    if raw.get("options") is not None and options is None:
        given = raw["options"]
        if not isinstance(given, Mapping):
            raise ValueError(f"table.options must be an object, got {type(given).__name__}")
        try:
            rs = type(rs).bind(rs.info, dict(_options_dict(rs), **given))
        except (TypeError, ValueError) as e:
            raise ValueError(f"table.options: {e}") from None
    t = SettleTable(rs, raw, rules, options)
    base = t.number(raw, "base", "table", default=Fraction(rules.default_base(t.options)))
    if base == 0:
        raise ValueError("table.base must be > 0 (the money of one point)")
    t.base = base
    raw_players = raw.get("players")
    n = rs.players
    if not isinstance(raw_players, (list, tuple)) or len(raw_players) != n:
        got = len(raw_players) if isinstance(raw_players, (list, tuple)) else type(raw_players).__name__
        raise ValueError(f"table.players must be a list of {n} players, got {got}")
    t.players = [Player(i, f"P{i}", None, [], [], {}) for i in range(n)]
    names: set = set()
    _resolve_meld_from(t, [_read_player(t, i, d, names) for i, d in enumerate(raw_players)])
    if raw.get("dealer") is not None:
        t.dealer = t.ref(raw["dealer"], "table.dealer")
    elif rules.needs_dealer:
        raise ValueError(f"table: missing 'dealer' (the dealer's seat 0-{n - 1}; {rs.name} settles with it)")
    t.wall_exhausted = t.flag(raw, "wall_exhausted", "table")
    if raw.get("indicator") is not None:          # the flipped tile (翻鬼 / 混): read by the scorer
        t.extra["indicator"] = t.tile(raw["indicator"], "table.indicator")
    if raw.get("round_wind") is not None:
        w = raw["round_wind"]
        if not isinstance(w, str) or (w.strip().upper() not in tuple(_WINDS) and w.strip() not in _WIND_NAMES):
            raise ValueError(f"table.round_wind must be E, S, W or N (东南西北), got {w!r}")
        t.extra["round_wind"] = _WIND_NAMES.get(w.strip(), w.strip().upper())
    raw_events = raw.get("events", [])
    if not isinstance(raw_events, (list, tuple)):
        raise ValueError(f"table.events must be a list, got {type(raw_events).__name__}")
    t.events = [_read_event(t, i, e) for i, e in enumerate(raw_events)]
    if rules.read is not None:
        rules.read(t)
    wins = _check_events(t)
    _check_tiles(t, wins)

    ledger: List[Payment] = []
    records: List[WinRecord] = []
    row_type = rules.payment
    base = exact(t.base)

    def book(pays: Iterable[Pay], event: Optional[int], paid: Optional[Dict[int, Amount]] = None):
        for row in pays:
            payer, payee, amount, reason, detail = row[:5]
            # exact: int arithmetic when both are whole (the common case), Fraction otherwise
            amount = amount * base if type(amount) is int and type(base) is int else exact(Fraction(amount) * t.base)
            if amount < 0 or payer == payee:       # pragma: no cover - hooks never do this
                raise AssertionError(f"bad payment {payer}->{payee} {amount}")
            if amount == 0:
                continue
            if reason not in row_type.reasons:      # pragma: no cover - hooks use the vocabulary
                raise AssertionError(f"unknown reason {reason!r}")
            ledger.append(row_type(payer, payee, amount, reason, row[5] if len(row) > 5 else event, detail))
            if paid is not None:
                paid[payer] = paid.get(payer, 0) + amount

    for ev in t.events:
        i = ev["index"]
        if ev["type"] == "kong":
            if i in t.cancelled or rules.kong is None:
                continue
            book(rules.kong(t, ev), i)
        elif ev["type"] == "win":
            w = wins[i]
            paid: Dict[int, Amount] = {}
            book(rules.win(t, w), i, paid)
            r = w.result
            records.append(rules.win_record(i, w.winner, TILE_NAMES[w.tile], w.how, w.source,
                                            tuple((str(nm), v) for nm, v in r.fans), exact(Fraction(r.total)),
                                            r.unit, {k: exact(v) for k, v in paid.items()}, dict(w.detail)))
        else:
            hook = rules.events[ev["type"]][0]
            book(hook(t, ev), i)
    if rules.end is not None:
        book(rules.end(t), None)

    totals: List[Amount] = [0] * n
    for row in ledger:
        totals[row.payer] -= row.amount
        totals[row.payee] += row.amount
    assert sum(totals) == 0
    s = Settlement(rs.name, tuple(exact(x) for x in totals), tuple(ledger), tuple(records), exact(t.base),
                   tuple(p.name for p in t.players), not wins, _options_dict(rs) if options is None else options)
    return s if rules.result is None else rules.result(t, s)


def _options_dict(rs) -> dict:
    """The bound rule set's options as a dict (a mapping, or an options object read by its option names)."""
    if isinstance(rs.options, Mapping):
        return dict(rs.options)
    return {k: getattr(rs.options, k) for k in type(rs).defaults(rs.info)}


# ------------------------------------------------------------------------------------------- reading

def _read_player(t: SettleTable, i: int, d, names: set) -> list:
    where = f"table.players[{i}]"
    rules = t.rules
    if not isinstance(d, Mapping):
        raise ValueError(f"{where} must be an object with 'hand' and 'melds', got {type(d).__name__}")
    known = ("name", "hand", "melds") + rules.player_keys
    unknown = sorted(set(d) - set(known))
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(known)})")
    p = t.players[i]
    name = d.get("name", f"P{i}")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{where}.name must be a non-empty string")
    if name in names:
        raise ValueError(f"{where}.name {name!r} is used twice")
    names.add(name)
    p.name = name
    hand = d.get("hand")
    if hand is None:
        raise ValueError(f"{where}: missing 'hand' (the concealed tiles, e.g. '1122m345p')")
    melds: List[Meld] = []
    if isinstance(hand, str):
        try:
            counts, melds = parse_hand(hand)
        except ValueError as e:
            raise ValueError(f"{where}.hand: {e}") from None
        counts = counts.tolist()
    elif isinstance(hand, (list, tuple)):
        counts = [0] * 34
        for k, x in enumerate(hand):
            try:
                counts[tile_index(x)] += 1
            except (TypeError, ValueError) as e:
                raise ValueError(f"{where}.hand[{k}]: {e}") from None
    else:
        raise ValueError(f"{where}.hand must be a tile string or a list of tiles, got {type(hand).__name__}")
    for x in range(34):
        if counts[x]:
            t.check_kind(x, f"{where}.hand")
    meld_from: List[Optional[int]] = [None] * len(melds)
    raw = d.get("melds") or []
    if isinstance(raw, str):
        try:
            c2, ms = parse_hand(raw)
        except ValueError as e:
            raise ValueError(f"{where}.melds: {e}") from None
        if c2.any():
            raise ValueError(f"{where}.melds: tiles outside brackets (write '[555p]{{2222s}}(9999m)')")
        raw = ms
    if not isinstance(raw, (list, tuple)):
        raise ValueError(f"{where}.melds must be a list, got {type(raw).__name__}")
    pending_from = []
    for k, m in enumerate(raw):
        mw = f"{where}.melds[{k}]"
        frm = None
        try:
            if isinstance(m, Meld):
                meld = m
            elif isinstance(m, Mapping):
                extra = sorted(set(m) - {"kind", "tiles", "from"})
                if extra:
                    raise ValueError(f"unknown key {extra[0]!r} (known: kind, tiles, from)")
                if "kind" not in m or "tiles" not in m:
                    raise ValueError("a meld needs 'kind' and 'tiles', e.g. {\"kind\": \"pon\", \"tiles\": \"555p\"}")
                meld = _meld(m["kind"], m["tiles"]) if isinstance(m["tiles"], str) else Meld(m["kind"], m["tiles"])
                frm = m.get("from")
            elif isinstance(m, str):
                c2, ms = parse_hand(m)
                if c2.any() or len(ms) != 1:
                    raise ValueError(f"{m!r} is not one bracketed meld like '[555p]'")
                meld = ms[0]
            else:
                raise ValueError(f"a meld must be an object {{kind, tiles}} or a string like '[555p]', "
                                 f"got {type(m).__name__}")
        except (TypeError, ValueError) as e:
            raise ValueError(f"{mw}: {e}") from None
        melds.append(meld)
        meld_from.append(None)
        pending_from.append((len(melds) - 1, frm, mw))
    for k, meld in enumerate(melds):
        mw = f"{where}.melds[{k}]"
        if meld.kind == "kan":
            raise ValueError(f"{mw}: kong {meld.notation} needs its kind for the payments: minkan (直杠), "
                             f"kakan (补杠) or ankan (暗杠)")
        if meld.kind == "chi" and not rules.allow_chi(t.options):
            raise ValueError(f"{mw}: chi {meld} is not allowed in {t.name}")
        for x in set(meld.tiles):
            t.check_kind(x, mw)
    if len(melds) > 4:
        raise ValueError(f"{where}: {len(melds)} melds, at most 4")
    p.counts, p.melds, p.meld_from = counts, melds, meld_from
    p.extra = {k: d[k] for k in rules.player_keys if k in d}
    return pending_from


def _resolve_meld_from(t: SettleTable, pending) -> None:
    """The melds' ``from`` (player names are known once every player is read)."""
    for i, rows in enumerate(pending):
        p = t.players[i]
        for k, frm, mw in rows:
            if frm is None:
                continue
            q = t.ref(frm, f"{mw}.from")
            meld = p.melds[k]
            if q == i:
                raise ValueError(f"{mw}.from is the player himself; a meld from one's own draw has no 'from'")
            if meld.kind == "ankan":
                raise ValueError(f"{mw}: an ankan (暗杠) is made from one's own draws; 'from' must be absent")
            p.meld_from[k] = q


_COMMON_EVENT_KEYS = {
    "kong": ("type", "player", "kind", "tile", "from", "note"),
    "win": ("type", "player", "tile", "from", "self_drawn", "note"),
}


def _read_event(t: SettleTable, i: int, e) -> dict:
    where = f"table.events[{i}]"
    rules = t.rules
    if not isinstance(e, Mapping):
        raise ValueError(f"{where} must be an object, got {type(e).__name__}")
    typ = e.get("type")
    types = ("kong", "win") + tuple(rules.events)
    if typ not in types:
        raise ValueError(f"{where}.type must be {', '.join(map(repr, types))}, got {typ!r}")
    if typ == "kong":
        keys = _COMMON_EVENT_KEYS["kong"] + rules.kong_flags
    elif typ == "win":
        keys = _COMMON_EVENT_KEYS["win"] + rules.win_flags + (("liable",) if rules.liable_cases else ())
    else:
        keys = ("type", "note") + rules.events[typ][1]
    unknown = sorted(set(e) - set(keys))
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r} for a {typ} event (known: {', '.join(keys)})")
    ev: Dict[str, Any] = {"type": typ, "index": i, "where": where}
    if typ not in ("kong", "win"):
        ev.update({k: e[k] for k in keys if k in e and k not in ("type",)})
        return ev
    if "player" not in e:
        raise ValueError(f"{where}: missing 'player'")
    pl = t.ref(e["player"], f"{where}.player")
    if "tile" not in e:
        raise ValueError(f"{where}: missing 'tile'")
    tile = t.tile(e["tile"], f"{where}.tile")
    frm = e.get("from")
    if frm is not None and frm != "self":
        frm = t.ref(frm, f"{where}.from")
        if frm == pl:
            raise ValueError(f"{where}.from is the player himself ({pl}); write null for his own draw")
    else:
        frm = None
    ev.update(player=pl, tile=tile, **{"from": frm})
    if typ == "kong":
        try:
            kind = _canonical_kind(e.get("kind"))
        except (TypeError, ValueError):
            kind = None
        if kind not in _KONG_KINDS:
            raise ValueError(f"{where}.kind must be 'minkan' (直杠), 'kakan' (补杠) or 'ankan' (暗杠), "
                             f"got {e.get('kind')!r}")
        if kind == "minkan" and frm is None:
            raise ValueError(f"{where}: a minkan (直杠) needs 'from', the player whose discard was konged")
        if kind != "minkan" and frm is not None:
            raise ValueError(f"{where}: a {kind} ({_KONG_NAMES[kind]}) is made from the player's own draw; "
                             f"'from' must be null")
        ev["kind"] = kind
        for f in rules.kong_flags:
            ev[f] = t.flag(e, f, where)
        return ev
    sd = e.get("self_drawn")
    if sd is not None:
        if not isinstance(sd, bool):
            raise ValueError(f"{where}.self_drawn must be true or false, got {sd!r}")
        if sd != (frm is None):
            raise ValueError(f"{where}: self_drawn is {str(sd).lower()} but 'from' is "
                             f"{'null' if frm is None else frm}")
    for f in rules.win_flags:
        ev[f] = t.flag(e, f, where)
    liable = e.get("liable")
    ev["liable"] = None
    if liable is not None:
        lw = f"{where}.liable"
        if not isinstance(liable, Mapping) or set(liable) - {"player", "case"} or "player" not in liable \
                or "case" not in liable:
            raise ValueError(f"{lw} must be {{\"player\": P, \"case\": C}} with C one of "
                             f"{', '.join(rules.liable_cases)}")
        q = t.ref(liable["player"], f"{lw}.player")
        if liable["case"] not in rules.liable_cases:
            raise ValueError(f"{lw}.case must be one of {', '.join(map(repr, rules.liable_cases))}, "
                             f"got {liable['case']!r}")
        if q == pl:
            raise ValueError(f"{lw}.player is the winner himself")
        ev["liable"] = (q, liable["case"])
    return ev


# ------------------------------------------------------------------------------------------- checks

def _last_kong(t: SettleTable, k: int) -> Optional[dict]:
    """The event right before position k if it is a kong (skipping other winners of one discard)."""
    j = k - 1
    while j >= 0 and t.events[j]["type"] == "win":
        j -= 1
    return t.events[j] if j >= 0 and t.events[j]["type"] == "kong" else None


def _same_discard(first: dict, ev: dict) -> bool:
    """``ev`` is another winner of the discard (or robbed kong) that ``first`` won on."""
    return (ev["type"] == "win" and first["from"] is not None and ev["from"] == first["from"]
            and ev["tile"] == first["tile"] and bool(ev.get("robbing_kong")) == bool(first.get("robbing_kong")))


def _check_robbing(t: SettleTable) -> None:
    """抢杠: the robbed player's kong (if given just before) must be robbable and is cancelled; a robbed
    补杠 stays a pon."""
    events = t.events
    robbable = tuple(t.rules.robbable_kongs(t.options))
    for k, ev in enumerate(events):
        if ev["type"] != "win" or not ev.get("robbing_kong"):
            continue
        where = ev["where"]
        if ev["from"] is None:
            raise ValueError(f"{where}: a 抢杠 (robbing_kong) wins on another player's kong: 'from' is the player "
                             f"who tried to kong")
        mixed = [f for f in ("after_kong", "kong_discard", "tianhu", "dihu") if ev.get(f)]
        if mixed:
            raise ValueError(f"{where}: robbing_kong cannot be combined with {mixed[0]}")
        victim = t.players[ev["from"]]
        j = k - 1
        while j >= 0 and events[j]["type"] == "win" and events[j].get("robbing_kong") \
                and events[j]["from"] == ev["from"] and events[j]["tile"] == ev["tile"]:
            j -= 1
        kind = "kakan"
        if j >= 0 and events[j]["type"] == "kong" and events[j]["player"] == ev["from"] \
                and events[j]["tile"] == ev["tile"]:
            kind = events[j]["kind"]
            t.cancelled.add(events[j]["index"])
        if kind not in robbable:
            raise ValueError(f"{where}: a {kind} ({_KONG_NAMES[kind]}) cannot be robbed (robbable in {t.name}: "
                             f"{', '.join(robbable) or 'none'}; docs/rules.md#c35)")
        if kind == "kakan" and not any(m.kind == "pon" and m.first == ev["tile"] for m in victim.melds):
            raise ValueError(f"{where}: player {victim.index} has no pon of {TILE_NAMES[ev['tile']]} (after a 抢杠 "
                             f"the robbed kong stays a pon: list it as a pon)")


def _check_kongs(t: SettleTable) -> None:
    """Kong events against kong melds: each kong event has its meld (same kind, same feeder), a kind is
    konged once, 杠上杠 follows the player's kong; where the rule set says so every kong meld has its event."""
    events = t.events
    kong_melds: Dict[Tuple[int, int], Tuple[str, Optional[int], int]] = {}
    for p in t.players:
        for k, m in enumerate(p.melds):
            if m.is_kong:
                kong_melds[p.index, m.first] = (m.kind, p.meld_from[k], k)
    seen: Dict[int, int] = {}
    for k, ev in enumerate(events):
        if ev["type"] != "kong" or ev["index"] in t.cancelled:
            continue
        i, key = ev["index"], (ev["player"], ev["tile"])
        nm = TILE_NAMES[ev["tile"]]
        if ev["tile"] in seen:
            j = seen[ev["tile"]]
            raise ValueError(f"{ev['where']}: {nm} was already konged by player {events[j]['player']} at "
                             f"table.events[{j}] (duplicated kong)")
        seen[ev["tile"]] = i
        have = kong_melds.get(key)
        if have is None:
            raise ValueError(f"{ev['where']}: player {ev['player']} has no kong of {nm} among his melds (add "
                             f"{{\"kind\": \"{ev['kind']}\", \"tiles\": \"{nm[0] * 4}{nm[1]}\"}})")
        if have[0] != ev["kind"]:
            raise ValueError(f"{ev['where']}: the kong of {nm} is a {ev['kind']} ({_KONG_NAMES[ev['kind']]}) but "
                             f"player {ev['player']}'s meld is a {have[0]} ({_KONG_NAMES[have[0]]})")
        if ev["kind"] == "minkan" and have[1] is not None and have[1] != ev["from"]:
            raise ValueError(f"{ev['where']}.from is {ev['from']} but table.players[{ev['player']}].melds[{have[2]}]"
                             f".from is {have[1]}")
        if ev.get("after_kong"):
            before = _last_kong(t, k)
            if before is None or before["player"] != ev["player"] or k == 0 or events[k - 1] is not before:
                raise ValueError(f"{ev['where']}: after_kong (杠上杠) needs a kong by player {ev['player']} as the "
                                 f"event right before")
    if t.rules.kongs_need_events(t):
        for key, (kind, _, k) in kong_melds.items():
            if key[1] not in seen or events[seen[key[1]]]["player"] != key[0]:
                nm = TILE_NAMES[key[1]]
                raise ValueError(f"table.players[{key[0]}].melds[{k}]: the {kind} ({_KONG_NAMES[kind]}) of {nm} has "
                                 f"no kong event ({t.name} settles every kong from its event: add {{\"type\": "
                                 f"\"kong\", \"player\": {key[0]}, \"kind\": \"{kind}\", \"tile\": \"{nm}\"}})")


def _check_win_flags(t: SettleTable, k: int, ev: dict) -> Optional[dict]:
    """The flags of the win at position k against the events: 杠上花, 杠上炮, 天胡, 地胡. Returns the kong
    event right before a 杠上花 / 杠上炮 (or None)."""
    events, where, pl = t.events, ev["where"], ev["player"]
    kong_before = None
    if ev.get("after_kong"):
        if ev["from"] is not None:
            raise ValueError(f"{where}: after_kong (杠上花) is a self-drawn win; 'from' must be null")
        if not any(m.is_kong for m in t.players[pl].melds):
            raise ValueError(f"{where}: after_kong (杠上花) but player {pl} holds no kong")
        before = events[k - 1] if k > 0 else None
        if before is not None and before["type"] == "kong" and before["index"] not in t.cancelled:
            if before["player"] != pl:
                raise ValueError(f"{where}: after_kong (杠上花) but the kong right before is player "
                                 f"{before['player']}'s")
            kong_before = before
        elif t.rules.kong_event_after_kong or t.rules.kongs_need_events(t):
            raise ValueError(f"{where}: after_kong (杠上花) needs player {pl}'s kong as the event right before")
    if ev.get("kong_discard"):
        frm = ev["from"]
        if frm is None:
            raise ValueError(f"{where}: kong_discard (杠上炮) is a win on a discard; 'from' is the player who "
                             f"konged and discarded")
        before = _last_kong(t, k)
        ok = before is not None and before["index"] not in t.cancelled and before["player"] == frm
        j = k - 1                     # only other winners of the same discard between the kong and this win
        while ok and j >= 0 and events[j]["type"] == "win":
            ok = events[j]["from"] == frm and events[j]["tile"] == ev["tile"] and bool(events[j].get("kong_discard"))
            j -= 1
        if not ok:
            raise ValueError(f"{where}: kong_discard (杠上炮) needs a kong by player {frm} right before the win "
                             f"(only other winners of the same discard in between)")
        kong_before = before
    if ev.get("tianhu") and ev.get("dihu"):
        raise ValueError(f"{where}: tianhu and dihu are exclusive")
    if ev.get("tianhu"):
        if ev["from"] is not None or k != 0:
            raise ValueError(f"{where}: tianhu (天胡) is the dealer's self-drawn win before anything else; it must "
                             f"be the first event, self-drawn")
        if t.dealer is not None and pl != t.dealer:
            raise ValueError(f"{where}: tianhu (天胡) by player {pl}, but the dealer is player {t.dealer}")
    if ev.get("dihu"):
        if any(e["type"] == "kong" for e in events[:k]):
            raise ValueError(f"{where}: dihu (地胡) is a win in the first go-around; no kong can come before it")
        if t.dealer is not None and pl == t.dealer:
            raise ValueError(f"{where}: dihu (地胡) is a non-dealer's win, but player {pl} is the dealer")
    return kong_before


def _check_events(t: SettleTable) -> Dict[int, Win]:
    """Kongs against melds, the order of the events and the wins (who may still act, when the hand
    ends), the flags of each win, the hand sizes; scores the wins."""
    rules, events = t.rules, t.events
    _check_robbing(t)
    _check_kongs(t)
    successive = rules.successive_wins is not None and bool(rules.successive_wins(t.options))
    groups: List[List[dict]] = []          # the winners of one discard (or one self-draw), in order
    kong_before: Dict[int, Optional[dict]] = {}
    ended = None
    for k, ev in enumerate(events):
        where = ev["where"]
        joins = bool(groups) and events[k - 1] is groups[-1][-1] and _same_discard(groups[-1][0], ev)
        if ended is not None and not joins:
            why = (f"{t.n - 1} players have won, which ends 血战到底" if successive else
                   "not 血战到底: the first win, with every winner of its discard, ends the hand"
                   if rules.successive_wins is not None else "")
            raise ValueError(f"{where}: the hand ended at the win at table.events[{ended}]"
                             + (f" ({why})" if why else ""))
        if joins and not rules.multiple_winners:
            raise ValueError(f"{where}: one winner per hand in {t.name} (一炮单响, docs/rules.md#c34); "
                             f"the hand ended at table.events[{ended}]")
        pl, frm = ev.get("player"), ev.get("from")
        if pl in t.won_at:
            raise ValueError(f"{where}: player {pl} already won at table.events[{t.won_at[pl]}] and cannot "
                             f"{ev['type']} again" + (" (血战到底: a winner leaves the hand)" if successive else ""))
        if frm in t.won_at:
            raise ValueError(f"{where}: player {frm} already won at table.events[{t.won_at[frm]}] and discards no "
                             f"more tiles")
        if ev["type"] != "win":
            continue
        kong_before[ev["index"]] = _check_win_flags(t, k, ev)
        if joins:
            groups[-1].append(ev)
        else:
            groups.append([ev])
        t.won_at[pl] = ev["index"]
        if not successive or len(t.won_at) >= t.n - 1:
            ended = ev["index"]
    n_won = len(t.won_at)
    if successive and n_won < t.n - 1 and not t.wall_exhausted:
        raise ValueError(f"table: the hand has not ended: {n_won} player{'s' if n_won != 1 else ''} won and the "
                         f"wall is not exhausted (血战到底 ends when {t.n - 1} players have won or the wall runs out; "
                         f"set \"wall_exhausted\": true for a drawn hand)")
    if not n_won and not t.wall_exhausted:
        raise ValueError("table: the hand has not ended: no win event and the wall is not exhausted (set "
                         "\"wall_exhausted\": true for a drawn hand)")
    if n_won and t.wall_exhausted and not successive:
        first = groups[0][0]
        raise ValueError(f"table: wall_exhausted is set but player {first['player']} won at "
                         f"table.events[{first['index']}] (a won hand is not a drawn one"
                         + ("; not 血战到底: the first win ends the hand)" if rules.successive_wins else ")"))
    for p in t.players:
        want = 14 if p.index in t.won_at else 13
        if p.size != want:
            what = "a winner holds 14 (the winning tile included)" if want == 14 else \
                "a player who did not win holds 13"
            raise ValueError(f"table.players[{p.index}]: {sum(p.counts)} concealed tiles + {len(p.melds)} melds "
                             f"make {p.size} tiles; {what}, counting each meld as 3")
    wins: Dict[int, Win] = {}
    for group in groups:
        for ev in group:
            pl, where = ev["player"], ev["where"]
            p = t.players[pl]
            if not p.counts[ev["tile"]]:
                raise ValueError(f"{where}: player {pl} wins on {TILE_NAMES[ev['tile']]} but his concealed tiles "
                                 f"{p.text()} do not hold it (a winner's hand includes the winning tile)")
            result = _score(t, ev, p, len(group))
            wins[ev["index"]] = Win(ev, pl, ev["tile"], ev["from"], result, tuple(g["player"] for g in group),
                                    ev.get("liable"), kong_before[ev["index"]])
    return wins


def _score(t: SettleTable, ev: dict, p: Player, n_group: int):
    accepted = set(SITUATION_FLAGS) | set(t.rs.extra_flags)
    flags = {f: ev[f] for f in t.rules.win_flags if f in accepted}
    flags.update({k: v for k, v in p.extra.items() if k in t.rs.extra_flags})   # Sichuan's 定缺
    flags["self_drawn"] = ev["from"] is None
    if t.dealer is not None:
        flags.update(dealer=p.index == t.dealer, seat_wind=t.seat_wind(p.index))
    if "round_wind" in t.extra:
        flags["round_wind"] = t.extra["round_wind"]
    if t.extra.get("indicator") is not None:
        flags["indicator"] = TILE_NAMES[t.extra["indicator"]]
    if n_group == 3 and "triple_ron" in accepted:
        flags["triple_ron"] = True
    try:
        r = t.rs.score(p.counts, melds=p.melds, win_tile=TILE_NAMES[ev["tile"]], **flags)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{ev['where']}: player {p.index}'s hand {p.text()}: {e}") from None
    if not r.is_win:
        raise ValueError(f"{ev['where']}: player {p.index}'s hand {p.text()} is not a win on "
                         f"{TILE_NAMES[ev['tile']]}: {r.reason}")
    return r


def _check_tiles(t: SettleTable, wins: Dict[int, Win]) -> None:
    """At most four copies of a kind across the table (hands, melds and the rule set's extra tiles);
    the one discard won by several players counts once."""
    total = [sum(column) for column in zip(*(p.counts for p in t.players))]
    for p in t.players:
        for m in p.melds:
            for x in m.tiles:
                total[x] += 1
    for x, _ in t.extra_tiles:
        total[x] += 1
    for w in wins.values():                          # each further winner of one discard holds the same tile
        if w.source is not None and w.group.index(w.winner) > 0:
            total[w.tile] -= 1
    for x, k in enumerate(total):
        if k > 4:
            where = [f"player {p.index}" for p in t.players if p.counts[x] or any(x in m.tiles for m in p.melds)]
            where += sorted({w for y, w in t.extra_tiles if y == x})
            raise ValueError(f"table: {TILE_NAMES[x]} appears {total[x]} times across the table (at most 4; "
                             f"{', '.join(where)})")
