"""``mjpy simulate`` and ``mjpy evaluate``: mass evaluation from the command line.

    mjpy simulate --rules sichuan --deals 10000000 --out results.parquet --plot tenpai.png
    mjpy evaluate hands.npy --what shanten,waits --workers 2 --out out.npz

Both stream in chunks (memory stays flat), show a progress bar (tqdm) on standard error when it
is a terminal, print a summary table (or ``--json``) on standard output, and write Parquet / .npz /
.npy files. Bad input: one line ``mjpy: error: ...`` and exit status 2.
"""
from __future__ import annotations

import json
import os
import re
import sys
import time
from typing import Dict, List, Optional

import numpy as np

from mjpy.console import parse_options, write_line

__all__ = ["add_parsers", "run"]

EVAL_WHAT = ("shanten", "waits", "is_win", "useful", "tenpai", "dajiao", "fan", "flower_pig")
def _eval_rules():
    """The rule sets ``evaluate`` takes (their forms and hand size come from the registry): those whose
    forms need no jokers and whose extras (``--dingque``, ``fan``) ``evaluate`` knows."""
    from mjpy.simulation import RULESETS

    return tuple(k for k in RULESETS if k in ("sichuan", "standard", "riichi", "guobiao", "taiwan"))
SICHUAN_ONLY = ("dajiao", "fan", "flower_pig")
EVAL_CHUNK = 1 << 18


def add_parsers(sub) -> None:
    """Add the ``simulate`` and ``evaluate`` subcommands to the CLI's subparsers."""
    from mjpy.simulation import DEFAULT_DRAWS, RULESETS

    s = sub.add_parser(
        "simulate",
        help="play random deals solo and summarise (tenpai / win rate by turn, shanten, fan)",
        description="Deal N hands from real walls and play each alone with the greedy discard rule "
                    "(docs/simulate.md) until it wins or DRAWS tiles were drawn. Prints a summary; "
                    "--out writes one row per deal (Parquet or .npz), --plot a PNG chart. The wall is "
                    "the rule set's tiles; where it has jokers, they are fixed (白板鬼) or come from an "
                    "indicator flipped from the wall after the deal (columns indicator, jokers). The "
                    "fan column is the rule set's score of each win (self-drawn), -1 where the rule set "
                    "says the hand is no legal win (e.g. below a minimum, or a value left open that "
                    "needs --option).",
        epilog="rule sets: " + "; ".join(f"{k}: {v.description}" for k, v in RULESETS.items())
               + ". Aliases of the registry (xuezhan, chengdu, mcr, tuidaohu, jipinghu...) are accepted.",
    )
    s.add_argument("--rules", default="sichuan", metavar="RULES",
                   help="rule set: " + ", ".join(RULESETS) + " (default sichuan)")
    s.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule-set option of mjpy.rules.get (repeatable), e.g. --option gui=fan "
                        "--option qidui=2; VALUE is read as JSON where it can be (10, true, null)")
    s.add_argument("--no-fan", action="store_true", help="no fan column (skips scoring the wins)")
    s.add_argument("--deals", type=int, default=100_000, metavar="N", help="number of deals (default 100000)")
    s.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    s.add_argument("--draws", type=int, default=None, metavar="D",
                   help=f"draws per deal (default {DEFAULT_DRAWS}; for two or three players, one player's share of "
                        f"the live wall: two_player_71 22, kawuxing 15)")
    s.add_argument("--workers", type=int, default=None, metavar="W", help="threads (default: all cores)")
    s.add_argument("--chunk-size", type=int, default=None, metavar="N",
                   help="deals per chunk (default 131072); memory grows with it, not with --deals")
    s.add_argument("--out", default=None, metavar="FILE", help="write one row per deal: .parquet or .npz")
    s.add_argument("--plot", default=None, metavar="PNG", help="write a chart (needs matplotlib)")
    s.add_argument("--no-progress", action="store_true", help="no progress bar")
    s.add_argument("--json", action="store_true", help="print the summary as one JSON object")

    e = sub.add_parser(
        "evaluate",
        help="batch analysis of an (N, 34) .npy array of hands",
        description="Evaluate every row of HANDS (a .npy file: (N, 34) integer tile counts in the "
                    "mjpy order) in chunks, on WORKERS threads.",
        epilog="WHAT (tile counts for 13-tile play; taiwan: 16 / 17): shanten (int8; 13 or 14 tiles), "
               "waits (uint64 tile mask; 13 tiles), is_win "
               "(bool; 14 tiles), useful (uint64 mask of tiles that lower shanten; 13 tiles), tenpai "
               "(bool; 13 tiles; sichuan: 定缺 and 缺一门 respected), dajiao (sichuan 查大叫: best fan "
               "over the waits, int16, -1 not tenpai), fan (sichuan: total fan of a 14-tile winning hand, "
               "int16, -1 not a win; --self-drawn for 自摸), flower_pig (sichuan 花猪: three suits, bool).",
    )
    e.add_argument("hands", metavar="HANDS", help="a .npy file, shape (N, 34), integer counts 0..4")
    e.add_argument("--what", default="shanten", metavar="WHAT",
                   help="comma-separated: " + ",".join(EVAL_WHAT) + " (default shanten)")
    e.add_argument("--rules", default=None, metavar="RULES",
                   help="forms of a rule set: " + ", ".join(_eval_rules())
                        + " (default: standard + seven pairs + thirteen orphans)")
    e.add_argument("--dingque", default=None, metavar="SUIT",
                   help="sichuan: the 定缺 suit m/p/s for tenpai, dajiao and fan")
    e.add_argument("--self-drawn", action="store_true", help="sichuan fan: the wins are self-drawn (自摸)")
    e.add_argument("--workers", type=int, default=None, metavar="W", help="threads (default: all cores)")
    e.add_argument("--chunk-size", type=int, default=EVAL_CHUNK, metavar="N", help="rows per chunk")
    e.add_argument("--out", default=None, metavar="FILE",
                   help="write the results: .npz (one array per WHAT) or .npy (one WHAT)")
    e.add_argument("--no-progress", action="store_true", help="no progress bar")
    e.add_argument("--json", action="store_true", help="print the summary as one JSON object")


class _Progress:
    """A tqdm bar on stderr (only on a terminal), or nothing."""

    def __init__(self, total: int, unit: str, enabled: bool):
        self.bar = None
        if not enabled:
            return
        try:
            from tqdm import tqdm
        except ImportError:
            if sys.stderr.isatty():
                sys.stderr.write("mjpy: note: the progress bar needs tqdm: pip install 'mjpy[sim]'\n")
            return
        self.bar = tqdm(total=total, unit=unit, unit_scale=True, file=sys.stderr, disable=None,
                        dynamic_ncols=True, smoothing=0.1)

    def update(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _need(module: str, what: str) -> None:
    import importlib

    try:
        importlib.import_module(module)
    except ImportError:
        raise ValueError(f"{what} needs {module.split('.')[0]}: pip install 'mjpy[sim]'") from None


def _out_kind(path: Optional[str], allowed) -> Optional[str]:
    if path is None:
        return None
    ext = os.path.splitext(path)[1].lower()
    if ext not in allowed:
        raise ValueError(f"--out {path!r}: the file name must end in {' or '.join(allowed)}")
    d = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(d):
        raise ValueError(f"--out {path!r}: directory {d!r} does not exist")
    return ext


def _check_plot(path: Optional[str]) -> None:
    if path is None:
        return
    if os.path.splitext(path)[1].lower() != ".png":
        raise ValueError(f"--plot {path!r}: the file name must end in .png")
    d = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(d):
        raise ValueError(f"--plot {path!r}: directory {d!r} does not exist")
    _need("matplotlib", "--plot")


# ---------------------------------------------------------------------------------------------
# simulate

def simulate_cmd(args) -> int:
    from mjpy import simulation as S

    chunk = S.DEFAULT_CHUNK if args.chunk_size is None else args.chunk_size
    if args.deals < 1:
        raise ValueError(f"--deals must be 1 or more, got {args.deals}")
    rule_options = {}
    if args.option:
        rule_options = parse_options(args.option)
    fan = not args.no_fan
    rs, deals, seed, draws, chunk, _ = S._check_args(args.rules, args.deals, args.seed, args.draws,
                                                      chunk, 0, rule_options)
    from mjcore.batch import resolve_workers

    workers = resolve_workers(args.workers)
    kind = _out_kind(args.out, (".parquet", ".npz"))
    if kind == ".parquet":
        _need("pyarrow", "Parquet output")
    _check_plot(args.plot)
    summary = S.Summary(rs.name, draws, seed=seed)
    writer = None
    if kind == ".parquet":
        writer = S.ParquetChunkWriter(args.out)
    elif kind == ".npz":
        writer = S.NpzStreamWriter(args.out, deals, S.result_columns(rs, draws, rule_options, fan))
    bar = _Progress(deals, "deal", not args.no_progress)
    t0 = time.perf_counter()
    ok = False
    # the file is written by one background thread while the kernel plays the next chunk (both
    # release the GIL); at most one chunk waits to be written, so memory stays flat
    from concurrent.futures import ThreadPoolExecutor

    io = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mjpy-writer")
    pending = None

    def write(c):
        if kind == ".parquet":
            writer.write(c)
        else:
            writer.write(int(c.deal[0]), c.arrays())

    try:
        for c in S.simulate_chunks(rs, deals, seed, draws=draws, workers=workers, chunk_size=chunk,
                                   rule_options=rule_options, fan=fan):
            summary.update(c)
            if writer is not None:
                if pending is not None:
                    pending.result()
                pending = io.submit(write, c)
            bar.update(len(c))
        if pending is not None:
            pending.result()
        ok = True
    finally:
        io.shutdown(wait=True)
        bar.close()
        if writer is not None:
            if ok or kind == ".parquet":
                writer.close()
            else:
                writer.abort()
    seconds = time.perf_counter() - t0
    if args.plot:
        summary.plot(args.plot)
    d = summary.to_dict()
    if rule_options:
        d["rule_options"] = rule_options
    d.update(workers=workers, seconds=round(seconds, 3),
             deals_per_s=round(deals / seconds) if seconds > 0 else None, out=args.out, plot=args.plot)
    if args.json:
        _print(json.dumps(d, ensure_ascii=False))
    else:
        text = summary.format()
        rate = f"{deals / seconds:,.0f} deals/s" if seconds > 0 else ""
        text += f"\n\n{deals:,} deals in {seconds:.2f} s ({rate}, {workers} worker{'s' if workers != 1 else ''})"
        if args.out:
            text += f"\nwrote {args.out}"
        if args.plot:
            text += f"\nwrote {args.plot}"
        _print(text)
    return 0


# ---------------------------------------------------------------------------------------------
# evaluate

def _load_hands(path: str) -> np.ndarray:
    if not os.path.exists(path):
        raise ValueError(f"{path}: no such file")
    if os.path.isdir(path):
        raise ValueError(f"{path}: is a directory, not a .npy file")
    try:
        with open(path, "rb") as f:
            magic = f.read(6)
    except OSError as e:
        raise ValueError(f"{path}: cannot read ({e.strerror})") from None
    if magic[:2] == b"PK":
        raise ValueError(f"{path}: an .npz archive; give one (N, 34) .npy array")
    if magic != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file (no NumPy header)")
    try:
        arr = np.load(path, mmap_mode="r", allow_pickle=False)
    except (ValueError, OSError, EOFError) as e:
        raise ValueError(f"{path}: not a readable .npy array ({str(e).splitlines()[0] if str(e) else type(e).__name__})") from None
    if isinstance(arr, np.lib.npyio.NpzFile):
        arr.close()
        raise ValueError(f"{path}: an .npz archive; give one (N, 34) .npy array")
    if arr.dtype.kind not in "iu":
        raise ValueError(f"{path}: dtype {arr.dtype}: expected integer tile counts (uint8)")
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"{path}: shape {arr.shape}: expected (N, 34) tile counts")
    return arr


def _parse_what(text: str) -> List[str]:
    names = [w.strip().lower() for w in text.split(",") if w.strip()]
    if not names:
        raise ValueError("--what is empty: name at least one of " + ", ".join(EVAL_WHAT))
    for w in names:
        if w not in EVAL_WHAT:
            raise ValueError(f"--what {w!r}: expected one of {', '.join(EVAL_WHAT)}")
    return list(dict.fromkeys(names))


_EVAL_DTYPES = {"shanten": np.int8, "waits": np.uint64, "is_win": np.bool_, "useful": np.uint64,
                "tenpai": np.bool_, "dajiao": np.int16, "fan": np.int16, "flower_pig": np.bool_}


def _forms_of(rules: Optional[str]):
    """(forms, quads as two pairs, hand size) of ``--rules``."""
    if rules is None:
        return ("standard", "seven_pairs", "thirteen_orphans"), True, 13
    from mjpy.simulation import get_rules

    rs = get_rules(rules)
    return rs.forms, rs.quads_as_two_pairs, rs.hand_size


def evaluate_block(block: np.ndarray, what: List[str], rules: Optional[str] = None, dingque=None,
                   workers=None, self_drawn: bool = False) -> Dict[str, np.ndarray]:
    """The ``--what`` results of one block of rows (the unit of ``mjpy evaluate``)."""
    from mjpy import batch

    forms, quads, size = _forms_of(rules)
    kw = dict(forms=forms, quads_as_two_pairs=quads, hand_size=size, workers=workers)
    out: Dict[str, np.ndarray] = {}
    waits = None
    for w in what:
        if w == "shanten":
            out[w] = batch.shanten(block, **kw)
        elif w == "is_win":
            out[w] = batch.is_win(block, **kw)
        elif w == "useful":
            out[w] = batch.useful_tiles(block, **kw)
        elif w in ("waits", "tenpai") and not (w == "tenpai" and rules == "sichuan"):
            if waits is None:
                waits = batch.waits(block, **kw)
            out[w] = waits if w == "waits" else waits != 0
        elif w in ("dajiao", "tenpai"):
            from mjpy.rules import sichuan

            if "dajiao" not in out:
                out["dajiao"] = sichuan.best_fan_if_tenpai_batch(block, dingque=dingque, workers=workers)
            if w == "tenpai":
                out[w] = out["dajiao"] >= 0
        elif w == "fan":
            from mjpy.rules import sichuan

            out[w] = sichuan.score_batch(block, self_drawn=self_drawn, dingque=dingque, workers=workers)
        elif w == "flower_pig":
            from mjpy.rules import sichuan

            out[w] = sichuan.is_flower_pig_batch(block)
    return {w: out[w] for w in what}


#: what the row count of each ``--what`` line of the summary counts
_EVAL_LABELS = {"waits": "rows with a wait", "useful": "rows with a useful tile", "tenpai": "tenpai rows",
                "is_win": "complete hands", "dajiao": "tenpai rows", "fan": "winning hands",
                "flower_pig": "rows with three suits"}


class _EvalSummary:
    def __init__(self, what):
        self.n = 0
        self.what = what
        self.shanten = np.zeros(16, np.int64)
        self.counts = {w: 0 for w in what}          # rows where the answer is true / non-zero
        self.kinds = {w: 0 for w in what}           # waits / useful: total kinds
        self.fan: Dict[str, Dict[int, int]] = {}

    def update(self, res: Dict[str, np.ndarray]) -> None:
        n = len(next(iter(res.values())))
        self.n += n
        for w, a in res.items():
            if w == "shanten":
                self.shanten += np.bincount(a.astype(np.int64) + 1, minlength=16)[:16]
            elif w in ("waits", "useful"):
                self.counts[w] += int(np.count_nonzero(a))
                self.kinds[w] += int(_popcount(a).sum())
            elif w in ("dajiao", "fan"):
                self.counts[w] += int(np.count_nonzero(a >= 0))
                vals, cnt = np.unique(a[a >= 0], return_counts=True)
                hist = self.fan.setdefault(w, {})
                for v, c in zip(vals.tolist(), cnt.tolist()):
                    hist[v] = hist.get(v, 0) + c
            else:
                self.counts[w] += int(np.count_nonzero(a))

    def to_dict(self) -> dict:
        d: dict = {"rows": self.n}
        n = max(self.n, 1)
        for w in self.what:
            if w == "shanten":
                d["shanten"] = {str(i - 1): int(c) for i, c in enumerate(self.shanten) if c}
            elif w in ("waits", "useful"):
                d[w] = {"rows_nonzero": self.counts[w], "mean_kinds": round(self.kinds[w] / n, 4)}
            elif w in ("dajiao", "fan"):
                d[w] = {"tenpai_rows" if w == "dajiao" else "win_rows": self.counts[w],
                        "fan": {str(k): v for k, v in sorted(self.fan.get(w, {}).items())}}
            else:
                d[w] = {"rows_true": self.counts[w], "share": round(self.counts[w] / n, 6)}
        return d

    def format(self, path: str) -> str:
        n = max(self.n, 1)
        lines = [f"{path}: {self.n:,} rows"]
        for w in self.what:
            if w == "shanten":
                lines += ["", "shanten  rows        share"]
                for i, c in enumerate(self.shanten):
                    if c:
                        lines.append(f"{i - 1:>7}  {int(c):>10,}  {c / n:6.2%}")
                lines.append("")
            elif w in ("waits", "useful"):
                what = "tile kinds waited on" if w == "waits" else "tile kinds that lower shanten"
                lines.append(f"{w:<10} {_EVAL_LABELS[w]:<23} {self.counts[w]:>10,} ({self.counts[w] / n:.2%}); "
                             f"{self.kinds[w] / n:.3f} {what} per row on average")
            elif w in ("dajiao", "fan"):
                lines.append(f"{w:<10} {_EVAL_LABELS[w]:<23} {self.counts[w]:>10,} ({self.counts[w] / n:.2%})")
                for k, v in sorted(self.fan.get(w, {}).items()):
                    lines.append(f"{'':<10} {f'{k} fan':>23} {v:>10,} row{'s' if v != 1 else ''}")
            else:
                lines.append(f"{w:<10} {_EVAL_LABELS[w]:<23} {self.counts[w]:>10,} ({self.counts[w] / n:.2%})")
        return "\n".join(lines).rstrip()


def _popcount(a: np.ndarray) -> np.ndarray:
    a = a.astype(np.uint64)
    c = np.zeros(a.shape, np.int64)
    for shift in range(0, 64, 8):
        c += _POP8[((a >> np.uint64(shift)) & np.uint64(0xFF)).astype(np.intp)]
    return c


_POP8 = np.array([bin(i).count("1") for i in range(256)], np.int64)


def evaluate_cmd(args) -> int:
    from mjcore.batch import resolve_workers

    what = _parse_what(args.what)
    rules = None
    if args.rules is not None:
        rules = args.rules.strip().lower()
        if rules not in _eval_rules():
            raise ValueError(f"unknown rule set {args.rules!r}: expected one of {', '.join(_eval_rules())}")
    for w in what:
        if w in SICHUAN_ONLY and rules != "sichuan":
            raise ValueError(f"--what {w} needs --rules sichuan")
    if args.self_drawn and "fan" not in what:
        raise ValueError("--self-drawn applies to --what fan")
    dingque = None
    if args.dingque is not None:
        if rules != "sichuan":
            raise ValueError("--dingque needs --rules sichuan")
        from mjpy.rules.sichuan import normalize_dingque

        dingque = normalize_dingque(args.dingque)
    if isinstance(args.chunk_size, bool) or args.chunk_size < 1:
        raise ValueError(f"--chunk-size must be >= 1, got {args.chunk_size}")
    workers = resolve_workers(args.workers)
    kind = _out_kind(args.out, (".npz", ".npy"))
    if kind == ".npy" and len(what) != 1:
        raise ValueError(f"--out {args.out!r}: a .npy holds one array; use .npz for {len(what)} --what values")
    arr = _load_hands(args.hands)
    n = arr.shape[0]
    writer = None
    if kind == ".npz":
        from mjpy.simulation import NpzStreamWriter

        writer = NpzStreamWriter(args.out, n, {w: (_EVAL_DTYPES[w], ()) for w in what})
    elif kind == ".npy":
        writer = np.lib.format.open_memmap(args.out, mode="w+", dtype=_EVAL_DTYPES[what[0]], shape=(n,))
    summ = _EvalSummary(what)
    bar = _Progress(n, "hand", not args.no_progress)
    t0 = time.perf_counter()
    ok = False
    try:
        for a in range(0, n, args.chunk_size):
            block = np.ascontiguousarray(arr[a:a + args.chunk_size])
            try:
                res = evaluate_block(block, what, rules, dingque, workers, args.self_drawn)
            except ValueError as e:
                msg = re.sub(r"hands\[(\d+)\]", lambda m: f"row {int(m.group(1)) + a}", str(e))
                msg = re.sub(r"hands row (\d+)", lambda m: f"row {int(m.group(1)) + a}", msg)
                raise ValueError(f"{args.hands}: {msg}") from None
            summ.update(res)
            if kind == ".npz":
                writer.write(a, res)
            elif kind == ".npy":
                writer[a:a + len(block)] = res[what[0]]
            bar.update(len(block))
        ok = True
    finally:
        bar.close()
        if kind == ".npz":
            writer.close() if ok else writer.abort()
        elif kind == ".npy":
            writer.flush()
            del writer
            if not ok:
                os.remove(args.out)
    seconds = time.perf_counter() - t0
    d = summ.to_dict()
    d.update(file=args.hands, what=what, rules=rules, workers=workers, seconds=round(seconds, 3),
             hands_per_s=round(n / seconds) if seconds > 0 else None, out=args.out)
    if args.json:
        _print(json.dumps(d, ensure_ascii=False))
    else:
        text = summ.format(args.hands)
        if seconds > 0:
            text += f"\n\n{n:,} hands in {seconds:.2f} s ({n / seconds:,.0f} hands/s, {workers} worker{'s' if workers != 1 else ''})"
        if args.out:
            text += f"\nwrote {args.out}"
        _print(text)
    return 0


def _print(text: str) -> None:
    write_line(text, sys.stdout)


def run(args) -> int:
    """Run a parsed ``simulate`` / ``evaluate`` command (errors propagate to ``cli.main``)."""
    if args.command == "simulate":
        return simulate_cmd(args)
    return evaluate_cmd(args)
