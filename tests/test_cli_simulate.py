"""mjpy simulate / mjpy evaluate: outputs, summaries, charts and clear errors (exit status 2)."""
import json

import numpy as np
import pytest

import mjpy
from conftest import run_cli as run


def test_simulate_parquet_and_plot(tmp_path, capsys):
    pq = pytest.importorskip("pyarrow.parquet")
    out, png = tmp_path / "r.parquet", tmp_path / "t.png"
    code, text, err = run(capsys, "simulate", "--rules", "sichuan", "--deals", "5000", "--seed", "7",
                          "--chunk-size", "2000", "--out", str(out), "--plot", str(png), "--no-progress")
    assert code == 0, err
    assert "tenpai" in text and "shanten at deal" in text and "deals/s" in text
    t = pq.read_table(out)
    assert t.num_rows == 5000 and t.to_batches()[0].num_rows == 2000     # one row group per chunk
    ref = mjpy.simulate("sichuan", deals=5000, seed=7)
    assert np.array_equal(t["win_turn"].to_numpy(), ref.win_turn)
    assert np.array_equal(t["deal"].to_numpy(), np.arange(5000))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_npz_json(tmp_path, capsys):
    out = tmp_path / "r.npz"
    code, text, err = run(capsys, "simulate", "--rules", "standard", "--deals", "3000", "--draws", "10",
                          "--out", str(out), "--json", "--chunk-size", "1000")
    assert code == 0, err
    d = json.loads(text)
    assert d["deals"] == 3000 and d["draws"] == 10 and len(d["by_turn"]) == 11
    z = np.load(out)
    ref = mjpy.simulate("standard", deals=3000, seed=0, draws=10)
    for k, v in ref.arrays().items():
        assert np.array_equal(z[k], v), k
    assert d["win_rate"] == pytest.approx(ref.win_rate, abs=1e-6)
    assert not list(tmp_path.glob(".mjpy-*"))          # temporary columns removed


@pytest.mark.parametrize("argv,msg", [
    (["--rules", "mars"], "unknown rule set 'mars'"),
    (["--deals", "-5"], "--deals must be 1 or more, got -5"),
    (["--deals", "0"], "--deals must be 1 or more, got 0"),
    (["--draws", "100"], "draws must be 0..95"),
    (["--workers", "0"], "workers must be >= 1"),
    (["--out", "x.csv"], "must end in .parquet or .npz"),
    (["--plot", "x.jpg"], "must end in .png"),
    (["--out", "/no/such/dir/x.npz"], "does not exist"),
    (["--deals", "ten"], "invalid int value"),
])
def test_simulate_errors(capsys, argv, msg):
    code, out, err = run(capsys, "simulate", "--deals", "10", *argv)
    assert code == 2 and out == ""
    assert err.startswith("mjpy: error: ") and msg in err, err


def test_missing_optional_dependency(monkeypatch, tmp_path, capsys):
    import builtins

    real = builtins.__import__

    def fake(name, *a, **k):
        if name.split(".")[0] in ("matplotlib", "pyarrow"):
            raise ImportError(name)
        return real(name, *a, **k)

    import importlib

    real_import_module = importlib.import_module

    def fake_import_module(name, *a):
        fake(name)                              # raises for the optional dependencies
        return real_import_module(name, *a)     # the module itself, as import_module returns

    monkeypatch.setattr(builtins, "__import__", fake)
    monkeypatch.setattr("importlib.import_module", fake_import_module)
    code, _, err = run(capsys, "simulate", "--deals", "10", "--plot", str(tmp_path / "t.png"))
    assert code == 2 and "--plot needs matplotlib: pip install 'mjpy[sim]'" in err
    code, _, err = run(capsys, "simulate", "--deals", "10", "--out", str(tmp_path / "t.parquet"))
    assert code == 2 and "Parquet output needs pyarrow" in err


@pytest.fixture
def hands(tmp_path):
    h = mjpy.random.deal(3000, "standard", seed=4)
    p = tmp_path / "h.npy"
    np.save(p, h)
    return p, h


def test_evaluate_npz(tmp_path, capsys, hands):
    path, h = hands
    out = tmp_path / "o.npz"
    code, text, err = run(capsys, "evaluate", str(path), "--what", "shanten,waits,tenpai,useful",
                          "--workers", "2", "--chunk-size", "700", "--out", str(out), "--no-progress")
    assert code == 0, err
    z = np.load(out)
    assert np.array_equal(z["shanten"], mjpy.batch.shanten(h))
    assert np.array_equal(z["waits"], mjpy.batch.waits(h))
    assert np.array_equal(z["tenpai"], mjpy.batch.waits(h) != 0)
    assert np.array_equal(z["useful"], mjpy.batch.useful_tiles(h))
    assert "3,000 rows" in text and "shanten" in text


def test_evaluate_taiwan_16_tiles(tmp_path, capsys):
    """--rules taiwan reads 16-tile hands (17 complete): five sets and a pair, the standard form only."""
    h = mjpy.random.deal(1500, "taiwan", seed=4)
    h[0] = mjpy.parse("123m456m789m123p456s1z")            # 16 tiles waiting on 1z (a pair)
    p = tmp_path / "h.npy"
    np.save(p, h)
    out = tmp_path / "o.npz"
    code, text, err = run(capsys, "evaluate", str(p), "--rules", "taiwan", "--what", "shanten,waits",
                          "--out", str(out), "--no-progress")
    assert code == 0, err
    z = np.load(out)
    assert np.array_equal(z["shanten"], mjpy.batch.shanten(h, hand_size=16, forms=("standard",)))
    assert np.array_equal(z["waits"], mjpy.batch.waits(h, hand_size=16, forms=("standard",)))
    assert z["waits"][0] == 1 << 27 and z["shanten"][0] == 0
    # the same rows read as 13-tile hands would be refused (16 tiles is not 3k+1 of a 13-tile hand)
    code, text, err = run(capsys, "evaluate", str(p), "--rules", "standard", "--no-progress")
    assert code == 2 and "tiles" in err


def test_evaluate_sichuan_json_npy(tmp_path, capsys):
    h = mjpy.random.deal(2000, "sichuan", seed=4)
    # a few tenpai hands so 查大叫 has answers
    h[:3] = [mjpy.parse("1122244p557799m"), mjpy.parse("1112345678999m"), mjpy.parse("2233445566778p")]
    p = tmp_path / "h.npy"
    np.save(p, h)
    out = tmp_path / "d.npy"
    code, text, err = run(capsys, "evaluate", str(p), "--rules", "sichuan", "--dingque", "s",
                          "--what", "dajiao", "--out", str(out), "--json")
    assert code == 0, err
    d = json.loads(text)
    from mjpy.rules import sichuan

    want = sichuan.best_fan_if_tenpai_batch(h, dingque="s")
    assert np.array_equal(np.load(out), want)
    assert d["dajiao"]["tenpai_rows"] == int((want >= 0).sum()) >= 3


def test_evaluate_sichuan_fan(tmp_path, capsys):
    r = mjpy.simulate("sichuan", deals=3000, seed=2)
    won = r.win_turn >= 0
    h = np.concatenate([r.hand[won], mjpy.random.deal(50, "sichuan", seed=1, hand_size=14)])
    p = tmp_path / "h.npy"
    np.save(p, h)
    out = tmp_path / "f.npz"
    code, text, err = run(capsys, "evaluate", str(p), "--rules", "sichuan", "--what", "fan,is_win",
                          "--self-drawn", "--out", str(out), "--json")
    assert code == 0, err
    z = np.load(out)
    from mjpy.rules import sichuan

    assert np.array_equal(z["fan"], sichuan.score_batch(h, self_drawn=True))
    assert (z["fan"][:won.sum()] >= 0).all()
    code, text, err = run(capsys, "evaluate", str(p), "--rules", "sichuan", "--what", "fan")
    assert code == 0 and "winning hands" in text


def test_evaluate_is_win(tmp_path, capsys):
    r = mjpy.simulate("standard", deals=2000, seed=1)
    wins = r.hand[r.win_turn >= 0]
    p = tmp_path / "w.npy"
    np.save(p, wins.astype(np.int64))           # any integer dtype is accepted
    code, text, err = run(capsys, "evaluate", str(p), "--what", "is_win", "--json")
    assert code == 0, err
    assert json.loads(text)["is_win"]["share"] == 1.0


@pytest.mark.parametrize("make,argv,msg", [
    (None, [], "no such file"),
    (lambda p: p.write_text("hello"), [], "not a .npy file"),
    (lambda p: np.save(p, np.zeros((4, 34), np.float64)), [], "dtype float64"),
    (lambda p: np.save(p, np.zeros((4, 33), np.uint8)), [], "shape (4, 33)"),
    (lambda p: np.save(p, np.zeros(34, np.uint8)), [], "shape (34,)"),
    (lambda p: np.save(p, np.full((4, 34), 5, np.uint8)), [], "row 0: 1m appears 5 times"),
    (lambda p: np.save(p, mjpy.random.deal(10, "standard")), ["--what", "is_win"], "row 0 has 13 tiles"),
    (lambda p: np.save(p, mjpy.random.deal(10, "standard")), ["--what", "magic"], "--what 'magic'"),
    (lambda p: np.save(p, mjpy.random.deal(10, "standard")), ["--what", "dajiao"], "needs --rules sichuan"),
    (lambda p: np.save(p, mjpy.random.deal(10, "standard")), ["--rules", "mars"], "unknown rule set"),
    (lambda p: np.save(p, mjpy.random.deal(10, "standard")), ["--rules", "sichuan", "--dingque", "z"],
     "dingque must be a suit"),
    (lambda p: np.save(p, mjpy.random.deal(10, "standard")), ["--what", "shanten,waits", "--out", "x.npy"],
     "use .npz"),
])
def test_evaluate_errors(tmp_path, capsys, make, argv, msg):
    p = tmp_path / "in.npy"
    if make is not None:
        make(p)
    code, out, err = run(capsys, "evaluate", str(p), *argv)
    assert code == 2 and out == "", (out, err)
    assert err.startswith("mjpy: error: ") and msg in err, err


def test_evaluate_bad_row_is_named_with_its_file_index(tmp_path, capsys):
    h = mjpy.random.deal(5000, "standard", seed=2)
    h[4321, 0] = 5
    p = tmp_path / "h.npy"
    np.save(p, h)
    code, out, err = run(capsys, "evaluate", str(p), "--chunk-size", "1000", "--out", str(tmp_path / "o.npz"))
    assert code == 2 and "row 4321: 1m appears 5 times" in err
    assert not (tmp_path / "o.npz").exists() and not list(tmp_path.glob(".mjpy-*"))
