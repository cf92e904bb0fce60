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
from . import guobiao, registry, sichuan
from .interface import Result, RuleSet
from .registry import get, info, names

__all__ = ["sichuan", "guobiao", "registry", "get", "info", "names", "Result", "RuleSet"]
