"""No import cycle between the modules of mjpy and mjcore.

The graph is built from the sources: each module's top-level ``import`` / ``from ... import``
statements (also those under a module-level ``if`` / ``try``), read with :mod:`ast`. A ``.pyx`` file
is not Python, so its column-0 ``import`` / ``cimport`` statements are read instead. Imports inside
functions are not edges: they run after every module has loaded.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGES = ("mjpy", "mjcore")


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _pyx_top_level(text: str) -> ast.Module:
    """The column-0 import statements of a Cython file as a Python module (``cimport`` read as ``import``)."""
    stmts, current = [], None
    for line in text.splitlines():
        line = line.split("#")[0]
        if current is None and re.match(r"(from\s+[\w.]+\s+c?import\b|c?import\s)", line):
            current = [line]
        elif current is not None:
            current.append(line)
        else:
            continue
        stmt = " ".join(current)
        if stmt.count("(") == stmt.count(")"):
            stmt = re.sub(r"\bcimport\b", "import", stmt)
            stmts.append(stmt)
            current = None
    return ast.parse("\n".join(stmts))


def _top_level_imports(body):
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            yield from _top_level_imports(node.body)
            yield from _top_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            yield from _top_level_imports(node.body)
            for handler in node.handlers:
                yield from _top_level_imports(handler.body)
            yield from _top_level_imports(node.orelse)
            yield from _top_level_imports(node.finalbody)


def import_graph(root: Path, packages=PACKAGES) -> dict:
    """``{module: set of modules it imports at load time}`` for the modules of ``packages`` under ``root``."""
    files = {}
    for pkg in packages:
        for path in sorted((root / pkg).rglob("*")):
            if path.suffix in (".py", ".pyx"):
                files[_module_name(path, root)] = path
    graph = {}
    for name, path in files.items():
        text = path.read_text(encoding="utf-8")
        tree = _pyx_top_level(text) if path.suffix == ".pyx" else ast.parse(text, str(path))
        here = name if path.stem == "__init__" else name.rpartition(".")[0]
        edges = set()
        for node in _top_level_imports(tree.body):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    pkg = here.split(".")
                    pkg = pkg[: len(pkg) - (node.level - 1)]
                    base = ".".join(pkg + ([node.module] if node.module else []))
                # ``from p import m`` imports the module p.m when there is one, else names of p
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base for a in node.names]
            edges.update(t for t in targets if t in files and t != name)
        graph[name] = edges
    return graph


def find_cycle(graph: dict):
    """One import cycle as a list of modules (the first repeated at the end), or None."""
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_graph_reads_the_sources():
    g = import_graph(SRC)
    # spot checks that the reader sees .py and .pyx imports, relative and absolute
    assert "mjpy.meld" in g["mjpy.notation"]
    assert "mjpy.console" in g["mjpy.cli_mass"]
    assert "mjcore.analysis" in g["mjcore.decompose"]          # a .pyx cimport
    assert "mjcore.options" in g["mjcore.analysis"]           # ``from mjcore import options``
    assert "mjpy.rules.sichuan" in g["mjpy.rules.sichuan_settle"]


def test_no_import_cycle():
    cycle = find_cycle(import_graph(SRC))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


@pytest.mark.parametrize("cyclic", [True, False])
def test_a_cycle_is_found(tmp_path, cyclic):
    pkg = tmp_path / "mjpy"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .a import f\n")
    (pkg / "a.py").write_text("import os\nfrom mjpy.sub import b\n\ndef f():\n    from . import c\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("try:\n    from ..c import x\nexcept ImportError:\n    pass\n")
    back = "from .a import f\n" if cyclic else "def g():\n    from .a import f\n"
    (pkg / "c.py").write_text("x = 1\n" + back)
    g = import_graph(tmp_path, ("mjpy",))
    assert g["mjpy"] == {"mjpy.a"} and g["mjpy.a"] == {"mjpy.sub.b"} and g["mjpy.sub.b"] == {"mjpy.c"}
    cycle = find_cycle(g)
    if cyclic:
        assert cycle == ["mjpy.a", "mjpy.sub.b", "mjpy.c", "mjpy.a"]
    else:
        assert cycle is None


def test_a_pyx_cycle_is_found(tmp_path):
    pkg = tmp_path / "mjcore"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "x.pyx").write_text("from libc.stdint cimport uint8_t\nfrom mjcore.y cimport (\n    f,  # one\n    g,\n)\n")
    (pkg / "y.pyx").write_text("cimport numpy as cnp\n\ndef h():\n    pass\nfrom mjcore import x\n")
    assert find_cycle(import_graph(tmp_path, ("mjcore",))) == ["mjcore.x", "mjcore.y", "mjcore.x"]
