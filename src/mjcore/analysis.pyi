from typing import Callable, Iterable, List, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from mjcore.types import Useful, Wait

Hand = Union[str, bytes, Sequence[int], npt.NDArray[np.integer]]
# scope name ("any", "suit_m", "suit_p", "suit_s", "number", "honor", "wind", "dragon", "pung")
# -> number of jokers of that scope (docs/scoped_jokers.md)
JokersByScope = Optional[Mapping[str, int]]
MeldsArg = Union[int, Iterable[object]]  # a count, or a list of mjpy.Meld
FormsArg = Union[str, Iterable[str]]

def _set_string_parser(
    parser: Callable[[str], npt.NDArray[np.uint8]], tile_index: Optional[Callable[[str], int]] = None
) -> None: ...
def _joker_mask(joker_tiles: Iterable[Union[int, str]]) -> int: ...
def shanten(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
    jokers: int = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    jokers_by_scope: JokersByScope = None,
) -> int: ...
JokerTiles = Optional[Iterable[Union[int, str]]]

def shanten_standard(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    hand_size: int = 13,
    jokers: int = 0,
    joker_tiles: JokerTiles = None,
    allow_fifth_copy: bool = True,
) -> int: ...
def shanten_seven_pairs(
    hand: Hand, *, quads_as_two_pairs: bool = True, jokers: int = 0, joker_tiles: JokerTiles = None
) -> int: ...
def shanten_thirteen_orphans(hand: Hand, *, jokers: int = 0, joker_tiles: JokerTiles = None) -> int: ...
def shanten_knitted(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    jokers: int = 0,
    joker_tiles: JokerTiles = None,
    allow_fifth_copy: bool = True,
) -> int: ...
def is_win(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
    jokers: int = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    jokers_by_scope: JokersByScope = None,
) -> bool: ...
def is_tenpai(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
    jokers: int = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    jokers_by_scope: JokersByScope = None,
) -> bool: ...
def waits(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    include_exhausted: bool = False,
    hand_size: int = 13,
    jokers: int = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    jokers_by_scope: JokersByScope = None,
) -> List[Wait]: ...
def waits_mask(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    include_exhausted: bool = False,
    hand_size: int = 13,
    jokers: int = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    jokers_by_scope: JokersByScope = None,
) -> int: ...
def useful_tiles(
    hand: Hand,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    visible: Union[Hand, None] = None,
    hand_size: int = 13,
    jokers: int = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    jokers_by_scope: JokersByScope = None,
) -> List[Useful]: ...
