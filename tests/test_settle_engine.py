"""The generic settlement machinery's hooks (mjpy.rules.engine.settle, docs/settle.md#how-it-works).

A toy rule set (each win: 1 point from the discarder, or from every player still in on a self-draw;
kongs move nothing) on the Sichuan tables of tests/test_sichuan_settle.py, with one hook switched at
a time: several successive winners (血战到底, ``successive_wins`` and ``t.in_hand``), payments at the
end of the hand (``end``, rows naming their event), the base default (``default_base``), the caller's
own options (``options=``), robbable kongs, and the result classes (``payment``, ``win_record``,
``result``)."""
from __future__ import annotations

import dataclasses

import pytest

from mjpy import rules
from mjpy.rules.engine import settle as E

from test_sichuan_settle import kong, table_draw, table_robbing, table_three_winners, win

RS = rules.get("sichuan_fan")


def _win(t, w):
    w.detail["in_hand"] = t.in_hand(w.index)
    if w.source is not None:
        return [(w.source, w.winner, 1, "dianpao", "toy")]
    return [(q, w.winner, 1, "zimo", "toy") for q in t.in_hand(w.index) if q != w.winner]


TOY = E.SettleRules(win=_win, kongs_need_events=lambda t: True, needs_dealer=False, player_keys=("dingque",),
                    win_flags=("after_kong", "kong_discard", "robbing_kong", "tianhu", "dihu"),
                    multiple_winners=True, allow_chi=lambda o: False)
XUEZHAN = dataclasses.replace(TOY, successive_wins=lambda o: True)


def check(s):
    assert sum(s.totals) == 0
    tot = [0] * 4
    for p in s.ledger:
        tot[p.payer] -= p.amount
        tot[p.payee] += p.amount
    assert tuple(tot) == s.totals
    return s


def test_successive_wins_play_on_until_one_is_left():
    s = check(E.settle(RS, table_three_winners(), XUEZHAN))
    # P0 自摸 at event 2 (all three pay); P1 and P2 win P3's discard at 4 and 5 (P3 pays each)
    assert [(p.payer, p.payee, p.event) for p in s.ledger] == [(1, 0, 2), (2, 0, 2), (3, 0, 2), (3, 1, 4), (3, 2, 5)]
    assert [w.detail["in_hand"] for w in s.wins] == [[0, 1, 2, 3], [1, 2, 3], [2, 3]]
    assert s.totals == (3, 0, 0, -3) and not s.drawn
    # without the hook the first win ends the hand
    with pytest.raises(ValueError, match=r"^table\.events\[3\]: the hand ended at the win at table\.events\[2\]$"):
        E.settle(RS, table_three_winners(), TOY)
    off = dataclasses.replace(TOY, successive_wins=lambda o: False)
    with pytest.raises(ValueError, match=r"events\[2\] \(not 血战到底: the first win"):
        E.settle(RS, table_three_winners(), off)


def test_successive_wins_refusals():
    t = table_three_winners()
    t["events"].append(win(0, "6m"))
    with pytest.raises(ValueError, match=r"^table\.events\[6\]: the hand ended at the win at table\.events\[5\] "
                                         r"\(3 players have won, which ends 血战到底\)$"):
        E.settle(RS, t, XUEZHAN)
    t = table_three_winners()
    t["events"].insert(4, t["events"].pop(0))          # P1 konging after his win (events[3])
    with pytest.raises(ValueError, match=r"^table\.events\[4\]: player 1 already won at table\.events\[3\] and "
                                         r"cannot kong again \(血战到底"):
        E.settle(RS, t, XUEZHAN)
    t = table_three_winners()
    t["events"][4]["from"] = 0                         # P0 discarding after his win
    with pytest.raises(ValueError, match=r"^table\.events\[4\]: player 0 already won at table\.events\[2\] and "
                                         r"discards no more tiles$"):
        E.settle(RS, t, XUEZHAN)
    t = table_three_winners()
    del t["events"][5]
    with pytest.raises(ValueError, match=r"^table: the hand has not ended: 2 players won and the wall is not "
                                         r"exhausted"):
        E.settle(RS, t, XUEZHAN)


def test_end_hook_rows_name_their_event_and_vocabulary():
    class Row(E.Payment):
        reasons = dict(E.REASONS, fee="table fee")
        end = "at the end"

    def end(t):
        # each player who did not win pays 2 to player 0 (event None), and refunds the kong at event 0
        assert t.wall_exhausted and t.in_hand() == [1, 2, 3] and t.won_at == {0: 1}
        return [(q, 0, 2, "fee", "end", None) for q in t.in_hand() if q != 0] + [(1, 2, 1, "fee", "refund", 0)]

    s = check(E.settle(RS, table_draw(), dataclasses.replace(XUEZHAN, end=end, payment=Row)))
    assert [(p.payer, p.payee, p.amount, p.event) for p in s.ledger[-4:]] == [(1, 0, 12, None), (2, 0, 12, None),
                                                                              (3, 0, 12, None), (1, 2, 6, 0)]
    assert all(type(p) is Row for p in s.ledger)
    assert s.ledger[-2].label == "table fee" and "(at the end)" in str(s.ledger[-2])
    assert "(event 0)" in str(s.ledger[-1]) and s.ledger[0].label == "点炮"
    # without the hook no row comes after the events
    assert len(E.settle(RS, table_draw(), XUEZHAN).ledger) == len(s.ledger) - 4


def test_default_base_and_the_callers_options():
    rules_ = dataclasses.replace(XUEZHAN, default_base=lambda o: o["base"])
    t = table_three_winners()
    t["options"] = {"not": "a sichuan_fan option"}     # read by the caller: not bound to the rule set
    s = check(E.settle(RS, t, rules_, options={"base": 5}))
    assert s.base == 5 and s.totals == (15, 0, 0, -15) and s.options == {"base": 5}
    t["base"] = 2                                      # a table's base wins over the default
    assert E.settle(RS, t, rules_, options={"base": 5}).totals == (6, 0, 0, -6)
    with pytest.raises(ValueError, match=r"^table\.options: sichuan_fan: unknown option 'not'"):
        E.settle(RS, t, XUEZHAN)                       # without options=, the table's bind the rule set


def test_robbable_kongs_hook():
    t = table_robbing()
    t["events"][0] = kong(0, "ankan", "3s")            # an 暗杠 robbed (P0 keeps his pon)
    with pytest.raises(ValueError, match=r"^table\.events\[1\]: a ankan \(暗杠\) cannot be robbed \(robbable in "
                                         r"sichuan_fan: kakan; docs/rules\.md#c35\)$"):
        E.settle(RS, t, XUEZHAN)
    s = check(E.settle(RS, t, dataclasses.replace(XUEZHAN, robbable_kongs=lambda o: ("kakan", "ankan"))))
    assert [(p.payer, p.payee, p.event) for p in s.ledger] == [(0, 1, 1), (0, 2, 2), (3, 2, 2), (0, 3, 3)]
    assert s.totals == (-3, 1, 2, 0)                   # P0 pays P1 and P3 (discards), P0 and P3 pay P2


def test_win_record_and_result_hooks():
    class Record(E.WinRecord):
        seen = property(lambda self: self.detail["in_hand"])

    got = E.settle(RS, table_three_winners(), dataclasses.replace(XUEZHAN, win_record=Record,
                                                                  result=lambda t, s: (t.name, s)))
    name, s = got
    assert name == "sichuan_fan" and isinstance(s, E.Settlement)
    assert [type(w) for w in s.wins] == [Record] * 3 and s.wins[2].seen == [2, 3]
    assert s.wins[1].to_dict()["source"] == 3 and s.wins[1].total == 2
