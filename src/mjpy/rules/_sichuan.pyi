"""Sichuan fan evaluation without the GIL (see ``mjpy.rules.sichuan``); inputs are validated by the callers."""
from typing import Dict, Optional, Sequence, Tuple

import numpy as np

FACT_BITS: Dict[str, int]
COUNT_SOURCES: Dict[str, int]

class Profile:
    """A compiled fan table; picklable (it re-compiles from ``args``)."""
    name: str
    args: tuple

def compile_profile(name: str, base_rows: Sequence[Tuple[int, int, int, int]],
                    extra_rows: Sequence[Tuple[int, int]], gen_val: int, sum_stacking: bool, cap: Optional[int],
                    use_max: bool, count_exhausted: bool, gen_pon_held: bool, kong_as_gen: bool,
                    yaojiu_pair_terminal: bool) -> Profile: ...
def best_fan(hand: bytes, melds: bytes, dq: int, prof: Profile) -> int: ...
def run_batch(hands: np.ndarray, melds: Optional[np.ndarray], dq: np.ndarray, flags: Optional[np.ndarray],
              prof: Profile, score: bool, workers: Optional[int]) -> Tuple[np.ndarray, int]: ...
