"""mjcore: the native hand-analysis kernel of mjpy (Cython, nogil, lookup tables).

Scalar functions live in :mod:`mjcore.analysis`, batch functions over (N, 34) arrays in
:mod:`mjcore.batch`, decompositions in :mod:`mjcore.decompose`. Most users want :mod:`mjpy`.
"""
from mjcore.analysis import (
    is_tenpai,
    is_win,
    shanten,
    shanten_knitted,
    shanten_seven_pairs,
    shanten_standard,
    shanten_thirteen_orphans,
    useful_tiles,
    waits,
    waits_mask,
)
from mjcore.decompose import decompositions
from mjcore.options import ALL_FORMS, DEFAULT_FORMS
from mjcore.types import Decomposition, Useful, Wait

__all__ = [
    "ALL_FORMS",
    "DEFAULT_FORMS",
    "Decomposition",
    "Useful",
    "Wait",
    "decompositions",
    "is_tenpai",
    "is_win",
    "shanten",
    "shanten_knitted",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "useful_tiles",
    "waits",
    "waits_mask",
]
