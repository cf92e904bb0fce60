"""Small helpers shared by the per-rule-set example tests (tests/test_hangzhou.py, test_wenzhou.py,
test_fuzhou.py): notation into counts, the rows of a win, the reference's score of a hand."""
from __future__ import annotations

import numpy as np

import reference_regional as R

P = R.parse
T = R.tile


def hand(text):
    """The 34 counts of a hand in notation (uint8, as the engine takes them)."""
    return np.array(P(text), np.uint8)


def rows(r):
    """Every row of a win: ``fans`` and the product group's rows, which the engine lists in
    ``detail["factors"]``."""
    out = [tuple(f) for f in r.fans]
    detail = r.detail if isinstance(r.detail, dict) else {}
    out += [tuple(f) for f in detail.get("factors", ()) if tuple(f) not in out]
    return out


def names(r):
    """The names of every row of a win, sorted."""
    return sorted(str(n) for n, _ in rows(r))


def ref_melds(melds):
    """Meld objects as the reference's (kind, lowest tile) pairs."""
    return [(m.kind, m.first) for m in melds]


def ref_score(rule, text, win, melds=(), jk=("7z",), **kw):
    """The reference's score of a hand in notation, the jokers ``jk`` named per call."""
    return R.score(rule, P(text), ref_melds(melds), T(win), joker_kinds=tuple(T(x) for x in jk), **kw)
