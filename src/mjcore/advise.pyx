# cython: language_level=3
"""Which tile to discard: the hand-state dynamic programme behind :func:`mjpy.advise`.

Three steps, each a function here:

1. :class:`Graph` walks the hands a discard can lead to (``expand``): from a 13-tile hand at distance
   D (shanten D - 1), every drawable kind that lowers the distance and every discard that keeps the
   lower distance (``keep=True``: a tenpai hand also takes the draws and discards that keep it tenpai
   with more winning copies: the copies not in the hand nor seen of the kinds that complete it). A kind
   is drawn only while the hand holds fewer than its ``caps`` (the position's copies plus the unseen
   ones: what melds and seen tiles use up cannot be drawn). A hand
   at distance 1 lists the kinds that complete it (the kernel's shapes: the caller keeps those its rule
   set allows and gives each win its value, step 2 happens in :mod:`mjpy.advise`).
2. The caller scores those wins (``Graph.wins``) with its rule set and passes back one value per win
   (``< 0``: not a legal win).
3. :meth:`Graph.solve` runs the dynamic programme for one root hand over ``turns`` draws (``nogil``):
   the value of each (hand, draw) under the best discard policy for the objective, then the policy
   played forward for the curves by draw (tenpai, win, expected value).

The model (docs/advise.md): draw i (1-based) comes from the ``R - i + 1`` tiles still unseen; kind t
is drawn with probability ``(u_t - k_t) / (R - i + 1)``, ``u_t`` its unseen copies at the root and
``k_t`` the copies of t drawn and kept since (the hand's count of t above the root's). A draw the
policy throws away at once counts against the wall's size, not against its kind.

Hands are 34 counts (joker kinds included; their copies are jokers for the distance).
"""
import numpy as np

from libc.stdint cimport int8_t, int32_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset
from libc.stdlib cimport malloc, free

from mjcore._kernel cimport Ctx, hand_distance
from mjcore._tables cimport Tables, get_tables

cdef enum:
    OBJ_WIN = 0
    OBJ_TENPAI = 1
    OBJ_EXPECTED = 2

OBJECTIVES = {"win": OBJ_WIN, "tenpai": OBJ_TENPAI, "expected": OBJ_EXPECTED}


cdef struct Cfg:
    Ctx ctx                 # forms, melds, quads, thirteen_play, fifth (jokers set per hand)
    int M                   # sets needed (4 - melds in 13-tile play)
    uint64_t joker_kinds    # their copies are jokers
    uint64_t forbidden      # kinds that cannot be kept (定缺): left out of the distance
    uint8_t cap[34]         # copies of each kind a hand can hold: the position's hand + the unseen ones


cdef inline int distance(const Tables* T, const uint8_t* h, const Cfg* c) noexcept nogil:
    """Distance (shanten + 1) of the counts ``h`` (13 or 14 tiles): jokers and forbidden kinds apart."""
    cdef uint8_t e[34]
    cdef Ctx ctx = c.ctx
    cdef int t, k = 0
    memcpy(e, h, 34)
    if c.joker_kinds or c.forbidden:
        for t in range(34):
            if (c.joker_kinds >> t) & 1:
                k += e[t]
                e[t] = 0
            elif (c.forbidden >> t) & 1:
                e[t] = 0
    ctx.jokers = k
    return hand_distance(T, e, c.M, &ctx)


cdef int acceptance(const Tables* T, uint8_t* h, const Cfg* c, int D) noexcept nogil:
    """Copies not in the hand (nor seen) of the kinds whose draw lowers the distance ``D`` of the 13 tiles ``h``."""
    cdef int t, n = 0
    for t in range(34):
        if h[t] < c.cap[t]:
            h[t] += 1
            if distance(T, h, c) < D:
                n += c.cap[t] - (h[t] - 1)
            h[t] -= 1
    return n


cdef class Graph:
    """The hands reachable from the roots (see the module's docstring). Built by :meth:`expand`,
    then :meth:`set_wins`, then :meth:`solve` per root; one graph per :func:`mjpy.advise` call."""
    cdef Cfg cfg
    cdef bint keep
    cdef dict index             # bytes(34) -> node
    cdef list hands             # node -> bytes(34)
    cdef list dist              # node -> distance
    cdef list tr                # node -> list of (tile, is_win, [successors]) (None until expanded)
    # flat arrays for solve (made by set_wins)
    cdef object a_hand, a_tr_start, a_tr_tile, a_tr_win, a_tr_value, a_sc_start, a_sc, a_tenpai
    cdef bint frozen

    def __init__(self, *, int forms, int melds, bint quads, bint thirteen_play, int sets,
                 uint64_t joker_kinds=0, uint64_t forbidden=0, caps=None, bint keep=False):
        memset(&self.cfg, 0, sizeof(Cfg))
        self.cfg.ctx.forms = forms
        self.cfg.ctx.melds = melds
        self.cfg.ctx.quads = quads
        self.cfg.ctx.thirteen_play = thirteen_play
        self.cfg.ctx.fifth = True
        self.cfg.M = sets
        self.cfg.joker_kinds = joker_kinds
        self.cfg.forbidden = forbidden
        cdef bytes cb = bytes([4] * 34) if caps is None else bytes(caps)
        if len(cb) != 34 or max(cb) > 4:
            raise ValueError("caps: 34 counts of at most 4")
        memcpy(self.cfg.cap, <const uint8_t*><char*>cb, 34)
        self.keep = keep
        self.index = {}
        self.hands = []
        self.dist = []
        self.tr = []
        self.frozen = False

    def distance(self, counts) -> int:
        """Distance of a 13- or 14-tile count row (bytes or uint8 array of 34)."""
        cdef bytes b = bytes(counts)
        return distance(get_tables(), <const uint8_t*><char*>b, &self.cfg)

    cdef int node(self, bytes key):
        cdef object i = self.index.get(key)
        if i is not None:
            return i
        cdef int n = len(self.hands)
        self.index[key] = n
        self.hands.append(key)
        self.dist.append(distance(get_tables(), <const uint8_t*><char*>key, &self.cfg))
        self.tr.append(None)
        return n

    def add_root(self, counts) -> int:
        """The node of a 13-tile hand (made if new)."""
        if self.frozen:
            raise RuntimeError("the graph is solved: make a new one")
        return self.node(bytes(counts))

    def node_distance(self, int n) -> int:
        return self.dist[n]

    def node_hand(self, int n) -> bytes:
        return self.hands[n]

    def expand(self, roots, Py_ssize_t limit=0):
        """Walk every hand reachable from ``roots`` (node ids); ``limit`` > 0: at most that many hands
        (``ValueError`` beyond, before the memory runs out)."""
        cdef const Tables* T = get_tables()
        cdef list stack = list(roots)
        cdef int n, D, t, d, dd, acc0 = 0
        cdef uint8_t h[34]
        cdef bytes key
        cdef list lst, succ
        while stack:
            n = stack.pop()
            if self.tr[n] is not None:
                continue
            if limit > 0 and len(self.hands) > limit:
                raise ValueError(f"the discards reach more than {limit:,} hands (far from tenpai, or keep_shanten "
                                 f"with jokers): raise max_hands, or ask at a lower shanten")
            key = self.hands[n]
            memcpy(h, <const uint8_t*><char*>key, 34)
            D = self.dist[n]
            if self.keep and D == 1:
                acc0 = acceptance(T, h, &self.cfg, D)
            lst = []
            for t in range(34):
                if h[t] >= self.cfg.cap[t]:
                    continue
                h[t] += 1
                dd = distance(T, h, &self.cfg)
                if dd == 0:
                    lst.append((t, True, None))
                elif dd < D or (self.keep and D == 1):
                    succ = []
                    for d in range(34):
                        if not h[d] or d == t:
                            continue
                        h[d] -= 1
                        if dd < D:
                            if distance(T, h, &self.cfg) == D - 1:
                                succ.append(self.node(bytes((<char*>h)[:34])))
                        elif distance(T, h, &self.cfg) == D and acceptance(T, h, &self.cfg, D) > acc0:
                            # keep: the same distance and more tiles that lower it
                            succ.append(self.node(bytes((<char*>h)[:34])))
                        h[d] += 1
                    if succ:
                        lst.append((t, False, succ))
                        for d in succ:
                            if self.tr[d] is None:
                                stack.append(d)
                h[t] -= 1
            self.tr[n] = lst

    def wins(self):
        """Every (node, tile) whose draw completes the node's hand by shape: the caller scores them."""
        out = []
        for n, lst in enumerate(self.tr):
            if lst is None:
                continue
            for t, w, _ in lst:
                if w:
                    out.append((n, t))
        return out

    def set_wins(self, values):
        """One value per entry of :meth:`wins` (same order; ``< 0``: not a legal win). Freezes the graph."""
        cdef Py_ssize_t n_nodes = len(self.hands), m = 0, k = 0, j
        cdef Py_ssize_t e = 0, s = 0, wv = 0
        values = np.asarray(values, dtype=np.float64)
        for lst in self.tr:
            if lst is not None:
                m += len(lst)
                for t, w, succ in lst:
                    if not w:
                        k += len(succ)
        hand = np.frombuffer(b"".join(self.hands), dtype=np.uint8).reshape(n_nodes, 34).copy() \
            if n_nodes else np.zeros((0, 34), np.uint8)
        tr_start = np.zeros(n_nodes + 1, np.int32)
        tr_tile = np.zeros(m, np.int8)
        tr_win = np.zeros(m, np.uint8)
        tr_value = np.zeros(m, np.float64)
        sc_start = np.zeros(m + 1, np.int32)
        sc = np.zeros(k, np.int32)
        tenpai = np.zeros(n_nodes, np.uint8)
        for j in range(n_nodes):
            tr_start[j] = e
            lst = self.tr[j]
            if lst is None:
                continue
            for t, w, succ in lst:
                tr_tile[e] = t
                sc_start[e] = s
                if w:
                    v = values[wv]
                    wv += 1
                    if v < 0:
                        tr_win[e] = 2            # complete by shape, refused by the rule set
                    else:
                        tr_win[e] = 1
                        tr_value[e] = v
                        tenpai[j] = 1
                else:
                    for x in succ:
                        sc[s] = x
                        s += 1
                e += 1
        tr_start[n_nodes] = e
        sc_start[m] = s
        if wv != len(values):
            raise ValueError(f"set_wins: {len(values)} values for {wv} wins")
        self.a_hand, self.a_tr_start, self.a_tr_tile, self.a_tr_win = hand, tr_start, tr_tile, tr_win
        self.a_tr_value, self.a_sc_start, self.a_sc, self.a_tenpai = tr_value, sc_start, sc, tenpai
        self.frozen = True

    def transitions(self, int n):
        """[(tile, kind, value, successors)] of node ``n`` (kind: 0 move, 1 win, 2 refused win)."""
        out = []
        for e in range(self.a_tr_start[n], self.a_tr_start[n + 1]):
            out.append((int(self.a_tr_tile[e]), int(self.a_tr_win[e]), float(self.a_tr_value[e]),
                        [int(x) for x in self.a_sc[self.a_sc_start[e]:self.a_sc_start[e + 1]]]))
        return out

    def solve(self, int root, unseen, int turns, str objective="win"):
        """The dynamic programme for ``root`` (a 13-tile node): ``unseen`` 34 counts at the root
        (the wall's kinds minus everything seen, the root's own tiles included), ``turns`` draws.

        Returns ``(value, tenpai, win, expected, nodes)``: the objective's value at ``turns``; the
        probability of being tenpai (or having won) by draw t, of having won by draw t and the
        expected value of the wins by draw t (arrays of ``turns + 1``, t = 0 now); ``nodes`` the
        hands the root reaches.
        """
        if not self.frozen:
            raise RuntimeError("solve: call set_wins first")
        obj = OBJECTIVES.get(objective)
        if obj is None:
            raise ValueError(f"objective must be one of {', '.join(OBJECTIVES)}, got {objective!r}")
        cdef int32_t[::1] u = np.ascontiguousarray(unseen, dtype=np.int32)
        if u.shape[0] != 34:
            raise ValueError("unseen: 34 counts")
        cdef int R = 0, t
        for t in range(34):
            if u[t] < 0:
                raise ValueError("unseen: negative count")
            R += u[t]
        if turns < 0 or turns > R:
            raise ValueError(f"turns={turns}: between 0 and the {R} unseen tiles")
        cdef Py_ssize_t n_nodes = len(self.hands)
        cdef const uint8_t[:, ::1] hand = self.a_hand
        cdef const int32_t[::1] tr_start = self.a_tr_start
        cdef const int8_t[::1] tr_tile = self.a_tr_tile
        cdef const uint8_t[::1] tr_win = self.a_tr_win
        cdef const double[::1] tr_value = self.a_tr_value
        cdef const int32_t[::1] sc_start = self.a_sc_start
        cdef const int32_t[::1] sc = self.a_sc
        cdef const uint8_t[::1] tenpai = self.a_tenpai
        # the nodes the root reaches, in an order where successors come later (BFS over a DAG when
        # keep is off; with keep the values only read the next draw's layer, so any order works)
        local_np = np.full(n_nodes, -1, np.int32)
        cdef int32_t[::1] local = local_np
        order_np = np.zeros(n_nodes, np.int32)
        cdef int32_t[::1] order = order_np
        cdef Py_ssize_t n_reach = 0, head = 0, e, x
        cdef int v
        local[root] = 0
        order[0] = root
        n_reach = 1
        while head < n_reach:
            v = order[head]
            head += 1
            for e in range(tr_start[v], tr_start[v + 1]):
                for x in range(sc_start[e], sc_start[e + 1]):
                    if local[sc[x]] < 0:
                        local[sc[x]] = n_reach
                        order[n_reach] = sc[x]
                        n_reach += 1
        V_np = np.zeros((turns + 1, n_reach), np.float64)
        cdef double[:, ::1] V = V_np
        tenpai_c = np.zeros(turns + 1, np.float64)
        win_c = np.zeros(turns + 1, np.float64)
        exp_c = np.zeros(turns + 1, np.float64)
        cdef double[::1] tc = tenpai_c, wc = win_c, ec = exp_c
        cdef const uint8_t* h0 = &hand[root, 0]
        cdef int obj_c = obj
        with nogil:
            run_dp(&hand[0, 0], &tr_start[0], &tr_tile[0] if tr_tile.shape[0] else NULL,
                   &tr_win[0] if tr_win.shape[0] else NULL, &tr_value[0] if tr_value.shape[0] else NULL,
                   &sc_start[0], &sc[0] if sc.shape[0] else NULL, &tenpai[0], &u[0], R, h0,
                   &order[0], &local[0], n_reach, turns, obj_c, &V[0, 0], &tc[0], &wc[0], &ec[0])
        return float(V[0, 0]), tenpai_c, win_c, exp_c, int(n_reach)


cdef inline double draw_p(const uint8_t* h, const uint8_t* h0, const int32_t* u, int t, double inv) noexcept nogil:
    """Probability of drawing kind t from a hand ``h`` (root ``h0``) with ``1/inv`` tiles left."""
    cdef int a = u[t] - (h[t] - h0[t] if h[t] > h0[t] else 0)
    return a * inv if a > 0 else 0.0


cdef inline bint better(double a, double b) noexcept nogil:
    """``a`` is better than ``b`` beyond rounding (ties keep the earlier choice)."""
    return a > b + 1e-12 * (1.0 if b < 1.0 else b)


cdef void run_dp(const uint8_t* hand, const int32_t* tr_start, const int8_t* tr_tile, const uint8_t* tr_win,
                 const double* tr_value, const int32_t* sc_start, const int32_t* sc, const uint8_t* tenpai,
                 const int32_t* u, int R, const uint8_t* h0, const int32_t* order, const int32_t* local,
                 Py_ssize_t n_reach, int turns, int obj, double* V, double* tc, double* wc, double* ec) noexcept nogil:
    """Backward values ``V[i, node]`` (i draws done) for the objective, then the policy played forward."""
    cdef Py_ssize_t j, e, x, nr = n_reach
    cdef int i, node, t, best_j
    cdef double inv, p, ps, acc, stay, val, bv, cand, scale
    cdef const uint8_t* h
    cdef double* Vn
    cdef double* Vc
    cdef double* mass = <double*>malloc(2 * nr * sizeof(double))
    cdef double* nxt = mass + nr
    cdef double* tmp
    if mass == NULL:
        return
    # terminal layer: the tenpai objective counts a tenpai hand as reached
    for j in range(nr):
        V[turns * nr + j] = 1.0 if (obj == OBJ_TENPAI and tenpai[order[j]]) else 0.0
    for i in range(turns - 1, -1, -1):
        inv = 1.0 / (R - i)
        Vn = V + (i + 1) * nr
        Vc = V + i * nr
        for j in range(nr):
            node = order[j]
            if obj == OBJ_TENPAI and tenpai[node]:
                Vc[j] = 1.0
                continue
            h = hand + 34 * node
            stay = Vn[j]
            acc = 0.0
            ps = 0.0
            for e in range(tr_start[node], tr_start[node + 1]):
                if tr_win[e] == 2:
                    continue
                p = draw_p(h, h0, u, tr_tile[e], inv)
                if p == 0.0:
                    continue
                if tr_win[e] == 1:
                    val = 1.0 if obj != OBJ_EXPECTED else tr_value[e]
                else:
                    val = stay
                    for x in range(sc_start[e], sc_start[e + 1]):
                        cand = Vn[local[sc[x]]]
                        if cand > val:
                            val = cand
                acc += p * val
                ps += p
            if ps > 1.0:                 # a small wall: more useful copies than tiles left
                acc /= ps
                ps = 1.0
            Vc[j] = acc + (1.0 - ps) * stay
    # forward: the mass of each hand after i draws under the policy; the curves by draw
    memset(mass, 0, nr * sizeof(double))
    mass[0] = 1.0
    tc[0] = 1.0 if tenpai[order[0]] else 0.0
    wc[0] = 0.0
    ec[0] = 0.0
    for i in range(turns):
        inv = 1.0 / (R - i)
        Vn = V + (i + 1) * nr
        memset(nxt, 0, nr * sizeof(double))
        wc[i + 1] = wc[i]
        ec[i + 1] = ec[i]
        for j in range(nr):
            if mass[j] == 0.0:
                continue
            node = order[j]
            h = hand + 34 * node
            ps = 0.0
            # the same normalisation as the backward pass
            for e in range(tr_start[node], tr_start[node + 1]):
                if tr_win[e] != 2:
                    ps += draw_p(h, h0, u, tr_tile[e], inv)
            scale = 1.0 / ps if ps > 1.0 else 1.0
            ps = 0.0
            for e in range(tr_start[node], tr_start[node + 1]):
                if tr_win[e] == 2:
                    continue
                p = draw_p(h, h0, u, tr_tile[e], inv) * scale
                if p == 0.0:
                    continue
                ps += p
                if tr_win[e] == 1:
                    wc[i + 1] += mass[j] * p
                    ec[i + 1] += mass[j] * p * tr_value[e]
                    continue
                if obj == OBJ_TENPAI and tenpai[node]:
                    best_j = j                      # nothing to gain: keep the hand
                else:
                    best_j = j
                    bv = Vn[j]
                    for x in range(sc_start[e], sc_start[e + 1]):
                        cand = Vn[local[sc[x]]]
                        if better(cand, bv):
                            bv = cand
                            best_j = local[sc[x]]
                nxt[best_j] += mass[j] * p
            nxt[j] += mass[j] * (1.0 - ps)
        tmp = mass
        mass = nxt
        nxt = tmp
        tc[i + 1] = wc[i + 1]
        for j in range(nr):
            if mass[j] != 0.0 and tenpai[order[j]]:
                tc[i + 1] += mass[j]
    free(mass if mass < nxt else nxt)
