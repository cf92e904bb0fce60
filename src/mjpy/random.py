"""Random deals from real walls, seeded and reproducible, generated in the kernel.

>>> import mjpy
>>> deals = mjpy.random.deal(n=3, rules="sichuan", seed=7)     # (3, 34) uint8, 13 tiles each
>>> deals.sum(axis=1).tolist()
[13, 13, 13]

Deal ``i`` of a seed comes from its own wall, shuffled by a splitmix64 stream seeded from
``(seed, i)``: the same deal for any ``workers`` or chunking, and ``deal(n, start=k)`` is rows
``k..k+n-1`` of a longer call. Walls per rule set (docs/rules.md#tiles): ``sichuan`` 108 tiles (no honors),
``standard`` / ``riichi`` 136, ``guobiao`` 144 (136 + 8 flowers; a flower is set aside and replaced
by the next tile of the wall, 补花, and ``flowers=True`` returns how many each deal set aside).
"""
from __future__ import annotations

from typing import Optional, Tuple, Union

import numpy as np

from mjcore import simulate as _sim

__all__ = ["deal", "walls", "RULE_WALLS", "FLOWER_CODES"]

#: wall codes of the eight flowers returned by :func:`walls` (梅 兰 竹 菊 春 夏 秋 冬)
FLOWER_CODES = tuple(range(34, 42))


def _rule_walls():
    """{rule set: (tile kinds, flowers)} for the rule sets of the registry (:mod:`mjpy.rules.registry`,
    the one list of rule sets) whose wall the kernel deals: 27 kinds (the suits) or 34 (+ honors)."""
    from .rules.registry import REGISTRY

    return {name: (r.n_kinds, r.n_flowers) for name, r in REGISTRY.items() if r.n_kinds in (27, 34)}


def __getattr__(name):
    if name == "RULE_WALLS":          # read from the registry when asked (it imports the rule sets)
        return _rule_walls()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def wall_of(rules: str) -> Tuple[int, int]:
    """(tile kinds, flowers) of a rule set's wall (any name or alias of the registry); ValueError
    naming the known ones.

    >>> wall_of("sichuan"), wall_of("guobiao")
    ((27, 0), (34, 8))
    """
    from .rules.registry import info

    if not isinstance(rules, str):
        raise TypeError(f"rules must be a string, got {type(rules).__name__}")
    row = info(rules)
    if row.n_kinds not in (27, 34):
        raise ValueError(f"{row.name}: the kernel deals walls of the 108 suited tiles or of all 136 (+ flowers); "
                         f"the {row.tiles}-tile wall of {row.name} is not dealt yet")
    return row.n_kinds, row.n_flowers


def deal(n: int, rules: str = "sichuan", seed: int = 0, hand_size: int = 13, *, start: int = 0,
         flowers: bool = False, workers: Optional[int] = None
         ) -> Union[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
    """``n`` opening hands of ``hand_size`` tiles -> uint8[n, 34] counts (and int8[n] flower
    counts with ``flowers=True``). Each hand is the first tiles of its own shuffled wall.

    >>> deal(2, rules="standard", seed=1).shape
    (2, 34)
    """
    nk, nf = wall_of(rules)
    hands, fl = _sim.deal(n, n_kinds=nk, n_flowers=nf, hand_size=hand_size, seed=seed, start=start,
                          workers=workers)
    return (hands, fl) if flowers else hands


def walls(n: int, rules: str = "sichuan", seed: int = 0, length: Optional[int] = None, *,
          start: int = 0, workers: Optional[int] = None) -> np.ndarray:
    """The wall of each deal in the order the player takes it -> uint8[n, length] tile codes
    (0-33 tiles, 34-41 flowers). ``deal`` and ``mjpy.simulate`` take their tiles from the front of
    the same sequence (flowers skipped and counted). Default length: the whole wall.

    >>> w = walls(1, "sichuan", seed=7)
    >>> w.shape, int(np.bincount(w[0], minlength=27).max())
    ((1, 108), 4)
    """
    nk, nf = wall_of(rules)
    return _sim.walls(n, n_kinds=nk, n_flowers=nf, length=length, seed=seed, start=start,
                      workers=workers)
