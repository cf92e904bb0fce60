"""Table settlement of Guangdong 推倒胡 (with the GD-G house rules), 雞平和 and Qingyuan 清远.

Each rule set gives its payment rules to the generic machinery (:mod:`mjpy.rules.engine.settle`) as
a :class:`~mjpy.rules.engine.settle.SettleRules`: a hook per event type and a few data fields. The
table format and every choice where the sources are silent: docs/settle.md; the rules:
docs/rules.md#guangdong-tuidao, #guangdong-general, #guangdong-jipinghu, #qingyuan.

>>> from mjpy import rules
>>> s = rules.get("guangdong_tuidao").settle("examples/settle/guangdong_tuidao.json")   # doctest: +SKIP
>>> s.totals                                                                            # doctest: +SKIP

Amounts are points (推倒胡 倍点数, 雞平和 分值 2^番, 清远 點) times the table's ``base`` (default 1).
Values the sources do not give are options that default to ``None`` (雞平和 and 清远 ``payment``,
清远 ``kakan_points``) or keys of the table's ``house`` block (直杠, 包杠, 杠上杠 and 杠爆 money): a
table that needs one is refused naming it.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Dict, List, Optional, Tuple

from ..tiles import TILE_NAMES
from .engine.settle import Pay, SettleRules, SettleTable, Win, settle, show

__all__ = ["TUIDAO_SETTLE", "JIPINGHU_SETTLE", "QINGYUAN_SETTLE", "settle_tuidao", "settle_jipinghu",
           "settle_qingyuan", "SEATS", "horse_seat", "horse_hits", "horse_amount", "HOUSE_KONG_MONEY"]

_F = Fraction


def _fans(w: Win) -> str:
    return " ".join(f"{n}{show(v)}" for n, v in w.result.fans)


def _names(w: Win) -> set:
    return {n for n, _ in w.result.fans}


def _missing(where: str, what: str, fix: str) -> ValueError:
    return ValueError(f"{where}: {what} is not given by the sources (docs/rules.md#missing): {fix}")


# ------------------------------------------------------------------------------ house rules (GD-G)
#: Horse seats: A is the previous hand's winner, B C D the next seats in turn order.
SEATS = "ABCD"
_HORSE_HONORS = {27: "A", 28: "B", 29: "C", 30: "D", 31: "B", 32: "C", 33: "D"}   # 东南西北 中发白


def horse_seat(tile: int) -> str:
    """The seat letter a horse tile names (GD-G): ranks 1-9 of every suit A B C D A B C D A; 中 B, 发 C,
    白 D; 东 A, 南 B, 西 C, 北 D.

    >>> horse_seat(2), horse_seat(31)          # 3m -> C, 中 -> B
    ('C', 'B')
    """
    if tile >= 27:
        return _HORSE_HONORS[tile]
    return SEATS[(tile % 9) % 4]


def horse_hits(letter: str, tiles) -> int:
    """How many of the horse ``tiles`` name the seat ``letter``."""
    return sum(1 for x in tiles if horse_seat(x) == letter)


def horse_amount(share, hits: int, mode: str) -> Fraction:
    """What a loser pays on top of his ``share`` for ``hits`` horses of the winner's seat (docs/rules.md#c29):
    ``additive`` (the source's money example: each horse is the win once more, share × hits) or ``fan``
    (中一匹马就加一番: each horse doubles, share × (2^hits − 1))."""
    share = _F(share)
    if mode == "additive":
        return share * hits
    if mode == "fan":
        return share * (2 ** hits - 1)
    raise ValueError(f"horse_mode must be 'additive' or 'fan', got {mode!r}")


#: House kong money (GD-G): 暗杠 20 from each other player, 补杠 (its 明杠) 10 from each. The others
#: are not given: ``minkan`` (直杠: what each other player pays), ``baogang`` (true: the feeder pays
#: for all three, 包杠), ``gangshanggang`` (杠上杠: more from each other player), ``gangbao`` (杠爆: more
#: from each loser of a win on a kong's replacement tile).
HOUSE_KONG_MONEY = {"ankan": 20, "kakan": 10, "minkan": None, "baogang": None, "gangshanggang": None,
                    "gangbao": None}


def _read_house(t: SettleTable) -> None:
    h = t.raw.get("house")
    t.extra["house"] = None
    if h is None:
        return
    where = "table.house"
    if not isinstance(h, dict):
        raise ValueError(f"{where} must be an object (horses, previous_winner, kong_money), got {type(h).__name__}")
    unknown = sorted(set(h) - {"horses", "previous_winner", "kong_money"})
    if unknown:
        raise ValueError(f"{where}: unknown key {unknown[0]!r} (known: horses, previous_winner, kong_money)")
    horses = h.get("horses") or []
    if not isinstance(horses, (list, tuple)):
        raise ValueError(f"{where}.horses must be a list of tiles, got {type(horses).__name__}")
    tiles = [t.tile(x, f"{where}.horses[{k}]") for k, x in enumerate(horses)]
    t.extra_tiles += [(x, "house.horses") for x in tiles]
    prev = None
    if h.get("previous_winner") is not None:
        prev = t.ref(h["previous_winner"], f"{where}.previous_winner")
    elif tiles:
        raise ValueError(f"{where}: missing 'previous_winner' (the seat of the previous hand's winner: the horse seat "
                         f"A)")
    km = h.get("kong_money")
    money = None
    if km is True:
        money = dict(HOUSE_KONG_MONEY)
    elif isinstance(km, dict):
        unknown = sorted(set(km) - set(HOUSE_KONG_MONEY))
        if unknown:
            raise ValueError(f"{where}.kong_money: unknown key {unknown[0]!r} (known: {', '.join(HOUSE_KONG_MONEY)})")
        money = dict(HOUSE_KONG_MONEY)
        for k in HOUSE_KONG_MONEY:
            if k == "baogang":
                if km.get(k) is not None:
                    money[k] = t.flag(km, k, f"{where}.kong_money")
            elif k in km:
                money[k] = t.number(km, k, f"{where}.kong_money")
    elif km not in (None, False):
        raise ValueError(f"{where}.kong_money must be true, false or an object of amounts, got {km!r}")
    t.extra["house"] = {"horses": tiles, "previous_winner": prev, "kong_money": money}


def _kong_money(t: SettleTable) -> Optional[dict]:
    h = t.extra.get("house")
    return None if h is None else h["kong_money"]


def _house_kong(t: SettleTable, ev: dict) -> List[Pay]:
    km = _kong_money(t)
    if km is None:
        return []
    pl, kind, name = ev["player"], ev["kind"], TILE_NAMES[ev["tile"]]
    where = ev["where"]
    out: List[Pay] = []
    if kind == "minkan":
        if km["minkan"] is None or km["baogang"] is None:
            raise _missing(where, "the money of a 直杠 (minkan) and who pays it (包杠)",
                           "set table.house.kong_money.minkan (what each other player pays) and .baogang (true: "
                           "the feeder pays for all three)")
        feeder = ev["from"]
        for q in t.others(pl):
            if km["baogang"]:
                reason = "zhigang" if q == feeder else "baogang"
                out.append((feeder, pl, km["minkan"], reason, f"直杠 {name}" + (
                    "" if q == feeder else f": 包杠, P{feeder} pays for P{q}")))
            else:
                out.append((q, pl, km["minkan"], "zhigang", f"直杠 {name} fed by P{feeder}"))
    else:
        reason = "bugang" if kind == "kakan" else "angang"
        for q in t.others(pl):
            out.append((q, pl, km[kind], reason, f"{'补杠' if kind == 'kakan' else '暗杠'} {name} (house kong money)"))
    if ev.get("after_kong"):
        if km["gangshanggang"] is None:
            raise _missing(where, "the money of a 杠上杠 (a kong on a kong's replacement tile)",
                           "set table.house.kong_money.gangshanggang (what each other player pays on top)")
        for q in t.others(pl):
            out.append((q, pl, km["gangshanggang"], "gangshanggang", f"杠上杠 {name}"))
    return out


# ------------------------------------------------------------------------------------------ 推倒胡
TUIDAO_LIABLE = ("quanqiuren", "qingyise", "qiangang")


def _tuidao_liable(t: SettleTable, w: Win) -> Optional[Tuple[int, str]]:
    """承包 (docs/rules.md#guangdong-tuidao): a 抢杠 makes the robbed player liable; the table names the
    two other cases, checked where the table can tell."""
    where = f"{w.where}.liable"
    if w.robbing:
        if w.liable is not None and w.liable != (w.source, "qiangang"):
            raise ValueError(f"{where}: a 抢杠 win makes the robbed player {w.source} liable (承包 case qiangang)")
        return (w.source, "qiangang")
    if w.liable is None:
        return None
    q, case = w.liable
    fans = _names(w)
    if case == "qiangang":
        raise ValueError(f"{where}: case qiangang is a win robbing a kong (robbing_kong)")
    if case == "quanqiuren":
        if "全求人" not in fans:
            raise ValueError(f"{where}: case quanqiuren needs a 全求人 win (fans: {_fans(w)})")
        if w.discarder != q:
            raise ValueError(f"{where}: case quanqiuren: player {q} must have discarded the winning tile (放冲)")
        p = t.players[q]
        kw = {"indicator": TILE_NAMES[t.extra["indicator"]]} if t.extra.get("indicator") is not None else {}
        try:
            waits = t.rs.waits(p.counts, p.melds, **kw)
        except (TypeError, ValueError) as e:
            raise ValueError(f"{where}: player {q}'s hand {p.text()}: {e}") from None
        if waits:
            raise ValueError(f"{where}: case quanqiuren needs player {q} not 听, but {p.text()} waits on "
                             f"{', '.join(waits)}")
    if case == "qingyise":
        if "清一色" not in fans:
            raise ValueError(f"{where}: case qingyise needs a 清一色 win (fans: {_fans(w)})")
        p = t.players[w.winner]
        opens = p.openings()
        if len(opens) < 3:
            raise ValueError(f"{where}: case qingyise: the winner opened {len(opens)} times; the liable player fed "
                             f"the third opening")
        src = p.meld_from[opens[2]]
        if src is not None and src != q:
            raise ValueError(f"{where}: case qingyise: the third opening table.players[{w.winner}].melds[{opens[2]}] "
                             f"came from player {src}, not {q}")
    return (q, case)


def _tuidao_win(t: SettleTable, w: Win) -> List[Pay]:
    o = t.options
    r = w.result
    big = any(n != "小胡" for n, _ in r.fans)
    total = _F(r.total)
    dealer = t.dealer
    liable = _tuidao_liable(t, w)
    losers = t.others(w.winner)
    raw: Dict[int, Fraction] = {}
    why: Dict[int, List[str]] = {}
    for q in losers:
        a, notes = total, []
        if q == w.discarder:
            f = _F(3, 2) if big else _F(2)
            a *= f
            notes.append(f"放冲 ×{show(f)}")
        if not big and dealer in (w.winner, q):
            a *= 2
            notes.append("庄闲 ×2")
        raw[q], why[q] = a, notes
    limit = None
    if o.cap is not None:
        gold = o.gold_cap if o.gold_cap is not None else (500 if o.koukoufan else 400)
        limit = _F(gold) if all(a > o.cap for a in raw.values()) else _F(o.cap)
    capped = {q: raw[q] if limit is None else min(raw[q], limit) for q in losers}
    house = t.extra.get("house")
    hits, letter = 0, None
    if house is not None and house["horses"]:
        letter = SEATS[(w.winner - house["previous_winner"]) % len(t.players)]
        hits = horse_hits(letter, house["horses"])
    gangbao = None
    if w.event.get("after_kong") and _kong_money(t) is not None:
        gangbao = _kong_money(t)["gangbao"]
        if gangbao is None:
            raise _missing(w.where, "the money of a 杠爆 (a win on a kong's replacement tile) under the house rules",
                           "set table.house.kong_money.gangbao (what each loser pays on top; 0 for nothing)")
    factors = " ".join(f"×{n}{show(v)}" for n, v in r.detail.get("factors", ()))
    head = f"{_fans(w)} {factors} = {show(total)}".replace("  ", " ")
    out: List[Pay] = []
    for q in losers:
        payer = q if liable is None else liable[0]
        if w.self_drawn:
            reason = "zimo"
        else:
            reason = "dianpao" if q == w.discarder else "hu"
        for_q = ""
        if payer != q:
            reason, for_q = "chengbao", f"; 承包 ({liable[1]}): P{payer} pays P{q}'s share"
        amount = capped[q]
        note = head + "".join(f" {n}" for n in why[q])
        if capped[q] != raw[q]:
            note += f" = {show(raw[q])}, capped at {show(limit)}" + (" (金顶)" if limit != o.cap else "")
        elif why[q]:
            note += f" = {show(raw[q])}"
        out.append((payer, w.winner, amount, reason, note + for_q))
        if hits:
            out.append((payer, w.winner, horse_amount(amount, hits, o.horse_mode), "horse",
                        f"{hits} horse{'s' if hits > 1 else ''} of seat {letter} ({o.horse_mode}) on {show(amount)}"
                        + for_q))
        if gangbao:
            out.append((payer, w.winner, gangbao, "gangbao", "杠爆 (house kong money)" + for_q))
    w.detail.update(big=big, factors=list(r.detail.get("factors", ())), raw={q: raw[q] for q in losers},
                    cap=limit, capped=capped)
    if house is not None and house["horses"]:
        w.detail["horses"] = {"tiles": [TILE_NAMES[x] for x in house["horses"]], "seat": letter, "hits": hits,
                              "mode": o.horse_mode}
    if liable is not None:
        w.detail["liable"] = {"player": liable[0], "case": liable[1]}
    return out


TUIDAO_SETTLE = SettleRules(
    win=_tuidao_win, kong=_house_kong, kongs_need_events=lambda t: _kong_money(t) is not None,
    win_flags=("after_kong", "robbing_kong", "last_tile"), kong_flags=("after_kong",), liable_cases=TUIDAO_LIABLE,
    multiple_winners=False, needs_dealer=True, table_keys=("house", "indicator"), read=_read_house,
    allow_chi=lambda o: o.allow_chi,
)


def settle_tuidao(rs, table):
    """``guangdong_tuidao`` table settlement (docs/settle.md#guangdong-tuidao)."""
    return settle(rs, table, TUIDAO_SETTLE)


# ------------------------------------------------------------------------------------------ 雞平和
JIPINGHU_LIABLE = ("twelve_exposed", "big_four_winds", "big_three_dragons")
_JIPINGHU_PAYMENT = "pass payment='discarder_pays' (the discarder pays the points), 'discarder_pays_all' " \
                    "(he pays them three times, 包三家) or 'all_pay' (each player who did not win pays them)"


def _last_of(p, kinds) -> Tuple[int, int]:
    """(how many exposed melds of ``kinds``, index of the last one)."""
    ks = [k for k, m in enumerate(p.melds) if m.kind in ("pon", "minkan", "kakan") and m.first in kinds]
    return len({p.melds[k].first for k in ks}), (ks[-1] if ks else -1)


def _jipinghu_liable(t: SettleTable, w: Win) -> Optional[Tuple[int, str]]:
    where = f"{w.where}.liable"
    q, case = w.liable
    if not w.self_drawn:
        raise ValueError(f"{where}: 包自摸 is for a self-drawn win; this one is {w.how}")
    p = t.players[w.winner]
    if case == "twelve_exposed":
        opens = p.openings()
        if len(opens) != 4:
            raise ValueError(f"{where}: case twelve_exposed (十二張落地) needs the winner's four melds exposed; he "
                             f"has {len(opens)}")
        last = opens[-1]
    else:
        kinds = (27, 28, 29, 30) if case == "big_four_winds" else (31, 32, 33)
        n, last = _last_of(p, kinds)
        if n != len(kinds):
            what = "the four winds" if case == "big_four_winds" else "the three dragons"
            raise ValueError(f"{where}: case {case} needs {what} exposed (pon or kong) in the winner's melds; "
                             f"he has {n}")
    src = p.meld_from[last]
    if src is not None and src != q:
        raise ValueError(f"{where}: case {case}: the meld that completed it, table.players[{w.winner}].melds[{last}], "
                         f"came from player {src}, not {q}")
    return (q, case)


def _jipinghu_win(t: SettleTable, w: Win) -> List[Pay]:
    o = t.options
    r = w.result
    points = _F(r.detail["points"])
    ev = w.event
    if ev.get("tianhu") and (w.index != 0 or t.players[w.winner].melds):
        raise ValueError(f"{w.where}: tianhu (天和) is the dealer's win on the deal: the first event, no kong")
    if ev.get("dihu") and (any(e["type"] == "kong" for e in t.events[:w.index]) or any(p.melds for p in t.players)):
        raise ValueError(f"{w.where}: dihu (人和) does not count after a 吃, 碰 or 杠 (the players hold melds)")
    head = f"{_fans(w)} = {show(r.total)}番 = {show(points)}"
    w.detail.update(fan=r.total, points=points)
    out: List[Pay] = []
    if w.self_drawn:
        liable = None
        kb = w.kong_before
        if kb is not None and kb["kind"] == "minkan":
            liable = (kb["from"], "gangkai")                      # 杠上開花包槓: the kong's feeder pays for all
        if w.liable is not None:
            named = _jipinghu_liable(t, w)
            if liable is not None:
                raise ValueError(f"{w.where}.liable: 杠上開花包槓 (player {liable[0]} fed the kong) and 包自摸 both "
                                 f"apply; the sources do not say which one holds")
            liable = named
        for q in t.others(w.winner):
            payer = q if liable is None else liable[0]
            if payer == q:
                out.append((q, w.winner, points, "zimo", head))
            else:
                reason = "baogang" if liable[1] == "gangkai" else "baozimo"
                what = "杠上開花包槓" if liable[1] == "gangkai" else f"包自摸 ({liable[1]})"
                out.append((payer, w.winner, points, reason, f"{head}; {what}: P{payer} pays P{q}'s share"))
        if liable is not None:
            w.detail["liable"] = {"player": liable[0], "case": liable[1]}
        return out
    if w.liable is not None:
        _jipinghu_liable(t, w)                                       # raises: not self-drawn
    if o.payment is None:
        raise _missing(w.where, "who pays a win on a discard in 雞平和", _JIPINGHU_PAYMENT)
    src = w.source
    how = "抢杠" if w.robbing else "点炮"
    if o.payment == "discarder_pays":
        out.append((src, w.winner, points, "dianpao", f"{how}: {head}"))
    elif o.payment == "discarder_pays_all":
        out.append((src, w.winner, 3 * points, "dianpao", f"{how}: {head} ×3 (包三家)"))
    else:
        for q in t.others(w.winner):
            if q not in w.group:
                out.append((q, w.winner, points, "dianpao" if q == src else "hu", f"{how}: {head}"))
    return out


JIPINGHU_SETTLE = SettleRules(
    win=_jipinghu_win, win_flags=("after_kong", "robbing_kong", "last_tile", "tianhu", "dihu"),
    liable_cases=JIPINGHU_LIABLE, multiple_winners=True, needs_dealer=True, table_keys=("round_wind",),
    kong_event_after_kong=True,
)


def settle_jipinghu(rs, table):
    """``guangdong_jipinghu`` table settlement (docs/settle.md#guangdong-jipinghu)."""
    return settle(rs, table, JIPINGHU_SETTLE)


# ------------------------------------------------------------------------------------------ 清远
def _qingyuan_win(t: SettleTable, w: Win) -> List[Pay]:
    o = t.options
    points = _F(w.result.total)
    if o.payment is None:
        raise _missing(w.where, "how a 清远 win is split between the losers",
                       "pass payment='all_pay' (each of the three pays the points) or 'shared' (the three share "
                       "them: each pays a third)")
    each = points if o.payment == "all_pay" else points / 3
    note = f"{_fans(w)} = {show(points)}{w.result.unit}" + ("" if o.payment == "all_pay" else " shared by three")
    return [(q, w.winner, each, "zimo", note) for q in t.others(w.winner)]


def _qingyuan_kong(t: SettleTable, ev: dict) -> List[Pay]:
    pl, kind, name = ev["player"], ev["kind"], TILE_NAMES[ev["tile"]]
    if kind == "minkan":
        return [(ev["from"], pl, 3, "zhigang", f"開槓 {name}: the feeder P{ev['from']} loses 3")]
    if kind == "ankan":
        return [(q, pl, 2, "angang", f"暗槓 {name}: 2 from each") for q in t.others(pl)]
    if t.options.kakan_points is None:
        raise _missing(ev["where"], "the money of a 补杠 (kakan) in 清远",
                       "pass kakan_points=N (what each other player pays)")
    return [(q, pl, t.options.kakan_points, "bugang", f"补杠 {name}") for q in t.others(pl)]


QINGYUAN_SETTLE = SettleRules(
    win=_qingyuan_win, kong=_qingyuan_kong, kongs_need_events=lambda t: True, win_flags=("after_kong", "last_tile"),
    needs_dealer=False, allow_chi=lambda o: False,
)


def settle_qingyuan(rs, table):
    """``qingyuan`` table settlement (docs/settle.md#qingyuan)."""
    return settle(rs, table, QINGYUAN_SETTLE)
