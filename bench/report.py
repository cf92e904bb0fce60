"""Run every mjpy benchmark and its peers with ``time.perf_counter`` and print a Markdown report.

    python bench/report.py                    # the full run (about 2-3 minutes on 2 cores)
    python bench/report.py --quick            # small sizes, a smoke run of the whole script
    python bench/report.py --out /tmp/results.md --ops shanten_default,waits
    python bench/report.py --readme           # also rewrite the table in bench/README.md

Every figure is the best of several repeats (timeit's convention: the least-disturbed run), with
the garbage collector off during timing. Batch calls time one call on ``--batch-n`` rows; scalar
calls time a Python loop over the first ``--scalar-n`` hands of the same set (slow peers time a
smaller prefix of the same hands, shown in the "hands" column). Peer inputs are prepared in each
peer's own format before timing; the conversion cost is measured separately.

Progress goes to stderr; the Markdown goes to stdout (and to ``--out``).
"""
from __future__ import annotations

import argparse
import gc
import os
import platform
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import hands as H  # noqa: E402


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def best_of(fn, repeats: int, *args) -> float:
    """Least wall time of ``repeats`` calls of ``fn(*args)``, gc off (seconds)."""
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        best = float("inf")
        for _ in range(repeats):
            t = time.perf_counter()
            fn(*args)
            best = min(best, time.perf_counter() - t)
        return best
    finally:
        if enabled:
            gc.enable()


def cpu_model() -> str:
    """lscpu's model name (and the hypervisor, on a virtual machine)."""
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
    except Exception:
        return platform.processor() or "unknown CPU"
    info = dict(line.split(":", 1) for line in out.splitlines() if ":" in line)
    model = info.get("Model name", platform.processor() or "unknown CPU").strip()
    hv = info.get("Hypervisor vendor", "").strip()
    return f"{model} ({hv} guest)" if hv else model


def n_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        return os.cpu_count() or 1


def fmt_ns(ns: float) -> str:
    if ns >= 100_000:
        return f"{ns / 1000:,.0f} µs"
    if ns >= 10_000:
        return f"{ns / 1000:,.1f} µs"
    if ns >= 100:
        return f"{ns:,.0f}"
    return f"{ns:.1f}"


def fmt_rate(ns: float) -> str:
    r = 1e9 / ns
    if r >= 1e6:
        return f"{r / 1e6:,.1f} M"
    if r >= 1e3:
        return f"{r / 1e3:,.1f} k"
    return f"{r:,.0f}"


def fmt_x(x) -> str:
    if x is None:
        return ""
    return f"{x:,.1f}×" if x >= 10 else f"{x:.2f}×"


class Row:
    def __init__(self, impl, kind, n, ns, note="", cpu_ratio=None, workers=None):
        self.impl, self.kind, self.n, self.ns, self.note = impl, kind, n, ns, note
        self.cpu_ratio, self.workers = cpu_ratio, workers


def measure_op(op: H.Op, args) -> dict:
    log(f"== {op.key}: {op.title}")
    rows_b = H.hand_set(op.kind, args.batch_n)
    rows_s = np.ascontiguousarray(rows_b[:args.scalar_n])
    out = {"op": op, "rows": [], "batch": {}, "disagree": [], "conv": []}

    # ---- batch
    ref_scalar = op.ref_results(rows_s[:args.check_n])
    for w in (1, 2):
        res = op.batch(rows_b, w)  # warm-up (threads, tables) + result for the check
        got = [op.batch_post(x) for x in res[:args.check_n]]
        bad = [i for i in range(len(got)) if got[i] != ref_scalar[i]]
        if bad:
            out["disagree"].append((f"mjpy batch (workers={w}) vs mjpy scalar",
                                    [(i, ref_scalar[i], got[i]) for i in bad[:5]], len(bad),
                                    len(got), rows_s))
        c0 = time.process_time()
        t0 = time.perf_counter()
        sec = best_of(op.batch, args.repeats, rows_b, w)
        cpu = (time.process_time() - c0) / max(time.perf_counter() - t0, 1e-9)
        ns = sec / len(rows_b) * 1e9
        out["batch"][w] = ns
        kw = ", ".join(f"{k}={v!r}" for k, v in op.batch.kwargs.items())
        call = f"mjpy `{op.batch.__name__}(hands{', ' + kw if kw else ''}, workers={w})`"
        out["rows"].append(Row(call, f"batch, {w} worker{'s' if w > 1 else ''}", len(rows_b), ns,
                               cpu_ratio=cpu, workers=w))
        log(f"   batch w={w}: {ns:.1f} ns/hand (cpu/wall {cpu:.2f})")

    # ---- scalar: mjpy with three input types, then the peers
    impls = op.mjpy_impls()
    loop_ns = best_of(lambda hs: [None for h in hs], 3, H.to_list34(rows_s)) / len(rows_s) * 1e9
    out["loop_ns"] = loop_ns
    mjpy_list_ns = None
    for k, imp in enumerate(impls + op.peers):
        if not imp.available:
            log(f"   skip {imp.name}: {imp.module} not installed")
            out["rows"].append(Row(imp, "skipped", 0, None, note=f"`{imp.module}` not installed"))
            continue
        loop, results = imp.compile()
        # size: slow peers time a prefix of the same hands (>= 0.4 s of work per repeat at most)
        probe = imp.prepare(rows_s[:200])
        est = max(best_of(loop, 1, probe) / len(probe), 1e-9)
        n = min(len(rows_s), max(args.min_peer_n, int(args.budget / est)))
        sub = rows_s[:n]
        inputs = imp.prepare(sub)
        conv_ns = best_of(imp.prepare, 3, sub) / n * 1e9
        reps = args.repeats if est * n < 0.2 else max(2, args.repeats // 2)
        ns = best_of(loop, reps, inputs) / n * 1e9
        kind = "scalar" if not imp.name.startswith("mjpy") else f"scalar, {imp.input_name} input"
        row = Row(imp, kind, n, ns, note=imp.same or "")
        out["rows"].append(row)
        out["conv"].append((imp.name, conv_ns, ns))
        if k == 0:  # the op's mjpy call on a list of ints: what the peers are compared with
            mjpy_list_ns = ns
        log(f"   {imp.name}: {ns:,.0f} ns/hand over {n} hands (conversion {conv_ns:,.0f} ns/hand)")
        # agreement on (up to check_n of) the timed hands
        m = min(n, args.check_n)
        bad = H.disagreements(op, imp, sub[:m], results(inputs[:m]))
        if bad:
            out["disagree"].append((imp.name, bad[:5], len(bad), m, sub))
            log(f"   !! {len(bad)} disagreements out of {m}")
    out["mjpy_list_ns"] = mjpy_list_ns
    # what a caller holding lists pays to use the batch API
    lists = H.to_list34(rows_s)
    conv = best_of(lambda x: np.array(x, dtype=np.uint8), 3, lists) / len(lists) * 1e9
    out["conv"].append(("mjpy batch input: `np.array(list_of_lists, dtype=np.uint8)`", conv,
                        out["batch"][1]))
    return out


def render(results, args, header) -> str:
    L = list(header)
    targets = []
    conv_lines = []
    odd = []
    for res in results:
        op = res["op"]
        b1, b2 = res["batch"].get(1), res["batch"].get(2)
        ms = res["mjpy_list_ns"]
        L += ["", f"### {op.title}", "", f"Operation `{op.key}`, hand set `{op.kind}`.", "",
              "| implementation | mode | hands | ns/hand | hands/s | mjpy scalar (list) faster by "
              "| mjpy batch (1 worker) faster by | notes |",
              "|---|---|--:|--:|--:|--:|--:|---|"]
        for r in res["rows"]:
            name = r.impl if isinstance(r.impl, str) else r.impl.name
            if r.ns is None:
                L.append(f"| {name} | {r.kind} | | | | | | {r.note} |")
                continue
            is_mjpy = name.startswith("mjpy")
            vs_s = None if (is_mjpy or ms is None) else r.ns / ms
            vs_b = None if (is_mjpy and r.kind.startswith("batch")) else (r.ns / b1 if b1 else None)
            note = r.note
            if r.workers == 2:
                note = (f"{b1 / r.ns:.2f}× one worker; process CPU/wall {r.cpu_ratio:.2f} "
                        f"(2.0 = both cores busy)")
            L.append(f"| {name} | {r.kind} | {r.n:,} | {fmt_ns(r.ns)} | {fmt_rate(r.ns)} | "
                     f"{fmt_x(vs_s)} | {fmt_x(vs_b)} | {note} |")
        # targets
        if op.target_ns is not None and b1:
            targets.append((f"`{op.key}` batch, 1 worker", f"≤ {op.target_ns} ns/hand",
                            f"{b1:.1f} ns/hand", b1 <= op.target_ns))
        if b1 and b2:
            targets.append((f"`{op.key}` batch, 2 workers vs 1", "≥ 1.85×", f"{b1 / b2:.2f}×",
                            b1 / b2 >= 1.85))
        for r in res["rows"]:
            if not isinstance(r.impl, str) and r.ns and r.impl.name.startswith("xiangting") and ms:
                bytes_ns = next((x.ns for x in res["rows"] if not isinstance(x.impl, str)
                                 and x.impl.name.startswith("mjpy") and x.impl.input_name == "bytes"
                                 and x.ns), None)
                extra = f" (bytes input: {r.ns / bytes_ns:.2f}×)" if bytes_ns else ""
                targets.append((f"`{op.key}` scalar vs xiangting, same list input", "≥ 2× faster",
                                f"{r.ns / ms:.2f}×{extra}", r.ns / ms >= 2))
        for name, conv_ns, ns in res["conv"]:
            conv_lines.append(f"| `{op.key}` | {name} | {fmt_ns(conv_ns)} | {fmt_ns(ns)} | "
                              f"{conv_ns / ns:.2f} |")
        for name, bad, count, m, rows in res["disagree"]:
            ex = "; ".join(f"`{H.hand_str(rows[i])}` mjpy {_show(op, want)} vs {_show(op, got)}"
                           for i, want, got in bad)
            odd.append(f"- `{op.key}`, {name}: {count} of {m} hands differ, e.g. {ex}")
    L += ["", "### Targets (from the issue)", "", "| target | goal | measured | met |",
          "|---|---|---|---|"]
    for what, goal, got, ok in targets:
        L.append(f"| {what} | {goal} | {got} | {'met' if ok else '**not met**'} |")
    L += ["", "### Input conversion (not included above)", "",
          "Cost per hand of turning the `(N, 34)` uint8 array into the input each row was timed "
          "with (vectorised where numpy allows: `tolist()`, a column swap for the Japanese order; "
          "a Python loop for tile-string tuples and `cmajiang.Shoupai`), beside the call itself. "
          "No peer has a batch API; a ratio > 1 means converting costs more than the call.", "",
          "| operation | implementation | conversion ns/hand | call ns/hand | conversion / call |",
          "|---|---|--:|--:|--:|"] + conv_lines
    L += ["", "### Agreement", ""]
    if odd:
        L += [f"Each peer was checked against mjpy on up to {args.check_n:,} of the timed hands "
              "(with the rule differences noted in each row). Differences:", ""] + odd
    else:
        L.append(f"Every peer agreed with mjpy on every hand checked (up to {args.check_n:,} of "
                 "the timed hands per row, with the rule differences noted in each row), and the "
                 "batch calls agreed with the scalar ones.")
    return "\n".join(L) + "\n"


def _show(op, v):
    """A result for the agreement notes: masks as tile names, the rest as is."""
    if op.key in ("waits", "useful_tiles"):
        from mjcore.types import tile_name

        return "{" + " ".join(tile_name(i) for i in H.mask_tiles(v)) + "}"
    return str(bool(v)) if isinstance(v, (bool, np.bool_)) else str(v)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--batch-n", type=int, default=H.N_BATCH, help="rows per batch call")
    p.add_argument("--scalar-n", type=int, default=H.N_SCALAR, help="hands per scalar loop")
    p.add_argument("--repeats", type=int, default=5, help="repeats; the best one is kept")
    p.add_argument("--budget", type=float, default=1.0,
                   help="seconds of work per repeat for slow peers (they time fewer hands)")
    p.add_argument("--min-peer-n", type=int, default=1000, help="fewest hands timed per peer")
    p.add_argument("--check-n", type=int, default=20000, help="hands checked for agreement")
    p.add_argument("--ops", default="", help="comma-separated operation keys (default: all)")
    p.add_argument("--quick", action="store_true", help="small sizes (smoke run)")
    p.add_argument("--out", help="also write the Markdown here")
    p.add_argument("--readme", action="store_true",
                   help="also replace the results section of bench/README.md (between the "
                        "'results:start' / 'results:end' markers)")
    args = p.parse_args(argv)
    if args.quick:
        args.batch_n, args.scalar_n, args.repeats = 100_000, 2000, 2
        args.budget, args.min_peer_n, args.check_n = 0.05, 200, 2000
    keys = [k for k in args.ops.split(",") if k] or [op.key for op in H.OPS]
    unknown = [k for k in keys if k not in H.OPS_BY_KEY]
    if unknown:
        p.error(f"unknown operation(s) {unknown}: choose from {list(H.OPS_BY_KEY)}")

    import mjpy

    load0 = os.getloadavg()
    t0 = time.perf_counter()
    cmd = "python bench/report.py" + "".join(f" {a}" for a in (argv if argv is not None
                                                                 else sys.argv[1:]))
    results = [measure_op(H.OPS_BY_KEY[k], args) for k in keys]
    elapsed = time.perf_counter() - t0
    load1 = os.getloadavg()
    vers = ", ".join(f"{k} {v}" for k, v in H.peer_versions().items())
    missing = [k for k, m in H.PEER_MODULES.items() if not H.have(m)]
    header = [
        f"Command: `{cmd}`", "",
        f"- Machine: {cpu_model()}, {n_cores()} cores ({platform.machine()}, "
        f"{platform.system()} {platform.release()})",
        f"- Python {platform.python_version()}, numpy {np.__version__}, mjpy {mjpy.__version__}; "
        f"peers: {vers}" + (f" (not installed: {', '.join(missing)})" if missing else ""),
        f"- Sizes: batch {args.batch_n:,} rows per call, scalar loops over {args.scalar_n:,} hands "
        f"(slow peers: a prefix of the same hands, >= {args.min_peer_n:,}); best of "
        f"{args.repeats} repeats; seed {H.SEED}",
        f"- Load average before / after: {load0[0]:.2f} / {load1[0]:.2f}; run took "
        f"{elapsed:.0f} s. A Python `for` loop costs ~{results[0]['loop_ns']:.0f} ns/hand of the "
        "scalar figures.",
    ]
    header.append("- Ratios (\"faster by\"): the row's ns/hand divided by mjpy's scalar call on "
                  "the same list of ints, or by mjpy's 1-worker batch call; above 1, mjpy is "
                  "faster.")
    if max(load0[0], load1[0]) > 0.5:
        header.append("- **The machine was busy during this run (load average > 0.5): the figures, "
                      "and above all the 2-worker ones, are noisy.**")
    text = render(results, args, header)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    if args.readme:
        update_readme(text)
    return 0


README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "README.md")
START, END = "<!-- results:start -->", "<!-- results:end -->"


def update_readme(text: str, path: str = README) -> None:
    with open(path) as f:
        doc = f.read()
    i, j = doc.find(START), doc.find(END)
    if i < 0 or j < i:
        raise SystemExit(f"{path}: no {START} ... {END} section to replace")
    with open(path, "w") as f:
        f.write(doc[:i + len(START)] + "\n" + text + doc[j:])
    log(f"updated {path}")


if __name__ == "__main__":
    sys.exit(main())
