"""Seeded hand sets shared by the benchmarks, and conversions to each peer's input format.

Every set is an ``(N, 34)`` uint8 count array in mjpy's tile order (0-8 = 1m-9m, 9-17 = 1p-9p,
18-26 = 1s-9s, 27-30 = 东南西北, 31 = 中, 32 = 发, 33 = 白), generated from a fixed seed, so
mjpy and every peer see exactly the same hands and two runs see the same hands too.

Sets (``hand_set(kind, n)``; the first ``n`` rows of a set never depend on ``n``'s value beyond the
generation chunk, see :func:`hand_set`):

* ``deal13`` - 13 tiles dealt from a shuffled 136-tile wall;
* ``deal14`` - 14 tiles dealt from a shuffled 136-tile wall;
* ``complete14`` - complete 14-tile hands: 90 % standard (4 sets + pair, sets drawn uniformly from
  the 34 pungs and 21 chows), 8 % seven distinct pairs, 2 % thirteen orphans;
* ``near13`` - near-tenpai 13-tile hands: a complete standard hand with one tile removed (tenpai);
  in half of the rows (chosen at random) one more tile is then replaced by a tile drawn from the
  rest of the wall (then usually one away from tenpai). About 56 % of the rows are tenpai.

Peer formats (built before timing; :data:`CONVERTERS` times them separately):

* ``mahjong`` / ``xiangting``: a list of 34 ints in the Japanese order (白 31, 发 32, 中 33), i.e.
  mjpy's order with 31 and 33 swapped;
* ``MahjongGB`` (pymahjonggb): a tuple of tile strings, ``W1``-``W9`` (万 = m), ``B1``-``B9``
  (饼 = p), ``T1``-``T9`` (条 = s), ``F1``-``F4`` winds, ``J1`` 中 ``J2`` 发 ``J3`` 白;
* ``cmajiang``: a ``cmajiang.Shoupai`` built from majiang-core notation (``m123p456s789z1122``,
  z5 白 z6 发 z7 中).
"""
from __future__ import annotations

import functools

import numpy as np

SEED = 20240611
N_BATCH = 1_000_000  # rows per batch call
N_SCALAR = 20_000  # hands per scalar loop
CHUNK = 100_000  # generation chunk (bounds memory: a (CHUNK, 136) float32 key array)

ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
KINDS = ("deal13", "deal14", "complete14", "near13")

# 34 pungs + 21 chows as (55, 34) count rows
_SETS = np.zeros((55, 34), np.uint8)
for _t in range(34):
    _SETS[_t, _t] = 3
for _i, (_s, _d) in enumerate((s, d) for s in (0, 9, 18) for d in range(7)):
    _SETS[34 + _i, _s + _d:_s + _d + 3] = 1


def _counts(idx: np.ndarray) -> np.ndarray:
    """(N, k) tile indices -> (N, 34) uint8 counts."""
    n = idx.shape[0]
    flat = (idx + 34 * np.arange(n)[:, None]).ravel()
    return np.bincount(flat, minlength=34 * n).reshape(n, 34).astype(np.uint8)


def _deal(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    keys = rng.random((n, 136), dtype=np.float32)
    return _counts(np.argpartition(keys, k - 1, axis=1)[:, :k] // 4)


def _pick_weighted(rng: np.random.Generator, weights: np.ndarray) -> np.ndarray:
    """One column index per row, chosen with probability proportional to ``weights``."""
    cum = np.cumsum(weights, axis=1, dtype=np.int32)
    r = (rng.random(len(weights)) * cum[:, -1]).astype(np.int32)
    return (cum <= r[:, None]).sum(axis=1)


def _standard(rng: np.random.Generator, n: int) -> np.ndarray:
    """n complete standard hands (4 sets + pair), no tile more than four times."""
    out = np.empty((n, 34), np.uint8)
    todo = np.arange(n)
    while len(todo):
        m = len(todo)
        h = _SETS[rng.integers(0, 55, (m, 4))].sum(axis=1, dtype=np.uint8)
        h[np.arange(m), rng.integers(0, 34, m)] += 2
        ok = h.max(axis=1) <= 4
        out[todo[ok]] = h[ok]
        todo = todo[~ok]
    return out


def _seven_pairs(rng: np.random.Generator, n: int) -> np.ndarray:
    keys = rng.random((n, 34))
    return (2 * _counts(np.argpartition(keys, 6, axis=1)[:, :7])).astype(np.uint8)


def _orphans(rng: np.random.Generator, n: int) -> np.ndarray:
    h = np.zeros((n, 34), np.uint8)
    h[:, ORPHANS] = 1
    h[np.arange(n), ORPHANS[rng.integers(0, 13, n)]] += 1
    return h


def _complete(rng: np.random.Generator, n: int) -> np.ndarray:
    kind = rng.random(n)
    h = _standard(rng, n)
    sp = kind >= 0.90
    h[sp] = _seven_pairs(rng, int(sp.sum()))
    ko = kind >= 0.98
    h[ko] = _orphans(rng, int(ko.sum()))
    return h


def _near_tenpai(rng: np.random.Generator, n: int) -> np.ndarray:
    h = _standard(rng, n)
    rows = np.arange(n)
    h[rows, _pick_weighted(rng, h)] -= 1  # complete minus one tile: tenpai
    swap = rows[rng.random(n) < 0.5]  # in half of the rows, replace one tile ...
    h[swap, _pick_weighted(rng, h[swap])] -= 1
    h[swap, _pick_weighted(rng, 4 - h[swap].astype(np.int32))] += 1  # ... by one from the wall
    return h


_MAKERS = {"deal13": lambda r, n: _deal(r, n, 13), "deal14": lambda r, n: _deal(r, n, 14),
           "complete14": _complete, "near13": _near_tenpai}


@functools.lru_cache(maxsize=None)
def _full(kind: str, chunks: int) -> np.ndarray:
    rng = np.random.default_rng([SEED, KINDS.index(kind)])
    parts = [_MAKERS[kind](rng, CHUNK) for _ in range(chunks)]
    out = np.ascontiguousarray(np.concatenate(parts))
    out.flags.writeable = False
    return out


def hand_set(kind: str, n: int) -> np.ndarray:
    """The first ``n`` hands of set ``kind`` as a read-only C-contiguous (n, 34) uint8 array.

    Hands are generated in chunks of :data:`CHUNK` from one seeded stream, so ``hand_set(k, 20000)``
    is exactly the first 20,000 rows of ``hand_set(k, 1000000)``.
    """
    if kind not in _MAKERS:
        raise ValueError(f"unknown hand set {kind!r}: one of {KINDS}")
    return _full(kind, max(1, -(-n // CHUNK)))[:n]


# ---------------------------------------------------------------------------------------------
# conversions (mjpy order rows -> each peer's own input)

_JP = np.arange(34)
_JP[[31, 33]] = [33, 31]  # mjpy <-> Japanese order (白/中 swapped); its own inverse

GB_NAMES = tuple([f"W{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 10)]
                 + [f"T{i}" for i in range(1, 10)] + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"])
GB_INDEX = {name: i for i, name in enumerate(GB_NAMES)}

# majiang-core names in mjpy order: 31 中 = z7, 32 发 = z6, 33 白 = z5
MJC_NAMES = tuple([("m", str(d)) for d in range(1, 10)] + [("p", str(d)) for d in range(1, 10)]
                  + [("s", str(d)) for d in range(1, 10)]
                  + [("z", str(d)) for d in (1, 2, 3, 4, 7, 6, 5)])


def to_list34(rows: np.ndarray) -> list:
    """Lists of 34 ints, mjpy order (what mjpy's scalar API is given in the 'list' rows)."""
    return np.asarray(rows).tolist()


def to_bytes(rows: np.ndarray) -> list:
    return [r.tobytes() for r in np.asarray(rows, dtype=np.uint8)]


def to_arrays(rows: np.ndarray) -> list:
    """One 1-D uint8 array (34,) per hand."""
    return list(np.array(rows, dtype=np.uint8))


def to_japanese34(rows: np.ndarray) -> list:
    """Lists of 34 ints in the Japanese order (mahjong, xiangting)."""
    return np.asarray(rows)[:, _JP].tolist()


def jp_mask_to_mjpy(mask: int) -> int:
    """A Japanese-order 34-bit tile mask (xiangting) -> mjpy order (swap bits 31 and 33)."""
    b31, b33 = (mask >> 31) & 1, (mask >> 33) & 1
    return (mask & ~((1 << 31) | (1 << 33))) | (b31 << 33) | (b33 << 31)


def to_gb(rows: np.ndarray) -> list:
    """Tuples of tile strings for pymahjonggb (``MahjongGB``)."""
    out = []
    for r in np.asarray(rows).tolist():
        t = []
        for i, c in enumerate(r):
            if c:
                t.extend((GB_NAMES[i],) * c)
        out.append(tuple(t))
    return out


def gb_tiles_to_mask(tiles) -> int:
    m = 0
    for t in tiles:
        m |= 1 << GB_INDEX[t]
    return m


def to_mjc_string(row) -> str:
    parts = {"m": "", "p": "", "s": "", "z": ""}
    for i, c in enumerate(row):
        if c:
            suit, d = MJC_NAMES[i]
            parts[suit] += d * c
    return "".join(s + "".join(sorted(parts[s])) for s in "mpsz" if parts[s])


_MJC_INDEX = {s + d: i for i, (s, d) in enumerate(MJC_NAMES)}


def mjc_tiles_to_mask(tiles) -> int:
    """cmajiang tile names (``'z5'``, ``'m0'`` = red five) -> mjpy-order mask."""
    m = 0
    for t in tiles:
        t = t[:2]
        if t[1] == "0":
            t = t[0] + "5"
        m |= 1 << _MJC_INDEX[t]
    return m


def to_cmajiang(rows: np.ndarray) -> list:
    import cmajiang

    return [cmajiang.Shoupai(to_mjc_string(r)) for r in np.asarray(rows).tolist()]


def have(module: str) -> bool:
    """Whether a peer module imports (the optional peers are skipped cleanly when absent)."""
    try:
        __import__(module)
    except Exception:
        return False
    return True


PEER_MODULES = {"mahjong": "mahjong", "xiangting": "xiangting", "pymahjonggb": "MahjongGB",
                "cmajiang": "cmajiang"}


def peer_versions() -> dict:
    from importlib import metadata

    out = {}
    for dist, mod in PEER_MODULES.items():
        if have(mod):
            try:
                out[dist] = metadata.version(dist if dist != "pymahjonggb" else "PyMahjongGB")
            except metadata.PackageNotFoundError:
                out[dist] = "?"
    return out


def mask_tiles(mask: int) -> list:
    return [i for i in range(34) if (int(mask) >> i) & 1]


def hand_str(row) -> str:
    """mjpy notation of a count row (for messages): ``123m456p789s1122z``."""
    import mjpy

    return mjpy.to_string(np.asarray(row, dtype=np.uint8))


# ---------------------------------------------------------------------------------------------
# The operations and the implementations measured for each (shared by report.py and the tests)
#
# Each scalar implementation is a call *expression* on ``h`` evaluated in a small namespace; the
# timing loop is compiled from it (``for h in hs: <expr>``), so no lambda or partial sits between
# the loop and the call being measured. ``post`` maps a raw result to mjpy's convention (shanten
# number, bool, or a 34-bit mask in mjpy order) for the agreement checks, outside the timing.

STD = ("standard",)


def _ns_mjpy():
    import mjpy

    return {"mjpy": mjpy, "shanten": mjpy.shanten, "is_win": mjpy.is_win, "waits": mjpy.waits,
            "waits_mask": mjpy.waits_mask, "useful_tiles": mjpy.useful_tiles, "STD": STD}


def _ns_mahjong():
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    return {"Shanten": Shanten, "agari": Agari()}


def _ns_xiangting():
    import xiangting

    return {"xt": xiangting, "rn": xiangting.calculate_replacement_number,
            "nt": xiangting.calculate_necessary_tiles, "FOUR": xiangting.PlayerCount.FOUR}


def _ns_gb():
    import MahjongGB

    return {"GB": MahjongGB, "RegularShanten": MahjongGB.RegularShanten,
            "MahjongShanten": MahjongGB.MahjongShanten}


def _ns_cmajiang():
    import cmajiang

    return {"xiangting": cmajiang.xiangting, "tingpai": cmajiang.tingpai}


def _useful_mask(us) -> int:
    m = 0
    for u in us:
        m |= 1 << u.tile
    return m


def _wait_list_mask(ws) -> int:
    m = 0
    for w in ws:
        m |= 1 << int(w)
    return m


def _gb_waits(res) -> int:
    s, useful = res
    return gb_tiles_to_mask(useful) if s == 0 else 0


def _ident(x):
    return x


class Impl:
    """One way of computing an operation on one hand.

    name: row label; call: the expression timed (on ``h``); ns: namespace factory; prepare: the
    (n, 34) rows -> list of inputs conversion (not timed); post: raw result -> mjpy convention;
    ref: the mjpy expression computing the same quantity (for the agreement check; default:
    the operation's own mjpy call); same: ``None`` when the peer computes the same quantity,
    else a short note; module: what must import; agree_rows: rows -> bool mask of the rows on
    which the peer must match mjpy (default: all rows).
    """

    def __init__(self, name, call, ns, prepare, post=_ident, ref=None, same=None, module=None,
                 input_name="", agree_rows=None):
        self.name, self.call, self.ns, self.prepare = name, call, ns, prepare
        self.agree_rows = agree_rows
        self.post, self.ref, self.same, self.module = post, ref, same, module
        self.input_name = input_name

    @property
    def available(self) -> bool:
        return self.module is None or have(self.module)

    def compile(self):
        """(loop, results): ``loop(hs)`` runs the call on every input, ``results(hs)`` collects."""
        env = dict(self.ns())
        src = (f"def _loop(hs):\n    for h in hs:\n        {self.call}\n"
               f"def _results(hs):\n    return [{self.call} for h in hs]\n")
        exec(compile(src, f"<{self.name}>", "exec"), env)
        return env["_loop"], env["_results"]


class Op:
    """An operation: a hand set, the mjpy batch call, mjpy scalar variants and peers."""

    def __init__(self, key, title, kind, batch, batch_post, mjpy_call, mjpy_post, peers,
                 target_ns=None, extra_mjpy=()):
        self.key, self.title, self.kind = key, title, kind
        self.batch, self.batch_post = batch, batch_post
        self.mjpy_call, self.mjpy_post = mjpy_call, mjpy_post
        self.peers, self.target_ns = peers, target_ns
        self.extra_mjpy = extra_mjpy  # [(call, post)]: more mjpy scalar calls (list input)

    def mjpy_impls(self):
        """mjpy's scalar call with the three input types (list of ints, bytes, numpy row), then
        the extra mjpy calls (list input); ``tag`` names each in test ids. The first one (the
        op's call on a list of ints, the input the list-taking peers get) is the one the peers
        are compared with."""
        out = []
        for label, prep in (("list", to_list34), ("bytes", to_bytes), ("ndarray", to_arrays)):
            imp = Impl(f"mjpy `{self.mjpy_call}` ({label})", self.mjpy_call, _ns_mjpy, prep,
                       self.mjpy_post, input_name=label)
            imp.tag = label
            out.append(imp)
        for call, post in self.extra_mjpy:
            imp = Impl(f"mjpy `{call}` (list)", call, _ns_mjpy, to_list34, post,
                       ref=self.mjpy_call, input_name="list")
            imp.tag = "list-" + call.split("(")[0]
            out.append(imp)
        return out

    def ref_results(self, rows, expr=None):
        """mjpy's answers on ``rows`` (list input), with ``expr`` or the op's own call."""
        imp = Impl("ref", expr or self.mjpy_call, _ns_mjpy, to_list34, self.mjpy_post)
        return [imp.post(r) for r in imp.compile()[1](imp.prepare(rows))]


def _batch(fn_name, **kw):
    def run(hands, workers):
        import mjpy

        return getattr(mjpy.batch, fn_name)(hands, workers=workers, **kw)

    run.__name__ = f"batch.{fn_name}"
    run.kwargs = kw
    return run


def _tenpai_rows(rows) -> np.ndarray:
    import mjpy

    return mjpy.batch.shanten(rows, quads_as_two_pairs=False, workers=1) == 0


def _no_quads(rows) -> np.ndarray:
    return np.asarray(rows).max(axis=1) < 4


_RIICHI_REF = "shanten(h, quads_as_two_pairs=False)"
_RIICHI_WIN = "is_win(h, quads_as_two_pairs=False)"
_RIICHI_NOTE = ("Japanese seven pairs (a four of a kind is not two pairs): checked against mjpy "
                "`quads_as_two_pairs=False`")

_PEER_MAHJONG_ALL = Impl("mahjong `Shanten.calculate_shanten(h)`", "Shanten.calculate_shanten(h)",
                         _ns_mahjong, to_japanese34, ref=_RIICHI_REF, module="mahjong",
                         same=_RIICHI_NOTE)
_PEER_XT_ALL = Impl("xiangting `calculate_replacement_number(h, FOUR)`", "rn(h, FOUR)",
                    _ns_xiangting, to_japanese34, post=lambda r: r - 1, ref=_RIICHI_REF,
                    module="xiangting", same=_RIICHI_NOTE + "; returns shanten + 1")
_PEER_CMJ_ALL = Impl("cmajiang `xiangting(shoupai)`", "xiangting(h)", _ns_cmajiang, to_cmajiang,
                     ref=_RIICHI_REF, module="cmajiang", same=_RIICHI_NOTE)

OPS = [
    Op("shanten_standard", "Shanten, standard form only (13-tile wall deals)", "deal13",
       _batch("shanten", forms=STD), int, 'shanten(h, forms=("standard",))', _ident,
       [Impl("mahjong `Shanten.calculate_shanten_for_regular_hand(h)`",
             "Shanten.calculate_shanten_for_regular_hand(h)", _ns_mahjong, to_japanese34,
             module="mahjong"),
        Impl("pymahjonggb `RegularShanten(h)`", "RegularShanten(h)", _ns_gb, to_gb,
             post=lambda r: r[0], module="MahjongGB",
             same="also returns the useful tiles (the exhausted ones too)")],
       target_ns=12),
    Op("shanten_default", "Shanten, standard + seven pairs + thirteen orphans (13-tile wall deals)",
       "deal13", _batch("shanten"), int, "shanten(h)", _ident,
       [_PEER_XT_ALL, _PEER_MAHJONG_ALL, _PEER_CMJ_ALL], target_ns=15),
    Op("shanten_default14",
       "Shanten, standard + seven pairs + thirteen orphans (14-tile wall deals)", "deal14",
       _batch("shanten"), int, "shanten(h)", _ident,
       [_PEER_XT_ALL, _PEER_MAHJONG_ALL, _PEER_CMJ_ALL], target_ns=15),
    Op("shanten_all", "Shanten, all Guobiao forms incl. knitted (13-tile wall deals)", "deal13",
       _batch("shanten", forms="all"), int, 'shanten(h, forms="all")', _ident,
       [Impl("pymahjonggb `MahjongShanten((), h)`", "MahjongShanten((), h)", _ns_gb, to_gb,
             module="MahjongGB")]),
    Op("is_win", "Win check, complete 14-tile hands", "complete14", _batch("is_win"), bool,
       "is_win(h)", _ident,
       [Impl("xiangting `calculate_replacement_number(h, FOUR) == 0`", "rn(h, FOUR)", _ns_xiangting,
             to_japanese34, post=lambda r: r == 0, module="xiangting", ref=_RIICHI_WIN,
             same="no win-check call: computes the full replacement number"),
        Impl("mahjong `Agari().is_agari(h)`", "agari.is_agari(h)", _ns_mahjong, to_japanese34,
             module="mahjong", ref=_RIICHI_WIN),
        Impl("cmajiang `xiangting(shoupai) == -1`", "xiangting(h)", _ns_cmajiang, to_cmajiang,
             post=lambda r: r == -1, module="cmajiang", ref=_RIICHI_WIN,
             same="no win-check call: computes the full shanten")],
       target_ns=12),
    Op("is_win_deal14", "Win check, 14-tile wall deals (almost never a win)", "deal14",
       _batch("is_win"), bool, "is_win(h)", _ident,
       [Impl("xiangting `calculate_replacement_number(h, FOUR) == 0`", "rn(h, FOUR)", _ns_xiangting,
             to_japanese34, post=lambda r: r == 0, module="xiangting", ref=_RIICHI_WIN,
             same="no win-check call: computes the full replacement number"),
        Impl("mahjong `Agari().is_agari(h)`", "agari.is_agari(h)", _ns_mahjong, to_japanese34,
             module="mahjong", ref=_RIICHI_WIN),
        Impl("cmajiang `xiangting(shoupai) == -1`", "xiangting(h)", _ns_cmajiang, to_cmajiang,
             post=lambda r: r == -1, module="cmajiang", ref=_RIICHI_WIN,
             same="no win-check call: computes the full shanten")],
       target_ns=12),
    Op("waits", "Waits of a 13-tile hand (near-tenpai hands)", "near13", _batch("waits"), int,
       "waits_mask(h)", _ident,
       [Impl("xiangting `calculate_necessary_tiles(h, FOUR)`", "nt(h, FOUR)", _ns_xiangting,
             to_japanese34, post=lambda r: jp_mask_to_mjpy(r[1]),
             ref="waits_mask(h, quads_as_two_pairs=False)", module="xiangting",
             agree_rows=_tenpai_rows,
             same=("necessary tiles = tiles that lower the shanten: the waits on tenpai hands, the "
                   "useful tiles otherwise (compared on tenpai hands only)")),
        Impl("cmajiang `tingpai(shoupai)`", "tingpai(h)", _ns_cmajiang, to_cmajiang,
             post=mjc_tiles_to_mask, ref="waits_mask(h, quads_as_two_pairs=False)",
             module="cmajiang", agree_rows=_tenpai_rows,
             same=("tingpai = tiles that lower the shanten (waits when tenpai, useful tiles "
                   "otherwise; compared on tenpai hands only)")),
        Impl("pymahjonggb `RegularShanten(h)`", "RegularShanten(h)", _ns_gb, to_gb,
             post=_gb_waits, ref="waits_mask(h, forms=STD, include_exhausted=True)",
             module="MahjongGB",
             same=("standard form only; its useful tiles are the waits when the shanten is 0, "
                   "and include tiles the hand holds all four of "
                   "(mjpy `include_exhausted=True`)"))],
       target_ns=35, extra_mjpy=[("waits(h)", _wait_list_mask)]),
    Op("useful_tiles", "Useful tiles of a 13-tile hand (13-tile wall deals)", "deal13",
       _batch("useful_tiles"), int, "useful_tiles(h)", _useful_mask,
       [Impl("xiangting `calculate_necessary_tiles(h, FOUR)`", "nt(h, FOUR)", _ns_xiangting,
             to_japanese34, post=lambda r: jp_mask_to_mjpy(r[1]),
             ref="useful_tiles(h, quads_as_two_pairs=False)", module="xiangting",
             same=_RIICHI_NOTE + "; returns a bit mask (mjpy scalar returns `Useful` tuples)"),
        Impl("cmajiang `tingpai(shoupai)`", "tingpai(h)", _ns_cmajiang, to_cmajiang,
             post=mjc_tiles_to_mask, ref="useful_tiles(h, quads_as_two_pairs=False)",
             module="cmajiang", same=_RIICHI_NOTE),
        Impl("pymahjonggb `RegularShanten(h)`", "RegularShanten(h)", _ns_gb, to_gb,
             post=lambda r: gb_tiles_to_mask(r[1]), ref="useful_tiles(h, forms=STD)",
             module="MahjongGB", agree_rows=_no_quads,
             same=("standard form only, and lists tiles the hand holds all four of (compared on "
                   "hands without a four of a kind)"))],
       target_ns=100),
]
OPS_BY_KEY = {op.key: op for op in OPS}


def agree_mask(op: Op, impl: Impl, rows: np.ndarray) -> np.ndarray:
    """Rows on which ``impl`` is expected to match mjpy (see each peer's note)."""
    if impl.agree_rows is None:
        return np.ones(len(rows), bool)
    return np.asarray(impl.agree_rows(rows), bool)


def disagreements(op: Op, impl: Impl, rows: np.ndarray, results=None) -> list:
    """[(row index, mjpy answer, peer answer)] where the peer and mjpy differ on ``rows``."""
    if results is None:
        results = impl.compile()[1](impl.prepare(rows))
    got = [impl.post(r) for r in results]
    want = op.ref_results(rows, impl.ref)
    keep = agree_mask(op, impl, rows)
    return [(i, want[i], got[i]) for i in range(len(rows)) if keep[i] and want[i] != got[i]]


def cases(op_keys) -> list:
    """(op key, kind, index, id) of every measurement of ``op_keys``, mjpy first: kind ``batch``
    (index = workers), ``mjpy`` (index into ``op.mjpy_impls()``) or ``peer`` (into ``op.peers``)."""
    out = []
    for key in op_keys:
        op = OPS_BY_KEY[key]
        out += [(key, "batch", w, f"{key}-mjpy-batch-w{w}") for w in (1, 2)]
        out += [(key, "mjpy", i, f"{key}-mjpy-{imp.tag}")
                for i, imp in enumerate(op.mjpy_impls())]
        out += [(key, "peer", i, f"{key}-{imp.name.split()[0]}") for i, imp in enumerate(op.peers)]
    return out
