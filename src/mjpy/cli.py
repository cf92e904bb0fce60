"""The ``mjpy`` command line.

    mjpy analyze 1112345678999m5m          # complete: every decomposition
    mjpy analyze 1112345678999m            # 九莲宝灯: waits 1m-9m, copies left
    mjpy analyze 2233445566778p --visible 5p55p
    mjpy analyze "[123m][555s]11199p2z"    # declared melds in brackets
    mjpy analyze 123m456p789s1122z --json
    mjpy analyze 1234567m123p5s --jokers 2            # 11 tiles written + 2 jokers = 13
    mjpy analyze 123456m234p55s55z --joker-tiles 5z   # the 中 in the hand are jokers
    mjpy jokers tianjin --indicator 9s                # which tiles are jokers (9s and 1s are 混)
    mjpy jokers                                       # the known rule sets
    mjpy analyze 11222244p557799m --rules sichuan     # 龙七对: fans, 根, total, multiplier
    mjpy analyze 1122244p557799m --rules sichuan --dingque s   # 大叫 over the waits
    mjpy analyze "[777z]234567m234p11s" --rules guangdong_tuidao --self-drawn --option gui=fan --indicator 5m
    mjpy analyze 123456789m11p456m --rules tianjin --win 5m --self-drawn --indicator 1z   # 一条龙 捉五魁 无绘
    mjpy analyze 123456789m11p46m --rules tianjin --indicator 1z       # each wait with its 番
    mjpy analyze 123m456m789m123p45p11s --hand-size 16   # 16-tile play: 5 sets + a pair, waits 3p 6p
    mjpy analyze 123m456m789m123p45p11s --rules taiwan   # a shape-only rule set: its forms and hand size
    mjpy settle examples/sichuan_table.json --rules sichuan   # 血战到底 payments of a finished hand
    mjpy settle examples/settle/chengdu_xiayu.json --rules sichuan --preset chengdu_xiayu   # CD-E 标准下雨
    mjpy settle examples/settle/tianjin.json --rules tianjin   # 坐庄 / 拉庄, 铲 and a win (docs/settle.md)
    mjpy simulate --rules sichuan --deals 1000000 --out results.parquet --plot tenpai.png
    mjpy advise 11234577m345789p --rules sichuan_fan --flag dingque=s   # which discard: win probability
    mjpy evaluate hands.npy --what shanten,waits --workers 2 --out out.npz
    mjpy serve --port 8000 --workers 2                # HTTP JSON service + web page (pip install "mjpy[serve]")

Bad input prints one line ``mjpy: error: <message>`` on stderr and exits with status 2.
"""
from __future__ import annotations

import argparse
import functools
import json
import sys
from fractions import Fraction
from typing import List, Optional, Sequence

import numpy as np

from . import cli_advise, cli_mass, cli_serve
from .console import parse_options, write_line
from .errors import NotationError, _show
from .notation import parse, parse_hand, to_string, to_unicode
from .rules.sichuan import PROFILES as _SICHUAN_PROFILES   # their analyze / settle paths: mjpy.rules.sichuan
from .tiles import CHINESE_NAMES, N_KINDS, TILE_NAMES, UNICODE_TILES
from .wildcards import RULESETS, SUCCESSOR_TABLES, resolve, tile_list

__all__ = ["main", "analyze", "jokers", "settle"]

_FORMS_DEFAULT = ("standard", "seven_pairs", "thirteen_orphans")
_MAX_MELDS = 4          # declared melds of a 13-tile hand (16-tile play: 5, _max_melds)
_HAND_SIZES = (13, 16)  # 4 sets + a pair, or 5 sets + a pair (16-tile play, Taiwan)
_ALL_FORMS = _FORMS_DEFAULT + ("knitted",)


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """ArgumentParser that reports errors by raising instead of exiting."""

    def error(self, message):  # noqa: D401
        raise _UsageError(message)


def _version() -> str:
    import mjpy

    return mjpy.__version__


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
                   help="declared melds not written in HAND: their number N (0-4: a 13-tile hand has at most "
                        "4 declared melds; a 16-tile hand 5), or the melds themselves in brackets like "
                        "'[123m][555s]'")
    a.add_argument("--forms", metavar="FORMS", default=None,
                   help="comma-separated forms: standard, seven_pairs, thirteen_orphans, knitted; or 'all' "
                        "(default: standard,seven_pairs,thirteen_orphans)")
    a.add_argument("--japanese-seven-pairs", action="store_true",
                   help="four of a kind is not two pairs in seven pairs (Japanese rule)")
    a.add_argument("--hand-size", metavar="{13,16}", type=int, choices=_HAND_SIZES, default=None,
                   help="13 (default: 4 sets + a pair, 14 tiles complete) or 16 (16-tile play: 5 sets + a pair, "
                        "17 tiles complete; the forms are standard only unless --forms says otherwise)")
    a.add_argument("--include-exhausted", action="store_true",
                   help="also list waits whose four copies are all in the hand")
    a.add_argument("--visible", metavar="TILES", default="",
                   help="tiles seen elsewhere (discards, other melds), subtracted from the copies left")
    a.add_argument("--jokers", metavar="N", type=int, default=0,
                   help="N jokers held in addition to the tiles written in HAND; they count toward the "
                        "hand size (1234567m123p5s --jokers 2: 11 tiles + 2 jokers = 13)")
    a.add_argument("--joker-tiles", metavar="TILES", default=None,
                   help="tile kinds that are jokers where they appear in HAND, e.g. 5z or 5z,6z "
                        "(see: mjpy jokers RULESET --indicator TILE)")
    a.add_argument("--no-fifth-copy", action="store_true",
                   help="a joker may not stand for a fifth copy of a kind (default: it may, "
                        "docs/rules.md#jokers)")
    a.add_argument("--json", action="store_true", help="print one JSON object")
    r = a.add_argument_group("rule set scoring (--rules NAME)")
    r.add_argument("--rules", metavar="NAME", default=None,
                   help="score under a rule set (mjpy rules lists them: " + ", ".join(_scoring_rule_names())
                        + "; aliases " + ", ".join(_rule_aliases()) + "): a complete hand's fans and total; a 13-tile "
                          "hand's waits with their scores. Rule sets other than sichuan and guobiao take their "
                          "options with --option and read --win, --self-drawn, --after-kong, --robbing-kong, "
                          "--last-tile, --tianhu, --dihu, --dealer, --seat-wind, --round-wind, --indicator, "
                          "--joker-tiles. A shape-only rule set (" + ", ".join(_shape_rule_names()) + ") has no "
                          "fan table: its hand is analyzed as without --rules, with the rule set's forms and hand "
                          "size (the hand must have that size counting declared melds; no melds are assumed)")
    r.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                   help="a rule-set option for --rules NAME other than sichuan and guobiao, repeatable "
                        "(--option qidui=10 --option gui=fan; VALUE: a number, true/false/null, else a string; "
                        "mjpy rules NAME lists the options and their defaults)")
    r.add_argument("--indicator", metavar="TILE", default=None,
                   help="the flipped tile: the rule set derives its jokers from it (tianjin; guangdong_tuidao "
                        "with --option gui=fan); --joker-tiles names the joker kinds instead")
    r.add_argument("--dealer", action="store_true", help="the winner is the dealer (庄家)")
    r.add_argument("--flag", metavar="NAME[=VALUE]", action="append", default=[],
                   help="a rule set's own keyword of score for --rules NAME other than sichuan and guobiao, "
                        "repeatable: kawuxing liangdao (亮倒) and kong_discard (杠上炮), tongcheng kouting (扣听); "
                        "with --option baopai=true the 寶牌 bonus_indicator=7m or bonus_tiles='[\"8m\", \"9m\"]' "
                        "(VALUE as in --option; NAME alone is true)")
    r.add_argument("--context", metavar="KEY=VALUE", action="append", default=[],
                   help="what the game's history adds, where the rule set reads it (hangzhou: caipiao=N, 财飘 "
                        "in a row, 0-2), repeatable")
    r.add_argument("--profile", choices=("sichuan_fan", "sichuan_points", "chengdu_simple"), default=None,
                   help="sichuan: fan table (default: the --rules name, sichuan = sichuan_fan)")
    r.add_argument("--dingque", metavar="SUIT", default=None, help="sichuan: the 定缺 suit, m/p/s (万/筒/条)")
    r.add_argument("--win", metavar="TILE", default=None,
                   help="the winning tile (in HAND; optional for sichuan; default elsewhere: the last tile written)")
    r.add_argument("--self-drawn", action="store_true", help="自摸")
    r.add_argument("--after-kong", action="store_true", help="杠上花 (implies --self-drawn; not guobiao: --kong)")
    r.add_argument("--kong-discard", action="store_true", help="sichuan: 杠上炮")
    r.add_argument("--robbing-kong", action="store_true", help="抢杠 (not guobiao: --kong)")
    r.add_argument("--tianhu", action="store_true", help="天胡 (not guobiao)")
    r.add_argument("--dihu", action="store_true", help="地胡 / 人和 (not guobiao)")
    r.add_argument("--max-fan", metavar="N", type=int, default=None, help="sichuan: cap (封顶) on the total")
    g = a.add_argument_group("Guobiao / MCR scoring (--rules guobiao; also uses --win and --self-drawn; "
                             "--seat-wind, --round-wind and --last-tile serve the other rule sets too)")
    g.add_argument("--seat-wind", metavar="WIND", default="E", help="seat wind E/S/W/N (东南西北), default E")
    g.add_argument("--round-wind", metavar="WIND", default="E", help="prevalent wind, default E")
    g.add_argument("--flowers", metavar="N", type=int, default=0, help="guobiao: flowers (花牌) 0-8")
    g.add_argument("--fourth-tile", action="store_true", help="guobiao: 和绝张 (the last copy of the winning tile)")
    g.add_argument("--kong", action="store_true",
                   help="guobiao: kong-related win: 杠上开花 with --self-drawn, else 抢杠和")
    g.add_argument("--last-tile", action="store_true",
                   help="last tile of the wall (not sichuan; guobiao: 妙手回春 with --self-drawn, else 海底捞月)")
    g.add_argument("--gb-profile", choices=("reference", "union", "n4", "lianzhong"), default="reference",
                   help="guobiao: exclusion profile (default reference = pymahjonggb 1.4.0)")
    g.add_argument("--extension", choices=("lianzhong", "dazhong"), default=None,
                   help="guobiao: add the non-GB 联众 or 大众麻将 fans (docs/rules.md#guobiao-ext)")

    j = sub.add_parser(
        "jokers",
        help="which tiles are jokers under a rule set",
        description="Which tile kinds are jokers (wildcards) this hand under RULESET, from the flipped "
                    "indicator tile (docs/rules.md#indicators). Without RULESET, list the rule sets.",
        epilog="rule sets: " + ", ".join(RULESETS) + ". TILE is MPSZ (9s, 5z) or Chinese (九条, 中).",
    )
    j.add_argument("ruleset", metavar="RULESET", nargs="?", default=None,
                   help="e.g. tianjin, guangdong, xuzhou, fujian, philippines, baopai, hangzhou")
    j.add_argument("--indicator", metavar="TILE", default=None, help="the flipped tile, e.g. 9s or 中")
    j.add_argument("--gui", choices=("fan", "baiban", "none"), default=None,
                   help="guangdong: 翻鬼 (successor of the indicator), 白板鬼, or no 鬼 "
                        "(default: fan with --indicator, else none)")
    j.add_argument("--baida", choices=("daidi", "huodong"), default=None,
                   help="fujian: 帶弟百搭 (successor, default) or 活動百搭 (the flipped tile)")
    j.add_argument("--caishen", metavar="TILES", default=None,
                   help="hangzhou/wenzhou: the 财神 kind(s) (required: the regional sources do not say which; "
                        "docs/rules.md#missing-wildcards)")
    j.add_argument("--gold", metavar="TILES", default=None,
                   help="fuzhou: the 金 kind(s) (required: the regional sources do not say how it is chosen)")
    j.add_argument("--successor-table", choices=tuple(SUCCESSOR_TABLES), default=None,
                   help="override the rule set's honor successor table (docs/rules.md#c14)")
    j.add_argument("--honor-window", choices=("forward", "centered"), default=None,
                   help="philippines: honors window = flipped + next four (default, the source's example) "
                        "or centered (the source's rule text; docs/rules.md#c14)")
    j.add_argument("--json", action="store_true", help="print one JSON object")

    rl = sub.add_parser(
        "rules",
        help="list the rule sets",
        description="The rule sets mjpy knows (one registry): tiles, players, hand size, the unit of the "
                    "total, and each rule set's options with their defaults (docs/rules.md#interface).",
    )
    rl.add_argument("name", metavar="NAME", nargs="?", default=None, help="show one rule set")
    rl.add_argument("--json", action="store_true", help="print one JSON object")

    st = sub.add_parser(
        "settle",
        help="end-of-hand payments of a finished hand (Sichuan, Guangdong, Qingyuan, Tianjin)",
        description="Settle a finished hand: who pays whom, with an itemised ledger. Sichuan 血战到底: kongs "
                    "(刮风下雨), wins in order (血战), and at a draw 查花猪, 查大叫 and kong refunds "
                    "(docs/sichuan_settle.md; examples/sichuan_table.json and examples/settle/chengdu_*.json). "
                    "guangdong_tuidao (with the GD-G house rules: horses, kong money), guangdong_jipinghu, "
                    "qingyuan and tianjin: docs/settle.md, one example each in examples/settle/. FILE is the "
                    "table as JSON; '-' reads standard input.",
    )
    st.add_argument("file", metavar="FILE", help="the table as JSON, or - for standard input")
    st.add_argument("--rules", metavar="NAME", required=True,
                    help="the rule set: " + ", ".join(_settle_rules()) + " (aliases accepted)")
    st.add_argument("--preset", metavar="NAME", default=None,
                    help="sichuan: settlement variant, replacing the table's \"options\": "
                         + ", ".join(_settle_presets())
                         + " (without --preset: the table's \"options\", else qq; docs/sichuan_settle.md)")
    st.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                    help="not sichuan: a rule-set option, repeatable, over the table's \"options\" (e.g. "
                         "--option payment=all_pay; mjpy rules NAME lists them)")
    st.add_argument("--json", action="store_true", help="print one JSON object")
    _add_mass_parsers(sub)
    cli_advise.add_parser(sub)
    cli_serve.add_parser(sub)
    return p


def _scoring_rule_names():
    from .rules.registry import names

    return names(scoring_only=True)


def _shape_rule_names():
    from .rules.registry import REGISTRY

    return [n for n, row in REGISTRY.items() if not row.binding]


def _rule_aliases():
    from .rules.registry import ALIASES

    return tuple(ALIASES)


def rules_table(name: Optional[str] = None) -> dict:
    """``mjpy rules [NAME]`` as a dict: every rule set (or one) with its description and options."""
    from .rules import registry

    rows = [registry.info(name)] if name is not None else [registry.info(n) for n in registry.names()]
    out = []
    for row in rows:
        out.append({"name": row.name, "title": row.title, "tiles": row.tiles, "players": row.players,
                    "hand_size": row.hand_size, "unit": row.unit or None, "forms": list(row.forms),
                    "jokers": row.jokers, "scores": row.scores, "docs": row.docs, "game": row.game,
                    "options": registry.options(row.name) if row.scores else {}})
    return {"rules": out}


def _pad(text: str, cols: int) -> str:
    """``text`` padded with spaces to ``cols`` terminal columns (a CJK character takes two)."""
    import unicodedata

    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(cols - used, 1)


def _human_rules(r: dict) -> str:
    lines = []
    one = len(r["rules"]) == 1
    width = max(len(row["name"]) for row in r["rules"]) + 1        # the names' column, the longest name's
    for row in r["rules"]:
        unit = row["unit"] or "shapes only"
        what = "cards" if row.get("game") == "zipai" else "tiles"
        lines.append(f"{row['name']:<{width}}{row['tiles']:>4} {what:<5}  {row['players']} players  "
                     f"{row['hand_size']}+1  {_pad(unit, 13)}{row['title']}")
        if one:
            lines.append(f"forms     {', '.join(row['forms'])}")
            lines.append(f"docs      {row['docs']}")
            for k, v in row["options"].items():
                lines.append(f"  {k:<38}{v!r}")
    if not one:
        lines.append("options of one rule set: mjpy rules NAME; in Python: mjpy.rules.get(NAME, **options)")
    return "\n".join(lines)


def _settle_rules():
    """The rule sets with a table settlement: those of the registry whose ``can_settle`` is true."""
    from .rules import registry

    out = []
    for name in registry.names():
        try:
            if registry.get(name).can_settle:
                out.append(name)
        except ValueError:                      # a rule set whose defaults cannot be bound alone
            continue
    return tuple(out)


def _settle_presets():
    """The names of the settlement presets (``mjpy.rules.sichuan_settle.PRESETS``: the one registry)."""
    from .rules.sichuan_settle import PRESETS

    return tuple(PRESETS)


def _add_mass_parsers(sub) -> None:
    """``mjpy simulate`` / ``mjpy evaluate`` (mass evaluation, in cli_mass.py)."""
    cli_mass.add_parsers(sub)


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


def _tile_full(t: int) -> dict:
    return _tile_entry(t, unicode=UNICODE_TILES[t])


def _show_tile(e: dict) -> str:
    return f"{e['tile']} {e['name']} {e['unicode']}"


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


def _joker_call(fn, *args, **kw):
    """Call a kernel function; a kernel without joker support gets a clear error."""
    try:
        return fn(*args, **kw)
    except TypeError as e:
        if "unexpected keyword argument" in str(e) and any(
                k in str(e) for k in ("jokers", "joker_tiles", "allow_fifth_copy")):
            raise ValueError("this mjcore build does not support jokers (mjpy.shanten(..., jokers=) "
                             "is not available)") from None
        raise


def analyze(hand: str, *, melds=None, forms=_FORMS_DEFAULT, quads_as_two_pairs: bool = True,
            include_exhausted: bool = False, visible: str = "", jokers: int = 0, joker_tiles=None,
            allow_fifth_copy: bool = True, hand_size: int = 13, rules: Optional[str] = None,
            every_discard: bool = False) -> dict:
    """The answers of ``mjpy analyze`` as a dict (the ``--json`` object).

    ``jokers``: jokers held in addition to the tiles of ``hand``; ``joker_tiles``: kinds that are jokers where they
    appear in ``hand`` (``"5z,6z"``, names or indices); ``allow_fifth_copy``: a joker may stand for a fifth
    copy (flag ``wild.allow_fifth_copy``, docs/rules.md#jokers). ``hand_size``: 13 (4 sets + a pair) or 16
    (16-tile play: 5 sets + a pair, at most 5 declared melds; the default forms become ``standard`` only,
    the one form of 16-tile play). The hand size counts jokers: tiles + jokers + 3 × melds = hand_size (waiting)
    or hand_size + 1 (complete or discarding); without melds a shorter hand assumes the declared melds that
    make up the difference.

    ``rules``: a shape-only rule set of the registry (``standard``, ``riichi``, ``taiwan``: no fan table). Its
    forms, ``quads_as_two_pairs`` and ``hand_size`` are used (leave those arguments out: a value other than the
    default and the rule set's own is a ValueError), the result names it (``rules``), and the hand must have the
    rule set's size counting declared melds (no melds are assumed).

    ``every_discard``: a discarding hand lists every distinct discard (``discards``, fewest shanten first),
    not only those that keep the shanten.

    >>> analyze("2233445566778p")["waits"][0]["tile"]
    '2p'
    >>> analyze("1112223334445556m", hand_size=16)["shanten"]
    0
    >>> analyze("1234567m123p5s", jokers=2)["shanten"]    # doctest: +SKIP
    0
    """
    import mjpy

    row = None
    if rules is not None:
        from .rules import registry

        row = registry.info(rules)
        if row.binding:
            raise ValueError(f"rules={row.name!r} has a fan table: score it with analyze_rules (mjpy analyze HAND "
                             f"--rules {row.name}); analyze takes the shape-only rule sets "
                             f"({', '.join(_shape_rule_names())})")
        given_forms = forms if forms == "all" or isinstance(forms, str) else tuple(forms)
        for arg, value, default, own in (("forms", given_forms, _FORMS_DEFAULT, tuple(row.forms)),
                                          ("quads_as_two_pairs", quads_as_two_pairs, True, row.quads_as_two_pairs),
                                          ("hand_size", hand_size, 13, row.hand_size)):
            if value != default and value != own:
                raise ValueError(f"rules={row.name!r} fixes {arg} ({own!r}); got {value!r}")
        forms, quads_as_two_pairs, hand_size = tuple(row.forms), row.quads_as_two_pairs, row.hand_size
    if isinstance(hand_size, bool) or not isinstance(hand_size, (int, np.integer)):
        raise TypeError(f"hand_size must be an int (13 or 16), got {type(hand_size).__name__}")
    hand_size = int(hand_size)
    if hand_size not in _HAND_SIZES:
        raise ValueError(f"hand_size must be 13 (4 sets + a pair) or 16 (5 sets + a pair), got {hand_size}")
    if hand_size != 13 and row is None and forms == _FORMS_DEFAULT:
        forms = ("standard",)     # seven pairs and thirteen orphans are 13-tile shapes
    max_melds = (hand_size - 1) // 3     # 4 (_MAX_MELDS) for 13 tiles, 5 for 16
    label = f"--rules {row.name}: " if row is not None else ""
    try:
        counts, meld_list = parse_hand(hand)
    except NotationError as e:
        raise e.relabel(f"hand {_show(hand)}") from None
    if isinstance(jokers, bool) or not isinstance(jokers, (int, np.integer)):
        raise TypeError(f"jokers must be an int, got {type(jokers).__name__}")
    jokers = int(jokers)
    if jokers < 0:
        raise ValueError(f"--jokers must be 0 or more, got {jokers}")
    if joker_tiles is None or (isinstance(joker_tiles, str) and not joker_tiles.strip()):
        jt: tuple = ()
    else:
        try:
            jt = tile_list(joker_tiles)
        except ValueError as e:
            raise ValueError(f"--joker-tiles {_show(str(joker_tiles))}: {e}") from None
    joker_mode = jokers > 0 or bool(jt)
    in_hand = sum(int(counts[t]) for t in jt)
    n_shown = int(counts.sum())
    n = n_shown + jokers        # the hand size counts jokers
    if melds is not None and str(melds).strip() != "":
        text = str(melds).strip()
        if text.lstrip("+-").isdigit():
            extra_k, extra_list = int(text), []
            if not 0 <= extra_k <= max_melds:
                raise ValueError(f"{label}--melds {extra_k}: the number of declared melds must be 0-{max_melds} "
                                 f"(a {hand_size}-tile hand has at most {max_melds})")
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
    if len(meld_list) > max_melds:
        raise ValueError(f"{label}{len(meld_list)} declared melds: a {hand_size}-tile hand has at most {max_melds}")
    size = f"{n} tiles" if not jokers else f"{n_shown} tiles + {jokers} joker{'s' if jokers > 1 else ''} = {n}"
    if n % 3 == 0:
        raise ValueError(f"{label}hand has {size}: a hand has 3k+1 tiles (waiting) or 3k+2 tiles "
                         f"(complete or discarding)")
    assumed = False
    if meld_list:
        melds_arg = meld_list
        k = len(meld_list)
    elif k_given is not None:
        melds_arg = k = k_given
    elif row is not None:
        melds_arg = k = 0         # a rule set's hand has its full size: no melds assumed
    else:
        # no melds given: a short hand implies declared melds whose tiles are not known
        k = max(0, (hand_size + 1 - n) // 3) if n % 3 == 2 else max(0, (hand_size - n) // 3)
        melds_arg = k
        assumed = k > 0
    want = hand_size + 1 if n % 3 == 2 else hand_size
    if n + 3 * k != want:
        counted = f"{size} + {_plural(k, 'declared meld')} = {n + 3 * k} tiles counting a meld as 3" if k else size
        hint = ""
        if row is not None and not k:
            hint = "; declared melds go in brackets ([123m]) or --melds N"
        elif row is None and hand_size == 13 and n + 3 * k in (16, 17):
            hint = " (16-tile play: --hand-size 16)"
        raise ValueError(f"{label}hand has {counted}: a {hand_size}-tile hand has {hand_size} (waiting) or "
                         f"{hand_size + 1} (complete or discarding){hint}")

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

    kw = dict(melds=melds_arg, forms=forms, hand_size=hand_size)
    if joker_mode:
        kw.update(jokers=jokers, joker_tiles=list(jt), allow_fifth_copy=bool(allow_fifth_copy))
    shanten = int(_joker_call(mjpy.shanten, counts, quads_as_two_pairs=quads_as_two_pairs, **kw))
    out = {
        "hand": to_string(counts, meld_list),
        "unicode": to_unicode(counts),
        "rules": None if row is None else row.name,
        "hand_size": hand_size,
        "quads_as_two_pairs": bool(quads_as_two_pairs),
        "tiles": n_shown,
        "jokers": jokers,
        "joker_tiles": [TILE_NAMES[t] for t in jt],
        "joker_count": jokers + in_hand,
        "allow_fifth_copy": bool(allow_fifth_copy),
        "melds": [m.to_dict() for m in meld_list],
        "meld_count": k,
        "melds_assumed": assumed,
        "forms": list(_ALL_FORMS if forms == "all" else forms),
        "visible": to_string(vis) if visible else "",
        "shanten": shanten,
        "complete": False,
        "decompositions": [],
        "assignments": [],
        "waits": [],
        "useful": [],
        "discards": [],
    }
    if n % 3 == 2:
        complete = bool(_joker_call(mjpy.is_win, counts, quads_as_two_pairs=quads_as_two_pairs, **kw))
        out["complete"] = complete
        if complete:
            if out["joker_count"]:
                # readings of the jokers (mjpy.assignments); the kernel's decompositions know no jokers
                if hasattr(mjpy, "assignments"):
                    out["assignments"] = [
                        _assignment_entry(a) for a in mjpy.assignments(
                            counts, jokers=jokers, joker_tiles=list(jt), melds=melds_arg, forms=forms,
                            quads_as_two_pairs=quads_as_two_pairs, allow_fifth_copy=bool(allow_fifth_copy),
                            hand_size=hand_size)]
            else:
                out["decompositions"] = [_decomposition_entry(d) for d in mjpy.decompositions(
                    counts, melds=melds_arg, forms=forms, quads_as_two_pairs=quads_as_two_pairs,
                    hand_size=hand_size)]
        else:
            out["discards"] = _discards(mjpy, counts, kw, quads_as_two_pairs, vis, shanten, every_discard)
    else:
        if shanten == 0:
            ws = _joker_call(mjpy.waits, counts, quads_as_two_pairs=quads_as_two_pairs,
                             include_exhausted=include_exhausted, **kw)
            out["waits"] = [
                _tile_entry(int(w), left=0 if w.exhausted else int(max(left[int(w)], 0)), exhausted=bool(w.exhausted))
                for w in ws
            ]
        us = _joker_call(mjpy.useful_tiles, counts, quads_as_two_pairs=quads_as_two_pairs,
                         visible=vis if visible else None, **kw)
        out["useful"] = [_tile_entry(int(u.tile), left=int(u.left)) for u in us]
    return out


def _assignment_entry(a) -> dict:
    """One reading of a winning hand with jokers: ``text`` (``str(a)``), and ``form``, ``substitutes``
    (jokers standing for another tile), ``natural`` (jokers read as their own face) when it has them."""
    entry = {"text": str(a)}
    form = getattr(a, "form", None)
    if isinstance(form, str):
        entry["form"] = form
    for key in ("substitutes", "natural"):
        v = getattr(a, key, None)
        if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
            entry[key] = int(v)
    return entry


def _discards(mjpy, counts: np.ndarray, kw: dict, quads: bool, vis: np.ndarray, shanten: int,
              every: bool = False) -> List[dict]:
    """Discards that keep the hand's shanten (``every``: all of them, fewest shanten first), each with the
    useful tiles it leaves (jokers not in HAND are never discarded; a joker kind written in HAND is a tile
    like the others)."""
    rows = []
    for t in np.flatnonzero(counts).tolist():
        after = counts.copy()
        after[t] -= 1
        s = int(mjpy.shanten(after, quads_as_two_pairs=quads, **kw))
        if s != shanten and not every:
            continue
        us = mjpy.useful_tiles(after, quads_as_two_pairs=quads, visible=vis if vis.any() else None, **kw)
        rows.append(_tile_entry(t, shanten=s, useful=[_tile_entry(int(u.tile), left=int(u.left)) for u in us],
                                left=sum(int(u.left) for u in us)))
    rows.sort(key=lambda r: (r["shanten"], -r["left"], r["index"]))
    return rows


def _tiles_line(entries: List[dict]) -> str:
    return "  ".join(f"{e['tile']}×{e['left']}" for e in entries)


_MAX_READINGS = 20   # readings of a joker hand printed as text (--json lists all)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _human(r: dict) -> str:
    extra = r.get("jokers", 0)
    jt = r.get("joker_tiles", [])
    hand = r["hand"] + (f" + {_plural(extra, 'joker')}" if extra else "")
    lines = [f"hand      {hand}   {r['unicode']}"]
    hs = r.get("hand_size", 13)
    play = f"{hs}-tile hands ({(hs - 1) // 3} sets + a pair), forms {', '.join(r['forms'])}"
    if not r.get("quads_as_two_pairs", True):
        play += ", four of a kind is not two pairs"
    if r.get("rules"):
        lines.append(f"rules     {r['rules']}: {play}; shapes only (no fan table)")
    elif hs != 13:
        lines.append(f"play      {play}")
    size = f"tiles     {r['tiles']}"
    if extra:
        size += f" + {_plural(extra, 'joker')}"
    if r["meld_count"]:
        size += f" + {r['meld_count']} declared meld{'s' if r['meld_count'] > 1 else ''}"
        if r["melds_assumed"]:
            size += " (assumed from the hand size)"
    lines.append(size)
    if extra or jt:
        # e.g. "3 in all: 2 in HAND (joker kinds 5z 中, 6z 发) + 1 held apart from the tiles written (--jokers 1)"
        parts = []
        if jt:
            kinds = ", ".join(f"{t} {CHINESE_NAMES[TILE_NAMES.index(t)]}" for t in jt)
            held = r["joker_count"] - extra
            parts.append(f"{held} in HAND (joker kind{'s' if len(jt) > 1 else ''} {kinds})")
        if extra:
            parts.append(f"{extra} held apart from the tiles written (--jokers {extra})")
        text = " + ".join(parts)
        if len(parts) > 1:
            text = f"{r['joker_count']} in all: {text}"
        if not r.get("allow_fifth_copy", True):
            text += "; a joker may not be a fifth copy"
        lines.append(f"jokers    {text}")
    if r["visible"]:
        lines.append(f"visible   {r['visible']}")
    if (r["tiles"] + extra) % 3 == 2:
        if r["complete"] and r.get("joker_count"):
            rs = r.get("assignments", [])
            if rs:
                lines.append(f"complete  yes, {_plural(len(rs), 'reading')}")
                for a in rs[:_MAX_READINGS]:
                    lines.append(f"  {a.get('form', ''):<20}{a['text']}")
                if len(rs) > _MAX_READINGS:
                    lines.append(f"  ... {len(rs) - _MAX_READINGS} more (--json lists all)")
            else:
                lines.append("complete  yes")
        elif r["complete"]:
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
                    lines.append(f"  {d['tile']:<4} leaves {d['left']} useful tiles: {_tiles_line(d['useful'])}")
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


def jokers(ruleset: Optional[str] = None, *, indicator: Optional[str] = None, **options) -> dict:
    """The answers of ``mjpy jokers`` as a dict (the ``--json`` object).

    Without ``ruleset``: ``{"rulesets": [...]}``, the registry. ``options`` go to
    :func:`mjpy.wildcards.resolve` (``gui``, ``baida``, ``caishen``, ``gold``, ``successor_table``, ...).

    >>> jokers("tianjin", indicator="9s")["joker_tiles"]
    ['1s', '9s']
    """
    if ruleset is None:
        if indicator is not None or any(v is not None for v in options.values()):
            raise ValueError("name a RULESET (mjpy jokers RULESET --indicator TILE); without one, "
                             "mjpy jokers lists the rule sets")
        return {"rulesets": [
            {"name": r.name, "title": r.title, "section": r.section, "rule": r.rule, "successor_table": r.table,
             "wild": r.wild, "needs_indicator": r.needs_indicator,
             "required_option": r.required_option, "variant_option": r.variant_option,
             "variants": list(r.variants), "default_variant": r.default_variant, "description": r.description}
            for r in RULESETS.values()]}
    j = resolve(ruleset, indicator, **options)
    rs = RULESETS[j.ruleset]
    out = {
        "ruleset": j.ruleset,
        "title": rs.title,
        "section": rs.section,
        "description": rs.description,
        "rule": j.rule,
        "variant": j.variant,
        "successor_table": j.table,
        "indicator": None if j.indicator is None else _tile_full(j.indicator),
        "wild": j.wild,
        "jokers": [_tile_full(t) for t in j.kinds],
        "joker_tiles": list(j.names),
        "stand_in": None,
    }
    if j.stand_in is not None:
        out["stand_in"] = {"tile": _tile_full(j.stand_in), "plays": _tile_full(j.face), "copies": j.stand_in_copies}
    return out


def _human_jokers(r: dict) -> str:
    if "rulesets" in r:
        width = max(len(x["name"]) for x in r["rulesets"])
        lines = ["rule sets (mjpy jokers RULESET --indicator TILE):"]
        for x in r["rulesets"]:
            what = "bonus tiles, not jokers" if not x["wild"] else (
                "needs --indicator" if x["needs_indicator"] and not x["variants"] else
                f"required --{x['required_option']}" if x["required_option"] else
                f"--{x['variant_option']} {'|'.join(x['variants'])}" if x["variant_option"] else "fixed")
            lines.append(f"  {x['name']:<{width}}  {x['title']}  ({what}; {x['section']})")
        return "\n".join(lines)
    lines = [f"ruleset   {r['ruleset']}  {r['title']}  ({r['section']})",
             f"rule      {r['description']}"]
    if r["indicator"] is not None:
        lines.append(f"indicator {_show_tile(r['indicator'])}")
    label = "jokers   " if r["wild"] else "bonus    "
    if r["jokers"]:
        text = "   ".join(_show_tile(e) for e in r["jokers"])
        text += f"   (--joker-tiles {','.join(e['tile'] for e in r['jokers'])})" if r["wild"] else \
            "   (寶牌: bonus tiles, not jokers)"
    else:
        text = "none"
    lines.append(f"{label} {text}")
    si = r["stand_in"]
    if si is not None:
        copies = "all copies" if si["copies"] is None else _plural(si["copies"], "copy")
        lines.append(f"stand-in  {_show_tile(si['tile'])} plays {_show_tile(si['plays'])} ({copies}; "
                     f"mjpy.wildcards.apply_stand_in)")
    return "\n".join(lines)


def settle(file: str, *, rules: str = "sichuan", preset: Optional[str] = None, options=None) -> dict:
    """The answers of ``mjpy settle`` as a dict (the ``--json`` object): ``totals``, ``ledger``, ``wins``,
    ``base``, ``names``, ``options`` (Sichuan: ``mjpy.rules.sichuan_settle.Settlement.to_dict``, also ``draw``;
    the other rule sets: ``mjpy.rules.engine.settle.Settlement.to_dict``, also ``rules`` and ``drawn``).
    ``options``: rule-set options over the table's (not sichuan)."""
    return _settle(file, rules=rules, preset=preset, options=options).to_dict()


def _settle(file: str, *, rules: str = "sichuan", preset: Optional[str] = None, options=None):
    from .rules import registry

    row = registry.info(rules)
    if row.name in _SICHUAN_PROFILES:
        if options:
            raise ValueError(f"--rules {rules}: --option is not for sichuan (its variants: --preset, or the "
                             f"table's \"options\")")
        if row.name == "chengdu_simple":
            raise ValueError("--rules chengdu_simple: CD-F has no settlement; the Chengdu modes are presets of "
                             "--rules sichuan (--preset chengdu_biaozhun, ...)")
        from .rules import sichuan_settle as ss

        if file == "-":
            table = ss.load_table(sys.stdin.read())
        else:
            table = ss.load_table(file)
        opts = None
        if preset is not None:
            if preset not in ss.PRESETS:
                raise ValueError(f"--preset {preset!r} is unknown (known: {', '.join(ss.PRESETS)})")
            opts = ss.PRESETS[preset]
        elif row.name == "sichuan_points" and table.get("options") is None:
            opts = ss.PRESETS["sc_b"]
        return ss.settle(table, opts)
    if preset is not None:
        raise ValueError(f"--rules {rules}: --preset is for sichuan; give options with --option KEY=VALUE")
    if not row.scores:
        raise ValueError(f"--rules {rules}: {row.name} has shapes only (no settlement); settle: "
                         f"{', '.join(_settle_rules())}")
    from .rules.engine.settle import load_table

    table = load_table(sys.stdin.read() if file == "-" else file)
    given = dict(options or {})
    if given:
        table_options = table.get("options")
        if table_options is not None and not isinstance(table_options, dict):
            raise ValueError(f"table.options must be an object, got {type(table_options).__name__}")
        table = dict(table, options=dict(table_options or {}, **given))
    rs = registry.get(row.name)
    if not rs.can_settle:
        raise ValueError(f"--rules {rules}: {row.name} has no table settlement (the rule sets with one: "
                         f"{', '.join(_settle_rules())})")
    return rs.settle(table)


def _rule_hand(hand: str, melds, rules: str, example: str):
    """(counts, melds) of a rule set's hand: bracketed melds in ``hand`` plus ``--melds`` (which must
    be melds themselves, not a count)."""
    try:
        counts, meld_list = parse_hand(hand)
    except NotationError as e:
        raise e.relabel(f"hand {_show(hand)}") from None
    if melds is not None and str(melds).strip() != "":
        text = str(melds).strip()
        if text.lstrip("+-").isdigit():
            raise ValueError(f"--rules {rules} needs the melds themselves: write them in brackets "
                             f"('{example}') or --melds '[555p]'")
        try:
            extra_counts, extra_list = parse_hand(text)
        except NotationError as e:
            raise e.relabel(f"--melds {_show(text)}") from None
        if extra_counts.any():
            raise ValueError(f"--melds {text!r}: tiles outside brackets (write '[555s](2222p)')")
        meld_list = list(meld_list) + list(extra_list)
    return counts, meld_list


def analyze_sichuan(hand: str, *, melds=None, dingque=None, win=None, profile=None, self_drawn: bool = False,
                   after_kong: bool = False, kong_discard: bool = False, robbing_kong: bool = False,
                   tianhu: bool = False, dihu: bool = False, max_fan=None) -> dict:
    """``mjpy analyze HAND --rules sichuan`` as a dict (the ``--json`` object).

    A complete hand (14 tiles counting melds) is scored with :func:`mjpy.rules.sichuan.score`; a 13-tile
    hand gets its 大叫: every legal wait with its score and the best (``best_fan_if_tenpai``).

    >>> analyze_sichuan("11222244p557799m")["total_fan"]
    5
    """
    from .rules import sichuan

    counts, meld_list = _rule_hand(hand, melds, "sichuan", "[555p](2222m)11m...")
    opts = sichuan.SichuanOptions.preset(profile or "sichuan_fan")
    if max_fan is not None:
        opts = opts.replace(max_fan=max_fan)
    n = int(counts.sum()) + 3 * len(meld_list)
    base = {"rules": "sichuan", "profile": opts.profile, "hand": to_string(counts),
            "melds": [str(m) for m in meld_list], "dingque": dingque}
    if n == 14:
        r = sichuan.score(counts, melds=meld_list, win_tile=win, self_drawn=self_drawn, after_kong=after_kong,
                          kong_discard=kong_discard, robbing_kong=robbing_kong, tianhu=tianhu, dihu=dihu,
                          dingque=dingque, options=opts)
        return {**base, "complete": True, **r.to_dict()}
    if n == 13:
        if win is not None or self_drawn or after_kong or kong_discard or robbing_kong or tianhu or dihu:
            raise ValueError("--win and the win flags need a complete hand (14 tiles counting melds)")
        ts = sichuan.tenpai_scores(counts, melds=meld_list, dingque=dingque, options=opts)
        best = sichuan.best_fan_if_tenpai(counts, melds=meld_list, dingque=dingque, options=opts)
        why = ""
        if best is None:
            dq = sichuan.normalize_dingque(dingque)
            held = sichuan.suits_present(counts, meld_list)
            if dq is not None and "mps"[dq] in held:
                why = f"holds tiles of its 定缺 suit {'mps'[dq]}"
            elif len(held) == 3:
                why = "holds all three suits (花猪)"
            else:
                why = "no legal wait"
        return {**base, "complete": False, "tenpai": best is not None, "dajiao": best,
                "chadajiao": opts.chadajiao, "unit": "分" if opts.profile == "sichuan_points" else "番",
                "reason": why, "flower_pig": sichuan.is_flower_pig(counts, meld_list),
                "waits": [{"tile": t, **r.to_dict()} for t, r in ts.items()]}
    raise ValueError(f"--rules sichuan: the hand has {n} tiles counting melds; expected 14 (complete) or 13 (大叫)")


def _fans_text(fans) -> str:
    return " + ".join(f"{f['name']} {f['value']}" for f in fans) or "-"


def _human_sichuan(r: dict) -> str:
    head = f"hand      {r['hand']}" + ("".join(" " + m for m in r["melds"]) if r["melds"] else "")
    lines = [head, f"rules     sichuan ({r['profile']})" + (f", 定缺 {r['dingque']}" if r["dingque"] else "")]
    if r["complete"]:
        if not r["is_win"]:
            lines.append(f"not a win: {r['reason']}")
            return "\n".join(lines)
        u = r["unit"]
        lines.append(f"base      {r['base']} ({r['base_alias']}) {r['base_fan']}{u}")
        lines.append(f"fans      {_fans_text(r['fans'])}")
        lines.append(f"根        {r['gen']}")
        cap = f" (capped from {r['uncapped_total']})" if r["capped"] else ""
        lines.append(f"total     {r['total_fan']}{u}{cap}")
        if r["multiplier"] is not None:
            m, pts = r["multiplier"], r["points"]
            lines.append(f"multiplier x{m}  points {pts}" + (f" (基本分 {pts // m} × {m})" if m else ""))
        return "\n".join(lines)
    if not r["tenpai"]:
        lines.append(f"not tenpai (no 大叫): {r['reason']}")
        return "\n".join(lines)
    u = r["unit"]
    lines.append(f"大叫      {r['dajiao']}{u} ({r['chadajiao']} over {_plural(len(r['waits']), 'wait')})")
    for w in r["waits"]:
        mult = f"  x{w['multiplier']}" if w["multiplier"] is not None else ""
        lines.append(f"  {w['tile']:<4} {w['total_fan']}{u}{mult}  {_fans_text(w['fans'])}")
    return "\n".join(lines)


def analyze_guobiao(hand: str, *, melds=None, win=None, self_drawn: bool = False, fourth_tile: bool = False,
                    kong: bool = False, last_tile: bool = False, seat_wind="E", round_wind="E", flowers: int = 0,
                    profile: str = "reference", extension: Optional[str] = None) -> dict:
    """``mjpy analyze HAND --rules guobiao`` as a dict (the ``--json`` object).

    A complete hand (14 tiles, kongs counted as 3) is scored with :func:`mjpy.rules.guobiao.score`;
    without ``win`` the last tile written outside the brackets is the winning tile. A 13-tile hand
    lists the score of every wait (:func:`mjpy.rules.guobiao.best_tenpai`).

    >>> analyze_guobiao("[123m][555s]11199p222z", win="2z", self_drawn=True, seat_wind="S")["total"]
    6
    """
    from .rules import guobiao
    from .tiles import tile_index

    counts, meld_list = _rule_hand(hand, melds, "guobiao", "[123m][555s]11199p222z")
    opts = guobiao.GuobiaoOptions(exclusion_profile=profile)
    n = int(counts.sum()) + 3 * len(meld_list)
    base = {"rules": "guobiao", "profile": profile, "extension": extension, "hand": to_string(counts),
            "melds": [str(m) for m in meld_list], "seat_wind": seat_wind, "round_wind": round_wind}
    if n == 14:
        if win is None:
            win_index = guobiao._last_tile_of(hand)
        else:
            win_index = tile_index(win)
        if extension:
            from .rules import guobiao_ext

            r = guobiao_ext.score(counts, meld_list, win_index, extension=extension, self_drawn=self_drawn,
                                  fourth_tile=fourth_tile, kong_related=kong, last_tile=last_tile,
                                  seat_wind=seat_wind, round_wind=round_wind, flowers=flowers, options=opts)
        else:
            r = guobiao.score(counts, meld_list, win_index, self_drawn=self_drawn, fourth_tile=fourth_tile,
                              kong_related=kong, last_tile=last_tile, seat_wind=seat_wind,
                              round_wind=round_wind, flowers=flowers, options=opts)
        return {**base, "complete": True, "win_tile": TILE_NAMES[win_index], **r.to_dict()}
    if n == 13:
        if win is not None or fourth_tile or kong or last_tile:
            raise ValueError("--win and the win flags need a complete hand (14 tiles, kongs counted as 3)")
        waits = guobiao.best_tenpai(counts, meld_list, self_drawn=self_drawn, seat_wind=seat_wind,
                                    round_wind=round_wind, flowers=flowers, options=opts)
        best = max((r.total for r in waits.values()), default=None)
        return {**base, "complete": False, "tenpai": bool(waits), "best": best,
                "waits": [{"tile": t, **r.to_dict()} for t, r in waits.items()]}
    raise ValueError(f"--rules guobiao: the hand has {n} tiles counting melds (kongs as 3); "
                     "expected 14 (complete) or 13 (waiting)")


def _gb_fans_text(fans) -> str:
    """'门风刻 2 + 幺九刻 1 x2': repeated fans grouped, in the result's order."""
    counts: dict = {}
    for f in fans:
        key = (f["name"], f["value"])
        counts[key] = counts.get(key, 0) + 1
    return " + ".join(f"{n} {v}" + (f" x{k}" if k > 1 else "") for (n, v), k in counts.items()) or "-"


def _human_guobiao(r: dict) -> str:
    head = f"hand      {r['hand']}" + ("".join(" " + m for m in r["melds"]) if r["melds"] else "")
    ext = f" + {r['extension']}" if r.get("extension") else ""
    lines = [head, f"rules     guobiao ({r['profile']}{ext}), seat {r['seat_wind']}, round {r['round_wind']}"]
    if r["complete"]:
        lines.append(f"win tile  {r['win_tile']}")
        if not r["is_win"]:
            lines.append(f"not a win: {r['reason']}")
            return "\n".join(lines)
        lines.append(f"fans      {_gb_fans_text(r['fans'])}")
        valid = " (valid win)" if r["is_valid_win"] else f": not a valid win ({r['reason']})"
        lines.append(f"total     {r['total']} fan{valid}")
        return "\n".join(lines)
    if not r["tenpai"]:
        lines.append("not waiting: no tile completes the hand")
        return "\n".join(lines)
    lines.append(f"best      {r['best']} fan over {_plural(len(r['waits']), 'wait')}")
    for w in r["waits"]:
        mark = "" if w["is_valid_win"] else "  (below 8)"
        lines.append(f"  {w['tile']:<4} {w['total']}{mark}  {_gb_fans_text(w['fans'])}")
    return "\n".join(lines)


#: Flags of ``mjpy analyze`` that the generic rule-set path does not read: (attribute, default, flag, hint).
_NOT_GENERIC = (
    ("dingque", None, "--dingque", "a Sichuan flag"),
    ("profile", None, "--profile", "a Sichuan flag; pass options with --option KEY=VALUE"),
    ("kong_discard", False, "--kong-discard", "a Sichuan flag"),
    ("max_fan", None, "--max-fan", "a Sichuan flag; a cap is an option where the rule set has one "
                                   "(--option cap=N)"),
    ("flowers", 0, "--flowers", "a Guobiao flag"),
    ("fourth_tile", False, "--fourth-tile", "a Guobiao flag"),
    ("kong", False, "--kong", "a Guobiao flag; use --after-kong or --robbing-kong"),
    ("gb_profile", "reference", "--gb-profile", "a Guobiao flag"),
    ("extension", None, "--extension", "a Guobiao flag"),
    ("jokers", 0, "--jokers", "write the joker tiles in HAND and name them with --indicator or --joker-tiles"),
    ("forms", None, "--forms", "the rule set fixes its forms"),
    ("visible", "", "--visible", "for the analysis without --rules"),
    ("japanese_seven_pairs", False, "--japanese-seven-pairs", "use --option allow_quad=false where the rule "
                                                              "set has it"),
    ("include_exhausted", False, "--include-exhausted", "for the analysis without --rules"),
    ("no_fifth_copy", False, "--no-fifth-copy", "use --option allow_fifth_copy=false where the rule set has it"),
)


_SCALARS = frozenset((bool, str, int, float, type(None)))


def _plain(x):
    """JSON-ready numbers and containers (a Fraction as an int when whole, else a float)."""
    if type(x) in _SCALARS:
        return x
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    if isinstance(x, (bool, str)):
        return x
    if isinstance(x, np.integer):
        return int(x)
    if isinstance(x, np.floating):
        return float(x)
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def _rows(pairs) -> list:
    return [{"name": n, "value": _plain(v)} for n, v in pairs]


def _result_entry(r) -> dict:
    """One :class:`mjpy.rules.Result` of the generic path as a JSON-ready dict."""
    detail = r.detail if isinstance(r.detail, dict) else {}
    return {"is_win": bool(r.is_win), "reason": r.reason, "total": _plain(r.total), "unit": r.unit,
            "fans": _rows(r.fans), "factors": _rows(detail.get("factors", ())),
            "points": _plain(detail.get("points")), "form": r.form, "substitutes": detail.get("substitutes"),
            "reading": None if r.reading is None else str(r.reading), "missing": list(detail.get("missing", ())),
            "detail": _plain(detail)}


def _bound_options(rs, registry) -> dict:
    o = rs.options
    return {k: _plain(o[k] if isinstance(o, dict) else getattr(o, k)) for k in _option_names(rs.name)}


@functools.lru_cache(maxsize=None)
def _option_names(name: str) -> tuple:
    from .rules import registry

    return tuple(registry.options(name))


def analyze_rules(hand: str, *, rules: str, options=None, melds=None, win=None, self_drawn: bool = False,
                  after_kong: bool = False, robbing_kong: bool = False, last_tile: bool = False,
                  tianhu: bool = False, dihu: bool = False, dealer: bool = False, seat_wind="E",
                  round_wind="E", indicator=None, joker_tiles=None, context=None, flags=None) -> dict:
    """``mjpy analyze HAND --rules NAME`` for a rule set of :func:`mjpy.rules.get` (the ``--json`` object).

    ``options`` go to ``rules.get(NAME, **options)``; ``rules`` may also be a bound rule set (then without
    ``options``), which saves building it per call. A complete hand (14 tiles, kongs counted as 3) is
    scored with ``score``; without ``win`` the last tile written outside the brackets is the winning tile.
    A 13-tile hand lists every wait with its result (``waits``), in tile order. ``indicator``: the
    flipped tile (the rule set derives its jokers); ``joker_tiles``: the joker kinds themselves;
    ``context``: what the game's history adds (Hangzhou: ``{"caipiao": n}``); ``flags``: the rule set's own
    keywords of ``score`` (卡五星 ``liangdao``, 通称 ``kouting``, 寶牌 ``bonus_indicator``).

    >>> analyze_rules("123456789m11p456m", rules="tianjin", win="5m", self_drawn=True, indicator="1z")["total"]
    4
    """
    from .rules import guobiao, registry
    from .tiles import tile_index

    from .rules.interface import RuleSet

    options = dict(options or {})
    if isinstance(rules, RuleSet):
        if options:
            raise TypeError("analyze_rules: options go with a rule set's name, not with a bound RuleSet")
        rs = rules
    else:
        rs = registry.get(rules, **options)
    name = rs.name
    own = dict(flags or {})
    for k in own:
        if k not in rs.extra_flags or k in ("indicator", "joker_tiles", "context"):
            known = ", ".join(f for f in rs.extra_flags if f not in ("indicator", "joker_tiles", "context")) or "none"
            raise ValueError(f"--flag {k}: not a flag of {name} (its flags: {known})")
    counts, meld_list = _rule_hand(hand, melds, name, "[777z]234567m234p11s")
    n = int(counts.sum()) + 3 * len(meld_list)
    size = rs.hand_size                         # 13, or 16 in 16-tile play
    jt = None
    if joker_tiles is not None and not (isinstance(joker_tiles, str) and not joker_tiles.strip()):
        try:
            jt = [TILE_NAMES[t] for t in tile_list(joker_tiles)]
        except ValueError as e:
            raise ValueError(f"--joker-tiles {_show(str(joker_tiles))}: {e}") from None
    if indicator is not None:
        try:
            indicator = TILE_NAMES[tile_index(indicator)]
        except ValueError as e:
            raise ValueError(f"--indicator {_show(str(indicator))}: {e}") from None
    jokers = {k: v for k, v in (("indicator", indicator), ("joker_tiles", jt)) if v is not None}
    base = {"rules": name, "title": rs.title, "unit": rs.unit, "options": _bound_options(rs, registry),
            "options_given": _plain(options), "hand": to_string(counts), "melds": [str(m) for m in meld_list],
            "indicator": indicator, "joker_tiles": jt, "seat_wind": seat_wind, "round_wind": round_wind,
            "dealer": bool(dealer)}
    if n == size + 1:
        if win is None:
            try:
                win_index = guobiao._last_tile_of(hand) if counts.any() else None
            except ValueError:
                win_index = None
            if win_index is None:
                raise ValueError(f"hand {_show(hand)}: cannot tell the winning tile; pass --win TILE")
        else:
            try:
                win_index = tile_index(win)
            except ValueError as e:
                raise ValueError(f"--win {_show(str(win))}: {e}") from None
        flags = dict(self_drawn=self_drawn, after_kong=after_kong, robbing_kong=robbing_kong, last_tile=last_tile,
                     tianhu=tianhu, dihu=dihu)
        r = rs.score(counts, melds=meld_list, win_tile=win_index, seat_wind=seat_wind, round_wind=round_wind,
                     dealer=dealer, context=context or None, **flags, **jokers, **own)
        return {**base, "complete": True, "win_tile": TILE_NAMES[win_index], **flags, **_plain(own),
                **_result_entry(r)}
    if n == size:
        if win is not None or after_kong or robbing_kong or last_tile or tianhu or dihu:
            raise ValueError(f"--win and the win flags need a complete hand ({size + 1} tiles, kongs counted as 3)")
        if context and "context" not in rs.extra_flags:
            raise ValueError(f"--rules {name}: the rule set reads no --context")
        ws = rs.waits(counts, melds=meld_list, self_drawn=self_drawn, seat_wind=seat_wind, round_wind=round_wind,
                      dealer=dealer, **jokers, **({"context": context} if context else {}), **own)
        waits = [{"tile": t, **_result_entry(r)} for t, r in sorted(ws.items(), key=lambda kv: tile_index(kv[0]))]
        best = max((w["total"] for w in waits), default=None)
        return {**base, "complete": False, "self_drawn": bool(self_drawn), "tenpai": bool(waits), "best": best,
                "waits": waits}
    raise ValueError(f"--rules {name}: the hand has {n} tiles counting melds (kongs as 3); "
                     f"expected {size + 1} (complete) or {size} (waiting)")


def _rule_flags(items) -> dict:
    """``--flag NAME[=VALUE]`` (repeatable) as keywords of ``score``: NAME alone is true."""
    return parse_options([x if "=" in str(x) else f"{x}=true" for x in items or ()], "--flag")


def _num_text(v) -> str:
    return str(v) if not isinstance(v, float) else f"{v:g}"


def _generic_fans_text(fans) -> str:
    return " + ".join(f"{f['name']} {_num_text(f['value'])}" for f in fans) or "-"


def _factors_text(factors) -> str:
    return " ".join(f"{f['name']} ×{_num_text(f['value'])}" for f in factors)


def _human_rules_result(r: dict) -> str:
    """The text of ``mjpy analyze HAND --rules NAME`` for the generic rule sets."""
    head = f"hand      {r['hand']}" + ("".join(" " + m for m in r["melds"]) if r["melds"] else "")
    lines = [head, f"rules     {r['rules']} ({r['unit']}): {r['title']}"]
    if r["options_given"]:
        lines.append("options   " + ", ".join(f"{k}={v!r}" for k, v in r["options_given"].items()))
    if r["indicator"] is not None or r["joker_tiles"] is not None:
        parts = ([f"indicator {r['indicator']}"] if r["indicator"] is not None else []) + \
                ([f"joker tiles {','.join(r['joker_tiles'])}"] if r["joker_tiles"] is not None else [])
        lines.append("jokers    " + ", ".join(parts))
    u = r["unit"]
    if r["complete"]:
        how = [k.replace("_", "-") for k in ("self_drawn", "after_kong", "robbing_kong", "last_tile", "tianhu",
                                              "dihu") if r[k]] + (["dealer"] if r["dealer"] else [])
        lines.append(f"win tile  {r['win_tile']}" + (f" ({', '.join(how)})" if how else ""))
        if not r["is_win"]:
            lines.append(f"not a win: {r['reason']}")
            if r["missing"]:
                patterns = (r.get("detail") or {}).get("patterns")
                if patterns:
                    lines.append(f"patterns  {' + '.join(patterns)} (their values are not given)")
                lines.append("options   the value is an option: " + " ".join(f"--option {m}=N" for m in r["missing"]))
            return "\n".join(lines)
        lines.append(f"form      {r['form']}")
        lines.append(f"fans      {_generic_fans_text(r['fans'])}")
        if r["factors"]:
            lines.append(f"factors   {_factors_text(r['factors'])}")
        lines.append(f"total     {_num_text(r['total'])}{u}")
        if r["points"] is not None:
            lines.append(f"points    {_num_text(r['points'])}")
        if r["reading"] is not None:
            lines.append(f"reading   {r['reading']}")
        return "\n".join(lines)
    if not r["tenpai"]:
        lines.append("not waiting: no tile completes a legal win")
        return "\n".join(lines)
    lines.append(f"best      {_num_text(r['best'])}{u} over {_plural(len(r['waits']), 'wait')}")
    for w in r["waits"]:
        text = f"  {w['tile']:<4} {_num_text(w['total']):>4}{u}  {_generic_fans_text(w['fans'])}"
        if w["factors"]:
            text += f"  ({_factors_text(w['factors'])})"
        if w["points"] is not None:
            text += f"  points {_num_text(w['points'])}"
        if w["reading"] is not None and w["substitutes"]:
            text += f"  reading {w['reading']}"
        lines.append(text)
    return "\n".join(lines)


_print = write_line


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
    if args.command in ("simulate", "evaluate"):
        return _run_mass(args)
    if args.command == "serve":
        try:
            return cli_serve.run(args)
        except ValueError as e:
            _print(f"mjpy: error: {e}", sys.stderr)
            return 2
    try:
        if args.command == "settle":
            s = _settle(args.file, rules=args.rules, preset=args.preset, options=parse_options(args.option))
            if type(s).__module__.endswith("sichuan_settle"):
                from .rules.sichuan_settle import format_settlement
            else:
                from .rules.engine.settle import format_settlement

            result, human = s.to_dict(), (lambda _r, _s=s: format_settlement(_s))
        elif args.command == "jokers":
            result = jokers(args.ruleset, indicator=args.indicator, gui=args.gui, baida=args.baida,
                            caishen=args.caishen, gold=args.gold, successor_table=args.successor_table,
                            honor_window=args.honor_window)
            human = _human_jokers
        elif args.command == "rules":
            result, human = rules_table(args.name), _human_rules
        elif args.command == "advise":
            result, human = cli_advise.run(args)
        elif getattr(args, "rules", None) is not None and _rule_family(args) == "zipai":
            result, human = _zipai_command(args), _human_zipai
        elif getattr(args, "rules", None) is not None and _rule_family(args) == "shapes":
            _check_shape_flags(args)
            result = analyze(args.hand, melds=args.melds, include_exhausted=args.include_exhausted,
                             visible=args.visible, rules=args.rules)
            human = _human
        elif getattr(args, "rules", None) is not None and _rule_family(args) == "generic":
            from .rules import registry

            _check_generic_flags(args, registry.info(args.rules).name)
            result = analyze_rules(
                args.hand, rules=args.rules, options=parse_options(args.option), melds=args.melds, win=args.win,
                self_drawn=args.self_drawn or args.after_kong, after_kong=args.after_kong,
                robbing_kong=args.robbing_kong, last_tile=args.last_tile, tianhu=args.tianhu, dihu=args.dihu,
                dealer=args.dealer, seat_wind=args.seat_wind, round_wind=args.round_wind,
                indicator=args.indicator, joker_tiles=args.joker_tiles,
                context=parse_options(args.context, "--context"), flags=_rule_flags(args.flag))
            human = _human_rules_result
        elif getattr(args, "rules", None) is not None and _rule_family(args) == "sichuan":
            _only_generic(args, "sichuan")
            if args.jokers or args.joker_tiles:
                raise ValueError("--rules sichuan: Sichuan mahjong has no jokers (无赖子)")
            result = analyze_sichuan(
                args.hand, melds=args.melds, dingque=args.dingque, win=args.win,
                profile=_rule_profile(args),
                self_drawn=args.self_drawn or args.after_kong or args.tianhu, after_kong=args.after_kong,
                kong_discard=args.kong_discard, robbing_kong=args.robbing_kong, tianhu=args.tianhu,
                dihu=args.dihu, max_fan=args.max_fan)
            human = _human_sichuan
        elif getattr(args, "rules", None) is not None and _rule_family(args) == "guobiao":
            _only_generic(args, "guobiao")
            if args.jokers or args.joker_tiles:
                raise ValueError("--rules guobiao: Guobiao mahjong has no jokers")
            result = analyze_guobiao(
                args.hand, melds=args.melds, win=args.win, self_drawn=args.self_drawn,
                fourth_tile=args.fourth_tile, kong=args.kong, last_tile=args.last_tile,
                seat_wind=args.seat_wind, round_wind=args.round_wind, flowers=args.flowers,
                profile=args.gb_profile, extension=args.extension)
            human = _human_guobiao
        else:
            if args.option or args.dealer or args.indicator or args.context:
                raise ValueError("--option, --dealer, --indicator and --context need --rules NAME (mjpy rules lists "
                                 "them); without --rules name the joker kinds with --joker-tiles")
            result = analyze(
                args.hand,
                melds=args.melds,
                forms=_parse_forms(args.forms),
                quads_as_two_pairs=not args.japanese_seven_pairs,
                include_exhausted=args.include_exhausted,
                visible=args.visible,
                jokers=args.jokers,
                joker_tiles=args.joker_tiles,
                allow_fifth_copy=not args.no_fifth_copy,
                hand_size=13 if args.hand_size is None else args.hand_size,
            )
            human = _human
    except (ValueError, TypeError) as e:
        _print(f"mjpy: error: {e}", sys.stderr)
        return 2
    if args.json:
        _print(json.dumps(result, ensure_ascii=False), sys.stdout)
    else:
        _print(human(result), sys.stdout)
    return 0


def _rule_family(args) -> str:
    """Which analysis ``--rules NAME`` runs: ``shapes`` (a shape-only rule set, ``binding == ""``:
    :func:`analyze` with the rule set's forms and hand size), ``sichuan`` (the Sichuan profiles),
    ``guobiao``, or ``generic`` (every other rule set of the registry: :func:`analyze_rules`);
    ValueError for an unknown name, and for ``--hand-size`` (the rule set fixes it)."""
    from .rules import registry

    row = registry.info(args.rules)
    if getattr(args, "hand_size", None) is not None:
        raise ValueError(f"--rules {args.rules}: --hand-size does not apply (the rule set fixes it: "
                         f"{row.name} plays {row.hand_size}-tile hands)")
    if row.game == "zipai":                     # the 字牌 card game: _zipai_command
        return "zipai"
    if row.binding == "":
        return "shapes"
    if row.name == "guobiao":
        return "guobiao"
    if row.name in _SICHUAN_PROFILES:
        return "sichuan"
    return "generic"


#: (attribute, default, flag, why) of the flags of ``mjpy analyze`` that a shape-only --rules NAME refuses
_NOT_SHAPES = (
    ("forms", None, "--forms", "the rule set fixes its forms"),
    ("japanese_seven_pairs", False, "--japanese-seven-pairs", "the rule set fixes whether four of a kind is two "
                                                              "pairs"),
    ("jokers", 0, "--jokers", "the rule set has no jokers; analyze without --rules for jokers"),
    ("joker_tiles", None, "--joker-tiles", "the rule set has no jokers; analyze without --rules for jokers"),
    ("no_fifth_copy", False, "--no-fifth-copy", "the rule set has no jokers; analyze without --rules for jokers"),
) + tuple((attr, default, flag, "no fan table: the rule set has shapes only") for attr, default, flag in (
    ("option", [], "--option"), ("context", [], "--context"), ("indicator", None, "--indicator"), ("flag", [], "--flag"),
    ("dealer", False, "--dealer"), ("win", None, "--win"), ("self_drawn", False, "--self-drawn"),
    ("after_kong", False, "--after-kong"), ("kong_discard", False, "--kong-discard"),
    ("robbing_kong", False, "--robbing-kong"), ("tianhu", False, "--tianhu"), ("dihu", False, "--dihu"),
    ("max_fan", None, "--max-fan"), ("profile", None, "--profile"), ("dingque", None, "--dingque"),
    ("seat_wind", "E", "--seat-wind"), ("round_wind", "E", "--round-wind"), ("flowers", 0, "--flowers"),
    ("fourth_tile", False, "--fourth-tile"), ("kong", False, "--kong"), ("last_tile", False, "--last-tile"),
    ("gb_profile", "reference", "--gb-profile"), ("extension", None, "--extension")))


def _check_shape_flags(args) -> None:
    """ValueError for a flag of ``mjpy analyze`` that a shape-only ``--rules NAME`` does not read."""
    from .rules import registry

    name = registry.info(args.rules).name
    for attr, default, flag, why in _NOT_SHAPES:
        if getattr(args, attr) != default:
            raise ValueError(f"--rules {name}: {flag} does not apply ({why})")


def _only_generic(args, family: str) -> None:
    """``--option``, ``--dealer`` and ``--indicator`` belong to the generic path (ValueError with sichuan
    and guobiao, whose flags are their own)."""
    for attr, flag in (("option", "--option"), ("dealer", "--dealer"), ("indicator", "--indicator"),
                       ("context", "--context"), ("flag", "--flag")):
        if getattr(args, attr):
            raise ValueError(f"--rules {args.rules}: {flag} is not a flag of {family} "
                             f"(its flags: mjpy analyze --help)")


def _check_generic_flags(args, name: str) -> None:
    """ValueError for a flag of ``mjpy analyze`` that the rule set ``name`` does not read."""
    for attr, default, flag, hint in _NOT_GENERIC:
        if getattr(args, attr) != default:
            raise ValueError(f"--rules {name}: {flag} does not apply ({hint})")


def _rule_profile(args) -> str:
    """The Sichuan profile of ``--rules NAME`` (``--profile`` may pick one only with the alias sichuan)."""
    from .rules import registry

    name = registry.info(args.rules).name
    if args.profile is None:
        return name
    if args.rules.strip().lower() != "sichuan" and args.profile != name:
        raise ValueError(f"--rules {args.rules} and --profile {args.profile} disagree: use --rules {args.profile}")
    return args.profile


# ---- daye_zipai (the 字牌 card game, mjpy.rules.daye_zipai): mjpy analyze CARDS --rules daye_zipai ----
#: the flags of ``mjpy analyze`` that ``--rules daye_zipai`` reads (every other one must keep its default)
_ZIPAI_FLAGS = ("command", "hand", "rules", "option", "tianhu", "dihu", "dealer", "win", "json")


def analyze_zipai(hand: str, *, options=None, win=None, tianhu: bool = False, dihu: bool = False,
                  dealer: bool = False) -> dict:
    """``mjpy analyze CARDS --rules daye_zipai`` as a dict: the cards (red count, the 坎 and 笼 of a hand
    written without groups) and, when groups are declared in brackets, the score (docs/zipai.md#cli).

    >>> analyze_zipai("[坎:壹壹壹][吃:一二三]四", options={"kan_big": 6, "chi_small": 4})["fans"]
    [{'name': '单倍', 'value': 1}]
    """
    from .rules import daye_zipai as zp, registry

    options = dict(options or {})
    rs = registry.get("daye_zipai", **options)
    counts, groups = zp.parse_hand(hand)
    every = counts.astype(int) + sum((np.bincount(g.cards, minlength=zp.N_KINDS) for g in groups), 0)
    base = {"rules": rs.name, "title": rs.title, "unit": rs.unit, "options": _bound_options(rs, registry),
            "options_given": _plain(options), "hand": zp.to_string(counts),
            "hand_ascii": zp.to_string(counts, style="ascii"), "groups": [str(g) for g in groups],
            "cards": int(every.sum()), "red": int(every[zp.RED_MASK].sum())}
    if not groups:
        if win is not None or tianhu or dihu:
            raise ValueError("--rules daye_zipai: --win, --tianhu and --dihu need the groups declared in brackets "
                             "(e.g. '[坎:壹壹壹][吃:一二三]四')")
        found = zp.find_kan_long(counts)
        return {**base, "scored": False, "kan": [str(g) for g in found if g.kind == "kan"],
                "long": [str(g) for g in found if g.kind == "long"]}
    r = rs.score(counts, groups, win, tianhu=tianhu, dihu=dihu, dealer=dealer)
    d = r.detail
    return {**base, "scored": True, "is_win": r.is_win, "reason": r.reason, "total": r.total,
            "fans": _rows(r.fans), "hu_points": d["hu_points"], "has_kan": d["has_kan"], "table": d["table"],
            "group_hu": d["groups"], "win": d["win_card"], "tianhu": tianhu, "dihu": dihu, "dealer": bool(dealer)}


def _zipai_command(args) -> dict:
    defaults = vars(_build_parser().parse_args(["analyze", "-"]))
    for key, value in vars(args).items():
        if key not in _ZIPAI_FLAGS and value != defaults.get(key, value):
            raise ValueError(f"--rules daye_zipai: --{key.replace('_', '-')} does not apply (the 字牌 card game reads "
                             f"{', '.join('--' + f for f in _ZIPAI_FLAGS[3:-1])} and --json)")
    return analyze_zipai(args.hand, options=parse_options(args.option), win=args.win, tianhu=args.tianhu,
                         dihu=args.dihu, dealer=args.dealer)


def _human_zipai(r: dict) -> str:
    lines = [f"hand      {''.join(r['groups'])}{r['hand']}  ({r['cards']} cards, {r['red']} red)",
             f"rules     {r['rules']} ({r['unit']}): {r['title']}"]
    if r["options_given"]:
        lines.append("options   " + ", ".join(f"{k}={v!r}" for k, v in r["options_given"].items()))
    if not r["scored"]:
        lines.append(f"坎        {' '.join(r['kan']) or '-'}")
        lines.append(f"笼        {' '.join(r['long']) or '-'}")
        lines.append("score     declare the groups in brackets, e.g. '[坎:壹壹壹][吃:一二三]四' (docs/zipai.md)")
        return "\n".join(lines)
    lines.append("groups    " + "  ".join(f"{g['group']} {g['hu']}胡" for g in r["group_hu"]))
    lines.append(f"胡        {r['hu_points']} ({'a 坎' if r['has_kan'] else 'no 坎'}): {r['table']}")
    if not r["is_win"]:
        lines.append(f"not a win: {r['reason']}")
        return "\n".join(lines)
    lines.append(f"fans      {_generic_fans_text(r['fans'])}")
    lines.append(f"total     {r['total']}{r['unit']}")
    return "\n".join(lines)
# ---- end daye_zipai ----


def _run_mass(args) -> int:
    """Run ``simulate`` / ``evaluate``: they print their own output; bad input exits 2."""
    try:
        return cli_mass.run(args)
    except (ValueError, TypeError) as e:
        _print(f"mjpy: error: {e}", sys.stderr)
        return 2
    except ImportError as e:
        _print(f"mjpy: error: {e}", sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
