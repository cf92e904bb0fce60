"""Fujian 福建 百搭: 帶弟百搭 (the successor of the flipped tile) or 活動百搭 (the flipped kind, one 白板
playing its face) — win, waits and the jokers' reading; the source gives no scoring.

>>> from mjpy import rules
>>> fj = rules.get("fujian")                                 # baida="daidi": 3m flipped -> 4m is 百搭
>>> r = fj.score("123m456p789s1z4m567s", win_tile="1z", indicator="3m")
>>> r.is_win, r.total, str(r.reading)
(True, 0, '123m 456p 567s 789s 11*z')
>>> sorted(fj.waits("123m456p789s1z567s", indicator="3m"))   # the 1z single, or any tile with a 4m
['1z', '4m']
>>> hd = rules.get("fujian", baida="huodong")                # 活動百搭: 3m flipped -> 3m is 百搭,
>>> hd.score("12m456p789s11z567s7z", win_tile="7z", indicator="3m").is_win   # one 白板 plays 3m
True

``total`` is 0 for every win: the source (a regional note) describes the 百搭 only; ``score_batch``
gives 0 for a win and -1 otherwise. Rules and choices: docs/rules.md#fujian.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

import numpy as np

from mjcore import analysis as _an
from mjcore import batch as _batch

from .. import wildcards
from ..assign import assignments
from ..meld import coerce_melds
from ..tiles import TILE_NAMES, tile_index
from .interface import Result, RuleSet, check_option_names, hand_and_melds

__all__ = ["FujianRules", "DEFAULTS"]

BAI = 33
#: option -> default (docs/rules.md#fujian)
DEFAULTS = dict(baida="daidi", indicator=None, stand_in_copies=1, seven_pairs=False, allow_quad=True,
                allow_fifth_copy=True)
_CHOICES = dict(baida=("daidi", "huodong"))


class FujianRules(RuleSet):
    """The ``fujian`` rule set bound to its options (built by :func:`mjpy.rules.get`)."""

    extra_flags = ("indicator", "joker_tiles")
    batch_flags = ("indicator", "joker_tiles")

    def __init__(self, info, options):
        super().__init__(info, dict(options))
        o = self.options
        self._forms = ("standard", "seven_pairs") if o["seven_pairs"] else ("standard",)

    @classmethod
    def bind(cls, row, options):
        check_option_names("fujian", options, DEFAULTS)
        o = dict(DEFAULTS, **options)
        for k, allowed in _CHOICES.items():
            if o[k] not in allowed:
                raise ValueError(f"fujian: option {k} must be one of {', '.join(map(repr, allowed))}, got {o[k]!r}")
        c = o["stand_in_copies"]
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 4:
            raise ValueError(f"fujian: option stand_in_copies must be 0-4, got {c!r}")
        for k in ("seven_pairs", "allow_quad", "allow_fifth_copy"):
            if not isinstance(o[k], bool):
                raise ValueError(f"fujian: option {k} must be a bool, got {o[k]!r}")
        if o["indicator"] is not None:
            o["indicator"] = tile_index(o["indicator"])
        return cls(row, o)

    @classmethod
    def defaults(cls, row) -> dict:
        return dict(DEFAULTS)

    # -- input ----------------------------------------------------------------------------------
    def jokers(self, indicator=None, joker_tiles=None) -> wildcards.Jokers:
        """The 百搭 rule of a hand: from the flipped ``indicator`` (or the option), or ``joker_tiles``
        naming the 百搭 kind (活動百搭's stand-in then plays it).

        >>> from mjpy import rules
        >>> j = rules.get("fujian", baida="huodong").jokers("3m")
        >>> j.names, j.stand_in, j.face, j.stand_in_copies
        (('3m',), 33, 2, 1)
        """
        o = self.options
        if indicator is not None and joker_tiles is not None:
            raise ValueError("fujian: give joker_tiles= or indicator=, not both")
        copies = o["stand_in_copies"] if o["baida"] == "huodong" else None
        if joker_tiles is not None:
            kinds = tuple(sorted({tile_index(t) for t in ([joker_tiles] if isinstance(joker_tiles, (str, int))
                                                          else joker_tiles)}))
            if len(kinds) != 1:
                raise ValueError("fujian: the 百搭 is one kind")
            stand = BAI if o["baida"] == "huodong" and copies and kinds[0] != BAI else None
            return wildcards.Jokers("fujian", None, kinds, "given", None, True, stand,
                                    kinds[0] if stand is not None else None, copies if stand is not None else None,
                                    o["baida"])
        if indicator is None:
            indicator = o["indicator"]
        if indicator is None:
            raise ValueError("fujian: the 百搭 needs the flipped tile: indicator=... (or joker_tiles=[the 百搭 kind])")
        return wildcards.resolve("fujian", indicator, baida=o["baida"],
                                 stand_in_copies=copies if o["baida"] == "huodong" else None)

    def simulation_stand_in(self) -> Tuple[int, int]:
        """``(stand-in kind, copies)`` for the solo-play loop (``mjpy simulate``): 活動百搭's 白板, up to
        ``stand_in_copies`` of which may play the flipped kind; ``(-1, 0)`` without."""
        if self.options["baida"] == "huodong" and self.options["stand_in_copies"]:
            return BAI, self.options["stand_in_copies"]
        return -1, 0

    def joker_kinds(self, indicator=None, joker_tiles=None) -> Tuple[int, ...]:
        """The 百搭 kinds (ascending indices) of ``indicator`` / ``joker_tiles``."""
        return self.jokers(indicator, joker_tiles).kinds

    def _hand(self, hand, melds, size: int):
        counts, ms = hand_and_melds("fujian", hand, melds)
        if len(ms) > 4:
            raise ValueError(f"fujian: {len(ms)} melds, at most 4")
        need = size - 3 * len(ms)
        if int(counts.sum()) != need:
            raise ValueError(f"fujian: the hand has {int(counts.sum())} concealed tiles with {len(ms)} melds: "
                             f"expected {need} ({'the winning tile included' if size == 14 else 'a waiting hand'})")
        total = counts.astype(int)
        for m in ms:
            for t in m.tiles:
                total[t] += 1
        over = np.flatnonzero(total > 4)
        if len(over):
            raise ValueError(f"fujian: {TILE_NAMES[int(over[0])]} appears {int(total[over[0]])} times counting the "
                             f"melds (at most 4)")
        return counts, ms

    # -- the question ---------------------------------------------------------------------------
    def _variants(self, counts, j: wildcards.Jokers):
        """(real counts, jokers) of each way to read the stand-ins: none up to ``stand_in_copies`` of the
        白板 playing the 百搭 kind's face (活動百搭: "其中一張白板可以用作代替")."""
        real, k = wildcards.split_jokers(counts, j.kinds)
        out = [(real, k)]
        if j.stand_in is not None:
            most = int(real[j.stand_in]) if j.stand_in_copies is None else min(int(real[j.stand_in]), j.stand_in_copies)
            for m in range(1, most + 1):
                r = real.copy()
                r[j.stand_in] -= m
                r[j.face] += m
                out.append((r, k))
        return out

    def _win(self, counts, ms, j) -> Optional[Tuple[np.ndarray, int]]:
        """The first variant that wins (fewest stand-ins), or None."""
        o = self.options
        for real, k in self._variants(counts, j):
            if _an.is_win(real, melds=ms or 0, forms=self._forms, jokers=k, quads_as_two_pairs=o["allow_quad"],
                          allow_fifth_copy=o["allow_fifth_copy"]):
                return real, k
        return None

    def _result(self, counts, ms, j) -> Result:
        got = self._win(counts, ms, j)
        if got is None:
            return Result(False, 0, [], self.unit, self.name, "fujian: not a complete hand")
        real, k = got
        reading = None
        form = "standard"
        if k:
            o = self.options
            rd = assignments(real, jokers=k, melds=ms or 0, forms=self._forms, quads_as_two_pairs=o["allow_quad"],
                             allow_fifth_copy=o["allow_fifth_copy"])
            reading, form = rd[0], rd[0].form
        elif "seven_pairs" in self._forms and _an.is_win(real, melds=ms or 0, forms=("seven_pairs",),
                                                         quads_as_two_pairs=self.options["allow_quad"]):
            form = "seven_pairs"
        return Result(True, 0, [], self.unit, self.name, "", form, reading,
                      detail={"form": form, "stand_ins": int(counts[BAI]) - int(real[BAI]) if BAI not in j.kinds else 0})

    def _score(self, hand, melds, win_tile, flags) -> Result:
        counts, ms = self._hand(hand, melds, 14)
        if win_tile is not None:
            w = tile_index(win_tile)
            if counts[w] < 1:
                raise ValueError(f"fujian: the winning tile {TILE_NAMES[w]} is not among the concealed tiles "
                                 f"(the hand includes the winning tile)")
        return self._result(counts, ms, self.jokers(flags.get("indicator"), flags.get("joker_tiles")))

    def _waits(self, hand13, melds, flags) -> Dict[str, Result]:
        counts, ms = self._hand(hand13, melds, 13)
        j = self.jokers(flags.get("indicator"), flags.get("joker_tiles"))
        held = counts.astype(int)
        for m in ms:
            for t in m.tiles:
                held[t] += 1
        out = {}
        for t in range(34):
            if held[t] >= 4:
                continue
            c = counts.copy()
            c[t] += 1
            r = self._result(c, ms, j)
            if r.is_win:
                out[TILE_NAMES[t]] = r
        return out

    def _score_batch(self, hands, win_tiles, melds, flags, workers) -> np.ndarray:
        """0 for a row that wins, -1 otherwise: the kernel's batch win check (no GIL) of each reading of
        the stand-ins, or-ed."""
        h = _batch.coerce_hands(hands, "fujian: hands")
        n = len(h)
        ms = self._batch_melds(melds, n)
        ind, jt = flags.get("indicator"), flags.get("joker_tiles")
        per_row = not (ind is None or isinstance(ind, (str, int, np.integer))) or (
            jt is not None and not isinstance(jt, (str, int)) and any(isinstance(x, (list, tuple, np.ndarray)) for x in jt))
        size = 14 - 3 * ms
        bad = np.flatnonzero(h.sum(1) != size)
        if len(bad):
            i = int(bad[0])
            raise ValueError(f"hands[{i}]: fujian: the hand has {int(h[i].sum())} concealed tiles with {int(ms[i])} "
                             f"melds: expected {int(size[i])} (the winning tile included)")
        # one 百搭 rule per distinct indicator / joker_tiles value: (joker kinds mask, face, stand-in copies)
        rule_of: Dict[object, Tuple[np.ndarray, int, int]] = {}

        def rule(i_val, j_val):
            key = (i_val, tuple(j_val) if isinstance(j_val, (list, tuple, np.ndarray)) else j_val)
            got = rule_of.get(key)
            if got is None:
                j = self.jokers(i_val, j_val)
                mask = np.zeros(34, bool)
                mask[list(j.kinds)] = True
                got = rule_of[key] = (mask, -1 if j.stand_in is None else j.face,
                                      0 if j.stand_in is None else (4 if j.stand_in_copies is None else j.stand_in_copies))
            return got

        if per_row and jt is None:                  # one indicator per row: one rule per distinct indicator
            vals = [tile_index(x) for x in ind] if any(isinstance(x, str) for x in ind) else np.asarray(ind)
            if len(vals) != n:
                raise ValueError(f"fujian: indicator must be one value or one per row ({n}), got {len(vals)}")
            uniq, inv = np.unique(np.asarray(vals, np.int64), return_inverse=True)
            per = []
            for u in uniq.tolist():
                try:
                    per.append(rule(u, None))
                except (ValueError, TypeError) as e:
                    i = int(np.flatnonzero(np.asarray(vals) == u)[0])
                    raise type(e)(f"hands[{i}]: {e}") from None
            inv = inv.reshape(-1)
            jmask = np.stack([p[0] for p in per])[inv]
            face = np.array([p[1] for p in per])[inv]
            copies = np.array([p[2] for p in per], np.int64)[inv]
        elif per_row:
            jmask = np.zeros((n, 34), bool)
            face = np.full(n, -1)
            copies = np.zeros(n, np.int64)
            for i in range(n):
                try:
                    jmask[i], face[i], copies[i] = rule(_at(ind, i), _at(jt, i))
                except (ValueError, TypeError) as e:
                    raise type(e)(f"hands[{i}]: {e}") from None
        else:
            mask, f1, c1 = rule(ind, jt)
            jmask = np.broadcast_to(mask, (n, 34))
            face = np.full(n, f1)
            copies = np.full(n, c1, np.int64)
        k = (h * jmask).sum(1)
        real = np.where(jmask, 0, h).astype(np.uint8)
        o = self.options
        win = np.zeros(n, bool)
        rows = np.arange(n)
        for m in range(0, 5):
            take = (face >= 0) & (np.minimum(real[:, BAI], copies) >= m) if m else np.ones(n, bool)
            if not take.any():
                break
            r = real[take].copy()
            if m:
                r[:, BAI] -= m
                r[np.arange(len(r)), face[take]] += m
            win[rows[take]] |= _batch.is_win(r, melds=ms[take], forms=self._forms, jokers=k[take],
                                            quads_as_two_pairs=o["allow_quad"],
                                            allow_fifth_copy=o["allow_fifth_copy"], workers=workers)
        return np.where(win, 0, -1).astype(np.int32)

    def _batch_melds(self, melds, n: int) -> np.ndarray:
        """The number of declared melds of every row (a count per row, or meld lists)."""
        if melds is None:
            return np.zeros(n, np.int64)
        if isinstance(melds, np.ndarray) and melds.ndim == 1:
            return melds.astype(np.int64)
        if len(melds) != n:
            raise ValueError(f"fujian: melds: {len(melds)} meld lists for {n} hands")
        return np.array([len(coerce_melds(m)[1] or []) if m else 0 for m in melds], np.int64)


def _at(v, i: int):
    if v is None or isinstance(v, (str, int, np.integer)):
        return v
    x = v[i]
    return x.item() if isinstance(x, np.generic) else x
