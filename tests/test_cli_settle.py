"""``mjpy settle FILE --rules sichuan [--json]`` (main(argv) in-process)."""
from __future__ import annotations

import io
import json
import os

from mjpy.cli import settle
from conftest import run_cli as run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "sichuan_table.json")


def test_example_text(capsys):
    code, out, err = run(capsys, "settle", EXAMPLE, "--rules", "sichuan")
    assert code == 0 and err == ""
    assert "P2 West   +144" in out and "P3 North  -204" in out
    assert "查花猪" in out and "查大叫" in out and "退杠钱" in out and "暗杠" in out and "点炮" in out
    assert "花猪 P3" in out


def test_example_json(capsys):
    code, out, err = run(capsys, "settle", EXAMPLE, "--rules", "sichuan", "--json")
    assert code == 0 and err == ""
    r = json.loads(out)
    assert r["totals"] == [12, 48, 144, -204] and sum(r["totals"]) == 0
    assert r["base"] == 6 and r["names"] == ["East", "South", "West", "North"]
    assert {"payer", "payee", "amount", "reason", "label", "event", "detail"} <= set(r["ledger"][0])
    assert r["draw"]["huazhu"] == [3] and r["draw"]["tenpai"] == {"2": {"fan": 4, "multiplier": 8}}
    assert r["wins"][0]["fans"] == [["对对胡", 2]]
    assert r == settle(EXAMPLE)


def test_preset_and_stdin(capsys, monkeypatch):
    code, out, err = run(capsys, "settle", EXAMPLE, "--rules", "sichuan", "--json", "--preset", "sc_b")
    assert code == 0, err
    assert json.loads(out)["options"]["profile"] == "sichuan_points"
    with open(EXAMPLE, encoding="utf-8") as f:
        monkeypatch.setattr("sys.stdin", io.StringIO(f.read()))
    code, out, err = run(capsys, "settle", "-", "--rules", "sichuan", "--json")
    assert code == 0 and json.loads(out)["totals"] == [12, 48, 144, -204]


def test_errors(capsys, tmp_path):
    code, out, err = run(capsys, "settle", str(tmp_path / "missing.json"), "--rules", "sichuan")
    assert code == 2 and out == "" and err.startswith("mjpy: error: ") and "cannot read" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, out, err = run(capsys, "settle", str(bad), "--rules", "sichuan")
    assert code == 2 and "not valid JSON" in err and err.count("\n") == 1
    with open(EXAMPLE, encoding="utf-8") as f:
        t = json.load(f)
    t["players"][0]["hand"] = "111222444p777s69s"        # not a win on 9s
    bad.write_text(json.dumps(t), encoding="utf-8")
    code, out, err = run(capsys, "settle", str(bad), "--rules", "sichuan")
    assert code == 2 and "events[1]" in err and err.count("\n") == 1
    code, out, err = run(capsys, "settle", EXAMPLE)                  # --rules is required
    assert code == 2 and "--rules" in err
    code, out, err = run(capsys, "settle", EXAMPLE, "--rules", "sichuan", "--preset", "nope")
    assert code == 2 and "--preset" in err
