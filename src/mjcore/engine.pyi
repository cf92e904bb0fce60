from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

FACT_NAMES: Tuple[str, ...]
FACT_FEATURES: dict
FLAG_NAMES: Tuple[str, ...]
HAND_FACTS: Tuple[str, ...]
DINGQUE_SHIFT_BITS: int
CONTEXT_SHIFT_BITS: int
BONUS_SHIFT_BITS: int
MELD_CODES: dict
FORMS: Tuple[str, ...]
GROUP_KINDS: Tuple[str, ...]
STATUS_INCOMPLETE: int
STATUS_WIN: int
STATUS_FAILED: int
STATUS_MISSING: int
STATUS_HAND_FAILED: int
STATUS_BAD: int

class Program:
    row_names: Tuple[str, ...]
    row_groups: Tuple[int, ...]
    group_names: Tuple[str, ...]
    win_reasons: Tuple[str, ...]
    option_names: Tuple[str, ...]
    @property
    def aim_kind(self) -> int: ...
    @property
    def aim_seven(self) -> int: ...
    def __init__(self, atoms: Sequence[Tuple[int, int, int]], clauses: Sequence[Tuple[int, int]],
                 exprs: Sequence[Tuple[int, int]], rows: Sequence[Tuple[int, int, int, float, int]],
                 groups: Sequence[Tuple[int, int, bool, float]], wins: Sequence[Tuple[int, bool]],
                 cap: Optional[float], floor: Optional[Tuple[float, int]], shape: dict,
                 row_names: Tuple[Sequence[str], Sequence[int]], group_names: Sequence[str],
                 win_reasons: Sequence[str], option_names: Sequence[str]) -> None: ...
    def set_results(self, items: Sequence[Tuple[str, Any]], defaults: Sequence[Optional[Tuple[str, Any]]],
                    add_groups: Sequence[int], factor_groups: Sequence[int], exact: Callable[[float], Any]) -> None: ...

Detail = Tuple[str, List[Tuple[str, Any]], List[Tuple[str, Any]], dict, Any]

class MissingValues(ValueError):
    tiles: Tuple[int, ...]
    names: Tuple[str, ...]
    def __init__(self, tiles: Tuple[int, ...], names: Tuple[str, ...]) -> None: ...

class ResultMaker:
    def __init__(self, cls: type, reading_cls: type, unit: Any, name: str, pow2: bool = ...,
                 hook: Optional[Callable[[Any, Any, Any, dict], Any]] = ..., options: Any = ...) -> None: ...

class DeferredWin:
    """The fields of a win's result past its total, built on demand (results made by a ResultMaker)."""
    def fields(self) -> Dict[str, Any]: ...

class DeferredField:
    """A result class's descriptor for one deferred field (fans, form, reading, detail)."""
    def __init__(self, name: str) -> None: ...
    def __get__(self, obj: Any, objtype: Any) -> Any: ...

class EngineCall:
    """What ScoreCall and WaitsCall share: the rule set, its checked path, jokers, melds, program."""
    def __init__(self, rs: Any, checked: Callable[..., Any], jokers_cached: Callable[[Any], Tuple[Any, int]],
                 joker_cache: dict, meld_type: type, str_counts: Callable[[str], Any],
                 prog: Program, maker: ResultMaker, joker_keys: frozenset, default_mask: Tuple[Any, int],
                 n_sets: int, size: int, outside: int, tile_codes: dict) -> None: ...

class ScoreCall(EngineCall):
    """A bound rule set's score: its common call answered in C, anything else by ``checked``."""
    def __init__(self, rs: Any, checked: Callable[..., Any], jokers_cached: Callable[[Any], Tuple[Any, int]],
                 joker_cache: dict, meld_type: type, str_counts: Callable[[str], Any],
                 prog: Program, maker: ResultMaker, joker_keys: frozenset, default_mask: Tuple[Any, int],
                 n_sets: int, size: int, outside: int, tile_codes: dict, refused: Callable[[int, int, int], Any],
                 wind_index: dict, slow_bits: int, base_bits: int, guarded: bool, stand_in: int) -> None: ...
    def score(self, hand: Any, melds: Any = ..., win_tile: Any = ..., *, self_drawn: bool = ...,
                 after_kong: bool = ..., robbing_kong: bool = ..., last_tile: bool = ..., tianhu: bool = ...,
                 dihu: bool = ..., seat_wind: Any = ..., round_wind: Any = ..., dealer: bool = ...,
                 context: Any = ..., **flags: Any) -> Any: ...

class WaitsCall(EngineCall):
    """A bound rule set's waits: its common call answered in C, anything else by ``checked``."""
    def __init__(self, rs: Any, checked: Callable[..., Any], jokers_cached: Callable[[Any], Tuple[Any, int]],
                 joker_cache: dict, meld_type: type, str_counts: Callable[[str], Any],
                 prog: Program, maker: ResultMaker, joker_keys: frozenset, default_mask: Tuple[Any, int],
                 n_sets: int, size: int, outside: int, tile_codes: dict, modes_cache: dict, tile_names: Tuple[str, ...],
                 plain_limit: int) -> None: ...
    def waits(self, hand13: Any, melds: Any = ..., *, self_drawn: bool = ..., seat_wind: Any = ...,
                 round_wind: Any = ..., dealer: bool = ..., **flags: Any) -> Dict[str, Any]: ...

def waits_by_name(prog: Program, counts: bytes, codes: bytes, plain_limit: int, modes: Any, jmask: int,
                  maker: ResultMaker, names: Tuple[str, ...]) -> Dict[str, Any]: ...
def score_one(prog: Program, hand: Union[bytes, npt.NDArray[np.uint8]], melds: bytes, win: int, flags: int,
              seat: int, round_: int, jmask: int, groups: bool = ..., size: int = ...,
              outside: int = ..., maker: Optional[ResultMaker] = ...) -> Any: ...
def score_rows(prog: Program, hands: npt.NDArray[np.uint8], melds: npt.NDArray[np.int8],
               wins: npt.NDArray[np.int32], flags: npt.NDArray[np.uint32], winds: npt.NDArray[np.uint8],
               jmasks: npt.NDArray[np.uint64], out: npt.NDArray[np.float64], status: npt.NDArray[np.int8],
               workers: Optional[int] = ...) -> None: ...
def best_wait_rows(prog: Program, hands: npt.NDArray[np.uint8], melds: npt.NDArray[np.int8],
                   flags: npt.NDArray[np.uint32], flags2: npt.NDArray[np.uint32], winds: npt.NDArray[np.uint8],
                   jmasks: npt.NDArray[np.uint64],
                   limit: int, lowest: bool, out: npt.NDArray[np.float64], status: npt.NDArray[np.int8],
                   workers: Optional[int] = ...) -> None: ...
def best_wait_one(prog: Program, counts: bytes, melds: bytes, flags: int, flags2: int, limit: int,
                  lowest: bool) -> Optional[Union[int, float]]: ...
def melds_from_counts(counts: npt.NDArray[np.int8], out: npt.NDArray[np.int8]) -> int: ...
def meld_bytes(melds: Any, most: int, meld_type: type) -> Optional[bytes]:
    """The engine's meld bytes of a list or tuple of at most ``most`` Meld objects; None otherwise."""
def check_hand(hand: Union[bytes, npt.NDArray[np.uint8]], melds: bytes, size: int, outside: int) -> Optional[bytes]: ...
def waits_one(prog: Program, counts: bytes, melds: bytes, limit: int, modes: Sequence[int], seat: int,
              round_: int, jmask: int, groups: bool = ...,
              maker: Optional[ResultMaker] = ...) -> List[Tuple[Any, ...]]: ...
def dump_readings(prog: Program, counts: bytes, melds: bytes, win: int, flags: int, seat: int, round_: int,
                  jmask: int, cap: int = ...) -> List[Tuple[str, list, tuple, List[int]]]: ...
def _set_joker_search(how: str) -> None: ...
def _set_aim(on: bool) -> None: ...
def _set_aim_req(on: bool) -> None: ...
def search_counts(prog: Program, counts: bytes, melds: bytes, win: int, flags: int, seat: int, round_: int,
                  jmask: int, detail: bool = ...) -> Tuple[int, int, int]: ...
def aim_of(prog: Program, counts: bytes, melds: bytes, win: int, flags: int, seat: int, round_: int,
           jmask: int, seven: bool = ...) -> Optional[Tuple[Any, int]]: ...
def _free_class(feat: int, t: int, chow: bool, holds_win: bool) -> int: ...
