"""The interface every rule set offers: :class:`RuleSet` (bound to its options) and :class:`Result`.

>>> from mjpy import rules
>>> rs = rules.get("sichuan_fan")
>>> r = rs.score("11222244p557799m", win_tile="9m", self_drawn=True)
>>> r.is_win, r.fans, r.total
(True, [('龙七对', 5)], 5)

A rule set is reached through :func:`mjpy.rules.get` (the registry, :mod:`mjpy.rules.registry`);
this module only holds the shapes shared by all of them. The hand is always the concealed tiles
*including* the winning tile; ``melds`` a list of :class:`mjpy.Meld`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

import numpy as np

from mjcore.engine import DeferredField

__all__ = ["Result", "RuleSet", "SITUATION_FLAGS", "hand_and_melds", "check_option_names"]

#: The situational flags every ``score`` accepts (a rule set without a fan for one ignores it).
SITUATION_FLAGS = ("self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu", "dihu", "dealer")


@dataclass(frozen=True)
class Result:
    """The value of one hand under one rule set.

    ``is_win``: the hand is a legal win (shape and every win condition of the rule set, such as
    缺一门 or a minimum fan); otherwise ``reason`` says which condition failed, in one line.
    ``fans``: ``[(name, value), ...]`` with the names of the rule set's table; ``total``: the value
    in ``unit`` after stacking and caps (0 when the tiles form no winning shape; a win that fails
    a condition such as a minimum fan keeps its value, with ``is_win`` false). ``reading``: with jokers, what each
    joker stood for in the reading that scored best (``None`` without jokers). ``detail``: the rule
    set's own result object, with every field it computes.

    A win's result from a rule set on the engine (``score``, and ``waits``' one per winning tile: most
    callers read only the totals) comes with ``fans``, ``form``, ``reading`` and ``detail`` built when
    one of them is first read; a result compares, prints, copies and pickles the same either way.
    """

    is_win: bool
    total: int
    fans: List[Tuple[str, int]]
    unit: str
    rules: str
    reason: str = ""
    form: Optional[str] = None
    reading: Any = None
    detail: Any = field(default=None, repr=False, compare=False)

    def __getstate__(self) -> Dict[str, Any]:
        if "_deferred" in self.__dict__:
            self.fans                           # noqa: B018 (builds the deferred fields)
        return self.__dict__

    def to_dict(self) -> Dict[str, Any]:
        """A JSON-ready dict (``detail`` as its own ``to_dict()`` when it has one)."""
        d = {"rules": self.rules, "is_win": self.is_win, "total": self.total, "unit": self.unit,
             "fans": [[n, v] for n, v in self.fans], "form": self.form, "reason": self.reason,
             "reading": None if self.reading is None else str(self.reading)}
        if self.detail is not None and hasattr(self.detail, "to_dict"):
            d["detail"] = self.detail.to_dict()
        return d


# the fields an engine's result builds when one is first read (mjcore.engine.DeferredWin): a non-data
# descriptor each, in place of their class defaults (the dataclass's __init__ keeps its own)
for _name in ("fans", "form", "reading", "detail"):
    setattr(Result, _name, DeferredField(_name))


def check_option_names(name: str, given, known) -> None:
    """The one error of every rule set for an option it does not have: ``ValueError`` naming it and listing
    the known ones."""
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(f"{name}: unknown option {unknown[0]!r} (options: {', '.join(sorted(known))})")


def hand_and_melds(name: str, hand, melds):
    """``(counts (34,) uint8, [Meld, ...])`` of a rule set's hand: notation (melds in brackets allowed) or 34
    counts, plus ``melds`` (a list of :class:`mjpy.Meld`); the rule set's ``name`` starts each error.

    >>> c, ms = hand_and_melds("x", "[777z]123m", ())
    >>> int(c.sum()), [str(m) for m in ms]
    (3, ['[777z]'])
    """
    from ..meld import coerce_melds
    from ..notation import NotationError, _coerce_counts, parse_hand

    if isinstance(hand, str):
        try:
            counts, inline = parse_hand(hand)
        except NotationError as e:
            raise e.relabel(f"{name}: hand {hand!r}") from None
        counts = np.asarray(counts, np.uint8)
        meld_list = list(inline)
    else:
        counts, meld_list = _coerce_counts(hand), []
    if melds:
        _, lst = coerce_melds(melds)
        if lst is None:
            raise ValueError(f"{name}: melds must be the melds themselves (e.g. [Meld('pon', '555p')]), not a count")
        meld_list += lst
    return counts, meld_list


class RuleSet:
    """One rule set with its options bound (built by :func:`mjpy.rules.get`; immutable).

    Attributes: ``name``, ``title``, ``tiles`` (wall size), ``players``, ``hand_size`` (13 or 16),
    ``unit`` (what ``total`` counts), ``options`` (the rule set's frozen options object),
    ``extra_flags`` (the keyword flags of ``score`` beyond :data:`SITUATION_FLAGS`).
    Subclasses implement ``_score``, ``_waits``, ``_score_batch`` and, where the rule set has a
    settlement, ``_settle``.
    """

    extra_flags: Tuple[str, ...] = ()
    batch_flags: Tuple[str, ...] = ()

    def __init__(self, info, options):
        self.info = info
        self.options = options

    # -- description --------------------------------------------------------------------------
    name = property(lambda self: self.info.name)
    title = property(lambda self: self.info.title)
    tiles = property(lambda self: self.info.tiles)
    players = property(lambda self: self.info.players)
    hand_size = property(lambda self: self.info.hand_size)
    unit = property(lambda self: self.info.unit)

    @property
    def can_settle(self) -> bool:
        return type(self)._settle is not RuleSet._settle

    def __repr__(self) -> str:
        return f"<RuleSet {self.name}: {self.tiles} tiles, {self.players} players, unit {self.unit!r}>"

    def __reduce__(self):
        from .registry import _rebuild
        return _rebuild, (self.name, self.options)

    # -- the interface ------------------------------------------------------------------------
    def score(self, hand, melds=(), win_tile=None, *, self_drawn: bool = False, after_kong: bool = False,
              robbing_kong: bool = False, last_tile: bool = False, tianhu: bool = False, dihu: bool = False,
              seat_wind="E", round_wind="E", dealer: bool = False, context: Optional[Mapping] = None,
              **flags) -> Result:
        """Score a complete hand (concealed tiles including ``win_tile``, plus ``melds``).

        Rule-set flags (``dingque=`` for Sichuan, ``fourth_tile=`` / ``flowers=`` for Guobiao...)
        are keyword arguments too; ``extra_flags`` lists them.
        """
        self._check_flags(flags)
        return self._score(hand, melds, win_tile, dict(
            self_drawn=self_drawn, after_kong=after_kong, robbing_kong=robbing_kong, last_tile=last_tile,
            tianhu=tianhu, dihu=dihu, seat_wind=seat_wind, round_wind=round_wind, dealer=dealer,
            context=context, **flags))

    def waits(self, hand13, melds=(), *, self_drawn: bool = False, seat_wind="E", round_wind="E",
              dealer: bool = False, **flags) -> Dict[str, Result]:
        """``{tile: result of winning on it}`` for a waiting hand (查大叫); empty when not waiting. A ValueError
        names the tiles and the values where a wait needs a value the sources do not give (docs/rules.md#missing)."""
        self._check_flags(flags)
        return self._waits(hand13, melds, dict(self_drawn=self_drawn, seat_wind=seat_wind,
                                               round_wind=round_wind, dealer=dealer, **flags))

    def score_batch(self, hands14, win_tiles=None, *, melds=None, self_drawn=False, workers=None,
                    **flags) -> np.ndarray:
        """Totals of many complete hands (numpy in, numpy out, no GIL): ``-1`` where a row is no
        legal win. ``melds``: one list of :class:`mjpy.Meld` per row, ``None``, or the one array
        encoding every rule set takes: :func:`mjpy.rules.engine.melds_array`'s (N, 4, 2) (kind code,
        lowest tile) pairs (Sichuan and Guobiao also keep their own (N, 34) / (N, 8) arrays); flags:
        one bool or one value per row."""
        unknown = sorted(set(flags) - set(self.batch_flags))
        if unknown:
            raise TypeError(f"{self.name}.score_batch: unknown keyword {unknown[0]!r} "
                            f"(known: {', '.join(('self_drawn',) + self.batch_flags)})")
        return self._score_batch(hands14, win_tiles, melds, dict(self_drawn=self_drawn, **flags), workers)

    def settle(self, table):
        """Settle one hand at the table (totals + an itemised ledger), where the rule set has one."""
        return self._settle(table)

    # -- for subclasses -----------------------------------------------------------------------
    def _check_flags(self, flags: Mapping[str, Any]) -> None:
        unknown = sorted(set(flags) - set(self.extra_flags))
        if unknown:
            known = ", ".join(self.extra_flags) or "none"
            raise TypeError(f"{self.name}: unknown keyword {unknown[0]!r} (rule-set flags: {known})")

    def _score(self, hand, melds, win_tile, flags) -> Result:  # pragma: no cover - abstract
        raise NotImplementedError

    def _waits(self, hand13, melds, flags) -> Dict[str, Result]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _score_batch(self, hands, win_tiles, melds, flags, workers) -> np.ndarray:  # pragma: no cover
        raise NotImplementedError

    def _settle(self, table):
        raise ValueError(f"{self.name}: no table settlement (the rule set gives no payment rules to settle a table)")
