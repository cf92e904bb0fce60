"""Scoped jokers: the kernel behind ``jokers_by_scope`` (docs/scoped_jokers.md).

The public entry points are the ``jokers_by_scope`` keywords of :mod:`mjcore.analysis` and
:mod:`mjcore.batch`; this module exposes the scope names and three helpers for tests.
"""
from typing import List, Sequence, Tuple

import numpy as np
import numpy.typing as npt

SCOPES: Tuple[str, ...]  # ("any", "suit_m", "suit_p", "suit_s", "number", "honor", "wind", "dragon", "pung")

def _group_rows(
    counts: Sequence[int], seq: bool, fifth: bool, M: int, P: int, EM: int
) -> npt.NDArray[np.uint8]: ...
def _honor_rows(n: int) -> npt.NDArray[np.uint8]: ...
def _pung_masks(group: int, key: int) -> Tuple[List[List[int]], List[List[int]]]: ...
