from typing import Iterable, List, Sequence, Union

import numpy as np
import numpy.typing as npt

from mjcore.types import Decomposition

def decompositions(
    hand: Union[str, bytes, Sequence[int], npt.NDArray[np.integer]],
    *,
    melds: Union[int, Iterable[object]] = 0,
    forms: Union[str, Iterable[str]] = ...,
    quads_as_two_pairs: bool = True,
    hand_size: int = 13,
) -> List[Decomposition]: ...
