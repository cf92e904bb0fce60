"""Argument helpers shared by the scalar and batch APIs: forms and hand sizes."""
from __future__ import annotations

from typing import Iterable, Union

FORM_BITS = {"standard": 1, "seven_pairs": 2, "thirteen_orphans": 4, "knitted": 8}
DEFAULT_FORMS = ("standard", "seven_pairs", "thirteen_orphans")
ALL_FORMS = ("standard", "seven_pairs", "thirteen_orphans", "knitted")
HAND_SIZES = (13, 16)

Forms = Union[str, Iterable[str]]

_cache: dict = {}


def forms_mask(forms: Forms) -> int:
    """Bit mask of a forms argument: a tuple of names, one name, or ``"all"``.

    >>> forms_mask(("standard", "seven_pairs"))
    3
    """
    try:
        return _cache[forms]
    except (KeyError, TypeError):
        pass
    if isinstance(forms, str):
        names = ALL_FORMS if forms == "all" else (forms,)
    else:
        try:
            names = tuple(forms)
        except TypeError:
            raise TypeError(f"forms must be a tuple of form names or 'all', got {type(forms).__name__}") from None
    mask = 0
    for name in names:
        if not isinstance(name, str) or name not in FORM_BITS:
            raise ValueError(f"unknown form {name!r}: expected one of {', '.join(ALL_FORMS)} (or 'all')")
        mask |= FORM_BITS[name]
    if not mask:
        raise ValueError("forms is empty: name at least one of " + ", ".join(ALL_FORMS))
    try:
        _cache[forms] = mask
    except TypeError:
        pass
    return mask


def check_hand_size(hand_size: int) -> int:
    """13 (4 sets + pair) or 16 (5 sets + pair); anything else is an error."""
    if isinstance(hand_size, bool) or not hasattr(hand_size, "__index__"):
        raise TypeError(f"hand_size must be an int (13 or 16), got {type(hand_size).__name__}")
    hand_size = hand_size.__index__()
    if hand_size not in HAND_SIZES:
        raise ValueError(f"hand_size must be 13 (4 sets + pair) or 16 (5 sets + pair), got {hand_size!r}")
    return int(hand_size)
