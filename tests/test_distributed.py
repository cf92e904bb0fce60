"""mjpy.distributed on a real distributed.LocalCluster (2 worker processes, loopback)."""
import numpy as np
import pytest

import mjpy

da = pytest.importorskip("dask.array")
distributed = pytest.importorskip("distributed")

from mjpy import distributed as D  # noqa: E402


def test_local_scheduler_and_rechunk():
    h = mjpy.random.deal(20_000, "standard", seed=1)
    x = da.from_array(h, chunks=(3000, 17))                    # columns split: rechunked
    assert np.array_equal(D.shanten(x).compute(scheduler="threads"), mjpy.batch.shanten(h))
    assert np.array_equal(D.waits_mask(x, include_exhausted=True).compute(scheduler="sync"),
                          mjpy.batch.waits(h, include_exhausted=True))
    with pytest.raises(ValueError, match=r"shape \(N, 34\)"):
        D.shanten(da.zeros((10, 33), dtype=np.uint8, chunks=5))
    with pytest.raises(TypeError, match="dask array"):
        D.shanten(h)
    with pytest.raises(TypeError, match="integer"):
        D.shanten(da.zeros((10, 34), dtype=np.float32, chunks=5))
    bad = h.copy()
    bad[7, 3] = 9
    with pytest.raises(ValueError, match="appears 9 times"):
        D.shanten(da.from_array(bad, chunks=(3000, 34))).compute(scheduler="sync")


def test_bag_and_deal_local_scheduler():
    b = D.simulate_bag("sichuan", 5000, seed=2, chunk_size=2000)
    assert b.npartitions == 3
    assert b.map(len).sum().compute(scheduler="sync") == 5000
    wins = b.map(lambda r: int((r.win_turn >= 0).sum())).sum().compute(scheduler="sync")
    assert wins == int((mjpy.simulate("sichuan", 5000, seed=2).win_turn >= 0).sum())
    x = D.deal(10_000, "guobiao", seed=4, chunk_size=3000)
    assert x.chunks[0] == (3000, 3000, 3000, 1000)
    assert np.array_equal(x.compute(scheduler="sync"), mjpy.random.deal(10_000, "guobiao", seed=4))


def test_local_cluster():
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        h = mjpy.random.deal(100_000, "standard", seed=3)
        x = da.from_array(h, chunks=(25_000, 34))
        assert np.array_equal(D.shanten(x).compute(), mjpy.batch.shanten(h))
        assert np.array_equal(D.useful_tiles(x).compute(), mjpy.batch.useful_tiles(h))
        done = mjpy.simulate("standard", deals=4000, seed=1).hand
        y = da.from_array(done[done.sum(1) == 14], chunks=(100, 34))
        assert D.is_win(y).compute().all()
        # the workers are other processes: tables loaded there, results equal the local call
        pids = client.run(lambda: __import__("os").getpid())
        assert len(pids) == 2
        r = D.simulate("sichuan", deals=30_000, seed=5, chunk_size=7_000, client=client)
        local = mjpy.simulate("sichuan", deals=30_000, seed=5)
        for k, v in local.arrays().items():
            assert np.array_equal(r.arrays()[k], v), k
        assert np.array_equal(D.deal(50_000, "sichuan", seed=2, chunk_size=20_000).compute(),
                              mjpy.random.deal(50_000, "sichuan", seed=2))
        s = D.summarize("sichuan", deals=30_000, seed=5, chunk_size=7_000, client=client)
        assert s.to_dict() == local.summary().to_dict()


def test_simulate_with_rule_options_and_no_fan():
    opts = {"gui": "fan"}
    got = D.simulate("guangdong_tuidao", 3000, seed=3, chunk_size=1000, rule_options=opts)
    want = mjpy.simulate("guangdong_tuidao", 3000, seed=3, rule_options=opts)
    assert np.array_equal(got.fan, want.fan) and np.array_equal(got.jokers, want.jokers)
    assert (got.jokers > 0).any()                               # 翻鬼: the option reached the tasks
    s = D.summarize("guangdong_tuidao", 3000, seed=3, chunk_size=1000, rule_options=opts, fan=False)
    assert s.n == 3000 and s.win_at.sum() == int((want.win_turn >= 0).sum())
    bare = D.simulate("sichuan", 2000, seed=3, chunk_size=1000, fan=False)
    assert "fan" not in bare.arrays() and "fan" in want.arrays()
    with pytest.raises(ValueError, match="unknown option"):
        D.simulate("guangdong_tuidao", 10, rule_options={"bogus": 1})
