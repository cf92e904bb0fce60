"""mjpy.simulate: the kernel's solo greedy loop against a plain-Python replay of the same walls."""
import pickle

import numpy as np
import pytest

import mjpy
import reference_sim as RS
from conftest import expect_error
from mjpy import simulation as S

FORMS = {r: (rs.forms, rs.quads_as_two_pairs) for r, rs in S.RULESETS.items()}


def _compare(rules, n, seed, draws=18):
    walls = mjpy.random.walls(n, rules, seed=seed)
    r = S.play_range(rules, seed, 0, n, draws, workers=1, score=False)
    wins = 0
    for i in range(n):
        ref = RS.play(walls[i], rules, draws)
        got = {"shanten_deal": int(r.shanten_deal[i]), "shanten": r.shanten[i].tolist(),
               "tenpai_turn": int(r.tenpai_turn[i]), "win_turn": int(r.win_turn[i]),
               "win_tile": int(r.win_tile[i]), "dingque": int(r.dingque[i]),
               "flowers": int(r.flowers[i]), "hand": r.hand[i].tolist()}
        for k, v in got.items():
            assert v == ref[k], f"{rules} seed {seed} deal {i}: {k} kernel {v} reference {ref[k]}"
        wins += ref["win_turn"] > 0
    return wins


@pytest.mark.parametrize("rules,n,seed", [("sichuan", 120, 1), ("standard", 20, 2), ("riichi", 8, 3),
                                          ("guobiao", 2, 4), ("taiwan", 16, 5)])
def test_kernel_matches_plain_reference(rules, n, seed):
    wins = _compare(rules, n, seed)
    if rules in ("sichuan", "taiwan"):
        assert wins >= 3           # the sample exercises the win path


@pytest.mark.slow
@pytest.mark.parametrize("rules,n,seed", [("sichuan", 500, 11), ("standard", 200, 12),
                                          ("riichi", 100, 13), ("guobiao", 20, 14)])
def test_kernel_matches_plain_reference_sweep(rules, n, seed):
    _compare(rules, n, seed, draws=30 if rules == "sichuan" else 18)


@pytest.fixture(scope="module")
def sichuan():
    return mjpy.simulate("sichuan", deals=50_000, seed=7, workers=2)


@pytest.fixture(scope="module")
def standard():
    return mjpy.simulate("standard", deals=20_000, seed=7, workers=2)


def test_wins_are_complete_hands(sichuan, standard):
    for r in (sichuan, standard):
        forms, quads = FORMS[r.rules]
        won = r.win_turn >= 0
        assert won.any() and (~won).any()
        assert (r.hand[won].sum(1) == 14).all() and (r.hand[~won].sum(1) == 13).all()
        assert mjpy.batch.is_win(r.hand[won], forms=forms, quads_as_two_pairs=quads).all()
        # the win tile is in the hand; a won deal is -1 from its win turn on
        assert (r.hand[won, r.win_tile[won]] > 0).all()
        turns = np.arange(1, r.draws + 1)
        after = turns[None, :] >= r.win_turn[won, None]
        assert (r.shanten[won][after] == -1).all()
        assert (r.shanten[won][~after] >= 0).all()
        assert (r.win_tile[~won] == -1).all()


def test_no_win_holds_a_dingque_tile(sichuan):
    won = sichuan.win_turn >= 0
    suits = sichuan.hand[:, :27].reshape(-1, 3, 9).sum(2)
    dq_tiles = suits[np.arange(len(sichuan)), sichuan.dingque]
    assert (dq_tiles[won] == 0).all()
    assert ((sichuan.dingque >= 0) & (sichuan.dingque <= 2)).all()
    # 定缺 = the emptiest suit of the deal, ties m < p < s
    deal = mjpy.random.deal(len(sichuan), "sichuan", seed=7)
    assert np.array_equal(sichuan.dingque, deal[:, :27].reshape(-1, 3, 9).sum(2).argmin(1))
    # a deal's tenpai hand holds no 定缺 tile
    last = sichuan.shanten[:, -1] == 0
    assert (dq_tiles[last] == 0).all()


def test_records_are_consistent(standard):
    r = standard
    forms, quads = FORMS["standard"]
    deal = mjpy.random.deal(len(r), "standard", seed=7)
    assert np.array_equal(r.shanten_deal, mjpy.batch.shanten(deal, forms=forms))
    lost = r.win_turn < 0
    assert np.array_equal(r.shanten[lost, -1], mjpy.batch.shanten(r.hand[lost], forms=forms))
    # tenpai turn = first turn with shanten <= 0 (0 = at deal)
    sh = np.concatenate([r.shanten_deal[:, None], r.shanten], axis=1)
    hit = sh <= 0
    first = np.where(hit.any(1), hit.argmax(1), -1)
    assert np.array_equal(first, r.tenpai_turn)
    assert ((r.win_turn < 0) | (r.tenpai_turn < r.win_turn)).all()
    assert (r.flowers == 0).all() and (r.dingque == -1).all()
    # shanten never rises under the greedy rule
    assert (np.diff(sh, axis=1) <= 0).all()


def test_independent_of_workers_and_chunks():
    a = mjpy.simulate("sichuan", deals=9_000, seed=3, workers=1, chunk_size=9_000)
    b = mjpy.simulate("sichuan", deals=9_000, seed=3, workers=2, chunk_size=1_000)
    parts = list(mjpy.simulate_chunks("sichuan", 9_000, 3, chunk_size=4_000, workers=2))
    assert [len(p) for p in parts] == [4000, 4000, 1000]
    c = S.SimulationResult.concat(parts)
    tail = mjpy.simulate("sichuan", deals=5_000, seed=3, start=4_000)
    for k, v in a.arrays().items():
        assert np.array_equal(v, b.arrays()[k]), k
        assert np.array_equal(v, c.arrays()[k]), k
        assert np.array_equal(v[4000:], tail.arrays()[k]), k
    other = mjpy.simulate("sichuan", deals=9_000, seed=4)
    assert not np.array_equal(a.shanten, other.shanten)


def test_guobiao_flowers():
    r = mjpy.simulate("guobiao", deals=2_000, seed=1, draws=10)
    assert r.flowers.min() >= 0 and r.flowers.max() <= 8 and r.flowers.mean() > 1
    assert r.hand[:, 27:].sum() > 0


def test_summary(sichuan):
    s = sichuan.summary()
    d = s.to_dict()
    assert d["deals"] == len(sichuan)
    assert d["win_rate"] == pytest.approx(sichuan.win_rate, abs=1e-6)
    assert d["tenpai_rate"] == pytest.approx(sichuan.tenpai_rate, abs=1e-6)
    wr = s.win_rate()
    assert wr[0] == 0 and (np.diff(wr) >= 0).all()
    for t in (5, 12, 18):
        assert wr[t] == pytest.approx(((sichuan.win_turn >= 0) & (sichuan.win_turn <= t)).mean())
    assert sum(int(v) for v in d["shanten_at_deal"].values()) == len(sichuan)
    assert s.mean_shanten()[0] == pytest.approx(sichuan.shanten_deal.mean())
    # merged chunk summaries equal the whole
    m = S.Summary("sichuan", 18, seed=7)
    for c in mjpy.simulate_chunks("sichuan", 50_000, 7, chunk_size=20_000):
        m.update(c)
    assert m.to_dict() == d
    text = s.format()
    assert "tenpai" in text and "shanten at deal" in text
    # Sichuan solo play wins often within 18 draws; plausibility bounds
    assert 0.2 < sichuan.win_rate < 0.6 and 0.7 < sichuan.tenpai_rate < 0.99


def test_fan_column(sichuan):
    from mjpy.rules import sichuan as SC

    if not hasattr(SC, "score_batch"):
        assert sichuan.fan is None and "fan" not in sichuan.arrays()
        return
    won = sichuan.win_turn >= 0
    assert sichuan.fan.dtype == np.int16
    assert (sichuan.fan[won] >= 0).all() and (sichuan.fan[~won] == -1).all()
    # a few wins against the scalar scorer
    for i in np.nonzero(won)[0][:50]:
        r = SC.score(sichuan.hand[i], win_tile=int(sichuan.win_tile[i]), self_drawn=True,
                     dingque=int(sichuan.dingque[i]))
        assert r.total_fan == sichuan.fan[i]


def test_guobiao_fan_column():
    from mjpy.rules import guobiao as GB

    r = mjpy.simulate("guobiao", deals=4000, seed=3)
    won = r.win_turn >= 0
    assert won.sum() > 400
    assert (r.fan[won] >= 4).all() and (r.fan[~won] == -1).all()    # 自摸 + 不求人 at least
    for i in np.nonzero(won)[0][:40]:
        res = GB.score(r.hand[i], [], int(r.win_tile[i]), self_drawn=True, flowers=int(r.flowers[i]))
        assert res.is_win and res.total == r.fan[i]


def test_outputs_roundtrip(tmp_path):
    r = mjpy.simulate("sichuan", deals=3_000, seed=5, draws=12)
    r.to_npz(tmp_path / "r.npz")
    z = np.load(tmp_path / "r.npz")
    for k, v in r.arrays().items():
        assert np.array_equal(z[k], v)
    pq = pytest.importorskip("pyarrow.parquet")
    r.to_parquet(tmp_path / "r.parquet")
    t = pq.read_table(tmp_path / "r.parquet")
    assert t.num_rows == 3000
    assert np.array_equal(np.array(t["shanten"].to_pylist(), np.int8), r.shanten)
    assert np.array_equal(t["win_turn"].to_numpy(), r.win_turn)
    assert t.schema.metadata[b"mjpy.rules"] == b"sichuan"


def test_zero_deals_refused_and_zero_draws():
    # 0 deals used to "succeed" with a summary of 0.000 mean shanten at every turn: refused now
    for fn in (mjpy.simulate, lambda *a, **k: list(mjpy.simulate_chunks(*a, **k))):
        e = expect_error(fn, "sichuan", deals=0)
        assert isinstance(e, ValueError) and "deals must be >= 1, got 0" in str(e)
    r = mjpy.simulate("standard", deals=100, draws=0)
    assert r.shanten.shape == (100, 0) and (r.win_turn == -1).all()


def test_bad_input():
    assert "deals must be >= 1, got -1" in str(expect_error(mjpy.simulate, "sichuan", deals=-1))
    e = expect_error(mjpy.simulate, "mahjong-soul", deals=10)
    assert "unknown rule set 'mahjong-soul'" in str(e) and "guobiao" in str(e)
    assert isinstance(expect_error(mjpy.simulate, 3, deals=10), TypeError)
    assert isinstance(expect_error(mjpy.simulate, "sichuan", deals=10.0), TypeError)
    assert "draws must be 0..95" in str(expect_error(mjpy.simulate, "sichuan", deals=10, draws=96))
    assert "chunk_size" in str(expect_error(mjpy.simulate, "sichuan", deals=10, chunk_size=0))
    assert "workers" in str(expect_error(mjpy.simulate, "sichuan", deals=10, workers=0))
    assert "seed" in str(expect_error(mjpy.simulate, "sichuan", deals=10, seed=-3))
    from mjcore import simulate as K

    assert "dingque" in str(expect_error(K.play, 10, n_kinds=34, dingque=True))
    assert "forms" in str(expect_error(K.play, 10, forms=0))


def test_everything_pickles():
    from mjcore import batch, simulate as K
    from mjpy import distributed as D

    for obj in (K.play, K.deal, K.walls, batch.shanten, D.shanten, D._block, D._play, D._summary,
                S.play_range, S.RULESETS["standard"], {"forms": ("standard",), "workers": 1}):
        assert pickle.loads(pickle.dumps(obj)) is not None
    r = mjpy.simulate("sichuan", deals=50, seed=1)
    r2 = pickle.loads(pickle.dumps(r))
    assert np.array_equal(r2.shanten, r.shanten)
    s2 = pickle.loads(pickle.dumps(r.summary()))
    assert s2.to_dict() == r.summary().to_dict()


def test_sixteen_tile_play_arguments():
    """The solo loop plays 13- or 16-tile hands; 16-tile play has the standard form only."""
    from mjcore import simulate as K

    r = K.play(300, n_kinds=34, forms=1, dingque=False, seed=2, hand_size=16)
    won = r["win_turn"] >= 0
    assert won.any() and (r["hand"][won].sum(1) == 17).all() and (r["hand"][~won].sum(1) == 16).all()
    for bad in (14, 15, 17, True, "16"):
        assert "hand_size must be 13 or 16" in str(expect_error(K.play, 5, n_kinds=34, forms=1, dingque=False,
                                                                hand_size=bad))
    assert "standard form only" in str(expect_error(K.play, 5, n_kinds=34, forms=3, dingque=False, hand_size=16))
    assert "draws must be 0..120" in str(expect_error(K.play, 5, n_kinds=34, forms=1, dingque=False, hand_size=16,
                                                      draws=121))
