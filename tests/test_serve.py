"""``mjpy serve``: every endpoint against the library's own answer on seeded hands (a real server in a
subprocess), the error format and limits (in process), and concurrent requests against sequential ones."""
from __future__ import annotations

import glob
import json
import os
import re
import threading
import zlib

import numpy as np
import pytest

pytest.importorskip("starlette", reason="mjpy serve needs the serve extra (pip install '.[serve]')")

import mjpy  # noqa: E402
from mjpy import rules as R  # noqa: E402
from mjpy.rules import registry  # noqa: E402
from mjpy.serve import Limits, create_app  # noqa: E402
from mjpy.serve.schema import ENDPOINTS  # noqa: E402
from mjpy.tiles import TILE_NAMES  # noqa: E402

from serve_helpers import Server, asgi_call  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JSON = {"Content-Type": "application/json"}
BIN = {"Content-Type": "application/octet-stream"}


@pytest.fixture(scope="module")
def server():
    with Server(2, "--max-json-body", "65536", "--max-body", "1048576", "--max-rows", "5000") as srv:
        yield srv


def deal(rng, n: int, kinds: int = 34) -> np.ndarray:
    wall = np.repeat(np.arange(kinds), 4)
    return np.bincount(rng.permutation(wall)[:n], minlength=34).astype(np.uint8)


def complete_hand(rng, kinds: int = 34, suits=(0, 1, 2), sets: int = 4) -> np.ndarray:
    """``sets`` sets + a pair drawn at random (chows and pungs), at most 4 copies of a kind."""
    while True:
        c = np.zeros(34, np.int64)
        for _ in range(sets):
            if rng.random() < 0.6:
                s = suits[rng.integers(len(suits))]
                r = int(rng.integers(7))
                c[9 * s + r: 9 * s + r + 3] += 1
            else:
                c[int(rng.integers(kinds))] += 3
        c[int(rng.integers(kinds))] += 2
        if c.max() <= 4:
            return c.astype(np.uint8)


def names(tiles) -> list:
    return [TILE_NAMES[int(t)] for t in tiles]


# -- /analyze -------------------------------------------------------------------------------------------------

def test_analyze_matches_library(server):
    rng = np.random.default_rng(2026)
    for i in range(60):
        h = deal(rng, 13 + i % 2)
        text = mjpy.to_string(h)
        status, got = server.post("/analyze", {"hand": text})
        assert status == 200, got
        assert got["shanten"] == mjpy.shanten(h)
        assert got["is_win"] == (h.sum() == 14 and mjpy.is_win(h))
        if h.sum() == 13:
            waits = mjpy.waits(h) if mjpy.shanten(h) == 0 else []
            assert got["waits"] == names(waits)
            assert got["waits_left"] == {TILE_NAMES[int(w)]: 4 - int(h[int(w)]) for w in waits}
            useful = mjpy.useful_tiles(h)
            assert got["useful"] == names(u.tile for u in useful)
            assert got["useful_left"] == {TILE_NAMES[u.tile]: u.left for u in useful}
        elif not got["is_win"]:
            assert sorted((d["discard"] for d in got["discards"]), key=TILE_NAMES.index) == names(np.flatnonzero(h))
            for d in got["discards"]:
                after = h.copy()
                after[TILE_NAMES.index(d["discard"])] -= 1
                assert d["shanten"] == mjpy.shanten(after)
                useful = mjpy.useful_tiles(after)
                assert d["useful"] == names(u.tile for u in useful)
                assert d["left"] == sum(u.left for u in useful)
            order = [(d["shanten"], -d["left"]) for d in got["discards"]]
            assert order == sorted(order)
        # 34 counts give the same answer as the notation
        assert server.post("/analyze", {"hand": [int(x) for x in h]})[1] == got


def test_analyze_options_match_library(server):
    cases = [({"hand": "123m456p1122z", "melds": [["pon", "555s"]]}, dict(melds=1)),
             ({"hand": "1234567m123p5s", "jokers": 2}, dict(jokers=2)),
             ({"hand": "123456m234p55s55z", "joker_tiles": "5z"}, dict(joker_tiles=[31])),
             ({"hand": "1112223334445556m", "hand_size": 16}, dict(hand_size=16, forms="standard")),
             ({"hand": "11223344556677z", "forms": ["standard"]}, dict(forms=["standard"])),
             ({"hand": "119m19p19s1234567z", "forms": "all"}, dict(forms="all"))]
    for body, kw in cases:
        status, got = server.post("/analyze", body)
        assert status == 200, got
        if kw is None:
            continue
        h = mjpy.parse(body["hand"])
        assert got["shanten"] == mjpy.shanten(h, **kw)
    # jokers from a rule set's indicator: Tianjin 混, indicator 9s -> 1s and 9s are jokers
    status, got = server.post("/analyze", {"hand": "1234567m123p5s9s1s", "joker_rule": "tianjin", "indicator": "9s"})
    assert status == 200 and got["joker_tiles"] == ["1s", "9s"]
    assert got["shanten"] == mjpy.shanten(mjpy.parse("1234567m123p5s9s1s"), joker_tiles=[18, 26])
    status, got = server.post("/analyze", {"hand": "123m456p789s1122z", "indicator": "9s"})
    assert status == 400 and "need joker_rule" in got["error"]
    status, _ = server.post("/analyze", {"hand": "123m456p789s1122z", "joker_rule": "sichuan_fan", "indicator": "9s"})
    assert status == 400
    status, got = server.post("/analyze", {"hand": "[555s]123m456p789s1z", "visible": "1z1z"})
    assert got["waits"] == ["1z"] and got["waits_left"] == {"1z": 1}     # 4 - 1 held - 2 seen


# -- /score, /tenpai ------------------------------------------------------------------------------------------

def _library_result(r) -> dict:
    from mjpy.cli import _plain

    return {"is_win": r.is_win, "total": _plain(r.total), "fans": [[n, _plain(v)] for n, v in r.fans],
            "reason": r.reason, "reading": None if r.reading is None else str(r.reading)}


def _scoring_rule_sets():
    return [n for n in registry.names(scoring_only=True) if registry.info(n).game == "mahjong"]


@pytest.mark.parametrize("name", _scoring_rule_sets())
def test_score_and_tenpai_match_library(server, name):
    row = registry.info(name)
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    suits = (0, 1) if row.dingque else (0, 1, 2)
    extra = {"indicator": "5m"} if row.jokers else {}
    try:
        rs = R.get(name)
    except ValueError as e:          # a value the caller must give: the server refuses it the same way
        status, got = server.post("/score", {"rules": name, "hand": "123m456m789m123p55p"})
        assert status == 400 and got["error"] == str(e)
        return
    for i in range(8):
        h = complete_hand(rng, row.n_kinds if row.n_kinds in (27, 34) else 34, suits, (row.hand_size - 1) // 3)
        win = int(rng.choice(np.flatnonzero(h)))
        drawn = bool(i % 2)
        body = {"rules": name, "hand": mjpy.to_string(h), "win_tile": TILE_NAMES[win], "self_drawn": drawn,
                **extra}
        status, got = server.post("/score", body)
        try:
            want = _library_result(rs.score(h, win_tile=win, self_drawn=drawn, **extra))
        except (ValueError, TypeError) as e:
            assert status in (400, 422) and got["error"] == " ".join(str(e).split()), (body, got)
            continue
        assert status == 200, (body, got)
        assert {k: got[k] for k in want} == want, body
        assert got["unit"] == rs.unit and got["rules"] == rs.name
        # the same hand less its winning tile: each wait with its result (查大叫)
        h13 = h.copy()
        h13[win] -= 1
        status, got = server.post("/tenpai", {"rules": name, "hand": mjpy.to_string(h13), "self_drawn": drawn,
                                              **extra})
        try:
            ws = rs.waits(h13, self_drawn=drawn, **extra)
        except (ValueError, TypeError) as e:
            assert status in (400, 422) and got["error"] == " ".join(str(e).split())
            continue
        assert status == 200, got
        order = sorted(ws, key=TILE_NAMES.index)
        assert got["waits"] == order
        assert [{k: w[k] for k in ("is_win", "total", "fans", "reason", "reading")} for w in got["results"]] == [
            _library_result(ws[t]) for t in order]
        assert got["tenpai"] == bool(ws)


def test_score_flags_and_melds(server):
    rs = R.get("sichuan_fan")
    status, got = server.post("/tenpai", {"rules": "sichuan_fan", "hand": "1122244p557799m", "dingque": "s"})
    want = rs.waits("1122244p557799m", dingque="s")
    assert status == 200 and got["waits"] == sorted(want, key=TILE_NAMES.index)
    assert got["best"]["total"] == max(r.total for r in want.values())
    body = {"rules": "guangdong_tuidao", "options": {"gui": "fan"}, "hand": "234567m234p11s",
            "melds": [["pon", "777z"]], "win_tile": "6m", "self_drawn": True, "indicator": "5m"}
    status, got = server.post("/score", body)
    r = R.get("guangdong_tuidao", gui="fan").score("234567m234p11s", melds=[mjpy.Meld("pon", "777z")],
                                                   win_tile="6m", self_drawn=True, indicator="5m")
    assert status == 200 and got["total"] == r.total and got["is_win"] == r.is_win
    assert server.post("/score", dict(body, melds="[777z]"))[1]["total"] == r.total
    status, got = server.post("/score", {"rules": "guobiao", "hand": "123m456p789s11122z", "win_tile": "2z",
                                         "fourth_tile": True})
    r = R.get("guobiao").score("123m456p789s11122z", win_tile="2z", fourth_tile=True)
    assert status == 200 and got["fans"] == [list(f) for f in r.fans]


# -- /settle, /advise, /rules, /openapi.json, / ---------------------------------------------------------------

def _settle_args(path: str):
    stem = os.path.splitext(os.path.basename(path))[0]
    if stem.startswith("chengdu"):
        return "sichuan", stem
    if stem in ("ganghua_zhigang", "sichuan_table"):
        return "sichuan", ("qq" if stem == "ganghua_zhigang" else None)
    return stem, None


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(ROOT, "examples", "settle", "*.json")))
                         + [os.path.join(ROOT, "examples", "sichuan_table.json")], ids=os.path.basename)
def test_settle_matches_library(server, path):
    from mjpy.cli import settle

    rules, preset = _settle_args(path)
    want = settle(path, rules=rules, preset=preset)
    with open(path, encoding="utf-8") as f:
        table = json.load(f)
    status, got = server.post("/settle", {"rules": rules, "table": table, "preset": preset})
    assert status == 200, got
    assert got == json.loads(json.dumps(want))
    assert got["totals"]


def test_advise_matches_library(server):
    status, got = server.post("/advise", {"hand": "11234577m345789p", "rules": "sichuan_fan", "turns": 9,
                                          "options": {"dingque": "s"}})
    want = mjpy.advise("11234577m345789p", "sichuan_fan", turns=9, dingque="s").to_dict()
    assert status == 200
    nan_as_null = json.loads(json.dumps(want["rows"]).replace("NaN", "null"))   # unsolved rows (shanten up)
    assert got["rows"] == nan_as_null and any(r["value"] is None for r in got["rows"])


def test_rules_lists_every_rule_set(server):
    status, _, data = server.get("/rules")
    got = json.loads(data)["rules"]
    assert status == 200 and [r["name"] for r in got] == registry.names()
    for r in got:
        assert r["tiles"] == registry.info(r["name"]).tiles
        if r["scores"]:
            assert set(r["options"]) == set(registry.options(r["name"]))


def test_openapi_describes_every_endpoint_and_field(server):
    status, _, data = server.get("/openapi.json")
    spec = json.loads(data)
    assert status == 200 and spec["openapi"].startswith("3.")
    for path, (_, fields) in ENDPOINTS.items():
        schema = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert set(schema["properties"]) == {f.name for f in fields}
        assert set(schema["required"]) == {f.name for f in fields if f.required}
    assert {"/rules", "/health"} <= set(spec["paths"])


def test_page_is_self_contained(server):
    status, headers, data = server.get("/")
    page = data.decode()
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)   # nothing from another host
    assert not re.search(r"@import|url\(", page)
    for element in ('id="hand"', 'id="rules"', 'id="shanten"', 'id="waits"', 'id="discards"', 'id="share"'):
        assert element in page


# -- /batch ---------------------------------------------------------------------------------------------------

def test_batch_json_and_binary_match_library(server):
    rng = np.random.default_rng(7)
    h13 = np.stack([deal(rng, 13) for _ in range(300)])
    h14 = np.stack([complete_hand(rng) if i % 3 == 0 else deal(rng, 14) for i in range(300)])
    for what, hands, want in (("shanten", h13, mjpy.batch.shanten(h13)),
                              ("is_win", h14, mjpy.batch.is_win(h14)),
                              ("waits", h13, mjpy.batch.waits(h13))):
        status, got = server.post(f"/batch/{what}", {"hands": [mjpy.to_string(h) for h in hands]})
        assert status == 200, got
        if what == "waits":
            assert got["waits"] == [[TILE_NAMES[t] for t in ts] for ts in mjpy.batch.mask_to_tiles(want)]
        else:
            assert got[what] == want.tolist()
        assert server.post(f"/batch/{what}", {"hands": hands.tolist()})[1] == got
        status, headers, data = server.request("POST", f"/batch/{what}", hands.tobytes(), BIN)
        assert status == 200 and headers["x-mjpy-rows"] == str(len(hands))
        dtype = {"shanten": "<i1", "is_win": "u1", "waits": "<u8"}[what]
        assert headers["x-mjpy-dtype"] == np.dtype(dtype).name
        assert np.array_equal(np.frombuffer(data, dtype), want.astype(dtype))
    # options: as JSON fields, or in the query string of a binary body
    rows = np.stack([mjpy.parse("123m456p789s1122z"), mjpy.parse("1234567m123p5s")])
    want = mjpy.batch.shanten(rows, jokers=np.array([0, 2]))
    assert server.post("/batch/shanten", {"hands": rows.tolist(), "jokers": [0, 2]})[1]["shanten"] == want.tolist()
    status, _, data = server.request("POST", "/batch/shanten?forms=standard&melds=1", rows[:1, :].tobytes()[:34],
                                     BIN)
    assert status == 400 and b"hands[0]" in data       # 14 tiles + a meld: the library's row error
    status, _, data = server.request("POST", "/batch/shanten?forms=standard&hand_size=13", h13.tobytes(), BIN)
    assert np.frombuffer(data, np.int8).tolist() == mjpy.batch.shanten(h13, forms="standard").tolist()


# -- errors and limits (in process) ---------------------------------------------------------------------------

APP = None


def app():
    global APP
    if APP is None:
        APP = create_app(Limits(max_body=34 * 100, max_json_body=4096, max_rows=50, timeout=5.0))
    return APP


def call(path, body, method="POST", headers=JSON, query=""):
    raw = body if isinstance(body, bytes) else json.dumps(body).encode()
    status, hdrs, data = asgi_call(app(), method, path, raw, headers, query)
    return status, json.loads(data)


ERRORS = [
    ("/analyze", b"", 400, "the body is empty"),
    ("/analyze", b"{", 400, "the body is not valid JSON"),
    ("/analyze", b"\xff\xfe", 400, "not UTF-8"),
    ("/analyze", [], 422, "the body must be a JSON object, got array"),
    ("/analyze", {}, 422, "field 'hand' is required"),
    ("/analyze", {"hand": 12}, 422, "field 'hand' must be a tile string"),
    ("/analyze", {"hand": "123m", "jokers": "2"}, 422, "field 'jokers' must be an integer, got string"),
    ("/analyze", {"hand": "123m", "colour": 1}, 422, "unknown field 'colour'"),
    ("/analyze", {"hand": "123x"}, 400, "unknown character 'x' at position 3"),
    ("/analyze", {"hand": "11111m2345678p"}, 400, "1m appears 5 times"),
    ("/analyze", {"hand": [5] + [0] * 33}, 400, "hand[0] (1m) = 5: a count is 0-4"),
    ("/analyze", {"hand": "123m456p"}, 400, "hand has 6 tiles"),
    ("/analyze", {"hand": "123m", "melds": [["pon", "12m"]]}, 400, "pon needs 3 tiles"),
    ("/score", {"rules": "nope", "hand": "123m"}, 400, "unknown rule set 'nope'"),
    ("/score", {"rules": "sichuan_fan", "hand": "11222244p557799m", "colour": 1}, 422, "unknown field 'colour'"),
    ("/score", {"rules": "sichuan_fan", "hand": "1122244p557799m"}, 400, "/score needs a complete hand"),
    ("/score", {"rules": "sichuan_fan", "hand": "11222244p557799m", "options": {"bogus": 1}}, 400,
     "unknown option 'bogus'"),
    ("/tenpai", {"rules": "sichuan_fan", "hand": "11222244p557799m"}, 400, "/tenpai needs a waiting hand"),
    ("/settle", {"rules": "sichuan", "table": "examples/sichuan_table.json"}, 422, "field 'table' must be an object"),
    ("/settle", {"rules": "tianjin", "table": {}}, 400, ""),
    ("/advise", {"hand": "123m456p789s11234z", "objective": "fast"}, 422, "must be one of win, tenpai, expected"),
    ("/batch/shanten", {"hands": "123m"}, 422, "field 'hands' must be a list of hands"),
    ("/batch/shanten", {"hands": ["123m456p789s1122z"] * 51}, 400, "51 rows is over the limit of 50"),
    ("/batch/shanten", {"hands": ["123m456p789s1122z", "1234"]}, 400, "hands[1]"),
    ("/batch/is_win", {"hands": [[0] * 33 + [9]]}, 400, "hands[0][33] (7z) = 9"),
]


@pytest.mark.parametrize("path,body,status,message", ERRORS)
def test_refusals_name_the_problem(path, body, status, message):
    got_status, got = call(path, body)
    assert got_status == status, got
    assert set(got) == {"error"} and message in got["error"] and "\n" not in got["error"]


def test_limits():
    assert call("/analyze", {"hand": "1m" * 3000})[0] == 413                     # over max_json_body
    assert call("/batch/shanten", bytes(34 * 101), headers=BIN)[0] == 413       # over max_body
    status, got = call("/batch/shanten", bytes(35), headers=BIN)
    assert status == 400 and "not a multiple of 34" in got["error"]
    status, got = call("/batch/shanten", bytes(34), headers=BIN, query="colour=1")
    assert status == 422 and "unknown query parameter 'colour'" in got["error"]
    assert call("/nowhere", {})[0] == 404 and call("/analyze", b"", method="GET")[0] == 405
    slow = create_app(Limits(timeout=0.001))
    status, _, data = asgi_call(slow, "POST", "/advise", json.dumps(
        {"hand": "1479m258p369s1357z", "turns": 17, "rules": "standard"}).encode(), JSON)
    assert status == 503 and b"longer than the limit" in data


def test_binary_batch_streamed_in_blocks():
    """A body of many blocks, arriving in 64 KiB pieces: the answer of one library call, and a bad row named
    by its index in the whole body."""
    rng = np.random.default_rng(3)
    hands = np.stack([deal(rng, 13) for _ in range(2000)])
    hands = np.tile(hands, (50, 1))                      # 100,000 rows: three blocks and a rest
    big = create_app(Limits())
    for what in ("shanten", "waits"):
        status, headers, data = asgi_call(big, "POST", f"/batch/{what}", hands.tobytes(), BIN, chunk=65536)
        want = getattr(mjpy.batch, what)(hands)
        assert status == 200 and np.array_equal(np.frombuffer(data, want.dtype.newbyteorder("<")), want)
    bad = hands.copy()
    bad[70001, 5] = 7
    status, _, data = asgi_call(big, "POST", "/batch/shanten", bad.tobytes(), BIN, chunk=65536)
    assert status == 400 and json.loads(data)["error"].startswith("hands[70001]: 6m appears 7 times")
    bad = hands[:40000].copy()
    bad[100] = 0
    status, _, data = asgi_call(big, "POST", "/batch/shanten", bad.tobytes(), BIN, chunk=65536)
    assert status == 400 and json.loads(data)["error"].startswith("hands[100] has 0 tiles")
    # one count of melds per row: the whole body in one call
    melds = np.zeros(len(hands), np.int64)
    status, _, data = asgi_call(big, "POST", "/batch/shanten", hands.tobytes(), BIN,
                                query="melds=" + json.dumps(melds.tolist()), chunk=65536)
    assert status == 200 and np.array_equal(np.frombuffer(data, np.int8), mjpy.batch.shanten(hands))


def test_limits_from_environment(monkeypatch):
    monkeypatch.setenv("MJPY_SERVE_MAX_ROWS", "7")
    monkeypatch.setenv("MJPY_SERVE_TIMEOUT", "2.5")
    assert Limits.from_env() == Limits(max_rows=7, timeout=2.5)
    monkeypatch.setenv("MJPY_SERVE_MAX_BODY", "lots")
    with pytest.raises(ValueError, match="MJPY_SERVE_MAX_BODY='lots': must be a number"):
        Limits.from_env()


# -- concurrency ----------------------------------------------------------------------------------------------

def test_concurrent_requests_answer_as_sequential(server):
    rng = np.random.default_rng(99)
    reqs = []
    for i in range(120):
        h = deal(rng, 13 + i % 2)
        kind = i % 4
        if kind == 0:
            reqs.append(("/analyze", {"hand": mjpy.to_string(h)}))
        elif kind == 1:
            c = complete_hand(rng, 27, (0, 1))
            reqs.append(("/score", {"rules": "sichuan_fan", "hand": mjpy.to_string(c),
                                    "win_tile": TILE_NAMES[int(np.flatnonzero(c)[0])]}))
        elif kind == 2:
            reqs.append(("/batch/shanten", {"hands": [mjpy.to_string(deal(rng, 13)) for _ in range(50)]}))
        else:
            reqs.append(("/analyze", {"hand": mjpy.to_string(h)[:-1] + "x"}))       # an error
    sequential = [server.post(p, b) for p, b in reqs]
    results = [None] * len(reqs)

    def worker(k):
        conn = server.connection()
        for i in range(k, len(reqs), 8):
            results[i] = server.post(*reqs[i], conn=conn)
        conn.close()

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == sequential
    assert server.get("/health")[0] == 200


@pytest.mark.parametrize("module", ["mjpy.serve.schema", "mjpy.serve.handlers", "mjpy.serve.service"])
def test_docstring_examples(module):
    import doctest
    import importlib

    failed, tried = doctest.testmod(importlib.import_module(module))
    assert tried and not failed


@pytest.mark.parametrize("args,message", [
    (["--port", "0"], "--port 0: must be 1-65535"), (["--workers", "0"], "--workers 0: must be positive"),
    (["--timeout", "-1"], "--timeout -1.0: must be positive"), (["--batch-workers", "0"], "must be positive"),
    (["--port", "x"], "invalid int value: 'x'")])
def test_cli_refuses_bad_settings(capsys, args, message):
    from mjpy.cli import main

    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjpy: error:") and message in err


def test_client_disconnect_mid_body_is_not_a_server_error():
    messages = [{"type": "http.request", "body": bytes(34), "more_body": True}, {"type": "http.disconnect"}]
    sent = {}

    async def receive():
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message):
        if message["type"] == "http.response.start":
            sent["status"] = message["status"]

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
             "path": "/batch/shanten", "raw_path": b"/batch/shanten", "query_string": b"", "root_path": "",
             "headers": [(b"content-type", b"application/octet-stream"), (b"content-length", b"340")],
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    import anyio

    anyio.run(app(), scope, receive, send)
    assert sent["status"] == 400
