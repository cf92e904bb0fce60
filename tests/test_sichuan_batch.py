"""Sichuan batch scoring (``score_batch``) against the scalar ``score`` on random complete hands,
查大叫 across worker counts, and bad input of the batch calls."""
import numpy as np
import pytest

import mjpy
from mjpy import Meld
from mjpy.rules import sichuan as S

from test_sichuan_score import _random_tenpai

OPTION_SETS = [
    {},
    dict(gen_counts_pon_plus_held=False, kong_counts_as_gen=True, max_fan=4,
         daiyaojiu_pair_must_contain_terminal=False),
    dict(qing_qidui_8=True, qianggang_mode="row"),
    dict(combination="doubling"),
]


def _complete_hands(rng, n):
    """Random complete (or almost complete) hands: every 查大叫 wait of a random tenpai hand."""
    hands, melds, wins = [], [], []
    while len(hands) < n:
        th, tm = _random_tenpai(rng, 64)
        for h, ml in zip(th, tm):
            for t in range(27):
                c = h.astype(np.int16).copy()
                c[t] += 1
                tot = c.copy()
                for m in ml:
                    tot[m.tiles[0]] += len(m.tiles)
                if tot.max() > 4 or not (mjpy.is_win(c.astype(np.uint8), melds=len(ml)) or rng.random() < 0.02):
                    continue
                hands.append(c.astype(np.uint8))
                melds.append(ml)
                wins.append(t)
    return np.stack(hands[:n]), melds[:n], np.array(wins[:n])


def _flags(rng, n):
    sd = rng.random(n) < 0.5
    kind = rng.integers(0, 8, size=n)
    after = sd & (kind == 1)
    kdis = ~sd & (kind == 2)
    rob = ~sd & (kind == 3)
    return dict(self_drawn=sd, after_kong=after, kong_discard=kdis, robbing_kong=rob)


@pytest.mark.parametrize("profile", S.PROFILES)
@pytest.mark.parametrize("extra", range(len(OPTION_SETS)))
def test_score_batch_matches_score(profile, extra):
    kw = {k: v for k, v in OPTION_SETS[extra].items()
          if not (k in ("qing_qidui_8", "qianggang_mode") and profile != "sichuan_points")
          and not (k == "combination" and profile != "chengdu_simple")}
    opts = S.SichuanOptions.preset(profile, **kw)
    rng = np.random.default_rng(1000 + extra)
    hands, melds, wins = _complete_hands(rng, 600)
    fl = _flags(rng, len(hands))
    dq = rng.integers(-1, 3, size=len(hands)).astype(np.int8)
    got = S.score_batch(hands, wins, melds=melds, dingque=dq, options=opts, workers=2, **fl)
    n_win = 0
    for i, (h, ml, w) in enumerate(zip(hands, melds, wins)):
        r = S.score(h, ml, win_tile=int(w), dingque=None if dq[i] < 0 else int(dq[i]), options=opts,
                    **{k: bool(v[i]) for k, v in fl.items()})
        assert got[i] == (r.total_fan if r.is_win else -1), (mjpy.to_string(h), ml, r)
        n_win += r.is_win
    assert n_win > len(hands) // 3
    assert S.score_batch(hands, wins, melds=S.melds_array(melds), dingque=dq, options=opts, workers=1,
                         **fl).tolist() == got.tolist()


def test_score_batch_situational():
    h = np.stack([mjpy.parse("11224444557799m")] * 2)
    assert S.score_batch(h, self_drawn=True).tolist() == [6, 6]
    # 杠上花 adds one 番 in sichuan_fan, two 分 in sichuan_points
    assert S.score_batch(h, self_drawn=True, after_kong=np.array([True, False])).tolist() == [7, 6]
    pts = S.score_batch(h, self_drawn=True, after_kong=True, profile="sichuan_points")
    assert pts.tolist() == [S.score(h[0], self_drawn=True, after_kong=True, profile="sichuan_points").total_fan] * 2
    # 天胡 (6) keeps the 根 that 清龙七对 (6) gives up: 7
    assert S.score_batch(h, tianhu=True).tolist() == [7, 7] == [S.score(h[0], tianhu=True).total_fan] * 2
    assert S.score_batch(h, dingque="m").tolist() == [-1, -1]


def test_batch_workers_agree_on_many_rows():
    rng = np.random.default_rng(5)
    hands, melds = _random_tenpai(rng, 3000)
    hands = np.concatenate([hands, hands, hands])
    melds = S.melds_array(melds * 3)
    dq = rng.integers(-1, 3, size=len(hands)).astype(np.int8)
    one = S.best_fan_if_tenpai_batch(hands, melds, dingque=dq, workers=1)
    two = S.best_fan_if_tenpai_batch(hands, melds, dingque=dq, workers=2)
    assert (one == two).all() and (one >= 0).sum() > 1000
    spot = rng.choice(len(hands), 200, replace=False)
    for i in spot:
        ml = [Meld("pon" if melds[i, t] == 3 else "ankan", [t] * int(melds[i, t])) for t in np.nonzero(melds[i])[0]]
        want = S.best_fan_if_tenpai(hands[i], ml, dingque=None if dq[i] < 0 else int(dq[i]))
        assert one[i] == (-1 if want is None else want)


@pytest.mark.parametrize("call, err, match", [
    (lambda: S.best_fan_if_tenpai_batch(np.full((2, 34), 5, np.uint8)), ValueError, "count 5 outside 0-4"),
    (lambda: S.best_fan_if_tenpai_batch(-np.ones((2, 34), np.int64)), ValueError, "count -1 outside 0-4"),
    (lambda: S.best_fan_if_tenpai_batch(np.zeros((2, 34), np.float32)), TypeError, "integer counts"),
    (lambda: S.best_fan_if_tenpai_batch(np.stack([mjpy.parse("1122244p557799m")[:]] * 2)[:, :33]), ValueError,
     r"shape \(2, 33\)"),
    (lambda: S.best_fan_if_tenpai_batch(np.stack([mjpy.parse("1122244p55779m")])), ValueError,
     "row 0 has 12 concealed tiles with 0 melds: expected 13"),
    (lambda: S.best_fan_if_tenpai_batch(np.stack([mjpy.parse("1122244p557799m")]), np.full((1, 34), 3, np.int8)),
     ValueError, "more than 4 copies|honors"),
    (lambda: S.score_batch(np.stack([mjpy.parse("1122244p557799m")])), ValueError,
     "row 0 has 13 concealed tiles with 0 melds: expected 14"),
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")]), np.array([9])), ValueError,
     "win_tile 1p is not among the concealed tiles"),
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")]), np.array([30])), ValueError, "indices 0-26"),
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")]), after_kong=True), ValueError,
     "after_kong needs self_drawn=True"),
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")]), self_drawn=1), TypeError, "self_drawn must be a bool"),
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")]), self_drawn=np.array([True, False])),
     ValueError, r"one per row \(1\)"),
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")]), tianhu=True, dihu=True), ValueError,
     "exclude each other"),
    (lambda: S.best_fan_if_tenpai_batch(np.zeros((1, 34), np.uint8), workers=0), ValueError, "workers"),
    # per-row flags and winning tiles: the engine's row check finds the row, the module says why
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")] * 4), self_drawn=np.array([1, 1, 0, 1], bool),
                           after_kong=np.array([0, 0, 1, 0], bool)), ValueError, "row 2: after_kong needs self_drawn=True"),
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")] * 3), np.array([0, 9, 0])), ValueError,
     "row 1: win_tile 1p is not among the concealed tiles"),
    (lambda: S.score_batch(np.stack([mjpy.parse("11224444557799m")] * 3), tianhu=np.array([0, 0, 1], bool),
                           dihu=np.array([0, 0, 1], bool)), ValueError, "row 2: tianhu and dihu exclude each other"),
    (lambda: S.score_batch(np.stack([mjpy.parse("123456789m55p")] * 2), tianhu=np.array([0, 1], bool),
                           melds=[[Meld("pon", "111s")]] * 2), ValueError, "row 1: tianhu/dihu"),
])
def test_batch_bad_input(call, err, match):
    with pytest.raises(err, match=match):
        call()


def test_profile_pickles():
    import pickle

    opts = S.SichuanOptions.preset("sichuan_points", max_fan=5)
    S.best_fan_if_tenpai("1122244p557799m", options=opts)         # caches the engine rule set on opts
    back = pickle.loads(pickle.dumps(opts))
    assert back == opts and S.best_fan_if_tenpai("1122244p557799m", options=back) == \
        S.best_fan_if_tenpai("1122244p557799m", options=opts)
    rs = S._engine(opts)
    again = pickle.loads(pickle.dumps(rs))
    assert again.options == opts and again.score("11222244p557799m").total == rs.score("11222244p557799m").total


def test_module_codes_are_the_engine_codes():
    """The engine codes the Sichuan module writes itself (meld kinds, flag bits, the 定缺 shift)."""
    from mjcore import engine as E

    assert (S._PON, S._KONG) == (E.MELD_CODES["pon"], E.MELD_CODES["minkan"])
    assert S._DINGQUE_SHIFT == E.DINGQUE_SHIFT_BITS
    assert S._FLAG_BIT == {k: 1 << E.FLAG_NAMES.index(k) for k in S._FLAG_BIT}
    assert S._HONORS == sum(1 << t for t in range(27, 34))
