"""Daye 大冶字牌: an 80-card game (not mahjong): cards, the deal, groups (坎 笼 碰 招 吃), 胡数 and the
result table (诈胡 / 飘胡 / 单倍 / 双倍 / 飘台 / 四倍 / 八倍).

>>> from mjpy.rules import daye_zipai as zp
>>> zp.to_string(zp.parse("壹壹贰 X10"), style="ascii")
'D1 D1 D2 X10'
>>> zp.classify(20, False)                        # 二十至二十九胡没有坎的为飘台，即四倍
Classification(name='飘台', multiplier=4, code=4)
>>> from mjpy import rules
>>> rs = rules.get("daye_zipai", kan_big=6, chi_small=4)   # the 胡 of each group: options (the source gives none)
>>> r = rs.score("[坎:壹壹壹][吃:一二三]四")
>>> r.is_win, r.fans, r.detail["hu_points"]
(True, [('单倍', 1)], 10)

The cards: 20 kinds, index 0-9 大 壹..拾 (ASCII ``D1``..``D10``), 10-19 小 一..十 (``X1``..``X10``), four
of each; 贰柒拾 / 二七十 are red. Counts are 20-slot ``uint8`` arrays. The source gives the cards, the deal
(21 / 20 / 20, 19 left), the groups' names and the result table by 胡数; it gives neither the 胡 of a
group nor what completes a hand: those values are required options and ``waits`` is refused.
Rules, choices and every missing item: docs/zipai.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

from ..errors import NotationError, _show
from .interface import Result, RuleSet, check_option_names

__all__ = [
    "N_KINDS", "COPIES", "DECK_SIZE", "BIG", "SMALL", "HANZI", "ASCII", "RED", "RED_MASK", "Card", "card_index",
    "parse", "parse_hand", "to_string", "cards_of", "coerce_counts", "coerce_groups", "red_count", "Deal", "deal",
    "deal_batch", "DEAL_SIZES",
    "Group", "GROUP_KINDS", "GROUP_NAMES", "CHI_SHAPES", "chi_shape", "find_kan_long", "kan_long_batch",
    "Classification", "RESULT_NAMES", "classify", "classify_batch", "hu_points", "ZipaiRules", "DEFAULTS",
]

N_KINDS = 20
COPIES = 4
DECK_SIZE = N_KINDS * COPIES
#: 大 壹..拾 (index 0-9) and 小 一..十 (index 10-19)
BIG = "壹贰叁肆伍陆柒捌玖拾"
SMALL = "一二三四五六七八九十"
HANZI: Tuple[str, ...] = tuple(BIG + SMALL)
ASCII: Tuple[str, ...] = tuple(f"D{n}" for n in range(1, 11)) + tuple(f"X{n}" for n in range(1, 11))
#: the red cards: 大 贰柒拾, 小 二七十 (the rest are black)
RED = frozenset({1, 6, 9, 11, 16, 19})
RED_MASK = np.zeros(N_KINDS, bool)
RED_MASK[sorted(RED)] = True
RED_MASK.setflags(write=False)
#: cards dealt: the dealer (庄家) 21, the two others 20 each, 19 left on the table
DEAL_SIZES = (21, 20, 20, 19)

_HANZI_INDEX = {ch: i for i, ch in enumerate(HANZI)}
_ASCII_RE = re.compile(r"([DdXx])(10|[1-9])(?![0-9])")
_SEPARATORS = " \t,，、"


# ----------------------------------------------------------------------------------------- cards
@dataclass(frozen=True, order=True)
class Card:
    """One card kind: ``index`` 0-19 (0-9 大 壹..拾, 10-19 小 一..十).

    >>> c = Card.parse("柒"); c.index, c.big, c.number, c.red, c.ascii
    (6, True, 7, True, 'D7')
    """

    index: int

    def __post_init__(self):
        if isinstance(self.index, bool) or not isinstance(self.index, (int, np.integer)) or \
                not 0 <= int(self.index) < N_KINDS:
            raise ValueError(f"zipai: card index must be 0-19, got {self.index!r}")
        object.__setattr__(self, "index", int(self.index))

    @classmethod
    def parse(cls, text: str) -> "Card":
        return cls(card_index(text))

    big = property(lambda self: self.index < 10, doc="大 (壹..拾)")
    number = property(lambda self: self.index % 10 + 1, doc="1-10")
    red = property(lambda self: self.index in RED, doc="贰柒拾 / 二七十")
    hanzi = property(lambda self: HANZI[self.index])
    ascii = property(lambda self: ASCII[self.index])

    def __str__(self) -> str:
        return HANZI[self.index]


def card_index(card) -> int:
    """The index (0-19) of one card: a :class:`Card`, an index, ``"壹"`` / ``"一"`` or ``"D1"`` / ``"X1"``.

    >>> card_index("拾"), card_index("x10"), card_index(3)
    (9, 19, 3)
    """
    if isinstance(card, Card):
        return card.index
    if isinstance(card, (int, np.integer)) and not isinstance(card, bool):
        if not 0 <= int(card) < N_KINDS:
            raise ValueError(f"zipai: card index must be 0-19, got {int(card)}")
        return int(card)
    if not isinstance(card, str):
        raise TypeError(f"zipai: a card is a string (壹..拾, 一..十, D1..X10) or an index, got {type(card).__name__}")
    t = card.strip()
    if t in _HANZI_INDEX:
        return _HANZI_INDEX[t]
    m = _ASCII_RE.fullmatch(t)
    if m:
        return (0 if m.group(1) in "Dd" else 10) + int(m.group(2)) - 1
    raise ValueError(f"zipai: unknown card {_show(card)} (大 壹..拾 or D1..D10, 小 一..十 or X1..X10)")


def _scan(text: str, where: str) -> List[int]:
    """The card indices written in ``text`` (hanzi and ASCII may mix; spaces and commas separate)."""
    out: List[int] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            i += 1
            continue
        if ch in _HANZI_INDEX:
            out.append(_HANZI_INDEX[ch])
            i += 1
            continue
        m = _ASCII_RE.match(text, i)
        if m:
            out.append((0 if m.group(1) in "Dd" else 10) + int(m.group(2)) - 1)
            i = m.end()
            continue
        raise NotationError(f"unknown card {text[i:i + 3]!r} at position {i} (大 壹..拾 or D1..D10, 小 一..十 or "
                            f"X1..X10)", text, i, where)
    return out


def _counts(idx: Sequence[int], text: str, where: str, size: Optional[int]) -> np.ndarray:
    c = np.bincount(np.asarray(idx, np.int64), minlength=N_KINDS).astype(np.int64) if idx else np.zeros(N_KINDS,
                                                                                                         np.int64)
    over = np.flatnonzero(c > COPIES)
    if len(over):
        k = int(over[0])
        raise NotationError(f"{HANZI[k]} ({ASCII[k]}) appears {int(c[k])} times (at most {COPIES})", text, None, where)
    if size is not None and int(c.sum()) != size:
        raise NotationError(f"{int(c.sum())} card{'s' if int(c.sum()) != 1 else ''}, expected {size}", text, None,
                            where)
    return c.astype(np.uint8)


def parse(text: str, *, size: Optional[int] = None) -> np.ndarray:
    """The 20-slot counts (``uint8``) of a card string: hanzi ``壹贰一二`` and/or ASCII ``D1 D2 X1 X2`` (case-
    insensitive; spaces and commas optional). ``size``: the number of cards required.

    >>> parse("壹壹 x3").tolist()[:3], int(parse("D1D10X10").sum())
    ([2, 0, 0], 3)
    """
    if not isinstance(text, str):
        raise TypeError(f"zipai: a card string must be a str, got {type(text).__name__}")
    where = f"zipai.parse({_show(text)})"
    if "[" in text or "]" in text:
        raise NotationError("groups in brackets: use parse_hand", text, text.find("[") if "[" in text else None,
                            where)
    return _counts(_scan(text, where), text, where, size)


def cards_of(counts) -> List[int]:
    """The card indices of ``counts``, ascending, one per card."""
    c = coerce_counts(counts)
    return np.repeat(np.arange(N_KINDS), c).tolist()


def to_string(counts, *, style: str = "hanzi") -> str:
    """Counts (or card indices in a list / tuple) written back: ``hanzi`` (``壹壹一``) or ``ascii`` (``D1 D1 X1``).

    >>> to_string(parse("X10 D2 D2"))
    '贰贰十'
    """
    if style not in ("hanzi", "ascii"):
        raise ValueError(f"zipai: style must be 'hanzi' or 'ascii', got {style!r}")
    idx = [card_index(x) for x in counts] if isinstance(counts, (list, tuple)) else cards_of(counts)
    names = HANZI if style == "hanzi" else ASCII
    return ("" if style == "hanzi" else " ").join(names[i] for i in idx)


def coerce_counts(counts, where: str = "zipai: counts") -> np.ndarray:
    """20 counts 0-4 as ``uint8`` (a string is parsed)."""
    if isinstance(counts, str):
        return parse(counts)
    a = np.asarray(counts)
    if a.shape != (N_KINDS,):
        raise ValueError(f"{where}: expected 20 counts (one per card kind), got shape {a.shape}")
    if a.dtype.kind not in "iu":
        raise TypeError(f"{where}: counts must be integers, got {a.dtype}")
    if a.size and (a.min() < 0 or a.max() > COPIES):
        k = int(np.flatnonzero((a < 0) | (a > COPIES))[0])
        raise ValueError(f"{where}: {HANZI[k]} ({ASCII[k]}) has count {int(a[k])} (0-{COPIES})")
    return a.astype(np.uint8)


def red_count(counts) -> int:
    """The red cards (贰柒拾 二七十) among ``counts``: a fact, not a score (十个红 / 全黑 are not defined)."""
    return int(coerce_counts(counts)[RED_MASK].sum())


# ------------------------------------------------------------------------------------------ deal
@dataclass(frozen=True)
class Deal:
    """One deal: ``hands`` (3, 20) counts, the dealer (庄家, seat 0) first with 21 cards, then 20 and 20;
    ``left`` (20,) the 19 cards left on the table. The fourth person (看公) gets no cards."""

    hands: np.ndarray
    left: np.ndarray

    def to_dict(self) -> dict:
        return {"hands": [to_string(h) for h in self.hands], "left": to_string(self.left)}


_SEGMENT = np.repeat(np.arange(4), DEAL_SIZES)
_DECK = np.repeat(np.arange(N_KINDS), COPIES)


def _generator(seed) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not (seed is None or isinstance(seed, (int, np.integer))):
        raise TypeError(f"zipai: seed must be an int, None or a numpy Generator, got {type(seed).__name__}")
    return np.random.default_rng(seed)


def deal_batch(n: int, seed=None) -> Tuple[np.ndarray, np.ndarray]:
    """``n`` deals: ``(hands (n, 3, 20), left (n, 20))`` ``uint8`` counts, reproducible by ``seed`` (an int or a
    numpy Generator): a uniform shuffle of the 80 cards, 21 to the dealer, 20, 20, 19 left.

    >>> h, left = deal_batch(2, seed=1); h.sum(axis=2).tolist(), left.sum(axis=1).tolist()
    ([[21, 20, 20], [21, 20, 20]], [19, 19])
    """
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0:
        raise ValueError(f"zipai: n must be a non-negative int, got {n!r}")
    rng = _generator(seed)
    n = int(n)
    shuffled = rng.permuted(np.tile(_DECK, (n, 1)), axis=1)
    flat = shuffled + (_SEGMENT * N_KINDS)[None, :] + (np.arange(n) * (4 * N_KINDS))[:, None]
    c = np.bincount(flat.ravel(), minlength=n * 4 * N_KINDS).astype(np.uint8).reshape(n, 4, N_KINDS)
    return np.ascontiguousarray(c[:, :3]), np.ascontiguousarray(c[:, 3])


def deal(seed=None) -> Deal:
    """One deal (:func:`deal_batch` with ``n = 1``: the same seed gives the same first table).

    >>> d = deal(7); [int(h.sum()) for h in d.hands], int(d.left.sum())
    ([21, 20, 20], 19)
    """
    h, left = deal_batch(1, seed)
    return Deal(h[0], left[0])


# ---------------------------------------------------------------------------------------- groups
#: group kinds: 坎 (three identical cards dealt), 笼 (four identical dealt, laid face up), 碰 (three identical,
#: one taken), 招 (开招: four identical made in play), 吃 (three cards of a ``chi_shapes`` shape, one taken)
GROUP_KINDS = ("kan", "long", "peng", "zhao", "chi")
GROUP_NAMES = {"kan": "坎", "long": "笼", "peng": "碰", "zhao": "招", "chi": "吃"}
_KIND_OF = {**{k: k for k in GROUP_KINDS}, **{v: k for k, v in GROUP_NAMES.items()}, "開": "zhao", "开招": "zhao",
            "籠": "long"}
_SIZE = {"kan": 3, "long": 4, "peng": 3, "zhao": 4, "chi": 3}
#: the 吃 shapes (the source names 吃 but gives no shape: docs/zipai.md#chi): three consecutive numbers of one case
#: (一二三, 壹贰叁), 二七十 of one case, and one number in both cases (壹壹一, 一一壹)
CHI_SHAPES = ("sequence", "two_seven_ten", "mixed_case")


@dataclass(frozen=True)
class Group:
    """One declared group: ``kind`` (one of :data:`GROUP_KINDS`), ``cards`` (indices, ascending), ``taken``
    (a 吃: the card taken, when the caller gives it; ``None`` otherwise).

    >>> g = Group.parse("吃:一二*三"); g.kind, to_string(list(g.cards)), HANZI[g.taken], str(g)
    ('chi', '一二三', '二', '[吃:一二*三]')
    """

    kind: str
    cards: Tuple[int, ...]
    taken: Optional[int] = None

    def __post_init__(self):
        kind = _KIND_OF.get(self.kind) if isinstance(self.kind, str) else None
        if kind is None:
            raise ValueError(f"zipai: unknown group kind {self.kind!r} (坎 kan, 笼 long, 碰 peng, 招 zhao, 吃 chi)")
        cards = self.cards
        if isinstance(cards, str):
            cards = _scan(cards, f"zipai: group {_show(cards)}")
        cards = tuple(sorted(card_index(c) for c in cards))
        name = GROUP_NAMES[kind]
        if len(cards) != _SIZE[kind]:
            raise ValueError(f"zipai: a {name} ({kind}) has {_SIZE[kind]} cards, got {len(cards)} "
                             f"({to_string(list(cards)) or 'none'})")
        if kind != "chi" and len(set(cards)) != 1:
            raise ValueError(f"zipai: a {name} ({kind}) is {_SIZE[kind]} identical cards, got {to_string(list(cards))}")
        taken = self.taken
        if taken is not None:
            if kind != "chi":
                raise ValueError(f"zipai: only a 吃 marks the card it took (a {name} is identical cards)")
            taken = card_index(taken)
            if taken not in cards:
                raise ValueError(f"zipai: the 吃 {to_string(list(cards))} took {HANZI[taken]}, which is not among its "
                                 f"cards")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "taken", taken)

    @classmethod
    def parse(cls, text: str) -> "Group":
        """``KIND:CARDS`` (brackets optional): KIND 坎 笼 碰 招 吃 or kan long peng zhao chi; in a 吃 a ``*`` after
        a card marks the card taken. ``Group.parse("[kan:D1D1D1]")``."""
        if not isinstance(text, str):
            raise TypeError(f"zipai: a group is a string like '坎:壹壹壹', got {type(text).__name__}")
        t = text.strip()
        if t.startswith("[") and t.endswith("]"):
            t = t[1:-1]
        kind, sep, body = t.partition(":")
        if not sep:
            kind, sep, body = t.partition("：")
        if not sep:
            raise ValueError(f"zipai: group {_show(text)}: write KIND:CARDS (e.g. 坎:壹壹壹, chi:X1X2X3)")
        taken = None
        if "*" in body:
            if body.count("*") > 1:
                raise ValueError(f"zipai: group {_show(text)}: one card is taken (one *)")
            before = _scan(body[:body.index("*")], f"zipai: group {_show(text)}")
            if not before:
                raise ValueError(f"zipai: group {_show(text)}: * follows the card taken")
            taken = before[-1]
            body = body.replace("*", "")
        return cls(kind.strip().lower() if kind.strip().isascii() else kind.strip(),
                   tuple(_scan(body, f"zipai: group {_show(text)}")), taken)

    @property
    def case(self) -> str:
        """``big`` (all 大), ``small`` (all 小) or ``mixed``."""
        big = sum(c < 10 for c in self.cards)
        return "big" if big == len(self.cards) else "small" if big == 0 else "mixed"

    def __str__(self) -> str:
        body = "".join(HANZI[c] + ("*" if self.taken == c and i == self.cards.index(c) else "")
                       for i, c in enumerate(self.cards))
        return f"[{GROUP_NAMES[self.kind]}:{body}]"


def chi_shape(cards) -> Optional[str]:
    """The shape (a :data:`CHI_SHAPES` name) of three cards, or ``None``.

    >>> chi_shape("一二三"), chi_shape("贰柒拾"), chi_shape("壹壹一"), chi_shape("拾一二")
    ('sequence', 'two_seven_ten', 'mixed_case', None)
    """
    idx = sorted(card_index(c) for c in (_scan(cards, "zipai: chi") if isinstance(cards, str) else cards))
    if len(idx) != 3:
        return None
    cases = {i // 10 for i in idx}
    nums = sorted(i % 10 + 1 for i in idx)
    if len(cases) == 1:
        if nums[1] == nums[0] + 1 and nums[2] == nums[0] + 2:
            return "sequence"
        if nums == [2, 7, 10]:
            return "two_seven_ten"
        return None
    return "mixed_case" if nums[0] == nums[2] else None


def find_kan_long(counts) -> List[Group]:
    """The 坎 (three identical cards) and 笼 (four) of a dealt hand, in card order.

    >>> [str(g) for g in find_kan_long(parse("壹壹壹一一一一五"))]
    ['[坎:壹壹壹]', '[笼:一一一一]']
    """
    c = coerce_counts(counts)
    return [Group("kan" if c[k] == 3 else "long", (k,) * int(c[k])) for k in np.flatnonzero(c >= 3).tolist()]


def kan_long_batch(hands) -> Tuple[np.ndarray, np.ndarray]:
    """``(number of 坎, number of 笼)`` of every hand of an ``(..., 20)`` counts array."""
    h = np.asarray(hands)
    if h.ndim < 1 or h.shape[-1] != N_KINDS:
        raise ValueError(f"zipai: hands must be (..., 20) counts, got shape {h.shape}")
    return (h == 3).sum(-1), (h == 4).sum(-1)


def _split_brackets(text: str, where: str) -> Tuple[str, List[str]]:
    loose, groups, i = [], [], 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            j = text.find("]", i)
            if j < 0:
                raise NotationError(f"'[' at position {i} is not closed", text, i, where)
            groups.append(text[i + 1:j])
            i = j + 1
        elif ch == "]":
            raise NotationError(f"']' at position {i} without '['", text, i, where)
        else:
            loose.append(ch)
            i += 1
    return "".join(loose), groups


def parse_hand(text: str) -> Tuple[np.ndarray, List[Group]]:
    """``(loose counts, [Group, ...])`` of a hand written with its groups in brackets: the cards outside the
    brackets are the ones in no group.

    >>> c, gs = parse_hand("[坎:壹壹壹][吃:一二*三]四五"); to_string(c), [str(g) for g in gs]
    ('四五', ['[坎:壹壹壹]', '[吃:一二*三]'])
    """
    if not isinstance(text, str):
        raise TypeError(f"zipai: a hand is a str, got {type(text).__name__}")
    where = f"zipai: hand {_show(text)}"
    loose, bodies = _split_brackets(text, where)
    groups = []
    for b in bodies:
        try:
            groups.append(Group.parse(b))
        except NotationError as e:
            raise e.relabel(where) from None
        except ValueError as e:
            raise ValueError(f"{where}: {str(e).removeprefix('zipai: ')}") from None
    counts = _counts(_scan(loose, where), text, where, None)
    _check_copies(counts, groups, where)
    return counts, groups


def _check_copies(counts: np.ndarray, groups: Sequence[Group], where: str) -> np.ndarray:
    total = counts.astype(np.int64).copy()
    for g in groups:
        for c in g.cards:
            total[c] += 1
    over = np.flatnonzero(total > COPIES)
    if len(over):
        k = int(over[0])
        raise ValueError(f"{where}: {HANZI[k]} ({ASCII[k]}) appears {int(total[k])} times counting the groups "
                         f"(at most {COPIES})")
    return total


def coerce_groups(groups) -> List[Group]:
    """A list of :class:`Group` from groups, ``'坎:壹壹壹'`` strings, ``(kind, cards)`` pairs, or one string of
    bracketed groups."""
    if groups is None:
        return []
    if isinstance(groups, str):
        c, gs = parse_hand(groups)
        if c.any():
            raise ValueError(f"zipai: groups {_show(groups)}: cards outside brackets (the groups go in brackets)")
        return gs
    if isinstance(groups, Group):
        return [groups]
    out = []
    for g in groups:
        if isinstance(g, Group):
            out.append(g)
        elif isinstance(g, str):
            out.append(Group.parse(g))
        elif isinstance(g, (tuple, list)) and len(g) in (2, 3):
            out.append(Group(*g))
        else:
            raise TypeError(f"zipai: a group is a Group, a 'KIND:CARDS' string or a (kind, cards) pair, got {g!r}")
    return out


# ---------------------------------------------------------------------------------------- result
#: the result codes of :func:`classify` / :func:`classify_batch`, by code
RESULT_NAMES = ("诈胡", "飘胡", "单倍", "双倍", "飘台", "四倍", "八倍")
ZHAHU, PIAOHU, DANBEI, SHUANGBEI, PIAOTAI, SIBEI, BABEI = range(7)
#: multipliers by code (飘胡: the source gives none, the ``piaohu`` option; 诈胡: 0, no win)
_MULTIPLIERS = (0, None, 1, 2, 4, 4, 8)
MIN_HU = 10


class Classification(NamedTuple):
    """``name`` (a :data:`RESULT_NAMES` entry), ``multiplier`` (倍; ``None`` for 飘胡 without a value; 0 for
    诈胡), ``code`` (the index of ``name``)."""

    name: str
    multiplier: Optional[int]
    code: int


def _code(hu: int, kan: bool) -> int:
    if hu < 10:
        return ZHAHU
    if hu < 20:
        return DANBEI if kan else PIAOHU
    if hu < 30:
        return SHUANGBEI if kan else PIAOTAI
    if hu < 36:
        return SIBEI
    return BABEI


def _check_multiplier(name: str, v) -> Optional[int]:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
        raise ValueError(f"zipai: {name} must be a positive int (倍) or None, got {v!r}")
    return int(v)


def classify(hu_points: int, has_kan: bool, *, piaohu: Optional[int] = None) -> Classification:
    """The result of ``hu_points`` 胡 with or without a 坎: under 10 诈胡; 10-19 飘胡 (no 坎, multiplier
    ``piaohu``) or 单倍 1; 20-29 飘台 4 (no 坎) or 双倍 2; 30-35 四倍 4; 36 and over 八倍 8.

    >>> classify(9, True), classify(15, False).multiplier, classify(15, False, piaohu=3).multiplier
    (Classification(name='诈胡', multiplier=0, code=0), None, 3)
    """
    if isinstance(hu_points, bool) or not isinstance(hu_points, (int, np.integer)):
        raise TypeError(f"zipai: hu_points must be an int, got {type(hu_points).__name__}")
    if hu_points < 0:
        raise ValueError(f"zipai: hu_points must be >= 0, got {hu_points}")
    if not isinstance(has_kan, (bool, np.bool_)):
        raise TypeError(f"zipai: has_kan must be a bool, got {type(has_kan).__name__}")
    code = _code(int(hu_points), bool(has_kan))
    m = _check_multiplier("piaohu", piaohu) if code == PIAOHU else _MULTIPLIERS[code]
    return Classification(RESULT_NAMES[code], m, code)


_CAP = 36
_CODE_TABLE = np.array([[_code(h, k) for k in (False, True)] for h in range(_CAP + 1)], np.int8).ravel()


def _mult_table(piaohu: Optional[int]) -> np.ndarray:
    return np.array([-1 if m is None else m for m in _MULTIPLIERS[:PIAOHU] + (piaohu,) + _MULTIPLIERS[PIAOHU + 1:]],
                    np.int16)


def classify_batch(hu_points, has_kan, *, piaohu: Optional[int] = None) -> Tuple[np.ndarray, np.ndarray]:
    """:func:`classify` of many rows: ``(codes int8, multipliers int16)``; ``codes`` index
    :data:`RESULT_NAMES`; a multiplier is 0 for 诈胡 and -1 for 飘胡 when ``piaohu`` is None. ``has_kan``: bools
    (or 0/1), one per row or one for all.

    >>> codes, m = classify_batch([9, 10, 20, 36], [True, True, False, False]); codes.tolist(), m.tolist()
    ([0, 2, 4, 6], [0, 1, 4, 8])
    """
    piaohu = _check_multiplier("piaohu", piaohu)
    hu = np.asarray(hu_points)
    if hu.dtype.kind not in "iu":
        raise TypeError(f"zipai: hu_points must be integers, got dtype {hu.dtype}")
    kan = np.asarray(has_kan)
    if kan.dtype != np.bool_:
        if kan.dtype.kind not in "iu":
            raise TypeError(f"zipai: has_kan must be bools, got dtype {kan.dtype}")
        if kan.size and (kan.min() < 0 or kan.max() > 1):
            raise ValueError("zipai: has_kan must be bools or 0 / 1")
    if kan.shape != hu.shape:
        if kan.ndim:
            raise ValueError(f"zipai: has_kan has shape {kan.shape}, hu_points {hu.shape}: one per row or one bool")
        kan = np.broadcast_to(kan, hu.shape)
    if hu.size and hu.dtype.kind == "i" and hu.min() < 0:
        i = int(np.flatnonzero(hu.ravel() < 0)[0])
        raise ValueError(f"zipai: hu_points[{i}] is {int(hu.ravel()[i])}: 胡 must be >= 0")
    idx = np.minimum(hu, _CAP).astype(np.intp)
    idx <<= 1
    idx += kan.view(np.uint8) if kan.dtype == np.bool_ else kan
    codes = _CODE_TABLE.take(idx)
    return codes, _mult_table(piaohu).take(codes)


def hu_points(groups, values: Dict[str, Optional[int]]) -> int:
    """The 胡 of ``groups``: the sum of ``values[f"{kind}_{case}"]`` (``kan_big``, ``chi_mixed``...). A value
    used by a group and missing (``None``) is a ValueError naming the option (the source gives none).

    >>> hu_points(["坎:壹壹壹", "吃:一二三"], {"kan_big": 6, "chi_small": 3})
    9
    """
    total = 0
    for g in coerce_groups(groups):
        total += _group_value(g, values)
    return total


def _group_value(g: Group, values, prefix: str = "zipai") -> int:
    key = f"{g.kind}_{g.case}"
    v = values.get(key)
    if v is None:
        case = {"big": "大", "small": "小", "mixed": "大小"}[g.case]
        raise ValueError(f"{prefix}: the 胡 of a {case} {GROUP_NAMES[g.kind]} ({str(g)}) has no value: the source gives "
                         f"none; pass option {key}=N")
    return int(v)


# ------------------------------------------------------------------------------------- rule set
_HU_OPTIONS = tuple(f"{k}_{c}" for k in ("kan", "long", "peng", "zhao") for c in ("big", "small")) + \
    ("chi_big", "chi_small", "chi_mixed")
#: option -> default (docs/zipai.md#options): every 胡 value and the 飘胡 / 天胡 / 地胡 multipliers are
#: missing in the source (None: required when a hand uses them)
DEFAULTS = {**{k: None for k in _HU_OPTIONS}, "piaohu": None, "tianhu": None, "dihu": None,
            "chi_shapes": CHI_SHAPES, "long_is_kan": False}


class ZipaiRules(RuleSet):
    """The ``daye_zipai`` rule set bound to its options (built by :func:`mjpy.rules.get`).

    ``score(hand, groups)``: ``hand`` the cards in no group (or one string with the groups in brackets),
    ``melds`` the declared groups; the 胡 of the groups and whether one is a 坎 give the result of the table.
    ``score_batch(hu_points, has_kan)``: the totals (倍) of many rows, -1 for 诈胡.
    """

    extra_flags = ()
    batch_flags = ("tianhu", "dihu")

    @classmethod
    def bind(cls, row, options):
        check_option_names("daye_zipai", options, DEFAULTS)
        o = dict(DEFAULTS, **options)
        for k in _HU_OPTIONS:
            v = o[k]
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0):
                raise ValueError(f"daye_zipai: option {k} (胡) must be an int >= 0 or None, got {v!r}")
            o[k] = None if v is None else int(v)
        for k in ("piaohu", "tianhu", "dihu"):
            try:
                o[k] = _check_multiplier(k, o[k])
            except ValueError as e:
                raise ValueError(f"daye_zipai: option {str(e).removeprefix('zipai: ')}") from None
        shapes = o["chi_shapes"]
        if isinstance(shapes, str):
            shapes = [s.strip() for s in shapes.split(",") if s.strip()]
        if not isinstance(shapes, (list, tuple)) or any(s not in CHI_SHAPES for s in shapes):
            raise ValueError(f"daye_zipai: option chi_shapes must list names of {', '.join(CHI_SHAPES)}, "
                             f"got {o['chi_shapes']!r}")
        o["chi_shapes"] = tuple(s for s in CHI_SHAPES if s in shapes)
        if not isinstance(o["long_is_kan"], bool):
            raise ValueError(f"daye_zipai: option long_is_kan must be a bool, got {o['long_is_kan']!r}")
        return cls(row, o)

    @classmethod
    def defaults(cls, row) -> dict:
        return dict(DEFAULTS)

    # -- pieces ---------------------------------------------------------------------------------
    def check_group(self, group) -> Group:
        """The group, or a ValueError when a 吃 is not of a ``chi_shapes`` shape."""
        (g,) = coerce_groups([group])
        if g.kind == "chi":
            shape = chi_shape(g.cards)
            if shape not in self.options["chi_shapes"]:
                raise ValueError(f"daye_zipai: {g} is not a 吃 of the shapes {', '.join(self.options['chi_shapes'])} "
                                 f"(option chi_shapes; the source gives no 吃 shape)")
        return g

    def group_hu(self, group) -> int:
        """The 胡 of one group (its option ``{kind}_{case}``)."""
        return _group_value(self.check_group(group), self.options, "daye_zipai")

    def hu_points(self, groups) -> int:
        """The 胡 of ``groups`` (ValueError naming the option for a value the source does not give).

        >>> from mjpy import rules
        >>> rules.get("daye_zipai", kan_big=6, chi_small=3).hu_points("[坎:壹壹壹][吃:一二三]")
        9
        """
        return sum(self.group_hu(g) for g in coerce_groups(groups))

    def has_kan(self, groups) -> bool:
        """A 坎 among ``groups`` (or a 笼 with ``long_is_kan``)."""
        kinds = ("kan", "long") if self.options["long_is_kan"] else ("kan",)
        return any(g.kind in kinds for g in coerce_groups(groups))

    def classify(self, hu: int, has_kan: bool) -> Classification:
        """:func:`classify` with the ``piaohu`` option."""
        return classify(hu, has_kan, piaohu=self.options["piaohu"])

    def classify_batch(self, hu, has_kan) -> Tuple[np.ndarray, np.ndarray]:
        """:func:`classify_batch` with the ``piaohu`` option."""
        return classify_batch(hu, has_kan, piaohu=self.options["piaohu"])

    # -- the interface --------------------------------------------------------------------------
    def _hand(self, hand, melds) -> Tuple[np.ndarray, List[Group]]:
        where = "daye_zipai: hand"
        if isinstance(hand, str):
            counts, groups = parse_hand(hand)
        else:
            counts, groups = coerce_counts(hand, where), []
        groups = groups + coerce_groups(melds)
        if not groups and not counts.any():
            raise ValueError("daye_zipai: an empty hand (give the cards and their groups)")
        _check_copies(counts, groups, "daye_zipai")
        groups = [self.check_group(g) for g in groups]
        for k in np.flatnonzero(counts >= 3).tolist():
            what = ("坎 (坎不能折散)" if counts[k] == 3 else "笼 (笼 must be laid face up: 捏拢仰面放在桌子上)")
            raise ValueError(f"daye_zipai: the loose cards hold {int(counts[k])} {HANZI[k]}: declare the {what}, e.g. "
                             f"[{'坎' if counts[k] == 3 else '笼'}:{HANZI[k] * int(counts[k])}]")
        return counts, groups

    def _score(self, hand, melds, win_tile, flags) -> Result:
        counts, groups = self._hand(hand, melds)
        tianhu, dihu = bool(flags.get("tianhu")), bool(flags.get("dihu"))
        if tianhu and dihu:
            raise ValueError("daye_zipai: 天胡 and 地胡 together (天胡 is on the deal, 地胡 on the dealer's first card)")
        if dihu and flags.get("dealer"):
            raise ValueError("daye_zipai: 地胡 is a win on the dealer's first discard: the dealer cannot have it")
        win_card = None
        if win_tile is not None:
            win_card = card_index(win_tile)
            if not counts[win_card] and all(win_card not in g.cards for g in groups):
                raise ValueError(f"daye_zipai: the winning card {HANZI[win_card]} is neither loose nor in a group")
        per = [_group_value(g, self.options, "daye_zipai") for g in groups]          # groups checked by _hand
        hu = sum(per)
        kan = any(g.kind in (("kan", "long") if self.options["long_is_kan"] else ("kan",)) for g in groups)
        code = _code(hu, kan)
        detail = {"hu_points": hu, "has_kan": kan, "table": RESULT_NAMES[code],
                  "groups": [{"group": str(g), "kind": g.kind, "hu": v} for g, v in zip(groups, per)],
                  "loose": to_string(counts), "cards": int(counts.sum()) + sum(len(g.cards) for g in groups),
                  "red": int(counts[RED_MASK].sum()) + sum(c in RED for g in groups for c in g.cards),
                  "win_card": None if win_card is None else HANZI[win_card], "tianhu": tianhu, "dihu": dihu}
        if code == ZHAHU:
            return Result(False, 0, [], self.unit, self.name,
                          f"诈胡: {hu} 胡, under the {MIN_HU} 胡 minimum (十胡为胡牌的起点)", detail=detail)
        name = "天胡" if tianhu else "地胡" if dihu else RESULT_NAMES[code]
        mult = self.options[{"天胡": "tianhu", "地胡": "dihu"}[name]] if name in ("天胡", "地胡") else \
            self.options["piaohu"] if code == PIAOHU else _MULTIPLIERS[code]
        if mult is None:
            opt = {"天胡": "tianhu", "地胡": "dihu", "飘胡": "piaohu"}[name]
            raise ValueError(f"daye_zipai: {name} has no multiplier: the source gives none; pass option {opt}=N")
        stray = [g for g in groups if g.kind == "chi" and g.taken is not None and counts[g.taken]]
        if stray:
            g = stray[0]
            return Result(False, mult, [(name, mult)], self.unit, self.name,
                          f"{g} took {HANZI[g.taken]} and a {HANZI[g.taken]} stays in the hand: "
                          f"吃的牌手中有的同时要把它摆出来, 否则即使胡了牌也是不能算胡的", detail=detail)
        return Result(True, mult, [(name, mult)], self.unit, self.name, detail=detail)

    def _waits(self, hand13, melds, flags):
        raise ValueError("daye_zipai: no waits: the source does not say which groups complete a 字牌 hand "
                         "(docs/zipai.md#missing)")

    def score_batch(self, hu_points, has_kan=None, *, melds=None, self_drawn=False, workers=None,
                    **flags) -> np.ndarray:
        """Totals (倍) of many rows from their 胡 and 坎: -1 for 诈胡; ``tianhu`` / ``dihu``: one bool or one per
        row (the named result's option replaces the table's multiplier). Groups are scored one hand at a time
        (``score``); this takes their sums.

        >>> from mjpy import rules
        >>> rules.get("daye_zipai", piaohu=2).score_batch([9, 12, 12, 40], [True, False, True, False]).tolist()
        [-1, 2, 1, 8]
        """
        if has_kan is None:
            raise ValueError("daye_zipai.score_batch: give has_kan (one bool per row, or one for all)")
        if melds is not None:
            raise ValueError("daye_zipai.score_batch: takes 胡 totals and has_kan, not groups (score a hand's "
                             "groups with score)")
        return super().score_batch(hu_points, has_kan, self_drawn=self_drawn, workers=workers, **flags)

    def _score_batch(self, hu, has_kan, melds, flags, workers) -> np.ndarray:
        codes, mult = classify_batch(hu, has_kan, piaohu=self.options["piaohu"])
        out = mult.astype(np.int32)
        special = np.zeros(codes.shape, np.int32)
        named = []
        for key, other in (("tianhu", "dihu"), ("dihu", "tianhu")):
            f = flags.get(key, False)
            fa = np.broadcast_to(np.asarray(f, bool), codes.shape)
            if fa.any():
                v = self.options[key]
                if v is None:
                    raise ValueError(f"daye_zipai: {'天胡' if key == 'tianhu' else '地胡'} has no multiplier: the "
                                     f"source gives none; pass option {key}=N")
                named.append(fa)
                special = np.where(fa, v, special)
        if len(named) == 2 and (named[0] & named[1]).any():
            i = int(np.flatnonzero(named[0] & named[1])[0])
            raise ValueError(f"daye_zipai: row {i}: 天胡 and 地胡 together")
        out = np.where(special > 0, special, out)
        out[codes == ZHAHU] = -1
        bad = np.flatnonzero((out < 0) & (codes != ZHAHU))
        if len(bad):
            raise ValueError(f"daye_zipai: row {int(bad[0])}: 飘胡 has no multiplier: the source gives none; pass "
                             f"option piaohu=N")
        return out
