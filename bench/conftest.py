"""pytest-benchmark harness for mjpy and its peers.

``pytest bench`` (the project's addopts pass ``--benchmark-disable``) is a quick smoke test: every
benchmark makes one real call on a few hundred hands and checks that mjpy and the peer agree.
``pytest bench --benchmark-enable`` times them; the table groups mjpy and the peers per operation
(one pytest-benchmark group per operation), and ``extra_info`` carries ns/hand, hands/s and the
ratios to mjpy (see ``--benchmark-json``).

One round is one batch call on ``N_BATCH`` rows or one loop over the scalar hands; the rounds are
divided by the number of hands before pytest-benchmark summarises them, so its table reads as time
*per hand* (ns) and its OPS column as hands per second, comparable across rows of a group.
"""
from __future__ import annotations

import os
import sys
import time

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import hands as H  # noqa: E402

SMOKE_SCALAR = 200  # hands per scalar call in smoke mode (and hands checked for agreement)
SMOKE_BATCH = 5000  # rows per batch call in smoke mode
PEER_BUDGET = 0.3  # seconds per round for slow peers (they time a prefix of the same hands)
MIN_PEER_N = 1000

# ns/hand measured so far in this session, for the ratios: {(op, "scalar" | 1 | 2): ns}
_MEASURED: dict = {}


def _ns_per_hand(benchmark, n):
    """Rescale the recorded rounds to seconds *per hand* (so pytest-benchmark's table and its
    OPS column read as time per hand and hands/s) and return the best round in ns/hand."""
    stats = benchmark.stats.stats
    stats.data = [d / n for d in stats.data]
    for name in list(vars(stats)):
        if name != "data":  # drop cached_property values computed from the old data
            del vars(stats)[name]
    return stats.min * 1e9


def _record(benchmark, op, n, ns, **extra):
    benchmark.extra_info.update(
        operation=op.key, hand_set=op.kind, hands=n, ns_per_hand=round(ns, 2),
        hands_per_s=round(1e9 / ns), **{k: v for k, v in extra.items() if v is not None})


@pytest.fixture
def run_case(benchmark):
    """``run_case(op_key, kind, index)``: check agreement, then time (when enabled)."""

    def run(key, kind, index):
        op = H.OPS_BY_KEY[key]
        benchmark.group = f"{key}: {op.title}"
        enabled = not benchmark.disabled
        rows = H.hand_set(op.kind, H.N_BATCH if enabled else SMOKE_BATCH)
        scalar_rows = np.ascontiguousarray(rows[:H.N_SCALAR if enabled else SMOKE_SCALAR])
        check = scalar_rows[:SMOKE_SCALAR]

        if kind == "batch":
            want = op.ref_results(check)
            got = benchmark.pedantic(op.batch, args=(rows, index), rounds=5, warmup_rounds=1)
            got = [op.batch_post(x) for x in got[:len(check)]]
            bad = [i for i in range(len(check)) if got[i] != want[i]]
            assert not bad, f"batch vs scalar differ on {H.hand_str(check[bad[0]])}"
            if enabled:
                ns = _ns_per_hand(benchmark, len(rows))
                _MEASURED[key, index] = ns
                w1 = _MEASURED.get((key, 1))
                _record(benchmark, op, len(rows), ns, workers=index, target_ns=op.target_ns,
                        target_met=(ns <= op.target_ns) if op.target_ns and index == 1 else None,
                        speedup_vs_1_worker=round(w1 / ns, 2) if index == 2 and w1 else None)
            return

        imp = (op.mjpy_impls() if kind == "mjpy" else op.peers)[index]
        if not imp.available:
            pytest.skip(f"{imp.module} is not installed")
        loop, results = imp.compile()
        bad = H.disagreements(op, imp, check, results(imp.prepare(check)))
        assert not bad, (f"{imp.name} disagrees with mjpy on "
                         f"{[(H.hand_str(check[i]), a, b) for i, a, b in bad[:3]]}")
        n = len(scalar_rows)
        if enabled:  # slow peers time a prefix of the same hands
            probe = imp.prepare(scalar_rows[:200])
            t = time.perf_counter()
            loop(probe)
            est = max((time.perf_counter() - t) / len(probe), 1e-9)
            n = min(n, max(MIN_PEER_N, int(PEER_BUDGET / est)))
        inputs = imp.prepare(scalar_rows[:n])
        benchmark.pedantic(loop, args=(inputs,), rounds=5 if kind == "mjpy" else 3,
                           warmup_rounds=1)
        if enabled:
            ns = _ns_per_hand(benchmark, n)
            if kind == "mjpy" and index == 0:  # the op's call on a list: the peers' reference
                _MEASURED[key, "scalar"] = ns
            ms, b1 = _MEASURED.get((key, "scalar")), _MEASURED.get((key, 1))
            _record(benchmark, op, n, ns, call=imp.call, input=imp.input_name or None,
                    mjpy_scalar_faster_by=round(ns / ms, 2) if kind == "peer" and ms else None,
                    mjpy_batch_faster_by=round(ns / b1, 2) if b1 else None,
                    note=imp.same)

    return run
