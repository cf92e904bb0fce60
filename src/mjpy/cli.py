"""The ``mjpy`` command line.

    mjpy analyze 1112345678999m5m          # complete: every decomposition
    mjpy analyze 1112345678999m            # 九莲宝灯: waits 1m-9m, copies left
    mjpy analyze 2233445566778p --visible 5p55p
    mjpy analyze "[123m][555s]11199p2z"    # declared melds in brackets
    mjpy analyze 123m456p789s1122z --json

Bad input prints one line ``mjpy: error: <message>`` on stderr and exits with status 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional, Sequence

import numpy as np

from .errors import NotationError, _show
from .notation import parse, parse_hand, to_string, to_unicode
from .tiles import CHINESE_NAMES, N_KINDS, TILE_NAMES

__all__ = ["main", "analyze"]

_FORMS_DEFAULT = ("standard", "seven_pairs", "thirteen_orphans")
_ALL_FORMS = _FORMS_DEFAULT + ("knitted",)


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """ArgumentParser that reports errors by raising instead of exiting."""

    def error(self, message):  # noqa: D401
        raise _UsageError(message)


def _version() -> str:
    try:
        import mjpy

        v = getattr(mjpy, "__version__", None)
        if v:
            return str(v)
    except Exception:  # pragma: no cover - only when the kernel is missing
        pass
    try:
        from importlib.metadata import version

        return version("mjpy")
    except Exception:  # pragma: no cover
        return "unknown"


def _build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="mjpy", description="Mahjong hand analysis: win check, shanten, waits, useful tiles.")
    p.add_argument("--version", action="version", version=f"mjpy {_version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    a = sub.add_parser(
        "analyze",
        help="analyze one hand",
        description="Analyze a hand: completeness and decompositions (3k+2 tiles), or shanten, "
                    "waits and useful tiles (3k+1 tiles).",
        epilog="HAND is MPSZ (123m456p789s1122z; 5z=中 6z=发 7z=白) or Chinese (23445677筒345789条, 东南西北中发白); "
               "declared melds in brackets: [123m] chi, [555s] pon, [5555s] exposed kong, {5555s} added kong, "
               "(5555s) concealed kong.",
    )
    a.add_argument("hand", metavar="HAND", help="the hand, e.g. 1112345678999m or '[123m]456p789s1122z'")
    a.add_argument("--melds", metavar="N", default=None,
                   help="number of declared melds not written in HAND (0-5), or melds in brackets like '[123m][555s]'")
    a.add_argument("--forms", metavar="FORMS", default=None,
                   help="comma-separated forms: standard, seven_pairs, thirteen_orphans, knitted; or 'all' "
                        "(default: standard,seven_pairs,thirteen_orphans)")
    a.add_argument("--japanese-seven-pairs", action="store_true",
                   help="four of a kind is not two pairs in seven pairs (Japanese rule)")
    a.add_argument("--include-exhausted", action="store_true",
                   help="also list waits whose four copies are all in the hand")
    a.add_argument("--visible", metavar="TILES", default="",
                   help="tiles seen elsewhere (discards, other melds), subtracted from the copies left")
    a.add_argument("--json", action="store_true", help="print one JSON object")
    return p


def _parse_forms(text: Optional[str]):
    if text is None:
        return _FORMS_DEFAULT
    text = text.strip()
    if text == "all":
        return "all"
    names = tuple(f.strip() for f in text.split(",") if f.strip())
    if not names:
        raise ValueError("--forms is empty")
    return names


def _tile_entry(t: int, **extra) -> dict:
    d = {"tile": TILE_NAMES[t], "index": int(t), "name": CHINESE_NAMES[t]}
    d.update(extra)
    return d


def _group(tiles: Sequence[int]) -> str:
    c = np.zeros(N_KINDS, dtype=np.uint8)
    for t in tiles:
        c[t] += 1
    return to_string(c)


def _decomposition_entry(d) -> dict:
    sets = []
    for kind, first in getattr(d, "sets", ()):
        tiles = (first, first + 1, first + 2) if kind == "seq" else (first,) * 3
        sets.append(_group(tiles))
    pair = getattr(d, "pair", None)
    entry = {
        "form": d.form,
        "text": str(d),
        "sets": sets,
        "pair": None if pair is None else _group((pair, pair)),
    }
    pairs = getattr(d, "pairs", ())
    if pairs:
        entry["pairs"] = [_group((p, p)) for p in pairs]
    tiles = getattr(d, "tiles", ())
    if tiles:
        entry["tiles"] = _group(tiles)
    return entry


def analyze(hand: str, *, melds=None, forms=_FORMS_DEFAULT, quads_as_two_pairs: bool = True,
            include_exhausted: bool = False, visible: str = "") -> dict:
    """The answers of ``mjpy analyze`` as a dict (the ``--json`` object).

    >>> analyze("2233445566778p")["waits"][0]["tile"]
    '2p'
    """
    import mjpy

    try:
        counts, meld_list = parse_hand(hand)
    except NotationError as e:
        raise e.relabel(f"hand {_show(hand)}") from None
    n = int(counts.sum())
    if melds is not None and str(melds).strip() != "":
        text = str(melds).strip()
        if text.lstrip("+-").isdigit():
            extra_k, extra_list = int(text), []
        else:
            try:
                extra_counts, extra_list = parse_hand(text)
            except NotationError as e:
                raise e.relabel(f"--melds {_show(text)}") from None
            if extra_counts.any():
                raise ValueError(f"--melds {text!r}: tiles outside brackets (write '[123m][555s]' or a number)")
            extra_k = 0
        if extra_k and meld_list:
            raise ValueError("give the declared melds either in brackets or as a number with --melds, not both")
        meld_list = meld_list + extra_list
        k_given = extra_k
    else:
        k_given = None
    if n % 3 == 0:
        raise ValueError(f"hand has {n} tiles: a hand has 3k+1 tiles (waiting) or 3k+2 tiles (complete or discarding)")
    assumed = False
    if meld_list:
        melds_arg = meld_list
        k = len(meld_list)
    elif k_given is not None:
        melds_arg = k = k_given
    else:
        # no melds given: a short hand implies declared melds whose tiles are not known
        k = max(0, (14 - n) // 3) if n % 3 == 2 else max(0, (13 - n) // 3)
        melds_arg = k
        assumed = k > 0

    held = counts.astype(np.int16)
    for m in meld_list:
        for t in m.tiles:
            held[t] += 1
    if held.max() > 4:
        t = int(held.argmax())
        raise ValueError(f"{TILE_NAMES[t]} appears {int(held[t])} times counting the melds (at most 4)")
    try:
        vis = parse(visible) if visible else np.zeros(N_KINDS, dtype=np.uint8)
    except NotationError as e:
        raise e.relabel(f"--visible {_show(visible)}") from None
    seen = held + vis
    if seen.max() > 4:
        t = int(seen.argmax())
        raise ValueError(f"--visible: {TILE_NAMES[t]} appears {int(seen[t])} times counting the hand and melds "
                         f"(at most 4)")
    left = 4 - seen

    kw = dict(melds=melds_arg, forms=forms)
    shanten = int(mjpy.shanten(counts, quads_as_two_pairs=quads_as_two_pairs, **kw))
    out = {
        "hand": to_string(counts, meld_list),
        "unicode": to_unicode(counts),
        "tiles": n,
        "melds": [m.to_dict() for m in meld_list],
        "meld_count": k,
        "melds_assumed": assumed,
        "forms": list(_ALL_FORMS if forms == "all" else forms),
        "visible": to_string(vis) if visible else "",
        "shanten": shanten,
        "complete": False,
        "decompositions": [],
        "waits": [],
        "useful": [],
        "discards": [],
    }
    if n % 3 == 2:
        complete = bool(mjpy.is_win(counts, quads_as_two_pairs=quads_as_two_pairs, **kw))
        out["complete"] = complete
        if complete:
            out["decompositions"] = [_decomposition_entry(d) for d in mjpy.decompositions(counts, **kw)]
        else:
            out["discards"] = _discards(mjpy, counts, kw, quads_as_two_pairs, vis, shanten)
    else:
        if shanten == 0:
            ws = mjpy.waits(counts, quads_as_two_pairs=quads_as_two_pairs, include_exhausted=include_exhausted, **kw)
            out["waits"] = [
                _tile_entry(int(w), left=0 if w.exhausted else int(max(left[int(w)], 0)), exhausted=bool(w.exhausted))
                for w in ws
            ]
        us = mjpy.useful_tiles(counts, quads_as_two_pairs=quads_as_two_pairs, visible=vis if visible else None, **kw)
        out["useful"] = [_tile_entry(int(u.tile), left=int(u.left)) for u in us]
    return out


def _discards(mjpy, counts: np.ndarray, kw: dict, quads: bool, vis: np.ndarray, shanten: int) -> List[dict]:
    """Discards that keep the hand's shanten, each with the useful tiles it leaves."""
    rows = []
    for t in np.flatnonzero(counts).tolist():
        after = counts.copy()
        after[t] -= 1
        s = int(mjpy.shanten(after, quads_as_two_pairs=quads, **kw))
        if s != shanten:
            continue
        us = mjpy.useful_tiles(after, quads_as_two_pairs=quads, visible=vis if vis.any() else None, **kw)
        rows.append(_tile_entry(t, shanten=s, useful=[_tile_entry(int(u.tile), left=int(u.left)) for u in us],
                                left=sum(int(u.left) for u in us)))
    rows.sort(key=lambda r: (-r["left"], r["index"]))
    return rows


def _tiles_line(entries: List[dict]) -> str:
    return "  ".join(f"{e['tile']}×{e['left']}" for e in entries)


def _human(r: dict) -> str:
    lines = [f"hand      {r['hand']}   {r['unicode']}"]
    size = f"tiles     {r['tiles']}"
    if r["meld_count"]:
        size += f" + {r['meld_count']} declared meld{'s' if r['meld_count'] > 1 else ''}"
        if r["melds_assumed"]:
            size += " (assumed from the hand size)"
    lines.append(size)
    if r["visible"]:
        lines.append(f"visible   {r['visible']}")
    if r["tiles"] % 3 == 2:
        if r["complete"]:
            ds = r["decompositions"]
            lines.append(f"complete  yes, {len(ds)} decomposition{'s' if len(ds) != 1 else ''}")
            for d in ds:
                lines.append(f"  {d['form']:<20}{d['text']}")
        else:
            lines.append("complete  no")
            lines.append(f"shanten   {r['shanten']}{' (tenpai after a discard)' if r['shanten'] == 0 else ''}")
            if r["discards"]:
                lines.append("discards that keep this shanten:")
                for d in r["discards"]:
                    lines.append(f"  {d['tile']:<4}{d['left']:>3} tiles: {_tiles_line(d['useful'])}")
    else:
        s = r["shanten"]
        lines.append(f"shanten   {s}{' (tenpai)' if s == 0 else ''}")
        if s == 0:
            total = sum(w["left"] for w in r["waits"])
            ws = "  ".join(
                f"{w['tile']}×{w['left']}" + (" (all 4 held)" if w["exhausted"] else "") for w in r["waits"])
            lines.append(f"waits     {ws}   ({len(r['waits'])} kind{'s' if len(r['waits']) != 1 else ''}, "
                         f"{total} left)")
        else:
            us = r["useful"]
            total = sum(u["left"] for u in us)
            lines.append(f"useful    {_tiles_line(us)}   ({len(us)} kind{'s' if len(us) != 1 else ''}, {total} left)")
    return "\n".join(lines)


def _print(text: str, stream) -> None:
    try:
        stream.write(text + "\n")
    except UnicodeEncodeError:  # e.g. a legacy Windows console
        enc = getattr(stream, "encoding", None) or "ascii"
        stream.write((text + "\n").encode(enc, "replace").decode(enc))


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input).

    >>> main(["analyze", "2233445566778p"])   # doctest: +SKIP
    """
    parser = _build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except _UsageError as e:
        _print(f"mjpy: error: {e}", sys.stderr)
        return 2
    except SystemExit as e:  # --help, --version
        return int(e.code or 0) if not isinstance(e.code, str) else 2
    if args.command is None:
        _print("mjpy: error: a command is required (try: mjpy analyze 123m456p789s1122z; mjpy --help)", sys.stderr)
        return 2
    try:
        result = analyze(
            args.hand,
            melds=args.melds,
            forms=_parse_forms(args.forms),
            quads_as_two_pairs=not args.japanese_seven_pairs,
            include_exhausted=args.include_exhausted,
            visible=args.visible,
        )
    except (ValueError, TypeError) as e:
        _print(f"mjpy: error: {e}", sys.stderr)
        return 2
    if args.json:
        _print(json.dumps(result, ensure_ascii=False), sys.stdout)
    else:
        _print(_human(result), sys.stdout)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
