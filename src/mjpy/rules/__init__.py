"""Regional rule sets built on the mjcore kernel.

Each rule set is data plus small functions: a fan table (one row per fan: name, English alias, value,
predicate, what it excludes), a frozen picklable options object with presets per profile, and the
scoring / settlement functions.

>>> from mjpy.rules import sichuan
>>> sichuan.score("11222244p557799m", win_tile="9m", dingque="s").fans
[('龙七对', 5)]

Every rule set is also reached by name through one interface (:func:`get`, :func:`names`):

>>> from mjpy import rules
>>> rules.get("sichuan_fan").score("11222244p557799m", win_tile="9m", dingque="s").total
5
"""
import importlib

from . import registry
from .interface import Result, RuleSet
from .registry import get, info, names, options

__all__ = ["sichuan", "guobiao", "guangdong", "tianjin", "registry", "get", "info", "names", "options", "Result",
           "RuleSet"]

_MODULES = ("sichuan", "guobiao", "guobiao_ext", "guangdong", "tianjin", "sichuan_settle")


def __getattr__(name):
    """The rule-set modules load on first use (``mjpy.rules.sichuan``), so that the registry, read by
    ``deal`` and ``simulate`` at import, imports no rule set."""
    if name in _MODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
