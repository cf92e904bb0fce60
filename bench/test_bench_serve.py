"""``mjpy serve`` on loopback: one request at a time, requests per second under load, and a million-row binary
batch against the same call in process.

    pytest bench/test_bench_serve.py --benchmark-enable --benchmark-columns=min,median,rounds -s

- latency: one worker, one kept-alive connection (``http.client``), 2,000 requests per round; ``extra_info``
  holds the median and p99 per request (client time included);
- load: ``wrk`` (Debian's package; the load generator on the same 2 cores as the server) for 10 s at 64
  connections against 2 workers: requests/s, p50 and p99 from wrk's latency distribution;
- batch: ``POST /batch/shanten`` with a 1,000,000 x 34 uint8 body (34 MB) and the int8 answer, against
  ``mjpy.batch.shanten`` on the same array in this process.

Smoke mode (without ``--benchmark-enable``) makes a few requests of each kind and checks the answers.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import pytest

pytest.importorskip("starlette", reason="mjpy serve needs the serve extra (pip install '.[serve]')")

import mjpy  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests"))
from serve_helpers import Server  # noqa: E402

JSON = {"Content-Type": "application/json"}
REQUESTS = {
    "score": ("/score", {"rules": "sichuan_fan", "hand": "11222244p557799m", "win_tile": "9m", "self_drawn": True}),
    "tenpai": ("/tenpai", {"rules": "sichuan_fan", "hand": "1122244p557799m", "dingque": "s"}),
    "score_guobiao": ("/score", {"rules": "guobiao", "hand": "123m456p789s11122z", "win_tile": "2z"}),
    "tenpai_jokers": ("/tenpai", {"rules": "tianjin", "hand": "123456789m11p4m2z", "indicator": "1z"}),
    "analyze": ("/analyze", {"hand": "123m456p789s11234z"}),
}


@pytest.fixture(scope="module")
def one_worker():
    with Server(1) as srv:
        yield srv


@pytest.mark.parametrize("name", list(REQUESTS))
def test_single_request_latency(benchmark, one_worker, name):
    path, body = REQUESTS[name]
    raw = json.dumps(body).encode()
    n = 2000 if not benchmark.disabled else 20
    times = []

    def run():
        for _ in range(n):
            t = time.perf_counter()
            status, _, data = one_worker.request("POST", path, raw, JSON)
            times.append(time.perf_counter() - t)
            assert status == 200, data

    benchmark.pedantic(run, rounds=3, iterations=1)
    t = np.array(times[n:] if len(times) > n else times)       # the first round warms up
    benchmark.extra_info.update(median_ms=round(float(np.median(t)) * 1e3, 3),
                                p99_ms=round(float(np.percentile(t, 99)) * 1e3, 3),
                                requests_per_s_one_connection=round(1 / float(np.median(t))))


def _wrk(url: str, body: dict, seconds: int, connections: int = 64) -> dict:
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                 f"wrk.body = {json.dumps(json.dumps(body))}\n")
    script.close()
    try:
        out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", script.name, url],
                             capture_output=True, text=True, timeout=seconds + 30).stdout
    finally:
        os.unlink(script.name)

    def ms(label):
        m = re.search(rf"^\s*{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        v = float(m.group(1))
        return {"us": v / 1e3, "ms": v, "s": v * 1e3}[m.group(2)]

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"requests_per_s": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
            "p50_ms": ms("50%"), "p99_ms": ms("99%"), "non_2xx": int(errors.group(1)) if errors else 0,
            "requests": int(re.search(r"(\d+) requests in", out).group(1))}


@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed (Debian: apt-get install wrk)")
@pytest.mark.parametrize("name", ["score", "tenpai"])
def test_throughput_two_workers(benchmark, name):
    path, body = REQUESTS[name]
    seconds = 10 if not benchmark.disabled else 1
    with Server(2) as srv:
        _wrk(srv.url + path, body, 1)                                  # warm both workers
        result = {}
        benchmark.pedantic(lambda: result.update(_wrk(srv.url + path, body, seconds)), rounds=1, iterations=1)
    assert result["non_2xx"] == 0 and result["requests"] > 0
    benchmark.extra_info.update(connections=64, workers=2, seconds=seconds, **result)


def test_batch_binary_million_rows(benchmark):
    rng = np.random.default_rng(5)
    n = 1_000_000 if not benchmark.disabled else 10_000
    wall = np.repeat(np.arange(34), 4)
    idx = np.argsort(rng.random((n, 136)), axis=1)[:, :13]
    hands = np.zeros((n, 34), np.uint8)
    np.add.at(hands, (np.repeat(np.arange(n), 13), wall[idx].ravel()), 1)
    raw = hands.tobytes()
    want = mjpy.batch.shanten(hands)
    local = min(_timed(lambda: mjpy.batch.shanten(hands)) for _ in range(5))
    with Server(1) as srv:
        conn = srv.connection()

        def call():
            status, _, data = srv.request("POST", "/batch/shanten", raw, {"Content-Type": "application/octet-stream"},
                                          conn=conn)
            assert status == 200
            return data

        assert np.array_equal(np.frombuffer(call(), np.int8), want)
        if benchmark.disabled:
            return
        benchmark.pedantic(call, rounds=5, iterations=1)
        served = min(benchmark.stats.stats.data)
        conn.close()
    benchmark.extra_info.update(rows=n, body_mb=round(len(raw) / 1e6, 1), in_process_ms=round(local * 1e3, 1),
                                served_ms=round(served * 1e3, 1), ratio=round(served / local, 2))


def _timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t
