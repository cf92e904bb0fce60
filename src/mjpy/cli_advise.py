"""``mjpy advise HAND --rules NAME``: the discard table of :func:`mjpy.advise` (docs/advise.md)."""
from __future__ import annotations

from .console import parse_options

#: draws shown as columns of the text table (those within --turns)
_SHOWN = (1, 3, 6, 9, 12, 17)


def add_parser(sub) -> None:
    """Add the ``advise`` subcommand to the CLI's subparsers."""
    a = sub.add_parser(
        "advise",
        help="which tile to discard: tenpai / win probability and expected value per discard",
        description="Rank the discards of a hand (14 tiles; 13 for a waiting hand, fewer with melds) by the "
                    "probability of winning by self-draw within --turns draws, under the rule set's win "
                    "conditions, jokers and 定缺 (docs/advise.md: the model, exact under it).",
        epilog="examples: mjpy advise 11234577m345789p --rules sichuan_fan --flag dingque=s; "
               "mjpy advise 123m456p789s11234z --rules guobiao --objective expected --turns 17",
    )
    a.add_argument("hand", metavar="HAND", help="the hand, e.g. 11234577m345789p or '[555s]1234577m34p'")
    a.add_argument("--rules", metavar="NAME", default="standard",
                   help="rule set (mjpy rules lists them; default standard: the shapes, every win worth 1)")
    a.add_argument("--turns", metavar="T", type=int, default=12, help="draws still to come (default 12)")
    a.add_argument("--objective", choices=("win", "tenpai", "expected"), default="win",
                   help="what the discards maximise (default win: the win probability)")
    a.add_argument("--visible", metavar="TILES", default=None,
                   help="tiles seen elsewhere (discards, other melds, a flipped indicator): not in the wall")
    a.add_argument("--keep-shanten", action="store_true",
                   help="also follow draws that keep the shanten and change the hand (slower)")
    a.add_argument("--shanten-down", action="store_true",
                   help="also solve the discards that raise the shanten")
    a.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                   help="a rule-set option of mjpy.rules.get (repeatable), e.g. --option gui=fan")
    a.add_argument("--flag", metavar="NAME[=VALUE]", action="append", default=[],
                   help="a keyword of the rule set's score (repeatable), e.g. --flag dingque=s, --flag indicator=5m")
    a.add_argument("--seat-wind", default="E", metavar="W", help="seat wind E/S/W/N (default E)")
    a.add_argument("--round-wind", default="E", metavar="W", help="round wind E/S/W/N (default E)")
    a.add_argument("--dealer", action="store_true", help="the player is the dealer")
    a.add_argument("--json", action="store_true", help="print one JSON object")


def run(args):
    """``(result dict, text function)`` of ``mjpy advise``; ValueError / TypeError for bad input."""
    from .advice import advise

    flags = parse_options([x if "=" in str(x) else f"{x}=true" for x in args.flag], "--flag")
    options = parse_options(args.option)
    clash = sorted(set(flags) & set(options))
    if clash:
        raise ValueError(f"--rules {args.rules}: {clash[0]} given as --option and as --flag")
    adv = advise(args.hand, rules=args.rules, turns=args.turns, visible=args.visible, objective=args.objective,
                 keep_shanten=args.keep_shanten, shanten_down=args.shanten_down, seat_wind=args.seat_wind,
                 round_wind=args.round_wind, dealer=args.dealer, **options, **flags)
    return adv.to_dict(), human


def _pct(x: float) -> str:
    return "     " if x != x else f"{100 * x:5.1f}"


def _num(x: float) -> str:
    return "" if x != x else f"{x:.3f}"


def human(d: dict) -> str:
    """The text table: one line per discard, best first."""
    turns = d["turns"]
    shown = [t for t in _SHOWN if t < turns] + [turns]
    lines = [f"hand      {d['hand']}",
             f"rules     {d['rules']} (unit {d['unit']})" + (f", 定缺 {d['dingque']}" if d.get("dingque") else ""),
             f"model     {d['unseen']} unseen tiles, {turns} draws, objective {d['objective']}"
             + (", keep-shanten moves" if d["keep_shanten"] else "")]
    head = (f"{'discard':<8}{'shanten':>8}  {'left':>4}  " + " ".join(f"{'win@' + str(t):>7}" for t in shown)
            + f"  {'tenpai@' + str(turns):>10}  {'expected':>9}  useful")
    lines += ["", head]
    for r in d["rows"]:
        useful = " ".join(f"{t}×{n}" for t, n in r["useful"])
        lines.append(f"{r['discard'] or '-':<8}{r['shanten']:>8}  {r['left']:>4}  "
                     + " ".join(f"{_pct(r['win_prob'][t]):>6}" + (" " if r['value'] != r['value'] else "%") for t in shown)
                     + f"  {_pct(r['tenpai_prob'][turns]):>9}" + (" " if r['value'] != r['value'] else "%") + f"  {_num(r['expected'][turns]):>9}  {useful}")
    return "\n".join(lines)
