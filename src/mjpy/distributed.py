"""The kernel on Dask: batch analysis of dask arrays and simulations split into Dask tasks.

>>> import dask.array as da, numpy as np, mjpy
>>> from mjpy.distributed import shanten
>>> x = da.from_array(mjpy.random.deal(10_000, "sichuan", seed=1), chunks=(4096, 34))
>>> shanten(x).compute().shape          # one int8 per row, on any scheduler / cluster
(10000,)

Each chunk of rows is one task calling the kernel (``mjcore.batch``) on that block; the lookup
tables load once per worker process (at import of ``mjcore``) and are shared by its threads.
Everything sent to the workers pickles by reference (module-level functions, plain arguments), so
any Dask scheduler works: threads, processes, ``distributed`` on one machine or many.
Chunks must span all 34 columns: arrays chunked along the columns are rechunked.

:func:`simulate` splits the deal indices into ranges, one task each; every deal depends only on
``(rules, seed, index)``, so the result equals ``mjpy.simulate`` with the same arguments.
"""
from __future__ import annotations

from typing import List

import numpy as np

from mjpy import batch as _batch
from mjpy import simulation as _simulation

__all__ = ["deal", "shanten", "is_win", "waits", "waits_mask", "useful_tiles", "simulate",
           "simulate_delayed", "simulate_bag", "summarize"]


def _da():
    try:
        import dask.array as da
    except ImportError:
        raise ImportError("mjpy.distributed needs dask: pip install 'mjpy[distributed]'") from None
    return da


def _prepare(x):
    da = _da()
    if not isinstance(x, da.Array):
        raise TypeError(f"x must be a dask array (dask.array.from_array(hands, chunks=(n, 34))), "
                        f"got {type(x).__name__}")
    if x.ndim != 2 or x.shape[1] != 34:
        raise ValueError(f"x must have shape (N, 34), got {x.shape}")
    if x.dtype.kind not in "iu":
        raise TypeError(f"x must hold integer tile counts (uint8), got dtype {x.dtype}")
    if len(x.chunks[1]) != 1:
        x = x.rechunk({1: 34})
    return x


# module-level block functions: they pickle by reference
def _block(block, op: str, kw: dict) -> np.ndarray:
    if isinstance(block, list):          # blockwise without concatenation: the row block alone
        block = block[0]
    fn = getattr(_batch, op)
    try:
        return fn(block, **kw)
    except ValueError as e:
        raise ValueError(f"{e} (row index within a chunk of {len(block)} rows)") from None


def _map(x, op: str, dtype, kw: dict):
    x = _prepare(x)
    kw = dict(kw)
    kw.setdefault("workers", 1)      # Dask runs the chunks in parallel
    # "ij" -> "i" without concatenate: the task receives [block] as is (map_blocks(drop_axis=1)
    # would concatenate the single column block, a copy of every chunk)
    return da_blockwise(_block, "i", x, "ij", op, None, kw, None, dtype=dtype, concatenate=False)


def da_blockwise(*args, **kwargs):
    return _da().blockwise(*args, **kwargs)


def shanten(x, **kw):
    """``mjpy.batch.shanten`` per chunk -> dask int8 array (N,). Keywords as in mjpy.batch."""
    return _map(x, "shanten", np.int8, kw)


def is_win(x, **kw):
    """``mjpy.batch.is_win`` per chunk -> dask bool array (N,)."""
    return _map(x, "is_win", np.bool_, kw)


def waits_mask(x, **kw):
    """``mjpy.batch.waits`` per chunk -> dask uint64 array (N,) of tile bit masks."""
    return _map(x, "waits", np.uint64, kw)


waits = waits_mask


def useful_tiles(x, **kw):
    """``mjpy.batch.useful_tiles`` per chunk -> dask uint64 array (N,) of tile bit masks."""
    return _map(x, "useful_tiles", np.uint64, kw)


def _deal_block(rules: str, seed: int, start: int, n: int, hand_size: int) -> np.ndarray:
    import mjpy.random

    return mjpy.random.deal(n, rules, seed, hand_size, start=start, workers=1)


def deal(n: int, rules: str = "sichuan", seed: int = 0, *, hand_size: int = 13,
         chunk_size: int = 1 << 20):
    """``mjpy.random.deal`` as a dask array (N, 34) uint8 whose chunks are dealt on the workers:
    equal to the local call (deal i depends only on ``(rules, seed, i)``).

    >>> deal(5, "sichuan", seed=7).compute().sum(axis=1).tolist()
    [13, 13, 13, 13, 13]
    """
    da = _da()
    from dask import delayed

    import mjpy.random

    mjpy.random.wall_of(rules)
    n = _simulation._int_arg(n, "n", 0)
    chunk_size = _simulation._int_arg(chunk_size, "chunk_size", 1)
    mk = delayed(_deal_block, pure=True)
    parts = [da.from_delayed(mk(rules, seed, a, min(chunk_size, n - a), hand_size),
                             shape=(min(chunk_size, n - a), 34), dtype=np.uint8)
             for a in range(0, n, chunk_size)]
    if not parts:
        return da.zeros((0, 34), dtype=np.uint8)
    return da.concatenate(parts, axis=0)


# ---------------------------------------------------------------------------------------------
# simulation

def _play(rules: str, seed: int, start: int, n: int, draws: int, workers: int, fan: bool = True,
          rule_options=None):
    return _simulation.play_range(rules, seed, start, n, draws, workers, fan, rule_options)


def _summary(rules: str, draws: int, seed: int, r) -> "_simulation.Summary":
    return _simulation.Summary(rules, draws, seed=seed).update(r)


def simulate_delayed(rules: str = "sichuan", deals: int = 1000, seed: int = 0, *,
                     draws: int = _simulation.DEFAULT_DRAWS, chunk_size: int = 1 << 18,
                     workers: int = 1, start: int = 0, rule_options=None, fan: bool = True) -> List:
    """One ``dask.delayed`` :class:`~mjpy.simulation.SimulationResult` per range of
    ``chunk_size`` deals (``workers`` threads inside each task). ``rule_options`` and ``fan`` as
    in :func:`mjpy.simulate`."""
    try:
        from dask import delayed
    except ImportError:
        raise ImportError("mjpy.distributed needs dask: pip install 'mjpy[distributed]'") from None
    rs, deals, seed, draws, chunk_size, start = _simulation._check_args(rules, deals, seed, draws,
                                                                        chunk_size, start, rule_options)
    play = delayed(_play, pure=False)
    opts = dict(rule_options) if rule_options else None
    return [play(rs.name, seed, a, min(chunk_size, start + deals - a), draws, workers, bool(fan), opts)
            for a in range(start, start + deals, chunk_size)]


def _as_list(r) -> list:
    return [r]


def simulate_bag(rules: str = "sichuan", deals: int = 1000, seed: int = 0, *,
                 draws: int = _simulation.DEFAULT_DRAWS, chunk_size: int = 1 << 18,
                 workers: int = 1, start: int = 0, rule_options=None, fan: bool = True):
    """A ``dask.bag`` with one :class:`~mjpy.simulation.SimulationResult` per partition (a range
    of ``chunk_size`` deals), for ``.map`` / ``.reduction`` pipelines on the workers.

    >>> b = simulate_bag("sichuan", 3000, seed=1, chunk_size=1000)
    >>> b.map(len).sum().compute()
    3000
    """
    import dask.bag as db
    from dask import delayed

    parts = simulate_delayed(rules, deals, seed, draws=draws, chunk_size=chunk_size,
                             workers=workers, start=start, rule_options=rule_options, fan=fan)
    return db.from_delayed([delayed(_as_list, pure=False)(p) for p in parts])


def simulate(rules: str = "sichuan", deals: int = 1000, seed: int = 0, *,
             draws: int = _simulation.DEFAULT_DRAWS, chunk_size: int = 1 << 18, workers: int = 1,
             start: int = 0, client=None, rule_options=None, fan: bool = True) -> "_simulation.SimulationResult":
    """Play the deals as Dask tasks and gather them -> the same result as ``mjpy.simulate``
    (with the same ``rule_options`` and ``fan``).

    ``client``: a ``distributed.Client`` (default: the current one, else Dask's scheduler).
    """
    import dask

    parts = simulate_delayed(rules, deals, seed, draws=draws, chunk_size=chunk_size,
                             workers=workers, start=start, rule_options=rule_options, fan=fan)
    if not parts:
        return _simulation.simulate(rules, 0, seed, draws=draws, start=start, rule_options=rule_options, fan=fan)
    if client is not None:
        results = client.gather(client.compute(parts))
    else:
        results = dask.compute(*parts)
    return results[0] if len(results) == 1 else _simulation.SimulationResult.concat(list(results))


def summarize(rules: str = "sichuan", deals: int = 1000, seed: int = 0, *,
              draws: int = _simulation.DEFAULT_DRAWS, chunk_size: int = 1 << 18, workers: int = 1,
              client=None, rule_options=None, fan: bool = True) -> "_simulation.Summary":
    """Only the summary of a simulation: each task returns its chunk's running totals, so
    nothing per deal travels back (for billions of deals)."""
    import dask
    from dask import delayed

    parts = simulate_delayed(rules, deals, seed, draws=draws, chunk_size=chunk_size, workers=workers,
                             rule_options=rule_options, fan=fan)
    rs = _simulation.get_rules(rules)
    summ = [delayed(_summary, pure=False)(rs.name, draws, seed, p) for p in parts]
    out = _simulation.Summary(rs.name, draws, seed=seed)
    if not summ:
        return out
    results = client.gather(client.compute(summ)) if client is not None else dask.compute(*summ)
    for s in results:
        out.merge(s)
    return out
