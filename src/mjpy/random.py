"""Random deals from real walls, seeded and reproducible, generated in the kernel.

>>> import mjpy
>>> deals = mjpy.random.deal(n=3, rules="sichuan", seed=7)     # (3, 34) uint8, 13 tiles each
>>> deals.sum(axis=1).tolist()
[13, 13, 13]

Deal ``i`` of a seed comes from its own wall, shuffled by a splitmix64 stream seeded from
``(seed, i)``: the same deal for any ``workers`` or chunking, and ``deal(n, start=k)`` is rows
``k..k+n-1`` of a longer call. Walls per rule set (docs/rules.md#tiles): four copies of each tile
kind of the rule set (any name or alias of :mod:`mjpy.rules.registry`): ``sichuan`` 108 tiles (no
honors), ``standard`` / ``riichi`` / ``tianjin`` 136, ``qingyuan`` 100 (no 万), ``guobiao`` 144
(136 + 8 flowers; a flower is set aside and replaced by the next tile of the wall, 补花, and
``flowers=True`` returns how many each deal set aside). ``rule_options`` (options of
:func:`mjpy.rules.get`) can change the kinds: ``guangdong_tuidao`` with ``with_honors=False`` is
dealt from 108 tiles. Where a rule set flips a joker indicator (``tianjin``, ``guangdong_tuidao``
with ``gui="fan"``), it is the wall's next tile after the deal: ``walls(n, rules, seed)[:, 13]``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Optional, Tuple, Union

import numpy as np

from mjcore import simulate as _sim

__all__ = ["deal", "deal_table", "walls", "wall_kinds", "RULE_WALLS", "FLOWER_CODES"]

#: wall codes of the eight flowers returned by :func:`walls` (梅 兰 竹 菊 春 夏 秋 冬)
FLOWER_CODES = tuple(range(34, 42))


def _rule_walls():
    """{rule set: (number of tile kinds, flowers)} for every rule set of the registry
    (:mod:`mjpy.rules.registry`, the one list of rule sets): 27 kinds (the suits), 34 (+ honors) or
    25 (清远: no 万)."""
    from .rules.registry import REGISTRY

    return {name: (r.n_kinds, r.n_flowers) for name, r in REGISTRY.items() if r.game == "mahjong"}


def __getattr__(name):
    if name == "RULE_WALLS":          # read from the registry when asked (it imports the rule sets)
        return _rule_walls()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def wall_of(rules: str) -> Tuple[int, int]:
    """(number of tile kinds, flowers) of a rule set's wall (any name or alias of the registry);
    ValueError naming the known ones.

    >>> wall_of("sichuan"), wall_of("guobiao"), wall_of("qingyuan")
    ((27, 0), (34, 8), (25, 0))
    """
    from .rules.registry import info

    if not isinstance(rules, str):
        raise TypeError(f"rules must be a string, got {type(rules).__name__}")
    row = info(rules)
    return row.n_kinds, row.n_flowers


@lru_cache(maxsize=None)
def _default_kinds(name: str) -> Tuple[int, ...]:
    from .rules import registry

    row = registry.info(name)
    if row.binding and row.n_kinds not in (27, 34):
        return tuple(registry.get(row.name).kinds)
    return tuple(range(row.n_kinds))


def wall_kinds(rules: str, rule_options: Optional[Mapping[str, Any]] = None) -> Tuple[Tuple[int, ...], int]:
    """(tile kinds, flowers) of a rule set's wall: four copies of each kind, then the flowers.
    ``rule_options``: options of :func:`mjpy.rules.get` (``with_honors=False`` for
    ``guangdong_tuidao``).

    >>> kinds, flowers = wall_kinds("qingyuan")
    >>> len(kinds), kinds[0], flowers
    (25, 9, 0)
    """
    from .rules import registry

    if not isinstance(rules, str):
        raise TypeError(f"rules must be a string, got {type(rules).__name__}")
    row = registry.info(rules)
    if row.game != "mahjong":
        raise ValueError(f"{row.name} is not a mahjong rule set: no tile wall ({row.docs})")
    if rule_options is not None and not isinstance(rule_options, Mapping):
        raise TypeError(f"rule_options must be a dict of rule-set options, got {type(rule_options).__name__}")
    if not rule_options:
        return _default_kinds(row.name), row.n_flowers
    bound = registry.get(row.name, **rule_options)
    kinds = getattr(bound, "kinds", None)
    return (tuple(kinds) if kinds else tuple(range(row.n_kinds))), row.n_flowers


def deal(n: int, rules: str = "sichuan", seed: int = 0, hand_size: Optional[int] = None, *, start: int = 0,
         flowers: bool = False, workers: Optional[int] = None,
         rule_options: Optional[Mapping[str, Any]] = None
         ) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
    """``n`` opening hands of ``hand_size`` tiles (default: the rule set's, 13 or 16) -> uint8[n, 34]
    counts (and int8[n] flower counts with ``flowers=True``). Each hand is the first tiles of its own
    shuffled wall.

    >>> deal(2, rules="standard", seed=1).shape
    (2, 34)
    >>> deal(2, rules="taiwan", seed=1).sum(axis=1).tolist()
    [16, 16]
    """
    kinds, nf = wall_kinds(rules, rule_options)
    if hand_size is None:
        from .rules import registry

        hand_size = registry.info(rules).hand_size
    hands, fl = _sim.deal(n, kinds=kinds, n_flowers=nf, hand_size=hand_size, seed=seed, start=start,
                          workers=workers)
    return (hands, fl) if flowers else hands


def walls(n: int, rules: str = "sichuan", seed: int = 0, length: Optional[int] = None, *,
          start: int = 0, workers: Optional[int] = None,
          rule_options: Optional[Mapping[str, Any]] = None) -> np.ndarray:
    """The wall of each deal in the order the player takes it -> uint8[n, length] tile codes
    (0-33 tiles, 34-41 flowers). ``deal`` and ``mjpy.simulate`` take their tiles from the front of
    the same sequence (flowers skipped and counted). Default length: the whole wall.

    >>> w = walls(1, "sichuan", seed=7)
    >>> w.shape, int(np.bincount(w[0], minlength=27).max())
    ((1, 108), 4)
    """
    kinds, nf = wall_kinds(rules, rule_options)
    if length is None:
        from .rules import registry

        length = registry.info(rules).wall                # two-player 71: 71 of the 136 tiles
    return _sim.walls(n, kinds=kinds, n_flowers=nf, length=length, seed=seed, start=start,
                      workers=workers)


def deal_table(n: int, rules: str = "sichuan", seed: int = 0, *, start: int = 0, workers: Optional[int] = None,
               rule_options: Optional[Mapping[str, Any]] = None) -> np.ndarray:
    """The opening hands of every player of ``n`` tables -> uint8[n, players, 34] counts: from each
    deal's wall (:func:`walls`, flowers set aside) seat 0 takes the first ``hand_size`` tiles (the hand
    of :func:`deal`), seat 1 the next ones, and so on, for the rule set's number of players.

    >>> deal_table(2, "kawuxing", seed=1).shape                 # 3 players, 13 tiles each
    (2, 3, 34)
    >>> bool((deal_table(5, "sichuan", seed=4)[:, 0] == deal(5, "sichuan", seed=4)).all())
    True
    """
    from .rules import registry

    row = registry.info(rules)
    if row.game != "mahjong":
        raise ValueError(f"deal_table: {row.name} is not a mahjong rule set (no tiles to deal)")
    n = int(n)
    if n < 0:
        raise ValueError(f"deal_table: n must be >= 0, got {n}")
    players, size = row.players, row.hand_size
    need = players * size
    w = walls(n, rules, seed, start=start, workers=workers, rule_options=rule_options)
    first = np.argsort(w >= 34, axis=1, kind="stable")[:, :need]     # the first tiles that are not flowers
    codes = np.take_along_axis(w, first, axis=1).astype(np.int64)
    seat = np.arange(need) // size
    key = (np.arange(n)[:, None] * players + seat[None, :]) * 34 + codes
    return np.bincount(key.ravel(), minlength=n * players * 34).astype(np.uint8).reshape(n, players, 34)
