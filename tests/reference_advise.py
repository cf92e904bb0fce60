"""Slow, independent reference for :func:`mjpy.advise` (which discard wins most often).

Nothing here uses ``mjcore`` or mjpy's shanten / advise code.  The distance of a hand comes from
the plain references (``tests/reference.py``; ``tests/reference_jokers.py`` when jokers are held);
only the rule set itself (``rs.score``: is a complete hand a legal win, and what is it worth) and its
joker kinds (``rs.joker_kinds``) are taken from mjpy, as the model says.

The model (the same one the fast code implements, written out plainly)
----------------------------------------------------------------------
* Unseen counts ``u`` = the rule set's wall (4 copies of each of its kinds) - hand - meld tiles -
  ``visible``; ``R = sum(u)``.  A 14-tile hand has one root per distinct discard (the 13 tiles left);
  a 13-tile hand is its own root.  Every root uses the same ``u``.
* State: a 13-tile hand ``h`` and ``i`` draws done.  Draw ``i + 1`` comes from ``N = R - i`` tiles;
  kind ``t`` (a wall kind with ``h_t < cap_t``, ``cap_t`` = the position's copies + ``u_t``) has ``a_t = u_t - max(0, h_t - h0_t)`` copies (``h0`` the
  root) and probability ``a_t / N`` (0 when ``a_t <= 0``).
* ``D(x)`` = shanten + 1 over the rule set's forms, jokers counted as jokers, the 定缺 suit's tiles
  left out of the counts (the hand is then short).
* A draw ``t`` from ``h``: complete by shape (``D(h + t) == 0``) and allowed by the rule set: a win
  (worth the score's ``total`` for ``"expected"``, 1 otherwise); refused: thrown.  Else if
  ``D(h + t) < D(h)``: the player may keep ``h`` or take ``h + t - d`` (``d != t``) with distance
  ``D(h) - 1``.  ``keep_shanten`` (as the fast code now does it, ``keep_rule="tenpai"``): a tenpai
  hand (``D(h) == 1``) may also take ``h + t - d`` (``d != t``) of distance 1 with a larger
  acceptance (copies ``cap_t - h_t`` outside the hand of the kinds that lower the distance, by shape);
  ``keep_rule="any"`` (the first brief): at any distance, any ``h + t - d`` with ``D(h + t) == D(h)``
  and distance ``D(h)``.  Anything else is thrown (stay).  The useful draws (wins, draws with a
  candidate) have total probability ``S``; when ``S > 1`` they are scaled to 1.  With probability
  ``1 - S`` the hand stays.
* Tenpai: some wall kind ``t`` with ``h_t < cap_t`` is a legal win (copies left or not).  With jokers
  that is not the same as ``D(h) == 1``: 1237777m (鬼 6m) is 1-shanten, as a fifth 7m cannot be
  drawn, yet a drawn 鬼 completes it as that fifth 7m.
* ``V(h, T) = 0`` (``"tenpai"``: 1 for a tenpai hand), ``V(h, i) = sum p_t * best_t + (1 - S) *
  V(h, i + 1)``; under ``"tenpai"`` a tenpai hand is worth 1 at any ``i``.
* The curves play the policy forward (stay first, then the candidates by increasing discarded kind,
  switching only on a gain above ``1e-12 * max(1, best)``; under ``"tenpai"`` a tenpai hand keeps
  itself).

Beyond the model: :func:`exact_process` (every draw sequence of the actual tiles, thrown draws
included, for tiny walls) and :func:`monte_carlo` (the same true process, sampled).
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from reference import (N_KINDS, _forms_applicable, honors_knitted_cost, knitted_straight_cost,
                       normalize_forms, parse, ref_is_complete, seven_pairs_cost, standard_cost,
                       thirteen_orphans_cost, tile_name, to_str)
from reference_jokers import ref_budget_is_win, ref_budget_shanten

Hand = Tuple[int, ...]          # 34 counts

_SHARED: Dict = {}              # memo tables by rules (see RefPosition)


def clear_memo() -> None:
    _SHARED.clear()


# the walls of the rule sets the tests use (4 copies of each kind); others are asked of mjpy
_WALL_KINDS = {
    "standard": tuple(range(34)),
    "riichi": tuple(range(34)),
    "sichuan_fan": tuple(range(27)),
    "sichuan_points": tuple(range(27)),
    "chengdu_simple": tuple(range(27)),
    "guangdong_tuidao": tuple(range(34)),
    "neimenggu": tuple(range(34)),
    "guobiao": tuple(range(34)),
}


def _counts(x) -> List[int]:
    if x is None:
        return [0] * N_KINDS
    if isinstance(x, str):
        return [int(v) for v in parse(x)]
    c = [int(v) for v in np.asarray(x).reshape(-1)]
    assert len(c) == N_KINDS
    return c


def _add(h: Hand, t: int, n: int = 1) -> Hand:
    lst = list(h)
    lst[t] += n
    return tuple(lst)


class RefPosition:
    """The rule set, the hand, the unseen tiles and the per-hand questions of the model
    (distance, legal wins, tenpai, the candidates of a draw).  Roots: ``self.roots`` =
    ``[(discard kind or None, 13-tile hand), ...]``."""

    def __init__(self, hand, rules: str = "standard", melds=(), visible=None, keep_shanten: bool = False,
                 seat_wind="E", round_wind="E", dealer: bool = False, keep_rule: str = "tenpai", **kw):
        from mjpy.rules import registry

        self.info = info = registry.info(rules)
        self.name = info.name
        rule_options, flags = {}, {}
        known = registry.options(self.name) if info.binding else {}
        for k, v in kw.items():
            (rule_options if k in known else flags)[k] = v
        self.rs = registry.get(self.name, **rule_options) if info.binding else None
        self.melds = list(melds)
        self.n_melds = len(self.melds)
        self.forms = normalize_forms(info.forms)
        self.quads = bool(info.quads_as_two_pairs)
        self.keep = bool(keep_shanten)
        assert keep_rule in ("tenpai", "any")
        self.keep_rule = keep_rule
        self.situation = dict(seat_wind=seat_wind, round_wind=round_wind, dealer=dealer)

        h = _counts(hand)
        if self.name in _WALL_KINDS:
            kinds = _WALL_KINDS[self.name]
        else:                                  # pragma: no cover - not used by the tests
            from mjpy.random import wall_kinds
            kinds = tuple(wall_kinds(self.name, rule_options or None)[0])
        self.kinds = tuple(sorted(kinds))
        wall = [4 if t in self.kinds else 0 for t in range(N_KINDS)]
        seen = list(h)
        for m in self.melds:
            for t in m.tiles:
                seen[t] += 1
        vis = _counts(visible)
        u = [wall[t] - seen[t] - vis[t] for t in range(N_KINDS)]
        if min(u) < 0:
            raise ValueError("a tile is seen more often than the wall holds it")
        self.unseen: Hand = tuple(u)
        self.R = sum(u)
        # a kind can be held up to the position's copies plus the unseen ones (melds and seen tiles use
        # up the rest)
        self.cap: Hand = tuple(h[t] + u[t] for t in range(N_KINDS))

        # jokers (the rule set says which kinds) and 定缺
        self.jokers: Tuple[int, ...] = ()
        if self.rs is not None and hasattr(self.rs, "joker_kinds"):
            self.jokers = tuple(self.rs.joker_kinds(flags.get("indicator"), flags.get("joker_tiles")))
        self.forbidden: Tuple[int, ...] = ()
        if info.dingque:
            dq = flags.get("dingque")
            if dq is None:                    # given as the rule set's option
                dq = rule_options.get("dingque")
            if dq is None:                    # the suit with the fewest tiles (ties: m, p, s)
                per = [sum(h[9 * s:9 * s + 9]) + sum(1 for m in self.melds for t in m.tiles if t // 9 == s)
                       for s in range(3)]
                dq = "mps"[per.index(min(per))]
            flags["dingque"] = dq
            s = "mps".index(dq)
            self.forbidden = tuple(range(9 * s, 9 * s + 9))
        self.flags = flags

        n = sum(h)
        size = info.hand_size - 3 * self.n_melds
        assert n in (size, size + 1), n
        self.roots: List[Tuple[Optional[int], Hand]] = []
        if n == size + 1:
            for d in range(N_KINDS):
                if h[d]:
                    self.roots.append((d, _add(tuple(h), d, -1)))
        else:
            self.roots.append((None, tuple(h)))
        # memo tables, shared by every position with the same shape rules (distances) and the same
        # rule set, options, flags and melds (wins): a test asking many questions of one hand
        # computes each distance once
        shape = (tuple(sorted(self.forms)), self.quads, self.n_melds, info.hand_size, self.jokers,
                 self.forbidden)
        rules_key = (shape, self.name, repr(sorted(rule_options.items())), repr(sorted(flags.items())),
                     repr(sorted(self.situation.items())), tuple(str(m) for m in self.melds))
        self._D: Dict = _SHARED.setdefault(("D",) + shape, {})
        self._win: Dict[Tuple[Hand, int], Optional[Tuple[float, bool]]] = _SHARED.setdefault(("win",) + rules_key, {})
        self._acc: Dict[Hand, int] = _SHARED.setdefault(("acc",) + shape + (self.kinds, self.cap), {})

    # ---- distance --------------------------------------------------------------------------
    def _split(self, x: Hand):
        """``(real counts, jokers, short)``: the joker kinds' copies counted apart, the 定缺 suit's
        tiles taken out (``short``: some were held)."""
        c = list(x)
        k = 0
        for t in self.jokers:
            k += c[t]
            c[t] = 0
        short = False
        for t in self.forbidden:
            if c[t]:
                short = True
                c[t] = 0
        return c, k, short

    def complete(self, x: Hand) -> bool:
        """Is the 14-tile ``x`` complete by shape (``D(x) == 0``)?  Plain backtracking."""
        key = ("complete", x)
        v = self._D.get(key)
        if v is None:
            c, k, short = self._split(x)
            if short:                 # a 定缺 tile cannot be part of a complete hand
                v = False
            elif k:
                v = ref_budget_is_win(c, k, melds=self.n_melds, forms=self.forms, quads_as_two_pairs=self.quads,
                                      allow_fifth_copy=True, hand_size=self.info.hand_size)
            else:
                v = ref_is_complete(c, self.n_melds, self.forms, self.quads, self.info.hand_size)
            self._D[key] = v
        return v

    def D(self, x: Hand) -> int:
        """Shanten + 1 of a 13- or 14-tile hand (jokers as jokers, 定缺 tiles left out)."""
        d = self._D.get(x)
        if d is None:
            d = self._D[x] = self._distance(x)
        return d

    def _distance(self, x: Hand) -> int:
        if sum(x) + 3 * self.n_melds == self.info.hand_size + 1 and self.complete(x):
            return 0
        c, k, short = self._split(x)
        if k:
            assert not short
            return ref_budget_shanten(c, k, melds=self.n_melds, forms=self.forms,
                                      quads_as_two_pairs=self.quads, allow_fifth_copy=True,
                                      hand_size=self.info.hand_size) + 1
        # the fewest tiles to add to reach a complete target (ref_shanten + 1 for a full hand; the
        # same minimum for a hand made short by its 定缺 tiles)
        M = (4 if self.info.hand_size == 13 else 5) - self.n_melds
        app = _forms_applicable(self.forms, self.n_melds, self.info.hand_size)
        costs = []
        if app["standard"]:
            costs.append(standard_cost(c, M))
        if app["seven_pairs"]:
            costs.append(seven_pairs_cost(c, self.quads))
        if app["thirteen_orphans"]:
            costs.append(thirteen_orphans_cost(c))
        if app["honors_knitted"]:
            costs.append(honors_knitted_cost(c))
        if app["knitted_straight"]:
            costs.append(knitted_straight_cost(c, self.n_melds))
        return min(costs)

    def D_after_draw(self, h: Hand, t: int) -> int:
        """``D(h + t)``.  A draw lowers the distance by at most one and never raises it, so from a
        tenpai hand (``D(h) == 1``) it is 0 exactly when ``h + t`` is complete."""
        x = _add(h, t)
        if self.D(h) == 1:
            return 0 if self.complete(x) else 1
        return self.D(x)

    # ---- wins ------------------------------------------------------------------------------
    def win(self, h: Hand, t: int) -> Optional[Tuple[float, bool]]:
        """Drawing ``t`` to the 13-tile ``h``: ``None`` unless a legal win; else ``(value,
        missing)``: the score's total (1 for a shape-only rule set or a value the sources lack)."""
        key = (h, t)
        if key in self._win:
            return self._win[key]
        x = _add(h, t)
        out = None
        if self.complete(x):
            if self.rs is None:
                out = (1.0, False)
            else:
                r = self.rs.score(to_str(x), self.melds, win_tile=tile_name(t), self_drawn=True,
                                  **self.situation, **self.flags)
                if r.is_win:
                    out = (float(r.total), False)
                else:
                    missing = r.detail.get("missing") if isinstance(r.detail, dict) else None
                    if missing:
                        out = (1.0, True)
        self._win[key] = out
        return out

    def tenpai(self, h: Hand) -> bool:
        """Some wall kind (held fewer than 4 times) gives a legal win, copies left or not."""
        if self.D(h) != 1 and not self.jokers:
            # without jokers one tile lowers the distance by one at most.  (Not so with them: a
            # drawn joker may stand for a fifth copy, which the distance of a joker-free hand
            # does not allow: 1237777m + a joker wins, though 1237777m is 1-shanten.)
            return False
        return any(h[t] < self.cap[t] and self.win(h, t) is not None for t in self.kinds)

    def step(self, h: Hand, t: int):
        """What drawing ``t`` to ``h`` offers: ``("win", value, missing)``, ``("move", [(d, hand),
        ...])`` (candidates by increasing discarded kind d) or ``("stay",)``."""
        x = _add(h, t)
        Dh, Dx = self.D(h), self.D_after_draw(h, t)
        if Dx == 0:
            w = self.win(h, t)
            if w is not None:
                return ("win", w[0], w[1])
            return ("stay",)
        if Dx < Dh:
            want, more = Dh - 1, None
        elif self.keep and Dx == Dh and self.keep_rule == "any":
            want, more = Dh, None
        elif self.keep and Dx == Dh == 1:
            want, more = Dh, self.acceptance(h)
        else:
            return ("stay",)
        cands = []
        for d in range(N_KINDS):
            if d != t and x[d] > 0:
                y = _add(x, d, -1)
                if self.D(y) == want and (more is None or self.acceptance(y) > more):
                    cands.append((d, y))
        return ("move", cands) if cands else ("stay",)

    def acceptance(self, h: Hand) -> int:
        """Copies outside the hand (``cap_t - h_t``) of the wall kinds whose draw lowers ``D(h)``."""
        a = self._acc.get(h)
        if a is None:
            D = self.D(h)
            a = self._acc[h] = sum(self.cap[t] - h[t] for t in self.kinds
                                   if h[t] < self.cap[t] and self.D_after_draw(h, t) < D)
        return a

    def shape_useful(self, h: Hand) -> List[Tuple[str, int]]:
        """The kinds (unseen copies left, held fewer than 4 times) whose draw lowers the distance
        by shape, with their unseen copies: what an unsolved row lists."""
        return [(tile_name(t), self.unseen[t]) for t in self.kinds
                if h[t] < self.cap[t] and self.unseen[t] > 0 and self.D_after_draw(h, t) < self.D(h)]

    def useful(self, h: Hand) -> List[Tuple[str, int]]:
        """The root's useful tiles as the rows list them: legal wins and distance-lowering draws,
        with unseen copies (kinds with none left out)."""
        out = []
        for t in self.kinds:
            if h[t] >= self.cap[t] or self.unseen[t] <= 0:
                continue
            s = self.step(h, t)
            if s[0] == "win" or (s[0] == "move" and self.D_after_draw(h, t) < self.D(h)):
                out.append((tile_name(t), self.unseen[t]))
        return out


class RefSolver:
    """The model's values and curves for one root ``h0``, ``turns`` draws and one objective."""

    def __init__(self, pos: RefPosition, h0: Hand, turns: int, objective: str, memo: bool = True):
        assert objective in ("win", "tenpai", "expected")
        self.pos, self.h0, self.T, self.obj = pos, h0, turns, objective
        self.memo = memo            # False: V walks every draw sequence again (for the self-check)
        self._V: Dict[Tuple[Hand, int], float] = {}

    def draws(self, h: Hand, i: int):
        """``[(t, p, step), ...]`` for draw ``i + 1`` from ``h``: the useful draws with their
        (scaled) probabilities; the hand stays with probability ``1 - sum p``."""
        pos = self.pos
        N = pos.R - i
        out = []
        for t in pos.kinds:
            if h[t] >= pos.cap[t]:
                continue
            a = pos.unseen[t] - max(0, h[t] - self.h0[t])
            if a <= 0:
                continue
            s = pos.step(h, t)
            if s[0] == "stay":
                continue
            if s[0] == "win" and s[2] and self.obj == "expected":
                raise ValueError("objective='expected' needs a value the sources do not give")
            out.append((t, a / N, s))
        S = sum(p for _, p, _ in out)
        if S > 1:
            out = [(t, p / S, s) for t, p, s in out]
        return out

    def win_value(self, s) -> float:
        return s[1] if self.obj == "expected" else 1.0

    def V(self, h: Hand, i: int) -> float:
        key = (h, i)
        if self.memo and key in self._V:
            return self._V[key]
        if self.obj == "tenpai" and self.pos.tenpai(h):
            v = 1.0
        elif i == self.T:
            v = 0.0
        else:
            stay = self.V(h, i + 1)
            v = 0.0
            S = 0.0
            for t, p, s in self.draws(h, i):
                S += p
                if s[0] == "win":
                    v += p * self.win_value(s)
                else:
                    v += p * max([stay] + [self.V(y, i + 1) for _, y in s[1]])
            v += (1.0 - S) * stay
        self._V[key] = v
        return v

    def choose(self, h: Hand, i: int, t: int) -> Hand:
        """The policy after drawing ``t`` (not a win) to ``h`` at draw ``i + 1``: the hand kept."""
        s = self.pos.step(h, t)
        if s[0] != "move":
            return h
        if self.obj == "tenpai" and self.pos.tenpai(h):
            return h
        best, choice = self.V(h, i + 1), h
        for _, y in s[1]:           # increasing discarded kind
            v = self.V(y, i + 1)
            if v > best + 1e-12 * max(1.0, best):
                best, choice = v, y
        return choice

    def curves(self):
        """``(tenpai, win, expected)``: arrays of ``T + 1`` by draws done, the policy played forward."""
        T = self.T
        tc, wc, ec = np.zeros(T + 1), np.zeros(T + 1), np.zeros(T + 1)
        layer = {self.h0: 1.0}
        tc[0] = 1.0 if self.pos.tenpai(self.h0) else 0.0
        for i in range(T):
            nxt: Dict[Hand, float] = {}
            won, value = 0.0, 0.0
            for h, m in layer.items():
                S = 0.0
                for t, p, s in self.draws(h, i):
                    S += p
                    if s[0] == "win":
                        won += m * p
                        value += m * p * s[1]
                    else:
                        y = self.choose(h, i, t)
                        nxt[y] = nxt.get(y, 0.0) + m * p
                nxt[h] = nxt.get(h, 0.0) + m * (1.0 - S)
            layer = nxt
            wc[i + 1] = wc[i] + won
            ec[i + 1] = ec[i] + value
            tc[i + 1] = wc[i + 1] + sum(m for h, m in layer.items() if self.pos.tenpai(h))
        return tc, wc, ec


def ref_advise(hand, rules: str = "standard", melds=(), turns: int = 12, visible=None,
               objective: str = "win", keep_shanten: bool = False, shanten_down: bool = True, **kw):
    """``{discard: (value, tenpai_curve, win_curve, expected_curve)}`` for every root (discard
    ``None`` for a 13-tile hand), by the model above; ``shanten_down=False``: only the roots at
    the lowest distance."""
    pos = RefPosition(hand, rules, melds=melds, visible=visible, keep_shanten=keep_shanten, **kw)
    out = {}
    best = min(pos.D(h0) for _, h0 in pos.roots)
    for d, h0 in pos.roots:
        if not shanten_down and pos.D(h0) > best:
            continue
        sol = RefSolver(pos, h0, turns, objective)
        tc, wc, ec = sol.curves()
        out[None if d is None else tile_name(d)] = (sol.V(h0, 0), tc, wc, ec)
    return out


# --------------------------------------------------------------------------
# The true process (thrown draws leave the wall too)
# --------------------------------------------------------------------------
Policy = Callable[[Hand, int, int], Hand]


def model_policy(pos: RefPosition, h0: Hand, turns: int, objective: str = "win") -> Policy:
    """The reference model's policy (argmax of its V, the tie rule) as a function (h, i, t) -> hand."""
    return RefSolver(pos, h0, turns, objective).choose


def exact_process(pos: RefPosition, h0: Hand, turns: int, policy: Policy):
    """Exact ``(P(win), E[value of the win])`` within ``turns`` draws of the true process: the
    unseen tiles in a uniformly random order, each draw removed from the wall whether kept or
    thrown, legal wins taken, other draws handled by ``policy``.  Recursion over every draw
    (memoised on hand, wall left and draws done): for tiny walls."""
    memo: Dict[Tuple[Hand, Hand, int], Tuple[float, float]] = {}

    def go(h: Hand, wall: Hand, i: int) -> Tuple[float, float]:
        if i == turns:
            return 0.0, 0.0
        key = (h, wall, i)
        if key in memo:
            return memo[key]
        N = sum(wall)
        pw = ev = 0.0
        for t in range(N_KINDS):
            if not wall[t]:
                continue
            p = wall[t] / N
            rest = _add(wall, t, -1)
            w = pos.win(h, t)
            if w is not None:
                pw += p
                ev += p * w[0]
            else:
                a, b = go(policy(h, i, t), rest, i + 1)
                pw += p * a
                ev += p * b
        memo[key] = (pw, ev)
        return pw, ev

    return go(h0, pos.unseen, 0)


def exact_process_orderings(pos: RefPosition, h0: Hand, turns: int, policy: Policy):
    """The same as :func:`exact_process`, literally: every ordering of the unseen tiles (as
    distinct copies) played out; only for walls of at most 8 tiles."""
    import itertools
    import math

    tiles = [t for t in range(N_KINDS) for _ in range(pos.unseen[t])]
    assert len(tiles) <= 8
    wins = value = 0.0
    for order in itertools.permutations(tiles):
        h = h0
        for i in range(turns):
            w = pos.win(h, order[i])
            if w is not None:
                wins += 1
                value += w[0]
                break
            h = policy(h, i, order[i])
    n = math.factorial(len(tiles))
    return wins / n, value / n


def monte_carlo(pos: RefPosition, h0: Hand, turns: int, policy: Policy, n: int,
                rng: np.random.Generator):
    """``n`` plays of the true process (shuffled unseen tiles, ``turns`` draws, ``policy``):
    ``(mean win, standard error, mean value, standard error)``."""
    tiles = np.array([t for t in range(N_KINDS) for _ in range(pos.unseen[t])], np.int64)
    won = np.zeros(n)
    val = np.zeros(n)
    for k in range(n):
        order = rng.permutation(tiles)[:turns]
        h = h0
        for i in range(turns):
            t = int(order[i])
            w = pos.win(h, t)
            if w is not None:
                won[k] = 1.0
                val[k] = w[0]
                break
            h = policy(h, i, t)
    se = lambda x: float(x.std(ddof=1) / np.sqrt(n)) if n > 1 else float("inf")  # noqa: E731
    return float(won.mean()), se(won), float(val.mean()), se(val)
