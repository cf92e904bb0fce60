"""Build the mjcore Cython extensions.

Compiler flags are portable (no -march=native): the wheel must run on any x86-64 / arm64 machine.
Set MJCORE_DEBUG=1 to build with bounds checks and assertions turned back on; MJCORE_CHECK_ROWS=1 (and
MJCORE_DEBUG=1) makes the kernel abort with a message when a count above 4 reaches its table lookups
(every caller must pass counts 0-4).
"""
import os
import sys

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MJCORE_DEBUG") == "1"
MACROS = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
if DEBUG or os.environ.get("MJCORE_CHECK_ROWS") == "1":
    MACROS.append(("MJ_CHECK_ROWS", "1"))

# Release builds carry no debug information: Python's own CFLAGS usually hold -g, and the seven
# modules weigh ~11 MB with it, ~2 MB without. -g0 comes after Python's flags and wins; on Linux
# the linker also drops the symbol table (-s; the PyInit_* entry points stay in the dynamic
# table). macOS keeps its default link: with -g0 no DWARF reaches the objects, and Apple's linker
# never copies it into the bundle.
extra_link = []
if sys.platform == "win32":
    extra_compile = ["/O2"]
elif DEBUG:
    extra_compile = ["-O0", "-g"]
else:
    extra_compile = ["-O3", "-fno-strict-aliasing", "-g0"]
    if sys.platform.startswith("linux"):
        extra_link = ["-s"]

directives = {
    "language_level": "3",
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

MODULES = ["_tables", "advise", "analysis", "batch", "decompose", "engine", "scoped", "simulate"]

extensions = [
    Extension(
        f"mjcore.{name}",
        [f"src/mjcore/{name}.pyx"],
        include_dirs=[np.get_include(), "src/mjcore"],
        define_macros=MACROS,
        extra_compile_args=extra_compile,
        extra_link_args=extra_link,
    )
    for name in MODULES
]
# rule-set helpers: fan evaluation without the GIL, reading the kernel's tables
RULE_MODULES = ["_guobiao"]
extensions += [
    Extension(
        f"mjpy.rules.{name}",
        [f"src/mjpy/rules/{name}.pyx"],
        include_dirs=[np.get_include(), "src/mjcore", "src"],
        define_macros=MACROS,
        extra_compile_args=extra_compile,
        extra_link_args=extra_link,
    )
    for name in RULE_MODULES
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=directives,
        include_path=["src"],
    ),
)
