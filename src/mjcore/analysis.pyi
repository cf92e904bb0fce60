from typing import Callable, Iterable, List, Sequence, Union

import numpy as np
import numpy.typing as npt

from mjcore.types import Useful, Wait

Hand = Union[str, bytes, Sequence[int], npt.NDArray[np.integer]]
MeldsArg = Union[int, Iterable[object]]  # a count, or a list of mjpy.Meld
FormsArg = Union[str, Iterable[str]]

def _set_string_parser(parser: Callable[[str], npt.NDArray[np.uint8]]) -> None: ...
def shanten(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
) -> int: ...
def shanten_standard(hand: Hand, *, melds: MeldsArg = 0, hand_size: int = 13) -> int: ...
def shanten_seven_pairs(hand: Hand, *, quads_as_two_pairs: bool = True) -> int: ...
def shanten_thirteen_orphans(hand: Hand) -> int: ...
def shanten_knitted(hand: Hand, *, melds: MeldsArg = 0) -> int: ...
def is_win(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
) -> bool: ...
def is_tenpai(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
) -> bool: ...
def waits(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    include_exhausted: bool = False,
    hand_size: int = 13,
) -> List[Wait]: ...
def waits_mask(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    include_exhausted: bool = False,
    hand_size: int = 13,
) -> int: ...
def useful_tiles(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    visible: Union[Hand, None] = None,
    hand_size: int = 13,
) -> List[Useful]: ...
