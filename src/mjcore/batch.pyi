from typing import Iterable, Mapping, Optional, Union

import numpy as np
import numpy.typing as npt

Hands = npt.ArrayLike  # (N, 34) integer counts; uint8 C-contiguous avoids a copy
MeldsArg = Union[int, npt.ArrayLike]  # one count, or one per row
FormsArg = Union[str, Iterable[str]]
# scope name -> jokers of that scope: one count for every row, or an int array of shape (N,)
JokersByScope = Optional[Mapping[str, Union[int, npt.ArrayLike]]]

def kind_masks(hands: Hands) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint64], npt.NDArray[np.uint64]]: ...
def _block_keys(hands: Hands) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.int32]]: ...
def shanten(
    hands: Hands,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
    jokers: Union[int, npt.ArrayLike] = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    workers: Optional[int] = None,
    jokers_by_scope: JokersByScope = None,
) -> npt.NDArray[np.int8]: ...
def is_win(
    hands: Hands,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
    jokers: Union[int, npt.ArrayLike] = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    workers: Optional[int] = None,
    jokers_by_scope: JokersByScope = None,
) -> npt.NDArray[np.bool_]: ...
def waits(
    hands: Hands,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    include_exhausted: bool = False,
    hand_size: int = 13,
    jokers: Union[int, npt.ArrayLike] = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    workers: Optional[int] = None,
    jokers_by_scope: JokersByScope = None,
) -> npt.NDArray[np.uint64]: ...
def useful_tiles(
    hands: Hands,
    *,
    melds: MeldsArg = 0,
    forms: FormsArg = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
    jokers: Union[int, npt.ArrayLike] = 0,
    joker_tiles: Optional[Iterable[Union[int, str]]] = None,
    allow_fifth_copy: bool = True,
    workers: Optional[int] = None,
    jokers_by_scope: JokersByScope = None,
) -> npt.NDArray[np.uint64]: ...
def resolve_workers(workers: Optional[int]) -> int: ...
def coerce_hands(hands: Hands, name: str = "hands") -> npt.NDArray[np.uint8]: ...
def coerce_melds(melds: MeldsArg, n: int, hand_size: int) -> npt.NDArray[np.int8]: ...
def coerce_jokers(jokers: Union[int, npt.ArrayLike], n: int) -> npt.NDArray[np.int8]: ...
def coerce_scopes(jokers_by_scope: JokersByScope, n: int) -> Optional[npt.NDArray[np.int8]]: ...
def joker_kinds_mask(joker_tiles: Optional[Iterable[Union[int, str]]]) -> int: ...
