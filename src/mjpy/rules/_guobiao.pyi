"""Type stub of the Guobiao core (``mjpy.rules._guobiao``, Cython). Users call
:mod:`mjpy.rules.guobiao`; this module holds no rule data of its own."""
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

class Core:
    """Values and exclusion masks (length-88 sequences indexed by fan number) plus option flags."""

    entries: Tuple[Any, ...]
    def __init__(
        self,
        values: Sequence[int],
        excl_lo: Sequence[int],
        excl_hi: Sequence[int],
        kong_mixed: bool = True,
        ron_pung_concealed: bool = False,
        specials_concealed: bool = False,
        sigang_ankan: bool = False,
    ) -> None: ...
    def score(
        self, counts: npt.NDArray[np.uint8], melds: npt.NDArray[np.int8], win: int, flags: int, seat: int,
        rnd: int, flowers: int,
    ) -> Tuple[int, int, Optional[bytes]]:
        """(status, total, 88 fan counts) — status 0 ok, 1 not a win, 2.. malformed."""
    def score_fast(
        self, counts: npt.NDArray[np.uint8], melds: bytes, win: int, flags: int, seat: int, rnd: int,
        flowers: int,
    ) -> Tuple[int, int, Optional[List[Any]], int]:
        """(status, total, entries of the counted fans with repeats, form index)."""
    def score_decomposition(
        self, counts: npt.NDArray[np.uint8], melds: bytes, win: int, flags: int, seat: int, rnd: int,
        flowers: int, sets: Sequence[Tuple[bool, int]], pair: int,
    ) -> Tuple[int, List[Any]]:
        """(total, entries) of one standard reading (concealed sets as (is_chow, lowest tile))."""
    def score_batch(
        self,
        hands: npt.NDArray[np.uint8],
        melds: npt.NDArray[np.int8],
        win: npt.NDArray[np.int8],
        flags: npt.NDArray[np.uint8],
        seat: npt.NDArray[np.int8],
        rnd: npt.NDArray[np.int8],
        flowers: npt.NDArray[np.int8],
        totals: npt.NDArray[np.int32],
        status: npt.NDArray[np.int8],
        fans: npt.NDArray[np.uint8],
        start: int,
        stop: int,
    ) -> None:
        """Rows start..stop (no GIL held)."""

def configure(
    slow: Callable[..., Any], result: type, forms: Tuple[str, ...], default_core: Core,
    meld_cache: Dict[Any, bytes], default_min: int,
) -> None: ...
def score(
    hand: Any,
    melds: Any = ...,
    win_tile: Any = ...,
    *,
    self_drawn: bool = False,
    fourth_tile: bool = False,
    kong_related: bool = False,
    last_tile: bool = False,
    seat_wind: Any = "E",
    round_wind: Any = "E",
    flowers: int = 0,
    options: Any = None,
) -> Any: ...
