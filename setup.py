"""Build the mjcore Cython extensions.

Compiler flags are portable (no -march=native): the wheel must run on any x86-64 / arm64 machine.
Set MJCORE_DEBUG=1 to build with bounds checks and assertions turned back on.
"""
import os
import sys

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("MJCORE_DEBUG") == "1"

if sys.platform == "win32":
    extra_compile = ["/O2"]
else:
    extra_compile = ["-O3", "-fno-strict-aliasing"] if not DEBUG else ["-O0", "-g"]

directives = {
    "language_level": "3",
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}

MODULES = ["_tables", "analysis", "batch", "decompose", "simulate"]

extensions = [
    Extension(
        f"mjcore.{name}",
        [f"src/mjcore/{name}.pyx"],
        include_dirs=[np.get_include(), "src/mjcore"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=extra_compile,
    )
    for name in MODULES
]
# rule-set helpers: fan evaluation without the GIL, reading the kernel's tables
RULE_MODULES = ["_sichuan", "_guobiao"]
extensions += [
    Extension(
        f"mjpy.rules.{name}",
        [f"src/mjpy/rules/{name}.pyx"],
        include_dirs=[np.get_include(), "src/mjcore", "src"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=extra_compile,
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
