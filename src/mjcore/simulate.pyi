"""Deals from real walls and the solo greedy loop (Cython, nogil); see docs/simulate.md."""
from typing import Dict, Iterable, Optional, Tuple

import numpy as np
import numpy.typing as npt

DISCARD_ORDER: Tuple[int, ...]  # tie order of discards: first = discarded first

def deal(
    n: int,
    *,
    n_kinds: int = 34,
    n_flowers: int = 0,
    hand_size: int = 13,
    seed: int = 0,
    start: int = 0,
    workers: Optional[int] = None,
    kinds: Optional[Iterable[int]] = None,
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.int8]]: ...
def walls(
    n: int,
    *,
    n_kinds: int = 34,
    n_flowers: int = 0,
    length: Optional[int] = None,
    seed: int = 0,
    start: int = 0,
    workers: Optional[int] = None,
    kinds: Optional[Iterable[int]] = None,
) -> npt.NDArray[np.uint8]: ...
def play(
    n: int,
    *,
    n_kinds: int = 27,
    n_flowers: int = 0,
    forms: int = 3,
    quads: bool = True,
    dingque: bool = True,
    draws: int = 18,
    seed: int = 0,
    start: int = 0,
    workers: Optional[int] = None,
    kinds: Optional[Iterable[int]] = None,
    joker_table: Optional[npt.ArrayLike] = None,
    joker_mask: int = 0,
    allow_fifth_copy: bool = True,
    hand_size: int = 13,
) -> Dict[str, np.ndarray]: ...
