"""mjpy: fast, exact mahjong hand analysis.

>>> import mjpy
>>> mjpy.shanten("123m456p789s1122z")
0
>>> [w.name for w in mjpy.waits("2233445566778p")]
['2p', '5p', '8p']

Hands are 34 tile counts in the Chinese order (0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s,
27-30 东南西北, 31 中, 32 发, 33 白); every function also takes notation strings.
"""
from mjcore import analysis as _analysis
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

from mjpy import batch, wildcards
from mjpy import random
from mjpy.simulation import simulate, simulate_chunks
from mjpy.assign import Group, Reading, assignments
from mjpy.advice import Advice, AdviceRow, advise
from mjpy.errors import NotationError
from mjpy.meld import Meld
from mjpy.notation import (
    from_tenhou34,
    from_tenhou136,
    from_tenhou_string,
    parse,
    parse_hand,
    tenhou34_index,
    to_chinese,
    to_string,
    to_tenhou34,
    to_tenhou136,
    to_tenhou_string,
    to_unicode,
)
from mjpy.tiles import tile_index, tile_name

_analysis._set_string_parser(parse, tile_index)

__version__ = "0.1.0"

__all__ = [
    "ALL_FORMS",
    "Advice",
    "AdviceRow",
    "advise",
    "DEFAULT_FORMS",
    "Decomposition",
    "Group",
    "Meld",
    "Reading",
    "assignments",
    "wildcards",
    "NotationError",
    "Useful",
    "Wait",
    "batch",
    "random",
    "simulate",
    "simulate_chunks",
    "decompositions",
    "from_tenhou136",
    "from_tenhou34",
    "from_tenhou_string",
    "is_tenpai",
    "is_win",
    "parse",
    "parse_hand",
    "shanten",
    "shanten_knitted",
    "shanten_seven_pairs",
    "shanten_standard",
    "shanten_thirteen_orphans",
    "tenhou34_index",
    "tile_index",
    "tile_name",
    "to_chinese",
    "to_string",
    "to_tenhou136",
    "to_tenhou34",
    "to_tenhou_string",
    "to_unicode",
    "useful_tiles",
    "waits",
    "waits_mask",
]
