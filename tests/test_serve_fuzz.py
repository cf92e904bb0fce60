"""``mjpy serve`` under malformed requests: 2,200 of them (seeded), each answered with a 4xx and a one-line
``{"error": ...}``, never a 500, a stack trace or a hung worker; the server still answers ``/health`` after."""
from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette", reason="mjpy serve needs the serve extra (pip install '.[serve]')")

from serve_helpers import Server  # noqa: E402

LIMIT = 65536
JSON = {"Content-Type": "application/json"}
BIN = {"Content-Type": "application/octet-stream"}

GOOD = {
    "/analyze": {"hand": "123m456p789s1122z", "melds": None, "jokers": 0, "visible": "", "forms": "standard",
                 "include_exhausted": False, "quads_as_two_pairs": True, "hand_size": 13, "joker_tiles": None,
                 "allow_fifth_copy": True},
    "/score": {"rules": "sichuan_fan", "hand": "11222244p557799m", "win_tile": "9m", "self_drawn": True,
               "options": {}, "melds": [], "seat_wind": "E", "round_wind": "E", "dealer": False, "after_kong": False},
    "/tenpai": {"rules": "sichuan_fan", "hand": "1122244p557799m", "self_drawn": False, "dingque": "s"},
    "/settle": {"rules": "tianjin", "table": {"players": 4, "events": []}, "preset": None, "options": {}},
    "/advise": {"hand": "123m456p789s11234z", "rules": "standard", "turns": 5, "objective": "win"},
    "/batch/shanten": {"hands": ["123m456p789s1122z"], "melds": 0, "jokers": 0, "forms": "standard"},
    "/batch/is_win": {"hands": ["123m456p789s11222z"], "hand_size": 13},
    "/batch/waits": {"hands": ["2233445566778p"], "include_exhausted": False},
}
#: the type each field must have (the test's own list: a value of another type is the wrong shape, 422)
TYPES = {"hand": (str, list), "melds": (list, str, int), "jokers": (int, list), "visible": (str,),
         "forms": (str, list), "include_exhausted": (bool,), "quads_as_two_pairs": (bool,), "hand_size": (int,),
         "joker_tiles": (str, list), "allow_fifth_copy": (bool,), "rules": (str,), "win_tile": (str,),
         "self_drawn": (bool,), "options": (dict,), "seat_wind": (str,), "round_wind": (str,), "dealer": (bool,),
         "after_kong": (bool,), "table": (dict,), "preset": (str,), "turns": (int,), "objective": (str,),
         "hands": (list,)}
WRONG = [1, 2.5, "x", True, {"a": 1}, [{"b": 2}], [[[1]]], -3, 10 ** 30]


def _wrong_values(field):
    out = []
    for v in WRONG:
        kinds = TYPES[field]
        ok = isinstance(v, kinds) and not (isinstance(v, bool) and bool not in kinds)
        if isinstance(v, list) and list in kinds:
            ok = False if field in ("melds", "hands", "forms", "joker_tiles", "jokers") else ok
        if not ok:
            out.append(v)
    return out


def malformed(rng: random.Random):
    """(method, path, body bytes, headers, the status expected or None for any 4xx) of every kind."""
    cases = []
    paths = list(GOOD)
    # bad JSON: random bytes, truncations of good bodies, trailing garbage, nesting past the parser
    for _ in range(300):
        p = rng.choice(paths)
        good = json.dumps(GOOD[p])
        kind = rng.randrange(4)
        if kind == 0:
            body = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
        elif kind == 1:
            body = good[: rng.randrange(1, len(good) - 1)].encode()
        elif kind == 2:
            body = (good + rng.choice(["}", "]", "x", ",", "{}"])).encode()
        else:
            body = ("[" * rng.randrange(2000, 20000)).encode()
        if body.strip() and _parses(body):
            continue
        cases.append(("POST", p, body, JSON, 400))
    # valid JSON that is not an object
    for _ in range(100):
        body = json.dumps(rng.choice([1, -2.5, "hand", [], [1, 2], None, True, False]))
        cases.append(("POST", rng.choice(paths), body.encode(), JSON, 422))
    # empty bodies
    for p in paths:
        for _ in range(5):
            cases.append(("POST", p, b"", JSON, 400))
    # every field of every endpoint with a value of the wrong type; missing required fields; unknown fields
    for p, good in GOOD.items():
        for field in good:
            if field not in TYPES:
                continue
            for v in _wrong_values(field):
                cases.append(("POST", p, json.dumps(dict(good, **{field: v})).encode(), JSON, 422))
        for field in ("hand", "rules", "hands", "table"):
            if field in good and not (p == "/advise" and field == "rules"):
                body = {k: v for k, v in good.items() if k != field}
                cases.append(("POST", p, json.dumps(body).encode(), JSON, 422))
        for _ in range(15):
            name = "".join(rng.choice("abcdefgh_") for _ in range(rng.randrange(1, 12)))
            if name not in TYPES and name != "dingque":
                cases.append(("POST", p, json.dumps(dict(good, **{name: 1})).encode(), JSON, 422))
    # unknown rule sets
    for _ in range(150):
        name = "".join(rng.choice("abcdefghijklmnop_") for _ in range(rng.randrange(1, 16)))
        p = rng.choice(["/score", "/tenpai", "/settle", "/advise"])
        cases.append(("POST", p, json.dumps(dict(GOOD[p], rules=name + "_x")).encode(), JSON, 400))
    # fifth copies, unknown tiles, wrong sizes, bad melds, out-of-range counts
    tiles = [f"{r}{s}" for s in "mps" for r in range(1, 10)] + [f"{r}z" for r in range(1, 8)]
    for _ in range(700):
        p = rng.choice(["/analyze", "/score", "/tenpai", "/advise"])
        kind = rng.randrange(6)
        t = rng.choice(tiles)
        if kind == 0:
            hand = t * 5 + "123p456s"
        elif kind == 1:
            hand = "123m456p789s11" + rng.choice("xqQ!?#") + "z"
        elif kind == 2:
            # /analyze reads a short hand as one with declared melds: 3k tiles never fit
            sizes = (3, 6, 9, 12, 15) if p == "/analyze" else (1, 2, 3, 5, 6, 9, 12)
            hand = "".join(rng.choice(tiles) for _ in range(rng.choice(sizes)))
        elif kind == 3:
            hand = [0] * 34
            hand[rng.randrange(34)] = rng.choice([5, 6, 255, -1, 1000])
        elif kind == 4:
            hand = "11222244p557799m"
            body = dict(GOOD[p], hand=hand, melds=[[rng.choice(["pon", "chi", "kan", "zzz"]), t * 2]])
            cases.append(("POST", p, json.dumps(body).encode(), JSON, 400))
            continue
        else:
            hand = t * 4 + "123p456s789m"
            body = dict(GOOD[p], hand=hand, melds=[["pon", t * 3]])
            cases.append(("POST", p, json.dumps(body).encode(), JSON, 400))
            continue
        cases.append(("POST", p, json.dumps(dict(GOOD[p], hand=hand)).encode(), JSON, 400))
    for _ in range(150):
        p = rng.choice(["/batch/shanten", "/batch/is_win", "/batch/waits"])
        rows = [rng.choice(["123m456p789s1122z", "5555m", "123x", "", "1m" * 14]) for _ in range(rng.randrange(1, 6))]
        if all(r == "123m456p789s1122z" for r in rows):
            rows.append("11111m")
        cases.append(("POST", p, json.dumps({"hands": rows}).encode(), JSON, 400))
    # bodies over the limit
    for _ in range(20):
        p = rng.choice(paths[:5])
        body = json.dumps(dict(GOOD[p], hand="1m" * (LIMIT // 2 + rng.randrange(1000)))).encode()
        cases.append(("POST", p, body, JSON, 413))
    # binary batch bodies: lengths, counts, query parameters
    for _ in range(200):
        p = rng.choice(["/batch/shanten", "/batch/is_win", "/batch/waits"])
        kind = rng.randrange(4)
        if kind == 0:
            n = rng.randrange(1, 400)
            if n % 34 == 0:
                n += 1
            cases.append(("POST", p, bytes(rng.randrange(5) for _ in range(n)), BIN, 400))
        elif kind == 1:
            row = bytearray(34)
            row[rng.randrange(34)] = rng.choice([5, 9, 200, 255])
            cases.append(("POST", p, bytes(row), BIN, 400))
        elif kind == 2:
            cases.append(("POST", p + rng.choice(["?jokers=x", "?melds=[[", "?hand_size=true", "?bogus=1",
                                                  "?hands=1", "?forms=nonsense"]), bytes(34), BIN, None))
        else:                                   # rows of a size no hand has
            row = bytearray(34)
            for _ in range(rng.choice([1, 5, 10, 12, 15, 16])):
                row[rng.choice([t for t in range(34) if row[t] < 4])] += 1
            cases.append(("POST", p, bytes(row), BIN, 400))
    # wrong methods and paths
    for _ in range(60):
        p = rng.choice(paths)
        cases.append((rng.choice(["GET", "PUT", "DELETE", "PATCH"]), p, b"", {}, 405))
        cases.append(("POST", "/" + "".join(rng.choice("abcxyz/") for _ in range(rng.randrange(1, 20))), b"{}",
                      JSON, 404))
    return cases


def _parses(body: bytes) -> bool:
    try:
        json.loads(body.decode("utf-8"))
        return True
    except (ValueError, RecursionError):
        return False


def test_malformed_requests_get_4xx_and_the_server_lives():
    rng = random.Random(2026)
    cases = malformed(rng)
    assert len(cases) >= 2000
    seen = set()
    with Server(1, "--max-json-body", str(LIMIT), "--max-body", str(34 * 1000), "--max-rows", "1000",
                "--timeout", "10") as srv:
        for method, path, body, headers, want in cases:
            status, hdrs, data = srv.request(method, path, body, headers)
            what = f"{method} {path} {body[:120]!r} -> {status} {data[:300]!r}"
            assert 400 <= status < 500, what
            if want is not None:
                assert status == want, what
            err = json.loads(data)["error"]
            assert isinstance(err, str) and err and "\n" not in err and "Traceback" not in err, what
            seen.add(status)
        assert srv.get("/health")[0] == 200 and srv.alive()
        # and it still answers correctly
        status, _, data = srv.request("POST", "/analyze", b'{"hand": "2233445566778p"}', JSON)
        assert status == 200 and json.loads(data)["waits"] == ["2p", "5p", "8p"]
    assert seen >= {400, 404, 405, 413, 422}
