"""Smoke test of an INSTALLED mjpy (a wheel in a fresh virtual environment), run as a script.

    python tests/smoke_wheel.py

It moves to an empty temporary directory first, so nothing is imported from a source tree, then
checks that mjpy and mjcore come from this interpreter's site-packages, that the wheel's data is
there (lookup tables, .pyi stubs, py.typed, LICENSE in the dist-info), calls the scalar, batch
and rule-set APIs and runs the `mjpy` command. Any failure raises; success prints one line.
Used by tools/build_wheel.sh, .ci/run and cibuildwheel's test-command. Not a pytest module
(pytest collects test_*.py only).
"""
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from importlib import metadata
from pathlib import Path

SOURCE_TREE = Path(__file__).resolve().parent.parent


def check(cond, what):
    if not cond:
        raise SystemExit(f"smoke_wheel: FAILED: {what}")


#: the compiled modules a wheel carries (setup.py MODULES and RULE_MODULES)
MJCORE_MODULES = ["_tables", "advise", "analysis", "batch", "decompose", "engine", "scoped", "simulate"]
RULE_MODULES = ["_guobiao"]


def main():
    if hasattr(sys.stdout, "reconfigure"):  # a console that cannot print the tile glyphs
        sys.stdout.reconfigure(errors="replace")
    # the script's own folder (tests/) is sys.path[0]; it holds no package, drop it all the same
    sys.path[:] = [p for p in sys.path if p and Path(p).resolve() != Path(__file__).resolve().parent]

    import numpy as np

    import mjcore
    import mjpy
    from mjpy import Meld
    from mjpy.rules import guobiao, sichuan

    site = {Path(sysconfig.get_paths()[k]).resolve() for k in ("purelib", "platlib")}
    for mod in (mjpy, mjcore):
        where = Path(mod.__file__).resolve()
        check(any(s in where.parents for s in site), f"{mod.__name__} imported from {where}, not from {site}")
        check(SOURCE_TREE not in where.parents, f"{mod.__name__} imported from the source tree ({where})")

    # package data
    pkg_mjcore = Path(mjcore.__file__).parent
    pkg_mjpy = Path(mjpy.__file__).parent
    check((pkg_mjcore / "_tables" / "tables.npz").is_file(), "mjcore/_tables/tables.npz missing")
    for stub in MJCORE_MODULES:
        check((pkg_mjcore / f"{stub}.pyi").is_file(), f"mjcore/{stub}.pyi missing")
    for stub in RULE_MODULES:
        check((pkg_mjpy / "rules" / f"{stub}.pyi").is_file(), f"mjpy/rules/{stub}.pyi missing")
    check((pkg_mjcore / "py.typed").is_file(), "mjcore/py.typed missing")
    check((pkg_mjpy / "serve" / "page.html").is_file(), "mjpy/serve/page.html (the web page of mjpy serve) missing")
    check((pkg_mjpy / "py.typed").is_file(), "mjpy/py.typed missing")
    dist = metadata.distribution("mjpy")
    names = [str(f) for f in (dist.files or [])]
    check(any(".dist-info/" in n and n.endswith("LICENSE") for n in names), f"no LICENSE in the dist-info: {names}")
    check(dist.metadata.get("License-Expression") == "MIT" or dist.metadata.get("License") == "MIT",
          "the metadata does not say MIT")
    check(mjpy.__version__ == dist.version, f"mjpy.__version__ {mjpy.__version__} != {dist.version}")
    check(not any(n.endswith((".c", ".pyx", ".cpp")) for n in names), "the wheel ships C or Cython sources")

    # compiled modules: present, and (Linux) without debug sections
    exts = sorted(p for p in list(pkg_mjcore.glob("*.so")) + list(pkg_mjcore.glob("*.pyd"))
                  + list((pkg_mjpy / "rules").glob("*.so")) + list((pkg_mjpy / "rules").glob("*.pyd")))
    want = sorted(MJCORE_MODULES + RULE_MODULES)
    check(sorted(p.name.split(".")[0] for p in exts) == want, f"expected the modules {want}, found {[p.name for p in exts]}")
    if sys.platform.startswith("linux"):
        for p in exts:
            check(b".debug_info" not in p.read_bytes(), f"{p.name} carries debug information")

    # scalar API
    check(mjpy.shanten("123m456p789s1122z") == 0, "shanten of a tenpai hand")
    check(mjpy.shanten("1111m234p567p789s") == 1, "shanten never counts a fifth copy")
    check([int(w) for w in mjpy.waits("2233445566778p")] == [10, 13, 16], "waits of 2233445566778p")
    check(mjpy.is_win("11123456789999m"), "is_win")

    # batch API, on two threads
    hands = np.stack([mjpy.parse("123m456p789s1122z"), mjpy.parse("2233445566778p")] * 500)
    sh = mjpy.batch.shanten(hands, workers=2)
    check(sh.dtype == np.int8 and sh.shape == (1000,) and not sh.any(), f"batch.shanten: {sh[:4]}")
    wm = mjpy.batch.waits(hands, workers=2)
    check(mjpy.batch.mask_to_tiles(int(wm[1])) == [10, 13, 16], "batch.waits")

    # rule sets
    r = sichuan.score("11222244p557799m", melds=[], win_tile="9m", self_drawn=True, dingque="s")
    check((r.base_fan, r.total_fan, r.multiplier) == (5, 5, 16), f"sichuan.score: {r}")
    g = guobiao.score("11199p222z", melds=[Meld("chi", "123m"), Meld("pon", "555s")], win_tile="2z",
                      self_drawn=True, seat_wind="S", round_wind="E", flowers=0)
    check(g.total == 6 and not g.is_valid_win, f"guobiao.score: {g}")

    # the console script
    exe = shutil.which("mjpy", path=sysconfig.get_path("scripts"))
    check(exe is not None, f"no mjpy command in {sysconfig.get_path('scripts')}")
    out = subprocess.run([exe, "analyze", "1112345678999m"], capture_output=True, text=True,
                         encoding="utf-8", env=dict(os.environ, PYTHONIOENCODING="utf-8"))
    check(out.returncode == 0, f"mjpy analyze exited {out.returncode}: {out.stderr}")
    check("tenpai" in out.stdout and "9 kinds" in out.stdout, f"mjpy analyze printed:\n{out.stdout}")
    print(out.stdout, end="")

    size = sum(p.stat().st_size for p in exts)
    # the compiled rule engine
    from mjpy import rules
    r = rules.get("tianjin").score("123456789m11p456m", win_tile="5m", self_drawn=True, indicator="1z")
    check(r.is_win and r.total == 4, f"tianjin score: {r}")
    # mjpy serve without its extra: the limits import, the app says what to install
    from mjpy.serve import Limits
    check(Limits().max_rows > 0, "mjpy.serve.Limits")
    try:
        import starlette  # noqa: F401
    except ImportError:
        try:
            from mjpy.serve import app  # noqa: F401
            check(False, "mjpy.serve.app imported without starlette")
        except ImportError as e:
            check("pip install" in str(e), f"mjpy.serve.app without the extra: {e}")

    print(f"smoke_wheel: OK: mjpy {dist.version} from {pkg_mjpy.parent}, {len(exts)} modules {size / 1e6:.2f} MB")


if __name__ == "__main__":
    start = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="mjpy-smoke-") as empty:
        os.chdir(empty)  # an empty working directory: nothing to import from
        try:
            main()
        finally:
            os.chdir(start)
