"""README.md cannot rot: every ```python block runs as written, every ``$ mjpy ...`` example line runs
with exit status 0, and an output shown under a command line is what that command prints.

Each python block runs in its own namespace (a block is self-contained: it imports what it uses and
defines its variables), in the order of the README, from the repository root (the blocks name files
such as ``examples/sichuan_table.json``)."""
from __future__ import annotations

import contextlib
import io
import os
import re
import shlex

import pytest

from conftest import run_cli

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")


def _blocks():
    """(language, first line number, text) of every fenced block of README.md."""
    with open(README, encoding="utf-8") as f:
        lines = f.read().split("\n")
    out, lang, start, body = [], None, 0, []
    for no, line in enumerate(lines, 1):
        m = re.match(r"^```(\w*)\s*$", line)
        if m and lang is None:
            lang, start, body = m.group(1), no + 1, []
        elif line.strip() == "```" and lang is not None:
            out.append((lang, start, "\n".join(body)))
            lang = None
        elif lang is not None:
            body.append(line)
    assert lang is None, f"README.md: the block opened at line {start - 1} is never closed"
    return out


PYTHON = [(start, text) for lang, start, text in _blocks() if lang == "python"]


def _commands():
    """(line number, argv, shown output lines) of every ``$ mjpy ...`` line in a fenced block."""
    out = []
    for lang, start, text in _blocks():
        lines = text.split("\n")
        for k, line in enumerate(lines):
            if not line.startswith("$ mjpy "):
                continue
            cmd = line[len("$ mjpy "):]
            argv = shlex.split(cmd, comments=True)
            shown = []
            for nxt in lines[k + 1:]:
                if not nxt.strip() or nxt.startswith("$ "):
                    break
                shown.append(nxt)
            out.append((start + k, argv, shown))
    return out


COMMANDS = _commands()


def test_readme_has_the_blocks():
    # the extraction works: the sections' snippets and example commands are found
    assert len(PYTHON) >= 6
    assert any("sichuan.settle(table)" in text for _, text in PYTHON)
    assert any(argv[:1] == ["settle"] and "--preset" in argv for _, argv, _ in COMMANDS)


@pytest.mark.parametrize("start,text", PYTHON, ids=[f"line{start}" for start, _ in PYTHON])
def test_python_block_runs(start, text, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = compile(text, f"README.md:{start}", "exec")
    namespace = {"__name__": "__readme__"}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(code, namespace)


@pytest.mark.parametrize("line,argv,shown", COMMANDS, ids=[f"line{no}" for no, _, _ in COMMANDS])
def test_command_line_runs(line, argv, shown, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, f"README.md:{line}: mjpy {' '.join(argv)} -> {err}"
    assert err == ""
    if shown:          # the output printed under the command in the README
        assert out.rstrip("\n").split("\n") == shown, f"README.md:{line}"
